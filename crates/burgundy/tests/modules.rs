//! The modules framework (issue 15): `options.modules` as a typed set, the
//! combinations the rulebooks forbid refused with their reason, the module state in
//! the position; duchies 11-22 and the two optional rules of duchies 11-18, one test
//! per reading.

mod common;

use common::{act, legal, put, refusal_of, refused, store};
use tabuleiro_burgundy::action::{Outcome, RolledDice};
use tabuleiro_burgundy::config::{CastleRecovery, Connectivity};
use tabuleiro_burgundy::content::Content;
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::modules::{Module, ModuleRefusal, ModuleSet};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Burgundy, Config, Edition, Tile};
use tabuleiro_core::{Game, Rng};

fn with(modules: &[Module]) -> Config {
    Config {
        modules: ModuleSet::of(modules),
        ..Config::players(2)
    }
}

#[test]
fn a_config_names_its_modules_and_omits_them_when_none() {
    let base = serde_json::to_string(&Config::players(2)).unwrap();
    assert!(!base.contains("modules"), "{base}");
    assert!(!base.contains("connectivity"), "{base}");
    let text = r#"{"players": 3, "modules": ["duchies-19-22", "duchies-11-18"]}"#;
    let c: Config = serde_json::from_str(text).unwrap();
    assert_eq!(
        c.modules,
        ModuleSet::of(&[Module::Duchies11To18, Module::Duchies19To22])
    );
    let e = serde_json::from_str::<Config>(r#"{"modules": ["saints"]}"#).unwrap_err();
    assert!(
        e.to_string().contains("there is no module \"saints\""),
        "{e}"
    );
    assert!(Burgundy::new(&c).is_ok());
}

/// Seed 002 line 1272: inns are not played with the Châteautoma; lines 1291-1292:
/// nor the team and solo boards. A forbidden pair is told before a module not played
/// yet: that reason stays true once both are played. Every module is played now (the
/// vineyards last), so `not_yet_played` is no longer reached; the vineyards are the
/// Special Edition's (seed 000 line 916), not seed 001's.
#[test]
fn modules_not_played_yet_and_forbidden_pairs_are_refused_with_the_reason() {
    assert!(Module::ALL.iter().all(|m| m.available()));
    assert!(Burgundy::new(&with(&[Module::Vineyards])).is_ok());
    let mut classic = with(&[Module::Vineyards]);
    classic.edition = tabuleiro_burgundy::Edition::Classic;
    assert_eq!(
        refusal_of(&classic),
        ModuleRefusal::NotInEdition {
            module: Module::Vineyards,
            edition: tabuleiro_burgundy::Edition::Classic
        }
    );
    let e = Burgundy::new(&with(&[Module::Inns, Module::AutoDuke])).unwrap_err();
    assert_eq!(
        e,
        Error::Module(ModuleRefusal::Excludes {
            module: Module::Inns,
            other: Module::AutoDuke
        })
    );
    use tabuleiro_core::Explain;
    assert!(e.message().key.starts_with("refusal.module."), "{e}");
}

/// Seed 001 lines 67-83: the classic box has its own expansion duchies, not 11-22.
#[test]
fn the_classic_edition_has_no_duchies_11_to_22() {
    let mut c = with(&[Module::Duchies11To18]);
    c.edition = Edition::Classic;
    c.duchies = vec![1, 1];
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::NotInEdition {
            module: Module::Duchies11To18,
            edition: Edition::Classic
        }
    );
}

#[test]
fn an_expansion_duchy_needs_its_module() {
    let c = Config {
        duchies: vec![1, 13],
        ..Config::players(2)
    };
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::DuchyNeedsModule {
            duchy: 13,
            module: Module::Duchies11To18
        }
    );
    let c = Config {
        duchies: vec![21, 13],
        ..with(&[Module::Duchies11To18, Module::Duchies19To22])
    };
    assert!(Burgundy::new(&c).is_ok());
}

