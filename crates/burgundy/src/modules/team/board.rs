//! The team board (seed 000 line 100 "#31a, 31b, 32a, 32b", seed 002 line 830,
//! classic 001 lines 993-999 "12a1 + 12a2"), read from `data/team_duchies.json`: two
//! duchy halves of 37 spaces sharing the central castle space, 73 spaces in all.

use crate::content::{
    axial, board_grid, parse_cell, Content, ContentError, Duchy, RawDuchy, RIGHT_HALF_OFFSET, ROWS,
    SPACES,
};
use crate::modules::{Module, TeamBoardSide};
use crate::sets::SpaceSet;
use crate::tile::Colour;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The team boards' data file, as the tables read it (`/api/boards/burgundy`).
pub const TEAM_DUCHIES_JSON: &str = include_str!("../../../data/team_duchies.json");
const F: &str = "team_duchies.json";

/// Spaces of a team board: two halves of 37 sharing one.
pub const TEAM_SPACES: usize = 2 * SPACES - 1;

/// One side of a team board. Spaces 0-36 are the left half in its rows (as a duchy),
/// 37-72 the right half's others in theirs; the space both share keeps its left id.
#[derive(Clone, Debug)]
pub struct TeamBoard {
    pub number: u8,
    /// The side: standard (31a+32a, number 31) or advanced (31b+32b, number 32).
    pub side: TeamBoardSide,
    pub name: String,
    pub classic: String,
    pub colours: Vec<Colour>,
    pub dice: Vec<u8>,
    pub neighbours: Vec<Vec<u8>>,
    /// Area id of each space, and each area's size.
    pub area: Vec<u8>,
    pub area_size: Vec<u8>,
    /// The space both halves share: the central castle space where the team's castle
    /// starts (002 line 831, 001 lines 1003-1005).
    pub centre: u8,
    /// Each half's 37 spaces, the shared one in both.
    pub halves: [Vec<u8>; 2],
    /// Where a team's castle may start: on the standard side the centre; on the
    /// advanced side castle space 1, then castle space 6, each team choosing one
    /// (002 line 831, 001 line 1005).
    pub castle_spaces: Vec<u8>,
    pub confidence: String,
    pub verified: bool,
}

/// A board's spaces in rows of 4-5-6-7-6-5-4: a duchy's 37; a team board's two
/// halves one after the other, the shared centre in both.
pub fn board_halves(content: &Content, duchy: &Duchy) -> Vec<Vec<usize>> {
    if duchy.spaces == SPACES {
        return vec![(0..SPACES).collect()];
    }
    let board = content
        .team_boards
        .iter()
        .find(|b| b.number == duchy.number);
    board.map_or(Vec::new(), |b| {
        b.halves
            .iter()
            .map(|h| h.iter().map(|&s| s as usize).collect())
            .collect()
    })
}

/// A team board as the engine plays it: a duchy of 73 spaces (module `team`), its
/// ids those of [`board_grid`] (checked on load).
pub(crate) fn team_duchy(b: &TeamBoard) -> Result<Duchy, ContentError> {
    let neighbours: Vec<SpaceSet> = b
        .neighbours
        .iter()
        .map(|nb| nb.iter().map(|&m| m as usize).collect())
        .collect();
    if neighbours[..] != board_grid()[..] {
        return Err(bad(format!(
            "team board {}: its spaces are not numbered as the engine's board grid",
            b.number
        )));
    }
    let meta = RawDuchy {
        number: b.number,
        module: Some(Module::Team),
        name: b.name.clone(),
        rows: Vec::new(),
        confidence: b.confidence.clone(),
        verified: b.verified,
    };
    Ok(Duchy::assemble(
        &meta,
        &b.colours,
        &b.dice,
        &neighbours,
        &neighbours,
        Vec::new(),
    ))
}

#[derive(Deserialize)]
struct RawTeamBoard {
    number: u8,
    #[serde(default)]
    side: TeamBoardSide,
    /// The advanced side's castle spaces 1 and 6, each as [half, space of the half
    /// 0-36 in its rows]; the standard side has none (its castle starts on the centre).
    #[serde(default)]
    castle_spaces: Vec<[u8; 2]>,
    name: String,
    classic: String,
    halves: [Vec<String>; 2],
    confidence: String,
    verified: bool,
}

#[derive(Deserialize)]
struct RawTeamBoards {
    boards: Vec<RawTeamBoard>,
}

fn bad(message: String) -> ContentError {
    ContentError { file: F, message }
}

/// The team boards shipped with the engine (only the standard side, 31a+32a, was
/// found); a game reads its own content's (`Content::team_boards`).
pub fn team_boards() -> &'static [TeamBoard] {
    &Content::embedded().team_boards
}

