//! `cargo bench -p tabuleiro-bots`: the search's speed, in iterations per second on
//! one core, for the lobby's Burgundy levels searching positions of a 2-player game
//! (every 8th decision of a random game, seed 1). A benchmark, not a test: it
//! asserts nothing about time. `BENCH_ITERS` sets the iterations per decision.

use std::time::Instant;
use tabuleiro_bots::parse_bot;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{Game, Rng, Seat, ToAct};

/// Positions where a seat decides, taken along a random game.
fn positions() -> Vec<(Burgundy, Seat)> {
    let mut game = Burgundy::new(&Config::players(2)).expect("a 2-player game");
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
                let action = legal[rng.below(legal.len())];
                game.apply(seat, &action, &mut events)
                    .expect("a legal action");
            }
        }
    }
}

fn main() {
    let iterations: u32 = std::env::var("BENCH_ITERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let positions = positions();
    let expert = "cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even";
    for (level, options) in [("hard", ""), ("expert", expert)] {
        let spec = match options {
            "" => format!("mcts:iters={iterations}"),
            o => format!("mcts:iters={iterations},{o}"),
        };
        let start = Instant::now();
        let mut searched = 0;
        for (i, (game, seat)) in positions.iter().enumerate() {
            let mut bot = parse_bot::<Burgundy>(&spec).expect("a valid spec");
            let mut legal = Vec::new();
            game.legal_actions(*seat, &mut legal);
            bot.decide(game, *seat, &legal, &mut Rng::seed(i as u64));
            searched += bot.iterations();
        }
        let s = start.elapsed().as_secs_f64();
        println!(
            "search, {level} ({spec}): {} decisions in {s:.2} s = {:.0} iterations/s",
            positions.len(),
            searched as f64 / s
        );
    }
}
