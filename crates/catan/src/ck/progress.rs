//! Progress cards (seed 004 sections 12-15): which may be played when, and what each
//! does; the decisions they ask of other seats are those seats' own.

use super::rules::{need, Check};
use super::{CkContent, Progress, Track};
use crate::action::{Action, Event, Play};
use crate::cards::{Card, Cards};
use crate::content::Terrain;
use crate::error::Refusal;
use crate::geometry::{Edge, EdgeSet, Geometry, Hex, VertexSet, EDGES, HEXES};
use crate::state::{Catan, Phase};
use tabuleiro_core::{Seat, SeatSet};

/// Number tokens the Inventor never moves (seed 004 section 15).
const PROTECTED: [u8; 4] = [2, 6, 8, 12];

impl Catan {
    /// Whether the Inventor may move the number token of `hex` (a number, not 2, 6, 8
    /// or 12: seed 004 section 15).
    pub(crate) fn inventor_may_move(&self, hex: u8) -> bool {
        let number = self.board.numbers[hex as usize];
        number != 0 && !PROTECTED.contains(&number)
    }

    fn opponent(&self, seat: Seat, other: Seat) -> Check {
        need(
            (other as usize) < self.n() && other != seat,
            Refusal::NotAnOpponent,
        )
    }

    /// Roads with an end touching no other road or building of their owner: the
    /// roads the Diplomat may remove (seed 004 section 14).
    pub fn open_roads(&self, seat: Seat) -> EdgeSet {
        self.players[seat as usize]
            .roads
            .iter()
            .filter(|&e| self.road_is_open(seat, e))
            .fold(EdgeSet::EMPTY, |s, e| s.with(e))
    }

    /// Whether `seat`'s road `edge` is open: one of its ends touches no other road or
    /// building of the seat (seed 004 section 14).
    fn road_is_open(&self, seat: Seat, edge: Edge) -> bool {
        let g = Geometry::get();
        let p = &self.players[seat as usize];
        g.edge_vertices[edge as usize].iter().any(|&v| {
            !p.buildings().contains(v)
                && (g.vertex_edges[v as usize] & p.roads)
                    .without(edge)
                    .is_empty()
        })
    }

    /// Whether `edge` is an open road of some seat: the Diplomat's target. Roads
    /// never share an edge, so only the owner's road is asked.
    fn is_open_road(&self, edge: Edge) -> bool {
        (0..self.n() as Seat)
            .find(|&s| self.players[s as usize].roads.contains(edge))
            .is_some_and(|owner| self.road_is_open(owner, edge))
    }

