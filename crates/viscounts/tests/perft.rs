//! Counts of the legal-decision tree from fixed seeded positions (as chess engines do
//! with perft), to pin the move generation; and an exhaustive check that, at positions
//! of random games, every decision in a bounded box of shapes is accepted exactly when
//! it is listed (`legal_actions` lists every legal decision).
//! Run in release: `cargo test --release -p tabuleiro-viscounts --test perft`.

mod common;

use tabuleiro_core::{Game, Rng, Seat, ToAct};
use tabuleiro_testkit::perft::{perft, settle_chance};
use tabuleiro_viscounts::action::{Funding, Main};
use tabuleiro_viscounts::content::{Building, Content};
use tabuleiro_viscounts::effect::{Card, Res};
use tabuleiro_viscounts::state::Question;
use tabuleiro_viscounts::{Action, Config, Viscounts};

/// The first decision of a seeded game (chance drawn from `seed`).
fn at_first_decision(config: &Config, seed: u64) -> Viscounts {
    settle_chance(Viscounts::new(config).unwrap(), seed)
}

#[test]
fn perft_two_players() {
    let g = at_first_decision(&Config::with_players(2), 1);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, PERFT_2P);
}

#[test]
fn perft_solo() {
    let g = at_first_decision(&Config::with_players(1), 2);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&g, d)).collect();
    assert_eq!(counts, PERFT_SOLO);
}

/// Depth 1 by hand: the seat right of the first player chooses first among the 3 pairs
/// of player card and hero (seed 003 L206: one per player plus one; L210: reverse order).
const PERFT_2P: [u64; 5] = [3, 29, 115, 386, 3479];
/// Depth 1 by hand: the player chooses between 2 pairs (L662: "2 pares" for solo).
const PERFT_SOLO: [u64; 5] = [2, 8, 24, 252, 1063];

/// Every decision in a bounded box of shapes for `seat` now. The main actions' box (every
/// target, dismissal, 0-8 resources, substitute uses up to 3 in a slot whose card has a
/// substitute ability, up to 1 elsewhere) only where a main action is asked.
fn candidates(g: &Viscounts, seat: Seat) -> Vec<Action> {
    let cards = Content::get().villagers.len() as u8;
    let mut out = vec![
        Action::NoAction,
        Action::Hire,
        Action::Pass,
        Action::DiscardTop,
        Action::DestroyTop,
        Action::FlipDebt,
        Action::FlipDeed,
    ];
    for i in 0..7u8 {
        out.extend([
            Action::ChoosePair { pair: i },
            Action::Choose { index: i },
            Action::HireFree { pos: i },
            Action::PlaceIn { section: i },
            Action::TakeManuscript { pos: i },
            Action::Advance { section: i },
            Action::Expel { owner: i as Seat },
            Action::CastleMove {
                section: i,
                clockwise: true,
            },
            Action::CastleMove {
                section: i,
                clockwise: false,
            },
        ]);
        for spot in 0..9 {
            out.push(Action::BuildFree { pos: i, spot });
        }
    }
    for card in (0..cards).map(Card) {
        out.extend([
            Action::Place { card },
            Action::DiscardFromHand { card },
            Action::DestroyFromHand { card },
            Action::DestroyFromPile { card },
        ]);
    }
    out.extend(Res::ALL.map(|res| Action::TakeResource { res }));
    for a in 0..3u8 {
        for b in 0..3u8 {
            for c in 0..3u8 {
                out.push(Action::Rearrange { order: [a, b, c] });
            }
        }
    }
    for to in 0..16u8 {
        for paid in 0..=16u8 {
            for free in [false, true] {
                out.push(Action::Move { to, paid, free });
            }
        }
    }
    if matches!(g.question(seat), Some(Question::Main)) {
        main_box(g, seat, &mut out);
    }
    out
}

/// Whether the card in each of the seat's slots has a substitute ability.
fn substitutes(g: &Viscounts, seat: Seat) -> [bool; 3] {
    let c = Content::get();
    g.players[seat as usize].slots.map(|s| {
        s.and_then(|card| c.villager(card).ability.as_ref())
            .is_some_and(|a| {
                a.effects.iter().any(|e| {
                    matches!(
                        e,
                        tabuleiro_viscounts::effect::Effect::IconSubstitute { .. }
                    )
                })
            })
    })
}

fn main_box(g: &Viscounts, seat: Seat, out: &mut Vec<Action>) {
    let most = substitutes(g, seat).map(|sub| if sub { 3 } else { 1 });
    let mut mains: Vec<Main> = (0..=12).map(|times| Main::Trade { times }).collect();
    for building in Building::ALL {
        mains.extend((0..8).map(|spot| Main::Build { building, spot }));
    }
    mains.extend((0..=5).map(|workers| Main::PlaceWorkers { workers }));
    mains.push(Main::Transcribe);
    for main in mains {
        for dismiss in [false, true] {
            for paid in 0..=8u8 {
                for a in 0..=most[0] {
                    for b in 0..=most[1] {
                        for d in 0..=most[2] {
                            out.push(Action::Main {
                                main,
                                funding: Funding {
                                    dismiss,
                                    paid,
                                    subs: [a, b, d],
                                },
                            });
                        }
                    }
                }
            }
        }
    }
}

/// At sampled positions of 16 random games (1 to 4 players), each decision of the
/// box is accepted by `check` exactly when `legal_actions` lists it. Every main action
/// with a substitute ability on the board is checked; other positions one in five.
#[test]
fn every_accepted_decision_in_the_box_is_listed() {
    let (mut mains, mut with_subs) = (0, 0);
    for seed in 0..16u64 {
        let players = 1 + (seed % 4) as u8;
        let mut g = Viscounts::new(&Config::with_players(players)).unwrap();
        let mut rng = Rng::seed(seed);
        let mut legal = Vec::new();
        let mut decisions = 0;
        while g.to_act() != ToAct::Over && decisions < 3000 {
            match g.to_act() {
                ToAct::Chance => {
                    let o = g.sample_chance(&mut rng);
                    g.apply_chance(&o, &mut Vec::new()).unwrap();
                }
                ToAct::Seats(s) => {
                    let seat = s.lowest().unwrap();
                    g.legal_actions(seat, &mut legal);
                    let main = matches!(g.question(seat), Some(Question::Main));
                    let subs = main && substitutes(&g, seat).contains(&true);
                    if subs || (!main && decisions % 5 == 0) {
                        mains += main as u32;
                        for a in candidates(&g, seat) {
                            let accepted = g.check(seat, &a).is_ok();
                            assert_eq!(
                                accepted,
                                legal.contains(&a),
                                "seed {seed}, decision {decisions}: {a} at {:?}",
                                g.question(seat)
                            );
                            with_subs += (accepted
                                && matches!(a, Action::Main { funding, .. } if funding.subs != [0; 3]))
                                as u32;
                        }
                    }
                    let a = legal[rng.below(legal.len())];
                    g.apply(seat, &a, &mut Vec::new()).unwrap();
                    decisions += 1;
                }
                ToAct::Over => {}
            }
        }
    }
    assert!(
        mains >= 10 && with_subs >= 5,
        "only {mains} main-action positions, {with_subs} accepted substitute fundings"
    );
}
