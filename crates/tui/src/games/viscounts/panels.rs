//! The table around the ring: one line on the castle's top and the end of the game,
//! the viewer's player board (resources, Silver, Debts and Deeds, the Virtue and
//! Corruption track, workers, buildings, slots, hand), the other seats' boards with
//! their hands as counts, the solo AI's board and Plot cards, and the legend. Lines
//! are kept by priority: a short screen shows the most needed, a tall one all.

use super::board::{self, colour, fit, marker};
use super::words::{self, STAR};
use crate::game::Table;
use crate::words::Words;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use tabuleiro_core::Seat;
use tabuleiro_games::viscounts::content::{Building, Content};
use tabuleiro_games::viscounts::effect::Res;
use tabuleiro_games::viscounts::scoring::Breakdown;
use tabuleiro_games::viscounts::{Config, View, Viscounts};

pub fn table(frame: &mut Frame, area: Rect, table: &Table<Viscounts>) {
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(board::ROWS),
            Constraint::Length(1),
            Constraint::Min(0),
        ])
        .split(area);
    board::ring(frame, rows[0], table);
    let room = area.width as usize;
    frame.render_widget(
        Paragraph::new(fit(&summary(table.view, table.words), room)),
        rows[1],
    );
    let lines = boards(table, rows[2].height as usize, room);
    frame.render_widget(Paragraph::new(lines), rows[2]);
}

/// A seat's name: "Player 2 (greedy bot)", or the solo AI's.
pub fn seat_name(w: &Words, config: &Config, seat: Seat) -> String {
    if config.is_ai(seat) {
        w.t(&config.automaton())
    } else {
        w.seat(seat)
    }
}

/// The castle's level 3 and leader, the Poverty and Prosperity piles, and the legend
/// of provisional content.
fn summary(view: &View, w: &Words) -> String {
    let g = &view.position;
    let level3: Vec<String> = (0..g.players.len() as Seat)
        .filter(|&s| g.castle.level3[s as usize] > 0)
        .map(|s| {
            format!(
                "{}{}",
                marker(&g.config, s),
                "▪".repeat(g.castle.level3[s as usize] as usize)
            )
        })
        .collect();
    let mut parts = vec![format!(
        "{}: {}",
        w.f("ui.castle_level", &[("n", "3")]),
        if level3.is_empty() {
            "-".into()
        } else {
            level3.join(" ")
        }
    )];
    if let Some(leader) = g.castle.leader {
        parts.push(format!(
            "{} {}",
            w.t("card.castle_leader"),
            marker(&g.config, leader)
        ));
    }
    parts.push(format!(
        "{} {} · {} {}",
        w.t("card.poverty"),
        g.debts_on_poverty,
        w.t("card.prosperity"),
        g.deeds_on_prosperity
    ));
    parts.push(format!("{STAR} {}", w.t("tui.viscounts.provisional")));
    parts.join(" · ")
}

/// The boards' lines, the most needed first when the screen is short.
fn boards(table: &Table<Viscounts>, height: usize, width: usize) -> Vec<Line<'static>> {
    let view = table.view;
    let w = table.words;
    let g = &view.position;
    let me = table.viewer;
    // (priority, order, line): lower priority first kept.
    let mut lines: Vec<(u8, usize, Line<'static>)> = Vec::new();
    let mut push = |priority: u8, line: Line<'static>| {
        let order = lines.len();
        lines.push((priority, order, line));
    };
    let seats: Vec<Seat> = (0..g.players.len() as Seat).collect();
    let mine = me as usize;
    push(0, head(view, w, me, table.actor));
    push(0, hand(view, w, me));
    push(2, track(view, w, me));
    push(3, slots(view, w, me));
    for &s in seats.iter().filter(|&&s| s != me) {
        push(1, head(view, w, s, table.actor));
        if g.config.is_ai(s) {
            push(1, ai_line(view, w));
        }
        push(4, track(view, w, s));
        push(4, slots(view, w, s));
    }
    push(5, points(w, &view.points[mine]));
    push(5, legend(w));
    let keep = height.min(lines.len());
    let mut by_priority: Vec<usize> = (0..lines.len()).collect();
    by_priority.sort_by_key(|&i| (lines[i].0, lines[i].1));
    let mut kept: Vec<usize> = by_priority.into_iter().take(keep).collect();
    kept.sort_by_key(|&i| lines[i].1);
    kept.into_iter()
        .map(|i| clip(lines[i].2.clone(), width))
        .collect()
}

