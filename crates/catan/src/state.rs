//! The position: everything on the table, plain data (a position file), and the
//! questions asked of it (who holds what, what may be built where).

use crate::board::Layout;
use crate::cards::{Card, Cards, Dev, Devs};
use crate::config::Config;
use crate::content::{Content, Harbour};
use crate::geometry::{Edge, EdgeSet, Geometry, Hex, Vertex, VertexSet};
use serde::{Deserialize, Serialize};
use tabuleiro_core::{Seat, SeatSet};

/// One seat's pieces and cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub hand: Cards,
    /// Development cards held since before this turn (playable), victory points included.
    pub devs: Devs,
    /// Development cards bought this turn: not playable until the next.
    pub fresh: Devs,
    /// Development cards played (face up).
    pub played: Devs,
    pub settlements: VertexSet,
    pub cities: VertexSet,
    pub roads: EdgeSet,
    /// The longest road through this seat's roads (derived; kept up to date).
    pub road_length: u8,
}

impl Player {
    pub fn buildings(&self) -> VertexSet {
        self.settlements | self.cities
    }

    /// Hidden victory points: victory point cards in hand.
    pub fn vp_cards(&self) -> u8 {
        self.devs.get(Dev::VictoryPoint) + self.fresh.get(Dev::VictoryPoint)
    }
}

/// A source of victory points everyone sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PointSource {
    Settlements,
    Cities,
    LongestRoad,
    LargestArmy,
    /// Cities & Knights (seed 004): metropolises, Defender of Catan cards, the
    /// Merchant, and the point progress cards shown (Printer, Constitution).
    Metropolises,
    Defender,
    Merchant,
    PointCards,
}

/// A counter-offer: the answering seat would give `give` to the player on turn for
/// `get` (digest section B, "Trading": trades only ever involve the player on turn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counter {
    pub give: Cards,
    pub get: Cards,
}

impl Counter {
    /// The trade as the player on turn makes it: what it gives, what it gets.
    pub fn for_offerer(&self) -> (Cards, Cards) {
        (self.get, self.give)
    }
}

/// The counter-offers to an offer, by seat (a seat's counter-offer is its answer, so
/// it has at most one).
pub type Counters = [Option<Counter>; 4];

fn no_counters(c: &Counters) -> bool {
    c.iter().all(Option::is_none)
}

/// Where the game stands: whose decision, and of what kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    /// Waiting for the board and the development deck (chance).
    Setup,
    /// Snake setup, step `step` of `2n`: a settlement, then a road beside it.
    Place {
        step: u8,
        settled: Option<Vertex>,
    },
    /// The player on turn may play a development card, then rolls.
    BeforeRoll,
    /// Waiting for the dice (chance).
    Rolling,
    /// Seats over the hand limit discard (each owes `owed[seat]`), in any order.
    Discard,
    /// The player on turn moves the robber.
    Robber,
    /// Waiting for the card the victim loses (chance).
    Steal {
        victim: Seat,
    },
    /// Trade, build, buy, play, end the turn.
    Main,
    /// Road Building: `left` free roads to place.
    RoadBuilding {
        left: u8,
    },
    /// The other seats answer an offer; `waiting` have not answered yet.
    Offer {
        give: Cards,
        get: Cards,
        waiting: SeatSet,
        accepted: SeatSet,
        /// The counter-offers made so far, by seat.
        #[serde(default, skip_serializing_if = "no_counters")]
        counters: Counters,
    },
    /// The player on turn picks one of the seats that accepted or one of the
    /// counter-offers, or withdraws.
    Choose {
        give: Cards,
        get: Cards,
        accepted: SeatSet,
        #[serde(default, skip_serializing_if = "no_counters")]
        counters: Counters,
    },
    Over,
    // Cities & Knights (seed 004).
    /// Seats that lost to the barbarians choose the city reduced (section 7).
    Pillage {
        waiting: SeatSet,
    },
    /// Defenders tied at the top choose a progress deck (section 7; digest C15).
    PickDeck {
        waiting: SeatSet,
    },
    /// Seats over their progress hand limit discard one (section 12); `ending`: the
    /// turn ends after.
    ProgressDiscard {
        waiting: SeatSet,
        ending: bool,
    },
    /// Seats with the Aqueduct whom the roll gave nothing choose a resource.
    Aqueduct {
        waiting: SeatSet,
    },
    /// The player on turn places the metropolis of `track` on a city.
    Metropolis {
        track: crate::ck::Track,
    },
    /// `seat` relocates or removes its knight displaced from `from`.
    Displaced {
        seat: Seat,
        knight: crate::ck::Knight,
    },
    /// Deserter: `seat` removes one of its knights.
    Desert {
        seat: Seat,
    },
    /// Deserter: the player on turn may place a free knight of `level`.
    FreeKnight {
        level: u8,
    },
    /// Diplomat: the player on turn may rebuild its removed road, free.
    DiplomatRoad {
        removed: Edge,
    },
    /// Commercial Harbor: the player on turn offers a resource to a seat not yet in `done`.
    Harbor {
        done: SeatSet,
    },
    /// Commercial Harbor: `seat` gives a commodity for `card`.
    HarborAnswer {
        seat: Seat,
        card: Card,
        done: SeatSet,
    },
    /// Master Merchant: the player on turn takes `left` cards from `victim`'s hand.
    MasterMerchant {
        victim: Seat,
        left: u8,
    },
    /// Spy: the player on turn takes one of `victim`'s progress cards.
    Spy {
        victim: Seat,
    },
    /// Wedding: seats owing cards (`owed`) give them.
    Wedding,
}

