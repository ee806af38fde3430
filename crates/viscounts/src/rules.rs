//! The engine: setup, the six phases of a turn (seed 003 L296-558), the resolution of
//! printed effects, and every decision. Pending work is a stack of [`Task`]s: automatic
//! tasks run at once, a chance task waits for an outcome, an `Ask` waits for its seat.

use crate::action::{Event, Outcome};
use crate::board::{self, Kind};
use crate::config::{FinalRound, ReshuffleCheck};
use crate::content::{Building, Content, Deck, Timing};
use crate::effect::{Card, Effect, FlipTarget, Icon, Icons, Items, Res, Trigger};
use crate::error::{Error, Refusal, Result};
use crate::state::{
    Castle, Cause, DrawTo, Effects, Phase, Player, Question, Stack, Task, Viscounts,
};
use tabuleiro_core::{Seat, MAX_SEATS};

impl Viscounts {
    pub fn create(config: &crate::Config) -> Result<Viscounts> {
        config.validate()?;
        let c = Content::get();
        let n = config.players as usize;
        Ok(Viscounts {
            config: config.clone(),
            phase: Phase::Setup,
            // Solo: the AI is index 1 (an automaton, not a seat).
            players: vec![Player::default(); n.max(2)],
            order: [0, 1, 2, 3, 4],
            rotation: 0,
            first: 0,
            current: 0,
            round: 0,
            villagers: [Stack {
                top: None,
                hidden: 0,
            }; 5],
            villager_pool: Vec::new(),
            manuscripts: [Stack {
                top: None,
                hidden: 0,
            }; 5],
            manuscript_pool: Vec::new(),
            spots: [[None; 8]; 5],
            castle: Castle::default(),
            clergy_bonus_left: c.clergy_bonus.iter().map(|b| b.ribbon).collect(),
            debts_on_poverty: c.poverty.debts_on_top_by_players[n],
            deeds_on_prosperity: c.prosperity.deeds_on_top_by_players[n],
            poverty_revealed: false,
            prosperity_revealed: false,
            last_round: None,
            pairs: Vec::new(),
            choosing: Vec::new(),
            dismissed: false,
            main_done: None,
            transcribed: [false; MAX_SEATS],
            tasks: Vec::new(),
            removed: Vec::new(),
            future_plots: Vec::new(),
            future_in: Vec::new(),
            future_face_down: Vec::new(),
        })
    }

    // ----- chance -----

    /// Setup (seed 003 L182-222): the ring, the castle, the stacks, the first player and
    /// the row of (number of players + 1) pairs of a player card and a hero.
    fn setup(&mut self, o: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        let Outcome::Setup {
            order,
            rotation,
            first,
            tops,
            grey,
            player_cards,
            heroes,
            ai_future,
        } = o
        else {
            return Err(Error::BadOutcome);
        };
        let c = Content::get();
        let n = self.config.players as usize;
        let mut sorted = *order;
        sorted.sort_unstable();
        let neutral = c.deck(Deck::Neutral);
        let greys = c.manuscripts_backed(true);
        let mut g = grey.to_vec();
        g.sort_unstable();
        let distinct = |v: &[u8]| {
            let mut w = v.to_vec();
            w.sort_unstable();
            w.dedup();
            w.len() == v.len()
        };
        let ok = sorted == [0, 1, 2, 3, 4]
            && *rotation < 5
            && (*first as usize) < n
            && tops.iter().all(|t| neutral.contains(t))
            && distinct(&tops.map(|t| t.0))
            && g == greys
            && player_cards.len() == n + 1
            && heroes.len() == n + 1
            && player_cards.iter().all(|&p| (1..=10).contains(&p))
            && distinct(player_cards)
            && heroes
                .iter()
                .all(|&h| h.0 < c.villagers.len() as u8 && c.villager(h).deck == Deck::Hero)
            && distinct(&heroes.iter().map(|h| h.0).collect::<Vec<_>>());
        let futures = if self.solo() {
            self.plots_in_play(crate::content::PlotKind::Future)
        } else {
            Vec::new()
        };
        let ok = ok
            && ai_future.len()
                == if self.solo() {
                    self.config.difficulty as usize
                } else {
                    0
                }
            && ai_future.iter().all(|f| futures.contains(f))
            && distinct(&ai_future.iter().map(|f| f.0).collect::<Vec<_>>());
        if !ok {
            return Err(Error::BadOutcome);
        }
        self.future_in = ai_future.clone();
        self.order = *order;
        self.rotation = *rotation;
        self.first = *first;
        // 68 cards in five stacks of similar size: 14, 14, 14, 13, 13 (L188).
        self.villager_pool = neutral.to_vec();
        for (pos, &t) in tops.iter().enumerate() {
            let i = self
                .villager_pool
                .iter()
                .position(|&x| x == t)
                .ok_or(Error::BadOutcome)?;
            self.villager_pool.remove(i);
            let size = if pos < 3 { 14 } else { 13 };
            self.villagers[pos] = Stack {
                top: Some(t),
                hidden: size - 1,
            };
        }
        self.manuscript_pool = c.manuscripts_backed(false).to_vec();
        for (pos, &m) in grey.iter().enumerate() {
            self.manuscripts[pos] = Stack {
                top: Some(m),
                hidden: c.black_per_stack,
            };
        }
        self.pairs = player_cards
            .iter()
            .copied()
            .zip(heroes.iter().copied())
            .collect();
        // Reverse turn order: the first player's right chooses first (L206).
        self.choosing = (0..n as Seat)
            .map(|k| (*first + k as Seat) % n as Seat)
            .collect();
        self.phase = Phase::Playing;
        let next = self.choosing.pop().unwrap_or(0);
        self.tasks.push(Task::StartGame);
        self.tasks.push(Task::Ask {
            seat: next,
            q: Question::ChoosePair,
            by: None,
        });
        let _ = events;
        Ok(())
    }

