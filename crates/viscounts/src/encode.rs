//! The numbering of decisions and the observation a seat gets, for learning agents
//! ([`Encode`]). Every size below is taken from the content or the config; the figures
//! in brackets are this build's.
//!
//! # Action space
//!
//! Blocks laid end to end, one per kind of decision, in this order:
//!
//! | block | ids |
//! |---|---|
//! | `choose_pair` | one per pair of the setup row: players + 1 |
//! | `place` | one per villager kind [86] |
//! | `move` | one per destination space [15] |
//! | `trade` | times [1-30] × dismiss [2] |
//! | `build` | building [3] × spot of the segment [5] × dismiss [2] × substitute uses [120] |
//! | `place_workers` | row of the worker table [4] × dismiss [2] × substitute uses [165] |
//! | `transcribe` | dismiss [2] × substitute uses [84] |
//! | `no_action`, `hire`, `pass` | one each |
//! | `choose` | one per option of the largest choice in the content [2] |
//! | `rearrange` | one per order of the three slots [6] |
//! | `discard_from_hand` | one per villager kind, then `discard_top` |
//! | `destroy_from_hand` | one per villager kind, then `destroy_top` |
//! | `destroy_from_pile` | one per villager kind |
//! | `flip_debt`, `flip_deed` | one each |
//! | `take_resource` | one per resource [3] |
//! | `hire_free` | one per board position [5] |
//! | `castle_move` | castle section [5] × clockwise [2] |
//! | `place_in` | one per castle section [5] |
//! | `build_free` | board position [5] × spot [5] |
//! | `take_manuscript` | one per board position [5] |
//! | `advance` | one per castle section [5] |
//! | `expel` | one per player board: the players, 2 in the solo game (the AI's is seat 1) |
//!
//! A move is numbered by its destination alone: the listing offers each space once, at
//! its cheapest (the Silver paid and the free step follow from where it ends). A main
//! action is numbered by its target, its dismissal and its substitute uses, not by
//! `Funding::paid`: the listing completes each funding with exactly the resources it
//! lacks. The substitute uses are the triples `subs` with a sum of at most the most icons
//! the action can need (each use gives an icon or more, and an unneeded use is refused),
//! ranked in order; an action no card substitutes for (Trade) has only `[0, 0, 0]`.
//! Trades are numbered up to the listing's cap of 30 times; anything outside a block's
//! range has no id. This build's space: 5,584 ids solo, 5,585 / 5,587 / 5,589 with
//! 2 / 3 / 4 players (the Build block alone holds 3,600).
//!
//! # Observation
//!
//! Seats are taken from the viewer on (the viewer first, then the seats after it), over
//! every player board of the config (the solo game's two: the player, then the AI). This
//! build's length: 2,383 values solo, 2,403 / 3,073 / 3,743 with 2 / 3 / 4 players. In
//! order:
//!
//! 1. The pending decision: the question's kind one-hot [20], the seat asked (relative),
//!    whether the viewer is asked, and the question's details (the options of a choice,
//!    the workers to place, the building and whether anywhere, the most a free
//!    manuscript may cost, the level and section of an expulsion, a destroy from the pile).
//! 2. The turn: the phase, the active and the first player (relative), the round, the
//!    last round, whether a villager was dismissed, the main action done.
//! 3. The viewer's own cards: its hand and draw pile, counted by villager kind.
//! 4. Each seat: whether it is the AI, Silver, resources, Debts and Deeds (paid and
//!    approved), the track, buildings built, workers in reserve, the sizes of its hand,
//!    draw and discard piles, whether it transcribed this turn, its points by source,
//!    the icons of its slotted cards, its slots (one-hot over villagers and Plot cards),
//!    its discard pile and what all know of its hand and draw pile together (counts per
//!    card), its manuscripts, its clergy bonus cards, the Viscount's space and its player
//!    card.
//! 5. The board, per position: the segment, the villager on offer and how many lie below,
//!    the manuscript on offer and how many lie below, the owner (relative) and kind of
//!    each building spot; the castle (its rotation, each section's level-1 and level-2
//!    workers by seat, level-3 workers, the Castle Leader); the clergy bonus cards left;
//!    Poverty and Prosperity; the villagers removed from the game.
//! 6. The setup row (each pair's player card and hero) and the seats still to choose.
//! 7. Solo: the AI board, the difficulty and the Future Plots by where they lie.
//!
//! Counts are scaled to about 0..1.

