//! Final scoring (seed 003 L570-628): buildings, castle workers, manuscripts (their own
//! conditions and sets of different ribbons), Castle Leader, Clergy Bonus cards, Debts and
//! Deeds, and the Poverty/Prosperity rankings of flipped cards.

use crate::config::{Rounding, SeeSaw, SmallGame};
use crate::content::{Building, Content, Ribbon, Scoring};
use crate::effect::Icon;
use crate::state::Viscounts;
use serde::{Deserialize, Serialize};
use tabuleiro_core::{Seat, MAX_SEATS};

/// A seat's points by source; `total` is their sum.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Breakdown {
    pub buildings: i32,
    pub workers: i32,
    pub manuscript_sets: i32,
    pub manuscript_own: i32,
    pub leader: i32,
    pub clergy_bonus: i32,
    pub debts: i32,
    pub deeds: i32,
    pub poverty: i32,
    pub prosperity: i32,
    /// Solo: the AI's 1 VP per leftover resource (L754).
    pub leftover_resources: i32,
}

impl Breakdown {
    pub fn total(&self) -> i32 {
        self.buildings
            + self.workers
            + self.manuscript_sets
            + self.manuscript_own
            + self.leader
            + self.clergy_bonus
            + self.debts
            + self.deeds
            + self.poverty
            + self.prosperity
            + self.leftover_resources
    }
}

/// Sets of different ribbons: each set takes one of each colour still held (the
/// largest sets first), worth 1/4/9/16 for 1-4 colours (L604; example L638: 16+9+1).
pub fn set_points(ribbons: &[Ribbon]) -> i32 {
    let c = Content::get();
    let mut counts = [0u8; 4];
    for r in ribbons {
        counts[*r as usize] += 1;
    }
    let mut total = 0;
    loop {
        let k = counts.iter().filter(|&&n| n > 0).count();
        if k == 0 {
            return total;
        }
        total += c.set_vp_by_distinct[k] as i32;
        for n in counts.iter_mut() {
            *n = n.saturating_sub(1);
        }
    }
}

/// The rewards of a ranking of flipped cards (L618-626): at least one card to rank; tied
/// players share the rewards of the places they take (A6 rounding); with fewer than 3
/// players the 8 is ignored (A5).
pub fn ranking(counts: &[u8], rewards: [u8; 3], small: SmallGame, rounding: Rounding) -> Vec<i32> {
    (0..counts.len())
        .map(|seat| ranked(counts, seat, rewards, small, rounding))
        .collect()
}

/// One seat's reward in [`ranking`], counted without listing the others': the places
/// above it go to the seats with more cards, and it shares the places of its tie.
fn ranked(
    counts: &[u8],
    seat: usize,
    rewards: [u8; 3],
    small: SmallGame,
    rounding: Rounding,
) -> i32 {
    let mine = counts[seat];
    if mine == 0 {
        return 0;
    }
    let rewards = rewards.map(|r| r as i32);
    let places: &[i32] = if counts.len() >= 3 {
        &rewards
    } else {
        match small {
            SmallGame::Shift => &[rewards[0], rewards[2]],
            SmallGame::Zero => &[rewards[0], 0, rewards[2]],
        }
    };
    let above = counts.iter().filter(|&&n| n > mine).count();
    let tied = counts.iter().filter(|&&n| n == mine).count();
    let sum: i32 = (above..above + tied)
        .map(|place| places.get(place).copied().unwrap_or(0))
        .sum();
    let k = tied as i32;
    match rounding {
        Rounding::Down => sum / k,
        Rounding::Up => (sum + k - 1) / k,
    }
}

/// Flipped cards by player, in a fixed array (scoring runs for every seat at the end of
/// every game).
fn by_player(counts: impl Iterator<Item = u8>) -> [u8; MAX_SEATS] {
    let mut out = [0; MAX_SEATS];
    for (slot, n) in out.iter_mut().zip(counts) {
        *slot = n;
    }
    out
}

