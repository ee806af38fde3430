//! The team game (9th expansion, module `team`): seed 000 lines 792-817, seed 002
//! lines 820-851, classic seed 001 lines 983-1041; digest 13.8, ambiguity A2: the
//! team board's data, the configs the rules refuse, the teams and what each
//! receives, what the partners share and what they may not, and the team standings
//! with each reading of the tie-break.

mod common;

use common::{
    act, depots_with, game_at_turn, legal, no_depots, pending, refusal_of, refused, store,
};
use tabuleiro_burgundy::action::{Action, Event, Outcome, RolledDice};
use tabuleiro_burgundy::config::{TeamShields, TeamTiebreak, TeamTradeRoute};
use tabuleiro_burgundy::error::{Awaiting, Reason};
use tabuleiro_burgundy::modules::TEAM_BOARD;
use tabuleiro_burgundy::modules::{
    team_boards, team_standings, Module, ModuleRefusal, ModuleSet, Team, PRIVATE_STORAGE,
    SHARED_STORAGE, TEAM_GOODS, TEAM_SILVER, TEAM_SPACES,
};
use tabuleiro_burgundy::state::{Pending, Stage, TRACK};
use tabuleiro_burgundy::{Burgundy, Colour, Config, Edition, Tile};
use tabuleiro_core::{Game, Participant, Seat, SeatSet, Standing};

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
    // Four players: the team game is played.
    assert!(Burgundy::new(&team(4)).is_ok());
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
    // The trade routes, the shields and the vineyards are played with it.
    for other in [Module::TradeRoutes, Module::Shields, Module::Vineyards] {
        let mut c = team(4);
        c.modules = c.modules.with(other);
        assert!(Burgundy::new(&c).is_ok(), "{other:?}");
    }
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

/// A four-player team game, start player seat 0 (team A: seats 0 and 2; team B:
/// seats 1 and 3), each team's goods 1, 2, 3 (A) and 4, 5, 6 (B), the depots as
/// given, and seat 0's turn with `dice`.
fn team_game(depots: [Vec<Tile>; 6], dice: [u8; 2]) -> Burgundy {
    team_game_with(&team(4), depots, dice)
}

fn team_game_with(config: &Config, depots: [Vec<Tile>; 6], dice: [u8; 2]) -> Burgundy {
    let mut g = set_up_team(config, 0);
    let mut ev = Vec::new();
    assert_eq!(
        g.stage,
        Stage::PhaseStart,
        "the castles go on the centre at once"
    );
    g.stage = Stage::RoundStart;
    for (d, tiles) in depots.iter().enumerate() {
        tiles.iter().for_each(|&t| g.drawn.add(t));
        g.depots[d] = tiles.clone();
    }
    g.round_goods = vec![4, 5, 6, 4, 5];
    let roll = Outcome::Roll {
        dice: RolledDice::of(&[dice, [1, 1], [1, 1], [1, 1]]).unwrap(),
        white: 6,
    };
    g.apply_chance(&roll, &mut ev).unwrap();
    g.validate().unwrap();
    g
}

/// The setup (000 lines 796-799, 002 lines 830-833, 001 lines 1003-1014): the team
/// board for both members, the team's castle on the central castle space (one
/// castle a team), 2 silver, 3 workers for team A and 5 for team B, 3 goods a team;
/// the participants report the teams.
#[test]
fn each_team_sets_up_on_its_team_board() {
    let g = team_game(no_depots(), [1, 1]);
    let centre = 21;
    for (seat, workers, goods) in [
        (0, 3, [1, 1, 1, 0, 0, 0]),
        (2, 3, [1, 1, 1, 0, 0, 0]),
        (1, 5, [0, 0, 0, 1, 1, 1]),
        (3, 5, [0, 0, 0, 1, 1, 1]),
    ] {
        let p = &g.players[seat];
        assert_eq!(p.duchy, TEAM_BOARD);
        assert_eq!(p.spaces[centre], Some(Tile::Castle), "seat {seat}");
        assert_eq!(p.covered().len(), 1);
        assert_eq!(
            (p.silver, p.workers, p.goods),
            (TEAM_SILVER, workers, goods),
            "seat {seat}"
        );
        assert_eq!(g.empty_spaces(seat as u8), TEAM_SPACES - 1);
    }
    assert_eq!(g.drawn.0[Tile::Castle.kind()], 2, "one castle a team");
    let team = g.modules.team.as_ref().unwrap();
    assert_eq!(team.members, [[0, 2], [1, 3]]);
    let teams = g.participants().teams;
    assert_eq!(
        teams,
        vec![SeatSet::one(0).with(2), SeatSet::one(1).with(3)]
    );
    // The position text draws both halves (the last space, 72) and marks the board.
    let text = g.describe();
    assert!(text.contains("72:"), "{text}");
    assert!(text.contains("(board data unverified)"), "{text}");
    assert!(text.contains("Team A with seat 2"), "{text}");
    // The position file carries the teams and reads back.
    let json = serde_json::to_string(&g).unwrap();
    assert!(
        json.contains(r#""team":{"members":[[0,2],[1,3]]"#),
        "{json}"
    );
    assert_eq!(Burgundy::from_json(&json).unwrap(), g);
}

/// A team position is checked on load: both members hold the same shared things
/// (000 line 805), and the teams are seated A1, B1, A2, B2.
#[test]
fn a_team_position_that_breaks_the_sharing_is_refused() {
    let g = team_game(no_depots(), [1, 1]);
    let mut bad = g.clone();
    bad.players[2].silver = 5;
    refused_on_load(&bad, "team A: both members hold the same");
    let mut bad = g.clone();
    bad.modules.team.as_mut().unwrap().members = [[0, 1], [2, 3]];
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("A1, B1, A2, B2"), "{e}");
    let mut bad = g.clone();
    bad.players.pop();
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("seats 4 players"), "{e}");
    let mut bad = g.clone();
    bad.modules.team = None;
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("modules.team"), "{e}");
}

/// Workers, silver and goods are the team's (000 line 805 "Todos os outros recursos
/// são compartilhados: trabalhadores, prata, mercadorias"): what one member spends,
/// the partner no longer has.
#[test]
fn the_partners_share_workers_and_goods() {
    let mut g = team_game(no_depots(), [2, 4]);
    // A worker turns die 2 from 4 to 3; the team sells its goods 3 (1 silver).
    act(&mut g, 0, "die 2 3");
    assert_eq!((g.players[0].workers, g.players[2].workers), (2, 2));
    assert_eq!(g.players[1].workers, 5, "the other team's are its own");
    act(&mut g, 0, "sell 3");
    for seat in [0, 2] {
        let p = &g.players[seat];
        assert_eq!(p.goods, [1, 1, 0, 0, 0, 0], "seat {seat}");
        assert_eq!(p.sold[2], 1);
        assert_eq!(p.silver, TEAM_SILVER + 1);
        assert_eq!(p.workers, 2);
    }
    g.validate().unwrap();
}

