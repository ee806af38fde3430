//! Every tile's effect, played through the engine on duchy 1: the eight buildings, the
//! 26 knowledge tiles (each against the same play without it), castle, mine, ship,
//! area and colour scoring, the black depot, full storage and refused actions.
//! Rules: seed 000 (Special Edition pt-BR) "AS CONSTRUÇÕES" (lines 422-498),
//! "MONASTÉRIOS (AMARELO)" (lines 639-690), "POSICIONAR UMA PEÇA HEXAGONAL EM SEU DUCADO"
//! (lines 338-410).
//!
//! Duchy 1 spaces used (see tests/common/mod.rs): the starting castle on 18 touches 11
//! (B3, a size-1 city), 12 (K1), 17 (W2), 19 (W5), 24 (M4), 25 (B3, in the 5-city
//! {25,26,31,32,36}). Passive knowledge tiles are put on 3 or 34, out of the way.

mod common;
use common::*;
use tabuleiro_burgundy::error::{Awaiting, Error, Reason, Why};
use tabuleiro_burgundy::state::{BonusTile, Pending, Stage};
use tabuleiro_burgundy::tile::Colour;
use tabuleiro_burgundy::{Burgundy, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::Seat;

fn t(name: &str) -> Tile {
    name.parse().unwrap()
}

fn k(n: u8) -> Tile {
    Tile::Knowledge(n)
}

fn cfg(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        ..Config::default()
    }
}

/// A 2-player game at seat 0's turn, with knowledge tile `n` put on space 34 if given.
fn game(
    depots: [Vec<Tile>; 6],
    black: Vec<Tile>,
    dice: [u8; 2],
    knowledge: Option<u8>,
) -> Burgundy {
    let mut g = game_at_turn(2, depots, black, dice);
    if let Some(n) = knowledge {
        put(&mut g, 0, &[(34, k(n))]);
    }
    g
}

/// Places `tile` from storage on `space` with die 1 showing `value` (no workers).
fn place_with_die(g: &mut Burgundy, tile: &str, space: u8, value: u8) -> Vec<Event> {
    store(g, 0, &[t(tile)]);
    act(g, 0, &format!("die 1 {value}"));
    act(g, 0, &format!("place {tile} {space}"))
}

fn silver_workers(g: &Burgundy, seat: Seat) -> (u32, u32) {
    (
        g.players[seat as usize].silver,
        g.players[seat as usize].workers,
    )
}

fn final_line(g: &Burgundy, seat: Seat, why: ScoreReason) -> Option<i32> {
    g.final_points(seat)
        .into_iter()
        .find(|(w, _)| *w == why)
        .map(|(_, vp)| vp)
}

fn knowledge_line(g: &Burgundy, n: u8) -> Option<i32> {
    final_line(g, 0, ScoreReason::Knowledge { number: n })
}

fn lost(ev: &[Event], tile: &str) -> bool {
    ev.contains(&Event::EffectLost {
        seat: 0,
        tile: t(tile),
    })
}

fn takes(g: &Burgundy) -> Vec<String> {
    let mut l: Vec<String> = legal(g, 0)
        .into_iter()
        .filter(|a| a.starts_with("take"))
        .collect();
    l.sort();
    l
}

// ================================================================= buildings

/// Seed 000, "Loja" (line 472): sell one goods type at once, no die needed, as the sale
/// action: 1 silver and 2 VP per good (2 players).
#[test]
fn warehouse_sells_any_type_without_a_die() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    g.players[0].goods = [0, 3, 0, 0, 0, 0];
    place_with_die(&mut g, "warehouse", 25, 3);
    assert_eq!(pending(&g), Some(Pending::WarehouseSell));
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(vp_in(&ev, 0), 6);
    assert_eq!(g.players[0].silver, 2);
    assert_eq!(g.players[0].sold, [0, 3, 0, 0, 0, 0]);
}

/// Seed 000, "As condições seguintes..." (line 493): a warehouse with no goods to sell
/// is placed and its effect lost.
#[test]
fn warehouse_without_goods_loses_its_effect() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    g.players[0].goods = [0; 6];
    let ev = place_with_die(&mut g, "warehouse", 25, 3);
    assert!(lost(&ev, "warehouse"));
    assert_eq!(pending(&g), None);
}

/// Seed 000, "Carpintaria" (line 430): a building from depots 1-6, not the black depot.
#[test]
fn carpenters_workshop_takes_a_building() {
    let depots = depots_with(&[(2, t("bank")), (2, Tile::Ship), (5, Tile::Mine)]);
    let mut g = game(depots, vec![t("market")], [3, 6], None);
    place_with_die(&mut g, "carpenters-workshop", 25, 3);
    assert_eq!(takes(&g), vec!["take 2 bank"]);
    act(&mut g, 0, "take 2 bank");
    assert_eq!(g.players[0].storage, vec![t("bank")]);
    assert_eq!(g.black_depot, vec![t("market")]);
}

