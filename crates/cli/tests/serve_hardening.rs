//! The server on the open internet (issue 17), as a process: seats bound to their
//! current holder, joins that cannot leave a seat stuck, origins and invite links,
//! bounded bots, connections and rates, and PostgreSQL followers that re-sync.

mod support;

use serde_json::{json, Value};
use support::{create, databases, token, Server};

fn two_people() -> Value {
    json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}])
}

fn legal_of(server: &Server, id: &str, tok: &str) -> Value {
    let (status, game) = server.get(&format!("/api/games/{id}"), Some(tok));
    assert_eq!(status, 200, "{game}");
    game["legal"][0].clone()
}

#[test]
fn a_token_acts_only_for_the_seats_current_holder_and_can_be_rotated() {
    for (dir, db) in databases("holder") {
        // The bot waits long enough that the old token would race it.
        let server = Server::start_with(&dir, db.as_deref(), 60_000);
        let (id, created) = create(&server, two_people(), 21);
        let (ana, bia) = (token(&created, 0), token(&created, 1));
        let castle = legal_of(&server, &id, &ana);
        let to_bot = |seat: u8, tok: &str| {
            server.post(
                &format!("/api/games/{id}/seats/{seat}/bot"),
                Some(tok),
                &json!({"bot": "greedy"}),
            )
        };
        assert_eq!(to_bot(0, &ana).0, 200, "Ana leaves her seat to a bot");
        let (status, body) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&ana),
            &json!({"action": castle}),
        );
        assert_eq!(status, 403, "the old token no longer acts: {body}");
        assert_eq!(body["code"], "not_holder");
        assert_eq!(server.get(&format!("/api/games/{id}"), Some(&ana)).0, 403);
        let (status, _) = server.post(&format!("/api/games/{id}/undo"), Some(&ana), &json!({}));
        assert_eq!(status, 403);

        // Bia rotates her token: the new one acts, the old one is dead.
        let (status, rotated) =
            server.post(&format!("/api/games/{id}/token"), Some(&bia), &json!({}));
        assert_eq!(status, 200, "{rotated}");
        assert_eq!(rotated["seat"], 1);
        let fresh = rotated["token"].as_str().unwrap().to_string();
        assert_ne!(fresh, bia);
        assert_eq!(server.get(&format!("/api/games/{id}"), Some(&bia)).0, 403);
        let (status, game) = server.get(&format!("/api/games/{id}"), Some(&fresh));
        assert_eq!((status, game["seat"].clone()), (200, json!(1)));
        let (status, _) = server.post(&format!("/api/games/{id}/token"), Some(&bia), &json!({}));
        assert_eq!(status, 403, "a dead token cannot rotate");

        // The creator's token rotates the same way.
        let creator = created["creator_token"].as_str().unwrap();
        let (status, new_creator) =
            server.post(&format!("/api/games/{id}/token"), Some(creator), &json!({}));
        assert_eq!(status, 200, "{new_creator}");
        assert_eq!(new_creator["seat"], Value::Null);
        let new_creator = new_creator["token"].as_str().unwrap().to_string();
        assert_eq!(to_bot(1, creator).0, 403, "the old creator token is dead");

        // Bia is still playing: the creator may not evict her.
        let (status, body) = to_bot(1, &new_creator);
        assert_eq!(status, 409, "{body}");
        assert_eq!(body["code"], "still_playing");
        let game = server.get(&format!("/api/games/{id}"), None).1;
        assert_eq!(game["seats"][1]["kind"], "human");
    }
}

#[test]
fn the_creator_may_hand_an_absent_persons_seat_to_a_bot_after_the_eviction_time() {
    let dir = support::temp_dir("evict");
    let server = Server::start_args(&dir, None, 0, &["--evict-after", "0"]);
    let (id, created) = create(&server, two_people(), 22);
    let creator = created["creator_token"].as_str().unwrap();
    let (status, body) = server.post(
        &format!("/api/games/{id}/seats/1/bot"),
        Some(creator),
        &json!({"bot": "greedy"}),
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["seats"][1]["kind"], "bot");
}

#[test]
fn one_address_may_join_only_so_many_open_seats_of_a_game() {
    let dir = support::temp_dir("per-address");
    let seats = json!([{"kind": "open"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]);
    let server = Server::start(&dir, None);
    let (id, _) = create(&server, seats.clone(), 23);
    let join = |seat: u8| {
        server.post(
            &format!("/api/games/{id}/seats/{seat}/join"),
            None,
            &json!({"name": "Caio"}),
        )
    };
    assert_eq!(join(0).0, 200);
    let (status, body) = join(1);
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "seats_per_address");
    let game = server.get(&format!("/api/games/{id}"), None).1;
    assert_eq!(game["seats"][1]["kind"], "open", "the seat stays open");

    let dir = support::temp_dir("per-address-2");
    let server = Server::start_args(&dir, None, 0, &["--seats-per-address", "2"]);
    let (id, _) = create(&server, seats, 24);
    for seat in 0..2 {
        let (status, body) = server.post(
            &format!("/api/games/{id}/seats/{seat}/join"),
            None,
            &json!({"name": "Caio"}),
        );
        assert_eq!(status, 200, "{body}");
    }
}

