//! A player's turn: two die actions in any order, workers changing dice, the
//! once-per-turn black-depot purchase, and the decisions a placed tile brings.
//! Seed 000, "Ações" and "Efeitos das peças". Every action is checked by the same
//! predicate that generates it, then applied; a refused action changes nothing.

use crate::action::{Action, Event, BLACK};
use crate::config::{Edition, Knowledge8};
use crate::content::{neighbours, SPACES};
use crate::error::{illegal, Awaiting, Error, Reason, Result, Why};
use crate::state::*;
use crate::tile::{Building, Colour, Tile};
use tabuleiro_core::Seat;

/// Colour masks for the building effects.
const MARKET: u8 = (1 << Colour::Water as u8) | (1 << Colour::Pasture as u8);
const CARPENTER: u8 = 1 << Colour::Building as u8;
const CHURCH: u8 =
    (1 << Colour::Mine as u8) | (1 << Colour::Knowledge as u8) | (1 << Colour::Castle as u8);

/// Distance between two die faces on the 1..6 ring (6 and 1 are next to each other).
fn ring_distance(a: u8, b: u8) -> u8 {
    // Total for any input (a refused action may name a die value of 9).
    let d = a.abs_diff(b) % 6;
    d.min(6 - d)
}

/// Does a die showing `value` (None: any value) fit `target`, with a free +-1 when a
/// knowledge tile grants it (tiles 9-12: "as if you had spent a worker")?
fn fits(value: Option<u8>, target: u8, free_step: bool) -> bool {
    match value {
        None => true,
        Some(v) => v == target || (free_step && ring_distance(v, target) == 1),
    }
}

/// Why a tile cannot go on a duchy space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misplaced {
    NoSuchSpace,
    Covered,
    /// The space has this other colour.
    Colour(Colour),
    /// The space shows this number.
    Number(u8),
    Isolated,
    SameBuildingInCity,
}

impl Misplaced {
    /// The refusal of placing `tile` on `space` with a die showing `value`.
    pub fn reason(self, tile: Tile, space: u8, value: Option<u8>) -> Reason {
        match self {
            Misplaced::NoSuchSpace => Reason::NoSuchSpace { space },
            Misplaced::Covered => Reason::SpaceCovered { space },
            Misplaced::Colour(colour) => Reason::WrongColour {
                space,
                colour,
                needs: tile.colour(),
            },
            Misplaced::Number(number) => Reason::WrongNumber {
                space,
                number,
                value: value.unwrap_or(0),
            },
            Misplaced::Isolated => Reason::NotAdjacent { space },
            Misplaced::SameBuildingInCity => Reason::SameBuildingInCity { tile },
        }
    }
}

/// What the turn waits for, named in a refusal.
fn awaiting(pending: Option<&Pending>) -> Awaiting {
    match pending {
        None => Awaiting::Die,
        Some(&Pending::UseDie { value: Some(value) }) => Awaiting::UseDie { value },
        Some(Pending::UseDie { value: None }) => Awaiting::CastleAction,
        Some(&Pending::Discard { incoming }) => Awaiting::Discard { incoming },
        Some(Pending::ShipGoods) => Awaiting::ShipGoods,
        Some(&Pending::ShipAdjacent { chosen }) => Awaiting::ShipAdjacent { chosen },
        Some(Pending::TakeFrom { .. }) => Awaiting::TakeFrom,
        Some(Pending::WarehouseSell) => Awaiting::WarehouseSell,
        Some(Pending::CityHall) => Awaiting::CityHall,
    }
}

fn bit(c: Colour) -> u8 {
    1 << c as u8
}

impl Burgundy {
    fn player(&self, seat: Seat) -> &Player {
        &self.players[seat as usize]
    }

    fn turn_mut(&mut self) -> &mut Turn {
        match &mut self.stage {
            Stage::Turn(t) => t,
            _ => unreachable!("turn actions are only applied during a turn"),
        }
    }

