//! Helpers to build positions for rule tests: the beginner board, a fixed deck, and
//! pieces and cards put on the table directly (cards always come from the bank, so
//! every position keeps 19 of each resource).
#![allow(dead_code)]

use tabuleiro_catan::cards::RESOURCES;
use tabuleiro_catan::config::{BoardKind, VictoryTiming};
use tabuleiro_catan::geometry::{Edge, Geometry, Hex, Vertex};
use tabuleiro_catan::{Action, Card, Cards, Catan, Config, Dev, Event, Outcome, Phase};
use tabuleiro_core::{Game, Rng, Seat};

pub fn config(players: u8) -> Config {
    Config {
        board: BoardKind::Beginner,
        ..Config::players(players)
    }
}

/// The development deck in a fixed order (top card last).
pub fn deck() -> Vec<Dev> {
    let mut d = Vec::new();
    for (card, n) in [
        (Dev::Knight, 14),
        (Dev::VictoryPoint, 5),
        (Dev::RoadBuilding, 2),
        (Dev::YearOfPlenty, 2),
        (Dev::Monopoly, 2),
    ] {
        d.extend(std::iter::repeat_n(card, n));
    }
    d
}

/// A game on the beginner board, waiting for its first settlement.
pub fn new_game(config: &Config) -> Catan {
    let mut g = Catan::new(config).unwrap();
    g.apply_chance(
        &Outcome::Setup {
            board: tabuleiro_catan::board::Layout::beginner(),
            deck: deck(),
        },
        &mut Vec::new(),
    )
    .unwrap();
    g
}

/// A position in `seat`'s turn after the roll, with no pieces on the board.
pub fn table(config: &Config, seat: Seat) -> Catan {
    let mut g = new_game(config);
    g.phase = Phase::Main;
    g.current = seat;
    g.turn = 5;
    g.rolled = true;
    g
}

/// Moves cards from the bank to a seat's hand.
pub fn give(g: &mut Catan, seat: Seat, cards: &str) {
    let c: Cards = cards.parse().unwrap();
    g.bank.remove(&c);
    g.players[seat as usize].hand.add(&c);
}

/// Moves a development card from the deck to a seat (held since before this turn).
pub fn give_dev(g: &mut Catan, seat: Seat, card: Dev) {
    let i = g.deck.iter().position(|&d| d == card).unwrap();
    g.deck.remove(i);
    g.players[seat as usize].devs.add(card, 1);
}

pub fn settle(g: &mut Catan, seat: Seat, v: Vertex) {
    g.players[seat as usize].settlements = g.players[seat as usize].settlements.with(v);
    g.roads_changed(&mut Vec::new());
}

pub fn road(g: &mut Catan, seat: Seat, e: Edge) {
    g.players[seat as usize].roads = g.players[seat as usize].roads.with(e);
    g.roads_changed(&mut Vec::new());
}

/// Corner `i` (0 top, clockwise) of hex `h`.
pub fn corner(h: Hex, i: usize) -> Vertex {
    Geometry::get().hex_vertices[h as usize][i % 6]
}

/// The path from corner `i` to corner `i + 1` of hex `h`.
pub fn side(h: Hex, i: usize) -> Edge {
    Geometry::get()
        .edge_between(corner(h, i), corner(h, i + 1))
        .unwrap()
}

/// A path leaving `v` that is not a side of hex `h`.
pub fn spoke(h: Hex, v: Vertex) -> Edge {
    let g = Geometry::get();
    (g.vertex_edges[v as usize] & !ring(h))
        .iter()
        .next()
        .unwrap()
}

pub fn ring(h: Hex) -> tabuleiro_catan::geometry::EdgeSet {
    (0..6).fold(
        Default::default(),
        |s: tabuleiro_catan::geometry::EdgeSet, i| s.with(side(h, i)),
    )
}