    pub fn apply_outcome(&mut self, o: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        if self.phase == Phase::Setup {
            self.setup(o, events)?;
            self.advance(events);
            return Ok(());
        }
        // The waiting task is read in place (its fields are copied), not cloned.
        match (self.tasks.last(), o) {
            (Some(&Task::Draw { seat, to }), Outcome::Card { card }) => {
                take_one(&mut self.pm(seat).draw, card)?;
                // Drawn, a face-down Future Plot is seen (the AI's draws are face up).
                self.future_face_down.retain(|c| c != card);
                self.tasks.pop();
                self.drawn(seat, to, *card, events);
            }
            (Some(&Task::RevealVillager { pos }), Outcome::Card { card }) => {
                take_one(&mut self.villager_pool, card)?;
                self.tasks.pop();
                let st = &mut self.villagers[pos as usize];
                st.top = Some(*card);
                st.hidden -= 1;
                events.push(Event::Revealed { pos, card: *card });
            }
            (Some(&Task::RevealManuscript { pos }), Outcome::Manuscript { ms }) => {
                take_one(&mut self.manuscript_pool, ms)?;
                self.tasks.pop();
                let st = &mut self.manuscripts[pos as usize];
                st.top = Some(*ms);
                st.hidden -= 1;
                events.push(Event::RevealedManuscript { pos, ms: *ms });
            }
            (Some(&Task::FuturePlot), Outcome::Card { card }) => {
                take_one(&mut self.future_plots, card)?;
                self.tasks.pop();
                self.pm(crate::solo::AI).discard.push(*card);
            }
            _ => return Err(Error::BadOutcome),
        }
        self.advance(events);
        Ok(())
    }

    fn drawn(&mut self, seat: Seat, to: DrawTo, card: Card, events: &mut Vec<Event>) {
        match to {
            DrawTo::Hand => {
                self.pm(seat).hand.push(card);
                events.push(Event::Drew {
                    seat,
                    card: Some(card),
                });
            }
            DrawTo::Slot => self.placed(seat, card),
            DrawTo::DiscardPile => self.pm(seat).discard.push(card),
            DrawTo::Destroy => self.destroyed(seat, card),
        }
    }

    fn destroyed(&mut self, seat: Seat, card: Card) {
        // Destroy: removed from the game, gain its Silver value (L404, L842).
        let p = self.pm(seat);
        p.silver += Content::get().villager(card).silver as u16;
        self.removed.push(card);
    }

    // ----- the task loop -----

    /// Runs automatic tasks until a seat or chance must act, or the game is over.
    pub fn advance(&mut self, events: &mut Vec<Event>) {
        while self.phase == Phase::Playing {
            let Some(top) = self.tasks.last() else {
                self.phase = Phase::Over;
                events.push(Event::GameOver);
                return;
            };
            match *top {
                Task::Ask { seat, .. } if self.is_ai(seat) => {
                    // The automaton answers by its rules (solo).
                    let Some(Task::Ask { q, .. }) = self.tasks.last() else {
                        return;
                    };
                    let a = self.ai_answer(q);
                    if self.perform(seat, &a, events).is_err() {
                        self.tasks.pop();
                    }
                    return;
                }
                Task::Ask { .. } => return,
                Task::FuturePlot => {
                    if !self.future_plots.is_empty() {
                        return;
                    }
                    // An empty Future pile: the AI flips instead (column 2).
                    self.tasks.pop();
                    self.ai_flip();
                }
                Task::Draw { seat, .. } => {
                    if self.ready_to_draw(seat, events) {
                        return;
                    }
                    self.tasks.pop();
                }
                Task::RevealVillager { pos } => {
                    if self.villagers[pos as usize].hidden > 0 {
                        return;
                    }
                    self.tasks.pop();
                }
                Task::RevealManuscript { pos } => {
                    if self.manuscripts[pos as usize].hidden > 0 {
                        return;
                    }
                    self.tasks.pop();
                }
                _ => {
                    if let Some(t) = self.tasks.pop() {
                        self.run(t, events);
                    }
                }
            }
        }
    }

