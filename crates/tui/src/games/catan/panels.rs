//! Catan's table from one seat's view (never from the full state): the board, and
//! beside or below it the viewer's hand and cards, the other players as counts,
//! points with their sources, the dice, the trade on the table and, with Cities &
//! Knights, commodities, city improvements, progress cards and the barbarians.

use super::board::{self, card_style, seat_colour, Lit};
use super::words;
use crate::game::Table;
use crate::words::Words;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;
use tabuleiro_core::Seat;
use tabuleiro_games::catan::ck::{CkContent, EventFace, Track};
use tabuleiro_games::catan::{Catan, Dev, Devs, Event, Phase, PointSource, Table as Shown, View};

/// Columns the panel beside the board needs at least.
const PANEL: u16 = 24;

pub fn table(frame: &mut Frame, area: Rect, t: &Table<Catan>) {
    let sx = if area.width >= board::width(4) + PANEL {
        4
    } else {
        3
    };
    let bw = board::width(sx).min(area.width);
    let bh = (board::ROWS as u16).min(area.height);
    let lit = Lit::of(t.lit);
    let b = &t.view.position;
    frame.render_widget(
        Paragraph::new(board::lines(b, t.words, &lit, sx)),
        Rect::new(area.x, area.y, bw, bh),
    );
    let side = Rect::new(
        area.x + bw + 1,
        area.y,
        area.width.saturating_sub(bw + 1),
        area.height,
    );
    let below = Rect::new(
        area.x,
        area.y + bh,
        area.width,
        area.height.saturating_sub(bh),
    );
    if side.width >= PANEL {
        // Room beside the board: everything there, the legend under the board.
        // Lines longer than the panel break between words, not inside one.
        let info = Paragraph::new(info(t, side.width as usize, true)).wrap(Wrap { trim: false });
        frame.render_widget(info, side);
        frame.render_widget(Paragraph::new(legend(t.words)), below);
    } else {
        // A narrow strip beside the board for the short facts, the rest below.
        let wrapped = Wrap { trim: false };
        frame.render_widget(
            Paragraph::new(strip(t, side.width as usize)).wrap(wrapped),
            side,
        );
        let info = Paragraph::new(info(t, below.width as usize, false)).wrap(wrapped);
        frame.render_widget(info, below);
    }
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn dim() -> Style {
    Style::default().add_modifier(Modifier::DIM)
}

/// The last roll the viewer saw: the dice (red and yellow in Cities & Knights, the
/// yellow first as the engine gives them) and the event die.
fn last_roll(seen: &[Event]) -> Option<([u8; 2], Option<EventFace>)> {
    let at = seen
        .iter()
        .rposition(|e| matches!(e, Event::Rolled { .. }))?;
    let Event::Rolled { dice, .. } = seen[at] else {
        return None;
    };
    let face = seen[at..].iter().find_map(|e| match e {
        Event::EventRolled { face, .. } => Some(*face),
        _ => None,
    });
    Some((dice, face))
}

fn dice_spans(w: &Words, b: &Shown, seen: &[Event]) -> Vec<Span<'static>> {
    let Some((dice, face)) = last_roll(seen) else {
        return vec![Span::raw(format!("{}: -", w.t("ui.dice")))];
    };
    let mut spans = vec![Span::raw(format!("{} ", w.t("ui.dice")))];
    if b.ck.is_some() {
        let yellow = Style::default().bg(Color::Yellow).fg(Color::Black);
        let red = Style::default().bg(Color::Red).fg(Color::White);
        spans.push(Span::styled(format!(" {} ", dice[0]), yellow));
        spans.push(Span::styled(format!(" {} ", dice[1]), red));
    } else {
        let white = Style::default().bg(Color::White).fg(Color::Black);
        spans.push(Span::styled(format!(" {} ", dice[0]), white));
        spans.push(Span::styled(format!(" {} ", dice[1]), white));
    }
    spans.push(Span::styled(format!("={}", dice[0] + dice[1]), bold()));
    if let Some(face) = face {
        let (text, style) = match face {
            EventFace::Ship => (
                "⛵".to_string(),
                Style::default().fg(Color::Black).bg(Color::Gray),
            ),
            EventFace::Castle(t) => (words::track(w, t).chars().take(3).collect(), track_style(t)),
        };
        spans.push(Span::raw(" "));
        spans.push(Span::styled(text, style));
    }
    spans
}

