//! Scoring: livestock, areas, colour bonuses during play; mines at the end of a
//! phase; the final scoring and the tie-breaks. Seed 000, "Pontuação", "Fim de uma
//! fase", "Fim do jogo".

use crate::action::{Event, ScoreReason};
use crate::config::EmptySpacesTiebreak;
use crate::config::{GeeseKnowledge7, InnColourBonus};
use crate::knowledge::Knowledge;
use crate::modules::shield;
use crate::state::*;
use crate::tile::Colour;
use crate::tile::{Animal, Building, Tile};
use tabuleiro_core::Seat;

impl Burgundy {
    pub(crate) fn score(&mut self, seat: Seat, vp: i32, why: ScoreReason, events: &mut Vec<Event>) {
        if vp == 0 {
            return;
        }
        self.players[seat as usize].vp += vp;
        events.push(Event::Scored { seat, vp, why });
        self.solo_scored(seat, events);
    }

    /// A farm placed on `space`. Seed 000, "Fazenda": the animals on the new tile plus
    /// those of the same kind already in this pasture; knowledge tile 7: +1 per tile
    /// that scores. Geese in the pasture (extra hexes, seed 000 line 728) add 2, and
    /// with knowledge tile 7 their tile is one more that scores
    /// (`rules.geese_knowledge7`). The geese placed themselves: [`Burgundy::geese_vp`].
    fn livestock_vp(&self, seat: Seat, space: usize, animal: Animal, count: u8) -> i32 {
        let (tiles, animals) = self.pasture_animals(seat, space);
        let per_tile = self.knows(seat, Knowledge::LivestockBonus) as i32;
        let a = animal as usize;
        let geese = match tiles[Animal::Goose as usize] > 0 {
            true => 2 + per_tile * self.geese_count_for_knowledge7() as i32,
            false => 0,
        };
        count as i32 + animals[a] + per_tile * (1 + tiles[a]) + geese
    }

    /// The geese placed on `space` (seed 000 line 728): "2 pontos de vitória mais
    /// pontos de vitória por um outro tipo de animal no mesmo pasto", the type `with`
    /// (knowledge tile 7: +1 for each of its tiles, and the geese tile one more by
    /// `rules.geese_knowledge7`).
    fn geese_vp(&self, seat: Seat, space: usize, with: Option<Animal>) -> i32 {
        let (tiles, animals) = self.pasture_animals(seat, space);
        let per_tile = self.knows(seat, Knowledge::LivestockBonus) as i32;
        let with = with.map_or(0, |a| animals[a as usize] + per_tile * tiles[a as usize]);
        2 + with + per_tile * self.geese_count_for_knowledge7() as i32
    }

    /// The other animal types in the pasture of the geese on `space`: those the
    /// geese may score with (seed 000 line 728).
    pub(crate) fn geese_choices(&self, seat: Seat, space: u8) -> Vec<Animal> {
        let (tiles, _) = self.pasture_animals(seat, space as usize);
        (Animal::ALL.into_iter())
            .filter(|&a| a != Animal::Goose && tiles[a as usize] > 0)
            .collect()
    }

    /// The livestock tiles and animals, by type, of the pasture `space` lies in,
    /// `space` left out.
    fn pasture_animals(&self, seat: Seat, space: usize) -> ([i32; 5], [i32; 5]) {
        let p = &self.players[seat as usize];
        let duchy = self.duchy(seat);
        let (mut tiles, mut animals) = ([0i32; Animal::ALL.len()], [0i32; Animal::ALL.len()]);
        // Shield 1 (seed 000 line 896): "todos os seus espaços de pasto contam como
        // conectados, como se fossem um único pasto".
        let pasture = match self.holds_shield(seat, shield::ONE_PASTURE) {
            true => duchy.colour_spaces[Colour::Pasture.index()],
            false => duchy.area_spaces[duchy.area[space] as usize],
        };
        for s in pasture.iter().filter(|&s| s != space) {
            if let Some(Tile::Livestock {
                animal: a,
                count: c,
            }) = p.spaces[s]
            {
                tiles[a as usize] += 1;
                animals[a as usize] += c as i32;
            }
        }
        (tiles, animals)
    }

    /// The geese on `space` score with `with` (the player's choice among several
    /// types, the only one there, or none).
    pub(crate) fn score_geese_with(
        &mut self,
        seat: Seat,
        space: u8,
        with: Option<Animal>,
        events: &mut Vec<Event>,
    ) {
        let vp = self.geese_vp(seat, space as usize, with);
        self.score(seat, vp, ScoreReason::Livestock, events);
    }