/// Seed 000, "Igreja" (line 434): a mine, knowledge tile or castle from depots 1-6.
#[test]
fn church_takes_a_mine_knowledge_tile_or_castle() {
    let depots = depots_with(&[
        (1, Tile::Mine),
        (2, k(9)),
        (3, Tile::Castle),
        (4, t("bank")),
        (5, Tile::Ship),
    ]);
    let mut g = game(depots, vec![Tile::Mine], [3, 6], None);
    place_with_die(&mut g, "church", 25, 3);
    assert_eq!(
        takes(&g),
        vec!["take 1 mine", "take 2 knowledge9", "take 3 castle"]
    );
    act(&mut g, 0, "take 3 castle");
    assert_eq!(g.players[0].storage, vec![Tile::Castle]);
}

/// Seed 000, "Mercado" (line 426): a ship or farm from depots 1-6.
#[test]
fn market_takes_a_ship_or_farm() {
    let depots = depots_with(&[(1, t("cow2")), (2, t("bank")), (4, Tile::Ship)]);
    let mut g = game(depots, vec![t("pig3")], [3, 6], None);
    place_with_die(&mut g, "market", 25, 3);
    assert_eq!(takes(&g), vec!["take 1 cow2", "take 4 ship"]);
    act(&mut g, 0, "take 1 cow2");
    assert_eq!(g.players[0].storage, vec![t("cow2")]);
}

/// Seed 000 line 493 (EX-07): no ship or farm in depots 1-6 (one in the black depot):
/// the market is placed, its effect lost.
#[test]
fn market_with_nothing_to_take_loses_its_effect() {
    let mut g = game(
        depots_with(&[(2, t("bank"))]),
        vec![Tile::Ship],
        [3, 6],
        None,
    );
    let ev = place_with_die(&mut g, "market", 25, 3);
    assert!(lost(&ev, "market"));
    assert_eq!(pending(&g), None);
    assert!(g.players[0].storage.is_empty());
}

/// Seed 000, "Alojamento" (line 476): +4 workers.
#[test]
fn boarding_house_gives_4_workers() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    place_with_die(&mut g, "boarding-house", 25, 3);
    assert_eq!(silver_workers(&g, 0), (1, 5));
}

/// Seed 000, "Banco" (line 480): +2 silver.
#[test]
fn bank_gives_2_silver() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    place_with_die(&mut g, "bank", 25, 3);
    assert_eq!(silver_workers(&g, 0), (3, 1));
}

/// Seed 000, "Prefeitura" (line 484): another tile from storage on a space of its
/// colour, any number (dice 3 and 3, the ship goes on a 5), still next to a placed tile,
/// with its own effect.
#[test]
fn city_hall_places_another_tile_on_any_number() {
    let mut g = game(no_depots(), vec![], [3, 3], None);
    store(&mut g, 0, &[Tile::Ship]);
    place_with_die(&mut g, "city-hall", 25, 3);
    assert_eq!(pending(&g), Some(Pending::CityHall));
    let why = refused(&mut g, 0, "place ship 15");
    assert_eq!(why, Reason::NotAdjacent { space: 15 });
    act(&mut g, 0, "place ship 19");
    assert_eq!(g.players[0].spaces[19], Some(Tile::Ship));
    // The ship's own effect: the goods (three types held, the 4 does not fit), then
    // the marker (seed 000 lines 352-362).
    let ev = act(&mut g, 0, "ship 6");
    assert!(ev.contains(&Event::MovedOnTrack { seat: 0, space: 1 }));
}

/// City hall with an empty storage: effect lost.
#[test]
fn city_hall_with_empty_storage_loses_its_effect() {
    let mut g = game(no_depots(), vec![], [3, 3], None);
    let ev = place_with_die(&mut g, "city-hall", 25, 3);
    assert!(lost(&ev, "city-hall"));
    assert_eq!(pending(&g), None);
}

/// Seed 000, "Torre de Vigia" (line 488): +4 VP.
#[test]
fn watchtower_gives_4_vp() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    let ev = place_with_die(&mut g, "watchtower", 25, 3);
    assert!(ev.contains(&Event::Scored {
        seat: 0,
        vp: 4,
        why: ScoreReason::Watchtower
    }));
    assert_eq!(g.players[0].vp, 4);
}

/// Seed 000, "Construções (bege)" (line 418) and "Você nunca pode ter construções
/// repetidas na mesma cidade!" (line 450): a second bank in the 5-city is refused,
/// another city takes it.
#[test]
fn one_building_of_each_type_per_city() {
    let mut g = game(no_depots(), vec![], [3, 6], None);
    put(&mut g, 0, &[(26, t("bank"))]);
    store(&mut g, 0, &[t("bank")]);
    act(&mut g, 0, "die 1 3");
    let why = refused(&mut g, 0, "place bank 25");
    assert_eq!(why, Reason::SameBuildingInCity { tile: t("bank") });
    act(&mut g, 0, "place bank 11");
    assert_eq!(g.players[0].spaces[11], Some(t("bank")));
}

// ================================================================= knowledge tiles

/// Knowledge 1 (seed 000 line 643): any number of the same building in a city.
#[test]
fn knowledge_1_lifts_the_one_building_per_city_rule() {
    for with in [false, true] {
        let mut g = game(no_depots(), vec![], [3, 6], with.then_some(1));
        put(&mut g, 0, &[(26, t("bank"))]);
        store(&mut g, 0, &[t("bank")]);
        act(&mut g, 0, "die 1 3");
        if with {
            act(&mut g, 0, "place bank 25");
            assert_eq!(g.players[0].count(t("bank")), 2);
        } else {
            refused(&mut g, 0, "place bank 25");
        }
    }
}

