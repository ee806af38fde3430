//! Placing a tile from storage on the duchy (seed 000, "Colocar uma peça no
//! ducado") and the effects of placed tiles (seed 000, "Efeitos das peças").

use super::die::fits;
use crate::action::{Action, Event, ScoreReason};
use crate::content::{neighbours, SPACES};
use crate::knowledge::Knowledge;
use crate::sets::ColourSet;
use crate::state::*;
use crate::tile::{Building, Colour, Tile};
use tabuleiro_core::Seat;

/// The colours the building effects take (seed 000, "Construções").
const MARKET: ColourSet = ColourSet::of(&[Colour::Water, Colour::Pasture]);
const CARPENTER: ColourSet = ColourSet::of(&[Colour::Building]);
const CHURCH: ColourSet = ColourSet::of(&[Colour::Mine, Colour::Knowledge, Colour::Castle]);

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
        let duchy = p.duchy();
        let s = space as usize;
        if s >= SPACES {
            return Some(Misplaced::NoSuchSpace);
        }
        if p.spaces.0[s].is_some() {
            return Some(Misplaced::Covered);
        }
        if duchy.colours[s] != tile.colour() {
            return Some(Misplaced::Colour(duchy.colours[s]));
        }
        let free_step = match tile.colour() {
            Colour::Building => p.knows(Knowledge::FreeStepBuildings),
            Colour::Water | Colour::Pasture => p.knows(Knowledge::FreeStepWaterPasture),
            _ => p.knows(Knowledge::FreeStepOthers),
        };
        if !fits(value, duchy.dice[s], free_step) {
            return Some(Misplaced::Number(duchy.dice[s]));
        }
        if !neighbours()[s]
            .iter()
            .any(|&m| p.spaces.0[m as usize].is_some())
        {
            return Some(Misplaced::Isolated);
        }
        if let Tile::Building(_) = tile {
            // Seed 000, "Construções": one building of each type per city, unless
            // knowledge tile 1.
            let area = duchy.area[s];
            let twin = duchy
                .spaces_of_area(area)
                .any(|m| p.spaces.0[m] == Some(tile));
            if twin && !p.knows(Knowledge::TwinBuildings) {
                return Some(Misplaced::SameBuildingInCity);
            }
        }
        None
    }

    pub(super) fn placements(&self, seat: Seat, value: Option<u8>, out: &mut Vec<Action>) {
        let storage = &self.player(seat).storage;
        for (i, &tile) in storage.iter().enumerate() {
            if storage[..i].contains(&tile) {
                continue;
            }
            for space in 0..SPACES as u8 {
                if self.placement_problem(seat, tile, space, value).is_none() {
                    out.push(Action::Place { tile, space });
                }
            }
        }
    }

    pub(super) fn place(&mut self, seat: Seat, tile: Tile, space: u8, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        let i = p.storage.iter().position(|&t| t == tile).expect("legal");
        p.storage.remove(i);
        p.spaces.0[space as usize] = Some(tile);
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
            Tile::Ship => {
                self.move_on_track(seat, events);
                let any_goods = self.depot_goods.iter().flatten().any(|&g| g > 0);
                any_goods.then_some(Pending::ShipGoods)
            }
            Tile::Building(b) => self.building_effect(seat, b, events),
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
            Building::Warehouse => Some(Pending::WarehouseSell),
            Building::CarpentersWorkshop => Some(Pending::TakeFrom { colours: CARPENTER }),
            Building::Church => Some(Pending::TakeFrom { colours: CHURCH }),
            Building::Market => Some(Pending::TakeFrom { colours: MARKET }),
            Building::CityHall => Some(Pending::CityHall),
            Building::BoardingHouse | Building::Bank => {
                let (silver, workers) = if b == Building::Bank { (2, 0) } else { (0, 4) };
                self.gain(seat, silver, workers, events);
                None
            }
            Building::Watchtower => {
                self.score(seat, 4, ScoreReason::Watchtower, events);
                None
            }
        }
    }

    /// Can the decision a placed tile brings be made now?
    fn effect_usable(&self, pending: Pending) -> bool {
        let turn = self.turn().expect("in a turn");
        let mut probe = turn.clone();
        probe.pending.push(pending);
        let mut options = Vec::new();
        self.decision_actions(&probe, &mut options);
        if options.iter().any(|a| *a != Action::Pass) {
            return true;
        }
        // The city hall may place a tile bought now.
        pending == Pending::CityHall && {
            let mut buys = Vec::new();
            self.purchases(&probe, &mut buys);
            !buys.is_empty()
        }
    }

    /// A ship moves the turn-order marker one space on, on top of any stack there.
    fn move_on_track(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (space, h) = self.track_position(seat);
        self.track[space].remove(h);
        let to = (space + 1).min(TRACK - 1);
        self.track[to].push(seat);
        events.push(Event::MovedOnTrack {
            seat,
            space: to as u8,
        });
    }
}
