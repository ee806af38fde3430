//! Games as append-only event logs plus snapshots. SQLite is the embedded default,
//! PostgreSQL the choice for several server processes; both run the same SQL through
//! sqlx's `Any` driver (DESIGN.md, "store": "the same code for both").
//!
//! The store knows nothing of any game's rules: entries, events and snapshots are
//! JSON text. What it guarantees:
//! - an append commits all of its entries or none;
//! - an append names the version (log length) it was computed from, and is refused
//!   with [`StoreError::Conflict`] when another writer got there first (optimistic
//!   concurrency), so two processes can never both extend the same log position;
//! - what an append returned `Ok` for survives a crash of the process (SQLite runs
//!   in WAL mode; PostgreSQL commits are durable).

pub mod accounts;
mod chat;
mod clocks;
pub mod notices;
mod one_statement;
mod schema;
mod stats;
mod writer;

pub use chat::{ChatLine, SPECTATOR};
pub use clocks::ClockDue;
pub use stats::{Histogram, Summary, WriteStats};

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Connection, Row};
use std::path::Path;
use std::sync::Arc;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game changed since version {expected}: another action was recorded first")]
    Conflict { expected: i64 },
    #[error("no game with id {0:?}")]
    NotFound(String),
    #[error("that seat is already taken")]
    SeatTaken,
    #[error("that name is already taken")]
    NameTaken,
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is damaged: {0}")]
    Damaged(String),
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A game's row: what never changes after creation (`meta`) and what the lobby
/// lists (`status`, `summary`, `version`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub game: String,
    pub meta: String,
    pub version: i64,
    pub status: String,
    pub summary: String,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// One log entry with the events it produced (both JSON text).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub entry: String,
    pub events: String,
}

/// A saved state at a log position: replaying the entries from `idx` on restores
/// the game without replaying the whole log.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub idx: i64,
    pub state: String,
}

/// Everything needed to bring a game back.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub row: GameRow,
    pub entries: Vec<Entry>,
    pub snapshot: Option<Snapshot>,
}

/// What an append changes besides the log.
#[derive(Clone, Debug)]
pub struct Append {
    pub id: String,
    /// The log length the new entries were computed from.
    pub from_version: i64,
    pub entries: Vec<Entry>,
    pub status: String,
    pub summary: String,
    pub now_ms: i64,
    pub snapshot: Option<Snapshot>,
    /// A seat taken with these entries and its token hash: stored in the same
    /// transaction, so a join is logged with its token or not at all.
    pub claim: Option<(i64, String)>,
    /// A clocked game's next deadline, written with the entries (see `clocks`);
    /// `None` for a game without a clock.
    pub clock: Option<ClockDue>,
}

/// The lobby's filters.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    pub game: Option<String>,
    pub status: Option<String>,
    pub limit: i64,
}

#[derive(Clone, Debug)]
pub struct Store {
    /// The pool, the writers' turn (SQLite) and the write timings.
    db: writer::Db,
    /// The thread the appends run on, in groups (see `writer`).
    writer: Arc<writer::Writer>,
    url: String,
}

/// The PostgreSQL channel on which appends announce `id version`.
pub const CHANNEL: &str = "tabuleiro_games";

impl Store {
    /// Opens (creating if needed) the SQLite file `dir/tabuleiro.sqlite3`.
    pub async fn open_dir(dir: &Path) -> Result<Store> {
        std::fs::create_dir_all(dir).map_err(|e| {
            StoreError::Damaged(format!(
                "cannot create the data folder {}: {e}",
                dir.display()
            ))
        })?;
        let file = dir.join("tabuleiro.sqlite3");
        Store::connect(&format!("sqlite://{}?mode=rwc", file.display())).await
    }

