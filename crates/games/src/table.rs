//! One game in play, with its type erased so that the server (and any shell) is
//! written once for every game: actions, views, events and steps cross this boundary
//! as JSON, and the rules stay in the game crate behind [`tabuleiro_core::Game`].
//! The table keeps the game's events typed, each with the log entry that caused it,
//! and shows them to a seat (or a spectator) through the game's own redaction
//! ([`Table::events`]): they are never read back from JSON per reader.

use crate::levels::{bot_spec, parse_bot};
use crate::{visit, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabuleiro_core::{
    bot_rng, Explain, Game, Message, Offer, Present, Record, Seat, Session, Step, ToAct,
};

/// Why a decision was refused: the engine's reason as a catalogue message, and in
/// English for logs and clients that do not translate.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub text: String,
    pub reason: Message,
}

impl Refused {
    fn new(text: impl Into<String>, key: &str) -> Refused {
        Refused {
            text: text.into(),
            reason: Message::new(key),
        }
    }

    fn of<E: std::error::Error + Explain>(e: &E) -> Refused {
        Refused {
            text: e.to_string(),
            reason: e.message(),
        }
    }
}

/// A game in play, whatever the game.
pub trait Table: Send + Sync + 'static {
    fn name(&self) -> &'static str;
    fn players(&self) -> usize;
    fn to_act(&self) -> ToAct;
    /// What `seat` sees (`None`: a spectator).
    fn view(&self, seat: Option<Seat>) -> Value;
    /// The content file the game plays with, sent once rather than in every view
    /// ([`tabuleiro_core::Game::custom_content`]); `None`: the game's own data.
    fn custom_content(&self) -> Option<Value>;
    /// The legal decisions of `seat`, in their text form.
    fn legal(&self, seat: Seat) -> Vec<String>;
    /// The legal decisions of `seat` as the tables offer them: text, click path, label.
    fn offers(&self, seat: Seat) -> Vec<Offer>;
    /// The number of steps (decisions and chance outcomes) in the record.
    fn steps(&self) -> usize;
    fn can_undo(&self, seat: Seat) -> bool;
    /// Whether any seat could still undo (a snapshot must not be taken then).
    fn undo_open(&self) -> bool;
    /// Applies a decision written as text ("die 1 3") or as the action's JSON, as
    /// log entry `at` (its events are kept under that index). Returns the logged step
    /// and the (whole) events to store, or the engine's refusal.
    fn decide(&mut self, seat: Seat, action: &Value, at: i64) -> Result<Applied, Refused>;
    /// Draws and applies the chance outcome the game waits for, on the one seeding
    /// path, as log entry `at`.
    fn draw_chance(&mut self, at: i64) -> Result<Applied, Refused>;
    /// Applies a logged step again (decision or chance) as log entry `at`, keeping
    /// the events it causes.
    fn replay(&mut self, step: &Value, at: i64) -> Result<(), String>;
    /// Keeps the stored events of log entry `at`, a step that is not replayed (it lies
    /// behind a snapshot); `stored` is the JSON array [`Applied::events`] gave.
    fn keep_events(&mut self, at: i64, stored: &str) -> Result<(), String>;
    /// Takes back `seat`'s last decision; answers its index among the record's steps.
    fn undo(&mut self, seat: Seat) -> Result<usize, Refused>;
    /// The answer `seat` gives when its time runs out, if the rules name one.
    fn default_action(&self, seat: Seat) -> Option<Value>;
    /// Work that chooses a bot's action for `seat` from that seat's view only, to
    /// run away from the game (it holds no reference to it).
    fn bot_job(&self, seat: Seat, spec: &str) -> Result<BotJob, String>;
    /// The events of log entries `since` and later as `viewer` may see them, with
    /// their words, leaving out those the game hides from `viewer` and those of the
    /// entries `undone` says were taken back.
    fn events(&self, viewer: Option<Seat>, since: i64, undone: &dyn Fn(i64) -> bool) -> Vec<Shown>;
    /// The game record (config, seed, game version, steps, final scores).
    fn record(&self) -> Value;
    /// State plus record: enough for [`Kind::resume`].
    fn snapshot(&self) -> Value;
    fn scores(&self) -> Vec<i32>;
    /// The result: places, teams, automata.
    fn standings(&self) -> Value;
}

/// A bot's choice, computed off the game's lock.
pub type BotJob = Box<dyn FnOnce() -> Value + Send>;