use crate::action::{Action, Funding, Main};
use crate::content::{Building, Content, Deck, PlotKind, Ribbon, PLOT_BASE};
use crate::effect::{Card, Effect, Icon, MainKind, Res};
use crate::scoring::Breakdown;
use crate::state::{Phase, Question, Task, SEGMENTS, SPACES};
use crate::view::{Seen, Table, View};
use crate::{Config, Viscounts};
use std::sync::OnceLock;
use tabuleiro_core::encode::{mixed, Blocks};
use tabuleiro_core::{Encode, Features, Seat};

use crate::legal::MOST_TRADES;
/// The orders of the three card slots (3!).
const SLOT_ORDERS: usize = 6;
/// A player builds each kind at most this many times (the player board's three spaces).
const BUILDINGS_OF_A_KIND: f64 = 3.0;
/// The most Future Plots a solo game shuffles in (the config's bound).
const MOST_DIFFICULTY: f64 = 3.0;

// Scales: the value a count usually stays under.
const SILVER_SCALE: f64 = 20.0;
const RESOURCE_SCALE: f64 = 10.0;
const PILE_SCALE: f64 = 20.0;
const DEBT_SCALE: f64 = 10.0;
const POINTS_SCALE: f64 = 100.0;
const ROUND_SCALE: f64 = 30.0;
const LEVEL3_SCALE: f64 = 5.0;
const ICON_SCALE: f64 = 8.0;
/// Rounds left once the end is triggered: the current one's end, then one more.
const FINAL_ROUNDS: f64 = 1.0;
/// A seat holds one copy of each villager kind (one starting card of each per colour).
const ONE_COPY: f64 = 1.0;

/// The question kinds, in the order of [`question_kind`].
const QUESTION_KINDS: usize = 20;
/// The sources of points in a [`Breakdown`], in the order of [`points_by_source`].
const POINT_SOURCES: usize = 11;
/// Per seat: AI, Silver, 3 resources, 4 Debt/Deed counts, 2 track markers, 3 building
/// kinds, reserve, 3 pile sizes, transcribed, total points.
const SEAT_COUNTS: usize = 20;

/// Sizes the content gives, found once.
struct Bounds {
    villagers: usize,
    /// Villagers, then Plot cards: every card a slot or a pile may hold.
    cards: usize,
    manuscripts: usize,
    segments: usize,
    player_cards: usize,
    /// The most building spots of one segment.
    spots: usize,
    /// The most options of one choice (at least 1: an exchange is accepted as option 0).
    options: usize,
    /// Per main action kind, the most substitute uses of one funding (0: no substitute).
    uses: [usize; MainKind::ALL.len()],
    heroes: Vec<Card>,
    /// About how many villagers lie below each stack's top at the start.
    stack_depth: f64,
    most_manuscript_cost: u8,
    most_workers: u8,
    futures: usize,
}

fn bounds() -> &'static Bounds {
    static BOUNDS: OnceLock<Bounds> = OnceLock::new();
    BOUNDS.get_or_init(|| {
        let c = Content::get();
        let kinds = |d: Deck| -> Vec<Card> {
            (0..c.villagers.len() as u8)
                .map(Card)
                .filter(|&k| c.villager(k).deck == d)
                .collect()
        };
        let neutral: usize = c
            .villagers
            .iter()
            .filter(|v| v.deck == Deck::Neutral)
            .map(|v| v.copies as usize)
            .sum();
        Bounds {
            villagers: c.villagers.len(),
            cards: c.villagers.len() + c.plots.len(),
            manuscripts: c.manuscripts.len(),
            segments: c.segments.len(),
            player_cards: c.player_cards.len(),
            spots: c.segments.iter().map(|s| s.spots.len()).max().unwrap_or(0),
            options: content_effects(c)
                .map(most_options)
                .max()
                .unwrap_or(0)
                .max(1),
            uses: MainKind::ALL.map(|k| most_uses(c, k)),
            heroes: kinds(Deck::Hero),
            stack_depth: (neutral / SEGMENTS) as f64,
            most_manuscript_cost: most_manuscript_cost(c),
            most_workers: c.worker_table.workers.iter().copied().max().unwrap_or(0),
            futures: c
                .plots
                .iter()
                .filter(|p| p.kind == PlotKind::Future)
                .count(),
        }
    })
}

