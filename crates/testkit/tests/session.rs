//! The session's per-seat undo window (crates/core/src/session.rs), on the test
//! games: simultaneous bids undone by their own seats in any order, the window
//! closing at a reveal, at chance and when the turn passes, and a decision others
//! built on staying.

use serde::{Deserialize, Serialize};
use tabuleiro_core::{Explain, Game, Message, Rng, Seat, SeatSet, Session, ToAct, UndoError};
use tabuleiro_testkit::goofspiel::{Bid, GoofConfig, Goofspiel};
use tabuleiro_testkit::trade::{Action, Trade, TradeConfig};

/// Three seats about to bid on the first prize.
fn bidding() -> Session<Goofspiel> {
    let mut s = Session::<Goofspiel>::new(GoofConfig::players(3), 7).unwrap();
    s.draw_chance().unwrap().unwrap();
    assert_eq!(s.game().to_act().seats(), SeatSet::first(3));
    s
}

#[test]
fn simultaneous_bids_are_each_undone_by_their_own_seat_in_any_order() {
    for order in [[0, 1], [1, 0]] {
        let mut s = bidding();
        s.apply(0, Bid(3)).unwrap();
        s.apply(1, Bid(5)).unwrap();
        assert!(s.can_undo(0) && s.can_undo(1) && !s.can_undo(2));
        assert_eq!(s.undo(2), Err(UndoError::Nothing(2)));
        s.undo(order[0]).unwrap();
        let other = order[1] as usize;
        assert_eq!(s.game().bids[order[0] as usize], None, "undone");
        assert!(s.game().bids[other].is_some(), "the other bid stays");
        assert_eq!(s.record().decisions(), 1);
        s.undo(order[1]).unwrap();
        assert_eq!(s.game().bids, vec![None; 3]);
        assert_eq!(s.game().hands, bidding().game().hands);
        assert!(!s.undo_open());
        // Bidding again after undoing works as a first bid.
        s.apply(order[1], Bid(2)).unwrap();
        assert!(s.can_undo(order[1]));
    }
}

#[test]
fn undo_closes_when_the_last_bid_shows_them_all_and_at_chance() {
    let mut s = bidding();
    s.apply(0, Bid(3)).unwrap();
    s.apply(1, Bid(5)).unwrap();
    assert!(s.game().reveals(2, &Bid(1)));
    s.apply(2, Bid(1)).unwrap();
    assert_eq!(s.game().to_act(), ToAct::Chance);
    for seat in 0..3 {
        assert_eq!(s.undo(seat), Err(UndoError::Nothing(seat)));
    }
    s.draw_chance().unwrap().unwrap();
    assert!(!s.undo_open());
    // A bid, then chance in a two-seat game: the chance step closes the window too.
    let mut two = Session::<Goofspiel>::new(GoofConfig::players(2), 3).unwrap();
    two.draw_chance().unwrap().unwrap();
    two.apply(0, Bid(1)).unwrap();
    assert!(two.can_undo(0));
    two.apply(1, Bid(2)).unwrap();
    two.draw_chance().unwrap().unwrap();
    assert_eq!(two.undo(0), Err(UndoError::Nothing(0)));
}

/// A trade game at seat 0's first decision, its hand holding a set of a's.
fn trading() -> Session<Trade> {
    for seed in 0.. {
        let mut s = Session::<Trade>::new(TradeConfig::players(3), seed).unwrap();
        s.draw_chance().unwrap().unwrap();
        s.draw_chance().unwrap().unwrap();
        if s.game().hands[0].0[0] >= 3 {
            return s;
        }
    }
    unreachable!()
}

