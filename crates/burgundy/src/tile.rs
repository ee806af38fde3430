//! Hex tiles and their colours, named as on the table (seed 000, "Componentes").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The six colours of duchy spaces and hex tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Colour {
    Castle,
    Building,
    Pasture,
    Water,
    Knowledge,
    Mine,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Castle,
        Colour::Building,
        Colour::Pasture,
        Colour::Water,
        Colour::Knowledge,
        Colour::Mine,
    ];

    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The one-letter code used in duchy data files and position text.
    pub fn letter(self) -> char {
        b"CBPWKM"[self.index()] as char
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|col| col.letter() == c)
    }

    pub fn name(self) -> &'static str {
        [
            "castle",
            "building",
            "pasture",
            "water",
            "knowledge",
            "mine",
        ][self.index()]
    }
}

/// The eight buildings (seed 000, "Construções"), and the crane of the extra hexes
/// (seed 000 line 718, "Grua (construção/preta)").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Building {
    Warehouse,
    CarpentersWorkshop,
    Church,
    Market,
    BoardingHouse,
    Bank,
    CityHall,
    Watchtower,
    Crane,
    /// A white castle (5th expansion; seed 000 line 752): beige- or black-backed, a
    /// building for the spaces it goes on.
    WhiteCastle,
    /// An inn (6th expansion; seed 000 lines 758-766, "estalagem"): bought from the
    /// inn space beside the black depot, it goes on an empty space of any colour
    /// ([`Tile::goes_on`]). Filed last among the buildings for its kind index only:
    /// it is no building for any building rule (one per city, knowledge tiles 1, 9
    /// and 16-23, the crane).
    Inn,
    /// A black-depot tile face down (solo game; seed 000 line 841: "Um hexágono preto
    /// pode ser posicionado em qualquer espaço colorido de seu ducado"): it goes on
    /// a space of any colour and has no effect ("ignore o texto no hexágono preto").
    /// Filed after the inn for its kind index only, like the inn no building.
    FaceDown,
}

impl Building {
    pub const ALL: [Building; 12] = [
        Building::Warehouse,
        Building::CarpentersWorkshop,
        Building::Church,
        Building::Market,
        Building::BoardingHouse,
        Building::Bank,
        Building::CityHall,
        Building::Watchtower,
        Building::Crane,
        Building::WhiteCastle,
        Building::Inn,
        Building::FaceDown,
    ];
    /// The eight beige buildings of the base game, whose effects the crane may
    /// trigger (seed 000 line 720 "qualquer construção bege").
    pub const BEIGE: &'static [Building] = Building::ALL.split_at(8).0;
    const NAMES: [&'static str; 12] = [
        "warehouse",
        "carpenters-workshop",
        "church",
        "market",
        "boarding-house",
        "bank",
        "city-hall",
        "watchtower",
        "crane",
        "white-castle",
        "inn",
        "face-down",
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Animal {
    Cow,
    Pig,
    Sheep,
    Chicken,
    /// The geese of the extra hexes (seed 000 line 726, "Gansos (fazenda/preta)"):
    /// one tile of two geese.
    Goose,
}

impl Animal {
    pub const ALL: [Animal; 5] = [
        Animal::Cow,
        Animal::Pig,
        Animal::Sheep,
        Animal::Chicken,
        Animal::Goose,
    ];
    pub fn name(self) -> &'static str {
        ["cow", "pig", "sheep", "chicken", "goose"][self as usize]
    }
}

/// A hex tile. Tiles of one kind are identical, so a tile is its kind.
/// Written as its name (`Display`): `castle`, `market`, `cow3`, `knowledge12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(
        type = r#""castle" | "mine" | "ship" | Building | `${"cow" | "pig" | "sheep" | "chicken" | "goose"}${2 | 3 | 4}` | `knowledge${number}`"#
    )
)]
pub enum Tile {
    Castle,
    Mine,
    Ship,
    Building(Building),
    Livestock {
        animal: Animal,
        count: u8,
    },
    /// A knowledge tile (monastery in the Portuguese and Spanish rulebooks), numbered
    /// 1-26, and 27-28 of the extra hexes.
    Knowledge(u8),
}

