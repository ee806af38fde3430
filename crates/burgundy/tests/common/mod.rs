//! Helpers to build positions for rule tests.
#![allow(dead_code)]

use tabuleiro_burgundy::action::{Outcome, RolledDice};
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::modules::ModuleRefusal;
use tabuleiro_burgundy::state::{Pending, Stage, Turn};
use tabuleiro_burgundy::{Action, Burgundy, Config, Event, Tile};
use tabuleiro_core::{Game, Seat};

/// A game on duchy 1 for every seat, start player seat 0, each starting castle on
/// the central castle space 18, phase A set up with the given depots (tiles are drawn
/// from the supply as in a real game), and seat 0's turn with dice `dice`.
pub fn game_at_turn(
    players: u8,
    depots: [Vec<Tile>; 6],
    black: Vec<Tile>,
    dice: [u8; 2],
) -> Burgundy {
    let config = Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        ..Config::default()
    };
    game_at_turn_with(config, depots, black, dice)
}

pub fn game_at_turn_with(
    config: Config,
    depots: [Vec<Tile>; 6],
    black: Vec<Tile>,
    dice: [u8; 2],
) -> Burgundy {
    let n = config.players as usize;
    let mut g = Burgundy::new(&config).unwrap();
    let mut ev = Vec::new();
    // Random duchies: every seat draws a 1/2 board and turns it to side 1.
    let random = config.duchies.is_empty();
    let (duchies, boards) = match random {
        true => (Vec::new(), vec![[1, 2]; n]),
        false => (config.duchies.clone(), Vec::new()),
    };
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            boards,
            duchies,
            start_player: 0,
            goods: vec![vec![1, 2, 3]; n],
        },
        &mut ev,
    )
    .unwrap();
    for s in 0..n as Seat {
        if random {
            g.apply(s, &Action::DuchySide { duchy: 1 }, &mut ev)
                .unwrap();
        }
        if !config.castle_on_centre {
            // The central space, or the duchy's first castle space where the centre
            // is none.
            let duchy = g.duchy(s);
            let space = std::iter::once(18)
                .chain(0..37)
                .find(|&c| duchy.colours[c] == tabuleiro_burgundy::Colour::Castle)
                .unwrap() as u8;
            g.apply(s, &Action::StartingCastle { space }, &mut ev)
                .unwrap();
        }
    }
    // Put the requested tiles straight on the board (bypassing the phase draw, which
    // checks depot colours against the board's spaces).
    g.stage = Stage::RoundStart;
    for (d, tiles) in depots.iter().enumerate() {
        for &t in tiles {
            g.drawn.add(t);
        }
        g.depots[d] = tiles.clone();
    }
    for &t in &black {
        g.drawn_black.add(t);
    }
    g.black_depot = black;
    // The inn the phase start puts out (module `inns`).
    if config
        .modules
        .contains(tabuleiro_burgundy::modules::Module::Inns)
    {
        g.modules.inns = 1;
    }
    g.round_goods = vec![4, 5, 6, 4, 5];
    let mut dice_all = vec![[1, 1]; n];
    dice_all[0] = dice;
    g.apply_chance(
        &Outcome::Roll {
            dice: RolledDice::of(&dice_all).expect("at most 4 seats"),
            white: 6,
        },
        &mut ev,
    )
    .unwrap();
    g
}

/// Puts tiles straight into a seat's duchy (as if placed earlier), keeping the
/// drawn counts consistent.
pub fn put(g: &mut Burgundy, seat: Seat, tiles: &[(u8, Tile)]) {
    for &(space, t) in tiles {
        g.players[seat as usize].spaces.place(space as usize, t);
        g.drawn.add(t);
    }
}

/// Puts tiles into a seat's storage.
pub fn store(g: &mut Burgundy, seat: Seat, tiles: &[Tile]) {
    for &t in tiles {
        g.players[seat as usize].storage.push(t);
        g.drawn.add(t);
    }
}

/// Sets the dice of the seat whose turn it is.
pub fn set_dice(g: &mut Burgundy, dice: [u8; 2]) {
    if let Stage::Turn(t) = &mut g.stage {
        t.dice = [Some(dice[0]), Some(dice[1])];
    }
}

pub fn turn(g: &Burgundy) -> &Turn {
    g.turn().expect("a turn")
}

pub fn pending(g: &Burgundy) -> Option<Pending> {
    g.turn().and_then(|t| t.pending.last().copied())
}

