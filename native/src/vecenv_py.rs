//! The observation and vector-environment part of `golfo_native._core`: `Encoder` (the
//! vectors of `golfo.ext.features`, from a native game), `VecEnv` (N games stepped together,
//! filling NumPy arrays through the buffer protocol: no Python object per game or step),
//! `info_state_string` and `info_state_census`.  `golfo_native.NativeEncoder` and
//! `golfo_native.VecEnv` (Python) build these from golfo's objects.

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::moves::Ids;
use crate::observe::{census, info_state_string as info_string, Encoder};
use crate::python::{rules_of, Game, RulesArgs};
use crate::rules::Rules;
use crate::vecenv::{Config, EnvError, Out, Seat, Table, VecEnv};

/// (kind, scale, private, public, history, hands, raises): kind 0 for
/// `ObservationEncoder`, 1 for `InfoStateEncoder`.
type EncoderArgs = (u8, f64, bool, bool, bool, usize, usize);

fn encoder_of(rules: RulesArgs, players: u8, spec: EncoderArgs) -> PyResult<Encoder> {
    let rules = rules_of(rules)?;
    if !rules.variant.seats_allowed(players) {
        return Err(PyValueError::new_err(
            "not a table these rules are played at",
        ));
    }
    let (kind, scale, private, public, history, hands, raises) = spec;
    Ok(match kind {
        0 => Encoder::observation(&rules, players, scale, private, public, history),
        _ => Encoder::info_state(&rules, players, scale, hands, raises),
    })
}

/// The vectors of `golfo.ext.features.ObservationEncoder` or `InfoStateEncoder`.
#[pyclass(module = "golfo_native._core", name = "Encoder")]
pub struct PyEncoder {
    enc: Encoder,
    players: u8,
    rules: Rules,
}

fn check_seat(players: u8, seat: Option<u8>) -> PyResult<()> {
    match seat {
        Some(s) if s >= players => Err(PyValueError::new_err("no such seat")),
        _ => Ok(()),
    }
}

/// A writable C-contiguous buffer of `len` items of `T` and its first item.
fn writable<T: Element>(obj: &PyAny, len: usize, what: &str) -> PyResult<(PyBuffer<T>, usize)> {
    let buf = PyBuffer::<T>::get(obj).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    if buf.readonly() || !buf.is_c_contiguous() || buf.item_count() != len {
        return Err(PyValueError::new_err(format!(
            "{what}: a writable C-contiguous array of {len} items of the right type"
        )));
    }
    let at = buf.buf_ptr() as usize;
    Ok((buf, at))
}

/// # Safety
/// `at` is the start of a live buffer of `len` items of `T` that nothing else uses now.
unsafe fn slice<'a, T>(at: usize, len: usize) -> &'a mut [T] {
    std::slice::from_raw_parts_mut(at as *mut T, len)
}

impl PyEncoder {
    /// A seat of this table and a game of the same table size and deck, hands and rounds
    /// (another variant's game would be read with the wrong layout).
    fn check(&self, game: &Game, seat: Option<u8>) -> PyResult<()> {
        check_seat(self.players, seat)?;
        if game.g.core.players != self.players {
            return Err(PyValueError::new_err("a game at another table size"));
        }
        if game.g.core.rules.variant != self.rules.variant {
            return Err(PyValueError::new_err(
                "a game of another variant (deck, deals or rounds) than the encoder's",
            ));
        }
        Ok(())
    }
}

#[pymethods]
impl PyEncoder {
    #[new]
    fn new(rules: RulesArgs, players: u8, spec: EncoderArgs) -> PyResult<Self> {
        let rules_now = rules_of(rules.clone())?;
        Ok(PyEncoder {
            enc: encoder_of(rules, players, spec)?,
            players,
            rules: rules_now,
        })
    }

    #[getter]
    fn size(&self) -> usize {
        self.enc.size()
    }

    /// The vector of `seat` (None: public) in `game`, as Python floats.
    fn encode(&self, game: &Game, seat: Option<u8>) -> PyResult<Vec<f64>> {
        self.check(game, seat)?;
        let mut out = vec![0f64; self.enc.size()];
        self.enc.encode(&game.g, seat, &mut out);
        Ok(out)
    }

