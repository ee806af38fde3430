//! The team game (9th expansion; seed 000 lines 792-817, seed 002 lines 820-851,
//! classic seed 001 lines 983-1041): four players in two teams of two, each team on
//! one team board of two halves, sharing workers, silver, goods and two storage
//! spaces; the teams' VP added at the end.
//!
//! Played on the 73-space team board ([`team_boards`], `data/team_duchies.json`):
//! the configs the rules refuse ([`team_refusal`]), the teams and what each receives
//! ([`TeamState`]), the choice of key space ([`ChosenKeySpaces`]), and the team
//! standings with the tie-break of each reading ([`team_standings`]).

mod board;
mod keys;
mod play;
mod rules;
mod standings;

pub use board::{board_halves, team_boards, TeamBoard, TEAM_DUCHIES_JSON, TEAM_SPACES};
pub(crate) use board::{team_boards_from, team_duchy};
pub use keys::ChosenKeySpaces;
pub(crate) use play::TeamSnapshot;
pub use play::{TeamState, ADVANCED_TEAM_BOARD, TEAM_BOARD};
pub(crate) use rules::team_refusal;
pub use standings::team_standings;

use serde::{Deserialize, Serialize};
use tabuleiro_core::Seat;

/// The team game is for four players (seed 000 line 794 "Forme times de 2
/// jogadores (time A e time B)"; 002 line 822, 001 line 984).
pub const TEAM_PLAYERS: u8 = 4;

/// Silver each team receives (seed 000 line 798 "2 peças de prata para cada time";
/// 002 line 833 "2 monedas de plata", 001 line 1010 "2 moedas de prata por equipa").
pub const TEAM_SILVER: u32 = 2;

/// Random goods each team receives (002 line 832 "Se colocan 3 losetas de mercancía
/// al azar en las casillas de almacén correspondientes de cada equipo"; 001 line
/// 1007; 000 omits the paragraph, digest A33).
pub const TEAM_GOODS: usize = 3;

/// Storage ("espaços chave") a team shares (seed 000 line 803 "cada time tem 2
/// espaços chave compartilhados (na parte inferior central do tabuleiro)"; 002 line
/// 837, 001 lines 1019-1020).
pub const SHARED_STORAGE: usize = 2;

/// Storage each player keeps for itself (seed 000 line 803 "cada jogador tem 2
/// espaços chave exclusivos"): the partner may not use it (line 807).
pub const PRIVATE_STORAGE: usize = 2;

/// One of the two teams. Team A is the first in turn order: round 1 is played A1,
/// B1, A2, B2 (seed 000 line 799, 002 line 833, 001 line 1014), so the start player
/// is A1 and the seats alternate between the teams from there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Team {
    A,
    B,
}

impl Team {
    /// The team of `seat` in a four-player game whose start player is `start`.
    pub fn of(seat: Seat, start: Seat) -> Team {
        match (seat + TEAM_PLAYERS - start % TEAM_PLAYERS) % 2 {
            0 => Team::A,
            _ => Team::B,
        }
    }

    /// The team's members in round 1's turn order (A1 then A2, or B1 then B2).
    pub fn members(self, start: Seat) -> [Seat; 2] {
        let first = (start + self as Seat) % TEAM_PLAYERS;
        [first, (first + 2) % TEAM_PLAYERS]
    }

    /// Workers the team receives: "3 trabalhadores (para o primeiro time), 5
    /// trabalhadores (para o segundo time)" (seed 000 line 798; 002 line 833; 001
    /// line 1010 "3 fichas trabalhadores (para a equipa A) e 5 (para a equipa B)").
    pub fn workers(self) -> u32 {
        match self {
            Team::A => 3,
            Team::B => 5,
        }
    }
}

/// The team game's tie-break (digest A2): seed 000 line 815 "o time com menos
/// espaços vazios em seu ducado ganha a partida" and 002 line 849 "el equipo con
/// menos casillas vacías en su ducado" (fewer); seed 001 line 1040 "vence a equipa
/// com mais espaços vazios no seu ducado" (more). Not `rules.tiebreak`: 000 says
/// "more" for the base game (line 601) and "fewer" here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamTiebreak {
    /// The team with fewer empty spaces on its team board wins (000, 002).
    #[default]
    Fewer,
    /// The team with more empty spaces wins (001).
    More,
}

