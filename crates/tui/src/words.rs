//! Game things in words of the chosen language: tiles, colours, seats, events.

use tabuleiro_burgundy::action::BLACK;
use tabuleiro_burgundy::{Colour, Event, ScoreReason, Tile};
use tabuleiro_core::Seat;
use tabuleiro_i18n::{Catalog, Lang};

/// The catalogue of one language plus the seats' names.
#[derive(Clone, Debug)]
pub struct Words {
    pub catalog: &'static Catalog,
    /// What sits in each seat: "me" or a bot spec.
    pub seats: Vec<String>,
}

impl Words {
    pub fn new(lang: Lang, seats: Vec<String>) -> Words {
        Words {
            catalog: Catalog::get(lang),
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
        let n = (seat + 1).to_string();
        let player = self.f("ui.player", &[("n", &n)]);
        let spec = self.seats.get(seat as usize).map_or("", String::as_str);
        let who = match spec.split(':').next().unwrap_or("") {
            "me" => self.t("ui.you"),
            "random" => self.t("bot.random"),
            "greedy" => self.t("bot.greedy"),
            "mcts" => self.t("bot.mcts"),
            other => other.to_string(),
        };
        format!("{player} ({who})")
    }

    /// The short name without the "(you)" part, for log lines.
    pub fn seat_short(&self, seat: Seat) -> String {
        self.f("ui.player", &[("n", &(seat + 1).to_string())])
    }

    pub fn colour(&self, c: Colour) -> String {
        self.t(&format!("colour.{}", c.name()))
    }

    pub fn tile(&self, t: Tile) -> String {
        match t {
            Tile::Castle | Tile::Mine | Tile::Ship => self.t(&format!("tile.{t}")),
            Tile::Building(b) => self.t(&format!("tile.{}", b.name())),
            Tile::Livestock { animal, count } => self.f(
                "tile.livestock",
                &[
                    ("count", &count.to_string()),
                    ("animal", &self.t(&format!("animal.{}", animal.name()))),
                ],
            ),
            Tile::Knowledge(n) => self.f("tile.knowledge", &[("n", &n.to_string())]),
        }
    }

    pub fn depot(&self, depot: u8) -> String {
        if depot == BLACK {
            self.t("ui.black_depot")
        } else {
            self.f("ui.depot", &[("n", &depot.to_string())])
        }
    }

    pub fn reason(&self, why: &ScoreReason) -> String {
        match *why {
            ScoreReason::Area {
                colour,
                size,
                phase_bonus,
            } => self.f(
                "reason.area",
                &[
                    ("colour", &self.colour(colour)),
                    ("size", &size.to_string()),
                    ("bonus", &phase_bonus.to_string()),
                ],
            ),
            ScoreReason::ColourBonus { colour, .. } => {
                self.f("reason.colour-bonus", &[("colour", &self.colour(colour))])
            }
            ScoreReason::Sale { count } => self.f("reason.sale", &[("count", &count.to_string())]),
            ScoreReason::Knowledge { number } => {
                self.f("reason.knowledge", &[("number", &number.to_string())])
            }
            ScoreReason::Livestock => self.t("reason.livestock"),
            ScoreReason::Watchtower => self.t("reason.watchtower"),
            ScoreReason::UnsoldGoods => self.t("reason.unsold-goods"),
            ScoreReason::Silver => self.t("reason.silver"),
            ScoreReason::Workers => self.t("reason.workers"),
        }
    }

    /// One line of the log for an event; `None` for events too small to show.
    pub fn event(&self, e: &Event) -> Option<String> {
        let key = format!("event.{}", e.key());
        let s = |seat: &Seat| self.seat_short(*seat);
        let n = |v: &dyn ToString| v.to_string();
        let args: Vec<(&str, String)> = match e {
            Event::GameSetUp { start_player, .. } => vec![("seat", s(start_player))],
            Event::StartingCastle { seat, space } => vec![("seat", s(seat)), ("space", n(space))],
            Event::PhaseStarted { phase } | Event::PhaseEnded { phase } => {
                vec![("phase", n(phase))]
            }
            Event::RoundStarted { round, white } => {
                vec![("round", n(round)), ("white", n(white))]
            }
            Event::GoodsArrived { depot, goods } => vec![("depot", n(depot)), ("goods", n(goods))],
            Event::DieUsed {
                seat,
                die,
                value,
                workers,
            } => vec![
                ("seat", s(seat)),
                ("die", n(die)),
                ("value", n(value)),
                ("workers", n(workers)),
            ],
            Event::TookTile { seat, depot, tile } => vec![
                ("seat", s(seat)),
                ("depot", n(depot)),
                ("tile", self.tile(*tile)),
            ],
            Event::Bought {
                seat,
                depot,
                tile,
                silver,
                workers,
            } => vec![
                ("seat", s(seat)),
                ("depot", self.depot(*depot)),
                ("tile", self.tile(*tile)),
                ("silver", n(silver)),
                ("workers", n(workers)),
            ],
            Event::Discarded { seat, tile } | Event::EffectLost { seat, tile } => {
                vec![("seat", s(seat)), ("tile", self.tile(*tile))]
            }
            Event::Placed { seat, tile, space } => vec![
                ("seat", s(seat)),
                ("tile", self.tile(*tile)),
                ("space", n(space)),
            ],
            Event::Sold { seat, goods, count } => {
                vec![("seat", s(seat)), ("goods", n(goods)), ("count", n(count))]
            }
            Event::TookGoods { seat, depot, goods } => {
                let list: Vec<String> = (0..6)
                    .filter(|&t| goods[t] > 0)
                    .map(|t| format!("{}×{}", goods[t], t + 1))
                    .collect();
                vec![
                    ("seat", s(seat)),
                    ("depot", n(depot)),
                    ("goods", list.join(" ")),
                ]
            }
            Event::MovedOnTrack { seat, space } => vec![("seat", s(seat)), ("space", n(space))],
            Event::Gained {
                seat,
                silver,
                workers,
            } => vec![
                ("seat", s(seat)),
                ("silver", n(silver)),
                ("workers", n(workers)),
            ],
            Event::Scored { seat, vp, why } => {
                vec![("seat", s(seat)), ("vp", n(vp)), ("why", self.reason(why))]
            }
            Event::Passed { seat } | Event::TurnEnded { seat } => vec![("seat", s(seat))],
            Event::GameOver { ranking, .. } => {
                vec![("seat", ranking.first().map(s).unwrap_or_default())]
            }
        };
        let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Some(self.f(&key, &args))
    }
}

/// A glyph per colour for the compact maps, the same in every language (the legend
/// names them): red castles, beige buildings, green pastures, blue water, yellow
/// monasteries, grey mines (seed 000, "Componentes").
pub fn glyph(c: Colour) -> char {
    match c {
        Colour::Castle => '#',
        Colour::Building => '^',
        Colour::Pasture => '"',
        Colour::Water => '~',
        Colour::Knowledge => '+',
        Colour::Mine => '%',
    }
}

/// A tile in at most three characters: its colour's glyph and what tells tiles of
/// that colour apart (the monastery's number, the animals' count, the building's
/// initial in the language of the screen).
pub fn tile_code(words: &Words, t: Tile) -> String {
    let g = glyph(t.colour());
    match t {
        Tile::Knowledge(n) => format!("{g}{n}"),
        Tile::Livestock { count, .. } => format!("{g}{count}"),
        Tile::Building(_) => {
            let initial = words.tile(t).chars().next().unwrap_or('?');
            format!("{g}{}", initial.to_uppercase())
        }
        _ => g.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine counts rounds from 1 in its events; the header counts the
    /// position's 0-based round + 1. Both must name the same round.
    #[test]
    fn a_round_started_event_names_the_round_the_engine_counted() {
        let words = Words::new(Lang::En, vec!["Ana".into(), "Bia".into()]);
        let text = words
            .event(&Event::RoundStarted { round: 1, white: 4 })
            .unwrap();
        assert!(text.starts_with("Round 1:"), "{text}");
    }
}
