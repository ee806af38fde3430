//! Why a decision, an outcome or a config was refused: a catalogue key plus arguments,
//! never a sentence. The state is unchanged whenever one of these is returned.

use serde::Serialize;
use tabuleiro_core::{Explain, Message, Seat};
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
    /// The note on provisional content is this build's (the record's header says it).
    ProvisionalNote,
    /// An option of the solo game (the AI's) set in a game of several players.
    SoloOnly {
        option: String,
    },
}

/// Why a position file is not one the rules can reach (src/position.rs); the key is
/// `refusal.viscounts.position.` plus the tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum PositionError {
    /// Not a Viscounts position at all (the JSON does not read).
    Json {
        reason: String,
    },
    /// The config is refused (src/config.rs).
    Config,
    /// As many player boards as the config's seats (solo: the player and the AI).
    Seats {
        seats: usize,
        expected: usize,
    },
    /// The setup's chance step deals everything: nothing may be dealt before it.
    SetupDealt,
    NoSuchSeat {
        seat: Seat,
        what: String,
    },
    NoSuchSpace {
        seat: Seat,
        space: u8,
    },
    NoSuchPlayerCard {
        seat: Seat,
        card: u8,
    },
    NoSuchCard {
        card: u8,
    },
    NoSuchManuscript {
        ms: u8,
    },
    NoSuchSpot {
        pos: u8,
        spot: u8,
    },
    NoSuchPosition {
        pos: u8,
    },
    /// More Silver or resources than any game reaches.
    TooMuch {
        seat: Seat,
        count: u16,
    },
    /// Markers off the track or crossed (seed 003 L530).
    Track {
        seat: Seat,
        corruption: u8,
        virtue: u8,
    },
    /// A villager card counted other than the box holds.
    CardCount {
        card: String,
        counted: u32,
        expected: u32,
    },
    /// The unseen cards under the stacks are not the pool's.
    StackCount {
        stacks: String,
        hidden: u32,
        pool: u32,
    },
    ManuscriptTwice {
        ms: String,
    },
    ClergyBonus,
    /// The ring is not the five segments once each, or the castle's rotation is off.
    Ring,
    Buildings {
        seat: Seat,
        built: u8,
        on_board: u8,
    },
    /// A seat's workers in the castle and reserve are not its supply.
    Workers {
        seat: Seat,
        counted: u32,
        supply: u32,
    },
    Piles {
        debts: u8,
        deeds: u8,
    },
    /// A final round set with neither Poverty nor Prosperity revealed.
    EndTrigger,
    /// A pending task carries what the rules never put there (a spot off the segment,
    /// more workers than the reserve, a row no Plot card prints...).
    TaskPayload {
        what: String,
    },
    /// The pending work does not fit the phase: nothing waits for a seat or chance.
    Phase {
        phase: String,
    },
    /// The automatic work pending in the file, run as the rules run it, reaches no
    /// decision and no chance step: it stops at `reached` (a task, as JSON).
    NoDecision {
        reached: String,
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
    #[error("not a reachable position: {0:?}")]
    Position(PositionError),
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
            Error::Position(p) => Message::tagged(p, "refusal", "refusal.viscounts.position."),
        }
    }
}
