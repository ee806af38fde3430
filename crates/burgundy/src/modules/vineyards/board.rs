//! The vineyard board as `data/vineyards.json` gives it (a reconstruction marked
//! provisional): its spaces, each two hexes with a die number and two bonus
//! actions, on terraces from the lowest up.

use super::Planted;
use crate::sets::ColourSet;
use crate::tile::Colour;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const VINEYARDS_JSON: &str = include_str!("../../../data/vineyards.json");

/// A bonus action of a vineyard space (seed 000 line 977: most are the effects of
/// buildings and the castle; lines 981 and 983 the two new ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VineBonus {
    Silver(u8),
    Workers(u8),
    Vp(u8),
    /// A tile of these colours from a numbered depot (market, carpenter, church).
    Take(ColourSet),
    /// The castle's extra action.
    Castle,
    /// The warehouse's sale.
    Sell,
    /// The city hall's placement.
    Place,
    /// A tile from the black depot or a hexamino from the vine shop, free, no
    /// purchase (seed 000 line 981).
    BlackOrShop,
    /// A hexamino from the vine depot (seed 000 line 983).
    VineDepot,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RawBonus {
    Silver(u8),
    Workers(u8),
    Vp(u8),
    Take(Vec<Colour>),
    Castle,
    Sell,
    Place,
    BlackOrShop,
    VineDepot,
}

impl From<RawBonus> for VineBonus {
    fn from(r: RawBonus) -> VineBonus {
        match r {
            RawBonus::Silver(n) => VineBonus::Silver(n),
            RawBonus::Workers(n) => VineBonus::Workers(n),
            RawBonus::Vp(n) => VineBonus::Vp(n),
            RawBonus::Take(c) => VineBonus::Take(ColourSet::of(&c)),
            RawBonus::Castle => VineBonus::Castle,
            RawBonus::Sell => VineBonus::Sell,
            RawBonus::Place => VineBonus::Place,
            RawBonus::BlackOrShop => VineBonus::BlackOrShop,
            RawBonus::VineDepot => VineBonus::VineDepot,
        }
    }
}

#[derive(Deserialize)]
struct RawSpace {
    space: u8,
    level: u8,
    die: u8,
    cells: [[i8; 2]; 2],
    bonuses: [RawBonus; 2],
}

/// A hexamino space of the vineyard board.
#[derive(Clone, Debug)]
pub struct VineSpace {
    pub space: u8,
    /// The terrace, 1 the lowest.
    pub level: u8,
    /// The die number a placement needs.
    pub die: u8,
    pub cells: [[i8; 2]; 2],
    pub bonuses: [VineBonus; 2],
}

impl VineSpace {
    /// Does it share a side with `other` (a hex of one touching a hex of the other)?
    #[inline]
    pub fn touches(&self, other: &VineSpace) -> bool {
        (self.cells.iter()).any(|&x| other.cells.iter().any(|&y| touching(x, y)))
    }
}

/// The vineyard board (the four are taken to be alike).
#[derive(Clone, Debug)]
pub struct VineyardBoard {
    pub spaces: Vec<VineSpace>,
    /// Read from a picture: false, a reconstruction (provisional).
    pub verified: bool,
}

/// Do two hexes (axial coordinates) share a side?
pub(super) fn touching(a: [i8; 2], b: [i8; 2]) -> bool {
    let (dq, dr) = (b[0] - a[0], b[1] - a[1]);
    matches!(
        (dq, dr),
        (1, 0) | (-1, 0) | (0, 1) | (0, -1) | (1, -1) | (-1, 1)
    )
}

