//! The encoding for learning agents ([`Encode`]): a fixed numbering of Catan's decisions
//! and a fixed-shape observation per seat, both shaped by the config alone (player
//! count, expansion).
//!
//! # Action space
//!
//! One block of ids per kind of decision, laid end to end in the order below; `n` is
//! the player count, `K` the card kinds a hand holds (the 5 resources, plus the 3
//! commodities with Cities & Knights). A block the config's game lacks (development
//! cards with Cities & Knights, every expansion decision in the base game) has size 0,
//! so each game's ids stay compact: 507 ids for the base game with 4 players, 10,953
//! for Cities & Knights with 4. Without trades between players (`player_trades` off)
//! the trade blocks from `Offer` to `Withdraw` have size 0 too: 340 ids for the base
//! game with 4 players.
//!
//! - `Settle`, `City`: an intersection (54); `Road`: a path (72); `Roll`; `Discard`: a
//!   kind (K); `Robber`: hex × victim (19 × (n + 1), the first slot for no victim).
//! - Base game only: `BuyDevelopment`, `Knight`, `RoadBuilding`, `YearOfPlenty`
//!   (resource × resource, 25), `Monopoly` (5).
//! - `Maritime`: give × get (K × K).
//! - Trades between players, in a bounded form: `Offer` and `Counter` give 1 or 2 cards
//!   of one kind for 1 or 2 cards of another kind (K × 2 × (K − 1) × 2 each: 80, or
//!   224 with commodities, which Cities & Knights lets players trade). A trade of
//!   more cards or kinds has no id, nor has the counter-offer the engine lists to such
//!   an offer (it asks for the offer's cards); offers made through this space are
//!   bounded, and so are the counter-offers listed to them. The engine lists only a
//!   few offers ([`tabuleiro_core::Game::legal_actions`]);
//!   [`Encode::unlisted_candidates`] names the rest. Then `Accept`, `Decline`,
//!   `TradeWith` (a seat, n), `Withdraw`, `EndTurn`.
//! - Cities & Knights: `Wall`, `Metropolis`, `Recruit`, `Activate`, `Promote`, `Chase`,
//!   `Pillage`, `Desert` (an intersection each); `Improve`, `PickDeck` (a track, 3);
//!   `MoveKnight`, `Displace` (from × to); `Relocate`, `FreeKnight` (an intersection or
//!   none, 55); `DiscardProgress`, `TakeProgress` (a progress card, 25); `Aqueduct` (a
//!   resource); `Give`, `Take` (a kind); `HarborOffer` (seat × resource); `Pass`; and
//!   one block per progress card played, sized by what its player chooses: a seat
//!   (Master Merchant, Deserter, Spy), a kind (Merchant Fleet), a resource or a
//!   commodity (the two Monopolies), a hex (Merchant, Bishop), a path (Diplomat), an
//!   intersection (Intrigue, Engineer, Medicine), the two dice (Alchemist, 6 × 6), a
//!   track (Crane), hex × hex (Inventor), intersection × (intersection or none)
//!   (Smith), nothing (the rest).
//!
//! # Observation
//!
//! Seats are rotated so that the viewer comes first; every per-seat group below has
//! `n` entries in that order. Counts are scaled to about 0..1.
//!
//! 1. The phase (one-hot over every [`Phase`]), whether a setup settlement awaits its
//!    road, free roads left; turn count, rolled, development card played.
//! 2. Each hex: terrain (one-hot), number token (one-hot over the sums 2..12), robber,
//!    and with Cities & Knights the merchant.
//! 3. Each harbour slot: generic or the resource it takes at 2:1 (one-hot).
//! 4. Each intersection, per seat: settlement, city; with Cities & Knights also wall,
//!    metropolis, knight level, knight active.
//! 5. Each path, per seat: road.
//! 6. Each seat: on turn, deciding, winner, points shown, cards in hand, development
//!    cards held and bought this turn, road length, Longest Road, Largest Army, cards
//!    owed on a 7, settlements, cities and roads built; base game: development cards
//!    played by kind; Cities & Knights: progress cards held (and by colour),
//!    improvement levels, Defender of Catan cards, point cards shown, the merchant,
//!    knights, active knight strength, walls, metropolises.
//! 7. The bank by kind, the development deck (base) or the three progress decks.
//! 8. The viewer's own cards: hand by kind, development cards by kind (held, bought
//!    this turn) or progress cards by kind, and its rate with the bank per kind.
//! 9. The trade under way: whether there is one, what the offer gives and asks, per
//!    seat waiting / accepted / countered and the counter-offer's two sides.
//! 10. Cities & Knights: barbarian position, whether they attacked, the barbarians' and
//!     the knights' strength, the roll being resolved (both dice, the event die, the
//!     stage), Alchemist dice chosen, the Merchant Fleet kind, each metropolis's holder,
//!     the current step's arguments (the seat it concerns, a card kind, a track, a
//!     knight level, cards left to take, seats done, whether the turn ends after, the
//!     road a Diplomat removed), and a hand and progress cards opened by the Master
//!     Merchant or the Spy.
//!
//! The base game's view holds no dice: the number just rolled is not observed there
//! (its effects are: hands, discards owed, the robber step).

use crate::action::{Action, Play};
use crate::cards::{Card, Cards, Dev, Devs, CARD_KINDS, COMMODITIES, DEV_KINDS, RESOURCES};
use crate::ck::{CkContent, EventFace, Progress, Track, TOP_LEVEL};
use crate::config::Config;
use crate::content::{Content, Harbour, Terrain};
use crate::geometry::{Hex, Vertex, EDGES, HARBOURS, HEXES, VERTICES};
use crate::state::{Catan, Phase};
use crate::view::{CkTable, Table, View};
use tabuleiro_core::encode::{mixed, Blocks};
use tabuleiro_core::{Encode, Features, Seat, SeatSet};

