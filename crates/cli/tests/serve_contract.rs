//! The server's side of the game contract, as a process: events reach only the seats
//! that may see them (the test-kit "trade" game, whose hands and draws are hidden),
//! offers and typed refusals, a secret seed, undo as a rewind, deadlines, and one
//! seed giving the same game in `simulate` and on the server.

mod support;

use serde_json::{json, Value};
use support::Socket;
use support::{databases, token, wait_for, Pick, Server};
use tabuleiro_games::testkit::trade::{Event, TradeView};
use tungstenite::stream::MaybeTlsStream;

fn create_game(server: &Server, game: &str, seats: Value, seed: Option<u64>) -> (String, Value) {
    let mut body = json!({"game": game, "seats": seats});
    if let Some(seed) = seed {
        body["seed"] = json!(seed);
    }
    let (status, created) = server.post("/api/games", None, &body);
    assert_eq!(status, 201, "{created}");
    (created["id"].as_str().unwrap().to_string(), created)
}

fn connect(server: &Server, id: &str, tok: Option<&str>) -> Socket {
    let socket = support::ws_connect(&server.addr, id, tok, "since=0");
    if let MaybeTlsStream::Plain(s) = socket.get_ref() {
        s.set_nonblocking(true).unwrap();
    }
    socket
}

/// Every message waiting on the socket.
fn drain(socket: &mut Socket) -> Vec<Value> {
    let mut out = Vec::new();
    loop {
        match socket.read() {
            Ok(m) if m.is_text() => out.push(serde_json::from_str(m.to_text().unwrap()).unwrap()),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {
                return out
            }
            Err(e) => panic!("ws: {e}"),
        }
    }
}

/// Checks that nothing `viewer` received shows another seat's hidden fact: no
/// event holds a secret of another seat, and no view another seat's hand or goal.
fn check_hidden(viewer: Option<u8>, answer: &Value, route: &str) {
    let mut events = Vec::new();
    collect_events(answer, &mut events);
    for e in events {
        let event: Event = serde_json::from_value(e["event"].clone())
            .unwrap_or_else(|err| panic!("{route}: not a trade event {e}: {err}"));
        if let Some(owner) = event.secret_of() {
            assert_eq!(
                Some(owner),
                viewer,
                "{route}: {viewer:?} saw a secret of seat {owner}: {e}"
            );
        }
        assert!(e["message"]["key"].is_string(), "{route}: {e}");
    }
    if answer["view"].is_object() && answer["over"] == false {
        let view: TradeView = serde_json::from_value(answer["view"].clone()).unwrap();
        for (seat, hand) in view.hands.iter().enumerate() {
            if Some(seat as u8) != viewer {
                assert!(hand.is_none(), "{route}: {viewer:?} sees hand {seat}");
            }
        }
        for (seat, goal) in view.goals.iter().enumerate() {
            if Some(seat as u8) != viewer {
                assert!(goal.is_none(), "{route}: {viewer:?} sees goal {seat}");
            }
        }
    }
}

fn collect_events<'a>(answer: &'a Value, out: &mut Vec<&'a Value>) {
    if let Some(events) = answer["events"].as_array() {
        out.extend(events);
    }
    if answer["game"].is_object() {
        collect_events(&answer["game"], out);
    }
}

