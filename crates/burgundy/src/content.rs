//! The game's content (duchy boards, the central board, the tile inventory), read
//! from the data files embedded at build time and validated when loaded. Bad data
//! is refused with a message naming the file and item.

use crate::config::TradingPostSites;
use crate::modules::{AutoDukeData, Module, ModuleSet, TeamBoard, TradeRouteData, VineyardBoard};
use crate::sets::SpaceSet;
use crate::tile::{Colour, Tile, KINDS};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use thiserror::Error;

/// Spaces of a duchy.
pub const SPACES: usize = 37;
/// Spaces of the largest board, a team board (two duchy halves sharing one space):
/// the size of a board's arrays, whatever the board.
pub const MAX_SPACES: usize = 2 * SPACES - 1;
/// Hexes per row of a duchy: 7 rows of 4-5-6-7-6-5-4, row-major ids 0..37.
pub(crate) const ROWS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

#[derive(Debug, Error, PartialEq)]
#[error("{file}: {message}")]
pub struct ContentError {
    pub file: &'static str,
    pub message: String,
}

fn bad(file: &'static str, message: impl Into<String>) -> ContentError {
    ContentError {
        file,
        message: message.into(),
    }
}

/// Axial coordinates of each space (r = row - 3, q = col + max(-3, -3 - r)).
pub(crate) fn axial(id: usize) -> (i32, i32) {
    let mut row = 0;
    let mut start = 0;
    while id >= start + ROWS[row] {
        start += ROWS[row];
        row += 1;
    }
    let r = row as i32 - 3;
    let q = (id - start) as i32 + (-3).max(-3 - r);
    (q, r)
}

/// A cell as the data files write it: a colour letter (C B P W K M) and a die
/// number 1-6 ("C6").
pub(crate) fn parse_cell(cell: &str) -> Option<(Colour, u8)> {
    let mut chars = cell.chars();
    let colour = chars.next().and_then(Colour::from_letter)?;
    let die = chars
        .as_str()
        .parse()
        .ok()
        .filter(|d| (1..=6).contains(d))?;
    Some((colour, die))
}

/// The neighbours of every space: the same for every duchy.
pub fn neighbours() -> &'static [Vec<u8>; SPACES] {
    static N: OnceLock<[Vec<u8>; SPACES]> = OnceLock::new();
    N.get_or_init(|| {
        let coords: Vec<(i32, i32)> = (0..SPACES).map(axial).collect();
        std::array::from_fn(|i| hex_neighbours(&coords, i).map(|j| j as u8).collect())
    })
}

/// Axial coordinates of each space of a team board: ids 0-36 are the left half, a
/// duchy's spaces where a duchy has them; 37-72 the right half's others, its
/// coordinates shifted `RIGHT_HALF_OFFSET` columns, row-major, skipping the space
/// the halves share (the right half's middle row starts on the left's last space).
pub(crate) fn board_axial(id: usize) -> (i32, i32) {
    if id < SPACES {
        return axial(id);
    }
    let right = id - SPACES + usize::from(id - SPACES >= SHARED_IN_RIGHT_HALF);
    let (q, r) = axial(right);
    (q + RIGHT_HALF_OFFSET, r)
}

/// Columns between a team board's two halves' centres.
pub(crate) const RIGHT_HALF_OFFSET: i32 = 6;
/// The right half's id of the space both halves share: its middle row's first.
const SHARED_IN_RIGHT_HALF: usize = 15;

/// The neighbours of every space of the largest board, a team board: a duchy's
/// spaces keep their ids (0-36), and their neighbours there are a duchy's plus, on
/// the edge, spaces 37-72 that no duchy has. The tiles of any board keep in step
/// the spaces next to them with it ([`crate::state::Spaces`]); placement intersects
/// them with the board's own spaces.
pub fn board_grid() -> &'static [SpaceSet; MAX_SPACES] {
    static N: OnceLock<[SpaceSet; MAX_SPACES]> = OnceLock::new();
    N.get_or_init(|| {
        let coords: Vec<(i32, i32)> = (0..MAX_SPACES).map(board_axial).collect();
        std::array::from_fn(|i| hex_neighbours(&coords, i).collect())
    })
}

/// The ids of the spaces next to space `i` among `coords` (axial coordinates).
fn hex_neighbours(coords: &[(i32, i32)], i: usize) -> impl Iterator<Item = usize> + '_ {
    let (q, r) = coords[i];
    [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
        .into_iter()
        .filter_map(move |(dq, dr)| coords.iter().position(|&c| c == (q + dq, r + dr)))
}

