//! What a seat cannot see stays unseen (issue 40): random games in every mode with the
//! check that swaps what is hidden (crates/testkit, `hidden`): another set of Future
//! Plots shuffled face down into the solo AI's Plot pile (seed 003 L762), another card
//! drawn into another seat's hand; the viewer's views and events must not change until
//! the rules reveal the difference. Run in release:
//! `cargo test --release -p tabuleiro-viscounts --test hidden`.

use tabuleiro_core::{Game, Rng, Session, ToAct};
use tabuleiro_testkit::conformance::{check_random_games, Generic};
use tabuleiro_testkit::hidden::Swaps;
use tabuleiro_viscounts::{Config, Viscounts};

fn swaps(config: Config, games: u32, seed: u64) -> Swaps {
    check_random_games::<Viscounts>(&config, games, seed, &mut Generic).swaps
}

/// The Future Plots in the AI's Plot pile are face down at every difficulty (L762):
/// from the first decision on, the player may know only how many.
#[test]
fn the_ais_future_plots_stay_face_down_at_every_difficulty() {
    for difficulty in 1..=3 {
        let config = Config {
            difficulty,
            ..Config::with_players(1)
        };
        let s = swaps(config, 100, 4_000 + difficulty as u64 * 1_000);
        // The setup of each game, and the player's own draws seen by a spectator.
        assert!(s.outcomes >= 100, "difficulty {difficulty}: {s:?}");
        assert!(s.followed > s.outcomes, "difficulty {difficulty}: {s:?}");
    }
}

/// A card drawn into a hand is its drawer's alone, at every player count.
#[test]
fn drawn_cards_stay_in_their_hands() {
    for players in 2..=4 {
        let s = swaps(
            Config::with_players(players),
            50,
            40_000 + players as u64 * 1_000,
        );
        assert!(s.outcomes > 50 * 10, "{players} players: {s:?}");
    }
}

/// The view names the Future Plots no one has seen and counts where they lie, without
/// saying which lie where: before the first decision, after the AI's setup, and in a
/// guessed state, which shows the same view.
#[test]
fn the_view_counts_the_face_down_future_plots() {
    let config = Config {
        difficulty: 2,
        ..Config::with_players(1)
    };
    let mut session = Session::<Viscounts>::new(config, 9).unwrap();
    while session.game().to_act() == ToAct::Chance {
        session.draw_chance().unwrap().unwrap();
    }
    let mut legal = Vec::new();
    for decision in 0..2 {
        let g = session.game();
        for viewer in [None, Some(0)] {
            let view = g.view(viewer);
            // The table has no field for the Future Plot piles (view.rs): only the
            // counts below say anything of them.
            let text = serde_json::to_string(&view.position).unwrap();
            assert!(!text.contains("future"), "{text}");
            let hidden = g.future_in.len() + g.future_face_down.len();
            assert_eq!(
                hidden, 2,
                "decision {decision}: two Future Plots shuffled in"
            );
            assert_eq!(
                view.futures_to_shuffle_in + view.futures_face_down,
                2,
                "decision {decision}"
            );
            assert_eq!(view.future_pile as usize, g.future_plots.len());
            // The AI's draw pile as the viewer knows it: its known cards only.
            let ai = &view.unseen[1];
            assert!(g.future_face_down.iter().all(|f| !ai.contains(f)));
            let guessed = g.determinize(viewer, &mut Rng::seed(decision));
            assert_eq!(guessed.view(viewer), view, "decision {decision}");
        }
        let seat = session.game().to_act().seats().lowest().unwrap();
        session.game().legal_actions(seat, &mut legal);
        session.apply(seat, legal[0]).unwrap();
        while session.game().to_act() == ToAct::Chance {
            session.draw_chance().unwrap().unwrap();
        }
    }
}

/// A solo game stored before the face-down Future Plots were tracked (no
/// `future_face_down` in its state) still loads, validates, shows a view and plays on.
#[test]
fn a_solo_game_stored_before_the_face_down_plots_were_tracked_loads() {
    let config = Config {
        difficulty: 3,
        ..Config::with_players(1)
    };
    let record = tabuleiro_testkit::conformance::play::<Viscounts>(&config, 21);
    // Stored right after the AI's setup, its three Future Plots face down.
    let mut g = Viscounts::new(&config).unwrap();
    let mut events = Vec::new();
    let mut cut = 0;
    while g.future_face_down.is_empty() {
        tabuleiro_core::apply_step(&mut g, &record.steps[cut], &mut events).unwrap();
        cut += 1;
    }
    assert_eq!(g.future_face_down.len(), 3);
    let mut old = serde_json::to_value(&g).unwrap();
    old.as_object_mut().unwrap().remove("future_face_down");
    let mut stored: Viscounts = serde_json::from_value(old).unwrap();
    assert!(stored.future_face_down.is_empty());
    stored.validate().unwrap();
    let view = stored.view(Some(0));
    assert_eq!(
        stored.determinize(Some(0), &mut Rng::seed(1)).view(Some(0)),
        view
    );
    for step in &record.steps[cut..] {
        tabuleiro_core::apply_step(&mut stored, step, &mut events).unwrap();
    }
    let replayed = tabuleiro_core::replay(&record).unwrap();
    assert_eq!(stored.to_act(), ToAct::Over);
    assert_eq!(stored.scores(), replayed.scores());
}
