//! Clocks per table (issue 42): chosen at creation, charged only while a seat must
//! decide, derived from the stored log (so they survive a restart and a second
//! process), and when one runs out the stand-in decides or the seat is dropped.

mod support;

use serde_json::{json, Value};
use std::time::{Duration, Instant};
use support::{databases, token, Server};

fn people() -> Value {
    json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}])
}

/// A Burgundy table (duchy 1 for both: the first decision is each seat's castle,
/// taken by both at once) with `clock`.
fn create_clocked(server: &Server, seats: Value, clock: Value) -> (String, Value) {
    let (status, body) = server.post(
        "/api/games",
        None,
        &json!({"game": "burgundy", "seats": seats, "seed": 11,
                "options": {"duchies": [1, 1]}, "clock": clock}),
    );
    assert_eq!(status, 201, "{body}");
    (body["id"].as_str().unwrap().to_string(), body)
}

fn game(server: &Server, id: &str, tok: Option<&str>) -> Value {
    let (status, game) = server.get(&format!("/api/games/{id}"), tok);
    assert_eq!(status, 200, "{game}");
    game
}

/// A seat's time left now, as a client reckons it from the game's `clocks`.
fn left_ms(game: &Value, seat: usize) -> i64 {
    let clocks = &game["clocks"];
    let c = &clocks["seats"][seat];
    let left = c["left_ms"].as_i64().unwrap();
    match c["running"].as_bool().unwrap() {
        true => {
            let ran = clocks["now_ms"].as_i64().unwrap() - clocks["as_of_ms"].as_i64().unwrap();
            (left - ran).max(0)
        }
        false => left,
    }
}

/// Polls the game until `check` holds, for at most `secs` seconds.
fn wait(server: &Server, id: &str, secs: u64, check: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let g = game(server, id, None);
        if check(&g) {
            return g;
        }
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "the game never reached the awaited state: {}",
            g["clocks"]
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn castle(server: &Server, id: &str, tok: &str) {
    let g = game(server, id, Some(tok));
    let action = g["legal"][0].clone();
    let (status, body) = server.post(
        &format!("/api/games/{id}/actions"),
        Some(tok),
        &json!({"action": action, "version": g["version"]}),
    );
    assert_eq!(status, 200, "{body}");
}

fn seat_acts(g: &Value, seat: u64) -> bool {
    g["to_act"].as_array().unwrap().contains(&json!(seat))
}

#[test]
fn a_real_time_clock_runs_out_and_the_stand_in_decides() {
    for (dir, db) in databases("clock-stand-in") {
        let server = Server::start(&dir, db.as_deref());
        let clock = json!({"kind": "realtime", "bank_s": 1, "increment_s": 0});
        let (id, _) = create_clocked(&server, people(), clock);
        let first = game(&server, &id, None);
        assert_eq!(first["clocks"]["spec"]["on_timeout"], "stand_in");
        assert_eq!(first["clocks"]["seats"][0]["running"], true);
        assert!(left_ms(&first, 0) > 500, "{}", first["clocks"]);
        // Nobody answers: after a second, the stand-ins take the castles (and then
        // every decision, the banks being empty), the people keep their seats.
        let on = wait(&server, &id, 20, |g| {
            g["version"].as_i64() > first["version"].as_i64()
        });
        assert_eq!(on["seats"][0]["kind"], "human");
        assert_eq!(on["seats"][1]["kind"], "human");
        assert_eq!(left_ms(&on, 0), 0);
    }
}

/// The live pushes carry the clocks too, as of the push: a follower who comes
/// later (the same version) is told the time as it is then, not as it was.
#[test]
fn the_live_pushes_show_every_seats_clock() {
    let dir = support::temp_dir("clock-ws");
    let server = Server::start(&dir, None);
    let clock = json!({"kind": "realtime", "bank_s": 60});
    let (id, _) = create_clocked(&server, people(), clock);
    let first_push = || {
        let mut socket = support::ws_connect(&server.addr, &id, None, "");
        let text = socket.read().unwrap().into_text().unwrap();
        (
            socket,
            serde_json::from_str::<Value>(text.as_str()).unwrap(),
        )
    };
    // The first follower stays: the spectators' push is then rendered once and
    // shared, and a shared clocked push is rendered again once a second old.
    let (_following, _) = first_push();
    let (_also, first) = first_push();
    assert_eq!(first["clocks"]["seats"].as_array().map(Vec::len), Some(2));
    assert_eq!(first["clocks"]["seats"][1]["running"], true);
    std::thread::sleep(Duration::from_millis(1500));
    let (_, later) = first_push();
    assert_eq!(later["version"], first["version"]);
    assert!(
        left_ms(&later, 1) <= left_ms(&first, 1) - 1000,
        "{}",
        later["clocks"]
    );
}

#[test]
fn the_drop_option_hands_the_seat_to_the_bot() {
    for (dir, db) in databases("clock-drop") {
        let server = Server::start(&dir, db.as_deref());
        let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "random"}]);
        let clock = json!({"kind": "realtime", "bank_s": 1, "on_timeout": "drop"});
        let (id, _) = create_clocked(&server, seats, clock);
        let dropped = wait(&server, &id, 20, |g| g["seats"][0]["kind"] == "bot");
        assert_eq!(dropped["seats"][0]["bot"], "greedy");
        assert_eq!(dropped["seats"][0]["name"], "Ana");
        let (_, log) = server.get(&format!("/api/games/{id}/log"), None);
        let handed = log["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"]["seat_to_bot"]["seat"] == 0)
            .count();
        assert_eq!(handed, 1, "{log}");
    }
}

