//! The position: everything on the table. A position is plain data (serializable
//! as a position file) and is validated when loaded ([`crate::Burgundy::validate`]).

use crate::config::Config;
use crate::content::{Content, Duchy, MAX_SPACES};
use crate::modules::ModuleState;
use crate::sets::{ColourSet, SpaceSet};
use crate::tile::{Building, Colour, Tile, KINDS};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tabuleiro_core::Seat;

/// Phase letters A-E; phase index 0-4.
pub const PHASES: [char; 5] = ['A', 'B', 'C', 'D', 'E'];
/// VP for completing an area, by phase (seed 000, "Pontuação": 10 in phase A down to 2 in E).
pub const PHASE_BONUS: [i32; 5] = [10, 8, 6, 4, 2];
/// Storage spaces for hex tiles on the player board.
pub const STORAGE: usize = 3;
/// Spaces on the turn-order track: a start space and six ship spaces.
pub const TRACK: usize = 7;

/// VP for an area of `size` spaces: 1, 3, 6, 10, 15, 21, 28, 36 (the board's table).
pub fn area_vp(size: u8) -> i32 {
    let n = size as i32;
    n * (n + 1) / 2
}

/// Counts per tile kind, written as a map from tile name to count (zeros omitted).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "{ [tile in Tile]?: number }")
)]
pub struct TileCounts(pub [u8; KINDS]);

impl TileCounts {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    #[inline]
    pub fn add(&mut self, t: Tile) {
        self.0[t.kind()] += 1;
    }
}

impl Serialize for TileCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m: BTreeMap<String, u8> = (0..KINDS)
            .filter(|&k| self.0[k] > 0)
            .map(|k| (Tile::from_kind(k).to_string(), self.0[k]))
            .collect();
        m.serialize(s)
    }
}

impl<'de> Deserialize<'de> for TileCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = BTreeMap::<String, u8>::deserialize(d)?;
        let mut c = [0u8; KINDS];
        for (name, n) in m {
            let t: Tile = name.parse().map_err(serde::de::Error::custom)?;
            c[t.kind()] = n;
        }
        Ok(TileCounts(c))
    }
}

/// The spaces of a player's duchy (37, or a team board's 73), written as a map from
/// space id to tile. Beside
/// the tiles it keeps what the rules ask of them many times a decision (issue 18): the
/// covered spaces, the spaces next to them and the knowledge tiles on the duchy, all
/// derived from the tiles and kept in step by [`Spaces::place`], the only way a tile is
/// put on a space.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "{ [space in number]?: Tile }")
)]
pub struct Spaces {
    tiles: [Option<Tile>; MAX_SPACES],
    covered: SpaceSet,
    /// The spaces next to a covered one (covered or not): placements read it every
    /// die use (issue 18, third round).
    around: SpaceSet,
    /// Bit n for knowledge tile n on the duchy.
    knowledge: u32,
    /// The spaces of each building type (the inn, a face-down tile included):
    /// placing a building asks where its twins are every die use (issue 18).
    buildings: [SpaceSet; Building::ALL.len()],
}

impl Default for Spaces {
    fn default() -> Spaces {
        Spaces {
            tiles: [None; MAX_SPACES],
            covered: SpaceSet::EMPTY,
            around: SpaceSet::EMPTY,
            knowledge: 0,
            buildings: [SpaceSet::EMPTY; Building::ALL.len()],
        }
    }
}

impl Spaces {
    /// Puts a tile on a space. The rules never cover a space twice; a position made
    /// by hand may, and then what the space held is forgotten.
    pub fn place(&mut self, space: usize, tile: Tile) {
        let old = self.tiles[space].replace(tile);
        self.covered = self.covered.with(space);
        self.around = self.around.union(crate::content::board_grid()[space]);
        if let Some(Tile::Building(b)) = old {
            self.buildings[b as usize] = self.buildings[b as usize].without(SpaceSet::of(space));
        }
        if let Tile::Building(b) = tile {
            self.buildings[b as usize] = self.buildings[b as usize].with(space);
        }
        if let Some(Tile::Knowledge(_)) = old {
            self.knowledge = 0;
            let tiles = self.tiles;
            tiles.iter().flatten().for_each(|&t| self.note_knowledge(t));
        } else {
            self.note_knowledge(tile);
        }
    }