    /// Workers needed to turn a die from `from` to `to` (seed 000, "Trabalhadores":
    /// each worker +-1, 6 and 1 wrap; knowledge tile 8: +-2, see [`Knowledge8`]).
    pub fn worker_cost(&self, seat: Seat, from: u8, to: u8) -> Option<u32> {
        let d = ring_distance(from, to) as u32;
        if !self.player(seat).has_knowledge(8) {
            return Some(d);
        }
        match self.config.rules.knowledge8 {
            Knowledge8::OneOrTwo => Some(d.div_ceil(2)),
            Knowledge8::TwoOnly => d.is_multiple_of(2).then_some(d / 2),
        }
    }

    /// Why `tile` may not go on `space` of `seat`'s duchy with a die showing `value`
    /// (None: any number, as for a castle's action or a city hall). Seed 000, "Colocar
    /// uma peça no ducado": same colour, the die's number, next to a placed tile.
    pub fn placement_problem(
        &self,
        seat: Seat,
        tile: Tile,
        space: u8,
        value: Option<u8>,
    ) -> Option<Misplaced> {
        let p = self.player(seat);
        let duchy = p.duchy();
        let s = space as usize;
        if s >= SPACES {
            return Some(Misplaced::NoSuchSpace);
        }
        if p.spaces.0[s].is_some() {
            return Some(Misplaced::Covered);
        }
        if duchy.colours[s] != tile.colour() {
            return Some(Misplaced::Colour(duchy.colours[s]));
        }
        let free_step = match tile.colour() {
            Colour::Building => p.has_knowledge(9),
            Colour::Water | Colour::Pasture => p.has_knowledge(10),
            _ => p.has_knowledge(11),
        };
        if !fits(value, duchy.dice[s], free_step) {
            return Some(Misplaced::Number(duchy.dice[s]));
        }
        if !neighbours()[s]
            .iter()
            .any(|&m| p.spaces.0[m as usize].is_some())
        {
            return Some(Misplaced::Isolated);
        }
        if let Tile::Building(_) = tile {
            // Seed 000, "Construções": one building of each type per city, unless
            // knowledge tile 1.
            let area = duchy.area[s];
            let twin = duchy
                .spaces_of_area(area)
                .any(|m| p.spaces.0[m] == Some(tile));
            if twin && !p.has_knowledge(1) {
                return Some(Misplaced::SameBuildingInCity);
            }
        }
        None
    }

    /// The goods masks a ship may take from `depot`: types already held always stack;
    /// new types only fill free goods spaces (seed 000, "Navio": what does not fit stays).
    pub fn ship_masks(&self, seat: Seat, depot: u8) -> Vec<u8> {
        let p = self.player(seat);
        let goods = self.depot_goods[depot as usize - 1];
        let held: u8 = (0..6).filter(|&t| p.goods[t] > 0).map(|t| 1u8 << t).sum();
        let here: u8 = (0..6).filter(|&t| goods[t] > 0).map(|t| 1u8 << t).sum();
        let new = here & !held;
        let free = 3 - held.count_ones().min(3);
        if new.count_ones() <= free {
            return vec![here];
        }
        (0..64u8)
            .filter(|m| m & !new == 0 && m.count_ones() == free)
            .map(|m| (here & held) | m)
            .collect()
    }

    // ---------- legal actions ----------

    pub(crate) fn turn_actions(&self, turn: &Turn, out: &mut Vec<Action>) {
        self.decision_actions(turn, out);
        // Seed 000, "O DEPÓSITO PARALELO" (line 582): the purchase may come at any moment
        // of the turn, e.g. before a castle's or a city hall's placement. Not while a
        // discard must first make room.
        if !matches!(turn.pending.last(), None | Some(Pending::Discard { .. })) {
            self.purchases(turn, out);
        }
    }

