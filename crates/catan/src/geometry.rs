//! The board's shape as typed geometry: 19 land hexes, 54 intersections (vertices) and
//! 72 paths (edges), with every adjacency computed once into bitsets, and the 9
//! harbour slots. The shape is the same for every board; only what lies on it (terrain,
//! numbers, harbour kinds) changes.
//!
//! Hexes are pointy-top in axial coordinates (q grows east, r grows south-east), the
//! land being the hexagon of radius 2 (`|q|, |r|, |q + r| <= 2`). Ids go row by row,
//! top row first, left to right: rows of 3-4-5-4-3 hexes. A corner's position is
//! `(2q + r + dx, 3r + dy)` in half-units, so that corners shared by hexes coincide.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub const HEXES: usize = 19;
pub const VERTICES: usize = 54;
pub const EDGES: usize = 72;
pub const HARBOURS: usize = 9;

pub type Hex = u8;
pub type Vertex = u8;
pub type Edge = u8;

macro_rules! bitset {
    ($name:ident, $word:ty, $item:ty, $limit:expr, $doc:literal) => {
        #[doc = $doc]
        /// Serialized as the list of its members (readable in position files, and
        /// exact in JavaScript, which a 72-bit word would not be).
        #[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<u8>"))]
        pub struct $name(pub $word);

        impl Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.iter())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let items = Vec::<$item>::deserialize(d)?;
                if let Some(bad) = items.iter().find(|&&i| i as usize >= $limit) {
                    return Err(serde::de::Error::custom(format!(
                        "{bad} is not below {}",
                        $limit
                    )));
                }
                Ok(items.into_iter().fold($name::EMPTY, $name::with))
            }
        }

        impl $name {
            pub const EMPTY: $name = $name(0);
            pub fn one(i: $item) -> $name {
                $name(1 << i)
            }
            pub fn contains(self, i: $item) -> bool {
                (i as u32) < <$word>::BITS && self.0 >> i & 1 != 0
            }
            #[must_use]
            pub fn with(self, i: $item) -> $name {
                $name(self.0 | 1 << i)
            }
            #[must_use]
            pub fn without(self, i: $item) -> $name {
                $name(self.0 & !(1 << i))
            }
            pub fn len(self) -> u32 {
                self.0.count_ones()
            }
            /// [`len`](Self::len) one step per member: cheaper for a set of a few,
            /// such as a seat's buildings around one hex, than the population count,
            /// which the baseline x86-64 target computes in software (issue 46).
            pub fn len_few(self) -> u32 {
                let (mut bits, mut n) = (self.0, 0);
                while bits != 0 {
                    bits &= bits - 1;
                    n += 1;
                }
                n
            }
            pub fn is_empty(self) -> bool {
                self.0 == 0
            }
            /// The smallest member.
            pub fn lowest(self) -> Option<$item> {
                (self.0 != 0).then(|| self.0.trailing_zeros() as $item)
            }
            pub fn intersects(self, other: $name) -> bool {
                self.0 & other.0 != 0
            }
            /// The members in increasing order, without allocating.
            pub fn iter(self) -> impl Iterator<Item = $item> {
                let mut bits = self.0;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let i = bits.trailing_zeros();
                        bits &= bits - 1;
                        i as $item
                    })
                })
            }
        }

        impl std::ops::BitOr for $name {
            type Output = $name;
            fn bitor(self, o: $name) -> $name {
                $name(self.0 | o.0)
            }
        }
        impl std::ops::BitAnd for $name {
            type Output = $name;
            fn bitand(self, o: $name) -> $name {
                $name(self.0 & o.0)
            }
        }
        impl std::ops::Not for $name {
            type Output = $name;
            fn not(self) -> $name {
                $name(!self.0)
            }
        }
        impl std::ops::BitOrAssign for $name {
            fn bitor_assign(&mut self, o: $name) {
                self.0 |= o.0;
            }
        }
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.debug_set().entries(self.iter()).finish()
            }
        }
    };
}

