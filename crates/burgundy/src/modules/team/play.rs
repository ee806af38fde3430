//! Playing the team game: what the teams share, kept in step after every decision.
//!
//! Each seat keeps its own record ([`crate::state::Player`]): its dice, turn-order
//! marker and VP (seed 000 line 799 "Cada jogador ainda tem seus próprios 2 dados,
//! marcador de ordem de turno, marcador de PV"). What a team shares (the team board,
//! workers, silver, goods, the goods sold and the bonus tiles; 000 lines 803-805
//! "Todos os outros recursos são compartilhados") is written in both members'
//! records, always equal (checked on load). A seat's storage is its two private key
//! spaces followed by its team's two shared ones ([`TeamState::shared`]). After each
//! decision or chance step, [`Burgundy::team_merge`] adds both members' changes to
//! what the team held before and writes the result back to both.

use super::{
    Team, TeamBoardSide, TeamShields, PRIVATE_STORAGE, SHARED_STORAGE, TEAM_GOODS, TEAM_PLAYERS,
    TEAM_SILVER,
};
use crate::action::Event;
use crate::modules::Module;
use crate::sets::SpaceSet;
use crate::state::{Burgundy, Player};
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tabuleiro_core::{Seat, SeatSet, Standing};

/// The team board the team game is played on: 31a + 32a (classic 12a1 + 12a2), the
/// one side found (`data/team_duchies.json`).
pub const TEAM_BOARD: u8 = 31;

/// The advanced side, 31b + 32b (classic 12b; `rules.team_board: advanced`), played
/// as duchy 32 when a content file holds it.
pub const ADVANCED_TEAM_BOARD: u8 = 32;

/// What the team game keeps on the table (`modules.team` in a position file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamState {
    /// Each team's members in round 1's turn order: team A (A1, A2), then team B
    /// (B1, B2); round 1 is A1, B1, A2, B2 (seed 000 line 799).
    pub members: [[Seat; 2]; 2],
    /// Each team's shared key spaces (A, then B), at most 2 tiles each (000 line
    /// 803 "cada time tem 2 espaços chave compartilhados"). They are also the end of
    /// both members' `storage`.
    pub shared: [Vec<Tile>; 2],
    /// Each team's hexaminoes on both its shared key spaces (module `vineyards`;
    /// [`crate::modules::VineKeys::Shared`]), either member's to place.
    #[serde(default, skip_serializing_if = "no_vines")]
    pub vines: [Vec<crate::modules::Hexamino>; 2],
    /// The key spaces chosen in the step being applied (never written).
    #[serde(skip)]
    pub chosen: super::ChosenKeySpaces,
}

impl TeamState {
    /// The teams of a game whose start player is `start`.
    pub fn new(start: Seat) -> TeamState {
        TeamState {
            members: [Team::A, Team::B].map(|t| t.members(start)),
            shared: Default::default(),
            vines: Default::default(),
            chosen: Default::default(),
        }
    }

    /// The team index (0 for A, 1 for B) of `seat` and its partner.
    pub fn team_of(&self, seat: Seat) -> (usize, Seat) {
        let t = self.members.iter().position(|m| m.contains(&seat));
        let t = t.unwrap_or(0);
        let [a, b] = self.members[t];
        (t, if a == seat { b } else { a })
    }
}

fn no_vines(vines: &[Vec<crate::modules::Hexamino>; 2]) -> bool {
    vines.iter().all(Vec::is_empty)
}

/// What a team held before a step: the shared counts and each member's storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TeamSnapshot {
    pools: [Pool; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Pool {
    silver: u32,
    workers: u32,
    goods: [u8; 6],
    sold: [u8; 6],
    bonus_tiles: usize,
    /// Each member's storage and the team's shared key spaces.
    keys: Kept,
    /// The team board's covered spaces (both members' boards are equal between
    /// steps): a space covered since is a tile placed in the step.
    covered: SpaceSet,
    /// The shields on the team's castles (module `shields`), castle space: shield;
    /// None with each member's own shields (`rules.team_shields: member`).
    shields: Option<KeptShields>,
    /// Does a tile coming in spill over onto the taker's private key spaces once
    /// the shared ones are full (each member's own shield 4, `rules.team_shields:
    /// member`), or onto the shared ones (the team's shield 4)?
    spills_private: bool,
}

/// Tiles a snapshot keeps inline: both members' storages (2 private and 2 shared
/// key spaces each) and the 2 shared key spaces, with room to spare.
const KEPT: usize = 12;

/// A team's tile lists when a step began: the first member's storage, the
/// second's, the shared key spaces. Taken before every step of a team game, so they
/// are copied inline, no allocation (issue 46); only more tiles than [`KEPT`] (shield
/// 4's unlimited key spaces) go on the heap.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kept {
    Inline { lens: [u8; 3], tiles: [Tile; KEPT] },
    Heap(Box<[Vec<Tile>; 3]>),
}