/// Plays the rest of phase A (round 5) with every die taking workers; returns seat 0's
/// (silver, workers) after the phase end.
fn to_phase_end(g: &mut Burgundy) -> (u32, u32) {
    g.round = 4;
    finish_round(g);
    assert_eq!(g.stage, Stage::PhaseStart);
    assert_eq!(g.phase, 1);
    silver_workers(g, 0)
}

/// Knowledge 2 (seed 000 line 644): +1 worker per mine at each phase end, besides the
/// silver. Two mines: 1 + 2 silver; workers 1 + 4 (two workers actions) + 2.
#[test]
fn knowledge_2_a_worker_per_mine_at_phase_end() {
    for (with, workers) in [(false, 5), (true, 7)] {
        let mut g = game(no_depots(), vec![], [1, 2], with.then_some(2));
        put(&mut g, 0, &[(24, Tile::Mine), (29, Tile::Mine)]);
        assert_eq!(to_phase_end(&mut g), (3, workers));
    }
}

/// (silver, workers) gained by selling the goods type 2 (a stack of 2) with a die.
fn sale_gain(knowledge: Option<u8>) -> (u32, u32) {
    let mut g = game(no_depots(), vec![], [2, 6], knowledge);
    g.players[0].goods = [0, 2, 0, 0, 0, 0];
    act(&mut g, 0, "die 1 2");
    let before = silver_workers(&g, 0);
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(vp_in(&ev, 0), 4);
    let after = silver_workers(&g, 0);
    (after.0 - before.0, after.1 - before.1)
}

/// Knowledge 3 (seed 000 line 645): 2 silver per sale instead of 1.
#[test]
fn knowledge_3_two_silver_per_sale() {
    assert_eq!(sale_gain(None), (1, 0));
    assert_eq!(sale_gain(Some(3)), (2, 0));
}

/// Knowledge 3 also applies to a warehouse sale (seed 000 line 645, "ou da colocação de
/// uma loja").
#[test]
fn knowledge_3_applies_to_the_warehouse() {
    let mut g = game(no_depots(), vec![], [3, 6], Some(3));
    g.players[0].goods = [0, 1, 0, 0, 0, 0];
    place_with_die(&mut g, "warehouse", 25, 3);
    act(&mut g, 0, "sell 2");
    assert_eq!(g.players[0].silver, 3);
}

/// Knowledge 4 (seed 000 line 646): 1 silver and 1 worker per sale.
#[test]
fn knowledge_4_silver_and_a_worker_per_sale() {
    assert_eq!(sale_gain(Some(4)), (1, 1));
}

/// Places a ship on 17 with goods in depots 1 (type 3), 3 (type 4), 4 (type 5) and 6
/// (type 6); takes the goods of depot `chosen`.
fn ship_with_goods(knowledge: Option<u8>, chosen: u8) -> Burgundy {
    let mut g = game(no_depots(), vec![], [2, 6], knowledge);
    g.players[0].goods = [1, 0, 0, 0, 0, 0];
    g.depot_goods = [[0; 6]; 6];
    g.depot_goods[0][2] = 1;
    g.depot_goods[2][3] = 1;
    g.depot_goods[3][4] = 1;
    g.depot_goods[5][5] = 1;
    place_with_die(&mut g, "ship", 17, 2);
    let mask = (0..6)
        .find(|&i| g.depot_goods[chosen as usize - 1][i] > 0)
        .unwrap()
        + 1;
    act(&mut g, 0, &format!("ship {chosen} {mask}"));
    g
}

/// Knowledge 5 (seed 000 line 647): the ship also takes the goods of a depot next to the
/// chosen one (depots in a ring 1-6, digest A7).
#[test]
fn knowledge_5_ship_takes_an_adjacent_depot_too() {
    let g = ship_with_goods(None, 3);
    assert_eq!(pending(&g), None);
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 0, 0]);

    let mut g = ship_with_goods(Some(5), 3);
    assert_eq!(pending(&g), Some(Pending::ShipAdjacent { chosen: 3 }));
    refused(&mut g, 0, "ship 5");
    act(&mut g, 0, "ship 4 5");
    assert_eq!(g.players[0].goods, [1, 0, 0, 1, 1, 0]);
    assert_eq!(g.depot_goods[3], [0; 6]);

    // The ring goes both ways and wraps: depot 1 is next to depot 6.
    let mut g = ship_with_goods(Some(5), 1);
    act(&mut g, 0, "ship 6 6");
    assert_eq!(g.players[0].goods, [1, 0, 1, 0, 0, 1]);
}