#[test]
fn a_clock_is_charged_only_while_its_seat_must_decide() {
    for (dir, db) in databases("clock-charged") {
        let server = Server::start(&dir, db.as_deref());
        let clock = json!({"kind": "realtime", "bank_s": 60, "increment_s": 5});
        let (id, created) = create_clocked(&server, people(), clock);
        let (ana, bia) = (token(&created, 0), token(&created, 1));
        // Both choose their castles at once: Ana at once, Bia a second later.
        castle(&server, &id, &ana);
        let after_ana = game(&server, &id, None);
        assert_eq!(after_ana["clocks"]["seats"][0]["running"], false);
        let ana_left = left_ms(&after_ana, 0);
        assert!(ana_left > 64_000 - 1_000, "the increment: {ana_left}");
        std::thread::sleep(Duration::from_millis(1000));
        let waiting = game(&server, &id, None);
        assert_eq!(left_ms(&waiting, 0), ana_left, "Ana's clock stood still");
        assert!(
            left_ms(&waiting, 1) <= 59_000,
            "Bia's ran: {}",
            left_ms(&waiting, 1)
        );
        castle(&server, &id, &bia);
        let g = game(&server, &id, None);
        let bia_left = left_ms(&g, 1);
        assert!((63_000..64_000).contains(&bia_left), "{bia_left}");
        // Now one of them plays: the other's clock stands still.
        let (mover, other) = if seat_acts(&g, 0) { (0, 1) } else { (1, 0) };
        assert!(!seat_acts(&g, other as u64), "{}", g["to_act"]);
        let before = left_ms(&g, other);
        std::thread::sleep(Duration::from_millis(700));
        let later = game(&server, &id, None);
        assert_eq!(left_ms(&later, other), before);
        assert!(left_ms(&later, mover) <= left_ms(&g, mover) - 600);
    }
}

