//! Decisions, chance outcomes and events, with the decisions' text form (what the
//! command line and the API send: `settle 12`, `road 30`, `offer BB W`).

use crate::board::Layout;
use crate::cards::{Card, Cards, Dev};
use crate::geometry::{Edge, Hex, Vertex};
use serde::{Deserialize, Serialize};
use std::fmt;
use tabuleiro_core::Seat;

/// One decision of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// A settlement on an intersection (setup or bought).
    Settle {
        vertex: Vertex,
    },
    /// A road on a path (setup, bought or from Road Building).
    Road {
        edge: Edge,
    },
    /// A settlement of one's own becomes a city.
    City {
        vertex: Vertex,
    },
    /// Roll the two dice.
    Roll,
    /// One card discarded on a 7 (one decision per card; a seat owing several acts
    /// again until it owes none).
    Discard {
        card: Card,
    },
    /// Move the robber and name the seat to rob (`None` when no one there can be robbed).
    Robber {
        hex: Hex,
        victim: Option<Seat>,
    },
    /// Buy the top development card.
    BuyDevelopment,
    Knight,
    RoadBuilding,
    YearOfPlenty {
        first: Card,
        second: Card,
    },
    Monopoly {
        card: Card,
    },
    /// Trade with the bank at the best rate the seat has for `give` (4, 3 or 2).
    Maritime {
        give: Card,
        get: Card,
    },
    /// The player on turn offers `give` for `get` to the other players.
    Offer {
        give: Cards,
        get: Cards,
    },
    Accept,
    Decline,
    /// The player on turn trades with one of the seats that accepted.
    TradeWith {
        seat: Seat,
    },
    /// The player on turn withdraws the offer.
    Withdraw,
    EndTurn,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Action::Settle { vertex } => write!(f, "settle {vertex}"),
            Action::Road { edge } => write!(f, "road {edge}"),
            Action::City { vertex } => write!(f, "city {vertex}"),
            Action::Roll => f.write_str("roll"),
            Action::Discard { card } => write!(f, "discard {}", card.letter()),
            Action::Robber { hex, victim } => match victim {
                Some(v) => write!(f, "robber {hex} {v}"),
                None => write!(f, "robber {hex} -"),
            },
            Action::BuyDevelopment => f.write_str("buy"),
            Action::Knight => f.write_str("knight"),
            Action::RoadBuilding => f.write_str("road-building"),
            Action::YearOfPlenty { first, second } => {
                write!(f, "plenty {}{}", first.letter(), second.letter())
            }
            Action::Monopoly { card } => write!(f, "monopoly {}", card.letter()),
            Action::Maritime { give, get } => {
                write!(f, "maritime {} {}", give.letter(), get.letter())
            }
            Action::Offer { give, get } => write!(f, "offer {give} {get}"),
            Action::Accept => f.write_str("accept"),
            Action::Decline => f.write_str("decline"),
            Action::TradeWith { seat } => write!(f, "trade-with {seat}"),
            Action::Withdraw => f.write_str("withdraw"),
            Action::EndTurn => f.write_str("end"),
        }
    }
}

fn one_card(s: &str) -> Result<Card, String> {
    let mut chars = s.chars();
    match (chars.next().and_then(Card::from_letter), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(format!("{s:?} is not one card letter (B L W G O)")),
    }
}

impl std::str::FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let num = |i: usize| -> Result<u8, String> {
            words
                .get(i)
                .ok_or(format!("{s:?}: a number is missing"))?
                .parse()
                .map_err(|_| format!("{s:?}: {:?} is not a number", words[i]))
        };
        let arg = |i: usize| -> Result<&str, String> {
            words
                .get(i)
                .copied()
                .ok_or(format!("{s:?}: an argument is missing"))
        };
        let action = match words.first().copied().unwrap_or("") {
            "settle" => Action::Settle { vertex: num(1)? },
            "road" => Action::Road { edge: num(1)? },
            "city" => Action::City { vertex: num(1)? },
            "roll" => Action::Roll,
            "discard" => Action::Discard {
                card: one_card(arg(1)?)?,
            },
            "robber" => Action::Robber {
                hex: num(1)?,
                victim: if arg(2)? == "-" { None } else { Some(num(2)?) },
            },
            "buy" => Action::BuyDevelopment,
            "knight" => Action::Knight,
            "road-building" => Action::RoadBuilding,
            "plenty" => {
                let two: Cards = arg(1)?.parse()?;
                let mut kinds = two
                    .kinds()
                    .flat_map(|k| std::iter::repeat_n(k, two.get(k) as usize));
                match (kinds.next(), kinds.next(), kinds.next()) {
                    (Some(first), Some(second), None) => Action::YearOfPlenty { first, second },
                    _ => return Err(format!("{s:?}: name two cards")),
                }
            }
            "monopoly" => Action::Monopoly {
                card: one_card(arg(1)?)?,
            },
            "maritime" => Action::Maritime {
                give: one_card(arg(1)?)?,
                get: one_card(arg(2)?)?,
            },
            "offer" => Action::Offer {
                give: arg(1)?.parse()?,
                get: arg(2)?.parse()?,
            },
            "accept" => Action::Accept,
            "decline" => Action::Decline,
            "trade-with" => Action::TradeWith { seat: num(1)? },
            "withdraw" => Action::Withdraw,
            "end" => Action::EndTurn,
            other => return Err(format!("unknown decision {other:?}")),
        };
        Ok(action)
    }
}

