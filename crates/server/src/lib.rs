//! The game server: a lobby, seats with secret tokens, live play over HTTP and
//! WebSocket, bots that move on their own, and games kept as event logs in the store
//! (SQLite by default, PostgreSQL for several processes). Generic over the games in
//! the registry (`tabuleiro-games`): nothing here knows a rule.

pub mod account_api;
pub mod accounts;
pub mod api;
pub mod auth;
mod chat;
pub mod client;
pub mod clock;
pub mod conn;
mod expiry;
pub mod hub;
pub mod limits;
pub mod live;
pub mod notices;
pub mod ratings;
mod render;
pub mod stages;
mod timeouts;
mod ws;

use hub::{Hub, Settings};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tabuleiro_store::{Backend, Heard, Store, CHANNEL};

/// How `tabuleiro serve` was asked to run.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    pub addr: SocketAddr,
    /// `postgres://...` or `sqlite://...`; `None`: SQLite under `data_dir`.
    pub database: Option<String>,
    pub data_dir: PathBuf,
    pub bot_delay: Duration,
    /// How long a person may take over one decision before the rules' default
    /// answer (or a bot) decides for them; `None`: no limit.
    pub decision_timeout: Option<Duration>,
    /// Host the unlisted test games too (hidden flag, for tests).
    pub test_games: bool,
    /// How long a person must be away before the creator may hand their seat to a bot.
    pub evict_after: Duration,
    /// How many open seats of one game one client address may join.
    pub seats_per_address: u32,
    /// Read the client's address from `X-Forwarded-For` (behind a reverse proxy).
    pub trust_forwarded: bool,
    /// The URLs people reach this server at (`--public-url`); empty: from the
    /// listen address.
    pub public_urls: Vec<String>,
    /// Bounds on bots: budgets accepted and threads thinking at once.
    pub bot_max_ms: u64,
    pub bot_max_iters: u32,
    pub bot_threads: usize,
    /// Live connections at most per game and per client address.
    pub max_followers_per_game: usize,
    pub max_live_per_address: u32,
    /// Caps on open connections and their timeouts (head, idle).
    pub connections: conn::Limits,
    /// A live connection that answers nothing (not even a ping) for this long is closed.
    pub live_idle_timeout: Duration,
    /// With PostgreSQL: how often the games held are checked against the stored
    /// versions (a bound on serving a game stale after a lost notification).
    pub resync_every: Duration,
    /// Requests per client address (creating games, joining, deciding and undoing).
    pub rates: limits::Rates,
    /// Undo entries one seat may make per turn (0: no budget).
    pub undo_budget: u32,
    /// A game still played with no action for this long is abandoned; `None`: never.
    pub expire_after: Option<Duration>,
    /// How often the games nobody follows are unloaded from memory.
    pub unload_every: Duration,
    /// Pages served besides the API (the browser client), if any.
    pub pages: Option<axum::Router>,
    /// Where turn and end-of-game notices are mailed from; `None`: no mail.
    pub smtp: Option<notices::SmtpConfig>,
}

/// Headers on every answer: the page loads only its own scripts, styles and
/// connections and cannot be framed (clickjacking a seat's token page), answers are not
/// sniffed as another type, and no page sends its address (which may carry a seat
/// token in an invite link) to another site.
async fn security_headers(mut response: axum::response::Response) -> axum::response::Response {
    use axum::http::header::{
        HeaderValue, CONTENT_SECURITY_POLICY, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
        X_FRAME_OPTIONS,
    };
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; \
             style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; \
             form-action 'self'; frame-ancestors 'none'",
        ),
    );
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

/// The periodic chores: unloading the games nobody follows, forgetting the rate
/// buckets of clients gone quiet, answering for people out of time on clocked
/// tables, and ending abandoned games.
fn sweep(hub: Arc<Hub>, unload_every: Duration, expire_after: Option<Duration>) {
    let clocks = hub.clone();
    tokio::spawn(async move {
        loop {
            if let Err(e) = clocks.sweep_clocks().await {
                tracing::warn!("clock sweep: {e:?}");
            }
            tokio::time::sleep(timeouts::SWEEP_EVERY).await;
        }
    });
    let sweeper = hub.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(unload_every).await;
            let forgotten = sweeper.forget_idle();
            let clients = sweeper.limiter.sweep();
            tracing::debug!(forgotten, clients, "idle games unloaded");
        }
    });
    let Some(idle) = expire_after else { return };
    tokio::spawn(async move {
        loop {
            match hub.expire_idle(idle).await {
                Ok(0) => {}
                Ok(ended) => {
                    tracing::info!(ended, "abandoned games ended");
                    ratings::rate_due(&hub).await;
                }
                Err(e) => tracing::warn!("expiry sweep: {e:?}"),
            }
            tokio::time::sleep(expiry::sweep_every(idle)).await;
        }
    });
}

pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Runs the server until Ctrl-C or SIGTERM; every acknowledged action is stored
/// before its answer is sent, so stopping (or being killed) loses none.
pub async fn serve(config: ServeConfig) -> Result<(), String> {
    let store = match &config.database {
        Some(url) => Store::connect(url).await,
        None => Store::open_dir(&config.data_dir).await,
    }
    .map_err(|e| format!("cannot open the game store: {e}"))?;
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let public_urls = public_urls(&config.public_urls, addr)?;
    let hub = Hub::new(
        store.clone(),
        Settings {
            bot_delay: config.bot_delay,
            decision_timeout: config.decision_timeout,
            test_games: config.test_games,
            evict_after: config.evict_after,
            seats_per_address: config.seats_per_address,
            trust_forwarded: config.trust_forwarded,
            public_urls,
            bot_max_ms: config.bot_max_ms,
            bot_max_iters: config.bot_max_iters,
            bot_threads: config.bot_threads,
            max_followers_per_game: config.max_followers_per_game,
            max_live_per_address: config.max_live_per_address,
            live_idle_timeout: config.live_idle_timeout,
            rates: config.rates,
            undo_budget: config.undo_budget,
            expire_after: config.expire_after,
        },
    );
    if store.backend() == Backend::Postgres {
        follow_other_processes(hub.clone(), config.resync_every).await?;
    }
    let (unfinished, loaded) = hub
        .resume_unfinished()
        .await
        .map_err(|e| format!("{e:?}"))?;
    ratings::rate_due(&hub).await;
    if let Some(smtp) = &config.smtp {
        let mailer = Arc::new(notices::Mailer::new(smtp)?);
        let _ = hub.mailer.set(mailer.clone());
        notices::start(hub.clone(), mailer);
    }
    sweep(hub.clone(), config.unload_every, config.expire_after);
    let mut app = api::routes(hub.clone());
    if let Some(pages) = config.pages {
        app = pages.merge(app);
    }
    let app = app.layer(axum::middleware::map_response(security_headers));
    let where_ = match &config.database {
        Some(url) if url.starts_with("postgres") => "PostgreSQL".to_string(),
        Some(url) => url.clone(),
        None => config
            .data_dir
            .join("tabuleiro.sqlite3")
            .display()
            .to_string(),
    };
    tracing::info!(unfinished, loaded, "games kept in {where_}");
    // The address goes to stdout so that scripts (and tests) can read it.
    println!("tabuleiro serving on http://{addr}");
    conn::serve(listener, app, config.connections, stop_signal()).await;
    tracing::info!("stopping: every acknowledged action is stored");
    tracing::info!("{}", hub.stages);
    store.close().await;
    Ok(())
}

/// The configured public URLs as origins, or those of the listen address.
fn public_urls(configured: &[String], addr: SocketAddr) -> Result<Vec<String>, String> {
    if configured.is_empty() {
        if addr.ip().is_unspecified() {
            tracing::warn!(
                "listening on {addr} without --public-url: invite links name {addr} and \
                 browsers reaching this server by another name cannot open live connections"
            );
        }
        return Ok(client::default_public_urls(addr));
    }
    configured
        .iter()
        .map(|u| {
            client::origin(u).ok_or_else(|| {
                format!("--public-url {u:?}: give scheme and host, as https://play.example")
            })
        })
        .collect()
}

async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

/// With PostgreSQL, other processes append to the same logs: each append notifies
/// `id version`, and the games this process holds catch up and push to their clients.
/// A notification can be lost (the LISTEN connection drops, or dies silently), so the
/// held games are also checked against the stored versions when the connection comes
/// back and every `resync_every`: no game is served stale for longer than that.
async fn follow_other_processes(hub: Arc<Hub>, resync_every: Duration) -> Result<(), String> {
    let mut listener = tabuleiro_store::listen(&hub.store)
        .await
        .map_err(|e| format!("cannot listen on {CHANNEL}: {e}"))?;
    let listening = hub.clone();
    tokio::spawn(async move {
        loop {
            match listener.next().await {
                Ok(Heard::Append(id, version)) => listening.changed_elsewhere(&id, version).await,
                Ok(Heard::Chat(id, n)) => chat::heard(&listening, &id, n).await,
                Ok(Heard::Reconnected) => {
                    tracing::warn!("notifications: connection made again; checking every game");
                    listening.resync(None).await;
                }
                Err(e) => {
                    tracing::warn!("notifications: {e}; listening again");
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    listening.resync(None).await;
                }
            }
        }
    });
    tokio::spawn(async move {
        // Writers' clocks may differ a little: look back further than one period.
        let margin = resync_every.as_millis() as i64 + CLOCK_SKEW_MS;
        loop {
            tokio::time::sleep(resync_every).await;
            hub.resync(Some(now_ms() - margin)).await;
        }
    });
    Ok(())
}

/// How far apart the clocks of two server processes may be for the periodic check.
const CLOCK_SKEW_MS: i64 = 30_000;
