//! `tabuleiro serve` as a process, through its HTTP and WebSocket API, against
//! SQLite and (when `TABULEIRO_TEST_POSTGRES` is set; always in CI) PostgreSQL.

mod support;

use serde_json::{json, Value};
use support::{create, databases, play_out, token, wait_for, Pick, Server};

fn human_vs_bot() -> Value {
    json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}])
}

#[test]
fn a_whole_game_against_a_bot_over_http_and_its_record_replays() {
    for (dir, db) in databases("whole") {
        let server = Server::start(&dir, db.as_deref());
        assert_eq!(server.get("/healthz", None).0, 200);
        let (id, created) = create(&server, human_vs_bot(), 11);
        let tok = token(&created, 0);
        assert!(created["creator_token"].as_str().unwrap().starts_with("c."));
        assert!(created["seats"][0]["invite"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/games/{id}#token={tok}")));
        let (status, early) = server.get(&format!("/api/games/{id}/record"), None);
        assert_eq!(status, 409, "no record before the end: {early}");
        let end = play_out(&server, &id, &tok, 5);
        assert_eq!(end["status"], "over");
        assert_eq!(end["scores"].as_array().unwrap().len(), 2);
        let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
        assert_eq!(status, 200);
        assert_eq!(record["scores"], end["scores"]);
        let file = dir.join("record.json");
        std::fs::write(&file, record.to_string()).unwrap();
        let replay = std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
            .arg("replay")
            .arg(&file)
            .output()
            .unwrap();
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
        // The lobby lists it as over only when asked for finished games.
        let (_, running) = server.get("/api/games?status=running&limit=500", None);
        assert!(!running["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
        let (_, over) = server.get("/api/games?status=over&limit=500", None);
        assert!(over["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
    }
}

#[test]
fn only_the_seat_token_acts_and_tokens_are_stored_hashed() {
    let dir = support::temp_dir("tokens");
    let server = Server::start(&dir, None);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let (id, created) = create(&server, seats, 3);
    let (ana, bia) = (token(&created, 0), token(&created, 1));
    let before = server.get(&format!("/api/games/{id}"), Some(&ana)).1;
    let castle = server.get(&format!("/api/games/{id}"), Some(&bia)).1["legal"][0].clone();
    let wrong = format!("s0.{}", "0".repeat(48));
    let creator = created["creator_token"].as_str().unwrap().to_string();
    for tok in [
        None,
        Some(wrong.as_str()),
        Some("nonsense"),
        Some(creator.as_str()),
    ] {
        let (status, body) = server.post(
            &format!("/api/games/{id}/actions"),
            tok,
            &json!({"action": castle}),
        );
        assert_eq!(status, 403, "{tok:?}: {body}");
    }
    // Bia's token is a valid token, but for seat 1: it acts for seat 1 only.
    let (status, _) = server.post(
        &format!("/api/games/{id}/actions"),
        Some(&bia),
        &json!({"action": castle}),
    );
    let after = server.get(&format!("/api/games/{id}"), Some(&ana)).1;
    assert_eq!(status, 200);
    assert_eq!(after["legal"], before["legal"], "seat 0 still chooses");
    assert_eq!(server.get(&format!("/api/games/{id}"), Some(&wrong)).0, 403);
    // A spectator sees no legal actions; nothing on disk holds a token.
    let spectator = server.get(&format!("/api/games/{id}"), None).1;
    assert_eq!(spectator["seat"], Value::Null);
    assert_eq!(spectator["legal"], json!([]));
    drop(server);
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let stored = String::from_utf8_lossy(&stored);
    for tok in [&ana, &bia, &creator] {
        let secret = tok.split_once('.').unwrap().1;
        assert!(!stored.contains(secret), "a token's secret is on disk");
    }
}

/// Seat 0's starting castle is its secret until every seat has chosen (seed 002,
/// "Preparação": the castles are revealed together). No endpoint may tell seat 1.
#[test]
fn no_endpoint_tells_a_seat_what_it_may_not_see() {
    let dir = support::temp_dir("hidden");
    let server = Server::start(&dir, None);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    // Duchies 1 and 2: seat 0's choice, castle 2, is not among seat 1's own castles
    // (3, 15, 18, 36), so no answer to seat 1 names it unless it leaks.
    let (status, created) = server.post(
        "/api/games",
        None,
        &json!({"game": "burgundy", "seats": seats, "seed": 21, "options": {"duchies": [1, 2]}}),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let (ana, bia) = (token(&created, 0), token(&created, 1));
    let mine = server.get(&format!("/api/games/{id}"), Some(&ana)).1;
    let choice = mine["legal"][1].clone();
    assert_eq!(choice, "castle 2");
    let space: u64 = choice.as_str().unwrap()[7..].parse().unwrap();
    let (status, seen) = server.post(
        &format!("/api/games/{id}/actions"),
        Some(&ana),
        &json!({"action": choice}),
    );
    assert_eq!(status, 200);
    assert_eq!(
        seen["view"]["position"]["players"][0]["castle_choice"],
        json!(space)
    );
    let mut answers = vec![
        server.get(&format!("/api/games/{id}"), Some(&bia)).1,
        server.get(&format!("/api/games/{id}"), None).1,
        server.get(&format!("/api/games/{id}/log"), Some(&bia)).1,
        server.get(&format!("/api/games/{id}/log"), None).1,
        server.get(&format!("/api/games/{id}/record"), Some(&bia)).1,
        server.get("/api/games?limit=500", None).1,
        // An error about seat 0's own choice, asked by seat 1, must not echo it.
        server
            .post(
                &format!("/api/games/{id}/actions"),
                Some(&bia),
                &json!({"action": "castle 99"}),
            )
            .1,
        server
            .post(&format!("/api/games/{id}/undo"), Some(&bia), &json!({}))
            .1,
    ];
    answers.push(ws_first_message(&server, &id, Some(&bia)));
    for answer in &answers {
        let players = &answer["view"]["position"]["players"];
        if let Some(players) = players.as_array() {
            assert_eq!(players[0]["castle_choice"], Value::Null, "{answer}");
        }
        let text = answer.to_string();
        assert!(
            !text.contains("starting_castle"),
            "the reveal is not out yet: {text}"
        );
        assert!(!text.contains(&format!("castle {space}")), "{text}");
    }
}

fn ws_first_message(server: &Server, id: &str, tok: Option<&str>) -> Value {
    let mut socket = support::ws_connect(&server.addr, id, tok, "");
    let message = socket.read().unwrap();
    serde_json::from_str(message.to_text().unwrap()).unwrap()
}

#[test]
fn undo_takes_back_a_decision_within_the_turn_only() {
    for (dir, db) in databases("undo") {
        undo_within_the_turn(Server::start(&dir, db.as_deref()));
    }
}

fn undo_within_the_turn(server: Server) {
    let (id, created) = create(&server, human_vs_bot(), 8);
    let tok = token(&created, 0);
    // Until our first turn's decision: the castle, then the bot's and chance.
    let start = wait_for(&server, &id, Some(&tok), |g| {
        g["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a.as_str().unwrap().starts_with("castle"))
    });
    let castle = start["legal"][0].clone();
    server.post(
        &format!("/api/games/{id}/actions"),
        Some(&tok),
        &json!({"action": castle}),
    );
    let turn = wait_for(&server, &id, Some(&tok), |g| {
        g["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a.as_str().unwrap().starts_with("die"))
    });
    assert_eq!(
        turn["can_undo"], false,
        "nothing of this turn to take back yet"
    );
    let die = turn["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a.as_str().unwrap().starts_with("die"))
        .unwrap()
        .clone();
    let (status, chosen) = server.post(
        &format!("/api/games/{id}/actions"),
        Some(&tok),
        &json!({"action": die}),
    );
    assert_eq!(status, 200);
    assert_eq!(chosen["can_undo"], true);
    assert_ne!(chosen["view"], turn["view"]);
    let (status, undone) = server.post(&format!("/api/games/{id}/undo"), Some(&tok), &json!({}));
    assert_eq!(status, 200, "{undone}");
    assert_eq!(
        undone["view"], turn["view"],
        "the position is as before the die"
    );
    assert_eq!(undone["legal"], turn["legal"]);
    assert!(
        undone["version"].as_i64() > chosen["version"].as_i64(),
        "undo is logged, not erased"
    );
    let (status, again) = server.post(&format!("/api/games/{id}/undo"), Some(&tok), &json!({}));
    assert_eq!(status, 422, "nothing more to undo: {again}");
    let (_, log) = server.get(&format!("/api/games/{id}/log"), Some(&tok));
    assert!(log["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["event"]["undo"]["seat"] == 0));
}

#[test]
fn a_player_who_leaves_is_replaced_by_a_bot_and_the_game_finishes() {
    for (dir, db) in databases("leave") {
        // No eviction time: the creator may hand Bia's seat to a bot at once.
        let server = Server::start_args(&dir, db.as_deref(), 0, &["--evict-after", "0"]);
        let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
        let (id, created) = create(&server, seats, 4);
        let (ana, bia) = (token(&created, 0), token(&created, 1));
        let creator = created["creator_token"].as_str().unwrap();
        let path = |seat: u8| format!("/api/games/{id}/seats/{seat}/bot");
        // Bia cannot hand Ana's seat to a bot; a bad bot spec is refused.
        assert_eq!(
            server
                .post(&path(0), Some(&bia), &json!({"bot": "greedy"}))
                .0,
            403
        );
        assert_eq!(
            server
                .post(&path(0), Some(&ana), &json!({"bot": "clever"}))
                .0,
            400
        );
        // Ana leaves; the creator hands Bia's seat to a bot too.
        assert_eq!(
            server
                .post(&path(0), Some(&ana), &json!({"bot": "random"}))
                .0,
            200
        );
        assert_eq!(
            server
                .post(&path(1), Some(creator), &json!({"bot": "greedy"}))
                .0,
            200
        );
        let end = wait_for(&server, &id, None, |g| g["over"] == true);
        assert_eq!(end["seats"][0]["kind"], "bot");
        assert_eq!(end["seats"][0]["name"], "Ana");
    }
}

#[test]
fn open_seats_are_joined_from_the_lobby() {
    let dir = support::temp_dir("join");
    let server = Server::start(&dir, None);
    let seats = json!([{"kind": "open"}, {"kind": "bot", "bot": "random"}]);
    let (id, created) = create(&server, seats, 9);
    assert_eq!(created["seats"], json!([]), "no token for an open seat");
    let (_, open) = server.get("/api/games?status=open", None);
    assert!(open["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == id.as_str()));
    let join = format!("/api/games/{id}/seats/0/join");
    assert_eq!(
        server.post(&join, None, &json!({"name": "\u{7}bell"})).0,
        400
    );
    let (status, joined) = server.post(&join, None, &json!({"name": "Caio"}));
    assert_eq!(status, 200, "{joined}");
    let tok = joined["token"].as_str().unwrap().to_string();
    assert_eq!(
        server.post(&join, None, &json!({"name": "Duda"})).0,
        409,
        "taken"
    );
    assert_eq!(
        server
            .post(
                &format!("/api/games/{id}/seats/1/join"),
                None,
                &json!({"name": "Eva"})
            )
            .0,
        409
    );
    let game = server.get(&format!("/api/games/{id}"), Some(&tok)).1;
    assert_eq!(game["seat"], 0);
    assert_eq!(game["status"], "running");
    assert_eq!(game["seats"][0]["name"], "Caio");
}

#[test]
fn the_websocket_pushes_every_move_and_takes_actions() {
    for (dir, db) in databases("ws") {
        websocket_play(Server::start(&dir, db.as_deref()));
    }
}

fn websocket_play(server: Server) {
    let (id, created) = create(&server, human_vs_bot(), 12);
    let tok = token(&created, 0);
    let mut socket = support::ws_connect(&server.addr, &id, Some(&tok), "");
    let first: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(first["type"], "state");
    assert_eq!(first["seat"], 0);
    let mut pick = Pick(3);
    let mut state = first;
    let mut pushes = 0;
    let mut seen_events = 0;
    let mut acted = 0;
    // Play twenty decisions by WebSocket; every pushed state has a higher version.
    // A bot deciding at the same moment (the starting castles are simultaneous) can
    // make our decision stale: that is answered 409 and the newer state follows.
    while acted < 20 && state["over"] != true {
        if let Some(legal) = state["legal"].as_array().filter(|l| !l.is_empty()) {
            let action = legal[pick.below(legal.len())].clone();
            let message = json!({"type": "action", "action": action, "version": state["version"]});
            socket
                .send(tungstenite::Message::text(message.to_string()))
                .unwrap();
            acted += 1;
        }
        let next = loop {
            let m: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
            if m["type"] == "error" {
                assert_eq!(m["code"], "stale", "{m}");
                continue;
            }
            break m;
        };
        assert_eq!(next["type"], "state", "{next}");
        assert!(next["version"].as_i64() > state["version"].as_i64());
        let events = next["events"].as_array().unwrap();
        assert!(
            events
                .iter()
                .all(|e| e["idx"].as_i64() >= state["version"].as_i64()),
            "only new events"
        );
        seen_events += events.len();
        state = next;
        pushes += 1;
    }
    assert!(pushes >= 20, "every decision was followed by a push");
    assert!(seen_events > 0, "the pushes carry what happened");
    socket
        .send(tungstenite::Message::text("{\"type\":\"dance\"}"))
        .unwrap();
    // Bots may still be pushing states; the answer to the bad message follows.
    let error = loop {
        let m: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
        if m["type"] != "state" {
            break m;
        }
    };
    assert_eq!(error["type"], "error");
    assert_eq!(error["status"], 400);
    // A reconnect starts exactly where the game is (bots may move between the two
    // requests: then they are compared again).
    let (again, now) = (0..20)
        .map(|_| {
            let again = ws_first_message(&server, &id, Some(&tok));
            (again, server.get(&format!("/api/games/{id}"), Some(&tok)).1)
        })
        .find(|(again, now)| again["version"] == now["version"])
        .expect("the game stands still between two requests at some point");
    assert_eq!(again["view"], now["view"]);
}

#[test]
fn the_openapi_document_describes_every_route() {
    let dir = support::temp_dir("openapi");
    let server = Server::start(&dir, None);
    let (status, doc) = server.get("/api/openapi.json", None);
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();
    let sources = [
        include_str!("../../server/src/api.rs"),
        include_str!("../../server/src/account_api.rs"),
    ];
    let routes = sources
        .iter()
        .flat_map(|s| s.lines())
        .filter_map(|l| l.trim().strip_prefix(".route(\""))
        .map(|l| l.split('"').next().unwrap().to_string())
        .collect::<Vec<_>>();
    assert!(routes.len() >= 10);
    for route in routes {
        assert!(paths.contains_key(&route), "{route} is not in openapi.json");
    }
}

#[test]
fn ctrl_c_or_sigterm_stops_cleanly_and_keeps_every_game() {
    let dir = support::temp_dir("stop");
    let mut server = Server::start(&dir, None);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let (id, created) = create(&server, seats, 30);
    let tok = token(&created, 0);
    let before = server.get(&format!("/api/games/{id}"), Some(&tok)).1;
    let action = before["legal"][0].clone();
    let acted = server
        .post(
            &format!("/api/games/{id}/actions"),
            Some(&tok),
            &json!({"action": action}),
        )
        .1;
    assert!(server.stop().success(), "a clean exit");
    let server = Server::start(&dir, None);
    let after = server.get(&format!("/api/games/{id}"), Some(&tok)).1;
    assert_eq!(after, acted);
}

/// Names other players read cannot hide direction overrides or invisible characters
/// (impersonation), and every answer carries the security headers.
#[test]
fn names_are_plain_and_answers_carry_security_headers() {
    let dir = support::temp_dir("headers");
    let server = Server::start(&dir, None);
    for name in [
        "Ana\u{202E}lia",
        "A\u{200B}na",
        "Ana\u{2066}",
        "\u{FEFF}Bia",
    ] {
        let seats = json!([{"kind": "human", "name": name}, {"kind": "bot", "bot": "random"}]);
        let (status, body) = server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": seats}),
        );
        assert_eq!(status, 400, "{name:?}: {body}");
    }
    let seats = json!([{"kind": "human", "name": "Zoë"}, {"kind": "bot", "bot": "random"}]);
    let (status, _) = server.post(
        "/api/games",
        None,
        &json!({"game": "burgundy", "seats": seats}),
    );
    assert_eq!(status, 201, "an accented name is fine");
    for path in ["/", "/api/games", "/api/no-such-route"] {
        let head = server.head_of(path);
        for header in [
            "content-security-policy: default-src 'self'",
            "frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "referrer-policy: no-referrer",
            "x-frame-options: deny",
        ] {
            assert!(
                head.to_ascii_lowercase().contains(header),
                "{path}: {header} in {head}"
            );
        }
    }
}

#[test]
fn the_loadtest_reports_the_bytes_pushed_to_players_and_spectators() {
    let out = support::tabuleiro(&[
        "loadtest",
        "--games",
        "2",
        "--actions",
        "3",
        "--think-ms",
        "0",
        "--spectators",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{out:?}");
    let report: Value = serde_json::from_str(support::stdout(&out).trim()).unwrap();
    assert_eq!(report["failed_clients"], 0, "{report}");
    assert_eq!(report["failed_spectators"], 0, "{report}");
    assert_eq!(report["actions"], 6, "{report}");
    let (players, spectators) = (
        &report["push_bytes"]["players"],
        &report["push_bytes"]["spectators"],
    );
    // Each player is pushed its first state and one per decision at least.
    assert!(players["pushes"].as_u64() >= Some(2 * 4), "{report}");
    // Each spectator is pushed its first state at least.
    assert!(spectators["pushes"].as_u64() >= Some(2 * 3), "{report}");
    for s in [players, spectators] {
        let (mean, max) = (s["mean"].as_f64().unwrap(), s["max"].as_f64().unwrap());
        assert!(
            mean > 100.0 && mean <= max && s["p99"].as_f64() <= Some(max),
            "{s}"
        );
    }
}