/// Knowledge 6, Special Edition (seed 000 line 648): once per turn, 2 workers buy a
/// building from depots 1-6.
#[test]
fn knowledge_6_two_workers_for_a_building() {
    let depots = depots_with(&[(2, t("bank")), (3, t("market")), (3, Tile::Ship)]);
    let mut g = game(depots.clone(), vec![], [1, 2], None);
    g.players[0].workers = 4;
    refused(&mut g, 0, "knowledge6 2 bank");

    let mut g = game(depots, vec![], [1, 2], Some(6));
    g.players[0].workers = 4;
    refused(&mut g, 0, "knowledge6 3 ship");
    act(&mut g, 0, "knowledge6 2 bank");
    assert_eq!(g.players[0].workers, 2);
    assert_eq!(g.players[0].storage, vec![t("bank")]);
    let why = refused(&mut g, 0, "knowledge6 3 market");
    assert!(matches!(why, Reason::NotNow { .. }), "{why}");
}

/// Knowledge 6, classic edition (seed 001 lines 791-795): silver or workers in any
/// combination buy a tile from any depot, once per turn.
#[test]
fn knowledge_6_classic_buys_from_any_depot_with_workers() {
    let classic = Config {
        edition: Edition::Classic,
        ..cfg(2)
    };
    for with in [false, true] {
        let mut g = game_at_turn_with(
            classic.clone(),
            depots_with(&[(4, Tile::Ship)]),
            vec![],
            [1, 2],
        );
        if with {
            put(&mut g, 0, &[(34, k(6))]);
        }
        assert_eq!(silver_workers(&g, 0), (1, 1));
        if with {
            act(&mut g, 0, "buy 4 ship workers=1");
            assert_eq!(silver_workers(&g, 0), (0, 0));
            assert_eq!(g.players[0].storage, vec![Tile::Ship]);
        } else {
            refused(&mut g, 0, "buy 4 ship workers=1");
        }
    }
}

/// Knowledge 7 (seed 000 lines 649-651): +1 VP per scoring farm tile: 3 sheep next to 4
/// sheep give 9 instead of 7.
#[test]
fn knowledge_7_a_vp_per_scoring_farm_tile() {
    for (with, vp) in [(false, 7), (true, 9)] {
        let mut g = game(no_depots(), vec![], [1, 2], with.then_some(7));
        put(&mut g, 0, &[(0, t("sheep4"))]);
        let ev = place_with_die(&mut g, "sheep3", 5, 1);
        assert_eq!(vp_in(&ev, 0), vp);
    }
}

/// Knowledge 8 (seed 000 lines 653-655): 6 -> 3 with 2 workers instead of 3.
#[test]
fn knowledge_8_workers_change_a_die_by_two() {
    for (with, left) in [(false, 1), (true, 2)] {
        let mut g = game(no_depots(), vec![], [6, 1], with.then_some(8));
        g.players[0].workers = 4;
        act(&mut g, 0, "die 1 3");
        assert_eq!(g.players[0].workers, left);
    }
}

/// A placement one away from the die: `tile` on `space` with die 1 showing `value`.
/// Returns whether it was allowed.
fn off_by_one(knowledge: Option<u8>, tile: &str, space: u8, value: u8) -> bool {
    let mut g = game(no_depots(), vec![], [value, 6], knowledge);
    store(&mut g, 0, &[t(tile)]);
    act(&mut g, 0, &format!("die 1 {value}"));
    let text = format!("place {tile} {space}");
    if legal(&g, 0).contains(&text) {
        act(&mut g, 0, &text);
        g.players[0].spaces[space as usize] == Some(t(tile))
    } else {
        refused(&mut g, 0, &text);
        false
    }
}

/// Knowledge 9 (seed 000 line 657): buildings +-1. Space 25 shows 3.
#[test]
fn knowledge_9_buildings_one_off() {
    assert!(!off_by_one(None, "bank", 25, 2));
    assert!(off_by_one(Some(9), "bank", 25, 2));
    assert!(off_by_one(Some(9), "bank", 25, 4));
    assert!(!off_by_one(Some(9), "bank", 25, 5));
    assert!(!off_by_one(Some(9), "ship", 17, 3), "not for ships");
}

/// Knowledge 10 (seed 000 line 658): ships and farms +-1. Space 17 shows 2.
#[test]
fn knowledge_10_ships_and_farms_one_off() {
    assert!(!off_by_one(None, "ship", 17, 3));
    assert!(off_by_one(Some(10), "ship", 17, 3));
    assert!(off_by_one(Some(10), "ship", 17, 1));
    assert!(!off_by_one(Some(10), "bank", 25, 2), "not for buildings");
}

/// Knowledge 11 (seed 000 line 659): castles, mines and knowledge tiles +-1. Space 24
/// (mine) shows 4, space 12 (knowledge) shows 1 (and 6 is next to 1).
#[test]
fn knowledge_11_castles_mines_knowledge_one_off() {
    assert!(!off_by_one(None, "mine", 24, 5));
    assert!(off_by_one(Some(11), "mine", 24, 5));
    assert!(off_by_one(Some(11), "knowledge20", 12, 6));
    assert!(!off_by_one(Some(11), "ship", 17, 3), "not for ships");
}

/// Knowledge 12 (seed 000 line 660): take from a depot one away from the die.
#[test]
fn knowledge_12_depot_one_off() {
    for with in [false, true] {
        let mut g = game(
            depots_with(&[(4, Tile::Ship), (2, Tile::Mine)]),
            vec![],
            [3, 6],
            with.then_some(12),
        );
        act(&mut g, 0, "die 1 3");
        if with {
            assert_eq!(takes(&g), vec!["take 2 mine", "take 4 ship"]);
            act(&mut g, 0, "take 4 ship");
            assert_eq!(g.players[0].storage, vec![Tile::Ship]);
        } else {
            assert!(takes(&g).is_empty());
            refused(&mut g, 0, "take 4 ship");
        }
    }
}

