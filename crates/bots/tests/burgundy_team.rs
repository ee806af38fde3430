//! The bots play The Castles of Burgundy's team game (four seats in two teams of
//! two, module `team`) to its end through the game contract: the greedy bot and
//! ISMCTS finish games, the standings are the two teams, and a greedy team scores
//! more than a random one.

mod common;

use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::Config;
use tabuleiro_core::{Game, Participant};

fn team() -> Config {
    Config {
        players: 4,
        modules: ModuleSet::of(&[Module::Team]),
        ..Config::default()
    }
}

/// Plays one team game, each seat with its bot, and returns each team's VP (the
/// team of the start player first: the standings' members say which).
fn play(specs: [&str; 4], seed: u64) -> Vec<(Vec<u8>, i32)> {
    play_with(&team(), specs, seed)
}

fn play_with(config: &Config, specs: [&str; 4], seed: u64) -> Vec<(Vec<u8>, i32)> {
    let game = common::play_out(config, &specs, seed);
    assert_eq!(game.participants().teams.len(), 2);
    let standings = game.standings();
    assert_eq!(standings.len(), 2, "two teams");
    standings
        .iter()
        .map(|s| {
            let seats = s
                .members
                .iter()
                .map(|m| match m {
                    Participant::Seat(s) => *s,
                    other => panic!("a team of seats, not {other:?}"),
                })
                .collect();
            (seats, s.score)
        })
        .collect()
}

/// The VP of the team holding seat 0.
fn seat_0s_team(result: &[(Vec<u8>, i32)]) -> i32 {
    result.iter().find(|(m, _)| m.contains(&0)).unwrap().1
}

#[test]
fn greedy_and_mcts_finish_team_games_and_a_greedy_team_beats_a_random_one() {
    let (mut greedy, mut random) = (0, 0);
    for seed in 0..3 {
        // Seats 0 and 2 are always partners (the seats alternate between the teams
        // from the start player).
        let r = play(["greedy", "random", "greedy", "random"], seed);
        greedy += seat_0s_team(&r);
        random += r.iter().map(|(_, vp)| vp).sum::<i32>() - seat_0s_team(&r);
    }
    println!("3 team games: greedy team {greedy} VP, random team {random} VP");
    assert!(greedy > random, "greedy {greedy} vs random {random}");
    let r = play(["mcts:iters=20", "greedy", "mcts:iters=20", "greedy"], 1);
    assert_eq!(r.len(), 2);
}

/// The team game with the trade routes, in each reading of `rules.team_trade_route`
/// (one route a team, one a player), and with the shields in each reading of
/// `rules.team_shields` (the team's, each member's): the bots finish it.
#[test]
fn the_bots_finish_team_games_with_the_trade_routes_and_the_shields() {
    use tabuleiro_burgundy::config::{TeamShields, TeamTradeRoute};
    for (seed, reading, shields) in [
        (4, TeamTradeRoute::Team, TeamShields::Team),
        (5, TeamTradeRoute::Player, TeamShields::Member),
    ] {
        let mut c = team();
        c.modules = c.modules.with(Module::TradeRoutes).with(Module::Shields);
        c.rules.team_trade_route = reading;
        c.rules.team_shields = shields;
        let r = play_with(&c, ["greedy", "mcts:iters=20", "greedy", "random"], seed);
        assert_eq!(r.len(), 2, "{reading:?} {shields:?}");
        assert!(
            r.iter().all(|(m, vp)| m.len() == 2 && *vp > 0),
            "{reading:?} {shields:?}: {r:?}"
        );
    }
}

/// The team game with the vineyards in each reading of `rules.team_vineyard` (one
/// vineyard board a team, one a member), the first also with the shields: the bots
/// finish it, hexaminoes are placed, and the teams score.
#[test]
fn the_bots_finish_team_games_with_the_vineyards() {
    use tabuleiro_burgundy::config::TeamVineyard;
    for (seed, reading, shields) in [
        (6, TeamVineyard::Team, true),
        (7, TeamVineyard::Member, false),
    ] {
        let mut c = team();
        c.modules = c.modules.with(Module::Vineyards);
        if shields {
            c.modules = c.modules.with(Module::Shields);
        }
        c.rules.team_vineyard = reading;
        let game = common::play_out(&c, &["greedy", "mcts:iters=20", "greedy", "random"], seed);
        let v = game.vineyards().expect("the vineyards are played");
        // Hexaminoes were placed at the table (in the team reading on both members'
        // records of the team's board).
        let placed: usize = v.seats.iter().map(|s| s.board.len()).sum();
        assert!(placed > 0, "{reading:?}: {:?}", v.seats);
        if reading == TeamVineyard::Team {
            assert_eq!(v.seats[0].board, v.seats[2].board);
            assert_eq!(v.seats[1].board, v.seats[3].board);
        }
        let standings = game.standings();
        assert_eq!(standings.len(), 2, "{reading:?}");
        assert!(standings.iter().all(|s| s.score > 0), "{reading:?}");
    }
}
