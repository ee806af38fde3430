//! Solo mode (seed 003 L654-762): the AI's worked example turns (L746) and its rules.

mod common;

use common::*;
use tabuleiro_core::{Game, Participant};
use tabuleiro_viscounts::board::{space, Kind};
use tabuleiro_viscounts::content::{Building, Content, PLOT_BASE};
use tabuleiro_viscounts::effect::{Card, Res};
use tabuleiro_viscounts::solo::AI;
use tabuleiro_viscounts::state::Task;
use tabuleiro_viscounts::Config;

fn plot(id: &str) -> Card {
    Card(
        PLOT_BASE
            + Content::get()
                .plots
                .iter()
                .position(|p| p.id == id)
                .unwrap() as u8,
    )
}

fn solo() -> tabuleiro_viscounts::Viscounts {
    let mut g = bare(&Config::with_players(1));
    g.current = AI;
    g.players[1].player_card = 0;
    g.players[1].debts = 1;
    g.players[1].deeds = 1;
    g.future_plots = vec![plot("f1"), plot("f2")];
    g
}

/// L746, turn 1: the AI dismisses the villager at its location (here 1 Virtue), moves 2
/// spaces clockwise on the outer path, cannot place 2 workers with 2 Noble icons and no
/// Gold (and never places 1), so takes the fallback: flips a Debt (the type it flipped
/// least, a tie flips a Debt; the Debt's resource goes by its chart: Ink) and gains 1 Virtue.
#[test]
fn l746_ai_turn_one() {
    let mut g = solo();
    g.players[1].space = space(0, Kind::OuterLeft);
    g.villagers[0].top = Some(card("neutral_friar_1"));
    g.players[1].slots = [Some(plot("s1")), None, None];
    g.tasks.push(Task::AiRows);
    settle(&mut g);
    let ai = &g.players[1];
    assert_eq!(
        ai.space,
        space(1, Kind::OuterLeft),
        "two outer spaces clockwise"
    );
    assert!(g.removed.contains(&card("neutral_friar_1")));
    assert_eq!(ai.virtue, 5, "1 from the Friar, 1 from the fallback");
    assert_eq!(
        (ai.debts, ai.paid_debts, ai.res[Res::Ink as usize]),
        (0, 1, 1)
    );
    assert_eq!(g.castle.level1.iter().map(|s| s[1]).sum::<u8>(), 0);
    assert!(parked(&g));
}

/// L746, turn 2: a Criminal Plot gives 1 Corruption per Criminal icon (1); the top
/// Future Plot goes to its discard pile; it moves 1 and transcribes (its focus) a 3-cost
/// manuscript with its Guildhall's Cleric, the Criminal and the board's printed Cleric;
/// the manuscript's hire icon gives another Future Plot.
#[test]
fn l746_ai_turn_two() {
    let mut g = solo();
    g.players[1].space = space(0, Kind::OuterLeft);
    g.players[1].built[Building::Guildhall as usize] = 1;
    g.spots[0][0] = Some((1, Building::Guildhall));
    g.players[1].slots = [Some(plot("s2")), Some(plot("s1")), None];
    g.manuscripts[0].top = Some(ms("m10"));
    g.tasks.push(Task::AiRows);
    settle(&mut g);
    let ai = &g.players[1];
    assert_eq!(ai.corruption, 2);
    assert_eq!(ai.space, space(0, Kind::OuterRight));
    assert_eq!(ai.manuscripts, vec![ms("m10")]);
    assert_eq!(ai.discard.len(), 2, "two Future Plots");
    assert!(g.future_plots.is_empty());
}

/// L684-690: Rearrange or 2 Silver become a resource; Destroy a flip; Discard and a
/// castle move a Virtue; nothing to flip a Virtue.
#[test]
fn ai_reference_card() {
    use tabuleiro_viscounts::effect::{Effect, Items};
    let mut g = solo();
    g.players[1].debts = 0;
    g.players[1].deeds = 0;
    let effects = vec![
        Effect::Rearrange,
        Effect::Gain {
            items: Items {
                silver: 2,
                ..Items::default()
            },
        },
        Effect::Destroy { n: 1 },
        Effect::Discard { n: 1 },
        Effect::CastleMove,
    ];
    g.tasks.push(Task::Run { seat: AI, effects });
    settle(&mut g);
    let ai = &g.players[1];
    assert_eq!(
        (ai.res[Res::Ink as usize], ai.silver),
        (2, 0),
        "two resources by the chart"
    );
    assert_eq!(
        ai.virtue,
        7 - 3,
        "nothing to flip, a discard, a castle move"
    );
}

/// L754-756: the AI scores 1 VP per leftover resource; the player must score more.
#[test]
fn solo_scoring_and_standings() {
    let mut g = solo();
    g.players[1].res = [2, 1, 0];
    g.players[0].silver = 50;
    assert_eq!(g.breakdown(AI).leftover_resources, 3);
    // The AI: -2 (Debt) + 1 (Deed) + 3 (resources) = 2.
    g.players[0].deeds = 2;
    let st = g.standings();
    assert_eq!(
        st[0].members,
        vec![Participant::Automaton("viscounts.ai.cleric".into())],
        "a tie is the AI's"
    );
    g.players[0].deeds = 3;
    assert!(g.standings()[0].holds(0));
    assert_eq!(
        g.participants().automata,
        vec!["viscounts.ai.cleric".to_string()]
    );
    assert_eq!(g.players(), 1);
}
