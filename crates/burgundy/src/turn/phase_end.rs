//! A phase's end before its tribute and mines: shields 14 and 15 (seed 000 lines
//! 909-910, 002 lines 947-949, 001 lines 1209-1215): "no fim de cada fase, após
//! todos os jogadores terem terminado suas duas ações de dados, pegue uma peça
//! hexagonal de qualquer um dos seis depósitos (caso exista alguma). Posicione-a
//! diretamente em seu ducado e aplique seus efeitos." Shield 15: "do depósito
//! paralelo". Our readings (digest A21; the seeds agree and are silent on these):
//! the placements come right after the fifth round's last turn, before the tribute;
//! several come in turn order (the track's, furthest ahead first), a seat holding
//! both placing 14's tile first; the tile is not optional while one can be placed;
//! it goes where a tile of its kind may go with a die of any number (colour,
//! neighbour, one building of a kind in a city), and its effect is the placement's
//! whole effect: scoring, the castle's action, the ship's goods, a building's
//! decision, each decided by the holder in a turn of its own without dice.

use super::Sink;
use crate::action::{Action, Event, BLACK};
use crate::modules::{shield, Module, ShieldData};
use crate::sets::Depot;
use crate::state::*;
use crate::tile::{distinct, Tile};
use tabuleiro_core::Seat;

impl Burgundy {
    /// The fifth round's last turn is over: the shields' decisions, then the
    /// phase's end.
    pub(super) fn close_phase(&mut self, events: &mut Vec<Event>) {
        if self.config.modules.contains(Module::Shields) {
            self.team_sync();
            // The team game: the team's shields decide once, by its member furthest
            // ahead (they lie on the team's castles, its silver pays); each member's
            // own (`rules.team_shields: member`) each for its own, from the team's
            // silver.
            let order = self.track_order_iter().collect();
            let order = match self.members_shields() {
                true => order,
                false => self.one_a_team(order),
            };
            let tiles = [false, true].map(|black| Pending::ShieldTile { black });
            let placements = order.iter().flat_map(|&seat| tiles.map(|p| (seat, p)));
            let tributes = order.iter().map(|&seat| (seat, Pending::Tribute));
            self.modules.phase_end = placements.chain(tributes).collect();
        }
        // The crane (extra hexes) at the final scoring: the monastery it counts for,
        // "à sua escolha" (seed 000 line 724), once the shields have settled what
        // each duchy holds; one decision a board (the team's first member's).
        if self.phase == 4 && self.config.modules.contains(Module::ExtraHexes) && !self.solo() {
            let boards = self.track_order_iter().filter(|&s| self.own_board(s));
            let crane: Vec<_> = boards.map(|s| (s, Pending::CraneMonastery)).collect();
            self.modules.phase_end.extend(crane);
        }
        self.next_phase_end(events);
    }

    /// The next decision whose seat can make it; with none left, the phase ends
    /// (tribute, mines, the board cleared).
    pub(super) fn next_phase_end(&mut self, events: &mut Vec<Event>) {
        while !self.modules.phase_end.is_empty() {
            // The team game: what the last decision changed is both members'.
            self.team_sync();
            let (seat, decision) = self.modules.phase_end.remove(0);
            if decision == Pending::Tribute {
                // One way to pay (or none to keep): paid at once, no decision.
                let mut options = Vec::new();
                self.tributes(seat, &mut options);
                if let [Action::Tribute { keep, workers }] = options[..] {
                    self.pay_tribute(seat, keep, workers, events);
                    continue;
                }
                return self.begin_phase_end(seat, decision);
            }
            if self.decides_at_phase_end(seat, decision) {
                return self.begin_phase_end(seat, decision);
            }
        }
        self.round = 5;
        self.end_phase(events);
    }

    /// Shields 14 and 15: does the seat hold the shield, and can a tile be placed?
    /// The crane: may it count for more than one monastery?
    fn decides_at_phase_end(&self, seat: Seat, decision: Pending) -> bool {
        if decision == Pending::CraneMonastery {
            return self.crane_monasteries(seat).nth(1).is_some();
        }
        let Pending::ShieldTile { black } = decision else {
            return false;
        };
        // The shield first: most seats hold neither, and listing placements costs.
        let number = [shield::DEPOT_TILE, shield::BLACK_TILE][black as usize];
        if !self.holds_shield(seat, number) {
            return false;
        }
        let mut any = super::Choices::default();
        self.shield_tile_placements(seat, black, &mut any);
        any.0 > 0
    }

    /// The seat's turn without dice for the decision (the last turn's pending
    /// stack, empty, is used again).
    fn begin_phase_end(&mut self, seat: Seat, decision: Pending) {
        let mut pending = match std::mem::replace(&mut self.stage, Stage::RoundStart) {
            Stage::Turn(t) => t.pending,
            _ => Vec::new(),
        };
        pending.clear();
        pending.push(decision);
        self.stage = Stage::Turn(Turn {
            seat,
            dice: [None, None],
            bought: false,
            knowledge6: false,
            die_set: false,
            shield_taken: false,
            phase_end: true,
            pending,
            route_rest: Vec::new(),
            reordered: false,
        });
    }

