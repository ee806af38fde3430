//! The game interface every game crate implements, and that bots, the store,
//! the server and the CLI are generic over (see DESIGN.md, "The game interface").

use crate::Rng;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// A player's place at the table, 0-based, in clockwise order.
pub type Seat = u8;

/// Who must decide now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// These seats decide, in any order (several for simultaneous decisions).
    Seats(Vec<Seat>),
    /// The game waits for a chance outcome (dice, bag draws).
    Chance,
    /// The game is over.
    Over,
}

/// One entry of a game's log: a seat's decision or a chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step<A, O> {
    Decision { seat: Seat, action: A },
    Chance { outcome: O },
}

/// A game: pure rules over a state. Chance is never drawn inside: the state asks
/// for it ([`ToAct::Chance`]), the driver draws it with [`Game::sample_chance`] and
/// applies it with [`Game::apply_chance`], and the log keeps the outcome.
/// Games and their parts are plain data: `Send + Sync` lets a server hold them across threads.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Players, edition, options. Validated by [`Game::new`].
    type Config: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// One decision of one seat.
    type Action: Clone
        + Debug
        + PartialEq
        + Eq
        + Serialize
        + DeserializeOwned
        + Display
        + FromStr
        + Send
        + Sync;
    /// The outcome of one chance step (a roll, the tiles drawn for a phase).
    type Outcome: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync;
    /// What happened, as a message key plus arguments.
    type Event: Clone + Debug + Serialize;
    /// Why an action or outcome was refused.
    type Error: std::error::Error + Clone + PartialEq;
    /// What one seat (or a spectator) may see.
    type View: Clone + Debug + Serialize + DeserializeOwned;

    /// The game's short name, as used on the command line ("burgundy").
    const NAME: &'static str;

    fn new(config: &Self::Config) -> Result<Self, Self::Error>;
    fn config(&self) -> &Self::Config;
    fn players(&self) -> usize;
    fn to_act(&self) -> ToAct;

    /// Every legal decision of `seat` now (empty when the seat need not act).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);
    /// Applies a decision, or refuses it with the reason and leaves `self` unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Draws the outcome the state waits for. Only called when `to_act` is `Chance`.
    fn sample_chance(&self, rng: &mut Rng) -> Self::Outcome;
    /// Applies a chance outcome, or refuses an impossible one and leaves `self` unchanged.
    fn apply_chance(
        &mut self,
        outcome: &Self::Outcome,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Final (or current) victory points per seat.
    fn scores(&self) -> Vec<i32>;
    /// Seats in finishing order with the rulebook's tie-breaks; only meaningful when over.
    fn ranking(&self) -> Vec<Seat>;

    /// What `seat` may see (`None`: a spectator).
    fn view(&self, seat: Option<Seat>) -> Self::View;
    /// A full state consistent with `view`, with the unknowns drawn from `rng`.
    fn determinize(view: &Self::View, rng: &mut Rng) -> Self;

    /// A number that a bot should maximise for `seat`: higher is better. Games
    /// without a judgement of position return the current score.
    fn evaluate(&self, seat: Seat) -> f64 {
        self.scores()[seat as usize] as f64
    }
}
