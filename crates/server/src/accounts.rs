//! Accounts (issue 42), optional: a name and a password (an Argon2id hash), sessions
//! in a secure, HTTP-only, same-site cookie, and the seats a signed-in player holds
//! across devices. Anonymous play by invite link stays as it is: a seat token still
//! acts for its seat, and a session cookie never does (it only hands this device a
//! token of its own for a seat the account holds, see `device_token`).

use crate::api::{printable, ApiError};
use crate::hub::{Hub, HubError};
use crate::now_ms;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use std::sync::Arc;
use tabuleiro_store::accounts::User;

/// The session cookie's name.
pub const COOKIE: &str = "tabuleiro_session";
/// How long a session lasts.
pub const SESSION_MS: i64 = 30 * 24 * 3600 * 1000;
/// A name: 3 to 24 letters, digits, `_`, `-` or `.`.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=24;
/// A password: 8 to 128 characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;
/// Wrong passwords per name in [`FAILURE_WINDOW_MS`] before that name's sign-ins
/// are refused until the window ends (whether or not the name has an account, so
/// the refusal says nothing of it).
pub const MAX_FAILURES: i64 = 10;
pub const FAILURE_WINDOW_MS: i64 = 15 * 60 * 1000;

/// The name as names are compared: two accounts cannot differ only in case.
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// Checks a new account's name, answering it trimmed.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, '_' | '-' | '.');
    if !NAME_CHARS.contains(&name.chars().count())
        || !name.chars().all(|c| allowed(c) && printable(c))
    {
        return Err(refused(
            "bad_name",
            "refusal.account.name",
            format!(
                "a name has {} to {} letters, digits, '_', '-' or '.'",
                NAME_CHARS.start(),
                NAME_CHARS.end()
            ),
        ));
    }
    Ok(name.to_string())
}

pub fn check_password(password: &str) -> Result<(), ApiError> {
    if PASSWORD_CHARS.contains(&password.chars().count()) {
        return Ok(());
    }
    Err(refused(
        "bad_password",
        "refusal.account.password",
        format!(
            "a password has {} to {} characters",
            PASSWORD_CHARS.start(),
            PASSWORD_CHARS.end()
        ),
    ))
}

/// A 400 with its catalogue key (the limits as arguments).
fn refused(code: &'static str, key: &str, text: String) -> ApiError {
    ApiError {
        reason: Some(
            tabuleiro_core::Message::new(key)
                .arg("min_name", *NAME_CHARS.start())
                .arg("max_name", *NAME_CHARS.end())
                .arg("min_password", *PASSWORD_CHARS.start())
                .arg("max_password", *PASSWORD_CHARS.end()),
        ),
        ..ApiError::new(StatusCode::BAD_REQUEST, code, text)
    }
}

/// The answer to a sign-in that failed, whatever the reason: the same words for an
/// unknown name and a wrong password (no user enumeration).
pub fn wrong_credentials() -> ApiError {
    ApiError {
        reason: Some(tabuleiro_core::Message::new("refusal.account.credentials")),
        ..ApiError::new(
            StatusCode::UNAUTHORIZED,
            "credentials",
            "wrong name or password",
        )
    }
}

pub fn signed_out() -> ApiError {
    ApiError {
        reason: Some(tabuleiro_core::Message::new("refusal.account.signed_out")),
        ..ApiError::new(
            StatusCode::UNAUTHORIZED,
            "signed_out",
            "sign in first (this needs the session of an account, not a seat token)",
        )
    }
}

/// Hashes a password off the async threads, a bounded number at once: an Argon2
/// hash takes tens of milliseconds and 19 MiB, so a flood of sign-ins queues
/// rather than exhausting the machine.
pub async fn hash_password(hub: &Hub, password: String) -> Result<String, ApiError> {
    let _slot = hub
        .hashing
        .acquire()
        .await
        .map_err(|e| internal(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await
    .map_err(|e| internal(e.to_string()))?
    .map_err(internal)
}

/// Whether `password` matches the stored hash. Without an account, a hash of the
/// same cost is checked anyway, so the answer's time says nothing of the name.
pub async fn verify_password(
    hub: &Hub,
    password: String,
    stored: Option<String>,
) -> Result<bool, ApiError> {
    let _slot = hub
        .hashing
        .acquire()
        .await
        .map_err(|e| internal(e.to_string()))?;
    let known = stored.is_some();
    let stored = stored.unwrap_or_else(|| DECOY.to_string());
    let ok = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored)
            .map(|h| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &h)
                    .is_ok()
            })
            .unwrap_or(false)
    })
    .await
    .map_err(|e| internal(e.to_string()))?;
    Ok(known && ok)
}

