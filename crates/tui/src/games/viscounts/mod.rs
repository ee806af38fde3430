//! Viscounts of the West Kingdom in the terminal: its table (the ring of five
//! segments with every Viscount, the villager and manuscript offers, the building
//! spots and the castle; the viewer's player board and hand; the others' boards with
//! their hands as counts; the solo AI's board and Plot cards), the words of its menu
//! keys in the rulebook's terms, and the final scoring. Solo (one seat) is a game
//! against the AI, an automaton of the rules (seed 003 L654-762).
//!
//! The engine's click paths carry an action's JSON; the menu here names each decision
//! by what it is at the table: a card of the hand, a space of the ring, a main action
//! then its target then how it is paid, a castle section.

mod board;
mod panels;
#[cfg(test)]
mod tests;
pub mod words;

use crate::game::{Table, TuiGame};
use crate::words::Words;
use ratatui::layout::Rect;
use ratatui::Frame;
use tabuleiro_core::{Game, Message, Present, Seat};
use tabuleiro_games::viscounts::action::{Action, Funding, Main};
use tabuleiro_games::viscounts::board::pos_of;
use tabuleiro_games::viscounts::content::{Building, Content};
use tabuleiro_games::viscounts::effect::Card;
use tabuleiro_games::viscounts::state::{Phase, Question, Task, SPACES};
use tabuleiro_games::viscounts::{Event, View, Viscounts};
use tabuleiro_i18n::{Catalog, Lang};

