//! The team game with the vineyards (modules `team` and `vineyards`): seed 000 lines
//! 792-817 (the team game: "Todos os recursos, exceto os espaços chave privados, são
//! compartilhados", line 805) and 916-1019 (the vineyards: "Cada jogador recebe: 1
//! peça bônus de vinha (...) 1 tabuleiro de vinhedo"; a hexamino "ocupa 2 espaços
//! chave", line 918). Which vineyard board a team plays is `rules.team_vineyard`;
//! which key spaces a hexamino takes, the player's choice.

mod common;

use common::{act, legal, pending, refusal_of, refused};
use tabuleiro_burgundy::action::{Event, Outcome, RolledDice};
use tabuleiro_burgundy::config::{TeamShields, TeamVineyard};
use tabuleiro_burgundy::error::Reason;
use tabuleiro_burgundy::modules::{
    Hexamino, Module, ModuleRefusal, ModuleSet, Planted, Vine, VineKeys, VineSeat, Vineyards,
};
use tabuleiro_burgundy::state::{Pending, Stage};
use tabuleiro_burgundy::{Burgundy, Config, ScoreReason, Tile};
use tabuleiro_core::{Game, Rng};

fn config(reading: TeamVineyard) -> Config {
    let mut c = Config {
        players: 4,
        modules: ModuleSet::of(&[Module::Team, Module::Vineyards]),
        ..Config::default()
    };
    c.rules.team_vineyard = reading;
    c
}

fn hex(s: &str) -> Hexamino {
    s.parse().unwrap()
}

/// The setup with start player 0 (team A: seats 0 and 2; team B: seats 1 and 3).
fn set_up(c: &Config) -> Burgundy {
    let mut g = Burgundy::new(c).unwrap();
    let mut goods = vec![vec![]; 4];
    goods[0] = vec![1, 2, 3];
    goods[1] = vec![4, 5, 6];
    let setup = Outcome::Setup {
        provisional: Vec::new(),
        duchies: vec![],
        boards: vec![],
        start_player: 0,
        goods,
    };
    g.apply_chance(&setup, &mut Vec::new()).unwrap();
    g
}

/// Seat 0's turn with `dice` in round 1, the vine depot as given (position 1: the
/// hexamino `first`), every key space empty.
fn game(reading: TeamVineyard, dice: [u8; 2], first: &str) -> Burgundy {
    game_with(&config(reading), dice, first)
}

fn game_with(c: &Config, dice: [u8; 2], first: &str) -> Burgundy {
    let mut g = set_up(c);
    g.stage = Stage::RoundStart;
    g.round_goods = vec![4, 5, 6, 4, 5];
    let mut depot = [None; 6];
    depot[0] = Some(hex(first));
    let mut v = Vineyards {
        refills: 1,
        depot,
        supply: [4; 6],
        seats: vec![VineSeat::default(); 4],
        ..Vineyards::default()
    };
    *v.drawn.entry(hex(first)).or_insert(0) += 1;
    g.modules.vineyards = Some(v);
    let roll = Outcome::Roll {
        dice: RolledDice::of(&[dice, [1, 1], [1, 1], [1, 1]]).unwrap(),
        white: 6,
    };
    g.apply_chance(&roll, &mut Vec::new()).unwrap();
    g.validate().unwrap();
    g
}

fn vines(g: &Burgundy) -> &Vineyards {
    g.vineyards().unwrap()
}

/// Team A's hexaminoes: seat 0's on two private key spaces, on one private and one
/// shared, and the team's on both shared ones.
fn team_a_vines(g: &Burgundy) -> (Vec<Hexamino>, Vec<Hexamino>, Vec<Hexamino>) {
    g.validate().unwrap();
    let me = &vines(g).seats[0];
    let shared = g.modules.team.as_ref().unwrap().vines[0].clone();
    (me.held.clone(), me.split.clone(), shared)
}

