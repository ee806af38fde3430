//! A greedy evaluation: the points a seat would score now, plus a small value for what
//! can still become points (Silver, resources, workers in reserve, cards hired).

use crate::state::Viscounts;
use tabuleiro_core::{Game, Seat};

pub fn evaluate(g: &Viscounts, seat: Seat) -> f64 {
    let own = value(g, seat);
    let best_other = (0..g.n() as Seat)
        .filter(|&s| s != seat)
        .map(|s| value(g, s))
        .fold(f64::MIN, f64::max);
    let _ = g.scores();
    own - if best_other == f64::MIN {
        0.0
    } else {
        best_other
    }
}

fn value(g: &Viscounts, seat: Seat) -> f64 {
    let p = g.p(seat);
    let cards =
        (p.hand.len() + p.draw.len() + p.discard.len() + p.slots.iter().flatten().count()) as f64;
    g.breakdown(seat).total() as f64
        + 0.3 * p.silver as f64
        + 0.6 * p.resources() as f64
        + 0.2 * cards.min(16.0)
        + 0.5 * p.manuscripts.len() as f64
}
