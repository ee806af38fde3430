//! Game configuration: player count, expansion, board and the options for every
//! contested reading (docs/catan/rules.md). Each option documents its default.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Expansion {
    /// Base Catan, 3-4 players, 10 points.
    #[default]
    Base,
    /// Cities & Knights (seed 004), 3-4 players, 13 points.
    CitiesAndKnights,
}

/// Which board is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum BoardKind {
    /// The beginner board of the data file (terrain, numbers and harbours fixed).
    Beginner,
    /// Terrain shuffled into the frame and harbour tokens shuffled onto the slots
    /// (catanboard.com almanac, "Set-Up, Variable"), numbers as [`Numbers`] says.
    #[default]
    Random,
}

/// How number tokens go on a random board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Numbers {
    /// In letter order A..R from a corner of the outer ring, counter-clockwise toward
    /// the centre, skipping the desert (the almanac's official method).
    #[default]
    Spiral,
    /// Shuffled; see [`Config::separate_red_numbers`].
    Shuffled,
}

/// When a player who has the points to win wins (digest C16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum VictoryTiming {
    /// At any moment of one's own turn (checked after each of one's decisions and
    /// when one's turn begins): the standard reading.
    #[default]
    OwnTurn,
    /// Only when one's turn begins (seed 004, section 17 read literally: "só ganha se
    /// ainda tiver 13 pontos quando começar seu turno normal").
    TurnStart,
}

/// How many cards a player over the limit discards on a 7 (digest C11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DiscardRounding {
    /// Half, rounded down (catanatron, the 5th-edition rules; data file `seven`).
    #[default]
    Down,
    /// Half, rounded up.
    Up,
}

/// Who gets the Defender of Catan when the knights win (digest C1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DefenderRule {
    /// The sole seat with the greatest active knight strength (seed 004 L64 and L153).
    #[default]
    Strength,
    /// The sole seat with the most active knights (seed 004 L63 read literally).
    MostKnights,
}

/// What the sole best defender gets when the six Defender of Catan cards are all
/// taken (the box holds six: data file `defender_cards`; seed 004 and the digest are
/// silent on running out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DefenderSupply {
    /// Nothing: a card that is not in the supply cannot be given, and no rule gives
    /// anything in its place.
    #[default]
    Limited,
    /// A progress card from the deck it chooses, as defenders tied at the top take
    /// (seed 004 L64), when a deck has one.
    ProgressCard,
    /// A Defender of Catan card every time, as if the supply never ran out (Cities3D,
    /// RuleBarbarianAttack.cpp, counts no supply).
    Unlimited,
}

/// Which knights activated this turn may act (digest C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FreshKnights {
    /// A knight activated this turn takes no action this turn (the standard reading).
    #[default]
    NoAction,
    /// Only the robber chase needs a knight active since before the turn (seed 004
    /// L57); a knight activated this turn may move or displace, unless it was also
    /// placed this turn (L39).
    ChaseOnly,
}

/// When the level-3 science ability (Aqueduct) gives a resource (digest C10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AqueductRule {
    /// When a non-7 production roll gives the seat no card (the publisher's reading).
    #[default]
    NothingReceived,
    /// Also when one of the seat's hexes with the rolled number holds the robber, even
    /// if another hex produced (seed 004 L103 read literally: "ou se o seu número for
    /// bloqueado").
    AlsoWhenBlocked,
}

/// How many progress cards a seat may hold during its own turn (digest C13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OwnTurnHand {
    /// Five: a sixth drawn on one's turn is discarded at once (seed 004 L116 "você pode
    /// ter 5 no seu turno").
    #[default]
    Five,
    /// Any number during one's turn; down to four when it ends.
    Unlimited,
}

/// The knight a Deserter gives (digest C14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DeserterLevel {
    /// The removed knight's level (seed 004 L53: a mighty knight without the Fortress).
    #[default]
    Same,
    /// A basic knight.
    Basic,
}

/// The Cities & Knights readings (ignored by the base game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CkOptions {
    pub defender: DefenderRule,
    pub fresh_knights: FreshKnights,
    pub aqueduct: AqueductRule,
    pub own_turn_hand: OwnTurnHand,
    pub deserter: DeserterLevel,
    pub defender_supply: DefenderSupply,
}

impl CkOptions {
    fn is_default(&self) -> bool {
        *self == CkOptions::default()
    }
}

// A field left out when written says `default` itself, as the struct already does
// for all: ts-rs reads only the field's to mark it optional in the browser's types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Config {
    /// 3 or 4.
    pub players: u8,
    pub expansion: Expansion,
    pub board: BoardKind,
    pub numbers: Numbers,
    /// With shuffled numbers, 6s and 8s never on neighbouring hexes (default true).
    pub separate_red_numbers: bool,
    /// Trades between players offered (default true). Maritime trade is always on.
    pub player_trades: bool,
    pub victory: VictoryTiming,
    pub discard_rounding: DiscardRounding,
    /// Turns after which the game stops without a winner (0: no limit, the rules'
    /// game). For simulations; the rulebook has no such limit.
    pub turn_limit: u32,
    /// The Cities & Knights readings (digest section C), written only when not the defaults.
    #[serde(default, skip_serializing_if = "CkOptions::is_default")]
    pub ck: CkOptions,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            expansion: Expansion::Base,
            board: BoardKind::Random,
            numbers: Numbers::Spiral,
            separate_red_numbers: true,
            player_trades: true,
            victory: VictoryTiming::OwnTurn,
            discard_rounding: DiscardRounding::Down,
            turn_limit: 0,
            ck: CkOptions::default(),
        }
    }
}

impl Config {
    pub fn players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// A Cities & Knights game for `players`.
    pub fn cities_and_knights(players: u8) -> Config {
        Config {
            expansion: Expansion::CitiesAndKnights,
            ..Config::players(players)
        }
    }

    pub fn is_ck(&self) -> bool {
        self.expansion == Expansion::CitiesAndKnights
    }

    pub fn validate(&self) -> Result<(), crate::Error> {
        use crate::error::ConfigError;
        if !(3..=4).contains(&self.players) {
            return Err(ConfigError::Players {
                players: self.players,
            }
            .into());
        }
        Ok(())
    }
}