/// Applies a text action for a seat, panicking with the reason if refused.
pub fn act(g: &mut Burgundy, seat: Seat, text: &str) -> Vec<Event> {
    let mut ev = Vec::new();
    let a: Action = text.parse().unwrap();
    g.apply(seat, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    ev
}

/// Applies a text action and returns the refusal; asserts the state is unchanged.
/// Applies a decision that must be refused, and returns the refusal.
pub fn refusal(g: &mut Burgundy, seat: Seat, text: &str) -> Error {
    let before = g.clone();
    let a: Action = text.parse().unwrap();
    let e = g.apply(seat, &a, &mut Vec::new()).expect_err(text);
    assert_eq!(*g, before, "a refused action changed the state");
    e
}

/// Applies a decision that must be refused as illegal, and returns the reason.
pub fn refused(g: &mut Burgundy, seat: Seat, text: &str) -> Reason {
    match refusal(g, seat, text) {
        Error::Illegal { reason, .. } => reason,
        other => panic!("{text}: refused as {other}, not as illegal"),
    }
}

pub fn legal(g: &Burgundy, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(seat, &mut out);
    out.iter().map(|a| a.to_string()).collect()
}

/// VP gained in these events by a seat.
pub fn vp_in(events: &[Event], seat: Seat) -> i32 {
    events
        .iter()
        .map(|e| match e {
            Event::Scored { seat: s, vp, .. } if *s == seat => *vp,
            _ => 0,
        })
        .sum()
}

/// Six empty numbered depots.
pub fn no_depots() -> [Vec<Tile>; 6] {
    Default::default()
}

/// Numbered depots holding the given (depot 1-6, tile) pairs.
pub fn depots_with(tiles: &[(u8, Tile)]) -> [Vec<Tile>; 6] {
    let mut d = no_depots();
    for &(depot, t) in tiles {
        d[depot as usize - 1].push(t);
    }
    d
}

/// Ends the current seat's turn: each unused die takes 2 workers, then a pass if the
/// turn still waits (a purchase was possible). Returns the events.
pub fn finish_turn(g: &mut Burgundy) -> Vec<Event> {
    let seat = turn(g).seat;
    assert!(
        turn(g).pending.is_empty(),
        "finish_turn: a decision is pending"
    );
    let mine = |g: &Burgundy| g.turn().is_some_and(|t| t.seat == seat);
    let mut ev = Vec::new();
    for d in 0..2 {
        if !mine(g) {
            return ev;
        }
        if let Some(face) = turn(g).dice[d] {
            ev.extend(act(g, seat, &format!("die {} {face}", d + 1)));
            ev.extend(act(g, seat, "workers"));
        }
    }
    if mine(g) {
        ev.extend(act(g, seat, "pass"));
    }
    ev
}

/// Finishes every turn left in the round (each die takes workers), returning the events
/// (with the end of the phase, and the final scoring after phase E, when it is reached).
/// It stops at a phase end's decision (the shields), if one comes.
pub fn finish_round(g: &mut Burgundy) -> Vec<Event> {
    let mut ev = Vec::new();
    while g.turn().is_some_and(|t| !t.phase_end) {
        ev.extend(finish_turn(g));
    }
    ev
}

/// Duchy 1 (verified), as a picture of space ids:
/// row 0:  0 P6  1 C5  2 C4  3 K3
/// row 1:  4 P2  5 P1  6 C6  7 K5  8 B4
/// row 2:  9 P5 10 P4 11 B3 12 K1 13 B2 14 B3
/// row 3: 15 W6 16 W1 17 W2 18 C6 19 W5 20 W4 21 W1
/// row 4: 22 B2 23 B5 24 M4 25 B3 26 B1 27 P2
/// row 5: 28 B6 29 M1 30 K2 31 B5 32 B6
/// row 6: 33 M3 34 K4 35 K1 36 B3
pub const DUCHY1: &str = "see the table above";

/// Starts the next round: every seat rolls two 1s, the white die shows `white`.
pub fn roll_ones(g: &mut Burgundy, white: u8) {
    let dice = RolledDice::of(&vec![[1, 1]; g.players.len()]).expect("at most 4 seats");
    g.apply_chance(&Outcome::Roll { dice, white }, &mut Vec::new())
        .unwrap();
}

/// How many games a random-play test plays: `RANDOM_PLAY_GAMES` overrides `default`
/// (a quick debug-mode run or a long soak).
pub fn random_play_games(default: u32) -> u32 {
    std::env::var("RANDOM_PLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Why a config is refused, as a module refusal (any other outcome fails).
pub fn refusal_of(config: &Config) -> ModuleRefusal {
    match Burgundy::new(config) {
        Err(Error::Module(r)) => r,
        other => panic!("expected a module refusal, got {other:?}"),
    }
}