/// Gives seat 0 the hexamino `h` on the key spaces `keys` (drawn from the bag).
fn give(g: &mut Burgundy, h: &str, keys: VineKeys) {
    let v = g.modules.vineyards.as_mut().unwrap();
    *v.drawn.entry(hex(h)).or_insert(0) += 1;
    match keys {
        VineKeys::Private => v.seats[0].held.push(hex(h)),
        VineKeys::Split => v.seats[0].split.push(hex(h)),
        VineKeys::Shared => g.modules.team.as_mut().unwrap().vines[0].push(hex(h)),
    }
    g.validate().unwrap();
}

/// "Cada jogador recebe: 1 peça bônus de vinha (de 6 separadas)" (seed 000 line
/// 949) read for the team game as each team receives (line 805): one tile a team
/// by default, written for both members; one a member in the other reading.
#[test]
fn the_setup_deals_a_vine_bonus_tile_a_team_or_a_member() {
    for (reading, dealt) in [(TeamVineyard::Team, 2), (TeamVineyard::Member, 4)] {
        let mut g = set_up(&config(reading));
        let mut rng = Rng::seed(11);
        let mut ev = Vec::new();
        assert!(g.vines_due());
        let o = g.sample_chance(&mut rng);
        let Outcome::Vines { dealt: tiles, .. } = &o else {
            panic!("{o:?}")
        };
        assert_eq!(tiles.len(), dealt, "{reading:?}");
        g.apply_chance(&o, &mut ev).unwrap();
        let v = vines(&g);
        // 4 players: 6 in the vine depot and 3 in the shop (seed 000 line 941).
        assert_eq!(v.depot.iter().flatten().count(), 6);
        assert_eq!(v.shop.len(), 3);
        let seats: Vec<&Vec<Vine>> = v.seats.iter().map(|s| &s.tiles).collect();
        assert!(seats.iter().all(|t| t.len() == 1), "{seats:?}");
        let same = seats[0] == seats[2] && seats[1] == seats[3];
        assert_eq!(same, reading == TeamVineyard::Team, "{reading:?}");
        assert_eq!(v.supply.iter().sum::<u8>(), 24 - dealt as u8);
        g.validate().unwrap();
    }
}

/// One vineyard a team (default): a hexamino either member places goes on the
/// team's board, written for both; one a member: on the placer's own.
#[test]
fn a_placed_hexamino_goes_on_the_teams_or_the_members_vineyard() {
    for (reading, partner_has_it) in [(TeamVineyard::Team, true), (TeamVineyard::Member, false)] {
        let mut g = game(reading, [1, 2], "red-blue");
        give(&mut g, "green-green", VineKeys::Private);
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "vine place green-green 1");
        let v = vines(&g);
        let planted = Some(&Planted(Vine::Green, Vine::Green));
        assert_eq!(v.seats[0].board.get(&1), planted);
        assert_eq!(v.seats[2].board.contains_key(&1), partner_has_it);
        assert!(v.seats[1].board.is_empty() && v.seats[3].board.is_empty());
        g.validate().unwrap();
    }
}

/// One vineyard a team: its vines and vine bonus tiles score once, on the team's
/// first member (as the team board's shared things do, 000 line 815); one a member:
/// each member's own.
#[test]
fn a_teams_vineyard_scores_once_a_members_on_its_own_vp() {
    for reading in [TeamVineyard::Team, TeamVineyard::Member] {
        let mut g = game(reading, [1, 2], "red-blue");
        g.modules.vineyards.as_mut().unwrap().supply[Vine::Green.index()] = 2;
        for seat in [0, 2] {
            let s = &mut g.modules.vineyards.as_mut().unwrap().seats[seat];
            s.board.insert(1, Planted(Vine::Green, Vine::Green));
            s.tiles = vec![Vine::Green];
        }
        g.validate().unwrap();
        let green = (
            ScoreReason::Vines {
                vine: Vine::Green,
                size: 2,
            },
            3,
        );
        assert_eq!(g.vine_points(0), vec![green]);
        let second = match reading {
            TeamVineyard::Team => vec![],
            TeamVineyard::Member => vec![green],
        };
        assert_eq!(g.vine_points(2), second, "{reading:?}");
    }
}

