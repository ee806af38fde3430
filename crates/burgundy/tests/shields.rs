//! The shields (module `shields`): seed 000 lines 859-913, seed 002 lines 893-953,
//! seed 001 lines 1113-1229; digest 13.10, 14.4 item 25, ambiguities A15-A25. Each
//! example of the chapter is a test citing its line; each option a test per reading.
//! Duchy 1 (see `common::DUCHY1`): castles on 1, 2, 6 and 18 (the start), mines on
//! 24, 29, 33, pastures 0, 4, 5, 9, 10 and 27.

mod common;

use common::{act, finish_round, game_at_turn_with, legal, no_depots, put, refused, roll_ones};
use common::{set_dice, store, turn};
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{Shield2, Shield6, Shield7, Shield9, ShieldPurchase};
use tabuleiro_burgundy::error::{Awaiting, Error, Reason};
use tabuleiro_burgundy::knowledge::Knowledge;
use tabuleiro_burgundy::modules::{Module, ModuleRefusal, ModuleSet, ShieldData};
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::tile::Animal;
use tabuleiro_burgundy::{Action, Burgundy, Config, Edition, Event, ScoreReason, Tile};
use tabuleiro_core::{Explain, Game, Present, Rng, Seat};

fn config(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::Shields]),
        ..Config::default()
    }
}

/// Seat 0's turn with `dice`, shields `on_depots` (depot 1-6, shield) on the board
/// and seat 0 holding `held` (castle space, shield).
fn game(dice: [u8; 2], on_depots: &[(u8, u8)], held: &[(u8, u8)]) -> Burgundy {
    game_with(config(2), dice, on_depots, held)
}

fn game_with(c: Config, dice: [u8; 2], on_depots: &[(u8, u8)], held: &[(u8, u8)]) -> Burgundy {
    let n = c.players as usize;
    let mut g = game_at_turn_with(c, no_depots(), Vec::new(), dice);
    g.modules.shields = vec![BTreeMap::new(); n];
    for &(depot, s) in on_depots {
        g.modules.shield_depots[depot as usize - 1].push(s);
    }
    for &(castle, s) in held {
        if g.players[0].spaces[castle as usize].is_none() {
            put(&mut g, 0, &[(castle, Tile::Castle)]);
        }
        g.modules.shields[0].insert(castle, s);
    }
    g.validate().unwrap();
    g
}

fn shield_takes(g: &Burgundy) -> Vec<String> {
    legal(g, 0)
        .into_iter()
        .filter(|a| a.starts_with("shield "))
        .collect()
}

/// Plays the rest of the phase: every turn takes workers (two 1s each round).
fn finish_phase(g: &mut Burgundy) -> Vec<Event> {
    let mut ev = Vec::new();
    loop {
        ev.extend(finish_round(g));
        match g.stage {
            Stage::RoundStart => roll_ones(g, 1),
            _ => return ev,
        }
    }
}

/// Silver and workers gained by a seat in these events.
fn gained(ev: &[Event], seat: Seat) -> (u32, u32) {
    ev.iter().fold((0, 0), |(s, w), e| match *e {
        Event::Gained {
            seat: g,
            silver,
            workers,
        } if g == seat => (s + silver, w + workers),
        _ => (s, w),
    })
}

fn score_of(ev: &[Event], pick: impl Fn(&ScoreReason) -> bool) -> Vec<i32> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Scored { seat: 0, vp, why } if pick(why) => Some(*vp),
            _ => None,
        })
        .collect()
}

// ---------- setup ----------

/// Seed 000 lines 867-878 (002 lines 901-913, 001 lines 1113-1121): "2 jogadores: 1
/// escudo por depósito. 3 jogadores: 1 escudo em cada depósito com número 1, 3 e 5,
/// 2 escudos em cada depósito com número 2, 4 e 6. 4 jogadores: 2 escudos por
/// depósito." Laid at the first phase start, before its tiles; each shield once.
#[test]
fn the_shields_are_laid_by_player_count() {
    for (players, per_depot) in [
        (2, [1, 1, 1, 1, 1, 1]),
        (3, [1, 2, 1, 2, 1, 2]),
        (4, [2, 2, 2, 2, 2, 2]),
    ] {
        let c = Config {
            modules: ModuleSet::of(&[Module::Shields]),
            ..Config::players(players)
        };
        let mut laid = 0;
        tabuleiro_core::play::<Burgundy>(
            &c,
            players as u64,
            &mut tabuleiro_core::UniformChooser,
            false,
            |g, ev| {
                if ev.iter().any(|e| matches!(e, Event::ShieldLaid { .. })) {
                    laid += 1;
                    let counts: Vec<usize> = g.modules.shield_depots.iter().map(Vec::len).collect();
                    assert_eq!(counts, per_depot.map(|n| n as usize), "{players} players");
                    assert_eq!(g.phase, 0);
                    assert!(g.depots.iter().all(Vec::is_empty), "laid before the tiles");
                }
            },
        )
        .unwrap();
        assert_eq!(laid, 1, "laid once");
    }
    // An outcome that lays other counts, or a shield twice, is refused.
    let mut g = Burgundy::new(&config(2)).unwrap();
    let mut rng = Rng::seed(1);
    while !matches!(g.stage, Stage::PhaseStart) {
        match g.to_act() {
            tabuleiro_core::ToAct::Chance => {
                let o = g.sample_chance(&mut rng);
                g.apply_chance(&o, &mut Vec::new()).unwrap();
            }
            _ => {
                for s in 0..2 {
                    let mut out = Vec::new();
                    g.legal_actions(s, &mut out);
                    if let Some(a) = out.first() {
                        g.apply(s, a, &mut Vec::new()).unwrap();
                    }
                }
            }
        }
    }
    let twice = Outcome::Shields {
        depots: [vec![1], vec![1], vec![2], vec![3], vec![7], vec![8]],
    };
    assert!(g.apply_chance(&twice, &mut Vec::new()).is_err());
    let short = Outcome::Shields {
        depots: [vec![1], vec![], vec![2], vec![3], vec![7], vec![8]],
    };
    assert!(g.apply_chance(&short, &mut Vec::new()).is_err());
    // The shields come first.
    assert!(matches!(g.sample_chance(&mut rng), Outcome::Shields { .. }));
}

/// The data restates the seeds' VP: "Final da partida: +12" for 1-6, +8 for 7-12,
/// +4 for 13-18 (seed 000 lines 896-913).
#[test]
fn the_data_gives_each_shield_its_vp() {
    let d = ShieldData::embedded();
    for s in &d.shields {
        let vp = match s.number {
            1..=6 => 12,
            7..=12 => 8,
            _ => 4,
        };
        assert_eq!(s.endgame_vp, vp, "shield {}", s.number);
    }
    // Setup draws from all eighteen: every ability is played.
    assert_eq!(d.played().count(), 18);
}

// ---------- taking a shield ----------

