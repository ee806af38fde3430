//! Any game's environment behind one object type, opened by the game's name through
//! the registry: what the Python package holds.

use crate::env::{Env, Opponent, StepError};
use tabuleiro_core::{Encode, Features, Present, Seat};
use tabuleiro_games::{visit_encoded, EncodedVisitor};

/// An environment of some game, as [`open`] gives it.
pub trait AnyEnv: Send + Sync {
    fn game_name(&self) -> &'static str;
    fn players(&self) -> usize;
    fn action_space(&self) -> usize;
    fn observation_len(&self) -> usize;
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    fn set_max_decisions(&mut self, max: Option<u64>);
    fn agent(&self) -> Option<Seat>;
    fn is_truncated(&self) -> bool;
    fn decisions(&self) -> u64;
    /// The agent's mask into `out` (`action_space` long).
    fn mask(&self, out: &mut [u8]);
    fn legal_ids(&self) -> Vec<usize>;
    /// Where [`AnyEnv::step`] would find `id` among the agent's legal decisions
    /// (for [`AnyEnv::step_at`]), or its refusal; changes nothing.
    fn check(&self, id: i64) -> Result<usize, StepError>;
    fn observe(&self, viewer: Seat, out: &mut Features);
    fn observe_every_seat(&self, out: &mut Features);
    fn step(&mut self, id: i64) -> Result<(), StepError>;
    /// [`Env::step_at`]: the decision at the place [`AnyEnv::check`] gave.
    fn step_at(&mut self, at: usize) -> Result<(), StepError>;
    fn rewards(&self) -> Vec<f32>;
    fn scores(&self) -> Vec<i32>;
    /// The agent's legal decision `id` in the game's own words (its text form).
    fn action_text(&self, id: usize) -> Option<String>;
    /// What `viewer` sees (a spectator with `None`), as JSON.
    fn view_json(&self, viewer: Option<Seat>) -> String;
    /// The whole state, secrets included, as JSON: not an observation.
    fn state_json(&self) -> String;
    /// Stop at listed chance steps (from the next reset): [`Env::set_explicit_chance`].
    fn set_explicit_chance(&mut self, explicit: bool);
    /// The probabilities of the chance step waited for; empty when none waits.
    fn chance_probabilities(&self) -> Vec<f64>;
    /// Outcome `index` of the chance step waited for, as JSON.
    fn chance_text(&self, index: usize) -> Option<String>;
    fn apply_chance(&mut self, index: i64) -> Result<(), StepError>;
    /// A copy; `None` when bots play some seat.
    fn try_clone(&self) -> Option<Box<dyn AnyEnv>>;
    /// A copy with what `viewer` cannot see drawn anew from `seed`.
    fn resample(&self, viewer: Seat, seed: u64) -> Option<Box<dyn AnyEnv>>;
}

impl<G: Encode + Present> AnyEnv for Env<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> usize {
        Env::players(self)
    }
    fn action_space(&self) -> usize {
        Env::action_space(self)
    }
    fn observation_len(&self) -> usize {
        Env::observation_len(self)
    }
    fn reset(&mut self, seed: u64) -> Result<(), String> {
        Env::reset(self, seed)
    }
    fn set_max_decisions(&mut self, max: Option<u64>) {
        Env::set_max_decisions(self, max)
    }
    fn agent(&self) -> Option<Seat> {
        Env::agent(self)
    }
    fn is_truncated(&self) -> bool {
        Env::is_truncated(self)
    }
    fn decisions(&self) -> u64 {
        Env::decisions(self)
    }
    fn mask(&self, out: &mut [u8]) {
        Env::mask(self, out)
    }
    fn legal_ids(&self) -> Vec<usize> {
        Env::legal_ids(self)
    }
    fn check(&self, id: i64) -> Result<usize, StepError> {
        Env::check(self, id).map(|(_, at)| at)
    }
    fn observe(&self, viewer: Seat, out: &mut Features) {
        Env::observe(self, viewer, out)
    }
    fn observe_every_seat(&self, out: &mut Features) {
        Env::observe_every_seat(self, out)
    }
    fn step(&mut self, id: i64) -> Result<(), StepError> {
        Env::step(self, id)
    }
    fn step_at(&mut self, at: usize) -> Result<(), StepError> {
        Env::step_at(self, at)
    }
    fn rewards(&self) -> Vec<f32> {
        Env::rewards(self)
    }
    fn scores(&self) -> Vec<i32> {
        self.game().scores()
    }
    fn action_text(&self, id: usize) -> Option<String> {
        self.action(id).map(|a| a.to_string())
    }
    fn view_json(&self, viewer: Option<Seat>) -> String {
        serde_json::to_string(&self.game().view(viewer)).unwrap_or_default()
    }
    fn state_json(&self) -> String {
        serde_json::to_string(self.game()).unwrap_or_default()
    }
    fn set_explicit_chance(&mut self, explicit: bool) {
        Env::set_explicit_chance(self, explicit)
    }
    fn chance_probabilities(&self) -> Vec<f64> {
        self.chance_outcomes().iter().map(|(_, p)| *p).collect()
    }
    fn chance_text(&self, index: usize) -> Option<String> {
        let (outcome, _) = self.chance_outcomes().get(index)?;
        serde_json::to_string(outcome).ok()
    }
    fn apply_chance(&mut self, index: i64) -> Result<(), StepError> {
        Env::apply_chance(self, index)
    }
    fn try_clone(&self) -> Option<Box<dyn AnyEnv>> {
        Env::try_clone(self).map(|e| Box::new(e) as Box<dyn AnyEnv>)
    }
    fn resample(&self, viewer: Seat, seed: u64) -> Option<Box<dyn AnyEnv>> {
        Env::resample(self, viewer, seed).map(|e| Box::new(e) as Box<dyn AnyEnv>)
    }
}

/// How to open an environment.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    /// The game's name in the registry (`catan`, `burgundy`, `viscounts`, `nim`).
    pub game: String,
    /// The game's config as JSON; `None` or `{}` for its defaults.
    pub config: Option<String>,
    pub seed: u64,
    /// Seat `s` is played by the bot `opponents[s]` where given (`random`, `greedy`,
    /// `mcts:iters=200`, ...): the spec of `tabuleiro play`.
    pub opponents: Vec<Option<String>>,
}

/// Opens the environment `spec` names, or says what is wrong with it.
pub fn open(spec: &Spec) -> Result<Box<dyn AnyEnv>, String> {
    visit_encoded(&spec.game, Open(spec))?
}

struct Open<'a>(&'a Spec);

impl EncodedVisitor for Open<'_> {
    type Output = Result<Box<dyn AnyEnv>, String>;
    fn visit<G: Encode + Present>(self) -> Self::Output {
        let spec = self.0;
        let config: G::Config = match spec.config.as_deref().map(str::trim) {
            None | Some("") => serde_json::from_str("{}"),
            Some(text) => serde_json::from_str(text),
        }
        .map_err(|e| format!("{} config: {e}", G::NAME))?;
        let bots = spec
            .opponents
            .iter()
            .map(|o| {
                o.as_deref()
                    .map(tabuleiro_games::parse_bot::<G>)
                    .transpose()
            })
            .collect::<Result<Vec<Option<Opponent<G>>>, String>>()?;
        Ok(Box::new(Env::<G>::new(config, spec.seed, bots)?))
    }
}
