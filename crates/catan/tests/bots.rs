//! Bot strength on base Catan and Cities & Knights: the greedy bot, steered by the
//! evaluation (src/evaluate.rs), against random bots, one greedy and three random
//! seats, the greedy seat rotated. Run it in release mode:
//! `cargo test --release -p tabuleiro-catan --test bots`.
//! (`tabuleiro tournament --game catan --players 4 --bots greedy,random,random,random`
//! measures the same over more games; docs/catan/bots.md has the figures.)

use tabuleiro_bots::{Bot, GreedyBot, RandomBot};
use tabuleiro_catan::config::Expansion;
use tabuleiro_catan::{Catan, Config};
use tabuleiro_core::standing::is_winner;
use tabuleiro_core::{play, Chooser, Game, Rng, Seat, ToAct};

/// One bot per seat; each sees only its seat's view, as at a table.
struct Table(Vec<Box<dyn Bot<Catan>>>);

impl Chooser<Catan> for Table {
    fn choose(
        &mut self,
        game: &Catan,
        seat: Seat,
        legal: &[tabuleiro_catan::Action],
        rng: &mut Rng,
    ) -> usize {
        self.0[seat as usize].decide(game, seat, legal, rng)
    }
}

/// Plays `games` 4-player games with the greedy bot in seat `i % 4` of game `i`;
/// returns how many it won.
fn greedy_wins(config: &Config, games: u64) -> u64 {
    let mut wins = 0;
    for i in 0..games {
        let greedy = (i % 4) as Seat;
        let bots = (0..4)
            .map(|s| match s == greedy {
                true => Box::new(GreedyBot::default()) as Box<dyn Bot<Catan>>,
                false => Box::new(RandomBot),
            })
            .collect();
        let played = play::<Catan>(config, 1000 + i, &mut Table(bots), false, |_, _| {})
            .expect("bots play legal decisions");
        assert_eq!(played.game.to_act(), ToAct::Over, "game {i} did not end");
        wins += is_winner(&played.game.standings(), greedy) as u64;
    }
    wins
}

#[test]
fn greedy_wins_nine_games_in_ten_against_three_random_bots() {
    let games = 40;
    // The rules' game: trades between players on, no turn limit.
    let wins = greedy_wins(&Config::players(4), games);
    assert!(wins * 10 >= games * 9, "greedy won {wins} of {games}");
}

#[test]
fn greedy_wins_nine_games_in_ten_without_trades_between_players() {
    let games = 40;
    let config = Config {
        player_trades: false,
        ..Config::players(4)
    };
    let wins = greedy_wins(&config, games);
    assert!(wins * 10 >= games * 9, "greedy won {wins} of {games}");
}

#[test]
fn greedy_wins_nine_games_in_ten_of_cities_and_knights() {
    // Greedy applies every decision to a state dealt from its view: in C&K too (the
    // Commercial Harbor's answer once found a hand dealt without the offered card).
    let games = 40;
    let config = Config {
        expansion: Expansion::CitiesAndKnights,
        ..Config::players(4)
    };
    let wins = greedy_wins(&config, games);
    assert!(wins * 10 >= games * 9, "greedy won {wins} of {games}");
}
