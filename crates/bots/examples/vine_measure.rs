//! Greedy with the evaluation's vine valuation against greedy without it (the
//! evaluation less `Burgundy::vine_promise`), in 2-player vineyard games, seats
//! alternated: `GAMES=400 cargo run --release -p tabuleiro-bots --example vine_measure`
//! (docs/burgundy/bots.md). Without it means after each decision: a pending
//! decision's one-step look-ahead inside the evaluation still values vines.
use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{play, Chooser};
use tabuleiro_core::{Game, Rng, Seat};

struct Greedy {
    vines_for: Seat,
}

impl Chooser<Burgundy> for Greedy {
    fn choose(
        &mut self,
        g: &Burgundy,
        seat: Seat,
        legal: &[<Burgundy as Game>::Action],
        _: &mut Rng,
    ) -> usize {
        let mut ev = Vec::new();
        let mut best = (f64::NEG_INFINITY, 0);
        for (i, a) in legal.iter().enumerate() {
            let mut n = g.clone();
            ev.clear();
            n.apply_unchecked(seat, a, &mut ev);
            let mut v = n.evaluate(seat);
            if seat != self.vines_for {
                v -= n.vine_promise(seat);
            }
            if v > best.0 {
                best = (v, i);
            }
        }
        best.1
    }
}

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let c = Config {
        players: 2,
        modules: ModuleSet::of(&[Module::Vineyards]),
        ..Config::default()
    };
    let (mut wins, mut ties, mut vp_new, mut vp_old, mut vine_new, mut vine_old) =
        (0.0, 0, 0i64, 0i64, 0i64, 0i64);
    let mut counts = [[0u32; 3]; 2];
    for seed in 0..games {
        let new_seat = (seed % 2) as Seat;
        let p = play::<Burgundy>(
            &c,
            seed + 1,
            &mut Greedy {
                vines_for: new_seat,
            },
            false,
            |_, ev| {
                for e in ev {
                    let k = e.key();
                    let who = |s: Seat| if s == new_seat { 0 } else { 1 };
                    match e {
                        tabuleiro_burgundy::Event::VineTaken { seat, .. } => {
                            counts[who(*seat)][0] += 1
                        }
                        tabuleiro_burgundy::Event::VineBought { seat, .. } => {
                            counts[who(*seat)][1] += 1
                        }
                        tabuleiro_burgundy::Event::VinePlaced { seat, .. } => {
                            counts[who(*seat)][2] += 1
                        }
                        _ => {
                            let _ = k;
                        }
                    }
                }
            },
        )
        .unwrap();
        let g = p.game;
        let (n, o) = (new_seat as usize, 1 - new_seat as usize);
        let vines = |s: usize| {
            g.vine_points(s as Seat)
                .iter()
                .map(|l| l.1 as i64)
                .sum::<i64>()
        };
        vp_new += g.players[n].vp as i64;
        vp_old += g.players[o].vp as i64;
        vine_new += vines(n);
        vine_old += vines(o);
        let s = g.standings();
        if s[0].score == s[1].score {
            ties += 1;
            wins += 0.5;
        } else if s[0].members == vec![tabuleiro_core::Participant::Seat(new_seat)] {
            wins += 1.0;
        }
    }
    let k = games as f64;
    println!(
        "taken/bought/placed: with {:?} without {:?}",
        counts[0], counts[1]
    );
    println!("games {games}: with vines wins {wins} ({:.1}%), ties {ties}; mean VP with {:.1} without {:.1}; mean vine VP with {:.1} without {:.1}",
        100.0 * wins / k, vp_new as f64 / k, vp_old as f64 / k, vine_new as f64 / k, vine_old as f64 / k);
}
