//! Enumerating decisions for bots and menus. Everything listed passes
//! [`Catan::check_action`] (the random-play test checks it); trade offers, built from
//! any mix of cards, are only sampled: a few representative ones are listed, and any
//! valid offer is still accepted.

use crate::action::Action;
use crate::cards::{Cards, Dev, RESOURCES};
use crate::content::Content;
use crate::geometry::{Geometry, VertexSet, HEXES};
use crate::state::{Catan, Phase};
use tabuleiro_core::Seat;

/// Offers listed per turn at most (a listing bound, not a rule).
const LISTED_OFFERS_PER_TURN: u8 = 2;

impl Catan {
    pub fn legal(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if !self.deciding().contains(seat) {
            return;
        }
        let c = Content::get();
        let p = &self.players[seat as usize];
        if self.ck.is_some() && matches!(self.phase, Phase::Main | Phase::BeforeRoll) {
            self.legal_ck(seat, out);
        }
        match &self.phase {
            phase if phase.is_ck() => self.legal_ck(seat, out),
            Phase::Place { settled: None, .. } => out.extend(
                self.setup_spots()
                    .iter()
                    .map(|vertex| Action::Settle { vertex }),
            ),
            Phase::Place {
                settled: Some(v), ..
            } => out.extend(
                (Geometry::get().vertex_edges[*v as usize] & !self.all_roads())
                    .iter()
                    .map(|edge| Action::Road { edge }),
            ),
            Phase::BeforeRoll => {
                out.push(Action::Roll);
                self.dev_plays(seat, out);
            }
            Phase::Discard => out.extend(p.hand.kinds().map(|card| Action::Discard { card })),
            Phase::Robber => self.robber_moves(seat, out),
            Phase::RoadBuilding { .. } => out.extend(
                self.road_spots(seat)
                    .iter()
                    .map(|edge| Action::Road { edge }),
            ),
            Phase::Offer { give, get, .. } => {
                if p.hand.contains(get) {
                    out.push(Action::Accept);
                }
                out.push(Action::Decline);
                self.counter_listed(seat, give, get, out);
            }
            Phase::Choose {
                accepted, counters, ..
            } => {
                let countered = (0..self.n() as Seat)
                    .filter(|&s| counters[s as usize].is_some_and(|c| p.hand.contains(&c.get)));
                out.extend(
                    accepted
                        .iter()
                        .chain(countered)
                        .map(|seat| Action::TradeWith { seat }),
                );
                out.push(Action::Withdraw);
            }
            Phase::Main => {
                out.push(Action::EndTurn);
                if p.hand.contains(&c.costs.road) && p.roads.len() < c.roads as u32 {
                    out.extend(
                        self.road_spots(seat)
                            .iter()
                            .map(|edge| Action::Road { edge }),
                    );
                }
                if p.hand.contains(&c.costs.settlement)
                    && p.settlements.len() < c.settlements as u32
                {
                    out.extend(
                        self.settlement_spots(seat)
                            .iter()
                            .map(|vertex| Action::Settle { vertex }),
                    );
                }
                if p.hand.contains(&c.costs.city) && p.cities.len() < c.cities as u32 {
                    out.extend(p.settlements.iter().map(|vertex| Action::City { vertex }));
                }
                if p.hand.contains(&c.costs.development) && !self.deck.is_empty() {
                    out.push(Action::BuyDevelopment);
                }
                self.dev_plays(seat, out);
                self.maritime(seat, out);
                self.offers_listed(seat, out);
            }
            _ => {}
        }
    }

