//! Taking a tile from a depot into storage, and discarding when storage is full
//! (seed 000, "Pegar uma peça").

use super::Sink;
use crate::action::{Action, Event};
use crate::sets::{ColourSet, Depot};
use crate::state::*;
use crate::tile::{distinct, Tile};
use tabuleiro_core::Seat;

impl Burgundy {
    /// Takes from numbered depot `depot` of a tile of these colours, one per kind.
    pub(super) fn depot_takes(&self, depot: u8, colours: ColourSet, out: &mut impl Sink) {
        self.depot_tiles_of(depot, colours, |depot, tile| {
            out.push(Action::Take { depot, tile })
        });
    }

    /// Each kind of tile of these colours in numbered depot `depot`, once.
    pub(super) fn depot_tiles_of(
        &self,
        depot: u8,
        colours: ColourSet,
        mut each: impl FnMut(u8, Tile),
    ) {
        for tile in distinct(&self.depots[depot as usize - 1]) {
            if colours.contains(tile.colour()) {
                each(depot, tile);
            }
        }
    }

    /// Discards of one held tile of each kind.
    /// In the team game a kind held on both the private and the shared key spaces
    /// is offered from each (the shared one second).
    pub(super) fn discards(&self, seat: Seat, out: &mut impl Sink) {
        let team = self.modules.team.is_some();
        for tile in distinct(&self.player(seat).storage) {
            out.push(Action::Discard {
                tile,
                shared: false,
            });
            if team && self.leaves_either(seat, tile) {
                out.push(Action::Discard { tile, shared: true });
            }
        }
    }

    pub(super) fn take(&mut self, seat: Seat, depot: u8, tile: Tile, events: &mut Vec<Event>) {
        self.remove_from_depot(Depot::of(depot), tile);
        events.push(Event::TookTile { seat, depot, tile });
        self.store_tile(seat, tile);
    }

    pub(crate) fn remove_from_depot(&mut self, depot: Depot, tile: Tile) {
        let tiles = self.depot_tiles_mut(depot);
        let i = tiles
            .iter()
            .position(|&t| t == tile)
            .expect("checked legal");
        tiles.remove(i);
    }

    /// A tile always goes to storage first; with storage full, one held tile must be
    /// discarded (seed 000, "Pegar uma peça"). Digest A11: the same for building effects
    /// and purchases.
    pub(crate) fn store_tile(&mut self, seat: Seat, tile: Tile) {
        let unlimited = self.unlimited_storage(seat);
        if self.key_spaces_used(seat) < self.storage_capacity() || unlimited {
            // The team game: the player chooses the key space where both have room.
            if self.modules.team.is_some() {
                return self.team_store_tile(seat, tile);
            }
            self.players[seat as usize].storage.push(tile);
        } else {
            self.turn_mut()
                .pending
                .push(Pending::Discard { incoming: tile });
        }
    }

    /// The team game's tile entering storage with room for it: it waits for the
    /// player's choice where both key spaces have room, else goes in (the merge
    /// files it). Out of the base game's way.
    #[cold]
    #[inline(never)]
    fn team_store_tile(&mut self, seat: Seat, tile: Tile) {
        match self.key_space_choice(seat) {
            true => self
                .turn_mut()
                .pending
                .push(Pending::KeySpace { incoming: tile }),
            false => self.players[seat as usize].storage.push(tile),
        }
    }

    /// The discarded tile leaves the game; the incoming one takes its place.
    pub(super) fn discard(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        tile: Tile,
        events: &mut Vec<Event>,
    ) {
        let i = self.stored_at(seat, tile);
        self.discard_at(seat, pending, i, events);
    }

    /// Where `tile` lies in `seat`'s storage: the first such tile (the base game's
    /// key spaces are one; the team game's choice is [`Burgundy::team_leaving`]).
    /// A legal decision names a tile held.
    #[inline(always)]
    pub(crate) fn stored_at(&self, seat: Seat, tile: Tile) -> usize {
        let storage = &self.players[seat as usize].storage;
        storage.iter().position(|&t| t == tile).expect("legal")
    }

    /// The team game: the discarded tile leaves the key space `shared` names, as in
    /// [`Action::Discard`] (out of the base game's way).
    #[cold]
    #[inline(never)]
    pub(super) fn team_discard(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        (tile, shared): (Tile, bool),
        events: &mut Vec<Event>,
    ) {
        let i = self.team_leaving(seat, tile, shared);
        self.discard_at(seat, pending, i, events);
    }

    /// The tile at `i` in `seat`'s storage leaves the game; the incoming one takes
    /// its place. Always inlined: the base game's discard is as before the team
    /// game's key spaces (issue 15, its speed).
    #[inline(always)]
    fn discard_at(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        i: usize,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::Discard { incoming }) = pending else {
            unreachable!("legal")
        };
        let tile = std::mem::replace(&mut self.players[seat as usize].storage[i], incoming);
        self.boxed.add(tile);
        if tile == Tile::Castle {
            self.castles_discarded(1, true);
        }
        events.push(Event::Discarded { seat, tile });
    }
}
