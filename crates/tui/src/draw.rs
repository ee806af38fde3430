//! Drawing the table from one seat's view (never from the full state): the header,
//! the viewer's duchy large, the central board, the other players, the menu of
//! legal decisions and the log. Fits 80x24; more room shows more log and names.

use crate::app::{App, Screen};
use crate::words::{glyph, tile_code, Words};
use ratatui::layout::{Alignment, Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use tabuleiro_burgundy::state::{Stage, PHASES};
use tabuleiro_burgundy::{Burgundy, Colour, View};
use tabuleiro_core::{Game, Seat};

/// Hexes per row of a duchy (row-major space ids 0..37).
const ROWS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    match app.screen {
        Screen::Handover(seat) => return handover(frame, app, seat, area),
        Screen::Over => return final_scoring(frame, app, area),
        _ => {}
    }
    let view = app.game().view(Some(app.viewer));
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Length(if area.height >= 40 { 30 } else { 15 }),
            Constraint::Min(5),
            Constraint::Length(1),
        ])
        .split(area);
    frame.render_widget(Paragraph::new(header(app, &view.position)), rows[0]);
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([
            Constraint::Length(30),
            Constraint::Min(22),
            Constraint::Length(if area.width >= 100 { 40 } else { 28 }),
        ])
        .split(rows[1]);
    own_duchy(frame, app, &view, cols[0]);
    board(frame, &app.words, &view, cols[1]);
    others(frame, app, &view.position, cols[2]);
    let bottom = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Percentage(50), Constraint::Percentage(50)])
        .split(rows[2]);
    menu(frame, app, bottom[0]);
    log(frame, app, bottom[1]);
    let keys = app.notice.clone().unwrap_or_else(|| app.words.t("ui.keys"));
    frame.render_widget(
        Paragraph::new(keys).style(Style::default().add_modifier(Modifier::DIM)),
        rows[3],
    );
    if app.screen == Screen::WhyNot {
        why_not(frame, app, area);
    }
}

fn header(app: &App, b: &Burgundy) -> Line<'static> {
    let w = &app.words;
    let when = match b.stage {
        Stage::Setup | Stage::StartingCastles => w.t("header.setup"),
        Stage::Over => w.t("header.over"),
        _ => w.f(
            "header.phase_round",
            &[
                ("phase", &PHASES[b.phase.min(4) as usize].to_string()),
                ("round", &(b.round + 1).to_string()),
            ],
        ),
    };
    let mut spans = vec![
        Span::styled(when, Style::default().add_modifier(Modifier::BOLD)),
        Span::raw(" · "),
        Span::raw(w.t("app.title")),
    ];
    if let Some(seat) = app.actor() {
        let name = w.seat(seat);
        spans.push(Span::raw(" · "));
        spans.push(Span::styled(
            w.f("ui.to_play", &[("name", &name)]),
            Style::default().fg(Color::Cyan),
        ));
    }
    Line::from(spans)
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

/// A duchy as a hex map: rows of 4-5-6-7-6-5-4 cells, each shifted half a cell. Empty
/// spaces show their colour's glyph and die number; placed tiles their short code in
/// bold; `lit` spaces (those the current choice can use) are reversed.
fn duchy_lines(
    b: &Burgundy,
    seat: Seat,
    words: &Words,
    lit: &[u8],
    cell: usize,
) -> Vec<Line<'static>> {
    let p = &b.players[seat as usize];
    let duchy = p.duchy();
    let mut id = 0;
    let mut lines = Vec::new();
    for &len in &ROWS {
        let mut spans = vec![Span::raw(" ".repeat(cell / 2 * (7 - len)))];
        for _ in 0..len {
            let colour = duchy.colours[id];
            let (text, mut style) = match p.spaces.0[id] {
                Some(t) => (
                    tile_code(words, t),
                    colour_style(colour).add_modifier(Modifier::BOLD),
                ),
                None => (
                    format!("{}{}", glyph(colour), duchy.dice[id]),
                    colour_style(colour).add_modifier(Modifier::DIM),
                ),
            };
            if lit.contains(&(id as u8)) {
                style = Style::default()
                    .fg(Color::White)
                    .bg(Color::Magenta)
                    .add_modifier(Modifier::BOLD);
            }
            let text = if lit.contains(&(id as u8)) && cell >= 4 {
                format!("{id:>2}")
            } else {
                text
            };
            spans.push(Span::styled(format!("{text:<w$}", w = cell - 1), style));
            spans.push(Span::raw(" "));
            id += 1;
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn own_duchy(frame: &mut Frame, app: &App, view: &View, area: Rect) {
    let w = &app.words;
    let b = &view.position;
    let seat = app.viewer;
    let p = &b.players[seat as usize];
    let lit = if app.screen == Screen::Play {
        app.menu.spaces(&app.prefix)
    } else {
        Vec::new()
    };
    let mut lines = duchy_lines(b, seat, w, &lit, 4);
    let storage: Vec<String> = p.storage.iter().map(|&t| w.tile(t)).collect();
    lines.push(Line::from(format!(
        "{}: {}",
        w.t("ui.storage"),
        if storage.is_empty() {
            w.t("ui.empty")
        } else {
            storage.join(", ")
        }
    )));
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
        dice(app, b, seat)
    )));
    let title = format!(
        "{} · {}",
        w.seat(seat),
        w.f("ui.duchy", &[("n", &p.duchy.to_string())])
    );
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

