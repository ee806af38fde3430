//! Accounts, sessions, seats across devices, rated tables, ratings and profiles
//! (issue 42), through `tabuleiro serve` as a process, against SQLite and (when
//! `TABULEIRO_TEST_POSTGRES` is set; always in CI) PostgreSQL.

mod support;

use serde_json::{json, Value};
use support::{databases, play_out, token, wait_for, Server};

/// One browser: the session cookie it keeps.
#[derive(Clone, Default)]
struct Device {
    cookie: Option<String>,
}

impl Device {
    fn headers(&self) -> Vec<(&'static str, String)> {
        self.cookie.iter().map(|c| ("Cookie", c.clone())).collect()
    }

    /// A request with this device's cookie (and a seat token, if given); keeps a
    /// cookie the answer sets.
    fn call(
        &mut self,
        server: &Server,
        method: &str,
        path: &str,
        bearer: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let mut headers = self.headers();
        if let Some(t) = bearer {
            headers.push(("Authorization", format!("Bearer {t}")));
        }
        let refs: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
        let (status, head, body) = server.request(method, path, &refs, body);
        if let Some(set) = set_cookie(&head) {
            self.cookie = (!set.ends_with('=')).then_some(set);
        }
        (status, body)
    }

    fn post(&mut self, server: &Server, path: &str, body: &Value) -> (u16, Value) {
        self.call(server, "POST", path, None, Some(body))
    }

    fn get(&mut self, server: &Server, path: &str) -> (u16, Value) {
        self.call(server, "GET", path, None, None)
    }
}

/// The `name=value` of the answer's session cookie, with its attributes checked.
fn set_cookie(head: &str) -> Option<String> {
    let line = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))?;
    let value = line.split_once(':')?.1.trim();
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(value.contains(attribute), "{value}");
    }
    Some(value.split(';').next()?.to_string())
}

/// A name no other test (nor an earlier run on the same PostgreSQL) took.
fn unique(prefix: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{prefix}{}", nanos % 1_000_000_000_000)
}

fn sign_up(server: &Server, name: &str, password: &str) -> Device {
    let mut device = Device::default();
    let (status, body) = device.post(
        server,
        "/api/account/signup",
        &json!({"name": name, "password": password}),
    );
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["name"], name);
    device
}

fn sign_in(server: &Server, name: &str, password: &str) -> (u16, Device, Value) {
    let mut device = Device::default();
    let (status, body) = device.post(
        server,
        "/api/account/signin",
        &json!({"name": name, "password": password}),
    );
    (status, device, body)
}

