//! `tabuleiro position`: positions as files (docs/burgundy/position.md; Catan's are
//! its serialized state, checked by its rules), for any game of the registry that has
//! them ([`Present::check_position`]), and `replay`.

use crate::games::{read, Error};
use std::path::{Path, PathBuf};
use tabuleiro_core::{
    chance_rng, replay as replay_record, Game, Participant, Present, Record, Seat, ToAct,
};

#[derive(clap::Subcommand)]
pub enum Command {
    /// Print a new game's position (after setup, at the first decision) as JSON.
    New {
        #[arg(long, default_value = "burgundy", value_parser = crate::games::game_name)]
        game: String,
        #[arg(long, default_value_t = 2)]
        players: u8,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// A config file (JSON); --players overrides its player count.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Corrected content (burgundy): a JSON file naming the data files it
        /// replaces (docs/burgundy/content.md).
        #[arg(long)]
        content: Option<PathBuf>,
    },
    /// Show a position: the board, the duchies and the legal decisions.
    Show {
        file: PathBuf,
        /// The game, where the file does not name it (`"game"`; burgundy by default).
        #[arg(long, value_parser = crate::games::game_name)]
        game: Option<String>,
        /// Print one JSON object instead of text: the validated `position`, `to_act`
        /// and the `legal` decisions of each seat that decides now.
        #[arg(long)]
        json: bool,
    },
    /// Apply steps to a position and print the resulting position as JSON. A step is
    /// a decision in text form ("die 1 4", "2:castle 18" for seat 2) or a chance
    /// outcome, `chance:` then its JSON ('chance:{"roll":{"dice":[[1,2],[3,4]],"white":5}}').
    Apply {
        file: PathBuf,
        /// Decisions in text form and `chance:JSON` outcomes, in order.
        steps: Vec<String>,
        /// The game, where the file does not name it (`"game"`; burgundy by default).
        #[arg(long, value_parser = crate::games::game_name)]
        game: Option<String>,
        /// A chance outcome (JSON), used, in the order given, whenever the position
        /// waits for chance before a decision or at the end (repeatable).
        #[arg(long = "outcome")]
        outcomes: Vec<String>,
        /// Draw chance steps (dice, tiles) from this seed when the position waits for
        /// them and no outcome is given, on the one seeding path every way of playing
        /// uses.
        #[arg(long)]
        seed: Option<u64>,
        /// How many chance steps of --seed the position has drawn already (`position
        /// new --seed` prints it on stderr), so that the next draws are those a game
        /// played from the start with that seed makes.
        #[arg(long, default_value_t = 0, requires = "seed")]
        chance_drawn: u64,
        /// Print the events each step caused: as lines before the position, or in
        /// the `steps` of --json.
        #[arg(long)]
        events: bool,
        /// Print one JSON object: the `position`, and the `steps` applied (with
        /// their events under --events).
        #[arg(long)]
        json: bool,
    },
}

pub fn run(cmd: Command) -> Result<(), Error> {
    let game = match &cmd {
        Command::New { game, .. } => game.clone(),
        Command::Show { file, game, .. } | Command::Apply { file, game, .. } => {
            game_of(file, game.as_deref())?
        }
    };
    tabuleiro_games::visit(&game, Position(cmd))?
}

/// The game a position file is of: the one it names (`"game"`, as a record does),
/// which `--game` may repeat but not contradict; else `--game`; else Burgundy, whose
/// files came first and named none.
fn game_of(file: &Path, flag: Option<&str>) -> Result<String, Error> {
    let text = read(file)?;
    let named = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("game").cloned());
    let named = match named {
        None => None,
        Some(serde_json::Value::String(name)) => Some(
            crate::games::game_name(&name).map_err(|e| format!("{}: game: {e}", file.display()))?,
        ),
        Some(other) => {
            return Err(format!("{}: game: a game's name, not {other}", file.display()).into())
        }
    };
    match (named, flag) {
        (Some(named), Some(flag)) if named != flag => Err(format!(
            "{} is a {named} position, but --game says {flag}",
            file.display()
        )
        .into()),
        (Some(named), _) => Ok(named),
        (None, flag) => Ok(flag.unwrap_or("burgundy").to_string()),
    }
}