/// Cards of its one kind a side of a bounded trade holds at most.
const TRADE_MOST: usize = 2;
/// Faces of a die (the Alchemist names two).
const DIE_FACES: usize = 6;
/// Dice rolled for production: number tokens are their sums, 2 to 12.
const DICE: usize = 2;
const DICE_SUMS: usize = DICE * DIE_FACES - 1;
const TRACKS: usize = Track::ALL.len();
/// Knight levels: basic, strong, mighty.
const KNIGHT_LEVELS: usize = 3;
/// The event die's faces as observed: the ship, then one castle per track.
const EVENT_FACES: usize = 1 + TRACKS;
/// A roll's stages ([`crate::ck::Stage`]).
const STAGES: usize = 3;
/// Harbour kinds: generic, then one per resource.
const HARBOUR_KINDS: usize = 1 + RESOURCES.len();
/// The variants of [`Phase`] (see [`phase_index`]).
const PHASES: usize = 26;
/// Turns a game usually lasts, to scale the turn count.
const TURN_SCALE: f64 = 100.0;
/// Development cards a seat usually holds at most, to scale their counts.
const DEV_SCALE: f64 = 5.0;
/// The free roads of a Road Building card, to scale those left.
const FREE_ROADS: f64 = 2.0;
/// Per intersection and seat: settlement, city.
const VERTEX_BASE: usize = 2;
/// Per intersection and seat, with the expansion: wall, metropolis, knight level, active.
const VERTEX_CK: usize = 4;
/// A seat's public counts (see [`seat`]): on turn, deciding, winner, points, hand,
/// development cards held and bought, road length, the two awards, cards owed,
/// settlements, cities, roads.
const SEAT_BASE: usize = 14;
/// A seat's expansion counts (see [`ck_seat`]): progress cards, by colour (3),
/// improvements (3), Defender of Catan cards, point cards, merchant, knights,
/// strength, walls, metropolises.
const SEAT_CK: usize = 14;
/// Barbarian position, attacked, barbarians' strength, knights' strength.
const BARBARIANS: usize = 4;

macro_rules! blocks {
    ($($name:ident),* $(,)?) => {
        /// The kinds of decision, one block of ids each, in the order they are laid.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Block { $($name),* }

        impl Block {
            const ALL: &'static [Block] = &[$(Block::$name),*];
        }
    };
}

blocks! {
    Settle, Road, City, Roll, Discard, Robber,
    BuyDevelopment, Knight, RoadBuilding, YearOfPlenty, Monopoly,
    Maritime, Offer, Accept, Decline, Counter, TradeWith, Withdraw, EndTurn,
    Wall, Improve, Metropolis, Recruit, Activate, Promote, MoveKnight, Displace, Chase,
    Relocate, Pillage, PickDeck, DiscardProgress, Aqueduct, Give, Take, TakeProgress,
    FreeKnight, Desert, HarborOffer, Pass,
    CommercialHarbor, MasterMerchant, MerchantFleet, Merchant, ResourceMonopoly,
    TradeMonopoly, Bishop, Deserter, Diplomat, Intrigue, Saboteur, Spy, Warlord, Wedding,
    Alchemist, Crane, Engineer, Inventor, Irrigation, Medicine, Mining,
    ProgressRoadBuilding, Smith,
}

const BLOCKS: usize = Block::ALL.len();

/// Card kinds a hand holds in the config's game: commodities only with the expansion.
fn card_kinds(config: &Config) -> usize {
    if config.is_ck() {
        CARD_KINDS
    } else {
        RESOURCES.len()
    }
}

/// Bounded trades among `kinds` card kinds: give × its count × get × its count.
fn trades(kinds: usize) -> usize {
    kinds * TRADE_MOST * kinds.saturating_sub(1) * TRADE_MOST
}

impl Block {
    fn size(self, config: &Config) -> usize {
        use Block::*;
        let n = config.players as usize;
        let kinds = card_kinds(config);
        let (base, ck) = if config.is_ck() { (0, 1) } else { (1, 0) };
        // Without trades between players (catanatron's and fastcatan's game) no
        // offer, answer or partner is ever decided: their blocks have no ids.
        let trading = usize::from(config.player_trades);
        let optional_vertex = VERTICES + 1;
        match self {
            Settle | City => VERTICES,
            Road => EDGES,
            Roll | EndTurn => 1,
            Accept | Decline | Withdraw => trading,
            Discard => kinds,
            Robber => HEXES * (n + 1),
            BuyDevelopment | Knight | RoadBuilding => base,
            YearOfPlenty => base * RESOURCES.len() * RESOURCES.len(),
            Monopoly => base * RESOURCES.len(),
            Maritime => kinds * kinds,
            Offer | Counter => trading * trades(kinds),
            TradeWith => trading * n,
            Wall | Metropolis | Recruit | Activate | Promote | Chase | Pillage | Desert => {
                ck * VERTICES
            }
            Improve | PickDeck | Crane => ck * TRACKS,
            MoveKnight | Displace => ck * VERTICES * VERTICES,
            Relocate | FreeKnight => ck * optional_vertex,
            DiscardProgress | TakeProgress => ck * Progress::ALL.len(),
            Aqueduct | ResourceMonopoly => ck * RESOURCES.len(),
            Give | Take | MerchantFleet => ck * CARD_KINDS,
            HarborOffer => ck * n * RESOURCES.len(),
            Pass | CommercialHarbor | Saboteur | Warlord | Wedding | Irrigation | Mining
            | ProgressRoadBuilding => ck,
            MasterMerchant | Deserter | Spy => ck * n,
            Merchant | Bishop => ck * HEXES,
            TradeMonopoly => ck * COMMODITIES.len(),
            Diplomat => ck * EDGES,
            Intrigue | Engineer | Medicine => ck * VERTICES,
            Alchemist => ck * DIE_FACES * DIE_FACES,
            Inventor => ck * HEXES * HEXES,
            Smith => ck * VERTICES * optional_vertex,
        }
    }
}

/// The numbering of a config's decisions ([`Encode::Numbering`]): its blocks laid
/// out, and what the indices inside them count (seats, card kinds).
#[derive(Clone, Copy, Debug)]
pub struct Numbering {
    blocks: Blocks<BLOCKS>,
    players: usize,
    kinds: usize,
}

