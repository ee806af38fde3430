//! The environment steps by id, refuses bad ids changing nothing, plays the seats given
//! to bots, and a batch plays the same games on one thread or two.

use tabuleiro_learn::{open, Batch, Buffers, Spec, StepError};

fn spec(game: &str, config: &str, seed: u64) -> Spec {
    Spec {
        game: game.into(),
        config: Some(config.into()),
        seed,
        opponents: Vec::new(),
    }
}

#[test]
fn a_refused_id_changes_nothing() {
    let mut env = open(&spec("catan", r#"{"players":3}"#, 4)).unwrap();
    let before = env.state_json();
    let legal = env.legal_ids();
    let illegal = (0..env.action_space())
        .find(|i| !legal.contains(i))
        .unwrap();
    assert!(matches!(
        env.step(illegal as i64),
        Err(StepError::NotLegal { .. })
    ));
    assert!(matches!(env.step(-1), Err(StepError::OutOfRange { .. })));
    let space = env.action_space() as i64;
    assert!(matches!(env.step(space), Err(StepError::OutOfRange { .. })));
    assert_eq!(env.state_json(), before);
    env.step(legal[0] as i64).unwrap();
    assert_ne!(env.state_json(), before);
}

#[test]
fn legal_ids_ascend_and_agree_with_the_mask_and_the_places() {
    for (game, config) in [
        ("catan", r#"{"players":4}"#),
        ("burgundy", r#"{"players":2}"#),
        ("viscounts", r#"{"players":2}"#),
    ] {
        let mut env = open(&spec(game, config, 6)).unwrap();
        let mut mask = vec![0; env.action_space()];
        for turn in 0..300 {
            if env.agent().is_none() {
                break;
            }
            let legal = env.legal_ids();
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "{game}: {legal:?}");
            env.mask(&mut mask);
            let marked: Vec<usize> = (0..mask.len()).filter(|&i| mask[i] == 1).collect();
            assert_eq!(marked, legal, "{game}");
            let id = legal[turn % legal.len()];
            let at = env.check(id as i64).unwrap();
            // A place past the listing is refused and changes nothing.
            let before = env.state_json();
            assert!(matches!(
                env.step_at(legal.len()),
                Err(StepError::NoPlace { .. })
            ));
            assert_eq!(env.state_json(), before);
            // The place `check` gives is the decision the id names.
            let mut twin = env.try_clone().unwrap();
            twin.step(id as i64).unwrap();
            env.step_at(at).unwrap();
            assert_eq!(env.state_json(), twin.state_json(), "{game}");
        }
    }
}

#[test]
fn nim_ends_and_refuses_a_step_after() {
    let mut env = open(&spec("nim", "5", 0)).unwrap();
    while env.agent().is_some() {
        let id = *env.legal_ids().last().unwrap();
        env.step(id as i64).unwrap();
    }
    // Seat 0 takes 3, seat 1 takes the last 2.
    assert_eq!(env.rewards(), vec![-1.0, 1.0]);
    assert_eq!(env.step(0), Err(StepError::Over));
}

#[test]
fn bots_play_their_seats_inside() {
    let mut s = spec("viscounts", r#"{"players":3}"#, 9);
    s.opponents = vec![None, Some("random".into()), Some("greedy".into())];
    let mut env = open(&s).unwrap();
    let mut steps = 0;
    while let Some(seat) = env.agent() {
        assert_eq!(seat, 0, "only the agent's seat is left to the agent");
        env.step(env.legal_ids()[0] as i64).unwrap();
        steps += 1;
    }
    assert!(steps > 10);
    assert!(env.rewards().iter().any(|&r| r != 0.0));
}

/// Each game's `turn`-th legal id (round the legal ones) from the batch's masks.
fn actions(b: &Buffers, space: usize, turn: usize) -> Vec<i64> {
    b.masks
        .chunks(space)
        .map(|m| {
            let legal: Vec<usize> = (0..space).filter(|&i| m[i] == 1).collect();
            legal[turn % legal.len()] as i64
        })
        .collect()
}
#[test]
fn a_batch_plays_the_same_games_on_two_threads() {
    let s = spec("burgundy", r#"{"players":2}"#, 50);
    let mut one = Batch::new(&s, 5, 1).unwrap();
    let mut two = Batch::new(&s, 5, 2).unwrap();
    let (mut a, mut b) = (Buffers::for_batch(&one), Buffers::for_batch(&two));
    one.observe(&mut a.out()).unwrap();
    two.observe(&mut b.out()).unwrap();
    let mut ended = 0;
    for turn in 0..3000 {
        let actions = actions(&a, one.action_space(), turn);
        one.step(&actions, &mut a.out()).unwrap();
        two.step(&actions, &mut b.out()).unwrap();
        assert_eq!(a.observations, b.observations);
        assert_eq!(a.masks, b.masks);
        assert_eq!(a.agents, b.agents);
        assert_eq!(a.rewards, b.rewards);
        assert_eq!(a.ended, b.ended);
        ended += a.ended.iter().filter(|&&e| e == 1).count();
    }
    assert!(ended >= 1, "games ended and were reset");
}

#[test]
fn a_batch_refuses_before_moving_any_game() {
    let mut batch = Batch::new(&spec("catan", r#"{"players":4}"#, 1), 3, 1).unwrap();
    let mut a = Buffers::for_batch(&batch);
    batch.observe(&mut a.out()).unwrap();
    let before = a.observations.clone();
    let mut actions = actions(&a, batch.action_space(), 0);
    actions[2] = -3;
    let err = batch.step(&actions, &mut a.out()).unwrap_err();
    assert_eq!(err.game, 2);
    batch.observe(&mut a.out()).unwrap();
    assert_eq!(a.observations, before);
}