    fn dev_plays(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = &self.players[seat as usize];
        if self.dev_played {
            return;
        }
        if p.devs.get(Dev::Knight) > 0 {
            out.push(Action::Knight);
        }
        if p.devs.get(Dev::RoadBuilding) > 0 {
            out.push(Action::RoadBuilding);
        }
        if p.devs.get(Dev::Monopoly) > 0 {
            out.extend(RESOURCES.map(|card| Action::Monopoly { card }));
        }
        if p.devs.get(Dev::YearOfPlenty) > 0 {
            for (i, &first) in RESOURCES.iter().enumerate() {
                for &second in &RESOURCES[i..] {
                    let mut two = Cards::of(first, 1);
                    two.add(&Cards::of(second, 1));
                    if self.bank.contains(&two) {
                        out.push(Action::YearOfPlenty { first, second });
                    }
                }
            }
        }
    }

    /// Every hex but the robber's, once for each seat it could rob there, or once with
    /// no one to rob. The seats worth robbing and their buildings are found once, not
    /// for every hex (issue 46); the order is [`Catan::victims`]'.
    fn robber_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        let g = Geometry::get();
        let mut targets = [VertexSet::EMPTY; 4];
        for (s, p) in self.players.iter().enumerate() {
            if s != seat as usize && p.hand.total() > 0 {
                targets[s] = p.buildings();
            }
        }
        let anyone = targets.iter().fold(VertexSet::EMPTY, |all, &t| all | t);
        for hex in (0..HEXES as u8).filter(|&h| h != self.robber) {
            let corners = g.hex_vertex_set[hex as usize];
            if !anyone.intersects(corners) {
                out.push(Action::Robber { hex, victim: None });
                continue;
            }
            out.extend(
                (0..targets.len() as Seat)
                    .filter(|&s| targets[s as usize].intersects(corners))
                    .map(|s| Action::Robber {
                        hex,
                        victim: Some(s),
                    }),
            );
        }
    }

    fn maritime(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.players[seat as usize].hand;
        let kinds: &[crate::cards::Card] = if self.ck.is_some() {
            &crate::cards::Card::ALL
        } else {
            &RESOURCES
        };
        // Every rate is one of the content's three (a Cities & Knights rate is the
        // special one or the bank's), so a hand below the lowest gives nothing and one
        // holding the bank's rate gives always: the harbours are read only in between.
        let c = Content::get();
        let lowest = c.rate_bank.min(c.rate_generic).min(c.rate_special);
        for &give in kinds {
            let held = hand.get(give);
            if held < lowest || (held < c.rate_bank && held < self.rate(seat, give)) {
                continue;
            }
            for &get in kinds {
                if get != give && self.bank.get(get) > 0 {
                    out.push(Action::Maritime { give, get });
                }
            }
        }
    }

    /// One counter-offer at most (a listing bound for bots, not a rule; any valid
    /// counter-offer is accepted): the cards offered, asked for one card of the kind
    /// the answering seat holds most among those not offered, unless that is the
    /// offer itself.
    fn counter_listed(&self, seat: Seat, offered: &Cards, asked: &Cards, out: &mut Vec<Action>) {
        let hand = self.players[seat as usize].hand;
        let most = RESOURCES
            .into_iter()
            .filter(|&k| offered.get(k) == 0)
            .max_by_key(|&k| hand.get(k));
        if let Some(most) = most.filter(|&k| hand.get(k) > 0) {
            let give = Cards::of(most, 1);
            if give != *asked {
                out.push(Action::Counter {
                    give,
                    get: *offered,
                });
            }
        }
    }

    /// One card of the kind held most for one card of each kind not held; after that
    /// (a first offer declined or made), two of that kind for one: a sweeter offer,
    /// never the same one twice in a turn (issue 43, bots' table manners).
    fn offers_listed(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.config.player_trades || self.offers >= LISTED_OFFERS_PER_TURN {
            return;
        }
        let hand = self.players[seat as usize].hand;
        let Some(most) = RESOURCES.into_iter().max_by_key(|&k| hand.get(k)) else {
            return;
        };
        let given = 1 + self.offers.min(1);
        if hand.get(most) < given {
            return;
        }
        for get in RESOURCES.into_iter().filter(|&k| hand.get(k) == 0) {
            out.push(Action::Offer {
                give: Cards::of(most, given),
                get: Cards::of(get, 1),
            });
        }
    }
}
