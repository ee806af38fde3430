//! The shields (seed 000 lines 859-913, 002 lines 893-953, 001 lines 1113-1229;
//! digest 13.10, ambiguities A15-A25). Eighteen numbered shields lie on the goods
//! spaces of the six depots (laid at the first phase start, never replenished); a
//! pair of dice takes one instead of both die actions and puts it on a castle of the
//! duchy; at each phase's end each shield costs 1 silver of tribute, before the mines
//! pay; at the end each shield held scores its VP. Each shield's ability is asked by
//! number ([`Burgundy::holds_shield`]) where the rule it changes lives. The data
//! (`data/shields.json`) says which abilities this engine plays: the others are
//! left in the box at setup, so no shield lies on the table whose ability is ignored.

use super::{Hooks, Module};
use crate::action::{Event, ScoreReason};
use crate::config::Shield2;
use crate::error::{Error, Result};
use crate::state::{Burgundy, Pending, Stage};
use crate::tile::Tile;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use tabuleiro_core::Seat;

const SHIELDS_JSON: &str = include_str!("../../data/shields.json");

/// The shields' numbers whose abilities the engine asks for (seed 000 lines 896-913).
pub(crate) mod ability {
    /// 1: all pastures count as one (livestock scoring).
    pub const ONE_PASTURE: u8 = 1;
    /// 2: a worker whenever another player gains workers.
    pub const WORKER_WHEN_OTHERS_GAIN: u8 = 2;
    /// 3: the tribute may be paid with workers.
    pub const TRIBUTE_IN_WORKERS: u8 = 3;
    /// 4: unlimited storage spaces.
    pub const UNLIMITED_STORAGE: u8 = 4;
    /// 5: a ship also takes one goods type from all six depots.
    pub const SHIP_TAKES_GOODS_TYPE: u8 = 5;
    /// 6: a chosen player's monasteries count as yours.
    pub const SHARED_MONASTERIES: u8 = 6;
    /// 6: the monastery that does not count for the holder ("excetuando o mosteiro 27").
    pub const SHARED_MONASTERIES_EXCEPT: u8 = 27;
    /// 7: new bonus tiles score double.
    pub const BONUS_DOUBLE: u8 = 7;
    /// 8: mines pay double silver.
    pub const MINES_DOUBLE: u8 = 8;
    /// 9: 1 silver per good sold.
    pub const SILVER_PER_GOOD: u8 = 9;
    /// 10: end-game monasteries score double.
    pub const MONASTERIES_DOUBLE: u8 = 10;
    /// 11: a castle's extra action may take a shield.
    pub const CASTLE_TAKES_SHIELD: u8 = 11;
    /// 12: VP per good sold doubled.
    pub const SALE_VP_DOUBLE: u8 = 12;
    /// 13: the shields' VP doubled.
    pub const SHIELDS_DOUBLE: u8 = 13;
    /// 14: at a phase's end, a numbered depot's tile placed directly.
    pub const DEPOT_TILE: u8 = 14;
    /// 15: at a phase's end, a black-depot tile placed directly.
    pub const BLACK_TILE: u8 = 15;
    /// 16: once a turn, a die set to any value.
    pub const DIE_ANY_VALUE: u8 = 16;
    /// 17: a completed area scores as the next size.
    pub const AREA_NEXT_SIZE: u8 = 17;
    /// 18: tiles go on any space, no neighbour needed.
    pub const PLACE_ANYWHERE: u8 = 18;
}

/// One shield as the data gives it.
#[derive(Clone, Debug, Deserialize)]
pub struct ShieldInfo {
    pub number: u8,
    pub endgame_vp: i32,
    /// Does this engine play its ability? (The others stay in the box.)
    pub played: bool,
}

/// Shields per depot by player count (`"2"`, `"3"`, `"4"`).
#[derive(Clone, Debug, Deserialize)]
struct Placement {
    per_depot: BTreeMap<String, [u8; 6]>,
}

