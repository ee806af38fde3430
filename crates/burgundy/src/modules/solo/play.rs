//! The solo game's setup, round start, hooks, end and position checks.

use super::{SoloClockwise, SoloRoundGood, SoloState};
use crate::action::{Event, ScoreReason};
use crate::error::{Error, Result};
use crate::modules::{Hooks, Module};
use crate::state::*;
use crate::tile::Tile;
use tabuleiro_core::{Participant, Seat, Standing};

/// The automaton a solo game is played against: its catalogue key. It stands for
/// the game's own goal, all 37 spaces, so the standings say won or lost.
pub const SOLO_GOAL: &str = "burgundy.solo";

pub(crate) struct Solo;

impl Hooks for Solo {
    /// Seed 000 line 845: "Pontos de vitória provenientes de monastérios são
    /// recebidos imediatamente após o seu posicionamento (em vez de serem recebidos
    /// no final da partida)".
    fn placed(
        &self,
        game: &mut Burgundy,
        seat: Seat,
        tile: Tile,
        _space: u8,
        events: &mut Vec<Event>,
    ) {
        if let Tile::Knowledge(number) = tile {
            if let Some(vp) = game.knowledge_points(seat, number) {
                game.score(seat, vp, ScoreReason::Knowledge { number }, events);
            }
        }
    }
}

impl Burgundy {
    /// Is this the solo game?
    pub fn solo(&self) -> bool {
        self.config.modules.contains(Module::Solo)
    }

    /// Seed 000 line 825: "Você começa a partida com 1 peça de prata, 2 trabalhadores
    /// e 3 mercadorias aleatórias"; line 829: the turn-order marker becomes the VP
    /// goal, on space 50 (or the difficulty chosen).
    pub(crate) fn solo_set_up(&mut self, _events: &mut [Event]) {
        self.players[0].workers = 2;
        self.modules.solo = Some(SoloState {
            goal: self.config.rules.solo_goal.0,
            ..SoloState::default()
        });
    }

    /// The round space whose good moves this round: the base game's first from the
    /// bottom; in the solo game per `rules.solo_round_good` (digest A10).
    pub(crate) fn round_good_index(&self) -> usize {
        match self.solo() && self.config.rules.solo_round_good == SoloRoundGood::Top {
            true => self.round_goods.len().saturating_sub(1),
            false => 0,
        }
    }

    /// Seed 000 line 839: "remova do jogo uma peça hexagonal daquele depósito,
    /// começando de cima para baixo. Se um depósito estiver vazio, remova uma peça
    /// hexagonal do próximo depósito em sentido horário". A depot's tiles are kept in
    /// the order of its spaces, top (classic seed 001 line 1067: left, in depots 1
    /// and 4) first; clockwise is the ring 1-2-3-4-5-6-1 (digest A7).
    pub(crate) fn solo_round_start(&mut self, white: u8, events: &mut Vec<Event>) {
        let from = white as usize - 1;
        // `rules.solo_clockwise` (digest A7): up or down the ring.
        let step = match self.config.rules.solo_clockwise {
            SoloClockwise::Ascending => 1,
            SoloClockwise::Descending => 5,
        };
        let Some(d) = (0..6)
            .map(|i| (from + i * step) % 6)
            .find(|&d| !self.depots[d].is_empty())
        else {
            return;
        };
        let tile = self.depots[d].remove(0);
        self.boxed.add(tile);
        events.push(Event::TileRemoved {
            depot: d as u8 + 1,
            tile,
        });
    }

    /// Goods types a player may hold: 3 (seed 000, "Navio"); the solo game has no
    /// limit (seed 000 line 827 "Não existe restrição para a quantidade de diferentes
    /// tipos (cores) de mercadorias").
    pub(crate) fn goods_slots(&self) -> u32 {
        match self.solo() {
            true => 6,
            false => 3,
        }
    }

    /// The solo game is over: won with all 37 spaces filled within 25 rounds (seed
    /// 000 line 861), lost otherwise.
    pub(crate) fn solo_end(&mut self, events: &mut Vec<Event>) {
        let spaces = self.players[0].covered().len() as u8;
        self.stage = Stage::Over;
        // No "game over, seat wins": the solo game may be lost.
        events.push(Event::SoloEnded {
            won: self.solo_won(),
            spaces,
        });
    }

    /// Are all 37 spaces filled?
    pub fn solo_won(&self) -> bool {
        self.empty_spaces(0) == 0
    }

    /// The standings of a solo game: the seat against the game's goal, each scored
    /// by the spaces filled (the goal's 37); the seat first when it filled them all.
    pub(crate) fn solo_standings(&self) -> Vec<Standing> {
        let spaces = self.players[0].covered().len() as i32;
        let seat = Standing {
            place: 1,
            members: vec![Participant::Seat(0)],
            score: spaces,
        };
        let goal = Standing {
            place: 1,
            members: vec![Participant::Automaton(SOLO_GOAL.into())],
            score: crate::content::SPACES as i32,
        };
        match self.solo_won() {
            true => vec![seat, Standing { place: 2, ..goal }],
            false => vec![goal, Standing { place: 2, ..seat }],
        }
    }

    /// A solo position: one seat, the goal set once the game is set up, face-down
    /// tiles only as many as traded.
    pub(crate) fn validate_solo(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let set_up = self.stage != Stage::Setup;
        match (self.solo(), self.modules.solo) {
            (false, Some(_)) => return bad("modules.solo belongs to the solo game"),
            (true, None) if set_up => return bad("a solo game keeps modules.solo (its goal)"),
            (true, Some(_)) if !set_up => return bad("modules.solo is set up with the game"),
            _ => {}
        }
        let solo = self.modules.solo.unwrap_or_default();
        let max = self.config.rules.solo_goal.0;
        if solo.goal > max || (set_up && self.solo() && solo.goal < super::SoloGoal::FLOOR) {
            return bad("the solo goal is 5 up to the goal the game started at");
        }
        let held: usize = self
            .players
            .iter()
            .map(|p| {
                p.count(Tile::FACE_DOWN)
                    + p.storage.iter().filter(|&&t| t == Tile::FACE_DOWN).count()
            })
            .sum();
        let incoming = self.turn().map_or(0, |t| {
            t.pending
                .iter()
                .filter(|p| {
                    **p == Pending::Discard {
                        incoming: Tile::FACE_DOWN,
                    }
                })
                .count()
        });
        let seen = held + incoming + self.boxed.0[Tile::FACE_DOWN.kind()] as usize;
        if seen != solo.face_down as usize {
            return bad("face-down tiles held, placed and boxed must be those traded (modules.solo.face_down)");
        }
        Ok(())
    }
}
