//! `tabuleiro serve`: the game server (HTTP, WebSocket, lobby, bots, persistence).

use crate::games::Error;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tabuleiro_server::limits::Rate;

/// A flag's value refused, as the command's error.
fn flag(name: &'static str) -> impl Fn(String) -> Error {
    move |e| Error::from(format!("--{name} {e}"))
}

/// A span of time: a number with `s`, `m`, `h` or `d` (seconds without one).
fn span(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (n, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c),
        _ => (text, 's'),
    };
    let seconds = match unit {
        's' => 1.0,
        'm' => 60.0,
        'h' => 3600.0,
        'd' => 86_400.0,
        _ => f64::NAN,
    };
    n.trim()
        .parse::<f64>()
        .ok()
        .and_then(|n| Duration::try_from_secs_f64(n * seconds).ok())
        .ok_or_else(|| format!("{text:?}: give a time as 30d, 12h, 15m or 90s"))
}

#[derive(clap::Args)]
pub struct Args {
    /// Where to listen.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The folder of the embedded SQLite store (created if missing).
    #[arg(long, default_value = "data")]
    data: PathBuf,
    /// A PostgreSQL URL (postgres://user:pass@host/db) to use instead of SQLite;
    /// several servers may share one.
    #[arg(long, env = "TABULEIRO_DATABASE")]
    database: Option<String>,
    /// How long a bot waits before each move, so people can follow (milliseconds).
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,
    /// How long a person may take over one decision, in seconds; then the rules'
    /// default answer (declining an offer) or a bot decides for them this once, so
    /// no game waits forever. 0: no limit.
    #[arg(long, default_value_t = 600.0)]
    decision_timeout: f64,
    /// How long a person must have been away (no request, no open live
    /// connection), in seconds, before the game's creator may hand their seat to a
    /// bot. A person may always hand their own seat to a bot.
    #[arg(long, default_value_t = 180.0)]
    evict_after: f64,
    /// How many open seats of one game one client address may join from the lobby
    /// (people behind one NAT share an address).
    #[arg(long, default_value_t = 1)]
    seats_per_address: u32,
    /// Take the client's address from the last X-Forwarded-For entry: only behind
    /// a reverse proxy that sets it (otherwise clients could choose their address).
    #[arg(long)]
    trust_forwarded_for: bool,
    /// A URL people reach this server at (https://play.example), repeatable: invite
    /// links use the first, and live connections from pages of any other origin are
    /// refused. Default: the listen address (and localhost on loopback).
    #[arg(long = "public-url")]
    public_urls: Vec<String>,
    /// The longest a bot may think per decision, in milliseconds (mcts:ms=N): a
    /// game or a "replace with bot" asking for more is refused with 422.
    #[arg(long, default_value_t = 5_000)]
    bot_max_ms: u64,
    /// The most iterations a bot may search per decision (mcts:iters=N); its
    /// rollouts may take as many steps (iters x cap x roll) as this many iterations
    /// of the default rollouts (cap=100).
    #[arg(long, default_value_t = 20_000)]
    bot_max_iters: u32,
    /// How many bots may think at once, each on a thread; others wait their turn,
    /// one move at a time per game. Default: the number of CPUs.
    #[arg(long)]
    bot_threads: Option<usize>,
    /// With PostgreSQL: how often, in seconds, the games this process holds are
    /// checked against the stored versions, in case a notification from another
    /// process was lost: no game is served stale for longer than this.
    #[arg(long, default_value_t = 5.0)]
    resync_every: f64,
    /// Live connections (WebSocket followers) at most per game: more answer 503
    /// (the game can still be read over HTTP).
    #[arg(long, default_value_t = 200)]
    max_followers_per_game: usize,
    /// Live connections at most per client address: more answer 429.
    #[arg(long, default_value_t = 32)]
    max_live_per_address: u32,
    /// Seconds a client has to send a whole request head (request line and
    /// headers) from its first byte (from connecting, for the first request); then
    /// its connection is closed (slowloris, silent connections).
    #[arg(long, default_value = "10", value_parser = seconds)]
    head_timeout: Duration,
    /// Seconds a connection may send and read nothing (a keep-alive between
    /// requests, a client that stops reading its answer) before it is closed.
    #[arg(long, default_value = "60", value_parser = seconds)]
    idle_timeout: Duration,
    /// Seconds a live connection (WebSocket) may answer nothing before it is
    /// closed: the server pings it every third of that, and clients answer pings
    /// by themselves.
    #[arg(long, default_value = "60", value_parser = seconds)]
    live_idle_timeout: Duration,
    /// Open TCP connections at most: more are answered 503 and closed at once.
    /// Lowered to fit the process's open-file limit.
    #[arg(long, default_value = "4096", value_parser = count)]
    max_connections: usize,
    /// Open TCP connections at most from one client address (IPv6: one /64): more
    /// are answered 429 and closed at once. Not counted with --trust-forwarded-for,
    /// where every connection comes from the proxy (limit clients there).
    #[arg(long, default_value = "64", value_parser = count)]
    max_connections_per_address: usize,
    /// Games one client address may create: a rate (N/s, N/min or N/h; 0: no
    /// limit) with --create-burst at once; past it, 429 with Retry-After.
    #[arg(long, default_value = "10/min")]
    create_rate: String,
    /// How many of those requests one address may make at once (the bucket's size).
    #[arg(long, default_value_t = 5)]
    create_burst: u32,
    /// Seats one client address may join (rate, as --create-rate).
    #[arg(long, default_value = "30/min")]
    join_rate: String,
    /// How many of those requests one address may make at once (the bucket's size).
    #[arg(long, default_value_t = 10)]
    join_burst: u32,
    /// Decisions and undo one client address may send, over HTTP and live
    /// connections together (rate, as --create-rate). Bots are not counted.
    #[arg(long, default_value = "20/s")]
    action_rate: String,
    /// How many of those requests one address may make at once (the bucket's size).
    #[arg(long, default_value_t = 40)]
    action_burst: u32,
    /// Sign-ups and sign-ins one client address may try (rate, as --create-rate);
    /// each account also locks for a while after repeated wrong passwords.
    #[arg(long, default_value = "20/min")]
    signin_rate: String,
    /// How many of those requests one address may make at once (the bucket's size).
    #[arg(long, default_value_t = 10)]
    signin_burst: u32,
    /// Chat lines (and mutes) at a table (rate, as --create-rate), counted per
    /// client address and, apart, per seat.
    #[arg(long, default_value = "30/min")]
    chat_rate: String,
    /// How many chat lines one address (or seat) may send at once.
    #[arg(long, default_value_t = 8)]
    chat_burst: u32,
    /// How many decisions one seat may take back in one turn; past it undo is
    /// refused (422, refusal.undo_budget) until the seat's decisions are final
    /// (its turn moved on). 0: no budget.
    #[arg(long, default_value_t = 20)]
    undo_budget: u32,
    /// A game still played (open or running) with no action for this long is
    /// abandoned: it takes nothing more, leaves the lobby, and its record is
    /// published. A number with s, m, h or d (30d, 12h, 90s); 0: never.
    #[arg(long, default_value = "30d")]
    expire_after: String,
    /// How often (seconds) the games nobody follows and no bot plays are unloaded
    /// from memory; they load again when next asked for.
    #[arg(long, default_value_t = 120.0)]
    unload_every: f64,
    /// The SMTP server that mails players' notices (their turn in a turn-based game,
    /// a game's end), for accounts that ask for them: smtps://user:password@host
    /// (TLS), smtp://user:password@host:587?tls=required (STARTTLS required), or
    /// smtp://host:port (plain: a server on this machine only). None: no mail.
    #[arg(long, env = "TABULEIRO_SMTP_URL")]
    smtp_url: Option<String>,
    /// The notices' sender: an address, or `Name <address>`.
    #[arg(long, default_value = "tabuleiro <noreply@localhost>")]
    smtp_from: String,
    /// How often (seconds) waiting notices are mailed: one mail per player each
    /// time, a digest when several games wait.
    #[arg(long, default_value = "60", value_parser = seconds)]
    notice_every: Duration,
    /// Also host the test games (nim, trade, ...), which the lobby never offers.
    #[arg(long, hide = true)]
    test_games: bool,
}

