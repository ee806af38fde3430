//! What one seat (or a spectator) sees (issue 40), built field by field from the
//! state: every face-up tile and good, each duchy, the track, the dice, what the
//! modules lay on the table, and a seat's own starting choices. Nothing else: a
//! field added to the state is shown to no one until it is named here. A search does
//! not read views; it guesses from the state through `Game::determinize`.
//!
//! Almost nothing in a position is secret from a player with a good memory: every
//! tile and good is revealed face up when drawn, and the engine never decides the
//! face-down goods stacks or the bags' order before they are revealed (a chance step
//! draws them then). The secrets are another seat's duchy side and starting castle
//! while they are chosen simultaneously (seed 000 line 249), and the AutoDuke's
//! tiles laid face down by modifier A (seed 000 line 1128), which no one ever sees.

use crate::config::{CastleOrder, Config};
use crate::content::{Content, Duchy};
use crate::custom::GameContent;
use crate::modules::state::{is_zero, no_shields};
use crate::modules::{
    AutoDuke, Held, Hexamino, SoloState, TeamState, TeamVineyard, TradeRoute, VillageCard,
    VineKeys, Vineyards,
};
use crate::state::{BonusTile, Burgundy, Player, Spaces, Stage, TileCounts, Turn, TRACK};
use crate::tile::Tile;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tabuleiro_core::Seat;

/// What one seat sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub seat: Option<Seat>,
    /// The table: the central board, each duchy, the modules' pieces.
    pub position: Table,
    /// Goods still face down (phase stacks and the box): a count, not their order.
    pub goods_face_down: u32,
    /// The AutoDuke's duchy spaces that hold a tile face down (modifier A, seed 000
    /// line 1128): no one has seen it, so `position` shows the space empty and does
    /// not count the tile among those drawn from the black bag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auto_duke_face_down: Vec<u8>,
    /// The game plays with a content file (issue 15). The file itself is not in
    /// the view (`position.config` shows the embedded content): a client gets it
    /// once ([`tabuleiro_core::Game::custom_content`]), not in every view.
    #[serde(default, skip_serializing_if = "is_false")]
    pub custom_content: bool,
}

fn is_false(b: &bool) -> bool {
    !b
}

/// The table as everyone sees it, with the viewer's own starting choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Table {
    /// The game's settings; a content file's place holds the embedded content.
    pub config: Config,
    /// 0-4 for phases A-E.
    pub phase: u8,
    /// 0-4 within the phase.
    pub round: u8,
    /// What the game waits for (a turn's pending decisions are on the table).
    pub stage: Stage,
    pub players: Vec<Seen>,
    /// Hex tiles in the numbered depots 1-6.
    pub depots: [Vec<Tile>; 6],
    pub black_depot: Vec<Tile>,
    /// Goods lying in each depot, by type.
    pub depot_goods: [[u8; 6]; 6],
    /// Goods on the round spaces, the next first.
    pub round_goods: Vec<u8>,
    /// Tiles seen drawn from the coloured bags and piles, and from the black bag.
    pub drawn: TileCounts,
    pub drawn_black: TileCounts,
    /// Tiles out of the game.
    pub boxed: TileCounts,
    /// Bonus tiles already taken per colour: 0 none, 1 the large one, 2 both.
    pub bonus_taken: [u8; 6],
    /// The turn-order track: each space a stack of seats, bottom first.
    pub track: [Vec<Seat>; TRACK],
    /// Seats that have played this round.
    pub played: Vec<bool>,
    /// The turn order fixed at the start of the round.
    pub round_order: Vec<Seat>,
    /// The round's dice per seat and the white die.
    pub dice: Vec<[u8; 2]>,
    pub white: u8,
    /// What the config's modules lay on the table (omitted when nothing).
    #[serde(default, skip_serializing_if = "ModulesSeen::is_empty")]
    pub modules: ModulesSeen,
}

/// A player's duchy, storage and purse; its starting choices only where the viewer
/// may know them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seen {
    /// Duchy board number.
    pub duchy: u8,
    pub spaces: Spaces,
    pub storage: Vec<Tile>,
    pub goods: [u8; 6],
    pub sold: [u8; 6],
    pub silver: u32,
    pub workers: u32,
    pub vp: i32,
    pub bonus_tiles: Vec<BonusTile>,
    /// The starting castle space chosen while others still choose: the viewer's own
    /// (or its team's) only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub castle_choice: Option<u8>,
    /// Random duchies: the board drawn while its side is not yet revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<[u8; 2]>,
    /// The side chosen while others still choose: the viewer's own (or, with the
    /// castle on the centre, a stand-in saying that it was chosen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side_choice: Option<u8>,
}

