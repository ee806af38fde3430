//! The encoding for learning agents over random games of every mode (base and Cities &
//! Knights, 3 and 4 players, trades between players on and off), and the ids refused
//! for decisions outside the numbered space.

use tabuleiro_catan::action::Play;
use tabuleiro_catan::ck::{Progress, Track};
use tabuleiro_catan::geometry::{EDGES, HEXES, VERTICES};
use tabuleiro_catan::{Action, Card, Cards, Catan, Config};
use tabuleiro_core::Encode;
use tabuleiro_testkit::encoding::{check_random_games, Summary};

/// Random games per mode: enough to reach trades, robbers and the expansion's steps,
/// few enough that the file runs in seconds.
const GAMES: u32 = 30;
/// Turns after which a random game stops (random play seldom wins quickly).
const TURN_LIMIT: u32 = 150;

fn run(config: Config, seed: u64) -> Summary {
    let config = Config {
        turn_limit: TURN_LIMIT,
        ..config
    };
    let summary = check_random_games::<Catan>(&config, GAMES, seed);
    println!(
        "{} players {:?} trades {}: space {}, observation {}, {summary:?}",
        config.players,
        config.expansion,
        config.player_trades,
        Catan::action_space(&config),
        Catan::observation_len(&config),
    );
    summary
}

#[test]
fn base_game_three_players() {
    let s = run(Config::players(3), 100);
    assert!(s.ids_seen > 250, "{s:?}");
    assert!(s.unlisted_accepted > 0, "random play reaches offers: {s:?}");
}

#[test]
fn base_game_four_players() {
    let s = run(Config::players(4), 200);
    assert!(s.ids_seen > 250, "{s:?}");
    assert!(s.unlisted_accepted > 0, "random play reaches offers: {s:?}");
}

#[test]
fn base_game_without_trades_offers_none() {
    let config = Config {
        player_trades: false,
        ..Config::players(4)
    };
    let s = run(config.clone(), 300);
    assert!(s.ids_seen > 200, "{s:?}");
    assert_eq!(s.unlisted_accepted, 0, "{s:?}");
    // No trade between players is ever decided: the trade blocks have no ids (the
    // 80 offers, 80 counter-offers, accept, decline, the 4 partners, withdraw).
    assert_eq!(Catan::action_space(&Config::players(4)), 507);
    assert_eq!(Catan::action_space(&config), 507 - 167);
    let offer = Action::Offer {
        give: cards("B"),
        get: cards("G"),
    };
    assert!(Catan::action_id(&Config::players(4), &offer).is_some());
    assert_eq!(Catan::action_id(&config, &offer), None);
    assert_eq!(Catan::action_id(&config, &Action::Accept), None);
    assert_eq!(
        Catan::action_id(&config, &Action::TradeWith { seat: 1 }),
        None
    );
    let end = Catan::action_id(&config, &Action::EndTurn);
    assert_eq!(
        end,
        Some(Catan::action_space(&config) - 1),
        "the last base block"
    );
}

#[test]
fn cities_and_knights_three_players() {
    let s = run(Config::cities_and_knights(3), 400);
    assert!(s.ids_seen > 400, "{s:?}");
    assert!(s.unlisted_accepted > 0, "random play reaches offers: {s:?}");
}

#[test]
fn cities_and_knights_four_players() {
    let s = run(Config::cities_and_knights(4), 500);
    assert!(s.ids_seen > 400, "{s:?}");
    assert!(s.unlisted_accepted > 0, "random play reaches offers: {s:?}");
}

fn cards(s: &str) -> Cards {
    s.parse().expect("card letters")
}