    /// Do the geese count for knowledge tile 7? Seed 000 line 728 and 002: "para as
    /// peças de monastério 7 e 24"; seed 001 line 902: for #24 only.
    fn geese_count_for_knowledge7(&self) -> bool {
        self.config.edition == crate::config::Edition::Special
            && self.config.rules.geese_knowledge7 == GeeseKnowledge7::Counted
    }

    /// Scoring right after a tile is placed: livestock, a completed area, a completed colour.
    pub(crate) fn score_placement(
        &mut self,
        seat: Seat,
        tile: Tile,
        space: u8,
        events: &mut Vec<Event>,
    ) {
        // A handle on the content (cheap), as the scores below change the game.
        let content = self.config.content.clone();
        let duchy = content
            .get()
            .duchy(self.players[seat as usize].duchy)
            .expect("duchy validated on construction");
        let area = duchy.area[space as usize];
        match tile {
            Tile::Livestock {
                animal: Animal::Goose,
                ..
            } => match self.geese_choices(seat, space)[..] {
                // Seed 000 line 728: "mais pontos de vitória por um outro tipo de animal
                // no mesmo pasto": which one is the player's to say. A tile is placed
                // only in a turn (a phase end's included).
                [_, _, ..] => self.turn_mut().pending.push(Pending::Geese { space }),
                [only] => self.score_geese_with(seat, space, Some(only), events),
                [] => self.score_geese_with(seat, space, None, events),
            },
            Tile::Livestock { animal, count } => {
                let vp = self.livestock_vp(seat, space as usize, animal, count);
                self.score(seat, vp, ScoreReason::Livestock, events);
            }
            _ => {}
        }
        let p = &self.players[seat as usize];
        // The space's colour: an inn takes the colour of the space it covers.
        let colour = duchy.colours[space as usize];
        if duchy.area_spaces[area as usize]
            .without(p.covered())
            .is_empty()
        {
            let size = self.scored_area_size(seat, area);
            // Shield 17 (seed 000 line 912): "você recebe pontos de vitória de acordo
            // com a próxima área maior (...) Uma área 10 pontua 55PVs"; seed 001 line
            // 1225: "com 8 como máximo" (digest A15: the edition's cap, as the inns').
            let size = match self.holds_shield(seat, shield::AREA_NEXT_SIZE) {
                true => (size + 1).min(self.config.inn_area_cap().max(size)),
                false => size,
            };
            let phase_bonus = PHASE_BONUS[self.phase as usize];
            let why = ScoreReason::Area {
                colour,
                size,
                phase_bonus,
            };
            self.score(seat, area_vp(size) + phase_bonus, why, events);
        }
        let p = &self.players[seat as usize];
        let spaces = duchy.colour_spaces[colour.index()];
        // `rules.inn_colour_bonus` (digest A14): may an inn complete a colour?
        let inn_blocks = self.config.rules.inn_colour_bonus == InnColourBonus::NotCounted
            && spaces.iter().any(|s| p.spaces[s] == Some(Tile::INN));
        let all = spaces.without(p.covered()).is_empty() && !inn_blocks;
        if all && self.solo() {
            return self.solo_colour_completed(seat);
        }
        let taken = &mut self.bonus_taken[colour.index()];
        if all && *taken < 2 {
            // The first to cover a colour takes the large bonus tile, the second the small.
            let first = *taken == 0;
            *taken += 1;
            let vp = self.config.bonus_vp(first);
            self.players[seat as usize]
                .bonus_tiles
                .push(BonusTile { colour, vp });
            // Shield 7 (seed 000 line 902): "suas novas peças bônus pontuam o dobro".
            let factor = 1 + self.holds_shield(seat, shield::BONUS_DOUBLE) as i32;
            let why = ScoreReason::ColourBonus { colour, first };
            self.score(seat, vp * factor, why, events);
        }
    }

    /// End of a phase: 1 silver per mine (knowledge tile 2: and 1 worker per mine),
    /// the board's tiles cleared (goods stay), then the next phase or the final scoring.
    pub(crate) fn end_phase(&mut self, events: &mut Vec<Event>) {
        self.phase_end_hooks(events);
        events.push(Event::PhaseEnded {
            phase: PHASES[self.phase as usize],
        });
        if self.phase == 4 {
            self.final_scoring(events);
            return;
        }
        // Seed 000, "Início de uma fase" 1: tiles left on the board go back to the box.
        let mut castles = 0;
        for depot in self.depots.iter_mut().chain([&mut self.black_depot]) {
            for t in depot.drain(..) {
                castles += (t == Tile::Castle) as usize;
                self.boxed.add(t);
            }
        }
        // Duchies 11-18's castle recovery: these castles may come back.
        self.castles_discarded(castles, false);
        self.phase += 1;
        self.round = 0;
        self.stage = Stage::PhaseStart;
    }

