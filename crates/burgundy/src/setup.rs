//! Setup and chance: the game's start, the phase start (depots refilled, goods
//! revealed) and the round start (dice). Seed 000, "Preparação do jogo" and
//! "Início de uma fase".

use crate::action::{Event, Outcome};
use crate::config::Config;
use crate::content::Content;
use crate::error::{Error, Result};
use crate::state::*;
use crate::tile::{Colour, Tile, KINDS};
use tabuleiro_core::{Rng, Seat};

/// The central space of every duchy, where the beginner setup puts the starting castle.
pub const CENTRE: u8 = 18;

impl Burgundy {
    pub fn create(config: &Config) -> Result<Burgundy> {
        let content = Content::embedded();
        if !(2..=4).contains(&config.players) {
            return Err(Error::Config(format!(
                "{} players: the base game is for 2, 3 or 4 players",
                config.players
            )));
        }
        if !config.duchies.is_empty() && config.duchies.len() != config.players as usize {
            return Err(Error::Config(format!(
                "{} duchies for {} players: give one per seat, or none for random boards",
                config.duchies.len(),
                config.players
            )));
        }
        if let Some(d) = config.duchies.iter().find(|&&d| content.duchy(d).is_none()) {
            return Err(Error::Config(format!(
                "there is no duchy {d} (boards 1-10)"
            )));
        }
        crate::modules::check(&config.modules)?;
        let n = config.players as usize;
        Ok(Burgundy {
            config: config.clone(),
            phase: 0,
            round: 0,
            stage: Stage::Setup,
            players: (0..n)
                .map(|_| Player {
                    duchy: 1,
                    spaces: Spaces::default(),
                    storage: Vec::new(),
                    goods: [0; 6],
                    sold: [0; 6],
                    silver: 0,
                    workers: 0,
                    vp: 0,
                    bonus_tiles: Vec::new(),
                    castle_choice: None,
                })
                .collect(),
            depots: Default::default(),
            black_depot: Vec::new(),
            depot_goods: [[0; 6]; 6],
            round_goods: Vec::new(),
            drawn: TileCounts([0; KINDS]),
            drawn_black: TileCounts([0; KINDS]),
            boxed: TileCounts([0; KINDS]),
            bonus_taken: [0; 6],
            track: Default::default(),
            played: vec![false; n],
            round_order: Vec::new(),
            dice: vec![[1, 1]; n],
            white: 1,
        })
    }

