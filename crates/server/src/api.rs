//! The HTTP API: routes, request bodies, who is asking, and errors as JSON.
//! Every refusal answers 4xx with a message and leaves every game as it was.

use crate::accounts::MaybeAccount;
use crate::auth::{self, CREATOR};
use crate::client::Client;
use crate::hub::{Hub, HubError};
use crate::limits;
use crate::live::{to_act_seats, Command, LiveGame, Meta, Refusal, SeatKind, SeatSpec};
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tabuleiro_core::{Message, Seat, ToAct};
use tabuleiro_games::burgundy::GameContent;
use tabuleiro_games::table::{kind, Kind};
use tabuleiro_store::{ListFilter, StoreError};

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The largest content file (issue 15: corrected Burgundy content) a new game may
/// carry, as its text or its JSON: what one client may make the server hold and
/// send to every seat is bounded. The creating body may be this much larger.
pub const CONTENT_LIMIT: usize = 256 * 1024;

pub fn routes(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/stats", get(stats))
        .route("/api/lobby", get(lobby))
        .route("/api/openapi.json", get(openapi))
        .route(
            "/api/games",
            get(list)
                .post(create)
                .layer(DefaultBodyLimit::max(BODY_LIMIT + CONTENT_LIMIT)),
        )
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/content", get(content))
        .route("/api/games/{id}/seats/{seat}/bot", post(seat_to_bot))
        .route("/api/games/{id}/seats/{seat}/join", post(join))
        .route("/api/games/{id}/token", post(rotate))
        .route("/api/games/{id}/ws", get(crate::ws::upgrade))
        .merge(crate::account_api::routes())
        .route(
            "/api/games/{id}/chat",
            get(crate::chat::read).post(crate::chat::post),
        )
        .route("/api/games/{id}/chat/mute", post(crate::chat::mute))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such route") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "method",
                "this route does not take that method",
            )
        })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(hub)
}

/// What this process holds: the games loaded in memory (the others load when
/// asked for) and the clients whose request rates it tracks.
async fn stats(State(hub): State<Arc<Hub>>) -> Json<Value> {
    Json(json!({"games_loaded": hub.loaded(), "clients_tracked": hub.limiter.clients()}))
}

/// What the lobbies show of each game: its numbers of players, its options' menus and
/// its bot levels, from the registry (`tabuleiro_games::lobby`).
async fn lobby() -> Json<Value> {
    Json(tabuleiro_games::lobby::lobby())
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// An error as the API answers it: a status, a short code and a sentence.
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    /// The engine's reason for a refusal, as a catalogue message.
    pub reason: Option<Message>,
    /// Seconds until a refused client may try again (429, `Retry-After`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            reason: None,
            retry_after: None,
        }
    }

    /// A client over its rate for `kind` of request: 429 with the seconds until it
    /// may try again (also as `Retry-After`).
    pub fn rate_limited(kind: limits::Kind, wait: std::time::Duration) -> ApiError {
        let seconds = (wait.as_secs_f64().ceil() as u64).max(1);
        let what = kind.name();
        ApiError {
            reason: Some(
                Message::new("refusal.rate_limited")
                    .arg("what", what)
                    .arg("retry_after", seconds),
            ),
            retry_after: Some(seconds),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                format!("too many {what} requests from this address: try again in {seconds} s"),
            )
        }
    }

    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub fn forbidden() -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden",
            "this needs the token of the seat (or of the game's creator)",
        )
    }

    /// A token of a seat that a bot now plays: it no longer acts.
    pub fn not_holder(seat: Seat) -> ApiError {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "not_holder",
            format!("seat {seat} is played by a bot now: this token no longer acts for it"),
        )
    }

    pub fn body(&self) -> Value {
        let mut body =
            json!({"error": self.message, "code": self.code, "status": self.status.as_u16()});
        if let Some(reason) = &self.reason {
            body["reason"] = json!(reason);
        }
        if let Some(seconds) = self.retry_after {
            body["retry_after"] = json!(seconds);
        }
        body
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> Self {
        match e {
            HubError::NotFound(id) => ApiError::new(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("no game with id {id:?}"),
            ),
            HubError::Refused(Refusal::Rules(r)) => ApiError {
                reason: Some(r.reason),
                ..ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "illegal", r.text)
            },
            HubError::Refused(Refusal::Invalid(m)) => ApiError::bad(m),
            HubError::Refused(Refusal::Config(r)) => ApiError {
                reason: Some(r.reason),
                ..ApiError::bad(r.text)
            },
            HubError::Refused(Refusal::NotHolder(seat)) => ApiError::not_holder(seat),
            HubError::Refused(Refusal::Unbound(seat)) => ApiError {
                reason: Some(Message::new("refusal.account.rated_seat").arg("seat", seat)),
                ..ApiError::new(
                    StatusCode::FORBIDDEN,
                    "sign_in",
                    format!(
                        "seat {seat} plays a rated game: its player signs in and takes the \
                         seat (POST /api/games/{{id}}/seats/{{seat}}/bind) before deciding"
                    ),
                )
            },
            HubError::Refused(Refusal::Abandoned) => ApiError::new(
                StatusCode::CONFLICT,
                "abandoned",
                "this game was abandoned (no action for the server's expiry time): it takes \
                 nothing more",
            ),
            HubError::Stale { current, sent } => ApiError::new(
                StatusCode::CONFLICT,
                "stale",
                format!("the game is at version {current}, not {sent}: reload and decide again"),
            ),
            HubError::Store(StoreError::SeatTaken) => {
                ApiError::new(StatusCode::CONFLICT, "taken", "that seat was taken first")
            }
            HubError::Store(StoreError::Conflict { .. }) => ApiError::new(
                StatusCode::CONFLICT,
                "conflict",
                "the game changed while this was being recorded: reload and decide again",
            ),
            HubError::Store(e) => {
                tracing::error!("store: {e}");
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "store",
                    "the game store failed; try again",
                )
            }
            HubError::Damaged(m) => {
                tracing::error!("damaged: {m}");
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "damaged",
                    "this game's stored log cannot be read",
                )
            }
        }
    }
}

