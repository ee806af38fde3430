//! Placing a tile from storage on the duchy (seed 000, "Colocar uma peça no
//! ducado") and the effects of placed tiles (seed 000, "Efeitos das peças").

use super::die::fits;
use super::Sink;
use crate::action::{Action, Event, ScoreReason};
use crate::config::{Connectivity, InnNumber, WhiteCastleIs};
use crate::content::{board_grid, Duchy};
use crate::knowledge::Knowledge;
use crate::modules::Module;
use crate::sets::{ColourSet, SpaceSet};
use crate::state::*;
use crate::tile::{distinct, Building, Colour, Tile};
use tabuleiro_core::Seat;

/// The colours the building effects take (seed 000, "Construções").
const MARKET: ColourSet = ColourSet::of(&[Colour::Water, Colour::Pasture]);
const CARPENTER: ColourSet = ColourSet::of(&[Colour::Building]);
const CHURCH: ColourSet = ColourSet::of(&[Colour::Mine, Colour::Knowledge, Colour::Castle]);

/// A seat's duchy as its placements read it ([`Burgundy::placing`]).
pub(super) struct Placing<'a> {
    seat: Seat,
    player: &'a Player,
    duchy: &'a Duchy,
    /// The empty spaces a tile may go next to: those next to a covered one, or
    /// every empty one with the shield that places anywhere.
    next_to_covered: SpaceSet,
}

/// Why a tile cannot go on a duchy space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misplaced {
    NoSuchSpace,
    Covered,
    /// The space has this other colour.
    Colour(Colour),
    /// The space shows this number.
    Number(u8),
    Isolated,
    SameBuildingInCity,
    /// `rules.connectivity: same-colour-to-castle`: neither next to a castle nor
    /// joined to one through tiles of the new tile's colour.
    NotConnectedToCastle,
    /// Inns: this area already holds one (seed 000 line 764).
    SecondInnInArea,
}

/// The spaces next to any of `set`'s.
fn around(set: SpaceSet) -> SpaceSet {
    let nb = board_grid();
    set.iter().fold(SpaceSet::EMPTY, |acc, s| acc.union(nb[s]))
}

/// Duchies 11-18's optional rule (seed 000 line 700): the spaces a new `tile` may go
/// on, next to a placed castle or to a placed tile of its colour joined to a castle
/// through tiles of that colour only. Castles are exempt ("Esta regra não se aplica a
/// novos castelos"); so are white castles, and they anchor, when read as castles
/// (`rules.white_castle`). An inn goes by the colour of the space it covers (our
/// reading: it has no colour of its own), placed or new.
fn joined_to_castle(p: &Player, duchy: &Duchy, tile: Tile, white: WhiteCastleIs) -> SpaceSet {
    let white_castle = Tile::Building(Building::WhiteCastle);
    let white_is_castle = white == WhiteCastleIs::Castle;
    if tile.colour() == Colour::Castle || (tile == white_castle && white_is_castle) {
        return duchy.all;
    }
    if tile == Tile::INN {
        return Colour::ALL.iter().fold(SpaceSet::EMPTY, |acc, &c| {
            let joined = joined_by_colour(p, duchy, c, white_is_castle);
            acc.union(joined.intersection(duchy.colour_spaces[c.index()]))
        });
    }
    joined_by_colour(p, duchy, tile.colour(), white_is_castle)
}

/// The spaces next to a placed castle or to a placed tile on a `colour` space joined
/// to a castle through such tiles.
fn joined_by_colour(p: &Player, duchy: &Duchy, colour: Colour, white_is_castle: bool) -> SpaceSet {
    let white_castle = Tile::Building(Building::WhiteCastle);
    let covered = p.covered();
    let mut castles = covered.intersection(duchy.colour_spaces[Colour::Castle.index()]);
    if white_is_castle {
        castles = castles.union(p.spaces_with(white_castle));
    }
    let same = covered.intersection(duchy.colour_spaces[colour.index()]);
    let mut reached = around(castles).intersection(same);
    loop {
        let more = reached.union(around(reached).intersection(same));
        if more == reached {
            break;
        }
        reached = more;
    }
    around(castles).union(around(reached))
}

