//! The numbering of Burgundy's decisions and the observation a learning agent gets
//! ([`tabuleiro_core::Encode`], issue 41).
//!
//! # Action ids
//!
//! Blocks laid end to end, one per kind of decision, in [`Block::ALL`]'s order; inside
//! a block the decision's fields are mixed-radix digits, the first named most
//! significant. The sizes come from the config alone:
//!
//! - a *tile* is its kind ([`Tile::kind`], `KINDS` = 59 kinds): tiles of one kind
//!   are identical, so two distinct listed tiles never share a digit;
//! - a *space* is its id on the largest board the config plays: a duchy's 37
//!   spaces, the team game's 73 (`TEAM_SPACES`);
//! - a *depot* 1-6 is digit 0-5; where the black depot may be named (buy, shield
//!   tile) it comes first (0-6, as `BLACK` = 0);
//! - a *goods type*, a *die* value, a *vine depot* slot 1-6 are digits 0-5.
//!
//! | block | digits |
//! |---|---|
//! | castle | space |
//! | side | duchy number (up to the content's largest) |
//! | die | die (1-2) × value |
//! | take | depot × tile |
//! | place | tile × space × shared (2 in the team game, else 1) |
//! | sell | goods type |
//! | workers, pass, recover castle, hire workers | one id each |
//! | buy | depot (black, 1-6) × tile × workers paid (0-2, classic knowledge tile 6) |
//! | knowledge6 | depot × tile |
//! | discard | tile × shared |
//! | ship | depot × goods taken (6-bit mask, bit t-1 for type t) |
//! | crane, geese, crane monastery | building, animal, monastery (16-23, 29; with the extra hexes) |
//! | white die | value |
//! | first (the solo game) | place on the turn's stack (0-7) |
//! | shield (module `shields`) | shield (1-18) × space |
//! | shield16, shield5, shield6 | die × value; goods type; seat |
//! | shield tile | depot (black, 1-6) × tile × space |
//! | tribute | shields kept × workers paid |
//! | trade (module `solo`) | tile × the 5 goods given (252 multisets of types) |
//! | buy vp, black | vp (0-99, the goal's highest); tile × space |
//! | route (module `trade-routes`) | the order of the seat's dealt tiles |
//! | keyspace (module `team`) | private or shared |
//! | vine take, place, buy, discard, keyspace, bonus, black, shop, tile (module `vineyards`) | slot; hexamino (36 ordered colour pairs) × vineyard space × turned × key spaces (3 in the team game, else 1); hexamino; hexamino × key spaces; key spaces; bonus 1-2; tile; hexamino; vine colour |
//!
//! The blocks of a module the config does not play are empty. Two digits number what
//! a seat can only choose among at once, not every value the field can hold:
//!
//! - the *tribute*'s shields kept are a subset of those the seat holds, one on each
//!   castle of its board, so at most as many as a board of the config has castle
//!   spaces (4; the team board 7): the subset is ranked by its size, then
//!   colexicographically, among the subsets of 1-18 that small; the workers paid run
//!   0 up to that many (1 silver a shield). This block is most of the team game's
//!   ids with the shields: 63,004 subsets × 8 ways to pay, where the other modes
//!   have 4,048 × 5;
//! - a *route order* is one permutation of the seat's own dealt tiles (at most 5):
//!   its id is the count of tiles, then the permutation's Lehmer code over their
//!   ranks (ties in the order dealt), so every order of one seat's tiles has its own
//!   id while the tile numbers themselves need none.
//!
//! # Observation
//!
//! Seats are rotated so that the viewer comes first (`config.players` seat blocks);
//! counts are scaled to about 0..1. In order:
//!
//! 1. the header: the stage (one-hot), phase A-E (one-hot), the round, which seats
//!    are to act, the white die, the goods still face down;
//! 2. the turn: the seat's two dice (one-hot, none once used), the turn's flags
//!    (bought, knowledge tile 6, shield 16, shield taken, a phase's end), the depth
//!    of the pending decisions, the top one's kind (one-hot) and details (the die
//!    value asked, the tile on its way into storage, the colours a take may choose,
//!    the black depot for shield 15, knowledge tile 5's depot, the vine bonuses
//!    left, the hexamino on its way in);
//! 3. the viewer's duchy, space by space: its colour and die number (one-hot) and
//!    the tile on it (one-hot of its kind); with random duchies the drawn board's
//!    other side while it is chosen; its starting choices made;
//! 4. each seat's public block: VP, silver, workers, goods and goods sold by type,
//!    storage by tile kind, how much of each colour its duchy has covered, empty
//!    spaces, its duchy's tiles by kind, bonus tiles, its track space and height,
//!    played this round, place in the round's order, its dice, to act, the viewer's
//!    partner (team game); with the modules its shields, trading-post tile, trade
//!    route, hexaminoes held, vineyard spaces planted and vine bonus tiles;
//! 5. the central board: each numbered depot's and the black depot's tiles by kind,
//!    the depots' goods, the round spaces' goods and the next one, the bonus tiles
//!    taken, the coloured and black tiles left in the bags by kind, the inns and
//!    discarded castles;
//! 6. the modules' tables: where each shield lies and shield 6's player; the solo
//!    game's goal, goods out and face-down tiles; the AutoDuke's public board
//!    (score, purse, goods, marker, die, cards, duchy by colour, reserve by kind);
//!    each team's shared key spaces (the viewer's team first); the vine depot, the
//!    vine shop, the vine bonus tiles left and the colours removed.

use crate::action::{Action, MAX_SEATS};
use crate::config::Config;
use crate::content::{Duchy, SPACES};
use crate::modules::{
    Hexamino, Module, ShieldData, SoloGoal, Vine, VineKeys, VineMove, TEAM_SPACES,
};
use crate::scoring::CRANE_MONASTERIES;
use crate::state::{Burgundy, Pending, Stage, PHASES, STORAGE, TRACK};
use crate::tile::{Animal, Building, Colour, Tile, KINDS, KNOWLEDGE_TILES};
use crate::turn::MOST_BROUGHT_FIRST;
use crate::view::{AutoDukeSeen, Seen, Table, View};
use tabuleiro_core::encode::{mixed, Blocks};
use tabuleiro_core::{Encode, Features, Seat};

