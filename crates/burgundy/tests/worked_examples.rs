//! The rulebooks' worked examples (catalogue docs/burgundy/worked-examples.md, EX-01 to
//! EX-16) and the numeric rule statements next to them (R-xx), each played through the
//! engine. Seeds: 000 = Special Edition pt-BR, 002 = Special Edition es, 001 = classic
//! pt-PT. Every fact is restated here; nothing is read from the seeds at run time.
//!
//! Duchy 1 areas used below (see tests/common/mod.rs): pasture {0,4,5,9,10} and {27};
//! cities {8,13,14}, {11}, {22,23,28}, {25,26,31,32,36}; castles {1,2,6} and {18} (the
//! starting castle); mines {24,29,33}; rivers {15,16,17}, {19,20,21}; knowledge
//! {3,7,12}, {30,34,35}.

mod common;
use common::*;
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{EmptySpacesTiebreak, Knowledge8};
use tabuleiro_burgundy::content::Content;
use tabuleiro_burgundy::error::Reason;
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::tile::{Building, Colour};
use tabuleiro_burgundy::{Action, Burgundy, Config, Event, ScoreReason, Tile, KNOWLEDGE_BUILDINGS};
use tabuleiro_core::{Game, Seat};

fn t(name: &str) -> Tile {
    name.parse().unwrap()
}

/// Duchy 1 for every seat, starting castles on space 18.
fn cfg(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        ..Config::default()
    }
}

/// VP scored in these events for one reason kind.
fn vp_for(events: &[Event], want: fn(&ScoreReason) -> bool) -> i32 {
    events
        .iter()
        .map(|e| match e {
            Event::Scored { vp, why, .. } if want(why) => *vp,
            _ => 0,
        })
        .sum()
}

fn livestock(events: &[Event]) -> i32 {
    vp_for(events, |w| *w == ScoreReason::Livestock)
}

fn final_line(g: &Burgundy, seat: Seat, why: ScoreReason) -> Option<i32> {
    g.final_points(seat)
        .into_iter()
        .find(|(w, _)| *w == why)
        .map(|(_, vp)| vp)
}

fn knowledge(number: u8) -> ScoreReason {
    ScoreReason::Knowledge { number }
}

fn city_sizes(duchy: u8, colour: Colour) -> Vec<u8> {
    let d = Content::embedded().duchy(duchy).unwrap();
    let mut sizes: Vec<u8> = (0..d.area_size.len() as u8)
        .filter(|&a| d.colours[d.spaces_of_area(a).next().unwrap()] == colour)
        .map(|a| d.area_size[a as usize])
        .collect();
    sizes.sort();
    sizes
}

// ---------------------------------------------------------------- EX-01

/// EX-01. Seed 000, "A JOGADA DE CADA JOGADOR" (line 295); seed 002, "TURNO DEL
/// JUGADOR" (line 313); seed 001, "O TURNO DE JOGADOR" (lines 319-320): two workers
/// turn a 2 into a 6 (2 -> 1 -> 6), then a tile is taken from depot 6.
#[test]
fn ex01_two_workers_turn_a_2_into_a_6() {
    let mut g = game_at_turn(2, depots_with(&[(6, t("bank"))]), vec![], [2, 4]);
    g.players[0].workers = 2;
    assert_eq!(
        g.worker_cost(0, 2, 6),
        Some(2),
        "the short way round, not 4"
    );
    let ev = act(&mut g, 0, "die 1 6");
    assert!(ev.contains(&Event::DieUsed {
        seat: 0,
        die: 1,
        value: 6,
        workers: 2
    }));
    assert_eq!(g.players[0].workers, 0);
    // Spending workers is not an action: the die's action is still to come.
    assert_eq!(pending(&g), Some(Pending::UseDie { value: Some(6) }));
    act(&mut g, 0, "take 6 bank");
    assert_eq!(g.players[0].storage, vec![t("bank")]);
    assert!(g.depots[5].is_empty());
    assert_eq!(turn(&g).dice, [None, Some(4)]);
}

/// EX-01, derived: with a single worker the 2 cannot become a 6.
#[test]
fn ex01_one_worker_is_not_enough() {
    let mut g = game_at_turn(2, depots_with(&[(6, t("bank"))]), vec![], [2, 4]);
    assert_eq!(g.players[0].workers, 1);
    let why = refused(&mut g, 0, "die 1 6");
    assert!(
        matches!(
            why,
            Reason::NotEnoughWorkers {
                need: 2,
                have: 1,
                ..
            }
        ),
        "{why}"
    );
    act(&mut g, 0, "die 1 1"); // one worker: 2 -> 1
    assert_eq!(g.players[0].workers, 0);
}

// ---------------------------------------------------------------- EX-02

