use tabuleiro_core::{Explain, Message, Seat};
use thiserror::Error;

/// Why an action, an outcome, a config or a position was refused. The state is
/// unchanged whenever one of these is returned.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    #[error("seat {seat} cannot decide now: {why}")]
    NotYourDecision { seat: Seat, why: String },
    #[error("\"{action}\" is not allowed: {rule}")]
    Illegal { action: String, rule: String },
    #[error("the chance outcome is impossible here: {0}")]
    Outcome(String),
    #[error("the config is refused: {0}")]
    Config(String),
    #[error("the position is inconsistent: {0}")]
    Position(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// Builds an [`Error::Illegal`] naming the action and the rule that forbids it.
pub fn illegal(action: impl ToString, rule: impl Into<String>) -> Error {
    Error::Illegal {
        action: action.to_string(),
        rule: rule.into(),
    }
}

impl Explain for Error {
    fn message(&self) -> Message {
        match self {
            Error::NotYourDecision { seat, why } => Message::new("refusal.not_your_decision")
                .arg("seat", seat)
                .arg("why", why),
            Error::Illegal { action, rule } => Message::new("refusal.illegal")
                .arg("action", action)
                .arg("rule", rule),
            Error::Outcome(why) => Message::new("refusal.outcome").arg("why", why),
            Error::Config(why) => Message::new("refusal.config").arg("why", why),
            Error::Position(why) => Message::new("refusal.position").arg("why", why),
        }
    }
}
