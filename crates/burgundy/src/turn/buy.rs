//! The once-per-turn purchase from the black depot (seed 000, "O DEPÓSITO
//! PARALELO"), and knowledge tile 6 in both editions.

use super::Sink;
use crate::action::{Action, Event, BLACK};
use crate::config::{Edition, InnPurchase};
use crate::knowledge::Knowledge;
use crate::sets::{ColourSet, Depot};
use crate::state::*;
use crate::tile::{distinct, Colour, Tile};
use tabuleiro_core::Seat;

/// Knowledge tile 6 of the Special Edition takes a building.
const BUILDINGS: ColourSet = ColourSet::of(&[Colour::Building]);

impl Burgundy {
    /// The black-depot purchase and knowledge tile 6, available at any point of the turn
    /// between die actions. Always inlined: most of the time a seat short of 2 silver
    /// without knowledge tiles 6 and 28 or a shield has nothing to list, told in a few
    /// tests before the listing's call (issue 46).
    #[inline(always)]
    pub(super) fn purchases(&self, turn: &Turn, out: &mut impl Sink) {
        // A phase end's placement (shields 14 and 15) is no turn: nothing is bought.
        if turn.phase_end {
            return;
        }
        let p = self.player(turn.seat);
        // Knowledge tile 6 lets workers pay, 28 hires them for 1 silver; shield 6
        // lends another duchy's knowledge tiles, and its choice is listed here.
        let tiles = Knowledge::Purchase.mask() | Knowledge::HireWorkers.mask();
        let shields = self.modules.shield6.is_some() || !self.modules.shields.is_empty();
        if p.silver < 2 && p.spaces.knowledge_mask() & tiles == 0 && !shields {
            return;
        }
        self.purchases_listed(turn, out);
    }

    /// [`Burgundy::purchases`] once a purchase may be listed.
    fn purchases_listed(&self, turn: &Turn, out: &mut impl Sink) {
        self.shield6_choices(turn, out);
        let p = self.player(turn.seat);
        let k6 = self.knows(turn.seat, Knowledge::Purchase);
        // Every purchase costs 2 silver, workers paying a part where they may: a seat
        // short of that buys nothing, told at once (issue 18: the common case).
        if p.silver + self.worker_pay(p, k6) >= 2 {
            if !self.purchase_spent(turn) {
                self.buys(p, k6, out);
                self.vine_buys(turn, out);
            }
            // `rules.inn_purchase: besides` (digest A14): an inn is no turn's purchase.
            if self.config.rules.inn_purchase == InnPurchase::Besides {
                self.inn_buys(p, k6, out);
            }
        }
        // Knowledge tile 28 (seed 000 line 716): "a qualquer momento, comprar 2
        // trabalhadores do suprimento pagando 1 peça de prata", on the seat's turn.
        if self.knows(turn.seat, Knowledge::HireWorkers) && p.silver >= 1 {
            out.push(Action::HireWorkers);
        }
        if k6 && self.config.edition == Edition::Special && !turn.knowledge6 && p.workers >= 2 {
            for depot in 1..=6u8 {
                self.depot_tiles_of(depot, BUILDINGS, |depot, tile| {
                    out.push(Action::Knowledge6 { depot, tile })
                });
            }
        }
    }

    /// Purchases for 2 silver; with knowledge tile 6 of the classic edition, paid in
    /// part with workers and from the numbered depots too.
    fn buys(&self, p: &Player, k6: bool, out: &mut impl Sink) {
        let numbered = k6 && self.config.edition == Edition::Classic;
        for workers in 0..self.worker_pay(p, k6) + 1 {
            if p.silver + workers < 2 {
                continue;
            }
            let last = if numbered { 6 } else { BLACK };
            for depot in BLACK..last + 1 {
                for tile in distinct(self.depot_tiles(Depot::of(depot))) {
                    out.push(Action::Buy {
                        depot,
                        tile,
                        workers: workers as u8,
                    });
                }
            }
        }
        if self.config.rules.inn_purchase == InnPurchase::TurnPurchase {
            self.inn_buys(p, k6, out);
        }
    }

    /// How many workers may pay for a purchase: with knowledge tile 6 of the
    /// classic edition up to 2, else none.
    #[inline]
    fn worker_pay(&self, p: &Player, k6: bool) -> u32 {
        match k6 && self.config.edition == Edition::Classic {
            true => p.workers.min(2),
            false => 0,
        }
    }

    /// Buying an inn from the inn space (seed 000 line 762: "Assim como qualquer
    /// outra peça do depósito paralelo, uma estalagem pode ser comprada pagando 2
    /// peças de prata"): `buy black inn`, paid as a black-depot tile is.
    fn inn_buys(&self, p: &Player, k6: bool, out: &mut impl Sink) {
        if self.modules.inns == 0 {
            return;
        }
        for workers in 0..=self.worker_pay(p, k6) {
            if p.silver + workers >= 2 {
                out.push(Action::Buy {
                    depot: BLACK,
                    tile: Tile::INN,
                    workers: workers as u8,
                });
            }
        }
    }

    pub(super) fn buy(
        &mut self,
        seat: Seat,
        depot: u8,
        tile: Tile,
        workers: u8,
        events: &mut Vec<Event>,
    ) {
        let inn = tile == Tile::INN;
        match inn {
            true => self.modules.inns -= 1,
            false => self.remove_from_depot(Depot::of(depot), tile),
        }
        let p = &mut self.players[seat as usize];
        let silver = 2 - workers as u32;
        p.silver -= silver;
        p.workers -= workers as u32;
        if !inn || self.config.rules.inn_purchase == InnPurchase::TurnPurchase {
            self.turn_mut().bought = true;
        }
        events.push(Event::Bought {
            seat,
            depot,
            tile,
            silver,
            workers: workers as u32,
        });
        self.store_tile(seat, tile);
    }

    pub(super) fn knowledge6(
        &mut self,
        seat: Seat,
        depot: u8,
        tile: Tile,
        events: &mut Vec<Event>,
    ) {
        self.remove_from_depot(Depot::of(depot), tile);
        self.players[seat as usize].workers -= 2;
        self.turn_mut().knowledge6 = true;
        events.push(Event::TookTile { seat, depot, tile });
        self.store_tile(seat, tile);
    }

    pub(super) fn hire_workers(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.silver -= 1;
        p.workers += 2;
        events.push(Event::HiredWorkers {
            seat,
            workers: 2,
            silver: 1,
        });
        self.workers_gained(seat, 2, events);
    }
}
