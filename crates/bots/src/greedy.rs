//! One-ply lookahead: apply each legal action to a determinization of the view and
//! keep the one [`Game::evaluate`] scores highest for the seat.

use crate::Bot;
use tabuleiro_core::{Game, Rng, Seat};

/// With `slip` above 0 (the lobby's easy level, `greedy:slip=0.3`), that share of the
/// decisions takes one of the three best-judged choices at random instead of the best:
/// the same judgement, so nothing useless is hoarded, but a weaker opponent.
#[derive(Default, Clone, Copy, Debug)]
pub struct GreedyBot {
    pub slip: f64,
}

/// How many of the best choices a slip picks from.
const SLIP_AMONG: usize = 3;

impl<G: Game> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        match self.slip > 0.0 {
            true => format!("greedy:slip={}", self.slip),
            false => "greedy".into(),
        }
    }

    fn decide(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        crate::decide_weighed(game, seat, legal, |legal| {
            self.decide_among(game, seat, legal, rng)
        })
    }
}

impl GreedyBot {
    fn decide_among<G: Game>(
        &self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut Rng,
    ) -> usize {
        // One determinization for all actions: they are compared on the same guess of
        // the hidden information, so the difference between them is the action's.
        let root = game.determinize(Some(seat), rng);
        let mut events = Vec::new();
        let scores: Vec<f64> = legal
            .iter()
            .map(|action| {
                let mut next = root.clone();
                events.clear();
                // A legal action of the real state applies to a state consistent with
                // the view; if a game's determinization ever breaks that, rank it last.
                match next.apply(seat, action, &mut events) {
                    Ok(()) => next.evaluate(seat),
                    Err(_) => f64::NEG_INFINITY,
                }
            })
            .collect();
        // A slip draws only when it is asked for, so `greedy` plays as it always did.
        if self.slip > 0.0 && (rng.below(1000) as f64) < self.slip * 1000.0 {
            let mut ranked: Vec<usize> = (0..legal.len())
                .filter(|&i| scores[i].is_finite())
                .collect();
            ranked.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            if !ranked.is_empty() {
                return ranked[rng.below(ranked.len().min(SLIP_AMONG))];
            }
        }
        // The best-judged choices (all of them when none applied), ties drawn at random.
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let best: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] >= top).collect();
        best[rng.below(best.len())]
    }
}
