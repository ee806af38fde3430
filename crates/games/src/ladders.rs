//! The bot levels' measured ladders (`data/ladders.json`), and each level's place on
//! the people's rating scale before anyone has played it (issue 44).
//!
//! A ladder is `tabuleiro ladder` run over the lobby's levels with random as its 0:
//! Elo ratings with 95% intervals, with the command, date and table size that
//! measured them. People are rated with Weng-Lin (OpenSkill's Bradley-Terry model,
//! `crates/server/src/ratings.rs`), so a level's Elo is carried over to that scale:
//! a level is a fixed player, and between two players whose uncertainty is small the
//! model's chance that one beats the other is `1 / (1 + exp(-d / c))`, `d` their
//! difference in mu, `c = sqrt(2) beta`, which is Elo's curve when
//! `d = elo * ln(10) / 400 * c` ([`MU_PER_ELO`]). The anchor: the medium level stands
//! at a newcomer's mu (25), since a newcomer who knows the rules is taken to play
//! about as a one-move-ahead player does.

use serde::Deserialize;
use std::collections::BTreeMap;

const DATA: &str = include_str!("../data/ladders.json");

/// Weng-Lin's defaults (`skillratings`' `WengLinConfig::new()` and a new rating).
const FRESH_MU: f64 = 25.0;
const BETA: f64 = 25.0 / 6.0;
const FRESH_SIGMA: f64 = 25.0 / 3.0;

/// One Elo point in Weng-Lin's mu: `ln(10) / 400 * sqrt(2) * beta`, about 0.034.
pub const MU_PER_ELO: f64 = std::f64::consts::LN_10 / 400.0 * std::f64::consts::SQRT_2 * BETA;

/// The level whose rating is a newcomer's.
const ANCHOR: &str = "medium";

/// One level on a ladder: its Elo (random at 0) and 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rung {
    pub elo: f64,
    pub low: f64,
    pub high: f64,
    /// Games the level played in the ladder.
    pub games: u64,
}

/// A measured ladder: every level of one rating scale (a game, or a game with its
/// expansion) at one table size.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ladder {
    pub players: u8,
    pub date: String,
    pub command: String,
    /// Where the docs write it up.
    pub doc: String,
    pub levels: BTreeMap<String, Rung>,
}

/// A level's starting rating on the people's scale: mu and sigma.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prior {
    pub mu: f64,
    pub sigma: f64,
}

#[derive(Deserialize)]
struct Data {
    scales: BTreeMap<String, Ladder>,
}

/// Every measured ladder, by rating scale ("catan", "catan.cities_and_knights").
/// The data file is checked by the tests, so a broken one lists none.
pub fn ladders() -> BTreeMap<String, Ladder> {
    serde_json::from_str::<Data>(DATA)
        .map(|d| d.scales)
        .unwrap_or_default()
}

/// The ladder measured for rating scale `scale`, if any.
pub fn ladder(scale: &str) -> Option<Ladder> {
    ladders().remove(scale)
}

impl Ladder {
    /// Level `level`'s starting rating: its Elo over the anchor's in mu, and an
    /// uncertainty from its interval (never below one point, never above a
    /// newcomer's).
    pub fn prior(&self, level: &str) -> Option<Prior> {
        let rung = self.levels.get(level)?;
        let anchor = self.levels.get(ANCHOR)?;
        let half_width = (rung.high - rung.low).max(0.0) / 2.0 / 1.96;
        Some(Prior {
            mu: FRESH_MU + (rung.elo - anchor.elo) * MU_PER_ELO,
            sigma: (half_width * MU_PER_ELO).clamp(1.0, FRESH_SIGMA),
        })
    }
}

/// The rating a player is shown: the conservative estimate mu - 3 sigma, as
/// OpenSkill ranks, to two decimals.
pub fn shown(mu: f64, sigma: f64) -> f64 {
    ((mu - 3.0 * sigma) * 100.0).round() / 100.0
}

impl Prior {
    /// The rating shown for this start.
    pub fn shown(&self) -> f64 {
        shown(self.mu, self.sigma)
    }
}

/// Level `level`'s starting rating on scale `scale`, where a ladder measured it.
pub fn prior(scale: &str, level: &str) -> Option<Prior> {
    ladder(scale)?.prior(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::levels::LEVELS;

    /// The file parses, names only listed games' scales, and each ladder rates every
    /// lobby level and random, with random at 0 and each interval around its Elo.
    #[test]
    fn every_ladder_rates_every_level_of_a_listed_game() {
        let data: Data = serde_json::from_str(DATA).expect("ladders.json parses");
        assert!(data.scales.contains_key("burgundy"));
        for (scale, ladder) in &data.scales {
            let game = scale.split('.').next().unwrap();
            assert!(
                crate::GAMES.iter().any(|g| g.listed && g.name == game),
                "{scale}"
            );
            assert!(crate::lobby::players(game).contains(&u64::from(ladder.players)));
            assert!(
                ladder.command.contains(&format!("--game {game}")),
                "{scale}"
            );
            assert_eq!(ladder.levels["random"].elo, 0.0, "{scale}: random is the 0");
            for name in LEVELS.iter().chain(&["random"]) {
                let rung = ladder
                    .levels
                    .get(*name)
                    .unwrap_or_else(|| panic!("{scale}: {name}"));
                assert!(
                    rung.low <= rung.elo && rung.elo <= rung.high,
                    "{scale}: {name}"
                );
                assert!(rung.games > 0);
            }
            assert_eq!(
                ladder.levels.len(),
                LEVELS.len() + 1,
                "{scale}: no other bot"
            );
        }
    }

    /// One Elo point is 0.034 mu; 400 Elo, a 10-to-1 favourite, is 13.6.
    #[test]
    fn an_elo_difference_carries_over_at_the_models_own_odds() {
        assert!((MU_PER_ELO - 0.033_93).abs() < 1e-4, "{MU_PER_ELO}");
        // The Weng-Lin chance between two settled players (sigma 0) at 400 Elo apart.
        let c = std::f64::consts::SQRT_2 * BETA;
        let p = 1.0 / (1.0 + (-(400.0 * MU_PER_ELO) / c).exp());
        assert!((p - 10.0 / 11.0).abs() < 1e-9, "{p}");
    }

    /// Medium starts at a newcomer's mu, each level above it higher, random lowest.
    #[test]
    fn the_anchor_is_a_newcomer_and_the_order_is_the_ladders() {
        let ladder = Ladder {
            players: 2,
            date: String::new(),
            command: String::new(),
            doc: String::new(),
            levels: [("random", 0.0), ("easy", 300.0), ("medium", 500.0)]
                .map(|(l, elo)| {
                    let rung = Rung {
                        elo,
                        low: elo - 98.0,
                        high: elo + 98.0,
                        games: 10,
                    };
                    (l.to_string(), rung)
                })
                .into(),
        };
        let medium = ladder.prior("medium").unwrap();
        assert_eq!(medium.mu, FRESH_MU);
        assert!((medium.sigma - 50.0 * MU_PER_ELO).abs() < 1e-9);
        let easy = ladder.prior("easy").unwrap();
        assert!((easy.mu - (25.0 - 200.0 * MU_PER_ELO)).abs() < 1e-9);
        assert!(ladder.prior("random").unwrap().mu < easy.mu);
        assert_eq!(ladder.prior("expert"), None);
    }
}
