//! Setup and chance: the game's start, the phase start (depots refilled, goods
//! revealed) and the round start (dice). Seed 000, "Preparação do jogo" and
//! "Início de uma fase".

use crate::action::{Event, Outcome, RolledDice};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::state::*;
use crate::tile::{Colour, Tile, KINDS};
use tabuleiro_core::{Rng, Seat};

/// Where a chance outcome comes from: outside (a client, a position file, an outcome
/// a search met in another determinization: checked in full) or this state's own
/// sampling (the driver's games, a search's playouts from its determinized state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trust {
    Check,
    Sampled,
}

/// The central space of every duchy, where the beginner setup puts the starting castle.
pub const CENTRE: u8 = 18;
/// The most dice a round's roll lists its outcomes for (6^5 = 7,776: two seats' pairs
/// and the white die); more are only sampled.
pub const LISTED_ROLL_DICE: usize = 5;

impl Burgundy {
    pub fn create(config: &Config) -> Result<Burgundy> {
        let content = config.content.get();
        // One player plays the solo game (its check says so).
        crate::modules::check(config)?;
        if !(2..=4).contains(&config.players) && config.players != 1 {
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
            return Err(Error::Config(format!("there is no duchy {d}")));
        }
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
                    board: None,
                    side_choice: None,
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
            modules: crate::modules::ModuleState {
                auto_duke: crate::modules::AutoDuke::new(config),
                ..Default::default()
            },
        })
    }

    /// The spaces of the numbered depots filled this phase, by colour.
    pub fn depot_spaces(&self, depot: usize) -> impl Iterator<Item = Colour> + '_ {
        let side = self
            .content()
            .side(self.config.board_side())
            .expect("board side validated with the content");
        side.depots[depot]
            .iter()
            .filter(|s| s.min_players <= self.config.board_players())
            .map(move |s| {
                // Seed 000, "Regras para 2 e 3 jogadores": the "3BD" castle space takes
                // a mine in phases B and D with three players.
                let phase = PHASES[self.phase as usize];
                if self.config.total_players() == 3
                    && s.three_players_mine_in_phases.contains(&phase)
                {
                    Colour::Mine
                } else {
                    s.colour
                }
            })
    }

    pub fn black_spaces(&self) -> usize {
        let side = self.content().side(self.config.board_side()).expect("side");
        side.black_depot_min_players
            .iter()
            .filter(|&&m| m <= self.config.board_players())
            .count()
    }

    pub fn sample_outcome(&self, rng: &mut Rng) -> Outcome {
        match self.stage {
            Stage::Setup => self.sample_setup(rng),
            Stage::AutoDuke => self.sample_auto_duke(rng),
            _ if self.auto_duke_to_deal() => self.sample_auto_duke_setup(rng),
            _ if self.shields_to_lay() => Outcome::Shields {
                depots: self.sample_shields(rng),
            },
            _ if self.routes_to_deal() => {
                let routes = self.sample_routes(rng);
                Outcome::TradeRoutes {
                    provisional: Burgundy::provisional_route_tiles(
                        &self.content().trade_routes,
                        &routes,
                    ),
                    routes,
                }
            }
            _ if self.vines_due() => self.sample_vines(rng),
            Stage::PhaseStart => self.sample_phase(rng),
            _ => Outcome::Roll {
                dice: RolledDice::roll(self.players.len(), || rng.die()),
                white: rng.die(),
            },
        }
    }

    /// The chance steps listed with their probabilities: the AutoDuke's die and cards,
    /// and a round's roll with at most [`LISTED_ROLL_DICE`] dice (two players and the
    /// white die: 7,776 outcomes); the draws of boards, goods, tiles, shields, routes
    /// and vines are only sampled.
    pub fn listed_outcomes(&self) -> Option<Vec<(Outcome, f64)>> {
        match self.stage {
            Stage::Setup | Stage::PhaseStart => None,
            Stage::AutoDuke => Some(self.auto_duke_outcomes()),
            _ if self.auto_duke_to_deal()
                || self.shields_to_lay()
                || self.routes_to_deal()
                || self.vines_due() =>
            {
                None
            }
            _ => self.roll_outcomes(),
        }
    }

    /// Every roll of each seat's two dice and the white die, when there are few.
    fn roll_outcomes(&self) -> Option<Vec<(Outcome, f64)>> {
        let seats = self.players.len();
        let dice = 2 * seats + 1;
        if dice > LISTED_ROLL_DICE {
            return None;
        }
        let count = 6usize.pow(dice as u32);
        let p = 1.0 / count as f64;
        let outcomes = (0..count).map(|mut k| {
            let mut face = || {
                let d = (k % 6) as u8 + 1;
                k /= 6;
                d
            };
            let rolled = RolledDice::roll(seats, &mut face);
            (
                Outcome::Roll {
                    dice: rolled,
                    white: face(),
                },
                p,
            )
        });
        Some(outcomes.collect())
    }

    fn sample_setup(&self, rng: &mut Rng) -> Outcome {
        let n = self.players.len();
        let boards = if self.config.duchies.is_empty() && !self.team() {
            self.draw_boards(rng)
        } else {
            Vec::new()
        };
        let mut unseen = self.goods_unseen();
        let mut goods: Vec<Vec<u8>> = (0..n).map(|_| draw_goods(&mut unseen, 3, rng)).collect();
        let start_player = rng.below(n) as Seat;
        // The team game deals 3 goods a team, to its first member: the others' are
        // left in the supply (the draws keep the base game's order).
        for (s, g) in (0..).zip(goods.iter_mut()) {
            g.truncate(self.setup_goods(s, start_player));
        }
        Outcome::Setup {
            provisional: self.provisional_duchies(&self.config.duchies, &boards),
            duchies: self.config.duchies.clone(),
            boards,
            start_player,
            goods,
        }
    }

    /// The expansion boards a setup plays whose content is provisional or
    /// unverified (`Content::provisional_duchy`): the fixed duchies, both sides of
    /// each board drawn, the team board; each once, in order.
    pub fn provisional_duchies(&self, duchies: &[u8], boards: &[[u8; 2]]) -> Vec<u8> {
        let content = self.content();
        let team = self.team().then(|| self.team_board());
        let mut p: Vec<u8> = duchies
            .iter()
            .chain(boards.iter().flatten())
            .copied()
            .chain(team)
            .filter(|&n| content.provisional_duchy(n))
            .collect();
        p.sort_unstable();
        p.dedup();
        p
    }

    /// A board per seat from the edition's box, without replacement (issue 15: the
    /// box's copies, seed 001 lines 280-281 for the classic edition).
    fn draw_boards(&self, rng: &mut Rng) -> Vec<[u8; 2]> {
        let the_box = self.content().random_boards(&self.config);
        let mut copies: Vec<u32> = the_box.iter().map(|b| b.copies as u32).collect();
        (0..self.players.len())
            .filter_map(|_| {
                let i = rng.weighted(&copies)?;
                copies[i] -= 1;
                Some(the_box[i].sides)
            })
            .collect()
    }

    fn sample_phase(&self, rng: &mut Rng) -> Outcome {
        let mut supply = self.supply(false);
        // Each colour's tiles left, counted once and kept as they are drawn (issue 18).
        let mut left = Colour::ALL.map(|c| total(&supply[Tile::kinds_of(c)]));
        let depots = std::array::from_fn(|d| {
            let mut tiles = Vec::with_capacity(4);
            for colour in self.depot_spaces(d) {
                // Only this colour's kinds have weight: the draw is the one a
                // weighting of every kind (the others at zero) gives.
                let kinds = Tile::kinds_of(colour);
                let drawn = draw(rng, &mut supply[kinds.clone()], &mut left[colour.index()]);
                if let Some(i) = drawn {
                    tiles.push(Tile::from_kind(kinds.start + i));
                }
            }
            tiles
        });
        let mut black_supply = self.supply(true);
        let mut black_left = total(&black_supply);
        let black = (0..self.black_spaces())
            .filter_map(|_| draw(rng, &mut black_supply, &mut black_left).map(Tile::from_kind))
            .collect();
        let mut unseen = self.goods_unseen();
        Outcome::Phase {
            depots,
            black,
            goods: draw_goods(&mut unseen, 5, rng),
        }
    }

    /// Applies a chance outcome; `trust` says whether it came from this state's own
    /// sampling (a phase's draws are then not counted again) or from outside.
    pub fn apply_outcome(
        &mut self,
        outcome: &Outcome,
        events: &mut Vec<Event>,
        trust: Trust,
    ) -> Result<()> {
        match (&self.stage, outcome) {
            (
                Stage::Setup,
                Outcome::Setup {
                    duchies,
                    boards,
                    start_player,
                    goods,
                    provisional,
                },
            ) => {
                self.check_setup(duchies, boards, *start_player, goods)?;
                let shown = self.provisional_duchies(duchies, boards);
                if !provisional.is_empty() && *provisional != shown {
                    return Err(Error::Outcome(format!(
                        "the outcome lists the provisional boards {provisional:?}; the data marks {shown:?}"
                    )));
                }
                self.set_up(duchies, boards, *start_player, goods, events);
            }
            (
                Stage::PhaseStart,
                Outcome::AutoDukeCards {
                    left,
                    right,
                    face_down,
                    face_up,
                    ..
                },
            ) if self.auto_duke_to_deal() => {
                self.check_auto_duke_setup(*left, *right, face_down, face_up)?;
                self.deal_auto_duke(*left, *right, face_down, face_up, events);
            }
            (Stage::PhaseStart, _) if self.auto_duke_to_deal() => {
                return Err(Error::Outcome(
                    "the AutoDuke's cards are dealt before the first phase's tiles".into(),
                ))
            }
            (Stage::AutoDuke, _) => self.apply_auto_duke_outcome(outcome, events)?,
            (Stage::PhaseStart, Outcome::Shields { depots }) if self.shields_to_lay() => {
                self.check_shields(depots)?;
                self.lay_shields(depots, events);
            }
            (Stage::PhaseStart, _) if !self.routes_to_arrange().is_empty() => {
                return Err(Error::Outcome(
                    "the seats lay their trade-route tiles in order before the first phase's tiles"
                        .into(),
                ))
            }
            (
                Stage::PhaseStart,
                Outcome::TradeRoutes {
                    routes,
                    provisional,
                },
            ) if self.routes_to_deal() => {
                self.check_routes(routes, provisional)?;
                self.deal_routes(routes, events);
            }
            (Stage::PhaseStart, Outcome::Phase { .. }) if self.routes_to_deal() => {
                return Err(Error::Outcome(
                    "the trade routes are dealt before the first phase's tiles".into(),
                ))
            }
            (
                Stage::PhaseStart,
                Outcome::Vines {
                    removed,
                    dealt,
                    depot,
                    shop,
                    ..
                },
            ) if self.vines_due() && !self.routes_to_deal() && !self.shields_to_lay() => {
                // As a phase's draws: what this state drew from its own bag is not
                // counted against the bag again (issue 46: 4% of a vineyards game).
                if trust == Trust::Check {
                    self.check_vines(removed, dealt, depot, shop)?;
                }
                self.refill_vines(removed, dealt, depot, shop, events);
            }
            (Stage::PhaseStart, Outcome::Phase { .. }) if self.vines_due() => {
                return Err(Error::Outcome(
                    "the vine depot and shop are refilled before the phase's tiles".into(),
                ))
            }
            (Stage::PhaseStart, Outcome::Phase { .. }) if self.shields_to_lay() => {
                return Err(Error::Outcome(
                    "the shields are laid before the first phase's tiles".into(),
                ))
            }
            (
                Stage::PhaseStart,
                Outcome::Phase {
                    depots,
                    black,
                    goods,
                },
            ) => {
                if trust == Trust::Check {
                    self.check_phase(depots, black, goods)?;
                }
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

    fn check_setup(
        &self,
        duchies: &[u8],
        boards: &[[u8; 2]],
        start: Seat,
        goods: &[Vec<u8>],
    ) -> Result<()> {
        let n = self.players.len();
        if goods.len() != n || start as usize >= n {
            return Err(Error::Outcome(format!(
                "setup needs {n} goods lists and a start seat below {n}"
            )));
        }
        if self.team() {
            if !duchies.is_empty() || !boards.is_empty() {
                return Err(Error::Outcome(
                    "the team game is played on the team boards: no duchies or boards are drawn"
                        .into(),
                ));
            }
        } else if self.config.duchies.is_empty() {
            self.check_boards(duchies, boards)?;
        } else if self.config.duchies != duchies || !boards.is_empty() {
            return Err(Error::Outcome(format!(
                "the config fixes the duchies {:?} (and no boards are drawn)",
                self.config.duchies
            )));
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
        let dealt = |s: usize| self.setup_goods(s as Seat, start);
        if goods.iter().enumerate().any(|(s, g)| g.len() != dealt(s)) {
            return Err(Error::Outcome(match self.team() {
                true => "each team takes 3 goods, dealt to its first player".into(),
                false => "each player takes 3 goods".into(),
            }));
        }
        Ok(())
    }

    /// Random duchies: a board per seat, each from the box, no more copies than it
    /// holds; the sides are the seats' decisions, not chance.
    fn check_boards(&self, duchies: &[u8], boards: &[[u8; 2]]) -> Result<()> {
        let n = self.players.len();
        if !duchies.is_empty() || boards.len() != n {
            return Err(Error::Outcome(format!(
                "random duchies: setup draws {n} boards (each seat then chooses its side), not duchies"
            )));
        }
        let the_box = self.content().random_boards(&self.config);
        for b in &the_box {
            let drawn = boards.iter().filter(|&&d| d == b.sides).count();
            if drawn > b.copies as usize {
                return Err(Error::Outcome(format!(
                    "the box holds {} board(s) {}/{}, {drawn} drawn",
                    b.copies, b.sides[0], b.sides[1]
                )));
            }
        }
        match boards
            .iter()
            .find(|d| !the_box.iter().any(|b| b.sides == **d))
        {
            Some(d) => Err(Error::Outcome(format!(
                "there is no board {}/{} in the box",
                d[0], d[1]
            ))),
            None => Ok(()),
        }
    }

    fn set_up(
        &mut self,
        duchies: &[u8],
        boards: &[[u8; 2]],
        start: Seat,
        goods: &[Vec<u8>],
        events: &mut Vec<Event>,
    ) {
        let n = self.players.len();
        if self.team() {
            self.team_set_up(start, goods, events);
        }
        // Seed 000, "Preparação do jogo" 9 (line 245): workers 1, 2, 3, 4 clockwise from
        // the start player; turn-order markers stacked on the first space, the start
        // player on top.
        let seated = if self.team() { 0 } else { n };
        for i in 0..seated {
            let seat = (start as usize + i) % n;
            let p = &mut self.players[seat];
            match boards.get(seat) {
                Some(&board) => {
                    p.duchy = board[0];
                    p.board = Some(board);
                }
                None => p.duchy = duchies[seat],
            }
            p.silver = 1;
            p.workers = i as u32 + 1;
            for &g in &goods[seat] {
                p.goods[g as usize - 1] += 1;
            }
        }
        if self.solo() {
            self.solo_set_up(events);
        }
        self.track[0] = (0..n)
            .rev()
            .map(|i| ((start as usize + i) % n) as Seat)
            .collect();
        self.auto_duke_start();
        events.push(Event::GameSetUp {
            start_player: start,
            duchies: duchies.to_vec(),
            boards: boards.to_vec(),
            provisional: self.provisional_duchies(duchies, boards),
        });
        self.stage = Stage::StartingCastles;
        for seat in 0..n as Seat {
            if !self.players[seat as usize].choosing_side() {
                self.castle_on_centre(seat);
            }
        }
        self.place_starting_castles_when_all_chose(events);
    }

    /// With `castle_on_centre`, the seat's castle goes on the central space once its
    /// duchy is known, where that space is a castle space (else the seat chooses).
    pub(crate) fn castle_on_centre(&mut self, seat: Seat) {
        // The team game's standard side: the castle on the centre (002 line 831); on
        // the advanced side each team chooses (`team_chooses_castle`).
        if self.team() {
            if !self.team_chooses_castle() {
                let centre = self.team_castle_spaces().first().copied();
                self.players[seat as usize].castle_choice = centre;
            }
            return;
        }
        let p = &self.players[seat as usize];
        let duchy = self.content().duchy(p.chosen_duchy());
        if self.config.castle_on_centre
            && duchy.is_some_and(|d| d.colours[CENTRE as usize] == Colour::Castle)
        {
            self.players[seat as usize].castle_choice = Some(CENTRE);
        }
    }

    /// Once every seat has chosen, the duchy sides and the starting castles are
    /// revealed and placed (seed 000, "Preparação do jogo" 10, line 249:
    /// simultaneously). The castles never score.
    pub(crate) fn place_starting_castles_when_all_chose(&mut self, events: &mut Vec<Event>) {
        if self.players.iter().any(Player::to_start) {
            return;
        }
        for (seat, p) in self.players.iter_mut().enumerate() {
            if let Some(duchy) = p.side_choice.take() {
                p.duchy = duchy;
                p.board = None;
                events.push(Event::DuchySideChosen {
                    seat: seat as Seat,
                    duchy,
                });
            }
        }
        for seat in 0..self.players.len() {
            let p = &mut self.players[seat];
            let space = p.castle_choice.take().expect("all chose");
            p.spaces.place(space as usize, Tile::Castle);
            // The team game: one castle a team, on the board both members share.
            if self.team_second(seat as Seat) {
                continue;
            }
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
            self.depots[d].clone_from(tiles);
        }
        for &t in black {
            self.drawn_black.add(t);
        }
        // Into the lists' own room: no allocation a phase (issue 18).
        self.black_depot.clear();
        self.black_depot.extend_from_slice(black);
        self.round_goods.clear();
        self.round_goods.extend_from_slice(goods);
        self.round = 0;
        events.push(Event::PhaseStarted {
            phase: PHASES[self.phase as usize],
        });
        self.phase_start_hooks(events);
        self.stage = Stage::RoundStart;
    }

    /// Seed 000, "Rodada": dice rolled, the next good goes to the depot of the white
    /// die, then the players act in turn order.
    fn start_round(&mut self, dice: &[[u8; 2]], white: u8, events: &mut Vec<Event>) {
        self.dice.clear();
        self.dice.extend_from_slice(dice);
        self.white = white;
        events.push(Event::RoundStarted {
            round: self.round + 1,
            white,
        });
        if !self.round_goods.is_empty() {
            let g = self.round_goods.remove(self.round_good_index());
            self.depot_goods[white as usize - 1][g as usize - 1] += 1;
            events.push(Event::GoodsArrived {
                depot: white,
                goods: g,
            });
        }
        if self.solo() {
            self.solo_round_start(white, events);
        }
        self.played.fill(false);
        // Into the list's own room: no allocation a round (issue 18).
        let mut order = std::mem::take(&mut self.round_order);
        order.clear();
        order.extend(self.track_order_iter());
        self.round_order = order;
        self.auto_duke_round();
        self.next_turn(events);
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
            die_set: false,
            shield_taken: false,
            phase_end: false,
            pending,
            route_rest: Vec::new(),
            reordered: false,
        });
    }
}

fn total(counts: &[u8]) -> u32 {
    counts.iter().map(|&c| c as u32).sum()
}

/// [`Rng::weighted`] over counts, without building a list of weights (issue 18): the
/// same draw from the same generator.
fn weighted(rng: &mut Rng, counts: &[u8]) -> Option<usize> {
    pick(rng, counts, total(counts))
}

/// [`weighted`] knowing the counts' `total`.
fn pick(rng: &mut Rng, counts: &[u8], total: u32) -> Option<usize> {
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total as usize) as u32;
    for (i, &c) in counts.iter().enumerate() {
        if pick < c as u32 {
            return Some(i);
        }
        pick -= c as u32;
    }
    None
}

/// Draws one from `counts`, whose total `left` is kept with them: the draw of
/// [`weighted`] without adding the counts up again.
#[inline]
fn draw(rng: &mut Rng, counts: &mut [u8], left: &mut u32) -> Option<usize> {
    let i = pick(rng, counts, *left)?;
    counts[i] -= 1;
    *left -= 1;
    Some(i)
}

fn draw_goods(unseen: &mut [u8; 6], count: usize, rng: &mut Rng) -> Vec<u8> {
    (0..count)
        .filter_map(|_| {
            let t = weighted(rng, unseen)?;
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
        Stage::AutoDuke => "auto-duke",
        Stage::Over => "game-over",
    }
}
