//! Catan (base game and Cities & Knights) in the terminal: its table (the board in
//! text, hands, points, dice, the trade on the table), the words of its click keys,
//! the menu's groups (build, trade, knights, cards, end the turn), trade offers and
//! counter-offers composed card by card, and the final scoring.
//!
//! The engine lists only samples of the trade offers it accepts (any cards are
//! valid); the menu composes offers and counter-offers of one to three cards given
//! for one or two asked, each checked by the engine before it is offered.

mod board;
mod panels;
mod words;

use crate::game::{Table, TuiGame};
use crate::words::Words;
use ratatui::layout::Rect;
use ratatui::Frame;
use serde_json::Value;
use tabuleiro_core::{Game, Message, Seat};
use tabuleiro_games::catan::cards::{Card, Cards, COMMODITIES, RESOURCES};
use tabuleiro_games::catan::ck::{CkContent, Progress, Track};
use tabuleiro_games::catan::{Action, Catan, Dev, Phase, View};
use tabuleiro_i18n::{Catalog, Lang};

/// Cards one side of a composed offer gives at most, and asks for at most.
const OFFER_GIVES: u32 = 3;
const OFFER_ASKS: u32 = 2;

impl TuiGame for Catan {
    fn catalog(lang: Lang) -> &'static Catalog {
        Catalog::for_game("catan", lang).unwrap_or_else(|| Catalog::shared(lang))
    }

    /// The board labels each intersection with two digits (`words::vertex`): a
    /// person types them to place a settlement, a city or a knight there.
    fn typed() -> Option<(&'static str, usize)> {
        Some(("vertex", 2))
    }

    /// "Turn 12 · trade and build".
    fn status(view: &View, w: &Words) -> String {
        let b = &view.position;
        let phase = serde_json::to_value(&b.phase)
            .ok()
            .and_then(|v| v.get("phase").and_then(Value::as_str).map(String::from))
            .unwrap_or_default();
        let phase = words::capital(&w.t(&format!("web.catan.phase.{phase}")));
        match b.phase {
            Phase::Setup | Phase::Place { .. } | Phase::Over => phase,
            _ => format!(
                "{} · {phase}",
                w.f("web.catan.turn", &[("n", &b.turn.to_string())])
            ),
        }
    }

    /// The board's 17 rows and the lines under it, more on a tall screen.
    fn table_height(height: u16) -> u16 {
        if height >= 44 {
            22
        } else {
            19
        }
    }

    /// On a short screen the board sits beside the menu and the log: its 17 rows
    /// leave them no room below.
    fn table_width(width: u16, height: u16) -> Option<u16> {
        (height < 34).then(|| {
            if width >= 120 {
                width - 48
            } else {
                width.saturating_sub(34).max(46)
            }
        })
    }

    fn draw(frame: &mut Frame, area: Rect, table: &Table<Self>) {
        panels::table(frame, area, table);
    }

    /// A turn's choices in groups: build (roads, settlements, cities, development
    /// cards, walls, improvements), trade, knights, cards to play; the turn's end
    /// apart. Other moments (setup, a discard, the robber) list their choices flat.
    fn group_at(&self, seat: Seat, before: &[String], key: &str) -> Option<String> {
        if !before.is_empty() || !matches!(self.phase, Phase::Main) || seat != self.current {
            return None;
        }
        let (kind, rest) = key.split_once(':').unwrap_or((key, ""));
        let group = match kind {
            "edge" => "build:road",
            "vertex" => {
                let own = rest
                    .parse::<u8>()
                    .is_ok_and(|v| self.players[seat as usize].settlements.contains(v));
                if own {
                    "build:city"
                } else {
                    "build:settlement"
                }
            }
            "buy" | "wall" | "improve" => "build",
            // `build:road` sits under `build`, itself at the top.
            "build" if !rest.is_empty() => "build",
            "build" => return None,
            "maritime" | "offer" => "trade",
            "dev" | "progress" => "cards",
            "recruit" | "activate" | "promote" | "move_knight" | "displace" | "chase" => "knights",
            _ => return None,
        };
        Some(group.into())
    }

    fn word(&self, seat: Seat, before: &[String], key: &str, w: &Words) -> String {
        let (kind, rest) = key.split_once(':').unwrap_or((key, ""));
        let num = rest.parse::<u8>().ok();
        match (kind, num) {
            ("build", None) if rest.is_empty() => w.t("ui.menu.build"),
            ("build", None) => words::capital(&w.t(&format!("piece.{rest}"))),
            ("trade", _) => w.t("ui.menu.trade"),
            ("cards", _) => w.t("ui.menu.cards"),
            ("knights", _) => w.t("ui.knights"),
            ("vertex", Some(v)) => self.vertex_words(seat, before, v, w),
            ("edge", Some(e)) => words::path(w, e),
            ("hex", Some(h)) => words::hex(w, self, h),
            ("seat", Some(s)) => self.seat_words(seat, s, w),
            ("card", _) => self.card_words(seat, before, rest, w),
            ("dev", _) => Dev::from_name(rest).map_or(key.into(), |d| words::dev(w, d)),
            ("progress", _) => {
                Progress::from_name(rest).map_or(key.into(), |p| words::progress(w, p))
            }
            ("track", _) => self.track_words(seat, before, rest, w),
            ("give" | "get", _) => {
                let n = before.iter().filter(|k| *k == key).count() + 1;
                let card = Card::from_name(rest).map_or(rest.into(), |c| words::card(w, c));
                w.f(
                    &format!("ui.menu.{kind}_n"),
                    &[("n", &n.to_string()), ("card", &card)],
                )
            }
            ("send", _) => self.offer_words(before, w),
            ("yellow", _) => format!("{} {rest}", w.t("web.catan.die.yellow")),
            ("red", _) => format!("{} {rest}", w.t("web.catan.die.red")),
            ("none", _) => w.t("web.catan.off_board"),
            (
                "maritime" | "offer" | "wall" | "improve" | "recruit" | "activate" | "promote"
                | "move_knight" | "displace" | "chase",
                _,
            ) => w.t(&format!("web.catan.key.{kind}")),
            ("counter", _) => w.t("ui.menu.counter"),
            ("buy", _) => w.t("action.catan.buy_development"),
            ("end", _) => w.t("action.catan.end_turn"),
            ("roll" | "accept" | "decline" | "withdraw" | "pass", _) => {
                w.t(&format!("action.catan.{kind}"))
            }
            _ => key.to_string(),
        }
    }

    fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
        words::args(w, message)
    }

    /// What a person might try at this moment of the turn, legal or not: buying,
    /// building on one's own places, the development cards, the improvements.
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        if seat != self.current || !matches!(self.phase, Phase::Main | Phase::BeforeRoll) {
            return Vec::new();
        }
        let p = &self.players[seat as usize];
        let mut out = vec![Action::Roll, Action::EndTurn];
        out.extend(p.settlements.iter().map(|vertex| Action::City { vertex }));
        out.extend(
            self.settlement_spots(seat)
                .iter()
                .map(|vertex| Action::Settle { vertex }),
        );
        match &self.ck {
            Some(_) => {
                out.extend(Track::ALL.map(|track| Action::Improve { track }));
                out.extend(p.cities.iter().map(|vertex| Action::Wall { vertex }));
            }
            None => out.extend([Action::BuyDevelopment, Action::Knight, Action::RoadBuilding]),
        }
        out
    }

    /// Rolling first, ending the turn last, the groups in between.
    fn order(&self, seat: Seat, action: &Action) -> u32 {
        let path = self.menu_path(seat, action);
        let first = path.first().map_or("", String::as_str);
        match self.group_at(seat, &[], first).as_deref().unwrap_or(first) {
            "roll" => 0,
            g if g.starts_with("build") => 10,
            "trade" => 20,
            "knights" => 30,
            "cards" => 40,
            "end" => 90,
            _ => 50,
        }
    }

    /// Offers (on one's turn) and counter-offers (to an offer) composed card by
    /// card, in place of the engine's few samples.
    fn menu_actions(&self, seat: Seat, actions: &mut Vec<Action>) {
        let counter = match self.phase {
            Phase::Main if seat == self.current => false,
            Phase::Offer { waiting, .. } if waiting.contains(seat) => true,
            _ => return,
        };
        actions.retain(|a| !matches!(a, Action::Offer { .. } | Action::Counter { .. }));
        let hand = self.players[seat as usize].hand;
        let kinds = kinds_in_play(self.ck.is_some());
        for give in bundles(&kinds, OFFER_GIVES, &hand) {
            let others: Vec<Card> = kinds
                .iter()
                .copied()
                .filter(|&k| give.get(k) == 0)
                .collect();
            for get in bundles(&others, OFFER_ASKS, &Cards([u8::MAX; 8])) {
                let a = if counter {
                    Action::Counter { give, get }
                } else {
                    Action::Offer { give, get }
                };
                if self.check(seat, &a).is_ok() {
                    actions.push(a);
                }
            }
        }
    }

    /// A composed offer ends with its sending, so that a shorter offer never stands
    /// where a longer one goes on.
    fn menu_path(&self, seat: Seat, action: &Action) -> Vec<String> {
        let mut path = tabuleiro_core::Present::path(self, seat, action);
        if matches!(action, Action::Offer { .. } | Action::Counter { .. }) {
            path.push("send".into());
        }
        path
    }

    /// Each seat's points by source, the winner first as the standings rank them.
    fn final_scoring(&self, w: &Words) -> Vec<String> {
        let view = self.view(None);
        (0..self.n() as Seat)
            .map(|seat| {
                let mut sources = panels::sources(w, &view, seat);
                let cards = self.players[seat as usize].vp_cards();
                if cards > 0 {
                    sources.push(panels::source_words(w, "vp_cards", cards));
                }
                w.f(
                    "ui.final_line",
                    &[
                        ("seat", &w.seat(seat)),
                        ("sources", &sources.join(" + ")),
                        ("points", &self.points(seat).to_string()),
                    ],
                )
            })
            .collect()
    }
}

