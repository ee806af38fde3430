//! Decisions, chance outcomes and events, with the decisions' text form (what the
//! command line and the API send: `settle 12`, `road 30`, `offer BB W`).

use crate::board::Layout;
use crate::cards::{Card, Cards, Dev};
use crate::ck::{EventFace, Progress, Track};
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
    /// An answer to an offer: the answering seat would give `give` to the player on
    /// turn for `get` instead (digest section B, "Trading").
    Counter {
        give: Cards,
        get: Cards,
    },
    /// The player on turn trades with one of the seats that accepted (on the offer's
    /// terms) or that made a counter-offer (on the counter-offer's terms).
    TradeWith {
        seat: Seat,
    },
    /// The player on turn withdraws the offer.
    Withdraw,
    EndTurn,
    // Cities & Knights (seed 004).
    /// A city wall under one's city (section 9).
    Wall {
        vertex: Vertex,
    },
    /// One level more on a track, paid in its commodity (section 10).
    Improve {
        track: Track,
    },
    /// The city that carries the metropolis just won.
    Metropolis {
        vertex: Vertex,
    },
    /// A new basic knight (section 6).
    Recruit {
        vertex: Vertex,
    },
    Activate {
        vertex: Vertex,
    },
    Promote {
        vertex: Vertex,
    },
    MoveKnight {
        from: Vertex,
        to: Vertex,
    },
    /// Displace the weaker enemy knight on `to` with one's knight on `from`.
    Displace {
        from: Vertex,
        to: Vertex,
    },
    /// The knight on `vertex` chases the robber away.
    Chase {
        vertex: Vertex,
    },
    /// The owner of a displaced knight puts it on `to`, or takes it off (`None`).
    Relocate {
        to: Option<Vertex>,
    },
    /// The city the barbarians reduce to a settlement.
    Pillage {
        vertex: Vertex,
    },
    /// A defender tied at the top takes a progress card of this colour.
    PickDeck {
        track: Track,
    },
    DiscardProgress {
        card: Progress,
    },
    /// The Aqueduct's resource.
    Aqueduct {
        card: Card,
    },
    /// One card given to the player on turn (Wedding, Commercial Harbor).
    Give {
        card: Card,
    },
    /// One card taken from a hand one sees (Master Merchant).
    Take {
        card: Card,
    },
    TakeProgress {
        card: Progress,
    },
    /// A free knight after a Deserter, or none.
    FreeKnight {
        vertex: Option<Vertex>,
    },
    /// The Deserter's victim takes one of its knights off.
    Desert {
        vertex: Vertex,
    },
    /// Commercial Harbor: offer `card` to `seat` for a commodity of its choice.
    HarborOffer {
        seat: Seat,
        card: Card,
    },
    /// Stop (Commercial Harbor, Diplomat's relocation).
    Pass,
    Play {
        play: Play,
    },
}

/// A progress card played, with what its player chooses (seed 004 sections 13-15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "card", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Play {
    CommercialHarbor,
    MasterMerchant {
        seat: Seat,
    },
    MerchantFleet {
        kind: Card,
    },
    Merchant {
        hex: Hex,
    },
    ResourceMonopoly {
        kind: Card,
    },
    TradeMonopoly {
        kind: Card,
    },
    Bishop {
        hex: Hex,
    },
    Deserter {
        seat: Seat,
    },
    Diplomat {
        edge: Edge,
    },
    Intrigue {
        vertex: Vertex,
    },
    Saboteur,
    Spy {
        seat: Seat,
    },
    Warlord,
    Wedding,
    Alchemist {
        yellow: u8,
        red: u8,
    },
    Crane {
        track: Track,
    },
    Engineer {
        vertex: Vertex,
    },
    Inventor {
        a: Hex,
        b: Hex,
    },
    Irrigation,
    Medicine {
        vertex: Vertex,
    },
    Mining,
    RoadBuilding,
    Smith {
        first: Vertex,
        second: Option<Vertex>,
    },
}

