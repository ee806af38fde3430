//! Issue 15's fixes of the base game, each against the seed that drives it: the
//! ship's order of steps, the readings that became options (knowledge tile 5, the
//! ship's depot), die 2 on doubles and the last round of a phase.

mod common;
use common::*;
use tabuleiro_burgundy::config::{Knowledge5, ShipDepot};
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::{Burgundy, Config, Event, Tile};

fn k(n: u8) -> Tile {
    Tile::Knowledge(n)
}

/// A 2-player game on duchy 1, seat 0 on turn with dice 2 and 6, goods in depots 1
/// (type 3), 3 (type 4), 4 (type 5) and 6 (type 6), knowledge tile `knowledge` on 34,
/// and a ship just placed on 17.
fn ship_placed(config: Config, knowledge: Option<u8>) -> Burgundy {
    let mut g = game_at_turn_with(config, no_depots(), vec![], [2, 6]);
    if let Some(n) = knowledge {
        put(&mut g, 0, &[(34, k(n))]);
    }
    g.players[0].goods = [1, 0, 0, 0, 0, 0];
    g.depot_goods = [[0; 6]; 6];
    g.depot_goods[0][2] = 1;
    g.depot_goods[2][3] = 1;
    g.depot_goods[3][4] = 1;
    g.depot_goods[5][5] = 1;
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    let ev = act(&mut g, 0, "place ship 17");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::MovedOnTrack { .. })),
        "the marker waits for the goods: {ev:?}"
    );
    g
}

fn cfg() -> Config {
    Config {
        players: 2,
        duchies: vec![1, 1],
        castle_on_centre: true,
        ..Config::default()
    }
}

fn moved(ev: &[Event]) -> Option<usize> {
    ev.iter()
        .position(|e| matches!(e, Event::MovedOnTrack { seat: 0, space: 1 }))
}

fn took(ev: &[Event]) -> Option<usize> {
    ev.iter()
        .position(|e| matches!(e, Event::TookGoods { seat: 0, .. }))
}

/// Seed 000 lines 352-362 ("1. Escolha um depósito ... recolha todas as mercadorias";
/// "2. Em seguida, o jogador move seu marcador"), 002 lines 372-382 ("A continuación,
/// avanza tu indicador"), 001 lines 407-431 ("2. Depois, avança o teu marcador"): the
/// goods first, then the turn-order marker, in the events too.
#[test]
fn a_ship_takes_the_goods_then_moves_the_marker() {
    let mut g = ship_placed(cfg(), None);
    assert_eq!(pending(&g), Some(Pending::ShipGoods));
    assert_eq!(g.track_position(0).0, 0, "not moved before the goods");
    let ev = act(&mut g, 0, "ship 3 4");
    let (t, m) = (took(&ev).unwrap(), moved(&ev).unwrap());
    assert!(t < m, "goods before the marker: {ev:?}");
    assert_eq!(g.track_position(0).0, 1);
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 0, 0]);
}

/// With knowledge tile 5 the marker moves after the adjacent depot's goods (step 1
/// includes them: 000 line 647), or after declining them.
#[test]
fn with_knowledge_5_the_marker_moves_after_the_adjacent_goods() {
    let mut g = ship_placed(cfg(), Some(5));
    let ev = act(&mut g, 0, "ship 3 4");
    assert_eq!(moved(&ev), None);
    assert_eq!(pending(&g), Some(Pending::ShipAdjacent { chosen: 3 }));
    let ev = act(&mut g, 0, "ship 4 5");
    assert!(took(&ev).unwrap() < moved(&ev).unwrap());
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 1, 0]);

    let mut g = ship_placed(cfg(), Some(5));
    act(&mut g, 0, "ship 3 4");
    let ev = act(&mut g, 0, "pass");
    assert!(moved(&ev).is_some(), "declining still moves the marker");
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 0, 0]);
}

/// With no goods on any depot the ship only moves the marker (nothing to choose).
#[test]
fn a_ship_without_goods_anywhere_moves_at_once() {
    let mut g = game_at_turn_with(cfg(), no_depots(), vec![], [2, 6]);
    g.depot_goods = [[0; 6]; 6];
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    let ev = act(&mut g, 0, "place ship 17");
    assert!(moved(&ev).is_some());
    assert_eq!(pending(&g), None);
}

