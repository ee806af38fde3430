//! `tabuleiro tournament`: bots against each other over many seeded games, seats
//! rotated, with win rates, scores, decision times and an Elo estimate per bot.

use crate::games::Error;
use crate::seated::{play_seated, record_dir, write_record};
use crate::simulate::game_seed;
use crate::sprt::{Sprt, Verdict};
use serde::Serialize;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;
use tabuleiro_core::{Game, Present, Seat, ToAct};
use tabuleiro_games::parse_bot;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = "burgundy", value_parser = crate::games::game_name)]
    game: String,
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Bot specs separated by ',' or ';'; a spec's own options follow it
    /// ("mcts:iters=500,cap=50,greedy" is two bots).
    #[arg(long, default_value = "greedy,random")]
    bots: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write each game's record to this folder (game-N.json), naming the bots; read
    /// one with `tabuleiro replay FILE --log`.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Games played at once, on this many threads (default: every core); the
    /// results do not depend on it.
    #[arg(long, default_value_t = crate::jobs::all_cores())]
    jobs: usize,
    /// Stop as soon as a sequential test (SPRT) decides whether the first bot is ELO1
    /// rather than ELO0 stronger than the field (e.g. `--sprt 0,30`); --games is then
    /// the most it plays.
    #[arg(long, value_name = "ELO0,ELO1")]
    sprt: Option<String>,
    /// The SPRT's chance of accepting ELO1 when ELO0 holds.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The SPRT's chance of accepting ELO0 when ELO1 holds.
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// A config file (JSON) for edition, duchies and rule options; --players overrides its player count.
    #[arg(long)]
    config: Option<PathBuf>,
    /// Corrected content (burgundy): a JSON file naming the data files it replaces
    /// (docs/burgundy/content.md), validated like the embedded data.
    #[arg(long)]
    content: Option<PathBuf>,
}

/// What one game gave each seat.
pub(crate) struct GameResult {
    /// Per seat: the bot's index in the list, its score, its decisions, seconds deciding, iterations.
    pub seats: Vec<SeatResult>,
    /// The seats in first place (one, or several for a shared place or a team).
    winners: Vec<Seat>,
    /// Whether an automaton of the rules is in first place.
    automaton_won: bool,
}

pub(crate) struct SeatResult {
    pub bot: usize,
    /// 1 for first (shared places share the number).
    pub place: u8,
    score: i32,
    pub decisions: u64,
    pub seconds: f64,
    pub iterations: u64,
}

#[derive(Serialize)]
struct BotSummary {
    name: String,
    games: u64,
    wins: u64,
    win_rate: f64,
    win_rate_low: f64,
    win_rate_high: f64,
    mean_score: f64,
    sd_score: f64,
    mean_decision_ms: f64,
    iterations_per_second: Option<f64>,
    elo: f64,
}

#[derive(Serialize)]
struct Summary {
    game: String,
    players: u8,
    seed: u64,
    games: u64,
    jobs: usize,
    seconds: f64,
    /// CPU seconds (user and system) of the process over the games, where the
    /// platform reports them: a match's cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    cpu_seconds: Option<f64>,
    bots: Vec<BotSummary>,
    /// The sequential test, when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    sprt: Option<SprtSummary>,
    /// Games an automaton of the rules won (alone or sharing first place).
    automaton_wins: u64,
}

/// The sequential test where the match stopped: its log-likelihood ratio, the
/// bounds it is read against and what it says.
#[derive(Serialize)]
struct SprtSummary {
    #[serde(flatten)]
    test: Sprt,
    llr: f64,
    lower: f64,
    upper: f64,
    verdict: Verdict,
}

impl SprtSummary {
    fn of(test: Sprt, llr: f64) -> SprtSummary {
        let (lower, upper) = test.bounds();
        SprtSummary {
            test,
            llr,
            lower,
            upper,
            verdict: test.verdict(llr),
        }
    }
}

