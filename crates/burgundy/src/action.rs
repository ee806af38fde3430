//! Decisions, chance outcomes and events, with the text form of decisions used on
//! the command line and in position files (documented in docs/burgundy/actions.md).

use crate::tile::{Animal, Building, Colour, Tile};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use tabuleiro_core::Seat;

/// The black depot, where a depot is named (numbered depots are 1-6).
pub const BLACK: u8 = 0;

/// One decision of one seat. Tiles are named by kind: identical tiles are interchangeable.
///
/// `repr(u8)`: the kind of decision is a byte of its own (issue 18: applying one
/// reads it first; folded into a tile's spare values it took several comparisons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Action {
    /// Put the starting castle on a castle space of the duchy.
    StartingCastle { space: u8 },
    /// Random duchies: turn the drawn board to the side showing this duchy.
    DuchySide { duchy: u8 },
    /// Use die 1 or 2 as `value`, spending the fewest workers that turn it there.
    Die { die: u8, value: u8 },
    /// Take a tile from a numbered depot into storage.
    Take { depot: u8, tile: Tile },
    /// Place a tile from storage on a duchy space. `shared` (the team game only): the
    /// tile leaves the team's shared key spaces though the seat's private ones hold
    /// one of its kind too (listed only then; otherwise a tile leaves the private
    /// key spaces when they hold it, else the shared ones).
    Place {
        tile: Tile,
        space: u8,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shared: bool,
    },
    /// Sell all goods of one type (1-6).
    Sell { goods: u8 },
    /// Take 2 workers.
    Workers,
    /// Buy a tile (2 silver, of which `workers` paid in workers where knowledge tile 6
    /// of the classic edition allows it) from the black depot (depot 0) or, with that
    /// tile, from a numbered depot.
    Buy { depot: u8, tile: Tile, workers: u8 },
    /// Knowledge tile 6 (Special Edition): pay 2 workers, take a building from a numbered depot.
    Knowledge6 { depot: u8, tile: Tile },
    /// Discard a tile from full storage to make room; `shared` as for [`Action::Place`].
    Discard {
        tile: Tile,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        shared: bool,
    },
    /// Take the goods of a depot after placing a ship: `goods` has bit t-1 set for each
    /// goods type t taken (all of them, unless storage cannot hold them all).
    Ship { depot: u8, goods: u8 },
    /// Decline an optional effect, or end the turn once both dice are used.
    Pass,
    /// Castle recovery (duchies 11-18, `rules.castle_recovery`): both die actions and
    /// 5 VP bring a discarded castle into storage (seed 000 line 702).
    RecoverCastle,
    /// The crane (extra hexes): trigger this beige building's effect.
    Crane { building: Building },
    /// The geese (extra hexes) just placed score with this other animal type of
    /// their pasture, the player's choice (seed 000 line 728: "mais pontos de vitória
    /// por um outro tipo de animal no mesmo pasto").
    Geese { animal: Animal },
    /// The solo game: the decision waiting at place `index` of the turn's stack (0
    /// the oldest) comes before the one on top (seed 000 line 851: "você escolhe a
    /// ordem na qual recebe quaisquer ações de jogo").
    SoloFirst { index: u8 },
    /// The crane (extra hexes) at the final scoring counts as one more building for
    /// this monastery (knowledge tile 16-23 or 29), the player's choice (seed 000
    /// line 724: "à sua escolha").
    CraneMonastery { knowledge: u8 },
    /// Knowledge tile 28 (extra hexes): 2 workers for 1 silver.
    HireWorkers,
    /// A white castle: use the white die as `value`, paying the fewest workers
    /// that turn it there.
    WhiteDie { value: u8 },
    /// Shields: with a pair of dice (workers may make one), instead of both die
    /// actions, take this shield from the depot of the pair's number and put it on
    /// the castle on `space` (seed 000 line 886).
    Shield { shield: u8, space: u8 },
    /// Shield 16: set unused die 1 or 2 to `value`, once a turn (seed 000 line 911).
    Shield16 { die: u8, value: u8 },
    /// Shield 5, after a ship's goods: also take every good of type `goods` (1-6)
    /// from the six depots (seed 000 line 900).
    Shield5 { goods: u8 },
    /// Shield 6: the player whose monasteries count as yours (seed 000 line 901).
    Shield6 { seat: Seat },
    /// Shield 14 (a numbered depot) or 15 (the black depot), at a phase's end: put
    /// this depot's tile on this space directly (seed 000 lines 909-910).
    ShieldTile { depot: u8, tile: Tile, space: u8 },
    /// Shields, at a phase's end: pay the tribute for the shields `keep` names (bit
    /// n-1 for shield n), `workers` of it in workers (shield 3), the rest in silver;
    /// the others leave the game (seed 000 line 890).
    Tribute { keep: u32, workers: u8 },
    /// Solo game, after a ship: trade these 5 goods (counts by type 1-6) for a
    /// black-depot tile, taken face down (seed 000 line 841).
    Trade { tile: Tile, goods: [u8; 6] },
    /// Solo game, after gaining VP: buy `vp` more at 1 silver each (seed 000 line 853).
    BuyVp { vp: u8 },
    /// Solo game, a colour completed: put this black-depot tile on this space
    /// directly (seed 000 line 849).
    PlaceBlack { tile: Tile, space: u8 },
    /// Trade routes, `rules.trade_route_order: chosen`: lay the route tiles dealt in
    /// this order, left to right (tile numbers, 0 after the last).
    RouteOrder { tiles: [u8; 5] },
    /// The team game: the key space a tile entering storage goes to, the seat's
    /// private ones or the team's shared ones (asked when both have room; seed 000
    /// line 803).
    KeySpace { shared: bool },
    /// Vineyards: a hexamino taken, placed, bought or discarded, a bonus action
    /// chosen, a free tile, a vine bonus tile (`vine ...`).
    Vine(crate::modules::VineMove),
}

