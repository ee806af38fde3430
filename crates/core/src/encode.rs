//! A fixed numbering of decisions and a fixed-shape observation per seat, for learning
//! agents (PettingZoo, Gymnasium, OpenSpiel: `crates/learn` and `crates/python`).
//!
//! The numbering is fixed by the config alone: the same decision has the same id in every
//! game of that config, and every id is below [`Encode::action_space`]. A seat's
//! observation is built from its view alone ([`Encode::observe`] is handed the view, not
//! the game), so what the rules hide from a seat cannot reach its observation: two games
//! the seat cannot tell apart give it the same view (checked by `tabuleiro_testkit::hidden`),
//! and so the same observation.

use crate::{Game, Seat};

/// The encoding a game gives learning agents. `tabuleiro_testkit::encoding` checks it
/// over random games: every listed decision has an id below the action space, no two
/// decisions of one seat share an id, and every observation has its fixed length.
pub trait Encode: Game {
    /// The numbering of one config's decisions, worked out once ([`Encode::numbering`]):
    /// an environment keeps it, so that an id costs no look at the config.
    type Numbering: Clone + Send + Sync + 'static;

    fn numbering(config: &Self::Config) -> Self::Numbering;

    /// How many action ids a game of this numbering's config has.
    fn space(numbering: &Self::Numbering) -> usize;

    /// The id of `action`, or `None` for a decision outside the numbered space (a Catan
    /// trade of more cards than the bounded form holds). The id depends on the action
    /// and the config only, never on the position.
    fn id(numbering: &Self::Numbering, action: &Self::Action) -> Option<usize>;

    /// How many action ids a game of `config` has.
    fn action_space(config: &Self::Config) -> usize {
        Self::space(&Self::numbering(config))
    }

    /// [`Encode::id`] for `config`, its numbering worked out for this one id.
    fn action_id(config: &Self::Config, action: &Self::Action) -> Option<usize> {
        Self::id(&Self::numbering(config), action)
    }

    /// Decisions the numbered space holds that [`Game::legal_actions`] does not list
    /// (trades between players, which the rules let a player build from any cards):
    /// candidates only, each offered to an agent when [`Game::check`] accepts it.
    fn unlisted_candidates(&self, _seat: Seat, _out: &mut Vec<Self::Action>) {}

    /// The length of one seat's observation for `config`.
    fn observation_len(config: &Self::Config) -> usize;

    /// Writes the observation of `viewer` into `out`, from its view alone. `out` comes
    /// empty and leaves with exactly [`Encode::observation_len`] values.
    fn observe(config: &Self::Config, view: &Self::View, viewer: Seat, out: &mut Features);
}

/// An observation being written: numbers in a fixed order, with helpers for the usual
/// shapes (a one-hot choice, a count scaled to about 0..1, a flag).
#[derive(Clone, Debug, Default)]
pub struct Features {
    values: Vec<f32>,
}

impl Features {
    pub fn new() -> Self {
        Features::default()
    }

    #[inline]
    pub fn clear(&mut self) {
        self.values.clear();
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    #[inline]
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// One number as it is.
    #[inline]
    pub fn push(&mut self, x: f32) {
        self.values.push(x);
    }

    /// A flag: 1 or 0.
    #[inline]
    pub fn flag(&mut self, on: bool) {
        self.values.push(if on { 1.0 } else { 0.0 });
    }

    /// A count divided by `scale`, the largest value it usually takes.
    #[inline]
    pub fn count(&mut self, n: impl Into<f64>, scale: f64) {
        self.values.push(Features::scaled(n, scale));
    }

    /// `n` slots, the `index`-th set (none when `index` is `None` or out of range).
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        if let Some(i) = index.filter(|&i| i < n) {
            self.values[start + i] = 1.0;
        }
    }

    /// `n` slots of 0 appended, to be set by place: a board's features, where only a
    /// few of many places hold something, are set from what is there.
    #[inline]
    pub fn zeros(&mut self, n: usize) -> &mut [f32] {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        &mut self.values[start..]
    }

    /// [`Features::count`]'s value, for a slot set by place.
    #[inline]
    pub fn scaled(n: impl Into<f64>, scale: f64) -> f32 {
        (n.into() / scale) as f32
    }

    /// Pads with zeros, or cuts, the values written since `start` to exactly `n`: a
    /// list whose length varies (a hand, a queue) keeps its fixed place.
    #[inline]
    pub fn fit(&mut self, start: usize, n: usize) {
        self.values.truncate(start + n);
        self.values.resize(start + n, 0.0);
    }
}

/// The id space as blocks laid end to end, one per kind of decision: `id = offset of the
/// block + index inside it`. A game lists its blocks once, in one order, and both the
/// space's size and every id come from the same layout, worked out once (each block's
/// end), so an id costs one addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocks<const N: usize> {
    ends: [usize; N],
}

impl<const N: usize> Blocks<N> {
    pub fn new(sizes: [usize; N]) -> Self {
        let mut end = 0;
        Blocks {
            ends: sizes.map(|size| {
                end += size;
                end
            }),
        }
    }

    #[inline]
    pub fn total(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// Where block `block` starts, or `None` past the last block.
    #[inline]
    fn start(&self, block: usize) -> Option<usize> {
        match block {
            0 => Some(0),
            b => self.ends.get(b - 1).copied(),
        }
    }

    /// The id of entry `index` of block `block`, or `None` when `index` does not fit it.
    #[inline]
    pub fn id(&self, block: usize, index: usize) -> Option<usize> {
        let start = self.start(block)?;
        let end = *self.ends.get(block)?;
        (index < end - start).then_some(start + index)
    }
}

/// A mixed-radix index: `digits` are (value, range) pairs, most significant first;
/// `None` when a value is outside its range. Inlined, so that a call with a fixed
/// number of digits unrolls (an id is worked out for every legal decision).
#[inline]
pub fn mixed(digits: &[(usize, usize)]) -> Option<usize> {
    digits.iter().try_fold(0usize, |acc, &(value, range)| {
        (value < range).then_some(acc * range + value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_lay_ids_end_to_end() {
        let b = Blocks::new([3, 1, 4]);
        assert_eq!(b.total(), 8);
        assert_eq!(b.id(0, 2), Some(2));
        assert_eq!(b.id(1, 0), Some(3));
        assert_eq!(b.id(2, 3), Some(7));
        assert_eq!(b.id(2, 4), None);
        assert_eq!(b.id(3, 0), None);
        assert_eq!(Blocks::new([0, 2]).id(0, 0), None);
        assert_eq!(Blocks::new([0, 2]).id(1, 1), Some(1));
        assert_eq!(Blocks::<0>::new([]).total(), 0);
    }

    #[test]
    fn mixed_radix_refuses_a_digit_out_of_range() {
        assert_eq!(mixed(&[(1, 3), (2, 4)]), Some(6));
        assert_eq!(mixed(&[(3, 3), (0, 4)]), None);
        assert_eq!(mixed(&[]), Some(0));
    }

    #[test]
    fn features_keep_their_fixed_places() {
        let mut f = Features::new();
        f.one_hot(Some(1), 3);
        let start = f.len();
        for _ in 0..5 {
            f.push(2.0);
        }
        f.fit(start, 2);
        f.one_hot(None, 2);
        f.count(3u8, 6.0);
        f.zeros(3)[1] = Features::scaled(1u8, 4.0);
        assert_eq!(
            f.values(),
            &[0.0, 1.0, 0.0, 2.0, 2.0, 0.0, 0.0, 0.5, 0.0, 0.25, 0.0]
        );
    }
}
