//! One test per rule on hand-built positions, and each contested reading (digest section
//! 13) under each of its options. Lines cite seed 003.

mod common;

use common::*;
use tabuleiro_core::{Game, SeatSet, ToAct};
use tabuleiro_viscounts::action::{Action, Funding, Main};
use tabuleiro_viscounts::board::{space, Kind};
use tabuleiro_viscounts::config::*;
use tabuleiro_viscounts::content::{Building, Ribbon};
use tabuleiro_viscounts::effect::{Effect, Items, Res};
use tabuleiro_viscounts::error::{Error, Refusal};
use tabuleiro_viscounts::scoring::{ranking, set_points};
use tabuleiro_viscounts::state::{Question, Task};
use tabuleiro_viscounts::Config;

fn main_action(main: Main, dismiss: bool, paid: u8) -> Action {
    Action::Main {
        main,
        funding: Funding {
            dismiss,
            paid,
            subs: [0; 3],
        },
    }
}

fn refusal(r: Result<(), Error>) -> Refusal {
    match r {
        Err(Error::Refused(r)) => r,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// L316-320: cards shift right; the one pushed off goes to the discard pile and resolves
/// its exit ability (the Thief: 1 Debt and 1 Silver).
#[test]
fn shift_pushes_the_right_card_off_with_its_exit_ability() {
    let mut g = bare(&Config::default());
    let (a, b, t) = (
        card("starting_abbot_1"),
        card("starting_squire_1"),
        card("starting_thief_1"),
    );
    g.players[0].slots = [Some(a), Some(b), Some(t)];
    g.tasks.push(Task::Shift);
    settle(&mut g);
    let p = &g.players[0];
    assert_eq!(p.slots, [None, Some(a), Some(b)]);
    assert_eq!(p.discard, vec![t]);
    assert_eq!((p.debts, p.silver), (1, 1));
}

/// L326: with no card in hand, the top of the draw pile goes blind to the leftmost slot.
#[test]
fn empty_hand_places_the_top_of_the_draw_pile() {
    let mut g = bare(&Config::default());
    g.players[0].draw = vec![card("starting_squire_1")];
    g.tasks.push(Task::PlaceStep);
    settle(&mut g);
    assert_eq!(g.players[0].slots[0], Some(card("starting_squire_1")));
}

/// L334-342: at least the card's value, 1 Silver per extra step, and the 1st Trading
/// Post's free step.
#[test]
fn movement_costs_and_the_first_trading_post() {
    let mut g = bare(&Config::default());
    g.players[0].slots[0] = Some(card("starting_abbot_1")); // value 2
    g.players[0].silver = 1;
    ask(&mut g, 0, Question::Move);
    let to = space(1, Kind::OuterRight); // 3 steps
    assert_eq!(
        refusal(g.check(
            0,
            &Action::Move {
                to,
                paid: 0,
                free: false
            }
        )),
        Refusal::Unreachable
    );
    assert_eq!(
        refusal(g.check(
            0,
            &Action::Move {
                to,
                paid: 0,
                free: true
            }
        )),
        Refusal::NoSuchOption
    );
    assert!(g
        .check(
            0,
            &Action::Move {
                to,
                paid: 1,
                free: false
            }
        )
        .is_ok());
    g.players[0].built[Building::TradingPost as usize] = 1;
    answer(
        &mut g,
        0,
        Action::Move {
            to,
            paid: 0,
            free: true,
        },
    );
    assert_eq!((g.players[0].space, g.players[0].silver), (to, 1));
}

/// L352: ending on an opponent's Viscount lets that opponent rearrange: their decision.
#[test]
fn meeting_a_viscount_lets_the_opponent_rearrange() {
    let mut g = bare(&Config::default());
    g.players[0].slots[0] = Some(card("starting_trader_1")); // value 1
    let to = space(0, Kind::OuterRight);
    g.players[1].space = to;
    g.players[1].slots = [
        Some(card("starting_abbot_1")),
        Some(card("starting_squire_1")),
        None,
    ];
    ask(&mut g, 0, Question::Move);
    answer(
        &mut g,
        0,
        Action::Move {
            to,
            paid: 0,
            free: false,
        },
    );
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    answer(&mut g, 1, Action::Rearrange { order: [1, 0, 2] });
    assert_eq!(g.players[1].slots[0], Some(card("starting_squire_1")));
}

/// L356-370: Trade and Build on the outer path, workers and manuscripts on the inner.
#[test]
fn main_actions_need_their_path() {
    let mut g = bare(&Config::default());
    g.players[0].space = space(0, Kind::Inner);
    g.players[0].silver = 10;
    ask(&mut g, 0, Question::Main);
    assert_eq!(
        refusal(g.check(0, &main_action(Main::Trade { times: 1 }, false, 2))),
        Refusal::WrongPath
    );
    g.players[0].space = space(0, Kind::OuterLeft);
    assert_eq!(
        refusal(g.check(0, &main_action(Main::PlaceWorkers { workers: 1 }, false, 0))),
        Refusal::WrongPath
    );
}

/// L266-270: Criminal icons are wild for main actions.
#[test]
fn criminal_icons_are_wild() {
    let mut g = bare(&Config::with_players(2));
    g.players[0].space = space(0, Kind::Inner);
    g.players[0].slots = [
        Some(card("starting_thief_1")),
        Some(card("starting_abbot_1")),
        Some(card("starting_trader_1")),
    ];
    ask(&mut g, 0, Question::Main);
    // 1 Criminal = 1 Noble: one worker.
    answer(
        &mut g,
        0,
        main_action(Main::PlaceWorkers { workers: 1 }, false, 0),
    );
    assert_eq!(g.castle.level1[0][0], 1);
}

/// L383: a dismissal needs a matching (or Criminal) icon; it costs the card's value, 1
/// Silver with the 2nd Trading Post.
#[test]
fn dismissal_needs_a_matching_icon_and_its_cost() {
    let mut g = bare(&Config::default());
    g.players[0].space = space(0, Kind::OuterLeft);
    g.players[0].slots = [
        Some(card("starting_abbot_1")),
        Some(card("starting_squire_1")),
        Some(card("starting_abbot_1")),
    ];
    g.villagers[0].top = Some(card("neutral_friar_1")); // 2 Silver, 1 Cleric
    g.players[0].silver = 5;
    ask(&mut g, 0, Question::Main);
    assert_eq!(
        refusal(g.check(0, &main_action(Main::Trade { times: 1 }, true, 0))),
        Refusal::CannotDismiss
    );
    g.villagers[0].top = Some(card("neutral_woodcutter_1")); // 2 Silver, 1 Builder, +1 Virtue
    g.players[0].res[Res::Stone as usize] = 2;
    g.players[0].built[Building::TradingPost as usize] = 2;
    g.spots[0][0] = Some((1, Building::Guildhall));
    answer(
        &mut g,
        0,
        main_action(
            Main::Build {
                building: Building::Workshop,
                spot: 1,
            },
            true,
            2,
        ),
    );
    assert_eq!(
        g.players[0].silver,
        5 - 1,
        "the 2nd Trading Post: dismissal for 1 Silver"
    );
    assert_eq!(g.players[0].virtue, 6, "the Woodcutter's dismiss effect");
}

/// L525-527: hire the adjacent villager for its value; it goes to the discard pile with
/// its hire effect; the 1st Workshop adds a Discard; the next card is revealed.
#[test]
fn hiring() {
    let mut g = bare(&Config::default());
    let friar = card("neutral_friar_1");
    g.villagers[0].top = Some(friar);
    g.players[0].silver = 2;
    g.players[0].built[Building::Workshop as usize] = 1;
    g.players[0].hand = vec![card("starting_abbot_1")];
    ask(&mut g, 0, Question::Hire);
    g.apply(0, &Action::Hire, &mut Vec::new()).unwrap();
    assert_eq!(asked(&g), Some((0, Question::Discard)));
    answer(
        &mut g,
        0,
        Action::DiscardFromHand {
            card: card("starting_abbot_1"),
        },
    );
    let p = &g.players[0];
    assert_eq!((p.silver, p.virtue), (0, 6));
    assert!(p.discard.contains(&friar));
    assert!(
        g.villagers[0].top.is_some_and(|c| c != friar),
        "the next card is revealed"
    );
}

/// L552: the hand limit is 3, +1 for the Castle Leader; no discarding down.
#[test]
fn hand_limit_with_the_castle_leader() {
    let mut g = bare(&Config::default());
    g.players[0].draw = [
        "starting_abbot_1",
        "starting_squire_1",
        "starting_thief_1",
        "starting_trader_1",
        "starting_lender_1",
    ]
    .map(card)
    .to_vec();
    g.castle.leader = Some(0);
    g.tasks.push(Task::DrawStep);
    settle(&mut g);
    assert_eq!(g.players[0].hand.len(), 4);
}

/// L487: the Castle Leader passes only to a player with more level-3 workers.
#[test]
fn castle_leader_moves_only_on_more() {
    let mut g = bare(&Config::default());
    g.castle.level3[1] = 1;
    g.castle.leader = Some(1);
    g.castle.level2[0][0] = 3;
    g.players[0].reserve = 17;
    g.tasks.push(Task::Castle { seat: 0 });
    settle(&mut g);
    answer(&mut g, 0, Action::TakeResource { res: Res::Ink });
    assert_eq!(
        (g.castle.level3[0], g.castle.leader),
        (1, Some(1)),
        "a tie keeps the card"
    );
}

/// L224-236, L562: the last Debt of the Poverty pile reveals it; the round is finished
/// and a final round played (A4 default), so the last turn is the first player's right.
#[test]
fn poverty_revealed_triggers_the_final_round() {
    for (rule, last) in [(FinalRound::ExtraRound, 3), (FinalRound::CompleteRound, 2)] {
        let mut g = bare(&Config {
            final_round: rule,
            ..Config::default()
        });
        g.round = 2;
        g.debts_on_poverty = 1;
        g.tasks.push(Task::Run {
            seat: 0,
            effects: vec![Effect::Gain {
                items: Items {
                    debt: 1,
                    ..Items::default()
                },
            }]
            .into(),
            by: None,
        });
        settle(&mut g);
        assert!(g.poverty_revealed);
        assert_eq!(g.last_round, Some(last));
        assert_eq!(g.players[0].debts, 1, "Debts stay unlimited");
    }
}

/// L246: paying a Debt gives 1 resource of the player's choice (A13).
#[test]
fn flipping_a_debt_gives_a_resource() {
    let mut g = bare(&Config::default());
    g.players[0].debts = 1;
    g.players[0].deeds = 1;
    g.tasks.push(Task::Run {
        seat: 0,
        effects: vec![Effect::Flip {
            target: tabuleiro_viscounts::effect::FlipTarget::DebtOrDeed,
            n: 1,
        }]
        .into(),
        by: None,
    });
    settle(&mut g);
    answer(&mut g, 0, Action::FlipDebt);
    answer(&mut g, 0, Action::TakeResource { res: Res::Stone });
    let p = &g.players[0];
    assert_eq!(
        (p.debts, p.paid_debts, p.res[Res::Stone as usize]),
        (0, 1, 1)
    );
}

/// L519: the first to hold 3 manuscripts of one ribbon takes that colour's Clergy Bonus.
#[test]
fn clergy_bonus_to_the_first_with_three_of_a_ribbon() {
    let mut g = bare(&Config::default());
    g.players[0].manuscripts = vec![ms("m01"), ms("m05")];
    g.manuscripts[2].top = Some(ms("m13"));
    g.take_manuscript(0, 2);
    settle(&mut g);
    assert_eq!(g.players[0].clergy_bonus, vec![Ribbon::Grey]);
    assert!(!g.clergy_bonus_left.contains(&Ribbon::Grey));
}

/// A24: no more workers than the reserve.
#[test]
fn workers_within_the_reserve() {
    let mut g = bare(&Config::default());
    g.players[0].space = space(0, Kind::Inner);
    g.players[0].reserve = 1;
    g.players[0].res[Res::Gold as usize] = 8;
    ask(&mut g, 0, Question::Main);
    assert_eq!(
        refusal(g.check(0, &main_action(Main::PlaceWorkers { workers: 2 }, false, 3))),
        Refusal::NoWorkersLeft
    );
}

/// Sets of different ribbons: 1/4/9/16, several sets allowed (L604).
#[test]
fn manuscript_sets() {
    use Ribbon::*;
    assert_eq!(
        set_points(&[Grey, Black, Yellow, Blue, Grey, Black, Yellow, Grey]),
        16 + 9 + 1
    );
    assert_eq!(set_points(&[Blue, Blue]), 2);
}

// ----- contested readings (digest section 13) -----

/// A1: which flipped cards Poverty ranks.
#[test]
fn a1_poverty_ranks_deeds_or_debts() {
    for (rule, expect) in [(SeeSaw::PovertyDeeds, 12), (SeeSaw::PovertyDebts, 0)] {
        let mut g = bare(&Config {
            see_saw: rule,
            ..Config::default()
        });
        g.poverty_revealed = true;
        g.players[0].approved_deeds = 2;
        g.players[1].paid_debts = 3;
        assert_eq!(g.breakdown(0).poverty, expect);
    }
}

/// A5: with 2 players the 8 is ignored: second gets 4 (default) or 0.
#[test]
fn a5_two_player_rewards() {
    let r = Rounding::Down;
    assert_eq!(
        ranking(&[3, 1], [12, 8, 4], SmallGame::Shift, r),
        vec![12, 4]
    );
    assert_eq!(
        ranking(&[3, 1], [12, 8, 4], SmallGame::Zero, r),
        vec![12, 0]
    );
    assert_eq!(
        ranking(&[0, 1], [12, 8, 4], SmallGame::Shift, r),
        vec![0, 12],
        "at least 1 flipped"
    );
}

/// A6: shares rounded down (default) or up: 3 tied third share 4 -> 1 or 2.
#[test]
fn a6_rounding_of_shares() {
    let s = SmallGame::Shift;
    assert_eq!(
        ranking(&[5, 4, 1, 1, 1], [12, 8, 4], s, Rounding::Down),
        vec![12, 8, 1, 1, 1]
    );
    assert_eq!(
        ranking(&[5, 4, 1, 1, 1], [12, 8, 4], s, Rounding::Up),
        vec![12, 8, 2, 2, 2]
    );
}

/// A8: collision steps 1 and 2 for all players (default) or the active player only.
#[test]
fn a8_collision_scope() {
    for (scope, other_virtue, other_ink) in [
        (CollisionScope::AllPlayers, 6, 1),
        (CollisionScope::ActiveOnly, 7, 0),
    ] {
        let mut g = bare(&Config {
            collision_workshop: scope,
            collision_cards: scope,
            ..Config::default()
        });
        g.players[0].corruption = 2;
        g.players[0].virtue = 2;
        g.players[0].slots = [Some(card("starting_thief_1")), None, None];
        g.players[1].built[Building::Workshop as usize] = 2;
        g.players[1].slots = [
            Some(card("neutral_peddler_1")),
            Some(card("starting_abbot_1")),
            None,
        ];
        g.tasks.push(Task::Collision);
        settle(&mut g);
        // Space 2 gives opponents with Criminals a Corruption: player 1 has none.
        assert_eq!(g.players[1].virtue, other_virtue);
        assert_eq!(g.players[1].res[Res::Ink as usize], other_ink);
    }
}

/// A10: level-2 advancement counts own workers (default) or all.
#[test]
fn a10_level2_count() {
    for (rule, up) in [(Level2Count::Own, 0), (Level2Count::Any, 1)] {
        let mut g = bare(&Config {
            level2_count: rule,
            ..Config::default()
        });
        g.castle.level2[0][0] = 2;
        g.castle.level2[0][1] = 1;
        g.players[0].reserve = 18;
        g.players[1].reserve = 19;
        g.tasks.push(Task::Castle { seat: 0 });
        settle(&mut g);
        if up == 1 {
            answer(&mut g, 0, Action::TakeResource { res: Res::Ink });
        }
        assert_eq!(g.castle.level3[0], up);
    }
}

/// A12: a Shuffle effect's reshuffle makes the Criminal/Virtue check (default) or not.
#[test]
fn a12_reshuffle_check_on_effects() {
    for (rule, virtue) in [(ReshuffleCheck::Every, 6), (ReshuffleCheck::DrawOnly, 7)] {
        let mut g = bare(&Config {
            reshuffle_check: rule,
            ..Config::default()
        });
        g.players[0].draw.clear();
        g.players[0].discard = vec![card("starting_abbot_1")];
        g.tasks.push(Task::Run {
            seat: 0,
            effects: vec![Effect::Shuffle].into(),
            by: None,
        });
        settle(&mut g);
        assert_eq!(g.players[0].draw.len(), 1);
        assert_eq!(g.players[0].virtue, virtue);
    }
}

/// A15: a dismissed printed villager's icons fund the action (default) or not.
#[test]
fn a15_printed_villager_icons() {
    for (rule, ok) in [(true, true), (false, false)] {
        let mut g = bare(&Config {
            printed_dismiss_icons: rule,
            ..Config::default()
        });
        // Segment A's printed villager: 1 Criminal (wild), value 1.
        g.players[0].space = space(0, Kind::Inner);
        g.players[0].slots = [
            Some(card("starting_abbot_1")),
            Some(card("starting_trader_1")),
            Some(card("starting_abbot_1")),
        ];
        g.players[0].silver = 1;
        g.villagers[0].top = None;
        g.villagers[0].hidden = 0;
        ask(&mut g, 0, Question::Main);
        assert_eq!(
            g.check(0, &main_action(Main::PlaceWorkers { workers: 1 }, true, 0))
                .is_ok(),
            ok
        );
    }
}

/// A17: the tie-break adds Silver and resources (default) or compares Silver first.
#[test]
fn a17_tie_break() {
    for (rule, winner) in [(TieBreak::Combined, 1), (TieBreak::SilverFirst, 0)] {
        let mut g = bare(&Config {
            tie_break: rule,
            ..Config::default()
        });
        g.players[0].silver = 3;
        g.players[1].silver = 2;
        g.players[1].res = [1, 1, 0];
        let st = g.standings();
        assert!(st[0].holds(winner) && st[0].place == 1 && st[1].place == 2);
    }
}

/// A2 is covered with the castle example (worked_examples, L497-503); A4 with
/// `poverty_revealed_triggers_the_final_round`.
#[test]
fn a17_full_tie_shares_the_victory() {
    let g = bare(&Config::default());
    let st = g.standings();
    assert_eq!((st[0].place, st[1].place), (1, 1));
}

fn funding(subs: [u8; 3], paid: u8) -> Funding {
    Funding {
        dismiss: false,
        paid,
        subs,
    }
}

/// L290 (a substitute: "pay ➔ icon" while the card is on the board) and L356-381 (the
/// funding of a main action): the Mason turns 2 Silver into 1 Builder icon as often as
/// paid for. Every mix of its uses and Stone is listed; a use or a Stone beyond the need
/// is refused.
#[test]
fn substitute_abilities_are_listed_and_never_overpay() {
    let mut g = bare(&Config::default());
    g.players[0].space = space(0, Kind::OuterLeft);
    g.players[0].slots = [
        Some(card("neutral_mason_1")), // 1 Builder, 1 Merchant
        Some(card("starting_journeyman_1")),
        Some(card("starting_lender_1")),
    ];
    g.villagers[0].top = Some(card("neutral_friar_1")); // no Builder: no dismissal
    g.players[0].silver = 10;
    g.players[0].res = [0, 0, 1];
    ask(&mut g, 0, Question::Main);
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    let workshop = |a: &Action| match a {
        Action::Main {
            main:
                Main::Build {
                    building: Building::Workshop,
                    spot,
                },
            funding,
        } => Some((*spot, *funding)),
        _ => None,
    };
    let spot = legal
        .iter()
        .find_map(workshop)
        .expect("a Workshop is listed")
        .0;
    let fundings: Vec<Funding> = legal
        .iter()
        .filter_map(workshop)
        .filter(|(s, _)| *s == spot)
        .map(|(_, f)| f)
        .collect();
    // The Workshop needs 3 Builder icons; the Mason shows 1. Two uses, or one use and
    // the one Stone; no use would need 2 Stone.
    assert_eq!(fundings, vec![funding([1, 0, 0], 1), funding([2, 0, 0], 0)]);
    let build = |f: Funding| Action::Main {
        main: Main::Build {
            building: Building::Workshop,
            spot,
        },
        funding: f,
    };
    assert_eq!(
        refusal(g.check(0, &build(funding([3, 0, 0], 0)))),
        Refusal::Overpaid,
        "a third use is not needed"
    );
    assert_eq!(
        refusal(g.check(0, &build(funding([2, 0, 0], 1)))),
        Refusal::Overpaid
    );
    assert_eq!(
        refusal(g.check(0, &build(funding([0, 1, 0], 2)))),
        Refusal::NoSuchOption,
        "the Journeyman has no substitute"
    );
    answer(&mut g, 0, build(funding([2, 0, 0], 0)));
    assert_eq!(g.players[0].silver, 10 - 4);
    assert_eq!(g.players[0].res, [0, 0, 1]);
    assert_eq!(g.players[0].built[Building::Workshop as usize], 1);
}

/// L290: the Benefactor counts each 2 Merchant icons as 1 Noble icon when placing
/// workers. A client may send any number of uses: two Benefactors used 255 times each
/// (1,020 Merchant icons, more than an 8-bit count holds) are refused like any use
/// beyond the Merchant icons, and nothing changes.
#[test]
fn substitute_uses_beyond_the_merchants_are_refused() {
    let mut g = bare(&Config::default());
    g.players[0].slots = [
        Some(card("neutral_benefactor_1")),
        Some(card("neutral_benefactor_1")),
        None,
    ];
    ask(&mut g, 0, Question::Main);
    let before = g.clone();
    let place = |subs| Action::Main {
        main: Main::PlaceWorkers { workers: 1 },
        funding: funding(subs, 0),
    };
    for subs in [[128, 128, 0], [128, 0, 0], [255, 255, 0], [3, 0, 0]] {
        assert!(g.check(0, &place(subs)).is_err(), "{subs:?}");
        assert!(
            g.apply(0, &place(subs), &mut Vec::new()).is_err(),
            "{subs:?}"
        );
        assert_eq!(g, before, "{subs:?}: a refusal changes nothing");
    }
}

/// L334: only the destination of a move matters, so a move is taken at its cheapest;
/// Silver beyond it (a longer way to the same space) is refused, and each reachable
/// space is listed once.
#[test]
fn a_move_is_taken_at_its_cheapest() {
    let mut g = bare(&Config::default());
    g.players[0].slots[0] = Some(card("starting_abbot_1")); // value 2
    g.players[0].silver = 10;
    ask(&mut g, 0, Question::Move);
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    let mut ends: Vec<u8> = legal
        .iter()
        .map(|a| match a {
            Action::Move { to, .. } => *to,
            other => panic!("{other}"),
        })
        .collect();
    let n = ends.len();
    ends.dedup();
    assert_eq!(ends.len(), n, "each space once");
    let to = legal
        .iter()
        .find_map(|a| match a {
            Action::Move { to, paid: 0, .. } => Some(*to),
            _ => None,
        })
        .expect("the card's value reaches a space for free");
    // Some longer way reaches the same space again: refused.
    let longer = (1..=10u8)
        .map(|extra| Action::Move {
            to,
            paid: extra,
            free: false,
        })
        .find(|a| !matches!(g.check(0, a), Err(Error::Refused(Refusal::Unreachable))))
        .expect("a loop reaches the space again");
    assert_eq!(refusal(g.check(0, &longer)), Refusal::Overpaid);
}

/// L352: keeping the order is no rearrangement (the Pass).
#[test]
fn rearranging_into_the_same_order_is_a_pass() {
    let mut g = bare(&Config::default());
    g.players[1].slots = [
        Some(card("starting_abbot_1")),
        Some(card("starting_squire_1")),
        None,
    ];
    ask(&mut g, 1, Question::Rearrange);
    assert_eq!(
        refusal(g.check(1, &Action::Rearrange { order: [0, 1, 2] })),
        Refusal::BadOrder
    );
    let mut legal = Vec::new();
    g.legal_actions(1, &mut legal);
    assert_eq!(
        legal,
        vec![Action::Pass, Action::Rearrange { order: [1, 0, 2] }]
    );
}

/// Transcribes the manuscript at board position 0 (m20, cost 4: its immediate effect is
/// a free manuscript of cost 3 or 4) with Ink, a cost-3 manuscript (m10) lying at
/// position 1.
fn transcribe_a_free_manuscript(limit: ManuscriptLimit) -> tabuleiro_viscounts::Viscounts {
    let mut g = bare(&Config {
        manuscript_limit: limit,
        ..Config::default()
    });
    g.players[0].space = space(0, Kind::Inner);
    g.players[0].res = [4, 0, 0];
    g.manuscripts[0].top = Some(ms("m20"));
    g.manuscripts[1].top = Some(ms("m10"));
    ask(&mut g, 0, Question::Main);
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    let a = legal
        .into_iter()
        .find(|a| matches!(a, Action::Main { main: Main::Transcribe, funding } if !funding.dismiss))
        .expect("the transcription is listed");
    answer(&mut g, 0, a);
    g
}

/// L511 "Só é permitido transcrever 1 Manuscrito por turno" (the Transcribe action's
/// section), default reading: the action is limited; a free manuscript from an effect
/// ("Receba 1 Manuscrito ... gratuitamente", L812) is not: L740 has a manuscript's own
/// effect give a free transcription in the same turn.
#[test]
fn l511_one_transcription_a_turn_free_manuscripts_follow() {
    let mut g = transcribe_a_free_manuscript(ManuscriptLimit::TranscribeAction);
    assert_eq!(g.players[0].manuscripts, vec![ms("m20")]);
    assert_eq!(
        asked(&g),
        Some((0, Question::FreeManuscript { max_cost: 4 }))
    );
    answer(&mut g, 0, Action::TakeManuscript { pos: 1 });
    assert_eq!(g.players[0].manuscripts, vec![ms("m20"), ms("m10")]);
}

/// L511 read over every manuscript (`ManuscriptLimit::Every`): the free manuscript of the
/// turn's second is lost, and after a free one the Transcribe action is refused.
#[test]
fn l511_every_manuscript_limited_when_so_configured() {
    let g = transcribe_a_free_manuscript(ManuscriptLimit::Every);
    assert_eq!(g.players[0].manuscripts, vec![ms("m20")]);
    assert!(parked(&g), "no free manuscript is offered: {:?}", asked(&g));
    assert_eq!(g.manuscripts[1].top, Some(ms("m10")));

    let mut g = bare(&Config {
        manuscript_limit: ManuscriptLimit::Every,
        ..Config::default()
    });
    g.players[0].space = space(1, Kind::Inner);
    g.players[0].res = [4, 0, 0];
    g.manuscripts[0].top = Some(ms("m10"));
    g.manuscripts[1].top = Some(ms("m20"));
    g.tasks.push(Task::Run {
        seat: 0,
        effects: vec![Effect::FreeManuscript { max_cost: 4 }].into(),
        by: None,
    });
    settle(&mut g);
    answer(&mut g, 0, Action::TakeManuscript { pos: 0 });
    ask(&mut g, 0, Question::Main);
    let transcribe = main_action(Main::Transcribe, false, 4);
    assert_eq!(
        refusal(g.check(0, &transcribe)),
        Refusal::OneManuscriptATurn
    );
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    assert!(!legal.iter().any(|a| matches!(
        a,
        Action::Main {
            main: Main::Transcribe,
            ..
        }
    )));
}

/// L479: with several level-1 groups of three, the player moves them "na ordem de sua
/// preferência": each group is offered, and the chosen one moves first.
#[test]
fn l479_several_groups_in_the_players_order() {
    let mut g = bare(&Config::default());
    g.castle.level1[0][0] = 3;
    g.castle.level1[2][0] = 3;
    g.players[0].reserve = 14;
    g.tasks.push(Task::Castle { seat: 0 });
    settle(&mut g);
    assert_eq!(asked(&g), Some((0, Question::Advance)));
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    assert_eq!(
        legal,
        vec![
            Action::Advance { section: 0 },
            Action::Advance { section: 2 }
        ]
    );
    assert_eq!(
        refusal(g.check(0, &Action::Advance { section: 1 })),
        Refusal::NoSuchOption
    );
    g.apply(0, &Action::Advance { section: 2 }, &mut Vec::new())
        .unwrap();
    assert_eq!(
        (
            g.castle.level2[2][0],
            g.castle.level2[0][0],
            g.castle.level1[0][0]
        ),
        (1, 0, 3),
        "section 2 moved first, section 0 waits"
    );
    // Sections 1 and 3 received one each; section 0 then moves too (one group left).
    while let Some((seat, _)) = asked(&g).filter(|_| !parked(&g)) {
        g.legal_actions(seat, &mut legal);
        let a = legal[0];
        answer(&mut g, seat, a);
    }
    assert_eq!((g.castle.level2[0][0], g.castle.level2[2][0]), (1, 1));
}

/// L493: a group made during another player's turn (a link's placement) waits: "o
/// jogador ativo primeiramente realiza seu movimento e, em seguida, seu oponente faz o
/// mesmo". Both go from level 2 to level 3 here; the active player moves first, so the
/// Castle Leader is theirs (the opponent's equal count does not take it, L489).
#[test]
fn l493_the_active_player_moves_first_then_the_opponent() {
    let mut g = bare(&Config::default());
    g.current = 0;
    g.castle.level2[0][0] = 3;
    g.castle.level2[2][1] = 3;
    // The opponent's cascade is on top of the active player's.
    g.tasks.push(Task::Castle { seat: 0 });
    g.tasks.push(Task::Castle { seat: 1 });
    settle(&mut g);
    assert_eq!(
        asked(&g),
        Some((0, Question::Resource)),
        "the active player's level-3 reward first"
    );
    answer(&mut g, 0, Action::TakeResource { res: Res::Ink });
    assert_eq!(g.castle.leader, Some(0));
    assert_eq!(asked(&g), Some((1, Question::Resource)));
    answer(&mut g, 1, Action::TakeResource { res: Res::Gold });
    assert_eq!(g.castle.level3[..2], [1, 1]);
    assert_eq!(g.castle.leader, Some(0), "a tie keeps the card");
    assert!(parked(&g), "then the active player's turn goes on");
}

/// A14: a blind discard or destroy takes the top of the draw pile (the discards
/// reshuffled first, L556). With both piles empty there is no top: the decision is
/// refused and not listed, even with cards in hand (found by the 10,000-game
/// conformance run: 3 players, seed 490).
#[test]
fn a14_no_blind_discard_or_destroy_without_a_pile() {
    for q in [
        Question::Discard,
        Question::MustDiscard,
        Question::Destroy { from_pile: false },
    ] {
        let mut g = bare(&Config::default());
        g.players[0].draw.clear();
        g.players[0].hand = vec![card("neutral_strongman_1")];
        ask(&mut g, 0, q.clone());
        let blind = if matches!(q, Question::Destroy { .. }) {
            Action::DestroyTop
        } else {
            Action::DiscardTop
        };
        let mut legal = Vec::new();
        g.legal_actions(0, &mut legal);
        assert!(!legal.contains(&blind), "{q:?}: {blind} listed");
        assert_eq!(
            refusal(g.check(0, &blind)),
            Refusal::NoSuchCard,
            "{q:?}: {blind}"
        );
        // With a discard pile, the top is there (after a reshuffle).
        g.players[0].discard = vec![card("neutral_strongman_1")];
        g.legal_actions(0, &mut legal);
        assert!(legal.contains(&blind), "{q:?}");
        assert_eq!(g.check(0, &blind), Ok(()));
    }
}
