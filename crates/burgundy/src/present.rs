//! How Burgundy is offered to people: each decision as the clicks on the table that
//! make it (a die, then its value; a stored tile, then a space; a depot's tile), its
//! words as a catalogue key, events as catalogue keys, and the duchy boards.

use crate::action::{Action, Event, BLACK};
use crate::state::Burgundy;
use crate::tile::Tile;
use tabuleiro_core::{Message, Present, Seat};

impl Present for Burgundy {
    /// Keys name what the table draws: `duchy:N` (a side of the drawn board), `die:N`, `value:N`, `depot:D:TILE` (depot 0 is
    /// the black depot), `storage:TILE` (in the team game a private key space's
    /// tile; `shared:TILE` a shared one's, `keyspace:private|shared` the key spaces
    /// a taken tile may go to), `space:N`, `goods:N`, `depotgoods:D`, or a
    /// button (`workers`, `pass`); the vineyards' keys are [`vine_path`]'s.
    fn path(&self, _seat: Seat, action: &Action) -> Vec<String> {
        match *action {
            Action::StartingCastle { space } => vec![format!("space:{space}")],
            Action::DuchySide { duchy } => vec![format!("duchy:{duchy}")],
            Action::Die { die, value } => vec![format!("die:{die}"), format!("value:{value}")],
            Action::Take { depot, tile } | Action::Knowledge6 { depot, tile } => {
                vec![format!("depot:{depot}:{tile}")]
            }
            Action::Buy { depot, tile, .. } => vec![format!("depot:{depot}:{tile}")],
            Action::Place {
                tile,
                space,
                shared,
            } => {
                vec![
                    self.stored_key(_seat, tile, shared),
                    format!("space:{space}"),
                ]
            }
            Action::Discard { tile, shared } => vec![self.stored_key(_seat, tile, shared)],
            Action::KeySpace { shared: false } => vec!["keyspace:private".into()],
            Action::KeySpace { shared: true } => vec!["keyspace:shared".into()],
            Action::Sell { goods } => vec![format!("goods:{goods}")],
            Action::Ship { depot, .. } => vec![format!("depotgoods:{depot}")],
            Action::Workers => vec!["workers".into()],
            Action::Pass => vec!["pass".into()],
            Action::RecoverCastle => vec!["recover".into()],
            Action::Crane { building } => vec![format!("crane:{}", building.name())],
            Action::Geese { animal } => vec![format!("geese:{}", animal.name())],
            Action::CraneMonastery { knowledge } => vec![format!("crane-monastery:{knowledge}")],
            Action::SoloFirst { index } => vec![format!("first:{index}")],
            Action::HireWorkers => vec!["hire".into()],
            Action::WhiteDie { value } => vec![format!("white:{value}")],
            Action::Shield { shield, space } => {
                vec![format!("shield:{shield}"), format!("space:{space}")]
            }
            Action::Shield16 { die, value } => vec![format!("die:{die}"), format!("set:{value}")],
            Action::Shield5 { goods } => vec![format!("shield5:{goods}")],
            Action::Shield6 { seat } => vec![format!("shield6:{seat}")],
            Action::ShieldTile { depot, tile, space } => {
                vec![format!("depot:{depot}:{tile}"), format!("space:{space}")]
            }
            Action::Tribute { keep, workers } => vec![format!("tribute:{keep}:{workers}")],
            Action::Trade { tile, .. } => vec![format!("depot:0:{tile}"), "trade".into()],
            Action::BuyVp { vp } => vec![format!("buyvp:{vp}")],
            Action::PlaceBlack { tile, space } => {
                vec![format!("depot:0:{tile}"), format!("space:{space}")]
            }
            Action::RouteOrder { .. } => vec![format!("route:{action}")],
            Action::Vine(mv) => self.vine_path(_seat, mv),
        }
    }

