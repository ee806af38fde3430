//! The Castles of Burgundy in the terminal: its table (the viewer's duchy as a hex
//! map, the central board, the other players), the words of its click keys, the
//! decisions worth explaining when refused, and the final scoring.

mod auto_duke;
mod draw;
#[cfg(test)]
mod grammar_tests;
mod words;

use crate::game::{Table, TuiGame};
use crate::words::Words;
use ratatui::layout::Rect;
use ratatui::Frame;
use tabuleiro_core::{Game, Message, Seat};
use tabuleiro_games::burgundy::action::BLACK;
use tabuleiro_games::burgundy::state::{Pending, Stage, PHASES, STORAGE};
use tabuleiro_games::burgundy::{Action, Burgundy, View};

pub use words::{glyph, tile_code};

/// A vineyard click key (crates/burgundy present.rs `vine_path`) or its group in words.
fn vine_word(parts: &[&str], w: &Words) -> String {
    let vine = |v: &str| {
        v.split('-')
            .map(|c| w.t(&format!("web.vine_colour.{c}")))
            .collect::<Vec<_>>()
            .join("-")
    };
    match parts {
        ["vine-depot"] => w.t("web.vine_depot"),
        ["vine-held"] => w.t("web.vine_held"),
        ["vine-held-split"] => w.t("web.vine_held_split"),
        ["vine-held-shared"] => w.t("web.vine_held_shared"),
        ["vine-keyspace"] => w.t("menu.vine_key_space"),
        ["vine-keyspace", keys] => w.t(&format!("web.vine_keys.{keys}")),
        ["vine-space"] => w.t("web.vineyard"),
        ["vine-as"] => w.t("web.vine_turn"),
        ["vine-shop"] => w.t("web.vine_shop"),
        ["vine-bonus"] => w.t("web.vine_bonuses"),
        ["vine-tile"] => w.t("web.vine_tiles"),
        ["vine-depot", slot] => slot.to_string(),
        ["vine-space", space] => space.to_string(),
        ["vine-bonus", which] => which.to_string(),
        ["vine-as", lr] => {
            let (left, right) = lr.split_once('-').unwrap_or((lr, lr));
            w.f(
                "web.vine_as",
                &[("left", &vine(left)), ("right", &vine(right))],
            )
        }
        [_, h] => w.f("web.hexamino", &[("vine", &vine(h))]),
        _ => parts.join(":"),
    }
}

impl TuiGame for Burgundy {
    /// The terminal plays the game itself: a content file goes back into the view,
    /// whose duchies and boards it draws.
    fn shown(game: &Burgundy, viewer: Seat) -> View {
        let mut view = game.view(Some(viewer));
        view.position.config.content = game.config.content.clone();
        view
    }

    fn status(view: &View, w: &Words) -> String {
        let b = &view.position;
        let status = match b.stage {
            Stage::Setup | Stage::StartingCastles => w.t("header.setup"),
            Stage::Over => w.t("header.over"),
            _ => w.f(
                "header.phase_round",
                &[
                    ("phase", &PHASES[b.phase.min(4) as usize].to_string()),
                    ("round", &(b.round + 1).to_string()),
                ],
            ),
        };
        // A content file's data are marked, never mistaken for the printed content.
        match view.custom_content {
            false => status,
            true => format!("{status} · {}", w.t("ui.custom_content")),
        }
    }

    /// The duchy's seven rows and the player's holdings need 15 rows; a tall screen
    /// gives the other players' duchies room too.
    fn table_height(height: u16) -> u16 {
        if height >= 40 {
            30
        } else {
            15
        }
    }

    fn draw(frame: &mut Frame, area: Rect, table: &Table<Self>) {
        draw::table(frame, area, table);
    }

    /// A die is chosen at the top level (not under a "dice" group), and the black
    /// depot's purchase is a choice of its own, apart from the numbered depots.
    fn group(key: &str) -> Option<String> {
        if key == "depot:0" || key.starts_with("die:") {
            return None;
        }
        key.rsplit_once(':').map(|(group, _)| group.into())
    }

