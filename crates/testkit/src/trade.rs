//! A hidden-hand card game with a trade step, to prove the contract where Catan and
//! Viscounts need it: hidden hands and a hidden deck, draws only the drawer sees
//! (events redacted per seat), trade offers built from any mix of cards (checked,
//! not enumerated), answered by every other seat at once (secret answers, declined
//! by default when time runs out), and a peek that reveals (undo closes there).
//!
//! Rules: a deck of [`SUITS`] suits of [`PER_SUIT`] cards; each seat is dealt
//! [`HAND`] cards and a face-down goal suit that even its owner has not seen. On its
//! turn a seat draws a card, then, in any order: offers a trade (at most
//! [`OFFERS_PER_TURN`] a turn; the others answer at once, the offerer picks one who
//! accepted or cancels), banks three cards of one suit as a set, peeks at its own
//! goal (once a game), and ends its turn. After the configured rounds, a seat scores
//! [`SET_POINTS`] per set plus one per card of its goal suit in its hand.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::{Explain, Game, Message, Present, Rng, Seat, SeatSet, ToAct};

pub const SUITS: usize = 4;
pub const PER_SUIT: u8 = 8;
pub const HAND: usize = 4;
pub const OFFERS_PER_TURN: u8 = 2;
pub const SET_POINTS: i32 = 2;
/// The most cards on each side of an offer.
pub const MAX_OFFER: u8 = 4;

/// A suit, `0..SUITS`, written `a`, `b`, ...
pub type Suit = u8;

/// A multiset of cards: how many of each suit. Written as its letters, `aab`
/// (`-` for none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cards(pub [u8; SUITS]);

impl Cards {
    pub fn of(suit: Suit, n: u8) -> Cards {
        let mut c = Cards::default();
        c.0[suit as usize] = n;
        c
    }
    pub fn total(self) -> u8 {
        self.0.iter().sum()
    }
    pub fn contains(self, other: Cards) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| *a >= b)
    }
    pub fn plus(self, other: Cards) -> Cards {
        Cards(std::array::from_fn(|i| self.0[i] + other.0[i]))
    }
    /// Removes `other`, or as much of it as there is.
    pub fn minus(self, other: Cards) -> Cards {
        Cards(std::array::from_fn(|i| {
            self.0[i].saturating_sub(other.0[i])
        }))
    }
    pub fn max(self, other: Cards) -> Cards {
        Cards(std::array::from_fn(|i| self.0[i].max(other.0[i])))
    }
    fn add(&mut self, suit: Suit) {
        self.0[suit as usize] += 1;
    }
    /// The full deck.
    pub fn deck() -> Cards {
        Cards([PER_SUIT; SUITS])
    }
    /// The cards one by one, suit order.
    pub fn list(self) -> Vec<Suit> {
        (0..SUITS as Suit)
            .flat_map(|s| std::iter::repeat_n(s, self.0[s as usize] as usize))
            .collect()
    }
    /// One card drawn uniformly from these.
    fn draw(self, rng: &mut Rng) -> Option<Suit> {
        let weights: Vec<u32> = self.0.iter().map(|&n| n as u32).collect();
        rng.weighted(&weights).map(|s| s as Suit)
    }
    /// `n` cards drawn uniformly from these, without replacement.
    fn take(&mut self, n: usize, rng: &mut Rng) -> Cards {
        let mut got = Cards::default();
        for _ in 0..n {
            let suit = self.draw(rng).expect("enough cards to draw");
            self.0[suit as usize] -= 1;
            got.add(suit);
        }
        got
    }
}

fn suit_letter(s: Suit) -> char {
    (b'a' + s) as char
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("-");
        }
        self.list()
            .into_iter()
            .try_for_each(|s| write!(f, "{}", suit_letter(s)))
    }
}

impl FromStr for Cards {
    type Err = TradeError;
    fn from_str(s: &str) -> Result<Self, TradeError> {
        let mut c = Cards::default();
        if s == "-" {
            return Ok(c);
        }
        for ch in s.chars() {
            c.add(parse_suit(ch)?);
        }
        Ok(c)
    }
}

