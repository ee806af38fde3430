//! Game configuration: player count, edition, duchies and the options for every
//! contested reading of the rulebooks (digest section 15). Defaults are documented
//! on each option.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Edition {
    /// Special Edition (2019), seeds 000 and 002.
    #[default]
    Special,
    /// Classic deluxe edition, seed 001: knowledge tile 6 buys from any depot paying
    /// silver or workers; 3 players use the 2-3 side of the board.
    Classic,
    /// Classic first printing (2011) tiles: knowledge tile 6 buys from the numbered
    /// depots for 2 silver, 15 gives 3 VP per goods type, 26 gives 2 VP per bonus tile.
    Classic2011,
}

/// Tie-break 1 (digest A1): seeds 000 and 001 say the player with **more** empty duchy
/// spaces wins ("mais espaços vazios"); seed 002 says **fewer** ("menos casillas libres").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum EmptySpacesTiebreak {
    #[default]
    More,
    Fewer,
}

/// Knowledge tile 8 (digest A5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Knowledge8 {
    /// Each worker changes the die by 1 or by 2 (seeds 002 and 001 "podes somar ou
    /// subtrair 2"; the worked example 6 -> 3 with two workers needs a 1-step change).
    #[default]
    OneOrTwo,
    /// Each worker changes the die by exactly 2 (seed 000 read literally).
    TwoOnly,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RuleOptions {
    pub tiebreak: EmptySpacesTiebreak,
    pub knowledge8: Knowledge8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// 2, 3 or 4.
    pub players: u8,
    pub edition: Edition,
    /// Duchy board number (1-10) per seat; empty: each seat gets a random board.
    pub duchies: Vec<u8>,
    /// Beginner setup (seed 000, "Preparação do jogo" 9): the starting castle goes on
    /// the central castle space instead of one of the player's choice.
    pub castle_on_centre: bool,
    pub rules: RuleOptions,
    /// Expansion modules enabled by name (`modules/`); none: the base game.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub modules: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            edition: Edition::Special,
            duchies: Vec::new(),
            castle_on_centre: false,
            rules: RuleOptions::default(),
            modules: Vec::new(),
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

    /// The central board side for this edition and player count (seed 000: 2-player
    /// side, 3-4 side; seed 001: 4-player side, 2-3 side).
    pub fn board_side(&self) -> &'static str {
        match (self.edition, self.players) {
            (Edition::Special, 2) => "special-2",
            (Edition::Special, _) => "special-3-4",
            (_, 4) => "classic-4",
            _ => "classic-2-3",
        }
    }

    /// VP per good sold, and the large and small colour bonus (seed 000, "Regras
    /// para 2 e 3 jogadores").
    pub fn sale_vp(&self) -> i32 {
        self.players as i32
    }
    pub fn bonus_vp(&self, first: bool) -> i32 {
        if first {
            self.players as i32 + 3
        } else {
            self.players as i32
        }
    }
    pub fn knowledge15_vp(&self) -> i32 {
        if self.edition == Edition::Classic2011 {
            3
        } else {
            2
        }
    }
    pub fn knowledge26_vp(&self) -> i32 {
        if self.edition == Edition::Classic2011 {
            2
        } else {
            3
        }
    }
}