/// A position as a file holds it: the state, and the game it is of.
fn named<G: Game>(game: &G) -> Result<serde_json::Value, Error> {
    let mut v = serde_json::to_value(game)?;
    if let Some(fields) = v.as_object_mut() {
        fields.insert("game".into(), G::NAME.into());
    }
    Ok(v)
}

struct Position(Command);

impl tabuleiro_games::Visitor for Position {
    type Output = Result<(), Error>;
    fn visit<G: Present>(self) -> Result<(), Error> {
        position::<G>(self.0)
    }
}

fn position<G: Present>(cmd: Command) -> Result<(), Error> {
    match cmd {
        Command::New {
            players,
            seed,
            config,
            content,
            ..
        } => {
            let config =
                crate::games::load_config::<G>(config.as_deref(), players, content.as_deref())?;
            let mut game = G::new(&config).map_err(|e| e.to_string())?;
            let drawn = draw_chance(&mut game, seed, 0)?;
            eprintln!("chance steps drawn: {drawn}");
            outln!("{}", serde_json::to_string_pretty(&named(&game)?)?);
        }
        Command::Show { file, json, .. } => {
            let game = load::<G>(&file)?;
            if json {
                let v = serde_json::json!({
                    "position": named(&game)?,
                    "to_act": to_act_json(&game),
                    "legal": legal_json(&game),
                });
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                out!("{}", game.show_position());
                outln!("\n{}", legal_text(&game));
            }
        }
        Command::Apply {
            file,
            steps,
            outcomes,
            seed,
            chance_drawn,
            events,
            json,
            ..
        } => {
            let mut run = Steps::<G> {
                game: load::<G>(&file)?,
                outcomes: outcomes
                    .iter()
                    .enumerate()
                    .map(|(i, text)| {
                        outcome::<G>(text).map_err(|e| format!("--outcome {}: {e}", i + 1))
                    })
                    .collect::<Result<_, _>>()?,
                used: 0,
                seed,
                drawn: chance_drawn,
                done: Vec::new(),
            };
            for (i, text) in steps.iter().enumerate() {
                run.step(i + 1, text)?;
            }
            run.settle_chance()?;
            if run.used < run.outcomes.len() {
                return Err(format!(
                    "--outcome {} was not used: the position did not wait for chance then",
                    run.used + 1
                )
                .into());
            }
            if json {
                let steps: Vec<serde_json::Value> = run
                    .done
                    .iter()
                    .map(|d| {
                        let mut v = d.what.clone();
                        if events {
                            v["events"] = serde_json::to_value(&d.events).unwrap_or_default();
                        }
                        v
                    })
                    .collect();
                let v = serde_json::json!({"position": named(&run.game)?, "steps": steps});
                outln!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                if events {
                    for (i, d) in run.done.iter().enumerate() {
                        outln!("step {}: {}", i + 1, d.label);
                        for e in &d.events {
                            outln!("  {}", G::describe(e));
                        }
                    }
                }
                outln!("{}", serde_json::to_string_pretty(&named(&run.game)?)?);
            }
        }
    }
    Ok(())
}

/// Reads a position file of game `G` ([`Present::read_position`]): checked that the
/// rules can reach it, and where the game has automatic work pending, run on to where
/// the game waits.
fn load<G: Present>(path: &Path) -> Result<G, Error> {
    let at = |e: String| format!("{}: {e}", path.display());
    let mut v: serde_json::Value =
        serde_json::from_str(&read(path)?).map_err(|e| at(e.to_string()))?;
    // The game's name is the file's, not the state's (`game_of` chose the game by it).
    if let Some(fields) = v.as_object_mut() {
        fields.remove("game");
    }
    Ok(G::read_position(v).map_err(at)?)
}

/// Draws the chance steps the position waits for, the `drawn`-th on, from `seed` on
/// the one seeding path; returns how many of the seed's steps are drawn then.
fn draw_chance<G: Game>(game: &mut G, seed: u64, mut drawn: u64) -> Result<u64, Error> {
    while game.to_act() == ToAct::Chance {
        let outcome = game.sample_chance(&mut chance_rng(seed, drawn));
        game.apply_chance(&outcome, &mut Vec::new())
            .map_err(|e| e.to_string())?;
        drawn += 1;
    }
    Ok(drawn)
}