/// The module's data: the shields, how many lie on each depot by player count, and
/// the tribute.
#[derive(Clone, Debug, Deserialize)]
pub struct ShieldData {
    placement: Placement,
    pub tribute_silver_per_shield: u32,
    pub shields: Vec<ShieldInfo>,
}

impl ShieldData {
    /// The data shipped with the engine (loaded once, immutable).
    pub fn embedded() -> &'static ShieldData {
        static D: OnceLock<ShieldData> = OnceLock::new();
        D.get_or_init(|| {
            let d: ShieldData = serde_json::from_str(SHIELDS_JSON)
                .unwrap_or_else(|e| panic!("data/shields.json is invalid: {e}"));
            let numbered = d.shields.iter().enumerate();
            assert!(
                d.shields.len() == 18 && numbered.into_iter().all(|(i, s)| s.number == i as u8 + 1),
                "data/shields.json lists shields 1-18 in order"
            );
            d
        })
    }

    /// The shields on each depot at setup for `players` (seed 000 lines 867-878).
    pub fn per_depot(&self, players: usize) -> [u8; 6] {
        self.placement
            .per_depot
            .get(&players.to_string())
            .copied()
            .unwrap_or_default()
    }

    pub fn shield(&self, number: u8) -> Option<&ShieldInfo> {
        self.shields.get((number as usize).wrapping_sub(1))
    }

    /// The numbers of the shields setup draws from.
    pub fn played(&self) -> impl Iterator<Item = u8> + '_ {
        self.shields.iter().filter(|s| s.played).map(|s| s.number)
    }
}

pub(super) struct Shields;

impl Hooks for Shields {
    /// Each shield in the duchy scores its VP; shield 13 doubles them; shield 10
    /// doubles the end-game monasteries (the lines the base game wrote before).
    fn final_points(&self, game: &Burgundy, seat: Seat, lines: &mut Vec<(ScoreReason, i32)>) {
        // The team game: the team's shields score once, on its first member; each
        // member's own (`rules.team_shields: member`) on its own VP.
        if game.teams_shields() && !game.own_board(seat) {
            return;
        }
        let data = ShieldData::embedded();
        let factor = 1 + game.holds_shield(seat, ability::SHIELDS_DOUBLE) as i32;
        let mut shields: Vec<u8> = game.shields_of(seat).collect();
        shields.sort();
        game.shared_knowledge_points(seat, lines);
        // Seed 000 line 905: "seus mosteiros com habilidades de fim de jogo pontuam o
        // dobro": the knowledge lines once more.
        if game.holds_shield(seat, ability::MONASTERIES_DOUBLE) {
            let knowledge: i32 = game.partners_knowledge(seat)
                + lines
                    .iter()
                    .filter(|(why, _)| {
                        matches!(
                            why,
                            ScoreReason::Knowledge { .. } | ScoreReason::SharedKnowledge { .. }
                        )
                    })
                    .map(|(_, vp)| vp)
                    .sum::<i32>();
            lines.push((ScoreReason::MonasteriesDoubled, knowledge));
        }
        for shield in shields {
            let vp = data.shield(shield).map_or(0, |s| s.endgame_vp) * factor;
            lines.push((ScoreReason::Shield { shield }, vp));
        }
    }
}

impl Burgundy {
    /// Does `seat` hold shield `number` in its duchy? (No shields without the module:
    /// the list is empty and this is one bounds check.)
    pub fn holds_shield(&self, seat: Seat, number: u8) -> bool {
        self.modules
            .shields
            .get(seat as usize)
            .is_some_and(|m| m.values().any(|&s| s == number))
    }

    /// Shield 7 taken, `rules.shield7: all` (seed 001 line 1175 "as tuas peças de
    /// bónus contam a dobrar"): the bonus tiles already held score once more (in the
    /// team game the team's, which its members share). `new` (seed 000 line 902
    /// "suas novas peças bônus") doubles only those taken later (`scoring.rs`).
    pub(crate) fn bonus_double_taken(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.config.rules.shield7 != crate::config::Shield7::All {
            return;
        }
        let held = self.players[seat as usize].bonus_tiles.clone();
        for tile in held {
            let why = ScoreReason::BonusDoubled {
                colour: tile.colour,
            };
            self.score(seat, tile.vp, why, events);
        }
    }

