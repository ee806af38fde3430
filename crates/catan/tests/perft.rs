//! Counts of legal decisions from fixed positions, derived by hand from the board's
//! geometry, pin move generation (as chess engines do with perft).

mod common;

use common::*;
use tabuleiro_catan::{Action, Catan};
use tabuleiro_core::{Game, Seat};

fn count(g: &Catan, seat: Seat) -> usize {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    out.len()
}

#[test]
fn setup_counts() {
    let mut g = new_game(&config(4));
    // Every one of the 54 intersections is open at first.
    assert_eq!(count(&g, 0), 54);
    // An inland intersection closes itself and its three neighbours; its three paths
    // are the roads on offer.
    act(&mut g, 0, &format!("settle {}", corner(9, 0)));
    assert_eq!(count(&g, 0), 3);
    act(&mut g, 0, &format!("road {}", side(9, 0)));
    assert_eq!(count(&g, 1), 50);
    // A corner of the coast with two paths closes itself and two neighbours.
    let geo = tabuleiro_catan::geometry::Geometry::get();
    let coast = (0..54u8)
        .find(|&v| geo.vertex_edges[v as usize].len() == 2 && !g.too_close().contains(v))
        .unwrap();
    act(&mut g, 1, &format!("settle {coast}"));
    assert_eq!(count(&g, 1), 2);
}

#[test]
fn main_phase_counts() {
    let mut g = table(&config(3), 0);
    settle(&mut g, 0, corner(9, 0));
    // Nothing in hand: only ending the turn.
    assert_eq!(count(&g, 0), 1);
    // A road's cards: 3 paths from the settlement, no maritime trade (4 of a kind
    // needed), and 3 listed offers (one card held for each of the 3 kinds not held).
    give(&mut g, 0, "BL");
    assert_eq!(offers(&g), 3);
    assert_eq!(count(&g, 0), 1 + 3 + 3);
    // Four bricks more: 4 maritime trades for brick (into the 4 other kinds).
    give(&mut g, 0, "BBBB");
    let mut out = Vec::new();
    g.legal_actions(0, &mut out);
    let maritime = out
        .iter()
        .filter(|a| matches!(a, Action::Maritime { .. }))
        .count();
    assert_eq!(maritime, 4);
}

/// Offers listed: one of the kind held most for one of each kind not held.
fn offers(g: &Catan) -> usize {
    let mut out = Vec::new();
    g.legal_actions(g.current, &mut out);
    out.iter()
        .filter(|a| matches!(a, Action::Offer { .. }))
        .count()
}
