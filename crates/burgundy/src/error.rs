//! Refusals: why a decision, an outcome, a config or a position was refused. A
//! refused decision carries a typed [`Reason`] (a catalogue key `refusal.<name>` plus
//! arguments, translated at the edge); the English `Display` is for logs and the CLI.

use crate::tile::{Colour, Tile};
use serde::Serialize;
use std::fmt;
use tabuleiro_core::{Explain, Message, Seat};
use thiserror::Error;

/// Why an action, an outcome, a config or a position was refused. The state is
/// unchanged whenever one of these is returned.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum Error {
    #[error("seat {seat} cannot decide now: {why}")]
    NotYourDecision { seat: Seat, why: Why },
    #[error("\"{action}\" is not allowed: {reason}")]
    Illegal { action: String, reason: Reason },
    #[error("the chance outcome is impossible here: {0}")]
    Outcome(String),
    #[error("the config is refused: {0}")]
    Config(String),
    /// The config's modules, or a module's option, are refused.
    #[error("the config is refused: {0}")]
    Module(crate::modules::ModuleRefusal),
    #[error("the position is inconsistent: {0}")]
    Position(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// Builds an [`Error::Illegal`] naming the action and the rule that forbids it.
pub fn illegal(action: impl ToString, reason: Reason) -> Error {
    Error::Illegal {
        action: action.to_string(),
        reason,
    }
}

/// Why a seat may not decide at all now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Why {
    /// There is no such seat in this game.
    NoSuchSeat {
        seats: usize,
    },
    /// Another seat is on turn.
    NotYourTurn {
        turn: Seat,
    },
    /// The seat already made its starting decisions (side and castle space).
    CastleChosen,
    GameOver,
    /// The game waits for chance (dice or draws).
    Chance,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Why::NoSuchSeat { seats } => write!(f, "there are {seats} seats"),
            Why::NotYourTurn { turn } => write!(f, "it is seat {turn}'s turn"),
            Why::CastleChosen => f.write_str("its starting castle is already chosen"),
            Why::GameOver => f.write_str("the game is over"),
            Why::Chance => f.write_str("the game waits for chance (dice or draws)"),
        }
    }
}

/// What the seat on turn must decide now, named when a decision does not fit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "awaiting", rename_all = "snake_case")]
pub enum Awaiting {
    /// Every player first puts the starting castle on a castle space.
    StartingCastle,
    /// Random duchies: first turn the drawn board to a side (duchy `front` or `back`).
    DuchySide { front: u8, back: u8 },
    /// Choose a die, buy, or pass once both dice are used.
    Die,
    /// Use the die showing `value`: take, place, sell or workers.
    UseDie { value: u8 },
    /// Use the castle's extra action (any value).
    CastleAction,
    /// Storage is full: discard a held tile to make room for `incoming`.
    Discard { incoming: Tile },
    /// The team game: the key space `incoming` goes to, private or shared.
    KeySpace { incoming: Tile },
    /// A ship: choose the depot whose goods to take.
    ShipGoods,
    /// Knowledge tile 5: the goods of a depot next to `chosen`, or pass.
    ShipAdjacent { chosen: u8 },
    /// Market, carpenter's workshop or church: take the tile, or pass.
    TakeFrom,
    /// Warehouse: sell one goods type, or pass.
    WarehouseSell,
    /// City hall: place another tile from storage, or pass.
    CityHall,
    /// The crane: trigger a beige building's effect, or pass.
    Crane,
    /// The geese: the other animal type of their pasture they score with.
    Geese,
    /// The crane at the final scoring: the monastery it counts for.
    CraneMonastery,
    /// A white castle: choose the value of the white die's action (`white VALUE`).
    WhiteDie,
    /// Solo game, after a ship: trade 5 goods for a black-depot tile, or pass.
    SoloTrade,
    /// Solo game, VP gained: buy VP with silver, or pass.
    SoloBuyVp,
    /// Solo game, a colour completed: place a black-depot tile in the duchy.
    SoloBlack,
    /// Shield 5: take one goods type from all six depots (shield5 GOODS), or pass.
    ShieldGoods,
    /// Shield 14 or 15, at a phase's end: place a depot's tile in the duchy.
    ShieldTile,
    /// Shields, at a phase's end: the shields to pay the tribute for.
    Tribute,
    /// Vineyards: resolve a bonus action of the space covered (vine bonus 1|2), or pass.
    VineBonuses,
    /// Vineyards: take a hexamino from the vine depot (vine take SLOT), or pass.
    VineDepot,
    /// Vineyards: take a black-depot tile or vine-shop hexamino free, or pass.
    BlackOrShop,
    /// Vineyards: the key spaces lack room for the hexamino: discard first.
    VineRoom { incoming: crate::modules::Hexamino },
    /// Vineyards in the team game: the key spaces the hexamino goes on.
    VineKeySpace { incoming: crate::modules::Hexamino },
    /// Vineyards: a terrace is covered: choose a vine bonus tile.
    VineTile,
}