#[test]
fn sequential_undo_closes_when_the_next_seat_comes_to_act_or_at_a_reveal() {
    let mut s = trading();
    let before = s.game().clone();
    s.apply(0, Action::Bank(0)).unwrap();
    assert!(s.can_undo(0));
    s.undo(0).unwrap();
    assert_eq!(*s.game(), before);
    // A peek reveals the goal: it stays.
    s.apply(0, Action::Bank(0)).unwrap();
    s.apply(0, Action::Peek).unwrap();
    assert_eq!(s.undo(0), Err(UndoError::Nothing(0)));
    // An offer makes the others act: it stays.
    let mut s = trading();
    let offer = Action::Offer {
        give: "a".parse().unwrap(),
        get: "b".parse().unwrap(),
    };
    s.apply(0, offer).unwrap();
    assert_eq!(s.undo(0), Err(UndoError::Nothing(0)));
    // The answers are simultaneous: each seat undoes its own until the last.
    s.apply(1, Action::Decline).unwrap();
    assert!(s.can_undo(1));
    s.undo(1).unwrap();
    s.apply(2, Action::Decline).unwrap();
    s.apply(1, Action::Decline).unwrap();
    assert!(!s.can_undo(1) && !s.can_undo(2), "the offerer acts again");
}

/// Two seats act at once; seat 1 may only go through a door seat 0 opened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Door {
    open: bool,
    done: [bool; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Move {
    Open,
    Enter,
    Wait,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::str::FromStr for Move {
    type Err = Shut;
    fn from_str(s: &str) -> Result<Self, Shut> {
        [Move::Open, Move::Enter, Move::Wait]
            .into_iter()
            .find(|m| m.to_string() == s)
            .ok_or(Shut)
    }
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("the door is shut")]
struct Shut;

impl Explain for Shut {
    fn message(&self) -> Message {
        Message::new("door.shut")
    }
}

impl Game for Door {
    type Config = ();
    type Action = Move;
    type Outcome = ();
    type Event = ();
    type Error = Shut;
    type View = Door;
    const NAME: &'static str = "door";
    const VERSION: &'static str = "1";
    fn new(_: &()) -> Result<Self, Shut> {
        Ok(Door {
            open: false,
            done: [false; 2],
        })
    }
    fn config(&self) -> &() {
        &()
    }
    fn players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        match (0..2)
            .filter(|&s| !self.done[s as usize])
            .collect::<SeatSet>()
        {
            s if s.is_empty() => ToAct::Over,
            s => ToAct::Seats(s),
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Move>) {
        out.clear();
        out.extend(
            [Move::Open, Move::Enter, Move::Wait]
                .into_iter()
                .filter(|m| self.clone().apply(seat, m, &mut Vec::new()).is_ok()),
        );
    }
    fn apply(&mut self, seat: Seat, m: &Move, _: &mut Vec<()>) -> Result<(), Shut> {
        let ok = !self.done[seat as usize]
            && match m {
                Move::Open => seat == 0,
                Move::Enter => seat == 1 && self.open,
                Move::Wait => true,
            };
        if !ok {
            return Err(Shut);
        }
        self.open |= *m == Move::Open;
        self.done[seat as usize] |= *m != Move::Open;
        Ok(())
    }
    fn sample_chance(&self, _: &mut Rng) {}
    fn apply_chance(&mut self, _: &(), _: &mut Vec<()>) -> Result<(), Shut> {
        Err(Shut)
    }
    fn scores(&self) -> Vec<i32> {
        vec![0, 0]
    }
    fn view(&self, _: Option<Seat>) -> Door {
        self.clone()
    }
    fn determinize(&self, _: Option<Seat>, _: &mut Rng) -> Self {
        self.clone()
    }
}

#[test]
fn a_decision_another_seat_built_on_cannot_be_undone() {
    let mut s = Session::<Door>::new((), 0).unwrap();
    s.apply(0, Move::Open).unwrap();
    s.apply(1, Move::Enter).unwrap();
    let before = s.game().clone();
    assert_eq!(s.undo(0), Err(UndoError::Dependent(1)));
    assert_eq!(*s.game(), before, "a refused undo changes nothing");
    assert_eq!(s.record().decisions(), 2);
    // Seat 1 takes its entry back; then seat 0 may close the door again.
    s.undo(1).unwrap();
    s.undo(0).unwrap();
    assert!(!s.game().open);
}
