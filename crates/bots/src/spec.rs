//! Bots by name, as the command line writes them: "random", "greedy", "mcts",
//! "mcts:iters=2000", "mcts:ms=500,cap=60".

use crate::{Bot, Budget, GreedyBot, MctsBot, MctsConfig, RandomBot};
use tabuleiro_core::{Game, Judgement};
use thiserror::Error;

#[derive(Debug, Error, PartialEq)]
pub enum SpecError {
    #[error(
        "unknown bot {0:?}; bots: random, greedy[:slip=X], mcts[:iters=N|ms=N,cap=N,c=X,scale=X|game,reuse=0|1,prior=N,widen=X,end=cap|chance|turn,tree=pool|chance,roll=N,pick=visits|mean,value=lookahead|static|even|fit,explore=parent|avail,outcomes=X,halve=N]"
    )]
    UnknownBot(String),
    #[error("bot {bot} takes no options, got {options:?}")]
    NoOptions { bot: String, options: String },
    #[error(
        "unknown mcts option {0:?}; options: iters, ms, cap, c, scale, reuse, prior, widen, end, tree, roll, pick, value, explore, outcomes, halve"
    )]
    UnknownOption(String),
    #[error("mcts option {key}: {value:?} is not a valid value ({why})")]
    BadValue {
        key: String,
        value: String,
        why: &'static str,
    },
    #[error("mcts takes iters or ms, not both")]
    TwoBudgets,
    #[error("mcts option halve ranks the root's actions by their prior: it needs prior above 0")]
    HalvingWithoutPrior,
    #[error("unknown greedy option {0:?}; options: slip")]
    UnknownGreedyOption(String),
    #[error("greedy option slip: {0:?} is not a number from 0 to 1")]
    BadSlip(String),
}

/// Builds the bot a spec names.
pub fn parse_bot<G: Game>(spec: &str) -> Result<Box<dyn Bot<G>>, String> {
    build(spec.trim()).map_err(|e| e.to_string())
}

/// The thinking budget a spec gives its bot per decision (`None` for the bots that
/// do not search: random, greedy), so that a server can bound what it accepts.
pub fn spec_budget(spec: &str) -> Result<Option<Budget>, String> {
    let spec = spec.trim();
    match spec.split_once(':') {
        Some(("mcts", options)) => mcts_config(options).map(|c| Some(c.budget)),
        None if spec == "mcts" => Ok(Some(MctsConfig::default().budget)),
        _ => Ok(None),
    }
    .map_err(|e: SpecError| e.to_string())
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

fn mcts_config(options: &str) -> Result<MctsConfig, SpecError> {
    let mut config = MctsConfig::default();
    let mut budget_set = false;
    for option in options.split(',').map(str::trim).filter(|o| !o.is_empty()) {
        let (key, value) = option
            .split_once('=')
            .ok_or_else(|| SpecError::UnknownOption(option.into()))?;
        let bad = |why| SpecError::BadValue {
            key: key.into(),
            value: value.into(),
            why,
        };
        match key {
            "iters" | "ms" if budget_set => return Err(SpecError::TwoBudgets),
            "iters" => {
                let n = value.parse().ok().filter(|&n| n > 0);
                config.budget = Budget::Iterations(n.ok_or_else(|| bad("a whole number above 0"))?);
                budget_set = true;
            }
            "ms" => {
                let n = value.parse().ok().filter(|&n| n > 0);
                config.budget = Budget::Millis(n.ok_or_else(|| bad("a whole number above 0"))?);
                budget_set = true;
            }
            "cap" => config.cap = value.parse().map_err(|_| bad("a whole number"))?,
            "prior" => config.prior = value.parse().map_err(|_| bad("a whole number"))?,
            "halve" => {
                let n = value.parse().ok().filter(|&n| n != 1);
                config.halving = n.ok_or_else(|| bad("0, or a whole number of 2 or more"))?;
            }
            "roll" => {
                let n = value.parse().ok().filter(|&n| (1..=64).contains(&n));
                config.rollout_best_of = n.ok_or_else(|| bad("a whole number from 1 to 64"))?;
            }
            "end" => {
                (config.to_chance, config.to_turn) = match value {
                    "cap" => (false, false),
                    "chance" => (true, false),
                    "turn" => (false, true),
                    _ => return Err(bad("cap, chance or turn")),
                }
            }
            "value" => {
                config.judgement = match value {
                    "lookahead" => Judgement::Lookahead,
                    "static" => Judgement::Static,
                    "even" => Judgement::Even,
                    "fit" => Judgement::Fitted,
                    _ => return Err(bad("lookahead, static, even or fit")),
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
                    _ => return Err(bad(why)),
                };
                match key {
                    "reuse" => config.reuse = set,
                    "tree" => config.tree_to_chance = set,
                    "explore" => config.availability = set,
                    _ => config.pick_mean = set,
                }
            }
            "scale" if value == "game" => config.game_scale = true,
            "c" | "scale" | "widen" | "outcomes" => {
                let x: f64 = value
                    .parse()
                    .ok()
                    .filter(|x: &f64| x.is_finite() && *x > 0.0)
                    .ok_or_else(|| bad("a number above 0"))?;
                match key {
                    "c" => config.exploration = x,
                    "scale" => (config.scale, config.game_scale) = (x, false),
                    "outcomes" => config.outcomes = x,
                    _ => config.widen = x,
                }
            }
            _ => return Err(SpecError::UnknownOption(key.into())),
        }
    }
    if config.halving > 0 && config.prior == 0 {
        return Err(SpecError::HalvingWithoutPrior);
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Budget;

    #[test]
    fn a_spec_tells_its_budget() {
        assert_eq!(
            spec_budget("mcts:ms=600000"),
            Ok(Some(Budget::Millis(600_000)))
        );
        assert_eq!(
            spec_budget(" mcts:iters=9,cap=3"),
            Ok(Some(Budget::Iterations(9)))
        );
        assert_eq!(spec_budget("mcts"), Ok(Some(MctsConfig::default().budget)));
        assert_eq!(spec_budget("greedy"), Ok(None));
        assert!(spec_budget("mcts:ms=0").is_err());
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
        assert_eq!(spec_budget("greedy:slip=0.3"), Ok(None));
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
