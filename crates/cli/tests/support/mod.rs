//! A `tabuleiro serve` process for tests, and a small HTTP/1.1 client over std's
//! TcpStream (raw bytes too, so tests can send what no well-behaved client would).
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Server {
    child: Child,
    pub addr: String,
}

/// A fresh folder under the target directory.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabuleiro-test-{name}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the `tabuleiro` binary with `args` to the end.
pub fn tabuleiro(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(args)
        .output()
        .expect("runs")
}

pub fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The PostgreSQL the tests use: `TABULEIRO_TEST_POSTGRES`. In CI it must be set
/// (`.ci/run` installs and starts one), so the PostgreSQL tests cannot quietly skip.
pub fn postgres_url() -> Option<String> {
    match std::env::var("TABULEIRO_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but TABULEIRO_TEST_POSTGRES is not set: .ci/run must start PostgreSQL")
        }
        _ => {
            eprintln!(
                "TABULEIRO_TEST_POSTGRES is not set: PostgreSQL tests skipped on this machine"
            );
            None
        }
    }
}

/// The databases to run a test against: SQLite in `dir`, and PostgreSQL when available.
pub fn databases(name: &str) -> Vec<(PathBuf, Option<String>)> {
    let mut out = vec![(temp_dir(name), None)];
    if let Some(url) = postgres_url() {
        out.push((temp_dir(name), Some(url)));
    }
    out
}

impl Server {
    pub fn start(data: &Path, database: Option<&str>) -> Server {
        Server::start_with(data, database, 0)
    }

    pub fn start_with(data: &Path, database: Option<&str>, bot_delay_ms: u64) -> Server {
        Server::start_args(data, database, bot_delay_ms, &[])
    }

    /// A server with more command-line options (`--test-games`, `--decision-timeout`).
    pub fn start_args(
        data: &Path,
        database: Option<&str>,
        bot_delay_ms: u64,
        extra: &[&str],
    ) -> Server {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tabuleiro"));
        cmd.args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms"])
            .arg(bot_delay_ms.to_string())
            .arg("--data")
            .arg(data)
            .env("RUST_LOG", "warn")
            .env_remove("TABULEIRO_DATABASE")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(url) = database {
            cmd.args(["--database", url]);
        }
        cmd.args(extra);
        // The tests create games and act faster than any person: the request
        // rates are lifted unless a test sets them.
        for rate in [
            "--create-rate",
            "--join-rate",
            "--action-rate",
            "--signin-rate",
        ] {
            if !extra.contains(&rate) {
                cmd.args([rate, "0"]);
            }
        }
        let mut child = cmd.spawn().expect("tabuleiro serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("tabuleiro serving on http://")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// SIGTERM, then waits for a clean exit.
    pub fn stop(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        self.child.wait().unwrap()
    }

    /// SIGTERM, without waiting.
    pub fn signal_stop(&self) {
        let _ = Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
    }

    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// A JSON request; answers the status and the JSON body (Null when not JSON).
    pub fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let bearer = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = bearer
            .iter()
            .map(|b| ("Authorization", b.as_str()))
            .collect();
        let (status, _, body) = self.request(method, path, &headers, body);
        (status, body)
    }

    /// A JSON request with extra headers (a cookie, an origin); answers the status,
    /// the head of the answer (its headers, lower-cased names as sent) and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> (u16, String, Value) {
        let body = body.map(|b| b.to_string());
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n",
            self.addr
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(b) = &body {
            head.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                b.len()
            ));
        }
        head.push_str("\r\n");
        let mut stream = TcpStream::connect(&self.addr).expect("the server listens");
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        stream
            .write_all(body.unwrap_or_default().as_bytes())
            .unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let split = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or(0);
        let answer_head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let (status, body) = parse_response(&answer).expect("the server answers");
        let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
        (status, answer_head, body)
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        self.call("GET", path, token, None)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
        self.call("POST", path, token, Some(body))
    }

    /// The head (status line and headers) of the answer to a GET of `path`.
    pub fn head_of(&self, path: &str) -> String {
        let mut stream = TcpStream::connect(&self.addr).expect("the server listens");
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).expect("request sent");
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let end = answer
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or(answer.len());
        String::from_utf8_lossy(&answer[..end]).into_owned()
    }

    /// Sends raw bytes; answers the status and body, or `None` when the server
    /// closed the connection without an answer.
    pub fn raw(&self, request: &[u8]) -> Option<(u16, Vec<u8>)> {
        let mut stream = TcpStream::connect(&self.addr).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .ok()?;
        stream.write_all(request).ok()?;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        parse_response(&answer)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn parse_response(raw: &[u8]) -> Option<(u16, Vec<u8>)> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..split]).ok()?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let body = &raw[split + 4..];
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase()
            .starts_with("transfer-encoding: chunked")
    });
    Some((
        status,
        if chunked {
            dechunk(body)
        } else {
            body.to_vec()
        },
    ))
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
        let size =
            usize::from_str_radix(std::str::from_utf8(&body[..end]).unwrap_or("0").trim(), 16)
                .unwrap_or(0);
        if size == 0 || body.len() < end + 2 + size {
            break;
        }
        out.extend_from_slice(&body[end + 2..end + 2 + size]);
        body = &body[(end + 4 + size).min(body.len())..];
    }
    out
}

