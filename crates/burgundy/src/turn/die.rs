//! Choosing a die (workers turn it, seed 000 "Trabalhadores") and the four uses of a
//! die: take, place, sell, or take workers.

use super::Sink;
use crate::action::{Action, Event};
use crate::config::Knowledge8;
use crate::knowledge::Knowledge;
use crate::sets::ColourSet;
use crate::state::*;
use tabuleiro_core::Seat;

/// Distance between two die faces on the 1..6 ring (6 and 1 are next to each other).
pub(super) fn ring_distance(a: u8, b: u8) -> u8 {
    // Total for any input (a refused action may name a die value of 9).
    // A remainder only off the faces 1-6, where it is needed (issue 18: the
    // division was a hot spot of enumerating the dice).
    let d = match a.abs_diff(b) {
        d @ 0..=5 => d,
        d => d % 6,
    };
    d.min(6 - d)
}

/// Does a die showing `value` (None: any value) fit `target`, with a free +-1 when a
/// knowledge tile grants it (tiles 9-12: "as if you had spent a worker")?
pub(super) fn fits(value: Option<u8>, target: u8, free_step: bool) -> bool {
    match value {
        None => true,
        Some(v) => v == target || (free_step && ring_distance(v, target) == 1),
    }
}

impl Burgundy {
    /// Workers needed to turn a die from `from` to `to` (seed 000, "Trabalhadores":
    /// each worker +-1, 6 and 1 wrap; knowledge tile 8: +-2, see [`Knowledge8`]).
    pub fn worker_cost(&self, seat: Seat, from: u8, to: u8) -> Option<u32> {
        self.cost_in_workers(self.player(seat).knows(Knowledge::WorkersTwo), from, to)
    }

    /// [`Burgundy::worker_cost`], knowing whether the seat holds knowledge tile 8.
    fn cost_in_workers(&self, workers_two: bool, from: u8, to: u8) -> Option<u32> {
        let d = ring_distance(from, to) as u32;
        if !workers_two {
            return Some(d);
        }
        match self.config.rules.knowledge8 {
            Knowledge8::OneOrTwo => Some(d.div_ceil(2)),
            Knowledge8::TwoOnly => d.is_multiple_of(2).then_some(d / 2),
        }
    }

    /// With nothing pending: a die turned to any value the workers reach, a purchase,
    /// or passing once both dice are used.
    pub(super) fn main_actions(&self, turn: &Turn, out: &mut impl Sink) {
        let seat = turn.seat;
        let workers = self.player(seat).workers;
        let workers_two = self.player(seat).knows(Knowledge::WorkersTwo);
        for die in 0..2 {
            let Some(face) = turn.dice[die] else { continue };
            if die == 1 && turn.dice[0] == Some(face) {
                continue; // both dice show the same face: one choice
            }
            for value in 1..=6 {
                if self
                    .cost_in_workers(workers_two, face, value)
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
        if self.recovery_refusal(turn).is_none() {
            out.push(Action::RecoverCastle);
        }
        self.shield_takes(turn, out);
        self.die_sets(turn, out);
        if turn.dice.iter().all(Option::is_none) {
            out.push(Action::Pass);
        }
    }

    /// The uses of a die showing `value` (None: the castle's action, any value).
    pub(super) fn die_uses(&self, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        let k12 = self.player(seat).knows(Knowledge::FreeStepTake);
        for depot in 1..=6u8 {
            if fits(value, depot, k12) {
                self.depot_takes(depot, ColourSet::ALL, out);
            }
        }
        self.placements(seat, value, out);
        self.sales(seat, value, out);
        out.push(Action::Workers);
        if value.is_none() {
            self.castle_shield_takes(seat, out);
        }
    }

    pub(super) fn use_die(
        &mut self,
        seat: Seat,
        dice: [Option<u8>; 2],
        die: u8,
        value: u8,
        events: &mut Vec<Event>,
    ) {
        let face = dice[die as usize - 1].expect("legal");
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

    /// Take 2 workers (knowledge tile 14: 4; tile 13: and 1 silver).
    pub(super) fn take_workers(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let workers = if p.knows(Knowledge::FourWorkers) {
            4
        } else {
            2
        };
        let silver = p.knows(Knowledge::WorkersSilver) as u32;
        self.gain(seat, silver, workers, events);
    }

    /// White castles (seed 000 line 756): the white die's value, or another the
    /// seat's workers turn it to (the die itself stays as it is).
    pub(super) fn white_die_choices(&self, seat: Seat, out: &mut impl Sink) {
        let p = self.player(seat);
        let workers_two = p.knows(Knowledge::WorkersTwo);
        for value in 1..=6 {
            let cost = self.cost_in_workers(workers_two, self.white, value);
            if cost.is_some_and(|c| c <= p.workers) {
                out.push(Action::WhiteDie { value });
            }
        }
    }

    pub(super) fn use_white_die(&mut self, seat: Seat, value: u8, events: &mut Vec<Event>) {
        let cost = self.worker_cost(seat, self.white, value).expect("legal");
        self.players[seat as usize].workers -= cost;
        self.turn_mut()
            .pending
            .push(Pending::UseDie { value: Some(value) });
        events.push(Event::WhiteDieUsed {
            seat,
            value,
            workers: cost,
        });
    }
}
