//! The learning agents' encoding (`tabuleiro_core::Encode`) over random games of every
//! mode: 2-4 players in both editions, the modules, the team game, the solo game and
//! the AutoDuke. Run it in release mode:
//! `cargo test --release -p tabuleiro-burgundy --test encoding`.

mod common;

use tabuleiro_burgundy::config::{
    CastleOrder, CastleRecovery, TeamShields, TradeRouteOrder, VineyardColours,
};
use tabuleiro_burgundy::modules::{Hexamino, Module, ModuleSet, Vine, VineKeys, VineMove};
use tabuleiro_burgundy::{Action, Animal, Building, Burgundy, Config, Edition, Tile};
use tabuleiro_core::Encode;
use tabuleiro_testkit::encoding::check_random_games;

fn with(players: u8, modules: &[Module]) -> Config {
    Config {
        modules: ModuleSet::of(modules),
        ..Config::players(players)
    }
}

fn classic(players: u8) -> Config {
    let mut c = Config::players(players);
    c.edition = Edition::Classic;
    c.rules = tabuleiro_burgundy::config::RuleOptions::for_edition(c.edition);
    c
}

/// Every mode, with the fewest distinct ids its random games must offer.
fn modes() -> Vec<(&'static str, Config, usize)> {
    let mut duchy_modules = with(
        4,
        &[
            Module::Duchies11To18,
            Module::ExtraHexes,
            Module::WhiteCastles,
            Module::Inns,
        ],
    );
    duchy_modules.rules.castle_recovery = CastleRecovery::AnyDiscarded;
    let mut routes = with(
        3,
        &[Module::TradeRoutes, Module::TradingPosts, Module::Shields],
    );
    routes.rules.trade_route_order = TradeRouteOrder::Chosen;
    let mut vineyards = with(2, &[Module::Vineyards]);
    vineyards.rules.vineyard_colours = VineyardColours::Removed;
    let mut team_routes = with(4, &[Module::Team, Module::TradeRoutes]);
    team_routes.rules.trade_route_order = TradeRouteOrder::Chosen;
    let mut turn_order = with(3, &[Module::Duchies11To18, Module::Duchies19To22]);
    turn_order.castle_order = CastleOrder::TurnOrder;
    let mut member_shields = with(4, &[Module::Team, Module::Shields, Module::Inns]);
    member_shields.rules.team_shields = TeamShields::Member;
    let mut classic_modules = with(3, &[Module::ExtraHexes, Module::Shields]);
    classic_modules.edition = Edition::Classic;
    classic_modules.rules = tabuleiro_burgundy::config::RuleOptions::for_edition(Edition::Classic);
    vec![
        ("2 players", Config::players(2), 400),
        ("3 players", Config::players(3), 400),
        ("4 players", Config::players(4), 400),
        ("3 players classic", classic(3), 400),
        ("4 players classic", classic(4), 400),
        ("classic, extra hexes, shields", classic_modules, 400),
        ("duchy modules, inns, white castles", duchy_modules, 400),
        ("castles chosen in turn order", turn_order, 400),
        ("trade routes, trading posts, shields", routes, 400),
        ("vineyards", vineyards, 400),
        ("team", with(4, &[Module::Team]), 400),
        ("team, trade routes", team_routes, 400),
        (
            "team, vineyards, shields",
            with(4, &[Module::Team, Module::Vineyards, Module::Shields]),
            400,
        ),
        ("team, each member's shields, inns", member_shields, 400),
        ("solo", with(1, &[Module::Solo]), 200),
        ("AutoDuke against one", with(1, &[Module::AutoDuke]), 200),
        (
            "AutoDuke with modules",
            with(
                2,
                &[
                    Module::AutoDuke,
                    Module::Vineyards,
                    Module::TradingPosts,
                    Module::Shields,
                ],
            ),
            300,
        ),
    ]
}

/// How many games each mode plays (RANDOM_PLAY_GAMES overrides, for a long soak).
fn games() -> u32 {
    common::random_play_games(30)
}

#[test]
fn every_mode_numbers_its_decisions_and_observes_from_the_view() {
    for (i, (name, config, floor)) in modes().into_iter().enumerate() {
        let space = Burgundy::action_space(&config);
        let len = Burgundy::observation_len(&config);
        let summary = check_random_games::<Burgundy>(&config, games(), 41_000 + i as u64 * 100_000);
        println!(
            "{name}: {space} ids ({} seen), observation {len}",
            summary.ids_seen
        );
        assert!(
            summary.ids_seen >= floor,
            "{name}: only {} ids seen ({summary:?})",
            summary.ids_seen
        );
    }
}