    /// Whether a card can be drawn now, reshuffling the discards first if the draw pile is
    /// empty (L556). False when both piles are empty.
    fn ready_to_draw(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        if !self.p(seat).draw.is_empty() {
            return true;
        }
        if self.p(seat).discard.is_empty() {
            return false;
        }
        let to = match self.tasks.last() {
            Some(Task::Draw { to, .. }) => *to,
            _ => DrawTo::Hand,
        };
        let check = self.config.reshuffle_check == ReshuffleCheck::Every
            || matches!(to, DrawTo::Hand | DrawTo::Slot);
        self.reshuffle(seat, check, events);
        true
    }

    /// The discards become the draw pile; then 1 Corruption with a Criminal icon on the
    /// board, else 1 Virtue (L556).
    pub fn reshuffle(&mut self, seat: Seat, check: bool, events: &mut Vec<Event>) {
        let p = self.pm(seat);
        let d = std::mem::take(&mut p.discard);
        p.draw.extend(d);
        p.draw.sort_unstable();
        events.push(Event::Reshuffled { seat });
        if check && (!self.is_ai(seat) || self.config.ai_collisions) {
            if self.board_icons(seat).get(Icon::Criminal) > 0 {
                self.corrupt(seat, 1);
            } else {
                self.virtue(seat, 1);
            }
        }
    }

    fn push_turn(&mut self) {
        self.dismissed = false;
        self.main_done = None;
        self.transcribed = [false; MAX_SEATS];
        if self.is_ai(self.current) {
            self.tasks.push(Task::EndTurn);
            self.push_ai_turn();
            return;
        }
        // Pushed one by one: an array of the eight tasks was built and then copied
        // whole into the stack, 448 bytes twice a turn.
        self.tasks.reserve(8);
        self.tasks.push(Task::EndTurn);
        self.tasks.push(Task::DrawStep);
        self.tasks.push(Task::Collision);
        self.tasks.push(Task::HireStep);
        self.tasks.push(Task::MainStep);
        self.tasks.push(Task::MoveStep);
        self.tasks.push(Task::PlaceStep);
        self.tasks.push(Task::Shift);
    }

    fn ask(&mut self, seat: Seat, q: Question) {
        self.ask_by(seat, q, None);
    }

    /// A question asked by a card or an effect, which the table names with it.
    fn ask_by(&mut self, seat: Seat, q: Question, by: Option<Cause>) {
        self.tasks.push(Task::Ask { seat, q, by });
    }

    fn run(&mut self, task: Task, events: &mut Vec<Event>) {
        match task {
            Task::Run { seat, effects, by } => self.run_effects(seat, effects, by),
            Task::AiRow { steps } => self.ai_row(steps, events),
            Task::Ask { .. }
            | Task::Draw { .. }
            | Task::RevealVillager { .. }
            | Task::RevealManuscript { .. }
            | Task::FuturePlot => self.tasks.push(task),
            plain => {
                self.run_plain(&plain, events);
                // Only the tasks above own a list; dropping one of the others would
                // only decode its kind again, out of line (3% of a random game).
                std::mem::forget(plain);
            }
        }
    }

