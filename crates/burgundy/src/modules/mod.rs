//! Expansions' home (issue 15). A config names the modules it plays with
//! (`"modules": ["duchies-11-18", ...]`, a typed [`ModuleSet`]); [`check`] refuses a
//! combination the rulebooks forbid, or one this engine does not play yet, with a
//! typed reason ([`ModuleRefusal`], catalogue keys `refusal.module.<name>`). What a
//! module keeps on the table lives in [`ModuleState`], part of the position. The
//! engine calls the modules' hooks ([`hooks`]) at a placement, a phase's end and the
//! final scoring.

mod base;
mod hooks;
mod inns;
mod refusal;
mod set;
mod solo;
mod state;

pub use hooks::Hooks;
pub use refusal::ModuleRefusal;
pub use set::{Module, ModuleSet};
pub use state::ModuleState;

pub(crate) use refusal::check;
pub(crate) use solo::{solo_duchies, solo_refusal, SOLO_BOARD};
pub use solo::{SoloClockwise, SoloGoal, SoloRoundGood, SoloState, SOLO_GOAL};
