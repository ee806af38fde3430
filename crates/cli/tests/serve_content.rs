//! Issue 15, corrected content from a file, through `tabuleiro serve`: a Burgundy
//! game created with a content file (the lobby's upload sends its text) plays with
//! it, its view says so (the tables mark it) and a client fetches the file once
//! (`GET /api/games/{id}/content`, issue 40: not in every push), it survives a
//! restart from SQLite and PostgreSQL, and a bad or oversized file is refused with a
//! catalogue reason.

mod support;

use serde_json::{json, Value};
use support::{databases, token, wait_for, Server};

const EXAMPLE: &str = include_str!("../../../docs/burgundy/content-example.json");

fn new_game(content: Value) -> Value {
    json!({"game": "burgundy", "seed": 3,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "greedy"}],
        "options": {"duchies": [1, 1], "content": content}})
}

/// Duchy 1's first row in a content file.
fn first_row(content: &Value) -> Value {
    content["duchies.json"]["boards"][0]["rows"][0].clone()
}

/// The game's content file as a client fetches it, after checking that the game's
/// view names it without carrying it.
fn content_of(server: &Server, id: &str, game: &Value) -> Value {
    assert_eq!(game["view"]["custom_content"], true, "{game}");
    assert!(!game.to_string().contains("duchies.json"), "{game}");
    let (status, content) = server.get(&format!("/api/games/{id}/content"), None);
    assert_eq!(status, 200, "{content}");
    content
}

#[test]
fn a_game_with_a_content_file_is_stored_and_reloaded() {
    for (dir, db) in databases("content") {
        let mut server = Server::start(&dir, db.as_deref());
        let (status, created) = server.post("/api/games", None, &new_game(EXAMPLE.into()));
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let tok = token(&created, 0);
        let game = wait_for(&server, &id, Some(&tok), |g| {
            !g["legal"].as_array().unwrap().is_empty()
        });
        let content = content_of(&server, &id, &game);
        assert_eq!(first_row(&content), "P5 C6 C4 K3", "{content}");
        // A watcher sees it too.
        let (_, watched) = server.get(&format!("/api/games/{id}"), None);
        assert_eq!(content_of(&server, &id, &watched), content);
        server.stop();
        let server = Server::start(&dir, db.as_deref());
        let (status, again) = server.get(&format!("/api/games/{id}"), Some(&tok));
        assert_eq!(status, 200, "{again}");
        assert_eq!(content_of(&server, &id, &again), content, "after a restart");
        assert_eq!(again["view"], game["view"]);
    }
}

#[test]
fn bad_or_oversized_content_is_refused_with_its_reason() {
    let dir = support::temp_dir("content-bad");
    let server = Server::start(&dir, None);
    let bad = EXAMPLE.replacen("P5 C6 C4 K3", "P5 C6 C4 X3", 1);
    let (status, answer) = server.post("/api/games", None, &new_game(bad.into()));
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["reason"]["key"], "refusal.content", "{answer}");
    let reason = answer["reason"]["args"]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("duchies.json: duchy 1: space 3 \"X3\""),
        "{reason}"
    );
    let (status, answer) = server.post("/api/games", None, &new_game("not json".into()));
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["reason"]["key"], "refusal.content");
    // Past 256 KiB (the example padded with spaces): refused by its size, before
    // it is read; far past it the body itself is too large.
    let padded = format!("{EXAMPLE}{}", " ".repeat(256 * 1024));
    let (status, answer) = server.post("/api/games", None, &new_game(padded.into()));
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["reason"]["key"], "refusal.content_too_large");
    assert_eq!(answer["reason"]["args"]["kib"], 256);
    let huge = " ".repeat(400 * 1024);
    let (status, _) = server.post("/api/games", None, &new_game(huge.into()));
    assert_eq!(status, 413);
    // Another game takes none.
    let (status, answer) = server.post(
        "/api/games",
        None,
        &json!({"game": "catan", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
            "options": {"content": EXAMPLE}}),
    );
    assert_eq!(status, 400, "{answer}");
}

/// A game on its own data has no content file to fetch, and its view says so.
#[test]
fn a_game_on_its_own_data_has_no_content_file() {
    let dir = support::temp_dir("content-none");
    let server = Server::start(&dir, None);
    let (status, created) = server.post("/api/games", None, &new_game(Value::Null));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let (_, game) = server.get(&format!("/api/games/{id}"), None);
    assert!(game["view"].get("custom_content").is_none(), "{game}");
    let (status, answer) = server.get(&format!("/api/games/{id}/content"), None);
    assert_eq!(status, 404, "{answer}");
    assert_eq!(answer["code"], "no_content", "{answer}");
}
