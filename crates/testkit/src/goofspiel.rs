//! Goofspiel, to prove simultaneous secret decisions: a prize card is turned up
//! (chance: the prize deck's order is hidden), every seat bids one of its cards at
//! once, in secret, and the bids are shown together; the highest bid alone takes the
//! prize (a tie at the top takes nothing). After the last prize, the most points
//! wins; equal points share a place. With four seats and `teams`, seats 0 and 2 play
//! against 1 and 3, partners adding their points and sharing one result.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::standing::{by_score, places};
use tabuleiro_core::{
    Explain, Game, Message, Participant, Participants, Present, Rng, Seat, SeatSet, Standing, ToAct,
};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoofConfig {
    pub players: usize,
    /// Cards per hand and prizes, valued 1 to `cards`.
    #[serde(default = "default_cards")]
    pub cards: u8,
    /// Four seats in two teams: 0 and 2 against 1 and 3.
    #[serde(default)]
    pub teams: bool,
}

fn default_cards() -> u8 {
    5
}

impl GoofConfig {
    pub fn players(players: usize) -> GoofConfig {
        GoofConfig {
            players,
            cards: default_cards(),
            teams: false,
        }
    }
    pub fn teams() -> GoofConfig {
        GoofConfig {
            teams: true,
            ..GoofConfig::players(4)
        }
    }
}

/// A set of card values `1..=15`, one bit each.
pub type CardSet = u16;

fn holds(set: CardSet, card: u8) -> bool {
    (1..16).contains(&card) && set & 1 << card != 0
}

fn cards_of(set: CardSet) -> impl Iterator<Item = u8> {
    (1..16).filter(move |&c| holds(set, c))
}

/// A bid of one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid(pub u8);

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "bid {}", self.0)
    }
}