impl Numbering {
    fn of(config: &Config) -> Self {
        Numbering {
            blocks: Blocks::new(std::array::from_fn(|i| Block::ALL[i].size(config))),
            players: config.players as usize,
            kinds: card_kinds(config),
        }
    }
}

/// An optional intersection: 0 for none, else one more than the intersection.
fn optional(vertex: Option<Vertex>) -> usize {
    vertex.map_or(0, |v| v as usize + 1)
}

fn resource(card: Card) -> usize {
    // The resources are the first kinds; a commodity lands past the resource range.
    card.index()
}

fn commodity(card: Card) -> Option<usize> {
    COMMODITIES.iter().position(|&c| c == card)
}

/// One side of a bounded trade: its kind and its count less one, when it holds one
/// kind only, at most [`TRADE_MOST`] cards.
fn one_kind(cards: &Cards) -> Option<(usize, usize)> {
    let mut kinds = cards.kinds();
    let kind = kinds.next()?;
    if kinds.next().is_some() {
        return None;
    }
    let count = cards.get(kind) as usize;
    (count <= TRADE_MOST).then(|| (kind.index(), count - 1))
}

/// The index of a bounded trade among `kinds` card kinds.
fn trade_index(kinds: usize, give: &Cards, get: &Cards) -> Option<usize> {
    let (gave, gave_count) = one_kind(give)?;
    let (got, got_count) = one_kind(get)?;
    // The kind asked for is never the kind given: it is counted among the others.
    let got = match got.cmp(&gave) {
        std::cmp::Ordering::Less => got,
        std::cmp::Ordering::Equal => return None,
        std::cmp::Ordering::Greater => got - 1,
    };
    mixed(&[
        (gave, kinds),
        (gave_count, TRADE_MOST),
        (got, kinds.saturating_sub(1)),
        (got_count, TRADE_MOST),
    ])
}

/// Every bounded trade among `kinds` card kinds: (what is given, what is asked).
fn bounded_trades(kinds: usize) -> impl Iterator<Item = (Cards, Cards)> {
    let sides = move || {
        Card::ALL[..kinds]
            .iter()
            .flat_map(|&k| (1..=TRADE_MOST as u8).map(move |count| Cards::of(k, count)))
    };
    sides().flat_map(move |give| {
        sides()
            .filter(move |get| !get.overlaps(&give))
            .map(move |get| (give, get))
    })
}

/// The block of a decision and its index inside it (the index may not fit the block:
/// [`Blocks::id`] refuses it).
#[inline]
fn locate(numbering: &Numbering, action: &Action) -> Option<(Block, usize)> {
    let (n, kinds) = (numbering.players, numbering.kinds);
    let vertex = |v: Vertex| v as usize;
    Some(match *action {
        Action::Settle { vertex: v } => (Block::Settle, vertex(v)),
        Action::Road { edge } => (Block::Road, edge as usize),
        Action::City { vertex: v } => (Block::City, vertex(v)),
        Action::Roll => (Block::Roll, 0),
        Action::Discard { card } => (Block::Discard, card.index()),
        Action::Robber { hex, victim } => {
            let victim = victim.map_or(0, |s| s as usize + 1);
            (
                Block::Robber,
                mixed(&[(hex as usize, HEXES), (victim, n + 1)])?,
            )
        }
        Action::BuyDevelopment => (Block::BuyDevelopment, 0),
        Action::Knight => (Block::Knight, 0),
        Action::RoadBuilding => (Block::RoadBuilding, 0),
        Action::YearOfPlenty { first, second } => {
            let r = RESOURCES.len();
            let index = mixed(&[(resource(first), r), (resource(second), r)])?;
            (Block::YearOfPlenty, index)
        }
        Action::Monopoly { card } => (Block::Monopoly, resource(card)),
        Action::Maritime { give, get } => {
            let index = mixed(&[(give.index(), kinds), (get.index(), kinds)])?;
            (Block::Maritime, index)
        }
        Action::Offer { give, get } => (Block::Offer, trade_index(kinds, &give, &get)?),
        Action::Accept => (Block::Accept, 0),
        Action::Decline => (Block::Decline, 0),
        Action::Counter { give, get } => (Block::Counter, trade_index(kinds, &give, &get)?),
        Action::TradeWith { seat } => (Block::TradeWith, seat as usize),
        Action::Withdraw => (Block::Withdraw, 0),
        Action::EndTurn => (Block::EndTurn, 0),
        Action::Wall { vertex: v } => (Block::Wall, vertex(v)),
        Action::Improve { track } => (Block::Improve, track as usize),
        Action::Metropolis { vertex: v } => (Block::Metropolis, vertex(v)),
        Action::Recruit { vertex: v } => (Block::Recruit, vertex(v)),
        Action::Activate { vertex: v } => (Block::Activate, vertex(v)),
        Action::Promote { vertex: v } => (Block::Promote, vertex(v)),
        Action::MoveKnight { from, to } => (Block::MoveKnight, vertex_pair(from, to)?),
        Action::Displace { from, to } => (Block::Displace, vertex_pair(from, to)?),
        Action::Chase { vertex: v } => (Block::Chase, vertex(v)),
        Action::Relocate { to } => (Block::Relocate, optional(to)),
        Action::Pillage { vertex: v } => (Block::Pillage, vertex(v)),
        Action::PickDeck { track } => (Block::PickDeck, track as usize),
        Action::DiscardProgress { card } => (Block::DiscardProgress, card as usize),
        Action::Aqueduct { card } => (Block::Aqueduct, resource(card)),
        Action::Give { card } => (Block::Give, card.index()),
        Action::Take { card } => (Block::Take, card.index()),
        Action::TakeProgress { card } => (Block::TakeProgress, card as usize),
        Action::FreeKnight { vertex: v } => (Block::FreeKnight, optional(v)),
        Action::Desert { vertex: v } => (Block::Desert, vertex(v)),
        Action::HarborOffer { seat, card } => {
            let index = mixed(&[(seat as usize, n), (resource(card), RESOURCES.len())])?;
            (Block::HarborOffer, index)
        }
        Action::Pass => (Block::Pass, 0),
        Action::Play { play } => locate_play(&play)?,
    })
}