/// A step as logged, with what it caused.
pub struct Applied {
    pub step: Value,
    /// The whole events as the store keeps them: JSON text of an array.
    pub events: String,
}

/// An event as one viewer may see it, with its words and the log entry that caused
/// it. The fields are in the order the clients have always received them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shown {
    pub event: Value,
    pub idx: i64,
    pub message: Message,
}

/// Builds a table from options, the number of seats and the seed.
pub type Create =
    fn(options: &Value, players: usize, seed: u64) -> Result<Box<dyn Table>, NotCreated>;

/// Why a game was not created: options that are not the game's settings, or a
/// config the rules refuse (a module combination, a player count), with the
/// engine's reason as a catalogue message so a client can say it in its language.
#[derive(Clone, Debug, PartialEq)]
pub enum NotCreated {
    Invalid(String),
    Rules(Refused),
}

impl std::fmt::Display for NotCreated {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            NotCreated::Invalid(text) => f.write_str(text),
            NotCreated::Rules(r) => f.write_str(&r.text),
        }
    }
}

/// A game a server can host.
pub struct Kind {
    pub name: &'static str,
    /// Offered to people; test games are hosted only when asked for.
    pub listed: bool,
    /// The version of the rules (`Game::VERSION`): a stored game replays exactly
    /// only on the version that played it.
    pub version: &'static str,
    /// Builds the config from the request's options and the number of seats, and
    /// checks it: options are the game's config fields (unknown ones are refused).
    pub create: Create,
    pub resume: fn(snapshot: &Value) -> Result<Box<dyn Table>, String>,
    /// The bot spec a seat's bot stands for (a level's, or itself), once checked:
    /// a server keeps the spec, so that a level's bot is the one the game started with.
    pub bot_spec: fn(spec: &str) -> Result<String, String>,
}

/// The hosting functions of one game.
pub fn hosted<G: Present>() -> Kind {
    Kind {
        name: G::NAME,
        listed: crate::GAMES
            .iter()
            .any(|listing| listing.name == G::NAME && listing.listed),
        version: G::VERSION,
        create: create::<G>,
        resume: resume::<G>,
        bot_spec: |spec| parse_bot::<G>(spec).map(|_| bot_spec(G::NAME, spec)),
    }
}

struct Host;

impl Visitor for Host {
    type Output = Kind;
    fn visit<G: Present>(self) -> Kind {
        hosted::<G>()
    }
}

/// The game called `name`, listed or not (the caller decides whether to host it).
pub fn kind(name: &str) -> Result<Kind, String> {
    visit(name, Host)
}

fn create<G: Present>(
    options: &Value,
    players: usize,
    seed: u64,
) -> Result<Box<dyn Table>, NotCreated> {
    let invalid = |text: String| NotCreated::Invalid(text);
    let mut config = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(map) => map.clone(),
        _ => {
            return Err(invalid(
                "options must be an object of the game's settings".into(),
            ))
        }
    };
    if config.contains_key("players") {
        return Err(invalid(
            "options.players is not set by hand: it is the number of seats".into(),
        ));
    }
    config.insert("players".into(), players.into());
    let config: G::Config = serde_json::from_value(Value::Object(config))
        .map_err(|e| invalid(format!("options: {e}")))?;
    let session =
        Session::<G>::new(config, seed).map_err(|e| NotCreated::Rules(Refused::of(&e)))?;
    Ok(Box::new(Typed::new(session)))
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct Saved<G: Game> {
    state: G,
    record: Record<G>,
}

fn resume<G: Present>(snapshot: &Value) -> Result<Box<dyn Table>, String> {
    let saved: Saved<G> = serde_json::from_value(snapshot.clone()).map_err(|e| e.to_string())?;
    Ok(Box::new(Typed::new(Session::resume(
        saved.state,
        saved.record,
    ))))
}

struct Typed<G: Game> {
    session: Session<G>,
    /// Every event so far, whole, with the log entry that caused it (in log order).
    events: Vec<(i64, G::Event)>,
}

impl<G: Present> Typed<G> {
    fn new(session: Session<G>) -> Self {
        Typed {
            session,
            events: Vec::new(),
        }
    }

    /// Keeps `happened` under log entry `at` and answers it as the store keeps it.
    fn keep(&mut self, at: i64, happened: Vec<G::Event>) -> String {
        let stored = serde_json::to_string(&happened).expect("game types serialize to JSON");
        self.events.extend(happened.into_iter().map(|e| (at, e)));
        stored
    }

