//! The [`Game`] interface: who acts, chance, the per-seat view (`view.rs`),
//! determinization from what a seat knows, the audience of events,
//! standings with the tie-break, and a greedy evaluation.

use crate::action::{Action, Event, Outcome};
use crate::config::Config;
use crate::content::{Content, Deck};
use crate::effect::Card;
use crate::error::{Error, Result};
use crate::state::{DrawTo, Phase, Task, Viscounts};
use crate::view::View;
use tabuleiro_core::{
    standing, Game, Participant, Participants, Rng, Seat, SeatSet, Standing, ToAct,
};

impl Game for Viscounts {
    type Config = Config;
    type Action = Action;
    type Outcome = Outcome;
    type Event = Event;
    type Error = Error;
    type View = View;
    const NAME: &'static str = "viscounts";
    /// Raise when a change makes old records replay differently. 0.1.2: manuscript
    /// m30 scores 1 VP per 2 Stone as the tile found says (docs/viscounts/content.md),
    /// not the reconstruction's 2 VP per Guildhall; a record of 0.1.1 is refused.
    const VERSION: &'static str = "0.1.2";

    fn new(config: &Config) -> Result<Self> {
        Viscounts::create(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn players(&self) -> usize {
        self.config.players as usize
    }

    /// Solo: the AI is an automaton of the rules (L668).
    fn participants(&self) -> Participants {
        if self.solo() {
            Participants {
                automata: vec![self.automaton()],
                ..Participants::seats(1)
            }
        } else {
            Participants::seats(self.n())
        }
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup => ToAct::Chance,
            Phase::Over => ToAct::Over,
            Phase::Playing => match self.tasks.last() {
                Some(Task::Ask { seat, .. }) => ToAct::Seats(SeatSet::EMPTY.with(*seat)),
                Some(_) => ToAct::Chance,
                None => ToAct::Over,
            },
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal(seat, out)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<()> {
        self.clone().perform(seat, action, &mut Vec::new())
    }

    fn apply(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<()> {
        let mut next = self.clone();
        let mut ev = Vec::new();
        next.perform(seat, action, &mut ev)?;
        *self = next;
        events.extend(ev);
        Ok(())
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        if let Err(e) = self.perform(seat, action, events) {
            panic!("seat {seat}'s enumerated action {action} was refused: {e}");
        }
    }

    /// A drawn card is seen by its drawer only; a blind discard or destroy shows a card to all.
    fn reveals(&self, _seat: Seat, action: &Action) -> bool {
        matches!(action, Action::DiscardTop | Action::DestroyTop)
    }

    fn sample_chance(&self, rng: &mut Rng) -> Outcome {
        let c = Content::get();
        match self.tasks.last() {
            _ if self.phase == Phase::Setup => {
                let mut order = [0u8, 1, 2, 3, 4];
                rng.shuffle(&mut order);
                let mut neutral = c.deck(Deck::Neutral).to_vec();
                rng.shuffle(&mut neutral);
                let mut grey = c.manuscripts_backed(true).to_vec();
                rng.shuffle(&mut grey);
                let mut numbers: Vec<u8> = (1..=10).collect();
                rng.shuffle(&mut numbers);
                let mut heroes = c.deck(Deck::Hero).to_vec();
                rng.shuffle(&mut heroes);
                let n = self.config.players as usize + 1;
                let mut future = if self.solo() {
                    self.plots_in_play(crate::content::PlotKind::Future)
                } else {
                    Vec::new()
                };
                rng.shuffle(&mut future);
                future.truncate(if self.solo() {
                    self.config.difficulty as usize
                } else {
                    0
                });
                Outcome::Setup {
                    order,
                    rotation: rng.below(5) as u8,
                    first: rng.below(self.config.players as usize) as Seat,
                    tops: [neutral[0], neutral[1], neutral[2], neutral[3], neutral[4]],
                    grey: [grey[0], grey[1], grey[2], grey[3], grey[4]],
                    player_cards: numbers[..n].to_vec(),
                    heroes: heroes[..n].to_vec(),
                    ai_future: future,
                }
            }
            Some(Task::Draw { seat, .. }) => {
                let d = &self.p(*seat).draw;
                Outcome::Card {
                    card: d[rng.below(d.len().max(1)).min(d.len().saturating_sub(1))],
                }
            }
            Some(Task::FuturePlot) => {
                let d = &self.future_plots;
                Outcome::Card {
                    card: d[rng.below(d.len().max(1)).min(d.len().saturating_sub(1))],
                }
            }
            Some(Task::RevealManuscript { .. }) => {
                let d = &self.manuscript_pool;
                Outcome::Manuscript {
                    ms: d[rng.below(d.len().max(1)).min(d.len().saturating_sub(1))],
                }
            }
            _ => {
                let d = &self.villager_pool;
                Outcome::Card {
                    card: d[rng.below(d.len().max(1)).min(d.len().saturating_sub(1))],
                }
            }
        }
    }

    /// A card or manuscript drawn from a pile is listed (uniform over the pile); the
    /// setup (shuffles of every deck) is only sampled.
    fn chance_outcomes(&self) -> Option<Vec<(Outcome, f64)>> {
        use tabuleiro_core::chance::uniform_draw;
        let cards = |pile: &[Card]| {
            (!pile.is_empty())
                .then(|| uniform_draw(pile.iter().map(|&card| Outcome::Card { card })))
        };
        match self.tasks.last() {
            _ if self.phase == Phase::Setup => None,
            Some(Task::Draw { seat, .. }) => cards(&self.p(*seat).draw),
            Some(Task::FuturePlot) => cards(&self.future_plots),
            Some(Task::RevealManuscript { .. }) => {
                let pool = &self.manuscript_pool;
                (!pool.is_empty())
                    .then(|| uniform_draw(pool.iter().map(|&ms| Outcome::Manuscript { ms })))
            }
            _ => cards(&self.villager_pool),
        }
    }

    /// `apply_outcome` checks an outcome fully before it changes anything.
    /// What a chance step hides: the Future Plots shuffled face down into the AI's Plot
    /// pile (L762), from everyone; a card drawn into a hand, from everyone but its
    /// drawer. Every other draw is face up (a Plot card into the AI's slot, a
    /// villager or manuscript revealed on a stack).
    fn hidden_alternative(
        &self,
        outcome: &Outcome,
        viewer: Option<Seat>,
        rng: &mut Rng,
    ) -> Option<Outcome> {
        match (self.tasks.last(), outcome) {
            (_, Outcome::Setup { ai_future, .. }) if self.phase == Phase::Setup => {
                let mut other = self.plots_in_play(crate::content::PlotKind::Future);
                rng.shuffle(&mut other);
                other.truncate(ai_future.len());
                let mut o = outcome.clone();
                if let Outcome::Setup { ai_future, .. } = &mut o {
                    *ai_future = other;
                }
                Some(o)
            }
            (
                Some(&Task::Draw {
                    seat,
                    to: DrawTo::Hand,
                }),
                Outcome::Card { card },
            ) if viewer != Some(seat) => {
                let others: Vec<Card> = self
                    .p(seat)
                    .draw
                    .iter()
                    .copied()
                    .filter(|c| c != card)
                    .collect();
                (!others.is_empty()).then(|| Outcome::Card {
                    card: others[rng.below(others.len())],
                })
            }
            _ => None,
        }
    }

    fn apply_chance(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        if self.to_act() != ToAct::Chance {
            return Err(Error::NotChance);
        }
        self.apply_outcome(outcome, events)
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.config.players)
            .map(|s| self.breakdown(s).total())
            .collect()
    }

    /// Most points; ties broken by Silver and resources; still tied, the victory is
    /// shared (L628). Solo: the player must score more than the AI (L756; A23: a tie is
    /// the AI's).
    fn standings(&self) -> Vec<Standing> {
        if self.solo() {
            let (h, a) = (
                self.breakdown(0).total(),
                self.breakdown(crate::solo::AI).total(),
            );
            let human = Standing {
                place: 1,
                members: vec![Participant::Seat(0)],
                score: h,
            };
            let ai = Standing {
                place: 1,
                members: vec![Participant::Automaton(self.automaton())],
                score: a,
            };
            return if h > a {
                vec![human, Standing { place: 2, ..ai }]
            } else {
                vec![ai, Standing { place: 2, ..human }]
            };
        }
        let scores = self.scores();
        let key = |s: Seat| (scores[s as usize], self.tie_break(s));
        let mut order: Vec<Seat> = (0..self.n() as Seat).collect();
        order.sort_by_key(|&s| std::cmp::Reverse(key(s)));
        let places = standing::places(&order, |&a, &b| key(a) == key(b));
        order
            .iter()
            .zip(places)
            .map(|(&seat, place)| Standing {
                place,
                members: vec![Participant::Seat(seat)],
                score: scores[seat as usize],
            })
            .collect()
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    /// Deals each hidden seat's cards (what the viewer knows of them: its hand and
    /// draw pile together) into its hand, by its size, and its draw pile; solo, the
    /// Future Plots no one has seen to where they lie.
    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Viscounts {
        let mut g = self.clone();
        for s in 0..self.n() as Seat {
            if Some(s) == viewer {
                continue;
            }
            let mut cards = self.unseen_cards(s);
            rng.shuffle(&mut cards);
            let p = g.pm(s);
            let h = p.hand.len().min(cards.len());
            p.draw = cards.split_off(h);
            p.draw.sort_unstable();
            p.hand = cards;
        }
        g.guess_futures(self, rng);
        g
    }

    fn redact(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        match *event {
            Event::Drew {
                seat,
                card: Some(_),
            } if viewer != Some(seat) => Some(Event::Drew { seat, card: None }),
            _ => Some(event.clone()),
        }
    }

    /// Points now, plus what resources, Silver and workers may still become.
    fn evaluate(&self, seat: Seat) -> f64 {
        crate::evaluate::evaluate(self, seat)
    }
}

impl Viscounts {
    /// Solo: deals the Future Plots no one has seen, at random, to where `real` (the
    /// game guessed at) counts them: still to be shuffled into the AI's Plot draw pile, face down in
    /// it, and in the Future Plot pile (before the AI's setup the others are in no
    /// pile yet).
    fn guess_futures(&mut self, real: &Viscounts, rng: &mut Rng) {
        let mut futures = real.futures_unseen();
        rng.shuffle(&mut futures);
        self.future_in = take_last(&mut futures, real.future_in.len());
        let face_down = take_last(&mut futures, real.future_face_down.len());
        self.future_plots = take_last(&mut futures, real.future_plots.len());
        if !face_down.is_empty() {
            let ai = self.pm(crate::solo::AI);
            ai.draw.extend(&face_down);
            ai.draw.sort_unstable();
        }
        self.future_face_down = face_down;
    }
}

/// The last `n` cards of `cards` (all where fewer), sorted.
fn take_last(cards: &mut Vec<Card>, n: usize) -> Vec<Card> {
    let at = cards.len().saturating_sub(n);
    let mut last = cards.split_off(at);
    last.sort_unstable();
    last
}
