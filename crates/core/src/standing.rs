//! Who takes part in a game and how it ended: seats of people or bots, automata that
//! are part of the rules (not seats anyone sits in), teams, and shared places.

use crate::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Someone with a place in the result.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Participant {
    /// A seat: a person or a bot plays it.
    Seat(Seat),
    /// An automaton of the rules (the AutoDuke, the Viscounts solo AI), by its
    /// catalogue key; no one sits in it and it never decides through a seat.
    Automaton(String),
}

/// Everyone who takes part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participants {
    /// Seats `0..seats`.
    pub seats: usize,
    /// The rules' automata, by catalogue key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub automata: Vec<String>,
    /// Partners who share one result; empty when everyone plays for themselves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<SeatSet>,
}

impl Participants {
    /// Seats that each play for themselves.
    pub fn seats(seats: usize) -> Participants {
        Participants {
            seats,
            automata: Vec::new(),
            teams: Vec::new(),
        }
    }
}

/// One line of a result: a participant or a team, its score and its place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standing {
    /// 1 for the winners; equal places for a tie the rules leave standing.
    pub place: u8,
    /// One participant, or the partners of a team.
    pub members: Vec<Participant>,
    pub score: i32,
}

impl Standing {
    pub fn holds(&self, seat: Seat) -> bool {
        self.members.contains(&Participant::Seat(seat))
    }
}

/// Places from a list of participants ordered best first, where `tied(a, b)` says
/// that two neighbours in that order share a place (competition ranking: 1, 1, 3).
pub fn places<T>(ordered: &[T], tied: impl Fn(&T, &T) -> bool) -> Vec<u8> {
    let mut places: Vec<u8> = Vec::with_capacity(ordered.len());
    for (i, item) in ordered.iter().enumerate() {
        let place = match i {
            0 => 1,
            _ if tied(&ordered[i - 1], item) => places[i - 1],
            _ => i as u8 + 1,
        };
        places.push(place);
    }
    places
}

/// Standings of seats that each play for themselves, by score, a tie sharing a place.
pub fn by_score(scores: &[i32]) -> Vec<Standing> {
    let mut order: Vec<Seat> = (0..scores.len() as Seat).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(scores[s as usize]));
    let places = places(&order, |&a, &b| scores[a as usize] == scores[b as usize]);
    order
        .iter()
        .zip(places)
        .map(|(&seat, place)| Standing {
            place,
            members: vec![Participant::Seat(seat)],
            score: scores[seat as usize],
        })
        .collect()
}

/// The seat that finished first, when a seat did (not an automaton, not a tie).
pub fn sole_winner(standings: &[Standing]) -> Option<Seat> {
    let winners: Vec<_> = standings.iter().filter(|s| s.place == 1).collect();
    match winners.as_slice() {
        [one] => match one.members.as_slice() {
            [Participant::Seat(seat)] => Some(*seat),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `seat` is among the first place (alone, shared, or with its team).
pub fn is_winner(standings: &[Standing], seat: Seat) -> bool {
    standings.iter().any(|s| s.place == 1 && s.holds(seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_a_place_and_the_next_place_skips() {
        let s = by_score(&[10, 30, 10, 5]);
        let got: Vec<(u8, i32)> = s.iter().map(|s| (s.place, s.score)).collect();
        assert_eq!(got, vec![(1, 30), (2, 10), (2, 10), (4, 5)]);
        assert_eq!(sole_winner(&s), Some(1));
        assert!(is_winner(&s, 1) && !is_winner(&s, 0));
        let tie = by_score(&[7, 7]);
        assert_eq!(sole_winner(&tie), None);
        assert!(is_winner(&tie, 0) && is_winner(&tie, 1));
    }
}
