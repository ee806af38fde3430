//! Vineyards (module `vineyards`): seed 000 lines 916-1019, seed 002 lines 956-1069;
//! digest 13.11 and A32. The vineyard board is the provisional reconstruction of
//! `data/vineyards.json`: space 4 (lowest terrace, die 4) gives 4 workers and a ship
//! or farm (seed 000 line 1002); spaces 1-4 form the lowest terrace.

mod common;

use common::{act, game_at_turn_with, no_depots, pending, refusal};
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{VineyardColours, VineyardFirst};
use tabuleiro_burgundy::error::{Error, Reason};
use tabuleiro_burgundy::modules::{
    Hexamino, Module, ModuleSet, Planted, Vine, VineSeat, Vineyards,
};
use tabuleiro_burgundy::state::Pending;
use tabuleiro_burgundy::{Burgundy, Config, Event, ScoreReason, Tile};
use tabuleiro_core::{Game, Rng};

fn config(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::Vineyards]),
        ..Config::default()
    }
}

fn hex(s: &str) -> Hexamino {
    s.parse().unwrap()
}

/// Seat 0's turn with `dice`, the vine depot and shop as given, seat 0 holding
/// `held` hexaminoes.
fn game(dice: [u8; 2], depot: [Option<Hexamino>; 6], shop: &[&str], held: &[&str]) -> Burgundy {
    let mut g = game_at_turn_with(config(4), no_depots(), vec![Tile::Castle], dice);
    let mut v = Vineyards {
        refills: 1,
        depot,
        shop: shop.iter().map(|s| hex(s)).collect(),
        supply: [3; 6],
        seats: vec![VineSeat::default(); 4],
        ..Vineyards::default()
    };
    v.seats[0].held = held.iter().map(|s| hex(s)).collect();
    for h in v
        .depot
        .iter()
        .flatten()
        .chain(&v.shop)
        .chain(&v.seats[0].held)
    {
        *v.drawn.entry(*h).or_insert(0) += 1;
    }
    g.modules.vineyards = Some(v);
    g.players[0].storage.clear();
    g.validate().unwrap();
    g
}

fn vines(g: &Burgundy) -> &Vineyards {
    g.vineyards().unwrap()
}

#[test]
fn the_die_4_example_gives_4_workers_and_a_ship_or_farm() {
    // Seed 000 line 1002: "Gustavo usa um dado 4 ... no espaço inferior ... recebe 4
    // trabalhadores e pega um navio ou fazenda do tabuleiro central".
    let mut g = game([4, 1], [None; 6], &[], &["green-blue"]);
    g.depots[3] = vec![Tile::Ship];
    g.drawn.add(Tile::Ship);
    let workers = g.players[0].workers;
    act(&mut g, 0, "die 1 4");
    act(&mut g, 0, "vine place green-blue 4 turned");
    assert_eq!(
        vines(&g).seats[0].board[&4],
        Planted(Vine::Blue, Vine::Green)
    );
    assert!(matches!(
        pending(&g),
        Some(Pending::VineBonuses { space: 4, left: 3 })
    ));
    // Both bonus actions, in the player's order: the take first.
    act(&mut g, 0, "vine bonus 2");
    assert!(matches!(pending(&g), Some(Pending::TakeFrom { .. })));
    act(&mut g, 0, "take 4 ship");
    act(&mut g, 0, "vine bonus 1");
    assert_eq!(g.players[0].workers, workers + 4);
    assert_eq!(g.players[0].storage, vec![Tile::Ship]);
}

#[test]
fn taking_a_hexamino_needs_the_die_of_its_position() {
    let mut depot = [None; 6];
    depot[2] = Some(hex("red-red"));
    let mut g = game([3, 5], depot, &[], &[]);
    act(&mut g, 0, "die 2 5");
    let e = refusal(&mut g, 0, "vine take 3");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineDieDoesNotMatch { value: 5, slot: 3 },
            ..
        }
    ));
    act(&mut g, 0, "workers");
    let ev = act(&mut g, 0, "die 1 3");
    assert!(ev.iter().any(|e| matches!(e, Event::DieUsed { .. })));
    let ev = act(&mut g, 0, "vine take 3");
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::VineTaken { slot: 3, .. })));
    assert_eq!(vines(&g).seats[0].held, vec![hex("red-red")]);
    assert_eq!(vines(&g).depot[2], None);
}

