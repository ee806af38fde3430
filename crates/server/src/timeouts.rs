//! Time running out on a clocked table (issue 42, see [`crate::clock`]). A loaded
//! game has a timer in this process for its next deadline (re-armed after every
//! command, [`Hub::watch_deadlines`]); every game, loaded or not, has its next
//! deadline in the store, written with its entries, and a sweep loads the games
//! whose deadline passed (after a restart, or in a process that does not hold
//! them). Both answer the same way, through the ordinary commands: the stand-in's
//! decision ([`Hub::stand_in`]) or the seat handed to the stand-in bot, each sent
//! for the version the seat's decision was due since, so that a timeout fired twice
//! (a timer and the sweep, or two processes) is stored once and refused after.

use crate::clock::{Millis, OnTimeout};
use crate::hub::{GameCell, Hub, HubError, STAND_IN_BOT};
use crate::live::{Command, LiveGame};
use crate::now_ms;
use std::sync::Arc;
use std::time::Duration;
use tabuleiro_core::Seat;
use tabuleiro_store::{ClockDue, StoreError};

/// How often the sweep looks for clocked games out of time in the store.
pub const SWEEP_EVERY: Duration = Duration::from_millis(500);

/// How many games one sweep takes at most (the next sweep takes the rest).
const SWEEP_BATCH: i64 = 200;

/// The deadline an append of `live` writes: only one earlier than the deadline
/// this process last wrote (or one whose time passed, or not known here), since
/// the stored deadline need only be no later than the game's (the sweep sets an
/// early one right); `None`: nothing to write (no clock, or none running).
pub fn clock_due(live: &LiveGame) -> Option<ClockDue> {
    let due = live.clock_due()?;
    let stored_ahead = live.due_written.is_some_and(|w| w.0 > now_ms() && due >= w);
    (!stored_ahead).then_some(ClockDue {
        due_ms: Some(due.0),
    })
}

/// After an append stored `due`: the deadline this process wrote last.
pub fn written(live: &mut LiveGame, due: Option<ClockDue>) {
    if let Some(ms) = due.and_then(|d| d.due_ms) {
        live.due_written = Some(Millis(ms));
    }
}

impl Hub {
    /// Stores a clocked game's deadline outside an append (a new game's, or one
    /// the sweep found stale).
    pub(crate) async fn store_clock_due(&self, live: &mut LiveGame) {
        if live.clocks.is_none() {
            return;
        }
        let due = ClockDue {
            due_ms: live.clock_due().map(|m| m.0),
        };
        match self.store.set_clock_due(&live.id, live.version, due).await {
            Ok(()) => live.due_written = Some(Millis(due.due_ms.unwrap_or(i64::MAX))),
            Err(e) => tracing::warn!(game = %live.id, "cannot store the clock's deadline: {e}"),
        }
    }

    /// Arms this process's timer for the game's next deadline, replacing the one
    /// armed before (`due`: none, no clock runs).
    pub(crate) fn arm_clock(self: &Arc<Self>, cell: &GameCell, id: &str, due: Option<Millis>) {
        let mut timer = cell.clock_timer.lock().expect("clock timer");
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some(due) = due else { return };
        let wait = Duration::from_millis(due.since(Millis(now_ms())).0 as u64);
        let (hub, id) = (self.clone(), id.to_string());
        let task = tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            // On a task of its own: the commands it sends re-arm (abort) this timer.
            tokio::spawn(async move { hub.time_out(&id).await });
        });
        *timer = Some(task.abort_handle());
    }

    /// Answers for every person out of time in game `id`, as its clock says; with
    /// no one out of time (the game moved on), re-arms its timer.
    pub async fn time_out(self: &Arc<Self>, id: &str) {
        let Ok(cell) = self.cell(id).await else {
            return;
        };
        let (out, on_timeout, due) = {
            let live = cell.live.lock().await;
            let on_timeout = live.meta.clock.as_ref().map(|c| c.on_timeout);
            (
                live.out_of_time(Millis(now_ms())),
                on_timeout,
                live.clock_due(),
            )
        };
        let Some(on_timeout) = on_timeout else { return };
        if out.is_empty() {
            return self.arm_clock(&cell, id, due);
        }
        for (seat, since) in out {
            tracing::info!(game = %id, seat, "the clock ran out ({on_timeout:?})");
            match on_timeout {
                OnTimeout::StandIn => self.stand_in(id, seat, since).await,
                OnTimeout::Drop => self.drop_seat(id, seat, since).await,
            }
        }
    }

    /// Hands `seat` to the stand-in bot for good, if it still has not decided what
    /// it had to since `since`.
    async fn drop_seat(self: &Arc<Self>, id: &str, seat: Seat, since: i64) {
        let command = Command::Bot {
            seat,
            bot: STAND_IN_BOT.into(),
        };
        match self.command(id, command, Some(since)).await {
            // Stale: the person decided meanwhile; refused: another process (or
            // the sweep) dropped the seat first.
            Ok(_) | Err(HubError::Stale { .. }) | Err(HubError::Refused(_)) => {}
            Err(e) => tracing::error!(game = %id, seat, "cannot drop the seat: {e:?}"),
        }
    }

    /// Loads the games whose stored deadline passed and answers for those out of
    /// time; a deadline that was stale (the game moved on) is written again.
    /// Answers how many games it looked at.
    pub async fn sweep_clocks(self: &Arc<Self>) -> Result<usize, HubError> {
        let due = self.store.clocks_due(now_ms(), SWEEP_BATCH).await?;
        for id in &due {
            let cell = match self.cell(id).await {
                Ok(cell) => cell,
                Err(HubError::NotFound(_)) | Err(HubError::Store(StoreError::NotFound(_))) => {
                    continue
                }
                Err(e) => {
                    tracing::error!(game = %id, "clock sweep cannot load the game: {e:?}");
                    continue;
                }
            };
            let out = {
                let mut live = cell.live.lock().await;
                // Another process may have moved the game on.
                if let Err(e) = self.catch_up(&cell, &mut live).await {
                    tracing::warn!(game = %id, "clock sweep cannot catch up: {e:?}");
                    continue;
                }
                let out = live.out_of_time(Millis(now_ms()));
                if out.is_empty() {
                    self.store_clock_due(&mut live).await;
                }
                !out.is_empty()
            };
            if out {
                self.time_out(id).await;
            }
        }
        Ok(due.len())
    }
}