fn vertex_pair(from: Vertex, to: Vertex) -> Option<usize> {
    mixed(&[(from as usize, VERTICES), (to as usize, VERTICES)])
}

fn hex_pair(a: Hex, b: Hex) -> Option<usize> {
    mixed(&[(a as usize, HEXES), (b as usize, HEXES)])
}

/// The Alchemist's dice, each 1 to [`DIE_FACES`].
fn dice_pair(yellow: u8, red: u8) -> Option<usize> {
    let face = |d: u8| (d as usize).checked_sub(1);
    mixed(&[(face(yellow)?, DIE_FACES), (face(red)?, DIE_FACES)])
}

fn locate_play(play: &Play) -> Option<(Block, usize)> {
    Some(match *play {
        Play::CommercialHarbor => (Block::CommercialHarbor, 0),
        Play::MasterMerchant { seat } => (Block::MasterMerchant, seat as usize),
        Play::MerchantFleet { kind } => (Block::MerchantFleet, kind.index()),
        Play::Merchant { hex } => (Block::Merchant, hex as usize),
        Play::ResourceMonopoly { kind } => (Block::ResourceMonopoly, resource(kind)),
        Play::TradeMonopoly { kind } => (Block::TradeMonopoly, commodity(kind)?),
        Play::Bishop { hex } => (Block::Bishop, hex as usize),
        Play::Deserter { seat } => (Block::Deserter, seat as usize),
        Play::Diplomat { edge } => (Block::Diplomat, edge as usize),
        Play::Intrigue { vertex } => (Block::Intrigue, vertex as usize),
        Play::Saboteur => (Block::Saboteur, 0),
        Play::Spy { seat } => (Block::Spy, seat as usize),
        Play::Warlord => (Block::Warlord, 0),
        Play::Wedding => (Block::Wedding, 0),
        Play::Alchemist { yellow, red } => (Block::Alchemist, dice_pair(yellow, red)?),
        Play::Crane { track } => (Block::Crane, track as usize),
        Play::Engineer { vertex } => (Block::Engineer, vertex as usize),
        Play::Inventor { a, b } => (Block::Inventor, hex_pair(a, b)?),
        Play::Irrigation => (Block::Irrigation, 0),
        Play::Medicine { vertex } => (Block::Medicine, vertex as usize),
        Play::Mining => (Block::Mining, 0),
        Play::RoadBuilding => (Block::ProgressRoadBuilding, 0),
        Play::Smith { first, second } => {
            let index = mixed(&[(first as usize, VERTICES), (optional(second), VERTICES + 1)])?;
            (Block::Smith, index)
        }
    })
}

impl Encode for Catan {
    type Numbering = Numbering;

    fn numbering(config: &Config) -> Numbering {
        Numbering::of(config)
    }

    fn space(numbering: &Numbering) -> usize {
        numbering.blocks.total()
    }

    #[inline]
    fn id(numbering: &Numbering, action: &Action) -> Option<usize> {
        let (block, index) = locate(numbering, action)?;
        numbering.blocks.id(block as usize, index)
    }

    /// Every bounded offer (on one's turn, after the roll) or counter-offer (answering
    /// an offer) whose cards the seat holds; nothing when trades are off or the seat
    /// has no trade to propose now.
    fn unlisted_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.config.player_trades || !self.deciding().contains(seat) {
            return;
        }
        let propose: fn(Cards, Cards) -> Action = match self.phase {
            Phase::Main if seat == self.current => |give, get| Action::Offer { give, get },
            Phase::Offer { .. } => |give, get| Action::Counter { give, get },
            _ => return,
        };
        let hand = self.players[seat as usize].hand;
        out.extend(
            bounded_trades(card_kinds(&self.config))
                .filter(|(give, _)| hand.contains(give))
                .map(|(give, get)| propose(give, get)),
        );
    }

    fn observation_len(config: &Config) -> usize {
        let shape = Shape::of(config);
        let ck = if shape.ck { ck_len(shape) } else { 0 };
        PHASE_LEN
            + HEXES * hex_len(shape)
            + HARBOURS * HARBOUR_KINDS
            + VERTICES * shape.n * vertex_len(shape)
            + EDGES * shape.n
            + shape.n * seat_len(shape)
            + bank_len(shape)
            + own_len(shape)
            + trade_len(shape)
            + ck
    }

    fn observe(config: &Config, view: &View, viewer: Seat, out: &mut Features) {
        let shape = Shape::of(config);
        let seats = Seats {
            viewer: viewer as usize,
            n: shape.n,
        };
        let t = &view.position;
        phase(t, out);
        hexes(shape, t, out);
        harbours(t, out);
        vertices(shape, t, seats, out);
        edges(t, seats, out);
        let deciding = crate::rules::deciding(&t.phase, &t.owed, t.current);
        for r in 0..shape.n {
            let start = out.len();
            seat(shape, view, seats.at(r), deciding, out);
            out.fit(start, seat_len(shape));
        }
        bank(shape, view, out);
        own(shape, view, viewer, out);
        trade(shape, t, seats, out);
        if let (true, Some(ck)) = (shape.ck, &t.ck) {
            cities_and_knights(shape, t, ck, seats, out);
        } else if shape.ck {
            let start = out.len();
            out.fit(start, ck_len(shape));
        }
    }
}

/// What fixes the observation's shape.
#[derive(Clone, Copy)]
struct Shape {
    n: usize,
    kinds: usize,
    ck: bool,
}

impl Shape {
    fn of(config: &Config) -> Shape {
        Shape {
            n: config.players as usize,
            kinds: card_kinds(config),
            ck: config.is_ck(),
        }
    }
}

/// Seats rotated so that the viewer comes first.
#[derive(Clone, Copy)]
struct Seats {
    viewer: usize,
    n: usize,
}

impl Seats {
    /// The seat `r` places after the viewer.
    fn at(self, r: usize) -> Seat {
        ((self.viewer + r) % self.n.max(1)) as Seat
    }

    /// How many places after the viewer `seat` sits.
    fn relative(self, seat: Seat) -> Option<usize> {
        let s = seat as usize;
        (s < self.n).then(|| (s + self.n - self.viewer % self.n) % self.n)
    }

