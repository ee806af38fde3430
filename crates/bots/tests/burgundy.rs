//! The bots on The Castles of Burgundy: they do not peek, they are reproducible, and
//! the evaluation they maximise rewards VP.

mod common;

use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{Game, Rng, Seat, SeatSet, ToAct};

fn config(players: u8) -> Config {
    Config {
        players,
        ..Config::default()
    }
}

/// Applies chance steps until some seat must decide.
fn settle(game: &mut Burgundy, rng: &mut Rng) {
    let mut events = Vec::new();
    while game.to_act() == ToAct::Chance {
        let outcome = game.sample_chance(rng);
        game.apply_chance(&outcome, &mut events).unwrap();
    }
}

/// A 2-player game at the starting-castle stage, before anyone chooses.
fn starting_castles(seed: u64) -> Burgundy {
    let mut game = Burgundy::new(&config(2)).unwrap();
    settle(&mut game, &mut Rng::seed(seed));
    assert_eq!(game.to_act(), ToAct::Seats(SeatSet::first(2)));
    game
}

fn legal(game: &Burgundy, seat: Seat) -> Vec<tabuleiro_burgundy::Action> {
    let mut out = Vec::new();
    game.legal_actions(seat, &mut out);
    out
}

fn decide(spec: &str, seed: u64, game: &Burgundy, seat: Seat) -> usize {
    let mut bot = parse_bot::<Burgundy>(spec).unwrap();
    bot.decide(game, seat, &legal(game, seat), &mut Rng::seed(seed))
}

/// A mid-game position: random play from the start for `decisions` decisions.
fn mid_game(seed: u64, decisions: usize) -> Burgundy {
    let mut game = Burgundy::new(&config(2)).unwrap();
    let mut rng = Rng::seed(seed);
    let mut events = Vec::new();
    for _ in 0..decisions {
        settle(&mut game, &mut rng);
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let options = legal(&game, seats.lowest().unwrap());
        let action = options[rng.below(options.len())];
        game.apply(seats.lowest().unwrap(), &action, &mut events)
            .unwrap();
    }
    settle(&mut game, &mut rng);
    game
}