/// Runs SQL on the server's store from outside (to inject a fault).
fn sql(dir: &std::path::Path, db: Option<&str>, statements: &[String]) {
    let url = match db {
        Some(url) => url.to_string(),
        None => format!("sqlite://{}", dir.join("tabuleiro.sqlite3").display()),
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&url).await.unwrap();
        for s in statements {
            sqlx::query(s).execute(&pool).await.unwrap();
        }
        pool.close().await;
    });
}

/// A trigger that refuses to store any join of game `id` (and the SQL to drop it).
fn refuse_joins(id: &str, postgres: bool) -> (Vec<String>, Vec<String>) {
    let name = format!("refuse_join_{id}");
    let when = format!("NEW.game_id = '{id}' AND NEW.entry LIKE '%\"join\"%'");
    if postgres {
        (
            vec![
                format!(
                    "CREATE FUNCTION {name}() RETURNS trigger AS $$ BEGIN \
                     RAISE EXCEPTION 'injected fault'; END $$ LANGUAGE plpgsql"
                ),
                format!(
                    "CREATE TRIGGER {name} BEFORE INSERT ON entries FOR EACH ROW \
                     WHEN ({when}) EXECUTE FUNCTION {name}()"
                ),
            ],
            vec![
                format!("DROP TRIGGER {name} ON entries"),
                format!("DROP FUNCTION {name}()"),
            ],
        )
    } else {
        (
            vec![format!(
                "CREATE TRIGGER {name} BEFORE INSERT ON entries WHEN {when} \
                 BEGIN SELECT RAISE(ABORT, 'injected fault'); END"
            )],
            vec![format!("DROP TRIGGER {name}")],
        )
    }
}

#[test]
fn a_join_that_cannot_be_stored_leaves_the_seat_open() {
    for (dir, db) in databases("join-fault") {
        let server = Server::start(&dir, db.as_deref());
        let seats = json!([{"kind": "open"}, {"kind": "bot", "bot": "random"}]);
        let (id, _) = create(&server, seats, 25);
        let (inject, heal) = refuse_joins(&id, db.is_some());
        sql(&dir, db.as_deref(), &inject);
        let join = format!("/api/games/{id}/seats/0/join");
        let (status, body) = server.post(&join, None, &json!({"name": "Caio"}));
        assert_eq!(status, 503, "the store refused the join: {body}");
        sql(&dir, db.as_deref(), &heal);
        let game = server.get(&format!("/api/games/{id}"), None).1;
        assert_eq!(game["seats"][0]["kind"], "open");
        // The seat is open again, and the failed join did not use up the
        // address's share of seats.
        let (status, body) = server.post(&join, None, &json!({"name": "Caio"}));
        assert_eq!(status, 200, "{body}");
        let tok = body["token"].as_str().unwrap();
        assert_eq!(
            server.get(&format!("/api/games/{id}"), Some(tok)).1["seat"],
            0
        );
    }
}

