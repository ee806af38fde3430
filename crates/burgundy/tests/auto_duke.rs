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
use tabuleiro_burgundy::config::VineyardColours;
use tabuleiro_burgundy::config::{
    AutoDukeCastleBonus, AutoDukeLevel, AutoDukeModifierB, AutoDukeOrder, AutoDukePurchase,
    SoloClockwise,
};
use tabuleiro_burgundy::modules::{
    AutoDuke, AutoDukeAction, AutoDukeData, Held, Hexamino, Module, ModuleRefusal, ModuleSet,
    SaleCause, TradeRoute, Vine, VineSeat, Vineyards, AUTO_DUKE,
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
/// A game for `config` past its setup: seat 0 starts with goods 1, 2, 3, each
/// seat's castle on space 18.
fn set_up(config: &Config) -> Burgundy {
    let n = config.players as usize;
    let mut g = Burgundy::new(config).unwrap();
    g.apply_chance(
        &Outcome::Setup {
            provisional: Vec::new(),
            duchies: config.duchies.clone(),
            boards: Vec::new(),
            start_player: 0,
            goods: vec![vec![1, 2, 3]; n],
        },
        &mut Vec::new(),
    )
    .unwrap();
    g
}

/// A round's roll: the seats' dice and the white die.
fn round(g: &mut Burgundy, dice: &[[u8; 2]], white: u8) {
    let dice = tabuleiro_burgundy::action::RolledDice::of(dice).unwrap();
    g.apply_chance(&Outcome::Roll { dice, white }, &mut Vec::new())
        .unwrap();
}

fn dealt(
    config: &Config,
    left: u8,
    right: u8,
    face_down: Vec<Tile>,
    face_up: Vec<Tile>,
) -> Burgundy {
    let mut g = set_up(config);
    let mut ev = Vec::new();
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
    let g = dealt(config, left, right, Vec::new(), Vec::new());
    to_turn(g, depots, black, white)
}

/// Its turn about to start in a dealt game.
fn to_turn(mut g: Burgundy, depots: [Vec<Tile>; 6], black: Vec<Tile>, white: u8) -> Burgundy {
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
    round(&mut g, &[[1, 2], [3, 4]], 2);
    assert_eq!(ad(&g).slot, 2);
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
    assert_eq!(g.participants().automata, vec![AUTO_DUKE.to_string()]);
}

/// Setup step C: the left card must show a castle (card 2 shows none).
#[test]
fn the_left_card_shows_a_castle() {
    let c = one(|_| {});
    let mut g = set_up(&c);
    let mut ev = Vec::new();
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

/// 1-3 people, Special Edition only; inns, team and solo never go with it. The
/// extra hexes, white castles, trade routes and vineyards are played with it (seed
/// 000 lines 1220-1229, 1246-1281).
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
        Module::TradeRoutes,
    ] {
        let c = config(2, |c| c.modules = ModuleSet::of(&[Module::AutoDuke, other]));
        assert!(Burgundy::new(&c).is_ok(), "{other:?}");
    }
    // The vineyards too, with its cards 1 and 10-17 (seed 000 lines 1246-1281).
    let vineyards = config(2, |c| {
        c.modules = ModuleSet::of(&[Module::AutoDuke, Module::Vineyards])
    });
    assert!(Burgundy::new(&vineyards).is_ok());
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
    /// Hexaminoes it took for a symbol and bought (module `vineyards`).
    hexaminoes: u32,
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
        | Event::AutoDukeFinal { vp, .. }
        | Event::AutoDukeSaleBonus { vp }
        | Event::AutoDukeTradingPostBonus { vp }
        | Event::AutoDukeTradingPostTile { vp }
        | Event::AutoDukeShieldsFinal { vp, .. }
        | Event::AutoDukeHexaminoesFinal { vp, .. } => vp,
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
        self.hexaminoes += events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::AutoDukeHexamino { .. } | Event::AutoDukeBoughtHexamino { .. }
                )
            })
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
/// and with the vineyards, with the conformance checks after every decision and chance step.
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
        vine_config(1),
        vine_config(2),
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
    // With the vineyards it takes and buys hexaminoes.
    assert!(checks.hexaminoes > 0, "{} hexaminoes", checks.hexaminoes);
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

/// Digest A7, `rules.auto_duke_clockwise`: the board's picture, which shows which way
/// "sentido horário" goes, is lost. The same depots as above with the search going
/// down the ring: from depot 4 to 3, whose mine is taken, before 5's ship.
#[test]
fn step1_searches_the_other_way_in_the_descending_reading() {
    let mut depots = depot(3, &[Tile::Mine]);
    depots[4] = vec![Tile::Ship];
    let c = one(|c| c.rules.auto_duke_clockwise = SoloClockwise::Descending);
    let mut g = at_turn(&c, depots, Vec::new(), 1);
    let ev = roll(&mut g, 4);
    assert!(ev.contains(&took(3, Tile::Mine, 1)), "{ev:?}");
    assert_eq!(g.depots[4], vec![Tile::Ship]);
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
    assert!(ev.contains(&scored(sheep(3), 5)), "{ev:?}");
}

/// A placement benefit of VP only.
fn scored(tile: Tile, vp: i32) -> Event {
    Event::AutoDukeBenefit {
        tile,
        silver: 0,
        vp,
    }
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
    round(&mut g2, &[[1, 2], [3, 4]], 2);
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
    round(&mut g, &[[3, 3], [5, 5]], 1);
    assert_eq!(ad(&g).slot, 1);
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
}

// ---------- step 3: selling ----------

/// Seed 000 lines 1180-1182: the type it has most of (a tie: the lowest number),
/// 1 silver in all and the multi-player VP a good (3 players: 3); no goods: lost.
#[test]
fn selling_takes_the_most_held_type_the_lowest_on_a_tie() {
    let mut g = at_turn(&config(2, |_| {}), depot(1, &[WAREHOUSE]), Vec::new(), 1);
    ad_mut(&mut g).goods = [0, 1, 1, 0, 0, 0];
    g.depot_goods[5] = [0, 0, 2, 2, 0, 0];
    ad_mut(&mut g).goods = [0, 1, 1, 0, 0, 0];
    let ev = roll(&mut g, 1);
    assert!(
        ev.contains(&Event::AutoDukeSold {
            cause: SaleCause::Warehouse,
            goods: 2,
            count: 1,
            vp: 3
        }),
        "{ev:?}"
    );
    // The sell symbol under the warehouse sells again: type 3.
    assert!(ev.contains(&Event::AutoDukeSold {
        cause: SaleCause::Symbol,
        goods: 3,
        count: 1,
        vp: 3
    }));
    let mut g = at_turn(&one(|_| {}), depot(1, &[WAREHOUSE]), Vec::new(), 1);
    ad_mut(&mut g).goods = [0; 6];
    g.depot_goods[0] = [1; 6];
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&Event::AutoDukeNothingToSell {
        cause: SaleCause::Warehouse
    }));
    assert_eq!(ad(&g).silver, 1);
}

// ---------- step 4: completing cards ----------

/// Card 1 with its castle, a bank and a ship; a mine from depot 1 completes it.
fn completing(
    set: impl FnOnce(&mut Config),
    prepare: impl FnOnce(&mut Burgundy),
) -> (Burgundy, Vec<Event>) {
    let mut g = at_turn(&one(set), depot(1, &[Tile::Mine]), Vec::new(), 1);
    put_on_card(&mut g, 0, 1, BANK);
    put_on_card(&mut g, 0, 2, Tile::Ship);
    prepare(&mut g);
    let ev = roll(&mut g, 1);
    (g, ev)
}

