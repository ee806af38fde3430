//! Random and mutated requests: every answer is a 2xx or a 4xx with a JSON message,
//! the server never falls over, and a game changes only through accepted actions.

mod support;

use serde_json::{json, Value};
use support::{create, token, Pick, Server};

const ROUTES: [&str; 10] = [
    "/api/games",
    "/api/games/{id}",
    "/api/games/{id}/actions",
    "/api/games/{id}/undo",
    "/api/games/{id}/log",
    "/api/games/{id}/record",
    "/api/games/{id}/seats/{seat}/bot",
    "/api/games/{id}/seats/{seat}/join",
    "/api/games/{id}/ws",
    "/healthz",
];

/// Bodies that are almost right: valid requests with one thing broken.
fn body(pick: &mut Pick, legal: &[Value]) -> Vec<u8> {
    let good = [
        json!({"action": legal.first().cloned().unwrap_or(json!("pass"))}),
        json!({"game": "burgundy", "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "random"}]}),
        json!({"bot": "greedy"}),
        json!({"name": "Zé"}),
    ];
    let mut text = good[pick.below(good.len())].to_string().into_bytes();
    match pick.below(9) {
        0 => {
            // flip a byte
            let i = pick.below(text.len());
            text[i] = pick.below(256) as u8;
        }
        1 => text.truncate(pick.below(text.len())),
        2 => {
            text = json!({"action": "die 9 9", "extra": 1})
                .to_string()
                .into_bytes()
        }
        3 => text = vec![b'['; 5000],
        4 => text = format!("{{\"action\": \"{}\"}}", "x".repeat(70_000)).into_bytes(),
        5 => {
            text = json!({"game": "burgundy", "seats": [{"kind": "bot", "bot": "mcts:iters=-1"}]})
                .to_string()
                .into_bytes()
        }
        6 => {
            text = json!({"game": "burgundy", "seats": [], "options": {"edition": "deluxe"}})
                .to_string()
                .into_bytes()
        }
        7 => {
            text = json!({"action": {"Die": {"die": 300}}})
                .to_string()
                .into_bytes()
        }
        _ => {}
    }
    text
}

fn request(
    server: &Server,
    pick: &mut Pick,
    id: &str,
    toks: &[String],
    legal: &[Value],
) -> Option<(u16, Vec<u8>)> {
    let method = ["GET", "POST", "PUT", "DELETE", "POST", "POST"][pick.below(6)];
    let game_id = if pick.below(4) == 0 {
        "nope".to_string()
    } else {
        id.to_string()
    };
    let seat = ["0", "1", "7", "-1", "x", "99999999999"][pick.below(6)];
    let mut path = ROUTES[pick.below(ROUTES.len())]
        .replace("{id}", &game_id)
        .replace("{seat}", seat);
    if pick.below(5) == 0 {
        path.push_str(
            [
                "?since=abc",
                "?limit=0",
                "?status=lost",
                "?token=s0.zz",
                "?x=1",
            ][pick.below(5)],
        );
    }
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
        server.addr
    );
    match pick.below(4) {
        0 => head.push_str(&format!(
            "Authorization: Bearer {}\r\n",
            toks[pick.below(toks.len())]
        )),
        1 => head.push_str(&format!("Authorization: Bearer s0.{}\r\n", "a".repeat(48))),
        2 => head.push_str("Authorization: Basic Zm9vOmJhcg==\r\n"),
        _ => {}
    }
    let payload = body(pick, legal);
    let content_type = ["application/json", "text/plain", "application/json"][pick.below(3)];
    head.push_str(&format!(
        "Content-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        payload.len()
    ));
    let mut raw = head.into_bytes();
    raw.extend(payload);
    server.raw(&raw)
}

#[test]
fn random_and_mutated_requests_get_4xx_and_change_nothing() {
    let dir = support::temp_dir("fuzz");
    let server = Server::start_with(&dir, None, 0);
    let seats = json!([{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]);
    let fresh = |seed| {
        let (id, created) = create(&server, seats.clone(), seed);
        let creator = created["creator_token"].as_str().unwrap().to_string();
        (id, vec![token(&created, 0), token(&created, 1), creator])
    };
    let (mut id, mut toks) = fresh(5);
    let mut pick = Pick(0x5eed);
    let runs: usize = std::env::var("FUZZ_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let mut refused = 0;
    for n in 0..runs {
        let mut before = server.get(&format!("/api/games/{id}"), None).1;
        // A seat handed to a bot moves on its own, so a fresh game of people is
        // needed to see that a refused request changed nothing.
        if before["over"] == true || before["seats"].to_string().contains("\"bot\"") {
            (id, toks) = fresh(n as u64);
            before = server.get(&format!("/api/games/{id}"), None).1;
        }
        let legal = server
            .get(&format!("/api/games/{id}"), Some(&toks[n % 2]))
            .1["legal"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let answer = request(&server, &mut pick, &id, &toks, &legal);
        let after = server.get(&format!("/api/games/{id}"), None).1;
        let Some((status, body)) = answer else {
            panic!("request {n}: the server closed without answering");
        };
        assert!(
            status < 500,
            "request {n}: {status} {}",
            String::from_utf8_lossy(&body)
        );
        if status >= 400 {
            refused += 1;
            let message: Value = serde_json::from_slice(&body).unwrap_or_else(|_| {
                panic!(
                    "request {n}: {status} without JSON: {}",
                    String::from_utf8_lossy(&body)
                )
            });
            assert!(
                message["error"].as_str().is_some_and(|m| !m.is_empty()),
                "{message}"
            );
            assert_eq!(
                before["version"], after["version"],
                "request {n} was refused but changed the game"
            );
            assert_eq!(before["view"], after["view"]);
        }
    }
    assert_eq!(server.get("/healthz", None).0, 200, "still serving");
    assert!(
        refused > runs / 2,
        "the fuzz mostly sends bad requests ({refused} of {runs} refused)"
    );
}
