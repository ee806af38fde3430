//! Cities & Knights rules beside the base ones: points, hand limits, rates, the roll
//! (event die, barbarians, progress draws, production with commodities, the Aqueduct),
//! walls, improvements and metropolises. Seed 004 sections cited where a rule decides.

use super::{Ck, CkContent, EventFace, Metropolis, RollState, Stage, Track, ABILITY_LEVEL};
use super::{METROPOLIS_LEVEL, TOP_LEVEL};
use crate::action::{Action, Event, Outcome};
use crate::cards::{Card, Cards, COMMODITIES, RESOURCES};
use crate::config::{AqueductRule, DefenderRule, DefenderSupply, OwnTurnHand};
use crate::content::{Content, Terrain};
use crate::error::{Error, Refusal, Result};
use crate::geometry::{Geometry, Vertex, VertexSet, VERTICES};
use crate::state::{Catan, Phase, PointSource};
use tabuleiro_core::{Seat, SeatSet};

pub(crate) type Check = std::result::Result<(), Refusal>;

pub(crate) fn need(ok: bool, refusal: Refusal) -> Check {
    if ok {
        Ok(())
    } else {
        Err(refusal)
    }
}

impl Catan {
    pub(crate) fn ckr(&self) -> &Ck {
        self.ck.as_deref().expect("a Cities & Knights position")
    }

    pub(crate) fn ckm(&mut self) -> &mut Ck {
        self.ck.as_deref_mut().expect("a Cities & Knights position")
    }

    /// The points to win: 10, or 13 in Cities & Knights (seed 004 section 16).
    pub fn victory_target(&self) -> u8 {
        match self.ck {
            Some(_) => CkContent::get().victory_points,
            None => Content::get().victory_points,
        }
    }

    /// The expansion's sources of points: metropolises, Defender of Catan cards, the
    /// Merchant, the point progress cards shown (seed 004 section 16); none in the base game.
    pub(crate) fn ck_point_sources(&self, seat: Seat) -> [(PointSource, u8); 4] {
        let (metros, defender, merchant, cards) = match &self.ck {
            None => (0, 0, 0, 0),
            Some(ck) => {
                let c = CkContent::get();
                let p = &ck.players[seat as usize];
                // Counted, not gathered into a set: the points are asked after every
                // decision (issue 46).
                let held = ck.metropolis.iter().flatten().filter(|m| m.seat == seat);
                let metros = held.count() as u32 * c.metropolis_vp as u32;
                let merchant = ck.merchant.is_some_and(|(s, _)| s == seat) as u32;
                let defender = p.defender as u32 * c.defender_vp as u32;
                (
                    metros,
                    defender,
                    merchant * c.merchant_vp as u32,
                    p.revealed.len() as u32,
                )
            }
        };
        let clamp = |n: u32| n.min(u8::MAX as u32) as u8;
        [
            (PointSource::Metropolises, clamp(metros)),
            (PointSource::Defender, clamp(defender)),
            (PointSource::Merchant, clamp(merchant)),
            (PointSource::PointCards, clamp(cards)),
        ]
    }

    /// Cards a seat may hold on a 7 without discarding: 7, plus 2 per wall (section 9).
    pub fn hand_limit(&self, seat: Seat) -> u8 {
        let walls = self
            .ck
            .as_ref()
            .map_or(0, |ck| ck.players[seat as usize].walls.len() as u8);
        Content::get().hand_limit + walls * CkContent::get().wall_bonus
    }

    /// The expansion's own 2:1 rates: commodities with trade level 3 (section 10), the
    /// Merchant's hex (section 13), the Merchant Fleet's kind.
    pub(crate) fn ck_rate(&self, ck: &Ck, seat: Seat, card: Card) -> u8 {
        let two = Content::get().rate_special;
        let trade = ck.players[seat as usize].improvements[Track::Trade as usize];
        let merchant = ck.merchant.is_some_and(|(s, h)| {
            s == seat && self.board.terrain[h as usize].produces() == Some(card)
        });
        let fleet = ck.fleet == Some(card) && seat == self.current;
        if (!card.is_resource() && trade >= ABILITY_LEVEL) || merchant || fleet {
            two
        } else {
            Content::get().rate_bank
        }
    }