/// Seed 000 line 888 (002 lines 923-925, 001 lines 1142-1143): "você pode pagar 2 trabalhadores
/// para alterar um 3 em um 5 para formar um par de 5." Dice 3 and 5: with 2 workers
/// the shield on depot 5 (and the one on 3, and on 4 for 1 + 1) may be taken, not
/// the one on 1 (2 + 2); with 1 worker none.
#[test]
fn worked_example_two_workers_turn_a_3_into_a_5_for_a_pair() {
    let mut g = game([3, 5], &[(5, 7), (3, 9), (4, 12), (1, 13)], &[]);
    g.players[0].workers = 2;
    assert_eq!(
        shield_takes(&g),
        vec!["shield 9 18", "shield 12 18", "shield 7 18"]
    );
    let ev = act(&mut g, 0, "shield 7 18");
    assert!(ev.contains(&Event::ShieldTaken {
        seat: 0,
        shield: 7,
        depot: 5,
        space: 18,
        workers: 2
    }));
    assert_eq!(g.players[0].workers, 0);
    // Instead of both die actions: with no purchase possible the turn is over.
    assert!(ev.contains(&Event::TurnEnded { seat: 0 }));
    assert!(g.shields_of(0).eq([7]));
    assert!(g.modules.shield_depots[4].is_empty(), "never replenished");

    let mut g = game([3, 5], &[(5, 7), (4, 12)], &[]);
    g.players[0].workers = 1;
    assert!(shield_takes(&g).is_empty());
    assert_eq!(
        refused(&mut g, 0, "shield 7 18"),
        Reason::ShieldNeedsPair {
            depot: 5,
            need: 2,
            have: 1
        }
    );
}

/// Seed 000 line 886: "em vez de realizar suas 2 ações de dados": not once a die is
/// used; on a castle of the duchy only.
#[test]
fn a_shield_takes_both_dice_and_goes_on_a_castle() {
    let mut g = game([4, 4], &[(4, 8)], &[]);
    assert_eq!(
        refused(&mut g, 0, "shield 8 19"),
        Reason::ShieldNotOnCastle { space: 19 }
    );
    assert_eq!(
        refused(&mut g, 0, "shield 9 18"),
        Reason::ShieldNotOnDepot { shield: 9 }
    );
    act(&mut g, 0, "die 1 4");
    act(&mut g, 0, "workers");
    assert_eq!(
        refused(&mut g, 0, "shield 8 18"),
        Reason::ShieldNeedsBothDice
    );
    let mut base = game_at_turn_with(
        Config {
            modules: ModuleSet::EMPTY,
            ..config(2)
        },
        no_depots(),
        Vec::new(),
        [4, 4],
    );
    assert_eq!(refused(&mut base, 0, "shield 8 18"), Reason::NoShields);
}

/// Seed 000 line 886: "substituir um escudo já presente em um castelo (o escudo
/// removido dessa forma sai completamente do jogo)". A castle with a shield, and an
/// empty one: both are offered.
#[test]
fn a_shield_replaces_another_which_leaves_the_game() {
    let mut g = game([2, 2], &[(2, 10)], &[(18, 8), (6, 9)]);
    assert_eq!(shield_takes(&g), vec!["shield 10 6", "shield 10 18"]);
    let ev = act(&mut g, 0, "shield 10 18");
    assert!(ev.contains(&Event::ShieldRemoved { seat: 0, shield: 8 }));
    let mut held: Vec<u8> = g.shields_of(0).collect();
    held.sort();
    assert_eq!(held, vec![9, 10]);
    assert!(g.modules.shield_depots.iter().all(|d| !d.contains(&8)));
}

// ---------- tribute ----------

/// Seed 000 line 890 (002 lines 927-929, 001 lines 1146-1148): "Ao fim de cada fase,
/// antes de receber as peças de prata de suas minas, você deve pagar tributo por seus
/// escudos! Cada escudo custa 1 peça de prata. Caso não possa (...) você deve remover
/// quaisquer escudos pelos quais não pagou o tributo." Shield 8 doubles the mines: with
/// 1 silver it is paid for and the mine pays 2; with none it is removed first and
/// the mine pays 1.
#[test]
fn tribute_comes_before_the_mines_and_unpaid_shields_are_removed() {
    for (silver, kept, mine_silver) in [(1, true, 2), (0, false, 1)] {
        let mut g = game([1, 1], &[], &[(18, 8)]);
        put(&mut g, 0, &[(24, Tile::Mine)]);
        g.players[0].silver = silver;
        g.round = 4;
        let mut ev = finish_phase(&mut g);
        // With 1 silver the owner chooses (keep or not); with none, no choice.
        if silver > 0 {
            assert_eq!(legal(&g, 0), ["tribute none", "tribute 8"]);
            ev.extend(act(&mut g, 0, "tribute 8"));
        }
        assert_eq!(g.phase, 1);
        let tribute = ev
            .iter()
            .position(|e| matches!(e, Event::TributePaid { .. } | Event::ShieldRemoved { .. }));
        let mines = ev.iter().position(|e| {
            matches!(
                e,
                Event::Gained {
                    seat: 0,
                    silver: 1..,
                    ..
                }
            )
        });
        assert!(tribute < mines, "tribute first");
        assert_eq!(g.holds_shield(0, 8), kept);
        let from_mines: u32 = ev
            .iter()
            .skip(tribute.unwrap())
            .map(|e| match *e {
                Event::Gained {
                    seat: 0, silver, ..
                } => silver,
                _ => 0,
            })
            .sum();
        assert_eq!(from_mines, mine_silver, "silver {silver}");
    }
}

/// Shield 3 (seed 000 line 898): "você pode pagar o tributo dos seus escudos com
/// trabalhadores em vez de peças de prata (...) Qualquer combinação". One silver and
/// two workers pay for three shields.
#[test]
fn shield_3_pays_tribute_with_workers() {
    let mut g = game([1, 1], &[], &[(18, 3), (6, 1), (2, 13)]);
    g.players[0].silver = 1;
    g.players[0].workers = 0;
    g.round = 4;
    // The turns take workers: seat 0 ends with 2 + 2.
    finish_phase(&mut g);
    let options = legal(&g, 0);
    assert!(
        options.contains(&"tribute 1,3,13 workers=2".to_string()),
        "{options:?}"
    );
    assert!(
        !options.contains(&"tribute 1,3,13".to_string()),
        "1 silver pays for one"
    );
    let ev = act(&mut g, 0, "tribute 1,3,13 workers=2");
    assert!(ev.contains(&Event::TributePaid {
        seat: 0,
        silver: 1,
        workers: 2
    }));
    assert_eq!(g.shields_of(0).count(), 3);
}

