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
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use tabuleiro_core::Seat;
use tabuleiro_games::burgundy::content::Duchy;
use tabuleiro_games::burgundy::modules::{board_halves, SOLO_DUCHIES_JSON};
use tabuleiro_games::burgundy::view::Table as BTable;
use tabuleiro_games::burgundy::{Burgundy, Colour, Tile, View};

/// Hexes per row of a duchy (row-major space ids 0..37).
const ROWS: [usize; 7] = [4, 5, 6, 7, 6, 5, 4];

pub fn table(frame: &mut Frame, area: Rect, t: &Table<Burgundy>) {
    let cols = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([
            Constraint::Length(duchy_width(&t.view.position, t.viewer, 4).max(30)),
            Constraint::Min(22),
            Constraint::Length(if frame.area().width >= 100 { 40 } else { 28 }),
        ])
        .split(area);
    own_duchy(frame, t, cols[0]);
    match &t.view.position.modules.auto_duke {
        // The AutoDuke's panel under the central board (module `auto-duke`).
        Some(a) => {
            let data = &t.view.position.content().auto_duke;
            let face_down = &t.view.auto_duke_face_down;
            let lines = super::auto_duke::lines(t.words, a, face_down, data, t.seen);
            // Each line's rows once wrapped inside the borders.
            let inner = cols[1].width.saturating_sub(2).max(1) as usize;
            let rows: usize = lines.iter().map(|l| l.width().div_ceil(inner).max(1)).sum();
            let rows = Layout::default()
                .direction(Direction::Vertical)
                .constraints([Constraint::Min(12), Constraint::Length(rows as u16 + 2)])
                .split(cols[1]);
            board(frame, t.words, t.view, rows[0]);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(Block::default().borders(Borders::ALL)),
                rows[1],
            );
        }
        None => board(frame, t.words, t.view, cols[1]),
    }
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

/// A duchy as a map: a hexagon's rows of 4-5-6-7-6-5-4 cells, each shifted half a
/// cell (a team board: its two halves one under the other, the shared centre in
/// both), or a solo board's spaces where its picture has them ([`solo_places`]), its
/// rivers' ends marked `≈` (`~` is water's glyph). Empty spaces show their colour's
/// glyph and die number; placed tiles their short code in bold; `lit` spaces (those the
/// current choice can use) are reversed.
fn duchy_lines(b: &BTable, seat: Seat, w: &Words, lit: &[u8], cell: usize) -> Vec<Line<'static>> {
    let p = &b.players[seat as usize];
    let duchy = b.shown_duchy(seat);
    let places = places(b, duchy, cell);
    let rivers: Vec<u8> = duchy.rivers.iter().flatten().copied().collect();
    let rows = places.iter().map(|&(_, row, _)| row + 1).max().unwrap_or(0);
    let mut lines = Vec::new();
    for row in 0..rows {
        let mut on_row: Vec<(usize, usize)> = places
            .iter()
            .filter(|&&(_, r, _)| r == row)
            .map(|&(id, _, col)| (id, col))
            .collect();
        on_row.sort_by_key(|&(_, col)| col);
        let mut spans = Vec::new();
        let mut at = 0;
        for (id, col) in on_row {
            let col = col.max(at);
            spans.push(Span::raw(" ".repeat(col - at)));
            let colour = duchy.colours[id];
            let (mut text, mut style) = match p.spaces[id] {
                Some(t) => (
                    tile_code(w, t),
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
                if cell >= 4 {
                    text = format!("{id:>2}");
                }
            }
            if cell >= 4 && rivers.contains(&(id as u8)) {
                text.push('≈');
            }
            spans.push(Span::styled(format!("{text:<w$}", w = cell - 1), style));
            spans.push(Span::raw(" "));
            at = col + cell;
        }
        lines.push(Line::from(spans));
    }
    if cell >= 4 && !duchy.rivers.is_empty() {
        let rivers: Vec<String> = duchy
            .rivers
            .iter()
            .map(|[a, b]| format!("{a}-{b}"))
            .collect();
        lines.push(Line::from(format!(
            "≈ {}: {}",
            w.t("web.rivers"),
            rivers.join(" ")
        )));
    }
    lines
}