/// (silver, workers) gained by the workers action.
fn workers_action(knowledge: Option<u8>) -> (u32, u32) {
    let mut g = game(no_depots(), vec![], [3, 6], knowledge);
    act(&mut g, 0, "die 1 3");
    let before = silver_workers(&g, 0);
    act(&mut g, 0, "workers");
    let after = silver_workers(&g, 0);
    (after.0 - before.0, after.1 - before.1)
}

/// Knowledge 13 (seed 000 line 661): the workers action also gives 1 silver.
#[test]
fn knowledge_13_workers_action_gives_a_silver() {
    assert_eq!(workers_action(None), (0, 2));
    assert_eq!(workers_action(Some(13)), (1, 2));
}

/// Knowledge 14 (seed 000 line 662): the workers action gives 4 workers.
#[test]
fn knowledge_14_workers_action_gives_4() {
    assert_eq!(workers_action(Some(14)), (0, 4));
}

/// An end position for seat 0 with knowledge tile `n` (if given) and these tiles.
fn end_position(n: Option<u8>, tiles: &[(u8, Tile)]) -> Burgundy {
    let mut g = game(no_depots(), vec![], [1, 2], n);
    put(&mut g, 0, tiles);
    g
}

fn total_final(g: &Burgundy) -> i32 {
    g.final_points(0).iter().map(|(_, vp)| vp).sum()
}

/// Knowledge 15 (seed 000 line 670): 2 VP per goods type sold.
#[test]
fn knowledge_15_two_vp_per_type_sold() {
    let mut without = end_position(None, &[]);
    let mut with = end_position(Some(15), &[]);
    for g in [&mut without, &mut with] {
        g.players[0].sold = [1, 0, 5, 0, 2, 0];
    }
    assert_eq!(knowledge_line(&with, 15), Some(6));
    assert_eq!(knowledge_line(&without, 15), None);
    assert_eq!(total_final(&with) - total_final(&without), 6);
}

/// Knowledge 16-23 (seed 000 line 676): 4 VP per building of the tile's type. Two of
/// them and one other building: 8 VP; no such building: 0.
fn knowledge_building(n: u8, building: &str) {
    assert_eq!(
        tabuleiro_burgundy::KNOWLEDGE_BUILDINGS[n as usize - 16].name(),
        building
    );
    let other = if building == "bank" { "market" } else { "bank" };
    let tiles = [(8, t(building)), (25, t(building)), (13, t(other))];
    let with = end_position(Some(n), &tiles);
    let without = end_position(None, &tiles);
    assert_eq!(knowledge_line(&with, n), Some(8));
    assert_eq!(knowledge_line(&without, n), None);
    assert_eq!(total_final(&with) - total_final(&without), 8);
    let none = end_position(Some(n), &[(13, t(other))]);
    assert_eq!(knowledge_line(&none, n), Some(0));
}

#[test]
fn knowledge_16_warehouses() {
    knowledge_building(16, "warehouse");
}

/// The rulebooks name 17 = watchtower (seed 000 line 678).
#[test]
fn knowledge_17_watchtowers() {
    knowledge_building(17, "watchtower");
}

#[test]
fn knowledge_18_carpenters_workshops() {
    knowledge_building(18, "carpenters-workshop");
}

#[test]
fn knowledge_19_churches() {
    knowledge_building(19, "church");
}

#[test]
fn knowledge_20_markets() {
    knowledge_building(20, "market");
}

#[test]
fn knowledge_21_boarding_houses() {
    knowledge_building(21, "boarding-house");
}

/// The rulebooks name 22 = bank (seed 000 line 678).
#[test]
fn knowledge_22_banks() {
    knowledge_building(22, "bank");
}

#[test]
fn knowledge_23_city_halls() {
    knowledge_building(23, "city-hall");
}

/// Knowledge 24 (seed 000 line 680): 4 VP per animal type in the duchy (chickens and
/// pigs: 8; tiles counted once per type).
#[test]
fn knowledge_24_four_vp_per_animal_type() {
    let tiles = [(0, t("chicken2")), (4, t("chicken4")), (27, t("pig3"))];
    let with = end_position(Some(24), &tiles);
    let without = end_position(None, &tiles);
    assert_eq!(knowledge_line(&with, 24), Some(8));
    assert_eq!(total_final(&with) - total_final(&without), 8);
}

/// Knowledge 25 (seed 000 line 684): 1 VP per good sold.
#[test]
fn knowledge_25_a_vp_per_good_sold() {
    let mut without = end_position(None, &[]);
    let mut with = end_position(Some(25), &[]);
    for g in [&mut without, &mut with] {
        g.players[0].sold = [1, 0, 5, 0, 2, 0];
    }
    assert_eq!(knowledge_line(&with, 25), Some(8));
    assert_eq!(total_final(&with) - total_final(&without), 8);
}

