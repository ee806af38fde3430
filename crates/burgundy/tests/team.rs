//! The team game (9th expansion, module `team`): seed 000 lines 792-817, seed 002
//! lines 820-851, classic seed 001 lines 983-1041; digest 13.8, ambiguity A2. The
//! module is named but not played yet; these tests hold what is ready: the team
//! board's data, the configs the rules refuse, the teams and what each receives, and
//! the team standings with each reading of the tie-break.

mod common;

use common::{act, game_at_turn, legal, no_depots, pending, refusal_of, store};
use tabuleiro_burgundy::config::TeamTiebreak;
use tabuleiro_burgundy::modules::{
    team_boards, team_standings, Module, ModuleRefusal, ModuleSet, Team, PRIVATE_STORAGE,
    SHARED_STORAGE, TEAM_GOODS, TEAM_SILVER, TEAM_SPACES,
};
use tabuleiro_burgundy::state::{Pending, TRACK};
use tabuleiro_burgundy::{Burgundy, Colour, Config, Edition, Tile};
use tabuleiro_core::{Game, Participant, Seat, Standing};

fn team(players: u8) -> Config {
    Config {
        players,
        modules: ModuleSet::of(&[Module::Team]),
        ..Config::default()
    }
}

/// Seed 000 line 794 "Forme times de 2 jogadores (time A e time B)" (002 line 822,
/// 001 line 984): four players, told before "not played yet" (that reason stays
/// true once the module is played).
#[test]
fn the_team_game_is_for_four_players() {
    for players in [1, 2, 3] {
        assert_eq!(
            refusal_of(&team(players)),
            ModuleRefusal::TeamPlayers { players },
            "{players} players"
        );
    }
    let e = Burgundy::new(&team(2)).unwrap_err();
    use tabuleiro_core::Explain;
    assert_eq!(e.message().key, "refusal.module.team_players");
    // Four players: the module itself is not played yet.
    assert_eq!(
        refusal_of(&team(4)),
        ModuleRefusal::NotYetPlayed {
            module: Module::Team
        }
    );
}

/// Each team plays on its team board (001 lines 991-999 "Cada equipa recebe: Um
/// tabuleiro de equipa"; 002 line 830), so neither a duchy module nor a fixed duchy;
/// not with the AutoDuke (002 line 1291) nor the solo game.
#[test]
fn the_team_game_plays_on_the_team_boards() {
    let mut c = team(4);
    c.modules = c.modules.with(Module::Duchies11To18);
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::TeamBoards {
            other: Module::Duchies11To18
        }
    );
    let mut c = team(4);
    c.edition = Edition::Classic;
    c.duchies = vec![1; 4];
    assert_eq!(refusal_of(&c), ModuleRefusal::TeamDuchy { duchy: 1 });
    let mut c = team(4);
    c.modules = c.modules.with(Module::AutoDuke);
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::Excludes {
            module: Module::Team,
            other: Module::AutoDuke
        }
    );
}