    fn word(&self, seat: Seat, before: &[String], key: &str, w: &Words) -> String {
        let parts: Vec<&str> = key.split(':').collect();
        let num = |i: usize| parts.get(i).and_then(|p| p.parse::<u8>().ok()).unwrap_or(0);
        let tile = |i: usize| {
            let t = parts.get(i).copied().unwrap_or("");
            t.parse()
                .map_or_else(|_| t.to_string(), |t| words::tile(w, t))
        };
        match parts.as_slice() {
            ["duchy"] => w.t("menu.side"),
            ["duchy", _] => w.f("menu.duchy", &[("duchy", &num(1).to_string())]),
            ["space"] if self.stage == Stage::StartingCastles => w.t("menu.castle"),
            ["space"] => w.t("menu.place"),
            ["space", _] => self.space_words(seat, num(1), w),
            ["die", _] => {
                let face = self.face(num(1));
                w.f(
                    "menu.use_die",
                    &[
                        ("die", &num(1).to_string()),
                        ("face", &face.map_or("-".into(), |f| f.to_string())),
                    ],
                )
            }
            ["value", _] => self.value_words(seat, before, num(1), w),
            ["depot"] => w.t("menu.take"),
            ["depot", "0"] => w.t("menu.buy"),
            ["depot", _] => words::depot(w, num(1)),
            ["depot", _, _] => tile(2),
            ["storage"] if self.discarding() => w.t("menu.discard"),
            ["storage"] => w.t("menu.place"),
            ["storage", _] => tile(1),
            // The team game: the tiles on the team's shared key spaces, and the key
            // space a taken tile goes to (seed 000 line 803).
            ["shared"] if self.discarding() => w.t("menu.discard_shared"),
            ["shared"] => w.t("menu.place_shared"),
            ["shared", _] => tile(1),
            ["keyspace"] => w.t("menu.key_space"),
            ["keyspace", "shared"] => w.t("menu.key_space_shared"),
            ["keyspace", _] => w.t("menu.key_space_private"),
            ["goods"] => w.t("menu.sell"),
            ["goods", _] => {
                let held = self.players[seat as usize].goods;
                let count = held.get(num(1) as usize - 1).copied().unwrap_or(0);
                w.f(
                    "menu.goods_type",
                    &[("n", &num(1).to_string()), ("count", &count.to_string())],
                )
            }
            ["depotgoods"] => w.t("menu.ship"),
            ["depotgoods", _] => words::depot(w, num(1)),
            ["workers"] => w.t("menu.workers"),
            ["pass"] => w.t("menu.pass"),
            // The extra hexes: the crane's beige building, the geese's animal type
            // (seed 000 lines 720 and 728).
            ["crane"] => w.t("menu.crane"),
            ["crane", _] => tile(1),
            ["geese"] => w.t("menu.geese"),
            ["geese", animal] => w.t(&format!("animal.{animal}")),
            [vine, ..] if vine.starts_with("vine-") => vine_word(&parts, w),
            _ => key.to_string(),
        }
    }

    fn action_words(&self, _seat: Seat, action: &Action, w: &Words) -> String {
        let with = |head: &str, tail: String| format!("{}: {tail}", w.t(head));
        match *action {
            Action::Take { tile, .. } => with("menu.take", words::tile(w, tile)),
            Action::Knowledge6 { tile, .. } => with("menu.knowledge6", words::tile(w, tile)),
            Action::Discard { tile, shared } => with(
                if shared {
                    "menu.discard_shared"
                } else {
                    "menu.discard"
                },
                words::tile(w, tile),
            ),
            Action::Buy { tile, workers, .. } => {
                let mut tail = words::tile(w, tile);
                if workers > 0 {
                    let paying = w.f("menu.buy_workers", &[("workers", &workers.to_string())]);
                    tail = format!("{tail}, {paying}");
                }
                with("menu.buy", tail)
            }
            Action::Ship { goods: 0, .. } => w.t("menu.no_goods"),
            Action::Ship { goods, .. } => {
                let list: Vec<String> = (1..=6u8)
                    .filter(|t| goods & 1 << (t - 1) != 0)
                    .map(|t| t.to_string())
                    .collect();
                w.f("menu.goods_set", &[("list", &list.join(", "))])
            }
            other => other.to_string(),
        }
    }

    fn args(w: &Words, message: &Message) -> Vec<(String, String)> {
        words::args(w, message)
    }

