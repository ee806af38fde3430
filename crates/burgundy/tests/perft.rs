//! Counts of the legal-decision tree from fixed seeded positions (as chess engines do
//! with perft), to pin move generation. Chance steps are drawn from a fixed seed at
//! each node, so the counts depend only on the rules.

use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::Game;
use tabuleiro_testkit::perft::{perft, settle_chance};

fn at_first_turn(players: u8, seed: u64) -> Burgundy {
    let config = Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        ..Config::default()
    };
    settle_chance(Burgundy::new(&config).unwrap(), seed)
}

#[test]
fn perft_two_players() {
    let g = at_first_turn(2, 1);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, PERFT_2P);
}

#[test]
fn perft_four_players() {
    let g = at_first_turn(4, 2);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, PERFT_4P);
}

/// Depth 1 by hand: the start player holds 1 worker and 1 silver (no purchase), two
/// different dice, each usable as its face or one step either way: 2 x 3 = 6.
const PERFT_2P: [u64; 4] = [6, 21, 69, 227];
/// Depth 1 by hand: both dice show the same face (one choice), 1 worker: 3.
const PERFT_4P: [u64; 4] = [3, 16, 47, 264];
