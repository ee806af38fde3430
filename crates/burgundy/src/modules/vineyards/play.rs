//! The vineyards' decisions: the two die actions (take a hexamino, place one), the
//! bonus actions of a placed hexamino in the player's order, the vine bonus tile of
//! a covered terrace, the vine shop as the turn's purchase, and making room in the
//! key spaces (seed 000 lines 965-989).

use super::{Hexamino, Planted, Vine, VineBonus, VineKeys, VineSpace, Vineyards};
use crate::action::{Action, Event, ScoreReason, BLACK};
use crate::config::VineyardFirst;
use crate::error::Reason;
use crate::sets::Depot;
use crate::state::{Burgundy, Pending, Turn};
use crate::tile::{distinct, Tile};
use crate::turn::Sink;
use std::fmt;
use tabuleiro_core::Seat;

/// A vineyard decision, written `vine ...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VineMove {
    /// Take the hexamino at vine-depot position `slot` (1-6) into the key spaces.
    Take { slot: u8 },
    /// Place a held hexamino on vineyard space `space`; `turned`: its second vine on
    /// the space's first hex; `keys`: the key spaces it leaves (the team game).
    Place {
        vine: Hexamino,
        space: u8,
        turned: bool,
        #[serde(default, skip_serializing_if = "VineKeys::is_private")]
        keys: VineKeys,
    },
    /// Buy a hexamino from the vine shop: the turn's purchase (seed 000 line 989).
    Buy { vine: Hexamino },
    /// Discard a held hexamino to make room (from the key spaces `keys`).
    Discard {
        vine: Hexamino,
        #[serde(default, skip_serializing_if = "VineKeys::is_private")]
        keys: VineKeys,
    },
    /// The team game: the key spaces the hexamino taken goes on.
    KeySpace { keys: VineKeys },
    /// Resolve bonus action 1 or 2 of the space just covered.
    Bonus { which: u8 },
    /// The bonus "free tile": this black-depot tile (seed 000 line 981).
    Black { tile: Tile },
    /// The bonus "free tile": this vine-shop hexamino.
    Shop { vine: Hexamino },
    /// A terrace covered: this vine bonus tile from the supply (seed 000 line 985).
    Tile { vine: Vine },
}

impl fmt::Display for VineMove {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            VineMove::Take { slot } => write!(f, "vine take {slot}"),
            VineMove::Place {
                vine,
                space,
                turned,
                keys,
            } => {
                write!(f, "vine place {vine} {space}")?;
                if turned {
                    f.write_str(" turned")?;
                }
                keys_word(f, keys)
            }
            VineMove::Buy { vine } => write!(f, "vine buy {vine}"),
            VineMove::Discard { vine, keys } => {
                write!(f, "vine discard {vine}")?;
                keys_word(f, keys)
            }
            VineMove::KeySpace { keys } => write!(f, "vine keyspace {keys}"),
            VineMove::Bonus { which } => write!(f, "vine bonus {which}"),
            VineMove::Black { tile } => write!(f, "vine black {tile}"),
            VineMove::Shop { vine } => write!(f, "vine shop {vine}"),
            VineMove::Tile { vine } => write!(f, "vine tile {vine}"),
        }
    }
}

/// The key spaces a hexamino leaves, written after it where named.
fn keys_word(f: &mut fmt::Formatter, keys: VineKeys) -> fmt::Result {
    match keys {
        VineKeys::Private => Ok(()),
        k => write!(f, " {k}"),
    }
}

