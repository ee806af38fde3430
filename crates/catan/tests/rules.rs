//! Rule tests on hand-built positions: setup, production, the robber, building,
//! development cards, the special cards, trades and victory. Beginner board hexes:
//! 0 mountains 10, 1 pasture 2, 2 forest 9 / 3 fields 12, 4 hills 6, 5 pasture 4,
//! 6 hills 10 / 7 fields 9, 8 forest 11, 9 desert, 10 forest 3, 11 mountains 8 /
//! 12 forest 8, 13 mountains 3, 14 fields 4, 15 pasture 5 / 16 hills 5, 17 fields 6,
//! 18 pasture 11.

mod common;

use common::*;
use tabuleiro_catan::config::{DiscardRounding, Expansion};
use tabuleiro_catan::{
    Action, Award, Card, Cards, Catan, Config, Dev, Event, Outcome, Phase, Refusal,
};
use tabuleiro_core::{Explain, Game, Present, SeatSet, ToAct};

#[test]
fn setup_goes_round_and_back_and_the_second_settlement_pays() {
    let mut g = new_game(&config(3));
    let mut order = Vec::new();
    // Spots far apart: the top corners of hexes 0, 2, 7, 11, 16 and 18.
    let spots = [0u8, 2, 7, 11, 16, 18].map(|h| corner(h, 0));
    for (i, &v) in spots.iter().enumerate() {
        let ToAct::Seats(s) = g.to_act() else {
            panic!()
        };
        let seat = s.lowest().unwrap();
        order.push(seat);
        let ev = act(&mut g, seat, &format!("settle {v}"));
        let paid = ev.iter().any(|e| matches!(e, Event::Received { .. }));
        assert_eq!(paid, i >= 3, "only the second settlement pays");
        let e = tabuleiro_catan::geometry::Geometry::get().vertex_edges[v as usize]
            .iter()
            .next()
            .unwrap();
        assert_eq!(refused(&mut g, seat, "roll"), Refusal::NotNow);
        act(&mut g, seat, &format!("road {e}"));
    }
    assert_eq!(order, vec![0, 1, 2, 2, 1, 0]);
    assert_eq!(g.phase, Phase::BeforeRoll);
    assert_eq!(g.current, 0);
    // Seat 0's second settlement is the top corner of hex 18 (pasture 11), touching
    // hexes 14 (fields) and 15 (pasture): one wool, one grain, one wool.
    assert_eq!(g.players[0].hand, "WWG".parse().unwrap());
}

#[test]
fn setup_keeps_the_distance_rule_and_roads_beside_the_new_settlement() {
    let mut g = new_game(&config(4));
    act(&mut g, 0, &format!("settle {}", corner(9, 0)));
    let far = side(4, 3);
    assert_eq!(
        refused(&mut g, 0, &format!("road {far}")),
        Refusal::NotBesideNewSettlement
    );
    act(&mut g, 0, &format!("road {}", side(9, 0)));
    assert_eq!(
        refused(&mut g, 1, &format!("settle {}", corner(9, 1))),
        Refusal::TooClose
    );
    assert_eq!(
        refused(&mut g, 1, &format!("settle {}", corner(9, 0))),
        Refusal::Occupied
    );
    act(&mut g, 1, &format!("settle {}", corner(9, 2)));
}