    /// `event` as `viewer` may see it: `None` when the game hides it from them.
    fn show(at: i64, event: &G::Event, viewer: Option<Seat>) -> Option<Shown> {
        let seen = G::redact(event, viewer)?;
        Some(Shown {
            message: G::describe(&seen),
            event: json(&seen),
            idx: at,
        })
    }
}

/// Events read back from the store (the game's, or the server's own). Those this
/// version cannot read are left out: they were never shown either when events
/// were read per viewer.
pub fn stored_events<E: serde::de::DeserializeOwned>(stored: &str) -> Result<Vec<E>, String> {
    if let Ok(events) = serde_json::from_str(stored) {
        return Ok(events);
    }
    let whole: Vec<Value> = serde_json::from_str(stored).map_err(|e| e.to_string())?;
    Ok(whole
        .into_iter()
        .filter_map(|e| serde_json::from_value(e).ok())
        .collect())
}

fn json<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("game types serialize to JSON")
}

impl<G: Present> Table for Typed<G> {
    fn name(&self) -> &'static str {
        G::NAME
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

    fn custom_content(&self) -> Option<Value> {
        self.session.game().custom_content()
    }

    fn legal(&self, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        self.session.game().legal_actions(seat, &mut out);
        out.iter().map(|a| a.to_string()).collect()
    }

    fn offers(&self, seat: Seat) -> Vec<Offer> {
        self.session.offers(seat)
    }

    fn steps(&self) -> usize {
        self.session.record().steps.len()
    }

    fn can_undo(&self, seat: Seat) -> bool {
        self.session.can_undo(seat)
    }

    fn undo_open(&self) -> bool {
        self.session.undo_open()
    }

    fn decide(&mut self, seat: Seat, action: &Value, at: i64) -> Result<Applied, Refused> {
        let action: G::Action = match action {
            Value::String(text) => text.parse().map_err(|_| {
                Refused::new(
                    format!("{text:?} is not an action of {}", G::NAME),
                    "refusal.not_an_action",
                )
            })?,
            other => serde_json::from_value(other.clone()).map_err(|e| {
                Refused::new(
                    format!("not an action of {}: {e}", G::NAME),
                    "refusal.not_an_action",
                )
            })?,
        };
        if (seat as usize) >= self.players() {
            return Err(Refused::new(
                format!("there is no seat {seat}"),
                "refusal.no_seat",
            ));
        }
        let happened = self
            .session
            .apply(seat, action.clone())
            .map_err(|e| Refused::of(&e))?;
        Ok(Applied {
            step: json(&Step::<G::Action, G::Outcome>::Decision { seat, action }),
            events: self.keep(at, happened),
        })
    }

    fn draw_chance(&mut self, at: i64) -> Result<Applied, Refused> {
        let (outcome, happened) = self
            .session
            .draw_chance()
            .ok_or_else(|| Refused::new("the game does not wait for chance", "refusal.no_chance"))?
            .map_err(|e| Refused::of(&e))?;
        Ok(Applied {
            step: json(&Step::<G::Action, G::Outcome>::Chance { outcome }),
            events: self.keep(at, happened),
        })
    }

    fn replay(&mut self, step: &Value, at: i64) -> Result<(), String> {
        let step: Step<G::Action, G::Outcome> =
            serde_json::from_value(step.clone()).map_err(|e| e.to_string())?;
        let happened = match step {
            Step::Decision { seat, action } => self.session.apply(seat, action),
            Step::Chance { outcome } => self.session.apply_chance(outcome),
        }
        .map_err(|e| e.to_string())?;
        // The events come again from the rules, not from the store: the same rules
        // version (checked on load) gives the same events.
        self.keep(at, happened);
        Ok(())
    }

    fn keep_events(&mut self, at: i64, stored: &str) -> Result<(), String> {
        let happened = stored_events::<G::Event>(stored)?;
        self.events.extend(happened.into_iter().map(|e| (at, e)));
        Ok(())
    }

    fn undo(&mut self, seat: Seat) -> Result<usize, Refused> {
        self.session.undo(seat).map_err(|e| Refused::of(&e))
    }

    fn default_action(&self, seat: Seat) -> Option<Value> {
        self.session.game().default_action(seat).map(|a| json(&a))
    }

