//! Clocks per table (issue 42): chosen when a table is created, kept in its
//! [`Meta`](crate::live::Meta) so they never change, and derived from the log's
//! timestamps (each entry of a clocked game carries the time it was accepted), so
//! that a restart or a second server process on the same database finds the same
//! time left.
//!
//! - Real time: each seat has a bank; while the game waits for a seat's decision its
//!   bank runs down, and each decision it takes adds the increment.
//! - Turn-based: each decision has its own time, which starts afresh whenever the
//!   seat comes to act (or acts and acts again).
//!
//! A clock runs only while the game waits for that seat (several seats deciding at
//! once each run), never while a seat is open, the game is over or abandoned.
//! Undo does not give time back (the time spent stays spent) and takes back the
//! increment the undone decision earned, so that deciding and taking back cannot
//! buy time. When a person's time runs out, [`OnTimeout`] says what happens.
//!
//! Nothing here knows a game or reads a clock: the arithmetic is pure.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::time::Duration;
use tabuleiro_core::Seat;

/// A moment or a span of time in milliseconds (moments since the Unix epoch).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Millis(pub i64);

impl Millis {
    pub fn of(d: Duration) -> Millis {
        Millis(i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    }

    fn secs(s: u64) -> Millis {
        Millis::of(Duration::from_secs(s))
    }

    pub fn plus(self, other: Millis) -> Millis {
        Millis(self.0.saturating_add(other.0))
    }

    /// The span from `earlier` to `self`, none when `earlier` is later.
    pub fn since(self, earlier: Millis) -> Millis {
        Millis(self.0.saturating_sub(earlier.0).max(0))
    }

    /// `self` less `other`, never below zero.
    pub fn less(self, other: Millis) -> Millis {
        Millis(self.0.saturating_sub(other.0).max(0))
    }
}

/// What happens when a person's time runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// The seat's stand-in (the rules' default answer, or the stand-in bot) takes
    /// that one decision; the person keeps the seat.
    #[default]
    StandIn,
    /// The person is dropped: the seat goes to the stand-in bot for good.
    Drop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockKind {
    Realtime,
    TurnBased,
}

/// A clock as the creator asks for it (`POST /api/games`, `"clock"`) and as the
/// game's meta keeps it. [`ClockSpec::check`] refuses a bad one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    pub kind: ClockKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_s: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment_s: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move_s: Option<u64>,
    #[serde(default)]
    pub on_timeout: OnTimeout,
}

/// How the time passes, in typed spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    Realtime { bank: Millis, increment: Millis },
    TurnBased { per_move: Millis },
}

/// The bounds a clock must keep, in seconds (inclusive). A real-time bank may be
/// as short as a second, so that tests and blitz tables can run out quickly.
pub const BANK_S: (u64, u64) = (1, 7 * 24 * 3600);
pub const INCREMENT_S: (u64, u64) = (0, 3600);
pub const PER_MOVE_S: (u64, u64) = (60, 14 * 24 * 3600);

/// Why a clock is refused: a sentence for the API's message.
#[derive(Debug, PartialEq, Eq)]
pub struct BadClock(pub String);

fn within(name: &str, value: u64, (low, high): (u64, u64)) -> Result<u64, BadClock> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        Err(BadClock(format!(
            "the clock's {name} is {value} s: it must be between {low} and {high} s"
        )))
    }
}

impl ClockSpec {
    /// The clock's pace, refusing fields of the other kind, missing ones and
    /// values out of bounds.
    pub fn check(&self) -> Result<Pace, BadClock> {
        let misplaced =
            |name: &str, kind: &str| BadClock(format!("a {kind} clock takes no {name}"));
        match self.kind {
            ClockKind::Realtime => {
                if self.per_move_s.is_some() {
                    return Err(misplaced("per_move_s", "realtime"));
                }
                let bank = self
                    .bank_s
                    .ok_or_else(|| BadClock("a realtime clock needs bank_s".into()))?;
                let bank = within("bank_s", bank, BANK_S)?;
                let increment = within("increment_s", self.increment_s.unwrap_or(0), INCREMENT_S)?;
                Ok(Pace::Realtime {
                    bank: Millis::secs(bank),
                    increment: Millis::secs(increment),
                })
            }
            ClockKind::TurnBased => {
                if self.bank_s.is_some() || self.increment_s.is_some() {
                    return Err(misplaced("bank_s or increment_s", "turn_based"));
                }
                let per_move = self
                    .per_move_s
                    .ok_or_else(|| BadClock("a turn_based clock needs per_move_s".into()))?;
                let per_move = within("per_move_s", per_move, PER_MOVE_S)?;
                Ok(Pace::TurnBased {
                    per_move: Millis::secs(per_move),
                })
            }
        }
    }

