//! A tiny game for testing the bots without any real game: a pile of stones, each
//! seat in turn takes 1 to 3, whoever takes the last stone wins. Leaving a multiple
//! of 4 wins, so the right move is known in every position.

use serde::{Deserialize, Serialize};
use std::fmt;
use tabuleiro_core::{Explain, Game, Message, Present, Rng, Seat, SeatSet, ToAct};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Nim {
    pub pile: u32,
    pub to_move: Seat,
    pub winner: Option<Seat>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

impl std::str::FromStr for Take {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim_start_matches("take ").parse().map(Take)
    }
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("take 1 to 3 stones, at most the pile, on your own turn")]
pub struct Illegal;

impl Explain for Illegal {
    fn message(&self) -> Message {
        Message::new("nim.refusal.take_one_to_three")
    }
}

impl Game for Nim {
    type Config = u32;
    type Action = Take;
    type Outcome = ();
    type Event = ();
    type Error = Illegal;
    type View = Nim;
    const NAME: &'static str = "nim";
    const VERSION: &'static str = "1";

    fn new(pile: &u32) -> Result<Self, Illegal> {
        Ok(Nim {
            pile: *pile,
            to_move: 0,
            winner: None,
        })
    }
    fn config(&self) -> &u32 {
        &self.pile
    }
    fn players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        match self.winner {
            Some(_) => ToAct::Over,
            None => ToAct::Seats(SeatSet::one(self.to_move)),
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Take>) {
        out.clear();
        if self.winner.is_none() && seat == self.to_move {
            out.extend((1..=self.pile.min(3)).map(Take));
        }
    }
    fn apply(&mut self, seat: Seat, action: &Take, _: &mut Vec<()>) -> Result<(), Illegal> {
        if self.winner.is_some()
            || seat != self.to_move
            || !(1..=self.pile.min(3)).contains(&action.0)
        {
            return Err(Illegal);
        }
        self.pile -= action.0;
        if self.pile == 0 {
            self.winner = Some(seat);
        }
        self.to_move = 1 - seat;
        Ok(())
    }
    fn sample_chance(&self, _: &mut Rng) {}
    fn apply_chance(&mut self, _: &(), _: &mut Vec<()>) -> Result<(), Illegal> {
        Err(Illegal)
    }
    fn scores(&self) -> Vec<i32> {
        (0..2).map(|s| (self.winner == Some(s)) as i32).collect()
    }
    fn view(&self, _: Option<Seat>) -> Nim {
        self.clone()
    }
    fn determinize(&self, _: Option<Seat>, _: &mut Rng) -> Self {
        self.clone()
    }
}

impl Present for Nim {
    fn path(&self, _: Seat, action: &Take) -> Vec<String> {
        vec![format!("take:{}", action.0)]
    }
    fn label(&self, _: Seat, action: &Take) -> Message {
        Message::new("nim.action.take").arg("stones", action.0)
    }
    fn describe(_: &()) -> Message {
        Message::new("nim.event.took")
    }
}

/// Nim's encoding, for the learning environments' own tests: `take k` is id `k - 1`;
/// the observation is the pile (scaled by the starting pile) and whether the viewer moves.
impl tabuleiro_core::Encode for Nim {
    type Numbering = ();
    fn numbering(_: &u32) {}
    fn space(_: &()) -> usize {
        3
    }
    fn id(_: &(), action: &Take) -> Option<usize> {
        (1..=3).contains(&action.0).then(|| action.0 as usize - 1)
    }
    fn observation_len(_: &u32) -> usize {
        2
    }
    fn observe(start: &u32, view: &Nim, viewer: Seat, out: &mut tabuleiro_core::Features) {
        out.count(view.pile, f64::from((*start).max(1)));
        out.flag(view.to_move == viewer);
    }
}
