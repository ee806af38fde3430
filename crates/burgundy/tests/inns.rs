//! The inns (6th expansion, module `inns`): seed 000 lines 758-766 and 785-788, seed
//! 002 lines 782-792 and 812-816, seed 001 lines 942-958 and 979-982; digest 13.6,
//! ambiguities A14. One test per reading of each option.

mod common;

use common::{act, game_at_turn_with, legal, no_depots, put, refused, store};
use tabuleiro_burgundy::config::{InnColourBonus, InnNumber, InnPurchase, RuleOptions};
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::modules::{Module, ModuleRefusal, ModuleSet};
use tabuleiro_burgundy::{Building, Burgundy, Colour, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::{Game, UniformChooser};

const INN: Tile = Tile::INN;

fn config(duchy: u8) -> Config {
    Config {
        players: 2,
        duchies: vec![duchy, duchy],
        modules: ModuleSet::of(&[Module::Inns]),
        ..Config::default()
    }
}

/// Duchy 1 with one of the inns' options set.
fn reading_of(set: impl FnOnce(&mut RuleOptions)) -> Config {
    let mut c = config(1);
    set(&mut c.rules);
    c
}

fn building(b: Building) -> Tile {
    Tile::Building(b)
}

/// The inn placements offered to seat 0.
fn inn_places(g: &Burgundy) -> Vec<String> {
    legal(g, 0)
        .into_iter()
        .filter(|a| a.starts_with("place inn"))
        .collect()
}

fn area_scores(events: &[Event]) -> Vec<(u8, i32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                vp,
                why: ScoreReason::Area { size, .. },
                ..
            } => Some((size, vp)),
            _ => None,
        })
        .collect()
}

/// Seed 000 line 788 (002 line 816, 001 line 979): "Quando você posiciona a
/// estalagem em uma área de 4 espaços, ela aumenta para 5 espaços, valendo 15 PVs em
/// vez de 10 quando completada." Duchy 6's city 16, 17, 23, 24 (four spaces): the
/// inn on 24 (a 4) completes it as an area of 5, 15 VP and phase A's 10.
#[test]
fn worked_example_an_area_of_4_with_an_inn_scores_15() {
    for (last, size, vp) in [(INN, 5, 15 + 10), (building(Building::Church), 4, 10 + 10)] {
        let mut g = game_at_turn_with(config(6), no_depots(), Vec::new(), [4, 4]);
        let duchy = g.duchy(0);
        assert!([16, 17, 23, 24]
            .iter()
            .all(|&s| duchy.area[s] == duchy.area[16]));
        assert_eq!(duchy.area_size[duchy.area[16] as usize], 4);
        put(
            &mut g,
            0,
            &[
                (16, building(Building::Warehouse)),
                (17, building(Building::Bank)),
                (23, building(Building::Market)),
            ],
        );
        store(&mut g, 0, &[last]);
        act(&mut g, 0, "die 1 4");
        let ev = act(&mut g, 0, &format!("place {last} 24"));
        assert_eq!(area_scores(&ev), vec![(size, vp)], "{last}");
    }
}

/// Seed 000 line 766 / 002 line 792: "Uma área de 9 espaços pontua 45 pontos de
/// vitória"; seed 001 line 957: "aumentas a dimensão da área em 1, até um máximo de
/// 8" (digest 14.4 item 19). Duchy 10's city of 8 spaces, closed by an inn on 19 (a 5).
#[test]
fn an_area_of_8_with_an_inn_scores_45_and_36_in_the_classic_edition() {
    for (edition, size, vp) in [
        (Edition::Special, 9, 45 + 10),
        (Edition::Classic, 8, 36 + 10),
    ] {
        let mut c = config(10);
        c.edition = edition;
        c.castle_on_centre = false;
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [5, 5]);
        let duchy = g.duchy(0);
        let city = [1, 6, 12, 15, 16, 17, 18, 19];
        assert_eq!(duchy.area_size[duchy.area[19] as usize], 8);
        assert!(city.iter().all(|&s| duchy.area[s] == duchy.area[19]));
        let seven: Vec<(u8, Tile)> = city[..7]
            .iter()
            .zip(Building::BEIGE)
            .map(|(&s, &b)| (s as u8, building(b)))
            .collect();
        put(&mut g, 0, &seven);
        store(&mut g, 0, &[INN]);
        act(&mut g, 0, "die 1 5");
        let ev = act(&mut g, 0, "place inn 19");
        assert_eq!(area_scores(&ev), vec![(size, vp)], "{edition:?}");
    }
}

