//! The conformance checks every game runs: random games played on the one seeding
//! path through a [`Session`], with the contract checked after every decision.
//!
//! After each decision: every listed action applies and [`Game::check`] agrees; a
//! sample of refused actions (other seats' decisions, decisions listed earlier in the
//! game, the game's own random ones) changes nothing; `apply_unchecked` equals
//! `apply`; actions read back from their text; the state and the views round-trip
//! through JSON; `determinize(view)` gives a state with the same view and the same
//! decisions for that seat, each of which applies there; events round-trip and,
//! redacted for each seat and for a spectator, hold no fact hidden from them. At the
//! end: standings name every participant once with places from 1 on; the record
//! round-trips and replays to the same state; the same seed plays the same record
//! again; along the record, each chance outcome and secret choice hidden from a
//! viewer is swapped for another and the viewer's views and events must not change
//! until the rules reveal the difference ([`crate::hidden`]).

use crate::hidden::{check_hidden_swaps, Swaps};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::Value;
use tabuleiro_core::{
    bot_rng, chance_rng, replay, Game, Participant, Present, Record, Rng, Seat, Session, Standing,
    ToAct,
};

/// What a game adds to the generic checks.
pub trait Checks<G: Game> {
    /// Whether `legal_actions` must list `action` when `check` accepts it: every
    /// decision by default; a game that leaves some out (trade offers of any mix)
    /// names them, and the rest of its listing is still held complete.
    fn must_list(&self, _action: &G::Action) -> bool {
        true
    }
    /// The listed decision an accepted `action` stands for, where a game lists one of
    /// several interchangeable decisions (Burgundy's die 2 on doubles stands for die
    /// 1); by default the action itself.
    fn listed_form(&self, _game: &G, action: &G::Action) -> G::Action {
        action.clone()
    }
    /// A random decision of any shape, mostly illegal, that the engine must refuse
    /// cleanly (or accept exactly when `check` does).
    fn random_action(&mut self, _game: &G, _rng: &mut Rng) -> Option<G::Action> {
        None
    }
    /// Whether `event`, as `viewer` receives it after [`Game::redact`], holds a
    /// fact hidden from `viewer` (a card another seat drew).
    fn leaks(&self, _event: &G::Event, _viewer: Option<Seat>) -> bool {
        false
    }
    /// A new game starts.
    fn start(&mut self, _game: &G) {}
    /// The game's own invariants after each step, with that step's events.
    fn step(&mut self, _game: &G, _events: &[G::Event]) -> Result<(), String> {
        Ok(())
    }
    /// The game's own checks on a finished game.
    fn finish(&mut self, _game: &G) -> Result<(), String> {
        Ok(())
    }
}

/// No checks beyond the generic ones.
pub struct Generic;
impl<G: Game> Checks<G> for Generic {}

/// What the games played amounted to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u32,
    pub decisions: u64,
    pub chance_steps: u64,
    /// Decisions taken by a seat while another could also decide.
    pub simultaneous: u64,
    /// The longest game, in decisions.
    pub longest: u64,
    /// What the check that swaps what is hidden played ([`crate::hidden`]).
    pub swaps: Swaps,
}

/// How many listed actions, besides the chosen one, are read back from their text
/// and JSON at each decision.
const TEXT_CHECKS: usize = 4;

/// How many earlier legal actions a game remembers to offer where they may not fit.
const REMEMBERED: usize = 32;

/// Plays `games` random games from `seed` on (game `i` is seeded `seed + i`) with
/// every check; panics with the seed and the reason on the first failure.
pub fn check_random_games<G: Game<View: PartialEq> + PartialEq>(
    config: &G::Config,
    games: u32,
    seed: u64,
    checks: &mut impl Checks<G>,
) -> Summary {
    let mut summary = Summary {
        games,
        ..Summary::default()
    };
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let record = checked_game(config, game_seed, checks, &mut summary);
        let again = play::<G>(config, game_seed);
        assert_eq!(
            json(&again),
            json(&record),
            "seed {game_seed}: the same seed plays the same record"
        );
    }
    summary
}

