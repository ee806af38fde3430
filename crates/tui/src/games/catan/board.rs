//! The board in text, from the engine's geometry (intersections at half-unit
//! positions, paths between them): 17 rows, one per half-unit of height, and `sx`
//! columns per half-unit of width (3 on small screens, 4 on larger ones).
//!
//! An intersection is two cells: its number while empty, else its piece in its
//! owner's colour (`S` settlement, `C` city, `#` after it a wall, `M` metropolis,
//! `k1`/`K1` a knight of level 1 inactive/active). A path is one cell (`╱` `╲` `│`),
//! thick and coloured where a road stands. A hex shows its terrain (two letters on
//! its colour), its number (6 and 8 in red) and `R` under the robber. A harbour is a
//! `3` (3:1) or a `2` on the colour of its resource, beside its two intersections.
//! What the menu's current choice can reach is lit in magenta.

use super::words;
use crate::words::Words;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tabuleiro_core::Seat;
use tabuleiro_games::catan::content::{Harbour, Terrain};
use tabuleiro_games::catan::geometry::{Geometry, EDGES, HEXES, VERTICES};
use tabuleiro_games::catan::{Card, Table as Shown};

/// Rows of the board: half-units of height from -8 to 8.
pub const ROWS: usize = 17;
/// Columns left free on each side for the harbours.
const MARGIN: i32 = 2;

/// The board's width in columns for `sx` columns per half-unit.
pub fn width(sx: i32) -> u16 {
    (10 * sx + 2 + 2 * MARGIN) as u16
}

pub fn seat_colour(seat: Seat) -> Color {
    match seat {
        0 => Color::Red,
        1 => Color::LightBlue,
        2 => Color::White,
        _ => Color::Indexed(208),
    }
}

pub fn terrain_style(t: Terrain) -> Style {
    let bg = match t {
        Terrain::Hills => Color::Indexed(166),
        Terrain::Forest => Color::Indexed(28),
        Terrain::Pasture => Color::Indexed(112),
        Terrain::Fields => Color::Indexed(220),
        Terrain::Mountains => Color::Indexed(246),
        Terrain::Desert => Color::Indexed(180),
    };
    Style::default().bg(bg).fg(Color::Black)
}

/// The colour of a card: its terrain's, commodities on grey.
pub fn card_style(c: Card) -> Style {
    match Terrain::ALL.into_iter().find(|t| t.produces() == Some(c)) {
        Some(t) => terrain_style(t),
        None => Style::default().bg(Color::Indexed(252)).fg(Color::Black),
    }
}

fn lit_style() -> Style {
    Style::default()
        .bg(Color::Magenta)
        .fg(Color::White)
        .add_modifier(Modifier::BOLD)
}

#[derive(Clone)]
struct Cell {
    ch: char,
    style: Style,
}

/// A grid of cells drawn into lines.
struct Canvas {
    cells: Vec<Vec<Cell>>,
    sx: i32,
}

impl Canvas {
    fn new(sx: i32) -> Canvas {
        let blank = Cell {
            ch: ' ',
            style: Style::default(),
        };
        Canvas {
            cells: vec![vec![blank; width(sx) as usize]; ROWS],
            sx,
        }
    }

    /// The cell of a half-unit position.
    fn at(&self, (x, y): (i32, i32)) -> (i32, i32) {
        (self.sx * (x + 5) + MARGIN, y + 8)
    }

    fn put(&mut self, col: i32, row: i32, text: &str, style: Style) {
        for (i, ch) in text.chars().enumerate() {
            let c = col + i as i32;
            if let Some(cell) = self
                .cells
                .get_mut(row as usize)
                .and_then(|r| r.get_mut(c as usize))
            {
                *cell = Cell { ch, style };
            }
        }
    }

    fn free(&self, col: i32, row: i32) -> bool {
        (0..ROWS as i32).contains(&row)
            && self
                .cells
                .get(row as usize)
                .and_then(|r| r.get(col as usize))
                .is_some_and(|c| c.ch == ' ')
    }

    fn lines(self) -> Vec<Line<'static>> {
        self.cells
            .into_iter()
            .map(|row| {
                let spans: Vec<Span> = row
                    .into_iter()
                    .map(|c| Span::styled(c.ch.to_string(), c.style))
                    .collect();
                Line::from(spans)
            })
            .collect()
    }
}

