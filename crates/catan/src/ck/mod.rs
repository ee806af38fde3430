//! Cities & Knights (seed 004): the expansion's pieces and cards, its state beside the
//! base position, and its rules (`rules`, `knights`, `progress`, `legal`). The base game
//! never holds any of this: [`crate::Catan::ck`] is `None` there.

pub mod content;
mod evaluate;
mod knights;
mod legal;
mod progress;
mod rules;
mod view;

pub use content::CkContent;

use crate::cards::Card;
use crate::geometry::{Hex, Vertex, VertexSet};
use serde::{Deserialize, Serialize};
use tabuleiro_core::Seat;

/// An improvement track and the colour of its progress cards (seed 004 section 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Track {
    /// Yellow, paid in cloth.
    Trade,
    /// Blue, paid in coin; level 3 is the Fortress.
    Politics,
    /// Green, paid in paper; level 3 is the Aqueduct.
    Science,
}

impl Track {
    pub const ALL: [Track; 3] = [Track::Trade, Track::Politics, Track::Science];

    pub fn name(self) -> &'static str {
        ["trade", "politics", "science"][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Track> {
        Track::ALL.into_iter().find(|t| t.name() == s)
    }

    pub fn commodity(self) -> Card {
        CkContent::get().track_commodity[self as usize]
    }
}

/// The level-3 improvement that unlocks each track's ability (seed 004 section 10).
pub const ABILITY_LEVEL: u8 = 3;
/// The level that lets a seat claim a track's metropolis, and the one that takes it.
pub const METROPOLIS_LEVEL: u8 = 4;
pub const TOP_LEVEL: u8 = 5;

/// What the event die shows: a barbarian ship or one colour's castle (seed 004 section 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EventFace {
    Ship,
    Castle(Track),
}

impl EventFace {
    /// The face of a die showing 1..6: the ship faces first, then one castle per track.
    pub fn of_die(d: u8) -> EventFace {
        let ships = CkContent::get().event_ship_faces;
        if d <= ships {
            EventFace::Ship
        } else {
            EventFace::Castle(Track::ALL[((d - ships - 1) % 3) as usize])
        }
    }
}

macro_rules! progress_cards {
    ($($variant:ident $name:literal $track:ident),* $(,)?) => {
        /// A progress card (seed 004 sections 13-15).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
        pub enum Progress { $($variant),* }

        impl Progress {
            pub const ALL: &'static [Progress] = &[$(Progress::$variant),*];
            pub fn name(self) -> &'static str {
                match self { $(Progress::$variant => $name),* }
            }
            pub fn track(self) -> Track {
                match self { $(Progress::$variant => Track::$track),* }
            }
        }
    };
}

progress_cards! {
    CommercialHarbor "commercial_harbor" Trade,
    MasterMerchant "master_merchant" Trade,
    MerchantFleet "merchant_fleet" Trade,
    Merchant "merchant" Trade,
    ResourceMonopoly "resource_monopoly" Trade,
    TradeMonopoly "trade_monopoly" Trade,
    Bishop "bishop" Politics,
    Constitution "constitution" Politics,
    Deserter "deserter" Politics,
    Diplomat "diplomat" Politics,
    Intrigue "intrigue" Politics,
    Saboteur "saboteur" Politics,
    Spy "spy" Politics,
    Warlord "warlord" Politics,
    Wedding "wedding" Politics,
    Alchemist "alchemist" Science,
    Crane "crane" Science,
    Engineer "engineer" Science,
    Inventor "inventor" Science,
    Irrigation "irrigation" Science,
    Medicine "medicine" Science,
    Mining "mining" Science,
    Printer "printer" Science,
    RoadBuilding "road_building" Science,
    Smith "smith" Science,
}

impl Progress {
    pub fn from_name(s: &str) -> Option<Progress> {
        Progress::ALL.iter().copied().find(|p| p.name() == s)
    }

    /// Printer and Constitution: shown at once, a point each, never in the hand (seed
    /// 004 section 12).
    pub fn is_point(self) -> bool {
        matches!(self, Progress::Printer | Progress::Constitution)
    }
}

