//! Viscounts' things in words of the chosen language: villagers and Plot cards by
//! name, manuscripts by ribbon and cost, spaces of the ring, items, icons and printed
//! effects, and the arguments of its messages. Provisional content (a reconstruction,
//! docs/viscounts/content.md) carries a `*`, which the table's legend explains.

use crate::words::Words;
use serde_json::Value;
use tabuleiro_core::{Message, Seat};
use tabuleiro_games::viscounts::board::{kind_of, pos_of, Kind};
use tabuleiro_games::viscounts::content::{Building, Content};
use tabuleiro_games::viscounts::effect::{Card, Effect, FlipTarget, Icon, Icons, Items, Ms, Res};
use tabuleiro_games::viscounts::main_action::Bill;

/// The mark of provisional content.
pub const STAR: &str = "*";

fn star(provisional: bool) -> &'static str {
    if provisional {
        STAR
    } else {
        ""
    }
}

/// A villager by its name in the catalogue, or a Plot card of the solo AI by its id.
pub fn card(w: &Words, c: Card) -> String {
    let content = Content::get();
    if Content::is_plot(c) {
        let plot = content.plot(c);
        return format!(
            "{} {}{}",
            w.t("tui.viscounts.plot"),
            plot.id,
            star(plot.provisional)
        );
    }
    let v = content.villager(c);
    let key = format!(
        "villager.{}",
        v.name.to_lowercase().replace([' ', '-'], "_")
    );
    let name = if w.catalog.has(&key) {
        w.t(&key)
    } else {
        v.name.clone()
    };
    format!("{name}{}", star(v.provisional))
}

/// A villager with its icons: "Abbot (Clergy)".
pub fn card_icons(w: &Words, c: Card) -> String {
    let icons = icons(w, Content::get().card_icons(c));
    if icons.is_empty() {
        card(w, c)
    } else {
        format!("{} ({icons})", card(w, c))
    }
}

/// "m12 grey 6": a manuscript by its id, ribbon and cost.
pub fn manuscript(w: &Words, m: Ms) -> String {
    let t = Content::get().manuscript(m);
    format!(
        "{}{} {} {}",
        t.id,
        star(t.provisional),
        w.t(&format!("ribbon.{}", ribbon_name(t.ribbon))),
        t.cost
    )
}

fn ribbon_name(r: tabuleiro_games::viscounts::content::Ribbon) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

pub fn building(w: &Words, b: Building) -> String {
    w.t(&format!("building.{}", b.name()))
}

/// A building's initial for the board's spots (the legend names them).
pub fn building_code(w: &Words, b: Building) -> String {
    w.t(&format!("tui.viscounts.code.{}", b.name()))
}

pub fn res(w: &Words, r: Res) -> String {
    w.t(&format!("res.{}", r.name()))
}

pub fn icon(w: &Words, i: Icon) -> String {
    let name = serde_json::to_value(i)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default();
    w.t(&format!("icon.{name}"))
}

/// "Merchant, 2 Noble", or "" for none.
pub fn icons(w: &Words, i: &Icons) -> String {
    let parts: Vec<String> = Icon::ALL
        .iter()
        .filter(|&&k| i.get(k) > 0)
        .map(|&k| match i.get(k) {
            1 => icon(w, k),
            n => format!("{n} {}", icon(w, k)),
        })
        .collect();
    parts.join(", ")
}

/// A board position (0-4) as the table numbers it, with its segment's letter.
pub fn position(w: &Words, order: &[u8; 5], pos: u8) -> String {
    let seg = tabuleiro_games::viscounts::board::segment_at(order, pos);
    format!(
        "{}{}",
        w.f("ui.segment", &[("n", &format!("{}{}", pos + 1, seg.id))]),
        star(seg.provisional)
    )
}

/// A space of the ring: "Segment 2B, outer left".
pub fn space(w: &Words, order: &[u8; 5], s: u8) -> String {
    format!("{}, {}", position(w, order, pos_of(s)), kind(w, s))
}

/// The kind of a space: outer left, outer right, inner.
pub fn kind(w: &Words, s: u8) -> String {
    let k = match kind_of(s) {
        Kind::OuterLeft => "outer_left",
        Kind::OuterRight => "outer_right",
        Kind::Inner => "inner",
    };
    w.t(&format!("tui.viscounts.space.{k}"))
}

/// Items gained: "+1 Ink, +2 Silver, +1 Virtue".
pub fn items(w: &Words, i: &Items) -> String {
    let named = [
        (i.silver, "item.silver"),
        (i.ink, "res.ink"),
        (i.gold, "res.gold"),
        (i.stone, "res.stone"),
        (i.any_resource, "item.any_resource"),
        (i.debt, "item.debt"),
        (i.deed, "item.deed"),
        (i.virtue, "item.virtue"),
        (i.corruption, "item.corruption"),
        (i.rearrange, "ui.rearrange"),
    ];
    let parts: Vec<String> = named
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, key)| format!("+{n} {}", w.t(key)))
        .collect();
    parts.join(", ")
}