fn parse_suit(ch: char) -> Result<Suit, TradeError> {
    let s = (ch as u32).wrapping_sub('a' as u32);
    if s < SUITS as u32 {
        Ok(s as Suit)
    } else {
        Err(TradeError::Unreadable)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeConfig {
    pub players: usize,
    #[serde(default = "default_rounds")]
    pub rounds: u8,
}

fn default_rounds() -> u8 {
    4
}

impl TradeConfig {
    pub fn players(players: usize) -> TradeConfig {
        TradeConfig {
            players,
            rounds: default_rounds(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for the deal (chance).
    Deal,
    /// The seat to play draws (chance).
    Draw,
    /// The seat to play offers, banks, peeks or ends its turn.
    Act,
    /// The other seats answer the offer, all at once.
    Answer,
    /// The offerer picks one who accepted, or cancels.
    Choose,
    Over,
}

/// The offer on the table: the offerer gives `give` for `get`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    pub give: Cards,
    pub get: Cards,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Offer {
        give: Cards,
        get: Cards,
    },
    Accept,
    Decline,
    /// The offerer trades with this seat, who accepted.
    With(Seat),
    Cancel,
    Bank(Suit),
    Peek,
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Action::Offer { give, get } => write!(f, "offer {give} for {get}"),
            Action::Accept => f.write_str("accept"),
            Action::Decline => f.write_str("decline"),
            Action::With(seat) => write!(f, "trade with {seat}"),
            Action::Cancel => f.write_str("cancel"),
            Action::Bank(suit) => write!(f, "bank {}", suit_letter(*suit)),
            Action::Peek => f.write_str("peek"),
            Action::End => f.write_str("end"),
        }
    }
}

impl FromStr for Action {
    type Err = TradeError;
    fn from_str(s: &str) -> Result<Self, TradeError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        Ok(match words.as_slice() {
            ["offer", give, "for", get] => Action::Offer {
                give: give.parse()?,
                get: get.parse()?,
            },
            ["accept"] => Action::Accept,
            ["decline"] => Action::Decline,
            ["trade", "with", seat] => {
                Action::With(seat.parse().map_err(|_| TradeError::Unreadable)?)
            }
            ["cancel"] => Action::Cancel,
            ["bank", suit] if suit.chars().count() == 1 => {
                Action::Bank(parse_suit(suit.chars().next().unwrap_or('?'))?)
            }
            ["peek"] => Action::Peek,
            ["end"] => Action::End,
            _ => return Err(TradeError::Unreadable),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every seat's hand and goal suit.
    Deal { hands: Vec<Cards>, goals: Vec<Suit> },
    /// The card the seat to play draws.
    Draw(Suit),
}

/// What happened. Hidden facts are `Option`s that [`Game::redact`] empties for
/// everyone who may not see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Dealt {
        seat: Seat,
        cards: Option<Cards>,
    },
    Drew {
        seat: Seat,
        suit: Option<Suit>,
    },
    Offered {
        seat: Seat,
        give: Cards,
        get: Cards,
    },
    /// A seat answered; how stays secret until every seat has.
    Answered {
        seat: Seat,
        accept: Option<bool>,
    },
    /// Every seat answered: these accepted.
    Answers {
        accepted: SeatSet,
    },
    Traded {
        seat: Seat,
        with: Seat,
        give: Cards,
        get: Cards,
    },
    Cancelled {
        seat: Seat,
    },
    Banked {
        seat: Seat,
        suit: Suit,
    },
    Peeked {
        seat: Seat,
        goal: Option<Suit>,
    },
    Ended {
        seat: Seat,
    },
    /// The game is over; the goals are turned up.
    Over {
        goals: Vec<Suit>,
    },
}

impl Event {
    /// The seat that alone may see what this event hides, and whether it holds a
    /// hidden fact now (the conformance checks' test of redaction).
    pub fn secret_of(&self) -> Option<Seat> {
        match self {
            Event::Dealt {
                seat,
                cards: Some(_),
            }
            | Event::Drew {
                seat,
                suit: Some(_),
            }
            | Event::Answered {
                seat,
                accept: Some(_),
            }
            | Event::Peeked {
                seat,
                goal: Some(_),
            } => Some(*seat),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum TradeError {
    #[error("2 to 5 players, at least one round")]
    Config,
    #[error("not this seat's decision now")]
    NotYours,
    #[error("this decision does not fit the game's step now")]
    WrongStep,
    #[error("an offer gives and asks 1 to 4 cards, from the offerer's hand")]
    BadOffer,
    #[error("no offers left this turn")]
    NoOffersLeft,
    #[error("accepting needs the cards asked for")]
    CannotAccept,
    #[error("that seat did not accept")]
    NotAccepted,
    #[error("a set is three cards of one suit")]
    NoSet,
    #[error("the goal may be looked at once")]
    AlreadyPeeked,
    #[error("that chance outcome cannot happen here")]
    Outcome,
    #[error("unreadable decision")]
    Unreadable,
}

impl Explain for TradeError {
    fn message(&self) -> Message {
        Message::tagged(self, "refusal", "trade.refusal.")
    }
}

/// The whole state, hidden parts included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trade {
    config: TradeConfig,
    pub phase: Phase,
    /// The seat whose turn it is.
    pub turn: Seat,
    pub round: u8,
    pub hands: Vec<Cards>,
    /// The part of each hand everyone knows (shown by offers, accepts and trades).
    pub known: Vec<Cards>,
    /// Sets banked, per suit.
    pub sets: Vec<Cards>,
    /// What is left in the deck (its order is chance's).
    pub deck: Cards,
    pub goals: Vec<Suit>,
    pub peeked: Vec<bool>,
    pub offers_left: u8,
    pub offer: Option<Offer>,
    /// Each seat's answer to the offer (secret while some still answer).
    pub answers: Vec<Option<bool>>,
}

/// How a seat's answer looks to a viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Waiting,
    /// Answered, but how is secret.
    Hidden,
    Accept,
    Decline,
}

/// What one seat or a spectator sees: its own hand, the others' hand sizes and
/// what they showed, its own goal once peeked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradeView {
    pub viewer: Option<Seat>,
    pub config: TradeConfig,
    pub phase: Phase,
    pub turn: Seat,
    pub round: u8,
    pub hands: Vec<Option<Cards>>,
    pub sizes: Vec<u8>,
    pub known: Vec<Cards>,
    pub sets: Vec<Cards>,
    pub deck_size: u8,
    pub goals: Vec<Option<Suit>>,
    pub peeked: Vec<bool>,
    pub offers_left: u8,
    pub offer: Option<Offer>,
    pub answers: Vec<Answer>,
}

impl Trade {
    fn seats(&self) -> impl Iterator<Item = Seat> {
        0..self.config.players as Seat
    }

    fn valid_offer(&self, give: Cards, get: Cards) -> bool {
        (1..=MAX_OFFER).contains(&give.total())
            && (1..=MAX_OFFER).contains(&get.total())
            && self.hands[self.turn as usize].contains(give)
    }

    fn check_decision(&self, seat: Seat, action: &Action) -> Result<(), TradeError> {
        if !self.to_act().seats().contains(seat) {
            return Err(TradeError::NotYours);
        }
        let hand = self.hands[seat as usize];
        match (self.phase, action) {
            (Phase::Act, Action::Offer { give, get }) => {
                if self.offers_left == 0 {
                    Err(TradeError::NoOffersLeft)
                } else if !self.valid_offer(*give, *get) {
                    Err(TradeError::BadOffer)
                } else {
                    Ok(())
                }
            }
            (Phase::Act, Action::Bank(suit)) => match hand.0.get(*suit as usize) {
                Some(&n) if n >= 3 => Ok(()),
                _ => Err(TradeError::NoSet),
            },
            (Phase::Act, Action::Peek) if self.peeked[seat as usize] => {
                Err(TradeError::AlreadyPeeked)
            }
            (Phase::Act, Action::Peek | Action::End) => Ok(()),
            (Phase::Answer, Action::Decline) => Ok(()),
            (Phase::Answer, Action::Accept) => match self.offer {
                Some(o) if hand.contains(o.get) => Ok(()),
                _ => Err(TradeError::CannotAccept),
            },
            (Phase::Choose, Action::Cancel) => Ok(()),
            (Phase::Choose, Action::With(with)) => match self.answers.get(*with as usize) {
                Some(Some(true)) => Ok(()),
                _ => Err(TradeError::NotAccepted),
            },
            _ => Err(TradeError::WrongStep),
        }
    }

    /// Every seat answered: the answers are shown, and those who accepted showed
    /// they hold the cards asked for.
    fn close_answers(&mut self, events: &mut Vec<Event>) {
        let offer = self.offer.expect("an offer is answered");
        let accepted: SeatSet = self
            .seats()
            .filter(|&s| self.answers[s as usize] == Some(true))
            .collect();
        for s in accepted.iter() {
            self.known[s as usize] = self.known[s as usize].max(offer.get);
        }
        events.push(Event::Answers { accepted });
        if accepted.is_empty() {
            self.close_offer(events);
        } else {
            self.phase = Phase::Choose;
        }
    }

    fn close_offer(&mut self, events: &mut Vec<Event>) {
        events.push(Event::Cancelled { seat: self.turn });
        self.offer = None;
        self.answers.iter_mut().for_each(|a| *a = None);
        self.phase = Phase::Act;
    }

    fn trade(&mut self, with: Seat, events: &mut Vec<Event>) {
        let Offer { give, get } = self.offer.take().expect("an offer to trade on");
        let (a, b) = (self.turn as usize, with as usize);
        self.hands[a] = self.hands[a].minus(give).plus(get);
        self.hands[b] = self.hands[b].minus(get).plus(give);
        self.known[a] = self.known[a].minus(give).plus(get);
        self.known[b] = self.known[b].minus(get).plus(give);
        self.answers.iter_mut().for_each(|a| *a = None);
        self.phase = Phase::Act;
        events.push(Event::Traded {
            seat: self.turn,
            with,
            give,
            get,
        });
    }

    fn end_turn(&mut self, events: &mut Vec<Event>) {
        events.push(Event::Ended { seat: self.turn });
        self.turn = (self.turn + 1) % self.config.players as Seat;
        if self.turn == 0 {
            self.round += 1;
        }
        if self.round == self.config.rounds {
            self.phase = Phase::Over;
            events.push(Event::Over {
                goals: self.goals.clone(),
            });
        } else {
            self.start_turn();
        }
    }

    fn start_turn(&mut self) {
        self.offers_left = OFFERS_PER_TURN;
        self.phase = match self.deck.total() {
            0 => Phase::Act,
            _ => Phase::Draw,
        };
    }

    /// A few offers a bot or a menu considers: one card of a suit held for one of
    /// another suit, and a pair for one. Any other mix is still legal.
    fn sample_offers(&self, out: &mut Vec<Action>) {
        let hand = self.hands[self.turn as usize];
        for give in 0..SUITS as Suit {
            for get in (0..SUITS as Suit).filter(|&g| g != give) {
                for n in 1..=2 {
                    if hand.0[give as usize] >= n {
                        out.push(Action::Offer {
                            give: Cards::of(give, n),
                            get: Cards::of(get, 1),
                        });
                    }
                }
            }
        }
    }
}

impl Game for Trade {
    type Config = TradeConfig;
    type Action = Action;
    type Outcome = Outcome;
    type Event = Event;
    type Error = TradeError;
    type View = TradeView;
    const NAME: &'static str = "trade";
    const VERSION: &'static str = "1";

    fn new(config: &TradeConfig) -> Result<Self, TradeError> {
        let n = config.players;
        if !(2..=5).contains(&n) || config.rounds == 0 {
            return Err(TradeError::Config);
        }
        Ok(Trade {
            config: config.clone(),
            phase: Phase::Deal,
            turn: 0,
            round: 0,
            hands: vec![Cards::default(); n],
            known: vec![Cards::default(); n],
            sets: vec![Cards::default(); n],
            deck: Cards::deck(),
            goals: vec![0; n],
            peeked: vec![false; n],
            offers_left: OFFERS_PER_TURN,
            offer: None,
            answers: vec![None; n],
        })
    }
    fn config(&self) -> &TradeConfig {
        &self.config
    }
    fn players(&self) -> usize {
        self.config.players
    }
    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Deal | Phase::Draw => ToAct::Chance,
            Phase::Act | Phase::Choose => ToAct::Seats(SeatSet::one(self.turn)),
            Phase::Answer => ToAct::Seats(
                self.seats()
                    .filter(|&s| s != self.turn && self.answers[s as usize].is_none())
                    .collect(),
            ),
            Phase::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if !self.to_act().seats().contains(seat) {
            return;
        }
        match self.phase {
            Phase::Act => {
                if self.offers_left > 0 {
                    self.sample_offers(out);
                }
                let hand = self.hands[seat as usize];
                out.extend(
                    (0..SUITS as Suit)
                        .filter(|&s| hand.0[s as usize] >= 3)
                        .map(Action::Bank),
                );
                if !self.peeked[seat as usize] {
                    out.push(Action::Peek);
                }
                out.push(Action::End);
            }
            Phase::Answer => {
                if self.check_decision(seat, &Action::Accept).is_ok() {
                    out.push(Action::Accept);
                }
                out.push(Action::Decline);
            }
            Phase::Choose => {
                out.extend(
                    self.seats()
                        .filter(|&s| self.answers[s as usize] == Some(true))
                        .map(Action::With),
                );
                out.push(Action::Cancel);
            }
            Phase::Deal | Phase::Draw | Phase::Over => {}
        }
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<(), TradeError> {
        self.check_decision(seat, action)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), TradeError> {
        self.check_decision(seat, action)?;
        self.apply_unchecked(seat, action, events);
        Ok(())
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let s = seat as usize;
        match *action {
            Action::Offer { give, get } => {
                self.offers_left -= 1;
                // Offering shows the cards offered.
                self.known[s] = self.known[s].max(give);
                self.offer = Some(Offer { give, get });
                self.phase = Phase::Answer;
                events.push(Event::Offered { seat, give, get });
            }
            Action::Accept | Action::Decline => {
                let accept = *action == Action::Accept;
                self.answers[s] = Some(accept);
                events.push(Event::Answered {
                    seat,
                    accept: Some(accept),
                });
                if self.to_act().seats().is_empty() {
                    self.close_answers(events);
                }
            }
            Action::With(with) => self.trade(with, events),
            Action::Cancel => self.close_offer(events),
            Action::Bank(suit) => {
                let set = Cards::of(suit, 3);
                self.hands[s] = self.hands[s].minus(set);
                self.known[s] = self.known[s].minus(set);
                self.sets[s].add(suit);
                events.push(Event::Banked { seat, suit });
            }
            Action::Peek => {
                self.peeked[s] = true;
                events.push(Event::Peeked {
                    seat,
                    goal: Some(self.goals[s]),
                });
            }
            Action::End => self.end_turn(events),
        }
    }

    fn is_secret(&self, _: Seat, action: &Action) -> bool {
        matches!(action, Action::Accept | Action::Decline)
    }
    fn reveals(&self, _: Seat, action: &Action) -> bool {
        *action == Action::Peek
    }
    fn default_action(&self, seat: Seat) -> Option<Action> {
        (self.phase == Phase::Answer && self.to_act().seats().contains(seat))
            .then_some(Action::Decline)
    }

    fn sample_chance(&self, rng: &mut Rng) -> Outcome {
        let mut deck = self.deck;
        match self.phase {
            Phase::Deal => Outcome::Deal {
                hands: self.seats().map(|_| deck.take(HAND, rng)).collect(),
                goals: self.seats().map(|_| rng.below(SUITS) as Suit).collect(),
            },
            _ => Outcome::Draw(deck.draw(rng).unwrap_or(0)),
        }
    }

    fn apply_chance(
        &mut self,
        outcome: &Outcome,
        events: &mut Vec<Event>,
    ) -> Result<(), TradeError> {
        match (self.phase, outcome) {
            (Phase::Deal, Outcome::Deal { hands, goals }) => {
                let n = self.config.players;
                let dealt = hands.iter().fold(Cards::default(), |a, &h| a.plus(h));
                if hands.len() != n
                    || goals.len() != n
                    || hands.iter().any(|h| h.total() as usize != HAND)
                    || goals.iter().any(|&g| g as usize >= SUITS)
                    || !self.deck.contains(dealt)
                {
                    return Err(TradeError::Outcome);
                }
                self.deck = self.deck.minus(dealt);
                self.hands.clone_from(hands);
                self.goals.clone_from(goals);
                for (seat, &cards) in self.seats().zip(hands) {
                    events.push(Event::Dealt {
                        seat,
                        cards: Some(cards),
                    });
                }
                self.start_turn();
            }
            (Phase::Draw, Outcome::Draw(suit)) => {
                if self.deck.0.get(*suit as usize).copied().unwrap_or(0) == 0 {
                    return Err(TradeError::Outcome);
                }
                self.deck.0[*suit as usize] -= 1;
                self.hands[self.turn as usize].add(*suit);
                self.phase = Phase::Act;
                events.push(Event::Drew {
                    seat: self.turn,
                    suit: Some(*suit),
                });
            }
            _ => return Err(TradeError::Outcome),
        }
        Ok(())
    }

    /// Sets are public; the goal cards count only once they are turned up at the end.
    fn scores(&self) -> Vec<i32> {
        self.seats()
            .map(|s| {
                let s = s as usize;
                let sets = self.sets[s].total() as i32 * SET_POINTS;
                let goal = match self.phase {
                    Phase::Over => self.hands[s].0[self.goals[s] as usize] as i32,
                    _ => 0,
                };
                sets + goal
            })
            .collect()
    }

    fn view(&self, viewer: Option<Seat>) -> TradeView {
        let over = self.phase == Phase::Over;
        let sees = |s: Seat| over || viewer == Some(s);
        let answering = self.phase == Phase::Answer;
        TradeView {
            viewer,
            config: self.config.clone(),
            phase: self.phase,
            turn: self.turn,
            round: self.round,
            hands: self
                .seats()
                .map(|s| sees(s).then(|| self.hands[s as usize]))
                .collect(),
            sizes: self.hands.iter().map(|h| h.total()).collect(),
            known: self.known.clone(),
            sets: self.sets.clone(),
            deck_size: self.deck.total(),
            goals: self
                .seats()
                .map(|s| {
                    (over || (sees(s) && self.peeked[s as usize])).then(|| self.goals[s as usize])
                })
                .collect(),
            peeked: self.peeked.clone(),
            offers_left: self.offers_left,
            offer: self.offer,
            answers: self
                .seats()
                .map(|s| match self.answers[s as usize] {
                    None => Answer::Waiting,
                    Some(_) if answering && !sees(s) => Answer::Hidden,
                    Some(true) => Answer::Accept,
                    Some(false) => Answer::Decline,
                })
                .collect(),
        }
    }

    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Self {
        Self::guess(&self.view(viewer), rng)
    }

    fn redact(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        let mut event = event.clone();
        if event.secret_of().is_some_and(|s| Some(s) != viewer) {
            match &mut event {
                Event::Dealt { cards, .. } => *cards = None,
                Event::Drew { suit, .. } => *suit = None,
                Event::Answered { accept, .. } => *accept = None,
                Event::Peeked { goal, .. } => *goal = None,
                _ => {}
            }
        }
        Some(event)
    }
}

impl Present for Trade {
    fn path(&self, _: Seat, action: &Action) -> Vec<String> {
        match action {
            Action::Offer { give, get } => {
                vec!["offer".into(), format!("give:{give}"), format!("get:{get}")]
            }
            Action::With(seat) => vec![format!("seat:{seat}")],
            Action::Bank(suit) => vec!["bank".into(), format!("suit:{}", suit_letter(*suit))],
            other => vec![other.to_string()],
        }
    }
    fn label(&self, _: Seat, action: &Action) -> Message {
        let m = |key: &str| Message::new(format!("trade.action.{key}"));
        match action {
            Action::Offer { give, get } => m("offer")
                .arg("give", give.to_string())
                .arg("get", get.to_string()),
            Action::Accept => m("accept"),
            Action::Decline => m("decline"),
            Action::With(seat) => m("with").arg("seat", seat),
            Action::Cancel => m("cancel"),
            Action::Bank(suit) => m("bank").arg("suit", suit_letter(*suit).to_string()),
            Action::Peek => m("peek"),
            Action::End => m("end"),
        }
    }
    fn describe(event: &Event) -> Message {
        Message::tagged(event, "type", "trade.event.")
    }
    fn board() -> serde_json::Value {
        serde_json::json!({ "suits": SUITS, "per_suit": PER_SUIT, "hand": HAND })
    }
}

impl Trade {
    /// Deals the cards the viewer has not seen from those it cannot place: each
    /// other hand keeps what it showed and is filled to its size, the deck takes the
    /// rest; unseen goals and secret answers are drawn too (an accept only where the
    /// hand drawn holds the cards asked for).
    fn guess(view: &TradeView, rng: &mut Rng) -> Trade {
        let n = view.config.players;
        let mut pool = Cards::deck();
        for s in 0..n {
            let placed = view.hands[s].unwrap_or(view.known[s]);
            pool = pool.minus(placed);
            for (suit, &sets) in view.sets[s].0.iter().enumerate() {
                pool.0[suit] -= sets * 3;
            }
        }
        let hands: Vec<Cards> = (0..n)
            .map(|s| match view.hands[s] {
                Some(h) => h,
                None => {
                    let missing = view.sizes[s] - view.known[s].total();
                    view.known[s].plus(pool.take(missing as usize, rng))
                }
            })
            .collect();
        let answers = (0..n)
            .map(|s| match view.answers[s] {
                Answer::Waiting => None,
                Answer::Accept => Some(true),
                Answer::Decline => Some(false),
                Answer::Hidden => {
                    Some(view.offer.is_some_and(|o| hands[s].contains(o.get)) && rng.below(2) == 0)
                }
            })
            .collect();
        Trade {
            config: view.config.clone(),
            phase: view.phase,
            turn: view.turn,
            round: view.round,
            hands,
            known: view.known.clone(),
            sets: view.sets.clone(),
            deck: pool,
            goals: view
                .goals
                .iter()
                .map(|g| g.unwrap_or_else(|| rng.below(SUITS) as Suit))
                .collect(),
            peeked: view.peeked.clone(),
            offers_left: view.offers_left,
            offer: view.offer,
            answers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dealt(players: usize) -> Trade {
        let mut g = Trade::new(&TradeConfig::players(players)).unwrap();
        let hands = [
            Cards([2, 2, 0, 0]),
            Cards([0, 1, 3, 0]),
            Cards([1, 0, 0, 3]),
        ];
        let outcome = Outcome::Deal {
            hands: hands[..players].to_vec(),
            goals: vec![0; players],
        };
        g.apply_chance(&outcome, &mut Vec::new()).unwrap();
        g.apply_chance(&Outcome::Draw(0), &mut Vec::new()).unwrap();
        g
    }

    #[test]
    fn an_offer_is_answered_by_all_others_at_once_and_traded_with_one() {
        let mut g = dealt(3);
        assert_eq!(g.hands[0], Cards([3, 2, 0, 0]));
        // An offer no enumeration lists, checked without it.
        let offer = Action::Offer {
            give: "aab".parse().unwrap(),
            get: "c".parse().unwrap(),
        };
        let mut legal = Vec::new();
        g.legal_actions(0, &mut legal);
        assert!(!legal.contains(&offer));
        g.check(0, &offer).unwrap();
        g.apply(0, &offer, &mut Vec::new()).unwrap();
        assert_eq!(g.to_act(), ToAct::Seats([1, 2].into_iter().collect()));
        assert!(g.is_secret(1, &Action::Accept));
        assert_eq!(g.default_action(2), Some(Action::Decline));
        // Seat 2 holds no c: it may only decline.
        assert_eq!(g.check(2, &Action::Accept), Err(TradeError::CannotAccept));
        g.apply(2, &Action::Decline, &mut Vec::new()).unwrap();
        let mut events = Vec::new();
        g.apply(1, &Action::Accept, &mut events).unwrap();
        assert_eq!(
            events.last(),
            Some(&Event::Answers {
                accepted: SeatSet::one(1)
            })
        );
        // The accept showed seat 1's c.
        assert_eq!(g.known[1], Cards::of(2, 1));
        assert_eq!(g.check(0, &Action::With(2)), Err(TradeError::NotAccepted));
        g.apply(0, &Action::With(1), &mut Vec::new()).unwrap();
        assert_eq!(g.hands[0], Cards([1, 1, 1, 0]));
        assert_eq!(g.hands[1], Cards([2, 2, 2, 0]));
        assert_eq!(g.known[1], Cards([2, 1, 0, 0]));
        assert_eq!(g.phase, Phase::Act);
        assert_eq!(g.offers_left, OFFERS_PER_TURN - 1);
    }

    #[test]
    fn draws_and_answers_are_redacted_for_everyone_else() {
        let drew = Event::Drew {
            seat: 1,
            suit: Some(2),
        };
        assert_eq!(Trade::redact(&drew, Some(1)), Some(drew.clone()));
        for viewer in [None, Some(0), Some(2)] {
            let seen = Trade::redact(&drew, viewer).unwrap();
            assert_eq!(
                seen,
                Event::Drew {
                    seat: 1,
                    suit: None
                }
            );
            assert_eq!(seen.secret_of(), None);
        }
    }

    #[test]
    fn views_hide_other_hands_and_determinize_keeps_what_was_shown() {
        let mut g = dealt(3);
        let offer = Action::Offer {
            give: "a".parse().unwrap(),
            get: "c".parse().unwrap(),
        };
        g.apply(0, &offer, &mut Vec::new()).unwrap();
        g.apply(1, &Action::Accept, &mut Vec::new()).unwrap();
        let view = g.view(Some(2));
        assert_eq!(view.hands[0], None);
        assert_eq!(view.answers[1], Answer::Hidden);
        assert_eq!(view.goals, vec![None; 3]);
        for seed in 0..50 {
            let d = g.determinize(Some(2), &mut Rng::seed(seed));
            assert_eq!(d.view(Some(2)), view);
            assert!(
                d.hands[0].contains(Cards::of(0, 1)),
                "the offer showed an a"
            );
        }
    }

    #[test]
    fn peeking_reveals_and_banking_scores() {
        let mut g = dealt(3);
        assert!(g.reveals(0, &Action::Peek));
        let mut events = Vec::new();
        g.apply(0, &Action::Bank(0), &mut events).unwrap();
        g.apply(0, &Action::Peek, &mut events).unwrap();
        assert_eq!(g.check(0, &Action::Peek), Err(TradeError::AlreadyPeeked));
        assert_eq!(g.view(Some(0)).goals[0], Some(0));
        assert_eq!(g.view(Some(1)).goals[0], None);
        assert_eq!(g.scores(), vec![SET_POINTS, 0, 0]);
    }

    #[test]
    fn actions_read_back_from_their_text() {
        for a in [
            Action::Offer {
                give: Cards([1, 0, 2, 0]),
                get: Cards([0, 1, 0, 0]),
            },
            Action::With(2),
            Action::Bank(3),
            Action::Peek,
            Action::Decline,
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!("bank z".parse::<Action>(), Err(TradeError::Unreadable));
    }
}
