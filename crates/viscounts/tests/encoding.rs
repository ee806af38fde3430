//! The encoding for learning agents over random games of every mode (2, 3 and 4 players,
//! and the solo game against each AI board at several difficulties), the numbering laid
//! out without gaps or overlaps, and the ids refused for decisions outside it.

use tabuleiro_core::Encode;
use tabuleiro_testkit::encoding::{check_random_games, Summary};
use tabuleiro_viscounts::content::{Building, Content};
use tabuleiro_viscounts::effect::{Card, Res};
use tabuleiro_viscounts::{Action, Config, Funding, Main, Viscounts};

/// Random games per mode: enough to reach the rarer questions (free builds, expulsions,
/// destroys from the pile), few enough that the file runs in seconds.
const GAMES: u32 = 50;

fn run(config: Config, seed: u64) -> Summary {
    let summary = check_random_games::<Viscounts>(&config, GAMES, seed);
    println!(
        "{} players (ai {}, difficulty {}): space {}, observation {}, {summary:?}",
        config.players,
        config.ai,
        config.difficulty,
        Viscounts::action_space(&config),
        Viscounts::observation_len(&config),
    );
    summary
}

fn solo(ai: &str, difficulty: u8) -> Config {
    Config {
        ai: ai.into(),
        difficulty,
        ..Config::with_players(1)
    }
}

#[test]
fn two_players() {
    let s = run(Config::with_players(2), 100);
    assert!(s.ids_seen > 350, "{s:?}");
}

#[test]
fn three_players() {
    let s = run(Config::with_players(3), 200);
    assert!(s.ids_seen > 350, "{s:?}");
}

#[test]
fn four_players() {
    let s = run(Config::with_players(4), 300);
    assert!(s.ids_seen > 350, "{s:?}");
}

#[test]
fn solo_against_every_ai_board() {
    for (k, (ai, difficulty)) in [("cleric", 0), ("noble", 1), ("builder", 2), ("merchant", 3)]
        .into_iter()
        .enumerate()
    {
        let s = run(solo(ai, difficulty), 400 + 100 * k as u64);
        assert!(s.ids_seen > 250, "{ai} {difficulty}: {s:?}");
    }
}

/// Every main action the numbering can hold: targets, dismissals and substitute uses
/// over ranges wider than the space's (`paid` is not numbered: it follows from the rest).
fn mains() -> Vec<Action> {
    let wide_uses = 10u8;
    let mut targets: Vec<Main> = (0..=40).map(|times| Main::Trade { times }).collect();
    for building in Building::ALL {
        targets.extend((0..10).map(|spot| Main::Build { building, spot }));
    }
    targets.extend((0..10).map(|workers| Main::PlaceWorkers { workers }));
    targets.push(Main::Transcribe);
    let mut out = Vec::new();
    for main in targets {
        for dismiss in [false, true] {
            for a in 0..wide_uses {
                for b in 0..wide_uses {
                    for c in 0..wide_uses {
                        let funding = Funding {
                            dismiss,
                            paid: 0,
                            subs: [a, b, c],
                        };
                        out.push(Action::Main { main, funding });
                    }
                }
            }
        }
    }
    out
}

/// Every other decision, over ranges wider than the space's.
fn others() -> Vec<Action> {
    let wide = 0..=255u8;
    let mut out = vec![
        Action::NoAction,
        Action::Hire,
        Action::Pass,
        Action::DiscardTop,
        Action::DestroyTop,
        Action::FlipDebt,
        Action::FlipDeed,
    ];
    for n in wide.clone() {
        let card = Card(n);
        out.extend([
            Action::ChoosePair { pair: n },
            Action::Place { card },
            Action::DiscardFromHand { card },
            Action::DestroyFromHand { card },
            Action::DestroyFromPile { card },
            Action::Move {
                to: n,
                paid: 0,
                free: false,
            },
            Action::Choose { index: n },
            Action::HireFree { pos: n },
            Action::PlaceIn { section: n },
            Action::TakeManuscript { pos: n },
            Action::Advance { section: n },
            Action::Expel { owner: n },
            Action::CastleMove {
                section: n,
                clockwise: n % 2 == 0,
            },
            Action::CastleMove {
                section: n,
                clockwise: n % 2 == 1,
            },
        ]);
    }
    out.extend(Res::ALL.map(|res| Action::TakeResource { res }));
    for pos in 0..10 {
        out.extend((0..10).map(|spot| Action::BuildFree { pos, spot }));
    }
    for a in 0..4 {
        for b in 0..4 {
            out.extend((0..4).map(|c| Action::Rearrange { order: [a, b, c] }));
        }
    }
    out
}

