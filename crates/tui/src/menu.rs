//! The legal decisions as a menu tree: each action becomes a path of choices (the
//! die, then what to do with it, then the tile, then the space), so the player only
//! ever sees what the engine allows, one step at a time.

use crate::words::Words;
use tabuleiro_burgundy::action::BLACK;
use tabuleiro_burgundy::state::{Pending, STORAGE};
use tabuleiro_burgundy::Misplaced;
use tabuleiro_burgundy::{Action, Burgundy, Tile};
use tabuleiro_core::{Game, Seat};

/// One step of a path: its words, and the duchy space it names, if any (to light it
/// up on the map).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub label: String,
    pub space: Option<u8>,
}

fn choice(label: String) -> Choice {
    Choice { label, space: None }
}

/// What one entry of the menu at some level leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub choice: Choice,
    /// The action, when choosing this entry decides.
    pub action: Option<Action>,
}

/// The legal actions of a seat with their paths.
#[derive(Clone, Debug, Default)]
pub struct Menu {
    pub paths: Vec<(Vec<Choice>, Action)>,
}

impl Menu {
    pub fn new(game: &Burgundy, seat: Seat, words: &Words) -> Menu {
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        // A die's own face first: what costs no workers is the usual choice.
        legal.sort_by_key(|a| match *a {
            Action::Die { die, value } => {
                let face = game.turn().and_then(|t| t.dice[die as usize - 1]);
                let cost = face.and_then(|f| game.worker_cost(seat, f, value));
                (0, die, cost.unwrap_or(u32::MAX))
            }
            _ => (1, 0, 0),
        });
        Menu {
            paths: legal
                .into_iter()
                .map(|a| (path(game, seat, &a, words), a))
                .collect(),
        }
    }

    /// The entries under `prefix` (the labels chosen so far), in the engine's order.
    pub fn entries(&self, prefix: &[String]) -> Vec<Entry> {
        let mut out: Vec<Entry> = Vec::new();
        for (p, action) in &self.paths {
            if p.len() <= prefix.len() || !starts_with(p, prefix) {
                continue;
            }
            let next = &p[prefix.len()];
            let leaf = p.len() == prefix.len() + 1;
            if out.iter().any(|e| e.choice.label == next.label) {
                continue;
            }
            out.push(Entry {
                choice: next.clone(),
                action: leaf.then_some(*action),
            });
        }
        out
    }

    /// Duchy spaces some action under `prefix` would use.
    pub fn spaces(&self, prefix: &[String]) -> Vec<u8> {
        self.paths
            .iter()
            .filter(|(p, _)| starts_with(p, prefix))
            .filter_map(|(p, _)| p.last().and_then(|c| c.space))
            .collect()
    }
}

fn starts_with(path: &[Choice], prefix: &[String]) -> bool {
    path.len() >= prefix.len() && path.iter().zip(prefix).all(|(c, l)| &c.label == l)
}

fn space_choice(game: &Burgundy, seat: Seat, space: u8, words: &Words) -> Choice {
    let duchy = game.duchy(seat);
    let s = space as usize;
    Choice {
        label: words.f(
            "menu.space",
            &[
                ("space", &space.to_string()),
                ("colour", &words.colour(duchy.colours[s])),
                ("number", &duchy.dice[s].to_string()),
            ],
        ),
        space: Some(space),
    }
}

fn goods_list(mask: u8) -> String {
    let list: Vec<String> = (1..=6u8)
        .filter(|t| mask & (1 << (t - 1)) != 0)
        .map(|t| t.to_string())
        .collect();
    list.join(", ")
}

