//! The white castles (5th expansion, module `white-castles`): seed 000 lines 752-756
//! ("Quando posicionar um castelo branco em seu ducado, realize uma ação utilizando o
//! valor atual do dado branco. Você pode usar trabalhadores para alterar o valor (mas
//! não altere fisicamente o dado)"), and knowledge tile 29 (4 VP per white castle).

mod common;

use common::{act, game_at_turn_with, legal, no_depots, put, store};
use tabuleiro_burgundy::config::WhiteCastleIs;
use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::state::Pending;
use tabuleiro_burgundy::{Building, Burgundy, Config, Event, ScoreReason, Tile};
use tabuleiro_core::Game;

const WHITE: Tile = Tile::Building(Building::WhiteCastle);

fn config(modules: &[Module]) -> Config {
    Config {
        players: 2,
        duchies: vec![1, 1],
        castle_on_centre: true,
        modules: ModuleSet::of(modules),
        ..Config::default()
    }
}

/// Seat 0 places a white castle on duchy 1's space 25 (B3, next to the starting
/// castle on 18) with a die 3; the white die shows 6 (common::game_at_turn_with).
fn placed_white_castle(workers: u32) -> (Burgundy, Vec<Event>) {
    let mut g = game_at_turn_with(
        config(&[Module::WhiteCastles]),
        no_depots(),
        Vec::new(),
        [3, 3],
    );
    assert_eq!(g.white, 6);
    store(&mut g, 0, &[WHITE]);
    g.players[0].workers = workers;
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place white-castle 25");
    (g, ev)
}

#[test]
fn a_white_castle_gives_an_action_with_the_white_die() {
    let (mut g, _) = placed_white_castle(0);
    assert_eq!(common::pending(&g), Some(Pending::WhiteDie));
    // No workers: only the white die's own value.
    assert_eq!(legal(&g, 0), vec!["white 6".to_string()]);
    let ev = act(&mut g, 0, "white 6");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::WhiteDieUsed {
            value: 6,
            workers: 0,
            ..
        }
    )));
    assert_eq!(
        common::pending(&g),
        Some(Pending::UseDie { value: Some(6) })
    );
    // The die itself is not turned.
    assert_eq!(g.white, 6);
    // The action is a die action: e.g. take 2 workers.
    act(&mut g, 0, "workers");
    assert_eq!(g.players[0].workers, 2);
}

/// "Você pode usar trabalhadores para alterar o valor": 6 -> 1 costs one worker
/// (6 and 1 are next to each other), 6 -> 4 two.
#[test]
fn workers_turn_the_white_die_value() {
    let (mut g, _) = placed_white_castle(1);
    let choices = legal(&g, 0);
    assert_eq!(choices, vec!["white 1", "white 5", "white 6"]);
    act(&mut g, 0, "white 1");
    assert_eq!(g.players[0].workers, 0);
    assert_eq!(
        common::pending(&g),
        Some(Pending::UseDie { value: Some(1) })
    );
    assert_eq!(g.white, 6);
}

/// Knowledge tile 29: 4 VP per white castle at the end (seed 000 line 696).
#[test]
fn knowledge_29_scores_4_per_white_castle() {
    let mut g = game_at_turn_with(
        config(&[Module::WhiteCastles]),
        no_depots(),
        Vec::new(),
        [3, 3],
    );
    let line = |g: &Burgundy| {
        g.final_points(0)
            .into_iter()
            .find(|(r, _)| *r == ScoreReason::Knowledge { number: 29 })
            .map(|l| l.1)
    };
    assert_eq!(line(&g), None);
    put(
        &mut g,
        0,
        &[(3, Tile::Knowledge(29)), (11, WHITE), (25, WHITE)],
    );
    assert_eq!(line(&g), Some(8));
}