/// Knowledge tiles 9-11: a free +-1 on the die for placing tiles of these colours.
/// They name beige, blue or green, red, grey or yellow tiles (seed 000 lines
/// 657-659): not an inn.
fn free_step(game: &Burgundy, seat: Seat, tile: Tile) -> bool {
    if tile.any_colour() {
        return false;
    }
    game.knows(
        seat,
        match tile.colour() {
            Colour::Building => Knowledge::FreeStepBuildings,
            Colour::Water | Colour::Pasture => Knowledge::FreeStepWaterPasture,
            _ => Knowledge::FreeStepOthers,
        },
    )
}

/// The spaces a die showing `value` fits (with a free step, the faces next to it too).
fn number_spaces(duchy: &Duchy, value: u8, free_step: bool) -> SpaceSet {
    let of = |v: u8| {
        duchy
            .number_spaces
            .get(v as usize)
            .copied()
            .unwrap_or_default()
    };
    if !(1..=6).contains(&value) {
        return SpaceSet::EMPTY;
    }
    match free_step {
        false => of(value),
        true => of(value)
            .union(of(value % 6 + 1))
            .union(of((value + 4) % 6 + 1)),
    }
}

impl Burgundy {
    /// Why `tile` may not go on `space` of `seat`'s duchy with a die showing `value`
    /// (None: any number, as for a castle's action or a city hall). Seed 000, "Colocar
    /// uma peça no ducado": same colour, the die's number, next to a placed tile.
    pub fn placement_problem(
        &self,
        seat: Seat,
        tile: Tile,
        space: u8,
        value: Option<u8>,
    ) -> Option<Misplaced> {
        let p = self.player(seat);
        let duchy = self.duchy(seat);
        let s = space as usize;
        if s >= duchy.spaces {
            return Some(Misplaced::NoSuchSpace);
        }
        if p.spaces[s].is_some() {
            return Some(Misplaced::Covered);
        }
        if !tile.goes_on(duchy.colours[s]) {
            return Some(Misplaced::Colour(duchy.colours[s]));
        }
        if !fits(
            self.placement_value(tile, value),
            duchy.dice[s],
            free_step(self, seat, tile),
        ) {
            return Some(Misplaced::Number(duchy.dice[s]));
        }
        // The duchy's own neighbours: a solo board's clusters are joined only by
        // rivers (seed 000 line 839).
        if duchy.neighbours[s].intersection(p.covered()).is_empty() && !self.places_anywhere(seat) {
            return Some(Misplaced::Isolated);
        }
        if self.config.rules.connectivity == Connectivity::SameColourToCastle
            && !joined_to_castle(p, duchy, tile, self.config.rules.white_castle).contains(s)
        {
            return Some(Misplaced::NotConnectedToCastle);
        }
        if tile == Tile::INN && self.inn_in_area(seat, duchy.area[s]) {
            return Some(Misplaced::SecondInnInArea);
        }
        if let Tile::Building(_) = tile {
            // Seed 000, "Construções": one building of each type per city, unless
            // knowledge tile 1.
            let area = duchy.area[s];
            let twin = duchy
                .spaces_of_area(area)
                .any(|m| p.spaces[m] == Some(tile));
            if twin && !self.knows(seat, Knowledge::TwinBuildings) && !self.twins_allowed(tile) {
                return Some(Misplaced::SameBuildingInCity);
            }
        }
        None
    }

    /// The placements from storage, each kind of tile once, spaces in id order: the
    /// rule of [`Burgundy::placement_problem`] as bit operations on the duchy's
    /// precomputed geometry (a test checks that they agree).
    pub(super) fn placements(&self, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        // The team's placements from the shared key spaces are a second copy of the
        // loop: the base game's pays no test per tile (issue 15, its speed).
        match self.modules.team.is_some() {
            false => self.placements_of::<false>(seat, value, out),
            true => self.placements_of::<true>(seat, value, out),
        }
    }