/// EX-02. Seed 000, "Navios (azul)" (line 360); seed 002, "Barco (azul)" (line 380);
/// seed 001, "Barco (azul)" (lines 422-426): the turquoise good stacks on the one held,
/// one of pink or brown fills the last free space, the other stays in the depot.
#[test]
fn ex02_ship_takes_what_fits_and_the_rest_stays() {
    let mut g = game_at_turn(2, no_depots(), vec![], [2, 5]);
    // Goods types: turquoise 1, pink 4, brown 5; the player holds turquoise and type 2.
    g.players[0].goods = [1, 1, 0, 0, 0, 0];
    g.depot_goods = [[0; 6]; 6];
    g.depot_goods[2] = [1, 0, 0, 1, 1, 0];
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    let ev = act(&mut g, 0, "place ship 17");
    // Goods first, the marker after them (lines 354 and 362).
    assert!(!ev.iter().any(|e| matches!(e, Event::MovedOnTrack { .. })));
    assert_eq!(pending(&g), Some(Pending::ShipGoods));
    let l = legal(&g, 0);
    assert!(l.contains(&"ship 3 1,4".to_string()), "{l:?}");
    assert!(l.contains(&"ship 3 1,5".to_string()), "{l:?}");
    assert!(!l.contains(&"ship 3 1,4,5".to_string()));
    // Turquoise is never left behind: it stacks.
    refused(&mut g, 0, "ship 3 4,5");
    refused(&mut g, 0, "ship 3 4");
    let ev = act(&mut g, 0, "ship 3 1,4");
    assert!(ev.contains(&Event::MovedOnTrack { seat: 0, space: 1 }));
    assert_eq!(g.players[0].goods, [2, 1, 0, 1, 0, 0]);
    assert_eq!(
        g.depot_goods[2],
        [0, 0, 0, 0, 1, 0],
        "brown stays in the depot"
    );
    assert_eq!(g.track[1], vec![0]);
}

// ---------------------------------------------------------------- EX-03

/// Seat 0 places a castle on space 6 (die 6), next to a tile put on 11.
fn castle_placed(extra: &[Tile]) -> Burgundy {
    let mut g = game_at_turn(2, no_depots(), vec![], [6, 3]);
    put(&mut g, 0, &[(11, t("watchtower"))]);
    store(&mut g, 0, &[Tile::Castle]);
    store(&mut g, 0, extra);
    act(&mut g, 0, "die 1 6");
    act(&mut g, 0, "place castle 6");
    assert_eq!(pending(&g), Some(Pending::UseDie { value: None }));
    g
}

/// EX-03 (a). Seed 000, "Castelo (vermelho)" (line 368); seed 002, "Castillo (borgoña)"
/// (line 388); seed 001, "Castelo (verde-escuro)" (lines 435-436): "receber 2
/// trabalhadores".
#[test]
fn ex03_castle_extra_action_takes_two_workers() {
    let mut g = castle_placed(&[]);
    act(&mut g, 0, "workers");
    assert_eq!(g.players[0].workers, 3);
    assert_eq!(
        turn(&g).dice,
        [None, Some(3)],
        "the second die is still unused"
    );
}

/// EX-03 (b). Same passages: "posicionar outra peça hexagonal": a ship on 19 (a 5
/// space) although the dice show 6 and 3; its own effect resolves.
#[test]
fn ex03_castle_extra_action_places_a_tile_on_any_number() {
    let mut g = castle_placed(&[Tile::Ship]);
    act(&mut g, 0, "place ship 19");
    assert_eq!(g.players[0].spaces[19], Some(Tile::Ship));
    // The ship's effect: the goods of a depot, then the marker.
    assert_eq!(pending(&g), Some(Pending::ShipGoods));
    let take = legal(&g, 0)
        .into_iter()
        .find(|a| a.starts_with("ship"))
        .unwrap();
    let ev = act(&mut g, 0, &take);
    assert!(ev.contains(&Event::MovedOnTrack { seat: 0, space: 1 }));
    assert_eq!(turn(&g).dice, [None, Some(3)]);
}

// ---------------------------------------------------------------- EX-04

/// EX-04. Seed 000, "Fazendas (verde)" (line 410); seed 002, "Ganado (verde)" (line
/// 428); seed 001, "Animais (verde-claro)" (lines 519-523): 4 cows into a pasture with
/// 3 cows and 3 sheep = 7; another 4 cows = 11; 2 sheep = 5.
#[test]
fn ex04_farm_scoring_7_then_11() {
    let mut g = game_at_turn(2, no_depots(), vec![], [1, 4]);
    // Pasture {0,4,5,9,10}; cows in the other pasture (27) never count.
    put(
        &mut g,
        0,
        &[(0, t("cow3")), (4, t("sheep3")), (27, t("cow4"))],
    );
    store(&mut g, 0, &[t("cow4"), t("cow4")]);
    act(&mut g, 0, "die 1 1");
    let ev = act(&mut g, 0, "place cow4 5");
    assert_eq!(vp_in(&ev, 0), 7);
    act(&mut g, 0, "die 2 4");
    let ev = act(&mut g, 0, "place cow4 10");
    assert_eq!(vp_in(&ev, 0), 11);
    assert_eq!(g.players[0].vp, 18);
}

