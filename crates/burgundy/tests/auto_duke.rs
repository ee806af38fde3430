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

/// Cards 1 (left) and 2 (right) dealt, and its turn about to start with the white
/// die `white`: these depots and black depot (tiles drawn from the supply as a
/// phase would).
fn at_turn(config: &Config, depots: [Vec<Tile>; 6], black: Vec<Tile>, white: u8) -> Burgundy {
    at_turn_with(config, [1, 2], depots, black, white)
}

fn at_turn_with(
    config: &Config,
    [left, right]: [u8; 2],
    depots: [Vec<Tile>; 6],
    black: Vec<Tile>,
    white: u8,
) -> Burgundy {
    let mut g = dealt(config, left, right, Vec::new(), Vec::new());
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

// ---------- step 1: choose and place ----------

fn took(depot: u8, tile: Tile, card: u8) -> Event {
    Event::AutoDukeTook {
        action: AutoDukeAction::Turn,
        depot,
        tile,
        card,
    }
}

/// Seed 000 lines 1120-1124: from its die's depot clockwise, the first depot with a
/// tile matching an empty space of the selected card (white 1-4: the left card).
#[test]
fn step1_searches_the_depots_clockwise_from_its_die() {
    let mut depots = depot(3, &[Tile::Mine]);
    depots[4] = vec![Tile::Ship];
    let mut g = at_turn(&one(|_| {}), depots, Vec::new(), 1);
    let ev = roll(&mut g, 4);
    // Depot 4 is empty, depot 5 holds a ship for the water space; depot 3's mine
    // comes later clockwise.
    assert!(ev.contains(&Event::AutoDukeRolled { die: 4 }));
    assert!(ev.contains(&took(5, Tile::Ship, 1)), "{ev:?}");
    assert_eq!(card(&g, 0)[2], Some(Tile::Ship));
    assert_eq!(g.depots[2], vec![Tile::Mine]);
    // The ship's benefit: no goods anywhere, the marker still moves one space.
    assert!(ev.contains(&Event::AutoDukeMoved { space: 1 }));
    assert_eq!(ad(&g).marker, 1);
    // Then the seat's turn.
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
}

/// The spaces are checked in reading order against each depot (line 1122): the
/// building space (1) comes before the mine space (3), whatever the depot's order;
/// of two matches in a depot the top one (line 1124).
#[test]
fn step1_checks_the_card_in_reading_order_and_takes_the_top_tile() {
    let c = one(|_| {});
    let mut g = at_turn(&c, depot(2, &[Tile::Mine, BANK, CHURCH]), Vec::new(), 2);
    let ev = roll(&mut g, 2);
    assert!(ev.contains(&took(2, BANK, 1)), "{ev:?}");
    assert_eq!(g.depots[1], vec![Tile::Mine, CHURCH]);
    // The bank's 2 silver; the space's sell symbol (step 3): the most goods, a tie
    // (one of each) to the lowest number, 1 silver and 2 VP a good (2 players).
    assert!(ev.contains(&Event::AutoDukeBenefit {
        tile: BANK,
        silver: 2,
        vp: 0
    }));
    assert!(ev.contains(&Event::AutoDukeSold {
        cause: SaleCause::Symbol,
        goods: 1,
        count: 1,
        vp: 2
    }));
    let a = ad(&g);
    assert_eq!((a.silver, a.vp, a.goods[0], a.sold[0]), (4, 2, 0, 1));
}

/// White 5-6 selects the right card (line 1096).
#[test]
fn the_white_die_selects_the_card() {
    let mut g = at_turn(&one(|_| {}), depot(1, &[Tile::Knowledge(3)]), Vec::new(), 5);
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&took(1, Tile::Knowledge(3), 2)), "{ev:?}");
    assert_eq!(card(&g, 1)[3], Some(Tile::Knowledge(3)));
}

