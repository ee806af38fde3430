//! Random play over many seeded games, with the invariants checked after every
//! decision (DESIGN.md, "How we know it is right"). Run it in release mode:
//! `cargo test --release -p tabuleiro-catan --test random_play`
//! (`CATAN_GAMES=N` sets the number of games per configuration).

mod common;

use common::{check_invariants, random_action};
use tabuleiro_catan::config::{BoardKind, Numbers, VictoryTiming};
use tabuleiro_catan::{Catan, Config, Event, Phase};
use tabuleiro_core::{Game, Rng, Seat, ToAct};

fn games() -> u64 {
    std::env::var("CATAN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Views hide other hands, others' development cards and the deck; determinize
/// restores a state that agrees with everything the view shows.
fn check_views(g: &Catan, rng: &mut Rng, seed: u64) {
    for viewer in (0..g.players() as Seat).map(Some).chain([None]) {
        let view = g.view(viewer);
        // The table has no field for the deck (view.rs): only its size shows.
        let text = serde_json::to_string(&view.position).unwrap();
        assert!(!text.contains("deck"), "seed {seed}: the deck shows");
        for (s, p) in view.position.players.iter().enumerate() {
            let own = Some(s as Seat) == viewer;
            assert_eq!(p.hand.is_some(), own, "seed {seed}: a hidden hand shows");
            assert_eq!(p.devs.is_some() && p.fresh.is_some(), own);
            if own {
                assert_eq!(p.hand, Some(g.players[s].hand));
            }
        }
        let d = g.determinize(viewer, rng);
        d.validate()
            .unwrap_or_else(|e| panic!("seed {seed}: determinized: {e}"));
        assert_eq!(d.bank, g.bank);
        assert_eq!(d.deck.len(), g.deck.len());
        for (s, (a, b)) in d.players.iter().zip(&g.players).enumerate() {
            assert_eq!(a.hand.total(), b.hand.total());
            assert_eq!(a.played, b.played);
            if Some(s as Seat) == viewer {
                assert_eq!(a, b, "seed {seed}: the viewer's own seat changed");
            }
        }
        assert_eq!(
            d.view(viewer),
            view,
            "seed {seed}: determinize disagrees with the view"
        );
    }
}

/// Plays one game with every invariant checked; returns its decisions.
fn checked_game(config: &Config, seed: u64) -> usize {
    let mut game = Catan::new(config).unwrap();
    let mut chance = Rng::seed(seed);
    let mut rng = Rng::seed(seed ^ 0xCA7A);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let o = game.sample_chance(&mut chance);
                game.apply_chance(&o, &mut events).unwrap();
            }
            ToAct::Seats(seats) => {
                // Several seats may decide (discards, answers to an offer): any order.
                let seat = seats.iter().nth(rng.below(seats.len())).unwrap();
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: seat {seat} has no decision"
                );
                for a in &legal {
                    game.check(seat, a)
                        .unwrap_or_else(|e| panic!("seed {seed}: listed {a} refused: {e}"));
                    let mut g = game.clone();
                    g.apply(seat, a, &mut Vec::new()).unwrap();
                }
                for _ in 0..4 {
                    let a = random_action(&mut rng);
                    let before = game.clone();
                    let checked = game.check(seat, &a);
                    match game.apply(seat, &a, &mut Vec::new()) {
                        Err(e) => {
                            assert_eq!(game, before, "seed {seed}: refused {a} changed the state");
                            assert_eq!(checked, Err(e), "seed {seed}: check and apply disagree");
                            game.apply(seat, &a, &mut Vec::new()).unwrap_err();
                        }
                        // A valid decision outside the list (an offer): undo by the copy.
                        Ok(()) => {
                            assert!(checked.is_ok());
                            game = before;
                        }
                    }
                }
                if let Some(other) = (0..game.players() as Seat).find(|s| !seats.contains(*s)) {
                    let before = game.clone();
                    assert!(game.apply(other, &legal[0], &mut Vec::new()).is_err());
                    assert_eq!(game, before);
                }
                let action = legal[rng.below(legal.len())];
                game.apply_unchecked(seat, &action, &mut events);
                decisions += 1;
                if decisions % 7 == 0 {
                    check_views(&game, &mut rng, seed);
                }
            }
        }
        for e in &events {
            if let Event::Stole { thief, victim, .. } = e {
                for viewer in 0..game.players() as Seat {
                    let seen = Catan::redact(e, Some(viewer)).unwrap();
                    let shown = matches!(seen, Event::Stole { card: Some(_), .. });
                    assert_eq!(shown, viewer == *thief || viewer == *victim);
                }
            }
        }
        check_invariants(&game, seed);
        if decisions % 50 == 0 {
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(Catan::from_json(&json).unwrap(), game, "seed {seed}: JSON");
        }
    }
    match game.winner {
        Some(w) => {
            assert!(game.points(w) >= 10, "seed {seed}: a winner below 10");
            assert_eq!(game.standings()[0].place, 1);
            assert!(game.standings()[1..].iter().all(|s| s.place > 1));
        }
        None => assert!(config.turn_limit > 0 && game.turn >= config.turn_limit),
    }
    assert_eq!(game.phase, Phase::Over);
    decisions
}

fn run(config: Config) {
    let start = std::time::Instant::now();
    let mut decisions = 0;
    let n = games();
    for seed in 0..n {
        decisions += checked_game(&config, seed);
    }
    println!(
        "{n} checked games ({config:?}): {decisions} decisions in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn four_players_random_board_with_trades() {
    run(Config {
        turn_limit: 1000,
        ..Config::players(4)
    });
}

#[test]
fn three_players_beginner_board_without_trades() {
    run(Config {
        board: BoardKind::Beginner,
        player_trades: false,
        turn_limit: 1000,
        ..Config::players(3)
    });
}

#[test]
fn four_players_shuffled_numbers_victory_at_turn_start() {
    run(Config {
        numbers: Numbers::Shuffled,
        victory: VictoryTiming::TurnStart,
        turn_limit: 1000,
        ..Config::players(4)
    });
}