    /// Cities of `seat` without a metropolis.
    pub fn free_cities(&self, seat: Seat) -> VertexSet {
        let metros = self
            .ck
            .as_ref()
            .map_or(VertexSet::EMPTY, |ck| ck.metropolises(seat));
        self.players[seat as usize].cities & !metros
    }

    /// Every piece on an intersection: buildings and knights.
    pub fn pieces(&self) -> VertexSet {
        self.occupied()
            | self
                .ck
                .as_ref()
                .map_or(VertexSet::EMPTY, |ck| ck.all_knights())
    }

    /// How many progress cards `seat` may hold now (section 12; digest C13).
    pub fn progress_allowed(&self, seat: Seat) -> usize {
        let c = CkContent::get();
        let own_turn = seat == self.current && self.turn > 0;
        match (own_turn, self.config.ck.own_turn_hand) {
            (false, _) => c.progress_limit as usize,
            (true, OwnTurnHand::Five) => c.progress_own_turn as usize,
            (true, OwnTurnHand::Unlimited) => usize::MAX,
        }
    }

    /// Refusals of decisions only the expansion has, and of base decisions it changes.
    pub(crate) fn why_not_ck(&self, seat: Seat, action: &Action) -> Check {
        let Some(ck) = self.ck.as_deref() else {
            return Err(Refusal::ExpansionOnly);
        };
        let p = &self.players[seat as usize];
        let cp = &ck.players[seat as usize];
        let c = CkContent::get();
        match (&self.phase, *action) {
            (Phase::Main, Action::Wall { vertex }) => {
                self.why_not_wall(seat, vertex)?;
                need(p.hand.contains(&c.wall_cost), Refusal::CannotAfford)
            }
            (Phase::Main, Action::Improve { track }) => {
                self.why_not_improve(seat, track)?;
                let cost = c.improvement(track, cp.improvements[track as usize]);
                need(p.hand.contains(&cost), Refusal::CannotAfford)
            }
            (Phase::Metropolis { .. }, Action::Metropolis { vertex }) => {
                need(self.free_cities(seat).contains(vertex), Refusal::NoFreeCity)
            }
            (Phase::Pillage { .. }, Action::Pillage { vertex }) => need(
                self.free_cities(seat).contains(vertex),
                Refusal::NotYourCity,
            ),
            (Phase::PickDeck { .. }, Action::PickDeck { track }) => {
                need(!ck.decks[track as usize].is_empty(), Refusal::DeckEmpty)
            }
            (Phase::ProgressDiscard { .. }, Action::DiscardProgress { card }) => need(
                cp.progress.contains(&card),
                Refusal::NoSuchCard { card: card.name() },
            ),
            (Phase::Aqueduct { .. }, Action::Aqueduct { card }) => {
                need(card.is_resource(), Refusal::NotAResource)?;
                need(self.bank.get(card) > 0, Refusal::BankLacks)
            }
            (_, Action::Play { play }) => self.why_not_play_progress(seat, &play),
            _ => self.why_not_knight(seat, action),
        }
    }

    pub(crate) fn why_not_wall(&self, seat: Seat, vertex: Vertex) -> Check {
        let c = CkContent::get();
        let cp = &self.ckr().players[seat as usize];
        need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
        need(
            self.players[seat as usize].cities.contains(vertex),
            Refusal::NotYourCity,
        )?;
        need(!cp.walls.contains(vertex), Refusal::AlreadyWalled)?;
        need(
            cp.walls.len() < c.walls_max as u32,
            Refusal::NoPiecesLeft { piece: "wall" },
        )
    }