/// The neighbours of every space as a set: the same for every duchy.
pub fn neighbour_sets() -> &'static [SpaceSet; SPACES] {
    static N: OnceLock<[SpaceSet; SPACES]> = OnceLock::new();
    N.get_or_init(|| {
        let nb = neighbours();
        std::array::from_fn(|s| nb[s].iter().map(|&m| m as usize).collect())
    })
}

/// One duchy board: colour and die number of each space, and its areas (regions of
/// one colour, connected through neighbouring spaces).
#[derive(Clone, Debug)]
pub struct Duchy {
    pub number: u8,
    /// The expansion module that brings this board (None: the base game's).
    pub module: Option<Module>,
    pub name: String,
    pub verified: bool,
    pub confidence: String,
    /// The board's spaces: 37 (a duchy) or 73 (a team board); the arrays below
    /// are sized for the largest board and hold nothing beyond.
    pub spaces: usize,
    /// Every space of the board.
    pub all: SpaceSet,
    pub colours: [Colour; MAX_SPACES],
    pub dice: [u8; MAX_SPACES],
    /// Area id of each space.
    pub area: [u8; MAX_SPACES],
    /// Size of each area.
    pub area_size: Vec<u8>,
    /// Number of spaces of each colour.
    pub colour_count: [u8; 6],
    /// The spaces of each colour (by colour index), of each die number (index 1-6;
    /// 0 holds none) and of each area: placement as bit operations.
    pub colour_spaces: [SpaceSet; 6],
    pub number_spaces: [SpaceSet; 7],
    pub area_spaces: Vec<SpaceSet>,
    /// The spaces next to each space: the hex grid's on a regular duchy; a solo
    /// board's clusters and rivers ([`crate::modules::solo`]).
    pub neighbours: [SpaceSet; MAX_SPACES],
    /// A solo board's rivers (pairs of water spaces of different clusters), part of
    /// `neighbours`; none on a regular duchy.
    pub rivers: Vec<[u8; 2]>,
}

impl Duchy {
    /// The colour of `space`, None beyond the board (its arrays run on, padded,
    /// to the largest board's size).
    pub fn colour_of(&self, space: usize) -> Option<Colour> {
        (space < self.spaces).then(|| self.colours[space])
    }

    pub fn spaces_of_area(&self, area: u8) -> impl Iterator<Item = usize> + '_ {
        self.area_spaces[area as usize].iter()
    }

    fn from_rows(raw: &RawDuchy) -> Result<Duchy, ContentError> {
        const F: &str = "duchies.json";
        let n = raw.number;
        let cells: Vec<&str> = raw.rows.iter().flat_map(|r| r.split_whitespace()).collect();
        let lens: Vec<usize> = raw
            .rows
            .iter()
            .map(|r| r.split_whitespace().count())
            .collect();
        if lens != ROWS {
            return Err(bad(
                F,
                format!("duchy {n}: rows have {lens:?} spaces, expected {ROWS:?}"),
            ));
        }
        let mut colours = [Colour::Castle; SPACES];
        let mut dice = [0; SPACES];
        for (i, cell) in cells.iter().enumerate() {
            let mut chars = cell.chars();
            let (c, d) = (chars.next(), chars.as_str());
            colours[i] = c.and_then(Colour::from_letter).ok_or_else(|| {
                bad(
                    F,
                    format!("duchy {n}: space {i} {cell:?} has no colour letter (C B P W K M)"),
                )
            })?;
            dice[i] = d
                .parse()
                .ok()
                .filter(|v| (1..=6).contains(v))
                .ok_or_else(|| {
                    bad(
                        F,
                        format!("duchy {n}: space {i} {cell:?} has no die number 1-6"),
                    )
                })?;
        }
        let mut colour_count = [0u8; 6];
        for c in colours {
            colour_count[c.index()] += 1;
        }
        check_composition(n, colour_count)?;
        let grid = neighbour_sets();
        Ok(Duchy::assemble(
            raw,
            &colours,
            &dice,
            grid,
            grid,
            Vec::new(),
        ))
    }
}

/// Every duchy, solo boards included: 12 building, 6 knowledge, 6 water, 6 pasture,
/// 4 castle and 3 mine spaces.
pub(crate) fn check_composition(n: u8, colour_count: [u8; 6]) -> Result<(), ContentError> {
    const F: &str = "duchies.json";
    {
        // Every regular duchy: 12 building, 6 knowledge, 6 water, 6 pasture, 4 castle, 3 mine.
        let expected = [4, 12, 6, 6, 6, 3];
        if colour_count != expected {
            return Err(bad(
                F,
                format!("duchy {n}: colour counts (castle, building, pasture, water, knowledge, mine) are {colour_count:?}, expected {expected:?}"),
            ));
        }
    }
    Ok(())
}

