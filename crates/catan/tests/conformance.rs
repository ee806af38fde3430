//! The contract's conformance checks (crates/testkit) over Catan: random games on the
//! one seeding path through a Session, every decision checked, records replayed, and
//! the presentation of every listed decision and event. Run in release:
//! `cargo test --release -p tabuleiro-catan --test conformance`.

mod common;

use common::{check_invariants, random_action};
use tabuleiro_catan::config::BoardKind;
use tabuleiro_catan::{Action, Catan, Config, Event};
use tabuleiro_core::{Rng, Seat};
use tabuleiro_testkit::conformance::{check_presentation, check_random_games, Checks};

struct Invariants;

impl Checks<Catan> for Invariants {
    /// Trade offers and counter-offers of any mix are legal without being listed.
    fn must_list(&self, action: &tabuleiro_catan::Action) -> bool {
        action.listed_whenever_legal()
    }
    fn listed_form(&self, _: &Catan, action: &tabuleiro_catan::Action) -> tabuleiro_catan::Action {
        action.listed_form()
    }
    fn random_action(&mut self, _: &Catan, rng: &mut Rng) -> Option<Action> {
        Some(random_action(rng))
    }
    /// A stolen card is the thief's and the victim's; a bought card the buyer's.
    fn leaks(&self, event: &Event, viewer: Option<Seat>) -> bool {
        match *event {
            Event::Stole {
                thief,
                victim,
                card: Some(_),
            } => viewer != Some(thief) && viewer != Some(victim),
            Event::BoughtDevelopment {
                seat,
                card: Some(_),
            } => viewer != Some(seat),
            _ => false,
        }
    }
    fn step(&mut self, game: &Catan, _: &[Event]) -> Result<(), String> {
        check_invariants(game, 0);
        Ok(())
    }
}

fn config(players: u8, trades: bool, board: BoardKind) -> Config {
    Config {
        player_trades: trades,
        board,
        turn_limit: 400,
        ..Config::players(players)
    }
}

#[test]
fn catan_conforms() {
    for (players, trades, board) in [
        (4, true, BoardKind::Random),
        (3, false, BoardKind::Beginner),
        (4, false, BoardKind::Random),
    ] {
        let s =
            check_random_games::<Catan>(&config(players, trades, board), 12, 7, &mut Invariants);
        assert!(s.decisions > 12 * 300, "{s:?}");
        if trades {
            assert!(
                s.simultaneous > 0,
                "answers and discards are simultaneous: {s:?}"
            );
        }
    }
}

#[test]
fn catan_presents_every_decision_and_event() {
    let decisions = check_presentation::<Catan>(&config(4, true, BoardKind::Random), 3, 5, "");
    assert!(decisions > 3 * 300, "{decisions} decisions");
}