/// A chance outcome written as JSON.
fn outcome<G: Game>(text: &str) -> Result<G::Outcome, Error> {
    serde_json::from_str(text)
        .map_err(|e| format!("{text:?} is not a chance outcome of {}: {e}", G::NAME).into())
}

/// One step applied by `position apply`: how it reads, and what it caused.
struct Done<G: Game> {
    label: String,
    /// `{"decision": {"seat", "action"}}` or `{"chance": {"outcome", "from"}}`.
    what: serde_json::Value,
    events: Vec<G::Event>,
}

/// The steps of `position apply`, applied one by one to the position.
struct Steps<G: Game> {
    game: G,
    /// The --outcome values, and how many are used.
    outcomes: Vec<G::Outcome>,
    used: usize,
    seed: Option<u64>,
    drawn: u64,
    done: Vec<Done<G>>,
}

impl<G: Present> Steps<G> {
    /// Applies step `n`: a `chance:` outcome, or a decision (after the chance the
    /// position waits for).
    fn step(&mut self, n: usize, text: &str) -> Result<(), Error> {
        if let Some(json) = text.trim().strip_prefix("chance:") {
            let o = outcome::<G>(json).map_err(|e| format!("step {n}: {e}"))?;
            return self
                .chance(o, "step")
                .map_err(|e| format!("step {n}: {e}").into());
        }
        self.settle_chance()?;
        let (seat, action) = parse(&self.game, text)?;
        let mut events = Vec::new();
        self.game
            .apply(seat, &action, &mut events)
            .map_err(|e| format!("decision {n} ({text:?}) refused: {e}"))?;
        self.done.push(Done {
            label: format!("{seat}:{action}"),
            what: serde_json::json!({"decision": {"seat": seat, "action": action.to_string()}}),
            events,
        });
        Ok(())
    }

    /// While the position waits for chance: the next --outcome, else a draw of --seed;
    /// with neither the position stays waiting (a decision then says so).
    fn settle_chance(&mut self) -> Result<(), Error> {
        while self.game.to_act() == ToAct::Chance {
            if let Some(o) = self.outcomes.get(self.used).cloned() {
                self.used += 1;
                let n = self.used;
                self.chance(o, "outcome")
                    .map_err(|e| format!("--outcome {n}: {e}"))?;
            } else if let Some(seed) = self.seed {
                let o = self.game.sample_chance(&mut chance_rng(seed, self.drawn));
                self.drawn += 1;
                self.chance(o, "seed")?;
            } else {
                break;
            }
        }
        Ok(())
    }

    fn chance(&mut self, outcome: G::Outcome, from: &str) -> Result<(), Error> {
        if self.game.to_act() != ToAct::Chance {
            return Err("the position does not wait for chance now".into());
        }
        let mut events = Vec::new();
        self.game
            .apply_chance(&outcome, &mut events)
            .map_err(|e| e.to_string())?;
        let json = serde_json::to_value(&outcome).unwrap_or_default();
        self.done.push(Done {
            label: format!("chance ({from}) {json}"),
            what: serde_json::json!({"chance": {"outcome": json, "from": from}}),
            events,
        });
        Ok(())
    }
}

/// "SEAT:ACTION" or "ACTION" (the one seat that must decide).
fn parse<G: Game>(game: &G, text: &str) -> Result<(Seat, G::Action), Error> {
    let (seat, rest) = match text.split_once(':') {
        Some((s, rest)) if s.trim().chars().all(|c| c.is_ascii_digit()) => (
            Some(
                s.trim()
                    .parse::<Seat>()
                    .map_err(|_| format!("{text:?}: {s:?} is not a seat number"))?,
            ),
            rest,
        ),
        _ => (None, text),
    };
    let action: G::Action = rest
        .trim()
        .parse()
        .map_err(|_| format!("{rest:?} is not an action of {}", G::NAME))?;
    let seat = match (seat, game.to_act()) {
        (Some(s), _) => s,
        (None, ToAct::Seats(seats)) if seats.len() == 1 => seats.lowest().expect("one seat"),
        (None, ToAct::Seats(seats)) => {
            return Err(format!("{text:?}: seats {seats:?} decide now; write SEAT:ACTION").into())
        }
        (None, ToAct::Chance) => {
            return Err(format!(
                "{text:?}: the position waits for chance (dice or draws): give it as a chance:JSON step or --outcome, or pass --seed to draw it"
            )
            .into())
        }
        (None, ToAct::Over) => return Err(format!("{text:?}: the game is over").into()),
    };
    Ok((seat, action))
}

