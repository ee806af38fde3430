//! Tiny games that prove each feature of the game contract before a real game needs
//! it, and the conformance checks that every game runs.

pub mod chance;
pub mod conformance;
pub mod encoding;
pub mod goofspiel;
pub mod hidden;
pub mod nim;
pub mod perft;
pub mod solo;
pub mod trade;