    /// A task that owns no list (every one but a `Run`, an `AiRow` and those that wait).
    fn run_plain(&mut self, task: &Task, events: &mut Vec<Event>) {
        let me = self.current;
        match *task {
            Task::StartGame => {
                self.current = self.first;
                self.round = 1;
                self.push_turn();
            }
            Task::Shift => self.shift(me),
            Task::PlaceStep => {
                if self.p(me).hand.is_empty() {
                    // No card in hand: the top of the draw pile, blind (L326).
                    self.tasks.push(Task::Draw {
                        seat: me,
                        to: DrawTo::Slot,
                    });
                } else {
                    self.ask(me, Question::Place);
                }
            }
            Task::MoveStep => self.ask(me, Question::Move),
            Task::MainStep => self.ask(me, Question::Main),
            Task::HireStep => {
                if self.can_hire(me) {
                    self.ask(me, Question::Hire);
                }
            }
            Task::Collision => self.collision(me, events),
            Task::CollisionRewards { seat } => self.collision_rewards(seat),
            Task::DrawStep => {
                // Hand limit 3, +1 for the 3rd Workshop, +1 with the Castle Leader (L552).
                let c = Content::get();
                let mut limit = 3;
                if self.p(me).has_built(Building::Workshop, 3) {
                    limit += 1;
                }
                if self.castle.leader == Some(me) {
                    limit += c.castle.leader_hand_bonus as usize;
                }
                for _ in self.p(me).hand.len()..limit {
                    self.tasks.push(Task::Draw {
                        seat: me,
                        to: DrawTo::Hand,
                    });
                }
            }
            Task::EndTurn => self.end_turn(events),
            Task::Finish { seat, main, space } => self.finish_main(seat, main, space),
            Task::Fire { seat, on } => self.fire(seat, on),
            Task::Castle { seat } => self.castle_step(seat),
            Task::Reduce => self.reduce(),
            Task::GainDebts { seat, n } => {
                for _ in 0..n {
                    self.gain_debt(seat, events);
                }
            }
            Task::AiRows => self.ai_rows(),
            Task::Run { .. }
            | Task::AiRow { .. }
            | Task::Ask { .. }
            | Task::Draw { .. }
            | Task::RevealVillager { .. }
            | Task::RevealManuscript { .. }
            | Task::FuturePlot => {}
        }
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        let n = self.n() as Seat;
        let last_seat = (self.first + n - 1) % n;
        if self.current == last_seat && self.last_round.is_some_and(|r| self.round >= r) {
            self.phase = Phase::Over;
            events.push(Event::GameOver);
            return;
        }
        self.current = (self.current + 1) % n;
        if self.current == self.first {
            self.round += 1;
        }
        self.push_turn();
    }

    /// Phase 1, step 1: every card one slot right; the one pushed off goes to the discard
    /// pile and resolves its exit ability (L316-320).
    fn shift(&mut self, seat: Seat) {
        let p = self.pm(seat);
        let fallen = p.slots[2];
        p.slots = [None, p.slots[0], p.slots[1]];
        if let Some(card) = fallen {
            p.discard.push(card);
            self.ability(seat, card, Timing::DropOff);
        }
    }

    fn ability(&mut self, seat: Seat, card: Card, timing: Timing) {
        if let Some(a) = Content::get().ability_of(card) {
            if a.timing == timing && !a.effects.is_empty() {
                self.tasks.push(Task::Run {
                    seat,
                    effects: Effects::Printed(&a.effects),
                    by: Some(Cause::Card { card }),
                });
            }
        }
    }

    /// Phase 1, step 2: a card on the leftmost slot; a Criminal card costs 1 Corruption
    /// per Criminal icon on the board, then its immediate ability (L322-324).
    pub fn placed(&mut self, seat: Seat, card: Card) {
        self.pm(seat).slots[0] = Some(card);
        if Content::is_plot(card) {
            // A Plot card's own rows say when Corruption comes (L744).
            return;
        }
        let v = Content::get().villager(card);
        if v.icons.get(Icon::Criminal) > 0 {
            let n = self.board_icons(seat).get(Icon::Criminal);
            self.corrupt(seat, n);
        }
        self.ability(seat, card, Timing::Immediate);
    }

    // ----- icons -----

    /// The icons on a seat's board: slot cards, the printed icons of empty slots 2-3
    /// (L202), Guildhalls, the 3rd Trading Post and Clergy Bonus cards.
    pub fn board_icons(&self, seat: Seat) -> Icons {
        let c = Content::get();
        let p = self.p(seat);
        let mut icons = Icons::default();
        for card in p.slots.iter().flatten() {
            icons.add(c.card_icons(*card));
        }
        // The AI board prints its own slot and Guildhall icons (solo, L658).
        let (start, halls) = if self.is_ai(seat) {
            let b = self.ai_board();
            (&b.starting_icons, &b.guildhall_icons)
        } else {
            (&c.starting_icons, &c.buildings.guildhall_icons)
        };
        if p.slots[1].is_none() {
            icons.add(&start.slot_2);
        }
        if p.slots[2].is_none() {
            icons.add(&start.slot_3);
        }
        for hall in halls
            .iter()
            .take(p.built[Building::Guildhall as usize] as usize)
        {
            icons.add(hall);
        }
        if p.has_built(Building::TradingPost, 3) && !self.is_ai(seat) {
            icons.add(&c.buildings.trading_post_3_icons);
        }
        for r in &p.clergy_bonus {
            if let Some(b) = c.clergy_bonus.iter().find(|b| b.ribbon == *r) {
                icons.add(&b.icons);
            }
        }
        icons
    }

    pub fn has_criminal(&self, seat: Seat) -> bool {
        self.board_icons(seat).get(Icon::Criminal) > 0
    }

