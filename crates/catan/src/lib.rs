//! Catan as a pure and rules-exact engine: no I/O, no clock, no global mutable state.
//! The base game and Cities & Knights (seed 004, the rulebook this project follows,
//! module [`ck`]) for 3-4 players. Base
//! rules the seed assumes are restated in ../shared/rules (digest section B) and in
//! `docs/catan/rules.md`, with every contested reading an option.
//!
//! Vocabulary: *intersections* (vertices) hold settlements and cities, *paths* (edges)
//! hold roads, *hexes* produce; a *hand* holds resource cards (and, with the
//! expansion, commodities); the *bank* holds the rest.

pub mod action;
pub mod board;
pub mod cards;
pub mod ck;
pub mod config;
pub mod content;
pub mod encode;
pub mod error;
mod evaluate;
mod game;
pub mod geometry;
mod legal;
mod present;
mod rules;
pub mod state;
mod view;

pub use action::{Action, Award, Event, Outcome};
pub use cards::{Card, Cards, Dev, Devs};
pub use config::Config;
pub use error::{Error, Refusal, Result};
pub use state::{Catan, Phase, Player, PointSource};
pub use view::{CkSeen, CkTable, Seen, Table, View};
