//! The solo game (10th expansion, module `solo`): seed 000 lines 819-863, seed 002
//! lines 853-897, classic seed 001 lines 1047-1100; digest 13.9, 14.4 item 24,
//! ambiguity A10. Each example of the chapter is a test citing its seed and line;
//! each reading of an option has its test; random solo games run the conformance
//! checks (release: `cargo test --release -p tabuleiro-burgundy --test solo`).

mod common;

use common::{act, depots_with, game_at_turn_with, legal, no_depots, pending, put, refused};
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{SoloClockwise, SoloGoal, SoloRoundGood};
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::modules::{Module, ModuleRefusal, ModuleSet};
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::tile::KINDS;
use tabuleiro_burgundy::{Action, Building, Burgundy, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::{Game, Participant, Rng};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

/// Duchy 33 (classic 13A) as its data file gives it: cluster A is spaces 0-10 (the
/// starting castle of these tests on 6, a C4), cluster B 11-23, cluster C 24-30,
/// cluster D 31-36; rivers 0-30, 30-32, 15-32, 9-15, 9-19.
const CASTLE: u8 = 6;

/// A solo game on duchy 33, the castle on space 6, phase A with these depots, goods
/// 1, 2, 3 held, the round's white die 6 and the seat's dice `dice`.
fn solo_at_turn(depots: [Vec<Tile>; 6], black: Vec<Tile>, dice: [u8; 2]) -> Burgundy {
    let g = game_at_turn_with(solo(Some(33)), depots, black, dice);
    assert_eq!(
        g.players[0].covered().iter().collect::<Vec<_>>(),
        vec![CASTLE as usize]
    );
    g
}

fn solo_goal(g: &Burgundy) -> u8 {
    g.modules.solo.expect("a solo game").goal
}

fn solo(duchy: Option<u8>) -> Config {
    Config {
        players: 1,
        duchies: duchy.into_iter().collect(),
        modules: ModuleSet::of(&[Module::Solo]),
        ..Config::default()
    }
}

/// Solo invariants: a valid position after every step, the goal between 5 and the
/// starting goal, VP short of the goal, and the end at the 25th round or a full duchy.
#[derive(Default)]
struct SoloChecks {
    games: u32,
    won: u32,
    goals: u32,
    trades: u32,
    blacks: u32,
    bought: u32,
}

impl Checks<Burgundy> for SoloChecks {
    fn random_action(&mut self, _: &Burgundy, rng: &mut Rng) -> Option<Action> {
        let tile = Tile::from_kind(rng.below(KINDS));
        Some(match rng.below(5) {
            0 => Action::Trade {
                tile,
                goods: std::array::from_fn(|_| rng.below(3) as u8),
            },
            1 => Action::BuyVp {
                vp: rng.below(60) as u8,
            },
            2 => Action::PlaceBlack {
                tile,
                space: rng.below(40) as u8,
            },
            3 => Action::Place {
                tile: Tile::FACE_DOWN,
                space: rng.below(40) as u8,
                shared: false,
            },
            _ => Action::Die {
                die: rng.below(3) as u8,
                value: rng.below(8) as u8,
            },
        })
    }

    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }

    fn step(&mut self, game: &Burgundy, events: &[Event]) -> Result<(), String> {
        game.validate().map_err(|e| e.to_string())?;
        if let Some(solo) = game.modules.solo {
            let start = game.config.rules.solo_goal.0;
            if !(SoloGoal::FLOOR..=start).contains(&solo.goal) {
                return Err(format!("goal {} out of 5..={start}", solo.goal));
            }
            if game.players[0].vp >= solo.goal as i32 {
                return Err(format!(
                    "VP {} at or past the goal {}",
                    game.players[0].vp, solo.goal
                ));
            }
        }
        for e in events {
            match e {
                Event::GoalReached { .. } => self.goals += 1,
                Event::Traded { .. } => self.trades += 1,
                Event::VpBought { .. } => self.bought += 1,
                Event::SoloEnded { won, .. } => {
                    self.games += 1;
                    self.won += *won as u32;
                }
                _ => {}
            }
            if let Event::Placed { tile, .. } = e {
                self.blacks += (*tile == Tile::FACE_DOWN) as u32;
            }
        }
        Ok(())
    }

    fn finish(&mut self, game: &Burgundy) -> Result<(), String> {
        let full = game.empty_spaces(0) == 0;
        let last_round = (game.phase, game.round) == (4, 5);
        if !(full || last_round) {
            return Err(format!(
                "the solo game ended at {:?} with empty spaces",
                (game.phase, game.round)
            ));
        }
        let standings = game.standings();
        let first = &standings[0].members[0];
        if full != (*first == Participant::Seat(0)) {
            return Err("the seat wins exactly when its duchy is full".into());
        }
        Ok(())
    }
}

