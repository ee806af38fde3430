//! Every decision: checked against the question asked, then applied.

use crate::action::{Action, Event, Main, Payers};
use crate::board;
use crate::content::{Content, Where};
use crate::effect::{Card, Effect, Res};
use crate::error::{Refusal, Result};
use crate::rules::{gain, refuse};
use crate::state::{Cause, DrawTo, Phase, Question, Task, Viscounts};
use tabuleiro_core::Seat;

fn take(v: &mut Vec<Card>, c: Card) -> Result<()> {
    match v.iter().position(|&x| x == c) {
        Some(i) => {
            v.remove(i);
            Ok(())
        }
        None => refuse(Refusal::NoSuchCard),
    }
}

impl Viscounts {
    /// The question a seat must answer now.
    pub fn question(&self, seat: Seat) -> Option<&Question> {
        match self.tasks.last() {
            Some(Task::Ask { seat: s, q, .. }) if *s == seat && self.phase == Phase::Playing => {
                Some(q)
            }
            _ => None,
        }
    }

    /// Applies a decision. On a refusal the state may be partly changed: callers apply to
    /// a copy (see `Game::apply`).
    pub fn perform(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<()> {
        if self.question(seat).is_none() {
            return refuse(Refusal::NotYourDecision);
        }
        // The question is taken off the stack, not copied.
        let Some(Task::Ask { q, by, .. }) = self.tasks.pop() else {
            return refuse(Refusal::NotYourDecision);
        };
        let payers = matches!(action, Action::Main { .. }).then(|| self.payers(seat));
        self.answer(seat, &q, action, by)?;
        // Answered, the question is moved into the event, not copied.
        let asked = matches!(action, Action::Choose { .. } | Action::Pass).then_some(q);
        events.push(Event::Decided {
            seat,
            action: *action,
            asked,
            payers,
        });
        self.advance(events);
        Ok(())
    }

    /// The cards that may pay a seat's main action now (its slots, the villager beside).
    fn payers(&self, seat: Seat) -> Payers {
        let p = self.p(seat);
        Payers {
            slots: p.slots,
            beside: self.villagers[board::pos_of(p.space) as usize].top,
        }
    }

    /// `by`: what asked, which gives what the answer brings (an option's effects).
    fn answer(
        &mut self,
        seat: Seat,
        q: &Question,
        action: &Action,
        by: Option<Cause>,
    ) -> Result<()> {
        use Action as A;
        use Question as Q;
        match (q, *action) {
            (Q::ChoosePair, A::ChoosePair { pair }) => self.choose_pair(seat, pair),
            (Q::Place, A::Place { card }) => {
                take(&mut self.pm(seat).hand, card)?;
                self.placed(seat, card);
                Ok(())
            }
            (Q::Move, A::Move { to, paid, free }) => self.move_to(seat, to, paid, free),
            (Q::Main, A::Main { main, funding }) => self.take_main(seat, main, funding),
            (Q::Main, A::NoAction) => {
                if self.any_main(seat) {
                    return refuse(Refusal::MustChoose);
                }
                Ok(())
            }
            (Q::Hire, A::Hire) => {
                if !self.can_hire(seat) {
                    return refuse(Refusal::CannotAfford);
                }
                let pos = board::pos_of(self.p(seat).space);
                let card = self.villagers[pos as usize]
                    .top
                    .ok_or(Refusal::NoVillagerHere)?;
                self.pm(seat).silver -= Content::get().villager(card).silver as u16;
                self.hire_from(seat, pos);
                Ok(())
            }
            (
                Q::Hire
                | Q::Rearrange
                | Q::Discard
                | Q::Destroy { .. }
                | Q::PayThen { .. }
                | Q::CastleMove,
                A::Pass,
            ) => Ok(()),
            (Q::Choose { options }, A::Choose { index }) => {
                let o = options.get(index as usize).cloned();
                let o = o.ok_or(Refusal::NoSuchOption)?;
                self.tasks.push(Task::Run {
                    seat,
                    effects: o.into(),
                    by,
                });
                Ok(())
            }
            (Q::PayThen { reward, .. }, A::Choose { index: 0 }) => {
                // The cost (discard 1) is paid first, then the reward (card text "➔").
                self.tasks.push(Task::Run {
                    seat,
                    effects: reward.clone().into(),
                    by,
                });
                self.tasks.push(Task::Ask {
                    seat,
                    q: Q::MustDiscard,
                    by,
                });
                Ok(())
            }
            (Q::Rearrange, A::Rearrange { order }) => {
                // Leaving the order as it is, is a Pass.
                if order == [0, 1, 2] {
                    return refuse(Refusal::BadOrder);
                }
                let mut seen = [false; 3];
                for &o in &order {
                    if o > 2 || seen[o as usize] {
                        return refuse(Refusal::BadOrder);
                    }
                    seen[o as usize] = true;
                }
                let old = self.p(seat).slots;
                // Cards change places among themselves; empty slots stay empty.
                if (0..3).any(|i| old[i].is_some() != old[order[i] as usize].is_some()) {
                    return refuse(Refusal::BadOrder);
                }
                self.pm(seat).slots = order.map(|o| old[o as usize]);
                Ok(())
            }
            (Q::Discard | Q::MustDiscard, A::DiscardFromHand { card }) => {
                take(&mut self.pm(seat).hand, card)?;
                self.pm(seat).discard.push(card);
                Ok(())
            }
            (Q::Discard | Q::MustDiscard, A::DiscardTop) => {
                if !self.has_top(seat) {
                    return refuse(Refusal::NoSuchCard);
                }
                self.tasks.push(Task::Draw {
                    seat,
                    to: DrawTo::DiscardPile,
                });
                Ok(())
            }
            (Q::Destroy { .. }, A::DestroyFromHand { card }) => {
                take(&mut self.pm(seat).hand, card)?;
                self.destroy_card(seat, card);
                Ok(())
            }
            (Q::Destroy { from_pile: false }, A::DestroyTop) => {
                if !self.has_top(seat) {
                    return refuse(Refusal::NoSuchCard);
                }
                self.tasks.push(Task::Draw {
                    seat,
                    to: DrawTo::Destroy,
                });
                Ok(())
            }
            (Q::Destroy { from_pile: true }, A::DestroyFromPile { card }) => {
                take(&mut self.pm(seat).draw, card)?;
                self.destroy_card(seat, card);
                Ok(())
            }
            (Q::Flip, A::FlipDebt) => {
                if self.p(seat).debts == 0 {
                    return refuse(Refusal::NothingToFlip);
                }
                self.flip_debt(seat);
                Ok(())
            }
            (Q::Flip, A::FlipDeed) => {
                if self.p(seat).deeds == 0 {
                    return refuse(Refusal::NothingToFlip);
                }
                self.flip_deed(seat);
                Ok(())
            }
            (Q::Resource, A::TakeResource { res }) => {
                self.pm(seat).res[res as usize] += 1;
                Ok(())
            }
            (Q::HireFree, A::HireFree { pos }) => {
                if pos >= 5 || self.villagers[pos as usize].top.is_none() {
                    return refuse(Refusal::NoVillagerHere);
                }
                self.hire_from(seat, pos);
                Ok(())
            }
            (Q::CastleMove, A::CastleMove { section, clockwise }) => {
                let s = section as usize;
                if s >= 5 || self.castle.level1[s][seat as usize] == 0 {
                    return refuse(Refusal::NotYourWorkers);
                }
                let to = if clockwise { (s + 1) % 5 } else { (s + 4) % 5 };
                self.castle.level1[s][seat as usize] -= 1;
                self.castle.level1[to][seat as usize] += 1;
                // A11: the move may make a group of three, which then advances.
                self.tasks.push(Task::Castle { seat });
                Ok(())
            }
            (&Q::PlaceWorkers { n, anywhere }, A::PlaceIn { section }) => {
                let own = self.section_at(board::pos_of(self.p(seat).space));
                if section >= 5 || (!anywhere && section != own) {
                    return refuse(Refusal::NoSuchOption);
                }
                self.place_workers(seat, section, n);
                Ok(())
            }
            (&Q::BuildFree { building, anywhere }, A::BuildFree { pos, spot }) => {
                if pos >= 5 || spot as usize >= self.segment(pos).spots.len() {
                    return refuse(Refusal::NoSuchOption);
                }
                if self.spots[pos as usize][spot as usize].is_some() {
                    return refuse(Refusal::SpotTaken);
                }
                if !anywhere && !self.spot_reachable_from(self.p(seat).space, pos, spot) {
                    return refuse(Refusal::AcrossRiver);
                }
                self.build_on(seat, building, pos, spot);
                Ok(())
            }
            (&Q::FreeManuscript { max_cost }, A::TakeManuscript { pos }) => {
                let ok = pos < 5
                    && self.manuscripts[pos as usize]
                        .top
                        .is_some_and(|m| Content::get().manuscript(m).cost <= max_cost);
                if !ok {
                    return refuse(Refusal::TooCostly);
                }
                self.take_manuscript(seat, pos);
                Ok(())
            }
            (Q::Advance, A::Advance { section }) => {
                if !self.level1_groups(seat).contains(&section) {
                    return refuse(Refusal::NoSuchOption);
                }
                // The Castle task below resumes the cascade after this group.
                self.tasks.pop();
                self.advance_group(seat, section);
                Ok(())
            }
            (&Q::Expel { level, section }, A::Expel { owner }) => {
                if owner as usize >= self.n() || self.section(level, section)[owner as usize] == 0 {
                    return refuse(Refusal::NotYourWorkers);
                }
                self.expel(level, section, owner);
                Ok(())
            }
            _ => refuse(Refusal::NotNow),
        }
    }

    fn destroy_card(&mut self, seat: Seat, card: Card) {
        let p = self.pm(seat);
        p.silver += Content::get().villager(card).silver as u16;
        self.removed.push(card);
    }

    /// Setup step 9 (L206-216): the pair's player card and hero.
    fn choose_pair(&mut self, seat: Seat, pair: u8) -> Result<()> {
        if pair as usize >= self.pairs.len() {
            return refuse(Refusal::NoSuchOption);
        }
        let c = Content::get();
        let (number, hero) = self.pairs.remove(pair as usize);
        let pc = &c.player_cards[number as usize - 1];
        let (pos, name) = &c.start_spaces.by_card[number as usize - 1];
        let kind = match name.as_str() {
            "outer_right" => board::Kind::OuterRight,
            "inner" => board::Kind::Inner,
            _ => board::Kind::OuterLeft,
        };
        let starting = c.deck(crate::content::Deck::Starting).to_vec();
        let p = self.pm(seat);
        p.player_card = number;
        p.space = board::space(*pos, kind);
        p.corruption = c.track.corruption_start;
        p.virtue = c.track.virtue_start;
        p.reserve = c.worker_supply;
        p.silver = pc.silver as u16;
        p.draw = starting;
        p.draw.push(hero);
        p.draw.sort_unstable();
        // Next chooser (or the first turn), then the opening hand of 3, then the card's
        // own steps (card 9 destroys before the shuffle), then its items.
        if self.solo() {
            // The unchosen pair sets the AI's Viscount; the pair returns to the box (L662).
            let (number, _) = self.pairs.remove(0);
            self.pairs.clear();
            let future = std::mem::take(&mut self.future_in);
            self.ai_setup(number, &future);
        }
        if let Some(next) = self.choosing.pop() {
            self.tasks.push(Task::Ask {
                seat: next,
                q: Question::ChoosePair,
                by: None,
            });
        }
        for _ in 0..3 {
            self.tasks.push(Task::Draw {
                seat,
                to: DrawTo::Hand,
            });
        }
        for e in pc.extra.iter().rev() {
            match (e, pc.extra_where) {
                (Effect::BuildFree { building }, Where::OwnSpace) => {
                    if let Some(b) = crate::content::Building::from_name(building) {
                        self.tasks.push(Task::Ask {
                            seat,
                            q: Question::BuildFree {
                                building: b,
                                anywhere: false,
                            },
                            by: None,
                        });
                    }
                }
                (Effect::Destroy { .. }, _) => self.tasks.push(Task::Ask {
                    seat,
                    q: Question::Destroy { from_pile: true },
                    by: None,
                }),
                _ => self.tasks.push(Task::Run {
                    seat,
                    effects: vec![e.clone()].into(),
                    by: None,
                }),
            }
        }
        let mut items = pc.resources;
        items.silver = 0;
        items.deed += pc.deeds;
        items.debt += pc.debts;
        self.tasks.push(Task::Run {
            seat,
            effects: vec![gain(items)].into(),
            by: None,
        });
        Ok(())
    }

    /// Phase 2 (L334-342): exactly the placed card's Silver value plus paid steps (1 Silver
    /// each) plus the 1st Trading Post's free step; then a Viscount met may rearrange.
    fn move_to(&mut self, seat: Seat, to: u8, paid: u8, free: bool) -> Result<()> {
        let p = self.p(seat);
        if free && !p.has_built(crate::content::Building::TradingPost, 1) {
            return refuse(Refusal::NoSuchOption);
        }
        if paid as u16 > p.silver {
            return refuse(Refusal::CannotAfford);
        }
        let steps = self.base_steps(seat) + paid as u32 + free as u32;
        if to >= crate::state::SPACES || board::reachable(p.space, steps) & (1 << to) == 0 {
            return refuse(Refusal::Unreachable);
        }
        // Only the destination matters, so a move is taken at its cheapest (as a funding
        // never pays beyond its need): more Silver than the cheapest way is refused.
        if self.cheapest_moves(seat)[to as usize] != Some((paid, free)) {
            return refuse(Refusal::Overpaid);
        }
        let p = self.pm(seat);
        p.silver -= paid as u16;
        p.space = to;
        for o in (0..self.n() as Seat).rev() {
            if o != seat && self.p(o).space == to && self.p(o).slots.iter().flatten().count() >= 2 {
                self.tasks.push(Task::Ask {
                    seat: o,
                    q: Question::Rearrange,
                    by: Some(Cause::Collision),
                });
            }
        }
        Ok(())
    }

    pub fn base_steps(&self, seat: Seat) -> u32 {
        self.p(seat).slots[0].map_or(0, |c| Content::get().villager(c).silver as u32)
    }

    pub fn resource_names() -> [Res; 3] {
        Res::ALL
    }

    /// Whether any main action is possible (otherwise the turn goes on without one).
    pub fn any_main(&self, seat: Seat) -> bool {
        let mut v = Vec::new();
        self.legal_main(seat, &mut v);
        !v.is_empty()
    }

    pub fn main_is_legal(&self, seat: Seat, main: &Main, f: &crate::action::Funding) -> bool {
        self.need(seat, main)
            .and_then(|n| self.fund(seat, main.kind(), n, f))
            .is_ok()
    }
}