/// Every list of printed effects a seat may be asked about.
fn content_effects(c: &Content) -> impl Iterator<Item = &[Effect]> {
    let villagers = c.villagers.iter().flat_map(|v| {
        let ability = v.ability.iter().map(|a| a.effects.as_slice());
        ability.chain(v.hire_dismiss.iter().map(|h| h.effects.as_slice()))
    });
    let segments = c.segments.iter().flat_map(|s| {
        let trades = [&s.trades.outer_left, &s.trades.outer_right].map(|t| t.reward.as_slice());
        let printed = [
            &s.printed_villager.hire_dismiss,
            &s.printed_manuscript.effects,
        ];
        trades
            .into_iter()
            .chain(printed.map(Vec::as_slice))
            .chain(s.spots.iter().map(|p| p.reward.as_slice()))
            .chain(s.links.iter().flatten().map(|l| l.reward.as_slice()))
    });
    villagers
        .chain(segments)
        .chain(c.manuscripts.iter().map(|m| m.immediate.as_slice()))
        .chain(
            c.castle
                .level_2_rewards
                .iter()
                .map(|r| r.effects.as_slice()),
        )
        .chain(c.player_cards.iter().map(|p| p.extra.as_slice()))
}

/// The most options of a choice among `effects`, nested ones included.
fn most_options(effects: &[Effect]) -> usize {
    let of = |e: &Effect| match e {
        Effect::Choice { options } => options
            .iter()
            .map(|o| most_options(o))
            .fold(options.len(), usize::max),
        Effect::PayThen { cost, reward } => most_options(cost).max(most_options(reward)),
        Effect::Trigger { effects, .. } => most_options(effects),
        _ => 0,
    };
    effects.iter().map(of).max().unwrap_or(0)
}

/// The most substitute uses one funding of `kind` holds: none where no villager
/// substitutes for it, else the most icons the action can need.
fn most_uses(c: &Content, kind: MainKind) -> usize {
    let substitutes = c
        .villagers
        .iter()
        .filter_map(|v| v.ability.as_ref())
        .any(|a| {
            a.effects
                .iter()
                .any(|e| matches!(e, Effect::IconSubstitute { action, .. } if *action == kind))
        });
    if substitutes {
        most_need(c, kind)
    } else {
        0
    }
}

fn most_need(c: &Content, kind: MainKind) -> usize {
    match kind {
        MainKind::Trade => {
            let rates = c
                .segments
                .iter()
                .flat_map(|s| [&s.trades.outer_left, &s.trades.outer_right]);
            rates.map(|t| t.merchant as usize).max().unwrap_or(0) * MOST_TRADES
        }
        MainKind::Build => Building::ALL
            .iter()
            .map(|&b| c.buildings.row(b).builder_cost as usize)
            .max()
            .unwrap_or(0),
        MainKind::PlaceWorkers => c
            .worker_table
            .noble_icons
            .iter()
            .map(|&n| n as usize)
            .max()
            .unwrap_or(0),
        MainKind::Transcribe => most_manuscript_cost(c) as usize,
    }
}

fn most_manuscript_cost(c: &Content) -> u8 {
    let tiles = c.manuscripts.iter().map(|m| m.cost);
    let printed = c.segments.iter().map(|s| s.printed_manuscript.cost);
    tiles.chain(printed).max().unwrap_or(0)
}

/// The player boards of a game of `config`: the solo game has the AI's too, as seat 1
/// (the state holds at least two).
fn boards(config: &Config) -> usize {
    (config.players as usize).max(2)
}

/// The kinds of decision, in the order their blocks are laid out.
#[derive(Clone, Copy)]
enum Block {
    ChoosePair,
    Place,
    Move,
    Trade,
    Build,
    PlaceWorkers,
    Transcribe,
    NoAction,
    Hire,
    Pass,
    Choose,
    Rearrange,
    DiscardFromHand,
    DiscardTop,
    DestroyFromHand,
    DestroyTop,
    DestroyFromPile,
    FlipDebt,
    FlipDeed,
    TakeResource,
    HireFree,
    CastleMove,
    PlaceIn,
    BuildFree,
    TakeManuscript,
    Advance,
    Expel,
}

const BLOCKS: [Block; 27] = [
    Block::ChoosePair,
    Block::Place,
    Block::Move,
    Block::Trade,
    Block::Build,
    Block::PlaceWorkers,
    Block::Transcribe,
    Block::NoAction,
    Block::Hire,
    Block::Pass,
    Block::Choose,
    Block::Rearrange,
    Block::DiscardFromHand,
    Block::DiscardTop,
    Block::DestroyFromHand,
    Block::DestroyTop,
    Block::DestroyFromPile,
    Block::FlipDebt,
    Block::FlipDeed,
    Block::TakeResource,
    Block::HireFree,
    Block::CastleMove,
    Block::PlaceIn,
    Block::BuildFree,
    Block::TakeManuscript,
    Block::Advance,
    Block::Expel,
];