    /// A one-hot over the seats in viewer order.
    fn one_hot(self, seat: Option<Seat>, out: &mut Features) {
        out.one_hot(seat.and_then(|s| self.relative(s)), self.n);
    }

    /// A flag per seat in viewer order.
    fn flags(self, set: SeatSet, out: &mut Features) {
        (0..self.n).for_each(|r| out.flag(set.contains(self.at(r))));
    }
}

fn phase_index(phase: &Phase) -> usize {
    match phase {
        Phase::Setup => 0,
        Phase::Place { .. } => 1,
        Phase::BeforeRoll => 2,
        Phase::Rolling => 3,
        Phase::Discard => 4,
        Phase::Robber => 5,
        Phase::Steal { .. } => 6,
        Phase::Main => 7,
        Phase::RoadBuilding { .. } => 8,
        Phase::Offer { .. } => 9,
        Phase::Choose { .. } => 10,
        Phase::Over => 11,
        Phase::Pillage { .. } => 12,
        Phase::PickDeck { .. } => 13,
        Phase::ProgressDiscard { .. } => 14,
        Phase::Aqueduct { .. } => 15,
        Phase::Metropolis { .. } => 16,
        Phase::Displaced { .. } => 17,
        Phase::Desert { .. } => 18,
        Phase::FreeKnight { .. } => 19,
        Phase::DiplomatRoad { .. } => 20,
        Phase::Harbor { .. } => 21,
        Phase::HarborAnswer { .. } => 22,
        Phase::MasterMerchant { .. } => 23,
        Phase::Spy { .. } => 24,
        Phase::Wedding => 25,
    }
}

/// The phase one-hot, a settlement awaiting its road, free roads left, the turn
/// count, rolled, development card played.
const PHASE_LEN: usize = PHASES + 5;

fn phase(t: &Table, out: &mut Features) {
    out.one_hot(Some(phase_index(&t.phase)), PHASES);
    out.flag(matches!(
        t.phase,
        Phase::Place {
            settled: Some(_),
            ..
        }
    ));
    let left = match t.phase {
        Phase::RoadBuilding { left } => left,
        _ => 0,
    };
    out.count(left, FREE_ROADS);
    out.count(t.turn, TURN_SCALE);
    out.flag(t.rolled);
    out.flag(t.dev_played);
}

fn hex_len(shape: Shape) -> usize {
    Terrain::ALL.len() + DICE_SUMS + 1 + shape.ck as usize
}

fn hexes(shape: Shape, t: &Table, out: &mut Features) {
    let merchant = t.ck.as_ref().and_then(|ck| ck.merchant).map(|(_, hex)| hex);
    for hex in 0..HEXES {
        out.one_hot(Some(t.board.terrain[hex] as usize), Terrain::ALL.len());
        let number = (t.board.numbers[hex] as usize).checked_sub(DICE);
        out.one_hot(number, DICE_SUMS);
        out.flag(t.robber as usize == hex);
        if shape.ck {
            out.flag(merchant == Some(hex as Hex));
        }
    }
}

fn harbours(t: &Table, out: &mut Features) {
    for harbour in t.board.harbours {
        let kind = match harbour {
            Harbour::Generic => 0,
            Harbour::Special(card) => 1 + card.index(),
        };
        out.one_hot(Some(kind), HARBOUR_KINDS);
    }
}

/// Per intersection and seat: settlement, city; with the expansion also wall,
/// metropolis, knight level, knight active.
fn vertex_len(shape: Shape) -> usize {
    VERTEX_BASE + if shape.ck { VERTEX_CK } else { 0 }
}

/// Each intersection, then each seat in the viewer's order: its pieces there. Set from
/// each seat's pieces, not asked of every intersection: most are empty.
fn vertices(shape: Shape, t: &Table, seats: Seats, out: &mut Features) {
    let (n, len) = (shape.n, vertex_len(shape));
    let block = out.zeros(VERTICES * n * len);
    for r in 0..n {
        let s = seats.at(r);
        // An intersection off the board (a position can only hold board ones) is skipped.
        let mut at = |v: Vertex, slot: usize, value: f32| {
            if let Some(x) = block.get_mut((v as usize * n + r) * len + slot) {
                *x = value;
            }
        };
        if let Some(p) = t.players.get(s as usize) {
            p.settlements.iter().for_each(|v| at(v, 0, 1.0));
            p.cities.iter().for_each(|v| at(v, 1, 1.0));
        }
        if let Some(ck) = t.ck.as_ref().filter(|_| shape.ck) {
            ck_vertices(ck, s, |v, slot, value| at(v, VERTEX_BASE + slot, value));
        }
    }
}

/// A seat's expansion pieces: wall, metropolis, knight level, knight active (slots 0 to 3).
fn ck_vertices(ck: &CkTable, seat: Seat, mut at: impl FnMut(Vertex, usize, f32)) {
    let Some(p) = ck.players.get(seat as usize) else {
        return;
    };
    p.walls.iter().for_each(|v| at(v, 0, 1.0));
    ck.metropolises(seat).iter().for_each(|v| at(v, 1, 1.0));
    // A seat has one knight at an intersection at most; the first found counts.
    for k in p.knights.iter().rev() {
        at(k.vertex, 2, Features::scaled(k.level, KNIGHT_LEVELS as f64));
        at(k.vertex, 3, if k.active { 1.0 } else { 0.0 });
    }
}

/// Each path, then each seat in the viewer's order: its road there.
fn edges(t: &Table, seats: Seats, out: &mut Features) {
    let n = seats.n;
    let block = out.zeros(EDGES * n);
    for r in 0..n {
        if let Some(p) = t.players.get(seats.at(r) as usize) {
            for e in p.roads.iter() {
                if let Some(x) = block.get_mut(e as usize * n + r) {
                    *x = 1.0;
                }
            }
        }
    }
}

/// The base part of a seat's public counts (see [`seat`]), then its development
/// cards played by kind (base) or its expansion counts.
fn seat_len(shape: Shape) -> usize {
    SEAT_BASE + if shape.ck { SEAT_CK } else { DEV_KINDS }
}