fn games() -> u32 {
    common::random_play_games(60)
}

/// Random solo games on both boards, both editions and both readings of the round
/// good, with the conformance checks and the solo invariants.
#[test]
fn random_solo_games() {
    let mut configs = vec![solo(None), solo(Some(33)), solo(Some(34))];
    let mut classic = solo(Some(34));
    classic.edition = Edition::Classic;
    classic.rules.solo_goal = SoloGoal(45);
    configs.push(classic);
    let mut bottom = solo(None);
    bottom.rules.solo_round_good = SoloRoundGood::Bottom;
    bottom.rules.solo_goal = SoloGoal(20);
    bottom.rules.solo_clockwise = SoloClockwise::Descending;
    configs.push(bottom);
    let mut checks = SoloChecks::default();
    for (i, config) in configs.iter().enumerate() {
        let s = check_random_games(
            config,
            games().div_ceil(2),
            9_000_000 + i as u64 * 10_000,
            &mut checks,
        );
        assert!(s.decisions > 100, "games are played out ({s:?})");
    }
    eprintln!(
        "{:?}",
        (
            checks.games,
            checks.won,
            checks.goals,
            checks.trades,
            checks.blacks,
            checks.bought
        )
    );
    assert!(checks.goals > 0 && checks.trades > 0 && checks.blacks > 0 && checks.bought > 0);
}

/// Seed 000 line 825 (002 line 859, 001 line 1050): "Você começa a partida com 1
/// peça de prata, 2 trabalhadores e 3 mercadorias aleatórias"; line 829: the goal on
/// space 50; line 831: the 2-player setup (12 + 4 tiles a phase, seed 001 line 1060);
/// line 827: the board's side 33 or 34 is the player's choice.
#[test]
fn setup_gives_silver_workers_goods_and_the_goal() {
    let mut g = Burgundy::new(&solo(None)).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            duchies: vec![],
            boards: vec![[33, 34]],
            start_player: 0,
            goods: vec![vec![1, 1, 5]],
        },
        &mut ev,
    )
    .unwrap();
    let p = &g.players[0];
    assert_eq!((p.silver, p.workers, p.goods), (1, 2, [2, 0, 0, 0, 1, 0]));
    assert_eq!(solo_goal(&g), 50);
    assert_eq!(legal(&g, 0), vec!["side 33", "side 34"]);
    act(&mut g, 0, "side 34");
    // "qualquer espaço vermelho": each of board 34's four castle spaces.
    assert_eq!(
        legal(&g, 0),
        vec!["castle 1", "castle 5", "castle 16", "castle 30"]
    );
    act(&mut g, 0, "castle 16");
    assert_eq!(g.players[0].duchy, 34);
    let phase = g.sample_chance(&mut Rng::seed(3));
    g.apply_chance(&phase, &mut ev).unwrap();
    let tiles: usize = g.depots.iter().map(Vec::len).sum();
    assert_eq!((tiles, g.black_depot.len()), (12, 4));
}

/// Seed 000 line 837: "pegue a mercadoria mais abaixo"; seed 002 line 871 "coge la
/// loseta de mercancía superior", seed 001 line 1065 "mais acima" (digest A10). The
/// round spaces hold 4, 5, 6, 4, 5 from the bottom.
#[test]
fn round_good_top_by_default_and_bottom_as_an_option() {
    let g = solo_at_turn(no_depots(), vec![], [1, 1]);
    assert_eq!(g.depot_goods[5], [0, 0, 0, 0, 1, 0], "the top good, a 5");
    let mut bottom = solo(Some(33));
    bottom.rules.solo_round_good = SoloRoundGood::Bottom;
    let g = game_at_turn_with(bottom, no_depots(), vec![], [1, 1]);
    assert_eq!(g.depot_goods[5], [0, 0, 0, 1, 0, 0], "the bottom good, a 4");
}

/// Seed 000 line 839: "remova do jogo uma peça hexagonal daquele depósito, começando
/// de cima para baixo. Se um depósito estiver vazio, remova uma peça hexagonal do
/// próximo depósito em sentido horário". The white die shows 6.
#[test]
fn the_round_removes_the_top_tile_of_the_white_depot_or_the_next_clockwise() {
    let g = solo_at_turn(
        depots_with(&[(6, Tile::Mine), (6, Tile::Ship)]),
        vec![],
        [1, 1],
    );
    assert_eq!(
        g.depots[5],
        vec![Tile::Ship],
        "the top tile, the mine, is out"
    );
    assert_eq!(g.boxed.0[Tile::Mine.kind()], 1);
    // Depot 6 empty: the next clockwise, 1 (the ring 1-2-3-4-5-6-1), then 2.
    let g = solo_at_turn(
        depots_with(&[(2, Tile::Castle), (1, Tile::Ship)]),
        vec![],
        [1, 1],
    );
    assert_eq!((g.depots[0].len(), g.depots[1].len()), (0, 1));
    let g = solo_at_turn(depots_with(&[(2, Tile::Castle)]), vec![], [1, 1]);
    assert!(g.depots[1].is_empty(), "depot 1 empty too: depot 2's");
}

