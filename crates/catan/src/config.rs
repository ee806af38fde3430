//! Game configuration: player count, expansion, board and the options for every
//! contested reading (docs/catan/rules.md). Each option documents its default.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Expansion {
    /// Base Catan, 3-4 players, 10 points.
    #[default]
    Base,
    /// Cities & Knights (seed 004): not built yet, refused by [`Config::validate`].
    CitiesAndKnights,
}

/// Which board is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
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
pub enum DiscardRounding {
    /// Half, rounded down (catanatron, the 5th-edition rules; data file `seven`).
    #[default]
    Down,
    /// Half, rounded up.
    Up,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
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

    pub fn validate(&self) -> Result<(), crate::Error> {
        use crate::error::ConfigError;
        if !(3..=4).contains(&self.players) {
            return Err(ConfigError::Players {
                players: self.players,
            }
            .into());
        }
        if self.expansion == Expansion::CitiesAndKnights {
            return Err(ConfigError::ExpansionNotBuilt {
                expansion: "cities_and_knights".into(),
            }
            .into());
        }
        Ok(())
    }
}