impl Block {
    fn size(self, config: &Config) -> usize {
        let b = bounds();
        match self {
            Block::ChoosePair => config.players as usize + 1,
            Block::Place
            | Block::DiscardFromHand
            | Block::DestroyFromHand
            | Block::DestroyFromPile => b.villagers,
            Block::Move => SPACES as usize,
            Block::Trade => main_size(MainKind::Trade),
            Block::Build => main_size(MainKind::Build),
            Block::PlaceWorkers => main_size(MainKind::PlaceWorkers),
            Block::Transcribe => main_size(MainKind::Transcribe),
            Block::Choose => b.options,
            Block::Rearrange => SLOT_ORDERS,
            Block::TakeResource => Res::ALL.len(),
            Block::HireFree | Block::PlaceIn | Block::TakeManuscript | Block::Advance => SEGMENTS,
            Block::CastleMove => SEGMENTS * 2,
            Block::BuildFree => SEGMENTS * b.spots,
            Block::Expel => boards(config),
            Block::NoAction
            | Block::Hire
            | Block::Pass
            | Block::DiscardTop
            | Block::DestroyTop
            | Block::FlipDebt
            | Block::FlipDeed => 1,
        }
    }
}

/// The numbering of a config's decisions ([`Encode::Numbering`]): its blocks laid out.
pub type Numbering = Blocks<{ BLOCKS.len() }>;

/// The id of entry `index` of `block`.
fn id(numbering: &Numbering, block: Block, index: usize) -> Option<usize> {
    numbering.id(block as usize, index)
}

/// The targets a main action of `kind` may have: trade counts, (building, spot) pairs,
/// rows of the worker table, the one manuscript.
fn main_targets(kind: MainKind) -> usize {
    match kind {
        MainKind::Trade => MOST_TRADES,
        MainKind::Build => Building::ALL.len() * bounds().spots,
        MainKind::PlaceWorkers => Content::get().worker_table.workers.len(),
        MainKind::Transcribe => 1,
    }
}

fn main_size(kind: MainKind) -> usize {
    main_targets(kind) * 2 * uses_count(bounds().uses[kind as usize])
}

fn main_target(main: &Main) -> Option<usize> {
    match *main {
        Main::Trade { times } => (times as usize).checked_sub(1),
        Main::Build { building, spot } => mixed(&[
            (building as usize, Building::ALL.len()),
            (spot as usize, bounds().spots),
        ]),
        Main::PlaceWorkers { workers } => Content::get()
            .worker_table
            .workers
            .iter()
            .position(|&w| w == workers),
        Main::Transcribe => Some(0),
    }
}

fn main_id(numbering: &Numbering, main: &Main, funding: &Funding) -> Option<usize> {
    let kind = main.kind();
    let most = bounds().uses[kind as usize];
    let index = mixed(&[
        (main_target(main)?, main_targets(kind)),
        (funding.dismiss as usize, 2),
        (uses_rank(funding.subs, most)?, uses_count(most)),
    ])?;
    let block = match kind {
        MainKind::Trade => Block::Trade,
        MainKind::Build => Block::Build,
        MainKind::PlaceWorkers => Block::PlaceWorkers,
        MainKind::Transcribe => Block::Transcribe,
    };
    id(numbering, block, index)
}

/// How many triples of uses have a sum of at most `most`.
fn uses_count(most: usize) -> usize {
    (most + 1) * (most + 2) * (most + 3) / 6
}

/// The place of `subs` among the triples with a sum of at most `most`, in order.
fn uses_rank(subs: [u8; 3], most: usize) -> Option<usize> {
    let [a, b, c] = subs.map(usize::from);
    if a + b + c > most {
        return None;
    }
    // The pairs (b, c) with a sum of at most `rest`, and the c at most `rest`.
    let pairs = |rest: usize| (rest + 1) * (rest + 2) / 2;
    let before_a: usize = (0..a).map(|x| pairs(most - x)).sum();
    let before_b: usize = (0..b).map(|y| most - a - y + 1).sum();
    Some(before_a + before_b + c)
}

/// The place of an order of the three slots among the six (its Lehmer code), if it is one.
fn order_rank(order: [u8; 3]) -> Option<usize> {
    let [a, b, c] = order.map(usize::from);
    let slots = order.len();
    let distinct = a != b && b != c && a != c;
    if !distinct || a.max(b).max(c) >= slots {
        return None;
    }
    mixed(&[(a, slots), (b - usize::from(b > a), slots - 1)])
}

/// A villager kind's index, if `card` is a villager.
fn villager(card: Card) -> Option<usize> {
    Some(card.0 as usize).filter(|&i| i < bounds().villagers)
}