    // ----- track (L250-266) -----

    pub fn corrupt(&mut self, seat: Seat, n: u8) {
        let max = Content::get().track.spaces;
        let p = self.pm(seat);
        for _ in 0..n {
            if p.joined() {
                if p.corruption < max {
                    p.corruption += 1;
                    p.virtue += 1;
                }
            } else {
                p.corruption += 1;
            }
        }
    }

    pub fn virtue(&mut self, seat: Seat, n: u8) {
        let p = self.pm(seat);
        for _ in 0..n {
            if p.joined() {
                if p.virtue > 1 {
                    p.virtue -= 1;
                    p.corruption -= 1;
                }
            } else {
                p.virtue -= 1;
            }
        }
    }

    /// Phase 5 (L531-542): only when the active player's markers are joined.
    fn collision(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if !self.p(seat).joined() {
            return;
        }
        events.push(Event::Collision {
            seat,
            space: self.p(seat).corruption,
        });
        self.tasks.push(Task::CollisionRewards { seat });
        let c = Content::get();
        let all = |scope| scope == crate::config::CollisionScope::AllPlayers;
        let seats: Vec<Seat> = (0..self.n() as Seat).collect();
        // Step 2: collision abilities (pushed first so step 1 resolves first).
        for &s in seats.iter().rev() {
            if s != seat && !all(self.config.collision_cards) {
                continue;
            }
            let slots = self.p(s).slots;
            for card in slots.iter().rev().flatten() {
                if let Some(a) = c.ability_of(*card) {
                    for e in &a.effects {
                        if let Effect::Trigger {
                            on: Trigger::AnyPlayerCollision,
                            effects,
                        } = e
                        {
                            self.tasks.push(Task::Run {
                                seat: s,
                                effects: Effects::Printed(effects),
                                by: Some(Cause::Card { card: *card }),
                            });
                        }
                    }
                }
            }
        }
        // Step 1: the 2nd Workshop gives 1 Virtue to those without Criminals.
        for &s in seats.iter().rev() {
            if (s == seat || all(self.config.collision_workshop))
                && self.p(s).has_built(Building::Workshop, 2)
                && !self.has_criminal(s)
            {
                self.tasks.push(Task::Run {
                    seat: s,
                    effects: vec![gain(Items {
                        virtue: 1,
                        ..Items::default()
                    })]
                    .into(),
                    by: Some(Cause::Building {
                        building: Building::Workshop,
                    }),
                });
            }
        }
    }

    /// Steps 3-5: the items above the markers' space to the active player, those below
    /// to each opponent who qualifies, then the markers go back to the ends (A9: the
    /// space after steps 1-2).
    fn collision_rewards(&mut self, seat: Seat) {
        let c = Content::get();
        let space = self.p(seat).corruption;
        let Some(row) = c.track.positions.iter().find(|r| r.space == space) else {
            return;
        };
        let active = if self.is_ai(seat) {
            self.ai_board()
                .track_active
                .get(space as usize - 1)
                .copied()
                .unwrap_or_default()
        } else {
            row.active
        };
        let p = self.pm(seat);
        p.corruption = c.track.corruption_start;
        p.virtue = c.track.virtue_start;
        for s in (0..self.n() as Seat).rev() {
            if s == seat {
                continue;
            }
            let crim = self.has_criminal(s);
            let ok = match row.others_if_criminals.as_str() {
                ">=1" => crim,
                "0" => !crim,
                _ => true,
            };
            if ok {
                self.tasks.push(Task::Run {
                    seat: s,
                    effects: vec![gain(row.others)].into(),
                    by: Some(Cause::Collision),
                });
            }
        }
        self.tasks.push(Task::Run {
            seat,
            effects: vec![gain(active)].into(),
            by: Some(Cause::Collision),
        });
    }

    // ----- effects -----

    /// Resolves the first effect and leaves the rest for later (effects resolve in order).
    /// A printed effect is read in place; a made one is taken off its list. (Taking
    /// either as a `Cow` cost about 120 instructions an effect, 2.6% of a random game.)
    fn run_effects(&mut self, seat: Seat, effects: Effects, by: Option<Cause>) {
        let made;
        let first = match effects {
            Effects::Printed(list) => {
                let Some((first, rest)) = list.split_first() else {
                    return;
                };
                if !rest.is_empty() {
                    let effects = Effects::Printed(rest);
                    self.tasks.push(Task::Run { seat, effects, by });
                }
                first
            }
            Effects::Made(mut list) => {
                if list.is_empty() {
                    return;
                }
                made = list.remove(0);
                if !list.is_empty() {
                    let effects = Effects::Made(list);
                    self.tasks.push(Task::Run { seat, effects, by });
                }
                &made
            }
        };
        self.effect(seat, first, by);
    }