pub fn run(args: Args) -> Result<(), Error> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,sqlx=warn".into()),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let rates = tabuleiro_server::limits::Rates {
        create: Rate::parse(&args.create_rate, args.create_burst).map_err(flag("create-rate"))?,
        join: Rate::parse(&args.join_rate, args.join_burst).map_err(flag("join-rate"))?,
        act: Rate::parse(&args.action_rate, args.action_burst).map_err(flag("action-rate"))?,
        signin: Rate::parse(&args.signin_rate, args.signin_burst).map_err(flag("signin-rate"))?,
        chat: Rate::parse(&args.chat_rate, args.chat_burst).map_err(flag("chat-rate"))?,
    };
    let expire_after = span(&args.expire_after).map_err(flag("expire-after"))?;
    let config = tabuleiro_server::ServeConfig {
        rates,
        undo_budget: args.undo_budget,
        expire_after: (!expire_after.is_zero()).then_some(expire_after),
        unload_every: Duration::try_from_secs_f64(args.unload_every)
            .ok()
            .filter(|d| !d.is_zero())
            .unwrap_or(Duration::from_secs(120)),
        addr: args.addr,
        database: args.database,
        data_dir: args.data,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        decision_timeout: (args.decision_timeout > 0.0)
            .then(|| Duration::from_secs_f64(args.decision_timeout)),
        test_games: args.test_games,
        evict_after: Duration::try_from_secs_f64(args.evict_after).unwrap_or(Duration::MAX),
        seats_per_address: args.seats_per_address,
        trust_forwarded: args.trust_forwarded_for,
        public_urls: args.public_urls,
        max_followers_per_game: args.max_followers_per_game,
        max_live_per_address: args.max_live_per_address,
        connections: tabuleiro_server::conn::Limits {
            head_timeout: args.head_timeout,
            idle_timeout: args.idle_timeout,
            max_connections: args.max_connections,
            max_per_address: (!args.trust_forwarded_for)
                .then_some(args.max_connections_per_address),
        },
        live_idle_timeout: args.live_idle_timeout,
        resync_every: Duration::try_from_secs_f64(args.resync_every)
            .ok()
            .filter(|d| !d.is_zero())
            .unwrap_or(Duration::from_secs(5)),
        bot_max_ms: args.bot_max_ms,
        bot_max_iters: args.bot_max_iters,
        bot_threads: args
            .bot_threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
        pages: Some(tabuleiro_web::pages()),
        smtp: args
            .smtp_url
            .map(|url| tabuleiro_server::notices::SmtpConfig {
                url,
                from: args.smtp_from,
                every: args.notice_every,
            }),
    };
    let runtime = tokio::runtime::Runtime::new()?;
    let served = runtime.block_on(tabuleiro_server::serve(config));
    // Bots still thinking are not waited for: every acknowledged action is stored,
    // and their games' bots think again at the next start.
    runtime.shutdown_timeout(Duration::from_millis(500));
    served?;
    Ok(())
}

/// A positive number of seconds (fractions allowed).
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| *s > 0.0)
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| format!("{text:?} is not a positive number of seconds"))
}

/// A count of at least one.
fn count(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("{text:?} is not a whole number of at least 1"))
}