    fn note_knowledge(&mut self, tile: Tile) {
        if let Tile::Knowledge(n) = tile {
            self.knowledge |= 1u32.checked_shl(n as u32).unwrap_or(0);
        }
    }

    /// The spaces with a tile on them.
    #[inline]
    pub fn covered(&self) -> SpaceSet {
        self.covered
    }

    /// The empty spaces next to a covered one: where a tile may go (seed 000,
    /// "Colocar uma peça no ducado"), on the largest board's grid (intersect with the
    /// board's spaces).
    #[inline]
    pub fn open(&self) -> SpaceSet {
        self.around.without(self.covered)
    }

    /// The spaces holding building `b`.
    #[inline]
    pub fn of_building(&self, b: Building) -> SpaceSet {
        self.buildings[b as usize]
    }

    /// The knowledge tiles on the duchy, tile `n` as bit `n`.
    #[inline]
    pub fn knowledge_mask(&self) -> u32 {
        self.knowledge
    }

    /// Is knowledge tile `n` on the duchy?
    #[inline]
    pub fn holds_knowledge(&self, n: u8) -> bool {
        n < 32 && self.knowledge & (1 << n) != 0
    }

    /// Every space of the largest board, id order (a duchy's beyond 36 are empty).
    pub fn iter(&self) -> std::slice::Iter<'_, Option<Tile>> {
        self.tiles.iter()
    }
}

impl std::ops::Index<usize> for Spaces {
    type Output = Option<Tile>;
    #[inline]
    fn index(&self, space: usize) -> &Option<Tile> {
        &self.tiles[space]
    }
}

impl Serialize for Spaces {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m: BTreeMap<u8, Tile> = (0..MAX_SPACES)
            .filter_map(|i| self.tiles[i].map(|t| (i as u8, t)))
            .collect();
        m.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Spaces {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = BTreeMap::<u8, Tile>::deserialize(d)?;
        let mut s = Spaces::default();
        for (i, t) in m {
            if i as usize >= MAX_SPACES {
                return Err(serde::de::Error::custom(format!("space {i} is not 0-72")));
            }
            s.place(i as usize, t);
        }
        Ok(s)
    }
}

/// A colour bonus tile a player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BonusTile {
    pub colour: Colour,
    pub vp: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Player {
    /// Duchy board number.
    pub duchy: u8,
    pub spaces: Spaces,
    /// Hex tiles on the three storage spaces.
    pub storage: Vec<Tile>,
    /// Goods in storage, by type 1-6 (index 0-5).
    pub goods: [u8; 6],
    /// Goods sold so far, by type (knowledge tiles 15 and 25).
    pub sold: [u8; 6],
    pub silver: u32,
    pub workers: u32,
    pub vp: i32,
    pub bonus_tiles: Vec<BonusTile>,
    /// The starting castle space chosen while others still choose (hidden from them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castle_choice: Option<u8>,
    /// Random duchies: the double-sided board drawn (its two duchy numbers) while its
    /// side is not yet revealed; `duchy` shows its first side until then (seed 000
    /// line 236: "Um tabuleiro de ducado aleatório. Escolha um lado").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<[u8; 2]>,
    /// The side chosen while others still choose (hidden from them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side_choice: Option<u8>,
}

