//! What a game's creator chooses from: every module (and whether this engine plays
//! it, and in which editions), and every contested reading the rules leave open, as
//! an option of `rules` with its readings, the default first. The lobby draws its
//! form from this list ([`menu`], served with the board data), and the check that
//! a module's option needs its module reads the same list, so the two cannot drift.

use super::Module;
use crate::config::Edition;
use serde::Serialize;

/// One option of `rules`: its name, the module it belongs to (None: the base game),
/// and its readings as a config writes them, the default first (a reading of
/// digits is a number). `classic`: where seed 001 says otherwise, the classic
/// edition's default reading (a config of that edition that leaves the option out
/// plays it; an explicit reading still overrides).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RuleChoice {
    pub name: &'static str,
    pub module: Option<Module>,
    pub readings: &'static [&'static str],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classic: Option<&'static str>,
}

const fn choice(
    name: &'static str,
    module: Option<Module>,
    readings: &'static [&'static str],
) -> RuleChoice {
    RuleChoice {
        name,
        module,
        readings,
        classic: None,
    }
}

/// An option whose classic default is another reading than the Special Edition's.
const fn classic_choice(
    name: &'static str,
    module: Option<Module>,
    readings: &'static [&'static str],
    classic: &'static str,
) -> RuleChoice {
    RuleChoice {
        classic: Some(classic),
        ..choice(name, module, readings)
    }
}

/// A reading as a config writes it: digits are a number (the lobby does the same).
pub(crate) fn reading(text: &str) -> serde_json::Value {
    text.parse::<u64>().map_or_else(|_| text.into(), Into::into)
}

/// The options whose default is the edition's own, with that default: none for the
/// Special Edition (the readings' first), seed 001's for the classic edition.
pub(crate) fn edition_defaults(
    edition: Edition,
) -> impl Iterator<Item = (&'static RuleChoice, &'static str)> {
    RULE_CHOICES
        .iter()
        .filter(move |_| edition == Edition::Classic)
        .filter_map(|c| Some((c, c.classic?)))
}

