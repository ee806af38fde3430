//! What one seat (or a spectator) sees (issue 40), built field by field from the
//! state: the board and every piece on it, the bank, the seat's own hand and
//! development cards (and a hand the Master Merchant or the Spy opens to it), the
//! others' as counts. Nothing else: a field added to the state is shown to no one
//! until it is named here. A search does not read views; it guesses from the state
//! through `Game::determinize`.

use crate::board::Layout;
use crate::cards::{Card, Cards, Devs, RESOURCES};
use crate::ck::{Ck, Knight, Metropolis, Progress, RollState};
use crate::config::Config;
use crate::geometry::{EdgeSet, Hex, VertexSet};
use crate::state::{Catan, Phase, Player, PointSource};
use serde::{Deserialize, Serialize};
use tabuleiro_core::Seat;

/// What one seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub seat: Option<Seat>,
    /// The table: the board, its pieces, each player's face-up cards.
    pub position: Table,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<u32>,
    /// Unplayed development cards of each seat: held since before this turn, and bought this turn.
    pub development_sizes: Vec<(u32, u32)>,
    pub deck_size: u32,
    /// Points everyone sees (hidden victory point cards left out).
    pub public_points: Vec<u8>,
    /// Where each seat's public points come from (they sum to `public_points`).
    #[serde(default)]
    pub point_sources: Vec<Vec<(PointSource, u8)>>,
    /// Cities & Knights: progress cards in each seat's hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub progress_sizes: Vec<u32>,
    /// Cities & Knights: cards left in the trade, politics and science decks.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub progress_decks: Vec<u32>,
    /// Cities & Knights: each seat's progress cards by colour (trade, politics,
    /// science). A card's colour is public: a castle names the deck drawn from (seed
    /// 004 section 3), and the decks' backs differ, so a card discarded or stolen
    /// shows its colour too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub progress_colours: Vec<[u32; 3]>,
    /// The viewer's rate with the bank for each card kind in play (empty for a
    /// spectator): harbours, and with Cities & Knights the Trading House and the
    /// Merchant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rates: Vec<(Card, u8)>,
}

/// The table as everyone sees it, with the viewer's own cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Table {
    pub config: Config,
    pub board: Layout,
    pub robber: Hex,
    pub players: Vec<Seen>,
    pub bank: Cards,
    pub phase: Phase,
    /// The seat on turn (during setup, the seat placing).
    pub current: Seat,
    /// Turns started so far (setup is turn 0).
    pub turn: u32,
    pub rolled: bool,
    pub dev_played: bool,
    pub offers: u8,
    /// Cards each seat still owes on a 7.
    pub owed: Vec<u8>,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub winner: Option<Seat>,
    /// The Cities & Knights part (`None` in the base game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ck: Option<CkTable>,
}

/// A player as the viewer sees it: its cards only where the rules show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seen {
    /// The viewer's own hand, or one the Master Merchant opens to it; `None`
    /// otherwise (`View::hand_sizes`).
    pub hand: Option<Cards>,
    /// The viewer's own development cards held since before this turn, and bought
    /// this turn; `None` for another seat's (`View::development_sizes`).
    pub devs: Option<Devs>,
    pub fresh: Option<Devs>,
    /// Development cards played (face up).
    pub played: Devs,
    pub settlements: VertexSet,
    pub cities: VertexSet,
    pub roads: EdgeSet,
    pub road_length: u8,
}

/// The Cities & Knights part of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CkTable {
    pub players: Vec<CkSeen>,
    /// Spaces the barbarian ship has advanced (0: at the start).
    pub barbarians: u8,
    pub attacked: bool,
    pub metropolis: [Option<Metropolis>; 3],
    pub merchant: Option<(Seat, Hex)>,
    pub roll: Option<RollState>,
    pub alchemist: Option<[u8; 2]>,
    pub fleet: Option<Card>,
    pub steal_queue: Vec<Seat>,
    /// The barbarians' strength (the cities on the board) and the knights' (the
    /// active knights), compared when the ship lands (seed 004 section 7).
    pub barbarian_strength: u32,
    pub knight_strength: u32,
}

