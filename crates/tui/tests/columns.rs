//! Issue 43: at 80 columns no line of any game's table is cut mid-word. Each game is
//! played by a person picking entries through its menu against bots, in the three
//! languages, and the screen is drawn at 80x24 every few decisions: a run of letters
//! that touches a box's right border (or the screen's edge) must be a whole word of
//! the catalogue or of what the game says (the log, the menu), not a stump of one.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;
use std::collections::HashSet;
use tabuleiro_games::burgundy::Burgundy;
use tabuleiro_games::catan::Catan;
use tabuleiro_games::viscounts::Viscounts;
use tabuleiro_i18n::Lang;
use tabuleiro_tui::{draw, App, Progress, Screen, Setup, TuiGame};

const LANGS: [Lang; 3] = [Lang::En, Lang::PtBr, Lang::Es];

/// The screen's rows at `width` x `height`, one string of cells each.
fn rows<G: TuiGame>(app: &App<G>, width: u16, height: u16) -> Vec<Vec<String>> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

fn is_letter(cell: &str) -> bool {
    cell.chars().next().is_some_and(char::is_alphabetic)
}

/// A cell where a line stops short: a box's right side or corner.
fn is_edge(cell: &str) -> bool {
    matches!(cell, "│" | "┐" | "┘" | "┤" | "╮" | "╯")
}

/// The words a screen may show whole: the catalogue's and what the app says now.
fn vocabulary<G: TuiGame>(app: &App<G>) -> HashSet<String> {
    let catalog = &app.words.catalog;
    let mut texts: Vec<String> = catalog.keys().map(|k| catalog.text(k, &[])).collect();
    texts.extend(app.log.iter().cloned());
    texts.extend(app.entries().into_iter().map(|e| e.label));
    texts.extend((0..app.game().players()).map(|s| app.words.seat(s as u8)));
    texts
        .iter()
        .flat_map(|t| words(t))
        .map(|w| w.to_lowercase())
        .collect()
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// The stumps of words cut at the right edge of a box or of the screen, with the row.
fn cut_words<G: TuiGame>(app: &App<G>) -> Vec<String> {
    let known = vocabulary(app);
    let mut cuts = Vec::new();
    for row in rows(app, 80, 24) {
        for x in 0..row.len() {
            let last = x + 1 == row.len() || is_edge(&row[x + 1]);
            if !last || !is_letter(&row[x]) {
                continue;
            }
            let start = (0..=x)
                .rev()
                .take_while(|&i| is_letter(&row[i]))
                .last()
                .unwrap();
            let stump: String = row[start..=x].concat();
            if stump.chars().count() > 1 && !known.contains(&stump.to_lowercase()) {
                cuts.push(format!("{stump:?} in {:?}", row.concat()));
            }
        }
    }
    cuts
}

/// Plays `decisions` of a person's decisions through the menu (a spread of entries),
/// checking the screen every `every` of them; returns the cuts seen.
fn play_and_look<G: TuiGame>(mut app: App<G>, decisions: usize, every: usize) -> Vec<String> {
    let mut cuts = Vec::new();
    for turn in 0..decisions {
        if !settle(&mut app) {
            break;
        }
        if turn % every == 0 {
            cuts.extend(cut_words(&app));
        }
        let n = app.entries().len();
        if n == 0 {
            break;
        }
        app.choose((turn * 7) % n);
    }
    cuts
}

/// Lets chance and bots move until a person must decide; false once the game is over.
fn settle<G: TuiGame>(app: &mut App<G>) -> bool {
    for _ in 0..100_000 {
        if let Screen::Handover(_) = app.screen {
            app.key(KeyCode::Enter);
        }
        match app.advance() {
            Progress::Waiting if app.screen == Screen::Over => return false,
            Progress::Waiting => return true,
            _ => {}
        }
    }
    panic!("bots and chance never stopped");
}

fn app<G: TuiGame>(seats: &str, lang: Lang, config: Option<serde_json::Value>) -> App<G> {
    App::new(Setup {
        seats: seats.split(',').map(String::from).collect(),
        lang,
        seed: 5,
        config,
        save: None,
    })
    .unwrap()
}

fn assert_uncut(game: &str, cuts: Vec<String>) {
    let unique: HashSet<_> = cuts.into_iter().collect();
    let mut unique: Vec<_> = unique.into_iter().collect();
    unique.sort();
    assert!(
        unique.is_empty(),
        "{game}: words cut at 80 columns:\n{}",
        unique.join("\n")
    );
}

#[test]
fn burgundy_lines_are_not_cut_mid_word_at_80_columns() {
    let mut cuts = Vec::new();
    for lang in LANGS {
        cuts.extend(play_and_look(
            app::<Burgundy>("me,greedy", lang, None),
            60,
            3,
        ));
    }
    assert_uncut("burgundy", cuts);
}

#[test]
fn catan_lines_are_not_cut_mid_word_at_80_columns() {
    let mut cuts = Vec::new();
    for lang in LANGS {
        cuts.extend(play_and_look(
            app::<Catan>("me,greedy,greedy", lang, None),
            60,
            3,
        ));
        let knights = serde_json::json!({"expansion": "cities_and_knights"});
        let ck = app::<Catan>("me,greedy,greedy", lang, Some(knights));
        cuts.extend(play_and_look(ck, 60, 3));
    }
    assert_uncut("catan", cuts);
}

#[test]
fn viscounts_lines_are_not_cut_mid_word_at_80_columns() {
    let mut cuts = Vec::new();
    for lang in LANGS {
        cuts.extend(play_and_look(
            app::<Viscounts>("me,greedy", lang, None),
            60,
            3,
        ));
        cuts.extend(play_and_look(app::<Viscounts>("me", lang, None), 60, 3));
    }
    assert_uncut("viscounts", cuts);
}