    /// Whether `seat` may raise `track` (cost aside): a city on the board; levels 4
    /// and 5 need a city without a metropolis unless the seat holds this track's
    /// (seed 004 section 11; data file `tracks`).
    pub(crate) fn why_not_improve(&self, seat: Seat, track: Track) -> Check {
        let ck = self.ckr();
        let level = ck.players[seat as usize].improvements[track as usize];
        need(
            !self.players[seat as usize].cities.is_empty(),
            Refusal::NoCity,
        )?;
        need(level < TOP_LEVEL, Refusal::TopLevel)?;
        let holds = ck.metropolis[track as usize].is_some_and(|m| m.seat == seat);
        need(
            level + 1 < METROPOLIS_LEVEL || holds || !self.free_cities(seat).is_empty(),
            Refusal::NoFreeCity,
        )
    }

    pub(crate) fn perform_ck(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let c = CkContent::get();
        match (&self.phase, *action) {
            (_, Action::Wall { vertex }) => {
                self.pay(seat, &c.wall_cost);
                self.add_wall(seat, vertex, events);
            }
            (_, Action::Improve { track }) => {
                let level = self.ckr().players[seat as usize].improvements[track as usize];
                self.pay(seat, &c.improvement(track, level));
                self.improve(seat, track, events);
            }
            (Phase::Metropolis { track }, Action::Metropolis { vertex }) => {
                let track = *track;
                self.place_metropolis(seat, track, vertex, events);
                self.phase = Phase::Main;
            }
            (_, Action::Pillage { vertex }) => {
                self.pillage(seat, vertex, events);
                self.phase_without(seat, events);
            }
            (_, Action::PickDeck { track }) => {
                self.draw_progress(seat, track, events);
                self.phase_without(seat, events);
            }
            (Phase::ProgressDiscard { ending, .. }, Action::DiscardProgress { card }) => {
                let ending = *ending;
                let cp = &mut self.ckm().players[seat as usize];
                let i = cp.progress.iter().position(|&p| p == card).unwrap_or(0);
                cp.progress.remove(i);
                // Discarded cards go under their deck (digest section 11).
                self.ckm().decks[card.track() as usize].insert(0, card);
                events.push(Event::ProgressDiscarded {
                    seat,
                    card: Some(card),
                });
                if ending {
                    if self.ckr().players[seat as usize].progress.len() <= c.progress_limit as usize
                    {
                        self.next_turn(events);
                    }
                } else {
                    self.settle_progress_hands(events);
                }
            }
            (_, Action::Aqueduct { card }) => {
                self.bank.remove(&Cards::of(card, 1));
                self.players[seat as usize].hand.add(&Cards::of(card, 1));
                events.push(Event::AqueductUsed { seat, card });
                self.phase_without(seat, events);
            }
            (_, Action::Play { play }) => self.play_progress(seat, &play, events),
            _ => self.perform_knight(seat, action, events),
        }
    }

    /// A seat of a simultaneous choice has chosen: the others go on, or the roll does.
    fn phase_without(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let rest = match &mut self.phase {
            Phase::Pillage { waiting }
            | Phase::PickDeck { waiting }
            | Phase::Aqueduct { waiting } => {
                *waiting = waiting.without(seat);
                waiting.is_empty()
            }
            _ => true,
        };
        if rest {
            self.resume(events);
        }
    }

    pub(crate) fn add_wall(&mut self, seat: Seat, vertex: Vertex, events: &mut Vec<Event>) {
        let cp = &mut self.ckm().players[seat as usize];
        cp.walls = cp.walls.with(vertex);
        events.push(Event::WallBuilt { seat, vertex });
    }

