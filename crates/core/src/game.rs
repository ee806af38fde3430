//! The game interface every game crate implements, and that bots, the store,
//! the server and the CLI are generic over (see DESIGN.md, "The game interface").

use crate::{Explain, Participants, Rng, Seat, SeatSet, Standing};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Who must decide now. `Copy`: asking never allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToAct {
    /// These seats decide, in any order (several for simultaneous decisions).
    Seats(SeatSet),
    /// The game waits for a chance outcome (dice, draws, shuffles).
    Chance,
    /// The game is over.
    Over,
}

impl ToAct {
    /// The seats that decide now (empty for chance or the end).
    pub fn seats(self) -> SeatSet {
        match self {
            ToAct::Seats(s) => s,
            _ => SeatSet::EMPTY,
        }
    }
}

/// One entry of a game's log: a seat's decision or a chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step<A, O> {
    Decision { seat: Seat, action: A },
    Chance { outcome: O },
}

/// A game: pure rules over a state. Chance is never drawn inside: the state asks
/// for it ([`ToAct::Chance`]), the caller draws it with [`Game::sample_chance`] from
/// the generator [`crate::chance_rng`] gives, applies it with [`Game::apply_chance`],
/// and the log keeps the outcome. Games and their parts are plain data.
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
    /// What happened: a message key plus arguments (its serialized form).
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// Why an action, outcome or config was refused: a key plus arguments.
    type Error: std::error::Error + Clone + PartialEq + Explain + Send + Sync;
    /// What one seat (or a spectator) may see.
    type View: Clone + Debug + Serialize + DeserializeOwned;

    /// The game's short name, as used on the command line ("burgundy").
    const NAME: &'static str;
    /// The rules' version, written into every record: a record replays exactly
    /// on an engine of the same version.
    const VERSION: &'static str;

    fn new(config: &Self::Config) -> Result<Self, Self::Error>;
    fn config(&self) -> &Self::Config;
    /// The number of seats.
    fn players(&self) -> usize;
    /// Everyone who takes part: seats, the rules' automata, teams.
    fn participants(&self) -> Participants {
        Participants::seats(self.players())
    }
    fn to_act(&self) -> ToAct;

    /// Every legal decision of `seat` now (empty when the seat need not act), for bots
    /// and menus. A game may leave out decisions no one would choose from a list (a
    /// trade built from any mix of cards); [`Game::check`] still accepts them.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);
    /// Whether `seat` may take `action` now, with the reason when not.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        self.clone().apply(seat, action, &mut Vec::new())
    }
    /// Applies a decision, or refuses it with the reason and leaves `self` unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;
    /// Applies a decision that came from this state's own [`Game::legal_actions`],
    /// skipping the checks (bots' playouts). Anything from outside goes through
    /// [`Game::apply`]. The default checks anyway.
    fn apply_unchecked(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) {
        // An enumerated action that the game refuses is a bug in the game: say so
        // rather than play on from a state that did not change.
        if let Err(e) = self.apply(seat, action, events) {
            panic!("seat {seat}'s enumerated action {action} was refused: {e}");
        }
    }

    /// Whether this decision, taken now, stays hidden from the other seats until the
    /// rules reveal it (a simultaneous secret choice, such as a starting castle).
    /// Search must not let another seat's choices depend on it.
    fn is_secret(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }
    /// Another outcome this chance step could have had that `viewer` (`None`: a
    /// spectator) cannot tell from `outcome` when it happens: a different face-down
    /// tile, another card drawn into another seat's hand, another deck order. `None`
    /// when the rules show `viewer` all of it, or there is no other. It says what the
    /// rules hide at each chance step, apart from the view code, so that the
    /// conformance check can swap what is hidden and require `viewer`'s views and
    /// events not to change until the rules reveal the difference.
    fn hidden_alternative(
        &self,
        _outcome: &Self::Outcome,
        _viewer: Option<Seat>,
        _rng: &mut Rng,
    ) -> Option<Self::Outcome> {
        None
    }
    /// Whether this decision shows some seat something it did not know (a card drawn,
    /// a deck looked at). Undo never goes back past it, as it never does past chance.
    fn reveals(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }
    /// The answer a seat gives when its time to decide runs out (declining a trade
    /// offer), or `None` when a bot should decide for it.
    fn default_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// Draws the outcome the state waits for. Only called when `to_act` is `Chance`.
    fn sample_chance(&self, rng: &mut Rng) -> Self::Outcome;

    /// The outcomes of the chance step the state waits for, each with its probability
    /// (summing to 1, no outcome twice), where they are few enough to list: a roll of
    /// the dice, a card stolen or drawn from a pile. What OpenSpiel's explicit chance
    /// nodes need. `None` where there are too many (a shuffled deck, a board drawn at
    /// setup): such a step is only sampled. `tabuleiro_testkit::chance` holds the list
    /// to [`Game::sample_chance`]'s frequencies.
    fn chance_outcomes(&self) -> Option<Vec<(Self::Outcome, f64)>> {
        None
    }
    /// Applies a chance outcome, or refuses an impossible one and leaves `self` unchanged.
    fn apply_chance(
        &mut self,
        outcome: &Self::Outcome,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error>;

    /// Applies an outcome that this state's own [`Game::sample_chance`] drew, skipping
    /// the checks that an outcome from outside needs (the driver's games, a search's
    /// playouts). Anything from outside (a position file, a client, an outcome a search
    /// met in another determinization) goes through [`Game::apply_chance`]. The default
    /// checks anyway.
    fn apply_chance_unchecked(&mut self, outcome: &Self::Outcome, events: &mut Vec<Self::Event>) {
        // A sampled outcome that the game refuses is a bug in the game: say so rather
        // than play on from a state that did not change.
        if let Err(e) = self.apply_chance(outcome, events) {
            panic!("the state's own sampled outcome was refused: {e}");
        }
    }

    /// Current victory points per seat.
    fn scores(&self) -> Vec<i32>;
    /// The result with the rulebook's tie-breaks: participants (or teams) best first,
    /// with their places. Only meaningful when the game is over.
    fn standings(&self) -> Vec<Standing> {
        crate::standing::by_score(&self.scores())
    }

    /// What `viewer` may see (`None`: a spectator).
    fn view(&self, viewer: Option<Seat>) -> Self::View;
    /// The content this game is played with that a client draws from and that play
    /// never changes (a custom content file), where it is not the game's own data
    /// ([`Game::board`]). It goes to a client once, not in every view. `None`: the
    /// game's own data.
    fn custom_content(&self) -> Option<serde_json::Value> {
        None
    }
    /// A full state consistent with all that `viewer` knows, with the unknowns drawn
    /// from `rng`: a search's guess at the hidden part (OpenSpiel's
    /// `ResampleFromInfostate`). It reads only what `viewer` knows: the swap check
    /// (`tabuleiro_testkit::hidden`) requires two states that `viewer` cannot tell
    /// apart to give the same guess from the same `rng`, so a bot that sees the game
    /// only through it cannot peek.
    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Self;
    /// The event as `viewer` may see it (`None`: a spectator): itself, a redacted copy
    /// (a steal without the card), or nothing. Every route that sends events to a
    /// seat or a spectator passes them through here.
    fn redact(event: &Self::Event, _viewer: Option<Seat>) -> Option<Self::Event> {
        Some(event.clone())
    }

    /// Whether `action` is a choice no player makes while another legal one is not
    /// (Catan's robber on one's own hex): a player's judgement, not a rule. The greedy
    /// and search bots pass such choices over unless every legal one is.
    fn dismissed(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }

    /// A number that a bot should maximise for `seat`: higher is better. Games
    /// without a judgement of position return the current score.
    fn evaluate(&self, seat: Seat) -> f64 {
        self.scores()[seat as usize] as f64
    }

    /// The judgement a search compares seats by (issue 18, fifth round): `how`
    /// picks [`Judgement::Lookahead`] (the bot's [`Game::evaluate`]) or a measure on
    /// which seats at any point of a turn compare alike. Games without such a
    /// measure use [`Game::evaluate`] for all three.
    fn judge(&self, seat: Seat, how: Judgement) -> f64 {
        let _ = how;
        self.evaluate(seat)
    }

    /// The lead in [`Game::judge`]'s points that makes a seat about 73% sure to win
    /// from this position (the scale of a logistic chance of winning), where the game
    /// has measured it; a search turns leads into rewards with it (issue 18, sixth
    /// round). `None`: the search uses its own fixed scale.
    fn lead_scale(&self) -> Option<f64> {
        None
    }
}