/// A taken tile with room on only one of the key spaces goes there without a
/// question: private spaces full, the team's shared ones; the partner sees the
/// shared ones but not the private ones (000 lines 803-807).
#[test]
fn private_key_spaces_then_shared_ones() {
    let depots = depots_with(&[
        (1, Tile::Ship),
        (1, Tile::Mine),
        (1, Tile::Ship),
        (2, Tile::Mine),
    ]);
    let mut g = team_game(depots, [1, 1]);
    store(&mut g, 0, &[Tile::Castle, Tile::Castle]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "take 1 ship");
    let team = g.modules.team.clone().unwrap();
    assert_eq!(
        team.shared[0],
        vec![Tile::Ship],
        "private spaces full: shared"
    );
    assert_eq!(
        g.players[0].storage,
        vec![Tile::Castle, Tile::Castle, Tile::Ship]
    );
    assert_eq!(
        g.players[2].storage,
        vec![Tile::Ship],
        "the partner sees the shared one"
    );
    g.validate().unwrap();
}

/// Seat 0's private key spaces and team A's shared ones hold these (the partner,
/// seat 2, sees the shared ones).
fn hold(g: &mut Burgundy, private: &[Tile], shared: &[Tile]) {
    store(g, 0, private);
    store(g, 0, shared);
    g.players[2].storage.extend_from_slice(shared);
    g.modules.team.as_mut().unwrap().shared[0] = shared.to_vec();
    g.validate().unwrap();
}

/// Team A's storages: seat 0's private key spaces, the shared ones, seat 2's
/// private ones; checked on load.
fn storages(g: &Burgundy) -> (Vec<Tile>, Vec<Tile>, Vec<Tile>) {
    g.validate().unwrap();
    let shared = g.modules.team.as_ref().unwrap().shared[0].clone();
    let private = |seat: usize| {
        let s = &g.players[seat].storage;
        assert_eq!(s[s.len() - shared.len()..], shared[..], "seat {seat}");
        s[..s.len() - shared.len()].to_vec()
    };
    (private(0), shared.clone(), private(2))
}

/// Seed 000 line 803 "cada time tem 2 espaços chave compartilhados (...) e cada
/// jogador tem 2 espaços chave exclusivos": with room on both, the player chooses
/// where the taken tile goes (`keyspace private|shared`), and nothing else may be
/// done before (not even the purchase "at any moment").
#[test]
fn a_taken_tile_goes_to_the_key_space_the_player_chooses() {
    for (answer, private, shared) in [
        ("keyspace private", vec![Tile::Castle, Tile::Ship], vec![]),
        ("keyspace shared", vec![Tile::Castle], vec![Tile::Ship]),
    ] {
        let mut g = team_game(depots_with(&[(1, Tile::Ship)]), [1, 1]);
        hold(&mut g, &[Tile::Castle], &[]);
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "take 1 ship");
        assert_eq!(
            pending(&g),
            Some(Pending::KeySpace {
                incoming: Tile::Ship
            })
        );
        assert_eq!(legal(&g, 0), ["keyspace private", "keyspace shared"]);
        g.validate().unwrap();
        let ev = act(&mut g, 0, answer);
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::KeySpaceChosen {
                seat: 0,
                tile: Tile::Ship,
                ..
            }
        )));
        assert_eq!(storages(&g), (private, shared, vec![]), "{answer}");
    }
}

/// The black depot's tile too asks for the key space (every way into storage goes
/// through it); a refused answer names the question.
#[test]
fn a_bought_tile_asks_for_the_key_space_too() {
    let mut g = team_game(no_depots(), [1, 1]);
    g.black_depot = vec![Tile::Mine];
    g.drawn.add(Tile::Mine);
    act(&mut g, 0, "buy black mine");
    assert_eq!(legal(&g, 0), ["keyspace private", "keyspace shared"]);
    let r = refused(&mut g, 0, "die 1 1");
    assert_eq!(
        r,
        Reason::NotNow {
            awaiting: Awaiting::KeySpace {
                incoming: Tile::Mine
            }
        }
    );
    act(&mut g, 0, "keyspace shared");
    assert_eq!(storages(&g), (vec![], vec![Tile::Mine], vec![]));
}

/// Room on only one side: no question. The private spaces with room and the shared
/// ones full, the tile goes on the private ones.
#[test]
fn no_key_space_question_when_only_one_has_room() {
    let mut g = team_game(depots_with(&[(1, Tile::Ship)]), [1, 1]);
    hold(&mut g, &[], &[Tile::Castle, Tile::Mine]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "take 1 ship");
    assert_eq!(pending(&g), None);
    assert_eq!(
        storages(&g),
        (vec![Tile::Ship], vec![Tile::Castle, Tile::Mine], vec![])
    );
}

/// A kind held on both the private and the shared key spaces leaves the one the
/// player names: `place TILE SPACE` the private one, `place TILE SPACE shared` the
/// shared one (offered only then; refused otherwise with its reason).
#[test]
fn a_placed_tile_leaves_the_key_space_the_player_chooses() {
    for shared_word in ["", " shared"] {
        let mut g = team_game(no_depots(), [1, 1]);
        let board = g.duchy(0).clone();
        // A space next to the central castle for a tile the game has several of.
        let next = board.neighbours[21]
            .iter()
            .find(|&n| ![Colour::Knowledge, Colour::Castle].contains(&board.colours[n]))
            .unwrap();
        let (colour, number) = (board.colours[next], board.dice[next]);
        let tile = tile_for(colour);
        hold(&mut g, &[tile, Tile::Castle], &[tile]);
        if let Stage::Turn(t) = &mut g.stage {
            t.dice = [Some(number), Some(number)];
        }
        act(&mut g, 0, &format!("die 1 {number}"));
        let offers = legal(&g, 0);
        for text in [
            format!("place {tile} {next}"),
            format!("place {tile} {next} shared"),
        ] {
            assert!(offers.contains(&text), "{text} in {offers:?}");
        }
        assert!(!offers.contains(&format!("place castle {next} shared")));
        act(&mut g, 0, &format!("place {tile} {next}{shared_word}"));
        if pending(&g) == Some(Pending::ShipGoods) {
            let ship = legal(&g, 0).into_iter().next().unwrap();
            act(&mut g, 0, &ship);
        }
        let expected = match shared_word {
            "" => (vec![Tile::Castle], vec![tile]),
            _ => (vec![tile, Tile::Castle], vec![]),
        };
        let (private, shared, _) = storages(&g);
        assert_eq!((private, shared), expected, "{shared_word:?}");
    }
    // Only the private key spaces hold a castle: "shared" is refused.
    let mut g = team_game(no_depots(), [1, 1]);
    hold(&mut g, &[Tile::Castle], &[Tile::Mine]);
    act(&mut g, 0, "die 1 1");
    let r = refused(&mut g, 0, "place castle 20 shared");
    assert_eq!(r, Reason::NotOnBothKeySpaces { tile: Tile::Castle });
}

/// Storage full (2 private, 2 shared): the tile discarded leaves the key space the
/// player names, and the incoming one takes its place there.
#[test]
fn a_discarded_tile_leaves_the_key_space_the_player_chooses() {
    for (answer, private, shared) in [
        (
            "discard mine",
            vec![Tile::Castle, Tile::Ship],
            vec![Tile::Mine, Tile::Castle],
        ),
        (
            "discard mine shared",
            vec![Tile::Mine, Tile::Castle],
            vec![Tile::Castle, Tile::Ship],
        ),
        (
            "discard castle",
            vec![Tile::Mine, Tile::Ship],
            vec![Tile::Mine, Tile::Castle],
        ),
    ] {
        let mut g = team_game(depots_with(&[(1, Tile::Ship)]), [1, 1]);
        hold(
            &mut g,
            &[Tile::Mine, Tile::Castle],
            &[Tile::Mine, Tile::Castle],
        );
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "take 1 ship");
        assert_eq!(
            legal(&g, 0),
            [
                "discard mine",
                "discard mine shared",
                "discard castle",
                "discard castle shared"
            ]
        );
        act(&mut g, 0, answer);
        let (p, s, _) = storages(&g);
        let sorted = |mut v: Vec<Tile>| {
            v.sort();
            v
        };
        assert_eq!(
            (sorted(p), sorted(s)),
            (sorted(private), sorted(shared)),
            "{answer}"
        );
    }
}

