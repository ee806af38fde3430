//! `tabuleiro ladder`: every group of bots at a table in turn, seats rotated, and an
//! Elo rating per bot (the first bot listed at 0) with its 95% interval.

use crate::games::Error;
use crate::rating;
use crate::tournament::{play_all, split_bots, GameResult};
use serde::Serialize;
use std::time::Instant;
use tabuleiro_core::{Game, Present};
use tabuleiro_games::parse_bot;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value = "burgundy", value_parser = crate::games::game_name)]
    game: String,
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Bot specs, weakest first by habit; the first is the ladder's 0
    /// ("random;greedy;mcts:iters=200").
    #[arg(long, default_value = "random;greedy")]
    bots: String,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
    /// Games played at once, on this many threads; the results do not depend on it.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// A config file (JSON) for edition, duchies and rule options; --players overrides its player count.
    #[arg(long)]
    config: Option<std::path::PathBuf>,
}

#[derive(Serialize)]
struct Rung {
    name: String,
    elo: f64,
    elo_low: f64,
    elo_high: f64,
    games: u64,
    wins: u64,
    mean_decision_ms: f64,
    iterations_per_decision: f64,
}

#[derive(Serialize)]
struct Ladder {
    game: String,
    players: u8,
    seed: u64,
    games: u64,
    seconds: f64,
    rungs: Vec<Rung>,
}

/// The bots at game `i`'s table, seat by seat: the groups of `players` bots taken in
/// turn (every group once before any twice), each group's seats rotated by one place
/// each time it comes back. With fewer bots than seats, bot `(i + s) % bots` sits at
/// seat `s`.
pub fn seating(i: u64, bots: usize, players: usize) -> Vec<usize> {
    if bots < players {
        return (0..players).map(|s| (i as usize + s) % bots).collect();
    }
    let groups = combinations(bots, players);
    let group = &groups[i as usize % groups.len()];
    let turn = (i as usize / groups.len()) % players;
    (0..players).map(|s| group[(s + turn) % players]).collect()
}

/// The ways to choose `k` of `n` items, each in increasing order, in lexical order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        out.push(pick.clone());
        let Some(i) = (0..k).rev().find(|&i| pick[i] < n - k + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

struct Run(Args);

impl tabuleiro_games::Visitor for Run {
    type Output = Result<(), Error>;
    fn visit<G: Present>(self) -> Result<(), Error> {
        ladder::<G>(self.0)
    }
}

pub fn run(args: Args) -> Result<(), Error> {
    let game = args.game.clone();
    tabuleiro_games::visit(&game, Run(args))?
}

fn ladder<G: Game>(args: Args) -> Result<(), Error> {
    let specs = split_bots(&args.bots);
    if specs.len() < 2 {
        return Err("a ladder needs two bots or more in --bots".into());
    }
    let config = crate::games::load_config::<G>(args.config.as_deref(), args.players, None)?;
    let names = specs
        .iter()
        .map(|s| parse_bot::<G>(s).map(|b| b.name()))
        .collect::<Result<Vec<_>, _>>()?;
    let players = G::new(&config).map_err(|e| e.to_string())?.players();
    let start = Instant::now();
    let seat = |i: u64| seating(i, specs.len(), players);
    let results = play_all::<G>(
        &config,
        &specs,
        (0..args.games, args.seed, args.jobs),
        seat,
        None,
    )?;
    let pairs: Vec<rating::Pairs> = results.iter().map(pairs_of).collect();
    let elo = rating::elo(specs.len(), &pairs);
    let interval = rating::intervals(specs.len(), &pairs, 400, args.seed);
    let rungs = names
        .iter()
        .enumerate()
        .map(|(b, name)| rung(b, name, elo[b], interval[b], &results))
        .collect();
    let ladder = Ladder {
        game: G::NAME.into(),
        players: args.players,
        seed: args.seed,
        games: args.games,
        seconds: start.elapsed().as_secs_f64(),
        rungs,
    };
    if args.json {
        outln!("{}", serde_json::to_string(&ladder)?);
    } else {
        print_text(&ladder);
    }
    Ok(())
}

fn pairs_of(game: &GameResult) -> rating::Pairs {
    let bots: Vec<usize> = game.seats.iter().map(|s| s.bot).collect();
    let places: Vec<u8> = game.seats.iter().map(|s| s.place).collect();
    rating::pairs_of_game(&bots, &places)
}

fn rung(b: usize, name: &str, elo: f64, (low, high): (f64, f64), results: &[GameResult]) -> Rung {
    let seats = || results.iter().flat_map(|g| &g.seats).filter(|s| s.bot == b);
    let decisions: u64 = seats().map(|s| s.decisions).sum();
    let seconds: f64 = seats().map(|s| s.seconds).sum();
    let iterations: u64 = seats().map(|s| s.iterations).sum();
    Rung {
        name: name.into(),
        elo,
        elo_low: low,
        elo_high: high,
        games: seats().count() as u64,
        wins: seats().filter(|s| s.place == 1).count() as u64,
        mean_decision_ms: 1000.0 * seconds / decisions.max(1) as f64,
        iterations_per_decision: iterations as f64 / decisions.max(1) as f64,
    }
}

fn print_text(l: &Ladder) {
    outln!(
        "{} games of {} ({} players, seed {}) in {:.1} s; Elo, the first bot at 0",
        l.games,
        l.game,
        l.players,
        l.seed,
        l.seconds
    );
    outln!(
        "{:<28} {:>6} {:>16} {:>6} {:>6} {:>10} {:>10}",
        "bot",
        "elo",
        "95% interval",
        "games",
        "wins",
        "ms/dec",
        "iters/dec"
    );
    let mut order: Vec<&Rung> = l.rungs.iter().collect();
    order.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    for r in order {
        outln!(
            "{:<28} {:>+6.0} {:>+7.0} to {:>+5.0} {:>6} {:>6} {:>10.3} {:>10.0}",
            r.name,
            r.elo,
            r.elo_low,
            r.elo_high,
            r.games,
            r.wins,
            r.mean_decision_ms,
            r.iterations_per_decision
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two seats, three bots: the three pairs in turn, then again with seats swapped.
    #[test]
    fn every_pair_meets_in_both_seats() {
        let tables: Vec<Vec<usize>> = (0..6).map(|i| seating(i, 3, 2)).collect();
        assert_eq!(
            tables,
            [[0, 1], [0, 2], [1, 2], [1, 0], [2, 0], [2, 1]].map(Vec::from)
        );
    }

    /// Four seats, five bots: five groups of four, each bot in four of them: in
    /// twenty games it sits
    /// in each seat four times.
    #[test]
    fn groups_rotate_through_every_seat() {
        assert_eq!(combinations(5, 4).len(), 5);
        let mut count = [[0; 4]; 5];
        for i in 0..20 {
            for (s, &b) in seating(i, 5, 4).iter().enumerate() {
                count[b][s] += 1;
            }
        }
        assert!(count.iter().flatten().all(|&c| c == 4), "{count:?}");
        assert_eq!(seating(0, 2, 4), [0, 1, 0, 1]);
    }
}
