//! The push a live follower receives (`{"type": "state", ...}`): the game as its
//! audience sees it (one seat, or the spectators) with the events since the
//! follower's last push. It is rendered once per game version, audience and `since`,
//! and the same text goes to every follower of that audience: a game followed by
//! many does not render its view, offers and events again for each.

use crate::api::{game_json, Who};
use crate::live::{LiveGame, SeatKind};
use axum::extract::ws::Utf8Bytes;
use serde_json::json;
use tabuleiro_core::Seat;

/// Renders kept at most for one version: one per seat and one for the spectators,
/// with room for followers that ask from another `since` (a reconnection).
const KEPT: usize = 16;

/// Who is pushed to (a seat, or `None`: the spectators) and from which log index.
type Key = (Option<Seat>, i64);

/// The pushes rendered for one version of a game. Only that version's: a new
/// version empties it, and a game rebuilt from the store starts with none.
#[derive(Default)]
pub struct Renders {
    version: i64,
    kept: Vec<(Key, Utf8Bytes)>,
    /// When the first of `kept` was rendered.
    since: Option<std::time::Instant>,
}

/// How long a clocked game's push is shared: it carries the server's time, from
/// which a follower counts the running clocks down.
const CLOCK_FRESH: std::time::Duration = std::time::Duration::from_secs(1);

impl Renders {
    fn get(&self, version: i64, key: Key) -> Option<Utf8Bytes> {
        if self.version != version {
            return None;
        }
        let (_, text) = self.kept.iter().find(|(k, _)| *k == key)?;
        Some(text.clone())
    }

    fn keep(&mut self, version: i64, key: Key, text: Utf8Bytes) {
        if self.version != version {
            self.kept.clear();
            self.version = version;
        }
        if self.kept.is_empty() {
            self.since = Some(std::time::Instant::now());
        }
        if self.kept.len() < KEPT {
            self.kept.push((key, text));
        }
    }
}

/// Who a follower is pushed to as: a seat a bot took over is followed as a
/// spectator from then on (its old token must not see the bot's offers).
fn audience(live: &LiveGame, who: Who) -> Who {
    let held = who.seat().is_none_or(|s| {
        live.seats
            .get(s as usize)
            .is_some_and(|s| s.kind == SeatKind::Human)
    });
    if held {
        who
    } else {
        Who::Spectator
    }
}

/// The push to `who` of the game as it is now, with the events since `since`.
/// With `shared` (the game has other followers) the text is kept for the others of
/// the same audience; a game followed once keeps nothing.
pub fn push(live: &mut LiveGame, who: Who, since: i64, shared: bool) -> Utf8Bytes {
    let who = audience(live, who);
    let key = (who.seat(), since);
    let aged = live
        .renders
        .since
        .is_some_and(|s| s.elapsed() > CLOCK_FRESH);
    if live.clocks.is_some() && aged {
        live.renders.kept.clear();
    }
    if let Some(text) = live.renders.get(live.version, key) {
        return text;
    }
    let text = Utf8Bytes::from(render(live, who, since));
    if shared {
        live.renders.keep(live.version, key, text.clone());
    }
    text
}

fn render(live: &LiveGame, who: Who, since: i64) -> String {
    let mut m = game_json(live, who);
    m["type"] = json!("state");
    m["events"] = json!(live.events_for(who.seat(), since));
    // The log entries taken back since the last push: the client drops their
    // events (an undo is pushed as a rewind, not as a new history).
    m["undone"] = json!(live.undone_since(since));
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::live::{Command, Meta, SeatSpec};
    use serde_json::Value;

    /// A trade game (hidden hands) between two people, its cards dealt.
    fn trade() -> LiveGame {
        let person = SeatSpec {
            kind: SeatKind::Human,
            name: "Ana".into(),
            bot: None,
        };
        let meta = Meta {
            game: "trade".into(),
            options: Value::Null,
            seed: 7,
            seed_chosen: false,
            engine_version: "test".into(),
            rules_version: None,
            seats: vec![person.clone(), person],
            ..Meta::default()
        };
        LiveGame::create("g".into(), meta).unwrap().0
    }

    fn parsed(text: &Utf8Bytes) -> Value {
        serde_json::from_str(text.as_str()).unwrap()
    }

    /// What `push` shows of the hands: in the view, and in the events that deal them.
    fn hands(push: &Value) -> Vec<Value> {
        let mut shown: Vec<Value> = push["view"]["hands"].as_array().unwrap().clone();
        let events = push["events"].as_array().unwrap();
        shown.extend(events.iter().map(|e| e["event"]["cards"].clone()));
        shown
    }

    #[test]
    fn spectators_share_one_rendering_and_a_seat_gets_its_own() {
        let mut live = trade();
        let since = 0;
        let one = push(&mut live, Who::Spectator, since, true);
        let other = push(&mut live, Who::Spectator, since, true);
        assert_eq!(one, other);
        assert_eq!(one.as_ptr(), other.as_ptr(), "rendered once, sent twice");
        let seat = push(&mut live, Who::Seat(0), since, true);
        assert_ne!(seat, one);
        assert_eq!(
            seat.as_ptr(),
            push(&mut live, Who::Seat(0), since, true).as_ptr()
        );
        // The creator (not a seat) sees what spectators see.
        assert_eq!(
            push(&mut live, Who::Creator, since, true).as_ptr(),
            one.as_ptr()
        );
        let (seat, spectator) = (parsed(&seat), parsed(&one));
        assert!(
            hands(&seat).iter().any(|h| !h.is_null()),
            "the seat sees its hand"
        );
        assert!(hands(&spectator).iter().all(Value::is_null), "{spectator}");
        assert_eq!(spectator["seat"], Value::Null);
        assert!(spectator["offers"].as_array().unwrap().is_empty());
        // Seat 0 opens the game: its offers are its own.
        assert_eq!(seat["to_act"], json!([0]));
        assert!(!seat["offers"].as_array().unwrap().is_empty());
    }

    #[test]
    fn a_new_version_renders_again_and_a_seat_taken_by_a_bot_is_followed_as_a_spectator() {
        let mut live = trade();
        let before = push(&mut live, Who::Spectator, 0, true);
        let bot = Command::Bot {
            seat: 0,
            bot: "random".into(),
        };
        live.apply(&bot).unwrap();
        let after = push(&mut live, Who::Spectator, 0, true);
        assert_ne!(after, before, "not the old version's push");
        assert_eq!(parsed(&after)["version"], json!(live.version));
        let old_seat = push(&mut live, Who::Seat(0), 0, true);
        assert_eq!(old_seat.as_ptr(), after.as_ptr());
        assert!(hands(&parsed(&old_seat)).iter().all(Value::is_null));
    }

    #[test]
    fn a_game_followed_once_keeps_nothing() {
        let mut live = trade();
        let one = push(&mut live, Who::Seat(1), 0, false);
        let again = push(&mut live, Who::Seat(1), 0, false);
        assert_eq!(one, again);
        assert_ne!(one.as_ptr(), again.as_ptr());
    }
}
