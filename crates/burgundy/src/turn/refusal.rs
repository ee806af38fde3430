//! Why a decision is refused: the typed reason named in [`Error::Illegal`].

use super::die::fits;
use super::Misplaced;
use crate::action::{Action, BLACK};
use crate::config::ShipDepot;
use crate::error::{Awaiting, Reason};
use crate::knowledge::Knowledge;
use crate::sets::Depot;
use crate::state::*;
use crate::tile::Tile;

impl Misplaced {
    /// The refusal of placing `tile` on `space` with a die showing `value`.
    pub fn reason(self, tile: Tile, space: u8, value: Option<u8>) -> Reason {
        match self {
            Misplaced::NoSuchSpace => Reason::NoSuchSpace { space },
            Misplaced::Covered => Reason::SpaceCovered { space },
            Misplaced::Colour(colour) => Reason::WrongColour {
                space,
                colour,
                needs: tile.colour(),
            },
            Misplaced::Number(number) => Reason::WrongNumber {
                space,
                number,
                value: value.unwrap_or(0),
            },
            Misplaced::Isolated => Reason::NotAdjacent { space },
            Misplaced::SameBuildingInCity => Reason::SameBuildingInCity { tile },
            Misplaced::NotConnectedToCastle => Reason::NotConnectedToCastle { space },
            Misplaced::SecondInnInArea => Reason::SecondInnInArea { space },
        }
    }
}

/// What the turn waits for, named in a refusal.
pub(crate) fn awaiting(pending: Option<&Pending>) -> Awaiting {
    match pending {
        None => Awaiting::Die,
        Some(&Pending::UseDie { value: Some(value) }) => Awaiting::UseDie { value },
        Some(Pending::UseDie { value: None }) => Awaiting::CastleAction,
        Some(&Pending::Discard { incoming }) => Awaiting::Discard { incoming },
        Some(&Pending::KeySpace { incoming }) => Awaiting::KeySpace { incoming },
        Some(Pending::ShipGoods) => Awaiting::ShipGoods,
        Some(&Pending::ShipAdjacent { chosen }) => Awaiting::ShipAdjacent { chosen },
        Some(Pending::TakeFrom { .. }) => Awaiting::TakeFrom,
        Some(Pending::WarehouseSell) => Awaiting::WarehouseSell,
        Some(Pending::CityHall) => Awaiting::CityHall,
        Some(Pending::Crane) => Awaiting::Crane,
        Some(Pending::Geese { .. }) => Awaiting::Geese,
        Some(Pending::WhiteDie) => Awaiting::WhiteDie,
        Some(Pending::SoloTrade) => Awaiting::SoloTrade,
        Some(Pending::SoloBuyVp) => Awaiting::SoloBuyVp,
        Some(Pending::SoloBlack { .. }) => Awaiting::SoloBlack,
        Some(Pending::ShieldGoods) => Awaiting::ShieldGoods,
        Some(Pending::ShieldTile { .. }) => Awaiting::ShieldTile,
        Some(Pending::Tribute) => Awaiting::Tribute,
        Some(Pending::VineBonuses { .. }) => Awaiting::VineBonuses,
        Some(Pending::VineDepot) => Awaiting::VineDepot,
        Some(Pending::BlackOrShop) => Awaiting::BlackOrShop,
        Some(&Pending::VineRoom { incoming }) => Awaiting::VineRoom { incoming },
        Some(&Pending::VineKeySpace { incoming }) => Awaiting::VineKeySpace { incoming },
        Some(Pending::VineTile) => Awaiting::VineTile,
        Some(Pending::CraneMonastery) => Awaiting::CraneMonastery,
    }
}

impl Burgundy {
    /// Explains why an action that is not among the legal ones is refused.
    pub(super) fn why_not(&self, turn: &Turn, action: &Action) -> Reason {
        let pending = turn.pending.last();
        self.specific_refusal(turn, pending, action)
            .unwrap_or(Reason::NotNow {
                awaiting: awaiting(pending),
            })
    }