#[test]
fn production_pays_one_per_settlement_two_per_city_and_the_robber_blocks() {
    let mut g = table(&config(3), 0);
    g.phase = Phase::Rolling;
    g.rolled = false;
    // The top corner of hex 4 (hills 6) touches hexes 0 and 1.
    settle(&mut g, 0, corner(4, 0));
    let mut city = g.players[1].cities;
    city = city.with(corner(4, 3));
    g.players[1].cities = city;
    roll(&mut g, [3, 3]);
    assert_eq!(g.players[0].hand, "B".parse().unwrap());
    assert_eq!(g.players[1].hand, "BB".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
    g.phase = Phase::Rolling;
    g.robber = 4;
    roll(&mut g, [2, 4]);
    assert_eq!(
        g.players[0].hand.total() + g.players[1].hand.total(),
        3,
        "blocked"
    );
}

#[test]
fn a_short_bank_pays_no_one_unless_a_single_seat_is_owed() {
    let mut g = table(&config(3), 0);
    settle(&mut g, 0, corner(4, 0));
    g.players[1].cities = g.players[1].cities.with(corner(4, 3));
    give(&mut g, 2, "BBBBBBBBBBBBBBBBB"); // 17 bricks: the bank keeps 2, 3 are owed
    g.phase = Phase::Rolling;
    roll(&mut g, [3, 3]);
    assert_eq!(g.players[0].hand.total() + g.players[1].hand.total(), 0);
    // Alone and owed 2 with 2 left: paid in full.
    g.players[0].settlements = Default::default();
    g.phase = Phase::Rolling;
    roll(&mut g, [3, 3]);
    assert_eq!(g.players[1].hand, "BB".parse().unwrap());
    // Alone and owed 2 with 1 left: takes what is left.
    let one = Cards::of(Card::Brick, 1);
    g.players[1].hand.remove(&one);
    g.bank.add(&one);
    g.phase = Phase::Rolling;
    roll(&mut g, [3, 3]);
    assert_eq!(g.players[1].hand, "BB".parse().unwrap());
    assert_eq!(g.bank.get(Card::Brick), 0);
}

#[test]
fn on_a_seven_every_seat_over_seven_discards_at_once_then_the_robber_moves_and_steals() {
    let mut g = table(&config(4), 0);
    g.phase = Phase::Rolling;
    g.rolled = false;
    give(&mut g, 1, "BBBBLLLL"); // 8: owes 4
    give(&mut g, 2, "WWWWWGGGG"); // 9: owes 4
    give(&mut g, 3, "OOOOOOO"); // 7: owes nothing (seed 004, section 8)
    settle(&mut g, 3, corner(5, 0));
    let ev = roll(&mut g, [3, 4]);
    assert!(ev.contains(&Event::MustDiscard { seat: 1, count: 4 }));
    assert!(ev.contains(&Event::MustDiscard { seat: 2, count: 4 }));
    assert_eq!(g.to_act(), ToAct::Seats([1, 2].into_iter().collect()));
    act(&mut g, 2, "discard W");
    act(&mut g, 1, "discard B");
    assert_eq!(refused(&mut g, 1, "discard O"), Refusal::CannotAfford);
    assert_eq!(refused(&mut g, 0, "discard B"), Refusal::NotYourDecision);
    for _ in 0..3 {
        act(&mut g, 1, "discard L");
    }
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(2)));
    for c in ["W", "G", "G"] {
        act(&mut g, 2, &format!("discard {c}"));
    }
    assert_eq!(g.phase, Phase::Robber);
    let here = format!("robber {} -", g.robber);
    assert_eq!(refused(&mut g, 0, &here), Refusal::RobberMustMove);
    assert_eq!(refused(&mut g, 0, "robber 5 -"), Refusal::MustChooseVictim);
    assert_eq!(refused(&mut g, 0, "robber 5 1"), Refusal::NotAVictim);
    act(&mut g, 0, "robber 5 3");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.sample_chance(&mut tabuleiro_core::Rng::seed(1)),
        Outcome::Steal { card: Card::Ore }
    );
    let mut ev = Vec::new();
    assert!(g
        .apply_chance(&Outcome::Steal { card: Card::Wool }, &mut Vec::new())
        .is_err());
    g.apply_chance(&Outcome::Steal { card: Card::Ore }, &mut ev)
        .unwrap();
    assert_eq!(g.players[0].hand, "O".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
    // Only the thief and the victim see the card.
    let stole = &ev[0];
    for viewer in 0..4 {
        let seen = Catan::redact(stole, Some(viewer)).unwrap();
        let card = match seen {
            Event::Stole { card, .. } => card,
            _ => panic!(),
        };
        assert_eq!(card.is_some(), viewer == 0 || viewer == 3);
    }
    assert!(matches!(
        Catan::redact(stole, None),
        Some(Event::Stole { card: None, .. })
    ));
}

