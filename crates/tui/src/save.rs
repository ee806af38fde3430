//! The save file: who sits where, the language, and the game's record (config, seed,
//! every step). Written after every step, atomically, so a crash never leaves half a file.

use serde::{Deserialize, Serialize};
use std::path::Path;
use tabuleiro_burgundy::Burgundy;
use tabuleiro_core::Record;

pub const FORMAT: &str = "tabuleiro-play/1";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    /// "me" or a bot spec per seat.
    pub seats: Vec<String>,
    pub lang: String,
    pub record: Record<Burgundy>,
}

/// Writes `save` to `path` through a temporary file and a rename.
pub fn write(path: &Path, save: &SaveFile) -> Result<(), String> {
    let text = serde_json::to_string_pretty(save).map_err(|e| e.to_string())?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a save file; the steps are checked when the game is rebuilt from them.
pub fn read(path: &Path) -> Result<SaveFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the save file {}: {e}", path.display()))?;
    let save: SaveFile = serde_json::from_str(&text)
        .map_err(|e| format!("{} is not a tabuleiro save file: {e}", path.display()))?;
    if save.format != FORMAT {
        return Err(format!(
            "{}: format {:?}, expected {FORMAT:?}",
            path.display(),
            save.format
        ));
    }
    Ok(save)
}