/// Faces of a die: die values, goods types and numbered depots all run 1-6.
const DIE_FACES: usize = 6;
/// A seat's two dice.
const DICE: usize = 2;
/// The goods types, numbered as the die faces.
const GOODS: usize = DIE_FACES;
/// The numbered depots, numbered as the die faces.
const DEPOTS: usize = DIE_FACES;
/// The vine depot's positions, numbered as the die faces (seed 000 line 941).
const VINE_DEPOT: usize = DIE_FACES;
const COLOURS: usize = Colour::ALL.len();
const VINES: usize = Vine::ALL.len();
/// A hexamino as its ordered pair of colours (those the rules make put the lower first).
const HEXAMINOES: usize = VINES * VINES;
/// A hexamino goes on a vineyard space as it is or turned.
const TURNS: usize = 2;
/// The two bonus actions of a vineyard space.
const VINE_BONUSES: usize = 2;
/// The teams of the team game (A and B).
const TEAMS: usize = 2;
/// A purchase costs 2 silver, paid in part with workers by classic knowledge tile 6.
const PURCHASE_PRICE: usize = 2;
/// The fewest animals a farm tile shows (2-4).
const FEWEST_ANIMALS: u8 = 2;
/// The goods a solo trade gives for a black-depot tile (seed 000 line 841).
const TRADED_GOODS: usize = 5;
/// The most route tiles a seat is dealt (with 2 players).
const ROUTE_TILES: usize = 5;
/// Rounds in a phase (the round is 5 once the phase's last turn is over).
const ROUNDS: usize = 5;
/// Goods of each type in the game.
const GOODS_PER_TYPE: usize = 7;
/// Bonus tiles of each colour: the large and the small one.
const BONUS_TILES_PER_COLOUR: usize = 2;
/// The stages of a game: one per [`Stage`] variant.
const STAGES: usize = 7;
/// The kinds of pending decision: one per [`Pending`] variant.
const PENDING_KINDS: usize = 24;
/// The flags of a turn: bought, knowledge tile 6, die set, shield taken, phase end.
const TURN_FLAGS: usize = 5;

/// The usual largest values, which scale counts to about 0..1.
const VP_SCALE: f64 = 100.0;
const SILVER_SCALE: f64 = 10.0;
const WORKERS_SCALE: f64 = 10.0;
const GOODS_SCALE: f64 = 3.0;
const DUCHY_KIND_SCALE: f64 = 3.0;
const PENDING_SCALE: f64 = 4.0;
const DEPOT_GOODS_SCALE: f64 = 2.0;
const PILE_SCALE: f64 = 10.0;

/// The kinds of decision, each a block of ids, in the order of the id space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    StartingCastle,
    DuchySide,
    Die,
    Take,
    Place,
    Sell,
    Workers,
    Buy,
    Knowledge6,
    Discard,
    Ship,
    Pass,
    RecoverCastle,
    Crane,
    Geese,
    CraneMonastery,
    HireWorkers,
    WhiteDie,
    Shield,
    Shield16,
    Shield5,
    Shield6,
    ShieldTile,
    Tribute,
    Trade,
    BuyVp,
    PlaceBlack,
    SoloFirst,
    RouteOrder,
    KeySpace,
    VineTake,
    VinePlace,
    VineBuy,
    VineDiscard,
    VineKeySpace,
    VineBonus,
    VineBlack,
    VineShop,
    VineTile,
}

impl Block {
    const ALL: [Block; 39] = [
        Block::StartingCastle,
        Block::DuchySide,
        Block::Die,
        Block::Take,
        Block::Place,
        Block::Sell,
        Block::Workers,
        Block::Buy,
        Block::Knowledge6,
        Block::Discard,
        Block::Ship,
        Block::Pass,
        Block::RecoverCastle,
        Block::Crane,
        Block::Geese,
        Block::CraneMonastery,
        Block::HireWorkers,
        Block::WhiteDie,
        Block::Shield,
        Block::Shield16,
        Block::Shield5,
        Block::Shield6,
        Block::ShieldTile,
        Block::Tribute,
        Block::Trade,
        Block::BuyVp,
        Block::PlaceBlack,
        Block::SoloFirst,
        Block::RouteOrder,
        Block::KeySpace,
        Block::VineTake,
        Block::VinePlace,
        Block::VineBuy,
        Block::VineDiscard,
        Block::VineKeySpace,
        Block::VineBonus,
        Block::VineBlack,
        Block::VineShop,
        Block::VineTile,
    ];

    /// How many ids the block holds for a config of dimensions `d`.
    fn size(self, d: &Dims) -> usize {
        let tiles_at = (DEPOTS + 1) * KINDS;
        match self {
            Block::StartingCastle => d.spaces,
            Block::DuchySide => d.duchies,
            Block::Die => DICE * DIE_FACES,
            Block::Shield16 => gate(d.shields, DICE * DIE_FACES),
            Block::Take | Block::Knowledge6 => DEPOTS * KINDS,
            Block::Place => KINDS * d.spaces * d.key_sides,
            Block::Sell => GOODS,
            Block::Workers | Block::Pass | Block::RecoverCastle | Block::HireWorkers => 1,
            Block::Buy => tiles_at * (PURCHASE_PRICE + 1),
            Block::Discard => KINDS * d.key_sides,
            Block::Ship => DEPOTS << GOODS,
            Block::Crane => Building::ALL.len(),
            Block::Geese => Animal::ALL.len(),
            Block::CraneMonastery => gate(d.extra_hexes, CRANE_MONASTERIES.len()),
            Block::WhiteDie => DIE_FACES,
            Block::Shield => gate(d.shields, d.shield_count * d.spaces),
            Block::Shield5 => gate(d.shields, GOODS),
            Block::Shield6 => gate(d.shields, d.players),
            Block::ShieldTile => gate(d.shields, tiles_at * d.spaces),
            Block::Tribute => gate(d.shields, d.kept_ranks() * d.tribute_workers()),
            Block::Trade => gate(
                d.solo,
                KINDS * choose(GOODS + TRADED_GOODS - 1, TRADED_GOODS),
            ),
            Block::BuyVp => gate(d.solo, SoloGoal::MAX as usize + 1),
            Block::PlaceBlack => gate(d.solo, KINDS * d.spaces),
            Block::SoloFirst => gate(d.solo, MOST_BROUGHT_FIRST),
            Block::RouteOrder => gate(d.routes, (0..=ROUTE_TILES).map(factorial).sum()),
            Block::KeySpace => gate(d.team, d.key_sides),
            _ => gate(d.vineyards, self.vine_size(d)),
        }
    }

