//! The four main actions (seed 003 L354-522): where they may be taken, what they cost
//! in icons, how they are funded (board icons with Criminals wild, resources, substitute
//! abilities, one dismissed villager), and what they do.

use crate::action::{Funding, Main};
use crate::board::{self, Kind};
use crate::content::{Building, Content};
use crate::effect::{Effect, Icon, Icons, MainKind, Res};
use crate::error::{Refusal, Result};
use crate::rules::refuse;
use crate::state::{Cause, Effects, Task, Viscounts};
use tabuleiro_core::Seat;

/// What a funded action costs the player, once checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bill {
    pub silver: u16,
    pub res: [u16; 3],
}

/// A funding's icons and costs before resources buy the icons still missing
/// ([`Viscounts::tally`]): the same for every number of resources paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tally {
    /// The board's matching icons and Criminals (wild, L266-270), with the dismissal's.
    free: u8,
    /// The icons the substitutes' uses give.
    gives: u8,
    /// The fewest icons one use of a used substitute gives (`u8::MAX` with none used).
    least_use: u8,
    bill: Bill,
}

impl Tally {
    /// The icons the funding gathers before resources buy any.
    pub(crate) fn icons(&self) -> u8 {
        self.free.saturating_add(self.gives)
    }
}

/// The villager that may be dismissed at a seat's segment, as a funding counts it
/// (seed 003 L383-387): its icons, its Silver value, and whether it is the segment's
/// printed villager (the stack being empty, L527).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dismissal {
    pub icons: Icons,
    pub silver: u8,
    pub printed: bool,
}

/// What every funding of a main action draws on alike: the icons on the seat's board
/// and the villager it may dismiss. Listing the main actions checks many fundings
/// against the same board, so they are read once ([`Viscounts::means`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Means {
    pub icons: Icons,
    pub dismissal: Dismissal,
}

impl Main {
    pub fn kind(&self) -> MainKind {
        match self {
            Main::Trade { .. } => MainKind::Trade,
            Main::Build { .. } => MainKind::Build,
            Main::PlaceWorkers { .. } => MainKind::PlaceWorkers,
            Main::Transcribe => MainKind::Transcribe,
        }
    }
}

/// The resource that buys a missing icon (L356-370); Trade is bought with Silver.
pub(crate) fn funding_resource(k: MainKind) -> Option<Res> {
    match k {
        MainKind::Trade => None,
        MainKind::Build => Some(Res::Stone),
        MainKind::PlaceWorkers => Some(Res::Gold),
        MainKind::Transcribe => Some(Res::Ink),
    }
}

impl Viscounts {
    /// The villager that may be dismissed at the seat's segment: the stack's top, or the
    /// printed card once the stack is empty (L527), as (icons, silver value, effects).
    pub fn dismissable(&self, seat: Seat) -> (Icons, u8, &'static [Effect], bool) {
        let d = self.dismissal(seat);
        (d.icons, d.silver, self.dismissal_effects(seat), d.printed)
    }

    /// What a funding draws on from the villager that may be dismissed (L385-387).
    pub fn dismissal(&self, seat: Seat) -> Dismissal {
        let pos = board::pos_of(self.p(seat).space);
        match self.villagers[pos as usize].top {
            Some(card) => {
                let v = Content::get().villager(card);
                Dismissal {
                    icons: v.icons,
                    silver: v.silver,
                    printed: false,
                }
            }
            None => {
                let p = &self.segment(pos).printed_villager;
                Dismissal {
                    icons: p.icons,
                    silver: p.silver,
                    printed: true,
                }
            }
        }
    }