/// Opens the live connection with extra headers; answers the refusal's status, or
/// 101 and the first message.
fn ws_with(addr: &str, id: &str, query: &str, headers: &[(&'static str, String)]) -> (u16, Value) {
    use tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/api/games/{id}/ws{query}")
        .into_client_request()
        .unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    match tungstenite::connect(request) {
        Ok((mut socket, response)) => {
            let first = socket.read().unwrap();
            let mut first: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
            first["protocol"] = json!(response
                .headers()
                .get("sec-websocket-protocol")
                .map(|v| v.to_str().unwrap().to_string()));
            (101, first)
        }
        Err(tungstenite::Error::Http(response)) => (
            response.status().as_u16(),
            serde_json::from_slice(response.body().as_deref().unwrap_or_default())
                .unwrap_or(Value::Null),
        ),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn live_connections_check_their_origin_and_tokens_stay_out_of_urls() {
    let dir = support::temp_dir("origin");
    let server = Server::start(&dir, None);
    let (id, created) = create(&server, two_people(), 26);
    let ana = token(&created, 0);
    let addr = server.addr.clone();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let origin = |o: &str| vec![("Origin", o.to_string())];

    let (status, body) = ws_with(&addr, &id, "", &origin("http://evil.example"));
    assert_eq!(status, 403, "a page of another site: {body}");
    assert_eq!(body["code"], "origin");
    for own in [format!("http://{addr}"), format!("http://localhost:{port}")] {
        assert_eq!(ws_with(&addr, &id, "", &origin(&own)).0, 101, "{own}");
    }
    assert_eq!(
        ws_with(&addr, &id, "", &[]).0,
        101,
        "programs send no Origin"
    );

    // Tokens: never in the URL; in a header, or as a browser's subprotocol.
    let (status, body) = ws_with(&addr, &id, &format!("?token={ana}"), &[]);
    assert_eq!((status, body["code"].clone()), (400, json!("token_in_url")));
    let bearer = vec![("Authorization", format!("Bearer {ana}"))];
    let (status, first) = ws_with(&addr, &id, "", &bearer);
    assert_eq!((status, first["seat"].clone()), (101, json!(0)));
    let browser = vec![
        ("Origin", format!("http://{addr}")),
        (
            "Sec-WebSocket-Protocol",
            format!("tabuleiro, tabuleiro.token.{ana}"),
        ),
    ];
    let (status, first) = ws_with(&addr, &id, "", &browser);
    assert_eq!(status, 101);
    assert_eq!(first["seat"], 0);
    assert_eq!(first["protocol"], "tabuleiro");

    // Invite links name the server's own address whatever Host the request gave,
    // with the token in the fragment (never sent to a server).
    let request = json!({"game": "burgundy", "seats": two_people()}).to_string();
    let raw = format!(
        "POST /api/games HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{request}",
        request.len()
    );
    let (status, body) = server.raw(raw.as_bytes()).unwrap();
    assert_eq!(status, 201);
    let body: Value = serde_json::from_slice(&body).unwrap();
    let invite = body["seats"][0]["invite"].as_str().unwrap();
    let (new_id, tok) = (
        body["id"].as_str().unwrap(),
        body["seats"][0]["token"].as_str().unwrap(),
    );
    assert_eq!(invite, format!("http://{addr}/games/{new_id}#token={tok}"));
}

#[test]
fn a_configured_public_url_makes_the_invites_and_the_only_accepted_origin() {
    let dir = support::temp_dir("public-url");
    let server = Server::start_args(&dir, None, 0, &["--public-url", "https://Play.Example/"]);
    let (id, created) = create(&server, two_people(), 27);
    let invite = created["seats"][1]["invite"].as_str().unwrap();
    assert!(
        invite.starts_with(&format!("https://play.example/games/{id}#token=s1.")),
        "{invite}"
    );
    let origin = |o: &str| vec![("Origin", o.to_string())];
    assert_eq!(
        ws_with(&server.addr, &id, "", &origin("https://play.example")).0,
        101
    );
    let own = format!("http://{}", server.addr);
    assert_eq!(ws_with(&server.addr, &id, "", &origin(&own)).0, 403);
}

/// Issue 44: a seat's bot may be named by its level (`easy` to `expert`, one
/// definition per game in the registry); the server keeps the spec the level stands
/// for, and bounds its cost as that spec's, so a level cannot pass a budget its
/// spec would not.
#[test]
fn a_bot_level_is_its_spec_and_bounded_as_one() {
    let dir = support::temp_dir("bot-levels");
    let server = Server::start(&dir, None);
    let seats = |bot: &str| json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": bot}]);
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "viscounts", "seats": seats("expert"), "seed": 3}),
    );
    assert_eq!(status, 201, "{body}");
    let id = body["id"].as_str().unwrap().to_string();
    let game = server.get(&format!("/api/games/{id}"), None).1;
    assert_eq!(
        game["seats"][1]["bot"], "mcts:iters=2600,cap=300,reuse=1",
        "{game}"
    );
    let ana = token(&body, 0);
    let (status, answer) = server.post(
        &format!("/api/games/{id}/seats/0/bot"),
        Some(&ana),
        &json!({"bot": "easy"}),
    );
    assert_eq!(status, 200, "{answer}");
    let game = server.get(&format!("/api/games/{id}"), None).1;
    assert_eq!(game["seats"][0]["bot"], "greedy:slip=0.3", "{game}");
    let (status, refused) = server.post(
        "/api/games",
        None,
        &json!({"game": "viscounts", "seats": seats("grandmaster")}),
    );
    assert_eq!(status, 400, "{refused}");
    let why = refused["error"].as_str().unwrap_or_default();
    assert!(
        why.contains("unknown bot") && why.contains("expert"),
        "{refused}"
    );

    let dir = support::temp_dir("bot-levels-budget");
    let server = Server::start_args(&dir, None, 0, &["--bot-max-iters", "2000"]);
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "viscounts", "seats": seats("expert")}),
    );
    assert_eq!(
        (status, body["code"].clone()),
        (422, json!("bot_budget")),
        "{body}"
    );
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "viscounts", "seats": seats("hard")}),
    );
    assert_eq!(status, 201, "{body}");
}

