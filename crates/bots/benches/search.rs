//! `cargo bench -p tabuleiro-bots`: the search's speed, in iterations per second on
//! one core, for each game's hard and expert searches (crates/games/src/levels.rs,
//! at `BENCH_ITERS` iterations a decision, 2000 unless set) over positions of a
//! 2-player game (Catan: 3 players; every 8th decision of a random game, seed 1,
//! at most 40 in Catan and Viscounts). A benchmark, not a
//! test: it asserts nothing about time (issue 46: "MCTS iterations per CPU-second
//! at least doubled in each game").

use std::time::Instant;
use tabuleiro_bots::parse_bot;
use tabuleiro_core::{Game, Rng, Seat, ToAct};

/// Positions where a seat decides, taken along a random game.
fn positions<G: Game>(config: &G::Config) -> Vec<(G, Seat)> {
    let mut game = G::new(config).expect("a valid config");
    let mut rng = Rng::seed(1);
    let (mut legal, mut events, mut found) = (Vec::new(), Vec::new(), Vec::new());
    let mut decisions = 0;
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => return found,
            ToAct::Chance => {
                let outcome = game.sample_chance(&mut rng);
                game.apply_chance(&outcome, &mut events)
                    .expect("a sampled outcome");
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                game.legal_actions(seat, &mut legal);
                if decisions % 8 == 0 && legal.len() > 1 {
                    found.push((game.clone(), seat));
                }
                decisions += 1;
                let action = legal[rng.below(legal.len())].clone();
                game.apply(seat, &action, &mut events)
                    .expect("a legal action");
            }
        }
    }
}

/// Searches each position with `hard` and `expert` (the options after the budget;
/// none where the expert is hard's search with a larger budget, as in Viscounts)
/// and prints the iterations per second of each.
fn bench<G: Game>(config: &G::Config, expert: &str, iterations: u32, limit: usize) {
    let positions = positions::<G>(config);
    let positions = &positions[..positions.len().min(limit)];
    let levels = [("hard", ""), ("expert", expert)];
    for (level, options) in levels
        .into_iter()
        .filter(|(l, o)| *l == "hard" || !o.is_empty())
    {
        let spec = match options {
            "" => format!("mcts:iters={iterations}"),
            o => format!("mcts:iters={iterations},{o}"),
        };
        let start = Instant::now();
        let mut searched = 0;
        for (i, (game, seat)) in positions.iter().enumerate() {
            let mut bot = parse_bot::<G>(&spec).expect("a valid spec");
            let mut legal = Vec::new();
            game.legal_actions(*seat, &mut legal);
            bot.decide(game, *seat, &legal, &mut Rng::seed(i as u64));
            searched += bot.iterations();
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "search, {}, {level} ({spec}): {} decisions in {s:.2} s = {:.0} iterations/s",
            G::NAME,
            positions.len(),
            searched as f64 / s
        );
    }
}

fn main() {
    let iterations: u32 = std::env::var("BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    bench::<tabuleiro_burgundy::Burgundy>(
        &tabuleiro_burgundy::Config::players(2),
        "cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even",
        iterations,
        usize::MAX,
    );
    // Catan takes 3-4 players; a random game runs to hundreds of decisions, of which
    // 40 positions are enough.
    bench::<tabuleiro_catan::Catan>(
        &tabuleiro_catan::Config::players(3),
        "cap=20,reuse=1,prior=10,widen=1",
        iterations,
        40,
    );
    let viscounts = tabuleiro_viscounts::Config {
        players: 2,
        ..Default::default()
    };
    bench::<tabuleiro_viscounts::Viscounts>(&viscounts, "", iterations, 40);
}