/// A JSON body whose errors answer as [`ApiError`]s.
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(JsonRejection::BytesRejection(e)) => Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("the body could not be read (at most {BODY_LIMIT} bytes): {e}"),
            )),
            Err(JsonRejection::MissingJsonContentType(_)) => Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "content_type",
                "send JSON with Content-Type: application/json",
            )),
            Err(e) => Err(ApiError::bad(e.body_text())),
        }
    }
}

/// Path parameters whose errors answer as [`ApiError`]s.
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(v)| Params(v))
            .map_err(|e: PathRejection| ApiError::bad(e.body_text()))
    }
}

/// Query parameters whose errors answer as [`ApiError`]s.
pub struct Q<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for Q<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| Q(v))
            .map_err(|e: QueryRejection| ApiError::bad(e.body_text()))
    }
}

/// Who is asking: a seat, the creator, or a spectator (no token).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Who {
    Spectator,
    Creator,
    Seat(Seat),
}

impl Who {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Who::Seat(s) => Some(s),
            _ => None,
        }
    }
}

pub fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| ApiError::forbidden())?;
    match value.strip_prefix("Bearer ") {
        Some(token) => Ok(Some(token.trim().to_string())),
        None => Err(ApiError::forbidden()),
    }
}

/// Checks a token against the stored hash of the seat it names. A token that is
/// present but wrong is refused, never downgraded to a spectator.
pub async fn who(hub: &Hub, id: &str, token: Option<&str>) -> Result<Who, ApiError> {
    let Some(token) = token else {
        return Ok(Who::Spectator);
    };
    let seat = auth::claimed_seat(token).ok_or_else(ApiError::forbidden)?;
    if !token_holds(hub, id, seat, token).await? {
        return Err(ApiError::forbidden());
    }
    if seat == CREATOR {
        return Ok(Who::Creator);
    }
    // A token acts only for the seat's current holder: once a bot plays the seat,
    // the person's token is dead (issue 17, item 5).
    let seat = seat as Seat;
    let cell = hub.cell(id).await?;
    let held = cell
        .live
        .lock()
        .await
        .seats
        .get(seat as usize)
        .is_some_and(|s| s.kind == SeatKind::Human);
    if !held {
        return Err(ApiError::not_holder(seat));
    }
    hub.seen(id, seat, 0);
    Ok(Who::Seat(seat))
}

