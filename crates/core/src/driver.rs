//! Playing a game from its config to the end, with every step recorded.

use crate::{chance_rng, BotStreams, Game, Record, Rng, Seat, Step, ToAct};

/// How a decision is chosen: given the game, the seat and its legal actions, return
/// an index into `legal`. `rng` is the bot generator of this decision
/// ([`crate::bot_rng`]), so every way of playing a seed chooses alike.
pub trait Chooser<G: Game> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize;
}

/// Uniform over the legal actions.
pub struct UniformChooser;

impl<G: Game> Chooser<G> for UniformChooser {
    fn choose(&mut self, _: &G, _: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        rng.below(legal.len())
    }
}

/// What one game produced.
pub struct Played<G: Game> {
    pub game: G,
    pub decisions: usize,
    pub record: Option<Record<G>>,
}

/// Plays a game to its end. Chance and the choosers' generators come from `seed` on
/// the one seeding path ([`chance_rng`], [`crate::bot_rng`]); where several seats decide at
/// once, the lowest decides first. `record` keeps every step.
pub fn play<G: Game>(
    config: &G::Config,
    seed: u64,
    chooser: &mut impl Chooser<G>,
    record: bool,
    mut each_step: impl FnMut(&G, &[G::Event]),
) -> Result<Played<G>, G::Error> {
    let mut game = G::new(config)?;
    let mut log = Record::new(config.clone(), seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let (mut decisions, mut chances) = (0u64, 0u64);
    let bots = BotStreams::new(seed);
    loop {
        events.clear();
        match game.to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                let outcome = game.sample_chance(&mut chance_rng(seed, chances));
                chances += 1;
                game.apply_chance_unchecked(&outcome, &mut events);
                if record {
                    log.steps.push(Step::Chance { outcome });
                }
            }
            ToAct::Seats(seats) => {
                let seat = seats.lowest().expect("a seat acts");
                game.legal_actions(seat, &mut legal);
                assert!(
                    !legal.is_empty(),
                    "seat {seat} must act but has no legal action"
                );
                let mut rng = bots.rng(seat, decisions);
                let action = legal[chooser.choose(&game, seat, &legal, &mut rng)].clone();
                game.apply_unchecked(seat, &action, &mut events);
                decisions += 1;
                if record {
                    log.steps.push(Step::Decision { seat, action });
                }
            }
        }
        each_step(&game, &events);
    }
    // The result is scored only into a record kept: scoring a game is not free (a
    // few per cent of a random Viscounts game), and the caller has the game.
    if record {
        log.finish(&game);
    }
    Ok(Played {
        game,
        decisions: decisions as usize,
        record: record.then_some(log),
    })
}