/// A bill: "2 Silver, 1 Stone", or "" when nothing is paid.
pub fn bill(w: &Words, b: &Bill) -> String {
    let mut parts = Vec::new();
    if b.silver > 0 {
        parts.push(format!("{} {}", b.silver, w.t("item.silver")));
    }
    for r in Res::ALL {
        let n = b.res[r as usize];
        if n > 0 {
            parts.push(format!("{n} {}", res(w, r)));
        }
    }
    parts.join(", ")
}

fn flip(w: &Words, t: FlipTarget) -> String {
    let key = match t {
        FlipTarget::Debt => "tui.viscounts.flip_debt",
        FlipTarget::Deed => "tui.viscounts.flip_deed",
        FlipTarget::DebtOrDeed => "tui.viscounts.flip_either",
    };
    w.t(key)
}

/// Printed effects in words, joined by commas.
pub fn effects(w: &Words, es: &[Effect]) -> String {
    let parts: Vec<String> = es.iter().map(|e| effect(w, e)).collect();
    parts.join(", ")
}

/// One printed effect in words.
pub fn effect(w: &Words, e: &Effect) -> String {
    let n = |n: &u8| n.to_string();
    match e {
        Effect::Gain { items: i } => items(w, i),
        Effect::Flip { target, n: 1 } => flip(w, *target),
        Effect::Flip { target, n: k } => format!("{k}× {}", flip(w, *target)),
        Effect::Rearrange => w.t("ui.rearrange"),
        Effect::Discard { n: k } => format!("{} {}", w.t("ui.discard"), n(k)),
        Effect::Destroy { n: k } => format!("{} {}", w.t("ui.destroy"), n(k)),
        Effect::Shuffle => w.t("ui.reshuffle"),
        Effect::HireFree => w.t("ui.free_hire"),
        Effect::CastleMove => w.t("tui.viscounts.castle_move"),
        Effect::Choice { options } => {
            let opts: Vec<String> = options.iter().map(|o| effects(w, o)).collect();
            opts.join(&format!(" {} ", w.t("tui.viscounts.or")))
        }
        Effect::PayThen { cost, reward } => w.f(
            "tui.viscounts.pay_then",
            &[("cost", &costs(w, cost)), ("reward", &effects(w, reward))],
        ),
        Effect::Trigger { effects: es, .. } => effects(w, es),
        Effect::IconSubstitute { action, .. } => w.t(&format!("main.{}", action.name())),
        Effect::PlaceWorkers { n: k } => w.f("tui.viscounts.place_n", &[("n", &n(k))]),
        Effect::BuildFree { building: b } => w.f(
            "tui.viscounts.build_free",
            &[(
                "building",
                &Building::from_name(b).map_or(w.t("ui.buildings"), |b| building(w, b)),
            )],
        ),
        Effect::FreeManuscript { max_cost } => {
            w.f("tui.viscounts.free_ms", &[("n", &max_cost.to_string())])
        }
    }
}

/// A cost written as effects: gains read as payments ("2 Silver" rather than "+2").
fn costs(w: &Words, es: &[Effect]) -> String {
    effects(w, es).replace('+', "")
}

/// A seat in messages: its number from 1, or the solo AI.
pub fn seat_words(w: &Words, seat: Seat) -> String {
    if w.seats.len() == 1 && seat == 1 {
        w.t("ui.ai")
    } else {
        (seat + 1).to_string()
    }
}

/// The arguments of an event, a label or a refusal in words.
pub fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
    let num = |v: &Value| v.as_u64().unwrap_or(0) as u8;
    message
        .args
        .iter()
        .map(|(name, value)| {
            let text = match (name.as_str(), value) {
                ("seat" | "owner", Value::Number(_)) => seat_words(w, num(value)),
                ("card", Value::Number(_)) => card(w, Card(num(value))),
                ("ms", Value::Number(_)) => manuscript(w, Ms(num(value))),
                ("pos" | "section" | "pair" | "index", Value::Number(_)) => {
                    (num(value) + 1).to_string()
                }
                ("res", Value::String(r)) => w.t(&format!("res.{r}")),
                // A space of the ring by its segment's number and its path.
                ("to" | "space", Value::Number(_)) => {
                    format!("{} ({})", pos_of(num(value)) + 1, kind(w, num(value)))
                }
                // An option's effects, an exchange's cost and reward.
                ("effects" | "cost" | "reward", Value::Array(_)) => {
                    serde_json::from_value::<Vec<Effect>>(value.clone())
                        .map_or_else(|_| value.to_string(), |e| effects(w, &e))
                }
                ("main", Value::Object(o)) => o
                    .get("kind")
                    .and_then(Value::as_str)
                    .map_or_else(String::new, |k| w.t(&format!("main.{k}"))),
                _ => message.text(name).unwrap_or_default(),
            };
            (name.clone(), text)
        })
        .collect()
}