/// Whether `token` is the stored one of `seat`, or a device's token for it whose
/// session lives and whose account holds the seat.
async fn token_holds(hub: &Hub, id: &str, seat: i64, token: &str) -> Result<bool, ApiError> {
    let hash = auth::hash(token);
    if auth::is_device(token) {
        let valid = hub
            .store
            .device_token_valid(&hash, id, seat, crate::now_ms());
        return Ok(valid.await.map_err(HubError::from)?);
    }
    let stored = hub
        .store
        .token_hash(id, seat)
        .await
        .map_err(HubError::from)?;
    Ok(stored.is_some_and(|h| auth::same(&h, &hash)))
}

async fn seat_of(hub: &Hub, id: &str, headers: &HeaderMap) -> Result<Seat, ApiError> {
    who(hub, id, bearer(headers)?.as_deref())
        .await?
        .seat()
        .ok_or_else(ApiError::forbidden)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: String,
    seats: Vec<SeatSpec>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    options: Value,
    /// A rated table (its creator signed in): see `ratings`.
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    requires: Option<crate::ratings::Requirements>,
    /// Who may chat at the table (issue 42): "players" or "everyone".
    #[serde(default)]
    chat: crate::chat::ChatMode,
    /// The table's clock (issue 42); none: the server's `--decision-timeout`.
    #[serde(default)]
    clock: Option<crate::clock::ClockSpec>,
}

/// A content file in the options (Burgundy's `content`: the file's JSON or its
/// text), bounded and validated by the engine's own parser before anything else, so
/// that a bad one is refused with its reason as a catalogue message (in the player's
/// language), not as a config error.
fn check_content(game: &str, options: &Value) -> Result<(), ApiError> {
    let Some(content) = options.get("content").filter(|c| !c.is_null()) else {
        return Ok(());
    };
    if game != "burgundy" {
        return Err(ApiError::bad(format!("{game} takes no content file")));
    }
    let size = match content {
        Value::String(text) => text.len(),
        other => other.to_string().len(),
    };
    if size > CONTENT_LIMIT {
        return Err(ApiError {
            reason: Some(
                Message::new("refusal.content_too_large").arg("kib", CONTENT_LIMIT / 1024),
            ),
            ..ApiError::bad(format!(
                "the content file has {size} bytes, at most {CONTENT_LIMIT}"
            ))
        });
    }
    let read = match content {
        Value::String(text) => GameContent::from_text(text),
        other => GameContent::from_value(other.clone()),
    };
    read.map(|_| ()).map_err(|e| ApiError {
        reason: Some(Message::new("refusal.content").arg("reason", e.to_string())),
        ..ApiError::bad(format!("the content file is refused: {e}"))
    })
}

const MAX_SEATS: usize = 8;
pub(crate) const MAX_NAME: usize = 40;

