//! The interface's model, apart from drawing: who sits where, whose view is on the
//! screen, the menu of legal decisions, the log (as the viewer may see it), undo and
//! saving. Generic over the game; tests drive it with keys and draw it into
//! ratatui's test backend.

use crate::game::TuiGame;
use crate::menu::{refusals, Entry, Menu};
use crate::save::{self, SaveFile};
use crate::words::Words;
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use tabuleiro_bots::Bot;
use tabuleiro_core::{apply_step, bot_rng, Explain, Game, Record, Seat, Session, Step, ToAct};
use tabuleiro_games::parse_bot;
use tabuleiro_i18n::Lang;

/// Who decides for a seat.
pub enum Player<G: Game> {
    /// A person at this keyboard.
    Human,
    Bot(Box<dyn Bot<G>>),
}

/// What fills the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Play,
    /// Hot-seat: the screen hides the table until this seat's player takes the keyboard.
    Handover(Seat),
    WhyNot,
    Over,
}

/// What [`App::advance`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    Chance,
    Bot(Seat),
    /// A person must decide (or the game is over): nothing to do without a key.
    Waiting,
}

/// How a game is started.
#[derive(Clone, Debug)]
pub struct Setup {
    pub seats: Vec<String>,
    pub lang: Lang,
    pub seed: u64,
    /// The game's config as JSON (`None`: its default); the seats give the players.
    pub config: Option<serde_json::Value>,
    pub save: Option<PathBuf>,
}

pub struct App<G: TuiGame> {
    pub session: Session<G>,
    players: Vec<Player<G>>,
    pub words: Words,
    lang: Lang,
    /// The events of each step of the record, as the engine gave them.
    events: Vec<Vec<G::Event>>,
    /// The log in words, as the seat at the screen may see it.
    pub log: Vec<String>,
    /// The events of the log as the seat at the screen may see them (what a table
    /// draws the last dice from).
    pub seen: Vec<G::Event>,
    /// The seat whose view is on the screen.
    pub viewer: Seat,
    pub screen: Screen,
    pub menu: Menu<G::Action>,
    /// The menu keys chosen so far.
    pub prefix: Vec<String>,
    pub cursor: usize,
    /// A one-line notice (undo, refusals, save problems).
    pub notice: Option<String>,
    /// The digits typed so far of a number the board labels ([`TuiGame::typed`]).
    typed: String,
    save: Option<PathBuf>,
    pub quit: bool,
}

impl<G: TuiGame> App<G> {
    /// A new game. Seats are "me" or bot specs (or levels); none: [`default_seats`].
    pub fn new(setup: Setup) -> Result<Self, String> {
        let seats = match setup.seats.is_empty() {
            true => default_seats::<G>(setup.config.as_ref())?,
            false => setup.seats,
        };
        let config = G::configure(setup.config, seats.len())?;
        let mut app = App::start(config, seats, setup.lang, setup.seed)?;
        app.save = setup.save;
        app.refresh();
        Ok(app)
    }