/// The trade routes in the team game (`rules.team_trade_route`). The trade routes'
/// chapter deals each player a route "abaixo de seu tabuleiro de jogador" (seed 000
/// line 770); the team game gives each team one team board in place of its
/// members' boards and shares every resource but the private key spaces (000 line
/// 805), goods sold included: which no rulebook says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamTradeRoute {
    /// One route a team, under its team board, dealt as to one of two players (5
    /// tiles: two teams at the table): the team's sales go onto it, whichever
    /// member sells ("each player receives" read as "each team receives").
    #[default]
    Team,
    /// One route a player, as for 4 players (3 tiles each): a member's sales go
    /// onto its own route.
    Player,
}

/// The shields in the team game (`rules.team_shields`). The shields' chapter speaks
/// of a player and its duchy: a shield goes "em um castelo do seu ducado" (seed 000
/// line 886) and "você deve pagar tributo por seus escudos" (line 890); the team game
/// gives each team one board and shares every resource but the private key spaces
/// (line 805): which no rulebook joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamShields {
    /// The team's shields: a shield either member takes lies on the team's castle
    /// for both, its ability both members', its tribute, shields 14/15 and VP the
    /// team's, once.
    #[default]
    Team,
    /// Each member's own shields: a member's shield lies on a castle of the team
    /// board (one shield a castle), its ability, tribute (from the team's silver
    /// and workers), shields 14/15 and VP the member's.
    Member,
}

/// The vineyards in the team game (`rules.team_vineyard`). The vineyards' chapter
/// gives "cada jogador" a vineyard board and a vine bonus tile (seed 000 lines
/// 924-925, 947-950); the team game gives each team one board and shares every resource but
/// the private key spaces (000 line 805 "Todos os recursos, exceto os espaços chave
/// privados, são compartilhados"): which no rulebook joins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamVineyard {
    /// One vineyard board a team, beside its team board, with one vine bonus tile
    /// dealt to the team ("each player receives" read as "each team receives"): a
    /// hexamino either member places goes on it, a terrace covered brings the team
    /// a vine bonus tile, and its vines score once.
    #[default]
    Team,
    /// One vineyard board a member, as for 4 players: its own vine bonus tile,
    /// hexaminoes placed on its own board, its own areas scored on its own VP.
    Member,
}

/// The side of the team board played (`rules.team_board`): seed 002 line 830 "Un
/// tablero de equipo consiste en 2 mitades de tablero (31a y 32a). Cuando tengas más
/// experiencia, atrévete a probar el tablero de equipo avanzado del reverso (31b y
/// 32b)"; 001 lines 993-999 "12a1 + 12a2 (...) tabuleiros avançados 12b, no verso";
/// 000 line 100 names "#31a, 31b, 32a, 32b" only. Not a contested reading: a choice
/// the rules offer. The advanced side's layout was not found, so it is played only
/// from a content file that holds it (`team_duchies.json`, `"side": "advanced"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TeamBoardSide {
    /// 31a + 32a (classic 12a1 + 12a2): each team's castle on the central castle
    /// space (002 line 831, 001 lines 1003-1005).
    #[default]
    Standard,
    /// 31b + 32b (classic 12b): each team chooses castle space 1 or 6 (002 line 831
    /// "cada equipo elige si ponerlo en la casilla hexagonal borgoña 1 o 6", 001 line
    /// 1005 "cada equipa escolhe o espaço verde-escuro 1 ou 6").
    Advanced,
}

impl TeamBoardSide {
    /// The duchy number the engine plays the side as: the standard side 31, the
    /// advanced one 32 (the box's numbers of the halves, 31 and 32, name both sides).
    pub fn board(self) -> u8 {
        match self {
            TeamBoardSide::Standard => TEAM_BOARD,
            TeamBoardSide::Advanced => ADVANCED_TEAM_BOARD,
        }
    }
}