/// The key space in the decision's text: written and read back.
#[test]
fn the_key_space_decisions_read_back() {
    for text in [
        "place mine 3 shared",
        "place mine 3",
        "discard castle shared",
        "keyspace private",
        "keyspace shared",
    ] {
        let a: Action = text.parse().unwrap();
        assert_eq!(a.to_string(), text);
    }
    for bad in ["keyspace both", "place mine 3 private", "discard castle 2"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

/// Seed 000 line 807 "Um jogador não pode usar os dados ou os espaços chave
/// exclusivos de seu parceiro": a tile on the partner's private key spaces is
/// refused with its reason.
#[test]
fn the_partners_private_key_spaces_are_refused() {
    let mut g = team_game(no_depots(), [1, 1]);
    store(&mut g, 2, &[Tile::Ship]);
    act(&mut g, 0, "die 1 1");
    assert!(!legal(&g, 0).iter().any(|a| a.starts_with("place")));
    let r = refused(&mut g, 0, "place ship 20");
    assert_eq!(r, Reason::PartnersStorage { tile: Tile::Ship });
    use tabuleiro_core::Explain;
    assert_eq!(r.message().key, "refusal.partners_storage");
}

/// A shared tile may be placed by either member, and leaves both storages (000
/// line 805); both members place on either half, areas crossing the seam (000 line
/// 809 "Ambos os membros podem interagir com qualquer metade").
#[test]
fn either_member_places_a_shared_tile_on_either_half() {
    let mut g = team_game(no_depots(), [1, 1]);
    let board = g.duchy(0).clone();
    // A space of the right half next to the central castle, and its number.
    let right = board.neighbours[21].iter().find(|&s| s >= 37).unwrap();
    let (colour, number) = (board.colours[right], board.dice[right]);
    let tile = tile_for(colour);
    for seat in [0, 2] {
        g.players[seat].storage.push(tile);
    }
    g.drawn.add(tile);
    g.modules.team.as_mut().unwrap().shared[0] = vec![tile];
    g.validate().unwrap();
    let turn = match &mut g.stage {
        Stage::Turn(t) => t,
        _ => unreachable!(),
    };
    turn.dice = [Some(number), Some(number)];
    act(&mut g, 0, &format!("die 1 {number}"));
    act(&mut g, 0, &format!("place {tile} {right}"));
    if pending(&g) == Some(Pending::ShipGoods) {
        let ship = legal(&g, 0).into_iter().next().unwrap();
        act(&mut g, 0, &ship);
    }
    for seat in [0, 2] {
        assert_eq!(g.players[seat].spaces[right], Some(tile), "seat {seat}");
        assert!(!g.players[seat].storage.contains(&tile));
    }
    assert!(g.modules.team.as_ref().unwrap().shared[0].is_empty());
    g.validate().unwrap();
}

/// Final scoring (000 lines 813-815): both members' VP added; the standings are the
/// teams', each reading of the tie-break from the option.
#[test]
fn the_standings_are_the_teams() {
    let mut g = team_game(no_depots(), [1, 1]);
    for (s, vp) in [10, 20, 30, 5].into_iter().enumerate() {
        g.players[s].vp = vp;
    }
    let st = g.standings();
    assert_eq!(
        (members(&st[0]), st[0].score, st[0].place),
        (vec![0, 2], 40, 1)
    );
    assert_eq!(
        (members(&st[1]), st[1].score, st[1].place),
        (vec![1, 3], 25, 2)
    );
    // A tie: team B has one tile more on its board, so fewer empty spaces.
    for (s, vp) in [10, 20, 10, 0].into_iter().enumerate() {
        g.players[s].vp = vp;
    }
    for s in [1, 3] {
        g.players[s].spaces.place(20, Tile::Castle);
    }
    assert_eq!(members(&g.standings()[0]), vec![1, 3]);
    g.config.rules.team_tiebreak = TeamTiebreak::More;
    assert_eq!(members(&g.standings()[0]), vec![0, 2]);
}

/// Whole random team games: the shared silver, workers and goods score once for the
/// team (its first member's final scoring), and the second members score none.
#[test]
fn a_random_team_game_scores_the_shared_things_once() {
    use tabuleiro_burgundy::action::{Event, ScoreReason};
    let mut scored_by_second = 0;
    let mut scored_shared = 0;
    let played = tabuleiro_core::play::<Burgundy>(
        &team(4),
        11,
        &mut tabuleiro_core::UniformChooser,
        false,
        |game, events| {
            for e in events {
                if let Event::Scored {
                    seat,
                    why: ScoreReason::Silver | ScoreReason::Workers | ScoreReason::UnsoldGoods,
                    ..
                } = e
                {
                    scored_shared += 1;
                    if game
                        .modules
                        .team
                        .as_ref()
                        .unwrap()
                        .members
                        .iter()
                        .any(|m| m[1] == *seat)
                    {
                        scored_by_second += 1;
                    }
                }
            }
            game.validate().unwrap();
        },
    )
    .unwrap();
    assert_eq!(played.game.stage, Stage::Over);
    assert!(scored_shared > 0);
    assert_eq!(scored_by_second, 0);
}

/// A tile that goes on a space of `colour`.
fn tile_for(colour: Colour) -> Tile {
    match colour {
        Colour::Castle => Tile::Castle,
        Colour::Mine => Tile::Mine,
        Colour::Water => Tile::Ship,
        Colour::Pasture => Tile::Livestock {
            animal: tabuleiro_burgundy::Animal::Cow,
            count: 2,
        },
        Colour::Building => Tile::Building(tabuleiro_burgundy::Building::Bank),
        Colour::Knowledge => Tile::Knowledge(1),
    }
}

/// Seed 000 line 811 "Você pode posicionar mais de 6 navios" (002 line 845, 001
/// lines 1034-1035): team A holds six ships on its board (the team board has 12
/// water spaces), seat 0's marker is on the track's last space; a seventh ship is
/// placed and the marker goes on top of that space's stack.
#[test]
fn a_seventh_ship_of_a_team_goes_to_the_top_of_the_last_track_space() {
    let mut g = team_game(no_depots(), [1, 1]);
    let board = g.duchy(0).clone();
    let water: Vec<usize> = (0..board.spaces)
        .filter(|&s| board.colours[s] == Colour::Water)
        .collect();
    assert_eq!(water.len(), 12);
    for &s in &water[..6] {
        for seat in [0, 2] {
            g.players[seat].spaces.place(s, Tile::Ship);
        }
        g.drawn.add(Tile::Ship);
    }
    // The seventh: a free water space next to a covered one.
    let covered = g.players[0].covered();
    let seventh = water[6..]
        .iter()
        .copied()
        .find(|&w| !board.neighbours[w].intersection(covered).is_empty())
        .expect("a free water space next to a ship");
    let last = TRACK - 1;
    g.track = Default::default();
    g.track[0] = vec![3, 2];
    g.track[last] = vec![0, 1];
    store(&mut g, 0, &[Tile::Ship]);
    let number = board.dice[seventh];
    if let Stage::Turn(t) = &mut g.stage {
        t.dice = [Some(number), Some(number)];
    }
    g.validate().unwrap();
    act(&mut g, 0, &format!("die 1 {number}"));
    act(&mut g, 0, &format!("place ship {seventh}"));
    if pending(&g) == Some(Pending::ShipGoods) {
        let ship = legal(&g, 0).into_iter().next().unwrap();
        act(&mut g, 0, &ship);
    }
    assert_eq!(g.players[2].count(Tile::Ship), 7, "the partner's board too");
    assert_eq!(g.track[last], vec![1, 0], "seat 0 on top of seat 1");
}

#[test]
fn a_content_file_corrects_the_team_board() {
    // The team board is read from a picture of the classic board 12 (unverified): an
    // owner's content file gives space 0 a die 1, and the game plays that board,
    // its halves included.
    let mut data: serde_json::Value =
        serde_json::from_str(tabuleiro_burgundy::modules::TEAM_DUCHIES_JSON).unwrap();
    data["boards"][0]["halves"][0][0] = "C1 B5 B4 B3".into();
    let mut c = team(4);
    c.content = serde_json::from_value(serde_json::json!({ "team_duchies.json": data })).unwrap();
    let g = Burgundy::new(&c).unwrap();
    let board = g
        .content()
        .duchy(tabuleiro_burgundy::modules::TEAM_BOARD)
        .unwrap();
    assert_eq!(board.dice[0], 1);
    let embedded = tabuleiro_burgundy::content::Content::embedded();
    assert_eq!(embedded.duchy(31).unwrap().dice[0], 6);
    let halves = tabuleiro_burgundy::modules::board_halves(g.content(), board);
    assert_eq!(halves.len(), 2);
    assert_eq!(halves[0].len(), 37);
}

/// A team game with the trade routes in `reading`, set up with `start` as the start
/// player (team A's goods 1, 2, 3, team B's 4, 5, 6), at the first phase start.
fn set_up_with_routes(reading: TeamTradeRoute, start: Seat) -> Burgundy {
    let mut c = team(4);
    c.modules = c.modules.with(Module::TradeRoutes);
    c.rules.team_trade_route = reading;
    set_up_team(&c, start)
}

fn set_up_team(c: &Config, start: Seat) -> Burgundy {
    let mut g = Burgundy::new(c).unwrap();
    let mut goods = vec![vec![]; 4];
    goods[start as usize] = vec![1, 2, 3];
    goods[(start as usize + 1) % 4] = vec![4, 5, 6];
    let setup = Outcome::Setup {
        provisional: Vec::new(),
        duchies: vec![],
        boards: vec![],
        start_player: start,
        goods,
    };
    g.apply_chance(&setup, &mut Vec::new()).unwrap();
    g
}

/// A team game with the trade routes (`rules.team_trade_route` as given), set up
/// with start player 0 (team A: seats 0 and 2, goods 1, 2, 3; team B: seats 1 and
/// 3), the routes dealt as given, and round 1's dice.
fn team_routes_game(reading: TeamTradeRoute, routes: Vec<Vec<u8>>, dice: [[u8; 2]; 4]) -> Burgundy {
    let mut g = set_up_with_routes(reading, 0);
    let mut ev = Vec::new();
    let deal = Outcome::TradeRoutes {
        routes,
        provisional: Vec::new(),
    };
    g.apply_chance(&deal, &mut ev).unwrap();
    g.stage = Stage::RoundStart;
    g.round_goods = vec![4, 5, 6, 4, 5];
    let roll = Outcome::Roll {
        dice: RolledDice::of(&dice).unwrap(),
        white: 6,
    };
    g.apply_chance(&roll, &mut ev).unwrap();
    g.validate().unwrap();
    g
}

/// The turns up to A2's (seat 2), then A2 sells its `goods` with die 1, which go
/// onto route space `space`.
fn a2_sells_onto(g: &mut Burgundy, goods: u8, space: u8) {
    while g.turn().is_some_and(|t| t.seat != 2) {
        common::finish_turn(g);
    }
    act(g, 2, &format!("die 1 {goods}"));
    let ev = act(g, 2, &format!("sell {goods}"));
    let laid = tabuleiro_burgundy::Event::GoodsOnRoute {
        seat: 2,
        goods,
        count: 1,
        space,
    };
    assert!(ev.contains(&laid), "{ev:?}");
}

/// The position `bad` is refused on load, saying `why`.
fn refused_on_load(bad: &Burgundy, why: &str) {
    let e = Burgundy::from_json(&serde_json::to_string(bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains(why), "{e}");
}

fn route_goods(g: &Burgundy, seat: usize) -> Vec<u8> {
    g.modules.trade_routes[seat].goods.clone()
}

/// The trade routes in the team game (`rules.team_trade_route: team`, our default):
/// the route lies "abaixo de seu tabuleiro de jogador" (seed 000 line 770) and the
/// team game gives each team one board and shares its goods (line 805), so each
/// team gets one route, dealt as to one of two players: 5 tiles ("2 jogadores: 5
/// cada"). Both members write the same route; a sale by either goes onto it, left
/// to right, and its bonus is the team's.
#[test]
fn one_trade_route_a_team_by_default() {
    assert_eq!(
        Config::default().rules.team_trade_route,
        TeamTradeRoute::Team
    );
    let g = set_up_with_routes(TeamTradeRoute::Team, 1);
    let Outcome::TradeRoutes { routes, .. } = g.sample_chance(&mut tabuleiro_core::Rng::seed(3))
    else {
        panic!("the routes are dealt at the first phase start");
    };
    // Start player 1: team A is seats 1 and 3, team B seats 2 and 0.
    assert_eq!((routes[1].len(), routes[2].len()), (5, 5), "{routes:?}");
    assert_eq!((&routes[3], &routes[0]), (&routes[1], &routes[2]));
    let mut all: Vec<u8> = routes[1].iter().chain(&routes[2]).copied().collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 10, "each team's tiles are its own: {routes:?}");
    // A deal whose members' routes differ is refused.
    let split = vec![
        vec![1, 2, 3, 4, 5],
        vec![6, 7, 8, 9, 10],
        vec![1, 2, 3, 4, 11],
        vec![6, 7, 8, 9, 10],
    ];
    let wrong = Outcome::TradeRoutes {
        routes: split,
        provisional: Vec::new(),
    };
    assert!(g.clone().apply_chance(&wrong, &mut Vec::new()).is_err());

    let a = vec![1, 2, 3, 4, 5];
    let b = vec![6, 7, 8, 9, 10];
    let routes = vec![a.clone(), b.clone(), a, b];
    let mut g = team_routes_game(
        TeamTradeRoute::Team,
        routes,
        [[1, 2], [1, 1], [3, 1], [1, 1]],
    );
    // A1 sells its 1 (space 1 of tile 1: a 1, 2 silver) and its 2 (space 2, a 6).
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "sell 1");
    act(&mut g, 0, "die 2 2");
    act(&mut g, 0, "sell 2");
    assert_eq!(route_goods(&g, 0), vec![1, 2]);
    assert_eq!(
        route_goods(&g, 2),
        vec![1, 2],
        "the partner's is the same route"
    );
    assert!(route_goods(&g, 1).is_empty());
    // The sale's silver and the route's 2 silver are the team's.
    assert_eq!(g.players[0].silver, g.players[2].silver);
    g.validate().unwrap();
    // A2 sells the team's 3: it goes onto space 3 of the team's route.
    a2_sells_onto(&mut g, 3, 3);
    assert_eq!(route_goods(&g, 0), vec![1, 2, 3]);
    assert_eq!(route_goods(&g, 2), vec![1, 2, 3]);
    g.validate().unwrap();
    // A position whose members' routes differ is refused.
    let mut bad = g.clone();
    bad.modules.trade_routes[2].goods.pop();
    refused_on_load(&bad, "both members hold the team's route");
}

/// The other reading (`rules.team_trade_route: player`): each player's route under
/// "seu tabuleiro" (seed 000 line 770), as for 4 players (3 tiles each); a member's
/// sale goes onto its own route, and both routes hold the team's goods sold.
#[test]
fn one_trade_route_a_player_in_the_other_reading() {
    let g = set_up_with_routes(TeamTradeRoute::Player, 0);
    let Outcome::TradeRoutes { routes, .. } = g.sample_chance(&mut tabuleiro_core::Rng::seed(3))
    else {
        panic!("the routes are dealt at the first phase start");
    };
    let mut all: Vec<u8> = routes.iter().flatten().copied().collect();
    assert!(routes.iter().all(|r| r.len() == 3), "{routes:?}");
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 12, "each seat its own 3 tiles: {routes:?}");

    let routes = vec![
        vec![1, 4, 5],
        vec![6, 7, 8],
        vec![2, 9, 10],
        vec![3, 11, 12],
    ];
    let mut g = team_routes_game(
        TeamTradeRoute::Player,
        routes,
        [[1, 1], [1, 1], [2, 1], [1, 1]],
    );
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "sell 1");
    assert_eq!(route_goods(&g, 0), vec![1]);
    assert!(route_goods(&g, 2).is_empty(), "A2's route is its own");
    a2_sells_onto(&mut g, 2, 1);
    assert_eq!((route_goods(&g, 0), route_goods(&g, 2)), (vec![1], vec![2]));
    g.validate().unwrap();
    // Both routes hold the team's goods sold: no more of a type than it sold.
    let mut bad = g.clone();
    bad.modules.trade_routes[2].goods = vec![2, 1];
    refused_on_load(&bad, "no more of a type than it has sold");
}