/// The outcome of a chance step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum Outcome {
    /// The board and the development deck's order (last card on top).
    Setup { board: Layout, deck: Vec<Dev> },
    /// The two dice.
    Roll { dice: [u8; 2] },
    /// The card the robber's victim loses (seen by thief and victim only).
    Steal { card: Card },
}

/// Why points changed hands: the special cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Award {
    LongestRoad,
    LargestArmy,
}

/// What happened. The tag is the catalogue key (`event.rolled`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    BoardSet,
    Settled {
        seat: Seat,
        vertex: Vertex,
    },
    Built {
        seat: Seat,
        edge: Edge,
    },
    CityBuilt {
        seat: Seat,
        vertex: Vertex,
    },
    /// A seat's cards from the bank: production, the second setup settlement, Year of Plenty.
    Received {
        seat: Seat,
        cards: Cards,
    },
    Rolled {
        seat: Seat,
        dice: [u8; 2],
    },
    /// Seats holding more than the limit must discard this many (public).
    MustDiscard {
        seat: Seat,
        count: u8,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    RobberMoved {
        seat: Seat,
        hex: Hex,
    },
    /// `card` is `None` for everyone but the thief and the victim.
    Stole {
        thief: Seat,
        victim: Seat,
        card: Option<Card>,
    },
    /// `card` is `None` for everyone but the buyer.
    BoughtDevelopment {
        seat: Seat,
        card: Option<Dev>,
    },
    PlayedDevelopment {
        seat: Seat,
        card: Dev,
    },
    Monopolised {
        seat: Seat,
        card: Card,
        count: u8,
    },
    Maritime {
        seat: Seat,
        give: Cards,
        get: Card,
    },
    Offered {
        seat: Seat,
        give: Cards,
        get: Cards,
    },
    Accepted {
        seat: Seat,
    },
    Declined {
        seat: Seat,
    },
    Traded {
        seat: Seat,
        with: Seat,
        give: Cards,
        get: Cards,
    },
    Withdrawn {
        seat: Seat,
    },
    /// A special card changed holder (`to: None`: set aside).
    AwardMoved {
        award: Award,
        from: Option<Seat>,
        to: Option<Seat>,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
    },
    /// The winner's hidden victory point cards are shown.
    Won {
        seat: Seat,
        points: u8,
    },
    /// The turn limit of a simulation was reached.
    Stopped {
        turn: u32,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip() {
        let actions = [
            Action::Settle { vertex: 12 },
            Action::Road { edge: 71 },
            Action::City { vertex: 0 },
            Action::Roll,
            Action::Discard { card: Card::Ore },
            Action::Robber {
                hex: 3,
                victim: Some(2),
            },
            Action::Robber {
                hex: 3,
                victim: None,
            },
            Action::BuyDevelopment,
            Action::Knight,
            Action::RoadBuilding,
            Action::YearOfPlenty {
                first: Card::Brick,
                second: Card::Brick,
            },
            Action::Monopoly { card: Card::Wool },
            Action::Maritime {
                give: Card::Grain,
                get: Card::Ore,
            },
            Action::Offer {
                give: "BB".parse().unwrap(),
                get: "W".parse().unwrap(),
            },
            Action::Accept,
            Action::Decline,
            Action::TradeWith { seat: 2 },
            Action::Withdraw,
            Action::EndTurn,
        ];
        for a in actions {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert!("settle x".parse::<Action>().is_err());
        assert!("plenty B".parse::<Action>().is_err());
        assert!("fly".parse::<Action>().is_err());
    }
}
