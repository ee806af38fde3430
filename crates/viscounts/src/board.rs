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

pub fn pos_of(space: u8) -> u8 {
    space / 3
}

pub fn kind_of(space: u8) -> Kind {
    [Kind::OuterLeft, Kind::OuterRight, Kind::Inner][(space % 3) as usize]
}

pub fn space(pos: u8, kind: Kind) -> u8 {
    (pos % SEGMENTS as u8) * 3 + kind as u8
}

pub fn is_outer(space: u8) -> bool {
    kind_of(space) != Kind::Inner
}

/// The spaces one step clockwise (digest 4.2; the L344 example: S -> 1 outer, S -> 2
/// inner, 1 -> next segment's outer-left, 2 -> 1, 2 -> next inner).
pub fn successors(s: u8) -> [u8; 2] {
    let p = pos_of(s);
    match kind_of(s) {
        Kind::OuterLeft => [space(p, Kind::OuterRight), space(p, Kind::Inner)],
        Kind::Inner => [space(p, Kind::OuterRight), space(p + 1, Kind::Inner)],
        Kind::OuterRight => [space(p + 1, Kind::OuterLeft), space(p + 1, Kind::OuterLeft)],
    }
}

/// Moves of up to this many steps are looked up in a table built once.
const TABLE_STEPS: usize = 40;

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
    pub fn of(from: u8) -> Reach {
        static TABLE: std::sync::OnceLock<Vec<[u16; TABLE_STEPS]>> = std::sync::OnceLock::new();
        let table = TABLE.get_or_init(|| {
            (0..SPACES)
                .map(|s| {
                    let mut row = [0u16; TABLE_STEPS];
                    for (k, r) in row.iter_mut().enumerate() {
                        *r = reachable_slow(s, k as u32);
                    }
                    row
                })
                .collect()
        });
        Reach {
            from,
            row: table.get(from as usize),
        }
    }

    /// [`reachable`] from this space.
    pub fn steps(self, steps: u32) -> u16 {
        match self.row {
            Some(row) if (steps as usize) < TABLE_STEPS => row[steps as usize],
            _ => reachable_slow(self.from, steps),
        }
    }
}

fn reachable_slow(from: u8, steps: u32) -> u16 {
    let mut set: u16 = 1 << from;
    for _ in 0..steps {
        let mut next = 0u16;
        for s in 0..SPACES {
            if set & (1 << s) != 0 {
                for t in successors(s) {
                    next |= 1 << t;
                }
            }
        }
        set = next;
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
