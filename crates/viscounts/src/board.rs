//! The main board's geometry: the ring of five segments, each with an outer-left, an
//! outer-right and an inner space, joined by one-way arrows (seed 003 L336-350), and
//! what is adjacent to each space.

use crate::content::{Bank, Content, Segment};
use crate::state::{Viscounts, SEGMENTS, SPACES};

/// A space's kind within its segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    OuterLeft,
    OuterRight,
    Inner,
}

pub const fn pos_of(space: u8) -> u8 {
    space / 3
}

pub const fn kind_of(space: u8) -> Kind {
    [Kind::OuterLeft, Kind::OuterRight, Kind::Inner][(space % 3) as usize]
}

pub const fn space(pos: u8, kind: Kind) -> u8 {
    (pos % SEGMENTS as u8) * 3 + kind as u8
}

pub fn is_outer(space: u8) -> bool {
    kind_of(space) != Kind::Inner
}

/// The spaces one step clockwise (digest 4.2; the L344 example: S -> 1 outer, S -> 2
/// inner, 1 -> next segment's outer-left, 2 -> 1, 2 -> next inner).
pub const fn successors(s: u8) -> [u8; 2] {
    let p = pos_of(s);
    match kind_of(s) {
        Kind::OuterLeft => [space(p, Kind::OuterRight), space(p, Kind::Inner)],
        Kind::Inner => [space(p, Kind::OuterRight), space(p + 1, Kind::Inner)],
        Kind::OuterRight => [space(p + 1, Kind::OuterLeft), space(p + 1, Kind::OuterLeft)],
    }
}

/// Moves of up to this many steps are looked up in a table.
const TABLE_STEPS: usize = 40;

/// `TABLE[from][steps]`: where a move of exactly `steps` steps from `from` can end.
/// Built by the compiler, so no game pays for building it (it took 8.4M instructions,
/// 3% of 300 random 4-player games, when built at the first move) nor checks that it
/// was built at each lookup.
static TABLE: [[u16; TABLE_STEPS]; SPACES as usize] = table();

const fn table() -> [[u16; TABLE_STEPS]; SPACES as usize] {
    let mut table = [[0u16; TABLE_STEPS]; SPACES as usize];
    let mut from = 0;
    while from < SPACES as usize {
        let mut set: u16 = 1 << from;
        let mut steps = 0;
        while steps < TABLE_STEPS {
            table[from][steps] = set;
            set = one_step(set);
            steps += 1;
        }
        from += 1;
    }
    table
}

/// The spaces one step from any space of `set`.
const fn one_step(set: u16) -> u16 {
    let mut next = 0u16;
    let mut s = 0u8;
    while s < SPACES {
        if set & (1 << s) != 0 {
            let [a, b] = successors(s);
            next |= (1 << a) | (1 << b);
        }
        s += 1;
    }
    next
}

/// The set (bit mask) of spaces where a move of exactly `steps` steps from `from` can end.
pub fn reachable(from: u8, steps: u32) -> u16 {
    Reach::of(from).steps(steps)
}

/// The moves from one space, its row of the table looked up once for all the step
/// counts a listing tries.
#[derive(Clone, Copy)]
pub struct Reach {
    from: u8,
    row: Option<&'static [u16; TABLE_STEPS]>,
}

impl Reach {
    #[inline]
    pub fn of(from: u8) -> Reach {
        Reach {
            from,
            row: TABLE.get(from as usize),
        }
    }

    /// [`reachable`] from this space.
    #[inline]
    pub fn steps(self, steps: u32) -> u16 {
        match self.row {
            Some(row) if (steps as usize) < TABLE_STEPS => row[steps as usize],
            _ => reachable_slow(self.from, steps),
        }
    }
}

/// Step by step, for what the table does not hold.
fn reachable_slow(from: u8, steps: u32) -> u16 {
    let mut set: u16 = 1u16.checked_shl(from as u32).unwrap_or(0);
    for _ in 0..steps {
        set = one_step(set);
    }
    set
}

impl Viscounts {
    pub fn segment(&self, pos: u8) -> &'static Segment {
        segment_at(&self.order, pos)
    }

    /// Whether building spot `spot` of position `pos` can be built from `from` (the river, L425).
    pub fn spot_reachable_from(&self, from: u8, pos: u8, spot: u8) -> bool {
        let seg = self.segment(pos);
        let Some(sp) = seg.spots.get(spot as usize) else {
            return false;
        };
        pos_of(from) == pos
            && match kind_of(from) {
                Kind::OuterLeft => sp.side == Bank::Left,
                Kind::OuterRight => sp.side == Bank::Right,
                Kind::Inner => false,
            }
    }

    /// The links touching spot (pos, spot), each as (link position, link index, the other
    /// end's position, spot): `links[i]` joins spots i and i+1; the last joins the next
    /// segment's spot 0 (data file `segments`).
    pub fn links_of(&self, pos: u8, spot: u8) -> Vec<(u8, u8, u8, u8)> {
        let seg = self.segment(pos);
        let last = seg.spots.len() as u8 - 1;
        let mut out = Vec::new();
        let (np, ns) = if spot == last {
            ((pos + 1) % 5, 0)
        } else {
            (pos, spot + 1)
        };
        if seg.links[spot as usize].is_some() {
            out.push((pos, spot, np, ns));
        }
        let (lp, ls) = if spot == 0 {
            let prev = (pos + 4) % 5;
            (prev, self.segment(prev).spots.len() as u8 - 1)
        } else {
            (pos, spot - 1)
        };
        if self.segment(lp).links[ls as usize].is_some() {
            out.push((lp, ls, lp, ls));
        }
        out
    }
}

/// The segment at board position `pos` of a board laid out in `order` (the segment
/// id at each position, clockwise).
pub fn segment_at(order: &[u8; SEGMENTS], pos: u8) -> &'static Segment {
    &Content::get().segments[order[pos as usize % SEGMENTS] as usize]
}

/// The castle section facing board position `pos` of a castle turned by `rotation`
/// against the ring (seed 003 L186).
pub fn section_facing(rotation: u8, pos: u8) -> u8 {
    (pos + rotation) % SEGMENTS as u8
}
