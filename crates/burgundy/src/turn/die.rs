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
#[inline]
pub(super) const fn ring_distance(a: u8, b: u8) -> u8 {
    // Total for any input (a refused action may name a die value of 9).
    // A remainder only off the faces 1-6, where it is needed (issue 18: the
    // division was a hot spot of enumerating the dice).
    let d = match a.abs_diff(b) {
        d @ 0..=5 => d,
        d => d % 6,
    };
    if d < 6 - d {
        d
    } else {
        6 - d
    }
}

/// How workers turn a die: one step each, or with knowledge tile 8 by 1 or 2, or by
/// exactly 2 ([`Knowledge8`]).
#[derive(Clone, Copy)]
enum Turning {
    Plain,
    OneOrTwo,
    TwoOnly,
}

/// The workers needed to turn a die `d` steps around the ring, if they can.
const fn workers_for(way: Turning, d: u8) -> Option<u8> {
    match way {
        Turning::Plain => Some(d),
        Turning::OneOrTwo => Some(d.div_ceil(2)),
        Turning::TwoOnly if d.is_multiple_of(2) => Some(d / 2),
        Turning::TwoOnly => None,
    }
}

/// Per way of turning, per face 1-6 and per 0-3 workers (three reach every face),
/// the values 1-6 the die can be turned to, bit `value - 1` (issue 18: the choices
/// of a die are one look-up instead of a cost worked out per value).
const REACH: [[[u8; 4]; 7]; 3] = {
    let mut table = [[[0u8; 4]; 7]; 3];
    let ways = [Turning::Plain, Turning::OneOrTwo, Turning::TwoOnly];
    let mut w = 0;
    while w < 3 {
        let mut face = 1;
        while face <= 6 {
            let mut value = 1;
            while value <= 6 {
                if let Some(cost) = workers_for(ways[w], ring_distance(face, value)) {
                    let mut workers = cost as usize;
                    while workers < 4 {
                        table[w][face as usize][workers] |= 1 << (value - 1);
                        workers += 1;
                    }
                }
                value += 1;
            }
            face += 1;
        }
        w += 1;
    }
    table
};

/// The values of a [`REACH`] mask, lowest first: a bit at a time (issue 18: the
/// inclusive range with a test per face was a hot spot of listing a die's choices).
#[inline]
fn faces(mask: u8) -> impl Iterator<Item = u8> {
    let mut bits = mask & 0b11_1111;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let value = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            value
        })
    })
}

/// Does a die showing `value` (None: any value) fit `target`, with a free +-1 when a
/// knowledge tile grants it (tiles 9-12: "as if you had spent a worker")?
#[inline]
pub(super) fn fits(value: Option<u8>, target: u8, free_step: bool) -> bool {
    match value {
        None => true,
        Some(v) => v == target || (free_step && ring_distance(v, target) == 1),
    }
}

impl Burgundy {
    /// Workers needed to turn a die from `from` to `to` (seed 000, "Trabalhadores":
    /// each worker +-1, 6 and 1 wrap; knowledge tile 8: +-2, see [`Knowledge8`]).
    #[inline]
    pub fn worker_cost(&self, seat: Seat, from: u8, to: u8) -> Option<u32> {
        self.cost_in_workers(self.knows(seat, Knowledge::WorkersTwo), from, to)
    }

    /// [`Burgundy::worker_cost`], knowing whether the seat holds knowledge tile 8.
    #[inline]
    pub(super) fn cost_in_workers(&self, workers_two: bool, from: u8, to: u8) -> Option<u32> {
        let way = self.turning(workers_two);
        workers_for(way, ring_distance(from, to)).map(u32::from)
    }

    /// How the seat's workers turn a die, knowing whether it holds knowledge tile 8.
    #[inline]
    fn turning(&self, workers_two: bool) -> Turning {
        match (workers_two, self.config.rules.knowledge8) {
            (false, _) => Turning::Plain,
            (true, Knowledge8::OneOrTwo) => Turning::OneOrTwo,
            (true, Knowledge8::TwoOnly) => Turning::TwoOnly,
        }
    }

