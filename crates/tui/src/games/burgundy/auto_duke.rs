//! The AutoDuke on the terminal table (module `auto-duke`, seed 000 lines
//! 1023-1240): its VP, silver, goods and bonus tiles, its duchy board 35/36 space by
//! space, its two village cards with their spaces filled or not, its reserve, and
//! what it did on its last turn (the log's lines, each naming the procedure's
//! step). Its cards and boards are reconstructed content: the heading says so.

use super::draw::colour_style;
use super::words::{glyph, goods_counts, tile_code};
use crate::words::Words;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use tabuleiro_core::Present;
use tabuleiro_games::burgundy::action::Event;
use tabuleiro_games::burgundy::modules::{AutoDukeData, Held};
use tabuleiro_games::burgundy::view::AutoDukeSeen;
use tabuleiro_games::burgundy::{Burgundy, Colour, Tile};

/// The lines of the AutoDuke's panel; `face_down` the duchy spaces whose tile lies
/// face down (empty in the view: no one knows the tile); `seen` the log's events,
/// oldest first.
pub fn lines(
    w: &Words,
    a: &AutoDukeSeen,
    face_down: &[u8],
    data: &AutoDukeData,
    seen: &[Event],
) -> Vec<Line<'static>> {
    let mut out = vec![heading(w, a, data.verified)];
    if let Some(board) = data.boards.iter().find(|b| b.number == a.board) {
        let mut spans = vec![Span::raw(format!(
            "{}: ",
            w.f("web.auto_duke_board", &[("board", &a.board.to_string())])
        ))];
        let duchy = a.duchy.iter().enumerate().map(|(i, h)| match h {
            None if face_down.contains(&(i as u8)) => Shown::Down,
            h => Shown::of(h),
        });
        spans.extend(slots(w, &board.spaces, duchy));
        out.push(Line::from(spans));
    }
    for card in &a.cards {
        let colours = data.card(card.number).map_or(&[][..], |c| &c.spaces[..]);
        let mut spans = vec![Span::raw(format!(
            "{} ",
            w.f("web.auto_duke_card", &[("card", &card.number.to_string())])
        ))];
        spans.extend(slots(w, colours, card.spaces.iter().map(Shown::of)));
        out.push(Line::from(spans));
    }
    out.push(Line::from(reserve(w, a)));
    out.extend(expansions(w, a).map(Line::from));
    // Its hexaminoes, piled beside its duchy (module `vineyards`, seed 000 line 1252).
    if !a.hexaminoes.is_empty() {
        let pile: Vec<String> = a.hexaminoes.iter().map(|h| h.to_string()).collect();
        out.push(Line::from(format!(
            "{}: {}",
            w.t("web.vine_held"),
            pile.join(", ")
        )));
    }
    out.extend(last_turn(w, seen));
    out
}

/// "AutoDuke (provisional cards and board): 12 VP · 3 silver · goods · bonus tiles · its die".
fn heading(w: &Words, a: &AutoDukeSeen, verified: bool) -> Line<'static> {
    let mut text = format!(
        "{}{}: {} {} · {} {}",
        w.t("web.auto_duke"),
        if verified {
            String::new()
        } else {
            format!(" [{}]", w.t("web.provisional"))
        },
        a.vp,
        w.t("ui.vp"),
        a.silver,
        w.t("ui.silver"),
    );
    let goods = goods_counts(&a.goods);
    if !goods.is_empty() {
        text.push_str(&format!(" · {} {goods}", w.t("ui.goods")));
    }
    if !a.bonus_tiles.is_empty() {
        let tiles: Vec<String> = a.bonus_tiles.iter().map(|b| b.vp.to_string()).collect();
        text.push_str(&format!(" · {} {}", w.t("ui.bonus_tiles"), tiles.join(" ")));
    }
    if let Some(die) = a.die {
        text.push_str(&format!(
            " · {}",
            w.f("web.auto_duke_die", &[("die", &die.to_string())])
        ));
    }
    Line::from(Span::styled(
        text,
        Style::default().add_modifier(Modifier::BOLD),
    ))
}

/// What a space shows: a tile face up, one face down, or nothing.
enum Shown {
    Up(Tile),
    Down,
    Open,
}

impl Shown {
    fn of(h: &Option<Held>) -> Shown {
        match h {
            Some(h) if h.face_down => Shown::Down,
            Some(h) => Shown::Up(h.tile),
            None => Shown::Open,
        }
    }
}

/// Spaces in reading order: a tile's code in bold on its colour, `?` for one face
/// down, an open space its colour's glyph and `·`.
fn slots(w: &Words, colours: &[Colour], held: impl Iterator<Item = Shown>) -> Vec<Span<'static>> {
    held.enumerate()
        .map(|(i, h)| {
            let colour = colours.get(i).copied().unwrap_or(Colour::Building);
            let (text, style) = match h {
                Shown::Down => ("?".to_string(), Modifier::BOLD),
                Shown::Up(tile) => (tile_code(w, tile), Modifier::BOLD),
                Shown::Open => (format!("{}·", glyph(colour)), Modifier::DIM),
            };
            Span::styled(
                format!("[{text:<2}]"),
                colour_style(colour).add_modifier(style),
            )
        })
        .collect()
}

