//! The live channel: `GET /api/games/{id}/ws` (the seat's token in an
//! `Authorization: Bearer` header, or from a browser, which cannot set that header, as
//! the WebSocket subprotocol `tabuleiro.token.<TOKEN>` offered with `tabuleiro`) pushes the seat's game
//! (view, whose turn, legal actions) with the new events each time the game moves,
//! and takes actions and undo. A new connection starts from the game as it is now,
//! so reconnecting picks up exactly where the game is.

use crate::api::{bearer, who, ApiError, Who, Q};
use crate::client::Client;
use crate::conn::{Beat, Heartbeat};
use crate::hub::{GameCell, Hub};
use crate::live::Command;
use crate::render;
use crate::stages::Stages;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast;
use tokio::sync::broadcast::error::RecvError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WsQuery {
    /// Refused: tokens never travel in URLs.
    #[serde(default)]
    token: Option<String>,
    /// Send the events from this log position on in the first message.
    #[serde(default)]
    since: Option<i64>,
    /// Send the chat lines after this one first (see `chat`); without it, only
    /// lines written from now on.
    #[serde(default)]
    chat_after: Option<i64>,
}

/// The subprotocol a browser offers; the token rides as a second one.
const PROTOCOL: &str = "tabuleiro";
const TOKEN_PROTOCOL: &str = "tabuleiro.token.";
/// The read and write buffers of a live connection.
const WS_BUFFER: usize = 4 * 1024;

pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    crate::api::Params(id): crate::api::Params<String>,
    Q(q): Q<WsQuery>,
    client: Client,
    headers: HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    hub.cell(&id).await?;
    let ws = ws.map_err(|e| {
        let message = format!(
            "this route is a WebSocket (Upgrade: websocket): {}",
            e.body_text()
        );
        ApiError::new(e.status(), "websocket", message)
    })?;
    check_origin(&hub, &headers)?;
    if q.token.is_some() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "token_in_url",
            "send the token in an Authorization: Bearer header (or, from a browser, as the \
             subprotocol tabuleiro.token.TOKEN), never in the URL",
        ));
    }
    let token = match bearer(&headers)? {
        Some(t) => Some(t),
        None => protocol_token(&headers),
    };
    let who = who(&hub, &id, token.as_deref()).await?;
    let since = (q.since, q.chat_after);
    // The follower takes its place now, before the upgrade, so that the cap counts it
    // at once: subscribing first and counting after means concurrent handshakes may
    // both be refused near the cap, never both let in over it.
    let cell = hub.cell(&id).await?;
    let updates = cell.updates.subscribe();
    if cell.updates.receiver_count() > hub.settings.max_followers_per_game {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "too_many_followers",
            "this game has as many live followers as this server takes; read it over HTTP",
        ));
    }
    if !hub.count_live(client.0) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "live_per_address",
            format!(
                "this address has {} live connections open already",
                hub.settings.max_live_per_address
            ),
        ));
    }
    // Small buffers: a follower reads a few small messages (64 KiB at most); the
    // defaults (128 KiB to read) made each connection cost about that much.
    Ok(ws
        .protocols([PROTOCOL])
        .read_buffer_size(WS_BUFFER)
        .write_buffer_size(WS_BUFFER)
        .max_message_size(crate::api::BODY_LIMIT)
        .on_upgrade(move |socket| async move {
            follow(
                hub.clone(),
                (id, cell, updates),
                (who, client),
                since,
                socket,
            )
            .await;
            hub.hang_up(client.0);
        }))
}

/// Refuses a live connection opened by a page of another site (cross-site
/// WebSocket hijacking): a browser always sends `Origin`, and it must be one of the
/// server's public URLs. Programs that send no `Origin` are let through.
fn check_origin(hub: &Hub, headers: &HeaderMap) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().ok().and_then(crate::client::origin);
    match origin {
        Some(o) if hub.settings.public_urls.contains(&o) => Ok(()),
        _ => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "origin",
            "live connections are taken only from this server's own pages (see --public-url)",
        )),
    }
}

/// The token a browser offers as the subprotocol `tabuleiro.token.<TOKEN>`.
fn protocol_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .find_map(|p| p.trim().strip_prefix(TOKEN_PROTOCOL).map(str::to_string))
}

/// What a client sends.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Action {
        action: Value,
        #[serde(default)]
        version: Option<i64>,
    },
    Undo,
    Ping,
}

/// A game followed live: its id, its cell and the follower's place on its channel.
type Followed = (String, Arc<GameCell>, broadcast::Receiver<i64>);