/// What the board lights up: the intersections, paths and hexes the menu can still
/// reach.
#[derive(Default)]
pub struct Lit {
    pub vertices: Vec<u8>,
    pub edges: Vec<u8>,
    pub hexes: Vec<u8>,
}

impl Lit {
    pub fn of(keys: &[String]) -> Lit {
        let mut lit = Lit::default();
        for k in keys {
            let Some((kind, n)) = k.split_once(':') else {
                continue;
            };
            let Ok(n) = n.parse::<u8>() else { continue };
            match kind {
                "vertex" => lit.vertices.push(n),
                "edge" => lit.edges.push(n),
                "hex" => lit.hexes.push(n),
                _ => {}
            }
        }
        lit
    }
}

/// The board as lines of `width(sx)` cells.
pub fn lines(b: &Shown, w: &Words, lit: &Lit, sx: i32) -> Vec<Line<'static>> {
    let mut c = Canvas::new(sx);
    hexes(&mut c, b, w, lit);
    edges(&mut c, b, lit);
    vertices(&mut c, b, lit);
    harbours(&mut c, b);
    c.lines()
}

fn hexes(c: &mut Canvas, b: &Shown, w: &Words, lit: &Lit) {
    let g = Geometry::get();
    let merchant = b.ck.as_ref().and_then(|ck| ck.merchant);
    for h in 0..HEXES {
        let (q, r) = g.hex_axial[h];
        let (col, row) = c.at((2 * q + r, 3 * r));
        let t = b.board.terrain[h];
        let n = b.board.numbers[h];
        let number = if n == 0 {
            "  ".to_string()
        } else {
            format!("{n:>2}")
        };
        let mark = if b.robber as usize == h {
            "R"
        } else if merchant.is_some_and(|(_, mh)| mh as usize == h) {
            "$"
        } else {
            " "
        };
        let style = if lit.hexes.contains(&(h as u8)) {
            lit_style()
        } else {
            terrain_style(t)
        };
        let red = style.fg(if matches!(n, 6 | 8) {
            Color::Red
        } else {
            Color::Black
        });
        // Five cells on small screens (`Fo 8R`), seven on larger ones (` Fo 8 R`).
        let wide = c.sx >= 4;
        let start = col - if wide { 3 } else { 2 };
        let mut at = start;
        if wide {
            c.put(at, row, " ", style);
            at += 1;
        }
        c.put(at, row, &words::terrain_code(w, t), style);
        at += 2;
        c.put(at, row, &number, red.add_modifier(Modifier::BOLD));
        at += 2;
        if wide {
            c.put(at, row, " ", style);
            at += 1;
        }
        let robber = Style::default()
            .bg(Color::Black)
            .fg(Color::White)
            .add_modifier(Modifier::BOLD);
        c.put(at, row, mark, if mark == " " { style } else { robber });
    }
}

fn owner_of_road(b: &Shown, e: u8) -> Option<Seat> {
    (0..b.n() as Seat).find(|&s| b.players[s as usize].roads.contains(e))
}

fn edges(c: &mut Canvas, b: &Shown, lit: &Lit) {
    let g = Geometry::get();
    for e in 0..EDGES as u8 {
        let [a, z] = g.edge_vertices[e as usize];
        let (pa, pz) = (g.vertex_xy[a as usize], g.vertex_xy[z as usize]);
        let (upper, lower) = if pa.1 <= pz.1 { (pa, pz) } else { (pz, pa) };
        let (col, row) = c.at(upper);
        let road = owner_of_road(b, e);
        let (cell, glyph) = if upper.0 == lower.0 {
            ((col, row + 1), if road.is_some() { '┃' } else { '│' })
        } else if lower.0 < upper.0 {
            ((col - 1, row), '╱')
        } else {
            ((col + 2, row), '╲')
        };
        let style = match road {
            _ if lit.edges.contains(&e) => lit_style(),
            Some(s) => Style::default()
                .fg(seat_colour(s))
                .add_modifier(Modifier::BOLD),
            None => Style::default().fg(Color::DarkGray),
        };
        c.put(cell.0, cell.1, &glyph.to_string(), style);
    }
}