/// A route order's tiles as a list (the zeros after the last left out).
pub fn route_tiles(tiles: &[u8; 5]) -> Vec<u8> {
    tiles.iter().copied().take_while(|&t| t > 0).collect()
}

fn goods_list(mask: u8) -> String {
    (1..=6u8)
        .filter(|t| mask & (1 << (t - 1)) != 0)
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The shields of a mask (bit n-1 for shield n), "3,7,13".
pub fn shield_list(mask: u32) -> String {
    shields_in(mask)
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The shield numbers of a mask (bit n-1 for shield n), ascending.
pub fn shields_in(mask: u32) -> impl Iterator<Item = u8> {
    (1..=18u8).filter(move |s| mask & (1 << (s - 1)) != 0)
}

/// The word a decision ends with when its tile leaves the team's shared key spaces.
fn shared_word(shared: bool) -> &'static str {
    match shared {
        true => " shared",
        false => "",
    }
}

fn depot_name(d: u8) -> String {
    if d == BLACK {
        "black".into()
    } else {
        d.to_string()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Action::StartingCastle { space } => write!(f, "castle {space}"),
            Action::DuchySide { duchy } => write!(f, "side {duchy}"),
            Action::Die { die, value } => write!(f, "die {die} {value}"),
            Action::Take { depot, tile } => write!(f, "take {depot} {tile}"),
            Action::Place {
                tile,
                space,
                shared,
            } => {
                write!(f, "place {tile} {space}{}", shared_word(shared))
            }
            Action::Sell { goods } => write!(f, "sell {goods}"),
            Action::Workers => f.write_str("workers"),
            Action::Buy {
                depot,
                tile,
                workers: 0,
            } => write!(f, "buy {} {tile}", depot_name(depot)),
            Action::Buy {
                depot,
                tile,
                workers,
            } => {
                write!(f, "buy {} {tile} workers={workers}", depot_name(depot))
            }
            Action::Knowledge6 { depot, tile } => write!(f, "knowledge6 {depot} {tile}"),
            Action::Discard { tile, shared } => write!(f, "discard {tile}{}", shared_word(shared)),
            Action::KeySpace { shared: false } => f.write_str("keyspace private"),
            Action::KeySpace { shared: true } => f.write_str("keyspace shared"),
            // A depot without goods the ship may take: nothing after the depot.
            Action::Ship { depot, goods: 0 } => write!(f, "ship {depot}"),
            Action::Ship { depot, goods } => write!(f, "ship {depot} {}", goods_list(goods)),
            Action::Pass => f.write_str("pass"),
            Action::RecoverCastle => f.write_str("recover castle"),
            Action::Crane { building } => write!(f, "crane {}", building.name()),
            Action::HireWorkers => f.write_str("hire workers"),
            Action::WhiteDie { value } => write!(f, "white {value}"),
            Action::Geese { animal } => write!(f, "geese {}", animal.name()),
            Action::CraneMonastery { knowledge } => write!(f, "crane monastery {knowledge}"),
            Action::SoloFirst { index } => write!(f, "first {index}"),
            Action::Shield { shield, space } => write!(f, "shield {shield} {space}"),
            Action::Shield16 { die, value } => write!(f, "shield16 {die} {value}"),
            Action::Shield5 { goods } => write!(f, "shield5 {goods}"),
            Action::Shield6 { seat } => write!(f, "shield6 {seat}"),
            Action::ShieldTile { depot, tile, space } => {
                write!(f, "shieldtile {} {tile} {space}", depot_name(depot))
            }
            Action::Tribute { keep, workers } => {
                let kept = shield_list(keep);
                let kept = if kept.is_empty() { "none".into() } else { kept };
                match workers {
                    0 => write!(f, "tribute {kept}"),
                    _ => write!(f, "tribute {kept} workers={workers}"),
                }
            }
            Action::Trade { tile, goods } => {
                let list: Vec<String> = (1..=6u8)
                    .flat_map(|t| {
                        std::iter::repeat_n(t.to_string(), goods[t as usize - 1] as usize)
                    })
                    .collect();
                write!(f, "trade {tile} {}", list.join(","))
            }
            Action::BuyVp { vp } => write!(f, "buy vp {vp}"),
            Action::PlaceBlack { tile, space } => write!(f, "black {tile} {space}"),
            Action::RouteOrder { tiles } => {
                let list: Vec<String> = route_tiles(&tiles).iter().map(u8::to_string).collect();
                write!(f, "route {}", list.join(","))
            }
            Action::Vine(mv) => mv.fmt(f),
        }
    }
}

/// A decision is 12 bytes (a trade's tile and 6 goods, aligned for a tribute's
/// shields), as before the team game's `shared` (issue 15: the base game's speed).
const _: () = assert!(std::mem::size_of::<Action>() == 12);

