//! The baseline: every legal action equally likely.

use crate::Bot;
use tabuleiro_core::{Game, Rng, Seat};

pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::seed(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, _: &G::View, _: Seat, legal: &[G::Action]) -> usize {
        self.rng.below(legal.len())
    }
}