/// Each space drawn, as (space, line, column) for cells `cell` characters wide: a solo
/// board's from its picture, any other board's by hexagon halves (a team board's
/// shared centre is drawn in both).
fn places(b: &BTable, duchy: &Duchy, cell: usize) -> Vec<(usize, usize, usize)> {
    if let Some(solo) = solo_places(duchy.number, cell) {
        return (0..)
            .zip(solo)
            .map(|(id, (row, col))| (id, row, col))
            .collect();
    }
    let hex = hex_places(cell);
    board_halves(b.content(), duchy)
        .iter()
        .enumerate()
        .flat_map(|(h, half)| {
            let hex = &hex;
            half.iter()
                .zip(hex)
                .map(move |(&id, &(row, col))| (id, h * ROWS.len() + row, col))
        })
        .collect()
}

/// The (line, column) of each space of a hexagon duchy, cells `cell` characters wide.
fn hex_places(cell: usize) -> Vec<(usize, usize)> {
    ROWS.iter()
        .enumerate()
        .flat_map(|(row, &len)| (0..len).map(move |i| (row, cell / 2 * (7 - len) + i * cell)))
        .collect()
}

/// Hexes lie 108 pixels apart on the solo boards' pictures, rows 92 apart.
const PX_CELL: f64 = 108.0;
const PX_ROW: f64 = 92.0;

/// The (line, column) of each space of solo board `number` (33, 34), from where the
/// engine's data puts it on the printed board (`px`): clusters stand apart as
/// printed, rather than on a hexagon their rivers do not follow.
fn solo_places(number: u8, cell: usize) -> Option<Vec<(usize, usize)>> {
    let px = solo_pictures().get(&number)?;
    let x0 = px.iter().map(|p| p[0]).min()? as f64;
    let y0 = px.iter().map(|p| p[1]).min()? as f64;
    let place = |[x, y]: [u16; 2]| {
        let row = ((y as f64 - y0) / PX_ROW).round() as usize;
        (
            row,
            ((x as f64 - x0) / PX_CELL * cell as f64).round() as usize,
        )
    };
    Some(px.iter().copied().map(place).collect())
}

/// Each solo board's space positions, read once from the engine's data.
fn solo_pictures() -> &'static BTreeMap<u8, Vec<[u16; 2]>> {
    #[derive(Deserialize)]
    struct Boards {
        boards: Vec<Board>,
    }
    #[derive(Deserialize)]
    struct Board {
        number: u8,
        px: Vec<[u16; 2]>,
    }
    static PX: OnceLock<BTreeMap<u8, Vec<[u16; 2]>>> = OnceLock::new();
    PX.get_or_init(|| {
        serde_json::from_str::<Boards>(SOLO_DUCHIES_JSON)
            .map(|b| b.boards.into_iter().map(|b| (b.number, b.px)).collect())
            .unwrap_or_default()
    })
}

/// Characters a seat's duchy needs at cells `cell` wide (a solo board is wider).
fn duchy_width(b: &BTable, seat: Seat, cell: usize) -> u16 {
    let places = places(b, b.shown_duchy(seat), cell);
    (places
        .iter()
        .map(|&(_, _, col)| col + cell)
        .max()
        .unwrap_or(0)
        + 2) as u16
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
        "{}{} · {}",
        team_role(b, seat),
        w.seat(seat),
        duchy_title(w, b, p.duchy)
    );
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// "Duchy N", marked where its board data is provisional: an expansion's board not
/// verified (duchies 11-30, the team board, solo board 34; issue 15).
fn duchy_title(w: &Words, b: &BTable, duchy: u8) -> String {
    let title = w.f("ui.duchy", &[("n", &duchy.to_string())]);
    match b.content().provisional_duchy(duchy) {
        true => format!("{title} ({})", w.t("web.provisional")),
        false => title,
    }
}

/// A seat's team and place in it, "A1 " (the team game, seed 000 line 799 "A1, B1,
/// A2, B2"); nothing in other games.
fn team_role(b: &BTable, seat: Seat) -> String {
    b.modules.team.as_ref().map_or(String::new(), |team| {
        let (t, _) = team.team_of(seat);
        let n = 1 + usize::from(team.members[t][1] == seat);
        format!("{}{n} ", ["A", "B"][t])
    })
}

/// Whose shields a seat's line lists: in the team game the team's (`rules.team_shields:
/// team`, both members list them) or the member's own (`member`).
fn shields_title(w: &Words, b: &BTable, seat: Seat) -> String {
    use tabuleiro_games::burgundy::config::TeamShields;
    let role = team_role(b, seat);
    match (role.trim(), b.config.rules.team_shields) {
        ("", _) => w.t("web.shields"),
        (role, TeamShields::Member) => w.f("web.shields_of", &[("seat", role)]),
        (role, TeamShields::Team) => w.f("web.shields_of_team", &[("team", &role[..1])]),
    }
}

