//! Position files (`tabuleiro position`): a position read from outside is validated on
//! construction ([`Viscounts::from_json`]): every index names something that exists,
//! cards, manuscripts, workers and buildings are conserved, the markers and piles are in
//! range, and the phase fits the pending work. Automatic work pending on top is then run
//! as the rules run it ([`Viscounts::settle`]), so that a file may hold any moment of a
//! game. A refusal names the first fault found.

use crate::action::Main;
use crate::content::{Building, Content, Deck, Ribbon};
use crate::effect::{Card, Ms};
use crate::error::{Error, PositionError, Result};
use crate::state::{Phase, Question, Stack, Task, Viscounts, SEGMENTS, SPACES};
use tabuleiro_core::{Seat, MAX_SEATS};

/// No rule bounds Silver or resources, but no game comes near this: a larger count is a
/// made-up file (and would overflow the counters).
pub const MAX_HELD: u16 = 1000;

type Check = std::result::Result<(), PositionError>;

fn fail(ok: bool, e: impl FnOnce() -> PositionError) -> Check {
    if ok {
        Ok(())
    } else {
        Err(e())
    }
}

impl Viscounts {
    /// Reads a position file: completed from the box where it says `"fill": "box"`
    /// (src/fill.rs), validated, then settled ([`Viscounts::settle`]).
    pub fn from_json(text: &str) -> Result<Viscounts> {
        let file: serde_json::Value = serde_json::from_str(text).map_err(json_error)?;
        Viscounts::from_file(file)
    }

    /// [`Viscounts::from_json`] for a file already read as JSON.
    pub fn from_file(mut file: serde_json::Value) -> Result<Viscounts> {
        let fill = match file.as_object_mut().and_then(|f| f.remove("fill")) {
            Some(f) => Some(
                serde_json::from_value::<crate::Fill>(f)
                    .map_err(|e| json_error(format!("fill: {e}")))?,
            ),
            None => None,
        };
        let mut g: Viscounts = serde_json::from_value(file).map_err(json_error)?;
        if fill.is_some() {
            g.fill_from_box();
        }
        g.validate()?;
        g.settle()?;
        Ok(g)
    }

    /// Runs the automatic work pending on top of a validated position as the rules run
    /// it after a decision ([`Viscounts::advance`]: castle cascades, collisions, the
    /// draw step, the end of a turn, the solo AI's turn...) until the game waits for a
    /// seat or for chance, or is over; a position whose work reaches neither is refused.
    pub fn settle(&mut self) -> Result<()> {
        if self.phase != Phase::Playing || self.waits() {
            return Ok(());
        }
        self.advance(&mut Vec::new());
        self.check_settled().map_err(Error::Position)?;
        self.validate()
    }

    /// Whether the rules can reach this position; the first fault otherwise. Automatic
    /// work may be pending on top (a position file's; [`Viscounts::settle`] runs it).
    pub fn validate(&self) -> Result<()> {
        self.check_all().map_err(Error::Position)
    }

    /// [`Viscounts::validate`], and the game waits for a seat or chance, or is over.
    pub fn validate_settled(&self) -> Result<()> {
        self.validate()?;
        self.check_settled().map_err(Error::Position)
    }

    fn check_all(&self) -> Check {
        self.check_config()?;
        if self.phase == Phase::Setup {
            // Nothing is dealt before the setup's chance step.
            let fresh = Viscounts::create(&self.config).map_err(|_| PositionError::Config)?;
            return fail(*self == fresh, || PositionError::SetupDealt);
        }
        self.check_seats()?;
        self.check_players()?;
        self.check_villagers()?;
        self.check_plots()?;
        self.check_manuscripts()?;
        self.check_board()?;
        self.check_castle()?;
        self.check_piles()?;
        self.check_tasks()?;
        self.check_task_payloads()?;
        self.check_phase()
    }

    fn check_config(&self) -> Check {
        fail(self.config.validate().is_ok(), || PositionError::Config)?;
        let seats = (self.config.players as usize).max(2);
        fail(self.players.len() == seats, || PositionError::Seats {
            seats: self.players.len(),
            expected: seats,
        })
    }