/// A player's Cities & Knights pieces and cards as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CkSeen {
    /// Levels 0..5 per track.
    pub improvements: [u8; 3],
    pub walls: VertexSet,
    pub knights: Vec<Knight>,
    /// The seat's share of the knights' strength: its active knights' levels (seed
    /// 004 section 7), the figure the barbarians' attack compares and rewards.
    pub strength: u32,
    /// The viewer's own progress cards, or those the Spy opens to it; `None`
    /// otherwise (`View::progress_sizes`, `View::progress_colours`).
    pub progress: Option<Vec<Progress>>,
    /// Point cards shown (Printer, Constitution).
    pub revealed: Vec<Progress>,
    pub defender: u8,
}

impl View {
    pub(crate) fn of(g: &Catan, viewer: Option<Seat>) -> View {
        let seats = 0..g.n() as Seat;
        View {
            seat: viewer,
            position: Table::of(g, viewer),
            hand_sizes: g.players.iter().map(|p| p.hand.total()).collect(),
            development_sizes: (g.players.iter())
                .map(|p| (p.devs.total(), p.fresh.total()))
                .collect(),
            deck_size: g.deck.len() as u32,
            public_points: seats.clone().map(|s| g.public_points(s)).collect(),
            point_sources: seats.map(|s| g.point_sources(s)).collect(),
            progress_sizes: g.ck.as_ref().map_or(Vec::new(), |ck| {
                ck.players.iter().map(|p| p.progress.len() as u32).collect()
            }),
            progress_decks: g.ck.as_ref().map_or(Vec::new(), |ck| {
                ck.decks.iter().map(|d| d.len() as u32).collect()
            }),
            progress_colours: g.progress_colours(),
            rates: viewer.map_or(Vec::new(), |seat| {
                let kinds: &[Card] = match g.ck {
                    Some(_) => &Card::ALL,
                    None => &RESOURCES,
                };
                kinds.iter().map(|&k| (k, g.rate(seat, k))).collect()
            }),
        }
    }
}

impl Table {
    fn of(g: &Catan, viewer: Option<Seat>) -> Table {
        let (hand_open, progress_open) = g.opened(viewer);
        let own = |s: usize| viewer == Some(s as Seat);
        Table {
            config: g.config.clone(),
            board: g.board.clone(),
            robber: g.robber,
            players: (g.players.iter().enumerate())
                .map(|(s, p)| Seen::of(p, own(s), own(s) || hand_open == Some(s as Seat)))
                .collect(),
            bank: g.bank,
            phase: g.phase.clone(),
            current: g.current,
            turn: g.turn,
            rolled: g.rolled,
            dev_played: g.dev_played,
            offers: g.offers,
            owed: g.owed.clone(),
            longest_road: g.longest_road,
            largest_army: g.largest_army,
            winner: g.winner,
            ck: (g.ck.as_deref())
                .map(|ck| CkTable::of(g, ck, |s| own(s) || progress_open == Some(s as Seat))),
        }
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }
}

impl Seen {
    fn of(p: &Player, own: bool, hand_shown: bool) -> Seen {
        Seen {
            hand: hand_shown.then_some(p.hand),
            devs: own.then_some(p.devs),
            fresh: own.then_some(p.fresh),
            played: p.played,
            settlements: p.settlements,
            cities: p.cities,
            roads: p.roads,
            road_length: p.road_length,
        }
    }

    /// The viewer's hidden victory points: victory point cards in its own hand.
    pub fn vp_cards(&self) -> u8 {
        let held = |d: Option<Devs>| d.map_or(0, |d| d.get(crate::cards::Dev::VictoryPoint));
        held(self.devs) + held(self.fresh)
    }
}

impl CkTable {
    /// The cities of `seat` that carry a metropolis.
    pub fn metropolises(&self, seat: Seat) -> VertexSet {
        crate::ck::metropolises_of(&self.metropolis, seat)
    }

    fn of(g: &Catan, ck: &Ck, shown: impl Fn(usize) -> bool) -> CkTable {
        CkTable {
            players: (ck.players.iter().enumerate())
                .map(|(s, p)| CkSeen {
                    improvements: p.improvements,
                    walls: p.walls,
                    knights: p.knights.clone(),
                    strength: p.active_strength(),
                    progress: shown(s).then(|| p.progress.clone()),
                    revealed: p.revealed.clone(),
                    defender: p.defender,
                })
                .collect(),
            barbarians: ck.barbarians,
            attacked: ck.attacked,
            metropolis: ck.metropolis,
            merchant: ck.merchant,
            roll: ck.roll,
            alchemist: ck.alchemist,
            fleet: ck.fleet,
            steal_queue: ck.steal_queue.clone(),
            barbarian_strength: g.barbarian_strength(),
            knight_strength: g.knight_strength(),
        }
    }
}
