//! Bots by name, as the command line writes them: "random", "greedy", "mcts",
//! "mcts:iters=2000", "mcts:ms=500,cap=60".

use crate::{Bot, Budget, GreedyBot, MctsBot, MctsConfig, RandomBot};
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;
use tabuleiro_core::{Game, Judgement};
use thiserror::Error;

// The values each mcts option takes, for every user of a spec (the command line's
// measurements as well as a server): wide enough for every experiment in
// docs/burgundy/bots.md (128,000 iterations, rollouts of 1000 decisions, which reach a
// Burgundy game's end), narrow enough that no spec asks for a search without end or a
// tree larger than memory (128,000 iterations held 762 MiB). A server bounds a bot's
// cost more tightly ([`spec_cost`]).
const ITERS: RangeInclusive<u32> = 1..=1_000_000;
/// Ten minutes a decision.
const MS: RangeInclusive<u64> = 1..=600_000;
const CAP: RangeInclusive<u32> = 0..=1_000;
const PRIOR: RangeInclusive<u32> = 0..=1_000;
/// Or 0: off.
const HALVE: RangeInclusive<u32> = 2..=1_000;
const ROLL: RangeInclusive<u32> = 1..=64;
// The options that are numbers above 0, at most: the exploration constant weighs
// rewards of 0 to 1 (0.05 to 1.2 tried); `scale` is an evaluation difference (1 to 10
// tried); a widening (0.25 to 1.5 tried) or an outcomes factor (1 tried) of 100 is
// already none.
const C_MAX: f64 = 10.0;
const SCALE_MAX: f64 = 1_000.0;
const WIDEN_MAX: f64 = 100.0;
const OUTCOMES_MAX: f64 = 100.0;

#[derive(Debug, Error, PartialEq)]
pub enum SpecError {
    #[error(
        "unknown bot {0:?}; bots: random, greedy[:slip=X], mcts[:iters=N|ms=N,cap=N,c=X,scale=X|game,reuse=0|1,prior=N,widen=X,end=cap|chance|turn,tree=pool|chance,roll=N,pick=visits|mean,value=lookahead|static|even|fit,explore=parent|avail,outcomes=X,halve=N,minimax=X]"
    )]
    UnknownBot(String),
    #[error("bot {bot} takes no options, got {options:?}")]
    NoOptions { bot: String, options: String },
    #[error(
        "unknown mcts option {0:?}; options: iters, ms, cap, c, scale, reuse, prior, widen, end, tree, roll, pick, value, explore, outcomes, halve, minimax"
    )]
    UnknownOption(String),
    #[error("mcts option {key}: {value:?} is not a valid value ({why})")]
    BadValue {
        key: String,
        value: String,
        why: String,
    },
    #[error("mcts takes iters or ms, not both")]
    TwoBudgets,
    #[error("mcts option halve ranks the root's actions by their prior: it needs prior above 0")]
    HalvingWithoutPrior,
    #[error("mcts option minimax backs up the judgements the prior makes: it needs prior above 0")]
    MinimaxWithoutPrior,
    #[error("unknown greedy option {0:?}; options: slip")]
    UnknownGreedyOption(String),
    #[error("greedy option slip: {0:?} is not a number from 0 to 1")]
    BadSlip(String),
}

/// Builds the bot a spec names.
pub fn parse_bot<G: Game>(spec: &str) -> Result<Box<dyn Bot<G>>, String> {
    build(spec.trim()).map_err(|e| e.to_string())
}

/// What a spec's bot may spend on one decision, so that a server can bound it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// Its time or iterations.
    pub budget: Budget,
    /// The rollout steps one iteration may take: `cap` decisions, each judging the
    /// `roll` actions it draws (one when uniform). The rest of an iteration's work is
    /// the tree's, which the game's width sets whatever the spec.
    pub rollout: u64,
}

/// What a spec's bot may spend on one decision (`None` for the bots that do not
/// search: random, greedy).
pub fn spec_cost(spec: &str) -> Result<Option<Cost>, String> {
    let spec = spec.trim();
    let config = match spec.split_once(':') {
        Some(("mcts", options)) => mcts_config(options).map_err(|e| e.to_string())?,
        None if spec == "mcts" => MctsConfig::default(),
        _ => return Ok(None),
    };
    Ok(Some(Cost {
        budget: config.budget,
        rollout: u64::from(config.cap) * u64::from(config.rollout_best_of.max(1)),
    }))
}