/// Lines 1160-1164: the card's VP at the scoring level, its tiles to the top-left
/// empty space of their colour, the card discarded, the other card moves left and
/// the deck fills the empty slot (a chance step).
#[test]
fn a_completed_card_scores_moves_its_tiles_and_is_replaced() {
    let (mut g, ev) = completing(|_| {}, |_| {});
    assert!(ev.contains(&Event::AutoDukeCompleted {
        card: 1,
        vp: 14,
        tiles: vec![Tile::Castle, BANK, Tile::Ship, Tile::Mine]
    }));
    let a = ad(&g);
    assert_eq!(a.vp, 14);
    let on = |s: usize| a.duchy[s].map(|h| h.tile);
    assert_eq!(
        (on(0), on(2), on(12), on(20)),
        (
            Some(Tile::Castle),
            Some(BANK),
            Some(Tile::Ship),
            Some(Tile::Mine)
        )
    );
    assert_eq!(a.cards.len(), 1);
    assert_eq!(a.cards[0].number, 2);
    assert_eq!(a.completed, vec![1]);
    assert_eq!(g.stage, Stage::AutoDuke);
    assert!(a.needs_card());
    let sampled = g.sample_chance(&mut tabuleiro_core::Rng::seed(5));
    assert!(matches!(sampled, Outcome::AutoDukeCard { card } if ad(&g).deck.contains(&card)));
    let mut ev = Vec::new();
    assert!(g
        .apply_chance(&Outcome::AutoDukeCard { card: 1 }, &mut ev)
        .is_err());
    assert!(g
        .apply_chance(&Outcome::AutoDukeDie { die: 3 }, &mut ev)
        .is_err());
    g.apply_chance(&Outcome::AutoDukeCard { card: 5 }, &mut ev)
        .unwrap();
    assert!(ev.contains(&Event::AutoDukeDrew {
        card: 5,
        provisional: true
    }));
    let numbers: Vec<u8> = ad(&g).cards.iter().map(|c| c.number).collect();
    assert_eq!(numbers, vec![2, 5]);
    assert!(matches!(g.stage, Stage::Turn(ref t) if t.seat == 0));
    g.validate().unwrap();
}

/// Easy scores the card's left value, hard its right (line 1160).
#[test]
fn the_scoring_level_picks_the_cards_value() {
    let (g, _) = completing(|c| c.rules.auto_duke_level = AutoDukeLevel::Easy, |_| {});
    assert_eq!(ad(&g).vp, 10);
    let (g, _) = completing(|c| c.rules.auto_duke_level = AutoDukeLevel::Hard, |_| {});
    assert_eq!(ad(&g).vp, 18);
}

/// Line 1162: a full colour takes the tile on a stack; a wildcard turns face up and
/// goes by its own colour (digest A41).
#[test]
fn a_full_colour_stacks_and_a_wildcard_goes_by_its_colour() {
    let (g, _) = completing(
        |_| {},
        |g| {
            for s in [0, 1] {
                g.drawn.add(Tile::Castle);
                ad_mut(g).duchy[s] = Some(Held::up(Tile::Castle));
            }
            // The water space holds a face-down knowledge tile.
            ad_mut(g).cards[0].spaces[2] = Some(Held {
                tile: Tile::Knowledge(5),
                face_down: true,
            });
            g.drawn.add(Tile::Knowledge(5));
            g.drawn.0[Tile::Ship.kind()] -= 1;
        },
    );
    let a = ad(&g);
    assert_eq!(a.stacked, vec![Tile::Castle]);
    assert_eq!(a.duchy[16], Some(Held::up(Tile::Knowledge(5))));
    assert_eq!(a.duchy[12], None);
}

// ---------- step 5: bonus tiles ----------

/// Line 1168: all its mine spaces covered: the mine bonus tile at the total player
/// count (1 person + the AutoDuke: 5 VP, the large one), not again.
#[test]
fn covering_a_colour_takes_its_bonus_tile() {
    let (g, ev) = completing(
        |_| {},
        |g| {
            for s in [21, 22] {
                g.drawn.add(Tile::Mine);
                ad_mut(g).duchy[s] = Some(Held::up(Tile::Mine));
            }
        },
    );
    assert!(
        ev.contains(&Event::AutoDukeBonusTile {
            colour: Colour::Mine,
            vp: 5
        }),
        "{ev:?}"
    );
    assert_eq!(g.bonus_taken[Colour::Mine.index()], 1);
    assert_eq!(ad(&g).vp, 14 + 5);
    // The large tile gone, the next covering takes the small one (digest A42).
    let (g, ev) = completing(
        |_| {},
        |g| {
            g.bonus_taken[Colour::Mine.index()] = 1;
            for s in [21, 22] {
                g.drawn.add(Tile::Mine);
                ad_mut(g).duchy[s] = Some(Held::up(Tile::Mine));
            }
        },
    );
    assert!(ev.contains(&Event::AutoDukeBonusTile {
        colour: Colour::Mine,
        vp: 2
    }));
    assert_eq!(g.bonus_taken[Colour::Mine.index()], 2);
}

// ---------- step 6: the purchase ----------

fn purchase(
    reading: AutoDukePurchase,
    reserve: &[Tile],
    black: Vec<Tile>,
) -> (Burgundy, Vec<Event>) {
    let c = one(|c| c.rules.auto_duke_purchase = reading);
    // A knowledge tile for card 1? None: the black depot's first tile goes to the
    // reserve in step 1 unless a depot matches; a mine in depot 1 matches.
    let mut g = at_turn(&c, depot(1, &[Tile::Mine]), black, 1);
    to_reserve(&mut g, reserve);
    ad_mut(&mut g).silver = 3;
    let ev = roll(&mut g, 1);
    (g, ev)
}

/// Seed 000 line 1172: the type it has fewest of in its reserve (a tie: the top-left
/// of the reserve); seed 002 line 1223: a type it does not have, else nothing.
#[test]
fn the_purchase_in_each_reading() {
    let black = vec![Tile::Mine, Tile::Ship, Tile::Mine];
    let reserve = [Tile::Castle, Tile::Mine, Tile::Mine, Tile::Ship];
    let (g, ev) = purchase(AutoDukePurchase::Fewest, &reserve, black.clone());
    assert!(ev.contains(&Event::AutoDukeBought { tile: Tile::Ship }));
    assert_eq!(
        (ad(&g).silver, g.black_depot.clone()),
        (1, vec![Tile::Mine, Tile::Mine])
    );
    let (g, ev) = purchase(AutoDukePurchase::NotHeld, &reserve, black.clone());
    assert!(!ev.iter().any(|e| matches!(e, Event::AutoDukeBought { .. })));
    assert_eq!(ad(&g).silver, 3);
    // Neither held: the reserve's top-left first (water before mine); the first
    // such tile of the black depot.
    let (_, ev) = purchase(AutoDukePurchase::NotHeld, &[], black.clone());
    assert!(ev.contains(&Event::AutoDukeBought { tile: Tile::Ship }));
    let (g, ev) = purchase(AutoDukePurchase::Fewest, &[Tile::Ship], black);
    assert!(ev.contains(&Event::AutoDukeBought { tile: Tile::Mine }));
    assert_eq!(g.black_depot, vec![Tile::Ship, Tile::Mine]);
    // Fewer than 2 silver: no purchase.
    let mut g = at_turn(&one(|_| {}), depot(1, &[Tile::Mine]), vec![Tile::Ship], 1);
    let ev = roll(&mut g, 1);
    assert!(!ev.iter().any(|e| matches!(e, Event::AutoDukeBought { .. })));
}

// ---------- the castle's bonus action ----------

/// Cards 1 (left) and 6 (right: castle, pasture with the sell symbol, building,
/// mine), white 5 selecting card 6, a castle in depot 2 for its castle space.
fn castle_bonus(reading: AutoDukeCastleBonus, depots: [Vec<Tile>; 6]) -> (Burgundy, Vec<Event>) {
    let c = one(|c| c.rules.auto_duke_castle_bonus = reading);
    let mut all = depots;
    all[1].insert(0, Tile::Castle);
    let mut g = at_turn_with(&c, [1, 6], all, Vec::new(), 5);
    let ev = roll(&mut g, 2);
    assert!(ev.contains(&took(2, Tile::Castle, 6)), "{ev:?}");
    (g, ev)
}

/// A castle's bonus action without a tile sells its one good of type 1 (2 VP).
const CASTLE_SALE: Event = Event::AutoDukeSold {
    cause: SaleCause::Castle,
    goods: 1,
    count: 1,
    vp: 2,
};

fn bonus_took(depot: u8, tile: Tile, card: u8) -> Event {
    Event::AutoDukeTook {
        action: AutoDukeAction::Castle,
        depot,
        tile,
        card,
    }
}

/// Line 1137: a castle gives a bonus action from the white die's depot (5, then 6,
/// 1, ...) for the castle's card.
#[test]
fn a_castle_gives_a_bonus_action_from_the_white_die() {
    let (g, ev) = castle_bonus(AutoDukeCastleBonus::Anywhere, depot(6, &[BANK]));
    assert!(ev.contains(&bonus_took(6, BANK, 6)), "{ev:?}");
    assert_eq!(ad(&g).silver, 3);
}