/// The card kinds in play, in the table's order: commodities only with Cities & Knights.
fn kinds_in_play(cities_and_knights: bool) -> Vec<Card> {
    match cities_and_knights {
        true => RESOURCES.into_iter().chain(COMMODITIES).collect(),
        false => RESOURCES.to_vec(),
    }
}

/// Every bundle of 1 to `max` cards of `kinds`, none beyond `limit`, smallest first.
fn bundles(kinds: &[Card], max: u32, limit: &Cards) -> Vec<Cards> {
    let mut out = vec![Cards::NONE];
    let mut all = Vec::new();
    for _ in 0..max {
        let mut next = Vec::new();
        for b in &out {
            // Cards are added in kind order, so each bundle is built once.
            let last = kinds.iter().rposition(|&k| b.get(k) > 0).unwrap_or(0);
            for &k in &kinds[last..] {
                if b.get(k) < limit.get(k) {
                    let mut c = *b;
                    c.add(&Cards::of(k, 1));
                    next.push(c);
                }
            }
        }
        all.extend(next.iter().copied());
        out = next;
    }
    all
}

/// The words of the menu's keys that depend on the position.
trait Menus {
    fn vertex_words(&self, seat: Seat, before: &[String], v: u8, w: &Words) -> String;
    fn seat_words(&self, seat: Seat, other: Seat, w: &Words) -> String;
    fn card_words(&self, seat: Seat, before: &[String], name: &str, w: &Words) -> String;
    fn track_words(&self, seat: Seat, before: &[String], name: &str, w: &Words) -> String;
    fn offer_words(&self, before: &[String], w: &Words) -> String;
}

