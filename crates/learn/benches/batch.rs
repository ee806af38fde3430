//! `cargo bench -p tabuleiro-learn --bench batch`: a batch of games stepped by a
//! uniform random policy over its masks, in Rust alone, steps (decisions) per second
//! of wall time inside `Batch::step`, with and without observations: the part of
//! `scripts/bench-learn.sh` (fastcatan's `BatchedEnv` side by side) that is the
//! environment's own, profiled without Python. `BENCH_STEPS` batch steps (1,500),
//! `BENCH_GAMES` games (64) on `BENCH_THREADS` threads (1), the config of that script;
//! a game's name as argument runs that game alone, and `masks` or `observations`
//! after it one of its two runs. A benchmark, not a test: it asserts nothing about
//! time (issue 41).

use std::time::Instant;
use tabuleiro_core::Rng;
use tabuleiro_learn::{Batch, Buffers, Spec};

/// Games in the batch, 64 unless `BENCH_GAMES` says.
fn games() -> usize {
    env_number("BENCH_GAMES").unwrap_or(64)
}

fn env_number(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|s| s.parse().ok())
}

/// Steps `batch` `steps` times, each game's id drawn uniformly from its mask; the
/// seconds inside `Batch::step` alone.
fn run(batch: &mut Batch, steps: usize) -> f64 {
    let mut buffers = Buffers::for_batch(batch);
    batch.observe(&mut buffers.out()).expect("shapes agree");
    let space = batch.action_space();
    let mut rng = Rng::seed(7);
    let mut actions = vec![0i64; batch.games()];
    let mut inside = 0.0;
    for _ in 0..steps {
        for (game, action) in actions.iter_mut().enumerate() {
            let mask = &buffers.masks[game * space..(game + 1) * space];
            let legal = mask.iter().filter(|&&m| m != 0).count();
            let pick = rng.below(legal);
            let id = mask
                .iter()
                .enumerate()
                .filter(|(_, &m)| m != 0)
                .nth(pick)
                .map(|(id, _)| id);
            *action = id.expect("a game waits for a decision") as i64;
        }
        let start = Instant::now();
        batch
            .step(&actions, &mut buffers.out())
            .expect("a legal id");
        inside += start.elapsed().as_secs_f64();
    }
    inside
}

fn main() {
    let steps = env_number("BENCH_STEPS").unwrap_or(1_500);
    let threads = env_number("BENCH_THREADS").unwrap_or(1);
    let cases = [
        ("catan", r#"{"player_trades": false, "turn_limit": 1000}"#),
        ("burgundy", r#"{"players": 4}"#),
        ("viscounts", r#"{"players": 4}"#),
    ];
    // `cargo bench -p tabuleiro-learn --bench batch -- catan masks` runs one game,
    // masks only (or `observations`).
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let only = |name: &str, i: usize| words.get(i).is_none_or(|w| w == name);
    for (game, config) in cases {
        if !only(game, 0) {
            continue;
        }
        for observations in [false, true] {
            let run_name = if observations {
                "observations"
            } else {
                "masks"
            };
            if !only(run_name, 1) {
                continue;
            }
            let spec = Spec {
                game: game.into(),
                config: Some(config.into()),
                seed: 1,
                opponents: Vec::new(),
            };
            let mut batch = Batch::new(&spec, games(), threads).expect("a valid spec");
            batch.set_observations(observations);
            let seconds = run(&mut batch, steps);
            let total = (batch.games() * steps) as f64;
            println!(
                "{game:<10} observations {:<5} {:>12.0} steps per second inside Batch::step \
                 ({} games, {threads} threads, wall)",
                observations,
                total / seconds,
                batch.games(),
            );
        }
    }
}