#[test]
fn fields_out_of_range_have_no_id() {
    let config = Config::players(4);
    let space = |space| Action::Place {
        tile: Tile::Mine,
        space,
        shared: false,
    };
    let none = [
        Action::StartingCastle { space: 37 },
        space(73),
        // The shared key spaces belong to the team game.
        Action::Place {
            tile: Tile::Mine,
            space: 3,
            shared: true,
        },
        Action::Die { die: 0, value: 3 },
        Action::Die { die: 3, value: 3 },
        Action::Die { die: 1, value: 7 },
        Action::Take {
            depot: 7,
            tile: Tile::Ship,
        },
        Action::Take {
            depot: 1,
            tile: Tile::Knowledge(0),
        },
        Action::Take {
            depot: 1,
            tile: Tile::Knowledge(30),
        },
        Action::Take {
            depot: 1,
            tile: Tile::Livestock {
                animal: Animal::Cow,
                count: 5,
            },
        },
        Action::Take {
            depot: 1,
            tile: Tile::Livestock {
                animal: Animal::Goose,
                count: 1,
            },
        },
        Action::Sell { goods: 0 },
        Action::Sell { goods: 7 },
        Action::Buy {
            depot: 8,
            tile: Tile::Castle,
            workers: 0,
        },
        Action::Buy {
            depot: 0,
            tile: Tile::Castle,
            workers: 3,
        },
        Action::Ship { depot: 0, goods: 1 },
        Action::Ship {
            depot: 1,
            goods: 64,
        },
        Action::WhiteDie { value: 0 },
        Action::DuchySide { duchy: 200 },
        // The modules' decisions where the config does not play them.
        Action::Shield {
            shield: 1,
            space: 0,
        },
        Action::Tribute {
            keep: 0,
            workers: 0,
        },
        Action::BuyVp { vp: 1 },
        Action::RouteOrder {
            tiles: [1, 2, 0, 0, 0],
        },
        Action::KeySpace { shared: false },
        Action::Vine(VineMove::Take { slot: 1 }),
    ];
    for action in none {
        assert_eq!(Burgundy::action_id(&config, &action), None, "{action:?}");
    }
    assert!(Burgundy::action_id(&config, &space(36)).is_some());
    assert!(Burgundy::action_id(&config, &Action::DuchySide { duchy: 1 }).is_some());
    assert!(Burgundy::action_id(
        &config,
        &Action::Crane {
            building: Building::Inn
        }
    )
    .is_some());

    let shields = with(4, &[Module::Shields]);
    let tribute = |keep, workers| Burgundy::action_id(&shields, &Action::Tribute { keep, workers });
    assert!(tribute(0b1011, 3).is_some());
    assert_eq!(tribute(0b11111, 0), None, "more shields than castles");
    assert_eq!(tribute(1 << 18, 0), None, "no shield 19");
    assert_eq!(tribute(0b1, 5), None, "more workers than shields");
    let shield = |shield| Burgundy::action_id(&shields, &Action::Shield { shield, space: 0 });
    assert!(shield(18).is_some());
    assert_eq!(shield(0), None);
    assert_eq!(shield(19), None);
    let seat = |seat| Burgundy::action_id(&shields, &Action::Shield6 { seat });
    assert!(seat(3).is_some());
    assert_eq!(seat(4), None);

    let solo = with(1, &[Module::Solo]);
    let trade = |goods| {
        Burgundy::action_id(
            &solo,
            &Action::Trade {
                tile: Tile::Mine,
                goods,
            },
        )
    };
    assert!(trade([1, 1, 1, 1, 1, 0]).is_some());
    assert_eq!(trade([1, 1, 1, 1, 0, 0]), None, "4 goods");
    assert_eq!(trade([6, 0, 0, 0, 0, 0]), None, "6 goods");
    assert!(Burgundy::action_id(&solo, &Action::BuyVp { vp: 99 }).is_some());
    assert_eq!(Burgundy::action_id(&solo, &Action::BuyVp { vp: 100 }), None);

    let routes = with(2, &[Module::TradeRoutes]);
    let route = |tiles| Burgundy::action_id(&routes, &Action::RouteOrder { tiles });
    assert!(route([4, 2, 9, 1, 7]).is_some());
    assert_eq!(route([4, 0, 9, 0, 0]), None, "a tile after the last");

    let team = with(4, &[Module::Team, Module::Vineyards]);
    let vine = Hexamino::of(Vine::Red, Vine::Blue);
    let place = |space, keys| {
        let mv = VineMove::Place {
            vine,
            space,
            turned: true,
            keys,
        };
        Burgundy::action_id(&team, &Action::Vine(mv))
    };
    assert!(place(1, VineKeys::Shared).is_some());
    assert_eq!(place(200, VineKeys::Private), None);
    let vines = with(2, &[Module::Vineyards]);
    let split = VineMove::Discard {
        vine,
        keys: VineKeys::Split,
    };
    assert_eq!(
        Burgundy::action_id(&vines, &Action::Vine(split)),
        None,
        "no team"
    );
    let slot = |slot| Burgundy::action_id(&vines, &Action::Vine(VineMove::Take { slot }));
    assert!(slot(6).is_some());
    assert_eq!(slot(0), None);
    assert_eq!(slot(7), None);
    let bonus = |which| Burgundy::action_id(&vines, &Action::Vine(VineMove::Bonus { which }));
    assert!(bonus(2).is_some());
    assert_eq!(bonus(3), None);
}

