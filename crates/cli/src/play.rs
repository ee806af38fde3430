//! `tabuleiro play`: a game in the terminal against bots or at one keyboard.

use crate::games::{load_config, Error};
use std::path::PathBuf;
use std::time::Duration;
use tabuleiro_games::burgundy::Burgundy;
use tabuleiro_i18n::Lang;
use tabuleiro_tui::{App, Setup};

#[derive(clap::Args)]
pub struct Args {
    /// The game (omit with --resume).
    #[arg(value_parser = crate::games::game_name)]
    game: Option<String>,
    /// Who sits where, in seat order: "me" for a person at this keyboard, or a bot
    /// (random, greedy, mcts, mcts:iters=500). 2 to 4 seats.
    #[arg(long, value_delimiter = ',', default_value = "me,greedy")]
    seats: Vec<String>,
    /// Language of the screen: en, pt-BR or es (default: from LC_ALL, LC_MESSAGES, LANG).
    #[arg(long)]
    lang: Option<String>,
    /// Save the game here after every step.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Continue a game saved with --save (and keep saving to the same file).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Seed of the dice and draws (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// A game config (JSON; the number of players comes from --seats).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Milliseconds between bot moves.
    #[arg(long, default_value_t = 400)]
    pace: u64,
}

pub fn run(args: Args) -> Result<(), Error> {
    let app = match &args.resume {
        Some(path) => {
            let file = tabuleiro_tui::save::read(path)?;
            let save = args.save.clone().or_else(|| Some(path.clone()));
            App::resume(file, save)?
        }
        None => new_game(&args)?,
    };
    tabuleiro_tui::run(app, Duration::from_millis(args.pace))?;
    Ok(())
}

fn new_game(args: &Args) -> Result<App, Error> {
    match args.game.as_deref() {
        None => return Err("name the game (tabuleiro play burgundy) or give --resume FILE".into()),
        Some("burgundy") => {}
        // The terminal table draws Burgundy only so far.
        Some(other) => return Err(format!("the terminal cannot play {other} yet").into()),
    }
    let lang = match &args.lang {
        Some(tag) => {
            Lang::parse(tag).ok_or(format!("unknown language {tag:?}; use en, pt-BR or es"))?
        }
        None => Lang::from_env(),
    };
    let players = u8::try_from(args.seats.len()).unwrap_or(0);
    let config = load_config::<Burgundy>(args.config.as_deref(), players)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    Ok(App::new(Setup {
        seats: args.seats.clone(),
        lang,
        seed,
        config,
        save: args.save.clone(),
    })?)
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