/// EX-04, the sheep case: 2 sheep into the pasture with 3 sheep (and 7 cows) = 5.
#[test]
fn ex04_farm_scoring_2_sheep_give_5() {
    let mut g = game_at_turn(2, no_depots(), vec![], [4, 5]);
    put(
        &mut g,
        0,
        &[(0, t("cow3")), (4, t("sheep3")), (5, t("cow4"))],
    );
    store(&mut g, 0, &[t("sheep2")]);
    act(&mut g, 0, "die 1 4");
    let ev = act(&mut g, 0, "place sheep2 10");
    assert_eq!(vp_in(&ev, 0), 5);
}

/// EX-04 after the second cow tile: the sheep still give 5, and this tile completes
/// the 5-space pasture (15 + 10 in phase A), which the example does not include.
#[test]
fn ex04_farm_scoring_sheep_after_both_cows() {
    let mut g = game_at_turn(2, no_depots(), vec![], [5, 5]);
    put(
        &mut g,
        0,
        &[
            (0, t("cow3")),
            (4, t("sheep3")),
            (5, t("cow4")),
            (10, t("cow4")),
        ],
    );
    store(&mut g, 0, &[t("sheep2")]);
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "place sheep2 9");
    assert_eq!(livestock(&ev), 5);
    assert_eq!(vp_in(&ev, 0), 5 + 15 + 10);
}

// ---------------------------------------------------------------- EX-05

/// EX-05. Seed 001, "Edifícios (bege)" (lines 472-473): "o ducado 1 contém 4 cidades:
/// uma de tamanho 1, outra de tamanho 5, e mais duas de tamanho 3". Completing the
/// 5-city in phase A scores 15 + 10.
#[test]
fn ex05_duchy_1_has_cities_of_1_3_3_5() {
    assert_eq!(city_sizes(1, Colour::Building), vec![1, 3, 3, 5]);
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 1]);
    put(
        &mut g,
        0,
        &[
            (25, t("market")),
            (26, t("church")),
            (31, t("warehouse")),
            (32, t("watchtower")),
        ],
    );
    store(&mut g, 0, &[t("bank")]);
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place bank 36");
    assert!(ev.contains(&Event::Scored {
        seat: 0,
        vp: 25,
        why: ScoreReason::Area {
            colour: Colour::Building,
            size: 5,
            phase_bonus: 10
        }
    }));
    assert_eq!(vp_in(&ev, 0), 25);
    assert_eq!(g.players[0].silver, 3, "the bank's 2 silver too");
}

// ---------------------------------------------------------------- EX-06

/// EX-06. Seed 001, picture labels (lines 259-267): "Um rio de dimensão 3", "Um pasto de
/// dimensão 1", "Uma cidade de dimensão 3". Duchy 1 has all three; the size-1 pasture
/// completed by one 2-cow tile scores 2 (cows) + 1 (area) + 10 (phase A).
#[test]
fn ex06_size_1_pasture_and_size_3_river_and_city() {
    assert!(city_sizes(1, Colour::Water).contains(&3));
    assert!(city_sizes(1, Colour::Pasture).contains(&1));
    assert!(city_sizes(1, Colour::Building).contains(&3));
    let mut g = game_at_turn(2, no_depots(), vec![], [2, 1]);
    put(&mut g, 0, &[(26, t("bank"))]);
    store(&mut g, 0, &[t("cow2")]);
    act(&mut g, 0, "die 1 2");
    let ev = act(&mut g, 0, "place cow2 27");
    assert_eq!(livestock(&ev), 2);
    assert_eq!(vp_in(&ev, 0), 2 + 1 + 10);
}

// ---------------------------------------------------------------- EX-07

/// EX-07. Seed 000, "AS CONSTRUÇÕES" (line 493); seed 002, "LOS EDIFICIOS:" (line 517);
/// seed 001, "Os EdifciOs" (lines 570-573): a market with no ship or farm in depots 1-6
/// is placed, its effect lost (the black depot does not count).
#[test]
fn ex07_market_without_ship_or_farm_loses_its_effect() {
    let mut g = game_at_turn(2, depots_with(&[(1, t("bank"))]), vec![Tile::Ship], [3, 4]);
    store(&mut g, 0, &[t("market")]);
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place market 25");
    assert_eq!(g.players[0].spaces[25], Some(t("market")));
    assert!(ev.contains(&Event::EffectLost {
        seat: 0,
        tile: t("market")
    }));
    assert_eq!(pending(&g), None);
    assert!(g.players[0].storage.is_empty());
    assert_eq!(g.black_depot, vec![Tile::Ship]);
    // The turn goes on with the second die; a ship arriving later changes nothing.
    g.depots[3].push(Tile::Ship);
    g.drawn.add(Tile::Ship);
    assert!(legal(&g, 0).iter().all(|a| !a.starts_with("take")));
}

