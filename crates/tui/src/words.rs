//! The shell's words: one catalogue in the chosen language, the seats' names, and
//! messages (a key plus arguments) filled from it.

use crate::game::TuiGame;
use tabuleiro_core::{Message, Participant, Seat};
use tabuleiro_games::ladders::{ladder, Ladder};
use tabuleiro_games::levels::{levels, Level};
use tabuleiro_i18n::{Catalog, Lang};

/// The catalogue of one language plus the seats' names.
#[derive(Clone, Debug)]
pub struct Words {
    pub catalog: &'static Catalog,
    /// What sits in each seat: "me" or a bot spec.
    pub seats: Vec<String>,
    /// The game's bot levels, from the registry that the server's lobby serves too.
    levels: [Level; 4],
    /// The levels' measured ladder on the game's scale, where there is one.
    ladder: Option<Ladder>,
}

impl Words {
    /// The words of game `G` in `lang`.
    pub fn of<G: TuiGame>(lang: Lang, seats: Vec<String>) -> Words {
        Words {
            catalog: G::catalog(lang),
            seats,
            levels: levels(G::NAME),
            ladder: ladder(G::NAME),
        }
    }

    pub fn t(&self, key: &str) -> String {
        self.catalog.text(key, &[])
    }

    pub fn f(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.catalog.text(key, args)
    }

    /// "Player 2 (greedy bot)", numbered from 1 as at the table.
    pub fn seat(&self, seat: Seat) -> String {
        let spec = self.seats.get(seat as usize).map_or("", String::as_str);
        // A bot by its level ("expert bot"), else by its kind ("random bot").
        let kind = self
            .level(seat)
            .unwrap_or_else(|| spec.split(':').next().unwrap_or(""));
        let key = format!("bot.{kind}");
        let who = match kind {
            "me" => self.t("ui.you"),
            _ if self.catalog.has(&key) => self.t(&key),
            other => other.to_string(),
        };
        format!("{} ({who})", self.seat_short(seat))
    }

    /// The level a seat's bot plays at, if it is one of the game's: named so, or by
    /// the spec the level stands for (a record keeps the spec, not the name).
    pub fn level(&self, seat: Seat) -> Option<&'static str> {
        let spec = self.seats.get(seat as usize)?.trim();
        let level = self
            .levels
            .iter()
            .find(|l| l.name == spec || l.spec == spec)?;
        Some(level.name)
    }

    /// What a seat's bot level means, in the lobby's words: "Player 2 (medium bot):
    /// takes the best move it sees at once"; `None` for a person or another bot.
    /// With the rating the level's measured ladder gives it, as the lobby shows it.
    pub fn about(&self, seat: Seat) -> Option<String> {
        let level = self.level(seat)?;
        let about = self.t(&format!("bot.about.{level}"));
        let prior = self.ladder.as_ref().and_then(|l| l.prior(level));
        Some(match prior {
            Some(prior) => {
                let rating = format!("{:.1}", prior.shown());
                let rated = self.f("web.account.ladder_rating", &[("rating", &rating)]);
                format!("{}: {about} · {rated}", self.seat(seat))
            }
            None => format!("{}: {about}", self.seat(seat)),
        })
    }

    /// The lines a game's log opens with: what each bot seat's level means.
    pub fn levels_about(&self) -> Vec<String> {
        (0..self.seats.len() as Seat)
            .filter_map(|seat| self.about(seat))
            .collect()
    }

    /// The short name without the "(you)" part, for log lines.
    pub fn seat_short(&self, seat: Seat) -> String {
        self.f("ui.player", &[("n", &(seat + 1).to_string())])
    }

    /// A participant of a result: a seat, or an automaton by its catalogue key.
    pub fn participant(&self, p: &Participant) -> String {
        match p {
            Participant::Seat(seat) => self.seat(*seat),
            Participant::Automaton(key) => self.t(key),
        }
    }

    /// The message in words, when the catalogue has its key (or the key's older
    /// spelling with dashes, as the first catalogues wrote event keys); its arguments
    /// as game `G` words them.
    pub fn message<G: TuiGame>(&self, message: &Message) -> Option<String> {
        let dashed = message.key.replace('_', "-");
        let key = [message.key.as_str(), dashed.as_str()]
            .into_iter()
            .find(|k| self.catalog.has(k))?;
        let args = G::args(self, message);
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        Some(self.f(key, &args))
    }
}
