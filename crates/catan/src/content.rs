//! The game's content (terrain, numbers, harbours, the beginner board, costs, the
//! development deck, piece limits), read from `data/base.json`, embedded at build time
//! and validated when loaded. Every item in the file keeps its source and confidence.

use crate::cards::{Card, Cards, Dev, Devs, RESOURCES};
use crate::geometry::{Side, HARBOURS, HEXES};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::OnceLock;

const FILE: &str = "data/base.json";
const TEXT: &str = include_str!("../data/base.json");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Terrain {
    Hills,
    Forest,
    Pasture,
    Fields,
    Mountains,
    Desert,
}

impl Terrain {
    pub const ALL: [Terrain; 6] = [
        Terrain::Hills,
        Terrain::Forest,
        Terrain::Pasture,
        Terrain::Fields,
        Terrain::Mountains,
        Terrain::Desert,
    ];

    /// The resource the terrain produces (the data file's `produces`; checked on load).
    pub fn produces(self) -> Option<Card> {
        match self {
            Terrain::Desert => None,
            t => Some(RESOURCES[t as usize]),
        }
    }

    pub fn name(self) -> &'static str {
        [
            "hills",
            "forest",
            "pasture",
            "fields",
            "mountains",
            "desert",
        ][self as usize]
    }

    fn from_name(s: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// A harbour: 3:1 for any resource, or 2:1 for one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Harbour {
    Generic,
    Special(Card),
}

impl Harbour {
    fn from_name(s: &str) -> Option<Harbour> {
        match s {
            "generic" => Some(Harbour::Generic),
            _ => Card::from_name(s)
                .filter(|c| c.is_resource())
                .map(Harbour::Special),
        }
    }
}

/// A harbour slot: the axial position of its sea hex and the side facing the land.
pub type Slot = ((i32, i32), Side);

/// Costs of what a player buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    pub road: Cards,
    pub settlement: Cards,
    pub city: Cards,
    pub development: Cards,
}

/// Everything read from the data file.
#[derive(Clone, Debug)]
pub struct Content {
    pub terrain_counts: [u8; 6],
    pub number_tokens: Vec<u8>,
    pub spiral_numbers: Vec<u8>,
    pub harbour_kinds: [Harbour; HARBOURS],
    pub harbour_slots: [Slot; HARBOURS],
    /// Terrain and number of each hex, in hex id order (rows top to bottom).
    pub beginner: [(Terrain, Option<u8>); HEXES],
    pub beginner_harbours: [Harbour; HARBOURS],
    pub cards_per_kind: u8,
    pub roads: u8,
    pub settlements: u8,
    pub cities: u8,
    pub costs: Costs,
    pub development_deck: Devs,
    pub longest_road_min: u8,
    pub longest_road_vp: u8,
    pub largest_army_min: u8,
    pub largest_army_vp: u8,
    pub victory_points: u8,
    pub hand_limit: u8,
    pub rate_bank: u8,
    pub rate_generic: u8,
    pub rate_special: u8,
}

