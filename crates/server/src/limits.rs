//! Request rates per client (issue 17, item 4): a token bucket per client address
//! and kind of request (creating games, joining seats, deciding and undoing). A
//! bucket refills at its rate up to its burst; a request takes one token or is
//! refused with the time until one is back. The table of buckets is bounded: a
//! bucket that has refilled is the same as none and is dropped, and past
//! [`MAX_CLIENTS`] the buckets idle longest go first.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What a request does, each with its own rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Create,
    Join,
    /// Decisions and undo, over HTTP or a live connection.
    Act,
    /// Signing up and signing in (each password tried costs an Argon2 hash).
    SignIn,
    /// Chat lines and mutes, per client address and per seat.
    Chat,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Create => "create",
            Kind::Join => "join",
            Kind::Act => "act",
            Kind::SignIn => "sign-in",
            Kind::Chat => "chat",
        }
    }
}

/// How many requests a client may make: `per_second` on average, `burst` at once.
/// A rate of zero means no limit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

impl Rate {
    pub const UNLIMITED: Rate = Rate {
        per_second: 0.0,
        burst: 0.0,
    };

    /// `N/s`, `N/min` or `N/h` (`0`: no limit), with its burst.
    pub fn parse(text: &str, burst: u32) -> Result<Rate, String> {
        let (n, unit) = text.trim().split_once('/').unwrap_or((text.trim(), "s"));
        let n: f64 = n
            .trim()
            .parse()
            .ok()
            .filter(|n: &f64| n.is_finite() && *n >= 0.0)
            .ok_or_else(|| format!("{text:?}: give a rate as N/s, N/min or N/h"))?;
        let seconds = match unit.trim() {
            "s" | "sec" => 1.0,
            "m" | "min" => 60.0,
            "h" | "hour" => 3600.0,
            other => return Err(format!("{text:?}: unknown unit {other:?} (s, min, h)")),
        };
        Ok(Rate {
            per_second: n / seconds,
            burst: f64::from(burst.max(1)),
        })
    }

    fn unlimited(&self) -> bool {
        self.per_second <= 0.0
    }
}

/// The rates of each kind of request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    pub create: Rate,
    pub join: Rate,
    pub act: Rate,
    pub signin: Rate,
    pub chat: Rate,
}

impl Rates {
    pub const UNLIMITED: Rates = Rates {
        create: Rate::UNLIMITED,
        join: Rate::UNLIMITED,
        act: Rate::UNLIMITED,
        signin: Rate::UNLIMITED,
        chat: Rate::UNLIMITED,
    };

    fn of(&self, kind: Kind) -> Rate {
        match kind {
            Kind::Create => self.create,
            Kind::Join => self.join,
            Kind::Act => self.act,
            Kind::SignIn => self.signin,
            Kind::Chat => self.chat,
        }
    }
}

/// The most client buckets kept: past it, the longest idle are dropped (a client
/// forgotten that way starts again with a full bucket).
pub const MAX_CLIENTS: usize = 100_000;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

pub struct Limiter {
    rates: Rates,
    max_clients: usize,
    buckets: Mutex<HashMap<(Kind, IpAddr), Bucket>>,
}

impl Limiter {
    pub fn new(rates: Rates) -> Limiter {
        Limiter::with_capacity(rates, MAX_CLIENTS)
    }

