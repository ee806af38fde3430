//! The trade routes (8th expansion; seed 000 lines 768-776, 002 lines 794-802,
//! classic 001 lines 960-977). Each seat gets random route tiles of three spaces
//! (2 players 5, 3 players 4, 4 players 3), laid in random order under its player
//! board; goods sold go one by one, left to right, onto the route instead of the
//! sold pile, and a good whose number matches its space's number gains that
//! space's bonus at once; once the route is full, sold goods go to the sold pile.
//!
//! The tiles are data (`data/trade_routes.json`): only tiles 1-3 were read from a
//! picture, tiles 4-12 are a reconstruction (`"verified": false`), shown as
//! provisional wherever a player sees them and listed in the record's chance step.
//!
//! Goods on the route are still goods sold: they stay counted in the player's
//! `sold` (knowledge tiles 15 and 25 count them unless `rules.trade_route_sold`
//! says otherwise, digest A29); the route keeps the order they were laid in.

use super::Module;
use crate::action::{route_tiles, Action};
use crate::action::{Event, ScoreReason};
use crate::config::{TeamTradeRoute, TradeRouteBonus, TradeRouteOrder, TradeRouteSold};
use crate::error::{illegal, Reason, Why};
use crate::error::{Error, Result};
use crate::sets::ColourSet;
use crate::state::{Burgundy, Pending, RouteRest, Stage};
use crate::tile::Colour;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tabuleiro_core::{Rng, Seat, SeatSet};

pub const TRADE_ROUTES_JSON: &str = include_str!("../../data/trade_routes.json");

/// What a route space gives (the kinds the known tiles show; SOURCES.md section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum BonusKind {
    /// `amount` silver (the bank's 2).
    Silver,
    /// `amount` workers (the die action's 2).
    Workers,
    /// `amount` VP (the watchtower's 4).
    Vp,
    /// A building from a numbered depot (the carpenter's workshop).
    TakeBuilding,
    /// A mine, monastery or castle from a numbered depot (the church).
    TakeChurch,
    /// A tile of any kind from a numbered depot (the "+" patterned hex).
    TakeAny,
    /// Sell all goods of one type (the warehouse).
    Sell,
}

impl BonusKind {
    /// Does the bonus ask its seat a decision (a take, a sale)?
    pub fn asks_a_choice(self) -> bool {
        !matches!(self, BonusKind::Silver | BonusKind::Workers | BonusKind::Vp)
    }

    /// The event's key suffix (`event.route-bonus-silver`, ...).
    pub fn key_suffix(self) -> &'static str {
        match self {
            BonusKind::Silver => "-silver",
            BonusKind::Workers => "-workers",
            BonusKind::Vp => "-vp",
            BonusKind::TakeBuilding => "-take-building",
            BonusKind::TakeChurch => "-take-church",
            BonusKind::TakeAny => "-take-any",
            BonusKind::Sell => "-sell",
        }
    }
}

/// One space of a route tile: the goods number it matches and its bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RouteSpace {
    pub goods: u8,
    pub bonus: BonusKind,
    #[serde(default)]
    pub amount: u8,
}

/// One route tile as the data gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct RouteTile {
    pub number: u8,
    /// Read from a picture of the printed tile; false: a reconstruction (provisional).
    pub verified: bool,
    pub spaces: Vec<RouteSpace>,
}

impl BonusKind {
    /// What the bots reckon a bonus is worth, in VP: silver and VP at face value,
    /// workers at half (their final value), a tile taken or a sale at about what the
    /// building with that effect brings (the static judgement, `evaluate.rs`).
    fn worth(self, amount: u8) -> f64 {
        match self {
            BonusKind::Silver | BonusKind::Vp => amount as f64,
            BonusKind::Workers => amount as f64 * 0.5,
            BonusKind::TakeBuilding | BonusKind::TakeChurch => 2.5,
            BonusKind::TakeAny => 3.0,
            BonusKind::Sell => 2.0,
        }
    }
}

