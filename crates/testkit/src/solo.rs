//! A solo game against a rules automaton, to prove automata: Pig against a bot that
//! is part of the rules. The seat rolls a die as often as it likes, adding to its
//! turn's pot, and holds to bank the pot; a 1 loses the pot and ends the turn. Then
//! the automaton takes its turn inside the rules: it rolls (chance steps, never a
//! seat's decision) until its pot reaches [`AUTOMATON_HOLDS_AT`] or it rolls a 1.
//! Whoever banks [`TARGET`] first wins, the automaton included; after
//! [`MAX_TURNS`] turns each, the higher total wins and equal totals share a place.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::standing::places;
use tabuleiro_core::{
    Explain, Game, Message, Participant, Participants, Present, Rng, Seat, SeatSet, Standing, ToAct,
};

pub const TARGET: i32 = 30;
pub const AUTOMATON_HOLDS_AT: i32 = 12;
pub const MAX_TURNS: u8 = 12;
/// The automaton's catalogue key.
pub const AUTOMATON: &str = "solo.automaton";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloConfig {
    /// Always 1: the automaton is no seat.
    #[serde(default = "one")]
    pub players: usize,
}

fn one() -> usize {
    1
}

impl Default for SoloConfig {
    fn default() -> Self {
        SoloConfig { players: one() }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Roll,
    Hold,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Action::Roll => "roll",
            Action::Hold => "hold",
        })
    }
}

impl FromStr for Action {
    type Err = SoloError;
    fn from_str(s: &str) -> Result<Self, SoloError> {
        match s {
            "roll" => Ok(Action::Roll),
            "hold" => Ok(Action::Hold),
            _ => Err(SoloError::Unreadable),
        }
    }
}

/// Who the die is rolled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// The seat decides to roll or hold.
    Seat,
    /// The seat's roll (chance).
    SeatRoll,
    /// The automaton's roll (chance).
    AutomatonRoll,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A roll for the seat (`automaton` false) or the automaton.
    Rolled {
        automaton: bool,
        value: u8,
    },
    /// A 1: the pot is lost.
    Bust {
        automaton: bool,
    },
    Banked {
        automaton: bool,
        pot: i32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum SoloError {
    #[error("a solo game has one seat")]
    Config,
    #[error("not the seat's decision now")]
    NotYours,
    #[error("a die shows 1 to 6, when one is rolled")]
    Outcome,
    #[error("unreadable decision")]
    Unreadable,
}

impl Explain for SoloError {
    fn message(&self) -> Message {
        Message::tagged(self, "refusal", "solo.refusal.")
    }
}

/// Nothing is hidden: the view is the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solo {
    config: SoloConfig,
    pub phase: Phase,
    pub pot: i32,
    pub seat_total: i32,
    pub automaton_total: i32,
    /// Turns the automaton has finished (it plays second).
    pub turns: u8,
}

impl Solo {
    fn bank(&mut self, automaton: bool, events: &mut Vec<Event>) {
        let pot = std::mem::take(&mut self.pot);
        events.push(Event::Banked { automaton, pot });
        let total = match automaton {
            false => &mut self.seat_total,
            true => &mut self.automaton_total,
        };
        *total += pot;
        self.pass(automaton);
    }

    /// The turn passes to the other side; the game ends at the target or after
    /// the last turn.
    fn pass(&mut self, automaton: bool) {
        self.pot = 0;
        self.turns += automaton as u8;
        self.phase = if self.seat_total >= TARGET
            || self.automaton_total >= TARGET
            || self.turns == MAX_TURNS
        {
            Phase::Over
        } else if automaton {
            Phase::Seat
        } else {
            Phase::AutomatonRoll
        };
    }
}

impl Game for Solo {
    type Config = SoloConfig;
    type Action = Action;
    type Outcome = u8;
    type Event = Event;
    type Error = SoloError;
    type View = Solo;
    const NAME: &'static str = "solo";
    const VERSION: &'static str = "1";