impl Kept {
    fn new(lists: [&[Tile]; 3]) -> Kept {
        if lists.iter().map(|l| l.len()).sum::<usize>() > KEPT {
            return Kept::Heap(Box::new(lists.map(<[Tile]>::to_vec)));
        }
        let mut tiles = [Tile::Castle; KEPT];
        let mut at = 0;
        for list in lists {
            tiles[at..at + list.len()].copy_from_slice(list);
            at += list.len();
        }
        // Each list fits in KEPT, so in a byte.
        let lens = lists.map(|l| l.len() as u8);
        Kept::Inline { lens, tiles }
    }

    /// Member `m`'s storage (0 or 1), or with 2 the shared key spaces.
    fn list(&self, i: usize) -> &[Tile] {
        match self {
            Kept::Inline { lens, tiles } => {
                let start: usize = lens[..i].iter().map(|&n| n as usize).sum();
                &tiles[start..start + lens[i] as usize]
            }
            Kept::Heap(lists) => &lists[i],
        }
    }

    fn storage(&self, m: usize) -> &[Tile] {
        self.list(m)
    }

    fn shared(&self) -> &[Tile] {
        self.list(2)
    }
}

/// Shields a snapshot keeps inline: more than a team board's castles could hold.
const KEPT_SHIELDS: usize = 12;

/// The shields on a team's castles when a step began (castle space, shield, in the
/// map's order), inline like [`Kept`]: a map copied every step allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
enum KeptShields {
    Inline {
        len: u8,
        pairs: [(u8, u8); KEPT_SHIELDS],
    },
    // Boxed so that the rare case keeps the snapshot, inline in every state, small.
    #[allow(clippy::box_collection)]
    Heap(Box<BTreeMap<u8, u8>>),
}

/// The inline pairs and the map on the heap of a [`KeptShields`].
type ShieldParts<'a> = (&'a [(u8, u8)], Option<&'a BTreeMap<u8, u8>>);

impl KeptShields {
    fn new(map: &BTreeMap<u8, u8>) -> KeptShields {
        if map.len() > KEPT_SHIELDS {
            return KeptShields::Heap(Box::new(map.clone()));
        }
        let mut pairs = [(0, 0); KEPT_SHIELDS];
        for (slot, (&castle, &shield)) in pairs.iter_mut().zip(map) {
            *slot = (castle, shield);
        }
        let len = map.len() as u8;
        KeptShields::Inline { len, pairs }
    }

    /// The pairs inline, or the map on the heap (one of the two empty).
    fn parts(&self) -> ShieldParts<'_> {
        match self {
            KeptShields::Inline { len, pairs } => (&pairs[..*len as usize], None),
            KeptShields::Heap(map) => (&[], Some(map)),
        }
    }

    fn get(&self, castle: u8) -> Option<u8> {
        match self.parts() {
            (_, Some(map)) => map.get(&castle).copied(),
            (pairs, None) => pairs.iter().find(|p| p.0 == castle).map(|p| p.1),
        }
    }

    fn castles(&self) -> impl Iterator<Item = u8> + '_ {
        let (pairs, map) = self.parts();
        let heap = map.into_iter().flat_map(|m| m.keys().copied());
        pairs.iter().map(|p| p.0).chain(heap)
    }

    /// Does `map` hold the same shields on the same castles?
    fn same(&self, map: &BTreeMap<u8, u8>) -> bool {
        match self.parts() {
            (_, Some(kept)) => kept == map,
            (pairs, None) => {
                pairs.len() == map.len() && pairs.iter().zip(map).all(|(p, (c, s))| p == &(*c, *s))
            }
        }
    }
}