    /// Every seat a field names is a player (the solo AI is player 1).
    fn check_seats(&self) -> Check {
        let n = self.n();
        let seat = |s: Seat, what: &str| {
            fail((s as usize) < n, || PositionError::NoSuchSeat {
                seat: s,
                what: what.into(),
            })
        };
        seat(self.first, "first")?;
        seat(self.current, "current")?;
        if let Some(l) = self.castle.leader {
            seat(l, "castle_leader")?;
        }
        self.choosing
            .iter()
            .try_for_each(|&s| seat(s, "choosing"))?;
        for t in &self.tasks {
            if let Some(s) = task_seat(t) {
                seat(s, "task")?;
            }
        }
        Ok(())
    }

    fn check_players(&self) -> Check {
        let c = Content::get();
        let mut numbers = Vec::new();
        for (s, p) in self.players.iter().enumerate() {
            let seat = s as Seat;
            fail(p.space < SPACES, || PositionError::NoSuchSpace {
                seat,
                space: p.space,
            })?;
            fail(p.player_card as usize <= c.player_cards.len(), || {
                PositionError::NoSuchPlayerCard {
                    seat,
                    card: p.player_card,
                }
            })?;
            if p.player_card > 0 {
                fail(!numbers.contains(&p.player_card), || {
                    PositionError::NoSuchPlayerCard {
                        seat,
                        card: p.player_card,
                    }
                })?;
                numbers.push(p.player_card);
            }
            let held = p.res.iter().chain([&p.silver]).copied().max().unwrap_or(0);
            fail(held <= MAX_HELD, || PositionError::TooMuch {
                seat,
                count: held,
            })?;
            fail(p.built.iter().all(|&b| b <= 3), || {
                self.buildings_error(seat)
            })?;
            // Before setup a seat has no markers; after, both lie on the track of seven
            // spaces and never cross (seed 003 L530).
            let set_up = p.corruption > 0 || p.virtue > 0;
            fail(
                !set_up
                    || ((1..=c.track.spaces).contains(&p.corruption)
                        && (1..=c.track.spaces).contains(&p.virtue)
                        && p.corruption <= p.virtue),
                || PositionError::Track {
                    seat,
                    corruption: p.corruption,
                    virtue: p.virtue,
                },
            )?;
        }
        Ok(())
    }

    /// Villagers are conserved across draw piles, hands, slots, discard piles, the
    /// stacks, the unseen pool and the removed cards: each neutral card once, each
    /// starting card once per seated player, one hero per seated player.
    fn check_villagers(&self) -> Check {
        let c = Content::get();
        let mut count = vec![0u32; c.villagers.len()];
        let mut add = |k: &Card| -> Check {
            if Content::is_plot(*k) {
                return Ok(()); // check_plots
            }
            let slot = count
                .get_mut(k.0 as usize)
                .ok_or(PositionError::NoSuchCard { card: k.0 })?;
            *slot += 1;
            Ok(())
        };
        self.every_card().try_for_each(|(k, _)| add(k))?;
        for (_, hero) in &self.pairs {
            fail(
                (hero.0 as usize) < c.villagers.len() && c.villager(*hero).deck == Deck::Hero,
                || PositionError::NoSuchCard { card: hero.0 },
            )?;
        }
        let seated = self.players.iter().filter(|p| p.player_card > 0).count() as u32;
        let mut heroes = 0;
        for (k, v) in c.villagers.iter().enumerate() {
            let counted = count[k];
            let expected = match v.deck {
                Deck::Neutral => 1,
                Deck::Starting => seated,
                Deck::Hero => {
                    heroes += counted;
                    counted.min(1)
                }
            };
            fail(counted == expected, || PositionError::CardCount {
                card: v.id.clone(),
                counted,
                expected,
            })?;
        }
        fail(heroes == seated, || PositionError::CardCount {
            card: "heroes".into(),
            counted: heroes,
            expected: seated,
        })?;
        self.check_stacks(&self.villagers, self.villager_pool.len(), "villagers")
    }

    /// Every card of a place a villager or Plot card can lie, with whether the place is
    /// the solo AI's (its piles and the Future pile).
    pub(crate) fn every_card(&self) -> impl Iterator<Item = (&Card, bool)> {
        let players = self.players.iter().enumerate().flat_map(move |(s, p)| {
            let ai = self.is_ai(s as Seat);
            p.hand
                .iter()
                .chain(&p.draw)
                .chain(&p.discard)
                .chain(p.slots.iter().flatten())
                .map(move |k| (k, ai))
        });
        let common = self
            .villager_pool
            .iter()
            .chain(&self.removed)
            .chain(self.villagers.iter().filter_map(|s| s.top.as_ref()))
            .map(|k| (k, false));
        players
            .chain(common)
            .chain(self.future_plots.iter().map(|k| (k, true)))
    }