/// Every option of [`crate::config::RuleOptions`], in the lobby's order.
pub const RULE_CHOICES: [RuleChoice; 40] = [
    choice("tiebreak", None, &["more", "fewer"]),
    choice("knowledge8", None, &["one-or-two", "two-only"]),
    choice("knowledge5", None, &["optional", "compulsory"]),
    choice("ship_depot", None, &["any", "with-goods"]),
    choice(
        "connectivity",
        Some(Module::Duchies11To18),
        &["adjacent", "same-colour-to-castle"],
    ),
    choice(
        "castle_recovery",
        Some(Module::Duchies11To18),
        &["off", "from-board", "any-discarded"],
    ),
    choice(
        "geese_knowledge7",
        Some(Module::ExtraHexes),
        &["counted", "not-counted"],
    ),
    choice(
        "white_castle",
        Some(Module::WhiteCastles),
        &["building", "castle"],
    ),
    choice(
        "inn_purchase",
        Some(Module::Inns),
        &["turn-purchase", "besides"],
    ),
    choice("inn_number", Some(Module::Inns), &["die", "any"]),
    choice(
        "inn_colour_bonus",
        Some(Module::Inns),
        &["counted", "not-counted"],
    ),
    choice(
        "third_trading_post",
        Some(Module::TradingPosts),
        &["phase-bonus-again", "once"],
    ),
    choice(
        "trading_post_sites",
        Some(Module::TradingPosts),
        &["classic-picture", "se-transcription"],
    ),
    choice(
        "trading_post_tile26",
        Some(Module::TradingPosts),
        &["counted", "not-counted"],
    ),
    // Seed 001 line 1155 "sempre que outro jogador obtiver um trabalhador, recebes
    // também um trabalhador": a worker per worker obtained.
    classic_choice(
        "shield2",
        Some(Module::Shields),
        &["per-gain", "per-worker"],
        "per-worker",
    ),
    // Seed 001 lines 1169-1170 "Quaisquer peças de mosteiro": no exception.
    classic_choice(
        "shield6",
        Some(Module::Shields),
        &["except27", "all"],
        "all",
    ),
    // Seed 001 line 1175 "as tuas peças de bónus contam a dobrar": all of them.
    classic_choice("shield7", Some(Module::Shields), &["new", "all"], "all"),
    // Seed 001 line 1145 "usa o efeito do escudo".
    classic_choice(
        "shield9",
        Some(Module::Shields),
        &["adds-to-knowledge", "shield-only"],
        "shield-only",
    ),
    choice(
        "shield_purchase",
        Some(Module::Shields),
        &["allowed", "instead"],
    ),
    choice(
        "trade_route_sold",
        Some(Module::TradeRoutes),
        &["counted", "not-counted"],
    ),
    choice(
        "trade_route_order",
        Some(Module::TradeRoutes),
        &["random", "chosen"],
    ),
    choice(
        "trade_route_bonus",
        Some(Module::TradeRoutes),
        &["after-stack", "at-once"],
    ),
    // The solo game's difficulty, a number: the VP goal it starts at (seed 000 line
    // 857: lower is easier, higher harder).
    choice(
        "solo_goal",
        Some(Module::Solo),
        &["50", "40", "45", "55", "60"],
    ),
    choice("solo_round_good", Some(Module::Solo), &["top", "bottom"]),
    choice(
        "solo_clockwise",
        Some(Module::Solo),
        &["ascending", "descending"],
    ),
    // Seed 001 line 1041 "vence a equipa com mais espaços vazios".
    classic_choice(
        "team_tiebreak",
        Some(Module::Team),
        &["fewer", "more"],
        "more",
    ),
    choice("team_trade_route", Some(Module::Team), &["team", "player"]),
    choice("team_shields", Some(Module::Team), &["team", "member"]),
    choice("team_vineyard", Some(Module::Team), &["team", "member"]),
    choice("team_board", Some(Module::Team), &["standard", "advanced"]),
    choice(
        "auto_duke_level",
        Some(Module::AutoDuke),
        &["medium", "easy", "hard"],
    ),
    // Any of the modifiers A-D (seed 000 lines 1200-1204: easy none, medium one,
    // hard two or more).
    choice(
        "auto_duke_modifiers",
        Some(Module::AutoDuke),
        &[
            "none", "a", "b", "c", "d", "ab", "ac", "ad", "bc", "bd", "cd", "abc", "abd", "acd",
            "bcd", "abcd",
        ],
    ),
    choice(
        "auto_duke_purchase",
        Some(Module::AutoDuke),
        &["fewest", "not-held"],
    ),
    choice(
        "auto_duke_castle_bonus",
        Some(Module::AutoDuke),
        &["anywhere", "there"],
    ),
    choice(
        "auto_duke_modifier_b",
        Some(Module::AutoDuke),
        &["black-depot", "area-colour"],
    ),
    choice(
        "auto_duke_white_castle",
        Some(Module::AutoDuke),
        &["leftmost", "top-left-type"],
    ),
    choice(
        "auto_duke_clockwise",
        Some(Module::AutoDuke),
        &["ascending", "descending"],
    ),
    choice(
        "auto_duke_order",
        Some(Module::AutoDuke),
        &["track", "last"],
    ),
    choice(
        "vineyard_colours",
        Some(Module::Vineyards),
        &["all", "removed"],
    ),
    choice(
        "vineyard_first",
        Some(Module::Vineyards),
        &["one-to-four", "one-or-four"],
    ),
];