/// The words after a placed or discarded hexamino: `[turned]` (`place` only) then
/// `[split|shared]`.
fn parse_leaving(s: &str, rest: &[&str], turns: bool) -> Result<(bool, VineKeys), String> {
    let bad = || {
        format!("{s:?}: expected vine place VINE SPACE [turned] [split|shared] or vine discard VINE [split|shared]")
    };
    let (turned, rest) = match rest.first() {
        Some(&"turned") if turns => (true, &rest[1..]),
        _ => (false, rest),
    };
    match rest {
        [] => Ok((turned, VineKeys::Private)),
        [w] => match VineKeys::parse(w) {
            Some(k) if !k.is_private() => Ok((turned, k)),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

impl VineMove {
    /// Reads `vine ...` (the words after `vine`).
    pub fn parse(s: &str, words: &[&str]) -> Result<VineMove, String> {
        let word = |i: usize| {
            words
                .get(i)
                .copied()
                .ok_or_else(|| format!("{s:?}: a word is missing"))
        };
        let num = |i: usize| -> Result<u8, String> {
            let w = word(i)?;
            w.parse()
                .map_err(|_| format!("{s:?}: {w:?} is not a number"))
        };
        let arity = |n: usize| match words.len() == n {
            true => Ok(()),
            false => Err(format!("{s:?}: expected {} word(s) after \"vine\"", n - 1)),
        };
        match word(0)? {
            "take" => arity(2).and(Ok(VineMove::Take { slot: num(1)? })),
            "place" => {
                let (turned, keys) = parse_leaving(s, words.get(3..).unwrap_or(&[]), true)?;
                Ok(VineMove::Place {
                    vine: word(1)?.parse()?,
                    space: num(2)?,
                    turned,
                    keys,
                })
            }
            "buy" => arity(2).and(Ok(VineMove::Buy {
                vine: word(1)?.parse()?,
            })),
            "discard" => {
                let (_, keys) = parse_leaving(s, words.get(2..).unwrap_or(&[]), false)?;
                Ok(VineMove::Discard {
                    vine: word(1)?.parse()?,
                    keys,
                })
            }
            "keyspace" => match words.get(1).and_then(|w| VineKeys::parse(w)) {
                Some(keys) if words.len() == 2 => Ok(VineMove::KeySpace { keys }),
                _ => Err(format!(
                    "{s:?}: expected vine keyspace private|split|shared"
                )),
            },
            "bonus" => arity(2).and(Ok(VineMove::Bonus { which: num(1)? })),
            "black" => arity(2).and(Ok(VineMove::Black {
                tile: word(1)?.parse()?,
            })),
            "shop" => arity(2).and(Ok(VineMove::Shop {
                vine: word(1)?.parse()?,
            })),
            "tile" => arity(2).and(Ok(VineMove::Tile {
                vine: word(1)?.parse()?,
            })),
            w => Err(format!(
                "{s:?}: {w:?} is not a vine action (take, place, buy, discard, keyspace, bonus, black, shop, tile)"
            )),
        }
    }
}

/// Distinct hexaminoes of a list, first seen first.
fn distinct_vines(list: &[Hexamino]) -> impl Iterator<Item = Hexamino> + '_ {
    list.iter()
        .enumerate()
        .filter(|(i, h)| !list[..*i].contains(h))
        .map(|(_, &h)| h)
}

impl Burgundy {
    /// The vine depot position `slot` takes a die showing `value` (None: any): its
    /// own number with 4 players, either of its two with 2-3 (seed 000 line 969;
    /// the AutoDuke counts as a player for the setup, line 1036).
    pub(crate) fn vine_slot_fits(&self, slot: u8, value: Option<u8>) -> bool {
        match value {
            None => true,
            Some(v) if self.total_players() == 4 => v == slot,
            Some(v) => v.div_ceil(2) == slot.div_ceil(2),
        }
    }

    /// Why a hexamino may not go on `space` with a die showing `value`.
    pub(crate) fn vine_misplaced(
        &self,
        seat: Seat,
        space: u8,
        value: Option<u8>,
    ) -> Option<Reason> {
        let board = &self.content().vineyard;
        let Some(s) = board.space(space) else {
            return Some(Reason::VineNoSuchSpace { space });
        };
        self.vine_space_misplaced(seat, s, value)
    }

    /// [`Burgundy::vine_misplaced`] on a space of the board (the listing walks the
    /// board's spaces: no lookup by number).
    fn vine_space_misplaced(&self, seat: Seat, s: &VineSpace, value: Option<u8>) -> Option<Reason> {
        let (board, space) = (&self.content().vineyard, s.space);
        let planted = &self.vineyards()?.seats.get(seat as usize)?.board;
        if planted.contains_key(&space) {
            return Some(Reason::VineSpaceCovered { space });
        }
        if value.is_some_and(|v| v != s.die) {
            return Some(Reason::VineWrongNumber {
                space,
                number: s.die,
                value: value.unwrap_or(0),
            });
        }
        if planted.is_empty() {
            // Seed 000 line 975: the first on the lowest terrace, "espaços numerados
            // de 1 a 4"; seed 002 line 1019: "casillas numeradas 1 o 4" (A32).
            let first = s.level == board.lowest()
                && (self.config.rules.vineyard_first == VineyardFirst::OneToFour
                    || matches!(s.die, 1 | 4));
            return (!first).then_some(Reason::VineFirstOnLowest { space });
        }
        // Later ones next to one already placed, sharing a side (seed 000 line 975).
        let next = (planted.keys()).any(|&p| board.space(p).is_some_and(|o| o.touches(s)));
        (!next).then_some(Reason::VineNotAdjacent { space })
    }

    /// The vineyard uses of a die showing `value` (None: the castle's action); a
    /// game without the module asks one byte (inlined: no call on the base path).
    #[inline]
    pub(crate) fn vine_die_uses(&self, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        if let Some(v) = self.vineyards() {
            self.vine_die_uses_of(v, seat, value, out);
        }
    }

    fn vine_die_uses_of(&self, v: &Vineyards, seat: Seat, value: Option<u8>, out: &mut impl Sink) {
        for &slot in self.vine_depot_slots() {
            if v.depot[slot as usize - 1].is_some() && self.vine_slot_fits(slot, value) {
                out.push(Action::Vine(VineMove::Take { slot }));
            }
        }
        for (vine, keys) in self.vine_leavings(seat) {
            for s in &self.content().vineyard.spaces {
                // A die fits one number in six: asked first, before the board's
                // lookups (the reason refused is not needed to list, issue 46).
                if value.is_some_and(|v| v != s.die) {
                    continue;
                }
                if self.vine_space_misplaced(seat, s, value).is_none() {
                    for turned in [false, true] {
                        if !turned || vine.first != vine.second {
                            out.push(Action::Vine(VineMove::Place {
                                vine,
                                space: s.space,
                                turned,
                                keys,
                            }));
                        }
                    }
                }
            }
        }
    }

    /// The decisions of a vineyard pending step; false when `pending` is none.
    pub(crate) fn vine_decisions(&self, seat: Seat, pending: Pending, out: &mut impl Sink) -> bool {
        let Some(v) = self.vineyards() else {
            return false;
        };
        match pending {
            Pending::VineBonuses { left, .. } => {
                for which in 1..=2u8 {
                    if left & (1 << (which - 1)) != 0 {
                        out.push(Action::Vine(VineMove::Bonus { which }));
                    }
                }
                out.push(Action::Pass);
            }
            Pending::VineDepot => {
                for &slot in self.vine_depot_slots() {
                    if v.depot[slot as usize - 1].is_some() {
                        out.push(Action::Vine(VineMove::Take { slot }));
                    }
                }
                out.push(Action::Pass);
            }
            Pending::BlackOrShop => {
                for tile in distinct(&self.black_depot) {
                    out.push(Action::Vine(VineMove::Black { tile }));
                }
                for vine in distinct_vines(&v.shop) {
                    out.push(Action::Vine(VineMove::Shop { vine }));
                }
                out.push(Action::Pass);
            }
            Pending::VineRoom { .. } => {
                for tile in distinct(&self.players[seat as usize].storage) {
                    out.push(Action::Discard {
                        tile,
                        shared: false,
                    });
                    if self.modules.team.is_some() && self.leaves_either(seat, tile) {
                        out.push(Action::Discard { tile, shared: true });
                    }
                }
                self.vine_discards(seat, out);
            }
            Pending::VineKeySpace { .. } => self.vine_key_space_choices(seat, out),
            Pending::VineTile => {
                for vine in Vine::ALL {
                    if v.supply[vine.index()] > 0 {
                        out.push(Action::Vine(VineMove::Tile { vine }));
                    }
                }
                // The supply emptied by a terrace covered earlier this turn.
                if v.supply.iter().all(|&n| n == 0) {
                    out.push(Action::Pass);
                }
            }
            _ => return false,
        }
        true
    }

    /// Discards of a held hexamino (to make room for a tile or a hexamino).
    #[inline]
    pub(crate) fn vine_discards(&self, seat: Seat, out: &mut impl Sink) {
        if self.vineyards().is_some() {
            for (vine, keys) in self.vine_leavings(seat) {
                out.push(Action::Vine(VineMove::Discard { vine, keys }));
            }
        }
    }

    /// The vine shop as the turn's purchase (seed 000 line 989).
    #[inline]
    pub(crate) fn vine_buys(&self, turn: &Turn, out: &mut impl Sink) {
        if let Some(v) = self.vineyards() {
            self.vine_buys_of(v, turn, out);
        }
    }

    fn vine_buys_of(&self, v: &Vineyards, turn: &Turn, out: &mut impl Sink) {
        if self.purchase_spent(turn) || self.players[turn.seat as usize].silver < 2 {
            return;
        }
        for vine in distinct_vines(&v.shop) {
            out.push(Action::Vine(VineMove::Buy { vine }));
        }
    }

    /// Applies a legal vineyard decision (kept out of line: the base game's
    /// decisions stay small enough to inline, issue 18).
    #[inline(never)]
    pub(crate) fn apply_vine(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        mv: VineMove,
        events: &mut Vec<Event>,
    ) {
        match mv {
            VineMove::Take { slot } => {
                let vine = self.vineyards_mut().depot[slot as usize - 1]
                    .take()
                    .expect("legal");
                events.push(Event::VineTaken { seat, slot, vine });
                self.store_vine(seat, vine);
            }
            VineMove::Place {
                vine,
                space,
                turned,
                keys,
            } => {
                self.vine_leaves(seat, vine, keys);
                self.place_vine(seat, vine, space, turned, events)
            }
            VineMove::Buy { vine } => {
                self.players[seat as usize].silver -= 2;
                self.turn_mut_vine().bought = true;
                self.take_from_shop(vine);
                events.push(Event::VineBought { seat, vine });
                self.store_vine(seat, vine);
            }
            VineMove::Shop { vine } => {
                self.take_from_shop(vine);
                events.push(Event::VineFromShop { seat, vine });
                self.store_vine(seat, vine);
            }
            VineMove::Black { tile } => {
                self.remove_from_depot(Depot::of(BLACK), tile);
                events.push(Event::VineFreeTile { seat, tile });
                self.store_tile(seat, tile);
            }
            VineMove::Discard { vine, keys } => {
                self.vine_leaves(seat, vine, keys);
                events.push(Event::VineDiscarded { seat, vine });
                self.room_made(seat, pending);
            }
            VineMove::KeySpace { keys } => self.keep_vine_chosen(seat, pending, keys, events),
            VineMove::Bonus { which } => self.vine_bonus(seat, pending, which, events),
            VineMove::Tile { vine } => {
                self.vineyards_mut().supply[vine.index()] -= 1;
                self.vine_tile_to(seat, vine);
                events.push(Event::VineTileTaken { seat, vine });
            }
        }
    }

    /// A tile discarded while a hexamino waits for room.
    #[inline(never)]
    pub(crate) fn vine_room_discard(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        (tile, shared): (Tile, bool),
        events: &mut Vec<Event>,
    ) {
        // The team game: the key space it leaves is the player's choice.
        let i = if self.modules.team.is_some() {
            self.team_leaving(seat, tile, shared)
        } else {
            self.stored_at(seat, tile)
        };
        self.players[seat as usize].storage.remove(i);
        self.boxed.add(tile);
        if tile == Tile::Castle {
            self.castles_discarded(1, true);
        }
        events.push(Event::Discarded { seat, tile });
        self.room_made(seat, pending);
    }

    /// Room was made: the incoming tile or hexamino goes in (or more room is asked).
    fn room_made(&mut self, seat: Seat, pending: Option<Pending>) {
        match pending {
            // The team game asks the key space where both have room.
            Some(Pending::Discard { incoming }) if self.modules.team.is_some() => {
                self.store_tile(seat, incoming)
            }
            Some(Pending::Discard { incoming }) => {
                self.players[seat as usize].storage.push(incoming)
            }
            Some(Pending::VineRoom { incoming }) => self.store_vine(seat, incoming),
            _ => unreachable!("a discard makes room for something"),
        }
    }

    fn take_from_shop(&mut self, vine: Hexamino) {
        let shop = &self.vineyards_mut().shop;
        let i = shop.iter().position(|&h| h == vine).expect("legal");
        self.take_from_shop_at(i);
    }

    /// The shop's `i`-th hexamino (left to right) taken: the others keep their
    /// positions.
    pub(crate) fn take_from_shop_at(&mut self, i: usize) -> Hexamino {
        let v = self.vineyards_mut();
        v.shop_at = v.shop_positions();
        v.shop_at.remove(i);
        v.shop.remove(i)
    }

    /// A hexamino goes to the key spaces, 2 of them; without room, held tiles or
    /// hexaminoes are discarded first (seed 000 line 969).
    fn store_vine(&mut self, seat: Seat, vine: Hexamino) {
        if self.modules.team.is_some() {
            return self.store_team_vine(seat, vine);
        }
        let held = self.key_spaces_used(seat);
        let room = self.storage_capacity().saturating_sub(held);
        if room >= 2 || self.unlimited_storage(seat) {
            self.vineyards_mut().seats[seat as usize].held.push(vine);
        } else {
            self.turn_mut_vine()
                .pending
                .push(Pending::VineRoom { incoming: vine });
        }
    }

    /// Seed 000 lines 973-985: placed (the hexamino has left the key spaces), then
    /// both bonus actions in the player's order, then a vine bonus tile if a terrace
    /// is covered.
    fn place_vine(
        &mut self,
        seat: Seat,
        vine: Hexamino,
        space: u8,
        turned: bool,
        events: &mut Vec<Event>,
    ) {
        let content = self.config.content.clone();
        let board = &content.get().vineyard;
        let planted = match turned {
            false => Planted(vine.first, vine.second),
            true => Planted(vine.second, vine.first),
        };
        self.plant(seat, space, planted);
        let v = self.vineyards_mut();
        let me = &v.seats[seat as usize];
        let level = board.space(space).expect("legal").level;
        let covered = board.level_covered(level, &me.board);
        let supply = v.supply.iter().any(|&n| n > 0);
        events.push(Event::VinePlaced {
            seat,
            vine,
            space,
            turned,
        });
        let turn = self.turn_mut_vine();
        if covered && supply {
            turn.pending.push(Pending::VineTile);
        }
        turn.pending
            .push(Pending::VineBonuses { space, left: 0b11 });
    }

    fn vine_bonus(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        which: u8,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::VineBonuses { space, left }) = pending else {
            unreachable!("legal")
        };
        let rest = left & !(1 << (which - 1));
        if rest != 0 {
            self.turn_mut_vine()
                .pending
                .push(Pending::VineBonuses { space, left: rest });
        }
        let board = &self.content().vineyard;
        let bonus = board.space(space).expect("legal").bonuses[which as usize - 1];
        events.push(Event::VineBonusUsed { seat, space, which });
        let next = match bonus {
            VineBonus::Silver(n) => return self.gain(seat, n as u32, 0, events),
            VineBonus::Workers(n) => return self.gain(seat, 0, n as u32, events),
            VineBonus::Vp(n) => {
                return self.score(seat, n as i32, ScoreReason::VineyardBonus, events)
            }
            VineBonus::Take(colours) => Pending::TakeFrom { colours },
            VineBonus::Castle => Pending::UseDie { value: None },
            VineBonus::Sell => Pending::WarehouseSell,
            VineBonus::Place => Pending::CityHall,
            VineBonus::BlackOrShop => Pending::BlackOrShop,
            VineBonus::VineDepot => Pending::VineDepot,
        };
        self.turn_mut_vine().pending.push(next);
    }

    fn turn_mut_vine(&mut self) -> &mut Turn {
        match &mut self.stage {
            crate::state::Stage::Turn(t) => t,
            _ => unreachable!("vineyard decisions are made in a turn"),
        }
    }

    /// Why a vineyard decision of the shape awaited is refused.
    pub(crate) fn vine_refusal(
        &self,
        turn: &Turn,
        pending: Option<&Pending>,
        mv: VineMove,
    ) -> Option<Reason> {
        let v = self.vineyards()?;
        match (pending, mv) {
            (
                Some(Pending::UseDie { .. }) | Some(Pending::VineDepot) | None,
                VineMove::Take { slot },
            ) => {
                if !(1..=6).contains(&slot) || v.depot[slot as usize - 1].is_none() {
                    return Some(Reason::VineNotInDepot { slot });
                }
                match pending {
                    Some(&Pending::UseDie { value: Some(value) })
                        if !self.vine_slot_fits(slot, Some(value)) =>
                    {
                        Some(Reason::VineDieDoesNotMatch { value, slot })
                    }
                    _ => None,
                }
            }
            (
                Some(&Pending::UseDie { value }),
                VineMove::Place {
                    vine, space, keys, ..
                },
            ) => {
                if self.vine_leaves_from(turn.seat, vine, keys).is_none() {
                    return Some(Reason::VineNotHeld { vine });
                }
                self.vine_misplaced(turn.seat, space, value)
            }
            (_, VineMove::Buy { vine }) | (Some(Pending::BlackOrShop), VineMove::Shop { vine }) => {
                if matches!(mv, VineMove::Buy { .. }) && self.purchase_spent(turn) {
                    return Some(self.purchase_spent_reason(turn));
                }
                if matches!(mv, VineMove::Buy { .. }) && self.players[turn.seat as usize].silver < 2
                {
                    return Some(Reason::NotEnoughSilver {
                        need: 2,
                        have: self.players[turn.seat as usize].silver,
                    });
                }
                (!v.shop.contains(&vine)).then_some(Reason::VineNotInShop { vine })
            }
            (_, VineMove::Discard { vine, keys }) => self
                .vine_leaves_from(turn.seat, vine, keys)
                .is_none()
                .then_some(Reason::VineNotHeld { vine }),
            (Some(Pending::VineKeySpace { .. }), VineMove::KeySpace { keys }) => {
                (!self.vine_arrangements(turn.seat).contains(&keys))
                    .then_some(Reason::VineKeySpaceFull { keys })
            }
            _ => None,
        }
    }
}

impl VineMove {
    /// The words of the decision: `action.vine_<kind>` with its arguments.
    pub fn label(self) -> tabuleiro_core::Message {
        let m = |key: &str| tabuleiro_core::Message::new(format!("action.vine_{key}"));
        match self {
            VineMove::Take { slot } => m("take").arg("slot", slot),
            VineMove::Place {
                vine,
                space,
                turned,
                keys,
            } => m(&format!(
                "{}{}",
                if turned { "place_turned" } else { "place" },
                keys_suffix(keys)
            ))
            .arg("vine", vine.to_string())
            .arg("space", space),
            VineMove::Buy { vine } => m("buy").arg("vine", vine.to_string()),
            VineMove::Discard { vine, keys } => {
                m(&format!("discard{}", keys_suffix(keys))).arg("vine", vine.to_string())
            }
            VineMove::KeySpace { keys } => m(&format!("keyspace_{keys}")),
            VineMove::Bonus { which } => m("bonus").arg("which", which),
            VineMove::Black { tile } => m("black").arg("tile", tile),
            VineMove::Shop { vine } => m("shop").arg("vine", vine.to_string()),
            VineMove::Tile { vine } => m("tile").arg("vine", vine.name()),
        }
    }
}

/// The label's key suffix of the key spaces a hexamino leaves: none for the first
/// holding, `_split` or `_shared` where named.
fn keys_suffix(keys: VineKeys) -> &'static str {
    match keys {
        VineKeys::Private => "",
        VineKeys::Split => "_split",
        VineKeys::Shared => "_shared",
    }
}