/// Knowledge 26 (seed 000 line 688): 3 VP per bonus tile, large or small. The bonus
/// tile is earned here by covering the three mine spaces.
#[test]
fn knowledge_26_three_vp_per_bonus_tile() {
    for with in [false, true] {
        let mut g = game(no_depots(), vec![], [4, 1], with.then_some(26));
        put(&mut g, 0, &[(29, Tile::Mine), (33, Tile::Mine)]);
        place_with_die(&mut g, "mine", 24, 4);
        assert_eq!(
            g.players[0].bonus_tiles,
            vec![BonusTile {
                colour: Colour::Mine,
                vp: 5
            }]
        );
        assert_eq!(knowledge_line(&g, 26), with.then_some(3));
        if with {
            g.players[0].bonus_tiles.push(BonusTile {
                colour: Colour::Castle,
                vp: 2,
            });
            assert_eq!(knowledge_line(&g, 26), Some(6));
        }
    }
}

// ================================================================= castle, mine, ship

/// Seed 000, "Castelo (vermelho)" (line 366): the extra action has any value: here a
/// tile from depot 5 with dice 6 and 3.
#[test]
fn castle_extra_action_takes_from_any_depot() {
    let mut g = game(depots_with(&[(5, Tile::Ship)]), vec![], [6, 3], None);
    put(&mut g, 0, &[(11, t("watchtower"))]);
    place_with_die(&mut g, "castle", 6, 6);
    assert_eq!(pending(&g), Some(Pending::UseDie { value: None }));
    act(&mut g, 0, "take 5 ship");
    assert_eq!(g.players[0].storage, vec![Tile::Ship]);
    assert_eq!(turn(&g).dice, [None, Some(3)]);
}

/// Seed 000, "Mina (cinza)" (line 400) and "FIM DE UMA FASE" (line 588): 1 silver per mine in the duchy at the end
/// of the phase; a mine in storage earns nothing; other seats without mines get none.
/// Driven there by playing out the phase's last round.
#[test]
fn mines_pay_silver_at_the_phase_end() {
    let mut g = game(depots_with(&[(3, Tile::Ship)]), vec![], [1, 2], None);
    put(&mut g, 0, &[(24, Tile::Mine), (29, Tile::Mine)]);
    store(&mut g, 0, &[Tile::Mine]);
    g.round = 4;
    let ev = finish_round(&mut g);
    assert!(ev.contains(&Event::Gained {
        seat: 0,
        silver: 2,
        workers: 0
    }));
    assert_eq!(g.players[0].silver, 3);
    assert_eq!(g.players[1].silver, 1);
    assert!(ev.contains(&Event::PhaseEnded { phase: 'A' }));
    // Seed 000, "FASES DO JOGO" (lines 262-271): the tiles left go to the box, the goods stay.
    assert!(g.depots.iter().all(Vec::is_empty));
    assert_eq!(g.boxed.0[Tile::Ship.kind()], 1);
    assert_eq!(g.depot_goods[5], [0, 0, 0, 1, 0, 0]);
}

/// Seed 000, "Navios (azul)" (lines 354-362): a ship takes a depot's goods and moves the
/// marker one space on, on top of any stack there; the next round starts with the top
/// marker of the space furthest ahead.
#[test]
fn ship_moves_the_marker_and_stacks_on_top() {
    let mut g = game_at_turn(3, no_depots(), vec![], [2, 1]);
    assert_eq!(
        g.depot_goods[5],
        [0, 0, 0, 1, 0, 0],
        "the round's good went to depot 6"
    );
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    act(&mut g, 0, "place ship 17");
    assert_eq!(g.players[0].goods, [1, 1, 1, 0, 0, 0]);
    act(&mut g, 0, "ship 6"); // three types held: the good 4 does not fit
    assert_eq!(g.players[0].goods, [1, 1, 1, 0, 0, 0]);
    assert_eq!(g.depot_goods[5], [0, 0, 0, 1, 0, 0]);
    finish_turn(&mut g);
    // Seat 1 (dice 1 1) holds a ship on 17 and places another on 16.
    assert_eq!(turn(&g).seat, 1);
    g.players[1].goods = [1, 0, 0, 0, 0, 0];
    put(&mut g, 1, &[(17, Tile::Ship)]);
    store(&mut g, 1, &[Tile::Ship]);
    act(&mut g, 1, "die 1 1");
    act(&mut g, 1, "place ship 16");
    // Goods first, then the marker (seed 000 lines 352-362).
    let ev = act(&mut g, 1, "ship 6 4");
    assert!(ev.contains(&Event::MovedOnTrack { seat: 1, space: 1 }));
    assert_eq!(g.players[1].goods, [1, 0, 0, 1, 0, 0]);
    assert_eq!(g.track[1], vec![0, 1], "seat 1 on top of seat 0");
    assert_eq!(g.track[0], vec![2]);
    finish_round(&mut g);
    roll_ones(&mut g, 1);
    assert_eq!(g.round_order, vec![1, 0, 2]);
    assert_eq!(turn(&g).seat, 1);
}

// ================================================================= scoring

