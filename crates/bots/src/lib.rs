//! Bots for any [`Game`]: they see only their seat's view and the legal actions,
//! never the state, so a bot cannot peek at what its seat may not know.
//!
//! - [`RandomBot`]: uniform over the legal actions.
//! - [`GreedyBot`]: the action whose immediate result [`Game::evaluate`] likes best.
//! - [`MctsBot`]: information-set Monte Carlo tree search over determinized views.
//!
//! [`parse_bot`] builds one from a command-line spec ("mcts:iters=2000").

mod greedy;
mod mcts;
mod random;
mod spec;

pub use greedy::GreedyBot;
pub use mcts::{Budget, MctsBot, MctsConfig};
pub use random::RandomBot;
pub use spec::{parse_bot, spec_cost, Cost, SpecError};

use tabuleiro_core::{Chooser, Game, Rng, Seat};

/// A player that chooses among legal actions from what its seat can see.
/// Bots are `Send + Sync`: an environment that plays a seat for a learner steps on
/// worker threads (`tabuleiro-learn`'s batches).
pub trait Bot<G: Game>: Send + Sync {
    /// The bot's name with its options, as a spec would write it.
    fn name(&self) -> String;
    /// Chooses one of `legal` (an index into it) for `seat` in `game`. `legal` is
    /// never empty. A bot knows `game` only as `seat` does: through
    /// [`Game::determinize`]`(Some(seat))` and [`Game::view`]`(Some(seat))`, which
    /// the swap check holds to what the seat may know (`tabuleiro_testkit::hidden`),
    /// and so do its decisions (`tests/hidden.rs`). Every random choice comes from
    /// `rng`, the generator of this decision ([`tabuleiro_core::bot_rng`]): a bot
    /// holds no generator of its own, so the same seed plays the same wherever the
    /// game is played.
    fn decide(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize;
    /// Search iterations run so far (0 for bots that do not search), for speed reports.
    fn iterations(&self) -> u64 {
        0
    }
    /// Whether a decision costs about as little as reading the clock (the random
    /// bot's): a measurement then times a sample of its decisions, not each one.
    fn instant(&self) -> bool {
        false
    }
}

/// Decides with `decide` among the choices of `legal` the game does not dismiss
/// ([`Game::dismissed`]), or among all of them when it dismisses none or all; answers
/// an index into `legal`. A game that dismisses nothing costs one question a choice,
/// no copy.
pub(crate) fn decide_weighed<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    decide: impl FnOnce(&[G::Action]) -> usize,
) -> usize {
    let kept = |i: &usize| !game.dismissed(seat, &legal[*i]);
    if (0..legal.len()).all(|i| kept(&i)) {
        return decide(legal);
    }
    let kept: Vec<usize> = (0..legal.len()).filter(kept).collect();
    if kept.is_empty() {
        return decide(legal);
    }
    let sub: Vec<G::Action> = kept.iter().map(|&i| legal[i].clone()).collect();
    kept[decide(&sub)]
}

/// One bot choosing for every seat, as the driver's [`Chooser`] (for measurements
/// that play a bot against itself).
pub struct EverySeat<G: Game>(pub Box<dyn Bot<G>>);

impl<G: Game> Chooser<G> for EverySeat<G> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        self.0.decide(game, seat, legal, rng)
    }
}
