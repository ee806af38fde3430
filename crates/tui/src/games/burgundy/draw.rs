//! Burgundy's table from one seat's view (never from the full state): the viewer's
//! duchy large, the central board, and the other players in turn order (their
//! duchies drawn small when there is room).

use super::words::{self, glyph, tile_code};
use crate::game::Table;
use crate::words::Words;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use tabuleiro_core::Seat;
use tabuleiro_games::burgundy::{Burgundy, Colour, Tile, View};

/// Hexes per row of a duchy (row-major space ids 0..37).
const ROWS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

pub fn table(frame: &mut Frame, area: Rect, t: &Table<Burgundy>) {
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([
            Constraint::Length(30),
            Constraint::Min(22),
            Constraint::Length(if frame.area().width >= 100 { 40 } else { 28 }),
        ])
        .split(area);
    own_duchy(frame, t, cols[0]);
    board(frame, t.words, t.view, cols[1]);
    others(frame, t, cols[2]);
}

pub fn colour_style(c: Colour) -> Style {
    let bg = match c {
        Colour::Castle => Color::Red,
        Colour::Building => Color::LightYellow,
        Colour::Pasture => Color::Green,
        Colour::Water => Color::Blue,
        Colour::Knowledge => Color::Yellow,
        Colour::Mine => Color::Gray,
    };
    Style::default().bg(bg).fg(Color::Black)
}

/// A duchy as a hex map: rows of 4-5-6-7-6-5-4 cells, each shifted half a cell (a
/// team board: its two halves one under the other, the shared centre in both). Empty
/// spaces show their colour's glyph and die number; placed tiles their short code in
/// bold; `lit` spaces (those the current choice can use) are reversed.
fn duchy_lines(b: &Burgundy, seat: Seat, w: &Words, lit: &[u8], cell: usize) -> Vec<Line<'static>> {
    let p = &b.players[seat as usize];
    let duchy = p.shown_duchy();
    let halves = tabuleiro_games::burgundy::modules::board_halves(duchy);
    let mut ids = halves.iter().flatten().copied();
    let rows = ROWS.iter().cycle().take(ROWS.len() * halves.len());
    let mut lines = Vec::new();
    for &len in rows {
        let mut spans = vec![Span::raw(" ".repeat(cell / 2 * (7 - len)))];
        for id in ids.by_ref().take(len) {
            let colour = duchy.colours[id];
            let (text, mut style) = match p.spaces[id] {
                Some(t) => (
                    tile_code(w, t),
                    colour_style(colour).add_modifier(Modifier::BOLD),
                ),
                None => (
                    format!("{}{}", glyph(colour), duchy.dice[id]),
                    colour_style(colour).add_modifier(Modifier::DIM),
                ),
            };
            let on = lit.contains(&(id as u8));
            if on {
                style = Style::default()
                    .fg(Color::White)
                    .bg(Color::Magenta)
                    .add_modifier(Modifier::BOLD);
            }
            let text = if on && cell >= 4 {
                format!("{id:>2}")
            } else {
                text
            };
            spans.push(Span::styled(format!("{text:<w$}", w = cell - 1), style));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn own_duchy(frame: &mut Frame, t: &Table<Burgundy>, area: Rect) {
    let w = t.words;
    let b = &t.view.position;
    let seat = t.viewer;
    let p = &b.players[seat as usize];
    let lit: Vec<u8> = t
        .lit
        .iter()
        .filter_map(|k| k.strip_prefix("space:")?.parse().ok())
        .collect();
    let mut lines = duchy_lines(b, seat, w, &lit, 4);
    let storage: Vec<String> = p.storage.iter().map(|&s| words::tile(w, s)).collect();
    let storage = match storage.is_empty() {
        true => w.t("ui.empty"),
        false => storage.join(", "),
    };
    lines.push(Line::from(format!("{}: {storage}", w.t("ui.storage"))));
    lines.push(Line::from(format!(
        "{}: {}",
        w.t("ui.goods"),
        goods(&p.goods)
    )));
    lines.push(Line::from(format!(
        "{} {} · {} {}",
        w.t("ui.vp"),
        p.vp,
        w.t("ui.silver"),
        p.silver
    )));
    lines.push(Line::from(format!("{} {}", w.t("ui.workers"), p.workers)));
    lines.push(Line::from(format!(
        "{}: {}",
        w.t("ui.dice"),
        dice(w, b, seat)
    )));
    lines.extend(module_lines(w, b, seat));
    let title = format!(
        "{} · {}",
        w.seat(seat),
        w.f("ui.duchy", &[("n", &p.duchy.to_string())])
    );
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The shields lying on depot `d` (module `shields`, seed 000 line 865).
fn depot_shields(w: &Words, b: &Burgundy, d: usize) -> String {
    b.modules.shield_depots[d]
        .iter()
        .map(|n| format!(" {}", w.f("web.shield_n", &[("n", &n.to_string())])))
        .collect()
}

/// What the modules give the seat: its shields on its castles and its trade route,
/// each space as "goods number: bonus", the goods laid so far in brackets.
fn module_lines(w: &Words, b: &Burgundy, seat: Seat) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(held) = b
        .modules
        .shields
        .get(seat as usize)
        .filter(|h| !h.is_empty())
    {
        let shields: Vec<String> = held
            .iter()
            .map(|(space, n)| {
                let shield = w.f("web.shield_n", &[("n", &n.to_string())]);
                let space = w.f("web.space", &[("space", &space.to_string())]);
                format!("{shield} ({space})")
            })
            .collect();
        lines.push(Line::from(format!(
            "{}: {}",
            w.t("web.shields"),
            shields.join(", ")
        )));
    }
    if let Some(route) = b.modules.trade_routes.get(seat as usize) {
        let spaces: Vec<String> = route
            .spaces()
            .enumerate()
            .map(|(i, space)| {
                let amount = space.amount.to_string();
                let bonus = w.f(
                    &format!("web.route_bonus.{}", &space.bonus.key_suffix()[1..]),
                    &[("n", &amount)],
                );
                match route.goods.get(i) {
                    Some(laid) => format!("{}: {bonus} [{laid}]", space.goods),
                    None => format!("{}: {bonus}", space.goods),
                }
            })
            .collect();
        lines.push(Line::from(format!(
            "{}: {}",
            w.t("web.trade_route"),
            spaces.join(" | ")
        )));
    }
    lines
}

fn goods(g: &[u8; 6]) -> String {
    match words::goods_counts(g) {
        held if held.is_empty() => "-".into(),
        held => held,
    }
}

fn dice(w: &Words, b: &Burgundy, seat: Seat) -> String {
    match b.turn().filter(|t| t.seat == seat) {
        Some(t) => t
            .dice
            .iter()
            .map(|d| d.map_or(w.t("ui.used"), |v| v.to_string()))
            .collect::<Vec<_>>()
            .join(" "),
        None => b
            .dice
            .get(seat as usize)
            .map_or("-".into(), |d| format!("{} {}", d[0], d[1])),
    }
}

fn tiles(w: &Words, ts: &[Tile], long: bool) -> String {
    let names: Vec<String> = ts
        .iter()
        .map(|&t| {
            if long {
                words::tile(w, t)
            } else {
                tile_code(w, t)
            }
        })
        .collect();
    names.join(if long { ", " } else { " " })
}

fn board(frame: &mut Frame, w: &Words, view: &View, area: Rect) {
    let b = &view.position;
    let long = area.width >= 60;
    let mut lines: Vec<Line> = (0..6)
        .map(|d| {
            let g: Vec<String> = (0..6)
                .flat_map(|t| {
                    std::iter::repeat_n((t + 1).to_string(), b.depot_goods[d][t] as usize)
                })
                .collect();
            Line::from(vec![
                Span::styled(
                    format!("{} ", d + 1),
                    Style::default().add_modifier(Modifier::BOLD),
                ),
                Span::raw(tiles(w, &b.depots[d], long)),
                Span::styled(
                    if g.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", g.join(""))
                    },
                    Style::default().fg(Color::Cyan),
                ),
                Span::styled(depot_shields(w, b, d), Style::default().fg(Color::Yellow)),
            ])
        })
        .collect();
    lines.push(Line::from(format!(
        "{}: {}",
        w.t("ui.black_depot"),
        tiles(w, &b.black_depot, long)
    )));
    if b.modules.inns > 0 {
        lines.push(Line::from(format!(
            "{} {}",
            w.t("web.inns_stack"),
            b.modules.inns
        )));
    }
    let to_come: Vec<String> = b.round_goods.iter().map(u8::to_string).collect();
    lines.push(Line::from(format!(
        "{}: {} ({})",
        w.t("ui.goods_to_come"),
        to_come.join(" "),
        w.f("ui.face_down", &[("n", &view.goods_face_down.to_string())])
    )));
    lines.push(Line::from(format!("{}: {}", w.t("ui.white_die"), b.white)));
    let bonus: Vec<String> = Colour::ALL
        .iter()
        .filter(|c| b.bonus_taken[c.index()] < 2)
        .map(|&c| format!("{}{}", glyph(c), 2 - b.bonus_taken[c.index()]))
        .collect();
    lines.push(Line::from(format!(
        "{}: {}",
        w.t("ui.bonus_tiles"),
        bonus.join(" ")
    )));
    lines.push(legend(w));
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(w.t("app.title")),
        ),
        area,
    );
}