    fn vine_size(self, d: &Dims) -> usize {
        match self {
            Block::VineTake => VINE_DEPOT,
            Block::VinePlace => HEXAMINOES * d.vine_spaces * TURNS * d.vine_keys,
            Block::VineBuy | Block::VineShop => HEXAMINOES,
            Block::VineDiscard => HEXAMINOES * d.vine_keys,
            Block::VineKeySpace => d.vine_keys,
            Block::VineBonus => VINE_BONUSES,
            Block::VineBlack => KINDS,
            _ => VINES,
        }
    }
}

/// `size` where the config plays what it needs, else nothing.
fn gate(played: bool, size: usize) -> usize {
    if played {
        size
    } else {
        0
    }
}

/// The sizes a config gives the id space and the observation.
#[derive(Clone, Debug)]
struct Dims {
    seats: usize,
    /// The seats and the AutoDuke, whom shield 6 may name.
    players: usize,
    /// Spaces of the largest board played.
    spaces: usize,
    /// The key spaces a tile may leave: the seat's, and in the team game the team's.
    key_sides: usize,
    /// The largest duchy number of the content, plus one.
    duchies: usize,
    /// The most castle spaces of a board played: the most shields a seat holds.
    castles: usize,
    shield_count: usize,
    vine_spaces: usize,
    vine_keys: usize,
    random_duchies: bool,
    shields: bool,
    solo: bool,
    routes: bool,
    team: bool,
    vineyards: bool,
    auto_duke: bool,
    trading_posts: bool,
    extra_hexes: bool,
}

impl Dims {
    fn of(config: &Config) -> Dims {
        let content = config.content.get();
        let has = |m| config.modules.contains(m);
        let team = has(Module::Team);
        let spaces = if team { TEAM_SPACES } else { SPACES };
        let castle = Colour::Castle.index();
        let boards = content.duchies.iter().filter(|b| b.spaces <= spaces);
        let vine_numbers = content.vineyard.spaces.iter().map(|s| s.space as usize);
        Dims {
            seats: config.players as usize,
            players: config.total_players() as usize,
            spaces,
            key_sides: 1 + team as usize,
            duchies: content
                .duchies
                .iter()
                .map(|b| b.number as usize + 1)
                .max()
                .unwrap_or(0),
            castles: boards
                .map(|b| b.colour_count[castle] as usize)
                .max()
                .unwrap_or(0),
            shield_count: ShieldData::embedded().shields.len(),
            vine_spaces: vine_numbers.max().map_or(0, |n| n + 1),
            vine_keys: if team { VineKeys::ALL.len() } else { 1 },
            random_duchies: config.duchies.is_empty() && !team,
            shields: has(Module::Shields),
            solo: has(Module::Solo),
            routes: has(Module::TradeRoutes),
            team,
            vineyards: has(Module::Vineyards),
            auto_duke: has(Module::AutoDuke),
            trading_posts: has(Module::TradingPosts),
            extra_hexes: has(Module::ExtraHexes),
        }
    }

    /// The subsets of the shields a tribute may keep: those of no more shields than
    /// a board has castles.
    fn kept_ranks(&self) -> usize {
        let most = self.castles.min(self.shield_count);
        (0..=most).map(|k| choose(self.shield_count, k)).sum()
    }

    /// The workers a tribute may take: 0 up to 1 silver for each shield kept.
    fn tribute_workers(&self) -> usize {
        let per = ShieldData::embedded().tribute_silver_per_shield as usize;
        self.castles * per + 1
    }

    fn sizes(&self) -> [usize; BLOCKS] {
        Block::ALL.map(|b| b.size(self))
    }
}

/// `n` choose `k` (0 when `k > n`).
fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn factorial(n: usize) -> usize {
    (1..=n).product()
}

/// A number counted from 1 (a die, a depot, a goods type) as a digit from 0; 0
/// itself is out of every range.
fn from_one(n: u8) -> usize {
    (n as usize).wrapping_sub(1)
}

/// A tile's digit: its kind, or `KINDS` (out of range) for a value no tile has (a
/// farm of 7 animals, knowledge tile 0).
fn tile_digit(tile: Tile) -> usize {
    let plausible = match tile {
        Tile::Livestock { count, .. } => count >= FEWEST_ANIMALS,
        Tile::Knowledge(n) => (1..=KNOWLEDGE_TILES as u8).contains(&n),
        _ => true,
    };
    let kind = if plausible { tile.kind() } else { KINDS };
    // A farm's count beyond the largest names the next animal's kind: not its own.
    if kind < KINDS && Tile::from_kind(kind) == tile {
        kind
    } else {
        KINDS
    }
}

fn hexamino_digit(h: Hexamino) -> usize {
    h.first.index() * VINES + h.second.index()
}

fn keys_digit(keys: VineKeys) -> usize {
    VineKeys::ALL
        .iter()
        .position(|&k| k == keys)
        .unwrap_or(usize::MAX)
}

/// The rank of the shields kept (bit n-1 for shield n) among the subsets of at most
/// `most` of `n` shields: those of fewer shields first, then colexicographic.
fn kept_rank(keep: u32, n: usize, most: usize) -> Option<usize> {
    let size = keep.count_ones() as usize;
    if keep.checked_shr(n as u32).unwrap_or(0) != 0 || size > most.min(n) {
        return None;
    }
    let smaller: usize = (0..size).map(|k| choose(n, k)).sum();
    let bits = (0..n).filter(|&b| keep & (1 << b) != 0);
    Some(
        smaller
            + bits
                .enumerate()
                .map(|(i, b)| choose(b, i + 1))
                .sum::<usize>(),
    )
}

/// The rank of a solo trade's goods (counts by type summing to 5) among all such
/// multisets: the types in order, each shifted by its place, ranked as a combination.
fn goods_rank(goods: &[u8; GOODS]) -> Option<usize> {
    let total: usize = goods.iter().map(|&n| n as usize).sum();
    if total != TRADED_GOODS {
        return None;
    }
    let types = (0..GOODS).flat_map(|t| std::iter::repeat_n(t, goods[t] as usize));
    Some(types.enumerate().map(|(i, t)| choose(t + i, i + 1)).sum())
}

