//! The bots play The Castles of Burgundy's solo game (one seat, module `solo`) to its
//! end: the greedy bot and ISMCTS finish games, and the greedy bot, which maximises a
//! judgement counting the spaces filled, fills more of the duchy than random play.

mod common;

use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::Config;
use tabuleiro_core::{Game, Participant};

fn solo() -> Config {
    Config {
        players: 1,
        modules: ModuleSet::of(&[Module::Solo]),
        ..Config::default()
    }
}

/// Plays one solo game with `spec` and returns the spaces filled.
fn play(spec: &str, seed: u64) -> usize {
    let game = common::play_out(&solo(), &[spec], seed);
    let standings = game.standings();
    assert_eq!(standings.len(), 2, "the seat and the solo goal");
    assert!(standings
        .iter()
        .any(|s| s.members == vec![Participant::Automaton("burgundy.solo".into())]));
    game.players[0].covered().len() as usize
}

#[test]
fn greedy_and_mcts_finish_solo_games_and_greedy_fills_more_than_random() {
    let games = 4;
    let random: usize = (0..games).map(|s| play("random", s)).sum();
    let greedy: usize = (0..games).map(|s| play("greedy", s)).sum();
    println!("spaces filled in {games} games: random {random}, greedy {greedy}");
    assert!(greedy > random, "greedy {greedy} vs random {random}");
    play("mcts:iters=20", 1);
}
