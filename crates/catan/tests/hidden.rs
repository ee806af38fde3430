//! What a seat cannot see stays unseen (issue 40): random games with the check that
//! swaps what is hidden (crates/testkit, `hidden`): another order of the development
//! deck and of the progress decks, another card taken by the robber; the viewer's
//! views and events must not change until the rules reveal the difference (a card
//! played, a hand opened by the Spy or the Master Merchant). Run in release:
//! `cargo test --release -p tabuleiro-catan --test hidden`.

use tabuleiro_catan::{Catan, Config};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

/// Trade offers of any mix are legal without being listed.
struct Offers;

impl Checks<Catan> for Offers {
    /// Trade offers and counter-offers of any mix are legal without being listed.
    fn must_list(&self, action: &tabuleiro_catan::Action) -> bool {
        action.listed_whenever_legal()
    }
    fn listed_form(&self, _: &Catan, action: &tabuleiro_catan::Action) -> tabuleiro_catan::Action {
        action.listed_form()
    }
}

fn limited(config: Config) -> Config {
    Config {
        turn_limit: 400,
        ..config
    }
}

#[test]
fn the_base_games_decks_and_steals_stay_hidden() {
    for players in [3, 4] {
        let s = check_random_games::<Catan>(
            &limited(Config::players(players)),
            50,
            5_000 + players as u64 * 1_000,
            &mut Offers,
        );
        // The deck at setup, and the robber's steals seen by a third seat.
        assert!(s.swaps.outcomes > 50, "{players} players: {s:?}");
    }
}

#[test]
fn the_progress_decks_and_steals_stay_hidden() {
    for players in [3, 4] {
        let s = check_random_games::<Catan>(
            &limited(Config::cities_and_knights(players)),
            25,
            60_000 + players as u64 * 1_000,
            &mut Offers,
        );
        assert!(s.swaps.outcomes > 25, "{players} players: {s:?}");
    }
}
