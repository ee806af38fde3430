//! The `tabuleiro` binary tested as a process.

mod support;

use std::process::Output;
use support::{stdout, tabuleiro};

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabuleiro-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn simulate_is_deterministic_and_summarises() {
    let args = [
        "simulate",
        "--game",
        "burgundy",
        "--players",
        "3",
        "--bot",
        "random",
        "--games",
        "40",
        "--seed",
        "5",
        "--json",
    ];
    let a = json(&tabuleiro(&args));
    let b = json(&tabuleiro(&args));
    assert_eq!(a["games"], 40);
    assert_eq!(a["finished"], 40);
    for key in [
        "decisions_per_game",
        "mean_winner_score",
        "min_score",
        "max_score",
    ] {
        assert_eq!(
            a[key], b[key],
            "{key} differs between two runs with the same seed"
        );
    }
    assert!(a["decisions_per_game"].as_f64().unwrap() > 200.0);
    assert!(a["games_per_second"].as_f64().unwrap() > 0.0);
    // Issue 18: the CPU time next to the wall clock (unix reports it).
    if cfg!(unix) {
        assert!(a["cpu_seconds"].as_f64().unwrap() >= 0.0);
        assert!(a["games_per_cpu_second"].as_f64().unwrap() > 0.0);
    }
    assert!(a["min_score"].as_i64().unwrap() <= a["mean_winner_score"].as_f64().unwrap() as i64);
    let other = json(&tabuleiro(&[
        "simulate",
        "--players",
        "3",
        "--games",
        "40",
        "--seed",
        "6",
        "--json",
    ]));
    assert_ne!(
        a["mean_winner_score"], other["mean_winner_score"],
        "another seed plays other games"
    );
}