impl Duchy {
    /// A duchy from its spaces and adjacency: `within` joins the spaces of one
    /// area (a solo board's rivers do not), `neighbours` is what placement reads.
    /// Every slice holds one entry a space, as many as the board has.
    pub(crate) fn assemble(
        raw: &RawDuchy,
        colours: &[Colour],
        dice: &[u8],
        within: &[SpaceSet],
        neighbours: &[SpaceSet],
        rivers: Vec<[u8; 2]>,
    ) -> Duchy {
        let n = raw.number;
        let spaces = colours.len();
        let mut colour_count = [0u8; 6];
        for c in colours {
            colour_count[c.index()] += 1;
        }
        let (area, area_size) = areas(colours, within);
        let spaces_where = |f: &dyn Fn(usize) -> bool| (0..spaces).filter(|&s| f(s)).collect();
        let colour_spaces = std::array::from_fn(|c| spaces_where(&|s| colours[s].index() == c));
        let number_spaces = std::array::from_fn(|d| spaces_where(&|s| dice[s] as usize == d));
        let area_spaces = (0..area_size.len())
            .map(|a| spaces_where(&|s| area[s] as usize == a))
            .collect();
        Duchy {
            number: n,
            module: raw.module,
            name: raw.name.clone(),
            verified: raw.verified,
            confidence: raw.confidence.clone(),
            spaces,
            all: SpaceSet::first(spaces),
            colours: padded(colours, Colour::Castle),
            dice: padded(dice, 0),
            area,
            area_size,
            colour_count,
            colour_spaces,
            number_spaces,
            area_spaces,
            neighbours: padded(neighbours, SpaceSet::EMPTY),
            rivers,
        }
    }
}

/// A board's entries, one a space, in an array sized for the largest board.
fn padded<T: Copy>(of: &[T], fill: T) -> [T; MAX_SPACES] {
    std::array::from_fn(|s| of.get(s).copied().unwrap_or(fill))
}