/// `old` plus both members' changes (`x - old` and `y - old`).
fn merged(old: u32, x: u32, y: u32) -> u32 {
    (x as i64 + y as i64 - old as i64).max(0) as u32
}

/// The tiles of `a` not in `b`, each counted as often as it is missing, in `a`'s
/// order: the k-th copy of a tile in `a` is missing when `b` holds fewer than k. No
/// list is built (the lists are a few tiles; this runs after every moving step).
fn minus<'a>(a: &'a [Tile], b: &'a [Tile]) -> impl Iterator<Item = Tile> + 'a {
    // A start both share cancels out: a step takes, places or discards a tile or
    // two, so most of a storage is its start as before.
    let start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[start..], &b[start..]);
    let count = |list: &[Tile], t: &Tile| list.iter().filter(|&x| x == t).count();
    let missing = move |&(i, t): &(usize, &Tile)| count(b, t) <= count(&a[..i], t);
    a.iter().enumerate().filter(missing).map(|(_, &t)| t)
}

impl Burgundy {
    /// Is this a team game (module `team`)?
    #[inline]
    pub fn team(&self) -> bool {
        self.config.modules.contains(Module::Team)
    }

    /// Hex tiles a seat may hold: 3 in the base game; in the team game its 2 private
    /// key spaces and its team's 2 shared ones (seed 000 line 803).
    pub(crate) fn storage_capacity(&self) -> usize {
        match self.team() {
            true => PRIVATE_STORAGE + SHARED_STORAGE,
            false => crate::state::STORAGE,
        }
    }

    /// The second member of a team (A2, B2): its shared resources are its
    /// partner's, counted once for the team (tiles, goods, final scoring).
    pub(crate) fn team_second(&self, seat: Seat) -> bool {
        let team = self.modules.team.as_ref();
        team.is_some_and(|t| t.members.iter().any(|m| m[1] == seat))
    }

    /// The tiles of `seat`'s storage counted as its own: all of them, but for a
    /// team's second member only its private key spaces (the shared ones count
    /// with the first member's).
    pub(crate) fn own_storage(&self, seat: Seat) -> &[Tile] {
        let storage = &self.players[seat as usize].storage;
        match (self.team_second(seat), &self.modules.team) {
            (true, Some(team)) => {
                let shared = team.shared[team.team_of(seat).0].len();
                &storage[..storage.len().saturating_sub(shared)]
            }
            _ => storage,
        }
    }

    /// Does `seat`'s board count as its own (not a team's second member's, the
    /// board its partner's)?
    pub(crate) fn own_board(&self, seat: Seat) -> bool {
        !self.team_second(seat)
    }

    /// The seat whose record holds the board `seat` plays on, counted once: in the
    /// team game its team's first member, else `seat` itself.
    pub(crate) fn board_seat(&self, seat: Seat) -> Seat {
        let team = self.modules.team.as_ref();
        team.map_or(seat, |t| t.members[t.team_of(seat).0][0])
    }

    /// Is `tile` on the private key spaces of `seat`'s partner (and not on its own
    /// or the shared ones)?
    pub(crate) fn in_partners_storage(&self, seat: Seat, tile: Tile) -> bool {
        let Some(team) = &self.modules.team else {
            return false;
        };
        let (t, partner) = team.team_of(seat);
        let partners = &self.players[partner as usize].storage;
        let private = &partners[..partners.len().saturating_sub(team.shared[t].len())];
        !self.players[seat as usize].storage.contains(&tile) && private.contains(&tile)
    }

    /// Applies a step; in the team game, then merges what each member changed
    /// ([`Burgundy::team_merge`]). Outside it, the step alone (the base game pays
    /// one test).
    #[inline]
    pub(crate) fn team_step<R>(&mut self, step: impl FnOnce(&mut Burgundy) -> R) -> R {
        if self.modules.team.is_none() {
            return step(self);
        }
        self.shared_step(step)
    }