/// Digest A7, `rules.solo_clockwise`: from an empty depot 6, ascending goes on to 1,
/// descending to 5.
#[test]
fn the_next_depot_clockwise_each_reading() {
    let depots = || depots_with(&[(1, Tile::Castle), (5, Tile::Ship)]);
    let g = solo_at_turn(depots(), vec![], [1, 1]);
    assert_eq!(
        (g.depots[0].len(), g.depots[4].len()),
        (0, 1),
        "ascending: depot 1"
    );
    let mut c = solo(Some(33));
    c.rules.solo_clockwise = SoloClockwise::Descending;
    let g = game_at_turn_with(c, depots(), vec![], [1, 1]);
    assert_eq!(
        (g.depots[0].len(), g.depots[4].len()),
        (1, 0),
        "descending: depot 5"
    );
}

/// Seed 000 line 839 (002 line 873, 001 line 1069): "Você só pode expandir para
/// outras regiões através dos rios". From the castle on 6 (cluster A) the water
/// space 9 leads by river to 15 and 19 (cluster B); cluster B's 16 touches nothing
/// placed, and no river reaches cluster D from A.
#[test]
fn other_regions_are_reached_only_through_rivers() {
    let mut g = solo_at_turn(no_depots(), vec![], [3, 1]);
    put(&mut g, 0, &[(9, Tile::Ship)]);
    g.players[0].storage = vec![Tile::Ship, Tile::Building(Building::Market)];
    g.drawn.add(Tile::Ship);
    g.drawn.add(Tile::Building(Building::Market));
    act(&mut g, 0, "die 2 1");
    let places = legal(&g, 0);
    assert!(places.contains(&"place ship 15".to_string()), "{places:?}");
    assert!(places.contains(&"place ship 19".to_string()), "{places:?}");
    assert_eq!(
        refused(&mut g, 0, "place ship 30"),
        Reason::NotAdjacent { space: 30 },
        "cluster C: its river joins 0, which is empty"
    );
}

/// Seed 000 line 841: "Sempre que posicionar um navio, recolha todas as mercadorias
/// de um depósito à sua escolha e, depois, remova todas as mercadorias de todos os
/// outros depósitos"; line 827: no limit on goods types (held 1, 2, 3, taken 4 and 6).
#[test]
fn a_ship_takes_one_depot_and_clears_the_others_without_a_goods_limit() {
    let mut g = solo_at_turn(no_depots(), vec![], [2, 1]);
    g.players[0].storage = vec![Tile::Ship];
    g.drawn.add(Tile::Ship);
    g.depot_goods[1] = [0, 0, 0, 1, 0, 1];
    g.depot_goods[2] = [1, 0, 0, 0, 0, 0];
    act(&mut g, 0, "die 2 3");
    act(&mut g, 0, "place ship 9");
    assert_eq!(pending(&g), Some(Pending::ShipGoods));
    let ev = act(&mut g, 0, "ship 2 4,6");
    assert_eq!(g.players[0].goods, [1, 1, 1, 1, 0, 1], "five types held");
    assert!(g.depot_goods.iter().flatten().all(|&n| n == 0));
    assert!(
        ev.contains(&Event::GoodsRemoved {
            goods: [1, 0, 0, 0, 1, 0]
        }),
        "{ev:?}"
    );
    assert!(
        !ev.iter().any(|e| matches!(e, Event::MovedOnTrack { .. })),
        "the turn-order marker is the goal"
    );
    assert_eq!(g.modules.solo.unwrap().goods_out, [1, 0, 0, 0, 1, 0]);
}

