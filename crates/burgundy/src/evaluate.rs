//! A judgement of a position for one seat, for bots: VP now plus what the position
//! promises (areas close to completion, colour races, storage, goods, workers, silver,
//! turn order, how much of the game is left).

use crate::content::SPACES;
use crate::state::{area_vp, Burgundy, PHASE_BONUS};
use crate::tile::Colour;
use tabuleiro_core::Seat;

pub fn evaluate(game: &Burgundy, seat: Seat) -> f64 {
    let p = &game.players[seat as usize];
    let duchy = p.duchy();
    // Rounds left in the game, 25 at the start, 0 at the end.
    let left = (25 - (game.phase as i32 * 5 + game.round as i32)).max(0) as f64;
    let mut v = p.vp as f64;
    // Final-scoring value of what the player holds now.
    v += p.goods.iter().map(|&g| g as f64).sum::<f64>()
        * (1.0 + 0.6 * left.min(5.0) / 5.0 * (game.config.players as f64 - 1.0));
    v += p.silver as f64 * 1.4 + p.workers as f64 * 0.8;
    v += p.storage.len() as f64 * 1.5 * (left / 25.0 + 0.2);
    // Areas close to completion are worth part of their completion VP.
    let phase_bonus = PHASE_BONUS[game.phase.min(4) as usize] as f64;
    for (area, &size) in duchy.area_size.iter().enumerate() {
        let filled = duchy
            .spaces_of_area(area as u8)
            .filter(|&s| p.spaces.0[s].is_some())
            .count();
        if filled > 0 && filled < size as usize {
            let share = filled as f64 / size as f64;
            v += share * share * (area_vp(size) as f64 + phase_bonus) * (left / 25.0).sqrt();
        }
    }
    // Colour races still open.
    for c in Colour::ALL {
        let total = duchy.colour_count[c.index()] as f64;
        let filled = (0..SPACES)
            .filter(|&s| duchy.colours[s] == c && p.spaces.0[s].is_some())
            .count() as f64;
        if game.bonus_taken[c.index()] < 2 && filled < total {
            v += (filled / total).powi(3)
                * game.config.bonus_vp(game.bonus_taken[c.index()] == 0) as f64;
        }
    }
    // Mines pay every phase end still to come.
    v += p.count(crate::tile::Tile::Mine) as f64 * (left / 5.0);
    // Being ahead on the turn-order track.
    v += game.track_position(seat).0 as f64 * 0.5 * (left / 25.0);
    v
}