/// Digest A36: no tile for the castle's card but one for the other: 000 "em nenhum
/// local" takes it there; 002 "allí" sells instead.
#[test]
fn the_castle_bonus_in_each_reading() {
    let (g, ev) = castle_bonus(AutoDukeCastleBonus::Anywhere, depot(3, &[Tile::Ship]));
    assert!(ev.contains(&bonus_took(3, Tile::Ship, 1)), "{ev:?}");
    assert_eq!(card(&g, 0)[2], Some(Tile::Ship));
    let (g, ev) = castle_bonus(AutoDukeCastleBonus::There, depot(3, &[Tile::Ship]));
    assert!(ev.contains(&CASTLE_SALE), "{ev:?}");
    assert_eq!(g.depots[2], vec![Tile::Ship]);
}

/// The castle completing its card: the bonus action is for the other card (both
/// readings).
#[test]
fn a_castle_completing_its_card_tries_the_other() {
    for reading in [AutoDukeCastleBonus::Anywhere, AutoDukeCastleBonus::There] {
        let c = one(|c| c.rules.auto_duke_castle_bonus = reading);
        let mut g = at_turn_with(
            &c,
            [1, 6],
            depot(2, &[Tile::Castle, Tile::Ship]),
            Vec::new(),
            5,
        );
        let cow = Tile::Livestock {
            animal: Animal::Cow,
            count: 2,
        };
        put_on_card(&mut g, 1, 1, cow);
        put_on_card(&mut g, 1, 2, BANK);
        put_on_card(&mut g, 1, 3, Tile::Mine);
        let ev = roll(&mut g, 2);
        assert!(ev.contains(&bonus_took(2, Tile::Ship, 1)), "{ev:?}");
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::AutoDukeCompleted { card: 6, .. })));
    }
}

// ---------- end of phase, final scoring, standings ----------

/// The last turn of the game is its own: one person who has played, its turn with
/// nothing to take (2 silver).
fn last_turn(
    set: impl FnOnce(&mut Config),
    prepare: impl FnOnce(&mut Burgundy),
) -> (Burgundy, Vec<Event>) {
    let g = at_turn(&one(set), no_depots(), Vec::new(), 1);
    last_turn_of(g, prepare)
}

fn last_turn_of(mut g: Burgundy, prepare: impl FnOnce(&mut Burgundy)) -> (Burgundy, Vec<Event>) {
    g = to_turn(g, no_depots(), Vec::new(), 1);
    g.phase = 4;
    g.round = 4;
    g.played = vec![true];
    ad_mut(&mut g).slot = 1;
    prepare(&mut g);
    g.validate().unwrap();
    let ev = roll(&mut g, 1);
    (g, ev)
}

/// Line 1112: 1 silver a face-up mine on its duchy and cards, not in the reserve;
/// lines 1186-1194: 4 VP a face-up monastery on its duchy and incomplete cards, 1 a
/// good, 1 a silver, 1 a reserve tile, 2 a tile on an incomplete card; line 1196:
/// on a tie the AutoDuke wins.
#[test]
fn phase_end_mines_final_scoring_and_the_tie() {
    let (g, ev) = last_turn(
        |_| {},
        |g| {
            g.drawn.add(Tile::Mine);
            ad_mut(g).duchy[20] = Some(Held::up(Tile::Mine));
            g.drawn.add(Tile::Knowledge(8));
            ad_mut(g).duchy[16] = Some(Held::up(Tile::Knowledge(8)));
            put_on_card(g, 1, 3, Tile::Knowledge(9));
            put_on_card(g, 0, 3, Tile::Mine);
            to_reserve(g, &[Tile::Mine]);
            // The seat ends on 4 + 3 goods + 1 silver = 28 - ... set to tie.
            g.players[0].vp = 0;
        },
    );
    assert!(ev.contains(&Event::AutoDukeNoTile { silver: 2 }));
    assert!(ev.contains(&Event::AutoDukeMines { silver: 2 }), "{ev:?}");
    // Silver 1 + 2 + 2 = 5; monasteries 8; goods 6; reserve 1; card tiles 2 + 2
    // (castle and mine on card 1, the knowledge tile on card 2: 3 tiles) = 6.
    assert!(
        ev.contains(&Event::AutoDukeFinal {
            monasteries: 8,
            goods: 6,
            silver: 5,
            reserve: 1,
            cards: 6,
            vp: 26
        }),
        "{ev:?}"
    );
    assert_eq!(g.stage, Stage::Over);
    assert_eq!(ad(&g).vp, 26);
    let s = g.standings();
    assert_eq!(s[0].members, vec![Participant::Automaton(AUTO_DUKE.into())]);
    // A tie: the AutoDuke first.
    let mut tied = g.clone();
    tied.players[0].vp = 26;
    let s = tied.standings();
    assert_eq!((s[0].score, s[1].score), (26, 26));
    assert_eq!(s[0].members, vec![Participant::Automaton(AUTO_DUKE.into())]);
    assert_eq!((s[0].place, s[1].place), (1, 2));
    // One more VP wins.
    tied.players[0].vp = 27;
    let s = tied.standings();
    assert_eq!(s[0].members, vec![Participant::Seat(0 as Seat)]);
}

// ---------- modifiers ----------

/// Modifier A (seed 000 line 1208): board 36, five black-depot tiles face down on
/// its A spaces; B (line 1209): a building, a mine and a castle face up on its B
/// spaces, from the black depot (000) or the coloured bags matching (002); the B
/// mine yields silver at a phase's end.
#[test]
fn modifiers_a_and_b_lay_tiles_on_board_36() {
    let c = one(|c| c.rules.auto_duke_modifiers = "ab".parse().unwrap());
    let down = vec![Tile::Ship, Tile::Ship, BANK, WATCHTOWER, MARKET];
    let up = vec![CHURCH, Tile::Mine, Tile::Castle];
    let g = dealt(&c, 1, 2, down.clone(), up.clone());
    let a = ad(&g);
    assert_eq!(a.board, 36);
    let data = AutoDukeData::embedded().board(36).unwrap();
    for (&space, &tile) in data.a.iter().zip(&down) {
        assert_eq!(
            a.duchy[space],
            Some(Held {
                tile,
                face_down: true
            })
        );
    }
    for (&space, &tile) in data.b.iter().zip(&up) {
        assert_eq!(a.duchy[space], Some(Held::up(tile)));
    }
    g.validate().unwrap();
    // The wrong colour for a B space is refused.
    let mut g = set_up(&c);
    let mut ev = Vec::new();
    let wrong = Outcome::AutoDukeCards {
        left: 1,
        right: 2,
        face_down: down.clone(),
        face_up: vec![Tile::Mine, Tile::Mine, Tile::Castle],
        provisional: true,
    };
    assert!(g.apply_chance(&wrong, &mut ev).is_err());
    // Sampled: each reading's bag.
    for reading in [AutoDukeModifierB::BlackDepot, AutoDukeModifierB::AreaColour] {
        let c = one(|c| {
            c.rules.auto_duke_modifiers = "b".parse().unwrap();
            c.rules.auto_duke_modifier_b = reading;
        });
        let mut g = set_up(&c);
        let o = g.sample_chance(&mut tabuleiro_core::Rng::seed(9));
        g.apply_chance(&o, &mut ev).unwrap();
        let black: u32 = g.drawn_black.total();
        assert_eq!(black, (reading == AutoDukeModifierB::BlackDepot) as u32 * 3);
        g.validate().unwrap();
    }
    // The B mine's silver at the phase's end.
    let g = dealt(&c, 1, 2, down, up);
    let (_, ev) = last_turn_of(g, |_| {});
    assert!(ev.contains(&Event::AutoDukeMines { silver: 1 }), "{ev:?}");
}

/// Modifier C (line 1210): it is the start player.
#[test]
fn modifier_c_makes_it_start() {
    let c = config(2, |c| c.rules.auto_duke_modifiers = "c".parse().unwrap());
    let mut g = dealt(&c, 1, 2, Vec::new(), Vec::new());
    assert_eq!(ad(&g).under, 2);
    let mut ev = Vec::new();
    let o = g.sample_chance(&mut tabuleiro_core::Rng::seed(2));
    g.apply_chance(&o, &mut ev).unwrap();
    let o = g.sample_chance(&mut tabuleiro_core::Rng::seed(2));
    g.apply_chance(&o, &mut ev).unwrap();
    assert_eq!(g.stage, Stage::AutoDuke);
    assert_eq!(ad(&g).slot, 0);
}

