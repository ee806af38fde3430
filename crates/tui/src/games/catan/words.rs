//! Catan's things in words of the chosen language: cards, hands, hexes, places on the
//! board (an intersection by its number and what it touches, a path by its two ends),
//! and the arguments of its messages.

use crate::words::Words;
use serde_json::Value;
use tabuleiro_core::{Message, Seat};
use tabuleiro_games::catan::ck::{EventFace, Progress, Track};
use tabuleiro_games::catan::content::Terrain;
use tabuleiro_games::catan::geometry::{Edge, Geometry, Hex, Vertex};
use tabuleiro_games::catan::{Card, Cards, Catan, Dev};

pub fn card(w: &Words, c: Card) -> String {
    w.t(&format!("card.{}", c.name()))
}

pub fn dev(w: &Words, d: Dev) -> String {
    w.t(&format!("dev.{}", d.name()))
}

pub fn progress(w: &Words, p: Progress) -> String {
    w.t(&format!("progress.{}", p.name()))
}

pub fn track(w: &Words, t: Track) -> String {
    w.t(&format!("track.{}", t.name()))
}

pub fn terrain(w: &Words, t: Terrain) -> String {
    w.t(&format!("terrain.{}", t.name()))
}

/// Two letters per terrain for the compact board (the legend is the colours).
pub fn terrain_code(w: &Words, t: Terrain) -> String {
    w.t(&format!("ui.terrain_code.{}", t.name()))
}

/// "2 brick, 1 wool", or "-" for no cards.
pub fn cards(w: &Words, cs: &Cards) -> String {
    if cs.is_empty() {
        return "-".into();
    }
    let parts: Vec<String> = cs
        .kinds()
        .map(|k| format!("{} {}", cs.get(k), card(w, k)))
        .collect();
    parts.join(", ")
}

/// A path by its two ends, as the board labels intersections: "path 12-17".
pub fn path(w: &Words, e: Edge) -> String {
    let [a, b] = Geometry::get().edge_vertices[e as usize];
    w.f(
        "ui.menu.path",
        &[("a", &format!("{a:02}")), ("b", &format!("{b:02}"))],
    )
}

/// "hex 7: forest 8".
pub fn hex(w: &Words, b: &Catan, h: Hex) -> String {
    let n = b.board.numbers[h as usize];
    w.f(
        "ui.menu.hex",
        &[
            ("n", &h.to_string()),
            ("terrain", &terrain(w, b.board.terrain[h as usize])),
            (
                "number",
                &if n == 0 { String::new() } else { n.to_string() },
            ),
        ],
    )
}

/// An intersection by its label and the hexes it touches: "12 · forest 8, hills 5".
pub fn vertex(w: &Words, b: &Catan, v: Vertex) -> String {
    let g = Geometry::get();
    let around: Vec<String> = g.vertex_hexes[v as usize]
        .iter()
        .map(|h| {
            let n = b.board.numbers[h as usize];
            let t = terrain(w, b.board.terrain[h as usize]);
            if n == 0 {
                t
            } else {
                format!("{t} {n}")
            }
        })
        .collect();
    format!("{v:02} · {}", around.join(", "))
}

/// The die faces and their sum: "3 + 4 = 7".
pub fn dice(d: [u8; 2]) -> String {
    format!("{} + {} = {}", d[0], d[1], d[0] + d[1])
}

pub fn face(w: &Words, f: EventFace) -> String {
    match f {
        EventFace::Ship => w.t("face.ship"),
        EventFace::Castle(t) => w.f("web.catan.gate", &[("track", &track(w, t))]),
    }
}

/// Whether argument `name` of message `key` names a seat (`to` and `from` name
/// intersections in the knights' messages, seats in the others).
fn names_seat(key: &str, name: &str) -> bool {
    match name {
        "seat" | "thief" | "victim" | "with" => true,
        "to" | "from" => ["award_moved", "metropolis_moved", ".gave"]
            .iter()
            .any(|k| key.ends_with(k)),
        _ => false,
    }
}

/// A card named in a message: a resource or commodity, a development card (events
/// of development cards) or a progress card (events and decisions of progress cards).
fn card_named(w: &Words, key: &str, name: &str) -> String {
    let as_dev = key.contains("development");
    let as_progress = key.contains("progress") || key.contains("point_card");
    if as_progress {
        if let Some(p) = Progress::from_name(name) {
            return progress(w, p);
        }
    }
    if as_dev {
        if let Some(d) = Dev::from_name(name) {
            return dev(w, d);
        }
    }
    // Refusals name any kind of card under `card`.
    Card::from_name(name)
        .map(|c| card(w, c))
        .or_else(|| Dev::from_name(name).map(|d| dev(w, d)))
        .or_else(|| Progress::from_name(name).map(|p| progress(w, p)))
        .unwrap_or_else(|| name.to_string())
}

/// The arguments of an event, a label or a refusal in words: seats by name, cards,
/// hands, places and dice in the language of the screen.
pub fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
    let key = message.key.as_str();
    let mut out = Vec::new();
    for (name, value) in &message.args {
        let text = match (name.as_str(), value) {
            (n, Value::Number(s)) if names_seat(key, n) => s
                .as_u64()
                .map_or_else(|| s.to_string(), |s| w.seat_short(s as Seat)),
            (n, Value::Null) if names_seat(key, n) => w.t("web.catan.nobody"),
            ("card" | "kind", Value::String(s)) => card_named(w, key, s),
            ("card", Value::Null) => w.t("web.catan.hidden_card"),
            ("first" | "second" | "get" | "give", Value::String(s)) => card_named(w, key, s),
            ("cards" | "give" | "get", Value::Object(_)) => {
                serde_json::from_value::<Cards>(value.clone())
                    .map_or_else(|_| value.to_string(), |c| cards(w, &c))
            }
            ("edge", Value::Number(e)) => path(w, e.as_u64().unwrap_or(0) as Edge),
            ("vertex" | "to" | "from" | "first" | "second", Value::Number(v)) => {
                format!("{:02}", v.as_u64().unwrap_or(0))
            }
            ("to" | "second", Value::Null) => w.t("web.catan.off_board"),
            ("dice", Value::Array(d)) => {
                let d: Vec<u8> = d.iter().map(|x| x.as_u64().unwrap_or(0) as u8).collect();
                dice([
                    d.first().copied().unwrap_or(0),
                    d.get(1).copied().unwrap_or(0),
                ])
            }
            ("face", f) => serde_json::from_value::<EventFace>(f.clone())
                .map_or_else(|_| f.to_string(), |f| face(w, f)),
            ("track", Value::String(t)) => {
                Track::from_name(t).map_or_else(|| t.clone(), |t| track(w, t))
            }
            ("award", Value::String(a)) => w.t(&format!("award.{a}")),
            // A progress card played: the card's name (`Play` is tagged by `card`).
            ("play", Value::Object(play)) => match play.get("card") {
                Some(Value::String(c)) => card_named(w, "progress", c),
                _ => value.to_string(),
            },
            _ => message.text(name).unwrap_or_default(),
        };
        out.push((name.clone(), text));
    }
    out
}

/// A word with its first letter in capitals (the catalogues write pieces in lower case).
pub fn capital(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