impl fmt::Display for Awaiting {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Awaiting::StartingCastle => {
                f.write_str("every player first puts the starting castle on a castle space")
            }
            Awaiting::DuchySide { front, back } => write!(
                f,
                "first choose the side of the drawn duchy board (side {front} or side {back})"
            ),
            Awaiting::Die => {
                f.write_str("choose a die (die 1|2 VALUE), buy, or pass once both dice are used")
            }
            Awaiting::UseDie { value } => {
                write!(
                    f,
                    "use the die showing {value}: take, place, sell or workers"
                )
            }
            Awaiting::CastleAction => f.write_str("use the castle's extra action (any value)"),
            Awaiting::Discard { incoming } => write!(
                f,
                "storage is full: discard a held tile to make room for the {incoming}"
            ),
            Awaiting::KeySpace { incoming } => write!(
                f,
                "choose the key space for the {incoming}: your private ones or the team's shared ones (keyspace private|shared)"
            ),
            Awaiting::ShipGoods => {
                f.write_str("choose the depot whose goods the ship takes (ship DEPOT)")
            }
            Awaiting::ShipAdjacent { chosen } => write!(
                f,
                "knowledge tile 5: take the goods of a depot next to {chosen}, or pass"
            ),
            Awaiting::TakeFrom => f.write_str("take the tile the building gives, or pass"),
            Awaiting::WarehouseSell => f.write_str("warehouse: sell one goods type, or pass"),
            Awaiting::CityHall => {
                f.write_str("city hall: place another tile from storage, or pass")
            }
            Awaiting::WhiteDie => f.write_str(
                "white castle: an action with the white die's value, turned by workers (white VALUE)",
            ),
            Awaiting::Crane => f.write_str(
                "crane: trigger the effect of a beige building (crane BUILDING), or pass",
            ),
            Awaiting::CraneMonastery => f.write_str(
                "crane: choose the monastery it counts as one more building for (crane monastery N)",
            ),
            Awaiting::Geese => f.write_str(
                "geese: choose the other animal type of their pasture they score with (geese ANIMAL)",
            ),
            Awaiting::SoloTrade => f.write_str(
                "solo game: trade 5 goods for a black-depot tile (trade TILE GOODS), or pass",
            ),
            Awaiting::SoloBuyVp => f.write_str("solo game: buy VP with silver (buy vp N), or pass"),
            Awaiting::SoloBlack => f.write_str(
                "solo game: a colour is complete: place a black-depot tile in the duchy (black TILE SPACE), or pass when a black-depot tile completed it",
            ),
            Awaiting::ShieldGoods => f.write_str(
                "shield 5: take every good of one type from the six depots (shield5 GOODS), or pass",
            ),
            Awaiting::ShieldTile => f.write_str(
                "shield 14 or 15, phase end: place a depot's tile in the duchy (shieldtile DEPOT TILE SPACE)",
            ),
            Awaiting::Tribute => f.write_str(
                "phase end: choose the shields to pay the tribute for (tribute none|SHIELD,SHIELD,.. [workers=N])",
            ),
            Awaiting::VineBonuses => f.write_str(
                "vineyard: resolve a bonus action of the space covered (vine bonus 1|2), or pass",
            ),
            Awaiting::VineDepot => {
                f.write_str("take a hexamino from the vine depot (vine take SLOT), or pass")
            }
            Awaiting::BlackOrShop => f.write_str(
                "take a black-depot tile or a vine-shop hexamino free (vine black TILE | vine shop VINE), or pass",
            ),
            Awaiting::VineRoom { incoming } => write!(
                f,
                "the key spaces lack room for the hexamino {incoming}: discard a tile or hexamino"
            ),
            Awaiting::VineKeySpace { incoming } => write!(
                f,
                "choose the key spaces for the hexamino {incoming}: two private, one private and one shared, or two shared (vine keyspace private|split|shared)"
            ),
            Awaiting::VineTile => {
                f.write_str("a terrace is covered: choose a vine bonus tile (vine tile COLOUR)")
            }
        }
    }
}

