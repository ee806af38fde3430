//! Drawing the screen around the game's table: the header, the menu of legal
//! decisions, the log, the keys, the why-not list, the handover and the final
//! standings. The table itself is the game's ([`TuiGame::draw`]), drawn from the
//! viewer's view, never from the full state. Fits 80x24; more room shows more.

use crate::app::{App, Screen};
use crate::game::{Table, TuiGame};
use ratatui::layout::{Alignment, Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;
use tabuleiro_core::Seat;

pub fn draw<G: TuiGame>(frame: &mut Frame, app: &App<G>) {
    let area = frame.area();
    match app.screen {
        Screen::Handover(seat) => return handover(frame, app, seat, area),
        Screen::Over => return final_scoring(frame, app, area),
        _ => {}
    }
    let view = G::shown(app.game(), app.viewer);
    let beside = G::table_width(area.width, area.height);
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            match beside {
                Some(_) => Constraint::Length(0),
                None => Constraint::Length(G::table_height(area.height)),
            },
            Constraint::Min(5),
            Constraint::Length(1),
        ])
        .split(area);
    frame.render_widget(Paragraph::new(header(app, &view, area.width)), rows[0]);
    // A table beside the menu and the log: it takes the left of the middle rows,
    // and they stack on its right.
    let (table_area, bottom) = match beside {
        Some(width) => {
            let cols = Layout::default()
                .direction(Direction::Horizontal)
                .constraints([Constraint::Length(width), Constraint::Min(20)])
                .split(rows[2]);
            let stack = Layout::default()
                .direction(Direction::Vertical)
                .constraints([Constraint::Percentage(55), Constraint::Percentage(45)])
                .split(cols[1]);
            (cols[0], stack)
        }
        None => {
            let halves = Layout::default()
                .direction(Direction::Horizontal)
                .constraints([Constraint::Percentage(50), Constraint::Percentage(50)])
                .split(rows[2]);
            (rows[1], halves)
        }
    };
    let lit = if app.screen == Screen::Play {
        app.menu.lit(&app.prefix)
    } else {
        Vec::new()
    };
    let table = Table {
        view: &view,
        words: &app.words,
        viewer: app.viewer,
        actor: app.actor(),
        lit: &lit,
        seen: &app.seen,
    };
    G::draw(frame, table_area, &table);
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

/// Where the game stands, the game's name and who is to play, on one row of `width`
/// columns: the game's name is left out where it would push the rest past the edge.
fn header<G: TuiGame>(app: &App<G>, view: &G::View, width: u16) -> Line<'static> {
    let w = &app.words;
    let mut spans = vec![Span::styled(
        G::status(view, w),
        Style::default().add_modifier(Modifier::BOLD),
    )];
    if let Some(seat) = app.actor() {
        spans.push(Span::raw(" · "));
        spans.push(Span::styled(
            w.f("ui.to_play", &[("name", &w.seat(seat))]),
            Style::default().fg(Color::Cyan),
        ));
    }
    let title = w.t("app.title");
    let used: usize = spans.iter().map(|s| s.content.chars().count()).sum();
    if used + 3 + title.chars().count() <= width as usize {
        spans.splice(1..1, [Span::raw(" · "), Span::raw(title)]);
    }
    Line::from(spans)
}

