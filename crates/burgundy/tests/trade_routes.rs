//! The trade routes (8th expansion, module `trade-routes`): seed 000 lines 768-776,
//! seed 002 lines 794-802, classic seed 001 lines 960-977; digest 13.7, 14.4 item 22,
//! ambiguities A29. One test per rule and per reading of the option.
//!
//! The tiles (`data/trade_routes.json`): 1 = [1 silver 2, 6 take-any, 5 take-building],
//! 2 = [5 sell, 2 take-church, 3 VP 4], 3 = [3 workers 2, 5 take-church, 2 take-any]
//! (read from the classic rulebook's picture); 4-12 provisional.

mod common;

use common::{act, depots_with, game_at_turn_with, no_depots, pending};
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::TradeRouteSold;
use tabuleiro_burgundy::error::Error;
use tabuleiro_burgundy::modules::{BonusKind, Module, ModuleRefusal, ModuleSet, TradeRoute};
use tabuleiro_burgundy::sets::ColourSet;
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::{Building, Burgundy, Colour, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::{Game, Present, Rng};

fn config(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::TradeRoutes]),
        ..Config::default()
    }
}

/// Seat 0's turn with `dice`, depots as given, seat 0's route the tiles `tiles`
/// (the others get tiles 10-12 and so on), and seat 0 holding `goods` (count per
/// type 1-6) instead of its starting goods.
fn game(dice: [u8; 2], depots: [Vec<Tile>; 6], tiles: &[u8], goods: [u8; 6]) -> Burgundy {
    let mut g = game_at_turn_with(config(2), depots, Vec::new(), dice);
    g.modules.trade_routes = vec![
        TradeRoute {
            tiles: tiles.to_vec(),
            goods: Vec::new(),
            ..TradeRoute::default()
        },
        TradeRoute {
            tiles: (8..=12).collect(),
            goods: Vec::new(),
            ..TradeRoute::default()
        },
    ];
    g.players[0].goods = goods;
    g.validate().unwrap();
    g
}

fn route(g: &Burgundy, seat: usize) -> &TradeRoute {
    &g.modules.trade_routes[seat]
}

fn bonuses(events: &[Event]) -> Vec<(u8, BonusKind)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::RouteBonus { space, kind, .. } => Some((space, kind)),
            _ => None,
        })
        .collect()
}

/// Plays a new game with the module to its first phase start (fixed duchies,
/// castles on the centre).
fn at_first_phase_start(config: &Config) -> Burgundy {
    let mut g = Burgundy::new(config).unwrap();
    let n = config.players as usize;
    let setup = Outcome::Setup {
        provisional: Vec::new(),
        duchies: config.duchies.clone(),
        boards: Vec::new(),
        start_player: 0,
        goods: vec![vec![1, 2, 3]; n],
    };
    g.apply_chance(&setup, &mut Vec::new()).unwrap();
    assert_eq!(g.stage, Stage::PhaseStart);
    g
}

