//! Vineyards (module `vineyards`; seed 000 "VINHEDOS", lines 916-1019; seed 002
//! "VIÑEDOS", lines 956-1069): hexaminoes (two vines on two hexes) taken from the
//! vine depot with a die or bought from the vine shop, placed on each player's
//! vineyard board for its two bonus actions, a vine bonus tile for each terrace
//! covered, and the connected vines scored at the end.
//!
//! The vineyard board's printed layout was not found: `data/vineyards.json` is a
//! reconstruction marked provisional (the record and the tables say so).

mod board;
mod chance;
mod play;
mod team;
mod value;

pub use board::{VineBonus, VineSpace, VineyardBoard, VINEYARDS_JSON};
pub use play::VineMove;
pub use team::{vines_held, VineKeys};
pub(crate) use value::vineyard_value;

use crate::action::{Event, ScoreReason};
use crate::state::Burgundy;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::Seat;

/// The six vine colours (the names the TTS mod gives the vine bonus tiles; the
/// printed grape colours are not verified, data/vineyards.json).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Vine {
    Orange,
    Yellow,
    Green,
    Red,
    Black,
    Blue,
}

impl Vine {
    pub const ALL: [Vine; 6] = [
        Vine::Orange,
        Vine::Yellow,
        Vine::Green,
        Vine::Red,
        Vine::Black,
        Vine::Blue,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Vine::Orange => "orange",
            Vine::Yellow => "yellow",
            Vine::Green => "green",
            Vine::Red => "red",
            Vine::Black => "black",
            Vine::Blue => "blue",
        }
    }

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Vine {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Vine {
    type Err = String;
    fn from_str(s: &str) -> Result<Vine, String> {
        Vine::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| {
                format!("{s:?} is not a vine colour (orange, yellow, green, red, black, blue)")
            })
    }
}

/// A hexamino: two vines, written `green-blue` (the colours in [`Vine::ALL`]'s
/// order; a hexamino is turned when placed, [`VineMove::Place`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "`${Vine}-${Vine}`"))]
pub struct Hexamino {
    pub first: Vine,
    pub second: Vine,
}

impl Hexamino {
    pub fn of(a: Vine, b: Vine) -> Hexamino {
        Hexamino {
            first: a.min(b),
            second: a.max(b),
        }
    }

    /// The 21 kinds: one single-colour hexamino per colour, three of each pair of
    /// colours (51 in all; derived from seed 000 lines 136, 932, 934).
    pub fn kinds() -> impl Iterator<Item = Hexamino> {
        Vine::ALL.into_iter().flat_map(|a| {
            Vine::ALL
                .into_iter()
                .filter(move |&b| b >= a)
                .map(move |b| Hexamino::of(a, b))
        })
    }

    /// Copies in the box: 1 of a single colour, 3 of a pair.
    pub fn copies(self) -> u8 {
        if self.first == self.second {
            1
        } else {
            3
        }
    }

    pub fn has(self, v: Vine) -> bool {
        self.first == v || self.second == v
    }

    /// Its place in [`Hexamino::kinds`]' order (the colours before `first` each
    /// pair with themselves and every later colour).
    #[inline]
    pub(crate) fn kind_index(self) -> usize {
        let (a, b) = (self.first.index(), self.second.index());
        a * 6 - a * a.saturating_sub(1) / 2 + (b - a)
    }
}

/// The number of hexamino kinds ([`Hexamino::kinds`]).
pub(crate) const KINDS: usize = 21;

/// The hexaminoes in a bag, by kind in [`Hexamino::kinds`]' order: a fixed array,
/// so a phase's refill draws without building lists (issue 46).
#[derive(Clone, Copy, Debug)]
pub(crate) struct VineBag {
    pub kinds: [Hexamino; KINDS],
    pub counts: [u8; KINDS],
}

impl VineBag {
    /// The box less the colours `removed` and the hexaminoes `drawn`.
    pub(crate) fn of(removed: &[Vine], drawn: &BTreeMap<Hexamino, u8>) -> VineBag {
        let mut kinds = [Hexamino::of(Vine::Orange, Vine::Orange); KINDS];
        Hexamino::kinds()
            .enumerate()
            .for_each(|(i, h)| kinds[i] = h);
        let mut counts = kinds.map(|h| match removed.iter().any(|&v| h.has(v)) {
            true => 0,
            false => h.copies(),
        });
        for (h, &n) in drawn {
            let left = &mut counts[h.kind_index()];
            *left = left.saturating_sub(n);
        }
        VineBag { kinds, counts }
    }

    /// The hexaminoes left in it.
    pub(crate) fn left(&self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }

    /// Draws one at random, each hexamino left as likely (the weights in kind
    /// order, the removed kinds' zero: the draws of the list without them).
    pub(crate) fn draw(&mut self, rng: &mut tabuleiro_core::Rng) -> Option<Hexamino> {
        let weights = self.counts.map(u32::from);
        let i = rng.weighted(&weights)?;
        self.counts[i] -= 1;
        Some(self.kinds[i])
    }
}