    /// The top-right effects of the villager that may be dismissed (L387, L447).
    fn dismissal_effects(&self, seat: Seat) -> &'static [Effect] {
        let pos = board::pos_of(self.p(seat).space);
        match self.villagers[pos as usize].top {
            Some(card) => Content::get()
                .villager(card)
                .hire_dismiss
                .as_ref()
                .map_or(&[], |h| h.effects.as_slice()),
            None => &self.segment(pos).printed_villager.hire_dismiss,
        }
    }

    /// What every funding of a main action at the seat's space draws on alike.
    pub fn means(&self, seat: Seat) -> Means {
        Means {
            icons: self.board_icons(seat),
            dismissal: self.dismissal(seat),
        }
    }

    /// Icons an action needs, or why it cannot be taken here.
    pub fn need(&self, seat: Seat, main: &Main) -> Result<u8> {
        let c = Content::get();
        let p = self.p(seat);
        let outer = self.outer(seat);
        let pos = board::pos_of(p.space);
        match *main {
            Main::Trade { times } => {
                if !outer {
                    return refuse(Refusal::WrongPath);
                }
                if times == 0 {
                    return refuse(Refusal::NoSuchOption);
                }
                Ok(self.trade_here(seat).merchant.saturating_mul(times))
            }
            Main::Build { building, spot } => {
                if !outer {
                    return refuse(Refusal::WrongPath);
                }
                if p.built[building as usize] >= 3 {
                    return refuse(Refusal::NoBuildingLeft);
                }
                if spot as usize >= self.segment(pos).spots.len() {
                    return refuse(Refusal::NoSuchOption);
                }
                if self.spots[pos as usize][spot as usize].is_some() {
                    return refuse(Refusal::SpotTaken);
                }
                if !self.spot_reachable_from(p.space, pos, spot) {
                    return refuse(Refusal::AcrossRiver);
                }
                Ok(c.buildings.row(building).builder_cost)
            }
            Main::PlaceWorkers { workers } => {
                if outer {
                    return refuse(Refusal::WrongPath);
                }
                // A24: at most the workers in reserve.
                if workers == 0 || workers > p.reserve {
                    return refuse(Refusal::NoWorkersLeft);
                }
                let t = &c.worker_table;
                match t.workers.iter().position(|&w| w == workers) {
                    Some(i) => Ok(t.noble_icons[i]),
                    None => refuse(Refusal::NoSuchOption),
                }
            }
            Main::Transcribe => {
                if outer {
                    return refuse(Refusal::WrongPath);
                }
                if self.manuscript_limit_reached(seat) {
                    return refuse(Refusal::OneManuscriptATurn);
                }
                Ok(match self.manuscripts[pos as usize].top {
                    Some(m) => c.manuscript(m).cost,
                    None => self.segment(pos).printed_manuscript.cost,
                })
            }
        }
    }

    pub fn trade_here(&self, seat: Seat) -> &'static crate::content::Trade {
        let s = self.p(seat).space;
        let seg = self.segment(board::pos_of(s));
        match board::kind_of(s) {
            Kind::OuterRight => &seg.trades.outer_right,
            _ => &seg.trades.outer_left,
        }
    }

    /// Checks the funding of an action needing `need` icons and returns what it costs.
    pub fn fund(&self, seat: Seat, k: MainKind, need: u8, f: &Funding) -> Result<Bill> {
        self.fund_from(&self.means(seat), seat, k, need, f)
    }

    /// [`Viscounts::fund`] with the seat's [`Means`] already read (a listing checks many
    /// fundings against the same board).
    pub fn fund_from(
        &self,
        means: &Means,
        seat: Seat,
        k: MainKind,
        need: u8,
        f: &Funding,
    ) -> Result<Bill> {
        let tally = self.tally(means, seat, k, f)?;
        self.settled(seat, k, need, f.paid, tally)
    }

    /// A funding's icons and costs before any resource is paid for an icon: the board's
    /// icons, the dismissal and the substitutes' uses of `f` (its `paid` is not read).
    pub(crate) fn tally(
        &self,
        means: &Means,
        seat: Seat,
        k: MainKind,
        f: &Funding,
    ) -> Result<Tally> {
        let p = self.p(seat);
        let icons = means.icons;
        // Criminal icons are wild during a main action (L266-270).
        let mut free = icons.get(k.icon()) + icons.get(Icon::Criminal);
        let mut bill = Bill::default();
        if f.dismiss {
            let Dismissal {
                icons: di,
                silver,
                printed,
            } = means.dismissal;
            let matching = di.get(k.icon()) + di.get(Icon::Criminal);
            if matching == 0 {
                return refuse(Refusal::CannotDismiss);
            }
            if !printed || self.config.printed_dismiss_icons {
                free += matching;
            }
            // The 2nd Trading Post makes any dismissal cost 1 Silver (L383).
            bill.silver += if p.has_built(Building::TradingPost, 2) {
                1
            } else {
                silver as u16
            };
        }
        let mut gives = 0u8;
        // Counted wide: a client may send any number of uses (u8), two slots of them.
        let mut merchants_used = 0u16;
        // The fewest icons one use of a used substitute gives (an unneeded use is refused).
        let mut least_use = u8::MAX;
        for (i, &uses) in f.subs.iter().enumerate() {
            if uses == 0 {
                continue;
            }
            let Some(card) = p.slots[i] else {
                return refuse(Refusal::NoSuchCard);
            };
            let Some(sub) = Content::get().substitute(card, k) else {
                return refuse(Refusal::NoSuchOption);
            };
            if sub.max_uses.is_some_and(|m| uses > m) {
                return refuse(Refusal::NoSuchOption);
            }
            least_use = least_use.min(sub.per_use);
            gives = gives.saturating_add(sub.per_use.saturating_mul(uses));
            let times = |n: u8| n as u16 * uses as u16;
            let cost = sub.cost;
            bill.silver += times(cost.silver);
            for (billed, n) in bill.res.iter_mut().zip(cost.res) {
                *billed += times(n);
            }
            // Paid with Gold while there is some, then Stone.
            let either = times(cost.gold_or_stone);
            let gold = (p.res[Res::Gold as usize].saturating_sub(bill.res[Res::Gold as usize]))
                .min(either);
            bill.res[Res::Gold as usize] += gold;
            bill.res[Res::Stone as usize] += either - gold;
            merchants_used += times(cost.merchants);
        }
        if merchants_used > icons.get(Icon::Merchant) as u16 {
            return refuse(Refusal::CannotAfford);
        }
        Ok(Tally {
            free,
            gives,
            least_use,
            bill,
        })
    }

    /// The funding tallied with `paid` resources (Silver for Trade) bought icons: what
    /// it costs, if it meets the need without paying beyond it and the seat can pay.
    pub(crate) fn settled(
        &self,
        seat: Seat,
        k: MainKind,
        need: u8,
        paid: u8,
        tally: Tally,
    ) -> Result<Bill> {
        let p = self.p(seat);
        let Tally {
            free,
            gives,
            least_use,
            mut bill,
        } = tally;
        let have = free as u16 + paid as u16 + gives as u16;
        if have < need as u16 {
            return refuse(Refusal::NotEnoughIcons {
                need,
                have: have.min(255) as u8,
            });
        }
        // Nothing is paid beyond the need: neither resources nor a substitute's use that
        // could be left out (a dismissal may be, for its top-right effect).
        if paid > need.saturating_sub(free.saturating_add(gives))
            || (least_use < u8::MAX && free.saturating_add(gives - least_use) >= need)
        {
            return refuse(Refusal::Overpaid);
        }
        match funding_resource(k) {
            None => bill.silver += paid as u16,
            Some(r) => bill.res[r as usize] += paid as u16,
        }
        if bill.silver > p.silver || (0..3).any(|i| bill.res[i] > p.res[i]) {
            return refuse(Refusal::CannotAfford);
        }
        Ok(bill)
    }

    /// Takes a checked main action: pays, dismisses (its top-right effects first, L387,
    /// L447) and queues the action itself and the "after" abilities.
    pub fn take_main(&mut self, seat: Seat, main: Main, f: Funding) -> Result<()> {
        let need = self.need(seat, &main)?;
        let k = main.kind();
        let bill = self.fund(seat, k, need, &f)?;
        let p = self.pm(seat);
        p.silver -= bill.silver;
        for i in 0..3 {
            p.res[i] -= bill.res[i];
        }
        self.main_done = Some(k);
        self.tasks.push(Task::Fire {
            seat,
            on: k.trigger(),
        });
        let space = self.p(seat).space;
        self.tasks.push(Task::Finish { seat, main, space });
        if f.dismiss {
            self.dismissed = true;
            let pos = board::pos_of(space);
            let printed = self.dismissal(seat).printed;
            let effects = self.dismissal_effects(seat);
            let mut by = None;
            if !printed {
                // Removed from the game for good (L385).
                if let Some(card) = self.villagers[pos as usize].top.take() {
                    self.removed.push(card);
                    by = Some(Cause::Card { card });
                }
                self.tasks.push(Task::RevealVillager { pos });
            }
            if !effects.is_empty() {
                let effects = Effects::Printed(effects);
                self.tasks.push(Task::Run { seat, effects, by });
            }
        }
        Ok(())
    }

    pub fn finish_main(&mut self, seat: Seat, main: Main, space: u8) {
        let pos = board::pos_of(space);
        match main {
            Main::Trade { times } => {
                let reward: &'static [Effect] = &self.trade_here(seat).reward;
                for _ in 0..times {
                    self.tasks.push(Task::Run {
                        seat,
                        effects: Effects::Printed(reward),
                        by: Some(Cause::Trade),
                    });
                }
            }
            Main::Build { building, spot } => self.build_on(seat, building, pos, spot),
            Main::PlaceWorkers { workers } => {
                let s = self.section_at(pos);
                self.place_workers(seat, s, workers);
            }
            Main::Transcribe => {
                if self.manuscripts[pos as usize].top.is_some() {
                    self.take_manuscript(seat, pos);
                } else {
                    // The printed manuscript: its immediate effect only (L519).
                    self.transcribed[seat as usize] = true;
                    let e = Effects::Printed(&self.segment(pos).printed_manuscript.effects);
                    let by = Some(Cause::Manuscript { ms: None });
                    self.tasks.push(Task::Run {
                        seat,
                        effects: e,
                        by,
                    });
                }
            }
        }
    }
}