/// The grammar, for error messages.
pub const ACTION_GRAMMAR: &str = "route TILE,TILE,.. | side DUCHY | castle SPACE | die 1|2 VALUE | take DEPOT TILE | place TILE SPACE [shared] | sell GOODS | workers | buy black|DEPOT TILE [workers=N] | knowledge6 DEPOT TILE | discard TILE [shared] | keyspace private|shared | ship DEPOT [GOODS,GOODS..] | pass | recover castle | crane BUILDING | crane monastery N | geese cow|pig|sheep|chicken | hire workers | white VALUE | shield SHIELD SPACE | shield16 DIE VALUE | shield5 GOODS | shield6 SEAT | shieldtile black|DEPOT TILE SPACE | tribute none|SHIELD,SHIELD,.. [workers=N] | trade TILE GOODS,GOODS,.. | buy vp N | black TILE SPACE | first N | vine take SLOT | vine place VINE SPACE [turned] [split|shared] | vine buy VINE | vine discard VINE [split|shared] | vine keyspace private|split|shared | vine bonus 1|2 | vine black TILE | vine shop VINE | vine tile COLOUR";

impl FromStr for Action {
    type Err = String;
    fn from_str(s: &str) -> Result<Action, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let num = |i: usize| -> Result<u8, String> {
            let w = words
                .get(i)
                .ok_or_else(|| format!("{s:?}: a number is missing"))?;
            w.parse()
                .map_err(|_| format!("{s:?}: {w:?} is not a number"))
        };
        let tile = |i: usize| -> Result<Tile, String> {
            words
                .get(i)
                .ok_or_else(|| format!("{s:?}: a tile is missing"))?
                .parse()
        };
        let depot = |i: usize| -> Result<u8, String> {
            match words.get(i) {
                Some(&"black") => Ok(BLACK),
                _ => num(i),
            }
        };
        // An optional last word `workers=N` (0 when absent).
        let workers_at = |i: usize| -> Result<u8, String> {
            match words.get(i) {
                None => Ok(0),
                Some(w) => w
                    .strip_prefix("workers=")
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("{s:?}: expected workers=N, found {w:?}")),
            }
        };
        // An optional last word `shared` (the team game's shared key spaces).
        let shared_at = |i: usize| -> Result<bool, String> {
            match words.get(i) {
                None => Ok(false),
                Some(&"shared") => Ok(true),
                Some(w) => Err(format!("{s:?}: expected shared or nothing, found {w:?}")),
            }
        };
        let arity = |n: usize| {
            if words.len() == n {
                Ok(())
            } else {
                Err(format!(
                    "{s:?}: expected {} word(s) after {:?}",
                    n - 1,
                    words[0]
                ))
            }
        };
        let a = match words.first().copied() {
            Some("castle") => {
                arity(2)?;
                Ok(Action::StartingCastle { space: num(1)? })
            }
            Some("side") => {
                arity(2)?;
                Ok(Action::DuchySide { duchy: num(1)? })
            }
            Some("die") => {
                arity(3)?;
                Ok(Action::Die {
                    die: num(1)?,
                    value: num(2)?,
                })
            }
            Some("take") => {
                arity(3)?;
                Ok(Action::Take {
                    depot: num(1)?,
                    tile: tile(2)?,
                })
            }
            Some("place") => {
                let shared = shared_at(3)?;
                arity(3 + shared as usize)?;
                Ok(Action::Place {
                    tile: tile(1)?,
                    space: num(2)?,
                    shared,
                })
            }
            Some("keyspace") => {
                arity(2)?;
                match words[1] {
                    "private" => Ok(Action::KeySpace { shared: false }),
                    "shared" => Ok(Action::KeySpace { shared: true }),
                    w => Err(format!(
                        "{s:?}: expected keyspace private|shared, found {w:?}"
                    )),
                }
            }
            Some("sell") => {
                arity(2)?;
                Ok(Action::Sell { goods: num(1)? })
            }
            Some("workers") => {
                arity(1)?;
                Ok(Action::Workers)
            }
            Some("pass") => {
                arity(1)?;
                Ok(Action::Pass)
            }
            Some("first") => {
                arity(2)?;
                Ok(Action::SoloFirst { index: num(1)? })
            }
            Some("crane") if words.get(1) == Some(&"monastery") => {
                arity(3)?;
                Ok(Action::CraneMonastery { knowledge: num(2)? })
            }
            Some("crane") => {
                arity(2)?;
                match tile(1)? {
                    // A white castle too, where it is read as a building
                    // (`rules.white_castle`; the game refuses it otherwise).
                    Tile::Building(building)
                        if Building::BEIGE.contains(&building)
                            || building == Building::WhiteCastle =>
                    {
                        Ok(Action::Crane { building })
                    }
                    t => Err(format!(
                        "{s:?}: the crane triggers a beige building, not {t}"
                    )),
                }
            }
            Some("shield") => {
                arity(3)?;
                Ok(Action::Shield {
                    shield: num(1)?,
                    space: num(2)?,
                })
            }
            Some("shield16") => {
                arity(3)?;
                Ok(Action::Shield16 {
                    die: num(1)?,
                    value: num(2)?,
                })
            }
            Some("shield5") => {
                arity(2)?;
                Ok(Action::Shield5 { goods: num(1)? })
            }
            Some("shield6") => {
                arity(2)?;
                Ok(Action::Shield6 { seat: num(1)? })
            }
            Some("shieldtile") => {
                arity(4)?;
                Ok(Action::ShieldTile {
                    depot: depot(1)?,
                    tile: tile(2)?,
                    space: num(3)?,
                })
            }
            Some("tribute") => {
                if words.len() < 2 || words.len() > 3 {
                    return Err(format!(
                        "{s:?}: expected tribute none|SHIELD,SHIELD,.. [workers=N]"
                    ));
                }
                let mut keep = 0u32;
                if words[1] != "none" {
                    for n in words[1].split(',') {
                        let shield: u8 = n
                            .parse()
                            .ok()
                            .filter(|n| (1..=18).contains(n))
                            .ok_or_else(|| format!("{s:?}: {n:?} is not a shield 1-18"))?;
                        keep |= 1 << (shield - 1);
                    }
                }
                let workers = workers_at(2)?;
                Ok(Action::Tribute { keep, workers })
            }
            Some("white") => {
                arity(2)?;
                Ok(Action::WhiteDie { value: num(1)? })
            }
            Some("geese") => {
                arity(2)?;
                let named = Animal::ALL.into_iter().find(|a| a.name() == words[1]);
                match named.filter(|&a| a != Animal::Goose) {
                        Some(animal) => Ok(Action::Geese { animal }),
                        None => Err(format!(
                            "{s:?}: the geese score with another animal type: cow, pig, sheep or chicken"
                        )),
                    }
            }
            Some("hire") if words.get(1) == Some(&"workers") => {
                arity(2)?;
                Ok(Action::HireWorkers)
            }
            Some("recover") if words.get(1) == Some(&"castle") => {
                arity(2)?;
                Ok(Action::RecoverCastle)
            }
            Some("discard") => {
                let shared = shared_at(2)?;
                arity(2 + shared as usize)?;
                Ok(Action::Discard {
                    tile: tile(1)?,
                    shared,
                })
            }
            Some("knowledge6") => {
                arity(3)?;
                Ok(Action::Knowledge6 {
                    depot: num(1)?,
                    tile: tile(2)?,
                })
            }
            Some("buy") if words.get(1) == Some(&"vp") => {
                arity(3)?;
                Ok(Action::BuyVp { vp: num(2)? })
            }
            Some("black") => {
                arity(3)?;
                Ok(Action::PlaceBlack {
                    tile: tile(1)?,
                    space: num(2)?,
                })
            }
            Some("route") => {
                arity(2)?;
                let mut tiles = [0u8; 5];
                let list: Vec<&str> = words[1].split(',').collect();
                if list.len() > tiles.len() {
                    return Err(format!("{s:?}: a route has at most 5 tiles"));
                }
                for (slot, t) in tiles.iter_mut().zip(&list) {
                    *slot = t
                        .parse()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| format!("{s:?}: {t:?} is not a route tile number"))?;
                }
                Ok(Action::RouteOrder { tiles })
            }
            Some("vine") => Ok(Action::Vine(crate::modules::VineMove::parse(
                s,
                &words[1..],
            )?)),
            Some("trade") => {
                arity(3)?;
                let mut goods = [0u8; 6];
                for g in words[2].split(',') {
                    match g.parse::<u8>() {
                        Ok(t @ 1..=6) => goods[t as usize - 1] += 1,
                        _ => return Err(format!("{s:?}: {g:?} is not a goods type 1-6")),
                    }
                }
                Ok(Action::Trade {
                    tile: tile(1)?,
                    goods,
                })
            }
            Some("buy") => {
                let workers = workers_at(3)?;
                if words.len() > 4 || words.len() < 3 {
                    return Err(format!("{s:?}: expected buy black|DEPOT TILE [workers=N]"));
                }
                Ok(Action::Buy {
                    depot: depot(1)?,
                    tile: tile(2)?,
                    workers,
                })
            }
            Some("ship") => {
                let mut goods = 0u8;
                if let Some(list) = words.get(2) {
                    for g in list.split(',') {
                        let t: u8 = g
                            .parse()
                            .ok()
                            .filter(|t| (1..=6).contains(t))
                            .ok_or_else(|| format!("{s:?}: {g:?} is not a goods type 1-6"))?;
                        goods |= 1 << (t - 1);
                    }
                }
                if words.len() > 3 {
                    return Err(format!("{s:?}: expected ship DEPOT [GOODS,GOODS..]"));
                }
                Ok(Action::Ship {
                    depot: num(1)?,
                    goods,
                })
            }
            _ => Err(format!("{s:?} is not an action; actions: {ACTION_GRAMMAR}")),
        }?;
        Ok(a)
    }
}

