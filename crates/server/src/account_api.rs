//! The account routes (issue 42): sign up, sign in and out (here or everywhere), a
//! new password, the account's games and a seat token for this device, a player's
//! profile, and the leaderboards. These read the session cookie only: a seat token
//! in `Authorization` is no account, and the seat routes never read the cookie.

use crate::accounts::{self, Account, MaybeAccount};
use crate::api::{internal, limit, random_id, ApiError, Body, Params, Q};
use crate::auth;
use crate::client::Client;
use crate::hub::{Hub, HubError};
use crate::now_ms;
use crate::ratings;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tabuleiro_core::Seat;
use tabuleiro_store::accounts::User;
use tabuleiro_store::StoreError;

pub fn routes() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/account", get(me))
        .route("/api/session", get(session))
        .route("/api/account/signup", post(sign_up))
        .route("/api/account/signin", post(sign_in))
        .route("/api/account/signout", post(sign_out))
        .route("/api/account/signout-everywhere", post(sign_out_everywhere))
        .route("/api/account/password", post(new_password))
        .route("/api/account/notices", post(set_notices))
        .route("/api/account/reset", post(ask_reset))
        .route("/api/account/reset/confirm", post(confirm_reset))
        .route("/api/account/games", get(my_games))
        .route(
            "/api/account/games/{id}/seats/{seat}/token",
            post(device_token),
        )
        .route("/api/games/{id}/seats/{seat}/bind", post(bind))
        .route("/api/players/{name}", get(profile))
        .route("/api/ratings/{scale}", get(leaderboard))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

fn me_json(user: &User) -> Value {
    json!({"name": user.name, "email": user.email, "notify": user.notify,
           "lang": user.lang, "created_ms": user.created_ms})
}

/// The signed-in player, or 401.
async fn me(account: Account) -> Json<Value> {
    Json(me_json(&account.user))
}

/// Who is signed in, for a page to ask without an error: `{"account": null}` when
/// no one is.
async fn session(account: MaybeAccount) -> Json<Value> {
    Json(json!({"account": account.0.map(|a| me_json(&a.user))}))
}

/// An answer that starts a session for `user`.
async fn start_session(hub: &Hub, user: &User, status: StatusCode) -> Result<Response, ApiError> {
    let (secret, hash) = accounts::new_session()?;
    let now = now_ms();
    hub.store
        .create_session(&hash, &user.id, now, now + accounts::SESSION_MS)
        .await
        .map_err(HubError::from)?;
    let cookie = accounts::cookie(hub, Some(&secret));
    Ok((status, [(header::SET_COOKIE, cookie)], Json(me_json(user))).into_response())
}

async fn sign_up(
    State(hub): State<Arc<Hub>>,
    client: Client,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    limit(&hub, crate::limits::Kind::SignIn, client)?;
    let name = accounts::check_name(&c.name)?;
    accounts::check_password(&c.password)?;
    let user = User {
        id: random_id()?,
        name: name.clone(),
        password: accounts::hash_password(&hub, c.password).await?,
        email: String::new(),
        notify: false,
        lang: "en".into(),
        created_ms: now_ms(),
    };
    // Names are public (profiles, leaderboards, tables): a taken one is said so.
    match hub
        .store
        .create_user(&user, &accounts::name_key(&name))
        .await
    {
        Err(StoreError::NameTaken) => Err(ApiError {
            reason: Some(tabuleiro_core::Message::new("refusal.account.name_taken")),
            ..ApiError::new(StatusCode::CONFLICT, "name_taken", "that name is taken")
        }),
        other => other.map_err(HubError::from).map_err(ApiError::from),
    }?;
    start_session(&hub, &user, StatusCode::CREATED).await
}

