//! The check of [`Game::chance_outcomes`]: along random games, at every chance step
//! the game lists, the probabilities are positive and sum to 1, no outcome is listed
//! twice, every listed outcome applies, and [`Game::sample_chance`] draws only listed
//! outcomes at the listed frequencies (within a few standard errors).

use serde_json::Value;
use std::collections::HashMap;
use tabuleiro_core::{play, Game, Rng, ToAct, UniformChooser};

/// What [`check_listed_outcomes`] saw.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub chance_steps: u64,
    /// Chance steps whose outcomes the game listed.
    pub listed: u64,
    /// Listed steps whose sampling frequencies were compared.
    pub compared: u64,
}

/// Samples drawn at each compared step.
const SAMPLES: u32 = 3_000;
/// The smallest expected count whose frequency is compared.
const MIN_EXPECTED: f64 = 5.0;
/// Listed steps compared per game (the sampling is the slow part).
const COMPARED_PER_GAME: u64 = 6;

/// Plays `games` random games of `config` from `seed` (the core driver, uniform
/// choices) with the checks above at every chance step, the first included; panics
/// with the seed and the outcome on the first failure.
pub fn check_listed_outcomes<G: Game>(config: &G::Config, games: u32, seed: u64) -> Summary {
    let mut summary = Summary::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let mut compared = 0u64;
        let mut visit = |game: &G| {
            if game.to_act() != ToAct::Chance {
                return;
            }
            summary.chance_steps += 1;
            let Some(listed) = game.chance_outcomes() else {
                return;
            };
            summary.listed += 1;
            check_list(game, &listed, game_seed);
            if compared < COMPARED_PER_GAME {
                compare(game, &listed, game_seed ^ summary.chance_steps);
                compared += 1;
                summary.compared += 1;
            }
        };
        visit(&G::new(config).expect("the config is valid"));
        play::<G>(config, game_seed, &mut UniformChooser, false, |game, _| {
            visit(game)
        })
        .expect("the config is valid");
    }
    summary
}

fn key<O: serde::Serialize>(outcome: &O) -> String {
    serde_json::to_value(outcome)
        .unwrap_or(Value::Null)
        .to_string()
}

fn check_list<G: Game>(game: &G, listed: &[(G::Outcome, f64)], seed: u64) {
    assert!(!listed.is_empty(), "seed {seed}: an empty list of outcomes");
    let total: f64 = listed.iter().map(|(_, p)| p).sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "seed {seed}: the listed probabilities sum to {total}"
    );
    let mut seen = HashMap::new();
    for (i, (outcome, p)) in listed.iter().enumerate() {
        assert!(
            *p > 0.0,
            "seed {seed}: {outcome:?} is listed with probability {p}"
        );
        if let Some(j) = seen.insert(key(outcome), i) {
            panic!("seed {seed}: {outcome:?} is listed twice (at {j} and {i})");
        }
    }
    // Every outcome of a short list applies; of a long one, a spread of them.
    let step = (listed.len() / 64).max(1);
    for (outcome, _) in listed.iter().step_by(step) {
        let mut copy = game.clone();
        copy.apply_chance(outcome, &mut Vec::new())
            .unwrap_or_else(|e| panic!("seed {seed}: listed {outcome:?} is refused: {e}"));
    }
}

/// `SAMPLES` draws from `sample_chance`: each is listed, and each listed outcome
/// expected at least `MIN_EXPECTED` times is drawn within five standard errors of that
/// (a list of thousands, a round's dice, is checked for membership only).
fn compare<G: Game>(game: &G, listed: &[(G::Outcome, f64)], seed: u64) {
    let index: HashMap<String, usize> = listed
        .iter()
        .enumerate()
        .map(|(i, (o, _))| (key(o), i))
        .collect();
    let mut counts = vec![0u32; listed.len()];
    let mut rng = Rng::seed(seed);
    for _ in 0..SAMPLES {
        let outcome = game.sample_chance(&mut rng);
        let i = *index
            .get(&key(&outcome))
            .unwrap_or_else(|| panic!("seed {seed}: sampled {outcome:?} is not listed"));
        counts[i] += 1;
    }
    let n = f64::from(SAMPLES);
    for ((outcome, p), &count) in listed.iter().zip(&counts) {
        let expected = n * p;
        if expected < MIN_EXPECTED {
            continue;
        }
        let sd = (n * p * (1.0 - p)).sqrt().max(1.0);
        assert!(
            (f64::from(count) - expected).abs() <= 5.0 * sd,
            "seed {seed}: {outcome:?} drawn {count} times in {SAMPLES}, expected {expected:.1} (p = {p})"
        );
    }
}