/// Who holds the white die is read off the track, not stored (issue 45,
/// docs/burgundy/position.md): the start player, here the AutoDuke when modifier C
/// puts its marker on top of the first space, else the seat on top; `position show`
/// says so.
#[test]
fn position_show_names_the_white_dies_holder() {
    let starts = config(2, |c| c.rules.auto_duke_modifiers = "c".parse().unwrap());
    let g = dealt(&starts, 1, 2, Vec::new(), Vec::new());
    assert!(
        g.describe()
            .contains("held by the start player (the AutoDuke)"),
        "{}",
        g.describe()
    );
    let g = dealt(&config(2, |_| {}), 1, 2, Vec::new(), Vec::new());
    let top = *g.track.iter().rev().flatten().last().unwrap();
    let first = g.track_order()[0];
    assert_eq!(top, first);
    let want = format!("held by the start player (seat {first})");
    assert!(g.describe().contains(&want), "{}", g.describe());
}

/// Digest A37, `rules.auto_duke_order`: seed 002 line 1113 "siempre el último
/// jugador al comenzar la partida", then the track (000 line 1099), so a marker moved
/// ahead plays ahead (`track`); seed 000 line 1064 "sempre o último jogador" read
/// literally (`last`): after both seats whatever its marker. Modifier C still starts
/// it in the first round.
#[test]
fn its_place_in_the_turn_order_in_each_reading() {
    let slot_at_start = |order: AutoDukeOrder, modifiers: &str, ahead: bool| {
        let c = config(2, |c| {
            c.rules.auto_duke_order = order;
            c.rules.auto_duke_modifiers = modifiers.parse().unwrap();
        });
        let mut g = dealt(&c, 1, 2, Vec::new(), Vec::new());
        if ahead {
            ad_mut(&mut g).marker = 3;
            ad_mut(&mut g).under = 0;
        }
        let mut ev = Vec::new();
        for _ in 0..2 {
            let o = g.sample_chance(&mut tabuleiro_core::Rng::seed(2));
            g.apply_chance(&o, &mut ev).unwrap();
        }
        ad(&g).slot
    };
    assert_eq!(slot_at_start(AutoDukeOrder::Track, "none", false), 2);
    assert_eq!(slot_at_start(AutoDukeOrder::Last, "none", false), 2);
    assert_eq!(slot_at_start(AutoDukeOrder::Track, "none", true), 0);
    assert_eq!(slot_at_start(AutoDukeOrder::Last, "none", true), 2);
    assert_eq!(slot_at_start(AutoDukeOrder::Last, "c", false), 0);
}

/// Modifier D (line 1211): a completed card's tile covering an extra-turn space
/// gives a bonus action from the white die's depot for the remaining card; both
/// cards complete: sell goods instead.
#[test]
fn modifier_d_gives_extra_turns() {
    let d = |g: &mut Burgundy| {
        // Buildings on 2-6: the bank goes to space 7, an extra-turn space.
        for s in 2..=6 {
            let t = Tile::Building(Building::ALL[s - 2]);
            g.drawn.add(t);
            ad_mut(g).duchy[s] = Some(Held::up(t));
        }
    };
    let mut g = at_turn(
        &one(|c| c.rules.auto_duke_modifiers = "d".parse().unwrap()),
        depot(1, &[Tile::Mine, WATCHTOWER]),
        Vec::new(),
        1,
    );
    put_on_card(&mut g, 0, 1, BANK);
    put_on_card(&mut g, 0, 2, Tile::Ship);
    d(&mut g);
    let ev = roll(&mut g, 1);
    assert!(
        ev.contains(&Event::AutoDukeExtraTurn { space: 7 }),
        "{ev:?}"
    );
    assert!(ev.contains(&Event::AutoDukeTook {
        action: AutoDukeAction::ExtraTurn,
        depot: 1,
        tile: WATCHTOWER,
        card: 2
    }));
    // Its buildings now cover all six building spaces: the bonus tile too.
    assert!(ev.contains(&Event::AutoDukeBonusTile {
        colour: Colour::Building,
        vp: 5
    }));
    assert_eq!(ad(&g).vp, 14 + 4 + 5);
    // Without modifier D, no extra turn.
    let (_, ev) = completing(|_| {}, d);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::AutoDukeExtraTurn { .. })));
}

/// Modifier B from the black depot when no black mine is left (modifier A may take
/// them): its mine space stays empty, the other two are laid.
#[test]
fn modifier_b_skips_a_colour_gone_from_its_bag() {
    let c = one(|c| c.rules.auto_duke_modifiers = "b".parse().unwrap());
    let mut g = set_up(&c);
    let mines = g.inventory(true)[Tile::Mine.kind()];
    g.drawn_black.0[Tile::Mine.kind()] = mines;
    g.boxed.0[Tile::Mine.kind()] += mines;
    let deal = |up: Vec<Tile>| Outcome::AutoDukeCards {
        left: 1,
        right: 2,
        face_down: Vec::new(),
        face_up: up,
        provisional: true,
    };
    let mut ev = Vec::new();
    assert!(g
        .clone()
        .apply_chance(&deal(vec![CHURCH, Tile::Mine, Tile::Castle]), &mut ev)
        .is_err());
    let sampled = g.sample_chance(&mut tabuleiro_core::Rng::seed(4));
    assert!(matches!(sampled, Outcome::AutoDukeCards { ref face_up, .. } if face_up.len() == 2));
    g.apply_chance(&deal(vec![CHURCH, Tile::Castle]), &mut ev)
        .unwrap();
    let b = &AutoDukeData::embedded().board(36).unwrap().b;
    let a = ad(&g);
    assert_eq!(a.duchy[b[0]], Some(Held::up(CHURCH)));
    assert_eq!(a.duchy[b[1]], None);
    assert_eq!(a.duchy[b[2]], Some(Held::up(Tile::Castle)));
    g.validate().unwrap();
}

// ---------- with the other modules (seed 000 lines 1218-1229) ----------

const CRANE: Tile = Tile::Building(Building::Crane);
const WHITE_CASTLE: Tile = Tile::Building(Building::WhiteCastle);
const GEESE: Tile = Tile::Livestock {
    animal: Animal::Goose,
    count: 2,
};

fn with(modules: &[Module], set: impl FnOnce(&mut Config)) -> Config {
    one(|c| {
        c.modules = ModuleSet::of(&[&[Module::AutoDuke], modules].concat());
        set(c)
    })
}

/// Its turn on card 2 (white 5) with `tile` in depot 1 for the card's first space
/// of its colour, and these more depot tiles; the position made ready by `ready`.
fn benefit_with(
    c: &Config,
    tile: Tile,
    more: &[(usize, Tile)],
    ready: impl FnOnce(&mut Burgundy),
) -> (Burgundy, Vec<Event>) {
    let mut depots = no_depots();
    for &(d, t) in more {
        depots[d - 1].push(t);
    }
    let mut g = dealt(c, 1, 2, Vec::new(), Vec::new());
    ready(&mut g);
    let mut g = to_turn(g, depots, Vec::new(), 5);
    // A black-backed tile (crane, geese, monastery 29) is counted in the black bag.
    match g.inventory(false)[tile.kind()] > 0 {
        true => g.drawn.add(tile),
        false => g.drawn_black.add(tile),
    }
    g.depots[0].insert(0, tile);
    let ev = roll(&mut g, 1);
    assert!(ev.contains(&took(1, tile, 2)), "{ev:?}");
    (g, ev)
}

/// Line 1221 (002 line 1269): a crane on a card gives a castle's bonus action,
/// from the white die's depot (5, 6, ...) for its card.
#[test]
fn a_crane_gives_a_castle_bonus_action() {
    let c = with(&[Module::ExtraHexes], |_| {});
    let (g, ev) = benefit_with(&c, CRANE, &[(6, BANK)], |_| {});
    let crane = ev.iter().position(|e| *e == Event::AutoDukeCrane {});
    let bank = ev.iter().position(|e| *e == bonus_took(6, BANK, 2));
    assert!(crane.is_some() && crane < bank, "{ev:?}");
    assert_eq!(card(&g, 1)[..3], [Some(CRANE), None, Some(BANK)]);
    // 1 + the bank's 2 + 1 for the sale of the sell symbol the bank covers.
    assert_eq!(ad(&g).silver, 4);
    // No tile for the bonus action: it sells, as a castle's would.
    let (_, ev) = benefit_with(&c, CRANE, &[], |_| {});
    assert!(ev.contains(&CASTLE_SALE), "{ev:?}");
}

