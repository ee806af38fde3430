//! A hosted game in memory: its table (which keeps the game's events), its seats,
//! its log position and the events the server logs itself, rebuilt from the store's
//! log and extended only by commands that the store accepted.

use crate::clock::{ClockSpec, Clocks, Millis};
use crate::render::Renders;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tabuleiro_core::{Message, Seat, SeatSet, ToAct};
use tabuleiro_games::table::{kind, stored_events, Applied, NotCreated, Refused, Shown, Table};
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

/// Why a stored game cannot be replayed: it was played by other rules.
fn other_rules(meta: &Meta, stored: &str, current: &str) -> String {
    format!(
        "this {} game was played by version {stored} of the rules and this server has \
         version {current}: it cannot be replayed exactly (its record stays in the store)",
        meta.game
    )
}

/// What never changes after a game is created.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Meta {
    pub game: String,
    pub options: Value,
    /// Chance and bots derive from it. Secret until the game is over unless the
    /// creator chose it (then `seed_chosen` says so to every seat).
    pub seed: u64,
    #[serde(default)]
    pub seed_chosen: bool,
    pub engine_version: String,
    /// The game's rules version when it was created (absent in games stored
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_version: Option<String>,
    pub seats: Vec<SeatSpec>,
    /// A rated table (issue 42): its end changes ratings, and only seats held by
    /// an account decide.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// What the table asks of a player who takes a seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires: Option<crate::ratings::Requirements>,
    /// Who may chat at the table (absent: the players).
    #[serde(default, skip_serializing_if = "crate::chat::ChatMode::is_default")]
    pub chat: crate::chat::ChatMode,
    /// The table's clock (issue 42); none: only the server's `--decision-timeout`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
}

/// A log entry as a clocked game stores it: with the time it was accepted, from
/// which every seat's clock is derived ([`crate::clock`]). Entries of games without
/// a clock, and those the server writes without a command (an abandoned game's),
/// carry no time.
#[derive(Deserialize)]
struct Stamped {
    #[serde(flatten)]
    entry: LogEntry,
    #[serde(default)]
    at_ms: Option<Millis>,
}

#[derive(Serialize)]
struct StampedRef<'a> {
    #[serde(flatten)]
    entry: &'a LogEntry,
    at_ms: Millis,
}

impl Stamped {
    /// A stored entry, read with its time only in a clocked game (the others'
    /// entries have none, and are read as they always were).
    fn read(text: &str, clocked: bool) -> Result<Stamped, String> {
        let read = match clocked {
            true => serde_json::from_str(text),
            false => serde_json::from_str(text).map(|entry| Stamped { entry, at_ms: None }),
        };
        read.map_err(|e| e.to_string())
    }
}

/// One entry of a game's log. Game steps are the core's `Step` JSON, so the
/// decisions and chance outcomes in the log are exactly those of the record.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LogEntry {
    Step(Value),
    Undo {
        seat: Seat,
        /// The log index of the decision taken back (absent in older logs).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        undid: Option<i64>,
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
    /// The game ended unfinished: nothing happened in it for `idle_ms` (the
    /// server's `--expire-after`). Nothing is accepted after it.
    Abandoned {
        idle_ms: i64,
    },
}

/// A command a client (or a bot, or a deadline) sends.
#[derive(Clone, Debug)]
pub enum Command {
    /// A decision: by the person holding the seat (`person`), or by a bot or a
    /// deadline deciding for the seat.
    Decide {
        seat: Seat,
        action: Value,
        person: bool,
    },
    Undo {
        seat: Seat,
    },
    Bot {
        seat: Seat,
        bot: String,
    },
    /// An open seat taken; the token's hash is stored with the join's entry.
    Join {
        seat: Seat,
        name: String,
        token_hash: String,
    },
}

impl Command {
    /// The seat the command acts for.
    pub fn seat(&self) -> Seat {
        match self {
            Command::Decide { seat, .. }
            | Command::Undo { seat }
            | Command::Bot { seat, .. }
            | Command::Join { seat, .. } => *seat,
        }
    }
}