fn menu<G: TuiGame>(frame: &mut Frame, app: &App<G>, area: Rect) {
    let w = &app.words;
    let entries = app.entries();
    let mut lines: Vec<Line> = Vec::new();
    let above = app.menu.labels(&app.prefix);
    let inner = area.width.saturating_sub(2) as usize;
    if !above.is_empty() {
        let cyan = Style::default().fg(Color::Cyan);
        let rows = wrap(&above.join(" › "), inner);
        lines.extend(
            rows.into_iter()
                .map(|row| Line::from(Span::styled(row, cyan))),
        );
    }
    let room = area.height.saturating_sub(2 + lines.len() as u16) as usize;
    // Each entry wrapped at its words, the cursor's entry kept in view.
    let rows: Vec<Vec<String>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| wrap(&format!("{} {}", i + 1, e.label), inner))
        .collect();
    for (i, entry) in rows
        .iter()
        .enumerate()
        .skip(first_shown(&rows, app.cursor, room))
    {
        let style = if i == app.cursor {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        let spans = entry
            .iter()
            .map(|row| Line::from(Span::styled(row.clone(), style)));
        lines.extend(spans);
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

fn log<G: TuiGame>(frame: &mut Frame, app: &App<G>, area: Rect) {
    let room = area.height.saturating_sub(2) as usize;
    let inner = area.width.saturating_sub(2) as usize;
    // The newest lines that fit, each wrapped at its words.
    let mut rows: Vec<String> = Vec::new();
    for line in app.log.iter().rev() {
        if rows.len() >= room {
            break;
        }
        rows.splice(0..0, wrap(line, inner));
    }
    let skip = rows.len().saturating_sub(room);
    let lines: Vec<Line> = rows.into_iter().skip(skip).map(Line::from).collect();
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(app.words.t("ui.log")),
        ),
        area,
    );
}

/// The first entry shown of a menu whose entries take `rows` rows each, so that the
/// cursor's entry is the last one to fit in `room` rows (or the first shown, when
/// it takes them all).
fn first_shown(rows: &[Vec<String>], cursor: usize, room: usize) -> usize {
    let cursor = cursor.min(rows.len().saturating_sub(1));
    let mut used = 0;
    let mut first = cursor;
    for (i, entry) in rows.iter().enumerate().take(cursor + 1).rev() {
        used += entry.len();
        if used > room {
            break;
        }
        first = i;
    }
    first
}

/// `text` in rows of at most `width` characters, broken between words; a word longer
/// than a row is broken where the row ends (nothing shorter can say it), the rows
/// after the first indented by two.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(4);
    let mut rows = vec![String::new()];
    for word in text.split(' ') {
        let row = rows.last_mut().expect("one row at least");
        let used = row.chars().count();
        let room = width.saturating_sub(used + usize::from(used > 0));
        if used == 0 || word.chars().count() <= room {
            if used > 0 {
                row.push(' ');
            }
            row.push_str(word);
            continue;
        }
        rows.push(format!("  {word}"));
    }
    rows.into_iter()
        .flat_map(|row| hard_break(row, width))
        .collect()
}

/// A row longer than `width` (one long word) in pieces of `width` characters.
fn hard_break(row: String, width: usize) -> Vec<String> {
    let chars: Vec<char> = row.chars().collect();
    if chars.len() <= width {
        return vec![row];
    }
    chars.chunks(width).map(|c| c.iter().collect()).collect()
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

fn why_not<G: TuiGame>(frame: &mut Frame, app: &App<G>, area: Rect) {
    let w = &app.words;
    let refusals = app.refusals();
    let lines: Vec<Line> = if refusals.is_empty() {
        vec![Line::from(w.t("ui.all_available"))]
    } else {
        refusals
            .into_iter()
            .map(|(what, why)| match what.is_empty() {
                true => Line::from(why),
                false => Line::from(format!("{what}: {why}")),
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

fn handover<G: TuiGame>(frame: &mut Frame, app: &App<G>, seat: Seat, area: Rect) {
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

/// The game's final scoring, then the standings as the engine ranks them (places
/// may be shared; a team's partners share a line).
fn final_scoring<G: TuiGame>(frame: &mut Frame, app: &App<G>, area: Rect) {
    let w = &app.words;
    let bold = |text: String| {
        Line::from(Span::styled(
            text,
            Style::default().add_modifier(Modifier::BOLD),
        ))
    };
    let mut lines = vec![bold(w.t("ui.final_scoring"))];
    lines.extend(app.game().final_scoring(w).into_iter().map(Line::from));
    lines.push(Line::from(""));
    lines.push(bold(w.t("ui.ranking")));
    for standing in app.game().standings() {
        let who: Vec<String> = standing.members.iter().map(|m| w.participant(m)).collect();
        lines.push(Line::from(format!(
            "{} {} · {} {}",
            w.f("ui.place_n", &[("n", &standing.place.to_string())]),
            who.join(" + "),
            standing.score,
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
