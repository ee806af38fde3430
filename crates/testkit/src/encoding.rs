//! The check every [`Encode`] implementation runs: over random games, at every decision,
//! every listed decision of every seat to act has an id below the action space, no two
//! of a seat's decisions (listed, or unlisted candidates the game accepts) share an id,
//! and every seat's observation has the fixed length and finite values.

use std::collections::HashMap;
use tabuleiro_core::{bot_rng, chance_rng, Encode, Features, ToAct};

/// What [`check_random_games`] saw.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u32,
    pub decisions: u64,
    /// Distinct action ids offered at least once.
    pub ids_seen: usize,
    /// Unlisted candidates (trades) the game accepted.
    pub unlisted_accepted: u64,
}

/// Plays `games` random games of `config` from `seed` with the checks above; panics
/// with the seed and the reason on the first failure.
pub fn check_random_games<G: Encode>(config: &G::Config, games: u32, seed: u64) -> Summary {
    let space = G::action_space(config);
    let len = G::observation_len(config);
    let mut seen = vec![false; space];
    let mut summary = Summary {
        games,
        ..Summary::default()
    };
    let (mut legal, mut extra, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let mut features = Features::new();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let mut game = G::new(config).expect("the config is valid");
        let (mut chances, mut decisions) = (0u64, 0u64);
        loop {
            events.clear();
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let outcome = game.sample_chance(&mut chance_rng(game_seed, chances));
                    chances += 1;
                    game.apply_chance_unchecked(&outcome, &mut events);
                }
                ToAct::Seats(seats) => {
                    for seat in 0..game.players() as u8 {
                        features.clear();
                        G::observe(config, &game.view(Some(seat)), seat, &mut features);
                        assert_eq!(
                            features.len(),
                            len,
                            "seed {game_seed}: seat {seat}'s observation has {} values, not {len}",
                            features.len()
                        );
                        assert!(
                            features.values().iter().all(|x| x.is_finite()),
                            "seed {game_seed}: seat {seat}'s observation holds a value that is not finite"
                        );
                    }
                    for seat in seats.iter() {
                        game.legal_actions(seat, &mut legal);
                        extra.clear();
                        game.unlisted_candidates(seat, &mut extra);
                        extra.retain(|a| game.check(seat, a).is_ok() && !legal.contains(a));
                        summary.unlisted_accepted += extra.len() as u64;
                        let mut ids = HashMap::new();
                        for action in legal.iter().chain(&extra) {
                            let id = G::action_id(config, action).unwrap_or_else(|| {
                                panic!("seed {game_seed}: seat {seat}'s {action} has no id")
                            });
                            assert!(
                                id < space,
                                "seed {game_seed}: {action} has id {id} of {space}"
                            );
                            if let Some(other) = ids.insert(id, action.clone()) {
                                panic!("seed {game_seed}: {action} and {other} share id {id}");
                            }
                            seen[id] = true;
                        }
                    }
                    let seat = seats.lowest().expect("a seat acts");
                    game.legal_actions(seat, &mut legal);
                    let mut rng = bot_rng(game_seed, seat, decisions);
                    let action = legal[rng.below(legal.len())].clone();
                    game.apply_unchecked(seat, &action, &mut events);
                    decisions += 1;
                }
            }
        }
        summary.decisions += decisions;
    }
    summary.ids_seen = seen.iter().filter(|&&s| s).count();
    summary
}
