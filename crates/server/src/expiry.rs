//! Abandoned games (issue 17, item 4): a game still played with no action for the
//! server's `--expire-after` is ended by an `abandoned` entry at the end of its log.
//! It is then no longer listed in the lobby by default, loaded at start, or
//! played (every command is refused); its log and record stay, and its record is
//! published as for a game that is over. The entry is appended like any action, so
//! the store's version check settles a race with a late action (the action wins,
//! and the game is no longer idle) and between several processes sweeping at once.

use crate::hub::{Hub, HubError};
use crate::live::{LogEntry, ServerEvent};
use crate::now_ms;
use std::sync::Arc;
use std::time::Duration;
use tabuleiro_store::{Append, Entry, StoreError};

/// How many games one sweep ends at most (the next sweep takes the rest).
const SWEEP_BATCH: i64 = 500;

impl Hub {
    /// Ends every game still played that had no action for `idle`; answers how
    /// many it ended.
    pub async fn expire_idle(self: &Arc<Self>, idle: Duration) -> Result<usize, HubError> {
        let idle_ms = i64::try_from(idle.as_millis()).unwrap_or(i64::MAX);
        let before = now_ms().saturating_sub(idle_ms);
        let mut ended = 0;
        for row in self.store.idle_since(before, SWEEP_BATCH).await? {
            let entry = Entry {
                entry: serde_json::to_string(&LogEntry::Abandoned { idle_ms })
                    .expect("log entries serialize"),
                events: serde_json::to_string(&[ServerEvent::Abandoned { idle_ms }])
                    .expect("server events serialize"),
            };
            let append = Append {
                id: row.id.clone(),
                from_version: row.version,
                entries: vec![entry],
                status: "abandoned".into(),
                summary: row.summary.clone(),
                now_ms: now_ms(),
                snapshot: None,
                claim: None,
                // A clocked game's deadline row is set right by the clock sweep.
                clock: None,
            };
            match self.store.append(append).await {
                Ok(()) => {
                    ended += 1;
                    tracing::info!(game = %row.id, "abandoned: no action for {idle:?}");
                    // A copy held here catches up (and tells its followers).
                    self.changed_elsewhere(&row.id, row.version + 1).await;
                }
                // Someone acted since the query: the game is not idle after all.
                Err(StoreError::Conflict { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(ended)
    }
}

/// How often the sweep looks for abandoned games: often enough for short expiry
/// times (tests), at most once a minute otherwise.
pub fn sweep_every(expire_after: Duration) -> Duration {
    (expire_after / 4).clamp(Duration::from_millis(100), Duration::from_secs(60))
}
