//! Taking a shield (module `shields`), seed 000 line 886: "Sempre que obtiver dois
//! números iguais em seu lançamento de dados, em vez de realizar suas 2 ações de
//! dados, você pode pegar um escudo do depósito do número lançado. O escudo deve ser
//! posicionado em um castelo do seu ducado (...) ou substituir um escudo já presente
//! em um castelo (o escudo removido dessa forma sai completamente do jogo)." Line
//! 888: workers may turn a die to make the pair ("pagar 2 trabalhadores para alterar
//! um 3 em um 5 para formar um par de 5").

use super::Sink;
use crate::action::{Action, Event};
use crate::config::ShieldPurchase;
use crate::error::Reason;
use crate::knowledge::Knowledge;
use crate::modules::{shield, Module};
use crate::state::*;
use crate::tile::Tile;
use tabuleiro_core::Seat;

impl Burgundy {
    /// The workers that turn both unused dice of the turn into a pair of each depot
    /// 1-6 (None: the dice are not both unused; None for a depot: no count of
    /// workers turns them). The seat's knowledge tile 8 is read once for all six.
    fn pair_costs(&self, turn: &Turn) -> Option<[Option<u32>; 6]> {
        let [Some(a), Some(b)] = turn.dice else {
            return None;
        };
        if !turn.pending.is_empty() {
            return None;
        }
        let workers_two = self.knows(turn.seat, Knowledge::WorkersTwo);
        Some(std::array::from_fn(|d| {
            let depot = d as u8 + 1;
            Some(
                self.cost_in_workers(workers_two, a, depot)?
                    + self.cost_in_workers(workers_two, b, depot)?,
            )
        }))
    }

    /// `rules.shield_purchase: instead` (digest A25): a turn takes a shield with a
    /// pair or makes its purchase, not both.
    fn shield_or_purchase(&self) -> bool {
        self.config.rules.shield_purchase == ShieldPurchase::Instead
    }

    /// The turn bought, so (`instead`) it takes no shield with its pair.
    fn purchase_bars_shield(&self, turn: &Turn) -> bool {
        turn.bought && self.shield_or_purchase()
    }

    /// The turn's black-depot purchase is made, or (`instead`) a shield took its place.
    pub(crate) fn purchase_spent(&self, turn: &Turn) -> bool {
        turn.bought || (turn.shield_taken && self.shield_or_purchase())
    }

    /// Why a second purchase is refused: one was made, or a shield took its place.
    pub(crate) fn purchase_spent_reason(&self, turn: &Turn) -> Reason {
        match turn.bought {
            true => Reason::AlreadyBought,
            false => Reason::ShieldOrPurchase,
        }
    }

    /// The shields the seat on turn may take: each shield on a depot whose pair its
    /// workers can make, onto each of its castles.
    pub(super) fn shield_takes(&self, turn: &Turn, out: &mut impl Sink) {
        if !self.config.modules.contains(Module::Shields) || self.purchase_bars_shield(turn) {
            return;
        }
        let Some(costs) = self.pair_costs(turn) else {
            return;
        };
        let p = self.player(turn.seat);
        let castles = p.spaces_with(Tile::Castle);
        for (shields, cost) in self.modules.shield_depots.iter().zip(costs) {
            if shields.is_empty() || cost.is_none_or(|c| c > p.workers) {
                continue;
            }
            for &shield in shields {
                for space in castles.iter() {
                    out.push(Action::Shield {
                        shield,
                        space: space as u8,
                    });
                }
            }
        }
    }

    /// Shield 11 (seed 000 line 906): "sempre que posicionar um castelo, você tem a
    /// opção de pegar um escudo como ação adicional": a castle's extra action may
    /// take any shield on a depot (digest A20: the depot is not stated; the action
    /// has any die value, so any depot), onto a castle of the duchy.
    pub(super) fn castle_shield_takes(&self, seat: Seat, out: &mut impl Sink) {
        if !self.holds_shield(seat, shield::CASTLE_TAKES_SHIELD) {
            return;
        }
        let castles = self.player(seat).spaces_with(Tile::Castle);
        for &shield in self.modules.shield_depots.iter().flatten() {
            for space in castles.iter() {
                out.push(Action::Shield {
                    shield,
                    space: space as u8,
                });
            }
        }
    }

