//! Which configs may ask for the team game, and why one is refused (the reasons are
//! [`crate::modules::ModuleRefusal`]'s `team_*` variants).

use super::TEAM_PLAYERS;
use crate::config::Config;
use crate::modules::ModuleRefusal as TeamRefusal;
use crate::modules::{Module, TeamBoardSide};

/// The team game's config rules: four players exactly (two teams of two), each team
/// on its team board, so no duchy is given and no duchy module is played.
pub(crate) fn team_refusal(config: &Config) -> Option<TeamRefusal> {
    if !config.modules.contains(Module::Team) {
        return None;
    }
    // Seed 000 line 794 "Forme times de 2 jogadores (time A e time B)"; 002 line 822,
    // 001 line 984.
    if config.players != TEAM_PLAYERS {
        return Some(TeamRefusal::TeamPlayers {
            players: config.players,
        });
    }
    // "Cada equipa recebe: um tabuleiro de equipa" (001 lines 991-999; 002 line 830)
    // in place of each player's duchy.
    if let Some(&other) = Module::DUCHY_MODULES
        .iter()
        .find(|m| config.modules.contains(**m))
    {
        return Some(TeamRefusal::TeamBoards { other });
    }
    if let Some(&duchy) = config.duchies.first() {
        return Some(TeamRefusal::TeamDuchy { duchy });
    }
    board_side_refusal(config)
}

/// The side `rules.team_board` asks for must be in the game's content: the advanced
/// one (002 line 830 "el tablero de equipo avanzado del reverso (31b y 32b)") only
/// from a content file, its layout not found.
fn board_side_refusal(config: &Config) -> Option<TeamRefusal> {
    let side = config.rules.team_board;
    let boards = &config.content.get().team_boards;
    if boards.iter().any(|b| b.side == side) {
        return None;
    }
    Some(match side {
        TeamBoardSide::Advanced => TeamRefusal::AdvancedTeamBoardNotInContent,
        TeamBoardSide::Standard => TeamRefusal::TeamBoardNotInContent,
    })
}