/// With the optional order (seed 000 line 772) and one route a team, the team's
/// first member lays the team's tiles; the partner's copy follows.
#[test]
fn a_teams_route_is_arranged_by_its_first_member() {
    use tabuleiro_burgundy::config::TradeRouteOrder;
    use tabuleiro_core::ToAct;
    let mut c = team(4);
    c.modules = c.modules.with(Module::TradeRoutes);
    c.rules.trade_route_order = TradeRouteOrder::Chosen;
    let mut g = set_up_team(&c, 0);
    let (a, b) = (vec![1, 2, 3, 4, 5], vec![6, 7, 8, 9, 10]);
    let deal = Outcome::TradeRoutes {
        routes: vec![a.clone(), b.clone(), a, b],
        provisional: Vec::new(),
    };
    g.apply_chance(&deal, &mut Vec::new()).unwrap();
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(0).with(1)));
    act(&mut g, 0, "route 5,4,3,2,1");
    assert_eq!(g.modules.trade_routes[2].tiles, vec![5, 4, 3, 2, 1]);
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    g.validate().unwrap();
    act(&mut g, 1, "route 10,9,8,7,6");
    assert_eq!(g.modules.trade_routes[3].tiles, vec![10, 9, 8, 7, 6]);
    assert_eq!(g.to_act(), ToAct::Chance);
}