fn legend(w: &Words) -> Line<'static> {
    let spans: Vec<Span> = Colour::ALL
        .iter()
        .map(|&c| {
            Span::styled(
                format!("{}{} ", glyph(c), words::colour(w, c)),
                colour_style(c),
            )
        })
        .collect();
    Line::from(spans)
}

fn others(frame: &mut Frame, t: &Table<Burgundy>, area: Rect) {
    let w = t.words;
    let b = &t.view.position;
    let mut lines = vec![Line::from(Span::styled(
        w.t("ui.turn_order"),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    for seat in b.track_order() {
        let p = &b.players[seat as usize];
        let marker = if Some(seat) == t.actor { "▶" } else { " " };
        let style = if seat == t.viewer {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(
            format!("{marker}{}", w.seat(seat)),
            style,
        )));
        lines.push(Line::from(format!(
            "  {} {} · {} {}",
            w.t("ui.vp"),
            p.vp,
            w.t("ui.silver"),
            p.silver
        )));
        if seat != t.viewer {
            lines.push(Line::from(format!("  {} {}", w.t("ui.workers"), p.workers)));
            lines.push(Line::from(format!(
                "  {} {} · {}",
                w.f("ui.duchy", &[("n", &p.duchy.to_string())]),
                tiles(w, &p.storage, false),
                goods(&p.goods)
            )));
            if area.width >= 34 && area.height >= 20 {
                lines.extend(duchy_lines(b, seat, w, &[], 3));
            }
        }
    }
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL)),
        area,
    );
}
