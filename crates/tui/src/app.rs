//! The interface's model, apart from drawing: who sits where, whose view is on the
//! screen, the menu of legal decisions, the log, undo and saving. Tests drive it with
//! keys and draw it into ratatui's test backend.

use crate::menu::{why_not, Entry, Menu};
use crate::save::{self, SaveFile};
use crate::words::Words;
use ratatui::crossterm::event::KeyCode;
use std::path::PathBuf;
use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{bot_rng, Game, Seat, Session, Step, ToAct};
use tabuleiro_i18n::Lang;

/// Who decides for a seat.
pub enum Player {
    /// A person at this keyboard.
    Human,
    Bot(Box<dyn Bot<Burgundy>>),
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
    pub config: Config,
    pub save: Option<PathBuf>,
}

pub struct App {
    pub session: Session<Burgundy>,
    players: Vec<Player>,
    pub words: Words,
    lang: Lang,
    pub log: Vec<String>,
    /// Length of the log before each recorded step, to take lines back on undo.
    marks: Vec<usize>,
    /// The seat whose view is on the screen.
    pub viewer: Seat,
    pub screen: Screen,
    pub menu: Menu,
    /// The labels chosen so far in the menu.
    pub prefix: Vec<String>,
    pub cursor: usize,
    /// A one-line notice (undo, save problems).
    pub notice: Option<String>,
    save: Option<PathBuf>,
    pub quit: bool,
}