fn areas(colours: &[Colour], nb: &[SpaceSet]) -> ([u8; MAX_SPACES], Vec<u8>) {
    let mut area = [u8::MAX; MAX_SPACES];
    let mut sizes = Vec::new();
    for start in 0..colours.len() {
        if area[start] != u8::MAX {
            continue;
        }
        let id = sizes.len() as u8;
        let mut stack = vec![start];
        area[start] = id;
        let mut size = 0;
        while let Some(s) = stack.pop() {
            size += 1;
            for m in nb[s].iter() {
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

/// A space of a numbered depot on the central board.
#[derive(Clone, Debug, Deserialize)]
pub struct DepotSpace {
    pub colour: Colour,
    pub min_players: u8,
    /// With three players this castle space takes a mine in these phases (seed 000,
    /// "Regras para 2 e 3 jogadores": "3BD").
    #[serde(default)]
    pub three_players_mine_in_phases: Vec<char>,
}

#[derive(Clone, Debug)]
pub struct BoardSide {
    pub id: String,
    pub verified: bool,
    pub confidence: String,
    pub depots: Vec<Vec<DepotSpace>>,
    pub black_depot_min_players: Vec<u8>,
}

/// A double-sided duchy board of a box: its two sides (duchy numbers) and how many
/// copies the box holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DuchyBoard {
    pub sides: [u8; 2],
    pub copies: u8,
}

#[derive(Deserialize)]
struct RawBox {
    confidence: String,
    boards: Vec<DuchyBoard>,
}

#[derive(Deserialize)]
struct RawBoxes {
    special: RawBox,
    classic: RawBox,
    /// The boxes of the expansion duchy modules, by module name.
    #[serde(default)]
    modules: BTreeMap<Module, RawBox>,
    /// The classic edition's own boxes of a module's duchies (its outpost duchies
    /// 11a-f, seed 001 line 71), where they differ from the Special Edition's.
    #[serde(default)]
    classic_modules: BTreeMap<Module, RawBox>,
}

fn module_boxes(raw: BTreeMap<Module, RawBox>) -> BTreeMap<Module, (String, Vec<DuchyBoard>)> {
    raw.into_iter()
        .map(|(m, b)| (m, (b.confidence, b.boards)))
        .collect()
}

/// Everything the rules read from data.
#[derive(Clone, Debug)]
pub struct Content {
    pub duchies: Vec<Duchy>,
    /// The double-sided duchy boards random duchies are drawn from, per edition
    /// (Special Edition, classic), with the confidence of their pairing.
    pub special_box: Vec<DuchyBoard>,
    pub classic_box: Vec<DuchyBoard>,
    pub box_confidence: [String; 2],
    /// The boxes of the expansion duchy modules (duchies 11-18, 19-22), with the
    /// confidence of their pairing.
    pub module_boxes: BTreeMap<Module, (String, Vec<DuchyBoard>)>,
    /// The classic edition's boxes of a module's duchies, where it has its own.
    pub classic_module_boxes: BTreeMap<Module, (String, Vec<DuchyBoard>)>,
    pub sides: Vec<BoardSide>,
    /// Count per tile kind, coloured backs and black backs.
    pub coloured: [u8; KINDS],
    pub black: [u8; KINDS],
    /// The tiles a module adds, coloured backs and black backs.
    pub module_tiles: BTreeMap<Module, ([u8; KINDS], [u8; KINDS])>,
    /// The inns of the module `inns` (one comes out at each phase start).
    pub inns: u8,
    /// The trading posts of the player board (module `trading-posts`), per reading
    /// of their sites: the duchy spaces touching each post.
    pub trading_posts: BTreeMap<TradingPostSites, Vec<SpaceSet>>,
    /// The team boards (module `team`): their halves; each is also a duchy above.
    pub team_boards: Vec<TeamBoard>,
    /// The AutoDuke's village cards, boards and reserve (module `auto-duke`).
    pub auto_duke: AutoDukeData,
    /// The trade-route tiles (module `trade-routes`).
    pub trade_routes: TradeRouteData,
    /// The vineyard board (module `vineyards`).
    pub vineyard: VineyardBoard,
}

#[derive(Deserialize)]
pub(crate) struct RawDuchy {
    pub(crate) number: u8,
    #[serde(default)]
    pub(crate) module: Option<Module>,
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) rows: Vec<String>,
    pub(crate) confidence: String,
    pub(crate) verified: bool,
}

#[derive(Deserialize)]
struct RawDuchies {
    boards: Vec<RawDuchy>,
    boxes: RawBoxes,
    #[serde(default)]
    trading_posts: RawTradingPosts,
}

#[derive(Deserialize, Default)]
struct RawTradingPosts {
    sites: BTreeMap<TradingPostSites, RawPostSites>,
}

#[derive(Deserialize)]
struct RawPostSites {
    posts: Vec<Vec<u8>>,
}

#[derive(Deserialize)]
struct RawSide {
    id: String,
    verified: bool,
    confidence: String,
    #[serde(default)]
    depots: Vec<Vec<DepotSpace>>,
    #[serde(default)]
    black_depot_min_players: Vec<u8>,
    #[serde(default)]
    same_as: Option<String>,
}

#[derive(Deserialize)]
struct RawBoard {
    sides: Vec<RawSide>,
}

#[derive(Deserialize)]
struct RawTileRow {
    tile: String,
    #[serde(default)]
    coloured: u8,
    #[serde(default)]
    black: u8,
    #[serde(default)]
    black_numbers: Vec<u8>,
}

#[derive(Deserialize)]
struct RawTiles {
    tiles: Vec<RawTileRow>,
    /// The tiles a module adds to the supply, by module name.
    #[serde(default)]
    modules: BTreeMap<Module, RawModuleTiles>,
}

#[derive(Deserialize)]
struct RawModuleTiles {
    #[serde(default)]
    tiles: Vec<RawTileRow>,
    /// Tiles that wait beside the black depot rather than in a bag (the inns).
    #[serde(default)]
    inn_space: u8,
}

pub const DUCHIES_JSON: &str = include_str!("../data/duchies.json");
pub const BOARD_JSON: &str = include_str!("../data/central_board.json");
pub const TILES_JSON: &str = include_str!("../data/tiles.json");

/// The text of the data files a [`Content`] is read from.
#[derive(Clone, Copy, Debug)]
pub struct DataFiles<'a> {
    pub duchies: &'a str,
    pub board: &'a str,
    pub tiles: &'a str,
    pub solo: &'a str,
    pub team: &'a str,
    pub auto_duke: &'a str,
    pub trade_routes: &'a str,
    pub vineyards: &'a str,
}

impl DataFiles<'static> {
    /// The files embedded at build time.
    pub const EMBEDDED: DataFiles<'static> = DataFiles {
        duchies: DUCHIES_JSON,
        board: BOARD_JSON,
        tiles: TILES_JSON,
        solo: crate::modules::SOLO_DUCHIES_JSON,
        team: crate::modules::TEAM_DUCHIES_JSON,
        auto_duke: crate::modules::AUTO_DUKE_JSON,
        trade_routes: crate::modules::TRADE_ROUTES_JSON,
        vineyards: crate::modules::VINEYARDS_JSON,
    };
}