/// A card's index among villagers, then Plot cards.
fn card_index(card: Card) -> Option<usize> {
    let b = bounds();
    match card.0.checked_sub(PLOT_BASE) {
        Some(plot) => Some(b.villagers + plot as usize).filter(|&i| i < b.cards),
        None => villager(card),
    }
}

impl Encode for Viscounts {
    type Numbering = Numbering;

    fn numbering(config: &Config) -> Numbering {
        Blocks::new(BLOCKS.map(|b| b.size(config)))
    }

    fn space(numbering: &Numbering) -> usize {
        numbering.total()
    }

    fn id(numbering: &Numbering, action: &Action) -> Option<usize> {
        let (block, index) = match *action {
            Action::Main { main, funding } => return main_id(numbering, &main, &funding),
            Action::ChoosePair { pair } => (Block::ChoosePair, pair as usize),
            Action::Place { card } => (Block::Place, villager(card)?),
            Action::Move { to, .. } => (Block::Move, to as usize),
            Action::NoAction => (Block::NoAction, 0),
            Action::Hire => (Block::Hire, 0),
            Action::Pass => (Block::Pass, 0),
            Action::Choose { index } => (Block::Choose, index as usize),
            Action::Rearrange { order } => (Block::Rearrange, order_rank(order)?),
            Action::DiscardFromHand { card } => (Block::DiscardFromHand, villager(card)?),
            Action::DiscardTop => (Block::DiscardTop, 0),
            Action::DestroyFromHand { card } => (Block::DestroyFromHand, villager(card)?),
            Action::DestroyTop => (Block::DestroyTop, 0),
            Action::DestroyFromPile { card } => (Block::DestroyFromPile, villager(card)?),
            Action::FlipDebt => (Block::FlipDebt, 0),
            Action::FlipDeed => (Block::FlipDeed, 0),
            Action::TakeResource { res } => (Block::TakeResource, res as usize),
            Action::HireFree { pos } => (Block::HireFree, pos as usize),
            Action::CastleMove { section, clockwise } => (
                Block::CastleMove,
                mixed(&[(section as usize, SEGMENTS), (clockwise as usize, 2)])?,
            ),
            Action::PlaceIn { section } => (Block::PlaceIn, section as usize),
            Action::BuildFree { pos, spot } => (
                Block::BuildFree,
                mixed(&[(pos as usize, SEGMENTS), (spot as usize, bounds().spots)])?,
            ),
            Action::TakeManuscript { pos } => (Block::TakeManuscript, pos as usize),
            Action::Advance { section } => (Block::Advance, section as usize),
            Action::Expel { owner } => (Block::Expel, owner as usize),
        };
        id(numbering, block, index)
    }

    fn observation_len(config: &Config) -> usize {
        let boards = boards(config);
        pending_len(boards)
            + turn_len(boards)
            + 2 * bounds().villagers
            + boards * seat_len()
            + board_len(boards)
            + setup_len(config)
            + solo_len()
    }

    fn observe(config: &Config, view: &View, viewer: Seat, out: &mut Features) {
        let seats = Seats {
            viewer: viewer as usize,
            boards: boards(config),
        };
        let table = &view.position;
        pending(table, seats, out);
        turn(table, seats, out);
        own_cards(table.players.get(seats.viewer), out);
        for k in 0..seats.boards {
            seat(view, seats, seats.abs(k), out);
        }
        board(table, seats, out);
        setup(config, table, seats, out);
        solo(config, view, out);
    }
}

/// The viewer and the player boards, for seats taken from the viewer on.
#[derive(Clone, Copy)]
struct Seats {
    viewer: usize,
    boards: usize,
}

impl Seats {
    /// The seat `k` places after the viewer.
    fn abs(self, k: usize) -> usize {
        (self.viewer + k) % self.boards
    }

    /// How many places after the viewer `seat` sits.
    fn rel(self, seat: Seat) -> Option<usize> {
        let seat = seat as usize;
        (seat < self.boards).then(|| (seat + self.boards - self.viewer % self.boards) % self.boards)
    }
}

fn pending_len(boards: usize) -> usize {
    // Kind, seat asked, then viewer asked, options, workers, anywhere, cost, level 2 and
    // from the pile (one each), building, section.
    QUESTION_KINDS + boards + 7 + Building::ALL.len() + SEGMENTS
}