/// `rules.team_trade_route` is the team game's: set without it, it is refused.
#[test]
fn the_team_trade_route_option_needs_the_team_game() {
    let mut c = Config::default();
    c.rules.team_trade_route = TeamTradeRoute::Player;
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OptionNeedsModule {
            option: "team_trade_route",
            module: Module::Team
        }
    );
}

/// A team game with the shields (`team_game`'s turn for seat 0 with `dice`): the
/// shields on the depots as given (depot, shield), and team A's castle on the
/// central space holding `held`.
fn team_shields_game(dice: [u8; 2], on_depots: &[(u8, u8)], held: Option<u8>) -> Burgundy {
    let held: Vec<(usize, u8, u8)> = [0, 2]
        .iter()
        .flat_map(|&m| held.map(|s| (m, 21, s)))
        .collect();
    shields_game(TeamShields::Team, dice, on_depots, &held)
}

/// The central castle space, where each team's castle starts.
const CENTRE: u8 = 21;

/// A second castle space of the team board, holding a castle of team A in
/// [`shields_game`].
fn second_castle(g: &Burgundy) -> u8 {
    let board = g.duchy(0);
    let mut castles = (0..board.spaces).filter(|&s| board.colours[s] == Colour::Castle);
    castles.rfind(|&s| s != CENTRE as usize).expect("castles") as u8
}

/// A team game with the shields in `reading` (`team_game`'s turn for seat 0 with
/// `dice`): the shields on the depots as given (depot, shield), team A's castles on
/// the central space and on [`second_castle`], and the shields held as given (seat,
/// castle space, shield).
fn shields_game(
    reading: TeamShields,
    dice: [u8; 2],
    on_depots: &[(u8, u8)],
    held: &[(usize, u8, u8)],
) -> Burgundy {
    let mut c = team(4);
    c.modules = c.modules.with(Module::Shields);
    c.rules.team_shields = reading;
    let mut g = team_game_with(&c, no_depots(), dice);
    g.modules.shields = vec![Default::default(); 4];
    for &(depot, s) in on_depots {
        g.modules.shield_depots[depot as usize - 1].push(s);
    }
    let second = second_castle(&g) as usize;
    for seat in [0, 2] {
        g.players[seat].spaces.place(second, Tile::Castle);
    }
    g.drawn.add(Tile::Castle);
    for &(seat, castle, s) in held {
        g.modules.shields[seat].insert(castle, s);
    }
    g.validate().unwrap();
    g
}

/// The shields in the team game (our reading, 000 line 805 "Todos os recursos ...
/// são compartilhados"): a shield goes "em um castelo de seu ducado" (line 886), and
/// the team's duchy is its team board, so a shield one member takes lies on the
/// team's castle for both, and its ability is both members'.
#[test]
fn a_shield_lies_on_the_teams_castle() {
    let mut g = team_shields_game([3, 3], &[(3, 8)], None);
    act(&mut g, 0, "shield 8 21");
    for seat in [0, 2] {
        assert_eq!(g.modules.shields[seat].get(&21), Some(&8), "seat {seat}");
        assert!(g.holds_shield(seat as Seat, 8));
    }
    assert!(g.modules.shields[1].is_empty() && g.modules.shields[3].is_empty());
    g.validate().unwrap();
    // A position where one member lacks the team's shield is refused.
    let mut bad = g.clone();
    bad.modules.shields[2].clear();
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(
        e.to_string()
            .contains("both members hold the team's shields"),
        "{e}"
    );
}

