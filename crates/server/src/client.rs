//! Who is on the other end of a connection: the client's address, for the limits
//! that hold per client (seats joined per game, request rates, connections).

use crate::api::ApiError;
use crate::hub::Hub;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;

/// The client's address: the connection's peer, or (with `--trust-forwarded-for`,
/// behind a reverse proxy that sets it) the last `X-Forwarded-For` entry, the one
/// the proxy itself added; as counted by [`counted`] (an IPv6 client by its /64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

/// The address a client counts as for the limits per client: IPv4 as is, an
/// IPv4-mapped IPv6 address as the IPv4 one, and any other IPv6 address as its /64
/// network (one subscriber's share: a client with a /64 can use 2^64 addresses, so
/// limits per full address would not hold it).
pub fn counted(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
        v4 => v4,
    }
}

impl FromRequestParts<Arc<Hub>> for Client {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, ApiError> {
        if hub.settings.trust_forwarded {
            let forwarded = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.rsplit(',').next())
                .and_then(|v| v.trim().parse().ok());
            if let Some(ip) = forwarded {
                return Ok(Client(counted(ip)));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(Client(counted(
            peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)),
        )))
    }
}

/// The origin (`scheme://host[:port]`, lower case, without the scheme's default
/// port) of an `http`/`https` URL with no path beyond `/`; `None` for anything else.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return None,
    };
    let authority = rest.strip_suffix('/').unwrap_or(rest).to_ascii_lowercase();
    let bad = |c: char| c.is_whitespace() || "/?#@\\".contains(c);
    if authority.is_empty() || authority.contains(bad) {
        return None;
    }
    let authority = authority.strip_suffix(default_port).unwrap_or(&authority);
    Some(format!("{scheme}://{authority}"))
}

/// The public URLs a server answers to when none are configured: its listen
/// address, and `localhost` too when that is a loopback address.
pub fn default_public_urls(addr: SocketAddr) -> Vec<String> {
    let mut urls = vec![format!("http://{addr}")];
    if addr.ip().is_loopback() {
        urls.push(format!("http://localhost:{}", addr.port()));
    }
    urls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_count_by_their_64_network() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        assert_eq!(counted(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            counted(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")),
            counted(ip("2001:db8:1:2::7"))
        );
        assert_ne!(
            counted(ip("2001:db8:1:3::1")),
            counted(ip("2001:db8:1:2::1"))
        );
        assert_eq!(counted(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(counted(ip("192.0.2.7")), ip("192.0.2.7"));
    }

    #[test]
    fn origins_are_normalised_and_only_http_ones_count() {
        assert_eq!(
            origin("HTTPS://Play.Example:443/").as_deref(),
            Some("https://play.example")
        );
        assert_eq!(
            origin("http://127.0.0.1:8080").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        for bad in [
            "ftp://x",
            "http://",
            "http://a/b",
            "http://a?x",
            "https://u@h",
            "null",
            "",
        ] {
            assert_eq!(origin(bad), None, "{bad:?}");
        }
    }
}
