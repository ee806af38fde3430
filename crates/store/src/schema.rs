//! The tables, created when missing. Plain SQL that SQLite and PostgreSQL both accept.

use sqlx::AnyPool;

const TABLES: [&str; 5] = [
    // One row per game. `meta` (config, seed, engine version, seats as created) never
    // changes; `version` is the log length and the optimistic-concurrency check.
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        meta TEXT NOT NULL,
        version BIGINT NOT NULL,
        status TEXT NOT NULL,
        summary TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL
    )",
    // The log: the primary key makes a position in it writable once.
    "CREATE TABLE IF NOT EXISTS entries (
        game_id TEXT NOT NULL,
        idx BIGINT NOT NULL,
        entry TEXT NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (game_id, idx)
    )",
    // Seat tokens, hashed. Seat -1 is the game's creator.
    "CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )",
    "CREATE TABLE IF NOT EXISTS snapshots (
        game_id TEXT NOT NULL,
        idx BIGINT NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, idx)
    )",
    // Each clocked game's next deadline (milliseconds since the epoch; the largest
    // BIGINT when no clock runs), as of the log `version` that set it.
    "CREATE TABLE IF NOT EXISTS clock_deadlines (
        game_id TEXT PRIMARY KEY,
        due_ms BIGINT NOT NULL,
        version BIGINT NOT NULL
    )",
];

const INDEXES: [&str; 3] = [
    "CREATE INDEX IF NOT EXISTS games_lobby ON games (status, created_ms)",
    // The expiry sweep: games still played, least recently written first.
    "CREATE INDEX IF NOT EXISTS games_idle ON games (status, updated_ms)",
    // The clock sweep: the earliest deadlines first.
    "CREATE INDEX IF NOT EXISTS clock_deadlines_due ON clock_deadlines (due_ms)",
];

pub async fn create(pool: &AnyPool) -> Result<(), sqlx::Error> {
    for table in TABLES {
        // Two processes starting at once against one PostgreSQL may race on
        // CREATE TABLE IF NOT EXISTS; the loser's error means the table exists.
        if let Err(e) = sqlx::query(table).execute(pool).await {
            let exists = matches!(&e, sqlx::Error::Database(d) if d.is_unique_violation());
            if !exists {
                return Err(e);
            }
        }
    }
    for index in INDEXES {
        sqlx::query(index)
            .execute(pool)
            .await
            .or_else(|e| match &e {
                sqlx::Error::Database(d) if d.is_unique_violation() => Ok(Default::default()),
                _ => Err(e),
            })?;
    }
    Ok(())
}
