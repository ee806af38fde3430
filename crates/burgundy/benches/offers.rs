//! `cargo bench -p tabuleiro-burgundy --bench offers`: what a table's offers cost, as
//! the server computes them on each state push (`Session::offers` for the seat to act,
//! each marked `ends_turn` or not). Random 4-player games through a `Session`; with
//! `BENCH_OFFERS=0` the same games without the offers, so that the difference of two
//! runs' instruction counts (`valgrind --tool=callgrind`) is the offers' own cost.
//! A benchmark, not a test: it asserts nothing about time.

use std::hint::black_box;
use std::time::Instant;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{Game, Rng, Session, ToAct};

fn main() {
    let var = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let games = var("BENCH_GAMES", 20);
    let with_offers = var("BENCH_OFFERS", 1) == 1;
    let start = Instant::now();
    let (mut pushes, mut offered) = (0u64, 0u64);
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut session = Session::<Burgundy>::new(Config::players(4), seed).expect("valid");
        let mut choices = Rng::seed(seed);
        loop {
            let seat = match session.game().to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    session.draw_chance().expect("chance").expect("drawn");
                    continue;
                }
                ToAct::Seats(seats) => seats.lowest().expect("a seat to act"),
            };
            if with_offers {
                offered += black_box(session.offers(seat)).len() as u64;
                pushes += 1;
            }
            session.game().legal_actions(seat, &mut legal);
            let action = legal[choices.below(legal.len())];
            session.apply(seat, action).expect("a legal action");
        }
    }
    let s = start.elapsed().as_secs_f64();
    println!("{games} games, 4 players: {pushes} pushes with offers, {offered} offers, {s:.2} s");
}