/// Applies a decision that must be legal; returns its events.
pub fn act(g: &mut Catan, seat: Seat, action: &str) -> Vec<Event> {
    let a: Action = action.parse().unwrap();
    let mut ev = Vec::new();
    g.apply(seat, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{action}: {e}"));
    ev
}

/// The refusal of a decision that must be illegal; checks the state is unchanged.
pub fn refused(g: &mut Catan, seat: Seat, action: &str) -> tabuleiro_catan::Refusal {
    let a: Action = action.parse().unwrap();
    let before = g.clone();
    let e = g.apply(seat, &a, &mut Vec::new()).unwrap_err();
    assert_eq!(*g, before);
    e.refusal().cloned().unwrap()
}

pub fn roll(g: &mut Catan, dice: [u8; 2]) -> Vec<Event> {
    let mut ev = Vec::new();
    g.apply_chance(&Outcome::Roll { dice }, &mut ev).unwrap();
    ev
}

/// A random decision of any shape, mostly illegal: the engine must refuse it cleanly.
pub fn random_action(rng: &mut Rng) -> Action {
    let card = |rng: &mut Rng| Card::ALL[rng.below(8)];
    let cards = |rng: &mut Rng| {
        let mut c = Cards::NONE;
        for _ in 0..rng.below(4) {
            c.add(&Cards::of(card(rng), 1));
        }
        c
    };
    match rng.below(20) {
        0 => Action::Settle {
            vertex: rng.below(60) as u8,
        },
        1 => Action::Road {
            edge: rng.below(80) as u8,
        },
        2 => Action::City {
            vertex: rng.below(60) as u8,
        },
        3 => Action::Roll,
        4 => Action::Discard { card: card(rng) },
        5 => Action::Robber {
            hex: rng.below(21) as u8,
            victim: [None, Some(rng.below(5) as Seat)][rng.below(2)],
        },
        6 => Action::BuyDevelopment,
        7 => Action::Knight,
        8 => Action::RoadBuilding,
        9 => Action::YearOfPlenty {
            first: card(rng),
            second: card(rng),
        },
        10 => Action::Monopoly { card: card(rng) },
        11 => Action::Maritime {
            give: card(rng),
            get: card(rng),
        },
        12 => Action::Offer {
            give: cards(rng),
            get: cards(rng),
        },
        13 => Action::Accept,
        14 => Action::Decline,
        15 => Action::TradeWith {
            seat: rng.below(5) as Seat,
        },
        16 => Action::Withdraw,
        17 => Action::Counter {
            give: cards(rng),
            get: cards(rng),
        },
        _ => Action::EndTurn,
    }
}

/// Points recomputed from the board and the cards, independently of the engine's own
/// bookkeeping.
pub fn points_from_board(g: &Catan, seat: Seat) -> i32 {
    let p = &g.players[seat as usize];
    let mut vp = p.settlements.len() as i32 + 2 * p.cities.len() as i32;
    vp += 2 * (g.longest_road == Some(seat)) as i32 + 2 * (g.largest_army == Some(seat)) as i32;
    vp + (p.devs.get(Dev::VictoryPoint) + p.fresh.get(Dev::VictoryPoint)) as i32
}

pub fn check_invariants(g: &Catan, seed: u64) {
    g.validate().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    for r in RESOURCES {
        let total: u32 =
            g.bank.get(r) as u32 + g.players.iter().map(|p| p.hand.get(r) as u32).sum::<u32>();
        assert_eq!(total, 19, "seed {seed}: {} cards not conserved", r.name());
    }
    for (s, p) in g.players.iter().enumerate() {
        assert!(p.settlements.len() <= 5 && p.cities.len() <= 4 && p.roads.len() <= 15);
        assert_eq!(
            points_from_board(g, s as Seat),
            g.scores()[s],
            "seed {seed}"
        );
    }
    // The base game's victory check follows only the decisions that may raise the
    // points of the seat on turn (`Action::may_raise_points`): under the standard
    // reading, a seat on turn at the target has won. (Not a rule of `validate`: a
    // determinized world may deal the seat on turn hidden victory point cards.)
    let in_turn = !matches!(g.phase, Phase::Place { .. } | Phase::Setup | Phase::Over);
    if !g.config.is_ck() && in_turn && g.config.victory == VictoryTiming::OwnTurn {
        let points = g.points(g.current);
        assert!(
            points < g.victory_target(),
            "seed {seed}: seat {} on turn has {points} points, not won",
            g.current
        );
    }
    // The Longest Road card sits with a seat whose road is at least 5 and longest.
    if let Some(h) = g.longest_road {
        let best = g.players.iter().map(|p| p.road_length).max().unwrap();
        assert!(
            g.players[h as usize].road_length == best && best >= 5,
            "seed {seed}"
        );
    }
}