    /// The spaces of the numbered depots filled this phase, by colour.
    pub fn depot_spaces(&self, depot: usize) -> impl Iterator<Item = Colour> + '_ {
        let side = Content::embedded()
            .side(self.config.board_side())
            .expect("board side validated with the content");
        side.depots[depot]
            .iter()
            .filter(|s| s.min_players <= self.config.players)
            .map(move |s| {
                // Seed 000, "Regras para 2 e 3 jogadores": the "3BD" castle space takes
                // a mine in phases B and D with three players.
                let phase = PHASES[self.phase as usize];
                if self.config.players == 3 && s.three_players_mine_in_phases.contains(&phase) {
                    Colour::Mine
                } else {
                    s.colour
                }
            })
    }

    pub fn black_spaces(&self) -> usize {
        let side = Content::embedded()
            .side(self.config.board_side())
            .expect("side");
        side.black_depot_min_players
            .iter()
            .filter(|&&m| m <= self.config.players)
            .count()
    }

    pub fn sample_outcome(&self, rng: &mut Rng) -> Outcome {
        match self.stage {
            Stage::Setup => self.sample_setup(rng),
            Stage::PhaseStart => self.sample_phase(rng),
            _ => Outcome::Roll {
                dice: (0..self.players.len())
                    .map(|_| [rng.die(), rng.die()])
                    .collect(),
                white: rng.die(),
            },
        }
    }

    fn sample_setup(&self, rng: &mut Rng) -> Outcome {
        let numbers: Vec<u8> = Content::embedded()
            .duchies
            .iter()
            .map(|d| d.number)
            .collect();
        let n = self.players.len();
        let duchies = if self.config.duchies.is_empty() {
            (0..n).map(|_| numbers[rng.below(numbers.len())]).collect()
        } else {
            self.config.duchies.clone()
        };
        let mut unseen = self.goods_unseen();
        let goods = (0..n).map(|_| draw_goods(&mut unseen, 3, rng)).collect();
        Outcome::Setup {
            duchies,
            start_player: rng.below(n) as Seat,
            goods,
        }
    }

    fn sample_phase(&self, rng: &mut Rng) -> Outcome {
        let mut supply = self.supply(false);
        let depots = std::array::from_fn(|d| {
            self.depot_spaces(d)
                .filter_map(|colour| {
                    // Only this colour's kinds have weight: the draw is the one a
                    // weighting of every kind (the others at zero) gives.
                    let kinds = Tile::kinds_of(colour);
                    let mut weights = [0u32; KINDS];
                    for k in kinds.clone() {
                        weights[k] = supply[k] as u32;
                    }
                    let k = kinds.start + rng.weighted(&weights[kinds])?;
                    supply[k] -= 1;
                    Some(Tile::from_kind(k))
                })
                .collect()
        });
        let mut black_supply = self.supply(true);
        let black = (0..self.black_spaces())
            .filter_map(|_| {
                let weights: [u32; KINDS] = black_supply.map(|c| c as u32);
                let k = rng.weighted(&weights)?;
                black_supply[k] -= 1;
                Some(Tile::from_kind(k))
            })
            .collect();
        let mut unseen = self.goods_unseen();
        Outcome::Phase {
            depots,
            black,
            goods: draw_goods(&mut unseen, 5, rng),
        }
    }

    pub fn apply_outcome(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        match (&self.stage, outcome) {
            (
                Stage::Setup,
                Outcome::Setup {
                    duchies,
                    start_player,
                    goods,
                },
            ) => {
                self.check_setup(duchies, *start_player, goods)?;
                self.set_up(duchies, *start_player, goods, events);
            }
            (
                Stage::PhaseStart,
                Outcome::Phase {
                    depots,
                    black,
                    goods,
                },
            ) => {
                self.check_phase(depots, black, goods)?;
                self.start_phase(depots, black, goods, events);
            }
            (Stage::RoundStart, Outcome::Roll { dice, white }) => {
                let ok = dice.len() == self.players.len()
                    && dice
                        .iter()
                        .flatten()
                        .chain([white])
                        .all(|d| (1..=6).contains(d));
                if !ok {
                    return Err(Error::Outcome(format!(
                        "a roll needs two dice 1-6 for each of the {} seats and a white die 1-6",
                        self.players.len()
                    )));
                }
                self.start_round(dice, *white, events);
            }
            (stage, _) => {
                return Err(Error::Outcome(format!(
                    "this outcome does not fit the {} stage",
                    stage_name(stage)
                )))
            }
        }
        Ok(())
    }

    fn check_setup(&self, duchies: &[u8], start: Seat, goods: &[Vec<u8>]) -> Result<()> {
        let n = self.players.len();
        let content = Content::embedded();
        if duchies.len() != n || goods.len() != n || start as usize >= n {
            return Err(Error::Outcome(format!(
                "setup needs {n} duchies, {n} goods lists and a start seat below {n}"
            )));
        }
        if !self.config.duchies.is_empty() && self.config.duchies != duchies {
            return Err(Error::Outcome(format!(
                "the config fixes the duchies {:?}",
                self.config.duchies
            )));
        }
        if let Some(d) = duchies.iter().find(|&&d| content.duchy(d).is_none()) {
            return Err(Error::Outcome(format!("there is no duchy {d}")));
        }
        let mut unseen = self.goods_unseen();
        for g in goods.iter().flatten() {
            let slot = (*g as usize).checked_sub(1).and_then(|i| unseen.get_mut(i));
            match slot {
                Some(c) if *c > 0 => *c -= 1,
                _ => {
                    return Err(Error::Outcome(format!(
                        "goods type {g} is not in the supply"
                    )))
                }
            }
        }
        if goods.iter().any(|g| g.len() != 3) {
            return Err(Error::Outcome("each player takes 3 goods".into()));
        }
        Ok(())
    }

    fn set_up(&mut self, duchies: &[u8], start: Seat, goods: &[Vec<u8>], events: &mut Vec<Event>) {
        let n = self.players.len();
        // Seed 000, "Preparação do jogo" 8: workers 1, 2, 3, 4 clockwise from the start
        // player; turn-order markers stacked on the first space, the start player on top.
        for i in 0..n {
            let seat = (start as usize + i) % n;
            let p = &mut self.players[seat];
            p.duchy = duchies[seat];
            p.silver = 1;
            p.workers = i as u32 + 1;
            for &g in &goods[seat] {
                p.goods[g as usize - 1] += 1;
            }
        }
        self.track[0] = (0..n)
            .rev()
            .map(|i| ((start as usize + i) % n) as Seat)
            .collect();
        events.push(Event::GameSetUp {
            start_player: start,
            duchies: duchies.to_vec(),
        });
        self.stage = Stage::StartingCastles;
        if self.config.castle_on_centre {
            for seat in 0..n {
                if self.duchy(seat as Seat).colours[CENTRE as usize] == Colour::Castle {
                    self.players[seat].castle_choice = Some(CENTRE);
                }
            }
            self.place_starting_castles_when_all_chose(events);
        }
    }

    /// Once every seat has chosen, the starting castles are revealed and placed
    /// (seed 000, "Preparação do jogo" 9: simultaneously). They never score.
    pub(crate) fn place_starting_castles_when_all_chose(&mut self, events: &mut Vec<Event>) {
        if self.players.iter().any(|p| p.castle_choice.is_none()) {
            return;
        }
        for (seat, p) in self.players.iter_mut().enumerate() {
            let space = p.castle_choice.take().expect("all chose");
            p.spaces.place(space as usize, Tile::Castle);
            self.drawn.add(Tile::Castle);
            events.push(Event::StartingCastle {
                seat: seat as Seat,
                space,
            });
        }
        self.stage = Stage::PhaseStart;
    }

    fn check_phase(&self, depots: &[Vec<Tile>; 6], black: &[Tile], goods: &[u8]) -> Result<()> {
        let mut supply = self.supply(false);
        for (d, tiles) in depots.iter().enumerate() {
            let (mut wanted, mut drawn) = ([0usize; 6], [0usize; 6]);
            self.depot_spaces(d).for_each(|c| wanted[c.index()] += 1);
            tiles.iter().for_each(|t| drawn[t.colour().index()] += 1);
            for colour in Colour::ALL {
                let (want, got) = (wanted[colour.index()], drawn[colour.index()]);
                let left: usize = supply[Tile::kinds_of(colour)]
                    .iter()
                    .map(|&n| n as usize)
                    .sum();
                if got != want.min(left) {
                    return Err(Error::Outcome(format!(
                        "depot {} has {want} {} space(s) this phase and {left} such tiles are left, but {got} were drawn",
                        d + 1,
                        colour.name()
                    )));
                }
            }
            // Each colour's kinds are apart, so the counts above did not depend on
            // these draws.
            for t in tiles {
                if supply[t.kind()] == 0 {
                    return Err(Error::Outcome(format!("no {t} is left to draw")));
                }
                supply[t.kind()] -= 1;
            }
        }
        let mut black_supply = self.supply(true);
        let left: usize = black_supply.iter().map(|&c| c as usize).sum();
        if black.len() != self.black_spaces().min(left) {
            return Err(Error::Outcome(format!(
                "the black depot takes {} tiles this phase, not {}",
                self.black_spaces().min(left),
                black.len()
            )));
        }
        for t in black {
            if black_supply[t.kind()] == 0 {
                return Err(Error::Outcome(format!(
                    "no black-backed {t} is left to draw"
                )));
            }
            black_supply[t.kind()] -= 1;
        }
        let mut unseen = self.goods_unseen();
        let left: usize = unseen.iter().map(|&c| c as usize).sum();
        if goods.len() != left.min(5) {
            return Err(Error::Outcome(format!(
                "a phase reveals 5 goods, not {}",
                goods.len()
            )));
        }
        for &g in goods {
            match (g as usize).checked_sub(1).and_then(|i| unseen.get_mut(i)) {
                Some(c) if *c > 0 => *c -= 1,
                _ => {
                    return Err(Error::Outcome(format!(
                        "goods type {g} is not left to draw"
                    )))
                }
            }
        }
        Ok(())
    }

    fn start_phase(
        &mut self,
        depots: &[Vec<Tile>; 6],
        black: &[Tile],
        goods: &[u8],
        events: &mut Vec<Event>,
    ) {
        for (d, tiles) in depots.iter().enumerate() {
            for &t in tiles {
                self.drawn.add(t);
            }
            self.depots[d] = tiles.clone();
        }
        for &t in black {
            self.drawn_black.add(t);
        }
        self.black_depot = black.to_vec();
        self.round_goods = goods.to_vec();
        self.round = 0;
        events.push(Event::PhaseStarted {
            phase: PHASES[self.phase as usize],
        });
        self.stage = Stage::RoundStart;
    }

    /// Seed 000, "Rodada": dice rolled, the next good goes to the depot of the white
    /// die, then the players act in turn order.
    fn start_round(&mut self, dice: &[[u8; 2]], white: u8, events: &mut Vec<Event>) {
        self.dice = dice.to_vec();
        self.white = white;
        events.push(Event::RoundStarted {
            round: self.round + 1,
            white,
        });
        if !self.round_goods.is_empty() {
            let g = self.round_goods.remove(0);
            self.depot_goods[white as usize - 1][g as usize - 1] += 1;
            events.push(Event::GoodsArrived {
                depot: white,
                goods: g,
            });
        }
        self.played.fill(false);
        self.round_order = self.track_order();
        self.begin_turn(self.round_order[0]);
    }

    pub(crate) fn begin_turn(&mut self, seat: Seat) {
        let [a, b] = self.dice[seat as usize];
        // The last turn's (empty) pending stack is used again: no allocation a turn.
        let mut pending = match std::mem::replace(&mut self.stage, Stage::RoundStart) {
            Stage::Turn(t) => t.pending,
            _ => Vec::new(),
        };
        pending.clear();
        self.stage = Stage::Turn(Turn {
            seat,
            dice: [Some(a), Some(b)],
            bought: false,
            knowledge6: false,
            pending,
        });
    }
}

fn draw_goods(unseen: &mut [u8; 6], count: usize, rng: &mut Rng) -> Vec<u8> {
    (0..count)
        .filter_map(|_| {
            let weights = unseen.map(|c| c as u32);
            let t = rng.weighted(&weights)?;
            unseen[t] -= 1;
            Some(t as u8 + 1)
        })
        .collect()
}

pub fn stage_name(stage: &Stage) -> &'static str {
    match stage {
        Stage::Setup => "setup",
        Stage::StartingCastles => "starting-castles",
        Stage::PhaseStart => "phase-start",
        Stage::RoundStart => "round-start",
        Stage::Turn(_) => "turn",
        Stage::Over => "game-over",
    }
}