// ---------------------------------------------------------------- EX-08

/// EX-08. Seed 000, "PONTUANDO PEÇAS HEXAGONAIS:" (line 506); seed 002, "PUNTUAR LOSETAS
/// HEXAGONALES:" (line 530): "Os castelos iniciais não pontuam, mesmo que tenham sido
/// colocados em uma região de tamanho 1." Space 18 of duchy 1 is a size-1 castle area.
#[test]
fn ex08_starting_castle_in_a_size_1_area_never_scores() {
    let config = Config {
        players: 2,
        duchies: vec![1, 1],
        ..Config::default()
    };
    let mut g = Burgundy::new(&config).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            boards: Vec::new(),
            duchies: vec![1, 1],
            start_player: 0,
            goods: vec![vec![1, 2, 3]; 2],
        },
        &mut ev,
    )
    .unwrap();
    for seat in 0..2 {
        g.apply(seat, &Action::StartingCastle { space: 18 }, &mut ev)
            .unwrap();
    }
    assert_eq!(city_sizes(1, Colour::Castle), vec![1, 3]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Scored { .. })));
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.stage, Stage::PhaseStart);
}

/// EX-08, derived: the starting castle does count towards covering all castle spaces
/// (the 4th castle gives the colour bonus); its own area is never scored.
#[test]
fn ex08_starting_castle_counts_for_the_colour_bonus() {
    let mut g = game_at_turn(2, no_depots(), vec![], [6, 1]);
    put(&mut g, 0, &[(1, Tile::Castle), (2, Tile::Castle)]);
    store(&mut g, 0, &[Tile::Castle]);
    act(&mut g, 0, "die 1 6");
    let ev = act(&mut g, 0, "place castle 6");
    // Area {1,2,6}: 6 + 10; the colour bonus, first, 2 players: 5.
    assert_eq!(vp_in(&ev, 0), 16 + 5);
    assert!(ev.contains(&Event::Scored {
        seat: 0,
        vp: 5,
        why: ScoreReason::ColourBonus {
            colour: Colour::Castle,
            first: true
        }
    }));
}

// ---------------------------------------------------------------- EX-09

/// Each seat in turn completes its mines (area {24,29,33}) with its first die; returns
/// the VP each gained by the placement.
fn third_mine_race(players: u8) -> Vec<i32> {
    let mut g = game_at_turn(players, no_depots(), vec![], [4, 1]);
    let mut gained = Vec::new();
    for seat in 0..players {
        assert_eq!(turn(&g).seat, seat);
        let (held, space, value) = if seat == 0 {
            ([29, 33], 24, 4)
        } else {
            ([24, 33], 29, 1)
        };
        put(
            &mut g,
            seat,
            &[(held[0], Tile::Mine), (held[1], Tile::Mine)],
        );
        store(&mut g, seat, &[Tile::Mine]);
        act(&mut g, seat, &format!("die 1 {value}"));
        let ev = act(&mut g, seat, &format!("place mine {space}"));
        gained.push(vp_in(&ev, seat));
        finish_turn(&mut g);
    }
    gained
}

/// EX-09. Seed 000, "PONTUANDO PEÇAS HEXAGONAIS:" (lines 508-510); seed 002, "PUNTUAR
/// LOSETAS HEXAGONALES:" (lines 532-534); seed 001 (lines 631-639): the 3rd mine gives
/// the large bonus tile 5/6/7, the second player the small 2/3/4, the third and fourth
/// nothing; each placement also completes the size-3 area (6 + 10).
#[test]
fn ex09_colour_bonus_first_second_and_later() {
    assert_eq!(third_mine_race(2), vec![16 + 5, 16 + 2]);
    assert_eq!(third_mine_race(3), vec![16 + 6, 16 + 3, 16]);
    assert_eq!(third_mine_race(4), vec![16 + 7, 16 + 4, 16, 16]);
}

// ---------------------------------------------------------------- EX-10

/// VP for placing `tile` on space 5 of the pasture {0,4,5,9,10} that holds 4 sheep.
fn sheep_pasture(with_7: bool, tile: &str) -> i32 {
    let mut g = game_at_turn(2, no_depots(), vec![], [1, 2]);
    put(&mut g, 0, &[(0, t("sheep4"))]);
    if with_7 {
        put(&mut g, 0, &[(34, Tile::Knowledge(7))]);
    }
    store(&mut g, 0, &[t(tile)]);
    act(&mut g, 0, "die 1 1");
    vp_in(&act(&mut g, 0, &format!("place {tile} 5")), 0)
}