/// The shields lying on depot `d` (module `shields`, seed 000 line 865).
fn depot_shields(w: &Words, b: &BTable, d: usize) -> String {
    b.modules.shield_depots[d]
        .iter()
        .map(|n| format!(" {}", w.f("web.shield_n", &[("n", &n.to_string())])))
        .collect()
}

/// What the modules give the seat: its shields on its castles and its trade route,
/// each space as "goods number: bonus", the goods laid so far in brackets.
fn module_lines(w: &Words, b: &BTable, seat: Seat) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // The solo game's goal (seed 000 line 829: the turn-order marker on the VP track).
    if let Some(solo) = &b.modules.solo {
        lines.push(Line::from(format!(
            "{}: {} {}",
            w.t("web.solo_goal"),
            solo.goal,
            w.t("ui.vp")
        )));
    }
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
            shields_title(w, b, seat),
            shields.join(", ")
        )));
    }
    if let Some(route) = b.modules.trade_routes.get(seat as usize) {
        let spaces: Vec<String> = route
            .spaces(&b.content().trade_routes)
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
        // Tiles whose content is a reconstruction (data/trade_routes.json 4-12).
        let provisional = Burgundy::provisional_route_tiles(
            &b.content().trade_routes,
            std::slice::from_ref(&route.tiles),
        );
        let mark = match provisional.is_empty() {
            true => String::new(),
            false => format!(" ({}: {provisional:?})", w.t("web.provisional")),
        };
        lines.push(Line::from(format!(
            "{}{mark}: {}",
            w.t("web.trade_route"),
            spaces.join(" | ")
        )));
    }
    lines.extend(vine_lines(w, b, seat));
    lines
}

/// The vineyards: the vine depot and shop, then the seat's vineyard (space: the
/// vines on its two hexes), its hexaminoes held and its vine bonus tiles; the board
/// marked provisional while it is a reconstruction.
fn vine_lines(w: &Words, b: &BTable, seat: Seat) -> Vec<Line<'static>> {
    let Some(v) = b.vineyards() else {
        return Vec::new();
    };
    let list = |items: Vec<String>| match items.is_empty() {
        true => "-".to_string(),
        false => items.join(", "),
    };
    let mut lines = vec![Line::from(format!(
        "{}: {} · {}: {}",
        w.t("web.vine_depot"),
        list(v.depot_words()),
        w.t("web.vine_shop"),
        list(v.shop_words())
    ))];
    if let Some(me) = v.seats.get(seat as usize) {
        let mark = match b.content().vineyard.verified {
            true => String::new(),
            false => format!(" ({})", w.t("web.provisional")),
        };
        let board = me.board_words();
        let tiles: Vec<String> = me.tiles.iter().map(|c| c.to_string()).collect();
        lines.push(Line::from(format!(
            "{}{mark}: {} · {} · {}: {}",
            vineyard_title(w, b, seat),
            list(board),
            held_words(w, b, seat),
            w.t("web.vine_tiles"),
            list(tiles)
        )));
    }
    lines
}

/// Whose vineyard a seat's line shows: in the team game with one a team
/// (`rules.team_vineyard: team`) the team's, both members showing it.
fn vineyard_title(w: &Words, b: &BTable, seat: Seat) -> String {
    let role = team_role(b, seat);
    match b.teams_vineyard() && !role.is_empty() {
        true => w.f("web.team_vineyard", &[("team", &role[..1])]),
        false => w.t("web.vineyard"),
    }
}