/// Seed 000 line 764: "Uma estalagem pode ser posicionada em qualquer espaço vazio de
/// seu ducado (seguindo as regras normais)": any colour, the die's number, next to a
/// placed tile. Duchy 1's castle on 18: a 5 reaches water space 19, a 1 knowledge
/// space 12, a 4 mine space 24.
#[test]
fn an_inn_goes_on_a_space_of_any_colour() {
    for (value, space, colour) in [
        (5, 19, Colour::Water),
        (1, 12, Colour::Knowledge),
        (4, 24, Colour::Mine),
    ] {
        let mut g = game_at_turn_with(config(1), no_depots(), Vec::new(), [value, value]);
        assert_eq!(g.duchy(0).colours[space as usize], colour);
        store(&mut g, 0, &[INN]);
        act(&mut g, 0, &format!("die 1 {value}"));
        let places = inn_places(&g);
        assert_eq!(places, vec![format!("place inn {space}")], "die {value}");
        act(&mut g, 0, &format!("place inn {space}"));
        assert_eq!(g.players[0].spaces[space as usize], Some(INN));
        // No placement effect.
        assert_eq!(common::pending(&g), None);
    }
}

/// "Contudo, você só pode colocar uma estalagem por área colorida!" (seed 000 line
/// 764), even with knowledge tile 1 (which lifts the one-building-per-city rule for
/// buildings only). Duchy 1's city 25, 26, 31, 32, 36.
#[test]
fn one_inn_per_area_even_with_knowledge_tile_1() {
    for knowledge1 in [false, true] {
        let mut g = game_at_turn_with(config(1), no_depots(), Vec::new(), [1, 1]);
        put(&mut g, 0, &[(25, INN)]);
        if knowledge1 {
            put(&mut g, 0, &[(12, Tile::Knowledge(1))]);
        }
        store(&mut g, 0, &[INN]);
        act(&mut g, 0, "die 1 1");
        assert_eq!(
            refused(&mut g, 0, "place inn 26"),
            Reason::SecondInnInArea { space: 26 }
        );
        assert!(!legal(&g, 0).contains(&"place inn 26".to_string()));
    }
}

/// Seed 000 line 760: one inn onto the inn space at each phase start, stacked, never
/// cleared; five in all. Seen through a whole random game.
#[test]
fn an_inn_comes_out_at_each_phase_start_and_stays() {
    for seed in 0..4 {
        let mut arrived = Vec::new();
        let mut before = 0;
        tabuleiro_core::play::<Burgundy>(
            &config(1),
            seed,
            &mut UniformChooser,
            false,
            |g, events| {
                for e in events {
                    match *e {
                        Event::InnArrived { inns } => {
                            assert_eq!(inns, before + 1, "stacked on those left");
                            assert_eq!(g.modules.inns, inns);
                            arrived.push(g.phase);
                        }
                        Event::PhaseEnded { .. } => {
                            // Not cleared with the depots at the phase's end.
                            assert_eq!(g.modules.inns, before);
                        }
                        _ => {}
                    }
                }
                before = g.modules.inns;
                g.validate().unwrap();
            },
        )
        .unwrap();
        assert_eq!(arrived, vec![0, 1, 2, 3, 4], "seed {seed}");
    }
}

/// Seed 000 line 762: bought like a black-depot tile, 2 silver, into a key space.
/// `rules.inn_purchase` (digest A14): the turn's one purchase (default), or besides it.
#[test]
fn buying_an_inn_each_reading() {
    for (reading, then_mine) in [
        (InnPurchase::TurnPurchase, false),
        (InnPurchase::Besides, true),
    ] {
        let c = reading_of(|r| r.inn_purchase = reading);
        let mut g = game_at_turn_with(c, no_depots(), vec![Tile::Mine], [1, 1]);
        g.players[0].silver = 4;
        assert!(legal(&g, 0).contains(&"buy black inn".to_string()));
        let ev = act(&mut g, 0, "buy black inn");
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::Bought {
                tile: INN,
                silver: 2,
                depot: 0,
                ..
            }
        )));
        assert_eq!((g.players[0].silver, g.modules.inns), (2, 0));
        assert_eq!(g.players[0].storage, vec![INN]);
        // The stack is empty now: no second inn.
        assert!(!legal(&g, 0).contains(&"buy black inn".to_string()));
        match then_mine {
            true => {
                act(&mut g, 0, "buy black mine");
            }
            false => assert_eq!(refused(&mut g, 0, "buy black mine"), Reason::AlreadyBought),
        }
    }
}

