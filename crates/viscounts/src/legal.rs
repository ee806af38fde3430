//! The decisions offered for the question a seat faces: every legal decision is listed.
//! A main action is listed with each funding the rules accept: with and without a
//! dismissal, each mix of substitute-ability uses (Traveller, Mason, ...), and the
//! resources that complete it (funding never pays beyond the need).

use crate::action::{Action, Funding, Main};
use crate::board;
use crate::content::{Building, Content};
use crate::effect::{Card, MainKind, Res};
use crate::main_action::Means;
use crate::state::{Question, Viscounts, SPACES};
use tabuleiro_core::Seat;

/// The most times one Trade action is listed: the rules set no bound and the listing
/// stops here; the encoding (`encode.rs`) numbers as many.
pub(crate) const MOST_TRADES: usize = 30;

impl Viscounts {
    pub fn legal(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        let Some(q) = self.question(seat) else { return };
        let c = Content::get();
        let p = self.p(seat);
        match q {
            Question::ChoosePair => {
                out.extend((0..self.pairs.len() as u8).map(|pair| Action::ChoosePair { pair }))
            }
            Question::Place => out.extend(each_once(&p.hand).map(|card| Action::Place { card })),
            Question::Move => self.legal_moves(seat, out),
            Question::Main => {
                self.legal_main(seat, out);
                if out.is_empty() {
                    out.push(Action::NoAction);
                }
            }
            Question::Hire => out.extend([Action::Hire, Action::Pass]),
            Question::Choose { options } => {
                out.extend((0..options.len() as u8).map(|index| Action::Choose { index }))
            }
            Question::PayThen { .. } => out.extend([Action::Choose { index: 0 }, Action::Pass]),
            Question::Rearrange => {
                out.push(Action::Pass);
                for order in PERMUTATIONS.iter().skip(1) {
                    if (0..3).any(|i| p.slots[i].is_some() != p.slots[order[i] as usize].is_some())
                    {
                        continue;
                    }
                    out.push(Action::Rearrange { order: *order });
                }
            }
            Question::Discard | Question::MustDiscard => {
                out.extend(each_once(&p.hand).map(|card| Action::DiscardFromHand { card }));
                if self.has_top(seat) {
                    out.push(Action::DiscardTop);
                }
                if matches!(q, Question::Discard) {
                    out.push(Action::Pass);
                }
            }
            Question::Destroy { from_pile } => {
                if *from_pile {
                    out.extend(each_once(&p.draw).map(|card| Action::DestroyFromPile { card }));
                } else {
                    out.extend(each_once(&p.hand).map(|card| Action::DestroyFromHand { card }));
                    if self.has_top(seat) {
                        out.push(Action::DestroyTop);
                    }
                }
                out.push(Action::Pass);
            }
            Question::Flip => out.extend([Action::FlipDebt, Action::FlipDeed]),
            Question::Resource => out.extend(Res::ALL.map(|res| Action::TakeResource { res })),
            Question::HireFree => {
                for pos in 0..5u8 {
                    if self.villagers[pos as usize].top.is_some() {
                        out.push(Action::HireFree { pos });
                    }
                }
            }
            Question::CastleMove => {
                out.push(Action::Pass);
                for section in 0..5u8 {
                    if self.castle.level1[section as usize][seat as usize] > 0 {
                        out.push(Action::CastleMove {
                            section,
                            clockwise: true,
                        });
                        out.push(Action::CastleMove {
                            section,
                            clockwise: false,
                        });
                    }
                }
            }
            Question::PlaceWorkers { anywhere, .. } => {
                let own = self.section_at(board::pos_of(p.space));
                for section in 0..5u8 {
                    if *anywhere || section == own {
                        out.push(Action::PlaceIn { section });
                    }
                }
            }
            Question::BuildFree { anywhere, .. } => {
                for pos in 0..5u8 {
                    for spot in 0..self.segment(pos).spots.len() as u8 {
                        let free = self.spots[pos as usize][spot as usize].is_none();
                        if free && (*anywhere || self.spot_reachable_from(p.space, pos, spot)) {
                            out.push(Action::BuildFree { pos, spot });
                        }
                    }
                }
            }
            Question::FreeManuscript { max_cost } => {
                for pos in 0..5u8 {
                    if self.manuscripts[pos as usize]
                        .top
                        .is_some_and(|m| c.manuscript(m).cost <= *max_cost)
                    {
                        out.push(Action::TakeManuscript { pos });
                    }
                }
            }
            Question::Advance => out.extend(
                self.level1_groups(seat)
                    .into_iter()
                    .map(|section| Action::Advance { section }),
            ),
            Question::Expel { level, section } => {
                let sec = self.section(*level, *section);
                for owner in 0..self.n() as Seat {
                    if sec[owner as usize] > 0 {
                        out.push(Action::Expel { owner });
                    }
                }
            }
        }
    }