/// Line 1125: no depot matches: a reserve tile matching an empty space, the spaces
/// from the top left, with its benefit.
#[test]
fn step1_falls_back_on_the_reserve() {
    let mut g = at_turn(&one(|_| {}), depot(1, &[CHURCH]), Vec::new(), 5);
    // Card 2 (building, pasture, building, knowledge) is selected; card 1's mine
    // space does not count.
    to_reserve(&mut g, &[Tile::Mine, Tile::Knowledge(4)]);
    put_on_card(&mut g, 1, 0, BANK);
    put_on_card(&mut g, 1, 2, WATCHTOWER);
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&Event::AutoDukeFromReserve {
        action: AutoDukeAction::Turn,
        tile: Tile::Knowledge(4),
        card: 2
    }));
    assert_eq!(ad(&g).reserve, vec![Tile::Mine]);
    assert_eq!(g.depots[0], vec![CHURCH]);
}

/// Line 1126: a wildcard on the top-left free space, without its benefit; a sell
/// symbol it covers still sells.
#[test]
fn step1_places_a_wildcard_face_down() {
    let mut g = at_turn(&one(|_| {}), no_depots(), Vec::new(), 1);
    g.drawn_black.add(Tile::Ship);
    ad_mut(&mut g).wild.push(Tile::Ship);
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&Event::AutoDukeWildcard { card: 1 }));
    let held = ad(&g).cards[0].spaces[1].unwrap();
    assert_eq!((held.tile, held.face_down), (Tile::Ship, true));
    // No ship benefit: the marker stays; the sell symbol of space 1 sells.
    assert_eq!(ad(&g).marker, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::AutoDukeSold { .. })));
}

/// Line 1128: no wildcard: the black depot's first tile face down into the reserve;
/// line 1129: nothing there either: 2 silver.
#[test]
fn step1_takes_from_the_black_depot_else_gains_2_silver() {
    let mut g = at_turn(&one(|_| {}), no_depots(), vec![Tile::Mine, Tile::Ship], 1);
    let ev = roll(&mut g, 3);
    assert!(ev.contains(&Event::AutoDukeTookBlack { tile: Tile::Mine }));
    assert_eq!(
        (ad(&g).wild.clone(), g.black_depot.clone()),
        (vec![Tile::Mine], vec![Tile::Ship])
    );
    let mut g = at_turn(&one(|_| {}), no_depots(), Vec::new(), 1);
    let ev = roll(&mut g, 3);
    assert!(ev.contains(&Event::AutoDukeNoTile { silver: 2 }));
    assert_eq!(ad(&g).silver, 3);
}

// ---------- step 2: placement benefits ----------

/// Its turn on card 2 (white 5) with this building in depot 1 for its first space.
fn building_benefit(tile: Tile, more: &[(usize, Tile)]) -> (Burgundy, Vec<Event>) {
    let mut depots = depot(1, &[tile]);
    for &(d, t) in more {
        depots[d - 1].push(t);
    }
    let mut g = at_turn(&one(|_| {}), depots, Vec::new(), 5);
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&took(1, tile, 2)), "{ev:?}");
    (g, ev)
}

/// Lines 1139-1140, 1146: bank 2 silver, boarding house 2 VP, watchtower 4 VP.
#[test]
fn bank_boarding_house_and_watchtower() {
    let (g, _) = building_benefit(BANK, &[]);
    assert_eq!((ad(&g).silver, ad(&g).vp), (3, 0));
    let (g, _) = building_benefit(BOARDING, &[]);
    assert_eq!((ad(&g).silver, ad(&g).vp), (1, 2));
    let (g, _) = building_benefit(WATCHTOWER, &[]);
    assert_eq!((ad(&g).silver, ad(&g).vp), (1, 4));
}