/// A chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Duchy per seat (fixed duchies) or the double-sided board each seat draws from
    /// the box (random duchies), the start player (highest roll), 3 goods per seat.
    Setup {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        duchies: Vec<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        boards: Vec<[u8; 2]>,
        start_player: Seat,
        goods: Vec<Vec<u8>>,
        /// The expansion boards of this setup whose content is a reconstruction or
        /// unverified (`Burgundy::provisional_duchies`): the record says the game
        /// used provisional content.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        provisional: Vec<u8>,
    },
    /// The tiles drawn into the numbered depots and the black depot, and the phase's
    /// five goods in the order they come out.
    Phase {
        depots: [Vec<Tile>; 6],
        black: Vec<Tile>,
        goods: Vec<u8>,
    },
    /// Shields: the shields laid on each numbered depot's goods spaces, by number
    /// (at the first phase start, before its tiles).
    Shields { depots: [Vec<u8>; 6] },
    /// Trade routes: each seat's route tiles, left to right (at the first phase
    /// start, after the shields); `provisional` names the dealt tiles whose content
    /// is a reconstruction (a record says it used provisional content).
    TradeRoutes {
        routes: Vec<Vec<u8>>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        provisional: Vec<u8>,
    },
    /// Two dice per seat and the white die.
    Roll { dice: RolledDice, white: u8 },
    /// The AutoDuke's village cards (at the first phase start): `left` the first
    /// card revealed showing a castle, `right` the next; modifier A's face-down and
    /// B's face-up tiles for its duchy; `provisional`: the cards' content is a
    /// reconstruction (the record says so).
    AutoDukeCards {
        left: u8,
        right: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        face_down: Vec<Tile>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        face_up: Vec<Tile>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        provisional: bool,
    },
    /// The AutoDuke's die: its turn.
    AutoDukeDie { die: u8 },
    /// Vineyards, before each phase: the vine depot's positions 1-6 and the vine
    /// shop refilled from the bag; at the first, also the colours removed and each
    /// seat's vine bonus tile. `provisional`: the vineyard board is a
    /// reconstruction (the record says so).
    Vines {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        removed: Vec<crate::modules::Vine>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dealt: Vec<crate::modules::Vine>,
        depot: [Option<crate::modules::Hexamino>; 6],
        shop: Vec<crate::modules::Hexamino>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        provisional: bool,
    },
    /// The AutoDuke's deck: the card filling an empty slot.
    AutoDukeCard { card: u8 },
}

