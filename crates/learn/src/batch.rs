//! Many games of one spec stepped together into flat arrays, each reset on its own
//! when it ends, on one thread or several (a rayon pool kept from step to step: a step
//! of 64 Catan decisions is too short to start threads for).

use crate::dynamic::{open, AnyEnv, Spec};
use crate::env::StepError;
use rayon::prelude::*;
use tabuleiro_core::Features;

/// Where a batch writes, each array `games ×` its row: the observation of the seat to
/// act next (`observation_len`), its action mask (`action_space`), that seat, each
/// seat's reward from the step (`players`; non-zero only where a game just ended),
/// and whether the game just ended or was truncated (then the row's observation and
/// mask are already those of the next game).
pub struct Out<'a> {
    pub observations: &'a mut [f32],
    pub masks: &'a mut [u8],
    pub agents: &'a mut [i32],
    pub rewards: &'a mut [f32],
    pub ended: &'a mut [u8],
    pub truncated: &'a mut [u8],
}

/// Arrays a batch writes into, owned and sized for it ([`Buffers::for_batch`]).
#[derive(Clone, Debug, Default)]
pub struct Buffers {
    pub observations: Vec<f32>,
    pub masks: Vec<u8>,
    pub agents: Vec<i32>,
    pub rewards: Vec<f32>,
    pub ended: Vec<u8>,
    pub truncated: Vec<u8>,
}

impl Buffers {
    pub fn for_batch(batch: &Batch) -> Self {
        let n = batch.games();
        Buffers {
            observations: vec![0.0; n * batch.row_len()],
            masks: vec![0; n * batch.action_space()],
            agents: vec![0; n],
            rewards: vec![0.0; n * batch.players()],
            ended: vec![0; n],
            truncated: vec![0; n],
        }
    }

    pub fn out(&mut self) -> Out<'_> {
        Out {
            observations: &mut self.observations,
            masks: &mut self.masks,
            agents: &mut self.agents,
            rewards: &mut self.rewards,
            ended: &mut self.ended,
            truncated: &mut self.truncated,
        }
    }
}

/// A refused batch step: which game refused, and why. No game moved.
#[derive(Debug, thiserror::Error)]
#[error("game {game} of the batch: {error}")]
pub struct BatchError {
    pub game: usize,
    pub error: StepError,
}

struct Slot {
    env: Box<dyn AnyEnv>,
    episodes: u64,
    /// Where this step's id stands among the agent's legal decisions, as checked
    /// before any game moved.
    at: usize,
}

/// `games` games of one spec. Game `i`'s `k`-th episode is seeded `seed + k·games + i`,
/// so a batch plays the same games on any number of threads.
pub struct Batch {
    slots: Vec<Slot>,
    seed: u64,
    threads: usize,
    /// The worker threads with `threads` above 1, kept from step to step.
    pool: Option<rayon::ThreadPool>,
    /// Whether rows carry observations (a policy that reads only the mask skips them).
    observations: bool,
    players: usize,
    space: usize,
    observation_len: usize,
}

