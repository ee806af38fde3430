//! The trading posts (4th expansion; seed 000 lines 742-750, 002 lines 766-774, 001
//! lines 918-932): three posts printed on the player board beside the duchy. Placed
//! tiles that join two posts score the phase bonus (10, 8, 6, 4 or 2); the first
//! and second players to join all their posts take the trading-post bonus tiles
//! (5/6/7 and 2/3/4 VP for 2/3/4 players). The posts sit at the same spaces for
//! every duchy ([`crate::config::TradingPostSites`] chooses the reading of their
//! sites), so the module is played with any duchy (seed 000 line 750).

use super::{Hooks, Module};
use crate::action::{Event, ScoreReason};
use crate::config::{ThirdTradingPost, TradingPostTile26};
use crate::content::neighbour_sets;
use crate::error::{Error, Result};
use crate::sets::SpaceSet;
use crate::state::{Burgundy, PHASE_BONUS};
use crate::tile::Tile;
use tabuleiro_core::Seat;

pub(super) struct TradingPosts;

impl Hooks for TradingPosts {
    /// Seed 000 line 746: "Quando um jogador consegue conectar dois entrepostos de
    /// seu ducado através de peças hexagonais, ele recebe pontos de vitória de acordo
    /// com a fase do jogo (10, 8, 6, 4 ou 2)"; line 748: "O primeiro e o segundo
    /// jogadores a conectarem todos os seus entrepostos pegam e pontuam imediatamente
    /// a peça bônus".
    fn placed(&self, game: &mut Burgundy, seat: Seat, _: Tile, space: u8, events: &mut Vec<Event>) {
        let covered = game.players[seat as usize].covered();
        let posts = game.trading_posts();
        let before = links(covered.without(SpaceSet::EMPTY.with(space as usize)), posts);
        let after = links(covered, posts);
        let all = posts.len() as u8 - 1;
        let phase_bonus = PHASE_BONUS[game.phase.min(4) as usize];
        for link in before + 1..=after {
            // `rules.third_trading_post` (digest A13): the later connection scores
            // again only in the reading of seed 001 line 927.
            if link == 1
                || game.config.rules.third_trading_post == ThirdTradingPost::PhaseBonusAgain
            {
                game.score(
                    seat,
                    phase_bonus,
                    ScoreReason::TradingPostLink { link },
                    events,
                );
            }
        }
        let taken = game.trading_post_tiles_taken();
        if before < all && after == all && taken < 2 {
            let first = taken == 0;
            game.modules.trading_post_tiles.push(seat);
            let vp = game.config.bonus_vp(first);
            game.score(seat, vp, ScoreReason::TradingPostBonus { first }, events);
        }
    }

    /// Knowledge tile 26 ("3 pontos de vitória para cada peça bônus que você
    /// tiver", seed 000 line 688) counts a trading-post tile in the reading
    /// `rules.trading_post_tile26 = counted`; the colour tiles it counts already.
    fn final_points(&self, game: &Burgundy, seat: Seat, lines: &mut Vec<(ScoreReason, i32)>) {
        let held = game
            .modules
            .trading_post_tiles
            .iter()
            .filter(|&&s| s == seat)
            .count() as i32;
        let counted = game.config.rules.trading_post_tile26 == TradingPostTile26::Counted;
        if held > 0 && counted && game.players[seat as usize].has_knowledge(26) {
            let vp = game.config.knowledge26_vp() * held;
            lines.push((ScoreReason::Knowledge { number: 26 }, vp));
        }
    }
}

/// How many links join the posts through placed tiles: the posts less the groups
/// they fall in (0 none joined, 1 two posts joined, 2 three joined, ...). A post is
/// reached by a tile on a space touching it; posts reached by one connected group
/// of tiles are joined, and so are two posts each joined to a third (a post joins
/// the groups of tiles that reach it).
/// At most [`crate::content::MAX_TRADING_POSTS`] posts (the content's loading holds
/// them to it); any beyond are not counted.
pub fn links(covered: SpaceSet, posts: &[SpaceSet]) -> u8 {
    let posts = &posts[..posts.len().min(crate::content::MAX_TRADING_POSTS)];
    // Posts as bits: a group grows from its first post through every post its
    // tiles reach; no allocation, since this runs on every placed tile.
    let mut ungrouped: u32 = (1u32 << posts.len()) - 1;
    let mut groups = 0;
    while ungrouped != 0 {
        let first = ungrouped.trailing_zeros();
        ungrouped &= !(1 << first);
        groups += 1;
        let mut to_visit = 1u32 << first;
        while to_visit != 0 {
            let i = to_visit.trailing_zeros() as usize;
            to_visit &= to_visit - 1;
            let start = posts[i].intersection(covered);
            if start.is_empty() {
                continue;
            }
            let reached = region(start, covered);
            let mut rest = ungrouped;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !reached.intersection(posts[j]).is_empty() {
                    ungrouped &= !(1 << j);
                    to_visit |= 1 << j;
                }
            }
        }
    }
    (posts.len() - groups) as u8
}

