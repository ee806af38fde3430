//! Elo ratings from games between several bots (Bradley-Terry by maximum
//! likelihood), with 95% intervals by resampling the games.
//!
//! A game with several seats counts as one result per pair of seats held by different
//! bots: the better place wins, a shared place is half a win each. The model says bot
//! `i` beats bot `j` with probability `g_i / (g_i + g_j)`; the ratings are
//! `400 log10 g`, shifted so that the first bot (the anchor) is 0, so 200 points
//! apart is about a 76% expected score, as in chess.

use tabuleiro_core::Rng;

/// The pairwise results of one game: (winner, loser, share), share 1 for a win and
/// 0.5 for each side of a shared place (written once per pair).
pub type Pairs = Vec<(usize, usize, f64)>;

/// The pairwise results of a game from each seat's bot and place (1 is first).
pub fn pairs_of_game(seat_bot: &[usize], places: &[u8]) -> Pairs {
    let mut out = Vec::new();
    for a in 0..seat_bot.len() {
        for b in a + 1..seat_bot.len() {
            let (x, y) = (seat_bot[a], seat_bot[b]);
            if x == y {
                continue;
            }
            match places[a].cmp(&places[b]) {
                std::cmp::Ordering::Less => out.push((x, y, 1.0)),
                std::cmp::Ordering::Greater => out.push((y, x, 1.0)),
                std::cmp::Ordering::Equal => out.push((x, y, 0.5)),
            }
        }
    }
    out
}

/// Elo ratings of `bots` bots from the games' pairwise results, the first bot at 0.
/// Every pair of bots that met also gets one virtual drawn game, so that a bot that
/// won (or lost) every game still has a finite rating; with tens of games between
/// them it moves a rating by a few points.
pub fn elo(bots: usize, games: &[Pairs]) -> Vec<f64> {
    // wins[i]: points scored by i; met[i][j]: games between i and j.
    let mut wins = vec![0.0; bots];
    let mut met = vec![vec![0.0; bots]; bots];
    for &(w, l, share) in games.iter().flatten() {
        met[w][l] += 1.0;
        met[l][w] += 1.0;
        wins[w] += share;
        if share < 1.0 {
            wins[l] += share;
        }
    }
    for (i, row) in met.iter_mut().enumerate() {
        for (j, n) in row.iter_mut().enumerate() {
            if i != j && *n > 0.0 {
                *n += 1.0;
                wins[i] += 0.5;
            }
        }
    }
    // Hunter's minorization-maximization: g_i = W_i / sum_j n_ij / (g_i + g_j),
    // renormalised each step; it converges for any connected set of results.
    let mut g = vec![1.0; bots];
    for _ in 0..10_000 {
        let mut next: Vec<f64> = (0..bots)
            .map(|i| {
                let denom: f64 = (0..bots)
                    .filter(|&j| j != i && met[i][j] > 0.0)
                    .map(|j| met[i][j] / (g[i] + g[j]))
                    .sum();
                if denom > 0.0 {
                    wins[i] / denom
                } else {
                    g[i]
                }
            })
            .collect();
        let scale = next[0].max(f64::MIN_POSITIVE);
        next.iter_mut().for_each(|x| *x /= scale);
        let change = next
            .iter()
            .zip(&g)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        g = next;
        if change < 1e-10 {
            break;
        }
    }
    g.iter().map(|x| 400.0 * x.log10()).collect()
}