/// A random decision on the one seeding path: the seat among those to act, then its
/// action, from `bot_rng` for the game's next decision (drawn for the lowest seat to
/// act, since the seat is not chosen yet).
fn choose<G: Game>(session: &Session<G>, legal: &mut Vec<G::Action>) -> (Seat, G::Action) {
    let seats = session.game().to_act().seats();
    let mut rng = bot_rng(
        session.seed(),
        seats.lowest().unwrap_or(0),
        session.decisions(),
    );
    let seat = seats
        .iter()
        .nth(rng.below(seats.len()))
        .expect("a seat to act");
    session.game().legal_actions(seat, legal);
    assert!(
        !legal.is_empty(),
        "seed {}: seat {seat} must act but has no legal action",
        session.seed()
    );
    (seat, legal[rng.below(legal.len())].clone())
}

/// Plays one game with no checks: its record.
pub fn play<G: Game>(config: &G::Config, seed: u64) -> Record<G> {
    let mut session = Session::<G>::new(config.clone(), seed).expect("the config is valid");
    let mut legal = Vec::new();
    loop {
        match session.game().to_act() {
            ToAct::Over => return session.record().clone(),
            ToAct::Chance => {
                session.draw_chance().expect("chance").expect("drawn");
            }
            ToAct::Seats(_) => {
                let (seat, action) = choose(&session, &mut legal);
                session.apply(seat, action).expect("a legal action");
            }
        }
    }
}

fn json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).expect("serializes")
}

/// Whether the value reads back from its JSON as itself (compared by their texts:
/// serialization is deterministic).
fn round_trips<T: Serialize + DeserializeOwned>(value: &T) -> Option<String> {
    let text = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&text).expect("deserializes");
    (serde_json::to_string(&back).expect("serializes") == text).then_some(text)
}