    fn label(&self, seat: Seat, action: &Action) -> Message {
        let m = |key: &str| Message::new(format!("action.{key}"));
        match *action {
            Action::StartingCastle { space } => m("castle").arg("space", space),
            Action::DuchySide { duchy } => m("side").arg("duchy", duchy),
            // The workers it costs, for the table to show before the die is committed.
            Action::Die { die, value } => m("die")
                .arg("die", die)
                .arg("value", value)
                .arg("workers", self.die_cost(seat, die, value).unwrap_or(0)),
            Action::Take { depot, tile } => m("take").arg("depot", depot).arg("tile", tile),
            Action::Place {
                tile,
                space,
                shared,
            } => m(if shared { "place_shared" } else { "place" })
                .arg("tile", tile)
                .arg("space", space),
            Action::KeySpace { shared } => {
                let incoming = self.turn().and_then(|t| t.pending.last()?.incoming());
                let tile = incoming.map(|t| t.to_string()).unwrap_or_default();
                m(if shared {
                    "key_space_shared"
                } else {
                    "key_space_private"
                })
                .arg("tile", tile)
            }
            Action::Sell { goods } => m("sell").arg("goods", goods),
            Action::Workers => m("workers"),
            Action::Buy {
                depot,
                tile,
                workers,
            } => {
                // A part paid with nothing goes unsaid: 2 workers buy with no silver.
                let paid = match workers {
                    0 => "",
                    1 => "_workers",
                    _ => "_only_workers",
                };
                let depot_key = if depot == BLACK { "buy_black" } else { "buy" };
                m(&format!("{depot_key}{paid}"))
                    .arg("depot", depot)
                    .arg("tile", tile)
                    .arg("silver", 2u8.saturating_sub(workers))
                    .arg("workers", workers)
            }
            Action::Knowledge6 { depot, tile } => {
                m("knowledge6").arg("depot", depot).arg("tile", tile)
            }
            Action::Discard { tile, shared } => {
                m(if shared { "discard_shared" } else { "discard" }).arg("tile", tile)
            }
            Action::Ship { depot, goods } => m("ship").arg("depot", depot).arg(
                "goods",
                (1..=6u8)
                    .filter(|t| goods & 1 << (t - 1) != 0)
                    .collect::<Vec<_>>(),
            ),
            Action::Pass => m("pass"),
            Action::RecoverCastle => m("recover_castle"),
            Action::Crane { building } => m("crane").arg("building", building.name()),
            Action::Geese { animal } => m("geese").arg("animal", animal.name()),
            Action::SoloFirst { index } => self.solo_first_label(index),
            Action::CraneMonastery { knowledge } => {
                m("crane_monastery").arg("knowledge", knowledge)
            }
            Action::HireWorkers => m("hire_workers"),
            Action::WhiteDie { value } => m("white_die").arg("value", value),
            Action::Shield { shield, space } => {
                m("shield").arg("shield", shield).arg("space", space)
            }
            Action::Shield16 { die, value } => m("shield16").arg("die", die).arg("value", value),
            Action::Shield5 { goods } => m("shield5").arg("goods", goods),
            Action::Shield6 { seat } => m("shield6").arg("seat", seat),
            Action::ShieldTile { depot, tile, space } => m(match depot {
                BLACK => "shield_tile_black",
                _ => "shield_tile",
            })
            .arg("depot", depot)
            .arg("tile", tile)
            .arg("space", space),
            Action::Tribute { keep, workers } => {
                let kept: Vec<u8> = crate::action::shields_in(keep).collect();
                let silver = kept.len() as u32 - (workers as u32).min(kept.len() as u32);
                let key = match (kept.is_empty(), workers) {
                    (true, _) => "tribute_none",
                    (false, 0) => "tribute",
                    (false, _) => "tribute_workers",
                };
                m(key)
                    .arg("shields", kept)
                    .arg("silver", silver)
                    .arg("workers", workers)
            }
            Action::Trade { tile, goods } => m("trade").arg("tile", tile).arg(
                "goods",
                (1..=6u8)
                    .flat_map(|t| std::iter::repeat_n(t, goods[t as usize - 1] as usize))
                    .collect::<Vec<_>>(),
            ),
            Action::BuyVp { vp } => m("buy_vp").arg("vp", vp),
            Action::PlaceBlack { tile, space } => {
                m("place_black").arg("tile", tile).arg("space", space)
            }
            Action::RouteOrder { tiles } => {
                m("route_order").arg("tiles", crate::action::route_tiles(&tiles))
            }
            Action::Vine(mv) => mv.label(),
        }
    }

