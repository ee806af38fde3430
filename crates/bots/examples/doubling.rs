//! Does doubling a search's budget change its decisions, and toward what? (issue 18,
//! tenth round; docs/burgundy/bots.md): positions from 2-player games of `DRIVER`
//! against itself, seeds 1..=GAMES; at every `EVERY`th decision with a choice, fresh
//! searches of `mcts:SPEC` on the deciding seat's view: two at `BASE` iterations and
//! two at twice that (each with its own random stream), and one at `REF`. Prints how
//! often two searches disagree, at the same budget and across the doubling, and how
//! often each budget takes the reference's choice.
//! `GAMES=2 BASE=16000 REF=128000 cargo run --release -p tabuleiro-bots --example doubling`
use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_burgundy::{Action, Burgundy, Config};
use tabuleiro_core::{play, Chooser, Rng, Seat};

/// The searches' choices at one position: base, base, double, double, reference.
type Row = [usize; 5];

struct Measure {
    driver: Box<dyn Bot<Burgundy>>,
    spec: String,
    budgets: [u32; 5],
    every: u64,
    step: u64,
    rows: Vec<Row>,
}

impl Chooser<Burgundy> for Measure {
    fn choose(&mut self, game: &Burgundy, seat: Seat, legal: &[Action], rng: &mut Rng) -> usize {
        self.step += 1;
        if legal.len() > 1 && self.step.is_multiple_of(self.every) {
            let mut row = [0; 5];
            for (k, (choice, budget)) in row.iter_mut().zip(self.budgets).enumerate() {
                let spec = format!("mcts:iters={budget},{}", self.spec);
                let mut bot: Box<dyn Bot<Burgundy>> = parse_bot(&spec).expect("a bot");
                let mut stream = Rng::seed(self.step * 8 + k as u64);
                *choice = bot.decide(game, seat, legal, &mut stream);
            }
            self.rows.push(row);
        }
        self.driver.decide(game, seat, legal, rng)
    }
}

fn var<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The share of rows in which choices `a` and `b` differ.
fn differ(rows: &[Row], a: usize, b: usize) -> f64 {
    let n = rows.iter().filter(|r| r[a] != r[b]).count();
    100.0 * n as f64 / rows.len().max(1) as f64
}

fn main() {
    let expert = "cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even".to_string();
    let base: u32 = var("BASE", 16_000);
    let driver: String = var("DRIVER", format!("mcts:iters=1000,{expert}"));
    let mut measure = Measure {
        driver: parse_bot(&driver).expect("DRIVER names a bot"),
        spec: var("SPEC", expert),
        budgets: [base, base, 2 * base, 2 * base, var("REF", 8 * base)],
        every: var("EVERY", 10),
        step: 0,
        rows: Vec::new(),
    };
    for seed in 1..=var("GAMES", 2u64) {
        play::<Burgundy>(&Config::players(2), seed, &mut measure, false, |_, _| {})
            .expect("a game");
        eprintln!("game {seed}: {} positions", measure.rows.len());
    }
    let r = &measure.rows;
    let [b, _, d, _, reference] = measure.budgets;
    println!(
        "mcts:{} at {b}, {d} and {reference} iterations, {} positions",
        measure.spec,
        r.len()
    );
    println!("two searches at {b} differ: {:.1}%", differ(r, 0, 1));
    println!("two searches at {d} differ: {:.1}%", differ(r, 2, 3));
    let across = (differ(r, 0, 2) + differ(r, 0, 3) + differ(r, 1, 2) + differ(r, 1, 3)) / 4.0;
    println!("a search at {b} and one at {d} differ: {across:.1}%");
    let from_ref = |a: usize, c: usize| (differ(r, a, 4) + differ(r, c, 4)) / 2.0;
    println!("{b} differs from {reference}: {:.1}%", from_ref(0, 1));
    println!("{d} differs from {reference}: {:.1}%", from_ref(2, 3));
}
