//! `tabuleiro loadtest`: starts a `tabuleiro serve` process, opens many games, and
//! plays them at once through WebSocket clients that make legal moves; reports
//! actions per second, round-trip latency percentiles, the bytes of each pushed
//! state, the server's CPU per action and its memory per game. With
//! `--spectators N`, N more clients follow each game without a seat (one game
//! followed by many). A benchmark, not a test: the figures depend on the machine,
//! so the report shows the machine's load next to them (a noisy run is visible as
//! such) and where the server's store writes spent their time.

mod machine;
mod spectators;

use crate::games::Error;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

/// Errors that may cross the client tasks.
type SendError = Box<dyn std::error::Error + Send + Sync>;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(clap::Args)]
pub struct Args {
    /// Games played at once (a person's WebSocket client against a random bot in each).
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Decisions each client makes.
    #[arg(long, default_value_t = 30)]
    actions: usize,
    /// A person's thinking time before each decision, in milliseconds: drawn
    /// uniformly between 0 and twice this. 0 sends each decision at once.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// People arrive over this many milliseconds (client n connects at
    /// n/games of it); 0 connects every client at once.
    #[arg(long, default_value_t = 0)]
    arrive_ms: u64,
    /// Spectators following each game over WebSocket (no seat), connected before
    /// the players start: `--games 1 --spectators 200` measures one game followed
    /// by many.
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// PostgreSQL URL; the default is SQLite in a fresh temporary folder.
    #[arg(long)]
    database: Option<String>,
    /// The `tabuleiro` binary whose server is measured (default: this one), so that
    /// two builds are compared with the same clients.
    #[arg(long)]
    server_bin: Option<PathBuf>,
    /// Play with a clock at every table (issue 42): `realtime:BANK+INCREMENT` or
    /// `turn_based:PER_MOVE` in seconds (`realtime:600+10`); the default plays
    /// without one.
    #[arg(long, value_parser = clock_spec)]
    clock: Option<Value>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// A `--clock` as the API takes it: `realtime:600+10`, `turn_based:86400`.
fn clock_spec(text: &str) -> Result<Value, String> {
    let secs = |s: &str| {
        s.parse::<u64>()
            .map_err(|_| format!("{s:?} is not a number of seconds"))
    };
    match text.split_once(':') {
        Some(("realtime", pace)) => {
            let (bank, increment) = pace.split_once('+').unwrap_or((pace, "0"));
            Ok(json!({"kind": "realtime", "bank_s": secs(bank)?, "increment_s": secs(increment)?}))
        }
        Some(("turn_based", per_move)) => {
            Ok(json!({"kind": "turn_based", "per_move_s": secs(per_move)?}))
        }
        _ => Err(format!(
            "{text:?}: a clock is realtime:BANK+INCREMENT or turn_based:PER_MOVE (seconds)"
        )),
    }
}

struct ServerProcess {
    child: Child,
    addr: String,
}

/// The server's stderr, in its data folder.
const SERVER_LOG: &str = "server.log";

impl ServerProcess {
    /// Stops the server with SIGTERM, as an operator would, so that it closes its
    /// store (which logs its write timings); kills it if it takes over 10 s.
    fn stop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The last line of the server's log that says `what` (the store's write timings,
/// see `Store::write_stats`, or the server's stages), from `what` on.
fn logged(data: &std::path::Path, what: &str) -> String {
    let log = std::fs::read_to_string(data.join(SERVER_LOG)).unwrap_or_default();
    log.lines()
        .rev()
        .find_map(|l| l.find(what).map(|at| l[at..].to_string()))
        .unwrap_or_default()
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_server(
    database: Option<&str>,
    binary: Option<&std::path::Path>,
) -> Result<(ServerProcess, PathBuf), Error> {
    let data = std::env::temp_dir().join(format!("tabuleiro-loadtest-{}", std::process::id()));
    std::fs::create_dir_all(&data)?;
    let log = std::fs::File::create(data.join(SERVER_LOG))?;
    let mut cmd = Command::new(match binary {
        Some(b) => b.to_path_buf(),
        None => std::env::current_exe()?,
    });
    cmd.args([
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--bot-delay-ms",
        "0",
        // Every simulated player connects from this one address.
        "--max-live-per-address",
        "1000000",
        "--max-followers-per-game",
        "1000000",
        "--max-connections-per-address",
        "1000000",
        "--max-connections",
        "1000000",
        "--create-rate",
        "0",
        "--join-rate",
        "0",
        "--action-rate",
        "0",
        "--data",
    ])
    .arg(&data)
    // The store's write timings and the server's stages are logged at info when
    // it stops.
    .env(
        "RUST_LOG",
        "warn,tabuleiro_store=info,tabuleiro_server=info",
    )
    .stdout(Stdio::piped())
    .stderr(log);
    if let Some(url) = database {
        cmd.args(["--database", url]);
    }
    let mut child = cmd.spawn()?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().ok_or("no stdout")?).read_line(&mut line)?;
    let addr = line
        .trim()
        .strip_prefix("tabuleiro serving on http://")
        .ok_or_else(|| format!("the server said {line:?}"))?
        .to_string();
    Ok((ServerProcess { child, addr }, data))
}

/// The server's resident memory in KiB (Linux).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn post(addr: &str, path: &str, body: &Value) -> Result<Value, SendError> {
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    stream.write_all(request.as_bytes()).await?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await?;
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no HTTP answer")?;
    Ok(serde_json::from_slice(&answer[split + 4..])?)
}

async fn create_game(
    addr: &str,
    seed: u64,
    clock: Option<&Value>,
) -> Result<(String, String), SendError> {
    let seats = json!([{"kind": "human", "name": "load"}, {"kind": "bot", "bot": "random"}]);
    let mut new = json!({"game": "burgundy", "seats": seats, "seed": seed});
    if let Some(clock) = clock {
        new["clock"] = clock.clone();
    }
    let created = post(addr, "/api/games", &new).await?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let token = created["seats"][0]["token"]
        .as_str()
        .ok_or("no token")?
        .to_string();
    Ok((id, token))
}

/// Opens the live connection of game `id`, as its seat (the token) or a spectator.
async fn connect(addr: &str, id: &str, token: Option<&str>) -> Result<Socket, SendError> {
    let mut request = format!("ws://{addr}/api/games/{id}/ws").into_client_request()?;
    if let Some(token) = token {
        request
            .headers_mut()
            .insert("Authorization", format!("Bearer {token}").parse()?);
    }
    Ok(tokio_tungstenite::connect_async(request).await?.0)
}

/// What one player's client measured: each decision's round trip, and the size in
/// bytes of each state pushed to it.
#[derive(Default)]
struct Played {
    times: Vec<Duration>,
    sizes: Vec<usize>,
}

/// Plays `actions` decisions; answers each one's round trip (sent to the first
/// pushed state that includes it) and the size of each pushed state.
async fn play(
    addr: String,
    id: String,
    token: String,
    actions: usize,
    think_ms: u64,
    arrive_after: Duration,
    seed: u64,
) -> Result<Played, SendError> {
    tokio::time::sleep(arrive_after).await;
    let mut socket = connect(&addr, &id, Some(&token)).await?;
    let mut rng = tabuleiro_core::Rng::seed(seed);
    let mut times = Vec::with_capacity(actions);
    let mut sizes = Vec::with_capacity(2 * actions);
    let mut waiting: Option<(Instant, i64)> = None;
    while let Some(message) = socket.next().await {
        let Message::Text(text) = message? else {
            continue;
        };
        let state: Value = serde_json::from_str(text.as_str())?;
        if state["type"] == "error" {
            return Err(format!("refused: {state}").into());
        }
        if state["type"] == "state" {
            sizes.push(text.len());
        }
        let version = state["version"].as_i64().unwrap_or(0);
        if let Some((sent, at)) = waiting {
            if version <= at {
                continue;
            }
            times.push(sent.elapsed());
            waiting = None;
        }
        if times.len() >= actions || state["over"] == true {
            break;
        }
        let legal = state["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            continue;
        }
        let action = &legal[rng.below(legal.len())];
        if think_ms > 0 {
            let pause = rng.below(2 * think_ms as usize + 1) as u64;
            tokio::time::sleep(Duration::from_millis(pause)).await;
        }
        let message = json!({"type": "action", "action": action, "version": version});
        waiting = Some((Instant::now(), version));
        socket.send(Message::text(message.to_string())).await?;
    }
    Ok(Played { times, sizes })
}

pub fn run(args: Args) -> Result<(), Error> {
    let (mut server, data) = start_server(args.database.as_deref(), args.server_bin.as_deref())?;
    let runtime = tokio::runtime::Runtime::new()?;
    let report = runtime.block_on(async {
        let rss_before = rss_kib(server.child.id()).unwrap_or(0);
        let mut games = Vec::new();
        for n in 0..args.games {
            games.push(
                create_game(&server.addr, n as u64, args.clock.as_ref())
                    .await
                    .map_err(|e| e.to_string())?,
            );
        }
        let ids: Vec<String> = games.iter().map(|(id, _)| id.clone()).collect();
        let (done, watching) = watch::channel(false);
        let spectators = spectators::open(&server.addr, &ids, args.spectators, &watching)
            .await
            .map_err(|e| format!("a spectator could not connect: {e}"))?;
        let probe = machine::Probe::start(vec![std::process::id(), server.child.id()]);
        let started = Instant::now();
        let clients: Vec<_> = games
            .into_iter()
            .enumerate()
            .map(|(n, (id, token))| {
                tokio::spawn(play(
                    server.addr.clone(),
                    id,
                    token,
                    args.actions,
                    args.think_ms,
                    arrival(args.arrive_ms, n, args.games),
                    n as u64,
                ))
            })
            .collect();
        let mut played = Played::default();
        let mut failed = 0;
        for c in clients {
            match c.await {
                Ok(Ok(p)) => {
                    played.times.extend(p.times);
                    played.sizes.extend(p.sizes);
                }
                _ => failed += 1,
            }
        }
        let elapsed = started.elapsed();
        let machine = probe.finish();
        let _ = done.send(true);
        let watched = spectators::gather(spectators).await;
        let rss_after = rss_kib(server.child.id()).unwrap_or(0);
        let mut report = report(&args, played.times, failed, elapsed, rss_before, rss_after);
        report["machine"] = machine;
        report["push_bytes"] = json!({"players": sizes(played.sizes),
                                      "spectators": sizes(watched.sizes)});
        report["failed_spectators"] = json!(watched.failed);
        Ok::<_, Error>(report)
    })?;
    let mut report = report;
    server.stop();
    report["server_store"] = json!(logged(&data, "store writes:"));
    report["server_stages"] = json!(logged(&data, "server stages:"));
    drop(server);
    let _ = std::fs::remove_dir_all(data);
    if args.json {
        outln!("{report}");
    } else {
        print_report(&report);
    }
    Ok(())
}

/// The item at quantile `q` of `sorted` (the largest for 1.0).
fn quantile<T: Copy>(sorted: &[T], q: f64) -> Option<T> {
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len().max(1)) - 1;
    sorted.get(i).copied()
}