    /// The vector into `out`, a writable float32 array of `size` items.
    fn encode_into(&self, game: &Game, seat: Option<u8>, out: &PyAny) -> PyResult<()> {
        self.check(game, seat)?;
        let (_buf, at) = writable::<f32>(out, self.enc.size(), "out")?;
        // SAFETY: the buffer is held (`_buf`) and the GIL too while it is written
        let cells = unsafe { slice::<f32>(at, self.enc.size()) };
        self.enc.encode(&game.g, seat, cells);
        Ok(())
    }
}

/// `golfo.ext.features.info_state_string` of a native game.
#[pyfunction]
fn info_state_string(game: &Game, seat: Option<u8>) -> String {
    let mut out = String::new();
    info_string(&game.g, seat, &mut out);
    out
}

/// Random games from `start` until `states` (state, seat) pairs are seen: the numbers of
/// pairs, distinct information-state strings, distinct vectors and distinct pairs of both.
#[pyfunction]
fn info_state_census(
    py: Python<'_>,
    encoder: &PyEncoder,
    start: &Game,
    states: u64,
    seed: u64,
    max_hands: i64,
) -> (u64, u64, u64, u64) {
    let enc = encoder.enc.clone();
    let game = start.g.clone();
    let c = py.allow_threads(move || census(&enc, &game, states, seed, max_hands));
    (c.states, c.strings, c.vectors, c.pairs)
}

/// A table as (key, [(token, probability)]) rows.
type TableArgs = Vec<(String, Vec<(String, f64)>)>;

/// N games stepped together (see `golfo_native.VecEnv`).
#[pyclass(module = "golfo_native._core", name = "VecEnv")]
pub struct PyVecEnv {
    env: VecEnv,
    players: usize,
}

struct Buffers {
    obs: usize,
    mask: usize,
    to_act: usize,
    rewards: usize,
    done: usize,
}

impl PyVecEnv {
    #[allow(clippy::type_complexity)]
    fn buffers(
        &self,
        obs: &PyAny,
        mask: &PyAny,
        to_act: &PyAny,
        rewards: &PyAny,
        done: &PyAny,
    ) -> PyResult<(
        Buffers,
        (
            PyBuffer<f32>,
            PyBuffer<u8>,
            PyBuffer<i64>,
            PyBuffer<f32>,
            PyBuffer<u8>,
        ),
    )> {
        let n = self.env.len();
        let (a, obs) = writable::<f32>(obs, n * self.env.obs_size(), "obs")?;
        let (b, mask) = writable::<u8>(mask, n * self.env.num_actions(), "mask")?;
        let (c, to_act) = writable::<i64>(to_act, n, "to_act")?;
        let (d, rewards) = writable::<f32>(rewards, n * self.players, "rewards")?;
        let (e, done) = writable::<u8>(done, n, "done")?;
        Ok((
            Buffers {
                obs,
                mask,
                to_act,
                rewards,
                done,
            },
            (a, b, c, d, e),
        ))
    }

    fn out(&self, b: &Buffers) -> Out<'static> {
        let n = self.env.len();
        // SAFETY: the buffers are held by the caller for as long as the result is used
        unsafe {
            Out {
                obs: slice(b.obs, n * self.env.obs_size()),
                mask: slice(b.mask, n * self.env.num_actions()),
                to_act: slice(b.to_act, n),
                rewards: slice(b.rewards, n * self.players),
                done: slice(b.done, n),
            }
        }
    }
}

fn env_error(e: EnvError) -> PyErr {
    match e {
        EnvError::Illegal { slot, id } => PyValueError::new_err(("illegal", slot, id)),
        EnvError::NoLearner => PyRuntimeError::new_err(
            "10,000 games in a row ended with no learning seat acting: make a seat that is \
             dealt in learn",
        ),
    }
}