    #[cold]
    #[inline(never)]
    fn shared_step<R>(&mut self, step: impl FnOnce(&mut Burgundy) -> R) -> R {
        self.modules.team_before = self.team_snapshot();
        let result = step(self);
        let before = self.modules.team_before.take();
        self.team_merge(before);
        // A key space question no longer one, read on the merged key spaces.
        if self.key_space_moot() {
            let before = self.team_snapshot();
            self.key_space_settled();
            self.team_merge(before);
        }
        result
    }

    /// Within a step, before it reads another seat's things (the phase's end: the
    /// shields' decisions of each seat in turn, the mines): both members' changes so
    /// far merged, so that a partner reads the team's silver, workers and board as
    /// they are now.
    pub(crate) fn team_sync(&mut self) {
        if let Some(before) = self.modules.team_before.take() {
            self.team_merge(Some(before));
            self.modules.team_before = self.team_snapshot();
        }
    }

    /// What each team holds now, to merge the members' changes after a step.
    pub(crate) fn team_snapshot(&self) -> Option<TeamSnapshot> {
        let team = self.modules.team.as_ref()?;
        let pool = |t: usize| {
            let [a, b] = team.members[t].map(|s| &self.players[s as usize]);
            Pool {
                silver: a.silver,
                workers: a.workers,
                goods: a.goods,
                sold: a.sold,
                bonus_tiles: a.bonus_tiles.len(),
                keys: Kept::new([&a.storage, &b.storage, &team.shared[t]]),
                covered: a.spaces.covered(),
                shields: self
                    .modules
                    .shields
                    .get(team.members[t][0] as usize)
                    .filter(|_| self.teams_shields())
                    .map(KeptShields::new),
                spills_private: self.members_shields(),
            }
        };
        Some(TeamSnapshot {
            pools: [pool(0), pool(1)],
        })
    }

    /// Both members' changes since `before`, added and written to both: counts add
    /// their changes, the board takes both members' new tiles, the storages follow
    /// [`Burgundy::team_storage`]. Runs after every step of a team game, so each part
    /// is written in place, and what neither member changed costs a comparison, not
    /// a copy (issue 46).
    pub(crate) fn team_merge(&mut self, before: Option<TeamSnapshot>) {
        let (Some(before), Some(team)) = (before, &self.modules.team) else {
            return;
        };
        let (teams, chosen) = (team.members, team.chosen);
        for (t, old) in before.pools.iter().enumerate() {
            let members = teams[t].map(|s| s as usize);
            self.merge_counts(old, members);
            self.merge_bonus_tiles(old, members);
            self.merge_board(old.covered, members);
            self.merge_storage(t, old, members, chosen);
            self.merge_shields(old, members);
        }
        if let Some(team) = &mut self.modules.team {
            team.chosen = Default::default();
        }
    }

    /// Silver, workers, goods and goods sold: what the team held plus both members'
    /// changes.
    fn merge_counts(&mut self, old: &Pool, [a, b]: [usize; 2]) {
        let (x, y) = (&self.players[a], &self.players[b]);
        let silver = merged(old.silver, x.silver, y.silver);
        let workers = merged(old.workers, x.workers, y.workers);
        let (mut goods, mut sold) = (x.goods, x.sold);
        for g in 0..6 {
            goods[g] = merged(old.goods[g] as u32, x.goods[g] as u32, y.goods[g] as u32) as u8;
            sold[g] = merged(old.sold[g] as u32, x.sold[g] as u32, y.sold[g] as u32) as u8;
        }
        for seat in [a, b] {
            let p = &mut self.players[seat];
            (p.silver, p.workers, p.goods, p.sold) = (silver, workers, goods, sold);
        }
    }

    /// The first member's bonus tiles, then those the second took in the step.
    fn merge_bonus_tiles(&mut self, old: &Pool, [a, b]: [usize; 2]) {
        for i in old.bonus_tiles..self.players[b].bonus_tiles.len() {
            let taken = self.players[b].bonus_tiles[i];
            self.players[a].bonus_tiles.push(taken);
        }
        if self.players[b].bonus_tiles != self.players[a].bonus_tiles {
            let tiles = self.players[a].bonus_tiles.clone();
            self.players[b].bonus_tiles = tiles;
        }
    }

