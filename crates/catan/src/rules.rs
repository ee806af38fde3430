//! The rules: whether a decision is legal ([`Catan::check_action`], one predicate that
//! `apply`, `check` and the tests share) and what it does ([`Catan::perform`], which
//! trusts the check). Chance outcomes, production, the robber, awards and victory.

use crate::action::{Action, Award, Event, Outcome};
use crate::cards::{Card, Cards, Dev};
use crate::config::VictoryTiming;
use crate::content::Content;
use crate::error::{Error, Refusal, Result};
use crate::geometry::{Edge, EdgeSet, Geometry, Vertex, VertexSet, EDGES, HEXES, VERTICES};
use crate::state::{Catan, Counter, Phase};
use tabuleiro_core::{Seat, SeatSet};

type Check = std::result::Result<(), Refusal>;

fn need(ok: bool, refusal: Refusal) -> Check {
    if ok {
        Ok(())
    } else {
        Err(refusal)
    }
}

/// The seats deciding in `phase`, from what every seat sees (so a seat's view gives the
/// same answer as the state: the encoding reads it from the table).
pub(crate) fn deciding(phase: &Phase, owed: &[u8], current: Seat) -> SeatSet {
    let owing = || {
        (0..)
            .zip(owed)
            .filter(|&(_, &o)| o > 0)
            .map(|(s, _)| s)
            .collect()
    };
    match phase {
        Phase::Setup | Phase::Rolling | Phase::Steal { .. } | Phase::Over => SeatSet::EMPTY,
        Phase::Discard | Phase::Wedding => owing(),
        Phase::Offer { waiting, .. }
        | Phase::Pillage { waiting }
        | Phase::PickDeck { waiting }
        | Phase::Aqueduct { waiting }
        | Phase::ProgressDiscard { waiting, .. } => *waiting,
        Phase::Displaced { seat, .. }
        | Phase::Desert { seat }
        | Phase::HarborAnswer { seat, .. } => SeatSet::one(*seat),
        _ => SeatSet::one(current),
    }
}

impl Catan {
    /// The seats deciding now.
    pub fn deciding(&self) -> SeatSet {
        deciding(&self.phase, &self.owed, self.current)
    }

    /// Whether `seat` may take `action` now; the typed reason when not.
    pub fn check_action(&self, seat: Seat, action: &Action) -> Result<()> {
        self.why_not(seat, action)
            .map_err(|refusal| Error::Refused {
                seat,
                action: action.to_string(),
                refusal,
            })
    }