/// Splits the --bots list. Options contain ',' themselves ("mcts:iters=1,cap=5"), so a
/// list of bots with options uses ';' or spaces; a ',' starts a new bot only when the
/// next piece names a bot rather than an option (no '=').
pub(crate) fn split_bots(list: &str) -> Vec<String> {
    let mut bots: Vec<String> = Vec::new();
    for piece in list.split([';', ' ']).flat_map(|p| p.split(',')) {
        let piece = piece.trim();
        match bots.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ if piece.is_empty() => {}
            _ => bots.push(piece.to_string()),
        }
    }
    bots
}

struct Tournament(Args);

impl tabuleiro_games::Visitor for Tournament {
    type Output = Result<(), Error>;
    fn visit<G: Present>(self) -> Result<(), Error> {
        tournament::<G>(self.0)
    }
}

pub fn run(args: Args) -> Result<(), Error> {
    let game = args.game.clone();
    tabuleiro_games::visit(&game, Tournament(args))?
}

fn tournament<G: Game>(args: Args) -> Result<(), Error> {
    let specs = split_bots(&args.bots);
    if specs.is_empty() {
        return Err("--bots names no bot".into());
    }
    let config = crate::games::load_config::<G>(
        args.config.as_deref(),
        args.players,
        args.content.as_deref(),
    )?;
    // Named once here, so a bad spec fails before any game and names come from the bots.
    let names = specs
        .iter()
        .map(|s| parse_bot::<G>(s).map(|b| b.name()))
        .collect::<Result<Vec<_>, _>>()?;
    let sprt = match &args.sprt {
        Some(bounds) => Some(Sprt::new(bounds, args.alpha, args.beta)?),
        None => None,
    };
    record_dir(args.record.as_deref())?;
    let (start, cpu_start) = (Instant::now(), crate::cpu::process_seconds());
    let rotate = |i: u64| rotated(i, specs.len(), args.players as usize);
    let plan = (0..args.games, args.seed, args.jobs);
    let (results, sprt) = match sprt {
        None => (
            play_all::<G>(&config, &specs, plan, rotate, args.record.as_deref())?,
            None,
        ),
        Some(test) => {
            let record = args.record.as_deref();
            let (results, sprt) =
                play_until_decided::<G>(&config, &specs, plan, test, rotate, record)?;
            (results, Some(sprt))
        }
    };
    let bots = summarise(&names, &results);
    let automaton_wins = results.iter().filter(|r| r.automaton_won).count() as u64;
    let summary = Summary {
        game: G::NAME.to_string(),
        automaton_wins,
        players: args.players,
        seed: args.seed,
        games: results.len() as u64,
        jobs: args.jobs.max(1),
        seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: crate::cpu::process_seconds()
            .zip(cpu_start)
            .map(|(end, start)| end - start),
        bots,
        sprt,
    };
    if args.json {
        outln!("{}", serde_json::to_string(&summary)?);
    } else {
        print_text(&summary);
    }
    Ok(())
}

/// Game `i`: seat `s` gets bot `(i + s) % bots`, so every bot sits in every seat equally often.
fn rotated(i: u64, bots: usize, players: usize) -> Vec<usize> {
    (0..players).map(|s| (i as usize + s) % bots).collect()
}

/// Plays the games `games` (game `i` seeded from `seed`, seated by `seating(i)`: each
/// seat's index in `specs`) on `jobs` threads, each game's record written into
/// `record`; the results are in game order, so they are the same whatever the number
/// of threads.
pub(crate) fn play_all<G: Game>(
    config: &G::Config,
    specs: &[String],
    (games, seed, jobs): (Range<u64>, u64, usize),
    seating: impl Fn(u64) -> Vec<usize> + Sync,
    record: Option<&Path>,
) -> Result<Vec<GameResult>, String>
where
    G::Config: Sync,
{
    let first = games.start;
    let play = |n: u64| {
        let i = first + n;
        play_one::<G>(config, specs, (game_seed(seed, i), i), &seating(i), record)
    };
    crate::jobs::in_game_order(games.end.saturating_sub(first), jobs, play)
        .into_iter()
        .collect()
}

/// Games played between two looks at the sequential test, per thread: a few, so that
/// threads stay busy, and few, so that little is played past the deciding game.
const SPRT_BATCH_PER_JOB: u64 = 4;