#[test]
fn with_2_or_3_players_a_position_takes_either_of_two_dice() {
    let mut g = game_at_turn_with(config(2), no_depots(), Vec::new(), [2, 6]);
    let mut depot = [None; 6];
    depot[0] = Some(hex("red-blue"));
    g.modules.vineyards = Some(Vineyards {
        refills: 1,
        depot,
        supply: [3; 6],
        seats: vec![VineSeat::default(); 2],
        drawn: [(hex("red-blue"), 1)].into_iter().collect(),
        ..Vineyards::default()
    });
    g.validate().unwrap();
    act(&mut g, 0, "die 1 2");
    act(&mut g, 0, "vine take 1");
    assert_eq!(vines(&g).seats[0].held, vec![hex("red-blue")]);
}

#[test]
fn a_hexamino_takes_two_key_spaces_and_room_is_made_by_discarding() {
    let mut depot = [None; 6];
    depot[0] = Some(hex("orange-yellow"));
    let mut g = game([1, 2], depot, &[], &[]);
    g.players[0].storage = vec![Tile::Castle, Tile::Mine];
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert!(matches!(pending(&g), Some(Pending::VineRoom { .. })));
    act(&mut g, 0, "discard mine");
    assert_eq!(vines(&g).seats[0].held, vec![hex("orange-yellow")]);
    assert_eq!(g.players[0].storage, vec![Tile::Castle]);
}

#[test]
fn the_first_hexamino_goes_on_the_lowest_terrace_and_later_ones_next_to_one() {
    let mut g = game([5, 2], [None; 6], &[], &["green-green"]);
    act(&mut g, 0, "die 1 5");
    let e = refusal(&mut g, 0, "vine place green-green 5");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineFirstOnLowest { space: 5 },
            ..
        }
    ));
    act(&mut g, 0, "workers");
    act(&mut g, 0, "die 2 2");
    act(&mut g, 0, "vine place green-green 2");
    // Space 5 (die 5) touches space 2; space 7 does not.
    let board = tabuleiro_burgundy::modules::VineyardBoard::embedded();
    assert!(board.adjacent(2, 5));
    assert!(!board.adjacent(2, 7));
    // With space 1 covered, space 3 (die 3) is not next to it.
    let mut g = game([3, 3], [None; 6], &[], &["blue-blue"]);
    g.modules.vineyards.as_mut().unwrap().seats[0]
        .board
        .insert(1, Planted(Vine::Red, Vine::Red));
    act(&mut g, 0, "die 1 3");
    let e = refusal(&mut g, 0, "vine place blue-blue 3");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineNotAdjacent { space: 3 },
            ..
        }
    ));
    let e = refusal(&mut g, 0, "vine place blue-blue 2");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineWrongNumber {
                space: 2,
                number: 2,
                value: 3
            },
            ..
        }
    ));
}

#[test]
fn the_other_reading_puts_the_first_only_on_1_or_4() {
    let mut g = game([2, 2], [None; 6], &[], &["green-green"]);
    g.config.rules.vineyard_first = VineyardFirst::OneOrFour;
    act(&mut g, 0, "die 1 2");
    let e = refusal(&mut g, 0, "vine place green-green 2");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineFirstOnLowest { space: 2 },
            ..
        }
    ));
    g.config.rules.vineyard_first = VineyardFirst::OneToFour;
    act(&mut g, 0, "vine place green-green 2");
}

