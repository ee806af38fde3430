//! `tabuleiro`: one binary for every game. I/O lives here, at the edge; the game
//! crates stay pure.

mod games;
mod loadtest;
mod play;
mod position;
mod serve;
mod simulate;
mod tournament;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

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
enum Command {
    /// Host games: lobby, seats, live play over HTTP and WebSocket, bots, persistence.
    Serve(serve::Args),
    /// Measure a server: many games played at once by WebSocket clients.
    Loadtest(loadtest::Args),
    /// Play many games between bots and print a summary.
    Simulate(simulate::Args),
    /// Play bots against each other with seats rotated, and rate them.
    Tournament(tournament::Args),
    /// Create, show or change a position file.
    #[command(subcommand)]
    Position(position::Command),
    /// Play in the terminal against bots or at one keyboard.
    Play(play::Args),
    /// Check a complete game record and print its final scores.
    Replay {
        /// A record written by `simulate --record` (JSON).
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Serve(args) => serve::run(args),
        Command::Loadtest(args) => loadtest::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Position(cmd) => position::run(cmd),
        Command::Play(args) => play::run(args),
        Command::Replay { file, json } => position::replay(&file, json),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
