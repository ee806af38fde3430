//! What every tabuleiro game shares: seats, the [`Game`] trait and its presentation
//! ([`Present`]), messages (a key plus arguments), participants and standings, the
//! seeded random source and the one seeding path, game records and replay, a driver
//! that plays a game to its end, and sessions with undo. Pure: no I/O, no clock, no
//! global state.

pub mod chance;
mod driver;
pub mod encode;
mod game;
mod message;
mod record;
mod rng;
mod seats;
mod seeding;
mod session;
pub mod standing;

pub use driver::{play, Chooser, Played, UniformChooser};
pub use encode::{Encode, Features};
pub use game::{Game, Judgement, Offer, Present, Step, ToAct};
pub use message::{Explain, Message};
pub use record::{apply_step, replay, Record, ReplayError};
pub use rng::Rng;
pub use seats::{Seat, SeatSet, MAX_SEATS};
pub use seeding::{bot_rng, chance_rng, BotStreams};
pub use session::{Session, UndoError};
pub use standing::{Participant, Participants, Standing};