    /// Each reachable space once, at its cheapest (fewest Silver, then the free step).
    fn legal_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        for (to, way) in self.cheapest_moves(seat).into_iter().enumerate() {
            if let Some((paid, free)) = way {
                out.push(Action::Move {
                    to: to as u8,
                    paid,
                    free,
                });
            }
        }
    }

    /// For each space, the cheapest way there as (Silver paid, the 1st Trading Post's free
    /// step): paying for more movement (L334) to end where less reaches is refused.
    pub fn cheapest_moves(&self, seat: Seat) -> [Option<(u8, bool)>; SPACES as usize] {
        let p = self.p(seat);
        let base = self.base_steps(seat);
        let tp = p.has_built(Building::TradingPost, 1);
        let mut ways = [None; SPACES as usize];
        let max_paid = p.silver.min(SPACES as u16) as u8;
        for paid in 0..=max_paid {
            for free in [false, true] {
                if free && !tp {
                    continue;
                }
                let mask = board::reachable(p.space, base + paid as u32 + free as u32);
                for (to, way) in ways.iter_mut().enumerate() {
                    if mask & (1 << to) != 0 && way.is_none() {
                        *way = Some((paid, free));
                    }
                }
            }
            if ways.iter().all(Option::is_some) {
                break;
            }
        }
        ways
    }

    /// Main actions with their cheapest funding, without and with a dismissal.
    pub fn legal_main(&self, seat: Seat, out: &mut Vec<Action>) {
        let c = Content::get();
        let p = self.p(seat);
        let pos = board::pos_of(p.space);
        let means = self.means(seat);
        if self.outer(seat) {
            let rate = self.trade_here(seat).merchant.max(1);
            // At most what every icon, a dismissal and all Silver could buy.
            let most = means.icons.total() as u16 + 3 + p.silver;
            for times in 1..=(most / rate as u16).min(MOST_TRADES as u16) as u8 {
                self.list_fundings(seat, Main::Trade { times }, &means, out);
            }
            for building in Building::ALL {
                for spot in 0..self.segment(pos).spots.len() as u8 {
                    self.list_fundings(seat, Main::Build { building, spot }, &means, out);
                }
            }
        } else {
            for workers in c.worker_table.workers.iter().copied() {
                self.list_fundings(seat, Main::PlaceWorkers { workers }, &means, out);
            }
            self.list_fundings(seat, Main::Transcribe, &means, out);
        }
    }

    /// `main` with each funding the rules accept, if it can be taken here.
    fn list_fundings(&self, seat: Seat, main: Main, means: &Means, out: &mut Vec<Action>) {
        let Ok(need) = self.need(seat, &main) else {
            return;
        };
        let k: MainKind = main.kind();
        let most = self.substitute_uses(seat, k, need);
        for dismiss in [false, true] {
            for a in 0..=most[0] {
                for b in 0..=most[1] {
                    for d in 0..=most[2] {
                        let f0 = Funding {
                            dismiss,
                            paid: 0,
                            subs: [a, b, d],
                        };
                        if let Some(funding) = self.completed(means, seat, k, need, f0) {
                            out.push(Action::Main { main, funding });
                        }
                    }
                }
            }
        }
    }

    /// The most uses of each slot's substitute ability for action `k` worth trying: its
    /// limit, or the need (each use gives at least one icon).
    fn substitute_uses(&self, seat: Seat, k: MainKind, need: u8) -> [u8; 3] {
        self.p(seat).slots.map(|slot| {
            match slot.and_then(|card| crate::main_action::substitute(card, k)) {
                Some(crate::effect::Effect::IconSubstitute { max_uses, .. }) => {
                    max_uses.map_or(need, |m| m.min(need))
                }
                _ => 0,
            }
        })
    }

    /// `f` with the resources that complete it (what its icons leave missing), if the
    /// whole is a legal funding.
    fn completed(
        &self,
        means: &Means,
        seat: Seat,
        k: MainKind,
        need: u8,
        f: Funding,
    ) -> Option<Funding> {
        let paid = match self.fund_from(means, seat, k, need, &f) {
            Ok(_) => 0,
            Err(crate::error::Error::Refused(crate::error::Refusal::NotEnoughIcons {
                need,
                have,
            })) => need - have,
            Err(_) => return None,
        };
        let f = Funding { paid, ..f };
        self.fund_from(means, seat, k, need, &f)
            .is_ok()
            .then_some(f)
    }
}

/// The cards of a pile, a card equal to the one before it left out (two copies of a
/// villager side by side are one decision), without copying the pile.
fn each_once(cards: &[Card]) -> impl Iterator<Item = Card> + '_ {
    cards
        .iter()
        .enumerate()
        .filter(|&(i, card)| i == 0 || cards[i - 1] != *card)
        .map(|(_, &card)| card)
}

/// The six orders of three slots; the first is no change.
const PERMUTATIONS: [[u8; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
