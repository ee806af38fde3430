//! A die's offer says what it costs: the browser shows each value a die may be used as
//! with its workers before anything is committed (issue 16). Seed 000, "Trabalhadores":
//! each worker turns a die by 1, and 6 and 1 are next to each other.

use tabuleiro_burgundy::{Action, Burgundy, Config};
use tabuleiro_core::{Game, Present};
use tabuleiro_testkit::perft::settle_chance;

#[test]
fn a_die_offer_names_the_workers_it_costs() {
    let config = Config {
        players: 2,
        duchies: vec![1; 2],
        castle_on_centre: true,
        ..Config::default()
    };
    let game = settle_chance(Burgundy::new(&config).unwrap(), 1);
    let turn = game.turn().expect("the first turn");
    let seat = turn.seat;
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    let mut seen = 0;
    for action in actions {
        let Action::Die { die, value } = action else {
            continue;
        };
        let face = turn.dice[die as usize - 1].unwrap();
        let steps = face.abs_diff(value).min(6 - face.abs_diff(value));
        let label = game.label(seat, &action);
        assert_eq!(
            label.args["workers"],
            u64::from(steps),
            "{action}: {label:?}"
        );
        seen += 1;
    }
    // The start player holds 1 worker: each die as its face (free) or one step either way.
    assert_eq!(seen, 6);
}