/// The path of choices leading to `action`.
pub fn path(game: &Burgundy, seat: Seat, action: &Action, words: &Words) -> Vec<Choice> {
    let p = &game.players[seat as usize];
    match *action {
        Action::StartingCastle { space } => vec![
            choice(words.t("menu.castle")),
            space_choice(game, seat, space, words),
        ],
        Action::Die { die, value } => {
            let face = game
                .turn()
                .and_then(|t| t.dice[die as usize - 1])
                .unwrap_or(value);
            let cost = game.worker_cost(seat, face, value).unwrap_or(0);
            let head = words.f(
                "menu.use_die",
                &[("die", &die.to_string()), ("face", &face.to_string())],
            );
            let v = value.to_string();
            let tail = if cost == 0 {
                words.f("menu.as_value", &[("value", &v)])
            } else {
                words.f(
                    "menu.as_value_workers",
                    &[("value", &v), ("workers", &cost.to_string())],
                )
            };
            vec![choice(head), choice(tail)]
        }
        Action::Take { depot, tile } => vec![
            choice(words.t("menu.take")),
            choice(words.depot(depot)),
            choice(words.tile(tile)),
        ],
        Action::Place { tile, space } => vec![
            choice(words.t("menu.place")),
            choice(words.tile(tile)),
            space_choice(game, seat, space, words),
        ],
        Action::Sell { goods } => vec![
            choice(words.t("menu.sell")),
            choice(words.f(
                "menu.goods_type",
                &[
                    ("n", &goods.to_string()),
                    ("count", &p.goods[goods as usize - 1].to_string()),
                ],
            )),
        ],
        Action::Workers => vec![choice(words.t("menu.workers"))],
        Action::Buy {
            depot,
            tile,
            workers,
        } => {
            let mut v = vec![choice(words.t("menu.buy"))];
            if depot != BLACK {
                v.push(choice(words.depot(depot)));
            }
            let mut last = words.tile(tile);
            if workers > 0 {
                let w = words.f("menu.buy_workers", &[("workers", &workers.to_string())]);
                last = format!("{last}, {w}");
            }
            v.push(choice(last));
            v
        }
        Action::Knowledge6 { depot, tile } => vec![
            choice(words.t("menu.knowledge6")),
            choice(words.depot(depot)),
            choice(words.tile(tile)),
        ],
        Action::Discard { tile } => vec![choice(words.t("menu.discard")), choice(words.tile(tile))],
        Action::Ship { depot, goods } => {
            let list = if goods == 0 {
                words.t("menu.no_goods")
            } else {
                words.f("menu.goods_set", &[("list", &goods_list(goods))])
            };
            vec![
                choice(words.t("menu.ship")),
                choice(words.depot(depot)),
                choice(list),
            ]
        }
        Action::Pass => vec![choice(words.t("menu.pass"))],
    }
}

/// Why the decisions that are not offered are refused: the first choices of their
/// paths and the reason, in words. Only the common refusals are listed (a die that
/// matches no depot, a space that does not fit, goods not held, a purchase not paid
/// for); each is checked against the engine, which must refuse it too.
pub fn why_not(game: &Burgundy, seat: Seat, words: &Words) -> Vec<(Vec<String>, String)> {
    let Some(turn) = game.turn().filter(|t| t.seat == seat) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let p = &game.players[seat as usize];
    match turn.pending.last() {
        None => {
            for die in 1..=2u8 {
                let Some(face) = turn.dice[die as usize - 1] else {
                    let d = die.to_string();
                    out.push((vec![], words.f("why.die_used", &[("die", &d)])));
                    continue;
                };
                for value in 1..=6u8 {
                    let a = Action::Die { die, value };
                    let cost = game.worker_cost(seat, face, value);
                    let reason = words.f(
                        "why.workers_cost",
                        &[
                            ("face", &face.to_string()),
                            ("value", &value.to_string()),
                            ("cost", &cost.map_or("-".into(), |c| c.to_string())),
                            ("workers", &p.workers.to_string()),
                        ],
                    );
                    push_refused(game, seat, a, reason, words, &mut out);
                }
            }
            purchase_refusals(game, seat, words, &mut out);
        }
        Some(&Pending::UseDie { value: Some(value) }) => {
            die_use_refusals(game, seat, value, words, &mut out);
            purchase_refusals(game, seat, words, &mut out);
        }
        _ => {}
    }
    out
}

