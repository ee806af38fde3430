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
    solo_with("cleric")
}

/// A bare solo game against the AI board `ai`.
fn solo_with(ai: &str) -> tabuleiro_viscounts::Viscounts {
    let mut g = bare(&solo_config(ai));
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
    g.tasks.push(Task::Run {
        seat: AI,
        effects: effects.into(),
        by: None,
    });
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

/// L760: four AI opponents. The config accepts each (three are provisional boards),
/// refuses any other name, and each names itself in the standings.
#[test]
fn l760_four_ai_characters() {
    for ai in AI_CHARACTERS {
        let config = solo_config(ai);
        let g = tabuleiro_viscounts::Viscounts::new(&config).unwrap();
        assert_eq!(g.ai_board().id, ai);
        assert_eq!(g.automaton(), format!("viscounts.ai.{ai}"));
        let provisional = ai != "cleric";
        assert_eq!(g.ai_board().provisional, provisional, "{ai}");
        assert_eq!(
            Content::get()
                .provisional
                .contains(&format!("solo.json:ai_board_{ai}")),
            provisional
        );
    }
    let bad = Config {
        ai: "jester".into(),
        ..Config::with_players(1)
    };
    assert!(tabuleiro_viscounts::Viscounts::new(&bad).is_err());
}

/// A Plot card whose only row is the focus icon (L714), resolved at a segment with a
/// 3-cost manuscript, a free building spot and castle room.
fn focus_turn(
    ai: &str,
    setup: impl FnOnce(&mut tabuleiro_viscounts::Viscounts),
) -> tabuleiro_viscounts::Viscounts {
    use tabuleiro_viscounts::content::PlotStep;
    let mut g = solo_with(ai);
    g.players[1].space = space(0, Kind::OuterLeft);
    g.manuscripts[0].top = Some(ms("m10"));
    setup(&mut g);
    g.tasks.push(Task::AiRow {
        steps: vec![PlotStep::Focus],
    });
    settle(&mut g);
    g
}

/// L714-716: the Cleric's focus transcribes the manuscript of its segment.
#[test]
fn l716_cleric_focus_transcribes() {
    let g = focus_turn("cleric", |g| g.players[1].res = [3, 0, 0]);
    assert_eq!(g.players[1].manuscripts, vec![ms("m10")]);
    // The board's printed Cleric icon under its empty third slot pays 1 of the 3.
    assert_eq!(g.players[1].res[Res::Ink as usize], 1, "2 Ink paid");
}

/// L658 (a worker-placement focus; provisional board): the Noble's focus places as many
/// workers as it can (L732) in the level 1 section of its segment, paid with Gold, and
/// its chart takes Gold first.
#[test]
fn l658_noble_focus_places_workers() {
    let g = focus_turn("noble", |g| g.players[1].res = [3, 3, 0]);
    assert!(g.players[1].manuscripts.is_empty(), "no transcribing");
    assert_eq!(
        g.castle.level1.iter().map(|s| s[1]).sum::<u8>()
            + g.castle.level2.iter().map(|s| s[1]).sum::<u8>(),
        2,
        "3 Gold buy 2 workers (never 1)"
    );
    // The printed Noble icon under the empty second slot pays 1 of the 3.
    assert_eq!(g.players[1].res, [3, 1, 0], "2 Gold paid, Ink kept");
    assert_eq!(g.ai_resource(), Res::Gold);
}

/// L658 (a building focus; provisional board): the Builder's focus builds its leftmost
/// affordable building at its location, paid with Stone; its chart takes Stone first.
#[test]
fn l658_builder_focus_builds() {
    let g = focus_turn("builder", |g| g.players[1].res = [3, 0, 7]);
    assert!(g.players[1].manuscripts.is_empty());
    assert_eq!(g.players[1].built.iter().sum::<u8>(), 1, "one building");
    assert!(g.spots[0].iter().flatten().any(|&(seat, _)| seat == AI));
    assert!(g.players[1].res[Res::Stone as usize] < 7, "paid in Stone");
    assert_eq!(g.players[1].res[Res::Ink as usize], 3, "Ink kept");
    assert_eq!(g.ai_resource(), Res::Stone);
}

/// L684 (the cards-focused AI; provisional board): its focus gains the top Future Plot
/// (what a card-gaining icon means for the AI, L706), and it treats all resources as
/// one: Gold and Stone pay a manuscript's Ink.
#[test]
fn l684_merchant_focus_gains_cards_and_pools_resources() {
    let mut g = focus_turn("merchant", |g| g.players[1].res = [0, 1, 1]);
    assert_eq!(
        g.players[1].discard,
        vec![plot("f2")],
        "the top Future Plot (the pile's last)"
    );
    assert_eq!(g.future_plots, vec![plot("f1")]);
    assert!(g.players[1].manuscripts.is_empty());
    // A transcribe row: 3 Clergy needed, 1 printed icon; Gold and Stone pay the rest.
    g.players[1].discard.clear();
    g.tasks.push(Task::AiRow {
        steps: vec![tabuleiro_viscounts::content::PlotStep::Transcribe],
    });
    settle(&mut g);
    assert_eq!(g.players[1].manuscripts, vec![ms("m10")]);
    assert_eq!(g.players[1].res, [0, 0, 0]);
    // The Cleric would not pay Ink with Gold (it has its own chart).
    let g = focus_turn("cleric", |g| g.players[1].res = [0, 1, 1]);
    assert!(g.players[1].manuscripts.is_empty());
    // Pooled: a resource of choice goes to the kind held fewest of.
    let mut g = solo_with("merchant");
    g.players[1].res = [2, 0, 1];
    assert_eq!(g.ai_resource(), Res::Gold);
    g.players[1].res = [0, 1, 1];
    assert_eq!(g.ai_resource(), Res::Ink);
}

/// L732: "Se a IA tiver de mover múltiplos grupos de 3 ... no primeiro nível, ela sempre
/// o fará em sentido horário a partir da seção adjacente ao Visconde".
#[test]
fn l732_ai_moves_its_groups_clockwise_from_its_viscount() {
    use tabuleiro_viscounts::state::Question;
    use tabuleiro_viscounts::Action;
    let mut g = solo();
    g.castle.level1[0][1] = 3;
    g.castle.level1[2][1] = 3;
    g.players[1].space = space(1, Kind::Inner);
    assert_eq!(
        g.ai_answer(&Question::Advance),
        Action::Advance { section: 2 }
    );
    g.players[1].space = space(3, Kind::OuterLeft);
    assert_eq!(
        g.ai_answer(&Question::Advance),
        Action::Advance { section: 0 }
    );
}
