//! What a game gives the terminal shell: its drawing, the words of its click keys,
//! the decisions worth explaining when refused, and its final scoring. The shell
//! knows no rule and parses no action: menus come from [`Present::path`] and
//! [`Present::label`], refusals from the engine's [`tabuleiro_core::Explain`].

use crate::words::Words;
use ratatui::layout::Rect;
use ratatui::Frame;
use serde_json::Value;
use tabuleiro_core::{Message, Present, Seat};
use tabuleiro_i18n::{Catalog, Lang};

/// A game's config for `seats` seats from the JSON a player gave: the seat count goes
/// into the object before it is read, so that defaults that hang on it (Burgundy's
/// classic duchies, one per seat) follow it.
pub fn seated_config<C: serde::de::DeserializeOwned>(
    config: Value,
    seats: usize,
) -> Result<C, String> {
    let mut map = match config {
        Value::Object(map) => map,
        _ => return Err("the config must be a JSON object of the game's settings".into()),
    };
    map.insert("players".into(), seats.into());
    serde_json::from_value(Value::Object(map)).map_err(|e| e.to_string())
}

/// What the shell tells a game's drawing about the screen.
pub struct Table<'a, G: Present> {
    /// The view of the seat looking at the screen (never the full state).
    pub view: &'a G::View,
    pub words: &'a Words,
    pub viewer: Seat,
    /// The seat that decides next, if any.
    pub actor: Option<Seat>,
    /// The path keys the menu's current level can still reach, to light up.
    pub lit: &'a [String],
    /// The events so far as the viewer may see them, oldest first.
    pub seen: &'a [G::Event],
}

/// A game's module of the terminal app.
pub trait TuiGame: Present {
    /// The catalogue of the game's words (and the shell's) in `lang`.
    fn catalog(lang: Lang) -> &'static Catalog {
        Catalog::get(lang)
    }

    /// The config for `seats` seats, from the JSON a player gave (or the default: an
    /// empty object, every setting at its default), checked by the engine.
    fn configure(config: Option<Value>, seats: usize) -> Result<Self::Config, String> {
        let json = config.unwrap_or_else(|| Value::Object(Default::default()));
        let config: Self::Config = seated_config(json, seats)?;
        Self::new(&config).map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// What the screen shows `viewer` of `game`: its view, with the content a server
    /// would send once beside it ([`tabuleiro_core::Game::custom_content`]) where the game
    /// needs it back in its view to be drawn.
    fn shown(game: &Self, viewer: Seat) -> Self::View {
        game.view(Some(viewer))
    }

    /// Where the game stands, for the header ("Phase A · Round 1").
    fn status(view: &Self::View, words: &Words) -> String;

    /// Rows of the screen the table takes on a screen `height` rows high.
    fn table_height(height: u16) -> u16;

    /// Draws the table (everything but the header, menu, log and keys) in `area`.
    fn draw(frame: &mut Frame, area: Rect, table: &Table<Self>);

    /// The menu group a path key belongs to, itself a key (`None`: the top level).
    /// Groups nest. By default the key up to its last `:`, so that `depot:3:market`
    /// sits under `depot:3`, under `depot`.
    fn group(key: &str) -> Option<String> {
        key.rsplit_once(':').map(|(group, _)| group.to_string())
    }

    /// The group of `key` in the menu of `seat`, where `before` holds the keys of the
    /// path before it: by default [`TuiGame::group`]. A game whose groups depend on
    /// the moment (a turn's build and trade choices, but not a discard) says so here.
    fn group_at(&self, _seat: Seat, _before: &[String], key: &str) -> Option<String> {
        Self::group(key)
    }

    /// The decisions the menu offers `seat`, from the engine's list in `actions`: a
    /// game whose engine lists only samples of what it accepts (trade offers built
    /// from any cards) adds the rest here. Whatever is added must pass the engine's
    /// check; the engine still decides when it is chosen.
    fn menu_actions(&self, _seat: Seat, _actions: &mut Vec<Self::Action>) {}

    /// A decision's path in the menu: by default the engine's [`Present::path`]. No
    /// decision's path may begin another's (the menu could not reach the longer one),
    /// so a game whose paths can grow (a trade offer, card by card) ends them here.
    fn menu_path(&self, seat: Seat, action: &Self::Action) -> Vec<String> {
        self.path(seat, action)
    }

    /// On a screen `width` x `height`, the columns the table takes with the menu and
    /// the log stacked to its right rather than below it (`None`: below, the default).
    /// A tall board on a short screen leaves the menu room this way.
    fn table_width(_width: u16, _height: u16) -> Option<u16> {
        None
    }

    /// The kind of path key a person may pick by typing its number as the board
    /// labels it, with the label's digits (Catan's intersections: `vertex`, two);
    /// `None`: menu choices only.
    fn typed() -> Option<(&'static str, usize)> {
        None
    }

    /// A path key or a group in words; `before` holds the keys chosen before it.
    fn word(&self, seat: Seat, before: &[String], key: &str, words: &Words) -> String;

    /// A decision in words when the catalogue lacks its [`Present::label`] key.
    fn action_words(&self, _seat: Seat, action: &Self::Action, _words: &Words) -> String {
        action.to_string()
    }

    /// A message's arguments as the catalogue fills them (a tile's name, a seat's).
    fn args(words: &Words, message: &Message) -> Vec<(String, String)> {
        let _ = words;
        message
            .args
            .keys()
            .filter_map(|name| Some((name.clone(), message.text(name)?)))
            .collect()
    }

    /// An event of the log in words, when the engine's message says too little (a
    /// decision named by what was decided); `None`: the catalogue's text of
    /// [`Present::describe`].
    fn event_words(&self, _event: &Self::Event, _words: &Words) -> Option<String> {
        None
    }

    /// Decisions a person might try now, legal or not: `?` shows the engine's
    /// refusal of those it refuses.
    fn candidates(&self, _seat: Seat) -> Vec<Self::Action> {
        Vec::new()
    }

    /// Where a decision goes in the menu (lower first; ties keep the engine's order).
    fn order(&self, _seat: Seat, _action: &Self::Action) -> u32 {
        0
    }

    /// The final scoring line by line, shown above the standings.
    fn final_scoring(&self, _words: &Words) -> Vec<String> {
        Vec::new()
    }
}
