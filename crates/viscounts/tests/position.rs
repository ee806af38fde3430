//! Position files (src/position.rs): a position of a random game reads back as itself;
//! each kind of broken position is refused with its reason; a rule plays out from a
//! hand-edited position; mutated files are refused or play to the end without a panic.

use serde_json::{json, Value};
use tabuleiro_core::{Game, Present, Rng, Seat, ToAct};
use tabuleiro_viscounts::effect::Card;
use tabuleiro_viscounts::state::{Effects, Question, Task};
use tabuleiro_viscounts::{Config, Error, PositionError, Viscounts};

/// One random step (a decision or a chance outcome); false when the game is over.
fn step(g: &mut Viscounts, rng: &mut Rng) -> bool {
    try_step(g, rng).unwrap()
}

/// One random step; a legal decision refused is an error naming it.
fn try_step(g: &mut Viscounts, rng: &mut Rng) -> Result<bool, String> {
    match g.to_act() {
        ToAct::Over => Ok(false),
        ToAct::Chance => {
            let o = g.sample_chance(rng);
            g.apply_chance(&o, &mut Vec::new()).unwrap();
            Ok(true)
        }
        ToAct::Seats(s) => {
            let seat = s.lowest().unwrap();
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.below(legal.len())];
            g.apply(seat, &a, &mut Vec::new())
                .map_err(|e| format!("{a:?} by {seat}: {e:?}, tasks {:?}", g.tasks))?;
            Ok(true)
        }
    }
}

/// Positions met every `every` steps of a random game.
fn positions(players: u8, seed: u64, every: usize) -> Vec<Viscounts> {
    let mut g = Viscounts::new(&Config::with_players(players)).unwrap();
    let mut rng = Rng::seed(seed);
    let mut out = vec![g.clone()];
    let mut k = 0;
    while step(&mut g, &mut rng) {
        k += 1;
        if k % every == 0 {
            out.push(g.clone());
        }
    }
    out.push(g);
    out
}

/// A position in the middle of a 3-player game, as JSON.
fn middle() -> Value {
    let all = positions(3, 5, 1);
    serde_json::to_value(&all[all.len() / 2]).unwrap()
}

fn load(v: &Value) -> Result<Viscounts, PositionError> {
    match Viscounts::from_json(&v.to_string()) {
        Ok(g) => Ok(g),
        Err(Error::Position(p)) => Err(p),
        Err(e) => panic!("not a position error: {e}"),
    }
}

#[test]
fn positions_of_random_games_round_trip_and_validate() {
    let mut n = 0;
    for players in 1..=4 {
        for seed in 0..3 {
            for g in positions(players, seed, 7) {
                let text = serde_json::to_string(&g).unwrap();
                let back = Viscounts::from_json(&text)
                    .unwrap_or_else(|e| panic!("{players}p seed {seed}: {e}"));
                assert_eq!(back, g);
                assert_eq!(g.check_position(), Ok(()));
                n += 1;
            }
        }
    }
    assert!(n > 500, "{n} positions");
}

/// Applies `edit` to the middle position and expects the refusal `want` (by its tag).
/// While playing, pending printed effects refer to the content instead of a copy (issue
/// 46). A position holding some is written with the effects themselves, reads back
/// equal, writes out the same text again and plays on exactly as the original.
#[test]
fn pending_printed_effects_are_written_out_and_play_on_the_same() {
    let printed = |g: &Viscounts| {
        g.tasks.iter().any(|t| {
            matches!(
                t,
                Task::Run {
                    effects: Effects::Printed(_),
                    ..
                }
            )
        })
    };
    let mut found = 0;
    for seed in 0..20 {
        for g in positions(4, seed, 1).into_iter().filter(printed) {
            let text = serde_json::to_string(&g).unwrap();
            let mut back = Viscounts::from_json(&text).unwrap();
            assert_eq!(back, g);
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
            let (mut a, mut ra, mut rb) = (g, Rng::seed(seed), Rng::seed(seed));
            while step(&mut a, &mut ra) {
                assert!(step(&mut back, &mut rb));
                assert_eq!(back, a);
            }
            assert!(!step(&mut back, &mut rb));
            found += 1;
            if found == 5 {
                return;
            }
        }
    }
    panic!("only {found} positions with printed effects pending");
}

fn refused(edit: impl FnOnce(&mut Value), want: &str) {
    let mut v = middle();
    assert!(load(&v).is_ok(), "the unedited position loads");
    edit(&mut v);
    let e = load(&v).expect_err(want);
    let tag = serde_json::to_value(&e).unwrap()["refusal"].clone();
    assert_eq!(tag, want, "{e:?}");
    // The reason reaches the CLI as text (`tabuleiro position show`).
    let g: Result<Viscounts, _> = serde_json::from_value(v);
    if let Ok(g) = g {
        assert!(g
            .check_position()
            .unwrap_err()
            .contains("not a reachable position"));
    }
}

