//! One game as a learning environment: the seat to act, its legal action ids, its
//! observation, a step by id; chance, the rules' automata and the seats given to
//! tabuleiro's bots are stepped inside.

use std::fmt;
use tabuleiro_bots::Bot;
use tabuleiro_core::{
    bot_rng, chance_rng, Encode, Explain, Features, Message, Seat, Standing, ToAct,
};

/// A decision an environment refuses; the game stays as it was.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum StepError {
    #[error("the game is over: reset it before stepping")]
    Over,
    #[error("action id {id} is outside the action space (0..{space})")]
    OutOfRange { id: i64, space: usize },
    #[error("action id {id} is not one of the {legal} legal decisions of seat {seat} now")]
    NotLegal { id: usize, seat: Seat, legal: usize },
    /// [`Env::step_at`] given a place past the listing.
    #[error("place {at} is past the {legal} legal decisions listed now")]
    NoPlace { at: usize, legal: usize },
    /// The game refused the decision (a trade it cannot make now): its own reason.
    #[error("{text}")]
    Refused { text: String, message: Message },
    #[error("the game waits for a decision, not a chance outcome")]
    NotChance,
    #[error("the game waits for a chance outcome, not a decision")]
    AtChance,
    #[error("{0}")]
    Bot(String),
}

/// A seat given to one of tabuleiro's bots: the environment decides for it.
pub type Opponent<G> = Box<dyn Bot<G>>;

/// One game of `G` from a seed, stepped by action ids.
pub struct Env<G: Encode> {
    config: G::Config,
    /// The config's numbering of decisions, worked out once: every listing, step and
    /// mask asks for it.
    numbering: G::Numbering,
    game: G,
    seed: u64,
    chances: u64,
    decisions: u64,
    /// Seat `s`'s bot where given; empty when no seat is given to one, so that no
    /// seat is looked up for a bot then.
    bots: Vec<Option<Opponent<G>>>,
    /// The seat whose decision the environment waits for, `None` when the game is over.
    agent: Option<Seat>,
    /// The agent's legal decisions in the game's listing order (then the unlisted
    /// ones it accepts), and beside them their ids: kept apart so that listing moves
    /// no action twice and a step finds its decision among a few ids.
    offered: Vec<G::Action>,
    ids: Vec<u32>,
    max_decisions: Option<u64>,
    truncated: bool,
    /// Stop at chance steps the game lists ([`Game::chance_outcomes`]) for the caller
    /// to choose the outcome (OpenSpiel's explicit chance nodes).
    explicit_chance: bool,
    /// The listed outcomes of the chance step waited for, in explicit mode.
    listed: Vec<(G::Outcome, f64)>,
    scratch: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Encode> fmt::Debug for Env<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Env")
            .field("game", &G::NAME)
            .field("seed", &self.seed)
            .field("agent", &self.agent)
            .finish()
    }
}

impl<G: Encode> Env<G> {
    /// A new game of `config` from `seed`; `bots[s]` plays seat `s` where given.
    pub fn new(
        config: G::Config,
        seed: u64,
        bots: Vec<Option<Opponent<G>>>,
    ) -> Result<Self, String> {
        let game = G::new(&config).map_err(|e| e.to_string())?;
        let numbering = G::numbering(&config);
        if bots.len() > game.players() {
            return Err(format!(
                "{} opponents given for {} seats",
                bots.len(),
                game.players()
            ));
        }
        // Ids are kept as u32 (`list`).
        if u32::try_from(G::space(&numbering)).is_err() {
            return Err(format!(
                "{} action ids do not fit 32 bits",
                G::space(&numbering)
            ));
        }
        if game.players() > 0 && bots.iter().flatten().count() == game.players() {
            return Err("every seat is given to a bot: leave one to the agent".into());
        }
        let mut env = Env {
            numbering,
            config,
            game,
            seed,
            chances: 0,
            decisions: 0,
            bots: match bots.iter().any(Option::is_some) {
                true => bots,
                false => Vec::new(),
            },
            agent: None,
            offered: Vec::new(),
            ids: Vec::new(),
            max_decisions: None,
            truncated: false,
            explicit_chance: false,
            listed: Vec::new(),
            scratch: Vec::new(),
            events: Vec::new(),
        };
        env.reset(seed)?;
        Ok(env)
    }

