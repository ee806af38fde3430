//! Why a decision, an outcome or a config was refused: a catalogue key plus arguments,
//! never a sentence. The state is unchanged whenever one of these is returned.

use serde::Serialize;
use tabuleiro_core::{Explain, Message};
use thiserror::Error;

/// Why a decision is against the rules; the key is `refusal.viscounts.` plus the tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Refusal {
    /// The seat is not the one deciding now.
    NotYourDecision,
    /// This kind of decision does not answer the question asked now.
    NotNow,
    NoSuchCard,
    NoSuchOption,
    /// The destination is not reachable with exactly that many steps (seed 003 L336-342).
    Unreachable,
    CannotAfford,
    /// Trade and Build need the outer path, workers and manuscripts the inner (L356-370).
    WrongPath,
    /// The icons (with resources, substitutes and a dismissal) do not reach the cost.
    NotEnoughIcons {
        need: u8,
        have: u8,
    },
    /// More resources paid than the icons missing.
    Overpaid,
    /// The dismissed card shows no icon for this action (L383).
    CannotDismiss,
    NoVillagerHere,
    SpotTaken,
    /// The spot is across the river (L425).
    AcrossRiver,
    NoBuildingLeft,
    NoWorkersLeft,
    NoManuscriptHere,
    TooCostly,
    /// A manuscript was already taken this turn (L511; `ManuscriptLimit::Every`).
    OneManuscriptATurn,
    NothingToFlip,
    NotYourWorkers,
    NotOverfull,
    BadOrder,
    /// A decision is required here: it cannot be passed.
    MustChoose,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum ConfigError {
    Players {
        players: u8,
    },
    /// An AI board that was not recovered, or a difficulty over 3.
    Solo {
        ai: String,
        difficulty: u8,
    },
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    #[error("refused: {0:?}")]
    Refused(Refusal),
    #[error("bad config: {0:?}")]
    Config(ConfigError),
    #[error("a decision was expected, not chance")]
    NotChance,
    #[error("the outcome does not fit the chance step")]
    BadOutcome,
}

pub type Result<T> = std::result::Result<T, Error>;

impl From<Refusal> for Error {
    fn from(r: Refusal) -> Error {
        Error::Refused(r)
    }
}

impl Explain for Error {
    fn message(&self) -> Message {
        match self {
            Error::Refused(r) => Message::tagged(r, "refusal", "refusal.viscounts."),
            Error::Config(c) => Message::tagged(c, "refusal", "refusal.viscounts.config."),
            Error::NotChance => Message::new("refusal.viscounts.not_chance"),
            Error::BadOutcome => Message::new("refusal.viscounts.bad_outcome"),
        }
    }
}
