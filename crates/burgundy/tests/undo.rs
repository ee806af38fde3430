//! Undo within a turn (DESIGN.md: never past a chance outcome or another seat's decision).

use tabuleiro_burgundy::{Action, Burgundy, Config};
use tabuleiro_core::{Game, Rng, Session, ToAct, UndoError};

fn session_at_first_turn() -> Session<Burgundy> {
    let config = Config {
        players: 2,
        duchies: vec![1, 1],
        castle_on_centre: true,
        ..Config::default()
    };
    let mut s = Session::<Burgundy>::new(config, 3).unwrap();
    let mut rng = Rng::seed(3);
    while s.game().to_act() == ToAct::Chance {
        let o = s.game().sample_chance(&mut rng);
        s.apply_chance(o).unwrap();
    }
    s
}

fn seat_to_act(s: &Session<Burgundy>) -> u8 {
    match s.game().to_act() {
        ToAct::Seats(v) => v.lowest().unwrap(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn undo_takes_back_decisions_of_the_current_turn_only() {
    let mut s = session_at_first_turn();
    let seat = seat_to_act(&s);
    let start = s.game().clone();
    let die = {
        let mut legal = Vec::new();
        s.game().legal_actions(seat, &mut legal);
        legal[0]
    };
    s.apply(seat, die).unwrap();
    s.apply(seat, Action::Workers).unwrap();
    let mid = s.game().clone();
    assert_ne!(mid, start);
    // The other seat cannot undo this seat's decisions.
    assert_eq!(s.undo(1 - seat), Err(UndoError::Nothing(1 - seat)));
    s.undo(seat).unwrap();
    s.undo(seat).unwrap();
    assert_eq!(*s.game(), start, "two undos return to the turn's start");
    assert_eq!(s.undo(seat), Err(UndoError::Nothing(seat)));
    // Redo the same decisions: the log and state are as before.
    s.apply(seat, die).unwrap();
    s.apply(seat, Action::Workers).unwrap();
    assert_eq!(*s.game(), mid);
}

#[test]
fn no_undo_past_the_end_of_the_turn() {
    let mut s = session_at_first_turn();
    let seat = seat_to_act(&s);
    // Play the whole turn: both dice taken as workers (turn ends automatically
    // unless a purchase is possible, in which case pass).
    for _ in 0..2 {
        let mut legal = Vec::new();
        s.game().legal_actions(seat, &mut legal);
        s.apply(seat, legal[0]).unwrap();
        s.apply(seat, Action::Workers).unwrap();
    }
    if seat_to_act(&s) == seat {
        s.apply(seat, Action::Pass).unwrap();
    }
    assert_ne!(seat_to_act(&s), seat);
    assert_eq!(s.undo(seat), Err(UndoError::Nothing(seat)));
}