/// The pushed states' sizes in bytes: how many, their mean, p99 and largest.
fn sizes(mut bytes: Vec<usize>) -> Value {
    bytes.sort_unstable();
    let mean = bytes.iter().sum::<usize>() as f64 / bytes.len().max(1) as f64;
    json!({"pushes": bytes.len(), "mean": mean,
           "p99": quantile(&bytes, 0.99).unwrap_or(0),
           "max": quantile(&bytes, 1.0).unwrap_or(0)})
}

/// When client `n` of `games` connects, people arriving evenly over `spread_ms`.
fn arrival(spread_ms: u64, n: usize, games: usize) -> Duration {
    Duration::from_millis(spread_ms * n as u64 / games.max(1) as u64)
}

fn report(
    args: &Args,
    mut times: Vec<Duration>,
    failed: usize,
    elapsed: Duration,
    before: u64,
    after: u64,
) -> Value {
    times.sort();
    let ms = |q: f64| quantile(&times, q).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    json!({
        "games": args.games,
        "spectators": args.spectators,
        "think_ms": args.think_ms,
        "arrive_ms": args.arrive_ms,
        "clock": args.clock,
        "failed_clients": failed,
        "database": if args.database.is_some() { "postgres" } else { "sqlite" },
        "actions": times.len(),
        "seconds": elapsed.as_secs_f64(),
        "actions_per_second": times.len() as f64 / elapsed.as_secs_f64(),
        "latency_ms": {"p50": ms(0.50), "p90": ms(0.90), "p99": ms(0.99), "max": ms(1.0)},
        "server_rss_kib": {"before": before, "after": after},
        "kib_per_game": after.saturating_sub(before) as f64 / args.games.max(1) as f64,
    })
}