/// Seed 000 line 770 (002 line 796, 001 lines 962-966): "Cada jogador recebe uma
/// quantidade de peças aleatórias de rota comercial (4 jogadores: 3 peças cada, 3
/// jogadores: 4 cada, 2 jogadores: 5 cada). Cada rota comercial tem 3 espaços.
/// Posicione suas peças de rota comercial em uma ordem aleatória". The deal is a
/// chance step of its own at the first phase start, before phase A's tiles, and the
/// record names the provisional tiles dealt.
#[test]
fn each_seat_gets_5_4_or_3_random_tiles_in_random_order() {
    for (players, each) in [(2u8, 5usize), (3, 4), (4, 3)] {
        let g = at_first_phase_start(&config(players));
        let mut rng = Rng::seed(players as u64);
        let outcome = g.sample_chance(&mut rng);
        let Outcome::TradeRoutes {
            routes,
            provisional,
        } = &outcome
        else {
            panic!("the routes are dealt first: {outcome:?}");
        };
        assert_eq!(routes.len(), players as usize);
        assert!(routes.iter().all(|r| r.len() == each), "{routes:?}");
        let mut all: Vec<u8> = routes.iter().flatten().copied().collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), each * players as usize, "each tile once");
        let expected: Vec<u8> = {
            let mut p: Vec<u8> = routes
                .iter()
                .flatten()
                .copied()
                .filter(|&n| n > 3)
                .collect();
            p.sort();
            p
        };
        assert_eq!(*provisional, expected, "tiles 4-12 are provisional");
        // Phase A's tiles wait until the routes are dealt.
        let mut early = g.clone();
        let phase = Outcome::Phase {
            depots: Default::default(),
            black: Vec::new(),
            goods: vec![1, 2, 3, 4, 5],
        };
        assert!(matches!(
            early.apply_chance(&phase, &mut Vec::new()),
            Err(Error::Outcome(_))
        ));
        let mut dealt = g.clone();
        let mut ev = Vec::new();
        dealt.apply_chance(&outcome, &mut ev).unwrap();
        let shown: Vec<Vec<u8>> = dealt
            .modules
            .trade_routes
            .iter()
            .map(|r| r.tiles.clone())
            .collect();
        assert_eq!(&shown, routes, "laid in the order dealt");
        let dealt_events = ev
            .iter()
            .filter(|e| matches!(e, Event::TradeRouteDealt { .. }))
            .count();
        assert_eq!(dealt_events, players as usize);
        dealt.validate().unwrap();
        // Next comes phase A's draw.
        assert!(matches!(
            dealt.sample_chance(&mut rng),
            Outcome::Phase { .. }
        ));
    }
}

/// The deal is checked: a seat with too few tiles, a tile twice, a tile that does
/// not exist, or a wrong list of provisional tiles is refused and changes nothing.
#[test]
fn a_wrong_deal_is_refused() {
    let g = at_first_phase_start(&config(2));
    for (routes, provisional) in [
        (vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8, 9]], vec![]),
        (vec![vec![1, 2, 3, 4, 5], vec![5, 6, 7, 8, 9]], vec![]),
        (vec![vec![1, 2, 3, 4, 13], vec![5, 6, 7, 8, 9]], vec![]),
        (vec![vec![1, 2, 3, 4, 10], vec![5, 6, 7, 8, 9]], vec![4]),
    ] {
        let mut h = g.clone();
        let outcome = Outcome::TradeRoutes {
            routes,
            provisional,
        };
        let e = h.apply_chance(&outcome, &mut Vec::new()).unwrap_err();
        assert!(matches!(e, Error::Outcome(_)), "{e}");
        assert_eq!(h, g);
    }
    // A hand-written outcome may leave out the provisional list.
    let mut h = g.clone();
    let outcome = Outcome::TradeRoutes {
        routes: vec![vec![1, 2, 3, 4, 10], vec![5, 6, 7, 8, 9]],
        provisional: Vec::new(),
    };
    h.apply_chance(&outcome, &mut Vec::new()).unwrap();
}

/// Seed 000 line 774 (002 line 800): "posicione-as, mercadoria por mercadoria, da
/// esquerda para a direita, nos espaços de sua rota comercial. Caso o número na
/// mercadoria corresponda ao número do espaço da rota comercial, você recebe o
/// bônus indicado imediatamente." A good of type 1 on space 1 of tile 1 (a 1, 2
/// silver): the sale's silver and VP, then the bonus' 2 silver.
#[test]
fn a_sold_good_on_its_number_gains_the_bonus_at_once() {
    let mut g = game([1, 4], no_depots(), &[1, 2, 3, 4, 5], [1, 0, 0, 0, 0, 0]);
    let silver = g.players[0].silver;
    act(&mut g, 0, "die 1 1");
    let ev = act(&mut g, 0, "sell 1");
    assert_eq!(route(&g, 0).goods, vec![1]);
    assert_eq!(bonuses(&ev), vec![(1, BonusKind::Silver)]);
    // 1 silver for the sale, 2 for the route.
    assert_eq!(g.players[0].silver, silver + 3);
    assert_eq!(g.players[0].sold, [1, 0, 0, 0, 0, 0], "still goods sold");
    assert!(ev.contains(&Event::GoodsOnRoute {
        seat: 0,
        goods: 1,
        count: 1,
        space: 1
    }));
    g.validate().unwrap();
}