/// Why a command was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The rules refuse it: the engine's reason.
    Rules(Refused),
    /// The request is wrong whatever the rules say.
    Invalid(String),
    /// A new game's config is one the rules refuse (a module combination, a player
    /// count): the engine's reason.
    Config(Refused),
    /// The seat is no longer held by the person who asked (a bot took it over).
    NotHolder(Seat),
    /// The game was abandoned (no action for the expiry time): it takes nothing more.
    Abandoned,
    /// A rated table's seat that no account holds: its player must sign in and take
    /// the seat first.
    Unbound(Seat),
}

pub struct LiveGame {
    pub id: String,
    pub meta: Meta,
    pub table: Box<dyn Table>,
    pub seats: Vec<SeatSpec>,
    /// The log length.
    pub version: i64,
    /// The events the server logged itself, with their log entries (the game's
    /// own events are the table's).
    server_events: Vec<(i64, ServerEvent)>,
    pub last_snapshot: i64,
    /// The log index of each step of the table's record (-1: before a snapshot,
    /// where no undo reaches).
    steps: Vec<i64>,
    /// Undo entries and the entry each took back: `(undo's index, undone index)`.
    pub undone: Vec<(i64, i64)>,
    /// Per seat, the version at which it last came to act (or acted itself): a
    /// decision sent on an older version is stale, one sent since is not, even if
    /// another seat deciding at the same time moved the game on.
    pub acting_since: Vec<i64>,
    /// Per seat, the undo entries since its last decision became final (taken back
    /// no more): the budget of undo per turn counts these.
    undos: Vec<u32>,
    /// Ended unfinished by the expiry sweep ([`LogEntry::Abandoned`]).
    pub abandoned: bool,
    /// The pushes rendered for this version's followers.
    pub renders: Renders,
    /// Every seat's time left, for a clocked game.
    pub clocks: Option<Clocks>,
    /// The deadline this process last wrote to the store for the game (see
    /// `timeouts::clock_due`); none: not known here.
    pub due_written: Option<Millis>,
}

/// The entries a command added to the log, not yet stored.
pub struct Pending {
    /// The version the command was applied to.
    pub from: i64,
    pub entries: Vec<Entry>,
}

/// A snapshot every this many log entries, at a point no undo can reach behind.
const SNAPSHOT_EVERY: i64 = 64;

/// The entries of a refused or unstored command are dropped by rebuilding the game
/// from the store (the caller's job): commands apply in place, not on a copy.
impl LiveGame {
    fn fresh(id: String, meta: Meta) -> Result<LiveGame, NotCreated> {
        let k = kind(&meta.game).map_err(NotCreated::Invalid)?;
        let table = (k.create)(&meta.options, meta.seats.len(), meta.seed)?;
        let clocks = meta
            .clock
            .as_ref()
            .map(|c| Clocks::new(c.pace(), meta.seats.len(), Millis(crate::now_ms())));
        Ok(LiveGame {
            id,
            seats: meta.seats.clone(),
            acting_since: vec![0; meta.seats.len()],
            undos: vec![0; meta.seats.len()],
            abandoned: false,
            meta,
            table,
            version: 0,
            server_events: Vec::new(),
            last_snapshot: 0,
            steps: Vec::new(),
            undone: Vec::new(),
            renders: Renders::default(),
            clocks,
            due_written: None,
        })
    }

    /// A new game with its setup chance steps drawn. Returns the game and its first entries.
    pub fn create(id: String, meta: Meta) -> Result<(LiveGame, Vec<Entry>), Refusal> {
        let mut live = LiveGame::fresh(id, meta).map_err(|e| match e {
            NotCreated::Invalid(text) => Refusal::Invalid(text),
            NotCreated::Rules(r) => Refusal::Config(r),
        })?;
        let mut pending = Pending {
            from: 0,
            entries: Vec::new(),
        };
        let before = live.table.to_act().seats();
        live.draw_chance(&mut pending)
            .map_err(|r| Refusal::Invalid(format!("{r:?}")))?;
        live.note_turns(before, None);
        Ok((live, pending.entries))
    }