    fn check_stacks<T>(&self, stacks: &[Stack<T>; SEGMENTS], pool: usize, what: &str) -> Check {
        let hidden: usize = stacks.iter().map(|s| s.hidden as usize).sum();
        fail(hidden == pool, || PositionError::StackCount {
            stacks: what.into(),
            hidden: hidden as u32,
            pool: pool as u32,
        })
    }

    /// Solo: the Plot cards in play, each once, only in the AI's piles and the Future pile.
    fn check_plots(&self) -> Check {
        let mut seen: Vec<Card> = Vec::new();
        let in_play = if self.solo() {
            let mut v = self.plots_in_play(crate::content::PlotKind::Starting);
            v.extend(self.plots_in_play(crate::content::PlotKind::Future));
            v
        } else {
            Vec::new()
        };
        let mut plot = |k: &Card, allowed: bool| -> Check {
            if !Content::is_plot(*k) {
                return Ok(());
            }
            fail(allowed && in_play.contains(k) && !seen.contains(k), || {
                PositionError::NoSuchCard { card: k.0 }
            })?;
            seen.push(*k);
            Ok(())
        };
        self.every_card().try_for_each(|(k, ai)| plot(k, ai))?;
        // The Future pile holds Plot cards only (check_villagers counts what is not).
        self.future_plots.iter().try_for_each(|k| {
            fail(Content::is_plot(*k), || PositionError::NoSuchCard {
                card: k.0,
            })
        })?;
        self.future_in.iter().try_for_each(|k| {
            fail(in_play.contains(k), || PositionError::NoSuchCard {
                card: k.0,
            })
        })?;
        // The face-down Future Plots lie in the AI's Plot draw pile.
        self.future_face_down.iter().try_for_each(|k| {
            let in_draw = self.solo() && self.p(crate::solo::AI).draw.contains(k);
            fail(in_play.contains(k) && in_draw, || {
                PositionError::NoSuchCard { card: k.0 }
            })
        })
    }

    /// Each manuscript once at most (the grey ones not dealt are out of the game); the
    /// stacks' counts agree with the unseen pool; the Clergy bonus cards are conserved.
    fn check_manuscripts(&self) -> Check {
        let c = Content::get();
        let mut seen = vec![false; c.manuscripts.len()];
        let mut once = |m: &Ms| -> Check {
            let slot = seen
                .get_mut(m.0 as usize)
                .ok_or(PositionError::NoSuchManuscript { ms: m.0 })?;
            fail(!*slot, || PositionError::ManuscriptTwice {
                ms: c.manuscript(*m).id.clone(),
            })?;
            *slot = true;
            Ok(())
        };
        self.players
            .iter()
            .flat_map(|p| &p.manuscripts)
            .chain(&self.manuscript_pool)
            .chain(self.manuscripts.iter().filter_map(|s| s.top.as_ref()))
            .try_for_each(&mut once)?;
        self.check_stacks(&self.manuscripts, self.manuscript_pool.len(), "manuscripts")?;
        let mut bonus: Vec<Ribbon> = self
            .players
            .iter()
            .flat_map(|p| p.clergy_bonus.iter().copied())
            .chain(self.clergy_bonus_left.iter().copied())
            .collect();
        bonus.sort_unstable();
        let mut all: Vec<Ribbon> = c.clergy_bonus.iter().map(|b| b.ribbon).collect();
        all.sort_unstable();
        fail(bonus == all, || PositionError::ClergyBonus)
    }

    /// The ring is the five segments once each; buildings stand on printed spots and
    /// agree with their owners' counts.
    fn check_board(&self) -> Check {
        let c = Content::get();
        let mut order = self.order;
        order.sort_unstable();
        fail(
            order == [0, 1, 2, 3, 4] && (self.rotation as usize) < SEGMENTS,
            || PositionError::Ring,
        )?;
        for (pos, row) in self.spots.iter().enumerate() {
            let printed = c.segments[self.order[pos] as usize].spots.len();
            for (spot, b) in row.iter().enumerate() {
                fail(
                    b.is_none_or(|(owner, _)| spot < printed && (owner as usize) < self.n()),
                    || PositionError::NoSuchSpot {
                        pos: pos as u8,
                        spot: spot as u8,
                    },
                )?;
            }
        }
        for (s, p) in self.players.iter().enumerate() {
            let seat = s as Seat;
            for b in Building::ALL {
                let on_board = self
                    .spots
                    .iter()
                    .flatten()
                    .filter(|x| **x == Some((seat, b)))
                    .count() as u8;
                fail(on_board == p.built[b as usize], || {
                    self.buildings_error(seat)
                })?;
            }
        }
        Ok(())
    }

