//! Expansions' home. The engine calls hooks at three moments: a tile placed in a
//! duchy, the end of a phase, and the final scoring. The base game is itself the
//! first module ([`base::Base`]); a config enables others by name
//! (`"modules": ["..."]`), each a file here listed in [`registry`], so an expansion
//! adds a file rather than branches in the engine.

mod base;

use crate::action::{Event, ScoreReason};
use crate::error::{Error, Result};
use crate::state::Burgundy;
use crate::tile::Tile;
use tabuleiro_core::Seat;

/// The hooks a module may implement; each defaults to doing nothing.
pub trait Module: Sync {
    /// The name a config enables it by.
    fn name(&self) -> &'static str;

    /// A tile was placed on `space` of `seat`'s duchy (already removed from storage).
    fn placed(
        &self,
        _game: &mut Burgundy,
        _seat: Seat,
        _tile: Tile,
        _space: u8,
        _events: &mut Vec<Event>,
    ) {
    }

    /// The fifth round of a phase is over, before the board is cleared.
    fn phase_ended(&self, _game: &mut Burgundy, _events: &mut Vec<Event>) {}

    /// Adds `seat`'s final scoring lines.
    fn final_points(&self, _game: &Burgundy, _seat: Seat, _lines: &mut Vec<(ScoreReason, i32)>) {}
}

/// The modules a config may enable. None yet besides the base game; a test module
/// in unit tests.
fn registry() -> &'static [&'static dyn Module] {
    #[cfg(not(test))]
    {
        &[]
    }
    #[cfg(test)]
    {
        static TEST: [&dyn Module; 1] = [&tests::COUNTING];
        &TEST
    }
}

fn find(name: &str) -> Option<&'static dyn Module> {
    registry().iter().copied().find(|m| m.name() == name)
}

/// Refuses a config that names a module this engine does not have.
pub(crate) fn check(names: &[String]) -> Result<()> {
    match names.iter().find(|n| find(n).is_none()) {
        Some(n) => Err(Error::Config(format!("there is no module {n:?}"))),
        None => Ok(()),
    }
}

impl Burgundy {
    /// The `i`-th module: the base game, then the enabled ones in the config's order
    /// (by index: no allocation on the placement path).
    fn module(&self, i: usize) -> Option<&'static dyn Module> {
        match i {
            0 => Some(&base::Base),
            _ => self.config.modules.get(i - 1).and_then(|n| find(n)),
        }
    }

    fn modules(&self) -> impl Iterator<Item = &'static dyn Module> + '_ {
        (0..).map_while(|i| self.module(i))
    }

    pub(crate) fn placed_hooks(
        &mut self,
        seat: Seat,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        let mut i = 0;
        while let Some(m) = self.module(i) {
            m.placed(self, seat, tile, space, events);
            i += 1;
        }
    }

    pub(crate) fn phase_end_hooks(&mut self, events: &mut Vec<Event>) {
        let mut i = 0;
        while let Some(m) = self.module(i) {
            m.phase_ended(self, events);
            i += 1;
        }
    }

    /// The final scoring of one seat, line by line.
    pub fn final_points(&self, seat: Seat) -> Vec<(ScoreReason, i32)> {
        let mut lines = Vec::new();
        for m in self.modules() {
            m.final_points(self, seat, &mut lines);
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use tabuleiro_core::{Game, Rng, ToAct};

    /// Counts the calls of each hook; changes nothing.
    pub(super) struct Counting {
        placed: AtomicUsize,
        phases: AtomicUsize,
        finals: AtomicUsize,
    }

    pub(super) static COUNTING: Counting = Counting {
        placed: AtomicUsize::new(0),
        phases: AtomicUsize::new(0),
        finals: AtomicUsize::new(0),
    };

    impl Module for Counting {
        fn name(&self) -> &'static str {
            "counting"
        }
        fn placed(&self, _: &mut Burgundy, _: Seat, _: Tile, _: u8, _: &mut Vec<Event>) {
            self.placed.fetch_add(1, Ordering::Relaxed);
        }
        fn phase_ended(&self, _: &mut Burgundy, _: &mut Vec<Event>) {
            self.phases.fetch_add(1, Ordering::Relaxed);
        }
        fn final_points(&self, _: &Burgundy, _: Seat, _: &mut Vec<(ScoreReason, i32)>) {
            self.finals.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Plays a whole random game with the counting module enabled.
    #[test]
    fn an_enabled_module_hears_every_hook() {
        let config = Config {
            modules: vec!["counting".into()],
            ..Config::default()
        };
        let mut game = Burgundy::new(&config).unwrap();
        let mut rng = Rng::seed(7);
        let (mut placed, mut legal, mut events) = (0, Vec::new(), Vec::new());
        loop {
            let seat = match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let outcome = game.sample_chance(&mut rng);
                    game.apply_chance(&outcome, &mut events).unwrap();
                    continue;
                }
                ToAct::Seats(seats) => seats.lowest().unwrap(),
            };
            legal.clear();
            game.legal_actions(seat, &mut legal);
            let a = legal[rng.below(legal.len())];
            events.clear();
            game.apply(seat, &a, &mut events).unwrap();
            placed += events
                .iter()
                .filter(|e| matches!(e, Event::Placed { .. }))
                .count();
        }
        assert_eq!(COUNTING.placed.load(Ordering::Relaxed), placed);
        assert_eq!(COUNTING.phases.load(Ordering::Relaxed), 5);
        assert_eq!(COUNTING.finals.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn unknown_modules_are_refused() {
        let config = Config {
            modules: vec!["saints".into()],
            ..Config::default()
        };
        assert!(matches!(Burgundy::new(&config), Err(Error::Config(_))));
    }
}
