//! The tables, created when missing. Plain SQL that SQLite and PostgreSQL both accept.

use sqlx::AnyPool;

const TABLES: [&str; 17] = [
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
    // Accounts (issue 42). `name_key` is the name as compared (case folded), so two
    // accounts cannot pass for one another; `password` is an Argon2id PHC string.
    "CREATE TABLE IF NOT EXISTS users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        email TEXT NOT NULL,
        notify BIGINT NOT NULL,
        lang TEXT NOT NULL,
        created_ms BIGINT NOT NULL
    )",
    // Password reset links by the hash of their secret, each good once until it expires.
    "CREATE TABLE IF NOT EXISTS password_resets (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    )",
    // Sessions by the hash of their cookie's secret.
    "CREATE TABLE IF NOT EXISTS sessions (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        expires_ms BIGINT NOT NULL
    )",
    // The seats an account holds (seat -1: the game's creator).
    "CREATE TABLE IF NOT EXISTS account_seats (
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        user_id TEXT NOT NULL,
        bound_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )",
    // Seat tokens handed to one session of the seat's account: they die with it.
    "CREATE TABLE IF NOT EXISTS device_tokens (
        token_hash TEXT PRIMARY KEY,
        session_hash TEXT NOT NULL,
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL
    )",
    // Failed sign-ins per name, in a window that starts again when it is old.
    "CREATE TABLE IF NOT EXISTS signin_failures (
        name_key TEXT PRIMARY KEY,
        failures BIGINT NOT NULL,
        since_ms BIGINT NOT NULL
    )",
    // Rated tables, and whether their end was rated yet (once, by one process).
    "CREATE TABLE IF NOT EXISTS rated_games (
        game_id TEXT PRIMARY KEY,
        scale TEXT NOT NULL,
        done BIGINT NOT NULL
    )",
    // Weng-Lin ratings per scale (a game, or its team game) and player ("user:ID",
    // "bot:LEVEL").
    "CREATE TABLE IF NOT EXISTS ratings (
        scale TEXT NOT NULL,
        player TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        updated_ms BIGINT NOT NULL,
        PRIMARY KEY (scale, player)
    )",
    // Each rated game's results, seat by seat, with the ratings before and after.
    "CREATE TABLE IF NOT EXISTS results (
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        player TEXT NOT NULL,
        place BIGINT NOT NULL,
        left_game BIGINT NOT NULL,
        rating_before DOUBLE PRECISION NOT NULL,
        rating_after DOUBLE PRECISION NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat)
    )",
    // Notices waiting to be mailed: one per account, game, kind ("turn", "end") and
    // the version the turn began at, so a turn is mailed at most once; `sent_ms` 0
    // until a mailer claims it.
    "CREATE TABLE IF NOT EXISTS notices (
        user_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        since BIGINT NOT NULL,
        game TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        sent_ms BIGINT NOT NULL,
        PRIMARY KEY (user_id, game_id, kind, since)
    )",
    // Chat at the table (issue 42): lines numbered from 1 per game; seat -2 is a
    // spectator.
    "CREATE TABLE IF NOT EXISTS chat (
        game_id TEXT NOT NULL,
        n BIGINT NOT NULL,
        at_ms BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        name TEXT NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )",
    // The seats (or -2: every spectator) a seat no longer reads.
    "CREATE TABLE IF NOT EXISTS chat_mutes (
        game_id TEXT NOT NULL,
        seat BIGINT NOT NULL,
        muted BIGINT NOT NULL,
        PRIMARY KEY (game_id, seat, muted)
    )",
    // Each clocked game's next deadline (milliseconds since the epoch; the largest
    // BIGINT when no clock runs), as of the log `version` that set it.
    "CREATE TABLE IF NOT EXISTS clock_deadlines (
        game_id TEXT PRIMARY KEY,
        due_ms BIGINT NOT NULL,
        version BIGINT NOT NULL
    )",
];

const INDEXES: [&str; 7] = [
    "CREATE INDEX IF NOT EXISTS games_lobby ON games (status, created_ms)",
    // The expiry sweep: games still played, least recently written first.
    "CREATE INDEX IF NOT EXISTS games_idle ON games (status, updated_ms)",
    "CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)",
    "CREATE INDEX IF NOT EXISTS account_seats_user ON account_seats (user_id)",
    "CREATE INDEX IF NOT EXISTS device_tokens_session ON device_tokens (session_hash)",
    "CREATE INDEX IF NOT EXISTS ratings_board ON ratings (scale, mu, sigma)",
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
