//! The solo game (10th expansion; seed 000 lines 819-863, seed 002 lines 853-897,
//! classic seed 001 lines 1047-1100): one player on duchy 33 or 34 (classic 13A or
//! 13B) plays 25 rounds against a VP goal and wins by filling all 37 spaces.
//!
//! Setup ([`Burgundy::solo_set_up`]), the round start ([`Burgundy::solo_round_start`]),
//! the ship, the goal, the colour bonus and the end live in `play.rs`; the boards in
//! `board.rs`; which configs may ask for it in `rules.rs`.

mod board;
mod play;
mod rules;

pub use board::SOLO_DUCHIES_JSON;
pub(crate) use play::Solo;
pub use play::SOLO_GOAL;
pub(crate) use rules::solo_refusal;

use crate::content::{ContentError, Duchy, DuchyBoard};
use serde::{Deserialize, Serialize};

/// The solo game's one double-sided board: 33 for beginners, 34 for advanced
/// players (seed 000 line 96 "Tabuleiro de Ducado impresso em ambos os lados: Jogo
/// Solo (#33-34)", line 827).
pub(crate) const SOLO_BOARD: DuchyBoard = DuchyBoard {
    sides: [33, 34],
    copies: 1,
};

/// The solo boards, from the text of their data file.
pub(crate) fn solo_duchies(text: &str) -> Result<Vec<Duchy>, ContentError> {
    board::solo_duchies(text)
}

/// The difficulty: the VP goal the game starts at. Seed 000 line 863: "comece o jogo
/// com o objetivo de pontos de vitória em uma posição menor que 50 (quanto menor,
/// mais fácil) (...) aumente o objetivo (quanto maior, mais difícil)"; seed 001 line
/// 1097 names 45-55 ("49, 48 ... 45 (muito mais fácil) (...) 51, 52 ... 55"), the
/// range the classic edition accepts. Default 50 (all three seeds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SoloGoal(pub u8);

impl Default for SoloGoal {
    fn default() -> SoloGoal {
        SoloGoal(50)
    }
}

impl SoloGoal {
    /// The lowest goal: the goal stops moving at 5 (seed 000 line 853 "até um mínimo
    /// de 5"). Seed 001 states no minimum; a goal of 0 would be reached at once, so
    /// the Special Edition's floor holds in both editions.
    pub const FLOOR: u8 = 5;
    /// The highest goal the VP track shows (0-99; the 100 token is a lap).
    pub const MAX: u8 = 99;
}

/// Digest A10: which of the round spaces' goods moves at a round's start. Seed 000
/// line 837 "pegue a mercadoria mais abaixo" (the bottom one); seed 002 line 871
/// "coge la loseta de mercancía superior" and seed 001 line 1065 "pega na peça de
/// mercadorias mais acima" (the top one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SoloRoundGood {
    /// The top one (seeds 002 and 001): the last of `round_goods`.
    #[default]
    Top,
    /// The bottom one (seed 000), as in the base game: the first of `round_goods`.
    Bottom,
}

/// Digest A7: which way "the next depot clockwise" goes when the white die's depot is
/// empty (seed 000 line 839 "do próximo depósito em sentido horário"). The board's
/// picture is lost; seed 001 line 1067 (rows in depots 1 and 4, columns in 2, 3, 5
/// and 6) suggests the ring 1-2-3-4-5-6-1 with clockwise ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SoloClockwise {
    /// 6, 1, 2, ...: the next number up, 6 followed by 1.
    #[default]
    Ascending,
    /// 1, 6, 5, ...: the next number down, 1 followed by 6.
    Descending,
}

/// What the solo game keeps on the table: part of the position (`modules.solo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SoloState {
    /// The VP goal: the turn-order marker on the VP track (seed 000 line 829).
    pub goal: u8,
    /// Goods removed from the game (a ship's other depots, trades), by type.
    #[serde(default)]
    pub goods_out: [u8; 6],
    /// Face-down black tiles traded for goods so far (in storage, in the duchy, or
    /// discarded).
    #[serde(default)]
    pub face_down: u8,
}