/// The bots' judgement of a seat's trade route: the best bonus its next sale could
/// earn, the goods of one type held going on the next spaces (seed 000 line 774),
/// weighed by `soon` (how much time is left to sell). Without the module, nothing.
pub(crate) fn trade_route_value(game: &Burgundy, seat: Seat, soon: f64) -> f64 {
    let Some(route) = game.modules.trade_routes.get(seat as usize) else {
        return 0.0;
    };
    let held = &game.players[seat as usize].goods;
    let data = &game.content().trade_routes;
    let next = || route.spaces(data).skip(route.goods.len());
    let best = (1..=6u8)
        .filter(|&g| held[g as usize - 1] > 0)
        .map(|g| {
            next()
                .take(held[g as usize - 1] as usize)
                .filter(|s| s.goods == g)
                .map(|s| s.bonus.worth(s.amount))
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    0.8 * soon * best
}

/// The module's data: the tiles and how many each seat gets.
#[derive(Clone, Debug, Deserialize)]
pub struct TradeRouteData {
    tiles_per_player: BTreeMap<String, serde_json::Value>,
    pub spaces_per_tile: usize,
    pub tiles: Vec<RouteTile>,
}

impl TradeRouteData {
    /// The data shipped with the engine; a game reads its own content's
    /// (`Content::trade_routes`).
    pub fn embedded() -> &'static TradeRouteData {
        &crate::content::Content::embedded().trade_routes
    }

    /// The data file read and checked ([`TradeRouteData::check`]).
    pub fn parse(text: &str) -> std::result::Result<TradeRouteData, crate::content::ContentError> {
        crate::content::read_data("trade_routes.json", text, TradeRouteData::check)
    }

    /// The tiles are numbered 1.. in order, each of `spaces_per_tile` spaces with a
    /// goods number 1-6; an amount where the kind counts one.
    fn check(&self) -> std::result::Result<(), String> {
        for (i, t) in self.tiles.iter().enumerate() {
            if t.number as usize != i + 1 {
                return Err(format!("tile {} is listed in place {}", t.number, i + 1));
            }
            if t.spaces.len() != self.spaces_per_tile {
                return Err(format!("tile {} has {} spaces", t.number, t.spaces.len()));
            }
            for s in &t.spaces {
                let counted = matches!(
                    s.bonus,
                    BonusKind::Silver | BonusKind::Workers | BonusKind::Vp
                );
                if !(1..=6).contains(&s.goods) || counted != (s.amount > 0) {
                    return Err(format!(
                        "tile {}: a space matches goods 1-6 and has an amount exactly for silver, workers and vp",
                        t.number
                    ));
                }
            }
        }
        for n in 2..=4 {
            let per = self.per_player(n);
            if per == 0 || per * n > self.tiles.len() {
                return Err(format!("tiles_per_player for {n} players"));
            }
        }
        Ok(())
    }

    /// Tiles per seat for the central board's player count (seed 000 line 770: "4
    /// jogadores: 3 peças cada, 3 jogadores: 4 cada, 2 jogadores: 5 cada"; the solo
    /// game follows the 2-player setup).
    pub fn per_player(&self, players: usize) -> usize {
        self.tiles_per_player
            .get(&players.to_string())
            .and_then(|v| v.as_u64())
            .unwrap_or(0) as usize
    }

    pub fn tile(&self, number: u8) -> Option<&RouteTile> {
        self.tiles.get((number as usize).wrapping_sub(1))
    }

    /// The tiles whose content is a reconstruction.
    pub fn provisional(&self) -> impl Iterator<Item = u8> + '_ {
        self.tiles.iter().filter(|t| !t.verified).map(|t| t.number)
    }
}

/// A seat's trade route: its tiles left to right, and the goods laid on it so far,
/// left to right (by type 1-6).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TradeRoute {
    pub tiles: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub goods: Vec<u8>,
    /// `rules.trade_route_order: chosen`: the seat has still to lay its tiles in
    /// the order it chooses (seed 000 line 772).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub to_arrange: bool,
}

impl TradeRoute {
    /// The route's spaces, left to right.
    pub fn spaces<'a>(
        &'a self,
        data: &'a TradeRouteData,
    ) -> impl Iterator<Item = &'a RouteSpace> + 'a {
        self.tiles
            .iter()
            .filter_map(|&n| data.tile(n))
            .flat_map(|t| t.spaces.iter())
    }

    pub fn len(&self, data: &TradeRouteData) -> usize {
        self.tiles.len() * data.spaces_per_tile
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The goods of type `t` on the route.
    pub fn count(&self, t: u8) -> u8 {
        self.goods.iter().filter(|&&g| g == t).count() as u8
    }
}

