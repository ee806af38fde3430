//! The four extra hexes (2nd expansion, module `extra-hexes`): knowledge tiles 27 and
//! 28, the crane and the geese. Seed 000 lines 706-740, seed 002, seed 001 lines
//! 870-906.

mod common;

use common::{act, game_at_turn_with, legal, no_depots, put, refused, store, vp_in};
use tabuleiro_burgundy::config::GeeseKnowledge7;
use tabuleiro_burgundy::error::{Awaiting, Reason};
use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::state::Pending;
use tabuleiro_burgundy::{Animal, Building, Burgundy, Config, Edition, Event, Tile};
use tabuleiro_core::Game;

fn config() -> Config {
    Config {
        players: 2,
        duchies: vec![1, 1],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::ExtraHexes]),
        ..Config::default()
    }
}

fn game(config: Config, dice: [u8; 2]) -> Burgundy {
    game_at_turn_with(config, no_depots(), Vec::new(), dice)
}

const fn farm(animal: Animal, count: u8) -> Tile {
    Tile::Livestock { animal, count }
}
const GEESE: Tile = farm(Animal::Goose, 2);

/// Duchy 1's pasture is spaces 0, 4, 5, 9, 10 (P6 P2 P1 P5 P4); castles on 1, 2 and 6
/// put placed tiles beside it.
fn pasture_game(config: Config, dice: [u8; 2]) -> Burgundy {
    let mut g = game(config, dice);
    put(
        &mut g,
        0,
        &[(1, Tile::Castle), (6, Tile::Castle), (2, Tile::Castle)],
    );
    g
}

/// Seed 000 line 730: "Isabela posiciona os gansos em um pasto que já tinha uma peça
/// de 2 vacas e outra de 3 vacas. Ela recebe 2+2+3 = 7 pontos de vitória. Durante um
/// turno posterior, ela posiciona 4 porcos no mesmo pasto, recebendo 4+2 = 6".
#[test]
fn geese_example_7_then_6() {
    let mut g = pasture_game(config(), [5, 4]);
    put(
        &mut g,
        0,
        &[(5, farm(Animal::Cow, 2)), (4, farm(Animal::Cow, 3))],
    );
    store(&mut g, 0, &[GEESE, farm(Animal::Pig, 4)]);
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "place goose2 9");
    assert_eq!(vp_in(&ev, 0), 7);
    act(&mut g, 0, "die 2 4");
    let ev = act(&mut g, 0, "place pig4 10");
    // 4 + 2 for the geese (the pasture is not complete: space 0 is empty).
    assert_eq!(vp_in(&ev, 0), 6);
}

/// Seed 000 line 728: placed, the geese score "2 pontos de vitória mais pontos de
/// vitória por um outro tipo de animal no mesmo pasto": which type is the player's
/// choice. With cows (2 + 3) and pigs (4) in the pasture, the cows give 2 + 5 = 7 and
/// the pigs 2 + 4 = 6. Only the types in the pasture are offered; another is refused
/// and changes nothing; nothing is scored for the geese before the choice.
#[test]
fn the_player_chooses_the_animal_type_the_geese_score_with() {
    for (choice, vp) in [("cow", 7), ("pig", 6)] {
        let mut g = pasture_game(config(), [5, 4]);
        let farms = [
            (5, farm(Animal::Cow, 2)),
            (4, farm(Animal::Cow, 3)),
            (10, farm(Animal::Pig, 4)),
        ];
        put(&mut g, 0, &farms);
        store(&mut g, 0, &[GEESE]);
        act(&mut g, 0, "die 1 5");
        let ev = act(&mut g, 0, "place goose2 9");
        assert_eq!(
            vp_in(&ev, 0),
            0,
            "the geese score once their type is chosen"
        );
        assert_eq!(common::pending(&g), Some(Pending::Geese { space: 9 }));
        assert_eq!(legal(&g, 0), ["geese cow", "geese pig"]);
        let before = g.clone();
        let awaiting = Awaiting::Geese;
        assert_eq!(
            refused(&mut g, 0, "geese sheep"),
            Reason::NotNow { awaiting }
        );
        assert_eq!(refused(&mut g, 0, "die 2 4"), Reason::NotNow { awaiting });
        assert_eq!(g, before);
        let ev = act(&mut g, 0, &format!("geese {choice}"));
        assert_eq!(vp_in(&ev, 0), vp, "{choice}");
        assert_eq!(common::pending(&g), None, "the second die is next");
    }
}

