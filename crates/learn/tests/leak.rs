//! A seat's observation and mask do not change when only what is hidden from it
//! changes (issue 41). Along random games, wherever the swap check
//! (`tabuleiro_testkit::hidden`) finds two games a seat cannot tell apart (another
//! face-down tile, another Plot card in the AI's pile, another deck order, another
//! card drawn or stolen), the seat's observation, and its legal action ids where it
//! acts, must be identical in both. Run in release:
//! `cargo test --release -p tabuleiro-learn --test leak`.

use std::collections::BTreeSet;
use tabuleiro_core::{play, Encode, Features, Seat, UniformChooser};
use tabuleiro_testkit::hidden::{check_hidden_swaps_with, Indistinct};

fn observation<G: Encode>(game: &G, seat: Seat) -> Vec<f32> {
    let mut f = Features::new();
    G::observe(game.config(), &game.view(Some(seat)), seat, &mut f);
    f.values().to_vec()
}

fn legal_ids<G: Encode>(game: &G, seat: Seat) -> BTreeSet<usize> {
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    legal
        .iter()
        .filter_map(|a| G::action_id(game.config(), a))
        .collect()
}

/// Plays `games` random games of `config` and compares the observations at every
/// pair of indistinct games; the number of pairs compared.
fn observations_alike<G: Encode<View: PartialEq>>(
    config: &G::Config,
    games: u64,
    seed: u64,
) -> u64 {
    let mut compared = 0u64;
    for s in seed..seed + games {
        let played = play::<G>(config, s, &mut UniformChooser, true, |_, _| {}).unwrap();
        let record = played.record.unwrap();
        let mut also = |pair: &Indistinct<G>| {
            let Some(seat) = pair.viewer else { return };
            assert_eq!(
                observation(pair.game, seat),
                observation(pair.other, seat),
                "{}: seat {seat}'s observation reads what is hidden from it",
                pair.at
            );
            if pair.game.to_act().seats().contains(seat) {
                assert_eq!(
                    legal_ids(pair.game, seat),
                    legal_ids(pair.other, seat),
                    "{}: seat {seat}'s mask reads what is hidden from it",
                    pair.at
                );
            }
            compared += 1;
        };
        check_hidden_swaps_with(&record, &mut tabuleiro_core::Rng::seed(s), s, &mut also);
    }
    compared
}

#[test]
fn catan_observations_do_not_see_hands_or_decks() {
    use tabuleiro_games::catan::{Catan, Config};
    let limited = |c: Config| Config {
        turn_limit: 200,
        ..c
    };
    let compared = observations_alike::<Catan>(&limited(Config::players(4)), 2, 900)
        + observations_alike::<Catan>(&limited(Config::cities_and_knights(3)), 2, 910);
    assert!(compared > 50, "{compared}");
}

#[test]
fn viscounts_observations_do_not_see_hands_or_the_ais_face_down_plots() {
    use tabuleiro_games::viscounts::{Config, Viscounts};
    let solo = Config {
        difficulty: 3,
        ..Config::with_players(1)
    };
    let compared = observations_alike::<Viscounts>(&solo, 3, 800)
        + observations_alike::<Viscounts>(&Config::with_players(3), 2, 810);
    assert!(compared > 50, "{compared}");
}

#[test]
fn burgundy_observations_do_not_see_the_auto_dukes_face_down_tiles() {
    use tabuleiro_games::burgundy::modules::{AutoDukeModifierB, Module, ModuleSet};
    use tabuleiro_games::burgundy::{Burgundy, Config};
    let mut config = Config {
        players: 1,
        duchies: vec![1],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::AutoDuke]),
        ..Config::default()
    };
    config.rules.auto_duke_modifiers = "a".parse().unwrap();
    config.rules.auto_duke_modifier_b = AutoDukeModifierB::BlackDepot;
    let compared = observations_alike::<Burgundy>(&config, 4, 700);
    assert!(compared > 10, "{compared}");
}
