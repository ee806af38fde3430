//! The terminal loop: draw, let bots and chance move at a visible pace, read keys.

use crate::app::{App, Progress};
use crate::draw::draw;
use crate::game::TuiGame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use std::time::Duration;

/// Plays until the game is quit (after the final scoring, or with `q`). Bots' moves
/// are spaced by `pace` so that a person can follow them in the log.
pub fn run<G: TuiGame>(mut app: App<G>, pace: Duration) -> Result<(), String> {
    let mut terminal = ratatui::try_init().map_err(|e| format!("this needs a terminal: {e}"))?;
    let result = play(&mut terminal, &mut app, pace);
    ratatui::restore();
    result.map_err(|e| e.to_string())
}

fn play<G: TuiGame>(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App<G>,
    pace: Duration,
) -> std::io::Result<()> {
    loop {
        terminal.draw(|f| draw(f, app))?;
        if app.quit {
            return Ok(());
        }
        match app.advance() {
            Progress::Chance => {}
            Progress::Bot(_) => {
                // Keys still work while bots move: `q` leaves at once.
                if event::poll(pace)? {
                    if let Some(code) = key(event::read()?) {
                        if code == KeyCode::Char('q') {
                            app.quit = true;
                        }
                    }
                }
            }
            Progress::Waiting => {
                if let Some(code) = key(event::read()?) {
                    app.key(code);
                }
            }
        }
    }
}

fn key(e: Event) -> Option<KeyCode> {
    match e {
        Event::Key(k) if k.kind == KeyEventKind::Press => Some(k.code),
        _ => None,
    }
}
