//! Listing the expansion's decisions for bots and menus; everything listed passes the
//! check (the random-play test verifies it).

use super::{CkContent, Progress, Track, TOP_LEVEL};
use crate::action::{Action, Play};
use crate::cards::{Card, RESOURCES};
use crate::geometry::{Geometry, HEXES};
use crate::state::{Catan, Phase};
use tabuleiro_core::Seat;

impl Catan {
    /// The decisions of a Cities & Knights moment, or the expansion's additions to the
    /// turn (`Main`) and before the roll.
    pub(crate) fn legal_ck(&self, seat: Seat, out: &mut Vec<Action>) {
        let ck = self.ckr();
        let me = &ck.players[seat as usize];
        let hand = self.players[seat as usize].hand;
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.why_not_ck(seat, &a).is_ok() {
                out.push(a);
            }
        };
        match &self.phase {
            Phase::Main => {
                self.cities_knights_moves(seat, out);
                self.plays(seat, out);
            }
            Phase::BeforeRoll if me.progress.contains(&Progress::Alchemist) => {
                for yellow in 1..=6 {
                    for red in 1..=6 {
                        out.push(Action::Play {
                            play: Play::Alchemist { yellow, red },
                        });
                    }
                }
            }
            Phase::Pillage { .. } => out.extend(
                self.free_cities(seat)
                    .iter()
                    .map(|vertex| Action::Pillage { vertex }),
            ),
            Phase::Metropolis { .. } => out.extend(
                self.free_cities(seat)
                    .iter()
                    .map(|vertex| Action::Metropolis { vertex }),
            ),
            Phase::PickDeck { .. } => {
                for track in Track::ALL {
                    keep(Action::PickDeck { track }, out);
                }
            }
            Phase::ProgressDiscard { .. } => {
                let mut cards = me.progress.clone();
                cards.sort();
                cards.dedup();
                out.extend(
                    cards
                        .into_iter()
                        .map(|card| Action::DiscardProgress { card }),
                );
            }
            Phase::Aqueduct { .. } => {
                for card in RESOURCES {
                    keep(Action::Aqueduct { card }, out);
                }
            }
            Phase::Displaced { .. } => {
                out.push(Action::Relocate { to: None });
                out.extend(
                    self.relocation_spots(seat)
                        .iter()
                        .map(|v| Action::Relocate { to: Some(v) }),
                );
            }
            Phase::Desert { .. } => out.extend(
                me.knights
                    .iter()
                    .map(|k| Action::Desert { vertex: k.vertex }),
            ),
            Phase::FreeKnight { .. } => {
                out.push(Action::FreeKnight { vertex: None });
                out.extend(
                    self.knight_spots(seat)
                        .iter()
                        .map(|v| Action::FreeKnight { vertex: Some(v) }),
                );
            }
            Phase::DiplomatRoad { .. } => {
                out.push(Action::Pass);
                out.extend(
                    self.road_spots(seat)
                        .iter()
                        .map(|edge| Action::Road { edge }),
                );
            }
            Phase::Harbor { .. } => {
                out.push(Action::Pass);
                for other in 0..self.n() as Seat {
                    for card in RESOURCES {
                        keep(Action::HarborOffer { seat: other, card }, out);
                    }
                }
            }
            Phase::HarborAnswer { .. } => {
                out.extend(Catan::commodities_in(&hand).map(|card| Action::Give { card }))
            }
            Phase::Wedding => out.extend(hand.kinds().map(|card| Action::Give { card })),
            Phase::MasterMerchant { victim, .. } => out.extend(
                self.players[*victim as usize]
                    .hand
                    .kinds()
                    .map(|card| Action::Take { card }),
            ),
            Phase::Spy { victim } => {
                let mut cards = ck.players[*victim as usize].progress.clone();
                cards.sort();
                cards.dedup();
                out.extend(cards.into_iter().map(|card| Action::TakeProgress { card }));
            }
            _ => {}
        }
    }

    /// Walls, improvements and knight moves in the turn.
    fn cities_knights_moves(&self, seat: Seat, out: &mut Vec<Action>) {
        let ck = self.ckr();
        let me = &ck.players[seat as usize];
        let p = &self.players[seat as usize];
        let keep = |a: Action, out: &mut Vec<Action>| {
            if self.why_not_ck(seat, &a).is_ok() {
                out.push(a);
            }
        };
        // What the seat cannot pay for is not asked spot by spot (the check still
        // decides the rest).
        let c = CkContent::get();
        if p.hand.contains(&c.wall_cost) {
            for vertex in p.cities.iter() {
                keep(Action::Wall { vertex }, out);
            }
        }
        // An improvement's cost is read first: most hands hold too few commodities.
        for track in Track::ALL {
            let level = me.improvements[track as usize];
            if level < TOP_LEVEL && p.hand.contains(&c.improvement(track, level)) {
                keep(Action::Improve { track }, out);
            }
        }
        if self.why_not_recruit(seat).is_ok() {
            out.extend(
                self.knight_spots(seat)
                    .iter()
                    .map(|vertex| Action::Recruit { vertex }),
            );
        }
        let pieces = self.pieces();
        let beside_robber = Geometry::get().hex_vertex_set[self.robber as usize];
        for k in &me.knights {
            let vertex = k.vertex;
            if !k.active && p.hand.contains(&c.knight_activate) {
                keep(Action::Activate { vertex }, out);
            }
            if p.hand.contains(&c.knight_promote) {
                keep(Action::Promote { vertex }, out);
            }
            // Only a knight beside the robber may chase it (seed 004 section 6).
            if ck.attacked && beside_robber.contains(vertex) {
                keep(Action::Chase { vertex }, out);
            }
            self.knight_moves(seat, k, pieces, out);
        }
    }

    /// The plays of the cards in hand: each card that may be played now, on each
    /// target that passes its check.
    fn plays(&self, seat: Seat, listed: &mut Vec<Action>) {
        let ck = self.ckr();
        let me = &ck.players[seat as usize];
        // The kinds held, each once, in the cards' order (no copy of the hand).
        let mut held: u64 = me.progress.iter().fold(0, |m, &c| m | 1 << c as u8);
        let cards = std::iter::from_fn(|| {
            let lowest = held.trailing_zeros() as usize;
            held &= held.wrapping_sub(1);
            Progress::ALL.get(lowest)
        });
        let n = self.n() as Seat;
        let others = (0..n).filter(move |&s| s != seat);
        let mut out = Vec::new();
        for &card in cards {
            if self.why_not_play_card(seat, card).is_err() {
                continue;
            }
            out.clear();
            match card {
                Progress::CommercialHarbor => out.push(Play::CommercialHarbor),
                Progress::MasterMerchant => {
                    out.extend(others.clone().map(|seat| Play::MasterMerchant { seat }))
                }
                Progress::MerchantFleet => {
                    out.extend(Card::ALL.map(|kind| Play::MerchantFleet { kind }))
                }
                Progress::Merchant => {
                    out.extend(self.merchant_hexes(seat).map(|hex| Play::Merchant { hex }))
                }
                Progress::ResourceMonopoly => {
                    out.extend(RESOURCES.map(|kind| Play::ResourceMonopoly { kind }))
                }
                Progress::TradeMonopoly => {
                    out.extend(crate::cards::COMMODITIES.map(|kind| Play::TradeMonopoly { kind }))
                }
                Progress::Bishop => out.extend((0..HEXES as u8).map(|hex| Play::Bishop { hex })),
                Progress::Deserter => {
                    out.extend(others.clone().map(|seat| Play::Deserter { seat }))
                }
                Progress::Diplomat => {
                    for s in 0..n {
                        out.extend(
                            self.open_roads(s)
                                .iter()
                                .map(|edge| Play::Diplomat { edge }),
                        );
                    }
                }
                Progress::Intrigue => out.extend(
                    (self.road_ends(seat) & ck.all_knights())
                        .iter()
                        .map(|vertex| Play::Intrigue { vertex }),
                ),
                Progress::Saboteur => out.push(Play::Saboteur),
                Progress::Spy => out.extend(others.clone().map(|seat| Play::Spy { seat })),
                Progress::Warlord => out.push(Play::Warlord),
                Progress::Wedding => out.push(Play::Wedding),
                Progress::Alchemist | Progress::Printer | Progress::Constitution => {}
                Progress::Crane => out.extend(Track::ALL.map(|track| Play::Crane { track })),
                Progress::Engineer => out.extend(
                    self.players[seat as usize]
                        .cities
                        .iter()
                        .map(|vertex| Play::Engineer { vertex }),
                ),
                Progress::Inventor => {
                    // Only hexes whose number the Inventor may move can pair.
                    let movable = |h: &u8| self.inventor_may_move(*h);
                    for a in (0..HEXES as u8).filter(movable) {
                        out.extend(
                            (a + 1..HEXES as u8)
                                .filter(movable)
                                .map(|b| Play::Inventor { a, b }),
                        );
                    }
                }
                Progress::Irrigation => out.push(Play::Irrigation),
                Progress::Mining => out.push(Play::Mining),
                Progress::Medicine => out.extend(
                    self.players[seat as usize]
                        .settlements
                        .iter()
                        .map(|vertex| Play::Medicine { vertex }),
                ),
                Progress::RoadBuilding => out.push(Play::RoadBuilding),
                Progress::Smith => {
                    // Only knights that may be promoted pair (each promotion's own
                    // check is the Smith's: seed 004 section 15).
                    let ks: Vec<u8> = me
                        .knights
                        .iter()
                        .map(|k| k.vertex)
                        .filter(|&v| self.why_not_promote(seat, v).is_ok())
                        .collect();
                    for (i, &first) in ks.iter().enumerate() {
                        out.push(Play::Smith {
                            first,
                            second: None,
                        });
                        for &second in &ks[i + 1..] {
                            out.push(Play::Smith {
                                first,
                                second: Some(second),
                            });
                        }
                    }
                }
            }
            listed.extend(
                out.iter()
                    .filter(|play| self.why_not_play_on(seat, play).is_ok())
                    .map(|&play| Action::Play { play }),
            );
        }
    }
}
