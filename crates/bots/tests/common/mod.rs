//! Helpers shared by the bots' Burgundy tests.
#![allow(dead_code)]

use tabuleiro_bots::parse_bot;
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{Game, Rng, ToAct};

/// Plays a game of `config` to its end, seat by seat with the bot of its spec, the
/// chance steps drawn from `seed`'s generator.
pub fn play_out(config: &Config, specs: &[&str], seed: u64) -> Burgundy {
    let mut game = Burgundy::new(config).unwrap();
    let mut bots: Vec<_> = specs
        .iter()
        .map(|s| parse_bot::<Burgundy>(s).unwrap())
        .collect();
    let mut rng = Rng::seed(seed);
    let (mut events, mut legal) = (Vec::new(), Vec::new());
    loop {
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let outcome = game.sample_chance(&mut rng);
                game.apply_chance(&outcome, &mut events).unwrap();
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().unwrap();
                game.legal_actions(seat, &mut legal);
                let i = bots[seat as usize].decide(&game, seat, &legal, &mut rng);
                game.apply(seat, &legal[i], &mut events).unwrap();
            }
        }
    }
    assert_eq!(game.stage, Stage::Over);
    game
}
