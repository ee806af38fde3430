//! The starting decisions: with random duchies each seat turns its drawn board to a
//! side, then every seat puts its starting castle on a castle space; all at once or
//! in turn order (seed 000 lines 236 and 249; seed 001 lines 1184-1187).

use super::Sink;
use crate::action::{Action, Event};
use crate::config::CastleOrder;
use crate::error::{illegal, Awaiting, Error, Reason, Result, Why};
use crate::state::*;
use crate::tile::Colour;
use tabuleiro_core::{Seat, SeatSet};

impl Burgundy {
    /// The seats that decide now: every seat with a starting decision left, or in
    /// turn order the first of them.
    pub(crate) fn starting_seats(&self) -> SeatSet {
        // The team game's advanced side: a team decides once, by its first member.
        let deciding = |s: &Seat| self.players[*s as usize].to_start() && !self.team_second(*s);
        match self.config.castle_order {
            // With the castle on the centre, a seat that chose its side waits until all
            // have: whether its side puts the castle there must not show (seed 000 l. 249).
            CastleOrder::Simultaneous if self.sides_first() => (0..self.players.len() as Seat)
                .filter(|s| self.players[*s as usize].choosing_side())
                .collect(),
            CastleOrder::Simultaneous => (0..self.players.len() as Seat).filter(deciding).collect(),
            CastleOrder::TurnOrder => self
                .track_order()
                .into_iter()
                .find(deciding)
                .into_iter()
                .collect(),
        }
    }

    /// Simultaneous sides with the castle on the centre: every side is chosen before
    /// any castle.
    fn sides_first(&self) -> bool {
        self.config.castle_on_centre && self.players.iter().any(Player::choosing_side)
    }

    /// Puts the castle on the centre once the side is known; all at once in
    /// simultaneous order (so no seat's leaving the decision tells its side).
    fn castle_on_centre_after_side(&mut self, seat: Seat) {
        match self.config.castle_order {
            CastleOrder::TurnOrder => self.castle_on_centre(seat),
            CastleOrder::Simultaneous if !self.sides_first() => {
                for s in 0..self.players.len() as Seat {
                    if self.players[s as usize].castle_choice.is_none() {
                        self.castle_on_centre(s);
                    }
                }
            }
            CastleOrder::Simultaneous => {}
        }
    }

    pub(crate) fn starting_castle_actions(&self, seat: Seat, out: &mut impl Sink) {
        let p = &self.players[seat as usize];
        if let (Some(board), true) = (p.board, p.choosing_side()) {
            out.push(Action::DuchySide { duchy: board[0] });
            // A one-sided board (the classic outpost duchies) has the one side.
            if board[1] != board[0] {
                out.push(Action::DuchySide { duchy: board[1] });
            }
            return;
        }
        if self.team() {
            for &space in self.team_castle_spaces() {
                out.push(Action::StartingCastle { space });
            }
            return;
        }
        let Some(duchy) = self.content().duchy(p.chosen_duchy()) else {
            return;
        };
        for space in 0..duchy.spaces as u8 {
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
        let deciding = self.starting_seats();
        if !deciding.contains(seat) {
            let why = match deciding.lowest() {
                // A team's castle is its first member's to place (the advanced side).
                Some(_) if self.team_second(seat) => Why::NotYourTurn {
                    turn: self.board_seat(seat),
                },
                Some(turn) if self.players[seat as usize].to_start() => Why::NotYourTurn { turn },
                _ => Why::CastleChosen,
            };
            return Err(Error::NotYourDecision { seat, why });
        }
        let p = &self.players[seat as usize];
        match (*action, p.board.filter(|_| p.choosing_side())) {
            (Action::DuchySide { duchy }, Some(sides)) if sides.contains(&duchy) => {
                self.players[seat as usize].side_choice = Some(duchy);
                self.castle_on_centre_after_side(seat);
            }
            (Action::DuchySide { duchy }, Some(sides)) => {
                return Err(illegal(
                    action,
                    Reason::NotASide {
                        duchy,
                        front: sides[0],
                        back: sides[1],
                    },
                ))
            }
            (_, Some(sides)) => {
                return Err(illegal(
                    action,
                    Reason::NotNow {
                        awaiting: Awaiting::DuchySide {
                            front: sides[0],
                            back: sides[1],
                        },
                    },
                ))
            }
            (Action::StartingCastle { space }, None) if self.team() => {
                self.choose_team_castle(seat, space, action)?
            }
            (Action::StartingCastle { space }, None) => {
                let number = p.chosen_duchy();
                let duchy = self.content().duchy(number);
                if duchy.and_then(|d| d.colour_of(space as usize)) != Some(Colour::Castle) {
                    return Err(illegal(
                        action,
                        Reason::NotACastleSpace {
                            space,
                            duchy: number,
                        },
                    ));
                }
                self.players[seat as usize].castle_choice = Some(space);
            }
            (_, None) => {
                return Err(illegal(
                    action,
                    Reason::NotNow {
                        awaiting: Awaiting::StartingCastle,
                    },
                ))
            }
        }
        self.place_starting_castles_when_all_chose(events);
        Ok(())
    }
}

impl Burgundy {
    /// The team game's advanced side: the team's first member puts the team's castle
    /// on castle space 1 or 6 (002 line 831 "cada equipo elige si ponerlo en la
    /// casilla hexagonal borgoña 1 o 6"; 001 line 1005), for both members. Like every
    /// starting castle (000 line 249), both teams at once and hidden, or in turn order
    /// (`castle_order`).
    fn choose_team_castle(&mut self, seat: Seat, space: u8, action: &Action) -> Result<()> {
        let spaces = self.team_castle_spaces();
        if !spaces.contains(&space) {
            return Err(illegal(
                action,
                Reason::NotATeamCastleSpace {
                    space,
                    board: self.team_board(),
                    one: spaces.first().copied().unwrap_or(0),
                    six: spaces.last().copied().unwrap_or(0),
                },
            ));
        }
        let team = self
            .modules
            .team
            .as_ref()
            .map(|t| t.members[t.team_of(seat).0]);
        for member in team.unwrap_or([seat; 2]) {
            self.players[member as usize].castle_choice = Some(space);
        }
        Ok(())
    }
}
