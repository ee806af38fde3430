//! The solo boards 33 and 34 (classic 13A and 13B), read from
//! `data/solo_duchies.json`: not hexagons but clusters joined by rivers, so each
//! lists its spaces and its adjacency.

use crate::content::{check_composition, ContentError, Duchy, RawDuchy, SPACES};
use crate::modules::Module;
use crate::sets::SpaceSet;
use crate::tile::Colour;
use serde::Deserialize;

pub const SOLO_DUCHIES_JSON: &str = include_str!("../../../data/solo_duchies.json");
const F: &str = "solo_duchies.json";

#[derive(Deserialize)]
struct RawSoloBoard {
    number: u8,
    name: String,
    /// The 37 spaces in id order: colour letter and die number.
    cells: String,
    /// Neighbouring spaces within a cluster.
    edges: Vec<[u8; 2]>,
    /// Rivers: a water space joined to another cluster.
    rivers: Vec<[u8; 2]>,
    /// Each space's centre on the source's picture: the tables draw the board
    /// from it (the rules read only the links).
    px: Vec<[u16; 2]>,
    confidence: String,
    verified: bool,
}

#[derive(Deserialize)]
struct RawSoloBoards {
    boards: Vec<RawSoloBoard>,
}

fn bad(message: String) -> ContentError {
    ContentError { file: F, message }
}

/// The solo boards, validated: 37 spaces of the regular composition, links
/// between existing spaces, rivers between water spaces.
pub(crate) fn solo_duchies(text: &str) -> Result<Vec<Duchy>, ContentError> {
    let raw: RawSoloBoards = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    raw.boards.iter().map(board).collect()
}

fn board(raw: &RawSoloBoard) -> Result<Duchy, ContentError> {
    let n = raw.number;
    let cells: Vec<&str> = raw.cells.split_whitespace().collect();
    if cells.len() != SPACES {
        return Err(bad(format!(
            "duchy {n}: {} spaces, expected {SPACES}",
            cells.len()
        )));
    }
    let mut colours = [Colour::Castle; SPACES];
    let mut dice = [0u8; SPACES];
    for (i, cell) in cells.iter().enumerate() {
        let mut chars = cell.chars();
        let colour = chars.next().and_then(Colour::from_letter);
        let die = chars.as_str().parse().ok().filter(|d| (1..=6).contains(d));
        match (colour, die) {
            (Some(c), Some(d)) => (colours[i], dice[i]) = (c, d),
            _ => {
                return Err(bad(format!(
                    "duchy {n}: space {i} {cell:?} is not a colour letter and a die number"
                )))
            }
        }
    }
    let mut count = [0u8; 6];
    colours.iter().for_each(|c| count[c.index()] += 1);
    check_composition(n, count)?;
    let mut within = [SpaceSet::EMPTY; SPACES];
    link(n, &raw.edges, &mut within)?;
    let mut all = within;
    link(n, &raw.rivers, &mut all)?;
    // Board 33's rivers join two water spaces; board 34's join a lone water
    // space to a cluster: a river touches water at one end at least.
    if let Some([a, b]) = raw
        .rivers
        .iter()
        .find(|r| r.iter().all(|&s| colours[s as usize] != Colour::Water))
    {
        return Err(bad(format!(
            "duchy {n}: the river {a}-{b} touches no water space"
        )));
    }
    if raw.px.len() != SPACES {
        return Err(bad(format!(
            "duchy {n}: {} drawing positions (px), expected {SPACES}",
            raw.px.len()
        )));
    }
    let meta = RawDuchy {
        number: n,
        module: Some(Module::Solo),
        name: raw.name.clone(),
        rows: Vec::new(),
        confidence: raw.confidence.clone(),
        verified: raw.verified,
    };
    Ok(Duchy::assemble(
        &meta,
        &colours,
        &dice,
        &within,
        &all,
        raw.rivers.clone(),
    ))
}

fn link(n: u8, pairs: &[[u8; 2]], sets: &mut [SpaceSet; SPACES]) -> Result<(), ContentError> {
    for &[a, b] in pairs {
        let (a, b) = (a as usize, b as usize);
        if a >= SPACES || b >= SPACES || a == b {
            return Err(bad(format!(
                "duchy {n}: the link {a}-{b} is not between two spaces 0-36"
            )));
        }
        sets[a] = sets[a].with(b);
        sets[b] = sets[b].with(a);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::content::Content;
    use crate::tile::Colour;

    /// Board 33 as its source models it (shared `duchy_boards.json`, `solo_13A`
    /// `areas_as_modelled_by_source`): four clusters, five rivers, and areas that the
    /// rivers do not join (the 3-knowledge area 11-13, the pastures 14-18-23, the
    /// city 31-33-34). Board 34: 18 rivers, unverified.
    #[test]
    fn the_solo_boards_read_as_their_sources_give_them() {
        let c = Content::embedded();
        let b33 = c.duchy(33).unwrap();
        assert!(b33.verified);
        assert_eq!(b33.rivers.len(), 5);
        let area_of = |s: usize| b33.area[s];
        assert_eq!(area_of(11), area_of(13));
        assert_eq!(b33.area_size[area_of(11) as usize], 3);
        assert_eq!(b33.area_size[area_of(14) as usize], 3);
        assert_eq!(b33.area_size[area_of(31) as usize], 3);
        // A river joins 9 and 15 as neighbours, not as one water area.
        assert!(b33.neighbours[9].contains(15));
        assert_ne!(area_of(9), area_of(15));
        assert_eq!(b33.colours[9], Colour::Water);
        let b34 = c.duchy(34).unwrap();
        assert!(!b34.verified);
        assert_eq!(b34.rivers.len(), 18);
        // Every space of both boards is reachable from any other (through rivers).
        for b in [b33, b34] {
            let mut seen = crate::sets::SpaceSet::EMPTY.with(0);
            loop {
                let more = seen.iter().fold(seen, |acc, s| acc.union(b.neighbours[s]));
                if more == seen {
                    break;
                }
                seen = more;
            }
            assert_eq!(seen.len(), 37, "duchy {}", b.number);
        }
    }
}
