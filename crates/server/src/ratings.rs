//! Ratings (issue 42): Weng-Lin (OpenSkill's Bayesian ratings, from `skillratings`)
//! per scale: a game, its `expansion` when the table plays one, and its team game
//! (a table whose `modules` include `team`). People are rated by account, bots by
//! level ("bot:medium"), on the same scale, so a person can compare. A rated table
//! takes decisions only from seats held by an account; its end is rated once.
//!
//! The leaver rule: a person whose seat was handed to a bot before the end (dropped
//! by their clock, evicted while away, or leaving) is placed last, below everyone
//! who finished, and the bot that played on is not rated for that game. An
//! abandoned game (no action for the server's expiry time) changes no rating.

use crate::api::ApiError;
use crate::hub::{Hub, HubError};
use crate::live::{LiveGame, Meta, SeatKind};
use crate::now_ms;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::collections::HashMap;
use tabuleiro_store::accounts::{HeldSeat, RatedResult, Rating};

/// What a table may ask of a player who takes a seat.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirements {
    /// The least conservative rating (mu - 3 sigma) on the table's scale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<f64>,
    /// The least share of ended games the player finished (0 to 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_finish_rate: Option<f64>,
}

impl Requirements {
    pub fn check(&self) -> Result<(), String> {
        if let Some(r) = self.min_finish_rate {
            if !(0.0..=1.0).contains(&r) {
                return Err("min_finish_rate is between 0 and 1".into());
            }
        }
        if let Some(r) = self.min_rating {
            if !r.is_finite() || r.abs() > 1000.0 {
                return Err("min_rating is a number between -1000 and 1000".into());
            }
        }
        Ok(())
    }
}

/// The scale a table's games are rated on.
pub fn scale(meta: &Meta) -> String {
    let mut scale = meta.game.clone();
    if let Some(expansion) = meta.options.get("expansion").and_then(Value::as_str) {
        if expansion != "base" {
            scale = format!("{scale}.{expansion}");
        }
    }
    let team = meta
        .options
        .get("modules")
        .and_then(Value::as_array)
        .is_some_and(|m| m.iter().any(|m| m == "team"));
    if team {
        scale.push_str(".team");
    }
    scale
}

/// Whether a name can be a scale: a hosted game's name with its suffixes.
pub fn known_scale(scale: &str) -> bool {
    let game = scale.split('.').next().unwrap_or("");
    tabuleiro_games::GAMES
        .iter()
        .any(|g| g.listed && g.name == game)
        && scale.len() <= 64
        && scale
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_')
}

pub fn user_player(user_id: &str) -> String {
    format!("user:{user_id}")
}

/// The rating of a bot seat: its level's, when its spec is a level's.
fn bot_player(game: &str, spec: &str) -> Option<String> {
    tabuleiro_games::levels::levels(game)
        .iter()
        .find(|l| l.spec == spec)
        .map(|l| format!("bot:{}", l.name))
}

/// The shown rating: the conservative estimate mu - 3 sigma, as OpenSkill ranks.
pub use tabuleiro_games::ladders::shown;

pub fn rating_json(r: &Rating) -> Value {
    json!({"scale": r.scale, "rating": shown(r.mu, r.sigma), "mu": r.mu, "sigma": r.sigma,
           "games": r.games})
}

/// The name a leaderboard shows for a player key.
pub async fn player_name(hub: &Hub, player: &str) -> Result<String, ApiError> {
    if let Some(level) = player.strip_prefix("bot:") {
        return Ok(format!("bot {level}"));
    }
    let id = player.strip_prefix("user:").unwrap_or(player);
    let user = hub.store.user(id).await.map_err(HubError::from)?;
    Ok(user.map_or_else(|| "?".into(), |u| u.name))
}

/// How one held seat ended: none while the game is played.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Ended {
    Won,
    Lost,
    Left,
    Abandoned,
}

