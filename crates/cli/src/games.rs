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
/// with the player count from the command line and the content file of `--content`;
/// checked by the game.
pub fn load_config<G: Game>(
    path: Option<&std::path::Path>,
    players: u8,
    content: Option<&std::path::Path>,
) -> Result<G::Config, Error> {
    let mut fields: serde_json::Map<String, serde_json::Value> = match path {
        Some(p) => serde_json::from_str(&read(p)?).map_err(|e| format!("{}: {e}", p.display()))?,
        None => serde_json::Map::new(),
    };
    fields.insert("players".into(), players.into());
    if let Some(p) = content {
        fields.insert("content".into(), content_file(G::NAME, p)?);
    }
    let config: G::Config = serde_json::from_value(serde_json::Value::Object(fields))
        .map_err(|e| format!("config: {e}"))?;
    G::new(&config).map_err(|e| e.to_string())?;
    Ok(config)
}

/// `--content FILE`: corrected content for The Castles of Burgundy (the data files
/// it replaces, docs/burgundy/content.md), read here and validated by the engine's
/// own parser; the config carries it as its `content`.
pub fn content_file(game: &str, path: &std::path::Path) -> Result<serde_json::Value, Error> {
    if game != "burgundy" {
        return Err(format!("--content: {game} takes no content file (burgundy does)").into());
    }
    let text = read(path)?;
    tabuleiro_burgundy::GameContent::from_text(&text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(serde_json::from_str(&text)?)
}

/// Whether an automaton of the rules is among the winners (alone or sharing first place).
pub fn automaton_won(standings: &[tabuleiro_core::Standing]) -> bool {
    standings.iter().any(|s| {
        s.place == 1
            && s.members
                .iter()
                .any(|m| matches!(m, tabuleiro_core::Participant::Automaton(_)))
    })
}
