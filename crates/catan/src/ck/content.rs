//! Cities & Knights content read from `data/cities_and_knights.json` (embedded, checked
//! on load; every item keeps its source and confidence).

use super::{Progress, Track};
use crate::cards::{Card, Cards};
use crate::content::{small, DataFile, Terrain};
use serde_json::Value;
use std::sync::OnceLock;

const FILE: &str = "data/cities_and_knights.json";
const TEXT: &str = include_str!("../../data/cities_and_knights.json");

#[derive(Clone, Debug)]
pub struct CkContent {
    pub victory_points: u8,
    pub commodities_per_kind: u8,
    /// The commodity a city on each terrain adds (index: [`Terrain`]).
    pub city_commodity: [Option<Card>; 6],
    /// The commodity each track is paid in.
    pub track_commodity: [Card; 3],
    pub improvement_cost: [u8; 5],
    /// By level 0..5: the highest red die that gives a progress card.
    pub draw_max_red: [u8; 6],
    pub event_ship_faces: u8,
    pub barbarian_track: u8,
    pub knight_build: Cards,
    pub knight_activate: Cards,
    pub knight_promote: Cards,
    pub knights_per_level: u8,
    pub wall_cost: Cards,
    pub walls_max: u8,
    pub wall_bonus: u8,
    pub metropolis_vp: u8,
    pub defender_vp: u8,
    /// Defender of Catan cards in the box.
    pub defender_cards: u8,
    pub merchant_vp: u8,
    pub progress_limit: u8,
    pub progress_own_turn: u8,
    /// The three decks' contents (index: [`Track`]).
    pub decks: [Vec<(Progress, u8)>; 3],
    pub medicine_cost: Cards,
    pub monopoly_take: u8,
    pub trade_monopoly_take: u8,
    pub irrigation_per_hex: u8,
    pub mining_per_hex: u8,
    pub wedding_cards: u8,
    pub master_merchant_cards: u8,
    pub road_building_roads: u8,
    pub smith_knights: u8,
}

