//! What every tabuleiro game shares: seats, the [`Game`] trait, the seeded random
//! source, game records and replay, a driver that plays a game to its end, and
//! sessions with undo. Pure: no I/O, no clock, no global state.

mod driver;
mod game;
mod record;
mod rng;
mod session;

pub use driver::{play, Chooser, Played, UniformChooser};
pub use game::{Game, Seat, Step, ToAct};
pub use record::{replay, Record, ReplayError};
pub use rng::Rng;
pub use session::{Session, UndoError};
