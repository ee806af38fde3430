//! How good a position is for one seat, in victory points and fractions of one: what
//! the greedy bot maximises and what a search scores unfinished rollouts by. Not a
//! rule: a player's judgement, so the weights are tuned by tournaments
//! (docs/catan/bots.md), not read from the rulebook.
//!
//! The parts: points (hidden victory point cards included: a seat knows its own);
//! production (the pips of the numbers its buildings touch, a city twice, the robber's
//! hex left out) with a bonus for producing many kinds; harbours it can use; the
//! places it can still settle, nearer ones worth more; the hand, by how close it comes
//! to paying for what the seat can build, less for cards a 7 would take; progress
//! toward the longest road and the largest army; unplayed development cards; and a
//! little for what the other seats produce, since their production is a race lost.

use crate::action::Action;
use crate::cards::{Card, Cards, Dev, RESOURCES};
use crate::content::{Content, Harbour};
use crate::geometry::{Geometry, Vertex, VertexSet};
use crate::state::{Catan, Phase};
use tabuleiro_core::Seat;

/// A win is worth more than any position.
const WON: f64 = 100.0;
/// Per pip (chances in 36 of a number) produced per roll: a settlement on three good
/// hexes (about 12 pips) is worth about one point more than its own point.
const PIP: f64 = 0.05;
/// Per square root of the pips of each resource: producing several kinds beats
/// producing much of one (only maritime trade turns one into another).
const KIND: f64 = 0.12;
/// A 3:1 harbour, and a 2:1 harbour per pip of the resource it trades.
const GENERIC_HARBOUR: f64 = 0.25;
const SPECIAL_HARBOUR_PIP: f64 = 0.03;
/// The best place to settle by how many more roads it needs (0, 1, 2), by its value.
const SPOT: [f64; 3] = [0.45, 0.3, 0.15];
/// Each card in hand, up to the hand limit.
const CARD: f64 = 0.06;
/// What a card a seven takes is worth to its holder: a hand over the limit loses half
/// its cards on a seven (digest C11), which comes before the seat's next turn with the
/// chance that one of the other seats rolls it. Greedy once ended 3.6 turns a game over
/// the limit and lost 20 cards a game to sevens, 57 in Cities & Knights (issue 44).
const LOST_CARD: f64 = 0.25;
/// How close the hand comes to paying for each thing the seat can still build: its
/// weight times the share of the cost covered, squared (a complete set is worth most).
const CITY: f64 = 0.5;
const SETTLEMENT: f64 = 0.5;
const DEVELOPMENT: f64 = 0.15;
const ROAD: f64 = 0.08;
/// Each segment of the longest road, and each knight played (toward the awards).
const ROAD_SEGMENT: f64 = 0.04;
const KNIGHT_PLAYED: f64 = 0.2;
/// Each unplayed development card (victory point cards count as points instead).
const DEV_HELD: f64 = 0.2;
/// The robber on a hex where the seat has a building, beyond the production it
/// blocks: it stays there until a seven or a knight moves it, and it makes the seat's
/// hand look safer from sevens (less income), which must never pay for putting it there
/// while another hex is open (the hard bot once did so in 11 of 58 moves; issue 44).
const ROBBED: f64 = 1.0;
/// Share of the other seats' mean production held against this seat.
const OTHERS: f64 = 0.3;
/// A trade offered and not yet made, counted at this share of what it would add to
/// the hand: the chance that it is made, about even. It is what sets an offer the seat
/// would make, or an acceptance it would give, above ending the turn or declining
/// (the cards move only when the player on turn picks a partner).
const PENDING_TRADE: f64 = 0.5;

/// Chances in 36 that two dice roll `number` (0 for the desert's none): read from a
/// table, since it is asked for each hex around each building of every seat at each
/// leaf a search judges (issue 46).
pub fn pips(number: u8) -> u8 {
    const PIPS: [u8; 13] = [0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1];
    PIPS.get(number as usize).copied().unwrap_or(0)
}

impl Catan {
    /// The value of the position for `seat` (see the module's comment).
    pub fn value(&self, seat: Seat) -> f64 {
        if self.winner == Some(seat) {
            return WON + self.points(seat) as f64;
        }
        let p = &self.players[seat as usize];
        let production = self.production(seat);
        let others = (0..self.n() as Seat)
            .filter(|&s| s != seat)
            .map(|s| self.production(s).iter().map(|&x| x as f64).sum::<f64>())
            .sum::<f64>()
            / (self.n() - 1).max(1) as f64;
        self.points(seat) as f64
            + production_value(&production)
            + self.harbour_value(seat, &production)
            + self.spot_value(seat)
            + self.hand_value(seat, &p.hand, production.iter().sum())
            + ROAD_SEGMENT * p.road_length as f64
            + KNIGHT_PLAYED * p.played.get(Dev::Knight) as f64
            + DEV_HELD * (p.devs.total() + p.fresh.total() - p.vp_cards() as u32) as f64
            - OTHERS * PIP * others
            - ROBBED * self.builds_beside(seat, self.robber) as u8 as f64
            + self.ck_value(seat)
            + PENDING_TRADE * self.pending_trade_gain(seat).max(0.0)
    }