fn build<G: Game>(spec: &str) -> Result<Box<dyn Bot<G>>, SpecError> {
    let (name, options) = match spec.split_once(':') {
        Some((n, o)) => (n, Some(o)),
        None => (spec, None),
    };
    let no_options = |bot: &str| match options {
        Some(o) => Err(SpecError::NoOptions {
            bot: bot.into(),
            options: o.into(),
        }),
        None => Ok(()),
    };
    match name {
        "random" => no_options(name).map(|()| Box::new(RandomBot) as Box<dyn Bot<G>>),
        "greedy" => Ok(Box::new(greedy_config(options.unwrap_or(""))?)),
        "mcts" => Ok(Box::new(MctsBot::new(mcts_config(options.unwrap_or(""))?))),
        _ => Err(SpecError::UnknownBot(spec.into())),
    }
}

/// `greedy[:slip=X]`: the share of decisions (0 to 1) that take one of the best few
/// choices instead of the best (the lobby's easy level).
fn greedy_config(options: &str) -> Result<GreedyBot, SpecError> {
    let mut bot = GreedyBot::default();
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        match option.split_once('=') {
            Some(("slip", value)) => {
                bot.slip = value
                    .parse()
                    .ok()
                    .filter(|x: &f64| (0.0..=1.0).contains(x))
                    .ok_or_else(|| SpecError::BadSlip(value.into()))?;
            }
            _ => return Err(SpecError::UnknownGreedyOption(option.into())),
        }
    }
    Ok(bot)
}

/// `value` as a whole number in `range`, or what it should have been.
fn whole<T: FromStr + PartialOrd + Display>(
    value: &str,
    range: RangeInclusive<T>,
) -> Result<T, String> {
    let why = || format!("a whole number from {} to {}", range.start(), range.end());
    value
        .parse()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(why)
}

/// `value` as a number above 0 and at most `max`, or what it should have been.
fn above_0(value: &str, max: f64) -> Result<f64, String> {
    value
        .parse()
        .ok()
        .filter(|x: &f64| *x > 0.0 && *x <= max)
        .ok_or_else(|| format!("a number above 0 and at most {max}"))
}