#[test]
fn ids_stay_below_the_space_and_are_distinct_across_blocks() {
    // A sample of decisions of every kind: each id is below the action space and no
    // two decisions share one.
    let config = with(
        4,
        &[Module::Shields, Module::Vineyards, Module::TradeRoutes],
    );
    let vine = Hexamino::of(Vine::Green, Vine::Green);
    let actions = [
        Action::Pass,
        Action::Workers,
        Action::RecoverCastle,
        Action::HireWorkers,
        Action::Sell { goods: 6 },
        Action::Die { die: 2, value: 6 },
        Action::Place {
            tile: Tile::Knowledge(29),
            space: 36,
            shared: false,
        },
        Action::Buy {
            depot: 6,
            tile: Tile::Knowledge(29),
            workers: 2,
        },
        Action::Ship {
            depot: 6,
            goods: 63,
        },
        Action::Geese {
            animal: Animal::Chicken,
        },
        Action::Shield16 { die: 2, value: 6 },
        Action::Shield5 { goods: 6 },
        Action::ShieldTile {
            depot: 6,
            tile: Tile::Knowledge(29),
            space: 36,
        },
        Action::Tribute {
            keep: 0b1111 << 14,
            workers: 4,
        },
        Action::RouteOrder {
            tiles: [5, 4, 3, 2, 1],
        },
        Action::Vine(VineMove::Tile { vine: Vine::Blue }),
        Action::Vine(VineMove::Black {
            tile: Tile::Knowledge(29),
        }),
        Action::Vine(VineMove::Place {
            vine,
            space: 1,
            turned: false,
            keys: VineKeys::Private,
        }),
    ];
    let space = Burgundy::action_space(&config);
    let mut ids: Vec<usize> = actions
        .iter()
        .map(|a| Burgundy::action_id(&config, a).unwrap_or_else(|| panic!("{a:?}")))
        .collect();
    assert!(ids.iter().all(|&id| id < space), "{ids:?} of {space}");
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), actions.len());
}

/// A round's roll with two seats (and the white die), the solo roll and the AutoDuke's
/// die and cards are listed with their chances, which the sampler's frequencies match;
/// the tiles and goods drawn for a phase are only sampled.
#[test]
fn chance_outcomes_match_sampling() {
    use tabuleiro_testkit::chance::check_listed_outcomes;
    for config in [
        Config::players(2),
        with(1, &[Module::Solo]),
        with(1, &[Module::AutoDuke]),
    ] {
        let s = check_listed_outcomes::<Burgundy>(&config, 2, 80);
        assert!(s.listed > 20 && s.compared >= 10, "{s:?}");
        assert!(
            s.listed < s.chance_steps,
            "a phase's draws are only sampled: {s:?}"
        );
    }
    let four = check_listed_outcomes::<Burgundy>(&Config::players(4), 1, 90);
    assert_eq!(
        four.listed, 0,
        "four seats' dice are too many to list: {four:?}"
    );
}
