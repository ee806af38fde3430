//! The games this process hosts: one writer per game (its mutex), the store as the
//! arbiter between processes, bots that move on their own, and the updates that
//! WebSocket clients follow.

use crate::limits::{Limiter, Rates};
use crate::live::{Command, LiveGame, Meta, Refusal};
use crate::now_ms;
use crate::stages::Stages;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex as SyncMutex};
use std::time::{Duration, Instant};
use tabuleiro_core::Seat;
use tabuleiro_store::{Append, GameRow, Store, StoreError};
use tokio::sync::{broadcast, Mutex, Semaphore};

/// A hosted game and the channel that announces its new versions.
pub struct GameCell {
    pub live: Mutex<LiveGame>,
    pub updates: broadcast::Sender<i64>,
    /// New chat lines, to the live followers (see `chat`).
    pub chat: broadcast::Sender<Arc<tabuleiro_store::ChatLine>>,
    bots_running: AtomicBool,
    /// This process's timer for the game's next clock deadline (a clocked game).
    pub(crate) clock_timer: SyncMutex<Option<tokio::task::AbortHandle>>,
}

#[derive(Clone, Debug)]
pub struct Settings {
    /// How long a bot waits before it moves, so people can follow.
    pub bot_delay: Duration,
    /// How long a person may take over a decision before the rules' default answer
    /// (or a bot) decides for them this once; `None`: no limit.
    pub decision_timeout: Option<Duration>,
    /// Host the unlisted test games (Nim, trade, ...) too.
    pub test_games: bool,
    /// How long a person must have been away (no request, no live connection)
    /// before the game's creator may hand their seat to a bot.
    pub evict_after: Duration,
    /// How many open seats of one game one client address may join.
    pub seats_per_address: u32,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a
    /// reverse proxy that sets it), not from the connection.
    pub trust_forwarded: bool,
    /// The URLs people reach this server at (normalised origins): invite links use
    /// the first, and a WebSocket whose `Origin` is not one of them is refused.
    pub public_urls: Vec<String>,
    /// The largest thinking budget a bot seat may ask for: milliseconds per
    /// decision (`mcts:ms=N`) and iterations per decision (`mcts:iters=N`), whose
    /// rollouts take at most the steps of as many default ones (`api::check_budget`).
    pub bot_max_ms: u64,
    pub bot_max_iters: u32,
    /// How many bots may think at once (each on a thread of its own).
    pub bot_threads: usize,
    /// Live connections (WebSocket followers) at most per game, and per client address.
    pub max_followers_per_game: usize,
    pub max_live_per_address: u32,
    /// A live connection that answers nothing (not even a ping) for this long is closed.
    pub live_idle_timeout: Duration,
    /// Requests per client address: creating games, joining seats, deciding.
    pub rates: Rates,
    /// Undo entries one seat may make per turn (0: no budget).
    pub undo_budget: u32,
    /// A game still played with no action for this long is abandoned; `None`: never.
    pub expire_after: Option<Duration>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bot_delay: Duration::ZERO,
            decision_timeout: None,
            test_games: false,
            evict_after: Duration::from_secs(180),
            seats_per_address: 1,
            trust_forwarded: false,
            public_urls: vec!["http://127.0.0.1:8080".into()],
            bot_max_ms: 5_000,
            bot_max_iters: 20_000,
            bot_threads: 2,
            max_followers_per_game: 200,
            max_live_per_address: 32,
            live_idle_timeout: Duration::from_secs(60),
            rates: Rates::UNLIMITED,
            undo_budget: 20,
            expire_after: None,
        }
    }
}

/// The bot that decides for a person whose time ran out, when the rules name no
/// default answer.
pub const STAND_IN_BOT: &str = "greedy";