    /// [`Burgundy::placements`]; `TEAM`: the team game, whose kinds on both the
    /// private and the shared key spaces may leave either.
    fn placements_of<const TEAM: bool>(&self, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        let p = self.player(seat);
        if p.storage.is_empty() {
            return;
        }
        let at = self.placing(seat);
        for tile in distinct(&p.storage) {
            let open = self.open_spaces(&at, tile, value);
            for space in open.iter() {
                out.push(Action::Place {
                    tile,
                    space: space as u8,
                    shared: false,
                });
            }
            // The team game: a kind on both the private and the shared key spaces
            // may leave either (seed 000 line 803).
            if TEAM && self.leaves_either(seat, tile) {
                for space in open.iter() {
                    out.push(Action::Place {
                        tile,
                        space: space as u8,
                        shared: true,
                    });
                }
            }
        }
    }

    /// What `seat`'s placements read of its duchy, looked up once for all the tiles
    /// tried: a duchy's lookup searches the content's boards (the solo boards come
    /// last), and the spaces next to covered ones fold over a solo board's (issue 46).
    /// Always inlined: it is the base game's placements' first step.
    #[inline(always)]
    pub(super) fn placing(&self, seat: Seat) -> Placing<'_> {
        let player = self.player(seat);
        let duchy = self.duchy(seat);
        // A duchy keeps the spaces next to its covered ones on the hex grid; a solo
        // board's clusters are joined only by rivers (seed 000 line 839), so there
        // the board's own neighbours count.
        let next_to_covered = if self.places_anywhere(seat) {
            duchy.all.without(player.covered())
        } else if self.config.modules.contains(Module::Solo) {
            let covered = player.covered();
            covered
                .iter()
                .fold(SpaceSet::EMPTY, |acc, s| acc.union(duchy.neighbours[s]))
                .without(covered)
        } else {
            player.spaces.open()
        };
        Placing {
            seat,
            player,
            duchy,
            next_to_covered,
        }
    }

    /// The spaces `tile` may go on with a die showing `value` (None: any number):
    /// the rule of [`Burgundy::placement_problem`] for every space at once, as bit
    /// operations on the duchy's precomputed geometry (a test checks that they
    /// agree). Always inlined: it is the base game's placements' loop, which a call
    /// made dearer (issue 46).
    #[inline(always)]
    pub(super) fn open_spaces(&self, at: &Placing, tile: Tile, value: Option<u8>) -> SpaceSet {
        let (seat, p, duchy) = (at.seat, at.player, at.duchy);
        let numbers = match self.placement_value(tile, value) {
            None => duchy.all,
            Some(v) => number_spaces(duchy, v, free_step(self, seat, tile)),
        };
        let colour = match tile.any_colour() {
            true => duchy.all,
            false => duchy.colour_spaces[tile.colour().index()],
        };
        let mut open = at
            .next_to_covered
            .intersection(colour)
            .intersection(numbers);
        if self.config.rules.connectivity == Connectivity::SameColourToCastle {
            let white = self.config.rules.white_castle;
            open = open.intersection(joined_to_castle(p, duchy, tile, white));
        }
        // Seed 000, "Construções": one building of each type per city, unless
        // knowledge tile 1.
        // Inns: one per area, whatever its colour (seed 000 line 764).
        if let Tile::Building(_) = tile {
            if tile == Tile::INN
                || (!self.knows(seat, Knowledge::TwinBuildings) && !self.twins_allowed(tile))
            {
                for twin in p.spaces_with(tile).iter() {
                    open = open.without(duchy.area_spaces[duchy.area[twin] as usize]);
                }
            }
        }
        open
    }

    /// Places a tile from storage.
    pub(super) fn place(&mut self, seat: Seat, tile: Tile, space: u8, events: &mut Vec<Event>) {
        let i = self.stored_at(seat, tile);
        self.place_from(seat, i, space, events);
    }

    /// The team game: places a tile from the key space `shared` names, as in
    /// [`Action::Place`] (out of the base game's way).
    #[cold]
    #[inline(never)]
    pub(super) fn team_place(
        &mut self,
        seat: Seat,
        (tile, space, shared): (Tile, u8, bool),
        events: &mut Vec<Event>,
    ) {
        let i = self.team_leaving(seat, tile, shared);
        self.place_from(seat, i, space, events);
    }

    /// Places the tile at `i` in `seat`'s storage on `space`. Always inlined, as
    /// [`Burgundy::discard_at`].
    #[inline(always)]
    fn place_from(&mut self, seat: Seat, i: usize, space: u8, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let tile = p.storage.remove(i);
        p.spaces.place(space as usize, tile);
        events.push(Event::Placed { seat, tile, space });
        self.placed_hooks(seat, tile, space, events);
    }

    /// Seed 000, "Efeitos das peças".
    pub(crate) fn placement_effect(&mut self, seat: Seat, tile: Tile, events: &mut Vec<Event>) {
        let Some(pending) = self.effect_of(seat, tile, events) else {
            return;
        };
        // An effect that cannot be used is lost (seed 001: it cannot be used later).
        if self.effect_usable(pending) {
            self.turn_mut().pending.push(pending);
        } else {
            events.push(Event::EffectLost { seat, tile });
        }
    }

    /// Applies the immediate effect of a placed tile; returns the decision it brings.
    fn effect_of(&mut self, seat: Seat, tile: Tile, events: &mut Vec<Event>) -> Option<Pending> {
        match tile {
            Tile::Castle => Some(Pending::UseDie { value: None }),
            // Seed 000 lines 352-362 (002 372-382, 001 407-430): 1. the goods, 2. then
            // the turn-order marker. With no goods anywhere only the marker moves; else
            // it moves once the goods are taken ([`Burgundy::ship`]).
            Tile::Ship => {
                let any_goods = self.depot_goods.iter().flatten().any(|&g| g > 0);
                if !any_goods {
                    self.ship_done(seat, events);
                }
                any_goods.then_some(Pending::ShipGoods)
            }
            Tile::Building(b) => self.building_effect(seat, b, events),
            _ if tile == Knowledge::TopOfStack.tile() => {
                let (space, _) = self.track_position(seat);
                self.knowledge27_on_top(space);
                None
            }
            Tile::Mine | Tile::Knowledge(_) | Tile::Livestock { .. } => None,
        }
    }

    fn building_effect(
        &mut self,
        seat: Seat,
        b: Building,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match b {
            Building::BoardingHouse | Building::Bank => {
                let (silver, workers) = if b == Building::Bank { (2, 0) } else { (0, 4) };
                self.gain(seat, silver, workers, events);
                None
            }
            Building::Watchtower => {
                self.score(seat, 4, ScoreReason::Watchtower, events);
                None
            }
            _ => Burgundy::building_decision(b),
        }
    }

    /// The die value an inn's placement needs: with `rules.inn_number: any` none
    /// (digest A14).
    fn placement_value(&self, tile: Tile, value: Option<u8>) -> Option<u8> {
        match tile == Tile::INN && self.config.rules.inn_number == InnNumber::Any {
            true => None,
            false => value,
        }
    }

    /// White castles and the one-building-per-city rule (digest A26,
    /// `rules.white_castle`): a castle is no building type.
    fn twins_allowed(&self, tile: Tile) -> bool {
        // An inn is no building type: its own rule is one per area; nor is a
        // face-down tile (solo game).
        tile.any_colour()
            || tile == Tile::Building(Building::WhiteCastle)
                && self.config.rules.white_castle == WhiteCastleIs::Castle
    }

    /// The decision a building's effect brings, if any, without applying it (the
    /// crane lists the effects it can use).
    fn building_decision(b: Building) -> Option<Pending> {
        match b {
            Building::Warehouse => Some(Pending::WarehouseSell),
            Building::CarpentersWorkshop => Some(Pending::TakeFrom { colours: CARPENTER }),
            Building::Church => Some(Pending::TakeFrom { colours: CHURCH }),
            Building::Market => Some(Pending::TakeFrom { colours: MARKET }),
            Building::CityHall => Some(Pending::CityHall),
            // Seed 000 line 720: "você pode acionar imediatamente o efeito de qualquer
            // construção bege que quiser".
            Building::Crane => Some(Pending::Crane),
            // Seed 000 line 756: "realize uma ação utilizando o valor atual do dado
            // branco. Você pode usar trabalhadores para alterar o valor".
            Building::WhiteCastle => Some(Pending::WhiteDie),
            _ => None,
        }
    }

    /// The crane's choices: each beige building whose effect can be used now, or
    /// none (the effect is a "may").
    pub(super) fn crane_choices(&self, out: &mut impl Sink) {
        // A white castle read as a building is a beige one (`rules.white_castle`),
        // triggered only where the white castles are played.
        let white = (self.config.rules.white_castle == WhiteCastleIs::Building
            && self.config.modules.contains(Module::WhiteCastles))
        .then_some(&Building::WhiteCastle);
        for &b in Building::BEIGE.iter().chain(white) {
            if Burgundy::building_decision(b).is_none_or(|p| self.effect_usable(p)) {
                out.push(Action::Crane { building: b });
            }
        }
        out.push(Action::Pass);
    }

    /// The crane triggers `b`'s effect as if `b` were placed.
    pub(super) fn crane(&mut self, seat: Seat, b: Building, events: &mut Vec<Event>) {
        events.push(Event::CraneTriggered { seat, building: b });
        self.placement_effect(seat, Tile::Building(b), events);
    }

    /// Can the decision a placed tile brings be made now?
    pub(crate) fn effect_usable(&self, pending: Pending) -> bool {
        let turn = self.turn().expect("in a turn");
        let mut options = super::Choices::default();
        self.decision_actions(turn, pending, &mut options);
        if options.0 > 0 {
            return true;
        }
        // The city hall may place a tile bought now.
        pending == Pending::CityHall && {
            let mut buys = super::Choices::default();
            self.purchases(turn, &mut buys);
            buys.0 > 0
        }
    }

    /// A ship moves the turn-order marker one space on, on top of any stack there.
    pub(super) fn move_on_track(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (space, h) = self.track_position(seat);
        self.track[space].remove(h);
        self.seat_left_track_space(space, h);
        let to = (space + 1).min(TRACK - 1);
        self.track[to].push(seat);
        self.knowledge27_on_top(to);
        events.push(Event::MovedOnTrack {
            seat,
            space: to as u8,
        });
    }

    /// Knowledge tile 27 (seed 000 line 712): "Caso seu marcador de ordem de turno
    /// esteja em uma pilha de marcadores, ele sempre é posicionado no topo da pilha
    /// (...) tanto ativamente quanto passivamente": its holder's marker goes on top
    /// of the stack on `space` (the others keep their order).
    pub(crate) fn knowledge27_on_top(&mut self, space: usize) {
        let holds = |s: &Seat| self.knows(*s, Knowledge::TopOfStack);
        if self.track[space].iter().any(holds) {
            let (top, rest): (Vec<Seat>, Vec<Seat>) =
                self.track[space].iter().copied().partition(holds);
            self.track[space] = rest.into_iter().chain(top).collect();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::modules::{Module, ModuleSet};
    use tabuleiro_core::{play, Game, UniformChooser};

    /// The bit-operation placements are exactly the spaces `placement_problem`
    /// accepts, one space at a time, for every die value, in every position of random
    /// games (each knowledge tile, twin building and full duchy that comes up).
    #[test]
    fn placements_agree_with_the_rule_space_by_space() {
        let (mut checked, mut inns) = (0, 0);
        for seed in 0..40 {
            let mut config = Config::players(2 + (seed % 3) as u8);
            // Every other game on duchies 11-18 with their connectivity rule; every
            // fourth with the inns too, on any number every other time.
            if seed % 2 == 1 {
                config.modules = ModuleSet::of(&[Module::Duchies11To18]);
                config.rules.connectivity = Connectivity::SameColourToCastle;
            }
            if seed % 4 >= 2 {
                config.modules = config.modules.with(Module::Inns);
            }
            if seed % 8 >= 6 {
                config.rules.inn_number = InnNumber::Any;
            }
            play::<Burgundy>(&config, seed, &mut UniformChooser, false, |game, _| {
                for seat in 0..game.players() as Seat {
                    for value in [None, Some(1), Some(2), Some(3), Some(4), Some(5), Some(6)] {
                        let mut fast = Vec::new();
                        game.placements(seat, value, &mut fast);
                        let mut slow = Vec::new();
                        let storage = &game.players[seat as usize].storage;
                        for (i, &tile) in storage.iter().enumerate() {
                            if storage[..i].contains(&tile) {
                                continue;
                            }
                            for space in 0..crate::content::MAX_SPACES as u8 {
                                if game.placement_problem(seat, tile, space, value).is_none() {
                                    slow.push(Action::Place {
                                        tile,
                                        space,
                                        shared: false,
                                    });
                                }
                            }
                        }
                        assert_eq!(fast, slow, "seed {seed} seat {seat} value {value:?}");
                        checked += slow.len();
                        inns += slow
                            .iter()
                            .filter(|a| {
                                matches!(
                                    a,
                                    Action::Place {
                                        tile: Tile::INN,
                                        ..
                                    }
                                )
                            })
                            .count();
                    }
                }
            })
            .unwrap();
        }
        assert!(checked > 10_000, "placements were tried ({checked})");
        assert!(inns > 100, "inn placements were tried ({inns})");
    }

    /// The shields' depot placements (shields 14 and 15), read from the duchy's
    /// geometry, are exactly the spaces `placement_problem` accepts one at a time, in
    /// every position of random games with the modules that change the rule: the
    /// place-anywhere shield, duchies 11-18's connectivity, the inns, white castles,
    /// trading-post duchies and the team's boards.
    #[test]
    fn shield_tile_placements_agree_with_the_rule_space_by_space() {
        let modules = [
            vec![Module::Shields],
            vec![Module::Shields, Module::Duchies11To18, Module::Inns],
            vec![Module::Shields, Module::TradingPosts, Module::WhiteCastles],
            vec![Module::Shields, Module::Team, Module::Inns],
        ];
        let mut checked = 0;
        for seed in 0..16u64 {
            let mut config = Config::players(4);
            config.modules = ModuleSet::of(&modules[seed as usize % modules.len()]);
            if seed % 8 == 1 {
                config.rules.connectivity = Connectivity::SameColourToCastle;
            }
            play::<Burgundy>(&config, seed, &mut UniformChooser, false, |game, _| {
                for seat in 0..game.players() as Seat {
                    for black in [false, true] {
                        let mut fast = Vec::new();
                        game.shield_tile_placements(seat, black, &mut fast);
                        let slow = shield_tile_placements_one_by_one(game, seat, black);
                        assert_eq!(fast, slow, "seed {seed} seat {seat} black {black}");
                        checked += slow.len();
                    }
                }
            })
            .unwrap();
        }
        assert!(checked > 10_000, "placements were tried ({checked})");
    }

    /// The shields' depot placements asked of `placement_problem` space by space.
    fn shield_tile_placements_one_by_one(game: &Burgundy, seat: Seat, black: bool) -> Vec<Action> {
        let depots = match black {
            true => crate::action::BLACK..=crate::action::BLACK,
            false => 1..=6,
        };
        let mut out = Vec::new();
        for depot in depots {
            let tiles = game.depot_tiles(crate::sets::Depot::of(depot));
            for tile in distinct(tiles) {
                for space in 0..game.duchy(seat).spaces as u8 {
                    if game.placement_problem(seat, tile, space, None).is_none() {
                        out.push(Action::ShieldTile { depot, tile, space });
                    }
                }
            }
        }
        out
    }
}
