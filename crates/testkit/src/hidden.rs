//! The check that swaps what is hidden (DESIGN.md, "The game interface"; issue 40).
//!
//! A view is right when a seat cannot tell apart two games that differ only in what
//! the rules hide from it. So, along a played record: at a chance step whose outcome
//! is partly hidden from some viewer ([`Game::hidden_alternative`]: another face-down
//! tile, another card drawn into another hand, another deck order), and at a secret
//! decision ([`Game::is_secret`]: another secret choice of the same seat), a second
//! game takes the other outcome or choice and then the record's own next steps. The
//! viewer's events (as [`Game::redact`] gives them) and views must stay identical in
//! both games until the rules reveal the difference: an event that differs for the
//! viewer, other seats to act, or a step that only one of the games accepts. A view
//! that differs first is a leak, reported with the first field where the two views
//! part. A hidden chance outcome shows the viewer nothing when it happens; a secret
//! choice may be the last of a simultaneous round, which the rules reveal at once.
//!
//! What is hidden at each chance step is stated by the game apart from its view code,
//! so the check does not trust what it checks.
//!
//! The viewer's guess ([`Game::determinize`]) must not part either: from the same
//! generator, two games the viewer cannot tell apart give the same guessed state, so
//! a search that sees the game only through its guesses (every bot) cannot peek.
//! [`check_hidden_swaps_with`] lets a caller compare more at the same points (the
//! bots' own decisions, in `crates/bots/tests/hidden.rs`).

use serde_json::Value;
use tabuleiro_core::{apply_step, Game, Record, Rng, Seat, Step};

/// How many of the record's steps each swapped game follows after the swap.
const FOLLOWED: usize = 16;

/// What the swaps amounted to over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Swaps {
    /// Chance steps played with another outcome hidden from a viewer.
    pub outcomes: u64,
    /// Secret decisions played with another secret choice.
    pub choices: u64,
    /// Steps after a swap whose views were compared.
    pub followed: u64,
}

impl std::ops::AddAssign for Swaps {
    fn add_assign(&mut self, o: Swaps) {
        self.outcomes += o.outcomes;
        self.choices += o.choices;
        self.followed += o.followed;
    }
}

/// A game forked at a swap: the viewer the difference is hidden from, the other
/// game, and the events the other outcome or choice gave there.
struct Fork<G: Game> {
    viewer: Option<Seat>,
    other: G,
    events: Vec<G::Event>,
    /// A secret choice may be the last of a simultaneous round, which the rules
    /// reveal at once; a hidden chance outcome may not.
    revealed_at_once: bool,
}

/// Replays `record`, swapping what is hidden at each chance step that hides
/// something from a viewer (one viewer a step, drawn from `rng`) and at each secret
/// decision (the spectator); panics with the seed, the step and the first field
/// where the views part on a leak.
pub fn check_hidden_swaps<G: Game<View: PartialEq>>(
    record: &Record<G>,
    rng: &mut Rng,
    seed: u64,
) -> Swaps {
    check_hidden_swaps_with(record, rng, seed, &mut |_: &Indistinct<G>| {})
}

/// Two games a viewer cannot tell apart, at a step where the check found its views
/// of both identical; `at` says where, for a failure's message.
pub struct Indistinct<'a, G> {
    pub viewer: Option<Seat>,
    pub game: &'a G,
    pub other: &'a G,
    pub at: String,
}

