//! Cards: the five resources (and, for Cities & Knights, the three commodities, which
//! share the hand, the bank and trades), sets of cards by kind, and development cards.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A kind of card a hand holds. Commodities (paper, cloth, coin) exist only in Cities
/// & Knights; the base game never holds one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Card {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
    Paper,
    Cloth,
    Coin,
}

/// Card kinds in a hand (resources then commodities).
pub const CARD_KINDS: usize = 8;
/// The resources: the first five kinds.
pub const RESOURCES: [Card; 5] = [
    Card::Brick,
    Card::Lumber,
    Card::Wool,
    Card::Grain,
    Card::Ore,
];

/// The Cities & Knights commodities: the last three kinds.
pub const COMMODITIES: [Card; 3] = [Card::Paper, Card::Cloth, Card::Coin];

impl Card {
    pub const ALL: [Card; CARD_KINDS] = [
        Card::Brick,
        Card::Lumber,
        Card::Wool,
        Card::Grain,
        Card::Ore,
        Card::Paper,
        Card::Cloth,
        Card::Coin,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// One letter per kind, as action texts write cards: B L W G O P C M.
    pub fn letter(self) -> char {
        b"BLWGOPCM"[self as usize] as char
    }

    pub fn from_letter(c: char) -> Option<Card> {
        Card::ALL.into_iter().find(|k| k.letter() == c)
    }

    pub fn name(self) -> &'static str {
        [
            "brick", "lumber", "wool", "grain", "ore", "paper", "cloth", "coin",
        ][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Card> {
        Card::ALL.into_iter().find(|k| k.name() == s)
    }

    pub fn is_resource(self) -> bool {
        (self as usize) < 5
    }
}

/// Cards counted by kind: a hand, the bank, a cost, one side of a trade.
/// Serialized as a map from kind to count, zeros omitted.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "{ [card in Card]?: number }")
)]
pub struct Cards(pub [u8; CARD_KINDS]);

impl Cards {
    pub const NONE: Cards = Cards([0; CARD_KINDS]);

    pub fn of(card: Card, n: u8) -> Cards {
        let mut c = Cards::NONE;
        c.0[card.index()] = n;
        c
    }

    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; CARD_KINDS]
    }

    /// Whether every count of `other` is covered here. Every lane is compared, with
    /// no early answer, so the eight compare as one vector (issue 46).
    pub fn contains(&self, other: &Cards) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .fold(true, |ok, (&a, b)| ok & (a >= b))
    }

    /// Whether the two share a kind.
    pub fn overlaps(&self, other: &Cards) -> bool {
        self.0.iter().zip(other.0).any(|(&a, b)| a > 0 && b > 0)
    }

    /// Adds `other`. Cards only move between the bank and the hands, and a game holds
    /// a few dozen of a kind (`validate` counts them after every decision), so no count
    /// nears 255: the counts add as one word, without an overflow check each (issue 46:
    /// the checked counts were a sixteenth of base Catan's random play).
    pub fn add(&mut self, other: &Cards) {
        debug_assert!(self
            .0
            .iter()
            .zip(other.0)
            .all(|(&a, b)| a.checked_add(b).is_some()));
        self.0 = (self.word().wrapping_add(other.word())).to_le_bytes();
    }

    /// The eight counts as one word, a byte each: added or taken in one step, as
    /// no count carries into the next.
    fn word(&self) -> u64 {
        u64::from_le_bytes(self.0)
    }

    /// Removes `other`, which the caller has checked is contained.
    pub fn remove(&mut self, other: &Cards) {
        debug_assert!(self.contains(other));
        self.0 = (self.word().wrapping_sub(other.word())).to_le_bytes();
    }

    pub fn kinds(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(|&k| self.get(k) > 0)
    }

    /// The `i`-th card (0-based) counting kinds in order: how a card is picked at random.
    pub fn nth(&self, mut i: u32) -> Option<Card> {
        for k in Card::ALL {
            let n = self.get(k) as u32;
            if i < n {
                return Some(k);
            }
            i -= n;
        }
        None
    }
}

