//! What a seat cannot see stays unseen (issue 40): random games in every mode with the
//! check that swaps what is hidden (crates/testkit, `hidden`): another set of Future
//! Plots shuffled face down into the solo AI's Plot pile (seed 003 L762), another card
//! drawn into another seat's hand; the viewer's views and events must not change until
//! the rules reveal the difference. Run in release:
//! `cargo test --release -p tabuleiro-viscounts --test hidden`.

use tabuleiro_testkit::conformance::{check_random_games, Generic};
use tabuleiro_testkit::hidden::Swaps;
use tabuleiro_viscounts::{Config, Viscounts};

fn swaps(config: Config, games: u32, seed: u64) -> Swaps {
    check_random_games::<Viscounts>(&config, games, seed, &mut Generic).swaps
}

/// The Future Plots in the AI's Plot pile are face down at every difficulty (L762):
/// from the first decision on, the player may know only how many.
#[test]
fn the_ais_future_plots_stay_face_down_at_every_difficulty() {
    for difficulty in 1..=3 {
        let config = Config {
            difficulty,
            ..Config::with_players(1)
        };
        let s = swaps(config, 4, 40 + difficulty as u64);
        // The setup of each game, and the player's own draws seen by a spectator.
        assert!(s.outcomes >= 4, "difficulty {difficulty}: {s:?}");
        assert!(s.followed > s.outcomes, "difficulty {difficulty}: {s:?}");
    }
}

/// A card drawn into a hand is its drawer's alone, at every player count.
#[test]
fn drawn_cards_stay_in_their_hands() {
    for players in 2..=4 {
        let s = swaps(Config::with_players(players), 3, 400 + players as u64);
        assert!(s.outcomes > 3 * 10, "{players} players: {s:?}");
    }
}