#[test]
fn bots_do_not_peek_at_another_seats_hidden_castle_choice() {
    let open = starting_castles(3);
    let mut chosen = open.clone();
    // Random boards: seat 1 chooses its side, then its castle, both hidden.
    for _ in 0..2 {
        if chosen.players[1].castle_choice.is_none() {
            let step = legal(&chosen, 1).pop().unwrap();
            chosen.apply(1, &step, &mut Vec::new()).unwrap();
        }
    }
    assert!(chosen.players[1].castle_choice.is_some());
    assert_ne!(open, chosen, "the states differ");
    assert_eq!(
        open.view(Some(0)),
        chosen.view(Some(0)),
        "seat 0 sees the same"
    );
    for spec in ["greedy", "mcts:iters=50", "random"] {
        for seed in 0..4 {
            assert_eq!(
                decide(spec, seed, &open, 0),
                decide(spec, seed, &chosen, 0),
                "{spec} seed {seed} decided differently on the same view"
            );
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_decisions() {
    for decisions in [0, 30, 120] {
        let game = mid_game(11, decisions);
        let ToAct::Seats(seats) = game.to_act() else {
            panic!("the game ended early");
        };
        for spec in ["random", "greedy", "mcts:iters=200"] {
            let a: Vec<usize> = (0..3)
                .map(|s| decide(spec, s, &game, seats.lowest().unwrap()))
                .collect();
            let b: Vec<usize> = (0..3)
                .map(|s| decide(spec, s, &game, seats.lowest().unwrap()))
                .collect();
            assert_eq!(a, b, "{spec} after {decisions} decisions");
        }
    }
}

#[test]
fn more_vp_evaluates_higher() {
    for decisions in [0, 40, 150] {
        let game = mid_game(5, decisions);
        for seat in 0..2 {
            let mut richer = game.clone();
            richer.players[seat as usize].vp += 5;
            assert!(
                richer.evaluate(seat) > game.evaluate(seat),
                "seat {seat} after {decisions} decisions"
            );
        }
    }
}

#[test]
fn bots_choose_legal_indices_and_name_themselves() {
    let game = mid_game(8, 20);
    let ToAct::Seats(seats) = game.to_act() else {
        panic!("over");
    };
    let options = legal(&game, seats.lowest().unwrap());
    for spec in ["random", "greedy", "mcts:iters=30", "mcts:ms=5"] {
        let mut bot: Box<dyn Bot<Burgundy>> = parse_bot(spec).unwrap();
        assert_eq!(bot.name(), spec);
        assert!(
            bot.decide(&game, seats.lowest().unwrap(), &options, &mut Rng::seed(1)) < options.len()
        );
    }
    let error = parse_bot::<Burgundy>("alphazero").err().unwrap();
    assert!(error.contains("unknown bot \"alphazero\""), "{error}");
    let error = parse_bot::<Burgundy>("random:depth=2").err().unwrap();
    assert!(error.contains("takes no options"), "{error}");
    let error = parse_bot::<Burgundy>("greedy:depth=2").err().unwrap();
    assert!(error.contains("unknown greedy option"), "{error}");
    let error = parse_bot::<Burgundy>("mcts:itres=5").err().unwrap();
    assert!(error.contains("unknown mcts option \"itres\""), "{error}");
}

#[test]
fn mcts_searches_the_iterations_it_is_given() {
    let game = mid_game(2, 10);
    let ToAct::Seats(seats) = game.to_act() else {
        panic!("over");
    };
    let options = legal(&game, seats.lowest().unwrap());
    assert!(options.len() > 1);
    let mut bot = parse_bot::<Burgundy>("mcts:iters=77").unwrap();
    bot.decide(&game, seats.lowest().unwrap(), &options, &mut Rng::seed(1));
    assert_eq!(bot.iterations(), 77);
}

/// A search whose rollouts end at the next round's roll (`end=chance`) plays a
/// 2-player game to its end, and names itself with the option.
#[test]
fn mcts_with_rollouts_to_the_roll_finishes_a_game() {
    plays_a_game_to_its_end("mcts:iters=20,cap=1000,reuse=1,prior=10,widen=1,end=chance");
}

/// The bot `spec` names itself as written and plays a 2-player game against greedy
/// to its end, both seats scoring.
fn plays_a_game_to_its_end(spec: &str) {
    assert_eq!(parse_bot::<Burgundy>(spec).unwrap().name(), spec);
    let game = common::play_out(&config(2), &[spec, "greedy"], 4);
    assert!(
        game.scores().iter().all(|&vp| vp > 0),
        "{:?}",
        game.scores()
    );
}

/// A search whose tree stops at the next roll (`tree=chance`), whose rollouts take
/// the best judged of 3 drawn choices (`roll=3`) and which picks by mean
/// (`pick=mean`) plays a 2-player game to its end, and names itself with the options.
#[test]
fn mcts_with_the_fourth_rounds_options_finishes_a_game() {
    plays_a_game_to_its_end(
        "mcts:iters=20,cap=20,reuse=1,prior=10,widen=1,tree=chance,roll=3,pick=mean",
    );
}

/// A search whose leaves are judged on one scale (`value=static`, `value=even`) and
/// whose rollouts stop between turns (`end=turn`) plays a 2-player game to its end,
/// and names itself with the options.
#[test]
fn mcts_with_the_fifth_rounds_options_finishes_a_game() {
    plays_a_game_to_its_end("mcts:iters=20,cap=20,reuse=1,prior=10,widen=1,value=static");
    plays_a_game_to_its_end("mcts:iters=20,cap=5,reuse=1,prior=10,widen=1,end=turn,value=even");
}

/// The expert's options with the fitted judgement (`value=fit`, ninth round) play a
/// 2-player game to its end, and name themselves with the options.
#[test]
fn mcts_with_the_fitted_judgement_finishes_a_game() {
    plays_a_game_to_its_end("mcts:iters=50,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=fit");
}