    /// The team board: the first member's, with the tiles the second placed in the
    /// step. Both boards were equal when the step began (covered `old`) and a tile
    /// only ever covers an open space, so each board takes the spaces the other
    /// covered since, the first member's tile where both covered one: the board
    /// is not copied (issue 46).
    fn merge_board(&mut self, old: SpaceSet, [a, b]: [usize; 2]) {
        let (x, y) = (
            self.players[a].spaces.covered(),
            self.players[b].spaces.covered(),
        );
        for s in y.without(x).iter() {
            if let Some(tile) = self.players[b].spaces[s] {
                self.players[a].spaces.place(s, tile);
            }
        }
        for s in x.without(old).iter() {
            let tile = self.players[a].spaces[s];
            if let Some(tile) = tile.filter(|&t| self.players[b].spaces[s] != Some(t)) {
                self.players[b].spaces.place(s, tile);
            }
        }
    }

    /// Each member's storage: its private key spaces, then the team's shared ones
    /// ([`team_storage`]). A step that moved no tile of the team leaves them as
    /// they were.
    fn merge_storage(
        &mut self,
        t: usize,
        old: &Pool,
        [a, b]: [usize; 2],
        chosen: super::ChosenKeySpaces,
    ) {
        let shared_before = old.keys.shared();
        let kept = |seat: usize, before: &[Tile]| {
            self.players[seat].storage == before && before.ends_with(shared_before)
        };
        let unmoved = kept(a, old.keys.storage(0)) && kept(b, old.keys.storage(1));
        let shared = match unmoved {
            true => None,
            false => {
                let storages = [&self.players[a].storage, &self.players[b].storage];
                // The private key spaces the members' hexaminoes take (module
                // `vineyards`).
                let vines = [a, b].map(|s| self.vine_spaces(s as Seat));
                Some(team_storage(old, storages, chosen, vines))
            }
        };
        let Some(team) = &mut self.modules.team else {
            return;
        };
        let Some((private, shared)) = shared else {
            if team.shared[t] != shared_before {
                team.shared[t].clear();
                team.shared[t].extend_from_slice(shared_before);
            }
            return;
        };
        // Written into the storages in place: their room is kept.
        for (m, seat) in [a, b].into_iter().enumerate() {
            let storage = &mut self.players[seat].storage;
            storage.clear();
            storage.extend(private[m].iter().chain(&shared));
        }
        team.shared[t] = shared;
    }

    /// The shields on a team's castles (module `shields`): the team board is the
    /// team's, so a shield one member takes, replaces or gives up lies on (or leaves)
    /// both members' castles: each castle takes the member's change, and both write
    /// the result.
    fn merge_shields(&mut self, old: &Pool, [a, b]: [usize; 2]) {
        let (Some(old), Some(x), Some(y)) = (
            old.shields.as_ref(),
            self.modules.shields.get(a),
            self.modules.shields.get(b),
        ) else {
            return;
        };
        if old.same(x) && old.same(y) {
            return;
        }
        let changed = |m: &BTreeMap<u8, u8>, c: u8| m.get(&c).copied() != old.get(c);
        let castles = old
            .castles()
            .chain(x.keys().copied())
            .chain(y.keys().copied());
        let merged: BTreeMap<u8, u8> = castles
            .filter_map(|c| {
                let from = if changed(y, c) { y } else { x };
                from.get(&c).map(|&s| (c, s))
            })
            .collect();
        self.modules.shields[a] = merged.clone();
        self.modules.shields[b] = merged;
    }

    /// The team game with each member's own shields (`rules.team_shields: member`)?
    pub(crate) fn members_shields(&self) -> bool {
        self.modules.team.is_some() && self.config.rules.team_shields == TeamShields::Member
    }

    /// The team game with the team's shields (`rules.team_shields: team`, the
    /// default): what the shields do, the team does once.
    pub(crate) fn teams_shields(&self) -> bool {
        self.modules.team.is_some() && self.config.rules.team_shields == TeamShields::Team
    }

    /// Is `ask` true of `seat` or, in the team game, of its partner?
    pub(crate) fn either_member(&self, seat: Seat, ask: impl Fn(Seat) -> bool) -> bool {
        let team = self.modules.team.as_ref();
        ask(seat) || team.is_some_and(|t| ask(t.team_of(seat).1))
    }