/// Line 1141: the carpenter's workshop takes a building from the white die's depot
/// clockwise (white 5: depot 5, 6, 1, ...) into the reserve; none: lost.
#[test]
fn carpenters_workshop_takes_a_building_into_the_reserve() {
    let (g, ev) = building_benefit(CARPENTER, &[(4, BANK), (6, CHURCH)]);
    assert!(ev.contains(&Event::AutoDukeToReserve {
        via: CARPENTER,
        depot: 6,
        tile: CHURCH
    }));
    assert_eq!(ad(&g).reserve, vec![CHURCH]);
    let (_, ev) = building_benefit(CARPENTER, &[]);
    assert!(ev.contains(&Event::AutoDukeBenefitLost { tile: CARPENTER }));
}

/// Line 1142: the church takes a castle anywhere before a mine, a mine before a
/// monastery.
#[test]
fn church_takes_a_castle_else_a_mine_else_a_monastery() {
    let (g, _) = building_benefit(CHURCH, &[(5, Tile::Mine), (3, Tile::Castle)]);
    assert_eq!(ad(&g).reserve, vec![Tile::Castle]);
    let (g, _) = building_benefit(CHURCH, &[(5, Tile::Knowledge(2)), (3, Tile::Mine)]);
    assert_eq!(ad(&g).reserve, vec![Tile::Mine]);
    let (g, _) = building_benefit(CHURCH, &[(5, Tile::Knowledge(2)), (3, Tile::Ship)]);
    assert_eq!(ad(&g).reserve, vec![Tile::Knowledge(2)]);
}

/// Line 1143: the market takes a ship, else a farm.
#[test]
fn market_takes_a_ship_else_a_farm() {
    let cow = Tile::Livestock {
        animal: Animal::Cow,
        count: 2,
    };
    let (g, _) = building_benefit(MARKET, &[(6, cow), (2, Tile::Ship)]);
    assert_eq!(ad(&g).reserve, vec![Tile::Ship]);
    let (g, _) = building_benefit(MARKET, &[(6, cow)]);
    assert_eq!(ad(&g).reserve, vec![cow]);
}

/// Line 1145: the warehouse sells goods.
#[test]
fn warehouse_sells() {
    let (g, ev) = building_benefit(WAREHOUSE, &[]);
    assert!(ev.contains(&Event::AutoDukeSold {
        cause: SaleCause::Warehouse,
        goods: 1,
        count: 1,
        vp: 2
    }));
    assert_eq!(ad(&g).silver, 2);
}

/// Line 1144: the city hall moves the reserve type it holds most of onto an empty
/// space of a card, the selected card first, with that tile's benefit.
#[test]
fn city_hall_moves_the_most_held_reserve_type_with_its_benefit() {
    let mut g = at_turn(&one(|_| {}), depot(1, &[CITY_HALL]), Vec::new(), 1);
    // Card 1: building (city hall), water, mine empty. Reserve: 1 mine, 2 ships,
    // 3 knowledge tiles (no knowledge space on card 1, one on card 2).
    to_reserve(
        &mut g,
        &[
            Tile::Mine,
            Tile::Ship,
            Tile::Ship,
            Tile::Knowledge(1),
            Tile::Knowledge(2),
            Tile::Knowledge(4),
        ],
    );
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&took(1, CITY_HALL, 1)));
    // The knowledge tiles are the most held and fit card 2 (the other card).
    assert!(
        ev.contains(&Event::AutoDukeFromReserve {
            action: AutoDukeAction::CityHall,
            tile: Tile::Knowledge(4),
            card: 2
        }),
        "{ev:?}"
    );
    assert_eq!(card(&g, 1)[3], Some(Tile::Knowledge(4)));
}

/// A tie of the most held types: the reserve's top-left (castle, building,
/// pasture, water, knowledge, mine): the ship before the mine; a ship's benefit.
#[test]
fn city_hall_breaks_a_tie_by_the_reserve_layout() {
    let mut g = at_turn(&one(|_| {}), depot(1, &[CITY_HALL]), Vec::new(), 1);
    to_reserve(&mut g, &[Tile::Mine, Tile::Ship]);
    let ev = roll(&mut g, 1);
    assert_eq!(card(&g, 0)[2], Some(Tile::Ship), "{ev:?}");
    assert_eq!(ad(&g).marker, 1);
}