/// The most seats a game has, and so the most pairs of dice a roll holds.
pub const MAX_SEATS: usize = 4;

/// The two dice of each seat in a roll, in a fixed array so that a round's roll
/// allocates nothing (issue 18); written as the list of pairs it always was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolledDice {
    pairs: [[u8; 2]; MAX_SEATS],
    len: u8,
}

impl RolledDice {
    /// The pairs of dice of `pairs.len()` seats; `None` beyond [`MAX_SEATS`].
    pub fn of(pairs: &[[u8; 2]]) -> Option<RolledDice> {
        let mut dice = RolledDice {
            pairs: [[0; 2]; MAX_SEATS],
            len: pairs.len() as u8,
        };
        dice.pairs.get_mut(..pairs.len())?.copy_from_slice(pairs);
        Some(dice)
    }

    /// `seats` pairs, each from `roll` (called twice a seat, seat by seat).
    pub fn roll(seats: usize, mut roll: impl FnMut() -> u8) -> RolledDice {
        let mut dice = RolledDice {
            pairs: [[0; 2]; MAX_SEATS],
            len: seats.min(MAX_SEATS) as u8,
        };
        for pair in &mut dice.pairs[..dice.len as usize] {
            *pair = [roll(), roll()];
        }
        dice
    }
}

impl std::ops::Deref for RolledDice {
    type Target = [[u8; 2]];
    fn deref(&self) -> &[[u8; 2]] {
        &self.pairs[..self.len as usize]
    }
}

impl Serialize for RolledDice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for RolledDice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RolledDice, D::Error> {
        let pairs = Vec::<[u8; 2]>::deserialize(d)?;
        RolledDice::of(&pairs).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "a roll holds the dice of at most {MAX_SEATS} seats, not {}",
                pairs.len()
            ))
        })
    }
}

/// Why VP were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ScoreReason {
    Livestock,
    Area {
        colour: Colour,
        size: u8,
        phase_bonus: i32,
    },
    ColourBonus {
        colour: Colour,
        first: bool,
    },
    Sale {
        count: u8,
    },
    Watchtower,
    UnsoldGoods,
    Silver,
    Workers,
    Knowledge {
        number: u8,
    },
    /// Trading posts: the `link`-th connection of two posts, the phase bonus.
    TradingPostLink {
        link: u8,
    },
    /// Trading posts: the bonus tile for joining all of them, first or second.
    TradingPostBonus {
        first: bool,
    },
    /// Shields: a shield held at the end (its VP, doubled by shield 13).
    Shield {
        shield: u8,
    },
    /// Shield 10: the end-game monasteries once more.
    MonasteriesDoubled,
    /// Shield 7, `rules.shield7: all`: a bonus tile held when the shield comes
    /// scores once more.
    BonusDoubled {
        colour: Colour,
    },
    /// Shield 6: an end-game monastery of the chosen player, scored with the
    /// holder's own duchy.
    SharedKnowledge {
        number: u8,
    },
    /// Trade routes: a VP bonus of route space `space` (1 = leftmost).
    TradeRoute {
        space: u8,
    },
    /// Vineyards: a vine bonus tile scoring a connected area of `size` vines.
    Vines {
        vine: crate::modules::Vine,
        size: u8,
    },
    /// Vineyards: a vineyard space's VP bonus action.
    VineyardBonus,
}

