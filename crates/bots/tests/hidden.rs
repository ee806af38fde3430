//! Bots cannot peek (issue 40): a bot is handed the whole game, and must decide from
//! what its seat knows. Along random games, wherever the swap check
//! (`tabuleiro_testkit::hidden`) finds two games a seat cannot tell apart (another
//! face-down tile, another Plot card face down in the AI's pile, another deck order,
//! another card drawn or stolen), each bot decides in both from the same generator
//! and must choose alike. Run in release:
//! `cargo test --release -p tabuleiro-bots --test hidden`.

use tabuleiro_bots::parse_bot;
use tabuleiro_core::{play, Game, Rng, UniformChooser};
use tabuleiro_testkit::hidden::{check_hidden_swaps_with, Indistinct};

/// The bots compared: the greedy one and a short search (its guesses and rollouts).
const SPECS: [&str; 2] = ["greedy", "mcts:iters=24"];

/// Plays `games` random games of `config` and compares the bots' decisions at every
/// `every`-th pair of indistinct games where the seat decides; the number compared.
fn bots_decide_alike<G: Game<View: PartialEq>>(
    config: &G::Config,
    games: u64,
    seed: u64,
    every: u64,
) -> u64 {
    let (mut pairs, mut compared) = (0u64, 0u64);
    for s in seed..seed + games {
        let played = play::<G>(config, s, &mut UniformChooser, true, |_, _| {}).unwrap();
        let record = played.record.unwrap();
        let mut also = |pair: &Indistinct<G>| {
            let Some(seat) = pair.viewer else { return };
            if !pair.game.to_act().seats().contains(seat) {
                return;
            }
            pairs += 1;
            if pairs % every != 0 {
                return;
            }
            let mut legal = Vec::new();
            pair.game.legal_actions(seat, &mut legal);
            for spec in SPECS {
                let decide = |g: &G| {
                    let mut bot = parse_bot::<G>(spec).unwrap();
                    bot.decide(g, seat, &legal, &mut Rng::seed(pairs))
                };
                assert_eq!(
                    decide(pair.game),
                    decide(pair.other),
                    "{}: {spec} for seat {seat} decides on what is hidden",
                    pair.at
                );
            }
            compared += 1;
        };
        check_hidden_swaps_with(&record, &mut Rng::seed(s), s, &mut also);
    }
    compared
}

#[test]
fn burgundy_bots_do_not_see_the_auto_dukes_face_down_tiles() {
    use tabuleiro_burgundy::modules::{AutoDukeModifierB, Module, ModuleSet};
    use tabuleiro_burgundy::{Burgundy, Config};
    let mut config = Config {
        players: 1,
        duchies: vec![1],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::AutoDuke]),
        ..Config::default()
    };
    config.rules.auto_duke_modifiers = "a".parse().unwrap();
    config.rules.auto_duke_modifier_b = AutoDukeModifierB::BlackDepot;
    let compared = bots_decide_alike::<Burgundy>(&config, 4, 700, 1);
    assert!(compared > 10, "{compared}");
}

#[test]
fn viscounts_bots_do_not_see_hands_or_the_ais_face_down_plots() {
    use tabuleiro_viscounts::{Config, Viscounts};
    let solo = Config {
        difficulty: 3,
        ..Config::with_players(1)
    };
    let compared = bots_decide_alike::<Viscounts>(&solo, 3, 800, 2)
        + bots_decide_alike::<Viscounts>(&Config::with_players(3), 2, 810, 8);
    assert!(compared > 10, "{compared}");
}

#[test]
fn catan_bots_do_not_see_hands_or_decks() {
    use tabuleiro_catan::{Catan, Config};
    let limited = |c: Config| Config {
        turn_limit: 200,
        ..c
    };
    let compared = bots_decide_alike::<Catan>(&limited(Config::players(4)), 2, 900, 4)
        + bots_decide_alike::<Catan>(&limited(Config::cities_and_knights(3)), 2, 910, 4);
    assert!(compared > 10, "{compared}");
}