fn ended(h: &HeldSeat) -> Option<Ended> {
    if h.seat < 0 {
        return None;
    }
    let summary: Value = serde_json::from_str(&h.summary).unwrap_or(Value::Null);
    let kind = summary["seats"][h.seat as usize]["kind"].as_str();
    match h.status.as_str() {
        _ if kind == Some("bot") && h.status != "running" && h.status != "open" => {
            Some(Ended::Left)
        }
        "abandoned" => Some(Ended::Abandoned),
        "over" => {
            let won = summary["standings"].as_array().is_some_and(|s| {
                s.iter().any(|st| {
                    st["place"] == 1
                        && st["members"]
                            .as_array()
                            .is_some_and(|m| m.iter().any(|p| p["seat"] == h.seat))
                })
            });
            Some(if won { Ended::Won } else { Ended::Lost })
        }
        _ => None,
    }
}

/// Games per game: played (ended), won, left, still playing.
pub fn records(held: &[HeldSeat]) -> Value {
    let mut by_game: HashMap<&str, [i64; 4]> = HashMap::new();
    for h in held.iter().filter(|h| h.seat >= 0) {
        let row = by_game.entry(&h.game).or_default();
        match ended(h) {
            Some(Ended::Won) => row[1] += 1,
            Some(Ended::Left) => row[2] += 1,
            None => row[3] += 1,
            _ => {}
        }
        if ended(h).is_some() {
            row[0] += 1;
        }
    }
    let mut games: Vec<_> = by_game.into_iter().collect();
    games.sort();
    json!(games
        .iter()
        .map(
            |(g, [ended, won, left, playing])| json!({"game": g, "ended": ended, "won": won,
             "left": left, "playing": playing})
        )
        .collect::<Vec<_>>())
}

/// The share of ended games the player finished (not left, not abandoned while it
/// was theirs to play); `None` before any game ended.
pub fn finish_rate(held: &[HeldSeat]) -> Option<f64> {
    let ends: Vec<Ended> = held.iter().filter_map(ended).collect();
    let finished = ends
        .iter()
        .filter(|e| matches!(e, Ended::Won | Ended::Lost))
        .count();
    (!ends.is_empty()).then(|| finished as f64 / ends.len() as f64)
}

/// Refuses a player below the table's requirements (a rated table also takes only
/// signed-in players; see `bind_seat`).
pub async fn check_requirements(hub: &Hub, id: &str, user_id: &str) -> Result<(), ApiError> {
    let cell = hub.cell(id).await?;
    let meta = cell.live.lock().await.meta.clone();
    let Some(req) = meta.requires.as_ref() else {
        return Ok(());
    };
    let below = |what: &str, need: f64, has: f64| ApiError {
        reason: Some(
            tabuleiro_core::Message::new(format!("refusal.account.min_{}", what.replace(' ', "_")))
                .arg("need", need)
                .arg("has", has),
        ),
        ..ApiError::new(
            StatusCode::FORBIDDEN,
            "requirement",
            format!("this table asks a {what} of at least {need}; yours is {has}"),
        )
    };
    if let Some(need) = req.min_rating {
        let player = [user_player(user_id)];
        let rated = hub
            .store
            .ratings(&scale(&meta), &player)
            .await
            .map_err(HubError::from)?;
        let fresh = WengLinRating::new();
        let has = rated
            .first()
            .map_or(shown(fresh.rating, fresh.uncertainty), |r| {
                shown(r.mu, r.sigma)
            });
        if has < need {
            return Err(below("rating", need, has));
        }
    }
    if let Some(need) = req.min_finish_rate {
        let held = hub
            .store
            .held_seats(user_id, 2000)
            .await
            .map_err(HubError::from)?;
        let has = finish_rate(&held).unwrap_or(1.0);
        if has < need {
            return Err(below("finish rate", need, (has * 100.0).round() / 100.0));
        }
    }
    Ok(())
}

/// One seat as the rating sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub seat: i64,
    /// Its rating's key; `None`: played unrated (a guest, a custom bot, the bot
    /// that replaced a leaver), at a fresh rating.
    pub player: Option<String>,
    pub left: bool,
}