/// A route order's id inside its block: the orders of fewer tiles first, then the
/// Lehmer code of the tiles' ranks (equal tiles ranked in their order), which tells
/// apart every order of the same tiles.
fn order_rank(tiles: &[u8; ROUTE_TILES]) -> Option<usize> {
    let n = tiles.iter().take_while(|&&t| t > 0).count();
    if tiles[n..].iter().any(|&t| t > 0) {
        return None;
    }
    let laid = &tiles[..n];
    let rank = |i: usize| {
        let before = |(j, &t): (usize, &u8)| t < laid[i] || (t == laid[i] && j < i);
        laid.iter().enumerate().filter(|&x| before(x)).count()
    };
    let ranks: Vec<usize> = (0..n).map(rank).collect();
    let lehmer = (0..n).fold(0, |acc, i| {
        let smaller_after = ranks[i + 1..].iter().filter(|&&r| r < ranks[i]).count();
        acc * (n - i) + smaller_after
    });
    Some((0..n).map(factorial).sum::<usize>() + lehmer)
}

/// The block of a decision and its index inside it (None: a field out of range).
fn locate(d: &Dims, action: &Action) -> Option<(Block, usize)> {
    let at = |block, digits: &[(usize, usize)]| mixed(digits).map(|i| (block, i));
    let depot_at = |depot: u8| (depot as usize, DEPOTS + 1);
    match *action {
        Action::StartingCastle { space } => {
            at(Block::StartingCastle, &[(space as usize, d.spaces)])
        }
        Action::DuchySide { duchy } => at(Block::DuchySide, &[(duchy as usize, d.duchies)]),
        Action::Die { die, value } => at(
            Block::Die,
            &[(from_one(die), DICE), (from_one(value), DIE_FACES)],
        ),
        Action::Take { depot, tile } => at(
            Block::Take,
            &[(from_one(depot), DEPOTS), (tile_digit(tile), KINDS)],
        ),
        Action::Place {
            tile,
            space,
            shared,
        } => at(
            Block::Place,
            &[
                (tile_digit(tile), KINDS),
                (space as usize, d.spaces),
                (shared as usize, d.key_sides),
            ],
        ),
        Action::Sell { goods } => at(Block::Sell, &[(from_one(goods), GOODS)]),
        Action::Workers => at(Block::Workers, &[]),
        Action::Buy {
            depot,
            tile,
            workers,
        } => at(
            Block::Buy,
            &[
                depot_at(depot),
                (tile_digit(tile), KINDS),
                (workers as usize, PURCHASE_PRICE + 1),
            ],
        ),
        Action::Knowledge6 { depot, tile } => at(
            Block::Knowledge6,
            &[(from_one(depot), DEPOTS), (tile_digit(tile), KINDS)],
        ),
        Action::Discard { tile, shared } => at(
            Block::Discard,
            &[(tile_digit(tile), KINDS), (shared as usize, d.key_sides)],
        ),
        Action::Ship { depot, goods } => at(
            Block::Ship,
            &[(from_one(depot), DEPOTS), (goods as usize, 1 << GOODS)],
        ),
        Action::Pass => at(Block::Pass, &[]),
        Action::RecoverCastle => at(Block::RecoverCastle, &[]),
        Action::Crane { building } => at(Block::Crane, &[(building as usize, Building::ALL.len())]),
        Action::Geese { animal } => at(Block::Geese, &[(animal as usize, Animal::ALL.len())]),
        Action::CraneMonastery { knowledge } => {
            let i = CRANE_MONASTERIES.iter().position(|&k| k == knowledge)?;
            at(Block::CraneMonastery, &[(i, CRANE_MONASTERIES.len())])
        }
        Action::HireWorkers => at(Block::HireWorkers, &[]),
        Action::WhiteDie { value } => at(Block::WhiteDie, &[(from_one(value), DIE_FACES)]),
        Action::Shield { shield, space } => at(
            Block::Shield,
            &[
                (from_one(shield), d.shield_count),
                (space as usize, d.spaces),
            ],
        ),
        Action::Shield16 { die, value } => at(
            Block::Shield16,
            &[(from_one(die), DICE), (from_one(value), DIE_FACES)],
        ),
        Action::Shield5 { goods } => at(Block::Shield5, &[(from_one(goods), GOODS)]),
        Action::Shield6 { seat } => at(Block::Shield6, &[(seat as usize, d.players)]),
        Action::ShieldTile { depot, tile, space } => at(
            Block::ShieldTile,
            &[
                depot_at(depot),
                (tile_digit(tile), KINDS),
                (space as usize, d.spaces),
            ],
        ),
        Action::Tribute { keep, workers } => {
            let kept = kept_rank(keep, d.shield_count, d.castles)?;
            at(
                Block::Tribute,
                &[
                    (kept, d.kept_ranks()),
                    (workers as usize, d.tribute_workers()),
                ],
            )
        }
        Action::Trade { tile, goods } => {
            let given = goods_rank(&goods)?;
            let multisets = choose(GOODS + TRADED_GOODS - 1, TRADED_GOODS);
            at(
                Block::Trade,
                &[(tile_digit(tile), KINDS), (given, multisets)],
            )
        }
        Action::BuyVp { vp } => at(Block::BuyVp, &[(vp as usize, SoloGoal::MAX as usize + 1)]),
        Action::PlaceBlack { tile, space } => at(
            Block::PlaceBlack,
            &[(tile_digit(tile), KINDS), (space as usize, d.spaces)],
        ),
        Action::SoloFirst { index } => {
            at(Block::SoloFirst, &[(index as usize, MOST_BROUGHT_FIRST)])
        }
        Action::RouteOrder { tiles } => Some((Block::RouteOrder, order_rank(&tiles)?)),
        Action::KeySpace { shared } => at(Block::KeySpace, &[(shared as usize, d.key_sides)]),
        Action::Vine(mv) => locate_vine(d, mv),
    }
}