impl Play {
    pub fn card(&self) -> Progress {
        match self {
            Play::CommercialHarbor => Progress::CommercialHarbor,
            Play::MasterMerchant { .. } => Progress::MasterMerchant,
            Play::MerchantFleet { .. } => Progress::MerchantFleet,
            Play::Merchant { .. } => Progress::Merchant,
            Play::ResourceMonopoly { .. } => Progress::ResourceMonopoly,
            Play::TradeMonopoly { .. } => Progress::TradeMonopoly,
            Play::Bishop { .. } => Progress::Bishop,
            Play::Deserter { .. } => Progress::Deserter,
            Play::Diplomat { .. } => Progress::Diplomat,
            Play::Intrigue { .. } => Progress::Intrigue,
            Play::Saboteur => Progress::Saboteur,
            Play::Spy { .. } => Progress::Spy,
            Play::Warlord => Progress::Warlord,
            Play::Wedding => Progress::Wedding,
            Play::Alchemist { .. } => Progress::Alchemist,
            Play::Crane { .. } => Progress::Crane,
            Play::Engineer { .. } => Progress::Engineer,
            Play::Inventor { .. } => Progress::Inventor,
            Play::Irrigation => Progress::Irrigation,
            Play::Medicine { .. } => Progress::Medicine,
            Play::Mining => Progress::Mining,
            Play::RoadBuilding => Progress::RoadBuilding,
            Play::Smith { .. } => Progress::Smith,
        }
    }

    /// The arguments as words after the card's name.
    fn args(&self) -> Vec<String> {
        let opt = |v: Option<u8>| v.map_or("-".to_string(), |v| v.to_string());
        match *self {
            Play::MasterMerchant { seat } | Play::Deserter { seat } | Play::Spy { seat } => {
                vec![seat.to_string()]
            }
            Play::MerchantFleet { kind }
            | Play::ResourceMonopoly { kind }
            | Play::TradeMonopoly { kind } => vec![kind.letter().to_string()],
            Play::Merchant { hex } | Play::Bishop { hex } => vec![hex.to_string()],
            Play::Diplomat { edge } => vec![edge.to_string()],
            Play::Intrigue { vertex } | Play::Engineer { vertex } | Play::Medicine { vertex } => {
                vec![vertex.to_string()]
            }
            Play::Alchemist { yellow, red } => vec![yellow.to_string(), red.to_string()],
            Play::Crane { track } => vec![track.name().to_string()],
            Play::Inventor { a, b } => vec![a.to_string(), b.to_string()],
            Play::Smith { first, second } => vec![first.to_string(), opt(second)],
            _ => vec![],
        }
    }

    fn parse(words: &[&str]) -> Result<Play, String> {
        let card = words
            .first()
            .and_then(|w| Progress::from_name(w))
            .ok_or("play: name a progress card")?;
        let num = |i: usize| -> Result<u8, String> {
            words
                .get(i)
                .and_then(|w| w.parse().ok())
                .ok_or(format!("play {}: a number is missing", card.name()))
        };
        let opt = |i: usize| -> Result<Option<u8>, String> {
            if words.get(i) == Some(&"-") {
                Ok(None)
            } else {
                num(i).map(Some)
            }
        };
        let kind = |i: usize| one_card(words.get(i).copied().unwrap_or(""));
        Ok(match card {
            Progress::CommercialHarbor => Play::CommercialHarbor,
            Progress::MasterMerchant => Play::MasterMerchant { seat: num(1)? },
            Progress::MerchantFleet => Play::MerchantFleet { kind: kind(1)? },
            Progress::Merchant => Play::Merchant { hex: num(1)? },
            Progress::ResourceMonopoly => Play::ResourceMonopoly { kind: kind(1)? },
            Progress::TradeMonopoly => Play::TradeMonopoly { kind: kind(1)? },
            Progress::Bishop => Play::Bishop { hex: num(1)? },
            Progress::Deserter => Play::Deserter { seat: num(1)? },
            Progress::Diplomat => Play::Diplomat { edge: num(1)? },
            Progress::Intrigue => Play::Intrigue { vertex: num(1)? },
            Progress::Saboteur => Play::Saboteur,
            Progress::Spy => Play::Spy { seat: num(1)? },
            Progress::Warlord => Play::Warlord,
            Progress::Wedding => Play::Wedding,
            Progress::Alchemist => Play::Alchemist {
                yellow: num(1)?,
                red: num(2)?,
            },
            Progress::Crane => Play::Crane {
                track: track(words.get(1).copied().unwrap_or(""))?,
            },
            Progress::Engineer => Play::Engineer { vertex: num(1)? },
            Progress::Inventor => Play::Inventor {
                a: num(1)?,
                b: num(2)?,
            },
            Progress::Irrigation => Play::Irrigation,
            Progress::Medicine => Play::Medicine { vertex: num(1)? },
            Progress::Mining => Play::Mining,
            Progress::RoadBuilding => Play::RoadBuilding,
            Progress::Smith => Play::Smith {
                first: num(1)?,
                second: opt(2)?,
            },
            Progress::Printer | Progress::Constitution => {
                return Err("point cards are shown, never played".into())
            }
        })
    }
}

