//! The `tabuleiro` tools with `--game viscounts`, as processes: simulate (with records
//! that say the content is partly provisional), replay, tournament, position
//! new/show/apply with their refusals, and `serve` hosting a game over its API.

mod support;

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Output;
use support::{stdout, tabuleiro, token, wait_for, Pick, Server};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json_of(o: &Output) -> Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn tmp(name: &str) -> PathBuf {
    support::temp_dir(&format!("viscounts-{name}"))
}

#[test]
fn simulate_records_solo_and_multiplayer_games_that_replay() {
    for players in ["1", "3"] {
        let dir = tmp(&format!("simulate-{players}"));
        let records = dir.join("records");
        let args = [
            "simulate",
            "--game",
            "viscounts",
            "--players",
            players,
            "--games",
            "4",
            "--seed",
            "5",
            "--json",
            "--record",
            records.to_str().unwrap(),
        ];
        let a = json_of(&tabuleiro(&args));
        assert_eq!(a["game"], "viscounts");
        assert_eq!(a["finished"], 4, "{a}");
        assert!(a["decisions_per_game"].as_f64().unwrap() > 50.0, "{a}");

        let record = records.join("game-0.json");
        let text = std::fs::read_to_string(&record).unwrap();
        let header: Value = serde_json::from_str(&text).unwrap();
        // A game played with provisional content says so in its record.
        assert!(
            header["config"]["provisional_content"]
                .as_str()
                .unwrap()
                .contains("provisional content items"),
            "{}",
            header["config"]
        );
        let replayed = json_of(&tabuleiro(&["replay", record.to_str().unwrap(), "--json"]));
        assert_eq!(replayed["game"], "viscounts");
        assert_eq!(replayed["finished"], true);
        // Solo: the human seat's result against the AI (an automaton of the rules).
        let standings = replayed["standings"].as_array().unwrap();
        assert_eq!(standings.len(), 2 + (players == "3") as usize, "{replayed}");
    }
}

#[test]
fn tournament_plays_the_viscounts_bots() {
    let out = tabuleiro(&[
        "tournament",
        "--game",
        "viscounts",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "4",
        "--seed",
        "2",
        "--json",
    ]);
    let t = json_of(&out);
    assert_eq!(t["game"], "viscounts");
    let bots = t["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    assert!(bots.iter().all(|b| b["games"] == 4), "{t}");
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
        "viscounts",
        "--players",
        "2",
        "--seed",
        "3",
    ]);
    let start = json_of(&new);
    assert_eq!(start["phase"], "playing");
    let file = dir.join("start.json");
    std::fs::write(&file, stdout(&new)).unwrap();
    let f = file.to_str().unwrap();
    let to_act = start["tasks"].as_array().unwrap().last().unwrap()["seat"]
        .as_u64()
        .unwrap() as u8;

    let shown = stdout(&tabuleiro(&["position", "show", "--game", "viscounts", f]));
    let pair = first_legal(&shown, to_act);
    assert!(pair.contains("choose_pair"), "{shown}");
    let after = json_of(&tabuleiro(&[
        "position",
        "apply",
        "--game",
        "viscounts",
        f,
        &pair,
    ]));
    assert_ne!(after, start);
    assert!(
        after["players"][to_act as usize]["player_card"]
            .as_u64()
            .unwrap()
            > 0
    );

    // Refusals: exit 2, the reason on stderr, nothing printed.
    for (action, why) in [
        (r#"{"do":"choose_pair","pair":9}"#, "nosuchoption"),
        ("fly away", "is not an action of viscounts"),
    ] {
        let out = tabuleiro(&["position", "apply", "--game", "viscounts", f, action]);
        assert_eq!(out.status.code(), Some(2), "{action}");
        assert!(stdout(&out).is_empty(), "{action}");
        assert!(
            stderr(&out).to_lowercase().contains(why),
            "{action}: {}",
            stderr(&out)
        );
    }

    // A position the rules cannot reach: a worker more than the supply.
    let mut broken = after.clone();
    let reserve = broken["players"][to_act as usize]["reserve"]
        .as_u64()
        .unwrap();
    broken["players"][to_act as usize]["reserve"] = (reserve + 1).into();
    let bad = dir.join("broken.json");
    std::fs::write(&bad, broken.to_string()).unwrap();
    let out = tabuleiro(&[
        "position",
        "show",
        "--game",
        "viscounts",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("broken.json") && stderr(&out).contains("Workers"),
        "{}",
        stderr(&out)
    );
}

/// `serve` hosts Viscounts over its API (offered by a plain server now that it has a
/// browser table): a game against the greedy bot is created, played to its end by a
/// seat's token, and its record replays.
#[test]
fn serve_hosts_a_viscounts_game_to_its_end() {
    let dir = tmp("serve");
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}]);
    let body = json!({"game": "viscounts", "seats": seats, "seed": 4});

    let server = Server::start(&dir, None);
    let (status, created) = server.post("/api/games", None, &body);
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tok = token(&created, 0);
    let mut pick = Pick(7);
    let end = loop {
        let game = wait_for(&server, &id, Some(&tok), |g| {
            g["over"] == true || !g["legal"].as_array().unwrap().is_empty()
        });
        if game["over"] == true {
            break game;
        }
        // The seat sees its own hand, never the bot's.
        let view = &game["view"]["position"]["players"];
        assert_eq!(view[1]["hand"], Value::Null, "{}", game["view"]);
        assert!(view[0]["hand"].is_array(), "{}", game["view"]);
        let legal = game["legal"].as_array().unwrap();
        let action = &legal[pick.below(legal.len())];
        let (status, after) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&tok),
            &json!({"action": action}),
        );
        assert_eq!(status, 200, "{action} refused: {after}");
    };
    assert_eq!(end["scores"].as_array().unwrap().len(), 2, "{end}");
    let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert!(record["config"]["provisional_content"]
        .as_str()
        .unwrap()
        .contains("provisional"));
    let file = dir.join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let replay = tabuleiro(&["replay", file.to_str().unwrap(), "--json"]);
    let replayed = json_of(&replay);
    assert_eq!(replayed["scores"], record["scores"]);
}