/// Team boards from their data, validated: each half 7 rows of 4-5-6-7-6-5-4 cells,
/// the shared space the same in both and a castle, twice a duchy's 12/6/6/6/4/3 mix
/// less the shared castle.
pub(crate) fn team_boards_from(text: &str) -> Result<Vec<TeamBoard>, ContentError> {
    let raw: RawTeamBoards = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    let boards = raw
        .boards
        .iter()
        .map(board)
        .collect::<Result<Vec<_>, _>>()?;
    for side in [TeamBoardSide::Standard, TeamBoardSide::Advanced] {
        if boards.iter().filter(|b| b.side == side).count() > 1 {
            return Err(bad(format!(
                "more than one {side:?} side of the team board"
            )));
        }
    }
    Ok(boards)
}

fn board(raw: &RawTeamBoard) -> Result<TeamBoard, ContentError> {
    let n = raw.number;
    if n != raw.side.board() {
        return Err(bad(format!(
            "team board {n}: the {:?} side is numbered {}",
            raw.side,
            raw.side.board()
        )));
    }
    // Each space by its axial coordinates (the right half shifted), with its cell.
    let mut cells: BTreeMap<(i32, i32), (Colour, u8)> = BTreeMap::new();
    let mut order: Vec<(i32, i32)> = Vec::new();
    let mut halves: [Vec<(i32, i32)>; 2] = Default::default();
    for (h, rows) in raw.halves.iter().enumerate() {
        let lens: Vec<usize> = rows.iter().map(|r| r.split_whitespace().count()).collect();
        if lens != ROWS {
            return Err(bad(format!(
                "team board {n} half {h}: rows have {lens:?} spaces, expected {ROWS:?}"
            )));
        }
        for (i, cell) in rows.iter().flat_map(|r| r.split_whitespace()).enumerate() {
            let cell_of = parse_cell(cell).ok_or_else(|| {
                bad(format!(
                    "team board {n} half {h}: space {i} {cell:?} is not a colour letter (C B P W K M) and a die number 1-6"
                ))
            })?;
            let (q, r) = axial(i);
            let at = (q + h as i32 * RIGHT_HALF_OFFSET, r);
            halves[h].push(at);
            match cells.insert(at, cell_of) {
                None => order.push(at),
                Some(left) if left == cell_of => {}
                Some(_) => {
                    return Err(bad(format!(
                        "team board {n}: the shared space reads {cell:?} in the right half, otherwise in the left"
                    )))
                }
            }
        }
    }
    let shared: Vec<(i32, i32)> = halves[1]
        .iter()
        .filter(|at| halves[0].contains(at))
        .copied()
        .collect();
    let [centre_at] = shared[..] else {
        return Err(bad(format!(
            "team board {n}: the halves share {} spaces, expected 1",
            shared.len()
        )));
    };
    let id = |at: &(i32, i32)| order.iter().position(|o| o == at).unwrap() as u8;
    let colours: Vec<Colour> = order.iter().map(|at| cells[at].0).collect();
    let dice: Vec<u8> = order.iter().map(|at| cells[at].1).collect();
    let neighbours: Vec<Vec<u8>> = order
        .iter()
        .map(|&(q, r)| {
            [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
                .iter()
                .map(|(dq, dr)| (q + dq, r + dr))
                .filter(|at| cells.contains_key(at))
                .map(|at| id(&at))
                .collect()
        })
        .collect();
    let centre = id(&centre_at);
    if colours[centre as usize] != Colour::Castle {
        return Err(bad(format!(
            "team board {n}: the shared space {centre} is not a castle space"
        )));
    }
    check_composition(n, &colours)?;
    let id_in_half = |[h, i]: [u8; 2]| halves.get(h as usize)?.get(i as usize).map(id);
    let castle_spaces = match raw.side {
        TeamBoardSide::Standard => vec![centre],
        TeamBoardSide::Advanced => {
            let spaces: Vec<Option<u8>> =
                raw.castle_spaces.iter().map(|&c| id_in_half(c)).collect();
            castle_spaces_1_and_6(n, &spaces, &colours, &dice)?
        }
    };
    if raw.side == TeamBoardSide::Standard && !raw.castle_spaces.is_empty() {
        return Err(bad(format!(
            "team board {n}: the standard side's castle starts on the centre: it names no castle_spaces"
        )));
    }
    let (area, area_size) = areas(&colours, &neighbours);
    Ok(TeamBoard {
        number: n,
        side: raw.side,
        castle_spaces,
        name: raw.name.clone(),
        classic: raw.classic.clone(),
        colours,
        dice,
        neighbours,
        area,
        area_size,
        centre,
        halves: halves.map(|h| h.iter().map(id).collect()),
        confidence: raw.confidence.clone(),
        verified: raw.verified,
    })
}

/// The advanced side's castle spaces 1 and 6 (002 line 831 "la casilla hexagonal
/// borgoña 1 o 6", 001 line 1005 "o espaço verde-escuro 1 ou 6"): two spaces of the
/// board, castle spaces showing the die numbers 1 and 6 (as the standard side's
/// centre is "o espaço hexagonal central verde-escuro, com o 1", 001 line 1005).
fn castle_spaces_1_and_6(
    n: u8,
    spaces: &[Option<u8>],
    colours: &[Colour],
    dice: &[u8],
) -> Result<Vec<u8>, ContentError> {
    if spaces.len() != 2 {
        return Err(bad(format!(
            "team board {n}: the advanced side names its castle spaces 1 and 6 as castle_spaces: [[half, space], [half, space]] ({} given)",
            spaces.len()
        )));
    }
    let mut ids = Vec::new();
    for (s, die) in spaces.iter().zip([1, 6]) {
        let Some(id) = *s else {
            return Err(bad(format!(
                "team board {n}: castle space {die} is not a space of the board (half 0 or 1, space 0-36)"
            )));
        };
        if colours[id as usize] != Colour::Castle || dice[id as usize] != die {
            return Err(bad(format!(
                "team board {n}: castle space {die} (space {id}) must be a castle space showing {die}"
            )));
        }
        ids.push(id);
    }
    Ok(ids)
}

/// Twice a duchy's mix (castle, building, pasture, water, knowledge, mine: 4, 12, 6,
/// 6, 6, 3) less the shared castle.
fn check_composition(n: u8, colours: &[Colour]) -> Result<(), ContentError> {
    let expected = [7, 24, 12, 12, 12, 6];
    let mut count = [0u8; 6];
    colours.iter().for_each(|c| count[c.index()] += 1);
    match count == expected {
        true => Ok(()),
        false => Err(bad(format!(
            "team board {n}: colour counts (castle, building, pasture, water, knowledge, mine) are {count:?}, expected {expected:?}"
        ))),
    }
}

/// One-colour regions across the whole board (an area may cross from one half to
/// the other).
fn areas(colours: &[Colour], nb: &[Vec<u8>]) -> (Vec<u8>, Vec<u8>) {
    let mut area = vec![u8::MAX; colours.len()];
    let mut sizes = Vec::new();
    for start in 0..colours.len() {
        if area[start] != u8::MAX {
            continue;
        }
        let id = sizes.len() as u8;
        let (mut stack, mut size) = (vec![start], 0);
        area[start] = id;
        while let Some(s) = stack.pop() {
            size += 1;
            for &m in &nb[s] {
                let m = m as usize;
                if area[m] == u8::MAX && colours[m] == colours[s] {
                    area[m] = id;
                    stack.push(m);
                }
            }
        }
        sizes.push(size);
    }
    (area, sizes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded board with one edit: bad data is refused naming the file.
    fn with(edit: impl Fn(&mut serde_json::Value)) -> Result<Vec<TeamBoard>, ContentError> {
        let mut v: serde_json::Value = serde_json::from_str(TEAM_DUCHIES_JSON).unwrap();
        edit(&mut v["boards"][0]);
        team_boards_from(&v.to_string())
    }

    fn message(r: Result<Vec<TeamBoard>, ContentError>) -> String {
        let e = r.expect_err("refused");
        assert_eq!(e.file, F);
        e.message
    }

    #[test]
    fn bad_team_board_data_is_refused_with_the_reason() {
        assert!(with(|_| {}).is_ok());
        // The shared space read differently in the two halves.
        let m = message(with(|b| {
            b["halves"][1][3] = "C2 B4 W2 C6 B2 B1 K4".into();
        }));
        assert!(m.contains("shared space"), "{m}");
        // A row of the wrong length.
        let m = message(with(|b| b["halves"][0][0] = "C6 B5 B4".into()));
        assert!(m.contains("rows have"), "{m}");
        // A cell that is not a colour and a die.
        let m = message(with(|b| b["halves"][0][0] = "X6 B5 B4 B3".into()));
        assert!(m.contains("\"X6\""), "{m}");
        // One colour too many breaks the composition.
        let m = message(with(|b| b["halves"][0][0] = "B6 B5 B4 B3".into()));
        assert!(m.contains("colour counts"), "{m}");
    }
}