/// EX-10. Seed 000, "MONASTÉRIOS (AMARELO)" (line 651); seed 002, "MONASTERIO
/// (AMARILLO)" (line 677); seed 001, "As pEçAs MOstEirO" (lines 800-802): knowledge 7,
/// 3 sheep next to 4 sheep = (3+1) + (4+1) = 9; 2 pigs = 3.
#[test]
fn ex10_knowledge_7_nine_and_three() {
    assert_eq!(sheep_pasture(true, "sheep3"), 9);
    assert_eq!(sheep_pasture(true, "pig2"), 3);
    assert_eq!(sheep_pasture(false, "sheep3"), 7);
    assert_eq!(sheep_pasture(false, "pig2"), 2);
}

// ---------------------------------------------------------------- EX-11

fn knowledge8_game(option: Option<Knowledge8>, dice: [u8; 2]) -> Burgundy {
    let mut config = cfg(2);
    if let Some(o) = option {
        config.rules.knowledge8 = o;
    }
    let mut g = game_at_turn_with(config, no_depots(), vec![], dice);
    if option.is_some() {
        put(&mut g, 0, &[(34, Tile::Knowledge(8))]);
    }
    g.players[0].workers = 4;
    g
}

/// EX-11. Seed 000, "MONASTÉRIOS (AMARELO)" (line 655): "Para transformar um 6 em 3,
/// Letícia precisa apenas de 2 trabalhadores"; seed 001, "As pEçAs MOstEirO" (lines
/// 807-808): 3 -> 6 with 2 workers "em vez de 3"; seed 002 has the tile (line 679) but
/// no example. Option OneOrTwo (default): each worker +-1 or +-2.
#[test]
fn ex11_knowledge_8_one_or_two() {
    let mut g = knowledge8_game(Some(Knowledge8::OneOrTwo), [6, 3]);
    act(&mut g, 0, "die 1 3");
    assert_eq!(g.players[0].workers, 2, "6 -> 3 costs 2");
    act(&mut g, 0, "workers");
    assert_eq!(g.players[0].workers, 4);
    act(&mut g, 0, "die 2 6");
    assert_eq!(g.players[0].workers, 2, "3 -> 6 costs 2");
}

/// EX-11 without knowledge 8: both changes cost 3 workers.
#[test]
fn ex11_without_knowledge_8_it_costs_3() {
    let mut g = knowledge8_game(None, [6, 3]);
    act(&mut g, 0, "die 1 3");
    assert_eq!(g.players[0].workers, 1);
    assert_eq!(g.worker_cost(0, 3, 6), Some(3));
}

/// EX-11, option TwoOnly (seed 000's tile text read literally, "em 2, em vez de 1"):
/// the die keeps its parity, so 6 -> 3 is impossible and 6 -> 2 costs one worker.
#[test]
fn ex11_knowledge_8_two_only() {
    let mut g = knowledge8_game(Some(Knowledge8::TwoOnly), [6, 3]);
    assert_eq!(g.worker_cost(0, 6, 3), None);
    assert_eq!(g.worker_cost(0, 3, 6), None);
    let why = refused(&mut g, 0, "die 1 3");
    assert_eq!(why, Reason::WorkersCannotTurn { from: 6, to: 3 });
    act(&mut g, 0, "die 1 2");
    assert_eq!(g.players[0].workers, 3, "6 -> 2 (6+2 wraps) costs 1");
    assert_eq!(g.worker_cost(0, 6, 4), Some(1));
}

// ---------------------------------------------------------------- EX-12

/// (silver, workers) gained by placing a boarding house, then by the workers action.
fn boarding_house_then_workers(tiles: &[u8]) -> [(u32, u32); 2] {
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 5]);
    for (&n, space) in tiles.iter().zip([3, 34]) {
        put(&mut g, 0, &[(space, Tile::Knowledge(n))]);
    }
    store(&mut g, 0, &[t("boarding-house")]);
    let have = |g: &Burgundy| (g.players[0].silver, g.players[0].workers);
    let s0 = have(&g);
    act(&mut g, 0, "die 1 3");
    act(&mut g, 0, "place boarding-house 25");
    let s1 = have(&g);
    act(&mut g, 0, "die 2 5");
    act(&mut g, 0, "workers");
    let s2 = have(&g);
    [(s1.0 - s0.0, s1.1 - s0.1), (s2.0 - s1.0, s2.1 - s1.1)]
}