fn locate_vine(d: &Dims, mv: VineMove) -> Option<(Block, usize)> {
    let at = |block, digits: &[(usize, usize)]| mixed(digits).map(|i| (block, i));
    let keys_at = |keys| (keys_digit(keys), d.vine_keys);
    match mv {
        VineMove::Take { slot } => at(Block::VineTake, &[(from_one(slot), VINE_DEPOT)]),
        VineMove::Place {
            vine,
            space,
            turned,
            keys,
        } => at(
            Block::VinePlace,
            &[
                (hexamino_digit(vine), HEXAMINOES),
                (space as usize, d.vine_spaces),
                (turned as usize, TURNS),
                keys_at(keys),
            ],
        ),
        VineMove::Buy { vine } => at(Block::VineBuy, &[(hexamino_digit(vine), HEXAMINOES)]),
        VineMove::Discard { vine, keys } => at(
            Block::VineDiscard,
            &[(hexamino_digit(vine), HEXAMINOES), keys_at(keys)],
        ),
        VineMove::KeySpace { keys } => at(Block::VineKeySpace, &[keys_at(keys)]),
        VineMove::Bonus { which } => at(Block::VineBonus, &[(from_one(which), VINE_BONUSES)]),
        VineMove::Black { tile } => at(Block::VineBlack, &[(tile_digit(tile), KINDS)]),
        VineMove::Shop { vine } => at(Block::VineShop, &[(hexamino_digit(vine), HEXAMINOES)]),
        VineMove::Tile { vine } => at(Block::VineTile, &[(vine.index(), VINES)]),
    }
}

const BLOCKS: usize = Block::ALL.len();

/// The numbering of a config's decisions ([`Encode::Numbering`]): the config's sizes
/// and its blocks laid out.
#[derive(Clone, Debug)]
pub struct Numbering {
    dims: Dims,
    blocks: Blocks<BLOCKS>,
}

impl Encode for Burgundy {
    type Numbering = Numbering;

    fn numbering(config: &Config) -> Numbering {
        let dims = Dims::of(config);
        Numbering {
            blocks: Blocks::new(dims.sizes()),
            dims,
        }
    }

    fn space(numbering: &Numbering) -> usize {
        numbering.blocks.total()
    }

    fn id(numbering: &Numbering, action: &Action) -> Option<usize> {
        let (block, index) = locate(&numbering.dims, action)?;
        // `Block::ALL` lists the blocks in their declared order (a test holds it).
        numbering.blocks.id(block as usize, index)
    }

    fn observation_len(config: &Config) -> usize {
        let d = Dims::of(config);
        d.header_len()
            + d.turn_len()
            + d.own_duchy_len()
            + d.seats * d.seat_len()
            + d.board_len()
            + d.modules_len()
    }

    fn observe(config: &Config, view: &View, viewer: Seat, out: &mut Features) {
        let d = Dims::of(config);
        let seats = d.seats.max(1);
        let order: Vec<Seat> = (0..d.seats)
            .map(|r| ((viewer as usize + r) % seats) as Seat)
            .collect();
        let o = Observer {
            config,
            d: &d,
            view,
            table: &view.position,
            viewer,
            order,
        };
        o.header(out);
        o.turn(out);
        o.own_duchy(out);
        for &seat in &o.order {
            o.seat(seat, out);
        }
        o.board(out);
        o.modules(out);
    }
}

impl Dims {
    fn header_len(&self) -> usize {
        STAGES + PHASES.len() + 1 + self.seats + DIE_FACES + 1
    }

    fn turn_len(&self) -> usize {
        let details = DIE_FACES + 1 + KINDS + COLOURS + 1 + DEPOTS + VINE_BONUSES;
        DICE * DIE_FACES
            + TURN_FLAGS
            + 1
            + PENDING_KINDS
            + details
            + gate(self.vineyards, HEXAMINOES)
    }

    fn own_duchy_len(&self) -> usize {
        let layout = COLOURS + DIE_FACES;
        self.spaces * (layout + KINDS) + gate(self.random_duchies, SPACES * layout) + 2
    }

    fn seat_len(&self) -> usize {
        let purse = 3 + 2 * GOODS;
        let storage = KINDS + 1;
        let duchy = COLOURS + 1 + KINDS + COLOURS + 1;
        let order = TRACK + 2 + self.seats + DICE * DIE_FACES + 2;
        let vines = 2 + self.vine_spaces + VINES;
        let modules = gate(self.shields, self.shield_count)
            + gate(self.trading_posts, 1)
            + gate(self.routes, 3)
            + gate(self.vineyards, vines);
        purse + storage + duchy + order + modules
    }

    fn board_len(&self) -> usize {
        DEPOTS * KINDS + KINDS + DEPOTS * GOODS + 2 * GOODS + COLOURS + 2 * KINDS + 2
    }

    fn modules_len(&self) -> usize {
        let vineyards = VINE_DEPOT * HEXAMINOES + HEXAMINOES + 2 * VINES + 1;
        gate(self.shields, self.shield_count * DEPOTS + self.seats)
            + gate(self.solo, 2 + GOODS)
            + gate(self.auto_duke, AUTO_DUKE_LEN)
            + gate(self.team, TEAMS * (KINDS + 1))
            + gate(self.vineyards, vineyards)
    }
}

/// The AutoDuke's block: score, purse and goods, marker, turn, die, cards, duchy by
/// colour and face down, reserve by kind, its other piles.
const AUTO_DUKE_LEN: usize =
    2 + 2 * GOODS + TRACK + 2 + 2 + DIE_FACES + 3 + COLOURS + 1 + KINDS + 6;

/// Writes one seat's observation.
struct Observer<'a> {
    config: &'a Config,
    d: &'a Dims,
    view: &'a View,
    table: &'a Table,
    viewer: Seat,
    /// The seats from the viewer on.
    order: Vec<Seat>,
}

/// Counts of tile kinds, one value a kind.
fn kind_counts(tiles: impl IntoIterator<Item = Tile>, scale: f64, out: &mut Features) {
    let mut counts = [0u32; KINDS];
    for tile in tiles {
        if let Some(c) = counts.get_mut(tile_digit(tile)) {
            *c += 1;
        }
    }
    counts.into_iter().for_each(|c| out.count(c, scale));
}

fn stage_index(stage: &Stage) -> usize {
    match stage {
        Stage::Setup => 0,
        Stage::StartingCastles => 1,
        Stage::PhaseStart => 2,
        Stage::RoundStart => 3,
        Stage::Turn(_) => 4,
        Stage::AutoDuke => 5,
        Stage::Over => 6,
    }
}

