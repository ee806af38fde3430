//! The knowledge tiles (yellow, monastério / monasterio) that act during the game, as
//! named effects read from `data/knowledge.json`: call sites ask `game.knows(seat, effect)`,
//! not for a tile number. Tiles 15-26 score at the end (`scoring.rs`).

use crate::state::{Burgundy, Player};
use crate::tile::Tile;
use serde::Deserialize;
use std::sync::OnceLock;
use tabuleiro_core::Seat;

/// An effect of a knowledge tile during the game (seed 000, "Peças de monastério").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Knowledge {
    TwinBuildings,
    MineWorkers,
    SaleSilver,
    SaleWorker,
    ShipAdjacent,
    Purchase,
    LivestockBonus,
    WorkersTwo,
    FreeStepBuildings,
    FreeStepWaterPasture,
    FreeStepOthers,
    FreeStepTake,
    WorkersSilver,
    FourWorkers,
    /// Tile 27 (extra hexes).
    TopOfStack,
    /// Tile 28 (extra hexes).
    HireWorkers,
}

/// How many effects there are.
const EFFECTS: usize = Knowledge::HireWorkers as usize + 1;

pub const KNOWLEDGE_JSON: &str = include_str!("../data/knowledge.json");

#[derive(Deserialize)]
struct Row {
    number: u8,
    effect: Knowledge,
}

#[derive(Deserialize)]
struct File {
    tiles: Vec<Row>,
}

/// The tile number of each effect, checked: every effect on exactly one tile 1-26.
fn parse(text: &str) -> Result<[u8; EFFECTS], String> {
    let file: File = serde_json::from_str(text).map_err(|e| format!("knowledge.json: {e}"))?;
    let mut tile = [0u8; EFFECTS];
    for row in file.tiles {
        if !(1..=crate::tile::KNOWLEDGE_TILES as u8).contains(&row.number) {
            return Err(format!("knowledge.json: no knowledge tile {}", row.number));
        }
        let slot = &mut tile[row.effect as usize];
        if *slot != 0 {
            return Err(format!("knowledge.json: {:?} is on two tiles", row.effect));
        }
        *slot = row.number;
    }
    match tile.iter().position(|&n| n == 0) {
        Some(i) => Err(format!("knowledge.json: effect {i} is on no tile")),
        None => Ok(tile),
    }
}

impl Knowledge {
    /// The knowledge tile that has this effect.
    pub fn tile(self) -> Tile {
        Tile::Knowledge(self.number())
    }

    /// The number of the knowledge tile that has this effect.
    #[inline]
    fn number(self) -> u8 {
        tiles()[self as usize]
    }

    /// The bit of this effect's tile in a duchy's knowledge tiles
    /// ([`crate::state::Spaces::knowledge_mask`]), worked out once with the numbers:
    /// `knows` is asked several times a decision (issue 46).
    #[inline]
    pub(crate) fn mask(self) -> u32 {
        static MASKS: OnceLock<[u32; EFFECTS]> = OnceLock::new();
        MASKS.get_or_init(|| tiles().map(|n| 1u32 << n))[self as usize]
    }
}

/// The tile number of each effect, read once from the data.
fn tiles() -> &'static [u8; EFFECTS] {
    static TILES: OnceLock<[u8; EFFECTS]> = OnceLock::new();
    TILES.get_or_init(|| parse(KNOWLEDGE_JSON).expect("embedded data is valid"))
}

impl Player {
    /// Has this player placed the knowledge tile with this effect?
    #[inline]
    pub fn knows(&self, effect: Knowledge) -> bool {
        self.spaces.knowledge_mask() & effect.mask() != 0
    }
}

impl Burgundy {
    /// Does `seat` have this knowledge tile's effect: placed in its duchy, or, with
    /// shield 6, in the duchy of the player chosen (seed 000 line 901: "Todos os
    /// mosteiros do ducado do jogador escolhido (excetuando o mosteiro 27) contam
    /// como se fossem seus", new ones too).
    #[inline]
    pub fn knows(&self, seat: Seat, effect: Knowledge) -> bool {
        // Asked several times a decision: shield 6 is looked at only when a seat
        // holds one (issue 18: the call cost 3% of random play), and the tile's bit
        // is read, not shifted from its number (issue 46).
        self.players[seat as usize].knows(effect)
            || (self.modules.shield6.is_some() && self.shares_knowledge(seat, effect.number()))
    }

    /// Shield 6: does `seat` hold it, having chosen a player who placed knowledge
    /// tile `n` (not 27 unless `rules.shield6` counts it)?
    pub fn shares_knowledge(&self, seat: Seat, n: u8) -> bool {
        self.modules.shield6.is_some_and(|from| {
            let all = self.config.rules.shield6 == crate::config::Shield6::All;
            from != seat
                && (all || n != crate::modules::shield::SHARED_MONASTERIES_EXCEPT)
                && self.owner_has_knowledge(from, n)
                && self.holds_shield(seat, crate::modules::shield::SHARED_MONASTERIES)
        })
    }

    /// Has shield 6's chosen owner placed knowledge tile `n`: a seat in its duchy,
    /// or the AutoDuke (the seat after the last) face up on its duchy or its cards,
    /// not its reserve (seed 000 line 1234; only the ability: its own VP stay its).
    fn owner_has_knowledge(&self, from: Seat, n: u8) -> bool {
        match self.players.get(from as usize) {
            Some(p) => p.has_knowledge(n),
            None => self
                .modules
                .auto_duke
                .as_ref()
                .is_some_and(|ad| ad.face_up().any(|t| t == Tile::Knowledge(n))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_come_from_the_data() {
        assert_eq!(Knowledge::TwinBuildings.tile(), Tile::Knowledge(1));
        assert_eq!(Knowledge::WorkersTwo.tile(), Tile::Knowledge(8));
        assert_eq!(Knowledge::FourWorkers.tile(), Tile::Knowledge(14));
        // Each effect's bit is its tile's (tiles 1-29 fit a 32-bit set); the data
        // names every effect once (`parse`).
        let file: File = serde_json::from_str(KNOWLEDGE_JSON).unwrap();
        assert_eq!(file.tiles.len(), EFFECTS);
        for row in file.tiles {
            assert_eq!(row.effect.mask(), 1u32 << row.number, "{:?}", row.effect);
        }
        assert_eq!(Knowledge::WorkersTwo.mask(), 1 << 8);
    }

    #[test]
    fn bad_data_is_refused() {
        let twice = r#"{"tiles": [{"number": 1, "effect": "sale-silver"}, {"number": 2, "effect": "sale-silver"}]}"#;
        assert!(parse(twice).unwrap_err().contains("two tiles"));
        let missing = r#"{"tiles": [{"number": 3, "effect": "sale-silver"}]}"#;
        assert!(parse(missing).unwrap_err().contains("on no tile"));
        let number = r#"{"tiles": [{"number": 30, "effect": "sale-silver"}]}"#;
        assert!(parse(number).unwrap_err().contains("no knowledge tile 30"));
    }
}
