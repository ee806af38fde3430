//! Appends run on a thread of their own (a one-thread runtime that runs nothing
//! else) and are committed in groups. Issue 17's tail: on the server's runtime, busy
//! with a thousand connections, a write handed to the next writer waited until that
//! task was scheduled (the queue p50 was 262 ms while a write held its turn for under
//! a millisecond); and each append paid a transaction of its own, `BEGIN`, its
//! statements and `COMMIT`, each a hop to the database connection's thread and
//! back (with PostgreSQL, a round trip and a commit each). Here one loop takes every
//! append waiting, writes them in one transaction (one `UPDATE ... FROM (VALUES ...)
//! RETURNING id` for all their version checks, one multi-row `INSERT` for all their
//! entries, one for their snapshots, one `SELECT pg_notify(...)` for their
//! notifications) and commits once, so the work per append falls as the load rises
//! instead of queueing behind it. A group is a fixed handful of statements
//! (`BEGIN`, those four, `COMMIT`), however many appends it holds: with PostgreSQL
//! each is a round trip to a database process which, on a busy machine, waits for a
//! CPU, and one `UPDATE` per game made a group's round trips grow with its size.

use crate::stats::{Counters, Timer};
use crate::{one_statement, Append, Backend, Result, StoreError};
use sqlx::{AnyPool, Connection};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Builder;
use tokio::sync::{mpsc, oneshot, Mutex, MutexGuard, Semaphore};

/// The most appends committed together (a bound on one transaction's size).
const MAX_GROUP: usize = 256;

/// Groups written at once with PostgreSQL (of its pool of 16 connections). With
/// a group one round trip (see [`one_statement`]), two at once gather more
/// appends per statement than eight and spent a quarter less of PostgreSQL's CPU
/// in the loadtest (10.8-11.2 s against 14.8-15.0 s), for a p99 as good or better
/// (docs/server/load.md, "One statement per group").
const POSTGRES_GROUPS: u32 = 2;

/// How often SQLite's write-ahead log is copied back into the database (see
/// [`checkpoints`]).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// What a write needs: shared by the store and its writers' thread.
#[derive(Clone, Debug)]
pub(crate) struct Db {
    pub pool: AnyPool,
    /// With SQLite, the writers' turn: the database takes one writer at a time, and
    /// writers that each held a pooled connection found its lock taken and polled
    /// for it in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25, 25, 25,
    /// 50, 50, 100 ms between tries, so a write arriving behind a few others waited
    /// tens of milliseconds (on a loaded machine, up to a second) after the lock was
    /// free. Here writers (the group loop, creations, token changes) wait their turn
    /// in order (a fair mutex) and each starts the moment the previous one commits.
    /// `None` with PostgreSQL: row locks.
    pub turn: Option<Arc<Mutex<()>>>,
    pub backend: Backend,
    pub counters: Arc<Counters>,
}

impl Db {
    /// Waits for this writer's turn (SQLite): held until the write commits.
    pub async fn my_turn(&self) -> Option<MutexGuard<'_, ()>> {
        match &self.turn {
            Some(turn) => Some(turn.lock().await),
            None => None,
        }
    }

    /// How a write transaction starts. SQLite's `IMMEDIATE` takes the write lock at
    /// `BEGIN` rather than at the first write; in its turn a writer finds the lock
    /// free at once unless another process writes the same file (then SQLite's busy
    /// timeout applies).
    pub fn begin_write(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        }
    }
}

/// An append waiting for the writer, and where its answer goes.
struct Job {
    append: Append,
    since: Instant,
    answer: oneshot::Sender<Result<()>>,
}

/// The writers' thread; it stops when the last store holding it is dropped.
#[derive(Debug)]
pub(crate) struct Writer {
    jobs: mpsc::UnboundedSender<Job>,
}

impl Writer {
    pub(crate) fn start(db: Db) -> std::io::Result<Writer> {
        let runtime = Builder::new_current_thread().enable_all().build()?;
        let (jobs, queue) = mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                if db.backend == Backend::Sqlite {
                    runtime.spawn(checkpoints(db.clone()));
                }
                runtime.block_on(write_loop(db, queue));
            })?;
        Ok(Writer { jobs })
    }

    /// Hands `append` to the writers' thread and waits until it is stored or refused.
    pub(crate) async fn append(&self, append: Append) -> Result<()> {
        let (answer, answered) = oneshot::channel();
        let job = Job {
            append,
            since: Instant::now(),
            answer,
        };
        let stopped = || StoreError::Damaged("the store's writer stopped".into());
        self.jobs.send(job).map_err(|_| stopped())?;
        answered.await.unwrap_or_else(|_| Err(stopped()))
    }
}

