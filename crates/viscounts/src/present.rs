//! The game offered to people: the clicks and words of each decision and event, as
//! catalogue keys with arguments (the tables come with the tables issue).

use crate::action::{Action, Event};
use crate::state::Viscounts;
use tabuleiro_core::{Message, Present, Seat};

impl Present for Viscounts {
    fn path(&self, _seat: Seat, action: &Action) -> Vec<String> {
        let m = Message::tagged(action, "do", "");
        vec![m.key, action.to_string()]
    }

    fn label(&self, _seat: Seat, action: &Action) -> Message {
        Message::tagged(action, "do", "action.viscounts.")
    }

    fn describe(event: &Event) -> Message {
        Message::tagged(event, "event", "event.viscounts.")
    }

    /// A position file is validated as it is read (src/position.rs).
    fn check_position(&self) -> Result<(), String> {
        self.validate().map_err(|e| e.to_string())
    }
}
