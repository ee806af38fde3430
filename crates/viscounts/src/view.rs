//! What one seat (or a spectator) sees (issue 40), built field by field from the
//! state: every face-up piece, the seat's own hand and draw pile, how many cards the
//! others hold, and what all know of the cards no one sees. Nothing else: a field
//! added to the state is shown to no one until it is named here. A search does not
//! read views; it guesses from the state through `Game::determinize`.

use crate::config::Config;
use crate::content::{Building, Content, PlotKind, Ribbon, Segment};
use crate::effect::{Card, MainKind, Ms};
use crate::scoring::Breakdown;
use crate::state::{Castle, Phase, Player, Stack, Task, Viscounts, SEGMENTS};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use tabuleiro_core::{Seat, MAX_SEATS};

/// What one seat (or a spectator) sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub seat: Option<Seat>,
    /// The table: boards, castle, offers, each player's face-up pieces.
    pub position: Table,
    pub hand_sizes: Vec<u32>,
    pub draw_sizes: Vec<u32>,
    /// For each seat whose cards are hidden from the viewer: its hand and draw pile
    /// together (public knowledge: every card it gained or lost was seen).
    pub unseen: Vec<Vec<Card>>,
    /// Points by source as they would be scored now.
    pub points: Vec<Breakdown>,
    /// Every content item that is a reconstruction (docs/viscounts/content.md).
    // The content's own list, lent: a view is built at every observation, and its
    // dozens of names are not copied each time.
    pub provisional_content: Cow<'static, [String]>,
    /// Solo: the Future Plots no one has seen, sorted: the Future Plot pile and those
    /// face down in the AI's Plot draw pile (L762); before the AI's setup, all those
    /// in play. No one sees which lie where.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub futures_unseen: Vec<Card>,
    /// Solo: how many of them lie in the Future Plot pile.
    #[serde(default)]
    pub future_pile: u32,
    /// Solo: how many of them are still to be shuffled into the AI's Plot draw pile
    /// (before the AI is set up).
    #[serde(default)]
    pub futures_to_shuffle_in: u32,
    /// Solo: how many of them lie face down in the AI's Plot draw pile.
    #[serde(default)]
    pub futures_face_down: u32,
}

/// The table as everyone sees it, with the viewer's own cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Table {
    pub config: Config,
    pub phase: Phase,
    pub players: Vec<Seen>,
    /// Segment id (index into the content) at each board position, clockwise.
    pub order: [u8; SEGMENTS],
    /// Castle section facing board position p is `(p + rotation) % 5`.
    pub rotation: u8,
    pub first: Seat,
    pub current: Seat,
    pub round: u16,
    /// Each position's villager stack: its face-up top and how many lie below.
    pub villagers: [Stack<Card>; SEGMENTS],
    pub manuscripts: [Stack<Ms>; SEGMENTS],
    /// `spots[pos][i]`: the owner and kind of the building on spot i of position pos.
    pub spots: [[Option<(Seat, Building)>; 8]; SEGMENTS],
    pub castle: Castle,
    pub clergy_bonus_left: Vec<Ribbon>,
    pub debts_on_poverty: u8,
    pub deeds_on_prosperity: u8,
    pub poverty_revealed: bool,
    pub prosperity_revealed: bool,
    pub last_round: Option<u16>,
    /// Setup: the row of (player card, hero) pairs still to choose.
    pub pairs: Vec<(u8, Card)>,
    /// Setup: seats still to choose a pair, next last.
    pub choosing: Vec<Seat>,
    pub dismissed: bool,
    pub main_done: Option<MainKind>,
    pub transcribed: [bool; MAX_SEATS],
    /// What the rules resolve next, the last first.
    pub tasks: Vec<Task>,
    /// Villagers removed from the game (destroyed or dismissed), face up.
    pub removed: Vec<Card>,
}

/// A player's board as the viewer sees it: its cards only where they are its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Seen {
    /// The viewer's own hand; `None` for another seat's (`View::hand_sizes`).
    pub hand: Option<Vec<Card>>,
    /// The viewer's own draw pile, sorted (its order is never known); `None` for
    /// another seat's (`View::draw_sizes`).
    pub draw: Option<Vec<Card>>,
    pub discard: Vec<Card>,
    pub slots: [Option<Card>; 3],
    pub silver: u16,
    /// Ink, Gold, Stone.
    pub res: [u16; 3],
    pub debts: u8,
    pub paid_debts: u8,
    pub deeds: u8,
    pub approved_deeds: u8,
    pub corruption: u8,
    pub virtue: u8,
    pub built: [u8; 3],
    pub reserve: u8,
    pub manuscripts: Vec<Ms>,
    pub clergy_bonus: Vec<Ribbon>,
    pub space: u8,
    pub player_card: u8,
}