/// How a search judges the seats of a position it stopped in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// [`Game::evaluate`]: a seat with a decision of its turn pending may be judged
    /// by where that decision leads, the others where they stand.
    #[default]
    Lookahead,
    /// Every seat where it stands, no decision looked through.
    Static,
    /// Every seat where it stands, plus what its actions still to come in the round
    /// are worth, so that positions at different points of a round compare.
    Even,
    /// [`Judgement::Even`] with its parts weighed as they predicted games' results,
    /// where the game has such a fit; [`Judgement::Even`] where it has not.
    Fitted,
}

/// How a game is offered to people: each legal decision as a path of clicks on the
/// table's drawing (or of menu choices) with its words, and the game's static board
/// data. The tables never parse an action's text or know a rule.
pub trait Present: Game {
    /// The keys of the things to pick, in order, that make `action` (for example
    /// `["die:1", "value:3"]`); each key names something the table draws, or a menu
    /// choice. Two decisions may share a path: the table then asks which one.
    fn path(&self, seat: Seat, action: &Self::Action) -> Vec<String>;
    /// The decision in words.
    fn label(&self, seat: Seat, action: &Self::Action) -> crate::Message;
    /// The event in words.
    fn describe(event: &Self::Event) -> crate::Message;
    /// Static data the tables draw from (board geometry, names of pieces).
    fn board() -> serde_json::Value {
        serde_json::Value::Null
    }
    /// Checks a position read from a file (`tabuleiro position`): that the rules can
    /// reach it, or why not. A game without position files refuses every one, since
    /// an unchecked file could hold anything.
    fn check_position(&self) -> Result<(), String> {
        Err(format!("{} has no position files", Self::NAME))
    }
    /// Reads a position file (its JSON, less the `"game"` name) into a position to
    /// play on, or why not. By default the file is the state as it is, checked by
    /// [`Present::check_position`]; a game may first complete what a hand-written
    /// file leaves out, or run the automatic work pending in it, so that the check
    /// and every use after it see the position where the game waits.
    fn read_position(file: serde_json::Value) -> Result<Self, String> {
        let game: Self = serde_json::from_value(file).map_err(|e| e.to_string())?;
        game.check_position()?;
        Ok(game)
    }
    /// A position in words for `position show`; by default its JSON.
    fn show_position(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// A legal decision as the tables receive it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Offer {
    /// The action's text form, sent back as is to decide.
    pub action: String,
    pub path: Vec<String>,
    pub label: crate::Message,
    /// Taking it closes the seat's undo window (the turn passes, chance follows,
    /// something is revealed, the game ends): a table may ask to confirm it, since
    /// it cannot be taken back. Set by [`crate::Session::offers`].
    #[serde(default, skip_serializing_if = "is_false")]
    pub ends_turn: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

impl Offer {
    pub fn of<G: Present>(game: &G, seat: Seat, action: &G::Action) -> Offer {
        Offer {
            action: action.to_string(),
            path: game.path(seat, action),
            label: game.label(seat, action),
            ends_turn: false,
        }
    }
}