impl TuiGame for Viscounts {
    fn catalog(lang: Lang) -> &'static Catalog {
        Catalog::for_game("viscounts", lang).unwrap_or_else(|| Catalog::shared(lang))
    }

    /// "Round 3 · Phase 2: Movement", with the final round marked.
    fn status(view: &View, w: &Words) -> String {
        let g = &view.position;
        let phase = w.t(&format!("ui.phase.{}", phase_key(g)));
        if matches!(g.phase, Phase::Setup | Phase::Over) || g.round == 0 {
            return phase;
        }
        let round = w.f("tui.viscounts.round", &[("n", &g.round.to_string())]);
        match g.last_round {
            Some(_) => format!("{round} ({}) · {phase}", w.t("ui.end_triggered")),
            None => format!("{round} · {phase}"),
        }
    }

    /// The ring's seven rows, the castle's summary and the boards: 13 rows on a short
    /// screen (the menu and the log keep ten), more with room.
    fn table_height(height: u16) -> u16 {
        match height {
            0..=29 => 13,
            30..=39 => 18,
            _ => 24,
        }
    }

    fn draw(frame: &mut Frame, area: Rect, table: &Table<Self>) {
        panels::table(frame, area, table);
    }

    /// Only the Main action's kinds are a level of their own; the rest lists flat.
    fn group(_key: &str) -> Option<String> {
        None
    }

    fn menu_path(&self, _seat: Seat, action: &Action) -> Vec<String> {
        let one = |k: String| vec![k];
        match action {
            Action::ChoosePair { pair } => one(format!("pair:{pair}")),
            Action::Place { card } => one(format!("place:{}", card.0)),
            Action::Move { to, .. } => one(format!("move:{to}")),
            Action::Main { main, funding } => {
                let mut path = vec![format!("main:{}", main.kind().name())];
                match main {
                    Main::Trade { times } => path.push(format!("times:{times}")),
                    Main::Build { building, spot } => {
                        path.push(format!("building:{}", building.name()));
                        path.push(format!("spot:{spot}"));
                    }
                    Main::PlaceWorkers { workers } => path.push(format!("workers:{workers}")),
                    Main::Transcribe => {}
                }
                path.push(funding_key(funding));
                path
            }
            Action::NoAction => one("no_action".into()),
            Action::Hire => one("hire".into()),
            Action::Pass => one("pass".into()),
            Action::Choose { index } => one(format!("choose:{index}")),
            Action::Rearrange { order } => {
                one(format!("rearrange:{}{}{}", order[0], order[1], order[2]))
            }
            Action::DiscardFromHand { card } => one(format!("discard:{}", card.0)),
            Action::DiscardTop => one("discard_top".into()),
            Action::DestroyFromHand { card } => one(format!("destroy:{}", card.0)),
            Action::DestroyTop => one("destroy_top".into()),
            Action::DestroyFromPile { card } => one(format!("destroy_pile:{}", card.0)),
            Action::FlipDebt => one("flip_debt".into()),
            Action::FlipDeed => one("flip_deed".into()),
            Action::TakeResource { res } => one(format!("res:{}", res.name())),
            Action::HireFree { pos } => one(format!("hire_free:{pos}")),
            Action::CastleMove { section, clockwise } => vec![
                format!("castle_move:{section}"),
                format!("way:{}", if *clockwise { "cw" } else { "ccw" }),
            ],
            Action::PlaceIn { section } => one(format!("place_in:{section}")),
            Action::BuildFree { pos, spot } => {
                vec![format!("build_free:{pos}"), format!("spot:{spot}")]
            }
            Action::TakeManuscript { pos } => one(format!("take_ms:{pos}")),
            Action::Advance { section } => one(format!("advance:{section}")),
            Action::Expel { owner } => one(format!("expel:{owner}")),
        }
    }

    fn word(&self, seat: Seat, before: &[String], key: &str, w: &Words) -> String {
        let (kind, rest) = key.split_once(':').unwrap_or((key, ""));
        let num = rest.parse::<u8>().unwrap_or(0);
        let card = || Card(num);
        match kind {
            "pair" => self.pair_words(num, w),
            "place" => words::card_icons(w, card()),
            "move" => self.move_words(seat, num, w),
            "main" => w.t(&format!("main.{rest}")),
            "times" => self.trade_words(seat, num, w),
            "building" => Building::from_name(rest).map_or(key.into(), |b| {
                let left = self.buildings_left(seat, b);
                format!(
                    "{} ({})",
                    words::building(w, b),
                    w.f("ui.buildings_left", &[("n", &left.to_string())])
                )
            }),
            "spot" => self.spot_words(seat, before, num, w),
            "workers" => w.f("tui.viscounts.place_n", &[("n", rest)]),
            "fund" => self.funding_words(seat, before, rest, w),
            "no_action" => w.t("action.viscounts.no_action"),
            "hire" => self.hire_words(seat, w),
            "pass" => w.t("action.viscounts.pass"),
            "choose" => self.choice_words(seat, num, w),
            "rearrange" => self.order_words(seat, rest, w),
            "discard" => format!("{}: {}", w.t("ui.discard"), words::card(w, card())),
            "discard_top" => w.t("action.viscounts.discard_top"),
            "destroy" => format!("{}: {}", w.t("ui.destroy"), words::card(w, card())),
            "destroy_top" => w.t("action.viscounts.destroy_top"),
            "destroy_pile" => format!("{}: {}", w.t("ui.destroy"), words::card(w, card())),
            "flip_debt" => w.t("action.viscounts.flip_debt"),
            "flip_deed" => w.t("action.viscounts.flip_deed"),
            "res" => w.t(&format!("res.{rest}")),
            "hire_free" => format!(
                "{}: {}",
                words::position(w, &self.order, num),
                self.villagers[num as usize % 5]
                    .top
                    .map_or_else(String::new, |c| words::card_icons(w, c))
            ),
            "castle_move" | "place_in" | "advance" => self.section_words(num, w),
            "way" if rest == "cw" => w.t("ui.clockwise"),
            "way" => w.t("ui.counterclockwise"),
            "build_free" => words::position(w, &self.order, num),
            "take_ms" => format!(
                "{}: {}",
                words::position(w, &self.order, num),
                self.manuscripts[num as usize % 5]
                    .top
                    .map_or_else(String::new, |m| words::manuscript(w, m))
            ),
            "expel" => w.f("tui.viscounts.expel", &[("who", &self.seat_name(num, w))]),
            _ => key.to_string(),
        }
    }

    fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
        words::args(w, message)
    }

    /// A decision in the log by what was decided: "Player 1: Play card Thief to your
    /// player board", an option by its effects (the engine's event carries its words).
    /// The viewer's own draw names the card (the event shows it to no one else).
    fn event_words(&self, event: &Event, w: &Words) -> Option<String> {
        let seat = match event {
            Event::Decided { seat, .. } => seat,
            Event::Drew {
                seat,
                card: Some(card),
            } => {
                let who = panels::seat_name(w, &self.config, *seat);
                let card = words::card(w, *card);
                return Some(w.f(
                    "tui.viscounts.drew_card",
                    &[("seat", &who), ("card", &card)],
                ));
            }
            _ => return None,
        };
        let message = <Viscounts as Present>::describe(event);
        let label: Message = serde_json::from_value(message.args.get("label")?.clone()).ok()?;
        let what = w.message::<Viscounts>(&label)?;
        Some(format!(
            "{}: {what}",
            panels::seat_name(w, &self.config, *seat)
        ))
    }

    /// What a person might try now, legal or not, for `?` to explain: every space of
    /// the ring when moving, each main action paid by the board's icons alone (and no
    /// main action), and hiring the villager beside the Viscount.
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        let unfunded = Funding::default();
        let main = |main| Action::Main {
            main,
            funding: unfunded,
        };
        match self.question(seat) {
            Some(Question::Move) => (0..SPACES)
                .map(|to| Action::Move {
                    to,
                    paid: 0,
                    free: false,
                })
                .collect(),
            Some(Question::Main) => {
                let segment = self.segment(pos_of(self.p(seat).space));
                let mut out = vec![
                    main(Main::Trade { times: 1 }),
                    main(Main::PlaceWorkers { workers: 1 }),
                    main(Main::Transcribe),
                ];
                for building in Building::ALL {
                    out.extend(
                        (0..segment.spots.len() as u8)
                            .map(|spot| main(Main::Build { building, spot })),
                    );
                }
                out.push(Action::NoAction);
                out
            }
            Some(Question::Hire) => vec![Action::Hire],
            _ => Vec::new(),
        }
    }

    /// Spaces in ring order, the rest as the engine lists them.
    fn order(&self, _seat: Seat, action: &Action) -> u32 {
        match action {
            Action::Move { to, .. } => u32::from(*to),
            Action::Pass | Action::NoAction => 100,
            _ => 50,
        }
    }

    /// Each seat's points by source, as the standings rank them.
    fn final_scoring(&self, w: &Words) -> Vec<String> {
        let view = self.view(None);
        let seats: Vec<Seat> = if self.solo() {
            vec![0, tabuleiro_games::viscounts::solo::AI]
        } else {
            (0..self.n() as Seat).collect()
        };
        seats
            .into_iter()
            .map(|seat| {
                let b = &view.points[seat as usize];
                w.f(
                    "ui.final_line",
                    &[
                        ("seat", &panels::seat_name(w, &self.config, seat)),
                        ("sources", &panels::sources(w, b).join(" + ")),
                        ("points", &b.total().to_string()),
                    ],
                )
            })
            .collect()
    }
}

