//! Every player's starting castle, chosen at once (seed 000, "Preparação").

use super::Sink;
use crate::action::{Action, Event};
use crate::content::SPACES;
use crate::error::{illegal, Awaiting, Error, Reason, Result, Why};
use crate::state::*;
use crate::tile::Colour;
use tabuleiro_core::Seat;

impl Burgundy {
    pub(crate) fn starting_castle_actions(&self, seat: Seat, out: &mut impl Sink) {
        let duchy = self.duchy(seat);
        for space in 0..SPACES as u8 {
            if duchy.colours[space as usize] == Colour::Castle {
                out.push(Action::StartingCastle { space });
            }
        }
    }

    pub(crate) fn apply_starting_castle(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let Action::StartingCastle { space } = *action else {
            return Err(illegal(
                action,
                Reason::NotNow {
                    awaiting: Awaiting::StartingCastle,
                },
            ));
        };
        if self.players[seat as usize].castle_choice.is_some() {
            return Err(Error::NotYourDecision {
                seat,
                why: Why::CastleChosen,
            });
        }
        let duchy = self.duchy(seat);
        if duchy.colours.get(space as usize) != Some(&Colour::Castle) {
            return Err(illegal(
                action,
                Reason::NotACastleSpace {
                    space,
                    duchy: duchy.number,
                },
            ));
        }
        self.players[seat as usize].castle_choice = Some(space);
        self.place_starting_castles_when_all_chose(events);
        Ok(())
    }
}