/// What happened. The variant name is the message key; the fields are its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Event {
    GameSetUp {
        start_player: Seat,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        duchies: Vec<u8>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        boards: Vec<[u8; 2]>,
        /// The expansion boards played whose content is provisional or unverified.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        provisional: Vec<u8>,
    },
    /// The team game: `seat` plays in `team` on the team board `board`; `verified`
    /// false marks board data that is a reading of a picture (the record says the
    /// game used it).
    TeamSeated {
        seat: Seat,
        team: crate::modules::Team,
        board: u8,
        verified: bool,
    },
    DuchySideChosen {
        seat: Seat,
        duchy: u8,
    },
    /// The crane triggered this beige building's effect.
    CraneTriggered {
        seat: Seat,
        building: Building,
    },
    /// The crane counts for this monastery at the final scoring, the seat's choice.
    CraneCounted {
        seat: Seat,
        knowledge: u8,
    },
    /// A white castle's action: the white die used as `value`, `workers` paid.
    WhiteDieUsed {
        seat: Seat,
        value: u8,
        workers: u32,
    },
    /// Knowledge tile 28: `workers` workers bought for `silver` silver.
    HiredWorkers {
        seat: Seat,
        workers: u32,
        silver: u32,
    },
    /// Inns: an inn is put on the inn space at a phase start; `inns` are there now.
    InnArrived {
        inns: u8,
    },
    /// Shields: a shield is laid on a depot's goods space at setup.
    ShieldLaid {
        depot: u8,
        shield: u8,
    },
    /// Shields: a pair took `shield` from `depot` onto the castle on `space`,
    /// `workers` paid to make the pair.
    ShieldTaken {
        seat: Seat,
        shield: u8,
        depot: u8,
        space: u8,
        workers: u32,
    },
    /// Shields: a shield leaves the game (replaced on its castle, or its tribute
    /// unpaid).
    ShieldRemoved {
        seat: Seat,
        shield: u8,
    },
    /// Shield 16: die `die` set to `value`.
    DieSet {
        seat: Seat,
        die: u8,
        value: u8,
    },
    /// Shield 5: a ship also took the `count` goods of type `goods` from the depots.
    ShieldGoodsTaken {
        seat: Seat,
        goods: u8,
        count: u8,
    },
    /// Shield 6: the monasteries of `owner` count as `seat`'s from now on.
    MonasteriesShared {
        seat: Seat,
        owner: Seat,
    },
    /// Shield 14 or 15, at a phase's end: `tile` taken from `depot` (0: black),
    /// placed directly (a `placed` event follows).
    ShieldTileTaken {
        seat: Seat,
        shield: u8,
        depot: u8,
        tile: Tile,
    },
    /// Shields: the phase's tribute paid.
    TributePaid {
        seat: Seat,
        silver: u32,
        workers: u32,
    },
    /// Castle recovery: a discarded castle brought back for both dice and `vp` VP.
    CastleRecovered {
        seat: Seat,
        vp: i32,
    },
    StartingCastle {
        seat: Seat,
        space: u8,
    },
    PhaseStarted {
        phase: char,
    },
    RoundStarted {
        round: u8,
        white: u8,
    },
    GoodsArrived {
        depot: u8,
        goods: u8,
    },
    DieUsed {
        seat: Seat,
        die: u8,
        value: u8,
        workers: u32,
    },
    TookTile {
        seat: Seat,
        depot: u8,
        tile: Tile,
    },
    Bought {
        seat: Seat,
        depot: u8,
        tile: Tile,
        silver: u32,
        workers: u32,
    },
    Discarded {
        seat: Seat,
        tile: Tile,
    },
    Placed {
        seat: Seat,
        tile: Tile,
        space: u8,
    },
    EffectLost {
        seat: Seat,
        tile: Tile,
    },
    Sold {
        seat: Seat,
        goods: u8,
        count: u8,
    },
    TookGoods {
        seat: Seat,
        depot: u8,
        goods: [u8; 6],
    },
    MovedOnTrack {
        seat: Seat,
        space: u8,
    },
    Gained {
        seat: Seat,
        silver: u32,
        workers: u32,
    },
    Scored {
        seat: Seat,
        vp: i32,
        why: ScoreReason,
    },
    Passed {
        seat: Seat,
    },
    TurnEnded {
        seat: Seat,
    },
    PhaseEnded {
        phase: char,
    },
    GameOver {
        scores: Vec<i32>,
        ranking: Vec<Seat>,
    },
    /// Vineyards, at the setup: the colours removed and each seat's vine bonus
    /// tile; `provisional`: the vineyard board is a reconstruction.
    VinesDealt {
        removed: Vec<crate::modules::Vine>,
        dealt: Vec<crate::modules::Vine>,
        provisional: bool,
    },
    /// Vineyards, before a phase: the vine depot (positions 1-6) and shop refilled.
    VinesRefilled {
        depot: Vec<Option<crate::modules::Hexamino>>,
        shop: Vec<crate::modules::Hexamino>,
    },
    /// A hexamino taken from vine-depot position `slot`.
    VineTaken {
        seat: Seat,
        slot: u8,
        vine: crate::modules::Hexamino,
    },
    /// A hexamino placed on vineyard space `space`.
    VinePlaced {
        seat: Seat,
        vine: crate::modules::Hexamino,
        space: u8,
        turned: bool,
    },
    /// A hexamino bought from the vine shop (the turn's purchase).
    VineBought {
        seat: Seat,
        vine: crate::modules::Hexamino,
    },
    /// A hexamino taken free from the vine shop (a bonus action).
    VineFromShop {
        seat: Seat,
        vine: crate::modules::Hexamino,
    },
    /// A black-depot tile taken free (a bonus action).
    VineFreeTile {
        seat: Seat,
        tile: Tile,
    },
    /// The team game: the tile taken went to the seat's private key spaces or, with
    /// `shared`, to the team's shared ones (the player's choice).
    KeySpaceChosen {
        seat: Seat,
        tile: Tile,
        shared: bool,
    },
    /// A held hexamino discarded to make room.
    VineDiscarded {
        seat: Seat,
        vine: crate::modules::Hexamino,
    },
    /// The team game: the hexamino taken went on the key spaces `keys` (the
    /// player's choice).
    VineKeySpaceChosen {
        seat: Seat,
        vine: crate::modules::Hexamino,
        keys: crate::modules::VineKeys,
    },
    /// Bonus action `which` (1 or 2) of vineyard space `space` resolved.
    VineBonusUsed {
        seat: Seat,
        space: u8,
        which: u8,
    },
    /// A terrace covered: a vine bonus tile taken from the supply.
    VineTileTaken {
        seat: Seat,
        vine: crate::modules::Vine,
    },
    /// Trade routes: `seat`'s route tiles, left to right; `provisional` those of
    /// them whose content is a reconstruction.
    TradeRouteDealt {
        seat: Seat,
        tiles: Vec<u8>,
        provisional: Vec<u8>,
    },
    /// Trade routes (`rules.trade_route_order: chosen`): `seat` laid its route tiles
    /// in this order.
    RouteArranged {
        seat: Seat,
        tiles: Vec<u8>,
    },
    /// Trade routes: `count` sold goods of type `goods` laid on the route from
    /// space `space` (1 = leftmost).
    GoodsOnRoute {
        seat: Seat,
        goods: u8,
        count: u8,
        space: u8,
    },
    /// Trade routes: a good matched route space `space`; its bonus.
    RouteBonus {
        seat: Seat,
        space: u8,
        kind: crate::modules::BonusKind,
        amount: u8,
    },
    /// Trade routes: the bonus of route space `space` needs a choice none can make
    /// now (no tile to take, no goods to sell): lost.
    RouteBonusLost {
        seat: Seat,
        space: u8,
    },
    /// Solo game, round start: a tile of `depot` removed from the game.
    TileRemoved {
        depot: u8,
        tile: Tile,
    },
    /// Solo game, after a ship: the goods of the other depots removed from the game.
    GoodsRemoved {
        goods: [u8; 6],
    },
    /// Solo game: 5 goods traded for a black-depot tile, now face down in storage.
    Traded {
        seat: Seat,
        tile: Tile,
        goods: [u8; 6],
    },
    /// Solo game: `vp` VP bought for as many silver.
    VpBought {
        seat: Seat,
        vp: u8,
    },
    /// Solo game: the VP goal reached; the marker back to 0, the goal now `goal`,
    /// and a free die action.
    GoalReached {
        seat: Seat,
        goal: u8,
    },
    /// Solo game over: `won` when all 37 spaces are filled (`spaces` covered).
    SoloEnded {
        won: bool,
        spaces: u8,
    },
    /// AutoDuke setup (seed 000 lines 1056-1058): its left card (a castle on its
    /// castle space) and right card; `provisional`: reconstructed content.
    AutoDukeSetUp {
        left: u8,
        right: u8,
        provisional: bool,
    },
    /// AutoDuke modifiers A/B: a tile laid on its duchy's `space`; no `tile` when it
    /// lies face down (modifier A: no one sees which it is).
    AutoDukeLaid {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tile: Option<Tile>,
        space: u8,
        face_down: bool,
    },
    /// AutoDuke step 1: its die rolled.
    AutoDukeRolled {
        die: u8,
    },
    /// AutoDuke: a depot's tile placed on card `card` (step 1, a castle's bonus
    /// action, an extra turn).
    AutoDukeTook {
        action: crate::modules::AutoDukeAction,
        depot: u8,
        tile: Tile,
        card: u8,
    },
    /// AutoDuke: a reserve tile placed on card `card` (step 1's first fallback, a
    /// city hall).
    AutoDukeFromReserve {
        action: crate::modules::AutoDukeAction,
        tile: Tile,
        card: u8,
    },
    /// AutoDuke step 1: a wildcard from its reserve on card `card`.
    AutoDukeWildcard {
        card: u8,
    },
    /// AutoDuke step 1: the black depot's first tile, face down into its reserve.
    AutoDukeTookBlack {
        tile: Tile,
    },
    /// AutoDuke step 1: no tile anywhere, 2 silver.
    AutoDukeNoTile {
        silver: u32,
    },
    /// AutoDuke step 2: the benefit of `tile` (bank, boarding house, watchtower,
    /// farm).
    AutoDukeBenefit {
        tile: Tile,
        silver: u32,
        vp: i32,
    },
    /// AutoDuke step 2: `via` (carpenter's workshop, church, market) took `tile` of
    /// `depot` into its reserve.
    AutoDukeToReserve {
        via: Tile,
        depot: u8,
        tile: Tile,
    },
    /// AutoDuke step 2: the benefit of `tile` found nothing: lost.
    AutoDukeBenefitLost {
        tile: Tile,
    },
    /// AutoDuke step 2, ship: the goods of `depot` taken.
    AutoDukeShip {
        depot: u8,
        goods: [u8; 6],
    },
    /// AutoDuke: its turn-order marker moved to `space`.
    AutoDukeMoved {
        space: u8,
    },
    /// AutoDuke: `count` goods of type `goods` sold for 1 silver and `vp` VP.
    AutoDukeSold {
        cause: crate::modules::SaleCause,
        goods: u8,
        count: u8,
        vp: i32,
    },
    /// AutoDuke with the trade routes: 1 VP for a sale action (seed 000 line 1229).
    AutoDukeSaleBonus {
        vp: i32,
    },
    /// AutoDuke with the trading posts: its second trading-post card completed
    /// scores the phase bonus (seed 000 line 1227).
    AutoDukeTradingPostBonus {
        vp: i32,
    },
    /// AutoDuke: its third trading-post card completed takes a trading-post tile
    /// (seed 000 line 1228).
    AutoDukeTradingPostTile {
        vp: i32,
    },
    /// AutoDuke: its third trading-post card completed, both tiles gone.
    AutoDukeTradingPostTileGone {},
    /// AutoDuke with the shields: a shield card completed takes shield `shield`
    /// from `depot` (seed 000 line 1235).
    AutoDukeShield {
        depot: u8,
        shield: u8,
    },
    /// AutoDuke: a shield card completed, no shield left on the board.
    AutoDukeNoShield {},
    /// AutoDuke final scoring: its shields (seed 000 lines 1238-1242).
    AutoDukeShieldsFinal {
        shields: u8,
        vp: i32,
    },
    /// AutoDuke with the vineyards: a hexamino symbol covered takes the hexamino at
    /// vine-depot position `position` onto its pile (seed 000 line 1264).
    AutoDukeHexamino {
        position: u8,
        vine: crate::modules::Hexamino,
    },
    /// AutoDuke: a hexamino symbol covered, the vine depot empty: lost.
    AutoDukeNoHexamino {},
    /// AutoDuke step 6 with the vineyards: a hexamino bought from the vine shop for 2
    /// silver onto its pile (seed 000 line 1268).
    AutoDukeBoughtHexamino {
        vine: crate::modules::Hexamino,
    },
    /// AutoDuke final scoring: the hexaminoes in its pile (seed 000 lines 1276-1281).
    AutoDukeHexaminoesFinal {
        hexaminoes: u8,
        vp: i32,
    },
    /// AutoDuke with the extra hexes: a crane placed gives a castle's bonus action
    /// (seed 000 line 1221).
    AutoDukeCrane {},
    /// AutoDuke: a sale without goods: lost.
    AutoDukeNothingToSell {
        cause: crate::modules::SaleCause,
    },
    /// AutoDuke step 4: card `card` completed for `vp`, its tiles to its duchy.
    AutoDukeCompleted {
        card: u8,
        vp: i32,
        tiles: Vec<Tile>,
    },
    /// AutoDuke modifier D: an extra-turn space covered.
    AutoDukeExtraTurn {
        space: u8,
    },
    /// AutoDuke modifier D: the extra turn found no tile.
    AutoDukeNothingFound {},
    /// AutoDuke step 5: a bonus tile.
    AutoDukeBonusTile {
        colour: Colour,
        vp: i32,
    },
    /// AutoDuke step 6: a black-depot tile bought into its reserve.
    AutoDukeBought {
        tile: Tile,
    },
    AutoDukeTurnEnded {},
    /// AutoDuke: card `card` drawn into its empty slot.
    AutoDukeDrew {
        card: u8,
        provisional: bool,
    },
    /// AutoDuke, a phase's end: silver for its face-up mines.
    AutoDukeMines {
        silver: u32,
    },
    /// AutoDuke final scoring (seed 000 lines 1186-1194), line by line and in all.
    AutoDukeFinal {
        monasteries: i32,
        goods: i32,
        silver: i32,
        reserve: i32,
        cards: i32,
        vp: i32,
    },
}

