//! Every key the engine emits (refusals, decisions' labels, events) is in the three
//! catalogues of crates/i18n with only the placeholders its arguments fill, so the
//! tables never show a bare key or an unfilled `{name}`.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tabuleiro_core::{Explain, Game, Message, Present, Rng, ToAct};
use tabuleiro_viscounts::effect::Card;
use tabuleiro_viscounts::error::{ConfigError, PositionError, Refusal};
use tabuleiro_viscounts::{Action, Config, Error, Viscounts};

const CATALOGUES: [(&str, &str); 3] = [
    ("en", include_str!("../../i18n/locales/viscounts/en.json")),
    (
        "pt-BR",
        include_str!("../../i18n/locales/viscounts/pt-BR.json"),
    ),
    ("es", include_str!("../../i18n/locales/viscounts/es.json")),
];

/// Every refusal, by hand: a new variant missing here is caught by the match below.
fn refusals() -> Vec<Refusal> {
    use Refusal::*;
    let all = vec![
        NotYourDecision,
        NotNow,
        NoSuchCard,
        NoSuchOption,
        Unreachable,
        CannotAfford,
        WrongPath,
        NotEnoughIcons { need: 4, have: 2 },
        Overpaid,
        CannotDismiss,
        NoVillagerHere,
        SpotTaken,
        AcrossRiver,
        NoBuildingLeft,
        NoWorkersLeft,
        NoManuscriptHere,
        TooCostly,
        OneManuscriptATurn,
        NothingToFlip,
        NotYourWorkers,
        NotOverfull,
        BadOrder,
        MustChoose,
    ];
    for r in &all {
        // Exhaustive: adding a variant to Refusal fails to compile until it is listed.
        match r {
            NotYourDecision
            | NotNow
            | NoSuchCard
            | NoSuchOption
            | Unreachable
            | CannotAfford
            | WrongPath
            | NotEnoughIcons { .. }
            | Overpaid
            | CannotDismiss
            | NoVillagerHere
            | SpotTaken
            | AcrossRiver
            | NoBuildingLeft
            | NoWorkersLeft
            | NoManuscriptHere
            | TooCostly
            | OneManuscriptATurn
            | NothingToFlip
            | NotYourWorkers
            | NotOverfull
            | BadOrder
            | MustChoose => {}
        }
    }
    all
}

/// Every refusal of a position file, by hand: a new variant fails to compile below.
fn position_errors() -> Vec<PositionError> {
    use PositionError::*;
    let all = vec![
        Json { reason: "x".into() },
        Config,
        Seats {
            seats: 3,
            expected: 2,
        },
        SetupDealt,
        NoSuchSeat {
            seat: 5,
            what: "first".into(),
        },
        NoSuchSpace { seat: 0, space: 20 },
        NoSuchPlayerCard { seat: 0, card: 11 },
        NoSuchCard { card: 200 },
        NoSuchManuscript { ms: 40 },
        NoSuchSpot { pos: 1, spot: 7 },
        NoSuchPosition { pos: 6 },
        TooMuch {
            seat: 0,
            count: 5000,
        },
        Track {
            seat: 0,
            corruption: 6,
            virtue: 2,
        },
        CardCount {
            card: "x".into(),
            counted: 2,
            expected: 1,
        },
        StackCount {
            stacks: "villagers".into(),
            hidden: 3,
            pool: 2,
        },
        ManuscriptTwice { ms: "m01".into() },
        ClergyBonus,
        Ring,
        Buildings {
            seat: 0,
            built: 2,
            on_board: 1,
        },
        Workers {
            seat: 0,
            counted: 9,
            supply: 10,
        },
        Piles { debts: 9, deeds: 9 },
        EndTrigger,
        TaskPayload {
            what: "spot 200".into(),
        },
        Phase {
            phase: "over".into(),
        },
        NoDecision {
            reached: r#"{"task":"ask","seat":0,"q":{"q":"advance"}}"#.into(),
        },
    ];
    for p in &all {
        match p {
            Json { .. }
            | Config
            | Seats { .. }
            | SetupDealt
            | NoSuchSeat { .. }
            | NoSuchSpace { .. }
            | NoSuchPlayerCard { .. }
            | NoSuchCard { .. }
            | NoSuchManuscript { .. }
            | NoSuchSpot { .. }
            | NoSuchPosition { .. }
            | TooMuch { .. }
            | Track { .. }
            | CardCount { .. }
            | StackCount { .. }
            | ManuscriptTwice { .. }
            | ClergyBonus
            | Ring
            | Buildings { .. }
            | Workers { .. }
            | Piles { .. }
            | EndTrigger
            | TaskPayload { .. }
            | Phase { .. }
            | NoDecision { .. } => {}
        }
    }
    all
}