    /// One level more; the metropolis to the first at level 4, or to one reaching 5
    /// first while its holder is below 5 (seed 004 section 11).
    pub(crate) fn improve(&mut self, seat: Seat, track: Track, events: &mut Vec<Event>) {
        let cp = &mut self.ckm().players[seat as usize];
        cp.improvements[track as usize] += 1;
        let level = cp.improvements[track as usize];
        events.push(Event::Improved { seat, track, level });
        let holder = self.ckr().metropolis[track as usize];
        let claims = match holder {
            None => level >= METROPOLIS_LEVEL,
            Some(m) => {
                m.seat != seat
                    && level == TOP_LEVEL
                    && self.ckr().players[m.seat as usize].improvements[track as usize] < TOP_LEVEL
            }
        };
        if !claims {
            return;
        }
        let free = self.free_cities(seat);
        match (free.len(), free.iter().next()) {
            (1, Some(v)) => self.place_metropolis(seat, track, v, events),
            (0, _) => {}
            _ => self.phase = Phase::Metropolis { track },
        }
    }

    fn place_metropolis(
        &mut self,
        seat: Seat,
        track: Track,
        vertex: Vertex,
        events: &mut Vec<Event>,
    ) {
        let from = self.ckr().metropolis[track as usize].map(|m| m.seat);
        self.ckm().metropolis[track as usize] = Some(Metropolis { seat, vertex });
        events.push(Event::MetropolisMoved {
            track,
            from,
            seat,
            vertex,
        });
    }

    /// A city reduced to a settlement, its wall lost (seed 004 sections 7 and 9).
    fn pillage(&mut self, seat: Seat, vertex: Vertex, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.cities = p.cities.without(vertex);
        p.settlements = p.settlements.with(vertex);
        let cp = &mut self.ckm().players[seat as usize];
        cp.walls = cp.walls.without(vertex);
        events.push(Event::CityPillaged { seat, vertex });
    }

    /// The board and the three shuffled progress decks.
    pub(crate) fn setup_ck(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        let Outcome::SetupCitiesAndKnights { board, decks } = outcome else {
            return Err(Error::Outcome("not a Cities & Knights setup".into()));
        };
        board.check(&self.config).map_err(Error::Outcome)?;
        let c = CkContent::get();
        for t in Track::ALL {
            let mut want: Vec<_> = c.decks[t as usize]
                .iter()
                .flat_map(|&(p, n)| std::iter::repeat_n(p, n as usize))
                .collect();
            let mut got = decks[t as usize].clone();
            want.sort();
            got.sort();
            if want != got {
                return Err(Error::Outcome(format!(
                    "the {} deck is not the game's",
                    t.name()
                )));
            }
        }
        self.board = board.clone();
        self.robber = board.desert();
        self.ckm().decks = decks.clone();
        self.phase = Phase::Place {
            step: 0,
            settled: None,
        };
        events.push(Event::BoardSet);
        Ok(())
    }

    pub(crate) fn sample_setup_ck(&self, rng: &mut tabuleiro_core::Rng) -> Outcome {
        let board = crate::board::Layout::random(&self.config, rng);
        let decks = Track::ALL.map(|t| {
            let mut d: Vec<_> = CkContent::get().decks[t as usize]
                .iter()
                .flat_map(|&(p, n)| std::iter::repeat_n(p, n as usize))
                .collect();
            rng.shuffle(&mut d);
            d
        });
        Outcome::SetupCitiesAndKnights { board, decks }
    }

    pub(crate) fn sample_roll_ck(&self, rng: &mut tabuleiro_core::Rng) -> Outcome {
        let dice = [rng.die(), rng.die()];
        let event = EventFace::of_die(rng.die());
        Outcome::RollWithEvent {
            dice: self.ckr().alchemist.unwrap_or(dice),
            event,
        }
    }

    /// Every roll with the event die, each with its chance (an Alchemist's dice are
    /// set; the event die's ship faces are one outcome).
    pub(crate) fn roll_outcomes_ck(&self) -> Vec<(Outcome, f64)> {
        let rolls: Vec<([u8; 2], f64)> = match self.ckr().alchemist {
            Some(dice) => vec![(dice, 1.0)],
            None => tabuleiro_core::chance::two_dice().collect(),
        };
        let faces = tabuleiro_core::chance::uniform_draw((1..=6).map(EventFace::of_die));
        rolls
            .iter()
            .flat_map(|&(dice, p)| {
                faces
                    .iter()
                    .map(move |&(event, q)| (Outcome::RollWithEvent { dice, event }, p * q))
            })
            .collect()
    }