fn mcts_config(options: &str) -> Result<MctsConfig, SpecError> {
    let mut config = MctsConfig::default();
    let mut budget_set = false;
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| SpecError::UnknownOption(option.into()))?;
        let bad = |why: String| SpecError::BadValue {
            key: key.into(),
            value: value.into(),
            why,
        };
        match key {
            "iters" | "ms" if budget_set => return Err(SpecError::TwoBudgets),
            "iters" => {
                config.budget = Budget::Iterations(whole(value, ITERS).map_err(bad)?);
                budget_set = true;
            }
            "ms" => {
                config.budget = Budget::Millis(whole(value, MS).map_err(bad)?);
                budget_set = true;
            }
            "cap" => config.cap = whole(value, CAP).map_err(bad)?,
            "prior" => config.prior = whole(value, PRIOR).map_err(bad)?,
            "halve" if value == "0" => config.halving = 0,
            "halve" => {
                let why = |why| bad(format!("0, or {why}"));
                config.halving = whole(value, HALVE).map_err(why)?;
            }
            "roll" => config.rollout_best_of = whole(value, ROLL).map_err(bad)?,
            "end" => {
                (config.to_chance, config.to_turn) = match value {
                    "cap" => (false, false),
                    "chance" => (true, false),
                    "turn" => (false, true),
                    _ => return Err(bad("cap, chance or turn".into())),
                }
            }
            "value" => {
                config.judgement = match value {
                    "lookahead" => Judgement::Lookahead,
                    "static" => Judgement::Static,
                    "even" => Judgement::Even,
                    "fit" => Judgement::Fitted,
                    _ => return Err(bad("lookahead, static, even or fit".into())),
                }
            }
            "reuse" | "tree" | "pick" | "explore" => {
                let (off, on, why) = match key {
                    "reuse" => ("0", "1", "0 or 1"),
                    "tree" => ("pool", "chance", "pool or chance"),
                    "explore" => ("parent", "avail", "parent or avail"),
                    _ => ("visits", "mean", "visits or mean"),
                };
                let set = match value {
                    v if v == off => false,
                    v if v == on => true,
                    _ => return Err(bad(why.into())),
                };
                match key {
                    "reuse" => config.reuse = set,
                    "tree" => config.tree_to_chance = set,
                    "explore" => config.availability = set,
                    _ => config.pick_mean = set,
                }
            }
            "scale" if value == "game" => config.game_scale = true,
            "c" => config.exploration = above_0(value, C_MAX).map_err(bad)?,
            "scale" => {
                config.scale = above_0(value, SCALE_MAX).map_err(bad)?;
                config.game_scale = false;
            }
            "widen" => config.widen = above_0(value, WIDEN_MAX).map_err(bad)?,
            "outcomes" => config.outcomes = above_0(value, OUTCOMES_MAX).map_err(bad)?,
            "minimax" => config.minimax = above_0(value, 1.0).map_err(bad)?,
            _ => return Err(SpecError::UnknownOption(key.into())),
        }
    }
    if config.halving > 0 && config.prior == 0 {
        return Err(SpecError::HalvingWithoutPrior);
    }
    if config.minimax > 0.0 && config.prior == 0 {
        return Err(SpecError::MinimaxWithoutPrior);
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    #[test]
    fn a_spec_tells_its_cost() {
        let cost = |budget, rollout| Ok(Some(Cost { budget, rollout }));
        assert_eq!(
            spec_cost("mcts:ms=600000"),
            cost(Budget::Millis(600_000), 100)
        );
        assert_eq!(
            spec_cost(" mcts:iters=9,cap=3"),
            cost(Budget::Iterations(9), 3)
        );
        // Each rollout decision judges the `roll` actions it draws.
        assert_eq!(
            spec_cost("mcts:iters=20000,cap=1000,roll=64"),
            cost(Budget::Iterations(20_000), 64_000)
        );
        assert_eq!(
            spec_cost("mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even"),
            cost(Budget::Iterations(16_000), 0)
        );
        let default = MctsConfig::default();
        assert_eq!(spec_cost("mcts"), cost(default.budget, default.cap.into()));
        assert_eq!(spec_cost("greedy"), Ok(None));
        assert!(spec_cost("mcts:ms=0").is_err());
        assert!(spec_cost("mcts:iters=20000,cap=4000000000,roll=64").is_err());
    }

    /// Every numeric option has a range, the same for every user of a spec, and a
    /// value outside it is refused with the option and the range named.
    #[test]
    fn every_number_of_a_spec_has_a_range_its_refusal_names() {
        let why = |spec: &str| match mcts_config(spec) {
            Err(e @ SpecError::BadValue { .. }) => e.to_string(),
            other => panic!("{spec}: {other:?}"),
        };
        assert_eq!(
            why("cap=4000000000"),
            "mcts option cap: \"4000000000\" is not a valid value (a whole number from 0 to 1000)"
        );
        for (bad, range) in [
            (
                "iters=1000001",
                "iters: \"1000001\" is not a valid value (a whole number from 1 to 1000000)",
            ),
            ("iters=100000000", "from 1 to 1000000)"),
            (
                "ms=600001",
                "ms: \"600001\" is not a valid value (a whole number from 1 to 600000)",
            ),
            ("cap=1001", "(a whole number from 0 to 1000)"),
            ("cap=-1", "(a whole number from 0 to 1000)"),
            (
                "prior=1001",
                "prior: \"1001\" is not a valid value (a whole number from 0 to 1000)",
            ),
            (
                "prior=10,halve=1001",
                "halve: \"1001\" is not a valid value (0, or a whole number from 2 to 1000)",
            ),
            (
                "roll=65",
                "roll: \"65\" is not a valid value (a whole number from 1 to 64)",
            ),
            (
                "c=10.5",
                "c: \"10.5\" is not a valid value (a number above 0 and at most 10)",
            ),
            ("c=inf", "(a number above 0 and at most 10)"),
            ("c=NaN", "(a number above 0 and at most 10)"),
            (
                "scale=1001",
                "scale: \"1001\" is not a valid value (a number above 0 and at most 1000)",
            ),
            (
                "widen=101",
                "widen: \"101\" is not a valid value (a number above 0 and at most 100)",
            ),
            (
                "outcomes=1e9",
                "outcomes: \"1e9\" is not a valid value (a number above 0 and at most 100)",
            ),
        ] {
            assert!(why(bad).ends_with(range), "{bad}: {}", why(bad));
        }
        // The ends of each range, and every value the docs and the lobby use.
        let c = mcts_config("iters=1000000,cap=1000,prior=1000,halve=1000,roll=64").unwrap();
        assert_eq!(
            (c.budget, c.cap, c.prior, c.halving, c.rollout_best_of),
            (Budget::Iterations(1_000_000), 1000, 1000, 1000, 64)
        );
        let c = mcts_config("ms=600000,c=10,scale=1000,widen=100,outcomes=100").unwrap();
        assert_eq!(
            (c.budget, c.exploration, c.scale, c.widen, c.outcomes),
            (Budget::Millis(600_000), 10.0, 1000.0, 100.0, 100.0)
        );
        for used in [
            "iters=128000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even",
            "iters=5000,cap=1000,end=chance,reuse=1,prior=10,widen=1,roll=3",
            "iters=1000,cap=0,c=0.05,prior=40,widen=0.25,explore=avail,outcomes=1,halve=8",
            "ms=500,cap=60,c=1.2,scale=1,halve=0",
        ] {
            assert!(mcts_config(used).is_ok(), "{used}");
        }
    }

    #[test]
    fn greedy_takes_a_slip_from_0_to_1() {
        assert_eq!(greedy_config("").unwrap().slip, 0.0);
        assert_eq!(greedy_config("slip=0.3").unwrap().slip, 0.3);
        assert_eq!(
            greedy_config("slip=1.5").unwrap_err(),
            SpecError::BadSlip("1.5".into())
        );
        assert_eq!(
            greedy_config("depth=2").unwrap_err(),
            SpecError::UnknownGreedyOption("depth=2".into())
        );
        assert_eq!(spec_cost("greedy:slip=0.3"), Ok(None));
        assert_eq!(
            parse_bot::<tabuleiro_burgundy::Burgundy>("greedy:slip=0.3")
                .unwrap()
                .name(),
            "greedy:slip=0.3"
        );
    }

    #[test]
    fn mcts_options_parse_and_bad_ones_are_named() {
        let c = mcts_config("iters=2000").unwrap();
        assert_eq!(c.budget, Budget::Iterations(2000));
        let c = mcts_config("ms=500, cap=40,c=1.2").unwrap();
        assert_eq!(
            (c.budget, c.cap, c.exploration),
            (Budget::Millis(500), 40, 1.2)
        );
        assert_eq!(mcts_config("").unwrap(), MctsConfig::default());
        assert_eq!(
            mcts_config("depth=3"),
            Err(SpecError::UnknownOption("depth".into()))
        );
        assert_eq!(
            mcts_config("iters"),
            Err(SpecError::UnknownOption("iters".into()))
        );
        assert_eq!(mcts_config("iters=1,ms=2"), Err(SpecError::TwoBudgets));
        assert!(mcts_config("reuse=1").unwrap().reuse);
        let c = mcts_config("prior=20,widen=1.5").unwrap();
        assert_eq!((c.prior, c.widen), (20, 1.5));
        assert!(matches!(
            mcts_config("widen=0"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(!mcts_config("reuse=0").unwrap().reuse);
        assert!(mcts_config("end=chance").unwrap().to_chance);
        assert!(!mcts_config("end=cap").unwrap().to_chance);
        assert!(matches!(
            mcts_config("end=round"),
            Err(SpecError::BadValue { .. })
        ));
        let c = mcts_config("end=turn,value=even").unwrap();
        assert_eq!(
            (c.to_chance, c.to_turn, c.judgement),
            (false, true, Judgement::Even)
        );
        let c = mcts_config("end=turn,end=chance,value=static").unwrap();
        assert_eq!(
            (c.to_chance, c.to_turn, c.judgement),
            (true, false, Judgement::Static)
        );
        assert!(mcts_config("scale=game").unwrap().game_scale);
        let c = mcts_config("scale=game,scale=5").unwrap();
        assert_eq!((c.game_scale, c.scale), (false, 5.0));
        let c = mcts_config("value=lookahead").unwrap();
        assert_eq!((c.to_turn, c.judgement), (false, Judgement::Lookahead));
        assert_eq!(
            mcts_config("value=fit").unwrap().judgement,
            Judgement::Fitted
        );
        for bad in ["value=win", "value=", "end=turns"] {
            assert!(
                matches!(mcts_config(bad), Err(SpecError::BadValue { .. })),
                "{bad}"
            );
        }
        let c = mcts_config("tree=chance,roll=3,pick=mean").unwrap();
        assert_eq!(
            (c.tree_to_chance, c.rollout_best_of, c.pick_mean),
            (true, 3, true)
        );
        let c = mcts_config("tree=pool,roll=1,pick=visits").unwrap();
        assert_eq!(
            (c.tree_to_chance, c.rollout_best_of, c.pick_mean),
            (false, 1, false)
        );
        assert!(mcts_config("explore=avail").unwrap().availability);
        assert_eq!(mcts_config("prior=10,halve=8").unwrap().halving, 8);
        assert_eq!(mcts_config("halve=8"), Err(SpecError::HalvingWithoutPrior));
        assert_eq!(mcts_config("prior=10,minimax=0.3").unwrap().minimax, 0.3);
        assert_eq!(
            mcts_config("minimax=0.3"),
            Err(SpecError::MinimaxWithoutPrior)
        );
        assert!(!mcts_config("explore=parent").unwrap().availability);
        for bad in [
            "tree=round",
            "roll=0",
            "roll=65",
            "roll=x",
            "pick=best",
            "explore=1",
            "prior=10,halve=1",
            "prior=10,halve=x",
        ] {
            assert!(
                matches!(mcts_config(bad), Err(SpecError::BadValue { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            mcts_config("reuse=yes"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            mcts_config("iters=0"),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            mcts_config("c=-1"),
            Err(SpecError::BadValue { .. })
        ));
    }
}