    fn bot_job(&self, seat: Seat, spec: &str) -> Result<BotJob, String> {
        parse_bot::<G>(spec)?;
        let game = self.session.game();
        if !game.to_act().seats().contains(seat) {
            return Err(format!("seat {seat} has nothing to decide"));
        }
        // The game itself (not the session, its record and undo window) goes with
        // the job: bots need not be `Send`.
        let game = game.clone();
        let spec = spec.to_string();
        let mut rng = bot_rng(self.session.seed(), seat, self.session.decisions());
        Ok(Box::new(move || {
            let mut legal = Vec::new();
            game.legal_actions(seat, &mut legal);
            let mut bot = parse_bot::<G>(&spec).expect("checked above");
            let choice = bot.decide(&game, seat, &legal, &mut rng);
            json(legal.get(choice).unwrap_or(&legal[0]))
        }))
    }

    fn events(&self, viewer: Option<Seat>, since: i64, undone: &dyn Fn(i64) -> bool) -> Vec<Shown> {
        let start = self.events.partition_point(|(at, _)| *at < since);
        self.events[start..]
            .iter()
            .filter(|(at, _)| !undone(*at))
            .filter_map(|(at, event)| Self::show(*at, event, viewer))
            .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws the setup's chance steps as log entries 0, 1, ...; answers the events
    /// each stored and the next log index.
    fn deal(t: &mut dyn Table) -> (Vec<String>, i64) {
        let mut stored = Vec::new();
        while t.to_act() == ToAct::Chance {
            stored.push(t.draw_chance(stored.len() as i64).unwrap().events);
        }
        let next = stored.len() as i64;
        (stored, next)
    }

    #[test]
    fn test_games_are_unlisted_and_events_reach_each_viewer_redacted() {
        assert!(kind("burgundy").unwrap().listed && kind("catan").unwrap().listed);
        // Viscounts is listed since the browser table plays it (issue 14).
        assert!(kind("viscounts").unwrap().listed);
        let k = kind("trade").unwrap();
        assert!(!k.listed && !kind("nim").unwrap().listed);
        let mut t = (k.create)(&Value::Null, 2, 7).unwrap();
        deal(t.as_mut());
        for viewer in [Some(0), Some(1), None] {
            let shown = t.events(viewer, 0, &|_| false);
            let dealt: Vec<_> = shown
                .iter()
                .filter(|e| e.event["type"] == "dealt")
                .collect();
            assert_eq!(dealt.len(), 2);
            for e in dealt {
                let owner = e.event["seat"].as_u64().map(|s| s as Seat);
                assert_eq!(
                    !e.event["cards"].is_null(),
                    owner == viewer,
                    "{viewer:?}: {e:?}"
                );
                assert!(e.message.key.starts_with("trade.event."), "{}", e.message);
            }
        }
    }

    #[test]
    fn stored_events_read_back_show_as_the_live_ones() {
        let k = kind("trade").unwrap();
        let mut live = (k.create)(&Value::Null, 2, 7).unwrap();
        let mut copy = (k.create)(&Value::Null, 2, 7).unwrap();
        let (stored, next) = deal(live.as_mut());
        for (at, events) in stored.iter().enumerate() {
            copy.keep_events(at as i64, events).unwrap();
        }
        // An event this version cannot read was never shown: it stays out.
        copy.keep_events(next, r#"[{"type": "no_such_event"}]"#)
            .unwrap();
        let all = |t: &dyn Table, viewer| t.events(viewer, 0, &|_| false);
        for viewer in [Some(0), Some(1), None] {
            assert!(!all(live.as_ref(), viewer).is_empty());
            assert_eq!(all(copy.as_ref(), viewer), all(live.as_ref(), viewer));
        }
        assert!(live.events(None, next, &|_| false).is_empty(), "none since");
        assert!(live.events(None, 0, &|_| true).is_empty(), "all undone");
    }

    #[test]
    fn undo_answers_the_step_it_took_back() {
        let k = kind("burgundy").unwrap();
        let mut t = (k.create)(&Value::Null, 2, 3).unwrap();
        let (_, mut at) = deal(t.as_mut());
        let before = t.steps();
        // Both seats choose a starting castle at once; seat 0 takes its choice back
        // although seat 1 chose after it.
        for seat in [0, 1] {
            let castle = t.legal(seat)[0].clone();
            t.decide(seat, &Value::String(castle), at).unwrap();
            at += 1;
        }
        // The chance step that follows is not drawn yet, so the window is open.
        assert_eq!(t.undo(0).unwrap(), before);
        assert_eq!(t.steps(), before + 1);
    }
}