    /// Shield 2 (seed 000 line 897): "sempre que outro jogador receber trabalhadores,
    /// você também ganha 1 trabalhador do suprimento": one worker a gain, whatever
    /// its size, or one per worker (`rules.shield2`, digest A19). In the team game
    /// the team's shield answers the other team only (a partner's gain is the
    /// team's own); a member's own (`rules.team_shields: member`) any other player,
    /// the partner too ("outro jogador"; the worker goes to the team's supply).
    #[inline]
    pub(crate) fn workers_gained(&mut self, seat: Seat, workers: u32, events: &mut Vec<Event>) {
        if workers == 0 || self.modules.shields.is_empty() {
            return;
        }
        self.shield2_worker(seat, workers, false, events);
    }

    /// Workers the team of `seat` gains as a team (its mines, paid once): its own
    /// gain, which no shield of its members answers.
    pub(crate) fn team_workers_gained(
        &mut self,
        seat: Seat,
        workers: u32,
        events: &mut Vec<Event>,
    ) {
        if workers == 0 || self.modules.shields.is_empty() {
            return;
        }
        self.shield2_worker(seat, workers, true, events);
    }

    /// Shield 2's worker, out of line: the base game's decisions stay small enough
    /// to be inlined.
    #[cold]
    #[inline(never)]
    fn shield2_worker(&mut self, seat: Seat, workers: u32, team: bool, events: &mut Vec<Event>) {
        let partner_answers = !team && self.members_shields();
        let holder = (0..self.players.len() as Seat).find(|&s| {
            s != seat
                && (partner_answers || !self.partners(s, seat))
                && self.holds_shield(s, ability::WORKER_WHEN_OTHERS_GAIN)
        });
        if let Some(holder) = holder {
            let gained = match self.config.rules.shield2 {
                Shield2::PerGain => 1,
                Shield2::PerWorker => workers,
            };
            self.players[holder as usize].workers += gained;
            events.push(Event::Gained {
                seat: holder,
                silver: 0,
                workers: gained,
            });
        }
    }

    /// Shield 6 at the end (seed 000 line 901): "você também recebe pontos de vitória
    /// por quaisquer mosteiros com habilidades de fim de jogo que aquele jogador tenha
    /// (mas de acordo com suas próprias construções)": a line for each, counted with
    /// the holder's duchy (shield 10 doubles them too: they count as the holder's).
    fn shared_knowledge_points(&self, seat: Seat, lines: &mut Vec<(ScoreReason, i32)>) {
        if self.modules.shield6.is_none() {
            return;
        }
        for n in (15..=26u8).chain([29]) {
            if !self.shares_knowledge(seat, n) {
                continue;
            }
            if let Some(vp) = self.knowledge_vp(seat, n) {
                lines.push((ScoreReason::SharedKnowledge { number: n }, vp));
            }
        }
    }

    /// Shield 10 held by a team's second member (`rules.team_shields: member`): the
    /// team board's monasteries are its own, scored on its partner's lines; their
    /// VP once more on the holder's.
    fn partners_knowledge(&self, seat: Seat) -> i32 {
        if !self.team_second(seat) {
            return 0;
        }
        let points = (15..=26u8)
            .chain([29])
            .map(|n| self.knowledge_points(seat, n));
        points.flatten().sum()
    }

    /// Shield 4 (seed 000 line 899): "uma quantidade ilimitada de espaços chave".
    pub(crate) fn unlimited_storage(&self, seat: Seat) -> bool {
        self.holds_shield(seat, ability::UNLIMITED_STORAGE)
    }

