//! The team game's advanced board (issue 15; `rules.team_board`): seed 002 lines
//! 830-831 "el tablero de equipo avanzado del reverso (31b y 32b) (...) cada equipo
//! elige si ponerlo en la casilla hexagonal borgoña 1 o 6", seed 001 line 1005 "ao
//! usar 12b, cada equipa escolhe o espaço verde-escuro 1 ou 6", seed 000 line 100
//! "#31a, 31b, 32a, 32b". Its layout was not found: the built-in content refuses
//! the option, and a content file holding the side plays it.
//!
//! THE FIXTURE below is the standard layout relabelled as the advanced side (number
//! 32, castle space 1 the centre, castle space 6 the right half's C6): a test's
//! stand-in, not the printed 31b+32b, and never shipped as content.

mod common;

use common::{act, legal, refusal, refusal_of, refused};
use tabuleiro_burgundy::action::{Event, Outcome};
use tabuleiro_burgundy::config::{CastleOrder, TeamBoardSide};
use tabuleiro_burgundy::error::{Error, Reason, Why};
use tabuleiro_burgundy::modules::{
    board_halves, Module, ModuleRefusal, ModuleSet, ADVANCED_TEAM_BOARD, TEAM_DUCHIES_JSON,
};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Action, Burgundy, Config, GameContent, Tile};
use tabuleiro_core::{Explain, Game, Seat, SeatSet};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

/// The fixture's castle spaces 1 and 6 as [half, space of the half]: the shared
/// centre (C1) and the right half's C6 (row 4, fourth space).
const CASTLE_1: [u8; 2] = [0, 21];
const CASTLE_6: [u8; 2] = [1, 18];

/// `team_duchies.json` with the fixture added as the advanced side.
fn fixture_file() -> serde_json::Value {
    let mut data: serde_json::Value = serde_json::from_str(TEAM_DUCHIES_JSON).unwrap();
    let mut advanced = data["boards"][0].clone();
    advanced["number"] = 32.into();
    advanced["side"] = "advanced".into();
    advanced["name"] =
        "TEST FIXTURE: the standard layout relabelled (not the printed 31b+32b)".into();
    advanced["castle_spaces"] = serde_json::json!([CASTLE_1, CASTLE_6]);
    data["boards"].as_array_mut().unwrap().push(advanced);
    data
}

fn content_of(team_duchies: serde_json::Value) -> Result<GameContent, String> {
    let file = serde_json::json!({ "team_duchies.json": team_duchies });
    GameContent::from_value(file).map_err(|e| e.to_string())
}

fn advanced(content: GameContent) -> Config {
    let mut c = Config {
        players: 4,
        modules: ModuleSet::of(&[Module::Team]),
        content,
        ..Config::default()
    };
    c.rules.team_board = TeamBoardSide::Advanced;
    c
}

fn fixture_config() -> Config {
    advanced(content_of(fixture_file()).unwrap())
}

/// The board ids of the fixture's castle spaces 1 and 6.
fn castle_ids(g: &Burgundy) -> (u8, u8) {
    let board = g.content().duchy(ADVANCED_TEAM_BOARD).unwrap();
    let halves = board_halves(g.content(), board);
    let id = |[h, i]: [u8; 2]| halves[h as usize][i as usize] as u8;
    (id(CASTLE_1), id(CASTLE_6))
}

/// Set up with start player 0: team A is seats 0 and 2, team B seats 1 and 3.
fn set_up(config: &Config) -> Burgundy {
    let mut g = Burgundy::new(config).unwrap();
    let setup = Outcome::Setup {
        duchies: vec![],
        boards: vec![],
        start_player: 0,
        goods: vec![vec![1, 2, 3], vec![4, 5, 6], vec![], vec![]],
        provisional: vec![],
    };
    g.apply_chance(&setup, &mut Vec::new()).unwrap();
    g
}

fn round_trips(g: &Burgundy) {
    let json = serde_json::to_string(g).unwrap();
    assert_eq!(Burgundy::from_json(&json).unwrap(), *g, "{json}");
}

#[test]
fn the_option_reads_standard_or_advanced_and_needs_the_team_game() {
    let c: Config = serde_json::from_value(serde_json::json!({
        "players": 4, "modules": ["team"], "rules": {"team_board": "advanced"}
    }))
    .unwrap();
    assert_eq!(c.rules.team_board, TeamBoardSide::Advanced);
    // The default, standard, is not written.
    let standard = Config {
        players: 4,
        modules: ModuleSet::of(&[Module::Team]),
        ..Config::default()
    };
    assert_eq!(standard.rules.team_board, TeamBoardSide::Standard);
    assert!(!serde_json::to_string(&standard)
        .unwrap()
        .contains("team_board"));
    let bad = serde_json::from_value::<Config>(serde_json::json!({
        "players": 4, "modules": ["team"], "rules": {"team_board": "sideways"}
    }));
    assert!(bad.is_err());
    // Without the team game the option is refused.
    let mut c = Config::players(4);
    c.rules.team_board = TeamBoardSide::Advanced;
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OptionNeedsModule {
            option: "team_board",
            module: Module::Team
        }
    );
}

