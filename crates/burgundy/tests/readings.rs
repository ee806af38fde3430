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
    assert!(
        l.iter()
            .all(|a| a.starts_with("ship 2") || a.starts_with("ship 4") || a.starts_with("buy")),
        "{l:?}"
    );
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

// ================================================================= setup: boards and sides

use tabuleiro_burgundy::action::{Action, Outcome};
use tabuleiro_burgundy::config::CastleOrder;
use tabuleiro_burgundy::error::{Awaiting, Why};
use tabuleiro_burgundy::Edition;
use tabuleiro_core::{Game, Rng, SeatSet, ToAct};

/// A new game set up with these boards drawn, start player seat 0.
fn drawn(config: &Config, boards: &[[u8; 2]]) -> (Burgundy, Vec<Event>) {
    let mut g = Burgundy::new(config).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            duchies: vec![],
            boards: boards.to_vec(),
            start_player: 0,
            goods: vec![vec![1, 2, 3]; boards.len()],
        },
        &mut ev,
    )
    .unwrap();
    (g, ev)
}

fn seats(g: &Burgundy) -> Vec<u8> {
    g.to_act().seats().iter().collect()
}

/// Seed 000 line 236 "Um tabuleiro de ducado aleatório. Escolha um lado", 002 line 253
/// "Un tablero de ducado al azar. Escoge su lado": with random duchies each seat draws
/// a board and chooses its side, at the same time as the others and hidden from them
/// (like the castle, 000 line 249 "simultaneamente"); then its castle on that side.
#[test]
fn random_duchies_each_seat_chooses_its_side() {
    let (mut g, _) = drawn(&Config::players(2), &[[3, 4], [3, 4]]);
    assert_eq!(g.stage, Stage::StartingCastles);
    assert_eq!(seats(&g), [0, 1]);
    assert_eq!(legal(&g, 0), ["side 3", "side 4"]);
    assert!(g.is_secret(0, &Action::DuchySide { duchy: 4 }));
    assert_eq!(
        refused(&mut g, 1, "castle 18"),
        Reason::NotNow {
            awaiting: Awaiting::DuchySide { front: 3, back: 4 }
        }
    );
    assert_eq!(
        refused(&mut g, 1, "side 5"),
        Reason::NotASide {
            duchy: 5,
            front: 3,
            back: 4
        }
    );
    assert!(act(&mut g, 0, "side 4").is_empty(), "nothing revealed yet");
    // Seat 0's side is hidden from seat 1 and from spectators, not from seat 0.
    assert_eq!(g.view(Some(1)).position.players[0].side_choice, None);
    assert_eq!(g.view(None).position.players[0].side_choice, None);
    assert_eq!(g.view(Some(0)).position.players[0].side_choice, Some(4));
    // Then seat 0's castle, on a castle space of duchy 4.
    let castles = legal(&g, 0);
    assert!(
        castles.iter().all(|a| a.starts_with("castle")),
        "{castles:?}"
    );
    let duchy4 = tabuleiro_burgundy::content::Content::embedded()
        .duchy(4)
        .unwrap();
    let first: u8 = castles[0][7..].parse().unwrap();
    assert_eq!(
        duchy4.colours[first as usize],
        tabuleiro_burgundy::Colour::Castle
    );
    act(&mut g, 0, &castles[0]);
    assert_eq!(
        refusal(&mut g, 0, "side 3"),
        Error::NotYourDecision {
            seat: 0,
            why: Why::CastleChosen
        }
    );
    act(&mut g, 1, "side 3");
    let last = legal(&g, 1)[0].clone();
    let ev = act(&mut g, 1, &last);
    assert_eq!(ev[0], Event::DuchySideChosen { seat: 0, duchy: 4 });
    assert_eq!(ev[1], Event::DuchySideChosen { seat: 1, duchy: 3 });
    assert!(matches!(ev[2], Event::StartingCastle { seat: 0, .. }));
    assert_eq!((g.players[0].duchy, g.players[1].duchy), (4, 3));
    assert_eq!(g.players[0].board, None);
    assert_eq!(g.stage, Stage::PhaseStart);
}