    /// Shield 18 (seed 000 line 913): "posicionar peças hexagonais em quaisquer
    /// espaços de seu ducado, não apenas adjacentes a peças já posicionadas".
    pub(crate) fn places_anywhere(&self, seat: Seat) -> bool {
        self.holds_shield(seat, ability::PLACE_ANYWHERE)
    }

    /// The shields on `seat`'s castles.
    pub fn shields_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.modules
            .shields
            .get(seat as usize)
            .into_iter()
            .flat_map(|m| m.values().copied())
    }

    /// Are the shields still to be laid? At the first phase start of a game with the
    /// module, while none is on a depot or a castle.
    pub(crate) fn shields_to_lay(&self) -> bool {
        self.config.modules.contains(Module::Shields)
            && self.stage == Stage::PhaseStart
            && self.phase == 0
            && self.modules.shield_depots.iter().all(Vec::is_empty)
            && self.modules.shields.iter().all(BTreeMap::is_empty)
    }

    /// Draws the shields onto the depots: as many per depot as the player count
    /// asks, from those the engine plays, without replacement.
    pub(crate) fn sample_shields(&self, rng: &mut tabuleiro_core::Rng) -> [Vec<u8>; 6] {
        let data = ShieldData::embedded();
        let mut pool: Vec<u8> = data.played().filter(|&s| self.shield_in_game(s)).collect();
        let per_depot = data.per_depot(self.shield_players());
        std::array::from_fn(|d| {
            (0..per_depot[d])
                .filter_map(|_| match pool.len() {
                    0 => None,
                    n => Some(pool.swap_remove(rng.below(n))),
                })
                .collect()
        })
    }

    /// Seed 000 line 865: "Aleatoriamente, posicione-os nos espaços de mercadorias
    /// dos seis depósitos (...) de acordo com a quantidade de jogadores".
    pub(crate) fn check_shields(&self, depots: &[Vec<u8>; 6]) -> Result<()> {
        let data = ShieldData::embedded();
        let per_depot = data.per_depot(self.shield_players());
        let counts_fit = depots
            .iter()
            .zip(per_depot)
            .all(|(d, n)| d.len() == n as usize);
        let mut seen = [false; 19];
        let each_once = depots.iter().flatten().all(|&s| {
            let played = self.shield_in_game(s);
            played && !std::mem::replace(&mut seen[s as usize], true)
        });
        match counts_fit && each_once {
            true => Ok(()),
            false => Err(Error::Outcome(format!(
                "the shields lie {per_depot:?} per depot for {} players, each a different shield the engine plays (not shield 2 with the AutoDuke)",
                self.shield_players()
            ))),
        }
    }

    pub(crate) fn lay_shields(&mut self, depots: &[Vec<u8>; 6], events: &mut Vec<Event>) {
        self.modules.shield_depots = depots.clone();
        self.modules.shields = vec![BTreeMap::new(); self.players.len()];
        for (d, shields) in depots.iter().enumerate() {
            for &shield in shields {
                events.push(Event::ShieldLaid {
                    depot: d as u8 + 1,
                    shield,
                });
            }
        }
    }

    /// The player count the shields are laid for: the AutoDuke counts (seed 000
    /// line 1036, "considerado um jogador regular (...) para a preparação").
    fn shield_players(&self) -> usize {
        self.players.len() + self.auto_duke() as usize
    }

    /// Is shield `s` one this game plays? Those the data marks played; with the
    /// AutoDuke not shield 2 (seed 000 line 1233: "remova-o do conjunto de escudos
    /// antes da preparação"; 002 line 1281).
    fn shield_in_game(&self, s: u8) -> bool {
        let played = ShieldData::embedded().shield(s).is_some_and(|i| i.played);
        played && !(s == ability::WORKER_WHEN_OTHERS_GAIN && self.auto_duke())
    }

    /// A shield leaves the game; shield 6's choice goes with it.
    pub(crate) fn shield_removed(&mut self, seat: Seat, shield: u8, events: &mut Vec<Event>) {
        if shield == ability::SHARED_MONASTERIES {
            self.modules.shield6 = None;
        }
        events.push(Event::ShieldRemoved { seat, shield });
    }

    /// A position's shields: only with the module, each shield at most once, on
    /// depots no more than setup lays there, on castles of their seat's duchy.
    pub(crate) fn validate_shields(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let m = &self.modules;
        // The crane's monastery at the last phase's end is no shield's (checked by
        // `validate_crane`).
        let shields_phase_end = |p: &Pending| *p != Pending::CraneMonastery;
        let any = m.shield_depots.iter().any(|d| !d.is_empty())
            || m.shields.iter().any(|s| !s.is_empty())
            || m.shield6.is_some()
            || m.phase_end.iter().any(|(_, p)| shields_phase_end(p))
            || self
                .turn()
                .is_some_and(|t| t.phase_end && t.pending != [Pending::CraneMonastery]);
        if !self.config.modules.contains(Module::Shields) {
            return match any {
                false => Ok(()),
                true => bad("shields are played with the module shields"),
            };
        }
        if !m.shields.is_empty() && m.shields.len() != self.players.len() {
            return bad("modules.shields holds one map (castle space: shield) per seat");
        }
        let data = ShieldData::embedded();
        let per_depot = data.per_depot(self.shield_players());
        if m.shield_depots
            .iter()
            .zip(per_depot)
            .any(|(d, n)| d.len() > n as usize)
        {
            return bad("a depot holds no more shields than setup lays on it");
        }
        let mut seen = [false; 19];
        let on_depots = m.shield_depots.iter().flatten();
        let on_castles = m.shields.iter().flat_map(|s| s.values());
        let auto_duke = self.modules.auto_duke.iter().flat_map(|ad| &ad.shields);
        for &s in on_depots.chain(on_castles).chain(auto_duke) {
            if !self.shield_in_game(s) {
                return bad("shields are numbered 1-18, and this engine plays those data/shields.json marks played (not shield 2 with the AutoDuke)");
            }
            if std::mem::replace(&mut seen[s as usize], true) {
                return bad("each shield lies in one place");
            }
        }
        for (seat, shields) in (0..).zip(&m.shields) {
            let board = &self.players[self.board_seat(seat) as usize];
            let castles = board.spaces_with(Tile::Castle);
            if shields.keys().any(|&c| !castles.contains(c as usize)) {
                return bad("a shield lies on a castle of its seat's duchy");
            }
        }
        self.validate_shield_abilities()
    }

    /// Shield 6's choice and the phase end's placements (shields 14 and 15).
    fn validate_shield_abilities(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let m = &self.modules;
        let n = self.players.len() as Seat;
        let holder = (0..n).find(|&s| self.holds_shield(s, ability::SHARED_MONASTERIES));
        // The AutoDuke is chosen as the seat after the last (`shield6_owners`).
        let owners = n + self.auto_duke() as Seat;
        // The team game: not the holder's partner (its duchy is the holder's).
        let other = |h: Seat, from: Seat| h != from && !self.partners(h, from);
        if m.shield6
            .is_some_and(|from| from >= owners || holder.is_none_or(|h| !other(h, from)))
        {
            return bad("modules.shield6 names another seat than shield 6's holder (not its partner), or the AutoDuke (the seat count)");
        }
        // The decision is alone on the stack (validate_turn); the effects of its tile
        // follow it there.
        let closing = self.turn().filter(|t| t.phase_end);
        if closing.is_some_and(|t| t.dice != [None, None] || self.round != 4) {
            return bad("a phase end's decision comes after round 5, without dice");
        }
        let queued_ok = |(seat, p): &(Seat, Pending)| *seat < n && p.at_phase_end();
        if !m.phase_end.is_empty() && (closing.is_none() || !m.phase_end.iter().all(queued_ok)) {
            return bad("modules.phase_end lists [seat, decision] (shield-tile) during a phase end's decision");
        }
        Ok(())
    }
}