    /// The tribute (seed 000 line 890, 002 lines 927-929, 001 lines 1146-1148):
    /// "Cada escudo custa 1 peça de prata. Caso não possa ou não queira pagar, você
    /// deve remover quaisquer escudos pelos quais não pagou o tributo": each set of
    /// the seat's shields it pays for (the others leave), and with shield 3 (line
    /// 898, "Qualquer combinação de peças de prata e trabalhadores") each way to pay
    /// it in silver and workers. Keeping none comes first.
    pub(super) fn tributes(&self, seat: Seat, out: &mut impl Sink) {
        // The shields held as bits (bit `number - 1`), so in increasing number; a
        // set kept is a subset of them, its k-th bit on the k-th shield held.
        let held = self.shields_of(seat).fold(0u32, |m, s| m | 1 << (s - 1));
        let per = ShieldData::embedded().tribute_silver_per_shield;
        let p = self.player(seat);
        let in_workers = self.holds_shield(seat, shield::TRIBUTE_IN_WORKERS);
        for subset in 0..1u32 << held.count_ones() {
            let keep = shields_kept(subset, held);
            let cost = per * subset.count_ones();
            let most = if in_workers { cost.min(p.workers) } else { 0 };
            for workers in cost.saturating_sub(p.silver)..=most {
                out.push(Action::Tribute {
                    keep,
                    workers: workers as u8,
                });
            }
        }
    }

    /// The tribute paid for the shields `keep` names, `workers` of it in workers;
    /// the others leave the game.
    pub(super) fn pay_tribute(
        &mut self,
        seat: Seat,
        keep: u32,
        workers: u8,
        events: &mut Vec<Event>,
    ) {
        let cost = ShieldData::embedded().tribute_silver_per_shield * keep.count_ones();
        let (silver, workers) = (cost - workers as u32, workers as u32);
        let p = &mut self.players[seat as usize];
        p.silver -= silver;
        p.workers -= workers;
        if cost > 0 {
            events.push(Event::TributePaid {
                seat,
                silver,
                workers,
            });
        }
        let Some(held) = self.modules.shields.get(seat as usize) else {
            return;
        };
        let unpaid: Vec<(u8, u8)> = held
            .iter()
            .filter(|&(_, &s)| keep & 1 << (s - 1) == 0)
            .map(|(&c, &s)| (c, s))
            .collect();
        for (castle, shield) in unpaid {
            self.modules.shields[seat as usize].remove(&castle);
            self.shield_removed(seat, shield, events);
        }
    }

    /// Each tile of the six numbered depots (shield 14) or of the black depot
    /// (shield 15) on each space it may go on with a die of any number.
    pub(super) fn shield_tile_placements(&self, seat: Seat, black: bool, out: &mut impl Sink) {
        let depots = match black {
            true => BLACK..=BLACK,
            false => 1..=6,
        };
        let at = self.placing(seat);
        for depot in depots {
            for tile in distinct(self.depot_tiles(Depot::of(depot))) {
                let open = self.open_spaces(&at, tile, None);
                for space in open.iter() {
                    let space = space as u8;
                    out.push(Action::ShieldTile { depot, tile, space });
                }
            }
        }
    }

    /// The tile leaves its depot and goes on the space, with its scoring and effect
    /// ("aplique seus efeitos").
    pub(super) fn place_shield_tile(
        &mut self,
        seat: Seat,
        depot: u8,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        let shield = match depot {
            BLACK => shield::BLACK_TILE,
            _ => shield::DEPOT_TILE,
        };
        events.push(Event::ShieldTileTaken {
            seat,
            shield,
            depot,
            tile,
        });
        self.place_direct(seat, Depot::of(depot), tile, space, events);
    }

    /// A depot's tile straight onto a space of the duchy, scored and with its effect
    /// (shields 14 and 15; the solo game's black-depot tile).
    pub(super) fn place_direct(
        &mut self,
        seat: Seat,
        depot: Depot,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        self.remove_from_depot(depot, tile);
        self.players[seat as usize]
            .spaces
            .place(space as usize, tile);
        events.push(Event::Placed { seat, tile, space });
        self.placed_hooks(seat, tile, space, events);
    }
}

/// The shields a tribute keeps, as bits of their numbers: the `k`-th shield `held`
/// (lowest number first) where bit `k` of `subset` is set.
fn shields_kept(subset: u32, held: u32) -> u32 {
    let (mut rest, mut keep, mut k) = (held, 0, 0);
    while rest != 0 {
        let lowest = rest & rest.wrapping_neg();
        if subset >> k & 1 != 0 {
            keep |= lowest;
        }
        rest &= rest - 1;
        k += 1;
    }
    keep
}
