//! Position files from outside are untrusted: mutated files are either refused with a
//! message or loaded and then played without a panic.

use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{Game, Rng, ToAct};

/// Positions from random play at many stages, as JSON values.
fn sample_positions() -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    for seed in 0..6u64 {
        let mut g = Burgundy::new(&Config::players(2 + (seed % 3) as u8)).unwrap();
        let (mut chance, mut pick) = (Rng::seed(seed), Rng::seed(seed + 100));
        let mut legal = Vec::new();
        for step in 0.. {
            match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let o = g.sample_chance(&mut chance);
                    g.apply_chance(&o, &mut Vec::new()).unwrap();
                }
                ToAct::Seats(s) => {
                    g.legal_actions(s.lowest().unwrap(), &mut legal);
                    let a = legal[pick.below(legal.len())];
                    g.apply(s.lowest().unwrap(), &a, &mut Vec::new()).unwrap();
                }
            }
            if step % 37 == 0 {
                out.push(serde_json::to_value(&g).unwrap());
            }
        }
    }
    out
}

/// Replaces one number anywhere in the value with a random one.
fn mutate(v: &mut serde_json::Value, rng: &mut Rng) {
    let mut numbers = Vec::new();
    collect(v, &mut Vec::new(), &mut numbers);
    if numbers.is_empty() {
        return;
    }
    let path = &numbers[rng.below(numbers.len())];
    let mut cur = v;
    for key in path {
        cur = match key {
            Key::Field(k) => cur.get_mut(k.as_str()).unwrap(),
            Key::Index(i) => cur.get_mut(*i).unwrap(),
        };
    }
    let choices = [0i64, 1, 2, 3, 5, 6, 7, 9, 36, 37, 255, 1000, -1];
    *cur = serde_json::json!(choices[rng.below(choices.len())]);
}

#[derive(Clone)]
enum Key {
    Field(String),
    Index(usize),
}

fn collect(v: &serde_json::Value, path: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    match v {
        serde_json::Value::Number(_) => out.push(path.clone()),
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Key::Index(i));
                collect(x, path, out);
                path.pop();
            }
        }
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                path.push(Key::Field(k.clone()));
                collect(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[test]
fn mutated_position_files_are_refused_or_playable() {
    let mut rng = Rng::seed(42);
    let (mut refused, mut loaded) = (0, 0);
    for base in sample_positions() {
        let rounds = std::env::var("MUTATIONS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(40);
        for _ in 0..rounds {
            let mut v = base.clone();
            mutate(&mut v, &mut rng);
            match Burgundy::from_json(&v.to_string()) {
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    refused += 1;
                }
                Ok(mut g) => {
                    loaded += 1;
                    // Play on for a while: every legal action must apply without a panic.
                    let mut legal = Vec::new();
                    for _ in 0..30 {
                        match g.to_act() {
                            ToAct::Over => break,
                            ToAct::Chance => {
                                let o = g.sample_chance(&mut rng);
                                if g.apply_chance(&o, &mut Vec::new()).is_err() {
                                    break;
                                }
                            }
                            ToAct::Seats(s) => {
                                g.legal_actions(s.lowest().unwrap(), &mut legal);
                                if legal.is_empty() {
                                    break;
                                }
                                for a in &legal {
                                    let _ =
                                        g.clone().apply(s.lowest().unwrap(), a, &mut Vec::new());
                                }
                                let a = legal[rng.below(legal.len())];
                                let _ = g.apply(s.lowest().unwrap(), &a, &mut Vec::new());
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(
        refused > 0 && loaded > 0,
        "refused {refused}, loaded {loaded}"
    );
}

#[test]
fn garbage_is_refused_with_a_message() {
    for text in ["", "{}", "[]", "null", "{\"config\": 3}", "not json"] {
        let e = Burgundy::from_json(text).unwrap_err();
        assert!(
            e.to_string().starts_with("the position is inconsistent"),
            "{e}"
        );
    }
}