fn track(s: &str) -> Result<Track, String> {
    Track::from_name(s).ok_or(format!("{s:?} is not a track (trade politics science)"))
}

fn progress(s: &str) -> Result<Progress, String> {
    Progress::from_name(s).ok_or(format!("{s:?} is not a progress card"))
}

impl Action {
    /// Whether the listing (`Catan::legal`) names this decision whenever it is legal:
    /// every decision but trade offers and counter-offers, which may mix any cards and
    /// are only sampled. The conformance tests hold the listing to it.
    pub fn listed_whenever_legal(&self) -> bool {
        !matches!(self, Action::Offer { .. } | Action::Counter { .. })
    }

    /// Whether, in the base game, this decision can raise the points of the seat
    /// taking it: a building, a road (the Longest Road), a development card bought
    /// (a victory point card) or a knight played (the Largest Army). The victory
    /// check after a decision asks only these; the random-play tests' invariants hold
    /// that no seat on turn sits at the target without having won.
    pub fn may_raise_points(&self) -> bool {
        matches!(
            self,
            Action::Settle { .. }
                | Action::Road { .. }
                | Action::City { .. }
                | Action::BuyDevelopment
                | Action::Knight
        )
    }

    /// The form the listing names a decision by where two are the same: Year of
    /// Plenty's two cards in the cards' order.
    pub fn listed_form(&self) -> Action {
        match *self {
            Action::YearOfPlenty { first, second } if first.index() > second.index() => {
                Action::YearOfPlenty {
                    first: second,
                    second: first,
                }
            }
            other => other,
        }
    }