    /// Why the seat on turn may not take `shield` onto `space` as a castle's extra
    /// action.
    pub(super) fn castle_shield_refusal(&self, seat: Seat, shield: u8, space: u8) -> Reason {
        let on_depot = self
            .modules
            .shield_depots
            .iter()
            .flatten()
            .any(|&s| s == shield);
        if !self.holds_shield(seat, shield::CASTLE_TAKES_SHIELD) {
            Reason::NoShield11
        } else if !on_depot {
            Reason::ShieldNotOnDepot { shield }
        } else {
            Reason::ShieldNotOnCastle { space }
        }
    }

    /// Why the seat on turn may not take `shield` onto `space`.
    pub(super) fn shield_refusal(&self, turn: &Turn, shield: u8, space: u8) -> Reason {
        let p = self.player(turn.seat);
        let depot = self
            .modules
            .shield_depots
            .iter()
            .position(|d| d.contains(&shield));
        match depot {
            _ if !self.config.modules.contains(Module::Shields) => Reason::NoShields,
            _ if turn.dice.iter().any(Option::is_none) || !turn.pending.is_empty() => {
                Reason::ShieldNeedsBothDice
            }
            _ if self.purchase_bars_shield(turn) => Reason::ShieldOrPurchase,
            None => Reason::ShieldNotOnDepot { shield },
            Some(d) => match self.pair_costs(turn).and_then(|costs| costs[d]) {
                Some(need) if need <= p.workers => Reason::ShieldNotOnCastle { space },
                need => Reason::ShieldNeedsPair {
                    depot: d as u8 + 1,
                    need: need.unwrap_or(u32::MAX),
                    have: p.workers,
                },
            },
        }
    }

    pub(super) fn take_shield(
        &mut self,
        seat: Seat,
        dice: Option<[Option<u8>; 2]>,
        shield: u8,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        let d = self
            .modules
            .shield_depots
            .iter()
            .position(|d| d.contains(&shield))
            .expect("legal");
        let depot = d as u8 + 1;
        let cost: u32 = dice.iter().flatten().fold(0, |sum, f| {
            sum + self
                .worker_cost(seat, f.expect("legal"), depot)
                .expect("legal")
        });
        self.players[seat as usize].workers -= cost;
        if dice.is_some() {
            let turn = self.turn_mut();
            turn.dice = [None, None];
            turn.shield_taken = true;
        }
        self.modules.shield_depots[d].retain(|&s| s != shield);
        let replaced = self.modules.shields[seat as usize].insert(space, shield);
        events.push(Event::ShieldTaken {
            seat,
            shield,
            depot,
            space,
            workers: cost,
        });
        if let Some(old) = replaced {
            self.shield_removed(seat, old, events);
        }
        if shield == shield::BONUS_DOUBLE {
            self.bonus_double_taken(seat, events);
        }
        self.partners_shield_replaced(seat, space, events);
    }

    /// Each member's own shields (`rules.team_shields: member`): a castle of the
    /// team board holds one shield, so one taken onto the castle of the partner's
    /// replaces it (seed 000 line 886 "substituir um escudo já presente em um
    /// castelo (o escudo removido dessa forma sai completamente do jogo)", whose
    /// it was not said).
    fn partners_shield_replaced(&mut self, seat: Seat, space: u8, events: &mut Vec<Event>) {
        let team = self
            .modules
            .team
            .as_ref()
            .filter(|_| self.members_shields());
        let Some(partner) = team.map(|t| t.team_of(seat).1) else {
            return;
        };
        if let Some(old) = self.modules.shields[partner as usize].remove(&space) {
            self.shield_removed(partner, old, events);
        }
    }
}

impl Burgundy {
    /// Shield 16 (seed 000 line 911): "em seu turno, você pode alterar o resultado de
    /// um de seus dados para qualquer valor (e usá-lo de acordo)": once a turn, an
    /// unused die set to another value while nothing else waits (then used as any
    /// die, or with the other to make a pair for a shield). On doubles one die is
    /// listed (the two are interchangeable).
    pub(super) fn die_sets(&self, turn: &Turn, out: &mut impl Sink) {
        if turn.die_set || !self.holds_shield(turn.seat, shield::DIE_ANY_VALUE) {
            return;
        }
        for die in 0..2 {
            let Some(face) = turn.dice[die] else { continue };
            if die == 1 && turn.dice[0] == Some(face) {
                continue;
            }
            for value in (1..=6).filter(|&v| v != face) {
                out.push(Action::Shield16 {
                    die: die as u8 + 1,
                    value,
                });
            }
        }
    }