/// A line cut to the screen's width (ratatui cuts too; this keeps the `…`).
fn clip(line: Line<'static>, width: usize) -> Line<'static> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if text.chars().count() <= width {
        return line;
    }
    let style = line.spans.first().map(|s| s.style).unwrap_or_default();
    let mut spans = vec![];
    let mut left = width.saturating_sub(1);
    for s in line.spans {
        let n = s.content.chars().count();
        if n <= left {
            left -= n;
            spans.push(s);
        } else {
            let cut: String = s.content.chars().take(left).collect();
            spans.push(Span::styled(cut, s.style));
            break;
        }
    }
    spans.push(Span::styled("…", style));
    Line::from(spans)
}

/// "[1] Player 1 (you) · 14 VP · 5 Silver · Ink 1 · Gold 0 · Stone 2".
fn head(view: &View, w: &Words, seat: Seat, actor: Option<Seat>) -> Line<'static> {
    let g = &view.position;
    let p = &g.players[seat as usize];
    let mut style = Style::default()
        .fg(colour(seat))
        .add_modifier(Modifier::BOLD);
    if actor == Some(seat) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    let mut rest = vec![
        w.f(
            "ui.points",
            &[("n", &view.points[seat as usize].total().to_string())],
        ),
        w.f("ui.silver", &[("n", &p.silver.to_string())]),
    ];
    rest.extend(Res::ALL.map(|r| format!("{} {}", words::res(w, r), p.res[r as usize])));
    if view.seat != Some(seat) && !g.config.is_ai(seat) {
        rest.insert(
            0,
            format!(
                "{} {}",
                w.t("ui.hand"),
                view.hand_sizes.get(seat as usize).copied().unwrap_or(0)
            ),
        );
    }
    Line::from(vec![
        Span::styled(
            format!(
                "[{}] {}",
                marker(&g.config, seat),
                seat_name(w, &g.config, seat)
            ),
            style,
        ),
        Span::raw(format!(" · {}", rest.join(" · "))),
    ])
}

/// The viewer's hand face up, with the draw and discard piles' sizes.
fn hand(view: &View, w: &Words, seat: Seat) -> Line<'static> {
    let g = &view.position;
    let p = &g.players[seat as usize];
    let hand = p.hand.as_deref().unwrap_or_default();
    let cards: Vec<String> = hand.iter().map(|&c| words::card_icons(w, c)).collect();
    let draw = view.draw_sizes.get(seat as usize).copied().unwrap_or(0);
    Line::from(vec![
        Span::styled(
            format!("{}: ", w.t("ui.hand")),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        Span::raw(format!(
            "{} · {} · {}",
            if cards.is_empty() {
                "-".into()
            } else {
                cards.join(", ")
            },
            w.f("ui.draw_pile", &[("n", &draw.to_string())]),
            w.f("ui.discard_pile", &[("n", &p.discard.len().to_string())]),
        )),
    ])
}

/// Debts and Deeds, the Virtue and Corruption track, workers.
fn track(view: &View, w: &Words, seat: Seat) -> Line<'static> {
    let p = &view.position.players[seat as usize];
    let unpaid = (p.debts.saturating_sub(p.paid_debts)).to_string();
    let acquired = (p.deeds.saturating_sub(p.approved_deeds)).to_string();
    let parts = [
        w.f(
            "tui.viscounts.debts",
            &[("n", &unpaid), ("paid", &p.paid_debts.to_string())],
        ),
        w.f(
            "tui.viscounts.deeds",
            &[
                ("n", &acquired),
                ("approved", &p.approved_deeds.to_string()),
            ],
        ),
        w.f("ui.corruption", &[("n", &p.corruption.to_string())]),
        w.f("ui.virtue", &[("n", &p.virtue.to_string())]),
        w.f("tui.viscounts.workers", &[("n", &p.reserve.to_string())]),
    ];
    Line::from(format!("    {}", parts.join(" · ")))
}

/// The three slots left to right, the buildings built and the manuscripts held.
fn slots(view: &View, w: &Words, seat: Seat) -> Line<'static> {
    let g = &view.position;
    let p = &g.players[seat as usize];
    let slots: Vec<String> = p
        .slots
        .iter()
        .map(|s| s.map_or("-".into(), |c| words::card(w, c)))
        .collect();
    let built: Vec<String> = Building::ALL
        .iter()
        .map(|&b| format!("{}{}", words::building_code(w, b), p.built[b as usize]))
        .collect();
    let ms: Vec<String> = p
        .manuscripts
        .iter()
        .map(|&m| words::manuscript(w, m))
        .collect();
    Line::from(format!(
        "    {}: {} · {}: {} · {}: {}",
        w.t("ui.slots"),
        slots.join(" | "),
        w.t("ui.buildings"),
        built.join(" "),
        w.t("score.manuscripts"),
        if ms.is_empty() {
            "-".into()
        } else {
            ms.join(", ")
        }
    ))
}