/// The question kind's place in the one-hot.
fn question_kind(q: &Question) -> usize {
    match q {
        Question::ChoosePair => 0,
        Question::Place => 1,
        Question::Move => 2,
        Question::Main => 3,
        Question::Hire => 4,
        Question::Choose { .. } => 5,
        Question::PayThen { .. } => 6,
        Question::Rearrange => 7,
        Question::Discard => 8,
        Question::MustDiscard => 9,
        Question::Destroy { .. } => 10,
        Question::Flip => 11,
        Question::Resource => 12,
        Question::HireFree => 13,
        Question::CastleMove => 14,
        Question::PlaceWorkers { .. } => 15,
        Question::BuildFree { .. } => 16,
        Question::FreeManuscript { .. } => 17,
        Question::Advance => 18,
        Question::Expel { .. } => 19,
    }
}

/// The question put now, and to whom.
fn pending(table: &Table, seats: Seats, out: &mut Features) {
    let asked = match table.tasks.last() {
        Some(Task::Ask { seat, q, .. }) => Some((*seat, q)),
        _ => None,
    };
    out.one_hot(asked.map(|(_, q)| question_kind(q)), QUESTION_KINDS);
    out.one_hot(asked.and_then(|(s, _)| seats.rel(s)), seats.boards);
    out.flag(asked.is_some_and(|(s, _)| s as usize == seats.viewer));
    question_details(asked.map(|(_, q)| q), out);
}

fn question_details(q: Option<&Question>, out: &mut Features) {
    let b = bounds();
    let options = match q {
        Some(Question::Choose { options }) => options.len(),
        _ => 0,
    };
    out.count(options as f64, b.options as f64);
    let (workers, anywhere) = match q {
        Some(Question::PlaceWorkers { n, anywhere }) => (*n, *anywhere),
        Some(Question::BuildFree { anywhere, .. }) => (0, *anywhere),
        _ => (0, false),
    };
    out.count(workers, b.most_workers as f64);
    out.flag(anywhere);
    let building = match q {
        Some(Question::BuildFree { building, .. }) => Some(*building as usize),
        _ => None,
    };
    out.one_hot(building, Building::ALL.len());
    let cost = match q {
        Some(Question::FreeManuscript { max_cost }) => *max_cost,
        _ => 0,
    };
    out.count(cost, b.most_manuscript_cost as f64);
    let (level2, section) = match q {
        Some(Question::Expel { level, section }) => (*level == 2, Some(*section as usize)),
        _ => (false, None),
    };
    out.flag(level2);
    out.one_hot(section, SEGMENTS);
    out.flag(matches!(q, Some(Question::Destroy { from_pile: true })));
}

const PHASES: usize = 3;

fn turn_len(boards: usize) -> usize {
    // Phase, active, first, round, last round set, rounds left, dismissed, main done.
    PHASES + 2 * boards + 4 + MainKind::ALL.len()
}

fn turn(table: &Table, seats: Seats, out: &mut Features) {
    let phase = match table.phase {
        Phase::Setup => 0,
        Phase::Playing => 1,
        Phase::Over => 2,
    };
    out.one_hot(Some(phase), PHASES);
    out.one_hot(seats.rel(table.current), seats.boards);
    out.one_hot(seats.rel(table.first), seats.boards);
    out.count(table.round, ROUND_SCALE);
    out.flag(table.last_round.is_some());
    let left = table
        .last_round
        .map_or(0, |last| last.saturating_sub(table.round));
    out.count(left, FINAL_ROUNDS);
    out.flag(table.dismissed);
    out.one_hot(table.main_done.map(|k| k as usize), MainKind::ALL.len());
}

/// The viewer's hand and draw pile, by villager kind.
fn own_cards(own: Option<&Seen>, out: &mut Features) {
    let none = Vec::new();
    let hand = own.and_then(|p| p.hand.as_ref()).unwrap_or(&none);
    let draw = own.and_then(|p| p.draw.as_ref()).unwrap_or(&none);
    for pile in [hand, draw] {
        counts(pile, bounds().villagers, villager, |_| ONE_COPY, out);
    }
}

/// `n` counts of `cards` by `index`, each scaled by `scale` of its index.
fn counts(
    cards: &[Card],
    n: usize,
    index: fn(Card) -> Option<usize>,
    scale: impl Fn(usize) -> f64,
    out: &mut Features,
) {
    let mut tally = vec![0u32; n];
    for i in cards.iter().filter_map(|&c| index(c)).filter(|&i| i < n) {
        tally[i] += 1;
    }
    for (i, t) in tally.into_iter().enumerate() {
        out.count(t, scale(i));
    }
}

fn seat_len() -> usize {
    let b = bounds();
    SEAT_COUNTS
        + POINT_SOURCES
        + Icon::ALL.len()
        + (Content::get().card_slots as usize + 2) * b.cards
        + b.manuscripts
        + Ribbon::ALL.len()
        + SPACES as usize
        + b.player_cards
}

