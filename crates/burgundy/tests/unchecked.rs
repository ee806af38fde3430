//! The unchecked paths (`apply_unchecked`, for decisions from the game's own
//! enumeration: bots' playouts; `apply_chance_unchecked`, for outcomes from its own
//! sampling: the driver's games) and the checked ones (`apply`, `apply_chance`, for
//! everything from outside) agree: over random games, at every decision, every legal
//! decision gives the same position and the same events both ways, and so does every
//! chance step (issue 18).

use tabuleiro_burgundy::{Burgundy, Config, Edition};
use tabuleiro_core::{chance_rng, Game, Rng, ToAct};

fn agree_over_random_games(config: &Config, games: u64) -> u64 {
    let mut compared = 0;
    for seed in 0..games {
        let mut game = Burgundy::new(config).unwrap();
        let mut rng = Rng::seed(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut chances = 0;
        loop {
            events.clear();
            match game.to_act() {
                ToAct::Over => break,
                ToAct::Chance => {
                    let outcome = game.sample_chance(&mut chance_rng(seed, chances));
                    chances += 1;
                    let mut unchecked = game.clone();
                    let mut unseen = Vec::new();
                    game.apply_chance(&outcome, &mut events).unwrap();
                    unchecked.apply_chance_unchecked(&outcome, &mut unseen);
                    assert_eq!(game, unchecked, "seed {seed}: chance {chances}");
                    assert_eq!(events, unseen, "seed {seed}: chance {chances}");
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    game.legal_actions(seat, &mut legal);
                    for action in &legal {
                        let (mut checked, mut unchecked) = (game.clone(), game.clone());
                        let (mut by_check, mut unseen) = (Vec::new(), Vec::new());
                        checked.apply(seat, action, &mut by_check).unwrap();
                        unchecked.apply_unchecked(seat, action, &mut unseen);
                        assert_eq!(checked, unchecked, "seed {seed}: {action}");
                        assert_eq!(by_check, unseen, "seed {seed}: {action}");
                        compared += 1;
                    }
                    let action = legal[rng.below(legal.len())];
                    game.apply_unchecked(seat, &action, &mut events);
                }
            }
        }
    }
    compared
}

#[test]
fn checked_and_unchecked_apply_agree() {
    let mut classic = Config::players(3);
    classic.edition = Edition::Classic;
    for config in [Config::players(2), Config::players(4), classic] {
        let compared = agree_over_random_games(&config, 10);
        assert!(compared > 8 * 1_000, "{compared} decisions compared");
    }
}