    /// The pace of a clock stored with a game, whatever today's bounds (it was
    /// checked when the game was created); a stored clock that cannot be read runs
    /// as its nearest reading.
    pub fn pace(&self) -> Pace {
        match self.kind {
            ClockKind::Realtime => Pace::Realtime {
                bank: Millis::secs(self.bank_s.unwrap_or(BANK_S.1)),
                increment: Millis::secs(self.increment_s.unwrap_or(0)),
            },
            ClockKind::TurnBased => Pace::TurnBased {
                per_move: Millis::secs(self.per_move_s.unwrap_or(PER_MOVE_S.1)),
            },
        }
    }
}

/// Every seat's time left, as of the moment `since` (the last entry's time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    #[serde(skip, default = "no_pace")]
    pub pace: Option<Pace>,
    pub left: Vec<Millis>,
    pub since: Millis,
}

fn no_pace() -> Option<Pace> {
    None
}

impl Clocks {
    /// Full clocks for `seats` seats, starting at `now`.
    pub fn new(pace: Pace, seats: usize, now: Millis) -> Clocks {
        let full = match pace {
            Pace::Realtime { bank, .. } => bank,
            Pace::TurnBased { per_move } => per_move,
        };
        Clocks {
            pace: Some(pace),
            left: vec![full; seats],
            since: now,
        }
    }

    /// Runs the clocks of the seats the game waited for, from `since` to `at` (an
    /// entry's time). A time earlier than `since` (another process's clock a little
    /// behind) charges nothing and moves nothing back.
    pub fn charge(&mut self, running: &[Seat], at: Millis) {
        let spent = at.since(self.since);
        for &s in running {
            if let Some(left) = self.left.get_mut(s as usize) {
                *left = left.less(spent);
            }
        }
        self.since = self.since.max(at);
    }

    /// `seat` took a decision: a real-time clock gains its increment.
    pub fn decided(&mut self, seat: Seat) {
        if let (Some(Pace::Realtime { increment, .. }), Some(left)) =
            (self.pace, self.left.get_mut(seat as usize))
        {
            *left = left.plus(increment);
        }
    }

    /// `seat` took a decision back: the increment it earned goes back too.
    pub fn undone(&mut self, seat: Seat) {
        if let (Some(Pace::Realtime { increment, .. }), Some(left)) =
            (self.pace, self.left.get_mut(seat as usize))
        {
            *left = left.less(increment);
        }
    }

    /// `seat` must decide anew: a turn-based clock starts its time afresh.
    pub fn came_to_act(&mut self, seat: Seat) {
        if let (Some(Pace::TurnBased { per_move }), Some(left)) =
            (self.pace, self.left.get_mut(seat as usize))
        {
            *left = per_move;
        }
    }

    /// The seat's time left at `now`, its clock running or not.
    pub fn left_at(&self, seat: Seat, running: bool, now: Millis) -> Millis {
        let left = self.left.get(seat as usize).copied().unwrap_or_default();
        match running {
            true => left.less(now.since(self.since)),
            false => left,
        }
    }

    /// When the first of the `running` seats runs out of time.
    pub fn due(&self, running: &[Seat]) -> Option<Millis> {
        running
            .iter()
            .filter_map(|&s| self.left.get(s as usize))
            .map(|&left| self.since.plus(left))
            .min()
    }

    /// The `running` seats out of time at `now`.
    pub fn out(&self, running: &[Seat], now: Millis) -> Vec<Seat> {
        running
            .iter()
            .copied()
            .filter(|&s| self.left_at(s, true, now) == Millis(0))
            .collect()
    }