#[pymethods]
impl PyVecEnv {
    /// `n` games; `seats` per seat: -1 learning, -2 random, -3 heuristic, -4 range, -5 equity,
    /// -100 - k the registered network k, t >= 0 table t;
    /// `games` (seed, offset, stride); `ids` (max_amount, discard_ids); `menu`: the
    /// network's features, menu mask and menu actions (`observation="net"`).
    #[new]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: RulesArgs,
        players: u8,
        n: usize,
        seats: Vec<i64>,
        tables: Vec<TableArgs>,
        dealer: Option<u8>,
        games: (u64, u64, u64),
        max_hands: i64,
        encoder: EncoderArgs,
        ids: (i64, i64),
        menu: bool,
    ) -> PyResult<Self> {
        let enc = encoder_of(rules.clone(), players, encoder)?;
        let rules = rules_of(rules)?;
        let seats = seats
            .iter()
            .map(|&k| match k {
                -1 => Ok(Seat::Learner),
                -2 => Ok(Seat::Random),
                -3 => Ok(Seat::Heuristic),
                -4 => Ok(Seat::Range),
                -5 => Ok(Seat::Equity),
                k if k <= -100 => Ok(Seat::Net((-100 - k) as usize)),
                t if t >= 0 => Ok(Seat::Table(t as usize)),
                _ => Err(PyValueError::new_err("bad seat kind")),
            })
            .collect::<PyResult<Vec<_>>>()?;
        let tables = tables
            .into_iter()
            .map(|rows| Table {
                entries: rows.into_iter().collect(),
            })
            .collect();
        if dealer.is_some_and(|d| d >= players) {
            return Err(PyValueError::new_err("no such dealer"));
        }
        let cfg = Config {
            rules,
            players,
            seats,
            tables,
            dealer,
            seed: games.0,
            offset: games.1,
            stride: games.2,
            max_hands,
            menu,
        };
        let codec = Ids {
            max_amount: ids.0,
            discards: ids.1,
        };
        let env = VecEnv::new(cfg, enc, codec, n).map_err(PyValueError::new_err)?;
        Ok(PyVecEnv {
            env,
            players: players as usize,
        })
    }

    #[getter]
    fn obs_size(&self) -> usize {
        self.env.obs_size()
    }

    #[getter]
    fn num_actions(&self) -> usize {
        self.env.num_actions()
    }

    /// Start every game anew, writing the first decisions into the arrays.
    fn reset(
        &mut self,
        py: Python<'_>,
        obs: &PyAny,
        mask: &PyAny,
        to_act: &PyAny,
        rewards: &PyAny,
        done: &PyAny,
    ) -> PyResult<()> {
        let (b, held) = self.buffers(obs, mask, to_act, rewards, done)?;
        let out = self.out(&b);
        let env = &mut self.env;
        let result = py.allow_threads(move || env.reset(out));
        drop(held);
        result.map_err(env_error)
    }

    /// Play `actions` (int64, one id per game) and write the next decisions; ValueError
    /// ("illegal", slot, id) and nothing played when an id is not legal.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: &PyAny,
        obs: &PyAny,
        mask: &PyAny,
        to_act: &PyAny,
        rewards: &PyAny,
        done: &PyAny,
    ) -> PyResult<()> {
        let n = self.env.len();
        let given = PyBuffer::<i64>::get(actions)
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        if !given.is_c_contiguous() || given.item_count() != n {
            return Err(PyValueError::new_err(
                "actions: a C-contiguous int64 array, one id per game",
            ));
        }
        let ids: Vec<i64> = given.to_vec(py)?;
        let (b, held) = self.buffers(obs, mask, to_act, rewards, done)?;
        let out = self.out(&b);
        let env = &mut self.env;
        let result = py.allow_threads(move || env.step(&ids, out));
        drop(held);
        result.map_err(env_error)
    }

    /// The number of each slot's game.
    fn game_numbers(&self) -> Vec<u64> {
        (0..self.env.len())
            .map(|i| self.env.slot(i).number)
            .collect()
    }

    /// A copy of slot `i`'s game (its history too).
    fn game(&self, i: usize) -> PyResult<Game> {
        if i >= self.env.len() {
            return Err(PyValueError::new_err("no such slot"));
        }
        Ok(Game::wrap(self.env.slot(i).game.clone()))
    }

    /// Games started since the last reset.
    #[getter]
    fn started(&self) -> u64 {
        self.env.started()
    }
}

/// Add this part to the module.
pub fn register(m: &PyModule) -> PyResult<()> {
    m.add_class::<PyEncoder>()?;
    m.add_class::<PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(info_state_string, m)?)?;
    m.add_function(wrap_pyfunction!(info_state_census, m)?)?;
    Ok(())
}
