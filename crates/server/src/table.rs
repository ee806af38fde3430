//! One game in play, with its type erased so that the server is written once for
//! every game: actions, views, events and steps cross this boundary as JSON, and the
//! rules stay in the game crate behind [`tabuleiro_core::Game`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabuleiro_bots::parse_bot;
use tabuleiro_core::{bot_rng, Game, Record, Seat, Session, Step, ToAct};

/// A game in play, whatever the game.
pub trait Table: Send + Sync + 'static {
    fn boxed_clone(&self) -> Box<dyn Table>;
    fn players(&self) -> usize;
    fn to_act(&self) -> ToAct;
    /// What `seat` sees (`None`: a spectator).
    fn view(&self, seat: Option<Seat>) -> Value;
    /// The legal decisions of `seat`, in their text form.
    fn legal(&self, seat: Seat) -> Vec<String>;
    fn can_undo(&self, seat: Seat) -> bool;
    /// Whether any seat could still undo (a snapshot must not be taken then).
    fn undo_open(&self) -> bool;
    /// Applies a decision written as text ("die 1 3") or as the action's JSON.
    /// Returns the logged step and the events, or the engine's reason for refusing.
    fn decide(&mut self, seat: Seat, action: &Value) -> Result<Applied, String>;
    /// Draws and applies the chance outcome the game waits for.
    /// Draws and applies the chance outcome the game waits for, on the one seeding path.
    fn draw_chance(&mut self) -> Result<Applied, String>;
    /// Applies a logged step again (decision or chance).
    fn replay(&mut self, step: &Value) -> Result<Vec<Value>, String>;
    fn undo(&mut self, seat: Seat) -> Result<(), String>;
    /// The action a bot chooses for `seat`, from that seat's view only.
    fn bot_choice(&self, seat: Seat, spec: &str) -> Result<Value, String>;
    /// The game record (config, seed, engine version, steps, final scores).
    fn record(&self) -> Value;
    /// State plus record: enough for [`Kind::resume`].
    fn snapshot(&self) -> Value;
    fn scores(&self) -> Vec<i32>;
    /// The result: places, teams, automata.
    fn standings(&self) -> Value;
}

/// A step as logged, with what it caused.
pub struct Applied {
    pub step: Value,
    pub events: Vec<Value>,
}

/// Builds a table from options, the number of seats and the seed.
pub type Create = fn(options: &Value, players: usize, seed: u64) -> Result<Box<dyn Table>, String>;

/// A game the server can host.
pub struct Kind {
    pub name: &'static str,
    /// Builds the config from the request's options and the number of seats, and
    /// checks it: options are the game's config fields (unknown ones are refused).
    pub create: Create,
    pub resume: fn(snapshot: &Value) -> Result<Box<dyn Table>, String>,
    pub check_bot: fn(spec: &str) -> Result<(), String>,
}

/// Every game the server hosts.
pub const KINDS: &[Kind] = &[hosted::<tabuleiro_burgundy::Burgundy>()];

pub fn kind(name: &str) -> Result<&'static Kind, String> {
    KINDS.iter().find(|k| k.name == name).ok_or_else(|| {
        let known: Vec<_> = KINDS.iter().map(|k| k.name).collect();
        format!("unknown game {name:?}: this server hosts {known:?}")
    })
}

const fn hosted<G: Game>() -> Kind {
    Kind {
        name: G::NAME,
        create: create::<G>,
        resume: resume::<G>,
        check_bot: |spec| parse_bot::<G>(spec).map(|_| ()).map_err(|e| e.to_string()),
    }
}

fn create<G: Game>(options: &Value, players: usize, seed: u64) -> Result<Box<dyn Table>, String> {
    let mut config = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        _ => return Err("options must be an object of the game's settings".into()),
    };
    if config.contains_key("players") {
        return Err("options.players is not set by hand: it is the number of seats".into());
    }
    config.insert("players".into(), players.into());
    let config: G::Config =
        serde_json::from_value(Value::Object(config)).map_err(|e| format!("options: {e}"))?;
    let session = Session::<G>::new(config, seed).map_err(|e| e.to_string())?;
    Ok(Box::new(Typed { session }))
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct Saved<G: Game> {
    state: G,
    record: Record<G>,
}