/// The ids of `actions` are distinct and fill the space exactly: the blocks neither
/// overlap nor leave gaps.
#[test]
fn the_numbering_fills_the_space_without_overlaps() {
    for players in 1..=4 {
        let config = Config::with_players(players);
        let space = Viscounts::action_space(&config);
        let actions = mains().into_iter().chain(others());
        let mut ids: Vec<usize> = actions
            .filter_map(|a| Viscounts::action_id(&config, &a))
            .collect();
        ids.sort_unstable();
        let all: Vec<usize> = (0..space).collect();
        assert_eq!(ids, all, "{players} players");
    }
}

#[test]
fn decisions_outside_the_space_have_no_id() {
    let config = Config::with_players(2);
    let villagers = Content::get().villagers.len() as u8;
    let funding = Funding::default();
    let uses = |subs| Funding {
        subs,
        ..Funding::default()
    };
    let outside = [
        Action::ChoosePair { pair: 3 },
        Action::Place {
            card: Card(villagers),
        },
        Action::DestroyFromPile { card: Card(200) },
        Action::Move {
            to: 15,
            paid: 0,
            free: false,
        },
        Action::Main {
            main: Main::Trade { times: 0 },
            funding,
        },
        Action::Main {
            main: Main::Trade { times: 31 },
            funding,
        },
        // No villager substitutes for a trade.
        Action::Main {
            main: Main::Trade { times: 1 },
            funding: uses([1, 0, 0]),
        },
        Action::Main {
            main: Main::Build {
                building: Building::Workshop,
                spot: 8,
            },
            funding,
        },
        // More uses than the most a building needs.
        Action::Main {
            main: Main::Build {
                building: Building::Workshop,
                spot: 0,
            },
            funding: uses([3, 3, 3]),
        },
        Action::Main {
            main: Main::PlaceWorkers { workers: 5 },
            funding,
        },
        Action::Main {
            main: Main::Transcribe,
            funding: uses([0, 0, 255]),
        },
        Action::Choose { index: 2 },
        Action::Rearrange { order: [0, 0, 1] },
        Action::Rearrange { order: [0, 1, 3] },
        Action::HireFree { pos: 5 },
        Action::CastleMove {
            section: 5,
            clockwise: true,
        },
        Action::PlaceIn { section: 5 },
        Action::BuildFree { pos: 0, spot: 5 },
        Action::BuildFree { pos: 5, spot: 0 },
        Action::TakeManuscript { pos: 5 },
        Action::Advance { section: 255 },
        Action::Expel { owner: 2 },
    ];
    for action in outside {
        assert_eq!(Viscounts::action_id(&config, &action), None, "{action}");
    }
    // The solo game's expulsion may remove the AI's worker (seat 1), not a third seat's.
    let solo = solo("cleric", 0);
    assert!(Viscounts::action_id(&solo, &Action::Expel { owner: 1 }).is_some());
    assert_eq!(
        Viscounts::action_id(&solo, &Action::Expel { owner: 2 }),
        None
    );
}

/// Every card or manuscript drawn from a pile is listed with its chance, which the
/// sampler's frequencies match; the setup's shuffles are only sampled.
#[test]
fn chance_outcomes_match_sampling() {
    use tabuleiro_testkit::chance::check_listed_outcomes;
    for config in [Config::with_players(3), solo("cleric", 2)] {
        let s = check_listed_outcomes::<Viscounts>(&config, 4, 60);
        assert!(s.listed > 50 && s.compared >= 20, "{s:?}");
        assert!(
            s.listed < s.chance_steps,
            "the setup is only sampled: {s:?}"
        );
    }
}