/// The tribute is the owner's choice (seed 000 line 890: "Caso não possa ou não
/// queira pagar, você deve remover quaisquer escudos pelos quais não pagou o
/// tributo"; 002 lines 928-929 "Si no puedes o no quieres pagar"): with 3 silver and
/// shields 8 and 13, seat 0 may keep both, either or none; it keeps 13, and 8 leaves.
/// With shield 3, each mix of silver and workers is offered.
#[test]
fn the_tribute_is_the_owners_choice() {
    let mut g = game([1, 1], &[], &[(18, 8), (6, 13)]);
    g.players[0].silver = 3;
    g.round = 4;
    finish_phase(&mut g);
    assert!(turn(&g).phase_end);
    assert_eq!(common::pending(&g), Some(Pending::Tribute));
    assert_eq!(
        legal(&g, 0),
        ["tribute none", "tribute 8", "tribute 13", "tribute 8,13"]
    );
    assert_eq!(
        refused(&mut g, 0, "die 1 1"),
        Reason::NotNow {
            awaiting: Awaiting::Tribute
        }
    );
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(Burgundy::from_json(&text).unwrap(), g);
    let ev = act(&mut g, 0, "tribute 13");
    assert!(ev.contains(&Event::TributePaid {
        seat: 0,
        silver: 1,
        workers: 0
    }));
    assert!(ev.contains(&Event::ShieldRemoved { seat: 0, shield: 8 }));
    assert_eq!(g.shields_of(0).collect::<Vec<_>>(), [13]);
    assert_eq!(g.phase, 1);
    // Shield 3: one silver and one worker: silver, or a worker, for shield 3.
    let mut g = game([1, 1], &[], &[(18, 3)]);
    g.players[0].silver = 1;
    g.round = 4;
    finish_phase(&mut g);
    assert_eq!(
        legal(&g, 0),
        ["tribute none", "tribute 3", "tribute 3 workers=1"]
    );
}

// ---------- abilities ----------

/// Shield 13 (seed 000 line 908): "dobre a quantidade de pontos recebida para cada
/// escudo em seu ducado (incluindo esse)"; the VP: 12, 8, 4 by number. Shields 1
/// (12) and 13 (4) score 24 + 8 at the end.
#[test]
fn end_scoring_of_the_shields_and_shield_13() {
    let g = game([1, 1], &[], &[(18, 1), (6, 13)]);
    let lines = g.final_points(0);
    let shields: Vec<(u8, i32)> = lines
        .iter()
        .filter_map(|(why, vp)| match why {
            ScoreReason::Shield { shield } => Some((*shield, *vp)),
            _ => None,
        })
        .collect();
    assert_eq!(shields, vec![(1, 24), (13, 8)]);
    let g = game([1, 1], &[], &[(18, 7)]);
    assert!(g
        .final_points(0)
        .contains(&(ScoreReason::Shield { shield: 7 }, 8)));
}

/// Shield 10 (seed 000 line 905): "seus mosteiros com habilidades de fim de jogo
/// pontuam o dobro". Knowledge tile 25 (1 VP per good sold), 3 goods sold: 3 more.
#[test]
fn shield_10_doubles_the_end_game_monasteries() {
    let mut g = game([1, 1], &[], &[(18, 10)]);
    put(&mut g, 0, &[(12, Tile::Knowledge(25))]);
    g.players[0].sold = [3, 0, 0, 0, 0, 0];
    let lines = g.final_points(0);
    assert!(lines.contains(&(ScoreReason::Knowledge { number: 25 }, 3)));
    assert!(lines.contains(&(ScoreReason::MonasteriesDoubled, 3)));
}

/// Shield 17 (seed 000 line 912, 002 line 951, 001 line 1224): "ao fechar uma área
/// 3 (6 PVs), receba como uma área 4 (10PVs)". A city of 3 on duchy 1, closed in
/// phase A: 10 + 10 with the shield, 6 + 10 without.
#[test]
fn worked_example_shield_17_an_area_of_3_scores_as_4() {
    for (held, size, vp) in [(vec![(18, 17)], 4, 10 + 10), (vec![], 3, 6 + 10)] {
        let mut g = game([1, 1], &[], &held);
        let duchy = g.duchy(0).clone();
        let (area, last) = three_space_city(&g);
        let tiles: Vec<(u8, Tile)> = duchy
            .spaces_of_area(area)
            .filter(|&s| s != last)
            .zip([
                Tile::Building(tabuleiro_burgundy::Building::Bank),
                Tile::Building(tabuleiro_burgundy::Building::Market),
            ])
            .map(|(s, t)| (s as u8, t))
            .collect();
        put(&mut g, 0, &tiles);
        let t = Tile::Building(tabuleiro_burgundy::Building::Church);
        store(&mut g, 0, &[t]);
        let n = duchy.dice[last];
        set_dice(&mut g, [n, n]);
        act(&mut g, 0, &format!("die 1 {n}"));
        let ev = act(&mut g, 0, &format!("place {t} {last}"));
        let area_vp = score_of(
            &ev,
            |w| matches!(w, ScoreReason::Area { size: s, .. } if *s == size),
        );
        assert_eq!(area_vp, vec![vp], "held {held:?}");
    }
}

/// A city (building area) of 3 spaces on duchy 1 and a space of it next to a
/// covered one once the others are covered.
fn three_space_city(g: &Burgundy) -> (u8, usize) {
    let d = g.duchy(0);
    let area = (0..d.area_size.len() as u8)
        .find(|&a| {
            d.area_size[a as usize] == 3
                && d.colours[d.spaces_of_area(a).next().unwrap()]
                    == tabuleiro_burgundy::Colour::Building
        })
        .expect("duchy 1 has cities of 3");
    let last = d.spaces_of_area(area).last().unwrap();
    (area, last)
}

/// Shield 17 and the largest areas (digest A15): seed 000 "Uma área 10 pontua 55PVs"
/// (no cap in the Special Edition), seed 001 line 1225 "com 8 como máximo". The
/// edition decides, as it does for the inns (`Config::inn_area_cap`).
#[test]
fn shield_17_is_capped_at_8_in_the_classic_edition() {
    for (edition, cap) in [(Edition::Special, u8::MAX), (Edition::Classic, 8)] {
        let c = Config {
            edition,
            ..config(2)
        };
        assert_eq!(c.inn_area_cap(), cap);
    }
}

/// Shield 1 (seed 000 line 896): "todos os seus espaços de pasto contam como
/// conectados, como se fossem um único pasto". Cows 3 on 27 (its own pasture), then
/// cows 2 on 5 (next to a castle on 6): 2 alone, 5 with the shield.
#[test]
fn shield_1_joins_every_pasture() {
    let cows = |n| Tile::Livestock {
        animal: Animal::Cow,
        count: n,
    };
    for (held, vp) in [(vec![(18, 1)], 5), (vec![], 2)] {
        let mut g = game([1, 1], &[], &held);
        put(&mut g, 0, &[(27, cows(3)), (6, Tile::Castle)]);
        store(&mut g, 0, &[cows(2)]);
        act(&mut g, 0, "die 1 1");
        let ev = act(&mut g, 0, &format!("place {} 5", cows(2)));
        assert_eq!(score_of(&ev, |w| *w == ScoreReason::Livestock), vec![vp]);
    }
}

