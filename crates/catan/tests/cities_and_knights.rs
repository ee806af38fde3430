//! Cities & Knights rule tests on hand-built positions, each citing seed 004
//! (/work/shared/seeds/004_04fea6b0db6e3c66.txt, by line) or the digest's section C
//! reading it settles. Beginner board hexes: 0 mountains 10, 1 pasture 2, 2 forest 9 /
//! 3 fields 12, 4 hills 6, 5 pasture 4, 6 hills 10 / 7 fields 9, 8 forest 11,
//! 9 desert, 10 forest 3, 11 mountains 8 / 12 forest 8, 13 mountains 3, 14 fields 4,
//! 15 pasture 5 / 16 hills 5, 17 fields 6, 18 pasture 11.

mod common;

use common::{corner, road, side, spoke};
use tabuleiro_catan::board::Layout;
use tabuleiro_catan::ck::{CkContent, EventFace, Knight, Progress, Track};
use tabuleiro_catan::config::{
    AqueductRule, BoardKind, CkOptions, DefenderRule, DeserterLevel, FreshKnights, OwnTurnHand,
};
use tabuleiro_catan::error::ConfigError;
use tabuleiro_catan::geometry::{Geometry, Vertex};
use tabuleiro_catan::{Action, Card, Cards, Catan, Config, Error, Event, Outcome, Phase, Refusal};
use tabuleiro_core::{Game, Rng, Seat, SeatSet, ToAct};

fn cfg(players: u8) -> Config {
    Config {
        board: BoardKind::Beginner,
        ..Config::cities_and_knights(players)
    }
}

fn with(options: CkOptions) -> Config {
    Config {
        ck: options,
        ..cfg(4)
    }
}

/// The decks in data order (top card last).
fn decks() -> [Vec<Progress>; 3] {
    Track::ALL.map(|t| {
        CkContent::get().decks[t as usize]
            .iter()
            .flat_map(|&(p, n)| std::iter::repeat_n(p, n as usize))
            .collect()
    })
}

fn new_ck(config: &Config) -> Catan {
    let mut g = Catan::new(config).unwrap();
    g.apply_chance(
        &Outcome::SetupCitiesAndKnights {
            board: Layout::beginner(),
            decks: decks(),
        },
        &mut Vec::new(),
    )
    .unwrap();
    g
}

/// Seat `seat`'s turn after the roll, nothing on the board.
fn table(config: &Config, seat: Seat) -> Catan {
    let mut g = new_ck(config);
    g.phase = Phase::Main;
    g.current = seat;
    g.turn = 5;
    g.rolled = true;
    g
}

fn give(g: &mut Catan, seat: Seat, cards: &str) {
    let c: Cards = cards.parse().unwrap();
    g.bank.remove(&c);
    g.players[seat as usize].hand.add(&c);
}

fn city(g: &mut Catan, seat: Seat, v: Vertex) {
    let p = &mut g.players[seat as usize];
    p.cities = p.cities.with(v);
}

fn knight(g: &mut Catan, seat: Seat, v: Vertex, level: u8, active: bool) {
    g.ck.as_mut().unwrap().players[seat as usize]
        .knights
        .push(Knight {
            vertex: v,
            level,
            active,
            activated_now: false,
            placed_now: false,
            promoted_now: false,
        });
    g.roads_changed(&mut Vec::new());
}

fn card(g: &mut Catan, seat: Seat, p: Progress) {
    let ck = g.ck.as_mut().unwrap();
    let deck = &mut ck.decks[p.track() as usize];
    let i = deck.iter().position(|&x| x == p).unwrap();
    deck.remove(i);
    ck.players[seat as usize].progress.push(p);
}

fn levels(g: &mut Catan, seat: Seat, l: [u8; 3]) {
    g.ck.as_mut().unwrap().players[seat as usize].improvements = l;
}

fn act(g: &mut Catan, seat: Seat, action: &str) -> Vec<Event> {
    let a: Action = action.parse().unwrap();
    let mut ev = Vec::new();
    g.apply(seat, &a, &mut ev)
        .unwrap_or_else(|e| panic!("{action}: {e}"));
    g.validate()
        .unwrap_or_else(|e| panic!("after {action}: {e}"));
    ev
}

fn refused(g: &mut Catan, seat: Seat, action: &str) -> Refusal {
    let a: Action = action.parse().unwrap();
    let before = g.clone();
    let e = g.apply(seat, &a, &mut Vec::new()).unwrap_err();
    assert_eq!(*g, before, "a refusal changes nothing");
    e.refusal().cloned().unwrap()
}

/// Rolls from `Main` of the previous moment: sets up the roll and applies it.
fn roll(g: &mut Catan, dice: [u8; 2], event: EventFace) -> Vec<Event> {
    g.phase = Phase::Rolling;
    g.rolled = false;
    let mut ev = Vec::new();
    g.apply_chance(&Outcome::RollWithEvent { dice, event }, &mut ev)
        .unwrap();
    ev
}

const NO_DRAW: EventFace = EventFace::Castle(Track::Science);

fn ck(g: &Catan) -> &tabuleiro_catan::ck::Ck {
    g.ck.as_ref().unwrap()
}

#[test]
fn the_expansion_is_offered_for_three_and_four_players() {
    assert!(Catan::new(&Config::cities_and_knights(4)).is_ok());
    let e = Catan::new(&Config::cities_and_knights(5)).unwrap_err();
    assert!(matches!(
        e,
        Error::Config(ConfigError::Players { players: 5 })
    ));
}

#[test]
fn a_tie_at_the_top_with_every_deck_empty_takes_nothing() {
    let mut g = table(&cfg(3), 0);
    three_cities(&mut g);
    knight(&mut g, 1, corner(8, 0), 2, true);
    knight(&mut g, 2, corner(12, 0), 2, true);
    ck_mut(&mut g).decks = Default::default();
    let ev = roll(&mut g, [1, 2], EventFace::Ship);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::DefenderOfCatan { .. })));
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn the_second_placement_is_a_city_paying_resources_only() {
    // Seed 004 L11-12: "Em sua segunda colocação inicial, coloque uma cidade".
    let mut g = new_ck(&cfg(3));
    let spots = [0u8, 2, 7, 11, 16, 18].map(|h| corner(h, 0));
    for &v in &spots {
        let ToAct::Seats(s) = g.to_act() else {
            panic!()
        };
        let seat = s.lowest().unwrap();
        act(&mut g, seat, &format!("settle {v}"));
        let e = Geometry::get().vertex_edges[v as usize]
            .iter()
            .next()
            .unwrap();
        act(&mut g, seat, &format!("road {e}"));
    }
    assert!(g.players[0].cities.contains(corner(18, 0)));
    assert!(g.players[0].settlements.contains(corner(0, 0)));
    // Hexes 14 (fields), 15 and 18 (pasture): resources, no cloth (second source:
    // the round-2 city gives no commodity).
    assert_eq!(g.players[0].hand, "WWG".parse().unwrap());
    assert_eq!(g.points(0), 3);
}

#[test]
fn a_city_on_pasture_mountains_or_forest_yields_a_commodity_and_on_hills_two_bricks() {
    // Seed 004 L19-23 (section 4).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(4, 0)); // hexes 0 mountains 10, 1 pasture 2, 4 hills 6
    roll(&mut g, [3, 3], NO_DRAW);
    assert_eq!(g.players[0].hand, "BB".parse().unwrap());
    roll(&mut g, [1, 1], NO_DRAW);
    assert_eq!(g.players[0].hand, "BBWC".parse().unwrap());
    roll(&mut g, [4, 6], NO_DRAW);
    assert_eq!(g.players[0].hand, "BBWOCM".parse().unwrap());
    // A settlement never yields a commodity (L25).
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 1, corner(4, 0));
    roll(&mut g, [1, 1], NO_DRAW);
    assert_eq!(g.players[1].hand, "W".parse().unwrap());
}

