//! `tabuleiro`: one binary for every game. I/O lives here, at the edge; the game
//! crates stay pure.

/// `println!` for the command's output: a reader that stops early (`| head`) ends
/// the program quietly instead of making it panic on the broken pipe.
macro_rules! outln {
    ($($arg:tt)*) => { $crate::out(format_args!("{}\n", format_args!($($arg)*))) };
}
/// `print!`, likewise.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out(format_args!($($arg)*)) };
}

mod cpu;
mod games;
mod jobs;
mod ladder;
mod loadtest;
mod play;
mod position;
mod rating;
mod seated;
mod serve;
mod simulate;
mod sprt;
mod tournament;

use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

/// Writes the command's output; a closed pipe means nobody reads on, so the program ends.
fn out(text: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(text) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(2);
    }
}

#[derive(Parser)]
#[command(
    name = "tabuleiro",
    version,
    about = "Board games played exactly as their rulebooks say"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
// Parsed once at start: the serve options' size costs nothing.
#[allow(clippy::large_enum_variant)]
enum Command {
    /// Host games: lobby, seats, live play over HTTP and WebSocket, bots, persistence.
    Serve(serve::Args),
    /// Measure a server: many games played at once by WebSocket clients.
    Loadtest(loadtest::Args),
    /// Play many games between bots and print a summary.
    Simulate(simulate::Args),
    /// Play bots against each other with seats rotated, and rate them.
    Tournament(tournament::Args),
    /// Rate bots on one Elo ladder: every group of them at a table, seats rotated.
    Ladder(ladder::Args),
    /// Create, show or change a position file.
    #[command(subcommand)]
    Position(position::Command),
    /// Play in the terminal against bots or at one keyboard.
    Play(play::Args),
    /// Check a complete game record and print its final scores.
    Replay {
        /// A record written by `simulate --record` or `tournament --record` (JSON).
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
        /// Print the game first, step by step in words: each decision with its seat
        /// and bot, then what it did.
        #[arg(long)]
        log: bool,
        /// Language of the log: en, pt-BR or es (default: from LC_ALL, LC_MESSAGES, LANG).
        #[arg(long)]
        lang: Option<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Ladder(args) => ladder::run(args),
        Command::Position(cmd) => position::run(cmd),
        Command::Play(args) => play::run(args),
        Command::Replay {
            file,
            json,
            log,
            lang,
        } => match play::lang_of(lang.as_deref()) {
            Ok(lang) => position::replay(&file, json, log.then_some(lang)),
            Err(e) => Err(e.into()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