/// A report's `push_bytes` entry in words.
fn describe_sizes(s: &Value) -> String {
    format!(
        "mean {:.0}, p99 {}, max {} ({} pushes)",
        s["mean"].as_f64().unwrap_or(0.0),
        s["p99"],
        s["max"],
        s["pushes"]
    )
}

fn print_report(r: &Value) {
    let clock = match &r["clock"] {
        Value::Null => String::new(),
        c => format!(", clock {c}"),
    };
    outln!(
        "{} games ({}{clock}, people think 0-{} ms), {} actions in {:.1} s: {:.0} actions/s; {} clients failed",
        r["games"],
        r["database"].as_str().unwrap_or(""),
        2 * r["think_ms"].as_u64().unwrap_or(0),
        r["actions"],
        r["seconds"].as_f64().unwrap_or(0.0),
        r["actions_per_second"].as_f64().unwrap_or(0.0),
        r["failed_clients"]
    );
    let l = &r["latency_ms"];
    outln!(
        "round trip: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        l["p50"].as_f64().unwrap_or(0.0),
        l["p90"].as_f64().unwrap_or(0.0),
        l["p99"].as_f64().unwrap_or(0.0),
        l["max"].as_f64().unwrap_or(0.0)
    );
    outln!(
        "server memory: {} KiB before the games, {} KiB after: {:.0} KiB per game",
        r["server_rss_kib"]["before"],
        r["server_rss_kib"]["after"],
        r["kib_per_game"].as_f64().unwrap_or(0.0)
    );
    outln!("{}", machine::describe(&r["machine"]));
    let per_action = |who: &str| {
        let seconds = r["machine"]["cpu_seconds"][who].as_f64().unwrap_or(0.0);
        1000.0 * seconds / r["actions"].as_f64().unwrap_or(1.0).max(1.0)
    };
    let spectators = r["spectators"].as_u64().unwrap_or(0);
    let pushes_to = match spectators {
        0 => String::new(),
        n => format!(" and the pushes to {n} spectators a game"),
    };
    outln!(
        "CPU time per person's action (with the bot's answer{pushes_to}): server {:.2} ms, clients {:.2} ms",
        per_action("server"),
        per_action("clients")
    );
    outln!(
        "bytes per push: players {}",
        describe_sizes(&r["push_bytes"]["players"])
    );
    if spectators > 0 {
        outln!(
            "bytes per push: spectators {}; {} spectators failed",
            describe_sizes(&r["push_bytes"]["spectators"]),
            r["failed_spectators"]
        );
    }
    if let Some(store) = r["server_store"].as_str().filter(|s| !s.is_empty()) {
        outln!("server {store}");
    }
    if let Some(stages) = r["server_stages"].as_str().filter(|s| !s.is_empty()) {
        outln!("{stages}");
    }
}