/// Seed 000 line 704: "essas regras opcionais não podem ser usadas com ducados que
/// não sejam numerados entre 11 e 18".
#[test]
fn the_optional_rules_are_played_only_on_duchies_11_to_18() {
    let mut c = with(&[Module::Duchies11To18]);
    c.rules.connectivity = Connectivity::SameColourToCastle;
    c.rules.castle_recovery = CastleRecovery::FromBoard;
    assert!(Burgundy::new(&c).is_ok(), "random boards from 11-18 only");
    c.modules = c.modules.with(Module::Duchies19To22);
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OnlyOnFirstExpansionDuchies {
            option: "connectivity"
        }
    );
    let mut c = with(&[Module::Duchies11To18]);
    c.rules.castle_recovery = CastleRecovery::AnyDiscarded;
    c.duchies = vec![12, 1];
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OnlyOnFirstExpansionDuchies {
            option: "castle_recovery"
        }
    );
    c.duchies = vec![12, 18];
    assert!(Burgundy::new(&c).is_ok());
    // Without the module at all.
    let mut c = Config::players(2);
    c.rules.connectivity = Connectivity::SameColourToCastle;
    assert!(matches!(
        refusal_of(&c),
        ModuleRefusal::OnlyOnFirstExpansionDuchies { .. }
    ));
}

