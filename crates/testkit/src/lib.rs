//! Tiny games that prove each feature of the game contract before a real game needs
//! it, and the conformance checks that every game runs.

pub mod nim;
pub mod trade;