#[test]
fn no_seat_and_no_spectator_ever_receives_another_seats_hidden_card() {
    for (dir, db) in databases("hidden") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &["--test-games"]);
        let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"},
                           {"kind": "human", "name": "Caio"}]);
        let (id, created) = create_game(&server, "trade", seats, None);
        let tokens: Vec<String> = (0..3).map(|s| token(&created, s)).collect();
        let viewers: Vec<(Option<u8>, Option<&str>)> = std::iter::once((None, None))
            .chain((0..3).map(|s| (Some(s as u8), Some(tokens[s].as_str()))))
            .collect();
        let mut sockets: Vec<Socket> = viewers
            .iter()
            .map(|(_, t)| connect(&server, &id, *t))
            .collect();
        let mut pick = Pick(17);
        let mut received = vec![0usize; viewers.len()];
        for round in 0..400 {
            // What every route answers each viewer now.
            for (n, (viewer, tok)) in viewers.iter().enumerate() {
                let (status, game) = server.get(&format!("/api/games/{id}"), *tok);
                assert_eq!(status, 200);
                check_hidden(*viewer, &game, "view");
                let (_, log) = server.get(&format!("/api/games/{id}/log"), *tok);
                check_hidden(*viewer, &log, "log");
                for m in drain(&mut sockets[n]) {
                    received[n] += m["events"].as_array().map_or(0, |e| e.len());
                    check_hidden(*viewer, &m, "websocket");
                }
            }
            let (_, lobby) = server.get("/api/games?limit=500", None);
            let entry = lobby["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["id"] == id.as_str())
                .cloned();
            if let Some(entry) = entry {
                assert!(
                    !entry.to_string().contains("hand"),
                    "the lobby shows no hand: {entry}"
                );
            }
            let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
            let spectator = server.get(&format!("/api/games/{id}"), None).1;
            if spectator["over"] == true {
                assert_eq!(status, 200);
                break;
            }
            assert_eq!(status, 409, "no record while the game runs: {record}");
            let seat = spectator["to_act"][0].as_u64().expect("someone acts") as usize;
            let game = server
                .get(&format!("/api/games/{id}"), Some(&tokens[seat]))
                .1;
            let offers = game["offers"].as_array().unwrap();
            assert_eq!(offers.len(), game["legal"].as_array().unwrap().len());
            if round % 7 == 0 {
                // A refusal names the engine's reason and shows nothing hidden.
                let (status, refused) = server.post(
                    &format!("/api/games/{id}/actions"),
                    Some(&tokens[seat]),
                    &json!({"action": "offer dddd for aaaa"}),
                );
                if status == 422 {
                    assert!(refused["reason"]["key"].is_string(), "{refused}");
                    check_hidden(Some(seat as u8), &refused, "refusal");
                } else {
                    // The seat held those cards: the offer stands and the game moved
                    // on, so the offers read above are stale.
                    assert_eq!(status, 200, "{refused}");
                    check_hidden(Some(seat as u8), &refused, "action answer");
                    continue;
                }
            }
            let offer = &offers[pick.below(offers.len())];
            assert!(offer["path"].is_array() && offer["label"]["key"].is_string());
            let (status, after) = server.post(
                &format!("/api/games/{id}/actions"),
                Some(&tokens[seat]),
                &json!({"action": offer["action"]}),
            );
            assert_eq!(status, 200, "{after}");
            check_hidden(Some(seat as u8), &after, "action answer");
        }
        let end = server.get(&format!("/api/games/{id}"), None).1;
        assert_eq!(end["over"], true, "the game ended");
        assert!(
            received.iter().all(|&n| n > 0),
            "every viewer was pushed events"
        );
    }
}

/// The next text message on a blocking socket.
fn next_text(socket: &mut Socket) -> String {
    loop {
        let m = socket.read().expect("ws reads");
        if m.is_text() {
            return m.into_text().unwrap().to_string();
        }
    }
}

#[test]
fn spectators_are_pushed_the_same_bytes_and_a_seat_its_own_without_its_hand_reaching_them() {
    let dir = support::temp_dir("spectators");
    let server = Server::start_args(&dir, None, 0, &["--test-games"]);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let (id, created) = create_game(&server, "trade", seats, None);
    let tokens: Vec<String> = (0..2).map(|s| token(&created, s)).collect();
    // Blocking sockets, all opened at one version: each command (made over HTTP
    // once every follower has its last push) brings each of them one push.
    let mut followers: Vec<Socket> = [None, None, Some(tokens[0].as_str())]
        .into_iter()
        .map(|t| support::ws_connect(&server.addr, &id, t, ""))
        .collect();
    let mut pick = Pick(5);
    for _ in 0..30 {
        let texts: Vec<String> = followers.iter_mut().map(next_text).collect();
        assert_eq!(texts[0], texts[1], "two spectators, the same bytes");
        assert_ne!(texts[0], texts[2], "the seat has its own");
        let spectator: Value = serde_json::from_str(&texts[0]).unwrap();
        let mine: Value = serde_json::from_str(&texts[2]).unwrap();
        assert_eq!(spectator["version"], mine["version"]);
        check_hidden(None, &spectator, "spectators' push");
        check_hidden(Some(0), &mine, "seat 0's push");
        if spectator["over"] == true {
            return;
        }
        assert!(!mine["view"]["hands"][0].is_null(), "seat 0 sees its hand");
        let seat = spectator["to_act"][0].as_u64().expect("someone acts") as usize;
        let game = server
            .get(&format!("/api/games/{id}"), Some(&tokens[seat]))
            .1;
        let legal = game["legal"].as_array().unwrap();
        let (status, after) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&tokens[seat]),
            &json!({"action": legal[pick.below(legal.len())]}),
        );
        assert_eq!(status, 200, "{after}");
    }
}