/// The tie-break option belongs to the team game: set without it, it is refused.
#[test]
fn the_team_tiebreak_needs_the_team_game() {
    let mut c = Config::players(4);
    c.rules.team_tiebreak = TeamTiebreak::More;
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OptionNeedsModule {
            option: "team_tiebreak",
            module: Module::Team
        }
    );
    let written = serde_json::to_string(&c).unwrap();
    assert!(written.contains(r#""team_tiebreak":"more""#), "{written}");
    let base = serde_json::to_string(&Config::players(4)).unwrap();
    assert!(!base.contains("team_tiebreak"), "{base}");
}

/// Round 1 is played A1, B1, A2, B2 (seed 000 line 799, 002 line 833, 001 line
/// 1014): from the start player, the seats alternate between the teams.
#[test]
fn round_one_alternates_the_teams_from_the_start_player() {
    for start in 0..4 as Seat {
        let order: Vec<(Team, Seat)> = (0..4)
            .map(|i| {
                let seat = (start + i) % 4;
                (Team::of(seat, start), seat)
            })
            .collect();
        let teams: Vec<Team> = order.iter().map(|&(t, _)| t).collect();
        assert_eq!(teams, [Team::A, Team::B, Team::A, Team::B], "start {start}");
        assert_eq!(Team::A.members(start), [order[0].1, order[2].1]);
        assert_eq!(Team::B.members(start), [order[1].1, order[3].1]);
    }
}

/// What each team receives: 3 workers for the first team, 5 for the second, 2
/// silver each (seed 000 line 798, 002 line 833, 001 line 1010 "3 fichas
/// trabalhadores (para a equipa A) e 5 (para a equipa B), e ainda 2 moedas de prata
/// por equipa"); 3 random goods (002 line 832, 001 line 1007); 2 shared storage
/// spaces per team and 2 private per player (000 line 803, 002 line 837, 001 lines
/// 1019-1020).
#[test]
fn what_each_team_receives() {
    assert_eq!((Team::A.workers(), Team::B.workers()), (3, 5));
    assert_eq!(TEAM_SILVER, 2);
    assert_eq!(TEAM_GOODS, 3);
    assert_eq!((SHARED_STORAGE, PRIVATE_STORAGE), (2, 2));
}

fn members(s: &Standing) -> Vec<Seat> {
    s.members
        .iter()
        .map(|p| match p {
            Participant::Seat(s) => *s,
            other => panic!("a team of seats, not {other:?}"),
        })
        .collect()
}

/// Seed 000 line 815 "Some a pontuação dos membros do time. O time com mais pontos
/// de vitória ganha a partida" (002 line 849, 001 line 1039): the members' VP added.
#[test]
fn the_teams_vp_are_added_and_the_higher_total_wins() {
    // Start player 1: team A is seats 1 and 3 (A1, A2), team B seats 2 and 0.
    let vp = [40, 30, 20, 25];
    let s = team_standings(&vp, [10, 3], 1, TeamTiebreak::Fewer);
    assert_eq!(s.len(), 2);
    assert_eq!(
        (s[0].place, members(&s[0]), s[0].score),
        (1, vec![2, 0], 60)
    );
    assert_eq!(
        (s[1].place, members(&s[1]), s[1].score),
        (2, vec![1, 3], 55)
    );
    // The empty spaces only break a tie.
    let s = team_standings(&vp, [10, 3], 1, TeamTiebreak::More);
    assert_eq!(members(&s[0]), vec![2, 0]);
}

/// Tie-break, reading `fewer` (default): seed 000 line 815 "Caso exista um empate, o
/// time com menos espaços vazios em seu ducado ganha a partida"; 002 line 849 "el
/// equipo con menos casillas vacías".
#[test]
fn a_tie_goes_to_fewer_empty_spaces_by_default() {
    let vp = [30, 30, 30, 30];
    let s = team_standings(&vp, [12, 9], 0, TeamTiebreak::default());
    assert_eq!((s[0].place, members(&s[0])), (1, vec![1, 3]));
    assert_eq!((s[1].place, members(&s[1])), (2, vec![0, 2]));
}

/// Tie-break, reading `more`: seed 001 line 1040 "Em caso de empate, vence a equipa
/// com mais espaços vazios no seu ducado".
#[test]
fn a_tie_goes_to_more_empty_spaces_in_the_classic_reading() {
    let vp = [30, 30, 30, 30];
    let s = team_standings(&vp, [12, 9], 0, TeamTiebreak::More);
    assert_eq!((s[0].place, members(&s[0])), (1, vec![0, 2]));
    assert_eq!((s[1].place, members(&s[1])), (2, vec![1, 3]));
}

/// No rulebook gives a second tie-break for teams: equal VP and equal empty spaces
/// share first place.
#[test]
fn a_tie_on_both_shares_first_place() {
    let s = team_standings(&[10, 20, 20, 10], [5, 5], 0, TeamTiebreak::Fewer);
    assert_eq!((s[0].place, s[1].place), (1, 1));
    assert_eq!((s[0].score, s[1].score), (30, 30));
}

/// The standard team board (31a + 32a, classic 12a1 + 12a2; data restated from the
/// classic rulebook's picture, low-medium confidence): two halves of 37 sharing the
/// central castle space "com o 1" (001 lines 1003-1005), 73 spaces, twice a duchy's
/// mix less the shared castle, unverified.
#[test]
fn the_standard_team_board_reads_as_its_source_gives_it() {
    let boards = team_boards();
    assert_eq!(boards.len(), 1, "the advanced side 31b + 32b was not found");
    let b = &boards[0];
    assert_eq!(b.number, 31);
    assert!(!b.verified);
    assert_eq!(b.colours.len(), TEAM_SPACES);
    assert_eq!(TEAM_SPACES, 73);
    // The shared space is the left half's last of the middle row (id 21), a castle 1.
    assert_eq!(b.centre, 21);
    assert_eq!((b.colours[21], b.dice[21]), (Colour::Castle, 1));
    assert!(b.halves.iter().all(|h| h.len() == 37 && h.contains(&21)));
    // It touches three spaces of each half.
    let mut nb = b.neighbours[21].clone();
    nb.sort();
    assert_eq!(nb, vec![14, 20, 27, 46, 52, 58]);
    // Areas as the source's regions: a 6-city in the right half, an 8-water area
    // in the left, a 7-monastery area down the right half's edge.
    let size_of = |s: usize| b.area_size[b.area[s] as usize];
    assert_eq!(size_of(39), 6);
    assert_eq!(size_of(5), 8);
    assert_eq!(size_of(72), 7);
    let castles = b.colours.iter().filter(|&&c| c == Colour::Castle).count();
    assert_eq!(castles, 7);
}

/// Seed 000 line 811 "se seu marcador de ordem de turno já estiver no espaço final
/// do indicador de ordem de turno e você posicionar um navio, mova o seu marcador
/// para o topo da pilha deste espaço" (002 line 845, 001 lines 1034-1035): a player
/// of a team may place more than 6 ships. The engine's ship already does this on the
/// last space (the marker stays there, on top): checked here in a four-player game.
#[test]
fn a_ship_on_the_last_track_space_goes_to_the_top_of_its_stack() {
    let mut g = game_at_turn(4, no_depots(), vec![], [2, 2]);
    let last = TRACK - 1;
    g.track = Default::default();
    g.track[0] = vec![3, 2];
    g.track[last] = vec![0, 1];
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    // Duchy 1's space 17 (W2) is next to the starting castle on 18.
    act(&mut g, 0, "place ship 17");
    if pending(&g) == Some(Pending::ShipGoods) {
        let ship = legal(&g, 0).into_iter().next().unwrap();
        act(&mut g, 0, &ship);
    }
    assert_eq!(g.track[last], vec![1, 0], "seat 0 on top of seat 1");
    assert_eq!(g.track_order()[0], 0);
}
