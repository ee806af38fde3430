//! The solo game's decisions within a turn (seed 000 lines 839-857, 002 lines
//! 873-891, 001 lines 1071-1093): after a ship the other depots' goods leave the
//! game and 5 goods may be traded for a face-down black tile; a completed colour
//! puts a black-depot tile straight into the duchy; VP gained may be topped up with
//! silver, and reaching the goal gives a free die action.

use super::Sink;
use crate::action::{Action, Event};
use crate::modules::SoloGoal;
use crate::sets::Depot;
use crate::state::*;
use crate::tile::{Colour, Tile};
use tabuleiro_core::Seat;

/// The deepest place on a turn's stack whose decision `first N` brings (the stack
/// of a solo turn holds a few: a tile's effect, a colour's black-depot tile, the VP
/// purchase, the goal's action); the bound of the decision's ids.
pub const MOST_BROUGHT_FIRST: usize = 8;

/// The goods a trade gives up (seed 000 line 841: "quaisquer 5 de suas mercadorias").
pub const TRADED_GOODS: u8 = 5;

impl Burgundy {
    /// A ship's goods are taken. Base game: the turn-order marker moves. Solo game
    /// (seed 000 line 841): "remova todas as mercadorias de todos os outros depósitos
    /// do tabuleiro central" (the marker is the VP goal and stays), then "agora (e
    /// apenas agora)" the trade may follow.
    pub(super) fn ship_done(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let Some(mut solo) = self.modules.solo else {
            return self.move_on_track(seat, events);
        };
        let mut goods = [0u8; 6];
        for depot in self.depot_goods.iter_mut() {
            for (t, n) in depot.iter_mut().enumerate() {
                goods[t] += std::mem::take(n);
            }
        }
        if goods != [0; 6] {
            (0..6).for_each(|t| solo.goods_out[t] += goods[t]);
            self.modules.solo = Some(solo);
            events.push(Event::GoodsRemoved { goods });
        }
        let mut trades = super::Choices::default();
        self.trades(seat, &mut trades);
        if trades.0 > 0 {
            self.turn_mut().pending.push(Pending::SoloTrade);
        }
    }

    /// Each trade of 5 held goods (as counts by type) for a black-depot tile of each
    /// kind there, and passing.
    pub(super) fn trades(&self, seat: Seat, out: &mut impl Sink) {
        let held = self.player(seat).goods;
        if held.iter().map(|&g| g as u32).sum::<u32>() < TRADED_GOODS as u32 {
            return;
        }
        let mut gives = Vec::new();
        five_of(&held, 0, TRADED_GOODS, [0; 6], &mut gives);
        for (i, &tile) in self.black_depot.iter().enumerate() {
            if self.black_depot[..i].contains(&tile) {
                continue;
            }
            for &goods in &gives {
                out.push(Action::Trade { tile, goods });
            }
        }
        out.push(Action::Pass);
    }

    /// The trade: the goods leave the game, the black-depot tile goes face down to
    /// storage ("virada para baixo em um de seus espaços chave"); what it was no
    /// longer matters, so it is boxed and a face-down tile stored.
    pub(super) fn trade(
        &mut self,
        seat: Seat,
        tile: Tile,
        goods: [u8; 6],
        events: &mut Vec<Event>,
    ) {
        let mut solo = self.modules.solo.expect("solo game");
        let p = &mut self.players[seat as usize];
        for (t, &n) in goods.iter().enumerate() {
            p.goods[t] -= n;
            solo.goods_out[t] += n;
        }
        solo.face_down += 1;
        self.modules.solo = Some(solo);
        self.remove_from_depot(Depot::Black, tile);
        self.boxed.add(tile);
        events.push(Event::Traded { seat, tile, goods });
        self.store_tile(seat, Tile::FACE_DOWN);
    }

    /// VP were gained in the solo game (seed 000 line 853): at the goal the marker
    /// goes back to the start, the goal down 5 (to 5 at least) and a die action of
    /// any value follows; short of it, VP may be bought with silver.
    pub(crate) fn solo_scored(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let (Some(solo), Some(turn)) = (self.modules.solo, self.turn()) else {
            return;
        };
        let p = self.player(seat);
        if p.vp >= solo.goal as i32 {
            self.reach_goal(seat, events);
        } else if p.silver > 0 && !turn.pending.contains(&Pending::SoloBuyVp) {
            self.turn_mut().pending.push(Pending::SoloBuyVp);
        }
    }

    fn reach_goal(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let mut solo = self.modules.solo.expect("solo game");
        // "retorne seu marcador (...) para o espaço inicial (pontos de vitória que
        // sobrem são perdidos)"; "Caso seu objetivo (...) já esteja no espaço 5, não
        // o mova mais (mas você ainda recebe uma ação de dado à sua escolha)".
        self.players[seat as usize].vp = 0;
        solo.goal = solo
            .goal
            .saturating_sub(5)
            .max(SoloGoal::FLOOR)
            .min(solo.goal);
        self.modules.solo = Some(solo);
        events.push(Event::GoalReached {
            seat,
            goal: solo.goal,
        });
        // "como se tivesse posicionado um castelo em seu ducado".
        self.turn_mut()
            .pending
            .push(Pending::UseDie { value: None });
    }

    /// Buying 1 VP per silver, up to the goal (beyond it the excess is lost).
    pub(super) fn vp_buys(&self, seat: Seat, out: &mut impl Sink) {
        for vp in 1..=self.vp_buyable(self.player(seat)) {
            out.push(Action::BuyVp { vp: vp as u8 });
        }
        out.push(Action::Pass);
    }

