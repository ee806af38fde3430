//! Every key the engine emits (refusals, action labels, events) is in the three
//! catalogues of crates/i18n, so the edge never shows a bare key.

use serde_json::{Map, Value};
use tabuleiro_burgundy::error::{Awaiting, Error, Reason, Why};
use tabuleiro_burgundy::modules::{BonusKind, Module, ModuleRefusal};
use tabuleiro_burgundy::{Action, Burgundy, Colour, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::{Explain, Present};

const CATALOGUES: [(&str, &str); 3] = [
    ("en", include_str!("../../i18n/locales/burgundy/en.json")),
    (
        "pt-BR",
        include_str!("../../i18n/locales/burgundy/pt-BR.json"),
    ),
    ("es", include_str!("../../i18n/locales/burgundy/es.json")),
];

fn reasons() -> Vec<Reason> {
    let t = Tile::Mine;
    let h: tabuleiro_burgundy::modules::Hexamino = "green-blue".parse().unwrap();
    let awaiting = [
        Awaiting::StartingCastle,
        Awaiting::DuchySide { front: 1, back: 2 },
        Awaiting::Die,
        Awaiting::UseDie { value: 1 },
        Awaiting::CastleAction,
        Awaiting::Discard { incoming: t },
        Awaiting::ShipGoods,
        Awaiting::ShipAdjacent { chosen: 1 },
        Awaiting::TakeFrom,
        Awaiting::WarehouseSell,
        Awaiting::CityHall,
        Awaiting::Crane,
        Awaiting::WhiteDie,
        Awaiting::ShieldGoods,
        Awaiting::ShieldTile,
        Awaiting::Tribute,
        Awaiting::VineBonuses,
        Awaiting::VineDepot,
        Awaiting::BlackOrShop,
        Awaiting::VineRoom {
            incoming: "green-blue".parse().unwrap(),
        },
        Awaiting::VineTile,
        Awaiting::VineKeySpace {
            incoming: "green-blue".parse().unwrap(),
        },
    ];
    let mut all: Vec<Reason> = awaiting
        .into_iter()
        .map(|awaiting| Reason::NotNow { awaiting })
        .collect();
    all.extend([
        Reason::NoSuchDie { die: 3 },
        Reason::DieUsed { die: 1 },
        Reason::NoSuchValue { value: 9 },
        Reason::WorkersCannotTurn { from: 1, to: 2 },
        Reason::NotEnoughWorkers {
            from: 1,
            to: 3,
            need: 2,
            have: 0,
        },
        Reason::AlreadyBought,
        Reason::NotEnoughSilver { need: 2, have: 1 },
        Reason::CannotBuy { depot: 1, tile: t },
        Reason::DieDoesNotMatchDepot { value: 1, depot: 2 },
        Reason::DieDoesNotMatchGoods { value: 1, goods: 2 },
        Reason::NoGoods { goods: 1 },
        Reason::NotInDepot { depot: 1, tile: t },
        Reason::NotInStorage { tile: t },
        Reason::PartnersStorage { tile: t },
        Reason::NoSuchSpace { space: 40 },
        Reason::SpaceCovered { space: 1 },
        Reason::WrongColour {
            space: 1,
            colour: Colour::Water,
            needs: Colour::Mine,
        },
        Reason::WrongNumber {
            space: 1,
            number: 2,
            value: 3,
        },
        Reason::NotAdjacent { space: 1 },
        Reason::SameBuildingInCity { tile: t },
        Reason::NotACastleSpace { space: 1, duchy: 1 },
        Reason::NotATeamCastleSpace {
            space: 0,
            board: 32,
            one: 21,
            six: 54,
        },
        Reason::ShipDepotWithoutGoods { depot: 2 },
        Reason::NotASide {
            duchy: 5,
            front: 1,
            back: 2,
        },
        Reason::NotConnectedToCastle { space: 3 },
        Reason::NoCastleRecovery,
        Reason::HireNeedsSilver,
        Reason::RecoveryNeedsBothDice,
        Reason::NoDiscardedCastle,
        Reason::RecoveryCostsVp { need: 5, have: 2 },
        Reason::SecondInnInArea { space: 3 },
        Reason::NotARouteOrder,
        Reason::VineNotInDepot { slot: 2 },
        Reason::VineDieDoesNotMatch { value: 1, slot: 2 },
        Reason::VineNotHeld { vine: h },
        Reason::VineKeySpaceFull {
            keys: tabuleiro_burgundy::modules::VineKeys::Split,
        },
        Reason::VineNotInShop { vine: h },
        Reason::VineNoSuchSpace { space: 12 },
        Reason::VineSpaceCovered { space: 1 },
        Reason::VineWrongNumber {
            space: 1,
            number: 1,
            value: 2,
        },
        Reason::VineFirstOnLowest { space: 5 },
        Reason::VineNotAdjacent { space: 9 },
    ]);
    all
}

fn errors() -> Vec<Error> {
    let whys = [
        Why::NoSuchSeat { seats: 2 },
        Why::NotYourTurn { turn: 1 },
        Why::CastleChosen,
        Why::GameOver,
        Why::Chance,
    ];
    let mut all: Vec<Error> = whys
        .into_iter()
        .map(|why| Error::NotYourDecision { seat: 0, why })
        .collect();
    all.extend(reasons().into_iter().map(|reason| Error::Illegal {
        action: "pass".into(),
        reason,
    }));
    all.extend([
        Error::Outcome("x".into()),
        Error::Config("x".into()),
        Error::Position("x".into()),
    ]);
    let (m, other) = (Module::Inns, Module::AutoDuke);
    all.extend(
        [
            ModuleRefusal::NotYetPlayed { module: m },
            ModuleRefusal::Excludes { module: m, other },
            ModuleRefusal::NotInEdition {
                module: m,
                edition: Edition::Classic,
            },
            ModuleRefusal::DuchyNeedsModule {
                duchy: 13,
                module: m,
            },
            ModuleRefusal::ClassicOutpostDuchy { duchy: 1 },
            ModuleRefusal::OnlyOnFirstExpansionDuchies {
                option: "connectivity",
            },
            ModuleRefusal::OptionNeedsModule {
                option: "geese_knowledge7",
                module: Module::ExtraHexes,
            },
            ModuleRefusal::SoloPlayers { players: 2 },
            ModuleRefusal::SoloDuchy { duchy: 1 },
            ModuleRefusal::SoloBoards { other: m },
            ModuleRefusal::SoloGoal {
                goal: 1,
                min: 5,
                max: 99,
            },
            ModuleRefusal::TeamPlayers { players: 2 },
            ModuleRefusal::TeamBoards { other: m },
            ModuleRefusal::TeamDuchy { duchy: 1 },
            ModuleRefusal::AdvancedTeamBoardNotInContent,
            ModuleRefusal::TeamBoardNotInContent,
            ModuleRefusal::AutoDukePlayers { players: 4 },
        ]
        .map(Error::Module),
    );
    all
}

fn actions() -> Vec<Action> {
    [
        "castle 18",
        "side 2",
        "die 1 3",
        "take 2 mine",
        "place mine 3",
        "sell 2",
        "workers",
        "buy black mine",
        "buy 3 mine workers=1",
        "buy 3 mine workers=2",
        "buy black mine workers=1",
        "buy black mine workers=2",
        "knowledge6 2 bank",
        "discard mine",
        "ship 2 1,3",
        "pass",
        "recover castle",
        "crane church",
        "crane white-castle",
        "hire workers",
        "white 3",
        "buy black inn",
        "route 3,1,12",
        "vine take 3",
        "vine place green-blue 4",
        "vine place green-blue 4 turned",
        "vine buy red-red",
        "vine discard red-red",
        "vine discard red-red split",
        "vine discard red-red shared",
        "vine place green-blue 4 split",
        "vine place green-blue 4 turned shared",
        "vine place green-blue 4 shared",
        "vine place green-blue 4 turned split",
        "vine keyspace private",
        "vine keyspace split",
        "vine keyspace shared",
        "vine bonus 2",
        "vine black mine",
        "vine shop red-red",
        "vine tile green",
    ]
    .iter()
    .map(|t| t.parse().unwrap())
    .collect()
}

fn events() -> Vec<Event> {
    let kinds = [
        BonusKind::Silver,
        BonusKind::Workers,
        BonusKind::Vp,
        BonusKind::TakeBuilding,
        BonusKind::TakeChurch,
        BonusKind::TakeAny,
        BonusKind::Sell,
    ];
    let bonuses = kinds.map(|kind| Event::RouteBonus {
        seat: 0,
        space: 1,
        kind,
        amount: 2,
    });
    let mut all = vec![
        Event::GameSetUp {
            provisional: Vec::new(),
            start_player: 0,
            duchies: vec![1],
            boards: vec![],
        },
        Event::DuchySideChosen { seat: 0, duchy: 2 },
        Event::CastleRecovered { seat: 0, vp: 5 },
        Event::InnArrived { inns: 2 },
        Event::RouteArranged {
            seat: 0,
            tiles: vec![3, 1],
        },
        Event::TradeRouteDealt {
            seat: 0,
            tiles: vec![3, 4],
            provisional: vec![4],
        },
        Event::TradeRouteDealt {
            seat: 0,
            tiles: vec![3, 1],
            provisional: vec![],
        },
        Event::GoodsOnRoute {
            seat: 0,
            goods: 2,
            count: 2,
            space: 1,
        },
        Event::RouteBonusLost { seat: 0, space: 2 },
        Event::Scored {
            seat: 0,
            vp: 4,
            why: ScoreReason::TradeRoute { space: 3 },
        },
        Event::CraneTriggered {
            seat: 0,
            building: tabuleiro_burgundy::Building::Bank,
        },
        Event::WhiteDieUsed {
            seat: 0,
            value: 3,
            workers: 1,
        },
        Event::HiredWorkers {
            seat: 0,
            workers: 2,
            silver: 1,
        },
        Event::StartingCastle { seat: 0, space: 18 },
        Event::PhaseStarted { phase: 'A' },
        Event::RoundStarted { round: 1, white: 2 },
        Event::GoodsArrived { depot: 1, goods: 2 },
        Event::DieUsed {
            seat: 0,
            die: 1,
            value: 2,
            workers: 0,
        },
        Event::TookTile {
            seat: 0,
            depot: 1,
            tile: Tile::Mine,
        },
        Event::Bought {
            seat: 0,
            depot: 0,
            tile: Tile::Mine,
            silver: 2,
            workers: 0,
        },
        Event::Discarded {
            seat: 0,
            tile: Tile::Mine,
        },
        Event::Placed {
            seat: 0,
            tile: Tile::Mine,
            space: 3,
        },
        Event::EffectLost {
            seat: 0,
            tile: Tile::Mine,
        },
        Event::Sold {
            seat: 0,
            goods: 1,
            count: 2,
        },
        Event::TookGoods {
            seat: 0,
            depot: 1,
            goods: [0; 6],
        },
        Event::MovedOnTrack { seat: 0, space: 1 },
        Event::Gained {
            seat: 0,
            silver: 1,
            workers: 0,
        },
        Event::Scored {
            seat: 0,
            vp: 1,
            why: ScoreReason::Watchtower,
        },
        Event::Passed { seat: 0 },
        Event::TurnEnded { seat: 0 },
        Event::PhaseEnded { phase: 'A' },
        Event::GameOver {
            scores: vec![1],
            ranking: vec![0],
        },
    ];
    all.extend(bonuses);
    all.extend(vine_events());
    all.extend(auto_duke_events());
    all
}

/// The vineyards' events, each of its sentences.
fn vine_events() -> Vec<Event> {
    use tabuleiro_burgundy::modules::{Hexamino, Vine};
    let h: Hexamino = "green-blue".parse().unwrap();
    let mut all: Vec<Event> = [true, false]
        .map(|provisional| Event::VinesDealt {
            removed: vec![Vine::Red],
            dealt: vec![Vine::Green, Vine::Blue],
            provisional,
        })
        .to_vec();
    all.extend([
        Event::VinesRefilled {
            depot: vec![Some(h), None],
            shop: vec![h],
        },
        Event::VineTaken {
            seat: 0,
            slot: 3,
            vine: h,
        },
        Event::VinePlaced {
            seat: 0,
            vine: h,
            space: 4,
            turned: true,
        },
        Event::VineBought { seat: 0, vine: h },
        Event::VineFromShop { seat: 0, vine: h },
        Event::VineFreeTile {
            seat: 0,
            tile: Tile::Mine,
        },
        Event::VineDiscarded { seat: 0, vine: h },
        Event::VineKeySpaceChosen {
            seat: 0,
            vine: h,
            keys: tabuleiro_burgundy::modules::VineKeys::Private,
        },
        Event::VineKeySpaceChosen {
            seat: 0,
            vine: h,
            keys: tabuleiro_burgundy::modules::VineKeys::Split,
        },
        Event::VineKeySpaceChosen {
            seat: 0,
            vine: h,
            keys: tabuleiro_burgundy::modules::VineKeys::Shared,
        },
        Event::VineBonusUsed {
            seat: 0,
            space: 4,
            which: 1,
        },
        Event::VineTileTaken {
            seat: 0,
            vine: Vine::Green,
        },
        Event::Scored {
            seat: 0,
            vp: 6,
            why: ScoreReason::Vines {
                vine: Vine::Green,
                size: 3,
            },
        },
        Event::Scored {
            seat: 0,
            vp: 4,
            why: ScoreReason::VineyardBonus,
        },
    ]);
    all
}

/// The AutoDuke's events, each of its sentences.
fn auto_duke_events() -> Vec<Event> {
    use tabuleiro_burgundy::modules::{AutoDukeAction, SaleCause};
    let t = Tile::Mine;
    let mut all = Vec::new();
    for provisional in [true, false] {
        all.push(Event::AutoDukeSetUp {
            left: 1,
            right: 2,
            provisional,
        });
        all.push(Event::AutoDukeDrew {
            card: 3,
            provisional,
        });
    }
    for face_down in [true, false] {
        all.push(Event::AutoDukeLaid {
            tile: (!face_down).then_some(t),
            space: 2,
            face_down,
        });
    }
    let actions = [
        AutoDukeAction::Turn,
        AutoDukeAction::Castle,
        AutoDukeAction::ExtraTurn,
    ];
    for action in actions {
        all.push(Event::AutoDukeTook {
            action,
            depot: 1,
            tile: t,
            card: 1,
        });
    }
    for action in [AutoDukeAction::Turn, AutoDukeAction::CityHall] {
        all.push(Event::AutoDukeFromReserve {
            action,
            tile: t,
            card: 1,
        });
    }
    let causes = [
        SaleCause::Symbol,
        SaleCause::Warehouse,
        SaleCause::Castle,
        SaleCause::ExtraTurn,
    ];
    for cause in causes {
        all.push(Event::AutoDukeSold {
            cause,
            goods: 1,
            count: 2,
            vp: 4,
        });
        all.push(Event::AutoDukeNothingToSell { cause });
    }
    all.extend([
        Event::AutoDukeRolled { die: 3 },
        Event::AutoDukeWildcard { card: 1 },
        Event::AutoDukeTookBlack { tile: t },
        Event::AutoDukeNoTile { silver: 2 },
        Event::AutoDukeBenefit {
            tile: t,
            silver: 2,
            vp: 0,
        },
        Event::AutoDukeBenefit {
            tile: t,
            silver: 0,
            vp: 2,
        },
        Event::AutoDukeToReserve {
            via: t,
            depot: 1,
            tile: t,
        },
        Event::AutoDukeBenefitLost { tile: t },
        Event::AutoDukeShip {
            depot: 1,
            goods: [1, 0, 0, 0, 0, 0],
        },
        Event::AutoDukeMoved { space: 1 },
        Event::AutoDukeCompleted {
            card: 1,
            vp: 14,
            tiles: vec![t],
        },
        Event::AutoDukeExtraTurn { space: 7 },
        Event::AutoDukeNothingFound {},
        Event::AutoDukeSaleBonus { vp: 1 },
        Event::AutoDukeCrane {},
        Event::AutoDukeTradingPostBonus { vp: 10 },
        Event::AutoDukeTradingPostTile { vp: 5 },
        Event::AutoDukeTradingPostTileGone {},
        Event::AutoDukeShield {
            depot: 1,
            shield: 3,
        },
        Event::AutoDukeNoShield {},
        Event::AutoDukeShieldsFinal { shields: 2, vp: 15 },
        Event::AutoDukeHexamino {
            position: 3,
            vine: "green-blue".parse().unwrap(),
        },
        Event::AutoDukeNoHexamino {},
        Event::AutoDukeBoughtHexamino {
            vine: "red-red".parse().unwrap(),
        },
        Event::AutoDukeHexaminoesFinal {
            hexaminoes: 4,
            vp: 10,
        },
        Event::AutoDukeBonusTile {
            colour: Colour::Mine,
            vp: 5,
        },
        Event::AutoDukeBought { tile: t },
        Event::AutoDukeTurnEnded {},
        Event::AutoDukeMines { silver: 1 },
        Event::AutoDukeFinal {
            monasteries: 4,
            goods: 1,
            silver: 1,
            reserve: 1,
            cards: 2,
            vp: 9,
        },
    ]);
    all
}

#[test]
fn every_key_the_engine_emits_is_in_every_catalogue() {
    let game = Burgundy::create(&Config::default()).unwrap();
    let mut keys: Vec<String> = errors().iter().map(|e| e.message().key).collect();
    keys.extend(actions().iter().map(|a| game.label(0, a).key));
    keys.extend(
        events()
            .iter()
            .map(|e| <Burgundy as Present>::describe(e).key),
    );
    assert_in_every_catalogue(&keys);
}

/// Every key of `keys` is in each of the three catalogues.
fn assert_in_every_catalogue<'a>(keys: impl IntoIterator<Item = &'a String> + Clone) {
    for (lang, text) in CATALOGUES {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for key in keys.clone() {
            assert!(catalogue.contains_key(key), "{lang}: no {key:?}");
        }
    }
}

