//! The vocabulary of the printed content: icons, items gained, and effects (one
//! vocabulary for cards, manuscripts, building spots, links, the castle and the track;
//! seed 003 L766-860).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A villager card kind (index into the content's villagers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Card(pub u8);

/// A manuscript tile (index into the content's manuscripts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ms(pub u8);

/// The five icons on the left of villager cards (seed 003 L276); Criminal is wild for
/// main actions (L266-270).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Icon {
    Merchant,
    Builder,
    Noble,
    Cleric,
    Criminal,
}

impl Icon {
    pub const ALL: [Icon; 5] = [
        Icon::Merchant,
        Icon::Builder,
        Icon::Noble,
        Icon::Cleric,
        Icon::Criminal,
    ];
}

/// A count of each icon.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Icons(pub [u8; 5]);

impl Icons {
    pub fn get(&self, i: Icon) -> u8 {
        self.0[i as usize]
    }
    pub fn add(&mut self, other: &Icons) {
        for i in 0..5 {
            self.0[i] += other.0[i];
        }
    }
    pub fn total(&self) -> u8 {
        self.0.iter().sum()
    }
}

impl<'de> Deserialize<'de> for Icons {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Icons, D::Error> {
        let map = BTreeMap::<Icon, u8>::deserialize(d)?;
        let mut out = Icons::default();
        for (i, n) in map {
            out.0[i as usize] = n;
        }
        Ok(out)
    }
}

/// The three resources (Silver is never a resource, seed 003 L788).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Res {
    Ink,
    Gold,
    Stone,
}

impl Res {
    pub const ALL: [Res; 3] = [Res::Ink, Res::Gold, Res::Stone];
    pub fn name(self) -> &'static str {
        ["ink", "gold", "stone"][self as usize]
    }
}

/// Things gained at once (missing keys are 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Items {
    pub silver: u8,
    pub ink: u8,
    pub gold: u8,
    pub stone: u8,
    pub any_resource: u8,
    pub debt: u8,
    pub deed: u8,
    pub virtue: u8,
    pub corruption: u8,
    pub rearrange: u8,
}

/// What may be flipped (seed 003 L240-246).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FlipTarget {
    Debt,
    Deed,
    DebtOrDeed,
}

/// When an ongoing ability fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Trigger {
    AfterTradeAction,
    AfterBuildAction,
    AfterPlaceWorkersAction,
    AfterTranscribeAction,
    OnFlipDebt,
    OnGainDebt,
    AnyPlayerCollision,
}

/// The four main actions (seed 003 L354-522).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MainKind {
    Trade,
    Build,
    PlaceWorkers,
    Transcribe,
}

impl MainKind {
    pub const ALL: [MainKind; 4] = [
        MainKind::Trade,
        MainKind::Build,
        MainKind::PlaceWorkers,
        MainKind::Transcribe,
    ];
    /// The icon that funds the action (seed 003 L356-370).
    pub fn icon(self) -> Icon {
        [Icon::Merchant, Icon::Builder, Icon::Noble, Icon::Cleric][self as usize]
    }
    pub fn trigger(self) -> Trigger {
        [
            Trigger::AfterTradeAction,
            Trigger::AfterBuildAction,
            Trigger::AfterPlaceWorkersAction,
            Trigger::AfterTranscribeAction,
        ][self as usize]
    }
    pub fn name(self) -> &'static str {
        ["trade", "build", "place_workers", "transcribe"][self as usize]
    }
}

/// What a use of a substitute ability costs ("pay X ➔ an icon", seed 003 L290): a name
/// the data file may not misspell (an unknown one fails the content's loading).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SubstitutePay {
    Silver,
    Ink,
    Gold,
    Stone,
    /// Gold while the player has some, then Stone.
    GoldOrStone,
    /// Merchant icons of the turn (Townsfolk and the like).
    Merchant,
}

/// An effect as printed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Effect {
    Gain {
        items: Items,
    },
    Flip {
        target: FlipTarget,
        #[serde(default = "one")]
        n: u8,
    },
    Rearrange,
    Discard {
        #[serde(default = "one")]
        n: u8,
    },
    Destroy {
        #[serde(default = "one")]
        n: u8,
    },
    Shuffle,
    HireFree,
    CastleMove,
    Choice {
        options: Vec<Vec<Effect>>,
    },
    PayThen {
        cost: Vec<Effect>,
        reward: Vec<Effect>,
    },
    Trigger {
        on: Trigger,
        effects: Vec<Effect>,
    },
    IconSubstitute {
        action: MainKind,
        pay: BTreeMap<SubstitutePay, u8>,
        gives: BTreeMap<Icon, u8>,
        max_uses: Option<u8>,
    },
    PlaceWorkers {
        n: u8,
    },
    BuildFree {
        building: String,
    },
    FreeManuscript {
        max_cost: u8,
    },
}

fn one() -> u8 {
    1
}
