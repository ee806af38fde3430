//! The baseline: every legal action equally likely.

use crate::Bot;
use tabuleiro_core::{Game, Rng, Seat};

#[derive(Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, _: &G, _: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        rng.below(legal.len())
    }

    fn instant(&self) -> bool {
        true
    }
}
