//! The registry of games. Everything above the game crates (server, terminal, CLI)
//! reaches a game through here: [`visit`] runs code generic over the game a name
//! names, and the game crates are re-exported for the shells' per-game modules.

pub use tabuleiro_burgundy as burgundy;
pub use tabuleiro_catan as catan;
pub use tabuleiro_testkit as testkit;
pub use tabuleiro_viscounts as viscounts;

pub mod ladders;
pub mod levels;
pub mod lobby;
pub mod table;

pub use levels::{bot_spec, parse_bot};

use tabuleiro_core::{Encode, Present};

/// A game as the registry lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    pub name: &'static str,
    /// Offered to people (lobby, `play`); test games are hosted only when asked for.
    pub listed: bool,
}

/// Code generic over a game, run by [`visit`] for the game a name names.
pub trait Visitor {
    type Output;
    fn visit<G: Present>(self) -> Self::Output;
}

/// Every game, listed ones first.
pub const GAMES: &[Listing] = &[
    Listing {
        name: "burgundy",
        listed: true,
    },
    Listing {
        name: "catan",
        listed: true,
    },
    Listing {
        name: "viscounts",
        listed: true,
    },
    Listing {
        name: "nim",
        listed: false,
    },
    Listing {
        name: "trade",
        listed: false,
    },
];

/// Runs `visitor` for the game called `name`, or says which games there are.
pub fn visit<V: Visitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    match name {
        "burgundy" => Ok(visitor.visit::<burgundy::Burgundy>()),
        "catan" => Ok(visitor.visit::<catan::Catan>()),
        "viscounts" => Ok(visitor.visit::<viscounts::Viscounts>()),
        "nim" => Ok(visitor.visit::<testkit::nim::Nim>()),
        "trade" => Ok(visitor.visit::<testkit::trade::Trade>()),
        _ => {
            let known: Vec<_> = GAMES.iter().map(|g| g.name).collect();
            Err(format!("unknown game {name:?}: the games are {known:?}"))
        }
    }
}

/// Code generic over a game that learning agents can play ([`Encode`]), run by
/// [`visit_encoded`].
pub trait EncodedVisitor {
    type Output;
    fn visit<G: Present + Encode>(self) -> Self::Output;
}

/// The games with an encoding for learning agents.
pub const ENCODED: &[&str] = &["burgundy", "catan", "viscounts", "nim"];

/// Runs `visitor` for the game called `name`, or says which games have an encoding.
pub fn visit_encoded<V: EncodedVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    match name {
        "burgundy" => Ok(visitor.visit::<burgundy::Burgundy>()),
        "catan" => Ok(visitor.visit::<catan::Catan>()),
        "viscounts" => Ok(visitor.visit::<viscounts::Viscounts>()),
        "nim" => Ok(visitor.visit::<testkit::nim::Nim>()),
        _ => Err(format!(
            "unknown game {name:?}: the games with an encoding are {ENCODED:?}"
        )),
    }
}

/// The board geometry the tables draw from ([`Present::board`]) of the game `name`.
pub fn board(name: &str) -> Result<serde_json::Value, String> {
    struct Board;
    impl Visitor for Board {
        type Output = serde_json::Value;
        fn visit<G: Present>(self) -> serde_json::Value {
            G::board()
        }
    }
    visit(name, Board)
}
