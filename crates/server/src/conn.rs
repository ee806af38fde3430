//! Connections as they are accepted (issue 17): how many may be open, in all and
//! per client address, and how long each may hold its place while saying nothing.
//! A connection beyond a cap is answered at once and closed; a connection that does
//! not finish its request head in time, or sends and reads nothing for too long,
//! is closed. Live connections (WebSockets) are kept honest by [`Heartbeat`].

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The bounds on connections (`serve` flags).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A request head (request line and headers) must arrive whole within this
    /// time of its first byte (of the connection's opening, for the first one).
    pub head_timeout: Duration,
    /// A connection that sends and reads nothing for this long is closed.
    pub idle_timeout: Duration,
    /// Open connections at most, from everyone.
    pub max_connections: usize,
    /// Open connections at most from one client address (an IPv6 client counts by
    /// its /64 network); `None`: not counted (behind a reverse proxy every
    /// connection comes from the proxy).
    pub max_per_address: Option<usize>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            head_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 4096,
            max_per_address: Some(64),
        }
    }
}

/// Descriptors kept for the store, logs and the listener itself when the
/// connection cap is fitted to the process's file limit.
const FILES_KEPT: usize = 64;

/// Serves `app` on `listener` until `stop` completes, then lets the requests under
/// way finish (live connections are not waited for).
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    limits: Limits,
    stop: impl Future<Output = ()>,
) {
    let limits = fit_to_file_limit(limits);
    let counts = Arc::new(Mutex::new(Counts::default()));
    let app = TowerToHyperService::new(app);
    let (stop_tx, stop_rx) = watch::channel(false);
    let (open_tx, open_rx) = watch::channel(());
    let mut stop = pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        match admit(&counts, &limits, peer.ip()) {
            Ok(place) => {
                let io = Tracked::new(stream, place, limits.idle_timeout);
                let (app, stop_rx, open_rx) = (app.clone(), stop_rx.clone(), open_rx.clone());
                tokio::spawn(async move {
                    serve_one(io, peer, app, limits, stop_rx).await;
                    drop(open_rx);
                });
            }
            Err(refusal) => refusal.answer(stream, peer),
        }
    }
    drop(listener);
    let _ = stop_tx.send(true);
    drop(open_rx);
    open_tx.closed().await;
}

/// As `axum::serve` does: a connection that failed before it was accepted is
/// skipped; anything else (out of file descriptors) is waited out a moment.
async fn accept_failed(e: io::Error) {
    use io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        return;
    }
    tracing::error!("cannot accept a connection: {e}");
    tokio::time::sleep(Duration::from_secs(1)).await;
}

/// One HTTP/1.1 connection (and its upgrade to a live connection, which then runs
/// on its own): closed when [`Activity::deadline`] passes.
async fn serve_one(
    io: Tracked,
    peer: SocketAddr,
    app: TowerToHyperService<axum::Router>,
    limits: Limits,
    mut stop: watch::Receiver<bool>,
) {
    let activity = io.activity.clone();
    let requests = activity.clone();
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let busy = requests.begin();
        let answer = hyper::service::Service::call(&app, request);
        async move {
            let answer = answer.await;
            drop(busy);
            answer
        }
    });
    let mut builder = http1::Builder::new();
    // The head timeout is ours: hyper's would also cut keep-alive connections
    // waiting for their next request at the head timeout.
    builder.header_read_timeout(None);
    let mut connection = pin!(builder
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades());
    let mut expired = pin!(activity.expired(limits));
    let mut stopping = false;
    loop {
        tokio::select! {
            _ = connection.as_mut() => return,
            _ = &mut expired => {
                tracing::debug!(%peer, "connection closed: timed out");
                return;
            }
            _ = stop.changed(), if !stopping => {
                stopping = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// A client address as counted: IPv4 as is, IPv6 by its /64 network (one
/// subscriber's share), an IPv4-mapped IPv6 address as the IPv4 one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Network {
    V4(u32),
    V6(u64),
}

impl From<IpAddr> for Network {
    fn from(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V4(v4) => Network::V4(v4.into()),
            IpAddr::V6(v6) => Network::V6((u128::from(v6) >> 64) as u64),
        }
    }
}

/// The connections open now.
#[derive(Default)]
struct Counts {
    total: usize,
    by_network: HashMap<Network, usize>,
}

/// A connection's place among the open ones, given back when it closes (with its
/// live connection, after an upgrade).
struct Place {
    counts: Arc<Mutex<Counts>>,
    network: Network,
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = self.counts.lock().expect("connection counts");
        counts.total -= 1;
        if let Some(n) = counts.by_network.get_mut(&self.network) {
            *n -= 1;
            if *n == 0 {
                counts.by_network.remove(&self.network);
            }
        }
    }
}

/// Why a connection was not taken.
#[derive(Debug, PartialEq, Eq)]
enum Refusal {
    Full,
    PerAddress,
}