    /// Are `a` and `b` partners (the same team, not the same seat)? Never outside
    /// the team game.
    pub fn partners(&self, a: Seat, b: Seat) -> bool {
        let team = self.modules.team.as_ref();
        a != b && team.is_some_and(|t| t.team_of(a).1 == b)
    }

    /// Seats in `order` less those whose partner comes earlier: in the team game one
    /// a team, its member furthest ahead (what the team does once, for the team).
    pub(crate) fn one_a_team(&self, order: Vec<Seat>) -> Vec<Seat> {
        if self.modules.team.is_none() {
            return order;
        }
        let firsts = order.iter().enumerate();
        let keep = |(i, &s): (usize, &Seat)| !order[..i].iter().any(|&o| self.partners(o, s));
        firsts.filter(|&x| keep(x)).map(|(_, &s)| s).collect()
    }

    /// Round 1's seats and what each team receives (seed 000 lines 796-799, 002
    /// lines 830-833, 001 lines 1003-1014): the team board, 2 silver, 3 or 5 workers
    /// (the first team 3), the team's 3 random goods (drawn for its first member).
    pub(crate) fn team_set_up(&mut self, start: Seat, goods: &[Vec<u8>], events: &mut Vec<Event>) {
        let team = TeamState::new(start);
        let board = self.team_board();
        let verified = self.content().duchy(board).is_some_and(|d| d.verified);
        for (t, side) in [Team::A, Team::B].into_iter().enumerate() {
            for seat in team.members[t] {
                let p = &mut self.players[seat as usize];
                p.duchy = board;
                p.silver = TEAM_SILVER;
                p.workers = side.workers();
                events.push(Event::TeamSeated {
                    seat,
                    team: side,
                    board,
                    verified,
                });
                for &g in &goods[team.members[t][0] as usize] {
                    p.goods[g as usize - 1] += 1;
                }
            }
        }
        self.modules.team = Some(team);
    }

    /// The goods the setup deals `seat`: the base game's 3 each; the team game's 3 a
    /// team, dealt to its first member (002 line 832 "3 losetas de mercancía al azar
    /// (...) de cada equipo").
    pub(crate) fn setup_goods(&self, seat: Seat, start: Seat) -> usize {
        let n = self.players.len() as Seat;
        match self.team() && (seat + n - start) % n >= 2 {
            true => 0,
            false => TEAM_GOODS,
        }
    }

    /// The duchy number of the team board played (`rules.team_board`).
    pub(crate) fn team_board(&self) -> u8 {
        self.config.rules.team_board.board()
    }

    /// Where a team's castle may start: on the standard side the central castle
    /// space (002 line 831 "Los castillos se colocan en la casilla hexagonal borgoña
    /// central"); on the advanced side castle space 1 or 6, the team's choice (002
    /// line 831, 001 line 1005).
    pub(crate) fn team_castle_spaces(&self) -> &[u8] {
        let number = self.team_board();
        let mut boards = self.content().team_boards.iter();
        let board = boards.find(|b| b.number == number);
        board.map_or(&[], |b| &b.castle_spaces)
    }

    /// Does each team choose its castle's space (the advanced side)?
    pub(crate) fn team_chooses_castle(&self) -> bool {
        self.team() && self.config.rules.team_board == TeamBoardSide::Advanced
    }

    /// The seats and teams: four seats in two teams of two.
    pub(crate) fn team_participants(&self) -> tabuleiro_core::Participants {
        let teams = self.modules.team.as_ref().map(|t| t.members);
        let teams = teams.unwrap_or([Team::A, Team::B].map(|t| t.members(0)));
        tabuleiro_core::Participants {
            teams: teams
                .iter()
                .map(|&[a, b]| SeatSet::one(a).with(b))
                .collect(),
            ..tabuleiro_core::Participants::seats(TEAM_PLAYERS as usize)
        }
    }

