//! The sequential probability ratio test of a tournament (`--sprt ELO0,ELO1`), as
//! chess engines' test farms run it: after each game, the log-likelihood ratio of
//! "the first bot is ELO1 stronger than the field" against "it is ELO0 stronger";
//! the match stops as soon as the ratio leaves the bounds that the error rates set
//! (Wald), so a clear result costs few games and a close one many.
//!
//! The model is Luce's choice rule, the Bradley-Terry model of
//! [`crate::rating`] for more than two seats: a bot `elo` points above the field has
//! strength `10^(elo / 400)` and every other seat 1, so one of its `k` seats among `n`
//! is first with probability `k g / (k g + n - k)`. With two seats that is the chess
//! expectation `1 / (1 + 10^(-elo / 400))`; with one seat among four at 0 Elo it is a
//! quarter, chance. A first place shared with the field counts as a win.

use serde::Serialize;

/// The test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` holds.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` holds.
    pub beta: f64,
}

/// Which hypothesis the games so far accept, if either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The first bot is `elo1` stronger (or more).
    Elo1,
    /// It is `elo0` stronger (or less).
    Elo0,
    /// The games ran out first.
    Undecided,
}

impl Sprt {
    /// The test of `ELO0,ELO1` with error rates `alpha` and `beta`, or why it is not one.
    pub fn new(bounds: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let parse = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite());
        let (elo0, elo1) = bounds
            .split_once(',')
            .and_then(|(a, b)| Some((parse(a)?, parse(b)?)))
            .ok_or(format!(
                "--sprt {bounds:?}: write two Elo bounds, ELO0,ELO1 (e.g. 0,30)"
            ))?;
        if elo1 <= elo0 {
            return Err(format!("--sprt {bounds:?}: ELO1 must be above ELO0"));
        }
        if ![alpha, beta].iter().all(|e| *e > 0.0 && *e < 0.5) {
            return Err("--alpha and --beta are error rates above 0 and below 0.5".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's bounds on the log-likelihood ratio: (accept `elo0`, accept `elo1`).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// What one game adds to the log-likelihood ratio: the first bot held `held` of the
    /// `seats` seats and `won` or not.
    pub fn step(&self, held: usize, seats: usize, won: bool) -> f64 {
        let (p0, p1) = (
            first_place(self.elo0, held, seats),
            first_place(self.elo1, held, seats),
        );
        match won {
            true => (p1 / p0).ln(),
            false => ((1.0 - p1) / (1.0 - p0)).ln(),
        }
    }

    /// The verdict a log-likelihood ratio gives.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (lower, upper) = self.bounds();
        match llr {
            x if x >= upper => Verdict::Elo1,
            x if x <= lower => Verdict::Elo0,
            _ => Verdict::Undecided,
        }
    }
}

/// The chance that one of `held` seats of a bot `elo` above the field comes first
/// among `seats`. A game where the bot holds every seat or none tells nothing: 1 or 0
/// under both hypotheses, a step of 0.
fn first_place(elo: f64, held: usize, seats: usize) -> f64 {
    let strength = held as f64 * 10f64.powf(elo / 400.0);
    let p = strength / (strength + (seats - held.min(seats)) as f64);
    // Kept off 0 and 1 so that a step is finite.
    p.clamp(1e-12, 1.0 - 1e-12)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_is_chess_with_two_seats_and_chance_at_zero() {
        assert!((first_place(0.0, 1, 4) - 0.25).abs() < 1e-12);
        assert!((first_place(0.0, 2, 4) - 0.5).abs() < 1e-12);
        // 200 Elo: about a 76% expected score between two.
        assert!((first_place(200.0, 1, 2) - 0.7597).abs() < 1e-4);
    }

    #[test]
    fn wald_bounds_and_verdicts() {
        let t = Sprt::new("0,20", 0.05, 0.05).unwrap();
        let (lower, upper) = t.bounds();
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
        assert_eq!(t.verdict(3.0), Verdict::Elo1);
        assert_eq!(t.verdict(-3.0), Verdict::Elo0);
        assert_eq!(t.verdict(0.0), Verdict::Undecided);
        // A win is evidence for the stronger hypothesis, a loss against it.
        assert!(t.step(1, 2, true) > 0.0 && t.step(1, 2, false) < 0.0);
        assert!(t.step(1, 4, true) > 0.0 && t.step(1, 4, false) < 0.0);
        assert!(t.step(0, 2, false).abs() < 1e-9);
    }

    #[test]
    fn a_bot_that_wins_what_elo1_says_is_accepted_and_one_at_elo0_refused() {
        // Wins in a fixed pattern at the rate each hypothesis gives one seat among
        // four: 2 in 8 at 0 Elo, 3 in 8 at 100 Elo (strength 1.78 against 3).
        let t = Sprt::new("0,100", 0.05, 0.05).unwrap();
        let run = |wins_in_eight: usize| {
            let mut llr = 0.0;
            for game in 0..10_000 {
                llr += t.step(1, 4, game % 8 < wins_in_eight);
                if t.verdict(llr) != Verdict::Undecided {
                    return (t.verdict(llr), game + 1);
                }
            }
            (Verdict::Undecided, 10_000)
        };
        let (strong, games) = run(3);
        assert_eq!(strong, Verdict::Elo1, "after {games} games");
        let (chance, games) = run(2);
        assert_eq!(chance, Verdict::Elo0, "after {games} games");
    }

    #[test]
    fn bad_bounds_and_rates_are_refused_with_the_reason() {
        assert!(Sprt::new("30", 0.05, 0.05)
            .unwrap_err()
            .contains("two Elo bounds"));
        assert!(Sprt::new("30,0", 0.05, 0.05)
            .unwrap_err()
            .contains("above ELO0"));
        assert!(Sprt::new("0,x", 0.05, 0.05).is_err());
        assert!(Sprt::new("0,inf", 0.05, 0.05).is_err());
        assert!(Sprt::new("0,10", 0.0, 0.05)
            .unwrap_err()
            .contains("error rates"));
        assert!(Sprt::new("0,10", 0.05, 0.7).is_err());
    }
}