    /// Hexes the Merchant may stand on: land touching one of the seat's buildings
    /// (digest C12: cities too).
    pub fn merchant_hexes(&self, seat: Seat) -> impl Iterator<Item = Hex> + '_ {
        let g = Geometry::get();
        let own = self.players[seat as usize].buildings();
        (0..HEXES as Hex).filter(move |&h| {
            self.board.terrain[h as usize] != Terrain::Desert
                && g.hex_vertex_set[h as usize].intersects(own)
        })
    }

    pub(crate) fn why_not_play_progress(&self, seat: Seat, play: &Play) -> Check {
        self.why_not_play_card(seat, play.card())?;
        self.why_not_play_on(seat, play)
    }

    /// Whether `seat` may play `card` now, whatever it is played on: it holds the card,
    /// and it is the time for it (the Alchemist before the roll, the rest in the turn).
    pub(crate) fn why_not_play_card(&self, seat: Seat, card: Progress) -> Check {
        let ck = self.ckr();
        need(
            ck.players[seat as usize].progress.contains(&card),
            Refusal::NoSuchCard { card: card.name() },
        )?;
        let before = self.phase == Phase::BeforeRoll;
        need(
            if card == Progress::Alchemist {
                before
            } else {
                self.phase == Phase::Main
            },
            Refusal::WrongTime,
        )
    }

    /// Whether the card may be played on what `play` names (a seat, a hex, a kind...),
    /// the card and its time aside: listing a card's plays asks this for each.
    pub(crate) fn why_not_play_on(&self, seat: Seat, play: &Play) -> Check {
        let ck = self.ckr();
        let hand = &self.players[seat as usize].hand;
        match *play {
            Play::MasterMerchant { seat: other } => {
                self.opponent(seat, other)?;
                need(self.points(other) > self.points(seat), Refusal::NotRicher)
            }
            Play::MerchantFleet { .. } => Ok(()),
            Play::Merchant { hex } => need(
                self.merchant_hexes(seat).any(|h| h == hex),
                Refusal::NotBesideYours,
            ),
            Play::ResourceMonopoly { kind } => need(kind.is_resource(), Refusal::NotAResource),
            Play::TradeMonopoly { kind } => need(!kind.is_resource(), Refusal::NotACommodity),
            Play::Bishop { hex } => {
                need(ck.attacked, Refusal::RobberAsleep)?;
                need((hex as usize) < HEXES, Refusal::NoSuchHex)?;
                need(hex != self.robber, Refusal::RobberMustMove)
            }
            Play::Deserter { seat: other } => {
                self.opponent(seat, other)?;
                need(
                    !ck.players[other as usize].knights.is_empty(),
                    Refusal::NoKnightThere,
                )
            }
            Play::Diplomat { edge } => {
                need((edge as usize) < EDGES, Refusal::NoSuchEdge)?;
                need(self.is_open_road(edge), Refusal::NotOpenRoad)
            }
            Play::Intrigue { vertex } => {
                let enemy = self.knight_owner(vertex).filter(|&(s, _)| s != seat);
                need(enemy.is_some(), Refusal::NoKnightThere)?;
                need(self.road_ends(seat).contains(vertex), Refusal::NotConnected)
            }
            Play::Spy { seat: other } => {
                self.opponent(seat, other)?;
                need(
                    !ck.players[other as usize].progress.is_empty(),
                    Refusal::NotAllowed,
                )
            }
            Play::Alchemist { yellow, red } => need(
                (1..=6).contains(&yellow) && (1..=6).contains(&red),
                Refusal::NoSuchDie,
            ),
            Play::Crane { track } => {
                self.why_not_improve(seat, track)?;
                need(
                    hand.contains(&self.crane_cost(seat, track)),
                    Refusal::CannotAfford,
                )
            }
            Play::Engineer { vertex } => self.why_not_wall(seat, vertex),
            Play::Inventor { a, b } => {
                need(
                    (a as usize) < HEXES && (b as usize) < HEXES,
                    Refusal::NoSuchHex,
                )?;
                let (na, nb) = (
                    self.board.numbers[a as usize],
                    self.board.numbers[b as usize],
                );
                need(a != b && na != 0 && nb != 0, Refusal::NotAllowed)?;
                need(
                    self.inventor_may_move(a) && self.inventor_may_move(b),
                    Refusal::ProtectedNumber,
                )
            }
            Play::Medicine { vertex } => {
                let p = &self.players[seat as usize];
                need(p.settlements.contains(vertex), Refusal::NotYourSettlement)?;
                need(
                    p.cities.len() < crate::content::Content::get().cities as u32,
                    Refusal::NoPiecesLeft { piece: "city" },
                )?;
                need(
                    hand.contains(&CkContent::get().medicine_cost),
                    Refusal::CannotAfford,
                )
            }
            Play::Smith { first, second } => {
                self.why_not_promote(seat, first)?;
                match second {
                    Some(v) if v == first => Err(Refusal::PromotedThisTurn),
                    Some(v) => {
                        self.why_not_promote(seat, v)?;
                        // Two promotions to the same level need two free pieces.
                        let level = |v| {
                            self.ckr().players[seat as usize]
                                .knight_at(v)
                                .map(|k| k.level)
                        };
                        let cp = &self.ckr().players[seat as usize];
                        let same = level(first) == level(v);
                        let to = level(first).unwrap_or(0) + 1;
                        need(
                            !same || cp.knights_of(to) + 2 <= CkContent::get().knights_per_level,
                            Refusal::NoKnightPiece { level: to },
                        )
                    }
                    None => Ok(()),
                }
            }
            Play::CommercialHarbor
            | Play::Saboteur
            | Play::Warlord
            | Play::Wedding
            | Play::Irrigation
            | Play::Mining
            | Play::RoadBuilding => Ok(()),
        }
    }

    /// An improvement one commodity cheaper, never below nothing (seed 004 section 15).
    fn crane_cost(&self, seat: Seat, track: Track) -> Cards {
        let level = self.ckr().players[seat as usize].improvements[track as usize];
        let full = CkContent::get().improvement(track, level);
        Cards::of(
            track.commodity(),
            full.get(track.commodity()).saturating_sub(1),
        )
    }

    pub(crate) fn play_progress(&mut self, seat: Seat, play: &Play, events: &mut Vec<Event>) {
        let c = CkContent::get();
        let card = play.card();
        let cp = &mut self.ckm().players[seat as usize];
        if let Some(i) = cp.progress.iter().position(|&p| p == card) {
            cp.progress.remove(i);
        }
        // Played cards go under their deck (digest section 11).
        self.ckm().decks[card.track() as usize].insert(0, card);
        events.push(Event::ProgressPlayed { seat, play: *play });
        let me = self.points(seat);
        match *play {
            Play::CommercialHarbor => {
                self.phase = Phase::Harbor {
                    done: SeatSet::one(seat),
                };
                self.end_harbor_if_done(events);
            }
            Play::MasterMerchant { seat: victim } => {
                let left =
                    (self.players[victim as usize].hand.total() as u8).min(c.master_merchant_cards);
                if left > 0 {
                    self.phase = Phase::MasterMerchant { victim, left };
                    let hand = Some(self.players[victim as usize].hand);
                    events.push(Event::HandLooked { seat, victim, hand });
                }
            }
            Play::MerchantFleet { kind } => self.ckm().fleet = Some(kind),
            Play::Merchant { hex } => {
                self.ckm().merchant = Some((seat, hex));
                events.push(Event::MerchantPlaced { seat, hex });
            }
            Play::ResourceMonopoly { kind } => self.monopoly(seat, kind, c.monopoly_take, events),
            Play::TradeMonopoly { kind } => {
                self.monopoly(seat, kind, c.trade_monopoly_take, events)
            }
            Play::Bishop { hex } => {
                self.robber = hex;
                events.push(Event::RobberMoved { seat, hex });
                let victims: Vec<Seat> = self.victims(seat, hex).collect();
                if let Some((&first, rest)) = victims.split_first() {
                    self.ckm().steal_queue = rest.to_vec();
                    self.phase = Phase::Steal { victim: first };
                }
            }
            Play::Deserter { seat: victim } => self.phase = Phase::Desert { seat: victim },
            Play::Diplomat { edge } => {
                let owner = (0..self.n() as Seat)
                    .find(|&s| self.players[s as usize].roads.contains(edge))
                    .unwrap_or(seat);
                let p = &mut self.players[owner as usize];
                p.roads = p.roads.without(edge);
                events.push(Event::RoadRemoved { seat: owner, edge });
                self.roads_changed_for(SeatSet::one(owner), events);
                // One's own road may be rebuilt elsewhere, free (section 14).
                if owner == seat && !self.road_spots(seat).is_empty() {
                    self.phase = Phase::DiplomatRoad { removed: edge };
                }
            }
            Play::Intrigue { vertex } => {
                if let Some((owner, knight)) = self.knight_owner(vertex) {
                    self.take_knight(owner, vertex);
                    self.roads_changed_at(owner, VertexSet::one(vertex), events);
                    self.displaced(owner, knight, events);
                }
            }
            Play::Saboteur => {
                // Seats with at least as many points discard half (section 14; C11).
                for s in 0..self.n() as Seat {
                    let held = self.players[s as usize].hand.total() as u8;
                    self.owed[s as usize] = if s != seat && self.points(s) >= me {
                        held / 2
                    } else {
                        0
                    };
                    if self.owed[s as usize] > 0 {
                        events.push(Event::MustDiscard {
                            seat: s,
                            count: held / 2,
                        });
                    }
                }
                if self.owed.iter().any(|&o| o > 0) {
                    self.phase = Phase::Discard;
                }
            }
            Play::Spy { seat: victim } => {
                self.phase = Phase::Spy { victim };
                let cards = Some(self.ckr().players[victim as usize].progress.clone());
                events.push(Event::ProgressLooked {
                    seat,
                    victim,
                    cards,
                });
            }
            Play::Warlord => {
                for k in self.ckm().players[seat as usize].knights.iter_mut() {
                    if !k.active {
                        k.active = true;
                        k.activated_now = true;
                    }
                }
            }
            Play::Wedding => {
                for s in 0..self.n() as Seat {
                    let held = self.players[s as usize].hand.total() as u8;
                    self.owed[s as usize] = if self.points(s) > me {
                        held.min(c.wedding_cards)
                    } else {
                        0
                    };
                }
                if self.owed.iter().any(|&o| o > 0) {
                    self.phase = Phase::Wedding;
                }
            }
            Play::Alchemist { yellow, red } => self.ckm().alchemist = Some([yellow, red]),
            Play::Crane { track } => {
                let cost = self.crane_cost(seat, track);
                self.pay(seat, &cost);
                self.improve(seat, track, events);
            }
            Play::Engineer { vertex } => self.add_wall(seat, vertex, events),
            Play::Inventor { a, b } => {
                self.board.numbers.swap(a as usize, b as usize);
                events.push(Event::NumbersSwapped { a, b });
            }
            Play::Irrigation => self.harvest(seat, Terrain::Fields, c.irrigation_per_hex, events),
            Play::Mining => self.harvest(seat, Terrain::Mountains, c.mining_per_hex, events),
            Play::Medicine { vertex } => {
                self.pay(seat, &c.medicine_cost);
                let p = &mut self.players[seat as usize];
                p.settlements = p.settlements.without(vertex);
                p.cities = p.cities.with(vertex);
                events.push(Event::CityBuilt { seat, vertex });
            }
            Play::RoadBuilding => {
                self.phase = Phase::RoadBuilding {
                    left: c.road_building_roads,
                };
                self.end_road_building_if_stuck();
            }
            Play::Smith { first, second } => {
                self.promote(seat, first, events);
                if let Some(v) = second {
                    self.promote(seat, v, events);
                }
            }
        }
    }

    /// Every other seat gives up to `take` of `kind` (section 13; digest C11: all it
    /// has when fewer).
    /// Monopoly: every other seat hands over its cards of `kind`, at most `take`
    /// each, in the open (so the event says how many each gave).
    pub(crate) fn monopoly(&mut self, seat: Seat, kind: Card, take: u8, events: &mut Vec<Event>) {
        let mut from = vec![0; self.n()];
        for s in (0..self.n()).filter(|&s| s != seat as usize) {
            let n = self.players[s].hand.get(kind).min(take);
            self.players[s].hand.remove(&Cards::of(kind, n));
            from[s] = n;
        }
        let count = from.iter().sum();
        self.players[seat as usize]
            .hand
            .add(&Cards::of(kind, count));
        events.push(Event::Monopolised {
            seat,
            card: kind,
            count,
            from,
        });
    }

    /// Irrigation and Mining: `per` cards for each distinct hex of `terrain` beside one
    /// of the seat's buildings, as far as the bank has them (section 15).
    fn harvest(&mut self, seat: Seat, terrain: Terrain, per: u8, events: &mut Vec<Event>) {
        let g = Geometry::get();
        let own = self.players[seat as usize].buildings();
        let hexes = (0..HEXES)
            .filter(|&h| self.board.terrain[h] == terrain && g.hex_vertex_set[h].intersects(own))
            .count() as u8;
        let Some(kind) = terrain.produces() else {
            return;
        };
        let n = (hexes * per).min(self.bank.get(kind));
        if n > 0 {
            let cards = Cards::of(kind, n);
            self.bank.remove(&cards);
            self.players[seat as usize].hand.add(&cards);
            events.push(Event::Received { seat, cards });
        }
    }

    /// Commercial Harbor ends when every other seat has had its offer, or the player
    /// has no resource left to offer; the table is told, since the others cannot see
    /// which of the two it was.
    fn end_harbor_if_done(&mut self, events: &mut Vec<Event>) {
        let Phase::Harbor { done } = self.phase else {
            return;
        };
        let me = self.current;
        let has_resource = crate::cards::RESOURCES
            .iter()
            .any(|&r| self.players[me as usize].hand.get(r) > 0);
        let someone = (0..self.n() as Seat).any(|s| !done.contains(s));
        if !has_resource || !someone {
            self.phase = Phase::Main;
            events.push(Event::HarborEnded { seat: me });
        }
    }

    /// The steps of a card in play that other seats (or the player) decide.
    pub(crate) fn why_not_progress_step(&self, seat: Seat, action: &Action) -> Check {
        let hand = &self.players[seat as usize].hand;
        match (&self.phase, *action) {
            (Phase::Harbor { done }, Action::HarborOffer { seat: other, card }) => {
                self.opponent(seat, other)?;
                need(!done.contains(other), Refusal::NotAllowed)?;
                need(card.is_resource(), Refusal::NotAResource)?;
                need(hand.get(card) > 0, Refusal::CannotAfford)
            }
            (Phase::Harbor { .. } | Phase::DiplomatRoad { .. }, Action::Pass) => Ok(()),
            (Phase::HarborAnswer { .. }, Action::Give { card }) => {
                need(!card.is_resource(), Refusal::NotACommodity)?;
                need(hand.get(card) > 0, Refusal::CannotAfford)
            }
            (Phase::Wedding, Action::Give { card }) => {
                need(hand.get(card) > 0, Refusal::CannotAfford)
            }
            (Phase::MasterMerchant { victim, .. }, Action::Take { card }) => need(
                self.players[*victim as usize].hand.get(card) > 0,
                Refusal::NotAllowed,
            ),
            (Phase::Spy { victim }, Action::TakeProgress { card }) => need(
                self.ckr().players[*victim as usize]
                    .progress
                    .contains(&card),
                Refusal::NotAllowed,
            ),
            (Phase::DiplomatRoad { .. }, Action::Road { edge }) => {
                need((edge as usize) < EDGES, Refusal::NoSuchEdge)?;
                need(self.road_spots(seat).contains(edge), Refusal::NotConnected)
            }
            _ => Err(Refusal::NotNow),
        }
    }

    pub(crate) fn perform_progress_step(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        let me = self.current;
        match (&self.phase, *action) {
            (Phase::Harbor { done }, Action::HarborOffer { seat: other, card }) => {
                let done = done.with(other);
                // A seat without a commodity has nothing to give: no exchange (the
                // offer cannot depend on a hand the player does not see).
                let has = Catan::commodities_in(&self.players[other as usize].hand)
                    .next()
                    .is_some();
                self.phase = if has {
                    Phase::HarborAnswer {
                        seat: other,
                        card,
                        done,
                    }
                } else {
                    Phase::Harbor { done }
                };
                self.end_harbor_if_done(events);
            }
            (
                Phase::HarborAnswer {
                    card: offered,
                    done,
                    ..
                },
                Action::Give { card },
            ) => {
                let (offered, done) = (*offered, *done);
                self.hand_over(me, seat, offered, events);
                self.hand_over(seat, me, card, events);
                self.phase = Phase::Harbor { done };
                self.end_harbor_if_done(events);
            }
            (Phase::Wedding, Action::Give { card }) => {
                self.hand_over(seat, me, card, events);
                self.owed[seat as usize] -= 1;
                if self.owed.iter().all(|&o| o == 0) {
                    self.phase = Phase::Main;
                }
            }
            (Phase::MasterMerchant { victim, left }, Action::Take { card }) => {
                let (victim, left) = (*victim, *left - 1);
                let one = Cards::of(card, 1);
                self.players[victim as usize].hand.remove(&one);
                self.players[me as usize].hand.add(&one);
                events.push(Event::Stole {
                    thief: me,
                    victim,
                    card: Some(card),
                });
                let more = left > 0 && self.players[victim as usize].hand.total() > 0;
                self.phase = if more {
                    Phase::MasterMerchant { victim, left }
                } else {
                    Phase::Main
                };
            }
            (Phase::Spy { victim }, Action::TakeProgress { card }) => {
                let victim = *victim;
                let theirs = &mut self.ckm().players[victim as usize].progress;
                if let Some(i) = theirs.iter().position(|&p| p == card) {
                    theirs.remove(i);
                }
                self.ckm().players[me as usize].progress.push(card);
                events.push(Event::ProgressStolen {
                    thief: me,
                    victim,
                    card: Some(card),
                });
                self.phase = Phase::Main;
                self.resume_if_over_limit(events);
            }
            (Phase::DiplomatRoad { .. }, Action::Road { edge }) => {
                self.add_road(seat, edge, events);
                self.phase = Phase::Main;
            }
            (_, Action::Pass) => self.phase = Phase::Main,
            _ => debug_assert!(false, "perform without check: {action}"),
        }
    }

    fn resume_if_over_limit(&mut self, events: &mut Vec<Event>) {
        let me = self.current;
        if self.ckr().players[me as usize].progress.len() > self.progress_allowed(me) {
            self.resume(events);
        }
    }

    fn hand_over(&mut self, from: Seat, to: Seat, card: Card, events: &mut Vec<Event>) {
        let one = Cards::of(card, 1);
        self.players[from as usize].hand.remove(&one);
        self.players[to as usize].hand.add(&one);
        events.push(Event::Gave {
            seat: from,
            to,
            card: Some(card),
        });
    }

    /// Point cards and hands, for views: every hidden progress card of `seat`.
    pub fn progress_hand(&self, seat: Seat) -> &[Progress] {
        self.ck
            .as_ref()
            .map_or(&[], |ck| ck.players[seat as usize].progress.as_slice())
    }
}