/// [`check_hidden_swaps`], calling `also` at every step where it compared the
/// viewer's views of both games and found them identical.
pub fn check_hidden_swaps_with<G: Game<View: PartialEq>>(
    record: &Record<G>,
    rng: &mut Rng,
    seed: u64,
    also: &mut dyn FnMut(&Indistinct<G>),
) -> Swaps {
    let mut swaps = Swaps::default();
    let mut game = G::new(&record.config).expect("the record's config is valid");
    let mut events = Vec::new();
    for (index, step) in record.steps.iter().enumerate() {
        let fork = match step {
            Step::Chance { outcome } => other_outcome(&game, outcome, rng, seed, index),
            Step::Decision { seat, action } => other_choice(&game, *seat, action, rng, seed),
        };
        events.clear();
        apply_step(&mut game, step, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: step {index} of its own record: {e}"));
        let Some(fork) = fork else { continue };
        match step {
            Step::Chance { .. } => swaps.outcomes += 1,
            Step::Decision { .. } => swaps.choices += 1,
        }
        let next = &record.steps[index + 1..record.steps.len().min(index + 1 + FOLLOWED)];
        swaps.followed += follow(game.clone(), &events, fork, next, (seed, index), also);
    }
    swaps
}

/// The game after another outcome of this chance step, hidden from one viewer.
fn other_outcome<G: Game>(
    game: &G,
    outcome: &G::Outcome,
    rng: &mut Rng,
    seed: u64,
    index: usize,
) -> Option<Fork<G>> {
    let viewers = viewers(game.players());
    let first = rng.below(viewers.len());
    let (viewer, alternative) = (0..viewers.len()).find_map(|k| {
        let viewer = viewers[(first + k) % viewers.len()];
        let other = game.hidden_alternative(outcome, viewer, rng)?;
        (other != *outcome).then_some((viewer, other))
    })?;
    let mut other = game.clone();
    let mut events = Vec::new();
    other
        .apply_chance(&alternative, &mut events)
        .unwrap_or_else(|e| {
            panic!(
                "seed {seed}: step {index}: the hidden alternative {alternative:?} is refused: {e}"
            )
        });
    Some(Fork {
        viewer,
        other,
        events,
        revealed_at_once: false,
    })
}

/// The game after another secret choice of the same seat, seen by a spectator.
fn other_choice<G: Game>(
    game: &G,
    seat: Seat,
    action: &G::Action,
    rng: &mut Rng,
    seed: u64,
) -> Option<Fork<G>> {
    if !game.is_secret(seat, action) {
        return None;
    }
    let mut legal = Vec::new();
    game.legal_actions(seat, &mut legal);
    legal.retain(|a| a != action && game.is_secret(seat, a));
    if legal.is_empty() {
        return None;
    }
    let choice = &legal[rng.below(legal.len())];
    let mut other = game.clone();
    let mut events = Vec::new();
    other
        .apply(seat, choice, &mut events)
        .unwrap_or_else(|e| panic!("seed {seed}: legal secret {choice} refused: {e}"));
    Some(Fork {
        viewer: None,
        other,
        events,
        revealed_at_once: true,
    })
}

/// Follows both games through `next`, comparing what the viewer receives and sees;
/// the number of steps compared.
fn follow<G: Game<View: PartialEq>>(
    mut game: G,
    events: &[G::Event],
    fork: Fork<G>,
    next: &[Step<G::Action, G::Outcome>],
    (seed, index): (u64, usize),
    also: &mut dyn FnMut(&Indistinct<G>),
) -> u64 {
    let Fork {
        viewer,
        mut other,
        events: other_events,
        revealed_at_once,
    } = fork;
    let at = |k: usize| format!("seed {seed}: step {index} swapped for {viewer:?}, {k} steps on");
    let (a, b) = (seen::<G>(events, viewer), seen::<G>(&other_events, viewer));
    if a != b && revealed_at_once || game.to_act() != other.to_act() {
        return 0;
    }
    // At a hidden chance step the viewer cannot tell: nothing may differ.
    assert!(
        a == b,
        "{}: the events leak what is hidden: {}",
        at(0),
        parting(&a, &b)
    );
    indistinct(&game, &other, viewer, at(0), also);
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let mut compared = 1;
    for (k, step) in next.iter().enumerate() {
        mine.clear();
        theirs.clear();
        if apply_step(&mut game, step, &mut mine).is_err()
            || apply_step(&mut other, step, &mut theirs).is_err()
        {
            // Only one game can take this step: the rules have parted them.
            break;
        }
        if seen::<G>(&mine, viewer) != seen::<G>(&theirs, viewer) || game.to_act() != other.to_act()
        {
            // The rules reveal the difference to the viewer here: in what happened,
            // or in who must act now (a seat with no card to give need not answer).
            break;
        }
        indistinct(&game, &other, viewer, at(k + 1), also);
        compared += 1;
    }
    compared
}

/// Requires the viewer's views of both games, and its guesses from the same
/// generator, to be identical; then calls `also`.
fn indistinct<G: Game<View: PartialEq>>(
    a: &G,
    b: &G,
    viewer: Option<Seat>,
    at: String,
    also: &mut dyn FnMut(&Indistinct<G>),
) {
    let (va, vb) = (a.view(viewer), b.view(viewer));
    if va != vb {
        let (ja, jb) = (json(&va), json(&vb));
        panic!("{at}: the view leaks what is hidden: {}", parting(&ja, &jb));
    }
    let guess = |g: &G| json(&g.determinize(viewer, &mut Rng::seed(GUESS_SEED)));
    let (ga, gb) = (guess(a), guess(b));
    if ga != gb {
        panic!(
            "{at}: the guess for {viewer:?} reads what is hidden: {}",
            parting(&ga, &gb)
        );
    }
    also(&Indistinct {
        viewer,
        game: a,
        other: b,
        at,
    });
}

/// The generator both guesses of a comparison are drawn from.
const GUESS_SEED: u64 = 0x5eed;

/// The events as `viewer` receives them, as JSON.
fn seen<G: Game>(events: &[G::Event], viewer: Option<Seat>) -> Value {
    Value::Array(
        events
            .iter()
            .filter_map(|e| G::redact(e, viewer))
            .map(|e| json(&e))
            .collect(),
    )
}

fn viewers(players: usize) -> Vec<Option<Seat>> {
    std::iter::once(None)
        .chain((0..players as Seat).map(Some))
        .collect()
}

fn json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("serializes")
}