    /// The die values 1-6 that `workers` workers turn `face` to, as bit `value - 1`
    /// of a mask: read from [`REACH`] for the faces 1-6 (always inlined: asked for
    /// each die of every main decision, issue 46), worked out value by value for
    /// any other (a refused position's die, out of line).
    #[inline(always)]
    fn reachable(&self, workers_two: bool, face: u8, workers: u32) -> u8 {
        match face {
            1..=6 => {
                let way = self.turning(workers_two);
                REACH[way as usize][face as usize][workers.min(3) as usize]
            }
            _ => self.reachable_off_the_faces(workers_two, face, workers),
        }
    }

    /// [`Burgundy::reachable`] for a face off 1-6, value by value.
    #[cold]
    #[inline(never)]
    fn reachable_off_the_faces(&self, workers_two: bool, face: u8, workers: u32) -> u8 {
        (1..=6)
            .filter(|&v| {
                self.cost_in_workers(workers_two, face, v)
                    .is_some_and(|c| c <= workers)
            })
            .fold(0, |mask, v| mask | 1 << (v - 1))
    }

    /// With nothing pending: a die turned to any value the workers reach, a purchase,
    /// or passing once both dice are used.
    pub(super) fn main_actions(&self, turn: &Turn, out: &mut impl Sink) {
        let seat = turn.seat;
        let workers = self.player(seat).workers;
        let workers_two = self.knows(seat, Knowledge::WorkersTwo);
        for die in 0..2 {
            let Some(face) = turn.dice[die] else { continue };
            if die == 1 && turn.dice[0] == Some(face) {
                continue; // both dice show the same face: one choice
            }
            for value in faces(self.reachable(workers_two, face, workers)) {
                out.push(Action::Die {
                    die: die as u8 + 1,
                    value,
                });
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
        let k12 = self.knows(seat, Knowledge::FreeStepTake);
        for depot in 1..7u8 {
            if fits(value, depot, k12) {
                self.depot_takes(depot, ColourSet::ALL, out);
            }
        }
        self.placements(seat, value, out);
        self.sales(seat, value, out);
        out.push(Action::Workers);
        self.vine_die_uses(seat, value, out);
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
        let workers = if self.knows(seat, Knowledge::FourWorkers) {
            4
        } else {
            2
        };
        let silver = self.knows(seat, Knowledge::WorkersSilver) as u32;
        self.gain(seat, silver, workers, events);
    }

    /// White castles (seed 000 line 756): the white die's value, or another the
    /// seat's workers turn it to (the die itself stays as it is).
    pub(super) fn white_die_choices(&self, seat: Seat, out: &mut impl Sink) {
        let p = self.player(seat);
        let workers_two = self.knows(seat, Knowledge::WorkersTwo);
        for value in faces(self.reachable(workers_two, self.white, p.workers)) {
            out.push(Action::WhiteDie { value });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    /// The table of a die's reachable values is the worker cost, value by value, for
    /// every face (off the faces 1-6 too), number of workers and reading of
    /// knowledge tile 8.
    #[test]
    fn reachable_values_are_those_the_workers_pay_for() {
        for knowledge8 in [Knowledge8::OneOrTwo, Knowledge8::TwoOnly] {
            let mut game = Burgundy::create(&Config::players(2)).unwrap();
            game.config.rules.knowledge8 = knowledge8;
            for workers_two in [false, true] {
                for face in 0..=9 {
                    for workers in 0..=5 {
                        let slow = (1..=6u8)
                            .filter(|&v| {
                                game.cost_in_workers(workers_two, face, v)
                                    .is_some_and(|c| c <= workers)
                            })
                            .collect::<Vec<_>>();
                        let fast = faces(game.reachable(workers_two, face, workers));
                        assert_eq!(
                            fast.collect::<Vec<_>>(),
                            slow,
                            "{knowledge8:?} {workers_two} face {face} workers {workers}"
                        );
                    }
                }
            }
        }
        // Seed 000, "Trabalhadores": 6 and 1 are next to each other.
        assert_eq!(REACH[Turning::Plain as usize][6][1], 0b110001);
    }
}