pub fn track_style(t: Track) -> Style {
    let bg = match t {
        Track::Trade => Color::Yellow,
        Track::Politics => Color::Blue,
        Track::Science => Color::Green,
    };
    Style::default().bg(bg).fg(Color::Black)
}

/// The short facts for the narrow strip beside a small board, `width` columns: a
/// source of points whose words are wider is left to the lines below, which name
/// them all.
fn strip(t: &Table<Catan>, width: usize) -> Vec<Line<'static>> {
    let w = t.words;
    let b = &t.view.position;
    let mut lines = vec![
        Line::from(w.f("web.catan.turn", &[("n", &b.turn.to_string())])),
        Line::from(dice_spans(w, b, t.seen).split_off(1)),
    ];
    if let Some(ck) = &b.ck {
        let c = CkContent::get();
        lines.push(Line::from(""));
        lines.push(Line::from(Span::styled(w.t("ui.barbarians"), bold())));
        lines.push(Line::from(barbarian_track(
            ck.barbarians,
            c.barbarian_track,
        )));
        lines.push(Line::from(format!(
            "{} × {}",
            ck.knight_strength, ck.barbarian_strength
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        w.f("ui.points", &[("n", &points(t.view, t.viewer).to_string())]),
        bold(),
    )));
    lines.extend(
        sources(w, t.view, t.viewer)
            .into_iter()
            .filter(|s| s.chars().count() <= width)
            .map(|s| Line::from(Span::styled(s, dim()))),
    );
    lines
}

/// The barbarian ship's place on its track: `~~⛵~~~|`, the castle at the end.
fn barbarian_track(at: u8, length: u8) -> String {
    (0..length)
        .map(|i| if i == at { '⛵' } else { '·' })
        .chain(['|'])
        .collect()
}

/// The viewer's points: all of them, hidden victory point cards included (the view
/// shows the viewer its own cards).
fn points(view: &View, seat: Seat) -> u8 {
    let p = &view.position.players[seat as usize];
    view.public_points[seat as usize] + p.vp_cards()
}

/// Where a seat's points come from, in words ("Settlements 2", "Longest Road 2"): the
/// engine's own count (`View::point_sources`, which the browser shows too), and the
/// viewer's own victory point cards, which the view keeps apart.
pub fn sources(w: &Words, view: &View, seat: Seat) -> Vec<String> {
    let mut out: Vec<String> = view
        .point_sources
        .get(seat as usize)
        .into_iter()
        .flatten()
        .map(|&(source, n)| source_words(w, &source_key(source), n))
        .collect();
    if Some(seat) == view.seat {
        let cards = view.position.players[seat as usize].vp_cards();
        if cards > 0 {
            out.push(source_words(w, "vp_cards", cards));
        }
    }
    out
}

/// One source of points in words: "Settlements 2".
pub fn source_words(w: &Words, key: &str, n: u8) -> String {
    format!("{} {n}", w.t(&format!("web.catan.points.{key}")))
}

