//! Persistence that survives SIGKILL, and two `serve` processes sharing one
//! PostgreSQL: live updates across processes and optimistic concurrency on the log.

mod support;

use serde_json::{json, Value};
use std::sync::{Arc, Barrier};
use support::{create, databases, postgres_url, token, wait_for, Pick, Server};

/// Plays `n` random legal decisions for `tok`'s seat; answers the last acknowledged game.
fn act_n(server: &Server, id: &str, tok: &str, n: usize, pick: &mut Pick) -> Value {
    let mut last = server.get(&format!("/api/games/{id}"), Some(tok)).1;
    for _ in 0..n {
        let game = wait_for(server, id, Some(tok), |g| {
            g["over"] == true || !g["legal"].as_array().unwrap().is_empty()
        });
        if game["over"] == true {
            return game;
        }
        last = decide(server, id, tok, game["legal"].as_array().unwrap(), pick);
    }
    last
}

/// Sends one of `legal` for `tok`'s seat; answers the acknowledgement.
fn decide(server: &Server, id: &str, tok: &str, legal: &[Value], pick: &mut Pick) -> Value {
    let action = legal[pick.below(legal.len())].clone();
    let (status, answer) = server.post(
        &format!("/api/games/{id}/actions"),
        Some(tok),
        &json!({"action": action}),
    );
    assert_eq!(status, 200, "{answer}");
    answer
}

/// One random legal decision of whichever seat must decide; answers the acknowledgement.
fn act_any(server: &Server, id: &str, toks: &[String], pick: &mut Pick) -> Value {
    for tok in toks {
        let game = server.get(&format!("/api/games/{id}"), Some(tok)).1;
        if let Some(legal) = game["legal"].as_array().filter(|l| !l.is_empty()) {
            return decide(server, id, tok, legal, pick);
        }
    }
    panic!("no seat can act in {id}");
}