/// Takes every append waiting (up to [`MAX_GROUP`]) and writes them together, until
/// every store is dropped. SQLite takes one writer at a time: one group at a time.
/// PostgreSQL runs up to [`POSTGRES_GROUPS`] groups at once, each on a connection of
/// its own: when a group was a transaction of many round trips, one group at a time
/// made every append wait for the round trips of the whole group before it (each a
/// wait for a database process to be scheduled, on a busy machine). A group
/// waits for a free place before it takes the appends waiting, so appends gather
/// while every place is busy.
async fn write_loop(db: Db, mut queue: mpsc::UnboundedReceiver<Job>) {
    let places = Arc::new(Semaphore::new(groups(&db) as usize));
    loop {
        let Ok(place) = places.clone().acquire_owned().await else {
            return;
        };
        let mut group = Vec::with_capacity(MAX_GROUP);
        if queue.recv_many(&mut group, MAX_GROUP).await == 0 {
            // Every store is dropped: let the groups under way finish.
            drop(place);
            let _ = places.acquire_many(groups(&db)).await;
            return;
        }
        let db = db.clone();
        tokio::spawn(async move {
            write_group(&db, group).await;
            drop(place);
        });
    }
}

/// How many groups may be written at once.
fn groups(db: &Db) -> u32 {
    match db.backend {
        Backend::Sqlite => 1,
        Backend::Postgres => POSTGRES_GROUPS,
    }
}

/// Writes a group: in one transaction when it can, else each append on its own
/// (a seat claim, which may be refused by itself, always goes on its own).
async fn write_group(db: &Db, group: Vec<Job>) {
    let (mut claims, mut plain): (Vec<Job>, Vec<Job>) =
        group.into_iter().partition(|j| j.append.claim.is_some());
    let postgres = db.backend == Backend::Postgres;
    if plain.len() > 1 || (postgres && !plain.is_empty()) {
        // The same order of row locks in every process (PostgreSQL): no deadlock
        // between two groups. The sort is stable: one game's appends keep their order.
        plain.sort_by(|a, b| a.append.id.cmp(&b.append.id));
        let mut timers: Vec<Timer> = plain
            .iter()
            .map(|j| Timer::start_at(&db.counters, j.since))
            .collect();
        let appends: Vec<&Append> = plain.iter().map(|j| &j.append).collect();
        let grouped = match postgres && one_statement::fits(&appends) {
            true => in_one_statement(db, &appends, &mut timers).await,
            false => together(db, &appends, &mut timers).await,
        };
        match grouped {
            Grouped::Committed(stored) => {
                for ((job, timer), stored) in plain.into_iter().zip(timers).zip(stored) {
                    let answer = match stored {
                        true => {
                            timer.committed();
                            Ok(())
                        }
                        false => Err(StoreError::Conflict {
                            expected: job.append.from_version,
                        }),
                    };
                    let _ = job.answer.send(answer);
                }
                plain = Vec::new();
            }
            // The commit itself failed: whether it took effect is unknown, so no
            // append is tried again (the server reloads the games from the store).
            Grouped::CommitFailed(e) => {
                for job in plain.drain(..) {
                    let e = StoreError::Damaged(format!("the commit failed: {e}"));
                    let _ = job.answer.send(Err(e));
                }
            }
            // A statement failed before the commit: nothing was stored; each append
            // is tried on its own, and only the faulty one is refused.
            Grouped::RolledBack(e) => tracing::debug!("group write rolled back: {e}"),
        }
    }
    claims.append(&mut plain);
    for job in claims {
        let timer = Timer::start_at(&db.counters, job.since);
        let _ = job
            .answer
            .send(crate::append_one(db, &job.append, timer).await);
    }
}

/// How a group's transaction ended.
enum Grouped {
    /// Committed; per append, whether it was stored (else its version had moved).
    Committed(Vec<bool>),
    RolledBack(StoreError),
    CommitFailed(StoreError),
}

