//! `tabuleiro._tabuleiro`: the learning environments of `tabuleiro-learn` for Python.
//! Arrays cross as bytes (little-endian `float32`, `uint8`, `int32`, `int64`) that the
//! Python side views with `numpy.frombuffer`; a batch steps with Python's lock released.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyByteArrayMethods};
use tabuleiro_core::{Features, Seat};
use tabuleiro_learn::{open, AnyEnv, Batch, BatchError, Buffers, Out, Spec, StepError};

create_exception!(
    _tabuleiro,
    IllegalActionError,
    PyValueError,
    "An action id the game refuses now (out of range, or not legal for the seat to act); the game did not change."
);
create_exception!(
    _tabuleiro,
    GameOverError,
    PyRuntimeError,
    "The game is over: reset it before stepping; the game did not change."
);

/// The Python exception for a refusal `e`, saying `text`.
fn refusal(e: &StepError, text: String) -> PyErr {
    match e {
        StepError::Over => GameOverError::new_err(text),
        StepError::AtChance | StepError::NotChance => PyRuntimeError::new_err(text),
        _ => IllegalActionError::new_err(text),
    }
}

fn step_error(e: &StepError) -> PyErr {
    refusal(e, e.to_string())
}

fn batch_error(e: &BatchError) -> PyErr {
    refusal(&e.error, e.to_string())
}

fn seat_of(env: &dyn AnyEnv, seat: i64) -> PyResult<Seat> {
    Seat::try_from(seat)
        .ok()
        .filter(|&s| usize::from(s) < env.players())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "seat {seat} is not a seat of this {}-player game",
                env.players()
            ))
        })
}

/// Little-endian bytes of `values`, written straight into the Python object.
fn le_bytes<'py, const N: usize, T: Copy>(
    py: Python<'py>,
    values: &[T],
    // A type of its own per conversion, not a function pointer: the loop inlines it
    // and copies an observation's thousand values without a call each.
    to_le: impl Fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, values.len() * N, |buf| {
        for (out, &v) in buf.chunks_exact_mut(N).zip(values) {
            out.copy_from_slice(&to_le(v));
        }
        Ok(())
    })
}

fn floats<'py>(py: Python<'py>, values: &[f32]) -> PyResult<Bound<'py, PyByteArray>> {
    le_bytes(py, values, f32::to_le_bytes)
}

fn spec(
    game: &str,
    config: Option<&str>,
    seed: u64,
    opponents: Option<Vec<Option<String>>>,
) -> Spec {
    Spec {
        game: game.to_string(),
        config: config.map(str::to_string),
        seed,
        opponents: opponents.unwrap_or_default(),
    }
}

/// One game, stepped by action ids.
#[pyclass(name = "Env", module = "tabuleiro._tabuleiro")]
struct PyEnv {
    inner: Box<dyn AnyEnv>,
    features: Features,
}

impl PyEnv {
    fn of(inner: Box<dyn AnyEnv>) -> Self {
        PyEnv {
            inner,
            features: Features::new(),
        }
    }
}

#[pymethods]
impl PyEnv {
    #[new]
    #[pyo3(signature = (game, config=None, seed=0, opponents=None, max_decisions=None, explicit_chance=false))]
    fn new(
        game: &str,
        config: Option<&str>,
        seed: u64,
        opponents: Option<Vec<Option<String>>>,
        max_decisions: Option<u64>,
        explicit_chance: bool,
    ) -> PyResult<Self> {
        let mut inner =
            open(&spec(game, config, seed, opponents)).map_err(PyValueError::new_err)?;
        inner.set_max_decisions(max_decisions);
        if explicit_chance {
            inner.set_explicit_chance(true);
            inner.reset(seed).map_err(PyValueError::new_err)?;
        }
        Ok(PyEnv::of(inner))
    }

    /// Whether a listed chance step waits for its outcome (explicit chance only).
    #[getter]
    fn is_chance(&self) -> bool {
        !self.inner.chance_probabilities().is_empty()
    }

    /// The probabilities of the chance step waited for, outcome by outcome.
    fn chance_probabilities(&self) -> Vec<f64> {
        self.inner.chance_probabilities()
    }

    /// Outcome `index` of the chance step waited for, as the engine's JSON.
    fn chance_text(&self, index: usize) -> Option<String> {
        self.inner.chance_text(index)
    }

    /// Chooses outcome `index` of the chance step waited for.
    fn apply_chance(&mut self, index: i64) -> PyResult<()> {
        self.inner.apply_chance(index).map_err(|e| step_error(&e))
    }

    /// A copy of this game (not with bots seated).
    fn clone(&self) -> PyResult<Self> {
        self.inner
            .try_clone()
            .map(PyEnv::of)
            .ok_or_else(|| PyValueError::new_err("a game with bots seated cannot be copied"))
    }