pub struct Hub {
    pub store: Store,
    pub settings: Settings,
    games: SyncMutex<HashMap<String, Arc<GameCell>>>,
    /// When each person's seat was last heard from, and its open live connections.
    presence: SyncMutex<HashMap<(String, Seat), Presence>>,
    /// The open seats each client address joined, per game.
    joined: SyncMutex<HashMap<(String, IpAddr), u32>>,
    started: Instant,
    /// Open live connections per client address.
    live: SyncMutex<HashMap<IpAddr, u32>>,
    /// One permit per thinking bot: bots wait their turn in line (first come, first
    /// served), and a game's bots move one at a time, so no game takes more than one
    /// thread while others wait.
    bot_slots: Semaphore,
    /// Password hashes computed at once (sign-up, sign-in, a new password).
    pub hashing: Semaphore,
    /// The mailer, when the server mails (`--smtp-url`): notices and reset links.
    pub mailer: std::sync::OnceLock<Arc<crate::notices::Mailer>>,
    /// Request rates per client address.
    pub limiter: Limiter,
    /// Where commands' and pushes' time goes.
    pub stages: Stages,
}

/// Whether a person is still at the table.
#[derive(Clone, Copy, Debug)]
struct Presence {
    last: Instant,
    connections: u32,
}

/// Why the hub could not do what was asked.
#[derive(Debug)]
pub enum HubError {
    NotFound(String),
    Refused(Refusal),
    /// The client acted on an older version than the game's.
    Stale {
        current: i64,
        sent: i64,
    },
    Store(StoreError),
    Damaged(String),
}

impl From<StoreError> for HubError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound(id) => HubError::NotFound(id),
            e => HubError::Store(e),
        }
    }
}

/// How many Argon2 hashes (each tens of milliseconds and 19 MiB) run at once.
const PASSWORD_HASHES_AT_ONCE: usize = 2;

/// How many times a command is tried again after another process wrote first.
const RETRIES: usize = 3;

impl Hub {
    pub fn new(store: Store, settings: Settings) -> Arc<Hub> {
        let settings_threads = settings.bot_threads.max(1);
        let limiter = Limiter::new(settings.rates);
        Arc::new(Hub {
            limiter,
            store,
            settings,
            games: SyncMutex::new(HashMap::new()),
            presence: SyncMutex::new(HashMap::new()),
            joined: SyncMutex::new(HashMap::new()),
            started: Instant::now(),
            live: SyncMutex::new(HashMap::new()),
            bot_slots: Semaphore::new(settings_threads),
            hashing: Semaphore::new(PASSWORD_HASHES_AT_ONCE),
            mailer: std::sync::OnceLock::new(),
            stages: Stages::default(),
        })
    }

    /// Notes that the person in `seat` was just heard from (a request with the seat's
    /// token, a live message); `connected` counts an opened (+1) or closed (-1) live
    /// connection, which keeps the person present while it stays open.
    pub fn seen(&self, id: &str, seat: Seat, connected: i32) {
        let mut presence = self.presence.lock().expect("presence map");
        let p = presence.entry((id.to_string(), seat)).or_insert(Presence {
            last: Instant::now(),
            connections: 0,
        });
        p.last = Instant::now();
        p.connections = p.connections.saturating_add_signed(connected);
    }

    /// Whether the person in `seat` has been away for the eviction time: no live
    /// connection and nothing heard since (a seat never heard from counts from its
    /// creation or join, or from this process's start).
    pub fn away(&self, id: &str, seat: Seat) -> bool {
        let presence = self.presence.lock().expect("presence map");
        let (last, connections) = match presence.get(&(id.to_string(), seat)) {
            Some(p) => (p.last, p.connections),
            None => (self.started, 0),
        };
        connections == 0 && last.elapsed() >= self.settings.evict_after
    }

    /// Counts a join by `client` in game `id`, refusing one past the limit per
    /// address; answers whether it was counted. [`Hub::unjoin`] takes it back.
    pub fn count_join(&self, id: &str, client: IpAddr) -> bool {
        let mut joined = self.joined.lock().expect("joins map");
        let n = joined.entry((id.to_string(), client)).or_insert(0);
        if *n >= self.settings.seats_per_address {
            return false;
        }
        *n += 1;
        true
    }