/// A good whose number differs from its space's gains nothing; the next sale goes
/// on the next space (left to right). Tile 2 first: a 4 on space 1 (a 5), then a 2
/// on space 2 (a 2: take-church).
#[test]
fn goods_go_left_to_right_and_only_a_match_pays() {
    let depots = depots_with(&[(3, Tile::Mine)]);
    let mut g = game([4, 2], depots, &[2, 1, 3, 4, 5], [0, 1, 0, 1, 0, 0]);
    act(&mut g, 0, "die 1 4");
    let ev = act(&mut g, 0, "sell 4");
    assert!(bonuses(&ev).is_empty());
    assert_eq!(pending(&g), None);
    act(&mut g, 0, "die 2 2");
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(route(&g, 0).goods, vec![4, 2]);
    assert_eq!(bonuses(&ev), vec![(2, BonusKind::TakeChurch)]);
    // The church's effect: a mine, monastery or castle from a numbered depot.
    let church = ColourSet::of(&[Colour::Mine, Colour::Knowledge, Colour::Castle]);
    assert_eq!(pending(&g), Some(Pending::TakeFrom { colours: church }));
    act(&mut g, 0, "take 3 mine");
    assert_eq!(g.players[0].storage, vec![Tile::Mine]);
}

/// A stack of several goods covers as many spaces, one good each; every match in
/// it pays. Three 5s on spaces 1-3 of tiles 1, 2 (numbers 1, 6, 5, 5, 2, 3) after a 1:
/// spaces 2, 3, 4; spaces 3 (take-building) and 4 (sell) match. The decisions wait
/// on the turn's stack, the leftmost first; the bonus sale's goods go on next
/// (space 5, a 2: take-church), so the route's bonuses chain.
#[test]
fn a_stack_covers_several_spaces_and_its_bonuses_come_left_first() {
    let market = Tile::Building(Building::Market);
    let depots = depots_with(&[(2, market), (5, Tile::Castle)]);
    let mut g = game([1, 5], depots, &[1, 2, 3, 4, 5], [1, 1, 0, 0, 3, 0]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "sell 1");
    act(&mut g, 0, "die 2 5");
    let ev = act(&mut g, 0, "sell 5");
    assert_eq!(route(&g, 0).goods, vec![1, 5, 5, 5]);
    assert_eq!(
        bonuses(&ev),
        vec![(3, BonusKind::TakeBuilding), (4, BonusKind::Sell)]
    );
    let carpenter = ColourSet::of(&[Colour::Building]);
    let stack = &g.turn().unwrap().pending;
    assert_eq!(
        stack.as_slice(),
        [
            Pending::WarehouseSell,
            Pending::TakeFrom { colours: carpenter }
        ]
    );
    act(&mut g, 0, "take 2 market");
    assert_eq!(pending(&g), Some(Pending::WarehouseSell));
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(route(&g, 0).goods, vec![1, 5, 5, 5, 2]);
    assert_eq!(bonuses(&ev), vec![(5, BonusKind::TakeChurch)]);
    act(&mut g, 0, "take 5 castle");
    assert_eq!(g.players[0].storage, vec![market, Tile::Castle]);
    assert_eq!(g.players[0].sold, [1, 1, 0, 0, 3, 0]);
    g.validate().unwrap();
}