/// The moment of the turn, as a catalogue key's last part: the question asked, or
/// the turn's next pending phase (the stack's top phase task is the one after).
fn phase_key(g: &tabuleiro_games::viscounts::Table) -> &'static str {
    match g.phase {
        Phase::Setup => return "setup",
        Phase::Over => return "over",
        Phase::Playing => {}
    }
    // Setup goes on until its last task starts the first turn.
    if g.tasks.iter().any(|t| matches!(t, Task::StartGame)) {
        return "setup";
    }
    let next = g.tasks.iter().rev().find_map(|t| match t {
        Task::Shift | Task::PlaceStep => Some(1),
        Task::MoveStep => Some(2),
        Task::MainStep => Some(3),
        Task::HireStep => Some(4),
        Task::Collision => Some(5),
        Task::DrawStep => Some(6),
        Task::EndTurn => Some(7),
        _ => None,
    });
    match next.unwrap_or(7) {
        0..=2 => "cards",
        3 => "move",
        4 => "main",
        5 => "hire",
        6 => "collision",
        _ => "draw",
    }
}

/// A funding as a menu key: "fund:dismiss:paid:a.b.c".
fn funding_key(f: &Funding) -> String {
    format!(
        "fund:{}:{}:{}.{}.{}",
        u8::from(f.dismiss),
        f.paid,
        f.subs[0],
        f.subs[1],
        f.subs[2]
    )
}