impl Viscounts {
    /// Icons counted by manuscripts at the end: those on the board, Criminals only as
    /// Criminals (L270).
    fn manuscript_own(&self, seat: Seat) -> i32 {
        let c = Content::get();
        let p = self.p(seat);
        let icons = self.board_icons(seat);
        let built: i32 = p.built.iter().map(|&b| b as i32).sum();
        let castle: i32 = (0..5)
            .map(|s| {
                (self.castle.level1[s][seat as usize] + self.castle.level2[s][seat as usize]) as i32
            })
            .sum::<i32>()
            + self.castle.level3[seat as usize] as i32;
        p.manuscripts
            .iter()
            .filter_map(|m| c.manuscript(*m).scoring)
            .map(|s| match s {
                Scoring::Building => built,
                Scoring::BuildingKind { kind, vp } => vp as i32 * p.built[kind as usize] as i32,
                Scoring::Icon { icon } => icons.get(icon) as i32,
                Scoring::FlippedDebt => p.paid_debts as i32,
                Scoring::FlippedDeed | Scoring::ApprovedDeed => p.approved_deeds as i32,
                Scoring::Resources { every } => p.resources() as i32 / every.max(1) as i32,
                Scoring::ResourceKind { resource, every } => {
                    p.res[resource as usize] as i32 / every.max(1) as i32
                }
                Scoring::CastleWorker => castle,
                Scoring::Level3Worker { vp } => {
                    vp as i32 * self.castle.level3[seat as usize] as i32
                }
                Scoring::Manuscript => p.manuscripts.len() as i32,
            })
            .sum()
    }

    pub fn breakdown(&self, seat: Seat) -> Breakdown {
        let c = Content::get();
        let p = self.p(seat);
        let i = seat as usize;
        let mut b = Breakdown {
            buildings: Building::ALL
                .iter()
                .map(|&k| c.buildings.row(k).vp_by_count[p.built[k as usize] as usize] as i32)
                .sum(),
            ..Breakdown::default()
        };
        let vp = c.castle.vp_by_level;
        b.workers = (0..5)
            .map(|s| {
                self.castle.level1[s][i] as i32 * vp[0] as i32
                    + self.castle.level2[s][i] as i32 * vp[1] as i32
            })
            .sum::<i32>()
            + self.castle.level3[i] as i32 * vp[2] as i32;
        let ribbons: Vec<Ribbon> = p
            .manuscripts
            .iter()
            .map(|m| c.manuscript(*m).ribbon)
            .collect();
        b.manuscript_sets = set_points(&ribbons);
        b.manuscript_own = self.manuscript_own(seat);
        if self.castle.leader == Some(seat) {
            b.leader = c.castle.leader_vp as i32;
        }
        b.clergy_bonus = p
            .clergy_bonus
            .iter()
            .filter_map(|r| c.clergy_bonus.iter().find(|x| x.ribbon == *r))
            .map(|x| x.vp as i32)
            .sum();
        b.debts =
            p.debts as i32 * c.debt.unpaid_vp as i32 + p.paid_debts as i32 * c.debt.paid_vp as i32;
        b.deeds = p.deeds as i32 * c.deed.acquired_vp as i32
            + p.approved_deeds as i32 * c.deed.approved_vp as i32;
        let deeds = self.players.iter().map(|p| p.approved_deeds);
        let debts = self.players.iter().map(|p| p.paid_debts);
        let (deeds, debts) = (by_player(deeds), by_player(debts));
        let n = self.players.len();
        let (pov, pros) = match self.config.see_saw {
            SeeSaw::PovertyDeeds => (&deeds[..n], &debts[..n]),
            SeeSaw::PovertyDebts => (&debts[..n], &deeds[..n]),
        };
        let (small, round) = (self.config.small_game, self.config.rounding);
        if self.poverty_revealed {
            b.poverty = ranked(pov, i, c.poverty.rewards, small, round);
        }
        if self.prosperity_revealed {
            b.prosperity = ranked(pros, i, c.prosperity.rewards, small, round);
        }
        if self.is_ai(seat) {
            b.leftover_resources = p.resources() as i32;
        }
        b
    }

    /// The tie-break value: Silver and resources (L628; A17).
    pub fn tie_break(&self, seat: Seat) -> (u32, u32) {
        let p = self.p(seat);
        match self.config.tie_break {
            crate::config::TieBreak::Combined => (p.silver as u32 + p.resources() as u32, 0),
            crate::config::TieBreak::SilverFirst => (p.silver as u32, p.resources() as u32),
        }
    }

    pub fn icons_of(&self, seat: Seat, icon: Icon) -> u8 {
        self.board_icons(seat).get(icon)
    }
}
