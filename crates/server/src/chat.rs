//! Chat at the table (issue 42). The seated players talk; spectators too when the
//! game was created with `"chat": "everyone"` (they give a name with each line).
//! With `"players"` (the default) the chat is the seats' own: a spectator neither
//! reads nor writes it. The game's creator token counts as a spectator here.
//!
//! - `POST /api/games/{id}/chat` `{"text": ..., "name": ...}`: one line of at most
//!   [`MAX_TEXT`] characters after trimming, with no control (newlines included),
//!   direction-changing or zero-width character: such a line is refused, not
//!   cleaned, so that what is stored is what was written. A seat speaks under its
//!   seat's name (a `name` it sends is ignored); a spectator must send a name, held
//!   to the rules of seat names.
//! - Rates: per client address and per seat ([`limits::Kind::Chat`], `--chat-rate`).
//! - A game keeps at most [`MAX_LINES`] lines: past them a line is refused (409
//!   `chat_full`), the lines already written are never dropped.
//! - `GET /api/games/{id}/chat?after=N&limit=M`: a page of lines after line N.
//! - `POST /api/games/{id}/chat/mute` `{"seat": S, "muted": true}`: a seat stops
//!   reading seat S (or every spectator at once: S = -2), over HTTP and live.
//! - Live followers get `{"type": "chat", "lines": [...]}` as lines are written
//!   (in this process, or, with PostgreSQL, in another: `Heard::Chat`).

use crate::api::{bearer, limit, printable, who, ApiError, Body, Params, Who, MAX_NAME, Q};
use crate::client::Client;
use crate::hub::{GameCell, Hub, HubError};
use crate::limits;
use crate::live::SeatKind;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use tabuleiro_core::{Message, Seat};
use tabuleiro_store::{ChatLine, SPECTATOR};
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

/// The longest line, in characters after trimming.
pub const MAX_TEXT: usize = 500;
/// The most lines one game keeps.
pub const MAX_LINES: i64 = 2000;
/// The most lines one page (or one live catch-up) carries.
pub const PAGE: i64 = 200;

/// Who may speak at a table, chosen when the game is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatMode {
    /// The seated players only.
    #[default]
    Players,
    /// Spectators too.
    Everyone,
}

impl ChatMode {
    pub fn is_default(&self) -> bool {
        *self == ChatMode::Players
    }
}

/// The channel a game's new lines go out on to its live followers.
pub fn channel() -> broadcast::Sender<Arc<ChatLine>> {
    broadcast::channel(64).0
}

/// A refusal with its catalogue message.
fn refused(status: StatusCode, code: &'static str, text: String, reason: Message) -> ApiError {
    ApiError {
        reason: Some(reason),
        ..ApiError::new(status, code, text)
    }
}

/// Who reads the chat: a seat, or a spectator when the table allows it.
async fn reader(hub: &Hub, id: &str, headers: &HeaderMap) -> Result<(Who, ChatMode), ApiError> {
    let cell = hub.cell(id).await?;
    let who = who(hub, id, bearer(headers)?.as_deref()).await?;
    let mode = cell.live.lock().await.meta.chat;
    if who.seat().is_none() && mode == ChatMode::Players {
        return Err(players_only());
    }
    Ok((who, mode))
}