    fn start(config: G::Config, seats: Vec<String>, lang: Lang, seed: u64) -> Result<Self, String> {
        let session = Session::<G>::new(config, seed).map_err(|e| e.to_string())?;
        let players = seats
            .iter()
            .map(|spec| match spec.trim() {
                "me" => Ok(Player::Human),
                bot => parse_bot::<G>(bot).map(Player::Bot),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let viewer = players
            .iter()
            .position(|p| matches!(p, Player::Human))
            .unwrap_or(0) as Seat;
        let words = Words::of::<G>(lang, seats);
        let log = words.levels_about();
        Ok(App {
            session,
            players,
            words,
            lang,
            events: Vec::new(),
            log,
            seen: Vec::new(),
            viewer,
            screen: Screen::Play,
            menu: Menu::default(),
            prefix: Vec::new(),
            cursor: 0,
            notice: None,
            typed: String::new(),
            save: None,
            quit: false,
        })
    }

    /// Continues a saved game: the steps are applied again (each checked by the
    /// engine), which also advances chance past the draws already made.
    pub fn resume(file: SaveFile<G>, save: Option<PathBuf>) -> Result<Self, String> {
        if file.record.game != G::NAME {
            return Err(format!("the save is for the game {:?}", file.record.game));
        }
        let lang = Lang::parse(&file.lang).ok_or(format!("unknown language {:?}", file.lang))?;
        let record = file.record;
        let mut app = App::start(record.config.clone(), file.seats, lang, record.seed)?;
        for (i, step) in record.steps.into_iter().enumerate() {
            app.replay_step(step)
                .map_err(|e| format!("step {}: {e}", i + 1))?;
        }
        app.save = save;
        app.refresh();
        Ok(app)
    }

    fn replay_step(&mut self, step: Step<G::Action, G::Outcome>) -> Result<(), String> {
        let events = match step {
            Step::Chance { outcome } => {
                if self.game().to_act() != ToAct::Chance {
                    return Err("a chance outcome where a seat must decide".into());
                }
                self.session.apply_chance(outcome)
            }
            Step::Decision { seat, action } => self.session.apply(seat, action),
        }
        .map_err(|e| e.to_string())?;
        self.record_events(events);
        Ok(())
    }

    pub fn game(&self) -> &G {
        self.session.game()
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        matches!(self.players.get(seat as usize), Some(Player::Human))
    }

    fn humans(&self) -> usize {
        self.players
            .iter()
            .filter(|p| matches!(p, Player::Human))
            .count()
    }

    /// The seat that decides next, if any: a bot among simultaneous deciders first
    /// (so that people do not wait on it), then the first person.
    pub fn actor(&self) -> Option<Seat> {
        let seats = self.game().to_act().seats();
        let bot = seats.iter().find(|&s| !self.is_human(s));
        bot.or_else(|| seats.lowest())
    }

    /// The seat a person must decide for now.
    pub fn human_to_act(&self) -> Option<Seat> {
        self.actor().filter(|&s| self.is_human(s))
    }

    /// Does one step that needs no person: a chance draw or one bot decision.
    pub fn advance(&mut self) -> Progress {
        let progress = match self.game().to_act() {
            ToAct::Over => Progress::Waiting,
            ToAct::Chance => match self.session.draw_chance() {
                Some(Ok((_, events))) => {
                    self.record_events(events);
                    Progress::Chance
                }
                Some(Err(e)) => {
                    self.notice = Some(e.to_string());
                    Progress::Waiting
                }
                None => Progress::Waiting,
            },
            ToAct::Seats(_) => match self.actor() {
                Some(seat) if !self.is_human(seat) => self.bot_decides(seat),
                _ => Progress::Waiting,
            },
        };
        if progress != Progress::Waiting {
            self.after_step();
        }
        progress
    }

    fn bot_decides(&mut self, seat: Seat) -> Progress {
        let mut legal = Vec::new();
        self.game().legal_actions(seat, &mut legal);
        let mut rng = bot_rng(self.session.seed(), seat, self.session.decisions());
        let Some(Player::Bot(bot)) = self.players.get_mut(seat as usize) else {
            return Progress::Waiting;
        };
        if legal.is_empty() {
            return Progress::Waiting;
        }
        let pick = bot
            .decide(self.session.game(), seat, &legal, &mut rng)
            .min(legal.len() - 1);
        let action = legal.swap_remove(pick);
        self.decide(seat, action);
        Progress::Bot(seat)
    }

    /// Applies a decision of `seat`, or shows the engine's refusal.
    fn decide(&mut self, seat: Seat, action: G::Action) -> bool {
        match self.session.apply(seat, action) {
            Ok(events) => {
                self.record_events(events);
                true
            }
            Err(e) => {
                let why = self.words.message::<G>(&e.message());
                self.notice = Some(why.unwrap_or_else(|| e.to_string()));
                false
            }
        }
    }

    fn record_events(&mut self, events: Vec<G::Event>) {
        let seen = self.redacted(&events);
        self.log.extend(self.lines(&seen));
        self.seen.extend(seen);
        self.events.push(events);
    }

    /// Who the log is for: the seat at the screen, or a spectator when only bots play.
    fn log_viewer(&self) -> Option<Seat> {
        (self.humans() > 0).then_some(self.viewer)
    }

    /// The events as the log's viewer may see them ([`Game::redact`]).
    fn redacted(&self, events: &[G::Event]) -> Vec<G::Event> {
        let viewer = self.log_viewer();
        events.iter().filter_map(|e| G::redact(e, viewer)).collect()
    }

    /// Events already redacted, in words.
    fn lines(&self, events: &[G::Event]) -> Vec<String> {
        events
            .iter()
            .map(|e| crate::record_log::event_line(self.game(), e, &self.words))
            .collect()
    }

    /// Writes the whole log again for the log's viewer (after a handover or undo).
    fn relog(&mut self) {
        self.seen = self.events.iter().flat_map(|e| self.redacted(e)).collect();
        self.log = self.words.levels_about();
        self.log.extend(self.lines(&self.seen));
    }

    fn after_step(&mut self) {
        self.write_save();
        self.refresh();
    }

    fn write_save(&mut self) {
        let Some(path) = &self.save else { return };
        let file = SaveFile::<G> {
            format: save::FORMAT.into(),
            seats: self.words.seats.clone(),
            lang: self.lang.code().into(),
            record: self.session.record().clone(),
        };
        if let Err(e) = save::write(path, &file) {
            self.notice = Some(self.words.f("ui.save_failed", &[("reason", &e)]));
        }
    }

    /// Sets the screen and the menu for whoever decides now.
    fn refresh(&mut self) {
        self.prefix.clear();
        self.cursor = 0;
        if self.game().to_act() == ToAct::Over {
            self.screen = Screen::Over;
            self.menu = Menu::default();
            return;
        }
        match self.human_to_act() {
            Some(seat) => {
                if seat != self.viewer && self.humans() > 1 {
                    self.screen = Screen::Handover(seat);
                } else {
                    self.viewer = seat;
                    self.screen = Screen::Play;
                }
                self.menu = Menu::new(self.game(), seat, &self.words);
            }
            None => {
                self.menu = Menu::default();
                if !matches!(self.screen, Screen::Handover(_)) {
                    self.screen = Screen::Play;
                }
            }
        }
    }

    /// The menu entries at the current level.
    pub fn entries(&self) -> Vec<Entry> {
        self.menu.entries(&self.prefix)
    }

    /// The decisions a person might try at the current level that the engine
    /// refuses, with the engine's reasons in words.
    pub fn refusals(&self) -> Vec<(String, String)> {
        let Some(seat) = self.human_to_act() else {
            return Vec::new();
        };
        refusals(self.game(), seat, &self.prefix, &self.words)
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyCode) {
        self.notice = None;
        match self.screen {
            Screen::Handover(seat) => {
                if key == KeyCode::Enter {
                    self.viewer = seat;
                    self.screen = Screen::Play;
                    self.relog();
                } else if key == KeyCode::Char('q') {
                    self.quit = true;
                }
            }
            Screen::WhyNot => self.screen = Screen::Play,
            Screen::Over => {
                if matches!(key, KeyCode::Char('q') | KeyCode::Esc | KeyCode::Enter) {
                    self.quit = true;
                }
            }
            Screen::Play => self.play_key(key),
        }
    }

    fn play_key(&mut self, key: KeyCode) {
        if self.typing(key) {
            return;
        }
        let n = self.entries().len().max(1);
        match key {
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Up | KeyCode::Char('k') => self.cursor = (self.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n,
            KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => self.choose(self.cursor),
            KeyCode::Char(c @ '1'..='9') => self.choose(c as usize - '1' as usize),
            KeyCode::Esc | KeyCode::Left | KeyCode::Backspace | KeyCode::Char('h') => {
                self.prefix.pop();
                self.cursor = 0;
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('?') if self.human_to_act().is_some() => self.screen = Screen::WhyNot,
            _ => {}
        }
    }

    /// A digit where the menu offers things the board labels by number (Catan's
    /// intersections): the number typed so far, and once it has all its digits, the
    /// entry it names chosen. Esc forgets the digits. Answers whether the key was used.
    fn typing(&mut self, key: KeyCode) -> bool {
        let Some((kind, digits)) = G::typed() else {
            return false;
        };
        let entries = self.entries();
        let prefix = format!("{kind}:");
        if !entries.iter().any(|e| e.key.starts_with(&prefix)) {
            self.typed.clear();
            return false;
        }
        match key {
            KeyCode::Char(c) if c.is_ascii_digit() => self.typed.push(c),
            KeyCode::Esc | KeyCode::Backspace if !self.typed.is_empty() => {
                self.typed.clear();
                return true;
            }
            _ => return false,
        }
        if self.typed.len() < digits {
            self.notice = Some(self.words.f("ui.typed", &[("n", &self.typed)]));
            return true;
        }
        let typed = std::mem::take(&mut self.typed);
        let wanted = format!("{prefix}{}", typed.parse::<u32>().unwrap_or(u32::MAX));
        match entries.iter().position(|e| e.key == wanted) {
            Some(index) => self.choose(index),
            None => self.notice = Some(self.words.f("ui.typed_none", &[("n", &typed)])),
        }
        true
    }

    /// Chooses entry `index` of the current level: goes one level down, or decides.
    pub fn choose(&mut self, index: usize) {
        let Some(seat) = self.human_to_act() else {
            return;
        };
        let Some(entry) = self.entries().into_iter().nth(index) else {
            return;
        };
        match entry.action {
            Some(i) => {
                let action = self.menu.actions[i].clone();
                if self.decide(seat, action) {
                    self.after_step();
                }
            }
            None => {
                self.prefix.push(entry.key);
                self.cursor = 0;
            }
        }
    }

    /// Takes back the viewer's last decision, as the engine's session allows (never
    /// past a chance outcome, a reveal or the next turn).
    pub fn undo(&mut self) {
        match self.session.undo(self.viewer) {
            Ok(_) => {
                // The step taken back need not be the last (simultaneous decisions):
                // the events are those of the record as it is now.
                self.events = events_of(self.session.record());
                self.relog();
                self.after_step();
                self.notice = Some(self.words.t("ui.undone"));
            }
            Err(_) => self.notice = Some(self.words.t("ui.nothing_to_undo")),
        }
    }
}

/// The level of the bots a game starts against when no seats are named.
const DEFAULT_BOT: &str = "medium";

/// Who sits where when no seats are named: the person at the keyboard against as
/// few bots as the game (and its config) is played by, from two seats up (two in
/// Burgundy and Viscounts, three in Catan).
pub fn default_seats<G: TuiGame>(
    config: Option<&serde_json::Value>,
) -> Result<Vec<String>, String> {
    let seats = (2..=tabuleiro_core::MAX_SEATS)
        .find(|&n| G::configure(config.cloned(), n).is_ok())
        .ok_or("no number of seats from two up fits this config; name them with --seats")?;
    let bots = std::iter::repeat_n(DEFAULT_BOT.to_string(), seats - 1);
    Ok(std::iter::once("me".to_string()).chain(bots).collect())
}

/// The events of every step of a record, replayed from its start.
fn events_of<G: Game>(record: &Record<G>) -> Vec<Vec<G::Event>> {
    let Ok(mut game) = G::new(&record.config) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(record.steps.len());
    for step in &record.steps {
        let mut events = Vec::new();
        if apply_step(&mut game, step, &mut events).is_err() {
            break;
        }
        out.push(events);
    }
    out
}
