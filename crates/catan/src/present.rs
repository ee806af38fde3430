//! How Catan is offered to people: each decision as the clicks on the table that make
//! it (`vertex:N`, `edge:N`, `hex:N`, `seat:N`, `card:KIND`, `dev:KIND`, or a button),
//! its words as a catalogue key, events as catalogue keys, and the board's geometry.

use crate::action::{Action, Event};
use crate::cards::Cards;
use crate::geometry::Geometry;
use crate::state::Catan;
use tabuleiro_core::{Message, Present, Seat};

fn card(c: crate::Card) -> String {
    format!("card:{}", c.name())
}

fn cards(prefix: &str, cs: &Cards, out: &mut Vec<String>) {
    for k in cs.kinds() {
        for _ in 0..cs.get(k) {
            out.push(format!("{prefix}:{}", k.name()));
        }
    }
}

impl Present for Catan {
    fn path(&self, _seat: Seat, action: &Action) -> Vec<String> {
        let button = |b: &str| vec![b.to_string()];
        match *action {
            Action::Settle { vertex } | Action::City { vertex } => vec![format!("vertex:{vertex}")],
            Action::Road { edge } => vec![format!("edge:{edge}")],
            Action::Roll => button("roll"),
            Action::Discard { card: c } => vec![card(c)],
            Action::Robber { hex, victim } => {
                let mut p = vec![format!("hex:{hex}")];
                p.extend(victim.map(|v| format!("seat:{v}")));
                p
            }
            Action::BuyDevelopment => button("buy"),
            Action::Knight => button("dev:knight"),
            Action::RoadBuilding => button("dev:road_building"),
            Action::YearOfPlenty { first, second } => {
                vec!["dev:year_of_plenty".into(), card(first), card(second)]
            }
            Action::Monopoly { card: c } => vec!["dev:monopoly".into(), card(c)],
            Action::Maritime { give, get } => vec!["maritime".into(), card(give), card(get)],
            Action::Offer { give, get } | Action::Counter { give, get } => {
                let word = action.to_string();
                let mut p = button(word.split(' ').next().unwrap_or("offer"));
                cards("give", &give, &mut p);
                cards("get", &get, &mut p);
                p
            }
            Action::Accept => button("accept"),
            Action::Decline => button("decline"),
            Action::TradeWith { seat } => vec![format!("seat:{seat}")],
            Action::Withdraw => button("withdraw"),
            Action::EndTurn => button("end"),
            // Cities & Knights: the decision's words, each a click (`recruit`, `vertex`...).
            ref ck => ck
                .to_string()
                .split_whitespace()
                .map(String::from)
                .collect(),
        }
    }

    fn label(&self, seat: Seat, action: &Action) -> Message {
        let m = match action {
            Action::Play { play } => Message::tagged(play, "card", "action.catan.play."),
            _ => Message::tagged(action, "action", "action.catan."),
        };
        match *action {
            Action::Maritime { give, .. } => m.arg("rate", self.rate(seat, give)),
            // Nobody there to rob: its own words, not an empty `{victim}`.
            Action::Robber { hex, victim: None } => {
                Message::new("action.catan.robber_nobody").arg("hex", hex)
            }
            _ => m,
        }
    }

    fn describe(event: &Event) -> Message {
        Message::tagged(event, "event", "event.catan.")
    }

    /// The geometry the tables draw: hexes (axial), intersections (half-unit
    /// positions), paths (their two intersections) and the harbour slots.
    fn board() -> serde_json::Value {
        let g = Geometry::get();
        serde_json::json!({
            "hexes": g.hex_axial.as_slice(),
            "vertices": g.vertex_xy.as_slice(),
            "edges": g.edge_vertices.as_slice(),
            "harbours": g.harbour_vertices.as_slice(),
        })
    }

    /// Position files (tests/position_files.rs): checked by [`Catan::validate`].
    fn check_position(&self) -> Result<(), String> {
        self.validate().map_err(|e| e.to_string())
    }
}