fn victory_target(shape: Shape) -> f64 {
    if shape.ck {
        CkContent::get().victory_points as f64
    } else {
        Content::get().victory_points as f64
    }
}

fn seat(shape: Shape, view: &View, s: Seat, deciding: SeatSet, out: &mut Features) {
    let c = Content::get();
    let t = &view.position;
    let i = s as usize;
    let Some(p) = t.players.get(i) else {
        return;
    };
    out.flag(t.current == s);
    out.flag(deciding.contains(s));
    out.flag(t.winner == Some(s));
    let points = view.public_points.get(i).copied().unwrap_or(0);
    out.count(points, victory_target(shape));
    let hand_scale = c.hand_limit as f64;
    out.count(view.hand_sizes.get(i).copied().unwrap_or(0), hand_scale);
    let (held, fresh) = view.development_sizes.get(i).copied().unwrap_or((0, 0));
    out.count(held, DEV_SCALE);
    out.count(fresh, DEV_SCALE);
    out.count(p.road_length, c.roads as f64);
    out.flag(t.longest_road == Some(s));
    out.flag(t.largest_army == Some(s));
    out.count(t.owed.get(i).copied().unwrap_or(0), hand_scale);
    out.count(p.settlements.len(), c.settlements as f64);
    out.count(p.cities.len(), c.cities as f64);
    out.count(p.roads.len(), c.roads as f64);
    match t.ck.as_ref().filter(|_| shape.ck) {
        Some(ck) => ck_seat(view, ck, s, out),
        None => devs(&p.played, out),
    }
}

fn devs(d: &Devs, out: &mut Features) {
    Dev::ALL
        .iter()
        .for_each(|&k| out.count(d.get(k), DEV_SCALE));
}

fn ck_seat(view: &View, ck: &CkTable, s: Seat, out: &mut Features) {
    let c = CkContent::get();
    let i = s as usize;
    let Some(p) = ck.players.get(i) else {
        return;
    };
    let limit = c.progress_limit as f64;
    out.count(view.progress_sizes.get(i).copied().unwrap_or(0), limit);
    let colours = view.progress_colours.get(i).copied().unwrap_or_default();
    colours.iter().for_each(|&n| out.count(n, limit));
    (p.improvements.iter()).for_each(|&l| out.count(l, TOP_LEVEL as f64));
    out.count(p.defender, c.defender_cards as f64);
    let point_cards = Progress::ALL.iter().filter(|p| p.is_point()).count();
    out.count(p.revealed.len() as u32, point_cards as f64);
    out.flag(ck.merchant.is_some_and(|(holder, _)| holder == s));
    let knights = c.knights_per_level as usize * KNIGHT_LEVELS;
    out.count(p.knights.len() as u32, knights as f64);
    out.count(strength(p.knights.iter()), max_strength() as f64);
    out.count(p.walls.len(), c.walls_max as f64);
    out.count(ck.metropolises(s).len(), TRACKS as f64);
}

fn strength<'a>(knights: impl Iterator<Item = &'a crate::ck::Knight>) -> u32 {
    knights.filter(|k| k.active).map(|k| k.level as u32).sum()
}

/// One seat's greatest active knight strength: every knight of every level, active.
fn max_strength() -> usize {
    let per = CkContent::get().knights_per_level as usize;
    per * (1..=KNIGHT_LEVELS).sum::<usize>()
}

/// The bank by kind, then the development deck (base) or the three progress decks.
fn bank_len(shape: Shape) -> usize {
    shape.kinds + if shape.ck { TRACKS } else { 1 }
}

fn bank(shape: Shape, view: &View, out: &mut Features) {
    let c = Content::get();
    for &card in &Card::ALL[..shape.kinds] {
        out.count(view.position.bank.get(card), c.cards_per_kind as f64);
    }
    if shape.ck {
        let ck = CkContent::get();
        for (t, deck) in ck.decks.iter().enumerate() {
            let size: u32 = deck.iter().map(|&(_, n)| n as u32).sum();
            let left = view.progress_decks.get(t).copied().unwrap_or(0);
            out.count(left, size.max(1) as f64);
        }
    } else {
        let deck = c.development_deck.total().max(1);
        out.count(view.deck_size, deck as f64);
    }
}

/// The viewer's hand by kind, its development cards (held, bought) or progress cards
/// by kind, its rate per kind.
fn own_len(shape: Shape) -> usize {
    let cards = if shape.ck {
        Progress::ALL.len()
    } else {
        2 * DEV_KINDS
    };
    2 * shape.kinds + cards
}

fn own(shape: Shape, view: &View, viewer: Seat, out: &mut Features) {
    let c = Content::get();
    let me = view.position.players.get(viewer as usize);
    let hand = me.and_then(|p| p.hand).unwrap_or_default();
    hand_counts(shape, &hand, out);
    match view.position.ck.as_ref().filter(|_| shape.ck) {
        Some(ck) => {
            let held = ck.players.get(viewer as usize);
            progress_counts(held.and_then(|p| p.progress.as_deref()), out);
        }
        None if shape.ck => progress_counts(None, out),
        None => {
            devs(&me.and_then(|p| p.devs).unwrap_or_default(), out);
            devs(&me.and_then(|p| p.fresh).unwrap_or_default(), out);
        }
    }
    for &card in &Card::ALL[..shape.kinds] {
        let rate = view.rates.iter().find(|&&(k, _)| k == card);
        out.count(rate.map_or(c.rate_bank, |&(_, r)| r), c.rate_bank as f64);
    }
}

fn hand_counts(shape: Shape, hand: &Cards, out: &mut Features) {
    let scale = Content::get().hand_limit as f64;
    for &card in &Card::ALL[..shape.kinds] {
        out.count(hand.get(card), scale);
    }
}

fn progress_counts(cards: Option<&[Progress]>, out: &mut Features) {
    let cards = cards.unwrap_or_default();
    // The most copies of one card in a deck: as many as a hand can hold.
    let copies = (CkContent::get().decks.iter().flatten())
        .map(|&(_, k)| k)
        .max()
        .unwrap_or(1);
    for &kind in Progress::ALL {
        let n = cards.iter().filter(|&&c| c == kind).count() as u32;
        out.count(n, copies as f64);
    }
}

