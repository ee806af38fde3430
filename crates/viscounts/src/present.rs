//! The game offered to people: the clicks and words of each decision and event, as
//! catalogue keys with arguments (the tables come with the tables issue).

use crate::action::{Action, Event};
use crate::state::Viscounts;
use tabuleiro_core::{Message, Present, Seat};

impl Present for Viscounts {
    /// The clicks on the browser table (src/clicks.rs).
    fn path(&self, seat: Seat, action: &Action) -> Vec<String> {
        crate::clicks::path(self, seat, action)
    }

    fn label(&self, _seat: Seat, action: &Action) -> Message {
        Message::tagged(action, "do", "action.viscounts.")
    }

    fn describe(event: &Event) -> Message {
        Message::tagged(event, "event", "event.viscounts.")
    }

    /// The content the browser table draws from (src/clicks.rs).
    fn board() -> serde_json::Value {
        crate::clicks::board()
    }

    /// A position file is validated as it is read (src/position.rs).
    fn check_position(&self) -> Result<(), String> {
        self.validate().map_err(|e| e.to_string())
    }
}
