//! What the bots offer and answer in trades between players (issue 43, "Bots with
//! table manners"; issue 44, "Trades as people make them"): the offers the engine
//! lists never repeat within a turn and grow sweeter after the first, and the bots'
//! judgement (`Game::dismissed`) passes over a trade that leaves the seat's hand
//! worse and an offer for cards no other seat can hold. None of this is a rule: any
//! valid offer is accepted from a player.

mod common;

use common::*;
use tabuleiro_catan::{Action, Catan};
use tabuleiro_core::Game;

fn listed_offers(g: &Catan) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(g.current, &mut out);
    out.retain(|a| matches!(a, Action::Offer { .. }));
    out
}

fn a(text: &str) -> Action {
    text.parse().unwrap()
}

#[test]
fn after_a_declined_offer_the_listed_offers_give_two_cards_and_none_repeats() {
    let mut g = table(&config(4), 0);
    give(&mut g, 0, "BBBL");
    for s in 1..4 {
        give(&mut g, s, "WGO");
    }
    let first = listed_offers(&g);
    assert_eq!(first, vec![a("offer B W"), a("offer B G"), a("offer B O")]);
    act(&mut g, 0, "offer B W");
    for s in 1..4 {
        act(&mut g, s, "decline");
    }
    let second = listed_offers(&g);
    assert_eq!(
        second,
        vec![a("offer BB W"), a("offer BB G"), a("offer BB O")]
    );
    assert!(second.iter().all(|o| !first.contains(o)));
    act(&mut g, 0, "offer BB G");
    for s in 1..4 {
        act(&mut g, s, "decline");
    }
    // Two offers a turn are listed at most; a player may still make any.
    assert!(listed_offers(&g).is_empty());
    g.check(0, &a("offer B W")).unwrap();
}

#[test]
fn a_bot_passes_over_an_offer_that_breaks_what_its_hand_pays_for() {
    let mut g = table(&config(4), 0);
    // Brick, lumber, wool and grain pay for a settlement: giving the brick away for
    // ore leaves the hand worse; giving a second brick for the grain it lacks pays.
    give(&mut g, 0, "BBLW");
    for s in 1..4 {
        give(&mut g, s, "WGO");
    }
    assert!(g.trade_gain(0, &"B".parse().unwrap(), &"G".parse().unwrap()) > 0.0);
    assert!(!g.dismissed(0, &a("offer B G")));
    g.players[0].hand = "BLWG".parse().unwrap();
    assert!(g.trade_gain(0, &"B".parse().unwrap(), &"O".parse().unwrap()) < 0.0);
    assert!(g.dismissed(0, &a("offer B O")));
    // Nor does a bot accept it when offered: seat 1 holds the settlement's cards.
    g.players[1].hand = "BLWG".parse().unwrap();
    g.players[0].hand = "OO".parse().unwrap();
    act(&mut g, 0, "offer O B");
    assert!(g.dismissed(1, &Action::Accept));
    assert!(!g.dismissed(1, &Action::Decline));
}

#[test]
fn a_bot_does_not_ask_for_cards_no_other_seat_can_hold() {
    let mut g = table(&config(4), 0);
    give(&mut g, 0, "BBL");
    // Every wool is in the bank or in seat 0's hand: nobody else can hold one, though
    // the hands are big enough.
    for s in 1..4 {
        give(&mut g, s, "GGOO");
    }
    let wool = "W".parse().unwrap();
    assert!(!g.others_may_hold(0, &wool));
    assert!(g.dismissed(0, &a("offer B W")));
    // One wool out of the bank, in a hand nobody sees: it may be asked for.
    give(&mut g, 2, "W");
    assert!(g.others_may_hold(0, &wool));
    // Hands too small for what is asked: three cards from seats holding at most two.
    let mut h = table(&config(4), 0);
    give(&mut h, 0, "BBBL");
    for s in 1..4 {
        give(&mut h, s, "WG");
    }
    assert!(!h.others_may_hold(0, &"WWG".parse().unwrap()));
    assert!(h.others_may_hold(0, &"WG".parse().unwrap()));
}

#[test]
fn the_player_on_turn_takes_a_counter_offer_only_when_it_helps() {
    let mut g = table(&config(4), 0);
    give(&mut g, 0, "BBLW");
    give(&mut g, 1, "GGO");
    give(&mut g, 2, "GO");
    give(&mut g, 3, "O");
    act(&mut g, 0, "offer B G");
    // Seat 1 counters asking for a second brick and the wool (which leaves the
    // settlement further off than before), seat 2 accepts, seat 3 declines.
    act(&mut g, 1, "counter G BBW");
    act(&mut g, 2, "accept");
    act(&mut g, 3, "decline");
    assert!(g.dismissed(0, &a("trade-with 1")));
    assert!(!g.dismissed(0, &a("trade-with 2")));
    assert!(!g.dismissed(0, &Action::Withdraw));
}
