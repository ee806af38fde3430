//! Notices by email (issue 42) through a real SMTP server on loopback (Python's
//! aiosmtpd, Debian's `python3-aiosmtpd`, which `.ci/run` installs), writing what it
//! receives to a maildir that the test reads.

mod support;

use serde_json::{json, Value};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use support::{play_out, token, Server};

/// Debian's Python, where `python3-aiosmtpd` installs (a `python3` earlier on the
/// PATH may be another one).
const PYTHON: &str = "/usr/bin/python3";

/// An SMTP server on a free loopback port, keeping mail in `dir/new`.
struct Smtp {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Smtp {
    /// `None` when aiosmtpd is missing outside CI (in CI it must be there).
    fn start() -> Option<Smtp> {
        let probe = Command::new(PYTHON)
            .args(["-c", "import aiosmtpd"])
            .status();
        if !probe.is_ok_and(|s| s.success()) {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            assert!(
                !ci,
                "CI=true but python3-aiosmtpd is not installed: .ci/run installs it"
            );
            eprintln!("python3-aiosmtpd is not installed: the mail test is skipped here");
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // aiosmtpd's Mailbox makes the maildir (tmp, new, cur) when it is missing.
        let dir = support::temp_dir("maildir").join("mail");
        let child = Command::new(PYTHON)
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&dir)
            .stdout(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        // Made at once, so that a failure below still stops the process (Drop).
        let smtp = Smtp { child, port, dir };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return Some(smtp);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("aiosmtpd did not listen on {port}");
    }

    /// The messages received so far, as text (quoted-printable soft breaks joined).
    fn mails(&self) -> Vec<String> {
        let read = |d: &Path| std::fs::read_dir(d).into_iter().flatten().flatten();
        let mut mails: Vec<String> = read(&self.dir.join("new"))
            .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
            .map(|m| m.replace("=\n", "").replace("=3D", "="))
            .collect();
        mails.sort();
        mails
    }

    /// Waits until `n` messages have arrived.
    fn wait_for(&self, n: usize) -> Vec<String> {
        for _ in 0..400 {
            let mails = self.mails();
            if mails.len() >= n {
                return mails;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{n} mail(s) awaited, {} came", self.mails().len());
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Signs up on `server`, asks for notices at `email`; answers the session cookie.
fn account(server: &Server, name: &str, email: &str, lang: &str) -> String {
    let credentials = json!({"name": name, "password": "correct horse"});
    let (status, head, _) = server.request("POST", "/api/account/signup", &[], Some(&credentials));
    assert_eq!(status, 201);
    let cookie = head
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let notices = json!({"email": email, "notify": !email.is_empty(), "lang": lang});
    let (status, _, body) = server.request(
        "POST",
        "/api/account/notices",
        &[("Cookie", &cookie)],
        Some(&notices),
    );
    assert_eq!(status, 200, "{body}");
    cookie
}

/// A game against a bot whose seat 0 is bound to the account of `cookie`.
fn game_of(server: &Server, cookie: &str) -> (String, String) {
    game_with(server, cookie, Value::Null)
}

/// The same, with a clock.
fn game_with(server: &Server, cookie: &str, clock: Value) -> (String, String) {
    let new = json!({"game": "viscounts", "seed": 3, "clock": clock,
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "bot": "easy"}]});
    let (status, _, made) = server.request("POST", "/api/games", &[("Cookie", cookie)], Some(&new));
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let seat = token(&made, 0);
    let bearer = format!("Bearer {seat}");
    let bind = format!("/api/games/{id}/seats/0/bind");
    let (status, _, _) = server.request(
        "POST",
        &bind,
        &[("Cookie", cookie), ("Authorization", &bearer)],
        None,
    );
    assert_eq!(status, 200);
    (id, seat)
}

#[test]
fn a_game_that_ends_is_mailed_in_the_players_language_once() {
    let Some(smtp) = Smtp::start() else { return };
    let dir = support::temp_dir("notices");
    let url = format!("smtp://127.0.0.1:{}", smtp.port);
    let server = Server::start_args(
        &dir,
        None,
        0,
        &["--smtp-url", &url, "--notice-every", "0.2"],
    );
    let cookie = account(&server, "Ana", "ana@example.test", "pt-BR");
    let (id, seat) = game_of(&server, &cookie);
    play_out(&server, &id, &seat, 3);
    let mails = smtp.wait_for(1);
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(smtp.mails().len(), 1, "one mail for one ended game");
    let mail = &mails[0];
    assert!(mail.contains("To: Ana <ana@example.test>"), "{mail}");
    assert!(mail.contains("Subject: Uma partida terminou"), "{mail}");
    assert!(mail.contains(&format!("/games/{id}")), "{mail}");
    // Someone who did not ask for notices gets none.
    let quiet = json!({"name": "Bea", "password": "correct horse"});
    let (status, head, _) = server.request("POST", "/api/account/signup", &[], Some(&quiet));
    assert_eq!(status, 201);
    let bea = head
        .lines()
        .find_map(|l| l.split_once("tabuleiro_session="))
        .unwrap()
        .1;
    let bea = format!("tabuleiro_session={}", bea.split(';').next().unwrap());
    let (id, seat) = game_of(&server, &bea);
    play_out(&server, &id, &seat, 4);
    std::thread::sleep(Duration::from_millis(800));
    assert_eq!(smtp.mails().len(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn notice_settings_refuse_what_is_not_an_address_or_a_language() {
    let dir = support::temp_dir("notice-settings");
    let server = Server::start(&dir, None);
    let cookie = account(&server, "Ana", "", "en");
    for bad in [
        json!({"email": "not an address", "notify": true, "lang": "en"}),
        json!({"email": "ana@example.test\r\nBcc: x@y.z", "notify": true, "lang": "en"}),
        json!({"email": "", "notify": true, "lang": "en"}),
        json!({"email": "ana@example.test", "notify": true, "lang": "fr"}),
    ] {
        let (status, _, body) = server.request(
            "POST",
            "/api/account/notices",
            &[("Cookie", &cookie)],
            Some(&bad),
        );
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (_, _, me): (u16, String, Value) =
        server.request("GET", "/api/account", &[("Cookie", &cookie)], None);
    assert_eq!(
        (me["email"].as_str(), me["notify"].as_bool()),
        (Some(""), Some(false))
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Takes one of the seat's legal decisions; waits until it may.
fn act_once(server: &Server, id: &str, seat: &str) {
    let game = support::wait_for(server, id, Some(seat), |g| {
        !g["legal"].as_array().unwrap().is_empty()
    });
    let action = json!({"action": game["legal"][0]});
    let (status, body) = server.post(&format!("/api/games/{id}/actions"), Some(seat), &action);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn turns_in_turn_based_games_are_mailed_once_as_one_digest() {
    let Some(smtp) = Smtp::start() else { return };
    let dir = support::temp_dir("turn-notices");
    let url = format!("smtp://127.0.0.1:{}", smtp.port);
    // The first round of mail comes after both games have come back to Ana; a
    // player counts as away at once (`--evict-after 0`).
    let options = [
        "--smtp-url",
        &url,
        "--notice-every",
        "8",
        "--evict-after",
        "0",
    ];
    let server = Server::start_args(&dir, None, 0, &options);
    let cookie = account(&server, "Ana", "ana@example.test", "en");
    let day = json!({"kind": "turn_based", "per_move_s": 86400});
    let games: Vec<(String, String)> = (0..2)
        .map(|_| game_with(&server, &cookie, day.clone()))
        .collect();
    for (id, seat) in &games {
        act_once(&server, id, seat);
        act_once(&server, id, seat);
    }
    let mails = smtp.wait_for(1);
    let mail = &mails[0];
    assert!(mail.contains("Subject: 2 games wait for you"), "{mail}");
    for (id, _) in &games {
        assert_eq!(mail.matches(&format!("/games/{id}")).count(), 1, "{mail}");
    }
    // Nothing more happened: no second mail for the same turns.
    std::thread::sleep(Duration::from_secs(9));
    assert_eq!(smtp.mails().len(), 1);
    // A real-time table mails no turn.
    let blitz = json!({"kind": "realtime", "bank_s": 600, "increment_s": 5});
    let (id, seat) = game_with(&server, &cookie, blitz);
    act_once(&server, &id, &seat);
    act_once(&server, &id, &seat);
    std::thread::sleep(Duration::from_secs(9));
    assert_eq!(smtp.mails().len(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_forgotten_password_is_reset_by_a_mailed_link_used_once() {
    let Some(smtp) = Smtp::start() else { return };
    let dir = support::temp_dir("reset");
    let url = format!("smtp://127.0.0.1:{}", smtp.port);
    let server = Server::start_args(&dir, None, 0, &["--smtp-url", &url]);
    let cookie = account(&server, "Ana", "ana@example.test", "es");
    // The same answer for an account with an address, one without, and no account.
    account(&server, "Bea", "", "en");
    let ask = |name: &str| server.post("/api/account/reset", None, &json!({"name": name}));
    let answers = [ask("ana"), ask("Bea"), ask("nobody")];
    assert!(answers.iter().all(|a| a == &answers[0]), "{answers:?}");
    assert_eq!(answers[0].0, 202);
    let mail = smtp.wait_for(1).remove(0);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(smtp.mails().len(), 1, "only Ana has an address");
    assert!(
        mail.contains("Subject: Una =?utf-8?b?Y29udHJhc2XDsWE=?= nueva"),
        "{mail}"
    );
    assert!(mail.contains("Hola, Ana:"), "in her language: {mail}");
    let token = mail
        .split("#reset=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let confirm = |token: &str, password: &str| {
        server.post(
            "/api/account/reset/confirm",
            None,
            &json!({"token": token, "password": password}),
        )
    };
    assert_eq!(confirm("u.0000", "battery staple").0, 400);
    assert_eq!(
        confirm(token, "short").0,
        400,
        "a bad password keeps the link"
    );
    assert_eq!(confirm(token, "battery staple").0, 204);
    assert_eq!(
        confirm(token, "another staple").0,
        400,
        "a link is good once"
    );
    // Every session ended; the new password signs in.
    let (status, _, _) = server.request("GET", "/api/account", &[("Cookie", &cookie)], None);
    assert_eq!(status, 401);
    let signin = json!({"name": "Ana", "password": "battery staple"});
    assert_eq!(server.post("/api/account/signin", None, &signin).0, 200);
    // A server that mails nothing says so whatever the name.
    let quiet = Server::start(&support::temp_dir("no-mail"), None);
    for name in ["Ana", "nobody"] {
        let (status, body) = quiet.post("/api/account/reset", None, &json!({"name": name}));
        assert_eq!((status, body["code"].as_str()), (503, Some("no_mail")));
    }
    let _ = std::fs::remove_dir_all(dir);
}
