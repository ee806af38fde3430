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
/// the proxy itself added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Client(pub IpAddr);

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
                return Ok(Client(ip));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(Client(peer.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))))
    }
}