impl Batch {
    pub fn new(spec: &Spec, games: usize, threads: usize) -> Result<Self, String> {
        if games == 0 {
            return Err("a batch holds at least one game".into());
        }
        let slots = (0..games)
            .map(|i| {
                let spec = Spec {
                    seed: spec.seed.wrapping_add(i as u64),
                    ..spec.clone()
                };
                Ok(Slot {
                    env: open(&spec)?,
                    episodes: 0,
                    at: 0,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let first = &slots[0].env;
        let threads = threads.max(1);
        let pool = (threads > 1)
            .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build())
            .transpose()
            .map_err(|e| format!("the batch's {threads} threads: {e}"))?;
        Ok(Batch {
            players: first.players(),
            space: first.action_space(),
            observation_len: first.observation_len(),
            slots,
            seed: spec.seed,
            threads,
            pool,
            observations: true,
        })
    }

    pub fn games(&self) -> usize {
        self.slots.len()
    }
    pub fn players(&self) -> usize {
        self.players
    }
    pub fn action_space(&self) -> usize {
        self.space
    }
    pub fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// Whether the rows carry observations (on by default). Off, the observation array
    /// is empty (`row_len` 0): a policy that reads only the mask (random play, a
    /// benchmark) skips building them.
    pub fn set_observations(&mut self, on: bool) {
        self.observations = on;
    }

    /// The length of one row's observation: the game's, or 0 with observations off.
    pub fn row_len(&self) -> usize {
        if self.observations {
            self.observation_len
        } else {
            0
        }
    }

    /// Applies every limit on decisions to every game.
    pub fn set_max_decisions(&mut self, max: Option<u64>) {
        for slot in &mut self.slots {
            slot.env.set_max_decisions(max);
        }
    }

    /// Writes every game's current row (after construction or a reset); rewards and
    /// flags zero.
    pub fn observe(&self, out: &mut Out) -> Result<(), String> {
        self.check_shapes(out)?;
        let (players, space, len) = (self.players, self.space, self.row_len());
        let mut rows = Rows::whole(out, players, space, len);
        let mut features = Features::new();
        for (i, slot) in self.slots.iter().enumerate() {
            write_agent(&*slot.env, i, &mut rows, &mut features);
        }
        rows.ended.fill(0);
        rows.truncated.fill(0);
        rows.rewards.fill(0.0);
        Ok(())
    }

    /// One decision in every game: `actions[i]` for game `i`'s seat to act. Every id is
    /// checked first; if any is refused, no game moves.
    pub fn step(&mut self, actions: &[i64], out: &mut Out) -> Result<(), BatchError> {
        self.check_shapes(out).map_err(|e| BatchError {
            game: 0,
            error: StepError::Bot(e),
        })?;
        if actions.len() != self.slots.len() {
            return Err(BatchError {
                game: actions.len().min(self.slots.len()),
                error: StepError::Bot(format!(
                    "{} actions for {} games",
                    actions.len(),
                    self.slots.len()
                )),
            });
        }
        for (game, (slot, &id)) in self.slots.iter_mut().zip(actions).enumerate() {
            slot.at = slot
                .env
                .check(id)
                .map_err(|error| BatchError { game, error })?;
        }
        let (games, seed) = (self.slots.len() as u64, self.seed);
        let (players, space, len) = (self.players, self.space, self.row_len());
        let Some(pool) = &self.pool else {
            // One thread: one chunk of every game, nothing to split or collect.
            let rows = Rows::whole(out, players, space, len);
            return step_chunk(&mut self.slots, rows, 0, games, seed);
        };
        let chunk = self.slots.len().div_ceil(self.threads);
        let rows = Rows::split(out, chunk, players, space, len);
        let jobs: Vec<_> = self.slots.chunks_mut(chunk).zip(rows).enumerate().collect();
        let run = |(c, (slots, rows))| step_chunk(slots, rows, c * chunk, games, seed);
        let done: Vec<Result<(), BatchError>> =
            pool.install(|| jobs.into_par_iter().map(run).collect());
        done.into_iter().collect()
    }

    fn check_shapes(&self, out: &Out) -> Result<(), String> {
        let n = self.slots.len();
        let want = [
            ("observations", out.observations.len(), n * self.row_len()),
            ("masks", out.masks.len(), n * self.space),
            ("agents", out.agents.len(), n),
            ("rewards", out.rewards.len(), n * self.players),
            ("ended", out.ended.len(), n),
            ("truncated", out.truncated.len(), n),
        ];
        match want.iter().find(|(_, got, want)| got != want) {
            Some((name, got, want)) => Err(format!("{name} holds {got} values, not {want}")),
            None => Ok(()),
        }
    }
}

/// Rows of the output arrays: one chunk's, or every game's ([`Rows::whole`]).
struct Rows<'a> {
    observations: &'a mut [f32],
    masks: &'a mut [u8],
    agents: &'a mut [i32],
    rewards: &'a mut [f32],
    ended: &'a mut [u8],
    truncated: &'a mut [u8],
    players: usize,
    /// A row's mask and observation lengths (the observation's is 0 when off).
    space: usize,
    len: usize,
}

impl<'a> Rows<'a> {
    /// Every game's rows.
    fn whole(out: &'a mut Out, players: usize, space: usize, len: usize) -> Self {
        Rows {
            observations: out.observations,
            masks: out.masks,
            agents: out.agents,
            rewards: out.rewards,
            ended: out.ended,
            truncated: out.truncated,
            players,
            space,
            len,
        }
    }

    /// The rows of each `chunk` games in turn.
    fn split(
        out: &'a mut Out,
        chunk: usize,
        players: usize,
        space: usize,
        len: usize,
    ) -> impl Iterator<Item = Rows<'a>> {
        // Without observations every chunk's share is the empty slice.
        let observations: Box<dyn Iterator<Item = &'a mut [f32]> + 'a> = if len == 0 {
            Box::new(std::iter::repeat_with(<&mut [f32]>::default))
        } else {
            Box::new(out.observations.chunks_mut(chunk * len))
        };
        observations
            .zip(out.masks.chunks_mut(chunk * space))
            .zip(out.agents.chunks_mut(chunk))
            .zip(out.rewards.chunks_mut(chunk * players))
            .zip(out.ended.chunks_mut(chunk))
            .zip(out.truncated.chunks_mut(chunk))
            .map(move |(((((o, m), a), r), e), t)| Rows {
                observations: o,
                masks: m,
                agents: a,
                rewards: r,
                ended: e,
                truncated: t,
                players,
                space,
                len,
            })
    }
}

fn step_chunk(
    slots: &mut [Slot],
    mut rows: Rows,
    first: usize,
    games: u64,
    seed: u64,
) -> Result<(), BatchError> {
    let mut features = Features::new();
    for (k, slot) in slots.iter_mut().enumerate() {
        let game = first + k;
        let fail = |error| BatchError { game, error };
        slot.env.step_at(slot.at).map_err(fail)?;
        let players = rows.players;
        let rewards = &mut rows.rewards[k * players..(k + 1) * players];
        let truncated = slot.env.is_truncated();
        let ended = slot.env.agent().is_none();
        rows.ended[k] = u8::from(ended);
        rows.truncated[k] = u8::from(truncated);
        rewards.fill(0.0);
        if ended {
            rewards.copy_from_slice(&slot.env.rewards());
            slot.episodes += 1;
            let next = seed.wrapping_add(slot.episodes * games + game as u64);
            slot.env.reset(next).map_err(|e| fail(StepError::Bot(e)))?;
        }
        write_agent(&*slot.env, k, &mut rows, &mut features);
    }
    Ok(())
}

/// Row `k` of `rows`: the observation and mask of the seat to act, and that seat.
fn write_agent(env: &dyn AnyEnv, k: usize, rows: &mut Rows, features: &mut Features) {
    let (space, len) = (rows.space, rows.len);
    let seat = env.agent();
    rows.agents[k] = seat.map_or(-1, i32::from);
    let obs = &mut rows.observations[k * len..(k + 1) * len];
    match seat {
        _ if len == 0 => {}
        Some(s) => {
            env.observe(s, features);
            obs.copy_from_slice(features.values());
        }
        None => obs.fill(0.0),
    }
    env.mask(&mut rows.masks[k * space..(k + 1) * space]);
}
