//! The AutoDuke (Châteautoma) automa, module `auto-duke`: seed 000 lines 1023-1240,
//! seed 002 lines 1073-1290; digest 13.12 and 15.3. Each step of its procedure from
//! a position made for it, each benefit, each option's readings, its setup, final
//! scoring and standings; random games with it under the conformance checks
//! (release: `cargo test --release -p tabuleiro-burgundy --test auto_duke`).
//!
//! The village cards are the data file's provisional ones: card 1 = castle, building
//! (sell symbol), water, mine (10/14/18 VP); card 2 = building, pasture, building
//! (sell), knowledge (12/16/20); card 5 = knowledge (sell), building, pasture,
//! knowledge (14/18/22). Board 35: spaces 0-1 castle, 2-7 building, 8-11 pasture,
//! 12-15 water, 16-19 knowledge, 20-22 mine.

mod common;

use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{
    AutoDukeCastleBonus, AutoDukeLevel, AutoDukeModifierB, AutoDukePurchase,
};
use tabuleiro_burgundy::modules::{
    AutoDuke, AutoDukeAction, AutoDukeData, Held, Module, ModuleRefusal, ModuleSet, SaleCause,
    AUTO_DUKE,
};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Action, Animal, Building, Burgundy, Colour, Config, Event, Tile};
use tabuleiro_core::{Game, Participant, Seat};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

const BANK: Tile = Tile::Building(Building::Bank);
const CHURCH: Tile = Tile::Building(Building::Church);
const MARKET: Tile = Tile::Building(Building::Market);
const WAREHOUSE: Tile = Tile::Building(Building::Warehouse);
const CARPENTER: Tile = Tile::Building(Building::CarpentersWorkshop);
const CITY_HALL: Tile = Tile::Building(Building::CityHall);
const WATCHTOWER: Tile = Tile::Building(Building::Watchtower);
const BOARDING: Tile = Tile::Building(Building::BoardingHouse);

fn config(players: u8, set: impl FnOnce(&mut Config)) -> Config {
    let mut c = Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::AutoDuke]),
        ..Config::default()
    };
    set(&mut c);
    c
}

/// A game set up for `config`: seat 0 starts, each seat's castle on space 18,
/// the AutoDuke's cards `left` and `right` dealt (and modifier tiles, given).
fn dealt(
    config: &Config,
    left: u8,
    right: u8,
    face_down: Vec<Tile>,
    face_up: Vec<Tile>,
) -> Burgundy {
    let n = config.players as usize;
    let mut g = Burgundy::new(config).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            duchies: config.duchies.clone(),
            boards: Vec::new(),
            start_player: 0,
            goods: vec![vec![1, 2, 3]; n],
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(g.stage, Stage::PhaseStart);
    g.apply_chance(
        &Outcome::AutoDukeCards {
            left,
            right,
            face_down,
            face_up,
            provisional: true,
        },
        &mut ev,
    )
    .unwrap();
    g
}

/// One person against the AutoDuke, cards 1 (left) and 2 (right) dealt, and its turn
/// about to start with the white die `white`: these depots and black depot (tiles
/// drawn from the supply as a phase would).
fn at_turn(config: &Config, depots: [Vec<Tile>; 6], black: Vec<Tile>, white: u8) -> Burgundy {
    let mut g = dealt(config, 1, 2, Vec::new(), Vec::new());
    for (d, tiles) in depots.iter().enumerate() {
        tiles.iter().for_each(|&t| g.drawn.add(t));
        g.depots[d] = tiles.clone();
    }
    black.iter().for_each(|&t| g.drawn_black.add(t));
    g.black_depot = black;
    g.white = white;
    g.round_order = g.track_order();
    g.stage = Stage::AutoDuke;
    g.validate().unwrap();
    g
}

fn one(set: impl FnOnce(&mut Config)) -> Config {
    config(1, set)
}

fn no_depots() -> [Vec<Tile>; 6] {
    Default::default()
}

fn depot(d: usize, tiles: &[Tile]) -> [Vec<Tile>; 6] {
    let mut all = no_depots();
    all[d - 1] = tiles.to_vec();
    all
}

fn ad(g: &Burgundy) -> &AutoDuke {
    g.modules.auto_duke.as_ref().unwrap()
}

fn ad_mut(g: &mut Burgundy) -> &mut AutoDuke {
    g.modules.auto_duke.as_mut().unwrap()
}

/// Its turn with die `die`; the events, the position checked after.
fn roll(g: &mut Burgundy, die: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    g.apply_chance(&Outcome::AutoDukeDie { die }, &mut ev)
        .unwrap();
    g.validate().unwrap();
    ev
}