    /// The clocks as clients see them: each seat's time left as of `since`, which
    /// run now, and the server's `now` (a client ticks the running ones down from
    /// there).
    pub fn shown(&self, spec: &ClockSpec, running: &[Seat], now: Millis) -> Value {
        let seats: Vec<Value> = (0..self.left.len())
            .map(|s| json!({"left_ms": self.left[s].0, "running": running.contains(&(s as Seat))}))
            .collect();
        json!({
            "spec": spec,
            "as_of_ms": self.since.0,
            "now_ms": now.0,
            "seats": seats,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn realtime(bank_s: u64, increment_s: u64) -> ClockSpec {
        ClockSpec {
            kind: ClockKind::Realtime,
            bank_s: Some(bank_s),
            increment_s: Some(increment_s),
            per_move_s: None,
            on_timeout: OnTimeout::StandIn,
        }
    }

    fn turn_based(per_move_s: u64) -> ClockSpec {
        ClockSpec {
            kind: ClockKind::TurnBased,
            bank_s: None,
            increment_s: None,
            per_move_s: Some(per_move_s),
            on_timeout: OnTimeout::Drop,
        }
    }

    const S: i64 = 1000;

    #[test]
    fn only_the_seats_the_game_waits_for_are_charged() {
        let mut c = Clocks::new(realtime(60, 5).check().unwrap(), 3, Millis(0));
        c.charge(&[0], Millis(10 * S));
        c.charge(&[0, 2], Millis(14 * S));
        assert_eq!(c.left, vec![Millis(46 * S), Millis(60 * S), Millis(56 * S)]);
        assert_eq!(c.since, Millis(14 * S));
        assert_eq!(
            c.due(&[0, 2]),
            Some(Millis(60 * S)),
            "seat 0 runs out first"
        );
        assert_eq!(c.due(&[]), None);
    }

    #[test]
    fn a_real_time_decision_earns_the_increment_and_undo_takes_it_back() {
        let mut c = Clocks::new(realtime(60, 5).check().unwrap(), 2, Millis(0));
        c.charge(&[1], Millis(20 * S));
        c.decided(1);
        assert_eq!(c.left[1], Millis(45 * S));
        c.undone(1);
        assert_eq!(c.left[1], Millis(40 * S), "time spent stays spent");
        c.came_to_act(1);
        assert_eq!(c.left[1], Millis(40 * S), "a bank does not start afresh");
    }

    #[test]
    fn a_turn_based_clock_starts_afresh_for_each_decision() {
        let mut c = Clocks::new(turn_based(3600).check().unwrap(), 2, Millis(0));
        c.charge(&[0], Millis(3000 * S));
        assert_eq!(c.left[0], Millis(600 * S));
        c.decided(0);
        assert_eq!(c.left[0], Millis(600 * S), "no increment");
        c.came_to_act(0);
        assert_eq!(c.left[0], Millis(3600 * S));
    }

    #[test]
    fn time_runs_out_at_zero_and_never_below() {
        let mut c = Clocks::new(realtime(2, 0).check().unwrap(), 2, Millis(100));
        assert_eq!(c.out(&[0, 1], Millis(2099)), Vec::<Seat>::new());
        assert_eq!(c.out(&[0, 1], Millis(2100)), vec![0, 1]);
        assert_eq!(c.left_at(0, true, Millis(9000)), Millis(0));
        assert_eq!(c.left_at(0, false, Millis(9000)), Millis(2 * S));
        c.charge(&[0], Millis(9000));
        assert_eq!(c.left[0], Millis(0));
    }

    #[test]
    fn a_clock_behind_charges_nothing_and_moves_nothing_back() {
        let mut c = Clocks::new(realtime(60, 0).check().unwrap(), 1, Millis(10 * S));
        c.charge(&[0], Millis(9 * S));
        assert_eq!((c.left[0], c.since), (Millis(60 * S), Millis(10 * S)));
    }

    #[test]
    fn bad_clocks_are_refused_with_their_reason() {
        let refused = |spec: ClockSpec| spec.check().unwrap_err().0;
        assert!(refused(realtime(0, 0)).contains("bank_s is 0 s"));
        assert!(refused(realtime(8 * 24 * 3600, 0)).contains("between 1 and 604800"));
        assert!(refused(realtime(60, 3601)).contains("increment_s"));
        assert!(refused(turn_based(59)).contains("per_move_s"));
        let mixed = ClockSpec {
            per_move_s: Some(60),
            ..realtime(60, 0)
        };
        assert!(refused(mixed).contains("takes no per_move_s"));
        let missing = ClockSpec {
            bank_s: None,
            ..realtime(60, 0)
        };
        assert!(refused(missing).contains("needs bank_s"));
        let unknown = serde_json::from_str::<ClockSpec>(r#"{"kind":"realtime","bank":5}"#);
        assert!(unknown.is_err());
        let kind = serde_json::from_str::<ClockSpec>(r#"{"kind":"fischer","bank_s":5}"#);
        assert!(kind.is_err());
    }

    #[test]
    fn a_spec_reads_as_the_issue_writes_it() {
        let spec: ClockSpec =
            serde_json::from_str(r#"{"kind":"realtime","bank_s":600,"increment_s":10}"#).unwrap();
        assert_eq!(spec.on_timeout, OnTimeout::StandIn);
        assert_eq!(
            spec.check(),
            Ok(Pace::Realtime {
                bank: Millis(600 * S),
                increment: Millis(10 * S)
            })
        );
        let spec: ClockSpec =
            serde_json::from_str(r#"{"kind":"turn_based","per_move_s":86400,"on_timeout":"drop"}"#)
                .unwrap();
        assert_eq!(spec.on_timeout, OnTimeout::Drop);
    }
}