impl<'a> DataFiles<'a> {
    /// The files' names, as `crates/burgundy/data/` and a content file
    /// (`crate::custom`) give them, in the order of [`DataFiles::by_name`].
    pub const NAMES: [&'static str; 8] = [
        "auto_duke.json",
        "central_board.json",
        "duchies.json",
        "solo_duchies.json",
        "team_duchies.json",
        "tiles.json",
        "trade_routes.json",
        "vineyards.json",
    ];

    /// Each file with its name ([`DataFiles::NAMES`]).
    pub fn by_name(&mut self) -> [(&'static str, &mut &'a str); 8] {
        let texts = [
            &mut self.auto_duke,
            &mut self.board,
            &mut self.duchies,
            &mut self.solo,
            &mut self.team,
            &mut self.tiles,
            &mut self.trade_routes,
            &mut self.vineyards,
        ];
        let mut names = Self::NAMES.into_iter();
        texts.map(|t| (names.next().expect("one name a file"), t))
    }
}

/// A module's data file read and checked by its own rules (`check`); an error names
/// the file.
pub(crate) fn read_data<T: serde::de::DeserializeOwned>(
    file: &'static str,
    text: &str,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Result<T, ContentError> {
    let data: T = serde_json::from_str(text).map_err(|e| bad(file, e.to_string()))?;
    check(&data).map_err(|e| bad(file, e))?;
    Ok(data)
}

impl Content {
    /// The game's tiles with coloured backs, or with black backs: the base game's
    /// and those the `modules` add (the extra hexes, ...). Only the few modules that
    /// bring tiles are looked at (four times a game's phase draws, issue 46).
    pub fn inventory(&self, modules: ModuleSet, black: bool) -> [u8; KINDS] {
        let mut tiles = if black { self.black } else { self.coloured };
        for (&m, (coloured, blacks)) in &self.module_tiles {
            if modules.contains(m) {
                let add = if black { blacks } else { coloured };
                tiles.iter_mut().zip(add).for_each(|(n, a)| *n += a);
            }
        }
        tiles
    }

    /// The content shipped with the engine (loaded once, immutable).
    #[inline]
    pub fn embedded() -> &'static Content {
        static C: OnceLock<Content> = OnceLock::new();
        C.get_or_init(|| {
            Content::from_files(&DataFiles::EMBEDDED)
                .unwrap_or_else(|e| panic!("the embedded data is invalid: {e}"))
        })
    }

    /// An expansion's board (duchies 11-30, the team board, the solo boards) whose
    /// data is not verified: provisional content (issue 15), told in the setup's
    /// outcome and event and marked wherever a player sees the board.
    pub fn provisional_duchy(&self, number: u8) -> bool {
        self.duchy(number)
            .is_some_and(|d| d.module.is_some() && !d.verified)
    }

    #[inline]
    pub fn duchy(&self, number: u8) -> Option<&Duchy> {
        // The boards are numbered in order from 1 (asked many times a decision).
        match self.duchies.get((number as usize).wrapping_sub(1)) {
            Some(d) if d.number == number => Some(d),
            _ => self.duchies.iter().find(|d| d.number == number),
        }
    }

    /// The duchy boards of the edition's box.
    pub fn duchy_box(&self, edition: crate::config::Edition) -> &[DuchyBoard] {
        match edition {
            crate::config::Edition::Special => &self.special_box,
            crate::config::Edition::Classic => &self.classic_box,
        }
    }

    /// The boards random duchies are drawn from: the boxes of the duchy modules
    /// played, all of them together (seed 000 line 698: with duchies 11-18 "cada
    /// jogador recebe um tabuleiro de ducado aleatório dentre os numerados de 11 a
    /// 18"); with none, the edition's box.
    pub fn random_boards(&self, config: &crate::config::Config) -> Vec<DuchyBoard> {
        // The solo game's one double-sided board, 33/34 (seed 000 line 96).
        if config.modules.contains(Module::Solo) {
            return vec![crate::modules::SOLO_BOARD];
        }
        let boxes = match config.edition {
            crate::config::Edition::Classic => &self.classic_module_boxes,
            crate::config::Edition::Special => &self.module_boxes,
        };
        let boards: Vec<DuchyBoard> = config
            .modules
            .iter()
            .filter_map(|m| boxes.get(&m))
            .flat_map(|(_, boards)| boards.iter().copied())
            .collect();
        match boards.is_empty() {
            true => self.duchy_box(config.edition).to_vec(),
            false => boards,
        }
    }

    pub fn side(&self, id: &str) -> Option<&BoardSide> {
        self.sides.iter().find(|s| s.id == id)
    }

    /// Parses and validates the three data files of the duchies, the central board
    /// and the tiles (the modules' files embedded).
    pub fn parse(duchies: &str, board: &str, tiles: &str) -> Result<Content, ContentError> {
        Content::from_files(&DataFiles {
            duchies,
            board,
            tiles,
            ..DataFiles::EMBEDDED
        })
    }

    /// Parses and validates every data file: the embedded ones, or a content file's
    /// in their place, each by the same parser ([`crate::custom`]).
    pub fn from_files(files: &DataFiles) -> Result<Content, ContentError> {
        let DataFiles {
            duchies,
            board,
            tiles,
            solo,
            ..
        } = *files;
        let raw: RawDuchies =
            serde_json::from_str(duchies).map_err(|e| bad("duchies.json", e.to_string()))?;
        let mut duchies = raw
            .boards
            .iter()
            .map(Duchy::from_rows)
            .collect::<Result<Vec<_>, _>>()?;
        // The solo boards (module `solo`), from their own file.
        duchies.extend(crate::modules::solo_duchies(solo)?);
        // The team boards (module `team`), 73 spaces each.
        let team_boards = crate::modules::team_boards_from(files.team)?;
        for b in &team_boards {
            duchies.push(crate::modules::team_duchy(b)?);
        }
        for (name, b) in [
            ("special", &raw.boxes.special),
            ("classic", &raw.boxes.classic),
        ] {
            check_box(name, &b.boards, &duchies)?;
        }
        for (m, b) in raw.boxes.modules.iter().chain(&raw.boxes.classic_modules) {
            check_box(m.name(), &b.boards, &duchies)?;
            if let Some(d) = b.boards.iter().flat_map(|b| b.sides).find(|&n| {
                duchies
                    .iter()
                    .find(|d| d.number == n)
                    .and_then(|d| d.module)
                    != Some(*m)
            }) {
                return Err(bad(
                    "duchies.json",
                    format!("box {m}: duchy {d} is not a board of the module {m}"),
                ));
            }
        }
        let trading_posts = trading_post_sites(raw.trading_posts)?;
        let RawBoxes {
            special,
            classic,
            modules,
            classic_modules,
        } = raw.boxes;
        let raw: RawBoard =
            serde_json::from_str(board).map_err(|e| bad("central_board.json", e.to_string()))?;
        let sides = board_sides(raw)?;
        let raw: RawTiles =
            serde_json::from_str(tiles).map_err(|e| bad("tiles.json", e.to_string()))?;
        let module_tiles: BTreeMap<Module, ([u8; KINDS], [u8; KINDS])> = raw
            .modules
            .iter()
            .map(|(&m, t)| Ok((m, counts(&t.tiles)?)))
            .collect::<Result<_, ContentError>>()?;
        let inns = raw.modules.get(&Module::Inns).map_or(0, |m| m.inn_space);
        if let Some((m, _)) = raw
            .modules
            .iter()
            .find(|(&m, t)| t.inn_space > 0 && m != Module::Inns)
        {
            return Err(bad(
                "tiles.json",
                format!("module {m}: only the inns wait on the inn space"),
            ));
        }
        if module_tiles
            .values()
            .any(|(c, b)| c[Tile::INN.kind()] + b[Tile::INN.kind()] > 0)
        {
            return Err(bad(
                "tiles.json",
                "inns are never in a bag: give them as inn_space",
            ));
        }
        let (coloured, black) = inventory(raw)?;
        Ok(Content {
            duchies,
            box_confidence: [special.confidence, classic.confidence],
            special_box: special.boards,
            classic_box: classic.boards,
            module_boxes: module_boxes(modules),
            classic_module_boxes: module_boxes(classic_modules),
            sides,
            coloured,
            black,
            module_tiles,
            inns,
            trading_posts,
            team_boards,
            auto_duke: AutoDukeData::parse(files.auto_duke)?,
            trade_routes: TradeRouteData::parse(files.trade_routes)?,
            vineyard: VineyardBoard::parse(files.vineyards)?,
        })
    }
}