fn die_use_refusals(
    game: &Burgundy,
    seat: Seat,
    value: u8,
    words: &Words,
    out: &mut Vec<(Vec<String>, String)>,
) {
    let p = &game.players[seat as usize];
    for depot in 1..=6u8 {
        let d = depot.to_string();
        match game.depots[depot as usize - 1].first() {
            None => out.push((
                vec![words.t("menu.take"), words.depot(depot)],
                words.f("why.depot_empty", &[("depot", &d)]),
            )),
            Some(&tile) => {
                let reason = words.f("why.depot_number", &[("depot", &d)]);
                push_refused(game, seat, Action::Take { depot, tile }, reason, words, out);
            }
        }
    }
    if p.storage.is_empty() {
        out.push((vec![words.t("menu.place")], words.t("why.storage_empty")));
    }
    for (i, &tile) in p.storage.iter().enumerate().take(STORAGE) {
        if p.storage[..i].contains(&tile) {
            continue;
        }
        for space in 0..37u8 {
            let why = game.placement_problem(seat, tile, space, Some(value));
            let reason = match why {
                // Spaces of another colour are never candidates: listing them would
                // bury the useful answers.
                None | Some(Misplaced::Colour(_)) | Some(Misplaced::NoSuchSpace) => continue,
                Some(m) => misplaced(m, space, value, words),
            };
            push_refused(
                game,
                seat,
                Action::Place { tile, space },
                reason,
                words,
                out,
            );
        }
    }
    for goods in 1..=6u8 {
        let n = goods.to_string();
        let reason = if p.goods[goods as usize - 1] == 0 {
            words.f("why.no_goods", &[("n", &n)])
        } else {
            words.f("why.goods_number", &[("n", &n)])
        };
        let path = vec![words.t("menu.sell"), format!("{} {n}", words.t("ui.goods"))];
        if game
            .clone()
            .apply(seat, &Action::Sell { goods }, &mut Vec::new())
            .is_err()
        {
            out.push((path, reason));
        }
    }
}

fn misplaced(m: Misplaced, space: u8, value: u8, words: &Words) -> String {
    let s = space.to_string();
    match m {
        Misplaced::Covered => words.f("why.covered", &[("space", &s)]),
        Misplaced::Number(n) => words.f(
            "why.number",
            &[
                ("space", &s),
                ("number", &n.to_string()),
                ("value", &value.to_string()),
            ],
        ),
        Misplaced::Isolated => words.f("why.isolated", &[("space", &s)]),
        Misplaced::SameBuildingInCity => words.t("why.same_building"),
        Misplaced::Colour(_) | Misplaced::NoSuchSpace => words.t("why.not_now"),
    }
}

fn purchase_refusals(
    game: &Burgundy,
    seat: Seat,
    words: &Words,
    out: &mut Vec<(Vec<String>, String)>,
) {
    let Some(turn) = game.turn() else { return };
    let p = &game.players[seat as usize];
    let head = vec![words.t("menu.buy")];
    let reason = if game.black_depot.is_empty() {
        words.t("why.black_empty")
    } else if turn.bought {
        words.t("why.bought")
    } else if p.silver < 2 {
        words.f("why.silver", &[("silver", &p.silver.to_string())])
    } else {
        return;
    };
    let tile = game.black_depot.first().copied().unwrap_or(Tile::Castle);
    let buy = Action::Buy {
        depot: BLACK,
        tile,
        workers: 0,
    };
    if game.clone().apply(seat, &buy, &mut Vec::new()).is_err() {
        out.push((head, reason));
    }
}

/// Records `action` with `reason` when the engine refuses it (so the list never
/// claims that an allowed decision is refused).
fn push_refused(
    game: &Burgundy,
    seat: Seat,
    action: Action,
    reason: String,
    words: &Words,
    out: &mut Vec<(Vec<String>, String)>,
) {
    if game.clone().apply(seat, &action, &mut Vec::new()).is_ok() {
        return;
    }
    let labels = path(game, seat, &action, words)
        .into_iter()
        .map(|c| c.label)
        .collect();
    out.push((labels, reason));
}