    /// Decisions only Cities & Knights has.
    pub fn is_ck(&self) -> bool {
        !matches!(
            self,
            Action::Settle { .. }
                | Action::Road { .. }
                | Action::City { .. }
                | Action::Roll
                | Action::Discard { .. }
                | Action::Robber { .. }
                | Action::BuyDevelopment
                | Action::Knight
                | Action::RoadBuilding
                | Action::YearOfPlenty { .. }
                | Action::Monopoly { .. }
                | Action::Maritime { .. }
                | Action::Offer { .. }
                | Action::Accept
                | Action::Decline
                | Action::Counter { .. }
                | Action::TradeWith { .. }
                | Action::Withdraw
                | Action::EndTurn
        )
    }
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
            Action::Counter { give, get } => write!(f, "counter {give} {get}"),
            Action::TradeWith { seat } => write!(f, "trade-with {seat}"),
            Action::Withdraw => f.write_str("withdraw"),
            Action::EndTurn => f.write_str("end"),
            Action::Wall { vertex } => write!(f, "wall {vertex}"),
            Action::Improve { track } => write!(f, "improve {}", track.name()),
            Action::Metropolis { vertex } => write!(f, "metropolis {vertex}"),
            Action::Recruit { vertex } => write!(f, "recruit {vertex}"),
            Action::Activate { vertex } => write!(f, "activate {vertex}"),
            Action::Promote { vertex } => write!(f, "promote {vertex}"),
            Action::MoveKnight { from, to } => write!(f, "move-knight {from} {to}"),
            Action::Displace { from, to } => write!(f, "displace {from} {to}"),
            Action::Chase { vertex } => write!(f, "chase {vertex}"),
            Action::Relocate { to } => match to {
                Some(v) => write!(f, "relocate {v}"),
                None => f.write_str("relocate -"),
            },
            Action::Pillage { vertex } => write!(f, "pillage {vertex}"),
            Action::PickDeck { track } => write!(f, "pick-deck {}", track.name()),
            Action::DiscardProgress { card } => write!(f, "discard-progress {}", card.name()),
            Action::Aqueduct { card } => write!(f, "aqueduct {}", card.letter()),
            Action::Give { card } => write!(f, "give {}", card.letter()),
            Action::Take { card } => write!(f, "take {}", card.letter()),
            Action::TakeProgress { card } => write!(f, "take-progress {}", card.name()),
            Action::FreeKnight { vertex } => match vertex {
                Some(v) => write!(f, "free-knight {v}"),
                None => f.write_str("free-knight -"),
            },
            Action::Desert { vertex } => write!(f, "desert {vertex}"),
            Action::HarborOffer { seat, card } => {
                write!(f, "harbor-offer {seat} {}", card.letter())
            }
            Action::Pass => f.write_str("pass"),
            Action::Play { play } => {
                write!(f, "play {}", play.card().name())?;
                play.args().iter().try_for_each(|a| write!(f, " {a}"))
            }
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
            "counter" => Action::Counter {
                give: arg(1)?.parse()?,
                get: arg(2)?.parse()?,
            },
            "trade-with" => Action::TradeWith { seat: num(1)? },
            "withdraw" => Action::Withdraw,
            "end" => Action::EndTurn,
            "wall" => Action::Wall { vertex: num(1)? },
            "improve" => Action::Improve {
                track: track(arg(1)?)?,
            },
            "metropolis" => Action::Metropolis { vertex: num(1)? },
            "recruit" => Action::Recruit { vertex: num(1)? },
            "activate" => Action::Activate { vertex: num(1)? },
            "promote" => Action::Promote { vertex: num(1)? },
            "move-knight" => Action::MoveKnight {
                from: num(1)?,
                to: num(2)?,
            },
            "displace" => Action::Displace {
                from: num(1)?,
                to: num(2)?,
            },
            "chase" => Action::Chase { vertex: num(1)? },
            "relocate" => Action::Relocate {
                to: if arg(1)? == "-" { None } else { Some(num(1)?) },
            },
            "pillage" => Action::Pillage { vertex: num(1)? },
            "pick-deck" => Action::PickDeck {
                track: track(arg(1)?)?,
            },
            "discard-progress" => Action::DiscardProgress {
                card: progress(arg(1)?)?,
            },
            "aqueduct" => Action::Aqueduct {
                card: one_card(arg(1)?)?,
            },
            "give" => Action::Give {
                card: one_card(arg(1)?)?,
            },
            "take" => Action::Take {
                card: one_card(arg(1)?)?,
            },
            "take-progress" => Action::TakeProgress {
                card: progress(arg(1)?)?,
            },
            "free-knight" => Action::FreeKnight {
                vertex: if arg(1)? == "-" { None } else { Some(num(1)?) },
            },
            "desert" => Action::Desert { vertex: num(1)? },
            "harbor-offer" => Action::HarborOffer {
                seat: num(1)?,
                card: one_card(arg(2)?)?,
            },
            "pass" => Action::Pass,
            "play" => Action::Play {
                play: Play::parse(&words[1..])?,
            },
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
    /// Cities & Knights: the board and the three progress decks (last card on top).
    SetupCitiesAndKnights {
        board: Layout,
        decks: [Vec<Progress>; 3],
    },
    /// Cities & Knights: the yellow and red dice and the event die.
    RollWithEvent { dice: [u8; 2], event: EventFace },
}

/// Why points changed hands: the special cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Award {
    LongestRoad,
    LargestArmy,
}