fn seat0(v: &mut Value) -> &mut Value {
    &mut v["players"][0]
}

#[test]
fn each_broken_position_is_refused_with_its_reason() {
    refused(|v| *v = json!({"players": "x"}), "json");
    // Resources are never negative: a negative count does not even read.
    refused(|v| seat0(v)["res"][1] = json!(-1), "json");
    refused(|v| v["config"]["players"] = json!(7), "config");
    refused(
        |v| {
            v["players"].as_array_mut().unwrap().pop();
        },
        "seats",
    );
    refused(|v| v["current"] = json!(3), "no_such_seat");
    refused(|v| v["castle"]["leader"] = json!(5), "no_such_seat");
    refused(|v| seat0(v)["space"] = json!(15), "no_such_space");
    refused(
        |v| seat0(v)["player_card"] = json!(11),
        "no_such_player_card",
    );
    refused(
        |v| {
            let other = v["players"][1]["player_card"].clone();
            seat0(v)["player_card"] = other;
        },
        "no_such_player_card",
    );
    refused(|v| seat0(v)["silver"] = json!(5000), "too_much");
    refused(
        |v| {
            seat0(v)["corruption"] = json!(6);
            seat0(v)["virtue"] = json!(2);
        },
        "track",
    );
    refused(|v| seat0(v)["virtue"] = json!(8), "track");
    refused(|v| seat0(v)["hand"] = json!([120]), "no_such_card");
    // A card in two places: copied from the discard pile into the hand.
    refused(
        |v| {
            let p = seat0(v);
            let card = p["draw"][0].clone();
            p["hand"].as_array_mut().unwrap().push(card);
        },
        "card_count",
    );
    refused(
        |v| {
            let p = seat0(v);
            p["draw"].as_array_mut().unwrap().pop();
        },
        "card_count",
    );
    refused(
        |v| {
            let h = v["villagers"][0]["hidden"].as_u64().unwrap();
            v["villagers"][0]["hidden"] = json!(h + 1);
        },
        "stack_count",
    );
    refused(
        |v| {
            seat0(v)["manuscripts"]
                .as_array_mut()
                .unwrap()
                .push(json!(40))
        },
        "no_such_manuscript",
    );
    refused(
        |v| {
            let top = v["manuscripts"][0]["top"].clone();
            seat0(v)["manuscripts"].as_array_mut().unwrap().push(top);
        },
        "manuscript_twice",
    );
    refused(
        |v| {
            v["clergy_bonus_left"]
                .as_array_mut()
                .unwrap()
                .push(json!("blue"))
        },
        "clergy_bonus",
    );
    refused(|v| v["order"] = json!([0, 0, 1, 2, 3]), "ring");
    refused(|v| v["rotation"] = json!(5), "ring");
    refused(
        |v| v["spots"][0][7] = json!([0, "workshop"]),
        "no_such_spot",
    );
    refused(
        |v| {
            let b = seat0(v)["built"][2].as_u64().unwrap();
            seat0(v)["built"][2] = json!(b + 1);
        },
        "buildings",
    );
    refused(
        |v| {
            let r = seat0(v)["reserve"].as_u64().unwrap();
            seat0(v)["reserve"] = json!(r + 1);
        },
        "workers",
    );
    refused(|v| v["castle"]["level3"][3] = json!(1), "no_such_seat");
    refused(|v| v["debts_on_poverty"] = json!(200), "piles");
    refused(
        |v| {
            v["poverty_revealed"] = json!(false);
            v["prosperity_revealed"] = json!(false);
            v["last_round"] = json!(9);
        },
        "end_trigger",
    );
    refused(
        |v| {
            let t = json!({"task": "reveal_villager", "pos": 7});
            v["tasks"].as_array_mut().unwrap().insert(0, t);
        },
        "no_such_position",
    );
    // Task payloads the engine never produces (each would index or count past the end).
    for t in [
        json!({"task": "finish", "seat": 0, "space": 0,
               "main": {"kind": "build", "building": "workshop", "spot": 200}}),
        json!({"task": "finish", "seat": 0, "space": 3,
               "main": {"kind": "place_workers", "workers": 200}}),
        json!({"task": "finish", "seat": 0, "space": 0,
               "main": {"kind": "trade", "times": 0}}),
        json!({"task": "ask", "seat": 0, "q": {"q": "place_workers", "n": 200, "anywhere": true}}),
        json!({"task": "ask", "seat": 0, "q": {"q": "expel", "level": 3, "section": 0}}),
        json!({"task": "ai_row", "steps": []}),
    ] {
        refused(
            |v| v["tasks"].as_array_mut().unwrap().insert(0, t),
            "task_payload",
        );
    }
    // The turn's questions go to the player whose turn it is.
    refused(
        |v| {
            let other = (v["current"].as_u64().unwrap() + 1) % 3;
            let t = json!({"task": "ask", "seat": other, "q": {"q": "hire"}});
            v["tasks"].as_array_mut().unwrap().insert(0, t);
        },
        "task_payload",
    );
    // The Future pile holds Plot cards only: a villager moved there is refused.
    refused(
        |v| {
            let p = seat0(v);
            let pile = if p["draw"].as_array().unwrap().is_empty() {
                "discard"
            } else {
                "draw"
            };
            let card = p[pile].as_array_mut().unwrap().pop().unwrap();
            v["future_plots"].as_array_mut().unwrap().push(card);
        },
        "no_such_card",
    );
    refused(|v| v["phase"] = json!("over"), "phase");
    // Nothing pending while the game is played: run, the game would end before
    // Poverty or Prosperity is revealed (L562).
    refused(|v| v["tasks"] = json!([]), "no_decision");
    // A question put to a seat that has no answer to it.
    refused(
        |v| {
            v["tasks"]
                .as_array_mut()
                .unwrap()
                .push(json!({"task": "ask", "seat": 0, "q": {"q": "advance"}}));
        },
        "phase",
    );
    refused(
        |v| {
            let mut fresh =
                serde_json::to_value(Viscounts::new(&Config::with_players(3)).unwrap()).unwrap();
            fresh["round"] = json!(4);
            *v = fresh;
        },
        "setup_dealt",
    );
}

