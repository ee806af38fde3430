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

/// The game config from an optional JSON file, with the player count from the command line.
pub fn load_config(
    path: Option<&std::path::Path>,
    players: u8,
) -> Result<tabuleiro_burgundy::Config, Error> {
    let mut config: tabuleiro_burgundy::Config = match path {
        Some(p) => serde_json::from_str(&read(p)?).map_err(|e| format!("{}: {e}", p.display()))?,
        None => tabuleiro_burgundy::Config::default(),
    };
    config.players = players;
    <tabuleiro_burgundy::Burgundy as tabuleiro_core::Game>::new(&config)?;
    Ok(config)
}
