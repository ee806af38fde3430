//! The `tabuleiro` tools with `--game catan`, as processes: simulate (with records),
//! replay, tournament, and position new/show/apply with their refusals.

mod support;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;
use support::{stdout, tabuleiro};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn tmp(name: &str) -> PathBuf {
    support::temp_dir(&format!("catan-{name}"))
}

/// A config file: Catan's options as JSON.
fn config(dir: &Path, text: &str) -> String {
    let path = dir.join("config.json");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn simulate_records_games_that_replay_to_the_same_scores() {
    let dir = tmp("simulate");
    let cfg = config(&dir, r#"{"player_trades": false, "board": "beginner"}"#);
    let records = dir.join("records");
    let args = [
        "simulate",
        "--game",
        "catan",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "3",
        "--config",
        &cfg,
        "--json",
        "--record",
        records.to_str().unwrap(),
    ];
    let a = json(&tabuleiro(&args));
    assert_eq!(
        (a["game"].as_str(), a["games"].as_u64()),
        (Some("catan"), Some(6))
    );
    assert_eq!(a["finished"], 6);
    assert!(a["decisions_per_game"].as_f64().unwrap() > 100.0, "{a}");
    assert!(a["mean_winner_score"].as_f64().unwrap() >= 10.0, "{a}");
    let b = json(&tabuleiro(&args));
    assert_eq!(
        a["decisions_per_game"], b["decisions_per_game"],
        "same seed, same games"
    );

    let record = records.join("game-0.json");
    let replayed = json(&tabuleiro(&["replay", record.to_str().unwrap(), "--json"]));
    assert_eq!(replayed["game"], "catan");
    assert_eq!(replayed["finished"], true);
    let scores: Vec<i64> = replayed["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(scores.len(), 3);
    assert_eq!(
        replayed["standings"][0]["score"].as_i64(),
        scores.iter().max().copied()
    );

    // A record whose steps the rules refuse does not replay.
    let text = std::fs::read_to_string(&record).unwrap();
    let mut bad: Value = serde_json::from_str(&text).unwrap();
    let steps = bad["steps"].as_array_mut().unwrap();
    let last = steps.len() - 1;
    steps.swap(last / 2, last / 2 + 1);
    let bad_file = dir.join("bad.json");
    std::fs::write(&bad_file, bad.to_string()).unwrap();
    let out = tabuleiro(&["replay", bad_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));

    // A config Catan refuses.
    let cfg = config(&dir, r#"{"expansion": "base", "robber": true}"#);
    let out = tabuleiro(&[
        "simulate", "--game", "catan", "--games", "1", "--config", &cfg,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("robber"), "{}", stderr(&out));
}

#[test]
fn tournament_rates_the_bots_seats_rotated() {
    let dir = tmp("tournament");
    let cfg = config(&dir, r#"{"player_trades": true}"#);
    let out = tabuleiro(&[
        "tournament",
        "--game",
        "catan",
        "--players",
        "4",
        "--bots",
        "greedy,random,random,random",
        "--games",
        "8",
        "--seed",
        "2",
        "--jobs",
        "2",
        "--config",
        &cfg,
        "--json",
    ]);
    let t = json(&out);
    assert_eq!(t["game"], "catan");
    let bots = t["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 4);
    assert_eq!(bots[0]["name"], "greedy");
    assert!(bots.iter().all(|b| b["games"] == 8));
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    assert!(wins >= 8, "every game has a winner: {t}");
}

/// The first decision `position show` lists for `seat`.
fn first_legal(shown: &str, seat: u8) -> String {
    let prefix = format!("Seat {seat} may:");
    let line = shown
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("{shown}"));
    line.trim_start_matches(&prefix)
        .split('|')
        .next()
        .unwrap()
        .trim()
        .to_string()
}

#[test]
fn position_files_are_made_shown_applied_and_checked() {
    let dir = tmp("position");
    let new = tabuleiro(&[
        "position",
        "new",
        "--game",
        "catan",
        "--players",
        "3",
        "--seed",
        "2",
    ]);
    let start = json(&new);
    assert!(
        stderr(&new).contains("chance steps drawn: 1"),
        "{}",
        stderr(&new)
    );
    assert_eq!(start["phase"]["phase"], "place");
    assert_eq!(start["players"].as_array().unwrap().len(), 3);
    let file = dir.join("start.json");
    std::fs::write(&file, stdout(&new)).unwrap();
    let f = file.to_str().unwrap();

    let shown = stdout(&tabuleiro(&["position", "show", "--game", "catan", f]));
    let settle = first_legal(&shown, 0);
    assert!(settle.starts_with("settle "), "{shown}");
    let vertex: u64 = settle[7..].parse().unwrap();

    // The settlement, then a road beside it (the first one listed then).
    let after = json(&tabuleiro(&[
        "position", "apply", "--game", "catan", f, &settle,
    ]));
    assert_eq!(
        after["players"][0]["settlements"],
        serde_json::json!([vertex])
    );
    let mid = dir.join("mid.json");
    std::fs::write(&mid, after.to_string()).unwrap();
    let shown = stdout(&tabuleiro(&[
        "position",
        "show",
        "--game",
        "catan",
        mid.to_str().unwrap(),
    ]));
    let road = first_legal(&shown, 0);
    assert!(road.starts_with("road "), "{shown}");
    let both = json(&tabuleiro(&[
        "position",
        "apply",
        "--game",
        "catan",
        f,
        &settle,
        &format!("0:{road}"),
    ]));
    assert_eq!(both["phase"]["step"], 1, "seat 1 places next");
    assert_eq!(both["current"], 1);

    // Refusals: exit 2, the reason on stderr, nothing printed.
    for (action, why) in [
        ("settle 99", "settle 99"),
        ("1:settle 0", "notyourdecision"),
        ("fly away", "is not an action of catan"),
        ("roll", "roll"),
    ] {
        let out = tabuleiro(&["position", "apply", "--game", "catan", f, action]);
        assert_eq!(out.status.code(), Some(2), "{action}");
        assert!(stdout(&out).is_empty(), "{action}");
        assert!(
            stderr(&out).to_lowercase().contains(why),
            "{action}: {}",
            stderr(&out)
        );
    }

    // A position the rules cannot reach: a card more in the bank than exist.
    let mut broken = start.clone();
    let brick = broken["bank"]["brick"].as_u64().unwrap();
    broken["bank"]["brick"] = (brick + 1).into();
    let bad = dir.join("broken.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let out = tabuleiro(&["position", "show", "--game", "catan", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("broken.json") && stderr(&out).contains("brick"),
        "{}",
        stderr(&out)
    );

    // A Catan file names its game (no --game needed) and is not a Burgundy position;
    // a game without position files says so.
    assert_eq!(start["game"], "catan");
    let out = tabuleiro(&["position", "show", f]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = tabuleiro(&["position", "show", "--game", "burgundy", f]);
    assert_eq!(out.status.code(), Some(2));
    let out = tabuleiro(&["position", "new", "--game", "trade", "--players", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let trade = dir.join("trade.json");
    std::fs::write(&trade, stdout(&out)).unwrap();
    let out = tabuleiro(&[
        "position",
        "show",
        "--game",
        "trade",
        trade.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("trade has no position files"),
        "{}",
        stderr(&out)
    );
}