/// `rules.trade_route_bonus` (seed 000 line 774 "você recebe o bônus indicado
/// imediatamente"; 002 line 800 "gana inmediatamente"): is a bonus that asks a
/// choice decided after the stack is laid, or as its good is laid? Tiles 2, 1
/// (numbers 5 sell, 2 take-church, 3 VP, 1, 6, 5); two 5s sold, then the bonus
/// sells a 2.
/// - `after-stack` (default): both 5s go on (spaces 1, 2), then the 2 on space 3 (a
///   3): no church.
/// - `at-once`: the first 5 on space 1 stops the stack; the bonus's 2 goes on space
///   2 (a 2: the church's take, decided at once too), then the other 5 on space 3.
#[test]
fn a_bonus_sale_each_reading() {
    use tabuleiro_burgundy::config::TradeRouteBonus;
    use tabuleiro_burgundy::state::RouteRest;
    let depots = depots_with(&[(3, Tile::Castle)]);
    let goods = [0, 1, 0, 0, 2, 0];
    let mut g = game([5, 1], depots.clone(), &[2, 1, 3, 4, 5], goods);
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "sell 5");
    assert_eq!(route(&g, 0).goods, vec![5, 5]);
    assert_eq!(bonuses(&ev), vec![(1, BonusKind::Sell)]);
    let ev = act(&mut g, 0, "sell 2");
    assert!(bonuses(&ev).is_empty());
    assert_eq!(route(&g, 0).goods, vec![5, 5, 2]);
    assert_eq!(pending(&g), None);

    let mut g = game([5, 1], depots, &[2, 1, 3, 4, 5], goods);
    g.config.rules.trade_route_bonus = TradeRouteBonus::AtOnce;
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "sell 5");
    assert_eq!(route(&g, 0).goods, vec![5]);
    assert_eq!(bonuses(&ev), vec![(1, BonusKind::Sell)]);
    let rest = RouteRest {
        goods: 5,
        count: 1,
        depth: 0,
    };
    assert_eq!(g.turn().unwrap().route_rest, vec![rest]);
    assert_eq!(pending(&g), Some(Pending::WarehouseSell));
    g.validate().unwrap();
    // The position is written and read back with the goods waiting.
    let text = serde_json::to_string(&g).unwrap();
    assert!(text.contains("route_rest"), "{text}");
    assert_eq!(serde_json::from_str::<Burgundy>(&text).unwrap(), g);
    let ev = act(&mut g, 0, "sell 2");
    assert_eq!(route(&g, 0).goods, vec![5, 2]);
    assert_eq!(bonuses(&ev), vec![(2, BonusKind::TakeChurch)]);
    assert_eq!(
        g.turn().unwrap().route_rest,
        vec![rest],
        "waits for the take"
    );
    let ev = act(&mut g, 0, "take 3 castle");
    assert_eq!(route(&g, 0).goods, vec![5, 2, 5]);
    assert!(bonuses(&ev).is_empty(), "space 3 is a 3");
    assert!(g.turn().unwrap().route_rest.is_empty());
    assert_eq!(g.players[0].storage, vec![Tile::Castle]);
    g.validate().unwrap();
}

/// Goods waiting to go onto the route are refused in a position without
/// `at-once`, or with no decision above them.
#[test]
fn a_position_with_goods_waiting_is_checked() {
    use tabuleiro_burgundy::config::TradeRouteBonus;
    use tabuleiro_burgundy::state::RouteRest;
    let mut g = game([5, 1], no_depots(), &[2, 1, 3, 4, 5], [0, 1, 0, 0, 2, 0]);
    let rest = RouteRest {
        goods: 5,
        count: 1,
        depth: 0,
    };
    let Stage::Turn(t) = &mut g.stage else {
        panic!("a turn")
    };
    t.route_rest.push(rest);
    t.pending.push(Pending::WarehouseSell);
    let e = g.validate().unwrap_err().to_string();
    assert!(e.contains("at-once"), "{e}");
    g.config.rules.trade_route_bonus = TradeRouteBonus::AtOnce;
    g.validate().unwrap();
    let Stage::Turn(t) = &mut g.stage else {
        panic!("a turn")
    };
    t.pending.clear();
    assert!(g.validate().is_err(), "no decision above it");
}

/// A VP bonus scores at once (tile 2's third space, a 3: 4 VP, the watchtower's);
/// a workers bonus gains them (tile 3's first space, a 3: 2 workers).
#[test]
fn vp_and_workers_bonuses() {
    let mut g = game([3, 3], no_depots(), &[2, 3, 1, 4, 5], [0, 0, 2, 0, 0, 0]);
    g.modules.trade_routes[0].goods = vec![1, 1];
    g.players[0].sold = [2, 0, 0, 0, 0, 0];
    let (vp, workers) = (g.players[0].vp, g.players[0].workers);
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "sell 3");
    assert_eq!(
        bonuses(&ev),
        vec![(3, BonusKind::Vp), (4, BonusKind::Workers)]
    );
    assert!(ev.contains(&Event::Scored {
        seat: 0,
        vp: 4,
        why: ScoreReason::TradeRoute { space: 3 }
    }));
    // 2 goods sold to 2 players: 4 VP, and 4 VP from the route.
    assert_eq!(g.players[0].vp, vp + 8);
    assert_eq!(g.players[0].workers, workers + 2);
}

