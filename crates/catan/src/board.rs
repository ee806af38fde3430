//! What lies on the board: terrain and number of each hex and the kind of each harbour.
//! The beginner board comes from the data file; a random board is a chance outcome,
//! drawn by [`Layout::random`] and checked by [`Layout::check`].

use crate::config::{BoardKind, Config, Numbers};
use crate::content::{Content, Harbour, Terrain};
use crate::geometry::{Geometry, Hex, HexSet, HARBOURS, HEXES};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use tabuleiro_core::Rng;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Layout {
    pub terrain: [Terrain; HEXES],
    /// The number token of each hex (0 on the desert).
    pub numbers: [u8; HEXES],
    pub harbours: [Harbour; HARBOURS],
}

impl Layout {
    pub fn beginner() -> Layout {
        let c = Content::get();
        Layout {
            terrain: c.beginner.map(|(t, _)| t),
            numbers: c.beginner.map(|(_, n)| n.unwrap_or(0)),
            harbours: c.beginner_harbours,
        }
    }

    /// The hex the robber starts on: the desert.
    pub fn desert(&self) -> Hex {
        self.terrain
            .iter()
            .position(|&t| t == Terrain::Desert)
            .unwrap_or(0) as Hex
    }

    /// Draws the board the config asks for.
    pub fn random(config: &Config, rng: &mut Rng) -> Layout {
        if config.board == BoardKind::Beginner {
            return Layout::beginner();
        }
        let c = Content::get();
        let mut terrain: Vec<Terrain> = Terrain::ALL
            .into_iter()
            .flat_map(|t| std::iter::repeat_n(t, c.terrain_counts[t as usize] as usize))
            .collect();
        rng.shuffle(&mut terrain);
        let terrain: [Terrain; HEXES] = terrain.try_into().expect("19 hexes");
        let mut harbours = c.harbour_kinds;
        rng.shuffle(&mut harbours);
        let numbers = match config.numbers {
            Numbers::Spiral => spiral_numbers(&terrain, rng.below(6)),
            Numbers::Shuffled => loop {
                let mut tokens = c.number_tokens.clone();
                rng.shuffle(&mut tokens);
                let mut tokens = tokens.into_iter();
                let numbers = terrain.map(|t| {
                    if t == Terrain::Desert {
                        0
                    } else {
                        tokens.next().unwrap_or(0)
                    }
                });
                // Swap until no 6 or 8 neighbour another: redrawing is the same
                // distribution restricted to the allowed boards.
                if !config.separate_red_numbers || !red_neighbours(&numbers) {
                    break numbers;
                }
            },
        };
        Layout {
            terrain,
            numbers,
            harbours,
        }
    }

    /// Whether the config allows this board; the reason when not.
    pub fn check(&self, config: &Config) -> Result<(), String> {
        let c = Content::get();
        if config.board == BoardKind::Beginner {
            return (*self == Layout::beginner())
                .then_some(())
                .ok_or("the beginner board was asked for".into());
        }
        let mut counts = [0u8; 6];
        self.terrain.iter().for_each(|&t| counts[t as usize] += 1);
        if counts != c.terrain_counts {
            return Err(format!(
                "terrain counts {counts:?}, expected {:?}",
                c.terrain_counts
            ));
        }
        // Counted, not sorted into lists: every random game's setup passes here
        // (issue 46: the sorting and formatting were 7% of base Catan's random play).
        if self
            .terrain
            .iter()
            .zip(&self.numbers)
            .any(|(&t, &n)| (t == Terrain::Desert) != (n == 0))
        {
            return Err("every hex but the desert has a number token".into());
        }
        let on_board = self.numbers.iter().filter(|&&n| n != 0);
        if !same_tokens(on_board, c.number_tokens.iter()) {
            return Err("the numbers are not the game's tokens".into());
        }
        if !same_tokens(self.harbours.iter(), c.harbour_kinds.iter()) {
            return Err("the harbours are not the game's harbour tokens".into());
        }
        match config.numbers {
            Numbers::Spiral
                if !(0..6).any(|s| spiral_numbers(&self.terrain, s) == self.numbers) =>
            {
                Err("the numbers do not follow the spiral".into())
            }
            Numbers::Shuffled if config.separate_red_numbers && red_neighbours(&self.numbers) => {
                Err("a 6 or 8 neighbours another".into())
            }
            _ => Ok(()),
        }
    }
}

/// Whether `a` and `b` hold the same tokens, each as many times, in any order.
fn same_tokens<T: PartialEq>(
    a: impl Iterator<Item = T> + Clone,
    b: impl Iterator<Item = T> + Clone,
) -> bool {
    a.clone().count() == b.clone().count()
        && a.clone()
            .all(|x| a.clone().filter(|y| *y == x).count() == b.clone().filter(|y| *y == x).count())
}

/// Whether two hexes showing 6 or 8 are neighbours.
pub fn red_neighbours(numbers: &[u8; HEXES]) -> bool {
    let g = Geometry::get();
    let red = |h: usize| matches!(numbers[h], 6 | 8);
    (0..HEXES).any(|h| red(h) && g.hex_neighbours[h].iter().any(|n| red(n as usize)))
}

/// Hexes in spiral order from outer-ring corner `start` (0-5): the outer ring
/// counter-clockwise, then the inner ring the same way from the hex inside the start
/// corner, then the centre.
pub fn spiral(start: usize) -> [Hex; HEXES] {
    // Worked out once: every random board's setup and check walks it (issue 46).
    static SPIRALS: OnceLock<[[Hex; HEXES]; 6]> = OnceLock::new();
    SPIRALS.get_or_init(|| std::array::from_fn(walk_spiral))[start % 6]
}