    /// Phase end: 1 silver per mine (knowledge tile 2: and 1 worker per mine). The
    /// team game: the team board's mines pay the team's shared silver once, on its
    /// first member (seed 000 line 805), with either member's shield 8 or knowledge
    /// (`rules.team_shields: member`: a member's own shield; its mines are the team
    /// board's).
    pub(crate) fn mine_income(&mut self, events: &mut Vec<Event>) {
        for seat in 0..self.players.len() {
            if !self.own_board(seat as Seat) {
                continue;
            }
            // Shield 8 (seed 000 line 903): "dobre a quantidade de peças de prata que
            // você recebe por suas minas".
            let double =
                self.either_member(seat as Seat, |s| self.holds_shield(s, shield::MINES_DOUBLE));
            let factor = 1 + double as u32;
            let mine_workers =
                self.either_member(seat as Seat, |s| self.knows(s, Knowledge::MineWorkers));
            let p = &mut self.players[seat];
            let mines = p.count(Tile::Mine) as u32;
            let workers = if mine_workers { mines } else { 0 };
            if mines > 0 {
                p.silver += mines * factor;
                p.workers += workers;
                events.push(Event::Gained {
                    seat: seat as Seat,
                    silver: mines * factor,
                    workers,
                });
                self.team_workers_gained(seat as Seat, workers, events);
            }
        }
    }

    fn final_scoring(&mut self, events: &mut Vec<Event>) {
        // The solo game has no final scoring: it is won or lost on the spaces.
        if self.solo() {
            return self.solo_end(events);
        }
        for seat in 0..self.players.len() as Seat {
            for (why, vp) in self.final_points(seat) {
                self.score(seat, vp, why, events);
            }
        }
        self.auto_duke_final(events);
        self.stage = Stage::Over;
        events.push(Event::GameOver {
            scores: self.players.iter().map(|p| p.vp).collect(),
            ranking: self.ranking(),
        });
    }

    /// The base game's final scoring of one seat, line by line.
    pub(crate) fn base_final_points(&self, seat: Seat) -> Vec<(ScoreReason, i32)> {
        // The team game: what the team shares (goods, silver, workers, the board's
        // knowledge tiles) scores once, for its first member; the team's VP are both
        // members' added (seed 000 line 813).
        if self.team_second(seat) {
            return Vec::new();
        }
        let p = &self.players[seat as usize];
        let mut lines = vec![
            (
                ScoreReason::UnsoldGoods,
                p.goods.iter().map(|&g| g as i32).sum(),
            ),
            (ScoreReason::Silver, p.silver as i32),
            (ScoreReason::Workers, p.workers as i32 / 2),
        ];
        for n in (15..=26u8).chain([29]) {
            if let Some(vp) = self.knowledge_points(seat, n) {
                lines.push((ScoreReason::Knowledge { number: n }, vp));
            }
        }
        lines
    }

    /// The VP knowledge tile `n` scores for `seat` now: at the final scoring, and in
    /// the solo game when placed. None for a tile without VP or not held.
    pub(crate) fn knowledge_points(&self, seat: Seat, n: u8) -> Option<i32> {
        match self.players[seat as usize].has_knowledge(n) {
            true => self.knowledge_vp(seat, n),
            false => None,
        }
    }

    /// The VP knowledge tile `n` would score for `seat`, counted with its own duchy,
    /// held or not (shield 6 scores another player's so). None for a tile without VP.
    pub(crate) fn knowledge_vp(&self, seat: Seat, n: u8) -> Option<i32> {
        let p = &self.players[seat as usize];
        if !((15..=26).contains(&n) || n == 29) {
            return None;
        }
        let vp = match n {
            15 => {
                let sold = self.sold_counted(seat);
                self.config.knowledge15_vp() * sold.iter().filter(|&&s| s > 0).count() as i32
            }
            16..=23 => {
                let building = Tile::Building(KNOWLEDGE_BUILDINGS[n as usize - 16]);
                4 * (p.count(building) + self.crane_counts_for(seat, n)) as i32
            }
            24 => {
                let kinds = crate::tile::Animal::ALL.iter().filter(|&&a| {
                    p.spaces
                        .iter()
                        .any(|s| matches!(s, Some(Tile::Livestock { animal, .. }) if *animal == a))
                });
                4 * kinds.count() as i32
            }
            25 => self.sold_counted(seat).iter().map(|&s| s as i32).sum(),
            // White castles (seed 000 line 696): 4 VP per white castle; the crane
            // may count as one.
            29 => {
                let white = Tile::Building(Building::WhiteCastle);
                4 * (p.count(white) + self.crane_counts_for(seat, n)) as i32
            }
            // The solo game takes no bonus tiles: its colours completed count.
            _ if self.solo() => self.config.knowledge26_vp() * self.completed_colours(seat) as i32,
            _ => self.config.knowledge26_vp() * p.bonus_tiles.len() as i32,
        };
        Some(vp)
    }

