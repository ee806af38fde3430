//! Hidden information and position checks of the expansion: re-dealing the progress
//! cards a seat cannot see, and the invariants a Cities & Knights position keeps.

use super::{Ck, CkContent, Progress, Track};
use crate::geometry::VertexSet;
use crate::state::Catan;
use tabuleiro_core::{Rng, Seat};

impl Catan {
    /// Deals the progress cards a seat cannot see (others' hands, the decks) at
    /// random, colour by colour: a hidden hand gets as many cards of each colour as
    /// `colours` says it holds (the decks' backs differ), from that colour's unseen
    /// cards; the rest, point cards among them (never held), are that colour's deck,
    /// which so keeps its size.
    pub(crate) fn deal_progress(
        &mut self,
        colours: &[[u32; 3]],
        hidden: &dyn Fn(usize) -> bool,
        rng: &mut Rng,
    ) {
        let n = self.n();
        let Some(ck) = self.ck.as_deref_mut() else {
            return;
        };
        for s in (0..n).filter(|&s| hidden(s)) {
            ck.players[s].progress.clear();
        }
        for t in Track::ALL {
            let mut unseen: Vec<Progress> = CkContent::get().decks[t as usize]
                .iter()
                .flat_map(|&(p, k)| std::iter::repeat_n(p, k as usize))
                .collect();
            let seen = ck.players.iter().enumerate().flat_map(|(s, p)| {
                let hand = if hidden(s) { &[][..] } else { &p.progress[..] };
                p.revealed.iter().chain(hand)
            });
            for &card in seen.filter(|c| c.track() == t) {
                if let Some(i) = unseen.iter().position(|&x| x == card) {
                    unseen.swap_remove(i);
                }
            }
            rng.shuffle(&mut unseen);
            let (mut held, points): (Vec<Progress>, Vec<Progress>) =
                unseen.into_iter().partition(|c| !c.is_point());
            for s in (0..n).filter(|&s| hidden(s)) {
                let count = colours.get(s).map_or(0, |c| c[t as usize]);
                let take = (count as usize).min(held.len());
                let cards = held.split_off(held.len() - take);
                ck.players[s].progress.extend(cards);
            }
            held.extend(points);
            rng.shuffle(&mut held);
            ck.decks[t as usize] = held;
        }
    }

    /// Every id the expansion's state holds is on the board (checked before anything
    /// reads them).
    pub(crate) fn validate_ck_ranges(&self, ck: &Ck) -> Result<(), String> {
        use crate::geometry::{HEXES, VERTICES};
        let v_ok = |v: u8| (v as usize) < VERTICES;
        let n = self.n();
        let ok = ck.players.len() == n
            && ck
                .players
                .iter()
                .all(|p| p.knights.iter().all(|k| v_ok(k.vertex)) && p.walls.0 >> VERTICES == 0)
            && ck
                .metropolis
                .iter()
                .flatten()
                .all(|m| v_ok(m.vertex) && (m.seat as usize) < n)
            && ck
                .merchant
                .is_none_or(|(s, h)| (s as usize) < n && (h as usize) < HEXES);
        if ok {
            Ok(())
        } else {
            Err("a piece of the expansion off the board".into())
        }
    }