/// Seed 000 line 841: "você pode agora (e apenas agora) trocar quaisquer 5 de suas
/// mercadorias por uma única peça hexagonal do depósito paralelo (...) colocada
/// virada para baixo em um de seus espaços chave. Um hexágono preto pode ser
/// posicionado em qualquer espaço colorido". Line 843: "uma mina preta não gera
/// peças de prata (...) posicionar um navio preto não lhe permite recolher
/// mercadorias" (002 line 877 and 001: nor trade).
#[test]
fn five_goods_buy_a_face_down_tile_that_goes_anywhere_and_does_nothing() {
    let mut g = solo_at_turn(no_depots(), vec![Tile::Mine, Tile::Knowledge(3)], [2, 4]);
    g.players[0].storage = vec![Tile::Ship];
    g.drawn.add(Tile::Ship);
    g.players[0].goods = [2, 1, 1, 2, 0, 0];
    act(&mut g, 0, "die 2 3");
    act(&mut g, 0, "place ship 9");
    act(&mut g, 0, "ship 1");
    assert_eq!(pending(&g), Some(Pending::SoloTrade));
    assert_eq!(
        refused(&mut g, 0, "trade mine 1,1,4,4"),
        Reason::TradeFiveGoods { given: 4 }
    );
    assert_eq!(
        refused(&mut g, 0, "trade mine 1,1,1,4,4"),
        Reason::TradeFiveGoods { given: 5 },
        "three 1s are not held"
    );
    let ev = act(&mut g, 0, "trade mine 1,1,2,4,4");
    assert!(ev.contains(&Event::Traded {
        seat: 0,
        tile: Tile::Mine,
        goods: [2, 1, 0, 2, 0, 0]
    }));
    assert_eq!(g.players[0].goods, [0, 0, 1, 0, 0, 0]);
    assert_eq!(g.players[0].storage, vec![Tile::FACE_DOWN]);
    assert_eq!(g.black_depot, vec![Tile::Knowledge(3)]);
    // The ship's 1-space water area scored: VP may be bought first.
    assert_eq!(pending(&g), Some(Pending::SoloBuyVp));
    act(&mut g, 0, "pass");
    // Die 1 shows 2: the face-down tile goes on a 2 of any colour next to a placed
    // tile: the building 3 or the pasture 5 (the castle's and the ship's neighbours
    // are 2, 3, 5, 7, 8, 10, 15, 19).
    act(&mut g, 0, "die 1 2");
    let places: Vec<String> = legal(&g, 0);
    assert_eq!(
        places,
        vec!["place face-down 3", "place face-down 5", "workers"]
    );
    let ev = act(&mut g, 0, "place face-down 3");
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Scored { .. })),
        "{ev:?}"
    );
    assert_eq!(g.players[0].spaces[3], Some(Tile::FACE_DOWN));
}

/// Seed 002 line 877: "Colocar un barco negro no te proporciona losetas de mercancía
/// ni te permite pagar 5 mercancías"; a face-down tile still completes its area
/// (line 874 "te ayuda a completar una zona (para ganar puntos de victoria").
#[test]
fn a_face_down_tile_on_water_is_no_ship_but_completes_its_area() {
    let mut g = solo_at_turn(no_depots(), vec![Tile::Mine], [3, 1]);
    g.players[0].storage = vec![Tile::FACE_DOWN];
    g.modules.solo.as_mut().unwrap().face_down = 1;
    g.players[0].goods = [2, 2, 2, 0, 0, 0];
    g.depot_goods[0] = [0, 0, 0, 1, 0, 0];
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place face-down 9");
    assert!(ev.contains(&Event::Scored {
        seat: 0,
        vp: 11,
        why: ScoreReason::Area {
            colour: tabuleiro_burgundy::Colour::Water,
            size: 1,
            phase_bonus: 10
        }
    }));
    assert_eq!(
        pending(&g),
        Some(Pending::SoloBuyVp),
        "no ship goods, no trade"
    );
    assert_eq!(g.depot_goods[0], [0, 0, 0, 1, 0, 0], "no goods removed");
}

/// Seed 000 line 843: a face-down mine "não gera peças de prata ao fim da fase".
#[test]
fn a_face_down_mine_gives_no_silver() {
    let mut g = solo_at_turn(no_depots(), vec![], [1, 1]);
    put(&mut g, 0, &[(1, Tile::Mine)]);
    g.players[0].spaces.place(5, Tile::FACE_DOWN);
    g.modules.solo.as_mut().unwrap().face_down = 1;
    g.round = 4;
    g.validate().unwrap();
    let silver = g.players[0].silver;
    common::finish_round(&mut g);
    assert_eq!(
        g.players[0].silver,
        silver + 1,
        "the real mine's silver only"
    );
}

/// Seed 000 lines 845-847: "Pontos de vitória provenientes de monastérios são
/// recebidos imediatamente após o seu posicionamento (...) quando você posicionar o
/// monastério 26, avance seu marcador (...) em 3 pontos de vitória para cada cor que
/// você tenha completada neste momento". The castles (4) and the mines (3) complete.
#[test]
fn monastery_26_scores_3_per_completed_colour_when_placed() {
    let mut g = solo_at_turn(no_depots(), vec![], [3, 1]);
    put(
        &mut g,
        0,
        &[(17, Tile::Castle), (26, Tile::Castle), (28, Tile::Castle)],
    );
    put(
        &mut g,
        0,
        &[(1, Tile::Mine), (21, Tile::Mine), (29, Tile::Mine)],
    );
    g.players[0].storage = vec![Tile::Knowledge(26)];
    g.drawn.add(Tile::Knowledge(26));
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "place knowledge26 7");
    assert!(
        ev.contains(&Event::Scored {
            seat: 0,
            vp: 6,
            why: ScoreReason::Knowledge { number: 26 }
        }),
        "{ev:?}"
    );
    assert_eq!(
        g.players[0].vp,
        6 + 1 + 10,
        "and the 1-space monastery area in phase A"
    );
}