/// The teams at a team game's table: a team's route is dealt as to one of two
/// players (seed 000 line 770 "2 jogadores: 5 cada").
const TEAMS: usize = 2;

const CARPENTER: ColourSet = ColourSet::of(&[Colour::Building]);
const CHURCH: ColourSet = ColourSet::of(&[Colour::Mine, Colour::Knowledge, Colour::Castle]);

impl Burgundy {
    fn trade_routes(&self) -> bool {
        self.config.modules.contains(Module::TradeRoutes)
    }

    /// Are the routes still to be dealt? At the first phase start of a game with
    /// the module, after the shields (both before phase A's tiles; no sale comes
    /// earlier, so the moment changes nothing).
    pub(crate) fn routes_to_deal(&self) -> bool {
        self.trade_routes()
            && self.stage == Stage::PhaseStart
            && self.phase == 0
            && self.modules.trade_routes.is_empty()
            && !self.shields_to_lay()
    }

    fn route_tiles_each(&self) -> usize {
        let players = match self.team_route() {
            true => TEAMS,
            false => self.config.board_players() as usize,
        };
        self.content().trade_routes.per_player(players)
    }

    /// The team game with one route a team (`rules.team_trade_route: team`)?
    fn team_route(&self) -> bool {
        self.team() && self.config.rules.team_trade_route == TeamTradeRoute::Team
    }

    /// The seat that holds the route `seat`'s sales go onto: its own; with one route
    /// a team, its team's first member (the partner holds a copy, kept equal by
    /// [`Burgundy::share_route`]).
    fn route_owner(&self, seat: Seat) -> Seat {
        match (&self.modules.team, self.team_route()) {
            (Some(team), true) => team.members[team.team_of(seat).0][0],
            _ => seat,
        }
    }

    /// With one route a team, the owner's route copied to its partner.
    fn share_route(&mut self, owner: Seat) {
        let Some(team) = self.modules.team.as_ref().filter(|_| self.team_route()) else {
            return;
        };
        let partner = team.team_of(owner).1 as usize;
        let route = self.modules.trade_routes.get(owner as usize).cloned();
        if let (Some(route), Some(copy)) = (route, self.modules.trade_routes.get_mut(partner)) {
            *copy = route;
        }
    }

    /// The goods of type `t` on the routes of `seat`'s sold goods: its route's; in
    /// the team game with one route a player, both members' (they share the goods
    /// sold, seed 000 line 805).
    fn route_count(&self, seat: Seat, t: u8) -> u8 {
        let routes = &self.modules.trade_routes;
        let count = |s: Seat| routes.get(s as usize).map_or(0, |r| r.count(t));
        match (&self.modules.team, self.team_route()) {
            (Some(team), false) => count(seat) + count(team.team_of(seat).1),
            _ => count(seat),
        }
    }

    /// Deals each seat its tiles at random, in random order (seed 000 line 770
    /// "peças aleatórias ... em uma ordem aleatória"); with one route a team, each
    /// team's, written for both members.
    pub(crate) fn sample_routes(&self, rng: &mut Rng) -> Vec<Vec<u8>> {
        let data = &self.content().trade_routes;
        let mut pool: Vec<u8> = data.tiles.iter().map(|t| t.number).collect();
        let each = self.route_tiles_each();
        let seats = 0..self.players.len() as Seat;
        let mut routes: Vec<Vec<u8>> = seats
            .clone()
            .map(|seat| match self.route_owner(seat) == seat {
                true => (0..each)
                    .filter_map(|_| match pool.len() {
                        0 => None,
                        n => Some(pool.remove(rng.below(n))),
                    })
                    .collect(),
                false => Vec::new(),
            })
            .collect();
        for seat in seats {
            routes[seat as usize] = routes[self.route_owner(seat) as usize].clone();
        }
        routes
    }

