//! The conformance checks over every test game: hundreds to thousands of random
//! games each, since they are tiny.

use tabuleiro_core::{Game, Rng, Seat};
use tabuleiro_testkit::conformance::{check_random_games, Checks, Generic};
use tabuleiro_testkit::nim::Nim;
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
    fn enumerates_all(&self) -> bool {
        false
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