/// Line 1220: monasteries 27-29 (27-28 of the extra hexes, 29 of the white castles)
/// placed on a card give nothing (no benefit event).
#[test]
fn monasteries_27_to_29_are_ignored() {
    let c = with(&[Module::ExtraHexes, Module::WhiteCastles], |_| {});
    // Card 2's building spaces filled: the monastery goes on its knowledge space.
    let fill = |g: &mut Burgundy| {
        put_on_card(g, 1, 0, BANK);
        put_on_card(g, 1, 2, BANK);
    };
    for k in [27, 28, 29] {
        let (g, ev) = benefit_with(&c, Tile::Knowledge(k), &[], fill);
        assert_eq!(card(&g, 1)[3], Some(Tile::Knowledge(k)));
        let benefits = ev.iter().filter(|e| {
            matches!(
                e,
                Event::AutoDukeBenefit { .. }
                    | Event::AutoDukeToReserve { .. }
                    | Event::AutoDukeBenefitLost { .. }
            )
        });
        assert_eq!(benefits.count(), 0, "{ev:?}");
        assert_eq!((ad(&g).vp, ad(&g).silver), (0, 1));
    }
}

/// Line 1222 (002 line 1270): the geese placed score as the animal it has most of
/// on its duchy and cards (4 pigs over 3 sheep: 4 + their own 2); a farm placed
/// later counts the geese as its animal (3 + 2 sheep + 2 geese).
#[test]
fn the_geese_score_as_its_most_held_animal_then_as_the_animal_placed() {
    let c = with(&[Module::ExtraHexes], |_| {});
    let sheep = |count| Tile::Livestock {
        animal: Animal::Sheep,
        count,
    };
    let pig = Tile::Livestock {
        animal: Animal::Pig,
        count: 4,
    };
    // Card 2's first building space covered, these farms on its duchy's pasture
    // spaces 8 and 9.
    let farms = |farms: [Tile; 2]| {
        move |g: &mut Burgundy| {
            put_on_card(g, 1, 0, BANK);
            for (space, farm) in [8, 9].into_iter().zip(farms) {
                match farm == GEESE {
                    true => g.drawn_black.add(farm),
                    false => g.drawn.add(farm),
                }
                ad_mut(g).duchy[space] = Some(Held::up(farm));
            }
        }
    };
    let (_, ev) = benefit_with(&c, GEESE, &[], farms([sheep(3), pig]));
    assert!(ev.contains(&scored(GEESE, 6)), "{ev:?}");
    // Without another animal, the geese score their own 2.
    let (_, ev) = benefit_with(&c, GEESE, &[], |g| put_on_card(g, 1, 0, BANK));
    assert!(ev.contains(&scored(GEESE, 2)));
    let (_, ev) = benefit_with(&c, sheep(2), &[], farms([sheep(3), GEESE]));
    assert!(ev.contains(&scored(sheep(2), 7)), "{ev:?}");
}

/// Line 1223 (002 line 1271), digest A35: a white castle takes a tile of a type its
/// reserve lacks from the white die's depot clockwise into its reserve. Depot 5
/// holds a mine above a castle and a building (held): 000 "a mais à esquerda"
/// takes the depot's first such tile, the mine; 002 "el tipo que esté más arriba y
/// a la izquierda" the reserve's first type, the castle.
#[test]
fn a_white_castle_takes_a_type_its_reserve_lacks_in_each_reading() {
    use tabuleiro_burgundy::config::AutoDukeWhiteCastle;
    let readings = [
        (AutoDukeWhiteCastle::Leftmost, Tile::Mine),
        (AutoDukeWhiteCastle::TopLeftType, Tile::Castle),
    ];
    let more = [(5, BANK), (5, Tile::Mine), (5, Tile::Castle)];
    for (reading, taken) in readings {
        let c = with(&[Module::WhiteCastles], |c| {
            c.rules.auto_duke_white_castle = reading
        });
        let (g, ev) = benefit_with(&c, WHITE_CASTLE, &more, |g| to_reserve(g, &[BANK]));
        let to_reserve = Event::AutoDukeToReserve {
            via: WHITE_CASTLE,
            depot: 5,
            tile: taken,
        };
        assert!(ev.contains(&to_reserve), "{reading:?}: {ev:?}");
        assert_eq!(ad(&g).reserve, vec![BANK, taken]);
    }
}

/// Line 1223: none in its depot, it goes on clockwise (5, 6, 1, ...); none on the
/// board: 1 silver.
#[test]
fn a_white_castle_goes_on_clockwise_else_gains_1_silver() {
    let c = with(&[Module::WhiteCastles], |_| {});
    let more = [(5, BANK), (3, Tile::Ship), (2, Tile::Mine)];
    let (g, ev) = benefit_with(&c, WHITE_CASTLE, &more, |g| to_reserve(g, &[BANK]));
    assert!(ev.contains(&Event::AutoDukeToReserve {
        via: WHITE_CASTLE,
        depot: 2,
        tile: Tile::Mine
    }));
    assert_eq!(g.depots[4], vec![BANK]);
    let (g, ev) = benefit_with(&c, WHITE_CASTLE, &[(5, BANK)], |g| to_reserve(g, &[BANK]));
    assert!(ev.contains(&Event::AutoDukeBenefit {
        tile: WHITE_CASTLE,
        silver: 1,
        vp: 0
    }));
    assert_eq!(ad(&g).silver, 2);
}

/// Line 1229 (002 line 1277): with the trade routes it gains 1 VP a sale action
/// (not a good); a sale without goods gains nothing.
#[test]
fn with_trade_routes_a_sale_gains_1_vp_more() {
    let c = with(&[Module::TradeRoutes], |_| {});
    let routed = |g: &mut Burgundy, goods: [u8; 6]| {
        g.modules.trade_routes = vec![TradeRoute {
            tiles: (1..=5).collect(),
            ..TradeRoute::default()
        }];
        ad_mut(g).goods = goods;
    };
    let (g, ev) = benefit_with(&c, WAREHOUSE, &[], |g| routed(g, [2, 0, 0, 0, 0, 0]));
    assert!(ev.contains(&Event::AutoDukeSold {
        cause: SaleCause::Warehouse,
        goods: 1,
        count: 2,
        vp: 4
    }));
    assert!(ev.contains(&Event::AutoDukeSaleBonus { vp: 1 }), "{ev:?}");
    assert_eq!(ad(&g).vp, 5);
    let (g, ev) = benefit_with(&c, WAREHOUSE, &[], |g| routed(g, [0; 6]));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::AutoDukeSaleBonus { .. })));
    assert_eq!(ad(&g).vp, 0);
}

/// Card 2 (a trading-post card, white 5 selects it) completed by a monastery from
/// depot 1, with these cards moved from the deck to its completed cards before.
fn completing_card_2(modules: &[Module], done: &[u8]) -> (Burgundy, Vec<Event>) {
    let c = with(modules, |_| {});
    let mut g = at_turn(&c, depot(1, &[Tile::Knowledge(1)]), Vec::new(), 5);
    let sheep = Tile::Livestock {
        animal: Animal::Sheep,
        count: 2,
    };
    for (space, tile) in [(0, BANK), (1, sheep), (2, BANK)] {
        put_on_card(&mut g, 1, space, tile);
    }
    let a = ad_mut(&mut g);
    a.deck.retain(|n| !done.contains(n));
    a.completed.extend_from_slice(done);
    completes(g, 2)
}

/// Its turn with die 1: card `card` is completed.
fn completes(mut g: Burgundy, card: u8) -> (Burgundy, Vec<Event>) {
    let ev = roll(&mut g, 1);
    let done = |e: &Event| matches!(e, Event::AutoDukeCompleted { card: c, .. } if *c == card);
    assert!(ev.iter().any(done), "{ev:?}");
    (g, ev)
}

fn trading_post_events(ev: &[Event]) -> Vec<Event> {
    let tp = |e: &&Event| {
        matches!(
            e,
            Event::AutoDukeTradingPostBonus { .. }
                | Event::AutoDukeTradingPostTile { .. }
                | Event::AutoDukeTradingPostTileGone {}
        )
    };
    ev.iter().filter(tp).cloned().collect()
}