    /// Connects to `sqlite://...` or `postgres://...` and creates the tables if missing.
    pub async fn connect(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(StoreError::Damaged(format!(
                "unknown database URL {url:?}: use sqlite://FILE or postgres://..."
            )));
        };
        let pool = match backend {
            Backend::Sqlite => sqlite_options(4).connect(url).await?,
            Backend::Postgres => postgres_options().connect(url).await?,
        };
        let db = writer::Db {
            pool,
            turn: (backend == Backend::Sqlite).then(Arc::default),
            backend,
            counters: Arc::default(),
        };
        let store = Store {
            writer: Arc::new(writer::Writer::start(db.clone()).map_err(|e| {
                StoreError::Damaged(format!("cannot start the store's writer: {e}"))
            })?),
            db,
            url: url.to_string(),
        };
        schema::create(&store.db.pool).await?;
        Ok(store)
    }

    pub fn backend(&self) -> Backend {
        self.db.backend
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Creates a game with its first entries and the token hashes of its seats.
    pub async fn create(
        &self,
        row: &GameRow,
        entries: &[Entry],
        tokens: &[(i64, String)],
    ) -> Result<()> {
        let mut timer = stats::Timer::start(&self.db.counters);
        let mut conn = self.db.pool.acquire().await?;
        let _turn = self.db.my_turn().await;
        timer.queued();
        let mut tx = conn.begin_with(self.db.begin_write()).await?;
        sqlx::query(
            "INSERT INTO games (id, game, meta, version, status, summary, created_ms, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&row.id)
        .bind(&row.game)
        .bind(&row.meta)
        .bind(row.version)
        .bind(&row.status)
        .bind(&row.summary)
        .bind(row.created_ms)
        .bind(row.updated_ms)
        .execute(&mut *tx)
        .await?;
        timer.locked();
        insert_entries(&mut tx, &row.id, 0, entries).await?;
        for (seat, hash) in tokens {
            sqlx::query("INSERT INTO seats (game_id, seat, token_hash) VALUES ($1, $2, $3)")
                .bind(&row.id)
                .bind(*seat)
                .bind(hash)
                .execute(&mut *tx)
                .await?;
        }
        timer.written();
        tx.commit().await?;
        self.db.counters.transaction();
        timer.committed();
        Ok(())
    }

    /// Appends entries after `from_version`, or refuses with `Conflict` when the log
    /// is no longer that long. All or nothing. Appends waiting at once are
    /// committed together (see `writer`); each is still stored or refused on its own.
    pub async fn append(&self, a: Append) -> Result<()> {
        self.writer.append(a).await
    }

    pub async fn row(&self, id: &str) -> Result<GameRow> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?
            .ok_or_else(|| StoreError::NotFound(id.into()))?;
        game_row(&row)
    }

    /// The game's row, its latest snapshot and every entry.
    pub async fn load(&self, id: &str) -> Result<Loaded> {
        let row = self.row(id).await?;
        let snapshot = sqlx::query(
            "SELECT idx, state FROM snapshots WHERE game_id = $1 AND idx <= $2 \
             ORDER BY idx DESC LIMIT 1",
        )
        .bind(id)
        .bind(row.version)
        .fetch_optional(&self.db.pool)
        .await?
        .map(|r| -> Result<Snapshot> {
            Ok(Snapshot {
                idx: r.try_get(0)?,
                state: r.try_get(1)?,
            })
        })
        .transpose()?;
        let entries = self.entries_since(id, 0, row.version).await?;
        Ok(Loaded {
            row,
            entries,
            snapshot,
        })
    }

    /// Entries `from..to` of a game's log, in order.
    pub async fn entries_since(&self, id: &str, from: i64, to: i64) -> Result<Vec<Entry>> {
        let rows = sqlx::query(
            "SELECT idx, entry, events FROM entries WHERE game_id = $1 AND idx >= $2 AND idx < $3 \
             ORDER BY idx",
        )
        .bind(id)
        .bind(from)
        .bind(to)
        .fetch_all(&self.db.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for (n, r) in rows.iter().enumerate() {
            let idx: i64 = r.try_get(0)?;
            if idx != from + n as i64 {
                return Err(StoreError::Damaged(format!(
                    "game {id}: log entry {} is missing",
                    from + n as i64
                )));
            }
            out.push(Entry {
                entry: r.try_get(1)?,
                events: r.try_get(2)?,
            });
        }
        if out.len() as i64 != to - from {
            return Err(StoreError::Damaged(format!(
                "game {id}: the log ends at {} but the game says {to}",
                from + out.len() as i64
            )));
        }
        Ok(out)
    }

    /// The stored token hash of a seat (seat -1 is the game's creator).
    pub async fn token_hash(&self, id: &str, seat: i64) -> Result<Option<String>> {
        let row = sqlx::query("SELECT token_hash FROM seats WHERE game_id = $1 AND seat = $2")
            .bind(id)
            .bind(seat)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Replaces a seat's token hash `old` by `new`; answers false when the stored
    /// hash is no longer `old` (another rotation won), so one token begets one.
    pub async fn replace_token(&self, id: &str, seat: i64, old: &str, new: &str) -> Result<bool> {
        let _turn = self.db.my_turn().await;
        let done = sqlx::query(
            "UPDATE seats SET token_hash = $1 WHERE game_id = $2 AND seat = $3 AND token_hash = $4",
        )
        .bind(new)
        .bind(id)
        .bind(seat)
        .bind(old)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The lobby, newest first: games of `status`, or every game still played
    /// (neither over nor abandoned).
    pub async fn list(&self, filter: &ListFilter) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE ($1 = '' OR game = $1) AND (($2 = '' AND status IN ('open', 'running')) \
             OR status = $2) \
             ORDER BY created_ms DESC, id LIMIT $3"
        ))
        .bind(filter.game.clone().unwrap_or_default())
        .bind(filter.status.clone().unwrap_or_default())
        .bind(filter.limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The games written at or after `since_ms` (by any process's clock) with their
    /// versions: one query, however many games a process holds.
    pub async fn changed_since(&self, since_ms: i64) -> Result<Vec<(String, i64)>> {
        let rows = sqlx::query("SELECT id, version FROM games WHERE updated_ms >= $1")
            .bind(since_ms)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    /// The games still played (neither over nor abandoned) with their versions and
    /// lobby summaries (which say who must act), so that a starting server loads
    /// only those whose bots must move.
    pub async fn unfinished(&self) -> Result<Vec<(String, i64, String)>> {
        let mut rows = sqlx::query(
            "SELECT id, version, summary FROM games WHERE status IN ('open', 'running')",
        )
        .fetch(&self.db.pool);
        let mut out = Vec::new();
        while let Some(r) = rows.next().await {
            let r = r?;
            out.push((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?));
        }
        Ok(out)
    }

    /// Up to `limit` games still played with no write since `before_ms`, oldest
    /// first (the expiry sweep's candidates).
    pub async fn idle_since(&self, before_ms: i64, limit: i64) -> Result<Vec<GameRow>> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games \
             WHERE status IN ('open', 'running') AND updated_ms < $1 \
             ORDER BY updated_ms LIMIT $2"
        ))
        .bind(before_ms)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// Where the write transactions' time went since the store opened.
    pub fn write_stats(&self) -> WriteStats {
        self.db.counters.read()
    }

    pub async fn close(&self) {
        tracing::info!("{}", self.write_stats());
        self.db.pool.close().await;
    }
}

/// Stores one append in a transaction of its own.
async fn append_one(db: &writer::Db, a: &Append, mut timer: stats::Timer<'_>) -> Result<()> {
    let mut conn = db.pool.acquire().await?;
    let _turn = db.my_turn().await;
    timer.queued();
    let mut tx = conn.begin_with(db.begin_write()).await?;
    if !check_version(&mut tx, a).await? {
        return Err(StoreError::Conflict {
            expected: a.from_version,
        });
    }
    timer.locked();
    if let Some((seat, hash)) = &a.claim {
        claim(&mut tx, &a.id, *seat, hash).await?;
    }
    write_appended(&mut tx, db.backend, &[a]).await?;
    timer.written();
    tx.commit().await.map_err(|e| match unique_violation(&e) {
        true => StoreError::Conflict {
            expected: a.from_version,
        },
        false => e.into(),
    })?;
    db.counters.transaction();
    timer.committed();
    Ok(())
}

/// Moves a game's version from the append's to its end; answers false (and changes
/// nothing) when the log is no longer `from_version` long. The version check takes
/// the row's lock first, so a concurrent writer waits, then finds the version moved
/// and gets no row.
async fn check_version(tx: &mut sqlx::Transaction<'_, sqlx::Any>, a: &Append) -> Result<bool> {
    let to = a.from_version + a.entries.len() as i64;
    let updated = sqlx::query(
        "UPDATE games SET version = $1, status = $2, summary = $3, updated_ms = $4 \
         WHERE id = $5 AND version = $6",
    )
    .bind(to)
    .bind(&a.status)
    .bind(&a.summary)
    .bind(a.now_ms)
    .bind(&a.id)
    .bind(a.from_version)
    .execute(&mut **tx)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// The version checks of a group's appends (see [`check_version`]), one statement
/// for many games instead of a round trip each; answers, per append, whether it
/// was stored. A game appended to twice in the group is checked in two statements,
/// in order (one `UPDATE ... FROM` changes a row once), so its second append is
/// judged on the version the first left, as it would be alone.
async fn check_versions(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    appends: &[&Append],
) -> Result<Vec<bool>> {
    let mut stored = vec![false; appends.len()];
    for round in rounds(appends) {
        for chunk in round.chunks(ROWS_PER_INSERT) {
            let sql = versions_sql(backend, chunk.len());
            let mut query = sqlx::query(&sql);
            for &n in chunk {
                let a = appends[n];
                query = query
                    .bind(&a.id)
                    .bind(a.from_version)
                    .bind(a.from_version + a.entries.len() as i64)
                    .bind(&a.status)
                    .bind(&a.summary)
                    .bind(a.now_ms);
            }
            let moved = query.fetch_all(&mut **tx).await?;
            let moved: std::collections::HashSet<String> = moved
                .iter()
                .map(|r| r.try_get(0))
                .collect::<std::result::Result<_, _>>(
            )?;
            for &n in chunk {
                stored[n] = moved.contains(&appends[n].id);
            }
        }
    }
    Ok(stored)
}

/// The appends' positions split so that no game is named twice in one part: a
/// game's first append in the first, its second in the next, and so on.
fn rounds(appends: &[&Append]) -> Vec<Vec<usize>> {
    let mut seen: std::collections::HashMap<&str, usize> = Default::default();
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    for (n, a) in appends.iter().enumerate() {
        let round = seen.entry(a.id.as_str()).or_default();
        if *round == rounds.len() {
            rounds.push(Vec::new());
        }
        rounds[*round].push(n);
        *round += 1;
    }
    rounds
}

/// One `UPDATE` for `rows` version checks, answering the ids of the games it moved.
/// PostgreSQL first locks the rows in id order (`ORDER BY ... FOR UPDATE`), so that
/// two groups written at once never wait for each other's rows in opposite orders
/// (a deadlock); the update then only touches rows this transaction holds. As with
/// one `UPDATE` per game, a row changed by a transaction that committed meanwhile
/// is checked again on its new version, and left alone when the version moved.
/// SQLite takes one writer at a time: no row locks.
fn versions_sql(backend: Backend, rows: usize) -> String {
    let values = multi_row(
        "WITH v (id, from_version, to_version, status, summary, updated_ms) AS (VALUES",
        6,
        rows,
    );
    let (locks, from) = match backend {
        Backend::Sqlite => ("", "v"),
        Backend::Postgres => (
            ", locked AS MATERIALIZED (SELECT v.* FROM games JOIN v ON games.id = v.id \
             ORDER BY games.id FOR UPDATE OF games)",
            "locked",
        ),
    };
    format!(
        "{values}){locks} UPDATE games SET version = c.to_version, status = c.status, \
         summary = c.summary, updated_ms = c.updated_ms FROM {from} AS c \
         WHERE games.id = c.id AND games.version = c.from_version RETURNING games.id"
    )
}

/// The entries, snapshots and (PostgreSQL) notifications of appends whose versions
/// were checked: a few multi-row statements however many appends there are.
async fn write_appended(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    backend: Backend,
    appends: &[&Append],
) -> Result<()> {
    let entries: Vec<(&str, i64, &Entry)> = appends
        .iter()
        .flat_map(|a| {
            a.entries
                .iter()
                .enumerate()
                .map(|(n, e)| (a.id.as_str(), a.from_version + n as i64, e))
        })
        .collect();
    for rows in entries.chunks(ROWS_PER_INSERT) {
        let sql = multi_row(
            "INSERT INTO entries (game_id, idx, entry, events) VALUES",
            4,
            rows.len(),
        );
        let mut query = sqlx::query(&sql);
        for (id, idx, e) in rows {
            query = query.bind(*id).bind(*idx).bind(&e.entry).bind(&e.events);
        }
        query
            .execute(&mut **tx)
            .await
            .map_err(|e| match unique_violation(&e) {
                true => StoreError::Conflict {
                    expected: appends[0].from_version,
                },
                false => e.into(),
            })?;
    }
    let snapshots: Vec<(&str, &Snapshot)> = appends
        .iter()
        .filter_map(|a| Some((a.id.as_str(), a.snapshot.as_ref()?)))
        .collect();
    for rows in snapshots.chunks(ROWS_PER_INSERT) {
        let sql = multi_row(
            "INSERT INTO snapshots (game_id, idx, state) VALUES",
            3,
            rows.len(),
        );
        let mut query = sqlx::query(&sql);
        for (id, s) in rows {
            query = query.bind(*id).bind(s.idx).bind(&s.state);
        }
        query.execute(&mut **tx).await?;
    }
    clocks::write(tx, appends).await?;
    if backend == Backend::Postgres {
        for group in appends.chunks(ROWS_PER_INSERT) {
            let calls: Vec<String> = (0..group.len())
                .map(|n| format!("pg_notify($1, ${})", n + 2))
                .collect();
            let sql = format!("SELECT {}", calls.join(", "));
            let mut query = sqlx::query(&sql).bind(CHANNEL);
            for a in group {
                query = query.bind(format!(
                    "{} {}",
                    a.id,
                    a.from_version + a.entries.len() as i64
                ));
            }
            query.execute(&mut **tx).await?;
        }
    }
    Ok(())
}

/// Rows per multi-row statement: far below SQLite's 32,766 and PostgreSQL's 65,535
/// parameters.
const ROWS_PER_INSERT: usize = 200;

/// `head ($1, $2), ($3, $4), ...`: `rows` rows of `columns` parameters.
fn multi_row(head: &str, columns: usize, rows: usize) -> String {
    let mut sql = String::from(head);
    for r in 0..rows {
        sql.push_str(if r == 0 { " (" } else { ", (" });
        for c in 0..columns {
            if c > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!("${}", r * columns + c + 1));
        }
        sql.push(')');
    }
    sql
}

/// SQLite connections (WAL: a commit is in the log before it returns, so a killed
/// process loses nothing it acknowledged; NORMAL skips the fsync per commit that
/// only a power cut would need).
fn sqlite_options(connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(connections)
        .after_connect(|conn, _| {
            Box::pin(async move {
                for pragma in [
                    "PRAGMA journal_mode = WAL",
                    "PRAGMA synchronous = NORMAL",
                    "PRAGMA busy_timeout = 10000",
                    // Checkpoints run apart from the writers (see `writer::checkpoints`).
                    "PRAGMA wal_autocheckpoint = 0",
                ] {
                    sqlx::query(pragma).execute(&mut *conn).await?;
                }
                Ok(())
            })
        })
}

/// PostgreSQL connections. The pool checks a connection (a round trip) before
/// handing it out only when it sat idle for [`PING_IF_IDLE`]: by default it pinged
/// before every transaction, a round trip per group of appends to a database
/// process that, on a busy machine, waits for a CPU (issue 17). A connection in
/// use a moment ago is trusted; one that fails anyway fails its statement, which
/// is reported (see `writer`).
fn postgres_options() -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(16)
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= PING_IF_IDLE {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
}

/// How long a PostgreSQL connection may sit idle before it is checked again.
const PING_IF_IDLE: std::time::Duration = std::time::Duration::from_secs(1);

const GAME_COLUMNS: &str = "id, game, meta, version, status, summary, created_ms, updated_ms";

fn game_row(r: &AnyRow) -> Result<GameRow> {
    Ok(GameRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        meta: r.try_get(2)?,
        version: r.try_get(3)?,
        status: r.try_get(4)?,
        summary: r.try_get(5)?,
        created_ms: r.try_get(6)?,
        updated_ms: r.try_get(7)?,
    })
}

async fn insert_entries(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    from: i64,
    entries: &[Entry],
) -> Result<()> {
    for (n, e) in entries.iter().enumerate() {
        let done = sqlx::query(
            "INSERT INTO entries (game_id, idx, entry, events) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(from + n as i64)
        .bind(&e.entry)
        .bind(&e.events)
        .execute(&mut **tx)
        .await;
        match done {
            Ok(_) => {}
            Err(e) if unique_violation(&e) => return Err(StoreError::Conflict { expected: from }),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Gives an open seat a token; refuses a seat that already has one.
async fn claim(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
    seat: i64,
    hash: &str,
) -> Result<()> {
    let done = sqlx::query("INSERT INTO seats (game_id, seat, token_hash) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(seat)
        .bind(hash)
        .execute(&mut **tx)
        .await;
    match done {
        Ok(_) => Ok(()),
        Err(e) if unique_violation(&e) => Err(StoreError::SeatTaken),
        Err(e) => Err(e.into()),
    }
}

pub(crate) fn unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// Notifications of appends made by any process (PostgreSQL only).
pub struct Listener {
    inner: sqlx::postgres::PgListener,
}

/// Listens for appends on [`CHANNEL`].
pub async fn listen(store: &Store) -> Result<Listener> {
    let mut inner = sqlx::postgres::PgListener::connect(&store.url).await?;
    inner.listen(CHANNEL).await?;
    Ok(Listener { inner })
}

/// What the listener heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A game's new version.
    Append(String, i64),
    /// A game's new chat line, by its number.
    Chat(String, i64),
    /// The connection dropped and was made again: notifications sent meanwhile are
    /// lost, so the listener's owner must check the stored versions.
    Reconnected,
}

impl Listener {
    /// The next append, or word that some may have been missed.
    pub async fn next(&mut self) -> Result<Heard> {
        loop {
            let Some(n) = self.inner.try_recv().await? else {
                return Ok(Heard::Reconnected);
            };
            if let Some((id, line)) = chat::heard(n.payload()) {
                return Ok(Heard::Chat(id, line));
            }
            let parsed = n
                .payload()
                .split_once(' ')
                .and_then(|(id, v)| Some((id.to_string(), v.parse().ok()?)));
            if let Some((id, version)) = parsed {
                return Ok(Heard::Append(id, version));
            }
        }
    }
}