/// A bonus that needs a choice nobody can make (no building in any depot) is lost,
/// and said so.
#[test]
fn a_bonus_without_a_choice_is_lost() {
    let mut g = game([6, 5], no_depots(), &[1, 2, 3, 4, 5], [0, 0, 0, 0, 0, 2]);
    g.players[0].goods = [0, 0, 0, 0, 0, 2];
    act(&mut g, 0, "die 1 6");
    let ev = act(&mut g, 0, "sell 6");
    // Space 2 is a 6: take-any, and the depots are empty.
    assert_eq!(bonuses(&ev), vec![(2, BonusKind::TakeAny)]);
    assert!(ev.contains(&Event::RouteBonusLost { seat: 0, space: 2 }));
    assert_eq!(pending(&g), None);
}

/// Seed 000 line 776 (002 line 802, 001 lines 976-977): "Quando todos os espaços de
/// sua rota comercial estiverem cobertos, posicione essas mercadorias vendidas no
/// espaço para mercadorias vendidas." With 4 players a route has 3 tiles, 9 spaces:
/// 8 covered, a stack of 3 puts 1 on the route and 2 on the sold pile.
#[test]
fn once_the_route_is_full_goods_go_to_the_sold_pile() {
    let mut g = game_at_turn_with(config(4), no_depots(), Vec::new(), [6, 6]);
    g.modules.trade_routes = (0..4)
        .map(|s| TradeRoute {
            tiles: vec![3 * s + 1, 3 * s + 2, 3 * s + 3],
            goods: Vec::new(),
            ..TradeRoute::default()
        })
        .collect();
    g.modules.trade_routes[0].goods = vec![1, 1, 1, 2, 2, 2, 4, 4];
    g.players[0].sold = [3, 3, 0, 2, 0, 0];
    g.players[0].goods = [0, 0, 0, 0, 0, 3];
    g.validate().unwrap();
    act(&mut g, 0, "die 1 6");
    let ev = act(&mut g, 0, "sell 6");
    assert_eq!(route(&g, 0).goods.len(), 9);
    assert!(ev.contains(&Event::GoodsOnRoute {
        seat: 0,
        goods: 6,
        count: 1,
        space: 9
    }));
    assert_eq!(g.players[0].sold, [3, 3, 0, 2, 0, 3]);
    // The full route takes nothing more.
    g.players[0].goods = [0, 0, 0, 0, 1, 0];
    act(&mut g, 0, "die 2 5");
    let ev = act(&mut g, 0, "sell 5");
    assert!(!ev.iter().any(|e| matches!(e, Event::GoodsOnRoute { .. })));
    assert_eq!(route(&g, 0).goods.len(), 9);
}

/// Digest A29: do goods on the route count as sold for knowledge tiles 15 and 25?
/// `counted` (default): a sale is a sale; `not-counted`: the sold pile only. Seat 0
/// has sold 3 goods of types 1 and 2, of which 2 lie on the route (two 1s).
#[test]
fn knowledge_25_and_15_and_goods_on_the_route_each_reading() {
    for (reading, k25, k15) in [
        (TradeRouteSold::Counted, 3, 2),
        (TradeRouteSold::NotCounted, 1, 1),
    ] {
        let mut c = config(2);
        c.rules.trade_route_sold = reading;
        let mut g = game_at_turn_with(c, no_depots(), Vec::new(), [1, 1]);
        g.modules.trade_routes = vec![
            TradeRoute {
                tiles: vec![1, 2, 3, 4, 5],
                goods: vec![1, 1],
                ..TradeRoute::default()
            },
            TradeRoute {
                tiles: vec![6, 7, 8, 9, 10],
                goods: Vec::new(),
                ..TradeRoute::default()
            },
        ];
        g.players[0].sold = [2, 1, 0, 0, 0, 0];
        // Both are black-backed tiles: drawn from the black bag.
        for (space, t) in [(12, Tile::Knowledge(25)), (3, Tile::Knowledge(15))] {
            g.players[0].spaces.place(space, t);
            g.drawn_black.add(t);
        }
        g.validate().unwrap();
        let lines = g.final_points(0);
        let of = |n: u8| {
            lines
                .iter()
                .find(|(why, _)| *why == ScoreReason::Knowledge { number: n })
                .map(|l| l.1)
        };
        assert_eq!(of(25), Some(k25), "{reading:?}");
        // Knowledge 15: its VP per type sold (2 players).
        let per_type = g.config.knowledge15_vp();
        assert_eq!(of(15), Some(k15 * per_type), "{reading:?}");
    }
}