#[test]
fn decisions_outside_the_space_have_no_id() {
    let base = Config::players(4);
    let three = Config::players(3);
    let ck = Config::cities_and_knights(4);
    let out_of_range = [
        Action::Settle {
            vertex: VERTICES as u8,
        },
        Action::Road { edge: EDGES as u8 },
        Action::City { vertex: u8::MAX },
        Action::Robber {
            hex: HEXES as u8,
            victim: None,
        },
        Action::Robber {
            hex: 0,
            victim: Some(4),
        },
        Action::TradeWith { seat: 4 },
        // Commodities and the expansion's decisions are not in the base game.
        Action::Discard { card: Card::Paper },
        Action::Maritime {
            give: Card::Coin,
            get: Card::Ore,
        },
        Action::Wall { vertex: 0 },
        Action::Play {
            play: Play::Saboteur,
        },
        // Trades outside the bounded form.
        Action::Offer {
            give: cards("BBB"),
            get: cards("W"),
        },
        Action::Offer {
            give: cards("BL"),
            get: cards("W"),
        },
        Action::Offer {
            give: cards("B"),
            get: cards("B"),
        },
        Action::Offer {
            give: cards("-"),
            get: cards("W"),
        },
        Action::Counter {
            give: cards("O"),
            get: cards("GGG"),
        },
        Action::Offer {
            give: cards("P"),
            get: cards("W"),
        },
    ];
    for action in out_of_range {
        assert_eq!(Catan::action_id(&base, &action), None, "{action}");
    }
    assert_eq!(
        Catan::action_id(&three, &Action::TradeWith { seat: 3 }),
        None
    );
    let ck_out_of_range = [
        Action::BuyDevelopment,
        Action::Monopoly { card: Card::Ore },
        Action::MoveKnight {
            from: 0,
            to: VERTICES as u8,
        },
        Action::Relocate {
            to: Some(VERTICES as u8),
        },
        Action::HarborOffer {
            seat: 4,
            card: Card::Ore,
        },
        Action::HarborOffer {
            seat: 0,
            card: Card::Paper,
        },
        Action::Aqueduct { card: Card::Coin },
        Action::Play {
            play: Play::Alchemist { yellow: 0, red: 3 },
        },
        Action::Play {
            play: Play::Alchemist { yellow: 7, red: 3 },
        },
        Action::Play {
            play: Play::Inventor {
                a: 0,
                b: HEXES as u8,
            },
        },
        Action::Play {
            play: Play::Smith {
                first: VERTICES as u8,
                second: None,
            },
        },
        Action::Play {
            play: Play::TradeMonopoly { kind: Card::Ore },
        },
        Action::Play {
            play: Play::Spy { seat: 4 },
        },
        Action::Offer {
            give: cards("PPP"),
            get: cards("M"),
        },
    ];
    for action in ck_out_of_range {
        assert_eq!(Catan::action_id(&ck, &action), None, "{action}");
    }
}

#[test]
fn bounded_decisions_have_ids_in_range() {
    let ck = Config::cities_and_knights(4);
    let space = Catan::action_space(&ck);
    let inside = [
        Action::Offer {
            give: cards("PP"),
            get: cards("M"),
        },
        Action::Counter {
            give: cards("B"),
            get: cards("OO"),
        },
        Action::Play {
            play: Play::Smith {
                first: VERTICES as u8 - 1,
                second: Some(VERTICES as u8 - 1),
            },
        },
        Action::Play {
            play: Play::Alchemist { yellow: 6, red: 6 },
        },
        Action::TakeProgress {
            card: Progress::Smith,
        },
        Action::PickDeck {
            track: Track::Science,
        },
        Action::Relocate { to: None },
    ];
    let mut ids: Vec<usize> = inside
        .iter()
        .map(|a| Catan::action_id(&ck, a).unwrap_or_else(|| panic!("{a} has an id")))
        .collect();
    assert!(ids.iter().all(|&id| id < space));
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), inside.len(), "distinct ids");
}

/// The rolls (with the event die in Cities & Knights) and the robber's steals are
/// listed with their chances, which the sampler's frequencies match.
#[test]
fn chance_outcomes_match_sampling() {
    use tabuleiro_testkit::chance::check_listed_outcomes;
    for config in [Config::players(4), Config::cities_and_knights(3)] {
        let config = Config {
            turn_limit: 60,
            ..config
        };
        let s = check_listed_outcomes::<Catan>(&config, 6, 40);
        assert!(s.listed > 100 && s.compared >= 30, "{s:?}");
        assert!(
            s.listed < s.chance_steps,
            "the setup is only sampled: {s:?}"
        );
    }
}