impl Content {
    /// The embedded content; a bad data file is a build defect, so this panics with
    /// the file's complaint (the tests load it first).
    pub fn get() -> &'static Content {
        static C: OnceLock<Content> = OnceLock::new();
        C.get_or_init(|| Content::parse(TEXT).unwrap_or_else(|e| panic!("{FILE}: {e}")))
    }

    /// Reads and validates a data file's text.
    pub fn parse(text: &str) -> Result<Content, String> {
        let data = DataFile::parse(text)?;
        let item = |name: &str| data.item(name);
        let int = small;
        let field = |name: &str, key: &str| data.field(name, key);
        let mut terrain_counts = [0u8; 6];
        for t in Terrain::ALL {
            terrain_counts[t as usize] = field("terrain", t.name())?;
        }
        for t in Terrain::ALL {
            let p = item("produces")?.get(t.name()).ok_or("produces: missing")?;
            if p.as_str() != t.produces().map(Card::name) {
                return Err(format!("produces: {} gives {p}", t.name()));
            }
        }
        let list = |name: &str| -> Result<Vec<u8>, String> {
            item(name)?
                .as_array()
                .ok_or(format!("{name}: not a list"))?
                .iter()
                .map(|x| int(x, name))
                .collect()
        };
        let number_tokens = list("number_tokens")?;
        let spiral_numbers = list("spiral_letters")?;
        let mut sorted = spiral_numbers.clone();
        sorted.sort();
        if sorted != number_tokens
            || number_tokens
                .iter()
                .any(|&n| !(2..=12).contains(&n) || n == 7)
        {
            return Err(
                "spiral_letters and number_tokens must be the same 2-12 tokens, no 7".into(),
            );
        }
        let land = HEXES as u32 - terrain_counts[Terrain::Desert as usize] as u32;
        if terrain_counts.iter().map(|&n| n as u32).sum::<u32>() != HEXES as u32
            || number_tokens.len() as u32 != land
        {
            return Err("19 hexes and one number token per producing hex".into());
        }
        let harbours = |name: &str| -> Result<[Harbour; HARBOURS], String> {
            let names = item(name)?
                .as_array()
                .ok_or(format!("{name}: not a list"))?;
            let kinds: Vec<Harbour> = names
                .iter()
                .map(|n| n.as_str().and_then(Harbour::from_name))
                .collect::<Option<_>>()
                .ok_or(format!("{name}: a harbour is generic or a resource"))?;
            kinds
                .try_into()
                .map_err(|_| format!("{name}: {HARBOURS} harbours"))
        };
        let harbour_kinds = harbours("harbour_kinds")?;
        let beginner_harbours = harbours("beginner_harbours")?;
        let mut a = harbour_kinds.to_vec();
        let mut b = beginner_harbours.to_vec();
        a.sort_by_key(|h| format!("{h:?}"));
        b.sort_by_key(|h| format!("{h:?}"));
        if a != b {
            return Err("beginner_harbours must use the harbour tokens".into());
        }
        let harbour_slots = Self::slots(item("harbour_slots")?)?;
        let beginner = Self::beginner(data.0.get("beginner_board").ok_or("no beginner_board")?)?;
        let mut counts = [0u8; 6];
        let mut numbers: Vec<u8> = Vec::new();
        for (t, n) in beginner {
            counts[t as usize] += 1;
            numbers.extend(n);
            if n.is_some() == (t == Terrain::Desert) {
                return Err("beginner_board: every hex but the desert has a number".into());
            }
        }
        numbers.sort();
        if counts != terrain_counts || numbers != number_tokens {
            return Err("beginner_board must use the terrain and number tokens".into());
        }
        let cost = |what: &str| -> Result<Cards, String> {
            serde_json::from_value(item("costs")?.get(what).cloned().unwrap_or(Value::Null))
                .map_err(|e| format!("costs.{what}: {e}"))
        };
        let mut development_deck = Devs::default();
        for d in Dev::ALL {
            development_deck.add(d, field("development_deck", d.name())?);
        }
        Ok(Content {
            terrain_counts,
            number_tokens,
            spiral_numbers,
            harbour_kinds,
            harbour_slots,
            beginner,
            beginner_harbours,
            cards_per_kind: int(item("resource_cards_per_kind")?, "resource_cards_per_kind")?,
            roads: field("pieces", "roads")?,
            settlements: field("pieces", "settlements")?,
            cities: field("pieces", "cities")?,
            costs: Costs {
                road: cost("road")?,
                settlement: cost("settlement")?,
                city: cost("city")?,
                development: cost("development")?,
            },
            development_deck,
            longest_road_min: field("longest_road", "min_roads")?,
            longest_road_vp: field("longest_road", "vp")?,
            largest_army_min: field("largest_army", "min_knights")?,
            largest_army_vp: field("largest_army", "vp")?,
            victory_points: int(item("victory_points")?, "victory_points")?,
            hand_limit: int(item("hand_limit")?, "hand_limit")?,
            rate_bank: field("maritime_rates", "bank")?,
            rate_generic: field("maritime_rates", "generic")?,
            rate_special: field("maritime_rates", "special")?,
        })
    }

    fn slots(v: &Value) -> Result<[Slot; HARBOURS], String> {
        let bad = || "harbour_slots: each slot is [q, r, side]".to_string();
        let slots: Vec<Slot> = v
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|s| {
                let q = s.get(0)?.as_i64()? as i32;
                let r = s.get(1)?.as_i64()? as i32;
                let side = Side::parse(s.get(2)?.as_str()?)?;
                // The sea hex is just outside the land, and the side leads onto land.
                let (dq, dr) = side.step();
                let radius = |q: i32, r: i32| q.abs().max(r.abs()).max((q + r).abs());
                (radius(q, r) == 3 && radius(q + dq, r + dr) == 2).then_some(((q, r), side))
            })
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        slots.try_into().map_err(|_| bad())
    }

    fn beginner(v: &Value) -> Result<[(Terrain, Option<u8>); HEXES], String> {
        let bad = || "beginner_board: rows of [terrain, number or null], 3-4-5-4-3".to_string();
        let rows = v.get("rows").and_then(Value::as_array).ok_or_else(bad)?;
        let lens: Vec<usize> = rows
            .iter()
            .map(|r| r.as_array().map_or(0, Vec::len))
            .collect();
        if lens != [3, 4, 5, 4, 3] {
            return Err(bad());
        }
        let hexes: Vec<(Terrain, Option<u8>)> = rows
            .iter()
            .flat_map(|r| r.as_array().into_iter().flatten())
            .map(|h| {
                let t = Terrain::from_name(h.get(0)?.as_str()?)?;
                let n = h.get(1)?;
                let n = if n.is_null() {
                    None
                } else {
                    Some(u8::try_from(n.as_u64()?).ok()?)
                };
                Some((t, n))
            })
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        hexes.try_into().map_err(|_| bad())
    }
}