/// What lies on card `i` (0 left), space by space.
fn card(g: &Burgundy, i: usize) -> Vec<Option<Tile>> {
    ad(g).cards[i]
        .spaces
        .iter()
        .map(|h| h.map(|h| h.tile))
        .collect()
}

fn put_on_card(g: &mut Burgundy, i: usize, space: usize, tile: Tile) {
    g.drawn.add(tile);
    ad_mut(g).cards[i].spaces[space] = Some(Held::up(tile));
}

fn to_reserve(g: &mut Burgundy, tiles: &[Tile]) {
    tiles.iter().for_each(|&t| g.drawn.add(t));
    ad_mut(g).reserve.extend_from_slice(tiles);
}

// ---------- setup ----------

/// Seed 000 lines 1036-1064: it counts as a player for the board side and the VP
/// values; one good of each type set aside and 1 silver for it; the left card shows
/// a castle with a castle on it; the deck holds the other seven; it plays last.
#[test]
fn setup_counts_it_as_a_player_and_prepares_its_board() {
    let solo = one(|_| {});
    assert_eq!(solo.board_side(), "special-2");
    assert_eq!(
        (solo.sale_vp(), solo.bonus_vp(true), solo.bonus_vp(false)),
        (2, 5, 2)
    );
    let three = config(2, |_| {});
    assert_eq!(three.board_side(), "special-3-4");
    assert_eq!((three.sale_vp(), three.bonus_vp(true)), (3, 6));
    let g = dealt(&three, 3, 7, Vec::new(), Vec::new());
    let a = ad(&g);
    assert_eq!((a.goods, a.silver, a.board), ([1; 6], 1, 35));
    assert_eq!(card(&g, 0)[0], Some(Tile::Castle));
    assert_eq!(ad(&g).cards[1].number, 7);
    assert_eq!(a.deck, vec![1, 2, 4, 5, 6, 8, 9]);
    // The goods set aside are not drawn again: 7 of each type in all.
    assert_eq!(g.goods_unseen(), [7 - 1 - 2, 7 - 1 - 2, 7 - 1 - 2, 6, 6, 6]);
    // Last in the turn order: both seats play before it.
    let mut g = g;
    let mut ev = Vec::new();
    g.apply_chance(&g.sample_chance(&mut tabuleiro_core::Rng::seed(1)), &mut ev)
        .unwrap();
    g.apply_chance(
        &Outcome::Roll {
            dice: tabuleiro_burgundy::action::RolledDice::of(&[[1, 2], [3, 4]]).unwrap(),
            white: 2,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(ad(&g).slot, 2);
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
    assert_eq!(g.participants().automata, vec![AUTO_DUKE.to_string()]);
}

/// Setup step C: the left card must show a castle (card 2 shows none).
#[test]
fn the_left_card_shows_a_castle() {
    let c = one(|_| {});
    let mut g = Burgundy::new(&c).unwrap();
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Setup {
            duchies: vec![1],
            boards: Vec::new(),
            start_player: 0,
            goods: vec![vec![1, 2, 3]],
        },
        &mut ev,
    )
    .unwrap();
    let bad = Outcome::AutoDukeCards {
        left: 2,
        right: 1,
        face_down: Vec::new(),
        face_up: Vec::new(),
        provisional: true,
    };
    assert!(g.apply_chance(&bad, &mut ev).is_err());
    // The phase's tiles wait for its cards.
    let sampled = g.sample_chance(&mut tabuleiro_core::Rng::seed(3));
    assert!(
        matches!(sampled, Outcome::AutoDukeCards { .. }),
        "{sampled:?}"
    );
}

/// 1-3 people, Special Edition only; the modules whose AutoDuke rules are not played
/// yet are refused with it; inns, team and solo never go with it.
#[test]
fn combinations_are_refused_with_a_reason() {
    let refusal = |c: &Config| common::refusal_of(c);
    assert_eq!(
        refusal(&config(4, |_| {})),
        ModuleRefusal::AutoDukePlayers { players: 4 }
    );
    for other in [
        Module::ExtraHexes,
        Module::WhiteCastles,
        Module::TradingPosts,
        Module::TradeRoutes,
        Module::Shields,
    ] {
        let c = config(2, |c| c.modules = ModuleSet::of(&[Module::AutoDuke, other]));
        assert_eq!(refusal(&c), ModuleRefusal::AutoDukeNotYetWith { other });
    }
    let inns = config(2, |c| {
        c.modules = ModuleSet::of(&[Module::AutoDuke, Module::Inns])
    });
    assert!(matches!(refusal(&inns), ModuleRefusal::Excludes { .. }));
    let classic = config(2, |c| c.edition = tabuleiro_burgundy::Edition::Classic);
    assert!(matches!(
        refusal(&classic),
        ModuleRefusal::NotInEdition { .. }
    ));
    let mut without = Config::players(2);
    without.rules.auto_duke_level = AutoDukeLevel::Hard;
    assert!(matches!(
        refusal(&without),
        ModuleRefusal::OptionNeedsModule { .. }
    ));
}

// ---------- random play ----------

/// The AutoDuke's invariants after every step: a valid position, its VP the sum of
/// its events' VP, its goods never over 7 a type with the rest; at the end its
/// standing above every seat it ties.
#[derive(Default)]
struct AutoDukeChecks {
    vp: i32,
    completed: u32,
    turns: u32,
    games: u32,
    won: u32,
}

fn event_vp(e: &Event) -> i32 {
    match *e {
        Event::AutoDukeBenefit { vp, .. }
        | Event::AutoDukeSold { vp, .. }
        | Event::AutoDukeCompleted { vp, .. }
        | Event::AutoDukeBonusTile { vp, .. }
        | Event::AutoDukeFinal { vp, .. } => vp,
        _ => 0,
    }
}

impl Checks<Burgundy> for AutoDukeChecks {
    /// On doubles `die 2 V` stands for the listed `die 1 V`.
    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }

    fn start(&mut self, _: &Burgundy) {
        self.vp = 0;
    }

    fn step(&mut self, game: &Burgundy, events: &[Event]) -> Result<(), String> {
        game.validate().map_err(|e| e.to_string())?;
        self.vp += events.iter().map(event_vp).sum::<i32>();
        self.completed += events
            .iter()
            .filter(|e| matches!(e, Event::AutoDukeCompleted { .. }))
            .count() as u32;
        self.turns += events
            .iter()
            .filter(|e| matches!(e, Event::AutoDukeTurnEnded {}))
            .count() as u32;
        match game.modules.auto_duke.as_ref() {
            Some(ad) if ad.vp == self.vp => Ok(()),
            Some(ad) => Err(format!(
                "its VP {} differ from its events' {}",
                ad.vp, self.vp
            )),
            None => Err("no AutoDuke state".into()),
        }
    }

    fn finish(&mut self, game: &Burgundy) -> Result<(), String> {
        let s = game.standings();
        let at = s
            .iter()
            .position(|s| s.members == [Participant::Automaton(AUTO_DUKE.into())])
            .ok_or("the AutoDuke has no standing")?;
        if s.iter().skip(at + 1).any(|o| o.score >= s[at].score) || s.len() != game.players() + 1 {
            return Err(format!("the AutoDuke wins its ties: {s:?}"));
        }
        self.games += 1;
        self.won += (at == 0) as u32;
        // 25 turns a game, each seat's and its own.
        match game.phase == 4 && game.round == 5 {
            true => Ok(()),
            false => Err("the game ends after phase E".into()),
        }
    }
}