/// Whether a trade is under way, the offer's two sides, and per seat: waiting,
/// accepted, countered, the counter-offer's two sides.
fn trade_len(shape: Shape) -> usize {
    1 + 2 * shape.kinds + shape.n * (3 + 2 * shape.kinds)
}

fn trade(shape: Shape, t: &Table, seats: Seats, out: &mut Features) {
    let start = out.len();
    let (give, get, waiting, accepted, counters) = match &t.phase {
        Phase::Offer {
            give,
            get,
            waiting,
            accepted,
            counters,
        } => (give, get, *waiting, accepted, counters),
        Phase::Choose {
            give,
            get,
            accepted,
            counters,
        } => (give, get, SeatSet::EMPTY, accepted, counters),
        _ => {
            out.fit(start, trade_len(shape));
            return;
        }
    };
    out.flag(true);
    trade_side(shape, give, out);
    trade_side(shape, get, out);
    seats.flags(waiting, out);
    seats.flags(*accepted, out);
    for r in 0..shape.n {
        let counter = counters.get(seats.at(r) as usize).copied().flatten();
        out.flag(counter.is_some());
    }
    for r in 0..shape.n {
        let counter = counters.get(seats.at(r) as usize).copied().flatten();
        let counter = counter.unwrap_or_default();
        trade_side(shape, &counter.give, out);
        trade_side(shape, &counter.get, out);
    }
}

fn trade_side(shape: Shape, cards: &Cards, out: &mut Features) {
    for &card in &Card::ALL[..shape.kinds] {
        out.count(cards.get(card), TRADE_MOST as f64);
    }
}

/// The expansion's table: barbarians (4), the roll (1 + 2 dice + event + stage), the
/// Alchemist, the Merchant Fleet, metropolis holders, the step's arguments, and an
/// opened hand and progress hand.
fn ck_len(shape: Shape) -> usize {
    let roll = 1 + 2 * DIE_FACES + EVENT_FACES + STAGES;
    let step = shape.n + CARD_KINDS + TRACKS + 2 + shape.n + 1 + EDGES;
    let opened = CARD_KINDS + Progress::ALL.len();
    BARBARIANS + roll + 1 + CARD_KINDS + TRACKS * shape.n + step + opened
}

fn cities_and_knights(shape: Shape, t: &Table, ck: &CkTable, seats: Seats, out: &mut Features) {
    let c = CkContent::get();
    let cities = (shape.n * Content::get().cities as usize) as f64;
    out.count(ck.barbarians, c.barbarian_track as f64);
    out.flag(ck.attacked);
    out.count(ck.barbarian_strength, cities);
    out.count(ck.knight_strength, (shape.n * max_strength()) as f64);
    roll(ck, out);
    out.flag(ck.alchemist.is_some());
    out.one_hot(ck.fleet.map(Card::index), CARD_KINDS);
    for m in &ck.metropolis {
        seats.one_hot(m.map(|m| m.seat), out);
    }
    step(t, seats, out);
    opened(t, seats, out);
}

fn roll(ck: &CkTable, out: &mut Features) {
    out.flag(ck.roll.is_some());
    let face = |d: u8| (d as usize).checked_sub(1);
    let dice = ck.roll.map(|r| r.dice);
    out.one_hot(dice.and_then(|[yellow, _]| face(yellow)), DIE_FACES);
    out.one_hot(dice.and_then(|[_, red]| face(red)), DIE_FACES);
    let event = ck.roll.map(|r| match r.event {
        EventFace::Ship => 0,
        EventFace::Castle(track) => 1 + track as usize,
    });
    out.one_hot(event, EVENT_FACES);
    out.one_hot(ck.roll.map(|r| r.stage as usize), STAGES);
}

/// What the current step concerns: a seat, a card kind, a track, a knight level,
/// cards left to take, the seats done, whether the turn ends after, a removed road.
fn step(t: &Table, seats: Seats, out: &mut Features) {
    let (mut seat, mut card, mut track, mut level, mut left) = (None, None, None, 0, 0);
    let (mut done, mut ending, mut removed) = (SeatSet::EMPTY, false, None);
    match &t.phase {
        Phase::Displaced { seat: s, knight } => (seat, level) = (Some(*s), knight.level),
        Phase::Desert { seat: s } => seat = Some(*s),
        Phase::HarborAnswer {
            seat: s,
            card: k,
            done: d,
        } => (seat, card, done) = (Some(*s), Some(*k), *d),
        Phase::Harbor { done: d } => done = *d,
        Phase::MasterMerchant { victim, left: l } => (seat, left) = (Some(*victim), *l),
        Phase::Spy { victim } => seat = Some(*victim),
        Phase::Metropolis { track: k } => track = Some(*k),
        Phase::FreeKnight { level: l } => level = *l,
        Phase::ProgressDiscard { ending: e, .. } => ending = *e,
        Phase::DiplomatRoad { removed: e } => removed = Some(*e as usize),
        _ => {}
    }
    seats.one_hot(seat, out);
    out.one_hot(card.map(Card::index), CARD_KINDS);
    out.one_hot(track.map(|k| k as usize), TRACKS);
    out.count(level, KNIGHT_LEVELS as f64);
    out.count(left, CkContent::get().master_merchant_cards as f64);
    seats.flags(done, out);
    out.flag(ending);
    out.one_hot(removed, EDGES);
}