#[test]
fn accounts_sign_up_in_and_out_everywhere_and_survive_a_restart() {
    for (dir, db) in databases("accounts") {
        let mut server = Server::start(&dir, db.as_deref());
        let ana = unique("Ana");
        let mut first = sign_up(&server, &ana, "correct horse");
        assert_eq!(first.get(&server, "/api/account").1["name"], ana.as_str());
        assert_eq!(
            first.get(&server, "/api/session").1["account"]["name"],
            ana.as_str()
        );
        assert_eq!(
            server.get("/api/session", None),
            (200, json!({"account": null}))
        );
        // Names compare without case; bad names and passwords are refused.
        let taken = Device::default().post(
            &server,
            "/api/account/signup",
            &json!({"name": ana.to_uppercase(), "password": "another one"}),
        );
        assert_eq!(
            (taken.0, taken.1["code"].clone()),
            (409, json!("name_taken"))
        );
        for (name, password, code) in [
            ("ab", "long enough", "bad_name"),
            ("Eve\u{202E}x", "long enough", "bad_name"),
            ("Eve_ok", "short", "bad_password"),
        ] {
            let (status, body) = Device::default().post(
                &server,
                "/api/account/signup",
                &json!({"name": name, "password": password}),
            );
            assert_eq!((status, body["code"].as_str()), (400, Some(code)), "{body}");
            assert!(body["reason"]["key"]
                .as_str()
                .unwrap()
                .starts_with("refusal.account."));
        }
        // A wrong password and an unknown name answer alike.
        let (wrong, _, wrong_body) = sign_in(&server, &ana, "wrong horse");
        let (unknown, _, unknown_body) = sign_in(&server, "nobody_here", "wrong horse");
        assert_eq!((wrong, unknown), (401, 401));
        assert_eq!(wrong_body, unknown_body);
        // A second device signs in; both sessions hold.
        let (status, mut second, _) = sign_in(&server, &ana.to_lowercase(), "correct horse");
        assert_eq!(status, 200);
        assert_eq!(second.get(&server, "/api/account").0, 200);
        // Sessions are stored: a restart keeps them.
        server.kill();
        let server = Server::start(&dir, db.as_deref());
        assert_eq!(first.get(&server, "/api/account").0, 200);
        // A new password needs the current one and ends the other sessions.
        let change = |d: &mut Device, current: &str| {
            d.post(
                &server,
                "/api/account/password",
                &json!({"current": current, "new": "battery staple"}),
            )
        };
        assert_eq!(change(&mut first, "wrong horse").0, 401);
        assert_eq!(change(&mut first, "correct horse").0, 204);
        assert_eq!(second.get(&server, "/api/account").0, 401);
        assert_eq!(first.get(&server, "/api/account").0, 200);
        assert_eq!(sign_in(&server, &ana, "correct horse").0, 401);
        let (status, mut third, _) = sign_in(&server, &ana, "battery staple");
        assert_eq!(status, 200);
        // Signing out everywhere ends every session, this one too.
        assert_eq!(
            first
                .post(&server, "/api/account/signout-everywhere", &json!({}))
                .0,
            204
        );
        assert_eq!(first.cookie, None);
        assert_eq!(third.get(&server, "/api/account").0, 401);
    }
}