/// The turn's stack of decisions, the oldest first.
fn turn_pending(g: &Burgundy) -> Vec<Pending> {
    common::turn(g).pending.clone()
}

/// A solo turn with dice 5 and 1, a mine in storage whose placing on space 1
/// completes the mines, two castles short of the castles, and the black depot's castle
/// and ship.
fn last_mine_game() -> Burgundy {
    let mut g = solo_at_turn(no_depots(), vec![Tile::Castle, Tile::Ship], [5, 1]);
    put(
        &mut g,
        0,
        &[
            (21, Tile::Mine),
            (29, Tile::Mine),
            (9, Tile::Ship),
            (15, Tile::Ship),
            (2, Tile::Building(Building::Bank)),
            (26, Tile::Castle),
            (28, Tile::Castle),
        ],
    );
    g.players[0].storage = vec![Tile::Mine];
    g.drawn.add(Tile::Mine);
    g
}

/// Seed 000 line 849: "Você não ganha pontos de vitória bônus ao completar uma cor.
/// Em vez disso, escolha uma peça hexagonal do depósito paralelo e a posicione
/// diretamente em seu ducado (...) Se ao posicionar essa nova peça, completar outra
/// cor (...) pode pegar outra peça". The last mine completes the mines; the black
/// depot's castle then completes the castles, which brings its ship.
#[test]
fn a_completed_colour_brings_a_black_depot_tile_into_the_duchy_and_chains() {
    let mut g = last_mine_game();
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "place mine 1");
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Scored {
            why: ScoreReason::ColourBonus { .. },
            ..
        }
    )));
    assert!(g.players[0].bonus_tiles.is_empty());
    // The first tile is the player's to choose, not to decline ("escolha").
    assert_eq!(pending(&g), Some(Pending::SoloBlack { further: false }));
    // The castle goes on 17 (next to the mine on 21), any number: no die is used;
    // the ship on any water space next to a placed tile, across rivers too. The VP
    // purchase of the mines' area waits under it and may come first (line 851).
    assert_eq!(turn_pending(&g)[0], Pending::SoloBuyVp);
    assert_eq!(
        legal(&g, 0),
        vec![
            "black castle 17",
            "black ship 0",
            "black ship 19",
            "black ship 30",
            "black ship 32",
            "first 0"
        ]
    );
    let ev = act(&mut g, 0, "black castle 17");
    assert!(ev.contains(&Event::Placed {
        seat: 0,
        tile: Tile::Castle,
        space: 17
    }));
    // The castle's own effect (a die action of any value) comes first, then the
    // castles completed bring the black depot's ship.
    assert_eq!(pending(&g), Some(Pending::UseDie { value: None }));
    act(&mut g, 0, "workers");
    // A colour completed by a black-depot tile brings another, which "você pode
    // pegar": the player may pass.
    assert_eq!(pending(&g), Some(Pending::SoloBlack { further: true }));
    assert!(legal(&g, 0).contains(&"pass".to_string()));
    assert_eq!(
        refused(&mut g, 0, "black ship 3"),
        Reason::WrongColour {
            space: 3,
            colour: tabuleiro_burgundy::Colour::Building,
            needs: tabuleiro_burgundy::Colour::Water
        }
    );
    act(&mut g, 0, "black ship 19");
    assert!(g.black_depot.is_empty());
}

/// Seed 000 line 848: "Se ao posicionar essa nova peça, completar outra cor (...)
/// você pode pegar outra peça hexagonal do depósito paralelo": the further tile may
/// be declined (the first may not: "escolha uma peça"); the ship stays in the black
/// depot and the turn goes on.
#[test]
fn a_further_black_depot_tile_may_be_declined() {
    let mut g = last_mine_game();
    act(&mut g, 0, "die 1 5");
    act(&mut g, 0, "place mine 1");
    assert_eq!(
        refused(&mut g, 0, "pass"),
        Reason::NotNow {
            awaiting: tabuleiro_burgundy::error::Awaiting::SoloBlack
        }
    );
    act(&mut g, 0, "black castle 17");
    act(&mut g, 0, "workers");
    let ev = act(&mut g, 0, "pass");
    assert!(ev.contains(&Event::Passed { seat: 0 }));
    assert_eq!(g.black_depot, vec![Tile::Ship]);
    // Under it waited the VP purchase of the VP scored.
    assert_eq!(pending(&g), Some(Pending::SoloBuyVp));
    act(&mut g, 0, "pass");
    assert_eq!(pending(&g), None);
    assert_eq!(common::turn(&g).dice, [None, Some(1)], "the turn goes on");
}

