//! Viscounts of the West Kingdom (seed 003, the PT-BR rulebook) as a pure and rules-exact
//! engine: no I/O, no clock, no global mutable state. Content is data
//! (`data/*.json`); reconstructed items are marked provisional and reported.
//!
//! Vocabulary (digest section 0): *villagers* (townsfolk cards) in hands, draw piles,
//! discard piles and the three *slots* of the player board; the *viscount* moves on the
//! circular main board of five *segments*; the *castle* has five level-1 and level-2
//! sections and a top level 3; *manuscripts* are transcribed; *debts* and *deeds* come
//! from the Poverty and Prosperity piles.

pub mod action;
pub mod board;
mod castle;
mod clicks;
pub mod config;
pub mod content;
mod decide;
pub mod effect;
pub mod encode;
pub mod error;
mod evaluate;
mod fill;
mod game;
mod legal;
pub mod main_action;
mod position;
mod present;
mod rules;
pub mod scoring;
pub mod solo;
pub mod state;
mod view;

pub use action::{Action, Event, Funding, Main, Outcome};
pub use config::Config;
pub use error::{Error, PositionError, Refusal, Result};
pub use fill::Fill;
pub use state::{Phase, Player, Viscounts};
pub use view::{Seen, Table, View};
