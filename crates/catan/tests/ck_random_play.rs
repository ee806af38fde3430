//! Cities & Knights random play (seed 004): every listed decision checked, random
//! decisions refused cleanly, the position's invariants (cards conserved per kind
//! across bank, hands and decks; pieces within limits; points the sum of their
//! sources) after every step, views and determinization. Release mode:
//! `cargo test --release -p tabuleiro-catan --test ck_random_play`
//! (`CK_GAMES=N` sets the number of games per configuration).

mod common;

use common::random_action;
use tabuleiro_catan::cards::{Card, COMMODITIES, RESOURCES};
use tabuleiro_catan::ck::{Progress, Track};
use tabuleiro_catan::config::{CkOptions, DefenderRule, DefenderSupply, FreshKnights, OwnTurnHand};
use tabuleiro_catan::{Catan, Config, Event, Phase};
use tabuleiro_core::{Game, Rng, Seat, ToAct};
use tabuleiro_testkit::conformance::{
    check_guessed_apply, check_presentation, check_random_games, Checks,
};

fn games() -> u64 {
    std::env::var("CK_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

/// Points recomputed from the board and cards.
fn points(g: &Catan, seat: Seat) -> i32 {
    let p = &g.players[seat as usize];
    let ck = g.ck.as_ref().unwrap();
    let cp = &ck.players[seat as usize];
    let mut vp = p.settlements.len() as i32 + 2 * p.cities.len() as i32;
    vp += 2 * (g.longest_road == Some(seat)) as i32;
    vp += 2 * ck
        .metropolis
        .iter()
        .flatten()
        .filter(|m| m.seat == seat)
        .count() as i32;
    vp += cp.defender as i32 + cp.revealed.len() as i32;
    vp + ck.merchant.is_some_and(|(s, _)| s == seat) as i32
}

fn check(g: &Catan, seed: u64) {
    g.validate().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let ck = g.ck.as_ref().unwrap();
    for (kinds, per) in [(&RESOURCES[..], 19), (&COMMODITIES[..], 12)] {
        for &k in kinds {
            let total: u32 =
                g.bank.get(k) as u32 + g.players.iter().map(|p| p.hand.get(k) as u32).sum::<u32>();
            assert_eq!(total, per, "seed {seed}: {} not conserved", k.name());
        }
    }
    let progress: usize = ck.decks.iter().map(Vec::len).sum::<usize>()
        + ck.players
            .iter()
            .map(|p| p.progress.len() + p.revealed.len())
            .sum::<usize>();
    assert_eq!(progress, 54, "seed {seed}: progress cards not conserved");
    assert!(g.largest_army.is_none());
    for s in 0..g.n() as Seat {
        let p = &g.players[s as usize];
        let cp = &ck.players[s as usize];
        assert!(p.cities.len() <= 4 && p.roads.len() <= 15);
        assert!(cp.walls.len() <= 3 && cp.knights.len() <= 6);
        assert_eq!(points(g, s), g.scores()[s as usize], "seed {seed}");
        assert_eq!(g.public_points(s), g.points(s), "C&K has no hidden points");
    }
}

fn check_views(g: &Catan, rng: &mut Rng, seed: u64) {
    for viewer in (0..g.players() as Seat).map(Some).chain([None]) {
        let view = g.view(viewer);
        let vck = view.position.ck.as_ref().unwrap();
        // The table has no field for the decks (view.rs): only their sizes show.
        let text = serde_json::to_string(vck).unwrap();
        assert!(!text.contains("decks"), "seed {seed}: decks show");
        for (s, p) in vck.players.iter().enumerate() {
            let opened = matches!(g.phase, Phase::Spy { victim } | Phase::MasterMerchant { victim, .. } if victim as usize == s && viewer == Some(g.current));
            if Some(s as Seat) != viewer && !opened {
                assert!(p.progress.is_none(), "seed {seed}: a progress hand shows");
            }
        }
        let d = g.determinize(viewer, rng);
        if let Some(seat) = viewer {
            let (mut real, mut guessed) = (Vec::new(), Vec::new());
            g.legal_actions(seat, &mut real);
            d.legal_actions(seat, &mut guessed);
            assert_eq!(real, guessed, "seed {seed}: seat {seat} in {:?}", g.phase);
            check_guessed_apply(&d, seat, &guessed, rng, seed);
        }
        d.validate()
            .unwrap_or_else(|e| panic!("seed {seed}: determinized: {e}"));
        check(&d, seed);
        assert_eq!(d.view(viewer), view, "seed {seed}: determinize disagrees");
    }
}

fn checked_game(config: &Config, seed: u64) -> (usize, bool) {
    let mut game = Catan::new(config).unwrap();
    let mut chance = Rng::seed(seed);
    let mut rng = Rng::seed(seed ^ 0xC17E5);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let o = game.sample_chance(&mut chance);
                game.apply_chance(&o, &mut events)
                    .unwrap_or_else(|e| panic!("seed {seed}: {o:?}: {e}"));
            }
            ToAct::Seats(seats) => {
                let seat = seats.iter().nth(rng.below(seats.len())).unwrap();
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: seat {seat} has no decision in {:?}",
                    game.phase
                );
                for a in &legal {
                    game.check(seat, a).unwrap_or_else(|e| {
                        panic!("seed {seed}: listed {a} refused: {e} in {:?}", game.phase)
                    });
                    let parsed: tabuleiro_catan::Action = a.to_string().parse().unwrap();
                    assert_eq!(&parsed, a, "text form");
                }
                for _ in 0..3 {
                    let a = random_action(&mut rng);
                    let before = game.clone();
                    if game.apply(seat, &a, &mut Vec::new()).is_err() {
                        assert_eq!(game, before, "seed {seed}: refused {a} changed the state");
                    } else {
                        game = before;
                    }
                }
                let action = legal[rng.below(legal.len())];
                let phase = format!("{:?}", game.phase);
                game.apply(seat, &action, &mut events).unwrap();
                if let Err(e) = game.validate() {
                    panic!(
                        "seed {seed}: seat {seat} {action} in {phase}: {e}; now {:?}",
                        game.phase
                    );
                }
                decisions += 1;
                if decisions % 23 == 0 {
                    check_views(&game, &mut rng, seed);
                }
            }
        }
        for e in &events {
            if let Event::ProgressDrawn { seat, .. } = e {
                for viewer in 0..game.players() as Seat {
                    let seen = Catan::redact(e, Some(viewer)).unwrap();
                    let shown = matches!(seen, Event::ProgressDrawn { card: Some(_), .. });
                    assert_eq!(shown, viewer == *seat);
                }
            }
        }
        check(&game, seed);
        if decisions % 50 == 0 {
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(Catan::from_json(&json).unwrap(), game, "seed {seed}: JSON");
        }
    }
    if let Some(w) = game.winner {
        assert!(game.points(w) >= 13, "seed {seed}: a winner below 13");
    }
    (decisions, game.winner.is_some())
}