    /// The teams' result: both members' VP added, the tie-break on the team board's
    /// empty spaces (`rules.team_tiebreak`; seed 000 lines 813-815).
    pub(crate) fn team_result(&self) -> Vec<Standing> {
        let start = self.modules.team.as_ref().map_or(0, |t| t.members[0][0]);
        let vp: Vec<i32> = self.players.iter().map(|p| p.vp).collect();
        let empty = [Team::A, Team::B].map(|t| {
            let first = t.members(start)[0];
            self.empty_spaces(first) as u32
        });
        super::team_standings(&vp, empty, start, self.config.rules.team_tiebreak)
    }

    /// A team position's own rules: the teams as round 1 seats them, both members
    /// on the team board with the same shared resources, storages within their
    /// spaces.
    pub(crate) fn validate_team(&self) -> Result<(), String> {
        let Some(team) = &self.modules.team else {
            return match self.team() && self.stage != crate::state::Stage::Setup {
                true => Err("a team game needs modules.team once set up".into()),
                false => Ok(()),
            };
        };
        if !self.team() {
            return Err("modules.team needs the module team".into());
        }
        if self.players.len() != TEAM_PLAYERS as usize {
            return Err(format!("the team game seats {TEAM_PLAYERS} players"));
        }
        if team.members != TeamState::new(team.members[0][0]).members {
            return Err(
                "modules.team.members must seat A1, B1, A2, B2 in turn (seed 000 line 799)".into(),
            );
        }
        for (t, [a, b]) in team.members.iter().enumerate() {
            let (x, y) = (&self.players[*a as usize], &self.players[*b as usize]);
            check_members(x, y, &team.shared[t], self.storage_limits())
                .and_then(|()| self.check_castle_choice([x, y]))
                .and_then(|()| self.check_members_shields([*a, *b]))
                .map_err(|m| format!("team {}: {m}", ["A", "B"][t]))?;
        }
        Ok(())
    }

    /// Which key spaces have no limit with the shields (shield 4; tiles stored beyond
    /// the limit stay when the shield is lost, as `validate` lifts the base game's):
    /// (the shared ones, the private ones). The team's shield 4 lifts the shared
    /// ones' limit, a member's own its private ones'.
    fn storage_limits(&self) -> (bool, bool) {
        let shields = self.config.modules.contains(Module::Shields);
        let member = self.members_shields();
        (shields && !member, shields && member)
    }

    /// Both members on the team board of `rules.team_board`, and before the castles
    /// are placed one castle choice a team (its first member's), on a space the
    /// side allows.
    fn check_castle_choice(&self, [x, y]: [&Player; 2]) -> Result<(), String> {
        let board = self.team_board();
        if x.duchy != board || y.duchy != board {
            return Err(format!("both members play on the team board {board}"));
        }
        let allowed = |c: Option<u8>| c.is_none_or(|s| self.team_castle_spaces().contains(&s));
        match x.castle_choice == y.castle_choice && allowed(x.castle_choice) {
            true => Ok(()),
            false => Err(format!(
                "both members hold the team's castle choice, one of the spaces {:?}",
                self.team_castle_spaces()
            )),
        }
    }

    /// The team's shields (`rules.team_shields: team`) are both members', written
    /// equal; each member's own (`member`) lie one a castle: no castle holds a
    /// shield of both.
    fn check_members_shields(&self, [a, b]: [Seat; 2]) -> Result<(), String> {
        let [x, y] = [a, b].map(|s| self.modules.shields.get(s as usize));
        let ok = match (self.members_shields(), x, y) {
            (true, Some(x), Some(y)) => x.keys().all(|c| !y.contains_key(c)),
            (true, _, _) => true,
            (false, _, _) => x == y,
        };
        match (ok, self.members_shields()) {
            (true, _) => Ok(()),
            (false, true) => Err("each member's shields lie on castles of their own: one shield a castle (modules.shields, rules.team_shields member)".into()),
            (false, false) => Err("both members hold the team's shields (modules.shields)".into()),
        }
    }

    /// The position with each team's shared things written once (on its first
    /// member; the shared key spaces by [`Burgundy::own_storage`]): what the base
    /// game's checks count (tiles and goods conserved).
    pub(crate) fn counted_once(&self) -> Burgundy {
        let mut counted = self.clone();
        if let Some(team) = &self.modules.team {
            for [_, second] in team.members.iter() {
                // The team's shields are counted on its first member (each member's
                // own, `rules.team_shields: member`, on each).
                if let Some(s) = counted.modules.shields.get_mut(*second as usize) {
                    s.retain(|_, _| self.members_shields());
                }
                let p = &mut counted.players[*second as usize];
                p.spaces = Default::default();
                (p.goods, p.sold, p.silver, p.workers) = ([0; 6], [0; 6], 0, 0);
                p.bonus_tiles.clear();
            }
        }
        counted
    }
}