/// A data file of `crates/catan/data/`: a JSON object whose items each name their
/// source and confidence (keys starting with `_` are notes), read by name.
pub(crate) struct DataFile(Value);

impl DataFile {
    pub(crate) fn parse(text: &str) -> Result<DataFile, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        for (name, item) in v.as_object().ok_or("not an object")? {
            if name.starts_with('_') {
                continue;
            }
            for field in ["source", "confidence"] {
                if item.get(field).and_then(Value::as_str).is_none() {
                    return Err(format!("{name}: no {field}"));
                }
            }
        }
        Ok(DataFile(v))
    }

    /// An item's value (its `value` field, or the item itself).
    pub(crate) fn item(&self, name: &str) -> Result<&Value, String> {
        let it = self.0.get(name).ok_or(format!("no item {name}"))?;
        Ok(it.get("value").unwrap_or(it))
    }

    /// A small number under `key` of an item.
    pub(crate) fn field(&self, name: &str, key: &str) -> Result<u8, String> {
        small(
            self.item(name)?
                .get(key)
                .ok_or(format!("{name}: no {key}"))?,
            name,
        )
    }
}

/// A number that fits a `u8`.
pub(crate) fn small(x: &Value, what: &str) -> Result<u8, String> {
    x.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or(format!("{what}: {x} is not a small number"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_data_loads() {
        let c = Content::get();
        assert_eq!(c.number_tokens.len(), 18);
        assert_eq!(c.development_deck.total(), 25);
        assert_eq!(
            c.beginner[9],
            (Terrain::Desert, None),
            "the desert is in the centre"
        );
        assert_eq!(c.costs.city, "GGOOO".parse().unwrap());
    }

    #[test]
    fn bad_data_is_refused_with_the_item_named() {
        let broken = TEXT.replace("\"hills\": 3, \"forest\": 4", "\"hills\": 4, \"forest\": 4");
        assert!(Content::parse(&broken).unwrap_err().contains("hexes"));
        let unsourced = TEXT.replacen(
            "\"source\": \"catanatron models/map.py numbers",
            "\"src\": \"",
            1,
        );
        assert!(Content::parse(&unsourced)
            .unwrap_err()
            .contains("number_tokens: no source"));
        let swapped = TEXT.replace("[\"hills\", 5]", "[\"hills\", 7]");
        assert!(Content::parse(&swapped)
            .unwrap_err()
            .contains("beginner_board"));
    }
}