/// The team game's key-space choice says where the tile went, in each catalogue
/// (a past session saw the browser's log show `event.key-space-chosen` raw).
#[test]
fn the_key_space_choices_are_in_every_catalogue() {
    let keys: Vec<String> = [false, true]
        .map(|shared| Event::KeySpaceChosen {
            seat: 0,
            tile: Tile::Mine,
            shared,
        })
        .iter()
        .map(|e| <Burgundy as Present>::describe(e).key)
        .collect();
    assert_eq!(
        keys,
        ["event.key-space-chosen", "event.key-space-chosen-shared"]
    );
    assert_in_every_catalogue(&keys);
}

/// Every event of whole games played at random, the team game among them (its key
/// spaces, the team's vineyard), is a sentence of every catalogue: the events the
/// lists above forget are caught here.
#[test]
fn every_event_of_random_games_is_in_every_catalogue() {
    use tabuleiro_core::{play, UniformChooser};
    let mut seen = std::collections::BTreeSet::new();
    for (players, modules) in [
        (4, &["team"][..]),
        (4, &["team", "vineyards"]),
        (4, &["team", "shields", "vineyards", "inns", "trade-routes"]),
        (3, &["shields", "vineyards", "white-castles", "extra-hexes"]),
        (1, &["solo"]),
        (1, &["auto-duke"]),
    ] {
        let config: Config = serde_json::from_value(serde_json::json!({
            "players": players, "modules": modules
        }))
        .unwrap();
        for seed in 1..=3 {
            play::<Burgundy>(&config, seed, &mut UniformChooser, false, |_, events| {
                seen.extend(
                    events
                        .iter()
                        .map(|e| <Burgundy as Present>::describe(e).key),
                );
            })
            .unwrap();
        }
    }
    assert_in_every_catalogue(&seen);
    // The team game's key-space choices were among them.
    assert!(
        seen.iter().any(|k| k.starts_with("event.key-space-chosen")),
        "{seen:?}"
    );
    assert!(
        seen.iter()
            .any(|k| k.starts_with("event.vine-key-space-chosen")),
        "{seen:?}"
    );
}

/// The modules' own decisions (recover, crane, hire, white) are offered with a path,
/// a catalogued label and their text form, read back to the same decision.
#[test]
fn module_decisions_are_presented() {
    let game = Burgundy::create(&Config::default()).unwrap();
    let (_, en) = CATALOGUES[0];
    let catalogue: Map<String, Value> = serde_json::from_str(en).unwrap();
    for text in [
        "recover castle",
        "crane church",
        "crane white-castle",
        "hire workers",
        "white 3",
    ] {
        let action: Action = text.parse().unwrap();
        let offer = tabuleiro_core::Offer::of(&game, 0, &action);
        assert!(!offer.path.is_empty(), "{text}");
        assert!(
            catalogue.contains_key(&offer.label.key),
            "{text}: {}",
            offer.label.key
        );
        assert_eq!(offer.action.parse::<Action>().unwrap(), action, "{text}");
    }
}

/// Each refusal has its own key.
#[test]
fn refusal_keys_are_distinct() {
    let mut keys: Vec<String> = errors().iter().map(|e| e.message().key).collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n);
}
