//! The AutoDuke's content: village cards 1-17 and duchy boards 35/36, read from
//! `data/auto_duke.json` (a reconstruction marked provisional: the printed cards and
//! boards were not found).

use crate::tile::Colour;
use serde::Deserialize;

pub const AUTO_DUKE_JSON: &str = include_str!("../../../data/auto_duke.json");

/// One village card: its spaces in reading order, the spaces with a sell-goods
/// symbol, its VP for the easy, medium and hard scoring (seed 000 line 1160).
#[derive(Clone, Debug, Deserialize)]
pub struct VillageCardData {
    pub number: u8,
    pub spaces: Vec<Colour>,
    pub sell: Vec<usize>,
    pub vp: [i32; 3],
    pub verified: bool,
    /// A trading-post symbol (module `trading-posts`, seed 000 line 1226).
    #[serde(default)]
    pub trading_post: bool,
    /// A shield symbol (module `shields`, seed 000 line 1235).
    #[serde(default)]
    pub shield: bool,
    /// The spaces with a hexamino symbol (vineyard cards 10-17, seed 000 line 1253).
    #[serde(default)]
    pub hexamino: Vec<usize>,
}

impl VillageCardData {
    pub fn has_castle(&self) -> bool {
        self.spaces.contains(&Colour::Castle)
    }
}

/// An AutoDuke duchy board: its spaces' colours in reading order, and on board 36
/// the spaces marked A, B (in the order the modifier fills them) and D (extra turn).
#[derive(Clone, Debug, Deserialize)]
pub struct AutoDukeBoard {
    pub number: u8,
    #[serde(deserialize_with = "letters")]
    pub spaces: Vec<Colour>,
    #[serde(default)]
    pub a: Vec<usize>,
    #[serde(default)]
    pub b: Vec<usize>,
    #[serde(default)]
    pub d: Vec<usize>,
    pub verified: bool,
}

fn letters<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Colour>, D::Error> {
    let text = String::deserialize(d)?;
    text.chars()
        .map(|c| Colour::from_letter(c).ok_or_else(|| serde::de::Error::custom(c)))
        .collect()
}

/// VP for the hexaminoes in its pile, by count (seed 000 lines 1276-1281).
#[derive(Clone, Debug, Deserialize)]
pub struct AutoDukeHexaminoVp {
    pub table: Vec<i32>,
}

/// The two decks: cards 1-9, or with the vineyards card 1 and cards 10-17 (seed
/// 000 lines 1055, 1253).
#[derive(Clone, Debug, Deserialize)]
pub struct AutoDukeDecks {
    pub base: Vec<u8>,
    pub vineyards: Vec<u8>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AutoDukeData {
    pub verified: bool,
    pub cards: Vec<VillageCardData>,
    pub decks: AutoDukeDecks,
    /// VP for the hexaminoes in its pile, by count (the last for any more; seed 000
    /// lines 1276-1281).
    pub hexamino_vp: AutoDukeHexaminoVp,
    pub boards: Vec<AutoDukeBoard>,
    /// The reserve's layout, top-left first: the tie-break "a mais acima e à
    /// esquerda" (seed 000 lines 1144, 1172).
    pub reserve_order: [Colour; 6],
}

impl AutoDukeData {
    /// The data shipped with the engine; a game reads its own content's
    /// (`Content::auto_duke`).
    pub fn embedded() -> &'static AutoDukeData {
        &crate::content::Content::embedded().auto_duke
    }

    /// The data file read and checked ([`AutoDukeData::check`]).
    pub fn parse(text: &str) -> Result<AutoDukeData, crate::content::ContentError> {
        crate::content::read_data("auto_duke.json", text, AutoDukeData::check)
    }

    /// Cards 1-17 in order, each symbol on one of its spaces, each deck of listed
    /// cards with a castle among them (seed 000 line 1056); boards 35 and 36 with their marks on spaces of
    /// the board.
    pub fn check(&self) -> Result<(), String> {
        for (i, c) in self.cards.iter().enumerate() {
            if c.number as usize != i + 1 || c.spaces.is_empty() {
                return Err(format!("card {} is listed in place {}", c.number, i + 1));
            }
            if c.sell
                .iter()
                .chain(&c.hexamino)
                .any(|&s| s >= c.spaces.len())
            {
                return Err(format!("card {}: a symbol off its spaces", c.number));
            }
        }
        for deck in [&self.decks.base, &self.decks.vineyards] {
            let has_castle = |&n: &u8| self.card(n).is_some_and(VillageCardData::has_castle);
            if deck.iter().any(|&n| self.card(n).is_none()) || !deck.iter().any(has_castle) {
                return Err(format!(
                    "the deck {deck:?}: cards of the file, one with a castle"
                ));
            }
        }
        if self.hexamino_vp.table.is_empty() {
            return Err("hexamino_vp.table is empty".into());
        }
        for n in [35, 36] {
            let b = self.board(n).ok_or(format!("no board {n}"))?;
            let mut marks = b.a.iter().chain(&b.b).chain(&b.d);
            if marks.any(|&s| s >= b.spaces.len()) {
                return Err(format!("board {n}: a mark off its spaces"));
            }
        }
        let mut order = self.reserve_order;
        order.sort();
        match order == Colour::ALL {
            true => Ok(()),
            false => Err("reserve_order names each colour once".into()),
        }
    }

    pub fn card(&self, number: u8) -> Option<&VillageCardData> {
        self.cards.get((number as usize).wrapping_sub(1))
    }

    pub fn board(&self, number: u8) -> Option<&AutoDukeBoard> {
        self.boards.iter().find(|b| b.number == number)
    }

    /// The AutoDuke's deck: cards 1-9, or card 1 and 10-17 with the vineyards.
    pub fn deck(&self, vineyards: bool) -> &[u8] {
        match vineyards {
            true => &self.decks.vineyards,
            false => &self.decks.base,
        }
    }

    /// VP for `count` hexaminoes in its pile: 1, 3, 6, ... 91 for 13 or more.
    pub fn hexamino_vp(&self, count: usize) -> i32 {
        let table = &self.hexamino_vp.table;
        table[count.min(table.len() - 1)]
    }

    /// The card numbers whose content is a reconstruction.
    pub fn provisional(&self) -> impl Iterator<Item = u8> + '_ {
        self.cards.iter().filter(|c| !c.verified).map(|c| c.number)
    }
}