/// The built-in content has no advanced side (its layout was not found): the option
/// is refused at creation, saying where to load it from.
#[test]
fn the_built_in_content_refuses_the_advanced_board() {
    let c = advanced(GameContent::default());
    assert_eq!(refusal_of(&c), ModuleRefusal::AdvancedTeamBoardNotInContent);
    let e = Burgundy::new(&c).unwrap_err();
    assert_eq!(
        e.message().key,
        "refusal.module.advanced_team_board_not_in_content"
    );
    let text = e.to_string();
    assert!(text.contains("31b+32b"), "{text}");
    assert!(text.contains("docs/burgundy/content.md"), "{text}");
    // A content file without the standard side cannot play the standard game.
    let mut only_advanced = fixture_file();
    only_advanced["boards"].as_array_mut().unwrap().remove(0);
    let mut c = advanced(content_of(only_advanced).unwrap());
    assert!(Burgundy::new(&c).is_ok());
    c.rules.team_board = TeamBoardSide::Standard;
    assert_eq!(refusal_of(&c), ModuleRefusal::TeamBoardNotInContent);
}

/// Each team's first member chooses castle space 1 or 6 (002 line 831 "cada equipo
/// elige"), both teams at once and hidden by default (000 line 249); the castle goes
/// on both members' board, one castle a team.
#[test]
fn each_team_puts_its_castle_where_it_chose() {
    let mut g = set_up(&fixture_config());
    let (one, six) = castle_ids(&g);
    assert_eq!(g.stage, Stage::StartingCastles);
    assert!(g.players.iter().all(|p| p.duchy == ADVANCED_TEAM_BOARD));
    assert!(g.players.iter().all(|p| p.covered().is_empty()));
    assert_eq!(
        g.to_act(),
        tabuleiro_core::ToAct::Seats(SeatSet::one(0).with(1))
    );
    let castles = vec![format!("castle {one}"), format!("castle {six}")];
    assert_eq!(legal(&g, 0), castles);
    assert_eq!(legal(&g, 1), castles);
    assert!(legal(&g, 2).is_empty(), "A2's partner decides");
    // A castle space that is not 1 or 6 (the left half's C6 at space 0) is refused.
    assert_eq!(
        refused(&mut g, 0, "castle 0"),
        Reason::NotATeamCastleSpace {
            space: 0,
            board: ADVANCED_TEAM_BOARD,
            one,
            six
        }
    );
    // The second member waits on the first.
    match refusal(&mut g, 2, &format!("castle {one}")) {
        Error::NotYourDecision { why, .. } => assert_eq!(why, Why::NotYourTurn { turn: 0 }),
        other => panic!("{other}"),
    }
    act(&mut g, 0, &format!("castle {six}"));
    assert_eq!(g.players[0].castle_choice, Some(six));
    assert_eq!(g.players[2].castle_choice, Some(six));
    // Hidden from the other team, seen by the partner.
    assert_eq!(g.view(Some(1)).position.players[0].castle_choice, None);
    assert_eq!(g.view(Some(2)).position.players[0].castle_choice, Some(six));
    assert!(g.is_secret(0, &format!("castle {six}").parse().unwrap()));
    // The position file carries the choice.
    round_trips(&g);
    let events = act(&mut g, 1, &format!("castle {one}"));
    assert_eq!(g.stage, Stage::PhaseStart);
    for (seat, space) in [(0, six), (2, six), (1, one), (3, one)] {
        let p = &g.players[seat];
        assert_eq!(p.spaces[space as usize], Some(Tile::Castle), "seat {seat}");
        assert_eq!(p.covered().len(), 1, "seat {seat}");
    }
    let placed: Vec<(Seat, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::StartingCastle { seat, space } => Some((*seat, *space)),
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![(0, six), (1, one)], "one castle a team");
    assert_eq!(g.drawn.0[Tile::Castle.kind()], 2);
    round_trips(&g);
}

/// In turn order (`castle_order: turn-order`, 001 lines 1184-1187) team A's first
/// member chooses, then team B's, seeing it; both teams may take the same space.
#[test]
fn in_turn_order_team_a_chooses_first() {
    let mut c = fixture_config();
    c.castle_order = CastleOrder::TurnOrder;
    let mut g = set_up(&c);
    let (one, _) = castle_ids(&g);
    assert_eq!(g.to_act(), tabuleiro_core::ToAct::Seats(SeatSet::one(0)));
    act(&mut g, 0, &format!("castle {one}"));
    assert_eq!(g.to_act(), tabuleiro_core::ToAct::Seats(SeatSet::one(1)));
    assert_eq!(g.view(Some(1)).position.players[0].castle_choice, Some(one));
    act(&mut g, 1, &format!("castle {one}"));
    assert!(g
        .players
        .iter()
        .all(|p| p.spaces[one as usize] == Some(Tile::Castle)));
}