fn resume<G: Game>(snapshot: &Value) -> Result<Box<dyn Table>, String> {
    let saved: Saved<G> = serde_json::from_value(snapshot.clone()).map_err(|e| e.to_string())?;
    Ok(Box::new(Typed {
        session: Session::resume(saved.state, saved.record),
    }))
}

#[derive(Clone)]
struct Typed<G: Game> {
    session: Session<G>,
}

fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

fn events<G: Game>(events: &[G::Event]) -> Vec<Value> {
    events.iter().map(json).collect()
}

impl<G: Game> Table for Typed<G> {
    fn boxed_clone(&self) -> Box<dyn Table> {
        Box::new(self.clone())
    }

    fn players(&self) -> usize {
        self.session.game().players()
    }

    fn to_act(&self) -> ToAct {
        self.session.game().to_act()
    }

    fn view(&self, seat: Option<Seat>) -> Value {
        json(&self.session.game().view(seat))
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.session.game().legal_actions(seat, &mut out);
        out.iter().map(|a| a.to_string()).collect()
    }

    fn can_undo(&self, seat: Seat) -> bool {
        self.session.can_undo(seat)
    }

    fn undo_open(&self) -> bool {
        self.session.undo_open()
    }

    fn decide(&mut self, seat: Seat, action: &Value) -> Result<Applied, String> {
        let action: G::Action = match action {
            Value::String(text) => text
                .parse()
                .map_err(|_| format!("{text:?} is not an action of {}", G::NAME))?,
            other => serde_json::from_value(other.clone())
                .map_err(|e| format!("not an action of {}: {e}", G::NAME))?,
        };
        if (seat as usize) >= self.players() {
            return Err(format!("there is no seat {seat}"));
        }
        let happened = self
            .session
            .apply(seat, action.clone())
            .map_err(|e| e.to_string())?;
        Ok(Applied {
            step: json(&Step::<G::Action, G::Outcome>::Decision { seat, action }),
            events: events::<G>(&happened),
        })
    }

    fn draw_chance(&mut self) -> Result<Applied, String> {
        let (outcome, happened) = self
            .session
            .draw_chance()
            .ok_or("the game does not wait for chance")?
            .map_err(|e| e.to_string())?;
        Ok(Applied {
            step: json(&Step::<G::Action, G::Outcome>::Chance { outcome }),
            events: events::<G>(&happened),
        })
    }

    fn replay(&mut self, step: &Value) -> Result<Vec<Value>, String> {
        let step: Step<G::Action, G::Outcome> =
            serde_json::from_value(step.clone()).map_err(|e| e.to_string())?;
        let happened = match step {
            Step::Decision { seat, action } => self.session.apply(seat, action),
            Step::Chance { outcome } => self.session.apply_chance(outcome),
        }
        .map_err(|e| e.to_string())?;
        Ok(events::<G>(&happened))
    }

    fn undo(&mut self, seat: Seat) -> Result<(), String> {
        self.session.undo(seat).map_err(|e| e.to_string())
    }

    fn bot_choice(&self, seat: Seat, spec: &str) -> Result<Value, String> {
        let mut bot = parse_bot::<G>(spec).map_err(|e| e.to_string())?;
        let game = self.session.game();
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!("seat {seat} has nothing to decide"));
        }
        let mut rng = bot_rng(self.session.seed(), seat, self.session.decisions());
        let choice = bot.decide(&game.view(Some(seat)), seat, &legal, &mut rng);
        let action = legal.get(choice).unwrap_or(&legal[0]);
        Ok(json(action))
    }

    fn record(&self) -> Value {
        json(self.session.record())
    }

    fn snapshot(&self) -> Value {
        json(&Saved::<G> {
            state: self.session.game().clone(),
            record: self.session.record().clone(),
        })
    }

    fn scores(&self) -> Vec<i32> {
        self.session.game().scores()
    }

    fn standings(&self) -> Value {
        json(&self.session.game().standings())
    }
}