    /// `copy.deepcopy` (OpenSpiel copies a state so): [`PyEnv::clone`].
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.clone()
    }

    fn __copy__(&self) -> PyResult<Self> {
        self.clone()
    }

    /// A copy in which what `seat` cannot see is drawn anew from `seed`.
    fn resample(&self, seat: i64, seed: u64) -> PyResult<Self> {
        let seat = seat_of(&*self.inner, seat)?;
        self.inner
            .resample(seat, seed)
            .map(PyEnv::of)
            .ok_or_else(|| PyValueError::new_err("a game with bots seated cannot be copied"))
    }

    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game_name()
    }
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }
    #[getter]
    fn observation_len(&self) -> usize {
        self.inner.observation_len()
    }
    /// The seat to decide now, `None` once the game is over or truncated.
    #[getter]
    fn agent(&self) -> Option<Seat> {
        self.inner.agent()
    }
    #[getter]
    fn truncated(&self) -> bool {
        self.inner.is_truncated()
    }
    #[getter]
    fn decisions(&self) -> u64 {
        self.inner.decisions()
    }

    fn reset(&mut self, seed: u64) -> PyResult<()> {
        self.inner.reset(seed).map_err(PyValueError::new_err)
    }

    /// The mask of the seat to act: `action_space` bytes, 1 where the id is legal.
    fn mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        PyByteArray::new_with(py, self.inner.action_space(), |buf| {
            self.inner.mask(buf);
            Ok(())
        })
    }

    fn legal_ids(&self) -> Vec<usize> {
        self.inner.legal_ids()
    }

    /// `seat`'s observation from its own view: `observation_len` float32s.
    fn observe<'py>(&mut self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyByteArray>> {
        let seat = seat_of(&*self.inner, seat)?;
        self.inner.observe(seat, &mut self.features);
        floats(py, self.features.values())
    }

    /// Every seat's observation in seat order: privileged information, not a seat's own.
    fn observe_every_seat<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        self.inner.observe_every_seat(&mut self.features);
        floats(py, self.features.values())
    }

    /// Decides `id` for the seat to act; chance, automata and bots step inside.
    fn step(&mut self, id: i64) -> PyResult<()> {
        self.inner.step(id).map_err(|e| step_error(&e))
    }

    fn rewards(&self) -> Vec<f32> {
        self.inner.rewards()
    }
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }
    /// The legal decision `id` in the game's own text form, `None` when not legal now.
    fn action_text(&self, id: usize) -> Option<String> {
        self.inner.action_text(id)
    }
    #[pyo3(signature = (seat=None))]
    fn view_json(&self, seat: Option<i64>) -> PyResult<String> {
        let seat = seat.map(|s| seat_of(&*self.inner, s)).transpose()?;
        Ok(self.inner.view_json(seat))
    }
    /// The whole state, secrets included: for debugging and analysis, not for agents.
    fn state_json(&self) -> String {
        self.inner.state_json()
    }
}

/// Many games of one spec stepped together, Python's lock released.
#[pyclass(name = "Batch", module = "tabuleiro._tabuleiro")]
struct PyBatch {
    inner: Batch,
    buffers: Buffers,
    /// The step's action ids, kept from step to step.
    ids: Vec<i64>,
}

type Arrays<'py> = (
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

/// `bytes` as the 4-byte values `T` (`f32` or `i32`, which take every bit pattern), or
/// the refusal when they are not aligned for them.
fn words<T: Copy>(bytes: &mut [u8]) -> PyResult<&mut [T]> {
    // SAFETY: only called with f32 and i32, for which any 4 bytes are a value.
    let (head, body, tail) = unsafe { bytes.align_to_mut::<T>() };
    if !head.is_empty() || !tail.is_empty() {
        return Err(PyValueError::new_err(
            "the in-place buffer is not aligned for 4-byte values",
        ));
    }
    Ok(body)
}

/// The one buffer of an in-place batch cut into its arrays: observations, agents and
/// rewards (the 4-byte values first, so that each stays aligned), then masks, ended
/// and truncated. The Python side views the same layout.
fn in_place<'a>(batch: &Batch, bytes: &'a mut [u8]) -> PyResult<Out<'a>> {
    if cfg!(target_endian = "big") {
        return Err(PyRuntimeError::new_err(
            "in-place arrays are little-endian: this machine is not",
        ));
    }
    let n = batch.games();
    let sizes = [
        n * batch.row_len() * 4,
        n * 4,
        n * batch.players() * 4,
        n * batch.action_space(),
        n,
    ];
    let want = sizes.iter().sum::<usize>() + n;
    if bytes.len() != want {
        return Err(PyValueError::new_err(format!(
            "the in-place buffer holds {} bytes, not {want}",
            bytes.len()
        )));
    }
    let (observations, rest) = bytes.split_at_mut(sizes[0]);
    let (agents, rest) = rest.split_at_mut(sizes[1]);
    let (rewards, rest) = rest.split_at_mut(sizes[2]);
    let (masks, rest) = rest.split_at_mut(sizes[3]);
    let (ended, truncated) = rest.split_at_mut(sizes[4]);
    Ok(Out {
        observations: words(observations)?,
        masks,
        agents: words(agents)?,
        rewards: words(rewards)?,
        ended,
        truncated,
    })
}