fn pending_kind(p: &Pending) -> usize {
    match p {
        Pending::UseDie { .. } => 0,
        Pending::Discard { .. } => 1,
        Pending::KeySpace { .. } => 2,
        Pending::ShipGoods => 3,
        Pending::ShipAdjacent { .. } => 4,
        Pending::TakeFrom { .. } => 5,
        Pending::WarehouseSell => 6,
        Pending::CityHall => 7,
        Pending::Crane => 8,
        Pending::Geese { .. } => 9,
        Pending::WhiteDie => 10,
        Pending::SoloTrade => 11,
        Pending::SoloBuyVp => 12,
        Pending::SoloBlack { .. } => 13,
        Pending::ShieldGoods => 14,
        Pending::ShieldTile { .. } => 15,
        Pending::Tribute => 16,
        Pending::VineBonuses { .. } => 17,
        Pending::VineDepot => 18,
        Pending::BlackOrShop => 19,
        Pending::VineRoom { .. } => 20,
        Pending::VineKeySpace { .. } => 21,
        Pending::VineTile => 22,
        Pending::CraneMonastery => 23,
    }
}

impl Observer<'_> {
    /// The duchy a seat's spaces are on: the side it chose, else the one on the table.
    fn duchy_of(&self, p: &Seen) -> Option<&Duchy> {
        let content = self.config.content.get();
        let chosen = p.side_choice.unwrap_or(p.duchy);
        content.duchy(chosen).or_else(|| content.duchy(p.duchy))
    }

    /// Is `seat` to decide now? (Another seat's hidden starting choices read as not made.)
    fn to_act(&self, seat: Seat) -> bool {
        let Some(p) = self.table.players.get(seat as usize) else {
            return false;
        };
        match &self.table.stage {
            Stage::Turn(t) => t.seat == seat,
            Stage::StartingCastles => {
                p.castle_choice.is_none() || (p.board.is_some() && p.side_choice.is_none())
            }
            Stage::PhaseStart => {
                (self.table.modules.trade_routes.get(seat as usize)).is_some_and(|r| r.to_arrange)
            }
            _ => false,
        }
    }

    fn header(&self, out: &mut Features) {
        let t = self.table;
        out.one_hot(Some(stage_index(&t.stage)), STAGES);
        out.one_hot(Some(t.phase as usize), PHASES.len());
        out.count(t.round, ROUNDS as f64);
        self.order.iter().for_each(|&s| out.flag(self.to_act(s)));
        out.one_hot(Some(from_one(t.white)), DIE_FACES);
        out.count(self.view.goods_face_down, (GOODS * GOODS_PER_TYPE) as f64);
    }

    fn turn(&self, out: &mut Features) {
        let turn = self.table.turn();
        let dice: [Option<u8>; DICE] = turn.map_or([None; DICE], |t| t.dice);
        dice.iter()
            .for_each(|v| out.one_hot(v.map(from_one), DIE_FACES));
        let flags: [bool; TURN_FLAGS] = turn.map_or([false; TURN_FLAGS], |t| {
            [
                t.bought,
                t.knowledge6,
                t.die_set,
                t.shield_taken,
                t.phase_end,
            ]
        });
        flags.into_iter().for_each(|f| out.flag(f));
        out.count(turn.map_or(0, |t| t.pending.len() as u32), PENDING_SCALE);
        let top = turn.and_then(|t| t.pending.last());
        out.one_hot(top.map(pending_kind), PENDING_KINDS);
        self.pending_details(top, out);
    }

    /// What the top pending decision is about.
    fn pending_details(&self, top: Option<&Pending>, out: &mut Features) {
        let die = match top {
            Some(Pending::UseDie { value }) => Some(*value),
            _ => None,
        };
        out.one_hot(die.flatten().map(from_one), DIE_FACES);
        out.flag(die.is_some_and(|v| v.is_none()));
        out.one_hot(top.and_then(Pending::incoming).map(tile_digit), KINDS);
        let colours = match top {
            Some(Pending::TakeFrom { colours }) => Some(*colours),
            _ => None,
        };
        Colour::ALL
            .iter()
            .for_each(|&c| out.flag(colours.is_some_and(|s| s.contains(c))));
        out.flag(matches!(top, Some(Pending::ShieldTile { black: true })));
        let adjacent = match top {
            Some(Pending::ShipAdjacent { chosen }) => Some(from_one(*chosen)),
            _ => None,
        };
        out.one_hot(adjacent, DEPOTS);
        let left = match top {
            Some(Pending::VineBonuses { left, .. }) => *left,
            _ => 0,
        };
        (0..VINE_BONUSES).for_each(|b| out.flag(left & (1 << b) != 0));
        if self.d.vineyards {
            let incoming = match top {
                Some(Pending::VineRoom { incoming } | Pending::VineKeySpace { incoming }) => {
                    Some(hexamino_digit(*incoming))
                }
                _ => None,
            };
            out.one_hot(incoming, HEXAMINOES);
        }
    }

    /// The viewer's duchy space by space, and its starting choices.
    fn own_duchy(&self, out: &mut Features) {
        let p = self.table.players.get(self.viewer as usize);
        let duchy = p.and_then(|p| self.duchy_of(p));
        for space in 0..self.d.spaces {
            layout(duchy, space, out);
            out.one_hot(p.and_then(|p| p.spaces[space]).map(tile_digit), KINDS);
        }
        if self.d.random_duchies {
            // The drawn board's other side, while its side is to choose.
            let content = self.config.content.get();
            let choosing = p.filter(|p| p.side_choice.is_none());
            let other = choosing.and_then(|p| p.board?.into_iter().find(|&n| n != p.duchy));
            let other = other.and_then(|n| content.duchy(n));
            (0..SPACES).for_each(|space| layout(other, space, out));
        }
        out.flag(p.is_some_and(|p| p.castle_choice.is_some()));
        out.flag(p.is_some_and(|p| p.side_choice.is_some()));
    }

    /// One seat's public block.
    fn seat(&self, seat: Seat, out: &mut Features) {
        let start = out.len();
        if let Some(p) = self.table.players.get(seat as usize) {
            self.purse(p, out);
            self.duchy_summary(p, out);
            self.seat_order(seat, out);
            self.seat_modules(seat, out);
        }
        // A view always holds every seat; a missing one keeps its place as zeros.
        out.fit(start, self.d.seat_len());
    }

    fn purse(&self, p: &Seen, out: &mut Features) {
        out.count(p.vp, VP_SCALE);
        out.count(p.silver, SILVER_SCALE);
        out.count(p.workers, WORKERS_SCALE);
        p.goods.iter().for_each(|&n| out.count(n, GOODS_SCALE));
        p.sold
            .iter()
            .for_each(|&n| out.count(n, GOODS_PER_TYPE as f64));
        kind_counts(p.storage.iter().copied(), 1.0, out);
        out.count(p.storage.len() as u32, STORAGE as f64);
    }

    fn duchy_summary(&self, p: &Seen, out: &mut Features) {
        let duchy = self.duchy_of(p);
        let spaces = duchy.map_or(0, |b| b.spaces);
        let mut covered = [0u32; COLOURS];
        for space in (0..spaces).filter(|&s| p.spaces[s].is_some()) {
            covered[duchy.map_or(0, |b| b.colours[space].index())] += 1;
        }
        for (c, &n) in covered.iter().enumerate() {
            let total = duchy.map_or(0, |b| b.colour_count[c]).max(1);
            out.count(n, total as f64);
        }
        let empty = spaces - covered.iter().sum::<u32>() as usize;
        out.count(empty as u32, spaces.max(1) as f64);
        kind_counts(p.spaces.iter().flatten().copied(), DUCHY_KIND_SCALE, out);
        for colour in Colour::ALL {
            out.flag(p.bonus_tiles.iter().any(|b| b.colour == colour));
        }
        out.count(
            p.bonus_tiles.iter().map(|b| b.vp).sum::<i32>(),
            SILVER_SCALE,
        );
    }

    /// The seat's track space and height, its turn in the round, its dice, whether it
    /// acts and is the viewer's partner.
    fn seat_order(&self, seat: Seat, out: &mut Features) {
        let t = self.table;
        let on_track =
            t.track.iter().enumerate().find_map(|(space, stack)| {
                stack.iter().position(|&s| s == seat).map(|h| (space, h))
            });
        out.one_hot(on_track.map(|(space, _)| space), TRACK);
        out.count(
            on_track.map_or(0, |(_, h)| h as u32),
            self.d.seats.max(1) as f64,
        );
        out.flag(t.played.get(seat as usize).copied().unwrap_or(false));
        out.one_hot(t.round_order.iter().position(|&s| s == seat), self.d.seats);
        let dice = t.dice.get(seat as usize).copied().unwrap_or_default();
        dice.iter()
            .for_each(|&v| out.one_hot(Some(from_one(v)), DIE_FACES));
        out.flag(self.to_act(seat));
        let team = t.modules.team.as_ref();
        out.flag(
            team.is_some_and(|team| seat != self.viewer && team.team_of(self.viewer).1 == seat),
        );
    }

    fn seat_modules(&self, seat: Seat, out: &mut Features) {
        let m = &self.table.modules;
        let s = seat as usize;
        if self.d.shields {
            let held = m.shields.get(s);
            for shield in 1..=self.d.shield_count as u8 {
                out.flag(held.is_some_and(|h| h.values().any(|&n| n == shield)));
            }
        }
        if self.d.trading_posts {
            out.flag(m.trading_post_tiles.contains(&seat));
        }
        if self.d.routes {
            let route = m.trade_routes.get(s);
            out.count(
                route.map_or(0, |r| r.tiles.len() as u32),
                ROUTE_TILES as f64,
            );
            out.count(route.map_or(0, |r| r.goods.len() as u32), PILE_SCALE);
            out.flag(route.is_some_and(|r| r.to_arrange));
        }
        if self.d.vineyards {
            let vines = self.table.vineyards().and_then(|v| v.seats.get(s));
            out.count(vines.map_or(0, |v| v.held.len() as u32), STORAGE as f64);
            out.count(vines.map_or(0, |v| v.split.len() as u32), STORAGE as f64);
            for space in 0..self.d.vine_spaces {
                out.flag(vines.is_some_and(|v| v.board.contains_key(&(space as u8))));
            }
            for vine in Vine::ALL {
                let n = vines.map_or(0, |v| v.tiles.iter().filter(|&&t| t == vine).count());
                out.count(n as u32, BONUS_TILES_PER_COLOUR as f64);
            }
        }
    }

    /// The central board: depots, goods, bonus tiles, the bags, inns and castles out.
    fn board(&self, out: &mut Features) {
        let t = self.table;
        let depots: &[Vec<Tile>; DEPOTS] = &t.depots;
        depots
            .iter()
            .for_each(|d| kind_counts(d.iter().copied(), 1.0, out));
        kind_counts(t.black_depot.iter().copied(), 1.0, out);
        let goods: &[[u8; GOODS]; DEPOTS] = &t.depot_goods;
        goods
            .iter()
            .flatten()
            .for_each(|&n| out.count(n, DEPOT_GOODS_SCALE));
        for goods in 1..=GOODS as u8 {
            let n = t.round_goods.iter().filter(|&&g| g == goods).count();
            out.count(n as u32, ROUNDS as f64);
        }
        out.one_hot(t.round_goods.first().map(|&g| from_one(g)), GOODS);
        t.bonus_taken
            .iter()
            .for_each(|&n| out.count(n, BONUS_TILES_PER_COLOUR as f64));
        self.bags(out);
        out.count(t.modules.inns, ROUNDS as f64);
        out.count(t.modules.discarded_castles, ROUNDS as f64);
    }

    /// The tiles left in the coloured and the black bags, each kind as a share of
    /// the game's.
    fn bags(&self, out: &mut Features) {
        let t = self.table;
        let content = self.config.content.get();
        for (black, drawn) in [(false, &t.drawn), (true, &t.drawn_black)] {
            let inventory = content.inventory(self.config.modules, black);
            for (&total, &gone) in inventory.iter().zip(&drawn.0) {
                out.count(total.saturating_sub(gone), total.max(1) as f64);
            }
        }
    }

    fn modules(&self, out: &mut Features) {
        let m = &self.table.modules;
        if self.d.shields {
            for shield in 1..=self.d.shield_count as u8 {
                let depot = m.shield_depots.iter().position(|d| d.contains(&shield));
                out.one_hot(depot, DEPOTS);
            }
            let chosen = m
                .shield6
                .and_then(|s| self.order.iter().position(|&o| o == s));
            out.one_hot(chosen, self.d.seats);
        }
        if self.d.solo {
            let solo = m.solo.unwrap_or_default();
            out.count(solo.goal, SoloGoal::MAX as f64);
            solo.goods_out
                .iter()
                .for_each(|&n| out.count(n, GOODS_PER_TYPE as f64));
            out.count(solo.face_down, PILE_SCALE);
        }
        if self.d.auto_duke {
            let start = out.len();
            if let Some(ad) = &m.auto_duke {
                self.auto_duke(ad, out);
            }
            out.fit(start, AUTO_DUKE_LEN);
        }
        if self.d.team {
            self.teams(out);
        }
        if self.d.vineyards {
            self.vineyards(out);
        }
    }

    fn auto_duke(&self, ad: &AutoDukeSeen, out: &mut Features) {
        out.count(ad.vp, VP_SCALE);
        out.count(ad.silver, SILVER_SCALE);
        ad.goods.iter().for_each(|&n| out.count(n, GOODS_SCALE));
        ad.sold
            .iter()
            .for_each(|&n| out.count(n, GOODS_PER_TYPE as f64));
        out.one_hot(Some(ad.marker as usize), TRACK);
        out.count(ad.under, MAX_SEATS as f64);
        out.count(ad.slot, MAX_SEATS as f64);
        out.flag(ad.played);
        out.flag(ad.dealt);
        out.one_hot(ad.die.map(from_one), DIE_FACES);
        out.count(ad.cards.len() as u32, DICE as f64);
        out.count(ad.deck.len() as u32, PILE_SCALE);
        out.count(ad.completed.len() as u32, PILE_SCALE);
        let mut by_colour = [0u32; COLOURS];
        ad.duchy
            .iter()
            .flatten()
            .for_each(|h| by_colour[h.tile.colour().index()] += 1);
        by_colour.iter().for_each(|&n| out.count(n, PILE_SCALE));
        out.count(self.view.auto_duke_face_down.len() as u32, PILE_SCALE);
        kind_counts(ad.reserve.iter().copied(), 1.0, out);
        out.count(ad.wild.len() as u32, PILE_SCALE);
        out.count(ad.stacked.len() as u32, PILE_SCALE);
        out.count(ad.bonus_tiles.len() as u32, COLOURS as f64);
        out.count(ad.shields.len() as u32, PILE_SCALE);
        out.count(ad.hexaminoes.len() as u32, PILE_SCALE);
        out.flag(ad.trading_post_tile.is_some());
    }

    /// Each team's shared key spaces, the viewer's team first.
    fn teams(&self, out: &mut Features) {
        let start = out.len();
        if let Some(team) = &self.table.modules.team {
            let own = team.team_of(self.viewer).0;
            for t in (0..TEAMS).map(|t| (own + t) % TEAMS) {
                kind_counts(team.shared[t].iter().copied(), 1.0, out);
                out.count(team.vines[t].len() as u32, STORAGE as f64);
            }
        }
        out.fit(start, TEAMS * (KINDS + 1));
    }

    /// The vine depot and shop, the vine bonus tiles left, the colours removed.
    fn vineyards(&self, out: &mut Features) {
        let v = self.table.vineyards();
        let depot: [Option<Hexamino>; VINE_DEPOT] = v.map_or([None; VINE_DEPOT], |v| v.depot);
        depot
            .iter()
            .for_each(|h| out.one_hot(h.map(hexamino_digit), HEXAMINOES));
        let mut shop = [0u32; HEXAMINOES];
        v.iter()
            .flat_map(|v| &v.shop)
            .for_each(|&h| shop[hexamino_digit(h)] += 1);
        shop.iter().for_each(|&n| out.count(n, 1.0));
        let supply = v.map_or([0; VINES], |v| v.supply);
        supply.iter().for_each(|&n| out.count(n, PILE_SCALE));
        for vine in Vine::ALL {
            out.flag(v.is_some_and(|v| v.removed.contains(&vine)));
        }
        out.count(v.map_or(0, |v| v.refills), PHASES.len() as f64);
    }
}