/// What happened. The tag is the catalogue key (`event.rolled`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
        /// How many each seat handed over, by seat (in the open).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        from: Vec<u8>,
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
    /// `seat` answers with a counter-offer: it would give `give` for `get` (public,
    /// as every answer is).
    Countered {
        seat: Seat,
        give: Cards,
        get: Cards,
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
    /// Every other player declined the offer, with no counter-offer: it lapses (the
    /// player on turn did not withdraw it).
    AllDeclined {
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
    // Cities & Knights (seed 004).
    EventRolled {
        seat: Seat,
        face: EventFace,
    },
    WallBuilt {
        seat: Seat,
        vertex: Vertex,
    },
    Improved {
        seat: Seat,
        track: Track,
        level: u8,
    },
    /// A track's metropolis went to `seat`'s city (`from`: its former holder).
    MetropolisMoved {
        track: Track,
        from: Option<Seat>,
        seat: Seat,
        vertex: Vertex,
    },
    KnightRecruited {
        seat: Seat,
        vertex: Vertex,
    },
    KnightActivated {
        seat: Seat,
        vertex: Vertex,
    },
    KnightPromoted {
        seat: Seat,
        vertex: Vertex,
        level: u8,
    },
    KnightMoved {
        seat: Seat,
        from: Vertex,
        to: Vertex,
    },
    /// `seat`'s knight on `vertex` left the board (displaced without room, deserted).
    KnightRemoved {
        seat: Seat,
        vertex: Vertex,
    },
    BarbariansAdvanced {
        position: u8,
    },
    BarbariansAttacked {
        barbarians: u32,
        knights: u32,
        defended: bool,
    },
    DefenderOfCatan {
        seat: Seat,
    },
    /// `seat` defended best, but every Defender of Catan card is taken.
    NoDefenderLeft {
        seat: Seat,
    },
    CityPillaged {
        seat: Seat,
        vertex: Vertex,
    },
    /// `card` is `None` for everyone but the drawer.
    ProgressDrawn {
        seat: Seat,
        track: Track,
        card: Option<Progress>,
    },
    /// A point card, shown at once (seed 004 section 12).
    PointCardShown {
        seat: Seat,
        card: Progress,
    },
    /// `card` is `None` for everyone but the seat (discarded face down).
    ProgressDiscarded {
        seat: Seat,
        card: Option<Progress>,
    },
    ProgressPlayed {
        seat: Seat,
        play: Play,
    },
    /// A progress card taken with the Spy: seen by the two seats only.
    ProgressStolen {
        thief: Seat,
        victim: Seat,
        card: Option<Progress>,
    },
    /// The Master Merchant: `seat` looks at `victim`'s hand (resources and
    /// commodities), seen by the two only.
    HandLooked {
        seat: Seat,
        victim: Seat,
        hand: Option<Cards>,
    },
    /// The Spy: `seat` looks at `victim`'s progress cards, seen by the two only.
    ProgressLooked {
        seat: Seat,
        victim: Seat,
        cards: Option<Vec<Progress>>,
    },
    /// The Commercial Harbor played by `seat` ends (every other seat had its offer,
    /// or it has no resource left to offer).
    HarborEnded {
        seat: Seat,
    },
    /// A card handed over by choice: seen by the two seats only.
    Gave {
        seat: Seat,
        to: Seat,
        card: Option<Card>,
    },
    MerchantPlaced {
        seat: Seat,
        hex: Hex,
    },
    NumbersSwapped {
        a: Hex,
        b: Hex,
    },
    RoadRemoved {
        seat: Seat,
        edge: Edge,
    },
    /// The Aqueduct gave `seat` the resource it chose.
    AqueductUsed {
        seat: Seat,
        card: Card,
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
            Action::Counter {
                give: "BB".parse().unwrap(),
                get: "W".parse().unwrap(),
            },
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
        assert_eq!(
            "counter BB W".parse::<Action>().unwrap().to_string(),
            "counter BB W"
        );
        assert!("counter BB".parse::<Action>().is_err());
    }
}