/// With one other animal type in the pasture there is nothing to choose: the geese
/// score at once with it (as in seed 000 line 730's example), 2 + 2 cows.
#[test]
fn geese_with_one_other_type_score_at_once() {
    let mut g = pasture_game(config(), [5, 4]);
    put(&mut g, 0, &[(4, farm(Animal::Cow, 2))]);
    store(&mut g, 0, &[GEESE]);
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "place goose2 9");
    assert_eq!(vp_in(&ev, 0), 4);
    assert_eq!(common::pending(&g), None);
}

/// Knowledge tile 7 with the geese (digest A27): `counted` (default) makes the
/// geese tile one more farm that scores; `not-counted` does not; the classic
/// edition never counts them (seed 001 line 902: #24 only).
#[test]
fn geese_and_knowledge_7_each_reading() {
    for (reading, edition, placed, later) in [
        (
            GeeseKnowledge7::Counted,
            Edition::Special,
            7 + 1 + 2,
            6 + 1 + 1,
        ),
        (GeeseKnowledge7::NotCounted, Edition::Special, 7 + 2, 6 + 1),
        (GeeseKnowledge7::Counted, Edition::Classic, 7 + 2, 6 + 1),
    ] {
        let mut c = config();
        c.rules.geese_knowledge7 = reading;
        c.edition = edition;
        let mut g = pasture_game(c, [5, 4]);
        put(
            &mut g,
            0,
            &[
                (5, farm(Animal::Cow, 2)),
                (4, farm(Animal::Cow, 3)),
                (3, Tile::Knowledge(7)),
            ],
        );
        store(&mut g, 0, &[GEESE, farm(Animal::Pig, 4)]);
        act(&mut g, 0, "die 1 5");
        let ev = act(&mut g, 0, "place goose2 9");
        assert_eq!(vp_in(&ev, 0), placed, "{reading:?} {edition:?}");
        act(&mut g, 0, "die 2 4");
        let ev = act(&mut g, 0, "place pig4 10");
        assert_eq!(vp_in(&ev, 0), later, "{reading:?} {edition:?}");
    }
}

/// Seed 000 line 720: the crane triggers any beige building's effect, "mesmo que a
/// construção escolhida não esteja em seu ducado", e.g. the bank's 2 silver.
#[test]
fn the_crane_triggers_a_beige_building() {
    let mut g = game(config(), [3, 3]);
    let crane = Tile::Building(Building::Crane);
    store(&mut g, 0, &[crane]);
    act(&mut g, 0, "die 1 3");
    // Duchy 1's space 25 (B3) is next to the starting castle on 18.
    act(&mut g, 0, "place crane 25");
    assert_eq!(common::pending(&g), Some(Pending::Crane));
    let choices = legal(&g, 0);
    assert!(choices.contains(&"crane bank".to_string()), "{choices:?}");
    assert!(choices.contains(&"pass".to_string()));
    // The market takes water or pasture from a depot: none there, so not offered.
    assert!(
        !choices.contains(&"crane market".to_string()),
        "{choices:?}"
    );
    let silver = g.players[0].silver;
    let ev = act(&mut g, 0, "crane bank");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CraneTriggered {
            building: Building::Bank,
            ..
        }
    )));
    assert_eq!(g.players[0].silver, silver + 2);
    assert!("crane crane".parse::<tabuleiro_burgundy::Action>().is_err());
}

/// Seed 000 line 724: at the final scoring the crane counts as one more building of
/// the player's choice for knowledge tiles 16-23: 4 VP more.
#[test]
fn the_crane_counts_as_a_building_for_knowledge_16_to_23() {
    let mut g = game(config(), [4, 4]);
    let line = |g: &Burgundy| {
        g.final_points(0)
            .iter()
            .find(|(r, _)| matches!(r, tabuleiro_burgundy::ScoreReason::Knowledge { number: 16 }))
            .map(|l| l.1)
    };
    put(&mut g, 0, &[(3, Tile::Knowledge(16))]);
    assert_eq!(line(&g), Some(0));
    put(&mut g, 0, &[(11, Tile::Building(Building::Crane))]);
    assert_eq!(line(&g), Some(4));
    put(&mut g, 0, &[(15, Tile::Building(Building::Warehouse))]);
    assert_eq!(line(&g), Some(8));
}

/// The crane, from the black bag, on seat 0's building space `space`.
fn put_crane(g: &mut Burgundy, space: usize) {
    let crane = Tile::Building(Building::Crane);
    g.players[0].spaces.place(space, crane);
    g.drawn_black.add(crane);
}

