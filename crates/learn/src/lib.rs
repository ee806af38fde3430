//! Learning environments over the tabuleiro games, in Rust (the Python package in
//! `crates/python` wraps them).
//!
//! - [`Env`]: one game stepped by action ids ([`tabuleiro_core::Encode`]): the seat to
//!   act, its mask, each seat's observation from its own view; chance, the rules'
//!   automata and the seats given to tabuleiro's bots are stepped inside, on the one
//!   seeding path, so a seed plays the same game here as in `tabuleiro simulate`.
//! - [`AnyEnv`] and [`open`]: any game by its registry name, with a JSON config.
//! - [`Batch`]: many games stepped together into flat arrays, reset on their own.

mod batch;
mod dynamic;
mod env;

pub use batch::{Batch, BatchError, Buffers, Out};
pub use dynamic::{open, AnyEnv, Spec};
pub use env::{Env, Opponent, StepError};
/// The games with an encoding, by their registry names.
pub use tabuleiro_games::ENCODED as GAMES;