impl Menus for Catan {
    /// An intersection and what it touches; a knight there with its level.
    fn vertex_words(&self, _seat: Seat, _before: &[String], v: u8, w: &Words) -> String {
        let place = words::vertex(w, self, v);
        let knight = self.ck.as_ref().and_then(|ck| {
            ck.players
                .iter()
                .enumerate()
                .find_map(|(s, p)| p.knight_at(v).map(|k| (s as Seat, *k)))
        });
        match knight {
            Some((owner, k)) => {
                let key = if k.active {
                    "web.catan.knight_active"
                } else {
                    "web.catan.knight"
                };
                let level = k.level.to_string();
                format!(
                    "{place} · {} ({})",
                    w.f(key, &[("level", &level)]),
                    w.seat_short(owner)
                )
            }
            None => place,
        }
    }

    /// A seat to rob (with its hand's size), to trade with (on its terms), or to aim
    /// a card at.
    fn seat_words(&self, _seat: Seat, other: Seat, w: &Words) -> String {
        let name = w.seat_short(other);
        match &self.phase {
            Phase::Robber => w.f(
                "ui.menu.rob",
                &[
                    ("name", &name),
                    ("n", &self.players[other as usize].hand.total().to_string()),
                ],
            ),
            Phase::Choose {
                give,
                get,
                accepted,
                counters,
            } => {
                // The other seat's side: what it gives and what it gets.
                let (theirs, mine) = match counters[other as usize] {
                    Some(c) if !accepted.contains(other) => (c.give, c.get),
                    _ => (*get, *give),
                };
                w.f(
                    "ui.menu.on_terms",
                    &[
                        ("seat", &name),
                        ("give", &words::cards(w, &theirs)),
                        ("get", &words::cards(w, &mine)),
                    ],
                )
            }
            _ => name,
        }
    }

