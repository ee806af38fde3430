//! The AutoDuke with the vineyards (seed 000 lines 1246-1281, seed 002 lines
//! 1294-1329): no vineyard board and no vine bonus tiles; a hexamino symbol covered
//! on a village card takes a hexamino from the vine depot, its purchase is a vine
//! shop hexamino while one is left, and its pile scores by its count at the end.

use crate::action::Event;
use crate::modules::Module;
use crate::state::Burgundy;

impl Burgundy {
    /// Seed 000 line 1264 (002 line 1311): the hexamino at the vine depot position
    /// of the white die (with 2-3 players the position whose two die values hold
    /// it), else the next occupied one to the right, wrapping to the first; the
    /// depot empty, the bonus is lost. Onto its pile beside its duchy.
    pub(super) fn auto_duke_take_hexamino(&mut self, events: &mut Vec<Event>) {
        let white = self.white;
        let start = self
            .vine_depot_slots()
            .iter()
            .copied()
            .find(|&slot| self.vine_slot_fits(slot, Some(white)))
            .unwrap_or(1);
        let Some(v) = self.modules.vineyards.as_mut() else {
            return;
        };
        let found = (0..6)
            .map(|i| (start as usize - 1 + i) % 6)
            .find(|&p| v.depot[p].is_some());
        let Some(p) = found else {
            return events.push(Event::AutoDukeNoHexamino {});
        };
        let vine = v.depot[p].take().expect("found");
        self.ad_mut().hexaminoes.push(vine);
        events.push(Event::AutoDukeHexamino {
            position: p as u8 + 1,
            vine,
        });
    }

    /// Seed 000 lines 1268-1272 (002 lines 1315-1320): with the vineyards, its
    /// purchase (2 silver) is a vine shop hexamino instead of a black-depot tile:
    /// with several positions the white die's (1-2 left, 3-4 centre, 5-6 right),
    /// else the next to the right, wrapping to the left. False when the shop is
    /// empty (or no vineyards): it buys from the black depot as usual.
    pub(super) fn auto_duke_buy_hexamino(&mut self, events: &mut Vec<Event>) -> bool {
        if !self.config.modules.contains(Module::Vineyards) {
            return false;
        }
        let wanted = match self.vine_shop_size() {
            1 => 1,
            _ => self.white.div_ceil(2),
        };
        let Some(v) = self.vineyards() else {
            return false;
        };
        let at = v.shop_positions();
        let Some(i) = at
            .iter()
            .position(|&p| p >= wanted)
            .or((!at.is_empty()).then_some(0))
        else {
            return false;
        };
        let vine = self.take_from_shop_at(i);
        let ad = self.ad_mut();
        ad.silver -= 2;
        ad.hexaminoes.push(vine);
        events.push(Event::AutoDukeBoughtHexamino { vine });
        true
    }

    /// Seed 000 lines 1276-1281: 1, 3, 6, ... 91 VP for 13 or more hexaminoes.
    pub(super) fn auto_duke_hexaminoes_final(&mut self, events: &mut Vec<Event>) {
        let count = self.ad().hexaminoes.len();
        let vp = self.content().auto_duke.hexamino_vp(count);
        if vp > 0 {
            self.ad_mut().vp += vp;
            events.push(Event::AutoDukeHexaminoesFinal {
                hexaminoes: count.min(u8::MAX as usize) as u8,
                vp,
            });
        }
    }
}