/// The hexaminoes a seat holds: on its key spaces and, in the team game, on one
/// private and one shared key space, and its team's on the shared ones.
fn held_words(w: &Words, b: &BTable, seat: Seat) -> String {
    use tabuleiro_games::burgundy::modules::VineKeys;
    b.vines_held(seat)
        .iter()
        .filter(|(keys, list)| *keys == VineKeys::Private || !list.is_empty())
        .map(|(keys, list)| {
            let head = match keys {
                VineKeys::Private => "web.vine_held",
                VineKeys::Split => "web.vine_held_split",
                VineKeys::Shared => "web.vine_held_shared",
            };
            let items: Vec<String> = list.iter().map(|h| h.to_string()).collect();
            let items = match items.is_empty() {
                true => "-".to_string(),
                false => items.join(", "),
            };
            format!("{}: {items}", w.t(head))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn goods(g: &[u8; 6]) -> String {
    match words::goods_counts(g) {
        held if held.is_empty() => "-".into(),
        held => held,
    }
}

fn dice(w: &Words, b: &BTable, seat: Seat) -> String {
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
                .title(w.t("web.central_board")),
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
            format!("{marker}{}{}", team_role(b, seat), w.seat(seat)),
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
                duchy_title(w, b, p.duchy),
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

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::{Game, Rng};
    use tabuleiro_games::burgundy::Config;
    use tabuleiro_i18n::Lang;

    /// The team game with the shields: a seat's line says whose shields it lists,
    /// its team's (`rules.team_shields: team`, both members list them) or the
    /// member's own (`member`), in each language.
    #[test]
    fn a_seats_shields_are_named_its_teams_or_its_own() {
        for (reading, en, pt) in [
            (
                "team",
                "Team A's shields: Shield 8",
                "Escudos do time A: Escudo 8",
            ),
            (
                "member",
                "A2's shields: Shield 8",
                "Escudos de A2: Escudo 8",
            ),
        ] {
            let config: Config = serde_json::from_value(serde_json::json!({
                "players": 4, "modules": ["team", "shields"], "rules": {"team_shields": reading}
            }))
            .unwrap();
            let mut b = Burgundy::create(&config).unwrap();
            let mut rng = Rng::seed(1);
            while b.modules.team.is_none() {
                let outcome = b.sample_chance(&mut rng);
                b.apply_chance(&outcome, &mut Vec::new()).unwrap();
            }
            let second = b.modules.team.as_ref().unwrap().members[0][1];
            b.modules.shields = vec![Default::default(); 4];
            b.modules.shields[second as usize].insert(21, 8);
            for (lang, title) in [(Lang::En, en), (Lang::PtBr, pt)] {
                let w = Words::of::<Burgundy>(lang, vec![]);
                let lines =
                    module_lines(&w, &tabuleiro_core::Game::view(&b, None).position, second);
                let spans = lines.iter().flat_map(|l| l.spans.iter());
                let text: String = spans.map(|s| s.content.as_ref()).collect();
                assert!(text.contains(title), "{reading}: {text}");
            }
        }
    }

    /// The team game with the vineyards: with one vineyard a team
    /// (`rules.team_vineyard: team`) both members' lines show "Team A's vineyard"
    /// with the team's vines and vine bonus tiles, and the team's hexaminoes on its
    /// shared key spaces; with one a member each its own.
    #[test]
    fn a_team_members_line_shows_the_teams_vineyard() {
        use tabuleiro_games::burgundy::modules::Planted;
        use tabuleiro_games::burgundy::modules::Vine;
        for (reading, title, partner_sees) in [
            ("team", "Team A's vineyard", true),
            ("member", "Vineyard", false),
        ] {
            let config: Config = serde_json::from_value(serde_json::json!({
                "players": 4, "modules": ["team", "vineyards"], "rules": {"team_vineyard": reading}
            }))
            .unwrap();
            let mut b = Burgundy::create(&config).unwrap();
            let mut rng = Rng::seed(1);
            while b.vineyards().is_none() {
                let outcome = b.sample_chance(&mut rng);
                b.apply_chance(&outcome, &mut Vec::new()).unwrap();
            }
            let [first, second] = b.modules.team.as_ref().unwrap().members[0];
            let sharers = match partner_sees {
                true => vec![first, second],
                false => vec![first],
            };
            let v = b.modules.vineyards.as_mut().unwrap();
            for s in sharers {
                v.seats[s as usize]
                    .board
                    .insert(1, Planted(Vine::Green, Vine::Blue));
            }
            b.modules.team.as_mut().unwrap().vines[0].push("red-red".parse().unwrap());
            let w = Words::of::<Burgundy>(Lang::En, vec![]);
            let lines = vine_lines(&w, &tabuleiro_core::Game::view(&b, None).position, second);
            let text: String = lines
                .iter()
                .flat_map(|l| l.spans.iter())
                .map(|s| s.content.as_ref())
                .collect();
            assert!(text.contains(title), "{reading}: {text}");
            assert_eq!(
                text.contains("1:green/blue"),
                partner_sees,
                "{reading}: {text}"
            );
            assert!(
                text.contains("The team's hexaminoes (shared key spaces): red-red"),
                "{reading}: {text}"
            );
            // The vine bonus tiles the setup dealt: the team's (`team`) or its own.
            let tiles = &b.vineyards().unwrap().seats[second as usize].tiles;
            assert!(!tiles.is_empty(), "{reading}");
            let listed: Vec<String> = tiles.iter().map(|c| c.to_string()).collect();
            let listed = format!("Vine bonus tiles: {}", listed.join(", "));
            assert!(text.contains(&listed), "{reading}: {text}");
        }
    }
}