/// A knight on the board (seed 004 section 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Knight {
    pub vertex: Vertex,
    /// 1 basic, 2 strong, 3 mighty.
    pub level: u8,
    pub active: bool,
    /// Activated during this turn (digest C6: it may not chase the robber this turn).
    #[serde(default)]
    pub activated_now: bool,
    /// Placed during this turn (seed 004 L39: not placed, activated and acting in one turn).
    #[serde(default)]
    pub placed_now: bool,
    /// Promoted during this turn (seed 004 L52: not twice in one turn).
    #[serde(default)]
    pub promoted_now: bool,
}

/// One seat's expansion pieces and cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CkPlayer {
    /// Levels 0..5 per [`Track`].
    pub improvements: [u8; 3],
    /// Cities carrying a wall.
    pub walls: VertexSet,
    pub knights: Vec<Knight>,
    /// Progress cards in hand, hidden from the others.
    pub progress: Vec<Progress>,
    /// Point cards shown (Printer, Constitution).
    pub revealed: Vec<Progress>,
    /// Defender of Catan cards won.
    pub defender: u8,
}

impl CkPlayer {
    pub fn knight_at(&self, v: Vertex) -> Option<&Knight> {
        self.knights.iter().find(|k| k.vertex == v)
    }

    pub fn knight_vertices(&self) -> VertexSet {
        self.knights
            .iter()
            .fold(VertexSet::EMPTY, |s, k| s.with(k.vertex))
    }

    /// Progress cards in hand by colour (index: [`Track`]).
    pub fn colours(&self) -> [u32; 3] {
        let mut by = [0; 3];
        self.progress
            .iter()
            .for_each(|c| by[c.track() as usize] += 1);
        by
    }

    /// Knights of `level` on the board.
    pub fn knights_of(&self, level: u8) -> u8 {
        self.knights.iter().filter(|k| k.level == level).count() as u8
    }

    /// The strength of the active knights (seed 004 section 7).
    pub fn active_strength(&self) -> u32 {
        self.knights
            .iter()
            .filter(|k| k.active)
            .map(|k| k.level as u32)
            .sum()
    }
}

/// A track's metropolis and the city carrying it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Metropolis {
    pub seat: Seat,
    pub vertex: Vertex,
}

/// Where a roll stands: the event die resolves first, then production (data file
/// `turn_order`; seed 004 sections 3-5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Stage {
    Draws,
    Produce,
    Robber,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RollState {
    /// Yellow and red.
    pub dice: [u8; 2],
    pub event: EventFace,
    pub stage: Stage,
}

/// The expansion's part of the position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ck {
    pub players: Vec<CkPlayer>,
    /// Spaces the barbarian ship has advanced (0: at the start).
    pub barbarians: u8,
    /// Whether the barbarians have attacked once: the robber moves only from then
    /// (seed 004 section 8).
    pub attacked: bool,
    pub metropolis: [Option<Metropolis>; 3],
    /// The three progress decks, top card last; hidden from every seat.
    pub decks: [Vec<Progress>; 3],
    pub merchant: Option<(Seat, Hex)>,
    /// The roll being resolved.
    pub roll: Option<RollState>,
    /// Dice chosen with the Alchemist for the coming roll.
    pub alchemist: Option<[u8; 2]>,
    /// The Merchant Fleet card's kind, 2:1 until the end of the turn.
    pub fleet: Option<Card>,
    /// Seats still to be robbed by the Bishop after the current steal.
    pub steal_queue: Vec<Seat>,
}

impl Ck {
    pub fn new(n: usize) -> Ck {
        Ck {
            players: vec![CkPlayer::default(); n],
            ..Ck::default()
        }
    }

    /// The cities carrying a metropolis of `seat`.
    pub fn metropolises(&self, seat: Seat) -> VertexSet {
        metropolises_of(&self.metropolis, seat)
    }

    /// Every knight on the board, of any seat.
    pub fn all_knights(&self) -> VertexSet {
        self.players
            .iter()
            .fold(VertexSet::EMPTY, |s, p| s | p.knight_vertices())
    }
}

/// The cities of `seat` that carry one of `metropolis` (one per track).
pub fn metropolises_of(metropolis: &[Option<Metropolis>; 3], seat: Seat) -> VertexSet {
    metropolis
        .iter()
        .flatten()
        .filter(|m| m.seat == seat)
        .fold(VertexSet::EMPTY, |s, m| s.with(m.vertex))
}
