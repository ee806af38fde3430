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

/// A search alone (one seat, no other to lead) measures its playouts against its own
/// evaluation at the root: in these three games it filled 75 spaces to random play's
/// 17. Measured against the lead over "the best other seat", every cut-off playout of
/// a lone seat scored 1 and every lost game 0, and the same search filled 33.
#[test]
fn mcts_alone_plays_for_the_duchy() {
    let games = 3;
    let random: usize = (0..games).map(|s| play("random", 100 + s)).sum();
    let mcts: usize = (0..games).map(|s| play("mcts:iters=150", 100 + s)).sum();
    println!("spaces filled in {games} games: random {random}, mcts {mcts}");
    assert!(mcts > 3 * random, "mcts {mcts} vs random {random}");
}
