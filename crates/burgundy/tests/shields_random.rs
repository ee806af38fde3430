//! Random play with the shields (module `shields`), alone and with every other
//! module the engine plays: the conformance checks of every game
//! (`tabuleiro_testkit::conformance`) plus the position's validity after each step,
//! and the module's own decisions and events reached. Run it in release mode:
//! `cargo test --release -p tabuleiro-burgundy --test shields_random`
//! (`RANDOM_PLAY_GAMES` sets the games per config, 60 by default; 6 in debug).

mod common;

use tabuleiro_burgundy::modules::{Module, ModuleSet};
use tabuleiro_burgundy::{Action, Burgundy, Config, Event};
use tabuleiro_core::{Game, Rng};
use tabuleiro_testkit::conformance::{check_presentation, check_random_games, Checks};

/// Valid positions, VP equal to their scoring events, and counts of the shields'
/// own moments: taken, removed, tribute paid with silver, with workers, a die set
/// with shield 16, goods taken with shield 5, monasteries shared with shield 6, a
/// tile placed at a phase end with shield 14 or 15.
#[derive(Default)]
struct ShieldChecks {
    scored: Vec<i32>,
    seen: [u32; SEEN],
}

const SEEN: usize = 8;

impl Checks<Burgundy> for ShieldChecks {
    fn random_action(&mut self, _: &Burgundy, rng: &mut Rng) -> Option<Action> {
        Some(match rng.below(5) {
            0 => Action::Shield {
                shield: rng.below(21) as u8,
                space: rng.below(40) as u8,
            },
            1 => Action::Shield5 {
                goods: rng.below(8) as u8,
            },
            2 => Action::Shield6 {
                seat: rng.below(6) as u8,
            },
            3 => Action::ShieldTile {
                depot: rng.below(8) as u8,
                tile: tabuleiro_burgundy::Tile::Mine,
                space: rng.below(40) as u8,
            },
            _ => Action::Shield16 {
                die: rng.below(4) as u8,
                value: rng.below(8) as u8,
            },
        })
    }

    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }

    fn start(&mut self, game: &Burgundy) {
        self.scored = vec![0; game.players()];
    }

    fn step(&mut self, game: &Burgundy, events: &[Event]) -> Result<(), String> {
        for e in events {
            match *e {
                Event::Scored { seat, vp, .. } => self.scored[seat as usize] += vp,
                Event::ShieldTaken { .. } => self.seen[0] += 1,
                Event::ShieldRemoved { .. } => self.seen[1] += 1,
                Event::DieSet { .. } => self.seen[4] += 1,
                Event::ShieldGoodsTaken { .. } => self.seen[5] += 1,
                Event::MonasteriesShared { .. } => self.seen[6] += 1,
                Event::ShieldTileTaken { .. } => self.seen[7] += 1,
                Event::TributePaid {
                    silver, workers, ..
                } => {
                    self.seen[2] += (silver > 0) as u32;
                    self.seen[3] += (workers > 0) as u32;
                }
                _ => {}
            }
        }
        game.validate().map_err(|e| e.to_string())?;
        let vp: Vec<i32> = game.players.iter().map(|p| p.vp).collect();
        match vp == self.scored {
            true => Ok(()),
            false => Err(format!(
                "VP {vp:?} differ from the scoring events {:?}",
                self.scored
            )),
        }
    }
}

fn games() -> u32 {
    common::random_play_games(if cfg!(debug_assertions) { 6 } else { 60 })
}

/// The shields alone for 2, 3 and 4 players (each placement), in both editions,
/// and with each other module the engine plays, then with all of them.
fn configs() -> Vec<Config> {
    let with = |players: u8, modules: &[Module]| Config {
        modules: ModuleSet::of(&[modules, &[Module::Shields]].concat()),
        ..Config::players(players)
    };
    let mut classic = with(3, &[]);
    classic.edition = tabuleiro_burgundy::Edition::Classic;
    let others = [
        Module::Duchies11To18,
        Module::Duchies19To22,
        Module::ExtraHexes,
        Module::WhiteCastles,
        Module::Inns,
    ];
    let mut all = vec![with(2, &[]), with(3, &[]), with(4, &[]), classic];
    all.extend(others.iter().map(|&m| with(3, &[m])));
    all.push(with(4, &others));
    all
}

#[test]
fn random_play_with_the_shields_alone_and_with_every_module() {
    let mut seen = [0; SEEN];
    for (i, config) in configs().iter().enumerate() {
        let mut checks = ShieldChecks::default();
        let s = check_random_games(config, games(), 31_000_000 + i as u64 * 10_000, &mut checks);
        assert!(
            s.decisions > games() as u64 * 200,
            "games are played out ({s:?})"
        );
        (0..SEEN).for_each(|k| seen[k] += checks.seen[k]);
    }
    // Random play takes shields, loses some, and pays tribute in silver and (with
    // shield 3) in workers, sets dice with shield 16, takes goods with shield 5,
    // shares monasteries with shield 6 and places tiles with shields 14 and 15: the
    // checks above ran on each.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn every_shield_decision_and_event_is_presented() {
    for (i, config) in configs().iter().enumerate() {
        let decisions = check_presentation::<Burgundy>(config, 2, 900 + i as u64, "");
        assert!(decisions > 2 * 200, "{config:?}: {decisions} decisions");
    }
}