/// Seed 001 lines 124-125 (the castle on the centre) with random boards chosen at the
/// same time (000 line 249): the castles wait until every side is chosen, since a side
/// decides whether its castle goes on the centre. So who has chosen a side is seen at
/// the table (the front side standing in for the hidden one), and a seat whose side has
/// no central castle space then chooses its castle from what its own view shows.
#[test]
fn castle_on_centre_with_random_boards_waits_for_every_side() {
    let config = Config {
        modules: tabuleiro_burgundy::modules::ModuleSet::of(&[
            tabuleiro_burgundy::modules::Module::Duchies11To18,
        ]),
        castle_on_centre: true,
        ..Config::players(2)
    };
    // Duchy 18's centre is a castle space, duchy 11's a building space.
    let (mut g, _) = drawn(&config, &[[17, 18], [11, 12]]);
    act(&mut g, 1, "side 11");
    assert_eq!(seats(&g), [0], "seat 1 waits for seat 0's side");
    // Which side seat 1 chose stays hidden: the front stands in for it.
    assert_eq!(g.view(Some(0)).position.players[1].side_choice, Some(11));
    let (mut back, _) = drawn(&config, &[[17, 18], [11, 12]]);
    act(&mut back, 1, "side 12");
    assert_eq!(g.view(Some(0)), back.view(Some(0)));
    act(&mut g, 0, "side 18");
    // Seat 0's castle went on its centre; seat 1 chooses, and its view says so.
    assert_eq!(seats(&g), [1]);
    let seen = g.determinize(Some(1), &mut tabuleiro_core::Rng::seed(1));
    assert_eq!(legal(&seen, 1), legal(&g, 1));
    assert!(legal(&g, 1).iter().all(|a| a.starts_with("castle")));
    let castle = legal(&g, 1)[0].clone();
    let ev = act(&mut g, 1, &castle);
    assert!(
        ev.contains(&Event::StartingCastle { seat: 0, space: 18 }),
        "{ev:?}"
    );
    assert_eq!(g.stage, Stage::PhaseStart);
}

/// Seed 001 lines 62-63 and 280-281: "4 ducados n.º 1, 4 ducados n.º 2, e 1 ducado de
/// cada um dos n.os 3 a 10"; drawn without replacement, two classic players never hold
/// the same board 3-10; a draw the box cannot give is refused. The Special Edition box
/// holds 4 copies of each board, so two players may share one.
#[test]
fn random_boards_come_from_the_box_without_replacement() {
    let classic = Config {
        players: 4,
        edition: Edition::Classic,
        duchies: vec![],
        castle_on_centre: false,
        ..Config::default()
    };
    let mut g = Burgundy::new(&classic).unwrap();
    let two = Outcome::Setup {
        provisional: Vec::new(),
        duchies: vec![],
        boards: vec![[7, 8], [7, 8], [1, 2], [1, 2]],
        start_player: 0,
        goods: vec![vec![1, 2, 3]; 4],
    };
    let e = g.apply_chance(&two, &mut Vec::new()).unwrap_err();
    assert!(
        e.to_string().contains("holds 1 board(s) 7/8, 2 drawn"),
        "{e}"
    );
    let duchies = Outcome::Setup {
        provisional: Vec::new(),
        duchies: vec![1, 1, 1, 1],
        boards: vec![],
        start_player: 0,
        goods: vec![vec![1, 2, 3]; 4],
    };
    assert!(g.apply_chance(&duchies, &mut Vec::new()).is_err());
    drawn(&classic, &[[1, 2]; 4]);

    let mut shared = 0;
    for seed in 0..400 {
        for config in [&classic, &Config::players(4)] {
            let g = Burgundy::new(config).unwrap();
            let Outcome::Setup { boards, .. } = g.sample_chance(&mut Rng::seed(seed)) else {
                panic!("a setup outcome")
            };
            let mut others: Vec<[u8; 2]> = boards.into_iter().filter(|b| b[0] > 2).collect();
            let n = others.len();
            others.sort();
            others.dedup();
            if config.edition == Edition::Classic {
                assert_eq!(others.len(), n, "seed {seed}: a classic board 3-10 twice");
            } else {
                shared += (others.len() < n) as u32;
            }
        }
    }
    assert!(
        shared > 50,
        "Special Edition boards are shared now and then ({shared})"
    );
}

