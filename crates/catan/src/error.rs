//! Why a decision, an outcome, a config or a position was refused: a catalogue key
//! plus arguments ([`Explain`]), never a sentence. The state is unchanged whenever one
//! of these is returned.

use serde::Serialize;
use tabuleiro_core::{Explain, Message, Seat};
use thiserror::Error;

/// Why a decision is against the rules; the key is `refusal.catan.` plus the tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Refusal {
    /// The seat is not among those deciding now.
    NotYourDecision,
    /// This kind of decision does not fit the moment (building before rolling, rolling twice).
    NotNow,
    NoSuchVertex,
    NoSuchEdge,
    NoSuchHex,
    NoSuchSeat,
    /// The intersection or path already holds a piece.
    Occupied,
    /// A neighbouring intersection holds a building (the distance rule).
    TooClose,
    /// A new road or settlement must join the player's own roads.
    NotConnected,
    /// A setup road must touch the settlement just placed.
    NotBesideNewSettlement,
    /// A city replaces one of the player's own settlements.
    NotYourSettlement,
    NoPiecesLeft {
        piece: &'static str,
    },
    /// The player lacks the cards.
    CannotAfford,
    /// The bank lacks the cards.
    BankLacks,
    DeckEmpty,
    NoSuchCard {
        card: &'static str,
    },
    /// A development card cannot be played the turn it was bought.
    BoughtThisTurn,
    /// One development card per turn.
    AlreadyPlayedDevelopment,
    /// Victory point cards are never played; they count.
    NotPlayable,
    /// The robber must move to another hex.
    RobberMustMove,
    /// The victim must have a building on the robber's hex and a card.
    NotAVictim,
    /// There is someone to rob there: choose them.
    MustChooseVictim,
    /// A trade gives and gets different kinds, at least one card each.
    BadTrade,
    /// Maritime trades give the player's rate in one kind for one card of another.
    BadRate {
        rate: u8,
    },
    /// Only commodities of an expansion; the base game has none.
    NotAResource,
    /// The discard is not the number of cards owed.
    WrongDiscard {
        owed: u8,
    },
    /// The seat did not accept the offer.
    NotAnAcceptor,
    /// Trades between players are off in this game.
    TradesOff,
    // Cities & Knights (seed 004).
    /// A Cities & Knights decision in the base game.
    ExpansionOnly,
    /// Development cards and the Largest Army do not exist in Cities & Knights.
    NotInExpansion,
    /// Improvements need a city on the board (section 10).
    NoCity,
    NotYourCity,
    /// A city holds one wall (section 9).
    AlreadyWalled,
    /// The track is at level 5.
    TopLevel,
    /// Levels 4 and 5 need a city without a metropolis (section 11).
    NoFreeCity,
    NotYourKnight,
    KnightInactive,
    KnightActive,
    /// A knight is promoted once a turn (section 6).
    PromotedThisTurn,
    /// Mighty knights need politics level 3, the Fortress (section 6).
    NeedFortress,
    /// Two knights of each level (section 6).
    NoKnightPiece {
        level: u8,
    },
    /// The place is not on the knight's road network.
    NotOnNetwork,
    /// Only a weaker knight is displaced.
    NotWeaker,
    /// A knight active since before the turn is needed (section 6; digest C6).
    KnightTooFresh,
    /// No robber move before the first barbarian attack (section 8).
    RobberAsleep,
    /// The knight does not touch the robber's hex.
    RobberNotBeside,
    /// Played before the roll only (Alchemist), or after it only (the others).
    WrongTime,
    /// The seat must have more points (or at least as many) than the player.
    NotRicher,
    NotAnOpponent,
    /// Only a road with a free end is removed (Diplomat).
    NotOpenRoad,
    /// 2, 6, 8 and 12 stay where they are (Inventor).
    ProtectedNumber,
    /// The Merchant goes beside one of one's buildings.
    NotBesideYours,
    NotACommodity,
    /// A die shows 1 to 6.
    NoSuchDie,
    NoKnightThere,
    /// The choice is not among those the card allows.
    NotAllowed,
}

#[derive(Clone, Debug, Error, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum ConfigError {
    #[error("Catan is played by 3 or 4 players, not {players}")]
    Players { players: u8 },
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    #[error("seat {seat}: \"{action}\" refused: {refusal:?}")]
    Refused {
        seat: Seat,
        action: String,
        refusal: Refusal,
    },
    #[error("the chance outcome is impossible here: {0}")]
    Outcome(String),
    #[error("the config is refused: {0}")]
    Config(ConfigError),
    #[error("the position is inconsistent: {0}")]
    Position(String),
}

impl From<ConfigError> for Error {
    fn from(e: ConfigError) -> Error {
        Error::Config(e)
    }
}

impl Error {
    /// The typed reason of a refused decision.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Error::Refused { refusal, .. } => Some(refusal),
            _ => None,
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

impl Explain for Error {
    fn message(&self) -> Message {
        match self {
            Error::Refused {
                seat,
                action,
                refusal,
            } => Message::tagged(refusal, "refusal", "refusal.catan.")
                .arg("seat", seat)
                .arg("action", action),
            Error::Config(c) => Message::tagged(c, "refusal", "refusal.catan.config."),
            Error::Outcome(why) => Message::new("refusal.outcome").arg("why", why),
            Error::Position(why) => Message::new("refusal.position").arg("why", why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_keys_with_arguments() {
        let e = Error::Refused {
            seat: 1,
            action: "city 3".into(),
            refusal: Refusal::NoPiecesLeft { piece: "city" },
        };
        let m = e.message();
        assert_eq!(m.key, "refusal.catan.no_pieces_left");
        assert_eq!(m.text("piece").as_deref(), Some("city"));
        let c: Error = ConfigError::Players { players: 5 }.into();
        assert_eq!(c.message().key, "refusal.catan.config.players");
    }
}