#[test]
fn bot_budgets_are_bounded_and_stopping_does_not_wait_for_a_thinking_bot() {
    let dir = support::temp_dir("bot-budget");
    let server = Server::start(&dir, None);
    let greedy_long =
        |spec: &str| json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": spec}]);
    for spec in ["mcts:ms=600000", "mcts:iters=20001"] {
        let (status, body) = server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": greedy_long(spec)}),
        );
        assert_eq!(status, 422, "{spec}: {body}");
        assert_eq!(body["code"], "bot_budget");
    }
    let (id, created) = create(&server, two_people(), 28);
    let ana = token(&created, 0);
    let (status, body) = server.post(
        &format!("/api/games/{id}/seats/0/bot"),
        Some(&ana),
        &json!({"bot": "mcts:ms=600000"}),
    );
    assert_eq!((status, body["code"].clone()), (422, json!("bot_budget")));
    let (status, body) = server.post(
        &format!("/api/games/{id}/seats/0/bot"),
        Some(&ana),
        &json!({"bot": "mcts:iters=50"}),
    );
    assert_eq!(status, 200, "{body}");

    // A server that allows a bot ten minutes stops at once even while it thinks.
    let dir = support::temp_dir("bot-stop");
    let mut server = Server::start_args(&dir, None, 0, &["--bot-max-ms", "600000"]);
    let (id, _) = create(&server, greedy_long("mcts:ms=600000"), 29);
    let game = server.get(&format!("/api/games/{id}"), None).1;
    assert!(
        game["to_act"].as_array().unwrap().contains(&json!(1)),
        "the bot thinks"
    );
    std::thread::sleep(std::time::Duration::from_millis(200));
    server.signal_stop();
    let mut stopped = false;
    for _ in 0..600 {
        if !server.alive() {
            stopped = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(
        stopped,
        "the server waited for the thinking bot (its budget is 600 s)"
    );
}

/// A bot's cost is bounded whatever its options (issue 40): a number out of the spec's
/// range is refused for everyone with the option and its range named, and rollouts
/// that would multiply the allowed iterations' work past the server's bound are
/// refused like too many iterations; the lobby's levels pass.
#[test]
fn bot_specs_are_bounded_in_cost_at_creation_and_replacement() {
    let dir = support::temp_dir("bot-cost");
    // The bots wait before thinking: the test only creates and replaces.
    let server = Server::start_with(&dir, None, 60_000);
    let with_bot =
        |spec: &str| json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": spec}]);
    let create_with = |spec: &str| {
        server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": with_bot(spec), "options": {"duchies": [1, 1]}}),
        )
    };
    let (id, created) = create(&server, two_people(), 31);
    let ana = token(&created, 0);
    let replace_with = |spec: &str| {
        server.post(
            &format!("/api/games/{id}/seats/0/bot"),
            Some(&ana),
            &json!({"bot": spec}),
        )
    };
    let huge = "mcts:iters=20000,cap=4000000000,roll=64";
    for (status, body) in [create_with(huge), replace_with(huge)] {
        assert_eq!((status, body["code"].clone()), (400, json!("bad_request")));
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains("mcts option cap") && error.contains("a whole number from 0 to 1000"),
            "{body}"
        );
    }
    let costly = "mcts:iters=20000,cap=1000,roll=64";
    for (status, body) in [create_with(costly), replace_with(costly)] {
        assert_eq!((status, body["code"].clone()), (422, json!("bot_budget")));
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains("at most 2000000 rollout steps per decision"),
            "{body}"
        );
    }
    // The lobby's levels: Burgundy's expert and the strong level.
    let expert = "mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even";
    let (status, body) = create_with(expert);
    assert_eq!(status, 201, "{body}");
    let (status, body) = replace_with("mcts:iters=5000,cap=20,reuse=1,prior=10,widen=1");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_process_catches_up_after_its_postgresql_notifications_drop() {
    let Some(url) = support::postgres_url() else {
        return;
    };
    let a = Server::start(&support::temp_dir("resync-a"), Some(&url));
    // B checks the stored versions only when its LISTEN connection comes back (the
    // periodic check is set far off, so that it cannot hide a missing re-sync).
    let b = Server::start_args(
        &support::temp_dir("resync-b"),
        Some(&url),
        0,
        &["--resync-every", "3600"],
    );
    let (id, created) = create(&a, two_people(), 30);
    let toks = [token(&created, 0), token(&created, 1)];
    for trial in 0..5 {
        let known = b.get(&format!("/api/games/{id}"), None).1["version"].clone();
        let drop_listeners = format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid() /* {trial} */"
        );
        sql(std::path::Path::new(""), Some(&url), &[drop_listeners]);
        let (tok, action) = toks
            .iter()
            .find_map(|t| {
                let game = a.get(&format!("/api/games/{id}"), Some(t)).1;
                let legal = game["legal"].as_array()?.first()?.clone();
                Some((t, legal))
            })
            .expect("someone may act");
        let (status, after) = a.post(
            &format!("/api/games/{id}/actions"),
            Some(tok),
            &json!({"action": action}),
        );
        assert_eq!(status, 200, "{after}");
        assert_ne!(after["version"], known);
        support::wait_for(&b, &id, None, |g| g["version"] == after["version"]);
    }
}