/// Seed 000 lines 1226-1228 (002 lines 1274-1276): its second trading-post card
/// completed scores the phase bonus (phase A: 10); the third takes the 5/6/7 VP
/// trading-post tile (1 person and it: 5); the first and a fourth score nothing
/// more. Cards 2, 4, 6 and 8 show the symbol (provisional). Without the module
/// the symbol does nothing.
#[test]
fn its_trading_post_cards_score_the_phase_bonus_then_the_tile() {
    let tp = [Module::TradingPosts];
    let (g, ev) = completing_card_2(&tp, &[]);
    assert_eq!(trading_post_events(&ev), vec![]);
    assert_eq!(ad(&g).vp, 16);
    let (g, ev) = completing_card_2(&tp, &[4]);
    let bonus = Event::AutoDukeTradingPostBonus { vp: 10 };
    assert_eq!(trading_post_events(&ev), vec![bonus]);
    assert_eq!(ad(&g).vp, 16 + 10);
    let (g, ev) = completing_card_2(&tp, &[4, 6]);
    let tile = Event::AutoDukeTradingPostTile { vp: 5 };
    assert_eq!(trading_post_events(&ev), vec![tile]);
    assert_eq!(
        (
            ad(&g).vp,
            ad(&g).trading_post_tile,
            g.trading_post_tiles_taken()
        ),
        (16 + 5, Some(1), 1)
    );
    let (g, ev) = completing_card_2(&tp, &[4, 6, 8]);
    assert_eq!(trading_post_events(&ev), vec![]);
    assert_eq!(ad(&g).vp, 16);
    let (g, ev) = completing_card_2(&[], &[4]);
    assert_eq!(trading_post_events(&ev), vec![]);
    assert_eq!(ad(&g).vp, 16);
}

/// Its tile is checked with the position: only with the module and after its third
/// trading-post card.
#[test]
fn its_trading_post_tile_is_checked() {
    let (mut g, _) = completing_card_2(&[Module::TradingPosts], &[4]);
    ad_mut(&mut g).trading_post_tile = Some(1);
    assert!(g.validate().is_err());
    let (mut g, _) = completing_card_2(&[Module::TradingPosts], &[4, 6]);
    ad_mut(&mut g).trading_post_tile = Some(2);
    assert!(g.validate().is_err());
}

// ---------- with the shields (seed 000 lines 1230-1242) ----------

/// One person against it with the shields, cards 3 (castle, water, pasture,
/// building; a shield symbol, provisional) and 2 dealt, the shields `shields` laid
/// (2 players: one a depot, shields 3-8) and `shields` left on the depots; its
/// turn with white 1 (card 3), card 3 all but its
/// building covered, a bank in depot 1 to complete it.
fn shield_card(shields: [Vec<u8>; 6]) -> (Burgundy, Vec<Event>) {
    shield_card_for(1, one_a_depot(3), shields)
}

/// As [`shield_card`] with `players` people, the shields laid `laid`.
fn shield_card_for(
    players: u8,
    laid: [Vec<u8>; 6],
    shields: [Vec<u8>; 6],
) -> (Burgundy, Vec<Event>) {
    let c = config(players, |c| {
        c.modules = ModuleSet::of(&[Module::AutoDuke, Module::Shields])
    });
    let mut g = dealt(&c, 3, 2, Vec::new(), Vec::new());
    let laid = Outcome::Shields { depots: laid };
    g.apply_chance(&laid, &mut Vec::new()).unwrap();
    // Those left on the board now (the others taken by a seat, out of the game).
    g.modules.shield_depots = shields;
    let mut g = to_turn(g, depot(1, &[BANK]), Vec::new(), 1);
    let sheep = Tile::Livestock {
        animal: Animal::Sheep,
        count: 2,
    };
    put_on_card(&mut g, 0, 1, Tile::Ship);
    put_on_card(&mut g, 0, 2, sheep);
    completes(g, 3)
}

fn one_a_depot(first: u8) -> [Vec<u8>; 6] {
    std::array::from_fn(|d| vec![first + d as u8])
}

/// Line 1233 (002 line 1281): shield 2 is removed before the setup; the shields
/// are laid for the player count with it (1 person and it: one a depot).
#[test]
fn with_shields_shield_2_is_removed_and_it_counts_for_the_layout() {
    let c = with(&[Module::Shields], |_| {});
    let g = dealt(&c, 3, 2, Vec::new(), Vec::new());
    for seed in 0..40 {
        let sampled = g.sample_chance(&mut tabuleiro_core::Rng::seed(seed));
        let Outcome::Shields { depots } = sampled else {
            panic!("the shields are laid: {sampled:?}");
        };
        assert!(depots.iter().all(|d| d.len() == 1), "{depots:?}");
        assert!(!depots.iter().flatten().any(|&s| s == 2), "{depots:?}");
    }
    let mut with_2 = g.clone();
    let laid = Outcome::Shields {
        depots: one_a_depot(1),
    };
    assert!(with_2.apply_chance(&laid, &mut Vec::new()).is_err());
    let mut without = g.clone();
    let laid = Outcome::Shields {
        depots: one_a_depot(3),
    };
    without.apply_chance(&laid, &mut Vec::new()).unwrap();
}

/// Lines 1235-1237: a card with a shield symbol completed takes a shield from the
/// white die's depot clockwise (white 1: depot 1, 2, ...), the lowest-numbered
/// there, face down beside its board; none left: nothing.
#[test]
fn a_shield_card_takes_a_shield_clockwise_from_the_white_die() {
    let (g, ev) = shield_card(one_a_depot(3));
    assert!(ev.contains(&Event::AutoDukeShield {
        depot: 1,
        shield: 3
    }));
    assert_eq!(ad(&g).shields, vec![3]);
    assert!(g.modules.shield_depots[0].is_empty());
    // `position show` prints them, and card 2's trading-post symbol.
    let shown = g.describe();
    assert!(shown.contains("shields (face down) [3]"), "{shown}");
    assert!(
        shown.contains("card 2 left (1-4): B P B$ K TP |"),
        "{shown}"
    );
    // Two people and it: two shields on depots 2, 4 and 6. Depot 1 empty: depot
    // 2, its lower-numbered shield.
    let laid = [
        vec![3],
        vec![9, 4],
        vec![5],
        vec![6, 7],
        vec![8],
        vec![10, 11],
    ];
    let mut left = laid.clone();
    left[0].clear();
    let (g, ev) = shield_card_for(2, laid, left);
    assert!(ev.contains(&Event::AutoDukeShield {
        depot: 2,
        shield: 4
    }));
    assert_eq!(g.modules.shield_depots[1], vec![9]);
    let (g, ev) = shield_card(Default::default());
    assert!(ev.contains(&Event::AutoDukeNoShield {}), "{ev:?}");
    assert!(ad(&g).shields.is_empty());
}

/// Lines 1238-1242: at the end 1 = 8, 2 = 15, 3 = 25, 4 or more = 40 VP; its
/// shields are checked with the position (each shield in one place, not shield 2).
#[test]
fn its_shields_score_at_the_end() {
    for (held, vp) in [(1, 8), (2, 15), (3, 25), (4, 40), (5, 40)] {
        let c = with(&[Module::Shields], |_| {});
        let mut g = dealt(&c, 3, 2, Vec::new(), Vec::new());
        let laid = Outcome::Shields {
            depots: one_a_depot(3),
        };
        g.apply_chance(&laid, &mut Vec::new()).unwrap();
        let (g, ev) = last_turn_of(g, |g| ad_mut(g).shields = (10..10 + held).collect());
        let shields = held;
        assert!(
            ev.contains(&Event::AutoDukeShieldsFinal { shields, vp }),
            "{ev:?}"
        );
        let ended = ev
            .iter()
            .position(|e| matches!(e, Event::AutoDukeFinal { .. }));
        let before: i32 = ev[..ended.unwrap()].iter().map(event_vp).sum();
        let Some(Event::AutoDukeFinal { vp: rest, .. }) = ended.map(|i| &ev[i]) else {
            unreachable!()
        };
        assert_eq!(ad(&g).vp, before + rest + vp);
    }
    let (mut g, _) = shield_card(one_a_depot(3));
    ad_mut(&mut g).shields.push(4);
    assert!(g.validate().is_err(), "shield 4 lies on depot 2 too");
    let (mut g, _) = shield_card(Default::default());
    ad_mut(&mut g).shields = vec![2];
    assert!(g.validate().is_err(), "shield 2 is not played with it");
}