/// The tribute (000 line 890 "Cada escudo custa 1 peça de prata") is the team's:
/// its shields lie on its castles and its silver pays, so it is decided once, by
/// the member furthest ahead on the turn-order track, and both keep or lose them.
#[test]
fn the_team_pays_the_tribute_for_its_shields_once() {
    use tabuleiro_burgundy::Event;
    let mut g = team_shields_game([1, 1], &[], Some(8));
    g.round = 4;
    let mut ev = Vec::new();
    while g.turn().is_some_and(|t| !t.phase_end) {
        ev.extend(common::finish_turn(&mut g));
    }
    let payer = g.turn().expect("the tribute waits").seat;
    assert!([0, 2].contains(&payer), "a member of team A decides");
    assert_eq!(legal(&g, payer), ["tribute none", "tribute 8"]);
    ev.extend(act(&mut g, payer, "tribute 8"));
    assert_eq!(g.phase, 1, "no second tribute for the partner");
    let paid: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::TributePaid { .. }))
        .collect();
    assert_eq!(paid.len(), 1, "{paid:?}");
    for seat in [0, 2] {
        assert_eq!(g.players[seat].silver, TEAM_SILVER - 1, "seat {seat}");
        assert!(g.holds_shield(seat as Seat, 8));
    }
    g.validate().unwrap();
}

/// Shield 2 (000 line 897): "sempre que outro jogador receber trabalhadores, você
/// também ganha 1 trabalhador": in the team game the holder is the team, so a gain
/// of the other team's brings the holding team a worker; a partner's gain is the
/// team's own, and brings none more.
#[test]
fn shield_2_answers_the_other_teams_gains_only() {
    let held = [(0, CENTRE, 2), (2, CENTRE, 2)];
    team_a_answers_gains(TeamShields::Team, &held, 0);
}

/// Team A holds shield 2 as given (`reading`); seat 0 (team A) takes workers with
/// a die: the team has its 2 and `own_answered` more; then seat 1 (team B) does,
/// and team A has 1 more.
fn team_a_answers_gains(reading: TeamShields, held: &[(usize, u8, u8)], own_answered: u32) {
    let mut g = shields_game(reading, [1, 1], &[], held);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "workers");
    for seat in [0, 2] {
        let workers = Team::A.workers() + 2 + own_answered;
        assert_eq!(g.players[seat].workers, workers, "seat {seat}");
    }
    while g.turn().is_some_and(|t| t.seat != 1) {
        common::finish_turn(&mut g);
    }
    let before = g.players[0].workers;
    act(&mut g, 1, "die 1 1");
    act(&mut g, 1, "workers");
    assert_eq!(g.players[1].workers, Team::B.workers() + 2);
    for seat in [0, 2] {
        assert_eq!(g.players[seat].workers, before + 1, "seat {seat}");
    }
    g.validate().unwrap();
}

/// A mine on the team board (both members' records, the board is shared).
fn team_mine(g: &mut Burgundy) -> usize {
    let board = g.duchy(0).clone();
    let mine = (0..board.spaces)
        .find(|&s| board.colours[s] == Colour::Mine)
        .expect("a mine space");
    for seat in [0, 2] {
        g.players[seat].spaces.place(mine, Tile::Mine);
    }
    g.drawn.add(Tile::Mine);
    mine
}

/// The mines pay the team once: "1 peça de prata por mina" at a phase's end (the
/// base game) into the team's shared silver (000 line 805), not once per member.
#[test]
fn a_teams_mines_pay_once() {
    let mut g = team_game(no_depots(), [1, 1]);
    team_mine(&mut g);
    g.validate().unwrap();
    g.round = 4;
    while g.phase == 0 {
        common::finish_turn(&mut g);
    }
    for seat in [0, 2] {
        assert_eq!(g.players[seat].silver, TEAM_SILVER + 1, "seat {seat}");
    }
    g.validate().unwrap();
}

/// Shield 8 (000 line 903 "dobre a quantidade de peças de prata que você recebe por
/// suas minas"): the team board's mines are both members', paid once; the team's
/// shield 8 or a member's own (`rules.team_shields: member`, held by the second
/// member here) doubles them. The tribute (1 silver) is paid first (line 890).
#[test]
fn shield_8_doubles_a_teams_mines_once_in_each_reading() {
    for (reading, held) in [
        (TeamShields::Team, vec![(0, CENTRE, 8), (2, CENTRE, 8)]),
        (TeamShields::Member, vec![(2, CENTRE, 8)]),
    ] {
        let mut g = shields_game(reading, [1, 1], &[], &held);
        team_mine(&mut g);
        g.round = 4;
        common::finish_round(&mut g);
        while let Some(seat) = g.turn().filter(|t| t.phase_end).map(|t| t.seat) {
            act(&mut g, seat, "tribute 8");
        }
        for seat in [0, 2] {
            assert_eq!(g.players[seat].silver, TEAM_SILVER - 1 + 2, "{reading:?}");
        }
        g.validate().unwrap();
    }
}