    /// The rule an action breaks, where the action has the shape of the decision
    /// awaited (or of a purchase, allowed at any moment).
    fn specific_refusal(
        &self,
        turn: &Turn,
        pending: Option<&Pending>,
        action: &Action,
    ) -> Option<Reason> {
        let p = self.player(turn.seat);
        match (pending, *action) {
            (None, Action::RecoverCastle) => self.recovery_refusal(turn),
            (_, Action::Vine(mv)) => self.vine_refusal(turn, pending, mv),
            (None, Action::Shield { shield, space }) => {
                Some(self.shield_refusal(turn, shield, space))
            }
            (Some(Pending::UseDie { value: None }), Action::Shield { shield, space }) => {
                Some(self.castle_shield_refusal(turn.seat, shield, space))
            }
            (None, Action::Shield16 { die, value }) => Some(self.die_set_refusal(turn, die, value)),
            (p, Action::Shield6 { seat }) if !matches!(p, Some(Pending::Discard { .. })) => {
                Some(self.shield6_refusal(turn, seat))
            }
            // With the tile and the silver, only the decision awaited (a discard)
            // stands in the way: the fallback names it.
            (_, Action::HireWorkers) => (!self.knows(turn.seat, Knowledge::HireWorkers)
                || p.silver < 1)
                .then_some(Reason::HireNeedsSilver),
            (None, Action::Die { die, value }) => Some(self.die_refusal(turn, die, value)),
            (_, Action::Buy { tile, .. })
                if self.purchase_spent(turn) && !self.inn_besides(tile) =>
            {
                Some(self.purchase_spent_reason(turn))
            }
            (_, Action::Buy { workers, .. }) if workers <= 2 && p.silver < 2 - workers as u32 => {
                Some(Reason::NotEnoughSilver {
                    need: 2 - workers as u32,
                    have: p.silver,
                })
            }
            (_, Action::Buy { depot, tile, .. }) => Some(Reason::CannotBuy { depot, tile }),
            (Some(&Pending::UseDie { value: Some(v) }), Action::Take { depot, .. })
                if !fits(
                    Some(v),
                    depot,
                    self.knows(turn.seat, Knowledge::FreeStepTake),
                ) =>
            {
                Some(Reason::DieDoesNotMatchDepot { value: v, depot })
            }
            (Some(&Pending::UseDie { value: Some(v) }), Action::Sell { goods }) if goods != v => {
                Some(Reason::DieDoesNotMatchGoods { value: v, goods })
            }
            (Some(_), Action::Sell { goods }) => Some(Reason::NoGoods { goods }),
            (Some(_), Action::Take { depot, tile }) => Some(Reason::NotInDepot { depot, tile }),
            // The team game: `shared` names a kind on both key spaces.
            (Some(_), Action::Place { tile, shared, .. } | Action::Discard { tile, shared })
                if shared && p.storage.contains(&tile) && !self.leaves_either(turn.seat, tile) =>
            {
                Some(Reason::NotOnBothKeySpaces { tile })
            }
            (Some(&Pending::UseDie { value }), Action::Place { tile, space, .. })
                if p.storage.contains(&tile) =>
            {
                self.placement_problem(turn.seat, tile, space, value)
                    .map(|m| m.reason(tile, space, value))
            }
            (Some(Pending::CityHall), Action::Place { tile, space, .. })
                if p.storage.contains(&tile) =>
            {
                self.placement_problem(turn.seat, tile, space, None)
                    .map(|m| m.reason(tile, space, None))
            }
            // Seed 000 line 807: "Um jogador não pode usar (...) os espaços chave
            // exclusivos de seu parceiro".
            (Some(_), Action::Place { tile, .. }) if self.in_partners_storage(turn.seat, tile) => {
                Some(Reason::PartnersStorage { tile })
            }
            (Some(_), Action::Place { tile, .. }) => Some(Reason::NotInStorage { tile }),
            (
                Some(Pending::ShipGoods | Pending::ShipAdjacent { .. }),
                Action::Ship { depot, .. },
            ) if (1..=6).contains(&depot)
                && self.config.rules.ship_depot == ShipDepot::WithGoods
                && self.depot_goods[depot as usize - 1].iter().all(|&g| g == 0) =>
            {
                Some(Reason::ShipDepotWithoutGoods { depot })
            }
            (Some(Pending::SoloTrade), Action::Trade { tile, goods }) => {
                self.trade_refusal(p, tile, goods)
            }
            (Some(Pending::SoloBuyVp), Action::BuyVp { vp }) => Some(Reason::TooManyVp {
                vp,
                most: self.vp_buyable(p),
            }),
            (Some(Pending::SoloBlack { .. }), Action::PlaceBlack { tile, space }) => {
                match self.black_depot.contains(&tile) {
                    false => Some(Reason::NotInDepot { depot: 0, tile }),
                    true => self
                        .placement_problem(turn.seat, tile, space, None)
                        .map(|m| m.reason(tile, space, None)),
                }
            }
            (Some(&Pending::ShieldTile { black }), Action::ShieldTile { depot, tile, space }) => {
                let here = depot <= 6 && (depot == BLACK) == black;
                match here && self.depot_tiles(Depot::of(depot)).contains(&tile) {
                    false => Some(Reason::NotInDepot { depot, tile }),
                    true => self
                        .placement_problem(turn.seat, tile, space, None)
                        .map(|m| m.reason(tile, space, None)),
                }
            }
            _ => None,
        }
    }

    /// Why a solo trade is refused: 5 goods the seat holds, a tile of the black depot.
    fn trade_refusal(&self, p: &Player, tile: Tile, goods: [u8; 6]) -> Option<Reason> {
        let given: u32 = goods.iter().map(|&g| g as u32).sum();
        if given != super::solo::TRADED_GOODS as u32 || (0..6).any(|t| goods[t] > p.goods[t]) {
            return Some(Reason::TradeFiveGoods {
                given: given.min(u8::MAX as u32) as u8,
            });
        }
        (!self.black_depot.contains(&tile)).then_some(Reason::NotInDepot { depot: 0, tile })
    }

    /// Is `tile` an inn bought besides the turn's purchase (`rules.inn_purchase`)?
    fn inn_besides(&self, tile: Tile) -> bool {
        tile == Tile::INN && self.config.rules.inn_purchase == crate::config::InnPurchase::Besides
    }

    /// Why `die` cannot be used as `value`.
    pub(super) fn die_refusal(&self, turn: &Turn, die: u8, value: u8) -> Reason {
        let face = match turn.dice.get((die as usize).wrapping_sub(1)) {
            None => return Reason::NoSuchDie { die },
            Some(None) => return Reason::DieUsed { die },
            Some(&Some(face)) => face,
        };
        if !(1..=6).contains(&value) {
            return Reason::NoSuchValue { value };
        }
        match self.worker_cost(turn.seat, face, value) {
            None => Reason::WorkersCannotTurn {
                from: face,
                to: value,
            },
            Some(need) => Reason::NotEnoughWorkers {
                from: face,
                to: value,
                need,
                have: self.player(turn.seat).workers,
            },
        }
    }
}
