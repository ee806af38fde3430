//! Random play over many seeded games, with the invariants checked after every decision.
//! Run in release: `cargo test --release -p tabuleiro-viscounts --test random_play`
//! (`VISCOUNTS_GAMES=N` sets the number of games per player count; default 300).

mod common;

use common::{check_invariants, check_views, AI_CHARACTERS};
use tabuleiro_core::{Game, Rng, ToAct};
use tabuleiro_viscounts::{Config, Viscounts};

fn games() -> u64 {
    std::env::var("VISCOUNTS_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Plays one game with every invariant checked; returns its decisions.
pub fn checked_game(config: &Config, seed: u64, views_every: usize) -> usize {
    let mut game = Viscounts::new(config).unwrap();
    let mut chance = Rng::seed(seed);
    let mut rng = Rng::seed(seed ^ 0x7155);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let o = game.sample_chance(&mut chance);
                game.apply_chance(&o, &mut events)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: no legal action for {seat} at {:?}",
                    game.tasks.last()
                );
                let a = legal[rng.below(legal.len())];
                game.apply(seat, &a, &mut events)
                    .unwrap_or_else(|e| panic!("seed {seed}: {a} refused: {e}"));
                decisions += 1;
                check_invariants(&game, seed);
                if views_every > 0 && decisions % views_every == 0 {
                    check_views(&game, &mut rng, seed);
                }
                assert!(decisions < 20_000, "seed {seed}: the game does not end");
            }
        }
    }
    assert!(
        game.poverty_revealed || game.prosperity_revealed,
        "seed {seed}: ended without the trigger"
    );
    decisions
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 1..=4u8 {
        let config = Config::with_players(players);
        let mut total = 0;
        for seed in 0..games() {
            total += checked_game(&config, seed * 31 + players as u64, 7);
        }
        assert!(total > 0);
    }
}

#[test]
fn random_games_last_many_rounds_and_score() {
    let config = Config::with_players(3);
    let d = checked_game(&config, 12345, 0);
    assert!(d > 100, "only {d} decisions");
}

/// Every AI character (L760; three of them provisional boards) at every difficulty (L762).
#[test]
fn solo_games_at_each_difficulty() {
    for ai in AI_CHARACTERS {
        for difficulty in 0..=3u8 {
            let config = Config {
                difficulty,
                ai: ai.into(),
                ..Config::with_players(1)
            };
            for seed in 0..(games() / 40).max(2) {
                checked_game(&config, seed * 7 + difficulty as u64, 5);
            }
        }
    }
}
