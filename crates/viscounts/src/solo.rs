//! Solo mode (seed 003 L654-762): the AI is an automaton of the rules, not a seat. It
//! sits at index 1 of the players, plays Plot cards instead of villagers, resolves each
//! row's first possible step, and answers every question put to it by the AI Reference
//! card and its board's preferences. The human keeps the first-player marker.

use crate::action::{Action, Event, Main};
use crate::board::{self, Kind};
use crate::config::Config;
use crate::content::{AiBoard, AiFocus, Building, Content, PlotKind, PlotStep, PLOT_BASE};
use crate::effect::{Card, Effect, FlipTarget, Icon, Items, MainKind, Res};
use crate::rules::gain;
use crate::state::{Cause, DrawTo, Effects, Question, Task, Viscounts};
use tabuleiro_core::Seat;

/// The AI's index among the players.
pub const AI: Seat = 1;

/// What the config says of the solo game, for the state and its views alike.
impl Config {
    pub fn solo(&self) -> bool {
        self.players == 1
    }

    pub fn is_ai(&self, seat: Seat) -> bool {
        self.solo() && seat == AI
    }

    /// The automaton's name in standings (a catalogue key).
    pub fn automaton(&self) -> String {
        format!("viscounts.ai.{}", self.ai)
    }

    pub fn ai_board(&self) -> &'static AiBoard {
        let c = Content::get();
        c.ai_boards
            .iter()
            .find(|b| b.id == self.ai)
            .unwrap_or(&c.ai_boards[0])
    }
}

impl Viscounts {
    pub fn solo(&self) -> bool {
        self.config.solo()
    }

    pub fn is_ai(&self, seat: Seat) -> bool {
        self.config.is_ai(seat)
    }

    pub fn automaton(&self) -> String {
        self.config.automaton()
    }