#[test]
fn covering_a_terrace_gives_a_vine_bonus_tile_of_choice_after_the_bonuses() {
    let mut g = game([3, 3], [None; 6], &[], &["red-red"]);
    {
        let s = &mut g.modules.vineyards.as_mut().unwrap().seats[0];
        s.board.insert(1, Planted(Vine::Blue, Vine::Blue));
        s.board.insert(2, Planted(Vine::Blue, Vine::Blue));
        s.board.insert(4, Planted(Vine::Blue, Vine::Blue));
    }
    act(&mut g, 0, "die 1 3");
    act(&mut g, 0, "vine place red-red 3");
    act(&mut g, 0, "vine bonus 2");
    act(&mut g, 0, "vine bonus 1");
    assert!(matches!(pending(&g), Some(Pending::BlackOrShop)));
    act(&mut g, 0, "vine black castle");
    assert_eq!(pending(&g), Some(Pending::VineTile));
    let ev = act(&mut g, 0, "vine tile red");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::VineTileTaken {
            vine: Vine::Red,
            ..
        }
    )));
    assert_eq!(vines(&g).seats[0].tiles, vec![Vine::Red]);
    assert_eq!(vines(&g).supply[Vine::Red.index()], 2);
    // The free black-depot tile was no purchase.
    assert!(!g.turn().unwrap().bought);
}

#[test]
fn buying_from_the_vine_shop_is_the_turns_purchase() {
    let mut g = game([1, 2], [None; 6], &["black-blue"], &[]);
    g.black_depot = vec![Tile::Mine];
    g.drawn_black.add(Tile::Mine);
    g.players[0].silver = 4;
    act(&mut g, 0, "vine buy black-blue");
    assert_eq!(g.players[0].silver, 2);
    assert_eq!(vines(&g).seats[0].held, vec![hex("black-blue")]);
    let e = refusal(&mut g, 0, "buy black mine");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::AlreadyBought,
            ..
        }
    ));
}

#[test]
fn the_scoring_example_totals_10() {
    // Seed 000 line 1015: a green tile on 3 connected greens 6, a second green tile
    // on another green area of 1 = 1, a blue tile on 2 blues 3: 10.
    let mut g = game([1, 2], [None; 6], &[], &[]);
    {
        let s = &mut g.modules.vineyards.as_mut().unwrap().seats[0];
        s.board.insert(1, Planted(Vine::Green, Vine::Green));
        s.board.insert(2, Planted(Vine::Green, Vine::Red));
        s.board.insert(3, Planted(Vine::Blue, Vine::Blue));
        s.board.insert(4, Planted(Vine::Red, Vine::Green));
        s.tiles = vec![Vine::Green, Vine::Green, Vine::Blue];
    }
    let lines: Vec<(ScoreReason, i32)> = g.vine_points(0).into_iter().collect();
    assert_eq!(
        lines,
        vec![
            (
                ScoreReason::Vines {
                    vine: Vine::Green,
                    size: 3
                },
                6
            ),
            (
                ScoreReason::Vines {
                    vine: Vine::Green,
                    size: 1
                },
                1
            ),
            (
                ScoreReason::Vines {
                    vine: Vine::Blue,
                    size: 2
                },
                3
            ),
        ]
    );
    assert_eq!(lines.iter().map(|l| l.1).sum::<i32>(), 10);
}

#[test]
fn removing_colours_leaves_35_or_22_hexaminoes() {
    // Seed 000 line 932: one colour removes 16; line 934: two remove 29.
    let all: u32 = Vineyards::default()
        .bag()
        .iter()
        .map(|&(_, n)| n as u32)
        .sum();
    assert_eq!(all, 51);
    let one = Vineyards {
        removed: vec![Vine::Red],
        ..Vineyards::default()
    };
    assert_eq!(
        51 - one.bag().iter().map(|&(_, n)| n as u32).sum::<u32>(),
        16
    );
    let two = Vineyards {
        removed: vec![Vine::Red, Vine::Blue],
        ..Vineyards::default()
    };
    assert_eq!(
        51 - two.bag().iter().map(|&(_, n)| n as u32).sum::<u32>(),
        29
    );
}

/// Plays a new game of `c` to its vineyards' setup step (the first decisions
/// taken), returning it and the outcome `rng` draws there.
fn at_vine_setup(c: &Config, rng: &mut Rng) -> (Burgundy, Outcome) {
    let mut g = Burgundy::new(c).unwrap();
    let mut ev = Vec::new();
    while !g.vines_due() {
        let o = g.sample_chance(rng);
        g.apply_chance(&o, &mut ev).unwrap();
        for s in 0..c.players {
            let mut acts = Vec::new();
            g.legal_actions(s, &mut acts);
            if let Some(a) = acts.first() {
                g.apply(s, a, &mut ev).unwrap();
            }
        }
    }
    let o = g.sample_chance(rng);
    (g, o)
}

