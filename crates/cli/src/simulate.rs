//! `tabuleiro simulate`: many seeded games between bots, with a summary.

use crate::games::Error;
use crate::seated::{play_seated, record_dir, write_record};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tabuleiro_core::standing::is_winner;
use tabuleiro_core::{play, Game, Present, Rng, UniformChooser};
use tabuleiro_games::{bot_spec, parse_bot};

/// The bot that plays on the engine's own uniform path ([`UniformChooser`]), which
/// draws as [`tabuleiro_bots::RandomBot`] does: the same games either way.
const RANDOM: &str = "random";

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = "burgundy", value_parser = crate::games::game_name)]
    game: String,
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The bot in every seat, as a spec (random, greedy, mcts:iters=500...); random
    /// plays on the engine's own uniform path, the fastest.
    #[arg(long, default_value = "random")]
    bot: String,
    #[arg(long, default_value_t = 1000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Games played at once, on this many threads (default: every core); the
    /// results do not depend on it.
    #[arg(long, default_value_t = crate::jobs::all_cores())]
    jobs: usize,
    /// Write each game's record to this folder (game-N.json), naming the bots; read
    /// one with `tabuleiro replay FILE --log`.
    #[arg(long)]
    record: Option<PathBuf>,
    /// A config file (JSON) for edition, duchies and rule options; --players overrides its player count.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Corrected content (burgundy): a JSON file naming the data files it replaces
    /// (docs/burgundy/content.md), validated like the embedded data.
    #[arg(long)]
    content: Option<PathBuf>,
}

#[derive(Serialize)]
struct Summary {
    game: String,
    players: u8,
    bot: String,
    seed: u64,
    games: u64,
    /// Threads that played them.
    jobs: usize,
    finished: u64,
    decisions_per_game: f64,
    mean_winner_score: f64,
    mean_score: f64,
    min_score: i32,
    max_score: i32,
    /// Wall-clock seconds of the games, and games over them.
    seconds: f64,
    games_per_second: f64,
    /// CPU seconds (user and system) the process spent on the games, and games over
    /// them: on a shared machine the figure that compares (absent where the platform
    /// does not report CPU time).
    #[serde(skip_serializing_if = "Option::is_none")]
    cpu_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    games_per_cpu_second: Option<f64>,
    /// Per seat, the games it won (a place shared, or with its team, counts).
    seat_wins: Vec<u64>,
    /// Games an automaton of the rules won (alone or sharing first place).
    automaton_wins: u64,
}

/// The seed of game `i` of a batch: independent streams from one seed.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    Rng::seed(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

struct Simulate(Args);

impl tabuleiro_games::Visitor for Simulate {
    type Output = Result<(), Error>;
    fn visit<G: Present>(self) -> Result<(), Error> {
        simulate::<G>(self.0)
    }
}

pub fn run(args: Args) -> Result<(), Error> {
    let game = args.game.clone();
    tabuleiro_games::visit(&game, Simulate(args))?
}

/// What one game adds to the summary.
struct Played {
    decisions: u64,
    /// A finished game's scores, the winner's score, whether each seat won, and
    /// whether an automaton of the rules did.
    finished: Option<(Vec<i32>, i32, Vec<bool>, bool)>,
}

/// Plays game `i`, each seat by the bot `seats` names (all of them [`RANDOM`]: on the
/// uniform path), writing its record into `record` if given.
fn play_game<G: Game>(
    config: &G::Config,
    (seed, i): (u64, u64),
    seats: &[&str],
    record: Option<&Path>,
) -> Result<Played, String> {
    let played = match seats.iter().all(|&bot| bot == RANDOM) {
        true => {
            let mut played = play::<G>(
                config,
                seed,
                &mut UniformChooser,
                record.is_some(),
                |_, _| {},
            )
            .map_err(|e| e.to_string())?;
            if let Some(record) = &mut played.record {
                record.bots = seats.iter().map(|s| s.to_string()).collect();
            }
            played
        }
        false => play_seated::<G>(config, seed, seats, record.is_some())?.0,
    };
    if let (Some(dir), Some(record)) = (record, &played.record) {
        write_record(dir, i, record)?;
    }
    let game = &played.game;
    let finished = (game.to_act() == tabuleiro_core::ToAct::Over).then(|| {
        let standings = game.standings();
        let won = (0..game.players())
            .map(|seat| is_winner(&standings, seat as tabuleiro_core::Seat))
            .collect();
        let by_automaton = crate::games::automaton_won(&standings);
        (game.scores(), standings[0].score, won, by_automaton)
    });
    Ok(Played {
        decisions: played.decisions as u64,
        finished,
    })
}

