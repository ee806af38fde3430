//! Chat at the table (issue 42), as a process: the seats talk over HTTP and live,
//! spectators only where the table allows it, lines bounded in length, characters
//! and rate, mutes per seat, lines kept across a restart and carried between two
//! processes over PostgreSQL.

mod support;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::{databases, token, Server, Socket};
use tungstenite::stream::MaybeTlsStream;

/// Chat without a rate, as the other tests act without one.
const NO_RATE: [&str; 2] = ["--chat-rate", "0"];

fn people(n: usize) -> Value {
    let names = ["Ana", "Bia", "Caio", "Duda"];
    json!(names[..n]
        .iter()
        .map(|name| json!({"kind": "human", "name": name}))
        .collect::<Vec<_>>())
}

/// A game of `game` with its first two seats held by people, and its body's extras.
fn new_game(server: &Server, game: &str, extra: Value) -> (String, Value) {
    let seats = match game {
        "catan" => json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"},
            {"kind": "bot", "bot": "random"}]),
        _ => people(2),
    };
    let mut body = json!({"game": game, "seats": seats});
    if game == "burgundy" {
        body["options"] = json!({"duchies": [1, 1]});
    }
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    let (status, created) = server.post("/api/games", None, &body);
    assert_eq!(status, 201, "{created}");
    (created["id"].as_str().unwrap().to_string(), created)
}

fn say(server: &Server, id: &str, tok: Option<&str>, body: Value) -> (u16, Value) {
    server.post(&format!("/api/games/{id}/chat"), tok, &body)
}

