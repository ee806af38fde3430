//! A hosted game in memory: its table, its seats, its log position and its events,
//! rebuilt from the store's log and extended only by commands that the store accepted.

use crate::table::{kind, Applied, Table};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tabuleiro_core::{Seat, ToAct};
use tabuleiro_store::{Entry, Loaded, Snapshot};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct SeatSpec {
    pub kind: SeatKind,
    #[serde(default)]
    pub name: String,
    /// The bot's spec ("greedy", "mcts:iters=500") for a bot seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// A person, whose token the creator hands on.
    Human,
    /// A bot that plays on its own.
    Bot,
    /// A seat anyone may join from the lobby.
    Open,
}

/// What never changes after a game is created.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Meta {
    pub game: String,
    pub options: Value,
    pub seed: u64,
    pub engine_version: String,
    pub seats: Vec<SeatSpec>,
}

/// One entry of a game's log. Game steps are the core's `Step` JSON, so the
/// decisions and chance outcomes in the log are exactly those of the record.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogEntry {
    Step(Value),
    Undo {
        seat: Seat,
    },
    /// A seat handed to a bot (its player left).
    Bot {
        seat: Seat,
        bot: String,
    },
    /// An open seat taken by a person.
    Join {
        seat: Seat,
        name: String,
    },
}

/// A command a client (or a bot) sends.
#[derive(Clone, Debug)]
pub enum Command {
    Decide { seat: Seat, action: Value },
    Undo { seat: Seat },
    Bot { seat: Seat, bot: String },
    Join { seat: Seat, name: String },
}

/// Why a command was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The rules refuse it; the message is the engine's reason.
    Rules(String),
    /// The request is wrong whatever the rules say.
    Invalid(String),
}

pub struct LiveGame {
    pub id: String,
    pub meta: Meta,
    pub table: Box<dyn Table>,
    pub seats: Vec<SeatSpec>,
    /// The log length.
    pub version: i64,
    /// Every event so far with the log entry that caused it.
    pub events: Vec<(i64, Value)>,
    pub last_snapshot: i64,
}

/// Entries computed from a command, not yet stored.
pub struct Prepared {
    pub table: Box<dyn Table>,
    pub seats: Vec<SeatSpec>,
    pub entries: Vec<Entry>,
    pub events: Vec<(i64, Value)>,
}

/// A snapshot every this many log entries, at a point no undo can reach behind.
const SNAPSHOT_EVERY: i64 = 64;

impl LiveGame {
    /// A new game with its setup chance steps drawn. Returns the game and its first entries.
    pub fn create(id: String, meta: Meta) -> Result<(LiveGame, Vec<Entry>), String> {
        let k = kind(&meta.game)?;
        let table = (k.create)(&meta.options, meta.seats.len(), meta.seed)?;
        let mut live = LiveGame {
            id,
            seats: meta.seats.clone(),
            meta,
            table,
            version: 0,
            events: Vec::new(),
            last_snapshot: 0,
        };
        let mut prepared = Prepared {
            table: live.table.boxed_clone(),
            seats: live.seats.clone(),
            entries: Vec::new(),
            events: Vec::new(),
        };
        live.draw_chance(&mut prepared)
            .map_err(|r| format!("{r:?}"))?;
        let entries = prepared.entries.clone();
        live.commit(prepared);
        Ok((live, entries))
    }

    /// Rebuilds a game from the store: from its latest snapshot when there is one.
    pub fn load(loaded: &Loaded) -> Result<LiveGame, String> {
        let meta: Meta = serde_json::from_str(&loaded.row.meta).map_err(|e| e.to_string())?;
        let k = kind(&meta.game)?;
        let mut from = 0;
        let mut live = LiveGame {
            id: loaded.row.id.clone(),
            table: (k.create)(&meta.options, meta.seats.len(), meta.seed)?,
            seats: meta.seats.clone(),
            meta,
            version: 0,
            events: Vec::new(),
            last_snapshot: 0,
        };
        if let Some(s) = &loaded.snapshot {
            if let Ok((table, seats)) = restore(k.resume, s) {
                (live.table, live.seats, from) = (table, seats, s.idx);
                live.last_snapshot = s.idx;
            }
        }
        for e in &loaded.entries {
            // Entries before the snapshot only bring their events.
            let replay = live.version >= from;
            live.absorb(e, replay)?;
        }
        Ok(live)
    }

