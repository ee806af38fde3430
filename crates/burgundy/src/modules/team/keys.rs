//! The key space a tile goes to or leaves, the player's choice (seed 000 line 803
//! "cada time tem 2 espaços chave compartilhados (...) e cada jogador tem 2 espaços
//! chave exclusivos"; 002 line 837, 001 lines 1019-1020). A tile entering storage
//! when both the seat's private key spaces and the team's shared ones have room
//! waits for [`Action::KeySpace`] ([`Pending::KeySpace`]); a tile leaving storage
//! when both hold its kind is placed or discarded with `shared` saying which.
//! Tiles never move between them afterwards (000 line 807 "As peças não podem ser
//! movidas entre os depósitos").

use super::{PRIVATE_STORAGE, SHARED_STORAGE};
use crate::action::{Action, Event};
use crate::state::{Burgundy, Pending};
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use tabuleiro_core::Seat;

/// The key spaces the player chose in the step being applied, for
/// [`Burgundy::team_merge`] to file the tiles by (cleared after each step; never
/// in a position file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChosenKeySpaces {
    /// The tile that came in went to the team's shared key spaces.
    pub came_shared: bool,
    /// The tile that left, left the team's shared key spaces.
    pub left_shared: bool,
}

impl Burgundy {
    /// `seat`'s private key spaces and its team's shared ones (the team game): its
    /// storage, private tiles first.
    pub(crate) fn key_spaces(&self, seat: Seat) -> Option<(&[Tile], &[Tile])> {
        let team = self.modules.team.as_ref()?;
        let shared = &team.shared[team.team_of(seat).0];
        let storage = &self.players[seat as usize].storage;
        let private = storage.len().saturating_sub(shared.len());
        Some((&storage[..private], shared))
    }

    /// Does a tile entering `seat`'s storage ask which key space? Only in the team
    /// game, with room on both the seat's private key spaces and the team's shared
    /// ones. The team's shield 4 lifts the shared ones' limit; a member's own
    /// (`rules.team_shields: member`) lifts its private ones', which then fill first
    /// and take what the shared ones have no room for (`team_storage`), so it asks
    /// only while both are under their printed limit.
    pub(crate) fn key_space_choice(&self, seat: Seat) -> bool {
        let Some((private, shared)) = self.key_spaces(seat) else {
            return false;
        };
        let teams_shield_4 =
            !self.members_shields() && self.either_member(seat, |s| self.unlimited_storage(s));
        // Hexaminoes take key spaces too (module `vineyards`).
        let (vines_private, vines_shared) = self.vine_spaces(seat);
        private.len() + vines_private < PRIVATE_STORAGE
            && (shared.len() + vines_shared < SHARED_STORAGE || teams_shield_4)
    }

    /// Does `tile` leaving `seat`'s storage ask which key space? Only when both the
    /// seat's private key spaces and the team's shared ones hold one.
    pub(crate) fn leaves_either(&self, seat: Seat, tile: Tile) -> bool {
        self.key_spaces(seat)
            .is_some_and(|(private, shared)| private.contains(&tile) && shared.contains(&tile))
    }

    /// The key space choices for the tile waiting to enter storage: private first.
    pub(crate) fn key_space_choices(out: &mut impl crate::turn::Sink) {
        out.push(Action::KeySpace { shared: false });
        out.push(Action::KeySpace { shared: true });
    }

    /// A key space question that is no longer one (a step took the room on one side
    /// while it waited under another decision, or a second tile taken in the same
    /// step found the first in its place): the tile goes where there is room, or
    /// waits for a discard ([`Burgundy::store_tile`]).
    pub(crate) fn key_space_settled(&mut self) {
        while self.key_space_moot() {
            let Some(turn) = self.turn() else { return };
            let seat = turn.seat;
            let Some(Pending::KeySpace { incoming }) = turn.pending.last().copied() else {
                return;
            };
            if let crate::state::Stage::Turn(t) = &mut self.stage {
                t.pending.pop();
            }
            self.store_tile(seat, incoming);
        }
    }

    /// Does the turn wait for a key space question that is no longer one?
    pub(crate) fn key_space_moot(&self) -> bool {
        self.turn().is_some_and(|t| {
            matches!(t.pending.last(), Some(Pending::KeySpace { .. }))
                && !self.key_space_choice(t.seat)
        })
    }

    /// The tile waiting to enter storage goes to the key space chosen.
    #[cold]
    #[inline(never)]
    pub(crate) fn keep_in_key_space(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        shared: bool,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::KeySpace { incoming }) = pending else {
            unreachable!("legal")
        };
        let at = self.index_in(seat, shared, None);
        self.players[seat as usize].storage.insert(at, incoming);
        if let Some(team) = self.modules.team.as_mut() {
            let t = team.team_of(seat).0;
            team.chosen.came_shared = shared;
            if shared {
                team.shared[t].push(incoming);
            }
        }
        events.push(Event::KeySpaceChosen {
            seat,
            tile: incoming,
            shared,
        });
    }

    /// Where in `seat`'s storage a tile goes (`tile` None) or where `tile` is taken
    /// from: the private key spaces, or with `shared` the team's shared ones; outside
    /// the team game, the end or the first such tile.
    fn index_in(&self, seat: Seat, shared: bool, tile: Option<Tile>) -> usize {
        let storage = &self.players[seat as usize].storage;
        let private = self.key_spaces(seat).map_or(0, |(p, _)| p.len());
        let (from, to) = match (self.modules.team.is_some(), shared) {
            (true, false) => (0, private),
            (true, true) => (private, storage.len()),
            (false, _) => (0, storage.len()),
        };
        match tile {
            None => to,
            Some(tile) => {
                let found = storage[from..to].iter().position(|&t| t == tile);
                // Not on the key spaces named: wherever it lies (a legal decision
                // names a tile held; the private ones are looked at first).
                let anywhere = || storage.iter().position(|&t| t == tile);
                found.map(|i| from + i).or_else(anywhere).expect("legal")
            }
        }
    }

    /// Where in `seat`'s storage `tile` leaves from (the team game): the private key
    /// spaces when they hold one (unless `shared`), else the team's shared ones,
    /// which lose it (the merge is told: [`ChosenKeySpaces::left_shared`]). Out of
    /// the base game's way, which takes the first such tile.
    #[cold]
    #[inline(never)]
    pub(crate) fn team_leaving(&mut self, seat: Seat, tile: Tile, shared: bool) -> usize {
        let held_private = self
            .key_spaces(seat)
            .is_some_and(|(p, _)| p.contains(&tile));
        let shared = shared || !held_private;
        let at = self.index_in(seat, shared, Some(tile));
        if let Some(team) = self.modules.team.as_mut() {
            let t = team.team_of(seat).0;
            if let Some(i) = team.shared[t]
                .iter()
                .position(|&s| s == tile)
                .filter(|_| shared)
            {
                team.shared[t].remove(i);
                team.chosen.left_shared = true;
            }
        }
        at
    }
}
