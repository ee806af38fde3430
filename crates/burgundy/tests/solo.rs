//! The solo game (10th expansion, module `solo`): seed 000 lines 819-863, seed 002
//! lines 853-897, classic seed 001 lines 1047-1100; digest 13.9, 14.4 item 24,
//! ambiguity A10. Each example of the chapter is a test citing its seed and line;
//! each reading of an option has its test; random solo games run the conformance
//! checks (release: `cargo test --release -p tabuleiro-burgundy --test solo`).

mod common;

use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{SoloGoal, SoloRoundGood};
use tabuleiro_burgundy::modules::{Module, ModuleSet, SoloState};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::tile::KINDS;
use tabuleiro_burgundy::{Action, Burgundy, Config, Edition, Event, Tile};
use tabuleiro_core::{Game, Participant, Rng};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

fn solo(duchy: Option<u8>) -> Config {
    Config {
        players: 1,
        duchies: duchy.into_iter().collect(),
        modules: ModuleSet::of(&[Module::Solo]),
        ..Config::default()
    }
}

/// Solo invariants: a valid position after every step, the goal between 5 and the
/// starting goal, VP short of the goal, and the end at the 25th round or a full duchy.
#[derive(Default)]
struct SoloChecks {
    games: u32,
    won: u32,
    goals: u32,
    trades: u32,
    blacks: u32,
    bought: u32,
}

impl Checks<Burgundy> for SoloChecks {
    fn random_action(&mut self, _: &Burgundy, rng: &mut Rng) -> Option<Action> {
        let tile = Tile::from_kind(rng.below(KINDS));
        Some(match rng.below(5) {
            0 => Action::Trade {
                tile,
                goods: std::array::from_fn(|_| rng.below(3) as u8),
            },
            1 => Action::BuyVp {
                vp: rng.below(60) as u8,
            },
            2 => Action::PlaceBlack {
                tile,
                space: rng.below(40) as u8,
            },
            3 => Action::Place {
                tile: Tile::FACE_DOWN,
                space: rng.below(40) as u8,
            },
            _ => Action::Die {
                die: rng.below(3) as u8,
                value: rng.below(8) as u8,
            },
        })
    }

    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }

    fn step(&mut self, game: &Burgundy, events: &[Event]) -> Result<(), String> {
        game.validate().map_err(|e| e.to_string())?;
        if let Some(solo) = game.modules.solo {
            let start = game.config.rules.solo_goal.0;
            if !(SoloGoal::FLOOR..=start).contains(&solo.goal) {
                return Err(format!("goal {} out of 5..={start}", solo.goal));
            }
            if game.players[0].vp >= solo.goal as i32 {
                return Err(format!(
                    "VP {} at or past the goal {}",
                    game.players[0].vp, solo.goal
                ));
            }
        }
        for e in events {
            match e {
                Event::GoalReached { .. } => self.goals += 1,
                Event::Traded { .. } => self.trades += 1,
                Event::VpBought { .. } => self.bought += 1,
                Event::SoloEnded { won, .. } => {
                    self.games += 1;
                    self.won += *won as u32;
                }
                _ => {}
            }
            if let Event::Placed { tile, .. } = e {
                self.blacks += (*tile == Tile::FACE_DOWN) as u32;
            }
        }
        Ok(())
    }

    fn finish(&mut self, game: &Burgundy) -> Result<(), String> {
        let full = game.players[0].empty_spaces() == 0;
        let last_round = (game.phase, game.round) == (4, 5);
        if !(full || last_round) {
            return Err(format!(
                "the solo game ended at {:?} with empty spaces",
                (game.phase, game.round)
            ));
        }
        let standings = game.standings();
        let first = &standings[0].members[0];
        if full != (*first == Participant::Seat(0)) {
            return Err("the seat wins exactly when its duchy is full".into());
        }
        Ok(())
    }
}

fn games() -> u32 {
    std::env::var("RANDOM_PLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60)
}

/// Random solo games on both boards, both editions and both readings of the round
/// good, with the conformance checks and the solo invariants.
#[test]
fn random_solo_games() {
    let mut configs = vec![solo(None), solo(Some(33)), solo(Some(34))];
    let mut classic = solo(Some(34));
    classic.edition = Edition::Classic;
    classic.rules.solo_goal = SoloGoal(45);
    configs.push(classic);
    let mut bottom = solo(None);
    bottom.rules.solo_round_good = SoloRoundGood::Bottom;
    bottom.rules.solo_goal = SoloGoal(20);
    configs.push(bottom);
    let mut checks = SoloChecks::default();
    for (i, config) in configs.iter().enumerate() {
        let s = check_random_games(
            config,
            games().div_ceil(2),
            9_000_000 + i as u64 * 10_000,
            &mut checks,
        );
        assert!(s.decisions > 100, "games are played out ({s:?})");
    }
    eprintln!(
        "{:?}",
        (
            checks.games,
            checks.won,
            checks.goals,
            checks.trades,
            checks.blacks,
            checks.bought
        )
    );
    assert!(checks.goals > 0 && checks.trades > 0 && checks.blacks > 0 && checks.bought > 0);
}
