//! Expansions' home (issue 15). A config names the modules it plays with
//! (`"modules": ["duchies-11-18", ...]`, a typed [`ModuleSet`]); [`check`] refuses a
//! combination the rulebooks forbid, or one this engine does not play yet, with a
//! typed reason ([`ModuleRefusal`], catalogue keys `refusal.module.<name>`). What a
//! module keeps on the table lives in [`ModuleState`], part of the position. The
//! engine calls the modules' hooks ([`hooks`]) at a placement, a phase's end and the
//! final scoring.

mod auto_duke;
mod base;
mod hooks;
mod inns;
mod menu;
mod refusal;
mod set;
mod shields;
mod solo;
pub(crate) mod state;
mod team;
mod trade_routes;
mod trading_posts;
mod vineyards;

pub use auto_duke::{
    AutoDuke, AutoDukeAction, AutoDukeBoard, AutoDukeCastleBonus, AutoDukeData, AutoDukeLevel,
    AutoDukeModifierB, AutoDukeModifiers, AutoDukeOrder, AutoDukePurchase, AutoDukeWhiteCastle,
    Held, SaleCause, VillageCard, VillageCardData, AUTO_DUKE, AUTO_DUKE_JSON,
};
pub use hooks::Hooks;
pub(crate) use menu::{edition_defaults, reading};
pub use menu::{menu, RuleChoice, RULE_CHOICES};
pub use refusal::ModuleRefusal;
pub use set::{Module, ModuleSet};
pub use shields::{ShieldData, ShieldInfo};
pub use state::ModuleState;
pub(crate) use trade_routes::trade_route_value;
pub use trade_routes::{
    BonusKind, RouteSpace, RouteTile, TradeRoute, TradeRouteData, TRADE_ROUTES_JSON,
};
pub use trading_posts::links as trading_post_links;
pub(crate) use trading_posts::trading_posts_value;
pub(crate) use vineyards::vineyard_value;
pub use vineyards::{
    vine_area_vp, vine_seat_lines, vine_table_lines, vines_held, Hexamino, Planted, Vine,
    VineBonus, VineKeys, VineMove, VineSeat, VineSpace, VineyardBoard, Vineyards, VINEYARDS_JSON,
};

pub(crate) use refusal::check;
pub(crate) use shields::ability as shield;
pub use solo::SOLO_DUCHIES_JSON;
pub(crate) use solo::{solo_duchies, solo_refusal, SOLO_BOARD};
pub use solo::{SoloClockwise, SoloGoal, SoloRoundGood, SoloState, SOLO_GOAL};
pub use team::{
    board_halves, team_boards, team_standings, Team, TeamBoard, TeamBoardSide, TeamShields,
    TeamState, TeamTiebreak, TeamTradeRoute, TeamVineyard, ADVANCED_TEAM_BOARD, PRIVATE_STORAGE,
    SHARED_STORAGE, TEAM_BOARD, TEAM_DUCHIES_JSON, TEAM_GOODS, TEAM_PLAYERS, TEAM_SILVER,
    TEAM_SPACES,
};
pub(crate) use team::{team_boards_from, team_duchy, team_refusal};