/// Knowledge tile 5, `optional` (default): seed 002 line 673 "puedes coger", seed 001
/// lines 786-789 "podes também recolher": the adjacent depot may be declined.
#[test]
fn knowledge_5_optional_may_be_declined() {
    let mut g = ship_placed(cfg(), Some(5));
    act(&mut g, 0, "ship 3 4");
    assert!(legal(&g, 0).contains(&"pass".to_string()));
}

/// Knowledge tile 5, `compulsory`: seed 000 line 647 "você pega todas as mercadorias
/// de um depósito escolhido e de um depósito adjacente": no pass; one of the two
/// depots next to the chosen one.
#[test]
fn knowledge_5_compulsory_takes_an_adjacent_depot() {
    let mut config = cfg();
    config.rules.knowledge5 = Knowledge5::Compulsory;
    let mut g = ship_placed(config, Some(5));
    act(&mut g, 0, "ship 3 4");
    let l = legal(&g, 0);
    assert!(!l.contains(&"pass".to_string()), "{l:?}");
    assert!(l.contains(&"ship 4 5".to_string()), "{l:?}");
    assert!(l.iter().all(|a| a.starts_with("ship 2") || a.starts_with("ship 4") || a.starts_with("buy")), "{l:?}");
    refusal(&mut g, 0, "pass");
    act(&mut g, 0, "ship 4 5");
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 1, 0]);
}

/// `rules.ship_depot: any` (default): seed 000 line 356 "qualquer depósito", 002 line
/// 376, 001 line 413 read literally: an empty depot may be chosen while others hold
/// goods; nothing is taken and the marker moves.
#[test]
fn ship_depot_any_allows_an_empty_depot() {
    let mut g = ship_placed(cfg(), None);
    assert!(legal(&g, 0).contains(&"ship 2".to_string()));
    let ev = act(&mut g, 0, "ship 2");
    assert!(ev.contains(&Event::TookGoods {
        seat: 0,
        depot: 2,
        goods: [0; 6]
    }));
    assert!(moved(&ev).is_some());
    assert_eq!(g.players[0].goods, [1, 0, 0, 0, 0, 0]);
}

/// `rules.ship_depot: with-goods`: the step is "recolha todas as mercadorias presentes
/// nele" (000 line 354): while a depot holds goods the ship chooses one that does; an
/// empty one is refused with that reason.
#[test]
fn ship_depot_with_goods_refuses_an_empty_depot() {
    let mut config = cfg();
    config.rules.ship_depot = ShipDepot::WithGoods;
    let mut g = ship_placed(config, None);
    let ships: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("ship"))
        .collect();
    assert_eq!(ships, ["ship 1 3", "ship 3 4", "ship 4 5", "ship 6 6"]);
    assert_eq!(
        refused(&mut g, 0, "ship 2"),
        Reason::ShipDepotWithoutGoods { depot: 2 }
    );
    act(&mut g, 0, "ship 6 6");
}

/// Issue 15: on doubles only die 1 is listed, and `die 2 V` is accepted for it (the
/// dice are interchangeable); the event names die 2 and die 1 stays.
#[test]
fn die_2_on_doubles_is_accepted() {
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 3]);
    g.players[0].workers = 1;
    let l = legal(&g, 0);
    assert!(l.contains(&"die 1 3".to_string()) && !l.contains(&"die 2 3".to_string()));
    let ev = act(&mut g, 0, "die 2 4");
    assert!(ev.contains(&Event::DieUsed {
        seat: 0,
        die: 2,
        value: 4,
        workers: 1
    }));
    assert_eq!(turn(&g).dice, [Some(3), None]);
    // Die 2 once used: die 2 again is refused for what it is.
    act(&mut g, 0, "workers");
    assert_eq!(refused(&mut g, 0, "die 2 3"), Reason::DieUsed { die: 2 });
}

/// Seed 000 "Fases" / digest 4: a phase has five rounds, 0-4; a position in a sixth
/// round (`"round": 5`) is refused unless the game is over.
#[test]
fn a_sixth_round_is_refused() {
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 5]);
    g.round = 4;
    g.validate().unwrap();
    g.round = 5;
    assert!(matches!(g.validate(), Err(Error::Position(m)) if m.contains("round 0-4")));
    g.stage = Stage::RoundStart;
    assert!(g.validate().is_err());
    let json = serde_json::to_string(&g).unwrap();
    assert!(Burgundy::from_json(&json).is_err());
}