impl Player {
    /// The duchy the player's starting decisions are about: the side chosen (or,
    /// until chosen, the one on the table).
    pub fn chosen_duchy(&self) -> u8 {
        self.side_choice.unwrap_or(self.duchy)
    }
    /// Does the player still have to choose the side of a drawn board?
    pub fn choosing_side(&self) -> bool {
        self.board.is_some() && self.side_choice.is_none()
    }
    /// Hides a pending side and starting castle from the other seats (chosen at the
    /// same time and revealed together, seed 000 line 249). With the castle on the
    /// centre (`sides_seen`) the castles wait until every side is chosen, so whether
    /// a seat has chosen its side decides who chooses next and stays seen, with the
    /// front side standing in for the hidden one; otherwise no decision depends on it
    /// and the side shows as not chosen. The castle always shows as not chosen.
    pub fn hide_starting_choices(&mut self, sides_seen: bool) {
        self.side_choice = self.side_seen_by_others(sides_seen);
        self.castle_choice = None;
    }
    /// The side choice as the other seats see it ([`Player::hide_starting_choices`]).
    pub fn side_seen_by_others(&self, sides_seen: bool) -> Option<u8> {
        let stand_in = self.board.map(|sides| sides[0]);
        self.side_choice.and(stand_in).filter(|_| sides_seen)
    }
    /// Does the player still have a starting decision (side or castle) to make?
    pub fn to_start(&self) -> bool {
        self.choosing_side() || self.castle_choice.is_none()
    }
    /// Has this player placed knowledge tile `n`? (For the tiles that score at the
    /// end; effects during the game are asked by name, [`Player::knows`].)
    #[inline]
    pub fn has_knowledge(&self, n: u8) -> bool {
        self.spaces.holds_knowledge(n)
    }
    pub fn count(&self, t: Tile) -> usize {
        let covered = self.covered().iter();
        covered.filter(|&s| self.spaces[s] == Some(t)).count()
    }
    /// The spaces with a tile on them.
    #[inline]
    pub fn covered(&self) -> SpaceSet {
        self.spaces.covered()
    }
    /// The spaces holding this tile.
    #[inline]
    pub fn spaces_with(&self, tile: Tile) -> SpaceSet {
        // The duchy keeps each building type's spaces; any other tile lies only on
        // a covered space of its colour (validated).
        if let Tile::Building(b) = tile {
            return self.spaces.of_building(b);
        }
        self.covered()
            .iter()
            .filter(|&s| self.spaces[s] == Some(tile))
            .collect()
    }
    pub fn goods_types(&self) -> usize {
        self.goods.iter().filter(|&&g| g > 0).count()
    }
}