/// Who decides now, as JSON: "chance", "over", or the seats.
fn to_act_json<G: Game>(game: &G) -> serde_json::Value {
    match game.to_act() {
        ToAct::Chance => "chance".into(),
        ToAct::Over => "over".into(),
        ToAct::Seats(seats) => seats.iter().collect::<Vec<Seat>>().into(),
    }
}

/// The legal decisions of each seat that decides now, in text form.
fn legal_json<G: Game>(game: &G) -> serde_json::Value {
    let seats: Vec<serde_json::Value> = game
        .to_act()
        .seats()
        .iter()
        .map(|s| {
            let mut legal = Vec::new();
            game.legal_actions(s, &mut legal);
            let list: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            serde_json::json!({"seat": s, "actions": list})
        })
        .collect();
    seats.into()
}

fn legal_text<G: Game>(game: &G) -> String {
    match game.to_act() {
        ToAct::Over => format!(
            "The game is over. Standings: {}",
            serde_json::to_string(&game.standings()).unwrap_or_default()
        ),
        ToAct::Chance => "Waiting for chance (dice or draws).".into(),
        ToAct::Seats(seats) => seats
            .iter()
            .map(|s| {
                let mut legal = Vec::new();
                game.legal_actions(s, &mut legal);
                let list: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
                format!("Seat {s} may: {}", list.join(" | "))
            })
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Checks the record at `path` and prints its result; with `log`, the game in words
/// in that language first.
pub fn replay(path: &Path, json: bool, log: Option<tabuleiro_i18n::Lang>) -> Result<(), Error> {
    let text = read(path)?;
    let record: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = record["game"].as_str().unwrap_or("burgundy").to_string();
    if let Some(lang) = log {
        let lines = tabuleiro_tui::record_log(&text, lang)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        for line in lines {
            outln!("{line}");
        }
    }
    tabuleiro_games::visit(
        &game,
        Replay {
            path,
            text: &text,
            json,
        },
    )?
}

struct Replay<'a> {
    path: &'a Path,
    text: &'a str,
    json: bool,
}

impl tabuleiro_games::Visitor for Replay<'_> {
    type Output = Result<(), Error>;
    fn visit<G: Present>(self) -> Result<(), Error> {
        let path = self.path;
        let record: Record<G> =
            serde_json::from_str(self.text).map_err(|e| format!("{}: {e}", path.display()))?;
        let game = replay_record(&record).map_err(|e| format!("{}: {e}", path.display()))?;
        let over = game.to_act() == ToAct::Over;
        let standings = game.standings();
        // The seats best first (a team's partners together), as before standings.
        let ranking: Vec<Seat> = standings
            .iter()
            .flat_map(|s| s.members.iter())
            .filter_map(|m| match m {
                Participant::Seat(s) => Some(*s),
                Participant::Automaton(_) => None,
            })
            .collect();
        if self.json {
            let v = serde_json::json!({"game": G::NAME, "finished": over, "scores": game.scores(),
                "ranking": ranking, "standings": standings, "steps": record.steps.len()});
            outln!("{v}");
        } else {
            outln!(
                "{} steps replayed; game {}",
                record.steps.len(),
                if over { "finished" } else { "not finished" }
            );
            for s in &standings {
                let who: Vec<String> = s
                    .members
                    .iter()
                    .map(|m| match m {
                        Participant::Seat(seat) => format!("seat {seat}"),
                        Participant::Automaton(key) => key.clone(),
                    })
                    .collect();
                outln!("{}. {}: {} VP", s.place, who.join(" + "), s.score);
            }
        }
        Ok(())
    }
}