/// Line 1234 (002 line 1282): shield 6 may copy the monasteries face up on its
/// duchy or cards, not its reserve (the ability only). It is chosen as the seat
/// after the last: offered to the holder, checked with the position.
#[test]
fn shield_6_copies_its_face_up_monasteries() {
    let (mut g, _) = shield_card(Default::default());
    g.modules.shields[0].insert(18, 6);
    g.drawn.add(Tile::Knowledge(9));
    ad_mut(&mut g).duchy[16] = Some(Held::up(Tile::Knowledge(9)));
    to_reserve(&mut g, &[Tile::Knowledge(10)]);
    g.validate().unwrap();
    assert!(!g.shares_knowledge(0, 9));
    g.modules.shield6 = Some(1);
    g.validate().unwrap();
    assert!(g.shares_knowledge(0, 9));
    assert!(!g.shares_knowledge(0, 10), "not from its reserve");
    g.modules.shield6 = Some(2);
    assert!(g.validate().is_err(), "no seat 2, and the AutoDuke is 1");
    // The holder on turn is offered the AutoDuke.
    g.modules.shield6 = None;
    let mut ev = Vec::new();
    g.apply_chance(&Outcome::AutoDukeCard { card: 5 }, &mut ev)
        .unwrap();
    // The round goes on with the seat's turn.
    assert!(
        matches!(g.stage, Stage::Turn(ref t) if t.seat == 0),
        "{:?}",
        g.stage
    );
    let mut legal = Vec::new();
    g.legal_actions(0, &mut legal);
    assert!(legal.contains(&Action::Shield6 { seat: 1 }), "{legal:?}");
}

// ---------- the vineyards (seed 000 lines 1246-1281, seed 002 lines 1294-1329) ----------

fn hex(s: &str) -> Hexamino {
    s.parse().unwrap()
}

/// A vine depot of 2-3 players: positions 1, 3 and 5.
const ODD_POSITIONS: [Option<&str>; 6] = [
    Some("red-red"),
    None,
    Some("green-blue"),
    None,
    Some("black-blue"),
    None,
];

/// `seats` people and the AutoDuke with the vineyards.
fn vine_config(seats: u8) -> Config {
    config(seats, |c| {
        c.modules = ModuleSet::of(&[Module::AutoDuke, Module::Vineyards])
    })
}

/// A vine depot and shop written as text.
type VinesText<'a> = ([Option<&'a str>; 6], &'a [&'a str]);

/// Cards `left` and `right` dealt, then the vineyards: by their chance step
/// (`chance`: every position in play filled) or on the table as a phase left them
/// (positions may be empty); each seat a vine bonus tile, this vine depot and shop.
fn vines_at(
    c: &Config,
    [left, right]: [u8; 2],
    (depot, shop): VinesText,
    chance: bool,
) -> Burgundy {
    let mut g = dealt(c, left, right, Vec::new(), Vec::new());
    let (depot, shop) = (
        depot.map(|h| h.map(hex)),
        shop.iter().map(|h| hex(h)).collect(),
    );
    let dealt = Vine::ALL[..c.players as usize].to_vec();
    if chance {
        let outcome = Outcome::Vines {
            removed: Vec::new(),
            dealt,
            depot,
            shop,
            provisional: true,
        };
        g.apply_chance(&outcome, &mut Vec::new()).unwrap();
        return g;
    }
    let mut v = Vineyards {
        refills: 1,
        depot,
        shop,
        supply: [4; 6],
        ..Vineyards::default()
    };
    for h in v.depot.iter().flatten().chain(&v.shop) {
        *v.drawn.entry(*h).or_insert(0) += 1;
    }
    for vine in dealt {
        v.supply[vine.index()] -= 1;
        v.seats.push(VineSeat {
            tiles: vec![vine],
            ..VineSeat::default()
        });
    }
    g.modules.vineyards = Some(v);
    g.validate().unwrap();
    g
}

fn vine_setup(c: &Config, cards: [u8; 2], depot: [Option<&str>; 6], shop: &[&str]) -> Burgundy {
    vines_at(c, cards, (depot, shop), true)
}

fn vine_dealt(c: &Config, cards: [u8; 2], depot: [Option<&str>; 6], shop: &[&str]) -> Burgundy {
    vines_at(c, cards, (depot, shop), false)
}

/// Its turn with the white die `white`, the vineyards set up.
fn vine_turn(
    c: &Config,
    cards: [u8; 2],
    depots: [Vec<Tile>; 6],
    white: u8,
    depot: [Option<&str>; 6],
    shop: &[&str],
) -> Burgundy {
    to_turn(vine_dealt(c, cards, depot, shop), depots, Vec::new(), white)
}

/// Setup (seed 000 lines 1250-1254): its deck is card 1 and cards 10-17, the left
/// card one of them with a castle (steps C-D as in the base setup, digest A43);
/// the vine bonus tiles go to the people only; it has no vineyard; it counts as a
/// player for the vine depot and shop (1 person + AutoDuke: the 2-player setup).
#[test]
fn with_the_vineyards_its_deck_is_cards_1_and_10_to_17() {
    let c = vine_config(1);
    let data = AutoDukeData::embedded();
    assert_eq!(data.deck(true), &[1, 10, 11, 12, 13, 14, 15, 16, 17]);
    assert!((10..=17).all(|n| !data.card(n).unwrap().verified));
    let g = dealt(&c, 11, 13, Vec::new(), Vec::new());
    assert_eq!(ad(&g).deck, vec![1, 10, 12, 14, 15, 16, 17]);
    assert_eq!(card(&g, 0)[0], Some(Tile::Castle));
    // A base card is not in its deck; a vineyard card without a castle is not left.
    let mut g = set_up(&c);
    let cards = |left, right| Outcome::AutoDukeCards {
        left,
        right,
        face_down: Vec::new(),
        face_up: Vec::new(),
        provisional: true,
    };
    assert!(g.apply_chance(&cards(1, 2), &mut Vec::new()).is_err());
    assert!(g.apply_chance(&cards(10, 1), &mut Vec::new()).is_err());
    for seed in 0..20 {
        match g.sample_chance(&mut tabuleiro_core::Rng::seed(seed)) {
            Outcome::AutoDukeCards { left, right, .. } => {
                assert!([1, 11, 14, 16].contains(&left), "{left}");
                assert!(data.deck(true).contains(&right) && right != left);
            }
            o => panic!("{o:?}"),
        }
    }
    // The base game's deck stays cards 1-9.
    let g = dealt(&one(|_| {}), 3, 7, Vec::new(), Vec::new());
    assert_eq!(ad(&g).deck, vec![1, 2, 4, 5, 6, 8, 9]);
    // The vineyards' setup: one vine bonus tile for the one person, none for it;
    // the vine depot's positions 1, 3, 5 and a shop of 1 (2 players in all).
    let g = vine_setup(&c, [1, 10], ODD_POSITIONS, &["orange-red"]);
    let v = g.vineyards().unwrap();
    assert_eq!(v.seats.len(), 1);
    assert_eq!(v.seats[0].tiles.len(), 1);
    assert_eq!(v.supply.iter().sum::<u8>(), 23);
    assert_eq!(
        (g.vine_depot_slots(), g.vine_shop_size()),
        (&[1, 3, 5][..], 1)
    );
    let mut g = set_up(&c);
    g.apply_chance(&cards(1, 10), &mut Vec::new()).unwrap();
    match g.sample_chance(&mut tabuleiro_core::Rng::seed(4)) {
        Outcome::Vines {
            dealt, depot, shop, ..
        } => {
            assert_eq!(dealt.len(), 1);
            assert_eq!(depot.iter().flatten().count(), 3);
            assert!(depot[1].is_none() && depot[3].is_none() && depot[5].is_none());
            assert_eq!(shop.len(), 1);
        }
        o => panic!("{o:?}"),
    }
    // 2 people and the AutoDuke: the 3-player shop; 3 people: the 4-player depot.
    let g = set_up(&vine_config(2));
    assert_eq!((g.vine_depot_slots().len(), g.vine_shop_size()), (3, 3));
    let g = set_up(&vine_config(3));
    assert_eq!((g.vine_depot_slots().len(), g.vine_shop_size()), (6, 3));
    // The optional colour removal counts it too: 2 colours with 1 person.
    let mut removed = vine_config(1);
    removed.rules.vineyard_colours = VineyardColours::Removed;
    let mut g = set_up(&removed);
    g.apply_chance(&cards(1, 10), &mut Vec::new()).unwrap();
    match g.sample_chance(&mut tabuleiro_core::Rng::seed(4)) {
        Outcome::Vines { removed, .. } => assert_eq!(removed.len(), 2),
        o => panic!("{o:?}"),
    }
}