    /// The roll: the event die first, then production (data file `turn_order`).
    pub(crate) fn roll_ck(
        &mut self,
        dice: [u8; 2],
        event: EventFace,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        if dice.iter().any(|d| !(1..=6).contains(d)) {
            return Err(Error::Outcome(format!("dice show 1-6, not {dice:?}")));
        }
        if self.ckr().alchemist.is_some_and(|a| a != dice) {
            return Err(Error::Outcome("the Alchemist chose other dice".into()));
        }
        self.rolled = true;
        self.ckm().alchemist = None;
        events.push(Event::Rolled {
            seat: self.current,
            dice,
        });
        events.push(Event::EventRolled {
            seat: self.current,
            face: event,
        });
        self.ckm().roll = Some(RollState {
            dice,
            event,
            stage: Stage::Draws,
        });
        if event == EventFace::Ship {
            self.advance_barbarians(events);
        }
        if self.phase == Phase::Rolling {
            self.resume(events);
        }
        Ok(())
    }

    /// Goes on with the roll being resolved, or back to the turn.
    pub(crate) fn resume(&mut self, events: &mut Vec<Event>) {
        if self.settle_hands_first(events) {
            return;
        }
        let Some(roll) = self.ckr().roll else {
            self.phase = self.after_robber();
            return;
        };
        match roll.stage {
            Stage::Draws => {
                self.ckm().roll = Some(RollState {
                    stage: Stage::Produce,
                    ..roll
                });
                if let EventFace::Castle(track) = roll.event {
                    self.castle_draws(track, roll.dice[1], events);
                }
                self.resume(events);
            }
            Stage::Produce => {
                let sum = roll.dice[0] + roll.dice[1];
                self.ckm().roll = Some(RollState {
                    stage: Stage::Robber,
                    ..roll
                });
                if sum == 7 {
                    self.seven(events);
                    if self.phase == Phase::Robber {
                        self.resume(events);
                    }
                } else {
                    self.ckm().roll = None;
                    let got = self.produce_cards(sum, events);
                    self.aqueduct(sum, &got);
                }
            }
            Stage::Robber => {
                self.ckm().roll = None;
                // No robber before the first attack; the discards still happen
                // (seed 004 section 8).
                self.phase = if self.ckr().attacked {
                    Phase::Robber
                } else {
                    Phase::Main
                };
            }
        }
    }

    /// Progress hands over the limit are settled before anything else goes on.
    fn settle_hands_first(&mut self, events: &mut Vec<Event>) -> bool {
        let _ = events;
        let waiting: SeatSet = (0..self.n() as Seat)
            .filter(|&s| self.ckr().players[s as usize].progress.len() > self.progress_allowed(s))
            .collect();
        if waiting.is_empty() {
            return false;
        }
        self.phase = Phase::ProgressDiscard {
            waiting,
            ending: false,
        };
        true
    }

    /// After a progress discard outside the end of a turn.
    fn settle_progress_hands(&mut self, events: &mut Vec<Event>) {
        self.resume(events);
    }

    /// Each seat in turn order from the roller draws when the red die is within its
    /// level's reach (data file `progress_draw_max_red`).
    fn castle_draws(&mut self, track: Track, red: u8, events: &mut Vec<Event>) {
        let c = CkContent::get();
        let n = self.n() as Seat;
        for i in 0..n {
            let seat = (self.current + i) % n;
            let level = self.ckr().players[seat as usize].improvements[track as usize];
            if level >= 1 && red <= c.draw_max_red[level as usize] {
                self.draw_progress(seat, track, events);
            }
        }
    }