fn checked_game<G: Game<View: PartialEq> + PartialEq>(
    config: &G::Config,
    seed: u64,
    checks: &mut impl Checks<G>,
    summary: &mut Summary,
) -> Record<G> {
    let mut session = Session::<G>::new(config.clone(), seed).expect("the config is valid");
    checks.start(session.game());
    let mut legal = Vec::new();
    let mut seen: Vec<G::Action> = Vec::new();
    let mut rng = Rng::seed(seed ^ 0xC0F0_4A11);
    let mut decisions = 0;
    loop {
        let (events, actor) = match session.game().to_act() {
            ToAct::Over => break,
            ToAct::Chance => {
                summary.chance_steps += 1;
                let (_, events) = session
                    .draw_chance()
                    .expect("waits for chance")
                    .unwrap_or_else(|e| panic!("seed {seed}: a drawn outcome is refused: {e}"));
                (events, None)
            }
            ToAct::Seats(seats) => {
                let (seat, action) = choose(&session, &mut legal);
                decisions += 1;
                summary.simultaneous += (seats.len() > 1) as u64;
                check_decision(session.game(), seat, &legal, &action, seed, checks);
                check_refusals(session.game(), seat, &legal, &seen, &mut rng, seed, checks);
                for a in &legal {
                    if !seen.contains(a) {
                        seen.push(a.clone());
                    }
                }
                if seen.len() > REMEMBERED {
                    seen.drain(..seen.len() - REMEMBERED);
                }
                let mut unchecked = session.game().clone();
                let mut unchecked_events = Vec::new();
                unchecked.apply_unchecked(seat, &action, &mut unchecked_events);
                let events = session
                    .apply(seat, action.clone())
                    .unwrap_or_else(|e| panic!("seed {seed}: legal {action} refused: {e}"));
                assert!(
                    unchecked == *session.game() && json(&unchecked_events) == json(&events),
                    "seed {seed}: apply_unchecked({action}) differs from apply"
                );
                (events, Some(seat))
            }
        };
        let game = session.game();
        check_events::<G>(&events, game.players(), seed, checks);
        check_views(game, actor, session.record().steps.len(), &mut rng, seed);
        let text = serde_json::to_string(game).expect("the state serializes");
        let back: G = serde_json::from_str(&text).expect("the state deserializes");
        assert!(back == *game, "seed {seed}: the state's JSON round trip");
        checks
            .step(game, &events)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    let game = session.game();
    summary.decisions += decisions;
    summary.longest = summary.longest.max(decisions);
    check_standings(game, &game.standings(), seed);
    checks
        .finish(game)
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let record = session.record().clone();
    summary.swaps += check_hidden_swaps(&record, &mut rng, seed);
    assert_eq!(record.game_version, G::VERSION);
    assert_eq!(
        json(&record.standings),
        json(&Some(game.standings())),
        "seed {seed}: the record holds the standings"
    );
    let text = serde_json::to_string(&record).expect("the record serializes");
    let back: Record<G> = serde_json::from_str(&text).expect("the record deserializes");
    let replayed = replay(&back).unwrap_or_else(|e| panic!("seed {seed}: replay: {e}"));
    assert!(
        replayed == *game,
        "seed {seed}: the record replays to the same final state"
    );
    record
}

/// Every listed action is accepted by `check` and applies; the chosen one reads back
/// from its text.
fn check_decision<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    chosen: &G::Action,
    seed: u64,
    _checks: &impl Checks<G>,
) {
    for a in legal {
        game.check(seat, a)
            .unwrap_or_else(|e| panic!("seed {seed}: check refuses listed {a}: {e}"));
        game.clone()
            .apply(seat, a, &mut Vec::new())
            .unwrap_or_else(|e| panic!("seed {seed}: listed {a} refused: {e}"));
    }
    // Text and JSON for the chosen action and a few others (all of them would cost
    // more than the rest of the checks in a game with hundreds of decisions listed).
    let step = legal.len().div_ceil(TEXT_CHECKS);
    for a in legal.iter().step_by(step).chain([chosen]) {
        let text = a.to_string();
        assert!(
            text.parse::<G::Action>().ok().as_ref() == Some(a),
            "seed {seed}: {a:?} does not read back from {text:?}"
        );
        assert!(
            round_trips(a).is_some(),
            "seed {seed}: {a:?} JSON round trip"
        );
    }
    assert!(legal.contains(chosen));
}

/// Actions that may not fit: other seats' decisions, earlier ones, the game's random
/// ones. Whatever `check` says, `apply` does; a refusal changes nothing.
fn check_refusals<G: Game + PartialEq>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    seen: &[G::Action],
    rng: &mut Rng,
    seed: u64,
    checks: &mut impl Checks<G>,
) {
    let to_act = game.to_act().seats();
    let mut tries: Vec<(Seat, G::Action)> = Vec::new();
    if let Some(other) = (0..game.players() as Seat).find(|&s| !to_act.contains(s)) {
        tries.push((other, legal[0].clone()));
    }
    for _ in 0..3 {
        if !seen.is_empty() {
            tries.push((seat, seen[rng.below(seen.len())].clone()));
        }
        if let Some(a) = checks.random_action(game, rng) {
            tries.push((seat, a));
        }
    }
    for (s, a) in tries {
        let checked = game.check(s, &a);
        let mut g = game.clone();
        let applied = g.apply(s, &a, &mut Vec::new());
        assert_eq!(
            checked.is_ok(),
            applied.is_ok(),
            "seed {seed}: check and apply disagree on seat {s}'s {a}: {checked:?} / {applied:?}"
        );
        match applied {
            Err(_) => assert!(g == *game, "seed {seed}: refused {a} changed the state"),
            Ok(()) => {
                assert!(
                    to_act.contains(s),
                    "seed {seed}: seat {s} acted out of turn"
                );
                assert!(
                    !checks.must_list(&a)
                        || s != seat
                        || legal.contains(&checks.listed_form(game, &a)),
                    "seed {seed}: {a} is legal but not listed"
                );
            }
        }
    }
}

