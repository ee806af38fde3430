//! The decisions offered for the question a seat faces: every legal decision is listed.
//! A main action is listed with each funding the rules accept: with and without a
//! dismissal, each mix of substitute-ability uses (Traveller, Mason, ...), and the
//! resources that complete it (funding never pays beyond the need).

use crate::action::{Action, Funding, Main};
use crate::board;
use crate::content::{Building, Content, Substitute};
use crate::effect::{Card, Icon, MainKind, Res};
use crate::error::{Error, Refusal};
use crate::main_action::{Means, Tally};
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
        let every_space = (1u16 << SPACES) - 1;
        let mut found = 0u16;
        let max_paid = p.silver.min(SPACES as u16) as u8;
        let reach = board::Reach::of(p.space);
        for paid in 0..=max_paid {
            for free in [false, true] {
                if free && !tp {
                    continue;
                }
                let mask = reach.steps(base + paid as u32 + free as u32);
                let mut new = mask & !found;
                found |= new;
                while new != 0 {
                    ways[new.trailing_zeros() as usize] = Some((paid, free));
                    new &= new - 1;
                }
            }
            if found == every_space {
                break;
            }
        }
        ways
    }

    /// Main actions with their cheapest funding, without and with a dismissal.
    pub fn legal_main(&self, seat: Seat, out: &mut Vec<Action>) {
        let c = Content::get();
        let p = self.p(seat);
        let means = self.means(seat);
        if self.outer(seat) {
            let merchant = self.trade_here(seat).merchant;
            let rate = merchant.max(1);
            // At most what every icon, a dismissal and all Silver could buy.
            let most = means.icons.total() as u16 + 3 + p.silver;
            let subs = self.substitutes(seat, MainKind::Trade);
            // Without substitutes the icons a Trade may gather do not depend on its
            // count: once its need is past them, so is every larger count's.
            let gathered = subs
                .iter()
                .all(Option::is_none)
                .then(|| self.most_icons(&means, seat, MainKind::Trade, &subs, [0; 3]));
            let mut tallies = Tallies::new();
            for times in 1..=(most / rate as u16).min(MOST_TRADES as u16) as u8 {
                // `need` of a Trade on the outer path, the seat's own.
                let need = merchant.saturating_mul(times);
                if gathered.is_some_and(|most| need as u16 > most) {
                    break;
                }
                let main = Main::Trade { times };
                self.list_fundings(seat, main, need, &means, &subs, &mut tallies, out);
            }
            self.list_builds(seat, &means, out);
        } else {
            let subs = self.substitutes(seat, MainKind::PlaceWorkers);
            let mut tallies = Tallies::new();
            let t = &c.worker_table;
            for workers in t.workers.iter().copied() {
                // `need` of a worker row on the inner path: at most the reserve (A24).
                if workers == 0 || workers > p.reserve {
                    continue;
                }
                let Some(row) = t.workers.iter().position(|&w| w == workers) else {
                    continue;
                };
                let need = t.noble_icons[row];
                let main = Main::PlaceWorkers { workers };
                self.list_fundings(seat, main, need, &means, &subs, &mut tallies, out);
            }
            let subs = self.substitutes(seat, MainKind::Transcribe);
            let mut tallies = Tallies::new();
            self.list_needed(seat, Main::Transcribe, &means, &subs, &mut tallies, out);
        }
    }

    /// The Build actions: each building on each spot open to it, with each funding.
    fn list_builds(&self, seat: Seat, means: &Means, out: &mut Vec<Action>) {
        let subs = self.substitutes(seat, MainKind::Build);
        let spots = self.segment(board::pos_of(self.p(seat).space)).spots.len() as u8;
        // The spots a building may go on are the same for the three buildings.
        let open = self.open_spots(seat);
        let mut tallies = Tallies::new();
        for building in Building::ALL {
            // Three of this kind built: none left (`need` refuses a fourth).
            if self.p(seat).built[building as usize] >= 3 {
                continue;
            }
            let mut on = (0..spots).filter(|&spot| open[spot as usize]);
            // No spot open: nothing to build.
            let Some(first) = on.next() else {
                return;
            };
            let listed = out.len();
            // `need` of a building on an open spot of the seat's outer space, with
            // fewer than three of its kind built.
            let need = Content::get().buildings.row(building).builder_cost;
            self.list_fundings(
                seat,
                Main::Build {
                    building,
                    spot: first,
                },
                need,
                means,
                &subs,
                &mut tallies,
                out,
            );
            let found = listed..out.len();
            // A building needs the same icons on every spot, so the fundings found for
            // the first open spot are those of the others.
            for spot in on {
                for i in found.clone() {
                    if let Action::Main { funding, .. } = out[i] {
                        let main = Main::Build { building, spot };
                        out.push(Action::Main { main, funding });
                    }
                }
            }
        }
    }

    /// By spot of the seat's segment, whether it is free and on the Viscount's bank of
    /// the river (L425), as the Build action asks (`need` checks it again).
    fn open_spots(&self, seat: Seat) -> [bool; 8] {
        let space = self.p(seat).space;
        let pos = board::pos_of(space);
        let taken = &self.spots[pos as usize];
        std::array::from_fn(|spot| {
            taken[spot].is_none() && self.spot_reachable_from(space, pos, spot as u8)
        })
    }

    /// `main` with each funding the rules accept, if it can be taken here.
    fn list_needed(
        &self,
        seat: Seat,
        main: Main,
        means: &Means,
        subs: &[Option<Substitute>; 3],
        tallies: &mut Tallies,
        out: &mut Vec<Action>,
    ) {
        if let Ok(need) = self.need(seat, &main) {
            self.list_fundings(seat, main, need, means, subs, tallies, out);
        }
    }

    /// `main`, which may be taken here and needs `need` icons, with each funding the
    /// rules accept.
    #[allow(clippy::too_many_arguments)]
    fn list_fundings(
        &self,
        seat: Seat,
        main: Main,
        need: u8,
        means: &Means,
        subs: &[Option<Substitute>; 3],
        tallies: &mut Tallies,
        out: &mut Vec<Action>,
    ) {
        let k: MainKind = main.kind();
        // The most uses of each substitute worth trying: its limit, or the need (each
        // use gives at least one icon).
        let most = subs.map(|sub| sub.map_or(0, |sub| sub.max_uses.map_or(need, |m| m.min(need))));
        if self.most_icons(means, seat, k, subs, most) < need as u16 {
            return;
        }
        // A villager without the action's icon (or a Criminal) cannot be dismissed for
        // it (L383): every funding with the dismissal would be refused.
        let dismissal = means.dismissal.icons;
        let may_dismiss = dismissal.get(k.icon()) + dismissal.get(Icon::Criminal) > 0;
        for dismiss in [false, true] {
            if dismiss && !may_dismiss {
                break;
            }
            let mixes = Mixes {
                need,
                dismiss,
                most,
            };
            self.list_substitute_uses(seat, main, means, mixes, tallies, out);
        }
    }

    /// `main`, with or without the dismissal, with each mix of substitute uses up to
    /// `most` that completes a funding.
    fn list_substitute_uses(
        &self,
        seat: Seat,
        main: Main,
        means: &Means,
        mixes: Mixes,
        tallies: &mut Tallies,
        out: &mut Vec<Action>,
    ) {
        let Mixes {
            need,
            dismiss,
            most,
        } = mixes;
        let k = main.kind();
        // One more use of a substitute only adds icons: a mix with a use that could be
        // left out (a funding pays nothing beyond its need, L372-381) keeps it with
        // more uses, so the mixes above it are not tried.
        'first: for a in 0..=most[0] {
            'second: for b in 0..=most[1] {
                for d in 0..=most[2] {
                    let f = Funding {
                        dismiss,
                        paid: 0,
                        subs: [a, b, d],
                    };
                    match self.completed(means, seat, k, need, f, tallies) {
                        Tried::Funded(funding) => out.push(Action::Main { main, funding }),
                        Tried::Overpaid => match (b, d) {
                            (0, 0) => break 'first,
                            (_, 0) => continue 'first,
                            _ => continue 'second,
                        },
                        Tried::Refused => {}
                    }
                }
            }
        }
    }

    /// The substitute ability (Traveller, Mason, ...) of the card on each slot for
    /// action `k`, if it has one.
    fn substitutes(&self, seat: Seat, k: MainKind) -> [Option<Substitute>; 3] {
        let c = Content::get();
        self.p(seat)
            .slots
            .map(|slot| slot.and_then(|card| c.substitute(card, k)))
    }

    /// More icons than any funding of an action of kind `k` could gather: the board's,
    /// the dismissable villager's, every use of the substitutes tried, and every
    /// resource (or Silver) that buys the action's icon (L356-381). A need above it has
    /// no funding, so its fundings are not tried one by one.
    fn most_icons(
        &self,
        means: &Means,
        seat: Seat,
        k: MainKind,
        subs: &[Option<Substitute>; 3],
        most: [u8; 3],
    ) -> u16 {
        let p = self.p(seat);
        let matching = |icons: crate::effect::Icons| {
            icons.get(k.icon()) as u16 + icons.get(Icon::Criminal) as u16
        };
        let substituted: u16 = subs
            .iter()
            .zip(most)
            .map(|(sub, uses)| sub.map_or(0, |sub| sub.per_use as u16 * uses as u16))
            .sum();
        let bought = match crate::main_action::funding_resource(k) {
            None => p.silver,
            Some(r) => p.res[r as usize],
        };
        matching(means.icons) + matching(means.dismissal.icons) + substituted + bought
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
        tallies: &mut Tallies,
    ) -> Tried {
        // The tally depends neither on the resources paid nor on the need: it is made
        // once for both settlements and for every main action of kind `k` listed.
        let Some(tally) = tallies.get(f, || self.tally(means, seat, k, &f).ok()) else {
            return Tried::Refused;
        };
        // Settled once, with the resources its icons leave missing: `settled` refuses a
        // use that could be left out only when nothing is missing (with resources paid,
        // the icons alone fall short of the need).
        let paid = need.saturating_sub(tally.icons());
        match self.settled(seat, k, need, paid, tally) {
            Ok(_) => Tried::Funded(Funding { paid, ..f }),
            Err(Error::Refused(Refusal::Overpaid)) => Tried::Overpaid,
            Err(_) => Tried::Refused,
        }
    }
}