/// The last seat of a round (the first player's right) to place a card.
fn last_turn_start(players: u8, seed: u64) -> Value {
    let mut g = Viscounts::new(&Config::with_players(players)).unwrap();
    let mut rng = Rng::seed(seed);
    let last = |g: &Viscounts| (g.first + players - 1) % players;
    loop {
        assert!(step(&mut g, &mut rng), "no such turn before the end");
        let placing = matches!(
            g.tasks.last(),
            Some(Task::Ask { seat, q: Question::Place, .. }) if *seat == g.current
        );
        if placing && g.current == last(&g) && g.round > 2 && g.last_round.is_none() {
            return serde_json::to_value(&g).unwrap();
        }
    }
}

/// Plays random decisions until the game ends or `seat` places a card again; answers
/// whether the game ended, and checks that no round after `round` began.
fn play_turn(mut g: Viscounts, seat: Seat, round: u16, seed: u64) -> bool {
    let mut rng = Rng::seed(seed);
    let mut started = false;
    loop {
        assert!(g.round <= round + 1);
        let placing = matches!(
            g.tasks.last(),
            Some(Task::Ask {
                q: Question::Place,
                ..
            })
        );
        if placing && g.current != seat {
            started = true;
        }
        if !step(&mut g, &mut rng) {
            assert_eq!(g.round, round, "the game ends in its final round");
            return true;
        }
        if started {
            return false;
        }
    }
}

/// Seed 003 L562 (A4): once Poverty or Prosperity is revealed, the game ends at the end of
/// the final round: the last seat's turn of that round is the game's last. From a position
/// file edited by hand to reveal Poverty with this round as the last.
#[test]
fn l562_the_game_ends_after_the_final_rounds_last_turn_from_a_position_file() {
    for (players, seed) in [(2u8, 3u64), (3, 4), (4, 9)] {
        let mut v = last_turn_start(players, seed);
        let round = v["round"].as_u64().unwrap() as u16;
        let seat = v["current"].as_u64().unwrap() as Seat;
        v["debts_on_poverty"] = json!(0);
        v["poverty_revealed"] = json!(true);
        v["last_round"] = json!(round);
        let g = Viscounts::from_json(&v.to_string()).unwrap();
        assert!(play_turn(g, seat, round, seed), "{players}p: the game ends");
        // The same file with one more round to play: the next seat begins its turn.
        v["last_round"] = json!(round + 1);
        let g = Viscounts::from_json(&v.to_string()).unwrap();
        assert!(
            !play_turn(g, seat, round, seed),
            "{players}p: the game goes on"
        );
    }
}