/// A decision that must be made before the turn goes on. The turn keeps a stack of
/// them: placing a castle pushes a die action, a city hall pushes a placement, ...
///
/// `repr(u8)`: the kind of decision is a byte of its own (issue 18: the turn asks
/// it every decision; folded into the payloads' spare values it took several
/// comparisons to read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "kebab-case")]
#[repr(u8)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Pending {
    /// Use a die showing `value`; no value: a castle's extra action with any value.
    UseDie { value: Option<u8> },
    /// Storage is full: discard one held tile to make room for `incoming`.
    Discard { incoming: Tile },
    /// The team game: `incoming` enters storage and both the seat's private key
    /// spaces and the team's shared ones have room: the player chooses which (seed
    /// 000 line 803).
    KeySpace { incoming: Tile },
    /// A ship was placed: choose the depot whose goods to take.
    ShipGoods,
    /// Knowledge tile 5: also take the goods of a depot next to `chosen`.
    ShipAdjacent { chosen: u8 },
    /// Market, carpenter's workshop or church: take a tile of these colours from
    /// a numbered depot.
    TakeFrom { colours: ColourSet },
    /// Warehouse: sell one goods type.
    WarehouseSell,
    /// City hall: place another tile from storage.
    CityHall,
    /// The crane (extra hexes): trigger a beige building's effect, or pass.
    Crane,
    /// The geese (extra hexes) placed on `space` of a pasture holding two or more
    /// other animal types: the type they score with (seed 000 line 728).
    Geese { space: u8 },
    /// A white castle: an action with the white die's value, turned by workers.
    WhiteDie,
    /// Solo game, after a ship: trade 5 goods for a black-depot tile, or pass.
    SoloTrade,
    /// Solo game, VP gained: buy VP with silver, or pass.
    SoloBuyVp,
    /// Solo game, a colour completed: place a black-depot tile directly. `further`:
    /// the colour was completed by a black-depot tile so placed, and this one may be
    /// declined (seed 000 line 848 "você pode pegar outra peça").
    SoloBlack {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        further: bool,
    },
    /// Shield 5, after a ship's goods: take one goods type from all six depots, or
    /// pass.
    ShieldGoods,
    /// Shield 14 (a numbered depot) or 15 (`black`), at a phase's end: place a
    /// depot's tile directly in the duchy.
    ShieldTile { black: bool },
    /// Shields, at a phase's end: which shields to pay the tribute for.
    Tribute,
    /// Vineyards: the bonus actions of vineyard space `space` still to resolve (bit
    /// 0 the first, bit 1 the second), in the player's order, or pass.
    VineBonuses { space: u8, left: u8 },
    /// Vineyards, a bonus: a hexamino from the vine depot, or pass.
    VineDepot,
    /// Vineyards, a bonus: a free black-depot tile or vine-shop hexamino, or pass.
    BlackOrShop,
    /// Vineyards: the key spaces lack room for `incoming`: discard first.
    VineRoom { incoming: crate::modules::Hexamino },
    /// Vineyards in the team game: `incoming` enters the key spaces and more than one
    /// arrangement has room (private, split, shared): the player chooses.
    VineKeySpace { incoming: crate::modules::Hexamino },
    /// Vineyards: a terrace covered, choose a vine bonus tile.
    VineTile,
    /// The crane (extra hexes) at the final scoring: the monastery (knowledge tile
    /// 16-23 or 29) it counts as one more building for, the player's choice (seed
    /// 000 line 724), asked when it may count for more than one.
    CraneMonastery,
}

impl Pending {
    /// The tile on its way into storage while this decision waits (a discard's or a
    /// key space's), held nowhere else.
    pub fn incoming(&self) -> Option<Tile> {
        match *self {
            Pending::Discard { incoming } | Pending::KeySpace { incoming } => Some(incoming),
            _ => None,
        }
    }

    /// Is this decision offered whatever the state, so that it never lapses? A die may
    /// always be exchanged for workers (seed 000 line 576, "Um jogador pode usar
    /// qualquer dado para receber 2 trabalhadores"), and these others may always be
    /// passed. The solo game's lapse check (`lapse_solo_decisions`) skips listing them
    /// after every action; the random-play suites would find one listed with no action.
    #[inline]
    pub fn always_offered(&self) -> bool {
        matches!(
            self,
            Pending::UseDie { .. }
                | Pending::TakeFrom { .. }
                | Pending::WarehouseSell
                | Pending::CityHall
                | Pending::ShieldGoods
                | Pending::SoloBlack { further: true }
        )
    }

    /// Does this decision make room for a piece on its way into the key spaces (a
    /// discard's, or the team game's choice of key spaces)? No purchase meanwhile.
    #[inline]
    pub fn makes_room(&self) -> bool {
        matches!(
            self,
            Pending::Discard { .. }
                | Pending::KeySpace { .. }
                | Pending::VineRoom { .. }
                | Pending::VineKeySpace { .. }
        )
    }

