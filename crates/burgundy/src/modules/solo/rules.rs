//! Which configs may play the solo game, and why one is refused (the reasons are
//! [`crate::modules::ModuleRefusal`]'s `solo_*` variants).

use super::SoloGoal;
use crate::config::{Config, Edition};
use crate::modules::Module;
use crate::modules::ModuleRefusal as SoloRefusal;

/// The solo game's config rules: one player exactly when the module is played, on
/// duchy 33 or 34, with a goal in the edition's range.
pub(crate) fn solo_refusal(config: &Config) -> Option<SoloRefusal> {
    let solo = config.modules.contains(Module::Solo);
    // One person plays the solo game, or against the AutoDuke (seed 000 line 1036).
    let alone = config.players == 1 && !config.modules.contains(Module::AutoDuke);
    if solo != alone {
        return Some(SoloRefusal::SoloPlayers {
            players: config.players,
        });
    }
    if !solo {
        return None;
    }
    if let Some(&other) = Module::DUCHY_MODULES
        .iter()
        .find(|m| config.modules.contains(**m))
    {
        return Some(SoloRefusal::SoloBoards { other });
    }
    if let Some(&duchy) = config.duchies.iter().find(|d| !(33..=34).contains(*d)) {
        return Some(SoloRefusal::SoloDuchy { duchy });
    }
    let (min, max) = match config.edition {
        Edition::Classic => (45, 55),
        Edition::Special => (SoloGoal::FLOOR, SoloGoal::MAX),
    };
    let goal = config.rules.solo_goal.0;
    (!(min..=max).contains(&goal)).then_some(SoloRefusal::SoloGoal { goal, min, max })
}