fn goods(g: &[u8; 6]) -> String {
    let held: Vec<String> = (0..6)
        .filter(|&t| g[t] > 0)
        .map(|t| format!("{}×{}", g[t], t + 1))
        .collect();
    if held.is_empty() {
        "-".into()
    } else {
        held.join(" ")
    }
}

fn dice(app: &App, b: &Burgundy, seat: Seat) -> String {
    match b.turn().filter(|t| t.seat == seat) {
        Some(t) => t
            .dice
            .iter()
            .map(|d| d.map_or(app.words.t("ui.used"), |v| v.to_string()))
            .collect::<Vec<_>>()
            .join(" "),
        None => b
            .dice
            .get(seat as usize)
            .map_or("-".into(), |d| format!("{} {}", d[0], d[1])),
    }
}

fn tiles(words: &Words, ts: &[tabuleiro_burgundy::Tile], long: bool) -> String {
    let names: Vec<String> = ts
        .iter()
        .map(|&t| {
            if long {
                words.tile(t)
            } else {
                tile_code(words, t)
            }
        })
        .collect();
    names.join(if long { ", " } else { " " })
}

fn board(frame: &mut Frame, words: &Words, view: &View, area: Rect) {
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
                Span::raw(tiles(words, &b.depots[d], long)),
                Span::styled(
                    if g.is_empty() {
                        String::new()
                    } else {
                        format!(" [{}]", g.join(""))
                    },
                    Style::default().fg(Color::Cyan),
                ),
            ])
        })
        .collect();
    lines.push(Line::from(format!(
        "{}: {}",
        words.t("ui.black_depot"),
        tiles(words, &b.black_depot, long)
    )));
    let to_come: Vec<String> = b.round_goods.iter().map(u8::to_string).collect();
    lines.push(Line::from(format!(
        "{}: {} ({})",
        words.t("ui.goods_to_come"),
        to_come.join(" "),
        words.f("ui.face_down", &[("n", &view.goods_face_down.to_string())])
    )));
    lines.push(Line::from(format!(
        "{}: {}",
        words.t("ui.white_die"),
        b.white
    )));
    let bonus: Vec<String> = Colour::ALL
        .iter()
        .filter(|c| b.bonus_taken[c.index()] < 2)
        .map(|&c| format!("{}{}", glyph(c), 2 - b.bonus_taken[c.index()]))
        .collect();
    lines.push(Line::from(format!(
        "{}: {}",
        words.t("ui.bonus_tiles"),
        bonus.join(" ")
    )));
    lines.push(legend(words));
    let title = words.t("app.title");
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

fn legend(words: &Words) -> Line<'static> {
    let spans: Vec<Span> = Colour::ALL
        .iter()
        .map(|&c| Span::styled(format!("{}{} ", glyph(c), words.colour(c)), colour_style(c)))
        .collect();
    Line::from(spans)
}