    fn why_not(&self, seat: Seat, action: &Action) -> Check {
        need((seat as usize) < self.n(), Refusal::NoSuchSeat)?;
        need(self.deciding().contains(seat), Refusal::NotYourDecision)?;
        if action.is_ck() || self.phase.is_ck() {
            return self.why_not_ck(seat, action);
        }
        let p = &self.players[seat as usize];
        let c = Content::get();
        let ck = self.ck.is_some();
        match (&self.phase, *action) {
            (
                _,
                Action::BuyDevelopment
                | Action::Knight
                | Action::RoadBuilding
                | Action::YearOfPlenty { .. }
                | Action::Monopoly { .. },
            ) if ck => Err(Refusal::NotInExpansion),
            (Phase::Place { settled: None, .. }, Action::Settle { vertex }) => {
                need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
                need(!self.occupied().contains(vertex), Refusal::Occupied)?;
                need(self.setup_spots().contains(vertex), Refusal::TooClose)
            }
            (
                Phase::Place {
                    settled: Some(v), ..
                },
                Action::Road { edge },
            ) => {
                need((edge as usize) < EDGES, Refusal::NoSuchEdge)?;
                need(self.edge_free(edge), Refusal::Occupied)?;
                let ends = Geometry::get().edge_vertices[edge as usize];
                need(ends.contains(v), Refusal::NotBesideNewSettlement)
            }
            (Phase::BeforeRoll, Action::Roll) => Ok(()),
            (Phase::BeforeRoll | Phase::Main, Action::Knight)
            | (Phase::BeforeRoll | Phase::Main, Action::RoadBuilding)
            | (Phase::BeforeRoll | Phase::Main, Action::YearOfPlenty { .. })
            | (Phase::BeforeRoll | Phase::Main, Action::Monopoly { .. }) => {
                self.why_not_play(seat, action)
            }
            (Phase::Discard, Action::Discard { card }) => {
                need(p.hand.get(card) > 0, Refusal::CannotAfford)
            }
            (Phase::Robber, Action::Robber { hex, victim }) => {
                need((hex as usize) < HEXES, Refusal::NoSuchHex)?;
                need(hex != self.robber, Refusal::RobberMustMove)?;
                match victim {
                    Some(v) => need(self.victims(seat, hex).any(|s| s == v), Refusal::NotAVictim),
                    None => need(
                        self.victims(seat, hex).next().is_none(),
                        Refusal::MustChooseVictim,
                    ),
                }
            }
            (Phase::Main, Action::Road { edge }) => {
                need((edge as usize) < EDGES, Refusal::NoSuchEdge)?;
                need(self.edge_free(edge), Refusal::Occupied)?;
                need(self.road_spots(seat).contains(edge), Refusal::NotConnected)?;
                need(
                    p.roads.len() < c.roads as u32,
                    Refusal::NoPiecesLeft { piece: "road" },
                )?;
                need(p.hand.contains(&c.costs.road), Refusal::CannotAfford)
            }
            (Phase::RoadBuilding { .. }, Action::Road { edge }) => {
                need((edge as usize) < EDGES, Refusal::NoSuchEdge)?;
                need(self.edge_free(edge), Refusal::Occupied)?;
                need(self.road_spots(seat).contains(edge), Refusal::NotConnected)
            }
            (Phase::Main, Action::Settle { vertex }) => {
                need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
                need(!self.pieces().contains(vertex), Refusal::Occupied)?;
                need(!self.too_close().contains(vertex), Refusal::TooClose)?;
                need(self.road_ends(seat).contains(vertex), Refusal::NotConnected)?;
                need(
                    p.settlements.len() < c.settlements as u32,
                    Refusal::NoPiecesLeft {
                        piece: "settlement",
                    },
                )?;
                need(p.hand.contains(&c.costs.settlement), Refusal::CannotAfford)
            }
            (Phase::Main, Action::City { vertex }) => {
                need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
                need(p.settlements.contains(vertex), Refusal::NotYourSettlement)?;
                need(
                    p.cities.len() < c.cities as u32,
                    Refusal::NoPiecesLeft { piece: "city" },
                )?;
                need(p.hand.contains(&c.costs.city), Refusal::CannotAfford)
            }
            (Phase::Main, Action::BuyDevelopment) => {
                need(!self.deck.is_empty(), Refusal::DeckEmpty)?;
                need(p.hand.contains(&c.costs.development), Refusal::CannotAfford)
            }
            (Phase::Main, Action::Maritime { give, get }) => {
                need(
                    ck || (give.is_resource() && get.is_resource()),
                    Refusal::NotAResource,
                )?;
                need(give != get, Refusal::BadTrade)?;
                let rate = self.rate(seat, give);
                need(p.hand.get(give) >= rate, Refusal::BadRate { rate })?;
                need(self.bank.get(get) > 0, Refusal::BankLacks)
            }
            (Phase::Main, Action::Offer { give, get }) => {
                need(self.config.player_trades, Refusal::TradesOff)?;
                self.why_not_trade(seat, &give, &get)
            }
            (Phase::Offer { get, .. }, Action::Accept) => {
                need(p.hand.contains(get), Refusal::CannotAfford)
            }
            (Phase::Offer { .. }, Action::Decline) => Ok(()),
            // What the player on turn holds is hidden from the counter-offerer: it is
            // checked when the counter-offer is taken, not when made.
            (Phase::Offer { .. }, Action::Counter { give, get }) => {
                self.why_not_trade(seat, &give, &get)
            }
            (
                Phase::Choose {
                    accepted, counters, ..
                },
                Action::TradeWith { seat: with },
            ) => match counters.get(with as usize).copied().flatten() {
                _ if accepted.contains(with) => Ok(()),
                Some(counter) => need(p.hand.contains(&counter.get), Refusal::CannotAfford),
                None => Err(Refusal::NotAnAcceptor),
            },
            (Phase::Choose { .. }, Action::Withdraw) => Ok(()),
            (Phase::Main, Action::EndTurn) => Ok(()),
            _ => Err(Refusal::NotNow),
        }
    }

    /// A trade proposed by `seat` (an offer, or a counter-offer): different kinds on
    /// the two sides, at least one card each, resources only in the base game, and the
    /// cards it gives in its hand.
    fn why_not_trade(&self, seat: Seat, give: &Cards, get: &Cards) -> Check {
        need(
            !give.is_empty() && !get.is_empty() && !give.overlaps(get),
            Refusal::BadTrade,
        )?;
        need(
            self.ck.is_some() || give.kinds().chain(get.kinds()).all(Card::is_resource),
            Refusal::NotAResource,
        )?;
        need(
            self.players[seat as usize].hand.contains(give),
            Refusal::CannotAfford,
        )
    }