/// Number of distinct tile kinds: castle, mine, ship, 11 buildings (the crane,
/// the white castle and the inn included), 5 animals x 2-4 (only two geese exist), knowledge 1-28.
pub const KINDS: usize = 3 + BUILDINGS + LIVESTOCK + KNOWLEDGE_TILES;
const BUILDINGS: usize = Building::ALL.len();
const LIVESTOCK: usize = Animal::ALL.len() * 3;
/// The highest knowledge tile number.
pub const KNOWLEDGE_TILES: usize = 29;
const FIRST_LIVESTOCK: usize = 3 + BUILDINGS;
const FIRST_KNOWLEDGE: usize = FIRST_LIVESTOCK + LIVESTOCK;

/// Every kind is one bit of a word in [`distinct`].
const _: () = assert!(KINDS <= 64);

/// Each kind of tile among `tiles` once, in the order of its first appearance: a
/// bit a kind instead of comparing each tile with those before it (issue 18, third
/// round: the comparisons were the hottest line of enumerating decisions).
#[inline]
pub fn distinct(tiles: &[Tile]) -> impl Iterator<Item = Tile> + '_ {
    let mut seen = 0u64;
    tiles.iter().copied().filter(move |t| {
        // Every kind is below 64 (asserted at KINDS): the shift needs no overflow check.
        let bit = 1u64.wrapping_shl(t.kind() as u32);
        let new = seen & bit == 0;
        seen |= bit;
        new
    })
}

impl Tile {
    /// An inn (module `inns`).
    pub const INN: Tile = Tile::Building(Building::Inn);
    /// A face-down black-depot tile (solo game).
    pub const FACE_DOWN: Tile = Tile::Building(Building::FaceDown);

    /// Does the tile go on a space of any colour (an inn, a face-down tile)?
    #[inline]
    pub fn any_colour(self) -> bool {
        self == Tile::INN || self == Tile::FACE_DOWN
    }

    /// The colour of the spaces the tile goes on, and of the bag or pile it is drawn
    /// from; the inn, which goes on a space of any colour and is never drawn, is
    /// filed with the buildings (see [`Tile::goes_on`]).
    #[inline]
    pub fn colour(self) -> Colour {
        match self {
            Tile::Castle => Colour::Castle,
            Tile::Mine => Colour::Mine,
            Tile::Ship => Colour::Water,
            Tile::Building(_) => Colour::Building,
            Tile::Livestock { .. } => Colour::Pasture,
            Tile::Knowledge(_) => Colour::Knowledge,
        }
    }

    /// May the tile go on a space of this colour? Its own colour; an inn any (seed 000
    /// line 764: "Uma estalagem pode ser posicionada em qualquer espaço vazio de seu
    /// ducado").
    #[inline]
    pub fn goes_on(self, space: Colour) -> bool {
        self.any_colour() || self.colour() == space
    }

    /// A dense index 0..KINDS, for supply counts.
    #[inline]
    pub fn kind(self) -> usize {
        // Wrapping arithmetic: a valid tile's kind is in range (livestock counts 2-4,
        // knowledge tiles 1-29), and the overflow checks of the release profile cost
        // a test and branch on every call of the listings (issue 46).
        match self {
            Tile::Castle => 0,
            Tile::Mine => 1,
            Tile::Ship => 2,
            Tile::Building(b) => 3 + b as usize,
            Tile::Livestock { animal, count } => (FIRST_LIVESTOCK - 2)
                .wrapping_add(animal as usize * 3)
                .wrapping_add(count as usize),
            Tile::Knowledge(n) => (FIRST_KNOWLEDGE - 1).wrapping_add(n as usize),
        }
    }

