//! The Cities & Knights part of a seat's evaluation (src/evaluate.rs): knights against
//! the barbarians' threat, city walls, improvements, progress cards, and how close the
//! hand comes to paying for them. A player's judgement, tuned by tournaments
//! (docs/catan/bots.md), not a rule; nothing in the base game.

use super::{Ck, CkContent, Track, TOP_LEVEL};
use crate::cards::Cards;
use crate::evaluate::covered;
use crate::state::Catan;
use tabuleiro_core::Seat;

/// Each point of active knights' strength, more as the barbarians' ship nears the
/// shore (its share of the track): the knights defend the cities (seed 004 section 7).
/// Greedy without these terms lost 11.7 of 13.6 attacks a game (issue 44).
const ACTIVE: f64 = 0.1;
const ACTIVE_THREAT: f64 = 0.4;
/// Each level of an inactive knight: a grain makes it strength (section 6).
const IDLE: f64 = 0.08;
/// A city reduced by the barbarians costs a point and half its production: held
/// against the seat, by the threat squared, when the attack would be lost now and the
/// seat is among the weakest with a city to lose (section 7; digest C2).
const PILLAGE: f64 = 1.5;
/// The Defender of Catan's point, for the sole strongest when the attack would be held.
const DEFENDER: f64 = 0.6;
/// Each wall (its two cards of hand limit count in the hand's value; section 9).
const WALL: f64 = 0.15;
/// Each improvement level: progress cards drawn more often, an ability at level 3
/// (section 10).
const LEVEL: f64 = 0.35;
/// Each progress card held (the point cards are shown, and count as points).
const PROGRESS: f64 = 0.3;
/// How close the hand comes to paying for the next level of each track, a knight, an
/// activation and a wall: the weight times the share covered, squared.
const NEXT_LEVEL: f64 = 0.3;
const RECRUIT: f64 = 0.15;
const ACTIVATE: f64 = 0.08;
const BUILD_WALL: f64 = 0.08;

impl Catan {
    /// The expansion's terms of [`Catan::value`] (0 in the base game).
    pub(crate) fn ck_value(&self, seat: Seat) -> f64 {
        let Some(ck) = &self.ck else { return 0.0 };
        let p = &ck.players[seat as usize];
        let threat = ck.barbarians as f64 / CkContent::get().barbarian_track as f64;
        let idle: u32 = (p.knights.iter().filter(|k| !k.active))
            .map(|k| k.level as u32)
            .sum();
        let levels: u32 = p.improvements.iter().map(|&l| l as u32).sum();
        (ACTIVE + ACTIVE_THREAT * threat) * p.active_strength() as f64
            + IDLE * idle as f64
            + threat.powi(2) * self.attack_value(ck, seat)
            + WALL * p.walls.len() as f64
            + LEVEL * levels as f64
            + PROGRESS * p.progress.len() as f64
    }

    /// What the barbarians' attack would cost or bring `seat` if it came now.
    fn attack_value(&self, ck: &Ck, seat: Seat) -> f64 {
        let strength = |s: usize| ck.players[s].active_strength();
        let mine = strength(seat as usize);
        let others = (0..self.n()).filter(|&s| s != seat as usize);
        if self.knight_strength() >= self.barbarian_strength() {
            let sole_best = mine > 0 && others.clone().all(|s| strength(s) < mine);
            return if sole_best { DEFENDER } else { 0.0 };
        }
        let exposed = |s: usize| !self.free_cities(s as Seat).is_empty();
        let weakest =
            exposed(seat as usize) && others.filter(|&s| exposed(s)).all(|s| strength(s) >= mine);
        if weakest {
            -PILLAGE
        } else {
            0.0
        }
    }

    /// How close the hand comes to paying for the expansion's purchases the seat can
    /// still make (0 in the base game).
    pub(crate) fn ck_hand_value(&self, seat: Seat, hand: &Cards) -> f64 {
        let Some(ck) = &self.ck else { return 0.0 };
        let c = CkContent::get();
        let p = &ck.players[seat as usize];
        let cities = self.players[seat as usize].cities.len();
        let part = |ok: bool, weight: f64, cost: &Cards| match ok {
            true => weight * covered(hand, cost).powi(2),
            false => 0.0,
        };
        let levels: f64 = Track::ALL
            .iter()
            .map(|&t| {
                let level = p.improvements[t as usize];
                part(
                    cities > 0 && level < TOP_LEVEL,
                    NEXT_LEVEL,
                    &c.improvement(t, level.min(TOP_LEVEL - 1)),
                )
            })
            .sum();
        levels
            + part(
                p.knights_of(1) < c.knights_per_level,
                RECRUIT,
                &c.knight_build,
            )
            + part(
                p.knights.iter().any(|k| !k.active),
                ACTIVATE,
                &c.knight_activate,
            )
            + part(
                cities > p.walls.len() && p.walls.len() < c.walls_max as u32,
                BUILD_WALL,
                &c.wall_cost,
            )
    }
}
