//! Accounts (issue 42): players' names and password hashes, their sessions, the
//! seats they hold across devices, the sign-in failures counted per name, and the
//! ratings with each rated game's results. Passwords and secrets arrive hashed: the
//! store never sees one in clear.

use crate::{Result, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

/// A player's account as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct User {
    pub id: String,
    /// As the player wrote it (shown to others).
    pub name: String,
    /// The PHC string of the password's Argon2id hash.
    pub password: String,
    /// Where turn and end-of-game notices go, when asked for ("" : none).
    pub email: String,
    pub notify: bool,
    /// The language of the notices ("en", "pt-BR", "es").
    pub lang: String,
    pub created_ms: i64,
}

/// A seat a player holds: of game `game_id`, seat `seat` (-1: the creator).
#[derive(Clone, Debug, PartialEq)]
pub struct HeldSeat {
    pub game_id: String,
    pub seat: i64,
    pub game: String,
    pub status: String,
    /// The lobby's summary (JSON text): seats, scores and standings at the end.
    pub summary: String,
    pub updated_ms: i64,
}

/// A player's (or a bot level's) rating on one scale.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    pub scale: String,
    pub player: String,
    pub mu: f64,
    pub sigma: f64,
    pub games: i64,
}

/// One seat's result in a rated game, as the rating step writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    pub seat: i64,
    pub player: String,
    pub place: i64,
    /// The seat was handed to a bot before the end (dropped or left).
    pub left: bool,
    pub before: f64,
    pub after: f64,
}

const USER_COLUMNS: &str = "id, name, password, email, notify, lang, created_ms";

fn user(r: &AnyRow) -> Result<User> {
    Ok(User {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        password: r.try_get(2)?,
        email: r.try_get(3)?,
        notify: r.try_get::<i64, _>(4)? != 0,
        lang: r.try_get(5)?,
        created_ms: r.try_get(6)?,
    })
}

fn rating(r: &AnyRow) -> Result<Rating> {
    Ok(Rating {
        scale: r.try_get(0)?,
        player: r.try_get(1)?,
        mu: r.try_get(2)?,
        sigma: r.try_get(3)?,
        games: r.try_get(4)?,
    })
}

