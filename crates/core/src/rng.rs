//! A small, portable, seeded generator (xoshiro256**, seeded by SplitMix64).
//!
//! Games never hold a generator: chance is an explicit step whose outcome is
//! drawn by the driver and written to the record, so a record replays the same
//! even if this generator ever changes.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    #[inline]
    pub fn seed(seed: u64) -> Self {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    /// A generator for a sub-stream (one game of a batch, one bot), independent of `self`.
    pub fn fork(&mut self) -> Self {
        Rng::seed(self.next_u64())
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; the tiny bias is irrelevant for n < 2^32).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0, "below(0)");
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A die roll, 1 to 6. Inlined: a round's roll draws nine (issue 18).
    #[inline]
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Picks an index with probability proportional to `weights[i]`; `None` when all are zero.
    pub fn weighted(&mut self, weights: &[u32]) -> Option<usize> {
        let total: u32 = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut pick = self.below(total as usize) as u32;
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                return Some(i);
            }
            pick -= w;
        }
        None
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_dice_are_fair() {
        let mut a = Rng::seed(7);
        let mut b = Rng::seed(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let d = a.die();
            assert_eq!(d, b.die());
            counts[d as usize - 1] += 1;
        }
        for c in counts {
            assert!(
                (9_000..11_000).contains(&c),
                "die face count {c} far from 10000"
            );
        }
        assert_ne!(Rng::seed(7).next_u64(), Rng::seed(8).next_u64());
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = Rng::seed(1);
        for _ in 0..1000 {
            assert_eq!(r.weighted(&[0, 3, 0]), Some(1));
        }
        assert_eq!(r.weighted(&[0, 0]), None);
    }
}
