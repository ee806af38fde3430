//! Helpers for listing a chance step's outcomes ([`crate::Game::chance_outcomes`]).

/// Each distinct item of a pile drawn uniformly, with its share: equal items (two
/// copies of a card) are one outcome with their probabilities added. For piles of a
/// few dozen items (the comparison is quadratic).
pub fn uniform_draw<O: PartialEq>(pile: impl IntoIterator<Item = O>) -> Vec<(O, f64)> {
    let mut counts: Vec<(O, u32)> = Vec::new();
    let mut total = 0u32;
    for item in pile {
        total += 1;
        match counts.iter_mut().find(|(o, _)| *o == item) {
            Some((_, n)) => *n += 1,
            None => counts.push((item, 1)),
        }
    }
    counts
        .into_iter()
        .map(|(o, n)| (o, f64::from(n) / f64::from(total)))
        .collect()
}

/// The 36 ordered rolls of two six-sided dice, each 1/36.
pub fn two_dice() -> impl Iterator<Item = ([u8; 2], f64)> {
    (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| ([a, b], 1.0 / 36.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_items_are_one_outcome() {
        let listed = uniform_draw(['a', 'b', 'a', 'c']);
        assert_eq!(listed, vec![('a', 0.5), ('b', 0.25), ('c', 0.25)]);
        assert_eq!(two_dice().count(), 36);
        assert!((two_dice().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
