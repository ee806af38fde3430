//! Viscounts of the West Kingdom (seed 003, the PT-BR rulebook) as a pure and rules-exact
//! engine: no I/O, no clock, no global mutable state. Content is data
//! (`data/*.json`); reconstructed items are marked provisional and reported.
//!
//! Vocabulary (digest section 0): *villagers* (townsfolk cards) in hands, draw piles,
//! discard piles and the three *slots* of the player board; the *viscount* moves on the
//! circular main board of five *segments*; the *castle* has five level-1 and level-2
//! sections and a top level 3; *manuscripts* are transcribed; *debts* and *deeds* come
//! from the Poverty and Prosperity piles.

pub mod content;
pub mod effect;