impl fmt::Display for Hexamino {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.second)
    }
}

impl FromStr for Hexamino {
    type Err = String;
    fn from_str(s: &str) -> Result<Hexamino, String> {
        let (a, b) = s
            .split_once('-')
            .ok_or_else(|| format!("{s:?} is not a hexamino (COLOUR-COLOUR, e.g. green-blue)"))?;
        Ok(Hexamino::of(a.parse()?, b.parse()?))
    }
}

serde_as_text!(Hexamino);

/// A hexamino on a vineyard space: the vine on the space's first cell and on its
/// second (as turned when placed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Planted(pub Vine, pub Vine);

/// One seat's vineyard: the hexaminoes in its key spaces, its vineyard board and
/// its vine bonus tiles.
// A field left out when written says `default` itself, as the struct already does
// for all: ts-rs reads only the field's to mark it optional in the browser's types.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VineSeat {
    /// Hexaminoes in the key spaces, each taking 2 (seed 000 line 918).
    pub held: Vec<Hexamino>,
    /// The vineyard board: space number to the vines on it.
    pub board: BTreeMap<u8, Planted>,
    /// Vine bonus tiles, one colour each.
    pub tiles: Vec<Vine>,
    /// The team game: hexaminoes on one of the seat's private key spaces and one of
    /// its team's shared ones ([`VineKeys::Split`]); `held` are on two private ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub split: Vec<Hexamino>,
}

impl VineSeat {
    /// The vineyard as the tables write it: "space:vine/vine", e.g. "4:blue/green".
    pub fn board_words(&self) -> Vec<String> {
        self.board
            .iter()
            .map(|(n, p)| format!("{n}:{}/{}", p.0, p.1))
            .collect()
    }
}

/// What the vineyards keep on the table.
// A field left out when written says `default` itself, as the struct already does
// for all: ts-rs reads only the field's to mark it optional in the browser's types.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Vineyards {
    /// Colours out of the game (`rules.vineyard_colours: removed`).
    pub removed: Vec<Vine>,
    /// The phases whose vine depot and shop were refilled (0 before the setup).
    pub refills: u8,
    /// The vine depot's six positions (with 2-3 players 1, 3 and 5 are used).
    pub depot: [Option<Hexamino>; 6],
    /// The vine shop, left to right.
    pub shop: Vec<Hexamino>,
    /// The shop's positions (1-3) of those hexaminoes once one was taken (the
    /// AutoDuke buys by position, seed 000 line 1270); empty: 1, 2, 3 in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shop_at: Vec<u8>,
    /// Hexaminoes drawn from the bag so far, by kind (the bag is the box less the
    /// removed colours less these).
    #[cfg_attr(feature = "ts", ts(type = "{ [hexamino in Hexamino]?: number }"))]
    pub drawn: BTreeMap<Hexamino, u8>,
    /// Vine bonus tiles left in the supply, by colour.
    pub supply: [u8; 6],
    pub seats: Vec<VineSeat>,
}

impl Vineyards {
    /// The vine depot as the tables write it: "position:hexamino", e.g. "3:red-blue".
    pub fn depot_words(&self) -> Vec<String> {
        self.depot
            .iter()
            .enumerate()
            .filter_map(|(i, h)| h.map(|h| format!("{}:{h}", i + 1)))
            .collect()
    }

    /// The vine shop's hexaminoes, written.
    pub fn shop_words(&self) -> Vec<String> {
        self.shop.iter().map(Hexamino::to_string).collect()
    }

    /// The positions (1-3) of the shop's hexaminoes, left to right.
    pub fn shop_positions(&self) -> Vec<u8> {
        match self.shop_at.is_empty() {
            true => (1..=self.shop.len() as u8).collect(),
            false => self.shop_at.clone(),
        }
    }

    /// Hexaminoes left in the bag, by kind.
    /// The kinds of the colours removed are not listed (the draws' [`VineBag`]
    /// keeps them at zero).
    pub fn bag(&self) -> Vec<(Hexamino, u8)> {
        let bag = VineBag::of(&self.removed, &self.drawn);
        Hexamino::kinds()
            .filter(|h| !self.removed.iter().any(|&v| h.has(v)))
            .map(|h| (h, bag.counts[h.kind_index()]))
            .collect()
    }
}

/// VP of a connected vine area (seed 000 lines 1008-1009): 1, 3, 6, ... 91 for 13.
pub fn vine_area_vp(size: u8) -> i32 {
    crate::state::area_vp(size.min(13))
}

impl Burgundy {
    /// Is the module `vineyards` played?
    #[inline]
    pub fn vineyards(&self) -> Option<&Vineyards> {
        self.modules.vineyards.as_ref()
    }

    pub(crate) fn vineyards_mut(&mut self) -> &mut Vineyards {
        self.modules.vineyards.as_mut().expect("vineyards played")
    }