    fn decision_actions(&self, turn: &Turn, out: &mut Vec<Action>) {
        let seat = turn.seat;
        let p = self.player(seat);
        match turn.pending.last() {
            None => self.main_actions(turn, out),
            Some(&Pending::UseDie { value }) => {
                let k12 = p.has_knowledge(12);
                for depot in 1..=6u8 {
                    if fits(value, depot, k12) {
                        self.depot_takes(depot, u8::MAX, out);
                    }
                }
                self.placements(seat, value, out);
                for t in 1..=6u8 {
                    if p.goods[t as usize - 1] > 0 && fits(value, t, false) {
                        out.push(Action::Sell { goods: t });
                    }
                }
                out.push(Action::Workers);
            }
            Some(Pending::Discard { .. }) => {
                for (i, &tile) in p.storage.iter().enumerate() {
                    if !p.storage[..i].contains(&tile) {
                        out.push(Action::Discard { tile });
                    }
                }
            }
            Some(Pending::ShipGoods) => {
                for depot in 1..=6u8 {
                    for goods in self.ship_masks(seat, depot) {
                        out.push(Action::Ship { depot, goods });
                    }
                }
            }
            Some(&Pending::ShipAdjacent { chosen }) => {
                for depot in [chosen % 6 + 1, (chosen + 4) % 6 + 1] {
                    for goods in self.ship_masks(seat, depot) {
                        out.push(Action::Ship { depot, goods });
                    }
                }
                out.push(Action::Pass);
            }
            Some(&Pending::TakeFrom { colours }) => {
                for depot in 1..=6 {
                    self.depot_takes(depot, colours, out);
                }
                out.push(Action::Pass);
            }
            Some(Pending::WarehouseSell) => {
                for t in 1..=6u8 {
                    if p.goods[t as usize - 1] > 0 {
                        out.push(Action::Sell { goods: t });
                    }
                }
                out.push(Action::Pass);
            }
            Some(Pending::CityHall) => {
                self.placements(seat, None, out);
                out.push(Action::Pass);
            }
        }
    }

    fn depot_takes(&self, depot: u8, colours: u8, out: &mut Vec<Action>) {
        let tiles = &self.depots[depot as usize - 1];
        for (i, &tile) in tiles.iter().enumerate() {
            if colours & bit(tile.colour()) != 0 && !tiles[..i].contains(&tile) {
                out.push(Action::Take { depot, tile });
            }
        }
    }

    fn placements(&self, seat: Seat, value: Option<u8>, out: &mut Vec<Action>) {
        let storage = &self.player(seat).storage;
        for (i, &tile) in storage.iter().enumerate() {
            if storage[..i].contains(&tile) {
                continue;
            }
            for space in 0..SPACES as u8 {
                if self.placement_problem(seat, tile, space, value).is_none() {
                    out.push(Action::Place { tile, space });
                }
            }
        }
    }

    fn main_actions(&self, turn: &Turn, out: &mut Vec<Action>) {
        let seat = turn.seat;
        let workers = self.player(seat).workers;
        for die in 0..2 {
            let Some(face) = turn.dice[die] else { continue };
            if die == 1 && turn.dice[0] == Some(face) {
                continue; // both dice show the same face: one choice
            }
            for value in 1..=6 {
                if self
                    .worker_cost(seat, face, value)
                    .is_some_and(|c| c <= workers)
                {
                    out.push(Action::Die {
                        die: die as u8 + 1,
                        value,
                    });
                }
            }
        }
        self.purchases(turn, out);
        if turn.dice.iter().all(Option::is_none) {
            out.push(Action::Pass);
        }
    }

