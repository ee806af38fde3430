//! Seat tokens: random secrets handed out once, stored only as SHA-256 hashes.
//! A token names its seat ("s2.<secret>"; the creator's is "c.<secret>"), so
//! checking one is a single lookup and a comparison of hashes. A signed-in player's
//! device gets tokens of its own for the seats their account holds ("a2.<secret>",
//! the creator's "ac.<secret>"), which die with the device's session.

use sha2::{Digest, Sha256};

/// The creator's pseudo-seat in the store.
pub const CREATOR: i64 = -1;

/// A new token for `seat` (or the creator) and the hash to store.
pub fn new_token(seat: i64) -> Result<(String, String), String> {
    token_with(seat, "s", "c")
}

/// A new device token (see the module's comment) and the hash to store.
pub fn new_device_token(seat: i64) -> Result<(String, String), String> {
    token_with(seat, "a", "ac")
}

/// Whether a token is a device's (its seat's account checked with it).
pub fn is_device(token: &str) -> bool {
    token.starts_with('a')
}

fn token_with(seat: i64, seats: &str, creator: &str) -> Result<(String, String), String> {
    let mut secret = [0u8; 24];
    getrandom::fill(&mut secret).map_err(|e| format!("no randomness for a token: {e}"))?;
    let prefix = if seat == CREATOR {
        creator.to_string()
    } else {
        format!("{seats}{seat}")
    };
    let token = format!("{prefix}.{}", hex(&secret));
    let hash = hash(&token);
    Ok((token, hash))
}

pub fn hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The seat a token claims to be for (the creator as [`CREATOR`]); `None` when it
/// is not a token's shape at all.
pub fn claimed_seat(token: &str) -> Option<i64> {
    let (prefix, secret) = token.split_once('.')?;
    if secret.len() != 48 || !secret.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    match prefix {
        "c" | "ac" => Some(CREATOR),
        p => p
            .strip_prefix('s')
            .or_else(|| p.strip_prefix('a'))?
            .parse::<u8>()
            .ok()
            .map(i64::from),
    }
}

/// Compares two hashes without stopping at the first difference.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_names_its_seat_and_only_its_hash_is_kept() {
        let (token, stored) = new_token(2).unwrap();
        assert_eq!(claimed_seat(&token), Some(2));
        assert!(same(&hash(&token), &stored));
        assert!(!stored.contains(token.split_once('.').unwrap().1));
        let (creator, _) = new_token(CREATOR).unwrap();
        assert_eq!(claimed_seat(&creator), Some(CREATOR));
        assert_ne!(new_token(2).unwrap().0, token);
        let (device, _) = new_device_token(2).unwrap();
        assert!(is_device(&device) && !is_device(&token));
        assert_eq!(claimed_seat(&device), Some(2));
        assert_eq!(
            claimed_seat(&new_device_token(CREATOR).unwrap().0),
            Some(CREATOR)
        );
    }

    #[test]
    fn malformed_tokens_claim_nothing() {
        for bad in [
            "", "s1", "s1.", "x1.00", "s1.zz", "s999.0", "s-1.abc", "a.00", "u.00",
        ] {
            assert_eq!(claimed_seat(bad), None, "{bad:?}");
        }
        assert!(!same("ab", "abc"));
    }
}