fn admit(counts: &Arc<Mutex<Counts>>, limits: &Limits, ip: IpAddr) -> Result<Place, Refusal> {
    let network = Network::from(ip);
    let mut open = counts.lock().expect("connection counts");
    if open.total >= limits.max_connections {
        return Err(Refusal::Full);
    }
    let mine = open.by_network.get(&network).copied().unwrap_or(0);
    if limits.max_per_address.is_some_and(|max| mine >= max) {
        return Err(Refusal::PerAddress);
    }
    open.total += 1;
    *open.by_network.entry(network).or_insert(0) += 1;
    Ok(Place {
        counts: counts.clone(),
        network,
    })
}

impl Refusal {
    /// Answers with one write that never waits (a client that reads nothing gets
    /// nothing), then closes. What the client sent already is read first (without
    /// waiting either): closing with unread bytes resets the connection, and the
    /// client would see the reset instead of the answer.
    fn answer(self, stream: TcpStream, peer: SocketAddr) {
        tracing::debug!(%peer, "connection refused: {self:?}");
        let mut sent = [0u8; 4096];
        for _ in 0..16 {
            if !matches!(stream.try_read(&mut sent), Ok(n) if n > 0) {
                break;
            }
        }
        let _ = stream.try_write(match self {
            Refusal::Full => FULL,
            Refusal::PerAddress => PER_ADDRESS,
        });
    }
}

