//! Playing a game from its config to the end, with every step recorded.

use crate::{Game, Record, Rng, Step, ToAct};

/// How a decision is chosen: given the game, the seat and its legal actions, return
/// an index into `legal`.
pub trait Chooser<G: Game> {
    fn choose(&mut self, game: &G, seat: crate::Seat, legal: &[G::Action]) -> usize;
}

/// Uniform over the legal actions.
pub struct UniformChooser(pub Rng);

impl<G: Game> Chooser<G> for UniformChooser {
    fn choose(&mut self, _: &G, _: crate::Seat, legal: &[G::Action]) -> usize {
        self.0.below(legal.len())
    }
}

/// What one game produced.
pub struct Played<G: Game> {
    pub game: G,
    pub decisions: usize,
    pub record: Option<Record<G>>,
}

/// Plays a game to its end. Chance comes from `Rng::seed(seed)`; decisions from
/// `chooser`. `record` keeps every step.
pub fn play<G: Game>(
    config: &G::Config,
    seed: u64,
    chooser: &mut impl Chooser<G>,
    record: bool,
    mut each_step: impl FnMut(&G, &[G::Event]),
) -> Result<Played<G>, G::Error> {
    let mut game = G::new(config)?;
    let mut chance = Rng::seed(seed);
    let mut steps = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let outcome = game.sample_chance(&mut chance);
                game.apply_chance(&outcome, &mut events)?;
                if record {
                    steps.push(Step::Chance { outcome });
                }
            }
            ToAct::Seats(seats) => {
                let seat = seats[0];
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seat {seat} must act but has no legal action"
                );
                let action = legal[chooser.choose(&game, seat, &legal)].clone();
                game.apply(seat, &action, &mut events)?;
                decisions += 1;
                if record {
                    steps.push(Step::Decision { seat, action });
                }
            }
        }
        each_step(&game, &events);
    }
    let record = record.then(|| Record {
        game: G::NAME.to_string(),
        engine_version: env!("CARGO_PKG_VERSION").to_string(),
        config: config.clone(),
        seed,
        steps,
        scores: Some(game.scores()),
    });
    Ok(Played {
        game,
        decisions,
        record,
    })
}