impl App {
    /// A new game. Seats are "me" or bot specs; there are 2 to 4 of them.
    pub fn new(setup: Setup) -> Result<App, String> {
        let mut config = setup.config.clone();
        config.players = u8::try_from(setup.seats.len()).unwrap_or(0);
        let session = Session::<Burgundy>::new(config, setup.seed).map_err(|e| e.to_string())?;
        let players = setup
            .seats
            .iter()
            .map(|spec| match spec.trim() {
                "me" => Ok(Player::Human),
                bot => parse_bot::<Burgundy>(bot).map(Player::Bot),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let viewer = players
            .iter()
            .position(|p| matches!(p, Player::Human))
            .unwrap_or(0) as Seat;
        let mut app = App {
            session,
            players,
            words: Words::new(setup.lang, setup.seats),
            lang: setup.lang,
            log: Vec::new(),
            marks: Vec::new(),
            viewer,
            screen: Screen::Play,
            menu: Menu::default(),
            prefix: Vec::new(),
            cursor: 0,
            notice: None,
            save: setup.save,
            quit: false,
        };
        app.refresh();
        Ok(app)
    }

    /// Continues a saved game: the steps are applied again (each checked by the
    /// engine) and the chance generator is advanced past the draws already made.
    pub fn resume(file: SaveFile, save: Option<PathBuf>) -> Result<App, String> {
        if file.record.game != Burgundy::NAME {
            return Err(format!("the save is for the game {:?}", file.record.game));
        }
        let lang = Lang::parse(&file.lang).ok_or(format!("unknown language {:?}", file.lang))?;
        let mut app = App::new(Setup {
            seats: file.seats,
            lang,
            seed: file.record.seed,
            config: file.record.config.clone(),
            save: None,
        })?;
        for (i, step) in file.record.steps.into_iter().enumerate() {
            app.replay_step(step)
                .map_err(|e| format!("step {}: {e}", i + 1))?;
        }
        app.save = save;
        app.refresh();
        Ok(app)
    }

    fn replay_step(
        &mut self,
        step: Step<tabuleiro_burgundy::Action, tabuleiro_burgundy::Outcome>,
    ) -> Result<(), String> {
        let before = self.log.len();
        let events = match step {
            Step::Chance { outcome } => {
                if self.session.game().to_act() != ToAct::Chance {
                    return Err("a chance outcome where a seat must decide".into());
                }
                self.session.apply_chance(outcome)
            }
            Step::Decision { seat, action } => self.session.apply(seat, action),
        }
        .map_err(|e| e.to_string())?;
        self.marks.push(before);
        self.write_log(&events);
        Ok(())
    }

    pub fn game(&self) -> &Burgundy {
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

    /// The seat that decides next (the first of simultaneous deciders), if any.
    pub fn actor(&self) -> Option<Seat> {
        match self.game().to_act() {
            ToAct::Seats(seats) => seats.lowest(),
            _ => None,
        }
    }

    /// The seat a person must decide for now.
    pub fn human_to_act(&self) -> Option<Seat> {
        self.actor().filter(|&s| self.is_human(s))
    }

    /// Does one step that needs no person: a chance draw or one bot decision.
    pub fn advance(&mut self) -> Progress {
        let progress = match self.game().to_act() {
            ToAct::Over => Progress::Waiting,
            ToAct::Chance => {
                let before = self.log.len();
                match self
                    .session
                    .draw_chance()
                    .expect("the game waits for chance")
                {
                    Ok((_, events)) => {
                        self.marks.push(before);
                        self.write_log(&events);
                        Progress::Chance
                    }
                    Err(e) => {
                        self.notice = Some(e.to_string());
                        Progress::Waiting
                    }
                }
            }
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
        let view = self.game().view(Some(seat));
        let Some(Player::Bot(bot)) = self.players.get_mut(seat as usize) else {
            return Progress::Waiting;
        };
        if legal.is_empty() {
            return Progress::Waiting;
        }
        let mut rng = bot_rng(self.session.seed(), seat, self.session.decisions());
        let pick = bot
            .decide(&view, seat, &legal, &mut rng)
            .min(legal.len() - 1);
        self.decide(seat, legal[pick]);
        Progress::Bot(seat)
    }

    /// Applies a decision of `seat` and writes what happened.
    fn decide(&mut self, seat: Seat, action: tabuleiro_burgundy::Action) -> bool {
        let before = self.log.len();
        match self.session.apply(seat, action) {
            Ok(events) => {
                self.marks.push(before);
                self.write_log(&events);
                true
            }
            Err(e) => {
                self.notice = Some(self.words.f("why.engine", &[("reason", &e.to_string())]));
                false
            }
        }
    }

    fn write_log(&mut self, events: &[tabuleiro_burgundy::Event]) {
        self.log
            .extend(events.iter().filter_map(|e| self.words.event(e)));
    }

    fn after_step(&mut self) {
        self.write_save();
        self.refresh();
    }

    fn write_save(&mut self) {
        let Some(path) = &self.save else { return };
        let file = SaveFile {
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

    /// The refused decisions under the current level, with their reasons.
    pub fn refusals(&self) -> Vec<(String, String)> {
        let Some(seat) = self.human_to_act() else {
            return Vec::new();
        };
        why_not(self.game(), seat, &self.words)
            .into_iter()
            .filter(|(path, _)| {
                path.len() >= self.prefix.len() && path[..self.prefix.len()] == self.prefix[..]
            })
            .map(|(path, why)| (path[self.prefix.len()..].join(" › "), why))
            .collect()
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyCode) {
        self.notice = None;
        match self.screen {
            Screen::Handover(seat) => {
                if key == KeyCode::Enter {
                    self.viewer = seat;
                    self.screen = Screen::Play;
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
        let n = self.entries().len();
        match key {
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Up | KeyCode::Char('k') => {
                self.cursor = (self.cursor + n.max(1) - 1) % n.max(1)
            }
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % n.max(1),
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

    /// Chooses entry `index` of the current level: goes one level down, or decides.
    pub fn choose(&mut self, index: usize) {
        let Some(seat) = self.human_to_act() else {
            return;
        };
        let Some(entry) = self.entries().into_iter().nth(index) else {
            return;
        };
        match entry.action {
            Some(action) => {
                if self.decide(seat, action) {
                    self.after_step();
                }
            }
            None => {
                self.prefix.push(entry.choice.label);
                self.cursor = 0;
            }
        }
    }

    /// Takes back the viewer's last decision of this turn, as the engine's session
    /// allows (never past a chance outcome or another seat's decision).
    pub fn undo(&mut self) {
        match self.session.undo(self.viewer) {
            Ok(()) => {
                let steps = self.session.record().steps.len();
                if let Some(&mark) = self.marks.get(steps) {
                    self.log.truncate(mark);
                }
                self.marks.truncate(steps);
                self.after_step();
                self.notice = Some(self.words.t("ui.undone"));
            }
            Err(_) => self.notice = Some(self.words.t("ui.nothing_to_undo")),
        }
    }
}