/// Line 1148: a farm scores the animals of its kind on its cards and duchy, itself
/// included (the example's three sheep tiles), not the reserve's.
#[test]
fn farm_scores_its_animals_on_cards_and_duchy() {
    let sheep = |count| Tile::Livestock {
        animal: Animal::Sheep,
        count,
    };
    let mut g = at_turn(&one(|_| {}), depot(1, &[sheep(3)]), Vec::new(), 5);
    g.drawn.add(sheep(2));
    ad_mut(&mut g).duchy[8] = Some(Held::up(sheep(2)));
    to_reserve(&mut g, &[sheep(2)]);
    let pig = Tile::Livestock {
        animal: Animal::Pig,
        count: 2,
    };
    put_on_card(&mut g, 1, 0, BANK);
    g.drawn.add(pig);
    ad_mut(&mut g).duchy[9] = Some(Held::up(pig));
    let ev = roll(&mut g, 1);
    assert!(
        ev.contains(&Event::AutoDukeBenefit {
            tile: sheep(3),
            silver: 0,
            vp: 5
        }),
        "{ev:?}"
    );
}

/// Line 1150: a ship takes the goods of the depot with most goods, a tie to the
/// first clockwise from the white die's depot; then the marker moves, on top of
/// the stack it reaches.
#[test]
fn ship_takes_the_most_goods_and_moves_the_marker() {
    let mut g = at_turn(&config(2, |_| {}), depot(3, &[Tile::Ship]), Vec::new(), 4);
    g.depot_goods[1] = [1, 1, 0, 0, 0, 0];
    g.depot_goods[4] = [0, 0, 0, 2, 0, 0];
    // Seat 1 already on space 1.
    g.track[0].retain(|&s| s != 1);
    g.track[1].push(1);
    g.round_order = vec![1, 0];
    let ev = roll(&mut g, 3);
    assert!(
        ev.contains(&Event::AutoDukeShip {
            depot: 5,
            goods: [0, 0, 0, 2, 0, 0]
        }),
        "{ev:?}"
    );
    assert_eq!(ad(&g).goods, [1, 1, 1, 3, 1, 1]);
    assert_eq!((ad(&g).marker, ad(&g).under), (1, 1));
    // On top of seat 1 at space 1: it plays before seat 1 next round.
    let mut g2 = g.clone();
    g2.played = vec![true, true];
    ad_mut(&mut g2).played = true;
    g2.stage = Stage::RoundStart;
    let mut ev = Vec::new();
    g2.apply_chance(
        &Outcome::Roll {
            dice: tabuleiro_burgundy::action::RolledDice::of(&[[1, 2], [3, 4]]).unwrap(),
            white: 2,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(g2.stage, Stage::AutoDuke);
    assert_eq!(ad(&g2).slot, 0);
}

/// Its marker between two seats' on the first space: the seat above plays first,
/// then the AutoDuke, then the seat below (seed 000 line 1101, the track read as
/// ever: the top of a stack first).
#[test]
fn its_marker_in_a_stack_gives_its_place_in_the_round() {
    let mut g = at_turn(&config(2, |_| {}), no_depots(), Vec::new(), 1);
    assert_eq!(g.track[0], vec![1, 0]);
    ad_mut(&mut g).under = 1;
    g.stage = Stage::RoundStart;
    let mut ev = Vec::new();
    g.apply_chance(
        &Outcome::Roll {
            dice: tabuleiro_burgundy::action::RolledDice::of(&[[3, 3], [5, 5]]).unwrap(),
            white: 1,
        },
        &mut ev,
    )
    .unwrap();
    assert_eq!(ad(&g).slot, 1);
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
}