    /// Finishing order: most VP; tie-break 1 empty duchy spaces (see
    /// [`EmptySpacesTiebreak`]); tie-break 2 the player further back on the turn-order
    /// track, the lower marker of a stack counting as further back (digest A4).
    pub fn ranking(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.players.len() as Seat).collect();
        seats.sort_by_key(|&s| {
            let p = &self.players[s as usize];
            let empty = self.empty_spaces(s) as i32;
            let empty_key = match self.config.rules.tiebreak {
                EmptySpacesTiebreak::More => -empty,
                EmptySpacesTiebreak::Fewer => empty,
            };
            (-p.vp, empty_key, self.track_position(s))
        });
        seats
    }
}

/// The building each of knowledge tiles 16-23 counts (data: shared/data SOURCES §2,
/// high confidence; the rulebooks name 17 = watchtower and 22 = bank).
pub const KNOWLEDGE_BUILDINGS: [Building; 8] = [
    Building::Warehouse,
    Building::Watchtower,
    Building::CarpentersWorkshop,
    Building::Church,
    Building::Market,
    Building::BoardingHouse,
    Building::Bank,
    Building::CityHall,
];

/// The monasteries the crane may count for at the final scoring (seed 000 line 724:
/// "conta como uma construção adicional à sua escolha para as peças de monastério
/// correspondentes (16 a 23 e 29)").
pub const CRANE_MONASTERIES: [u8; 9] = [16, 17, 18, 19, 20, 21, 22, 23, 29];

impl Burgundy {
    /// The monasteries the crane of `seat`'s duchy may count for: tiles 16-23 and 29
    /// of its duchy, and with shield 6 those of the player it chose (they score for
    /// the holder with its own buildings, seed 000 line 901). Empty without the crane.
    pub(crate) fn crane_monasteries(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        let p = &self.players[seat as usize];
        let crane = p.count(Tile::Building(Building::Crane)) > 0;
        let counts = move |&n: &u8| p.has_knowledge(n) || self.shares_knowledge(seat, n);
        CRANE_MONASTERIES
            .into_iter()
            .filter(move |n| crane && counts(n))
    }

    /// A position's crane decision: with the extra hexes, at the last phase's end
    /// (after round 5, no dice), a monastery the crane may count for.
    pub(crate) fn validate_crane(&self) -> crate::error::Result<()> {
        let bad = |m: &str| Err(crate::error::Error::Position(m.into()));
        let m = &self.modules;
        let crane_turn = self
            .turn()
            .is_some_and(|t| t.pending.contains(&Pending::CraneMonastery));
        let queued = m
            .phase_end
            .iter()
            .any(|(_, p)| *p == Pending::CraneMonastery);
        if !(crane_turn || queued || m.crane_monastery.is_some()) {
            return Ok(());
        }
        if !self
            .config
            .modules
            .contains(crate::modules::Module::ExtraHexes)
            || self.solo()
        {
            return bad(
                "the crane's monastery is chosen with the module extra-hexes, not in the solo game",
            );
        }
        let closing = self.turn().is_some_and(|t| {
            t.phase_end && t.dice == [None, None] && self.phase == 4 && self.round == 4
        });
        if (crane_turn || queued) && !closing {
            return bad("the crane's monastery is chosen at the last phase's end, after round 5, without dice");
        }
        if let Some(k) = m.crane_monastery {
            let mut boards = (0..self.players.len() as Seat).filter(|&s| self.own_board(s));
            if !boards.any(|s| self.crane_monasteries(s).any(|c| c == k)) {
                return bad("modules.crane_monastery names a monastery (16-23, 29) the crane's holder may count it for");
            }
        }
        Ok(())
    }

    /// Does the crane count as one more building for monastery `n` of `seat`: the
    /// one its holder chose at the final scoring (`crane monastery N`), else (before,
    /// or with one monastery to count for) the first it may count for.
    fn crane_counts_for(&self, seat: Seat, n: u8) -> usize {
        let crane = Tile::Building(Building::Crane);
        if self.players[seat as usize].count(crane) == 0 {
            return 0;
        }
        let chosen = (self.modules.crane_monastery).or_else(|| self.crane_monasteries(seat).next());
        (chosen == Some(n)) as usize
    }
}