    /// Stops a game after `max` decisions (every seat's, bots' included) as truncated.
    pub fn set_max_decisions(&mut self, max: Option<u64>) {
        self.max_decisions = max;
    }

    /// A new game of the same config from `seed`.
    pub fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.game = G::new(&self.config).map_err(|e| e.to_string())?;
        self.seed = seed;
        self.chances = 0;
        self.decisions = 0;
        self.truncated = false;
        self.advance().map_err(|e| e.to_string())
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn config(&self) -> &G::Config {
        &self.config
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn players(&self) -> usize {
        self.game.players()
    }

    pub fn action_space(&self) -> usize {
        G::space(&self.numbering)
    }

    pub fn observation_len(&self) -> usize {
        G::observation_len(&self.config)
    }

    /// The seat to decide now; `None` once the game is over or truncated, or at an
    /// explicit chance step.
    pub fn agent(&self) -> Option<Seat> {
        self.agent
    }

    /// The game ended (or was truncated): no decision and no chance step waits.
    pub fn is_over(&self) -> bool {
        self.agent.is_none() && self.listed.is_empty()
    }

    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Decisions taken so far, bots' included.
    pub fn decisions(&self) -> u64 {
        self.decisions
    }

    /// The agent's legal ids, ascending.
    pub fn legal_ids(&self) -> Vec<usize> {
        let mut ids: Vec<usize> = self.ids.iter().map(|&id| id as usize).collect();
        ids.sort_unstable();
        ids
    }

    /// The agent's action mask: `out[id]` is 1 for each legal id, 0 elsewhere.
    pub fn mask(&self, out: &mut [u8]) {
        out.fill(0);
        for &id in &self.ids {
            if let Some(slot) = out.get_mut(id as usize) {
                *slot = 1;
            }
        }
    }

    /// The agent's legal decision with id `id`.
    pub fn action(&self, id: usize) -> Option<&G::Action> {
        self.offered.get(self.place(id)?)
    }

    /// Where decision `id` stands in the listing, if it is legal.
    fn place(&self, id: usize) -> Option<usize> {
        let id = u32::try_from(id).ok()?;
        self.ids.iter().position(|&i| i == id)
    }

    /// `viewer`'s observation, built from its view alone.
    pub fn observe(&self, viewer: Seat, out: &mut Features) {
        out.clear();
        G::observe(&self.config, &self.game.view(Some(viewer)), viewer, out);
    }

    /// Every seat's observation one after another: privileged information (all the
    /// hands) for those who want it, named as such; never a seat's own.
    pub fn observe_every_seat(&self, out: &mut Features) {
        out.clear();
        for seat in 0..self.players() as Seat {
            G::observe(&self.config, &self.game.view(Some(seat)), seat, out);
        }
    }

    /// Decides `id` for the agent, then steps chance, automata and bots up to the next
    /// agent decision or the end. Refused: nothing changes.
    pub fn step(&mut self, id: i64) -> Result<(), StepError> {
        let (_, at) = self.check(id)?;
        self.step_at(at)
    }

    /// Decides the agent's legal decision at place `at` of the listing, the place
    /// [`Env::check`] gives (a batch checks every game's id before moving any), then
    /// steps on as [`Env::step`] does. Refused: nothing changes.
    pub fn step_at(&mut self, at: usize) -> Result<(), StepError> {
        let seat = self.deciding()?;
        let Some(action) = self.offered.get(at) else {
            return Err(StepError::NoPlace {
                at,
                legal: self.offered.len(),
            });
        };
        self.events.clear();
        // Every offered decision came from the game's own listing or passed its check
        // (`list`), so it is applied without checking it again.
        self.game.apply_unchecked(seat, action, &mut self.events);
        self.decisions += 1;
        self.advance()
    }

    /// Whether [`Env::step`] would take `id`: the seat to act and where the decision
    /// stands among its legal ones, or the refusal. Changes nothing.
    pub fn check(&self, id: i64) -> Result<(Seat, usize), StepError> {
        let seat = self.deciding()?;
        let index = index_below(id, self.action_space())?;
        let Some(at) = self.place(index) else {
            return Err(StepError::NotLegal {
                id: index,
                seat,
                legal: self.offered.len(),
            });
        };
        Ok((seat, at))
    }

    /// The seat whose decision the environment waits for, or why none is.
    fn deciding(&self) -> Result<Seat, StepError> {
        match (self.agent, self.listed.is_empty()) {
            (_, false) => Err(StepError::AtChance),
            (Some(seat), true) => Ok(seat),
            (None, true) => Err(StepError::Over),
        }
    }

    /// Steps chance and bots until an agent must decide or the game ends, then lists
    /// the agent's decisions.
    fn advance(&mut self) -> Result<(), StepError> {
        self.agent = None;
        self.offered.clear();
        self.ids.clear();
        self.listed.clear();
        loop {
            if self.max_decisions.is_some_and(|m| self.decisions >= m) {
                self.truncated = !matches!(self.game.to_act(), ToAct::Over);
                return Ok(());
            }
            self.events.clear();
            match self.game.to_act() {
                ToAct::Over => return Ok(()),
                ToAct::Chance if self.explicit_chance => {
                    if let Some(listed) = self.game.chance_outcomes() {
                        self.listed = listed;
                        return Ok(());
                    }
                    self.sample_chance();
                }
                ToAct::Chance => self.sample_chance(),
                ToAct::Seats(seats) => {
                    let bot_seat = match self.bots.is_empty() {
                        true => None,
                        false => seats
                            .iter()
                            .find(|&s| self.bots.get(s as usize).is_some_and(Option::is_some)),
                    };
                    match bot_seat {
                        Some(seat) => self.bot_decides(seat)?,
                        None => {
                            let seat = seats.lowest().expect("a seat acts");
                            self.agent = Some(seat);
                            self.list(seat);
                            return Ok(());
                        }
                    }
                }
            }
        }
    }

    /// The chance step's outcome from the one seeding path.
    fn sample_chance(&mut self) {
        let outcome = self
            .game
            .sample_chance(&mut chance_rng(self.seed, self.chances));
        self.chances += 1;
        self.game.apply_chance_unchecked(&outcome, &mut self.events);
    }

    /// Whether the environment stops at listed chance steps for the caller to choose
    /// their outcome ([`Env::chance_outcomes`], [`Env::apply_chance`]); unlisted ones
    /// (a shuffle) are still drawn inside from the seed. Applies from the next reset.
    pub fn set_explicit_chance(&mut self, explicit: bool) {
        self.explicit_chance = explicit;
    }

    /// The outcomes of the chance step waited for, with their probabilities; empty
    /// unless the environment is at an explicit chance step.
    pub fn chance_outcomes(&self) -> &[(G::Outcome, f64)] {
        &self.listed
    }

    /// Applies outcome `index` of [`Env::chance_outcomes`], then steps on as
    /// [`Env::step`] does.
    pub fn apply_chance(&mut self, index: i64) -> Result<(), StepError> {
        let listed = self.listed.len();
        if listed == 0 {
            return Err(StepError::NotChance);
        }
        let i =
            usize::try_from(index)
                .ok()
                .filter(|&i| i < listed)
                .ok_or(StepError::OutOfRange {
                    id: index,
                    space: listed,
                })?;
        self.events.clear();
        let outcome = self.listed[i].0.clone();
        self.game
            .apply_chance(&outcome, &mut self.events)
            .map_err(|e| StepError::Refused {
                text: e.to_string(),
                message: e.message(),
            })?;
        self.chances += 1;
        self.advance()
    }

    /// A copy of the environment, or `None` when bots play some seat (a bot's search
    /// is not copied).
    pub fn try_clone(&self) -> Option<Self> {
        self.bots.iter().all(Option::is_none).then(|| Env {
            config: self.config.clone(),
            numbering: self.numbering.clone(),
            game: self.game.clone(),
            seed: self.seed,
            chances: self.chances,
            decisions: self.decisions,
            bots: Vec::new(),
            agent: self.agent,
            offered: self.offered.clone(),
            ids: self.ids.clone(),
            max_decisions: self.max_decisions,
            truncated: self.truncated,
            explicit_chance: self.explicit_chance,
            listed: self.listed.clone(),
            scratch: Vec::new(),
            events: Vec::new(),
        })
    }

    /// A copy in which what `viewer` cannot see is drawn anew from `seed`
    /// ([`Game::determinize`], OpenSpiel's `ResampleFromInfostate`), and whose later
    /// sampled chance comes from `seed` too; `None` when bots play some seat.
    pub fn resample(&self, viewer: Seat, seed: u64) -> Option<Self> {
        let mut copy = self.try_clone()?;
        copy.game = self
            .game
            .determinize(Some(viewer), &mut tabuleiro_core::Rng::seed(seed));
        copy.seed = seed;
        Some(copy)
    }

    fn bot_decides(&mut self, seat: Seat) -> Result<(), StepError> {
        self.game.legal_actions(seat, &mut self.scratch);
        if self.scratch.is_empty() {
            return Err(StepError::Bot(format!("seat {seat} has no legal action")));
        }
        let mut rng = bot_rng(self.seed, seat, self.decisions);
        let bot = self.bots[seat as usize].as_mut().expect("a bot seat");
        let i = bot.decide(&self.game, seat, &self.scratch, &mut rng);
        let action = self.scratch[i.min(self.scratch.len() - 1)].clone();
        self.game.apply_unchecked(seat, &action, &mut self.events);
        self.decisions += 1;
        Ok(())
    }

    /// The agent's decisions: the listed ones, and the unlisted candidates the game
    /// accepts (bounded trades), each under its id. The encoding gives no two of a
    /// seat's listed decisions one id (`tabuleiro_testkit::encoding`), so only the
    /// unlisted ones are compared with those before them.
    fn list(&mut self, seat: Seat) {
        self.game.legal_actions(seat, &mut self.offered);
        let numbering = &self.numbering;
        let ids = self.offered.iter().filter_map(|a| G::id(numbering, a));
        self.ids.extend(ids.map(|id| id as u32));
        if self.ids.len() < self.offered.len() {
            self.offered.retain(|a| G::id(numbering, a).is_some());
        }
        debug_assert!(
            (1..self.ids.len()).all(|i| !self.ids[..i].contains(&self.ids[i])),
            "two listed decisions share an id"
        );
        self.game.unlisted_candidates(seat, &mut self.scratch);
        for action in self.scratch.drain(..) {
            let Some(id) = G::id(numbering, &action).map(|id| id as u32) else {
                continue;
            };
            if !self.ids.contains(&id) && self.game.check(seat, &action).is_ok() {
                self.offered.push(action);
                self.ids.push(id);
            }
        }
    }

    /// The game's standings once it is over.
    pub fn standings(&self) -> Vec<Standing> {
        self.game.standings()
    }

    /// Each seat's reward: 0 until the game ends; at the end, +1 for first place down
    /// to -1 for last, evenly by place (teams and shared places share theirs; an
    /// automaton's place counts). A truncated game gives 0.
    pub fn rewards(&self) -> Vec<f32> {
        let mut out = vec![0.0; self.players()];
        if !matches!(self.game.to_act(), ToAct::Over) {
            return out;
        }
        let standings = self.game.standings();
        let last = standings.iter().map(|s| s.place).max().unwrap_or(1);
        for (seat, reward) in out.iter_mut().enumerate() {
            if let Some(s) = standings.iter().find(|s| s.holds(seat as Seat)) {
                *reward = place_reward(s.place, last);
            }
        }
        out
    }
}

/// `id` as an index below `space`, or the refusal that says it is out of range.
fn index_below(id: i64, space: usize) -> Result<usize, StepError> {
    match usize::try_from(id) {
        Ok(index) if index < space => Ok(index),
        _ => Err(StepError::OutOfRange { id, space }),
    }
}

/// +1 for place 1, -1 for the last place, evenly between; a game with one place gives
/// everyone +1.
fn place_reward(place: u8, last: u8) -> f32 {
    if last <= 1 {
        return 1.0;
    }
    1.0 - 2.0 * f32::from(place - 1) / f32::from(last - 1)
}

#[cfg(test)]
mod tests {
    use super::place_reward;

    #[test]
    fn rewards_run_from_one_to_minus_one_by_place() {
        assert_eq!(place_reward(1, 4), 1.0);
        assert_eq!(place_reward(4, 4), -1.0);
        assert!((place_reward(2, 4) - 1.0 / 3.0).abs() < 1e-6);
        assert_eq!(place_reward(1, 1), 1.0);
    }
}