fn walk_spiral(start: usize) -> [Hex; HEXES] {
    let g = Geometry::get();
    // Corners of the outer ring, counter-clockwise as drawn (y grows downward).
    let corners = [(0, -2), (-2, 0), (-2, 2), (0, 2), (2, 0), (2, -2)];
    let angle = |(q, r): (i32, i32)| {
        let (x, y) = ((2 * q + r) as f64 * 3f64.sqrt() / 2.0, 1.5 * r as f64);
        (-y).atan2(x)
    };
    let mut order = Vec::with_capacity(HEXES);
    for radius in [2, 1] {
        let (cq, cr) = corners[start % 6];
        let first = (cq * radius / 2, cr * radius / 2);
        let a0 = angle(first);
        let mut ring: Vec<(i32, i32)> = g
            .hex_axial
            .iter()
            .copied()
            .filter(|&(q, r)| q.abs().max(r.abs()).max((q + r).abs()) == radius)
            .collect();
        let ccw = |a: (i32, i32)| (angle(a) - a0).rem_euclid(std::f64::consts::TAU);
        ring.sort_by(|&a, &b| ccw(a).total_cmp(&ccw(b)));
        order.extend(ring.iter().filter_map(|&(q, r)| g.hex_at(q, r)));
    }
    order.push(g.hex_at(0, 0).expect("the centre"));
    order.try_into().expect("19 hexes")
}

/// The spiral's numbers for this terrain, from corner `start`.
fn spiral_numbers(terrain: &[Terrain; HEXES], start: usize) -> [u8; HEXES] {
    let mut numbers = [0; HEXES];
    let mut tokens = Content::get().spiral_numbers.iter();
    for h in spiral(start) {
        if terrain[h as usize] != Terrain::Desert {
            numbers[h as usize] = *tokens.next().unwrap_or(&0);
        }
    }
    numbers
}

/// The hexes whose token is `number`.
pub fn hexes_numbered(numbers: &[u8; HEXES], number: u8) -> HexSet {
    // Without a branch per hex: asked on every roll (issue 46).
    let bits = (0..HEXES).fold(0, |set, h| set | ((numbers[h] == number) as u32) << h);
    HexSet(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spiral_visits_every_hex_once_and_walks_neighbours() {
        let g = Geometry::get();
        for start in 0..6 {
            let s = spiral(start);
            let mut seen = HexSet::EMPTY;
            for w in s.windows(2) {
                assert!(g.hex_neighbours[w[0] as usize].contains(w[1]), "{s:?}");
            }
            s.iter().for_each(|&h| seen = seen.with(h));
            assert_eq!(seen.len(), 19);
        }
    }

    #[test]
    fn random_boards_keep_their_constraints() {
        let mut rng = Rng::seed(3);
        let shuffled = Config {
            numbers: Numbers::Shuffled,
            ..Config::default()
        };
        for config in [Config::default(), shuffled.clone()] {
            for _ in 0..200 {
                let b = Layout::random(&config, &mut rng);
                b.check(&config).unwrap();
            }
        }
        let mixed = Config {
            separate_red_numbers: false,
            ..shuffled.clone()
        };
        let adjacent = (0..500)
            .map(|_| Layout::random(&mixed, &mut rng))
            .filter(|b| red_neighbours(&b.numbers))
            .count();
        assert!(adjacent > 0, "without the option, reds may neighbour");
        let bad = (0..500)
            .map(|_| Layout::random(&mixed, &mut rng))
            .find(|b| red_neighbours(&b.numbers))
            .unwrap();
        assert!(bad.check(&shuffled).is_err());
        assert!(bad.check(&mixed).is_ok());
    }

    /// A board with a token too many or too few, a harbour swapped for another kind,
    /// or the spiral's numbers out of their order is refused with its reason.
    #[test]
    fn boards_with_wrong_tokens_are_refused() {
        let config = Config::default();
        let good = Layout::random(&config, &mut Rng::seed(5));
        let refused = |b: &Layout| b.check(&config).unwrap_err();
        let mut numbers = good.clone();
        let h = numbers.numbers.iter().position(|&n| n == 2).unwrap();
        numbers.numbers[h] = 12;
        assert_eq!(refused(&numbers), "the numbers are not the game's tokens");
        let mut harbours = good.clone();
        let generic = harbours
            .harbours
            .iter()
            .position(|&k| k == Harbour::Generic);
        harbours.harbours[generic.unwrap()] = Harbour::Special(crate::cards::RESOURCES[0]);
        assert_eq!(
            refused(&harbours),
            "the harbours are not the game's harbour tokens"
        );
        let mut order = good.clone();
        let a = order.numbers.iter().position(|&n| n == 2).unwrap();
        let other = (0..HEXES).find(|&i| order.numbers[i] > 2).unwrap();
        order.numbers.swap(a, other);
        assert_eq!(refused(&order), "the numbers do not follow the spiral");
        assert!(good.check(&config).is_ok());
    }

    #[test]
    fn the_beginner_board_has_its_reds_apart() {
        let b = Layout::beginner();
        assert!(!red_neighbours(&b.numbers));
        assert_eq!(b.terrain[b.desert() as usize], Terrain::Desert);
    }
}