/// Seed 002 lines 972-974: with the optional rule the table "elige 1 color de uva"
/// (3 players) or "elige y retira 2 colores" (2 players): a config's `vines_removed`
/// names them and the setup removes those, whatever the draw; another outcome is
/// refused. Without it they are drawn (seed 000 "remova"). A wrong count, a colour
/// twice, or the field without the rule's colours to remove, is refused.
#[test]
fn the_table_chooses_the_vine_colours_removed() {
    use tabuleiro_burgundy::modules::ModuleRefusal;
    let mut c = config(2);
    c.rules.vineyard_colours = VineyardColours::Removed;
    c.vines_removed = vec![Vine::Blue, Vine::Red];
    let text = serde_json::to_string(&c).unwrap();
    assert!(text.contains(r#""vines_removed":["blue","red"]"#), "{text}");
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), c);
    for seed in 0..8 {
        let (mut g, o) = at_vine_setup(&c, &mut Rng::seed(seed));
        let Outcome::Vines { removed, .. } = &o else {
            panic!("{o:?}")
        };
        assert_eq!(removed, &c.vines_removed, "seed {seed}");
        if let Outcome::Vines {
            dealt,
            depot,
            shop,
            provisional,
            ..
        } = &o
        {
            let other = Outcome::Vines {
                removed: vec![Vine::Blue, Vine::Green],
                dealt: dealt.clone(),
                depot: *depot,
                shop: shop.clone(),
                provisional: *provisional,
            };
            let e = g.apply_chance(&other, &mut Vec::new()).unwrap_err();
            assert!(e.to_string().contains("the table chose"), "{e}");
        }
        g.apply_chance(&o, &mut Vec::new()).unwrap();
        assert_eq!(vines(&g).removed, c.vines_removed);
    }
    let refused = |c: &Config| match Burgundy::new(c) {
        Err(Error::Module(r)) => r,
        other => panic!("{other:?}"),
    };
    let mut wrong = c.clone();
    wrong.vines_removed = vec![Vine::Blue];
    assert_eq!(refused(&wrong), ModuleRefusal::VinesRemoved { expected: 2 });
    wrong.vines_removed = vec![Vine::Blue, Vine::Blue];
    assert_eq!(refused(&wrong), ModuleRefusal::VinesRemoved { expected: 2 });
    wrong.vines_removed = vec![Vine::Blue];
    wrong.rules.vineyard_colours = VineyardColours::All;
    assert_eq!(refused(&wrong), ModuleRefusal::VinesRemoved { expected: 0 });
    wrong.modules = ModuleSet::EMPTY;
    assert!(matches!(
        refused(&wrong),
        ModuleRefusal::OptionNeedsModule { .. }
    ));
}

#[test]
fn the_setup_deals_tiles_and_refills_by_player_count() {
    for (players, depot, shop, removed) in [(2, 3, 1, 2), (3, 3, 3, 1), (4, 6, 3, 0)] {
        let mut c = config(players);
        c.rules.vineyard_colours = VineyardColours::Removed;
        let (mut g, o) = at_vine_setup(&c, &mut Rng::seed(7));
        let mut ev = Vec::new();
        let Outcome::Vines { provisional, .. } = &o else {
            panic!("{o:?}")
        };
        assert!(provisional);
        // The outcome as a record writes it reads back the same.
        let text = serde_json::to_string(&o).unwrap();
        assert_eq!(serde_json::from_str::<Outcome>(&text).unwrap(), o);
        // A refill short of the player count's is refused, the game unchanged.
        if let Outcome::Vines {
            removed,
            dealt,
            depot,
            ..
        } = &o
        {
            let short = Outcome::Vines {
                removed: removed.clone(),
                dealt: dealt.clone(),
                depot: *depot,
                shop: Vec::new(),
                provisional: true,
            };
            let before = g.clone();
            assert!(matches!(
                g.apply_chance(&short, &mut Vec::new()),
                Err(Error::Outcome(_))
            ));
            assert_eq!(g, before);
        }
        g.apply_chance(&o, &mut ev).unwrap();
        let v = vines(&g);
        assert_eq!(v.depot.iter().flatten().count(), depot);
        assert_eq!(v.shop.len(), shop);
        assert_eq!(v.removed.len(), removed);
        assert!(v.seats.iter().all(|s| s.tiles.len() == 1));
        assert!(ev.iter().any(|e| matches!(
            e,
            Event::VinesDealt {
                provisional: true,
                ..
            }
        )));
        g.validate().unwrap();
    }
}