/// The first path where two JSON values differ, with both values there.
pub fn parting(a: &Value, b: &Value) -> String {
    fn walk(a: &Value, b: &Value, path: &mut String) -> Option<String> {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) => {
                let mut keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
                let key = keys.find(|k| x.get(*k) != y.get(*k))?;
                let (va, vb) = (x.get(key), y.get(key));
                path.push('.');
                path.push_str(key);
                let found = match (va, vb) {
                    (Some(va), Some(vb)) => walk(va, vb, path),
                    _ => None,
                };
                found.or_else(|| Some(show(path, va, vb)))
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                let (i, (va, vb)) = x.iter().zip(y).enumerate().find(|(_, (p, q))| p != q)?;
                path.push_str(&format!("[{i}]"));
                walk(va, vb, path).or_else(|| Some(show(path, Some(va), Some(vb))))
            }
            _ => (a != b).then(|| show(path, Some(a), Some(b))),
        }
    }
    fn show(path: &str, a: Option<&Value>, b: Option<&Value>) -> String {
        let text = |v: Option<&Value>| v.map_or("(absent)".into(), |v| v.to_string());
        format!(
            "`{path}` is {} in one game and {} in the other",
            text(a),
            text(b)
        )
    }
    walk(a, b, &mut String::new()).unwrap_or_else(|| "(no difference)".into())
}

#[cfg(test)]
mod tests {
    use super::parting;
    use serde_json::json;

    #[test]
    fn parting_names_the_first_differing_path() {
        let a = json!({"duchy": [{"tile": "castle"}, {"tile": "knowledge12"}], "n": 1});
        let b = json!({"duchy": [{"tile": "castle"}, {"tile": "ship"}], "n": 1});
        assert_eq!(
            parting(&a, &b),
            "`.duchy[1].tile` is \"knowledge12\" in one game and \"ship\" in the other"
        );
        assert_eq!(parting(&a, &a), "(no difference)");
    }
}