    /// What a person might try at this point of a turn: with no die in hand, either
    /// die at any value and the purchase; with a die in hand, each depot, each
    /// stored tile on each space of its colour, each goods type, and the purchase.
    fn candidates(&self, seat: Seat) -> Vec<Action> {
        let Some(turn) = self.turn().filter(|t| t.seat == seat) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        match turn.pending.last() {
            None => {
                for die in 1..=2u8 {
                    let values = if turn.dice[die as usize - 1].is_some() {
                        1..=6
                    } else {
                        1..=1
                    };
                    out.extend(values.map(|value| Action::Die { die, value }));
                }
            }
            Some(Pending::UseDie { value: Some(_) }) => {
                for (i, tiles) in self.depots.iter().enumerate() {
                    if let Some(&tile) = tiles.first() {
                        out.push(Action::Take {
                            depot: i as u8 + 1,
                            tile,
                        });
                    }
                }
                let p = &self.players[seat as usize];
                let duchy = self.duchy(seat);
                for (i, &tile) in p.storage.iter().enumerate().take(STORAGE) {
                    if p.storage[..i].contains(&tile) {
                        continue;
                    }
                    // Spaces of another colour are never candidates: listing them
                    // would bury the useful answers.
                    let spaces = (0..duchy.colours.len() as u8)
                        .filter(|&s| duchy.colours[s as usize] == tile.colour());
                    out.extend(spaces.map(|space| Action::Place {
                        tile,
                        space,
                        shared: false,
                    }));
                }
                out.extend((1..=6u8).map(|goods| Action::Sell { goods }));
            }
            Some(_) => return out,
        }
        if let Some(&tile) = self.black_depot.first() {
            out.push(Action::Buy {
                depot: BLACK,
                tile,
                workers: 0,
            });
        }
        out
    }

    /// A die's own face first: what costs no workers is the usual choice.
    fn order(&self, seat: Seat, action: &Action) -> u32 {
        match *action {
            Action::Die { die, value } => {
                let cost = self
                    .face(die)
                    .and_then(|f| self.worker_cost(seat, f, value));
                u32::from(die) * 100 + cost.unwrap_or(99).min(99)
            }
            _ => 1000,
        }
    }

    /// The final scoring line by line per seat (seed 000, "Pontuação final": unsold
    /// goods, silver, workers, monasteries 15-26).
    fn final_scoring(&self, w: &Words) -> Vec<String> {
        (0..self.players() as Seat)
            .map(|seat| {
                let finals = self.final_points(seat);
                let vp = self.players[seat as usize].vp;
                let at_end: i32 = finals.iter().map(|(_, v)| v).sum();
                let mut parts = vec![format!("{} {}", w.t("ui.during_game"), vp - at_end)];
                parts.extend(
                    finals
                        .iter()
                        .map(|(why, v)| format!("{} {v}", words::reason(w, why))),
                );
                format!(
                    "{}: {} = {} {}",
                    w.seat(seat),
                    parts.join(" + "),
                    vp,
                    w.t("ui.vp")
                )
            })
            .collect()
    }
}

trait Menus {
    fn face(&self, die: u8) -> Option<u8>;
    fn discarding(&self) -> bool;
    fn space_words(&self, seat: Seat, space: u8, w: &Words) -> String;
    fn value_words(&self, seat: Seat, before: &[String], value: u8, w: &Words) -> String;
}

impl Menus for Burgundy {
    /// What die `die` (1 or 2) of the turn shows, while it is unused.
    fn face(&self, die: u8) -> Option<u8> {
        self.turn().and_then(|t| {
            t.dice
                .get((die as usize).wrapping_sub(1))
                .copied()
                .flatten()
        })
    }

    fn discarding(&self) -> bool {
        self.turn()
            .is_some_and(|t| matches!(t.pending.last(), Some(Pending::Discard { .. })))
    }

    /// "space 12 (castle 3)": the space, its colour and its die number.
    fn space_words(&self, seat: Seat, space: u8, w: &Words) -> String {
        let duchy = self.duchy(seat);
        let s = space as usize;
        let (Some(c), Some(&n)) = (duchy.colour_of(s), duchy.dice.get(s)) else {
            return space.to_string();
        };
        w.f(
            "menu.space",
            &[
                ("space", &space.to_string()),
                ("colour", &words::colour(w, c)),
                ("number", &n.to_string()),
            ],
        )
    }