/// What stands on an intersection, in two cells, and whose it is.
fn piece(b: &Shown, v: u8) -> Option<(String, Seat)> {
    for (s, p) in b.players.iter().enumerate() {
        let ck = b.ck.as_ref().map(|ck| &ck.players[s]);
        let wall = if ck.is_some_and(|k| k.walls.contains(v)) {
            "#"
        } else {
            " "
        };
        let metropolis =
            b.ck.as_ref()
                .is_some_and(|ck| ck.metropolises(s as Seat).contains(v));
        if p.cities.contains(v) {
            let letter = if metropolis { "M" } else { "C" };
            return Some((format!("{letter}{wall}"), s as Seat));
        }
        if p.settlements.contains(v) {
            return Some(("S ".into(), s as Seat));
        }
        if let Some(k) = ck.and_then(|k| k.knights.iter().find(|k| k.vertex == v)) {
            let letter = if k.active { 'K' } else { 'k' };
            return Some((format!("{letter}{}", k.level), s as Seat));
        }
    }
    None
}

fn vertices(c: &mut Canvas, b: &Shown, lit: &Lit) {
    let g = Geometry::get();
    for v in 0..VERTICES as u8 {
        let (col, row) = c.at(g.vertex_xy[v as usize]);
        let on = lit.vertices.contains(&v);
        let (text, style) = match piece(b, v) {
            Some((text, seat)) => (
                text,
                Style::default()
                    .fg(seat_colour(seat))
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
            ),
            None => (format!("{v:02}"), Style::default().fg(Color::Gray)),
        };
        c.put(col, row, &text, if on { lit_style() } else { style });
    }
}

/// Each harbour's mark on the free cell nearest to the sea side of its path.
fn harbours(c: &mut Canvas, b: &Shown) {
    let g = Geometry::get();
    for (i, [a, z]) in g.harbour_vertices.iter().enumerate() {
        let (pa, pz) = (g.vertex_xy[*a as usize], g.vertex_xy[*z as usize]);
        let (ca, ra) = c.at(pa);
        let (cz, rz) = c.at(pz);
        // The middle of the path, pushed away from the board's centre.
        let (mx, my) = ((ca + cz) as f64 / 2.0 + 0.5, (ra + rz) as f64 / 2.0);
        let (ox, oy) = c.at((0, 0));
        let (dx, dy) = (mx - (ox as f64 + 0.5), my - oy as f64);
        let len = (dx * dx / (c.sx * c.sx) as f64 + dy * dy).sqrt().max(1.0);
        let ideal = (mx + dx / len * c.sx as f64 * 1.2, my + dy / len * 1.2);
        let out = (dx / len / c.sx as f64, dy / len);
        let spot = nearest_free(c, ideal, (mx, my), out);
        let (text, style) = match b.board.harbours[i] {
            Harbour::Generic => (
                "3",
                Style::default()
                    .bg(Color::Blue)
                    .fg(Color::White)
                    .add_modifier(Modifier::BOLD),
            ),
            Harbour::Special(card) => ("2", card_style(card).add_modifier(Modifier::BOLD)),
        };
        if let Some((col, row)) = spot {
            c.put(col, row, text, style);
        }
    }
}

/// The free cell nearest to `(x, y)` on the sea side of the path whose middle is
/// `mid` (`out`: the way to the sea, in cells of half-units).
fn nearest_free(
    c: &Canvas,
    (x, y): (f64, f64),
    mid: (f64, f64),
    out: (f64, f64),
) -> Option<(i32, i32)> {
    let mut best: Option<((i32, i32), f64)> = None;
    let (x0, y0) = (x.round() as i32, y.round() as i32);
    for row in y0 - 2..=y0 + 2 {
        for col in x0 - 4..=x0 + 4 {
            // A mark needs a free cell with free cells beside it, so that it never
            // reads as part of a number, and lies beyond its path, in the sea.
            let beyond = (col as f64 - mid.0) * out.0 + (row as f64 - mid.1) * out.1;
            if beyond < 0.5 || !(c.free(col, row) && c.free(col - 1, row) && c.free(col + 1, row)) {
                continue;
            }
            let d = ((col as f64 - x) / 2.0).powi(2) + (row as f64 - y).powi(2);
            if best.is_none_or(|(_, bd)| d < bd) {
                best = Some(((col, row), d));
            }
        }
    }
    best.map(|(p, _)| p)
}
