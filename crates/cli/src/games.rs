//! The games the CLI knows, by name.

use clap::ValueEnum;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GameName {
    /// The Castles of Burgundy.
    Burgundy,
}

pub type Error = Box<dyn std::error::Error>;

pub fn read(path: &std::path::Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()).into())
}