/// The other reading (`rules.team_shields: member`): a shield goes "em um castelo do
/// seu ducado" (000 line 886), a castle of the team board, and is the taker's own:
/// in its `modules.shields` only, its ability its own. A castle holds one shield: a
/// position with a castle in both members' shields is refused.
#[test]
fn a_members_shield_is_its_own_in_the_other_reading() {
    let mut g = shields_game(TeamShields::Member, [3, 3], &[(3, 8)], &[]);
    let second = second_castle(&g);
    g.modules.shields[2].insert(second, 9);
    g.modules.shield_depots[3].clear();
    act(&mut g, 0, "shield 8 21");
    assert_eq!(g.modules.shields[0], [(CENTRE, 8)].into());
    assert_eq!(g.modules.shields[2], [(second, 9)].into());
    assert!(g.holds_shield(0, 8) && !g.holds_shield(2, 8));
    assert!(g.holds_shield(2, 9) && !g.holds_shield(0, 9));
    g.validate().unwrap();
    let json = serde_json::to_string(&g).unwrap();
    assert!(json.contains(r#""team_shields":"member""#), "{json}");
    assert_eq!(Burgundy::from_json(&json).unwrap(), g);
    let mut bad = g.clone();
    bad.modules.shields[2] = [(CENTRE, 9)].into();
    refused_on_load(&bad, "one shield a castle");
    // The team's reading refuses members whose shields differ.
    let mut bad = g.clone();
    bad.config.rules.team_shields = TeamShields::Team;
    refused_on_load(&bad, "both members hold the team's shields");
}

/// Each member's own shields: a castle of the team board holds one shield, so one
/// taken onto the partner's castle replaces the partner's, which leaves the game
/// (000 line 886 "substituir um escudo já presente em um castelo", whose not said).
#[test]
fn a_members_shield_replaces_its_partners_on_the_same_castle() {
    use tabuleiro_burgundy::Event;
    let mut g = shields_game(TeamShields::Member, [3, 3], &[(3, 8)], &[(2, CENTRE, 9)]);
    let ev = act(&mut g, 0, "shield 8 21");
    assert!(
        ev.contains(&Event::ShieldRemoved { seat: 2, shield: 9 }),
        "{ev:?}"
    );
    assert_eq!(g.modules.shields[0], [(CENTRE, 8)].into());
    assert!(g.modules.shields[2].is_empty());
    g.validate().unwrap();
}

/// The tribute of each member's own shields (000 line 890 "você deve pagar tributo
/// por seus escudos! Cada escudo custa 1 peça de prata"): each member decides its
/// own, in turn order, paid from the team's shared silver (line 805). With 1 silver
/// left, the second to decide cannot pay and its shield leaves the game.
#[test]
fn each_member_pays_the_tribute_for_its_own_shields_in_the_other_reading() {
    use tabuleiro_burgundy::Event;
    for silver in [TEAM_SILVER, 1] {
        let mut g = shields_game(TeamShields::Member, [1, 1], &[], &[(0, CENTRE, 8)]);
        let second = second_castle(&g);
        g.modules.shields[2].insert(second, 9);
        for seat in [0, 2] {
            g.players[seat].silver = silver;
        }
        g.round = 4;
        let mut ev = common::finish_round(&mut g);
        let mut deciders = Vec::new();
        while let Some(seat) = g.turn().filter(|t| t.phase_end).map(|t| t.seat) {
            let own = [8, 9][(seat == 2) as usize];
            let options = ["tribute none".to_string(), format!("tribute {own}")];
            assert_eq!(legal(&g, seat), options, "silver {silver}, seat {seat}");
            deciders.push(seat);
            ev.extend(act(&mut g, seat, &format!("tribute {own}")));
        }
        assert_eq!(g.phase, 1);
        let paid = ev.iter().filter(|e| matches!(e, Event::TributePaid { .. }));
        let kept = [0, 2]
            .map(|s| g.shields_of(s).count())
            .iter()
            .sum::<usize>();
        match silver {
            2 => {
                deciders.sort();
                assert_eq!(deciders, [0, 2], "each member decides its own");
                assert_eq!((paid.count(), kept), (2, 2));
                assert_eq!(g.players[2].silver, 0);
            }
            _ => {
                assert_eq!(deciders.len(), 1, "the second cannot pay: no decision");
                let gone = ev.iter().any(|e| matches!(e, Event::ShieldRemoved { .. }));
                assert_eq!((paid.count(), kept, gone), (1, 1, true));
            }
        }
        g.validate().unwrap();
    }
}

/// The shields' VP (000 line 896ff "Final da partida: +N pontos de vitória"): the
/// team's score once, on its first member (shield 13 doubling them all); each
/// member's own (`rules.team_shields: member`) on its own VP, shield 13 doubling
/// only its holder's.
#[test]
fn the_shields_score_once_a_team_or_on_each_members_vp() {
    use tabuleiro_burgundy::action::ScoreReason;
    let shield_lines = |g: &Burgundy, seat: Seat| -> Vec<(u8, i32)> {
        let lines = g.final_points(seat).into_iter();
        let shields = lines.filter_map(|(why, vp)| match why {
            ScoreReason::Shield { shield } => Some((shield, vp)),
            _ => None,
        });
        shields.collect()
    };
    let mut g = shields_game(TeamShields::Team, [1, 1], &[], &[]);
    let second = second_castle(&g);
    for seat in [0, 2] {
        g.modules.shields[seat] = [(CENTRE, 8), (second, 13)].into();
    }
    g.validate().unwrap();
    assert_eq!(shield_lines(&g, 0), [(8, 16), (13, 8)]);
    assert!(
        shield_lines(&g, 2).is_empty(),
        "scored once, on the first member"
    );
    let mut g = shields_game(TeamShields::Member, [1, 1], &[], &[(0, CENTRE, 8)]);
    g.modules.shields[2].insert(second, 13);
    g.validate().unwrap();
    assert_eq!(
        shield_lines(&g, 0),
        [(8, 8)],
        "not doubled by the partner's 13"
    );
    assert_eq!(shield_lines(&g, 2), [(13, 8)]);
}

/// Shield 2 (000 line 897 "sempre que outro jogador receber trabalhadores, você
/// também ganha 1 trabalhador") in the other reading (`rules.team_shields: member`):
/// a member's own shield answers any other player, its partner too (the text's
/// "outro jogador"; the worker goes to the team's shared supply), and the other
/// team.
#[test]
fn a_members_shield_2_answers_its_partners_gains_too_in_the_other_reading() {
    team_a_answers_gains(TeamShields::Member, &[(2, CENTRE, 2)], 1);
}

/// Knowledge tile 25 on the board of the team `members` (both members' records).
fn knowledge_25(g: &mut Burgundy, members: [usize; 2]) {
    let board = g.duchy(members[0] as Seat).clone();
    let space = (0..board.spaces)
        .find(|&s| board.colours[s] == Colour::Knowledge)
        .expect("a knowledge space");
    for seat in members {
        g.players[seat].spaces.place(space, Tile::Knowledge(25));
    }
    g.drawn_black.add(Tile::Knowledge(25));
}

/// Knowledge tile 25 on team B's board (seats 1 and 3), its VP counted with the
/// duchy of shield 6's holder (000 line 901).
fn team_b_knowledge(g: &mut Burgundy) {
    knowledge_25(g, [1, 3]);
}

/// Shield 6 (000 line 901 "escolha um jogador. Todos os mosteiros do ducado do
/// jogador escolhido (...) contam como se fossem seus"), in each reading a player of
/// the other team (the partner's duchy is the holder's own team board): the team's
/// shield is chosen by either member and its end-game VP go on the team's first
/// member; a member's own (`member`) only by its holder, the VP on its own.
#[test]
fn shield_6_chooses_the_other_team_by_the_team_or_by_its_holder() {
    use tabuleiro_burgundy::action::ScoreReason;
    let shared = |g: &Burgundy, seat: Seat| {
        let lines = g.final_points(seat);
        lines
            .iter()
            .any(|(why, _)| *why == ScoreReason::SharedKnowledge { number: 25 })
    };
    let choices = |g: &Burgundy, seat: Seat| -> Vec<String> {
        let all = legal(g, seat).into_iter();
        all.filter(|a| a.starts_with("shield6")).collect()
    };
    for reading in [TeamShields::Team, TeamShields::Member] {
        let held: &[(usize, u8, u8)] = match reading {
            TeamShields::Team => &[(0, CENTRE, 6), (2, CENTRE, 6)],
            TeamShields::Member => &[(2, CENTRE, 6)],
        };
        let mut g = shields_game(reading, [1, 1], &[], held);
        team_b_knowledge(&mut g);
        match reading {
            TeamShields::Team => assert_eq!(choices(&g, 0), ["shield6 1", "shield6 3"]),
            TeamShields::Member => {
                assert!(choices(&g, 0).is_empty());
                assert_eq!(refused(&mut g, 0, "shield6 1"), Reason::NoShield6);
            }
        }
        while g.turn().is_some_and(|t| t.seat != 2) {
            common::finish_turn(&mut g);
        }
        assert_eq!(choices(&g, 2), ["shield6 1", "shield6 3"], "{reading:?}");
        let partner = refused(&mut g, 2, "shield6 0");
        assert_eq!(partner, Reason::Shield6OtherSeat { seat: 0 });
        act(&mut g, 2, "shield6 3");
        assert_eq!(g.modules.shield6, Some(3));
        g.validate().unwrap();
        let scored_on = [0, 2].map(|s| shared(&g, s));
        match reading {
            TeamShields::Team => assert_eq!(scored_on, [true, false]),
            TeamShields::Member => assert_eq!(scored_on, [false, true]),
        }
    }
}

/// Shield 4 (000 line 899 "uma quantidade ilimitada de espaços chave"): the team's
/// lifts the limit of the team's shared key spaces (a further tile goes there, both
/// members see it); a member's own (`rules.team_shields: member`) its holder's
/// private ones (the shared ones are its partner's too: a further tile goes on the
/// holder's private spaces).
#[test]
fn shield_4_lifts_the_shared_or_the_holders_private_key_spaces() {
    for reading in [TeamShields::Team, TeamShields::Member] {
        let held: &[(usize, u8, u8)] = match reading {
            TeamShields::Team => &[(0, CENTRE, 4), (2, CENTRE, 4)],
            TeamShields::Member => &[(0, CENTRE, 4)],
        };
        let depots = depots_with(&[(1, Tile::Mine)]);
        let mut g = shields_game(reading, [1, 1], &[], held);
        for (d, tiles) in depots.iter().enumerate() {
            tiles.iter().for_each(|&t| g.drawn.add(t));
            g.depots[d] = tiles.clone();
        }
        store(
            &mut g,
            0,
            &[Tile::Castle, Tile::Castle, Tile::Ship, Tile::Ship],
        );
        g.players[2].storage = vec![Tile::Ship, Tile::Ship];
        g.modules.team.as_mut().unwrap().shared[0] = vec![Tile::Ship, Tile::Ship];
        g.validate().unwrap();
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "take 1 mine");
        let shared = &g.modules.team.as_ref().unwrap().shared[0];
        match reading {
            TeamShields::Team => {
                assert_eq!(*shared, [Tile::Ship, Tile::Ship, Tile::Mine]);
                assert_eq!(g.players[2].storage, *shared);
            }
            TeamShields::Member => {
                assert_eq!(*shared, [Tile::Ship, Tile::Ship]);
                let own = [
                    Tile::Castle,
                    Tile::Castle,
                    Tile::Mine,
                    Tile::Ship,
                    Tile::Ship,
                ];
                assert_eq!(g.players[0].storage, own);
                assert_eq!(g.players[2].storage, [Tile::Ship, Tile::Ship]);
            }
        }
        g.validate().unwrap();
    }
}

/// `rules.team_shields` is the team game's: set without it, it is refused.
#[test]
fn the_team_shields_option_needs_the_team_game() {
    let mut c = Config::default();
    c.modules = c.modules.with(Module::Shields);
    c.rules.team_shields = TeamShields::Member;
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OptionNeedsModule {
            option: "team_shields",
            module: Module::Team
        }
    );
}