    /// The black-depot purchase and knowledge tile 6, available at any point of the turn
    /// between die actions.
    fn purchases(&self, turn: &Turn, out: &mut Vec<Action>) {
        let p = self.player(turn.seat);
        let k6 = p.has_knowledge(6);
        if !turn.bought {
            let edition = self.config.edition;
            let worker_pay = if k6 && edition == Edition::Classic {
                2
            } else {
                0
            };
            let numbered = k6 && edition != Edition::Special;
            for workers in 0..=worker_pay.min(p.workers) {
                if p.silver + workers < 2 {
                    continue;
                }
                let mut from = vec![BLACK];
                if numbered {
                    from.extend(1..=6);
                }
                for depot in from {
                    let tiles = self.depot_tiles(depot);
                    for (i, &tile) in tiles.iter().enumerate() {
                        if !tiles[..i].contains(&tile) {
                            out.push(Action::Buy {
                                depot,
                                tile,
                                workers: workers as u8,
                            });
                        }
                    }
                }
            }
        }
        if k6 && self.config.edition == Edition::Special && !turn.knowledge6 && p.workers >= 2 {
            for depot in 1..=6u8 {
                let start = out.len();
                self.depot_takes(depot, CARPENTER, out);
                for a in &mut out[start..] {
                    if let Action::Take { depot, tile } = *a {
                        *a = Action::Knowledge6 { depot, tile };
                    }
                }
            }
        }
    }

    fn depot_tiles(&self, depot: u8) -> &[Tile] {
        if depot == BLACK {
            &self.black_depot
        } else {
            &self.depots[depot as usize - 1]
        }
    }

    // ---------- applying ----------

    pub(crate) fn apply_turn(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let turn = self.turn().expect("called during a turn").clone();
        if seat != turn.seat {
            return Err(Error::NotYourDecision {
                seat,
                why: Why::NotYourTurn { turn: turn.seat },
            });
        }
        // One predicate: an action is allowed exactly when it is generated.
        let mut legal = Vec::new();
        self.turn_actions(&turn, &mut legal);
        if !legal.contains(action) {
            return Err(illegal(action, self.why_not(&turn, action)));
        }
        let pending = turn.pending.last().copied();
        // A purchase happens "at any moment of the turn" and resolves nothing pending.
        let purchase = matches!(action, Action::Buy { .. } | Action::Knowledge6 { .. });
        if pending.is_some() && !purchase {
            self.turn_mut().pending.pop();
        }
        match (pending, *action) {
            (None, Action::Die { die, value }) => {
                let face = turn.dice[die as usize - 1].expect("legal");
                let cost = self.worker_cost(seat, face, value).expect("legal");
                self.players[seat as usize].workers -= cost;
                let t = self.turn_mut();
                t.dice[die as usize - 1] = None;
                t.pending.push(Pending::UseDie { value: Some(value) });
                events.push(Event::DieUsed {
                    seat,
                    die,
                    value,
                    workers: cost,
                });
            }
            (
                _,
                Action::Buy {
                    depot,
                    tile,
                    workers,
                },
            ) => {
                self.remove_from_depot(depot, tile);
                let p = &mut self.players[seat as usize];
                let silver = 2 - workers as u32;
                p.silver -= silver;
                p.workers -= workers as u32;
                self.turn_mut().bought = true;
                events.push(Event::Bought {
                    seat,
                    depot,
                    tile,
                    silver,
                    workers: workers as u32,
                });
                self.store_tile(seat, tile);
            }
            (_, Action::Knowledge6 { depot, tile }) => {
                self.remove_from_depot(depot, tile);
                self.players[seat as usize].workers -= 2;
                self.turn_mut().knowledge6 = true;
                events.push(Event::TookTile { seat, depot, tile });
                self.store_tile(seat, tile);
            }
            (None, Action::Pass) => {
                events.push(Event::Passed { seat });
                return self.end_turn(seat, events);
            }
            (_, Action::Pass) => events.push(Event::Passed { seat }),
            (_, Action::Take { depot, tile }) => {
                self.remove_from_depot(depot, tile);
                events.push(Event::TookTile { seat, depot, tile });
                self.store_tile(seat, tile);
            }
            (_, Action::Place { tile, space }) => self.place(seat, tile, space, events),
            (_, Action::Sell { goods }) => self.sell(seat, goods, events),
            (_, Action::Workers) => {
                let p = &mut self.players[seat as usize];
                // Knowledge tiles 13 (+1 silver) and 14 (4 workers instead of 2).
                let workers = if p.has_knowledge(14) { 4 } else { 2 };
                let silver = p.has_knowledge(13) as u32;
                p.workers += workers;
                p.silver += silver;
                events.push(Event::Gained {
                    seat,
                    silver,
                    workers,
                });
            }
            (_, Action::Discard { tile }) => {
                let Some(Pending::Discard { incoming }) = pending else {
                    unreachable!("legal")
                };
                let p = &mut self.players[seat as usize];
                let i = p.storage.iter().position(|&t| t == tile).expect("legal");
                p.storage[i] = incoming;
                self.boxed.add(tile);
                events.push(Event::Discarded { seat, tile });
            }
            (_, Action::Ship { depot, goods }) => {
                let d = depot as usize - 1;
                let mut taken = [0u8; 6];
                for (t, n) in taken.iter_mut().enumerate() {
                    if goods & (1 << t) != 0 {
                        *n = self.depot_goods[d][t];
                        self.depot_goods[d][t] = 0;
                        self.players[seat as usize].goods[t] += *n;
                    }
                }
                events.push(Event::TookGoods {
                    seat,
                    depot,
                    goods: taken,
                });
                // Knowledge tile 5: also the goods of a depot next to the chosen one.
                if pending == Some(Pending::ShipGoods) && self.player(seat).has_knowledge(5) {
                    self.turn_mut()
                        .pending
                        .push(Pending::ShipAdjacent { chosen: depot });
                }
            }
            (_, a) => unreachable!("{a} was generated as legal but has no rule"),
        }
        self.settle(seat, events)
    }

