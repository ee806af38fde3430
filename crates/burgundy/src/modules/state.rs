//! What the modules keep on the table beside the base game: part of the position
//! (written under `"modules"` in a position file, omitted when a game keeps nothing
//! there, so a base game's position reads as it always did).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

// A field left out when written says `default` itself, as the struct already does
// for all: ts-rs reads only the field's to mark it optional in the browser's types.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ModuleState {
    /// Castle recovery (duchies 11-18, `rules.castle_recovery`): the castles
    /// discarded so far that a player may still bring back (seed 000 line 702).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub discarded_castles: u8,
    /// Inns (module `inns`): the stack on the inn space beside the black depot, one
    /// added at each phase start and never cleared (seed 000 line 760).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub inns: u8,
    /// Trading posts (module `trading-posts`): the seats that took the trading-post
    /// bonus tiles, in order: the first took the 5/6/7 tile, the second the 2/3/4
    /// (seed 000 line 748). The posts connected are read off the duchies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trading_post_tiles: Vec<tabuleiro_core::Seat>,
    /// Shields (module `shields`): the shields on each numbered depot's goods
    /// spaces, by number (seed 000 line 865; never replenished, line 882).
    #[serde(default, skip_serializing_if = "no_shields")]
    pub shield_depots: [Vec<u8>; 6],
    /// Shields: per seat, the shield on each of its castles (castle space: shield
    /// number), seed 000 line 886. Empty until the shields are laid.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shields: Vec<BTreeMap<u8, u8>>,
    /// Shield 6: the player whose monasteries count as its holder's (seed 000 line
    /// 901), once chosen; cleared when the shield leaves the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shield6: Option<tabuleiro_core::Seat>,
    /// The crane (extra hexes): the monastery it counts for at the final scoring,
    /// once its holder chose (seed 000 line 724).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crane_monastery: Option<u8>,
    /// Shields: at a phase's end, the decisions still to come after the one being
    /// made (shields 14 and 15's tiles), each a seat and what it decides, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phase_end: Vec<(tabuleiro_core::Seat, crate::state::Pending)>,
    /// Trade routes (module `trade-routes`): per seat, its route tiles left to
    /// right and the goods laid on them (seed 000 lines 770-776). Empty until dealt
    /// at the first phase start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trade_routes: Vec<super::TradeRoute>,
    /// The solo game (module `solo`): the VP goal, the goods out of the game and
    /// the face-down tiles traded for goods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solo: Option<super::SoloState>,
    /// The AutoDuke (module `auto-duke`): its cards, duchy, reserve, goods, silver,
    /// VP and marker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auto_duke: Option<super::AutoDuke>,
    /// The team game (module `team`): the teams and their shared key spaces; the
    /// rest of what a team shares is in both members' records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team: Option<super::TeamState>,
    /// Vineyards (module `vineyards`): the vine depot and shop, the bag, the vine
    /// bonus tiles' supply and each seat's hexaminoes, vineyard board and tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vineyards: Option<super::Vineyards>,
    /// The team game, during a step only: what each team held when the step began
    /// (or was last merged), so that a step that goes on to another seat's
    /// decision reads the team's things merged ([`crate::Burgundy::team_sync`]).
    /// None between steps: never part of a position.
    #[serde(skip)]
    pub(crate) team_before: Option<super::team::TeamSnapshot>,
}

pub(crate) fn no_shields(depots: &[Vec<u8>; 6]) -> bool {
    depots.iter().all(Vec::is_empty)
}

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl ModuleState {
    pub fn is_empty(&self) -> bool {
        *self == ModuleState::default()
    }
}
