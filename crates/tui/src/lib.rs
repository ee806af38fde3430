//! Play tabuleiro's games in the terminal: against bots, or several people at one
//! keyboard. The shell knows no game: [`App`] is the model (driven by keys, testable
//! without a terminal), [`draw()`] paints the screen, [`run`] ties them to a real
//! terminal, and each game brings a module ([`games`]) that implements [`TuiGame`]:
//! its drawing and its words. Menus come from the game's click paths, refusals from
//! its engine.

mod app;
mod draw;
mod game;
pub mod games;
#[cfg(test)]
mod hidden_tests;
mod menu;
mod record_log;
mod run;
pub mod save;
mod words;

pub use app::{default_seats, App, Player, Progress, Screen, Setup};
pub use draw::draw;
pub use game::{Table, TuiGame};
pub use menu::{refusals, Entry, Menu, Node};
pub use record_log::record_log;
pub use run::run;
pub use words::Words;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// Starts game `game` and plays it in the terminal.
pub fn play(game: &str, setup: Setup, pace: Duration) -> Result<(), String> {
    struct Play(Setup, Duration);
    impl games::Visitor for Play {
        type Output = Result<(), String>;
        fn visit<G: TuiGame>(self) -> Self::Output {
            run(App::<G>::new(self.0)?, self.1)
        }
    }
    games::visit(game, Play(setup, pace))?
}

/// Continues the game saved at `path` in the terminal, saving to `save`.
pub fn resume(path: &Path, save: Option<PathBuf>, pace: Duration) -> Result<(), String> {
    struct Resume(save::Untyped, Option<PathBuf>, Duration);
    impl games::Visitor for Resume {
        type Output = Result<(), String>;
        fn visit<G: TuiGame>(self) -> Self::Output {
            run(App::<G>::resume(self.0.typed()?, self.1)?, self.2)
        }
    }
    let file = save::read_any(path)?;
    let game = file.game.clone();
    games::visit(&game, Resume(file, save, pace))?
}