    /// Counts a live connection from `client`, refusing one past the limit per
    /// address; [`Hub::hang_up`] takes it back when it closes.
    pub fn count_live(&self, client: IpAddr) -> bool {
        let mut live = self.live.lock().expect("live map");
        let n = live.entry(client).or_insert(0);
        if *n >= self.settings.max_live_per_address {
            return false;
        }
        *n += 1;
        true
    }

    pub fn hang_up(&self, client: IpAddr) {
        let mut live = self.live.lock().expect("live map");
        if let Some(n) = live.get_mut(&client) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                live.remove(&client);
            }
        }
    }

    pub fn unjoin(&self, id: &str, client: IpAddr) {
        let mut joined = self.joined.lock().expect("joins map");
        let key = (id.to_string(), client);
        if let Some(n) = joined.get_mut(&key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                joined.remove(&key);
            }
        }
    }

    /// The game, from memory or loaded from the store.
    pub async fn cell(&self, id: &str) -> Result<Arc<GameCell>, HubError> {
        if let Some(cell) = self.cached(id) {
            return Ok(cell);
        }
        let loaded = self.store.load(id).await?;
        let live =
            LiveGame::load(&loaded).map_err(|e| HubError::Damaged(format!("game {id}: {e}")))?;
        Ok(self.insert(live))
    }

    pub fn cached(&self, id: &str) -> Option<Arc<GameCell>> {
        self.games.lock().expect("games map").get(id).cloned()
    }

    fn insert(&self, live: LiveGame) -> Arc<GameCell> {
        let mut games = self.games.lock().expect("games map");
        games
            .entry(live.id.clone())
            .or_insert_with(|| {
                Arc::new(GameCell {
                    live: Mutex::new(live),
                    updates: broadcast::channel(64).0,
                    chat: crate::chat::channel(),
                    bots_running: AtomicBool::new(false),
                    clock_timer: SyncMutex::new(None),
                })
            })
            .clone()
    }

    /// Stores a new game and starts its bots.
    pub async fn create(
        self: &Arc<Self>,
        id: String,
        meta: Meta,
        tokens: &[(i64, String)],
    ) -> Result<(), HubError> {
        let (mut live, entries) = LiveGame::create(id, meta).map_err(HubError::Refused)?;
        // A clocked game's clocks start at its creation time, as stored.
        let now = live.clocks.as_ref().map_or_else(now_ms, |c| c.since.0);
        let row = GameRow {
            id: live.id.clone(),
            game: live.meta.game.clone(),
            meta: serde_json::to_string(&live.meta).expect("meta serializes"),
            version: live.version,
            status: live.status().into(),
            summary: live.summary().to_string(),
            created_ms: now,
            updated_ms: now,
        };
        self.store.create(&row, &entries, tokens).await?;
        self.store_clock_due(&mut live).await;
        let id = live.id.clone();
        for seat in 0..live.seats.len() {
            self.seen(&id, seat as Seat, 0);
        }
        self.insert(live);
        self.wake_bots(&id);
        self.watch_deadlines(&id).await;
        Ok(())
    }

    /// Runs a command: applies it to the game in place, stores its entries, and
    /// rebuilds the game from the store if they could not be stored. Returns the new
    /// version. With `sent`, refuses a decision made on a version that is out of
    /// date for its seat (see [`LiveGame::stale`]).
    pub async fn command(
        self: &Arc<Self>,
        id: &str,
        command: Command,
        sent: Option<i64>,
    ) -> Result<i64, HubError> {
        let cell = self.cell(id).await?;
        self.check_rated_seat(&cell, id, &command).await?;
        for _ in 0..RETRIES {
            let mut mark = Instant::now();
            let mut live = cell.live.lock().await;
            Stages::lap(&self.stages.command_wait, &mut mark);
            if let Some(sent) = sent {
                if live.stale(command.seat(), sent) {
                    return Err(HubError::Stale {
                        current: live.version,
                        sent,
                    });
                }
            }
            if let Command::Undo { seat } = command {
                live.check_undo_budget(seat, self.settings.undo_budget)
                    .map_err(HubError::Refused)?;
            }
            let pending = live.apply(&command).map_err(HubError::Refused)?;
            Stages::lap(&self.stages.apply, &mut mark);
            let snapshot = live.snapshot_due();
            let snapshot_idx = snapshot.as_ref().map(|s| s.idx);
            let append = Append {
                id: id.to_string(),
                from_version: pending.from,
                entries: pending.entries,
                status: live.status().to_string(),
                summary: live.summary().to_string(),
                now_ms: now_ms(),
                snapshot,
                claim: match &command {
                    Command::Join {
                        seat, token_hash, ..
                    } => Some((i64::from(*seat), token_hash.clone())),
                    _ => None,
                },
                clock: crate::timeouts::clock_due(&live),
            };
            let clock = append.clock;
            let stored = self.store.append(append).await;
            Stages::lap(&self.stages.store, &mut mark);
            match stored {
                Ok(()) => {
                    crate::timeouts::written(&mut live, clock);
                    if let Some(idx) = snapshot_idx {
                        live.last_snapshot = idx;
                    }
                    let version = live.version;
                    let over = live.status() == "over";
                    let rate = live.meta.rated && over;
                    let turns = crate::notices::turns_to_mail(&live, command.seat());
                    let game = live.meta.game.clone();
                    drop(live);
                    if rate {
                        self.rate_soon(id);
                    }
                    crate::notices::queue(self, id, &game, version, &turns, over).await;
                    let _ = cell.updates.send(version);
                    self.wake_bots(id);
                    self.watch_deadlines(id).await;
                    return Ok(version);
                }
                Err(StoreError::Conflict { .. }) => {
                    // Another process wrote first: drop what this command did, take
                    // the stored entries, and judge the command again.
                    self.reload(&mut live).await?;
                    let _ = cell.updates.send(live.version);
                }
                Err(e) => {
                    self.reload(&mut live).await?;
                    return Err(e.into());
                }
            }
        }
        Err(HubError::Store(StoreError::Conflict { expected: -1 }))
    }

    /// At a rated table, a person decides (or undoes) only from a seat an account
    /// holds (issue 42).
    async fn check_rated_seat(
        &self,
        cell: &GameCell,
        id: &str,
        command: &Command,
    ) -> Result<(), HubError> {
        let seat = match command {
            Command::Decide {
                seat, person: true, ..
            }
            | Command::Undo { seat } => *seat,
            _ => return Ok(()),
        };
        if !cell.live.lock().await.meta.rated {
            return Ok(());
        }
        match self.store.seat_holder(id, i64::from(seat)).await? {
            Some(_) => Ok(()),
            None => Err(HubError::Refused(Refusal::Unbound(seat))),
        }
    }

    /// Rates a rated game that just ended, off the request that ended it.
    fn rate_soon(self: &Arc<Self>, id: &str) {
        let hub = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            if let Err(e) = crate::ratings::rate_game(&hub, &id).await {
                tracing::warn!(game = %id, "rating: {e:?}");
            }
        });
    }

    /// Rebuilds a game from the store (after a command it did not store).
    async fn reload(&self, live: &mut LiveGame) -> Result<(), HubError> {
        let loaded = self.store.load(&live.id).await?;
        *live = LiveGame::load(&loaded).map_err(HubError::Damaged)?;
        Ok(())
    }

    /// Starts a timer for each person whose time to decide started now (or, on
    /// load, for everyone who must decide): when it runs out and the person has
    /// still not decided, the rules' default answer or a bot decides for them.
    /// A clocked game's timer follows its clocks instead ([`Hub::arm_clock`]).
    pub async fn watch_deadlines(self: &Arc<Self>, id: &str) {
        let Some(cell) = self.cached(id) else { return };
        let clock = {
            let live = cell.live.lock().await;
            live.clocks.is_some().then(|| live.clock_due())
        };
        if let Some(due) = clock {
            return self.arm_clock(&cell, id, due);
        }
        let Some(timeout) = self.settings.decision_timeout else {
            return;
        };
        let waiting = {
            let live = cell.live.lock().await;
            let now = live.version;
            let mut people = live.people_to_act();
            people.retain(|&(_, since)| since == now);
            people
        };
        for (seat, since) in waiting {
            self.deadline(id, seat, since, timeout);
        }
    }

    fn deadline(
        self: &Arc<Self>,
        id: &str,
        seat: tabuleiro_core::Seat,
        since: i64,
        timeout: Duration,
    ) {
        let hub = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            tokio::time::sleep(timeout).await;
            hub.stand_in(&id, seat, since).await;
        });
    }

    /// After a restart, the time of everyone who must decide in game `id` (stored
    /// at `version`) starts again: when it runs out, the game is loaded and those
    /// still waiting since then are answered for. The game stays unloaded meanwhile.
    fn deadline_after_restart(self: &Arc<Self>, id: String, version: i64, timeout: Duration) {
        let hub = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(timeout).await;
            let Ok(cell) = hub.cell(&id).await else {
                return;
            };
            // A clocked game's time is its clocks' (the clock sweep's).
            let people = match &*cell.live.lock().await {
                live if live.clocks.is_some() => Vec::new(),
                live => live.people_to_act(),
            };
            drop(cell);
            for (seat, since) in people {
                if since <= version {
                    hub.stand_in(&id, seat, since).await;
                }
            }
        });
    }

    /// The rules' default answer, or a bot, decides for `seat` if it has still not
    /// decided what it had to since `since`.
    pub(crate) async fn stand_in(self: &Arc<Self>, id: &str, seat: Seat, since: i64) {
        let Ok(cell) = self.cell(id).await else {
            return;
        };
        let answer = {
            let live = cell.live.lock().await;
            if !live.people_to_act().contains(&(seat, since)) {
                return;
            }
            match live.table.default_action(seat) {
                Some(action) => Ok(action),
                None => Err(live.table.bot_job(seat, STAND_IN_BOT)),
            }
        };
        let action = match answer {
            Ok(action) => action,
            Err(Ok(job)) => match self.think(job).await {
                Ok(action) => action,
                Err(e) => return tracing::error!(game = %id, seat, "bot task failed: {e}"),
            },
            Err(Err(e)) => return tracing::error!(game = %id, seat, "no stand-in: {e}"),
        };
        tracing::info!(game = %id, seat, "time to decide ran out");
        match self
            .command(
                id,
                Command::Decide {
                    seat,
                    action,
                    person: false,
                },
                Some(since),
            )
            .await
        {
            Ok(_) | Err(HubError::Stale { .. }) | Err(HubError::Refused(Refusal::Abandoned)) => {}
            Err(e) => tracing::error!(game = %id, seat, "default answer refused: {e:?}"),
        }
    }

    /// Brings a cached game up to the store's version (entries other processes wrote).
    pub async fn catch_up(&self, cell: &GameCell, live: &mut LiveGame) -> Result<(), HubError> {
        let row = self.store.row(&live.id).await?;
        if row.version <= live.version {
            return Ok(());
        }
        let entries = self
            .store
            .entries_since(&live.id, live.version, row.version)
            .await?;
        if let Err(e) = live.catch_up(&entries) {
            // Our copy went wrong somewhere: start again from the store.
            tracing::warn!(game = %live.id, "reloading after a failed catch-up: {e}");
            self.reload(live).await?;
        }
        let _ = cell.updates.send(live.version);
        Ok(())
    }

    /// A game changed in another process (PostgreSQL notification).
    pub async fn changed_elsewhere(self: &Arc<Self>, id: &str, version: i64) {
        let Some(cell) = self.cached(id) else { return };
        let mut live = cell.live.lock().await;
        if live.version >= version {
            return;
        }
        if let Err(e) = self.catch_up(&cell, &mut live).await {
            tracing::warn!(game = %id, "cannot follow a change made elsewhere: {e:?}");
        }
        drop(live);
        self.wake_bots(id);
    }

    /// Runs a bot's search on the bounded pool of bot threads.
    async fn think(
        &self,
        job: tabuleiro_games::table::BotJob,
    ) -> Result<serde_json::Value, String> {
        let _slot = self.bot_slots.acquire().await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|e| e.to_string())
    }

    /// Brings the games this process holds up to the stored versions: those written
    /// since `since_ms`, or all of them (`None`, after notifications may have been lost).
    pub async fn resync(self: &Arc<Self>, since_ms: Option<i64>) {
        let held: Vec<String> = self
            .games
            .lock()
            .expect("games map")
            .keys()
            .cloned()
            .collect();
        if held.is_empty() {
            return;
        }
        let stored = match since_ms {
            Some(ms) => self.store.changed_since(ms).await,
            None => self.stored_versions(&held).await,
        };
        let stored = match stored {
            Ok(rows) => rows,
            Err(e) => return tracing::warn!("cannot check the stored versions: {e}"),
        };
        for (id, version) in stored {
            if held.contains(&id) {
                self.changed_elsewhere(&id, version).await;
            }
        }
    }

    async fn stored_versions(&self, ids: &[String]) -> Result<Vec<(String, i64)>, StoreError> {
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            match self.store.row(id).await {
                Ok(row) => out.push((row.id, row.version)),
                Err(StoreError::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// Starts the game's bot loop unless it is running.
    pub fn wake_bots(self: &Arc<Self>, id: &str) {
        let Some(cell) = self.cached(id) else { return };
        if cell.bots_running.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.clone();
        let id = id.to_string();
        tokio::spawn(async move {
            loop {
                hub.run_bots(&id, &cell).await;
                cell.bots_running.store(false, Ordering::Release);
                // A command may have arrived between the last check and the flag.
                let more = !cell.live.lock().await.bots_to_act().is_empty();
                if !more || cell.bots_running.swap(true, Ordering::AcqRel) {
                    break;
                }
            }
        });
    }

    async fn run_bots(self: &Arc<Self>, id: &str, cell: &GameCell) {
        loop {
            let (job, version, seat) = {
                let live = cell.live.lock().await;
                let Some((seat, spec)) = live.bots_to_act().into_iter().next() else {
                    return;
                };
                (live.table.bot_job(seat, &spec), live.version, seat)
            };
            let job = match job {
                Ok(job) => job,
                Err(e) => return tracing::error!(game = %id, seat, "bot cannot move: {e}"),
            };
            tokio::time::sleep(self.settings.bot_delay).await;
            let action = match self.think(job).await {
                Ok(action) => action,
                Err(e) => return tracing::error!(game = %id, seat, "bot task failed: {e}"),
            };
            match self
                .command(
                    id,
                    Command::Decide {
                        seat,
                        action,
                        person: false,
                    },
                    Some(version),
                )
                .await
            {
                Ok(_) | Err(HubError::Stale { .. }) => {}
                // Another seat deciding at the same time may have made the bot's
                // choice illegal: it thinks again on the game as it now is.
                Err(HubError::Refused(_)) if cell.live.lock().await.version != version => {}
                Err(e) => return tracing::error!(game = %id, seat, "bot move refused: {e:?}"),
            }
        }
    }

    /// Forgets the games nobody follows and no bot must move in: they are reloaded
    /// from the store when next asked for, so memory follows the live games only.
    /// (A request still holding a forgotten game is safe: the store's version check
    /// arbitrates between two copies as between two processes.)
    pub fn forget_idle(&self) -> usize {
        let mut games = self.games.lock().expect("games map");
        let before = games.len();
        games.retain(|_, cell| {
            let idle = cell.updates.receiver_count() == 0
                && !cell.bots_running.load(Ordering::Acquire)
                && Arc::strong_count(cell) == 1;
            let quiet = cell
                .live
                .try_lock()
                .is_ok_and(|live| live.bots_to_act().is_empty());
            !(idle && quiet)
        });
        before - games.len()
    }

    /// After a restart, loads only the unfinished games whose bots must move (their
    /// bots carry on), and starts again the time of the people who must decide; every
    /// other game loads when first asked for. Answers (games still played, loaded).
    pub async fn resume_unfinished(self: &Arc<Self>) -> Result<(usize, usize), HubError> {
        let unfinished = self.store.unfinished().await?;
        let mut loaded = 0;
        for (id, version, summary) in &unfinished {
            let (bots, people) = waiting_in(summary);
            if bots {
                match self.cell(id).await {
                    Ok(_) => {
                        loaded += 1;
                        self.wake_bots(id);
                    }
                    Err(e) => tracing::error!(game = %id, "cannot load: {e:?}"),
                }
            }
            if let (true, Some(timeout)) = (people, self.settings.decision_timeout) {
                self.deadline_after_restart(id.clone(), *version, timeout);
            }
        }
        Ok((unfinished.len(), loaded))
    }

    /// How many games this process holds in memory.
    pub fn loaded(&self) -> usize {
        self.games.lock().expect("games map").len()
    }
}

/// Whether a bot, and whether a person (or an open seat), must act in a game, by
/// its lobby summary; a summary that cannot be read counts as both (the game is
/// loaded to find out).
fn waiting_in(summary: &str) -> (bool, bool) {
    let Ok(summary) = serde_json::from_str::<serde_json::Value>(summary) else {
        return (true, true);
    };
    let kinds: Vec<Option<&str>> = summary["to_act"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| {
            let seat = s.as_u64()? as usize;
            summary["seats"][seat]["kind"].as_str()
        })
        .collect();
    let bots = kinds
        .iter()
        .any(|k| *k != Some("human") && *k != Some("open"));
    let people = kinds.iter().any(|k| *k != Some("bot"));
    (bots, people)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn people() -> Meta {
        let human = crate::live::SeatSpec {
            kind: crate::live::SeatKind::Human,
            name: "Ana".into(),
            bot: None,
        };
        Meta {
            game: "burgundy".into(),
            // Duchy 1 for both: the first decision is the castle (no side to choose).
            options: json!({"duchies": [1, 1]}),
            seed: 3,
            seed_chosen: true,
            engine_version: "test".into(),
            rules_version: None,
            seats: vec![human.clone(), human],
            ..Meta::default()
        }
    }

    /// Unloads the idle games, waiting a moment for them to become idle: the bot
    /// check that follows every command holds a game briefly.
    async fn forget_soon(hub: &Hub) -> usize {
        for _ in 0..100 {
            let forgotten = hub.forget_idle();
            if forgotten > 0 {
                return forgotten;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        0
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn idle_games_are_unloaded_and_come_back_from_the_store() {
        let dir = std::env::temp_dir().join(format!("tabuleiro-hub-{}", std::process::id()));
        let store = Store::open_dir(&dir).await.unwrap();
        let hub = Hub::new(store, Settings::default());
        hub.create("g1".into(), people(), &[]).await.unwrap();
        let castle = {
            let cell = hub.cell("g1").await.unwrap();
            let live = cell.live.lock().await;
            live.table.legal(0)[0].clone()
        };
        let followed = hub.cell("g1").await.unwrap().updates.subscribe();
        assert_eq!(hub.forget_idle(), 0, "a followed game stays");
        drop(followed);
        let v = hub
            .command(
                "g1",
                Command::Decide {
                    seat: 0,
                    action: json!(castle),
                    person: true,
                },
                None,
            )
            .await
            .unwrap();
        assert_eq!(forget_soon(&hub).await, 1);
        assert!(hub.cached("g1").is_none());
        let cell = hub.cell("g1").await.unwrap();
        let live = cell.live.lock().await;
        assert_eq!(live.version, v, "reloaded as it was");
        assert!(live.table.legal(0).is_empty(), "seat 0 has chosen");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A copy of `table` made by replaying its record: the same state and undo window.
    fn replayed(
        table: &dyn tabuleiro_games::table::Table,
        meta: &Meta,
    ) -> Box<dyn tabuleiro_games::table::Table> {
        let kind = tabuleiro_games::table::kind(&meta.game).unwrap();
        let mut copy = (kind.create)(&meta.options, meta.seats.len(), meta.seed).unwrap();
        for (at, step) in table.record()["steps"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            copy.replay(step, at as i64).unwrap();
        }
        copy
    }

    /// Whether `seat` could still take `action` back once taken (and the chance it
    /// leads to drawn, as the server does at once).
    fn undoable(
        mut table: Box<dyn tabuleiro_games::table::Table>,
        seat: Seat,
        action: &str,
    ) -> bool {
        // The log indices do not matter here: the events are not read.
        table.decide(seat, &json!(action), 0).unwrap();
        while table.to_act() == tabuleiro_core::ToAct::Chance {
            table.draw_chance(0).unwrap();
        }
        table.can_undo(seat)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn ends_turn_marks_exactly_the_offers_that_cannot_be_taken_back() {
        let dir = std::env::temp_dir().join(format!("tabuleiro-hub-e-{}", std::process::id()));
        let store = Store::open_dir(&dir).await.unwrap();
        let hub = Hub::new(store, Settings::default());
        hub.create("e".into(), people(), &[]).await.unwrap();
        let cell = hub.cell("e").await.unwrap();
        let (mut ending, mut staying, mut ended_by_a_die) = (0, 0, 0);
        for turn in 0..120 {
            let (seat, choice) = {
                let live = cell.live.lock().await;
                let seat = live.table.to_act().seats().lowest().expect("a seat to act");
                let shown = crate::api::game_json(&live, crate::api::Who::Seat(seat));
                let offers = shown["offers"].as_array().unwrap().clone();
                for offer in &offers {
                    let action = offer["action"].as_str().unwrap();
                    let ends = offer.get("ends_turn") == Some(&json!(true));
                    // Absent when false: a client reads a missing mark as "no".
                    assert_ne!(offer.get("ends_turn"), Some(&json!(false)));
                    let copy = replayed(live.table.as_ref(), &live.meta);
                    assert_eq!(ends, !undoable(copy, seat, action), "turn {turn}: {action}");
                    if ends {
                        ending += 1;
                        // Both dice used with nothing left to buy: the last use of a
                        // die ends the turn by itself, with no pass.
                        let play = ["take", "place", "sell", "workers"];
                        ended_by_a_die += play.iter().any(|p| action.starts_with(p)) as usize;
                    } else {
                        staying += 1;
                    }
                }
                let choice = offers[turn % offers.len()]["action"].clone();
                (seat, choice)
            };
            let command = Command::Decide {
                seat,
                action: choice,
                person: true,
            };
            hub.command("e", command, None).await.unwrap();
        }
        assert!(
            ending > 10 && staying > 10,
            "{ending} ending, {staying} not"
        );
        assert!(ended_by_a_die > 0, "a last die ends the turn");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_game_of_other_rules_says_so_when_loaded() {
        let dir = std::env::temp_dir().join(format!("tabuleiro-hub-v-{}", std::process::id()));
        let store = Store::open_dir(&dir).await.unwrap();
        let hub = Hub::new(store, Settings::default());
        let old = Meta {
            rules_version: Some("0.9.0".into()),
            ..people()
        };
        hub.create("old".into(), old, &[]).await.unwrap();
        assert_eq!(forget_soon(&hub).await, 1);
        let Err(HubError::Damaged(why)) = hub.cell("old").await else {
            panic!("a game of other rules must not load");
        };
        assert!(why.contains("version 0.9.0 of the rules"), "{why}");
        let current = tabuleiro_games::table::kind("burgundy").unwrap().version;
        assert!(why.contains(current), "{why}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
