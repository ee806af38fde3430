//! Burgundy's things in words of the chosen language: tiles, colours, depots,
//! scoring reasons, and the arguments of its messages.

use crate::words::Words;
use serde_json::Value;
use tabuleiro_core::{Message, Seat};
use tabuleiro_games::burgundy::action::BLACK;
use tabuleiro_games::burgundy::{Colour, ScoreReason, Tile};

pub fn colour(w: &Words, c: Colour) -> String {
    w.t(&format!("colour.{}", c.name()))
}

pub fn tile(w: &Words, t: Tile) -> String {
    match t {
        Tile::Castle | Tile::Mine | Tile::Ship => w.t(&format!("tile.{t}")),
        Tile::Building(b) => w.t(&format!("tile.{}", b.name())),
        Tile::Livestock { animal, count } => w.f(
            "tile.livestock",
            &[
                ("count", &count.to_string()),
                ("animal", &w.t(&format!("animal.{}", animal.name()))),
            ],
        ),
        Tile::Knowledge(n) => w.f("tile.knowledge", &[("n", &n.to_string())]),
    }
}

pub fn depot(w: &Words, depot: u8) -> String {
    if depot == BLACK {
        w.t("ui.black_depot")
    } else {
        w.f("ui.depot", &[("n", &depot.to_string())])
    }
}

pub fn reason(w: &Words, why: &ScoreReason) -> String {
    let n = |v: &dyn ToString| v.to_string();
    match *why {
        ScoreReason::Area {
            colour: c,
            size,
            phase_bonus,
        } => w.f(
            "reason.area",
            &[
                ("colour", &colour(w, c)),
                ("size", &n(&size)),
                ("bonus", &n(&phase_bonus)),
            ],
        ),
        ScoreReason::ColourBonus { colour: c, .. } => {
            w.f("reason.colour-bonus", &[("colour", &colour(w, c))])
        }
        ScoreReason::BonusDoubled { colour: c } => {
            w.f("reason.bonus-doubled", &[("colour", &colour(w, c))])
        }
        ScoreReason::Sale { count } => w.f("reason.sale", &[("count", &n(&count))]),
        ScoreReason::Knowledge { number } => w.f("reason.knowledge", &[("number", &n(&number))]),
        ScoreReason::Livestock => w.t("reason.livestock"),
        ScoreReason::Watchtower => w.t("reason.watchtower"),
        ScoreReason::UnsoldGoods => w.t("reason.unsold-goods"),
        ScoreReason::Silver => w.t("reason.silver"),
        ScoreReason::Workers => w.t("reason.workers"),
        ScoreReason::TradingPostLink { link } => {
            w.f("reason.trading-post-link", &[("link", &n(&link))])
        }
        ScoreReason::TradingPostBonus { .. } => w.t("reason.trading-post-bonus"),
        ScoreReason::Shield { shield } => w.f("reason.shield", &[("shield", &n(&shield))]),
        ScoreReason::MonasteriesDoubled => w.t("reason.monasteries-doubled"),
        ScoreReason::SharedKnowledge { number } => {
            w.f("reason.shared-knowledge", &[("number", &n(&number))])
        }
        ScoreReason::TradeRoute { space } => w.f("reason.trade-route", &[("space", &n(&space))]),
        ScoreReason::Vines { vine, size } => w.f(
            "reason.vines",
            &[("vine", &vine.to_string()), ("size", &n(&size))],
        ),
        ScoreReason::VineyardBonus => w.t("reason.vineyard-bonus"),
    }
}

/// Goods held per type as "2×3 1×5".
pub fn goods_counts(g: &[u8]) -> String {
    let held: Vec<String> = (0..g.len())
        .filter(|&t| g[t] > 0)
        .map(|t| format!("{}×{}", g[t], t + 1))
        .collect();
    held.join(" ")
}

/// The arguments of an event, a label or a refusal in words: seats by name, tiles,
/// depots and scoring reasons in the language of the screen. The first catalogues
/// name the game's starting seat and the winner `{seat}`, so those are added.
pub fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for (name, value) in &message.args {
        let text = match (name.as_str(), value) {
            // A refusal names the seat on turn as `turn`.
            // Shield 6 names the player whose monasteries it shares as `owner`.
            ("seat" | "start_player" | "turn" | "owner", Value::Number(n)) => n
                .as_u64()
                .map_or_else(|| n.to_string(), |s| w.seat_short(s as Seat)),
            ("tile", Value::String(t)) => t.parse().map_or_else(|_| t.clone(), |t| tile(w, t)),
            ("animal", Value::String(a)) => w.t(&format!("animal.{a}")),
            // The solo game's `first N` names the decision it brings, a message of its
            // own whose arguments are the label's.
            ("what", Value::String(key)) => {
                let mut inner = message.clone();
                inner.key = key.clone();
                inner.args.remove("what");
                let inner_args = args(w, &inner);
                let pairs: Vec<(&str, &str)> = inner_args
                    .iter()
                    .map(|(k, v)| (k.as_str(), v.as_str()))
                    .collect();
                w.f(key, &pairs)
            }
            // A purchase names its depot in words (the black one has no number).
            ("depot", Value::Number(n)) if message.key.contains("bought") => {
                depot(w, n.as_u64().unwrap_or(0) as u8)
            }
            ("why", reason_json) => serde_json::from_value::<ScoreReason>(reason_json.clone())
                .map_or_else(
                    |_| message.text(name).unwrap_or_default(),
                    |r| reason(w, &r),
                ),
            ("goods", Value::Array(counts)) => {
                let counts: Vec<u8> = counts
                    .iter()
                    .map(|c| c.as_u64().unwrap_or(0) as u8)
                    .collect();
                goods_counts(&counts)
            }
            _ => message.text(name).unwrap_or_default(),
        };
        out.push((name.clone(), text));
    }
    let first = |name: &str| message.args.get(name).cloned();
    let seat = match (first("start_player"), first("ranking")) {
        (Some(s), _) => Some(s),
        (None, Some(Value::Array(ranking))) => ranking.first().cloned(),
        _ => None,
    };
    if let Some(Value::Number(n)) = seat {
        if let Some(s) = n.as_u64() {
            out.push(("seat".into(), w.seat_short(s as Seat)));
        }
    }
    out
}

/// A glyph per colour for the compact maps, the same in every language (the legend
/// names them): red castles, beige buildings, green pastures, blue water, yellow
/// monasteries, grey mines (seed 000, "Componentes").
pub fn glyph(c: Colour) -> char {
    match c {
        Colour::Castle => '#',
        Colour::Building => '^',
        Colour::Pasture => '"',
        Colour::Water => '~',
        Colour::Knowledge => '+',
        Colour::Mine => '%',
    }
}

/// A tile in at most three characters: its colour's glyph and what tells tiles of
/// that colour apart (the monastery's number, the animals' count, the building's
/// initial in the language of the screen).
pub fn tile_code(w: &Words, t: Tile) -> String {
    let g = glyph(t.colour());
    match t {
        Tile::Knowledge(n) => format!("{g}{n}"),
        Tile::Livestock { count, .. } => format!("{g}{count}"),
        Tile::Building(_) => {
            let initial = tile(w, t).chars().next().unwrap_or('?');
            format!("{g}{}", initial.to_uppercase())
        }
        _ => g.to_string(),
    }
}
