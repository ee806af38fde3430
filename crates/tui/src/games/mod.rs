//! The games the terminal plays, one module each, and the table that picks a
//! game's module by name.

pub mod burgundy;
pub mod catan;
pub mod viscounts;

use crate::game::TuiGame;

/// Code generic over a game's terminal module, run by [`visit`].
pub trait Visitor {
    type Output;
    fn visit<G: TuiGame>(self) -> Self::Output;
}

/// The games with a terminal module.
pub const GAMES: &[&str] = &["burgundy", "catan", "viscounts"];

/// Runs `visitor` for the game called `name`, or says which games the terminal plays.
pub fn visit<V: Visitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    match name {
        "burgundy" => Ok(visitor.visit::<tabuleiro_games::burgundy::Burgundy>()),
        "catan" => Ok(visitor.visit::<tabuleiro_games::catan::Catan>()),
        "viscounts" => Ok(visitor.visit::<tabuleiro_games::viscounts::Viscounts>()),
        _ => Err(format!(
            "the terminal does not play {name:?}: it plays {GAMES:?}"
        )),
    }
}