/// Card 16 (provisional: castle, mine, pasture, water with the hexamino symbol):
/// a ship from depot 1 covers its water space.
fn hexamino_symbol(white: u8, depot: [Option<&str>; 6]) -> (Burgundy, Vec<Event>) {
    let c = vine_config(1);
    let (left, right) = match white {
        1..=4 => (16, 12),
        _ => (1, 16),
    };
    let mut g = vine_turn(
        &c,
        [left, right],
        depot_ship(),
        white,
        depot,
        &["orange-red"],
    );
    let ev = roll(&mut g, 1);
    let card_16 = (white >= 5) as usize;
    assert_eq!(card(&g, card_16)[3], Some(Tile::Ship), "{ev:?}");
    (g, ev)
}

fn depot_ship() -> [Vec<Tile>; 6] {
    depot(1, &[Tile::Ship])
}

/// Seed 000 line 1264 (002 line 1311): a hexamino symbol covered takes the
/// hexamino at the white die's vine depot position (with 2-3 players the position
/// whose two values hold it) onto its pile.
#[test]
fn a_hexamino_symbol_takes_from_the_white_dies_position() {
    let depot = ODD_POSITIONS;
    let (g, ev) = hexamino_symbol(4, depot);
    assert!(
        ev.contains(&Event::AutoDukeHexamino {
            position: 3,
            vine: hex("green-blue")
        }),
        "{ev:?}"
    );
    assert_eq!(ad(&g).hexaminoes, vec![hex("green-blue")]);
    let v = g.vineyards().unwrap();
    assert_eq!(v.depot[2], None);
    assert_eq!(
        (v.depot[0], v.depot[4]),
        (Some(hex("red-red")), Some(hex("black-blue")))
    );
    // With 3 people (4 players in all) the position is the die's own.
    let c = vine_config(3);
    let all = [
        Some("red-red"),
        Some("orange-red"),
        Some("green-blue"),
        Some("green-green"),
        Some("black-blue"),
        Some("yellow-blue"),
    ];
    let mut g = vine_turn(&c, [16, 12], depot_ship(), 4, all, &["orange-yellow"]);
    g.played = vec![true; 3];
    g.validate().unwrap();
    let ev = roll(&mut g, 1);
    assert!(
        ev.contains(&Event::AutoDukeHexamino {
            position: 4,
            vine: hex("green-green")
        }),
        "{ev:?}"
    );
    // A space without the symbol takes none: card 1's water (its card is 1, white 4).
    let mut g = vine_turn(&vine_config(1), [1, 16], depot_ship(), 4, depot, &[]);
    let ev = roll(&mut g, 1);
    assert_eq!(card(&g, 0)[2], Some(Tile::Ship));
    assert!(ad(&g).hexaminoes.is_empty(), "{ev:?}");
}

/// The white die's position empty: the next occupied one to the right, wrapping
/// to the first; the vine depot empty: the bonus is lost.
#[test]
fn an_empty_position_moves_right_and_an_empty_depot_loses_the_bonus() {
    let (g, ev) = hexamino_symbol(1, [None, None, None, None, Some("black-blue"), None]);
    assert!(
        ev.contains(&Event::AutoDukeHexamino {
            position: 5,
            vine: hex("black-blue")
        }),
        "{ev:?}"
    );
    assert_eq!(ad(&g).hexaminoes.len(), 1);
    let (_, ev) = hexamino_symbol(
        5,
        [Some("red-red"), None, Some("green-blue"), None, None, None],
    );
    assert!(
        ev.contains(&Event::AutoDukeHexamino {
            position: 1,
            vine: hex("red-red")
        }),
        "{ev:?}"
    );
    let (g, ev) = hexamino_symbol(2, [None; 6]);
    assert!(ev.contains(&Event::AutoDukeNoHexamino {}), "{ev:?}");
    assert!(ad(&g).hexaminoes.is_empty());
}

/// Its purchase with 2 people (the 3-player shop of 3) and `silver`, white `white`.
fn vine_purchase(white: u8, shop: &[&str], taken: usize) -> (Burgundy, Vec<Event>) {
    let c = vine_config(2);
    let vines = [
        Some("green-green"),
        None,
        Some("yellow-red"),
        None,
        Some("black-black"),
        None,
    ];
    let mut g = vine_dealt(&c, [1, 10], vines, shop);
    for _ in 0..taken {
        // A seat bought the left hexamino: the others keep their positions.
        let v = g.modules.vineyards.as_mut().unwrap();
        v.shop_at = v.shop_positions()[1..].to_vec();
        v.shop.remove(0);
    }
    let mut g = to_turn(g, depot(1, &[Tile::Mine]), vec![Tile::Ship], white);
    g.played = vec![true; 2];
    ad_mut(&mut g).silver = 3;
    g.validate().unwrap();
    let ev = roll(&mut g, 1);
    (g, ev)
}

/// Seed 000 lines 1268-1272 (002 lines 1315-1320): with 2 silver it buys a vine
/// shop hexamino instead of a black-depot tile, the position by the white die
/// (1-2 left, 3-4 centre, 5-6 right), an empty one: the next to the right,
/// wrapping to the left; the shop empty, the black depot as usual.
#[test]
fn its_purchase_is_a_vine_shop_hexamino() {
    let shop = ["red-red", "green-blue", "orange-yellow"];
    let (g, ev) = vine_purchase(3, &shop, 0);
    assert!(
        ev.contains(&Event::AutoDukeBoughtHexamino {
            vine: hex("green-blue")
        }),
        "{ev:?}"
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::AutoDukeBought { .. })));
    assert_eq!(
        (ad(&g).silver, ad(&g).hexaminoes.clone()),
        (1, vec![hex("green-blue")])
    );
    let v = g.vineyards().unwrap();
    assert_eq!(
        (v.shop.clone(), v.shop_positions()),
        (vec![hex("red-red"), hex("orange-yellow")], vec![1, 3])
    );
    let (_, ev) = vine_purchase(6, &shop, 0);
    assert!(ev.contains(&Event::AutoDukeBoughtHexamino {
        vine: hex("orange-yellow")
    }));
    // The left one gone: white 1 moves right to the centre.
    let (_, ev) = vine_purchase(1, &shop, 1);
    assert!(
        ev.contains(&Event::AutoDukeBoughtHexamino {
            vine: hex("green-blue")
        }),
        "{ev:?}"
    );
    // The left and centre gone, white 3 moves right.
    let (_, ev) = vine_purchase(3, &shop, 2);
    assert!(ev.contains(&Event::AutoDukeBoughtHexamino {
        vine: hex("orange-yellow")
    }));
    // Wrapping: only the left one left, white 5.
    let (_, ev) = vine_purchase(5, &["red-red"], 0);
    assert!(
        ev.contains(&Event::AutoDukeBoughtHexamino {
            vine: hex("red-red")
        }),
        "{ev:?}"
    );
    // The shop empty: the black depot's purchase.
    let (g, ev) = vine_purchase(3, &shop, 3);
    assert!(
        ev.contains(&Event::AutoDukeBought { tile: Tile::Ship }),
        "{ev:?}"
    );
    assert!(ad(&g).hexaminoes.is_empty());
}

/// Seed 000 lines 1276-1281: its pile scores 1, 3, 6, ... 91 VP for 13 or more.
#[test]
fn its_hexaminoes_score_by_their_count() {
    let data = AutoDukeData::embedded();
    let table: Vec<i32> = (0..=14).map(|n| data.hexamino_vp(n)).collect();
    assert_eq!(
        table,
        [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 91]
    );
    let c = vine_config(1);
    let g = vine_dealt(&c, [1, 10], [None; 6], &[]);
    let pile = ["red-red", "green-blue", "orange-yellow", "black-blue"];
    let (g, ev) = last_turn_of(g, |g| {
        let v = g.modules.vineyards.as_mut().unwrap();
        pile.iter()
            .for_each(|h| *v.drawn.entry(hex(h)).or_insert(0) += 1);
        ad_mut(g).hexaminoes = pile.iter().map(|h| hex(h)).collect();
    });
    assert!(
        ev.contains(&Event::AutoDukeHexaminoesFinal {
            hexaminoes: 4,
            vp: 10
        }),
        "{ev:?}"
    );
    let final_vp = ev.iter().find_map(|e| match e {
        Event::AutoDukeFinal { vp, .. } => Some(*vp),
        _ => None,
    });
    assert_eq!(ad(&g).vp, final_vp.unwrap() + 10);
    // Without the vineyards a pile is refused.
    let mut g = at_turn(&one(|_| {}), no_depots(), Vec::new(), 1);
    ad_mut(&mut g).hexaminoes = vec![hex("red-red")];
    assert!(g.validate().is_err());
}