impl VineyardBoard {
    /// The board of the embedded data; a game reads its own content's
    /// (`Content::vineyard`).
    pub fn embedded() -> &'static VineyardBoard {
        &crate::content::Content::embedded().vineyard
    }

    /// The data file read and checked ([`VineyardBoard::check`]).
    pub fn parse(text: &str) -> Result<VineyardBoard, crate::content::ContentError> {
        let bad = |message| crate::content::ContentError {
            file: "vineyards.json",
            message,
        };
        let board = VineyardBoard::from_json(text).map_err(bad)?;
        board.check().map_err(bad)?;
        Ok(board)
    }

    pub fn from_json(text: &str) -> Result<VineyardBoard, String> {
        #[derive(Deserialize)]
        struct Raw {
            verified: bool,
            board: RawBoard,
        }
        #[derive(Deserialize)]
        struct RawBoard {
            spaces: Vec<RawSpace>,
        }
        let raw: Raw = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let spaces = raw
            .board
            .spaces
            .into_iter()
            .map(|s| VineSpace {
                space: s.space,
                level: s.level,
                die: s.die,
                cells: s.cells,
                bonuses: s.bonuses.map(VineBonus::from),
            })
            .collect();
        Ok(VineyardBoard {
            spaces,
            verified: raw.verified,
        })
    }

    /// What the rules need of a board: spaces numbered once, each two touching
    /// hexes no other space covers, a die number 1-6, terraces from 1, a first
    /// placement possible on the lowest (a space numbered 1-4, seed 000 line 975),
    /// and every space reachable from there through spaces sharing a side (a
    /// placement goes next to a placed one).
    pub fn check(&self) -> Result<(), String> {
        let first = self.spaces.first().ok_or("the board has no space")?;
        let mut cells = std::collections::BTreeSet::new();
        for (i, s) in self.spaces.iter().enumerate() {
            let n = s.space;
            if self.spaces[..i].iter().any(|o| o.space == n) {
                return Err(format!("space {n} is listed twice"));
            }
            if !(1..=6).contains(&s.die) || s.level == 0 {
                return Err(format!("space {n}: a die number 1-6 and a terrace from 1"));
            }
            if !touching(s.cells[0], s.cells[1]) {
                return Err(format!("space {n}: its two hexes do not share a side"));
            }
            if !s.cells.iter().all(|&c| cells.insert(c)) {
                return Err(format!("space {n}: a hex another space covers"));
            }
            if s.bonuses
                .iter()
                .any(|b| matches!(b, VineBonus::Take(c) if *c == ColourSet::default()))
            {
                return Err(format!("space {n}: a tile to take of no colour"));
            }
        }
        let lowest = self.lowest();
        let mut reached: Vec<u8> = (self.spaces.iter())
            .filter(|s| s.level == lowest && (1..=4).contains(&s.die))
            .map(|s| s.space)
            .take(1)
            .collect();
        if reached.is_empty() {
            return Err(format!("terrace {lowest} has no space numbered 1 to 4"));
        }
        while let Some(s) = (self.spaces.iter()).find(|s| {
            !reached.contains(&s.space) && reached.iter().any(|&r| self.adjacent(r, s.space))
        }) {
            reached.push(s.space);
        }
        match reached.len() == self.spaces.len() {
            true => Ok(()),
            false => Err(format!(
                "space {} cannot be reached from terrace {lowest} through spaces sharing a side",
                (self.spaces.iter().find(|s| !reached.contains(&s.space)))
                    .map_or(first.space, |s| s.space)
            )),
        }
    }

    pub fn space(&self, space: u8) -> Option<&VineSpace> {
        self.spaces.iter().find(|s| s.space == space)
    }

    /// The lowest terrace.
    pub fn lowest(&self) -> u8 {
        self.spaces.iter().map(|s| s.level).min().unwrap_or(1)
    }

    /// Do two spaces share a side (a hex of one touching a hex of the other)?
    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        match (self.space(a), self.space(b)) {
            (Some(a), Some(b)) => a.touches(b),
            _ => false,
        }
    }

    /// Is every space of terrace `level` covered?
    pub fn level_covered(&self, level: u8, planted: &BTreeMap<u8, Planted>) -> bool {
        self.spaces
            .iter()
            .filter(|s| s.level == level)
            .all(|s| planted.contains_key(&s.space))
    }

    /// Each covered hex with its vine.
    pub(super) fn planted_cells(
        &self,
        planted: &BTreeMap<u8, Planted>,
    ) -> Vec<([i8; 2], super::Vine)> {
        planted
            .iter()
            .filter_map(|(&n, p)| {
                self.space(n)
                    .map(|s| [(s.cells[0], p.0), (s.cells[1], p.1)])
            })
            .flatten()
            .collect()
    }
}