    /// Explains why an action that is not among the legal ones is refused.
    fn why_not(&self, turn: &Turn, action: &Action) -> Reason {
        let pending = turn.pending.last();
        self.specific_refusal(turn, pending, action)
            .unwrap_or(Reason::NotNow {
                awaiting: awaiting(pending),
            })
    }

    /// The rule an action breaks, where the action has the shape of the decision
    /// awaited (or of a purchase, allowed at any moment).
    fn specific_refusal(
        &self,
        turn: &Turn,
        pending: Option<&Pending>,
        action: &Action,
    ) -> Option<Reason> {
        let p = self.player(turn.seat);
        match (pending, *action) {
            (None, Action::Die { die, value }) => Some(self.die_refusal(turn, die, value)),
            (_, Action::Buy { .. }) if turn.bought => Some(Reason::AlreadyBought),
            (_, Action::Buy { workers, .. }) if workers <= 2 && p.silver < 2 - workers as u32 => {
                Some(Reason::NotEnoughSilver {
                    need: 2 - workers as u32,
                    have: p.silver,
                })
            }
            (_, Action::Buy { depot, tile, .. }) => Some(Reason::CannotBuy { depot, tile }),
            (Some(&Pending::UseDie { value: Some(v) }), Action::Take { depot, .. })
                if !fits(Some(v), depot, p.has_knowledge(12)) =>
            {
                Some(Reason::DieDoesNotMatchDepot { value: v, depot })
            }
            (Some(&Pending::UseDie { value: Some(v) }), Action::Sell { goods }) if goods != v => {
                Some(Reason::DieDoesNotMatchGoods { value: v, goods })
            }
            (Some(_), Action::Sell { goods }) => Some(Reason::NoGoods { goods }),
            (Some(_), Action::Take { depot, tile }) => Some(Reason::NotInDepot { depot, tile }),
            (Some(&Pending::UseDie { value }), Action::Place { tile, space })
                if p.storage.contains(&tile) =>
            {
                self.placement_problem(turn.seat, tile, space, value)
                    .map(|m| m.reason(tile, space, value))
            }
            (Some(Pending::CityHall), Action::Place { tile, space })
                if p.storage.contains(&tile) =>
            {
                self.placement_problem(turn.seat, tile, space, None)
                    .map(|m| m.reason(tile, space, None))
            }
            (Some(_), Action::Place { tile, .. }) => Some(Reason::NotInStorage { tile }),
            _ => None,
        }
    }