/// Seed 000 line 851: "você escolhe a ordem na qual recebe quaisquer ações de jogo"
/// (002 line 885, 001 line 1100: "(parciais)"). The black-depot castle completes the
/// castles: its own die action waits on top, the ship brought by the castles under it.
/// The player brings the ship first (`first N`, N its place on the stack), once
/// between two decisions; the castle's action still waits after it.
#[test]
fn the_solo_player_chooses_the_order_of_game_actions() {
    let mut g = last_mine_game();
    act(&mut g, 0, "die 1 5");
    act(&mut g, 0, "place mine 1");
    act(&mut g, 0, "black castle 17");
    let stack = turn_pending(&g);
    assert_eq!(stack.last(), Some(&Pending::UseDie { value: None }));
    let black = Pending::SoloBlack { further: true };
    let at = stack.iter().position(|p| *p == black).unwrap();
    let first = format!("first {at}");
    assert!(legal(&g, 0).contains(&first), "{:?}", legal(&g, 0));
    act(&mut g, 0, &first);
    assert_eq!(pending(&g), Some(black));
    assert!(
        !legal(&g, 0).iter().any(|a| a.starts_with("first ")),
        "one bringing between two decisions"
    );
    assert_eq!(
        refused(&mut g, 0, &format!("first {}", stack.len() - 1)),
        Reason::NotNow {
            awaiting: tabuleiro_burgundy::error::Awaiting::SoloBlack
        }
    );
    // The moment is one a position file may hold.
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(Burgundy::from_json(&text).unwrap(), g);
    act(&mut g, 0, "black ship 19");
    assert!(g.black_depot.is_empty());
    assert!(common::turn(&g)
        .pending
        .contains(&Pending::UseDie { value: None }));
}

/// A decision left waiting while others came first may find nothing left to choose:
/// the trade after a ship (5 goods for a black-depot tile) with the goods gone lapses
/// rather than asking for what cannot be done; the turn goes on.
#[test]
fn a_waiting_decision_with_nothing_left_to_choose_lapses() {
    let mut g = solo_at_turn(no_depots(), vec![Tile::Castle], [5, 1]);
    g.players[0].goods = [1, 1, 0, 0, 0, 0];
    g.players[0].silver = 3;
    if let Stage::Turn(t) = &mut g.stage {
        t.pending = vec![Pending::SoloTrade, Pending::SoloBuyVp];
    }
    g.validate().unwrap();
    act(&mut g, 0, "pass");
    assert_eq!(pending(&g), None);
    assert_eq!(common::turn(&g).dice, [Some(5), Some(1)]);
}

/// Outside the solo game the order is the rules' (the newest decision first): no
/// `first N`, and a position saying a decision was brought first is refused.
#[test]
fn only_the_solo_game_brings_a_decision_first() {
    let mut g = game_at_turn_with(Config::players(2), no_depots(), Vec::new(), [1, 1]);
    if let Stage::Turn(t) = &mut g.stage {
        t.pending = vec![Pending::WarehouseSell, Pending::CityHall];
    }
    g.validate().unwrap();
    assert!(!legal(&g, 0).iter().any(|a| a.starts_with("first ")));
    assert!(matches!(
        refused(&mut g, 0, "first 0"),
        Reason::NotNow { .. }
    ));
    if let Stage::Turn(t) = &mut g.stage {
        t.reordered = true;
    }
    let e = g.validate().unwrap_err().to_string();
    assert!(e.contains("reordered"), "{e}");
}

/// Seed 000 line 853: "sempre que receber pontos de vitória, você pode comprar
/// pontos de vitória adicionais. Cada ponto de vitória custa 1 peça de prata. Quando
/// você alcançar o seu objetivo (...) retorne seu marcador (...) para o espaço
/// inicial (...) e diminua a posição do objetivo (...) em 5 espaços (...) Após (...)
/// você pode realizar uma ação de dado qualquer (como se tivesse posicionado um
/// castelo)". Selling two 1s scores 4 (the 2-player sale), the goal is 50.
#[test]
fn vp_bought_with_silver_reach_the_goal_for_a_free_action() {
    let mut g = solo_at_turn(no_depots(), vec![], [1, 1]);
    g.players[0].goods = [2, 0, 0, 0, 0, 0];
    g.players[0].vp = 40;
    g.players[0].silver = 9;
    act(&mut g, 0, "die 1 1");
    let ev = act(&mut g, 0, "sell 1");
    assert_eq!(common::vp_in(&ev, 0), 4);
    assert_eq!(pending(&g), Some(Pending::SoloBuyVp));
    // 44 VP: 6 more reach 50; silver is 10 after the sale.
    assert_eq!(
        refused(&mut g, 0, "buy vp 7"),
        Reason::TooManyVp { vp: 7, most: 6 }
    );
    let ev = act(&mut g, 0, "buy vp 6");
    assert!(
        ev.contains(&Event::GoalReached { seat: 0, goal: 45 }),
        "{ev:?}"
    );
    assert_eq!(
        (g.players[0].vp, g.players[0].silver, solo_goal(&g)),
        (0, 4, 45)
    );
    assert_eq!(
        pending(&g),
        Some(Pending::UseDie { value: None }),
        "the free action"
    );
    act(&mut g, 0, "workers");
}