/// A position whose team holds two castle choices, or one on a space the side does
/// not allow, is refused on load.
#[test]
fn a_bad_castle_choice_in_a_position_is_refused() {
    let mut g = set_up(&fixture_config());
    let (one, six) = castle_ids(&g);
    act(&mut g, 0, &format!("castle {six}"));
    let mut bad = g.clone();
    bad.players[2].castle_choice = Some(one);
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("castle choice"), "{e}");
    let mut bad = g.clone();
    bad.players[0].castle_choice = Some(0);
    bad.players[2].castle_choice = Some(0);
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("castle choice"), "{e}");
}

/// Every step validated (the position checks) and the game ends after phase E.
struct Validated;

impl Checks<Burgundy> for Validated {
    /// Die 2 on doubles stands for die 1 (as in `random_play.rs`).
    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }

    fn step(&mut self, game: &Burgundy, _: &[Event]) -> Result<(), String> {
        game.validate().map_err(|e| e.to_string())
    }

    fn finish(&mut self, game: &Burgundy) -> Result<(), String> {
        match (game.phase, game.round) {
            (4, 5) => Ok(()),
            at => Err(format!("the game ends after phase E, not at {at:?}")),
        }
    }
}

#[test]
fn random_games_on_the_advanced_board_finish() {
    for order in [CastleOrder::Simultaneous, CastleOrder::TurnOrder] {
        let mut c = fixture_config();
        c.castle_order = order;
        let s = check_random_games(&c, 3, 2415, &mut Validated);
        assert!(s.decisions > 3 * 200, "games are played out ({s:?})");
    }
}

/// The advanced side in a content file is validated like the standard one, and its
/// castle spaces 1 and 6 must be castle spaces showing 1 and 6.
#[test]
fn a_bad_advanced_board_in_a_content_file_is_refused() {
    let refused_with = |edit: &dyn Fn(&mut serde_json::Value), why: &str| {
        let mut data = fixture_file();
        edit(&mut data["boards"][1]);
        let e = content_of(data).expect_err(why);
        assert!(e.starts_with("team_duchies.json: "), "{e}");
        assert!(e.contains(why), "{e}");
    };
    refused_with(
        &|b| b["castle_spaces"] = serde_json::json!([[0, 21], [0, 1]]),
        "castle space 6 (space 1) must be a castle space showing 6",
    );
    // The left half's C6 (space 0) taken as castle space 1.
    refused_with(
        &|b| b["castle_spaces"] = serde_json::json!([[0, 0], [1, 18]]),
        "castle space 1 (space 0) must be a castle space showing 1",
    );
    refused_with(
        &|b| b["castle_spaces"] = serde_json::json!([[0, 21], [2, 0]]),
        "castle space 6 is not a space of the board",
    );
    refused_with(
        &|b| b["castle_spaces"] = serde_json::json!([]),
        "names its castle spaces 1 and 6",
    );
    refused_with(
        &|b| b["number"] = 31.into(),
        "the Advanced side is numbered 32",
    );
    refused_with(
        &|b| b["halves"][0][0] = "B6 B5 B4 B3".into(),
        "colour counts",
    );
    refused_with(
        &|b| b["halves"][1][3] = "C2 B4 W2 C6 B2 B1 K4".into(),
        "shared space",
    );
    // Two advanced sides.
    let mut data = fixture_file();
    let again = data["boards"][1].clone();
    data["boards"].as_array_mut().unwrap().push(again);
    let e = content_of(data).unwrap_err();
    assert!(e.contains("more than one Advanced side"), "{e}");
    // The standard side names no castle spaces: its castle starts on the centre.
    let mut data = fixture_file();
    data["boards"][0]["castle_spaces"] = serde_json::json!([CASTLE_1, CASTLE_6]);
    let e = content_of(data).unwrap_err();
    assert!(e.contains("names no castle_spaces"), "{e}");
}

/// The record names the board the teams play as provisional: the advanced side the
/// content file holds (here unverified, as the fixture copies the standard side's
/// flag), not the standard side it left on the shelf.
#[test]
fn the_record_names_the_advanced_board_when_unverified() {
    let g = Burgundy::new(&fixture_config()).unwrap();
    assert_eq!(g.provisional_duchies(&[], &[]), vec![ADVANCED_TEAM_BOARD]);
}