    /// Why `die` cannot be used as `value`.
    fn die_refusal(&self, turn: &Turn, die: u8, value: u8) -> Reason {
        let face = match turn.dice.get((die as usize).wrapping_sub(1)) {
            None => return Reason::NoSuchDie { die },
            Some(None) => return Reason::DieUsed { die },
            Some(&Some(face)) => face,
        };
        if !(1..=6).contains(&value) {
            return Reason::NoSuchValue { value };
        }
        match self.worker_cost(turn.seat, face, value) {
            None => Reason::WorkersCannotTurn {
                from: face,
                to: value,
            },
            Some(need) => Reason::NotEnoughWorkers {
                from: face,
                to: value,
                need,
                have: self.player(turn.seat).workers,
            },
        }
    }

    fn remove_from_depot(&mut self, depot: u8, tile: Tile) {
        let tiles = if depot == BLACK {
            &mut self.black_depot
        } else {
            &mut self.depots[depot as usize - 1]
        };
        let i = tiles
            .iter()
            .position(|&t| t == tile)
            .expect("checked legal");
        tiles.remove(i);
    }

    /// A tile always goes to storage first; with storage full, one held tile must be
    /// discarded (seed 000, "Pegar uma peça"). Digest A11: the same for building effects
    /// and purchases.
    fn store_tile(&mut self, seat: Seat, tile: Tile) {
        let p = &mut self.players[seat as usize];
        if p.storage.len() < STORAGE {
            p.storage.push(tile);
        } else {
            self.turn_mut()
                .pending
                .push(Pending::Discard { incoming: tile });
        }
    }

    /// Sell all goods of one type: 1 silver (2 with knowledge tile 3, and a worker with
    /// tile 4) and 2/3/4 VP per good (seed 000, "Vender mercadorias").
    fn sell(&mut self, seat: Seat, goods: u8, events: &mut Vec<Event>) {
        let vp_each = self.config.sale_vp();
        let p = &mut self.players[seat as usize];
        let t = goods as usize - 1;
        let count = p.goods[t];
        p.goods[t] = 0;
        p.sold[t] += count;
        let silver = 1 + p.has_knowledge(3) as u32;
        let workers = p.has_knowledge(4) as u32;
        p.silver += silver;
        p.workers += workers;
        events.push(Event::Sold { seat, goods, count });
        events.push(Event::Gained {
            seat,
            silver,
            workers,
        });
        self.score(
            seat,
            vp_each * count as i32,
            crate::action::ScoreReason::Sale { count },
            events,
        );
    }

    fn place(&mut self, seat: Seat, tile: Tile, space: u8, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let i = p.storage.iter().position(|&t| t == tile).expect("legal");
        p.storage.remove(i);
        p.spaces.0[space as usize] = Some(tile);
        events.push(Event::Placed { seat, tile, space });
        self.score_placement(seat, tile, space, events);
        self.placement_effect(seat, tile, events);
    }