/// Shield 2 (seed 000 line 897): "sempre que outro jogador receber trabalhadores, você
/// também ganha 1 trabalhador" (`rules.shield2`, digest A19): 1 a gain, or 1 a worker.
#[test]
fn shield_2_each_reading() {
    for (reading, workers) in [(Shield2::PerGain, 1), (Shield2::PerWorker, 2)] {
        let mut c = config(2);
        c.rules.shield2 = reading;
        let mut g = game_with(c, [1, 1], &[], &[]);
        g.modules.shields[1].insert(18, 2);
        act(&mut g, 0, "die 1 1");
        let ev = act(&mut g, 0, "workers");
        assert_eq!(gained(&ev, 1).1, workers, "{reading:?}");
    }
}

/// Shield 4 (seed 000 line 899): "uma quantidade ilimitada de espaços chave": a
/// fourth tile goes to storage, no discard.
#[test]
fn shield_4_unlimited_storage() {
    let mut g = game([1, 1], &[], &[(18, 4)]);
    g.depots[0].push(Tile::Mine);
    g.drawn.add(Tile::Mine);
    store(&mut g, 0, &[Tile::Mine, Tile::Ship, Tile::Castle]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "take 1 mine");
    assert_eq!(g.players[0].storage.len(), 4);
    assert!(turn(&g).pending.is_empty(), "no discard");
    g.validate().unwrap();
}

/// Shield 7 (seed 000 line 902): "suas novas peças bônus pontuam o dobro"; shield 8
/// (line 903) doubles the mines (see the tribute test); shield 12 (line 907): "dobre
/// a quantidade de pontos de vitória recebida para cada mercadoria que você vende".
#[test]
fn shields_7_and_12_double_bonus_tiles_and_sales() {
    for (held, vp) in [(vec![(18, 12)], 2 * 2 * 3), (vec![], 2 * 3)] {
        let mut g = game([1, 1], &[], &held);
        g.players[0].goods = [3, 0, 0, 0, 0, 0];
        act(&mut g, 0, "die 1 1");
        let ev = act(&mut g, 0, "sell 1");
        assert_eq!(
            score_of(&ev, |w| matches!(w, ScoreReason::Sale { .. })),
            vec![vp]
        );
    }
    // Mines: duchy 1's grey spaces 24, 29, 33; covering all three takes the bonus.
    for (held, vp) in [(vec![(18, 7)], 2 * 5), (vec![], 5)] {
        let mut g = game([1, 1], &[], &held);
        put(
            &mut g,
            0,
            &[
                (24, Tile::Mine),
                (33, Tile::Mine),
                (34, Tile::Knowledge(1)),
                (30, Tile::Knowledge(2)),
            ],
        );
        store(&mut g, 0, &[Tile::Mine]);
        act(&mut g, 0, "die 1 1");
        let ev = act(&mut g, 0, "place mine 29");
        let bonus = score_of(&ev, |w| matches!(w, ScoreReason::ColourBonus { .. }));
        assert_eq!(bonus, vec![vp]);
        assert_eq!(
            g.players[0].bonus_tiles[0].vp, 5,
            "the tile itself is the printed one"
        );
    }
}

/// Shield 7, `rules.shield7` (digest A17): seed 000 line 902 "suas novas peças bônus
/// pontuam o dobro" (`new`: a bonus tile held before scores nothing more); seed 001
/// line 1175 "as tuas peças de bónus contam a dobrar" (`all`: it scores once more
/// when the shield comes). Either way a later tile scores double.
#[test]
fn shield_7_each_reading() {
    use tabuleiro_burgundy::state::BonusTile;
    use tabuleiro_burgundy::tile::Colour;
    for (reading, again) in [(Shield7::New, vec![]), (Shield7::All, vec![5, 2])] {
        let mut c = config(2);
        c.rules.shield7 = reading;
        let mut g = game_with(c, [2, 2], &[(2, 7)], &[]);
        g.players[0].bonus_tiles = vec![
            BonusTile {
                colour: Colour::Mine,
                vp: 5,
            },
            BonusTile {
                colour: Colour::Water,
                vp: 2,
            },
        ];
        let vp = g.players[0].vp;
        let ev = act(&mut g, 0, "shield 7 18");
        let doubled = score_of(&ev, |w| matches!(w, ScoreReason::BonusDoubled { .. }));
        assert_eq!(doubled, again, "{reading:?}");
        assert_eq!(g.players[0].vp, vp + again.iter().sum::<i32>());
        g.validate().unwrap();
    }
    // The classic edition plays 001's reading unless told otherwise.
    assert_eq!(Config::classic(2).rules.shield7, Shield7::All);
    assert_eq!(config(2).rules.shield7, Shield7::New);
}

/// Shield 9 (seed 000 line 904): "1 peça de prata para cada mercadoria que você
/// vende"; with knowledge tile 3 (`rules.shield9`, digest A23) the tile's extra
/// silver stays, or (001's rule, line 1145) the shield's effect alone.
#[test]
fn shield_9_each_reading() {
    for (reading, k3, silver) in [
        (Shield9::AddsToKnowledge, false, 3),
        (Shield9::AddsToKnowledge, true, 4),
        (Shield9::ShieldOnly, true, 3),
    ] {
        let mut c = config(2);
        c.rules.shield9 = reading;
        let mut g = game_with(c, [1, 1], &[], &[(18, 9)]);
        if k3 {
            put(&mut g, 0, &[(12, Tile::Knowledge(3))]);
        }
        g.players[0].goods = [3, 0, 0, 0, 0, 0];
        act(&mut g, 0, "die 1 1");
        let ev = act(&mut g, 0, "sell 1");
        assert_eq!(gained(&ev, 0).0, silver, "{reading:?} k3 {k3}");
    }
}