/// One seat's public board, and what all know of its cards.
fn seat(view: &View, seats: Seats, s: usize, out: &mut Features) {
    let start = out.len();
    let table = &view.position;
    if let Some(p) = table.players.get(s) {
        seat_counts(view, p, s, out);
        seat_cards(view, seats, p, s, out);
    }
    // A seat the view lacks keeps its place, empty.
    out.fit(start, seat_len());
}

fn seat_counts(view: &View, p: &Seen, s: usize, out: &mut Features) {
    let c = Content::get();
    out.flag(view.position.config.is_ai(s as Seat));
    out.count(p.silver, SILVER_SCALE);
    for r in p.res {
        out.count(r, RESOURCE_SCALE);
    }
    for n in [p.debts, p.paid_debts, p.deeds, p.approved_deeds] {
        out.count(n, DEBT_SCALE);
    }
    out.count(p.corruption, c.track.spaces as f64);
    out.count(p.virtue, c.track.spaces as f64);
    for n in p.built {
        out.count(n, BUILDINGS_OF_A_KIND);
    }
    out.count(p.reserve, c.worker_supply as f64);
    let size = |sizes: &[u32]| sizes.get(s).copied().unwrap_or(0);
    out.count(size(&view.hand_sizes), PILE_SCALE);
    out.count(size(&view.draw_sizes), PILE_SCALE);
    out.count(p.discard.len() as f64, PILE_SCALE);
    out.flag(view.position.transcribed.get(s).copied().unwrap_or(false));
    let points = view.points.get(s).copied().unwrap_or_default();
    out.count(points.total(), POINTS_SCALE);
    for n in points_by_source(&points) {
        out.count(n, POINTS_SCALE);
    }
}

fn points_by_source(b: &Breakdown) -> [i32; POINT_SOURCES] {
    [
        b.buildings,
        b.workers,
        b.manuscript_sets,
        b.manuscript_own,
        b.leader,
        b.clergy_bonus,
        b.debts,
        b.deeds,
        b.poverty,
        b.prosperity,
        b.leftover_resources,
    ]
}

fn seat_cards(view: &View, seats: Seats, p: &Seen, s: usize, out: &mut Features) {
    let b = bounds();
    let c = Content::get();
    // The slotted cards' icons; the board's own icons follow from the empty slots, the
    // buildings and the clergy bonus cards, encoded alongside.
    let mut icons = [0u8; Icon::ALL.len()];
    for card in p
        .slots
        .iter()
        .flatten()
        .filter(|&&k| card_index(k).is_some())
    {
        for (n, i) in icons.iter_mut().zip(Icon::ALL) {
            *n += c.card_icons(*card).get(i);
        }
    }
    for n in icons {
        out.count(n, ICON_SCALE);
    }
    for slot in p.slots {
        out.one_hot(slot.and_then(card_index), b.cards);
    }
    counts(&p.discard, b.cards, card_index, |_| ONE_COPY, out);
    counts(
        &known_cards(view, seats, p, s),
        b.cards,
        card_index,
        |_| ONE_COPY,
        out,
    );
    let mut held = vec![false; b.manuscripts];
    for m in &p.manuscripts {
        if let Some(h) = held.get_mut(m.0 as usize) {
            *h = true;
        }
    }
    held.into_iter().for_each(|h| out.flag(h));
    for r in Ribbon::ALL {
        out.flag(p.clergy_bonus.contains(&r));
    }
    out.one_hot(Some(p.space as usize), SPACES as usize);
    out.one_hot((p.player_card as usize).checked_sub(1), b.player_cards);
}

/// A seat's hand and draw pile together as all know them: the viewer's own as they are.
fn known_cards(view: &View, seats: Seats, p: &Seen, s: usize) -> Vec<Card> {
    if s == seats.viewer {
        let hand = p.hand.iter().flatten();
        hand.chain(p.draw.iter().flatten()).copied().collect()
    } else {
        view.unseen.get(s).cloned().unwrap_or_default()
    }
}

fn board_len(boards: usize) -> usize {
    let b = bounds();
    let position =
        b.segments + b.villagers + 1 + b.manuscripts + 1 + b.spots * (boards + Building::ALL.len());
    // Rotation, two levels of sections, level 3, the leader, clergy bonus cards left,
    // Poverty and Prosperity (counts and flags), the removed villagers.
    SEGMENTS * position
        + SEGMENTS
        + 2 * SEGMENTS * boards
        + 2 * boards
        + Ribbon::ALL.len()
        + 4
        + b.villagers
}

