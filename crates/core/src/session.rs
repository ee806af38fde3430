//! A live game: the state, its log, chance drawn on the one seeding path, and undo
//! per seat.

use crate::{chance_rng, Game, Offer, Present, Record, Seat, SeatSet, Step, ToAct};

/// A chance outcome drawn and applied, with its events, or why it was refused.
pub type Drawn<G> = Result<(<G as Game>::Outcome, Vec<<G as Game>::Event>), <G as Game>::Error>;

/// A game being played, with its full log.
///
/// Undo takes back a seat's last decision while the *undo window* is open. The
/// window opens at the first decision after a chance step, a reveal, or a change of
/// who acts, and remembers the state there and the seats that were to act. It closes
/// at a chance step, at a decision that reveals something ([`Game::reveals`]), and
/// when a seat that was not to act at its opening comes to act (the turn passed).
/// Inside a window, seats deciding at the same time (discards, starting castles)
/// each undo their own decision in any order; the others' decisions stay, as long as
/// they still apply without it.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    record: Record<G>,
    window: Option<Window<G>>,
    chance_steps: u64,
}

#[derive(Clone, Debug)]
struct Window<G> {
    start: G,
    /// Where the window starts in the record's steps.
    from: usize,
    /// Who was to act when it opened.
    to_act: SeatSet,
}

#[derive(Clone, Debug, thiserror::Error, PartialEq)]
pub enum UndoError {
    #[error("nothing to undo: seat {0} has made no decision it can take back (a chance outcome, a reveal or the next turn came since)")]
    Nothing(Seat),
    #[error("seat {0}'s decision cannot be taken back: decisions made since depend on it")]
    Dependent(Seat),
}

impl crate::Explain for UndoError {
    fn message(&self) -> crate::Message {
        let (key, seat) = match *self {
            UndoError::Nothing(seat) => ("refusal.undo_nothing", seat),
            UndoError::Dependent(seat) => ("refusal.undo_dependent", seat),
        };
        crate::Message::new(key).arg("seat", seat)
    }
}

impl<G: Game> Session<G> {
    pub fn new(config: G::Config, seed: u64) -> Result<Self, G::Error> {
        let game = G::new(&config)?;
        Ok(Session {
            game,
            record: Record::new(config, seed),
            window: None,
            chance_steps: 0,
        })
    }

    /// Continues a game from a saved state and its record, with no undo history:
    /// only save a session where [`Session::undo_open`] is false.
    pub fn resume(game: G, record: Record<G>) -> Self {
        let chance_steps = record.chance_steps();
        Session {
            game,
            record,
            window: None,
            chance_steps,
        }
    }

    /// Whether some seat could still take back a decision now.
    pub fn undo_open(&self) -> bool {
        self.window
            .as_ref()
            .is_some_and(|w| self.record.steps.len() > w.from)
    }

    /// Whether `seat` has a decision it might take back now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.last_in_window(seat).is_some()
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The game's seed (chance and bots derive from it).
    pub fn seed(&self) -> u64 {
        self.record.seed
    }

    /// Decisions made so far (the index a bot's generator is drawn for).
    pub fn decisions(&self) -> u64 {
        self.record.decisions()
    }