impl Phase {
    /// The trade open while an offer is answered or a partner chosen: the offer's
    /// cards (what the player on turn gives, what it asks), the seats that accepted,
    /// the counter-offers.
    pub fn open_trade(&self) -> Option<(Cards, Cards, SeatSet, Counters)> {
        match *self {
            Phase::Offer {
                give,
                get,
                accepted,
                counters,
                ..
            }
            | Phase::Choose {
                give,
                get,
                accepted,
                counters,
            } => Some((give, get, accepted, counters)),
            _ => None,
        }
    }

    /// Moments only Cities & Knights has.
    pub fn is_ck(&self) -> bool {
        !matches!(
            self,
            Phase::Setup
                | Phase::Place { .. }
                | Phase::BeforeRoll
                | Phase::Rolling
                | Phase::Discard
                | Phase::Robber
                | Phase::Steal { .. }
                | Phase::Main
                | Phase::RoadBuilding { .. }
                | Phase::Offer { .. }
                | Phase::Choose { .. }
                | Phase::Over
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catan {
    pub config: Config,
    pub board: Layout,
    pub robber: Hex,
    pub players: Vec<Player>,
    pub bank: Cards,
    /// The development deck, top card last. Hidden from every seat.
    pub deck: Vec<Dev>,
    pub phase: Phase,
    /// The seat on turn (during setup, the seat placing).
    pub current: Seat,
    /// Turns started so far (setup is turn 0).
    pub turn: u32,
    /// Whether the player on turn has rolled this turn.
    pub rolled: bool,
    /// Whether the player on turn has played a development card this turn.
    pub dev_played: bool,
    /// Offers made this turn (to bound the offers listed to bots, not a rule).
    pub offers: u8,
    /// Cards each seat still owes on a 7.
    pub owed: Vec<u8>,
    pub longest_road: Option<Seat>,
    pub largest_army: Option<Seat>,
    pub winner: Option<Seat>,
    /// The Cities & Knights part of the position (`None` in the base game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ck: Option<Box<crate::ck::Ck>>,
}

/// How many cards of `card` a game of `config` holds: 19 of each resource, and with
/// Cities & Knights 12 of each commodity (the content files).
fn cards_in_game(config: &Config, card: Card) -> u8 {
    match card.is_resource() {
        true => Content::get().cards_per_kind,
        false if config.is_ck() => crate::ck::CkContent::get().commodities_per_kind,
        false => 0,
    }
}

impl Catan {
    /// A new game waiting for its board (chance).
    pub fn create(config: &Config) -> crate::Result<Catan> {
        config.validate()?;
        Ok(Catan::build(config))
    }

    fn build(config: &Config) -> Catan {
        let n = config.players as usize;
        let mut bank = Cards::NONE;
        for k in Card::ALL {
            bank.0[k.index()] = cards_in_game(config, k);
        }
        let board = Layout::beginner();
        Catan {
            config: config.clone(),
            robber: board.desert(),
            board,
            players: vec![Player::default(); n],
            bank,
            deck: Vec::new(),
            phase: Phase::Setup,
            current: 0,
            turn: 0,
            rolled: false,
            dev_played: false,
            offers: 0,
            owed: vec![0; n],
            longest_road: None,
            largest_army: None,
            winner: None,
            ck: config.is_ck().then(|| Box::new(crate::ck::Ck::new(n))),
        }
    }

    pub fn n(&self) -> usize {
        self.players.len()
    }

    /// How many cards of `card` the game holds, bank and hands together.
    pub fn cards_in_game(&self, card: Card) -> u8 {
        cards_in_game(&self.config, card)
    }

    /// The seat placing at snake step `step`: 0, 1, .., n-1, n-1, .., 0.
    pub fn snake_seat(&self, step: u8) -> Seat {
        let n = self.n() as u8;
        if step < n {
            step
        } else {
            2 * n - 1 - step
        }
    }

    pub fn occupied(&self) -> VertexSet {
        self.players
            .iter()
            .fold(VertexSet::EMPTY, |s, p| s | p.buildings())
    }

    pub fn all_roads(&self) -> EdgeSet {
        self.players.iter().fold(EdgeSet::EMPTY, |s, p| s | p.roads)
    }

    /// Buildings (and, in Cities & Knights, knights) of every seat but `seat`: what
    /// stops its roads (seed 004 L35 "pode quebrar o comprimento da estrada").
    pub fn others_buildings(&self, seat: Seat) -> VertexSet {
        let knights = |s: usize| {
            self.ck
                .as_ref()
                .map_or(VertexSet::EMPTY, |ck| ck.players[s].knight_vertices())
        };
        self.players
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat as usize)
            .fold(VertexSet::EMPTY, |acc, (s, p)| {
                acc | p.buildings() | knights(s)
            })
    }

    /// Intersections the distance rule closes: buildings and their neighbours.
    pub fn too_close(&self) -> VertexSet {
        let g = Geometry::get();
        let occ = self.occupied();
        occ.iter()
            .fold(occ, |s, v| s | g.vertex_neighbours[v as usize])
    }

    /// Ends of `seat`'s roads.
    pub fn road_ends(&self, seat: Seat) -> VertexSet {
        let g = Geometry::get();
        self.players[seat as usize]
            .roads
            .iter()
            .fold(VertexSet::EMPTY, |s, e| {
                let [a, b] = g.edge_vertices[e as usize];
                s.with(a).with(b)
            })
    }

    /// Paths where `seat` may build a road now (ignoring cost and pieces): free paths
    /// touching its own building, or its own road at an intersection no other seat
    /// has built on.
    pub fn road_spots(&self, seat: Seat) -> EdgeSet {
        let g = Geometry::get();
        let own = self.players[seat as usize].buildings();
        let reach = own | (self.road_ends(seat) & !self.others_buildings(seat));
        let taken = self.all_roads();
        reach
            .iter()
            .fold(EdgeSet::EMPTY, |s, v| s | g.vertex_edges[v as usize])
            & !taken
    }

    /// Intersections where `seat` may build a settlement now (after setup): on its own
    /// road, with the distance rule kept.
    pub fn settlement_spots(&self, seat: Seat) -> VertexSet {
        self.road_ends(seat) & !self.too_close() & !self.pieces()
    }

    /// Intersections a setup settlement may take: anywhere the distance rule allows.
    pub fn setup_spots(&self) -> VertexSet {
        VertexSet((1u64 << crate::geometry::VERTICES) - 1) & !self.too_close()
    }

    /// The maritime rate `seat` has for giving `card`: 2 at its harbour, 3 at a generic
    /// harbour, else 4.
    pub fn rate(&self, seat: Seat, card: Card) -> u8 {
        let g = Geometry::get();
        let c = Content::get();
        let own = self.players[seat as usize].buildings();
        let mut rate = c.rate_bank;
        if let Some(ck) = &self.ck {
            rate = rate.min(self.ck_rate(ck, seat, card));
        }
        // Most seats build at no harbour: one test instead of nine (issue 46).
        if !own.intersects(g.any_harbour) {
            return rate;
        }
        for (i, &spots) in g.harbour_spots.iter().enumerate() {
            if own.intersects(spots) {
                rate = rate.min(match self.board.harbours[i] {
                    Harbour::Special(k) if k == card => c.rate_special,
                    Harbour::Special(_) => c.rate_bank,
                    Harbour::Generic => c.rate_generic,
                });
            }
        }
        rate
    }

    /// Points from what is on the table and the special cards: what everyone sees.
    pub fn public_points(&self, seat: Seat) -> u8 {
        let sum: u32 = self
            .every_point_source(seat)
            .iter()
            .map(|&(_, n)| n as u32)
            .sum();
        sum.min(u8::MAX as u32) as u8
    }

    /// Where a seat's public points come from, each source with points (the tables'
    /// panels and end screens show them; their sum is [`Catan::public_points`]).
    pub fn point_sources(&self, seat: Seat) -> Vec<(PointSource, u8)> {
        let mut out = self.every_point_source(seat).to_vec();
        out.retain(|&(_, n)| n > 0);
        out
    }

    /// Every source of public points with what it is worth to `seat`, in a fixed
    /// order: counted after every decision, so it allocates nothing (issue 46).
    fn every_point_source(&self, seat: Seat) -> [(PointSource, u8); 8] {
        let c = Content::get();
        let p = &self.players[seat as usize];
        let award = |holder: Option<Seat>, vp: u8| if holder == Some(seat) { vp } else { 0 };
        let [a, b, d, e] = self.ck_point_sources(seat);
        [
            (PointSource::Settlements, p.settlements.len() as u8),
            (PointSource::Cities, 2 * p.cities.len() as u8),
            (
                PointSource::LongestRoad,
                award(self.longest_road, c.longest_road_vp),
            ),
            (
                PointSource::LargestArmy,
                award(self.largest_army, c.largest_army_vp),
            ),
            a,
            b,
            d,
            e,
        ]
    }

    /// All of a seat's points, hidden victory point cards included: the sum of
    /// [`Catan::public_points`] and the cards, added here without the list of sources,
    /// since the victory check asks it after every decision (issue 46: the list was a
    /// tenth of base Catan's random play). `validate` holds the two sums equal.
    pub fn points(&self, seat: Seat) -> u8 {
        let c = Content::get();
        let p = &self.players[seat as usize];
        let award = |holder: Option<Seat>, vp: u8| (holder == Some(seat)) as u32 * vp as u32;
        // A seat has a few settlements and cities at most: counted one by one.
        let mut sum = p.settlements.len_few()
            + 2 * p.cities.len_few()
            + award(self.longest_road, c.longest_road_vp)
            + award(self.largest_army, c.largest_army_vp)
            + p.vp_cards() as u32;
        if self.ck.is_some() {
            sum += self
                .ck_point_sources(seat)
                .iter()
                .map(|&(_, n)| n as u32)
                .sum::<u32>();
        }
        sum.min(u8::MAX as u32) as u8
    }

    /// Whether `seat` has a building on a corner of `hex`.
    pub fn builds_beside(&self, seat: Seat, hex: Hex) -> bool {
        let corners = Geometry::get().hex_vertex_set[hex as usize];
        self.players[seat as usize].buildings().intersects(corners)
    }

    /// Seats with a building on `hex`, other than `seat`, holding at least one card.
    pub fn victims(&self, seat: Seat, hex: Hex) -> impl Iterator<Item = Seat> + '_ {
        (0..self.n() as Seat).filter(move |&s| {
            s != seat && self.builds_beside(s, hex) && self.players[s as usize].hand.total() > 0
        })
    }

    /// The cards each seat must discard on a 7 (digest C11: half, rounding per option).
    pub fn discard_owed(&self, seat: Seat) -> u8 {
        let held = self.players[seat as usize].hand.total();
        if held <= self.hand_limit(seat) as u32 {
            return 0;
        }
        match self.config.discard_rounding {
            crate::config::DiscardRounding::Down => (held / 2) as u8,
            crate::config::DiscardRounding::Up => held.div_ceil(2) as u8,
        }
    }

    pub fn edge_free(&self, edge: Edge) -> bool {
        !self.all_roads().contains(edge)
    }
}