fn funding_of(rest: &str) -> Option<Funding> {
    let mut parts = rest.split(':');
    let dismiss = parts.next()? == "1";
    let paid = parts.next()?.parse().ok()?;
    let subs: Vec<u8> = parts
        .next()?
        .split('.')
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    Some(Funding {
        dismiss,
        paid,
        subs: subs.try_into().ok()?,
    })
}

/// The words of the menu's keys that depend on the position.
trait Menus {
    fn seat_name(&self, seat: u8, w: &Words) -> String;
    fn pair_words(&self, pair: u8, w: &Words) -> String;
    fn move_words(&self, seat: Seat, to: u8, w: &Words) -> String;
    fn trade_words(&self, seat: Seat, times: u8, w: &Words) -> String;
    fn buildings_left(&self, seat: Seat, b: Building) -> u8;
    fn spot_words(&self, seat: Seat, before: &[String], spot: u8, w: &Words) -> String;
    fn funding_words(&self, seat: Seat, before: &[String], rest: &str, w: &Words) -> String;
    fn hire_words(&self, seat: Seat, w: &Words) -> String;
    fn choice_words(&self, seat: Seat, index: u8, w: &Words) -> String;
    fn order_words(&self, seat: Seat, order: &str, w: &Words) -> String;
    fn section_words(&self, section: u8, w: &Words) -> String;
}

impl Menus for Viscounts {
    fn seat_name(&self, seat: u8, w: &Words) -> String {
        panels::seat_name(w, &self.config, seat)
    }

    /// "Player card 4 + Emma (Noble)".
    fn pair_words(&self, pair: u8, w: &Words) -> String {
        match self.pairs.get(pair as usize) {
            Some((number, hero)) => {
                let pc = &Content::get().player_cards[(*number as usize).saturating_sub(1)];
                let mark = if pc.provisional { words::STAR } else { "" };
                format!(
                    "{} {number}{mark} + {}",
                    w.t("card.player"),
                    words::card_icons(w, *hero)
                )
            }
            None => pair.to_string(),
        }
    }

    /// "Segment 2B, outer left · 1 Silver".
    fn move_words(&self, seat: Seat, to: u8, w: &Words) -> String {
        let mut out = words::space(w, &self.order, to);
        if let Some(Some((paid, free))) = self.cheapest_moves(seat).get(to as usize) {
            if *paid > 0 {
                out.push_str(&format!(" · {} {}", paid, w.t("item.silver")));
            }
            if *free {
                out.push_str(&format!(" · {}", w.t("ui.free_step")));
            }
        }
        let others: Vec<String> = (0..self.players.len() as u8)
            .filter(|&s| s != seat && self.players[s as usize].space == to)
            .map(|s| self.seat_name(s, w))
            .collect();
        if !others.is_empty() && self.phase == Phase::Playing {
            out.push_str(&format!(" · {} {}", w.t("ui.collision"), others.join(", ")));
        }
        out
    }

    /// "2× (2 Merchant → +1 Ink)".
    fn trade_words(&self, seat: Seat, times: u8, w: &Words) -> String {
        let t = self.trade_here(seat);
        format!(
            "{times}× ({} {} → {})",
            t.merchant,
            w.t("icon.merchant"),
            words::effects(w, &t.reward)
        )
    }

    fn buildings_left(&self, seat: Seat, b: Building) -> u8 {
        let c = Content::get();
        // vp_by_count runs from none built to all of the kind built.
        let total = c.buildings.row(b).vp_by_count.len() as u8 - 1;
        total.saturating_sub(self.p(seat).built[b as usize])
    }

    /// A building spot of the Viscount's segment with its reward.
    fn spot_words(&self, seat: Seat, before: &[String], spot: u8, w: &Words) -> String {
        let pos = match before.first().and_then(|k| k.strip_prefix("build_free:")) {
            Some(p) => p.parse().unwrap_or(0),
            None => pos_of(self.p(seat).space),
        };
        let seg = self.segment(pos);
        let reward = seg
            .spots
            .get(spot as usize)
            .map_or_else(String::new, |s| words::effects(w, &s.reward));
        format!("{} {} → {reward}", w.t("tui.viscounts.spot"), spot + 1)
    }