fn simulate<G: Game>(args: Args) -> Result<(), Error> {
    // A bad spec fails before any game.
    parse_bot::<G>(&args.bot)?;
    let config = crate::games::load_config::<G>(
        args.config.as_deref(),
        args.players,
        args.content.as_deref(),
    )?;
    let bot = bot_spec(G::NAME, &args.bot);
    let seats = vec![bot.as_str(); G::new(&config).map_err(|e| e.to_string())?.players()];
    record_dir(args.record.as_deref())?;
    let start = Instant::now();
    let cpu_start = crate::cpu::process_seconds();
    let record = args.record.as_deref();
    let played = crate::jobs::in_game_order(args.games, args.jobs, |i| {
        play_game::<G>(&config, (game_seed(args.seed, i), i), &seats, record)
    });
    let (mut finished, mut decisions, mut winner_total, mut score_total) = (0u64, 0u64, 0i64, 0i64);
    let (mut min_score, mut max_score) = (i32::MAX, i32::MIN);
    let mut seat_wins = vec![0u64; args.players as usize];
    let mut automaton_wins = 0u64;
    for game in played {
        let game = game?;
        decisions += game.decisions;
        let Some((scores, winner, won, by_automaton)) = game.finished else {
            continue;
        };
        finished += 1;
        winner_total += winner as i64;
        for (wins, won) in seat_wins.iter_mut().zip(won) {
            *wins += won as u64;
        }
        automaton_wins += by_automaton as u64;
        score_total += scores.iter().map(|&s| s as i64).sum::<i64>();
        min_score = min_score.min(*scores.iter().min().expect("players"));
        max_score = max_score.max(*scores.iter().max().expect("players"));
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu_seconds = crate::cpu::process_seconds()
        .zip(cpu_start)
        .map(|(end, start)| end - start);
    let n = args.games.max(1) as f64;
    let summary = Summary {
        game: G::NAME.to_string(),
        players: args.players,
        bot: args.bot,
        seed: args.seed,
        games: args.games,
        jobs: args.jobs.max(1),
        finished,
        decisions_per_game: decisions as f64 / n,
        mean_winner_score: winner_total as f64 / finished.max(1) as f64,
        mean_score: score_total as f64 / (finished.max(1) * args.players as u64) as f64,
        min_score: if finished > 0 { min_score } else { 0 },
        max_score: if finished > 0 { max_score } else { 0 },
        seconds,
        games_per_second: args.games as f64 / seconds.max(1e-9),
        cpu_seconds,
        games_per_cpu_second: cpu_seconds.map(|c| args.games as f64 / c.max(1e-9)),
        seat_wins,
        automaton_wins,
    };
    if args.json {
        outln!("{}", serde_json::to_string(&summary)?);
    } else {
        outln!(
            "{} games of {} ({} players, {} bots, seed {}): {} finished\n{:.1} decisions per game\nscores: winner mean {:.1}, mean {:.1}, min {}, max {}\nwins per seat: {:?}, by an automaton: {}\n{:.2} s, {:.0} games per second{}",
            summary.games, summary.game, summary.players, summary.bot, summary.seed, summary.finished,
            summary.decisions_per_game, summary.mean_winner_score, summary.mean_score, summary.min_score,
            summary.max_score, summary.seat_wins, summary.automaton_wins, summary.seconds, summary.games_per_second,
            summary.cpu_seconds.zip(summary.games_per_cpu_second).map_or(String::new(), |(c, g)| format!("\n{c:.2} s CPU, {g:.0} games per CPU-second"))
        );
    }
    Ok(())
}
