//! `cargo bench -p tabuleiro-catan`: random play of complete base games (4 players,
//! player trades off, as catanatron's random bot never trades) and of Cities & Knights
//! games (4 players, trades off), games and decisions
//! per second on one core. A benchmark, not a test: it asserts nothing about time.

use std::time::Instant;
use tabuleiro_catan::{Catan, Config};
use tabuleiro_core::{play, UniformChooser};

fn main() {
    let games: u64 = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let runs = [
        ("base", Config::players(4), false),
        ("base", Config::players(4), true),
        ("base", Config::players(3), false),
        ("cities_and_knights", Config::cities_and_knights(4), false),
    ];
    for (expansion, config, trades) in runs {
        let players = config.players;
        let config = Config {
            player_trades: trades,
            turn_limit: 1000,
            ..config
        };
        let start = Instant::now();
        let (mut decisions, mut won) = (0, 0);
        for seed in 0..games {
            let played =
                play::<Catan>(&config, seed, &mut UniformChooser, false, |_, _| {}).expect("plays");
            decisions += played.decisions;
            won += played.game.winner.is_some() as u64;
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "random play, {expansion}, {players} players, trades {trades}: {games} games ({won} won, the rest stopped at turn 1000) in {s:.2} s = {:.0} games/s, {:.0} decisions/game, {:.0} decisions/s",
            games as f64 / s,
            decisions as f64 / games as f64,
            decisions as f64 / s
        );
    }
}
