//! Play The Castles of Burgundy in the terminal: against bots, or several people at
//! one keyboard. [`App`] is the model (driven by keys, testable without a terminal),
//! [`draw()`] paints one seat's view, and [`run`] ties them to a real terminal.

mod app;
mod draw;
mod menu;
mod run;
pub mod save;
mod words;

pub use app::{App, Player, Progress, Screen, Setup};
pub use draw::draw;
pub use menu::{why_not, Choice, Entry, Menu};
pub use run::run;
pub use words::Words;