    /// A card: to discard (with how many are held), to give at the seat's rate or to
    /// get from the bank, or simply named.
    fn card_words(&self, seat: Seat, before: &[String], name: &str, w: &Words) -> String {
        let Some(c) = Card::from_name(name) else {
            return name.into();
        };
        let card = words::card(w, c);
        let held = self.players[seat as usize].hand.get(c).to_string();
        match before.first().map(String::as_str) {
            Some("maritime") if before.len() == 1 => w.f(
                "ui.menu.maritime_give",
                &[("rate", &self.rate(seat, c).to_string()), ("card", &card)],
            ),
            Some("maritime") => w.f("ui.menu.maritime_get", &[("card", &card)]),
            None if matches!(self.phase, Phase::Discard | Phase::Wedding)
                || matches!(self.phase, Phase::HarborAnswer { .. }) =>
            {
                w.f("ui.menu.held", &[("card", &card), ("n", &held)])
            }
            _ => card,
        }
    }

    /// A track: after "improve", its next level and price.
    fn track_words(&self, seat: Seat, before: &[String], name: &str, w: &Words) -> String {
        let Some(t) = Track::from_name(name) else {
            return name.into();
        };
        let word = words::track(w, t);
        let improving = before.last().is_some_and(|k| k == "improve");
        let Some(ck) = self.ck.as_ref().filter(|_| improving) else {
            return word;
        };
        let level = ck.players[seat as usize].improvements[t as usize] + 1;
        let cost = CkContent::get().improvement(t, level);
        w.f(
            "ui.menu.improve_track",
            &[
                ("track", &word),
                ("level", &level.to_string()),
                ("cost", &words::cards(w, &cost)),
            ],
        )
    }

    /// The offer the keys chosen compose, in words.
    fn offer_words(&self, before: &[String], w: &Words) -> String {
        let mut give = Cards::NONE;
        let mut get = Cards::NONE;
        for key in before {
            let (side, name) = key.split_once(':').unwrap_or((key, ""));
            if let Some(c) = Card::from_name(name) {
                match side {
                    "give" => give.add(&Cards::of(c, 1)),
                    "get" => get.add(&Cards::of(c, 1)),
                    _ => {}
                }
            }
        }
        let key = if before.first().is_some_and(|k| k == "counter") {
            "action.catan.counter"
        } else {
            "action.catan.offer"
        };
        w.f(
            key,
            &[
                ("give", &words::cards(w, &give)),
                ("get", &words::cards(w, &get)),
            ],
        )
    }
}

#[cfg(test)]
mod tests;
