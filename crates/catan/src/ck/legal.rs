//! Listing the expansion's decisions for bots and menus; everything listed passes the
//! check (the random-play test verifies it).

use super::knights::Networks;
use super::{CkContent, Knight, Progress, Track, TOP_LEVEL};
use crate::action::{Action, Play};
use crate::cards::{Card, RESOURCES};
use crate::geometry::HEXES;
use crate::state::{Catan, Phase};
use tabuleiro_core::Seat;

impl Catan {
    /// The decisions of a Cities & Knights moment, or the expansion's additions to the
    /// turn (`Main`) and before the roll.
    pub(crate) fn legal_ck(&self, seat: Seat, out: &mut Vec<Action>) {
        let ck = self.ckr();
        let me = &ck.players[seat as usize];
        let hand = self.players[seat as usize].hand;
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.why_not_ck(seat, &a).is_ok() {
                out.push(a);
            }
        };
        match &self.phase {
            Phase::Main => {
                self.cities_knights_moves(seat, out);
                self.plays(seat, out);
            }
            Phase::BeforeRoll if me.progress.contains(&Progress::Alchemist) => {
                for yellow in 1..=6 {
                    for red in 1..=6 {
                        out.push(Action::Play {
                            play: Play::Alchemist { yellow, red },
                        });
                    }
                }
            }
            Phase::Pillage { .. } => out.extend(
                self.free_cities(seat)
                    .iter()
                    .map(|vertex| Action::Pillage { vertex }),
            ),
            Phase::Metropolis { .. } => out.extend(
                self.free_cities(seat)
                    .iter()
                    .map(|vertex| Action::Metropolis { vertex }),
            ),
            Phase::PickDeck { .. } => {
                for track in Track::ALL {
                    keep(Action::PickDeck { track }, out);
                }
            }
            Phase::ProgressDiscard { .. } => {
                let mut cards = me.progress.clone();
                cards.sort();
                cards.dedup();
                out.extend(
                    cards
                        .into_iter()
                        .map(|card| Action::DiscardProgress { card }),
                );
            }
            Phase::Aqueduct { .. } => {
                for card in RESOURCES {
                    keep(Action::Aqueduct { card }, out);
                }
            }
            Phase::Displaced { .. } => {
                out.push(Action::Relocate { to: None });
                out.extend(
                    self.relocation_spots(seat)
                        .iter()
                        .map(|v| Action::Relocate { to: Some(v) }),
                );
            }
            Phase::Desert { .. } => out.extend(
                me.knights
                    .iter()
                    .map(|k| Action::Desert { vertex: k.vertex }),
            ),
            Phase::FreeKnight { .. } => {
                out.push(Action::FreeKnight { vertex: None });
                out.extend(
                    self.knight_spots(seat)
                        .iter()
                        .map(|v| Action::FreeKnight { vertex: Some(v) }),
                );
            }
            Phase::DiplomatRoad { .. } => {
                out.push(Action::Pass);
                out.extend(
                    self.road_spots(seat)
                        .iter()
                        .map(|edge| Action::Road { edge }),
                );
            }
            Phase::Harbor { .. } => {
                out.push(Action::Pass);
                for other in 0..self.n() as Seat {
                    for card in RESOURCES {
                        keep(Action::HarborOffer { seat: other, card }, out);
                    }
                }
            }
            Phase::HarborAnswer { .. } => {
                out.extend(Catan::commodities_in(&hand).map(|card| Action::Give { card }))
            }
            Phase::Wedding => out.extend(hand.kinds().map(|card| Action::Give { card })),
            Phase::MasterMerchant { victim, .. } => out.extend(
                self.players[*victim as usize]
                    .hand
                    .kinds()
                    .map(|card| Action::Take { card }),
            ),
            Phase::Spy { victim } => {
                let mut cards = ck.players[*victim as usize].progress.clone();
                cards.sort();
                cards.dedup();
                out.extend(cards.into_iter().map(|card| Action::TakeProgress { card }));
            }
            _ => {}
        }
    }

    /// Walls, improvements and knight moves in the turn.
    fn cities_knights_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        let ck = self.ckr();
        let me = &ck.players[seat as usize];
        let p = &self.players[seat as usize];
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.why_not_ck(seat, &a).is_ok() {
                out.push(a);
            }
        };
        // What the seat cannot pay for is not asked spot by spot (the check still
        // decides the rest).
        let c = CkContent::get();
        if p.hand.contains(&c.wall_cost) {
            for vertex in p.cities.iter() {
                keep(Action::Wall { vertex }, out);
            }
        }
        // An improvement's cost is read first: most hands hold too few commodities;
        // with the cost in hand, `why_not_improve` is the rest of the check.
        for track in Track::ALL {
            let level = me.improvements[track as usize];
            if level < TOP_LEVEL
                && p.hand.contains(&c.improvement(track, level))
                && self.why_not_improve(seat, track).is_ok()
            {
                out.push(Action::Improve { track });
            }
        }
        // The cost first, then the pieces left (`why_not_recruit` asks both).
        if p.hand.contains(&c.knight_build) && self.why_not_recruit(seat).is_ok() {
            out.extend(
                self.knight_spots(seat)
                    .iter()
                    .map(|vertex| Action::Recruit { vertex }),
            );
        }
        // The checks of `why_not_knight` once each knight is the seat's own, in its
        // order: an inactive knight may be activated, a knight promoted, one beside
        // the robber may chase it (the cost in hand is read once).
        let activate = p.hand.contains(&c.knight_activate);
        let promote = p.hand.contains(&c.knight_promote);
        let mut nets = Networks::new(self, seat);
        for k in &me.knights {
            let vertex = k.vertex;
            if !k.active && activate {
                out.push(Action::Activate { vertex });
            }
            if promote && self.why_not_promote_knight(seat, k).is_ok() {
                out.push(Action::Promote { vertex });
            }
            if self.may_chase(k) {
                out.push(Action::Chase { vertex });
            }
            self.knight_moves(seat, k, &mut nets, out);
        }
    }

    /// The plays of the cards in hand: each card that may be played now, on each
    /// target that passes its check. Most targets are listed only where the check
    /// passes (each arm says why); the rest are asked `why_not_play_on`.
    fn plays(&self, seat: Seat, listed: &mut Vec<Action>) {
        let me = &self.ckr().players[seat as usize];
        // The kinds held, each once, in the cards' order (no copy of the hand).
        let mut held: u64 = me.progress.iter().fold(0, |m, &c| m | 1 << c as u8);
        let cards = std::iter::from_fn(|| {
            let lowest = held.trailing_zeros() as usize;
            held &= held.wrapping_sub(1);
            Progress::ALL.get(lowest)
        });
        // In the turn (`Main`, the only moment this listing is asked) every card held
        // but the Alchemist may be played: `why_not_play_card`'s check.
        for &card in cards {
            if card != Progress::Alchemist {
                self.card_plays(seat, card, listed);
            }
        }
    }

    /// The plays of `card`, which `seat` may play now, in the order of the check's
    /// targets.
    fn card_plays(&self, seat: Seat, card: Progress, listed: &mut Vec<Action>) {
        let ck = self.ckr();
        let p = &self.players[seat as usize];
        let n = self.n() as Seat;
        let others = (0..n).filter(move |&s| s != seat);
        let mut exact = |play| listed.push(Action::Play { play });
        let checked = |play: &Play| self.why_not_play_on(seat, play).is_ok();
        match card {
            // No target, or any card kind of the right sort: nothing to refuse.
            Progress::CommercialHarbor => exact(Play::CommercialHarbor),
            Progress::MerchantFleet => Card::ALL
                .into_iter()
                .for_each(|kind| exact(Play::MerchantFleet { kind })),
            Progress::ResourceMonopoly => RESOURCES
                .into_iter()
                .for_each(|kind| exact(Play::ResourceMonopoly { kind })),
            Progress::TradeMonopoly => crate::cards::COMMODITIES
                .into_iter()
                .for_each(|kind| exact(Play::TradeMonopoly { kind })),
            Progress::Saboteur => exact(Play::Saboteur),
            Progress::Warlord => exact(Play::Warlord),
            Progress::Wedding => exact(Play::Wedding),
            Progress::Irrigation => exact(Play::Irrigation),
            Progress::Mining => exact(Play::Mining),
            Progress::RoadBuilding => exact(Play::RoadBuilding),
            Progress::Alchemist | Progress::Printer | Progress::Constitution => {}
            // An opponent with more points: the seat's own counted once.
            Progress::MasterMerchant => {
                let mine = self.points(seat);
                others
                    .filter(|&other| self.points(other) > mine)
                    .for_each(|seat| exact(Play::MasterMerchant { seat }));
            }
            Progress::Merchant => self
                .merchant_hexes(seat)
                .for_each(|hex| exact(Play::Merchant { hex })),
            // Once the barbarians have attacked, any hex but the robber's.
            Progress::Bishop if ck.attacked => (0..HEXES as u8)
                .filter(|&hex| hex != self.robber)
                .for_each(|hex| exact(Play::Bishop { hex })),
            Progress::Bishop => {}
            Progress::Deserter => others
                .filter(|&other| !ck.players[other as usize].knights.is_empty())
                .for_each(|seat| exact(Play::Deserter { seat })),
            Progress::Spy => others
                .filter(|&other| !ck.players[other as usize].progress.is_empty())
                .for_each(|seat| exact(Play::Spy { seat })),
            // Each open road's owner is the only seat with a road there.
            Progress::Diplomat => (0..n).for_each(|s| {
                self.open_roads(s)
                    .iter()
                    .for_each(|edge| exact(Play::Diplomat { edge }))
            }),
            // Another seat's knight at the seat's roads.
            Progress::Intrigue => {
                let theirs = ck.all_knights() & !ck.players[seat as usize].knight_vertices();
                (self.road_ends(seat) & theirs)
                    .iter()
                    .for_each(|vertex| exact(Play::Intrigue { vertex }))
            }
            Progress::Inventor => self.inventor_plays(exact),
            Progress::Smith => self.smith_plays(seat, exact),
            // The rest are asked the check.
            Progress::Crane => Track::ALL
                .map(|track| Play::Crane { track })
                .into_iter()
                .filter(checked)
                .for_each(exact),
            Progress::Engineer => p
                .cities
                .iter()
                .map(|vertex| Play::Engineer { vertex })
                .filter(checked)
                .for_each(exact),
            Progress::Medicine => p
                .settlements
                .iter()
                .map(|vertex| Play::Medicine { vertex })
                .filter(checked)
                .for_each(exact),
        }
    }

    /// The Inventor's pairs of two different hexes whose numbers it may move.
    fn inventor_plays(&self, mut exact: impl FnMut(Play)) {
        let movable = |h: &u8| self.inventor_may_move(*h);
        for a in (0..HEXES as u8).filter(movable) {
            (a + 1..HEXES as u8)
                .filter(movable)
                .for_each(|b| exact(Play::Inventor { a, b }));
        }
    }

    /// The Smith's promotions: one knight that may be promoted, or two, where two
    /// of the same level need two free pieces of the next (seed 004 section 15).
    fn smith_plays(&self, seat: Seat, mut exact: impl FnMut(Play)) {
        let me = &self.ckr().players[seat as usize];
        let ks = &me.knights;
        let ok = |k: &Knight| self.why_not_promote_knight(seat, k).is_ok();
        let per = CkContent::get().knights_per_level;
        for (i, a) in ks.iter().enumerate().filter(|(_, k)| ok(k)) {
            exact(Play::Smith {
                first: a.vertex,
                second: None,
            });
            for b in ks[i + 1..].iter().filter(|k| ok(k)) {
                let to = a.level + 1;
                if a.level != b.level || me.knights_of(to) + 2 <= per {
                    exact(Play::Smith {
                        first: a.vertex,
                        second: Some(b.vertex),
                    });
                }
            }
        }
    }
}