fn texts(server: &Server, id: &str, tok: Option<&str>) -> Vec<String> {
    let (status, read) = server.get(&format!("/api/games/{id}/chat"), tok);
    assert_eq!(status, 200, "{read}");
    read["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

fn live(server: &Server, id: &str, tok: Option<&str>) -> Socket {
    live_from(server, id, tok, "chat_after=0")
}

/// A live connection with `query` (`chat_after=N`: the lines after N first).
fn live_from(server: &Server, id: &str, tok: Option<&str>, query: &str) -> Socket {
    let socket = support::ws_connect(&server.addr, id, tok, query);
    if let MaybeTlsStream::Plain(s) = socket.get_ref() {
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
    }
    socket
}

/// The chat lines' texts pushed on `socket` within `wait`, until `until` is among
/// them (or the time is up).
fn heard(socket: &mut Socket, until: &str, wait: Duration) -> Vec<String> {
    let end = Instant::now() + wait;
    let mut out = Vec::new();
    while Instant::now() < end && !out.iter().any(|t| t == until) {
        let message = match socket.read() {
            Ok(m) if m.is_text() => m,
            Ok(_) => continue,
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(e) => panic!("ws: {e}"),
        };
        let message: Value = serde_json::from_str(message.to_text().unwrap()).unwrap();
        if message["type"] == "chat" {
            for line in message["lines"].as_array().unwrap() {
                out.push(line["text"].as_str().unwrap().to_string());
            }
        }
    }
    out
}

fn code(answer: &(u16, Value)) -> (u16, &str, &str) {
    let body = &answer.1;
    let key = body["reason"]["key"].as_str().unwrap_or("");
    (answer.0, body["code"].as_str().unwrap_or(""), key)
}

#[test]
fn seated_players_chat_over_http_and_live_at_each_game_and_it_survives_a_restart() {
    for (dir, db) in databases("chat-seated") {
        let mut server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        let mut games = Vec::new();
        for game in ["burgundy", "viscounts", "catan"] {
            let (id, created) = new_game(&server, game, json!({}));
            let (ana, bia) = (token(&created, 0), token(&created, 1));
            let mut bia_live = live(&server, &id, Some(&bia));
            let (status, said) = say(&server, &id, Some(&ana), json!({"text": "  olá, Bia  "}));
            assert_eq!(status, 201, "{said}");
            assert_eq!(said["line"]["n"], 1);
            assert_eq!(said["line"]["seat"], 0);
            assert_eq!(
                said["line"]["name"], "Ana",
                "a seat speaks under its own name"
            );
            assert_eq!(said["line"]["text"], "olá, Bia", "trimmed");
            assert!(heard(&mut bia_live, "olá, Bia", Duration::from_secs(10))
                .contains(&"olá, Bia".to_string()));
            let (status, _) = say(
                &server,
                &id,
                Some(&bia),
                json!({"text": "oi!", "name": "X"}),
            );
            assert_eq!(status, 201);
            assert_eq!(texts(&server, &id, Some(&ana)), ["olá, Bia", "oi!"]);
            let (_, read) = server.get(&format!("/api/games/{id}/chat?after=1"), Some(&ana));
            assert_eq!(read["lines"][0]["name"], "Bia", "{read}");
            assert_eq!(read["lines"].as_array().unwrap().len(), 1);
            assert_eq!(read["next"], 2);
            assert_eq!(read["chat"], "players");
            // Spectators neither read nor write the players' chat.
            let spectator = say(&server, &id, None, json!({"text": "hi", "name": "Rui"}));
            assert_eq!(
                code(&spectator),
                (403, "chat_players", "refusal.chat_players")
            );
            let (status, _) = server.get(&format!("/api/games/{id}/chat"), None);
            assert_eq!(status, 403);
            let creator = created["creator_token"].as_str().unwrap();
            assert_eq!(
                server
                    .get(&format!("/api/games/{id}/chat"), Some(creator))
                    .0,
                403
            );
            games.push((id, ana));
        }
        // A token of another game, or a made-up one, is refused and writes nothing.
        let (first, first_ana) = &games[0];
        let (second, _) = &games[1];
        let other = say(&server, second, Some(first_ana), json!({"text": "intruso"}));
        assert_eq!(other.0, 403, "{}", other.1);
        let forged = say(&server, first, Some("s0.forged"), json!({"text": "x"}));
        assert_eq!(forged.0, 403, "{}", forged.1);
        assert_eq!(texts(&server, first, Some(first_ana)).len(), 2);
        server.stop();
        let server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        for (id, ana) in &games {
            assert_eq!(texts(&server, id, Some(ana)), ["olá, Bia", "oi!"]);
        }
    }
}

#[test]
fn lines_are_bounded_in_length_and_characters_and_refused_with_reasons() {
    for (dir, db) in databases("chat-bounds") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        let (id, created) = new_game(&server, "burgundy", json!({}));
        let ana = token(&created, 0);
        let refusals = [
            (
                json!({"text": "   "}),
                400,
                "chat_empty",
                "refusal.chat_empty",
            ),
            (
                json!({"text": "x".repeat(501)}),
                400,
                "chat_too_long",
                "refusal.chat_too_long",
            ),
            (
                json!({"text": "a\nb"}),
                400,
                "chat_characters",
                "refusal.chat_characters",
            ),
            (
                json!({"text": "a\u{202E}b"}),
                400,
                "chat_characters",
                "refusal.chat_characters",
            ),
            (
                json!({"text": "a\u{200B}b"}),
                400,
                "chat_characters",
                "refusal.chat_characters",
            ),
            (
                json!({"text": "a\u{1b}[31mb"}),
                400,
                "chat_characters",
                "refusal.chat_characters",
            ),
        ];
        for (body, status, code_, key) in refusals {
            let answer = say(&server, &id, Some(&ana), body.clone());
            assert_eq!(code(&answer), (status, code_, key), "{body}: {}", answer.1);
        }
        let answer = say(&server, &id, Some(&ana), json!({"text": "x".repeat(500)}));
        assert_eq!(answer.0, 201, "500 characters pass");
        let answer = say(&server, &id, Some(&ana), json!({"text": "é".repeat(500)}));
        assert_eq!(answer.0, 201, "counted in characters, not bytes");
        for body in [
            json!({"text": 5}),
            json!({"text": "x", "colour": "red"}),
            json!({}),
        ] {
            let answer = say(&server, &id, Some(&ana), body.clone());
            assert_eq!(answer.0, 400, "{body}: {}", answer.1);
        }
        for query in ["after=-1", "limit=0", "limit=201", "after=x"] {
            let answer = server.get(&format!("/api/games/{id}/chat?{query}"), Some(&ana));
            assert_eq!(answer.0, 400, "{query}: {}", answer.1);
        }
        assert_eq!(
            texts(&server, &id, Some(&ana)).len(),
            2,
            "refusals write nothing"
        );
        let missing = say(&server, "nosuchgame", Some(&ana), json!({"text": "x"}));
        assert_eq!(missing.0, 404);
    }
}

#[test]
fn spectators_chat_with_a_name_where_the_table_allows_it() {
    for (dir, db) in databases("chat-spectators") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        let refused = server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": people(2), "chat": "nobody"}),
        );
        assert_eq!(refused.0, 400, "{}", refused.1);
        let (id, created) = new_game(&server, "viscounts", json!({"chat": "everyone"}));
        let ana = token(&created, 0);
        let mut watching = live(&server, &id, None);
        for name in [
            json!(null),
            json!("  "),
            json!("R\u{202E}ui"),
            json!("x".repeat(41)),
        ] {
            let answer = say(&server, &id, None, json!({"text": "oi", "name": name}));
            assert_eq!(
                code(&answer),
                (400, "chat_name", "refusal.chat_name"),
                "{name}"
            );
        }
        let (status, said) = say(
            &server,
            &id,
            None,
            json!({"text": "boa sorte", "name": " Rui "}),
        );
        assert_eq!(status, 201, "{said}");
        assert_eq!(said["line"]["seat"], -2);
        assert_eq!(said["line"]["name"], "Rui");
        let (status, _) = say(&server, &id, Some(&ana), json!({"text": "obrigada"}));
        assert_eq!(status, 201);
        assert!(heard(&mut watching, "obrigada", Duration::from_secs(10))
            .contains(&"obrigada".to_string()));
        let (status, read) = server.get(&format!("/api/games/{id}/chat"), None);
        assert_eq!(status, 200, "{read}");
        assert_eq!(read["chat"], "everyone");
        assert_eq!(read["seat"], Value::Null);
        // A spectator has no seat to mute from.
        let mute = server.post(
            &format!("/api/games/{id}/chat/mute"),
            None,
            &json!({"seat": 0, "muted": true}),
        );
        assert_eq!(mute.0, 403, "{}", mute.1);
    }
}