/// A source's name as the view sends it (`longest_road`), the key of its words.
fn source_key(source: PointSource) -> String {
    serde_json::to_value(source)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A hand of cards: every resource with its count (zeros dim, or left out when
/// narrow), each on its colour; commodities too with Cities & Knights.
fn hand_spans(w: &Words, b: &Shown, seat: Seat, wide: bool) -> Vec<Span<'static>> {
    let hand = b.players[seat as usize].hand.unwrap_or_default();
    let kinds = super::kinds_in_play(b.ck.is_some());
    let mut spans = vec![Span::styled(format!("{} ", w.t("ui.hand")), bold())];
    for k in kinds {
        let n = hand.get(k);
        // A narrow panel names only the kinds held.
        if n == 0 && !wide {
            continue;
        }
        let style = if n == 0 {
            dim()
        } else {
            card_style(k).add_modifier(Modifier::BOLD)
        };
        spans.push(Span::styled(format!("{} {n}", words::card(w, k)), style));
        spans.push(Span::raw(" "));
    }
    spans
}

/// The viewer's development cards (base) or progress cards (Cities & Knights), face up.
fn own_cards(w: &Words, b: &Shown, seat: Seat, wide: bool) -> Line<'static> {
    let p = &b.players[seat as usize];
    if let Some(ck) = &b.ck {
        let me = &ck.players[seat as usize];
        let held = me.progress.as_deref().unwrap_or_default();
        let names: Vec<String> = held.iter().map(|&c| words::progress(w, c)).collect();
        let improvements: Vec<Span> = Track::ALL
            .iter()
            .map(|&t| {
                let name = words::track(w, t);
                let name: String = match wide {
                    true => name,
                    false => name.chars().take(3).collect(),
                };
                Span::styled(
                    format!("{name}{} ", me.improvements[t as usize]),
                    track_style(t),
                )
            })
            .collect();
        let mut spans = improvements;
        spans.push(Span::raw(format!(
            "{}: {}",
            w.t("ui.progress_cards"),
            list(names)
        )));
        return Line::from(spans);
    }
    let held: Vec<String> = Dev::ALL
        .iter()
        .filter_map(|&d| {
            let count = |devs: Option<Devs>| devs.unwrap_or_default().get(d);
            let (old, new) = (count(p.devs), count(p.fresh));
            (old + new > 0).then(|| match new {
                0 => format!("{} {}", dev(w, d), old),
                _ => format!("{} {}+{new}", dev(w, d), old),
            })
        })
        .collect();
    Line::from(format!("{}: {}", w.t("ui.development_cards"), list(held)))
}

fn dev(w: &Words, d: Dev) -> String {
    words::dev(w, d)
}

fn list(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(", ")
    }
}

/// One line per seat: who, points everyone sees, cards in hand, cards held,
/// road length, knights, and the special cards.
fn player_line(t: &Table<Catan>, seat: Seat, narrow: bool) -> Line<'static> {
    let w = t.words;
    let v = t.view;
    let b = &v.position;
    let marker = if Some(seat) == t.actor { "▶" } else { " " };
    let me = seat == t.viewer;
    let vp = if me {
        points(v, seat)
    } else {
        v.public_points[seat as usize]
    };
    let mut parts = vec![
        w.f("ui.points", &[("n", &vp.to_string())]),
        w.f(
            "ui.hand_size",
            &[("n", &v.hand_sizes[seat as usize].to_string())],
        ),
    ];
    // The special cards and the road before the cards held: a narrow panel cuts
    // the line's end.
    parts.push(w.f(
        "ui.road_length",
        &[("n", &b.players[seat as usize].road_length.to_string())],
    ));
    if b.longest_road == Some(seat) {
        parts.push(w.t("award.longest_road"));
    }
    if b.largest_army == Some(seat) {
        parts.push(w.t("award.largest_army"));
    }
    if b.ck.is_some() {
        let colours = v
            .progress_colours
            .get(seat as usize)
            .copied()
            .unwrap_or([0; 3]);
        parts.push(format!("P{}/{}/{}", colours[0], colours[1], colours[2]));
        if let Some(ck) = &b.ck {
            let i = ck.players[seat as usize].improvements;
            parts.push(format!("T{} P{} S{}", i[0], i[1], i[2]));
        }
    } else {
        let (old, new) = v.development_sizes[seat as usize];
        parts.push(format!("{} {}", w.t("ui.development_cards"), old + new));
    }
    let played = b.players[seat as usize].played.get(Dev::Knight);
    if played > 0 {
        parts.push(w.f("ui.knights_played", &[("n", &played.to_string())]));
    }
    let name = Style::default().fg(seat_colour(seat)).add_modifier(if me {
        Modifier::BOLD
    } else {
        Modifier::empty()
    });
    Line::from(vec![
        Span::raw(marker.to_string()),
        Span::styled(
            if narrow {
                w.seat_short(seat)
            } else {
                w.seat(seat)
            },
            name,
        ),
        Span::raw(format!(" {}", parts.join(" · "))),
    ])
}