fn run(config: Config) {
    let (mut decisions, mut won) = (0, 0);
    for seed in 0..games() {
        let (d, w) = checked_game(&config, seed);
        decisions += d;
        won += w as u32;
    }
    println!(
        "{} C&K games ({config:?}): {decisions} decisions, {won} won",
        games()
    );
    assert!(
        won > 0 || games() < 10,
        "some random games end with a winner"
    );
}

fn ck(players: u8, options: CkOptions) -> Config {
    Config {
        turn_limit: 400,
        ck: options,
        ..Config::cities_and_knights(players)
    }
}

#[test]
fn cities_and_knights_four_players() {
    run(ck(4, CkOptions::default()));
}

#[test]
fn cities_and_knights_three_players_other_readings() {
    run(Config {
        player_trades: false,
        ..ck(
            3,
            CkOptions {
                defender: DefenderRule::MostKnights,
                defender_supply: DefenderSupply::ProgressCard,
                fresh_knights: FreshKnights::ChaseOnly,
                own_turn_hand: OwnTurnHand::Unlimited,
                ..CkOptions::default()
            },
        )
    });
}

struct CkInvariants;

impl Checks<Catan> for CkInvariants {
    /// Trade offers and counter-offers of any mix are legal without being listed.
    fn must_list(&self, action: &tabuleiro_catan::Action) -> bool {
        action.listed_whenever_legal()
    }
    fn listed_form(&self, _: &Catan, action: &tabuleiro_catan::Action) -> tabuleiro_catan::Action {
        action.listed_form()
    }
    fn random_action(&mut self, _: &Catan, rng: &mut Rng) -> Option<tabuleiro_catan::Action> {
        Some(random_action(rng))
    }
    /// Drawn, discarded, stolen and given cards are seen by the seats concerned only.
    fn leaks(&self, event: &Event, viewer: Option<Seat>) -> bool {
        let not = |s: Seat| viewer != Some(s);
        match *event {
            Event::Stole {
                thief,
                victim,
                card: Some(_),
            }
            | Event::ProgressStolen {
                thief,
                victim,
                card: Some(_),
            } => not(thief) && not(victim),
            Event::Gave {
                seat,
                to,
                card: Some(_),
            } => not(seat) && not(to),
            // The Master Merchant's and the Spy's look is the two seats' only.
            Event::HandLooked {
                seat,
                victim,
                hand: Some(_),
            } => not(seat) && not(victim),
            Event::ProgressLooked {
                seat,
                victim,
                cards: Some(_),
            } => not(seat) && not(victim),
            Event::ProgressDrawn {
                seat,
                card: Some(_),
                ..
            }
            | Event::ProgressDiscarded {
                seat,
                card: Some(_),
            } => not(seat),
            _ => false,
        }
    }
    fn step(&mut self, game: &Catan, _: &[Event]) -> Result<(), String> {
        check(game, 0);
        Ok(())
    }
}

#[test]
fn cities_and_knights_conforms() {
    for players in [3, 4] {
        let s = check_random_games::<Catan>(
            &ck(players, CkOptions::default()),
            6,
            11,
            &mut CkInvariants,
        );
        assert!(s.decisions > 6 * 300, "{s:?}");
        assert!(s.simultaneous > 0, "{s:?}");
    }
}

#[test]
fn cities_and_knights_presents_every_decision_and_event() {
    let decisions = check_presentation::<Catan>(&ck(4, CkOptions::default()), 3, 5, "");
    assert!(decisions > 3 * 300, "{decisions} decisions");
}

#[allow(dead_code)]
fn unused(_: Card, _: Track, _: Progress) {}