#[test]
fn live_connections_are_capped_per_game_and_per_address() {
    let dir = support::temp_dir("live-caps");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &[
            "--max-followers-per-game",
            "2",
            "--max-live-per-address",
            "3",
        ],
    );
    let (id, _) = create(&server, two_people(), 31);
    let (other, _) = create(&server, two_people(), 32);
    let first = support::ws_connect(&server.addr, &id, None, "");
    let second = support::ws_connect(&server.addr, &id, None, "");
    let (status, body) = ws_with(&server.addr, &id, "", &[]);
    assert_eq!(
        (status, body["code"].clone()),
        (503, json!("too_many_followers"))
    );
    let third = support::ws_connect(&server.addr, &other, None, "");
    let (status, body) = ws_with(&server.addr, &other, "", &[]);
    assert_eq!(
        (status, body["code"].clone()),
        (429, json!("live_per_address"))
    );
    // A closed connection frees its place.
    drop((first, second, third));
    let mut reopened = false;
    for _ in 0..500 {
        if ws_with(&server.addr, &id, "", &[]).0 == 101 {
            reopened = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(reopened);
}

/// A TCP connection to the server from the loopback address `from` (all of
/// 127.0.0.0/8 is loopback on Linux: a second client address without a network).
fn connect_from(from: &str, addr: &str) -> std::net::TcpStream {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let stream = runtime.block_on(async {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        socket.connect(addr.parse().unwrap()).await.unwrap()
    });
    let stream = stream.into_std().unwrap();
    stream.set_nonblocking(false).unwrap();
    stream
}

/// GET `path` on an open connection, keeping it open; answers the status.
fn get_on(stream: &mut std::net::TcpStream, path: &str) -> Option<u16> {
    use std::io::{Read, Write};
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\n\r\n");
    stream.write_all(request.as_bytes()).ok()?;
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .ok()?;
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let n = stream.read(&mut chunk).ok()?;
        if n == 0 {
            return None;
        }
        answer.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&answer).into_owned();
        let Some((head, body)) = text.split_once("\r\n\r\n") else {
            continue;
        };
        let length = head
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("content-length: ")
                    .map(str::to_string)
            })
            .and_then(|l| l.trim().parse::<usize>().ok())
            .unwrap_or(0);
        if body.len() >= length {
            return head.split(' ').nth(1)?.parse().ok();
        }
    }
}

/// How a connection ended while the client waited (sending `drip` every second,
/// if any): `Some(elapsed)` when the server closed it within `bound`, with what
/// it answered.
fn closed_within(
    stream: &mut std::net::TcpStream,
    drip: Option<&[u8]>,
    bound: std::time::Duration,
) -> Option<(std::time::Duration, Vec<u8>)> {
    use std::io::{ErrorKind, Read, Write};
    let start = std::time::Instant::now();
    let mut answer = Vec::new();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(1)))
        .unwrap();
    let mut chunk = [0u8; 4096];
    while start.elapsed() < bound {
        if let Some(byte) = drip {
            if stream.write_all(byte).is_err() {
                return Some((start.elapsed(), answer));
            }
        }
        match stream.read(&mut chunk) {
            Ok(0) => return Some((start.elapsed(), answer)),
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => return Some((start.elapsed(), answer)),
        }
    }
    None
}

#[test]
fn connections_beyond_the_per_address_cap_are_refused_and_others_still_reach_healthz() {
    let dir = support::temp_dir("conn-cap");
    // Timeouts far off: here only the cap closes connections.
    let server = Server::start_args(
        &dir,
        None,
        0,
        &[
            "--max-connections-per-address",
            "5",
            "--head-timeout",
            "120",
            "--idle-timeout",
            "120",
        ],
    );
    let held: Vec<_> = (0..5)
        .map(|_| std::net::TcpStream::connect(&server.addr).unwrap())
        .collect();
    for _ in 0..50 {
        let mut excess = std::net::TcpStream::connect(&server.addr).unwrap();
        let bound = std::time::Duration::from_secs(30);
        let (_, answer) = closed_within(&mut excess, None, bound)
            .expect("a connection beyond the cap is closed at once");
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 429 "), "{answer}");
        assert!(answer.contains("connections_per_address"), "{answer}");
    }
    // Another address is served while this one is full.
    let mut other = connect_from("127.0.0.2", &server.addr);
    assert_eq!(get_on(&mut other, "/healthz"), Some(200));
    // A place freed is a place taken again.
    drop(held);
    let mut served = false;
    for _ in 0..500 {
        if server.get("/healthz", None).0 == 200 {
            served = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(served, "closing the held connections frees their places");
}

#[test]
fn connections_beyond_the_total_cap_are_refused_with_503() {
    let dir = support::temp_dir("conn-total");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &["--max-connections", "3", "--head-timeout", "120"],
    );
    let _held: Vec<_> = (0..3)
        .map(|_| std::net::TcpStream::connect(&server.addr).unwrap())
        .collect();
    let mut excess = connect_from("127.0.0.3", &server.addr);
    let (_, answer) = closed_within(&mut excess, None, std::time::Duration::from_secs(30))
        .expect("closed at once");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503 "), "{answer}");
}

#[test]
fn a_slowloris_head_is_dropped_at_the_head_timeout() {
    let dir = support::temp_dir("slowloris");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &["--head-timeout", "2", "--idle-timeout", "120"],
    );
    let mut slow = std::net::TcpStream::connect(&server.addr).unwrap();
    use std::io::Write;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        .unwrap();
    // One header byte a second, never ending the head: well past the 2 s head
    // timeout, well before the 120 s idle one.
    let (_, answer) = closed_within(&mut slow, Some(b"a"), std::time::Duration::from_secs(30))
        .expect("the slow head is dropped");
    assert!(answer.is_empty(), "{}", String::from_utf8_lossy(&answer));

    // A silent connection is dropped the same way; a prompt client is served.
    let mut silent = std::net::TcpStream::connect(&server.addr).unwrap();
    assert!(closed_within(&mut silent, None, std::time::Duration::from_secs(30)).is_some());
    assert_eq!(server.get("/healthz", None).0, 200);
}