/// The fundings of one main action to try: with or without the dismissal, each mix of
/// substitute uses up to `most`, for `need` icons.
#[derive(Clone, Copy)]
struct Mixes {
    need: u8,
    dismiss: bool,
    most: [u8; 3],
}

/// The tallies of the fundings without substitute uses (the most tried), with and
/// without the dismissal, in one listing for one kind of main action (the Trade counts,
/// the worker rows, the buildings): a tally is the same whatever the need, so each is
/// made once for all of them.
struct Tallies {
    /// By dismissal: `None`, not tallied yet; `Some(None)`, refused.
    kept: [Option<Option<Tally>>; 2],
}

impl Tallies {
    fn new() -> Tallies {
        Tallies { kept: [None; 2] }
    }

    /// The tally of `f` (its `paid` not read), made by `tally` unless kept.
    fn get(&mut self, f: Funding, tally: impl FnOnce() -> Option<Tally>) -> Option<Tally> {
        if f.subs != [0; 3] {
            return tally();
        }
        *self.kept[f.dismiss as usize].get_or_insert_with(tally)
    }
}

/// What checking one funding without resources gave ([`Viscounts::completed`]).
enum Tried {
    /// Accepted, with the resources that complete it.
    Funded(Funding),
    /// Refused: a substitute's use could be left out.
    Overpaid,
    Refused,
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