    /// The top card of a deck to a seat; point cards are shown at once.
    pub(crate) fn draw_progress(&mut self, seat: Seat, track: Track, events: &mut Vec<Event>) {
        let Some(card) = self.ckm().decks[track as usize].pop() else {
            return;
        };
        events.push(Event::ProgressDrawn {
            seat,
            track,
            card: Some(card),
        });
        let cp = &mut self.ckm().players[seat as usize];
        if card.is_point() {
            cp.revealed.push(card);
            events.push(Event::PointCardShown { seat, card });
        } else {
            cp.progress.push(card);
        }
    }

    /// The ship advances one space; at the end of the track it attacks (section 5, 7).
    fn advance_barbarians(&mut self, events: &mut Vec<Event>) {
        let c = CkContent::get();
        self.ckm().barbarians += 1;
        let position = self.ckr().barbarians;
        events.push(Event::BarbariansAdvanced { position });
        if position >= c.barbarian_track {
            self.attack(events);
        }
    }

    /// Barbarian strength: cities on the board, metropolises included (digest C3).
    pub fn barbarian_strength(&self) -> u32 {
        self.players.iter().map(|p| p.cities.len()).sum()
    }

    /// Defence: the active knights of every seat (section 7).
    pub fn knight_strength(&self) -> u32 {
        self.ckr().players.iter().map(|p| p.active_strength()).sum()
    }

    fn attack(&mut self, events: &mut Vec<Event>) {
        let barbarians = self.barbarian_strength();
        let knights = self.knight_strength();
        let defended = knights >= barbarians;
        events.push(Event::BarbariansAttacked {
            barbarians,
            knights,
            defended,
        });
        let strength: Vec<u32> = self
            .ckr()
            .players
            .iter()
            .map(|p| p.active_strength())
            .collect();
        if defended {
            let merit: Vec<u32> = match self.config.ck.defender {
                DefenderRule::Strength => strength.clone(),
                DefenderRule::MostKnights => self
                    .ckr()
                    .players
                    .iter()
                    .map(|p| p.knights.iter().filter(|k| k.active).count() as u32)
                    .collect(),
            };
            let best = merit.iter().copied().max().unwrap_or(0);
            let top: SeatSet = (0..self.n() as Seat)
                .filter(|&s| best > 0 && merit[s as usize] == best)
                .collect();
            let cards_left = self.ckr().decks.iter().any(|d| !d.is_empty());
            match (top.len(), top.lowest()) {
                // No defender at all (no active knight), or no card left to take.
                (0, _) => {}
                (_, _) if top.len() > 1 && !cards_left => {}
                (1, Some(s)) => self.defender_of_catan(s, cards_left, events),
                // Ties each take a progress card of the colour they choose (C15).
                _ => self.phase = Phase::PickDeck { waiting: top },
            }
        } else {
            // The lowest among the seats with a city that is not a metropolis each
            // lose one (seed 004 L65-67; digest C2).
            let exposed: Vec<Seat> = (0..self.n() as Seat)
                .filter(|&s| !self.free_cities(s).is_empty())
                .collect();
            let low = exposed.iter().map(|&s| strength[s as usize]).min();
            let mut waiting = SeatSet::EMPTY;
            for &s in &exposed {
                if Some(strength[s as usize]) != low {
                    continue;
                }
                let free = self.free_cities(s);
                match (free.len(), free.iter().next()) {
                    (1, Some(v)) => self.pillage(s, v, events),
                    _ => waiting = waiting.with(s),
                }
            }
            if !waiting.is_empty() {
                self.phase = Phase::Pillage { waiting };
            }
        }
        // Then every knight goes inactive and the ship back to the start (section 7).
        let ck = self.ckm();
        ck.players
            .iter_mut()
            .flat_map(|p| p.knights.iter_mut())
            .for_each(|k| k.active = false);
        ck.barbarians = 0;
        ck.attacked = true;
        // No road changes: a pillaged city stays a settlement, and a knight blocks
        // roads active or not (issue 46: this recount of every seat was 8% of play).
    }