/// The solo AI: its board, the Plot card in play and its piles.
fn ai_line(view: &View, w: &Words) -> Line<'static> {
    let g = &view.position;
    let ai = &g.players[tabuleiro_games::viscounts::solo::AI as usize];
    let plot = ai.slots[0].map_or("-".into(), |c| plot_words(w, c));
    let draw = view
        .draw_sizes
        .get(tabuleiro_games::viscounts::solo::AI as usize)
        .copied()
        .unwrap_or(0);
    let board = g.config.ai_board();
    let mark = if board.provisional { STAR } else { "" };
    Line::from(format!(
        "    {}{mark} · {} · {} · {}: {} · {}",
        w.f("ui.ai_board", &[("ai", &w.t(&g.config.automaton()))]),
        plot,
        w.f("ui.plot_deck", &[("n", &draw.to_string())]),
        w.t("card.future_plot"),
        view.future_pile,
        w.f("ui.difficulty", &[("n", &g.config.difficulty.to_string())]),
    ))
}

/// A Plot card with its rows: "Plot s1 [Dismiss / Move 2 / ...]".
fn plot_words(w: &Words, c: tabuleiro_games::viscounts::effect::Card) -> String {
    if !Content::is_plot(c) {
        return words::card(w, c);
    }
    let plot = Content::get().plot(c);
    let rows: Vec<String> = plot
        .rows
        .iter()
        .map(|row| {
            let steps: Vec<String> = row.iter().map(|s| step_words(w, s)).collect();
            steps.join(w.t("tui.viscounts.else").as_str())
        })
        .collect();
    format!("{} [{}]", words::card(w, c), rows.join(" / "))
}

fn step_words(w: &Words, s: &tabuleiro_games::viscounts::content::PlotStep) -> String {
    use tabuleiro_games::viscounts::content::PlotStep as P;
    match s {
        P::Dismiss => w.t("ui.dismiss"),
        P::Move { n } => w.f("tui.viscounts.ai_move", &[("n", &n.to_string())]),
        P::PlaceWorkers => w.t("main.place_workers"),
        P::Build => w.t("main.build"),
        P::Transcribe => w.t("main.transcribe"),
        P::Focus => w.t("tui.viscounts.focus"),
        P::CorruptionPerCriminal => w.t("tui.viscounts.corruption_per_criminal"),
        P::FuturePlot => w.t("card.future_plot"),
        P::Effects { effects } => words::effects(w, effects),
    }
}

/// The viewer's points by source as they would be scored now.
fn points(w: &Words, b: &Breakdown) -> Line<'static> {
    Line::from(format!(
        "    {}: {}",
        w.f("ui.points", &[("n", &b.total().to_string())]),
        sources(w, b).join(" + ")
    ))
}

/// Points by source in words, those worth something.
pub fn sources(w: &Words, b: &Breakdown) -> Vec<String> {
    [
        (b.buildings, "score.buildings"),
        (b.workers, "score.castle"),
        (b.manuscript_sets + b.manuscript_own, "score.manuscripts"),
        (b.leader, "card.castle_leader"),
        (b.clergy_bonus, "card.clergy_bonus"),
        (b.deeds, "score.deeds"),
        (b.debts, "score.debts"),
        (b.poverty, "card.poverty"),
        (b.prosperity, "card.prosperity"),
        (b.leftover_resources, "score.resources"),
    ]
    .iter()
    .filter(|(n, _)| *n != 0)
    .map(|(n, key)| format!("{} {n}", w.t(key)))
    .collect()
}

/// What the board's codes mean.
fn legend(w: &Words) -> Line<'static> {
    let codes: Vec<String> = Building::ALL
        .iter()
        .map(|&b| format!("{} {}", words::building_code(w, b), words::building(w, b)))
        .collect();
    let spaces: Vec<String> = ["outer_left", "outer_right", "inner"]
        .iter()
        .map(|k| {
            format!(
                "{} {}",
                w.t(&format!("tui.viscounts.code.{k}")),
                w.t(&format!("tui.viscounts.space.{k}"))
            )
        })
        .collect();
    Line::from(Span::styled(
        format!(
            "{}: {} · {} · ♜ {} · {STAR} {}",
            w.t("ui.legend"),
            codes.join(", "),
            spaces.join(", "),
            w.t("ui.castle"),
            w.t("ui.provisional")
        ),
        Style::default().add_modifier(Modifier::DIM),
    ))
}
