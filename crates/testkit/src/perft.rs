//! Counts of the legal-decision tree (as chess engines do with perft), to pin a game's
//! move generation from fixed seeded positions. Chance steps met in the tree are drawn
//! from seed 0 at each node, so the counts depend only on the rules.

use tabuleiro_core::{Game, Rng, ToAct};

/// Draws the chance steps from `seed` until a seat (or nobody) is to decide.
pub fn settle_chance<G: Game>(mut g: G, seed: u64) -> G {
    let mut rng = Rng::seed(seed);
    while g.to_act() == ToAct::Chance {
        let o = g.sample_chance(&mut rng);
        g.apply_chance(&o, &mut Vec::new()).unwrap();
    }
    g
}

/// Number of decision sequences of `depth` decisions; panics where a decision is
/// listed twice (a count would then be off without any rule being wrong).
pub fn perft<G: Game>(g: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    match g.to_act() {
        ToAct::Over => 1,
        ToAct::Chance => {
            let mut next = g.clone();
            let o = next.sample_chance(&mut Rng::seed(0));
            next.apply_chance(&o, &mut Vec::new()).unwrap();
            perft(&next, depth)
        }
        ToAct::Seats(seats) => {
            let seat = seats.lowest().unwrap();
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            for (i, a) in legal.iter().enumerate() {
                assert!(!legal[..i].contains(a), "{a} listed twice");
            }
            legal
                .iter()
                .map(|a| {
                    let mut next = g.clone();
                    next.apply(seat, a, &mut Vec::new()).unwrap();
                    perft(&next, depth - 1)
                })
                .sum()
        }
    }
}
