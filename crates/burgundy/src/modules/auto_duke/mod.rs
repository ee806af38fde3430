//! The AutoDuke (Châteautoma) automa (seed 000 lines 1023-1240, seed 002 lines
//! 1073-1290; digest 13.12): an opponent of the rules, not a seat. It counts as a
//! player for setup (seed 000 line 1036), rolls its own die on its turn and resolves
//! its one action, "escolher e colocar uma peça hexagonal", by its fixed procedure
//! (line 1103): no one decides for it. Its die rolls and card draws are chance steps.
//!
//! Content: its village cards 1-9, its vineyard cards 10-17 and boards 35/36 were
//! not found; the data file
//! (`data/auto_duke.json`) is a reconstruction marked provisional.

mod data;
mod expansions;
mod options;
mod play;
mod setup;
mod vineyards;

pub use data::{AutoDukeBoard, AutoDukeData, VillageCardData, AUTO_DUKE_JSON};
pub use options::{
    AutoDukeCastleBonus, AutoDukeLevel, AutoDukeModifierB, AutoDukeModifiers, AutoDukeOrder,
    AutoDukePurchase, AutoDukeWhiteCastle,
};
pub(crate) use play::AutoDukeHooks;

use crate::state::BonusTile;
use crate::tile::Tile;
use serde::{Deserialize, Serialize};

/// The automaton's catalogue key (`Participant::Automaton`).
pub const AUTO_DUKE: &str = "burgundy.auto_duke";

/// A tile on a village card, in the duchy or face down in the reserve: the tile
/// itself (every tile was seen face up when taken) and whether it lies face down as
/// a wildcard (seed 000 line 1128: "virada para baixo (como um tipo curinga)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Held {
    pub tile: Tile,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub face_down: bool,
}

impl Held {
    pub fn up(tile: Tile) -> Held {
        Held {
            tile,
            face_down: false,
        }
    }
}

/// A face-up village card: its number and what lies on each of its spaces, in
/// reading order (left to right, top row first).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VillageCard {
    pub number: u8,
    pub spaces: Vec<Option<Held>>,
}

impl VillageCard {
    pub fn full(&self) -> bool {
        self.spaces.iter().all(Option::is_some)
    }
}

/// Why the AutoDuke sells goods: a covered sell symbol (step 3), its warehouse
/// (step 2), a castle's or an extra turn's action that found no tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SaleCause {
    Symbol,
    Warehouse,
    Castle,
    ExtraTurn,
}

/// Which die chose the depot a tile was taken from: its own (step 1) or the white
/// die (a castle's bonus action, an extra turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeAction {
    /// Step 1, "escolher e colocar" with its own die.
    Turn,
    /// A castle's bonus action (white die).
    Castle,
    /// Modifier D's extra turn (white die).
    ExtraTurn,
    /// The city hall moved a reserve tile.
    CityHall,
}

/// Everything the AutoDuke keeps on the table (part of the position, under
/// `modules.auto_duke`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AutoDuke {
    /// Its duchy board: 35, or 36 with modifier A, B or D (seed 000 line 1208).
    pub board: u8,
    /// The village cards are dealt (at the first phase start).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealt: bool,
    /// The face-up cards, the left (1-4) one first.
    pub cards: Vec<VillageCard>,
    /// The face-down deck's cards, in number order: which comes next is chance.
    pub deck: Vec<u8>,
    /// The cards completed and discarded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub completed: Vec<u8>,
    /// Its duchy's spaces in reading order (the board's `spaces`).
    pub duchy: Vec<Option<Held>>,
    /// Tiles stacked on a full colour (seed 000 line 1162: "coloque as novas peças
    /// hexagonais sobre uma outra da mesma cor").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stacked: Vec<Tile>,
    /// The reserve's face-up tiles in the order they came: each type's stack has its
    /// last one on top (seed 000 line 1082).
    pub reserve: Vec<Tile>,
    /// The reserve's wildcard spaces: tiles face down.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wild: Vec<Tile>,
    pub goods: [u8; 6],
    pub sold: [u8; 6],
    pub silver: u32,
    pub vp: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonus_tiles: Vec<BonusTile>,
    /// The trading-post tile it took (module `trading-posts`): 1 the 5/6/7 VP one,
    /// 2 the 2/3/4 VP one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trading_post_tile: Option<u8>,
    /// Its shields (module `shields`), face down beside its board, in the order
    /// taken (seed 000 line 1236).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shields: Vec<u8>,
    /// Its hexaminoes (module `vineyards`), piled beside its duchy (seed 000 lines
    /// 1252, 1264): scored by their count at the end.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexaminoes: Vec<crate::modules::Hexamino>,
    /// Its turn-order marker: the track space, and how many seats' markers lie
    /// under it in that space's stack.
    pub marker: u8,
    pub under: u8,
    /// This round: how many seats play before it, and whether it has played.
    pub slot: u8,
    pub played: bool,
    /// Its die this round, once rolled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
}

impl AutoDuke {
    /// Its duchy's tiles laid face down (modifier A), with their spaces: what no one
    /// has seen, hidden by views and drawn anew by guesses.
    pub(crate) fn face_down(&self) -> impl Iterator<Item = (u8, Tile)> + '_ {
        let spaces = self.duchy.iter().enumerate();
        spaces.filter_map(|(space, h)| h.filter(|h| h.face_down).map(|h| (space as u8, h.tile)))
    }

    /// Does an empty card slot wait for a card of the deck?
    pub fn needs_card(&self) -> bool {
        self.dealt && self.cards.len() < 2 && !self.deck.is_empty()
    }

    /// Every tile it holds: cards, duchy, stacks, reserve.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        let on_cards = self.cards.iter().flat_map(|c| c.spaces.iter().flatten());
        on_cards
            .chain(self.duchy.iter().flatten())
            .map(|h| h.tile)
            .chain(self.stacked.iter().copied())
            .chain(self.reserve.iter().copied())
            .chain(self.wild.iter().copied())
    }
}

impl SaleCause {
    /// The catalogue key's ending: one sentence per cause.
    pub fn key_suffix(self) -> &'static str {
        match self {
            SaleCause::Symbol => "-symbol",
            SaleCause::Warehouse => "-warehouse",
            SaleCause::Castle => "-castle",
            SaleCause::ExtraTurn => "-extra-turn",
        }
    }
}

impl AutoDukeAction {
    /// The catalogue key's ending: step 1 has none.
    pub fn key_suffix(self) -> &'static str {
        match self {
            AutoDukeAction::Turn => "",
            AutoDukeAction::Castle => "-castle",
            AutoDukeAction::ExtraTurn => "-extra-turn",
            AutoDukeAction::CityHall => "-city-hall",
        }
    }
}
