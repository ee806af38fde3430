//! Seeded random games pinned by their outcome: each seat's final score and the
//! number of decisions, computed before issue 18's third speed round (commit
//! 15ee419). A speed change must play the same games from the same seed; a change
//! to the rules that moves these must say so (and raise `Burgundy::VERSION` if
//! records replay differently).

use tabuleiro_burgundy::config::Connectivity;
use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::{Burgundy, Config, Edition};
use tabuleiro_core::{play, UniformChooser};

/// The final scores and the decision count of the game seeded `seed`, random bots.
fn outcome(config: &Config, seed: u64) -> (Vec<i32>, usize) {
    let played = play::<Burgundy>(config, seed, &mut UniformChooser, false, |_, _| {}).unwrap();
    (tabuleiro_core::Game::scores(&played.game), played.decisions)
}

fn configs() -> Vec<(&'static str, Config)> {
    let mut classic = Config::players(3);
    classic.edition = Edition::Classic;
    let mut modules = Config::players(4);
    modules.modules = ModuleSet::of(&[Module::Duchies11To18, Module::Inns]);
    modules.rules.connectivity = Connectivity::SameColourToCastle;
    // The team game merges both members' changes after every step; its games were
    // pinned with issue 46's merge, whose `simulate` summaries (2,000 games of each)
    // are those of commit 53cbf69 before it.
    let mut team = Config::players(4);
    team.modules = ModuleSet::of(&[Module::Team]);
    let mut team_all = Config::players(4);
    team_all.modules = ModuleSet::of(&[Module::Team, Module::Vineyards, Module::Shields]);
    vec![
        ("2 players", Config::players(2)),
        ("4 players", Config::players(4)),
        ("3 players, classic", classic),
        ("4 players, duchies 11-18 and inns", modules),
        ("4 players, team", team),
        ("4 players, team, vineyards and shields", team_all),
    ]
}

#[test]
fn seeded_random_games_end_as_before() {
    let mut seen = Vec::new();
    for (name, config) in configs() {
        for seed in [1, 7, 12345] {
            let (scores, decisions) = outcome(&config, seed);
            seen.push(format!("{name}, seed {seed}: {scores:?} in {decisions}"));
        }
    }
    assert_eq!(seen, PINNED);
}

const PINNED: &[&str] = &[
    "2 players, seed 1: [31, 15] in 244",
    "2 players, seed 7: [9, 14] in 246",
    "2 players, seed 12345: [48, 26] in 241",
    "4 players, seed 1: [12, 26, 14, 38] in 510",
    "4 players, seed 7: [32, 11, 38, 19] in 516",
    "4 players, seed 12345: [49, 16, 22, 51] in 510",
    "3 players, classic, seed 1: [31, 12, 27] in 379",
    "3 players, classic, seed 7: [30, 47, 32] in 376",
    "3 players, classic, seed 12345: [13, 22, 26] in 365",
    "4 players, duchies 11-18 and inns, seed 1: [28, 25, 16, 31] in 511",
    "4 players, duchies 11-18 and inns, seed 7: [32, 54, 15, 16] in 515",
    "4 players, duchies 11-18 and inns, seed 12345: [35, 15, 23, 18] in 524",
    "4 players, team, seed 1: [16, 67, 27, 17] in 520",
    "4 players, team, seed 7: [84, 25, 63, 28] in 531",
    "4 players, team, seed 12345: [35, 44, 47, 58] in 515",
    "4 players, team, vineyards and shields, seed 1: [36, 59, 51, 13] in 513",
    "4 players, team, vineyards and shields, seed 7: [50, 45, 37, 9] in 513",
    "4 players, team, vineyards and shields, seed 12345: [51, 20, 39, 32] in 535",
];
