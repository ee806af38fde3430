//! Small named sets and the depot type, instead of raw bitmasks at call sites.
//! Each keeps the number it was written as in position files and actions.

use crate::action::BLACK;
use crate::tile::{Colour, Tile};
use serde::{Deserialize, Serialize};

/// A set of tile colours; written as its bitmask (a bit per colour index), as
/// position files always had it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ColourSet(u8);

impl ColourSet {
    pub const ALL: ColourSet = ColourSet(u8::MAX);

    pub const fn of(colours: &[Colour]) -> ColourSet {
        let mut bits = 0;
        let mut i = 0;
        while i < colours.len() {
            bits |= 1 << colours[i] as u8;
            i += 1;
        }
        ColourSet(bits)
    }

    #[inline]
    pub fn contains(self, c: Colour) -> bool {
        self.0 & (1 << c as u8) != 0
    }
}

/// A set of goods types 1-6; in actions (`ship 3 1,4`) bit t-1 stands for type t.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GoodsSet(u8);

impl GoodsSet {
    pub const fn from_mask(mask: u8) -> GoodsSet {
        GoodsSet(mask)
    }

    pub const fn mask(self) -> u8 {
        self.0
    }

    /// The types with at least one good in `counts` (index t-1 for type t).
    pub fn held(counts: &[u8; 6]) -> GoodsSet {
        GoodsSet((0..6).filter(|&t| counts[t] > 0).map(|t| 1u8 << t).sum())
    }

    /// Does the set hold goods type `t` (1-6)?
    pub fn contains(self, t: u8) -> bool {
        (1..=6).contains(&t) && self.0 & (1 << (t - 1)) != 0
    }

    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: GoodsSet) -> GoodsSet {
        GoodsSet(self.0 | other.0)
    }

    pub fn intersection(self, other: GoodsSet) -> GoodsSet {
        GoodsSet(self.0 & other.0)
    }

    pub fn without(self, other: GoodsSet) -> GoodsSet {
        GoodsSet(self.0 & !other.0)
    }

    pub fn is_subset(self, other: GoodsSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Every subset of this set with exactly `n` types.
    pub fn subsets_of_size(self, n: u32) -> impl Iterator<Item = GoodsSet> {
        (0..64u8)
            .map(GoodsSet)
            .filter(move |s| s.is_subset(self) && s.len() == n)
    }
}

/// A set of board spaces (a duchy's ids 0-36, a team board's 0-72), a bit per
/// space: placement rules become a few bit operations (issue 18). 128 bits hold the
/// team board's 73 spaces; the base game pays about 1% of random play's
/// instructions for them (docs/burgundy/bots.md, "Sixth round"), which other work
/// won back several times over: one set type keeps every board on the same code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SpaceSet(u128);

impl SpaceSet {
    pub const EMPTY: SpaceSet = SpaceSet(0);

    /// Every space of a duchy (0-36).
    pub const ALL: SpaceSet = SpaceSet::first(crate::content::SPACES);

    /// The spaces 0 to `n` - 1: every space of a board of `n` spaces.
    pub const fn first(n: usize) -> SpaceSet {
        SpaceSet((1u128 << n) - 1)
    }

    /// The one space `space`.
    #[inline]
    pub fn of(space: usize) -> SpaceSet {
        SpaceSet::EMPTY.with(space)
    }

    #[inline]
    pub fn with(self, space: usize) -> SpaceSet {
        SpaceSet(self.0 | 1 << space)
    }

    #[inline]
    pub fn contains(self, space: usize) -> bool {
        space < 128 && self.0 & (1 << space) != 0
    }

    #[inline]
    pub fn union(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 | other.0)
    }

    #[inline]
    pub fn intersection(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 & other.0)
    }

    #[inline]
    pub fn without(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 & !other.0)
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The spaces, lowest id first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = usize> {
        // Word by word: a duchy's spaces all lie in the low one, so the base game
        // steps through 64-bit words only.
        let (mut low, mut high) = (self.0 as u64, (self.0 >> 64) as u64);
        std::iter::from_fn(move || {
            if low != 0 {
                let space = low.trailing_zeros() as usize;
                low &= low - 1;
                Some(space)
            } else if high != 0 {
                let space = 64 + high.trailing_zeros() as usize;
                high &= high - 1;
                Some(space)
            } else {
                None
            }
        })
    }
}

impl FromIterator<usize> for SpaceSet {
    fn from_iter<I: IntoIterator<Item = usize>>(spaces: I) -> SpaceSet {
        spaces.into_iter().fold(SpaceSet::EMPTY, SpaceSet::with)
    }
}

/// A depot on the central board: the black depot or a numbered one (1-6). Actions
/// and events name it by number, the black depot as [`BLACK`] (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depot {
    Black,
    Numbered(u8),
}

impl Depot {
    #[inline]
    pub fn of(number: u8) -> Depot {
        if number == BLACK {
            Depot::Black
        } else {
            Depot::Numbered(number)
        }
    }

    pub fn number(self) -> u8 {
        match self {
            Depot::Black => BLACK,
            Depot::Numbered(n) => n,
        }
    }
}

impl crate::state::Burgundy {
    /// The tiles lying in a depot.
    #[inline]
    pub fn depot_tiles(&self, depot: Depot) -> &[Tile] {
        match depot {
            Depot::Black => &self.black_depot,
            Depot::Numbered(n) => &self.depots[n as usize - 1],
        }
    }

    #[inline]
    pub(crate) fn depot_tiles_mut(&mut self, depot: Depot) -> &mut Vec<Tile> {
        match depot {
            Depot::Black => &mut self.black_depot,
            Depot::Numbered(n) => &mut self.depots[n as usize - 1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goods_sets_name_types_1_to_6() {
        let s = GoodsSet::held(&[1, 0, 2, 0, 0, 0]);
        assert_eq!(s.mask(), 0b101);
        assert!(s.contains(1) && s.contains(3) && !s.contains(2) && !s.contains(7));
        assert_eq!(GoodsSet::from_mask(0b111).subsets_of_size(2).count(), 3);
    }

    #[test]
    fn space_sets_iterate_lowest_first() {
        let s: SpaceSet = [36, 0, 5].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 5, 36]);
        assert!(s.contains(36) && !s.contains(4) && !s.contains(99));
        assert_eq!(s.without(SpaceSet::EMPTY.with(5)).len(), 2);
    }

    #[test]
    fn colour_sets_and_depots() {
        let market = ColourSet::of(&[Colour::Water, Colour::Pasture]);
        assert!(market.contains(Colour::Water) && !market.contains(Colour::Mine));
        assert_eq!(serde_json::to_string(&market).unwrap(), "12");
        assert_eq!(Depot::of(0), Depot::Black);
        assert_eq!(Depot::of(3).number(), 3);
    }
}
