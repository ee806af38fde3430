//! Messages: a catalogue key plus arguments, translated at the edge (terminal,
//! browser) in the player's language. Events and refusals are messages; no game
//! crate writes a sentence a player reads.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// A catalogue key with named arguments, for example
/// `{"key": "refusal.not_adjacent", "args": {"space": 12}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Message {
    pub key: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Value>,
}

impl Message {
    pub fn new(key: impl Into<String>) -> Message {
        Message {
            key: key.into(),
            args: BTreeMap::new(),
        }
    }

    /// Adds an argument.
    #[must_use]
    pub fn arg(mut self, name: &str, value: impl Serialize) -> Message {
        let value = serde_json::to_value(value).unwrap_or(Value::Null);
        self.args.insert(name.into(), value);
        self
    }

    /// The message of a value serialized with an internal tag (`#[serde(tag = ..)]`):
    /// the key is `prefix` plus the tag (dashes as underscores), the other fields are
    /// the arguments.
    pub fn tagged(value: &impl Serialize, tag: &str, prefix: &str) -> Message {
        let Ok(Value::Object(mut fields)) = serde_json::to_value(value) else {
            return Message::new(format!("{prefix}unknown"));
        };
        let name = match fields.remove(tag) {
            Some(Value::String(name)) => name.replace('-', "_"),
            _ => "unknown".into(),
        };
        Message {
            key: format!("{prefix}{name}"),
            args: fields.into_iter().collect(),
        }
    }

    /// The argument as text (numbers and strings as written, others as JSON).
    pub fn text(&self, name: &str) -> Option<String> {
        self.args.get(name).map(|v| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    }
}

/// The key and arguments, for logs and tests (not for players: the edge translates).
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.key)?;
        for (name, value) in &self.args {
            write!(f, " {name}={value}")?;
        }
        Ok(())
    }
}

/// A value that a player may be told about: an error's reason, an event.
pub trait Explain {
    fn message(&self) -> Message;
}
