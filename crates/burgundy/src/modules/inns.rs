//! The inns (6th expansion; seed 000 lines 758-766, 002 lines 782-792, 001 lines
//! 942-958): one inn comes onto the inn space beside the black depot at each phase
//! start and stays there; it is bought like a black-depot tile (`buy black inn`),
//! goes on an empty space of any colour, one per area, and makes its area score as
//! one space larger. The purchase and the placement live with the others
//! (`turn/buy.rs`, `turn/place.rs`); the area's size with the scoring.

use super::{Hooks, Module};
use crate::action::Event;
use crate::error::{Error, Result};
use crate::state::{Burgundy, Stage};
use crate::tile::Tile;
use tabuleiro_core::Seat;

pub(super) struct Inns;

impl Hooks for Inns {
    /// Seed 000 line 760: "No início de cada fase, posicione uma estalagem no espaço
    /// indicado ao lado do depósito paralelo (...) coloque a nova sobre a já
    /// existente, formando uma pilha." The inns are identical, so which of the stack
    /// is bought does not matter (digest A14's "only the top one?" is moot).
    fn phase_started(&self, game: &mut Burgundy, events: &mut Vec<Event>) {
        if game.inns_arrived(game.phase + 1) > game.inns_seen() {
            game.modules.inns += 1;
            events.push(Event::InnArrived {
                inns: game.modules.inns,
            });
        }
    }
}

impl Burgundy {
    /// The inns that have come onto the inn space by the start of phase `phases`
    /// (1-5): one a phase, as long as the box has them.
    fn inns_arrived(&self, phases: u8) -> u8 {
        phases.min(self.content().inns)
    }
}

impl Burgundy {
    /// Does `seat`'s area `area` hold an inn? ("só pode colocar uma estalagem por
    /// área colorida", seed 000 line 764.)
    pub(crate) fn inn_in_area(&self, seat: Seat, area: u8) -> bool {
        let p = &self.players[seat as usize];
        let duchy = self.duchy(seat);
        duchy
            .spaces_of_area(area)
            .any(|s| p.spaces[s] == Some(Tile::INN))
    }

    /// The size an area scores as: one more with an inn in it (seed 000 line 766,
    /// "aumenta o tamanho da área na qual ela foi posicionada em 1 espaço"), up to
    /// the edition's cap ([`crate::Config::inn_area_cap`]).
    pub(crate) fn scored_area_size(&self, seat: Seat, area: u8) -> u8 {
        let size = self.duchy(seat).area_size[area as usize];
        match self.inn_in_area(seat, area) {
            true => (size + 1).min(self.config.inn_area_cap().max(size)),
            false => size,
        }
    }

    /// Every inn the game has seen: on the inn space, in storage or an incoming
    /// discard, in a duchy, or boxed.
    fn inns_seen(&self) -> u8 {
        // A team's board and shared key spaces are counted once.
        let held: usize = (0..self.players.len() as Seat)
            .map(|s| {
                let placed = self.own_board(s) as usize * self.players[s as usize].count(Tile::INN);
                placed
                    + self
                        .own_storage(s)
                        .iter()
                        .filter(|&&t| t == Tile::INN)
                        .count()
            })
            .sum();
        let incoming = self.turn().map_or(0, |t| {
            t.pending
                .iter()
                .filter(|p| p.incoming() == Some(Tile::INN))
                .count()
        });
        (held + incoming) as u8 + self.boxed.0[Tile::INN.kind()] + self.modules.inns
    }

    /// The phases whose start has put an inn out: those begun.
    fn phases_begun(&self) -> u8 {
        match self.stage {
            Stage::Setup | Stage::StartingCastles | Stage::PhaseStart => self.phase,
            _ => self.phase + 1,
        }
    }

    /// A position's inns: only with the module, never drawn from a bag, as many as
    /// the phases begun have put out, and at most one per area.
    pub(crate) fn validate_inns(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let k = Tile::INN.kind();
        if self.drawn.0[k] > 0 || self.drawn_black.0[k] > 0 {
            return bad("inns are never drawn from a bag (drawn and drawn_black hold none)");
        }
        let seen = self.inns_seen();
        if !self.config.modules.contains(Module::Inns) {
            return match seen {
                0 => Ok(()),
                _ => bad("inns are played with the module inns"),
            };
        }
        if seen != self.inns_arrived(self.phases_begun()) {
            return bad("inns on the inn space, held, placed and boxed must be one per phase begun (modules.inns)");
        }
        for seat in 0..self.players.len() as Seat {
            let duchy = self.duchy(seat);
            let two = (0..duchy.area_size.len() as u8).any(|a| {
                duchy
                    .spaces_of_area(a)
                    .filter(|&s| self.players[seat as usize].spaces[s] == Some(Tile::INN))
                    .count()
                    > 1
            });
            if two {
                return bad("one inn per area");
            }
        }
        Ok(())
    }
}