    /// The expansion's invariants of a position (from a file, or after any step).
    pub(crate) fn validate_ck(&self, ck: &Ck) -> Result<(), String> {
        let c = CkContent::get();
        let n = self.n();
        if ck.players.len() != n {
            return Err("one expansion seat per seat".into());
        }
        if self.phase != crate::state::Phase::Setup {
            for t in Track::ALL {
                for &(card, count) in &c.decks[t as usize] {
                    let held: usize = ck.decks[t as usize].iter().filter(|&&x| x == card).count()
                        + ck.players
                            .iter()
                            .map(|p| {
                                p.progress
                                    .iter()
                                    .chain(&p.revealed)
                                    .filter(|&&x| x == card)
                                    .count()
                            })
                            .sum::<usize>();
                    if held != count as usize {
                        return Err(format!("{held} {} cards, expected {count}", card.name()));
                    }
                }
            }
        }
        let mut knights = VertexSet::EMPTY;
        let buildings = self.occupied();
        for (s, p) in ck.players.iter().enumerate() {
            if p.improvements.iter().any(|&l| l > super::TOP_LEVEL) {
                return Err(format!("seat {s}: an improvement above 5"));
            }
            if p.revealed.iter().any(|c| !c.is_point()) || p.progress.iter().any(|c| c.is_point()) {
                return Err(format!("seat {s}: point cards are shown, others held"));
            }
            if p.walls.len() > c.walls_max as u32 || !(p.walls & !self.players[s].cities).is_empty()
            {
                return Err(format!("seat {s}: walls beyond 3 or off its cities"));
            }
            for level in 1..=3 {
                if p.knights_of(level) > c.knights_per_level {
                    return Err(format!("seat {s}: too many knights of level {level}"));
                }
            }
            for k in &p.knights {
                if !(1..=3).contains(&k.level)
                    || knights.contains(k.vertex)
                    || buildings.contains(k.vertex)
                    || k.vertex as usize >= crate::geometry::VERTICES
                {
                    return Err(format!(
                        "seat {s}: a knight off the board or on another piece"
                    ));
                }
                knights = knights.with(k.vertex);
            }
            if p.progress.len() > 4 + n + 2 {
                return Err(format!("seat {s}: too many progress cards"));
            }
        }
        for m in ck.metropolis.iter().flatten() {
            if m.seat as usize >= n || !self.players[m.seat as usize].cities.contains(m.vertex) {
                return Err("a metropolis off its holder's city".into());
            }
        }
        let metros: Vec<_> = ck.metropolis.iter().flatten().map(|m| m.vertex).collect();
        if (1..metros.len()).any(|i| metros[..i].contains(&metros[i])) {
            return Err("two metropolises on one city".into());
        }
        let defenders: u32 = ck.players.iter().map(|p| p.defender as u32).sum();
        if defenders > c.defender_cards as u32
            && self.config.ck.defender_supply != crate::config::DefenderSupply::Unlimited
        {
            return Err(format!(
                "{defenders} Defender of Catan cards, the box has {}",
                c.defender_cards
            ));
        }
        if ck.barbarians >= c.barbarian_track {
            return Err("the barbarians stand past their attack".into());
        }
        if ck
            .merchant
            .is_some_and(|(s, h)| s as usize >= n || h as usize >= crate::geometry::HEXES)
        {
            return Err("the merchant is off the board".into());
        }
        let dice_ok = |d: &[u8; 2]| d.iter().all(|x| (1..=6).contains(x));
        if ck.alchemist.is_some_and(|d| !dice_ok(&d)) || ck.roll.is_some_and(|r| !dice_ok(&r.dice))
        {
            return Err("dice show 1 to 6".into());
        }
        if ck.steal_queue.iter().any(|&s| s as usize >= n) {
            return Err("a seat to rob that does not exist".into());
        }
        self.validate_ck_phase(ck)
    }

    /// The expansion's phases name seats that exist and choices that can be made.
    fn validate_ck_phase(&self, ck: &Ck) -> Result<(), String> {
        use crate::state::Phase;
        let n = self.n();
        let everyone = tabuleiro_core::SeatSet::first(n);
        let seat_ok = |s: Seat| (s as usize) < n;
        let ok = match &self.phase {
            Phase::Pillage { waiting } => {
                waiting.is_subset(everyone)
                    && waiting.iter().all(|s| !self.free_cities(s).is_empty())
            }
            Phase::PickDeck { waiting } => {
                waiting.is_subset(everyone) && ck.decks.iter().any(|d| !d.is_empty())
            }
            Phase::ProgressDiscard { waiting, .. } => {
                waiting.is_subset(everyone)
                    && waiting
                        .iter()
                        .all(|s| !ck.players[s as usize].progress.is_empty())
            }
            Phase::Aqueduct { waiting } => waiting.is_subset(everyone),
            Phase::Metropolis { .. } => !self.free_cities(self.current).is_empty(),
            Phase::Displaced { seat, knight } => seat_ok(*seat) && (1..=3).contains(&knight.level),
            Phase::Desert { seat } => {
                seat_ok(*seat) && !ck.players[*seat as usize].knights.is_empty()
            }
            Phase::FreeKnight { level } => (1..=3).contains(level),
            Phase::HarborAnswer { seat, card, done } => {
                seat_ok(*seat)
                    && done.is_subset(everyone)
                    && card.is_resource()
                    && self.players[self.current as usize].hand.get(*card) > 0
                    && Catan::commodities_in(&self.players[*seat as usize].hand)
                        .next()
                        .is_some()
            }
            Phase::Harbor { done } => done.is_subset(everyone),
            Phase::MasterMerchant { victim, left } => {
                seat_ok(*victim) && *left > 0 && self.players[*victim as usize].hand.total() > 0
            }
            Phase::Spy { victim } => {
                seat_ok(*victim) && !ck.players[*victim as usize].progress.is_empty()
            }
            _ => true,
        };
        if ok {
            Ok(())
        } else {
            Err(format!("the phase {:?} cannot be decided", self.phase))
        }
    }
}