impl Seen {
    fn of(p: &Player, own: bool) -> Seen {
        Seen {
            hand: own.then(|| p.hand.clone()),
            draw: own.then(|| p.draw.clone()),
            discard: p.discard.clone(),
            slots: p.slots,
            silver: p.silver,
            res: p.res,
            debts: p.debts,
            paid_debts: p.paid_debts,
            deeds: p.deeds,
            approved_deeds: p.approved_deeds,
            corruption: p.corruption,
            virtue: p.virtue,
            built: p.built,
            reserve: p.reserve,
            manuscripts: p.manuscripts.clone(),
            clergy_bonus: p.clergy_bonus.clone(),
            space: p.space,
            player_card: p.player_card,
        }
    }
}

impl Table {
    fn of(g: &Viscounts, viewer: Option<Seat>) -> Table {
        Table {
            config: g.config.clone(),
            phase: g.phase,
            players: (g.players.iter().enumerate())
                .map(|(s, p)| Seen::of(p, viewer == Some(s as Seat)))
                .collect(),
            order: g.order,
            rotation: g.rotation,
            first: g.first,
            current: g.current,
            round: g.round,
            villagers: g.villagers,
            manuscripts: g.manuscripts,
            spots: g.spots,
            castle: g.castle.clone(),
            clergy_bonus_left: g.clergy_bonus_left.clone(),
            debts_on_poverty: g.debts_on_poverty,
            deeds_on_prosperity: g.deeds_on_prosperity,
            poverty_revealed: g.poverty_revealed,
            prosperity_revealed: g.prosperity_revealed,
            last_round: g.last_round,
            pairs: g.pairs.clone(),
            choosing: g.choosing.clone(),
            dismissed: g.dismissed,
            main_done: g.main_done,
            transcribed: g.transcribed,
            tasks: g.tasks.clone(),
            removed: g.removed.clone(),
        }
    }

    /// The segment at board position `pos`.
    pub fn segment(&self, pos: u8) -> &'static Segment {
        crate::board::segment_at(&self.order, pos)
    }

    /// The castle section facing board position `pos`.
    pub fn section_at(&self, pos: u8) -> u8 {
        crate::board::section_facing(self.rotation, pos)
    }
}

impl View {
    pub(crate) fn of(g: &Viscounts, viewer: Option<Seat>) -> View {
        let unseen = (0..g.n() as Seat)
            .map(|s| match Some(s) == viewer {
                true => Vec::new(),
                false => g.unseen_cards(s),
            })
            .collect();
        View {
            seat: viewer,
            position: Table::of(g, viewer),
            hand_sizes: g.players.iter().map(|p| p.hand.len() as u32).collect(),
            draw_sizes: g.players.iter().map(|p| p.draw.len() as u32).collect(),
            unseen,
            points: (0..g.n() as Seat).map(|s| g.breakdown(s)).collect(),
            provisional_content: Cow::Borrowed(&Content::get().provisional),
            futures_unseen: g.futures_unseen(),
            future_pile: g.future_plots.len() as u32,
            futures_to_shuffle_in: g.future_in.len() as u32,
            futures_face_down: g.future_face_down.len() as u32,
        }
    }
}

impl Viscounts {
    /// A seat's hand and draw pile together, sorted, less the solo AI's face-down
    /// Future Plots (no one knows which those are): what another seat knows of them.
    pub(crate) fn unseen_cards(&self, s: Seat) -> Vec<Card> {
        let p = self.p(s);
        let mut cards: Vec<Card> = p.hand.iter().chain(&p.draw).copied().collect();
        cards.retain(|c| !self.future_face_down.contains(c));
        cards.sort_unstable();
        cards
    }

    /// Solo: the Future Plots no one has seen, sorted (see [`View::futures_unseen`]).
    pub(crate) fn futures_unseen(&self) -> Vec<Card> {
        let mut futures: Vec<Card> = match self.future_in.is_empty() {
            true => self.future_plots.clone(),
            // Before the AI is set up, any of its Future Plots may be the ones
            // shuffled in.
            false => self.plots_in_play(PlotKind::Future),
        };
        futures.extend(&self.future_face_down);
        futures.sort_unstable();
        futures
    }
}