    /// What trading away `give` for `get` adds to `seat`'s hand, in points; below zero
    /// a trade the seat should not make, and `-inf` one it cannot pay.
    pub fn trade_gain(&self, seat: Seat, give: &Cards, get: &Cards) -> f64 {
        let hand = self.players[seat as usize].hand;
        if !hand.contains(give) {
            return f64::NEG_INFINITY;
        }
        let mut after = hand;
        after.remove(give);
        after.add(get);
        let produced = self.production(seat).iter().sum();
        self.hand_value(seat, &after, produced) - self.hand_value(seat, &hand, produced)
    }

    /// The trade `action` makes for `seat`, what it gives and what it gets: accepting
    /// the open offer, or (the player on turn) trading with a seat that accepted it
    /// or countered it.
    pub fn trade_terms(&self, seat: Seat, action: &Action) -> Option<(Cards, Cards)> {
        match (&self.phase, action) {
            (Phase::Offer { give, get, .. }, Action::Accept) if seat != self.current => {
                Some((*get, *give))
            }
            (
                Phase::Choose {
                    give,
                    get,
                    counters,
                    ..
                },
                Action::TradeWith { seat: with },
            ) => Some(match counters.get(*with as usize).copied().flatten() {
                Some(counter) => counter.for_offerer(),
                None => (*give, *get),
            }),
            _ => None,
        }
    }

    /// Whether some seat other than `seat` may hold `cards`, by what every seat knows:
    /// the hand sizes, and each kind's cards outside the bank and `seat`'s own hand.
    pub fn others_may_hold(&self, seat: Seat, cards: &Cards) -> bool {
        let own = self.players[seat as usize].hand;
        let kinds_out = cards.kinds().all(|k| {
            let out = (self.cards_in_game(k) as u32)
                .saturating_sub(self.bank.get(k) as u32 + own.get(k) as u32);
            out >= cards.get(k) as u32
        });
        let big_enough = (self.players.iter().enumerate())
            .any(|(s, p)| s != seat as usize && p.hand.total() >= cards.total());
        kinds_out && big_enough
    }

    /// The gain of the trade `seat` stands in while an offer is open: the offer for
    /// the player on turn who made it, the offer for a seat that accepted it, its own
    /// counter-offer for a seat that made one; 0 for a seat in no trade.
    fn pending_trade_gain(&self, seat: Seat) -> f64 {
        let Some((give, get, accepted, counters)) = self.phase.open_trade() else {
            return 0.0;
        };
        if seat == self.current {
            return self.trade_gain(seat, &give, &get);
        }
        if accepted.contains(seat) {
            return self.trade_gain(seat, &get, &give);
        }
        match &counters[seat as usize] {
            Some(counter) => self.trade_gain(seat, &counter.give, &counter.get),
            None => 0.0,
        }
    }

    /// Pips per resource that `seat`'s buildings touch, a city counting twice.
    pub fn production(&self, seat: Seat) -> [u32; 5] {
        let p = &self.players[seat as usize];
        let mut out = [0u32; 5];
        for (v, times) in p
            .settlements
            .iter()
            .map(|v| (v, 1))
            .chain(p.cities.iter().map(|v| (v, 2)))
        {
            for (card, pips) in self.vertex_yield(v) {
                out[card.index()] += times * pips as u32;
            }
        }
        out
    }