#[test]
fn sigkill_in_the_middle_of_games_loses_no_acknowledged_action_and_bots_carry_on() {
    for (dir, db) in databases("sigkill") {
        let mut server = Server::start_with(&dir, db.as_deref(), 2);
        let mut pick = Pick(77);
        // People only: the state must be exactly the last acknowledged one.
        let mut people = Vec::new();
        for seed in 0..3 {
            let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
            let (id, created) = create(&server, seats, 100 + seed);
            let toks = [token(&created, 0), token(&created, 1)];
            let mut last = Value::Null;
            for _ in 0..30 {
                last = act_any(&server, &id, &toks, &mut pick);
            }
            people.push((id, toks, last));
        }
        // Bots only, moving every 2 ms while the server is killed.
        let bots: Vec<(String, i64)> = (0..3)
            .map(|seed| {
                let seats =
                    json!([{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]);
                let (id, _) = create(&server, seats, 200 + seed);
                (id, 0)
            })
            .collect();
        // A person against a bot: the bot answers each acknowledged decision.
        let seats = json!([{"kind": "human", "name": "Caio"}, {"kind": "bot", "bot": "greedy"}]);
        let (mixed, created) = create(&server, seats, 300);
        let mixed_tok = token(&created, 0);
        let mixed_last = act_n(&server, &mixed, &mixed_tok, 30, &mut pick);
        let bots: Vec<(String, i64)> = bots
            .into_iter()
            .map(|(id, _)| {
                let g = wait_for(&server, &id, None, |g| g["version"].as_i64().unwrap() > 20);
                (id, g["version"].as_i64().unwrap())
            })
            .collect();
        server.kill();

        let server = Server::start_with(&dir, db.as_deref(), 0);
        for (id, toks, last) in &people {
            let now = server.get(&format!("/api/games/{id}"), Some(&toks[1])).1;
            let acked_by = last["seat"].as_u64().unwrap();
            let now_as = server
                .get(&format!("/api/games/{id}"), Some(&toks[acked_by as usize]))
                .1;
            assert_eq!(&now_as, last, "game {id} is exactly as last acknowledged");
            assert_eq!(now["version"], last["version"]);
        }
        let now = server
            .get(&format!("/api/games/{mixed}"), Some(&mixed_tok))
            .1;
        assert!(now["version"].as_i64() >= mixed_last["version"].as_i64());
        // The bot may have moved since (and a phase end may have paid mines), but
        // the person's tiles are as they left them.
        for part in ["spaces", "storage"] {
            assert_eq!(
                now["view"]["position"]["players"][0][part],
                mixed_last["view"]["position"]["players"][0][part],
                "the person's {part} are as they left them"
            );
        }
        for (id, before) in &bots {
            let end = wait_for(&server, id, None, |g| g["over"] == true);
            assert!(
                end["version"].as_i64().unwrap() > *before,
                "bots carried on"
            );
            let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
            assert_eq!(status, 200);
            assert_eq!(record["scores"], end["scores"]);
        }
        // The person can carry on too, to the end.
        let mut pick = Pick(5);
        let end = act_n(&server, &mixed, &mixed_tok, 10_000, &mut pick);
        assert_eq!(end["over"], true);
    }
}

/// Two processes on one PostgreSQL: a WebSocket client of one sees an action sent
/// to the other, and of two conflicting actions sent at once, exactly one is accepted.
#[test]
fn two_servers_share_games_through_postgresql() {
    let Some(url) = postgres_url() else { return };
    let (dir_a, dir_b) = (support::temp_dir("pg-a"), support::temp_dir("pg-b"));
    let a = Arc::new(Server::start(&dir_a, Some(&url)));
    let b = Arc::new(Server::start(&dir_b, Some(&url)));
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let (id, created) = create(&a, seats.clone(), 1);
    let (ana, bia) = (token(&created, 0), token(&created, 1));
    let mut socket = support::ws_connect(&b.addr, &id, Some(&bia), "");
    let first: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
    let castle = a.get(&format!("/api/games/{id}"), Some(&ana)).1["legal"][0].clone();
    let (status, _) = a.post(
        &format!("/api/games/{id}/actions"),
        Some(&ana),
        &json!({"action": castle}),
    );
    assert_eq!(status, 200);
    let pushed: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
    assert_eq!(pushed["type"], "state");
    assert_eq!(
        pushed["version"].as_i64(),
        first["version"].as_i64().map(|v| v + 1)
    );
    assert_eq!(pushed["to_act"], json!([1]), "B knows seat 0 has chosen");

    for round in 0..8u64 {
        let (id, created) = create(&a, seats.clone(), 10 + round);
        let tok = token(&created, 0);
        let legal = a.get(&format!("/api/games/{id}"), Some(&tok)).1["legal"].clone();
        let barrier = Arc::new(Barrier::new(2));
        let answers: Vec<u16> = [(a.clone(), legal[0].clone()), (b.clone(), legal[1].clone())]
            .into_iter()
            .map(|(server, action)| {
                let (barrier, id, tok) = (barrier.clone(), id.clone(), tok.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    server
                        .post(
                            &format!("/api/games/{id}/actions"),
                            Some(&tok),
                            &json!({"action": action}),
                        )
                        .0
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect();
        assert_eq!(
            answers.iter().filter(|&&s| s == 200).count(),
            1,
            "{answers:?}"
        );
        assert!(
            answers.iter().all(|&s| s == 200 || s == 409 || s == 422),
            "{answers:?}"
        );
        let seen_a = a.get(&format!("/api/games/{id}"), Some(&tok)).1;
        let seen_b = wait_for(&b, &id, Some(&tok), |g| g["version"] == seen_a["version"]);
        assert_eq!(seen_a["view"], seen_b["view"], "both processes agree");
        assert_eq!(seen_a["legal"], json!([]), "seat 0 chose once");
    }
}