/// Why a decision is refused: each variant is the catalogue key `refusal.<name>`,
/// its fields the arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "refusal", rename_all = "snake_case")]
pub enum Reason {
    /// The decision does not fit what is being decided now.
    NotNow {
        awaiting: Awaiting,
    },
    NoSuchDie {
        die: u8,
    },
    DieUsed {
        die: u8,
    },
    /// A die shows 1 to 6.
    NoSuchValue {
        value: u8,
    },
    /// Knowledge tile 8 read as two-only: an odd distance cannot be bridged.
    WorkersCannotTurn {
        from: u8,
        to: u8,
    },
    NotEnoughWorkers {
        from: u8,
        to: u8,
        need: u32,
        have: u32,
    },
    AlreadyBought,
    NotEnoughSilver {
        need: u32,
        have: u32,
    },
    /// Not in that depot, or paying with workers or buying from a numbered depot
    /// without knowledge tile 6.
    CannotBuy {
        depot: u8,
        tile: Tile,
    },
    DieDoesNotMatchDepot {
        value: u8,
        depot: u8,
    },
    DieDoesNotMatchGoods {
        value: u8,
        goods: u8,
    },
    NoGoods {
        goods: u8,
    },
    NotInDepot {
        depot: u8,
        tile: Tile,
    },
    NotInStorage {
        tile: Tile,
    },
    /// The team game: the tile lies only on the partner's private key spaces, which
    /// a player may not use (seed 000 line 807).
    PartnersStorage {
        tile: Tile,
    },
    /// The team game: `shared` (the tile leaves the team's shared key spaces) is
    /// for a kind both the private and the shared key spaces hold.
    NotOnBothKeySpaces {
        tile: Tile,
    },
    NoSuchSpace {
        space: u8,
    },
    SpaceCovered {
        space: u8,
    },
    WrongColour {
        space: u8,
        colour: Colour,
        needs: Colour,
    },
    WrongNumber {
        space: u8,
        number: u8,
        value: u8,
    },
    NotAdjacent {
        space: u8,
    },
    SameBuildingInCity {
        tile: Tile,
    },
    /// `rules.connectivity: same-colour-to-castle` (duchies 11-18).
    NotConnectedToCastle {
        space: u8,
    },
    /// Inns: one per area (seed 000 line 764).
    SecondInnInArea {
        space: u8,
    },
    /// Knowledge tile 28: 2 workers cost 1 silver.
    HireNeedsSilver,
    /// Trade routes (`rules.trade_route_order: chosen`): a route order lays each
    /// tile dealt once.
    NotARouteOrder,
    /// Castle recovery is not played (`rules.castle_recovery: off`).
    NoCastleRecovery,
    /// Castle recovery takes the place of both die actions.
    RecoveryNeedsBothDice,
    /// No discarded castle is left to recover.
    NoDiscardedCastle,
    /// Castle recovery costs 5 VP.
    RecoveryCostsVp {
        need: i32,
        have: i32,
    },
    NotACastleSpace {
        space: u8,
        duchy: u8,
    },
    /// The team game's advanced side: a team's castle starts on castle space 1 or 6
    /// (seed 002 line 831), here the board's spaces `one` and `six`.
    NotATeamCastleSpace {
        space: u8,
        board: u8,
        one: u8,
        six: u8,
    },
    /// With `rules.ship_depot: with-goods`, a ship chooses a depot holding goods
    /// while one does.
    ShipDepotWithoutGoods {
        depot: u8,
    },
    /// Shields: the module is not played.
    NoShields,
    /// Shields: a shield takes the place of both die actions (seed 000 line 886).
    ShieldNeedsBothDice,
    /// Shields, `rules.shield_purchase: instead` (digest A25): a turn takes a shield
    /// or makes the black-depot purchase, not both.
    ShieldOrPurchase,
    /// Shields: no depot holds this shield.
    ShieldNotOnDepot {
        shield: u8,
    },
    /// Shields: the dice are no pair of the depot's number, and `have` workers do
    /// not make one (`need`).
    ShieldNeedsPair {
        depot: u8,
        need: u32,
        have: u32,
    },
    /// Shield 11: a castle's extra action takes a shield only for its holder.
    NoShield11,
    /// Shield 16: the seat does not hold it.
    NoShield16,
    /// Shield 16: once a turn.
    DieAlreadySet,
    /// Shield 6 is not in the duchy.
    NoShield6,
    /// Shield 6's player is already chosen.
    Shield6Chosen,
    /// Shield 6 chooses another player at the table.
    Shield6OtherSeat {
        seat: Seat,
    },
    /// Shields: a shield goes on a castle of the duchy.
    ShieldNotOnCastle {
        space: u8,
    },
    /// The drawn duchy board has no such side.
    NotASide {
        duchy: u8,
        front: u8,
        back: u8,
    },
    /// Solo game: a trade gives up exactly 5 goods the seat holds (`given` named).
    TradeFiveGoods {
        given: u8,
    },
    /// Solo game: VP are bought with silver, 1 each, no more than reach the goal.
    TooManyVp {
        vp: u8,
        most: u32,
    },
    /// Vineyards: no hexamino lies on that vine-depot position.
    VineNotInDepot {
        slot: u8,
    },
    /// Vineyards: the die does not show that vine-depot position's number.
    VineDieDoesNotMatch {
        value: u8,
        slot: u8,
    },
    /// Vineyards: the seat holds no such hexamino in its key spaces.
    VineNotHeld {
        vine: crate::modules::Hexamino,
    },
    /// Vineyards in the team game: those key spaces lack room for the hexamino.
    VineKeySpaceFull {
        keys: crate::modules::VineKeys,
    },
    /// Vineyards: the vine shop has no such hexamino.
    VineNotInShop {
        vine: crate::modules::Hexamino,
    },
    /// Vineyards: the vineyard board has no such space.
    VineNoSuchSpace {
        space: u8,
    },
    /// Vineyards: the vineyard space is covered.
    VineSpaceCovered {
        space: u8,
    },
    /// Vineyards: the vineyard space's number is not the die's.
    VineWrongNumber {
        space: u8,
        number: u8,
        value: u8,
    },
    /// Vineyards: the first hexamino goes on the lowest terrace (seed 000 line 975).
    VineFirstOnLowest {
        space: u8,
    },
    /// Vineyards: a later hexamino goes next to one already placed.
    VineNotAdjacent {
        space: u8,
    },
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        use Reason::*;
        match *self {
            NotNow { awaiting } => write!(f, "not now: {awaiting}"),
            NoSuchDie { .. } => f.write_str("there are dice 1 and 2"),
            DieUsed { die } => write!(f, "die {die} is already used this turn"),
            NoSuchValue { .. } => f.write_str("a die shows 1 to 6"),
            WorkersCannotTurn { from, to } => write!(
                f,
                "workers cannot turn {from} into {to} (knowledge tile 8 read as two-only)"
            ),
            NotEnoughWorkers {
                from,
                to,
                need,
                have,
            } => write!(f, "turning {from} into {to} costs {need} workers and the seat has {have}"),
            AlreadyBought => f.write_str("only one purchase per turn"),
            NotEnoughSilver { need, have } => {
                write!(f, "a purchase costs {need} silver and the seat has {have}")
            }
            CannotBuy { depot, tile } => write!(f, "a {tile} cannot be bought from depot {depot}: it is not there, or paying with workers or buying from a numbered depot needs knowledge tile 6 (classic)"),
            DieDoesNotMatchDepot { value, .. } => {
                write!(f, "the die shows {value}, so it takes from depot {value}")
            }
            DieDoesNotMatchGoods { value, .. } => {
                write!(f, "the die shows {value}, so it sells goods of type {value}")
            }
            NoGoods { goods } => write!(f, "the seat has no goods of type {goods}"),
            NotInDepot { depot, tile } => {
                write!(f, "depot {depot} holds no {tile} that this may take")
            }
            NotInStorage { tile } => write!(f, "there is no {tile} in storage"),
            PartnersStorage { tile } => write!(
                f,
                "the {tile} lies on your partner's private key spaces, which only your partner may use"
            ),
            NotOnBothKeySpaces { tile } => write!(
                f,
                "\"shared\" chooses between a {tile} on your private key spaces and one on the team's shared ones; they do not both hold one"
            ),
            NoSuchSpace { space } => write!(f, "there is no space {space} on this board"),
            SpaceCovered { space } => {
                write!(f, "space {space} is already covered (placed tiles are permanent)")
            }
            WrongColour {
                space,
                colour,
                needs,
            } => write!(
                f,
                "space {space} is a {} space and the tile needs a {} space",
                colour.name(),
                needs.name()
            ),
            WrongNumber {
                space,
                number,
                value,
            } => write!(f, "space {space} shows {number} and the die shows {value}"),
            NotAdjacent { space } => {
                write!(f, "space {space} is not next to a tile already in the duchy")
            }
            SameBuildingInCity { tile } => write!(
                f,
                "this city already has a {tile} (one building of each type per city)"
            ),
            NotConnectedToCastle { space } => write!(
                f,
                "space {space} is neither next to a castle nor joined to one through tiles of the new tile's colour (rules.connectivity)"
            ),
            SecondInnInArea { space } => write!(
                f,
                "the area of space {space} already has an inn (one inn per area)"
            ),
            NotARouteOrder => f.write_str(
                "a route order names each trade-route tile dealt to the seat once, in the order chosen",
            ),
            HireNeedsSilver => f.write_str(
                "knowledge tile 28 sells 2 workers for 1 silver: it needs the tile and 1 silver",
            ),
            NoShields => f.write_str("the shields are not played in this game"),
            NoShield11 => f.write_str("a castle's extra action takes a shield only with shield 11 in the duchy"),
            NoShield16 => f.write_str("setting a die to any value needs shield 16 in the duchy"),
            DieAlreadySet => f.write_str("shield 16 sets one die a turn"),
            NoShield6 => f.write_str("choosing whose monasteries count as yours needs shield 6 in the duchy"),
            Shield6Chosen => f.write_str("shield 6's player is chosen once"),
            Shield6OtherSeat { seat } => {
                write!(f, "shield 6 chooses another player at the table, not seat {seat}")
            }
            ShieldNeedsBothDice => f.write_str("a shield takes the place of both die actions: both dice must be unused"),
            ShieldOrPurchase => f.write_str("a turn takes a shield or buys from the black depot, not both (rules.shield_purchase: instead)"),
            ShieldNotOnDepot { shield } => write!(f, "shield {shield} is on no depot"),
            ShieldNeedsPair { depot, need, have } => write!(f, "shield from depot {depot}: the dice must make a pair of {depot}, which takes {need} workers, and the seat has {have}"),
            ShieldNotOnCastle { space } => write!(f, "space {space} holds no castle of the duchy to put the shield on"),
            NoCastleRecovery => f.write_str("castle recovery is not played in this game (rules.castle_recovery)"),
            RecoveryNeedsBothDice => f.write_str("recovering a castle costs both die actions: both dice must be unused"),
            NoDiscardedCastle => f.write_str("no discarded castle is left to recover"),
            RecoveryCostsVp { need, have } => {
                write!(f, "recovering a castle costs {need} VP and the seat has {have}")
            }
            NotACastleSpace { space, duchy } => {
                write!(f, "space {space} is not a castle space of duchy {duchy}")
            }
            NotATeamCastleSpace { space, board, one, six } => write!(
                f,
                "the team's castle starts on castle space 1 or 6 of team board {board} (space {one} or {six}), not on space {space}"
            ),
            NotASide { duchy, front, back } => write!(
                f,
                "the drawn board shows duchy {front} or duchy {back}, not {duchy}"
            ),
            ShipDepotWithoutGoods { depot } => write!(
                f,
                "depot {depot} holds no goods; the ship chooses a depot that does (rules.ship_depot: with-goods)"
            ),
            TradeFiveGoods { given } => write!(
                f,
                "a trade gives up exactly 5 goods the seat holds ({given} named)"
            ),
            TooManyVp { vp, most } => write!(
                f,
                "{vp} VP cannot be bought: at most {most} (1 silver each, up to the goal)"
            ),
            VineNotInDepot { slot } => {
                write!(f, "no hexamino lies on position {slot} of the vine depot")
            }
            VineDieDoesNotMatch { value, slot } => write!(
                f,
                "a die of {value} does not take the hexamino on position {slot} of the vine depot"
            ),
            VineNotHeld { vine } => write!(f, "no hexamino {vine} is in the key spaces"),
            VineKeySpaceFull { keys } => write!(
                f,
                "the key spaces {keys} lack room for the hexamino (private: two of yours, split: one of yours and one shared, shared: two of the team's)"
            ),
            VineNotInShop { vine } => write!(f, "no hexamino {vine} is in the vine shop"),
            VineNoSuchSpace { space } => write!(f, "the vineyard board has no space {space}"),
            VineSpaceCovered { space } => write!(f, "vineyard space {space} is covered"),
            VineWrongNumber {
                space,
                number,
                value,
            } => write!(
                f,
                "vineyard space {space} is numbered {number}, the die shows {value}"
            ),
            VineFirstOnLowest { space } => write!(
                f,
                "the first hexamino goes on the lowest terrace of the vineyard, not space {space}"
            ),
            VineNotAdjacent { space } => write!(
                f,
                "vineyard space {space} is not next to a hexamino already placed"
            ),
        }
    }
}

