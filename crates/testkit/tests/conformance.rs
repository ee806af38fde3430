//! The conformance checks over every test game: hundreds to thousands of random
//! games each, since they are tiny.

use tabuleiro_core::{Game, Participant, Rng, Seat};
use tabuleiro_testkit::conformance::{
    check_presentation, check_random_games, play, Checks, Generic,
};
use tabuleiro_testkit::goofspiel::{self, Bid, GoofConfig, Goofspiel};
use tabuleiro_testkit::nim::Nim;
use tabuleiro_testkit::solo::{self, Solo, SoloConfig};
use tabuleiro_testkit::trade::{self, Action, Cards, Trade, TradeConfig};

#[test]
fn nim_conforms() {
    for pile in [1, 7, 21] {
        let s = check_random_games::<Nim>(&pile, 300, 1, &mut Generic);
        assert!(s.decisions >= 300);
    }
}

struct TradeChecks;

impl Checks<Trade> for TradeChecks {
    /// Offers of any mix are legal without being listed.
    fn must_list(&self, action: &Action) -> bool {
        !matches!(action, Action::Offer { .. })
    }
    fn random_action(&mut self, _: &Trade, rng: &mut Rng) -> Option<Action> {
        let cards = |rng: &mut Rng| Cards(std::array::from_fn(|_| rng.below(3) as u8));
        Some(match rng.below(8) {
            0 | 1 => Action::Offer {
                give: cards(rng),
                get: cards(rng),
            },
            2 => Action::Accept,
            3 => Action::Decline,
            4 => Action::With(rng.below(6) as Seat),
            5 => Action::Cancel,
            6 => Action::Bank(rng.below(trade::SUITS + 1) as u8),
            _ => Action::Peek,
        })
    }
    fn leaks(&self, event: &trade::Event, viewer: Option<Seat>) -> bool {
        event.secret_of().is_some_and(|s| Some(s) != viewer)
    }
}

#[test]
fn trade_conforms() {
    for players in [2, 3, 4] {
        let s =
            check_random_games::<Trade>(&TradeConfig::players(players), 200, 10, &mut TradeChecks);
        if players > 2 {
            assert!(s.simultaneous > 100, "answers are simultaneous: {s:?}");
        }
    }
}

#[test]
fn trade_configs_are_validated() {
    assert!(Trade::new(&TradeConfig::players(1)).is_err());
    assert!(Trade::new(&TradeConfig::players(6)).is_err());
}

struct GoofChecks;

impl Checks<Goofspiel> for GoofChecks {
    fn random_action(&mut self, _: &Goofspiel, rng: &mut Rng) -> Option<Bid> {
        Some(Bid(rng.below(18) as u8))
    }
    fn leaks(&self, event: &goofspiel::Event, viewer: Option<Seat>) -> bool {
        matches!(event, goofspiel::Event::Bid { seat, card: Some(_) } if Some(*seat) != viewer)
    }
}

#[test]
fn goofspiel_conforms() {
    for config in [
        GoofConfig::players(2),
        GoofConfig::players(3),
        GoofConfig::teams(),
    ] {
        let s = check_random_games::<Goofspiel>(&config, 500, 20, &mut GoofChecks);
        assert!(s.simultaneous > 1000, "bids are simultaneous: {s:?}");
    }
}

#[test]
fn goofspiel_shares_places_and_teams_share_results() {
    let (mut shared, mut team_wins) = (0, 0);
    for seed in 0..300 {
        let record = play::<Goofspiel>(&GoofConfig::players(3), seed);
        let standings = record.standings.unwrap();
        shared += (standings[0].place == standings[1].place) as u32;
        let record = play::<Goofspiel>(&GoofConfig::teams(), seed);
        let standings = record.standings.unwrap();
        assert!(standings.iter().all(|s| s.members.len() == 2));
        team_wins += (standings[0].place == 1 && standings[1].place == 2) as u32;
    }
    assert!(
        shared > 0 && team_wins > 0,
        "{shared} shared, {team_wins} won"
    );
}

#[test]
fn solo_conforms_and_the_automaton_wins_some() {
    let s = check_random_games::<Solo>(&SoloConfig::default(), 1000, 30, &mut Generic);
    assert!(s.chance_steps > s.decisions, "{s:?}");
    let automaton_wins = (0..300)
        .filter(|&seed| {
            let standings = play::<Solo>(&SoloConfig::default(), seed)
                .standings
                .unwrap();
            standings[0].place == 1
                && standings[0].members == vec![Participant::Automaton(solo::AUTOMATON.into())]
        })
        .count();
    assert!(
        automaton_wins > 30,
        "the automaton won {automaton_wins} of 300"
    );
}

#[test]
fn test_games_present_every_decision_and_event() {
    assert!(check_presentation::<Nim>(&9, 20, 1, "nim.") > 0);
    assert!(check_presentation::<Trade>(&TradeConfig::players(3), 50, 2, "trade.") > 1000);
    assert!(check_presentation::<Goofspiel>(&GoofConfig::teams(), 50, 3, "goofspiel.") > 500);
    assert!(check_presentation::<Solo>(&SoloConfig::default(), 50, 4, "solo.") > 100);
}