/// The messages of every refusal, config error, chance error and position error.
fn refusal_messages() -> Vec<Message> {
    let mut all: Vec<Message> = refusals()
        .into_iter()
        .map(|r| Error::Refused(r).message())
        .collect();
    all.extend(
        [
            Error::Config(ConfigError::Players { players: 5 }),
            Error::Config(ConfigError::Solo {
                ai: "x".into(),
                difficulty: 4,
            }),
            Error::Config(ConfigError::ProvisionalNote),
            Error::NotChance,
            Error::BadOutcome,
        ]
        .iter()
        .map(Explain::message),
    );
    all.extend(
        position_errors()
            .into_iter()
            .map(|p| Error::Position(p).message()),
    );
    all
}

/// The labels of every legal decision and the message of every event met in random
/// games of 1 (solo) to 4 players, one per kind of key.
fn played_messages() -> BTreeMap<String, Message> {
    let mut seen = BTreeMap::new();
    for seed in 0..8u64 {
        let config = Config::with_players(1 + (seed % 4) as u8);
        let mut game = Viscounts::new(&config).unwrap();
        let mut rng = Rng::seed(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut decisions = 0;
        while !matches!(game.to_act(), ToAct::Over) && decisions < 20_000 {
            events.clear();
            match game.to_act() {
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    game.legal_actions(seat, &mut legal);
                    for a in &legal {
                        let m = game.label(seat, a);
                        seen.entry(m.key.clone()).or_insert(m);
                    }
                    let a = legal[rng.below(legal.len())];
                    game.apply(seat, &a, &mut events).unwrap();
                    decisions += 1;
                }
                _ => {
                    let o = game.sample_chance(&mut rng);
                    game.apply_chance(&o, &mut events).unwrap();
                }
            }
            for e in &events {
                let m = <Viscounts as Present>::describe(e);
                seen.entry(m.key.clone()).or_insert(m);
            }
        }
        assert!(
            matches!(game.to_act(), ToAct::Over),
            "seed {seed} did not end"
        );
        // Player card 9's destroy is rare in random play: its label is added by hand.
        let rare = Action::DestroyFromPile { card: Card(0) };
        let m = game.label(0, &rare);
        seen.entry(m.key.clone()).or_insert(m);
    }
    seen
}

/// What is wrong with `messages` against the catalogues, all of it.
fn faults(messages: &[Message]) -> Vec<String> {
    let mut faults = Vec::new();
    for (lang, text) in CATALOGUES {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for m in messages {
            let Some(Value::String(template)) = catalogue.get(&m.key) else {
                faults.push(format!("{lang}: no {:?} ({m})", m.key));
                continue;
            };
            for name in tabuleiro_i18n::placeholders(template) {
                if !m.args.contains_key(name.as_str()) {
                    faults.push(format!(
                        "{lang}: {:?} names {{{name}}}, which its message lacks: {m}",
                        m.key
                    ));
                }
            }
        }
    }
    faults
}

/// The AI characters' names (the standings' automaton keys, L760).
#[test]
fn every_ai_character_is_in_every_catalogue() {
    let names: Vec<Message> = tabuleiro_viscounts::content::Content::get()
        .ai_boards
        .iter()
        .map(|b| Message {
            key: format!("viscounts.ai.{}", b.id),
            args: Default::default(),
        })
        .collect();
    assert_eq!(names.len(), 4);
    let faults = faults(&names);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_refusal_is_in_every_catalogue_with_its_placeholders() {
    let faults = faults(&refusal_messages());
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_label_and_event_of_play_is_in_every_catalogue_with_its_placeholders() {
    let seen = played_messages();
    // The play must reach the keys worth checking: most labels and the events that
    // every game shows (a draw, a reveal, the end).
    for key in [
        "action.viscounts.choose_pair",
        "action.viscounts.place",
        "action.viscounts.move",
        "action.viscounts.main",
        "action.viscounts.hire",
        "action.viscounts.pass_hire",
        "action.viscounts.choose_effects",
        "event.viscounts.decided",
        "event.viscounts.drew",
        "event.viscounts.revealed",
        "event.viscounts.end_triggered",
        "event.viscounts.game_over",
        "event.viscounts.ai_moved",
        "event.viscounts.ai_effects",
    ] {
        assert!(seen.contains_key(key), "random play never met {key}");
    }
    assert!(seen.len() > 20, "only {} kinds of message met", seen.len());
    let messages: Vec<Message> = seen.into_values().collect();
    let faults = faults(&messages);
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Each refusal has its own key, so a table can tell them apart.
#[test]
fn refusal_keys_are_distinct() {
    let mut keys: Vec<String> = refusal_messages().into_iter().map(|m| m.key).collect();
    assert!(keys.iter().all(|k| k.starts_with("refusal.viscounts.")));
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "two refusals share a key");
}