fn common_settle(g: &mut Catan, seat: Seat, v: Vertex) {
    let p = &mut g.players[seat as usize];
    p.settlements = p.settlements.with(v);
}

#[test]
fn a_bank_short_of_a_commodity_pays_no_one_of_it() {
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(1, 2));
    city(&mut g, 1, corner(1, 4));
    let rest: String = "C".repeat(11);
    give(&mut g, 2, &rest);
    roll(&mut g, [1, 1], NO_DRAW);
    assert_eq!(g.players[0].hand.get(Card::Cloth), 0);
    assert_eq!(g.players[1].hand.get(Card::Cloth), 0);
    assert_eq!(g.players[0].hand.get(Card::Wool), 1);
}

#[test]
fn commodities_count_toward_the_limit_and_each_wall_raises_it_by_two() {
    // Seed 004 L26 and L71-77.
    let mut g = table(&cfg(3), 0);
    city(&mut g, 1, corner(4, 0));
    give(&mut g, 1, "CCCCCMMMM");
    roll(&mut g, [3, 4], NO_DRAW);
    assert_eq!(g.owed[1], 4, "nine cards, commodities included, owe four");
    let mut g = table(&cfg(3), 0);
    city(&mut g, 1, corner(4, 0));
    ck_mut(&mut g).players[1].walls = tabuleiro_catan::geometry::VertexSet::one(corner(4, 0));
    give(&mut g, 1, "CCCCCMMMM");
    assert_eq!(g.hand_limit(1), 9);
    roll(&mut g, [3, 4], NO_DRAW);
    assert_eq!(g.owed[1], 0, "a wall: nine cards are kept");
    // No robber before the first attack (section 8): the turn goes on.
    assert_eq!(g.phase, Phase::Main);
}

fn ck_mut(g: &mut Catan) -> &mut tabuleiro_catan::ck::Ck {
    g.ck.as_mut().unwrap()
}

#[test]
fn walls_cost_two_bricks_one_per_city_three_at_most_and_fall_with_the_city() {
    let mut g = table(&cfg(3), 0);
    let cities = [corner(0, 0), corner(2, 0), corner(7, 3), corner(16, 3)];
    cities.iter().for_each(|&v| city(&mut g, 0, v));
    common_settle(&mut g, 0, corner(18, 3));
    assert_eq!(
        refused(&mut g, 0, &format!("wall {}", cities[0])),
        Refusal::CannotAfford
    );
    give(&mut g, 0, "BBBBBBBBBB");
    assert_eq!(
        refused(&mut g, 0, &format!("wall {}", corner(18, 3))),
        Refusal::NotYourCity
    );
    act(&mut g, 0, &format!("wall {}", cities[0]));
    assert_eq!(
        refused(&mut g, 0, &format!("wall {}", cities[0])),
        Refusal::AlreadyWalled
    );
    act(&mut g, 0, &format!("wall {}", cities[1]));
    act(&mut g, 0, &format!("wall {}", cities[2]));
    assert_eq!(
        refused(&mut g, 0, &format!("wall {}", cities[3])),
        Refusal::NoPiecesLeft { piece: "wall" }
    );
    assert_eq!(g.hand_limit(0), 13, "seed 004 L75: at most 13");
    assert_eq!(g.players[0].hand.get(Card::Brick), 4);
}

/// Three cities on the board, one per seat (seed 004 L29-30: "+ + = 3 Força bárbara").
fn three_cities(g: &mut Catan) {
    city(g, 0, corner(0, 0));
    city(g, 1, corner(2, 0));
    city(g, 2, corner(16, 3));
    ck_mut(g).barbarians = 6;
}

#[test]
fn barbarian_strength_is_the_cities_on_the_board_and_knights_of_three_defend() {
    // Seed 004 L29-30 and L58-64: three cities give strength 3; active knights 2 + 1
    // defend; the sole strongest defender gets the Defender of Catan.
    let mut g = table(&cfg(3), 0);
    three_cities(&mut g);
    knight(&mut g, 1, corner(8, 0), 2, true);
    knight(&mut g, 2, corner(12, 0), 1, true);
    knight(&mut g, 0, corner(13, 0), 3, false);
    assert_eq!(g.barbarian_strength(), 3);
    // Every viewer sees each seat's share of the knights' strength: the active ones'
    // levels (seat 0's inactive knight of 3 counts nothing), adding up to the table's.
    let seen = g.view(Some(2)).position.ck.unwrap();
    let shares: Vec<u32> = seen.players.iter().map(|p| p.strength).collect();
    assert_eq!(shares, [0, 2, 1]);
    assert_eq!(shares.iter().sum::<u32>(), seen.knight_strength);
    let ev = roll(&mut g, [1, 2], EventFace::Ship);
    assert!(ev.contains(&Event::BarbariansAttacked {
        barbarians: 3,
        knights: 3,
        defended: true
    }));
    assert!(ev.contains(&Event::DefenderOfCatan { seat: 1 }));
    assert_eq!(g.points(1), 3);
    // Then all knights go inactive and the ship returns (L68).
    assert!(ck(&g)
        .players
        .iter()
        .flat_map(|p| &p.knights)
        .all(|k| !k.active));
    assert_eq!(ck(&g).barbarians, 0);
    assert!(ck(&g).attacked);
}