    /// The event's tag is its key as the catalogue names it (`event.die-used`), its
    /// fields the arguments.
    fn describe(event: &Event) -> Message {
        let mut m = Message::tagged(event, "event", "event.");
        // Counted parts that are zero go unsaid: "gains 1 silver", not "1 silver and
        // 0 workers"; each combination has its own words.
        let paid = |silver: u32, workers: u32| match (silver > 0, workers > 0) {
            (true, true) => "",
            (true, false) => "-silver",
            (false, _) => "-workers",
        };
        let variant = match *event {
            Event::DieUsed { workers, .. } | Event::ShieldTaken { workers, .. } if workers > 0 => {
                "-workers"
            }
            Event::Bought {
                silver, workers, ..
            }
            | Event::Gained {
                silver, workers, ..
            }
            | Event::TributePaid {
                silver, workers, ..
            } => paid(silver, workers),
            Event::ShieldTileTaken { depot: BLACK, .. } => "-black",
            Event::SoloEnded { won: true, .. } => "-won",
            Event::SoloEnded { won: false, .. } => "-lost",
            Event::AutoDukeSetUp {
                provisional: false, ..
            }
            | Event::AutoDukeDrew {
                provisional: false, ..
            } => "-verified",
            Event::AutoDukeLaid {
                face_down: true, ..
            } => "-face-down",
            Event::AutoDukeTook { action, .. } | Event::AutoDukeFromReserve { action, .. } => {
                action.key_suffix()
            }
            Event::AutoDukeBenefit { silver, .. } if silver > 0 => "-silver",
            Event::AutoDukeBenefit { .. } => "-vp",
            Event::AutoDukeSold { cause, .. } | Event::AutoDukeNothingToSell { cause } => {
                cause.key_suffix()
            }
            // One sentence per bonus kind: "gains 2 silver", "takes a building"...
            Event::RouteBonus { kind, .. } => kind.key_suffix(),
            Event::TradeRouteDealt {
                ref provisional, ..
            } if provisional.is_empty() => "-verified",
            Event::TeamSeated { verified: true, .. } => "-verified",
            Event::KeySpaceChosen { shared: true, .. } => "-shared",
            Event::VineKeySpaceChosen { keys, .. } => match keys {
                crate::modules::VineKeys::Private => "-private",
                crate::modules::VineKeys::Split => "-split",
                crate::modules::VineKeys::Shared => "-shared",
            },
            Event::VinesDealt {
                provisional: false, ..
            } => "-verified",
            _ => "",
        };
        m.key = format!("event.{}{variant}", event.key());
        m
    }

    /// The engine's own board data (the duchies with their `verified` marks, the
    /// central board, each space's neighbours) and the menu of modules and rule
    /// options the lobby offers.
    fn board() -> serde_json::Value {
        use crate::content::{neighbours, BOARD_JSON, DUCHIES_JSON};
        let data = |text: &str| serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
        let mut board = serde_json::json!({
            "duchies": data(DUCHIES_JSON),
            "central_board": data(BOARD_JSON),
            "neighbours": neighbours().as_slice(),
        });
        board["menu"] = crate::modules::menu();
        // The trade-route tiles with their `verified` marks (4-12 provisional).
        board["trade_routes"] = data(crate::modules::TRADE_ROUTES_JSON);
        // The solo boards 33 and 34: their spaces, links, rivers and where each space
        // lies (`px`), drawn as they are printed rather than as a hexagon.
        board["solo_duchies"] = data(crate::modules::SOLO_DUCHIES_JSON);
        // The team board 31: its two halves' rows, the shared centre in both.
        board["team_duchies"] = data(crate::modules::TEAM_DUCHIES_JSON);
        // The AutoDuke's board 35/36 and village cards (provisional content).
        board["auto_duke"] = data(crate::modules::AUTO_DUKE_JSON);
        // The vineyard board, a reconstruction marked provisional.
        board["vineyards"] = data(crate::modules::VINEYARDS_JSON);
        board
    }