    /// How a main action is paid: icons alone, a villager dismissed, substitutes, and
    /// what it costs in Silver and resources.
    fn funding_words(&self, seat: Seat, before: &[String], rest: &str, w: &Words) -> String {
        let Some(f) = funding_of(rest) else {
            return rest.into();
        };
        let mut parts = Vec::new();
        if f.dismiss {
            let pos = pos_of(self.p(seat).space);
            let who = self.villagers[pos as usize]
                .top
                .map_or_else(|| w.t("tui.viscounts.printed"), |c| words::card(w, c));
            parts.push(format!("{} {who}", w.t("ui.dismiss")));
        }
        let slots = self.p(seat).slots;
        for (i, &uses) in f.subs.iter().enumerate() {
            if let (true, Some(c)) = (uses > 0, slots[i]) {
                parts.push(format!("{} {}×", words::card(w, c), uses));
            }
        }
        let cost = main_of(before).and_then(|main| {
            let need = self.need(seat, &main).ok()?;
            self.fund(seat, main.kind(), need, &f).ok()
        });
        if let Some(bill) = cost {
            let b = words::bill(w, &bill);
            if !b.is_empty() {
                parts.push(w.f("tui.viscounts.paying", &[("what", &b)]));
            }
        }
        if parts.is_empty() {
            w.t("tui.viscounts.icons_only")
        } else {
            parts.join(" · ")
        }
    }

    /// "Hire Clergyman (Clergy) · 3 Silver".
    fn hire_words(&self, seat: Seat, w: &Words) -> String {
        let pos = pos_of(self.p(seat).space);
        match self.villagers[pos as usize].top {
            Some(c) => format!(
                "{} {} · {} {}",
                w.t("tui.viscounts.hire"),
                words::card_icons(w, c),
                Content::get().villager(c).silver,
                w.t("item.silver")
            ),
            None => w.t("action.viscounts.hire"),
        }
    }

    /// An option of the question asked, in words.
    fn choice_words(&self, seat: Seat, index: u8, w: &Words) -> String {
        match self.question(seat) {
            Some(Question::Choose { options }) => options
                .get(index as usize)
                .map_or_else(|| index.to_string(), |o| words::effects(w, o)),
            Some(Question::PayThen { cost, reward }) => words::effect(
                w,
                &tabuleiro_games::viscounts::effect::Effect::PayThen {
                    cost: cost.clone(),
                    reward: reward.clone(),
                },
            ),
            _ => w.f(
                "action.viscounts.choose",
                &[("index", &(index + 1).to_string())],
            ),
        }
    }

    /// The slots after the rearrangement: "Thief | Abbot | -".
    fn order_words(&self, seat: Seat, order: &str, w: &Words) -> String {
        let slots = self.p(seat).slots;
        let names: Vec<String> = order
            .chars()
            .map(|c| {
                let i = c.to_digit(10).unwrap_or(0) as usize;
                slots
                    .get(i)
                    .copied()
                    .flatten()
                    .map_or("-".into(), |c| words::card(w, c))
            })
            .collect();
        format!("{}: {}", w.t("ui.rearrange"), names.join(" | "))
    }

    /// "Castle section 3 (facing segment 2B)".
    fn section_words(&self, section: u8, w: &Words) -> String {
        let pos = (0..5u8)
            .find(|&p| self.section_at(p) == section)
            .unwrap_or(0);
        format!(
            "{} · {}",
            w.f("ui.castle_section", &[("n", &(section + 1).to_string())]),
            words::position(w, &self.order, pos)
        )
    }
}

/// The main action a funding key finishes, from the keys chosen before it.
fn main_of(before: &[String]) -> Option<Main> {
    let value = |prefix: &str| {
        before
            .iter()
            .find_map(|k| k.strip_prefix(prefix).map(String::from))
    };
    Some(match value("main:")?.as_str() {
        "trade" => Main::Trade {
            times: value("times:")?.parse().ok()?,
        },
        "build" => Main::Build {
            building: Building::from_name(&value("building:")?)?,
            spot: value("spot:")?.parse().ok()?,
        },
        "place_workers" => Main::PlaceWorkers {
            workers: value("workers:")?.parse().ok()?,
        },
        _ => Main::Transcribe,
    })
}
