//! The AutoDuke with the trading posts and the shields (seed 000 lines 1225-1242,
//! seed 002 lines 1273-1288): the symbols on its village cards, read when a card is
//! completed. The symbols' cards are the data file's provisional ones.

use super::{AutoDuke, AutoDukeData};
use crate::action::Event;
use crate::error::{Error, Result};
use crate::modules::Module;
use crate::state::{Burgundy, PHASE_BONUS};

impl AutoDuke {
    /// Its completed cards that show a trading-post symbol.
    pub(crate) fn trading_post_cards(&self, data: &AutoDukeData) -> usize {
        let shows = |n: u8| data.card(n).is_some_and(|c| c.trading_post);
        self.completed.iter().filter(|&&n| shows(n)).count()
    }
}

impl Burgundy {
    /// Card `number` completed (and discarded): its symbols' effects.
    pub(super) fn auto_duke_symbols(&mut self, number: u8, events: &mut Vec<Event>) {
        let Some(card) = self.content().auto_duke.card(number) else {
            return;
        };
        let (trading_post, shield) = (card.trading_post, card.shield);
        if trading_post && self.config.modules.contains(Module::TradingPosts) {
            self.auto_duke_trading_post(events);
        }
        if shield && self.config.modules.contains(Module::Shields) {
            self.auto_duke_shield(events);
        }
    }

    /// Seed 000 lines 1235-1237 (002 lines 1283-1285): a shield from the board, from
    /// the white die's depot clockwise, the lowest-numbered in that depot; face down
    /// beside its board: no ability, no tribute. None left: nothing.
    fn auto_duke_shield(&mut self, events: &mut Vec<Event>) {
        let depots = &self.modules.shield_depots;
        let found = self
            .ad_depots_from(self.white)
            .find_map(|d| Some((d, *depots[d].iter().min()?)));
        let Some((d, shield)) = found else {
            return events.push(Event::AutoDukeNoShield {});
        };
        self.modules.shield_depots[d].retain(|&s| s != shield);
        self.ad_mut().shields.push(shield);
        events.push(Event::AutoDukeShield {
            depot: d as u8 + 1,
            shield,
        });
    }

    /// Seed 000 lines 1238-1242: 1 = 8, 2 = 15, 3 = 25, 4 or more = 40 VP.
    pub(super) fn auto_duke_shields_final(&mut self, shields: usize, events: &mut Vec<Event>) {
        let vp = [0, 8, 15, 25, 40][shields.min(4)];
        if vp > 0 {
            self.ad_mut().vp += vp;
            events.push(Event::AutoDukeShieldsFinal {
                shields: shields as u8,
                vp,
            });
        }
    }

    /// Seed 000 lines 1227-1228 (002 lines 1275-1276): the second trading-post card
    /// completed scores the phase bonus (10/8/6/4/2); the third takes the 5/6/7 VP
    /// trading-post tile if it is left, otherwise the 2/3/4 VP one if it is left.
    /// Nothing more: the third card scores no phase bonus, a fourth nothing.
    fn auto_duke_trading_post(&mut self, events: &mut Vec<Event>) {
        let cards = self.ad().trading_post_cards(&self.content().auto_duke);
        if cards == 2 {
            let vp = PHASE_BONUS[self.phase.min(4) as usize];
            self.ad_mut().vp += vp;
            return events.push(Event::AutoDukeTradingPostBonus { vp });
        }
        if cards != 3 {
            return;
        }
        let taken = self.trading_post_tiles_taken();
        if taken >= 2 {
            return events.push(Event::AutoDukeTradingPostTileGone {});
        }
        let vp = self.config.bonus_vp(taken == 0);
        let ad = self.ad_mut();
        ad.trading_post_tile = Some(taken as u8 + 1);
        ad.vp += vp;
        events.push(Event::AutoDukeTradingPostTile { vp });
    }

    /// A position's AutoDuke trading-post tile: with the module, after its third
    /// trading-post card; the 2/3/4 one only when a seat took the 5/6/7 one.
    pub(super) fn validate_auto_duke_trading_post(&self, ad: &AutoDuke) -> Result<()> {
        let Some(tile) = ad.trading_post_tile else {
            return Ok(());
        };
        let module = self.config.modules.contains(Module::TradingPosts);
        let after_third = ad.trading_post_cards(&self.content().auto_duke) >= 3;
        let order = tile == 1 || (tile == 2 && !self.modules.trading_post_tiles.is_empty());
        match module && after_third && order {
            true => Ok(()),
            false => Err(Error::Position(
                "the AutoDuke's trading-post tile (1 or 2) is taken with the module at its third trading-post card, the 2nd tile after a seat's".into(),
            )),
        }
    }
}