/// The most trading posts a board's reading may have (the printed boards have three).
pub const MAX_TRADING_POSTS: usize = 16;

/// The trading posts' sites: two to [`MAX_TRADING_POSTS`] posts, each touching spaces
/// of the duchy.
fn trading_post_sites(
    raw: RawTradingPosts,
) -> Result<BTreeMap<TradingPostSites, Vec<SpaceSet>>, ContentError> {
    raw.sites
        .into_iter()
        .map(|(reading, sites)| {
            // Posts are counted as bits of a word (`trading_post_links`).
            let ok = (2..=MAX_TRADING_POSTS).contains(&sites.posts.len())
                && sites
                    .posts
                    .iter()
                    .all(|p| !p.is_empty() && p.iter().all(|&s| (s as usize) < SPACES));
            match ok {
                true => Ok((
                    reading,
                    sites
                        .posts
                        .iter()
                        .map(|p| p.iter().map(|&s| s as usize).collect())
                        .collect(),
                )),
                false => Err(bad(
                    "duchies.json",
                    format!(
                        "trading posts {reading:?}: two to {MAX_TRADING_POSTS} posts, each touching spaces 0-36"
                    ),
                )),
            }
        })
        .collect()
}

/// A box's boards name existing duchies, each number on one board, and hold enough
/// boards for four players.
fn check_box(name: &str, boards: &[DuchyBoard], duchies: &[Duchy]) -> Result<(), ContentError> {
    const F: &str = "duchies.json";
    let mut seen = Vec::new();
    for b in boards {
        // A one-sided board names its duchy twice.
        let sides = if b.sides[0] == b.sides[1] {
            &b.sides[..1]
        } else {
            &b.sides[..]
        };
        for &side in sides {
            if !duchies.iter().any(|d| d.number == side) {
                return Err(bad(F, format!("box {name}: there is no duchy {side}")));
            }
            if seen.contains(&side) {
                return Err(bad(F, format!("box {name}: duchy {side} is on two boards")));
            }
            seen.push(side);
        }
    }
    let copies: u32 = boards.iter().map(|b| b.copies as u32).sum();
    if copies < 4 {
        return Err(bad(
            F,
            format!("box {name}: {copies} boards, four players need 4"),
        ));
    }
    Ok(())
}