async fn create(
    State(hub): State<Arc<Hub>>,
    client: Client,
    account: MaybeAccount,
    Body(mut new): Body<NewGame>,
) -> Result<Response, ApiError> {
    limit(&hub, limits::Kind::Create, client)?;
    let kind = hosted(&hub, &new.game)?;
    check_content(&new.game, &new.options)?;
    check_rated(&new, &account)?;
    if new.seats.is_empty() || new.seats.len() > MAX_SEATS {
        return Err(ApiError::bad("a game needs between 1 and 8 seats"));
    }
    check_clock(new.clock.as_ref())?;
    for (n, seat) in new.seats.iter_mut().enumerate() {
        seat.bot = check_seat(n, seat, kind.bot_spec)?;
        if let Some(spec) = &seat.bot {
            check_budget(&hub, spec)?;
        }
    }
    // A seed the server draws stays secret until the game is over, so that no
    // one can foresee a chance outcome; a chosen one is shown to every seat.
    let seed_chosen = new.seed.is_some();
    let seed = match new.seed {
        Some(s) => s,
        None => random_u64()?,
    };
    let id = random_id()?;
    let mut tokens = Vec::new();
    let mut secrets = Vec::new();
    for seat in std::iter::once(CREATOR).chain(
        (0..new.seats.len() as i64).filter(|&s| new.seats[s as usize].kind == SeatKind::Human),
    ) {
        let (token, hash) = auth::new_token(seat).map_err(internal)?;
        tokens.push((seat, hash));
        secrets.push((seat, token));
    }
    let meta_seats: Vec<SeatKind> = new.seats.iter().map(|s| s.kind).collect();
    let meta = Meta {
        game: new.game,
        options: new.options,
        seed,
        seed_chosen,
        engine_version: env!("CARGO_PKG_VERSION").into(),
        rules_version: Some(kind.version.into()),
        seats: new.seats,
        rated: new.rated,
        requires: new.requires,
        chat: new.chat,
        clock: new.clock,
    };
    // Marked before the game exists: a mark without its game is never read.
    if meta.rated {
        let scale = crate::ratings::scale(&meta);
        hub.store
            .mark_rated(&id, &scale)
            .await
            .map_err(HubError::from)?;
    }
    hub.create(id.clone(), meta, &tokens).await?;
    crate::account_api::bind_if_signed_in(&hub, &account, &id, CREATOR).await?;
    // Invite links name the configured public URL, never the request's Host header
    // (which a client chooses). The token goes in the fragment, which browsers never
    // send to a server nor pass on as a referrer.
    let public = hub.settings.public_urls.first().map_or("", String::as_str);
    let seats: Vec<Value> = secrets
        .iter()
        .filter(|(s, _)| *s != CREATOR)
        .map(|(s, token)| {
            json!({"seat": s, "token": token, "invite": format!("{public}/games/{id}#token={token}")})
        })
        .collect();
    // An open seat's invite names the seat, never a token: whoever follows it joins
    // with a name of their own and gets a token of their own (issue 16).
    let open_seats: Vec<Value> = (0..meta_seats.len())
        .filter(|&s| meta_seats[s] == SeatKind::Open)
        .map(|s| json!({"seat": s, "invite": format!("{public}/games/{id}#join={s}")}))
        .collect();
    let creator = &secrets[0].1;
    let mut body = json!({"id": id, "seed_chosen": seed_chosen, "creator_token": creator,
        "seats": seats, "open_seats": open_seats});
    if seed_chosen {
        body["seed"] = json!(seed);
    }
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// A rated table needs a signed-in creator and two seats or more (a solo game is
/// not rated); requirements are bounded and need a rated table for a rating.
fn check_rated(new: &NewGame, account: &MaybeAccount) -> Result<(), ApiError> {
    if let Some(req) = &new.requires {
        req.check().map_err(ApiError::bad)?;
    }
    if !new.rated {
        return match new.requires.as_ref().and_then(|r| r.min_rating) {
            Some(_) => Err(ApiError::bad("min_rating needs a rated table")),
            None => Ok(()),
        };
    }
    if account.0.is_none() {
        return Err(crate::accounts::signed_out());
    }
    if new.seats.len() < 2 {
        return Err(ApiError::bad("a solo game is not rated"));
    }
    Ok(())
}

/// Refuses a clock out of bounds or of mixed kinds, with its reason.
fn check_clock(clock: Option<&crate::clock::ClockSpec>) -> Result<(), ApiError> {
    let Some(Err(crate::clock::BadClock(why))) = clock.map(|c| c.check()) else {
        return Ok(());
    };
    Err(ApiError {
        reason: Some(Message::new("refusal.clock").arg("reason", why.clone())),
        ..ApiError::bad(why)
    })
}

/// Whether a character may stand in a name other players read: no control
/// characters, and none of the invisible ones that let a name pass for another
/// (bidirectional overrides and isolates, zero-width characters).
pub(crate) fn printable(c: char) -> bool {
    const INVISIBLE: &[char] = &[
        '\u{061C}', '\u{200B}', '\u{200C}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{2060}',
        '\u{FEFF}',
    ];
    let bidi = ('\u{202A}'..='\u{202E}').contains(&c) || ('\u{2066}'..='\u{2069}').contains(&c);
    !c.is_control() && !bidi && !INVISIBLE.contains(&c)
}

/// Checks a seat of a new game; returns the spec of its bot, if it has one (a
/// level's, or the spec as written).
fn check_seat(
    n: usize,
    seat: &SeatSpec,
    bot_spec: fn(&str) -> Result<String, String>,
) -> Result<Option<String>, ApiError> {
    if seat.name.chars().count() > MAX_NAME || !seat.name.chars().all(printable) {
        return Err(ApiError::bad(format!(
            "seat {n}: a name has at most {MAX_NAME} printable characters (no control, \
             direction-changing or zero-width characters)"
        )));
    }
    match (seat.kind, &seat.bot) {
        (SeatKind::Bot, Some(spec)) => bot_spec(spec)
            .map(Some)
            .map_err(|e| ApiError::bad(format!("seat {n}: {e}"))),
        (SeatKind::Bot, None) => Err(ApiError::bad(format!(
            "seat {n}: a bot seat names its bot (a level: \"easy\", \"medium\", \"hard\", \"expert\"; or a spec: \"greedy\", \"mcts\")"
        ))),
        (_, Some(_)) => Err(ApiError::bad(format!(
            "seat {n}: only a bot seat names a bot"
        ))),
        _ => Ok(None),
    }
}

/// Refuses a bot that would think longer than this server allows (each thinking bot
/// holds a thread): by its time or iterations, and by the rollout steps its
/// iterations may take (`cap` times `roll` each), at most those of the most
/// iterations with the default rollouts (a cap of 100, uniform). Iterations alone let
/// 20,000 rollouts to the game's end pass, each step judging 64 drawn actions.
fn check_budget(hub: &Hub, spec: &str) -> Result<(), ApiError> {
    use tabuleiro_bots::{Budget, Cost, MctsConfig};
    let (max_ms, max_iters) = (hub.settings.bot_max_ms, hub.settings.bot_max_iters);
    let max_steps = u64::from(max_iters) * u64::from(MctsConfig::default().cap);
    let Some(Cost { budget, rollout }) = tabuleiro_bots::spec_cost(spec).map_err(ApiError::bad)?
    else {
        return Ok(());
    };
    let why = match budget {
        Budget::Millis(ms) if ms > max_ms => format!("at most ms={max_ms} per decision"),
        Budget::Iterations(n) if n > max_iters => {
            format!("at most iters={max_iters} per decision")
        }
        Budget::Iterations(n) if u64::from(n) * rollout > max_steps => format!(
            "at most {max_steps} rollout steps per decision (iters × cap × roll), not {}",
            u64::from(n) * rollout
        ),
        _ => return Ok(()),
    };
    Err(ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bot_budget",
        format!("bot {spec:?} thinks too long for this server: {why}"),
    ))
}

