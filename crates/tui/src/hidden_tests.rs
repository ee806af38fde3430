//! The log at one keyboard shows each seat only what it may see: a tiny game whose
//! picks are secret (its events redacted for the other seat) is played hot-seat,
//! and the log is read as each seat sees it.

use crate::game::{Table, TuiGame};
use crate::words::Words;
use crate::{App, Screen, Setup};
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::Frame;
use serde::{Deserialize, Serialize};
use std::fmt;
use tabuleiro_core::{Explain, Game, Message, Present, Rng, Seat, SeatSet, ToAct};
use tabuleiro_i18n::Lang;

/// Each seat in turn picks a secret number from 1 to 3; then the game is over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Secret {
    picks: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Pick(u8);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "pick {}", self.0)
    }
}

impl std::str::FromStr for Pick {
    type Err = std::num::ParseIntError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.trim_start_matches("pick ").parse().map(Pick)
    }
}

/// A pick, with its number only for those who may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Picked {
    seat: Seat,
    number: Option<u8>,
}

#[derive(Clone, Debug, PartialEq)]
struct Refused;

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("pick 1 to 3 on your own turn")
    }
}

impl std::error::Error for Refused {}

impl Explain for Refused {
    fn message(&self) -> Message {
        Message::new("secret.refusal")
    }
}

impl Game for Secret {
    type Config = ();
    type Action = Pick;
    type Outcome = ();
    type Event = Picked;
    type Error = Refused;
    type View = Secret;
    const NAME: &'static str = "secret";
    const VERSION: &'static str = "1";

    fn new(_: &()) -> Result<Self, Refused> {
        Ok(Secret { picks: Vec::new() })
    }
    fn config(&self) -> &() {
        &()
    }
    fn players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        match self.picks.len() {
            n @ 0..=1 => ToAct::Seats(SeatSet::one(n as Seat)),
            _ => ToAct::Over,
        }
    }
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Pick>) {
        out.clear();
        if self.to_act().seats().contains(seat) {
            out.extend((1..=3).map(Pick));
        }
    }
    fn apply(&mut self, seat: Seat, pick: &Pick, events: &mut Vec<Picked>) -> Result<(), Refused> {
        if !self.to_act().seats().contains(seat) || !(1..=3).contains(&pick.0) {
            return Err(Refused);
        }
        self.picks.push(pick.0);
        events.push(Picked {
            seat,
            number: Some(pick.0),
        });
        Ok(())
    }
    fn sample_chance(&self, _: &mut Rng) {}
    fn apply_chance(&mut self, _: &(), _: &mut Vec<Picked>) -> Result<(), Refused> {
        Err(Refused)
    }
    fn scores(&self) -> Vec<i32> {
        self.picks.iter().map(|&p| p as i32).collect()
    }
    fn view(&self, _: Option<Seat>) -> Secret {
        self.clone()
    }
    fn determinize(&self, _: Option<Seat>, _: &mut Rng) -> Self {
        self.clone()
    }
    fn redact(event: &Picked, viewer: Option<Seat>) -> Option<Picked> {
        let number = event.number.filter(|_| viewer == Some(event.seat));
        Some(Picked { number, ..*event })
    }
}

impl Present for Secret {
    fn path(&self, _: Seat, pick: &Pick) -> Vec<String> {
        vec![format!("number:{}", pick.0)]
    }
    fn label(&self, _: Seat, pick: &Pick) -> Message {
        Message::new("secret.pick").arg("number", pick.0)
    }
    fn describe(event: &Picked) -> Message {
        let m = Message::new("secret.picked").arg("seat", event.seat);
        match event.number {
            Some(n) => m.arg("number", n),
            None => m,
        }
    }
}

impl TuiGame for Secret {
    fn configure(_: Option<serde_json::Value>, _: usize) -> Result<(), String> {
        Ok(())
    }
    fn status(_: &Secret, _: &Words) -> String {
        String::new()
    }
    fn table_height(_: u16) -> u16 {
        1
    }
    fn draw(_: &mut Frame, _: Rect, _: &Table<Self>) {}
    fn word(&self, _: Seat, _: &[String], key: &str, _: &Words) -> String {
        key.to_string()
    }
}

#[test]
fn at_one_keyboard_the_log_hides_the_other_seats_secret_picks() {
    let mut app = App::<Secret>::new(Setup {
        seats: vec!["me".into(), "me".into()],
        lang: Lang::En,
        seed: 1,
        config: None,
        save: None,
    })
    .unwrap();
    assert_eq!(app.viewer, 0);
    app.choose(1); // seat 0 picks 2
    assert_eq!(app.log, ["secret.picked number=2 seat=0"]);
    assert_eq!(app.screen, Screen::Handover(1));
    app.key(KeyCode::Enter);
    assert_eq!(app.viewer, 1);
    assert_eq!(
        app.log,
        ["secret.picked seat=0"],
        "seat 1 must not see seat 0's number"
    );
    app.choose(2); // seat 1 picks 3: the game is over, seat 1 still at the screen
    assert_eq!(
        app.log,
        ["secret.picked seat=0", "secret.picked number=3 seat=1"]
    );
}