    /// One effect; what it asks is asked `by` what gave it.
    fn effect(&mut self, seat: Seat, e: &Effect, by: Option<Cause>) {
        let c = Content::get();
        if self.is_ai(seat) && self.ai_converts(e) {
            return;
        }
        match *e {
            Effect::Gain { items } => self.gain(seat, items),
            Effect::Flip { target, n } => {
                for _ in 1..n {
                    self.tasks.push(Task::Run {
                        seat,
                        effects: vec![Effect::Flip { target, n: 1 }].into(),
                        by,
                    });
                }
                self.flip(seat, target);
            }
            Effect::Rearrange => self.ask_rearrange(seat, by),
            Effect::Discard { n } => {
                for _ in 0..n {
                    if self.can_discard(seat) {
                        self.ask_by(seat, Question::Discard, by);
                    }
                }
            }
            Effect::Destroy { n } => {
                for _ in 0..n {
                    if self.can_discard(seat) {
                        self.ask_by(seat, Question::Destroy { from_pile: false }, by);
                    }
                }
            }
            Effect::Shuffle => {
                // Requires a discard pile (L848).
                if !self.p(seat).discard.is_empty() {
                    self.reshuffle(
                        seat,
                        self.config.reshuffle_check == ReshuffleCheck::Every,
                        &mut Vec::new(),
                    );
                }
            }
            Effect::HireFree => {
                if self.villagers.iter().any(|s| s.top.is_some()) {
                    self.ask_by(seat, Question::HireFree, by);
                }
            }
            Effect::CastleMove => {
                if self.castle.level1.iter().any(|s| s[seat as usize] > 0) {
                    self.ask_by(seat, Question::CastleMove, by);
                }
            }
            Effect::Choice { ref options } => {
                let options = options.clone();
                self.ask_by(seat, Question::Choose { options }, by)
            }
            Effect::PayThen {
                ref cost,
                ref reward,
            } => {
                if self.can_discard(seat) {
                    let (cost, reward) = (cost.clone(), reward.clone());
                    self.ask_by(seat, Question::PayThen { cost, reward }, by);
                }
            }
            Effect::Trigger { .. } | Effect::IconSubstitute { .. } => {}
            Effect::PlaceWorkers { n } => {
                let n = n.min(self.p(seat).reserve);
                if n > 0 {
                    self.ask_by(seat, Question::PlaceWorkers { n, anywhere: true }, by);
                }
            }
            Effect::BuildFree { ref building } => {
                if let Some(b) = Building::from_name(building) {
                    if self.p(seat).built[b as usize] < 3
                        && self.spots.iter().flatten().any(|s| s.is_none())
                    {
                        let q = Question::BuildFree {
                            building: b,
                            anywhere: true,
                        };
                        self.ask_by(seat, q, by);
                    }
                }
            }
            Effect::FreeManuscript { max_cost } => {
                // L511 read over every manuscript (option): none after the turn's one.
                if self.manuscript_limit_reached(seat) {
                    return;
                }
                let any = self
                    .manuscripts
                    .iter()
                    .any(|s| s.top.is_some_and(|m| c.manuscript(m).cost <= max_cost));
                if any {
                    self.ask_by(seat, Question::FreeManuscript { max_cost }, by);
                }
            }
        }
    }

    pub fn can_discard(&self, seat: Seat) -> bool {
        let p = self.p(seat);
        !(p.hand.is_empty() && p.draw.is_empty() && p.discard.is_empty())
    }

    /// Whether a card can come from the top of the draw pile (reshuffling the discards
    /// first if it is empty, L556): a blind discard or destroy needs one (A14).
    pub fn has_top(&self, seat: Seat) -> bool {
        let p = self.p(seat);
        !p.draw.is_empty() || !p.discard.is_empty()
    }

    fn ask_rearrange(&mut self, seat: Seat, by: Option<Cause>) {
        if self.is_ai(seat) {
            // Rearrange becomes 1 resource for the AI (column 1).
            self.ask_by(seat, Question::Resource, by);
            return;
        }
        if self.p(seat).slots.iter().flatten().count() >= 2 {
            self.ask_by(seat, Question::Rearrange, by);
        }
    }