/// Digest A25, `rules.shield_purchase`: a shield taken with a pair replaces both die
/// actions (seed 000 line 886 "em vez de realizar suas 2 ações de dados", 001 line
/// 1137); the black-depot purchase, no die action, stays (`allowed`), or a turn
/// takes a shield or buys, not both (`instead`), in either order.
#[test]
fn a_shield_and_the_purchase_in_each_reading() {
    let start = |reading| {
        let mut c = config(2);
        c.rules.shield_purchase = reading;
        let mut g = game_with(c, [2, 2], &[(2, 5)], &[]);
        g.black_depot = vec![Tile::Mine];
        g.players[0].silver = 4;
        g
    };
    let buys = |g: &Burgundy| -> Vec<String> {
        legal(g, 0)
            .into_iter()
            .filter(|a| a.starts_with("buy "))
            .collect()
    };
    let buy = buys(&start(ShieldPurchase::Allowed))[0].clone();
    for reading in [ShieldPurchase::Allowed, ShieldPurchase::Instead] {
        let allowed = reading == ShieldPurchase::Allowed;
        // The shield first, then the purchase.
        let mut g = start(reading);
        act(&mut g, 0, "shield 5 18");
        if allowed {
            assert!(buys(&g).contains(&buy));
            act(&mut g, 0, &buy);
            assert_eq!(g.players[0].silver, 2);
        } else {
            // Nothing is left to do: the turn is over, the silver kept.
            assert!(buys(&g).is_empty());
            assert!(!matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
            assert_eq!(g.players[0].silver, 4);
        }
        // The purchase first, then the shield.
        let mut g = start(reading);
        act(&mut g, 0, &buy);
        assert_eq!(shield_takes(&g).is_empty(), !allowed, "{reading:?}");
        if allowed {
            act(&mut g, 0, "shield 5 18");
            assert_eq!(g.modules.shields[0].get(&18), Some(&5));
        } else {
            assert_eq!(refused(&mut g, 0, "shield 5 18"), Reason::ShieldOrPurchase);
        }
    }
}

/// Shield 18 (seed 000 line 913): "posicionar peças hexagonais em quaisquer espaços
/// de seu ducado, não apenas adjacentes": mine 33 (a 3), far from castle 18.
#[test]
fn shield_18_places_anywhere() {
    let mut g = game([3, 3], &[], &[]);
    store(&mut g, 0, &[Tile::Mine]);
    act(&mut g, 0, "die 1 3");
    assert_eq!(
        refused(&mut g, 0, "place mine 33"),
        Reason::NotAdjacent { space: 33 }
    );
    let mut g = game([3, 3], &[], &[(18, 18)]);
    store(&mut g, 0, &[Tile::Mine]);
    act(&mut g, 0, "die 1 3");
    assert!(legal(&g, 0).contains(&"place mine 33".to_string()));
    act(&mut g, 0, "place mine 33");
}

/// Shield 16 (seed 000 line 911): "em seu turno, você pode alterar o resultado de um
/// de seus dados para qualquer valor (e usá-lo de acordo)": once a turn. Dice 2 and
/// 5: die 1 set to 5 makes a pair of 5, which takes the shield on depot 5 with no
/// worker.
#[test]
fn shield_16_sets_a_die_once_a_turn() {
    let mut g = game([2, 5], &[(5, 9)], &[(6, 16)]);
    g.players[0].workers = 0;
    assert!(shield_takes(&g).is_empty(), "{:?}", shield_takes(&g));
    let sets: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("shield16"))
        .collect();
    assert_eq!(sets.len(), 10, "5 other values for each die: {sets:?}");
    let ev = act(&mut g, 0, "shield16 1 5");
    assert!(ev.contains(&Event::DieSet {
        seat: 0,
        die: 1,
        value: 5
    }));
    assert_eq!(turn(&g).dice, [Some(5), Some(5)]);
    assert_eq!(refused(&mut g, 0, "shield16 2 1"), Reason::DieAlreadySet);
    assert_eq!(shield_takes(&g), vec!["shield 9 6", "shield 9 18"]);
    act(&mut g, 0, "shield 9 18");
    let mut without = game([2, 5], &[], &[]);
    assert_eq!(refused(&mut without, 0, "shield16 1 5"), Reason::NoShield16);
}

/// Shield 11 (seed 000 line 906): "sempre que posicionar um castelo, você tem a opção
/// de pegar um escudo como ação adicional". A castle placed on 6 (a 6, next to 12): its extra
/// action may take the shield on depot 2 (any depot, digest A20) onto either castle,
/// no pair, no worker, the other die kept. Without shield 11 it may not.
#[test]
fn shield_11_a_castles_extra_action_takes_a_shield() {
    for held in [vec![(18, 11)], vec![]] {
        let mut g = game([6, 3], &[(2, 9)], &held);
        put(&mut g, 0, &[(12, Tile::Knowledge(1))]);
        store(&mut g, 0, &[Tile::Castle]);
        g.players[0].workers = 0;
        act(&mut g, 0, "die 1 6");
        act(&mut g, 0, "place castle 6");
        if held.is_empty() {
            assert!(shield_takes(&g).is_empty());
            assert_eq!(refused(&mut g, 0, "shield 9 6"), Reason::NoShield11);
            continue;
        }
        assert_eq!(shield_takes(&g), vec!["shield 9 6", "shield 9 18"]);
        let ev = act(&mut g, 0, "shield 9 6");
        assert!(ev.contains(&Event::ShieldTaken {
            seat: 0,
            shield: 9,
            depot: 2,
            space: 6,
            workers: 0
        }));
        assert_eq!(turn(&g).dice, [None, Some(3)], "the other die is kept");
        assert!(g.holds_shield(0, 9) && g.holds_shield(0, 11));
    }
}

/// Seat 0 places a ship from storage on water space 17 (a 2) next to castle 18,
/// with the depots' goods set to `depot_goods` (depot 1-6, type, count).
fn ship_placed(held: &[(u8, u8)], depot_goods: &[(u8, u8, u8)]) -> Burgundy {
    let mut g = game([2, 1], &[], held);
    g.depot_goods = [[0; 6]; 6];
    for &(d, t, n) in depot_goods {
        g.depot_goods[d as usize - 1][t as usize - 1] = n;
    }
    g.players[0].goods = [1, 0, 0, 0, 0, 0];
    store(&mut g, 0, &[Tile::Ship]);
    act(&mut g, 0, "die 1 2");
    act(&mut g, 0, "place ship 17");
    g
}

/// Shield 5 (seed 000 line 900, 002 line 939, 001 line 1174): "sempre que posicionar
/// um navio, você pode escolher um tipo de mercadoria e pegar todas as mercadorias
/// daquele tipo de todos os seis depósitos" (002 "Coge adicionalmente"). The ship
/// takes depot 2's good 6; the shield then takes the three 4s of depots 1 and 3, the
/// 5 stays; the marker moves after. Passing keeps the depots as they are; without
/// the shield the marker moves at once.
#[test]
fn shield_5_a_ship_also_takes_one_goods_type_from_all_depots() {
    let goods = [(1, 4, 1), (2, 6, 1), (3, 4, 2), (3, 5, 1)];
    let mut g = ship_placed(&[(18, 5)], &goods);
    act(&mut g, 0, "ship 2 6");
    assert_eq!(common::pending(&g), Some(Pending::ShieldGoods));
    let choices: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("shield5") || a == "pass")
        .collect();
    assert_eq!(choices, ["shield5 4", "shield5 5", "pass"]);
    let track = g.track_position(0);
    let ev = act(&mut g, 0, "shield5 4");
    let taken = ev
        .iter()
        .position(|e| {
            *e == Event::ShieldGoodsTaken {
                seat: 0,
                goods: 4,
                count: 3,
            }
        })
        .expect("taken");
    let moved = ev
        .iter()
        .position(|e| matches!(e, Event::MovedOnTrack { seat: 0, .. }));
    assert!(moved > Some(taken), "the marker moves after: {ev:?}");
    assert_eq!(g.players[0].goods, [1, 0, 0, 3, 0, 1]);
    assert!(g.depot_goods.iter().all(|d| d[3] == 0));
    assert_eq!(g.depot_goods[2][4], 1, "the 5 stays");
    assert_ne!(g.track_position(0), track);
    // Passing: the depots keep their goods.
    let mut g = ship_placed(&[(18, 5)], &goods);
    act(&mut g, 0, "ship 2 6");
    let ev = act(&mut g, 0, "pass");
    assert!(ev.iter().any(|e| matches!(e, Event::MovedOnTrack { .. })));
    assert_eq!(g.depot_goods[0][3], 1);
    // Without the shield: nothing more to decide.
    let mut g = ship_placed(&[], &goods);
    act(&mut g, 0, "ship 2 6");
    assert_eq!(common::pending(&g), None);
    assert_eq!(
        refused(&mut g, 0, "shield5 4"),
        Reason::NotNow {
            awaiting: Awaiting::Die
        }
    );
}

