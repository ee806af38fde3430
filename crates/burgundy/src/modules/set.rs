//! The modules a game is played with: every expansion and mode the seeds describe
//! (seed 000 "EXPANSÕES", lines 694 on; digest section 13), named as a config names
//! them, and a set of them written as a list of names.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One expansion or mode of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Module {
    /// Duchies 11-18 (1st expansion; seed 000 line 696), with the optional
    /// connectivity and castle-recovery rules (`rules.connectivity`,
    /// `rules.castle_recovery`).
    #[serde(rename = "duchies-11-18")]
    Duchies11To18,
    /// Duchies 19-20 (German championship boards) and 21-22 (Special Edition);
    /// seed 000 lines 90-92.
    #[serde(rename = "duchies-19-22")]
    Duchies19To22,
    /// The four extra hexes: crane, geese, knowledge tiles 27 and 28 (2nd expansion).
    ExtraHexes,
    /// Trading-post duchies 23-30 and their bonus tiles (4th expansion).
    TradingPosts,
    /// White castles (5th expansion).
    WhiteCastles,
    /// Inns (6th expansion).
    Inns,
    /// Trade routes (8th expansion).
    TradeRoutes,
    /// Shields and their tribute.
    Shields,
    /// Vineyards.
    Vineyards,
    /// The team game (9th expansion; 4 players in 2 teams).
    Team,
    /// The solo game (10th expansion; duchies 33/34).
    Solo,
    /// The AutoDuke (Châteautoma) automa.
    AutoDuke,
}

impl Module {
    pub const ALL: [Module; 12] = [
        Module::Duchies11To18,
        Module::Duchies19To22,
        Module::ExtraHexes,
        Module::TradingPosts,
        Module::WhiteCastles,
        Module::Inns,
        Module::TradeRoutes,
        Module::Shields,
        Module::Vineyards,
        Module::Team,
        Module::Solo,
        Module::AutoDuke,
    ];

    /// The modules that bring duchy boards of their own (random boards are drawn
    /// from their boxes): neither the solo nor the team game plays with them.
    pub const DUCHY_MODULES: [Module; 3] = [
        Module::Duchies11To18,
        Module::Duchies19To22,
        Module::TradingPosts,
    ];

    /// The name a config writes.
    pub fn name(self) -> &'static str {
        match self {
            Module::Duchies11To18 => "duchies-11-18",
            Module::Duchies19To22 => "duchies-19-22",
            Module::ExtraHexes => "extra-hexes",
            Module::TradingPosts => "trading-posts",
            Module::WhiteCastles => "white-castles",
            Module::Inns => "inns",
            Module::TradeRoutes => "trade-routes",
            Module::Shields => "shields",
            Module::Vineyards => "vineyards",
            Module::Team => "team",
            Module::Solo => "solo",
            Module::AutoDuke => "auto-duke",
        }
    }

    /// Does this engine play the module yet? The others are named (so a config
    /// that asks for one is told so, not told it does not exist) and refused.
    pub fn available(self) -> bool {
        matches!(
            self,
            Module::Duchies11To18
                | Module::Duchies19To22
                | Module::ExtraHexes
                | Module::WhiteCastles
                | Module::Inns
                | Module::TradingPosts
                | Module::TradeRoutes
                | Module::Shields
                | Module::Solo
                | Module::AutoDuke
                | Module::Team
                | Module::Vineyards
        )
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of modules; written as the list of their names (in [`Module::ALL`]'s
/// order), omitted from a config when empty: the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct ModuleSet(u16);

impl ModuleSet {
    pub const EMPTY: ModuleSet = ModuleSet(0);

    pub fn of(modules: &[Module]) -> ModuleSet {
        ModuleSet(modules.iter().fold(0, |acc, m| acc | m.bit()))
    }

    pub fn contains(self, m: Module) -> bool {
        self.0 & m.bit() != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn with(self, m: Module) -> ModuleSet {
        ModuleSet(self.0 | m.bit())
    }

    pub fn iter(self) -> impl Iterator<Item = Module> {
        Module::ALL.into_iter().filter(move |&m| self.contains(m))
    }
}

impl FromIterator<Module> for ModuleSet {
    fn from_iter<I: IntoIterator<Item = Module>>(iter: I) -> ModuleSet {
        iter.into_iter().fold(ModuleSet::EMPTY, ModuleSet::with)
    }
}

impl Serialize for ModuleSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ModuleSet {
    /// A list of names; an unknown name is refused naming the known ones, a name
    /// given twice is accepted once.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| {
                Module::ALL
                    .into_iter()
                    .find(|m| m.name() == n)
                    .ok_or_else(|| {
                        let known: Vec<&str> = Module::ALL.iter().map(|m| m.name()).collect();
                        serde::de::Error::custom(format!(
                            "there is no module {n:?}; the modules are {}",
                            known.join(", ")
                        ))
                    })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_is_written_as_its_names_and_read_back() {
        let set = ModuleSet::of(&[Module::Inns, Module::Duchies11To18]);
        let text = serde_json::to_string(&set).unwrap();
        assert_eq!(text, r#"["duchies-11-18","inns"]"#);
        assert_eq!(serde_json::from_str::<ModuleSet>(&text).unwrap(), set);
        for m in Module::ALL {
            let name = serde_json::to_string(&m).unwrap();
            assert_eq!(name, format!("\"{}\"", m.name()));
        }
        let e = serde_json::from_str::<ModuleSet>(r#"["saints"]"#).unwrap_err();
        assert!(
            e.to_string().contains("there is no module \"saints\""),
            "{e}"
        );
    }
}