/// EX-12. Seed 000, "MONASTÉRIOS (AMARELO)" (notes lines 664 and 666); seed 002,
/// "MONASTERIO (AMARILLO)" (note line 686); seed 001, "As pEçAs MOstEirO" (lines 830,
/// 834): knowledge 13 and 14 do nothing when a boarding house is placed.
#[test]
fn ex12_knowledge_13_14_not_for_the_boarding_house() {
    assert_eq!(boarding_house_then_workers(&[]), [(0, 4), (0, 2)]);
    assert_eq!(boarding_house_then_workers(&[13]), [(0, 4), (1, 2)]);
    assert_eq!(boarding_house_then_workers(&[14]), [(0, 4), (0, 4)]);
    assert_eq!(boarding_house_then_workers(&[13, 14]), [(0, 4), (1, 4)]);
}

// ---------------------------------------------------------------- EX-13 .. EX-16

/// Daniel's sold goods: 4 red, 3 lilac, 3 pink, 1 orange.
const DANIEL_SOLD: [u8; 6] = [4, 3, 3, 1, 0, 0];

fn end_position(config: Config, duchy: &[(u8, Tile)]) -> Burgundy {
    let mut g = game_at_turn_with(config, no_depots(), vec![], [1, 2]);
    put(&mut g, 0, duchy);
    g
}

/// EX-13. Seed 000, "MONASTÉRIOS (AMARELO)" (line 674); seed 002, "MONASTERIO
/// (AMARILLO)" (line 696); seed 001, "As pEçAs MOstEirO" (lines 842-843): 4 types sold
/// x 2 = 8 VP; unsold goods are ignored by the tile.
#[test]
fn ex13_knowledge_15_four_types_sold() {
    let mut g = end_position(cfg(2), &[(34, Tile::Knowledge(15))]);
    g.players[0].sold = DANIEL_SOLD;
    assert_eq!(final_line(&g, 0, knowledge(15)), Some(8));
    g.players[0].goods = [0, 0, 0, 0, 2, 3];
    assert_eq!(final_line(&g, 0, knowledge(15)), Some(8));
    assert_eq!(final_line(&g, 0, ScoreReason::UnsoldGoods), Some(5));
}

/// EX-14. Seed 000, "MONASTÉRIOS (AMARELO)" (line 678); seed 002, "MONASTERIO
/// (AMARILLO)" (line 700); seed 001, "As pEçAs MOstEirO" (lines 848-850): #17
/// (watchtower) and #22 (bank) with 2 watchtowers and 4 banks = 2x4 + 4x4 = 24.
#[test]
fn ex14_knowledge_17_and_22() {
    assert_eq!(KNOWLEDGE_BUILDINGS[17 - 16], Building::Watchtower);
    assert_eq!(KNOWLEDGE_BUILDINGS[22 - 16], Building::Bank);
    // Four banks in the four cities of duchy 1, two watchtowers.
    let g = end_position(
        cfg(2),
        &[
            (3, Tile::Knowledge(17)),
            (34, Tile::Knowledge(22)),
            (13, t("bank")),
            (11, t("bank")),
            (22, t("bank")),
            (25, t("bank")),
            (8, t("watchtower")),
            (23, t("watchtower")),
        ],
    );
    assert_eq!(final_line(&g, 0, knowledge(17)), Some(8));
    assert_eq!(final_line(&g, 0, knowledge(22)), Some(16));
    let total: i32 = g
        .final_points(0)
        .iter()
        .filter(|(w, _)| matches!(w, ScoreReason::Knowledge { .. }))
        .map(|(_, vp)| vp)
        .sum();
    assert_eq!(total, 24);
}

/// EX-15. Seed 000, "MONASTÉRIOS (AMARELO)" (line 682); seed 002, "MONASTERIO
/// (AMARILLO)" (line 704); seed 001, "As pEçAs MOstEirO" (lines 854-855): 3 sheep
/// tiles, 1 cow, 1 pig = 3 types x 4 = 12.
#[test]
fn ex15_knowledge_24_three_animal_types() {
    let g = end_position(
        cfg(2),
        &[
            (34, Tile::Knowledge(24)),
            (0, t("sheep2")),
            (4, t("sheep3")),
            (5, t("sheep4")),
            (9, t("cow2")),
            (27, t("pig2")),
        ],
    );
    assert_eq!(final_line(&g, 0, knowledge(24)), Some(12));
}

/// EX-16. Seed 000, "MONASTÉRIOS (AMARELO)" (line 686); seed 002, "MONASTERIO
/// (AMARILLO)" (line 708); seed 001, "As pEçAs MOstEirO" (lines 860-861): Daniel's 11
/// goods sold give 11 more VP; with #15 as well, 8 + 11 = 19.
#[test]
fn ex16_knowledge_25_eleven_goods_sold() {
    let mut g = end_position(cfg(2), &[(34, Tile::Knowledge(25))]);
    g.players[0].sold = DANIEL_SOLD;
    assert_eq!(final_line(&g, 0, knowledge(25)), Some(11));
    put(&mut g, 0, &[(35, Tile::Knowledge(15))]);
    let both: i32 = [15, 25]
        .iter()
        .map(|&n| final_line(&g, 0, knowledge(n)).unwrap())
        .sum();
    assert_eq!(both, 19);
}