#[test]
fn discard_rounding_follows_the_option() {
    // Digest C11: half of 9 is 4 rounded down (default) or 5 rounded up.
    for (rounding, owed) in [(DiscardRounding::Down, 4), (DiscardRounding::Up, 5)] {
        let mut g = table(
            &Config {
                discard_rounding: rounding,
                ..config(3)
            },
            0,
        );
        give(&mut g, 1, "WWWWWGGGG");
        assert_eq!(g.discard_owed(1), owed);
        give(&mut g, 2, "WWWWWGG");
        assert_eq!(g.discard_owed(2), 0);
    }
}

#[test]
fn building_needs_cards_pieces_connection_and_the_distance_rule() {
    let mut g = table(&config(3), 0);
    let home = corner(9, 0);
    settle(&mut g, 0, home);
    assert_eq!(
        refused(&mut g, 0, &format!("road {}", side(9, 0))),
        Refusal::CannotAfford
    );
    give(&mut g, 0, "BLBL");
    assert_eq!(
        refused(&mut g, 0, &format!("road {}", side(9, 2))),
        Refusal::NotConnected
    );
    act(&mut g, 0, &format!("road {}", side(9, 0)));
    act(&mut g, 0, &format!("road {}", side(9, 1)));
    assert_eq!(g.bank.get(Card::Brick), 19);
    give(&mut g, 0, "BLWG");
    assert_eq!(
        refused(&mut g, 0, &format!("settle {}", corner(9, 1))),
        Refusal::TooClose
    );
    act(&mut g, 0, &format!("settle {}", corner(9, 2)));
    assert_eq!(g.points(0), 2);
    give(&mut g, 0, "GGOOO");
    assert_eq!(
        refused(&mut g, 0, &format!("city {}", corner(9, 4))),
        Refusal::NotYourSettlement
    );
    act(&mut g, 0, &format!("city {home}"));
    assert_eq!(
        g.points(0),
        3,
        "seed 004, section 16: a city is worth one more"
    );
    // Five settlements at most: a sixth is refused for want of pieces.
    g.players[0].settlements = g.players[0]
        .settlements
        .with(corner(0, 0))
        .with(corner(2, 0))
        .with(corner(16, 3))
        .with(corner(18, 3));
    road(&mut g, 0, side(9, 2));
    road(&mut g, 0, side(9, 3));
    give(&mut g, 0, "BLWG");
    assert_eq!(
        refused(&mut g, 0, &format!("settle {}", corner(9, 4))),
        Refusal::NoPiecesLeft {
            piece: "settlement"
        }
    );
}

#[test]
fn development_cards_wait_a_turn_and_one_is_played_per_turn() {
    let mut g = table(&config(3), 0);
    let knight = g.deck.iter().position(|&d| d == Dev::Knight).unwrap();
    g.deck.remove(knight);
    g.deck.push(Dev::Knight);
    give(&mut g, 0, "OWG");
    let ev = act(&mut g, 0, "buy");
    assert!(g.reveals(0, &Action::BuyDevelopment));
    assert_eq!(
        ev,
        vec![Event::BoughtDevelopment {
            seat: 0,
            card: Some(Dev::Knight)
        }]
    );
    assert_eq!(
        Catan::redact(&ev[0], Some(1)),
        Some(Event::BoughtDevelopment {
            seat: 0,
            card: None
        })
    );
    assert_eq!(refused(&mut g, 0, "knight"), Refusal::BoughtThisTurn);
    give_dev(&mut g, 0, Dev::Monopoly);
    give(&mut g, 1, "WW");
    give(&mut g, 2, "W");
    let ev = act(&mut g, 0, "monopoly W");
    // Each hands its wool over in the open: the event says how many each gave.
    let mut from = vec![0; g.players.len()];
    (from[1], from[2]) = (2, 1);
    assert!(ev.contains(&Event::Monopolised {
        seat: 0,
        card: Card::Wool,
        count: 3,
        from
    }));
    give_dev(&mut g, 0, Dev::YearOfPlenty);
    assert_eq!(
        refused(&mut g, 0, "plenty BO"),
        Refusal::AlreadyPlayedDevelopment
    );
    // Next turn of seat 0: the knight is playable, before the roll too.
    act(&mut g, 0, "end");
    for s in [1, 2] {
        g.phase = Phase::Main;
        g.rolled = true;
        act(&mut g, s, "end");
    }
    assert_eq!(g.current, 0);
    assert_eq!(g.phase, Phase::BeforeRoll);
    act(&mut g, 0, "knight");
    assert_eq!(g.phase, Phase::Robber);
    act(&mut g, 0, "robber 4 -");
    assert_eq!(g.phase, Phase::BeforeRoll, "back before the roll");
    assert_eq!(
        refused(&mut g, 0, "plenty BO"),
        Refusal::AlreadyPlayedDevelopment
    );
    act(&mut g, 0, "roll");
}

