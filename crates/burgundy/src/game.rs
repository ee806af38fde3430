//! The [`Game`] interface for The Castles of Burgundy, the per-seat view, and the
//! validation of positions loaded from files.

use crate::action::{Action, Event, Outcome};
use crate::config::{CastleOrder, Config};
use crate::content::MAX_SPACES;
use crate::error::{Error, Result, Why};
use crate::modules::Module;
use crate::setup::Trust;
use crate::state::*;
use crate::tile::{Animal, Tile, KINDS};
use crate::view::View;
use tabuleiro_core::{Game, Participant, Participants, Rng, Seat, SeatSet, Standing, ToAct};

impl Game for Burgundy {
    type Config = Config;
    type Action = Action;
    type Outcome = Outcome;
    type Event = Event;
    type Error = Error;
    type View = View;
    const NAME: &'static str = "burgundy";
    /// The rules' version: raise it when a change makes old records replay differently.
    /// 2.0.0 (issue 15): a ship takes its goods before moving the marker, random
    /// duchies are boards drawn from the box with a side chosen by each seat (the setup
    /// outcome and a new decision), `die 2` on doubles, classic defaults; records of
    /// 1.x are refused by replay (the version differs). 2.1.0 (issue 15, shields):
    /// all 18 shields are drawn, the tribute is the owner's decision. 2.2.0 (issue 45):
    /// geese placed in a pasture of two animal types or more ask which they score with.
    /// 2.3.0 (issue 45): the crane's holder chooses the monastery it counts for at the
    /// final scoring; in the solo game a further black-depot tile may be declined and
    /// the player orders the turn's game actions (`first N`).
    const VERSION: &'static str = "2.3.0";