fn numbers(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| {
            path.push(i.to_string());
            numbers(x, path, out);
            path.pop();
        }),
        Value::Object(m) => m.iter().for_each(|(k, x)| {
            path.push(k.clone());
            numbers(x, path, out);
            path.pop();
        }),
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |cur, k| match cur {
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        other => other.get_mut(k.as_str()).unwrap(),
    })
}

/// Loads `v`: refused (false), or plays to the end without a panic (true).
fn refused_or_playable(v: &Value, rng: &mut Rng, what: &str) -> bool {
    match Viscounts::from_json(&v.to_string()) {
        Err(_) => false,
        Ok(mut g) => {
            let mut steps = 0;
            while try_step(&mut g, rng).unwrap_or_else(|e| panic!("{what}: {e}")) {
                steps += 1;
                assert!(steps < 50_000, "{what}: the game does not end");
            }
            true
        }
    }
}

/// Mutates `tries` numbers under paths `keep` chooses in each sample; (refused, loaded).
fn mutate(
    samples: &[Value],
    rng: &mut Rng,
    tries: usize,
    keep: impl Fn(&[String]) -> bool,
) -> (u32, u32) {
    let (mut refused, mut loaded) = (0, 0);
    for sample in samples {
        let mut paths = Vec::new();
        numbers(sample, &mut Vec::new(), &mut paths);
        paths.retain(|p| keep(p));
        if paths.is_empty() {
            continue;
        }
        for _ in 0..tries {
            let mut v = sample.clone();
            let path = &paths[rng.below(paths.len())];
            let old = at(&mut v, path).as_u64().unwrap_or(0);
            let new = [0, 1, 2, old + 1, old.saturating_sub(1), 7, 200, 1000][rng.below(8)];
            *at(&mut v, path) = json!(new);
            if refused_or_playable(&v, rng, &format!("{path:?} = {new}")) {
                loaded += 1;
            } else {
                refused += 1;
            }
        }
    }
    (refused, loaded)
}

fn samples() -> Vec<Value> {
    let mut out = Vec::new();
    for players in 1..=4 {
        for g in positions(players, players as u64 + 40, 13) {
            out.push(serde_json::to_value(&g).unwrap());
        }
    }
    out
}

/// A file from outside is untrusted: a position with one number changed is refused, or
/// it loads and plays to the end without a panic.
#[test]
fn mutated_positions_are_refused_or_playable() {
    let mut rng = Rng::seed(17);
    let (refused, loaded) = mutate(&samples(), &mut rng, 6, |_| true);
    assert!(
        refused > 50 && loaded > 50,
        "{refused} refused, {loaded} loaded"
    );
}