/// Shield 5 takes a type only where storage holds it (as the ship does, seed 000
/// "Navio"): with three types held, only those.
#[test]
fn shield_5_takes_a_type_storage_can_hold() {
    let mut g = ship_placed(&[(18, 5)], &[(2, 6, 1), (1, 1, 2), (4, 3, 1)]);
    g.players[0].goods = [1, 2, 0, 0, 0, 0];
    act(&mut g, 0, "ship 2 6");
    let choices: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("shield5"))
        .collect();
    assert_eq!(
        choices,
        ["shield5 1"],
        "types 1, 2 and 6 fill the three spaces"
    );
}

/// Shield 6 (seed 000 line 901, 002 line 940, 001 lines 1177-1181): "Após pegar esse
/// escudo, a qualquer momento do jogo, escolha um jogador. Todos os mosteiros do
/// ducado do jogador escolhido (excetuando o mosteiro 27) contam como se fossem
/// seus. Quando aquele jogador posiciona um novo mosteiro, você também recebe seus
/// benefícios." Seat 1 has knowledge tile 14 (4 workers) and 27; once seat 0 chooses
/// seat 1, its workers action gives 4; 27 does not count; a monastery seat 1 places
/// later counts too. The choice is made once, of another player.
#[test]
fn shield_6_the_chosen_players_monasteries_count_as_yours() {
    let mut g = game([3, 3], &[], &[(18, 6)]);
    put(
        &mut g,
        1,
        &[(12, Tile::Knowledge(14)), (7, Tile::Knowledge(27))],
    );
    let mut without = game([3, 3], &[], &[]);
    assert_eq!(refused(&mut without, 0, "shield6 1"), Reason::NoShield6);
    assert!(legal(&g, 0).contains(&"shield6 1".to_string()));
    assert!(!legal(&g, 0).contains(&"shield6 0".to_string()));
    assert_eq!(
        refused(&mut g, 0, "shield6 0"),
        Reason::Shield6OtherSeat { seat: 0 }
    );
    assert!(!g.knows(0, Knowledge::FourWorkers));
    let ev = act(&mut g, 0, "shield6 1");
    assert_eq!(ev, [Event::MonasteriesShared { seat: 0, owner: 1 }]);
    assert_eq!(turn(&g).dice, [Some(3), Some(3)], "the choice uses no die");
    assert_eq!(refused(&mut g, 0, "shield6 1"), Reason::Shield6Chosen);
    assert!(g.knows(0, Knowledge::FourWorkers));
    assert!(!g.knows(0, Knowledge::TopOfStack), "except monastery 27");
    act(&mut g, 0, "die 1 3");
    let ev = act(&mut g, 0, "workers");
    assert_eq!(gained(&ev, 0), (0, 4));
    put(&mut g, 1, &[(30, Tile::Knowledge(13))]);
    assert!(
        g.knows(0, Knowledge::WorkersSilver),
        "a new monastery counts too"
    );
}

/// The crane with shield 6 (seed 000 lines 724 and 901): the chosen player's
/// monasteries count as the holder's, so the crane may count for one of them. Seat 0
/// holds the crane and shield 6 and no monastery of its own; seat 1 holds 17 and 18.
/// After the tribute (kept), seat 0 chooses: the chosen monastery scores 4 VP (the
/// crane, seat 0 having no such building), the other none.
#[test]
fn the_crane_may_count_for_a_monastery_shield_6_shares() {
    for (choice, other) in [(17, 18), (18, 17)] {
        let mut c = config(2);
        c.modules = ModuleSet::of(&[Module::Shields, Module::ExtraHexes]);
        let mut g = game_with(c, [1, 1], &[], &[(18, 6)]);
        let crane = Tile::Building(tabuleiro_burgundy::Building::Crane);
        g.players[0].spaces.place(13, crane);
        g.drawn_black.add(crane);
        put(
            &mut g,
            1,
            &[(3, Tile::Knowledge(17)), (7, Tile::Knowledge(18))],
        );
        g.players[0].silver = 3;
        act(&mut g, 0, "shield6 1");
        g.phase = 4;
        to_phase_end(&mut g);
        assert_eq!(common::pending(&g), Some(Pending::Tribute));
        act(&mut g, 0, "tribute 6");
        assert_eq!(common::pending(&g), Some(Pending::CraneMonastery));
        assert_eq!(
            legal(&g, 0),
            ["crane monastery 17", "crane monastery 18"].map(String::from)
        );
        act(&mut g, 0, &format!("crane monastery {choice}"));
        assert_eq!(g.stage, tabuleiro_burgundy::state::Stage::Over);
        let shared = |n: u8| {
            g.final_points(0)
                .into_iter()
                .find(|(why, _)| *why == ScoreReason::SharedKnowledge { number: n })
                .map(|(_, vp)| vp)
        };
        assert_eq!(shared(choice), Some(4), "{choice}");
        assert_eq!(shared(other), Some(0), "{choice}");
    }
}

/// `rules.shield6`: monastery 27 of the chosen player. Seed 000 line 901 "(excetuando
/// o mosteiro 27)" and 002 line 940 leave it out (`except27`, the default); seed 001
/// lines 1177-1178 "Quaisquer peças de mosteiro no seu ducado contam como se
/// estivessem no teu ducado" names no exception (`all`): then seat 0's marker goes
/// on top of a stack as seat 1's does.
#[test]
fn shield_6_each_reading() {
    for (reading, counted) in [(Shield6::Except27, false), (Shield6::All, true)] {
        let mut c = config(2);
        c.rules.shield6 = reading;
        let mut g = game_with(c, [3, 3], &[], &[(18, 6)]);
        put(&mut g, 1, &[(7, Tile::Knowledge(27))]);
        act(&mut g, 0, "shield6 1");
        assert_eq!(g.knows(0, Knowledge::TopOfStack), counted, "{reading:?}");
        assert!(g.knows(1, Knowledge::TopOfStack));
    }
    let text = serde_json::to_string(&Shield6::Except27).unwrap();
    assert_eq!(text, "\"except27\"");
}