/// With the extra hexes too, the crane counts as one more building for tile 29.
#[test]
fn the_crane_counts_for_knowledge_29() {
    let mut g = game_at_turn_with(
        config(&[Module::WhiteCastles, Module::ExtraHexes]),
        no_depots(),
        Vec::new(),
        [3, 3],
    );
    put(
        &mut g,
        0,
        &[
            (3, Tile::Knowledge(29)),
            (11, WHITE),
            (25, Tile::Building(Building::Crane)),
        ],
    );
    let vp = g
        .final_points(0)
        .into_iter()
        .find(|(r, _)| *r == ScoreReason::Knowledge { number: 29 })
        .map(|l| l.1);
    assert_eq!(vp, Some(8));
}

/// Seed 000 line 754: shuffled into the buildings, the monasteries and the black
/// depot: 6 beige-backed, 2 black-backed, and knowledge tile 29 (digest 13.5).
#[test]
fn the_white_castles_join_the_supplies_only_with_the_module() {
    let with = Burgundy::new(&config(&[Module::WhiteCastles])).unwrap();
    let without = Burgundy::new(&config(&[])).unwrap();
    assert_eq!(with.supply(false)[WHITE.kind()], 6);
    assert_eq!(with.supply(true)[WHITE.kind()], 2);
    assert_eq!(with.supply(false)[Tile::Knowledge(29).kind()], 1);
    assert_eq!(without.supply(false)[WHITE.kind()], 0);
    assert_eq!(without.supply(true)[WHITE.kind()], 0);
}

/// Digest A26, `rules.white_castle`: a second white castle in a city is refused
/// (`building`, default: one building of each type per city) or allowed (`castle`).
/// Duchy 1's spaces 24-27 hold the city of 25 and 26 (B3 B1).
#[test]
fn white_castles_in_one_city_each_reading() {
    for (reading, allowed) in [
        (WhiteCastleIs::Building, false),
        (WhiteCastleIs::Castle, true),
    ] {
        let mut c = config(&[Module::WhiteCastles]);
        c.rules.white_castle = reading;
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [1, 1]);
        put(&mut g, 0, &[(25, WHITE)]);
        let duchy = g.duchy(0);
        assert_eq!(duchy.area[25], duchy.area[26], "one city");
        let problem = g.placement_problem(0, WHITE, 26, None);
        assert_eq!(problem.is_none(), allowed, "{reading:?}: {problem:?}");
    }
}

/// `rules.white_castle` and the crane's "qualquer construção bege" (seed 000 line
/// 720): read as a building, the crane may trigger a white castle's action (the
/// white die); read as a castle, it may not.
#[test]
fn the_crane_and_a_white_castle_each_reading() {
    for (reading, offered) in [
        (WhiteCastleIs::Building, true),
        (WhiteCastleIs::Castle, false),
    ] {
        let mut c = config(&[Module::WhiteCastles, Module::ExtraHexes]);
        c.rules.white_castle = reading;
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [3, 3]);
        store(&mut g, 0, &[Tile::Building(Building::Crane)]);
        act(&mut g, 0, "die 1 3");
        act(&mut g, 0, "place crane 25");
        assert_eq!(common::pending(&g), Some(Pending::Crane));
        let choices = legal(&g, 0);
        let white = "crane white-castle".to_string();
        assert_eq!(
            choices.contains(&white),
            offered,
            "{reading:?}: {choices:?}"
        );
        if offered {
            act(&mut g, 0, &white);
            assert_eq!(common::pending(&g), Some(Pending::WhiteDie));
        } else {
            assert!(matches!(
                common::refusal(&mut g, 0, &white),
                tabuleiro_burgundy::error::Error::Illegal { .. }
            ));
        }
    }
}

/// A white-die decision in a position belongs to a game with the white castles.
#[test]
fn a_pending_white_die_needs_the_module() {
    for (modules, valid) in [(&[Module::WhiteCastles][..], true), (&[][..], false)] {
        let mut g = game_at_turn_with(config(modules), no_depots(), Vec::new(), [1, 1]);
        if let tabuleiro_burgundy::state::Stage::Turn(t) = &mut g.stage {
            t.pending.push(Pending::WhiteDie);
        }
        let read = Burgundy::from_json(&serde_json::to_string(&g).unwrap());
        assert_eq!(read.is_ok(), valid, "{modules:?}: {read:?}");
    }
}