    /// Gains: Corruption before Virtue when both come at once (L258).
    fn gain(&mut self, seat: Seat, mut it: Items) {
        if self.is_ai(seat) {
            // Each 2 Silver becomes 1 resource for the AI (column 1).
            it.any_resource += it.silver / 2;
            it.silver %= 2;
        }
        self.corrupt(seat, it.corruption);
        self.virtue(seat, it.virtue);
        let p = self.pm(seat);
        p.silver += it.silver as u16;
        p.res[Res::Ink as usize] += it.ink as u16;
        p.res[Res::Gold as usize] += it.gold as u16;
        p.res[Res::Stone as usize] += it.stone as u16;
        for _ in 0..it.rearrange {
            self.ask_rearrange(seat, None);
        }
        for _ in 0..it.any_resource {
            self.ask(seat, Question::Resource);
        }
        if it.debt > 0 {
            self.tasks.push(Task::GainDebts { seat, n: it.debt });
        }
        for _ in 0..it.deed {
            self.gain_deed(seat);
        }
    }

    /// A Debt from the Poverty pile; its last one reveals the card and triggers the end
    /// (L224-236).
    fn gain_debt(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.debts_on_poverty > 0 {
            self.debts_on_poverty -= 1;
            if self.debts_on_poverty == 0 {
                self.poverty_revealed = true;
                self.trigger_end(events);
            }
        }
        self.pm(seat).debts += 1;
        self.tasks.push(Task::Fire {
            seat,
            on: Trigger::OnGainDebt,
        });
    }

    fn gain_deed(&mut self, seat: Seat) {
        if self.deeds_on_prosperity > 0 {
            self.deeds_on_prosperity -= 1;
            if self.deeds_on_prosperity == 0 {
                self.prosperity_revealed = true;
                self.trigger_end(&mut Vec::new());
            }
        }
        self.pm(seat).deeds += 1;
    }

    /// The current round ends and a final round follows (L562; A4).
    fn trigger_end(&mut self, events: &mut Vec<Event>) {
        if self.last_round.is_none() && self.round > 0 {
            self.last_round = Some(match self.config.final_round {
                FinalRound::ExtraRound => self.round + 1,
                FinalRound::CompleteRound => self.round,
            });
            events.push(Event::EndTriggered);
        } else if self.last_round.is_none() {
            // Revealed during setup: the first round is the last but one.
            self.last_round = Some(match self.config.final_round {
                FinalRound::ExtraRound => 2,
                FinalRound::CompleteRound => 1,
            });
        }
    }

    fn flip(&mut self, seat: Seat, target: FlipTarget) {
        if self.is_ai(seat) && target == FlipTarget::DebtOrDeed {
            return self.ai_flip();
        }
        let p = self.p(seat);
        let (debt, deed) = (p.debts > 0, p.deeds > 0);
        match target {
            FlipTarget::Debt if debt => self.flip_debt(seat),
            FlipTarget::Deed if deed => self.flip_deed(seat),
            FlipTarget::DebtOrDeed if debt && deed => self.ask(seat, Question::Flip),
            FlipTarget::DebtOrDeed if debt => self.flip_debt(seat),
            FlipTarget::DebtOrDeed if deed => self.flip_deed(seat),
            _ if self.is_ai(seat) => self.virtue(seat, 1),
            _ => {}
        }
    }

    /// Paying a Debt gives 1 resource at once (L246; A13: the player chooses).
    pub fn flip_debt(&mut self, seat: Seat) {
        let p = self.pm(seat);
        p.debts -= 1;
        p.paid_debts += 1;
        self.tasks.push(Task::Fire {
            seat,
            on: Trigger::OnFlipDebt,
        });
        self.ask(seat, Question::Resource);
    }

    pub fn flip_deed(&mut self, seat: Seat) {
        let p = self.pm(seat);
        p.deeds -= 1;
        p.approved_deeds += 1;
    }

    fn fire(&mut self, seat: Seat, on: Trigger) {
        let c = Content::get();
        let slots = self.p(seat).slots;
        for card in slots.iter().rev().flatten() {
            if let Some(a) = c.ability_of(*card) {
                if a.timing != Timing::Ongoing {
                    continue;
                }
                for e in &a.effects {
                    if let Effect::Trigger { on: o, effects } = e {
                        if *o == on {
                            self.tasks.push(Task::Run {
                                seat,
                                effects: Effects::Printed(effects),
                                by: Some(Cause::Card { card: *card }),
                            });
                        }
                    }
                }
            }
        }
    }

    // ----- hiring (L525-527) -----

    pub fn can_hire(&self, seat: Seat) -> bool {
        let pos = board::pos_of(self.p(seat).space);
        self.villagers[pos as usize]
            .top
            .is_some_and(|c| Content::get().villager(c).silver as u16 <= self.p(seat).silver)
    }

