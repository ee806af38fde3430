//! PostgreSQL writes a group of appends in one statement, committed on its own
//! (issue 17's tail). A group written as a transaction cost a round trip per
//! statement: the pool's ping, `BEGIN`, the version checks, the entries', the
//! snapshots' and the notifications' statements, `COMMIT`, and on top a `Parse`
//! (and often a `Close` of the statement it pushed out of the connection's
//! cache) each time a group's size gave a statement text the connection had not
//! prepared yet. Each round trip wakes a database process which, on a machine
//! with no idle CPU, waits its turn for a core: measured, the store's write p99
//! was 65-131 ms, most of the loadtest's round-trip p99.
//!
//! Here the whole group is one statement with a fixed text (prepared once per
//! connection and reused): its rows travel as three JSON parameters, read back with
//! `json_to_recordset`, and data-modifying `WITH` clauses take the row locks (in id
//! order, so two groups never deadlock), check the versions, insert the entries and
//! snapshots of the appends whose version held, and notify. Sent outside a
//! transaction block, it commits on its own (PostgreSQL's implicit transaction, as
//! durable as an explicit `COMMIT`): one round trip per group.

use crate::{Append, StoreError, CHANNEL};
use serde::Serialize;
use sqlx::Row;
use std::collections::HashSet;

/// Locks the rows of the group's games in id order, moves the versions that held,
/// and writes the entries and snapshots of those games only. In one statement every
/// clause sees the same snapshot, but a row changed by a transaction that committed
/// meanwhile is checked again on its new version (PostgreSQL re-reads a locked or
/// updated row), so a version that moved is left alone, as with one `UPDATE` per
/// game. The notifications go out only if the statement commits. The planner
/// guesses 100 rows for `json_to_recordset` and then scanned every game twice (2 ms
/// a group with 1,000 games, measured): `= ANY (ARRAY(...))` makes it find the
/// group's games by their key.
const GROUP_SQL: &str = "\
WITH v AS MATERIALIZED (
    SELECT * FROM json_to_recordset($1::json) AS v (id TEXT, from_version BIGINT,
        to_version BIGINT, status TEXT, summary TEXT, updated_ms BIGINT)
), locked AS MATERIALIZED (
    SELECT v.* FROM games JOIN v ON games.id = v.id
    WHERE games.id = ANY (ARRAY(SELECT id FROM v)) ORDER BY games.id FOR UPDATE OF games
), moved AS (
    UPDATE games SET version = c.to_version, status = c.status, summary = c.summary,
        updated_ms = c.updated_ms
    FROM locked AS c WHERE games.id = c.id AND games.version = c.from_version
        AND games.id = ANY (ARRAY(SELECT id FROM locked))
    RETURNING games.id, games.version
), logged AS (
    INSERT INTO entries (game_id, idx, entry, events)
    SELECT e.game_id, e.idx, e.entry, e.events
    FROM json_to_recordset($2::json) AS e (game_id TEXT, idx BIGINT, entry TEXT, events TEXT)
    JOIN moved ON moved.id = e.game_id
), saved AS (
    INSERT INTO snapshots (game_id, idx, state)
    SELECT s.game_id, s.idx, s.state
    FROM json_to_recordset($3::json) AS s (game_id TEXT, idx BIGINT, state TEXT)
    JOIN moved ON moved.id = s.game_id
), timed AS (
    INSERT INTO clock_deadlines (game_id, due_ms, version)
    SELECT d.game_id, d.due_ms, moved.version
    FROM json_to_recordset($5::json) AS d (game_id TEXT, due_ms BIGINT)
    JOIN moved ON moved.id = d.game_id
    ON CONFLICT (game_id) DO UPDATE SET due_ms = excluded.due_ms, version = excluded.version
    WHERE excluded.due_ms < clock_deadlines.due_ms
)
SELECT moved.id, pg_notify($4, moved.id || ' ' || moved.version) FROM moved";

/// One version check (a row of `$1`).
#[derive(Serialize)]
struct Version<'a> {
    id: &'a str,
    from_version: i64,
    to_version: i64,
    status: &'a str,
    summary: &'a str,
    updated_ms: i64,
}

