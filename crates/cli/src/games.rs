//! The games the CLI knows: every one through the registry (`tabuleiro-games`).

use tabuleiro_core::Game;

pub type Error = Box<dyn std::error::Error>;

/// A game's name as `--game` takes it: any game of the registry.
pub fn game_name(name: &str) -> Result<String, String> {
    if tabuleiro_games::GAMES.iter().any(|g| g.name == name) {
        Ok(name.to_string())
    } else {
        let known: Vec<_> = tabuleiro_games::GAMES.iter().map(|g| g.name).collect();
        Err(format!("unknown game {name:?}: the games are {known:?}"))
    }
}

pub fn read(path: &std::path::Path) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()).into())
}

/// The game config from an optional JSON file (an object of the game's settings),
/// with the player count from the command line; checked by the game.
pub fn load_config<G: Game>(
    path: Option<&std::path::Path>,
    players: u8,
) -> Result<G::Config, Error> {
    let mut fields: serde_json::Map<String, serde_json::Value> = match path {
        Some(p) => serde_json::from_str(&read(p)?).map_err(|e| format!("{}: {e}", p.display()))?,
        None => serde_json::Map::new(),
    };
    fields.insert("players".into(), players.into());
    let config: G::Config = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| format!("config: {e}"))?;
    G::new(&config).map_err(|e| e.to_string())?;
    Ok(config)
}