    /// Why the seat on turn may not set `die` to `value` with shield 16.
    pub(super) fn die_set_refusal(&self, turn: &Turn, die: u8, value: u8) -> Reason {
        if !self.holds_shield(turn.seat, shield::DIE_ANY_VALUE) {
            Reason::NoShield16
        } else if turn.die_set {
            Reason::DieAlreadySet
        } else {
            self.die_refusal(turn, die, value)
        }
    }

    pub(super) fn set_die(&mut self, seat: Seat, die: u8, value: u8, events: &mut Vec<Event>) {
        let t = self.turn_mut();
        t.dice[die as usize - 1] = Some(value);
        t.die_set = true;
        events.push(Event::DieSet { seat, die, value });
    }
}

impl Burgundy {
    /// Shield 5 (seed 000 line 900): "sempre que posicionar um navio, você pode
    /// escolher um tipo de mercadoria e pegar todas as mercadorias daquele tipo de
    /// todos os seis depósitos" (002 line 939 "Coge adicionalmente"): after the ship's
    /// own goods, each type lying on a depot that storage can hold (a type held, or
    /// a free goods space, as for the ship), then passing.
    pub(super) fn shield_goods(&self, seat: Seat, out: &mut impl Sink) {
        if !self.holds_shield(seat, shield::SHIP_TAKES_GOODS_TYPE) {
            return;
        }
        let held = &self.player(seat).goods;
        let free = self.player(seat).goods_types() < self.goods_slots() as usize;
        for t in 1..=6u8 {
            let lying = self.depot_goods.iter().any(|d| d[t as usize - 1] > 0);
            if lying && (held[t as usize - 1] > 0 || free) {
                out.push(Action::Shield5 { goods: t });
            }
        }
    }

    /// Shield 5: every good of type `goods` from the six depots; then the marker moves.
    pub(super) fn take_goods_type(&mut self, seat: Seat, goods: u8, events: &mut Vec<Event>) {
        let t = goods as usize - 1;
        let count: u8 = self
            .depot_goods
            .iter_mut()
            .map(|d| std::mem::take(&mut d[t]))
            .sum();
        self.players[seat as usize].goods[t] += count;
        events.push(Event::ShieldGoodsTaken { seat, goods, count });
        self.ship_done(seat, events);
    }

    /// Shield 6 (seed 000 line 901): "Após pegar esse escudo, a qualquer momento do
    /// jogo, escolha um jogador": on any of the holder's turns, at any moment (as a
    /// purchase), once (the choice stands; digest A24), another seat. In the team
    /// game, in both readings of `rules.team_shields`, a seat of the other team:
    /// "todos os mosteiros do ducado do jogador escolhido (...) contam como se fossem
    /// seus", and the partner's duchy is the holder's own team board (our reading).
    pub(super) fn shield6_choices(&self, turn: &Turn, out: &mut impl Sink) {
        if self.modules.shield6.is_some()
            || turn.phase_end
            || !self.holds_shield(turn.seat, shield::SHARED_MONASTERIES)
        {
            return;
        }
        // With the AutoDuke (seed 000 line 1234: "Você pode copiar qualquer
        // monastério virado para cima presente no ducado do AutoDuque (...) ou em suas
        // cartas de vila"): it is chosen as the seat after the last.
        let owners = self.players.len() as Seat + self.auto_duke() as Seat;
        let other = |s: Seat| s != turn.seat && !self.partners(s, turn.seat);
        for seat in (0..owners).filter(|&s| other(s)) {
            out.push(Action::Shield6 { seat });
        }
    }

    /// Why the seat on turn may not choose `seat` with shield 6.
    pub(super) fn shield6_refusal(&self, turn: &Turn, seat: Seat) -> Reason {
        if !self.holds_shield(turn.seat, shield::SHARED_MONASTERIES) {
            Reason::NoShield6
        } else if self.modules.shield6.is_some() {
            Reason::Shield6Chosen
        } else {
            Reason::Shield6OtherSeat { seat }
        }
    }

    pub(super) fn share_monasteries(&mut self, seat: Seat, owner: Seat, events: &mut Vec<Event>) {
        self.modules.shield6 = Some(owner);
        events.push(Event::MonasteriesShared { seat, owner });
    }
}