/// `--jobs` plays games at once on several threads: the summary and every record
/// are those of one thread (issue 46).
#[test]
fn simulate_gives_the_same_games_on_any_number_of_threads() {
    let run = |jobs: &str, dir: &std::path::Path| {
        let args = [
            "simulate",
            "--game",
            "viscounts",
            "--players",
            "3",
            "--games",
            "12",
            "--seed",
            "8",
            "--json",
            "--jobs",
            jobs,
            "--record",
        ];
        let mut args: Vec<&str> = args.to_vec();
        args.push(dir.to_str().unwrap());
        let mut summary = json(&tabuleiro(&args));
        assert_eq!(summary["jobs"], jobs.parse::<u64>().unwrap());
        for key in [
            "jobs",
            "seconds",
            "games_per_second",
            "cpu_seconds",
            "games_per_cpu_second",
        ] {
            summary.as_object_mut().unwrap().remove(key);
        }
        summary
    };
    let (one, two) = (tmp("jobs-1"), tmp("jobs-2"));
    assert_eq!(run("1", &one), run("2", &two));
    for i in 0..12 {
        let file = format!("game-{i}.json");
        assert_eq!(
            std::fs::read_to_string(one.join(&file)).unwrap(),
            std::fs::read_to_string(two.join(&file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn simulate_records_replay_to_the_same_scores() {
    let dir = tmp("records");
    let out = tabuleiro(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "3",
        "--seed",
        "9",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for i in 0..3 {
        let file = dir.join(format!("game-{i}.json"));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let replayed = tabuleiro(&["replay", file.to_str().unwrap(), "--json"]);
        assert!(replayed.status.success());
        let r = json(&replayed);
        assert_eq!(r["finished"], true);
        assert_eq!(r["scores"], record["scores"]);
    }
    // A tampered record is refused with the step that fails.
    let file = dir.join("game-0.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let tampered = text.replacen("\"workers\"", "\"pass\"", 1);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, tampered).unwrap();
    let out = tabuleiro(&["replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("step") || err.contains("scores"), "{err}");
}

#[test]
fn position_apply_and_its_errors() {
    let dir = tmp("position");
    let new = tabuleiro(&["position", "new", "--players", "2", "--seed", "4"]);
    assert!(new.status.success());
    let file = dir.join("start.json");
    std::fs::write(&file, stdout(&new)).unwrap();
    let f = file.to_str().unwrap();

    // Random duchies: each seat first turns its drawn board to a side.
    let shown = tabuleiro(&["position", "show", f]);
    assert!(
        stdout(&shown).contains("Seat 0 may: side "),
        "{}",
        stdout(&shown)
    );
    let sides = json(&tabuleiro(&["position", "show", f, "--json"]));
    let side = |seat: usize| {
        sides["legal"][seat]["actions"][0]
            .as_str()
            .unwrap()
            .to_string()
    };
    let out = tabuleiro(&[
        "position",
        "apply",
        f,
        &format!("0:{}", side(0)),
        &format!("1:{}", side(1)),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = dir.join("sides.json");
    std::fs::write(&file, stdout(&out)).unwrap();
    let f = file.to_str().unwrap();
    let shown = tabuleiro(&["position", "show", f]);
    assert!(
        stdout(&shown).contains("Seat 0 may: castle"),
        "{}",
        stdout(&shown)
    );

    // Both seats choose their starting castle; then chance draws the phase with --seed.
    let show = stdout(&shown);
    let first = show.lines().find(|l| l.starts_with("Seat 0 may:")).unwrap();
    let c0 = first
        .split('|')
        .next()
        .unwrap()
        .trim_start_matches("Seat 0 may:")
        .trim()
        .to_string();
    let second = show.lines().find(|l| l.starts_with("Seat 1 may:")).unwrap();
    let c1 = second
        .split('|')
        .next()
        .unwrap()
        .trim_start_matches("Seat 1 may:")
        .trim()
        .to_string();
    let out = tabuleiro(&[
        "position",
        "apply",
        f,
        &format!("0:{c0}"),
        &format!("1:{c1}"),
        "--seed",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = json(&out);
    assert_eq!(after["stage"]["stage"], "turn");
    assert_eq!(after["players"][0]["spaces"].as_object().unwrap().len(), 1);

    // An illegal decision: exit code 2 and the rule in the message, nothing printed.
    let out = tabuleiro(&["position", "apply", f, "0:castle 99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("space 99 is not a castle space"), "{err}");

    // Text that is not an action, a missing file, a broken position.
    let out = tabuleiro(&["position", "apply", f, "fly away"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not an action"));
    let out = tabuleiro(&["position", "show", "/nonexistent/position.json"]);
    assert_eq!(out.status.code(), Some(2));
    let broken = dir.join("broken.json");
    std::fs::write(
        &broken,
        stdout(&new).replacen("\"silver\": 1", "\"silver\": -1", 1),
    )
    .unwrap();
    let out = tabuleiro(&["position", "show", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("broken.json"));
}

/// Issue 44: `simulate` plays any bot spec, and its records name the bot in every
/// seat; the random bot's games are the engine's uniform ones whichever way it plays.
#[test]
fn simulate_plays_any_bot_and_records_it() {
    let dir = tmp("bot-records");
    let run = |bot: &str, record: bool| {
        let mut args = vec![
            "simulate",
            "--game",
            "viscounts",
            "--players",
            "2",
            "--bot",
            bot,
        ];
        args.extend(["--games", "2", "--seed", "6", "--json"]);
        let sub = dir.join(bot.replace(':', "-"));
        let sub = sub.to_str().unwrap().to_string();
        if record {
            args.extend(["--record", sub.as_str()]);
        }
        (json(&tabuleiro(&args)), std::path::PathBuf::from(sub))
    };
    // The record of game 1, naming the bot of each seat, replays to its scores.
    let recorded = |records: std::path::PathBuf, bots: serde_json::Value| {
        let file = records.join("game-1.json");
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(record["bots"], bots);
        let replayed = json(&tabuleiro(&["replay", file.to_str().unwrap(), "--json"]));
        assert_eq!(replayed["scores"], record["scores"]);
    };
    let slipping = serde_json::json!(["greedy:slip=0.3", "greedy:slip=0.3"]);
    let (greedy, records) = run("greedy:slip=0.3", true);
    assert_eq!(greedy["finished"], 2);
    assert_eq!(greedy["bot"], "greedy:slip=0.3");
    recorded(records, slipping.clone());
    // A level names its spec, from the registry's one definition (issue 44).
    let (easy, records) = run("easy", true);
    assert_eq!(easy["finished"], 2);
    recorded(records, slipping);
    let (random, _) = run("random", false);
    assert_ne!(
        random["mean_score"], greedy["mean_score"],
        "the bot is the one asked for"
    );
    // The tournament's random bot (a bot per seat) plays the same games as simulate's.
    let tournament = json(&tabuleiro(&[
        "tournament",
        "--game",
        "viscounts",
        "--players",
        "2",
        "--bots",
        "random",
        "--games",
        "2",
        "--seed",
        "6",
        "--json",
    ]));
    let total = |v: &serde_json::Value| v["bots"][0]["mean_score"].as_f64().unwrap();
    assert_eq!(total(&tournament), random["mean_score"].as_f64().unwrap());
}

#[test]
fn unknown_bot_and_bad_player_count_are_refused() {
    let out = tabuleiro(&["simulate", "--bot", "genius", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown bot"));
    let out = tabuleiro(&["simulate", "--players", "7", "--games", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("2, 3 or 4 players"));
}

/// Issue 15, the position tool: `position apply` takes chance outcomes (`chance:JSON`
/// steps and `--outcome`), prints each step's events (`--events`, in text and in
/// `--json`), and `position show --json` lists the legal decisions.
#[test]
fn position_apply_takes_chance_outcomes_and_prints_events() {
    let dir = tmp("position-chance");
    let config = dir.join("config.json");
    std::fs::write(&config, r#"{"duchies": [1, 1]}"#).unwrap();
    let new = tabuleiro(&[
        "position",
        "new",
        "--players",
        "2",
        "--seed",
        "4",
        "--config",
        config.to_str().unwrap(),
    ]);
    assert!(
        new.status.success(),
        "{}",
        String::from_utf8_lossy(&new.stderr)
    );
    let file = dir.join("start.json");
    std::fs::write(&file, stdout(&new)).unwrap();
    let f = file.to_str().unwrap();

    // show --json: the position, who decides, and each seat's legal decisions.
    let shown = json(&tabuleiro(&["position", "show", f, "--json"]));
    assert_eq!(shown["position"]["stage"]["stage"], "starting-castles");
    assert_eq!(shown["to_act"], serde_json::json!([0, 1]));
    let legal0: Vec<&str> = shown["legal"][0]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert_eq!(shown["legal"][0]["seat"], 0);
    assert!(legal0.contains(&"castle 18"), "{legal0:?}");

    // The castles, then chance from --seed: each step and its events in --json.
    let seeded = json(&tabuleiro(&[
        "position",
        "apply",
        f,
        "0:castle 18",
        "1:castle 18",
        "--seed",
        "1",
        "--events",
        "--json",
    ]));
    let steps = seeded["steps"].as_array().unwrap();
    assert_eq!(
        steps.len(),
        4,
        "two decisions, the phase and the roll: {steps:?}"
    );
    assert_eq!(steps[0]["decision"]["action"], "castle 18");
    assert_eq!(
        steps[0]["events"],
        serde_json::json!([]),
        "castles are revealed together"
    );
    assert_eq!(steps[1]["events"].as_array().unwrap().len(), 2);
    assert_eq!(steps[1]["events"][0]["event"], "starting-castle");
    assert_eq!(steps[2]["chance"]["from"], "seed");
    assert_eq!(steps[2]["events"][0]["event"], "phase-started");
    let phase = steps[2]["chance"]["outcome"].to_string();

    // The same phase and a roll chosen by the case, as chance steps.
    let roll_json = r#"{"roll": {"dice": [[5, 5], [2, 3]], "white": 4}}"#;
    let roll = format!("chance:{roll_json}");
    let phase_step = format!("chance:{phase}");
    let given = json(&tabuleiro(&[
        "position",
        "apply",
        f,
        "0:castle 18",
        "1:castle 18",
        &phase_step,
        &roll,
        "--events",
        "--json",
    ]));
    let position = &given["position"];
    assert_eq!(position["depots"], seeded["position"]["depots"]);
    assert_eq!(position["dice"], serde_json::json!([[5, 5], [2, 3]]));
    assert_eq!(position["white"], 4);
    let last = given["steps"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["chance"]["from"], "step");
    assert_eq!(last["events"][0]["event"], "round-started");
    assert_eq!(last["events"][0]["white"], 4);
    assert_eq!(last["events"][1]["event"], "goods-arrived");
    assert_eq!(last["events"][1]["depot"], 4);
    // The same two outcomes as --outcome, used when the decision after them waits.
    let played = json(&tabuleiro(&[
        "position",
        "apply",
        f,
        "0:castle 18",
        "1:castle 18",
        "die 1 5",
        "--outcome",
        &phase,
        "--outcome",
        roll_json,
    ]));
    assert_eq!(played["stage"]["dice"], serde_json::json!([null, 5]));
    assert_eq!(played["depots"], given["position"]["depots"]);

    // Text form: each step with its events, then the position.
    let text = tabuleiro(&[
        "position",
        "apply",
        f,
        "0:castle 18",
        "1:castle 18",
        "--events",
    ]);
    assert!(text.status.success());
    let out = stdout(&text);
    assert!(
        out.starts_with("step 1: 0:castle 18\nstep 2: 1:castle 18\n  event.starting-castle"),
        "{out}"
    );

    // Refusals: an impossible outcome, an outcome when no chance is due, one unused.
    let bad_roll = r#"chance:{"roll": {"dice": [[7, 1], [1, 1]], "white": 1}}"#;
    let out = tabuleiro(&[
        "position",
        "apply",
        f,
        "0:castle 18",
        "1:castle 18",
        &phase_step,
        bad_roll,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("step 4") && err.contains("two dice 1-6"),
        "{err}"
    );
    let out = tabuleiro(&["position", "apply", f, &roll]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not wait for chance"));
    let out = tabuleiro(&["position", "apply", f, "0:castle 18", "--outcome", &phase]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--outcome 1 was not used"));
    let out = tabuleiro(&["position", "apply", f, "chance:{\"dice\": 3}"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a chance outcome"));
}

/// A Burgundy position written to a file at the crane's decision of the final
/// scoring (issue 45, seed 000 line 724; crates/burgundy/tests/positions): it loads
/// without --game, offers the two monasteries, and plays on through `position apply`
/// to the end with the crane counted where chosen; a file naming a monastery the
/// crane cannot count for is refused with the field, exit 2, and `show` names who
/// holds the white die.
#[test]
fn a_burgundy_file_at_the_cranes_decision_plays_to_the_end() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../burgundy/tests/positions/crane-at-the-end.json"
    );
    let text = tabuleiro(&["position", "show", file]);
    assert!(text.status.success());
    assert!(
        stdout(&text).contains("held by the start player (seat "),
        "{}",
        stdout(&text)
    );
    let shown = json(&tabuleiro(&["position", "show", file, "--json"]));
    assert_eq!(
        shown["legal"][0]["actions"],
        serde_json::json!(["crane monastery 16", "crane monastery 17"])
    );
    let played = json(&tabuleiro(&[
        "position",
        "apply",
        file,
        "crane monastery 17",
        "--events",
        "--json",
    ]));
    let position = &played["position"];
    assert_eq!(position["stage"]["stage"], "over");
    assert_eq!(position["modules"]["crane_monastery"], 17);
    let events = played["steps"][0]["events"].as_array().unwrap();
    assert!(events
        .iter()
        .any(|e| e["event"] == "crane-counted" && e["knowledge"] == 17));
    // The same file with a choice the crane's holder cannot make.
    let dir = tmp("crane");
    let mut broken: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    broken["modules"]["crane_monastery"] = 29.into();
    let bad = dir.join("broken.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let refused = tabuleiro(&["position", "show", bad.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("crane_monastery"), "{err}");
}