const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n\
Content-Length: 98\r\nRetry-After: 5\r\nConnection: close\r\n\r\n\
{\"error\":\"this server has as many connections open as it takes\",\"code\":\"connections\",\"status\":503}";
const PER_ADDRESS: &[u8] = b"HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\n\
Content-Length: 109\r\nRetry-After: 5\r\nConnection: close\r\n\r\n\
{\"error\":\"this address has as many connections open as it may\",\"code\":\"connections_per_address\",\"status\":429}";

/// What a connection has done lately, in milliseconds since it was accepted.
struct Activity {
    opened: Instant,
    /// The last time bytes went either way, or a request began or ended.
    last_io: AtomicU64,
    /// When the head being read now began (its first byte); [`NOT_READING`] while
    /// no head is awaited with bytes under way.
    head_from: AtomicU64,
    /// Requests whose answer is not ready yet.
    busy: AtomicUsize,
}

const NOT_READING: u64 = u64::MAX;

impl Activity {
    fn new() -> Self {
        Activity {
            opened: Instant::now(),
            last_io: AtomicU64::new(0),
            // The first head is timed from the connection's opening: a client
            // that connects and says nothing holds its place no longer than that.
            head_from: AtomicU64::new(0),
            busy: AtomicUsize::new(0),
        }
    }

    fn now(&self) -> u64 {
        self.opened.elapsed().as_millis() as u64
    }

    fn read(&self) {
        let now = self.now();
        self.last_io.store(now, Ordering::Relaxed);
        if self.busy.load(Ordering::Relaxed) == 0 {
            let _ = self.head_from.compare_exchange(
                NOT_READING,
                now,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    fn wrote(&self) {
        self.last_io.store(self.now(), Ordering::Relaxed);
    }

    /// A request's head has arrived whole: the head timer stops until the next.
    fn begin(self: &Arc<Self>) -> Busy {
        self.busy.fetch_add(1, Ordering::Relaxed);
        self.head_from.store(NOT_READING, Ordering::Relaxed);
        self.wrote();
        Busy(self.clone())
    }

    /// When the connection is to be closed, as things stand.
    fn deadline(&self, limits: &Limits) -> u64 {
        let idle = self.last_io.load(Ordering::Relaxed) + millis(limits.idle_timeout);
        match self.head_from.load(Ordering::Relaxed) {
            NOT_READING => idle,
            from => idle.min(from.saturating_add(millis(limits.head_timeout))),
        }
    }

    /// Completes when the deadline passes (it moves as the connection works).
    async fn expired(self: Arc<Self>, limits: Limits) {
        loop {
            let (deadline, now) = (self.deadline(&limits), self.now());
            if now >= deadline {
                return;
            }
            tokio::time::sleep(Duration::from_millis(deadline - now)).await;
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX / 2)
}

/// A request under way.
struct Busy(Arc<Activity>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
        self.0.wrote();
    }
}

/// A TCP stream that notes its activity and holds its place among the open
/// connections for as long as it lives.
struct Tracked {
    stream: TcpStream,
    activity: Arc<Activity>,
    _place: Place,
    /// How long a write may wait on a peer that reads nothing, and the timer of
    /// the write waiting now: this also bounds a live connection whose client
    /// stopped reading, on which the server would otherwise wait forever.
    stall_limit: Duration,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl Tracked {
    fn new(stream: TcpStream, place: Place, stall_limit: Duration) -> Self {
        Tracked {
            stream,
            activity: Arc::new(Activity::new()),
            _place: place,
            stall_limit,
            stalled: None,
        }
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.read();
        }
        polled
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.noted(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.noted(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

impl Tracked {
    /// Notes a write's progress, or fails it once it has waited too long.
    fn noted(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        if polled.is_ready() {
            self.stalled = None;
            if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
                self.activity.wrote();
            }
            return polled;
        }
        let limit = self.stall_limit;
        let stalled = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the peer has read nothing for the idle timeout",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// Lowers the connection cap to what the process's file limit allows (after
/// raising its soft limit as far as the hard one), so that a full server still has
/// descriptors for its store and refuses the excess instead of failing to accept.
fn fit_to_file_limit(mut limits: Limits) -> Limits {
    let Some(files) = file_limit() else {
        return limits;
    };
    let fits = files.saturating_sub(FILES_KEPT).max(1);
    if limits.max_connections > fits {
        tracing::warn!(
            "--max-connections {} lowered to {fits}: the process may open {files} files",
            limits.max_connections
        );
        limits.max_connections = fits;
    }
    limits
}

/// The process's open-file limit, raised to the hard limit first.
#[cfg(unix)]
fn file_limit() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read or write the struct passed.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    usize::try_from(limit.rlim_cur).ok()
}

#[cfg(not(unix))]
fn file_limit() -> Option<usize> {
    None
}

/// The liveness rule of a live connection: the server pings every third of
/// `timeout`, and a peer that sends nothing at all (not even the pong every
/// WebSocket client answers by itself) for `timeout` is closed.
pub struct Heartbeat {
    timeout: Duration,
    heard: Instant,
    pings: tokio::time::Interval,
}

/// What a heartbeat asks for.
pub enum Beat {
    Ping,
    Silent,
}

impl Heartbeat {
    pub fn new(timeout: Duration) -> Self {
        let every = (timeout / 3).max(Duration::from_millis(10));
        let mut pings = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        Heartbeat {
            timeout,
            heard: Instant::now(),
            pings,
        }
    }

    /// Notes what the peer sent (anything, a pong included), and passes it on.
    pub fn heard<T>(&mut self, incoming: T) -> T {
        self.heard = Instant::now();
        incoming
    }

    /// Completes when a ping is due, or when the peer has been silent too long.
    pub async fn due(&mut self) -> Beat {
        self.pings.tick().await;
        if self.heard.elapsed() >= self.timeout {
            Beat::Silent
        } else {
            Beat::Ping
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_network_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(Network::from(a), Network::from(b));
        assert_ne!(Network::from(a), Network::from(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        let v4: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!(Network::from(mapped), Network::from(v4));
    }

    #[test]
    fn the_caps_refuse_beyond_their_count_and_closing_frees_a_place() {
        let counts = Arc::new(Mutex::new(Counts::default()));
        let limits = Limits {
            max_connections: 3,
            max_per_address: Some(2),
            ..Limits::default()
        };
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = admit(&counts, &limits, a).unwrap();
        let _second = admit(&counts, &limits, a).unwrap();
        assert_eq!(admit(&counts, &limits, a).err(), Some(Refusal::PerAddress));
        let _third = admit(&counts, &limits, b).unwrap();
        assert_eq!(admit(&counts, &limits, b).err(), Some(Refusal::Full));
        drop(first);
        assert!(admit(&counts, &limits, a).is_ok());
        let unlimited = Limits {
            max_per_address: None,
            max_connections: 10,
            ..limits
        };
        let counts = Arc::new(Mutex::new(Counts::default()));
        let places: Vec<_> = (0..5).map(|_| admit(&counts, &unlimited, a)).collect();
        assert!(places.iter().all(Result::is_ok));
    }

    #[test]
    fn the_refusals_are_whole_http_answers() {
        for raw in [FULL, PER_ADDRESS] {
            let text = std::str::from_utf8(raw).unwrap();
            let (head, body) = text.split_once("\r\n\r\n").unwrap();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("Content-Length: "))
                .unwrap();
            assert_eq!(length.parse::<usize>().unwrap(), body.len(), "{text}");
            let body: serde_json::Value = serde_json::from_str(body).unwrap();
            assert_eq!(head.split(' ').nth(1).unwrap(), body["status"].to_string());
        }
    }

    #[test]
    fn a_head_is_timed_from_its_first_byte_and_an_idle_connection_from_its_last() {
        let limits = Limits {
            head_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            ..Limits::default()
        };
        let activity = Arc::new(Activity::new());
        assert_eq!(activity.deadline(&limits), 10_000, "a new connection");
        activity.read();
        assert!(
            activity.deadline(&limits) <= 10_000,
            "bytes do not extend a head"
        );
        let busy = activity.begin();
        assert!(activity.deadline(&limits) >= 60_000, "a request under way");
        drop(busy);
        let waiting = activity.deadline(&limits);
        assert!(
            waiting >= 60_000,
            "keep-alive waits the idle time: {waiting}"
        );
    }
}
