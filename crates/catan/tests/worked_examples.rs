//! The rule examples of seed 004 (the Cities & Knights help page) that concern the
//! base game it stands on, each citing its section, and both readings of the digest's
//! contested victory timing (C16).

mod common;

use common::*;
use tabuleiro_catan::config::VictoryTiming;
use tabuleiro_catan::{Catan, Config, Dev, Event, Phase};
use tabuleiro_core::{standing, Game, Participant};

/// seed 004, "8. Nenhum ladrão precoce": "os jogadores ainda devem descartar se
/// tiverem mais de 7 cartas" — 7 cards are kept, 8 owe half.
#[test]
fn seed_004_section_8_more_than_seven_cards_discard() {
    let mut g = table(&config(3), 0);
    give(&mut g, 1, "BBBBLLL");
    give(&mut g, 2, "WWWWGGGG");
    assert_eq!(g.discard_owed(1), 0);
    assert_eq!(g.discard_owed(2), 4);
    g.phase = Phase::Rolling;
    roll(&mut g, [6, 1]);
    assert_eq!(g.phase, Phase::Discard);
    assert_eq!(g.owed, vec![0, 0, 4]);
}

/// seed 004, "16. Pontos para ganhar": "+1 ponto | Construa um assentamento",
/// "+1 ponto | Atualize um assentamento para uma cidade", "+2 pontos | Obtenha o
/// caminho mais longo. É necessário um mínimo de 5 estradas consecutivas".
#[test]
fn seed_004_section_16_points_for_settlements_cities_and_the_longest_road() {
    let mut g = table(&config(3), 0);
    let home = corner(9, 0);
    settle(&mut g, 0, home);
    assert_eq!(g.points(0), 1);
    give(&mut g, 0, "GGOOO");
    act(&mut g, 0, &format!("city {home}"));
    assert_eq!(g.points(0), 2);
    // Four roads, even five not in a row, are not enough.
    for i in 0..3 {
        road(&mut g, 0, side(9, i));
    }
    road(&mut g, 0, spoke(9, home));
    road(&mut g, 0, spoke(9, corner(9, 1)));
    assert_eq!(g.players[0].road_length, 4);
    assert_eq!(g.points(0), 2);
    road(&mut g, 0, side(9, 3));
    assert_eq!(g.players[0].road_length, 5);
    assert_eq!(g.points(0), 4);
    // The tables show the points by source: the city's 2, the road's 2, no settlement left.
    use tabuleiro_catan::PointSource::{Cities, LongestRoad};
    assert_eq!(g.point_sources(0), vec![(Cities, 2), (LongestRoad, 2)]);
    assert_eq!(g.view(Some(1)).point_sources[0], g.point_sources(0));
}

/// A position where seat 2 gains the Longest Road during seat 1's turn: seat 1 settles
/// on seat 0's road and splits it; seat 2's five roads are then alone the longest.
/// Seat 2 holds 8 points elsewhere, so the card makes 10.
fn road_passes_on_another_turn(victory: VictoryTiming) -> Catan {
    let cfg = Config {
        victory,
        ..config(3)
    };
    let mut g = table(&cfg, 1);
    settle(&mut g, 0, corner(9, 0));
    for i in 0..5 {
        road(&mut g, 0, side(9, i));
    }
    settle(&mut g, 2, corner(16, 0));
    for i in 0..5 {
        road(&mut g, 2, side(16, i));
    }
    assert_eq!(g.longest_road, Some(0));
    // Eight points for seat 2: three cities, the settlement and a victory point card.
    for h in [0u8, 2, 6] {
        g.players[2].cities = g.players[2].cities.with(corner(h, 0));
    }
    give_dev(&mut g, 2, Dev::VictoryPoint);
    assert_eq!(g.points(2), 8);
    road(&mut g, 1, spoke(9, corner(9, 2)));
    give(&mut g, 1, "BLWG");
    let ev = act(&mut g, 1, &format!("settle {}", corner(9, 2)));
    assert_eq!(g.longest_road, Some(2));
    assert_eq!(g.points(2), 10);
    assert!(!ev.iter().any(|e| matches!(e, Event::Won { .. })));
    g
}