/// A game created on `server` with the given seats; answers (id, creation answer).
/// Every seat on duchy 1, so that the first decision is the starting castle (random
/// boards, where a side comes first, are tested in the engine and the position tool).
pub fn create(server: &Server, seats: Value, seed: u64) -> (String, Value) {
    let duchies = vec![1; seats.as_array().map_or(0, Vec::len)];
    let (status, body) = server.post(
        "/api/games",
        None,
        &serde_json::json!({"game": "burgundy", "seats": seats, "seed": seed,
            "options": {"duchies": duchies}}),
    );
    assert_eq!(status, 201, "{body}");
    (body["id"].as_str().unwrap().to_string(), body)
}

/// The token of `seat` in a creation answer.
pub fn token(created: &Value, seat: u64) -> String {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == seat)
        .unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string()
}

/// Waits until `check` holds for the game as `token` sees it (bots move on their own).
pub fn wait_for(
    server: &Server,
    id: &str,
    token: Option<&str>,
    check: impl Fn(&Value) -> bool,
) -> Value {
    for _ in 0..6000 {
        let (status, game) = server.get(&format!("/api/games/{id}"), token);
        assert_eq!(status, 200, "{game}");
        if check(&game) {
            return game;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("the game never reached the awaited state");
}

/// A small deterministic generator for choosing among legal actions.
pub struct Pick(pub u64);

impl Pick {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A WebSocket client socket.
pub type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<TcpStream>>;

/// Opens the live connection of game `id` (`query` after the `?`), with the token
/// in an `Authorization` header as programs send it (never in the URL).
pub fn ws_connect(addr: &str, id: &str, tok: Option<&str>, query: &str) -> Socket {
    use tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/api/games/{id}/ws?{query}")
        .into_client_request()
        .unwrap();
    if let Some(t) = tok {
        request
            .headers_mut()
            .insert("Authorization", format!("Bearer {t}").parse().unwrap());
    }
    let (socket, _) = tungstenite::connect(request).expect("ws connects");
    socket
}

/// Plays `seat` with random legal actions until the game is over; checks on the
/// way that the answer is the seat's own game and that versions only grow.
pub fn play_out(server: &Server, id: &str, tok: &str, seed: u64) -> Value {
    let mut pick = Pick(seed);
    let mut last = -1;
    loop {
        let game = wait_for(server, id, Some(tok), |g| {
            g["over"] == true || !g["legal"].as_array().unwrap().is_empty()
        });
        let version = game["version"].as_i64().unwrap();
        assert!(version > last, "versions grow");
        last = version;
        if game["over"] == true {
            return game;
        }
        let legal = game["legal"].as_array().unwrap();
        let action = &legal[pick.below(legal.len())];
        let (status, after) = server.post(
            &format!("/api/games/{id}/actions"),
            Some(tok),
            &json!({"action": action}),
        );
        assert_eq!(status, 200, "{action} refused: {after}");
        assert_eq!(after["seat"], game["seat"]);
    }
}
