//! Game records: config, seed, engine version and every step, enough to replay a game
//! exactly without the generator.

use crate::{Game, Step, ToAct};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    pub game: String,
    pub engine_version: String,
    pub config: G::Config,
    pub seed: u64,
    pub steps: Vec<Step<G::Action, G::Outcome>>,
    /// The final scores, when the game was finished; replay checks them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
}

#[derive(Debug, Error, PartialEq)]
pub enum ReplayError {
    #[error("this record is for the game {found:?}, not {expected:?}")]
    WrongGame { expected: String, found: String },
    #[error("the config is refused: {0}")]
    Config(String),
    #[error("step {index}: {reason}")]
    Step { index: usize, reason: String },
    #[error("the record says the scores are {recorded:?}, but replaying it gives {replayed:?}")]
    ScoresDiffer {
        recorded: Vec<i32>,
        replayed: Vec<i32>,
    },
}

/// Replays a record step by step, checking each step is legal at its point and,
/// when the record carries final scores, that they are reproduced.
pub fn replay<G: Game>(record: &Record<G>) -> Result<G, ReplayError> {
    if record.game != G::NAME {
        return Err(ReplayError::WrongGame {
            expected: G::NAME.into(),
            found: record.game.clone(),
        });
    }
    let mut game = G::new(&record.config).map_err(|e| ReplayError::Config(e.to_string()))?;
    let mut events = Vec::new();
    for (index, step) in record.steps.iter().enumerate() {
        let fail = |reason: String| ReplayError::Step { index, reason };
        match (step, game.to_act()) {
            (Step::Chance { outcome }, ToAct::Chance) => game
                .apply_chance(outcome, &mut events)
                .map_err(|e| fail(e.to_string()))?,
            (Step::Decision { seat, action }, ToAct::Seats(_)) => game
                .apply(*seat, action, &mut events)
                .map_err(|e| fail(e.to_string()))?,
            (_, ToAct::Over) => return Err(fail("the game is already over".into())),
            (Step::Chance { .. }, ToAct::Seats(seats)) => {
                return Err(fail(format!(
                    "a chance outcome, but seats {seats:?} must decide"
                )))
            }
            (Step::Decision { seat, .. }, ToAct::Chance) => {
                return Err(fail(format!(
                    "a decision of seat {seat}, but the game waits for chance"
                )))
            }
        }
        events.clear();
    }
    if let Some(recorded) = &record.scores {
        let replayed = game.scores();
        if &replayed != recorded {
            return Err(ReplayError::ScoresDiffer {
                recorded: recorded.clone(),
                replayed,
            });
        }
    }
    Ok(game)
}