fn board(table: &Table, seats: Seats, out: &mut Features) {
    let b = bounds();
    let c = Content::get();
    for pos in 0..SEGMENTS {
        out.one_hot(Some(table.order[pos] as usize), b.segments);
        let stack = table.villagers[pos];
        out.one_hot(stack.top.and_then(villager), b.villagers);
        out.count(stack.hidden, b.stack_depth);
        let ms = table.manuscripts[pos];
        out.one_hot(ms.top.map(|m| m.0 as usize), b.manuscripts);
        out.count(ms.hidden, c.black_per_stack as f64);
        for spot in table.spots[pos].iter().take(b.spots) {
            out.one_hot(spot.and_then(|(owner, _)| seats.rel(owner)), seats.boards);
            out.one_hot(spot.map(|(_, kind)| kind as usize), Building::ALL.len());
        }
    }
    castle(table, seats, out);
    for r in Ribbon::ALL {
        out.flag(table.clergy_bonus_left.contains(&r));
    }
    let most_debts = c
        .poverty
        .debts_on_top_by_players
        .iter()
        .max()
        .copied()
        .unwrap_or(1);
    let most_deeds = c
        .prosperity
        .deeds_on_top_by_players
        .iter()
        .max()
        .copied()
        .unwrap_or(1);
    out.count(table.debts_on_poverty, most_debts as f64);
    out.count(table.deeds_on_prosperity, most_deeds as f64);
    out.flag(table.poverty_revealed);
    out.flag(table.prosperity_revealed);
    let copies = |i: usize| c.villagers[i].copies as f64;
    counts(&table.removed, b.villagers, villager, copies, out);
}

fn castle(table: &Table, seats: Seats, out: &mut Features) {
    let full = Content::get().castle.max_per_section as f64;
    out.one_hot(Some(table.rotation as usize), SEGMENTS);
    let by_seat = |workers: &[u8], scale: f64, out: &mut Features| {
        for k in 0..seats.boards {
            out.count(workers.get(seats.abs(k)).copied().unwrap_or(0), scale);
        }
    };
    for section in table.castle.level1.iter().chain(&table.castle.level2) {
        by_seat(section, full, out);
    }
    by_seat(&table.castle.level3, LEVEL3_SCALE, out);
    out.one_hot(table.castle.leader.and_then(|s| seats.rel(s)), seats.boards);
}

fn setup_len(config: &Config) -> usize {
    let b = bounds();
    // Each pair, then the seats still to choose and whether the viewer is one.
    (config.players as usize + 1) * (b.player_cards + b.heroes.len()) + 2
}

fn setup(config: &Config, table: &Table, seats: Seats, out: &mut Features) {
    let b = bounds();
    let pairs = config.players as usize + 1;
    let start = out.len();
    for &(number, hero) in table.pairs.iter().take(pairs) {
        out.one_hot((number as usize).checked_sub(1), b.player_cards);
        out.one_hot(b.heroes.iter().position(|&h| h == hero), b.heroes.len());
    }
    out.fit(start, pairs * (b.player_cards + b.heroes.len()));
    out.count(table.choosing.len() as f64, pairs as f64);
    let viewer = seats.viewer as Seat;
    out.flag(table.choosing.contains(&viewer));
}

fn solo_len() -> usize {
    // AI board, difficulty, Future Plots unseen, in the pile, to shuffle in, face down.
    Content::get().ai_boards.len() + 5
}

fn solo(config: &Config, view: &View, out: &mut Features) {
    let c = Content::get();
    let board = c.ai_boards.iter().position(|b| b.id == config.ai);
    out.one_hot(board.filter(|_| config.solo()), c.ai_boards.len());
    out.count(config.difficulty, MOST_DIFFICULTY);
    let futures = bounds().futures as f64;
    out.count(view.futures_unseen.len() as f64, futures);
    out.count(view.future_pile, futures);
    out.count(view.futures_to_shuffle_in, futures);
    out.count(view.futures_face_down, futures);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substitute_uses_rank_onto_their_count() {
        for most in 0..9 {
            let mut ranks = Vec::new();
            for a in 0..=9u8 {
                for b in 0..=9u8 {
                    for c in 0..=9u8 {
                        ranks.extend(uses_rank([a, b, c], most));
                    }
                }
            }
            ranks.sort_unstable();
            assert_eq!(ranks, (0..uses_count(most)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn slot_orders_rank_onto_six() {
        let mut ranks = Vec::new();
        for a in 0..4u8 {
            for b in 0..4u8 {
                for c in 0..4u8 {
                    ranks.extend(order_rank([a, b, c]));
                }
            }
        }
        ranks.sort_unstable();
        assert_eq!(ranks, (0..SLOT_ORDERS).collect::<Vec<_>>());
    }
}