/// A chat line sent from `from` (an address the server takes from X-Forwarded-For).
fn say_from(server: &Server, from: &str, id: &str, tok: &str, text: &str) -> (u16, String) {
    let body = json!({"text": text}).to_string();
    let request = format!(
        "POST /api/games/{id}/chat HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         X-Forwarded-For: {from}\r\nAuthorization: Bearer {tok}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (status, answer) = server.raw(request.as_bytes()).expect("an answer");
    (status, String::from_utf8_lossy(&answer).into_owned())
}

#[test]
fn chat_lines_are_rated_per_address_and_per_seat() {
    for (dir, db) in databases("chat-rate") {
        let server = Server::start_args(
            &dir,
            db.as_deref(),
            0,
            &[
                "--chat-rate",
                "1/h",
                "--chat-burst",
                "3",
                "--trust-forwarded-for",
            ],
        );
        let (id, created) = new_game(&server, "burgundy", json!({}));
        let (ana, bia) = (token(&created, 0), token(&created, 1));
        for n in 0..3 {
            assert_eq!(
                say_from(&server, "10.0.0.1", &id, &ana, &format!("{n}")).0,
                201
            );
        }
        // Past the burst from one address: refused, whichever seat.
        let (status, answer) = say_from(&server, "10.0.0.1", &id, &bia, "more");
        assert_eq!(status, 429, "{answer}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer["reason"]["key"], "refusal.rate_limited");
        assert_eq!(answer["reason"]["args"]["what"], "chat", "{answer}");
        // Past the burst for one seat: refused from another address too.
        let (status, answer) = say_from(&server, "10.0.0.2", &id, &ana, "again");
        assert_eq!(status, 429, "{answer}");
        // Another seat from another address still speaks.
        assert_eq!(say_from(&server, "10.0.0.3", &id, &bia, "oi").0, 201);
        assert_eq!(texts(&server, &id, Some(&ana)), ["0", "1", "2", "oi"]);
    }
}

fn mute(server: &Server, id: &str, tok: Option<&str>, seat: i64, muted: bool) -> (u16, Value) {
    let path = format!("/api/games/{id}/chat/mute");
    server.post(&path, tok, &json!({"seat": seat, "muted": muted}))
}

#[test]
fn a_muted_seat_reaches_the_muter_neither_over_http_nor_live() {
    for (dir, db) in databases("chat-mute") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        let (status, created) = server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": people(3), "options": {"duchies": [1, 1, 1]}}),
        );
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let [ana, bia, caio] = [0, 1, 2].map(|s| token(&created, s));
        let (status, muted) = mute(&server, &id, Some(&ana), 1, true);
        assert_eq!(status, 200, "{muted}");
        assert_eq!(muted["muted"], json!([1]));
        for (seat, why) in [(0, "oneself"), (3, "no such seat"), (-1, "the creator")] {
            let answer = mute(&server, &id, Some(&ana), seat, true);
            assert_eq!(
                code(&answer),
                (400, "chat_mute_seat", "refusal.chat_mute_seat"),
                "{why}"
            );
        }
        assert_eq!(mute(&server, &id, None, 1, true).0, 403);
        assert_eq!(mute(&server, &id, Some("s0.forged"), 1, true).0, 403);
        let mut ana_live = live(&server, &id, Some(&ana));
        let mut caio_live = live(&server, &id, Some(&caio));
        assert_eq!(
            say(&server, &id, Some(&bia), json!({"text": "muted"})).0,
            201
        );
        assert_eq!(
            say(&server, &id, Some(&caio), json!({"text": "heard"})).0,
            201
        );
        let ana_heard = heard(&mut ana_live, "heard", Duration::from_secs(10));
        assert_eq!(ana_heard, ["heard"], "the muted seat's line is not pushed");
        let caio_heard = heard(&mut caio_live, "heard", Duration::from_secs(10));
        assert_eq!(caio_heard, ["muted", "heard"]);
        assert_eq!(texts(&server, &id, Some(&ana)), ["heard"]);
        assert_eq!(texts(&server, &id, Some(&caio)), ["muted", "heard"]);
        let (_, read) = server.get(&format!("/api/games/{id}/chat"), Some(&ana));
        assert_eq!(read["muted"], json!([1]));
        assert_eq!(read["next"], 2, "the page ends past the muted line");
        // Muting every spectator is seat -2; unmuting shows the seat again.
        assert_eq!(
            mute(&server, &id, Some(&ana), -2, true).1["muted"],
            json!([-2, 1])
        );
        assert_eq!(
            mute(&server, &id, Some(&ana), 1, false).1["muted"],
            json!([-2])
        );
        assert_eq!(texts(&server, &id, Some(&ana)), ["muted", "heard"]);
    }
}

