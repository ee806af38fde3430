//! How well the even judgement's parts predict a 2-player game's result, and the
//! weights that would predict it best (issue 18, ninth round; docs/burgundy/bots.md):
//! games of `BOT` against itself, seeds 1..=GAMES. At every 3rd decision where no
//! action is under way, each seat's parts ([`even_parts`]: the static judgement's
//! and its die actions to come); after the game, seat 0's final lead. Per band of rounds
//! left, least squares of the final lead on the difference of the parts, pulled
//! toward the judgement's own weights (all 1), fit on the odd games and tested on
//! the even ones.
//! `GAMES=200 BOT=greedy cargo run --release -p tabuleiro-bots --example eval_fit`
use tabuleiro_bots::{parse_bot, EverySeat};
use tabuleiro_burgundy::evaluate::{action_under_way, even_parts, rounds_left, TERMS};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::play;

const K: usize = TERMS.len() + 1;

/// One sample: band of rounds left, seat 0's parts less seat 1's, seat 0's final lead.
type Sample = (usize, [f64; K], f64);

/// Solves `a w = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; K]; K], mut b: [f64; K]) -> [f64; K] {
    for c in 0..K {
        let p = (c..K)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        let (pivot, bp) = (a[c], b[c]);
        for (row, br) in a[c + 1..].iter_mut().zip(&mut b[c + 1..]) {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            *br -= f * bp;
        }
    }
    let mut w = [0.0; K];
    for c in (0..K).rev() {
        let s: f64 = (c + 1..K).map(|k| a[c][k] * w[k]).sum();
        w[c] = (b[c] - s) / a[c][c];
    }
    w
}

/// Ridge least squares pulled toward weights of 1 by `lambda` per sample.
fn fit(samples: &[&Sample], lambda: f64) -> [f64; K] {
    let (mut a, mut b) = ([[0.0; K]; K], [0.0; K]);
    for (_, x, y) in samples {
        for ((row, bi), xi) in a.iter_mut().zip(&mut b).zip(x) {
            for (aij, xj) in row.iter_mut().zip(x) {
                *aij += xi * xj;
            }
            *bi += xi * y;
        }
    }
    let l = lambda * samples.len() as f64;
    for (i, (row, bi)) in a.iter_mut().zip(&mut b).enumerate() {
        row[i] += l;
        *bi += l;
    }
    solve(a, b)
}

/// Mean squared error of the prediction and the share of results whose winner it names.
fn test(samples: &[&Sample], w: &[f64; K]) -> (f64, f64) {
    let (mut se, mut right) = (0.0, 0.0);
    for (_, x, y) in samples {
        let p: f64 = x.iter().zip(w).map(|(x, w)| x * w).sum();
        se += (p - y).powi(2);
        if *y == 0.0 || (p > 0.0) == (*y > 0.0) {
            right += 1.0;
        }
    }
    let n = samples.len().max(1) as f64;
    (se / n, right / n)
}

fn of_band(samples: &[Sample], band: usize) -> Vec<&Sample> {
    samples.iter().filter(|s| s.0 == band).collect()
}

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    let spec = std::env::var("BOT").unwrap_or_else(|_| "greedy".into());
    let lambda: f64 = std::env::var("LAMBDA")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.5);
    let c = Config::players(2);
    let (mut train, mut held) = (Vec::<Sample>::new(), Vec::<Sample>::new());
    for seed in 1..=games {
        let mut player = EverySeat(parse_bot::<Burgundy>(&spec).expect("a bot spec"));
        let mut step = 0u64;
        let mut seen = Vec::new();
        let played = play::<Burgundy>(&c, seed, &mut player, false, |g, _| {
            step += 1;
            if step.is_multiple_of(3) && g.stage != Stage::Over && !action_under_way(g) {
                let (a, b) = (even_parts(g, 0), even_parts(g, 1));
                let band = ((rounds_left(g).max(1.0) as usize) - 1) / 5;
                seen.push((band, std::array::from_fn(|i| a[i] - b[i])));
            }
        })
        .unwrap();
        let p = &played.game.players;
        let lead = p[0].vp as f64 - p[1].vp as f64;
        let into = if seed % 2 == 1 { &mut train } else { &mut held };
        into.extend(seen.into_iter().map(|(band, x)| (band, x, lead)));
    }
    let mut bands = Vec::new();
    println!(
        "{games} games of {spec}, ridge {lambda} toward 1; parts: {TERMS:?}, die actions to come"
    );
    for band in 0..5 {
        let (tr, he) = (of_band(&train, band), of_band(&held, band));
        let w = fit(&tr, lambda);
        let (mse1, right1) = test(&he, &[1.0; K]);
        let (msew, rightw) = test(&he, &w);
        let ws: Vec<String> = w.iter().map(|w| format!("{w:.2}")).collect();
        bands.push(format!(
            "    {{ \"rounds_left\": {}, \"weights\": [{}] }}",
            band * 5 + 3,
            ws.join(", ")
        ));
        println!(
            "rounds left {}-{}: {} / {} samples; held-out error {:.1} -> {:.1} VP², winner named {:.1}% -> {:.1}%; weights {}",
            band * 5 + 1,
            band * 5 + 5,
            tr.len(),
            he.len(),
            mse1,
            msew,
            100.0 * right1,
            100.0 * rightw,
            ws.join(" ")
        );
    }
    println!("\"bands\": [\n{}\n]", bands.join(",\n"));
}