    /// The dealt tiles that are provisional, in number order: the record says so.
    pub fn provisional_route_tiles(data: &TradeRouteData, routes: &[Vec<u8>]) -> Vec<u8> {
        let mut p: Vec<u8> = routes
            .iter()
            .flatten()
            .copied()
            .filter(|&n| data.tile(n).is_some_and(|t| !t.verified))
            .collect();
        p.sort_unstable();
        // A team's route is written for both members: each tile once.
        p.dedup();
        p
    }

    pub(crate) fn check_routes(&self, routes: &[Vec<u8>], provisional: &[u8]) -> Result<()> {
        let each = self.route_tiles_each();
        let mut seen = [false; 256];
        let owner = |s: usize| self.route_owner(s as Seat) as usize;
        let fits = routes.len() == self.players.len()
            && routes.iter().all(|r| r.len() == each)
            && (0..routes.len()).all(|s| routes.get(owner(s)) == Some(&routes[s]))
            && (0..routes.len())
                .filter(|&s| owner(s) == s)
                .flat_map(|s| &routes[s])
                .all(|&n| {
                    self.content().trade_routes.tile(n).is_some()
                        && !std::mem::replace(&mut seen[n as usize], true)
                });
        if !fits {
            return Err(Error::Outcome(format!(
                "each of the {} seats gets {each} different trade-route tiles 1-{} (with one route a team, both members the team's)",
                self.players.len(),
                self.content().trade_routes.tiles.len()
            )));
        }
        let shown = Burgundy::provisional_route_tiles(&self.content().trade_routes, routes);
        if !provisional.is_empty() && provisional != shown {
            return Err(Error::Outcome(format!(
                "the outcome lists the provisional trade-route tiles {provisional:?}; the data marks {shown:?}"
            )));
        }
        Ok(())
    }

    /// Lays the dealt routes; with `rules.trade_route_order: chosen` each route's
    /// owner arranges it (a team's first member arranges the team's).
    pub(crate) fn deal_routes(&mut self, routes: &[Vec<u8>], events: &mut Vec<Event>) {
        let chosen = self.config.rules.trade_route_order == TradeRouteOrder::Chosen;
        self.modules.trade_routes = (routes.iter().enumerate())
            .map(|(seat, tiles)| TradeRoute {
                tiles: tiles.clone(),
                goods: Vec::new(),
                to_arrange: chosen && self.route_owner(seat as Seat) == seat as Seat,
            })
            .collect();
        for (seat, tiles) in routes.iter().enumerate() {
            events.push(Event::TradeRouteDealt {
                seat: seat as Seat,
                tiles: tiles.clone(),
                provisional: Burgundy::provisional_route_tiles(
                    &self.content().trade_routes,
                    std::slice::from_ref(tiles),
                ),
            });
        }
    }

    /// Seed 000 line 774: "Sempre que você vender uma pilha de mercadorias, em vez de
    /// posicioná-las no lugar usual, posicione-as, mercadoria por mercadoria, da
    /// esquerda para a direita, nos espaços de sua rota comercial. Caso o número na
    /// mercadoria corresponda ao número do espaço da rota comercial, você recebe o
    /// bônus indicado imediatamente." Line 776: once full, the sold pile. A sale is
    /// of one type (seed 000 "Vender mercadorias"), so the stack's order is moot
    /// (digest A29). Silver, workers and VP come at once as each good is laid. A
    /// bonus that needs a choice (a take, a sale) waits on the turn's stack:
    /// `rules.trade_route_bonus` says whether after the whole stack is laid, the
    /// leftmost first (`after-stack`), or as its good is laid, the rest of the stack
    /// waiting for it (`at-once`).
    #[inline]
    pub(crate) fn lay_on_route(
        &mut self,
        seat: Seat,
        goods: u8,
        count: u8,
        events: &mut Vec<Event>,
    ) {
        // Without the module: one test, and the sale (in the base game's
        // apply_decision) stays small enough to be inlined.
        if !self.modules.trade_routes.is_empty() {
            self.lay_goods_on_route(seat, goods, count, events);
        }
    }