fn board_sides(raw: RawBoard) -> Result<Vec<BoardSide>, ContentError> {
    const F: &str = "central_board.json";
    let mut sides: Vec<BoardSide> = Vec::new();
    for r in &raw.sides {
        let (depots, black) = match &r.same_as {
            Some(other) => {
                let o = sides.iter().find(|s| &s.id == other).ok_or_else(|| {
                    bad(
                        F,
                        format!("side {}: same_as {other:?} names no earlier side", r.id),
                    )
                })?;
                (o.depots.clone(), o.black_depot_min_players.clone())
            }
            None => (r.depots.clone(), r.black_depot_min_players.clone()),
        };
        if depots.len() != 6 {
            return Err(bad(
                F,
                format!("side {}: {} depots, expected 6", r.id, depots.len()),
            ));
        }
        for players in 2..=4u8 {
            let filled = |v: &[u8]| v.iter().filter(|&&m| m <= players).count();
            let depot_spaces: usize = depots
                .iter()
                .map(|d| filled(&d.iter().map(|s| s.min_players).collect::<Vec<_>>()))
                .sum();
            // Seed 001: 12 inner spaces for 2 players, 8 more marked "3", all 24 for 4.
            let expected = [12, 18, 24][players as usize - 2];
            if depot_spaces != expected {
                return Err(bad(F, format!("side {}: {depot_spaces} depot spaces for {players} players, expected {expected}", r.id)));
            }
            let expected_black = [4, 6, 8][players as usize - 2];
            if filled(&black) != expected_black {
                return Err(bad(F, format!("side {}: {} black-depot spaces for {players} players, expected {expected_black}", r.id, filled(&black))));
            }
        }
        sides.push(BoardSide {
            id: r.id.clone(),
            verified: r.verified,
            confidence: r.confidence.clone(),
            depots,
            black_depot_min_players: black,
        });
    }
    Ok(sides)
}

/// The counts of plain tile rows (a tile name and its coloured and black copies).
fn counts(rows: &[RawTileRow]) -> Result<([u8; KINDS], [u8; KINDS]), ContentError> {
    let mut coloured = [0u8; KINDS];
    let mut black = [0u8; KINDS];
    for row in rows {
        let t: Tile = row.tile.parse().map_err(|e: String| bad("tiles.json", e))?;
        coloured[t.kind()] += row.coloured;
        black[t.kind()] += row.black;
    }
    Ok((coloured, black))
}