    fn check_position(&self) -> Result<(), String> {
        self.validate().map_err(|e| e.to_string())
    }

    fn show_position(&self) -> String {
        self.describe()
    }
}

impl Burgundy {
    /// The click on a stored tile: `storage:TILE`, or in the team game `shared:TILE`
    /// for one leaving the team's shared key spaces (chosen, or the only one held).
    fn stored_key(&self, seat: Seat, tile: Tile, shared: bool) -> String {
        let private = self.key_spaces(seat).is_none_or(|(p, _)| p.contains(&tile));
        match shared || !private {
            true => format!("shared:{tile}"),
            false => format!("storage:{tile}"),
        }
    }

    /// The workers that turn die `die` (1 or 2) of the turn under way to `value`.
    fn die_cost(&self, seat: Seat, die: u8, value: u8) -> Option<u32> {
        let face = (*self.turn()?.dice.get(usize::from(die).checked_sub(1)?)?)?;
        self.worker_cost(seat, face, value)
    }
}

impl Burgundy {
    /// The clicks of a vineyard decision: `vine-depot:SLOT` (a position of the vine
    /// depot), `vine-held:HEXAMINO` (one in the key spaces; in the team game
    /// `vine-held-split:HEXAMINO` one on a private and a shared key space,
    /// `vine-held-shared:HEXAMINO` one on the team's two shared ones) then
    /// `vine-space:N` (a vineyard space) then `vine-as:LEFT-RIGHT` (the vine on the
    /// space's left hex and on its right one: the hexamino turned or not),
    /// `vine-shop:HEXAMINO`, `vine-bonus:1|2`, `vine-tile:COLOUR`,
    /// `vine-keyspace:private|split|shared` (the team game: the key spaces a hexamino
    /// taken goes on), and a black-depot tile as the base game's `depot:0:TILE`.
    fn vine_path(&self, seat: Seat, mv: crate::modules::VineMove) -> Vec<String> {
        use crate::modules::VineMove;
        let held = |vine, keys| self.vine_held_key(seat, vine, keys);
        match mv {
            VineMove::Take { slot } => vec![format!("vine-depot:{slot}")],
            VineMove::Place {
                vine,
                space,
                turned,
                keys,
            } => {
                let (left, right) = match turned {
                    false => (vine.first, vine.second),
                    true => (vine.second, vine.first),
                };
                vec![
                    held(vine, keys),
                    format!("vine-space:{space}"),
                    format!("vine-as:{left}-{right}"),
                ]
            }
            VineMove::Buy { vine } | VineMove::Shop { vine } => vec![format!("vine-shop:{vine}")],
            VineMove::Discard { vine, keys } => vec![held(vine, keys)],
            VineMove::KeySpace { keys } => vec![format!("vine-keyspace:{keys}")],
            VineMove::Bonus { which } => vec![format!("vine-bonus:{which}")],
            VineMove::Black { tile } => vec![format!("depot:0:{tile}")],
            VineMove::Tile { vine } => vec![format!("vine-tile:{vine}")],
        }
    }

    /// The click on a held hexamino leaving the key spaces `keys` (resolved).
    fn vine_held_key(
        &self,
        seat: Seat,
        vine: crate::modules::Hexamino,
        keys: crate::modules::VineKeys,
    ) -> String {
        use crate::modules::VineKeys;
        match self.vine_leaves_from(seat, vine, keys) {
            Some(VineKeys::Split) => format!("vine-held-split:{vine}"),
            Some(VineKeys::Shared) => format!("vine-held-shared:{vine}"),
            _ => format!("vine-held:{vine}"),
        }
    }

    /// `first N` in words: the decision it brings first, as a refusal names what a
    /// turn waits for (`what`, that message's key, with its arguments).
    fn solo_first_label(&self, index: u8) -> Message {
        let brought = self.turn().and_then(|t| t.pending.get(index as usize));
        let what = Message::tagged(&crate::turn::awaited(brought), "awaiting", "refusal.now_");
        let mut label = Message::new("action.solo_first").arg("what", &what.key);
        label.args.extend(what.args);
        label
    }
}