/// The spaces of `covered` joined to `from` through neighbouring covered spaces:
/// each space's neighbours are looked at once, when it is first reached.
fn region(from: SpaceSet, covered: SpaceSet) -> SpaceSet {
    let nb = neighbour_sets();
    let mut reached = from;
    let mut newest = from;
    while !newest.is_empty() {
        let around = newest
            .iter()
            .fold(SpaceSet::EMPTY, |acc, s| acc.union(nb[s]));
        newest = around.intersection(covered).without(reached);
        reached = reached.union(newest);
    }
    reached
}

impl Burgundy {
    /// The trading-post tiles taken: by seats, and by the AutoDuke (seed 000 line
    /// 1228).
    pub fn trading_post_tiles_taken(&self) -> usize {
        let by_auto_duke = self.modules.auto_duke.as_ref();
        let by_auto_duke = by_auto_duke.is_some_and(|ad| ad.trading_post_tile.is_some());
        self.modules.trading_post_tiles.len() + by_auto_duke as usize
    }

    /// The trading posts of the player board, in the config's reading of their sites.
    pub fn trading_posts(&self) -> &[SpaceSet] {
        self.content()
            .trading_posts
            .get(&self.config.rules.trading_post_sites)
            .map_or(&[], Vec::as_slice)
    }

    /// A seat's posts joined so far (see [`links`]); 0 without the module.
    pub fn trading_post_links(&self, seat: Seat) -> u8 {
        match self.config.modules.contains(Module::TradingPosts) {
            true => links(self.players[seat as usize].covered(), self.trading_posts()),
            false => 0,
        }
    }

    /// A position's trading-post tiles: only with the module, at most the two,
    /// each taken by a seat that has joined all its posts, and none missing while
    /// one is left (the tiles are taken at once, seed 000 line 748).
    pub(crate) fn validate_trading_posts(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let tiles = &self.modules.trading_post_tiles;
        if !self.config.modules.contains(Module::TradingPosts) {
            return match tiles.is_empty() {
                true => Ok(()),
                false => bad("trading-post tiles are played with the module trading-posts"),
            };
        }
        let n = self.players.len() as Seat;
        let all = self.trading_posts().len() as u8 - 1;
        let joined = |s: Seat| self.trading_post_links(s) == all;
        if tiles.len() > 2 || tiles.iter().any(|&s| s >= n) {
            return bad("modules.trading_post_tiles holds at most two seats at the table");
        }
        if tiles.len() == 2 && tiles[0] == tiles[1] {
            return bad("one seat takes one trading-post tile");
        }
        if !tiles.iter().all(|&s| joined(s)) {
            return bad("a trading-post tile is taken by a seat that has joined all its posts");
        }
        let taken = self.trading_post_tiles_taken();
        if taken > 2 {
            return bad("two trading-post tiles in all, the AutoDuke's included");
        }
        if taken < 2 && (0..n).any(|s| joined(s) && !tiles.contains(&s)) {
            return bad(
                "a seat that has joined all its posts holds a trading-post tile while one is left",
            );
        }
        Ok(())
    }
}

/// The static judgement's share of the trading posts still to join (`evaluate.rs`):
/// each post not yet reached is worth the phase bonus it would score, and the
/// trading-post tile while one is left, discounted by the spaces still to fill on
/// the way and the rounds left. Nothing without the module.
pub(crate) fn trading_posts_value(game: &Burgundy, seat: Seat, left: f64) -> f64 {
    if !game.config.modules.contains(Module::TradingPosts) {
        return 0.0;
    }
    let covered = game.players[seat as usize].covered();
    let posts = game.trading_posts();
    let distance = spaces_to_fill(covered);
    let mut away: Vec<u8> = posts
        .iter()
        .map(|post| post.iter().map(|s| distance[s]).min().unwrap_or(u8::MAX))
        .filter(|&d| d > 0)
        .collect();
    away.sort_unstable();
    let likely = |d: f64| ((left - d) / (left + 1.0)).max(0.0) / (d + 1.0);
    let phase_bonus = PHASE_BONUS[game.phase.min(4) as usize] as f64;
    let again = game.config.rules.third_trading_post == ThirdTradingPost::PhaseBonusAgain;
    let links = game.trading_post_links(seat);
    let mut v = 0.0;
    let mut to_fill = 0.0;
    for (k, &d) in away.iter().enumerate() {
        to_fill += d as f64;
        // The link this post would make: the posts reached then, less one.
        let link = (posts.len() - away.len() + k) as u8;
        if link > links && (link == 1 || again) {
            v += phase_bonus * likely(to_fill);
        }
    }
    let taken = game.trading_post_tiles_taken();
    if taken < 2 && !away.is_empty() {
        v += game.config.bonus_vp(taken == 0) as f64 * likely(to_fill);
    }
    v
}

/// For each space, how many empty spaces must be filled, it included, to join it to
/// the placed tiles (0 for a placed one); unreachable spaces `u8::MAX`.
fn spaces_to_fill(covered: SpaceSet) -> [u8; crate::content::SPACES] {
    let nb = neighbour_sets();
    let mut distance = [u8::MAX; crate::content::SPACES];
    covered.iter().for_each(|s| distance[s] = 0);
    let mut frontier = covered;
    let mut seen = covered;
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let next = frontier
            .iter()
            .fold(SpaceSet::EMPTY, |acc, s| acc.union(nb[s]))
            .without(seen);
        next.iter().for_each(|s| distance[s] = d);
        seen = seen.union(next);
        frontier = next;
    }
    distance
}