/// The same for the numbers inside the pending tasks (spots, worker counts, trades,
/// castle levels, effect amounts, Plot rows) and the Future pile's card ids.
#[test]
fn mutated_task_payloads_are_refused_or_playable() {
    let mut rng = Rng::seed(23);
    let samples = samples();
    let (mut refused, mut loaded) = mutate(&samples, &mut rng, 12, |p| {
        p[0] == "tasks" || p[0] == "future_plots"
    });
    // Tasks slid under the pending work, with payloads in and out of range.
    let n = [0, 1, 2, 3, 5, 7, 12, 200];
    for sample in samples.iter().filter(|v| v["phase"] == "playing") {
        for _ in 0..6 {
            let (a, b) = (n[rng.below(n.len())], n[rng.below(n.len())]);
            let seat = rng.below(sample["players"].as_array().unwrap().len());
            let space = rng.below(15);
            let t = [
                json!({"task": "finish", "seat": seat, "space": space,
                       "main": {"kind": "build", "building": "guildhall", "spot": a}}),
                json!({"task": "finish", "seat": seat, "space": space,
                       "main": {"kind": "place_workers", "workers": a}}),
                json!({"task": "finish", "seat": seat, "space": space,
                       "main": {"kind": "trade", "times": a}}),
                json!({"task": "ask", "seat": seat,
                       "q": {"q": "place_workers", "n": a, "anywhere": b % 2 == 0}}),
                json!({"task": "ask", "seat": seat, "q": {"q": "expel", "level": a, "section": b}}),
                json!({"task": "run", "seat": seat,
                       "effects": [{"op": "gain", "items": {"silver": a, "debt": b}}]}),
            ][rng.below(6)]
            .clone();
            let mut v = sample.clone();
            v["tasks"].as_array_mut().unwrap().insert(0, t.clone());
            if refused_or_playable(&v, &mut rng, &t.to_string()) {
                loaded += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        refused > 50 && loaded > 50,
        "{refused} refused, {loaded} loaded"
    );
}

/// The hand-written position files of docs/viscounts/position.md (tests/positions/):
/// each says `"fill": "box"`, holds automatic work on top, and loads settled.
const FILES: [(&str, &str); 4] = [
    (
        "castle-cascade",
        include_str!("positions/castle-cascade.json"),
    ),
    ("collision", include_str!("positions/collision.json")),
    ("draw-step", include_str!("positions/draw-step.json")),
    ("ai-turn", include_str!("positions/ai-turn.json")),
];

fn file(name: &str) -> Value {
    let (_, text) = FILES.iter().find(|(n, _)| *n == name).unwrap();
    serde_json::from_str(text).unwrap()
}

#[test]
fn hand_written_files_with_pending_work_load_settled() {
    for (name, text) in FILES {
        let v: Value = serde_json::from_str(text).unwrap();
        let top = v["tasks"].as_array().unwrap().last().unwrap().clone();
        assert_ne!(top["task"], "ask", "{name}: automatic work on top");
        let g = Viscounts::from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(g.check_position(), Ok(()), "{name}");
        assert_ne!(g.to_act(), ToAct::Over, "{name}");
        // Settled: what it waits for is a chance step or a seat's question.
        assert!(
            matches!(g.tasks.last(), Some(Task::Ask { .. } | Task::Draw { .. })),
            "{name}: {:?}",
            g.tasks.last()
        );
    }
}

/// `"fill": "box"`: each seated player's starting cards and a hero it does not hold go
/// to its draw pile, the neutral villagers and black manuscripts placed nowhere under
/// the stacks, the Clergy bonus cards no one holds stay on offer; the file validates.
#[test]
fn fill_puts_what_a_file_leaves_out_where_the_rules_keep_unseen_cards() {
    let mut v = file("collision");
    v["tasks"] = json!([{"task": "ask", "seat": 0, "q": {"q": "place"}}]);
    let g = load(&v).unwrap();
    let starting: Vec<Card> = (0..8).map(Card).collect();
    // Seat 0 holds three starting cards in hand: the other five and a hero are drawn.
    let mut want: Vec<Card> = starting[3..].to_vec();
    want.push(Card(8));
    assert_eq!(g.players[0].draw, want);
    let mut want: Vec<Card> = starting.iter().copied().filter(|&k| k != Card(3)).collect();
    want.push(Card(9));
    assert_eq!(g.players[1].draw, want);
    assert_eq!(g.villager_pool.len(), 63);
    assert!(
        !g.villager_pool.contains(&Card(18)),
        "a stack's top is placed"
    );
    assert_eq!(g.manuscript_pool.len(), 30);
    assert_eq!(g.clergy_bonus_left.len(), 4);
    // Without the fill, the same file accounts for too few cards.
    v.as_object_mut().unwrap().remove("fill");
    assert!(matches!(load(&v), Err(PositionError::CardCount { .. })));
    // The fill does not make up for stacks that count other than the pool.
    v["fill"] = json!("box");
    v["villagers"][0]["hidden"] = json!(14);
    assert_eq!(
        load(&v),
        Err(PositionError::StackCount {
            stacks: "villagers".into(),
            hidden: 64,
            pool: 63
        })
    );
    v["fill"] = json!("sack");
    match load(&v) {
        Err(PositionError::Json { reason }) => assert!(reason.starts_with("fill:"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

/// A castle level may be written with fewer than 16 seats a section; more is refused.
#[test]
fn castle_sections_may_stop_after_the_last_seat() {
    let mut v = file("castle-cascade");
    v["castle"]["level1"][2] = json!(vec![0; 17]);
    match load(&v) {
        Err(PositionError::Json { reason }) => assert!(reason.contains("17 seats"), "{reason}"),
        other => panic!("{other:?}"),
    }
    v["castle"]["level1"] = json!([[2], [], [], [3]]);
    match load(&v) {
        Err(PositionError::Json { reason }) => {
            assert!(reason.contains("4 castle sections"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
}

/// Pending work that reaches no decision and no chance is refused, naming where it
/// stops; a question its seat cannot answer is refused as before.
#[test]
fn pending_work_that_reaches_no_decision_is_refused() {
    let mut v = file("draw-step");
    v["tasks"] = json!([{"task": "shift"}]);
    match load(&v) {
        Err(PositionError::NoDecision { reached }) => {
            assert!(reached.contains("end of the game"), "{reached}")
        }
        other => panic!("{other:?}"),
    }
    v["tasks"] = json!([{"task": "ask", "seat": 1, "q": {"q": "advance"}}]);
    assert_eq!(
        load(&v),
        Err(PositionError::Phase {
            phase: "playing".into()
        })
    );
}