    fn buildings_error(&self, seat: Seat) -> PositionError {
        PositionError::Buildings {
            seat,
            built: self
                .p(seat)
                .built
                .iter()
                .fold(0, |a, b| a.saturating_add(*b)),
            on_board: self.on_board(seat),
        }
    }

    fn on_board(&self, seat: Seat) -> u8 {
        self.spots
            .iter()
            .flatten()
            .filter(|x| x.is_some_and(|(o, _)| o == seat))
            .count() as u8
    }

    /// Workers: a seat's in the castle plus its reserve make its supply (none before its
    /// setup); no workers of seats that do not play.
    fn check_castle(&self) -> Check {
        let c = Content::get();
        let k = &self.castle;
        for s in 0..MAX_SEATS {
            let counted = (0..SEGMENTS)
                .map(|x| k.level1[x][s] as u32 + k.level2[x][s] as u32)
                .sum::<u32>()
                + k.level3[s] as u32;
            let Some(p) = self.players.get(s) else {
                fail(counted == 0, || PositionError::NoSuchSeat {
                    seat: s as Seat,
                    what: "castle".into(),
                })?;
                continue;
            };
            let set_up = p.corruption > 0;
            let supply = if set_up { c.worker_supply as u32 } else { 0 };
            fail(counted + p.reserve as u32 == supply, || {
                PositionError::Workers {
                    seat: s as Seat,
                    counted: counted + p.reserve as u32,
                    supply,
                }
            })?;
        }
        Ok(())
    }

    /// The Debts on Poverty and Deeds on Prosperity only go down from their start; a
    /// revealed card has none left on it; the end trigger fits.
    fn check_piles(&self) -> Check {
        let c = Content::get();
        let n = self.config.players as usize;
        let (debts, deeds) = (
            c.poverty.debts_on_top_by_players[n],
            c.prosperity.deeds_on_top_by_players[n],
        );
        fail(
            self.debts_on_poverty <= debts
                && self.deeds_on_prosperity <= deeds
                && (!self.poverty_revealed || self.debts_on_poverty == 0)
                && (!self.prosperity_revealed || self.deeds_on_prosperity == 0),
            || PositionError::Piles {
                debts: self.debts_on_poverty,
                deeds: self.deeds_on_prosperity,
            },
        )?;
        let triggered = self.poverty_revealed || self.prosperity_revealed;
        fail(triggered || self.last_round.is_none(), || {
            PositionError::EndTrigger
        })
    }

    /// Every board position a task names exists; a setup pair names a player card.
    fn check_tasks(&self) -> Check {
        let c = Content::get();
        for t in &self.tasks {
            let pos = match t {
                Task::RevealVillager { pos } | Task::RevealManuscript { pos } => Some(*pos),
                Task::Finish { space, .. } => Some(*space / 3),
                Task::Ask {
                    q: Question::Expel { section, .. },
                    ..
                } => Some(*section),
                _ => None,
            };
            fail(pos.is_none_or(|p| (p as usize) < SEGMENTS), || {
                PositionError::NoSuchPosition {
                    pos: pos.unwrap_or(0),
                }
            })?;
        }
        for (number, _) in &self.pairs {
            fail(
                (1..=c.player_cards.len()).contains(&(*number as usize)),
                || PositionError::NoSuchPlayerCard {
                    seat: 0,
                    card: *number,
                },
            )?;
        }
        Ok(())
    }

    /// What a pending task carries is what the engine could have put there: a spot of
    /// the segment, workers of the table within the reserve, a trade the Main step
    /// offers, a castle level with sections, a row a Plot card prints.
    fn check_task_payloads(&self) -> Check {
        let c = Content::get();
        let bad = |what: String| PositionError::TaskPayload { what };
        for t in &self.tasks {
            match t {
                Task::Finish { seat, main, space } => {
                    fail(*seat == self.current, || {
                        bad(format!("seat {seat}'s main action"))
                    })?;
                    self.check_main(*seat, main, *space)?
                }
                // The turn's own questions go to the player whose turn it is (L296-310).
                Task::Ask {
                    seat,
                    q: Question::Place | Question::Move | Question::Main | Question::Hire,
                    ..
                } => fail(*seat == self.current, || bad(format!("seat {seat}'s turn")))?,
                Task::Ask {
                    seat,
                    q: Question::PlaceWorkers { n, .. },
                    ..
                } => fail(*n >= 1 && *n <= self.p(*seat).reserve, || {
                    bad(format!("{n} workers"))
                })?,
                Task::Ask {
                    q: Question::Expel { level, .. },
                    ..
                } => fail((1..=2).contains(level), || {
                    bad(format!("castle level {level}"))
                })?,
                Task::AiRow { steps } => fail(
                    self.solo() && c.plots.iter().flat_map(|p| &p.rows).any(|r| r == steps),
                    || bad("a row no Plot card prints".into()),
                )?,
                _ => {}
            }
        }
        Ok(())
    }