/// What the modules lay on the table. Their pieces are public but the AutoDuke's.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// `default` on each field too: ts-rs reads only the field's to mark it optional.
#[serde(default)]
pub struct ModulesSeen {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub discarded_castles: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub inns: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trading_post_tiles: Vec<Seat>,
    #[serde(default, skip_serializing_if = "no_shields")]
    pub shield_depots: [Vec<u8>; 6],
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shields: Vec<BTreeMap<u8, u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield6: Option<Seat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crane_monastery: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phase_end: Vec<(Seat, crate::state::Pending)>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trade_routes: Vec<TradeRoute>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo: Option<SoloState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_duke: Option<AutoDukeSeen>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<TeamState>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vineyards: Option<Vineyards>,
}

/// The AutoDuke's board as everyone sees it: its duchy without the tiles laid face
/// down (`View::auto_duke_face_down` names their spaces). Its reserve's wildcards
/// and the wildcards on its cards lie face down too, but each came face up from the
/// black depot, so everyone knows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AutoDukeSeen {
    pub board: u8,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dealt: bool,
    pub cards: Vec<VillageCard>,
    /// The face-down deck's cards, in number order: which comes next is chance.
    pub deck: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub completed: Vec<u8>,
    /// Its duchy's spaces in reading order; a face-down tile's space is empty.
    pub duchy: Vec<Option<Held>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stacked: Vec<Tile>,
    pub reserve: Vec<Tile>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wild: Vec<Tile>,
    pub goods: [u8; 6],
    pub sold: [u8; 6],
    pub silver: u32,
    pub vp: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bonus_tiles: Vec<BonusTile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trading_post_tile: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shields: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexaminoes: Vec<Hexamino>,
    pub marker: u8,
    pub under: u8,
    pub slot: u8,
    pub played: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub die: Option<u8>,
}

impl View {
    pub(crate) fn of(g: &Burgundy, viewer: Option<Seat>) -> View {
        let auto_duke = g.modules.auto_duke.as_ref();
        View {
            seat: viewer,
            position: Table::of(g, viewer),
            goods_face_down: g.goods_unseen().iter().map(|&n| n as u32).sum(),
            auto_duke_face_down: auto_duke.map_or_else(Vec::new, |ad| {
                ad.face_down().map(|(space, _)| space).collect()
            }),
            custom_content: !g.config.content.is_embedded(),
        }
    }
}

impl Table {
    fn of(g: &Burgundy, viewer: Option<Seat>) -> Table {
        let mut drawn_black = g.drawn_black.clone();
        // The face-down tiles were drawn unseen: no one can count them as drawn.
        let auto_duke = g.modules.auto_duke.as_ref();
        for (_, tile) in auto_duke.iter().flat_map(|ad| ad.face_down()) {
            drawn_black.0[tile.kind()] -= 1;
        }
        let mut config = g.config.clone();
        config.content = GameContent::default();
        Table {
            config,
            phase: g.phase,
            round: g.round,
            stage: g.stage.clone(),
            players: (g.players.iter().enumerate())
                .map(|(s, p)| Seen::of(p, g.knows_choices_of(viewer, s as Seat), g))
                .collect(),
            depots: g.depots.clone(),
            black_depot: g.black_depot.clone(),
            depot_goods: g.depot_goods,
            round_goods: g.round_goods.clone(),
            drawn: g.drawn.clone(),
            drawn_black,
            boxed: g.boxed.clone(),
            bonus_taken: g.bonus_taken,
            track: g.track.clone(),
            played: g.played.clone(),
            round_order: g.round_order.clone(),
            dice: g.dice.clone(),
            white: g.white,
            modules: ModulesSeen::of(g),
        }
    }

    /// The content the game plays with. A content file is not in the view: a client
    /// puts it back into `config` (the server sends it once).
    #[inline]
    pub fn content(&self) -> &Content {
        self.config.content.get()
    }

