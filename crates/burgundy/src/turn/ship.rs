//! A placed ship takes the goods of one depot (seed 000, "Navio"); knowledge tile 5
//! also those of a depot next to it.

use super::Sink;
use crate::action::{Action, Event};
use crate::config::ShipDepot;
use crate::knowledge::Knowledge;
use crate::sets::GoodsSet;
use crate::state::*;
use tabuleiro_core::Seat;

impl Burgundy {
    /// The goods sets a ship may take from `depot`: types already held always stack;
    /// new types only fill free goods spaces (seed 000, "Navio": what does not fit stays).
    pub fn ship_masks(&self, seat: Seat, depot: u8) -> Vec<GoodsSet> {
        let mut masks = Vec::new();
        self.each_ship_mask(seat, depot, |m| masks.push(m));
        masks
    }

    /// [`Burgundy::ship_masks`], one at a time (no list is built).
    fn each_ship_mask(&self, seat: Seat, depot: u8, mut each: impl FnMut(GoodsSet)) {
        let held = GoodsSet::held(&self.player(seat).goods);
        let here = GoodsSet::held(&self.depot_goods[depot as usize - 1]);
        let new = here.without(held);
        let slots = self.goods_slots();
        let free = slots - held.len().min(slots);
        if new.len() <= free {
            return each(here);
        }
        let kept = here.intersection(held);
        new.subsets_of_size(free).for_each(|m| each(kept.union(m)));
    }

    /// Every way to take goods from these depots.
    pub(super) fn ship_choices(
        &self,
        seat: Seat,
        depots: impl IntoIterator<Item = u8>,
        out: &mut impl Sink,
    ) {
        for depot in depots {
            self.each_ship_mask(seat, depot, |goods| {
                out.push(Action::Ship {
                    depot,
                    goods: goods.mask(),
                })
            });
        }
    }

    pub(super) fn ship(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        depot: u8,
        goods: u8,
        events: &mut Vec<Event>,
    ) {
        let chosen = GoodsSet::from_mask(goods);
        let d = depot as usize - 1;
        let mut taken = [0u8; 6];
        for (t, n) in (1..=6u8).zip(taken.iter_mut()) {
            if chosen.contains(t) {
                let i = t as usize - 1;
                *n = self.depot_goods[d][i];
                self.depot_goods[d][i] = 0;
                self.players[seat as usize].goods[i] += *n;
            }
        }
        events.push(Event::TookGoods {
            seat,
            depot,
            goods: taken,
        });
        // Knowledge tile 5: also the goods of a depot next to the chosen one; the
        // marker moves once all goods are taken (seed 000 line 362: "Em seguida").
        if pending == Some(Pending::ShipGoods) && self.knows(seat, Knowledge::ShipAdjacent) {
            self.turn_mut()
                .pending
                .push(Pending::ShipAdjacent { chosen: depot });
        } else {
            self.ship_goods_taken(seat, events);
        }
    }

    /// The ship's goods (and knowledge tile 5's) are taken. Shield 5 (seed 000 line
    /// 900) may add a goods type from all six depots; then the marker moves.
    pub(super) fn ship_goods_taken(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let mut any = super::Choices::default();
        self.shield_goods(seat, &mut any);
        match any.0 {
            0 => self.ship_done(seat, events),
            _ => self.turn_mut().pending.push(Pending::ShieldGoods),
        }
    }

    /// The depots a ship (or knowledge tile 5) may choose among `candidates`: all of
    /// them, or with [`ShipDepot::WithGoods`] those holding goods while any does.
    pub(super) fn ship_depots<const N: usize>(
        &self,
        candidates: [u8; N],
    ) -> impl Iterator<Item = u8> + '_ {
        let holds = move |d: u8| self.depot_goods[d as usize - 1].iter().any(|&g| g > 0);
        let only_with_goods = self.config.rules.ship_depot == ShipDepot::WithGoods
            && candidates.iter().any(|&d| holds(d));
        candidates
            .into_iter()
            .filter(move |&d| !only_with_goods || holds(d))
    }

    /// The two depots next to `chosen` on the ring 1-2-3-4-5-6-1 (knowledge tile 5).
    pub(super) fn adjacent_depots(chosen: u8) -> [u8; 2] {
        [chosen % 6 + 1, (chosen + 4) % 6 + 1]
    }
}
