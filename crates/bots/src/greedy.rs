//! One-ply lookahead: apply each legal action to a determinization of the view and
//! keep the one [`Game::evaluate`] scores highest for the seat.

use crate::Bot;
use tabuleiro_core::{Game, Rng, Seat};

#[derive(Default)]
pub struct GreedyBot;

impl<G: Game> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn decide(&mut self, view: &G::View, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        // One determinization for all actions: they are compared on the same guess of
        // the hidden information, so the difference between them is the action's.
        let root = G::determinize(view, rng);
        let mut events = Vec::new();
        let mut best = Vec::new();
        let mut best_score = f64::NEG_INFINITY;
        for (i, action) in legal.iter().enumerate() {
            let mut next = root.clone();
            events.clear();
            // A legal action of the real state applies to a state consistent with the
            // view; if a game's determinization ever breaks that, rank it last.
            let score = match next.apply(seat, action, &mut events) {
                Ok(()) => next.evaluate(seat),
                Err(_) => f64::NEG_INFINITY,
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score >= best_score {
                best.push(i);
            }
        }
        best[rng.below(best.len())]
    }
}