/// An Argon2id hash (default cost) of a password no one knows, for [`verify_password`].
const DECOY: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$dGFidWxlaXJvLWRlY295$0C3sq4ggH9FDAhPj8zO9V0l1bQ3lsw6FHbvXA3Vw6qU";

fn internal(e: String) -> ApiError {
    crate::api::internal(e)
}

/// A new session's secret (the cookie's value) and the hash to store.
pub fn new_session() -> Result<(String, String), ApiError> {
    let mut secret = [0u8; 24];
    getrandom::fill(&mut secret).map_err(|e| internal(e.to_string()))?;
    let token = format!("u.{}", crate::auth::hex(&secret));
    let hash = crate::auth::hash(&token);
    Ok((token, hash))
}

/// The `Set-Cookie` value that keeps a session (or, with `None`, ends it): HTTP-only
/// (no script reads it), same-site strict (no other site's page sends it), for the
/// whole site, and `Secure` when the server is reached over HTTPS.
pub fn cookie(hub: &Hub, session: Option<&str>) -> HeaderValue {
    let secure = hub
        .settings
        .public_urls
        .first()
        .is_some_and(|u| u.starts_with("https://"));
    let (value, age) = match session {
        Some(s) => (s, SESSION_MS / 1000),
        None => ("", 0),
    };
    let text = format!(
        "{COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={age}{}",
        if secure { "; Secure" } else { "" }
    );
    HeaderValue::from_str(&text).unwrap_or(HeaderValue::from_static(""))
}

/// The session secret a request's cookie carries, if any.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| v.starts_with("u.") && v.len() == 50)
}

/// A signed-in player: the account of the request's session cookie. Its
/// rejection is 401; a request from another site's page (an `Origin` this server is
/// not reached at) is refused 403, whatever the cookie's same-site rule did.
pub struct Account {
    pub user: User,
    /// The hash of the session's secret.
    pub session: String,
}

/// The account of the request, if it is signed in.
pub struct MaybeAccount(pub Option<Account>);

async fn account(parts: &Parts, hub: &Arc<Hub>) -> Result<Option<Account>, ApiError> {
    if let Some(origin) = parts.headers.get(header::ORIGIN) {
        let ours = origin
            .to_str()
            .ok()
            .and_then(crate::client::origin)
            .is_some_and(|o| hub.settings.public_urls.contains(&o));
        if !ours {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "origin",
                "this request comes from a page of another site",
            ));
        }
    }
    let Some(secret) = session_cookie(&parts.headers) else {
        return Ok(None);
    };
    let session = crate::auth::hash(&secret);
    let user = hub
        .store
        .session_user(&session, now_ms())
        .await
        .map_err(HubError::from)?;
    Ok(user.map(|user| Account { user, session }))
}

impl FromRequestParts<Arc<Hub>> for Account {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, ApiError> {
        account(parts, hub).await?.ok_or_else(signed_out)
    }
}

impl FromRequestParts<Arc<Hub>> for MaybeAccount {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, ApiError> {
        account(parts, hub).await.map(MaybeAccount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_and_a_few_marks_compared_without_case() {
        assert_eq!(check_name("  Ana_1 ").unwrap(), "Ana_1");
        assert_eq!(check_name("João.Silva").unwrap(), "João.Silva");
        for bad in ["ab", "a b c", "x\u{202E}yz", "<script>", &"n".repeat(25)] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(name_key("ANA"), name_key("ana"));
    }

    #[test]
    fn passwords_have_bounded_length() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"p".repeat(129)).is_err());
    }

    #[test]
    fn the_decoy_is_a_hash_of_the_default_cost() {
        let decoy = PasswordHash::new(DECOY).unwrap();
        assert_eq!(decoy.algorithm.as_str(), "argon2id");
        let params = argon2::Params::try_from(&decoy).unwrap();
        let default = argon2::Params::default();
        let cost = |p: &argon2::Params| (p.m_cost(), p.t_cost(), p.p_cost());
        assert_eq!(cost(&params), cost(&default));
    }

    #[test]
    fn the_session_cookie_is_read_among_others_and_only_in_its_shape() {
        let mut headers = HeaderMap::new();
        let secret = format!("u.{}", "a".repeat(48));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("x=1; {COOKIE}={secret}; y=2")).unwrap(),
        );
        assert_eq!(session_cookie(&headers), Some(secret));
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("tabuleiro_session=s1.abc"),
        );
        assert_eq!(session_cookie(&headers), None);
    }
}
