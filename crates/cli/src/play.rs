//! `tabuleiro play`: a game in the terminal against bots or at one keyboard. The
//! terminal app picks the game's module by name; this only reads the arguments.

use crate::games::{read, Error};
use std::path::PathBuf;
use std::time::Duration;
use tabuleiro_i18n::Lang;
use tabuleiro_tui::Setup;

#[derive(clap::Args)]
pub struct Args {
    /// The game, burgundy, catan or viscounts (omit with --resume).
    game: Option<String>,
    /// Who sits where, in seat order: "me" for a person at this keyboard, or a bot by
    /// level (easy, medium, hard, expert) or spec (random, greedy, mcts:iters=500).
    /// 2 to 4 seats; Viscounts also takes one, a solo game against its AI (--seats
    /// me). Default: you against medium bots, as few as the game is played by.
    #[arg(long, value_delimiter = ',')]
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
    /// The game's options as JSON on the command line, instead of --config, e.g.
    /// '{"expansion":"cities_and_knights"}' for Catan.
    #[arg(long, conflicts_with = "config")]
    options: Option<String>,
    /// Corrected content (burgundy): a JSON file naming the data files it replaces
    /// (docs/burgundy/content.md), validated like the embedded data.
    #[arg(long)]
    content: Option<PathBuf>,
    /// Milliseconds between bot moves.
    #[arg(long, default_value_t = 400)]
    pace: u64,
}

pub fn run(args: Args) -> Result<(), Error> {
    let pace = Duration::from_millis(args.pace);
    if let Some(path) = &args.resume {
        let save = args.save.clone().or_else(|| Some(path.clone()));
        return Ok(tabuleiro_tui::resume(path, save, pace)?);
    }
    let Some(game) = &args.game else {
        return Err("name the game (tabuleiro play burgundy) or give --resume FILE".into());
    };
    let lang = lang_of(args.lang.as_deref())?;
    let config = match (&args.config, &args.options) {
        (Some(p), _) => {
            Some(serde_json::from_str(&read(p)?).map_err(|e| format!("{}: {e}", p.display()))?)
        }
        (None, Some(json)) => {
            Some(serde_json::from_str(json).map_err(|e| format!("--options: {e}"))?)
        }
        (None, None) => None,
    };
    let config = with_content(game, config, args.content.as_deref())?;
    let setup = Setup {
        seats: args.seats.clone(),
        lang,
        seed: args.seed.unwrap_or_else(clock_seed),
        config,
        save: args.save.clone(),
    };
    Ok(tabuleiro_tui::play(game, setup, pace)?)
}

/// The config with the content file of `--content` as its `content`.
fn with_content(
    game: &str,
    config: Option<serde_json::Value>,
    content: Option<&std::path::Path>,
) -> Result<Option<serde_json::Value>, Error> {
    let Some(path) = content else {
        return Ok(config);
    };
    let mut config = config.unwrap_or_else(|| serde_json::json!({}));
    let Some(fields) = config.as_object_mut() else {
        return Err("the config must be a JSON object".into());
    };
    fields.insert("content".into(), crate::games::content_file(game, path)?);
    Ok(Some(config))
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The language a `--lang` names, or the environment's.
pub(crate) fn lang_of(tag: Option<&str>) -> Result<Lang, String> {
    match tag {
        Some(tag) => {
            Lang::parse(tag).ok_or(format!("unknown language {tag:?}; use en, pt-BR or es"))
        }
        None => Ok(Lang::from_env()),
    }
}