    /// Applies entries another process stored after ours.
    pub fn catch_up(&mut self, entries: &[Entry]) -> Result<(), String> {
        entries.iter().try_for_each(|e| self.absorb(e, true))
    }

    /// Takes the next stored entry: its events, and (with `replay`) its effect.
    fn absorb(&mut self, e: &Entry, replay: bool) -> Result<(), String> {
        let idx = self.version;
        if replay {
            let entry: LogEntry = serde_json::from_str(&e.entry).map_err(|e| e.to_string())?;
            self.replay(&entry)
                .map_err(|r| format!("log entry {idx}: {r:?}"))?;
        }
        let events: Vec<Value> = serde_json::from_str(&e.events).map_err(|e| e.to_string())?;
        self.events.extend(events.into_iter().map(|ev| (idx, ev)));
        self.version += 1;
        Ok(())
    }

    fn replay(&mut self, entry: &LogEntry) -> Result<(), Refusal> {
        match entry {
            LogEntry::Step(step) => self.table.replay(step).map(drop).map_err(Refusal::Rules),
            LogEntry::Undo { seat } => self.table.undo(*seat).map_err(Refusal::Rules),
            LogEntry::Bot { seat, bot } => {
                self.seats[*seat as usize] = bot_seat(&self.seats[*seat as usize], bot);
                Ok(())
            }
            LogEntry::Join { seat, name } => {
                self.seats[*seat as usize] = SeatSpec {
                    kind: SeatKind::Human,
                    name: name.clone(),
                    bot: None,
                };
                Ok(())
            }
        }
    }

    /// Works out what a command adds to the log, on a copy: `self` is unchanged
    /// until [`LiveGame::commit`], which the caller runs once the store accepted it.
    pub fn prepare(&self, command: &Command) -> Result<Prepared, Refusal> {
        let mut p = Prepared {
            table: self.table.boxed_clone(),
            seats: self.seats.clone(),
            entries: Vec::new(),
            events: Vec::new(),
        };
        let (entry, events) = match command {
            Command::Decide { seat, action } => {
                self.seat(*seat)?;
                let Applied { step, events } =
                    p.table.decide(*seat, action).map_err(Refusal::Rules)?;
                (LogEntry::Step(step), events)
            }
            Command::Undo { seat } => {
                self.seat(*seat)?;
                p.table.undo(*seat).map_err(Refusal::Rules)?;
                (
                    LogEntry::Undo { seat: *seat },
                    vec![json!({"undo": {"seat": seat}})],
                )
            }
            Command::Bot { seat, bot } => {
                let current = self.seat(*seat)?;
                if current.kind == SeatKind::Bot && current.bot.as_deref() == Some(bot) {
                    return Err(Refusal::Invalid(format!(
                        "seat {seat} is already played by {bot}"
                    )));
                }
                p.seats[*seat as usize] = bot_seat(current, bot);
                let event = json!({"seat_to_bot": {"seat": seat, "bot": bot}});
                (
                    LogEntry::Bot {
                        seat: *seat,
                        bot: bot.clone(),
                    },
                    vec![event],
                )
            }
            Command::Join { seat, name } => {
                if self.seat(*seat)?.kind != SeatKind::Open {
                    return Err(Refusal::Invalid(format!("seat {seat} is not open")));
                }
                p.seats[*seat as usize] = SeatSpec {
                    kind: SeatKind::Human,
                    name: name.clone(),
                    bot: None,
                };
                let event = json!({"joined": {"seat": seat, "name": name}});
                (
                    LogEntry::Join {
                        seat: *seat,
                        name: name.clone(),
                    },
                    vec![event],
                )
            }
        };
        self.push(&mut p, &entry, events);
        self.draw_chance(&mut p)?;
        Ok(p)
    }

