//! How Catan is offered to people: each decision as the clicks on the table that make
//! it (`vertex:N`, `edge:N`, `hex:N`, `seat:N`, `card:KIND`, `dev:KIND`, and for Cities &
//! Knights `track:NAME`, `progress:NAME`, or a button),
//! its words as a catalogue key, events as catalogue keys, and the board's geometry.

use crate::action::{Action, Event, Play};
use crate::cards::Cards;
use crate::ck::{Progress, Track};
use crate::geometry::Geometry;
use crate::geometry::Vertex;
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

fn vertex(v: Vertex) -> String {
    format!("vertex:{v}")
}

fn track(t: Track) -> String {
    format!("track:{}", t.name())
}

fn progress(p: Progress) -> String {
    format!("progress:{}", p.name())
}

/// `vertex:N`, or the `none` button where a choice may name no intersection.
fn maybe_vertex(v: Option<Vertex>) -> String {
    v.map_or("none".into(), vertex)
}

/// Cities & Knights: a verb button then the pieces it acts on, where the turn offers
/// several verbs on the same pieces (a knight can be activated, promoted or moved);
/// the piece alone where the moment asks for one thing (the city the barbarians take).
fn ck_path(action: &Action) -> Vec<String> {
    let verb = |v: &str, rest: &[String]| {
        std::iter::once(v.to_string())
            .chain(rest.iter().cloned())
            .collect()
    };
    match *action {
        Action::Wall { vertex: v } => verb("wall", &[vertex(v)]),
        Action::Improve { track: t } => verb("improve", &[track(t)]),
        Action::Recruit { vertex: v } => verb("recruit", &[vertex(v)]),
        Action::Activate { vertex: v } => verb("activate", &[vertex(v)]),
        Action::Promote { vertex: v } => verb("promote", &[vertex(v)]),
        Action::MoveKnight { from, to } => verb("move_knight", &[vertex(from), vertex(to)]),
        Action::Displace { from, to } => verb("displace", &[vertex(from), vertex(to)]),
        Action::Chase { vertex: v } => verb("chase", &[vertex(v)]),
        Action::Metropolis { vertex: v }
        | Action::Pillage { vertex: v }
        | Action::Desert { vertex: v } => vec![vertex(v)],
        Action::Relocate { to } => vec![maybe_vertex(to)],
        Action::FreeKnight { vertex: v } => vec![maybe_vertex(v)],
        Action::PickDeck { track: t } => vec![track(t)],
        Action::DiscardProgress { card: p } | Action::TakeProgress { card: p } => {
            vec![progress(p)]
        }
        Action::Aqueduct { card: c } | Action::Give { card: c } | Action::Take { card: c } => {
            vec![card(c)]
        }
        Action::HarborOffer { seat, card: c } => vec![format!("seat:{seat}"), card(c)],
        Action::Play { play } => play_path(&play),
        // Pass, and any decision of the base game (never reached: matched above).
        ref other => other
            .to_string()
            .split_whitespace()
            .map(String::from)
            .collect(),
    }
}

/// What each build costs, from the data files (`costs`, and Cities & Knights'
/// `knight_costs`, `wall` and `improvement_cost`), so that the tables show the
/// costs the engine charges rather than a copy of them.
fn costs() -> serde_json::Value {
    let c = &crate::content::Content::get().costs;
    let ck = crate::ck::CkContent::get();
    // Raising a track to level `l + 1` costs `improvement_cost[l]` of its commodity.
    let improve: serde_json::Map<String, serde_json::Value> = Track::ALL
        .iter()
        .map(|&t| {
            let kind = ck.track_commodity[t as usize];
            let levels: Vec<Cards> = ck
                .improvement_cost
                .iter()
                .map(|&n| Cards::of(kind, n))
                .collect();
            (t.name().to_string(), serde_json::json!(levels))
        })
        .collect();
    serde_json::json!({
        "road": c.road,
        "settlement": c.settlement,
        "city": c.city,
        "development": c.development,
        "knight": ck.knight_build,
        "activate": ck.knight_activate,
        "promote": ck.knight_promote,
        "wall": ck.wall_cost,
        "improve": improve,
    })
}

/// A progress card played: the card in one's hand, then what it is played on.
fn play_path(play: &Play) -> Vec<String> {
    let mut p = vec![progress(play.card())];
    match *play {
        Play::MasterMerchant { seat } | Play::Deserter { seat } | Play::Spy { seat } => {
            p.push(format!("seat:{seat}"))
        }
        Play::MerchantFleet { kind }
        | Play::ResourceMonopoly { kind }
        | Play::TradeMonopoly { kind } => p.push(card(kind)),
        Play::Merchant { hex } | Play::Bishop { hex } => p.push(format!("hex:{hex}")),
        Play::Diplomat { edge } => p.push(format!("edge:{edge}")),
        Play::Intrigue { vertex: v }
        | Play::Engineer { vertex: v }
        | Play::Medicine { vertex: v } => p.push(vertex(v)),
        Play::Alchemist { yellow, red } => {
            p.extend([format!("yellow:{yellow}"), format!("red:{red}")])
        }
        Play::Crane { track: t } => p.push(track(t)),
        Play::Inventor { a, b } => p.extend([format!("hex:{a}"), format!("hex:{b}")]),
        Play::Smith { first, second } => p.extend([vertex(first), maybe_vertex(second)]),
        _ => {}
    }
    p
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
            ref ck => ck_path(ck),
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
            // The hexes meeting at each intersection, so that clients name a corner
            // by the engine's own geometry rather than recompute it.
            "vertex_hexes": g
                .vertex_hexes
                .iter()
                .map(|set| set.iter().collect::<Vec<_>>())
                .collect::<Vec<_>>(),
            "costs": costs(),
        })
    }

    /// Position files (tests/position_files.rs): checked by [`Catan::validate`].
    fn check_position(&self) -> Result<(), String> {
        self.validate().map_err(|e| e.to_string())
    }
}