#[test]
fn largest_army_needs_three_knights_and_more_than_the_holder() {
    let mut g = table(&config(3), 0);
    let play_knight = |g: &mut Catan, s| {
        g.current = s;
        g.phase = Phase::Main;
        g.dev_played = false;
        give_dev(g, s, Dev::Knight);
        act(g, s, "knight");
        act(
            g,
            s,
            &format!("robber {} -", if g.robber == 3 { 4 } else { 3 }),
        );
    };
    play_knight(&mut g, 1);
    play_knight(&mut g, 1);
    assert_eq!(g.largest_army, None);
    play_knight(&mut g, 1);
    assert_eq!(g.largest_army, Some(1));
    for _ in 0..3 {
        play_knight(&mut g, 2);
    }
    assert_eq!(g.largest_army, Some(1), "a tie does not take it");
    play_knight(&mut g, 2);
    assert_eq!(g.largest_army, Some(2));
    assert_eq!(g.points(2), 2);
}

#[test]
fn longest_road_takes_five_keeps_on_a_tie_and_a_broken_road_may_set_it_aside() {
    let mut g = table(&config(3), 0);
    // Seat 0: settlement at the top of the centre hex, roads around five of its sides.
    settle(&mut g, 0, corner(9, 0));
    for i in 0..4 {
        road(&mut g, 0, side(9, i));
    }
    assert_eq!(g.players[0].road_length, 4);
    assert_eq!(
        g.longest_road, None,
        "seed 004, section 16: at least 5 roads"
    );
    road(&mut g, 0, side(9, 4));
    assert_eq!(g.longest_road, Some(0));
    assert_eq!(g.points(0), 3);
    // Seat 1 builds five roads elsewhere (around hex 16): a tie, the holder keeps it.
    settle(&mut g, 1, corner(16, 0));
    for i in 0..5 {
        road(&mut g, 1, side(16, i));
    }
    assert_eq!(g.players[1].road_length, 5);
    assert_eq!(g.longest_road, Some(0));
    // Seat 2 settles on corner 2 of the centre hex, reached by its own road: seat 0's
    // road is cut into 2 and 3. Seat 1 is now alone with the longest: it takes it.
    let v = corner(9, 2);
    g.current = 2;
    road(&mut g, 2, spoke(9, v));
    give(&mut g, 2, "BLWG");
    let ev = act(&mut g, 2, &format!("settle {v}"));
    g.validate().unwrap();
    assert_eq!(g.players[0].road_length, 3);
    assert!(ev.contains(&Event::AwardMoved {
        award: Award::LongestRoad,
        from: Some(0),
        to: Some(1)
    }));
    // Had seat 1 been tied with a third road of 5, the card would be set aside.
    let mut t = g.clone();
    t.longest_road = Some(0);
    t.players[2].roads = t.players[2]
        .roads
        .with(side(18, 0))
        .with(side(18, 1))
        .with(side(18, 2))
        .with(side(18, 3))
        .with(side(18, 4));
    t.players[2].settlements = t.players[2].settlements.with(corner(18, 0));
    t.roads_changed(&mut Vec::new());
    assert_eq!(t.longest_road, None);
}

