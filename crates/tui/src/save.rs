//! The save file: who sits where, the language, and the game's record (config, seed,
//! every step). Written after every step, atomically, so a crash never leaves half a file.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;
use tabuleiro_core::{Game, Record};

pub const FORMAT: &str = "tabuleiro-play/1";

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct SaveFile<G: Game> {
    pub format: String,
    /// "me" or a bot spec per seat.
    pub seats: Vec<String>,
    pub lang: String,
    pub record: Record<G>,
}

/// Writes `save` to `path` through a temporary file and a rename.
pub fn write<G: Game>(path: &Path, save: &SaveFile<G>) -> Result<(), String> {
    let text = serde_json::to_string_pretty(save).map_err(|e| e.to_string())?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// A save file read but not yet typed: its game's name says which game reads it.
pub struct Untyped {
    pub game: String,
    json: Value,
    path: String,
}

/// Reads a save file and its game's name; the steps are checked when the game is
/// rebuilt from them.
pub fn read_any(path: &Path) -> Result<Untyped, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the save file {}: {e}", path.display()))?;
    let not_a_save =
        |e: &dyn std::fmt::Display| format!("{} is not a tabuleiro save file: {e}", path.display());
    let json: Value = serde_json::from_str(&text).map_err(|e| not_a_save(&e))?;
    let format = json.get("format").and_then(Value::as_str);
    if format != Some(FORMAT) {
        return Err(format!(
            "{}: format {format:?}, expected {FORMAT:?}",
            path.display()
        ));
    }
    let game = json
        .pointer("/record/game")
        .and_then(Value::as_str)
        .ok_or_else(|| not_a_save(&"it names no game"))?
        .to_string();
    Ok(Untyped {
        game,
        json,
        path: path.display().to_string(),
    })
}

impl Untyped {
    /// The save as game `G`'s.
    pub fn typed<G: Game>(self) -> Result<SaveFile<G>, String> {
        serde_json::from_value(self.json)
            .map_err(|e| format!("{} is not a tabuleiro save file: {e}", self.path))
    }
}

/// Reads a save file of game `G`.
pub fn read<G: Game>(path: &Path) -> Result<SaveFile<G>, String> {
    read_any(path)?.typed()
}