impl CkContent {
    pub fn get() -> &'static CkContent {
        static C: OnceLock<CkContent> = OnceLock::new();
        C.get_or_init(|| CkContent::parse(TEXT).unwrap_or_else(|e| panic!("{FILE}: {e}")))
    }

    pub fn parse(text: &str) -> Result<CkContent, String> {
        let data = DataFile::parse(text)?;
        let item = |name: &str| data.item(name);
        let int = small;
        let field = |name: &str, key: &str| data.field(name, key);
        let cards = |x: Option<&Value>, what: &str| -> Result<Cards, String> {
            serde_json::from_value(x.cloned().ok_or(format!("{what}: missing"))?)
                .map_err(|e| format!("{what}: {e}"))
        };
        let list = |name: &str| -> Result<Vec<u8>, String> {
            item(name)?
                .as_array()
                .ok_or(format!("{name}: not a list"))?
                .iter()
                .map(|x| int(x, name))
                .collect()
        };
        let commodity = |x: Option<&Value>, what: &str| -> Result<Card, String> {
            x.and_then(Value::as_str)
                .and_then(Card::from_name)
                .filter(|c| !c.is_resource())
                .ok_or(format!("{what}: not a commodity"))
        };
        let mut city_commodity = [None; 6];
        for t in Terrain::ALL {
            if let Some(x) = item("city_commodity")?.get(t.name()) {
                city_commodity[t as usize] = Some(commodity(Some(x), "city_commodity")?);
            }
        }
        let mut track_commodity = [Card::Paper; 3];
        let mut decks: [Vec<(Progress, u8)>; 3] = Default::default();
        for t in Track::ALL {
            track_commodity[t as usize] = commodity(item("tracks")?.get(t.name()), "tracks")?;
            let deck = item("progress_decks")?
                .get(t.name())
                .and_then(Value::as_object)
                .ok_or(format!("progress_decks: no {}", t.name()))?;
            for (name, n) in deck {
                let p = Progress::from_name(name)
                    .filter(|p| p.track() == t)
                    .ok_or(format!("progress_decks: {name} is no {} card", t.name()))?;
                decks[t as usize].push((p, int(n, "progress_decks")?));
            }
            let total: u32 = decks[t as usize].iter().map(|&(_, n)| n as u32).sum();
            if total != 18 {
                return Err(format!(
                    "progress_decks: {} has {total} cards, seed 004 section 12 says 18",
                    t.name()
                ));
            }
        }
        let costs = item("improvement_cost")?;
        let improvement_cost: [u8; 5] = list("improvement_cost")?
            .try_into()
            .map_err(|_| format!("improvement_cost: five levels, not {costs}"))?;
        let draw_max_red: [u8; 6] = list("progress_draw_max_red")?
            .try_into()
            .map_err(|_| "progress_draw_max_red: six levels 0..5".to_string())?;
        let knights = item("knight_costs")?;
        let wall = item("wall")?;
        Ok(CkContent {
            victory_points: int(item("victory_points")?, "victory_points")?,
            commodities_per_kind: int(
                item("commodity_cards_per_kind")?,
                "commodity_cards_per_kind",
            )?,
            city_commodity,
            track_commodity,
            improvement_cost,
            draw_max_red,
            event_ship_faces: field("event_die", "ship")?,
            barbarian_track: int(item("barbarian_track")?, "barbarian_track")?,
            knight_build: cards(knights.get("build"), "knight_costs.build")?,
            knight_activate: cards(knights.get("activate"), "knight_costs.activate")?,
            knight_promote: cards(knights.get("promote"), "knight_costs.promote")?,
            knights_per_level: int(item("knights_per_level")?, "knights_per_level")?,
            wall_cost: cards(wall.get("cost"), "wall.cost")?,
            walls_max: field("wall", "max")?,
            wall_bonus: field("wall", "hand_limit_bonus")?,
            metropolis_vp: int(item("metropolis_vp")?, "metropolis_vp")?,
            defender_vp: int(item("defender_vp")?, "defender_vp")?,
            defender_cards: int(item("defender_cards")?, "defender_cards")?,
            merchant_vp: int(item("merchant_vp")?, "merchant_vp")?,
            progress_limit: field("progress_hand", "limit")?,
            progress_own_turn: field("progress_hand", "own_turn")?,
            decks,
            medicine_cost: cards(Some(item("medicine_cost")?), "medicine_cost")?,
            monopoly_take: field("progress_amounts", "resource_monopoly")?,
            trade_monopoly_take: field("progress_amounts", "trade_monopoly")?,
            irrigation_per_hex: field("progress_amounts", "irrigation")?,
            mining_per_hex: field("progress_amounts", "mining")?,
            wedding_cards: field("progress_amounts", "wedding")?,
            master_merchant_cards: field("progress_amounts", "master_merchant")?,
            road_building_roads: field("progress_amounts", "road_building")?,
            smith_knights: field("progress_amounts", "smith")?,
        })
    }

    /// The cost of raising a track from `level` to `level + 1`.
    pub fn improvement(&self, track: Track, level: u8) -> Cards {
        Cards::of(
            self.track_commodity[track as usize],
            self.improvement_cost[level as usize],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_data_loads() {
        let c = CkContent::get();
        assert_eq!(c.victory_points, 13);
        assert_eq!(
            c.decks
                .iter()
                .flatten()
                .map(|&(_, n)| n as u32)
                .sum::<u32>(),
            54
        );
        assert_eq!(c.draw_max_red, [0, 2, 3, 4, 5, 6]);
        assert_eq!(c.city_commodity[Terrain::Hills as usize], None);
        assert_eq!(
            c.city_commodity[Terrain::Pasture as usize],
            Some(Card::Cloth)
        );
    }

    #[test]
    fn a_deck_that_is_not_18_is_refused() {
        let broken = TEXT.replace("\"spy\": 3", "\"spy\": 4");
        assert!(CkContent::parse(&broken).unwrap_err().contains("18"));
        let unsourced = TEXT.replacen("\"source\": \"seed 004 section 16", "\"src\": \"", 1);
        assert!(CkContent::parse(&unsourced)
            .unwrap_err()
            .contains("no source"));
    }
}