/// Shield 10 (000 line 905 "seus mosteiros com habilidades de fim de jogo pontuam o
/// dobro"): the team board's end-game monasteries (knowledge tile 25 here, 3 goods
/// sold: 3 VP) score once, on the team's first member; the team's shield 10 doubles
/// them there; a member's own (`rules.team_shields: member`) held by the second
/// member doubles them on its own VP (they are its monasteries too).
#[test]
fn shield_10_doubles_the_team_boards_monasteries_on_its_holders_vp() {
    use tabuleiro_burgundy::action::ScoreReason;
    let doubled = |g: &Burgundy, seat: Seat| {
        let lines = g.final_points(seat).into_iter();
        lines
            .filter(|(why, _)| *why == ScoreReason::MonasteriesDoubled)
            .map(|(_, vp)| vp)
            .collect::<Vec<i32>>()
    };
    for (reading, held, on) in [
        (
            TeamShields::Team,
            vec![(0, CENTRE, 10), (2, CENTRE, 10)],
            [vec![3], vec![]],
        ),
        (
            TeamShields::Member,
            vec![(2, CENTRE, 10)],
            [vec![], vec![3]],
        ),
    ] {
        let mut g = shields_game(reading, [1, 1], &[], &held);
        knowledge_25(&mut g, [0, 2]);
        for seat in [0, 2] {
            g.players[seat].sold = [2, 1, 0, 0, 0, 0];
        }
        let knowledge = g.final_points(0).into_iter();
        let scored: Vec<_> = knowledge
            .filter(|(why, _)| *why == ScoreReason::Knowledge { number: 25 })
            .collect();
        assert_eq!(scored.len(), 1, "{reading:?}");
        assert_eq!(scored[0].1, 3, "{reading:?}");
        assert_eq!([doubled(&g, 0), doubled(&g, 2)], on, "{reading:?}");
    }
}

/// One step, several seats: the fifth round's last turn (B2's, seat 3) sells the
/// team's goods for silver, then the phase's end asks the team's tribute of B1
/// (seat 1, furthest ahead on the track): B1 reads the team's silver as B2 left it
/// (the step's changes merged first), so it may pay (000 line 890).
#[test]
fn a_partners_decision_in_the_same_step_reads_the_teams_silver_as_it_is() {
    let held = [(1, CENTRE, 8), (3, CENTRE, 8)];
    let mut g = shields_game(TeamShields::Team, [1, 1], &[], &held);
    for seat in [1, 3] {
        g.players[seat].silver = 0;
    }
    g.track = Default::default();
    (g.track[0], g.track[1]) = (vec![0, 2, 3], vec![1]);
    g.validate().unwrap();
    g.round = 4;
    while g.turn().is_some_and(|t| t.seat != 3) {
        common::finish_turn(&mut g);
    }
    act(&mut g, 3, "die 2 1");
    act(&mut g, 3, "workers");
    act(&mut g, 3, "die 1 4");
    // The sale is the turn's last decision: the phase ends in its step.
    act(&mut g, 3, "sell 4");
    let decider = g.turn().filter(|t| t.phase_end).map(|t| t.seat);
    assert_eq!(decider, Some(1), "B1 decides the team's tribute");
    assert_eq!(legal(&g, 1), ["tribute none", "tribute 8"]);
    act(&mut g, 1, "tribute 8");
    assert!(g.holds_shield(1, 8) && g.holds_shield(3, 8));
    g.validate().unwrap();
}

/// Issue 15 (an observation traced): a team's shield 4 was seen on one member's
/// `modules.shields` only. With the team's shields (`rules.team_shields: team`, the
/// default; 000 line 805 "Todos os outros recursos são compartilhados") both
/// members' records are the team's, equal. Random team games with the shields, each
/// decision applied as a client sends it (checked), then the position saved and
/// loaded again (`Burgundy::from_json` checks it) and played on from the copy
/// loaded: both members' shields are equal after every decision and every chance
/// step, and shield 4 is taken in some of them.
#[test]
fn the_teams_shields_stay_on_both_members_after_every_step() {
    use tabuleiro_burgundy::Event;
    use tabuleiro_core::{Rng, ToAct};
    let mut c = team(4);
    c.modules = c.modules.with(Module::Shields);
    let (mut shield_4, mut taken) = (0, 0);
    for seed in 0..8u64 {
        let mut g = Burgundy::new(&c).unwrap();
        let mut rng = Rng::seed(15_300 + seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        loop {
            events.clear();
            match g.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let outcome = g.sample_chance(&mut rng);
                    g.apply_chance(&outcome, &mut events).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    g.legal_actions(seat, &mut legal);
                    let action = legal[rng.below(legal.len())];
                    g.apply(seat, &action, &mut events).unwrap();
                }
            }
            for e in &events {
                if let Event::ShieldTaken { shield, .. } = *e {
                    taken += 1;
                    shield_4 += (shield == 4) as u32;
                }
            }
            let team = g.modules.team.as_ref().unwrap();
            for [a, b] in team.members {
                let [x, y] = [a, b].map(|s| g.modules.shields.get(s as usize));
                assert_eq!(x, y, "seed {seed}, after {events:?}");
            }
            let json = serde_json::to_string(&g).unwrap();
            let loaded = Burgundy::from_json(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
            assert_eq!(loaded, g, "seed {seed}");
            g = loaded;
        }
    }
    assert!(
        taken > 0 && shield_4 > 0,
        "{taken} shields, {shield_4} shield 4"
    );
}