#[test]
fn the_seed_the_server_draws_stays_secret_until_the_end_and_a_chosen_one_is_shown() {
    let dir = support::temp_dir("secret-seed");
    let server = Server::start_args(&dir, None, 0, &["--test-games"]);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]);
    let (id, created) = create_game(&server, "burgundy", seats.clone(), None);
    assert!(created.get("seed").is_none(), "{created}");
    assert_eq!(created["seed_chosen"], false);
    let tok = token(&created, 0);
    let creator = created["creator_token"].as_str().unwrap().to_string();
    let game = wait_for(&server, &id, Some(&tok), |g| {
        !g["legal"].as_array().unwrap().is_empty()
    });
    assert_eq!(game["seed_chosen"], false);
    for (path, t) in [
        (format!("/api/games/{id}"), Some(tok.as_str())),
        (format!("/api/games/{id}"), Some(creator.as_str())),
        (format!("/api/games/{id}"), None),
        (format!("/api/games/{id}/log"), Some(creator.as_str())),
        (format!("/api/games/{id}/record"), Some(creator.as_str())),
        ("/api/games?limit=500".to_string(), None),
    ] {
        let (_, body) = server.get(&path, t);
        assert!(
            !body.to_string().contains("\"seed\""),
            "{path} gives no seed before the end: {body}"
        );
    }
    let (_, chosen) = create_game(&server, "burgundy", seats, Some(99));
    assert_eq!(chosen["seed_chosen"], true);
    let id2 = chosen["id"].as_str().unwrap();
    let seen = server.get(&format!("/api/games/{id2}"), None).1;
    assert_eq!(seen["seed_chosen"], true, "every seat sees a chosen seed");
    let (_, lobby) = server.get("/api/games?limit=500", None);
    let entry = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id2)
        .unwrap()
        .clone();
    assert_eq!(entry["summary"]["seed_chosen"], true);
}

#[test]
fn test_games_are_hosted_only_when_asked_for() {
    let dir = support::temp_dir("test-games");
    let server = Server::start(&dir, None);
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "trade", "seats": seats}),
    );
    assert_eq!(status, 400, "{body}");
    let (status, body) = server.post("/api/games", None, &json!({"game": "nim", "seats": seats}));
    assert_eq!(status, 400, "{body}");
}

/// A config the rules refuse is answered with the engine's reason as a catalogue
/// message (so the lobby says it in the reader's language), and nothing is created;
/// options that are not the game's settings are refused without one.
#[test]
fn a_config_the_rules_refuse_comes_back_with_the_engines_reason() {
    let dir = support::temp_dir("config-refused");
    let server = Server::start(&dir, None);
    let seats = json!([{"kind": "human"}, {"kind": "human"}]);
    let options = json!({"edition": "classic", "modules": ["duchies-11-18"]});
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "burgundy", "seats": seats, "options": options}),
    );
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["reason"]["key"], "refusal.module.not_in_edition",
        "{body}"
    );
    assert_eq!(body["reason"]["args"]["module"], "duchies-11-18", "{body}");
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "burgundy", "seats": seats, "options": {"saints": true}}),
    );
    assert_eq!(status, 400, "{body}");
    assert!(body.get("reason").is_none(), "{body}");
    let (_, games) = server.get("/api/games?status=open", None);
    assert_eq!(games["games"], json!([]), "nothing was created");
}

