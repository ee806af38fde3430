//! Where a write's time goes: counters kept by every store, read with
//! [`crate::Store::write_stats`] and logged when the store closes. They show a
//! write's wait for a connection and for its turn among writers (`queue`), for the
//! database's write lock (`lock`: the `BEGIN` and first statement, where SQLite's
//! busy handler sleeps while another connection holds the lock), its other
//! statements (`rest`) and its
//! `commit` (PostgreSQL's fsync, SQLite's WAL append); PostgreSQL's groups of
//! appends are one statement that commits on its own (`one statement`).

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Bucket `i` counts durations in `[2^i, 2^(i+1))` microseconds; the last one
/// everything longer.
const BUCKETS: usize = 24;

/// A histogram of durations in power-of-two buckets: cheap to update from any task
/// (the server times its own stages with it too).
#[derive(Debug, Default)]
pub struct Histogram {
    buckets: [AtomicU64; BUCKETS],
    max_us: AtomicU64,
}

impl Histogram {
    pub fn record(&self, d: Duration) {
        let us = u64::try_from(d.as_micros()).unwrap_or(u64::MAX).max(1);
        let bucket = (us.ilog2() as usize).min(BUCKETS - 1);
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.max_us.fetch_max(us, Ordering::Relaxed);
    }

    pub fn summary(&self) -> Summary {
        let counts: Vec<u64> = self
            .buckets
            .iter()
            .map(|b| b.load(Ordering::Relaxed))
            .collect();
        let count: u64 = counts.iter().sum();
        // The upper bound of the bucket holding the q-quantile: within a factor 2.
        let upper = |q: f64| -> f64 {
            let rank = ((count as f64 * q).ceil() as u64).max(1);
            let mut seen = 0;
            for (i, c) in counts.iter().enumerate() {
                seen += c;
                if seen >= rank {
                    return (1u64 << (i + 1)) as f64 / 1000.0;
                }
            }
            0.0
        };
        Summary {
            count,
            p50_ms: upper(0.50),
            p99_ms: upper(0.99),
            max_ms: self.max_us.load(Ordering::Relaxed) as f64 / 1000.0,
        }
    }
}

/// A histogram read back: quantiles are bucket upper bounds (`≤`), the max exact.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub count: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "p50 ≤{} p99 ≤{} max {:.1} ms",
            short(self.p50_ms),
            short(self.p99_ms),
            self.max_ms
        )
    }
}

/// A bucket bound in milliseconds, to three significant digits at most.
fn short(ms: f64) -> String {
    match ms {
        ms if ms >= 100.0 => format!("{ms:.0}"),
        ms if ms >= 1.0 => format!("{ms:.1}"),
        ms => format!("{ms:.3}"),
    }
}

/// The phases of the store's write transactions (creates, appends, token changes).
#[derive(Debug, Default)]
pub struct Counters {
    /// Transactions committed (appends are committed in groups).
    transactions: AtomicU64,
    queue: Histogram,
    lock: Histogram,
    rest: Histogram,
    commit: Histogram,
    /// PostgreSQL's group written in one statement that commits on its own: its
    /// round trip (version checks, writes and commit).
    statement: Histogram,
    total: Histogram,
}

/// [`Counters`] read back.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WriteStats {
    pub transactions: u64,
    pub queue: Summary,
    pub lock: Summary,
    pub rest: Summary,
    pub commit: Summary,
    pub statement: Summary,
    pub total: Summary,
}

impl Counters {
    /// Counts a committed transaction (of one write or a group).
    pub fn transaction(&self) {
        self.transactions.fetch_add(1, Ordering::Relaxed);
    }

    pub fn read(&self) -> WriteStats {
        WriteStats {
            transactions: self.transactions.load(Ordering::Relaxed),
            queue: self.queue.summary(),
            lock: self.lock.summary(),
            rest: self.rest.summary(),
            commit: self.commit.summary(),
            statement: self.statement.summary(),
            total: self.total.summary(),
        }
    }
}

impl fmt::Display for WriteStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "store writes: {} in {} transactions; queue {}; lock {}; rest {}; commit {}; ",
            self.total.count, self.transactions, self.queue, self.lock, self.rest, self.commit,
        )?;
        if self.statement.count > 0 {
            write!(f, "one statement {}; ", self.statement)?;
        }
        write!(f, "total {}", self.total)
    }
}

/// Times one write transaction through its phases.
pub struct Timer<'a> {
    counters: &'a Counters,
    started: Instant,
    last: Instant,
    /// Written in one statement: no phases apart from it.
    one_statement: bool,
}

impl<'a> Timer<'a> {
    pub fn start(counters: &'a Counters) -> Self {
        Timer::start_at(counters, Instant::now())
    }

    /// A write asked for at `asked` (its queue counts from then).
    pub fn start_at(counters: &'a Counters, asked: Instant) -> Self {
        Timer {
            counters,
            started: asked,
            last: asked,
            one_statement: false,
        }
    }

    fn lap(&mut self, into: &Histogram) {
        let now = Instant::now();
        into.record(now - self.last);
        self.last = now;
    }

    /// A connection, and (SQLite) the writers' turn, are ours.
    pub fn queued(&mut self) {
        self.lap(&self.counters.queue);
    }

    /// The database's write lock is ours (the first write statement ran).
    pub fn locked(&mut self) {
        self.lap(&self.counters.lock);
    }

    /// The statements before the commit ran.
    pub fn written(&mut self) {
        self.lap(&self.counters.rest);
    }

    /// The group's one statement (PostgreSQL) committed.
    pub fn in_one_statement(&mut self) {
        self.lap(&self.counters.statement);
        self.one_statement = true;
    }

    /// The transaction committed: the write is durable.
    pub fn committed(mut self) {
        if !self.one_statement {
            self.lap(&self.counters.commit);
        }
        self.counters.total.record(self.started.elapsed());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_bucket_upper_bounds() {
        let h = Histogram::default();
        for _ in 0..98 {
            h.record(Duration::from_micros(300)); // bucket [256, 512)
        }
        h.record(Duration::from_millis(5)); // bucket [4096, 8192)
        h.record(Duration::from_millis(40));
        let s = h.summary();
        assert_eq!(s.count, 100);
        assert_eq!(s.p50_ms, 0.512);
        assert_eq!(s.p99_ms, 8.192);
        assert_eq!(s.max_ms, 40.0);
    }

    #[test]
    fn an_empty_histogram_reads_zero() {
        assert_eq!(Histogram::default().summary(), Summary::default());
    }
}