// ---------------------------------------------------------------- R-xx rule statements

/// Seed 000, "A JOGADA DE CADA JOGADOR" (line 293); seed 002 (line 311); seed 001
/// (lines 313-318): each worker +-1, 1 and 6 are next to each other.
#[test]
fn r12_worker_costs_wrap_around() {
    let g = game_at_turn(2, no_depots(), vec![], [1, 2]);
    assert_eq!(g.worker_cost(0, 1, 6), Some(1));
    assert_eq!(g.worker_cost(0, 6, 1), Some(1));
    assert_eq!(g.worker_cost(0, 2, 6), Some(2));
    assert_eq!(g.worker_cost(0, 3, 6), Some(3));
    assert_eq!(g.worker_cost(0, 4, 4), Some(0));
}

/// Seed 000, "PREPARAÇÃO DO JOGO" (lines 221, 242, 245); seed 002 (lines
/// 234, 259, 261); seed 001 (lines 140-142, 196-203): 1 silver each; workers 1, 2, 3, 4
/// from the start player on; the markers stacked on the first space, the start player
/// on top.
#[test]
fn r05_starting_silver_workers_and_track() {
    let g = game_at_turn(4, no_depots(), vec![], [1, 2]);
    let have: Vec<(u32, u32)> = g.players.iter().map(|p| (p.silver, p.workers)).collect();
    assert_eq!(have, vec![(1, 1), (1, 2), (1, 3), (1, 4)]);
    assert_eq!(g.track[0], vec![3, 2, 1, 0], "bottom first: seat 0 on top");
    assert_eq!(g.round_order, vec![0, 1, 2, 3]);
}

/// Sells a stack of `count` goods of type 2 in a game of `players`: (silver, VP) gained.
fn sale(players: u8, count: u8) -> (u32, i32) {
    let mut g = game_at_turn(players, no_depots(), vec![], [2, 1]);
    g.players[0].goods[1] = count;
    act(&mut g, 0, "die 1 2");
    let silver = g.players[0].silver;
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(g.players[0].goods[1], 0, "the whole stack is sold");
    (g.players[0].silver - silver, vp_in(&ev, 0))
}

/// Seed 000, "AÇÃO “VENDER MERCADORIAS”" (lines 565-570, 611-614); seed 002 (lines
/// 591-596); seed 001 (lines 647-658): 1 silver per sale, 2/3/4 VP per good.
#[test]
fn r22_sale_vp_per_player_count() {
    assert_eq!(sale(3, 4), (1, 12));
    assert_eq!(sale(2, 1), (1, 2));
    assert_eq!(sale(4, 3), (1, 12));
}

/// Completes the size-1 city {11} with a bank in phase `phase` (0-4): VP scored.
fn single_city_in_phase(phase: u8) -> i32 {
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 1]);
    g.phase = phase;
    store(&mut g, 0, &[t("bank")]);
    act(&mut g, 0, "die 1 3");
    vp_in(&act(&mut g, 0, "place bank 11"), 0)
}

/// Seed 000, "PONTUANDO PEÇAS HEXAGONAIS:" (lines 502-504); seed 002 (lines
/// 526-528); seed 001 (lines 621-630); bonus 10/8/6/4/2 from the trading-post text
/// (seed 000 line 746): a size-1 area scores 1 + phase bonus; a size-5 area in phase B
/// scores 15 + 8 = 23.
#[test]
fn r25_area_size_and_phase_bonus() {
    let got: Vec<i32> = (0..5).map(single_city_in_phase).collect();
    assert_eq!(got, vec![11, 9, 7, 5, 3]);
    let mut g = game_at_turn(2, no_depots(), vec![], [3, 1]);
    g.phase = 1;
    put(
        &mut g,
        0,
        &[
            (25, t("market")),
            (26, t("church")),
            (31, t("warehouse")),
            (32, t("bank")),
        ],
    );
    store(&mut g, 0, &[t("watchtower")]);
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place watchtower 36");
    assert_eq!(vp_in(&ev, 0), 4 + 23);
}

/// Seed 000, "FINAL DA PARTIDA" (lines 592-599); seed 002 (lines 618-625); seed 001
/// (lines 751-759): 1 VP per good, per silver, per 2 workers; a knowledge tile still in
/// storage scores nothing.
#[test]
fn r29_final_points() {
    let mut g = end_position(cfg(2), &[]);
    let p = &mut g.players[0];
    p.workers = 5;
    p.silver = 3;
    p.goods = [1, 1, 0, 0, 0, 0];
    p.sold = DANIEL_SOLD;
    store(&mut g, 0, &[Tile::Knowledge(15)]);
    assert_eq!(
        g.final_points(0),
        vec![
            (ScoreReason::UnsoldGoods, 2),
            (ScoreReason::Silver, 3),
            (ScoreReason::Workers, 2),
        ]
    );
    g.players[0].workers = 4;
    assert_eq!(final_line(&g, 0, ScoreReason::Workers), Some(2));
}