/// Events round-trip, and as each seat and a spectator get them they hide what
/// they must.
fn check_events<G: Game>(events: &[G::Event], players: usize, seed: u64, checks: &impl Checks<G>) {
    let viewers = std::iter::once(None).chain((0..players as Seat).map(Some));
    let viewers: Vec<Option<Seat>> = viewers.collect();
    for e in events {
        assert!(
            round_trips(e).is_some(),
            "seed {seed}: event {e:?} JSON round trip"
        );
        for &viewer in &viewers {
            if let Some(seen) = G::redact(e, viewer) {
                assert!(
                    !checks.leaks(&seen, viewer),
                    "seed {seed}: {viewer:?} receives a hidden fact: {seen:?}"
                );
                assert!(
                    round_trips(&seen).is_some(),
                    "seed {seed}: redacted {seen:?} round trip"
                );
            }
        }
    }
}

/// For the seat that acted, the seats to act and a spectator: a state determinized
/// from the view shows the same view and the same decisions; the view of one of
/// them, in turn, round-trips through JSON.
fn check_views<G: Game<View: PartialEq>>(
    game: &G,
    actor: Option<Seat>,
    step: usize,
    rng: &mut Rng,
    seed: u64,
) {
    let to_act = game.to_act().seats();
    let mut viewers: Vec<Option<Seat>> = vec![None];
    viewers.extend(actor.filter(|a| !to_act.contains(*a)).map(Some));
    viewers.extend(to_act.iter().map(Some));
    let (mut real, mut guessed) = (Vec::new(), Vec::new());
    let len = viewers.len();
    for (i, viewer) in viewers.into_iter().enumerate() {
        let view = game.view(viewer);
        if i == step % len {
            // One viewer a step reads its view back: JSON is the costliest check.
            let text = serde_json::to_string(&view).expect("the view serializes");
            let back: G::View = serde_json::from_str(&text).expect("the view deserializes");
            assert!(
                back == view,
                "seed {seed}: view({viewer:?}) JSON round trip"
            );
        }
        let d = game.determinize(viewer, rng);
        assert!(
            d.view(viewer) == view,
            "seed {seed}: determinize({viewer:?}) shows another view"
        );
        if matches!(d.to_act(), ToAct::Chance) {
            check_guessed_draw(&d, viewer, step, seed);
        }
        if let Some(seat) = viewer {
            game.legal_actions(seat, &mut real);
            d.legal_actions(seat, &mut guessed);
            assert!(
                real == guessed,
                "seed {seed}: seat {seat}'s decisions differ in a determinized state"
            );
            check_guessed_apply(&d, seat, &guessed, rng, seed);
        }
    }
}

/// A search applies a guessed state's own chance draws unchecked, as the driver
/// does: the guessed state accepts its own draw (drawn from the step's chance stream,
/// so the other checks draw as before).
fn check_guessed_draw<G: Game>(guessed: &G, viewer: Option<Seat>, step: usize, seed: u64) {
    let outcome = guessed.sample_chance(&mut chance_rng(seed, step as u64));
    if let Err(e) = guessed.clone().apply_chance(&outcome, &mut Vec::new()) {
        panic!("seed {seed}: determinize({viewer:?}) refuses its own chance draw: {e}");
    }
}

/// A search applies the seat's decisions to a guessed state: each one (a sample of
/// at most eight where there are more) is accepted there, as in the real state.
pub fn check_guessed_apply<G: Game>(
    guessed: &G,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut Rng,
    seed: u64,
) {
    const SAMPLE: usize = 8;
    let mut events = Vec::new();
    for k in 0..legal.len().min(SAMPLE) {
        let i = if legal.len() <= SAMPLE {
            k
        } else {
            rng.below(legal.len())
        };
        let mut next = guessed.clone();
        let applied = next.apply(seat, &legal[i], &mut events);
        assert!(
            applied.is_ok(),
            "seed {seed}: seat {seat}'s decision {:?} refused in a determinized state: {:?}",
            legal[i],
            applied.err()
        );
    }
}