/// With one vineyard a team, both members' boards and tiles are the team's, equal
/// (checked on load).
#[test]
fn a_teams_vineyard_differing_between_members_is_refused_on_load() {
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    g.modules.vineyards.as_mut().unwrap().seats[0]
        .board
        .insert(1, Planted(Vine::Green, Vine::Green));
    let e = Burgundy::from_json(&serde_json::to_string(&g).unwrap()).unwrap_err();
    assert!(e.to_string().contains("team's vineyard board"), "{e}");
    // Each member's own in the other reading.
    g.config.rules.team_vineyard = TeamVineyard::Member;
    Burgundy::from_json(&serde_json::to_string(&g).unwrap()).unwrap();
}

/// A hexamino takes 2 key spaces (seed 000 line 918); with room on more than one
/// arrangement (two private, one private and one shared, two shared; line 803) the
/// player chooses, and nothing else may be done first.
#[test]
fn a_taken_hexamino_goes_on_the_key_spaces_the_player_chooses() {
    let h = hex("red-blue");
    for (answer, expected) in [
        ("vine keyspace private", (vec![h], vec![], vec![])),
        ("vine keyspace split", (vec![], vec![h], vec![])),
        ("vine keyspace shared", (vec![], vec![], vec![h])),
    ] {
        let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "vine take 1");
        assert_eq!(pending(&g), Some(Pending::VineKeySpace { incoming: h }));
        assert_eq!(
            legal(&g, 0),
            [
                "vine keyspace private",
                "vine keyspace split",
                "vine keyspace shared"
            ]
        );
        g.validate().unwrap();
        let ev = act(&mut g, 0, answer);
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::VineKeySpaceChosen { seat: 0, .. })));
        assert_eq!(team_a_vines(&g), expected, "{answer}");
    }
}

/// Only the arrangements with room are offered; with one, no question; with none,
/// a discard first. Tiles and the partner's hexaminoes fill key spaces too.
#[test]
fn only_the_key_spaces_with_room_are_offered() {
    let h = hex("red-blue");
    // A private tile and a shared one: only one of each left, the hexamino splits
    // without a question.
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    hold(&mut g, &[Tile::Castle], &[Tile::Mine]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert_eq!(pending(&g), None);
    assert_eq!(team_a_vines(&g), (vec![], vec![h], vec![]));
    // The private key spaces full: private refused, split and shared... only shared
    // has room for two.
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    hold(&mut g, &[Tile::Castle, Tile::Ship], &[]);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert_eq!(team_a_vines(&g), (vec![], vec![], vec![h]));
    // The partner's split hexamino takes a shared key space: private or split.
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    let v = g.modules.vineyards.as_mut().unwrap();
    *v.drawn.entry(hex("green-green")).or_insert(0) += 1;
    v.seats[2].split.push(hex("green-green"));
    g.validate().unwrap();
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert_eq!(
        legal(&g, 0),
        ["vine keyspace private", "vine keyspace split"]
    );
    assert_eq!(
        refused(&mut g, 0, "vine keyspace shared"),
        Reason::VineKeySpaceFull {
            keys: VineKeys::Shared
        }
    );
    // Every key space taken: a discard first, then the question again.
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    hold(
        &mut g,
        &[Tile::Castle, Tile::Ship],
        &[Tile::Mine, Tile::Mine],
    );
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert_eq!(pending(&g), Some(Pending::VineRoom { incoming: h }));
    act(&mut g, 0, "discard castle");
    assert_eq!(pending(&g), Some(Pending::VineRoom { incoming: h }));
    act(&mut g, 0, "discard ship");
    assert_eq!(team_a_vines(&g), (vec![h], vec![], vec![]));
}

/// Seat 0's private key spaces and team A's shared ones hold these tiles.
fn hold(g: &mut Burgundy, private: &[Tile], shared: &[Tile]) {
    let all: Vec<Tile> = private.iter().chain(shared).copied().collect();
    for &t in &all {
        g.drawn.add(t);
    }
    g.players[0].storage = all;
    g.players[2].storage = shared.to_vec();
    g.modules.team.as_mut().unwrap().shared[0] = shared.to_vec();
    g.validate().unwrap();
}

/// A hexamino on the same kind's several key spaces leaves the one the player names
/// (`vine place VINE SPACE shared`); a hexamino on the team's shared key spaces is
/// either member's to place, one on a member's private key space its own.
#[test]
fn a_placed_hexamino_leaves_the_key_spaces_the_player_chooses() {
    let h = hex("green-blue");
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    give(&mut g, "green-blue", VineKeys::Private);
    give(&mut g, "green-blue", VineKeys::Shared);
    act(&mut g, 0, "die 1 1");
    let places: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("vine place green-blue 1"))
        .collect();
    assert_eq!(
        places,
        [
            "vine place green-blue 1",
            "vine place green-blue 1 turned",
            "vine place green-blue 1 shared",
            "vine place green-blue 1 turned shared"
        ]
    );
    act(&mut g, 0, "vine place green-blue 1 shared");
    assert_eq!(team_a_vines(&g), (vec![h], vec![], vec![]));
    // The split one is seat 0's, not its partner's to place; the team's on the
    // shared key spaces is either member's.
    for (keys, partners) in [(VineKeys::Split, false), (VineKeys::Shared, true)] {
        let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
        give(&mut g, "green-blue", keys);
        while g.turn().is_some_and(|t| t.seat != 2) {
            common::finish_turn(&mut g);
        }
        common::set_dice(&mut g, [1, 1]);
        act(&mut g, 2, "die 1 1");
        let places = legal(&g, 2)
            .into_iter()
            .filter(|a| a.starts_with("vine place green-blue 1"))
            .count();
        assert_eq!(places > 0, partners, "{keys:?}");
        if !partners {
            assert_eq!(
                refused(&mut g, 2, "vine place green-blue 1"),
                Reason::VineNotHeld { vine: h }
            );
        } else {
            act(&mut g, 2, "vine place green-blue 1");
            assert_eq!(team_a_vines(&g), (vec![], vec![], vec![]));
            assert!(vines(&g).seats[0].board.contains_key(&1));
        }
    }
}