    fn new(config: &SoloConfig) -> Result<Self, SoloError> {
        if config.players != 1 {
            return Err(SoloError::Config);
        }
        Ok(Solo {
            config: config.clone(),
            phase: Phase::Seat,
            pot: 0,
            seat_total: 0,
            automaton_total: 0,
            turns: 0,
        })
    }
    fn config(&self) -> &SoloConfig {
        &self.config
    }
    fn players(&self) -> usize {
        1
    }
    fn participants(&self) -> Participants {
        Participants {
            automata: vec![AUTOMATON.into()],
            ..Participants::seats(1)
        }
    }
    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Seat => ToAct::Seats(SeatSet::one(0)),
            Phase::SeatRoll | Phase::AutomatonRoll => ToAct::Chance,
            Phase::Over => ToAct::Over,
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if seat == 0 && self.phase == Phase::Seat {
            out.push(Action::Roll);
            if self.pot > 0 {
                out.push(Action::Hold);
            }
        }
    }
    fn check(&self, seat: Seat, action: &Action) -> Result<(), SoloError> {
        let holds_nothing = *action == Action::Hold && self.pot == 0;
        if seat != 0 || self.phase != Phase::Seat || holds_nothing {
            return Err(SoloError::NotYours);
        }
        Ok(())
    }
    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), SoloError> {
        self.check(seat, action)?;
        match action {
            Action::Roll => self.phase = Phase::SeatRoll,
            Action::Hold => self.bank(false, events),
        }
        Ok(())
    }
    fn sample_chance(&self, rng: &mut Rng) -> u8 {
        rng.die()
    }
    /// The automaton's policy runs here, inside the rules: hold at its threshold.
    fn apply_chance(&mut self, value: &u8, events: &mut Vec<Event>) -> Result<(), SoloError> {
        let automaton = match self.phase {
            Phase::SeatRoll => false,
            Phase::AutomatonRoll => true,
            _ => return Err(SoloError::Outcome),
        };
        if !(1..=6).contains(value) {
            return Err(SoloError::Outcome);
        }
        events.push(Event::Rolled {
            automaton,
            value: *value,
        });
        if *value == 1 {
            events.push(Event::Bust { automaton });
            self.pass(automaton);
            return Ok(());
        }
        self.pot += *value as i32;
        if !automaton {
            self.phase = Phase::Seat;
        } else if self.pot >= AUTOMATON_HOLDS_AT || self.automaton_total + self.pot >= TARGET {
            self.bank(true, events);
        }
        Ok(())
    }
    fn scores(&self) -> Vec<i32> {
        vec![self.seat_total]
    }
    /// The seat and the automaton by their totals; the automaton may come first.
    fn standings(&self) -> Vec<Standing> {
        let mut lines = vec![
            (self.seat_total, Participant::Seat(0)),
            (
                self.automaton_total,
                Participant::Automaton(AUTOMATON.into()),
            ),
        ];
        lines.sort_by_key(|l| std::cmp::Reverse(l.0));
        let places = places(&lines, |a, b| a.0 == b.0);
        lines
            .into_iter()
            .zip(places)
            .map(|((score, member), place)| Standing {
                place,
                members: vec![member],
                score,
            })
            .collect()
    }
    fn view(&self, _: Option<Seat>) -> Solo {
        self.clone()
    }
    fn determinize(&self, _: Option<Seat>, _: &mut Rng) -> Self {
        self.clone()
    }
}

impl Present for Solo {
    fn path(&self, _: Seat, action: &Action) -> Vec<String> {
        vec![action.to_string()]
    }
    fn label(&self, _: Seat, action: &Action) -> Message {
        Message::new(format!("solo.action.{action}"))
    }
    fn describe(event: &Event) -> Message {
        Message::tagged(event, "type", "solo.event.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_automaton_plays_inside_the_rules_and_can_win() {
        let mut g = Solo::new(&SoloConfig::default()).unwrap();
        assert_eq!(g.participants().automata, vec![AUTOMATON.to_string()]);
        let mut events = Vec::new();
        g.apply(0, &Action::Roll, &mut events).unwrap();
        g.apply_chance(&1, &mut events).unwrap();
        // The seat's bust hands the die to the automaton: chance, not a seat.
        assert_eq!(g.to_act(), ToAct::Chance);
        g.automaton_total = TARGET - 3;
        g.apply_chance(&4, &mut events).unwrap();
        assert_eq!(g.to_act(), ToAct::Over);
        let s = g.standings();
        assert_eq!(s[0].members, vec![Participant::Automaton(AUTOMATON.into())]);
        assert_eq!((s[0].place, s[1].place), (1, 2));
        assert_eq!(tabuleiro_core::standing::sole_winner(&s), None);
    }

    #[test]
    fn holding_needs_a_pot() {
        let g = Solo::new(&SoloConfig::default()).unwrap();
        assert_eq!(g.check(0, &Action::Hold), Err(SoloError::NotYours));
        assert!(Solo::new(&SoloConfig { players: 2 }).is_err());
    }
}