impl Explain for Reason {
    fn message(&self) -> Message {
        match self {
            // One key per decision awaited: `refusal.now_use_die`, ...
            Reason::NotNow { awaiting } => Message::tagged(awaiting, "awaiting", "refusal.now_"),
            _ => Message::tagged(self, "refusal", "refusal."),
        }
    }
}

impl Explain for Error {
    fn message(&self) -> Message {
        match self {
            Error::NotYourDecision { seat, why } => {
                Message::tagged(why, "why", "refusal.seat_").arg("seat", seat)
            }
            Error::Illegal { action, reason } => reason.message().arg("action", action),
            Error::Outcome(why) => Message::new("refusal.outcome").arg("why", why),
            Error::Config(why) => Message::new("refusal.config").arg("why", why),
            Error::Module(refusal) => refusal.message(),
            Error::Position(why) => Message::new("refusal.position").arg("why", why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_keys_with_arguments() {
        let e = illegal("place castle 3", Reason::NotAdjacent { space: 3 });
        let m = e.message();
        assert_eq!(m.key, "refusal.not_adjacent");
        assert_eq!(m.text("space").as_deref(), Some("3"));
        assert_eq!(m.text("action").as_deref(), Some("place castle 3"));
        assert!(e.to_string().contains("not next to"), "{e}");
        let now = Reason::NotNow {
            awaiting: Awaiting::UseDie { value: 4 },
        };
        assert_eq!(now.message().key, "refusal.now_use_die");
        assert_eq!(now.message().text("value").as_deref(), Some("4"));
        let seat = Error::NotYourDecision {
            seat: 2,
            why: Why::NotYourTurn { turn: 1 },
        };
        assert_eq!(seat.message().key, "refusal.seat_not_your_turn");
        assert_eq!(seat.message().text("turn").as_deref(), Some("1"));
    }
}