    fn why_not_play(&self, seat: Seat, action: &Action) -> Check {
        let p = &self.players[seat as usize];
        let card = match action {
            Action::Knight => Dev::Knight,
            Action::RoadBuilding => Dev::RoadBuilding,
            Action::YearOfPlenty { .. } => Dev::YearOfPlenty,
            _ => Dev::Monopoly,
        };
        if p.devs.get(card) == 0 {
            return Err(if p.fresh.get(card) > 0 {
                Refusal::BoughtThisTurn
            } else {
                Refusal::NoSuchCard { card: card.name() }
            });
        }
        need(!self.dev_played, Refusal::AlreadyPlayedDevelopment)?;
        match *action {
            Action::YearOfPlenty { first, second } => {
                need(
                    first.is_resource() && second.is_resource(),
                    Refusal::NotAResource,
                )?;
                let mut two = Cards::of(first, 1);
                two.add(&Cards::of(second, 1));
                need(self.bank.contains(&two), Refusal::BankLacks)
            }
            Action::Monopoly { card } => need(card.is_resource(), Refusal::NotAResource),
            _ => Ok(()),
        }
    }

    /// Applies a decision that [`Catan::check_action`] accepted.
    pub fn perform(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let c = Content::get();
        if action.is_ck() || self.phase.is_ck() {
            self.perform_ck(seat, action, events);
            self.check_victory(events);
            return;
        }
        match (&self.phase, *action) {
            (Phase::Place { step, .. }, Action::Settle { vertex }) => {
                let step = *step;
                // Cities & Knights: the second building is a city (seed 004 section 2).
                if self.ck.is_some() && step as usize >= self.n() {
                    self.players[seat as usize].cities |= VertexSet::one(vertex);
                    events.push(Event::CityBuilt { seat, vertex });
                } else {
                    self.players[seat as usize].settlements |= VertexSet::one(vertex);
                    events.push(Event::Settled { seat, vertex });
                }
                self.phase = Phase::Place {
                    step,
                    settled: Some(vertex),
                };
                // The second settlement yields one card per producing hex around it
                // (digest section B, "Setup").
                if step as usize >= self.n() {
                    self.starting_cards(seat, vertex, events);
                }
                self.roads_changed_at(seat, VertexSet::one(vertex), events);
            }
            (Phase::Place { step, .. }, Action::Road { edge }) => {
                let step = *step + 1;
                self.add_road(seat, edge, events);
                if step as usize == 2 * self.n() {
                    self.start_turn(0, events);
                } else {
                    self.current = self.snake_seat(step);
                    self.phase = Phase::Place {
                        step,
                        settled: None,
                    };
                }
            }
            (_, Action::Roll) => self.phase = Phase::Rolling,
            (_, Action::Knight) => {
                self.play_dev(seat, Dev::Knight, events);
                self.players[seat as usize].played.add(Dev::Knight, 1);
                self.update_army(events);
                self.phase = Phase::Robber;
            }
            (_, Action::RoadBuilding) => {
                self.play_dev(seat, Dev::RoadBuilding, events);
                self.players[seat as usize].played.add(Dev::RoadBuilding, 1);
                self.phase = Phase::RoadBuilding { left: 2 };
                self.end_road_building_if_stuck();
            }
            (_, Action::YearOfPlenty { first, second }) => {
                self.play_dev(seat, Dev::YearOfPlenty, events);
                self.players[seat as usize].played.add(Dev::YearOfPlenty, 1);
                let mut two = Cards::of(first, 1);
                two.add(&Cards::of(second, 1));
                self.bank.remove(&two);
                self.players[seat as usize].hand.add(&two);
                events.push(Event::Received { seat, cards: two });
            }
            (_, Action::Monopoly { card }) => {
                self.play_dev(seat, Dev::Monopoly, events);
                self.players[seat as usize].played.add(Dev::Monopoly, 1);
                self.monopoly(seat, card, u8::MAX, events);
            }
            (_, Action::Discard { card }) => {
                self.players[seat as usize].hand.remove(&Cards::of(card, 1));
                self.bank.add(&Cards::of(card, 1));
                self.owed[seat as usize] -= 1;
                events.push(Event::Discarded { seat, card });
                if self.owed.iter().all(|&o| o == 0) {
                    if self.ck.is_some() {
                        self.resume(events);
                    } else {
                        self.phase = Phase::Robber;
                    }
                }
            }
            (_, Action::Robber { hex, victim }) => {
                self.robber = hex;
                events.push(Event::RobberMoved { seat, hex });
                self.phase = match victim {
                    Some(victim) => Phase::Steal { victim },
                    None => self.after_robber(),
                };
            }
            (Phase::RoadBuilding { left }, Action::Road { edge }) => {
                let left = *left - 1;
                self.add_road(seat, edge, events);
                self.phase = Phase::RoadBuilding { left };
                self.end_road_building_if_stuck();
            }
            (_, Action::Road { edge }) => {
                self.pay(seat, &c.costs.road);
                self.add_road(seat, edge, events);
            }
            (_, Action::Settle { vertex }) => {
                self.pay(seat, &c.costs.settlement);
                self.players[seat as usize].settlements |= VertexSet::one(vertex);
                events.push(Event::Settled { seat, vertex });
                // A settlement may break another seat's road (digest section B,
                // "Longest Road").
                self.roads_changed_at(seat, VertexSet::one(vertex), events);
            }
            (_, Action::City { vertex }) => {
                self.pay(seat, &c.costs.city);
                let p = &mut self.players[seat as usize];
                p.settlements = p.settlements.without(vertex);
                p.cities |= VertexSet::one(vertex);
                events.push(Event::CityBuilt { seat, vertex });
            }
            (_, Action::BuyDevelopment) => {
                self.pay(seat, &c.costs.development);
                let card = self.deck.pop().expect("checked: the deck has a card");
                self.players[seat as usize].fresh.add(card, 1);
                events.push(Event::BoughtDevelopment {
                    seat,
                    card: Some(card),
                });
            }
            (_, Action::Maritime { give, get }) => {
                let gave = Cards::of(give, self.rate(seat, give));
                self.pay(seat, &gave);
                self.bank.remove(&Cards::of(get, 1));
                self.players[seat as usize].hand.add(&Cards::of(get, 1));
                events.push(Event::Maritime {
                    seat,
                    give: gave,
                    get,
                });
            }
            (_, Action::Offer { give, get }) => {
                self.offers = self.offers.saturating_add(1);
                events.push(Event::Offered { seat, give, get });
                self.phase = Phase::Offer {
                    give,
                    get,
                    waiting: SeatSet::first(self.n()).without(seat),
                    accepted: SeatSet::EMPTY,
                    counters: Default::default(),
                };
            }
            (Phase::Offer { .. }, Action::Accept | Action::Decline | Action::Counter { .. }) => {
                self.answer(seat, action, events)
            }
            (
                Phase::Choose {
                    give,
                    get,
                    accepted,
                    counters,
                },
                Action::TradeWith { seat: with },
            ) => {
                // An acceptor trades on the offer's terms, a counter-offerer on its own.
                let (give, get) = match counters[with as usize] {
                    Some(counter) if !accepted.contains(with) => counter.for_offerer(),
                    _ => (*give, *get),
                };
                let (me, other) = (seat as usize, with as usize);
                self.players[me].hand.remove(&give);
                self.players[other].hand.add(&give);
                self.players[other].hand.remove(&get);
                self.players[me].hand.add(&get);
                events.push(Event::Traded {
                    seat,
                    with,
                    give,
                    get,
                });
                self.phase = Phase::Main;
            }
            (_, Action::Withdraw) => {
                events.push(Event::Withdrawn { seat });
                self.phase = Phase::Main;
            }
            (_, Action::EndTurn) => {
                if self.ck.is_some() {
                    self.end_turn_ck(events);
                } else {
                    self.next_turn(events);
                }
                return;
            }
            _ => debug_assert!(false, "perform without check: {action}"),
        }
        // The base game's other decisions leave the points of the seat on turn as
        // they were (issue 46: the check after every decision was a tenth of the
        // base game's random play); under Cities & Knights every one is checked.
        if self.ck.is_some() || action.may_raise_points() {
            self.check_victory(events);
        }
    }

    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        let next = (self.current + 1) % self.n() as Seat;
        self.start_turn(next, events);
    }

    /// One seat's answer to the offer (accept, decline or a counter-offer); when the
    /// last has answered, the player on turn chooses, or the offer lapses when nobody
    /// accepted or countered.
    fn answer(&mut self, seat: Seat, answer: &Action, events: &mut Vec<Event>) {
        let Phase::Offer {
            give,
            get,
            waiting,
            mut accepted,
            mut counters,
        } = self.phase
        else {
            return;
        };
        let waiting = waiting.without(seat);
        events.push(match *answer {
            Action::Accept => {
                accepted = accepted.with(seat);
                Event::Accepted { seat }
            }
            Action::Counter { give, get } => {
                counters[seat as usize] = Some(Counter { give, get });
                Event::Countered { seat, give, get }
            }
            _ => Event::Declined { seat },
        });
        self.phase = if !waiting.is_empty() {
            Phase::Offer {
                give,
                get,
                waiting,
                accepted,
                counters,
            }
        } else if accepted.is_empty() && counters.iter().all(Option::is_none) {
            events.push(Event::AllDeclined { seat: self.current });
            Phase::Main
        } else {
            Phase::Choose {
                give,
                get,
                accepted,
                counters,
            }
        };
    }

    pub(crate) fn pay(&mut self, seat: Seat, cost: &Cards) {
        self.players[seat as usize].hand.remove(cost);
        self.bank.add(cost);
    }

    fn play_dev(&mut self, seat: Seat, card: Dev, events: &mut Vec<Event>) {
        self.players[seat as usize].devs.take(card);
        self.dev_played = true;
        events.push(Event::PlayedDevelopment { seat, card });
    }

    /// Road Building ends when both roads are placed, or when no road can be
    /// (no piece left, nowhere to build).
    pub(crate) fn end_road_building_if_stuck(&mut self) {
        if let Phase::RoadBuilding { left } = self.phase {
            let p = &self.players[self.current as usize];
            let pieces = p.roads.len() < Content::get().roads as u32;
            if left == 0 || !pieces || self.road_spots(self.current).is_empty() {
                self.phase = self.after_robber();
            }
        }
    }

    /// Where the turn goes after the robber (or a development card played before the
    /// roll): back before the roll, or on with the turn.
    pub(crate) fn after_robber(&self) -> Phase {
        if self.rolled {
            Phase::Main
        } else {
            Phase::BeforeRoll
        }
    }

    pub(crate) fn add_road(&mut self, seat: Seat, edge: u8, events: &mut Vec<Event>) {
        self.players[seat as usize].roads |= EdgeSet::one(edge);
        events.push(Event::Built { seat, edge });
        // A road blocks no one's trail: only its owner's can grow, and only by a trail
        // through the new road (issue 46: recounting every road of the seat was a
        // tenth of base Catan's random play).
        self.players[seat as usize].road_length = self.longest_road_with(seat, edge);
        self.update_longest_road(events);
    }

    /// `seat`'s longest road once `edge` is built: the length before, or the longest
    /// trail through `edge` (any other trail was there before).
    fn longest_road_with(&self, seat: Seat, edge: Edge) -> u8 {
        let p = &self.players[seat as usize];
        let through = trail_through(p.roads, self.others_buildings(seat), edge);
        p.road_length.max(through)
    }

    fn starting_cards(&mut self, seat: Seat, vertex: Vertex, events: &mut Vec<Event>) {
        let mut cards = Cards::NONE;
        for h in Geometry::get().vertex_hexes[vertex as usize].iter() {
            if let Some(r) = self.board.terrain[h as usize].produces() {
                if self.bank.get(r) > cards.get(r) {
                    cards.add(&Cards::of(r, 1));
                }
            }
        }
        self.bank.remove(&cards);
        self.players[seat as usize].hand.add(&cards);
        if !cards.is_empty() {
            events.push(Event::Received { seat, cards });
        }
    }

    fn start_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let limit = self.config.turn_limit;
        if limit > 0 && self.turn >= limit {
            events.push(Event::Stopped { turn: self.turn });
            self.phase = Phase::Over;
            return;
        }
        self.turn += 1;
        self.current = seat;
        self.rolled = false;
        self.dev_played = false;
        self.offers = 0;
        self.start_turn_ck();
        let p = &mut self.players[seat as usize];
        let fresh = std::mem::take(&mut p.fresh);
        fresh
            .0
            .iter()
            .enumerate()
            .for_each(|(d, &n)| p.devs.0[d] += n);
        self.phase = Phase::BeforeRoll;
        events.push(Event::TurnStarted {
            seat,
            turn: self.turn,
        });
        // One wins with the points in hand when one's turn begins (seed 004,
        // section 17), under either reading of digest C16.
        self.declare_if_won(events);
    }

    /// After a decision: the player on turn wins at once under the standard reading
    /// (digest C16); under the literal one only at the start of a turn.
    fn check_victory(&mut self, events: &mut Vec<Event>) {
        let in_turn = !matches!(self.phase, Phase::Place { .. } | Phase::Setup | Phase::Over);
        if in_turn && self.config.victory == VictoryTiming::OwnTurn {
            self.declare_if_won(events);
        }
    }

    fn declare_if_won(&mut self, events: &mut Vec<Event>) {
        let points = self.points(self.current);
        if points >= self.victory_target() && self.phase != Phase::Over {
            self.winner = Some(self.current);
            self.phase = Phase::Over;
            self.owed.iter_mut().for_each(|o| *o = 0);
            events.push(Event::Won {
                seat: self.current,
                points,
            });
        }
    }

    /// Applies a chance outcome, or refuses an impossible one.
    pub fn apply_outcome(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        let bad = |m: String| Err(Error::Outcome(m));
        match (&self.phase, outcome) {
            (Phase::Setup, Outcome::SetupCitiesAndKnights { .. }) if self.ck.is_some() => {
                self.setup_ck(outcome, events)?;
            }
            (Phase::Rolling, Outcome::RollWithEvent { dice, event }) if self.ck.is_some() => {
                self.roll_ck(*dice, *event, events)?;
            }
            (Phase::Setup, Outcome::Setup { board, deck }) if self.ck.is_none() => {
                if let Err(why) = board.check(&self.config) {
                    return bad(why);
                }
                let mut counts = crate::cards::Devs::default();
                deck.iter().for_each(|&d| counts.add(d, 1));
                if counts != Content::get().development_deck {
                    return bad("the deck is not the game's 25 development cards".into());
                }
                self.board = board.clone();
                self.robber = board.desert();
                self.deck = deck.clone();
                self.phase = Phase::Place {
                    step: 0,
                    settled: None,
                };
                events.push(Event::BoardSet);
            }
            (Phase::Rolling, Outcome::Roll { dice }) if self.ck.is_none() => {
                if dice.iter().any(|d| !(1..=6).contains(d)) {
                    return bad(format!("dice show 1-6, not {dice:?}"));
                }
                self.rolled = true;
                events.push(Event::Rolled {
                    seat: self.current,
                    dice: *dice,
                });
                let sum = dice[0] + dice[1];
                if sum == 7 {
                    self.seven(events);
                } else {
                    self.produce(sum, events);
                    self.phase = Phase::Main;
                }
            }
            (Phase::Steal { victim }, Outcome::Steal { card }) => {
                let victim = *victim;
                if self.players[victim as usize].hand.get(*card) == 0 {
                    return bad(format!("seat {victim} holds no {}", card.name()));
                }
                let one = Cards::of(*card, 1);
                self.players[victim as usize].hand.remove(&one);
                self.players[self.current as usize].hand.add(&one);
                events.push(Event::Stole {
                    thief: self.current,
                    victim,
                    card: Some(*card),
                });
                // The Bishop robs every seat on the hex, one after the other.
                let next = self
                    .ck
                    .as_deref_mut()
                    .and_then(|ck| (!ck.steal_queue.is_empty()).then(|| ck.steal_queue.remove(0)));
                self.phase = match next {
                    Some(victim) if self.players[victim as usize].hand.total() > 0 => {
                        Phase::Steal { victim }
                    }
                    _ => self.after_robber(),
                };
            }
            _ => return bad(format!("{outcome:?} does not fit {:?}", self.phase)),
        }
        Ok(())
    }

    /// A 7: every seat over the limit discards at the same time, then the robber moves
    /// (digest section B, "Robber (7)"; seed 004 section 8 "mais de 7 cartas").
    pub(crate) fn seven(&mut self, events: &mut Vec<Event>) {
        for s in 0..self.n() as Seat {
            let owed = self.discard_owed(s);
            self.owed[s as usize] = owed;
            if owed > 0 {
                events.push(Event::MustDiscard {
                    seat: s,
                    count: owed,
                });
            }
        }
        self.phase = if self.owed.iter().any(|&o| o > 0) {
            Phase::Discard
        } else {
            Phase::Robber
        };
    }

    /// Every hex showing `sum` without the robber pays 1 per settlement, 2 per city.
    /// When the bank cannot pay every seat a resource, no one gets it, unless a single
    /// seat is owed it, who takes what is left (data file `bank_shortage`).
    pub fn produce(&mut self, sum: u8, events: &mut Vec<Event>) {
        self.produce_cards(sum, events);
    }

    /// Production; returns what each seat received.
    pub(crate) fn produce_cards(&mut self, sum: u8, events: &mut Vec<Event>) -> [Cards; 4] {
        let g = Geometry::get();
        let n = self.n();
        let (mut owed, mut total) = ([Cards::NONE; 4], Cards::NONE);
        for h in crate::board::hexes_numbered(&self.board.numbers, sum).iter() {
            if h == self.robber {
                continue;
            }
            let terrain = self.board.terrain[h as usize];
            let corners = g.hex_vertex_set[h as usize];
            for (s, p) in self.players.iter().enumerate() {
                // Most seats have nothing on a hex (issue 46: production was a fifth
                // of base Catan's random play).
                if !p.buildings().intersects(corners) {
                    continue;
                }
                let got = self.hex_yield(
                    terrain,
                    (p.settlements & corners).len_few(),
                    (p.cities & corners).len_few(),
                );
                owed[s].add(&got);
                total.add(&got);
            }
        }
        // A kind runs short only when the bank cannot cover all that is owed.
        if !self.bank.contains(&total) {
            self.share_short_kinds(&mut owed[..n], &total);
        }
        for (s, cards) in owed[..n].iter().enumerate() {
            if !cards.is_empty() {
                self.bank.remove(cards);
                self.players[s].hand.add(cards);
                events.push(Event::Received {
                    seat: s as Seat,
                    cards: *cards,
                });
            }
        }
        owed
    }

    /// A kind the bank cannot pay everyone: no one gets it, unless a single seat is
    /// owed it, who takes what is left (data file `bank_shortage`).
    fn share_short_kinds(&self, owed: &mut [Cards], total: &Cards) {
        for r in Card::ALL {
            if total.get(r) <= self.bank.get(r) {
                continue;
            }
            let owing = owed.iter().filter(|o| o.get(r) > 0).count();
            for o in owed.iter_mut() {
                o.0[r.index()] = if owing == 1 && o.get(r) > 0 {
                    self.bank.get(r)
                } else {
                    0
                };
            }
        }
    }

    /// Recomputes every seat's longest road and moves the card if it must.
    pub fn roads_changed(&mut self, events: &mut Vec<Event>) {
        self.roads_changed_for((0..self.n() as Seat).collect(), events);
    }

    /// Recomputes the longest road of `seats` only (the others' cannot have changed)
    /// and moves the card if it must.
    pub(crate) fn roads_changed_for(&mut self, seats: SeatSet, events: &mut Vec<Event>) {
        for s in seats.iter() {
            let len = self.longest_road_of(s);
            self.players[s as usize].road_length = len;
        }
        self.update_longest_road(events);
    }

    /// `owner`'s piece came to or left intersections `at` (a settlement, a knight):
    /// only a trail through them can change, and only another seat's, since a seat's
    /// own pieces never break its road; so only the other seats with two roads there are
    /// recomputed (issue 46: the exhaustive recount was 29% of random play).
    pub(crate) fn roads_changed_at(&mut self, owner: Seat, at: VertexSet, events: &mut Vec<Event>) {
        self.roads_changed_for(self.roads_at(at).without(owner), events);
    }

    /// The seats with two roads at one of `vertices`: only their trails can pass
    /// through it, so only their longest road changes when a piece comes or goes
    /// there (a seat with one road there can end a trail there either way).
    pub(crate) fn roads_at(&self, vertices: VertexSet) -> SeatSet {
        let g = Geometry::get();
        let through = |roads: EdgeSet| {
            vertices
                .iter()
                .any(|v| (g.vertex_edges[v as usize] & roads).len() >= 2)
        };
        (0..self.n() as Seat)
            .filter(|&s| through(self.players[s as usize].roads))
            .collect()
    }

    /// The longest trail of `seat`'s roads, never passing through an intersection
    /// another seat has built on (digest section B, "Longest Road").
    pub fn longest_road_of(&self, seat: Seat) -> u8 {
        let roads = self.players[seat as usize].roads;
        let blocked = self.others_buildings(seat);
        trail_starts(roads, blocked)
            .iter()
            .map(|v| trail(roads, blocked, v, EdgeSet::EMPTY))
            .max()
            .unwrap_or(0)
    }

    /// The longest road by its definition, a trail from every end of every road: what
    /// `validate` holds `longest_road_of` to.
    pub(crate) fn longest_road_from_every_end(&self, seat: Seat) -> u8 {
        let roads = self.players[seat as usize].roads;
        let blocked = self.others_buildings(seat);
        self.road_ends(seat)
            .iter()
            .map(|v| trail(roads, blocked, v, EdgeSet::EMPTY))
            .max()
            .unwrap_or(0)
    }

    /// The Longest Road card goes to the one seat with the longest road of at least 5;
    /// its holder keeps it on a tie; when the holder's road is broken and several tie
    /// for longest, or no one has 5, it is set aside (5th-edition almanac; docs/catan/rules.md).
    fn update_longest_road(&mut self, events: &mut Vec<Event>) {
        let c = Content::get();
        let best = self
            .players
            .iter()
            .map(|p| p.road_length)
            .max()
            .unwrap_or(0);
        let leaders: SeatSet = (0..self.n() as Seat)
            .filter(|&s| self.players[s as usize].road_length == best)
            .collect();
        let holder = self.longest_road;
        let to = if best < c.longest_road_min {
            None
        } else if holder.is_some_and(|h| leaders.contains(h)) {
            holder
        } else if leaders.len() == 1 {
            leaders.lowest()
        } else {
            None
        };
        if to != holder {
            self.longest_road = to;
            events.push(Event::AwardMoved {
                award: Award::LongestRoad,
                from: holder,
                to,
            });
        }
    }

    /// Largest Army: at least 3 knights played, and more than the holder.
    fn update_army(&mut self, events: &mut Vec<Event>) {
        let c = Content::get();
        let knights = |s: Seat| self.players[s as usize].played.get(Dev::Knight);
        let seat = self.current;
        let beats = match self.largest_army {
            Some(h) => h != seat && knights(seat) > knights(h),
            None => knights(seat) >= c.largest_army_min,
        };
        if beats {
            events.push(Event::AwardMoved {
                award: Award::LargestArmy,
                from: self.largest_army,
                to: Some(seat),
            });
            self.largest_army = Some(seat);
        }
    }
}