/// The teams in the order of the standings, each with its place (1 best); leavers
/// after everyone, each on its own. Members are seat numbers.
pub fn teams(standings: &Value, entrants: &[Entrant]) -> Vec<(Vec<i64>, usize)> {
    let left: Vec<i64> = entrants.iter().filter(|e| e.left).map(|e| e.seat).collect();
    let mut teams: Vec<(Vec<i64>, usize)> = standings
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|st| {
            let seats = st["members"]
                .as_array()
                .map(Vec::as_slice)
                .unwrap_or_default();
            let seats = seats.iter().filter_map(|m| m["seat"].as_i64());
            let place = st["place"].as_u64().unwrap_or(1) as usize;
            (seats.filter(|s| !left.contains(s)).collect(), place)
        })
        .collect();
    let last = teams.iter().map(|t| t.1).max().unwrap_or(0) + 1;
    teams.extend(left.iter().map(|&s| (vec![s], last)));
    teams.retain(|(members, _)| !members.is_empty());
    teams
}

/// New ratings for a game's entrants: the results to store and each rated player's
/// new rating (a player in two seats, as two bots of one level, is rated by the
/// first).
pub fn rate(
    scale: &str,
    standings: &Value,
    entrants: &[Entrant],
    before: &HashMap<String, WengLinRating>,
) -> (Vec<RatedResult>, Vec<Rating>) {
    let teams = teams(standings, entrants);
    let rating_of = |seat: i64| {
        let entrant = entrants.iter().find(|e| e.seat == seat);
        let player = entrant.and_then(|e| e.player.as_ref());
        player
            .and_then(|p| before.get(p))
            .copied()
            .unwrap_or_default()
    };
    let old: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|(members, _)| members.iter().map(|&s| rating_of(s)).collect())
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = old
        .iter()
        .zip(&teams)
        .map(|(r, (_, place))| (r.as_slice(), MultiTeamOutcome::new(*place)))
        .collect();
    let new = weng_lin_multi_team(&input, &WengLinConfig::new());
    let mut results = Vec::new();
    let mut ratings: Vec<Rating> = Vec::new();
    for (t, (members, place)) in teams.iter().enumerate() {
        for (m, &seat) in members.iter().enumerate() {
            let Some(entrant) = entrants.iter().find(|e| e.seat == seat) else {
                continue;
            };
            let Some(player) = &entrant.player else {
                continue;
            };
            if ratings.iter().any(|r| &r.player == player) {
                continue;
            }
            let (was, now) = (old[t][m], new[t][m]);
            results.push(RatedResult {
                seat,
                player: player.clone(),
                place: *place as i64,
                left: entrant.left,
                before: shown(was.rating, was.uncertainty),
                after: shown(now.rating, now.uncertainty),
            });
            ratings.push(Rating {
                scale: scale.to_string(),
                player: player.clone(),
                mu: now.rating,
                sigma: now.uncertainty,
                games: 0,
            });
        }
    }
    (results, ratings)
}

/// The entrants of an ended game: who sat where, whether they left.
fn entrants(live: &LiveGame, holders: &[(i64, String, String)]) -> Vec<Entrant> {
    (0..live.seats.len())
        .map(|s| {
            let created = &live.meta.seats[s];
            let left = created.kind != SeatKind::Bot && live.seats[s].kind == SeatKind::Bot;
            let holder = holders.iter().find(|h| h.0 == s as i64);
            let player = match (created.kind, holder) {
                (_, Some((_, user, _))) => Some(user_player(user)),
                (SeatKind::Bot, None) => created
                    .bot
                    .as_deref()
                    .and_then(|spec| bot_player(&live.meta.game, spec)),
                _ => None,
            };
            Entrant {
                seat: s as i64,
                player,
                left,
            }
        })
        .collect()
}

/// The ratings before a game, with each bot level not yet rated on `scale` starting
/// where its measured ladder puts it (`tabuleiro_games::ladders`), so a person who
/// beats the expert in the first rated game gains as from an expert.
fn with_ladder_starts(
    scale: &str,
    mut before: HashMap<String, WengLinRating>,
    players: &[String],
) -> HashMap<String, WengLinRating> {
    for player in players {
        let Some(level) = player.strip_prefix("bot:") else {
            continue;
        };
        if let Some(prior) = tabuleiro_games::ladders::prior(scale, level) {
            before.entry(player.clone()).or_insert(WengLinRating {
                rating: prior.mu,
                uncertainty: prior.sigma,
            });
        }
    }
    before
}