    /// What the hexes around an intersection produce: resource and pips, the robber's
    /// hex left out.
    fn vertex_yield(&self, v: Vertex) -> impl Iterator<Item = (Card, u8)> + '_ {
        Geometry::get().vertex_hexes[v as usize]
            .iter()
            .filter(move |&h| h != self.robber)
            .filter_map(move |h| {
                let card = self.board.terrain[h as usize].produces()?;
                Some((card, pips(self.board.numbers[h as usize])))
            })
    }

    fn harbour_value(&self, seat: Seat, production: &[u32; 5]) -> f64 {
        let g = Geometry::get();
        let own = self.players[seat as usize].buildings();
        g.harbour_vertices
            .iter()
            .zip(self.board.harbours.iter())
            .filter(|([a, b], _)| own.contains(*a) || own.contains(*b))
            .map(|(_, h)| match h {
                Harbour::Generic => GENERIC_HARBOUR,
                Harbour::Special(k) if k.is_resource() => {
                    SPECIAL_HARBOUR_PIP * production[k.index()] as f64
                }
                Harbour::Special(_) => 0.0,
            })
            .sum()
    }

    /// The best free intersection `seat` could settle, by the roads it still needs:
    /// the nearest ones count most (a breadth-first walk along free paths, two roads deep).
    fn spot_value(&self, seat: Seat) -> f64 {
        let c = Content::get();
        let p = &self.players[seat as usize];
        if p.settlements.len() >= c.settlements as u32 {
            return 0.0;
        }
        let g = Geometry::get();
        let open = VertexSet((1u64 << crate::geometry::VERTICES) - 1) & !self.too_close();
        let blocked = self.others_buildings(seat);
        let taken = self.all_roads();
        let mut reached = self.road_ends(seat) & !blocked;
        // Each spot is valued once, at the fewest roads it needs: the weights fall
        // with the roads and a spot's worth is not below zero, so a later weight
        // never makes it worth more (the same value as weighing it at every step).
        let mut newest = reached;
        let mut best = 0.0f64;
        for (roads, weight) in SPOT.into_iter().enumerate() {
            best = best.max(
                (newest & open)
                    .iter()
                    .map(|v| weight * self.spot_worth(v))
                    .fold(0.0, f64::max),
            );
            if roads + 1 == SPOT.len() {
                break;
            }
            // One more road from each newly reached intersection along a free path
            // (those reached before were followed already).
            let mut next = reached;
            for v in newest.iter() {
                for e in (g.vertex_edges[v as usize] & !taken).iter() {
                    next = next.with(g.other_end(e, v));
                }
            }
            next = next & !blocked;
            newest = next & !reached;
            reached = next;
        }
        best
    }

    /// An intersection's worth as a place to settle, about 1 for a very good one.
    fn spot_worth(&self, v: Vertex) -> f64 {
        let mut kinds = [0u32; 5];
        for (card, pips) in self.vertex_yield(v) {
            kinds[card.index()] += pips as u32;
        }
        production_value(&kinds) / 1.2
    }

    /// The worth of `hand` in `seat`'s position (its own hand, or one a trade would
    /// leave it); `produced`, the seat's production in pips (chances in 36 a roll),
    /// is its caller's (a value already has it, issue 46).
    fn hand_value(&self, seat: Seat, hand: &Cards, produced: u32) -> f64 {
        let c = Content::get();
        let p = &self.players[seat as usize];
        let total = hand.total();
        let mut value = CARD * total.min(self.hand_limit(seat) as u32) as f64
            - LOST_CARD * self.seven_chance() * self.seven_loss(seat, hand, produced) as f64;
        let can_city = !p.settlements.is_empty() && p.cities.len() < c.cities as u32;
        let can_settle = p.settlements.len() < c.settlements as u32;
        let can_road = p.roads.len() < c.roads as u32;
        let can_buy = !self.deck.is_empty();
        for (ok, weight, cost) in [
            (can_city, CITY, &c.costs.city),
            (can_settle, SETTLEMENT, &c.costs.settlement),
            (can_buy, DEVELOPMENT, &c.costs.development),
            (can_road, ROAD, &c.costs.road),
        ] {
            if ok {
                value += weight * covered(hand, cost).powi(2);
            }
        }
        value + self.ck_hand_value(seat, hand)
    }

    /// The chance that one of the other seats rolls a seven before the seat's next
    /// turn (six ways in 36 each).
    fn seven_chance(&self) -> f64 {
        1.0 - (5.0f64 / 6.0).powi(self.n() as i32 - 1)
    }

    /// The cards a seven would take from `seat`'s hand with what the seat expects to
    /// receive on the other seats' rolls before it (its pips in 36 a roll): a hand at
    /// the limit when a turn ends is over it by the time a seven comes. With the hand
    /// alone, greedy lost 12 cards a game to sevens while ending 0.1 turns over the limit.
    fn seven_loss(&self, seat: Seat, hand: &Cards, produced: u32) -> u32 {
        let income = (produced * (self.n() as u32 - 1) + 18) / 36;
        let held = hand.total() + income;
        match held > self.hand_limit(seat) as u32 {
            true => held / 2,
            false => 0,
        }
    }
}

/// Pips produced, plus a bonus for spreading them over kinds.
fn production_value(kinds: &[u32; 5]) -> f64 {
    RESOURCES
        .iter()
        .map(|k| {
            let x = kinds[k.index()] as f64;
            PIP * x + KIND * x.sqrt()
        })
        .sum()
}

/// The share of `cost` that `hand` covers, 0 to 1.
pub(crate) fn covered(hand: &Cards, cost: &Cards) -> f64 {
    let need = cost.total();
    if need == 0 {
        return 1.0;
    }
    let have: u32 = cost
        .0
        .iter()
        .zip(hand.0.iter())
        .map(|(&n, &h)| n.min(h) as u32)
        .sum();
    have as f64 / need as f64
}

#[cfg(test)]
mod tests {
    use super::pips;

    #[test]
    fn pips_count_the_ways_two_dice_roll_a_number() {
        let ways = |n: u8| {
            (1..=6u8)
                .flat_map(|a| (1..=6u8).map(move |b| a + b))
                .filter(|&s| s == n)
                .count() as u8
        };
        for n in 2..=12 {
            let expected = if n == 7 { 0 } else { ways(n) };
            assert_eq!(pips(n), expected, "number {n}");
        }
        assert_eq!(pips(0), 0);
    }
}
