//! Every key the engine emits (refusals, decisions' labels, events) is in the three
//! catalogues of crates/i18n with the placeholders its arguments fill, so the tables
//! never show a bare key or an unfilled `{name}`.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tabuleiro_catan::config::Expansion;
use tabuleiro_catan::error::{ConfigError, Refusal};
use tabuleiro_catan::{Catan, Config, Error};
use tabuleiro_core::{Explain, Game, Message, Present, Rng, ToAct};

const CATALOGUES: [(&str, &str); 3] = [
    ("en", include_str!("../../i18n/locales/catan/en.json")),
    ("pt-BR", include_str!("../../i18n/locales/catan/pt-BR.json")),
    ("es", include_str!("../../i18n/locales/catan/es.json")),
];

fn refusals() -> Vec<Refusal> {
    use Refusal::*;
    vec![
        NotYourDecision,
        NotNow,
        NoSuchVertex,
        NoSuchEdge,
        NoSuchHex,
        NoSuchSeat,
        Occupied,
        TooClose,
        NotConnected,
        NotBesideNewSettlement,
        NotYourSettlement,
        NoPiecesLeft { piece: "road" },
        CannotAfford,
        BankLacks,
        DeckEmpty,
        NoSuchCard { card: "ore" },
        BoughtThisTurn,
        AlreadyPlayedDevelopment,
        NotPlayable,
        RobberMustMove,
        NotAVictim,
        MustChooseVictim,
        BadTrade,
        BadRate { rate: 4 },
        NotAResource,
        WrongDiscard { owed: 3 },
        NotAnAcceptor,
        TradesOff,
        ExpansionOnly,
        NotInExpansion,
        NoCity,
        NotYourCity,
        AlreadyWalled,
        TopLevel,
        NoFreeCity,
        NotYourKnight,
        KnightInactive,
        KnightActive,
        PromotedThisTurn,
        NeedFortress,
        NoKnightPiece { level: 2 },
        NotOnNetwork,
        NotWeaker,
        KnightTooFresh,
        RobberAsleep,
        RobberNotBeside,
        WrongTime,
        NotRicher,
        NotAnOpponent,
        NotOpenRoad,
        ProtectedNumber,
        NotBesideYours,
        NotACommodity,
        NoSuchDie,
        NoKnightThere,
        NotAllowed,
    ]
}

/// The messages of refusals and configs, and of every label and event met in a few
/// random games (3 and 4 players, with trades).
fn messages() -> Vec<Message> {
    let mut all: Vec<Message> = refusals()
        .into_iter()
        .map(|refusal| {
            Error::Refused {
                seat: 0,
                action: "end".into(),
                refusal,
            }
            .message()
        })
        .collect();
    all.push(Error::from(ConfigError::Players { players: 2 }).message());
    let mut seen = BTreeMap::new();
    for seed in 0..16u64 {
        let config = Config {
            expansion: if seed < 6 {
                Expansion::Base
            } else {
                Expansion::CitiesAndKnights
            },
            ..Config::players(3 + (seed % 2) as u8)
        };
        let mut game = Catan::new(&config).unwrap();
        let mut rng = Rng::seed(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        while !matches!(game.to_act(), ToAct::Over) && game.turn < 400 {
            events.clear();
            match game.to_act() {
                ToAct::Seats(seats) => {
                    let seat = seats.iter().nth(rng.below(seats.len())).unwrap();
                    game.legal_actions(seat, &mut legal);
                    for a in &legal {
                        let m = game.label(seat, a);
                        seen.entry(m.key.clone()).or_insert(m);
                    }
                    let a = legal[rng.below(legal.len())];
                    game.apply(seat, &a, &mut events).unwrap();
                }
                _ => {
                    let o = game.sample_chance(&mut rng);
                    game.apply_chance(&o, &mut events).unwrap();
                }
            }
            for e in &events {
                let m = <Catan as Present>::describe(e);
                seen.entry(m.key.clone()).or_insert(m);
            }
        }
    }
    assert!(seen.len() > 30, "only {} kinds of message met", seen.len());
    all.extend(seen.into_values());
    all
}

#[test]
fn every_key_the_engine_emits_is_in_every_catalogue_with_its_placeholders() {
    let messages = messages();
    let mut faults = Vec::new();
    for (lang, text) in CATALOGUES {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for m in &messages {
            let Some(Value::String(template)) = catalogue.get(&m.key) else {
                faults.push(format!("{lang}: no {m}"));
                continue;
            };
            for name in tabuleiro_i18n::placeholders(template) {
                if !m.args.contains_key(&name) {
                    faults.push(format!(
                        "{lang}: {:?} names {{{name}}}, which {m} lacks",
                        m.key
                    ));
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// Each refusal has its own key.
#[test]
fn refusal_keys_are_distinct() {
    let mut keys: Vec<String> = messages()
        .iter()
        .map(|m| m.key.clone())
        .filter(|k| k.starts_with("refusal."))
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n);
}

/// The tables name progress cards and improvement tracks by their catalogue words.
#[test]
fn every_progress_card_and_track_has_its_name() {
    use tabuleiro_catan::ck::{Progress, Track};
    for (lang, text) in CATALOGUES {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for p in Progress::ALL {
            let key = format!("progress.{}", p.name());
            assert!(catalogue.contains_key(&key), "{lang}: no {key}");
        }
        for t in Track::ALL {
            let key = format!(
                "track.{}",
                serde_json::to_value(t).unwrap().as_str().unwrap()
            );
            assert!(catalogue.contains_key(&key), "{lang}: no {key}");
        }
    }
}