    /// Is this a decision of a phase's end (shields; the crane's monastery at the
    /// last), made in a turn of its own?
    pub fn at_phase_end(&self) -> bool {
        matches!(
            self,
            Pending::ShieldTile { .. } | Pending::Tribute | Pending::CraneMonastery
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Turn {
    pub seat: Seat,
    /// The seat's two dice, `None` once used.
    pub dice: [Option<u8>; 2],
    /// The once-per-turn black-depot purchase was made.
    pub bought: bool,
    /// Knowledge tile 6 (Special Edition) was used this turn.
    pub knowledge6: bool,
    /// Shield 16 was used this turn: a die set to any value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub die_set: bool,
    /// A shield was taken with a pair this turn (`rules.shield_purchase: instead`
    /// then refuses the purchase).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shield_taken: bool,
    /// The shields: this is no round's turn but a decision of a phase's end (shield
    /// 14's or 15's tile, the tribute), the pending stack's first: no dice, no
    /// purchase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub phase_end: bool,
    /// The solo game: the decision on top was brought before the others (`first N`,
    /// seed 000 line 851); no other is brought until a decision is made.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reordered: bool,
    pub pending: Vec<Pending>,
    /// Trade routes, `rules.trade_route_bonus: at-once`: goods of a sold stack still
    /// to lay on the route, the last to lay first, each waiting for the bonus
    /// decisions above it on the stack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub route_rest: Vec<RouteRest>,
}

/// Goods of a sold stack that wait to go onto the route while a bonus their stack
/// gained is decided (`rules.trade_route_bonus: at-once`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RouteRest {
    /// The goods type, 1-6.
    pub goods: u8,
    pub count: u8,
    /// They go on once the turn's stack of decisions is back to this height.
    pub depth: u8,
}

/// `repr(u8)`: the stage is a byte of its own, not folded into the turn's list
/// (issue 18: asked several times a decision).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "kebab-case")]
#[repr(u8)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Stage {
    /// Waiting for chance: duchies, start player, starting goods.
    Setup,
    /// Seats choose their duchy side (random duchies), then their starting castle's
    /// space: all at once, or in turn order (`config.castle_order`).
    StartingCastles,
    /// Waiting for chance: the tiles and goods of the new phase.
    PhaseStart,
    /// Waiting for chance: the round's dice.
    RoundStart,
    Turn(Turn),
    /// Waiting for chance: the AutoDuke's die (its turn), or the card that fills
    /// the slot of a card it completed.
    AutoDuke,
    Over,
}

/// A game of The Castles of Burgundy: the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Burgundy {
    pub config: Config,
    /// 0-4 for phases A-E.
    pub phase: u8,
    /// 0-4 within the phase.
    pub round: u8,
    pub stage: Stage,
    pub players: Vec<Player>,
    /// Hex tiles in the numbered depots 1-6.
    pub depots: [Vec<Tile>; 6],
    pub black_depot: Vec<Tile>,
    /// Goods lying in each depot, by type.
    pub depot_goods: [[u8; 6]; 6],
    /// Goods still to come this phase, the next first (on the round spaces).
    pub round_goods: Vec<u8>,
    /// Tiles drawn so far from the coloured bags and piles (starting castles included)
    /// and from the black bag. Every draw is revealed face up, so this is public; what
    /// is left in the bags is the inventory minus these ([`Burgundy::supply`]).
    pub drawn: TileCounts,
    pub drawn_black: TileCounts,
    /// Tiles out of the game (discarded, or cleared from the board at a phase start).
    pub boxed: TileCounts,
    /// Bonus tiles already taken per colour: 0 none, 1 the large one, 2 both.
    pub bonus_taken: [u8; 6],
    /// The turn-order track: each space a stack of seats, bottom first.
    pub track: [Vec<Seat>; TRACK],
    /// Seats that have played this round.
    pub played: Vec<bool>,
    /// The turn order fixed at the start of the round.
    pub round_order: Vec<Seat>,
    /// The round's dice per seat and the white die.
    pub dice: Vec<[u8; 2]>,
    pub white: u8,
    /// What the config's modules keep on the table (omitted when nothing).
    #[serde(default, skip_serializing_if = "ModuleState::is_empty")]
    pub modules: ModuleState,
}