fn others(frame: &mut Frame, app: &App, b: &Burgundy, area: Rect) {
    let w = &app.words;
    let mut lines = vec![Line::from(Span::styled(
        w.t("ui.turn_order"),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    for seat in b.track_order() {
        let p = &b.players[seat as usize];
        let marker = if Some(seat) == app.actor() {
            "▶"
        } else {
            " "
        };
        let style = if seat == app.viewer {
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
        if seat != app.viewer {
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

fn menu(frame: &mut Frame, app: &App, area: Rect) {
    let w = &app.words;
    let entries = app.entries();
    let mut lines: Vec<Line> = Vec::new();
    if !app.prefix.is_empty() {
        lines.push(Line::from(Span::styled(
            app.prefix.join(" › "),
            Style::default().fg(Color::Cyan),
        )));
    }
    let room = area.height.saturating_sub(2 + lines.len() as u16) as usize;
    let first = app.cursor.saturating_sub(room.saturating_sub(1));
    for (i, e) in entries.iter().enumerate().skip(first).take(room) {
        let label = format!("{} {}", i + 1, e.choice.label);
        let style = if i == app.cursor {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        lines.push(Line::from(Span::styled(label, style)));
    }
    if entries.is_empty() {
        if let Some(seat) = app.actor() {
            lines.push(Line::from(w.f("ui.thinking", &[("name", &w.seat(seat))])));
        }
    }
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(w.t("ui.choose")),
        ),
        area,
    );
}

fn log(frame: &mut Frame, app: &App, area: Rect) {
    let room = area.height.saturating_sub(2) as usize;
    let start = app.log.len().saturating_sub(room);
    let lines: Vec<Line> = app.log[start..]
        .iter()
        .map(|l| Line::from(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(app.words.t("ui.log")),
        ),
        area,
    );
}

fn popup(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn why_not(frame: &mut Frame, app: &App, area: Rect) {
    let w = &app.words;
    let refusals = app.refusals();
    let lines: Vec<Line> = if refusals.is_empty() {
        vec![Line::from(w.t("ui.all_available"))]
    } else {
        refusals
            .into_iter()
            .map(|(what, why)| {
                if what.is_empty() {
                    Line::from(why)
                } else {
                    Line::from(format!("{what}: {why}"))
                }
            })
            .collect()
    };
    let rect = popup(
        area,
        area.width.saturating_sub(4),
        area.height.saturating_sub(4),
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(w.t("ui.why_not")),
        ),
        rect,
    );
}

fn handover(frame: &mut Frame, app: &App, seat: Seat, area: Rect) {
    let w = &app.words;
    let lines = vec![
        Line::from(w.t("app.title")),
        Line::from(""),
        Line::from(Span::styled(
            w.f("ui.pass_keyboard", &[("name", &w.seat(seat))]),
            Style::default().add_modifier(Modifier::BOLD),
        )),
        Line::from(""),
        Line::from(w.t("ui.press_enter")),
    ];
    let rect = popup(area, area.width, 7);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .block(Block::default().borders(Borders::ALL)),
        rect,
    );
}

/// The final scoring, line by line per seat (seed 000, "Pontuação final": unsold
/// goods, silver, workers, monasteries 15-26), then the ranking with the tie-breaks
/// applied by the engine.
fn final_scoring(frame: &mut Frame, app: &App, area: Rect) {
    let w = &app.words;
    let b = app.game();
    let mut lines = vec![Line::from(Span::styled(
        w.t("ui.final_scoring"),
        Style::default().add_modifier(Modifier::BOLD),
    ))];
    for seat in 0..b.players() as Seat {
        let finals = b.final_points(seat);
        let vp = b.players[seat as usize].vp;
        let at_end: i32 = finals.iter().map(|(_, v)| v).sum();
        let mut parts = vec![format!("{} {}", w.t("ui.during_game"), vp - at_end)];
        parts.extend(
            finals
                .iter()
                .map(|(why, v)| format!("{} {v}", w.reason(why))),
        );
        lines.push(Line::from(format!(
            "{}: {} = {} {}",
            w.seat(seat),
            parts.join(" + "),
            vp,
            w.t("ui.vp")
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(Span::styled(
        w.t("ui.ranking"),
        Style::default().add_modifier(Modifier::BOLD),
    )));
    for (place, seat) in b.ranking().iter().enumerate() {
        lines.push(Line::from(format!(
            "{} {} · {} {}",
            w.f("ui.place_n", &[("n", &(place + 1).to_string())]),
            w.seat(*seat),
            b.players[*seat as usize].vp,
            w.t("ui.vp")
        )));
    }
    lines.push(Line::from(""));
    lines.push(Line::from(w.t("ui.quit_key")));
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: true }).block(
            Block::default()
                .borders(Borders::ALL)
                .title(w.t("header.over")),
        ),
        area,
    );
}