/// Random games with the vineyards reach each vineyard decision, end with vine
/// bonus tiles scored, and keep every position valid; the solo game with them too
/// (its own checks are in solo.rs; it has no final scoring, seed 000 line 861).
#[test]
fn random_games_take_place_and_score_hexaminoes() {
    let mut seen = [0usize; 4];
    for seed in 0..8u64 {
        let mut c = config(2 + (seed % 3) as u8);
        c.duchies = Vec::new();
        if seed >= 6 {
            c.players = 1;
            c.duchies = vec![33];
            c.modules = ModuleSet::of(&[Module::Vineyards, Module::Solo]);
        }
        let mut g = Burgundy::new(&c).unwrap();
        let mut rng = Rng::seed(seed);
        let mut ev = Vec::new();
        loop {
            match g.to_act() {
                tabuleiro_core::ToAct::Chance => {
                    let o = g.sample_chance(&mut rng);
                    g.apply_chance(&o, &mut ev).unwrap();
                }
                tabuleiro_core::ToAct::Seats(seats) => {
                    let seat = seats.iter().next().unwrap();
                    let mut acts = Vec::new();
                    g.legal_actions(seat, &mut acts);
                    // Prefer the vineyard decisions, to reach them often.
                    let vine: Vec<_> = acts
                        .iter()
                        .filter(|a| a.to_string().starts_with("vine"))
                        .cloned()
                        .collect();
                    let pool = if !vine.is_empty() && rng.below(2) == 0 {
                        vine
                    } else {
                        acts
                    };
                    let a = pool[rng.below(pool.len())];
                    g.apply(seat, &a, &mut ev).unwrap();
                }
                tabuleiro_core::ToAct::Over => break,
            }
            g.validate().unwrap();
        }
        // The position file reads back the same game.
        let text = serde_json::to_string(&g).unwrap();
        assert_eq!(Burgundy::from_json(&text).unwrap(), g);
        for e in &ev {
            match e {
                Event::VineTaken { .. } => seen[0] += 1,
                Event::VinePlaced { .. } => seen[1] += 1,
                Event::VineTileTaken { .. } => seen[2] += 1,
                Event::Scored {
                    why: ScoreReason::Vines { .. },
                    ..
                } => seen[3] += 1,
                _ => {}
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn a_content_file_corrects_the_vineyard_board() {
    // The board is a reconstruction: an owner's content file renumbers space 2 to 5
    // (issue 15, "Content"), and the game plays the file's board.
    let mut board: serde_json::Value =
        serde_json::from_str(tabuleiro_burgundy::modules::VINEYARDS_JSON).unwrap();
    board["board"]["spaces"][1]["die"] = 5.into();
    let file = serde_json::json!({ "vineyards.json": board });
    let mut g = game([5, 2], [None; 6], &[], &["green-green"]);
    act(&mut g, 0, "die 1 5");
    let e = refusal(&mut g, 0, "vine place green-green 2");
    assert!(matches!(
        e,
        Error::Illegal {
            reason: Reason::VineWrongNumber {
                space: 2,
                number: 2,
                value: 5
            },
            ..
        }
    ));
    let mut g = game([5, 2], [None; 6], &[], &["green-green"]);
    g.config.content = serde_json::from_value(file).unwrap();
    act(&mut g, 0, "die 1 5");
    act(&mut g, 0, "vine place green-green 2");
    assert_eq!(
        vines(&g).seats[0].board[&2],
        Planted(Vine::Green, Vine::Green)
    );
}

/// The bots' evaluation values the vineyard (issue 15): a hexamino held, a terrace
/// under way and a vine bonus tile still without an area are worth something while
/// the game goes on; the areas scored by a tile count as the final scoring does.
#[test]
fn the_evaluation_values_vines() {
    // Between decisions (no die pending), so the judgement is the static one.
    let judged = |g: &Burgundy| g.evaluate(1);
    let g = game([4, 1], [None; 6], &[], &[]);
    let none = judged(&g);
    // A held hexamino (drawn from the bag) for seat 1.
    let mut held = g.clone();
    let v = held.modules.vineyards.as_mut().unwrap();
    v.seats[1].held.push(hex("red-red"));
    *v.drawn.entry(hex("red-red")).or_insert(0) += 1;
    held.validate().unwrap();
    assert!(judged(&held) > none + 0.5, "{} {}", judged(&held), none);
    // A vine bonus tile with no vine of its colour: worth a little.
    let mut tile = g.clone();
    let v = tile.modules.vineyards.as_mut().unwrap();
    v.seats[1].tiles.push(Vine::Green);
    v.supply[Vine::Green.index()] -= 1;
    assert!(judged(&tile) > none);
    // Two green vines placed on the lowest terrace with the green tile: the final
    // scoring's 3 VP, and the terrace under way.
    let v = tile.modules.vineyards.as_mut().unwrap();
    v.seats[1]
        .board
        .insert(1, Planted(Vine::Green, Vine::Green));
    *v.drawn.entry(hex("green-green")).or_insert(0) += 1;
    tile.validate().unwrap();
    let placed = judged(&tile);
    assert!(placed > none + 3.0, "{placed} {none}");
    // Without the module nothing changes: the same position's judgement without
    // vineyards is the base game's.
    let mut base = g.clone();
    base.modules.vineyards = None;
    base.config.modules = ModuleSet::of(&[]);
    assert_eq!(judged(&base), none);
}

/// The hexamino bag is no field of a position: the box less the colours removed and
/// the hexaminoes drawn (issue 45, docs/burgundy/position.md); `position show` counts
/// it, one fewer for each hexamino drawn.
#[test]
fn position_show_counts_the_hexamino_bag() {
    let mut g = game([1, 2], [None; 6], &["green-blue", "yellow-red"], &[]);
    let left = |g: &Burgundy| -> u32 {
        let v = g.modules.vineyards.as_ref().unwrap();
        v.bag().iter().map(|&(_, n)| n as u32).sum()
    };
    let n = left(&g);
    assert!(n > 0);
    assert!(g
        .describe()
        .contains(&format!("hexaminoes in the bag: {n}")));
    let v = g.modules.vineyards.as_mut().unwrap();
    let (kind, _) = v.bag().into_iter().find(|&(_, k)| k > 0).unwrap();
    *v.drawn.entry(kind).or_insert(0) += 1;
    assert_eq!(left(&g), n - 1);
    assert!(g
        .describe()
        .contains(&format!("hexaminoes in the bag: {}", n - 1)));
}

/// A position file holds the vine shop's slots once a hexamino was taken from it
/// (`modules.vineyards.shop_at`, docs/burgundy/position.md; the AutoDuke buys by
/// position, seed 000 line 1270): read back and validated, and refused with the
/// field named when the slots do not fit the shop.
#[test]
fn a_position_holds_the_vine_shops_slots() {
    let mut g = game([1, 2], [None; 6], &["green-blue", "yellow-red"], &[]);
    g.modules.vineyards.as_mut().unwrap().shop_at = vec![1, 3];
    g.validate().unwrap();
    let text = serde_json::to_string(&g).unwrap();
    assert!(text.contains("\"shop_at\":[1,3]"), "{text}");
    let back: Burgundy = serde_json::from_str(&text).unwrap();
    back.validate().unwrap();
    assert_eq!(back.modules.vineyards.unwrap().shop_at, vec![1, 3]);
    for bad in [vec![3, 1], vec![1], vec![1, 4]] {
        let mut wrong = g.clone();
        wrong.modules.vineyards.as_mut().unwrap().shop_at = bad.clone();
        let e = wrong.validate().unwrap_err().to_string();
        assert!(e.contains("shop_at"), "{bad:?}: {e}");
    }
}