/// Rates game `id` if it is a rated table that ended and was not rated yet (by
/// this process or another). Safe to call more than once.
pub async fn rate_game(hub: &Hub, id: &str) -> Result<bool, HubError> {
    let Some(_) = hub.store.rated_scale(id).await? else {
        return Ok(false);
    };
    let cell = hub.cell(id).await?;
    let (scale, standings, abandoned, mut entrants) = {
        let live = cell.live.lock().await;
        let holders = hub.store.seat_holders(id).await?;
        let over = live.status() == "over";
        if !over && !live.abandoned {
            return Ok(false);
        }
        let standings = if over {
            live.table.standings()
        } else {
            Value::Null
        };
        (
            scale(&live.meta),
            standings,
            live.abandoned,
            entrants(&live, &holders),
        )
    };
    if abandoned {
        entrants.clear();
    }
    let players: Vec<String> = entrants.iter().filter_map(|e| e.player.clone()).collect();
    let before: HashMap<String, WengLinRating> = hub
        .store
        .ratings(&scale, &players)
        .await?
        .into_iter()
        .map(|r| {
            (
                r.player,
                WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                },
            )
        })
        .collect();
    let before = with_ladder_starts(&scale, before, &players);
    let (results, ratings) = rate(&scale, &standings, &entrants, &before);
    let done = hub
        .store
        .record_rating(id, &results, &ratings, now_ms())
        .await?;
    if done {
        tracing::info!(game = %id, scale, rated = results.len(), "rated");
    }
    Ok(done)
}

