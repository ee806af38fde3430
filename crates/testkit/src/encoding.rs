//! The check every [`Encode`] implementation runs: over random games, at every decision,
//! every listed decision of every seat to act has an id below the action space, no two
//! of a seat's decisions (listed, or unlisted candidates the game accepts) share an id,
//! and every seat's observation has the fixed length and finite values.

use std::collections::HashMap;
use tabuleiro_core::{play, Encode, Features, Seat, SeatSet, ToAct, UniformChooser};

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

/// Plays `games` random games of `config` from `seed` (the core driver, uniform
/// choices) with the checks above at every position where seats decide; panics with the
/// seed and the reason on the first failure.
pub fn check_random_games<G: Encode>(config: &G::Config, games: u32, seed: u64) -> Summary {
    let mut seen = vec![false; G::action_space(config)];
    let mut summary = Summary {
        games,
        ..Summary::default()
    };
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let played = play::<G>(config, game_seed, &mut UniformChooser, false, |game, _| {
            if let ToAct::Seats(seats) = game.to_act() {
                check_position(game, seats, &mut seen, &mut summary, game_seed);
            }
        })
        .expect("the config is valid");
        summary.decisions += played.decisions as u64;
    }
    summary.ids_seen = seen.iter().filter(|&&s| s).count();
    summary
}

/// Every seat's observation, and the ids of every deciding seat's decisions.
fn check_position<G: Encode>(
    game: &G,
    seats: SeatSet,
    seen: &mut [bool],
    summary: &mut Summary,
    seed: u64,
) {
    let config = game.config();
    let (space, len) = (G::action_space(config), G::observation_len(config));
    let mut features = Features::new();
    for seat in 0..game.players() as Seat {
        G::observe(config, &game.view(Some(seat)), seat, &mut features);
        assert_eq!(
            features.len(),
            len,
            "seed {seed}: seat {seat}'s observation has {} values, not {len}",
            features.len()
        );
        assert!(
            features.values().iter().all(|x| x.is_finite()),
            "seed {seed}: seat {seat}'s observation holds a value that is not finite"
        );
        features.clear();
    }
    let (mut legal, mut extra) = (Vec::new(), Vec::new());
    for seat in seats.iter() {
        game.legal_actions(seat, &mut legal);
        game.unlisted_candidates(seat, &mut extra);
        extra.retain(|a| game.check(seat, a).is_ok() && !legal.contains(a));
        summary.unlisted_accepted += extra.len() as u64;
        let mut ids = HashMap::new();
        for action in legal.iter().chain(&extra) {
            let id = G::action_id(config, action)
                .unwrap_or_else(|| panic!("seed {seed}: seat {seat}'s {action} has no id"));
            assert!(id < space, "seed {seed}: {action} has id {id} of {space}");
            if let Some(other) = ids.insert(id, action.clone()) {
                panic!("seed {seed}: {action} and {other} share id {id}");
            }
            seen[id] = true;
        }
        extra.clear();
    }
}