#[test]
fn maritime_trade_at_four_three_and_two() {
    let mut g = table(&config(3), 0);
    give(&mut g, 0, "WWWWBBB");
    assert_eq!(g.rate(0, Card::Wool), 4);
    assert_eq!(
        refused(&mut g, 0, "maritime B O"),
        Refusal::BadRate { rate: 4 }
    );
    act(&mut g, 0, "maritime W O");
    assert_eq!(g.players[0].hand, "BBBO".parse().unwrap());
    // Harbour slot 0 (3:1 on the beginner board) and slot 4 (brick 2:1).
    let geo = tabuleiro_catan::geometry::Geometry::get();
    settle(&mut g, 0, geo.harbour_vertices[0][0]);
    assert_eq!(g.rate(0, Card::Brick), 3);
    settle(&mut g, 0, geo.harbour_vertices[4][0]);
    assert_eq!(g.rate(0, Card::Brick), 2);
    assert_eq!(g.rate(0, Card::Grain), 3);
    act(&mut g, 0, "maritime B G");
    assert_eq!(refused(&mut g, 0, "maritime B B"), Refusal::BadTrade);
    assert_eq!(
        g.label(0, &"maritime B G".parse().unwrap()).key,
        "action.catan.maritime"
    );
}

#[test]
fn an_offer_is_answered_by_all_at_once_then_the_player_on_turn_picks() {
    let mut g = table(&config(4), 0);
    give(&mut g, 0, "BBO");
    give(&mut g, 1, "W");
    give(&mut g, 3, "WW");
    // Any mix of cards is a valid offer, listed or not.
    let offer: Action = "offer BBO WW".parse().unwrap();
    let mut listed = Vec::new();
    g.legal_actions(0, &mut listed);
    assert!(!listed.contains(&offer));
    g.check(0, &offer).unwrap();
    assert_eq!(refused(&mut g, 0, "offer BBBO W"), Refusal::CannotAfford);
    assert_eq!(refused(&mut g, 0, "offer B B"), Refusal::BadTrade);
    act(&mut g, 0, "offer B W");
    assert_eq!(g.to_act(), ToAct::Seats([1, 2, 3].into_iter().collect()));
    assert_eq!(g.default_action(2), Some(Action::Decline));
    assert_eq!(refused(&mut g, 2, "accept"), Refusal::CannotAfford);
    act(&mut g, 3, "accept");
    act(&mut g, 2, "decline");
    act(&mut g, 1, "accept");
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(0)));
    assert_eq!(refused(&mut g, 0, "trade-with 2"), Refusal::NotAnAcceptor);
    let ev = act(&mut g, 0, "trade-with 3");
    assert!(matches!(
        ev[0],
        Event::Traded {
            seat: 0,
            with: 3,
            ..
        }
    ));
    assert_eq!(g.players[0].hand, "BOW".parse().unwrap());
    assert_eq!(g.players[3].hand, "BW".parse().unwrap());
    // Nobody accepts: back to the turn.
    act(&mut g, 0, "offer O L");
    for s in 1..4 {
        act(&mut g, s, "decline");
    }
    assert_eq!(g.phase, Phase::Main);
    let off = Config {
        player_trades: false,
        ..config(4)
    };
    let mut h = table(&off, 0);
    give(&mut h, 0, "B");
    assert_eq!(refused(&mut h, 0, "offer B W"), Refusal::TradesOff);
}

#[test]
fn road_building_places_two_free_roads() {
    let mut g = table(&config(3), 0);
    settle(&mut g, 0, corner(9, 0));
    give_dev(&mut g, 0, Dev::RoadBuilding);
    act(&mut g, 0, "road-building");
    act(&mut g, 0, &format!("road {}", side(9, 0)));
    assert_eq!(g.phase, Phase::RoadBuilding { left: 1 });
    act(&mut g, 0, &format!("road {}", side(9, 1)));
    assert_eq!(g.phase, Phase::Main);
    assert_eq!(g.players[0].hand, Cards::NONE);
    assert_eq!(g.players[0].roads.len(), 2);
}