/// Seats in track order on `track`: the furthest ahead first, top of a stack first.
pub(crate) fn track_order(track: &[Vec<Seat>; TRACK]) -> impl Iterator<Item = Seat> + '_ {
    track
        .iter()
        .rev()
        .flat_map(|stack| stack.iter().rev().copied())
}

impl Burgundy {
    /// The content the game plays with: the embedded data or a content file's.
    #[inline]
    pub fn content(&self) -> &Content {
        self.config.content.get()
    }

    #[inline]
    pub fn duchy(&self, seat: Seat) -> &Duchy {
        self.content()
            .duchy(self.players[seat as usize].duchy)
            .expect("duchy validated on construction")
    }

    /// The empty spaces of a seat's duchy (37 spaces, a team board 73).
    pub fn empty_spaces(&self, seat: Seat) -> usize {
        self.duchy(seat).spaces - self.players[seat as usize].covered().len() as usize
    }

    /// The duchy to draw for a seat: the side it chose while others still choose (a
    /// view shows it only to the player itself), else the one on the table.
    pub fn shown_duchy(&self, seat: Seat) -> &Duchy {
        let p = &self.players[seat as usize];
        self.content()
            .duchy(p.chosen_duchy())
            .unwrap_or_else(|| self.duchy(seat))
    }

    /// Seats in track order: the furthest ahead first, top of a stack first.
    pub fn track_order(&self) -> Vec<Seat> {
        self.track_order_iter().collect()
    }

    /// [`Burgundy::track_order`] without a list.
    pub(crate) fn track_order_iter(&self) -> impl Iterator<Item = Seat> + '_ {
        track_order(&self.track)
    }

    /// Track position of a seat: (space, height in its stack).
    pub fn track_position(&self, seat: Seat) -> (usize, usize) {
        for (space, stack) in self.track.iter().enumerate() {
            if let Some(h) = stack.iter().position(|&s| s == seat) {
                return (space, h);
            }
        }
        (0, 0)
    }

    /// The game's tiles with coloured backs, or with black backs
    /// ([`Content::inventory`] for the config's modules).
    pub fn inventory(&self, black: bool) -> [u8; KINDS] {
        self.content().inventory(self.config.modules, black)
    }

    /// Tiles left in the coloured bags and piles, or in the black bag.
    pub fn supply(&self, black: bool) -> [u8; KINDS] {
        let inv = self.inventory(black);
        let drawn = if black {
            &self.drawn_black
        } else {
            &self.drawn
        };
        std::array::from_fn(|k| inv[k].saturating_sub(drawn.0[k]))
    }

    /// Goods not yet seen by anyone (the face-down phase stacks and the box), by type:
    /// 7 of each type less those in storage, sold, in depots or on the round spaces.
    pub fn goods_unseen(&self) -> [u8; 6] {
        let mut seen = [0u32; 6];
        for (t, n) in seen.iter_mut().enumerate() {
            *n += self
                .players
                .iter()
                .map(|p| p.goods[t] as u32 + p.sold[t] as u32)
                .sum::<u32>();
            *n += self.depot_goods.iter().map(|d| d[t] as u32).sum::<u32>();
        }
        for &g in &self.round_goods {
            seen[g as usize - 1] += 1;
        }
        // The AutoDuke's goods, set aside at the setup (seed 000 line 1047).
        if let Some(ad) = &self.modules.auto_duke {
            (0..6).for_each(|t| seen[t] += ad.goods[t] as u32 + ad.sold[t] as u32);
        }
        // Solo game: goods removed from the game were seen.
        if let Some(solo) = &self.modules.solo {
            (0..6).for_each(|t| seen[t] += solo.goods_out[t] as u32);
        }
        std::array::from_fn(|t| 7u32.saturating_sub(seen[t]) as u8)
    }

    #[inline]
    pub fn turn(&self) -> Option<&Turn> {
        match &self.stage {
            Stage::Turn(t) => Some(t),
            _ => None,
        }
    }
}
