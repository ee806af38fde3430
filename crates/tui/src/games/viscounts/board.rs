//! The main board in text: the ring of five segments, left to right in clockwise
//! order (the last leads back to the first), each a column: its spaces with the
//! Viscounts on them, the villager and manuscript offers, the building spots (the
//! river between the banks) and the castle section facing it.

use super::words::{self, STAR};
use crate::game::Table;
use crate::words::Words;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use tabuleiro_core::{Seat, MAX_SEATS};
use tabuleiro_games::viscounts::board::{pos_of, space, Kind};
use tabuleiro_games::viscounts::content::{Bank, Content};
use tabuleiro_games::viscounts::{Config, Table as Shown, Viscounts};

/// Rows the ring takes.
pub const ROWS: u16 = 6;

/// Each seat's colour on the board and the boards.
pub fn colour(seat: Seat) -> Color {
    [Color::Red, Color::Blue, Color::Green, Color::Magenta][seat as usize % 4]
}

/// A seat's marker on the ring: its number, or `A` for the solo AI.
pub fn marker(config: &Config, seat: Seat) -> String {
    if config.is_ai(seat) {
        "A".into()
    } else {
        (seat + 1).to_string()
    }
}

fn lit_style(lit: bool) -> Style {
    if lit {
        Style::default().fg(Color::Black).bg(Color::Yellow)
    } else {
        Style::default()
    }
}

/// Draws the ring in `area` (six rows).
pub fn ring(frame: &mut Frame, area: Rect, table: &Table<Viscounts>) {
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Ratio(1, 5); 5])
        .split(area);
    // A Build action's spots are those of the Viscount's own segment.
    let building = table.lit.iter().any(|k| k.starts_with("building:"));
    let own = pos_of(table.view.position.players[table.viewer as usize].space);
    for pos in 0..5u8 {
        let build_here = building && pos == own;
        let lines = column(table, pos, build_here, cols[pos as usize].width);
        frame.render_widget(Paragraph::new(lines), cols[pos as usize]);
    }
}

fn is_lit(lit: &[String], key: &str) -> bool {
    lit.iter().any(|k| k == key)
}

/// Cuts `s` to `width` characters (the column's room).
pub fn fit(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        s.to_string()
    } else {
        let mut out: String = s.chars().take(width.saturating_sub(1)).collect();
        out.push('…');
        out
    }
}

/// One segment's column.
fn column(table: &Table<Viscounts>, pos: u8, build_here: bool, width: u16) -> Vec<Line<'static>> {
    let (w, lit) = (table.words, table.lit);
    let g = &table.view.position;
    let room = width.saturating_sub(1) as usize;
    let seg = g.segment(pos);
    let mark = if seg.provisional { STAR } else { "" };
    let next = if pos == 4 {
        " →1".to_string()
    } else {
        " →".into()
    };
    let head = Line::from(vec![
        Span::styled(
            format!("{}{}{mark}", pos + 1, seg.id),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Span::raw(next),
    ]);
    let mut spaces: Vec<Span> = Vec::new();
    for (k, code) in [
        (Kind::OuterLeft, "outer_left"),
        (Kind::OuterRight, "outer_right"),
        (Kind::Inner, "inner"),
    ] {
        let s = space(pos, k);
        let label = w.t(&format!("tui.viscounts.code.{code}"));
        spaces.push(Span::styled(
            label,
            lit_style(is_lit(lit, &format!("move:{s}"))),
        ));
        let here: Vec<Seat> = (0..g.players.len() as Seat)
            .filter(|&seat| g.players[seat as usize].space == s && on_board(g, seat))
            .collect();
        if here.is_empty() {
            spaces.push(Span::raw("· "));
        } else {
            for seat in here {
                spaces.push(Span::styled(
                    marker(&g.config, seat),
                    Style::default()
                        .fg(colour(seat))
                        .add_modifier(Modifier::BOLD),
                ));
            }
            spaces.push(Span::raw(" "));
        }
    }
    let stack = &g.villagers[pos as usize];
    let villager = match stack.top {
        Some(c) => format!("{} ({})", words::card(w, c), stack.hidden),
        None => format!("{}{STAR}", w.t("tui.viscounts.printed")),
    };
    let ms_stack = &g.manuscripts[pos as usize];
    let manuscript = match ms_stack.top {
        Some(m) => format!("{} ({})", words::manuscript(w, m), ms_stack.hidden),
        None => {
            let p = &seg.printed_manuscript;
            format!("{}{STAR} {}", w.t("tui.viscounts.printed"), p.cost)
        }
    };
    let villager_lit = is_lit(lit, &format!("hire_free:{pos}"));
    let ms_lit = is_lit(lit, &format!("take_ms:{pos}"));
    let section = g.section_at(pos);
    let section_lit = ["place_in", "castle_move", "advance"]
        .iter()
        .any(|k| is_lit(lit, &format!("{k}:{section}")));
    vec![
        head,
        Line::from(spaces),
        Line::from(Span::styled(fit(&villager, room), lit_style(villager_lit))),
        Line::from(Span::styled(fit(&manuscript, room), lit_style(ms_lit))),
        spots(g, w, lit, pos, build_here),
        Line::from(Span::styled(
            fit(&castle(g, section), room),
            lit_style(section_lit),
        )),
    ]
}

/// Whether a seat's Viscount stands on the ring (setup places them with the pairs).
fn on_board(g: &Shown, seat: Seat) -> bool {
    let p = &g.players[seat as usize];
    p.player_card != 0
        || (g.config.is_ai(seat) && g.phase != tabuleiro_games::viscounts::Phase::Setup)
}

/// The building spots: `.` free, a building's code and its owner's marker, the river
/// `|` between the banks.
fn spots(g: &Shown, w: &Words, lit: &[String], pos: u8, build_here: bool) -> Line<'static> {
    let seg = g.segment(pos);
    let mut out: Vec<Span> = Vec::new();
    let mut bank = Bank::Left;
    for (i, spot) in seg.spots.iter().enumerate() {
        if spot.side != bank {
            out.push(Span::raw("|"));
            bank = spot.side;
        } else if i > 0 {
            out.push(Span::raw(" "));
        }
        let lit_here = is_lit(lit, &format!("spot:{i}"))
            && (build_here || is_lit(lit, &format!("build_free:{pos}")));
        match g.spots[pos as usize][i] {
            Some((owner, b)) => out.push(Span::styled(
                format!("{}{}", words::building_code(w, b), marker(&g.config, owner)),
                Style::default().fg(colour(owner)),
            )),
            None => out.push(Span::styled(".", lit_style(lit_here))),
        }
    }
    Line::from(out)
}

/// The castle section facing a segment: its number, then each seat's workers on
/// level 1 and, after `/`, on level 2.
fn castle(g: &Shown, section: u8) -> String {
    let c = &g.castle;
    let count = |row: &[u8; MAX_SEATS]| {
        let parts: Vec<String> = (0..g.players.len() as Seat)
            .filter(|&s| row[s as usize] > 0)
            .map(|s| {
                format!(
                    "{}{}",
                    marker(&g.config, s),
                    "▪".repeat(row[s as usize] as usize)
                )
            })
            .collect();
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join(" ")
        }
    };
    let level2 = Content::get().castle.level_2_rewards[section as usize].provisional;
    format!(
        "♜{}{} {}/{}",
        section + 1,
        if level2 { STAR } else { "" },
        count(&c.level1[section as usize]),
        count(&c.level2[section as usize])
    )
}