#[test]
fn the_config_refuses_what_is_not_built_or_allowed() {
    let ck = Config {
        expansion: Expansion::CitiesAndKnights,
        ..Config::default()
    };
    assert!(Catan::new(&ck).is_ok(), "Cities & Knights is built");
    let e = Catan::new(&Config::players(2)).unwrap_err();
    assert_eq!(e.message().key, "refusal.catan.config.players");
    assert!(Catan::new(&Config::players(5)).is_err());
    let json: Config = serde_json::from_str(r#"{"players": 3, "board": "beginner"}"#).unwrap();
    assert_eq!(json.players, 3);
    assert!(serde_json::from_str::<Config>(r#"{"colour": 1}"#).is_err());
}

#[test]
fn paths_name_what_the_table_draws() {
    let g = table(&config(3), 0);
    let p = |a: &str| g.path(0, &a.parse().unwrap());
    assert_eq!(p("settle 7"), vec!["vertex:7"]);
    assert_eq!(p("road 9"), vec!["edge:9"]);
    assert_eq!(p("robber 4 2"), vec!["hex:4", "seat:2"]);
    assert_eq!(p("discard O"), vec!["card:ore"]);
    assert_eq!(
        p("offer BB W"),
        vec!["offer", "give:brick", "give:brick", "get:wool"]
    );
    assert_eq!(p("end"), vec!["end"]);
    // Cities & Knights: a verb where the turn offers several on the same pieces, then
    // the pieces as the table draws them; the piece alone where the moment asks one thing.
    assert_eq!(p("recruit 12"), vec!["recruit", "vertex:12"]);
    assert_eq!(
        p("move-knight 3 8"),
        vec!["move_knight", "vertex:3", "vertex:8"]
    );
    assert_eq!(p("improve science"), vec!["improve", "track:science"]);
    assert_eq!(p("pillage 20"), vec!["vertex:20"]);
    assert_eq!(p("relocate -"), vec!["none"]);
    assert_eq!(p("pick-deck trade"), vec!["track:trade"]);
    assert_eq!(p("give C"), vec!["card:cloth"]);
    assert_eq!(p("harbor-offer 2 B"), vec!["seat:2", "card:brick"]);
    assert_eq!(p("play bishop 5"), vec!["progress:bishop", "hex:5"]);
    assert_eq!(
        p("play smith 4 -"),
        vec!["progress:smith", "vertex:4", "none"]
    );
    assert_eq!(
        p("play alchemist 2 5"),
        vec!["progress:alchemist", "yellow:2", "red:5"]
    );
    assert_eq!(p("pass"), vec!["pass"]);
    let d = Catan::describe(&Event::Rolled {
        seat: 1,
        dice: [2, 5],
    });
    assert_eq!(d.key, "event.catan.rolled");
    assert!(Catan::board()["edges"].as_array().unwrap().len() == 72);
}

/// Digest section B, "Trading": the other seats answer an offer with a counter-offer
/// to the player on turn, who may take it instead of an acceptance.
#[test]
fn a_counter_offer_taken_trades_on_its_terms() {
    let mut g = table(&config(4), 0);
    give(&mut g, 0, "BG");
    give(&mut g, 1, "OO");
    give(&mut g, 2, "W");
    give(&mut g, 3, "L");
    act(&mut g, 0, "offer B W");
    // Seat 1 holds no wool: it cannot accept, but it may counter.
    assert_eq!(refused(&mut g, 1, "accept"), Refusal::CannotAfford);
    let mut listed = Vec::new();
    g.legal_actions(1, &mut listed);
    assert!(
        listed.contains(&"counter O B".parse().unwrap()),
        "{listed:?}"
    );
    // Any counter-offer it can pay is legal, listed or not.
    let ev = act(&mut g, 1, "counter OO B");
    assert_eq!(
        ev,
        vec![Event::Countered {
            seat: 1,
            give: "OO".parse().unwrap(),
            get: "B".parse().unwrap(),
        }]
    );
    // One answer per seat.
    assert_eq!(refused(&mut g, 1, "decline"), Refusal::NotYourDecision);
    act(&mut g, 2, "accept");
    // A counter-offer asking for more than the player on turn holds is made (its hand
    // is hidden from the counter-offerer) but cannot be taken.
    act(&mut g, 3, "counter L BB");
    let Phase::Choose {
        accepted, counters, ..
    } = g.phase
    else {
        panic!("{:?}", g.phase)
    };
    assert_eq!(accepted, SeatSet::one(2));
    assert_eq!(counters[1].unwrap().give, "OO".parse().unwrap());
    g.legal_actions(0, &mut listed);
    let listed: Vec<String> = listed.iter().map(|a| a.to_string()).collect();
    assert_eq!(listed, ["trade-with 2", "trade-with 1", "withdraw"]);
    assert_eq!(refused(&mut g, 0, "trade-with 3"), Refusal::CannotAfford);
    let ev = act(&mut g, 0, "trade-with 1");
    assert_eq!(
        ev[0],
        Event::Traded {
            seat: 0,
            with: 1,
            give: "B".parse().unwrap(),
            get: "OO".parse().unwrap(),
        }
    );
    assert_eq!(g.players[0].hand, "GOO".parse().unwrap());
    assert_eq!(g.players[1].hand, "B".parse().unwrap());
    assert_eq!(g.players[2].hand, "W".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
    // Only counter-offers, none taken: the player on turn withdraws.
    act(&mut g, 0, "offer G L");
    act(&mut g, 1, "counter B O");
    act(&mut g, 2, "decline");
    act(&mut g, 3, "decline");
    assert!(matches!(g.phase, Phase::Choose { .. }));
    act(&mut g, 0, "withdraw");
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn a_counter_offer_the_counter_offerer_cannot_pay_is_refused() {
    let mut g = table(&config(3), 0);
    give(&mut g, 0, "B");
    give(&mut g, 1, "O");
    act(&mut g, 0, "offer B W");
    assert_eq!(refused(&mut g, 1, "counter OO B"), Refusal::CannotAfford);
    assert_eq!(refused(&mut g, 1, "counter O O"), Refusal::BadTrade);
    assert_eq!(refused(&mut g, 1, "counter O -"), Refusal::BadTrade);
    // Commodities exist only in Cities & Knights.
    assert_eq!(refused(&mut g, 1, "counter O P"), Refusal::NotAResource);
    // Not a moment for counter-offers: no offer open, or not an answering seat.
    assert_eq!(refused(&mut g, 0, "counter B W"), Refusal::NotYourDecision);
    let mut h = table(&config(3), 0);
    give(&mut h, 0, "B");
    assert_eq!(refused(&mut h, 0, "counter B W"), Refusal::NotNow);
}

/// Answers are public at a table: every seat and a spectator get the counter-offer
/// and the trade made on it whole, and see the counter-offers in their views;
/// determinization deals the counter-offerer the cards it showed.
#[test]
fn counter_offers_and_the_trades_on_them_are_public() {
    let mut g = table(&config(3), 0);
    give(&mut g, 0, "BG");
    give(&mut g, 1, "OOLL");
    act(&mut g, 0, "offer B W");
    let mut events = act(&mut g, 1, "counter OO B");
    events.extend(act(&mut g, 2, "decline"));
    for viewer in [None, Some(0), Some(1), Some(2)] {
        let view = g.view(viewer);
        assert_eq!(view.position.phase, g.phase, "{viewer:?}");
        if viewer != Some(1) {
            for seed in 0..20 {
                let d = g.determinize(viewer, &mut tabuleiro_core::Rng::seed(seed));
                assert!(d.players[1].hand.contains(&"OO".parse().unwrap()));
                d.validate().unwrap();
                assert_eq!(d.view(viewer), view);
            }
        }
    }
    events.extend(act(&mut g, 0, "trade-with 1"));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Countered { seat: 1, .. })));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Traded {
            seat: 0,
            with: 1,
            ..
        }
    )));
    for e in &events {
        for viewer in [None, Some(0), Some(1), Some(2)] {
            assert_eq!(Catan::redact(e, viewer).as_ref(), Some(e), "{viewer:?}");
        }
    }
    assert_eq!(
        g.label(1, &"counter OO B".parse().unwrap()).key,
        "action.catan.counter"
    );
    assert_eq!(
        g.path(1, &"counter OO B".parse().unwrap()),
        vec!["counter", "give:ore", "give:ore", "get:brick"]
    );
}