/// Rates the rated games that ended without being rated (a process stopped
/// between the end and its rating).
pub async fn rate_due(hub: &Hub) {
    match hub.store.rated_games_due().await {
        Ok(ids) => {
            for id in ids {
                if let Err(e) = rate_game(hub, &id).await {
                    tracing::warn!(game = %id, "rating: {e:?}");
                }
            }
        }
        Err(e) => tracing::warn!("rating: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(seat: i64, player: &str, left: bool) -> Entrant {
        Entrant {
            seat,
            player: Some(player.into()),
            left,
        }
    }

    fn standings(places: &[(u8, &[i64])]) -> Value {
        json!(places
            .iter()
            .map(|(p, seats)| json!({"place": p, "score": 0,
                "members": seats.iter().map(|s| json!({"seat": s})).collect::<Vec<_>>()}))
            .collect::<Vec<_>>())
    }

    #[test]
    fn the_winner_gains_and_the_others_lose() {
        let e = [
            entrant(0, "user:a", false),
            entrant(1, "user:b", false),
            entrant(2, "bot:medium", false),
        ];
        let (results, ratings) = rate(
            "catan",
            &standings(&[(1, &[1]), (2, &[0]), (3, &[2])]),
            &e,
            &HashMap::new(),
        );
        assert_eq!(results.len(), 3);
        let after = |p: &str| ratings.iter().find(|r| r.player == p).unwrap().mu;
        assert!(after("user:b") > 25.0 && after("user:a") < after("user:b"));
        assert!(after("bot:medium") < 25.0);
        assert_eq!(
            results.iter().find(|r| r.player == "user:b").unwrap().place,
            1
        );
    }

    #[test]
    fn a_leaver_is_placed_last_whatever_the_bot_scored_for_them() {
        let e = [entrant(0, "user:a", true), entrant(1, "user:b", false)];
        // The bot that played seat 0 on won the game: seat 0's person still lost.
        let (results, ratings) = rate(
            "viscounts",
            &standings(&[(1, &[0]), (2, &[1])]),
            &e,
            &HashMap::new(),
        );
        let a = results.iter().find(|r| r.player == "user:a").unwrap();
        assert!(a.left && a.place == 3);
        let mu = |p: &str| ratings.iter().find(|r| r.player == p).unwrap().mu;
        assert!(mu("user:a") < 25.0 && mu("user:b") > 25.0);
    }

    #[test]
    fn partners_share_their_team_result_and_two_bots_of_a_level_are_rated_once() {
        let e = [
            entrant(0, "user:a", false),
            entrant(1, "bot:hard", false),
            entrant(2, "user:c", false),
            entrant(3, "bot:hard", false),
        ];
        let (results, ratings) = rate(
            "burgundy.team",
            &standings(&[(1, &[0, 2]), (2, &[1, 3])]),
            &e,
            &HashMap::new(),
        );
        assert_eq!(ratings.iter().filter(|r| r.player == "bot:hard").count(), 1);
        assert!(results
            .iter()
            .filter(|r| r.place == 1)
            .all(|r| r.player.starts_with("user:")));
        assert!(ratings.iter().all(|r| r.scale == "burgundy.team"));
    }

    #[test]
    fn unrated_entrants_play_at_a_fresh_rating_and_are_not_stored() {
        let e = [
            entrant(0, "user:a", false),
            Entrant {
                seat: 1,
                player: None,
                left: false,
            },
        ];
        let (results, ratings) = rate(
            "catan",
            &standings(&[(1, &[0]), (2, &[1])]),
            &e,
            &HashMap::new(),
        );
        assert_eq!((results.len(), ratings.len()), (1, 1));
    }

    /// A bot level unrated on a scale with a ladder starts at the ladder's rating;
    /// one already rated keeps its own; a person and a scale without a ladder start
    /// fresh. A person who beats the expert gains more than one who beats easy.
    #[test]
    fn bot_levels_start_where_their_ladder_puts_them() {
        let ladder = tabuleiro_games::ladders::ladder("burgundy").unwrap();
        let players = ["bot:expert", "bot:easy", "user:a"].map(String::from);
        let rated = WengLinRating {
            rating: 30.0,
            uncertainty: 2.0,
        };
        let before = HashMap::from([("bot:easy".to_string(), rated)]);
        let start = with_ladder_starts("burgundy", before, &players);
        let expert = ladder.prior("expert").unwrap();
        assert_eq!(start["bot:expert"].rating, expert.mu);
        assert_eq!(start["bot:expert"].uncertainty, expert.sigma);
        assert_eq!(start["bot:easy"], rated);
        assert!(!start.contains_key("user:a"));
        let none = with_ladder_starts("burgundy.team", HashMap::new(), &players);
        assert!(none.is_empty(), "no ladder on the team game's scale");

        let win_against = |level: &str| {
            let e = [entrant(0, "user:a", false), entrant(1, level, false)];
            let start = with_ladder_starts("burgundy", HashMap::new(), &[level.to_string()]);
            let (results, _) = rate("burgundy", &standings(&[(1, &[0]), (2, &[1])]), &e, &start);
            results[0].after - results[0].before
        };
        assert!(win_against("bot:expert") > win_against("bot:easy"));
    }

    #[test]
    fn scales_follow_the_expansion_and_the_team_game() {
        let meta = |game: &str, options: Value| Meta {
            game: game.into(),
            options,
            seed: 0,
            seed_chosen: false,
            engine_version: String::new(),
            rules_version: None,
            rated: true,
            ..Meta::default()
        };
        assert_eq!(scale(&meta("catan", json!({"expansion": "base"}))), "catan");
        assert_eq!(
            scale(&meta("catan", json!({"expansion": "cities_and_knights"}))),
            "catan.cities_and_knights"
        );
        assert_eq!(
            scale(&meta("burgundy", json!({"modules": ["team", "shields"]}))),
            "burgundy.team"
        );
        assert!(
            known_scale("burgundy.team") && !known_scale("chess") && !known_scale("catan;drop")
        );
    }

    #[test]
    fn requirements_are_bounded() {
        assert!(Requirements {
            min_finish_rate: Some(1.5),
            min_rating: None
        }
        .check()
        .is_err());
        assert!(Requirements {
            min_finish_rate: Some(0.8),
            min_rating: Some(10.0)
        }
        .check()
        .is_ok());
    }
}
