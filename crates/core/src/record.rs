//! Game records: config, seed, the game's version and every step, enough to replay a
//! game exactly without the generator.

use crate::{Game, Standing, Step, ToAct};
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    pub game: String,
    /// [`Game::VERSION`] of the engine that played it.
    #[serde(alias = "engine_version")]
    pub game_version: String,
    pub config: G::Config,
    pub seed: u64,
    pub steps: Vec<Step<G::Action, G::Outcome>>,
    /// The final scores per seat, when the game was finished; replay checks them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i32>>,
    /// The result (places, teams, automata), when the game was finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standings: Option<Vec<Standing>>,
    /// The bot that chose each seat's decisions, as its spec ("mcts:iters=500"), where
    /// bots played the game (`simulate`, `tournament`); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bots: Vec<String>,
}

impl<G: Game> Record<G> {
    /// An empty record of a game about to start.
    pub fn new(config: G::Config, seed: u64) -> Record<G> {
        Record {
            game: G::NAME.into(),
            game_version: G::VERSION.into(),
            config,
            seed,
            steps: Vec::new(),
            scores: None,
            standings: None,
            bots: Vec::new(),
        }
    }

    /// Writes the result of a finished game.
    pub fn finish(&mut self, game: &G) {
        self.scores = Some(game.scores());
        self.standings = Some(game.standings());
    }

    /// How many chance steps the record holds.
    pub fn chance_steps(&self) -> u64 {
        self.steps
            .iter()
            .filter(|s| matches!(s, Step::Chance { .. }))
            .count() as u64
    }

    /// How many decisions the record holds.
    pub fn decisions(&self) -> u64 {
        self.steps.len() as u64 - self.chance_steps()
    }
}

#[derive(Debug, Error, PartialEq)]
pub enum ReplayError {
    #[error("this record is for the game {found:?}, not {expected:?}")]
    WrongGame { expected: String, found: String },
    #[error("this record was played by version {found} of the rules, this engine has {expected}: it may not replay the same")]
    Version { expected: String, found: String },
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
    // A record replays exactly only on the rules' version that played it.
    if record.game_version != G::VERSION {
        return Err(ReplayError::Version {
            expected: G::VERSION.into(),
            found: record.game_version.clone(),
        });
    }
    let mut game = G::new(&record.config).map_err(|e| ReplayError::Config(e.to_string()))?;
    let mut events = Vec::new();
    for (index, step) in record.steps.iter().enumerate() {
        apply_step(&mut game, step, &mut events)
            .map_err(|reason| ReplayError::Step { index, reason })?;
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

/// Applies one logged step where the game expects it, or says why it does not fit.
pub fn apply_step<G: Game>(
    game: &mut G,
    step: &Step<G::Action, G::Outcome>,
    events: &mut Vec<G::Event>,
) -> Result<(), String> {
    match (step, game.to_act()) {
        (Step::Chance { outcome }, ToAct::Chance) => game
            .apply_chance(outcome, events)
            .map_err(|e| e.to_string()),
        (Step::Decision { seat, action }, ToAct::Seats(_)) => {
            game.apply(*seat, action, events).map_err(|e| e.to_string())
        }
        (_, ToAct::Over) => Err("the game is already over".into()),
        (Step::Chance { .. }, ToAct::Seats(seats)) => {
            Err(format!("a chance outcome, but seats {seats:?} must decide"))
        }
        (Step::Decision { seat, .. }, ToAct::Chance) => Err(format!(
            "a decision of seat {seat}, but the game waits for chance"
        )),
    }
}
