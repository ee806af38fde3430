//! The bots on Nim, where the right move is known in every position.

use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_core::{Game, Rng};
use tabuleiro_testkit::nim::Nim;

fn decide(spec: &str, pile: u32) -> u32 {
    let game = Nim {
        pile,
        to_move: 1,
        winner: None,
    };
    let mut legal = Vec::new();
    game.legal_actions(1, &mut legal);
    let mut bot: Box<dyn Bot<Nim>> = parse_bot(spec).unwrap();
    legal[bot.decide(&game, 1, &legal, &mut Rng::seed(9))].0
}

#[test]
fn mcts_finds_the_winning_move() {
    for pile in [2, 3, 5, 6, 7, 9, 10, 11] {
        assert_eq!(decide("mcts:iters=3000", pile), pile % 4, "pile {pile}");
    }
}

#[test]
fn mcts_with_sequential_halving_finds_the_winning_move() {
    for pile in [2, 3, 5, 6, 7, 9, 10, 11] {
        let spec = "mcts:iters=3000,prior=10,halve=4";
        assert_eq!(decide(spec, pile), pile % 4, "pile {pile}");
    }
}

/// Implicit minimax backups: with rollouts, and as a best-first search that judges
/// and backs up alone (`cap=0`, the mean not counted: `minimax=1`).
#[test]
fn mcts_with_implicit_minimax_finds_the_winning_move() {
    for spec in [
        "mcts:iters=3000,prior=1,minimax=0.5",
        "mcts:iters=3000,cap=0,prior=1,minimax=1",
    ] {
        for pile in [2, 3, 5, 6, 7, 9, 10, 11] {
            assert_eq!(decide(spec, pile), pile % 4, "{spec}, pile {pile}");
        }
    }
}

#[test]
fn greedy_takes_the_last_stones_when_it_can() {
    // evaluate defaults to the score, 1 only for the winner.
    for pile in 1..=3 {
        assert_eq!(decide("greedy", pile), pile);
    }
}