/// Signs in. Unknown names and wrong passwords get the same answer in the same time;
/// past [`accounts::MAX_FAILURES`] wrong tries a name is refused for a while,
/// whether it has an account or not.
async fn sign_in(
    State(hub): State<Arc<Hub>>,
    client: Client,
    Body(c): Body<Credentials>,
) -> Result<Response, ApiError> {
    limit(&hub, crate::limits::Kind::SignIn, client)?;
    let key = accounts::name_key(c.name.trim());
    let now = now_ms();
    let window = now - accounts::FAILURE_WINDOW_MS;
    let failures = hub
        .store
        .signin_failures(&key, window)
        .await
        .map_err(HubError::from)?;
    if failures >= accounts::MAX_FAILURES {
        let wait = std::time::Duration::from_millis(accounts::FAILURE_WINDOW_MS as u64);
        return Err(ApiError::rate_limited(crate::limits::Kind::SignIn, wait));
    }
    let user = hub.store.user_by_name(&key).await.map_err(HubError::from)?;
    let stored = user.as_ref().map(|u| u.password.clone());
    if !accounts::verify_password(&hub, c.password, stored).await? {
        hub.store
            .count_signin_failure(&key, now, window)
            .await
            .map_err(HubError::from)?;
        return Err(accounts::wrong_credentials());
    }
    let user = user.ok_or_else(accounts::wrong_credentials)?;
    hub.store
        .clear_signin_failures(&key)
        .await
        .map_err(HubError::from)?;
    start_session(&hub, &user, StatusCode::OK).await
}

fn signed_out_answer(hub: &Hub) -> Response {
    (
        StatusCode::NO_CONTENT,
        [(header::SET_COOKIE, accounts::cookie(hub, None))],
    )
        .into_response()
}

async fn sign_out(State(hub): State<Arc<Hub>>, account: Account) -> Result<Response, ApiError> {
    hub.store
        .end_session(&account.session)
        .await
        .map_err(HubError::from)?;
    Ok(signed_out_answer(&hub))
}