    fn check_main(&self, seat: Seat, main: &Main, space: u8) -> Check {
        let c = Content::get();
        let bad = |what: String| PositionError::TaskPayload { what };
        let pos = space as usize / 3;
        match *main {
            Main::Build { spot, .. } => {
                let printed = c.segments[self.order[pos] as usize].spots.len();
                fail((spot as usize) < printed, || bad(format!("spot {spot}")))
            }
            Main::PlaceWorkers { workers } => fail(
                c.worker_table.workers.contains(&workers) && workers <= self.p(seat).reserve,
                || bad(format!("{workers} workers")),
            ),
            // The Main step offers at most 30 trades (src/legal.rs).
            Main::Trade { times } => {
                fail((1..=30).contains(&times), || bad(format!("{times} trades")))
            }
            Main::Transcribe => Ok(()),
        }
    }

    /// While the game is played, the work on top is automatic (run on loading), or
    /// waits for chance, or for a seat with a legal decision; over, nothing is pending.
    fn check_phase(&self) -> Check {
        match self.phase {
            Phase::Setup => Ok(()),
            Phase::Over => fail(
                self.tasks.is_empty() && (self.poverty_revealed || self.prosperity_revealed),
                || PositionError::Phase {
                    phase: "over".into(),
                },
            ),
            Phase::Playing => {
                let human_asked = matches!(self.tasks.last(),
                    Some(Task::Ask { seat, .. }) if !self.is_ai(*seat));
                fail(!human_asked || self.waits(), || PositionError::Phase {
                    phase: "playing".into(),
                })
            }
        }
    }

    /// Whether the work on top waits for a seat (one with a legal decision) or for
    /// chance (that can be drawn). The solo AI's questions are answered by its rules.
    fn waits(&self) -> bool {
        match self.tasks.last() {
            Some(Task::Ask { seat, .. }) => {
                !self.is_ai(*seat) && {
                    let mut legal = Vec::new();
                    self.legal(*seat, &mut legal);
                    !legal.is_empty()
                }
            }
            Some(Task::Draw { seat, .. }) => !self.p(*seat).draw.is_empty(),
            Some(Task::RevealVillager { pos }) => self.villagers[*pos as usize].hidden > 0,
            Some(Task::RevealManuscript { pos }) => self.manuscripts[*pos as usize].hidden > 0,
            Some(Task::FuturePlot) => !self.future_plots.is_empty(),
            _ => false,
        }
    }

    /// Settled: waiting for a seat or chance, or over as the rules end a game (L562).
    fn check_settled(&self) -> Check {
        let reached = match self.phase {
            Phase::Setup => return Ok(()),
            Phase::Over if self.check_phase().is_ok() => return Ok(()),
            Phase::Over => {
                "the end of the game, with neither Poverty nor Prosperity revealed".into()
            }
            Phase::Playing if self.waits() => return Ok(()),
            Phase::Playing => match self.tasks.last() {
                Some(t) => serde_json::to_string(t).unwrap_or_default(),
                None => "no pending work".into(),
            },
        };
        Err(PositionError::NoDecision { reached })
    }
}

fn json_error(e: impl ToString) -> Error {
    Error::Position(PositionError::Json {
        reason: e.to_string(),
    })
}

/// The seat a task names, if any.
fn task_seat(t: &Task) -> Option<Seat> {
    match t {
        Task::Run { seat, .. }
        | Task::Finish { seat, .. }
        | Task::Fire { seat, .. }
        | Task::CollisionRewards { seat }
        | Task::Castle { seat }
        | Task::Draw { seat, .. }
        | Task::Ask { seat, .. }
        | Task::GainDebts { seat, .. } => Some(*seat),
        _ => None,
    }
}