impl Module {
    /// Is the module in the edition's box? Seed 001's box (lines 67-83) has its own
    /// expansion duchies (11a-f, 12, 13), not the Special Edition's 11-30. Its
    /// outposts (11a-f, lines 918-932) are printed on those duchies, of which one
    /// board only was recovered: the classic edition is refused the trading posts
    /// rather than played on boards it never had.
    pub fn in_edition(self, edition: Edition) -> bool {
        // The AutoDuke is a Special Edition chapter (seed 000 line 1023), and so are
        // the vineyards (seed 000 line 916); seed 001 has neither. Its trading posts
        // are the classic outposts (lines 918-932).
        let special_only = matches!(
            self,
            Module::Duchies11To18 | Module::Duchies19To22 | Module::AutoDuke | Module::Vineyards
        );
        !(special_only && edition == Edition::Classic)
    }
}

/// The menu as the lobby reads it: `modules` (name, played, offered in the lobby,
/// editions) and `rules`.
pub fn menu() -> serde_json::Value {
    let editions = |m: Module| -> Vec<Edition> {
        [Edition::Special, Edition::Classic]
            .into_iter()
            .filter(|&e| m.in_edition(e))
            .collect()
    };
    let modules: Vec<serde_json::Value> = Module::ALL
        .iter()
        .map(|&m| {
            serde_json::json!({
                "name": m,
                "played": m.available(),
                // Every played module is drawn by the tables (the team board's two
                // halves, the AutoDuke's board and cards, the vineyards too): the
                // lobby offers it.
                "lobby": m.available(),
                "editions": editions(m),
            })
        })
        .collect();
    serde_json::json!({ "modules": modules, "rules": &RULE_CHOICES[..] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RuleOptions;

    /// Each reading is one the config reads, the first is the default, and every
    /// option of `RuleOptions` is on the menu.
    #[test]
    fn every_option_is_offered_with_its_readings_the_default_first() {
        let mut last = serde_json::Map::new();
        for c in RULE_CHOICES {
            for (i, text) in c.readings.iter().enumerate() {
                let rules: RuleOptions =
                    serde_json::from_value(serde_json::json!({ c.name: reading(text) }))
                        .unwrap_or_else(|e| panic!("{}: {text}: {e}", c.name));
                assert_eq!(rules == RuleOptions::default(), i == 0, "{}", c.name);
            }
            last.insert(c.name.into(), reading(c.readings.last().unwrap()));
        }
        // Every option away from its default is written, so the keys are every field.
        let rules: RuleOptions = serde_json::from_value(last.clone().into()).unwrap();
        let written = serde_json::to_value(rules).unwrap();
        let names: Vec<&String> = written.as_object().unwrap().keys().collect();
        let offered: Vec<&String> = last.keys().collect();
        assert_eq!(names, offered);
        // A module's option at its default is not written: that is how the check
        // that it needs its module tells it was set.
        let written = serde_json::to_value(RuleOptions::default()).unwrap();
        for c in RULE_CHOICES.iter().filter(|c| c.module.is_some()) {
            assert!(
                written.get(c.name).is_none(),
                "{} is written at its default",
                c.name
            );
        }
    }

    #[test]
    fn the_menu_says_which_modules_are_played_and_in_which_editions() {
        let menu = menu();
        let modules = menu["modules"].as_array().unwrap();
        assert_eq!(modules.len(), Module::ALL.len());
        let inns = modules.iter().find(|m| m["name"] == "inns").unwrap();
        assert_eq!(inns["played"], true);
        assert_eq!(inns["lobby"], true);
        let solo = modules.iter().find(|m| m["name"] == "solo").unwrap();
        assert_eq!(
            (solo["played"].as_bool(), solo["lobby"].as_bool()),
            (Some(true), Some(true))
        );
        assert_eq!(inns["editions"], serde_json::json!(["special", "classic"]));
        for drawn in ["team", "auto-duke", "vineyards"] {
            let m = modules.iter().find(|m| m["name"] == drawn).unwrap();
            assert_eq!(m["lobby"], true, "{drawn} is offered by the lobby");
        }
        let d11 = modules
            .iter()
            .find(|m| m["name"] == "duchies-11-18")
            .unwrap();
        assert_eq!(d11["editions"], serde_json::json!(["special"]));
        assert_eq!(menu["rules"][4]["module"], "duchies-11-18");
    }
}