/// Ends every session of the account, this one too, and the seat tokens they hold.
async fn sign_out_everywhere(
    State(hub): State<Arc<Hub>>,
    account: Account,
) -> Result<Response, ApiError> {
    let store = &hub.store;
    store
        .end_sessions(&account.user.id, "")
        .await
        .map_err(HubError::from)?;
    Ok(signed_out_answer(&hub))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPassword {
    current: String,
    new: String,
}

/// A new password, given the current one; every other session ends.
async fn new_password(
    State(hub): State<Arc<Hub>>,
    client: Client,
    account: Account,
    Body(p): Body<NewPassword>,
) -> Result<Response, ApiError> {
    limit(&hub, crate::limits::Kind::SignIn, client)?;
    accounts::check_password(&p.new)?;
    let stored = Some(account.user.password.clone());
    if !accounts::verify_password(&hub, p.current, stored).await? {
        return Err(accounts::wrong_credentials());
    }
    let hash = accounts::hash_password(&hub, p.new).await?;
    let store = &hub.store;
    store
        .set_password(&account.user.id, &hash)
        .await
        .map_err(HubError::from)?;
    store
        .end_sessions(&account.user.id, &account.session)
        .await
        .map_err(HubError::from)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Notices {
    /// Where to mail them ("" : nowhere).
    email: String,
    notify: bool,
    /// Their language ("en", "pt-BR", "es").
    lang: String,
}

/// The longest address accepted (RFC 5321's path limit).
const MAX_EMAIL: usize = 254;

/// Where and whether the account's notices are mailed (its turn in a turn-based
/// game, the end of a game), and in which language.
async fn set_notices(
    State(hub): State<Arc<Hub>>,
    account: Account,
    Body(n): Body<Notices>,
) -> Result<Json<Value>, ApiError> {
    let email = n.email.trim();
    let address_like = email.is_empty()
        || (email.len() <= MAX_EMAIL
            && email.parse::<lettre::Address>().is_ok()
            && email
                .chars()
                .all(|c| !c.is_whitespace() && crate::api::printable(c)));
    if !address_like {
        return Err(ApiError::bad("not an email address"));
    }
    if n.notify && email.is_empty() {
        return Err(ApiError::bad("notices need an email address"));
    }
    let lang = tabuleiro_i18n::Lang::parse(&n.lang)
        .ok_or_else(|| ApiError::bad("lang is one of en, pt-BR, es"))?;
    hub.store
        .set_notices(&account.user.id, email, n.notify, lang.code())
        .await
        .map_err(HubError::from)?;
    Ok(Json(
        json!({"email": email, "notify": n.notify, "lang": lang.code()}),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResetAsk {
    name: String,
}

/// How long a reset link is good for.
const RESET_MS: i64 = 60 * 60 * 1000;

/// Mails a reset link to the account's address, when it has one. The answer is the
/// same whether the name has an account, an address or neither (no enumeration),
/// and comes before the mail is sent; a server that mails nothing says so to all.
async fn ask_reset(
    State(hub): State<Arc<Hub>>,
    client: Client,
    Body(ask): Body<ResetAsk>,
) -> Result<Response, ApiError> {
    limit(&hub, crate::limits::Kind::SignIn, client)?;
    let Some(mailer) = hub.mailer.get().cloned() else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "no_mail",
            "this server mails nothing (no --smtp-url): ask its host",
        ));
    };
    let key = accounts::name_key(ask.name.trim());
    let user = hub.store.user_by_name(&key).await.map_err(HubError::from)?;
    if let Some(user) = user.filter(|u| !u.email.is_empty()) {
        let (token, hash) = accounts::new_session()?;
        let expires = now_ms() + RESET_MS;
        hub.store
            .add_reset(&hash, &user.id, expires)
            .await
            .map_err(HubError::from)?;
        let hub = hub.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::notices::send_reset(&mailer, &hub, &user, &token).await {
                tracing::warn!("reset link to {} not sent: {e}", user.name);
            }
        });
    }
    let said = "if that account has an email address, a link to choose a new password was \
                mailed to it (good for an hour)";
    Ok((StatusCode::ACCEPTED, Json(json!({"message": said}))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResetConfirm {
    token: String,
    password: String,
}

/// A new password from a reset link (used once); every session of the account ends.
async fn confirm_reset(
    State(hub): State<Arc<Hub>>,
    client: Client,
    Body(c): Body<ResetConfirm>,
) -> Result<Response, ApiError> {
    limit(&hub, crate::limits::Kind::SignIn, client)?;
    accounts::check_password(&c.password)?;
    let hash = auth::hash(c.token.trim());
    let user = hub
        .store
        .take_reset(&hash, now_ms())
        .await
        .map_err(HubError::from)?;
    let Some(user_id) = user else {
        return Err(ApiError {
            reason: Some(tabuleiro_core::Message::new("refusal.account.reset")),
            ..ApiError::new(
                StatusCode::BAD_REQUEST,
                "reset",
                "this link is not good (used, expired or mistyped): ask for another",
            )
        });
    };
    let password = accounts::hash_password(&hub, c.password).await?;
    hub.store
        .set_password(&user_id, &password)
        .await
        .map_err(HubError::from)?;
    hub.store
        .end_sessions(&user_id, "")
        .await
        .map_err(HubError::from)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The seats the account holds, most recently played first.
async fn my_games(State(hub): State<Arc<Hub>>, account: Account) -> Result<Json<Value>, ApiError> {
    let held = hub
        .store
        .held_seats(&account.user.id, 200)
        .await
        .map_err(HubError::from)?;
    let games: Vec<Value> = held
        .iter()
        .map(|h| {
            let seat = (h.seat != auth::CREATOR).then_some(h.seat);
            json!({"id": h.game_id, "game": h.game, "seat": seat, "status": h.status,
                   "updated_ms": h.updated_ms})
        })
        .collect();
    Ok(Json(json!({"games": games})))
}

/// A seat token for this device, for a seat the account holds ("creator" for the
/// creator's): it acts for the seat while this session lasts and the account holds
/// the seat, and dies when the session ends.
async fn device_token(
    State(hub): State<Arc<Hub>>,
    account: Account,
    Params((id, seat)): Params<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let seat = match seat.as_str() {
        "creator" => auth::CREATOR,
        n => n
            .parse::<Seat>()
            .map(i64::from)
            .map_err(|_| ApiError::bad("a seat is a number or \"creator\""))?,
    };
    let holder = hub
        .store
        .seat_holder(&id, seat)
        .await
        .map_err(HubError::from)?;
    if holder.as_deref() != Some(account.user.id.as_str()) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "not_yours",
            "this account does not hold that seat",
        ));
    }
    let (token, hash) = auth::new_device_token(seat).map_err(internal)?;
    hub.store
        .add_device_token(&hash, &account.session, &id, seat)
        .await
        .map_err(HubError::from)?;
    let seat = (seat != auth::CREATOR).then_some(seat);
    Ok(Json(json!({"seat": seat, "token": token})))
}

/// Binds a seat to the signed-in account: the seat's own token (as `Bearer`) shows
/// that the asker holds it, the session names the account. A seat another account
/// holds stays theirs.
async fn bind(
    State(hub): State<Arc<Hub>>,
    account: Account,
    Params((id, seat)): Params<(String, Seat)>,
    headers: axum::http::HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let token = crate::api::bearer(&headers)?.ok_or_else(ApiError::forbidden)?;
    let who = crate::api::who(&hub, &id, Some(&token)).await?;
    let seat_key = match who {
        crate::api::Who::Seat(s) if s == seat => i64::from(s),
        crate::api::Who::Creator if i64::from(seat) == auth::CREATOR => auth::CREATOR,
        _ => return Err(ApiError::forbidden()),
    };
    bind_seat(&hub, &id, seat_key, &account.user).await?;
    Ok(Json(json!({"seat": seat, "name": account.user.name})))
}

/// Binds a seat (or the creator's role) to an account, refusing one another holds
/// and, at a table that requires it, a player below its minimum.
pub async fn bind_seat(hub: &Hub, id: &str, seat: i64, user: &User) -> Result<(), ApiError> {
    if seat != auth::CREATOR {
        ratings::check_requirements(hub, id, &user.id).await?;
        one_seat_when_rated(hub, id, seat, &user.id).await?;
    }
    let bound = hub
        .store
        .bind_seat(id, seat, &user.id, now_ms())
        .await
        .map_err(HubError::from)?;
    if !bound {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "held",
            "another account holds that seat",
        ));
    }
    Ok(())
}