/// `serve` refuses options that are not Viscounts' settings (issue 40), as it does
/// Catan's and Burgundy's, and creates nothing: an unknown key without a reason, the
/// solo game's difficulty in a game of two with the engine's reason. A solo game
/// takes it.
#[test]
fn serve_refuses_options_that_are_not_viscounts_settings() {
    let dir = tmp("serve-options");
    let server = Server::start(&dir, None);
    let two = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let create = |seats: &Value, options: Value| {
        server.post(
            "/api/games",
            None,
            &json!({"game": "viscounts", "seats": seats, "options": options}),
        )
    };
    let junk = json!({"junk": "x".repeat(300 * 1024)});
    for options in [json!({"cheat": 1}), json!({"edition": "x"}), junk] {
        let (status, body) = create(&two, options);
        assert_eq!(status, 400, "{body}");
        assert!(body.get("reason").is_none(), "{body}");
    }
    let (status, body) = create(&two, json!({"cheat": 1}));
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `cheat`"),
        "{status} {body}"
    );
    let (status, body) = create(&two, json!({"difficulty": 3}));
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["reason"]["key"], "refusal.viscounts.config.solo_only",
        "{body}"
    );
    assert_eq!(body["reason"]["args"]["option"], "difficulty", "{body}");
    let (_, games) = server.get("/api/games?status=open", None);
    assert_eq!(games["games"], json!([]), "nothing was created");

    let solo = json!([{"kind": "human", "name": "Ana"}]);
    let (status, body) = create(&solo, json!({"ai": "cleric", "difficulty": 3}));
    assert_eq!(status, 201, "{body}");
}

/// A position file names its game, as a record does (issue 45): `position new` writes
/// it, `show` and `apply` read it without `--game`, and a `--game` that contradicts
/// it is refused with exit 2.
#[test]
fn a_position_file_names_its_game() {
    let dir = tmp("position-named");
    let new = tabuleiro(&["position", "new", "--game", "viscounts", "--players", "2"]);
    let start = json_of(&new);
    assert_eq!(start["game"], "viscounts");
    let file = dir.join("start.json");
    std::fs::write(&file, stdout(&new)).unwrap();
    let f = file.to_str().unwrap();
    let shown = tabuleiro(&["position", "show", "--json", f]);
    assert_eq!(shown.status.code(), Some(0), "{}", stderr(&shown));
    assert_eq!(json_of(&shown)["position"]["game"], "viscounts");
    let legal = json_of(&shown)["legal"][0]["actions"][0]
        .as_str()
        .unwrap()
        .to_string();
    let applied = tabuleiro(&["position", "apply", f, &legal]);
    assert_eq!(applied.status.code(), Some(0), "{}", stderr(&applied));
    assert_eq!(json_of(&applied)["game"], "viscounts");
    let same = tabuleiro(&["position", "show", "--game", "viscounts", f]);
    assert_eq!(same.status.code(), Some(0), "{}", stderr(&same));
    let other = tabuleiro(&["position", "show", "--game", "burgundy", f]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("is a viscounts position, but --game says burgundy"),
        "{}",
        stderr(&other)
    );
}