    /// The kinds of one colour: a range of [`Tile::kind`] indices (a test checks it).
    pub fn kinds_of(colour: Colour) -> std::ops::Range<usize> {
        match colour {
            Colour::Castle => 0..1,
            Colour::Mine => 1..2,
            Colour::Water => 2..3,
            Colour::Building => 3..FIRST_LIVESTOCK,
            Colour::Pasture => FIRST_LIVESTOCK..FIRST_KNOWLEDGE,
            Colour::Knowledge => FIRST_KNOWLEDGE..KINDS,
        }
    }

    pub fn from_kind(kind: usize) -> Tile {
        match kind {
            0 => Tile::Castle,
            1 => Tile::Mine,
            2 => Tile::Ship,
            3..FIRST_LIVESTOCK => Tile::Building(Building::ALL[kind - 3]),
            FIRST_LIVESTOCK..FIRST_KNOWLEDGE => Tile::Livestock {
                animal: Animal::ALL[(kind - FIRST_LIVESTOCK) / 3],
                count: ((kind - FIRST_LIVESTOCK) % 3) as u8 + 2,
            },
            _ => Tile::Knowledge((kind - FIRST_KNOWLEDGE + 1) as u8),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Tile::Castle => f.write_str("castle"),
            Tile::Mine => f.write_str("mine"),
            Tile::Ship => f.write_str("ship"),
            Tile::Building(b) => f.write_str(b.name()),
            Tile::Livestock { animal, count } => write!(f, "{}{count}", animal.name()),
            Tile::Knowledge(n) => write!(f, "knowledge{n}"),
        }
    }
}

/// A count written as `Display` writes it: digits only, no sign, no leading zero.
fn plain_number(s: &str) -> Option<u8> {
    let canonical = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && !s.starts_with('0');
    canonical.then(|| s.parse().ok()).flatten()
}

impl FromStr for Tile {
    type Err = String;
    /// The inverse of `Display`, without formatting every kind to compare.
    fn from_str(s: &str) -> Result<Tile, String> {
        let tile = match s {
            "castle" => Some(Tile::Castle),
            "mine" => Some(Tile::Mine),
            "ship" => Some(Tile::Ship),
            _ => Building::ALL
                .into_iter()
                .find(|b| b.name() == s)
                .map(Tile::Building)
                .or_else(|| {
                    let n = s.strip_prefix("knowledge").and_then(plain_number)?;
                    (1..=KNOWLEDGE_TILES as u8)
                        .contains(&n)
                        .then_some(Tile::Knowledge(n))
                })
                .or_else(|| {
                    Animal::ALL.into_iter().find_map(|animal| {
                        let count = s.strip_prefix(animal.name()).and_then(plain_number)?;
                        (2..=4)
                            .contains(&count)
                            .then_some(Tile::Livestock { animal, count })
                    })
                }),
        };
        tile.ok_or_else(|| {
            format!("unknown tile {s:?} (tiles: castle, mine, ship, a building such as market or city-hall, an animal with its count such as cow3, or knowledge1..knowledge29; with the extra hexes crane and goose2, with the white castles white-castle, with the inns inn, in the solo game face-down)")
        })
    }
}

serde_as_text!(Tile);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_index_and_text() {
        for k in 0..KINDS {
            let t = Tile::from_kind(k);
            assert_eq!(t.kind(), k);
            assert!(Tile::kinds_of(t.colour()).contains(&k), "{t}");
            assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        }
        for bad in [
            "dragon",
            "knowledge0",
            "knowledge30",
            "knowledge01",
            "knowledge+1",
            "cow1",
            "cow5",
            "cow03",
            "cow",
            "Castle",
            "",
            "knowledge",
        ] {
            assert!(bad.parse::<Tile>().is_err(), "{bad:?}");
        }
    }
}