/// Every seat and automaton exactly once (teams included), places from 1, in order,
/// never beyond their rank.
pub fn check_standings<G: Game>(game: &G, standings: &[Standing], seed: u64) {
    let participants = game.participants();
    let mut members: Vec<&Participant> = standings.iter().flat_map(|s| &s.members).collect();
    let mut expected: Vec<Participant> = (0..participants.seats as Seat)
        .map(Participant::Seat)
        .chain(
            participants
                .automata
                .iter()
                .cloned()
                .map(Participant::Automaton),
        )
        .collect();
    let key = |p: &Participant| format!("{p:?}");
    members.sort_by_key(|p| key(p));
    expected.sort_by_key(key);
    assert_eq!(
        members,
        expected.iter().collect::<Vec<_>>(),
        "seed {seed}: standings name every participant once: {standings:?}"
    );
    for team in &participants.teams {
        let holders: Vec<_> = standings
            .iter()
            .filter(|s| team.iter().any(|seat| s.holds(seat)))
            .collect();
        assert_eq!(
            holders.len(),
            1,
            "seed {seed}: team {team:?} shares one standing"
        );
        assert!(team.iter().all(|seat| holders[0].holds(seat)));
    }
    let places: Vec<u8> = standings.iter().map(|s| s.place).collect();
    assert_eq!(places.first(), Some(&1), "seed {seed}: places start at 1");
    for (i, w) in places.windows(2).enumerate() {
        assert!(
            w[0] <= w[1] && w[1] as usize <= i + 2,
            "seed {seed}: places in order: {places:?}"
        );
    }
}

/// Plays `games` random games checking the presentation at every decision: every
/// listed action has a path of clicks and a label whose key starts with `prefix`,
/// its offer round-trips through JSON, and every event (as each viewer gets it) is
/// described under `prefix`, never as unknown. Returns the decisions checked.
pub fn check_presentation<G: Present>(
    config: &G::Config,
    games: u32,
    seed: u64,
    prefix: &str,
) -> u64 {
    let mut decisions = 0;
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let mut session =
            Session::<G>::new(config.clone(), game_seed).expect("the config is valid");
        let mut legal = Vec::new();
        // The last decision and whether its offer said it ends the turn: once the
        // chance it led to is drawn, the seat can take it back exactly when not.
        let mut last: Option<(Seat, String, bool)> = None;
        loop {
            if session.game().to_act() != ToAct::Chance {
                if let Some((seat, action, ends)) = last.take() {
                    assert_eq!(
                        ends,
                        !session.can_undo(seat),
                        "seed {game_seed}: seat {seat}'s {action} ends_turn {ends}"
                    );
                }
            }
            let events = match session.game().to_act() {
                ToAct::Over => break,
                ToAct::Chance => session.draw_chance().expect("chance").expect("drawn").1,
                ToAct::Seats(_) => {
                    let (seat, action) = choose(&session, &mut legal);
                    let offers = session.offers(seat);
                    assert_eq!(offers.len(), legal.len());
                    for (a, offer) in legal.iter().zip(&offers) {
                        assert!(!offer.path.is_empty(), "seed {game_seed}: {a} has no path");
                        assert!(
                            offer.label.key.starts_with(prefix),
                            "seed {game_seed}: {a}'s label {} is not under {prefix}",
                            offer.label
                        );
                        assert!(round_trips(offer).is_some());
                    }
                    let chosen = legal.iter().position(|a| *a == action);
                    let ends = offers[chosen.expect("the chosen action is legal")].ends_turn;
                    last = Some((seat, action.to_string(), ends));
                    decisions += 1;
                    session.apply(seat, action).expect("a legal action")
                }
            };
            for e in &events {
                for viewer in
                    std::iter::once(None).chain((0..session.game().players() as Seat).map(Some))
                {
                    if let Some(seen) = G::redact(e, viewer) {
                        let m = G::describe(&seen);
                        assert!(
                            m.key.starts_with(prefix) && !m.key.ends_with("unknown"),
                            "seed {game_seed}: event {seen:?} described as {m}"
                        );
                    }
                }
            }
        }
    }
    decisions
}