    /// Rebuilds a game from the store: from its latest snapshot when there is one.
    pub fn load(loaded: &Loaded) -> Result<LiveGame, String> {
        let meta: Meta = serde_json::from_str(&loaded.row.meta).map_err(|e| e.to_string())?;
        let k = kind(&meta.game)?;
        if let Some(stored) = meta.rules_version.as_deref().filter(|&v| v != k.version) {
            return Err(other_rules(&meta, stored, k.version));
        }
        // A game stored before the rules version was recorded may have been played by
        // other rules: a replay that breaks says so, not only where it broke.
        let unversioned = meta.rules_version.is_none().then(|| {
            format!(
                " (this {} game was created by tabuleiro {}, whose rules may differ from \
                 this version's {})",
                meta.game, meta.engine_version, k.version
            )
        });
        let mut live = LiveGame::fresh(loaded.row.id.clone(), meta).map_err(|e| e.to_string())?;
        if let Some(clocks) = &mut live.clocks {
            // The clocks started when the game was created (the hub stores the
            // clocks' start as the creation time).
            clocks.since = Millis(loaded.row.created_ms);
        }
        let mut from = 0;
        if let Some(s) = &loaded.snapshot {
            if let Ok((table, seats, since, clocks)) = restore(k.resume, s) {
                (live.table, live.seats, from) = (table, seats, s.idx);
                if since.len() == live.acting_since.len() {
                    live.acting_since = since;
                }
                live.restore_clocks(clocks);
                live.last_snapshot = s.idx;
                live.steps = vec![-1; live.table.steps()];
            }
        }
        for e in &loaded.entries {
            // Entries before the snapshot only bring their events (and which
            // entries were taken back).
            let replay = live.version >= from;
            live.absorb(e, replay)
                .map_err(|reason| reason + unversioned.as_deref().unwrap_or_default())?;
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
        let Stamped { entry, at_ms } = Stamped::read(&e.entry, self.clocks.is_some())?;
        let before = self.table.to_act().seats();
        if replay {
            self.charge_clocks(at_ms);
            // A replayed step's events come again from the table.
            self.replay(&entry)
                .map_err(|r| format!("log entry {idx}: {r:?}"))?;
        } else if let LogEntry::Step(_) = entry {
            self.table.keep_events(idx, &e.events)?;
        } else if let LogEntry::Undo {
            undid: Some(undid), ..
        } = entry
        {
            self.undone.push((idx, undid));
        }
        if !matches!(entry, LogEntry::Step(_)) {
            let events = stored_events::<ServerEvent>(&e.events)?;
            self.server_events
                .extend(events.into_iter().map(|ev| (idx, ev)));
        }
        self.version += 1;
        if replay {
            self.clock_after(&entry);
            self.note_turns(before, actor(&entry));
            if !matches!(entry, LogEntry::Undo { .. }) {
                self.settle_undos();
            }
        }
        if matches!(entry, LogEntry::Abandoned { .. }) {
            self.abandoned = true;
        }
        Ok(())
    }

    fn replay(&mut self, entry: &LogEntry) -> Result<(), Refusal> {
        let idx = self.version;
        match entry {
            LogEntry::Step(step) => {
                self.table.replay(step, idx).map_err(Refusal::Invalid)?;
                self.steps.push(idx);
                Ok(())
            }
            LogEntry::Undo { seat, undid } => {
                let taken = self.table.undo(*seat).map_err(Refusal::Rules)?;
                let at = self.take_step(taken);
                self.undone.push((idx, undid.unwrap_or(at)));
                self.count_undo(*seat);
                Ok(())
            }
            LogEntry::Abandoned { .. } => {
                self.abandoned = true;
                Ok(())
            }
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

    /// Forgets the record's step `taken` and answers its log index.
    fn take_step(&mut self, taken: usize) -> i64 {
        if taken < self.steps.len() {
            self.steps.remove(taken)
        } else {
            -1
        }
    }

    /// After an entry: the seats that came to act (or acted and act again) start
    /// their time to decide at the new version.
    fn note_turns(&mut self, before: SeatSet, actor: Option<Seat>) {
        for s in self.table.to_act().seats().iter() {
            if !before.contains(s) || actor == Some(s) {
                if let Some(since) = self.acting_since.get_mut(s as usize) {
                    *since = self.version;
                }
                if let Some(clocks) = &mut self.clocks {
                    clocks.came_to_act(s);
                }
            }
        }
    }

    /// The seats whose clocks run now: those the game waits for, unless a seat is
    /// still open (the game has not begun) or the game is over or abandoned.
    fn clock_running(&self) -> Vec<Seat> {
        let open = self.seats.iter().any(|s| s.kind == SeatKind::Open);
        match self.clocks.is_some() && !open {
            true => self.waiting(),
            false => Vec::new(),
        }
    }

    /// Runs the clocks up to `at`, the time of the entry about to be applied.
    fn charge_clocks(&mut self, at: Option<Millis>) {
        let running = self.clock_running();
        if let (Some(clocks), Some(at)) = (&mut self.clocks, at) {
            clocks.charge(&running, at);
        }
    }

    /// After an entry: a decision earns its increment, an undo gives it back.
    fn clock_after(&mut self, entry: &LogEntry) {
        let Some(clocks) = &mut self.clocks else {
            return;
        };
        match (entry, actor(entry)) {
            (LogEntry::Step(_), Some(seat)) => clocks.decided(seat),
            (LogEntry::Undo { seat, .. }, _) => clocks.undone(*seat),
            _ => {}
        }
    }

    /// The clocks a snapshot kept, under the pace of the game's meta.
    fn restore_clocks(&mut self, saved: Option<Clocks>) {
        if let (Some(clocks), Some(saved)) = (&mut self.clocks, saved) {
            if saved.left.len() == clocks.left.len() {
                (clocks.left, clocks.since) = (saved.left, saved.since);
            }
        }
    }

    /// The people (not bots) whose clocks run now.
    fn people_on_clock(&self) -> Vec<Seat> {
        let mut running = self.clock_running();
        running.retain(|&s| self.seats[s as usize].kind != SeatKind::Bot);
        running
    }

    /// When the first person whose clock runs will be out of time.
    pub fn clock_due(&self) -> Option<Millis> {
        self.clocks.as_ref()?.due(&self.people_on_clock())
    }

    /// The people out of time at `now`, with the version their decision was due
    /// since (as [`LiveGame::people_to_act`]).
    pub fn out_of_time(&self, now: Millis) -> Vec<(Seat, i64)> {
        let Some(clocks) = &self.clocks else {
            return Vec::new();
        };
        clocks
            .out(&self.people_on_clock(), now)
            .into_iter()
            .map(|s| (s, self.acting_since[s as usize]))
            .collect()
    }

    /// Every seat's clock as clients see it (null without a clock).
    pub fn clocks_json(&self, now: Millis) -> Value {
        match (&self.clocks, &self.meta.clock) {
            (Some(clocks), Some(spec)) => clocks.shown(spec, &self.clock_running(), now),
            _ => Value::Null,
        }
    }

    /// Whether a decision of `seat` sent on version `sent` is out of date.
    pub fn stale(&self, seat: Seat, sent: i64) -> bool {
        sent != self.version
            && (sent > self.version
                || !self.table.to_act().seats().contains(seat)
                || self
                    .acting_since
                    .get(seat as usize)
                    .is_none_or(|&since| sent < since))
    }

    /// Runs a command on the game in place and answers the entries to store. On
    /// a refusal the game is unchanged; once entries are answered, the caller must
    /// store them or rebuild the game from the store.
    pub fn apply(&mut self, command: &Command) -> Result<Pending, Refusal> {
        if self.abandoned {
            return Err(Refusal::Abandoned);
        }
        let mut p = Pending {
            from: self.version,
            entries: Vec::new(),
        };
        let before = self.table.to_act().seats();
        // The clocks run to now: the entries are stamped with the clocks' time.
        self.charge_clocks(Some(Millis(crate::now_ms())));
        let (entry, events) = match command {
            Command::Decide {
                seat,
                action,
                person,
            } => {
                if *person {
                    self.held_by_person(*seat)?;
                } else {
                    self.seat(*seat)?;
                }
                let Applied { step, events } = self
                    .table
                    .decide(*seat, action, self.version)
                    .map_err(Refusal::Rules)?;
                self.steps.push(self.version);
                (LogEntry::Step(step), events)
            }
            Command::Undo { seat } => {
                self.held_by_person(*seat)?;
                let taken = self.table.undo(*seat).map_err(Refusal::Rules)?;
                let undid = self.take_step(taken);
                self.undone.push((self.version, undid));
                self.count_undo(*seat);
                let undid = Some(undid);
                let event = self.note(ServerEvent::Undo { seat: *seat, undid });
                (LogEntry::Undo { seat: *seat, undid }, event)
            }
            Command::Bot { seat, bot } => {
                let current = self.seat(*seat)?;
                if current.kind == SeatKind::Bot && current.bot.as_deref() == Some(bot) {
                    return Err(Refusal::Invalid(format!(
                        "seat {seat} is already played by {bot}"
                    )));
                }
                self.seats[*seat as usize] = bot_seat(current, bot);
                let (seat, bot) = (*seat, bot.clone());
                let event = self.note(ServerEvent::SeatToBot {
                    seat,
                    bot: bot.clone(),
                });
                (LogEntry::Bot { seat, bot }, event)
            }
            Command::Join { seat, name, .. } => {
                if self.seat(*seat)?.kind != SeatKind::Open {
                    return Err(Refusal::Invalid(format!("seat {seat} is not open")));
                }
                self.seats[*seat as usize] = SeatSpec {
                    kind: SeatKind::Human,
                    name: name.clone(),
                    bot: None,
                };
                let (seat, name) = (*seat, name.clone());
                let event = self.note(ServerEvent::Joined {
                    seat,
                    name: name.clone(),
                });
                (LogEntry::Join { seat, name }, event)
            }
        };
        self.push(&mut p, &entry, events);
        self.clock_after(&entry);
        self.note_turns(before, actor(&entry));
        let before = self.table.to_act().seats();
        self.draw_chance(&mut p)?;
        self.note_turns(before, None);
        if !matches!(command, Command::Undo { .. }) {
            self.settle_undos();
        }
        Ok(p)
    }

    /// Refuses an undo past `budget` undo entries by `seat` in one turn (0: no
    /// budget), so that undo and redo cannot grow the log without end.
    pub fn check_undo_budget(&self, seat: Seat, budget: u32) -> Result<(), Refusal> {
        let used = self.undos.get(seat as usize).copied().unwrap_or(0);
        if budget == 0 || used < budget {
            return Ok(());
        }
        Err(Refusal::Rules(Refused {
            text: format!(
                "seat {seat} took back {budget} decisions this turn: no more until its turn moves on"
            ),
            reason: Message::new("refusal.undo_budget").arg("limit", budget),
        }))
    }

    fn count_undo(&mut self, seat: Seat) {
        if let Some(n) = self.undos.get_mut(seat as usize) {
            *n = n.saturating_add(1);
        }
    }

    /// After an entry that is not an undo: a seat that can take nothing back now
    /// has its decisions final, and its undo budget starts again.
    fn settle_undos(&mut self) {
        for (seat, n) in self.undos.iter_mut().enumerate() {
            if *n > 0 && !self.table.can_undo(seat as Seat) {
                *n = 0;
            }
        }
    }

    fn seat(&self, seat: Seat) -> Result<&SeatSpec, Refusal> {
        self.seats
            .get(seat as usize)
            .ok_or_else(|| Refusal::Invalid(format!("there is no seat {seat}")))
    }

    /// Refuses a person's command for a seat a bot now plays: the old token must not
    /// race the bot (issue 17, item 5).
    fn held_by_person(&self, seat: Seat) -> Result<&SeatSpec, Refusal> {
        let spec = self.seat(seat)?;
        match spec.kind {
            SeatKind::Human => Ok(spec),
            _ => Err(Refusal::NotHolder(seat)),
        }
    }

    /// Logs `entry` with its events (JSON text, kept already by whoever made them).
    fn push(&mut self, p: &mut Pending, entry: &LogEntry, events: String) {
        let text = match &self.clocks {
            Some(c) => serde_json::to_string(&StampedRef {
                entry,
                at_ms: c.since,
            }),
            None => serde_json::to_string(entry),
        };
        p.entries.push(Entry {
            entry: text.expect("log entries serialize"),
            events,
        });
        self.version += 1;
    }

    /// Keeps an event the server logs itself under the entry about to be logged,
    /// and answers it as the store keeps it.
    fn note(&mut self, event: ServerEvent) -> String {
        let stored = serde_json::to_string(&[&event]).expect("server events serialize");
        self.server_events.push((self.version, event));
        stored
    }

    /// Draws every chance outcome the game waits for, on the one seeding path (the
    /// game's secret seed and the number of chance steps so far).
    fn draw_chance(&mut self, p: &mut Pending) -> Result<(), Refusal> {
        while self.table.to_act() == ToAct::Chance {
            let Applied { step, events } = self
                .table
                .draw_chance(self.version)
                .map_err(Refusal::Rules)?;
            self.steps.push(self.version);
            self.push(p, &LogEntry::Step(step), events);
        }
        Ok(())
    }

    /// A snapshot to store with the entries just applied, when one is due and no
    /// undo can reach behind it.
    pub fn snapshot_due(&self) -> Option<Snapshot> {
        let idx = self.version;
        (idx - self.last_snapshot >= SNAPSHOT_EVERY && !self.table.undo_open()).then(|| Snapshot {
            idx,
            state: json!({"table": self.table.snapshot(), "seats": self.seats,
                           "acting_since": self.acting_since, "clocks": self.clocks})
            .to_string(),
        })
    }

    /// "open" while a seat waits for a player, "over" at the end, else "running".
    pub fn status(&self) -> &'static str {
        if self.abandoned {
            "abandoned"
        } else if self.table.to_act() == ToAct::Over {
            "over"
        } else if self.seats.iter().any(|s| s.kind == SeatKind::Open) {
            "open"
        } else {
            "running"
        }
    }

    /// What the lobby shows of a game.
    pub fn summary(&self) -> Value {
        let over = self.table.to_act() == ToAct::Over;
        json!({
            "players": self.seats.len(),
            "seats": self.seats,
            "to_act": to_act_seats(&self.table.to_act()),
            "seed_chosen": self.meta.seed_chosen,
            "scores": if over { json!(self.table.scores()) } else { Value::Null },
            "standings": if over { self.table.standings() } else { Value::Null },
        })
    }

    /// The seats a bot must move for now, with their bot specs.
    pub fn bots_to_act(&self) -> Vec<(Seat, String)> {
        self.waiting()
            .into_iter()
            .filter_map(|s| {
                let spec = &self.seats[s as usize];
                (spec.kind == SeatKind::Bot).then(|| (s, spec.bot.clone().unwrap_or_default()))
            })
            .collect()
    }

    /// The people who must decide now, with the version their time started at.
    pub fn people_to_act(&self) -> Vec<(Seat, i64)> {
        self.waiting()
            .into_iter()
            .filter(|&s| self.seats[s as usize].kind != SeatKind::Bot)
            .map(|s| (s, self.acting_since[s as usize]))
            .collect()
    }

    /// The seats the game waits for (none once abandoned).
    fn waiting(&self) -> Vec<Seat> {
        match self.abandoned {
            true => Vec::new(),
            false => to_act_seats(&self.table.to_act()),
        }
    }

    /// Whether the log entry `idx` was taken back.
    pub fn was_undone(&self, idx: i64) -> bool {
        self.undone.iter().any(|&(_, undid)| undid == idx)
    }

    /// The events from log index `since` on, as `viewer` may see them, without the
    /// entries taken back, in log order.
    pub fn events_for(&self, viewer: Option<Seat>, since: i64) -> Vec<Shown> {
        let mut shown = self
            .table
            .events(viewer, since, &|idx| self.was_undone(idx));
        let start = self.server_events.partition_point(|(idx, _)| *idx < since);
        shown.extend(
            self.server_events[start..]
                .iter()
                .map(|(idx, event)| event.shown(*idx)),
        );
        // Stable: the events of one entry keep their order.
        shown.sort_by_key(|s| s.idx);
        shown
    }

    /// The log entries taken back by undo entries from `since` on.
    pub fn undone_since(&self, since: i64) -> Vec<i64> {
        self.undone
            .iter()
            .filter(|&&(at, _)| at >= since)
            .map(|&(_, undid)| undid)
            .collect()
    }
}

/// The seat whose own decision (or undo) an entry is.
fn actor(entry: &LogEntry) -> Option<Seat> {
    match entry {
        LogEntry::Step(step) => step["decision"]["seat"].as_u64().map(|s| s as Seat),
        LogEntry::Undo { seat, .. } => Some(*seat),
        _ => None,
    }
}

/// An event the server logs itself (seats changing hands, undo, the end of an
/// abandoned game), in the form clients and the store have always had:
/// `{"undo": {"seat": 0, "undid": 12}}`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ServerEvent {
    Undo {
        seat: Seat,
        /// Absent in older logs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        undid: Option<i64>,
    },
    SeatToBot {
        seat: Seat,
        bot: String,
    },
    Joined {
        seat: Seat,
        name: String,
    },
    Abandoned {
        idle_ms: i64,
    },
}

impl ServerEvent {
    /// The event with its words: `server.<name>` with the event's fields as arguments.
    fn shown(&self, idx: i64) -> Shown {
        let event = serde_json::to_value(self).expect("server events serialize");
        let (name, args) = event
            .as_object()
            .and_then(|o| o.iter().next())
            .expect("an externally tagged variant");
        let mut message = Message::new(format!("server.{name}"));
        for (k, v) in args.as_object().into_iter().flatten() {
            message = message.arg(k, v);
        }
        Shown {
            idx,
            message,
            event,
        }
    }
}

/// A game as a snapshot keeps it: the table, the seats, when each seat came to
/// act, the clocks (if any).
type Restored = (Box<dyn Table>, Vec<SeatSpec>, Vec<i64>, Option<Clocks>);

fn restore(
    resume: fn(&Value) -> Result<Box<dyn Table>, String>,
    s: &Snapshot,
) -> Result<Restored, String> {
    let saved: Value = serde_json::from_str(&s.state).map_err(|e| e.to_string())?;
    let table = resume(&saved["table"])?;
    let seats = serde_json::from_value(saved["seats"].clone()).map_err(|e| e.to_string())?;
    // Older snapshots lack it: the seats then start their time at the snapshot.
    let since = serde_json::from_value(saved["acting_since"].clone())
        .unwrap_or_else(|_| vec![s.idx; table.players()]);
    let clocks = serde_json::from_value(saved["clocks"].clone()).unwrap_or(None);
    Ok((table, seats, since, clocks))
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

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::Rng;
    use tabuleiro_store::GameRow;

    /// A game between `players` people.
    fn meta(game: &str, players: usize) -> Meta {
        let person = SeatSpec {
            kind: SeatKind::Human,
            name: "Ana".into(),
            bot: None,
        };
        Meta {
            game: game.into(),
            options: Value::Null,
            seed: 5,
            seed_chosen: false,
            engine_version: "test".into(),
            rules_version: None,
            seats: vec![person; players],
            ..Meta::default()
        }
    }

    /// A game as the store holds it after `live`'s `entries`, from `snapshot` if any.
    fn stored(meta: &Meta, entries: &[Entry], snapshot: Option<Snapshot>) -> Loaded {
        Loaded {
            row: GameRow {
                id: "g".into(),
                game: meta.game.clone(),
                meta: serde_json::to_string(meta).unwrap(),
                version: entries.len() as i64,
                status: "running".into(),
                summary: "{}".into(),
                created_ms: 0,
                updated_ms: 0,
            },
            entries: entries.to_vec(),
            snapshot,
        }
    }

    /// Plays `game` at random for about `decisions` decisions, with undo now and
    /// then and seat 1 handed to a bot: the entries stored, and the last snapshot due.
    fn played(game: &str, decisions: usize) -> (LiveGame, Vec<Entry>, Option<Snapshot>) {
        // Catan is played by three or four.
        let players = if game == "catan" { 3 } else { 2 };
        played_as(meta(game, players), decisions)
    }

    fn played_as(meta: Meta, decisions: usize) -> (LiveGame, Vec<Entry>, Option<Snapshot>) {
        let (mut live, mut entries) = LiveGame::create("g".into(), meta).unwrap();
        let (mut rng, mut snapshot) = (Rng::seed(9), None);
        for n in 0..decisions {
            let Some(&seat) = live.waiting().first() else {
                break;
            };
            let legal = live.table.legal(seat);
            let action = Value::String(legal[rng.below(legal.len())].clone());
            let mut commands = vec![Command::Decide {
                seat,
                action,
                person: false,
            }];
            if n % 5 == 1 && seat == 0 {
                commands.push(Command::Undo { seat });
            }
            if n == 10 {
                commands.push(Command::Bot {
                    seat: 1,
                    bot: "random".into(),
                });
            }
            for c in commands {
                // An undo with nothing to take back is refused, the game unchanged.
                if let Ok(p) = live.apply(&c) {
                    entries.extend(p.entries);
                }
                if let Some(s) = live.snapshot_due() {
                    live.last_snapshot = s.idx;
                    snapshot = Some(s);
                }
            }
        }
        (live, entries, snapshot)
    }

    /// Everything a follower is told of the game's history, for each viewer.
    fn told(live: &LiveGame) -> Vec<Value> {
        let mid = live.version / 2;
        [Some(0), Some(1), None]
            .into_iter()
            .flat_map(|viewer| [0, mid].map(|since| (viewer, since)))
            .map(|(viewer, since)| {
                json!({"events": live.events_for(viewer, since),
                       "undone": live.undone_since(since)})
            })
            .collect()
    }

    #[test]
    fn a_stored_game_tells_the_same_history_from_its_log_or_its_snapshot() {
        for game in ["burgundy", "catan"] {
            let (live, entries, snapshot) = played(game, 150);
            assert!(snapshot.is_some(), "{game}: a snapshot was due");
            assert!(!live.undone.is_empty(), "{game}: something was taken back");
            let history = told(&live);
            let meta = &live.meta;
            for s in [None, snapshot] {
                let from_snapshot = s.is_some();
                let loaded = LiveGame::load(&stored(meta, &entries, s)).unwrap();
                assert_eq!(loaded.version, live.version);
                assert_eq!(told(&loaded), history, "{game}, snapshot: {from_snapshot}");
            }
        }
    }

    #[test]
    fn a_clocked_game_finds_the_same_clocks_from_its_log_or_its_snapshot() {
        let mut clocked = meta("burgundy", 2);
        let clock = json!({"kind": "realtime", "bank_s": 600, "increment_s": 10});
        clocked.clock = Some(serde_json::from_value(clock).unwrap());
        let created = crate::now_ms();
        let (live, entries, snapshot) = played_as(clocked, 150);
        assert!(snapshot.is_some(), "a snapshot was due");
        assert!(entries.iter().all(|e| e.entry.contains("\"at_ms\"")));
        let clocks = live.clocks.clone().unwrap();
        // Ten seconds' increment per decision: seat 0 decided, so gained.
        assert!(clocks.left[0] > Millis(600_000), "{clocks:?}");
        for s in [None, snapshot] {
            let from_snapshot = s.is_some();
            let mut stored = stored(&live.meta, &entries, s);
            stored.row.created_ms = created;
            let loaded = LiveGame::load(&stored).unwrap();
            assert_eq!(loaded.clocks, live.clocks, "snapshot: {from_snapshot}");
            assert_eq!(loaded.clock_due(), live.clock_due());
        }
    }

    #[test]
    fn an_old_log_without_the_undone_index_still_loads_and_tells_it_as_stored() {
        let (live, mut entries, _) = played("burgundy", 40);
        let undo = entries
            .iter()
            .position(|e| e.entry.starts_with(r#"{"undo""#))
            .expect("an undo was logged");
        // As logged before undo entries named the entry they took back.
        let seat =
            serde_json::from_str::<Value>(&entries[undo].entry).unwrap()["undo"]["seat"].clone();
        entries[undo] = Entry {
            entry: json!({"undo": {"seat": seat}}).to_string(),
            events: json!([{"undo": {"seat": seat}}]).to_string(),
        };
        let loaded = LiveGame::load(&stored(&live.meta, &entries, None)).unwrap();
        assert_eq!(loaded.version, live.version);
        let told = json!(loaded.events_for(None, undo as i64));
        assert_eq!(told[0]["event"], json!({"undo": {"seat": seat}}));
        assert_eq!(
            told[0]["message"],
            json!({"key": "server.undo", "args": {"seat": seat}})
        );
        assert_eq!(
            loaded.undone, live.undone,
            "the undone entry found by replay"
        );
    }
}