/// Where a longest trail of `roads` can start: an end of a longest trail that is not
/// blocked has every road at it on the trail (else the trail goes on along the unused
/// one), so an open trail ends at an intersection with an odd number of roads or a
/// blocked one. A closed longest trail through no such intersection uses every road of
/// its group of connected roads, so one intersection of each group that holds none of
/// them starts it (issue 46: most road ends are in the middle of a road).
fn trail_starts(roads: EdgeSet, blocked: VertexSet) -> VertexSet {
    let g = Geometry::get();
    let (mut ends, mut odd) = (0u64, 0u64);
    for e in roads.iter() {
        for v in g.edge_vertices[e as usize] {
            ends |= 1 << v;
            odd ^= 1 << v;
        }
    }
    let ends = VertexSet(ends);
    let mut starts = VertexSet(odd) | (blocked & ends);
    let mut left = ends & !g.reach(roads, starts, VertexSet::EMPTY);
    while let Some(v) = left.lowest() {
        starts = starts.with(v);
        left = left & !g.reach(roads, VertexSet::one(v), VertexSet::EMPTY);
    }
    starts
}

/// The longest trail over `roads` that uses `edge`. Such a trail is a trail from one
/// end of `edge`, the road itself, then a trail from the other end over roads not yet
/// used: every trail from the second end is walked, each finished by the longest from
/// the first. A road added at the tip of a network (most are) walks the network once,
/// where a walk from every trail start walked it once per start (issue 46).
fn trail_through(roads: EdgeSet, blocked: VertexSet, edge: Edge) -> u8 {
    let [x, y] = Geometry::get().edge_vertices[edge as usize];
    finish_trail(roads, blocked, x, y, EdgeSet::one(edge), 1)
}

