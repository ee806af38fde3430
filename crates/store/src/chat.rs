//! Chat at the table (issue 42): a game's lines, numbered from 1 in the order
//! they were stored, and the seats each seat has muted. The store checks nothing
//! of who may speak or what a line says (the server does); it keeps the numbering
//! dense and the count per game bounded.

use crate::{unique_violation, Backend, Result, Store, StoreError, CHANNEL};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Connection, Row};

/// The seat a spectator's line is stored with, and the seat muted to mute every
/// spectator at once.
pub const SPECTATOR: i64 = -2;

/// One line of a table's chat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChatLine {
    /// Its place in the game's chat, from 1.
    pub n: i64,
    pub at_ms: i64,
    /// The seat that wrote it, or [`SPECTATOR`].
    pub seat: i64,
    pub name: String,
    pub text: String,
}

/// How many times a line is tried again when another process took its number.
const TRIES: usize = 5;

impl Store {
    /// Stores a line as the game's next one; `None` when the game holds `cap`
    /// lines already (nothing is stored then). With PostgreSQL the other processes
    /// hear `chat <id> <n>` on [`CHANNEL`].
    pub async fn chat_post(&self, id: &str, line: &ChatLine, cap: i64) -> Result<Option<ChatLine>> {
        for _ in 0..TRIES {
            match self.chat_insert(id, line, cap).await {
                Err(StoreError::Conflict { .. }) => continue,
                other => return other,
            }
        }
        Err(StoreError::Conflict { expected: 0 })
    }

    /// One try: the number is the game's last plus one, so two processes writing
    /// at once may both pick it; the loser's insert breaks the primary key.
    async fn chat_insert(&self, id: &str, line: &ChatLine, cap: i64) -> Result<Option<ChatLine>> {
        let mut conn = self.db.pool.acquire().await?;
        let _turn = self.db.my_turn().await;
        let mut tx = conn.begin_with(self.db.begin_write()).await?;
        let stored = sqlx::query(
            "INSERT INTO chat (game_id, n, at_ms, seat, name, text) \
             SELECT $1, m + 1, $2, $3, $4, $5 \
             FROM (SELECT COALESCE(MAX(n), 0) AS m FROM chat WHERE game_id = $1) AS t \
             WHERE m < $6 RETURNING n",
        )
        .bind(id)
        .bind(line.at_ms)
        .bind(line.seat)
        .bind(&line.name)
        .bind(&line.text)
        .bind(cap)
        .fetch_optional(&mut *tx)
        .await;
        let n: i64 = match stored {
            Ok(Some(row)) => row.try_get(0)?,
            Ok(None) => return Ok(None),
            Err(e) if unique_violation(&e) => return Err(StoreError::Conflict { expected: 0 }),
            Err(e) => return Err(e.into()),
        };
        if self.db.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("chat {id} {n}"))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await.map_err(|e| match unique_violation(&e) {
            true => StoreError::Conflict { expected: 0 },
            false => e.into(),
        })?;
        Ok(Some(ChatLine { n, ..line.clone() }))
    }

    /// Up to `limit` lines after line `after`, in order.
    pub async fn chat_since(&self, id: &str, after: i64, limit: i64) -> Result<Vec<ChatLine>> {
        let rows = sqlx::query(
            "SELECT n, at_ms, seat, name, text FROM chat WHERE game_id = $1 AND n > $2 \
             ORDER BY n LIMIT $3",
        )
        .bind(id)
        .bind(after)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(chat_line).collect()
    }

    /// The number of the game's last line (0: none yet).
    pub async fn chat_last(&self, id: &str) -> Result<i64> {
        let row = sqlx::query("SELECT COALESCE(MAX(n), 0) FROM chat WHERE game_id = $1")
            .bind(id)
            .fetch_one(&self.db.pool)
            .await?;
        Ok(row.try_get(0)?)
    }

    /// Mutes (or unmutes) `muted` for `seat`: its lines no longer reach `seat`.
    pub async fn chat_mute(&self, id: &str, seat: i64, muted: i64, on: bool) -> Result<()> {
        let _turn = self.db.my_turn().await;
        let sql = match on {
            true => {
                "INSERT INTO chat_mutes (game_id, seat, muted) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING"
            }
            false => "DELETE FROM chat_mutes WHERE game_id = $1 AND seat = $2 AND muted = $3",
        };
        sqlx::query(sql)
            .bind(id)
            .bind(seat)
            .bind(muted)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }

    /// The seats `seat` has muted, in order.
    pub async fn chat_mutes(&self, id: &str, seat: i64) -> Result<Vec<i64>> {
        let rows = sqlx::query(
            "SELECT muted FROM chat_mutes WHERE game_id = $1 AND seat = $2 ORDER BY muted",
        )
        .bind(id)
        .bind(seat)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(r.try_get(0)?))
            .collect::<Result<Vec<i64>>>()
    }
}

fn chat_line(r: &AnyRow) -> Result<ChatLine> {
    Ok(ChatLine {
        n: r.try_get(0)?,
        at_ms: r.try_get(1)?,
        seat: r.try_get(2)?,
        name: r.try_get(3)?,
        text: r.try_get(4)?,
    })
}

/// A chat notification's payload, `chat <id> <n>`, read back.
pub(crate) fn heard(payload: &str) -> Option<(String, i64)> {
    let (id, n) = payload.strip_prefix("chat ")?.split_once(' ')?;
    Some((id.to_string(), n.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(seat: i64, text: &str) -> ChatLine {
        ChatLine {
            n: 0,
            at_ms: 5,
            seat,
            name: "Ana".into(),
            text: text.into(),
        }
    }

    #[tokio::test]
    async fn lines_are_numbered_capped_and_read_back() {
        let dir = std::env::temp_dir().join(format!("tabuleiro-chat-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::open_dir(&dir).await.unwrap();
        for k in 1..=3 {
            let stored = store.chat_post("g", &line(0, "oi"), 3).await.unwrap();
            assert_eq!(stored.unwrap().n, k);
        }
        assert_eq!(store.chat_post("g", &line(1, "x"), 3).await.unwrap(), None);
        assert_eq!(
            store
                .chat_post("h", &line(1, "x"), 3)
                .await
                .unwrap()
                .unwrap()
                .n,
            1
        );
        let read = store.chat_since("g", 1, 10).await.unwrap();
        assert_eq!(read.iter().map(|l| l.n).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(store.chat_last("g").await.unwrap(), 3);
        assert_eq!(store.chat_last("none").await.unwrap(), 0);
        store.chat_mute("g", 0, 1, true).await.unwrap();
        store.chat_mute("g", 0, 1, true).await.unwrap();
        store.chat_mute("g", 0, SPECTATOR, true).await.unwrap();
        assert_eq!(store.chat_mutes("g", 0).await.unwrap(), [SPECTATOR, 1]);
        store.chat_mute("g", 0, 1, false).await.unwrap();
        assert_eq!(store.chat_mutes("g", 0).await.unwrap(), [SPECTATOR]);
        assert_eq!(heard("chat ab12 7"), Some(("ab12".into(), 7)));
        assert_eq!(heard("ab12 7"), None);
        let _ = std::fs::remove_dir_all(dir);
    }
}