    /// The duchy to draw for a seat: as [`Burgundy::shown_duchy`].
    pub fn shown_duchy(&self, seat: Seat) -> &Duchy {
        let p = &self.players[seat as usize];
        let c = self.content();
        (c.duchy(p.side_choice.unwrap_or(p.duchy)))
            .or_else(|| c.duchy(p.duchy))
            .expect("a view's duchies are the game's")
    }

    /// Seats in track order: the furthest ahead first, top of a stack first.
    pub fn track_order(&self) -> Vec<Seat> {
        crate::state::track_order(&self.track).collect()
    }

    #[inline]
    pub fn turn(&self) -> Option<&Turn> {
        match &self.stage {
            Stage::Turn(t) => Some(t),
            _ => None,
        }
    }

    /// Is the module `vineyards` played?
    pub fn vineyards(&self) -> Option<&Vineyards> {
        self.modules.vineyards.as_ref()
    }

    /// As [`Burgundy::teams_vineyard`].
    pub fn teams_vineyard(&self) -> bool {
        self.modules.team.is_some() && self.config.rules.team_vineyard == TeamVineyard::Team
    }

    /// As [`Burgundy::vines_held`].
    pub fn vines_held(&self, seat: Seat) -> [(VineKeys, &[Hexamino]); 3] {
        crate::modules::vines_held(self.vineyards(), self.modules.team.as_ref(), seat)
    }
}

impl Seen {
    fn of(p: &Player, knows_choices: bool, g: &Burgundy) -> Seen {
        let (castle_choice, side_choice) = match knows_choices {
            true => (p.castle_choice, p.side_choice),
            false => (None, p.side_seen_by_others(g.config.castle_on_centre)),
        };
        Seen {
            duchy: p.duchy,
            spaces: p.spaces.clone(),
            storage: p.storage.clone(),
            goods: p.goods,
            sold: p.sold,
            silver: p.silver,
            workers: p.workers,
            vp: p.vp,
            bonus_tiles: p.bonus_tiles.clone(),
            castle_choice,
            board: p.board,
            side_choice,
        }
    }
}

impl ModulesSeen {
    fn of(g: &Burgundy) -> ModulesSeen {
        let m = &g.modules;
        ModulesSeen {
            discarded_castles: m.discarded_castles,
            inns: m.inns,
            trading_post_tiles: m.trading_post_tiles.clone(),
            shield_depots: m.shield_depots.clone(),
            shields: m.shields.clone(),
            shield6: m.shield6,
            crane_monastery: m.crane_monastery,
            phase_end: m.phase_end.clone(),
            trade_routes: m.trade_routes.clone(),
            solo: m.solo,
            auto_duke: m.auto_duke.as_ref().map(AutoDukeSeen::of),
            team: m.team.clone(),
            vineyards: m.vineyards.clone(),
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == ModulesSeen::default()
    }
}

impl AutoDukeSeen {
    fn of(ad: &AutoDuke) -> AutoDukeSeen {
        AutoDukeSeen {
            board: ad.board,
            dealt: ad.dealt,
            cards: ad.cards.clone(),
            deck: ad.deck.clone(),
            completed: ad.completed.clone(),
            duchy: (ad.duchy.iter())
                .map(|h| h.filter(|h| !h.face_down))
                .collect(),
            stacked: ad.stacked.clone(),
            reserve: ad.reserve.clone(),
            wild: ad.wild.clone(),
            goods: ad.goods,
            sold: ad.sold,
            silver: ad.silver,
            vp: ad.vp,
            bonus_tiles: ad.bonus_tiles.clone(),
            trading_post_tile: ad.trading_post_tile,
            shields: ad.shields.clone(),
            hexaminoes: ad.hexaminoes.clone(),
            marker: ad.marker,
            under: ad.under,
            slot: ad.slot,
            played: ad.played,
            die: ad.die,
        }
    }
}

impl Burgundy {
    /// May `viewer` know `seat`'s starting choices? Its own, its team's, and
    /// everyone's unless they are chosen at the same time.
    pub(crate) fn knows_choices_of(&self, viewer: Option<Seat>, seat: Seat) -> bool {
        self.config.castle_order != CastleOrder::Simultaneous
            || viewer.is_some_and(|v| v == seat || self.partners(v, seat))
    }
}