/// The knowledge line `number` of seat 0's final scoring (own or shared, shield 6).
fn monastery_line(g: &Burgundy, number: u8) -> Option<i32> {
    use tabuleiro_burgundy::ScoreReason;
    g.final_points(0).iter().find_map(|(why, vp)| match why {
        ScoreReason::Knowledge { number: n } | ScoreReason::SharedKnowledge { number: n }
            if *n == number =>
        {
            Some(*vp)
        }
        _ => None,
    })
}

/// Seed 000 line 724: at the final scoring the crane "conta como uma construção
/// adicional à sua escolha para as peças de monastério correspondentes (16 a 23 e
/// 29)". Seat 0 holds monasteries 16 (warehouses) and 17 (watchtowers), a warehouse,
/// a watchtower and the crane: after phase E's fifth round it chooses, in a turn of
/// its own without dice, which monastery the crane counts for; each choice scores
/// 8 VP there and 4 on the other, and the game ends.
#[test]
fn the_player_chooses_the_monastery_the_crane_counts_for() {
    for (choice, other) in [(16, 17), (17, 16)] {
        let mut g = game(config(), [4, 4]);
        put(
            &mut g,
            0,
            &[
                (3, Tile::Knowledge(16)),
                (7, Tile::Knowledge(17)),
                (8, Tile::Building(Building::Warehouse)),
                (11, Tile::Building(Building::Watchtower)),
            ],
        );
        put_crane(&mut g, 13);
        g.phase = 4;
        g.round = 4;
        common::finish_round(&mut g);
        let turn = common::turn(&g);
        assert!(turn.phase_end && turn.seat == 0 && turn.dice == [None, None]);
        assert_eq!(common::pending(&g), Some(Pending::CraneMonastery));
        assert_eq!(
            legal(&g, 0),
            ["crane monastery 16", "crane monastery 17"].map(String::from)
        );
        assert_eq!(
            refused(&mut g, 0, "crane monastery 18"),
            Reason::NotNow {
                awaiting: Awaiting::CraneMonastery
            }
        );
        // The moment is one a position file may hold.
        let text = serde_json::to_string(&g).unwrap();
        assert_eq!(Burgundy::from_json(&text).unwrap(), g);
        let ev = act(&mut g, 0, &format!("crane monastery {choice}"));
        assert!(ev.contains(&Event::CraneCounted {
            seat: 0,
            knowledge: choice
        }));
        assert_eq!(
            g.stage,
            tabuleiro_burgundy::state::Stage::Over,
            "the final scoring follows"
        );
        assert_eq!(monastery_line(&g, choice), Some(8), "{choice}");
        assert_eq!(monastery_line(&g, other), Some(4), "{choice}");
    }
}

/// With one monastery for the crane to count for, nothing is asked: the game ends
/// after the fifth round and the crane counts there.
#[test]
fn the_crane_with_one_monastery_counts_there_at_once() {
    let mut g = game(config(), [4, 4]);
    put(&mut g, 0, &[(3, Tile::Knowledge(17))]);
    put_crane(&mut g, 13);
    g.phase = 4;
    g.round = 4;
    common::finish_round(&mut g);
    assert_eq!(g.stage, tabuleiro_burgundy::state::Stage::Over);
    assert_eq!(monastery_line(&g, 17), Some(4));
}

/// A position's crane choice is one its holder may make, at the last phase's end.
#[test]
fn a_crane_choice_in_a_position_is_checked() {
    let mut g = game(config(), [4, 4]);
    put(&mut g, 0, &[(3, Tile::Knowledge(16))]);
    put_crane(&mut g, 13);
    g.modules.crane_monastery = Some(16);
    assert!(g.validate().is_ok());
    for bad in [17, 29, 5] {
        g.modules.crane_monastery = Some(bad);
        let text = serde_json::to_string(&g).unwrap();
        let err = Burgundy::from_json(&text).unwrap_err().to_string();
        assert!(err.contains("crane_monastery"), "{bad}: {err}");
    }
    g.modules.crane_monastery = None;
    if let tabuleiro_burgundy::state::Stage::Turn(t) = &mut g.stage {
        t.pending.push(Pending::CraneMonastery);
    }
    assert!(g.validate().is_err(), "not during a round's turn");
}