    fn new(config: &Config) -> Result<Self> {
        Burgundy::create(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn players(&self) -> usize {
        self.players.len()
    }

    /// The solo game is played against its goal ([`crate::modules::SOLO_GOAL`]).
    /// The AutoDuke is an automaton of the rules ([`crate::modules::AUTO_DUKE`]).
    fn participants(&self) -> Participants {
        if self.team() {
            return self.team_participants();
        }
        let automaton = match (self.solo(), self.auto_duke()) {
            (true, _) => crate::modules::SOLO_GOAL,
            (_, true) => crate::modules::AUTO_DUKE,
            _ => return Participants::seats(self.players.len()),
        };
        Participants {
            automata: vec![automaton.into()],
            ..Participants::seats(self.players.len())
        }
    }

    fn to_act(&self) -> ToAct {
        match &self.stage {
            Stage::PhaseStart if !self.routes_to_arrange().is_empty() => {
                ToAct::Seats(self.routes_to_arrange())
            }
            Stage::Setup | Stage::PhaseStart | Stage::RoundStart | Stage::AutoDuke => ToAct::Chance,
            Stage::StartingCastles => ToAct::Seats(self.starting_seats()),
            Stage::Turn(t) => ToAct::Seats(SeatSet::one(t.seat)),
            Stage::Over => ToAct::Over,
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match &self.stage {
            Stage::StartingCastles if self.starting_seats().contains(seat) => {
                self.starting_castle_actions(seat, out)
            }
            Stage::Turn(t) if t.seat == seat => self.turn_actions(t, out),
            Stage::PhaseStart => self.route_orders(seat, out),
            _ => {}
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<()> {
        if seat as usize >= self.players.len() {
            return Err(Error::NotYourDecision {
                seat,
                why: Why::NoSuchSeat {
                    seats: self.players.len(),
                },
            });
        }
        match &self.stage {
            Stage::StartingCastles => self.apply_starting_castle(seat, action, events),
            Stage::Turn(_) => self.team_step(|g| g.apply_turn(seat, action, events)),
            Stage::PhaseStart if !self.routes_to_arrange().is_empty() => {
                self.arrange_route(seat, action, events)
            }
            Stage::Over => Err(Error::NotYourDecision {
                seat,
                why: Why::GameOver,
            }),
            _ => Err(Error::NotYourDecision {
                seat,
                why: Why::Chance,
            }),
        }
    }

    /// A decision from [`Game::legal_actions`] of this state: a turn decision is
    /// applied without enumerating the decisions again to find it among them (issue
    /// 18: that search was a quarter of random play's time). The starting castles are
    /// checked as ever (a few decisions a game).
    fn apply_unchecked(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        if self.modules.team.is_some() {
            return self.team_step(|g| g.apply_unchecked_alone(seat, action, events));
        }
        self.apply_unchecked_alone(seat, action, events)
    }

    fn sample_chance(&self, rng: &mut Rng) -> Outcome {
        self.sample_outcome(rng)
    }

    fn chance_outcomes(&self) -> Option<Vec<(Outcome, f64)>> {
        self.listed_outcomes()
    }

    fn apply_chance(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        self.team_step(|g| g.apply_outcome(outcome, events, Trust::Check))
    }

    /// A phase's draws are not counted again against the bags (issue 18: 4% of random
    /// play); every other outcome is checked as from outside (they are cheap).
    fn apply_chance_unchecked(&mut self, outcome: &Outcome, events: &mut Vec<Event>) {
        if let Err(e) = self.team_step(|g| g.apply_outcome(outcome, events, Trust::Sampled)) {
            panic!("the state's own sampled outcome was refused: {e}");
        }
    }

    /// What a chance step hides: modifier A's face-down tiles, from everyone. Every
    /// other outcome (dice, tiles and goods drawn for a phase) is face up.
    fn hidden_alternative(
        &self,
        outcome: &Outcome,
        _viewer: Option<Seat>,
        rng: &mut Rng,
    ) -> Option<Outcome> {
        self.hidden_auto_duke_setup(outcome, rng)
    }

    fn scores(&self) -> Vec<i32> {
        self.players.iter().map(|p| p.vp).collect()
    }

    /// Places follow the rulebook's tie-breaks, which leave no tie standing.
    fn standings(&self) -> Vec<Standing> {
        if self.solo() {
            return self.solo_standings();
        }
        if self.team() {
            return self.team_result();
        }
        let seats = Burgundy::ranking(self)
            .into_iter()
            .enumerate()
            .map(|(i, seat)| Standing {
                place: i as u8 + 1,
                members: vec![Participant::Seat(seat)],
                score: self.players[seat as usize].vp,
            })
            .collect();
        self.auto_duke_standings(seats)
    }

    /// Duchy sides and starting castles are chosen at the same time and revealed
    /// together (seed 000 line 249), unless chosen in turn order.
    fn is_secret(&self, _seat: Seat, action: &Action) -> bool {
        self.config.castle_order == CastleOrder::Simultaneous
            && matches!(
                action,
                Action::StartingCastle { .. } | Action::DuchySide { .. }
            )
    }

    fn view(&self, seat: Option<Seat>) -> View {
        View::of(self, seat)
    }

    fn custom_content(&self) -> Option<serde_json::Value> {
        let custom = !self.config.content.is_embedded();
        custom.then(|| serde_json::to_value(&self.config.content).expect("content serializes"))
    }

    /// Other seats' pending side and starting-castle choices are left unchosen (the
    /// seats choose again); the AutoDuke's face-down tiles are drawn anew from the
    /// black tiles no one has seen. Both are consistent with the viewer's view.
    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Self {
        let mut g = self.clone();
        let sides_seen = self.config.castle_on_centre;
        for (s, p) in g.players.iter_mut().enumerate() {
            if !self.knows_choices_of(viewer, s as Seat) {
                p.hide_starting_choices(sides_seen);
            }
        }
        let face_down = g.turn_auto_dukes_tiles_down();
        g.guess_auto_dukes_tiles_down(&face_down, rng);
        g
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        crate::evaluate::evaluate(self, seat)
    }

    fn judge(&self, seat: Seat, how: tabuleiro_core::Judgement) -> f64 {
        crate::evaluate::judge_as(self, seat, how)
    }

    fn lead_scale(&self) -> Option<f64> {
        crate::evaluate::lead_scale(self)
    }
}

impl Burgundy {
    /// [`Game::apply_unchecked`] of one step, before a team's merge.
    #[inline]
    fn apply_unchecked_alone(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let result = match &self.stage {
            Stage::Turn(_) => {
                debug_assert!(self.turn().is_some_and(|t| t.seat == seat));
                self.apply_turn_unchecked(seat, action, events);
                Ok(())
            }
            // Not a turn: no team merge in `apply` (only a turn's is merged).
            _ => self.apply(seat, action, events),
        };
        if let Err(e) = result {
            panic!("seat {seat}'s enumerated action {action} was refused: {e}");
        }
    }
}

impl Burgundy {
    /// Checks that a position (from a file) is one the rules can reach: counts in range,
    /// tiles and goods conserved, a decision stage that fits. Positions are validated on
    /// construction, as chess positions are.
    pub fn validate(&self) -> Result<()> {
        // The team game: its own rules, then the rest with each team's shared
        // things counted once.
        if self.team() || self.modules.team.is_some() {
            crate::modules::check(&self.config)?;
            self.validate_team().map_err(Error::Position)?;
            return self.counted_once().validate_counts();
        }
        self.validate_counts()
    }

    fn validate_counts(&self) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        let n = self.players.len();
        crate::modules::check(&self.config)?;
        let seats_ok = (2..=4).contains(&n) || (n == 1 && (self.solo() || self.auto_duke()));
        if self.config.players as usize != n || !seats_ok {
            return bad(format!(
                "{n} players in the position, {} in the config",
                self.config.players
            ));
        }
        // Rounds 0-4 (the five rounds of a phase); the game over is the one stage
        // after a fifth round, where the round count reads 5.
        let last_round = if self.stage == Stage::Over { 5 } else { 4 };
        if self.phase > 4 || self.round > last_round {
            return bad("phase is 0-4 (A-E) and round 0-4 (5 once the game is over)".into());
        }
        if self.played.len() != n || self.dice.len() != n {
            return bad(format!("played and dice need one entry per seat ({n})"));
        }
        if self
            .dice
            .iter()
            .flatten()
            .chain([&self.white])
            .any(|d| !(1..=6).contains(d))
        {
            return bad("dice show 1-6".into());
        }
        let mut on_track: Vec<Seat> = self.track.iter().flatten().copied().collect();
        on_track.sort();
        if on_track != (0..n as Seat).collect::<Vec<_>>() && self.stage != Stage::Setup {
            return bad(format!(
                "the turn-order track must hold each seat once, it holds {on_track:?}"
            ));
        }
        self.validate_starting_choices()?;
        let mut tiles = [0u32; KINDS];
        let mut count = |t: crate::tile::Tile| tiles[t.kind()] += 1;
        self.validate_duchies()?;
        for (seat, p) in (0..).zip(&self.players) {
            // Far above anything a game reaches; keeps arithmetic on them safe.
            const LIMIT: u32 = 100_000;
            if p.silver > LIMIT || p.workers > LIMIT || !(0..=LIMIT as i32).contains(&p.vp) {
                return bad(format!("silver, workers and VP are 0 to {LIMIT}"));
            }
            if p.bonus_tiles.iter().any(|b| !(0..=7).contains(&b.vp)) || p.bonus_tiles.len() > 6 {
                return bad("a player holds at most 6 bonus tiles of 2-7 VP".into());
            }
            // Shield 4 lifts the limit; tiles stored beyond it stay when the shield
            // is lost (not stated; our reading).
            let room = self.storage_capacity();
            let held = self.key_spaces_used(seat);
            if held > room && !self.config.modules.contains(Module::Shields) {
                return bad(format!("storage holds at most {room} tiles"));
            }
            if p.goods_types() > self.goods_slots() as usize {
                return bad("goods storage holds at most 3 types".into());
            }
            let duchy = self.duchy(seat);
            for s in 0..MAX_SPACES {
                if let Some(t) = p.spaces[s] {
                    if s >= duchy.spaces {
                        return bad(format!("a {t} lies on space {s}, beyond duchy {}", p.duchy));
                    }
                    if !t.goes_on(duchy.colours[s]) {
                        return bad(format!(
                            "a {t} lies on {} space {s} of duchy {}",
                            duchy.colours[s].name(),
                            p.duchy
                        ));
                    }
                    count(t);
                }
            }
            self.own_storage(seat).iter().for_each(|&t| count(t));
        }
        self.depots
            .iter()
            .flatten()
            .chain(&self.black_depot)
            .for_each(|&t| count(t));
        self.auto_duke_tiles().for_each(&mut count);
        if let Stage::Turn(turn) = &self.stage {
            if turn.seat as usize >= n {
                return bad(format!("seat {} is not at the table", turn.seat));
            }
            self.validate_turn(turn)?;
            turn.pending
                .iter()
                .filter_map(Pending::incoming)
                .for_each(&mut count);
        }
        let (coloured, black) = (self.inventory(false), self.inventory(true));
        // The inns never come from a bag: counted apart (`validate_inns`).
        self.validate_inns()?;
        self.validate_trading_posts()?;
        self.validate_trade_routes()?;
        self.validate_shields()?;
        self.validate_crane()?;
        self.validate_solo()?;
        self.validate_auto_duke()?;
        self.validate_vineyards()?;
        for (k, &in_play) in tiles.iter().enumerate() {
            let t = crate::tile::Tile::from_kind(k);
            if t == crate::tile::Tile::INN || t == crate::tile::Tile::FACE_DOWN {
                continue;
            }
            let out = self.drawn.0[k] as u32 + self.drawn_black.0[k] as u32;
            if self.drawn.0[k] > coloured[k] || self.drawn_black.0[k] > black[k] {
                return bad(format!("more {t} drawn than the game has"));
            }
            if in_play + self.boxed.0[k] as u32 != out {
                return bad(format!(
                    "{} {t} in play or boxed, but {out} drawn (drawn and drawn_black must count every tile taken from the supply)",
                    in_play + self.boxed.0[k] as u32
                ));
            }
        }
        let mut goods = [0u32; 6];
        for p in &self.players {
            (0..6).for_each(|t| goods[t] += p.goods[t] as u32 + p.sold[t] as u32);
        }
        if let Some(ad) = &self.modules.auto_duke {
            (0..6).for_each(|t| goods[t] += ad.goods[t] as u32 + ad.sold[t] as u32);
        }
        self.depot_goods
            .iter()
            .for_each(|d| (0..6).for_each(|t| goods[t] += d[t] as u32));
        for &g in &self.round_goods {
            if !(1..=6).contains(&g) {
                return bad(format!("goods type {g} is not 1-6"));
            }
            goods[g as usize - 1] += 1;
        }
        if let Some(t) = (0..6).find(|&t| goods[t] > 7) {
            return bad(format!(
                "{} goods of type {} (there are 7)",
                goods[t],
                t + 1
            ));
        }
        // Castle recovery is what discards castles (seed 000 line 712).
        if self.modules.discarded_castles > 0
            && self.config.rules.castle_recovery == crate::config::CastleRecovery::Off
        {
            return bad("modules.discarded_castles needs rules.castle_recovery".into());
        }
        if self.modules.discarded_castles > self.boxed.0[crate::tile::Tile::Castle.kind()] {
            return bad("modules.discarded_castles counts more castles than are boxed".into());
        }
        if self.bonus_taken.iter().any(|&b| b > 2) {
            return bad("two bonus tiles per colour".into());
        }
        Ok(())
    }

    fn validate_turn(&self, turn: &Turn) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        if turn.dice.iter().flatten().any(|d| !(1..=6).contains(d)) {
            return bad("the turn's dice show 1-6 (or null once used)".into());
        }
        let mut order = self.round_order.clone();
        order.sort();
        if order != (0..self.players.len() as Seat).collect::<Vec<_>>() {
            return bad("round_order must hold each seat once during a turn".into());
        }
        if self.any_castle_choice() {
            return bad("starting-castle choices belong to the starting-castles stage".into());
        }
        if turn.reordered && (!self.solo() || turn.pending.len() < 2) {
            return bad(
                "turn.reordered belongs to a solo turn with two decisions or more waiting".into(),
            );
        }
        let storage = self.key_spaces_used(turn.seat);
        let capacity = self.storage_capacity();
        let modules = self.config.modules;
        for p in &turn.pending {
            let ok = match *p {
                Pending::UseDie { value } => value.is_none_or(|v| (1..=6).contains(&v)),
                Pending::ShipAdjacent { chosen } => (1..=6).contains(&chosen),
                Pending::Discard { .. } => storage >= capacity,
                // The question awaited is one (room on both key spaces); one under
                // another decision is settled when it comes up.
                Pending::KeySpace { .. } => {
                    let top = turn.pending.last().is_some_and(|l| std::ptr::eq(l, p));
                    self.team() && (!top || self.key_space_choice(turn.seat))
                }
                // A module's decision arises only in a game with the module.
                Pending::Crane => modules.contains(Module::ExtraHexes),
                // The geese lie on the space, their pasture holding two animal types
                // or more for them to choose from (on the board's record: a team's
                // first member's, as the checks count it).
                Pending::Geese { space } => {
                    let board = self.board_seat(turn.seat);
                    let on_space = self.players[board as usize]
                        .spaces
                        .iter()
                        .nth(space as usize);
                    let geese = Some(Tile::Livestock {
                        animal: Animal::Goose,
                        count: 2,
                    });
                    on_space == Some(&geese) && self.geese_choices(board, space).len() > 1
                }
                Pending::WhiteDie => modules.contains(Module::WhiteCastles),
                Pending::SoloTrade | Pending::SoloBuyVp | Pending::SoloBlack { .. } => {
                    modules.contains(Module::Solo)
                }
                Pending::ShieldGoods => modules.contains(Module::Shields),
                Pending::VineBonuses { .. }
                | Pending::VineDepot
                | Pending::BlackOrShop
                | Pending::VineRoom { .. }
                | Pending::VineTile => self.vineyards().is_some(),
                // Asked only in the team game, while more than one arrangement has room.
                Pending::VineKeySpace { .. } => {
                    self.vineyards().is_some() && self.vine_arrangements(turn.seat).len() > 1
                }
                Pending::ShieldTile { .. } | Pending::Tribute => {
                    turn.phase_end && turn.pending.len() == 1
                }
                // The last phase's end, the crane able to count for two monasteries
                // or more (seed 000 line 724).
                Pending::CraneMonastery => {
                    turn.phase_end
                        && turn.pending.len() == 1
                        && self.phase == 4
                        && self.crane_monasteries(turn.seat).nth(1).is_some()
                }
                _ => true,
            };
            if !ok {
                return bad(format!("pending decision {p:?} cannot arise here"));
            }
        }
        Ok(())
    }

    /// Each seat plays the duchy its config gives it: the fixed one, or (random
    /// boards) a side of a board in the boxes the config's modules allow. The
    /// duchies-11-18 options thus keep every seat on duchies 11-18 (seed 000 line
    /// 704), as the config check requires of the boxes.
    fn validate_duchies(&self) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        let content = self.content();
        let fixed = &self.config.duchies;
        if !fixed.is_empty() && fixed.len() != self.players.len() {
            return bad(format!(
                "{} duchies in the config for {} seats",
                fixed.len(),
                self.players.len()
            ));
        }
        let boards = content.random_boards(&self.config);
        for (s, p) in self.players.iter().enumerate() {
            if content.duchy(p.duchy).is_none() {
                return bad(format!("there is no duchy {}", p.duchy));
            }
            // Before the setup's chance the boards are not yet dealt; the team board
            // is checked with the teams.
            if self.stage == Stage::Setup || self.team() {
                continue;
            }
            let allowed = |d: u8| match fixed.get(s) {
                Some(&f) => d == f,
                None => boards.iter().any(|b| b.sides.contains(&d)),
            };
            if !allowed(p.duchy) || p.side_choice.is_some_and(|d| !allowed(d)) {
                return bad(format!(
                    "seat {s}: duchy {} is not one the config gives it (its duchies or the boxes of its modules)",
                    p.chosen_duchy()
                ));
            }
        }
        Ok(())
    }

    fn any_castle_choice(&self) -> bool {
        self.players
            .iter()
            .any(|p| p.castle_choice.is_some() || p.board.is_some() || p.side_choice.is_some())
    }

    /// Is the board one of the edition's box (both its sides existing duchies)?
    fn in_box(&self, board: [u8; 2]) -> bool {
        let content = self.content();
        content
            .random_boards(&self.config)
            .iter()
            .any(|b| b.sides == board)
            && board.iter().all(|&d| content.duchy(d).is_some())
    }

    /// A drawn board and the side and castle chosen belong to the starting-castles
    /// stage, and fit each other.
    fn validate_starting_choices(&self) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        let starting = self.stage == Stage::StartingCastles;
        for (s, p) in self.players.iter().enumerate() {
            let chosen = p.castle_choice.is_some() || p.side_choice.is_some();
            if (chosen || p.board.is_some()) && !starting {
                return bad(format!(
                    "seat {s}: a drawn board or a side or castle choice belongs to the starting-castles stage"
                ));
            }
            match (p.board, p.side_choice) {
                (None, Some(_)) => {
                    return bad(format!("seat {s}: a side chosen without a board drawn"))
                }
                (Some(b), side)
                    if !self.in_box(b)
                        || !b.contains(&p.duchy)
                        || side.is_some_and(|d| !b.contains(&d)) =>
                {
                    return bad(format!(
                        "seat {s}: the board {}/{} must be one of the edition's box, holding the duchy and the side",
                        b[0], b[1]
                    ))
                }
                (Some(_), None) if p.castle_choice.is_some() => {
                    return bad(format!("seat {s}: a castle chosen before the board's side"))
                }
                _ => {}
            }
            let duchy = self.content().duchy(p.chosen_duchy());
            if let (Some(space), Some(d)) = (p.castle_choice, duchy) {
                let on_board = (space as usize) < d.spaces;
                if !on_board || d.colours[space as usize] != crate::tile::Colour::Castle {
                    return bad(format!("seat {s}: space {space} is not a castle space"));
                }
            }
        }
        Ok(())
    }

    /// Reads a position file (JSON) and validates it.
    pub fn from_json(text: &str) -> Result<Burgundy> {
        let b: Burgundy = serde_json::from_str(text).map_err(|e| Error::Position(e.to_string()))?;
        b.validate()?;
        Ok(b)
    }
}