    pub fn ai_board(&self) -> &'static AiBoard {
        self.config.ai_board()
    }

    /// The Plot cards in play (the AI board's removals taken out), by kind.
    pub fn plots_in_play(&self, kind: PlotKind) -> Vec<Card> {
        let c = Content::get();
        let b = self.ai_board();
        (0..c.plots.len() as u8)
            .filter(|&i| {
                c.plots[i as usize].kind == kind
                    && !b.removed_plots.contains(&c.plots[i as usize].id)
            })
            .map(|i| Card(PLOT_BASE + i))
            .collect()
    }

    /// Setup step 5-6 (L662-664): the AI's Viscount on the unchosen card's space, its
    /// starting items and its first building at its location; Plot piles.
    pub fn ai_setup(&mut self, number: u8, future_in: &[Card]) {
        let c = Content::get();
        let b = self.ai_board();
        let (pos, name) = &c.start_spaces.by_card[number as usize - 1];
        let kind = if name == "outer_right" {
            Kind::OuterRight
        } else {
            Kind::OuterLeft
        };
        let mut draw = self.plots_in_play(PlotKind::Starting);
        draw.extend_from_slice(future_in);
        self.future_face_down = future_in.to_vec();
        draw.sort_unstable();
        self.future_plots = self
            .plots_in_play(PlotKind::Future)
            .into_iter()
            .filter(|f| !future_in.contains(f))
            .collect();
        let p = self.pm(AI);
        p.space = board::space(*pos, kind);
        p.corruption = c.track.corruption_start;
        p.virtue = c.track.virtue_start;
        p.reserve = c.worker_supply;
        p.draw = draw;
        self.tasks.push(Task::Run {
            seat: AI,
            effects: vec![gain(b.start)].into(),
            by: None,
        });
        self.ai_build_free(b.start_building, true);
    }

    /// The AI's turn (L736-740): shift, reveal a Plot card into the left slot, its rows.
    pub fn push_ai_turn(&mut self) {
        if self.config.ai_collisions {
            self.tasks.push(Task::Collision);
        }
        self.tasks.push(Task::AiRows);
        self.tasks.push(Task::Draw {
            seat: AI,
            to: DrawTo::Slot,
        });
        self.tasks.push(Task::Shift);
    }

    pub fn ai_rows(&mut self) {
        let Some(card) = self.p(AI).slots[0] else {
            return;
        };
        if !Content::is_plot(card) {
            return;
        }
        for row in Content::get().plot(card).rows.iter().rev() {
            self.tasks.push(Task::AiRow { steps: row.clone() });
        }
    }

    /// The first step of the row that can be done is done, and logged.
    pub fn ai_row(&mut self, steps: Vec<PlotStep>, events: &mut Vec<Event>) {
        for step in steps {
            if self.ai_step(step, events) {
                return;
            }
        }
    }

    fn ai_step(&mut self, step: PlotStep, events: &mut Vec<Event>) -> bool {
        match step {
            PlotStep::Dismiss => {
                // The adjacent villager leaves the game; its top-right effect, no icons (L698).
                let pos = board::pos_of(self.p(AI).space);
                let (_, _, effects, printed) = self.dismissable(AI);
                let mut card = None;
                if !printed {
                    card = self.villagers[pos as usize].top.take();
                    if let Some(card) = card {
                        self.removed.push(card);
                        self.tasks.push(Task::RevealVillager { pos });
                    }
                }
                events.push(Event::AiDismissed { seat: AI, card });
                if !effects.is_empty() {
                    self.tasks.push(Task::Run {
                        seat: AI,
                        effects: Effects::Printed(effects),
                        by: None,
                    });
                }
                true
            }
            PlotStep::Move { n } => {
                self.ai_move(n);
                let to = self.p(AI).space;
                events.push(Event::AiMoved { seat: AI, to });
                true
            }
            PlotStep::PlaceWorkers => self.ai_workers(events),
            PlotStep::Build => self.ai_build(events),
            PlotStep::Transcribe => self.ai_transcribe(events),
            // L714: the action named on the AI board's top left.
            PlotStep::Focus => match self.ai_board().focus {
                AiFocus::PlaceWorkers => self.ai_workers(events),
                AiFocus::Build => self.ai_build(events),
                AiFocus::Transcribe => self.ai_transcribe(events),
                // Cards are Plot cards for the AI (L706): the top Future Plot, or a
                // flip when that pile is empty (column 2).
                AiFocus::Cards => self.ai_future_plot(events),
            },
            PlotStep::CorruptionPerCriminal => {
                let n = self.board_icons(AI).get(Icon::Criminal);
                self.corrupt(AI, n);
                events.push(Event::AiCorruption { seat: AI, n });
                true
            }
            PlotStep::FuturePlot => self.ai_future_plot(events),
            PlotStep::Effects { effects } => {
                events.push(Event::AiEffects {
                    seat: AI,
                    effects: effects.clone(),
                });
                self.tasks.push(Task::Run {
                    seat: AI,
                    effects: effects.into(),
                    by: None,
                });
                true
            }
        }
    }

    fn ai_future_plot(&mut self, events: &mut Vec<Event>) -> bool {
        self.tasks.push(Task::FuturePlot);
        events.push(Event::AiFuturePlot { seat: AI });
        true
    }

    /// Clockwise on the outer path only (L674); a human met may rearrange.
    fn ai_move(&mut self, n: u8) {
        let mut s = self.p(AI).space;
        for _ in 0..n {
            let p = board::pos_of(s);
            s = match board::kind_of(s) {
                Kind::OuterLeft => board::space(p, Kind::OuterRight),
                _ => board::space(p + 1, Kind::OuterLeft),
            };
        }
        self.pm(AI).space = s;
        if self.p(0).space == s && self.p(0).slots.iter().flatten().count() >= 2 {
            self.tasks.push(Task::Ask {
                seat: 0,
                q: Question::Rearrange,
                by: Some(Cause::Collision),
            });
        }
    }

    fn ai_icons(&self, k: MainKind) -> u8 {
        let i = self.board_icons(AI);
        i.get(k.icon()) + i.get(Icon::Criminal)
    }

    /// As many workers as it can afford, never one (L722), in its segment's section.
    fn ai_workers(&mut self, events: &mut Vec<Event>) -> bool {
        let t = &self.ai_board().worker_table;
        let have = self.ai_icons(MainKind::PlaceWorkers) as u16 + self.ai_holds(Res::Gold);
        let best = t
            .workers
            .iter()
            .zip(&t.noble_icons)
            .filter(|(&w, &cost)| cost as u16 <= have && w <= self.p(AI).reserve)
            .max_by_key(|(&w, _)| w);
        let Some((&w, &cost)) = best else {
            return false;
        };
        let pay = (cost).saturating_sub(self.ai_icons(MainKind::PlaceWorkers)) as u16;
        self.ai_pay(Res::Gold, pay);
        self.tasks.push(Task::Fire {
            seat: AI,
            on: MainKind::PlaceWorkers.trigger(),
        });
        let s = self.section_at(board::pos_of(self.p(AI).space));
        self.place_workers(AI, s, w);
        events.push(Event::AiPlacedWorkers {
            seat: AI,
            workers: w,
            section: s,
        });
        true
    }

    /// The leftmost affordable building of its board on the leftmost free spot at its
    /// location, this side of the river (L718).
    fn ai_build(&mut self, events: &mut Vec<Event>) -> bool {
        let c = Content::get();
        let space = self.p(AI).space;
        let pos = board::pos_of(space);
        let spot = (0..self.segment(pos).spots.len() as u8).find(|&i| {
            self.spots[pos as usize][i as usize].is_none()
                && self.spot_reachable_from(space, pos, i)
        });
        let Some(spot) = spot else { return false };
        let have = self.ai_icons(MainKind::Build) as u16 + self.ai_holds(Res::Stone);
        let order = self.ai_board().building_order;
        let Some(b) = order.into_iter().find(|&b| {
            self.p(AI).built[b as usize] < 3 && c.buildings.row(b).builder_cost as u16 <= have
        }) else {
            return false;
        };
        let pay = c
            .buildings
            .row(b)
            .builder_cost
            .saturating_sub(self.ai_icons(MainKind::Build)) as u16;
        self.ai_pay(Res::Stone, pay);
        self.tasks.push(Task::Fire {
            seat: AI,
            on: MainKind::Build.trigger(),
        });
        self.build_on(AI, b, pos, spot);
        events.push(Event::AiBuilt {
            seat: AI,
            building: b,
            pos,
            spot,
        });
        true
    }

    /// The manuscript of its segment, from the outer path too (L726).
    fn ai_transcribe(&mut self, events: &mut Vec<Event>) -> bool {
        if self.manuscript_limit_reached(AI) {
            return false;
        }
        let pos = board::pos_of(self.p(AI).space);
        let cost = self.need_manuscript(pos);
        let icons = self.ai_icons(MainKind::Transcribe);
        if cost as u16 > icons as u16 + self.ai_holds(Res::Ink) {
            return false;
        }
        self.ai_pay(Res::Ink, cost.saturating_sub(icons) as u16);
        self.tasks.push(Task::Fire {
            seat: AI,
            on: MainKind::Transcribe.trigger(),
        });
        let ms = self.manuscripts[pos as usize].top;
        self.finish_main(AI, Main::Transcribe, self.p(AI).space);
        events.push(Event::AiTranscribed { seat: AI, ms, pos });
        true
    }

    /// The Clergy cost of the manuscript beside board position `pos` (top tile or printed).
    pub fn need_manuscript(&self, pos: u8) -> u8 {
        let c = Content::get();
        match self.manuscripts[pos as usize].top {
            Some(m) => c.manuscript(m).cost,
            None => self.segment(pos).printed_manuscript.cost,
        }
    }

    /// A free building: its location first, then clockwise round the board, rivers
    /// crossed (L720).
    pub fn ai_build_free(&mut self, b: Building, _start: bool) {
        if self.p(AI).built[b as usize] >= 3 {
            return;
        }
        let space = self.p(AI).space;
        let here = board::pos_of(space);
        for k in 0..5u8 {
            let pos = (here + k) % 5;
            for i in 0..self.segment(pos).spots.len() as u8 {
                let ok = self.spots[pos as usize][i as usize].is_none()
                    && (k > 0
                        || self.spot_reachable_from(space, pos, i)
                        || board::kind_of(space) == Kind::Inner);
                if ok {
                    self.build_on(AI, b, pos, i);
                    return;
                }
            }
        }
    }

    /// The resource the AI takes (its board's chart, L684-686). The board that treats all
    /// resources as one (L684) keeps them as the kind it holds fewest of, so that no kind
    /// runs out first; which kind it is changes nothing for it.
    pub fn ai_resource(&self) -> Res {
        let p = self.p(AI);
        if self.ai_board().pooled_resources {
            return Res::ALL
                .into_iter()
                .min_by_key(|&r| p.res[r as usize])
                .unwrap_or(Res::Ink);
        }
        self.ai_board()
            .preference
            .iter()
            .find(|r| p.res[r.res as usize] < r.until)
            .map_or(Res::Gold, |r| r.res)
    }

    /// What the AI can pay where `res` is asked: that kind, or any kind when its board
    /// treats all resources as one (L684).
    pub fn ai_holds(&self, res: Res) -> u16 {
        let p = self.p(AI);
        if self.ai_board().pooled_resources {
            p.res.iter().sum()
        } else {
            p.res[res as usize]
        }
    }

    /// Pays `n` where `res` is asked: that kind first, then (pooled boards) the others.
    fn ai_pay(&mut self, res: Res, mut n: u16) {
        let pooled = self.ai_board().pooled_resources;
        let order = [res]
            .into_iter()
            .chain(Res::ALL.into_iter().filter(|&r| r != res && pooled));
        for r in order {
            let p = self.pm(AI);
            let take = n.min(p.res[r as usize]);
            p.res[r as usize] -= take;
            n -= take;
        }
        debug_assert_eq!(n, 0, "the AI pays only what it holds");
    }

    /// The flip the AI makes: the type it flipped least; a tie flips a Debt (L690).
    pub fn ai_flip(&mut self) {
        let p = self.p(AI);
        let (debt, deed) = (p.debts > 0, p.deeds > 0);
        match (debt, deed) {
            (true, true) if p.approved_deeds < p.paid_debts => self.flip_deed(AI),
            (true, _) => self.flip_debt(AI),
            (false, true) => self.flip_deed(AI),
            // Told to flip with nothing to flip: 1 Virtue (column 3).
            (false, false) => self.virtue(AI, 1),
        }
    }

    /// An effect as the AI Reference card converts it (L684-688); false when unchanged.
    pub fn ai_converts(&mut self, e: &Effect) -> bool {
        let v = Items {
            virtue: 1,
            ..Items::default()
        };
        match e {
            Effect::Rearrange => self.tasks.push(Task::Ask {
                seat: AI,
                q: Question::Resource,
                by: None,
            }),
            Effect::Discard { n } => {
                for _ in 0..*n {
                    self.tasks.push(Task::Run {
                        seat: AI,
                        effects: vec![gain(v)].into(),
                        by: None,
                    });
                }
            }
            Effect::CastleMove => self.tasks.push(Task::Run {
                seat: AI,
                effects: vec![gain(v)].into(),
                by: None,
            }),
            Effect::Destroy { n } => {
                for _ in 0..*n {
                    self.tasks.push(Task::Run {
                        seat: AI,
                        effects: vec![Effect::Flip {
                            target: FlipTarget::DebtOrDeed,
                            n: 1,
                        }]
                        .into(),
                        by: None,
                    });
                }
            }
            Effect::HireFree => self.tasks.push(Task::FuturePlot),
            _ => return false,
        }
        true
    }

    /// The AI's answer to a question put to it.
    pub fn ai_answer(&self, q: &Question) -> Action {
        match q {
            Question::Resource => Action::TakeResource {
                res: self.ai_resource(),
            },
            Question::Flip => {
                let p = self.p(AI);
                if p.approved_deeds < p.paid_debts {
                    Action::FlipDeed
                } else {
                    Action::FlipDebt
                }
            }
            // The first option of a choice (the castle's level-2 choices, L724).
            Question::Choose { .. } => Action::Choose { index: 0 },
            Question::Expel { level, section } => {
                // The human's workers first (L722).
                let sec = self.section(*level, *section);
                Action::Expel {
                    owner: if sec[0] > 0 { 0 } else { AI },
                }
            }
            Question::PlaceWorkers { .. } => Action::PlaceIn {
                section: self.section_at(board::pos_of(self.p(AI).space)),
            },
            Question::Advance => {
                // Clockwise from the section beside its Viscount (L722).
                let start = self.section_at(board::pos_of(self.p(AI).space));
                let groups = self.level1_groups(AI);
                let s = (0..5)
                    .map(|k| (start + k) % 5)
                    .find(|s| groups.contains(s))
                    .unwrap_or(start);
                Action::Advance { section: s }
            }
            Question::FreeManuscript { max_cost } => {
                let c = Content::get();
                let here = board::pos_of(self.p(AI).space);
                let pos = (0..5)
                    .map(|k| (here + k) % 5)
                    .find(|&p| {
                        self.manuscripts[p as usize]
                            .top
                            .is_some_and(|m| c.manuscript(m).cost <= *max_cost)
                    })
                    .unwrap_or(here);
                Action::TakeManuscript { pos }
            }
            Question::BuildFree { .. } => {
                let here = board::pos_of(self.p(AI).space);
                let spot = (0..5u8)
                    .map(|k| (here + k) % 5)
                    .flat_map(|pos| (0..self.segment(pos).spots.len() as u8).map(move |i| (pos, i)))
                    .find(|&(pos, i)| self.spots[pos as usize][i as usize].is_none())
                    .unwrap_or((here, 0));
                Action::BuildFree {
                    pos: spot.0,
                    spot: spot.1,
                }
            }
            _ => Action::Pass,
        }
    }
}