/// An undo and a redo of the same decision leave the next chance outcome as it was:
/// chance is drawn from the secret seed and the number of chance steps only.
#[test]
fn undo_is_pushed_as_a_rewind_and_cannot_change_the_next_chance_outcome() {
    for (dir, db) in databases("rewind") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &[]);
        let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
        // Two games with one seed: one played straight, one with undo and redo.
        let mut outcomes = Vec::new();
        for padded in [false, true] {
            let (id, created) = create_game(&server, "burgundy", seats.clone(), Some(5));
            let toks = [token(&created, 0), token(&created, 1)];
            let mut socket = connect(&server, &id, Some(&toks[0]));
            // The starting castles, both seats at once, then turns until a chance step.
            let mut undone_seen = Vec::new();
            for _ in 0..12 {
                let spectator = server.get(&format!("/api/games/{id}"), None).1;
                let Some(seat) = spectator["to_act"][0].as_u64() else {
                    break;
                };
                let t = &toks[seat as usize];
                let game = server.get(&format!("/api/games/{id}"), Some(t)).1;
                let action = game["legal"][0].clone();
                let act = || {
                    let (status, body) = server.post(
                        &format!("/api/games/{id}/actions"),
                        Some(t),
                        &json!({"action": action}),
                    );
                    assert_eq!(status, 200, "{body}");
                    body
                };
                let version = act()["version"].as_i64().unwrap();
                if padded {
                    let (status, body) =
                        server.post(&format!("/api/games/{id}/undo"), Some(t), &json!({}));
                    if status == 200 {
                        undone_seen.push(version - 1);
                        let (_, log) = server.get(&format!("/api/games/{id}/log"), Some(t));
                        assert!(
                            !log["events"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .any(|e| e["idx"] == version - 1),
                            "/log drops the events of an undone entry: {log}"
                        );
                        act();
                    } else {
                        assert_eq!(status, 422, "{body}");
                        assert!(body["reason"]["key"].is_string(), "{body}");
                    }
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(300));
            let pushed = drain(&mut socket);
            let rewound: Vec<i64> = pushed
                .iter()
                .flat_map(|m| m["undone"].as_array().cloned().unwrap_or_default())
                .map(|v| v.as_i64().unwrap())
                .collect();
            if padded {
                assert!(!undone_seen.is_empty(), "some undo was accepted");
                for idx in &undone_seen {
                    assert!(rewound.contains(idx), "{idx} pushed as undone: {rewound:?}");
                }
            }
            // The same decisions were kept: the same chance outcomes give the same table.
            let spectator = server.get(&format!("/api/games/{id}"), None).1;
            outcomes.push(spectator["view"].clone());
        }
        assert_eq!(
            outcomes[0], outcomes[1],
            "undo+redo changed a chance outcome"
        );
    }
}

/// With a short decision deadline, a person who never answers is answered for: the
/// rules' default (trade: decline) or a bot, logged like any decision.
#[test]
fn a_game_does_not_wait_forever_for_a_person() {
    let dir = support::temp_dir("deadline");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &["--test-games", "--decision-timeout", "0.3"],
    );
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let (id, _) = create_game(&server, "trade", seats, Some(3));
    // Nobody sends anything: the game still reaches its end.
    let end = wait_for(&server, &id, None, |g| g["over"] == true);
    assert_eq!(end["status"], "over");
    let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
    assert_eq!(status, 200);
    assert!(record["steps"].as_array().unwrap().len() > 4);
}

/// One seed gives one game: `simulate --record` and a server game between random
/// bots with that seed log the same steps.
#[test]
fn one_seed_gives_the_same_game_in_simulate_play_position_and_on_the_server() {
    let dir = support::temp_dir("one-seed");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args([
            "simulate",
            "--games",
            "1",
            "--players",
            "2",
            "--seed",
            "4",
            "--record",
        ])
        .arg(dir.join("records"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let simulated: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("records/game-0.json")).unwrap())
            .unwrap();
    let seed = simulated["seed"].as_u64().unwrap();
    if let Some(played) = play_record(&dir, seed) {
        assert_eq!(played["seed"], simulated["seed"]);
        assert_eq!(played["steps"], simulated["steps"], "play: same steps");
    }
    position_apply_reaches_the_same_game(&dir, &simulated);
    for (dir, db) in databases("one-seed") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &[]);
        let seats = json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]);
        let (id, _) = create_game(&server, "burgundy", seats, Some(seed));
        wait_for(&server, &id, None, |g| g["over"] == true);
        let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
        assert_eq!(status, 200);
        assert_eq!(record["seed"], simulated["seed"]);
        assert_eq!(record["steps"], simulated["steps"], "same steps");
        assert_eq!(record["scores"], simulated["scores"]);
    }
}

