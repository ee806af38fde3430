//! A game between bots, one per seat, each seat's decisions counted and timed, and
//! the game's record written for reading later (`simulate --record`, `tournament
//! --record`, `tabuleiro replay --log`).

use std::path::Path;
use std::time::Instant;
use tabuleiro_bots::Bot;
use tabuleiro_core::{play, Chooser, Game, Played, Record, Rng, Seat};
use tabuleiro_games::{bot_spec, parse_bot};

/// One decision in this many of an instant bot is timed ([`Bot::instant`]): two clock
/// reads a decision were a third of a random-bot tournament's CPU time.
const INSTANT_SAMPLE: u64 = 64;

/// The bots of one game, one per seat, their decisions counted and timed.
struct Table<G: Game> {
    bots: Vec<Box<dyn Bot<G>>>,
    clocks: Vec<SeatClock>,
}

/// One seat's decisions: how many, and the seconds of those timed.
#[derive(Clone, Debug, Default)]
pub(crate) struct SeatClock {
    pub decisions: u64,
    timed: u64,
    seconds: f64,
    /// The seat's bot's search iterations.
    pub iterations: u64,
}

impl SeatClock {
    /// The seconds of all the seat's decisions: those timed, scaled to all of them
    /// where a sample was timed.
    pub fn seconds(&self) -> f64 {
        match self.timed {
            0 => 0.0,
            timed => self.seconds * self.decisions as f64 / timed as f64,
        }
    }
}

impl<G: Game> Chooser<G> for Table<G> {
    fn choose(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        let (bot, clock) = (
            &mut self.bots[seat as usize],
            &mut self.clocks[seat as usize],
        );
        let timed = !bot.instant() || clock.decisions % INSTANT_SAMPLE == 0;
        clock.decisions += 1;
        if !timed {
            return bot.decide(game, seat, legal, rng);
        }
        let start = Instant::now();
        let choice = bot.decide(game, seat, legal, rng);
        clock.seconds += start.elapsed().as_secs_f64();
        clock.timed += 1;
        choice
    }
}

/// Plays one seeded game, seat `s` by the bot (or level) `specs[s]` names; with
/// `record`, the record names the bots by their specs.
pub(crate) fn play_seated<G: Game>(
    config: &G::Config,
    seed: u64,
    specs: &[&str],
    record: bool,
) -> Result<(Played<G>, Vec<SeatClock>), String> {
    let players = G::new(config).map_err(|e| e.to_string())?.players();
    if specs.len() != players {
        return Err(format!(
            "{} seats seated, the game has {players}",
            specs.len()
        ));
    }
    let bots = specs
        .iter()
        .map(|spec| parse_bot::<G>(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let mut table = Table {
        bots,
        clocks: vec![SeatClock::default(); players],
    };
    let mut played =
        play::<G>(config, seed, &mut table, record, |_, _| {}).map_err(|e| e.to_string())?;
    for (clock, bot) in table.clocks.iter_mut().zip(&table.bots) {
        clock.iterations = bot.iterations();
    }
    if let Some(record) = &mut played.record {
        record.bots = specs.iter().map(|s| bot_spec(G::NAME, s)).collect();
    }
    Ok((played, table.clocks))
}

/// Writes game `i`'s record as `dir/game-i.json`.
pub(crate) fn write_record<G: Game>(dir: &Path, i: u64, record: &Record<G>) -> Result<(), String> {
    let path = dir.join(format!("game-{i}.json"));
    let text = serde_json::to_string(record).map_err(|e| e.to_string())?;
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Makes the folder records go to, if any.
pub(crate) fn record_dir(dir: Option<&Path>) -> Result<(), String> {
    match dir {
        Some(dir) => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display())),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sampled_seat_clock_counts_every_decision() {
        let sampled = SeatClock {
            decisions: 640,
            timed: 10,
            seconds: 0.5,
            iterations: 0,
        };
        assert!((sampled.seconds() - 32.0).abs() < 1e-9);
        assert_eq!(SeatClock::default().seconds(), 0.0);
    }
}