pub(crate) fn internal(e: String) -> ApiError {
    tracing::error!("{e}");
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "the server could not do that",
    )
}

fn random_u64() -> Result<u64, ApiError> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).map_err(|e| internal(e.to_string()))?;
    Ok(u64::from_le_bytes(b) >> 12)
}

pub(crate) fn random_id() -> Result<String, ApiError> {
    let mut b = [0u8; 9];
    getrandom::fill(&mut b).map_err(|e| internal(e.to_string()))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// The game `name` if this server hosts it (test games only when asked to).
fn hosted(hub: &Hub, name: &str) -> Result<Kind, ApiError> {
    match kind(name) {
        Ok(k) if k.listed || hub.settings.test_games => Ok(k),
        _ => {
            let games: Vec<_> = hosted_games(hub).collect();
            Err(ApiError::bad(format!(
                "unknown game {name:?}: this server hosts {games:?}"
            )))
        }
    }
}

/// The names of the games this server hosts.
fn hosted_games(hub: &Hub) -> impl Iterator<Item = &'static str> + '_ {
    tabuleiro_games::GAMES
        .iter()
        .filter(|g| g.listed || hub.settings.test_games)
        .map(|g| g.name)
}

/// The game as `who` sees it: view, whose turn, that seat's legal actions (as text
/// and as offers: click path and label).
pub fn game_json(live: &LiveGame, who: Who) -> Value {
    let seat = who.seat();
    // An abandoned game waits for no one and offers nothing.
    let deciding = seat.filter(|_| !live.abandoned);
    let to_act = match live.abandoned {
        true => ToAct::Seats(tabuleiro_core::SeatSet::EMPTY),
        false => live.table.to_act(),
    };
    let over = to_act == ToAct::Over;
    let offers = deciding.map(|s| live.table.offers(s)).unwrap_or_default();
    let legal: Vec<&str> = offers.iter().map(|o| o.action.as_str()).collect();
    json!({
        "id": live.id,
        "game": live.meta.game,
        "version": live.version,
        "status": live.status(),
        "seat": seat,
        "seats": live.seats,
        "seed_chosen": live.meta.seed_chosen,
        "chat": live.meta.chat,
        "to_act": to_act_seats(&to_act),
        "over": over,
        "legal": legal,
        "offers": offers,
        "can_undo": deciding.is_some_and(|s| live.table.can_undo(s)),
        "view": live.table.view(seat),
        "scores": if over { json!(live.table.scores()) } else { Value::Null },
        "standings": if over { live.table.standings() } else { Value::Null },
        "clocks": live.clocks_json(crate::clock::Millis(crate::now_ms())),
    })
}

async fn show(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let cell = hub.cell(&id).await?;
    let who = who(&hub, &id, bearer(&headers)?.as_deref()).await?;
    let live = cell.live.lock().await;
    Ok(Json(game_json(&live, who)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionBody {
    /// The action's text ("die 1 3") or its JSON.
    pub action: Value,
    /// The version the client decided on; refused with 409 when the game moved on.
    #[serde(default)]
    pub version: Option<i64>,
}

async fn act(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    client: Client,
    headers: HeaderMap,
    Body(body): Body<ActionBody>,
) -> Result<Json<Value>, ApiError> {
    limit(&hub, limits::Kind::Act, client)?;
    let seat = seat_of(&hub, &id, &headers).await?;
    let command = Command::Decide {
        seat,
        action: body.action,
        person: true,
    };
    run(&hub, &id, command, body.version, Who::Seat(seat)).await
}

/// Runs a command and answers the game as `who` now sees it.
pub async fn run(
    hub: &Arc<Hub>,
    id: &str,
    command: Command,
    version: Option<i64>,
    who: Who,
) -> Result<Json<Value>, ApiError> {
    hub.command(id, command, version).await?;
    let cell = hub.cell(id).await?;
    let live = cell.live.lock().await;
    Ok(Json(game_json(&live, who)))
}

async fn undo(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    client: Client,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    limit(&hub, limits::Kind::Act, client)?;
    let seat = seat_of(&hub, &id, &headers).await?;
    run(&hub, &id, Command::Undo { seat }, None, Who::Seat(seat)).await
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LogQuery {
    #[serde(default)]
    since: i64,
}

/// The events as the asking seat (or a spectator) may see them, without those of
/// decisions taken back.
async fn log(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    headers: HeaderMap,
    Q(q): Q<LogQuery>,
) -> Result<Json<Value>, ApiError> {
    let cell = hub.cell(&id).await?;
    let who = who(&hub, &id, bearer(&headers)?.as_deref()).await?;
    let live = cell.live.lock().await;
    Ok(Json(
        json!({"version": live.version, "events": live.events_for(who.seat(), q.since)}),
    ))
}

/// The record holds every decision, hidden ones included, so it is only given out
/// once the game is over.
async fn record(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
) -> Result<Json<Value>, ApiError> {
    let cell = hub.cell(&id).await?;
    let live = cell.live.lock().await;
    // An abandoned game takes no more decisions, so its secrets no longer matter.
    if live.table.to_act() != ToAct::Over && !live.abandoned {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_over",
            "the record is published when the game is over (or abandoned)",
        ));
    }
    Ok(Json(live.table.record()))
}

/// The content file a game plays with, for a client to fetch once: a view only says
/// that there is one. It is the game's config, public to whoever may follow it.
async fn content(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
) -> Result<Response, ApiError> {
    let cell = hub.cell(&id).await?;
    let content = cell.live.lock().await.table.custom_content();
    let Some(content) = content else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_content",
            "the game plays with its own data (GET /api/boards/{game})",
        ));
    };
    // A game's content never changes: a client may keep it.
    let cache = [(header::CACHE_CONTROL, "private, max-age=86400, immutable")];
    Ok((cache, Json(content)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotBody {
    bot: String,
}

/// A player who leaves is replaced by a bot: the seat's own token or the creator's.
async fn seat_to_bot(
    State(hub): State<Arc<Hub>>,
    Params((id, seat)): Params<(String, Seat)>,
    headers: HeaderMap,
    Body(body): Body<BotBody>,
) -> Result<Json<Value>, ApiError> {
    let who = who(&hub, &id, bearer(&headers)?.as_deref()).await?;
    if !(who == Who::Creator || who == Who::Seat(seat)) {
        return Err(ApiError::forbidden());
    }
    let cell = hub.cell(&id).await?;
    let (game, person) = {
        let live = cell.live.lock().await;
        let kind = live.seats.get(seat as usize).map(|s| s.kind);
        (live.meta.game.clone(), kind == Some(SeatKind::Human))
    };
    // The creator may not evict a person who is still playing: only one who has
    // been away (no request, no live connection) for the eviction time.
    if who == Who::Creator && person && !hub.away(&id, seat) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "still_playing",
            format!(
                "seat {seat}'s player is still playing: the creator may hand a seat to a bot \
                 only after {} s without a word from it",
                hub.settings.evict_after.as_secs_f64()
            ),
        ));
    }
    let bot = (kind(&game).map_err(internal)?.bot_spec)(&body.bot).map_err(ApiError::bad)?;
    check_budget(&hub, &bot)?;
    run(&hub, &id, Command::Bot { seat, bot }, None, who).await
}

