//! The base game through the hooks: placement scoring and effects, mine income at
//! a phase's end, and the final scoring (seed 000, "Pontuação" and "Fim do jogo").

use super::Hooks;
use crate::action::{Event, ScoreReason};
use crate::state::Burgundy;
use crate::tile::Tile;
use tabuleiro_core::Seat;

pub(super) struct Base;

impl Hooks for Base {
    fn placed(
        &self,
        game: &mut Burgundy,
        seat: Seat,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        game.score_placement(seat, tile, space, events);
        game.placement_effect(seat, tile, events);
    }

    fn phase_ended(&self, game: &mut Burgundy, events: &mut Vec<Event>) {
        game.mine_income(events);
    }

    fn final_points(&self, game: &Burgundy, seat: Seat, lines: &mut Vec<(ScoreReason, i32)>) {
        lines.extend(game.base_final_points(seat));
    }
}