impl Event {
    /// The message key for translation (the serialized tag).
    pub fn key(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("event").and_then(|k| k.as_str()).map(String::from))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_form_round_trips() {
        for text in [
            "castle 18",
            "side 4",
            "die 2 5",
            "take 3 market",
            "place cow3 12",
            "sell 4",
            "workers",
            "buy black ship",
            "buy 4 knowledge7 workers=1",
            "knowledge6 2 bank",
            "discard mine",
            "ship 5 1,4",
            "ship 2",
            "pass",
            "trade knowledge3 1,1,2,5,5",
            "buy vp 3",
            "black mine 4",
            "route 3,1,12",
            "shield5 3",
            "shield6 1",
            "shieldtile black mine 4",
            "shieldtile 2 castle 6",
            "tribute none",
            "tribute 3,7,13 workers=2",
            "tribute 5",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
        }
    }

    #[test]
    fn bad_text_says_what_is_wrong() {
        assert!("fly 3"
            .parse::<Action>()
            .unwrap_err()
            .contains("is not an action"));
        assert!("die x 3"
            .parse::<Action>()
            .unwrap_err()
            .contains("is not a number"));
        assert!("take 3 dragon"
            .parse::<Action>()
            .unwrap_err()
            .contains("unknown tile"));
        assert!("ship 3 7"
            .parse::<Action>()
            .unwrap_err()
            .contains("not a goods type"));
        assert!("sell"
            .parse::<Action>()
            .unwrap_err()
            .contains("expected 1 word"));
    }

    /// A roll is written as the list of pairs it was before it became a fixed
    /// array (issue 18), and more pairs than seats are refused, not a panic.
    #[test]
    fn a_roll_is_written_as_its_list_of_pairs() {
        let roll = Outcome::Roll {
            dice: RolledDice::of(&[[1, 2], [6, 6], [3, 4]]).unwrap(),
            white: 5,
        };
        let json = serde_json::to_string(&roll).unwrap();
        assert_eq!(json, r#"{"roll":{"dice":[[1,2],[6,6],[3,4]],"white":5}}"#);
        assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), roll);
        let five = r#"{"roll":{"dice":[[1,1],[1,1],[1,1],[1,1],[1,1]],"white":5}}"#;
        let refused = serde_json::from_str::<Outcome>(five).unwrap_err();
        assert!(refused.to_string().contains("at most 4 seats"), "{refused}");
        assert!(RolledDice::of(&[[1, 1]; 5]).is_none());
    }
}
