//! The Castles of Burgundy, as a pure and rules-exact engine: no I/O, no clock, no
//! global mutable state. The rules follow the Special Edition rulebooks (seeds 000
//! pt-BR and 002 es) with the classic edition (seed 001) as an option.
//!
//! Vocabulary: a *duchy* is a player's 37-space estate; *depots* 1-6 and the *black
//! depot* hold hex tiles on the central board; *storage* is the three spaces for hex
//! tiles on the player board; *goods* are stored by type (1-6, the die number);
//! *knowledge tiles* are the yellow tiles (monastérios in the Portuguese rulebook).

/// Serde for a type written as its text (`Display` and `FromStr`), as positions,
/// actions and records write tiles, hexaminoes and the AutoDuke's modifiers.
macro_rules! serde_as_text {
    ($($t:ty),+) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )+};
}

pub mod action;
pub mod config;
pub mod content;
pub mod custom;
pub mod encode;
pub mod error;
pub mod evaluate;
mod game;
pub mod knowledge;
pub mod modules;
mod present;
mod render;
mod scoring;
pub mod sets;
mod setup;
pub mod state;
pub mod tile;
mod turn;
pub mod view;

pub use action::{Action, Event, Outcome, ScoreReason};
pub use config::{Config, Edition};
pub use custom::GameContent;
pub use error::Error;
pub use knowledge::Knowledge;
pub use scoring::KNOWLEDGE_BUILDINGS;
pub use state::Burgundy;
pub use tile::{Animal, Building, Colour, Tile};
/// Why a tile cannot go on a space, for interfaces that explain refusals.
pub use turn::Misplaced;
pub use view::View;