/// A game whose record holds counter-offers (`counter BB W` in text) round-trips
/// through JSON and replays to the same position.
#[test]
fn a_record_with_counter_offers_round_trips_and_replays() {
    use tabuleiro_core::{replay, Record, Rng, Step};
    let config = Config::players(4);
    let mut game = Catan::new(&config).unwrap();
    let mut record: Record<Catan> = Record::new(config, 3);
    let mut rng = Rng::seed(3);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut taken = 0;
    while !matches!(game.to_act(), ToAct::Over) && taken < 3 && game.turn < 500 {
        match game.to_act() {
            ToAct::Seats(seats) => {
                let seat = seats.iter().next().unwrap();
                game.legal_actions(seat, &mut legal);
                // Counter-offers and the trades on them whenever listed.
                let countered = |a: &Action| match (a, &game.phase) {
                    (Action::Counter { .. }, _) => true,
                    (Action::TradeWith { seat }, Phase::Choose { counters, .. }) => {
                        counters[*seat as usize].is_some()
                    }
                    _ => false,
                };
                let action = legal
                    .iter()
                    .find(|a| countered(a))
                    .copied()
                    .unwrap_or(legal[rng.below(legal.len())]);
                if matches!(action, Action::TradeWith { .. }) {
                    taken += 1;
                }
                let text = action.to_string();
                assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
                game.apply(seat, &action, &mut events).unwrap();
                record.steps.push(Step::Decision { seat, action });
            }
            _ => {
                let outcome = game.sample_chance(&mut rng);
                game.apply_chance(&outcome, &mut events).unwrap();
                record.steps.push(Step::Chance { outcome });
            }
        }
    }
    assert_eq!(taken, 3, "three trades on counter-offers");
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""action":"counter""#));
    let back: Record<Catan> = serde_json::from_str(&json).unwrap();
    assert_eq!(replay(&back).unwrap(), game);
}

