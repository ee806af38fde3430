//! Decisions, chance outcomes and events. An action's text is its JSON (compact), so
//! records and position files read it back exactly.

use crate::content::Building;
use crate::effect::{Card, Effect, Ms, Res};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::Seat;

/// How a main action is paid for (seed 003 L372-381): the board's icons always count;
/// `dismiss` adds one villager's icons; `paid` resources of the action's kind (Silver
/// for Trade) add one icon each; `subs[i]` uses the substitute ability of the card in
/// slot i that many times.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Funding {
    #[serde(default)]
    pub dismiss: bool,
    #[serde(default)]
    pub paid: u8,
    #[serde(default)]
    pub subs: [u8; 3],
}

/// The main action and its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Main {
    /// Repeat the space's transaction `times` times (L397).
    Trade {
        times: u8,
    },
    /// `spot`: index of the building spot in the Viscount's segment.
    Build {
        building: Building,
        spot: u8,
    },
    PlaceWorkers {
        workers: u8,
    },
    Transcribe,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Action {
    /// Setup step 9: take pair `pair` of the row.
    ChoosePair {
        pair: u8,
    },
    /// Phase 1: play this card from hand to the leftmost slot.
    Place {
        card: Card,
    },
    /// Phase 2: end on space `to` after `steps` steps (base + paid + free).
    Move {
        to: u8,
        paid: u8,
        free: bool,
    },
    /// Phase 3.
    Main {
        main: Main,
        funding: Funding,
    },
    /// Phase 3 when no main action is possible.
    NoAction,
    /// Phase 4: hire the villager adjacent to the Viscount.
    Hire,
    /// Decline an optional decision (hire, rearrange, discard, destroy, ...).
    Pass,
    /// Pick option `index` of a choice, or accept an optional exchange (index 0).
    Choose {
        index: u8,
    },
    /// Rearrange: `order[i]` is the old slot of the card that goes to slot i.
    Rearrange {
        order: [u8; 3],
    },
    DiscardFromHand {
        card: Card,
    },
    /// Discard the top card of the draw pile, blind (A14).
    DiscardTop,
    DestroyFromHand {
        card: Card,
    },
    DestroyTop,
    /// Player card 9: destroy a named card of the unshuffled starting pile.
    DestroyFromPile {
        card: Card,
    },
    FlipDebt,
    FlipDeed,
    TakeResource {
        res: Res,
    },
    /// Free hire: the top villager of the stack at board position `pos`.
    HireFree {
        pos: u8,
    },
    /// Move worker: one own level-1 worker from `section` to the next section.
    CastleMove {
        section: u8,
        clockwise: bool,
    },
    /// Put the workers of an effect in level-1 `section`.
    PlaceIn {
        section: u8,
    },
    /// A free building on `spot` of board position `pos`.
    BuildFree {
        pos: u8,
        spot: u8,
    },
    /// A free manuscript from the stack at board position `pos`.
    TakeManuscript {
        pos: u8,
    },
    /// Resolve the level-1 group of this section first (L479).
    Advance {
        section: u8,
    },
    /// Remove one worker of `owner` from the overfull section being reduced.
    Expel {
        owner: Seat,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| fmt::Error)?)
    }
}

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        serde_json::from_str(s).map_err(|e| e.to_string())
    }
}

/// The result of a chance step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "chance", rename_all = "snake_case")]
pub enum Outcome {
    /// Setup: ring order of segments, castle rotation, first player, the five villager
    /// stack tops, the grey-backed manuscript on each stack, the row of player cards
    /// (numbers 1-10) and the hero under each.
    Setup {
        order: [u8; 5],
        rotation: u8,
        first: Seat,
        tops: [Card; 5],
        grey: [Ms; 5],
        player_cards: Vec<u8>,
        heroes: Vec<Card>,
        /// Solo: the Future Plots shuffled into the Plot draw pile (difficulty, L762).
        #[serde(default)]
        ai_future: Vec<Card>,
    },
    /// A card drawn from a draw pile, or revealed on a villager stack.
    Card { card: Card },
    /// A manuscript revealed on a stack.
    Manuscript { ms: Ms },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    Decided {
        seat: Seat,
        action: Action,
        /// The question answered, where the action alone does not say what was
        /// decided (a choice's option by its index, a declined offer): the log's words.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        asked: Option<crate::state::Question>,
        /// A main action's payers as they stood when it was taken: the log names them
        /// after they have moved on (a card played later is not among them).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        payers: Option<Payers>,
    },
    /// A card drawn into a hand (others see `None`).
    Drew {
        seat: Seat,
        card: Option<Card>,
    },
    Revealed {
        pos: u8,
        card: Card,
    },
    RevealedManuscript {
        pos: u8,
        ms: Ms,
    },
    Reshuffled {
        seat: Seat,
    },
    Collision {
        seat: Seat,
        space: u8,
    },
    EndTriggered,
    GameOver,
    /// The steps of the solo AI's Plot rows as done (L736-740): it decides nothing
    /// else, so without them its turn would leave the log silent.
    AiMoved {
        seat: Seat,
        to: u8,
    },
    /// The villager beside it leaves the game (`None`: the printed one, which stays).
    AiDismissed {
        seat: Seat,
        card: Option<Card>,
    },
    AiPlacedWorkers {
        seat: Seat,
        workers: u8,
        section: u8,
    },
    AiBuilt {
        seat: Seat,
        building: Building,
        pos: u8,
        spot: u8,
    },
    /// `ms`: the tile taken (`None`: the one printed on the board).
    AiTranscribed {
        seat: Seat,
        ms: Option<Ms>,
        pos: u8,
    },
    AiCorruption {
        seat: Seat,
        n: u8,
    },
    AiFuturePlot {
        seat: Seat,
    },
    /// A row's printed effects (gains, flips), before the AI Reference card converts them.
    AiEffects {
        seat: Seat,
        effects: Vec<Effect>,
    },
}

/// The cards that could pay a main action when it was taken: the player board's
/// slots and the villager beside the Viscount (`None`: the printed one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Payers {
    pub slots: [Option<Card>; 3],
    pub beside: Option<Card>,
}
