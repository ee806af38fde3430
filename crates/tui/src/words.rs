//! The shell's words: one catalogue in the chosen language, the seats' names, and
//! messages (a key plus arguments) filled from it.

use crate::game::TuiGame;
use tabuleiro_core::{Message, Participant, Seat};
use tabuleiro_i18n::{Catalog, Lang};

/// The catalogue of one language plus the seats' names.
#[derive(Clone, Debug)]
pub struct Words {
    pub catalog: &'static Catalog,
    /// What sits in each seat: "me" or a bot spec.
    pub seats: Vec<String>,
}

impl Words {
    /// The words of game `G` in `lang`.
    pub fn of<G: TuiGame>(lang: Lang, seats: Vec<String>) -> Words {
        Words {
            catalog: G::catalog(lang),
            seats,
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
        // A bot by its kind or its level ("greedy bot", "expert bot").
        let kind = spec.split(':').next().unwrap_or("");
        let key = format!("bot.{kind}");
        let who = match kind {
            "me" => self.t("ui.you"),
            _ if self.catalog.has(&key) => self.t(&key),
            other => other.to_string(),
        };
        format!("{} ({who})", self.seat_short(seat))
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