/// Shield 6 at the end (seed 000 line 901): "você também recebe pontos de vitória por
/// quaisquer mosteiros com habilidades de fim de jogo que aquele jogador tenha (mas
/// de acordo com suas próprias construções)". Seat 1's monastery 25 (1 VP a good
/// sold) scores seat 0's own 2 sales, not seat 1's 5; shield 10 doubles it as one
/// of seat 0's monasteries. A shield 6 replaced on its castle takes the choice away.
#[test]
fn shield_6_scores_the_chosen_players_end_game_monasteries_with_your_duchy() {
    let mut g = game([1, 1], &[(1, 9)], &[(18, 6), (6, 10)]);
    put(&mut g, 1, &[(12, Tile::Knowledge(25))]);
    g.players[0].sold = [2, 0, 0, 0, 0, 0];
    g.players[1].sold = [5, 0, 0, 0, 0, 0];
    act(&mut g, 0, "shield6 1");
    let lines = g.final_points(0);
    assert!(lines.contains(&(ScoreReason::SharedKnowledge { number: 25 }, 2)));
    assert!(lines.contains(&(ScoreReason::MonasteriesDoubled, 2)));
    assert!(!lines.contains(&(ScoreReason::Knowledge { number: 25 }, 2)));
    let ev = act(&mut g, 0, "shield 9 18");
    assert!(ev.contains(&Event::ShieldRemoved { seat: 0, shield: 6 }));
    assert_eq!(g.modules.shield6, None);
    assert!(!g
        .final_points(0)
        .iter()
        .any(|(why, _)| matches!(why, ScoreReason::SharedKnowledge { .. })));
}

/// Pays every tribute decision left at this phase end, keeping every shield (the
/// last option: all shields, the most workers).
fn keep_all(g: &mut Burgundy) {
    while let Some(Pending::Tribute) = common::pending(g) {
        let seat = turn(g).seat;
        let all = legal(g, seat).pop().unwrap();
        act(g, seat, &all);
    }
}

/// Plays the fifth round of phase A up to the phase end's first placement (shields
/// 14 and 15) or the next phase.
fn to_phase_end(g: &mut Burgundy) -> Vec<Event> {
    g.round = 4;
    let mut ev = Vec::new();
    while g.turn().is_some_and(|t| !t.phase_end) {
        ev.extend(common::finish_turn(g));
    }
    ev
}

/// Shield 14 (seed 000 line 909, 002 line 947, 001 lines 1209-1211): "no fim de cada
/// fase, após todos os jogadores terem terminado suas duas ações de dados, pegue uma
/// peça hexagonal de qualquer um dos seis depósitos (caso exista alguma). Posicione-a
/// diretamente em seu ducado e aplique seus efeitos." After round 5 seat 0 places
/// depot 3's mine next to castle 18 (no die: any number); it is not declined, nor is
/// anything bought then. The tribute and the mines follow: the new mine pays.
#[test]
fn shield_14_places_a_depot_tile_at_the_phase_end() {
    let mut g = game([1, 1], &[], &[(18, 14)]);
    g.depots[2] = vec![Tile::Mine];
    g.drawn.add(Tile::Mine);
    g.black_depot = vec![Tile::Castle];
    g.drawn_black.add(Tile::Castle);
    g.players[0].silver = 5;
    to_phase_end(&mut g);
    assert_eq!(turn(&g).seat, 0);
    assert!(turn(&g).phase_end);
    assert_eq!(
        common::pending(&g),
        Some(Pending::ShieldTile { black: false })
    );
    let options = legal(&g, 0);
    assert!(!options.is_empty());
    assert!(
        options.iter().all(|a| a.starts_with("shieldtile 3 mine ")),
        "{options:?}"
    );
    assert_eq!(
        refused(&mut g, 0, "pass"),
        Reason::NotNow {
            awaiting: Awaiting::ShieldTile
        }
    );
    // The position is one a file may hold.
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(Burgundy::from_json(&text).unwrap(), g);
    let ev = act(&mut g, 0, "shieldtile 3 mine 24");
    assert_eq!(
        ev[0],
        Event::ShieldTileTaken {
            seat: 0,
            shield: 14,
            depot: 3,
            tile: Tile::Mine
        }
    );
    // The tribute follows (the owner's choice), then the mines: the new one pays.
    assert_eq!(common::pending(&g), Some(Pending::Tribute));
    let ev = act(&mut g, 0, "tribute 14");
    let tribute = ev
        .iter()
        .position(|e| matches!(e, Event::TributePaid { .. }));
    let mines = ev.iter().position(|e| {
        matches!(
            e,
            Event::Gained {
                seat: 0,
                silver: 1,
                ..
            }
        )
    });
    assert!(tribute.is_some() && mines > tribute, "{ev:?}");
    assert_eq!(g.players[0].spaces[24], Some(Tile::Mine));
    assert_eq!(g.phase, 1);
    assert!(matches!(g.stage, Stage::PhaseStart));
}

/// Shield 15 (seed 000 line 910, 002 line 948, 001 lines 1213-1215): the same "do
/// depósito paralelo". With shield 18 the black depot's castle goes on castle space 6
/// (far from 18), and its effect is applied: the castle's extra action (any value),
/// here taking workers.
#[test]
fn shield_15_places_a_black_depot_tile_with_its_effect() {
    let mut g = game([1, 1], &[], &[(18, 15), (2, 18)]);
    g.depots[2] = vec![Tile::Mine];
    g.drawn.add(Tile::Mine);
    g.black_depot = vec![Tile::Castle];
    g.drawn_black.add(Tile::Castle);
    to_phase_end(&mut g);
    assert!(turn(&g).phase_end);
    let options = legal(&g, 0);
    assert!(
        options
            .iter()
            .all(|a| a.starts_with("shieldtile black castle ")),
        "{options:?}"
    );
    assert_eq!(
        refused(&mut g, 0, "shieldtile 3 mine 24"),
        Reason::NotInDepot {
            depot: 3,
            tile: Tile::Mine
        }
    );
    act(&mut g, 0, "shieldtile black castle 6");
    assert_eq!(common::pending(&g), Some(Pending::UseDie { value: None }));
    let before = g.players[0].workers;
    let ev = act(&mut g, 0, "workers");
    assert_eq!(gained(&ev, 0), (0, 2));
    assert!(g.players[0].workers >= before + 2);
    keep_all(&mut g);
    assert_eq!(g.phase, 1, "the phase ended after the placement");
}

/// Shields 14 and 15 held by two seats: the placements come in turn order (the
/// track's, our reading: digest A21); none where no tile can be placed.
#[test]
fn shields_14_and_15_place_in_turn_order() {
    let mut g = game([1, 1], &[], &[(18, 15)]);
    g.modules.shields[1].insert(18, 14);
    g.depots[2] = vec![Tile::Mine];
    g.drawn.add(Tile::Mine);
    g.black_depot = vec![Tile::Mine];
    g.drawn_black.add(Tile::Mine);
    g.players.iter_mut().for_each(|p| p.silver = 3);
    to_phase_end(&mut g);
    let order = g.track_order();
    let mut seats = Vec::new();
    while let Some(Pending::ShieldTile { .. }) = common::pending(&g) {
        let seat = turn(&g).seat;
        seats.push(seat);
        let first = legal(&g, seat)[0].clone();
        act(&mut g, seat, &first);
    }
    assert_eq!(seats, order);
    keep_all(&mut g);
    assert_eq!(g.phase, 1);
    // No tile to place: the phase simply ends.
    let mut g = game([1, 1], &[], &[(18, 14)]);
    g.players[0].silver = 1;
    to_phase_end(&mut g);
    assert_eq!(common::pending(&g), Some(Pending::Tribute), "no placement");
    keep_all(&mut g);
    assert_eq!(g.phase, 1);
}

