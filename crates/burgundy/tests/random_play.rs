//! Random play over many seeded games, with the invariants checked after every
//! decision (DESIGN.md, "How we know it is right"). Run it in release mode:
//! `cargo test --release -p tabuleiro-burgundy --test random_play`.

use tabuleiro_burgundy::tile::KINDS;
use tabuleiro_burgundy::{Action, Burgundy, Config, Event, Tile};
use tabuleiro_core::{replay, Game, Record, Rng, Seat, Step, ToAct};

/// A random action of any shape, mostly illegal: the engine must refuse it cleanly.
fn random_action(rng: &mut Rng) -> Action {
    let tile = Tile::from_kind(rng.below(KINDS));
    let small = |rng: &mut Rng| rng.below(9) as u8;
    match rng.below(11) {
        0 => Action::StartingCastle {
            space: rng.below(40) as u8,
        },
        1 => Action::Die {
            die: small(rng),
            value: small(rng),
        },
        2 => Action::Take {
            depot: small(rng),
            tile,
        },
        3 => Action::Place {
            tile,
            space: rng.below(40) as u8,
        },
        4 => Action::Sell { goods: small(rng) },
        5 => Action::Workers,
        6 => Action::Buy {
            depot: small(rng),
            tile,
            workers: rng.below(4) as u8,
        },
        7 => Action::Knowledge6 {
            depot: small(rng),
            tile,
        },
        8 => Action::Discard { tile },
        9 => Action::Ship {
            depot: small(rng),
            goods: rng.below(256) as u8,
        },
        _ => Action::Pass,
    }
}

fn scored(events: &[Event], seat: usize) -> i32 {
    events
        .iter()
        .map(|e| match e {
            Event::Scored { seat: s, vp, .. } if *s as usize == seat => *vp,
            _ => 0,
        })
        .sum()
}

/// Plays one game with every invariant checked; returns the number of decisions.
fn checked_game(config: &Config, seed: u64) -> usize {
    let mut game = Burgundy::new(config).unwrap();
    let mut chance = Rng::seed(seed);
    let mut rng = Rng::seed(seed ^ 0xDEAD_BEEF);
    let mut steps = Vec::new();
    let mut scored_vp = vec![0i32; game.players()];
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let outcome = game.sample_chance(&mut chance);
                game.apply_chance(&outcome, &mut events).unwrap();
                steps.push(Step::Chance { outcome });
            }
            ToAct::Seats(seats) => {
                let seat = seats.iter().nth(rng.below(seats.len())).unwrap();
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: seat {seat} must act but has no legal action"
                );
                // Every legal action applies.
                for a in &legal {
                    let mut g = game.clone();
                    g.apply(seat, a, &mut Vec::new())
                        .unwrap_or_else(|e| panic!("seed {seed}: legal {a} refused: {e}"));
                }
                // A sample of illegal actions is refused and changes nothing.
                for _ in 0..3 {
                    let a = random_action(&mut rng);
                    if legal.contains(&a) {
                        continue;
                    }
                    let before = game.clone();
                    assert!(
                        game.apply(seat, &a, &mut Vec::new()).is_err(),
                        "seed {seed}: illegal {a} accepted"
                    );
                    assert_eq!(game, before, "seed {seed}: refused {a} changed the state");
                }
                // A seat that is not to act is refused.
                let other = (0..game.players() as Seat).find(|s| !seats.contains(*s));
                if let Some(other) = other {
                    let before = game.clone();
                    assert!(game.apply(other, &legal[0], &mut Vec::new()).is_err());
                    assert_eq!(game, before);
                }
                let action = legal[rng.below(legal.len())];
                game.apply(seat, &action, &mut events).unwrap();
                steps.push(Step::Decision { seat, action });
                decisions += 1;
                // Views hide nothing that determinize cannot restore for the acting seat.
                let view = game.view(Some(seat));
                let back = Burgundy::determinize(&view, &mut rng);
                if game.stage != tabuleiro_burgundy::state::Stage::StartingCastles {
                    assert_eq!(back, game, "seed {seed}: determinize(view) differs");
                }
            }
        }
        for (s, total) in scored_vp.iter_mut().enumerate() {
            *total += scored(&events, s);
        }
        game.validate()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for (s, p) in game.players.iter().enumerate() {
            assert!(p.vp >= 0, "seed {seed}: negative VP");
            assert_eq!(
                p.vp, scored_vp[s],
                "seed {seed}: VP of seat {s} differs from its scoring events"
            );
        }
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(
            Burgundy::from_json(&json).unwrap(),
            game,
            "seed {seed}: JSON round trip"
        );
    }
    assert!(
        game.phase == 4 && game.round == 5,
        "seed {seed}: the game ends after phase E"
    );
    let record = Record::<Burgundy> {
        game: "burgundy".into(),
        game_version: "test".into(),
        standings: None,
        config: config.clone(),
        seed,
        steps,
        scores: Some(game.scores()),
    };
    let json = serde_json::to_string(&record).unwrap();
    let back: Record<Burgundy> = serde_json::from_str(&json).unwrap();
    assert_eq!(
        replay(&back).unwrap(),
        game,
        "seed {seed}: the record replays to the same final state"
    );
    decisions
}

fn run_chunk(chunk: u64, games: u64) {
    let mut decisions = 0;
    for i in 0..games {
        let seed = chunk * 1_000_000 + i;
        let players = 2 + (i % 3) as u8;
        let mut config = Config::players(players);
        // Every tenth game: the classic editions and the other readings.
        if i % 10 == 3 {
            config.edition = tabuleiro_burgundy::Edition::Classic;
        }
        if i % 10 == 7 {
            config.edition = tabuleiro_burgundy::Edition::Classic2011;
            config.rules.knowledge8 = tabuleiro_burgundy::config::Knowledge8::TwoOnly;
            config.rules.tiebreak = tabuleiro_burgundy::config::EmptySpacesTiebreak::Fewer;
        }
        decisions += checked_game(&config, seed);
    }
    assert!(
        decisions > games as usize * 200,
        "games are played out ({decisions} decisions)"
    );
}

/// How many games each chunk plays: 2,500 x 4 = 10,000 (RANDOM_PLAY_GAMES overrides,
/// e.g. for a quick debug-mode run).
fn games() -> u64 {
    std::env::var("RANDOM_PLAY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2500)
}

#[test]
fn random_play_chunk_1() {
    run_chunk(1, games());
}
#[test]
fn random_play_chunk_2() {
    run_chunk(2, games());
}
#[test]
fn random_play_chunk_3() {
    run_chunk(3, games());
}
#[test]
fn random_play_chunk_4() {
    run_chunk(4, games());
}