async fn follow(
    hub: Arc<Hub>,
    game: Followed,
    (who, client): (Who, Client),
    since: (Option<i64>, Option<i64>),
    socket: WebSocket,
) {
    let id = game.0.clone();
    // An open live connection keeps its person present (the creator cannot evict them).
    if let Some(seat) = who.seat() {
        hub.seen(&id, seat, 1);
    }
    follow_game(&hub, game, (who, client), since, socket).await;
    if let Some(seat) = who.seat() {
        hub.seen(&id, seat, -1);
    }
}

async fn follow_game(
    hub: &Arc<Hub>,
    (id, cell, mut updates): Followed,
    (who, client): (Who, Client),
    (since, chat_after): (Option<i64>, Option<i64>),
    mut socket: WebSocket,
) {
    let hub = hub.clone();
    let mut chat = crate::chat::Follower::start(&hub, &cell, &id, who, chat_after).await;
    let mut sent = match since {
        Some(s) => s,
        None => cell.live.lock().await.version,
    };
    if push(&hub, &id, who, &mut sent, true, &mut socket)
        .await
        .is_err()
    {
        return;
    }
    for lines in chat.backlog(&hub).await {
        if socket.send(Message::text(lines.to_string())).await.is_err() {
            return;
        }
    }
    let mut heartbeat = Heartbeat::new(hub.settings.live_idle_timeout);
    loop {
        tokio::select! {
            beat = heartbeat.due() => match beat {
                Beat::Ping => {
                    if socket.send(Message::Ping(Default::default())).await.is_err() {
                        return;
                    }
                }
                Beat::Silent => return,
            },
            update = updates.recv() => match update {
                Ok(_) | Err(RecvError::Lagged(_)) => {
                    if push(&hub, &id, who, &mut sent, false, &mut socket).await.is_err() {
                        return;
                    }
                }
                Err(RecvError::Closed) => return,
            },
            line = chat.recv() => {
                if let Some(lines) = chat.deliver(&hub, line).await {
                    if socket.send(Message::text(lines.to_string())).await.is_err() {
                        return;
                    }
                }
            },
            incoming = socket.recv() => match heartbeat.heard(incoming) {
                Some(Ok(Message::Text(text))) => {
                    if let Some(reply) = handle(&hub, &id, (who, client), text.as_str()).await {
                        if socket.send(Message::text(reply.to_string())).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    let e = ApiError::new(StatusCode::BAD_REQUEST, "bad_request", "send JSON text messages");
                    if socket.send(Message::text(error(&e).to_string())).await.is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return,
            },
        }
    }
}

/// The game as the seat sees it, with the events since the last push; nothing
/// when the client already has this version (unless `first`).
async fn push(
    hub: &Hub,
    id: &str,
    who: Who,
    sent: &mut i64,
    first: bool,
    socket: &mut WebSocket,
) -> Result<(), axum::Error> {
    let Some(cell) = hub.cached(id) else {
        return Ok(());
    };
    let mut mark = std::time::Instant::now();
    let message = {
        let mut live = cell.live.lock().await;
        Stages::lap(&hub.stages.push_wait, &mut mark);
        if !first && live.version <= *sent {
            return Ok(());
        }
        let shared = cell.updates.receiver_count() > 1;
        let text = render::push(&mut live, who, *sent, shared);
        *sent = live.version;
        text
    };
    Stages::lap(&hub.stages.render, &mut mark);
    let sent = socket.send(Message::Text(message)).await;
    Stages::lap(&hub.stages.send, &mut mark);
    sent
}

/// Runs a client's message; answers only errors and pongs (the new state comes
/// as an update to every follower).
async fn handle(
    hub: &Arc<Hub>,
    id: &str,
    (who, client): (Who, Client),
    text: &str,
) -> Option<Value> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => {
            let e = ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                format!("not a message: {e}"),
            );
            return Some(error(&e));
        }
    };
    let (command, version) = match (message, who.seat()) {
        (ClientMessage::Ping, _) => return Some(json!({"type": "pong"})),
        (_, None) => return Some(error(&ApiError::forbidden())),
        (ClientMessage::Action { action, version }, Some(seat)) => (
            Command::Decide {
                seat,
                action,
                person: true,
            },
            version,
        ),
        (ClientMessage::Undo, Some(seat)) => (Command::Undo { seat }, None),
    };
    // Decisions and undo over a live connection count against the same rate as
    // over HTTP.
    if let Err(e) = crate::api::limit(hub, crate::limits::Kind::Act, client) {
        return Some(error(&e));
    }
    match hub.command(id, command, version).await {
        Ok(_) => None,
        Err(e) => Some(error(&ApiError::from(e))),
    }
}

fn error(e: &ApiError) -> Value {
    let mut body = e.body();
    body["type"] = json!("error");
    body
}
