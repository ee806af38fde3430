//! A tiny game for testing the bots without any real game: a pile of stones, each
//! seat in turn takes 1 to 3, whoever takes the last stone wins. Leaving a multiple
//! of 4 wins, so the right move is known in every position.

use serde::{Deserialize, Serialize};
use std::fmt;
use tabuleiro_core::{Game, Rng, Seat, ToAct};

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
#[error("illegal")]
pub struct Illegal;

impl Game for Nim {
    type Config = u32;
    type Action = Take;
    type Outcome = ();
    type Event = ();
    type Error = Illegal;
    type View = Nim;
    const NAME: &'static str = "nim";

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
            None => ToAct::Seats(vec![self.to_move]),
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
    fn ranking(&self) -> Vec<Seat> {
        let first = self.winner.unwrap_or(0);
        vec![first, 1 - first]
    }
    fn view(&self, _: Option<Seat>) -> Nim {
        self.clone()
    }
    fn determinize(view: &Nim, _: &mut Rng) -> Self {
        view.clone()
    }
}

mod tests {
    use super::*;
    use crate::{parse_bot, Bot};

    fn decide(spec: &str, pile: u32) -> u32 {
        let game = Nim {
            pile,
            to_move: 1,
            winner: None,
        };
        let mut legal = Vec::new();
        game.legal_actions(1, &mut legal);
        let mut bot: Box<dyn Bot<Nim>> = parse_bot(spec, 9).unwrap();
        legal[bot.decide(&game.view(Some(1)), 1, &legal)].0
    }

    #[test]
    fn mcts_finds_the_winning_move() {
        for pile in [2, 3, 5, 6, 7, 9, 10, 11] {
            assert_eq!(decide("mcts:iters=3000", pile), pile % 4, "pile {pile}");
        }
    }

    #[test]
    fn greedy_takes_the_last_stones_when_it_can() {
        // evaluate defaults to the score, 1 only for the winner.
        for pile in 1..=3 {
            assert_eq!(decide("greedy", pile), pile);
        }
    }
}