fn players_only() -> ApiError {
    refused(
        StatusCode::FORBIDDEN,
        "chat_players",
        "only the seated players chat at this table".into(),
        Message::new("refusal.chat_players"),
    )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadQuery {
    #[serde(default)]
    after: i64,
    #[serde(default)]
    limit: Option<i64>,
}

/// A page of lines after `after`, without those of seats the reader muted.
/// `next` is where the following page starts (muted lines are skipped, not
/// counted out of the page's number).
pub async fn read(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    headers: HeaderMap,
    Q(q): Q<ReadQuery>,
) -> Result<Json<Value>, ApiError> {
    let page = q.limit.unwrap_or(PAGE);
    if !(1..=PAGE).contains(&page) || q.after < 0 {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            format!("after is 0 or more, limit between 1 and {PAGE}"),
        ));
    }
    let (who, mode) = reader(&hub, &id, &headers).await?;
    let lines = hub
        .store
        .chat_since(&id, q.after, page)
        .await
        .map_err(HubError::from)?;
    let next = lines.last().map_or(q.after, |l| l.n);
    let muted = mutes(&hub, &id, who).await?;
    let lines: Vec<ChatLine> = lines.into_iter().filter(|l| shown(&muted, l)).collect();
    Ok(Json(json!({
        "chat": mode, "seat": who.seat(), "lines": lines, "next": next, "muted": muted,
        "max_text": MAX_TEXT,
    })))
}

/// The seats `who` muted (none for a spectator, who cannot mute).
async fn mutes(hub: &Hub, id: &str, who: Who) -> Result<Vec<i64>, ApiError> {
    let Some(seat) = who.seat() else {
        return Ok(Vec::new());
    };
    Ok(hub
        .store
        .chat_mutes(id, i64::from(seat))
        .await
        .map_err(HubError::from)?)
}

fn shown(muted: &[i64], line: &ChatLine) -> bool {
    !muted.contains(&line.seat)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostBody {
    text: String,
    #[serde(default)]
    name: Option<String>,
}

/// Writes a line: the seat's (its token) or a spectator's (no token, a name).
pub async fn post(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    client: Client,
    headers: HeaderMap,
    Body(body): Body<PostBody>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    limit(&hub, limits::Kind::Chat, client)?;
    let text = check_text(&body.text)?;
    let (who, _) = reader(&hub, &id, &headers).await?;
    let cell = hub.cell(&id).await?;
    let (seat, name) = match who.seat() {
        Some(seat) => {
            limit(&hub, limits::Kind::Chat, Client(seat_key(&id, seat)))?;
            let live = cell.live.lock().await;
            let name = live.seats.get(seat as usize).map(|s| s.name.clone());
            (i64::from(seat), name.unwrap_or_default())
        }
        None => (SPECTATOR, check_name(body.name.as_deref())?),
    };
    let line = ChatLine {
        n: 0,
        at_ms: crate::now_ms(),
        seat,
        name,
        text,
    };
    let stored = hub
        .store
        .chat_post(&id, &line, MAX_LINES)
        .await
        .map_err(HubError::from)?;
    let Some(line) = stored else {
        return Err(refused(
            StatusCode::CONFLICT,
            "chat_full",
            format!("this table's chat holds its {MAX_LINES} lines: no more are kept"),
            Message::new("refusal.chat_full").arg("max", MAX_LINES),
        ));
    };
    let _ = cell.chat.send(Arc::new(line.clone()));
    Ok((StatusCode::CREATED, Json(json!({"line": line}))))
}

/// The line trimmed, or why it is refused.
fn check_text(text: &str) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            "chat_empty",
            "a chat line says something".into(),
            Message::new("refusal.chat_empty"),
        ));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            "chat_too_long",
            format!("a chat line has at most {MAX_TEXT} characters"),
            Message::new("refusal.chat_too_long").arg("max", MAX_TEXT),
        ));
    }
    if !text.chars().all(printable) {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            "chat_characters",
            "a chat line is one line with no control, direction-changing or zero-width \
             characters"
                .into(),
            Message::new("refusal.chat_characters"),
        ));
    }
    Ok(text.to_string())
}

/// A spectator's name, held to the rules of seat names (and not empty).
fn check_name(name: Option<&str>) -> Result<String, ApiError> {
    let name = name.unwrap_or_default().trim();
    let fine = !name.is_empty() && name.chars().count() <= MAX_NAME && name.chars().all(printable);
    if !fine {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            "chat_name",
            format!(
                "a spectator gives a name of 1 to {MAX_NAME} printable characters (no \
                 control, direction-changing or zero-width characters)"
            ),
            Message::new("refusal.chat_name").arg("max", MAX_NAME),
        ));
    }
    Ok(name.to_string())
}

