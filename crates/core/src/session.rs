//! A live game: the state, its log, and undo within a seat's run of decisions.

use crate::{Game, Record, Seat, Step, ToAct};

/// A game being played, with its full log. Undo takes back the last decision of a seat
/// while that seat is still deciding and nothing else (chance, another seat) has
/// happened since (DESIGN.md: "never past a reveal, a chance outcome, or another
/// seat's decision").
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    game: G,
    record: Record<G>,
    /// The state before the current run of one seat's decisions, and where it starts in the log.
    checkpoint: Option<(G, usize, Seat)>,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum UndoError {
    #[error("nothing to undo: seat {0} has made no decision since the last chance outcome or another seat's decision")]
    Nothing(Seat),
}

impl<G: Game> Session<G> {
    pub fn new(config: G::Config, seed: u64) -> Result<Self, G::Error> {
        let game = G::new(&config)?;
        Ok(Session {
            game,
            record: Record {
                game: G::NAME.into(),
                engine_version: env!("CARGO_PKG_VERSION").into(),
                config,
                seed,
                steps: Vec::new(),
                scores: None,
            },
            checkpoint: None,
        })
    }

    /// Continues a game from a saved state and its record, with no undo history:
    /// only save a session where [`Session::undo_open`] is false.
    pub fn resume(game: G, record: Record<G>) -> Self {
        Session {
            game,
            record,
            checkpoint: None,
        }
    }

    /// Whether some seat could still take back a decision now.
    pub fn undo_open(&self) -> bool {
        self.checkpoint.is_some()
    }

    /// Whether `seat` could take back a decision now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        matches!(&self.checkpoint, Some((_, from, s)) if *s == seat && self.record.steps.len() > *from)
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, G::Error> {
        let mut events = Vec::new();
        let before = self.game.clone();
        self.game.apply(seat, &action, &mut events)?;
        let same_run = matches!(&self.checkpoint, Some((_, _, s)) if *s == seat);
        if !same_run {
            self.checkpoint = Some((before, self.record.steps.len(), seat));
        }
        self.record.steps.push(Step::Decision { seat, action });
        self.after_step();
        Ok(events)
    }

    pub fn apply_chance(&mut self, outcome: G::Outcome) -> Result<Vec<G::Event>, G::Error> {
        let mut events = Vec::new();
        self.game.apply_chance(&outcome, &mut events)?;
        self.record.steps.push(Step::Chance { outcome });
        self.checkpoint = None;
        self.after_step();
        Ok(events)
    }

    fn after_step(&mut self) {
        if let Some((_, _, seat)) = &self.checkpoint {
            let still = matches!(self.game.to_act(), ToAct::Seats(s) if s.contains(seat));
            if !still {
                self.checkpoint = None;
            }
        }
        if self.game.to_act() == ToAct::Over {
            self.record.scores = Some(self.game.scores());
        }
    }

    /// Takes back `seat`'s last decision.
    pub fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        let Some((start, from, s)) = &self.checkpoint else {
            return Err(UndoError::Nothing(seat));
        };
        if *s != seat || self.record.steps.len() <= *from {
            return Err(UndoError::Nothing(seat));
        }
        let (from, keep) = (*from, self.record.steps.len() - 1);
        let mut game = start.clone();
        let mut events = Vec::new();
        for step in &self.record.steps[from..keep] {
            if let Step::Decision { seat, action } = step {
                game.apply(*seat, action, &mut events)
                    .expect("a logged decision applies again to the same state");
            }
        }
        self.record.steps.truncate(keep);
        self.game = game;
        if keep == from {
            self.checkpoint = None;
            // Back to the state before the run: a new run starts with the next decision.
        }
        Ok(())
    }
}