    fn seat(&self, seat: Seat) -> Result<&SeatSpec, Refusal> {
        self.seats
            .get(seat as usize)
            .ok_or_else(|| Refusal::Invalid(format!("there is no seat {seat}")))
    }

    fn push(&self, p: &mut Prepared, entry: &LogEntry, events: Vec<Value>) {
        let idx = self.version + p.entries.len() as i64;
        p.entries.push(Entry {
            entry: serde_json::to_string(entry).expect("log entries serialize"),
            events: serde_json::to_string(&events).expect("events serialize"),
        });
        p.events.extend(events.into_iter().map(|e| (idx, e)));
    }

    /// Draws every chance outcome the game waits for, on the one seeding path (the
    /// game's seed and the number of chance steps so far).
    fn draw_chance(&self, p: &mut Prepared) -> Result<(), Refusal> {
        while p.table.to_act() == ToAct::Chance {
            let Applied { step, events } = p.table.draw_chance().map_err(Refusal::Rules)?;
            self.push(p, &LogEntry::Step(step), events);
        }
        Ok(())
    }

    /// A snapshot to store with `p`, when one is due and no undo can reach behind it.
    pub fn snapshot_for(&self, p: &Prepared) -> Option<Snapshot> {
        let idx = self.version + p.entries.len() as i64;
        (idx - self.last_snapshot >= SNAPSHOT_EVERY && !p.table.undo_open()).then(|| Snapshot {
            idx,
            state: json!({"table": p.table.snapshot(), "seats": p.seats}).to_string(),
        })
    }

    pub fn commit(&mut self, p: Prepared) {
        self.version += p.entries.len() as i64;
        self.table = p.table;
        self.seats = p.seats;
        self.events.extend(p.events);
    }

    /// "open" while a seat waits for a player, "over" at the end, else "running".
    pub fn status_of(table: &dyn Table, seats: &[SeatSpec]) -> &'static str {
        if table.to_act() == ToAct::Over {
            "over"
        } else if seats.iter().any(|s| s.kind == SeatKind::Open) {
            "open"
        } else {
            "running"
        }
    }

    /// What the lobby shows of a game.
    pub fn summary_of(table: &dyn Table, seats: &[SeatSpec]) -> Value {
        let over = table.to_act() == ToAct::Over;
        json!({
            "players": seats.len(),
            "seats": seats,
            "to_act": to_act_seats(&table.to_act()),
            "scores": if over { json!(table.scores()) } else { Value::Null },
        })
    }

    /// The seats a bot must move for now, with their bot specs.
    pub fn bots_to_act(&self) -> Vec<(Seat, String)> {
        to_act_seats(&self.table.to_act())
            .into_iter()
            .filter_map(|s| {
                let spec = &self.seats[s as usize];
                (spec.kind == SeatKind::Bot).then(|| (s, spec.bot.clone().unwrap_or_default()))
            })
            .collect()
    }
}

fn restore(
    resume: fn(&Value) -> Result<Box<dyn Table>, String>,
    s: &Snapshot,
) -> Result<(Box<dyn Table>, Vec<SeatSpec>), String> {
    let saved: Value = serde_json::from_str(&s.state).map_err(|e| e.to_string())?;
    let table = resume(&saved["table"])?;
    let seats = serde_json::from_value(saved["seats"].clone()).map_err(|e| e.to_string())?;
    Ok((table, seats))
}

fn bot_seat(current: &SeatSpec, bot: &str) -> SeatSpec {
    SeatSpec {
        kind: SeatKind::Bot,
        name: current.name.clone(),
        bot: Some(bot.into()),
    }
}

pub fn to_act_seats(to_act: &ToAct) -> Vec<Seat> {
    match to_act {
        ToAct::Seats(s) => s.iter().collect(),
        _ => Vec::new(),
    }
}