bitset!(HexSet, u32, Hex, HEXES, "A set of land hexes.");
bitset!(VertexSet, u64, Vertex, VERTICES, "A set of intersections.");
bitset!(EdgeSet, u128, Edge, EDGES, "A set of paths.");

/// The six neighbour directions of a pointy-top hex, as axial steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

impl Side {
    pub const ALL: [Side; 6] = [Side::NE, Side::E, Side::SE, Side::SW, Side::W, Side::NW];

    pub fn step(self) -> (i32, i32) {
        match self {
            Side::NE => (1, -1),
            Side::E => (1, 0),
            Side::SE => (0, 1),
            Side::SW => (-1, 1),
            Side::W => (-1, 0),
            Side::NW => (0, -1),
        }
    }

    /// The two corners (indices into [`CORNERS`]) that bound this side.
    fn corners(self) -> [usize; 2] {
        let i = self as usize;
        [i, (i + 1) % 6]
    }

    pub fn parse(s: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|d| format!("{d:?}") == s)
    }
}

/// Corner offsets in half-units, clockwise from the top: top, upper right, lower right,
/// bottom, lower left, upper left. Side `i` of [`Side::ALL`] runs from corner `i` to `i+1`.
const CORNERS: [(i32, i32); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

const ROWS: [usize; 5] = [3, 4, 5, 4, 3];

/// Every adjacency of the board, computed once.
#[derive(Debug)]
pub struct Geometry {
    /// Axial (q, r) of each land hex.
    pub hex_axial: [(i32, i32); HEXES],
    /// The six corners of each hex, clockwise from the top.
    pub hex_vertices: [[Vertex; 6]; HEXES],
    pub hex_vertex_set: [VertexSet; HEXES],
    /// Land hexes sharing a side.
    pub hex_neighbours: [HexSet; HEXES],
    /// Land hexes touching each intersection (1 to 3).
    pub vertex_hexes: [HexSet; VERTICES],
    /// Intersections one path away.
    pub vertex_neighbours: [VertexSet; VERTICES],
    /// Paths ending at each intersection (2 or 3).
    pub vertex_edges: [EdgeSet; VERTICES],
    /// The two ends of each path, lower id first.
    pub edge_vertices: [[Vertex; 2]; EDGES],
    /// Position of each intersection in half-units (for drawing).
    pub vertex_xy: [(i32, i32); VERTICES],
    /// The two intersections each harbour slot serves, in the data file's slot order.
    pub harbour_vertices: [[Vertex; 2]; HARBOURS],
    /// The same two intersections as a set, for a seat's buildings to meet.
    pub harbour_spots: [VertexSet; HARBOURS],
    /// Every harbour's intersections: a seat with no building among them trades at the
    /// bank's rate.
    pub any_harbour: VertexSet,
}

impl Geometry {
    /// The geometry, built on first use.
    pub fn get() -> &'static Geometry {
        static G: OnceLock<Geometry> = OnceLock::new();
        G.get_or_init(|| {
            let slots = crate::content::Content::get().harbour_slots;
            Geometry::build(&slots)
        })
    }

    pub fn hex_at(&self, q: i32, r: i32) -> Option<Hex> {
        self.hex_axial
            .iter()
            .position(|&a| a == (q, r))
            .map(|h| h as Hex)
    }

    /// The path between two intersections, if they are neighbours.
    pub fn edge_between(&self, a: Vertex, b: Vertex) -> Option<Edge> {
        (self.vertex_edges[a as usize] & self.vertex_edges[b as usize])
            .iter()
            .next()
    }

    /// The intersections reached from `from` over `roads`, going on from none in
    /// `blocked` (a walk may end on one, not pass through it).
    pub fn reach(&self, roads: EdgeSet, from: VertexSet, blocked: VertexSet) -> VertexSet {
        let mut reach = from;
        let mut frontier = from;
        while let Some(v) = frontier.lowest() {
            frontier = frontier.without(v);
            for e in (self.vertex_edges[v as usize] & roads).iter() {
                let w = self.other_end(e, v);
                if !reach.contains(w) {
                    reach = reach.with(w);
                    if !blocked.contains(w) {
                        frontier = frontier.with(w);
                    }
                }
            }
        }
        reach
    }

    /// The other end of `edge` from `v`.
    pub fn other_end(&self, edge: Edge, v: Vertex) -> Vertex {
        let [a, b] = self.edge_vertices[edge as usize];
        if a == v {
            b
        } else {
            a
        }
    }

    /// Paths sharing an end with `edge`.
    pub fn edge_neighbours(&self, edge: Edge) -> EdgeSet {
        let [a, b] = self.edge_vertices[edge as usize];
        (self.vertex_edges[a as usize] | self.vertex_edges[b as usize]).without(edge)
    }

    fn build(slots: &[crate::content::Slot; HARBOURS]) -> Geometry {
        let mut hex_axial = [(0, 0); HEXES];
        let mut h = 0;
        for (row, &len) in ROWS.iter().enumerate() {
            let r = row as i32 - 2;
            let q0 = (-2).max(-2 - r);
            for i in 0..len {
                hex_axial[h] = (q0 + i as i32, r);
                h += 1;
            }
        }
        let corner =
            |(q, r): (i32, i32), c: usize| (2 * q + r + CORNERS[c].0, 3 * r + CORNERS[c].1);
        // Intersections in reading order: top to bottom, then left to right.
        let mut points: Vec<(i32, i32)> = hex_axial
            .iter()
            .flat_map(|&a| (0..6).map(move |c| corner(a, c)))
            .collect();
        points.sort_by_key(|&(x, y)| (y, x));
        points.dedup();
        assert_eq!(points.len(), VERTICES, "the board has 54 intersections");
        let vertex_of = |p: (i32, i32)| points.iter().position(|&v| v == p).map(|v| v as Vertex);
        let mut hex_vertices = [[0; 6]; HEXES];
        let mut hex_vertex_set = [VertexSet::EMPTY; HEXES];
        let mut vertex_hexes = [HexSet::EMPTY; VERTICES];
        let mut pairs: Vec<[Vertex; 2]> = Vec::new();
        for (h, &a) in hex_axial.iter().enumerate() {
            for (c, slot) in hex_vertices[h].iter_mut().enumerate() {
                let v = vertex_of(corner(a, c)).expect("a corner of a land hex");
                *slot = v;
                hex_vertex_set[h] = hex_vertex_set[h].with(v);
                vertex_hexes[v as usize] = vertex_hexes[v as usize].with(h as Hex);
            }
            for c in 0..6 {
                let (x, y) = (hex_vertices[h][c], hex_vertices[h][(c + 1) % 6]);
                pairs.push([x.min(y), x.max(y)]);
            }
        }
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), EDGES, "the board has 72 paths");
        let mut edge_vertices = [[0; 2]; EDGES];
        let mut vertex_edges = [EdgeSet::EMPTY; VERTICES];
        let mut vertex_neighbours = [VertexSet::EMPTY; VERTICES];
        for (e, &[a, b]) in pairs.iter().enumerate() {
            edge_vertices[e] = [a, b];
            vertex_edges[a as usize] = vertex_edges[a as usize].with(e as Edge);
            vertex_edges[b as usize] = vertex_edges[b as usize].with(e as Edge);
            vertex_neighbours[a as usize] = vertex_neighbours[a as usize].with(b);
            vertex_neighbours[b as usize] = vertex_neighbours[b as usize].with(a);
        }
        let mut hex_neighbours = [HexSet::EMPTY; HEXES];
        for (h, &(q, r)) in hex_axial.iter().enumerate() {
            for side in Side::ALL {
                let (dq, dr) = side.step();
                if let Some(n) = hex_axial.iter().position(|&a| a == (q + dq, r + dr)) {
                    hex_neighbours[h] = hex_neighbours[h].with(n as Hex);
                }
            }
        }
        let harbour_vertices = slots.map(|(sea, side)| {
            let [c0, c1] = side.corners();
            let v = |c| vertex_of(corner(sea, c)).expect("a harbour touches the coast");
            let (a, b) = (v(c0), v(c1));
            [a.min(b), a.max(b)]
        });
        let harbour_spots = harbour_vertices.map(|[a, b]| VertexSet::one(a).with(b));
        let any_harbour = harbour_spots
            .iter()
            .fold(VertexSet::EMPTY, |all, &s| all | s);
        let mut vertex_xy = [(0, 0); VERTICES];
        vertex_xy.copy_from_slice(&points);
        Geometry {
            hex_axial,
            hex_vertices,
            hex_vertex_set,
            hex_neighbours,
            vertex_hexes,
            vertex_neighbours,
            vertex_edges,
            edge_vertices,
            vertex_xy,
            harbour_vertices,
            harbour_spots,
            any_harbour,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_few_members_count_as_the_population_count() {
        let g = Geometry::get();
        let sets = (0..HEXES).map(|h| g.hex_vertex_set[h]);
        let sets = sets.chain([VertexSet::EMPTY, VertexSet((1u64 << VERTICES) - 1)]);
        for set in sets {
            for keep in [u64::MAX, 0x5555_5555_5555_5555, 0x0F0F_0F0F_0F0F_0F0F] {
                let s = VertexSet(set.0 & keep);
                assert_eq!(s.len_few(), s.len(), "{s:?}");
            }
        }
        let edges = EdgeSet((1u128 << EDGES) - 1);
        assert_eq!((edges.len_few(), edges.len()), (72, 72));
    }

    #[test]
    fn the_board_graph_has_the_known_sizes_and_degrees() {
        let g = Geometry::get();
        // Every intersection touches 2 or 3 paths; 18 coastal corners with 2 paths
        // touch a single hex (30 coastal intersections in all).
        let degree2 = (0..VERTICES)
            .filter(|&v| g.vertex_edges[v].len() == 2)
            .count();
        assert_eq!(degree2, 18);
        let coastal = (0..VERTICES)
            .filter(|&v| g.vertex_hexes[v].len() < 3)
            .count();
        assert_eq!(coastal, 30);
        assert_eq!(
            g.hex_neighbours[9].len(),
            6,
            "the centre hex has 6 neighbours"
        );
        assert_eq!(g.hex_axial[9], (0, 0));
        for e in 0..EDGES {
            let [a, b] = g.edge_vertices[e];
            assert!(g.vertex_neighbours[a as usize].contains(b));
            assert_eq!(g.edge_between(a, b), Some(e as Edge));
        }
    }

    #[test]
    fn harbours_sit_on_the_coast_on_distinct_paths() {
        let g = Geometry::get();
        let mut seen = VertexSet::EMPTY;
        for [a, b] in g.harbour_vertices {
            assert!(g.vertex_neighbours[a as usize].contains(b));
            assert!(g.vertex_hexes[a as usize].len() < 3 && g.vertex_hexes[b as usize].len() < 3);
            assert!(!seen.contains(a) && !seen.contains(b));
            seen = seen.with(a).with(b);
        }
    }

    #[test]
    fn bitsets_iterate_in_order() {
        let s = EdgeSet::EMPTY.with(71).with(3).with(64);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 71]);
        assert_eq!(s.len(), 3);
        assert!(!s.without(64).contains(64));
        assert_eq!(serde_json::to_string(&s).unwrap(), "[3,64,71]");
        assert_eq!(serde_json::from_str::<EdgeSet>("[3,64,71]").unwrap(), s);
        assert!(serde_json::from_str::<EdgeSet>("[72]").is_err());
    }
}