impl PyBatch {
    /// Reads the `games` little-endian int64 ids of `actions` into `self.ids`.
    fn read_ids(&mut self, actions: &[u8]) -> PyResult<()> {
        let n = self.inner.games();
        if actions.len() != n * 8 {
            return Err(PyValueError::new_err(format!(
                "a batch of {n} games takes {n} int64 action ids, got {} bytes",
                actions.len()
            )));
        }
        self.ids.clear();
        self.ids.extend(
            actions
                .chunks_exact(8)
                .map(|b| i64::from_le_bytes(b.try_into().expect("8 bytes"))),
        );
        Ok(())
    }

    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        let b = &self.buffers;
        Ok((
            floats(py, &b.observations)?,
            PyByteArray::new(py, &b.masks),
            le_bytes(py, &b.agents, i32::to_le_bytes)?,
            floats(py, &b.rewards)?,
            PyByteArray::new(py, &b.ended),
            PyByteArray::new(py, &b.truncated),
        ))
    }
}

#[pymethods]
impl PyBatch {
    #[new]
    #[pyo3(signature = (game, games, config=None, seed=0, threads=1, opponents=None, max_decisions=None, observations=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        games: usize,
        config: Option<&str>,
        seed: u64,
        threads: usize,
        opponents: Option<Vec<Option<String>>>,
        max_decisions: Option<u64>,
        observations: bool,
    ) -> PyResult<Self> {
        let spec = spec(game, config, seed, opponents);
        let mut inner = py
            .detach(|| Batch::new(&spec, games, threads))
            .map_err(PyValueError::new_err)?;
        inner.set_max_decisions(max_decisions);
        inner.set_observations(observations);
        Ok(PyBatch {
            buffers: Buffers::for_batch(&inner),
            ids: Vec::with_capacity(games),
            inner,
        })
    }

    #[getter]
    fn games(&self) -> usize {
        self.inner.games()
    }
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }
    #[getter]
    fn action_space(&self) -> usize {
        self.inner.action_space()
    }
    #[getter]
    fn observation_len(&self) -> usize {
        self.inner.observation_len()
    }
    /// One row's observation length: `observation_len`, or 0 with observations off.
    #[getter]
    fn row_len(&self) -> usize {
        self.inner.row_len()
    }

    /// The current rows: observations, masks, agents, rewards, ended, truncated.
    fn current<'py>(&mut self, py: Python<'py>) -> PyResult<Arrays<'py>> {
        self.inner
            .observe(&mut self.buffers.out())
            .map_err(PyValueError::new_err)?;
        self.arrays(py)
    }

    /// One decision in every game; `actions` holds `games` little-endian int64s.
    fn step<'py>(&mut self, py: Python<'py>, actions: &[u8]) -> PyResult<Arrays<'py>> {
        self.read_ids(actions)?;
        let (inner, buffers, ids) = (&mut self.inner, &mut self.buffers, &self.ids);
        py.detach(|| inner.step(ids, &mut buffers.out()))
            .map_err(|e| batch_error(&e))?;
        self.arrays(py)
    }

    /// The current rows written into `out`, the in-place buffer ([`in_place`]).
    fn current_in_place(&mut self, out: &Bound<'_, PyByteArray>) -> PyResult<()> {
        // SAFETY: Python's lock is held until this returns and no Python code runs
        // meanwhile, so nothing else reads, writes or resizes the bytearray.
        let bytes = unsafe { out.as_bytes_mut() };
        let mut rows = in_place(&self.inner, bytes)?;
        self.inner.observe(&mut rows).map_err(PyValueError::new_err)
    }

    /// [`PyBatch::step`] written into `out`, the in-place buffer, with no copy. Python's
    /// lock stays held (the batch's own threads run without it).
    fn step_in_place(&mut self, actions: &[u8], out: &Bound<'_, PyByteArray>) -> PyResult<()> {
        self.read_ids(actions)?;
        // SAFETY: as in `current_in_place`.
        let bytes = unsafe { out.as_bytes_mut() };
        let mut rows = in_place(&self.inner, bytes)?;
        self.inner
            .step(&self.ids, &mut rows)
            .map_err(|e| batch_error(&e))
    }
}

#[pymodule]
fn _tabuleiro(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyEnv>()?;
    m.add_class::<PyBatch>()?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    m.add("GameOverError", m.py().get_type::<GameOverError>())?;
    m.add("GAMES", tabuleiro_learn::GAMES.to_vec())?;
    Ok(())
}