#[test]
fn a_cookie_is_no_seat_token_a_seat_token_no_session_and_other_sites_are_refused() {
    let dir = support::temp_dir("cookie-token");
    let server = Server::start(&dir, None);
    let mut ana = sign_up(&server, "Ana", "correct horse");
    let (status, made) = ana.post(
        &server,
        "/api/games",
        &json!({"game": "burgundy", "seats": [{"kind": "human", "name": "Ana"},
               {"kind": "bot", "bot": "greedy"}], "seed": 1, "options": {"duchies": [1, 1]}}),
    );
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap();
    let seat = token(&made, 0);
    // The cookie alone acts for no seat and sees what a spectator sees.
    let game = wait_for(&server, id, Some(&seat), |g| {
        !g["legal"].as_array().unwrap().is_empty()
    });
    let action = json!({"action": game["legal"][0]});
    let (status, _) = ana.call(
        &server,
        "POST",
        &format!("/api/games/{id}/actions"),
        None,
        Some(&action),
    );
    assert_eq!(status, 403);
    let (_, seen) = ana.get(&server, &format!("/api/games/{id}"));
    assert_eq!(
        (seen["seat"].clone(), seen["legal"].clone()),
        (Value::Null, json!([]))
    );
    // A seat token is no session.
    let (status, _) = Device::default().call(&server, "GET", "/api/account", Some(&seat), None);
    assert_eq!(status, 401);
    // A page of another site cannot use the session.
    let cookie = ana.cookie.clone().unwrap();
    let (status, _, body) = server.request(
        "GET",
        "/api/account",
        &[("Cookie", &cookie), ("Origin", "https://evil.example")],
        None,
    );
    assert_eq!((status, body["code"].as_str()), (403, Some("origin")));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_signed_in_players_seats_follow_them_to_another_device_and_die_with_its_session() {
    for (dir, db) in databases("devices") {
        let server = Server::start(&dir, db.as_deref());
        let (ana, bea) = (unique("ana"), unique("bea"));
        let mut phone = sign_up(&server, &ana, "correct horse");
        let (_, made) = phone.post(
            &server,
            "/api/games",
            &json!({"game": "burgundy", "seats": [{"kind": "human", "name": "Ana"},
                   {"kind": "bot", "bot": "greedy"}], "seed": 2, "options": {"duchies": [1, 1]}}),
        );
        let id = made["id"].as_str().unwrap().to_string();
        let seat = token(&made, 0);
        let bind = format!("/api/games/{id}/seats/0/bind");
        assert_eq!(phone.call(&server, "POST", &bind, Some(&seat), None).0, 200);
        // Another account cannot take it, with or without the seat's token.
        let mut other = sign_up(&server, &bea, "other horse");
        let (status, body) = other.call(&server, "POST", &bind, Some(&seat), None);
        assert_eq!((status, body["code"].as_str()), (409, Some("held")));
        let mint = format!("/api/account/games/{id}/seats/0/token");
        assert_eq!(other.post(&server, &mint, &json!({})).0, 403);
        // The game is listed on a second device, which gets a token of its own.
        let (_, mut laptop, _) = sign_in(&server, &ana, "correct horse");
        let (_, mine) = laptop.get(&server, "/api/account/games");
        let listed: Vec<(Value, Value)> = mine["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["id"].clone(), g["seat"].clone()))
            .collect();
        assert!(listed.contains(&(json!(id), json!(0))), "{mine}");
        assert!(
            listed.contains(&(json!(id), Value::Null)),
            "the creator's role: {mine}"
        );
        let (status, minted) = laptop.post(&server, &mint, &json!({}));
        assert_eq!(status, 200, "{minted}");
        let device = minted["token"].as_str().unwrap().to_string();
        let game = wait_for(&server, &id, Some(&device), |g| {
            !g["legal"].as_array().unwrap().is_empty()
        });
        assert_eq!(game["seat"], 0);
        let (status, _) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&device),
            &json!({"action": game["legal"][0]}),
        );
        assert_eq!(status, 200);
        // The creator's role follows too.
        let (status, creator) = laptop.post(
            &server,
            &format!("/api/account/games/{id}/seats/creator/token"),
            &json!({}),
        );
        assert_eq!((status, creator["seat"].clone()), (200, Value::Null));
        // Signing out on the laptop ends its token; the phone's seat token lives on.
        assert_eq!(
            laptop.post(&server, "/api/account/signout", &json!({})).0,
            204
        );
        assert_eq!(
            server.get(&format!("/api/games/{id}"), Some(&device)).0,
            403
        );
        assert_eq!(server.get(&format!("/api/games/{id}"), Some(&seat)).0, 200);
    }
}

