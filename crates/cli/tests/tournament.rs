//! `tabuleiro tournament` tested as a process.

use std::process::{Command, Output};

fn tabuleiro(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(args)
        .output()
        .expect("runs")
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn tournament(bots: &str, games: &str, seed: &str, jobs: &str) -> serde_json::Value {
    tournament_with(bots, games, seed, jobs, &[])
}

/// A 2-player Burgundy tournament, with `more` arguments.
fn tournament_with(
    bots: &str,
    games: &str,
    seed: &str,
    jobs: &str,
    more: &[&str],
) -> serde_json::Value {
    let mut args = vec![
        "tournament",
        "--game",
        "burgundy",
        "--players",
        "2",
        "--bots",
        bots,
        "--games",
        games,
        "--seed",
        seed,
        "--jobs",
        jobs,
        "--json",
    ];
    args.extend(more);
    json(&tabuleiro(&args))
}

/// What must not change between runs: everything but timing.
fn outcome(summary: &serde_json::Value) -> Vec<(String, u64, u64, f64, f64)> {
    summary["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            (
                b["name"].as_str().unwrap().to_string(),
                b["games"].as_u64().unwrap(),
                b["wins"].as_u64().unwrap(),
                b["mean_score"].as_f64().unwrap(),
                b["sd_score"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_small_tournament_reports_every_bot() {
    let s = tournament("random,greedy", "6", "3", "1");
    assert_eq!(s["games"], 6);
    let bots = s["bots"].as_array().unwrap();
    assert_eq!(bots.len(), 2);
    assert_eq!(bots[0]["name"], "random");
    assert_eq!(bots[1]["name"], "greedy");
    for b in bots {
        for key in [
            "name",
            "games",
            "wins",
            "win_rate",
            "mean_score",
            "win_rate_low",
            "win_rate_high",
            "sd_score",
            "mean_decision_ms",
            "elo",
        ] {
            assert!(!b[key].is_null(), "{key} missing in {b}");
        }
        assert_eq!(b["games"], 6, "both bots sit in every 2-player game");
        let (low, rate, high) = (
            b["win_rate_low"].as_f64().unwrap(),
            b["win_rate"].as_f64().unwrap(),
            b["win_rate_high"].as_f64().unwrap(),
        );
        assert!(low <= rate && rate <= high);
    }
    let wins: u64 = bots.iter().map(|b| b["wins"].as_u64().unwrap()).sum();
    assert_eq!(wins, 6, "one winner per game");
}

#[test]
fn the_same_seed_gives_the_same_results_on_any_number_of_threads() {
    let one = tournament("random,greedy", "8", "7", "1");
    assert_eq!(
        outcome(&one),
        outcome(&tournament("random,greedy", "8", "7", "1"))
    );
    assert_eq!(
        outcome(&one),
        outcome(&tournament("random,greedy", "8", "7", "2"))
    );
    assert_ne!(
        outcome(&one),
        outcome(&tournament("random,greedy", "8", "8", "1")),
        "another seed plays other games"
    );
    let mcts = "mcts:iters=20,cap=20;random";
    assert_eq!(
        outcome(&tournament(mcts, "2", "1", "1")),
        outcome(&tournament(mcts, "2", "1", "2"))
    );
}

#[test]
fn greedy_beats_random() {
    let s = tournament("greedy,random", "10", "1", "2");
    let greedy = &s["bots"][0];
    assert_eq!(greedy["name"], "greedy");
    assert!(greedy["wins"].as_u64().unwrap() >= 8, "{s}");
    assert!(greedy["mean_score"].as_f64().unwrap() > s["bots"][1]["mean_score"].as_f64().unwrap());
}

#[test]
fn seats_rotate_and_more_seats_than_bots_cycle_the_list() {
    let s = json(&tabuleiro(&[
        "tournament",
        "--players",
        "3",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--seed",
        "2",
        "--json",
    ]));
    let games: Vec<u64> = s["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["games"].as_u64().unwrap())
        .collect();
    assert_eq!(games, [6, 6], "4 games x 3 seats shared evenly");
}

#[test]
fn bad_bot_specs_are_refused_with_the_reason() {
    for (bots, why) in [
        ("random,alphazero", "unknown bot"),
        ("mcts:depth=3", "unknown mcts option"),
        ("random:x=1", "takes no options"),
        ("greedy:x=1", "unknown greedy option"),
        ("greedy:slip=2", "not a number from 0 to 1"),
    ] {
        let out = tabuleiro(&["tournament", "--bots", bots, "--games", "1"]);
        assert_eq!(out.status.code(), Some(2), "{bots}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{bots}: {err}");
    }
}

/// Issue 44: a bot's game can be read. `tournament --record` writes every game's
/// record naming the bots seat by seat; each replays to the scores it carries, and
/// `replay --log` tells it step by step, each decision with its seat and bot, in the
/// language asked for.
#[test]
fn tournament_records_name_the_bots_and_read_in_words() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-tournament-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let summary = json(&tabuleiro(&[
        "tournament",
        "--game",
        "catan",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
        "--record",
        dir.to_str().unwrap(),
    ]));
    assert_eq!(summary["games"], 2);
    for (i, seats) in [
        (0, ["greedy", "random", "greedy"]),
        (1, ["random", "greedy", "random"]),
    ] {
        let file = dir.join(format!("game-{i}.json"));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(record["bots"], serde_json::json!(seats), "game {i}");
        let replayed = json(&tabuleiro(&["replay", file.to_str().unwrap(), "--json"]));
        assert_eq!(replayed["scores"], record["scores"]);
        let log = tabuleiro(&["replay", file.to_str().unwrap(), "--log", "--lang", "pt-BR"]);
        assert!(
            log.status.success(),
            "{}",
            String::from_utf8_lossy(&log.stderr)
        );
        let text = String::from_utf8_lossy(&log.stdout);
        let first = text
            .lines()
            .find(|l| l.contains(". Jogador"))
            .expect("a decision");
        // A bot is named by the level its spec stands for (greedy is medium), as in
        // the lobby; a spec that is no level by its kind.
        let who = if seats[0] == "greedy" {
            "robô médio"
        } else {
            "robô aleatório"
        };
        assert!(
            first.contains("Jogador 1") && first.contains(who),
            "{first}"
        );
        assert!(
            text.contains("constrói um assentamento"),
            "events in words: {text}"
        );
    }
    let bad = tabuleiro(&[
        "replay",
        dir.join("game-0.json").to_str().unwrap(),
        "--log",
        "--lang",
        "xx",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown language"));
}

/// Issue 44: `--sprt ELO0,ELO1` stops a match at the game where the sequential test
/// decides, the same game on any number of threads; a match that runs out of games
/// first says so; bad bounds are refused before any game.
#[test]
fn a_sequential_test_stops_the_match_when_it_decides() {
    let sprt = |bots: &str, games: &str, jobs: &str| {
        tournament_with(bots, games, "1", jobs, &["--sprt", "0,50"])
    };
    let clear = sprt("greedy,random", "400", "2");
    assert_eq!(clear["sprt"]["verdict"], "elo1");
    let played = clear["games"].as_u64().unwrap();
    assert!(
        played < 60,
        "greedy beats random in a few dozen games: {played}"
    );
    assert!(clear["sprt"]["llr"].as_f64().unwrap() >= clear["sprt"]["upper"].as_f64().unwrap());
    assert!(clear["cpu_seconds"].as_f64().unwrap() >= 0.0);
    let even = sprt("random,random", "3000", "1");
    assert_eq!(even["sprt"]["verdict"], "elo0");
    assert_eq!(outcome(&even), outcome(&sprt("random,random", "3000", "2")));
    let short = sprt("random,random", "10", "2");
    assert_eq!(
        (short["games"].as_u64(), &short["sprt"]["verdict"]),
        (Some(10), &serde_json::json!("undecided"))
    );
    for (bounds, why) in [("50,0", "above ELO0"), ("0", "two Elo bounds")] {
        let out = tabuleiro(&["tournament", "--bots", "greedy,random", "--sprt", bounds]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(why));
    }
}