/// A new token for the seat (or the creator) whose token is presented; the old
/// one is dead from then on (a leaked token is revoked this way).
async fn rotate(
    State(hub): State<Arc<Hub>>,
    Params(id): Params<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let old = bearer(&headers)?.ok_or_else(ApiError::forbidden)?;
    let who = who(&hub, &id, Some(&old)).await?;
    let seat = who.seat().map_or(CREATOR, i64::from);
    let (token, hash) = auth::new_token(seat).map_err(internal)?;
    let replaced = hub
        .store
        .replace_token(&id, seat, &auth::hash(&old), &hash)
        .await
        .map_err(HubError::from)?;
    if !replaced {
        return Err(ApiError::forbidden());
    }
    let seat = (seat != CREATOR).then_some(seat);
    Ok(Json(json!({"seat": seat, "token": token})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    name: String,
}

/// Takes an open seat: answers the seat's token, given out this once.
async fn join(
    State(hub): State<Arc<Hub>>,
    Params((id, seat)): Params<(String, Seat)>,
    client: Client,
    account: MaybeAccount,
    Body(body): Body<JoinBody>,
) -> Result<Response, ApiError> {
    limit(&hub, limits::Kind::Join, client)?;
    // A table that rates or asks something of its players seats accounts only.
    let cell = hub.cell(&id).await?;
    let picky = {
        let meta = &cell.live.lock().await.meta;
        meta.rated || meta.requires.is_some()
    };
    match &account.0 {
        Some(a) => crate::ratings::check_requirements(&hub, &id, &a.user.id).await?,
        None if picky => return Err(crate::accounts::signed_out()),
        None => {}
    }
    let joined = join_seat(&hub, &id, seat, client, body).await?;
    crate::account_api::bind_if_signed_in(&hub, &account, &id, i64::from(seat)).await?;
    Ok(joined)
}

/// Takes a token of the client's rate for `kind` of request (429 past it).
pub fn limit(hub: &Hub, kind: limits::Kind, client: Client) -> Result<(), ApiError> {
    hub.limiter
        .take(kind, client.0)
        .map_err(|wait| ApiError::rate_limited(kind, wait))
}

/// Takes the seat for a client counted against the limit per address.
async fn join_seat(
    hub: &Arc<Hub>,
    id: &str,
    seat: Seat,
    client: Client,
    body: JoinBody,
) -> Result<Response, ApiError> {
    let name = body.name.trim().to_string();
    check_seat(
        seat as usize,
        &SeatSpec {
            kind: SeatKind::Human,
            name: name.clone(),
            bot: None,
        },
        |spec| Ok(spec.to_string()),
    )?;
    let cell = hub.cell(id).await?;
    {
        let live = cell.live.lock().await;
        let open = live
            .seats
            .get(seat as usize)
            .map(|s| s.kind == SeatKind::Open);
        match open {
            None => return Err(ApiError::bad(format!("there is no seat {seat}"))),
            Some(false) => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "taken",
                    format!("seat {seat} is not open"),
                ))
            }
            Some(true) => {}
        }
    }
    // One client may not silently take every open seat.
    if !hub.count_join(id, client.0) {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "seats_per_address",
            format!(
                "this address already holds {} seat(s) of this game",
                hub.settings.seats_per_address
            ),
        ));
    }
    let taken = take_seat(hub, id, seat, name).await;
    if taken.is_err() {
        hub.unjoin(id, client.0);
    }
    taken
}