/// Seed 000 line 712: with knowledge tile 27 the marker always goes on top of a
/// stack, "tanto ativamente quanto passivamente".
#[test]
fn knowledge_27_keeps_the_marker_on_top() {
    let mut g = game(config(), [2, 2]);
    put(&mut g, 1, &[(3, Tile::Knowledge(27))]);
    // Seat 1 alone on space 1; seat 0 ships onto it.
    g.track = Default::default();
    g.track[0] = vec![0];
    g.track[1] = vec![1];
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    // Duchy 1's space 17 (W2) is next to the starting castle on 18.
    act(&mut g, 0, "place ship 17");
    if common::pending(&g) == Some(Pending::ShipGoods) {
        let ship = legal(&g, 0).into_iter().next().unwrap();
        act(&mut g, 0, &ship);
    }
    // Seat 0 came onto seat 1's space: seat 1 (tile 27) stays on top.
    assert_eq!(g.track[1], vec![0, 1]);
    assert_eq!(g.track_order()[0], 1);
}

/// Seed 000 line 716: knowledge tile 28, "a qualquer momento, comprar 2
/// trabalhadores do suprimento pagando 1 peça de prata".
#[test]
fn knowledge_28_buys_2_workers_for_1_silver() {
    let mut g = game(config(), [4, 4]);
    assert_eq!(refused(&mut g, 0, "hire workers"), Reason::HireNeedsSilver);
    put(&mut g, 0, &[(3, Tile::Knowledge(28))]);
    g.players[0].silver = 1;
    let workers = g.players[0].workers;
    assert!(legal(&g, 0).contains(&"hire workers".to_string()));
    act(&mut g, 0, "hire workers");
    assert_eq!(
        (g.players[0].silver, g.players[0].workers),
        (0, workers + 2)
    );
    assert_eq!(refused(&mut g, 0, "hire workers"), Reason::HireNeedsSilver);
}

/// With tile 28 and silver, hiring is refused only while a discard must first make
/// room (no purchase then, seed 000 line 582): the reason names the discard, not the
/// silver.
#[test]
fn knowledge_28_during_a_discard_names_the_discard() {
    let mut g = game(config(), [4, 4]);
    put(&mut g, 0, &[(3, Tile::Knowledge(28))]);
    g.players[0].silver = 1;
    store(&mut g, 0, &[Tile::Mine, Tile::Ship, Tile::Knowledge(1)]);
    let incoming = Tile::Knowledge(2);
    g.drawn.add(incoming);
    if let tabuleiro_burgundy::state::Stage::Turn(t) = &mut g.stage {
        t.pending.push(Pending::Discard { incoming });
    }
    g.validate().unwrap();
    assert_eq!(
        refused(&mut g, 0, "hire workers"),
        Reason::NotNow {
            awaiting: Awaiting::Discard { incoming }
        }
    );
}

/// A crane decision in a position belongs to a game with the extra hexes.
#[test]
fn a_pending_crane_needs_the_module() {
    for (modules, valid) in [
        (ModuleSet::of(&[Module::ExtraHexes]), true),
        (ModuleSet::EMPTY, false),
    ] {
        let mut g = game(
            Config {
                modules,
                ..config()
            },
            [4, 4],
        );
        if let tabuleiro_burgundy::state::Stage::Turn(t) = &mut g.stage {
            t.pending.push(Pending::Crane);
        }
        let text = serde_json::to_string(&g).unwrap();
        let read = Burgundy::from_json(&text);
        assert_eq!(read.is_ok(), valid, "{modules:?}: {read:?}");
    }
}

/// Seed 000 line 708: the four tiles are shuffled into the matching supplies: 27 and
/// 28 with the yellow tiles, the crane and the geese in the black bag; only with
/// the module.
#[test]
fn the_extra_hexes_join_the_supplies_only_with_the_module() {
    let with = Burgundy::new(&config()).unwrap();
    let without = Burgundy::new(&Config {
        modules: ModuleSet::EMPTY,
        ..config()
    })
    .unwrap();
    let k = |t: Tile| t.kind();
    assert_eq!(with.supply(false)[k(Tile::Knowledge(27))], 1);
    assert_eq!(with.supply(false)[k(Tile::Knowledge(28))], 1);
    assert_eq!(with.supply(true)[k(Tile::Building(Building::Crane))], 1);
    assert_eq!(with.supply(true)[k(GEESE)], 1);
    for t in [Tile::Knowledge(27), Tile::Building(Building::Crane), GEESE] {
        assert_eq!(without.supply(false)[k(t)] + without.supply(true)[k(t)], 0);
    }
    // A position holding the crane without the module is refused.
    let mut g = game(
        Config {
            modules: ModuleSet::EMPTY,
            ..config()
        },
        [4, 4],
    );
    put(&mut g, 0, &[(11, Tile::Building(Building::Crane))]);
    assert!(g.validate().is_err());
}
