//! `cargo bench -p tabuleiro-burgundy`: random play of complete games, games per second
//! on one core, per player count. A benchmark, not a test: it asserts nothing about time.

use std::time::Instant;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{play, UniformChooser};

fn main() {
    let games: u64 = std::env::var("BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    for players in 2..=4 {
        let config = Config::players(players);
        let start = Instant::now();
        let mut decisions = 0;
        for seed in 0..games {
            let mut bots = UniformChooser;
            let played =
                play::<Burgundy>(&config, seed, &mut bots, false, |_, _| {}).expect("plays");
            decisions += played.decisions;
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "random play, {players} players: {games} games in {s:.2} s = {:.0} games/s, {:.2} us per decision",
            games as f64 / s,
            s * 1e6 / decisions as f64
        );
    }
}
