//! Seats and sets of seats.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A player's place at the table, 0-based, in clockwise order.
pub type Seat = u8;

/// The most seats a game may have (a set is one 16-bit word).
pub const MAX_SEATS: usize = 16;

/// A set of seats, kept in one word so that asking who acts never allocates.
/// Serialized as the list of its seats, in order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Vec<Seat>"))]
pub struct SeatSet(u16);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set of one seat.
    pub fn one(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    /// Seats `0..n`.
    pub fn first(n: usize) -> SeatSet {
        debug_assert!(n <= MAX_SEATS);
        SeatSet(((1u32 << n) - 1) as u16)
    }

    #[must_use]
    pub fn with(self, seat: Seat) -> SeatSet {
        debug_assert!((seat as usize) < MAX_SEATS);
        SeatSet(self.0 | 1 << seat)
    }

    #[must_use]
    pub fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !(1u16.checked_shl(seat as u32).unwrap_or(0)))
    }

    pub fn contains(self, seat: Seat) -> bool {
        (seat as usize) < MAX_SEATS && self.0 & 1 << seat != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    pub fn lowest(self) -> Option<Seat> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as Seat)
    }

    pub fn is_subset(self, of: SeatSet) -> bool {
        self.0 & !of.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS as Seat).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl Serialize for SeatSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(d)?;
        if let Some(bad) = seats.iter().find(|&&s| s as usize >= MAX_SEATS) {
            return Err(serde::de::Error::custom(format!(
                "seat {bad} is beyond the {MAX_SEATS} a game may have"
            )));
        }
        Ok(seats.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_their_seats_and_round_trip() {
        let s: SeatSet = [3, 0, 5].into_iter().collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 5]);
        assert_eq!(s.len(), 3);
        assert_eq!(s.lowest(), Some(0));
        assert!(s.contains(5) && !s.contains(4) && !s.contains(200));
        assert_eq!(s.without(0).lowest(), Some(3));
        assert!(SeatSet::one(3).is_subset(s));
        assert_eq!(SeatSet::first(4).len(), 4);
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "[0,3,5]");
        assert_eq!(serde_json::from_str::<SeatSet>(&json).unwrap(), s);
        assert!(serde_json::from_str::<SeatSet>("[16]").is_err());
    }
}