/// Plays `games` in order until the sequential test `test` decides on the first
/// bot (`specs[0]`) or the games run out; the results stop at the deciding game,
/// whatever the number of threads, with the test there. (The records of a batch's
/// games past the deciding one are written too.)
fn play_until_decided<G: Game>(
    config: &G::Config,
    specs: &[String],
    (games, seed, jobs): (Range<u64>, u64, usize),
    test: Sprt,
    seating: impl Fn(u64) -> Vec<usize> + Sync,
    record: Option<&Path>,
) -> Result<(Vec<GameResult>, SprtSummary), String>
where
    G::Config: Sync,
{
    let batch = SPRT_BATCH_PER_JOB * jobs.max(1) as u64;
    let (mut results, mut llr) = (Vec::new(), 0.0);
    let mut next = games.start;
    while next < games.end {
        let end = (next + batch).min(games.end);
        for game in play_all::<G>(config, specs, (next..end, seed, jobs), &seating, record)? {
            let held = game.seats.iter().filter(|s| s.bot == 0).count();
            let won = game
                .winners
                .iter()
                .any(|&w| game.seats[w as usize].bot == 0);
            llr += test.step(held, game.seats.len(), won);
            results.push(game);
            if test.verdict(llr) != Verdict::Undecided {
                return Ok((results, SprtSummary::of(test, llr)));
            }
        }
        next = end;
    }
    Ok((results, SprtSummary::of(test, llr)))
}

/// Game `i`, seat `s` played by bot `seat_bot[s]`, its record written into `record`.
fn play_one<G: Game>(
    config: &G::Config,
    specs: &[String],
    (seed, i): (u64, u64),
    seat_bot: &[usize],
    record: Option<&Path>,
) -> Result<GameResult, String> {
    let seated: Vec<&str> = seat_bot.iter().map(|&b| specs[b].as_str()).collect();
    let (played, clocks) = play_seated::<G>(config, seed, &seated, record.is_some())?;
    if let (Some(dir), Some(record)) = (record, &played.record) {
        write_record(dir, i, record)?;
    }
    if played.game.to_act() != ToAct::Over {
        return Err(format!("game {i} did not finish"));
    }
    let scores = played.game.scores();
    let standings = played.game.standings();
    let place = |s: usize| {
        standings
            .iter()
            .find(|st| st.holds(s as Seat))
            .map_or(u8::MAX, |st| st.place)
    };
    let seats = clocks
        .iter()
        .enumerate()
        .map(|(s, clock)| SeatResult {
            bot: seat_bot[s],
            place: place(s),
            score: scores[s],
            decisions: clock.decisions,
            seconds: clock.seconds(),
            iterations: clock.iterations,
        })
        .collect();
    Ok(GameResult {
        seats,
        winners: (0..clocks.len() as Seat)
            .filter(|&s| tabuleiro_core::standing::is_winner(&standings, s))
            .collect(),
        automaton_won: crate::games::automaton_won(&standings),
    })
}

fn summarise(names: &[String], results: &[GameResult]) -> Vec<BotSummary> {
    (0..names.len())
        .map(|b| {
            let mine = || {
                results
                    .iter()
                    .flat_map(|g| g.seats.iter().enumerate().map(move |(s, r)| (g, s, r)))
                    .filter(move |(_, _, r)| r.bot == b)
            };
            let games = mine().count() as u64;
            let wins = mine()
                .filter(|(g, s, _)| g.winners.contains(&(*s as Seat)))
                .count() as u64;
            let scores: Vec<f64> = mine().map(|(_, _, r)| r.score as f64).collect();
            let (mean_score, sd_score) = mean_sd(&scores);
            let decisions: u64 = mine().map(|(_, _, r)| r.decisions).sum();
            let seconds: f64 = mine().map(|(_, _, r)| r.seconds).sum();
            let iterations: u64 = mine().map(|(_, _, r)| r.iterations).sum();
            let win_rate = wins as f64 / games.max(1) as f64;
            let (win_rate_low, win_rate_high) = wilson(wins, games);
            BotSummary {
                name: names[b].clone(),
                games,
                wins,
                win_rate,
                win_rate_low,
                win_rate_high,
                mean_score,
                sd_score,
                mean_decision_ms: 1000.0 * seconds / decisions.max(1) as f64,
                iterations_per_second: (iterations > 0)
                    .then(|| iterations as f64 / seconds.max(1e-9)),
                elo: elo(win_rate),
            }
        })
        .collect()
}