/// "Reserve: tiles face up, ? per wildcard", and the tiles stacked on full colours.
fn reserve(w: &Words, a: &AutoDukeSeen) -> String {
    let mut tiles: Vec<String> = a.reserve.iter().map(|&t| tile_code(w, t)).collect();
    tiles.extend(a.wild.iter().map(|_| "?".to_string()));
    let mut text = format!(
        "{}: {}",
        w.t("web.auto_duke_reserve"),
        if tiles.is_empty() {
            "-".into()
        } else {
            tiles.join(" ")
        }
    );
    if !a.stacked.is_empty() {
        let stacked: Vec<String> = a.stacked.iter().map(|&t| tile_code(w, t)).collect();
        text.push_str(&format!(" · +{}", stacked.join(" ")));
    }
    text
}

/// Its shields, face down beside its board and never used (module `shields`, seed
/// 000 lines 1235-1237), and its trading-post bonus tile (module `trading-posts`,
/// line 1228: 1 the 5/6/7 VP one, 2 the 2/3/4): none of either, no line.
fn expansions(w: &Words, a: &AutoDukeSeen) -> Option<String> {
    let mut parts = Vec::new();
    if !a.shields.is_empty() {
        let shields: Vec<String> = a.shields.iter().map(|n| n.to_string()).collect();
        parts.push(format!(
            "{} {}",
            w.t("web.auto_duke_shields"),
            shields.join(" ")
        ));
    }
    if let Some(tile) = a.trading_post_tile {
        let tile = ["5/6/7", "2/3/4"][(tile as usize).clamp(1, 2) - 1];
        parts.push(w.f("web.auto_duke_post_tile", &[("tile", tile)]));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// Its last turn in the log's words: its events from its last die roll (step 1) to
/// its turn's end.
fn last_turn(w: &Words, seen: &[Event]) -> Vec<Line<'static>> {
    let Some(start) = seen
        .iter()
        .rposition(|e| matches!(e, Event::AutoDukeRolled { .. }))
    else {
        return Vec::new();
    };
    let mut out = vec![Line::from(Span::styled(
        w.t("web.auto_duke_last"),
        Style::default().add_modifier(Modifier::UNDERLINED),
    ))];
    let turn = seen[start..]
        .iter()
        .filter(|e| e.key().starts_with("auto-duke"));
    let end = turn
        .clone()
        .position(|e| matches!(e, Event::AutoDukeTurnEnded {}));
    out.extend(turn.take(end.map_or(usize::MAX, |i| i + 1)).map(|e| {
        let message = <Burgundy as Present>::describe(e);
        Line::from(format!(
            "· {}",
            w.message::<Burgundy>(&message)
                .unwrap_or_else(|| message.to_string())
        ))
    }));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_games::burgundy::Config;
    use tabuleiro_i18n::Lang;

    /// The panel's line of its shields and trading-post tile: none before it takes
    /// any; then the shields' numbers and the tile's VP, in each language.
    #[test]
    fn the_panel_shows_the_auto_dukes_shields_and_trading_post_tile() {
        let config: Config = serde_json::from_value(serde_json::json!({
            "players": 1, "modules": ["auto-duke", "shields", "trading-posts"]
        }))
        .unwrap();
        let game = Burgundy::create(&config).unwrap();
        let view = tabuleiro_core::Game::view(&game, None);
        let mut a = view.position.modules.auto_duke.unwrap();
        let text = |w: &Words, a: &AutoDukeSeen| -> String {
            lines(w, a, &[], &game.content().auto_duke, &[])
                .iter()
                .map(|l| {
                    l.spans
                        .iter()
                        .map(|s| s.content.as_ref())
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let w = Words::of::<Burgundy>(Lang::En, vec!["me".into()]);
        assert!(!text(&w, &a).contains("shields"), "{}", text(&w, &a));
        a.shields = vec![4, 11];
        a.trading_post_tile = Some(1);
        let en = text(&w, &a);
        assert!(
            en.contains(
                "Its shields (face down, unused): 4 11 · Its trading-post bonus tile: 5/6/7 VP"
            ),
            "{en}"
        );
        a.trading_post_tile = Some(2);
        let pt = text(&Words::of::<Burgundy>(Lang::PtBr, vec!["eu".into()]), &a);
        assert!(
            pt.contains("Seus escudos (virados para baixo, sem uso): 4 11 · Sua peça bônus de entrepostos: 2/3/4 PV"),
            "{pt}"
        );
    }
}