/// A discarded hexamino leaves the key spaces named too (`vine discard VINE split`).
#[test]
fn a_discarded_hexamino_leaves_the_key_spaces_the_player_chooses() {
    let h = hex("green-blue");
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    give(&mut g, "green-blue", VineKeys::Private);
    give(&mut g, "green-blue", VineKeys::Shared);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "vine take 1");
    assert!(matches!(pending(&g), Some(Pending::VineRoom { .. })));
    let discards: Vec<String> = legal(&g, 0)
        .into_iter()
        .filter(|a| a.starts_with("vine discard"))
        .collect();
    assert_eq!(
        discards,
        ["vine discard green-blue", "vine discard green-blue shared"]
    );
    act(&mut g, 0, "vine discard green-blue shared");
    // The shared key spaces freed: the hexamino taken goes there, unasked.
    assert_eq!(team_a_vines(&g), (vec![h], vec![], vec![hex("red-blue")]));
}

/// A tile taken counts the hexaminoes' key spaces: with a hexamino on the private
/// ones, it goes to the shared ones unasked.
#[test]
fn a_taken_tile_counts_the_hexaminoes_key_spaces() {
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    give(&mut g, "green-green", VineKeys::Private);
    g.depots[0] = vec![Tile::Ship];
    g.drawn.add(Tile::Ship);
    act(&mut g, 0, "die 1 1");
    act(&mut g, 0, "take 1 ship");
    assert_eq!(pending(&g), None);
    assert_eq!(g.modules.team.as_ref().unwrap().shared[0], vec![Tile::Ship]);
    assert_eq!(g.players[2].storage, vec![Tile::Ship]);
    g.validate().unwrap();
}