#[test]
fn a_line_written_on_one_process_reaches_a_live_follower_on_another() {
    let Some(url) = support::postgres_url() else {
        return;
    };
    let a = Server::start_args(&support::temp_dir("chat-pg-a"), Some(&url), 0, &NO_RATE);
    let b = Server::start_args(&support::temp_dir("chat-pg-b"), Some(&url), 0, &NO_RATE);
    let (id, created) = new_game(&a, "burgundy", json!({}));
    let (ana, bia) = (token(&created, 0), token(&created, 1));
    let mut bia_on_b = live(&b, &id, Some(&bia));
    assert_eq!(mute(&b, &id, Some(&bia), -2, true).0, 200);
    for n in 0..3 {
        let text = format!("from a {n}");
        assert_eq!(say(&a, &id, Some(&ana), json!({"text": text})).0, 201);
        let got = heard(&mut bia_on_b, &text, Duration::from_secs(10));
        assert_eq!(got, [text]);
    }
    let mut ana_on_a = live_from(&a, &id, Some(&ana), "");
    assert_eq!(say(&b, &id, Some(&bia), json!({"text": "from b"})).0, 201);
    assert_eq!(
        heard(&mut ana_on_a, "from b", Duration::from_secs(10)),
        ["from b"]
    );
}

#[test]
fn a_seat_handed_to_a_bot_no_longer_reads_the_chat() {
    for (dir, db) in databases("chat-left") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &NO_RATE);
        let (id, created) = new_game(&server, "burgundy", json!({}));
        let (ana, bia) = (token(&created, 0), token(&created, 1));
        let mut bia_live = live(&server, &id, Some(&bia));
        // A follower asking from far past the last line is not disturbed by it.
        let mut far = live_from(
            &server,
            &id,
            Some(&ana),
            &format!("chat_after={}", i64::MAX),
        );
        assert_eq!(
            say(&server, &id, Some(&ana), json!({"text": "before"})).0,
            201
        );
        assert_eq!(
            heard(&mut bia_live, "before", Duration::from_secs(10)),
            ["before"]
        );
        let path = format!("/api/games/{id}/seats/1/bot");
        let (status, left) = server.post(&path, Some(&bia), &json!({"bot": "greedy"}));
        assert_eq!(status, 200, "{left}");
        assert_eq!(
            say(&server, &id, Some(&ana), json!({"text": "after"})).0,
            201
        );
        assert_eq!(
            heard(&mut bia_live, "after", Duration::from_secs(2)),
            Vec::<String>::new()
        );
        let (status, _) = server.get(&format!("/api/games/{id}/chat"), Some(&bia));
        assert_eq!(status, 403);
        assert_eq!(say(&server, &id, Some(&bia), json!({"text": "x"})).0, 403);
        assert_eq!(
            heard(&mut far, "after", Duration::from_secs(1)),
            Vec::<String>::new()
        );
        assert_eq!(texts(&server, &id, Some(&ana)), ["before", "after"]);
    }
}
