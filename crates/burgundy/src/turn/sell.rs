//! Selling goods (seed 000, "Vender mercadorias"), with a die or a warehouse.

use super::Sink;
use crate::action::{Action, Event, ScoreReason};
use crate::config::Shield9;
use crate::knowledge::Knowledge;
use crate::modules::shield;
use crate::state::*;
use tabuleiro_core::Seat;

impl Burgundy {
    /// Sales of each goods type held whose number fits `value` (None: any type, as
    /// for a warehouse).
    pub(super) fn sales(&self, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        let p = self.player(seat);
        // A die sells the one type of its number (no knowledge tile turns it for a
        // sale, seed 000 "Vender mercadorias"); a warehouse any type held.
        let types = match value {
            Some(v @ 1..=6) => v..v + 1,
            Some(_) => 0..0,
            None => 1..7,
        };
        for t in types {
            if p.goods[t as usize - 1] > 0 {
                out.push(Action::Sell { goods: t });
            }
        }
    }

    /// Sell all goods of one type: 1 silver (2 with knowledge tile 3, and a worker with
    /// tile 4) and 2/3/4 VP per good (seed 000, "Vender mercadorias").
    pub(super) fn sell(&mut self, seat: Seat, goods: u8, events: &mut Vec<Event>) {
        // Shield 12 (seed 000 line 907): "dobre a quantidade de pontos de vitória
        // recebida para cada mercadoria que você vende".
        let factor = 1 + self.holds_shield(seat, shield::SALE_VP_DOUBLE) as i32;
        let vp_each = self.config.sale_vp() * factor;
        // Shield 9 (line 904): "1 peça de prata para cada mercadoria que você vende
        // (em vez de 1 peça de prata para cada tipo de mercadoria)"; knowledge tile
        // 3's extra silver a sale stays, or not (`rules.shield9`, digest A23).
        let per_good = self.holds_shield(seat, shield::SILVER_PER_GOOD);
        let k3 = self.knows(seat, Knowledge::SaleSilver) as u32;
        let workers = self.knows(seat, Knowledge::SaleWorker) as u32;
        let p = &mut self.players[seat as usize];
        let t = goods as usize - 1;
        let count = p.goods[t];
        p.goods[t] = 0;
        p.sold[t] += count;
        let silver = match (per_good, self.config.rules.shield9) {
            (true, Shield9::ShieldOnly) => count as u32,
            (true, Shield9::AddsToKnowledge) => count as u32 + k3,
            (false, _) => 1 + k3,
        };
        p.silver += silver;
        p.workers += workers;
        events.push(Event::Sold { seat, goods, count });
        events.push(Event::Gained {
            seat,
            silver,
            workers,
        });
        self.workers_gained(seat, workers, events);
        let vp = vp_each * count as i32;
        self.score(seat, vp, ScoreReason::Sale { count }, events);
        // Trade routes (seed 000 line 774): the goods go onto the route.
        self.lay_on_route(seat, goods, count, events);
    }
}
