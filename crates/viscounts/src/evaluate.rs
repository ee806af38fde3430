//! A greedy evaluation: the points a seat would score now, plus a small value for what
//! can still become points (Silver, resources, cards, manuscripts), against the best
//! opponent. While the same seat still has a question of its turn to answer (where to
//! move after placing a card, which main action after moving), the evaluation looks
//! ahead through those answers and keeps the best, so a move is judged by the action it
//! allows.

use crate::state::{Question, Viscounts};
use tabuleiro_core::{Game, Seat, ToAct};

/// How many of the seat's own follow-up questions are looked through.
const DEPTH: u8 = 2;

pub fn evaluate(g: &Viscounts, seat: Seat) -> f64 {
    lookahead(g, seat, DEPTH)
}

fn lookahead(g: &Viscounts, seat: Seat, depth: u8) -> f64 {
    if g.to_act() != ToAct::Seats(tabuleiro_core::SeatSet::one(seat)) {
        return relative(g, seat);
    }
    // Which Debt or Deed to flip, and the resource a paid Debt gives, are looked
    // through whatever the depth: left pending, the flip an action brings was worth
    // nothing to the judgement, and greedy ended games with 2.1 (2 players) to 2.5
    // (4 players) Debts unpaid, -2 VP each (seed 003 L224-248; issue 44). Each answer
    // flips a card or takes a resource, so the chain ends.
    let depth = match g.question(seat) {
        Some(Question::Flip | Question::Resource) => depth + 1,
        Some(Question::Move | Question::Main | Question::Hire) => depth,
        _ => 0,
    };
    if depth == 0 {
        return relative(g, seat);
    }
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    g.legal(seat, &mut legal);
    legal
        .iter()
        .map(|a| {
            let mut next = g.clone();
            events.clear();
            match next.perform(seat, a, &mut events) {
                Ok(()) => lookahead(&next, seat, depth - 1),
                Err(_) => f64::MIN,
            }
        })
        .fold(f64::MIN, f64::max)
}

fn relative(g: &Viscounts, seat: Seat) -> f64 {
    let own = value(g, seat);
    let best_other = (0..g.n() as Seat)
        .filter(|&s| s != seat)
        .map(|s| value(g, s))
        .fold(f64::MIN, f64::max);
    own - if best_other == f64::MIN {
        0.0
    } else {
        0.5 * best_other
    }
}

fn value(g: &Viscounts, seat: Seat) -> f64 {
    let p = g.p(seat);
    let cards =
        (p.hand.len() + p.draw.len() + p.discard.len() + p.slots.iter().flatten().count()) as f64;
    g.breakdown(seat).total() as f64
        + 0.35 * p.silver as f64
        + 0.7 * p.resources() as f64
        + 0.8 * cards.min(14.0)
        + 1.0 * p.manuscripts.len() as f64
}