    /// "as 4", or "as 4 (pay 1 workers)" when workers turn the chosen die.
    fn value_words(&self, seat: Seat, before: &[String], value: u8, w: &Words) -> String {
        let die = before
            .iter()
            .rev()
            .find_map(|k| k.strip_prefix("die:")?.parse::<u8>().ok());
        let face = die.and_then(|d| self.face(d)).unwrap_or(value);
        let cost = self.worker_cost(seat, face, value).unwrap_or(0);
        let v = value.to_string();
        if cost == 0 {
            w.f("menu.as_value", &[("value", &v)])
        } else {
            w.f(
                "menu.as_value_workers",
                &[("value", &v), ("workers", &cost.to_string())],
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::Present;
    use tabuleiro_games::burgundy::{Building, Event, Tile};
    use tabuleiro_i18n::Lang;

    fn said(lang: Lang, event: &Event) -> String {
        let words = Words::of::<Burgundy>(lang, vec!["me".into(), "greedy".into()]);
        words
            .message::<Burgundy>(&<Burgundy as Present>::describe(event))
            .expect("the catalogue has the event's key")
    }

    /// The extra hexes' decisions read in words in every language: the crane's
    /// building by its name, the geese's animal type by the catalogue's animals
    /// (seed 000 lines 720 and 728), never their path keys.
    #[test]
    fn the_crane_and_the_geese_read_in_words() {
        let game = Burgundy::new(&Burgundy::configure(None, 2).unwrap()).unwrap();
        for (lang, cows, bank) in [
            (Lang::En, "cows", "bank"),
            (Lang::PtBr, "vacas", "banco"),
            (Lang::Es, "vacas", "banco"),
        ] {
            let w = Words::of::<Burgundy>(lang, vec!["me".into(), "greedy".into()]);
            let word = |key: &str| game.word(0, &[], key, &w);
            assert_eq!(word("geese:cow"), cows);
            assert!(word("crane:bank").contains(bank), "{}", word("crane:bank"));
            for group in ["geese", "crane"] {
                assert_ne!(word(group), group, "{lang:?}");
            }
        }
    }

    /// A classic game for 3 or 4 seats: its default duchies (one per seat) follow the
    /// seat count, as the server's tables do; the seat count overrides one given.
    #[test]
    fn a_classic_game_configures_for_any_seat_count() {
        for seats in 2..=4 {
            let json = serde_json::json!({"edition": "classic"});
            let config = Burgundy::configure(Some(json), seats).unwrap();
            assert_eq!(config.duchies, vec![1; seats]);
        }
        let json = serde_json::json!({"players": 2});
        assert_eq!(Burgundy::configure(Some(json), 3).unwrap().players, 3);
        assert!(Burgundy::configure(Some(serde_json::json!([1])), 2).is_err());
    }

    /// A game with a content file (issue 15) says so in the header, in each
    /// language; the printed content's game does not.
    #[test]
    fn the_header_marks_custom_content() {
        let duchies = tabuleiro_games::burgundy::content::DUCHIES_JSON;
        let config = serde_json::json!({"content": {"duchies.json": serde_json::from_str::<serde_json::Value>(duchies).unwrap()}});
        let custom = Burgundy::configure(Some(config), 2).unwrap();
        let printed = Burgundy::configure(None, 2).unwrap();
        for (lang, mark) in [
            (Lang::En, "custom content"),
            (Lang::PtBr, "conteúdo personalizado"),
            (Lang::Es, "contenido personalizado"),
        ] {
            let words = Words::of::<Burgundy>(lang, vec!["me".into(), "greedy".into()]);
            let status = |config| {
                let game = Burgundy::new(config).unwrap();
                Burgundy::status(&tabuleiro_core::Game::view(&game, Some(0)), &words)
            };
            assert!(
                status(&custom).ends_with(&format!(" · {mark}")),
                "{}",
                status(&custom)
            );
            assert!(!status(&printed).contains(mark));
        }
    }

    /// The team game (seed 000 line 803): where a taken tile may go to either key
    /// space, the menu offers both; where a kind lies on both, placing it from the
    /// shared ones is an entry of its own. Both found in a random team game.
    #[test]
    fn the_menu_offers_the_team_games_key_spaces() {
        let json = serde_json::json!({"players": 4, "modules": ["team"]});
        let config = Burgundy::configure(Some(json), 4).unwrap();
        let (mut asked, mut shared) = (None, None);
        tabuleiro_core::play::<Burgundy>(
            &config,
            3,
            &mut tabuleiro_core::UniformChooser,
            false,
            |g, _| {
                let Some(turn) = g.turn() else { return };
                let mut legal = Vec::new();
                g.legal_actions(turn.seat, &mut legal);
                if matches!(turn.pending.last(), Some(Pending::KeySpace { .. })) {
                    asked.get_or_insert((g.clone(), turn.seat));
                }
                if legal
                    .iter()
                    .any(|a| matches!(a, Action::Place { shared: true, .. }))
                {
                    shared.get_or_insert((g.clone(), turn.seat));
                }
            },
        )
        .unwrap();
        let labels = |(g, seat): (Burgundy, Seat)| menu_labels(&g, seat);
        let asked = labels(asked.expect("a taken tile with room on both key spaces"));
        for label in ["Your private key spaces", "The team's shared key spaces"] {
            assert!(
                asked.iter().any(|l| l.contains(label)),
                "{label} in {asked:?}"
            );
        }
        let shared = labels(shared.expect("a kind on both key spaces"));
        let label = "Place a tile from the team's shared key spaces";
        assert!(
            shared.iter().any(|l| l.contains(label)),
            "{label} in {shared:?}"
        );
    }

    /// Every label of `seat`'s menu in English, two levels deep.
    fn menu_labels(g: &Burgundy, seat: Seat) -> Vec<String> {
        let words = Words::of::<Burgundy>(Lang::En, vec!["me".into(); 4]);
        let menu = crate::menu::Menu::new(g, seat, &words);
        let mut all = Vec::new();
        for e in menu.entries(&[]) {
            all.push(e.label.clone());
            all.extend(menu.entries(&[e.key]).into_iter().map(|e| e.label));
        }
        all
    }

    /// The team game's advanced board (from a content file; here a test fixture, the
    /// standard layout relabelled): the team's first member's menu offers castle
    /// space 1 and castle space 6, the second member's nothing.
    #[test]
    fn the_menu_offers_the_advanced_team_boards_castle_spaces() {
        let json = tabuleiro_games::burgundy::modules::TEAM_DUCHIES_JSON;
        let mut data: serde_json::Value = serde_json::from_str(json).unwrap();
        let mut advanced = data["boards"][0].clone();
        advanced["number"] = 32.into();
        advanced["side"] = "advanced".into();
        advanced["castle_spaces"] = serde_json::json!([[0, 21], [1, 18]]);
        data["boards"].as_array_mut().unwrap().push(advanced);
        let config = serde_json::json!({"players": 4, "modules": ["team"],
            "rules": {"team_board": "advanced"}, "content": {"team_duchies.json": data}});
        let config = Burgundy::configure(Some(config), 4).unwrap();
        let mut g = Burgundy::new(&config).unwrap();
        let mut rng = tabuleiro_core::Rng::seed(1);
        let setup = tabuleiro_core::Game::sample_chance(&g, &mut rng);
        tabuleiro_core::Game::apply_chance(&mut g, &setup, &mut Vec::new()).unwrap();
        let members = g.modules.team.as_ref().unwrap().members[0];
        let labels = |seat: Seat| menu_labels(&g, seat);
        let first = labels(members[0]);
        for space in ["space 21 (castle 1)", "space 54 (castle 6)"] {
            assert!(
                first.iter().any(|l| l.contains(space)),
                "{space} in {first:?}"
            );
        }
        assert!(labels(members[1]).is_empty(), "{:?}", labels(members[1]));
    }

    /// The engine counts rounds from 1 in its events; the header counts the
    /// position's 0-based round + 1. Both must name the same round.
    #[test]
    fn a_round_started_event_names_the_round_the_engine_counted() {
        let text = said(Lang::En, &Event::RoundStarted { round: 1, white: 4 });
        assert!(text.starts_with("Round 1:"), "{text}");
    }

    /// Events are worded from the engine's message: seats by name, tiles in the
    /// language of the screen, the winner of a finished game.
    #[test]
    fn events_are_worded_with_their_arguments_translated() {
        let took = Event::TookTile {
            seat: 1,
            depot: 3,
            tile: Tile::Building(Building::Warehouse),
        };
        assert_eq!(
            said(Lang::PtBr, &took),
            "Jogador 2 pega uma peça do depósito 3: loja"
        );
        // Counted words agree with their number, and a zero part goes unsaid.
        let gained = Event::Gained {
            seat: 0,
            silver: 1,
            workers: 0,
        };
        assert_eq!(said(Lang::PtBr, &gained), "Jogador 1 ganha 1 prata");
        let gained = Event::Gained {
            seat: 0,
            silver: 0,
            workers: 1,
        };
        assert_eq!(said(Lang::En, &gained), "Player 1 gains 1 worker");
        let over = Event::GameOver {
            scores: vec![40, 52],
            ranking: vec![1, 0],
        };
        assert!(said(Lang::En, &over).ends_with("Player 2 wins"));
    }
}