    /// The sole best defender takes a Defender of Catan card (seed 004 L63-64), while
    /// the supply has one; when it is empty, what the option `ck.defender_supply`
    /// says.
    fn defender_of_catan(&mut self, seat: Seat, progress_left: bool, events: &mut Vec<Event>) {
        let supply = self.config.ck.defender_supply;
        if supply == DefenderSupply::Unlimited || self.defenders_left() > 0 {
            let p = &mut self.ckm().players[seat as usize];
            p.defender = p.defender.saturating_add(1);
            events.push(Event::DefenderOfCatan { seat });
            return;
        }
        events.push(Event::NoDefenderLeft { seat });
        if supply == DefenderSupply::ProgressCard && progress_left {
            self.phase = Phase::PickDeck {
                waiting: SeatSet::one(seat),
            };
        }
    }

    /// Defender of Catan cards still in the supply (data file `defender_cards`).
    pub fn defenders_left(&self) -> u8 {
        let taken: u32 = self
            .ck
            .as_ref()
            .map_or(0, |ck| ck.players.iter().map(|p| p.defender as u32).sum());
        (CkContent::get().defender_cards as u32).saturating_sub(taken) as u8
    }

    /// Production with commodities: a city on forest, pasture or mountains gives one
    /// resource and one commodity, elsewhere two resources (seed 004 section 4).
    pub(crate) fn hex_yield(&self, terrain: Terrain, settlements: u32, cities: u32) -> Cards {
        let Some(r) = terrain.produces() else {
            return Cards::NONE;
        };
        let commodity = self
            .ck
            .as_ref()
            .and_then(|_| CkContent::get().city_commodity[terrain as usize]);
        match commodity {
            Some(k) => {
                let mut c = Cards::of(r, (settlements + cities) as u8);
                c.add(&Cards::of(k, cities as u8));
                c
            }
            None => Cards::of(r, (settlements + 2 * cities) as u8),
        }
    }

    /// The Aqueduct: seats at science level 3 whom a non-7 roll gave nothing (digest
    /// C10 as the option says) choose a resource.
    fn aqueduct(&mut self, sum: u8, got: &[Cards]) {
        let g = Geometry::get();
        let numbered = crate::board::hexes_numbered(&self.board.numbers, sum);
        let waiting: SeatSet = (0..self.n() as Seat)
            .filter(|&s| {
                let science = self.ckr().players[s as usize].improvements[Track::Science as usize];
                let blocked = numbered.contains(self.robber)
                    && self.players[s as usize]
                        .buildings()
                        .intersects(g.hex_vertex_set[self.robber as usize]);
                let nothing = got[s as usize].is_empty();
                science >= ABILITY_LEVEL
                    && (nothing
                        || (blocked && self.config.ck.aqueduct == AqueductRule::AlsoWhenBlocked))
            })
            .collect();
        let bank_has = RESOURCES.iter().any(|&r| self.bank.get(r) > 0);
        self.phase = if waiting.is_empty() || !bank_has {
            Phase::Main
        } else {
            Phase::Aqueduct { waiting }
        };
    }

    /// The end of a turn: a fifth progress card is discarded first (section 12).
    pub(crate) fn end_turn_ck(&mut self, events: &mut Vec<Event>) {
        let seat = self.current;
        if self.ckr().players[seat as usize].progress.len()
            > CkContent::get().progress_limit as usize
        {
            self.phase = Phase::ProgressDiscard {
                waiting: SeatSet::one(seat),
                ending: true,
            };
        } else {
            self.next_turn(events);
        }
    }

    /// Turn flags the expansion clears when a turn begins.
    pub(crate) fn start_turn_ck(&mut self) {
        if let Some(ck) = self.ck.as_deref_mut() {
            ck.fleet = None;
            for k in ck.players.iter_mut().flat_map(|p| p.knights.iter_mut()) {
                k.activated_now = false;
                k.placed_now = false;
                k.promoted_now = false;
            }
        }
    }

    /// The commodities among `cards`.
    pub(crate) fn commodities_in(cards: &Cards) -> impl Iterator<Item = Card> + '_ {
        COMMODITIES.into_iter().filter(|&k| cards.get(k) > 0)
    }
}
