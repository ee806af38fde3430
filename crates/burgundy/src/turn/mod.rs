//! A player's turn: two die actions in any order, workers changing dice, the
//! once-per-turn black-depot purchase, and the decisions a placed tile brings.
//! Seed 000, "Ações" and "Efeitos das peças". Every action is checked by the same
//! predicate that generates it, then applied; a refused action changes nothing.
//! One module per decision kind.

mod buy;
mod castle;
mod die;
mod phase_end;
mod place;
mod recover;
mod refusal;
mod sell;
mod shield;
mod ship;
mod solo;
mod take;

pub use place::Misplaced;
pub(crate) use refusal::awaiting as awaited;
pub use solo::MOST_BROUGHT_FIRST;

use crate::action::{Action, Event};
use crate::config::Knowledge5;
use crate::error::{illegal, Error, Result, Why};
use crate::state::*;
use tabuleiro_core::Seat;

/// Where enumerated decisions go: the list a bot or a menu reads, or a count where
/// only whether there is any matters (no list is built: issue 18).
pub(crate) trait Sink {
    fn push(&mut self, action: Action);
}

impl Sink for Vec<Action> {
    fn push(&mut self, action: Action) {
        Vec::push(self, action)
    }
}

/// Whether any decision is offered, passing included.
#[derive(Default)]
struct Any(bool);

impl Sink for Any {
    fn push(&mut self, _: Action) {
        self.0 = true;
    }
}

/// Counts the decisions other than passing.
#[derive(Default)]
struct Choices(usize);

impl Sink for Choices {
    fn push(&mut self, action: Action) {
        // The variant alone: no comparison of the fields (issue 15, the speed).
        self.0 += !matches!(action, Action::Pass) as usize;
    }
}

impl Burgundy {
    #[inline]
    fn player(&self, seat: Seat) -> &Player {
        &self.players[seat as usize]
    }

    pub(crate) fn turn_mut(&mut self) -> &mut Turn {
        match &mut self.stage {
            Stage::Turn(t) => t,
            _ => unreachable!("turn actions are only applied during a turn"),
        }
    }

    // ---------- legal actions ----------

    /// The decisions of the seat on turn. Always inlined into its callers (issue 15:
    /// out of line, its call costs more than the dispatch it saves).
    #[inline(always)]
    pub(crate) fn turn_actions(&self, turn: &Turn, out: &mut impl Sink) {
        // Nothing pending: the main actions, their purchases among them, without the
        // decisions' dispatch (issue 15, the base game's speed).
        let Some(&waiting) = turn.pending.last() else {
            return self.main_actions(turn, out);
        };
        self.decision_actions(turn, waiting, out);
        // Seed 000, "O DEPÓSITO PARALELO" (line 582): the purchase may come at any moment
        // of the turn, e.g. before a castle's or a city hall's placement. Not while a
        // discard must first make room.
        if !waiting.makes_room() {
            self.purchases(turn, out);
            // The solo game (seed 000 line 851): "você escolhe a ordem na qual recebe
            // quaisquer ações de jogo".
            if turn.pending.len() > 1 && !turn.reordered && self.solo() {
                self.solo_orders(turn, waiting, out);
            }
        }
    }

