//! Which module combinations a config may ask for, and why one is refused.

use super::{Module, ModuleSet, RULE_CHOICES};
use crate::config::{CastleRecovery, Config, Connectivity, Edition, RuleOptions};
use crate::error::{Error, Result};
use serde::Serialize;
use std::fmt;
use tabuleiro_core::{Explain, Message};

/// Why a config's modules (or a module's options) are refused: each variant is the
/// catalogue key `refusal.module.<name>`, its fields the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum ModuleRefusal {
    /// The module is named in the rulebooks but this engine does not play it yet.
    NotYetPlayed { module: Module },
    /// The rulebooks forbid playing these two together.
    Excludes { module: Module, other: Module },
    /// The edition's box has no such module.
    NotInEdition { module: Module, edition: Edition },
    /// A duchy of an expansion needs the module that brings its board.
    DuchyNeedsModule { duchy: u8, module: Module },
    /// The optional rules of duchies 11-18 are played only on duchies 11-18 (seed 000
    /// line 704, seed 002 line 724).
    OnlyOnFirstExpansionDuchies { option: &'static str },
    /// A module's option set away from its default in a game without the module.
    OptionNeedsModule {
        option: &'static str,
        module: Module,
    },
    /// The solo game is for one player (seed 000 line 819), and one player plays
    /// only the solo game.
    SoloPlayers { players: u8 },
    /// The solo game is played on duchy 33 or 34 (seed 000 line 827).
    SoloDuchy { duchy: u8 },
    /// The classic edition's outposts are printed on its duchies 11a-f (seed 001
    /// line 920: "cada jogador recebe um com o n.º 11"), here duchies 23-28.
    ClassicOutpostDuchy { duchy: u8 },
    /// The solo game is played on its own boards, not with a duchy module.
    SoloBoards { other: Module },
    /// The solo goal is out of the edition's range (seed 001 line 1097: 45-55).
    SoloGoal { goal: u8, min: u8, max: u8 },
    /// The team game is for 4 players in 2 teams of 2 (seed 000 line 794).
    TeamPlayers { players: u8 },
    /// Each team plays on its team board (001 lines 991-999), not on a duchy module's
    /// boards.
    TeamBoards { other: Module },
    /// Each team plays on its team board: no duchy is given per seat.
    TeamDuchy { duchy: u8 },
    /// `rules.team_board: advanced` asks for the side 31b+32b, which the game's
    /// content does not hold (the built-in content has none: its layout was not
    /// found).
    AdvancedTeamBoardNotInContent,
    /// The team game's standard side, 31a+32a, left out of a content file.
    TeamBoardNotInContent,
    /// The AutoDuke plays with 1 to 3 people (seed 000 line 1036: "sozinho ... ou
    /// ... em partidas com 2 a 3 jogadores").
    AutoDukePlayers { players: u8 },
    /// `vines_removed` names as many distinct vine colours as
    /// `rules.vineyard_colours: removed` removes with this many players (seed 002
    /// lines 972-974: 1 with 3 players, 2 with 2; none with 4 or without the rule).
    VinesRemoved { expected: u8 },
}