#[test]
fn an_idle_keep_alive_connection_is_closed_at_the_idle_timeout() {
    let dir = support::temp_dir("idle");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &["--idle-timeout", "2", "--head-timeout", "120"],
    );
    let mut kept = std::net::TcpStream::connect(&server.addr).unwrap();
    assert_eq!(get_on(&mut kept, "/healthz"), Some(200));
    assert_eq!(get_on(&mut kept, "/healthz"), Some(200), "kept alive");
    let closed = closed_within(&mut kept, None, std::time::Duration::from_secs(30));
    let (_, answer) = closed.expect("the idle keep-alive connection is closed");
    assert!(answer.is_empty());
}

#[test]
fn a_live_connection_that_answers_no_ping_is_closed_and_one_that_answers_stays() {
    let dir = support::temp_dir("live-idle");
    let server = Server::start_args(&dir, None, 0, &["--live-idle-timeout", "2"]);
    let (id, _) = create(&server, two_people(), 33);
    // A raw WebSocket handshake; then this client never sends a byte (no pong).
    let mut mute = std::net::TcpStream::connect(&server.addr).unwrap();
    use std::io::Write;
    let handshake = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n",
        server.addr
    );
    mute.write_all(handshake.as_bytes()).unwrap();
    let (_, heard) = closed_within(&mut mute, None, std::time::Duration::from_secs(30))
        .expect("the mute live connection is closed");
    let heard = String::from_utf8_lossy(&heard);
    assert!(heard.starts_with("HTTP/1.1 101 "), "{heard}");

    // A client library answers the pings by itself while it reads: still open
    // after three times the timeout.
    let mut live = support::ws_connect(&server.addr, &id, None, "");
    let start = std::time::Instant::now();
    let mut pings = 0;
    while start.elapsed() < std::time::Duration::from_secs(6) {
        if live.read().expect("still open").is_ping() {
            pings += 1;
        }
    }
    assert!(pings >= 2, "the server pinged {pings} times");
    live.send(tungstenite::Message::text(r#"{"type":"ping"}"#))
        .unwrap();
    loop {
        let message = live.read().expect("still open");
        if message.is_text() {
            assert_eq!(message.to_text().unwrap(), r#"{"type":"pong"}"#);
            break;
        }
    }
}

/// A JSON request with extra headers; answers the status, the head (status line and
/// headers, lower case) and the JSON body.
fn request(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &Value,
    headers: &[(&str, &str)],
) -> (u16, String, Value) {
    use std::io::{Read, Write};
    let body = body.to_string();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        server.addr,
        body.len()
    );
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    let mut stream = std::net::TcpStream::connect(&server.addr).unwrap();
    stream
        .write_all(format!("{head}\r\n{body}").as_bytes())
        .unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = serde_json::from_slice(&answer[split + 4..]).unwrap_or(Value::Null);
    (status, head, body)
}

/// Checks a 429 of the rate limits: keyed body and `Retry-After`.
fn assert_rate_limited(status: u16, head: &str, body: &Value) {
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited", "{body}");
    assert_eq!(body["reason"]["key"], "refusal.rate_limited", "{body}");
    let wait = body["retry_after"].as_u64().expect("retry_after");
    assert!(wait >= 1, "{body}");
    assert!(
        head.contains(&format!("\r\nretry-after: {wait}")),
        "Retry-After header: {head}"
    );
}

#[test]
fn each_client_creates_joins_and_acts_at_a_bounded_rate() {
    let dir = support::temp_dir("rates");
    let server = Server::start_args(
        &dir,
        None,
        0,
        &[
            "--trust-forwarded-for",
            "--create-rate",
            "1/h",
            "--create-burst",
            "2",
            "--join-rate",
            "1/h",
            "--join-burst",
            "1",
            "--action-rate",
            "1/h",
            "--action-burst",
            "3",
        ],
    );
    let new_game = |from: &str, seats: Value| {
        request(
            &server,
            "POST",
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": seats, "seed": 40}),
            &[("X-Forwarded-For", from)],
        )
    };
    // Creating games: a burst of two per address, then 429 with Retry-After.
    let ana = "198.51.100.1";
    let (status, _, created) = new_game(ana, two_people());
    assert_eq!(status, 201, "{created}");
    let open = json!([{"kind": "open"}, {"kind": "human", "name": "Bia"}]);
    let (status, _, other) = new_game(ana, open.clone());
    assert_eq!(status, 201, "{other}");
    let (status, head, body) = new_game(ana, two_people());
    assert_rate_limited(status, &head, &body);
    let before = server.get("/api/games", None).1["games"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(before, 2, "the refused game was not created");
    // Another client (its address from the proxy's header) has its own bucket.
    let (status, _, third) = new_game("198.51.100.2", open.clone());
    assert_eq!(status, 201, "{third}");
    // An IPv6 client counts by its /64: a third address of the same /64 finds the
    // bucket empty; another /64 has its own.
    for from in ["2001:db8:7:7::1", "2001:db8:7:7:ffff::2"] {
        let (status, _, body) = new_game(from, open.clone());
        assert_eq!(status, 201, "{body}");
    }
    let (status, head, body) = new_game("2001:db8:7:7:1234:5678:9abc:def0", open.clone());
    assert_rate_limited(status, &head, &body);
    let (status, _, body) = new_game("2001:db8:7:8::1", open.clone());
    assert_eq!(status, 201, "{body}");

    // Joining: one seat, then 429, whichever game.
    let join = |id: &Value| {
        request(
            &server,
            "POST",
            &format!("/api/games/{}/seats/0/join", id.as_str().unwrap()),
            None,
            &json!({"name": "Caio"}),
            &[("X-Forwarded-For", "198.51.100.3")],
        )
    };
    assert_eq!(join(&other["id"]).0, 200);
    let (status, head, body) = join(&third["id"]);
    assert_rate_limited(status, &head, &body);
    let game = server
        .get(
            &format!("/api/games/{}", third["id"].as_str().unwrap()),
            None,
        )
        .1;
    assert_eq!(game["seats"][0]["kind"], "open", "the seat stays open");

    // Deciding and undoing, over HTTP and the live connection together.
    let id = created["id"].as_str().unwrap().to_string();
    let tok = token(&created, 0);
    let castle = legal_of(&server, &id, &tok);
    let act = |path: &str, body: Value| {
        request(
            &server,
            "POST",
            &format!("/api/games/{id}/{path}"),
            Some(&tok),
            &body,
            &[("X-Forwarded-For", ana)],
        )
    };
    // Three requests pass (whatever the rules answer them), the fourth is refused.
    for (path, body) in [
        ("actions", json!({"action": castle})),
        ("undo", json!({})),
        ("actions", json!({"action": castle})),
    ] {
        let (status, _, answer) = act(path, body);
        assert_ne!(status, 429, "{answer}");
    }
    let version = server.get(&format!("/api/games/{id}"), None).1["version"].clone();
    let (status, head, body) = act("undo", json!({}));
    assert_rate_limited(status, &head, &body);
    assert_eq!(
        server.get(&format!("/api/games/{id}"), None).1["version"],
        version,
        "a refused request changes nothing"
    );
    // The live connection counts against its address's bucket too (loopback here,
    // no proxy header): of four undo messages, the fourth is refused.
    let mut socket = support::ws_connect(&server.addr, &id, Some(&tok), "");
    if let tungstenite::stream::MaybeTlsStream::Plain(s) = socket.get_mut() {
        s.set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .unwrap();
    }
    for _ in 0..4 {
        let undo = json!({"type": "undo"}).to_string();
        socket.send(tungstenite::Message::text(undo)).unwrap();
    }
    let mut refused = None;
    for _ in 0..20 {
        let m: Value = serde_json::from_str(socket.read().unwrap().to_text().unwrap()).unwrap();
        if m["code"] == "rate_limited" {
            refused = Some(m);
            break;
        }
    }
    let refused = refused.expect("the live connection is rate limited too");
    assert_eq!(refused["status"], 429);
    assert!(refused["retry_after"].as_u64().unwrap() >= 1);
}

/// The databases for a test whose server sweeps or loads every game of its store:
/// SQLite in a fresh folder, and a fresh PostgreSQL database of its own (so that
/// the games of tests running beside it are not touched).
fn own_databases(name: &str) -> Vec<(std::path::PathBuf, Option<String>)> {
    support::databases(name)
        .into_iter()
        .map(|(dir, db)| {
            let db = db.map(|url| {
                let fresh = format!(
                    "tabuleiro_{}_{}",
                    name.replace('-', "_"),
                    dir.file_name()
                        .unwrap()
                        .to_string_lossy()
                        .rsplit('-')
                        .next()
                        .unwrap()
                );
                sql(
                    &dir,
                    Some(&url),
                    &[
                        format!("DROP DATABASE IF EXISTS {fresh}"),
                        format!("CREATE DATABASE {fresh}"),
                    ],
                );
                format!("{}/{fresh}", url.rsplit_once('/').unwrap().0)
            });
            (dir, db)
        })
        .collect()
}

/// Drops a database made by [`own_databases`] (its servers stopped or not).
fn drop_own(db: Option<&str>) {
    let (Some(db), Some(url)) = (db, support::postgres_url()) else {
        return;
    };
    let name = db.rsplit('/').next().unwrap();
    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    sql(std::path::Path::new(""), Some(&url), &[drop]);
}

#[test]
fn a_game_without_an_action_for_the_expiry_time_is_abandoned() {
    for (dir, db) in own_databases("expiry") {
        let server = Server::start_args(&dir, db.as_deref(), 0, &["--expire-after", "1s"]);
        let (id, created) = create(&server, two_people(), 41);
        let ana = token(&created, 0);
        let castle = legal_of(&server, &id, &ana);
        let game = support::wait_for(&server, &id, None, |g| g["status"] == "abandoned");
        assert_eq!(game["to_act"], json!([]), "no one is waited for: {game}");
        // It takes nothing more, leaves the lobby, and its record is published.
        let (status, body) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&ana),
            &json!({"action": castle}),
        );
        assert_eq!(
            (status, body["code"].clone()),
            (409, json!("abandoned")),
            "{body}"
        );
        let (status, mine) = server.get(&format!("/api/games/{id}"), Some(&ana));
        assert_eq!(status, 200);
        assert_eq!(mine["legal"], json!([]), "{mine}");
        let lobby = server.get("/api/games", None).1;
        assert!(!lobby["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
        let gone = server.get("/api/games?status=abandoned", None).1;
        assert!(gone["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.as_str()));
        let (status, record) = server.get(&format!("/api/games/{id}/record"), None);
        assert_eq!(status, 200, "{record}");
        let log = server.get(&format!("/api/games/{id}/log"), None).1;
        let last = log["events"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["message"]["key"], "server.abandoned", "{log}");
        // A server that never expires games (0) leaves a game as it is.
        drop(server);
        drop_own(db.as_deref());
        let dir = support::temp_dir("expiry-never");
        let server = Server::start_args(&dir, None, 0, &["--expire-after", "0"]);
        let (id, created) = create(&server, two_people(), 42);
        let castle = legal_of(&server, &id, &token(&created, 0));
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let (status, body) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&token(&created, 0)),
            &json!({"action": castle}),
        );
        assert_eq!(status, 200, "{body}");
    }
}

#[test]
fn games_load_when_first_asked_for_and_unload_when_nobody_follows_them() {
    for (dir, db) in own_databases("lazy") {
        // The bot waits long enough to be still waited for after the restart.
        let extra = ["--unload-every", "0.1"];
        let mut server = Server::start_args(&dir, db.as_deref(), 600_000, &extra);
        let mut ids = Vec::new();
        for seed in 0..5 {
            ids.push(create(&server, two_people(), 50 + seed).0);
        }
        let bot = json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]);
        let (with_bot, _) = create(&server, bot, 55);
        server.stop();
        let server = Server::start_args(&dir, db.as_deref(), 600_000, &extra);
        let loaded = |server: &Server| server.get("/api/stats", None).1["games_loaded"].clone();
        // Only the game whose bot must move is loaded at start.
        assert_eq!(loaded(&server), 1);
        let game = server.get(&format!("/api/games/{with_bot}"), None).1;
        assert!(
            game["to_act"].as_array().unwrap().contains(&json!(1)),
            "{game}"
        );
        for id in &ids {
            let (status, game) = server.get(&format!("/api/games/{id}"), None);
            assert_eq!((status, game["status"].clone()), (200, json!("running")));
        }
        // Games nobody follows are unloaded again; a followed one stays.
        let mut socket = support::ws_connect(&server.addr, &ids[0], None, "");
        let _first = socket.read().unwrap();
        wait_until(|| loaded(&server) == 2);
        drop(socket);
        wait_until(|| loaded(&server) == 1);
        drop(server);
        drop_own(db.as_deref());
    }
}