/// played out: the last round of phase E ends the game; mines pay their
/// silver first, then the final scoring.
#[test]
fn r29_game_over_after_phase_e() {
    let mut g = end_position(cfg(2), &[(24, Tile::Mine), (34, Tile::Knowledge(25))]);
    g.phase = 4;
    g.round = 4;
    let p = &mut g.players[0];
    p.silver = 3;
    p.goods = [1, 1, 0, 0, 0, 0];
    p.sold = [2, 0, 0, 0, 0, 0];
    let ev = finish_round(&mut g);
    assert_eq!(g.stage, Stage::Over);
    // Seat 0: 2 goods + (3 + 1 mine) silver + (1 + 4) workers / 2 + 2 sold (#25).
    // Seat 1: 3 goods + 1 silver + (2 + 4) workers / 2.
    assert_eq!(g.scores(), vec![2 + 4 + 2 + 2, 3 + 1 + 3]);
    assert!(ev.contains(&Event::GameOver {
        scores: vec![10, 7],
        ranking: vec![0, 1]
    }));
}

/// Three seats on 40 VP; seat 1 has one tile more in its duchy (one empty space fewer).
fn tied_ranking(tiebreak: EmptySpacesTiebreak) -> Vec<Seat> {
    let mut config = cfg(3);
    config.rules.tiebreak = tiebreak;
    let mut g = game_at_turn_with(config, no_depots(), vec![], [1, 2]);
    for p in &mut g.players {
        p.vp = 40;
    }
    put(&mut g, 1, &[(24, Tile::Mine)]);
    g.ranking()
}

/// R-30 / digest A1. Seed 000, "FINAL DA PARTIDA" (line 601) and seed 001 (lines 761-763):
/// **more** empty spaces wins; seed 002 (line 627): **fewer**. Seats 0 and 2 tie on
/// empty spaces too; tie-break 2 (all seeds): the one further back on the track wins,
/// here seat 2, at the bottom of the starting stack.
#[test]
fn r30_tiebreak_more_or_fewer_empty_spaces() {
    assert_eq!(tied_ranking(EmptySpacesTiebreak::More), vec![2, 0, 1]);
    assert_eq!(tied_ranking(EmptySpacesTiebreak::Fewer), vec![1, 2, 0]);
}

/// R-30, tie-break 2 by track space: further back wins; more VP always comes first.
#[test]
fn r30_tiebreak_further_back_on_the_track() {
    let mut g = game_at_turn(3, no_depots(), vec![], [1, 2]);
    g.track = Default::default();
    g.track[0] = vec![2];
    g.track[1] = vec![1];
    g.track[2] = vec![0];
    assert_eq!(g.ranking(), vec![2, 1, 0]);
    g.players[0].vp = 1;
    assert_eq!(g.ranking(), vec![0, 2, 1]);
}

/// Three seats play a round, seat 1 moving ahead with a ship; returns the seats in the
/// order they played, and the next round's order.
fn turns_after_a_ship() -> (Vec<Seat>, Vec<Seat>) {
    let config = cfg(3);
    let mut g = game_at_turn_with(config, no_depots(), vec![], [1, 2]);
    g.depot_goods = [[0; 6]; 6];
    let mut played = vec![turn(&g).seat];
    finish_turn(&mut g);
    let s = turn(&g).seat;
    played.push(s);
    put(&mut g, s, &[(17, Tile::Ship)]);
    store(&mut g, s, &[Tile::Ship]);
    act(&mut g, s, "die 1 1");
    act(&mut g, s, "place ship 16");
    finish_turn(&mut g);
    played.push(turn(&g).seat);
    finish_turn(&mut g);
    assert_eq!(g.stage, Stage::RoundStart);
    roll_ones(&mut g, 1);
    (played, g.round_order.clone())
}

/// R-16 / R-11 / digest A3. Seed 000, "Navios (azul)" (lines 354-362) and "AS CINCO RODADAS"
/// (line 283); seed 001 (lines 430-431): the leader is start player "da ronda
/// seguinte". Both options give the same order: only the seat whose turn it is moves
/// its marker, so the order of the seats still to play never changes mid-round.
#[test]
fn r16_turn_order_options_after_a_ship() {
    let (played, next) = turns_after_a_ship();
    assert_eq!(played, vec![0, 1, 2]);
    assert_eq!(next, vec![1, 0, 2]);
}