/// One log entry (a row of `$2`).
#[derive(Serialize)]
struct LogRow<'a> {
    game_id: &'a str,
    idx: i64,
    entry: &'a str,
    events: &'a str,
}

/// One snapshot (a row of `$3`).
#[derive(Serialize)]
struct SnapshotRow<'a> {
    game_id: &'a str,
    idx: i64,
    state: &'a str,
}

/// One clocked game's next deadline (a row of `$5`, see `clocks`).
#[derive(Serialize)]
struct DueRow<'a> {
    game_id: &'a str,
    due_ms: i64,
}

/// Whether one statement can take this group: each game at most once (a second
/// append to a game is judged on the version the first leaves, which one
/// `UPDATE` cannot do) and no seat claim (refused on its own).
pub(crate) fn fits(appends: &[&Append]) -> bool {
    let mut games = HashSet::new();
    appends
        .iter()
        .all(|a| a.claim.is_none() && games.insert(a.id.as_str()))
}

/// How the statement ended.
pub(crate) enum Outcome {
    /// Committed; per append, whether it was stored (else its version had moved).
    Committed(Vec<bool>),
    /// The database refused the statement: nothing was stored.
    Refused(StoreError),
    /// The connection failed: whether the statement committed is unknown.
    Unknown(StoreError),
}

/// Writes `appends` (which [`fits`]) in one statement on `conn`.
pub(crate) async fn write(conn: &mut sqlx::AnyConnection, appends: &[&Append]) -> Outcome {
    let params = match parameters(appends) {
        Ok(params) => params,
        Err(e) => return Outcome::Refused(StoreError::Damaged(e.to_string())),
    };
    let [versions, entries, snapshots, deadlines] = params;
    let answer = sqlx::query(GROUP_SQL)
        .bind(versions)
        .bind(entries)
        .bind(snapshots)
        .bind(CHANNEL)
        .bind(deadlines)
        .fetch_all(conn)
        .await;
    let rows = match answer {
        Ok(rows) => rows,
        // An error the database answered rolls the implicit transaction back.
        Err(e @ sqlx::Error::Database(_)) => return Outcome::Refused(e.into()),
        Err(e) => return Outcome::Unknown(e.into()),
    };
    let moved: Result<HashSet<String>, _> = rows.iter().map(|r| r.try_get(0)).collect();
    match moved {
        Ok(moved) => Outcome::Committed(appends.iter().map(|a| moved.contains(&a.id)).collect()),
        Err(e) => Outcome::Unknown(e.into()),
    }
}

/// The statement's JSON parameters: versions, entries, snapshots, deadlines.
fn parameters(appends: &[&Append]) -> serde_json::Result<[String; 4]> {
    let versions: Vec<Version> = appends
        .iter()
        .map(|a| Version {
            id: &a.id,
            from_version: a.from_version,
            to_version: a.from_version + a.entries.len() as i64,
            status: &a.status,
            summary: &a.summary,
            updated_ms: a.now_ms,
        })
        .collect();
    let entries: Vec<LogRow> = appends
        .iter()
        .flat_map(|a| {
            a.entries.iter().enumerate().map(|(n, e)| LogRow {
                game_id: &a.id,
                idx: a.from_version + n as i64,
                entry: &e.entry,
                events: &e.events,
            })
        })
        .collect();
    let snapshots: Vec<SnapshotRow> = appends
        .iter()
        .filter_map(|a| {
            let s = a.snapshot.as_ref()?;
            Some(SnapshotRow {
                game_id: &a.id,
                idx: s.idx,
                state: &s.state,
            })
        })
        .collect();
    let deadlines: Vec<DueRow> = appends
        .iter()
        .filter_map(|a| {
            Some(DueRow {
                game_id: &a.id,
                due_ms: a.clock?.stored(),
            })
        })
        .collect();
    Ok([
        serde_json::to_string(&versions)?,
        serde_json::to_string(&entries)?,
        serde_json::to_string(&snapshots)?,
        serde_json::to_string(&deadlines)?,
    ])
}