/// The longest trail that continues one of `len` roads (those in `used`) ending at `v`
/// and began at `start`, which the trail may still go on from.
fn finish_trail(
    roads: EdgeSet,
    blocked: VertexSet,
    start: Vertex,
    v: Vertex,
    used: EdgeSet,
    len: u8,
) -> u8 {
    let g = Geometry::get();
    // A trail may end at another seat's building but not pass through it (digest
    // section B, "Longest Road").
    let behind = if blocked.contains(start) {
        0
    } else {
        trail(roads, blocked, start, used)
    };
    let mut best = len + behind;
    if !blocked.contains(v) {
        for e in (g.vertex_edges[v as usize] & roads & !used).iter() {
            let w = g.other_end(e, v);
            best = best.max(finish_trail(
                roads,
                blocked,
                start,
                w,
                used.with(e),
                len + 1,
            ));
        }
    }
    best
}

/// The longest trail from `v` over `roads` not in `used`, stopping at blocked
/// intersections (a trail may end at one, not pass through it).
fn trail(roads: EdgeSet, blocked: VertexSet, v: Vertex, used: EdgeSet) -> u8 {
    let g = Geometry::get();
    let mut best = 0;
    for e in (g.vertex_edges[v as usize] & roads & !used).iter() {
        let w = g.other_end(e, v);
        let further = if blocked.contains(w) {
            0
        } else {
            trail(roads, blocked, w, used.with(e))
        };
        best = best.max(1 + further);
    }
    best
}