/// Random games against the AutoDuke, each option's readings and its modifiers,
/// with the conformance checks after every decision and chance step.
#[test]
fn random_games_with_the_auto_duke_keep_the_rules() {
    let configs = [
        one(|_| {}),
        config(2, |c| {
            c.rules.auto_duke_level = AutoDukeLevel::Hard;
            c.rules.auto_duke_purchase = AutoDukePurchase::NotHeld;
            c.rules.auto_duke_castle_bonus = AutoDukeCastleBonus::There;
        }),
        config(3, |c| {
            c.duchies = Vec::new();
            c.castle_on_centre = false;
            c.rules.auto_duke_level = AutoDukeLevel::Easy;
            c.rules.auto_duke_modifiers = "abcd".parse().unwrap();
        }),
        one(|c| {
            c.rules.auto_duke_modifiers = "bd".parse().unwrap();
            c.rules.auto_duke_modifier_b = AutoDukeModifierB::AreaColour;
        }),
    ];
    let games = common::random_play_games(8);
    let mut checks = AutoDukeChecks::default();
    for (i, c) in configs.iter().enumerate() {
        let s = check_random_games(c, games, 31_000 + i as u64 * 100, &mut checks);
        assert!(s.decisions > games as u64 * 100, "{s:?}");
    }
    assert_eq!(checks.games, games * configs.len() as u32);
    assert_eq!(checks.turns, checks.games * 25, "25 turns a game");
    assert!(
        checks.completed > checks.games,
        "{} cards",
        checks.completed
    );
    // It wins some and loses some against random play.
    assert!(checks.won > 0, "{} of {}", checks.won, checks.games);
}