    /// The key spaces `seat` fills: its hex tiles and, with the vineyards, 2 for each
    /// hexamino it holds (seed 000 line 918); in the team game its private ones and
    /// its team's shared ones.
    #[inline]
    pub(crate) fn key_spaces_used(&self, seat: Seat) -> usize {
        let vines = self.vineyards().map_or(0, |_| {
            let (private, shared) = self.vine_spaces(seat);
            private + shared
        });
        self.players[seat as usize].storage.len() + vines
    }

    /// The sizes of `seat`'s connected areas of each colour, largest first.
    pub fn vine_areas(&self, seat: Seat) -> [Vec<u8>; 6] {
        let mut areas: [Vec<u8>; 6] = Default::default();
        let Some(v) = self.vineyards() else {
            return areas;
        };
        let board = &self.content().vineyard;
        let planted = &v.seats[seat as usize].board;
        let cells = board.planted_cells(planted);
        let mut seen = vec![false; cells.len()];
        for i in 0..cells.len() {
            if seen[i] {
                continue;
            }
            let (cell, vine) = cells[i];
            let mut stack = vec![i];
            seen[i] = true;
            let mut size = 0u8;
            while let Some(j) = stack.pop() {
                size += 1;
                for (k, &(other, v2)) in cells.iter().enumerate() {
                    if !seen[k] && v2 == vine && board::touching(cells[j].0, other) {
                        seen[k] = true;
                        stack.push(k);
                    }
                }
            }
            let _ = cell;
            areas[vine.index()].push(size);
        }
        areas
            .iter_mut()
            .for_each(|a| a.sort_unstable_by(|x, y| y.cmp(x)));
        areas
    }

    /// Seed 000 line 1013: each vine bonus tile scores one connected area of its
    /// colour, each area once: a colour's k tiles take its k largest areas.
    pub fn vine_points(&self, seat: Seat) -> Vec<(ScoreReason, i32)> {
        let Some(v) = self.vineyards() else {
            return Vec::new();
        };
        // One vineyard a team (`rules.team_vineyard: team`): its vines score once,
        // on the team's first member, as the team board's shared things do.
        if self.teams_vineyard() && self.team_second(seat) {
            return Vec::new();
        }
        let areas = self.vine_areas(seat);
        let mut held = [0usize; 6];
        v.seats[seat as usize]
            .tiles
            .iter()
            .for_each(|t| held[t.index()] += 1);
        let mut lines = Vec::new();
        for vine in Vine::ALL {
            for &size in areas[vine.index()].iter().take(held[vine.index()]) {
                lines.push((ScoreReason::Vines { vine, size }, vine_area_vp(size)));
            }
        }
        lines
    }
}

/// The hooks: the final scoring.
pub(super) struct VineyardHooks;

impl super::Hooks for VineyardHooks {
    fn final_points(&self, game: &Burgundy, seat: Seat, lines: &mut Vec<(ScoreReason, i32)>) {
        lines.extend(game.vine_points(seat));
    }

    fn phase_started(&self, _game: &mut Burgundy, _events: &mut Vec<Event>) {}
}

/// `position show`: the vine depot, shop and supply, the board marked provisional
/// while reconstructed.
pub fn vine_table_lines(v: &Vineyards, board: &VineyardBoard) -> String {
    let mark = match board.verified {
        true => "",
        false => " (vineyard board provisional)",
    };
    let (depot, shop) = (v.depot_words(), v.shop_words());
    let supply: Vec<String> = Vine::ALL
        .iter()
        .filter(|c| v.supply[c.index()] > 0)
        .map(|c| format!("{}x{c}", v.supply[c.index()]))
        .collect();
    let removed: Vec<&str> = v.removed.iter().map(|c| c.name()).collect();
    // The bag is the box less the colours removed and the hexaminoes drawn: counted,
    // not stored (docs/burgundy/position.md).
    let bag = VineBag::of(&v.removed, &v.drawn).left();
    format!(
        "Vine depot: {} | vine shop: {} | vine bonus tiles: {} | colours removed: {} | hexaminoes in the bag: {bag}{mark}\n",
        depot.join(", "),
        shop.join(", "),
        supply.join(" "),
        removed.join(", ")
    )
}

/// `position show`: a seat's hexaminoes held, its vineyard and vine bonus tiles.
pub fn vine_seat_lines(s: &VineSeat) -> String {
    let split = s.split.iter().map(|h| format!("{h} (split)"));
    let held: Vec<String> = s
        .held
        .iter()
        .map(Hexamino::to_string)
        .chain(split)
        .collect();
    let board = s.board_words();
    let tiles: Vec<&str> = s.tiles.iter().map(|c| c.name()).collect();
    format!(
        "  vineyard: [{}] | hexaminoes held [{}] | vine bonus tiles [{}]\n",
        board.join(" "),
        held.join(", "),
        tiles.join(", ")
    )
}