/// Seed 000, "PONTUANDO PEÇAS HEXAGONAIS:" (lines 502-504): completing an area scores its
/// size (triangular: 3 spaces = 6) plus the phase bonus (10 in phase A, 6 in C).
#[test]
fn area_completion_with_phase_bonus() {
    for (phase, vp) in [(0, 16), (2, 12)] {
        let mut g = game(no_depots(), vec![], [2, 1], None);
        g.phase = phase;
        put(&mut g, 0, &[(15, Tile::Ship), (16, Tile::Ship)]);
        g.depot_goods = [[0; 6]; 6];
        let ev = place_with_die(&mut g, "ship", 17, 2);
        assert_eq!(vp_in(&ev, 0), vp);
    }
}

/// Seed 000, "PONTUANDO PEÇAS HEXAGONAIS:" (lines 508-510): covering all six knowledge spaces: the first gets the large
/// bonus tile (5 VP, 2 players), the second the small (2 VP). The 6th tile also
/// completes the size-3 area {30,34,35}: 6 + 10.
#[test]
fn colour_bonus_first_and_second() {
    let mut g = game_at_turn(2, no_depots(), vec![], [1, 1]);
    let five = [
        (3, k(16)),
        (7, k(17)),
        (12, k(18)),
        (30, k(19)),
        (34, k(20)),
    ];
    for seat in 0..2 {
        assert_eq!(turn(&g).seat, seat);
        put(&mut g, seat, &five);
        store(&mut g, seat, &[k(21)]);
        act(&mut g, seat, "die 1 1");
        let ev = act(&mut g, seat, "place knowledge21 35");
        let bonus = if seat == 0 { 5 } else { 2 };
        assert!(ev.contains(&Event::Scored {
            seat,
            vp: bonus,
            why: ScoreReason::ColourBonus {
                colour: Colour::Knowledge,
                first: seat == 0
            }
        }));
        assert_eq!(vp_in(&ev, seat), 16 + bonus);
        finish_turn(&mut g);
    }
    assert_eq!(g.bonus_taken[Colour::Knowledge.index()], 2);
}

// ================================================================= black depot, storage

/// Seed 000, "O DEPÓSITO “PARALELO”" (lines 582-584): 2 silver buy a black-depot tile, once per turn, before,
/// between or after the die actions.
#[test]
fn black_depot_purchase_two_silver_once_per_turn() {
    let mut g = game(no_depots(), vec![Tile::Ship, Tile::Mine], [1, 2], None);
    g.players[0].silver = 4;
    act(&mut g, 0, "buy black ship");
    assert_eq!(g.players[0].silver, 2);
    assert_eq!(g.players[0].storage, vec![Tile::Ship]);
    assert_eq!(g.black_depot, vec![Tile::Mine]);
    let why = refused(&mut g, 0, "buy black mine");
    assert_eq!(why, Reason::AlreadyBought);
}

/// The purchase can come after both dice: the turn waits for it, then ends.
#[test]
fn black_depot_purchase_after_the_actions() {
    let mut g = game(no_depots(), vec![Tile::Mine], [1, 2], None);
    g.players[0].silver = 2;
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "workers");
    act(&mut g, 0, "die 2 2");
    act(&mut g, 0, "workers");
    assert_eq!(
        turn(&g).seat,
        0,
        "the turn waits: a purchase is still possible"
    );
    act(&mut g, 0, "buy black mine");
    assert_eq!(g.players[0].silver, 0);
    assert_eq!(turn(&g).seat, 1);
}

/// One silver is not enough.
#[test]
fn black_depot_purchase_needs_two_silver() {
    let mut g = game(no_depots(), vec![Tile::Mine], [1, 2], None);
    assert_eq!(g.players[0].silver, 1);
    let why = refused(&mut g, 0, "buy black mine");
    assert_eq!(why, Reason::NotEnoughSilver { need: 2, have: 1 });
}

/// Seed 000, "AÇÃO \"PEGAR UMA PEÇA HEXAGONAL DO TABULEIRO CENTRAL\"" (lines 334-336): with the three storage spaces full, a held
/// tile is discarded to make room for the one taken.
#[test]
fn full_storage_discards_a_held_tile() {
    let mut g = game(depots_with(&[(2, Tile::Ship)]), vec![], [2, 6], None);
    store(&mut g, 0, &[Tile::Mine, Tile::Castle, t("bank")]);
    act(&mut g, 0, "die 1 2");
    act(&mut g, 0, "take 2 ship");
    assert_eq!(
        pending(&g),
        Some(Pending::Discard {
            incoming: Tile::Ship
        })
    );
    let mut l = legal(&g, 0);
    l.sort();
    assert_eq!(l, vec!["discard bank", "discard castle", "discard mine"]);
    refused(&mut g, 0, "discard ship");
    act(&mut g, 0, "discard mine");
    assert_eq!(
        g.players[0].storage,
        vec![Tile::Ship, Tile::Castle, t("bank")]
    );
    assert_eq!(g.boxed.0[Tile::Mine.kind()], 1);
    assert!(g.depots[1].is_empty());
}

/// Digest A11: a purchase into full storage also asks for a discard.
#[test]
fn full_storage_discard_after_a_purchase() {
    let mut g = game(no_depots(), vec![Tile::Ship], [2, 6], None);
    g.players[0].silver = 2;
    store(&mut g, 0, &[Tile::Mine, Tile::Castle, t("bank")]);
    act(&mut g, 0, "buy black ship");
    assert_eq!(
        pending(&g),
        Some(Pending::Discard {
            incoming: Tile::Ship
        })
    );
    act(&mut g, 0, "discard castle");
    assert_eq!(
        g.players[0].storage,
        vec![Tile::Mine, Tile::Ship, t("bank")]
    );
}

