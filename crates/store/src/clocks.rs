//! The next deadline of each clocked game (issue 42): no later than the moment the
//! first person whose clock runs will be out of time. An append of a clocked game
//! may lower it in the same transaction as its entries ([`crate::Append::clock`]),
//! never raise it, so a restarted server, or another process on the same database,
//! finds every game whose time ran out without loading any other; a sweep loads
//! those, answers for the people out of time (two processes sweeping at once are
//! settled by the log's version check: one answer is stored, the other refused),
//! and sets a deadline found early to the game's own ([`Store::set_clock_due`]).
//! Appends that would only move the deadline later write nothing (the server
//! leaves them out), which keeps the row off most appends' path.

use crate::{writer::Db, Result, Store};
use sqlx::Row;

/// A clocked game's next deadline as an append writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockDue {
    /// Milliseconds since the Unix epoch; `None`: no clock runs (the game waits
    /// for a bot or an open seat, or it is over).
    pub due_ms: Option<i64>,
}

/// How a game with no running clock is stored: a deadline never reached.
const NEVER: i64 = i64::MAX;

impl ClockDue {
    pub(crate) fn stored(self) -> i64 {
        self.due_ms.unwrap_or(NEVER)
    }
}

/// The statement that lowers `rows` deadlines, each `(game_id, due_ms, version)`:
/// an append's deadline replaces a later one only.
pub(crate) fn lower_sql(rows: usize) -> String {
    format!(
        "{} ON CONFLICT (game_id) DO UPDATE SET due_ms = excluded.due_ms, \
         version = excluded.version WHERE excluded.due_ms < clock_deadlines.due_ms",
        crate::multi_row(
            "INSERT INTO clock_deadlines (game_id, due_ms, version) VALUES",
            3,
            rows
        )
    )
}

/// The statement that sets one deadline `(game_id, due_ms, version)`, unless a
/// later version set it.
fn set_sql() -> String {
    format!(
        "{} ON CONFLICT (game_id) DO UPDATE SET due_ms = excluded.due_ms, \
         version = excluded.version WHERE clock_deadlines.version <= excluded.version",
        crate::multi_row(
            "INSERT INTO clock_deadlines (game_id, due_ms, version) VALUES",
            3,
            1
        )
    )
}

/// The deadlines of a group's stored appends, in one transaction with them: the
/// last append of each game wins (one statement may change a row once).
pub(crate) async fn write(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    appends: &[&crate::Append],
) -> Result<()> {
    let mut last: Vec<(&str, i64, i64)> = Vec::new();
    for a in appends {
        let Some(due) = a.clock else { continue };
        let version = a.from_version + a.entries.len() as i64;
        last.retain(|(id, _, _)| *id != a.id);
        last.push((&a.id, due.stored(), version));
    }
    for rows in last.chunks(crate::ROWS_PER_INSERT) {
        let sql = lower_sql(rows.len());
        let mut query = sqlx::query(&sql);
        for (id, due, version) in rows {
            query = query.bind(*id).bind(*due).bind(*version);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

impl Store {
    /// Sets a game's next deadline as of its `version` (a new game's, or one a
    /// sweep found early), up or down; a row written for a later version stays.
    pub async fn set_clock_due(&self, id: &str, version: i64, due: ClockDue) -> Result<()> {
        set(&self.db, id, version, due).await
    }

    /// Up to `limit` clocked games whose deadline is at or before `now_ms`,
    /// earliest first.
    pub async fn clocks_due(&self, now_ms: i64, limit: i64) -> Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT game_id FROM clock_deadlines WHERE due_ms <= $1 ORDER BY due_ms LIMIT $2",
        )
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }
}

async fn set(db: &Db, id: &str, version: i64, due: ClockDue) -> Result<()> {
    let _turn = db.my_turn().await;
    sqlx::query(&set_sql())
        .bind(id)
        .bind(due.stored())
        .bind(version)
        .execute(&db.pool)
        .await?;
    Ok(())
}