/// The player's profile once its ratings on `scale` count `games`.
fn rated_profile(server: &Server, name: &str, scale: &str, games: i64) -> Value {
    for _ in 0..500 {
        let (status, profile) = server.get(&format!("/api/players/{name}"), None);
        assert_eq!(status, 200, "{profile}");
        let rated = profile["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["scale"] == scale && r["games"] == games);
        if rated {
            return profile;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("{name} was never rated {games} game(s) on {scale}");
}

fn rating_on(profile: &Value, scale: &str) -> f64 {
    let r = profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["scale"] == scale)
        .unwrap();
    r["rating"].as_f64().unwrap()
}

#[test]
fn a_rated_game_rates_people_and_bots_and_a_leaver_is_placed_last() {
    for (dir, db) in databases("rated") {
        let server = Server::start(&dir, db.as_deref());
        let (ana, bea) = (unique("ana"), unique("bea"));
        let mut ana_dev = sign_up(&server, &ana, "correct horse");
        let mut bea_dev = sign_up(&server, &bea, "other horse");
        let vs_bot = json!({"game": "viscounts", "rated": true, "seed": 4,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "medium"}]});
        // Rated tables need a signed-in creator, and two seats or more.
        assert_eq!(server.post("/api/games", None, &vs_bot).0, 401);
        let solo = json!({"game": "viscounts", "rated": true, "seats": [{"kind": "human"}]});
        assert_eq!(ana_dev.post(&server, "/api/games", &solo).0, 400);
        let (status, made) = ana_dev.post(&server, "/api/games", &vs_bot);
        assert_eq!(status, 201, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let seat = token(&made, 0);
        // A seat no account holds does not decide at a rated table.
        let game = wait_for(&server, &id, Some(&seat), |g| {
            !g["legal"].as_array().unwrap().is_empty()
        });
        let (status, refused) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(&seat),
            &json!({"action": game["legal"][0]}),
        );
        assert_eq!(
            (status, refused["code"].as_str()),
            (403, Some("sign_in")),
            "{refused}"
        );
        let bind = format!("/api/games/{id}/seats/0/bind");
        assert_eq!(
            ana_dev.call(&server, "POST", &bind, Some(&seat), None).0,
            200
        );
        // One account, one seat of a rated table.
        let two = json!({"game": "viscounts", "rated": true,
            "seats": [{"kind": "human"}, {"kind": "human"}]});
        let (_, both) = ana_dev.post(&server, "/api/games", &two);
        let both_id = both["id"].as_str().unwrap();
        for (n, expected) in [(0, 200), (1, 409)] {
            let path = format!("/api/games/{both_id}/seats/{n}/bind");
            let (status, _) = ana_dev.call(&server, "POST", &path, Some(&token(&both, n)), None);
            assert_eq!(status, expected, "seat {n}");
        }
        play_out(&server, &id, &seat, 7);
        let profile = rated_profile(&server, &ana, "viscounts", 1);
        assert_eq!(profile["finish_rate"], 1.0);
        assert_eq!(profile["games"][0]["ended"], 1);
        let (_, board) = server.get("/api/ratings/viscounts", None);
        let names: Vec<&str> = board["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&ana.as_str()) && names.contains(&"bot medium"),
            "{board}"
        );

        // Ana and Bea; Ana leaves, a bot plays her seat on, Bea finishes: Ana is last.
        let open = json!({"game": "viscounts", "rated": true, "seed": 5,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "open"}]});
        let (_, made) = ana_dev.post(&server, "/api/games", &open);
        let id = made["id"].as_str().unwrap().to_string();
        let ana_seat = token(&made, 0);
        // An anonymous visitor cannot join a rated table; Bea can.
        let join = format!("/api/games/{id}/seats/1/join");
        assert_eq!(server.post(&join, None, &json!({"name": "guest"})).0, 401);
        let (status, joined) = bea_dev.post(&server, &join, &json!({"name": "Bea"}));
        assert_eq!(status, 200, "{joined}");
        let bea_seat = joined["token"].as_str().unwrap().to_string();
        assert_eq!(
            ana_dev
                .call(
                    &server,
                    "POST",
                    &format!("/api/games/{id}/seats/0/bind"),
                    Some(&ana_seat),
                    None
                )
                .0,
            200
        );
        let (status, _) = server.post(
            &format!("/api/games/{id}/seats/0/bot"),
            Some(&ana_seat),
            &json!({"bot": "greedy"}),
        );
        assert_eq!(status, 200);
        play_out(&server, &id, &bea_seat, 9);
        let ana_profile = rated_profile(&server, &ana, "viscounts", 2);
        let bea_profile = rated_profile(&server, &bea, "viscounts", 1);
        assert!(rating_on(&bea_profile, "viscounts") > rating_on(&ana_profile, "viscounts"));
        assert_eq!(ana_profile["finish_rate"], 0.5, "{ana_profile}");
        assert_eq!(ana_profile["games"][0]["left"], 1);

        // A table may ask a finish rate: Ana's half is not enough.
        let picky = json!({"game": "viscounts", "seats": [{"kind": "human"}, {"kind": "open"}],
            "requires": {"min_finish_rate": 0.9}});
        let (_, made) = bea_dev.post(&server, "/api/games", &picky);
        let join = format!("/api/games/{}/seats/1/join", made["id"].as_str().unwrap());
        let (status, refused) = ana_dev.post(&server, &join, &json!({"name": "Ana"}));
        assert_eq!(
            (status, refused["code"].as_str()),
            (403, Some("requirement")),
            "{refused}"
        );
    }
}