/// Seed 000 line 853: the excess is lost; "Caso seu objetivo de pontos de vitória já
/// esteja no espaço 5, não o mova mais (mas você ainda recebe uma ação de dado)".
#[test]
fn at_goal_5_the_goal_stays_and_the_free_action_comes() {
    let mut g = solo_at_turn(no_depots(), vec![], [1, 1]);
    g.modules.solo.as_mut().unwrap().goal = 5;
    g.players[0].goods = [3, 0, 0, 0, 0, 0];
    act(&mut g, 0, "die 1 1");
    let ev = act(&mut g, 0, "sell 1");
    assert!(
        ev.contains(&Event::GoalReached { seat: 0, goal: 5 }),
        "{ev:?}"
    );
    assert_eq!(g.players[0].vp, 0, "6 VP: 1 past the goal, lost");
    assert_eq!(pending(&g), Some(Pending::UseDie { value: None }));
}

/// Seed 000 line 861: "Você ganha a partida caso consiga preencher todos os 37
/// espaços hexagonais de seu ducado dentro de 25 rodadas". The last empty space
/// filled ends the game, won; the standings put the seat before the goal.
#[test]
fn filling_all_37_spaces_wins() {
    let mut g = solo_at_turn(no_depots(), vec![], [3, 1]);
    let duchy = g.duchy(0).clone();
    for s in 0..37u8 {
        if s != CASTLE && s != 7 {
            g.players[0].spaces.place(s as usize, Tile::FACE_DOWN);
        }
    }
    g.modules.solo.as_mut().unwrap().face_down = 35;
    assert_eq!(duchy.colours[7], tabuleiro_burgundy::Colour::Knowledge);
    g.players[0].storage = vec![Tile::FACE_DOWN];
    g.modules.solo.as_mut().unwrap().face_down = 36;
    g.validate().unwrap();
    act(&mut g, 0, "die 1 3");
    act(&mut g, 0, "place face-down 7");
    act(&mut g, 0, "pass");
    let ev = common::finish_turn(&mut g);
    assert!(
        ev.contains(&Event::SoloEnded {
            won: true,
            spaces: 37
        }),
        "{ev:?}"
    );
    assert_eq!(g.stage, Stage::Over);
    let st = g.standings();
    assert_eq!(st[0].members, vec![Participant::Seat(0)]);
    assert_eq!((st[0].place, st[0].score, st[1].place), (1, 37, 2));
}

/// The 25th round over with an empty space: lost; the goal stands first.
#[test]
fn empty_spaces_after_25_rounds_lose() {
    let mut g = solo_at_turn(no_depots(), vec![], [1, 1]);
    g.phase = 4;
    g.round = 4;
    let ev = common::finish_round(&mut g);
    assert!(
        ev.contains(&Event::SoloEnded {
            won: false,
            spaces: 1
        }),
        "{ev:?}"
    );
    let st = g.standings();
    assert_eq!(
        st[0].members,
        vec![Participant::Automaton("burgundy.solo".into())]
    );
    assert_eq!((st[1].place, st[1].score), (2, 1));
}

/// Seed 000 line 863: a goal below 50 is easier, above harder; seed 001 line 1097
/// names 45-55 for the classic edition.
#[test]
fn the_difficulty_is_the_starting_goal_within_the_editions_range() {
    let mut c = solo(None);
    c.rules.solo_goal = SoloGoal(30);
    let g = Burgundy::new(&c).unwrap();
    let mut g2 = g.clone();
    let setup = g.sample_chance(&mut Rng::seed(1));
    g2.apply_chance(&setup, &mut Vec::new()).unwrap();
    assert_eq!(solo_goal(&g2), 30);
    c.edition = Edition::Classic;
    assert_eq!(
        Burgundy::new(&c).unwrap_err(),
        Error::Module(ModuleRefusal::SoloGoal {
            goal: 30,
            min: 45,
            max: 55
        })
    );
    c.rules.solo_goal = SoloGoal(55);
    Burgundy::new(&c).unwrap();
    let mut se = solo(None);
    se.rules.solo_goal = SoloGoal(4);
    assert!(matches!(
        Burgundy::new(&se),
        Err(Error::Module(ModuleRefusal::SoloGoal { .. }))
    ));
}

