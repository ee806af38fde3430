//! `"fill": "box"` in a position file (docs/viscounts/position.md): the cards and
//! manuscripts a hand-written file does not place are put where the rules keep unseen
//! ones, so that a file lists only what matters to it. The usual checks run after.
//!
//! - A neutral villager placed nowhere lies under the stacks: the unseen pool (the
//!   stacks' `hidden` counts must then add up to it).
//! - A seated player's starting cards placed nowhere lie in its draw pile (unordered,
//!   never seen, seed 003 L216): each starting card the table lacks goes to the first seated player,
//!   in seat order, that holds no copy of it.
//! - A seated player with no hero in its hand, draw pile, discard pile or slots gets the
//!   first hero of the box that is nowhere (nor in the setup row) in its draw pile.
//! - A Clergy bonus card no player holds is still on offer (`clergy_bonus_left`).
//! - A black-backed manuscript placed nowhere lies under the stacks (the pool); a grey
//!   one placed nowhere is out of the game, as the setup leaves it (seed 003 L189).
//!
//! Nothing is filled before the setup's chance step (nothing is dealt then).

use crate::content::{Content, Deck};
use crate::effect::{Card, Ms};
use crate::state::{Phase, Player, Viscounts};
use serde::Deserialize;

/// What a position file leaves out, and how it is completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fill {
    /// Everything not placed is put where the rules keep unseen cards.
    Box,
}

impl Viscounts {
    /// Completes a hand-written position from the box (see the module's comment).
    pub fn fill_from_box(&mut self) {
        if self.phase == Phase::Setup {
            return;
        }
        let mut count = self.villager_counts();
        self.fill_neutral(&count);
        self.fill_starting(&mut count);
        self.fill_heroes(&mut count);
        self.fill_manuscripts();
        self.fill_clergy_bonus();
        for p in &mut self.players {
            p.draw.sort_unstable();
        }
        self.villager_pool.sort_unstable();
        self.manuscript_pool.sort_unstable();
    }

    /// How many of each villager the file places (Plot cards aside).
    fn villager_counts(&self) -> Vec<u32> {
        let mut count = vec![0u32; Content::get().villagers.len()];
        for (k, _) in self.every_card() {
            if let Some(n) = count.get_mut(k.0 as usize) {
                *n += 1;
            }
        }
        count
    }

    fn fill_neutral(&mut self, count: &[u32]) {
        let missing = kinds(Deck::Neutral).filter(|k| count[k.0 as usize] == 0);
        self.villager_pool.extend(missing);
    }

    /// Each starting card once per seated player, in its draw pile (seed 003 L216): the copies the table lacks
    /// go to the draw piles of the seated players holding none.
    fn fill_starting(&mut self, count: &mut [u32]) {
        let seated = self.seated();
        for k in kinds(Deck::Starting) {
            for &s in &seated {
                let short = count[k.0 as usize] < seated.len() as u32;
                if short && holds(&self.players[s], |c| c == k) == 0 {
                    self.players[s].draw.push(k);
                    count[k.0 as usize] += 1;
                }
            }
        }
    }

    /// One hero per seated player, shuffled into its draw pile (seed 003 L206, L216).
    fn fill_heroes(&mut self, count: &mut [u32]) {
        let c = Content::get();
        let is_hero = |k: Card| c.villagers.get(k.0 as usize).map(|v| v.deck) == Some(Deck::Hero);
        for s in self.seated() {
            let heroes: u32 = kinds(Deck::Hero).map(|k| count[k.0 as usize]).sum();
            if heroes >= self.seated().len() as u32 || holds(&self.players[s], is_hero) > 0 {
                continue;
            }
            let free = kinds(Deck::Hero)
                .find(|k| count[k.0 as usize] == 0 && !self.pairs.iter().any(|(_, h)| h == k));
            if let Some(k) = free {
                self.players[s].draw.push(k);
                count[k.0 as usize] += 1;
            }
        }
    }

    fn fill_manuscripts(&mut self) {
        let c = Content::get();
        let placed: Vec<Ms> = self
            .players
            .iter()
            .flat_map(|p| p.manuscripts.iter().copied())
            .chain(self.manuscript_pool.iter().copied())
            .chain(self.manuscripts.iter().filter_map(|s| s.top))
            .collect();
        let missing = (0..c.manuscripts.len() as u8)
            .map(Ms)
            .filter(|m| c.manuscript(*m).back != "grey" && !placed.contains(m));
        self.manuscript_pool.extend(missing);
    }

    fn fill_clergy_bonus(&mut self) {
        let c = Content::get();
        for b in c.clergy_bonus.iter().map(|b| b.ribbon) {
            let held = self.players.iter().any(|p| p.clergy_bonus.contains(&b));
            if !held && !self.clergy_bonus_left.contains(&b) {
                self.clergy_bonus_left.push(b);
            }
        }
    }

    /// The seats that chose a player card (the solo AI never does).
    fn seated(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&s| self.players[s].player_card > 0)
            .collect()
    }
}

/// The villagers of a deck, in the box's order.
fn kinds(deck: Deck) -> impl Iterator<Item = Card> {
    let c = Content::get();
    (0..c.villagers.len() as u8)
        .map(Card)
        .filter(move |&k| c.villager(k).deck == deck)
}

/// How many of a player's own cards (hand, draw and discard piles, slots) match.
fn holds(p: &Player, mut matches: impl FnMut(Card) -> bool) -> usize {
    p.hand
        .iter()
        .chain(&p.draw)
        .chain(&p.discard)
        .chain(p.slots.iter().flatten())
        .filter(|&&k| matches(k))
        .count()
}
