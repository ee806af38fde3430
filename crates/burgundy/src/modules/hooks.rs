//! The hooks the engine calls at three moments: a tile placed in a duchy, the end
//! of a phase, and the final scoring. The base game is itself the first set of
//! hooks ([`super::base::Base`]); a module with hooks of its own is listed in
//! [`hooks_of`], so an expansion adds a file rather than branches in the engine.

use super::Module;
use crate::action::{Event, ScoreReason};
use crate::state::Burgundy;
use crate::tile::Tile;
use tabuleiro_core::Seat;

/// The hooks a module may implement; each defaults to doing nothing.
pub trait Hooks: Sync {
    /// A tile was placed on `space` of `seat`'s duchy (already removed from storage).
    fn placed(
        &self,
        _game: &mut Burgundy,
        _seat: Seat,
        _tile: Tile,
        _space: u8,
        _events: &mut Vec<Event>,
    ) {
    }

    /// A phase's tiles and goods are on the board, before its first round.
    fn phase_started(&self, _game: &mut Burgundy, _events: &mut Vec<Event>) {}

    /// The fifth round of a phase is over, before the board is cleared.
    fn phase_ended(&self, _game: &mut Burgundy, _events: &mut Vec<Event>) {}

    /// Adds `seat`'s final scoring lines.
    fn final_points(&self, _game: &Burgundy, _seat: Seat, _lines: &mut Vec<(ScoreReason, i32)>) {}
}

/// The hooks of a module; None for a module whose rules live elsewhere (the
/// duchy modules change setup and placement, not these moments).
fn hooks_of(module: Module) -> Option<&'static dyn Hooks> {
    match module {
        Module::Inns => Some(&super::inns::Inns),
        Module::TradingPosts => Some(&super::trading_posts::TradingPosts),
        Module::Shields => Some(&super::shields::Shields),
        Module::Solo => Some(&super::solo::Solo),
        Module::AutoDuke => Some(&super::auto_duke::AutoDukeHooks),
        Module::Vineyards => Some(&super::vineyards::VineyardHooks),
        _ => None,
    }
}

impl Burgundy {
    /// The `i`-th hooks: the base game's, then each enabled module's in
    /// [`Module::ALL`]'s order (by index: no allocation on the placement path); None
    /// past the last, `Some(None)` for a module without hooks or not enabled.
    fn hooks(&self, i: usize) -> Option<Option<&'static dyn Hooks>> {
        match i {
            0 => Some(Some(&super::base::Base)),
            _ => Module::ALL
                .get(i - 1)
                .map(|&m| hooks_of(m).filter(|_| self.config.modules.contains(m))),
        }
    }

    pub(crate) fn placed_hooks(
        &mut self,
        seat: Seat,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        self.each_hook(|h, game| h.placed(game, seat, tile, space, events));
    }

    pub(crate) fn phase_start_hooks(&mut self, events: &mut Vec<Event>) {
        self.each_hook(|h, game| h.phase_started(game, events));
    }

    pub(crate) fn phase_end_hooks(&mut self, events: &mut Vec<Event>) {
        self.each_hook(|h, game| h.phase_ended(game, events));
    }

    /// Calls `f` with each enabled set of hooks, in order.
    fn each_hook(&mut self, mut f: impl FnMut(&'static dyn Hooks, &mut Burgundy)) {
        let mut i = 0;
        while let Some(h) = self.hooks(i) {
            if let Some(h) = h {
                f(h, self);
            }
            i += 1;
        }
    }

    /// The final scoring of one seat, line by line.
    pub fn final_points(&self, seat: Seat) -> Vec<(ScoreReason, i32)> {
        let mut lines = Vec::new();
        for h in (0..).map_while(|i| self.hooks(i)).flatten() {
            h.final_points(self, seat, &mut lines);
        }
        lines
    }
}