/// The combinations the rules forbid, each with its reason.
#[test]
fn configs_the_solo_rules_refuse() {
    let refusal = |c: Config| match Burgundy::new(&c) {
        Err(Error::Module(r)) => r,
        other => panic!("{other:?}"),
    };
    let two = Config {
        players: 2,
        ..solo(None)
    };
    assert_eq!(refusal(two), ModuleRefusal::SoloPlayers { players: 2 });
    assert_eq!(
        refusal(Config::players(1)),
        ModuleRefusal::SoloPlayers { players: 1 }
    );
    assert_eq!(
        refusal(solo(Some(1))),
        ModuleRefusal::SoloDuchy { duchy: 1 }
    );
    let mut boards = solo(None);
    boards.modules = boards.modules.with(Module::Duchies11To18);
    assert_eq!(
        refusal(boards),
        ModuleRefusal::SoloBoards {
            other: Module::Duchies11To18
        }
    );
    let mut auto = solo(None);
    auto.modules = auto.modules.with(Module::AutoDuke);
    assert_eq!(
        refusal(auto),
        ModuleRefusal::Excludes {
            module: Module::Solo,
            other: Module::AutoDuke
        }
    );
    // Duchy 33 belongs to the solo game.
    let c = Config {
        duchies: vec![33, 33],
        ..Config::players(2)
    };
    assert_eq!(
        refusal(c),
        ModuleRefusal::DuchyNeedsModule {
            duchy: 33,
            module: Module::Solo
        }
    );
    // The solo options need the module.
    let mut opt = Config::players(2);
    opt.rules.solo_goal = SoloGoal(40);
    assert_eq!(
        refusal(opt),
        ModuleRefusal::OptionNeedsModule {
            option: "solo_goal",
            module: Module::Solo
        }
    );
}

/// Every key the solo game emits (refusals, action labels, events, its tile, its
/// module and its automaton) is in the three catalogues.
#[test]
fn solo_keys_are_in_every_catalogue() {
    use tabuleiro_burgundy::error::Awaiting;
    use tabuleiro_core::{Explain, Present};
    let catalogues = [
        include_str!("../../i18n/locales/burgundy/en.json"),
        include_str!("../../i18n/locales/burgundy/pt-BR.json"),
        include_str!("../../i18n/locales/burgundy/es.json"),
    ];
    let game = Burgundy::create(&solo(None)).unwrap();
    let illegal = |reason| Error::Illegal {
        action: "pass".into(),
        reason,
    };
    let mut keys: Vec<String> = [
        illegal(Reason::NotNow {
            awaiting: Awaiting::SoloTrade,
        }),
        illegal(Reason::NotNow {
            awaiting: Awaiting::SoloBuyVp,
        }),
        illegal(Reason::NotNow {
            awaiting: Awaiting::SoloBlack,
        }),
        illegal(Reason::TradeFiveGoods { given: 4 }),
        illegal(Reason::TooManyVp { vp: 9, most: 2 }),
        Error::Module(ModuleRefusal::SoloPlayers { players: 2 }),
        Error::Module(ModuleRefusal::SoloDuchy { duchy: 1 }),
        Error::Module(ModuleRefusal::SoloBoards {
            other: Module::Inns,
        }),
        Error::Module(ModuleRefusal::SoloGoal {
            goal: 1,
            min: 5,
            max: 99,
        }),
    ]
    .iter()
    .map(|e| e.message().key)
    .collect();
    for text in [
        "trade mine 1,1,2,2,3",
        "buy vp 3",
        "black castle 4",
        "place face-down 3",
    ] {
        let action: Action = text.parse().unwrap();
        let offer = tabuleiro_core::Offer::of(&game, 0, &action);
        assert!(!offer.path.is_empty(), "{text}");
        assert_eq!(offer.action.parse::<Action>().unwrap(), action, "{text}");
        keys.push(offer.label.key);
    }
    let events = [
        Event::TileRemoved {
            depot: 1,
            tile: Tile::Mine,
        },
        Event::GoodsRemoved {
            goods: [1, 0, 0, 0, 0, 0],
        },
        Event::Traded {
            seat: 0,
            tile: Tile::Mine,
            goods: [5, 0, 0, 0, 0, 0],
        },
        Event::VpBought { seat: 0, vp: 2 },
        Event::GoalReached { seat: 0, goal: 45 },
        Event::SoloEnded {
            won: true,
            spaces: 37,
        },
        Event::SoloEnded {
            won: false,
            spaces: 30,
        },
    ];
    keys.extend(
        events
            .iter()
            .map(|e| <Burgundy as Present>::describe(e).key),
    );
    keys.extend(["tile.face-down", "module.solo", "burgundy.solo"].map(String::from));
    for text in catalogues {
        let catalogue: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(text).unwrap();
        for key in &keys {
            assert!(catalogue.contains_key(key), "no {key:?}");
        }
    }
}