impl fmt::Display for ModuleRefusal {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            ModuleRefusal::NotYetPlayed { module } => {
                write!(f, "the module {module} is not played by this engine yet")
            }
            ModuleRefusal::Excludes { module, other } => {
                write!(f, "the rulebooks forbid {module} together with {other}")
            }
            ModuleRefusal::NotInEdition { module, edition } => {
                write!(f, "the {edition:?} edition has no module {module}")
            }
            ModuleRefusal::DuchyNeedsModule { duchy, module } => {
                write!(f, "duchy {duchy} is played with the module {module}")
            }
            ModuleRefusal::OnlyOnFirstExpansionDuchies { option } => write!(
                f,
                "rules.{option} is played only on duchies 11-18: every seat's duchy must be one of them (seed 000 line 704)"
            ),
            ModuleRefusal::OptionNeedsModule { option, module } => {
                write!(f, "rules.{option} is an option of the module {module}")
            }
            ModuleRefusal::SoloPlayers { players } => write!(
                f,
                "the solo game (module solo) is for exactly 1 player, and 1 player plays only with the module solo ({players} players asked)"
            ),
            ModuleRefusal::SoloDuchy { duchy } => {
                write!(f, "the solo game is played on duchy 33 or 34, not {duchy}")
            }
            ModuleRefusal::ClassicOutpostDuchy { duchy } => write!(
                f,
                "the classic edition's outposts are played on its outpost duchies 11a-f (duchies 23-28), not on duchy {duchy} (seed 001 line 920)"
            ),
            ModuleRefusal::SoloBoards { other } => write!(
                f,
                "the solo game is played on its own boards (33/34), not with {other}"
            ),
            ModuleRefusal::SoloGoal { goal, min, max } => {
                write!(f, "the solo goal is {min} to {max}, not {goal}")
            }
            ModuleRefusal::TeamPlayers { players } => write!(
                f,
                "the team game (module team) is for exactly 4 players in 2 teams of 2 ({players} players asked)"
            ),
            ModuleRefusal::TeamBoards { other } => write!(
                f,
                "the team game is played on the team boards, not with {other}"
            ),
            ModuleRefusal::VinesRemoved { expected } => write!(
                f,
                "vines_removed names {expected} different vine colours: as many as rules.vineyard_colours: removed takes away with this many players (1 with 3, 2 with 2)"
            ),
            ModuleRefusal::AutoDukePlayers { players } => write!(
                f,
                "the AutoDuke (module auto-duke) plays against 1 to 3 people ({players} asked)"
            ),
            ModuleRefusal::AdvancedTeamBoardNotInContent => f.write_str(
                "the advanced team board 31b+32b is not in the built-in content (nor in a content file given): load it from a content file (docs/burgundy/content.md)"
            ),
            ModuleRefusal::TeamBoardNotInContent => f.write_str(
                "the team board 31a+32a is not in the content file: the team game needs it (team_duchies.json)"
            ),
            ModuleRefusal::TeamDuchy { duchy } => write!(
                f,
                "the team game is played on the team boards: no duchy is given per seat (duchy {duchy} asked)"
            ),
        }
    }
}

impl Explain for ModuleRefusal {
    fn message(&self) -> Message {
        Message::tagged(self, "refusal", "refusal.module.")
    }
}

/// Pairs the rulebooks forbid together, with the line that says so.
const EXCLUDED: [(Module, Module); 4] = [
    // Seed 002 line 1272: "Posadas: ... No las uses en partidas con el Châteautoma."
    (Module::Inns, Module::AutoDuke),
    // Seed 002 line 1291: the team boards are "no compatible" with the Châteautoma.
    (Module::Team, Module::AutoDuke),
    // Seed 002 line 1292: nor the solo boards.
    (Module::Solo, Module::AutoDuke),
    // The solo game is for one player, the team game for four (seed 000 "Jogo em
    // Time" / "Jogo Solo").
    (Module::Solo, Module::Team),
];

/// Refuses a config whose modules the rulebooks forbid together, that names a
/// module the engine does not play yet, or whose duchies or options need a module
/// it leaves out.
pub(crate) fn check(config: &Config) -> Result<()> {
    refusal(config).map_or(Ok(()), |r| Err(Error::Module(r)))
}

/// The vine colours the table removes: with the vineyards, as many distinct ones as
/// the optional rule removes.
fn vines_removed(config: &Config) -> Option<ModuleRefusal> {
    let chosen = &config.vines_removed;
    if chosen.is_empty() {
        return None;
    }
    if !config.modules.contains(Module::Vineyards) {
        return Some(ModuleRefusal::OptionNeedsModule {
            option: "vines_removed",
            module: Module::Vineyards,
        });
    }
    let distinct = (0..chosen.len()).all(|i| !chosen[..i].contains(&chosen[i]));
    let expected = config.vine_colours_to_remove();
    (chosen.len() != expected || !distinct).then_some(ModuleRefusal::VinesRemoved {
        expected: expected as u8,
    })
}