// ---------- positions, config, catalogues ----------

#[test]
fn positions_with_shields_are_checked() {
    let g = game([1, 1], &[(1, 5 + 2), (2, 8)], &[(18, 1)]);
    let text = serde_json::to_string(&g).unwrap();
    assert!(
        text.contains("\"shield_depots\":[[7],[8],[],[],[],[]]"),
        "{text}"
    );
    assert!(text.contains("\"shields\":[{\"18\":1},{}]"), "{text}");
    assert_eq!(Burgundy::from_json(&text).unwrap(), g);
    let bad = |f: &dyn Fn(&mut Burgundy)| {
        let mut b = g.clone();
        f(&mut b);
        Burgundy::from_json(&serde_json::to_string(&b).unwrap()).is_err()
    };
    assert!(
        bad(&|b| b.modules.shield_depots[2].push(1)),
        "a shield twice"
    );
    assert!(
        bad(&|b| b.modules.shield_depots[2].extend([9, 10])),
        "too many on a depot"
    );
    assert!(
        bad(&|b| {
            b.modules.shields[1].insert(19, 9);
        }),
        "not on a castle"
    );
    assert!(
        bad(&|b| b.modules.shield_depots[2].push(19)),
        "no shield 19"
    );
    assert!(
        bad(&|b| b.modules.shield6 = Some(0)),
        "shield 6's player chosen while no one holds it"
    );
    assert!(
        bad(&|b| b.modules.phase_end = vec![(0, Pending::ShieldTile { black: false })]),
        "a phase end's placement outside the phase end"
    );
    assert!(
        bad(&|b| b.config.modules = ModuleSet::EMPTY),
        "without the module"
    );
}

#[test]
fn shield_options_need_the_module() {
    let mut c = Config::players(2);
    c.rules.shield2 = Shield2::PerWorker;
    let Err(Error::Module(r)) = Burgundy::new(&c) else {
        panic!("accepted")
    };
    assert_eq!(
        r,
        ModuleRefusal::OptionNeedsModule {
            option: "shield2",
            module: Module::Shields
        }
    );
    c.modules = ModuleSet::of(&[Module::Shields]);
    assert!(Burgundy::new(&c).is_ok());
    let text = serde_json::to_string(&c).unwrap();
    assert!(text.contains("\"shield2\":\"per-worker\"") && text.contains("\"shields\""));
}

/// Every key the module emits is in the three catalogues.
#[test]
fn the_shields_keys_are_in_every_catalogue() {
    const CATALOGUES: [&str; 3] = [
        include_str!("../../i18n/locales/burgundy/en.json"),
        include_str!("../../i18n/locales/burgundy/pt-BR.json"),
        include_str!("../../i18n/locales/burgundy/es.json"),
    ];
    let g = Burgundy::create(&config(2)).unwrap();
    let reasons = [
        Reason::NoShields,
        Reason::ShieldNeedsBothDice,
        Reason::ShieldNotOnDepot { shield: 1 },
        Reason::ShieldNeedsPair {
            depot: 1,
            need: 2,
            have: 0,
        },
        Reason::ShieldNotOnCastle { space: 3 },
        Reason::NoShield11,
        Reason::NoShield16,
        Reason::DieAlreadySet,
        Reason::NoShield6,
        Reason::Shield6Chosen,
        Reason::Shield6OtherSeat { seat: 1 },
        Reason::NotNow {
            awaiting: Awaiting::ShieldGoods,
        },
        Reason::NotNow {
            awaiting: Awaiting::ShieldTile,
        },
        Reason::NotNow {
            awaiting: Awaiting::Tribute,
        },
    ];
    let mut keys: Vec<String> = reasons.iter().map(|r| r.message().key).collect();
    keys.push(g.label(0, &Action::Shield16 { die: 1, value: 3 }).key);
    for a in [
        "shield5 4",
        "shield6 1",
        "shieldtile 3 mine 24",
        "shieldtile black castle 6",
        "tribute none",
        "tribute 3,8",
        "tribute 3,8 workers=1",
    ] {
        let a: Action = a.parse().unwrap();
        assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        keys.push(g.label(0, &a).key);
    }
    keys.push(
        g.label(
            0,
            &Action::Shield {
                shield: 1,
                space: 18,
            },
        )
        .key,
    );
    let events = [
        Event::ShieldLaid {
            depot: 1,
            shield: 2,
        },
        Event::ShieldTaken {
            seat: 0,
            shield: 1,
            depot: 1,
            space: 18,
            workers: 0,
        },
        Event::ShieldTaken {
            seat: 0,
            shield: 1,
            depot: 1,
            space: 18,
            workers: 2,
        },
        Event::ShieldRemoved { seat: 0, shield: 1 },
        Event::ShieldGoodsTaken {
            seat: 0,
            goods: 4,
            count: 3,
        },
        Event::MonasteriesShared { seat: 0, owner: 1 },
        Event::ShieldTileTaken {
            seat: 0,
            shield: 14,
            depot: 3,
            tile: Tile::Mine,
        },
        Event::ShieldTileTaken {
            seat: 0,
            shield: 15,
            depot: 0,
            tile: Tile::Mine,
        },
        Event::DieSet {
            seat: 0,
            die: 1,
            value: 3,
        },
        Event::TributePaid {
            seat: 0,
            silver: 1,
            workers: 1,
        },
        Event::TributePaid {
            seat: 0,
            silver: 1,
            workers: 0,
        },
        Event::TributePaid {
            seat: 0,
            silver: 0,
            workers: 1,
        },
    ];
    keys.extend(
        events
            .iter()
            .map(|e| <Burgundy as Present>::describe(e).key),
    );
    keys.extend(
        [
            "module.shields",
            "reason.shield",
            "reason.monasteries-doubled",
            "reason.shared-knowledge",
        ]
        .map(String::from),
    );
    for text in CATALOGUES {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for key in &keys {
            assert!(catalogue.contains_key(key), "no {key:?}");
        }
    }
    // The score reasons' tags are the keys' last part.
    for (why, tag) in [
        (ScoreReason::Shield { shield: 1 }, "shield"),
        (ScoreReason::MonasteriesDoubled, "monasteries-doubled"),
        (
            ScoreReason::SharedKnowledge { number: 25 },
            "shared-knowledge",
        ),
    ] {
        assert_eq!(serde_json::to_value(why).unwrap()["reason"], tag);
    }
    // The text form reads back.
    let a: Action = "shield 7 18".parse().unwrap();
    assert_eq!(
        a,
        Action::Shield {
            shield: 7,
            space: 18
        }
    );
    assert_eq!(a.to_string(), "shield 7 18");
}