#[test]
fn accounts_and_ratings_are_shared_by_two_processes_on_one_postgresql() {
    let Some(url) = support::postgres_url() else {
        return;
    };
    let (a, b) = (support::temp_dir("pg-a"), support::temp_dir("pg-b"));
    let first = Server::start(&a, Some(&url));
    let second = Server::start(&b, Some(&url));
    let name = unique("two");
    let mut device = sign_up(&first, &name, "correct horse");
    // The session made by one process is good on the other.
    assert_eq!(device.get(&second, "/api/account").1["name"], name.as_str());
    let (status, _, _) = sign_in(&second, &name, "correct horse");
    assert_eq!(status, 200);
    assert_eq!(
        device.post(&second, "/api/account/signout", &json!({})).0,
        204
    );
    assert_eq!(device.get(&first, "/api/account").0, 401);
}

#[test]
fn sign_in_attempts_are_limited_per_name_whether_or_not_it_exists() {
    let dir = support::temp_dir("signin-limit");
    let server = Server::start(&dir, None);
    sign_up(&server, "Ana", "correct horse");
    for name in ["Ana", "nobody"] {
        let answers: Vec<u16> = (0..12)
            .map(|_| sign_in(&server, name, "wrong horse").0)
            .collect();
        assert_eq!(&answers[..10], &[401; 10], "{name}");
        assert_eq!(&answers[10..], &[429, 429], "{name}");
    }
    // The right password does not pass the lock either (no oracle), for a while.
    assert_eq!(sign_in(&server, "Ana", "correct horse").0, 429);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_lobby_filters_rated_tables_and_open_seats() {
    let dir = support::temp_dir("lobby-filters");
    let server = Server::start(&dir, None);
    let mut ana = sign_up(&server, "Ana", "correct horse");
    let table = |rated: bool, second: &str| {
        json!({"game": "viscounts", "rated": rated,
               "seats": [{"kind": "human"}, {"kind": second, "bot": (second == "bot").then_some("easy")}]})
    };
    let mut made = Vec::new();
    for (rated, second) in [(true, "open"), (false, "open"), (false, "bot")] {
        let (status, body) = ana.post(&server, "/api/games", &table(rated, second));
        assert_eq!(status, 201, "{body}");
        made.push(body["id"].as_str().unwrap().to_string());
    }
    let ids = |query: &str| -> Vec<String> {
        let (status, body) = server.get(&format!("/api/games?{query}"), None);
        assert_eq!(status, 200, "{body}");
        let mut ids: Vec<String> = body["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect();
        ids.sort();
        ids
    };
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(ids("rated=true"), vec![made[0].clone()]);
    assert_eq!(
        ids("rated=false"),
        sorted(vec![made[1].clone(), made[2].clone()])
    );
    assert_eq!(
        ids("open_seats=true"),
        sorted(vec![made[0].clone(), made[1].clone()])
    );
    assert_eq!(ids("open_seats=true&rated=false&limit=1").len(), 1);
    assert_eq!(server.get("/api/games?rated=maybe", None).0, 400);
    assert_eq!(server.get("/api/games?clock=hourglass", None).0, 400);
    let day = json!({"game": "viscounts", "clock": {"kind": "turn_based", "per_move_s": 86400},
        "seats": [{"kind": "human"}, {"kind": "open"}]});
    let (status, body) = ana.post(&server, "/api/games", &day);
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        ids("clock=turn_based"),
        vec![body["id"].as_str().unwrap().to_string()]
    );
    assert_eq!(ids("clock=none").len(), 3);
    let _ = std::fs::remove_dir_all(dir);
}
