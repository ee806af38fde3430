//! The log's grammar in every language (issue 16, "Words"): every counted event,
//! decision and refusal rendered with counts 0, 1 and 2 says "1 worker", never
//! "1 workers" or "1 pratas"; a part counted zero goes unsaid ("gains 1 silver",
//! never "and 0 workers"); no article stands before a number ("discards a 3
//! chickens"); and seats are named as players, never "seat 0".

use crate::words::Words;
use tabuleiro_core::{Explain, Message, Present};
use tabuleiro_games::burgundy::error::{Error, Reason, Why};
use tabuleiro_games::burgundy::{
    Action, Animal, Burgundy, Colour, Config, Event, ScoreReason, Tile,
};
use tabuleiro_i18n::Lang;

const COUNTS: [u32; 3] = [0, 1, 2];

/// Plural words that must never follow "1", per language.
fn plurals(lang: Lang) -> &'static [&'static str] {
    match lang {
        Lang::En => &["workers", "goods tiles", "seats"],
        Lang::PtBr => &["pratas", "trabalhadores", "mercadorias", "lugares"],
        Lang::Es => &["platas", "trabajadores", "mercancías", "asientos"],
    }
}

/// Pairs of counts over 0..=2 with at least one part above zero (the engine never
/// reports a purchase or a gain of nothing).
fn paid_pairs() -> impl Iterator<Item = (u32, u32)> {
    COUNTS
        .into_iter()
        .flat_map(|a| COUNTS.into_iter().map(move |b| (a, b)))
        .filter(|&(a, b)| a + b > 0)
}

fn events() -> Vec<Event> {
    let chickens = Tile::Livestock {
        animal: Animal::Chicken,
        count: 3,
    };
    let mut all = vec![
        Event::Discarded {
            seat: 1,
            tile: chickens,
        },
        Event::TookTile {
            seat: 0,
            depot: 2,
            tile: chickens,
        },
        Event::Placed {
            seat: 1,
            tile: chickens,
            space: 4,
        },
        Event::EffectLost {
            seat: 0,
            tile: chickens,
        },
        Event::TookGoods {
            seat: 1,
            depot: 3,
            goods: [1, 0, 2, 0, 0, 0],
        },
        Event::Passed { seat: 0 },
        Event::TurnEnded { seat: 1 },
        Event::GameSetUp {
            provisional: Vec::new(),
            start_player: 1,
            duchies: vec![1, 1],
            boards: vec![[1, 2], [1, 2]],
        },
        Event::GameOver {
            scores: vec![40, 52],
            ranking: vec![1, 0],
        },
    ];
    for w in COUNTS {
        all.push(Event::DieUsed {
            seat: 1,
            die: 1,
            value: 3,
            workers: w,
        });
    }
    for (silver, workers) in paid_pairs() {
        all.push(Event::Gained {
            seat: 0,
            silver,
            workers,
        });
        for depot in [0, 2] {
            all.push(Event::Bought {
                seat: 1,
                depot,
                tile: chickens,
                silver,
                workers,
            });
        }
    }
    for n in [1, 2] {
        all.push(Event::Sold {
            seat: 0,
            goods: 2,
            count: n,
        });
        all.push(Event::Scored {
            seat: 1,
            vp: n as i32,
            why: ScoreReason::Sale { count: n },
        });
    }
    all
}

fn labels() -> Vec<Message> {
    let game = Burgundy::create(&Config::default()).unwrap();
    let mut actions: Vec<Action> = ["workers", "discard chicken3", "take 2 chicken3"]
        .iter()
        .map(|a| a.parse().unwrap())
        .collect();
    for depot in [0, 3] {
        for workers in [0, 1, 2] {
            actions.push(Action::Buy {
                depot,
                tile: Tile::Mine,
                workers,
            });
        }
    }
    actions.iter().map(|a| game.label(0, a)).collect()
}