    #[cold]
    #[inline(never)]
    fn lay_goods_on_route(&mut self, seat: Seat, goods: u8, count: u8, events: &mut Vec<Event>) {
        let owner = self.route_owner(seat);
        let Some(route) = self.modules.trade_routes.get(owner as usize) else {
            return;
        };
        let first = route.goods.len();
        let data = &self.content().trade_routes;
        let free = (route.len(data) - first).min(count as usize);
        let spaces: Vec<RouteSpace> = route.spaces(data).skip(first).take(free).copied().collect();
        // At once, the laying stops after the first good whose bonus asks a choice.
        let laid = match self.config.rules.trade_route_bonus {
            TradeRouteBonus::AfterStack => free,
            TradeRouteBonus::AtOnce => spaces
                .iter()
                .position(|s| s.goods == goods && s.bonus.asks_a_choice())
                .map_or(free, |i| i + 1),
        };
        if laid == 0 {
            return;
        }
        self.modules.trade_routes[owner as usize]
            .goods
            .extend(std::iter::repeat_n(goods, laid));
        self.share_route(owner);
        events.push(Event::GoodsOnRoute {
            seat,
            goods,
            count: laid as u8,
            space: first as u8 + 1,
        });
        let mut decisions = Vec::new();
        for (i, s) in spaces[..laid].iter().enumerate() {
            if s.goods == goods {
                let space = (first + i) as u8 + 1;
                if let Some(pending) = self.route_bonus(seat, space, *s, events) {
                    decisions.push((space, pending));
                }
            }
        }
        let depth = self.turn().map_or(0, |t| t.pending.len()) as u8;
        let waits = self.await_route_bonuses(seat, &decisions, events);
        let rest = (free - laid) as u8;
        match (rest, waits) {
            (0, _) => {}
            (_, true) => {
                if let Stage::Turn(t) = &mut self.stage {
                    t.route_rest.push(RouteRest {
                        goods,
                        count: rest,
                        depth,
                    });
                }
            }
            // The bonus could not be used: the stack goes on at once.
            (_, false) => self.lay_on_route(seat, goods, rest, events),
        }
    }

    /// A route space's bonus: silver, workers and VP gained now; the decision a
    /// take or a sale asks.
    fn route_bonus(
        &mut self,
        seat: Seat,
        space: u8,
        s: RouteSpace,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        events.push(Event::RouteBonus {
            seat,
            space,
            kind: s.bonus,
            amount: s.amount,
        });
        match s.bonus {
            BonusKind::Silver => self.gain(seat, s.amount as u32, 0, events),
            BonusKind::Workers => self.gain(seat, 0, s.amount as u32, events),
            BonusKind::Vp => self.score(
                seat,
                s.amount as i32,
                ScoreReason::TradeRoute { space },
                events,
            ),
            BonusKind::TakeBuilding => return Some(Pending::TakeFrom { colours: CARPENTER }),
            BonusKind::TakeChurch => return Some(Pending::TakeFrom { colours: CHURCH }),
            BonusKind::TakeAny => {
                return Some(Pending::TakeFrom {
                    colours: ColourSet::ALL,
                })
            }
            BonusKind::Sell => return Some(Pending::WarehouseSell),
        }
        None
    }

    /// Puts the bonus decisions on the turn's stack, the leftmost on top (decided
    /// first); one no choice can use now is lost. True when one waits.
    fn await_route_bonuses(
        &mut self,
        seat: Seat,
        decisions: &[(u8, Pending)],
        events: &mut Vec<Event>,
    ) -> bool {
        let mut waits = false;
        for &(space, pending) in decisions.iter().rev() {
            if self.effect_usable(pending) {
                if let Stage::Turn(t) = &mut self.stage {
                    t.pending.push(pending);
                    waits = true;
                }
            } else {
                events.push(Event::RouteBonusLost { seat, space });
            }
        }
        waits
    }

    /// `rules.trade_route_bonus: at-once`: after a decision, the goods of a stack
    /// whose bonus was waiting go on, once everything the bonus brought is decided.
    pub(crate) fn lay_route_rest(&mut self, seat: Seat, events: &mut Vec<Event>) {
        loop {
            let Stage::Turn(t) = &mut self.stage else {
                return;
            };
            match t.route_rest.last() {
                Some(rest) if t.pending.len() <= rest.depth as usize => {
                    let rest = *rest;
                    t.route_rest.pop();
                    self.lay_on_route(seat, rest.goods, rest.count, events);
                }
                _ => return,
            }
        }
    }

