//! The contract's conformance checks (crates/testkit) over Viscounts: random games on the
//! one seeding path through a Session, every decision checked, records replayed, views
//! and determinizations, and the presentation of every listed decision and event.
//! Run in release: `cargo test --release -p tabuleiro-viscounts --test conformance`.

mod common;

use common::{check_invariants, solo_config, AI_CHARACTERS};
use tabuleiro_core::{Rng, Seat};
use tabuleiro_testkit::conformance::{check_presentation, check_random_games, Checks};
use tabuleiro_viscounts::action::Funding;
use tabuleiro_viscounts::content::Building;
use tabuleiro_viscounts::effect::{Card, Res};
use tabuleiro_viscounts::{Action, Config, Event, Main, Viscounts};

struct Invariants;

/// A random decision of any shape, mostly illegal.
fn random_action(rng: &mut Rng) -> Action {
    let b = |rng: &mut Rng| rng.below(12) as u8;
    match rng.below(10) {
        0 => Action::Place {
            card: Card(rng.below(90) as u8),
        },
        1 => Action::Move {
            to: b(rng) + 3,
            paid: b(rng),
            free: rng.below(2) == 0,
        },
        // A main action of any kind with any funding: dismissal, resources, substitute
        // uses in every slot (so that an unlisted funding would be caught).
        2 | 3 => {
            let main = match rng.below(4) {
                0 => Main::Trade { times: b(rng) },
                1 => Main::Build {
                    building: Building::ALL[rng.below(3)],
                    spot: b(rng) % 6,
                },
                2 => Main::PlaceWorkers {
                    workers: b(rng) % 5,
                },
                _ => Main::Transcribe,
            };
            Action::Main {
                main,
                funding: Funding {
                    dismiss: rng.below(2) == 0,
                    paid: b(rng) % 5,
                    subs: [0; 3].map(|_: u8| rng.below(3) as u8),
                },
            }
        }
        4 => Action::Rearrange {
            order: [b(rng) % 4, b(rng) % 4, b(rng) % 4],
        },
        5 => Action::HireFree { pos: b(rng) },
        6 => Action::TakeResource {
            res: Res::ALL[rng.below(3)],
        },
        7 => Action::Expel {
            owner: b(rng) as Seat,
        },
        8 => Action::Pass,
        _ => Action::Choose { index: b(rng) },
    }
}

impl Checks<Viscounts> for Invariants {
    fn random_action(&mut self, _: &Viscounts, rng: &mut Rng) -> Option<Action> {
        Some(random_action(rng))
    }
    /// A drawn card is its drawer's.
    fn leaks(&self, event: &Event, viewer: Option<Seat>) -> bool {
        matches!(*event, Event::Drew { seat, card: Some(_) } if viewer != Some(seat))
    }
    fn step(&mut self, game: &Viscounts, _: &[Event]) -> Result<(), String> {
        game.validate()
            .map_err(|e| format!("a position of play is refused: {e}"))?;
        check_invariants(game, 0);
        Ok(())
    }
}

/// Games per player count (`VISCOUNTS_CONFORMANCE_GAMES=N`; 6 by default, the issue's
/// 10,000-game runs set it: docs/viscounts/rules.md).
fn games() -> u32 {
    std::env::var("VISCOUNTS_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

/// The first game's seed (`VISCOUNTS_CONFORMANCE_SEED=S`; 11 by default): game `i` is
/// seeded `S + i`, so long runs go in batches of consecutive seeds.
fn first_seed() -> u64 {
    std::env::var("VISCOUNTS_CONFORMANCE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(11)
}

/// Random games at one player count (solo: the AI plays its own side), every check after
/// every decision.
fn conforms(players: u8) {
    let games = games();
    let config = Config::with_players(players);
    let s = check_random_games::<Viscounts>(&config, games, first_seed(), &mut Invariants);
    assert!(s.decisions > games as u64 * 50, "{s:?}");
    eprintln!("{players} players: {s:?}");
}

#[test]
fn viscounts_conforms_solo() {
    conforms(1);
}

#[test]
fn viscounts_conforms_two_players() {
    conforms(2);
}

#[test]
fn viscounts_conforms_three_players() {
    conforms(3);
}

#[test]
fn viscounts_conforms_four_players() {
    conforms(4);
}

/// Solo against each of the four AI characters (L760), each at another difficulty
/// (L762: 0-3 Future Plots shuffled face down into its Plot pile).
#[test]
fn viscounts_conforms_solo_against_every_ai() {
    for (difficulty, ai) in AI_CHARACTERS.into_iter().enumerate() {
        let config = Config {
            difficulty: difficulty as u8,
            ..solo_config(ai)
        };
        let s = check_random_games::<Viscounts>(&config, 3, 13, &mut Invariants);
        assert!(s.decisions > 3 * 50, "{ai}: {s:?}");
    }
}

#[test]
fn viscounts_presents_every_decision_and_event() {
    let decisions = check_presentation::<Viscounts>(&Config::with_players(3), 2, 5, "");
    assert!(decisions > 2 * 100, "{decisions} decisions");
}