/// The module is played in both editions (seed 001 lines 960-977 play it with
/// cards matched by colour: each goods colour is one number, so the same rule);
/// its option without it is refused.
#[test]
fn the_module_is_played_and_its_option_needs_it() {
    for edition in [Edition::Special, Edition::Classic] {
        let mut c = config(3);
        c.edition = edition;
        c.duchies = vec![1; 3];
        Burgundy::new(&c).unwrap();
    }
    let mut c = Config::players(2);
    c.rules.trade_route_sold = TradeRouteSold::NotCounted;
    match Burgundy::new(&c) {
        Err(Error::Module(ModuleRefusal::OptionNeedsModule { option, module })) => {
            assert_eq!((option, module), ("trade_route_sold", Module::TradeRoutes));
        }
        other => panic!("{other:?}"),
    }
}

/// A position's routes are checked on load: none without the module, one per seat
/// once dealt, each tile once, no more goods than spaces, nor of a type than sold.
#[test]
fn a_position_with_an_impossible_route_is_refused() {
    let g = game([1, 1], no_depots(), &[1, 2, 3, 4, 5], [1, 0, 0, 0, 0, 0]);
    let text = serde_json::to_string(&g).unwrap();
    assert!(text.contains("\"trade_routes\""));
    let back: Burgundy = serde_json::from_str(&text).unwrap();
    back.validate().unwrap();
    let bad = |f: &dyn Fn(&mut Burgundy)| {
        let mut h = g.clone();
        f(&mut h);
        assert!(matches!(h.validate(), Err(Error::Position(_))));
    };
    bad(&|h| h.modules.trade_routes[1].tiles[0] = 1);
    bad(&|h| {
        h.modules.trade_routes[1]
            .tiles
            .pop()
            .map(drop)
            .unwrap_or(())
    });
    bad(&|h| h.modules.trade_routes[0].goods = vec![2]);
    bad(&|h| h.modules.trade_routes.clear());
    bad(&|h| h.config.modules = ModuleSet::EMPTY);
}

