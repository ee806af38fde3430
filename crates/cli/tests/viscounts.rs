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

/// The hand-written position files of crates/viscounts/tests/positions
/// (docs/viscounts/position.md).
fn fixture(name: &str) -> String {
    format!(
        "{}/../viscounts/tests/positions/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `position apply --json` on a fixture: the resulting position.
fn applied(name: &str, steps: &[&str]) -> Value {
    let f = fixture(name);
    let mut args = vec!["position", "apply", f.as_str(), "--json"];
    args.extend_from_slice(steps);
    json_of(&tabuleiro(&args))["position"].clone()
}

fn card(n: u64) -> String {
    format!(r#"chance:{{"chance":"card","card":{n}}}"#)
}

/// Seed 003 L465-471 with the examples of L499-501: seat 0's three workers in castle
/// section 4, pending as a cascade, advance one to level 2 (2 Virtue) and send one each
/// way; section 0 then holds three and advances (1 Ink, 1 Stone). The turn goes on to
/// the draw step, which draws the three cards given.
#[test]
fn a_pending_castle_cascade_resolves_on_loading_and_plays_on() {
    let f = fixture("castle-cascade");
    let shown = json_of(&tabuleiro(&["position", "show", "--json", &f]));
    assert_eq!(shown["to_act"], "chance", "the draw step waits for cards");
    let p = applied("castle-cascade", &[&card(0), &card(5), &card(8)]);
    let seat0 = |level: &str| -> Vec<u64> {
        (0..5)
            .map(|s| p["castle"][level][s][0].as_u64().unwrap())
            .collect()
    };
    assert_eq!(seat0("level1"), [0, 1, 0, 1, 1]);
    assert_eq!(seat0("level2"), [1, 0, 0, 0, 1]);
    let me = &p["players"][0];
    assert_eq!(me["res"], json!([1, 0, 1]), "1 Ink and 1 Stone: {me}");
    assert_eq!(me["virtue"], 5, "2 Virtue from 7: {me}");
    assert_eq!(me["reserve"], 15);
    assert_eq!(me["hand"], json!([0, 5, 8]));
    // The turn ended: seat 1 begins its own, and places the card in its hand.
    assert_eq!(p["current"], 1);
    assert_eq!(
        p["tasks"].as_array().unwrap().last().unwrap()["q"]["q"],
        "place"
    );
}

/// Seed 003 L531-546 (the example of L544): seat 0's markers joined on space 6, the
/// collision pending: 3 Silver and 2 Debts (from the Poverty pile) to it, 1 Virtue to
/// the opponent without Criminals, the markers back at the ends; then seat 1 plays on.
#[test]
fn a_pending_collision_pays_the_track_and_plays_on() {
    let p = applied("collision", &[r#"{"do":"place","card":3}"#]);
    let (me, other) = (&p["players"][0], &p["players"][1]);
    assert_eq!(
        (&me["silver"], &me["debts"]),
        (&json!(3), &json!(2)),
        "{me}"
    );
    assert_eq!((&me["corruption"], &me["virtue"]), (&json!(1), &json!(7)));
    assert_eq!(p["debts_on_poverty"], 10);
    assert_eq!(other["virtue"], 6, "{other}");
    assert_eq!(other["slots"][0], 3, "seat 1 placed its card: {other}");
    assert_eq!(
        p["tasks"].as_array().unwrap().last().unwrap()["q"]["q"],
        "move"
    );
}

/// Seed 003 L552-556: the draw step with an empty draw pile reshuffles the discards
/// (1 Virtue: no Criminal on the board) and draws up to the hand limit of 3; a card
/// not in the draw pile is refused.
#[test]
fn a_pending_draw_step_reshuffles_and_draws() {
    let f = fixture("draw-step");
    let shown = json_of(&tabuleiro(&["position", "show", "--json", &f]));
    assert_eq!(shown["to_act"], "chance");
    let me = &shown["position"]["players"][0];
    assert_eq!(me["draw"], json!([1, 2, 3, 4, 5, 6, 7, 8]), "{me}");
    assert_eq!((&me["virtue"], &me["discard"]), (&json!(6), &json!([])));
    let p = applied("draw-step", &[&card(8), &card(4)]);
    assert_eq!(p["players"][0]["hand"], json!([0, 8, 4]));
    assert_eq!(p["current"], 1);
    let out = tabuleiro(&["position", "apply", &f, &card(0)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("does not fit the chance step"),
        "{}",
        stderr(&out)
    );
}

/// Seed 003 L736-740: the player's turn ends with the AI's to come; the AI draws its
/// Plot card (a chance step: s4, Plot card 131), moves 2 spaces clockwise on the outer
/// path (L674), cannot transcribe (no Ink, one Clergy icon) and so gains 1 Deed; then the
/// player's next round begins.
#[test]
fn the_solo_ais_turn_is_played_from_a_file() {
    let f = fixture("ai-turn");
    let shown = json_of(&tabuleiro(&["position", "show", "--json", &f]));
    assert_eq!(shown["to_act"], "chance", "the AI's Plot draw");
    assert_eq!(shown["position"]["current"], 1);
    let p = applied("ai-turn", &[&card(131)]);
    let ai = &p["players"][1];
    assert_eq!(ai["slots"][0], 131, "{ai}");
    assert_eq!(ai["space"], 9, "from space 6 two steps on: {ai}");
    assert_eq!(ai["deeds"], 1, "{ai}");
    assert_eq!(p["deeds_on_prosperity"], 11);
    assert_eq!((&p["current"], &p["round"]), (&json!(0), &json!(4)));
    let top = p["tasks"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(top, json!({"task": "ask", "seat": 0, "q": {"q": "place"}}));
}

/// An edit that breaks a position file.
type Edit = fn(&mut Value);

/// Broken files: exit 2, nothing printed, the file, the field and the reason on stderr.
#[test]
fn malformed_or_inconsistent_position_files_are_refused() {
    let dir = tmp("position-refused");
    let text = std::fs::read_to_string(fixture("castle-cascade")).unwrap();
    let good: Value = serde_json::from_str(&text).unwrap();
    let cases: [(&str, Edit, &str); 6] = [
        ("fill", |v| v["fill"] = json!("sack"), "fill: unknown variant `sack`"),
        (
            "castle",
            |v| v["castle"]["level1"][0] = json!([3]),
            "Workers { seat: 0, counted: 21, supply: 20 }",
        ),
        (
            "seats",
            |v| v["castle"]["level1"][0] = json!(vec![0; 17]),
            "17 seats' workers, at most 16",
        ),
        (
            "stacks",
            |v| v["villagers"][0]["hidden"] = json!(14),
            "StackCount { stacks: \"villagers\", hidden: 64, pool: 63 }",
        ),
        (
            "nothing-pending",
            |v| v["tasks"] = json!([]),
            "NoDecision { reached: \"the end of the game, with neither Poverty nor Prosperity revealed\" }",
        ),
        (
            "missing",
            |v| {
                v.as_object_mut().unwrap().remove("players");
            },
            "missing field `players`",
        ),
    ];
    for (name, edit, why) in cases {
        let mut v = good.clone();
        edit(&mut v);
        let file = dir.join(format!("{name}.json"));
        std::fs::write(&file, v.to_string()).unwrap();
        let out = tabuleiro(&["position", "show", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(stdout(&out).is_empty(), "{name}");
        let e = stderr(&out);
        assert!(
            e.contains(&format!("{name}.json")) && e.contains(why),
            "{name}: {e}"
        );
    }
}

/// docs/viscounts/position.md: every `$ tabuleiro` line runs as written from the
/// repository's root (exit 0, or the exit its comment names), and its hand-written file
/// loads as the text after it says.
#[test]
fn the_position_docs_examples_run_as_written() {
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(format!("{root}/docs/viscounts/position.md")).unwrap();
    let mut ran = 0;
    for line in doc.lines().filter_map(|l| l.strip_prefix("$ tabuleiro ")) {
        let (command, comment) = split_comment(line);
        let args = words(command);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
            .args(&args)
            .current_dir(&root)
            .output()
            .unwrap();
        let want = if comment.starts_with("exit 2") { 2 } else { 0 };
        assert_eq!(out.status.code(), Some(want), "{line}: {}", stderr(&out));
        ran += 1;
    }
    assert!(ran >= 6, "{ran} examples");
    let block = doc
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let file = tmp("position-doc").join("by-hand.json");
    std::fs::write(&file, block).unwrap();
    let shown = json_of(&tabuleiro(&[
        "position",
        "show",
        "--json",
        file.to_str().unwrap(),
    ]));
    assert_eq!(shown["to_act"], json!([1]));
    let p = &shown["position"];
    assert_eq!(p["players"][0]["silver"], 3);
    assert_eq!(p["players"][0]["debts"], 2);
    assert_eq!(p["players"][1]["virtue"], 6);
}

/// A doc line's command and its `# comment`.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            '#' if !quoted && line[..i].ends_with(' ') => {
                return (line[..i].trim(), line[i + 1..].trim())
            }
            _ => {}
        }
    }
    (line.trim(), "")
}

/// A command line's words, as a shell splits them (single quotes only).
fn words(command: &str) -> Vec<String> {
    let (mut out, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in command.chars() {
        match c {
            '\'' => (quoted, any) = (!quoted, true),
            ' ' if !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            _ => (word.push(c), any = true).0,
        }
    }
    if any {
        out.push(word);
    }
    out
}