/// Letters, one per card (`BBW`), or `-` for none.
impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for k in Card::ALL {
            for _ in 0..self.get(k) {
                write!(f, "{}", k.letter())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Cards({self})")
    }
}

impl std::str::FromStr for Cards {
    type Err = String;
    fn from_str(s: &str) -> Result<Cards, String> {
        let mut c = Cards::NONE;
        if s == "-" {
            return Ok(c);
        }
        for ch in s.chars() {
            let k = Card::from_letter(ch)
                .ok_or_else(|| format!("{ch:?} is not a card letter (B L W G O P C M)"))?;
            c.0[k.index()] = c.0[k.index()].checked_add(1).ok_or("too many cards")?;
        }
        Ok(c)
    }
}

impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        for k in self.kinds() {
            m.serialize_entry(k.name(), &self.get(k))?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let m = std::collections::BTreeMap::<String, u8>::deserialize(d)?;
        let mut c = Cards::NONE;
        for (name, n) in m {
            let k = Card::from_name(&name)
                .ok_or_else(|| serde::de::Error::custom(format!("no card kind {name:?}")))?;
            c.0[k.index()] = n;
        }
        Ok(c)
    }
}

/// A development card (base game only; Cities & Knights replaces them with progress cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Dev {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

pub const DEV_KINDS: usize = 5;

impl Dev {
    pub const ALL: [Dev; DEV_KINDS] = [
        Dev::Knight,
        Dev::VictoryPoint,
        Dev::RoadBuilding,
        Dev::YearOfPlenty,
        Dev::Monopoly,
    ];

    pub fn name(self) -> &'static str {
        [
            "knight",
            "victory_point",
            "road_building",
            "year_of_plenty",
            "monopoly",
        ][self as usize]
    }

    pub fn from_name(s: &str) -> Option<Dev> {
        Dev::ALL.into_iter().find(|d| d.name() == s)
    }
}

/// Development cards counted by kind.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Devs(pub [u8; DEV_KINDS]);

impl Devs {
    pub fn get(&self, d: Dev) -> u8 {
        self.0[d as usize]
    }
    pub fn add(&mut self, d: Dev, n: u8) {
        self.0[d as usize] += n;
    }
    pub fn take(&mut self, d: Dev) {
        self.0[d as usize] -= 1;
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_and_take_each_in_its_own_kind() {
        let mut hand = Cards([19, 0, 255, 7, 1, 0, 12, 128]);
        let more = Cards([0, 19, 0, 12, 18, 12, 0, 127]);
        hand.add(&more);
        assert_eq!(hand, Cards([19, 19, 255, 19, 19, 12, 12, 255]));
        hand.remove(&Cards([19, 0, 255, 0, 1, 12, 0, 255]));
        assert_eq!(hand, Cards([0, 19, 0, 19, 18, 0, 12, 0]));
        assert!(hand.contains(&Cards([0, 19, 0, 1, 18, 0, 12, 0])));
        assert!(!hand.contains(&Cards([1, 0, 0, 0, 0, 0, 0, 0])));
        assert!(!hand.contains(&Cards([0, 0, 0, 0, 0, 0, 0, 1])));
    }

    #[test]
    fn cards_round_trip_as_letters_and_json() {
        let c: Cards = "BBWO".parse().unwrap();
        assert_eq!(c.get(Card::Brick), 2);
        assert_eq!(c.to_string(), "BBWO");
        assert_eq!("-".parse::<Cards>().unwrap(), Cards::NONE);
        assert!("BX".parse::<Cards>().is_err());
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, r#"{"brick":2,"wool":1,"ore":1}"#);
        assert_eq!(serde_json::from_str::<Cards>(&json).unwrap(), c);
        assert_eq!(c.nth(0), Some(Card::Brick));
        assert_eq!(c.nth(2), Some(Card::Wool));
        assert_eq!(c.nth(4), None);
    }
}
