//! `cargo bench -p tabuleiro-viscounts`: random play of complete games (1-4 players, the
//! solo AI playing its own side), games and decisions per second on one core. A
//! benchmark, not a test: it asserts nothing about time.

use std::time::Instant;
use tabuleiro_core::{play, UniformChooser};
use tabuleiro_viscounts::{Config, Viscounts};

fn main() {
    let games: u64 = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    for players in [4u8, 3, 2, 1] {
        let config = Config::with_players(players);
        let start = Instant::now();
        let mut decisions = 0;
        for seed in 0..games {
            let played = play::<Viscounts>(&config, seed, &mut UniformChooser, false, |_, _| {})
                .expect("plays");
            decisions += played.decisions;
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "random play, {players} player(s): {games} games in {s:.2} s = {:.0} games/s, {:.0} decisions/game, {:.0} decisions/s",
            games as f64 / s,
            decisions as f64 / games as f64,
            decisions as f64 / s
        );
    }
}