    pub fn with_capacity(rates: Rates, max_clients: usize) -> Limiter {
        Limiter {
            rates,
            max_clients: max_clients.max(1),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `client`'s request of `kind`, or answers how long until
    /// one is back.
    pub fn take(&self, kind: Kind, client: IpAddr) -> Result<(), Duration> {
        self.take_at(kind, client, Instant::now())
    }

    fn take_at(&self, kind: Kind, client: IpAddr, now: Instant) -> Result<(), Duration> {
        let rate = self.rates.of(kind);
        if rate.unlimited() {
            return Ok(());
        }
        let mut buckets = self.buckets.lock().expect("rate buckets");
        if buckets.len() >= self.max_clients && !buckets.contains_key(&(kind, client)) {
            self.evict(&mut buckets, now);
        }
        let bucket = buckets.entry((kind, client)).or_insert(Bucket {
            tokens: rate.burst,
            at: now,
        });
        let refilled = now.saturating_duration_since(bucket.at).as_secs_f64() * rate.per_second;
        bucket.tokens = (bucket.tokens + refilled).min(rate.burst);
        bucket.at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            return Ok(());
        }
        Err(Duration::from_secs_f64(
            (1.0 - bucket.tokens) / rate.per_second,
        ))
    }

    /// Drops the buckets that have refilled (no different from none), then, while
    /// still full, the half idle longest.
    fn evict(&self, buckets: &mut HashMap<(Kind, IpAddr), Bucket>, now: Instant) {
        buckets.retain(|&(kind, _), b| !self.refilled(kind, b, now));
        if buckets.len() >= self.max_clients {
            let mut ages: Vec<Instant> = buckets.values().map(|b| b.at).collect();
            ages.sort_unstable();
            let cut = ages[ages.len() / 2];
            buckets.retain(|_, b| b.at > cut);
        }
    }

    /// Drops the buckets that have refilled (the periodic sweep); answers how many
    /// are kept.
    pub fn sweep(&self) -> usize {
        let mut buckets = self.buckets.lock().expect("rate buckets");
        let now = Instant::now();
        buckets.retain(|&(kind, _), b| !self.refilled(kind, b, now));
        buckets.len()
    }

    /// Whether a bucket is full again, so no different from none.
    fn refilled(&self, kind: Kind, b: &Bucket, now: Instant) -> bool {
        let rate = self.rates.of(kind);
        let idle = now.saturating_duration_since(b.at).as_secs_f64();
        b.tokens + idle * rate.per_second >= rate.burst
    }

    /// How many client buckets are kept now.
    pub fn clients(&self) -> usize {
        self.buckets.lock().expect("rate buckets").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u32) -> IpAddr {
        IpAddr::V4(n.into())
    }

    fn rates(create: &str, burst: u32) -> Rates {
        Rates {
            create: Rate::parse(create, burst).unwrap(),
            ..Rates::UNLIMITED
        }
    }

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let limiter = Limiter::new(rates("10/min", 5));
        let t0 = Instant::now();
        for _ in 0..5 {
            assert_eq!(limiter.take_at(Kind::Create, ip(1), t0), Ok(()));
        }
        let wait = limiter.take_at(Kind::Create, ip(1), t0).unwrap_err();
        assert_eq!(wait.as_secs(), 6, "one token every 6 s");
        // Another client and another kind are not affected.
        assert_eq!(limiter.take_at(Kind::Create, ip(2), t0), Ok(()));
        assert_eq!(limiter.take_at(Kind::Act, ip(1), t0), Ok(()));
        let later = t0 + Duration::from_secs(6);
        assert_eq!(limiter.take_at(Kind::Create, ip(1), later), Ok(()));
        assert!(limiter.take_at(Kind::Create, ip(1), later).is_err());
    }

    #[test]
    fn the_table_of_buckets_stays_bounded() {
        let limiter = Limiter::with_capacity(rates("1/h", 2), 100);
        let t0 = Instant::now();
        for n in 0..10_000 {
            let _ = limiter.take_at(Kind::Create, ip(n), t0 + Duration::from_millis(n.into()));
            assert!(limiter.clients() <= 100);
        }
        // Buckets that refilled are dropped by the sweep.
        let limiter = Limiter::new(rates("1000/s", 1));
        let _ = limiter.take(Kind::Create, ip(1));
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(limiter.sweep(), 0);
    }

    #[test]
    fn rates_parse_with_their_units_and_refuse_nonsense() {
        assert_eq!(Rate::parse("20/s", 40).unwrap().per_second, 20.0);
        assert_eq!(Rate::parse("120/min", 1).unwrap().per_second, 2.0);
        assert_eq!(Rate::parse("7", 1).unwrap().per_second, 7.0);
        assert!(Rate::parse("0", 1).unwrap().unlimited());
        for bad in ["", "x/s", "-1/s", "3/week", "NaN/s"] {
            assert!(Rate::parse(bad, 1).is_err(), "{bad:?}");
        }
    }
}