    /// The most VP `p` may buy now: its silver, up to the goal.
    pub(super) fn vp_buyable(&self, p: &Player) -> u32 {
        let goal = self.modules.solo.map_or(0, |s| s.goal as i32);
        let short = (goal - p.vp).max(0) as u32;
        p.silver.min(short).min(u8::MAX as u32)
    }

    pub(super) fn buy_vp(&mut self, seat: Seat, vp: u8, events: &mut Vec<Event>) {
        let p = &mut self.players[seat as usize];
        p.silver -= vp as u32;
        p.vp += vp as i32;
        events.push(Event::VpBought { seat, vp });
        if self.players[seat as usize].vp >= self.modules.solo.map_or(0, |s| s.goal as i32) {
            self.reach_goal(seat, events);
        }
    }

    /// A colour completed in the solo game (seed 000 line 849): no bonus VP; a
    /// black-depot tile goes straight into the duchy, if one can.
    pub(crate) fn solo_colour_completed(&mut self, seat: Seat) {
        let mut any = super::Choices::default();
        self.black_placements(seat, &mut any);
        if any.0 > 0 && self.turn().is_some() {
            self.turn_mut()
                .pending
                .push(Pending::SoloBlack { further: false });
        }
    }

    /// Each black-depot tile on each space it may go on "seguindo as regras de
    /// posicionamento básicas": its colour, next to a placed tile; no die is rolled
    /// for it, so any number (as a castle's action).
    pub(super) fn black_placements(&self, seat: Seat, out: &mut impl Sink) {
        // An empty depot asks nothing of the board.
        if self.black_depot.is_empty() {
            return;
        }
        let at = self.placing(seat);
        for (i, &tile) in self.black_depot.iter().enumerate() {
            if self.black_depot[..i].contains(&tile) {
                continue;
            }
            let open = self.open_spaces(&at, tile, None);
            for space in open.iter() {
                let space = space as u8;
                out.push(Action::PlaceBlack { tile, space });
            }
        }
    }

    /// The black-depot tile placed, with its scoring and effect ("aplicando seus
    /// efeitos"); completing another colour brings another.
    pub(super) fn place_black(
        &mut self,
        seat: Seat,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        let before = self.turn().map_or(0, |t| t.pending.len());
        self.place_direct(seat, Depot::Black, tile, space, events);
        // Seed 000 line 848: a colour this tile completes brings another tile, which
        // "você pode pegar": the player may decline it.
        if let Stage::Turn(turn) = &mut self.stage {
            for p in turn.pending.iter_mut().skip(before) {
                if let Pending::SoloBlack { further } = p {
                    *further = true;
                }
            }
        }
    }

    /// The solo game's order of game actions (seed 000 line 851, "você escolhe a
    /// ordem na qual recebe quaisquer ações de jogo"; 002 line 885, 001 line 1100):
    /// each other decision waiting on the turn's stack that can be made now may come
    /// before the one on top (`first N`, N its place on the stack, 0 the oldest), one
    /// bringing between two decisions. A discard making room is no game action of its
    /// own: it is never brought nor passed over.
    pub(super) fn solo_orders(&self, turn: &Turn, top: Pending, out: &mut impl Sink) {
        let below = &turn.pending[..turn.pending.len() - 1];
        for (i, &p) in below.iter().enumerate().take(MOST_BROUGHT_FIRST) {
            if p == top || p.makes_room() || below[..i].contains(&p) {
                continue;
            }
            let mut any = super::Choices::default();
            self.decision_actions(turn, p, &mut any);
            if any.0 > 0 {
                out.push(Action::SoloFirst { index: i as u8 });
            }
        }
    }

    /// A decision the solo player let wait while bringing others first may find
    /// nothing left to choose (the goods traded away, the black depot's tiles with no
    /// space): it lapses, as one that cannot be made is never asked ("caso exista").
    pub(super) fn lapse_solo_decisions(&mut self) {
        while let Some(&top) = self.turn().and_then(|t| t.pending.last()) {
            if top.always_offered() {
                return;
            }
            let mut any = super::Any::default();
            self.decision_actions(self.turn().expect("in a turn"), top, &mut any);
            if any.0 {
                return;
            }
            self.turn_mut().pending.pop();
        }
    }

    /// `first N`: the decision at place N of the stack goes on top.
    pub(super) fn solo_first(&mut self, index: u8) {
        let turn = self.turn_mut();
        let brought = turn.pending.remove(index as usize);
        turn.pending.push(brought);
        turn.reordered = true;
    }

    /// The colours whose every space is covered (knowledge tile 26 in the solo game,
    /// where no bonus tiles are taken: "3 pontos de vitória para cada cor que você
    /// tenha completada neste momento", seed 000 line 847).
    pub(crate) fn completed_colours(&self, seat: Seat) -> usize {
        let p = self.player(seat);
        let duchy = self.duchy(seat);
        Colour::ALL
            .iter()
            .filter(|c| {
                duchy.colour_spaces[c.index()]
                    .without(p.covered())
                    .is_empty()
            })
            .count()
    }
}

/// Every way to give up `left` goods from `held` (types `from`.. onwards), as counts.
fn five_of(held: &[u8; 6], from: usize, left: u8, cur: [u8; 6], out: &mut Vec<[u8; 6]>) {
    if left == 0 {
        return out.push(cur);
    }
    for t in from..6 {
        if cur[t] < held[t] {
            let mut next = cur;
            next[t] += 1;
            five_of(held, t, left - 1, next, out);
        }
    }
}