fn inventory(raw: RawTiles) -> Result<([u8; KINDS], [u8; KINDS]), ContentError> {
    const F: &str = "tiles.json";
    let mut coloured = [0u8; KINDS];
    let mut black = [0u8; KINDS];
    for row in &raw.tiles {
        if row.tile == "knowledge" {
            for n in 1..=26u8 {
                let k = Tile::Knowledge(n).kind();
                if row.black_numbers.contains(&n) {
                    black[k] += 1;
                } else {
                    coloured[k] += 1;
                }
            }
            continue;
        }
        let (c, b) = counts(std::slice::from_ref(row))?;
        (0..KINDS).for_each(|k| (coloured[k], black[k]) = (coloured[k] + c[k], black[k] + b[k]));
    }
    let total: u32 = coloured.iter().chain(&black).map(|&c| c as u32).sum();
    if total != 164 {
        return Err(bad(F, format!("{total} hex tiles, expected 164")));
    }
    let black_total: u32 = black.iter().map(|&c| c as u32).sum();
    if black_total != 40 {
        return Err(bad(
            F,
            format!("{black_total} black-backed tiles, expected 40"),
        ));
    }
    Ok((coloured, black))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_content_is_valid() {
        let c = Content::embedded();
        // 1-30, the solo boards 33 and 34, and the team board 31 (73 spaces).
        assert_eq!(c.duchies.len(), 33);
        let team = c.duchy(31).unwrap();
        assert_eq!((team.spaces, team.all.len()), (73, 73));
        assert!(!team.verified);
        assert_eq!(c.duchy(1).unwrap().spaces, SPACES);
        let d1 = c.duchy(1).unwrap();
        assert!(d1.verified);
        assert_eq!(d1.colours[18], Colour::Castle);
        assert_eq!(d1.dice[18], 6);
        // Seed 000, "Construções": duchy 1 has four cities of sizes 1, 5, 3 and 3.
        let mut cities: Vec<u8> = (0..d1.area_size.len() as u8)
            .filter(|&a| d1.colours[d1.spaces_of_area(a).next().unwrap()] == Colour::Building)
            .map(|a| d1.area_size[a as usize])
            .collect();
        cities.sort();
        assert_eq!(cities, vec![1, 3, 3, 5]);
        assert!(!c.duchy(4).unwrap().verified);
        // Seed 001 lines 280-281: 4 of no. 1, 4 of no. 2, one each of 3-10.
        let count = |n: u8| -> u8 {
            c.classic_box
                .iter()
                .filter(|b| b.sides.contains(&n))
                .map(|b| b.copies)
                .sum()
        };
        assert_eq!((count(1), count(2)), (4, 4));
        assert!((3..=10).all(|n| count(n) == 1));
        // Special Edition: 4 copies of 5 double-sided boards (20 boards).
        assert_eq!(c.special_box.len(), 5);
        assert!(c.special_box.iter().all(|b| b.copies == 4));
    }

    #[test]
    fn neighbours_are_symmetric_and_centre_has_six() {
        let nb = neighbours();
        assert_eq!(nb[18].len(), 6);
        assert_eq!(nb[0], vec![1, 5, 4]);
        for (i, list) in nb.iter().enumerate() {
            for &j in list {
                assert!(nb[j as usize].contains(&(i as u8)));
            }
        }
    }

    #[test]
    fn bad_data_is_refused_with_a_clear_message() {
        let short = DUCHIES_JSON.replacen("\"P6 C5 C4 K3\"", "\"P6 C5 C4\"", 1);
        let e = Content::parse(&short, BOARD_JSON, TILES_JSON).unwrap_err();
        assert!(
            e.to_string()
                .contains("duchy 1: rows have [3, 5, 6, 7, 6, 5, 4]"),
            "{e}"
        );
        let wrong_colour = DUCHIES_JSON.replacen("\"P6 C5 C4 K3\"", "\"P6 C5 C4 C3\"", 1);
        let e = Content::parse(&wrong_colour, BOARD_JSON, TILES_JSON).unwrap_err();
        assert!(e.to_string().contains("colour counts"), "{e}");
        let tiles = TILES_JSON.replacen("\"coloured\": 14", "\"coloured\": 13", 1);
        let e = Content::parse(DUCHIES_JSON, BOARD_JSON, &tiles).unwrap_err();
        assert_eq!(e.to_string(), "tiles.json: 163 hex tiles, expected 164");
        let twice = DUCHIES_JSON.replacen(
            "{\"sides\": [3, 4], \"copies\": 4}",
            "{\"sides\": [3, 1], \"copies\": 4}",
            1,
        );
        let e = Content::parse(&twice, BOARD_JSON, TILES_JSON).unwrap_err();
        assert_eq!(
            e.to_string(),
            "duchies.json: box special: duchy 1 is on two boards"
        );
        let board = BOARD_JSON.replacen("\"min_players\": 4}]", "\"min_players\": 3}]", 1);
        let e = Content::parse(DUCHIES_JSON, &board, TILES_JSON).unwrap_err();
        assert!(e.to_string().contains("depot spaces for 3 players"), "{e}");
    }
}