#[test]
fn defender_ties_each_choose_a_progress_deck() {
    // Seed 004 L64 and digest C15.
    let mut g = table(&cfg(3), 0);
    three_cities(&mut g);
    knight(&mut g, 1, corner(8, 0), 2, true);
    knight(&mut g, 2, corner(12, 0), 2, true);
    roll(&mut g, [1, 2], EventFace::Ship);
    assert_eq!(
        g.phase,
        Phase::PickDeck {
            waiting: SeatSet::one(1).with(2)
        }
    );
    act(&mut g, 2, "pick-deck politics");
    act(&mut g, 1, "pick-deck trade");
    assert_eq!(
        ck(&g).players[1].progress.len() + ck(&g).players[1].revealed.len(),
        1
    );
    assert_eq!(
        ck(&g).players[2].progress.len() + ck(&g).players[2].revealed.len(),
        1
    );
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn defender_by_strength_or_by_number_of_knights() {
    // Digest C1: L63 "mais Cavaleiros ativos" against L64/L153 "força".
    for (rule, winner) in [(DefenderRule::Strength, 1), (DefenderRule::MostKnights, 2)] {
        let mut g = table(
            &with(CkOptions {
                defender: rule,
                ..CkOptions::default()
            }),
            0,
        );
        three_cities(&mut g);
        knight(&mut g, 1, corner(8, 0), 3, true);
        knight(&mut g, 2, corner(12, 0), 1, true);
        knight(&mut g, 2, corner(13, 0), 1, true);
        let ev = roll(&mut g, [1, 2], EventFace::Ship);
        assert!(
            ev.contains(&Event::DefenderOfCatan { seat: winner }),
            "{rule:?}"
        );
    }
}

/// The box holds six Defender of Catan cards (data file `defender_cards`); seed 004
/// and the digest do not say what the sole best defender gets when they are all
/// taken: option `ck.defender_supply`, each reading here.
#[test]
fn the_defender_supply_runs_out_as_the_option_says() {
    use tabuleiro_catan::config::DefenderSupply;
    let attack = |supply: DefenderSupply, taken: [u8; 3]| {
        let mut g = table(
            &Config {
                ck: CkOptions {
                    defender_supply: supply,
                    ..CkOptions::default()
                },
                ..cfg(3)
            },
            0,
        );
        three_cities(&mut g);
        for (s, &n) in taken.iter().enumerate() {
            ck_mut(&mut g).players[s].defender = n;
        }
        knight(&mut g, 1, corner(8, 0), 2, true);
        knight(&mut g, 2, corner(12, 0), 1, true);
        let ev = roll(&mut g, [1, 2], EventFace::Ship);
        g.validate().unwrap();
        (g, ev)
    };
    for supply in [
        DefenderSupply::Limited,
        DefenderSupply::ProgressCard,
        DefenderSupply::Unlimited,
    ] {
        // The sixth card is still there: every reading gives it.
        let (g, ev) = attack(supply, [3, 0, 2]);
        assert!(
            ev.contains(&Event::DefenderOfCatan { seat: 1 }),
            "{supply:?}"
        );
        assert_eq!(g.defenders_left(), 0);
        assert_eq!(g.points(1), 3);
    }
    // All six taken (seat 1 holds none of them).
    let (g, ev) = attack(DefenderSupply::Limited, [3, 0, 3]);
    assert!(ev.contains(&Event::NoDefenderLeft { seat: 1 }));
    assert!(!ev.contains(&Event::DefenderOfCatan { seat: 1 }));
    assert_eq!((ck(&g).players[1].defender, g.points(1)), (0, 2));
    assert_eq!(g.phase, Phase::Main);
    let (mut g, ev) = attack(DefenderSupply::ProgressCard, [3, 0, 3]);
    assert!(ev.contains(&Event::NoDefenderLeft { seat: 1 }));
    assert_eq!(
        g.phase,
        Phase::PickDeck {
            waiting: SeatSet::one(1)
        }
    );
    act(&mut g, 1, "pick-deck politics");
    let p = &ck(&g).players[1];
    assert_eq!((p.defender, p.progress.len() + p.revealed.len()), (0, 1));
    let (g, ev) = attack(DefenderSupply::Unlimited, [3, 0, 3]);
    assert!(ev.contains(&Event::DefenderOfCatan { seat: 1 }));
    assert_eq!((ck(&g).players[1].defender, g.points(1)), (1, 3));
    // A position with a seventh card is refused where the supply is limited.
    let (mut g, _) = attack(DefenderSupply::Limited, [3, 0, 2]);
    ck_mut(&mut g).players[0].defender = 4;
    assert!(g.validate().unwrap_err().to_string().contains("Defender"));
}

#[test]
fn a_lost_attack_pillages_the_weakest_cities_but_never_a_metropolis() {
    // Seed 004 L65-67; digest C2 (every tied lowest among seats with a city that is
    // not a metropolis loses one) and C3 (a metropolis counts toward the barbarians).
    let mut g = table(&cfg(4), 0);
    three_cities(&mut g);
    city(&mut g, 3, corner(10, 0));
    ck_mut(&mut g).metropolis[0] = Some(tabuleiro_catan::ck::Metropolis {
        seat: 3,
        vertex: corner(10, 0),
    });
    ck_mut(&mut g).players[0].walls = tabuleiro_catan::geometry::VertexSet::one(corner(0, 0));
    knight(&mut g, 1, corner(8, 0), 1, true);
    assert_eq!(g.barbarian_strength(), 4);
    let ev = roll(&mut g, [1, 2], EventFace::Ship);
    assert!(ev.contains(&Event::CityPillaged {
        seat: 0,
        vertex: corner(0, 0)
    }));
    assert!(ev.contains(&Event::CityPillaged {
        seat: 2,
        vertex: corner(16, 3)
    }));
    assert!(
        g.players[3].cities.contains(corner(10, 0)),
        "a metropolis stands"
    );
    assert!(g.players[1].cities.contains(corner(2, 0)));
    assert!(g.players[0].settlements.contains(corner(0, 0)));
    assert!(
        ck(&g).players[0].walls.is_empty(),
        "the wall falls with the city"
    );
}

#[test]
fn a_seat_with_two_exposed_cities_chooses_which_falls() {
    let mut g = table(&cfg(3), 0);
    three_cities(&mut g);
    city(&mut g, 0, corner(7, 3));
    knight(&mut g, 1, corner(8, 0), 1, true);
    knight(&mut g, 2, corner(12, 0), 1, true);
    roll(&mut g, [1, 2], EventFace::Ship);
    assert_eq!(
        g.phase,
        Phase::Pillage {
            waiting: SeatSet::one(0)
        }
    );
    assert_eq!(
        refused(&mut g, 0, &format!("pillage {}", corner(2, 0))),
        Refusal::NotYourCity
    );
    act(&mut g, 0, &format!("pillage {}", corner(7, 3)));
    assert!(g.players[0].settlements.contains(corner(7, 3)));
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn no_robber_before_the_first_attack_but_discards_happen() {
    // Seed 004 L69-70 (section 8).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(0, 0));
    knight(&mut g, 0, corner(9, 0), 1, true);
    card(&mut g, 0, Progress::Bishop);
    assert_eq!(
        refused(&mut g, 0, &format!("chase {}", corner(9, 0))),
        Refusal::RobberAsleep
    );
    assert_eq!(refused(&mut g, 0, "play bishop 4"), Refusal::RobberAsleep);
    give(&mut g, 1, "BBBBLLLL");
    roll(&mut g, [3, 4], NO_DRAW);
    assert_eq!(g.phase, Phase::Discard);
    for _ in 0..4 {
        act(&mut g, 1, "discard B");
    }
    assert_eq!(g.phase, Phase::Main, "no robber to move");
    ck_mut(&mut g).attacked = true;
    roll(&mut g, [3, 4], NO_DRAW);
    assert_eq!(g.phase, Phase::Robber);
}

#[test]
fn improvements_need_a_city_cost_their_level_and_unlock_trade_at_three() {
    // Seed 004 L78-103 (section 10): level n costs n of the track's commodity.
    let mut g = table(&cfg(3), 0);
    give(&mut g, 0, "CCCCCCM");
    assert_eq!(refused(&mut g, 0, "improve trade"), Refusal::NoCity);
    city(&mut g, 0, corner(4, 0));
    assert_eq!(refused(&mut g, 0, "improve science"), Refusal::CannotAfford);
    act(&mut g, 0, "improve trade");
    act(&mut g, 0, "improve trade");
    assert_eq!(g.players[0].hand.get(Card::Cloth), 3);
    assert_eq!(g.rate(0, Card::Coin), 4);
    act(&mut g, 0, "improve trade");
    assert_eq!(g.players[0].hand.get(Card::Cloth), 0);
    // Level 3 trade: commodities 2:1 for anything (L101).
    assert_eq!(g.rate(0, Card::Coin), 2);
    assert_eq!(g.rate(0, Card::Wool), 4);
    give(&mut g, 0, "M");
    act(&mut g, 0, "maritime M O");
    assert_eq!(g.players[0].hand.get(Card::Ore), 1);
}

#[test]
fn the_first_at_level_four_gets_the_metropolis_and_the_first_at_five_takes_it() {
    // Seed 004 L104-111 (section 11).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(0, 0));
    city(&mut g, 1, corner(2, 0));
    levels(&mut g, 0, [0, 3, 0]);
    levels(&mut g, 1, [0, 3, 0]);
    give(&mut g, 0, "MMMM");
    act(&mut g, 0, "improve politics");
    assert_eq!(g.points(0), 4, "a metropolis: 2 more");
    assert_eq!(ck(&g).metropolis[Track::Politics as usize].unwrap().seat, 0);
    // Seat 1 at level 4 gets nothing; first at level 5 it takes the metropolis.
    give(&mut g, 1, "MMMMMMMMM");
    g.current = 1;
    act(&mut g, 1, "improve politics");
    assert_eq!(g.points(1), 2);
    act(&mut g, 1, "improve politics");
    assert_eq!((g.points(0), g.points(1)), (2, 4));
    // Level 4 needs a city without a metropolis (L110-111): seat 1 has none left.
    levels(&mut g, 1, [3, 5, 0]);
    give(&mut g, 1, "CCCC");
    assert_eq!(refused(&mut g, 1, "improve trade"), Refusal::NoFreeCity);
    g.bank.add(&g.players[1].hand.clone());
    g.players[1].hand = Cards::NONE;
    assert_eq!(refused(&mut g, 1, "improve politics"), Refusal::TopLevel);
}

#[test]
fn knights_are_recruited_at_own_roads_activated_and_promoted_within_the_limits() {
    // Seed 004 L31-56 (section 6).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(4, 0));
    for i in 0..3 {
        road(&mut g, 0, side(4, i));
    }
    give(&mut g, 0, "WWWWWWOOOOOOGG");
    let far = corner(18, 3);
    assert_eq!(
        refused(&mut g, 0, &format!("recruit {far}")),
        Refusal::NotConnected
    );
    assert_eq!(
        refused(&mut g, 0, &format!("recruit {}", corner(4, 0))),
        Refusal::Occupied
    );
    let (a, b, c) = (corner(4, 1), corner(4, 2), corner(4, 3));
    act(&mut g, 0, &format!("recruit {a}"));
    act(&mut g, 0, &format!("recruit {b}"));
    assert_eq!(
        refused(&mut g, 0, &format!("recruit {c}")),
        Refusal::NoKnightPiece { level: 1 }
    );
    // Placed and promoted in one turn; not promoted twice (L51-52).
    act(&mut g, 0, &format!("promote {a}"));
    assert_eq!(
        refused(&mut g, 0, &format!("promote {a}")),
        Refusal::PromotedThisTurn
    );
    act(&mut g, 0, &format!("activate {a}"));
    assert_eq!(
        refused(&mut g, 0, &format!("activate {a}")),
        Refusal::KnightActive
    );
    let k = *ck(&g).players[0].knight_at(a).unwrap();
    assert!(k.active && k.level == 2);
    // Strength 2 to 3 needs the Fortress (L53).
    g.current = 1;
    g.current = 0;
    ck_mut(&mut g).players[0]
        .knights
        .iter_mut()
        .for_each(|k| k.promoted_now = false);
    assert_eq!(
        refused(&mut g, 0, &format!("promote {a}")),
        Refusal::NeedFortress
    );
    levels(&mut g, 0, [0, 3, 0]);
    act(&mut g, 0, &format!("promote {a}"));
    assert_eq!(ck(&g).players[0].knight_at(a).unwrap().level, 3);
    assert!(
        ck(&g).players[0].knight_at(a).unwrap().active,
        "stays active (L50)"
    );
    assert_eq!(g.players[0].hand, "WWGOO".parse().unwrap());
}

#[test]
fn a_knight_breaks_another_seats_longest_road() {
    // Seed 004 L35: "Pode quebrar o comprimento da estrada de outro jogador".
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 1, corner(4, 0));
    for i in 0..5 {
        road(&mut g, 1, side(4, i));
    }
    assert_eq!(g.longest_road, Some(1));
    let out = spoke(4, corner(4, 2));
    common_settle(&mut g, 0, Geometry::get().other_end(out, corner(4, 2)));
    road(&mut g, 0, out);
    give(&mut g, 0, "WO");
    act(&mut g, 0, &format!("recruit {}", corner(4, 2)));
    assert_eq!(g.players[1].road_length, 3);
    assert_eq!(g.longest_road, None);
}

/// Seat 0 with a road ring on hex 4 and a knight on corner 1; seat 1 with a knight
/// on corner 3 reached by seat 0's roads and its own spoke road.
fn knights_facing(config: &Config) -> Catan {
    let mut g = table(config, 0);
    city(&mut g, 0, corner(4, 0));
    for i in 0..4 {
        road(&mut g, 0, side(4, i));
    }
    let geo = Geometry::get();
    let out = spoke(4, corner(4, 3));
    let home = geo.other_end(out, corner(4, 3));
    common_settle(&mut g, 1, home);
    road(&mut g, 1, out);
    let on = (geo.vertex_edges[home as usize] & !tabuleiro_catan::geometry::EdgeSet::one(out))
        .iter()
        .next()
        .unwrap();
    road(&mut g, 1, on);
    knight(&mut g, 0, corner(4, 1), 2, true);
    knight(&mut g, 1, corner(4, 3), 1, false);
    g
}

#[test]
fn knights_move_on_their_network_and_displace_weaker_knights() {
    // Seed 004 L55-56 (move, displace: both on connected roads, stronger displaces).
    let mut g = knights_facing(&cfg(3));
    let (from, to) = (corner(4, 1), corner(4, 3));
    assert_eq!(
        refused(&mut g, 0, &format!("move-knight {from} {}", corner(18, 0))),
        Refusal::NotOnNetwork
    );
    act(&mut g, 0, &format!("displace {from} {to}"));
    assert!(matches!(g.phase, Phase::Displaced { seat: 1, .. }));
    // The displaced knight's owner decides (a seat other than the one on turn).
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    let spot = g.relocation_spots(1).iter().next().unwrap();
    act(&mut g, 1, &format!("relocate {spot}"));
    assert_eq!(ck(&g).players[1].knight_at(spot).unwrap().level, 1);
    let mine = ck(&g).players[0].knight_at(to).unwrap();
    assert!(!mine.active, "an action deactivates the knight");
    // A weaker or equal knight cannot displace.
    let mut g = knights_facing(&cfg(3));
    ck_mut(&mut g).players[1].knights[0].level = 2;
    assert_eq!(
        refused(&mut g, 0, &format!("displace {from} {to}")),
        Refusal::NotWeaker
    );
}

#[test]
fn a_knight_activated_this_turn_acts_or_not_as_the_option_says() {
    // Digest C6.
    for (rule, ok) in [
        (FreshKnights::NoAction, false),
        (FreshKnights::ChaseOnly, true),
    ] {
        let mut g = knights_facing(&with(CkOptions {
            fresh_knights: rule,
            ..CkOptions::default()
        }));
        ck_mut(&mut g).players[0].knights[0].activated_now = true;
        let a = format!("move-knight {} {}", corner(4, 1), corner(4, 2));
        if ok {
            act(&mut g, 0, &a);
        } else {
            assert_eq!(refused(&mut g, 0, &a), Refusal::KnightTooFresh);
        }
    }
}

#[test]
fn a_knight_active_since_before_the_turn_chases_the_robber() {
    // Seed 004 L57; the robber on the desert (hex 9) after the first attack.
    let mut g = table(&cfg(3), 0);
    ck_mut(&mut g).attacked = true;
    knight(&mut g, 0, corner(9, 0), 1, true);
    knight(&mut g, 0, corner(9, 3), 1, true);
    ck_mut(&mut g).players[0].knights[1].activated_now = true;
    assert_eq!(
        refused(&mut g, 0, &format!("chase {}", corner(9, 3))),
        Refusal::KnightTooFresh
    );
    act(&mut g, 0, &format!("chase {}", corner(9, 0)));
    assert_eq!(g.phase, Phase::Robber);
    act(&mut g, 0, "robber 4 -");
    assert_eq!(g.robber, 4);
}

#[test]
fn a_castle_deals_progress_cards_by_red_die_and_level_in_turn_order() {
    // Seed 004 L16-18; data file progress_draw_max_red (level L draws on red <= L+1).
    let mut g = table(&cfg(3), 1);
    levels(&mut g, 0, [1, 0, 0]);
    levels(&mut g, 2, [2, 0, 0]);
    let ev = roll(&mut g, [1, 3], EventFace::Castle(Track::Trade));
    let drawn: Vec<Seat> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ProgressDrawn { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec![2], "red 3: level 2 only");
    let ev = roll(&mut g, [1, 2], EventFace::Castle(Track::Trade));
    let drawn: Vec<Seat> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ProgressDrawn { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(drawn, vec![2, 0], "from the roller (seat 1) on");
    // The card is the drawer's alone.
    let e = ev
        .iter()
        .find(|e| matches!(e, Event::ProgressDrawn { .. }))
        .unwrap();
    assert!(matches!(
        Catan::redact(e, Some(1)),
        Some(Event::ProgressDrawn { card: None, .. })
    ));
    assert!(matches!(
        Catan::redact(e, Some(2)),
        Some(Event::ProgressDrawn { card: Some(_), .. })
    ));
}

#[test]
fn point_cards_are_shown_at_once_and_not_held() {
    // Seed 004 L118 and L155.
    let mut g = table(&cfg(3), 0);
    levels(&mut g, 0, [0, 0, 5]);
    let d = &mut ck_mut(&mut g).decks[Track::Science as usize];
    let i = d.iter().position(|&p| p == Progress::Printer).unwrap();
    let printer = d.remove(i);
    d.push(printer);
    let ev = roll(&mut g, [1, 6], EventFace::Castle(Track::Science));
    assert!(ev.contains(&Event::PointCardShown {
        seat: 0,
        card: Progress::Printer
    }));
    assert!(ck(&g).players[0].progress.is_empty());
    assert_eq!(g.points(0), 1);
}

#[test]
fn a_fifth_card_off_turn_is_discarded_and_five_at_the_end_of_ones_turn_too() {
    // Seed 004 L116-117; digest C13 (default: five during one's turn).
    let mut g = table(&cfg(3), 1);
    levels(&mut g, 0, [5, 0, 0]);
    for p in [
        Progress::Merchant,
        Progress::Merchant,
        Progress::Merchant,
        Progress::Merchant,
    ] {
        card(&mut g, 0, p);
    }
    roll(&mut g, [1, 1], EventFace::Castle(Track::Trade));
    assert_eq!(
        g.phase,
        Phase::ProgressDiscard {
            waiting: SeatSet::one(0),
            ending: false
        }
    );
    act(&mut g, 0, "discard-progress merchant");
    assert_eq!(g.phase, Phase::Main);
    let mut g = table(&cfg(3), 0);
    for p in [
        Progress::Merchant,
        Progress::Merchant,
        Progress::Merchant,
        Progress::Merchant,
        Progress::Spy,
    ] {
        card(&mut g, 0, p);
    }
    act(&mut g, 0, "end");
    assert_eq!(
        g.phase,
        Phase::ProgressDiscard {
            waiting: SeatSet::one(0),
            ending: true
        }
    );
    act(&mut g, 0, "discard-progress spy");
    assert_eq!((g.current, g.phase.clone()), (1, Phase::BeforeRoll));
}

#[test]
fn a_sixth_card_on_ones_turn_is_discarded_or_kept_as_the_option_says() {
    // Digest C13.
    for (rule, discard) in [(OwnTurnHand::Five, true), (OwnTurnHand::Unlimited, false)] {
        let mut g = table(
            &with(CkOptions {
                own_turn_hand: rule,
                ..CkOptions::default()
            }),
            0,
        );
        levels(&mut g, 0, [5, 0, 0]);
        for _ in 0..5 {
            card(&mut g, 0, Progress::Merchant);
        }
        roll(&mut g, [1, 1], EventFace::Castle(Track::Trade));
        assert_eq!(
            matches!(g.phase, Phase::ProgressDiscard { .. }),
            discard,
            "{rule:?}"
        );
    }
}

#[test]
fn thirteen_points_win_on_ones_own_turn() {
    // Seed 004 L148 ("13 pontos") and L149-156 (the sources of points).
    let mut g = table(&cfg(3), 0);
    for h in [0, 2, 7, 16] {
        city(&mut g, 0, corner(h, 0));
    }
    ck_mut(&mut g).players[0].defender = 3;
    levels(&mut g, 0, [0, 3, 0]);
    assert_eq!(g.points(0), 11);
    give(&mut g, 0, "MMMM");
    act(&mut g, 0, "improve politics");
    assert!(matches!(g.phase, Phase::Metropolis { .. }));
    act(&mut g, 0, &format!("metropolis {}", corner(2, 0)));
    assert_eq!(g.points(0), 13);
    assert_eq!(g.winner, Some(0));
}

// Progress cards (seed 004 sections 13-15), one test each.

fn played(g: &mut Catan, seat: Seat, p: Progress, action: &str) -> Vec<Event> {
    card(g, seat, p);
    act(g, seat, action)
}

#[test]
fn commercial_harbor_trades_a_resource_for_a_commodity_of_their_choice() {
    // Seed 004 L120.
    let mut g = table(&cfg(3), 0);
    give(&mut g, 0, "BL");
    give(&mut g, 1, "CM");
    played(
        &mut g,
        0,
        Progress::CommercialHarbor,
        "play commercial_harbor",
    );
    act(&mut g, 0, "harbor-offer 2 L");
    assert!(
        matches!(g.phase, Phase::Harbor { .. }),
        "seat 2 has no commodity: no exchange"
    );
    assert_eq!(refused(&mut g, 0, "harbor-offer 2 L"), Refusal::NotAllowed);
    act(&mut g, 0, "harbor-offer 1 B");
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    assert_eq!(refused(&mut g, 1, "give B"), Refusal::NotACommodity);
    act(&mut g, 1, "give M");
    assert_eq!(g.players[0].hand, "LM".parse().unwrap());
    assert_eq!(g.players[1].hand, "BC".parse().unwrap());
    assert_eq!(g.phase, Phase::Main, "every other seat had its offer");
}

#[test]
fn the_answering_seat_guesses_the_offered_resource_in_the_hand_on_turn() {
    // A search of the answering seat deals the hidden hands: the player on turn must
    // hold the resource it offered, or the exchange cannot be played out there.
    let mut g = table(&cfg(3), 0);
    give(&mut g, 0, "B");
    give(&mut g, 1, "CM");
    give(&mut g, 2, "OWL");
    played(
        &mut g,
        0,
        Progress::CommercialHarbor,
        "play commercial_harbor",
    );
    act(&mut g, 0, "harbor-offer 1 B");
    let mut rng = Rng::seed(5);
    for _ in 0..50 {
        let mut d = g.determinize(Some(1), &mut rng);
        assert_eq!(d.players[0].hand.get(Card::Brick), 1);
        d.validate().unwrap();
        act(&mut d, 1, "give M");
        assert_eq!(d.players[1].hand, "BC".parse().unwrap());
    }
    // A position file with the offered resource missing from that hand is refused.
    let mut bad = g.clone();
    bad.players[0].hand = Cards::NONE;
    assert!(bad.validate().is_err());
}

#[test]
fn master_merchant_sees_a_richer_hand_and_takes_two() {
    // Seed 004 L121.
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 0, corner(0, 0));
    city(&mut g, 1, corner(2, 0));
    common_settle(&mut g, 2, corner(16, 3));
    give(&mut g, 1, "WOC");
    give(&mut g, 2, "B");
    card(&mut g, 0, Progress::MasterMerchant);
    assert_eq!(
        refused(&mut g, 0, "play master_merchant 2"),
        Refusal::NotRicher
    );
    card(&mut g, 1, Progress::Warlord);
    let ev = act(&mut g, 0, "play master_merchant 1");
    assert_eq!(
        g.view(Some(0)).position.players[1].hand,
        Some("WOC".parse().unwrap())
    );
    assert_eq!(g.view(Some(2)).position.players[1].hand, None);
    // The Master Merchant opens the hand, not the progress cards.
    assert!(g.view(Some(0)).position.ck.unwrap().players[1]
        .progress
        .is_none());
    let looked = Event::HandLooked {
        seat: 0,
        victim: 1,
        hand: Some("WOC".parse().unwrap()),
    };
    assert!(ev.contains(&looked));
    assert!(matches!(
        Catan::redact(&looked, Some(2)),
        Some(Event::HandLooked { hand: None, .. })
    ));
    let ev = act(&mut g, 0, "take O");
    assert!(matches!(
        Catan::redact(&ev[0], Some(2)),
        Some(Event::Stole { card: None, .. })
    ));
    act(&mut g, 0, "take C");
    assert_eq!(g.players[0].hand, "OC".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn merchant_fleet_trades_one_kind_two_for_one_this_turn() {
    // Seed 004 L122.
    let mut g = table(&cfg(3), 0);
    played(&mut g, 0, Progress::MerchantFleet, "play merchant_fleet G");
    assert_eq!(g.rate(0, Card::Grain), 2);
    give(&mut g, 0, "GG");
    act(&mut g, 0, "maritime G O");
    act(&mut g, 0, "end");
    assert_eq!(g.rate(0, Card::Grain), 4, "until the end of the turn");
}

#[test]
fn the_merchant_stands_beside_ones_building_trades_two_for_one_and_is_a_point() {
    // Seed 004 L123; digest C12 (cities too).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(4, 0));
    card(&mut g, 0, Progress::Merchant);
    assert_eq!(
        refused(&mut g, 0, "play merchant 18"),
        Refusal::NotBesideYours
    );
    act(&mut g, 0, "play merchant 4");
    assert_eq!(g.rate(0, Card::Brick), 2);
    assert_eq!(g.points(0), 3);
    g.current = 1;
    common_settle(&mut g, 1, corner(18, 0));
    played(&mut g, 1, Progress::Merchant, "play merchant 18");
    assert_eq!(
        (g.points(0), g.points(1)),
        (2, 2),
        "the point moves with the merchant"
    );
}

#[test]
fn resource_monopoly_takes_two_from_each_and_trade_monopoly_one() {
    // Seed 004 L124-125; digest C11 (all of it when fewer).
    let mut g = table(&cfg(3), 0);
    give(&mut g, 1, "BBBCC");
    give(&mut g, 2, "BC");
    played(
        &mut g,
        0,
        Progress::ResourceMonopoly,
        "play resource_monopoly B",
    );
    assert_eq!(g.players[0].hand, "BBB".parse().unwrap());
    played(&mut g, 0, Progress::TradeMonopoly, "play trade_monopoly C");
    assert_eq!(g.players[0].hand, "BBBCC".parse().unwrap());
    assert_eq!(g.players[1].hand, "BC".parse().unwrap());
    assert_eq!(
        refused(&mut g, 0, "play trade_monopoly B"),
        Refusal::NoSuchCard {
            card: "trade_monopoly"
        }
    );
}

#[test]
fn the_bishop_moves_the_robber_and_robs_everyone_there() {
    // Seed 004 L127.
    let mut g = table(&cfg(3), 0);
    ck_mut(&mut g).attacked = true;
    common_settle(&mut g, 1, corner(4, 0));
    common_settle(&mut g, 2, corner(4, 3));
    give(&mut g, 1, "W");
    give(&mut g, 2, "O");
    played(&mut g, 0, Progress::Bishop, "play bishop 4");
    assert_eq!(g.robber, 4);
    assert_eq!(g.phase, Phase::Steal { victim: 1 });
    g.apply_chance(&Outcome::Steal { card: Card::Wool }, &mut Vec::new())
        .unwrap();
    assert_eq!(g.phase, Phase::Steal { victim: 2 });
    g.apply_chance(&Outcome::Steal { card: Card::Ore }, &mut Vec::new())
        .unwrap();
    assert_eq!(g.players[0].hand, "WO".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
}

fn deserter(level: DeserterLevel) -> Catan {
    let mut g = knights_facing(&with(CkOptions {
        deserter: level,
        ..CkOptions::default()
    }));
    ck_mut(&mut g).players[1].knights[0].level = 2;
    played(&mut g, 0, Progress::Deserter, "play deserter 1");
    assert_eq!(
        g.to_act(),
        ToAct::Seats(SeatSet::one(1)),
        "the victim chooses"
    );
    act(&mut g, 1, &format!("desert {}", corner(4, 3)));
    assert!(ck(&g).players[1].knights.is_empty());
    g
}

#[test]
fn the_deserter_takes_an_enemy_knight_and_gives_one_of_its_level_or_a_basic_one() {
    // Seed 004 L129 and L53; digest C14 both ways.
    for (rule, level) in [(DeserterLevel::Same, 2), (DeserterLevel::Basic, 1)] {
        let mut g = deserter(rule);
        assert_eq!(g.phase, Phase::FreeKnight { level });
        act(&mut g, 0, &format!("free-knight {}", corner(4, 3)));
        assert_eq!(
            ck(&g).players[0].knight_at(corner(4, 3)).unwrap().level,
            level
        );
    }
}

#[test]
fn the_diplomat_removes_an_open_road_and_one_may_rebuild_ones_own() {
    // Seed 004 L130.
    let mut g = knights_facing(&cfg(3));
    let inner = side(4, 0);
    assert_eq!(
        refused(&mut g, 0, &format!("play diplomat {inner}")),
        Refusal::NoSuchCard { card: "diplomat" }
    );
    card(&mut g, 0, Progress::Diplomat);
    card(&mut g, 0, Progress::Diplomat);
    assert_eq!(
        refused(&mut g, 0, &format!("play diplomat {inner}")),
        Refusal::NotOpenRoad
    );
    let theirs = g.open_roads(1).iter().next().unwrap();
    let ev = act(&mut g, 0, &format!("play diplomat {theirs}"));
    assert!(ev.contains(&Event::RoadRemoved {
        seat: 1,
        edge: theirs
    }));
    assert_eq!(g.phase, Phase::Main);
    let mine = side(4, 3);
    act(&mut g, 0, &format!("play diplomat {mine}"));
    assert_eq!(g.phase, Phase::DiplomatRoad { removed: mine });
    // Not back through the enemy knight on corner 3: elsewhere on its network.
    assert_eq!(
        refused(&mut g, 0, &format!("road {mine}")),
        Refusal::NotConnected
    );
    act(&mut g, 0, &format!("road {}", side(4, 5)));
    assert!(g.players[0].roads.contains(side(4, 5)));
    assert_eq!(g.players[0].hand, Cards::NONE, "free");
}

#[test]
fn intrigue_displaces_an_enemy_knight_on_ones_road() {
    // Seed 004 L131.
    let mut g = knights_facing(&cfg(3));
    played(
        &mut g,
        0,
        Progress::Intrigue,
        &format!("play intrigue {}", corner(4, 3)),
    );
    assert!(matches!(g.phase, Phase::Displaced { seat: 1, .. }));
    act(&mut g, 1, "relocate -");
    assert!(ck(&g).players[1].knights.is_empty());
}

#[test]
fn the_saboteur_halves_the_hands_of_those_with_as_many_points() {
    // Seed 004 L132; digest C11 (rounded down).
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(0, 0));
    city(&mut g, 1, corner(2, 0));
    common_settle(&mut g, 2, corner(16, 3));
    give(&mut g, 1, "BBBBB");
    give(&mut g, 2, "LLLL");
    played(&mut g, 0, Progress::Saboteur, "play saboteur");
    assert_eq!(g.owed, vec![0, 2, 0]);
    act(&mut g, 1, "discard B");
    act(&mut g, 1, "discard B");
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn the_spy_sees_a_progress_hand_and_takes_one() {
    // Seed 004 L133.
    let mut g = table(&cfg(3), 0);
    card(&mut g, 1, Progress::Warlord);
    give(&mut g, 1, "B");
    played(&mut g, 0, Progress::Spy, "play spy 1");
    assert_eq!(
        g.view(Some(0)).position.ck.unwrap().players[1].progress,
        Some(vec![Progress::Warlord])
    );
    assert!(g.view(Some(2)).position.ck.unwrap().players[1]
        .progress
        .is_none());
    // The Spy opens the progress cards, not the hand.
    assert_eq!(g.view(Some(0)).position.players[1].hand, None);
    let ev = act(&mut g, 0, "take-progress warlord");
    assert!(matches!(
        Catan::redact(&ev[0], Some(2)),
        Some(Event::ProgressStolen { card: None, .. })
    ));
    assert_eq!(ck(&g).players[0].progress, vec![Progress::Warlord]);
}

#[test]
fn the_warlord_activates_every_knight_free() {
    // Seed 004 L134.
    let mut g = knights_facing(&cfg(3));
    knight(&mut g, 0, corner(4, 2), 1, false);
    played(&mut g, 0, Progress::Warlord, "play warlord");
    assert!(ck(&g).players[0].knights.iter().all(|k| k.active));
    assert!(!ck(&g).players[1].knights[0].active);
}

#[test]
fn the_wedding_has_the_richer_give_two_cards_of_their_choice() {
    // Seed 004 L135.
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 0, corner(0, 0));
    city(&mut g, 1, corner(2, 0));
    common_settle(&mut g, 2, corner(16, 3));
    give(&mut g, 1, "BLO");
    give(&mut g, 2, "W");
    played(&mut g, 0, Progress::Wedding, "play wedding");
    assert_eq!(g.to_act(), ToAct::Seats(SeatSet::one(1)));
    act(&mut g, 1, "give B");
    act(&mut g, 1, "give O");
    assert_eq!(g.players[0].hand, "BO".parse().unwrap());
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn the_alchemist_is_played_before_the_roll_and_sets_the_dice() {
    // Seed 004 L137.
    let mut g = table(&cfg(3), 0);
    g.phase = Phase::BeforeRoll;
    g.rolled = false;
    card(&mut g, 0, Progress::Alchemist);
    assert_eq!(refused(&mut g, 0, "play alchemist 7 1"), Refusal::NoSuchDie);
    act(&mut g, 0, "play alchemist 2 5");
    act(&mut g, 0, "roll");
    let o = g.sample_chance(&mut tabuleiro_core::Rng::seed(1));
    assert!(matches!(o, Outcome::RollWithEvent { dice: [2, 5], .. }));
    let wrong = Outcome::RollWithEvent {
        dice: [1, 1],
        event: NO_DRAW,
    };
    assert!(g.apply_chance(&wrong, &mut Vec::new()).is_err());
    g.apply_chance(&o, &mut Vec::new()).unwrap();
    card(&mut g, 0, Progress::Alchemist);
    assert_eq!(refused(&mut g, 0, "play alchemist 1 1"), Refusal::WrongTime);
}

#[test]
fn the_crane_makes_one_improvement_a_commodity_cheaper() {
    // Seed 004 L138.
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(4, 0));
    played(&mut g, 0, Progress::Crane, "play crane trade");
    assert_eq!(ck(&g).players[0].improvements, [1, 0, 0], "level 1 free");
    give(&mut g, 0, "C");
    played(&mut g, 0, Progress::Crane, "play crane trade");
    assert_eq!(ck(&g).players[0].improvements, [2, 0, 0]);
    assert_eq!(g.players[0].hand, Cards::NONE);
}

#[test]
fn the_engineer_builds_a_free_wall() {
    // Seed 004 L139.
    let mut g = table(&cfg(3), 0);
    card(&mut g, 0, Progress::Engineer);
    assert_eq!(
        refused(&mut g, 0, &format!("play engineer {}", corner(4, 0))),
        Refusal::NotYourCity
    );
    city(&mut g, 0, corner(4, 0));
    act(&mut g, 0, &format!("play engineer {}", corner(4, 0)));
    assert_eq!(g.hand_limit(0), 9);
}

#[test]
fn the_inventor_swaps_two_numbers_but_never_2_6_8_or_12() {
    // Seed 004 L140.
    let mut g = table(&cfg(3), 0);
    card(&mut g, 0, Progress::Inventor);
    assert_eq!(
        refused(&mut g, 0, "play inventor 4 0"),
        Refusal::ProtectedNumber
    );
    act(&mut g, 0, "play inventor 0 7");
    assert_eq!((g.board.numbers[0], g.board.numbers[7]), (9, 10));
}

fn vertex_between(a: u8, b: u8) -> Vertex {
    let g = Geometry::get();
    (0..54u8)
        .find(|&v| g.vertex_hexes[v as usize].contains(a) && g.vertex_hexes[v as usize].contains(b))
        .unwrap()
}

#[test]
fn irrigation_and_mining_pay_two_per_distinct_hex() {
    // Seed 004 L141 and L143: hexes 3, 7 and 14 are fields, 13 mountains.
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 0, vertex_between(3, 7));
    city(&mut g, 0, vertex_between(13, 14));
    played(&mut g, 0, Progress::Irrigation, "play irrigation");
    assert_eq!(g.players[0].hand, "GGGGGG".parse().unwrap());
    played(&mut g, 0, Progress::Mining, "play mining");
    assert_eq!(g.players[0].hand, "GGGGGGOO".parse().unwrap());
}

#[test]
fn medicine_makes_a_city_for_two_ore_and_a_grain() {
    // Seed 004 L142.
    let mut g = table(&cfg(3), 0);
    common_settle(&mut g, 0, corner(4, 0));
    give(&mut g, 0, "OOG");
    played(
        &mut g,
        0,
        Progress::Medicine,
        &format!("play medicine {}", corner(4, 0)),
    );
    assert!(g.players[0].cities.contains(corner(4, 0)));
    assert_eq!(g.players[0].hand, Cards::NONE);
}

#[test]
fn road_building_gives_two_free_roads() {
    // Seed 004 L145.
    let mut g = table(&cfg(3), 0);
    city(&mut g, 0, corner(4, 0));
    played(&mut g, 0, Progress::RoadBuilding, "play road_building");
    assert_eq!(g.phase, Phase::RoadBuilding { left: 2 });
    act(&mut g, 0, &format!("road {}", side(4, 0)));
    act(&mut g, 0, &format!("road {}", side(4, 1)));
    assert_eq!(g.phase, Phase::Main);
}

#[test]
fn the_smith_promotes_two_knights_free() {
    // Seed 004 L146.
    let mut g = knights_facing(&cfg(3));
    knight(&mut g, 0, corner(4, 2), 1, false);
    card(&mut g, 0, Progress::Smith);
    let (a, b) = (corner(4, 1), corner(4, 2));
    assert_eq!(
        refused(&mut g, 0, &format!("play smith {a} {b}")),
        Refusal::NeedFortress
    );
    act(&mut g, 0, &format!("play smith {b} -"));
    assert_eq!(ck(&g).players[0].knight_at(b).unwrap().level, 2);
    levels(&mut g, 0, [0, 3, 0]);
    ck_mut(&mut g).players[0]
        .knights
        .iter_mut()
        .for_each(|k| k.promoted_now = false);
    played(&mut g, 0, Progress::Smith, &format!("play smith {a} {b}"));
    assert_eq!(ck(&g).players[0].knight_at(a).unwrap().level, 3);
    assert_eq!(ck(&g).players[0].knight_at(b).unwrap().level, 3);
}

#[test]
fn the_constitution_is_a_point_shown_when_drawn() {
    // Seed 004 L128 (Constituição: 1 ponto revelado).
    let mut g = table(&cfg(3), 0);
    levels(&mut g, 0, [0, 5, 0]);
    let d = &mut ck_mut(&mut g).decks[Track::Politics as usize];
    let i = d.iter().position(|&p| p == Progress::Constitution).unwrap();
    let c = d.remove(i);
    d.push(c);
    roll(&mut g, [1, 6], EventFace::Castle(Track::Politics));
    assert_eq!(ck(&g).players[0].revealed, vec![Progress::Constitution]);
    assert_eq!(
        refused(&mut g, 0, "play spy 1"),
        Refusal::NoSuchCard { card: "spy" }
    );
    assert!(
        "play constitution".parse::<Action>().is_err(),
        "never played"
    );
}

#[test]
fn the_aqueduct_gives_a_resource_when_nothing_came_or_also_when_blocked() {
    // Seed 004 L103; digest C10 both ways. Seat 0 has a city on hex 4 (hills 6,
    // with the robber) and hex 0 (mountains 10); hex 17 (fields 6) pays seat 1.
    for (rule, after_block) in [
        (AqueductRule::NothingReceived, false),
        (AqueductRule::AlsoWhenBlocked, true),
    ] {
        let mut g = table(
            &with(CkOptions {
                aqueduct: rule,
                ..CkOptions::default()
            }),
            0,
        );
        levels(&mut g, 0, [0, 0, 3]);
        city(&mut g, 0, corner(4, 0));
        roll(&mut g, [1, 2], NO_DRAW);
        assert_eq!(
            g.phase,
            Phase::Aqueduct {
                waiting: SeatSet::one(0)
            },
            "nothing came"
        );
        act(&mut g, 0, "aqueduct O");
        assert_eq!(g.players[0].hand, "O".parse().unwrap());
        roll(&mut g, [3, 4], NO_DRAW);
        assert_eq!(g.phase, Phase::Main, "never on a 7");
        // A 6: hex 4 is robbed, hex 17 still pays seat 0's other city.
        g.robber = 4;
        city(&mut g, 0, vertex_between(16, 17));
        roll(&mut g, [3, 3], NO_DRAW);
        assert_eq!(g.players[0].hand, "GGO".parse().unwrap());
        assert_eq!(
            matches!(g.phase, Phase::Aqueduct { .. }),
            after_block,
            "{rule:?}"
        );
    }
}

#[test]
fn thirteen_points_reached_on_anothers_turn_win_when_ones_turn_begins() {
    // Seed 004 L157-159 (FAQ): the Defender of Catan won in seat 0's roll gives seat 1
    // its 13th point; it wins when its own turn begins, still holding 13.
    let mut g = table(&cfg(3), 0);
    three_cities(&mut g);
    for h in [7, 11, 18] {
        city(&mut g, 1, corner(h, 0));
    }
    g.players[1].settlements = g.players[1].settlements.with(corner(13, 3));
    ck_mut(&mut g).players[1].defender = 3;
    knight(&mut g, 1, corner(8, 0), 3, true);
    knight(&mut g, 2, corner(12, 0), 1, true);
    knight(&mut g, 0, corner(10, 3), 2, true);
    assert_eq!(g.points(1), 12);
    let ev = roll(&mut g, [1, 2], EventFace::Ship);
    assert!(ev.contains(&Event::DefenderOfCatan { seat: 1 }));
    assert_eq!(g.points(1), 13);
    assert_eq!(g.winner, None, "not on seat 0's turn");
    act(&mut g, 0, "end");
    assert_eq!(g.winner, Some(1));
}

/// Moves the top card of `card`'s kind from its deck into `seat`'s hand.
fn draw(g: &mut Catan, seat: Seat, card: Progress) {
    let deck = &mut ck_mut(g).decks[card.track() as usize];
    let i = deck.iter().rposition(|&c| c == card).unwrap();
    deck.remove(i);
    ck_mut(g).players[seat as usize].progress.push(card);
}

/// The colour of a drawn card is public (seed 004 section 3: the castle's colour
/// names the deck; event `progress_drawn` shows it to all), and the decks' backs
/// differ, so every seat knows the colours of the cards another holds.
/// Determinization deals a hidden hand its cards from the decks of those colours and
/// leaves every deck its size.
#[test]
fn determinization_deals_hidden_progress_cards_from_the_decks_of_their_colours() {
    let mut g = table(&cfg(4), 0);
    draw(&mut g, 0, Progress::Spy);
    for card in [Progress::Alchemist, Progress::Crane, Progress::Smith] {
        draw(&mut g, 1, card);
    }
    draw(&mut g, 2, Progress::Merchant);
    draw(&mut g, 2, Progress::Bishop);
    let view = g.view(Some(0));
    assert_eq!(
        view.progress_colours,
        vec![[0, 1, 0], [0, 0, 3], [1, 1, 0], [0; 3]]
    );
    assert!(view.position.ck.as_ref().unwrap().players[1]
        .progress
        .is_none());
    let sizes: Vec<usize> = ck(&g).decks.iter().map(Vec::len).collect();
    assert_eq!(sizes, [17, 16, 15]);
    for seed in 0..200 {
        let d = g.determinize(Some(0), &mut tabuleiro_core::Rng::seed(seed));
        d.validate().unwrap();
        assert_eq!(d.view(Some(0)), view, "seed {seed}");
        let hands: Vec<[u32; 3]> = ck(&d).players.iter().map(|p| p.colours()).collect();
        assert_eq!(hands, view.progress_colours, "seed {seed}");
        assert_eq!(ck(&d).players[0].progress, [Progress::Spy]);
        let dealt: Vec<usize> = ck(&d).decks.iter().map(Vec::len).collect();
        assert_eq!(dealt, sizes, "seed {seed}: the decks keep their sizes");
        for (t, deck) in ck(&d).decks.iter().enumerate() {
            assert!(deck.iter().all(|c| c.track() as usize == t), "seed {seed}");
        }
        assert!(ck(&d)
            .players
            .iter()
            .flat_map(|p| &p.progress)
            .all(|c| !c.is_point()));
    }
}