/// The hexaminoes' key spaces are checked on load: no more than 2 private a member
/// and 2 shared a team, tiles counted.
#[test]
fn key_spaces_over_full_with_hexaminoes_are_refused_on_load() {
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    hold(&mut g, &[], &[Tile::Mine]);
    // A shared tile and the team's hexamino: 3 of the 2 shared key spaces (3 of
    // seat 0's 4 in all).
    let mut bad = g.clone();
    bad.modules.team.as_mut().unwrap().vines[0].push(hex("red-red"));
    bad.modules
        .vineyards
        .as_mut()
        .unwrap()
        .drawn
        .insert(hex("red-red"), 1);
    let e = Burgundy::from_json(&serde_json::to_string(&bad).unwrap()).unwrap_err();
    assert!(e.to_string().contains("key spaces"), "{e}");
}

/// With the team's shields, shield 4 lifts the team's shared key spaces' limit: a
/// hexamino goes there without a discard; with a member's own, the holder's private
/// ones.
#[test]
fn shield_4_lifts_the_shared_or_the_holders_private_key_spaces_for_a_hexamino() {
    for (reading, expected) in [
        (TeamShields::Team, VineKeys::Shared),
        (TeamShields::Member, VineKeys::Private),
    ] {
        let mut c = config(TeamVineyard::Team);
        c.modules = c.modules.with(Module::Shields);
        c.rules.team_shields = reading;
        let mut g = game_with(&c, [1, 2], "red-blue");
        hold(
            &mut g,
            &[Tile::Castle, Tile::Ship],
            &[Tile::Mine, Tile::Mine],
        );
        // The team's castle, on the team board's central castle space.
        let castle = 21;
        g.modules.shields = vec![Default::default(); 4];
        g.modules.shields[0].insert(castle, 4);
        if reading == TeamShields::Team {
            g.modules.shields[2].insert(castle, 4);
        }
        g.validate().unwrap();
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "vine take 1");
        let h = vec![hex("red-blue")];
        let got = team_a_vines(&g);
        let want = match expected {
            VineKeys::Shared => (vec![], vec![], h),
            _ => (h, vec![], vec![]),
        };
        assert_eq!(got, want, "{reading:?}");
    }
}

/// The option is the team game's: refused without it.
#[test]
fn the_team_vineyard_option_needs_the_team_game() {
    let mut c = Config {
        players: 4,
        modules: ModuleSet::of(&[Module::Vineyards]),
        ..Config::default()
    };
    c.rules.team_vineyard = TeamVineyard::Member;
    assert_eq!(
        refusal_of(&c),
        ModuleRefusal::OptionNeedsModule {
            option: "team_vineyard",
            module: Module::Team
        }
    );
}

/// The bots' evaluation values the team's vineyard: a hexamino on the team's shared
/// key spaces is either member's to place (both value it), one on a member's private
/// and shared key space its holder's; a terrace begun on the team's board is both
/// members' promise (one vineyard a team), only its owner's with one a member.
#[test]
fn the_evaluation_values_the_teams_vineyard() {
    let promise = |g: &Burgundy| [0, 2].map(|s| g.vine_promise(s));
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    let before = promise(&g);
    give(&mut g, "green-blue", VineKeys::Shared);
    let shared = promise(&g);
    assert!(shared[0] > before[0] && shared[1] > before[1], "{shared:?}");
    let mut g = game(TeamVineyard::Team, [1, 2], "red-blue");
    give(&mut g, "green-blue", VineKeys::Split);
    let split = promise(&g);
    assert!(split[0] > before[0] && split[1] == before[1], "{split:?}");
    for (reading, partner) in [(TeamVineyard::Team, true), (TeamVineyard::Member, false)] {
        let mut g = game(reading, [1, 2], "red-blue");
        let before = promise(&g);
        give(&mut g, "green-blue", VineKeys::Private);
        act(&mut g, 0, "die 1 1");
        act(&mut g, 0, "vine place green-blue 1");
        act(&mut g, 0, "pass");
        let after = promise(&g);
        assert!(after[0] > before[0], "{reading:?} {after:?}");
        assert_eq!(after[1] > before[1], partner, "{reading:?} {after:?}");
    }
}