// ================================================================= refused actions

/// Actions against the rules are refused and leave the position unchanged (`refused`
/// compares the whole state).
#[test]
fn illegal_actions_are_refused_with_the_state_unchanged() {
    let mut g = game(depots_with(&[(3, Tile::Ship)]), vec![], [2, 5], None);
    store(&mut g, 0, &[Tile::Ship, t("bank")]);
    let not_turn = Error::NotYourDecision {
        seat: 1,
        why: Why::NotYourTurn { turn: 0 },
    };
    assert_eq!(refusal(&mut g, 1, "die 1 1"), not_turn);
    let r = refused(&mut g, 0, "die 1 5");
    let cost = Reason::NotEnoughWorkers {
        from: 2,
        to: 5,
        need: 3,
        have: 1,
    };
    assert_eq!(r, cost);
    assert_eq!(refused(&mut g, 0, "die 3 2"), Reason::NoSuchDie { die: 3 });
    let choose_die = Reason::NotNow {
        awaiting: Awaiting::Die,
    };
    assert_eq!(refused(&mut g, 0, "take 3 ship"), choose_die); // no die chosen yet
    assert_eq!(refused(&mut g, 0, "pass"), choose_die); // both dice still unused
    act(&mut g, 0, "die 1 2");
    let use_die = Reason::NotNow {
        awaiting: Awaiting::UseDie { value: 2 },
    };
    assert_eq!(refused(&mut g, 0, "die 2 5"), use_die); // the die 1 action comes first
    let r = refused(&mut g, 0, "take 3 ship");
    assert_eq!(r, Reason::DieDoesNotMatchDepot { value: 2, depot: 3 });
    let r = refused(&mut g, 0, "place ship 19");
    let number = Reason::WrongNumber {
        space: 19,
        number: 5,
        value: 2,
    };
    assert_eq!(r, number);
    let r = refused(&mut g, 0, "place bank 17");
    let colour = Reason::WrongColour {
        space: 17,
        colour: Colour::Water,
        needs: Colour::Building,
    };
    assert_eq!(r, colour);
    // Space 15 is not next to a placed tile either; the number is checked first.
    let r = refused(&mut g, 0, "place ship 15");
    let number = Reason::WrongNumber {
        space: 15,
        number: 6,
        value: 2,
    };
    assert_eq!(r, number);
    let r = refused(&mut g, 0, "place ship 18");
    assert_eq!(r, Reason::SpaceCovered { space: 18 });
    let r = refused(&mut g, 0, "place mine 24");
    assert_eq!(r, Reason::NotInStorage { tile: Tile::Mine });
    let r = refused(&mut g, 0, "sell 4"); // the die shows 2
    assert_eq!(r, Reason::DieDoesNotMatchGoods { value: 2, goods: 4 });
    assert_eq!(refused(&mut g, 0, "discard bank"), use_die); // storage is not full
    act(&mut g, 0, "place ship 17");
    act(&mut g, 0, "ship 6");
    assert_eq!(refused(&mut g, 0, "die 1 2"), Reason::DieUsed { die: 1 });
    act(&mut g, 0, "die 2 5");
    act(&mut g, 0, "workers");
    assert_eq!(turn(&g).seat, 1);
    let over = Error::NotYourDecision {
        seat: 0,
        why: Why::NotYourTurn { turn: 1 },
    };
    assert_eq!(refusal(&mut g, 0, "die 1 1"), over); // seat 0's turn is over
}

/// Seed 000, "O DEPÓSITO PARALELO" (line 582): the purchase may come "a qualquer momento"
/// of the turn, so a tile bought while a castle's extra action is pending can be placed
/// with that action.
#[test]
fn purchase_in_the_middle_of_a_castle_action_then_place_it() {
    let mut g = game_at_turn(2, no_depots(), vec![Tile::Mine, Tile::Ship], [6, 1]);
    g.players[0].silver = 4;
    store(&mut g, 0, &[Tile::Castle]);
    // A bank on 11 (B3) touches the castle space 6 (C6) and the starting castle on 18.
    put(
        &mut g,
        0,
        &[(11, Tile::Building(tabuleiro_burgundy::Building::Bank))],
    );
    act(&mut g, 0, "die 1 6");
    act(&mut g, 0, "place castle 6");
    let castle_action = Some(tabuleiro_burgundy::state::Pending::UseDie { value: None });
    assert_eq!(pending(&g), castle_action);
    // Buying now leaves the castle's action waiting...
    act(&mut g, 0, "buy black mine");
    assert_eq!(g.players[0].silver, 2);
    assert_eq!(pending(&g), castle_action);
    // ...which places the bought mine on 24 (M4, next to the starting castle), any number.
    act(&mut g, 0, "place mine 24");
    assert_eq!(g.players[0].spaces[24], Some(Tile::Mine));
    let e = refused(&mut g, 0, "buy black ship");
    assert_eq!(e, Reason::AlreadyBought);
}