#[test]
fn clocks_survive_a_restart_and_still_run_out() {
    for (dir, db) in databases("clock-restart") {
        let mut server = Server::start(&dir, db.as_deref());
        let clock = json!({"kind": "realtime", "bank_s": 4});
        let (id, created) = create_clocked(&server, people(), clock);
        castle(&server, &id, &token(&created, 0));
        let version = game(&server, &id, None)["version"].as_i64().unwrap();
        std::thread::sleep(Duration::from_millis(1000));
        server.kill();
        let server = Server::start(&dir, db.as_deref());
        let back = game(&server, &id, None);
        assert_eq!(back["version"], version);
        let left = left_ms(&back, 1);
        assert!((0..=3_000).contains(&left), "the time went on: {left}");
        // Bia never answers: the restarted server still answers for her.
        let on = wait(&server, &id, 20, |g| g["version"].as_i64() > Some(version));
        assert_eq!(on["seats"][1]["kind"], "human");
    }
}

#[test]
fn two_processes_on_one_database_answer_a_timeout_once() {
    let Some(url) = support::postgres_url() else {
        return;
    };
    let (a_dir, b_dir) = (support::temp_dir("clock-a"), support::temp_dir("clock-b"));
    let a = Server::start(&a_dir, Some(&url));
    let b = Server::start(&b_dir, Some(&url));
    // An hour's increment: once each castle is answered for, nothing runs out again.
    let clock = json!({"kind": "realtime", "bank_s": 1, "increment_s": 3600});
    let (id, _) = create_clocked(&a, people(), clock);
    // Both processes hold the game (and its timers).
    game(&b, &id, None);
    wait(&a, &id, 20, |g| {
        !seat_acts(g, 0) || g["clocks"]["seats"][0]["left_ms"].as_i64() > Some(3_000_000)
    });
    std::thread::sleep(Duration::from_millis(2500));
    assert_eq!(decisions(&url, &id), 2, "one castle answered for each seat");
    let (ga, gb) = (game(&a, &id, None), game(&b, &id, None));
    assert_eq!(ga["version"], gb["version"]);
}

/// The decisions stored in game `id`'s log.
fn decisions(url: &str, id: &str) -> i64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(url).await.unwrap();
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM entries WHERE game_id = $1 AND entry LIKE '%\"decision\"%'",
        )
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
        pool.close().await;
        n
    })
}

#[test]
fn bad_clocks_are_refused_with_a_clear_error() {
    let dir = support::temp_dir("clock-bad");
    let server = Server::start(&dir, None);
    let cases = [
        (json!({"kind": "realtime", "bank_s": 0}), "bank_s is 0 s"),
        (
            json!({"kind": "realtime", "bank_s": 99_999_999}),
            "between 1 and",
        ),
        (
            json!({"kind": "realtime", "bank_s": 60, "increment_s": 7200}),
            "increment_s",
        ),
        (
            json!({"kind": "turn_based", "per_move_s": 5}),
            "per_move_s is 5 s",
        ),
        (
            json!({"kind": "turn_based", "bank_s": 60, "per_move_s": 600}),
            "takes no",
        ),
        (json!({"kind": "realtime"}), "needs bank_s"),
        (json!({"kind": "sandglass", "bank_s": 60}), "sandglass"),
        (
            json!({"kind": "realtime", "bank_s": 60, "on_timeout": "forfeit"}),
            "forfeit",
        ),
        (
            json!({"kind": "realtime", "bank_s": 60, "extra": 1}),
            "extra",
        ),
    ];
    for (clock, why) in cases {
        let (status, body) = server.post(
            "/api/games",
            None,
            &json!({"game": "burgundy", "seats": people(), "clock": clock}),
        );
        assert_eq!(status, 400, "{clock}: {body}");
        let message = body["error"].as_str().unwrap_or_default();
        assert!(message.contains(why), "{clock}: {body}");
    }
    let (_, listed) = server.get("/api/games", None);
    assert_eq!(
        listed["games"].as_array().map(Vec::len),
        Some(0),
        "{listed}"
    );
    // A good turn-based clock is taken and shown.
    let clock = json!({"kind": "turn_based", "per_move_s": 86400, "on_timeout": "drop"});
    let (id, _) = create_clocked(&server, people(), clock);
    let g = game(&server, &id, None);
    assert_eq!(g["clocks"]["spec"]["per_move_s"], 86400);
    assert!(left_ms(&g, 0) > 86_000_000);
}
