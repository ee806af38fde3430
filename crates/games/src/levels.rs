//! The bot levels every shell offers by name (`easy`, `medium`, `hard`, `expert`):
//! one definition per game, here, which `simulate`, `tournament`, `ladder`, the
//! terminal and the server read through [`parse_bot`] and [`bot_spec`]. A level is
//! a bot spec at a measured rung of the game's ladder (docs/bots.md,
//! docs/<game>/bots.md); a spec that names no level is taken as it is written.

use tabuleiro_bots::Bot;
use tabuleiro_core::Game;

/// A level: its name and the bot spec it stands for in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    pub name: &'static str,
    pub spec: &'static str,
}

/// The levels' names, strongest first.
pub const LEVELS: [&str; 4] = ["expert", "hard", "medium", "easy"];

/// The levels of every game, strongest first, where a game has none of its own
/// ([`OWN`]): hard is the default search (1000 iterations), medium greedy, easy
/// greedy with three decisions in ten taken among its best three (random choices
/// are not a level to offer a person: crates/bots/tests/burgundy_levels.rs). The expert is the strongest search that
/// answers in about a second a decision: Catan's (5000 iterations, 20-decision
/// rollouts, the tree kept, the evaluation as a prior with progressive widening) won
/// 33 of 40 four-player games against three hard bots (docs/catan/bots.md); the
/// games below have their own.
const SHARED: [&str; 4] = [
    "mcts:iters=5000,cap=20,reuse=1,prior=10,widen=1",
    "mcts",
    "greedy",
    "greedy:slip=0.3",
];

/// A game's own spec for a level, where it is not [`SHARED`]'s.
///
/// The experts: Burgundy's searches best-first with no rollout, every position judged
/// on one scale (16000 iterations, about 0.2 s of CPU a decision; each doubling of its
/// budget up to this one won 60-68%: docs/burgundy/bots.md, "Sixth round"). In
/// Viscounts Burgundy's options lost 13 of 20 to hard, and 3000 iterations of the
/// default search won 62 of 100; the same search keeping its tree between a seat's
/// decisions, at 2800 iterations and less CPU a decision, won 227 of 400 against it
/// (56.8%, 51.9-61.5); with its rollouts played to the game's end (`cap=300`) at 2600
/// iterations (about the 2800 search's CPU, 8% less than 3000's), 30 of 41, when the
/// sequential test between 0 and 70 Elo accepted 70 (73.2%, 58.1-84.3:
/// docs/viscounts/bots.md, "A stronger expert").
///
/// Catan's easy takes 85 decisions in a hundred among greedy's best three: since the
/// bots trade, three in ten no longer told easy from medium (one easy seat against three
/// medium won 24.2% of 1000 base games, chance 25%); seven in ten did at four players
/// but not in three-player Cities & Knights (one medium seat against two such easy won
/// 34.8% of 600 games, chance 33.3%); 85 in a hundred does at both sizes (there 40.5%,
/// 36.6-44.5) and still wins every base game against random (docs/catan/bots.md,
/// "Catan's own easy").
///
/// Catan's hard judges its rollouts' last positions on a sharper scale (a 1-point
/// lead worth 0.73 of a win, not a 10-point one): since the evaluation learned the
/// seven, the robber and trades, the default search won 14 of 40 against three
/// medium and fell below medium on the ladder; `scale=1` won 24 of 60 (40.0%,
/// 28.6-52.6, chance 25%) at the same iterations, 146 s of CPU for the 60 games, and
/// the expert's options at 1000 iterations only 15 of 60 (docs/catan/bots.md, "The
/// hard rung").
const OWN: &[(&str, &str, &str)] = &[
    (
        "burgundy",
        "expert",
        "mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even",
    ),
    ("viscounts", "expert", "mcts:iters=2600,cap=300,reuse=1"),
    ("catan", "hard", "mcts:scale=1"),
    ("catan", "easy", "greedy:slip=0.85"),
];

/// The levels of the game `game`, strongest first.
pub fn levels(game: &str) -> [Level; 4] {
    std::array::from_fn(|i| {
        let own = OWN.iter().find(|(g, l, _)| *g == game && *l == LEVELS[i]);
        Level {
            name: LEVELS[i],
            spec: own.map_or(SHARED[i], |(_, _, spec)| *spec),
        }
    })
}

/// The bot spec `spec` stands for in game `game`: a level's, or itself.
pub fn bot_spec(game: &str, spec: &str) -> String {
    let spec = spec.trim();
    levels(game)
        .iter()
        .find(|level| level.name == spec)
        .map_or(spec, |level| level.spec)
        .to_string()
}

/// The bot a spec or a level of game `G` names.
pub fn parse_bot<G: Game>(spec: &str) -> Result<Box<dyn Bot<G>>, String> {
    tabuleiro_bots::parse_bot::<G>(&bot_spec(G::NAME, spec))
        .map_err(|e| format!("{e}; or a level: {}", LEVELS.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::burgundy::Burgundy;
    use crate::catan::Catan;

    #[test]
    fn every_level_of_every_game_is_a_bot_strongest_first() {
        for game in crate::GAMES {
            let levels = levels(game.name);
            assert_eq!(levels.map(|l| l.name), LEVELS);
            for level in levels {
                tabuleiro_bots::parse_bot::<Catan>(level.spec).unwrap();
            }
            if game.name != "catan" {
                assert_eq!(levels[1].spec, "mcts", "{}", game.name);
            }
        }
        assert_eq!(levels("catan")[1].spec, "mcts:scale=1");
        assert!(levels("burgundy")[0].spec.contains("iters=16000"));
        assert_eq!(
            levels("viscounts")[0].spec,
            "mcts:iters=2600,cap=300,reuse=1"
        );
        assert_eq!(levels("catan")[0].spec, SHARED[0]);
    }

    #[test]
    fn a_level_names_its_spec_and_any_other_spec_stands_for_itself() {
        assert_eq!(bot_spec("catan", " easy "), "greedy:slip=0.85");
        assert_eq!(bot_spec("burgundy", "easy"), "greedy:slip=0.3");
        assert_eq!(bot_spec("catan", "mcts:iters=7"), "mcts:iters=7");
        assert_eq!(
            parse_bot::<Burgundy>("expert").unwrap().name(),
            tabuleiro_bots::parse_bot::<Burgundy>(levels("burgundy")[0].spec)
                .unwrap()
                .name()
        );
        let unknown = parse_bot::<Burgundy>("grandmaster").err().unwrap();
        assert!(
            unknown.contains("unknown bot") && unknown.contains("expert"),
            "{unknown}"
        );
    }
}