/// Seed 001 lines 119-125, the classic standard setup: everyone on duchy 1 (the same
/// number), the castle on the central space 6; random boards with a free castle are
/// its variant (lines 1181-1187), chosen by writing them. The Special Edition's
/// defaults are random boards and a free castle (000 lines 236, 249).
#[test]
fn classic_defaults_follow_seed_001() {
    let c: Config = serde_json::from_str(r#"{"players": 3, "edition": "classic"}"#).unwrap();
    assert_eq!(
        (c.duchies.clone(), c.castle_on_centre),
        (vec![1, 1, 1], true)
    );
    assert_eq!(c, Config::classic(3));
    let mut g = Burgundy::new(&c).unwrap();
    let o = g.sample_chance(&mut Rng::seed(3));
    g.apply_chance(&o, &mut Vec::new()).unwrap();
    assert_eq!(g.stage, Stage::PhaseStart, "no starting decision left");
    assert!(g.players.iter().all(|p| p.spaces[18] == Some(Tile::Castle)));

    let variant: Config = serde_json::from_str(
        r#"{"players": 3, "edition": "classic", "duchies": [], "castle_on_centre": false}"#,
    )
    .unwrap();
    assert!(variant.duchies.is_empty() && !variant.castle_on_centre);
    let special: Config = serde_json::from_str(r#"{"players": 3}"#).unwrap();
    assert_eq!(special, Config::players(3));
    assert!(special.duchies.is_empty() && !special.castle_on_centre);
    // A config written out reads back the same.
    let text = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), c);
    assert!(serde_json::from_str::<Config>(r#"{"edition": "classic2011"}"#).is_err());
}

/// The classic edition's readings where seed 001 is explicit (issue 15): a config
/// of that edition that leaves the option out plays seed 001's reading, the Special
/// Edition's plays 000's; an explicit reading overrides either, and a written
/// config reads back the readings it played.
#[test]
fn classic_readings_follow_seed_001_unless_chosen() {
    use tabuleiro_burgundy::config::{RuleOptions, Shield2, Shield6, Shield9, TeamTiebreak};
    use tabuleiro_burgundy::modules::{Module, ModuleSet};
    let read = |text: &str| serde_json::from_str::<Config>(text).unwrap().rules;
    let classic = read(r#"{"players": 4, "edition": "classic", "modules": ["team", "shields"]}"#);
    let special = read(r#"{"players": 4, "modules": ["team", "shields"]}"#);
    // 001 line 1041 "vence a equipa com mais espaços vazios"; 000 line 815 "menos".
    assert_eq!(
        (classic.team_tiebreak, special.team_tiebreak),
        (TeamTiebreak::More, TeamTiebreak::Fewer)
    );
    // 001 line 1155 "sempre que outro jogador obtiver um trabalhador"; 000 line 897
    // "sempre que outro jogador receber trabalhadores, você também ganha 1".
    assert_eq!(
        (classic.shield2, special.shield2),
        (Shield2::PerWorker, Shield2::PerGain)
    );
    // 001 lines 1169-1170 "Quaisquer peças de mosteiro"; 000 line 901 "(excetuando o
    // mosteiro 27)".
    assert_eq!(
        (classic.shield6, special.shield6),
        (Shield6::All, Shield6::Except27)
    );
    // 001 line 1145 "usa o efeito do escudo"; the Special Edition has no such rule.
    assert_eq!(
        (classic.shield9, special.shield9),
        (Shield9::ShieldOnly, Shield9::AddsToKnowledge)
    );
    assert_eq!(classic, RuleOptions::for_edition(Edition::Classic));
    assert_eq!(Config::classic(4).rules, classic);
    assert_eq!(special, RuleOptions::default());
    // An explicit reading overrides the edition's.
    let chosen = read(
        r#"{"players": 4, "edition": "classic", "modules": ["team", "shields"],
            "rules": {"team_tiebreak": "fewer", "shield6": "except27"}}"#,
    );
    assert_eq!(
        (chosen.team_tiebreak, chosen.shield6, chosen.shield2),
        (TeamTiebreak::Fewer, Shield6::Except27, Shield2::PerWorker)
    );
    // Written out and read back, each edition keeps the readings it played: the
    // Special Edition's readings chosen in a classic game are written, the
    // edition's own defaults are not.
    let mut c = Config::classic(4);
    c.duchies.clear();
    c.modules = ModuleSet::of(&[Module::Team, Module::Shields]);
    c.rules.team_tiebreak = TeamTiebreak::Fewer;
    let text = serde_json::to_string(&c).unwrap();
    assert!(text.contains(r#""team_tiebreak":"fewer""#), "{text}");
    assert!(!text.contains("shield6"), "{text}");
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), c);
    // A classic game without shields is not refused for the edition's shield
    // readings (its defaults), nor for the first readings (a config built in code
    // from `Config::default()`); another reading without its module is.
    assert!(Burgundy::new(&Config::classic(2)).is_ok());
    let mut first = Config::classic(2);
    first.rules = RuleOptions::default();
    assert!(Burgundy::new(&first).is_ok());
    let mut wrong = Config::players(2);
    wrong.rules.shield6 = Shield6::All;
    assert!(
        Burgundy::new(&wrong).is_err(),
        "an option set without its module"
    );
}

/// Issue 15: a game's record says it used provisional content. The setup's outcome
/// and its `game-set-up` event list the expansion boards played whose data is not
/// verified: solo board 34 (a transcription; 33 is verified), the classic outpost
/// duchies 11b-f (duchies 24-28 stand in for them; 11a = 23 is verified), the team
/// board. A base game lists none, and an outcome naming other boards is refused.
#[test]
fn the_setup_says_which_boards_are_provisional() {
    use tabuleiro_burgundy::modules::{Module, ModuleSet};
    let set_up = |c: &Config, seed: u64| {
        let mut g = Burgundy::new(c).unwrap();
        let o = g.sample_chance(&mut Rng::seed(seed));
        let mut ev = Vec::new();
        g.apply_chance(&o, &mut ev).unwrap();
        let Outcome::Setup { provisional, .. } = o else {
            panic!("{o:?}")
        };
        let shown = ev.iter().find_map(|e| match e {
            Event::GameSetUp { provisional, .. } => Some(provisional.clone()),
            _ => None,
        });
        assert_eq!(shown.as_ref(), Some(&provisional));
        provisional
    };
    let solo = |duchy: u8| Config {
        players: 1,
        duchies: vec![duchy],
        modules: ModuleSet::of(&[Module::Solo]),
        ..Config::default()
    };
    assert_eq!(set_up(&solo(34), 1), vec![34]);
    assert!(set_up(&solo(33), 1).is_empty());
    assert!(set_up(&Config::players(3), 1).is_empty());
    assert!(set_up(&Config::classic(3), 1).is_empty());
    let mut team = Config::players(4);
    team.modules = ModuleSet::of(&[Module::Team]);
    assert_eq!(set_up(&team, 1), vec![31]);
    // The classic outposts: each seat draws one of 11a-f (23-28).
    let mut outposts = Config::classic(4);
    outposts.duchies.clear();
    outposts.modules = ModuleSet::of(&[Module::TradingPosts]);
    for seed in 0..20 {
        let g = Burgundy::new(&outposts).unwrap();
        let Outcome::Setup { boards, .. } = g.sample_chance(&mut Rng::seed(seed)) else {
            panic!()
        };
        let mut drawn: Vec<u8> = boards
            .iter()
            .flatten()
            .copied()
            .filter(|&d| d != 23)
            .collect();
        drawn.sort_unstable();
        drawn.dedup();
        assert_eq!(set_up(&outposts, seed), drawn, "seed {seed}");
    }
    // An outcome that lists other boards than the data marks is refused.
    let mut g = Burgundy::new(&solo(34)).unwrap();
    let Outcome::Setup {
        duchies,
        boards,
        start_player,
        goods,
        ..
    } = g.sample_chance(&mut Rng::seed(1))
    else {
        panic!()
    };
    let wrong = Outcome::Setup {
        provisional: vec![33],
        duchies,
        boards,
        start_player,
        goods,
    };
    assert!(g.apply_chance(&wrong, &mut Vec::new()).is_err());
}

/// Beginner setup with random boards: once the side is chosen the castle goes on the
/// central space where it is a castle space (seed 000 line 249).
#[test]
fn castle_on_centre_follows_the_chosen_side() {
    let config = Config {
        castle_on_centre: true,
        ..Config::players(2)
    };
    let (mut g, _) = drawn(&config, &[[1, 2], [1, 2]]);
    act(&mut g, 0, "side 2");
    assert_eq!(seats(&g), [1], "seat 0's castle is on the centre already");
    act(&mut g, 1, "side 1");
    assert_eq!((g.players[0].duchy, g.players[1].duchy), (2, 1));
    assert!(g.players.iter().all(|p| p.spaces[18] == Some(Tile::Castle)));
}

/// Seed 001 lines 1184-1187: "Os jogadores devem acordar se esta decisão é efetuada em
/// simultâneo ou por ordem de turno": with `castle_order: turn-order` one seat at a
/// time in turn order (start player first) chooses side and castle, seen by the others.
#[test]
fn castles_in_turn_order() {
    let config = Config {
        castle_order: CastleOrder::TurnOrder,
        ..Config::players(3)
    };
    let mut g = Burgundy::new(&config).unwrap();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            duchies: vec![],
            boards: vec![[1, 2], [3, 4], [5, 6]],
            start_player: 1,
            goods: vec![vec![1, 2, 3]; 3],
        },
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        g.to_act(),
        ToAct::Seats(SeatSet::one(1)),
        "the start player first"
    );
    assert_eq!(
        refusal(&mut g, 0, "side 1"),
        Error::NotYourDecision {
            seat: 0,
            why: Why::NotYourTurn { turn: 1 }
        }
    );
    assert!(!g.is_secret(1, &Action::DuchySide { duchy: 3 }));
    act(&mut g, 1, "side 4");
    assert_eq!(
        g.view(Some(0)).position.players[1].side_choice,
        Some(4),
        "seen"
    );
    let castle = legal(&g, 1)[0].clone();
    act(&mut g, 1, &castle);
    assert_eq!(seats(&g), [2], "then clockwise: seat 2");
    act(&mut g, 2, "side 5");
    let castle = legal(&g, 2)[0].clone();
    act(&mut g, 2, &castle);
    assert_eq!(seats(&g), [0]);
    act(&mut g, 0, "side 1");
    let ev = act(&mut g, 0, "castle 18");
    assert_eq!(ev.len(), 6, "sides and castles revealed: {ev:?}");
    assert_eq!(g.stage, Stage::PhaseStart);
}

/// A position holding a side choice outside the starting stage, or a side not on the
/// board drawn, is refused.
#[test]
fn side_choices_in_positions_are_validated() {
    let (mut g, _) = drawn(&Config::players(2), &[[3, 4], [1, 2]]);
    g.validate().unwrap();
    act(&mut g, 0, "side 4");
    g.validate().unwrap();
    let mut bad = g.clone();
    bad.players[0].side_choice = Some(7);
    assert!(bad.validate().is_err());
    let mut bad = g.clone();
    bad.stage = Stage::PhaseStart;
    assert!(bad.validate().is_err());
}

/// A position file may not name a board outside the edition's box, nor a side that is
/// no duchy; a castle chosen on such a side is refused, never a panic.
#[test]
fn boards_and_sides_in_positions_must_exist() {
    let (g, _) = drawn(&Config::players(2), &[[3, 4], [1, 2]]);
    let mut bad = g.clone();
    bad.players[1].board = Some([1, 99]);
    assert!(bad.validate().is_err(), "board 1/99 is in no box");
    let text = serde_json::to_string(&bad).unwrap();
    assert!(Burgundy::from_json(&text).is_err());
    let mut bad = g.clone();
    bad.players[0].side_choice = Some(99);
    assert!(bad.validate().is_err());
    // Even unvalidated, the castle on side 99 is a typed refusal.
    assert_eq!(
        refused(&mut bad, 0, "castle 18"),
        Reason::NotACastleSpace {
            space: 18,
            duchy: 99
        }
    );
}

/// Simultaneous order with the castle on the centre: whether a side has a castle on
/// space 18 (duchy 3 does, duchy 4 does not) must not show in who still acts, so every
/// side is chosen before the castles (seed 000 line 249, hidden and simultaneous).
#[test]
fn who_acts_after_a_side_does_not_tell_the_side() {
    let config = Config {
        players: 2,
        duchies: vec![],
        castle_on_centre: true,
        castle_order: CastleOrder::Simultaneous,
        ..Config::default()
    };
    let duchy = |n: u8| {
        tabuleiro_burgundy::content::Content::embedded()
            .duchy(n)
            .unwrap()
    };
    let centre = |n: u8| duchy(n).colours[18] == tabuleiro_burgundy::Colour::Castle;
    assert!(centre(3) && !centre(4), "the test's premise");
    let mut after = Vec::new();
    for side in ["side 3", "side 4"] {
        let (mut g, _) = drawn(&config, &[[3, 4], [3, 4]]);
        act(&mut g, 0, side);
        after.push((seats(&g), g.view(Some(1)).position.players[0].clone()));
        // Once both chose, the centre castle is placed where the side has one.
        act(&mut g, 1, "side 3");
        let want: Vec<u8> = if side == "side 3" { vec![] } else { vec![0] };
        assert_eq!(seats(&g), want, "after {side}");
    }
    assert_eq!(after[0], after[1]);
    assert_eq!(after[0].0, [1]);
}

/// The rules changed (VERSION 2.0.0, then 2.1.0, 2.2.0 and 2.3.0): a record of version 1 is refused by replay, with
/// both versions named, rather than replayed under other rules.
#[test]
fn records_of_the_old_rules_are_refused() {
    use tabuleiro_core::{replay, Record, ReplayError};
    assert_eq!(Burgundy::VERSION, "2.3.0");
    let mut record = Record::<Burgundy>::new(Config::players(2), 1);
    assert!(replay(&record).is_ok());
    record.game_version = "1.0.0".into();
    let e = replay(&record).unwrap_err();
    assert_eq!(
        e,
        ReplayError::Version {
            expected: "2.3.0".into(),
            found: "1.0.0".into()
        }
    );
}