fn refusals() -> Vec<Message> {
    let mut all = vec![Error::NotYourDecision {
        seat: 0,
        why: Why::NotYourTurn { turn: 1 },
    }];
    for need in [1, 2] {
        for have in [0, 1] {
            all.push(Error::Illegal {
                action: "die 1 3".into(),
                reason: Reason::NotEnoughWorkers {
                    from: 1,
                    to: 3,
                    need,
                    have,
                },
            });
            all.push(Error::Illegal {
                action: "buy black mine".into(),
                reason: Reason::NotEnoughSilver { need: 2, have },
            });
        }
    }
    all.push(Error::Illegal {
        action: "place mine 3".into(),
        reason: Reason::WrongColour {
            space: 3,
            colour: Colour::Water,
            needs: Colour::Mine,
        },
    });
    all.iter().map(|e| e.message()).collect()
}

/// What is wrong with a line's grammar, if anything.
fn fault(lang: Lang, text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let (a, b) = (
            pair[0],
            pair[1].trim_matches(|c: char| !c.is_alphanumeric()),
        );
        // A counted part of zero: "0 workers" (a number alone, "you have 0", is fine).
        if a == "0" && b.chars().next().is_some_and(char::is_alphabetic) {
            return Some(format!("a zero part ({a} {b})"));
        }
        if ["a", "an", "uma", "um", "una", "un"].contains(&a)
            && b.chars().next().is_some_and(|c| c.is_ascii_digit())
        {
            return Some(format!("an article before a number ({a} {b})"));
        }
    }
    // Words only, one space apart: "(1 workers)" reads " 1 workers ".
    let plain: String = text
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let plain = format!(
        " {} ",
        plain.split_whitespace().collect::<Vec<_>>().join(" ")
    );
    for plural in plurals(lang) {
        if plain.contains(&format!(" 1 {plural} ")) {
            return Some(format!("1 {plural}"));
        }
    }
    for seat in ["seat", "lugar", "asiento"] {
        if words
            .windows(2)
            .any(|p| p[0] == seat && p[1].starts_with(|c: char| c.is_ascii_digit()))
        {
            return Some(format!("a seat by number ({seat} N)"));
        }
    }
    None
}

#[test]
fn every_counted_line_agrees_with_its_numbers_in_every_language() {
    let messages: Vec<Message> = events()
        .iter()
        .map(<Burgundy as Present>::describe)
        .chain(labels())
        .chain(refusals())
        .collect();
    assert!(messages.len() > 40, "{} messages", messages.len());
    for lang in Lang::ALL {
        let w = Words::of::<Burgundy>(lang, vec!["me".into(), "greedy".into()]);
        let player = w.t("ui.player").replace(" {n}", "");
        for m in &messages {
            let text = w
                .message::<Burgundy>(m)
                .unwrap_or_else(|| panic!("{lang}: no words for {}", m.key));
            if let Some(f) = fault(lang, &text) {
                panic!("{lang} {} {:?}: {f}: {text:?}", m.key, m.args);
            }
            let names_a_seat = ["seat", "turn", "start_player", "ranking"]
                .iter()
                .any(|a| m.args.contains_key(*a));
            if names_a_seat {
                assert!(
                    text.contains(&player),
                    "{lang}: no player named in {text:?}"
                );
            }
        }
    }
}

/// The checks themselves catch what issue 16 saw.
#[test]
fn the_faults_issue_16_saw_are_caught() {
    let en = Lang::En;
    assert!(fault(en, "Ana gains 1 silver and 0 workers").is_some());
    assert!(fault(en, "Ana uses die 1 as 3 (1 workers)").is_some());
    assert!(fault(Lang::PtBr, "Ana ganha 1 pratas").is_some());
    assert!(fault(Lang::Es, "Ana gana 1 platas").is_some());
    assert!(fault(en, "Ana discards a 3 chickens").is_some());
    assert!(fault(en, "it is seat 0's turn").is_some());
    assert!(fault(en, "Ana gains 1 silver; you have 0").is_none());
}