/// The longest road is searched from fewer intersections than every road end (issue
/// 46): a closed ring, where every intersection has two roads and none is blocked, must
/// still be found beside roads that do have ends, as must a ring with a spur and a ring
/// another seat's settlement cuts.
#[test]
fn longest_road_counts_a_closed_ring_a_ring_with_a_spur_and_a_cut_ring() {
    let mut g = table(&config(3), 0);
    settle(&mut g, 0, corner(16, 0));
    settle(&mut g, 0, corner(9, 0));
    road(&mut g, 0, side(16, 0));
    road(&mut g, 0, side(16, 1));
    assert_eq!(g.longest_road_of(0), 2);
    for i in 0..6 {
        road(&mut g, 0, side(9, i));
    }
    assert_eq!(g.longest_road_of(0), 6, "a closed ring of six roads");
    g.validate().unwrap();
    let top = corner(9, 0);
    road(&mut g, 0, spoke(9, top));
    assert_eq!(g.longest_road_of(0), 7, "the ring and its spur");
    g.validate().unwrap();
    // Seat 1 settles on the ring's lowest corner: a trail may start and end there, not
    // pass it, so the longest is the ring from the settlement round to it again.
    settle(&mut g, 1, corner(9, 3));
    assert_eq!(g.longest_road_of(0), 6);
    g.validate().unwrap();
}