    /// The seats still to lay their route tiles in the order they choose (all at
    /// once; the orders are public, as the tiles lie face up).
    pub(crate) fn routes_to_arrange(&self) -> SeatSet {
        let routes = self.modules.trade_routes.iter().enumerate();
        routes
            .filter(|(_, r)| r.to_arrange)
            .fold(SeatSet::EMPTY, |set, (s, _)| set.with(s as Seat))
    }

    /// Every order of `seat`'s tiles, while it has to choose one.
    pub(crate) fn route_orders(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(route) = self
            .modules
            .trade_routes
            .get(seat as usize)
            .filter(|r| r.to_arrange)
        else {
            return;
        };
        let mut tiles = route.tiles.clone();
        tiles.sort_unstable();
        loop {
            let mut order = [0u8; 5];
            order.iter_mut().zip(&tiles).for_each(|(o, &t)| *o = t);
            out.push(Action::RouteOrder { tiles: order });
            if !next_permutation(&mut tiles) {
                return;
            }
        }
    }

    /// Seed 000 line 772: "você pode posicionar suas peças na ordem que quiser".
    pub(crate) fn arrange_route(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        if !self.routes_to_arrange().contains(seat) {
            return Err(Error::NotYourDecision {
                seat,
                why: Why::Chance,
            });
        }
        let route = &mut self.modules.trade_routes[seat as usize];
        let order = match action {
            Action::RouteOrder { tiles } => route_tiles(tiles),
            _ => return Err(illegal(action, Reason::NotARouteOrder)),
        };
        let (mut a, mut b) = (order.clone(), route.tiles.clone());
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err(illegal(action, Reason::NotARouteOrder));
        }
        route.tiles = order.clone();
        route.to_arrange = false;
        self.share_route(seat);
        events.push(Event::RouteArranged { seat, tiles: order });
        Ok(())
    }

    /// The goods sold that knowledge tiles 15 and 25 count (digest A29): all, or
    /// those on the sold pile only (`rules.trade_route_sold`).
    pub(crate) fn sold_counted(&self, seat: Seat) -> [u8; 6] {
        let sold = self.players[seat as usize].sold;
        match self.config.rules.trade_route_sold {
            TradeRouteSold::NotCounted if !self.modules.trade_routes.is_empty() => {
                std::array::from_fn(|t| sold[t].saturating_sub(self.route_count(seat, t as u8 + 1)))
            }
            _ => sold,
        }
    }

    /// A position's routes: only with the module; dealt once the first phase has
    /// begun (none before), one per seat, the right number of different tiles, goods
    /// of types 1-6 no more than the route's spaces nor than the seat has sold.
    pub(crate) fn validate_trade_routes(&self) -> Result<()> {
        self.validate_route_rest()?;
        let bad = |m: String| Err(Error::Position(m));
        let routes = &self.modules.trade_routes;
        if !self.trade_routes() {
            return match routes.is_empty() {
                true => Ok(()),
                false => bad("trade routes are played with the module trade-routes".into()),
            };
        }
        if routes.is_empty() {
            let before = matches!(self.stage, Stage::Setup | Stage::StartingCastles)
                || (self.stage == Stage::PhaseStart && self.phase == 0);
            return match before {
                true => Ok(()),
                false => bad(
                    "modules.trade_routes: each seat has its route once the first phase has begun"
                        .into(),
                ),
            };
        }
        let arranging = self.stage == Stage::PhaseStart
            && self.phase == 0
            && self.config.rules.trade_route_order == TradeRouteOrder::Chosen;
        let owns = |s: usize| self.route_owner(s as Seat) as usize == s;
        if (routes.iter().enumerate())
            .any(|(s, r)| r.to_arrange && (!arranging || !r.goods.is_empty() || !owns(s)))
        {
            return bad("modules.trade_routes: a route is still to arrange only at the first phase start, with rules.trade_route_order chosen, by its owner (a team's first member with one route a team)".into());
        }
        // The partner's copy is laid as its owner's (only the owner arranges it).
        let laid = |s: usize| routes.get(s).map(|r| (&r.tiles, &r.goods));
        let owner = |s: usize| laid(self.route_owner(s as Seat) as usize);
        if (0..routes.len()).any(|s| laid(s) != owner(s)) {
            return bad("modules.trade_routes: with one route a team, both members hold the team's route (rules.team_trade_route team)".into());
        }
        let tiles: Vec<Vec<u8>> = routes.iter().map(|r| r.tiles.clone()).collect();
        if let Err(Error::Outcome(m)) = self.check_routes(&tiles, &[]) {
            return bad(format!("modules.trade_routes: {m}"));
        }
        for (seat, route) in routes.iter().enumerate() {
            // A team's goods sold are counted on its first member (the checks run
            // on `counted_once`).
            let first = match &self.modules.team {
                Some(team) => team.members[team.team_of(seat as Seat).0][0] as usize,
                None => seat,
            };
            let sold = self.players.get(first).map_or([0; 6], |p| p.sold);
            let too_many =
                (1..=6u8).any(|t| self.route_count(seat as Seat, t) > sold[t as usize - 1]);
            let len = route.len(&self.content().trade_routes);
            if route.goods.len() > len
                || route.goods.iter().any(|g| !(1..=6).contains(g))
                || too_many
            {
                return bad(format!(
                    "modules.trade_routes: seat {seat}'s route holds goods 1-6, at most {} (its spaces) and no more of a type than it has sold",
                    len
                ));
            }
        }
        Ok(())
    }

    /// Goods waiting to go onto the route (`rules.trade_route_bonus: at-once`): of
    /// types 1-6, each rest under a waiting decision of its own, no more than the
    /// route's free spaces.
    fn validate_route_rest(&self) -> Result<()> {
        let Some(t) = self.turn().filter(|t| !t.route_rest.is_empty()) else {
            return Ok(());
        };
        let route = self
            .modules
            .trade_routes
            .get(self.route_owner(t.seat) as usize);
        let data = &self.content().trade_routes;
        let free = route.map_or(0, |r| r.len(data) - r.goods.len());
        let waiting: usize = t.route_rest.iter().map(|r| r.count as usize).sum();
        let mut depths = t.route_rest.iter().map(|r| r.depth as usize);
        let stacked = depths
            .clone()
            .zip(depths.clone().skip(1))
            .all(|(a, b)| a < b)
            && depths.all(|d| d < t.pending.len());
        let ok = self.config.rules.trade_route_bonus == TradeRouteBonus::AtOnce
            && stacked
            && waiting <= free
            && t.route_rest
                .iter()
                .all(|r| (1..=6).contains(&r.goods) && r.count > 0);
        match ok {
            true => Ok(()),
            false => Err(Error::Position(format!(
                "turn.route_rest: goods wait to go onto the route only with rules.trade_route_bonus at-once, each (types 1-6) under a decision still waiting, at most {free} (the route's free spaces)"
            ))),
        }
    }
}

/// The next order of `v` in lexicographic order; false after the last.
fn next_permutation(v: &mut [u8]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped data loads: 12 tiles of 3 spaces, tiles 1-3 read from the
    /// picture and 4-12 provisional; 5/4/3 tiles for 2/3/4 players.
    #[test]
    fn the_data_loads_with_its_provisional_tiles() {
        let d = TradeRouteData::embedded();
        assert_eq!(d.tiles.len(), 12);
        assert_eq!(
            d.provisional().collect::<Vec<_>>(),
            (4..=12).collect::<Vec<_>>()
        );
        assert_eq!(
            [d.per_player(2), d.per_player(3), d.per_player(4)],
            [5, 4, 3]
        );
        // Each number 1-6 on 6 spaces, each tile 3 different numbers.
        let mut numbers = [0; 6];
        for t in &d.tiles {
            let mut n: Vec<u8> = t.spaces.iter().map(|s| s.goods).collect();
            n.iter().for_each(|&g| numbers[g as usize - 1] += 1);
            n.dedup();
            n.sort();
            n.dedup();
            assert_eq!(n.len(), 3, "tile {}", t.number);
        }
        assert_eq!(numbers, [6; 6]);
    }
}