fn mean_sd(xs: &[f64]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, var.sqrt())
}

/// The 95% Wilson score interval of a win rate: sound near 0 and 1 and for few games.
fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (games as f64, 1.96);
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Elo difference against the field implied by a win rate, clamped to ±800 because a
/// rate of 0 or 1 implies an infinite gap.
fn elo(win_rate: f64) -> f64 {
    let w = win_rate.clamp(0.001, 0.999);
    (400.0 * (w / (1.0 - w)).log10()).clamp(-800.0, 800.0)
}

fn print_text(s: &Summary) {
    outln!(
        "{} games of {} ({} players, seed {}, {} jobs) in {:.1} s",
        s.games,
        s.game,
        s.players,
        s.seed,
        s.jobs,
        s.seconds
    );
    if let Some(cpu) = s.cpu_seconds {
        outln!("{cpu:.1} s CPU ({:.3} CPU-hours)", cpu / 3600.0);
    }
    if s.automaton_wins > 0 {
        outln!("an automaton of the rules won {} games", s.automaton_wins);
    }
    if let Some(t) = &s.sprt {
        let verdict = match t.verdict {
            Verdict::Elo1 => format!(
                "accepted: the first bot is {} Elo stronger or more",
                t.test.elo1
            ),
            Verdict::Elo0 => format!(
                "accepted: the first bot is {} Elo stronger or less",
                t.test.elo0
            ),
            Verdict::Undecided => "undecided when the games ran out".to_string(),
        };
        outln!(
            "SPRT [{}, {}] (alpha {}, beta {}): LLR {:.2} in [{:.2}, {:.2}]; {verdict}",
            t.test.elo0,
            t.test.elo1,
            t.test.alpha,
            t.test.beta,
            t.llr,
            t.lower,
            t.upper
        );
    }
    outln!(
        "{:<24} {:>6} {:>7} {:>7} {:>16} {:>11} {:>10} {:>6}",
        "bot",
        "games",
        "wins",
        "rate",
        "95% interval",
        "score",
        "ms/dec",
        "elo"
    );
    for b in &s.bots {
        outln!(
            "{:<24} {:>6} {:>7} {:>6.1}% {:>6.1}% - {:>5.1}% {:>5.1} ± {:<4.1} {:>10.3} {:>+6.0}",
            b.name,
            b.games,
            b.wins,
            100.0 * b.win_rate,
            100.0 * b.win_rate_low,
            100.0 * b.win_rate_high,
            b.mean_score,
            b.sd_score,
            b.mean_decision_ms,
            b.elo
        );
        if let Some(ips) = b.iterations_per_second {
            outln!("{:<24} {:.0} search iterations per second", "", ips);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_lists_split_on_commas_between_bots_only() {
        assert_eq!(split_bots("mcts,greedy"), ["mcts", "greedy"]);
        assert_eq!(
            split_bots("mcts:iters=5,cap=3,greedy"),
            ["mcts:iters=5,cap=3", "greedy"]
        );
        assert_eq!(
            split_bots("mcts:iters=5;random"),
            ["mcts:iters=5", "random"]
        );
    }

    #[test]
    fn wilson_and_elo_behave_at_the_edges() {
        let (lo, hi) = wilson(5, 10);
        assert!(lo < 0.5 && hi > 0.5 && lo > 0.2 && hi < 0.8);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert!(wilson(10, 10).0 > 0.6);
        assert_eq!(elo(0.5), 0.0);
        assert!(elo(1.0) <= 800.0 && elo(0.0) >= -800.0);
        assert!(elo(0.75) > 150.0 && elo(0.75) < 250.0);
    }
}