/// At a rated table an account holds one seat: a player steering two seats would
/// rate a game they played against themselves.
async fn one_seat_when_rated(
    hub: &Hub,
    id: &str,
    seat: i64,
    user_id: &str,
) -> Result<(), ApiError> {
    let rated = hub.cell(id).await?.live.lock().await.meta.rated;
    if !rated {
        return Ok(());
    }
    let holders = hub.store.seat_holders(id).await.map_err(HubError::from)?;
    let other = holders
        .iter()
        .any(|(s, holder, _)| *s >= 0 && *s != seat && holder == user_id);
    if other {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "one_seat",
            "at a rated table an account holds one seat",
        ));
    }
    Ok(())
}

/// After a join or a creation by a signed-in player: the seat is theirs.
pub async fn bind_if_signed_in(
    hub: &Hub,
    account: &MaybeAccount,
    id: &str,
    seat: i64,
) -> Result<(), ApiError> {
    match &account.0 {
        Some(a) => bind_seat(hub, id, seat, &a.user).await,
        None => Ok(()),
    }
}

/// A player's profile: games per game (played, finished, won, left), finish rate,
/// and ratings.
async fn profile(
    State(hub): State<Arc<Hub>>,
    Params(name): Params<String>,
) -> Result<Json<Value>, ApiError> {
    let user = hub
        .store
        .user_by_name(&accounts::name_key(&name))
        .await
        .map_err(HubError::from)?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such player"))?;
    let held = hub
        .store
        .held_seats(&user.id, PROFILE_GAMES)
        .await
        .map_err(HubError::from)?;
    let games = ratings::records(&held);
    let player = ratings::user_player(&user.id);
    let rated = hub
        .store
        .player_ratings(&player)
        .await
        .map_err(HubError::from)?;
    Ok(Json(json!({
        "name": user.name,
        "created_ms": user.created_ms,
        "games": games,
        "finish_rate": ratings::finish_rate(&held),
        "ratings": rated.iter().map(ratings::rating_json).collect::<Vec<_>>(),
    })))
}

/// The most recent games a profile counts.
const PROFILE_GAMES: i64 = 2000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardQuery {
    #[serde(default)]
    limit: Option<i64>,
}

/// The best players of a scale ("burgundy", "burgundy.team", "catan",
/// "catan.cities_and_knights", "viscounts"), bots' levels among them.
async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    Params(scale): Params<String>,
    Q(q): Q<BoardQuery>,
) -> Result<Json<Value>, ApiError> {
    let limit = q.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::bad("limit is between 1 and 500"));
    }
    if !ratings::known_scale(&scale) {
        return Err(ApiError::bad(format!("no rating scale {scale:?}")));
    }
    let board = hub
        .store
        .leaderboard(&scale, limit)
        .await
        .map_err(HubError::from)?;
    let mut rows = Vec::with_capacity(board.len());
    for r in &board {
        let mut row = ratings::rating_json(r);
        row["name"] = json!(ratings::player_name(&hub, &r.player).await?);
        rows.push(row);
    }
    Ok(Json(json!({"scale": scale, "ratings": rows})))
}