/// The trade on the table, with the answers so far.
fn trade_line(w: &Words, b: &Shown) -> Option<Line<'static>> {
    let (give, get, accepted) = match &b.phase {
        Phase::Offer {
            give,
            get,
            accepted,
            ..
        }
        | Phase::Choose {
            give,
            get,
            accepted,
            ..
        } => (give, get, accepted),
        _ => return None,
    };
    let mut text = w.f(
        "ui.offer_open",
        &[
            ("seat", &w.seat_short(b.current)),
            ("give", &words::cards(w, give)),
            ("get", &words::cards(w, get)),
        ],
    );
    let yes: Vec<String> = accepted.iter().map(|s| w.seat_short(s)).collect();
    if !yes.is_empty() {
        text = format!("{text} · {}: {}", w.t("web.catan.accepted"), yes.join(", "));
    }
    Some(Line::from(Span::styled(
        text,
        Style::default().fg(Color::Cyan),
    )))
}

/// Everything but the board, most needed first, as lines `width` wide at most;
/// `short_facts`: the dice and the barbarians too (else the strip shows them).
fn info(t: &Table<Catan>, width: usize, short_facts: bool) -> Vec<Line<'static>> {
    let w = t.words;
    let b = &t.view.position;
    let wide = width >= 40;
    let mut lines = vec![Line::from(hand_spans(w, b, t.viewer, wide))];
    if short_facts {
        lines.push(Line::from(dice_spans(w, b, t.seen)));
        if let Some(ck) = &b.ck {
            lines.push(Line::from(format!(
                "{} {}",
                w.t("ui.barbarians"),
                barbarian_track(ck.barbarians, CkContent::get().barbarian_track),
            )));
        }
    }
    lines.extend(trade_line(w, b));
    if let Phase::Discard = b.phase {
        let owed = b.owed.get(t.viewer as usize).copied().unwrap_or(0);
        if owed > 0 {
            lines.push(Line::from(Span::styled(
                w.f("ui.must_discard", &[("n", &owed.to_string())]),
                Style::default().fg(Color::Yellow),
            )));
        }
    }
    let seats = (0..b.n() as Seat).map(|i| (t.viewer + i) % b.n() as Seat);
    lines.extend(seats.map(|s| player_line(t, s, width < 60)));
    lines.push(own_cards(w, b, t.viewer, wide));
    if wide {
        if let Some(ck) = &b.ck {
            lines.push(Line::from(w.f(
                "ui.strength",
                &[
                    ("knights", &ck.knight_strength.to_string()),
                    ("barbarians", &ck.barbarian_strength.to_string()),
                ],
            )));
        }
        lines.push(Line::from(format!(
            "{}: {}",
            w.f("ui.points", &[("n", &points(t.view, t.viewer).to_string())]),
            list(sources(w, t.view, t.viewer))
        )));
        lines.push(rates(w, t.view));
        lines.push(Line::from(Span::styled(
            w.f("ui.deck", &[("n", &t.view.deck_size.to_string())]),
            dim(),
        )));
    }
    lines
}

/// The viewer's rate with the bank for each card it may give.
fn rates(w: &Words, view: &View) -> Line<'static> {
    let mut spans = vec![Span::raw(format!("{}: ", w.t("ui.rates")))];
    for &(k, rate) in &view.rates {
        spans.push(Span::styled(format!("{rate}:1"), card_style(k)));
        spans.push(Span::raw(" "));
    }
    Line::from(spans)
}

fn legend(w: &Words) -> Vec<Line<'static>> {
    vec![Line::from(Span::styled(w.t("ui.legend_pieces"), dim()))]
}