/// Logs the join with the seat's new token.
async fn take_seat(
    hub: &Arc<Hub>,
    id: &str,
    seat: Seat,
    name: String,
) -> Result<Response, ApiError> {
    let (token, hash) = auth::new_token(seat as i64).map_err(internal)?;
    // The token is stored with the join's log entry, in one transaction: a join
    // that cannot be stored leaves the seat open (issue 17, item 8).
    let join = Command::Join {
        seat,
        name,
        token_hash: hash,
    };
    let Json(game) = run(hub, id, join, None, Who::Seat(seat)).await?;
    Ok((
        StatusCode::OK,
        Json(json!({"seat": seat, "token": token, "game": game})),
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    limit: Option<i64>,
    /// Only rated tables (true) or only unrated ones (false).
    #[serde(default)]
    rated: Option<bool>,
    /// Only tables with a seat open to join.
    #[serde(default)]
    open_seats: Option<bool>,
    /// Only tables of this clock kind: "none", "realtime" or "turn_based".
    #[serde(default)]
    clock: Option<String>,
}

/// Whether a listed game passes the lobby's filters on its table (rated, seats open).
fn listed(q: &ListQuery, meta: &Value, summary: &Value) -> bool {
    let rated = meta["rated"].as_bool().unwrap_or(false);
    let open = summary["seats"]
        .as_array()
        .is_some_and(|s| s.iter().any(|seat| seat["kind"] == "open"));
    let clock = meta["clock"]["kind"].as_str().unwrap_or("none");
    q.rated.is_none_or(|want| want == rated)
        && q.open_seats.is_none_or(|want| want == open)
        && q.clock.as_deref().is_none_or(|want| want == clock)
}

/// The most rows read to fill one filtered page of the lobby.
const LIST_SCAN: i64 = 500;

/// The lobby: open and running games by default, newest first.
async fn list(State(hub): State<Arc<Hub>>, Q(q): Q<ListQuery>) -> Result<Json<Value>, ApiError> {
    if let Some(s) = &q.status {
        if !["open", "running", "over", "abandoned"].contains(&s.as_str()) {
            return Err(ApiError::bad(
                "status is one of open, running, over, abandoned",
            ));
        }
    }
    let limit = q.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::bad("limit is between 1 and 500"));
    }
    // A filter on the table reads more rows than it answers.
    if let Some(c) = &q.clock {
        if !["none", "realtime", "turn_based"].contains(&c.as_str()) {
            return Err(ApiError::bad("clock is one of none, realtime, turn_based"));
        }
    }
    let filtered = q.rated.is_some() || q.open_seats.is_some() || q.clock.is_some();
    let rows = hub
        .store
        .list(&ListFilter {
            game: q.game.clone(),
            status: q.status.clone(),
            limit: if filtered { LIST_SCAN } else { limit },
        })
        .await
        .map_err(HubError::from)?;
    let hosted: Vec<_> = hosted_games(&hub).collect();
    let games: Vec<Value> = rows
        .into_iter()
        .filter(|r| hosted.contains(&r.game.as_str()))
        .filter_map(|r| {
            let summary: Value = serde_json::from_str(&r.summary).unwrap_or(Value::Null);
            let meta: Value = serde_json::from_str(&r.meta).unwrap_or(Value::Null);
            listed(&q, &meta, &summary).then(|| {
                json!({"id": r.id, "game": r.game, "status": r.status, "version": r.version,
                       "created_ms": r.created_ms, "updated_ms": r.updated_ms, "summary": summary,
                       "rated": meta["rated"].as_bool().unwrap_or(false),
                       "clock": meta.get("clock"),
                       "options": meta.get("options"),
                       "requires": meta.get("requires")})
            })
        })
        .take(limit as usize)
        .collect();
    Ok(Json(json!({"games": games})))
}
