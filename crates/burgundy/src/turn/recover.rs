//! Castle recovery, duchies 11-18's optional rule (seed 000 line 702; seed 002 line
//! 722): "A qualquer momento, ao custo de ambas as ações de dados e 5 pontos de
//! vitória, um jogador pode recuperar um castelo (vermelho ou preto) que foi
//! descartado previamente (...) e trazê-lo para um de seus espaços chave."

use crate::action::Event;
use crate::config::CastleRecovery;
use crate::error::Reason;
use crate::state::*;
use crate::tile::Tile;
use tabuleiro_core::Seat;

/// VP the recovery costs.
const RECOVERY_VP: i32 = 5;

impl Burgundy {
    /// Why the seat on turn may not recover a castle now (None: it may). "At any
    /// time" at the cost of both die actions: while neither die is used and nothing
    /// else waits. The 5 VP are paid from VP the seat has (a score does not go
    /// below 0 in the base game; our reading).
    pub(super) fn recovery_refusal(&self, turn: &Turn) -> Option<Reason> {
        let p = self.player(turn.seat);
        if self.config.rules.castle_recovery == CastleRecovery::Off {
            Some(Reason::NoCastleRecovery)
        } else if turn.dice.iter().any(Option::is_none) || !turn.pending.is_empty() {
            Some(Reason::RecoveryNeedsBothDice)
        } else if self.modules.discarded_castles == 0 {
            Some(Reason::NoDiscardedCastle)
        } else if p.vp < RECOVERY_VP {
            Some(Reason::RecoveryCostsVp {
                need: RECOVERY_VP,
                have: p.vp,
            })
        } else {
            None
        }
    }

    pub(super) fn recover_castle(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.turn_mut().dice = [None, None];
        self.players[seat as usize].vp -= RECOVERY_VP;
        self.modules.discarded_castles -= 1;
        self.boxed.0[Tile::Castle.kind()] -= 1;
        events.push(Event::CastleRecovered {
            seat,
            vp: RECOVERY_VP,
        });
        self.store_tile(seat, Tile::Castle);
    }

    /// Castles boxed from the board at a phase's start (both readings), or
    /// discarded from storage (`any-discarded`), become recoverable.
    pub(crate) fn castles_discarded(&mut self, count: usize, from_storage: bool) {
        let counts = match self.config.rules.castle_recovery {
            CastleRecovery::Off => false,
            CastleRecovery::FromBoard => !from_storage,
            CastleRecovery::AnyDiscarded => true,
        };
        if counts {
            self.modules.discarded_castles += count as u8;
        }
    }
}