#[test]
fn undo_and_redo_cannot_grow_the_log_without_end() {
    let dir = support::temp_dir("undo-budget");
    let server = Server::start(&dir, None);
    let (id, created) = create(&server, two_people(), 60);
    let toks = [token(&created, 0), token(&created, 1)];
    let path = |p: &str| format!("/api/games/{id}/{p}");
    // Play on until a seat's decision can be taken back.
    let mut found = None;
    for _ in 0..40 {
        let spectator = server.get(&format!("/api/games/{id}"), None).1;
        let seat = spectator["to_act"][0].as_u64().expect("the game goes on") as usize;
        let action = legal_of(&server, &id, &toks[seat]);
        let (status, after) = server.post(
            &path("actions"),
            Some(&toks[seat]),
            &json!({"action": action}),
        );
        assert_eq!(status, 200, "{after}");
        if after["can_undo"] == true {
            found = Some((seat, action, after["version"].as_i64().unwrap()));
            break;
        }
    }
    let (seat, action, decided) = found.expect("some decision can be taken back");
    let tok = &toks[seat];
    // 100 undo and redo pairs: 20 undo are taken (the default budget per turn).
    let (mut taken, mut refusal) = (0, None);
    for _ in 0..100 {
        let (status, body) = server.post(&path("undo"), Some(tok), &json!({}));
        if status != 200 {
            refusal = Some((status, body));
            break;
        }
        taken += 1;
        let (status, body) = server.post(&path("actions"), Some(tok), &json!({"action": action}));
        assert_eq!(status, 200, "the same decision again: {body}");
    }
    assert_eq!(taken, 20);
    let (status, body) = refusal.expect("undo refused past the budget");
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["reason"]["key"], "refusal.undo_budget", "{body}");
    assert_eq!(body["reason"]["args"]["limit"], 20, "{body}");
    let version = server.get(&format!("/api/games/{id}"), None).1["version"]
        .as_i64()
        .unwrap();
    assert_eq!(
        version,
        decided + 40,
        "20 undo and 20 redo entries, no more"
    );
}

/// Waits (up to a minute) until `check` holds.
fn wait_until(check: impl Fn() -> bool) {
    for _ in 0..6000 {
        if check() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the awaited state never came");
}