/// An inn is not in a bag: no depot or black depot is ever dealt one.
#[test]
fn inns_are_never_drawn() {
    let g = Burgundy::new(&config(1)).unwrap();
    assert_eq!(g.supply(false)[INN.kind()], 0);
    assert_eq!(g.supply(true)[INN.kind()], 0);
}

/// `rules.inn_number` (digest A14): the die's number (default, "seguindo as regras
/// normais") or any number ("Posicione em qualquer área", the tile's text). A 3 next
/// to duchy 1's castle on 18: spaces 11 and 25, or all six neighbours.
#[test]
fn the_inn_and_the_die_number_each_reading() {
    for (reading, spaces) in [
        (InnNumber::Die, vec![11, 25]),
        (InnNumber::Any, vec![11, 12, 17, 19, 24, 25]),
    ] {
        let c = reading_of(|r| r.inn_number = reading);
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [3, 3]);
        store(&mut g, 0, &[INN]);
        act(&mut g, 0, "die 1 3");
        let places = inn_places(&g);
        let expected: Vec<String> = spaces.iter().map(|s| format!("place inn {s}")).collect();
        assert_eq!(places, expected, "{reading:?}");
    }
}

/// `rules.inn_colour_bonus` (digest A14): an inn on the last mine space of duchy 1
/// (24, 29, 33) completes the colour (default) or not. The area itself (3 mines, one
/// an inn: size 4) scores either way.
#[test]
fn an_inn_and_the_colour_bonus_each_reading() {
    for (reading, bonus) in [
        (InnColourBonus::Counted, true),
        (InnColourBonus::NotCounted, false),
    ] {
        let c = reading_of(|r| r.inn_colour_bonus = reading);
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [3, 3]);
        put(&mut g, 0, &[(24, Tile::Mine), (29, Tile::Mine)]);
        store(&mut g, 0, &[INN]);
        act(&mut g, 0, "die 1 3");
        let ev = act(&mut g, 0, "place inn 33");
        assert_eq!(area_scores(&ev), vec![(4, 10 + 10)]);
        let got = ev.iter().any(|e| {
            matches!(
                e,
                Event::Scored {
                    why: ScoreReason::ColourBonus {
                        colour: Colour::Mine,
                        ..
                    },
                    ..
                }
            )
        });
        assert_eq!(got, bonus, "{reading:?}");
        assert_eq!(g.players[0].bonus_tiles.len(), bonus as usize);
    }
}

/// Seed 002 line 1272 / 000 line 1224: "No las uses en partidas con el Châteautoma";
/// the inns' options need the module.
#[test]
fn inns_with_the_auto_duke_and_options_without_the_module_are_refused() {
    let mut c = config(1);
    c.modules = ModuleSet::of(&[Module::Inns, Module::AutoDuke]);
    assert_eq!(
        Burgundy::new(&c).unwrap_err(),
        Error::Module(ModuleRefusal::Excludes {
            module: Module::Inns,
            other: Module::AutoDuke
        })
    );
    let mut c = config(1);
    c.modules = ModuleSet::EMPTY;
    c.rules.inn_number = InnNumber::Any;
    assert_eq!(
        Burgundy::new(&c).unwrap_err(),
        Error::Module(ModuleRefusal::OptionNeedsModule {
            option: "inn_number",
            module: Module::Inns
        })
    );
}

/// A position's inns (`modules.inns`, inns held and placed): one per phase begun,
/// only with the module, one per area.
#[test]
fn positions_with_inns_are_checked() {
    let g = game_at_turn_with(config(1), no_depots(), Vec::new(), [3, 3]);
    let round_trip = |g: &Burgundy| Burgundy::from_json(&serde_json::to_string(g).unwrap());
    assert!(serde_json::to_string(&g).unwrap().contains("\"inns\":1"));
    assert_eq!(round_trip(&g).unwrap(), g);
    let mut too_many = g.clone();
    too_many.modules.inns = 2;
    assert!(round_trip(&too_many).is_err());
    let mut placed = g.clone();
    placed.modules.inns = 0;
    placed.players[0].spaces.place(25, INN);
    assert!(round_trip(&placed).is_ok());
    let mut without = placed.clone();
    without.config.modules = ModuleSet::EMPTY;
    assert!(round_trip(&without).is_err());
    let mut two = placed.clone();
    two.phase = 1;
    two.players[0].spaces.place(26, INN);
    assert!(round_trip(&two).is_err(), "two inns in one area");
}