impl Store {
    /// A new account; refused with [`StoreError::NameTaken`] when `name_key` is.
    pub async fn create_user(&self, u: &User, name_key: &str) -> Result<()> {
        let _turn = self.db.my_turn().await;
        let done = sqlx::query(
            "INSERT INTO users (id, name, name_key, password, email, notify, lang, created_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&u.id)
        .bind(&u.name)
        .bind(name_key)
        .bind(&u.password)
        .bind(&u.email)
        .bind(i64::from(u.notify))
        .bind(&u.lang)
        .bind(u.created_ms)
        .execute(&self.db.pool)
        .await;
        match done {
            Err(e) if crate::unique_violation(&e) => Err(StoreError::NameTaken),
            other => other.map(|_| ()).map_err(Into::into),
        }
    }

    pub async fn user_by_name(&self, name_key: &str) -> Result<Option<User>> {
        self.one_user("name_key", name_key).await
    }

    pub async fn user(&self, id: &str) -> Result<Option<User>> {
        self.one_user("id", id).await
    }

    async fn one_user(&self, column: &str, value: &str) -> Result<Option<User>> {
        let row = sqlx::query(&format!(
            "SELECT {USER_COLUMNS} FROM users WHERE {column} = $1"
        ))
        .bind(value)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(user).transpose()
    }

    pub async fn set_password(&self, user_id: &str, password: &str) -> Result<()> {
        self.write(
            "UPDATE users SET password = $1 WHERE id = $2",
            &[password, user_id],
        )
        .await
    }

    pub async fn set_notices(
        &self,
        user_id: &str,
        email: &str,
        notify: bool,
        lang: &str,
    ) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query("UPDATE users SET email = $1, notify = $2, lang = $3 WHERE id = $4")
            .bind(email)
            .bind(i64::from(notify))
            .bind(lang)
            .bind(user_id)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// A statement of text parameters, in the writers' turn.
    async fn write(&self, sql: &str, params: &[&str]) -> Result<()> {
        let _turn = self.db.my_turn().await;
        let mut q = sqlx::query(sql);
        for p in params {
            q = q.bind(*p);
        }
        q.execute(&self.db.pool).await?;
        Ok(())
    }

    pub async fn create_session(
        &self,
        hash: &str,
        user_id: &str,
        now_ms: i64,
        expires_ms: i64,
    ) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, created_ms, expires_ms) VALUES ($1, $2, $3, $4)",
        )
        .bind(hash)
        .bind(user_id)
        .bind(now_ms)
        .bind(expires_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// The account a session belongs to, while it has not expired.
    pub async fn session_user(&self, hash: &str, now_ms: i64) -> Result<Option<User>> {
        let row = sqlx::query(&format!(
            "SELECT {} FROM users u JOIN sessions s ON s.user_id = u.id \
             WHERE s.id_hash = $1 AND s.expires_ms > $2",
            USER_COLUMNS
                .split(", ")
                .map(|c| format!("u.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .bind(hash)
        .bind(now_ms)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(user).transpose()
    }

    /// Ends one session, and the seat tokens handed to it.
    pub async fn end_session(&self, hash: &str) -> Result<()> {
        self.write("DELETE FROM device_tokens WHERE session_hash = $1", &[hash])
            .await?;
        self.write("DELETE FROM sessions WHERE id_hash = $1", &[hash])
            .await
    }

    /// Ends every session of an account but `keep` (sign out everywhere; a changed
    /// password), and their seat tokens.
    pub async fn end_sessions(&self, user_id: &str, keep: &str) -> Result<()> {
        self.write(
            "DELETE FROM device_tokens WHERE session_hash IN \
             (SELECT id_hash FROM sessions WHERE user_id = $1 AND id_hash <> $2)",
            &[user_id, keep],
        )
        .await?;
        self.write(
            "DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2",
            &[user_id, keep],
        )
        .await
    }

    /// Failed sign-ins for `name_key` in the window that began at `since_ms` or later
    /// (an older window starts again at zero).
    pub async fn signin_failures(&self, name_key: &str, since_ms: i64) -> Result<i64> {
        let row = sqlx::query(
            "SELECT failures FROM signin_failures WHERE name_key = $1 AND since_ms >= $2",
        )
        .bind(name_key)
        .bind(since_ms)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?.unwrap_or(0))
    }

    /// Counts one more failure for `name_key`: a new window from `now_ms` when the
    /// stored one began before `window_start_ms`.
    pub async fn count_signin_failure(
        &self,
        name_key: &str,
        now_ms: i64,
        window_start_ms: i64,
    ) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query(
            "INSERT INTO signin_failures (name_key, failures, since_ms) VALUES ($1, 1, $2) \
             ON CONFLICT (name_key) DO UPDATE SET \
             failures = CASE WHEN signin_failures.since_ms < $3 THEN 1 \
                        ELSE signin_failures.failures + 1 END, \
             since_ms = CASE WHEN signin_failures.since_ms < $3 THEN $2 \
                        ELSE signin_failures.since_ms END",
        )
        .bind(name_key)
        .bind(now_ms)
        .bind(window_start_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    pub async fn clear_signin_failures(&self, name_key: &str) -> Result<()> {
        self.write(
            "DELETE FROM signin_failures WHERE name_key = $1",
            &[name_key],
        )
        .await
    }

    /// Binds seat `seat` of `game_id` to an account; false when another account
    /// holds it already (the same account again is true).
    pub async fn bind_seat(
        &self,
        game_id: &str,
        seat: i64,
        user_id: &str,
        now_ms: i64,
    ) -> Result<bool> {
        {
            let _turn = self.db.my_turn().await;
            let done = sqlx::query(
                "INSERT INTO account_seats (game_id, seat, user_id, bound_ms) VALUES ($1, $2, $3, $4)",
            )
            .bind(game_id)
            .bind(seat)
            .bind(user_id)
            .bind(now_ms)
            .execute(&self.db.pool)
            .await;
            match done {
                Ok(_) => return Ok(true),
                Err(e) if crate::unique_violation(&e) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(self.seat_holder(game_id, seat).await?.as_deref() == Some(user_id))
    }

    /// The account that holds a seat, if one does.
    pub async fn seat_holder(&self, game_id: &str, seat: i64) -> Result<Option<String>> {
        let row = sqlx::query("SELECT user_id FROM account_seats WHERE game_id = $1 AND seat = $2")
            .bind(game_id)
            .bind(seat)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// Every seat of a game held by an account: (seat, user id, name).
    pub async fn seat_holders(&self, game_id: &str) -> Result<Vec<(i64, String, String)>> {
        let rows = sqlx::query(
            "SELECT a.seat, a.user_id, u.name FROM account_seats a JOIN users u ON u.id = a.user_id \
             WHERE a.game_id = $1 ORDER BY a.seat",
        )
        .bind(game_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
    }

    /// The seats an account holds, most recently played first.
    pub async fn held_seats(&self, user_id: &str, limit: i64) -> Result<Vec<HeldSeat>> {
        let rows = sqlx::query(
            "SELECT a.game_id, a.seat, g.game, g.status, g.summary, g.updated_ms FROM account_seats a \
             JOIN games g ON g.id = a.game_id WHERE a.user_id = $1 \
             ORDER BY g.updated_ms DESC, a.game_id, a.seat LIMIT $2",
        )
        .bind(user_id)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(HeldSeat {
                    game_id: r.try_get(0)?,
                    seat: r.try_get(1)?,
                    game: r.try_get(2)?,
                    status: r.try_get(3)?,
                    summary: r.try_get(4)?,
                    updated_ms: r.try_get(5)?,
                })
            })
            .collect()
    }

    /// A seat token handed to one session (a device) of the seat's account.
    pub async fn add_device_token(
        &self,
        token_hash: &str,
        session_hash: &str,
        game_id: &str,
        seat: i64,
    ) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query(
            "INSERT INTO device_tokens (token_hash, session_hash, game_id, seat) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(session_hash)
        .bind(game_id)
        .bind(seat)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Whether a device token acts for `seat` of `game_id` now: its session is
    /// alive and its account still holds the seat.
    pub async fn device_token_valid(
        &self,
        token_hash: &str,
        game_id: &str,
        seat: i64,
        now_ms: i64,
    ) -> Result<bool> {
        let row = sqlx::query(
            "SELECT 1 FROM device_tokens d JOIN sessions s ON s.id_hash = d.session_hash \
             JOIN account_seats a ON a.game_id = d.game_id AND a.seat = d.seat \
             AND a.user_id = s.user_id \
             WHERE d.token_hash = $1 AND d.game_id = $2 AND d.seat = $3 AND s.expires_ms > $4",
        )
        .bind(token_hash)
        .bind(game_id)
        .bind(seat)
        .bind(now_ms)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Marks a game as rated: its result changes ratings once it ends.
    pub async fn mark_rated(&self, game_id: &str, scale: &str) -> Result<()> {
        self.write(
            "INSERT INTO rated_games (game_id, scale, done) VALUES ($1, $2, 0)",
            &[game_id, scale],
        )
        .await
    }

    /// Rated games that ended (over or abandoned) and were not rated yet.
    pub async fn rated_games_due(&self) -> Result<Vec<String>> {
        let rows = sqlx::query(
            "SELECT r.game_id FROM rated_games r JOIN games g ON g.id = r.game_id \
             WHERE r.done = 0 AND g.status IN ('over', 'abandoned') ORDER BY g.updated_ms",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
    }

    /// The scale a game is rated on, if it is rated.
    pub async fn rated_scale(&self, game_id: &str) -> Result<Option<String>> {
        let row = sqlx::query("SELECT scale FROM rated_games WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// The ratings of `players` on `scale` (those never rated are absent).
    pub async fn ratings(&self, scale: &str, players: &[String]) -> Result<Vec<Rating>> {
        let mut out = Vec::new();
        for p in players {
            let row = sqlx::query(
                "SELECT scale, player, mu, sigma, games FROM ratings WHERE scale = $1 AND player = $2",
            )
            .bind(scale)
            .bind(p)
            .fetch_optional(&self.db.pool)
            .await?;
            if let Some(r) = row {
                out.push(rating(&r)?);
            }
        }
        Ok(out)
    }

    /// Writes a rated game's results and new ratings once: false when it was rated
    /// already (by this process or another).
    pub async fn record_rating(
        &self,
        game_id: &str,
        results: &[RatedResult],
        ratings: &[Rating],
        now_ms: i64,
    ) -> Result<bool> {
        let mut conn = self.db.pool.acquire().await?;
        let _turn = self.db.my_turn().await;
        let mut tx = sqlx::Connection::begin_with(&mut *conn, self.db.begin_write()).await?;
        let claimed =
            sqlx::query("UPDATE rated_games SET done = 1 WHERE game_id = $1 AND done = 0")
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        if claimed.rows_affected() != 1 {
            return Ok(false);
        }
        for r in results {
            sqlx::query(
                "INSERT INTO results (game_id, seat, player, place, left_game, rating_before, rating_after, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(game_id)
            .bind(r.seat)
            .bind(&r.player)
            .bind(r.place)
            .bind(i64::from(r.left))
            .bind(r.before)
            .bind(r.after)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
        }
        for r in ratings {
            sqlx::query(
                "INSERT INTO ratings (scale, player, mu, sigma, games, updated_ms) \
                 VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (scale, player) DO UPDATE SET \
                 mu = $3, sigma = $4, games = ratings.games + 1, updated_ms = $5",
            )
            .bind(&r.scale)
            .bind(&r.player)
            .bind(r.mu)
            .bind(r.sigma)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The best `limit` players of a scale by their conservative rating (mu - 3 sigma).
    pub async fn leaderboard(&self, scale: &str, limit: i64) -> Result<Vec<Rating>> {
        let rows = sqlx::query(
            "SELECT scale, player, mu, sigma, games FROM ratings WHERE scale = $1 \
             ORDER BY mu - 3 * sigma DESC, player LIMIT $2",
        )
        .bind(scale)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(rating).collect()
    }

    /// Every rating a player has.
    pub async fn player_ratings(&self, player: &str) -> Result<Vec<Rating>> {
        let rows = sqlx::query(
            "SELECT scale, player, mu, sigma, games FROM ratings WHERE player = $1 ORDER BY scale",
        )
        .bind(player)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(rating).collect()
    }

    /// A password reset link's secret (its hash), good until `expires_ms`.
    pub async fn add_reset(&self, token_hash: &str, user_id: &str, expires_ms: i64) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query(
            "INSERT INTO password_resets (token_hash, user_id, expires_ms) VALUES ($1, $2, $3)",
        )
        .bind(token_hash)
        .bind(user_id)
        .bind(expires_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Uses a reset link once: the account it was for while it has not expired
    /// (it is gone afterwards, used or not).
    pub async fn take_reset(&self, token_hash: &str, now_ms: i64) -> Result<Option<String>> {
        let row =
            sqlx::query("SELECT user_id, expires_ms FROM password_resets WHERE token_hash = $1")
                .bind(token_hash)
                .fetch_optional(&self.db.pool)
                .await?;
        let Some(row) = row else { return Ok(None) };
        let taken = {
            let _turn = self.db.my_turn().await;
            sqlx::query("DELETE FROM password_resets WHERE token_hash = $1")
                .bind(token_hash)
                .execute(&self.db.pool)
                .await?
                .rows_affected()
        };
        let expires: i64 = row.try_get(1)?;
        Ok((taken == 1 && expires > now_ms)
            .then(|| row.try_get(0))
            .transpose()?)
    }
}
