//! Notices waiting to be mailed (issue 42): a player's turn in a turn-based game,
//! and the end of a game they play. One row per account, game, kind and turn, so a
//! turn is mailed at most once whatever the number of processes; a mailer claims
//! an account's rows before sending them as one message (a digest when several
//! games wait).

use crate::{Result, Store};
use sqlx::Row;

/// A notice as queued.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub user_id: String,
    pub game_id: String,
    /// "turn" or "end".
    pub kind: String,
    /// The version the turn began at (the game's end: its last version).
    pub since: i64,
    pub game: String,
}

/// An account's claimed notices, with where to send them.
#[derive(Clone, Debug, PartialEq)]
pub struct Mail {
    pub name: String,
    pub email: String,
    pub lang: String,
    pub notices: Vec<Notice>,
}

impl Store {
    /// Queues a notice for an account that asked for them; a second one for the
    /// same turn is ignored.
    pub async fn queue_notice(&self, n: &Notice, now_ms: i64) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query(
            "INSERT INTO notices (user_id, game_id, kind, since, game, created_ms, sent_ms) \
             SELECT $1, $2, $3, $4, $5, $6, 0 FROM users \
             WHERE id = $1 AND notify = 1 AND email <> '' \
             ON CONFLICT (user_id, game_id, kind, since) DO NOTHING",
        )
        .bind(&n.user_id)
        .bind(&n.game_id)
        .bind(&n.kind)
        .bind(n.since)
        .bind(&n.game)
        .bind(now_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(())
    }

    /// Claims the waiting notices of up to `accounts` accounts queued before
    /// `before_ms`: each account's rows are marked sent by this call alone (another
    /// process's claim finds them taken).
    pub async fn claim_notices(
        &self,
        before_ms: i64,
        now_ms: i64,
        accounts: i64,
    ) -> Result<Vec<Mail>> {
        let users = sqlx::query(
            "SELECT DISTINCT n.user_id, u.name, u.email, u.lang FROM notices n JOIN users u ON u.id = n.user_id \
             WHERE n.sent_ms = 0 AND n.created_ms <= $1 AND u.notify = 1 AND u.email <> '' \
             ORDER BY n.user_id LIMIT $2",
        )
        .bind(before_ms)
        .bind(accounts)
        .fetch_all(&self.db.pool)
        .await?;
        let mut mails = Vec::new();
        for u in users {
            let (user_id, name, email, lang): (String, String, String, String) =
                (u.try_get(0)?, u.try_get(1)?, u.try_get(2)?, u.try_get(3)?);
            let claimed = {
                let _turn = self.db.my_turn().await;
                sqlx::query(
                    "UPDATE notices SET sent_ms = $1 WHERE user_id = $2 AND sent_ms = 0 \
                     AND created_ms <= $3",
                )
                .bind(now_ms)
                .bind(&user_id)
                .bind(before_ms)
                .execute(&self.db.pool)
                .await?
                .rows_affected()
            };
            if claimed == 0 {
                continue;
            }
            let rows = sqlx::query(
                "SELECT game_id, kind, since, game FROM notices WHERE user_id = $1 AND sent_ms = $2 \
                 ORDER BY created_ms, game_id",
            )
            .bind(&user_id)
            .bind(now_ms)
            .fetch_all(&self.db.pool)
            .await?;
            let notices = rows
                .iter()
                .map(|r| {
                    Ok(Notice {
                        user_id: user_id.clone(),
                        game_id: r.try_get(0)?,
                        kind: r.try_get(1)?,
                        since: r.try_get(2)?,
                        game: r.try_get(3)?,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            mails.push(Mail {
                name,
                email,
                lang,
                notices,
            });
        }
        Ok(mails)
    }

    /// Gives back the notices a claim at `claimed_ms` took, when their mail could not
    /// be sent: the next round tries again.
    pub async fn unclaim_notices(&self, user_id: &str, claimed_ms: i64) -> Result<()> {
        let _turn = self.db.my_turn().await;
        sqlx::query("UPDATE notices SET sent_ms = 0 WHERE user_id = $1 AND sent_ms = $2")
            .bind(user_id)
            .bind(claimed_ms)
            .execute(&self.db.pool)
            .await?;
        Ok(())
    }
}