/// The expected score of a bot rated `a` against one rated `b` (the model's
/// prediction, which the tests check the ratings against).
#[cfg(test)]
fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// 95% intervals of each rating: the 2.5th and 97.5th percentiles over `samples`
/// resamplings of the games with replacement (seeded, so the same every run).
pub fn intervals(bots: usize, games: &[Pairs], samples: usize, seed: u64) -> Vec<(f64, f64)> {
    let mut rng = Rng::seed(seed);
    let mut draws: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); bots];
    if games.is_empty() {
        return vec![(0.0, 0.0); bots];
    }
    for _ in 0..samples {
        let sample: Vec<Pairs> = (0..games.len())
            .map(|_| games[rng.below(games.len())].clone())
            .collect();
        for (b, r) in elo(bots, &sample).into_iter().enumerate() {
            draws[b].push(r);
        }
    }
    draws
        .into_iter()
        .map(|mut d| {
            d.sort_by(f64::total_cmp);
            let at = |q: f64| d[((q * (d.len() - 1) as f64).round() as usize).min(d.len() - 1)];
            (at(0.025), at(0.975))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(w: usize, l: usize, wins: usize, losses: usize) -> Vec<Pairs> {
        let mut out = vec![vec![(w, l, 1.0)]; wins];
        out.extend(vec![vec![(l, w, 1.0)]; losses]);
        out
    }

    /// 300 wins in 400 games: the gap is the Elo of a 75% score, with the one
    /// virtual draw counted (300.5 of 401).
    #[test]
    fn two_bots_are_apart_by_the_elo_of_their_score() {
        let r = elo(2, &games(1, 0, 300, 100));
        assert_eq!(r[0], 0.0);
        let want = 400.0 * (300.5f64 / 100.5).log10();
        assert!((r[1] - want).abs() < 1e-6, "{r:?} vs {want}");
        assert!((expected(r[1], r[0]) - 300.5 / 401.0).abs() < 1e-9);
        // About 190 points: a 75% score.
        assert!((r[1] - 190.0).abs() < 2.0);
    }

    /// Ratings chain through common opponents: A beats B 3 to 1, B beats C 3 to 1,
    /// A and C never meet, so A is about twice the gap above C.
    #[test]
    fn ratings_chain_through_common_opponents() {
        let mut all = games(0, 1, 300, 100);
        all.extend(games(1, 2, 300, 100));
        let r = elo(3, &all);
        assert!((r[1] + 190.6).abs() < 1.0, "{r:?}");
        assert!((r[2] - 2.0 * r[1]).abs() < 1.0, "{r:?}");
    }

    /// A bot that won every game has a finite rating, and the interval holds it.
    #[test]
    fn a_clean_sweep_is_finite_and_inside_its_interval() {
        let all = games(1, 0, 20, 0);
        let r = elo(2, &all);
        assert!(r[1].is_finite() && r[1] > 400.0, "{r:?}");
        let ci = intervals(2, &all, 100, 1);
        assert!(ci[1].0 <= r[1] + 1e-9 && r[1] <= ci[1].1 + 1e-9, "{ci:?}");
        assert_eq!(ci[0], (0.0, 0.0));
    }

    /// Equal results give equal ratings; a wider sample gives a narrower interval.
    #[test]
    fn even_results_rate_even_and_intervals_narrow_with_games() {
        let few = games(1, 0, 10, 10);
        let many = games(1, 0, 200, 200);
        assert!(elo(2, &few)[1].abs() < 1e-9);
        let (a, b) = (
            intervals(2, &few, 200, 3)[1],
            intervals(2, &many, 200, 3)[1],
        );
        assert!(a.0 < 0.0 && a.1 > 0.0 && b.0 < 0.0 && b.1 > 0.0);
        assert!(b.1 - b.0 < (a.1 - a.0) / 2.0, "{a:?} {b:?}");
    }

    /// Places make one result per pair of seats of different bots; a shared place is
    /// half each; seats of the same bot do not play each other.
    #[test]
    fn places_become_pairwise_results() {
        let p = pairs_of_game(&[0, 1, 2, 0], &[2, 1, 2, 4]);
        assert_eq!(
            p,
            vec![
                (1, 0, 1.0),
                (0, 2, 0.5),
                (1, 2, 1.0),
                (1, 0, 1.0),
                (2, 0, 1.0)
            ]
        );
    }
}