fn refusal(config: &Config) -> Option<ModuleRefusal> {
    let modules = config.modules;
    // A pair the rulebooks forbid is told first: that reason stays true once both
    // modules are played.
    if let Some(&(module, other)) = EXCLUDED
        .iter()
        .find(|(a, b)| modules.contains(*a) && modules.contains(*b))
    {
        return Some(ModuleRefusal::Excludes { module, other });
    }
    // The team game's own rules (four players, the team boards) are told before
    // "not played yet" for the same reason.
    if let Some(r) = super::team_refusal(config) {
        return Some(r);
    }
    if let Some(r) = auto_duke_refusal(config) {
        return Some(r);
    }
    if let Some(module) = modules.iter().find(|m| !m.available()) {
        return Some(ModuleRefusal::NotYetPlayed { module });
    }
    if let Some(module) = modules.iter().find(|m| !m.in_edition(config.edition)) {
        return Some(ModuleRefusal::NotInEdition {
            module,
            edition: config.edition,
        });
    }
    for &duchy in &config.duchies {
        match config.content.get().duchy(duchy).and_then(|d| d.module) {
            Some(module) if !modules.contains(module) => {
                return Some(ModuleRefusal::DuchyNeedsModule { duchy, module })
            }
            _ => {}
        }
    }
    module_options(config)
        .or_else(|| vines_removed(config))
        .or_else(|| duchies_11_18_options(config))
        .or_else(|| classic_outposts(config))
        .or_else(|| super::solo_refusal(config))
}

/// The AutoDuke with 1-3 seats. Every module it may go with is played with it (seed
/// 000 lines 1218-1281); inns, team and solo are excluded in the menu.
fn auto_duke_refusal(config: &Config) -> Option<ModuleRefusal> {
    if !config.modules.contains(Module::AutoDuke) {
        return None;
    }
    let players = config.players;
    (!(1..=3).contains(&players)).then_some(ModuleRefusal::AutoDukePlayers { players })
}

/// A module's option away from its default needs the module: set without it, it
/// would be accepted and do nothing. The options and their modules are the menu's.
fn module_options(config: &Config) -> Option<ModuleRefusal> {
    // Every option at its default: nothing is written, nothing to refuse (told
    // without writing the options out: issue 18, every simulated game is created and checked).
    if config.rules == RuleOptions::default() {
        return None;
    }
    // Options at their first reading are not written, so each written one is
    // changed; one at its edition's default (`RuleChoice::classic`) is no choice
    // either, so a classic game without its module keeps seed 001's readings.
    let written = serde_json::to_value(config.rules).ok()?;
    let away = config.written_rules();
    let written = |name: &str| written.get(name).is_some() && away.contains_key(name);
    RULE_CHOICES.iter().find_map(|c| match c.module {
        // Duchies 11-18's optional rules have a reason of their own, which says more:
        // every seat must play one of those duchies (`duchies_11_18_options`).
        Some(Module::Duchies11To18) => None,
        Some(module) if written(c.name) && !config.modules.contains(module) => {
            Some(ModuleRefusal::OptionNeedsModule {
                option: c.name,
                module,
            })
        }
        _ => None,
    })
}

/// Seed 000 line 704: "essas regras opcionais não podem ser usadas com ducados que
/// não sejam numerados entre 11 e 18": every seat on one of them, fixed or drawn.
fn duchies_11_18_options(config: &Config) -> Option<ModuleRefusal> {
    let option = match (config.rules.connectivity, config.rules.castle_recovery) {
        (Connectivity::SameColourToCastle, _) => "connectivity",
        (_, CastleRecovery::Off) => return None,
        _ => "castle_recovery",
    };
    let only_11_18 = match config.duchies.is_empty() {
        true => random_pool(config) == ModuleSet::of(&[Module::Duchies11To18]),
        false => config.duchies.iter().all(|d| (11..=18).contains(d)),
    };
    (!only_11_18).then_some(ModuleRefusal::OnlyOnFirstExpansionDuchies { option })
}

/// Seed 001 lines 918-921: with the classic edition's outposts every seat plays one
/// of the outpost duchies, whose box holds them (fixed duchies must be among them).
fn classic_outposts(config: &Config) -> Option<ModuleRefusal> {
    if config.edition != Edition::Classic || !config.modules.contains(Module::TradingPosts) {
        return None;
    }
    let content = config.content.get();
    let (_, the_box) = content.classic_module_boxes.get(&Module::TradingPosts)?;
    let outposts = |d: &u8| the_box.iter().any(|b| b.sides.contains(d));
    let duchy = config.duchies.iter().find(|d| !outposts(d))?;
    Some(ModuleRefusal::ClassicOutpostDuchy { duchy: *duchy })
}

/// The duchy modules random boards are drawn from (empty: the base boards).
fn random_pool(config: &Config) -> ModuleSet {
    let (modules, boxes) = (config.modules, &config.content.get().module_boxes);
    modules.iter().filter(|m| boxes.contains_key(m)).collect()
}