/// Each member's private key spaces and the team's shared ones after a step. Tiles
/// never move between storages (seed 000 line 807 "As peças não podem ser movidas
/// entre os depósitos"): a tile that left a member's storage leaves the team's
/// shared key spaces where the player chose them ([`super::ChosenKeySpaces`]),
/// else its private ones when one holds it, else the shared ones; a tile that came
/// in goes to the shared ones where the player chose them, else to its private ones
/// while they have room, else to the shared ones (the player chooses only where
/// both have room: [`Burgundy::key_space_choice`]).
/// Past both limits (shield 4; a discard by a member who holds more than 2 private
/// tiles, its shield 4 lost), a tile goes on the shared ones (the team's shield 4)
/// or, with each member's own shields, on the taker's private ones (seed 000 line
/// 899 "você tem uma quantidade ilimitada de espaços chave em seu tabuleiro de
/// jogador": the shared ones are the partner's too and keep their limit).
fn team_storage(
    old: &Pool,
    now: [&Vec<Tile>; 2],
    chosen: super::ChosenKeySpaces,
    vines: [(usize, usize); 2],
) -> ([Vec<Tile>; 2], Vec<Tile>) {
    let mut shared = old.keys.shared().to_vec();
    let private = [0, 1].map(|m| {
        let before = old.keys.storage(m);
        let shared_len = old.keys.shared().len();
        let mut private = before[..before.len().saturating_sub(shared_len)].to_vec();
        for gone in minus(before, now[m]) {
            let from_shared = chosen.left_shared && shared.contains(&gone);
            match private
                .iter()
                .position(|&t| t == gone)
                .filter(|_| !from_shared)
            {
                Some(i) => drop(private.remove(i)),
                None => {
                    if let Some(i) = shared.iter().position(|&t| t == gone) {
                        shared.remove(i);
                    }
                }
            }
        }
        private
    });
    let mut private = private;
    for m in 0..2 {
        for came in minus(now[m], old.keys.storage(m)) {
            let (vines_private, vines_shared) = vines[m];
            let spill = old.spills_private && shared.len() + vines_shared >= SHARED_STORAGE;
            match (private[m].len() + vines_private < PRIVATE_STORAGE || spill)
                && !chosen.came_shared
            {
                true => private[m].push(came),
                false => shared.push(came),
            }
        }
    }
    (private, shared)
}

/// Both members of a team hold the same shared things; each storage is at most 2
/// private tiles followed by the team's shared ones, at most 2.
/// With the shields, shield 4's unlimited key spaces lift a limit (`unlimited`:
/// the shared ones', the private ones'; `Burgundy::storage_limits`).
fn check_members(
    x: &Player,
    y: &Player,
    shared: &[Tile],
    unlimited: (bool, bool),
) -> Result<(), String> {
    let same = x.spaces == y.spaces
        && (x.silver, x.workers, x.goods, x.sold) == (y.silver, y.workers, y.goods, y.sold)
        && x.bonus_tiles == y.bonus_tiles;
    if !same {
        return Err("both members hold the same board, silver, workers, goods, sold goods and bonus tiles (they share them, seed 000 line 805)".into());
    }
    if shared.len() > SHARED_STORAGE && !unlimited.0 {
        return Err(format!(
            "{} tiles on the {SHARED_STORAGE} shared key spaces",
            shared.len()
        ));
    }
    for p in [x, y] {
        let private = p.storage.len().checked_sub(shared.len());
        let ends_shared = private.is_some_and(|n| p.storage[n..] == *shared);
        let over = private.is_some_and(|n| n > PRIVATE_STORAGE && !unlimited.1);
        if !ends_shared || over {
            return Err(format!("a member's storage is its {PRIVATE_STORAGE} private key spaces followed by the team's shared ones"));
        }
    }
    Ok(())
}
