//! Position files from outside are untrusted: mutated files are either refused with a
//! message or loaded and then played to the end without a panic.

use tabuleiro_catan::{Catan, Config};
use tabuleiro_core::{Game, Rng, ToAct};

fn play_on(g: &mut Catan, rng: &mut Rng, steps: usize, mut each: impl FnMut(&Catan)) {
    let mut legal = Vec::new();
    for _ in 0..steps {
        match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let o = g.sample_chance(rng);
                g.apply_chance(&o, &mut Vec::new()).unwrap();
            }
            ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len())];
                g.apply(seat, &a, &mut Vec::new()).unwrap();
            }
        }
        each(g);
    }
}

fn numbers(v: &serde_json::Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Number(_) => out.push(path.clone()),
        serde_json::Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
            path.push(i.to_string());
            numbers(x, path, out);
            path.pop();
        }),
        serde_json::Value::Object(m) => m.iter().for_each(|(k, x)| {
            path.push(k.clone());
            numbers(x, path, out);
            path.pop();
        }),
        _ => {}
    }
}

fn at<'a>(v: &'a mut serde_json::Value, path: &[String]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |cur, k| match cur {
        serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        other => other.get_mut(k.as_str()).unwrap(),
    })
}

#[test]
fn mutated_positions_are_refused_or_playable() {
    let mut rng = Rng::seed(11);
    let mut samples = Vec::new();
    for seed in 0..8 {
        // Base games, then Cities & Knights games.
        let players = 3 + seed as u8 % 2;
        let config = Config {
            turn_limit: 300,
            ..if seed < 4 {
                Config::players(players)
            } else {
                Config::cities_and_knights(players)
            }
        };
        let mut g = Catan::new(&config).unwrap();
        let mut k = 0;
        play_on(&mut g, &mut Rng::seed(seed), 3000, |g| {
            k += 1;
            if k % 97 == 0 {
                samples.push(serde_json::to_value(g).unwrap());
            }
        });
    }
    let (mut refused, mut loaded) = (0, 0);
    for sample in &samples {
        let text = sample.to_string();
        assert!(
            Catan::from_json(&text).is_ok(),
            "an unmutated position loads"
        );
        let mut paths = Vec::new();
        numbers(sample, &mut Vec::new(), &mut paths);
        for _ in 0..20 {
            let mut v = sample.clone();
            let path = &paths[rng.below(paths.len())];
            let choices = [0i64, 1, 2, 3, 7, 19, 53, 54, 71, 72, 255, -1];
            *at(&mut v, path) = serde_json::json!(choices[rng.below(choices.len())]);
            match Catan::from_json(&v.to_string()) {
                Err(_) => refused += 1,
                Ok(mut g) => {
                    loaded += 1;
                    play_on(&mut g, &mut rng, 400, |g| {
                        g.validate().unwrap();
                    });
                }
            }
        }
    }
    assert!(
        refused > 0 && loaded > 0,
        "refused {refused}, loaded {loaded}"
    );
}