impl FromStr for Bid {
    type Err = GoofError;
    fn from_str(s: &str) -> Result<Self, GoofError> {
        s.strip_prefix("bid ")
            .and_then(|n| n.parse().ok())
            .map(Bid)
            .ok_or(GoofError::Unreadable)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A prize is turned up.
    Prize { card: u8 },
    /// A seat bid; which card stays secret until every seat has.
    Bid { seat: Seat, card: Option<u8> },
    /// The bids, shown together, and who took the prize.
    Shown { bids: Vec<u8>, winner: Option<Seat> },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum GoofError {
    #[error("2 to 4 players (teams: 4), 1 to 15 cards")]
    Config,
    #[error("not this seat's bid now")]
    NotYours,
    #[error("that card is not in the hand")]
    NotHeld,
    #[error("that chance outcome cannot happen here")]
    Outcome,
    #[error("unreadable bid")]
    Unreadable,
}

impl Explain for GoofError {
    fn message(&self) -> Message {
        Message::tagged(self, "refusal", "goofspiel.refusal.")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Goofspiel {
    config: GoofConfig,
    pub hands: Vec<CardSet>,
    /// Prizes still face down.
    pub prizes: CardSet,
    /// The prize up for bids.
    pub prize: Option<u8>,
    pub bids: Vec<Option<u8>>,
    pub points: Vec<i32>,
}

/// How a seat's bid looks to a viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeenBid {
    Waiting,
    Hidden,
    Card(u8),
}

/// Everything but the prize deck's order and the other seats' bids this round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoofView {
    pub viewer: Option<Seat>,
    pub config: GoofConfig,
    pub hands: Vec<CardSet>,
    pub prizes: CardSet,
    pub prize: Option<u8>,
    pub bids: Vec<SeenBid>,
    pub points: Vec<i32>,
}

impl Goofspiel {
    fn show(&mut self, events: &mut Vec<Event>) {
        let bids: Vec<u8> = self.bids.iter().map(|b| b.unwrap_or(0)).collect();
        let top = bids.iter().copied().max().unwrap_or(0);
        let winner = match bids.iter().filter(|&&b| b == top).count() {
            1 => bids.iter().position(|&b| b == top).map(|s| s as Seat),
            _ => None,
        };
        let prize = self.prize.take().expect("a prize up for bids");
        if let Some(w) = winner {
            self.points[w as usize] += prize as i32;
        }
        self.bids.iter_mut().for_each(|b| *b = None);
        events.push(Event::Shown { bids, winner });
    }

    fn team_of(&self, seat: Seat) -> usize {
        seat as usize % 2
    }
}

impl Game for Goofspiel {
    type Config = GoofConfig;
    type Action = Bid;
    type Outcome = u8;
    type Event = Event;
    type Error = GoofError;
    type View = GoofView;
    const NAME: &'static str = "goofspiel";
    const VERSION: &'static str = "1";

    fn new(config: &GoofConfig) -> Result<Self, GoofError> {
        let n = config.players;
        if !(2..=4).contains(&n) || !(1..=15).contains(&config.cards) || config.teams && n != 4 {
            return Err(GoofError::Config);
        }
        let all: CardSet = (1..=config.cards).fold(0, |s, c| s | 1 << c);
        Ok(Goofspiel {
            config: config.clone(),
            hands: vec![all; n],
            prizes: all,
            prize: None,
            bids: vec![None; n],
            points: vec![0; n],
        })
    }
    fn config(&self) -> &GoofConfig {
        &self.config
    }
    fn players(&self) -> usize {
        self.config.players
    }
    fn participants(&self) -> Participants {
        let mut p = Participants::seats(self.players());
        if self.config.teams {
            p.teams = vec![[0, 2].into_iter().collect(), [1, 3].into_iter().collect()];
        }
        p
    }
    fn to_act(&self) -> ToAct {
        match self.prize {
            Some(_) => ToAct::Seats(
                (0..self.players() as Seat)
                    .filter(|&s| self.bids[s as usize].is_none())
                    .collect::<SeatSet>(),
            ),
            None if self.prizes != 0 => ToAct::Chance,
            None => ToAct::Over,
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Bid>) {
        out.clear();
        if self.to_act().seats().contains(seat) {
            out.extend(cards_of(self.hands[seat as usize]).map(Bid));
        }
    }
    fn check(&self, seat: Seat, bid: &Bid) -> Result<(), GoofError> {
        if !self.to_act().seats().contains(seat) {
            Err(GoofError::NotYours)
        } else if !holds(self.hands[seat as usize], bid.0) {
            Err(GoofError::NotHeld)
        } else {
            Ok(())
        }
    }
    fn apply(&mut self, seat: Seat, bid: &Bid, events: &mut Vec<Event>) -> Result<(), GoofError> {
        self.check(seat, bid)?;
        self.apply_unchecked(seat, bid, events);
        Ok(())
    }
    fn apply_unchecked(&mut self, seat: Seat, bid: &Bid, events: &mut Vec<Event>) {
        self.hands[seat as usize] &= !(1 << bid.0);
        self.bids[seat as usize] = Some(bid.0);
        events.push(Event::Bid {
            seat,
            card: Some(bid.0),
        });
        if self.to_act().seats().is_empty() {
            self.show(events);
        }
    }
    fn is_secret(&self, _: Seat, _: &Bid) -> bool {
        true
    }
    /// The last bid shows every bid.
    fn reveals(&self, seat: Seat, _: &Bid) -> bool {
        self.to_act().seats() == SeatSet::one(seat)
    }
    fn sample_chance(&self, rng: &mut Rng) -> u8 {
        let left: Vec<u8> = cards_of(self.prizes).collect();
        left[rng.below(left.len())]
    }
    fn apply_chance(&mut self, card: &u8, events: &mut Vec<Event>) -> Result<(), GoofError> {
        if self.to_act() != ToAct::Chance || !holds(self.prizes, *card) {
            return Err(GoofError::Outcome);
        }
        self.prizes &= !(1 << card);
        self.prize = Some(*card);
        events.push(Event::Prize { card: *card });
        Ok(())
    }
    fn scores(&self) -> Vec<i32> {
        self.points.clone()
    }
    /// Teams share one standing with their summed points; otherwise each seat by its
    /// points, a tie sharing a place.
    fn standings(&self) -> Vec<Standing> {
        if !self.config.teams {
            return by_score(&self.points);
        }
        let mut teams: Vec<(i32, Vec<Participant>)> = (0..2)
            .map(|t| {
                let members: Vec<Seat> = (0..4).filter(|&s| self.team_of(s) == t).collect();
                let score = members.iter().map(|&s| self.points[s as usize]).sum();
                (score, members.into_iter().map(Participant::Seat).collect())
            })
            .collect();
        teams.sort_by_key(|t| std::cmp::Reverse(t.0));
        let places = places(&teams, |a, b| a.0 == b.0);
        teams
            .into_iter()
            .zip(places)
            .map(|((score, members), place)| Standing {
                place,
                members,
                score,
            })
            .collect()
    }
    fn view(&self, viewer: Option<Seat>) -> GoofView {
        GoofView {
            viewer,
            config: self.config.clone(),
            // A bid card left the hand in secret: the others still count it in.
            hands: (0..self.players())
                .map(|s| match self.bids[s] {
                    Some(b) if viewer != Some(s as Seat) => self.hands[s] | 1 << b,
                    _ => self.hands[s],
                })
                .collect(),
            prizes: self.prizes,
            prize: self.prize,
            bids: (0..self.players())
                .map(|s| match self.bids[s] {
                    None => SeenBid::Waiting,
                    Some(b) if viewer == Some(s as Seat) => SeenBid::Card(b),
                    Some(_) => SeenBid::Hidden,
                })
                .collect(),
            points: self.points.clone(),
        }
    }
    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Self {
        Self::guess(&self.view(viewer), rng)
    }
    fn redact(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        match event {
            Event::Bid { seat, .. } if viewer != Some(*seat) => Some(Event::Bid {
                seat: *seat,
                card: None,
            }),
            _ => Some(event.clone()),
        }
    }
}

impl Present for Goofspiel {
    fn path(&self, _: Seat, bid: &Bid) -> Vec<String> {
        vec![format!("card:{}", bid.0)]
    }
    fn label(&self, _: Seat, bid: &Bid) -> Message {
        Message::new("goofspiel.action.bid").arg("card", bid.0)
    }
    fn describe(event: &Event) -> Message {
        Message::tagged(event, "type", "goofspiel.event.")
    }
}

impl Goofspiel {
    /// A secret bid is any card its seat still held.
    fn guess(view: &GoofView, rng: &mut Rng) -> Goofspiel {
        let mut hands = view.hands.clone();
        let bids = view
            .bids
            .iter()
            .zip(&mut hands)
            .map(|(bid, hand)| match *bid {
                SeenBid::Waiting => None,
                SeenBid::Card(b) => Some(b),
                SeenBid::Hidden => {
                    let held: Vec<u8> = cards_of(*hand).collect();
                    let b = held[rng.below(held.len())];
                    *hand &= !(1 << b);
                    Some(b)
                }
            })
            .collect();
        Goofspiel {
            config: view.config.clone(),
            hands,
            prizes: view.prizes,
            prize: view.prize,
            bids,
            points: view.points.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::standing::{is_winner, sole_winner};

    fn bid_all(g: &mut Goofspiel, bids: &[u8]) -> Vec<Event> {
        let mut events = Vec::new();
        for (s, &b) in bids.iter().enumerate() {
            g.apply(s as Seat, &Bid(b), &mut events).unwrap();
        }
        events
    }

    #[test]
    fn bids_are_secret_until_all_are_in_and_a_top_tie_takes_nothing() {
        let mut g = Goofspiel::new(&GoofConfig::players(3)).unwrap();
        g.apply_chance(&4, &mut Vec::new()).unwrap();
        g.apply(1, &Bid(5), &mut Vec::new()).unwrap();
        assert_eq!(g.view(Some(0)).bids[1], SeenBid::Hidden);
        assert_eq!(g.view(Some(1)).bids[1], SeenBid::Card(5));
        assert_eq!(g.view(Some(0)).hands[1], g.view(Some(0)).hands[0]);
        assert_eq!(g.check(1, &Bid(3)), Err(GoofError::NotYours));
        assert_eq!(g.to_act(), ToAct::Seats([0, 2].into_iter().collect()));
        let mut events = Vec::new();
        g.apply(0, &Bid(5), &mut events).unwrap();
        g.apply(2, &Bid(1), &mut events).unwrap();
        assert_eq!(
            events.last(),
            Some(&Event::Shown {
                bids: vec![5, 5, 1],
                winner: None
            })
        );
        assert_eq!(g.points, vec![0, 0, 0]);
        assert_eq!(
            Goofspiel::redact(&events[0], Some(2)),
            Some(Event::Bid {
                seat: 0,
                card: None
            })
        );
    }

    #[test]
    fn equal_points_share_first_place() {
        let mut g = Goofspiel::new(&GoofConfig {
            cards: 2,
            ..GoofConfig::players(2)
        })
        .unwrap();
        g.apply_chance(&2, &mut Vec::new()).unwrap();
        bid_all(&mut g, &[2, 1]);
        g.apply_chance(&1, &mut Vec::new()).unwrap();
        bid_all(&mut g, &[1, 2]);
        assert_eq!(g.to_act(), ToAct::Over);
        assert_eq!(g.points, vec![2, 1]);
        assert_eq!(sole_winner(&g.standings()), Some(0));
        let mut tie = Goofspiel::new(&GoofConfig::players(2)).unwrap();
        tie.points = vec![3, 3];
        let s = tie.standings();
        assert!(s.iter().all(|s| s.place == 1));
        assert!(is_winner(&s, 0) && is_winner(&s, 1));
    }

    #[test]
    fn partners_share_one_result() {
        let mut g = Goofspiel::new(&GoofConfig::teams()).unwrap();
        assert_eq!(g.participants().teams.len(), 2);
        g.points = vec![1, 5, 6, 0];
        let s = g.standings();
        assert_eq!(s.len(), 2);
        assert_eq!(
            s[0].members,
            vec![Participant::Seat(0), Participant::Seat(2)]
        );
        assert_eq!(
            (s[0].place, s[0].score, s[1].place, s[1].score),
            (1, 7, 2, 5)
        );
        assert!(Goofspiel::new(&GoofConfig {
            teams: true,
            ..GoofConfig::players(3)
        })
        .is_err());
    }
}