async fn together(db: &Db, appends: &[&Append], timers: &mut [Timer<'_>]) -> Grouped {
    let mut conn = match db.pool.acquire().await {
        Ok(conn) => conn,
        Err(e) => return Grouped::RolledBack(e.into()),
    };
    let _turn = db.my_turn().await;
    timers.iter_mut().for_each(Timer::queued);
    let mut tx = match conn.begin_with(db.begin_write()).await {
        Ok(tx) => tx,
        Err(e) => return Grouped::RolledBack(e.into()),
    };
    let stored = match crate::check_versions(&mut tx, db.backend, appends).await {
        Ok(stored) => stored,
        Err(e) => return Grouped::RolledBack(e),
    };
    timers.iter_mut().for_each(Timer::locked);
    let winners: Vec<&Append> = appends
        .iter()
        .zip(&stored)
        .filter_map(|(a, ok)| ok.then_some(*a))
        .collect();
    if let Err(e) = crate::write_appended(&mut tx, db.backend, &winners).await {
        return Grouped::RolledBack(e);
    }
    timers.iter_mut().for_each(Timer::written);
    match tx.commit().await {
        Ok(()) => {
            db.counters.transaction();
            Grouped::Committed(stored)
        }
        Err(e) => Grouped::CommitFailed(e.into()),
    }
}

/// Writes a group in one statement that commits on its own (PostgreSQL: see
/// [`one_statement`]): one round trip.
async fn in_one_statement(db: &Db, appends: &[&Append], timers: &mut [Timer<'_>]) -> Grouped {
    let mut conn = match db.pool.acquire().await {
        Ok(conn) => conn,
        Err(e) => return Grouped::RolledBack(e.into()),
    };
    timers.iter_mut().for_each(Timer::queued);
    match one_statement::write(&mut conn, appends).await {
        one_statement::Outcome::Committed(stored) => {
            db.counters.transaction();
            timers.iter_mut().for_each(Timer::in_one_statement);
            Grouped::Committed(stored)
        }
        one_statement::Outcome::Refused(e) => Grouped::RolledBack(e),
        one_statement::Outcome::Unknown(e) => Grouped::CommitFailed(e),
    }
}

/// SQLite copies its write-ahead log back into the database file (a checkpoint,
/// with an fsync) when the log passes 1,000 pages, inside the commit that passed
/// it: that commit, and every write queued behind it, waited for the copy. Here the
/// writers never checkpoint (`wal_autocheckpoint = 0` on every connection) and this
/// task does, on a connection of its own, every [`CHECKPOINT_EVERY`]: `PASSIVE`
/// copies what it can without waiting for or blocking readers and writers, who go
/// on meanwhile.
async fn checkpoints(db: Db) {
    while !db.pool.is_closed() {
        tokio::time::sleep(CHECKPOINT_EVERY).await;
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&db.pool)
            .await
        {
            if !db.pool.is_closed() {
                tracing::warn!("checkpoint: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Entry, GameRow, Store};

    fn entry(n: i64) -> Entry {
        Entry {
            entry: format!("{{\"n\":{n}}}"),
            events: "[]".into(),
        }
    }

    fn append(id: &str, from: i64, claim: Option<(i64, String)>) -> Append {
        Append {
            id: id.into(),
            from_version: from,
            entries: vec![entry(from), entry(from + 1)],
            status: "running".into(),
            summary: "{}".into(),
            now_ms: 0,
            snapshot: (from == 1).then(|| crate::Snapshot {
                idx: 1,
                state: "{}".into(),
            }),
            claim,
            clock: None,
        }
    }

    fn job(append: Append) -> (Job, oneshot::Receiver<Result<()>>) {
        let (answer, answered) = oneshot::channel();
        let since = Instant::now();
        (
            Job {
                append,
                since,
                answer,
            },
            answered,
        )
    }

    /// Games `g0`, `g1`... at version 1 with one entry and `summary`.
    async fn create_games(store: &Store, games: usize, summary: &str) {
        for g in 0..games {
            let row = GameRow {
                id: format!("g{g}"),
                game: "nim".into(),
                meta: "{}".into(),
                version: 1,
                status: "open".into(),
                summary: summary.into(),
                created_ms: 0,
                updated_ms: 0,
            };
            store.create(&row, &[entry(0)], &[]).await.unwrap();
        }
    }

    async fn store_with_games(name: &str, games: usize) -> (Store, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("tabuleiro-group-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open_dir(&dir).await.unwrap();
        create_games(&store, games, "{}").await;
        (store, dir)
    }

    /// Writes `appends` as one group; answers what each got, in words.
    async fn group_answers(store: &Store, appends: Vec<Append>) -> Vec<String> {
        let (jobs, answers): (Vec<Job>, Vec<_>) = appends.into_iter().map(job).unzip();
        write_group(&store.db, jobs).await;
        let mut got = Vec::new();
        for a in answers {
            got.push(match a.await.unwrap() {
                Ok(()) => "stored".to_string(),
                Err(StoreError::Conflict { expected }) => format!("conflict {expected}"),
                Err(e) => format!("{e}"),
            });
        }
        got
    }

    /// Each append of a group is stored or refused on its own: a stale one and a
    /// claim of a taken seat are refused, the others stored with their snapshots.
    #[tokio::test]
    async fn a_group_stores_each_append_or_refuses_it_alone() {
        let (store, dir) = store_with_games("mixed", 4).await;
        let taken = append("g3", 1, Some((0, "first".into())));
        write_group(&store.db, vec![job(taken).0]).await;
        let got = group_answers(
            &store,
            vec![
                append("g1", 1, None),
                append("g0", 7, None),
                append("g0", 1, None),
                append("g2", 1, Some((1, "hash".into()))),
                append("g3", 3, Some((0, "second".into()))),
            ],
        )
        .await;
        let taken = StoreError::SeatTaken.to_string();
        assert_eq!(
            got,
            ["stored", "conflict 7", "stored", "stored", taken.as_str()]
        );
        for g in ["g0", "g1", "g2"] {
            let loaded = store.load(g).await.unwrap();
            assert_eq!(loaded.row.version, 3, "{g}");
            assert_eq!(loaded.entries, [entry(0), entry(1), entry(2)], "{g}");
            assert_eq!(loaded.snapshot.map(|s| s.idx), Some(1), "{g}");
        }
        assert_eq!(
            store.token_hash("g2", 1).await.unwrap().as_deref(),
            Some("hash")
        );
        assert_eq!(store.load("g3").await.unwrap().row.version, 3);
        store.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A test store: SQLite in a fresh folder, or a schema of its own in the test
    /// PostgreSQL (`TABULEIRO_TEST_POSTGRES`).
    async fn open_test_store(name: &str, postgres: Option<&str>) -> Store {
        let Some(url) = postgres else {
            return store_with_games(name, 0).await.0;
        };
        sqlx::any::install_default_drivers();
        let schema = format!("writer_{name}_{}", std::process::id());
        let pool = sqlx::AnyPool::connect(url).await.unwrap();
        for sql in [
            format!("DROP SCHEMA IF EXISTS {schema} CASCADE"),
            format!("CREATE SCHEMA {schema}"),
        ] {
            sqlx::query(&sql).execute(&pool).await.unwrap();
        }
        pool.close().await;
        let join = if url.contains('?') { '&' } else { '?' };
        Store::connect(&format!("{url}{join}options[search_path]={schema}"))
            .await
            .unwrap()
    }

    /// A group with a stale append in the middle, and two appends to one game (the
    /// second from the version the first leaves), on SQLite and on PostgreSQL when
    /// there is one: the stale ones change nothing and are refused, the others are
    /// committed together in one transaction.
    #[tokio::test]
    async fn a_conflict_in_the_middle_of_a_group_changes_nothing() {
        let postgres = std::env::var("TABULEIRO_TEST_POSTGRES").ok();
        for url in [None, postgres.as_deref().filter(|u| !u.is_empty())] {
            let store = open_test_store("middle", url).await;
            create_games(&store, 3, "{\"before\":true}").await;
            let before = store.write_stats().transactions;
            let got = group_answers(
                &store,
                vec![
                    append("g0", 1, None),
                    append("g0", 3, None),
                    append("g1", 5, None),
                    append("g2", 1, None),
                    append("g2", 9, None),
                ],
            )
            .await;
            assert_eq!(
                got,
                ["stored", "stored", "conflict 5", "stored", "conflict 9"],
                "{url:?}"
            );
            assert_eq!(store.write_stats().transactions, before + 1, "one commit");
            let g0 = store.load("g0").await.unwrap();
            assert_eq!(g0.row.version, 5);
            assert_eq!(
                g0.entries,
                [entry(0), entry(1), entry(2), entry(3), entry(4)]
            );
            let g1 = store.load("g1").await.unwrap();
            assert_eq!((g1.row.version, g1.row.status.as_str()), (1, "open"));
            assert_eq!(g1.row.summary, "{\"before\":true}");
            assert_eq!(g1.entries, [entry(0)]);
            assert!(g1.snapshot.is_none());
            let g2 = store.load("g2").await.unwrap();
            assert_eq!(g2.row.version, 3);
            assert_eq!(g2.entries, [entry(0), entry(1), entry(2)]);
            store.close().await;
            drop_test_schema("middle", url).await;
        }
    }

    /// Drops the schema of a test store made by [`open_test_store`] on PostgreSQL.
    async fn drop_test_schema(name: &str, postgres: Option<&str>) {
        let Some(url) = postgres else { return };
        let pool = sqlx::AnyPool::connect(url).await.unwrap();
        let schema = format!("writer_{name}_{}", std::process::id());
        sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }

    /// A group of appends to distinct games is written by PostgreSQL in one
    /// statement committed on its own (and by SQLite in one transaction), also a
    /// group of one: a stale append in the middle is refused and changes nothing,
    /// the others are stored with their entries, snapshots and lobby summaries.
    #[tokio::test]
    async fn a_group_of_distinct_games_is_one_commit() {
        let postgres = std::env::var("TABULEIRO_TEST_POSTGRES").ok();
        for url in [None, postgres.as_deref().filter(|u| !u.is_empty())] {
            let store = open_test_store("distinct", url).await;
            create_games(&store, 4, "{\"before\":true}").await;
            let before = store.write_stats().transactions;
            let mut stale = append("g1", 4, None);
            stale.summary = "{\"stale\":true}".into();
            let got = group_answers(
                &store,
                vec![
                    append("g2", 1, None),
                    stale,
                    append("g0", 1, None),
                    append("g3", 1, None),
                ],
            )
            .await;
            assert_eq!(got, ["stored", "conflict 4", "stored", "stored"], "{url:?}");
            assert_eq!(store.write_stats().transactions, before + 1, "one commit");
            for g in ["g0", "g2", "g3"] {
                let loaded = store.load(g).await.unwrap();
                assert_eq!(loaded.row.version, 3, "{g}");
                assert_eq!(loaded.row.summary, "{}", "{g}");
                assert_eq!(loaded.entries, [entry(0), entry(1), entry(2)], "{g}");
                assert_eq!(
                    loaded.snapshot,
                    Some(crate::Snapshot {
                        idx: 1,
                        state: "{}".into()
                    })
                );
            }
            let g1 = store.load("g1").await.unwrap();
            assert_eq!(
                (g1.row.version, g1.row.summary.as_str()),
                (1, "{\"before\":true}")
            );
            assert_eq!(g1.entries, [entry(0)]);
            assert!(g1.snapshot.is_none());
            let alone = group_answers(&store, vec![append("g0", 3, None)]).await;
            assert_eq!(alone, ["stored"]);
            assert_eq!(
                store.write_stats().transactions,
                before + 2,
                "one more commit"
            );
            assert_eq!(store.load("g0").await.unwrap().row.version, 5);
            store.close().await;
            drop_test_schema("distinct", url).await;
        }
    }

    /// Which groups PostgreSQL writes in one statement: each game once, no seat
    /// claim.
    #[test]
    fn one_statement_takes_distinct_games_without_claims() {
        let (a, b) = (append("g0", 1, None), append("g1", 1, None));
        let again = append("g0", 3, None);
        let claim = append("g2", 1, Some((0, "hash".into())));
        assert!(one_statement::fits(&[&a, &b]));
        assert!(!one_statement::fits(&[&a, &b, &again]));
        assert!(!one_statement::fits(&[&a, &claim]));
    }

    /// A statement failing inside a group (here a log entry already written where
    /// the version says none is: a damaged log) rolls the group back, and each
    /// append is written on its own: only the faulty one is refused.
    #[tokio::test]
    async fn a_failed_group_is_written_append_by_append() {
        let postgres = std::env::var("TABULEIRO_TEST_POSTGRES").ok();
        for url in [None, postgres.as_deref().filter(|u| !u.is_empty())] {
            let store = open_test_store("fallback", url).await;
            create_games(&store, 3, "{}").await;
            a_damaged_log_refuses_one_append(&store).await;
            store.close().await;
            drop_test_schema("fallback", url).await;
        }
    }

    async fn a_damaged_log_refuses_one_append(store: &Store) {
        sqlx::query(
            "INSERT INTO entries (game_id, idx, entry, events) VALUES ('g1', 2, '{}', '[]')",
        )
        .execute(&store.db.pool)
        .await
        .unwrap();
        let (jobs, answers): (Vec<Job>, Vec<_>) = ["g0", "g1", "g2"]
            .into_iter()
            .map(|g| job(append(g, 1, None)))
            .unzip();
        write_group(&store.db, jobs).await;
        let mut got = Vec::new();
        for a in answers {
            got.push(a.await.unwrap().is_ok());
        }
        assert_eq!(got, [true, false, true]);
        assert_eq!(store.load("g0").await.unwrap().row.version, 3);
        assert_eq!(
            store.row("g1").await.unwrap().version,
            1,
            "nothing of g1 stored"
        );
        assert_eq!(store.load("g2").await.unwrap().row.version, 3);
    }
}