/// Seed 000 line 89 "4 tabuleiros em 4 cópias, #11-18"; lines 90 and 92: boards
/// 19/20 and 21/22, four copies each. Random boards come from the modules' boxes.
#[test]
fn random_boards_come_from_the_duchy_modules_boxes() {
    let content = Content::embedded();
    for n in 11..=22 {
        let d = content.duchy(n).unwrap();
        assert!(!d.verified, "duchy {n} is one source (medium)");
        assert_eq!(d.confidence, "medium");
    }
    let boards = |modules: &[Module]| content.random_boards(&with(modules));
    let sides: Vec<[u8; 2]> = boards(&[Module::Duchies11To18])
        .iter()
        .map(|b| b.sides)
        .collect();
    assert_eq!(sides, vec![[11, 12], [13, 14], [15, 16], [17, 18]]);
    assert!(boards(&[Module::Duchies11To18])
        .iter()
        .all(|b| b.copies == 4));
    assert_eq!(
        boards(&[Module::Duchies11To18, Module::Duchies19To22]).len(),
        6
    );
    let mut rng = Rng::seed(3);
    let config = Config {
        modules: ModuleSet::of(&[Module::Duchies19To22]),
        ..Config::players(4)
    };
    let g = Burgundy::new(&config).unwrap();
    for _ in 0..50 {
        match g.sample_chance(&mut rng) {
            Outcome::Setup { boards, .. } => {
                assert_eq!(boards.len(), 4);
                assert!(boards.iter().all(|b| *b == [19, 20] || *b == [21, 22]));
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A game of two seats on duchy 11 with their starting castles on space 6, at
/// seat 0's turn with dice 1 and 2.
fn duchy_11(connectivity: Connectivity, recovery: CastleRecovery) -> Burgundy {
    let mut config = Config {
        duchies: vec![11, 11],
        ..with(&[Module::Duchies11To18])
    };
    config.rules.connectivity = connectivity;
    config.rules.castle_recovery = recovery;
    let mut g = Burgundy::new(&config).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            duchies: vec![11, 11],
            boards: vec![],
            start_player: 0,
            goods: vec![vec![1, 2, 3]; 2],
        },
        &mut ev,
    )
    .unwrap();
    for s in 0..2 {
        g.apply(s, &"castle 6".parse().unwrap(), &mut ev).unwrap();
    }
    g.stage = Stage::RoundStart;
    g.round_goods = vec![4, 5, 6, 4, 5];
    g.apply_chance(
        &Outcome::Roll {
            dice: RolledDice::of(&[[1, 2], [1, 1]]).unwrap(),
            white: 6,
        },
        &mut ev,
    )
    .unwrap();
    g
}

const B: Tile = Tile::Building(tabuleiro_burgundy::Building::Bank);
const COW: Tile = Tile::Livestock {
    animal: tabuleiro_burgundy::Animal::Cow,
    count: 2,
};

/// Seat 0 on duchy 11 with a pasture on space 7, a bank in storage, die 1 used as a 3.
fn bank_to_place(extra: &[(u8, Tile)]) -> Burgundy {
    let mut g = duchy_11(Connectivity::SameColourToCastle, CastleRecovery::Off);
    put(&mut g, 0, &[(7, COW)]);
    put(&mut g, 0, extra);
    store(&mut g, 0, &[B]);
    common::set_dice(&mut g, [3, 3]);
    act(&mut g, 0, "die 1 3");
    g
}

/// Duchy 11 (data): row 0 is B6 B5 B4 B3 (spaces 0-3), space 6 a castle, space 7
/// a pasture. Space 3 touches 2, 7 and 8; space 2 touches the castle on 6.
#[test]
fn connectivity_same_colour_to_castle_reading() {
    let mut g = duchy_11(Connectivity::SameColourToCastle, CastleRecovery::Off);
    put(&mut g, 0, &[(7, COW)]);
    // Next to the pasture on 7 (a placed tile), but no building joins it to a castle:
    // "cores diferentes conectando a um castelo não são permitidas".
    assert_eq!(
        g.placement_problem(0, B, 3, None),
        Some(tabuleiro_burgundy::Misplaced::NotConnectedToCastle)
    );
    // Next to the castle itself.
    assert_eq!(g.placement_problem(0, B, 2, None), None);
    put(&mut g, 0, &[(2, B)]);
    // Now joined through the building on 2.
    let market = Tile::Building(tabuleiro_burgundy::Building::Market);
    assert_eq!(g.placement_problem(0, market, 3, None), None);
    // Castles are exempt ("Esta regra não se aplica a novos castelos"): space 21
    // (C1) touches the pasture on 14 only.
    put(&mut g, 0, &[(14, COW)]);
    assert_eq!(g.placement_problem(0, Tile::Castle, 21, None), None);
}

/// `rules.white_castle` with the connectivity rule (seed 000 line 700, "Esta regra
/// não se aplica a novos castelos"): read as a castle, a new white castle is exempt
/// and a placed one anchors other tiles; read as a building, it is a beige tile like
/// any other. Duchy 11: space 3 (B3) touches 2, 7 and 8; 8 (P4) touches 3, 7, 13, 14.
#[test]
fn connectivity_and_white_castles_each_reading() {
    use tabuleiro_burgundy::config::WhiteCastleIs;
    use tabuleiro_burgundy::Misplaced::NotConnectedToCastle;
    let white = Tile::Building(tabuleiro_burgundy::Building::WhiteCastle);
    for (reading, problem) in [
        (WhiteCastleIs::Building, Some(NotConnectedToCastle)),
        (WhiteCastleIs::Castle, None),
    ] {
        let with_white = |tiles: &[(u8, Tile)]| {
            let mut g = duchy_11(Connectivity::SameColourToCastle, CastleRecovery::Off);
            g.config.modules = ModuleSet::of(&[Module::Duchies11To18, Module::WhiteCastles]);
            g.config.rules.white_castle = reading;
            put(&mut g, 0, tiles);
            g
        };
        // A new white castle next to the pasture on 7 only.
        let g = with_white(&[(7, COW)]);
        assert_eq!(
            g.placement_problem(0, white, 3, None),
            problem,
            "{reading:?}"
        );
        // A pasture next to a placed white castle only.
        let g = with_white(&[(3, white)]);
        assert_eq!(g.placement_problem(0, COW, 8, None), problem, "{reading:?}");
    }
}

/// The decisions listed and the refusal agree with the rule.
#[test]
fn connectivity_is_enforced_on_the_listed_decisions() {
    let mut g = bank_to_place(&[]);
    assert!(!legal(&g, 0).contains(&"place bank 3".to_string()));
    assert_eq!(
        refused(&mut g, 0, "place bank 3"),
        Reason::NotConnectedToCastle { space: 3 }
    );
    // The same position with a building on 2 (joined to the castle on 6).
    let market = Tile::Building(tabuleiro_burgundy::Building::Market);
    let mut g = bank_to_place(&[(2, market)]);
    assert!(legal(&g, 0).contains(&"place bank 3".to_string()));
    act(&mut g, 0, "place bank 3");
}

#[test]
fn connectivity_base_reading_allows_any_adjacent_space() {
    let mut g = duchy_11(Connectivity::Adjacent, CastleRecovery::Off);
    put(&mut g, 0, &[(7, COW)]);
    assert_eq!(g.placement_problem(0, B, 3, None), None);
}

/// Ends phase A of `g` by hand: the castles left on the board are boxed.
fn clear_board_with_castles(g: &mut Burgundy, castles: usize) {
    for d in 0..castles {
        g.depots[d].push(Tile::Castle);
        g.drawn.add(Tile::Castle);
    }
}

/// Plays seat 0's and seat 1's turns as workers until the phase ends.
fn finish_phase(g: &mut Burgundy) {
    let mut rng = Rng::seed(1);
    let mut ev = Vec::new();
    while g.phase == 0 {
        match g.to_act() {
            tabuleiro_core::ToAct::Chance => {
                let o = g.sample_chance(&mut rng);
                g.apply_chance(&o, &mut ev).unwrap();
            }
            tabuleiro_core::ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                let l = legal(g, seat);
                let pick = ["workers", "die 1 1", "pass"]
                    .iter()
                    .find(|a| l.contains(&a.to_string()))
                    .copied()
                    .or_else(|| l.iter().find(|a| a.starts_with("die ")).map(|s| s.as_str()))
                    .unwrap_or_else(|| panic!("{l:?}"))
                    .to_string();
                act(g, seat, &pick);
            }
            tabuleiro_core::ToAct::Over => unreachable!(),
        }
    }
}

/// Seed 000 line 702, the castles "not bought from the central board in earlier
/// phases" (reading `from-board`): two castles left on the board at phase A's end
/// may come back, for both die actions and 5 VP, into storage.
#[test]
fn castle_recovery_from_board_reading() {
    let mut g = duchy_11(Connectivity::Adjacent, CastleRecovery::FromBoard);
    assert_eq!(
        refused(&mut g, 0, "recover castle"),
        Reason::NoDiscardedCastle
    );
    clear_board_with_castles(&mut g, 2);
    finish_phase(&mut g);
    assert_eq!(g.modules.discarded_castles, 2);
    let text = serde_json::to_string(&g).unwrap();
    assert!(
        text.contains(r#""modules":{"discarded_castles":2}"#),
        "{text}"
    );
    // Phase B's first turn: whoever is on turn, with both dice unused.
    let mut rng = Rng::seed(2);
    while g.turn().is_none() {
        let o = g.sample_chance(&mut rng);
        g.apply_chance(&o, &mut Vec::new()).unwrap();
    }
    let seat = g.turn().unwrap().seat;
    g.players[seat as usize].vp = 4;
    assert_eq!(
        refused(&mut g, seat, "recover castle"),
        Reason::RecoveryCostsVp { need: 5, have: 4 }
    );
    g.players[seat as usize].vp = 7;
    // No purchase left to keep the turn open once both dice are spent.
    g.players[seat as usize].silver = 0;
    let held = g.players[seat as usize].storage.len();
    assert!(legal(&g, seat).contains(&"recover castle".to_string()));
    let ev = act(&mut g, seat, "recover castle");
    assert!(ev
        .iter()
        .any(|e| matches!(e, tabuleiro_burgundy::Event::CastleRecovered { vp: 5, .. })));
    let p = &g.players[seat as usize];
    assert_eq!((p.vp, p.storage.len()), (2, held + 1));
    assert_eq!(p.storage.last(), Some(&Tile::Castle));
    assert_eq!(g.modules.discarded_castles, 1);
    g.validate().unwrap();
    // Both die actions are spent: the turn ends and the next seat acts.
    assert!(
        ev.contains(&tabuleiro_burgundy::Event::TurnEnded { seat }),
        "{ev:?}"
    );
    assert!(g.played[seat as usize]);
    assert_ne!(g.turn().map(|t| t.seat), Some(seat));
}

/// A seat's duchy in a position is one its config gives it: without modules, duchy
/// 15 (duchies 11-18) is not among the boards drawn; with the duchies-11-18 options
/// every seat plays duchy 11-18 (seed 000 line 704), here the config's fixed 11.
#[test]
fn a_position_duchy_must_fit_the_config() {
    let mut g = common::game_at_turn_with(
        Config {
            castle_on_centre: true,
            ..Config::players(2)
        },
        common::no_depots(),
        Vec::new(),
        [1, 1],
    );
    g.validate().unwrap();
    g.players[1].duchy = 15;
    let text = serde_json::to_string(&g).unwrap();
    match Burgundy::from_json(&text) {
        Err(Error::Position(m)) => assert!(m.contains("duchy 15 is not one"), "{m}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let mut g = duchy_11(Connectivity::SameColourToCastle, CastleRecovery::Off);
    g.validate().unwrap();
    g.players[1].duchy = 3;
    match g.validate() {
        Err(Error::Position(m)) => assert!(m.contains("duchy 3 is not one"), "{m}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Castles discarded for recovery belong to a game that plays castle recovery.
#[test]
fn discarded_castles_need_castle_recovery() {
    let mut g = duchy_11(Connectivity::Adjacent, CastleRecovery::Off);
    g.modules.discarded_castles = 1;
    match g.validate() {
        Err(Error::Position(m)) => assert!(m.contains("castle_recovery"), "{m}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A module's option away from its default needs its module.
#[test]
fn module_options_without_their_module_are_refused() {
    let mut geese = Config::players(2);
    geese.rules.geese_knowledge7 = tabuleiro_burgundy::config::GeeseKnowledge7::NotCounted;
    assert_eq!(
        refusal_of(&geese),
        ModuleRefusal::OptionNeedsModule {
            option: "geese_knowledge7",
            module: Module::ExtraHexes
        }
    );
    geese.modules = ModuleSet::of(&[Module::ExtraHexes]);
    assert!(Burgundy::new(&geese).is_ok());
    let mut city = Config::players(2);
    city.rules.white_castle = tabuleiro_burgundy::config::WhiteCastleIs::Castle;
    assert_eq!(
        refusal_of(&city),
        ModuleRefusal::OptionNeedsModule {
            option: "white_castle",
            module: Module::WhiteCastles
        }
    );
    city.modules = ModuleSet::of(&[Module::WhiteCastles]);
    assert!(Burgundy::new(&city).is_ok());
}

/// Reading `any-discarded`: a castle discarded from full storage counts too; with
/// `from-board` it does not.
#[test]
fn castle_recovery_any_discarded_reading() {
    for (reading, counted) in [
        (CastleRecovery::AnyDiscarded, 1),
        (CastleRecovery::FromBoard, 0),
    ] {
        let mut g = duchy_11(Connectivity::Adjacent, reading);
        store(&mut g, 0, &[Tile::Castle, Tile::Mine, Tile::Ship]);
        g.depots[0].push(B);
        g.drawn.add(B);
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "take 1 bank");
        act(&mut g, 0, "discard castle");
        assert_eq!(g.modules.discarded_castles, counted, "{reading:?}");
        // Die 2 is left: recovery needs both.
        g.players[0].vp = 10;
        assert_eq!(
            refused(&mut g, 0, "recover castle"),
            Reason::RecoveryNeedsBothDice
        );
    }
}

#[test]
fn castle_recovery_off_is_refused() {
    let mut g = duchy_11(Connectivity::Adjacent, CastleRecovery::Off);
    assert_eq!(
        refused(&mut g, 0, "recover castle"),
        Reason::NoCastleRecovery
    );
}