/// Where a player sees the route (`position show`), the provisional tiles say so;
/// the engine's board data carries the tiles with their `verified` marks.
#[test]
fn the_route_is_shown_with_its_provisional_tiles() {
    let g = game([1, 1], no_depots(), &[1, 2, 3, 4, 5], [1, 0, 0, 0, 0, 0]);
    let text = g.describe();
    assert!(text.contains("trade route: tile 1: 1:silver 2"), "{text}");
    assert!(text.contains("tile 4 (provisional)"), "{text}");
    assert!(!text.contains("tile 1 (provisional)"), "{text}");
    let board = <Burgundy as Present>::board();
    let tiles = board["trade_routes"]["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 12);
    assert_eq!(tiles[3]["verified"], false);
    assert_eq!(tiles[0]["verified"], true);
    // A seat's view holds every route (they lie face up).
    let view = g.view(Some(1));
    assert_eq!(view.position.modules.trade_routes.len(), 2);
}

/// Random games with the module: positions valid after every step, VP equal to
/// their scoring events, and each bonus kind reached.
#[test]
fn random_games_reach_every_bonus_kind() {
    let mut kinds: Vec<BonusKind> = Vec::new();
    for seed in 0..12u64 {
        let mut c = config(2 + (seed % 3) as u8);
        if seed % 2 == 1 {
            c.duchies = Vec::new();
            c.castle_on_centre = false;
        }
        let mut scored = vec![0; c.players as usize];
        let mut failure = None;
        tabuleiro_core::play::<Burgundy>(
            &c,
            40_000 + seed,
            &mut tabuleiro_core::UniformChooser,
            true,
            |game, events| {
                for e in events {
                    match *e {
                        Event::Scored { seat, vp, .. } => scored[seat as usize] += vp,
                        Event::RouteBonus { kind, .. } if !kinds.contains(&kind) => {
                            kinds.push(kind)
                        }
                        _ => {}
                    }
                }
                if failure.is_none() {
                    failure = game.validate().err().map(|e| e.to_string());
                    let vp: Vec<i32> = game.players.iter().map(|p| p.vp).collect();
                    if vp != scored {
                        failure = Some(format!("VP {vp:?}, scored {scored:?}"));
                    }
                }
            },
        )
        .unwrap();
        assert_eq!(failure, None, "seed {seed}");
    }
    assert_eq!(kinds.len(), 7, "{kinds:?}");
}

/// Seed 000 line 772 (002 line 798): "Regra opcional: caso queira um jogo mais
/// estratégico, você pode posicionar suas peças na ordem que quiser"
/// (`rules.trade_route_order: chosen`). After the deal every seat lays its tiles in
/// an order it chooses (all at once, in public), before phase A's tiles; by default
/// (the rule) the order dealt stands and nobody decides.
#[test]
fn the_optional_rule_lets_each_seat_choose_the_order() {
    use tabuleiro_burgundy::config::TradeRouteOrder;
    use tabuleiro_core::{SeatSet, ToAct};
    let deal = Outcome::TradeRoutes {
        routes: vec![vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10]],
        provisional: Vec::new(),
    };
    let mut rule = at_first_phase_start(&config(2));
    rule.apply_chance(&deal, &mut Vec::new()).unwrap();
    assert_eq!(rule.to_act(), ToAct::Chance);
    let mut c = config(2);
    c.rules.trade_route_order = TradeRouteOrder::Chosen;
    let mut g = at_first_phase_start(&c);
    g.apply_chance(&deal, &mut Vec::new()).unwrap();
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::first(2)));
    let mut orders = Vec::new();
    g.legal_actions(0, &mut orders);
    assert_eq!(orders.len(), 120, "every order of 5 tiles");
    // The phase's tiles wait; a wrong order is refused and changes nothing.
    let before = g.clone();
    let phase = Outcome::Phase {
        depots: Default::default(),
        black: Vec::new(),
        goods: vec![1, 2, 3, 4, 5],
    };
    assert!(g.apply_chance(&phase, &mut Vec::new()).is_err());
    for wrong in [
        "route 5,4,3,2",
        "route 5,4,3,2,6",
        "route 5,4,3,2,2",
        "pass",
    ] {
        let e = common::refusal(&mut g, 0, wrong);
        assert!(matches!(e, Error::Illegal { .. }), "{wrong}: {e}");
    }
    assert_eq!(g, before);
    let ev = act(&mut g, 0, "route 5,3,1,2,4");
    assert!(ev.contains(&Event::RouteArranged {
        seat: 0,
        tiles: vec![5, 3, 1, 2, 4]
    }));
    assert_eq!(route(&g, 0).tiles, vec![5, 3, 1, 2, 4]);
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    g.validate().unwrap();
    act(&mut g, 1, "route 10,9,8,7,6");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert!(matches!(
        g.sample_chance(&mut Rng::seed(1)),
        Outcome::Phase { .. }
    ));
}

/// The bots see the route (`evaluate.rs`): goods whose sale lands on a matching space
/// are worth more than as many goods that match nothing. Tile 1 asks for 1 (2 silver),
/// then 6 (any tile), then 5 (a building): a single 1 matches the first space, a
/// single 4 nothing.
#[test]
fn the_bots_judgement_values_the_goods_that_match_the_route() {
    use tabuleiro_burgundy::evaluate::evaluate;
    let value = |goods: [u8; 6]| evaluate(&game([1, 2], no_depots(), &[1, 2, 3, 4, 5], goods), 0);
    let matching = value([1, 0, 0, 0, 0, 0]);
    let other = value([0, 0, 0, 1, 0, 0]);
    assert!(matching > other, "{matching} against {other}");
    // Without the module the two judge the same.
    let plain = |goods: [u8; 6]| {
        let mut g = game([1, 2], no_depots(), &[1, 2, 3, 4, 5], goods);
        g.modules.trade_routes.clear();
        evaluate(&g, 0)
    };
    assert_eq!(plain([1, 0, 0, 0, 0, 0]), plain([0, 0, 0, 1, 0, 0]));
}
