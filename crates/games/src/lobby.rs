//! What the shells show of each listed game before it starts, from one place: the
//! numbers of players, the options asked in a menu each (`data/lobby.json`) and the
//! bot levels with their specs ([`crate::levels`]) and their measured ladder
//! ([`crate::ladders`]). The server serves it (`GET /api/lobby`); the browser's lobby
//! and the terminal read it instead of lists of their own.

use crate::ladders::{ladder, Ladder};
use crate::levels::{levels, Level};
use crate::GAMES;
use serde_json::{json, Value};

const DATA: &str = include_str!("../data/lobby.json");

/// Every listed game's entry: `{name, players, options, variant?, levels}`, in the
/// registry's order. The data file is checked by the tests, so a game missing there
/// shows with no players rather than failing.
pub fn lobby() -> Value {
    let data: Value = serde_json::from_str(DATA).unwrap_or(Value::Null);
    let games: Vec<Value> = GAMES
        .iter()
        .filter(|g| g.listed)
        .map(|g| {
            let mut entry = data.get(g.name).cloned().unwrap_or_else(|| json!({}));
            entry["name"] = json!(g.name);
            let ladder = ladder(g.name);
            entry["levels"] = levels(g.name)
                .iter()
                .map(|l| level_entry(l, ladder.as_ref()))
                .collect();
            entry
        })
        .collect();
    json!({ "games": games })
}

/// A level in the lobby: its name, spec and, where its game's ladder measured it,
/// its place there and the rating it starts with on the game's scale.
fn level_entry(level: &Level, ladder: Option<&Ladder>) -> Value {
    let mut entry = json!({"name": level.name, "spec": level.spec});
    let rung = ladder.and_then(|l| Some((l, l.levels.get(level.name)?, l.prior(level.name)?)));
    if let Some((ladder, rung, prior)) = rung {
        entry["ladder"] = json!({"elo": rung.elo, "rating": prior.shown(), "players": ladder.players,
                                 "date": ladder.date});
    }
    entry
}

/// The numbers of players `game` is offered with (empty for a game not listed).
pub fn players(game: &str) -> Vec<u64> {
    let games = lobby();
    let entry = games["games"]
        .as_array()
        .and_then(|gs| gs.iter().find(|g| g["name"] == game));
    entry
        .and_then(|g| g["players"].as_array())
        .map(|ps| ps.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::kind;

    /// Each listed game has its entry; each number of players it lists starts a game
    /// (with the first of each option), and one more or fewer is refused.
    #[test]
    fn every_listed_game_starts_with_the_players_it_lists() {
        for game in GAMES.iter().filter(|g| g.listed) {
            let counts = players(game.name);
            assert!(!counts.is_empty(), "{}: no players listed", game.name);
            let k = kind(game.name).unwrap();
            let entry = &lobby()["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| g["name"] == game.name)
                .cloned()
                .unwrap();
            for n in counts.iter().copied() {
                let options = match &entry["solo_options"] {
                    solo @ Value::Object(_) if n == 1 => solo.clone(),
                    _ => json!({}),
                };
                assert!(
                    (k.create)(&options, n as usize, 1).is_ok(),
                    "{} with {n}",
                    game.name
                );
            }
            let beyond = counts.iter().max().unwrap() + 1;
            assert!(
                (k.create)(&json!({}), beyond as usize, 1).is_err(),
                "{} with {beyond}",
                game.name
            );
        }
    }

    /// Each option's values are ones the game's Config takes.
    #[test]
    fn every_option_value_is_taken_by_the_game() {
        let all = lobby();
        for g in all["games"].as_array().unwrap() {
            let name = g["name"].as_str().unwrap();
            let k = kind(name).unwrap();
            for option in g["options"].as_array().unwrap() {
                let players = option["players"].as_array().and_then(|p| p[0].as_u64());
                let n = players.unwrap_or(g["players"][0].as_u64().unwrap()) as usize;
                for value in option["values"].as_array().unwrap() {
                    let options = json!({ option["name"].as_str().unwrap(): value });
                    assert!((k.create)(&options, n, 1).is_ok(), "{name}: {options}");
                }
            }
            assert_eq!(g["levels"].as_array().unwrap().len(), 4, "{name}");
        }
    }

    /// Where a game's ladder is measured, each level shows its Elo there and its
    /// starting rating, in the ladder's order.
    #[test]
    fn each_level_shows_its_ladder_rating_in_the_ladders_order() {
        let all = lobby();
        let burgundy = all["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == "burgundy")
            .unwrap();
        let ladder = ladder("burgundy").unwrap();
        let shown: Vec<(f64, f64)> = burgundy["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let name = l["name"].as_str().unwrap();
                assert_eq!(l["ladder"]["elo"], ladder.levels[name].elo, "{name}");
                assert_eq!(l["ladder"]["players"], ladder.players);
                (
                    ladder.levels[name].elo,
                    l["ladder"]["rating"].as_f64().unwrap(),
                )
            })
            .collect();
        for pair in shown.windows(2) {
            // Strongest first: a higher Elo never shows a lower starting mu; the shown
            // rating also weighs each rung's interval.
            assert!(pair[0].0 >= pair[1].0, "{shown:?}");
        }
        let mu = |level: &str| ladder.prior(level).unwrap().mu;
        assert!(mu("expert") > mu("easy"));
    }
}