    /// The decisions that resolve `waiting`, what the turn waits for (the top of its
    /// pending stack, or one about to be pushed).
    fn decision_actions(&self, turn: &Turn, waiting: Pending, out: &mut impl Sink) {
        let seat = turn.seat;
        match waiting {
            Pending::UseDie { value } => self.die_uses(seat, value, out),
            Pending::Discard { .. } => {
                self.discards(seat, out);
                self.vine_discards(seat, out);
            }
            Pending::KeySpace { .. } => Burgundy::key_space_choices(out),
            Pending::ShipGoods => {
                self.ship_choices(seat, self.ship_depots([1, 2, 3, 4, 5, 6]), out)
            }
            Pending::ShipAdjacent { chosen } => {
                let next = Burgundy::adjacent_depots(chosen);
                self.ship_choices(seat, self.ship_depots(next), out);
                if self.config.rules.knowledge5 == Knowledge5::Optional {
                    out.push(Action::Pass);
                }
            }
            Pending::TakeFrom { colours } => {
                for depot in 1..7 {
                    self.depot_takes(depot, colours, out);
                }
                out.push(Action::Pass);
            }
            Pending::WarehouseSell => {
                self.sales(seat, None, out);
                out.push(Action::Pass);
            }
            Pending::CityHall => {
                self.placements(seat, None, out);
                out.push(Action::Pass);
            }
            Pending::Crane => self.crane_choices(out),
            Pending::Geese { space } => {
                for animal in self.geese_choices(seat, space) {
                    out.push(Action::Geese { animal });
                }
            }
            Pending::WhiteDie => self.white_die_choices(seat, out),
            Pending::SoloTrade => self.trades(seat, out),
            Pending::SoloBuyVp => self.vp_buys(seat, out),
            Pending::SoloBlack { further } => {
                self.black_placements(seat, out);
                if further {
                    out.push(Action::Pass);
                }
            }
            Pending::ShieldGoods => {
                self.shield_goods(seat, out);
                out.push(Action::Pass);
            }
            Pending::ShieldTile { black } => self.shield_tile_placements(seat, black, out),
            Pending::Tribute => self.tributes(seat, out),
            Pending::CraneMonastery => {
                for knowledge in self.crane_monasteries(seat) {
                    out.push(Action::CraneMonastery { knowledge });
                }
            }
            p @ (Pending::VineBonuses { .. }
            | Pending::VineDepot
            | Pending::BlackOrShop
            | Pending::VineRoom { .. }
            | Pending::VineKeySpace { .. }
            | Pending::VineTile) => {
                self.vine_decisions(seat, p, out);
            }
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
        // One predicate: an action is allowed exactly when it (or the listed decision
        // it stands for) is generated.
        let mut legal = Vec::new();
        self.turn_actions(&turn, &mut legal);
        if !legal.contains(&self.listed_form(action)) {
            return Err(illegal(action, self.why_not(&turn, action)));
        }
        self.apply_turn_unchecked(seat, action, events);
        Ok(())
    }

    /// The decision [`Burgundy::turn_actions`] lists for `action`: on doubles only die 1
    /// is listed (the two dice are interchangeable), and `die 2 V` stands for `die 1 V`
    /// (issue 15: a client that picks die 2 first is accepted). Any other action is
    /// its own listed form.
    pub fn listed_form(&self, action: &Action) -> Action {
        let doubles = self
            .turn()
            .is_some_and(|t| t.pending.is_empty() && t.dice[0].is_some() && t.dice[0] == t.dice[1]);
        match *action {
            Action::Die { die: 2, value } if doubles => Action::Die { die: 1, value },
            // Shield 16 sets a die: on doubles it too names die 1.
            Action::Shield16 { die: 2, value } if doubles => Action::Shield16 { die: 1, value },
            other => other,
        }
    }

    /// Applies a decision of the seat on turn that [`Burgundy::turn_actions`]
    /// generated, without generating them again to check it: playouts need not
    /// prove what was just enumerated. Allocates nothing.
    pub(crate) fn apply_turn_unchecked(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        let turn = self.turn().expect("called during a turn");
        let pending = turn.pending.last().copied();
        let dice = turn.dice;
        // A purchase happens "at any moment of the turn" and resolves nothing pending.
        let purchase = matches!(
            action,
            Action::Buy { .. }
                | Action::Knowledge6 { .. }
                | Action::HireWorkers
                | Action::Shield6 { .. }
                | Action::Vine(crate::modules::VineMove::Buy { .. })
        );
        // Bringing a decision first (the solo game) resolves none either.
        let first = matches!(action, Action::SoloFirst { .. });
        let turn = self.turn_mut();
        turn.reordered = false;
        if pending.is_some() && !purchase && !first {
            turn.pending.pop();
        }
        if self.apply_decision(seat, dice, pending, *action, events) {
            self.end_turn(seat, events);
        } else {
            self.lay_route_rest(seat, events);
            self.settle(seat, events);
        }
    }

    /// Applies a legal decision; true when it ends the turn outright. Always inlined
    /// into [`Burgundy::apply_turn_unchecked`], with the base game's placement and
    /// discard (issue 15: out of line, a call and its arguments cost 2% of random play).
    #[inline(always)]
    fn apply_decision(
        &mut self,
        seat: Seat,
        dice: [Option<u8>; 2],
        pending: Option<Pending>,
        action: Action,
        events: &mut Vec<Event>,
    ) -> bool {
        match action {
            Action::Die { die, value } => self.use_die(seat, dice, die, value, events),
            Action::Buy {
                depot,
                tile,
                workers,
            } => self.buy(seat, depot, tile, workers, events),
            Action::Knowledge6 { depot, tile } => self.knowledge6(seat, depot, tile, events),
            Action::Pass => {
                events.push(Event::Passed { seat });
                // Declining knowledge tile 5's depot ends the ship's goods (shield 5
                // may still add a type); declining shield 5's, the marker moves now.
                match pending {
                    Some(Pending::ShipAdjacent { .. }) => self.ship_goods_taken(seat, events),
                    Some(Pending::ShieldGoods) => self.ship_done(seat, events),
                    _ => {}
                }
                return pending.is_none();
            }
            Action::Take { depot, tile } => self.take(seat, depot, tile, events),
            // The team game's key spaces out of the base game's way (issue 15).
            Action::Place {
                tile,
                space,
                shared,
            } if self.modules.team.is_some() => {
                self.team_place(seat, (tile, space, shared), events)
            }
            Action::Place { tile, space, .. } => self.place(seat, tile, space, events),
            Action::KeySpace { shared } => self.keep_in_key_space(seat, pending, shared, events),
            Action::Sell { goods } => self.sell(seat, goods, events),
            Action::Workers => self.take_workers(seat, events),
            Action::Discard { tile, shared }
                if matches!(pending, Some(Pending::VineRoom { .. })) =>
            {
                self.vine_room_discard(seat, pending, (tile, shared), events)
            }
            Action::Discard { tile, shared } if self.modules.team.is_some() => {
                self.team_discard(seat, pending, (tile, shared), events)
            }
            Action::Discard { tile, .. } => self.discard(seat, pending, tile, events),
            Action::Vine(mv) => self.apply_vine(seat, pending, mv, events),
            Action::Ship { depot, goods } => self.ship(seat, pending, depot, goods, events),
            Action::RecoverCastle => self.recover_castle(seat, events),
            Action::Crane { building } => self.crane(seat, building, events),
            Action::Geese { animal } => {
                if let Some(Pending::Geese { space }) = pending {
                    self.score_geese_with(seat, space, Some(animal), events);
                }
            }
            Action::CraneMonastery { knowledge } => {
                self.modules.crane_monastery = Some(knowledge);
                events.push(Event::CraneCounted { seat, knowledge });
            }
            Action::HireWorkers => self.hire_workers(seat, events),
            Action::WhiteDie { value } => self.use_white_die(seat, value, events),
            Action::Shield { shield, space } => {
                // A castle's extra action (shield 11) pays nothing and leaves the dice.
                let dice = match pending {
                    Some(Pending::UseDie { value: None }) => None,
                    _ => Some(dice),
                };
                self.take_shield(seat, dice, shield, space, events)
            }
            Action::Shield16 { die, value } => self.set_die(seat, die, value, events),
            Action::Shield5 { goods } => self.take_goods_type(seat, goods, events),
            Action::Shield6 { seat: owner } => self.share_monasteries(seat, owner, events),
            Action::ShieldTile { depot, tile, space } => {
                self.place_shield_tile(seat, depot, tile, space, events)
            }
            Action::Tribute { keep, workers } => self.pay_tribute(seat, keep, workers, events),
            Action::Trade { tile, goods } => self.trade(seat, tile, goods, events),
            Action::BuyVp { vp } => self.buy_vp(seat, vp, events),
            Action::PlaceBlack { tile, space } => self.place_black(seat, tile, space, events),
            Action::SoloFirst { index } => self.solo_first(index),
            Action::StartingCastle { .. }
            | Action::DuchySide { .. }
            | Action::RouteOrder { .. } => {
                unreachable!("{action} is not a turn decision")
            }
        }
        false
    }

    /// Silver and workers gained from the supply.
    pub(crate) fn gain(&mut self, seat: Seat, silver: u32, workers: u32, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.silver += silver;
        p.workers += workers;
        events.push(Event::Gained {
            seat,
            silver,
            workers,
        });
        self.workers_gained(seat, workers, events);
    }

    /// After an action: end the turn when nothing is left to decide. With both dice
    /// used, the turn waits only if a purchase (or knowledge tile 6) is still possible.
    fn settle(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.solo() {
            self.lapse_solo_decisions();
        }
        let turn = self.turn().expect("in a turn");
        if !turn.pending.is_empty() || turn.dice.iter().any(Option::is_some) {
            return;
        }
        let mut extra = Choices::default();
        self.purchases(turn, &mut extra);
        if extra.0 == 0 {
            self.end_turn(seat, events)
        }
    }

    fn end_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::TurnEnded { seat });
        // A phase end's placement (shields 14 and 15): the next one, or the phase ends.
        if self.turn().is_some_and(|t| t.phase_end) {
            return self.next_phase_end(events);
        }
        // The solo game is won once all 37 spaces are filled (seed 000 line 861).
        if self.solo() && self.empty_spaces(seat) == 0 {
            return self.solo_end(events);
        }
        self.played[seat as usize] = true;
        self.next_turn(events);
    }

    /// The next turn of the round (a seat's or the AutoDuke's), or the round's end.
    pub(crate) fn next_turn(&mut self, events: &mut Vec<Event>) {
        // The order is read from the track when the round starts. Whether a ship changes
        // it mid-round (digest A3) is moot: only the seat on turn moves its marker, so the
        // order of the seats still to play cannot change.
        let next = self
            .round_order
            .iter()
            .position(|&s| !self.played[s as usize]);
        if self.auto_duke_due(next.unwrap_or(self.round_order.len())) {
            self.stage = Stage::AutoDuke;
            return;
        }
        if let Some(next) = next {
            self.begin_turn(self.round_order[next]);
            return;
        }
        if self.round < 4 {
            self.round += 1;
            self.stage = Stage::RoundStart;
        } else {
            self.close_phase(events);
        }
    }
}