/// A space's colour and die number on `duchy` (zeros beyond its spaces).
fn layout(duchy: Option<&Duchy>, space: usize, out: &mut Features) {
    let colour = duchy.and_then(|b| b.colour_of(space));
    out.one_hot(colour.map(Colour::index), COLOURS);
    let die = duchy
        .filter(|_| colour.is_some())
        .map(|b| from_one(b.dice[space]));
    out.one_hot(die, DIE_FACES);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An id's block is found by its discriminant: `Block::ALL` keeps the declared order.
    #[test]
    fn blocks_are_listed_in_their_declared_order() {
        for (i, block) in Block::ALL.iter().enumerate() {
            assert_eq!(*block as usize, i, "{block:?}");
        }
    }

    #[test]
    fn ranks_fill_their_ranges_without_collision() {
        let (n, most) = (18, 4);
        let mut seen = std::collections::HashSet::new();
        for keep in 0..1u32 << n {
            if let Some(r) = kept_rank(keep, n, most) {
                assert!(seen.insert(r));
            }
        }
        let d = Dims {
            castles: most,
            shield_count: n,
            ..Dims::of(&Config::default())
        };
        assert_eq!(seen.len(), d.kept_ranks());
        assert!(seen.iter().all(|&r| r < d.kept_ranks()));
        let mut trades = std::collections::HashSet::new();
        for code in 0..(TRADED_GOODS + 1).pow(GOODS as u32) {
            let goods: [u8; GOODS] = std::array::from_fn(|t| {
                (code / (TRADED_GOODS + 1).pow(t as u32) % (TRADED_GOODS + 1)) as u8
            });
            if let Some(r) = goods_rank(&goods) {
                assert!(r < choose(GOODS + TRADED_GOODS - 1, TRADED_GOODS));
                assert!(trades.insert(r));
            }
        }
        assert_eq!(trades.len(), choose(GOODS + TRADED_GOODS - 1, TRADED_GOODS));
    }

    #[test]
    fn every_order_of_a_route_has_its_own_id() {
        let mut tiles = [3u8, 3, 7, 9, 12];
        let mut ids = std::collections::HashSet::new();
        let mut orders = std::collections::HashSet::new();
        // Every arrangement of the tiles (two of them equal): 60 distinct orders.
        for code in 0..ROUTE_TILES.pow(ROUTE_TILES as u32) {
            let picks: Vec<usize> = (0..ROUTE_TILES)
                .map(|i| code / ROUTE_TILES.pow(i as u32) % ROUTE_TILES)
                .collect();
            let mut sorted = picks.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() < ROUTE_TILES {
                continue;
            }
            let order: [u8; ROUTE_TILES] = std::array::from_fn(|i| tiles[picks[i]]);
            if orders.insert(order) {
                assert!(ids.insert(order_rank(&order).unwrap()));
            }
        }
        assert_eq!(ids.len(), 60);
        tiles[2] = 0;
        assert_eq!(order_rank(&tiles), None, "a tile after the last");
    }
}