    /// Applies a decision from outside (checked).
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        let mut events = Vec::new();
        let before = self.game.to_act().seats();
        let reveals = self.game.reveals(seat, &action);
        let start = self.window.is_none().then(|| self.game.clone());
        self.game.apply(seat, &action, &mut events)?;
        if let Some(start) = start {
            self.window = Some(Window {
                start,
                from: self.record.steps.len(),
                to_act: before,
            });
        }
        self.record.steps.push(Step::Decision { seat, action });
        if reveals {
            self.window = None;
        }
        self.after_step();
        Ok(events)
    }

    /// Applies a chance outcome (from a log, a position, or [`Session::settle_chance`]).
    pub fn apply_chance(&mut self, outcome: G::Outcome) -> Result<Vec<G::Event>, G::Error> {
        let mut events = Vec::new();
        self.game.apply_chance(&outcome, &mut events)?;
        self.record.steps.push(Step::Chance { outcome });
        self.chance_steps += 1;
        self.window = None;
        self.after_step();
        Ok(events)
    }

    /// Draws and applies the next chance outcome, if the game waits for one, from the
    /// game's seed and the number of chance steps so far ([`chance_rng`]). Returns
    /// `None` when the game does not wait for chance.
    pub fn draw_chance(&mut self) -> Option<Drawn<G>> {
        if self.game.to_act() != ToAct::Chance {
            return None;
        }
        let mut rng = chance_rng(self.record.seed, self.chance_steps);
        let outcome = self.game.sample_chance(&mut rng);
        Some(
            self.apply_chance(outcome.clone())
                .map(|events| (outcome, events)),
        )
    }

    /// Whether `seat` taking the legal `action` now would close the undo window, so
    /// that the seat could not take it back: it reveals something, the game ends or
    /// waits for chance (which a host draws at once), or a seat that was not to act
    /// when the window opened comes to act (the turn passed). Applied on a copy of the
    /// game only; the session does not change.
    pub fn ends_turn(&self, seat: Seat, action: &G::Action) -> bool {
        if self.game.reveals(seat, action) {
            return true;
        }
        let mut next = self.game.clone();
        if next.apply(seat, action, &mut Vec::new()).is_err() {
            return false;
        }
        self.closes_window(&next)
    }

    /// [`Session::ends_turn`] of an action from this state's own
    /// [`Game::legal_actions`]: applied unchecked (a checked apply may enumerate the
    /// legal decisions again to find it, which made marking every offer quadratic in
    /// their number), with one buffer of events for all the offers.
    fn legal_ends_turn(&self, seat: Seat, action: &G::Action, events: &mut Vec<G::Event>) -> bool {
        if self.game.reveals(seat, action) {
            return true;
        }
        let mut next = self.game.clone();
        events.clear();
        next.apply_unchecked(seat, action, events);
        self.closes_window(&next)
    }

    /// Whether reaching `next` from this state closes the undo window: the game ends or
    /// waits for chance, or a seat that was not to act when the window opened acts.
    fn closes_window(&self, next: &G) -> bool {
        let opened = self
            .window
            .as_ref()
            .map_or(self.game.to_act().seats(), |w| w.to_act);
        match next.to_act() {
            ToAct::Over | ToAct::Chance => true,
            ToAct::Seats(now) => !now.is_subset(opened),
        }
    }

    fn after_step(&mut self) {
        let now = self.game.to_act();
        if let Some(w) = &self.window {
            if !now.seats().is_subset(w.to_act) {
                self.window = None;
            }
        }
        if now == ToAct::Over {
            // A finished game is final.
            self.window = None;
            self.record.finish(&self.game);
        }
    }

    /// The legal decisions of `seat` as the tables offer them, each marked when it
    /// would end the seat's turn ([`Session::ends_turn`]). A game lists no decision
    /// for a seat not to act ([`Game::legal_actions`]), so only the seat to act pays
    /// for the marks: each is its decision applied to a copy of the game.
    pub fn offers(&self, seat: Seat) -> Vec<Offer>
    where
        G: Present,
    {
        let mut legal = Vec::new();
        self.game.legal_actions(seat, &mut legal);
        let mut events = Vec::new();
        legal
            .iter()
            .map(|a| Offer {
                ends_turn: self.legal_ends_turn(seat, a, &mut events),
                ..Offer::of(&self.game, seat, a)
            })
            .collect()
    }

    fn last_in_window(&self, seat: Seat) -> Option<usize> {
        let w = self.window.as_ref()?;
        (w.from..self.record.steps.len())
            .rev()
            .find(|&i| matches!(self.record.steps[i], Step::Decision { seat: s, .. } if s == seat))
    }

    /// Takes back `seat`'s last decision and returns where it stood in the record's
    /// steps (not always the last step: simultaneous decisions may follow it). The
    /// state is unchanged when refused.
    pub fn undo(&mut self, seat: Seat) -> Result<usize, UndoError> {
        let undone = self.last_in_window(seat).ok_or(UndoError::Nothing(seat))?;
        let w = self.window.as_ref().expect("a decision in the window");
        let mut game = w.start.clone();
        let mut events = Vec::new();
        for (i, step) in self.record.steps.iter().enumerate().skip(w.from) {
            if let (true, Step::Decision { seat, action }) = (i != undone, step) {
                game.apply(*seat, action, &mut events)
                    .map_err(|_| UndoError::Dependent(*seat))?;
            }
        }
        self.record.steps.remove(undone);
        self.game = game;
        self.record.scores = None;
        self.record.standings = None;
        Ok(undone)
    }
}