/// Seats deciding at the same time (Burgundy's starting castles): a decision sent on
/// the version the seat saw is not stale because another seat decided meanwhile; a
/// second decision on that old version, once the seat has acted, is.
#[test]
fn a_simultaneous_decision_is_not_refused_as_stale() {
    for (dir, db) in databases("simultaneous") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &[]);
        let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
        let (id, created) = create_game(&server, "burgundy", seats, Some(21));
        let toks = [token(&created, 0), token(&created, 1)];
        let seen: Vec<Value> = toks
            .iter()
            .map(|t| server.get(&format!("/api/games/{id}"), Some(t)).1)
            .collect();
        assert_eq!(seen[0]["to_act"], json!([0, 1]), "both choose a castle");
        let v = seen[0]["version"].clone();
        let decide = |seat: usize, version: &Value| {
            server.post(
                &format!("/api/games/{id}/actions"),
                Some(&toks[seat]),
                &json!({"action": seen[seat]["legal"][0], "version": version}),
            )
        };
        let (status, body) = decide(1, &v);
        assert_eq!(status, 200, "{body}");
        let (status, body) = decide(0, &v);
        assert_eq!(status, 200, "not stale: {body}");
        let (status, body) = decide(0, &v);
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "stale");
    }
}

/// The record `tabuleiro play` saves for a game between two random bots, played in a
/// pseudo-terminal (util-linux `script`); `None` where `script` is missing.
fn play_record(dir: &std::path::Path, seed: u64) -> Option<Value> {
    use std::process::{Command, Stdio};
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("play skipped: util-linux script is not installed");
        return None;
    }
    let save = dir.join("played.json");
    let cmd = format!(
        "stty rows 24 cols 80; exec {} play burgundy --seats random,random --pace 0 --seed {seed} --save {}",
        env!("CARGO_BIN_EXE_tabuleiro"),
        save.display()
    );
    let mut child = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
    });
    let start = std::time::Instant::now();
    let saved = loop {
        let text = std::fs::read_to_string(&save).unwrap_or_default();
        if text.contains("\"scores\"") {
            break serde_json::from_str::<Value>(&text).ok();
        }
        assert!(start.elapsed().as_secs() < 120, "play did not end in time");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"q");
    let _ = child.wait();
    let _ = reader.join();
    Some(saved.expect("a save file")["record"].clone())
}

/// `position new --seed` and `position apply --seed` draw on the same path: the record's
/// decisions applied to the new position, with chance drawn from the seed, reach the
/// position the record replays to.
fn position_apply_reaches_the_same_game(dir: &std::path::Path, simulated: &Value) {
    use tabuleiro_games::burgundy::{Action, Burgundy};
    let seed = simulated["seed"].as_u64().unwrap().to_string();
    let tabuleiro = || std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"));
    let new = tabuleiro()
        .args(["position", "new", "--players", "2", "--seed", &seed])
        .output()
        .unwrap();
    assert!(new.status.success());
    let start = dir.join("start.json");
    std::fs::write(&start, &new.stdout).unwrap();
    let steps = simulated["steps"].as_array().unwrap();
    let setup = steps
        .iter()
        .take_while(|s| s.get("chance").is_some())
        .count();
    let stderr = String::from_utf8_lossy(&new.stderr);
    assert!(
        stderr.contains(&format!("chance steps drawn: {setup}")),
        "{stderr}"
    );
    let decisions: Vec<String> = steps
        .iter()
        .filter_map(|s| s.get("decision"))
        .map(|d| {
            let action: Action = serde_json::from_value(d["action"].clone()).unwrap();
            format!("{}:{action}", d["seat"])
        })
        .collect();
    let applied = tabuleiro()
        .args(["position", "apply"])
        .arg(&start)
        .args(&decisions)
        .args(["--seed", &seed, "--chance-drawn", &setup.to_string()])
        .output()
        .unwrap();
    assert!(
        applied.status.success(),
        "{}",
        String::from_utf8_lossy(&applied.stderr)
    );
    let mut reached: Value = serde_json::from_slice(&applied.stdout).unwrap();
    // A position file names its game; the state itself does not.
    assert_eq!(reached["game"], "burgundy");
    reached.as_object_mut().unwrap().remove("game");
    let record: tabuleiro_core::Record<Burgundy> =
        serde_json::from_value(simulated.clone()).unwrap();
    let replayed = tabuleiro_core::replay(&record).unwrap();
    assert_eq!(
        reached,
        serde_json::to_value(&replayed).unwrap(),
        "position apply: same game"
    );
}
