//! One seeding path for every way a game is played (simulate, play, position apply,
//! the server): from the game's seed, the k-th chance step draws from its own
//! generator, and a bot's k-th decision for a seat from another. Nothing else draws.
//! Undo never changes a future draw: it cannot cross a chance step, and chance steps
//! are counted, not log positions.

use crate::{Rng, Seat};

const CHANCE: u64 = 0x6368_616e_6365_0000; // "chance"
const BOT: u64 = 0x626f_7400_0000_0000; // "bot"

#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of the `k`-th chance step (0-based) of the game seeded `seed`.
#[inline]
pub fn chance_rng(seed: u64, k: u64) -> Rng {
    Rng::seed(mix(seed ^ CHANCE) ^ mix(k.wrapping_add(1)))
}

/// The generator a bot in `seat` uses for the game's `decision`-th decision
/// (0-based, counting every seat's decisions).
pub fn bot_rng(seed: u64, seat: Seat, decision: u64) -> Rng {
    BotStreams::new(seed).rng(seat, decision)
}

/// [`bot_rng`] for one game, with the seed's part mixed once (issue 18: a playout
/// asks for one generator a decision).
#[derive(Clone, Copy, Debug)]
pub struct BotStreams(u64);

impl BotStreams {
    pub fn new(seed: u64) -> Self {
        BotStreams(mix(seed ^ BOT))
    }

    /// The generator of the game's `decision`-th decision, for `seat`. Inlined into
    /// a playout's loop: a uniform choice reads one word, and the rest of the
    /// generator's seeding is then dead code (issue 18).
    #[inline]
    pub fn rng(self, seat: Seat, decision: u64) -> Rng {
        Rng::seed(self.0 ^ mix((seat as u64) << 48 ^ decision.wrapping_add(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_by_seed_step_seat_and_decision() {
        let first = |mut r: Rng| r.next_u64();
        let a = first(chance_rng(1, 0));
        assert_eq!(a, first(chance_rng(1, 0)));
        assert_ne!(a, first(chance_rng(1, 1)));
        assert_ne!(a, first(chance_rng(2, 0)));
        assert_ne!(first(bot_rng(1, 0, 5)), first(bot_rng(1, 1, 5)));
        assert_ne!(first(bot_rng(1, 0, 5)), first(bot_rng(1, 0, 6)));
        assert_ne!(first(bot_rng(1, 0, 0)), first(chance_rng(1, 0)));
    }
}