/// A hand the Master Merchant opens to the viewer, and progress cards the Spy opens.
fn opened(t: &Table, seats: Seats, out: &mut Features) {
    let others = (1..seats.n).map(|r| seats.at(r) as usize);
    let hand = others
        .clone()
        .find_map(|s| t.players.get(s).and_then(|p| p.hand));
    let start = out.len();
    for &card in &Card::ALL {
        out.count(
            hand.unwrap_or_default().get(card),
            Content::get().hand_limit as f64,
        );
    }
    out.fit(start, CARD_KINDS);
    let ck = t.ck.as_ref();
    let progress = others.into_iter().find_map(|s| {
        ck.and_then(|ck| ck.players.get(s))
            .and_then(|p| p.progress.as_deref())
    });
    progress_counts(progress, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Edge;
    use crate::state::Counter;
    use tabuleiro_core::{Game, Rng};

    /// A seat's view of a game whose board is set, during a trade (so that every
    /// section has its data).
    fn view(config: &Config) -> View {
        let mut g = Catan::create(config).expect("a valid config");
        let outcome = g.sample_chance(&mut Rng::seed(1));
        g.apply_chance_unchecked(&outcome, &mut Vec::new());
        let mut view = View::of(&g, Some(1));
        let counter = Counter {
            give: Cards::of(Card::Ore, 1),
            get: Cards::of(Card::Wool, 2),
        };
        view.position.phase = Phase::Offer {
            give: Cards::of(Card::Brick, 1),
            get: Cards::of(Card::Grain, 1),
            waiting: SeatSet::one(2),
            accepted: SeatSet::one(0),
            counters: [None, None, Some(counter), None],
        };
        view
    }

    fn measure(write: &dyn Fn(&mut Features)) -> usize {
        let mut f = Features::new();
        write(&mut f);
        f.len()
    }

    #[test]
    fn every_section_writes_its_declared_length() {
        for config in [Config::players(3), Config::cities_and_knights(4)] {
            let shape = Shape::of(&config);
            let v = view(&config);
            let t = &v.position;
            let seats = Seats {
                viewer: 1,
                n: shape.n,
            };
            assert_eq!(measure(&|f| phase(t, f)), PHASE_LEN);
            assert_eq!(measure(&|f| hexes(shape, t, f)), HEXES * hex_len(shape));
            assert_eq!(measure(&|f| harbours(t, f)), HARBOURS * HARBOUR_KINDS);
            let vertex = VERTICES * shape.n * vertex_len(shape);
            let seat_written = |f: &mut Features| seat(shape, &v, 2, SeatSet::EMPTY, f);
            assert_eq!(measure(&|f| vertices(shape, t, seats, f)), vertex);
            assert_eq!(measure(&seat_written), seat_len(shape));
            assert_eq!(measure(&|f| bank(shape, &v, f)), bank_len(shape));
            assert_eq!(measure(&|f| own(shape, &v, 1, f)), own_len(shape));
            assert_eq!(measure(&|f| trade(shape, t, seats, f)), trade_len(shape));
            if let Some(ck) = &t.ck {
                let written = |f: &mut Features| cities_and_knights(shape, t, ck, seats, f);
                assert_eq!(measure(&written), ck_len(shape));
            }
        }
    }

    #[test]
    fn bounded_trades_have_distinct_ids_in_range() {
        for config in [Config::players(3), Config::cities_and_knights(4)] {
            let kinds = card_kinds(&config);
            let mut ids: Vec<usize> = bounded_trades(kinds)
                .map(|(give, get)| trade_index(kinds, &give, &get).expect("bounded"))
                .collect();
            assert_eq!(ids.len(), trades(kinds));
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), trades(kinds));
            assert!(ids.iter().all(|&i| i < trades(kinds)));
        }
    }

    /// The board's features as first written, asking every intersection and path of
    /// every seat: the reference [`vertices`] and [`edges`] must equal.
    fn board_by_asking(shape: Shape, t: &Table, seats: Seats, out: &mut Features) {
        for v in 0..VERTICES as Vertex {
            for r in 0..shape.n {
                let start = out.len();
                let s = seats.at(r);
                if let Some(p) = t.players.get(s as usize) {
                    out.flag(p.settlements.contains(v));
                    out.flag(p.cities.contains(v));
                }
                if let (Some(ck), true) = (&t.ck, shape.ck) {
                    if let Some(p) = ck.players.get(s as usize) {
                        out.flag(p.walls.contains(v));
                        out.flag(ck.metropolises(s).contains(v));
                        let knight = p.knights.iter().find(|k| k.vertex == v);
                        out.count(knight.map_or(0, |k| k.level), KNIGHT_LEVELS as f64);
                        out.flag(knight.is_some_and(|k| k.active));
                    }
                }
                out.fit(start, vertex_len(shape));
            }
        }
        for e in 0..EDGES as Edge {
            for r in 0..seats.n {
                let road = t.players.get(seats.at(r) as usize);
                out.flag(road.is_some_and(|p| p.roads.contains(e)));
            }
        }
    }

    /// Random games of both editions, every seat's view at every step: the board's
    /// features set by place are those found by asking every place.
    #[test]
    fn board_features_set_by_place_are_those_found_by_asking() {
        for (config, seed) in [(Config::players(4), 3), (Config::cities_and_knights(3), 5)] {
            let shape = Shape::of(&config);
            let mut g = Catan::create(&config).expect("a valid config");
            let mut rng = Rng::seed(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut knights_seen = 0;
            for _ in 0..3_000 {
                match g.to_act() {
                    tabuleiro_core::ToAct::Over => break,
                    tabuleiro_core::ToAct::Chance => {
                        let outcome = g.sample_chance(&mut rng);
                        g.apply_chance_unchecked(&outcome, &mut events);
                    }
                    tabuleiro_core::ToAct::Seats(seats) => {
                        let seat = seats.lowest().expect("a seat acts");
                        g.legal_actions(seat, &mut legal);
                        let action = legal[rng.below(legal.len())];
                        g.apply_unchecked(seat, &action, &mut events);
                    }
                }
                for viewer in 0..shape.n {
                    let view = View::of(&g, Some(viewer as Seat));
                    let t = &view.position;
                    let seats = Seats { viewer, n: shape.n };
                    let (mut set, mut asked) = (Features::new(), Features::new());
                    vertices(shape, t, seats, &mut set);
                    edges(t, seats, &mut set);
                    board_by_asking(shape, t, seats, &mut asked);
                    assert_eq!(set.values(), asked.values());
                    knights_seen += t.ck.as_ref().map_or(0, |ck| {
                        ck.players.iter().map(|p| p.knights.len()).sum::<usize>()
                    });
                }
            }
            assert!(!shape.ck || knights_seen > 0, "the game met knights");
        }
    }
}