/// The key a seat's chat rate is kept under in the limiter, beside the client
/// addresses: an address in 100::/64 (the discard-only prefix, never a client's;
/// counted IPv6 clients end in 64 zero bits) made from the game and seat.
fn seat_key(id: &str, seat: Seat) -> IpAddr {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (id, seat).hash(&mut h);
    let low = h.finish() | 1;
    IpAddr::V6(Ipv6Addr::from((0x0100u128 << 112) | u128::from(low)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MuteBody {
    seat: i64,
    muted: bool,
}

/// A seat mutes (or unmutes) another seat, or every spectator (seat -2).
pub async fn mute(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    client: Client,
    headers: HeaderMap,
    Body(body): Body<MuteBody>,
) -> Result<Json<Value>, ApiError> {
    limit(&hub, limits::Kind::Chat, client)?;
    let cell = hub.cell(&id).await?;
    let who = who(&hub, &id, bearer(&headers)?.as_deref()).await?;
    let seat = who.seat().ok_or_else(ApiError::forbidden)?;
    let seats = cell.live.lock().await.seats.len() as i64;
    let target = body.seat;
    if target == i64::from(seat) || !(target == SPECTATOR || (0..seats).contains(&target)) {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            "chat_mute_seat",
            format!(
                "mute another seat of this table (0 to {}) or -2, every spectator",
                seats - 1
            ),
            Message::new("refusal.chat_mute_seat"),
        ));
    }
    let store = &hub.store;
    store
        .chat_mute(&id, i64::from(seat), target, body.muted)
        .await
        .map_err(HubError::from)?;
    let muted = mutes(&hub, &id, who).await?;
    Ok(Json(json!({"seat": seat, "muted": muted})))
}

/// A line written by another process (PostgreSQL): read and handed to this
/// process's followers of the game, if it has any. Followers drop lines they
/// already have, so hearing this process's own lines again does no harm.
pub async fn heard(hub: &Hub, id: &str, n: i64) {
    let Some(cell) = hub.cached(id) else { return };
    if cell.chat.receiver_count() == 0 {
        return;
    }
    match hub.store.chat_since(id, n.saturating_sub(1), 1).await {
        Ok(lines) => {
            for line in lines {
                let _ = cell.chat.send(Arc::new(line));
            }
        }
        Err(e) => tracing::warn!("chat line {n} of {id}: {e}"),
    }
}

/// A live follower's place in the chat: the last line it has, and its channel
/// (none when it may not read the chat).
pub struct Follower {
    id: String,
    who: Who,
    sent: i64,
    lines: Option<broadcast::Receiver<Arc<ChatLine>>>,
}

impl Follower {
    /// Subscribes first, then reads where the chat stands: no line falls between.
    /// With `after` the follower is sent the lines after it first (see
    /// [`Follower::backlog`]); without, only new ones.
    pub async fn start(
        hub: &Hub,
        cell: &GameCell,
        id: &str,
        who: Who,
        after: Option<i64>,
    ) -> Follower {
        let mode = cell.live.lock().await.meta.chat;
        let allowed = who.seat().is_some() || mode == ChatMode::Everyone;
        let lines = allowed.then(|| cell.chat.subscribe());
        let sent = match (allowed, after) {
            (true, Some(n)) => n.max(0),
            (true, None) => hub.store.chat_last(id).await.unwrap_or(0),
            (false, _) => 0,
        };
        Follower {
            id: id.to_string(),
            who,
            sent,
            lines,
        }
    }

    /// The next word on the channel (never, when the follower may not read).
    pub async fn recv(&mut self) -> Result<Arc<ChatLine>, RecvError> {
        match &mut self.lines {
            Some(rx) => rx.recv().await,
            None => std::future::pending().await,
        }
    }

    /// The message to send for what the channel gave, if any: a line that follows
    /// the last one sent goes as is; after a gap (a lagging follower, lines heard
    /// out of order) the missing lines are read from the store.
    pub async fn deliver(
        &mut self,
        hub: &Hub,
        got: Result<Arc<ChatLine>, RecvError>,
    ) -> Option<Value> {
        let lines = match got {
            Ok(line) if line.n <= self.sent => return None,
            Ok(line) if line.n == self.sent.saturating_add(1) => vec![(*line).clone()],
            Ok(_) | Err(RecvError::Lagged(_)) => self.unsent(hub).await?,
            Err(RecvError::Closed) => return None,
        };
        self.message(hub, lines).await
    }

    /// The lines after the last sent, a page a message (the first messages of a
    /// follower that gave `chat_after`); none when there are none.
    pub async fn backlog(&mut self, hub: &Hub) -> Vec<Value> {
        let mut out = Vec::new();
        if self.lines.is_none() {
            return out;
        }
        for _ in 0..=MAX_LINES / PAGE {
            let Some(lines) = self.unsent(hub).await else {
                break;
            };
            let full = lines.len() as i64 == PAGE;
            out.extend(self.message(hub, lines).await);
            if !full {
                break;
            }
        }
        out
    }

    /// Whether the follower may still read: a seat handed to a bot since is followed
    /// as a spectator from then on (its old token reads what spectators read).
    async fn still_reads(&self, hub: &Hub) -> bool {
        let Some(seat) = self.who.seat() else {
            return true;
        };
        let Some(cell) = hub.cached(&self.id) else {
            return false;
        };
        let live = cell.live.lock().await;
        let held = live.seats.get(seat as usize).map(|s| s.kind) == Some(SeatKind::Human);
        held || live.meta.chat == ChatMode::Everyone
    }

    async fn unsent(&self, hub: &Hub) -> Option<Vec<ChatLine>> {
        match hub.store.chat_since(&self.id, self.sent, PAGE).await {
            Ok(lines) => Some(lines),
            Err(e) => {
                tracing::warn!("chat of {}: {e}", self.id);
                None
            }
        }
    }

    /// The lines the follower has not muted, as a message; the mutes are read each
    /// time, since the seat may change them from anywhere (another process).
    async fn message(&mut self, hub: &Hub, lines: Vec<ChatLine>) -> Option<Value> {
        self.sent = lines.last()?.n.max(self.sent);
        if !self.still_reads(hub).await {
            return None;
        }
        let muted = mutes(hub, &self.id, self.who).await.ok()?;
        let lines: Vec<ChatLine> = lines.into_iter().filter(|l| shown(&muted, l)).collect();
        if lines.is_empty() {
            return None;
        }
        Some(json!({"type": "chat", "lines": lines}))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_and_refused_when_empty_long_or_unprintable() {
        assert_eq!(check_text("  oi  ").unwrap(), "oi");
        assert_eq!(check_text("   ").unwrap_err().code, "chat_empty");
        assert_eq!(check_text(&"a".repeat(MAX_TEXT)).unwrap().len(), MAX_TEXT);
        let long = "é".repeat(MAX_TEXT + 1);
        assert_eq!(check_text(&long).unwrap_err().code, "chat_too_long");
        for bad in ["a\nb", "a\u{202E}b", "a\u{200B}b", "a\u{7}b"] {
            assert_eq!(
                check_text(bad).unwrap_err().code,
                "chat_characters",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn spectators_name_themselves_within_the_seat_rules() {
        assert_eq!(check_name(Some(" Rui ")).unwrap(), "Rui");
        for bad in [None, Some(""), Some("a\u{2066}b")] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert!(check_name(Some(&"x".repeat(MAX_NAME + 1))).is_err());
    }

    #[test]
    fn a_seat_key_is_no_client_address() {
        let key = seat_key("g", 1);
        assert_ne!(key, seat_key("g", 2));
        assert_ne!(key, crate::client::counted(key));
    }
}