    /// Takes the top villager at `pos` into the seat's discard pile with its hire effects
    /// and the 1st Workshop's Discard; the next card is revealed.
    pub fn hire_from(&mut self, seat: Seat, pos: u8) {
        let Some(card) = self.villagers[pos as usize].top.take() else {
            return;
        };
        self.pm(seat).discard.push(card);
        self.tasks.push(Task::RevealVillager { pos });
        if self.p(seat).has_built(Building::Workshop, 1) && self.can_discard(seat) {
            let by = Some(Cause::Building {
                building: Building::Workshop,
            });
            self.ask_by(seat, Question::Discard, by);
        }
        if let Some(h) = &Content::get().villager(card).hire_dismiss {
            if !h.effects.is_empty() {
                self.tasks.push(Task::Run {
                    seat,
                    effects: Effects::Printed(&h.effects),
                    by: Some(Cause::Card { card }),
                });
            }
        }
    }

    /// Whether the seat may take manuscript `ms` (for the Clergy Bonus, L519).
    /// Whether `seat` may take no other manuscript this turn (L511 under
    /// `ManuscriptLimit::Every`; the Transcribe action is one a turn anyway).
    pub fn manuscript_limit_reached(&self, seat: Seat) -> bool {
        self.config.manuscript_limit == crate::config::ManuscriptLimit::Every
            && self.transcribed[seat as usize]
    }

    pub fn take_manuscript(&mut self, seat: Seat, pos: u8) {
        let c = Content::get();
        let Some(ms) = self.manuscripts[pos as usize].top.take() else {
            return;
        };
        self.transcribed[seat as usize] = true;
        self.pm(seat).manuscripts.push(ms);
        self.tasks.push(Task::RevealManuscript { pos });
        let ribbon = c.manuscript(ms).ribbon;
        let same = self
            .p(seat)
            .manuscripts
            .iter()
            .filter(|m| c.manuscript(**m).ribbon == ribbon)
            .count();
        if same >= 3 {
            if let Some(i) = self.clergy_bonus_left.iter().position(|r| *r == ribbon) {
                self.clergy_bonus_left.remove(i);
                self.pm(seat).clergy_bonus.push(ribbon);
            }
        }
        let imm = &c.manuscript(ms).immediate;
        if !imm.is_empty() {
            self.tasks.push(Task::Run {
                seat,
                effects: Effects::Printed(imm),
                by: Some(Cause::Manuscript { ms: Some(ms) }),
            });
        }
    }

    /// A building on (pos, spot): the spot's reward, then each completed connection gives
    /// its reward to both owners, once if the same (L437-441).
    pub fn build_on(&mut self, seat: Seat, b: Building, pos: u8, spot: u8) {
        // Only printed spots (a position file is held to them too).
        if spot as usize >= self.segment(pos).spots.len() {
            return;
        }
        self.spots[pos as usize][spot as usize] = Some((seat, b));
        self.pm(seat).built[b as usize] += 1;
        let mut runs: Vec<Task> = Vec::new();
        runs.push(Task::Run {
            seat,
            effects: Effects::Printed(&self.segment(pos).spots[spot as usize].reward),
            by: Some(Cause::Spot),
        });
        for (lp, li, op, os) in self.links_of(pos, spot) {
            if let Some((other, _)) = self.spots[op as usize][os as usize] {
                let Some(link) = &self.segment(lp).links[li as usize] else {
                    continue;
                };
                runs.push(Task::Run {
                    seat,
                    effects: Effects::Printed(&link.reward),
                    by: Some(Cause::Spot),
                });
                if other != seat {
                    runs.push(Task::Run {
                        seat: other,
                        effects: Effects::Printed(&link.reward),
                        by: Some(Cause::Spot),
                    });
                }
            }
        }
        for t in runs.into_iter().rev() {
            self.tasks.push(t);
        }
    }

    /// Workers into a level-1 section, then the cascade (L479).
    pub fn place_workers(&mut self, seat: Seat, section: u8, n: u8) {
        // Never more than the reserve (A24; a position file is held to it too).
        let Some(left) = self.p(seat).reserve.checked_sub(n) else {
            return;
        };
        self.pm(seat).reserve = left;
        self.castle.level1[section as usize][seat as usize] += n;
        self.tasks.push(Task::Castle { seat });
    }

    fn kind_here(&self, seat: Seat) -> Kind {
        board::kind_of(self.p(seat).space)
    }

    pub fn outer(&self, seat: Seat) -> bool {
        self.kind_here(seat) != Kind::Inner
    }
}

/// Removes one `x` from a pile an outcome draws from, or refuses the outcome.
fn take_one<T: PartialEq>(pile: &mut Vec<T>, x: &T) -> Result<()> {
    let i = pile.iter().position(|c| c == x).ok_or(Error::BadOutcome)?;
    pile.remove(i);
    Ok(())
}

pub fn gain(items: Items) -> Effect {
    Effect::Gain { items }
}

pub fn refuse<T>(r: Refusal) -> Result<T> {
    Err(Error::Refused(r))
}