    /// Seed 000, "Efeitos das peças".
    fn placement_effect(&mut self, seat: Seat, tile: Tile, events: &mut Vec<Event>) {
        let pending = match tile {
            Tile::Castle => Some(Pending::UseDie { value: None }),
            Tile::Ship => {
                self.move_on_track(seat, events);
                let any_goods = self.depot_goods.iter().flatten().any(|&g| g > 0);
                any_goods.then_some(Pending::ShipGoods)
            }
            Tile::Building(b) => match b {
                Building::Warehouse => Some(Pending::WarehouseSell),
                Building::CarpentersWorkshop => Some(Pending::TakeFrom { colours: CARPENTER }),
                Building::Church => Some(Pending::TakeFrom { colours: CHURCH }),
                Building::Market => Some(Pending::TakeFrom { colours: MARKET }),
                Building::CityHall => Some(Pending::CityHall),
                Building::BoardingHouse | Building::Bank => {
                    let (silver, workers) = if b == Building::Bank { (2, 0) } else { (0, 4) };
                    let p = &mut self.players[seat as usize];
                    p.silver += silver;
                    p.workers += workers;
                    events.push(Event::Gained {
                        seat,
                        silver,
                        workers,
                    });
                    None
                }
                Building::Watchtower => {
                    self.score(seat, 4, crate::action::ScoreReason::Watchtower, events);
                    None
                }
            },
            Tile::Mine | Tile::Knowledge(_) | Tile::Livestock { .. } => None,
        };
        let Some(pending) = pending else { return };
        // An effect that cannot be used is lost (seed 001: it cannot be used later).
        let turn = self.turn().expect("in a turn");
        let mut probe = turn.clone();
        probe.pending.push(pending);
        let mut options = Vec::new();
        self.decision_actions(&probe, &mut options);
        let mut usable = options.iter().any(|a| *a != Action::Pass);
        if pending == Pending::CityHall && !usable {
            // The city hall may place a tile bought now.
            let mut buys = Vec::new();
            self.purchases(&probe, &mut buys);
            usable = !buys.is_empty();
        }
        if !usable {
            events.push(Event::EffectLost { seat, tile });
        } else {
            self.turn_mut().pending.push(pending);
        }
    }

    /// A ship moves the turn-order marker one space on, on top of any stack there.
    fn move_on_track(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (space, h) = self.track_position(seat);
        self.track[space].remove(h);
        let to = (space + 1).min(TRACK - 1);
        self.track[to].push(seat);
        events.push(Event::MovedOnTrack {
            seat,
            space: to as u8,
        });
    }

    /// After an action: end the turn when nothing is left to decide. With both dice
    /// used, the turn waits only if a purchase (or knowledge tile 6) is still possible.
    fn settle(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<()> {
        let turn = self.turn().expect("in a turn");
        if !turn.pending.is_empty() || turn.dice.iter().any(Option::is_some) {
            return Ok(());
        }
        let mut extra = Vec::new();
        self.purchases(turn, &mut extra);
        if extra.is_empty() {
            self.end_turn(seat, events)
        } else {
            Ok(())
        }
    }

    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) -> Result<()> {
        events.push(Event::TurnEnded { seat });
        self.played[seat as usize] = true;
        // The order is read from the track when the round starts. Whether a ship changes
        // it mid-round (digest A3) is moot: only the seat on turn moves its marker, so the
        // order of the seats still to play cannot change.
        let next = self
            .round_order
            .iter()
            .find(|&&s| !self.played[s as usize])
            .copied();
        if let Some(next) = next {
            self.begin_turn(next);
            return Ok(());
        }
        self.round += 1;
        if self.round < 5 {
            self.stage = Stage::RoundStart;
        } else {
            self.end_phase(events);
        }
        Ok(())
    }

    pub(crate) fn starting_castle_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let duchy = self.duchy(seat);
        for space in 0..SPACES as u8 {
            if duchy.colours[space as usize] == Colour::Castle {
                out.push(Action::StartingCastle { space });
            }
        }
    }

    pub(crate) fn apply_starting_castle(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let Action::StartingCastle { space } = *action else {
            return Err(illegal(
                action,
                Reason::NotNow {
                    awaiting: Awaiting::StartingCastle,
                },
            ));
        };
        if self.players[seat as usize].castle_choice.is_some() {
            return Err(Error::NotYourDecision {
                seat,
                why: Why::CastleChosen,
            });
        }
        let duchy = self.duchy(seat);
        if duchy.colours.get(space as usize) != Some(&Colour::Castle) {
            return Err(illegal(
                action,
                Reason::NotACastleSpace {
                    space,
                    duchy: duchy.number,
                },
            ));
        }
        self.players[seat as usize].castle_choice = Some(space);
        self.place_starting_castles_when_all_chose(events);
        Ok(())
    }
}
