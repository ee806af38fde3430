//! What a seat's vineyard promises, for the bots' evaluation (`evaluate.rs`). The
//! final scoring of its connected areas with its vine bonus tiles (seed 000 line
//! 1013) is counted there already, as the final scoring's lines are; this adds what
//! is still to come: the hexaminoes held, the terraces under way and the vine bonus
//! tiles still without an area.

use super::{vine_area_vp, Vine, VineSeat};
use crate::state::Burgundy;
use tabuleiro_core::Seat;

/// A held hexamino placed brings two bonus actions (seed 000 line 977) and grows an
/// area, but it takes 2 key spaces and a die of its space's number to place: in VP,
/// while there is time.
const HELD: f64 = 1.0;
/// A vine bonus tile whose colour has no area left for it: the area it may score
/// once vines of its colour are placed, while there is time.
const TILE_TO_FILL: f64 = 1.0;
/// The least a terrace's vine bonus tile is worth: a tile of choice scores at least
/// a new area of 2 vines (3 VP) by the end.
const TILE_AT_LEAST: f64 = 3.0;

/// The vineyard's promise for `seat` (0 without the module): `left` rounds to come,
/// `soon` how much of a holding's use is still ahead (1 down to 0 in the last round).
#[inline]
pub(crate) fn vineyard_value(game: &Burgundy, seat: Seat, left: f64, soon: f64) -> f64 {
    let me = game.vineyards().and_then(|v| v.seats.get(seat as usize));
    me.map_or(0.0, |me| seat_value(game, seat, me, left, soon))
}

fn seat_value(game: &Burgundy, seat: Seat, me: &VineSeat, left: f64, soon: f64) -> f64 {
    let board = &game.content().vineyard;
    let open = board.spaces.len().saturating_sub(me.board.len());
    // In the team game, also those on a private and a shared key space and the
    // team's on its shared ones (either member places them).
    let held: usize = game.vines_held(seat).iter().map(|(_, l)| l.len()).sum();
    let held = held.min(open) as f64 * HELD * soon;
    let areas = game.vine_areas(seat);
    let mut tiles = [0usize; 6];
    me.tiles.iter().for_each(|t| tiles[t.index()] += 1);
    // The areas a new tile of a colour would score: the largest not yet scored.
    let next_area = |v: Vine| areas[v.index()].get(tiles[v.index()]).copied();
    let best_new_tile = Vine::ALL
        .into_iter()
        .filter_map(|v| next_area(v).map(|size| vine_area_vp(size) as f64))
        .fold(TILE_AT_LEAST, f64::max);
    let waiting = Vine::ALL
        .into_iter()
        .map(|v| tiles[v.index()].saturating_sub(areas[v.index()].len()))
        .sum::<usize>() as f64;
    held + terraces_value(game, me, best_new_tile, left) + waiting * TILE_TO_FILL * soon
}

/// Terraces begun and not covered: a share of the vine bonus tile covering one
/// brings (seed 000 line 985), by how much is covered and how likely the rest is
/// to be covered in the rounds left (as the duchy's areas are judged).
fn terraces_value(game: &Burgundy, me: &VineSeat, tile: f64, left: f64) -> f64 {
    let board = &game.content().vineyard;
    let supply_left = game
        .vineyards()
        .is_some_and(|v| v.supply.iter().any(|&n| n > 0));
    if !supply_left {
        return 0.0;
    }
    let levels = board.spaces.iter().map(|s| s.level).max().unwrap_or(0);
    (1..=levels)
        .map(|level| {
            let spaces = board.spaces.iter().filter(|s| s.level == level);
            let size = spaces.clone().count() as f64;
            let covered = spaces.filter(|s| me.board.contains_key(&s.space)).count() as f64;
            let missing = size - covered;
            match covered > 0.0 && missing > 0.0 {
                true => {
                    let likely = ((left - missing) / (left + 1.0)).max(0.0);
                    (covered / size).powi(2) * tile * likely
                }
                false => 0.0,
            }
        })
        .sum()
}

impl Burgundy {
    /// The vineyard's part of the bots' evaluation for `seat` (0 without the module).
    pub fn vine_promise(&self, seat: Seat) -> f64 {
        let left = crate::evaluate::rounds_left(self);
        vineyard_value(self, seat, left, crate::evaluate::soon(left))
    }
}