/// seed 004, "17. Perguntas frequentes": "Você só pode ganhar o jogo no seu próprio
/// turno. Portanto, você só ganha se ainda tiver 13 pontos quando começar seu turno
/// normal" — with the base game's 10: seat 2 wins when its turn begins.
#[test]
fn seed_004_section_17_points_gained_on_another_turn_win_when_ones_turn_begins() {
    for timing in [VictoryTiming::OwnTurn, VictoryTiming::TurnStart] {
        let mut g = road_passes_on_another_turn(timing);
        assert_eq!(g.phase, Phase::Main, "no win on seat 1's turn");
        let ev = act(&mut g, 1, "end");
        assert!(ev.contains(&Event::Won {
            seat: 2,
            points: 10
        }));
        assert_eq!(g.winner, Some(2));
        assert_eq!(g.phase, Phase::Over);
        let st = g.standings();
        assert_eq!(standing::sole_winner(&st), Some(2));
        assert_eq!(st[0].score, 10);
    }
}

/// The same FAQ: "se ainda tiver" — a seat that loses the points before its turn
/// begins does not win.
#[test]
fn seed_004_section_17_points_lost_before_ones_turn_do_not_win() {
    let mut g = road_passes_on_another_turn(VictoryTiming::OwnTurn);
    // Seat 1 builds a road of 6 around hex 18 during the same turn: the card moves on.
    settle(&mut g, 1, corner(18, 0));
    for i in 0..6 {
        road(&mut g, 1, side(18, i));
    }
    assert_eq!(g.longest_road, Some(1));
    act(&mut g, 1, "end");
    assert_eq!(g.winner, None);
    assert_eq!(g.phase, Phase::BeforeRoll);
    assert_eq!(g.current, 2);
}

/// Digest C16, both readings: reaching 10 in one's own turn wins at once (standard),
/// or only when one's next turn begins (the seed's sentence read literally).
#[test]
fn c16_reaching_ten_during_ones_own_turn() {
    for (timing, at_once) in [
        (VictoryTiming::OwnTurn, true),
        (VictoryTiming::TurnStart, false),
    ] {
        let cfg = Config {
            victory: timing,
            ..config(3)
        };
        let mut g = table(&cfg, 0);
        for h in [0u8, 2, 6, 16] {
            g.players[0].cities = g.players[0].cities.with(corner(h, 0));
        }
        settle(&mut g, 0, corner(9, 0));
        road(&mut g, 0, side(9, 0));
        road(&mut g, 0, side(9, 1));
        assert_eq!(g.points(0), 9);
        give(&mut g, 0, "BLWG");
        let ev = act(&mut g, 0, &format!("settle {}", corner(9, 2)));
        assert_eq!(ev.iter().any(|e| matches!(e, Event::Won { .. })), at_once);
        if !at_once {
            for s in [0, 1, 2] {
                assert_eq!(g.current, s);
                g.phase = Phase::Main;
                act(&mut g, s, "end");
            }
            assert_eq!(g.winner, Some(0), "won when the turn came round");
        }
        assert_eq!(g.winner, Some(0));
        // The winner is alone in first place; the others share places by points.
        let st = g.standings();
        assert_eq!(st[0].members, vec![Participant::Seat(0)]);
        assert_eq!((st[1].place, st[2].place), (2, 2));
    }
}

/// A victory point card bought on one's turn counts at once (it need not be played).
#[test]
fn a_victory_point_card_wins_the_turn_it_is_bought() {
    let mut g = table(&config(3), 0);
    for h in [0u8, 2, 6, 16] {
        g.players[0].cities = g.players[0].cities.with(corner(h, 0));
    }
    settle(&mut g, 0, corner(9, 0));
    let vp = g.deck.iter().position(|&d| d == Dev::VictoryPoint).unwrap();
    g.deck.remove(vp);
    g.deck.push(Dev::VictoryPoint);
    give(&mut g, 0, "OWG");
    let ev = act(&mut g, 0, "buy");
    assert!(ev.contains(&Event::Won {
        seat: 0,
        points: 10
    }));
    // Others saw 9 public points.
    assert_eq!(g.view(Some(1)).public_points[0], 9);
}
