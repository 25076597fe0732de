//! The extension module `golfo_native._core`: a thin layer over [`crate::game::Game`] that
//! speaks in plain ints, tuples and lists; `golfo_native` (Python) builds golfo's objects.

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::game::{perft, view_events, Entry, Event, Game as RustGame};
use crate::moves::{legal_moves, Ids};
use crate::play::{play_game, play_out, Policy};
use crate::rules::Rules;
use crate::settle::winner;
use crate::state::{Action, Actor, Core, HandResult, Phase, Pot, MAX_PENDING};
use crate::variant::Variant;

type StakesArgs = (
    i64,
    i64,
    i64,
    Option<Vec<i64>>,
    bool,
    bool,
    i64,
    Option<i64>,
    bool,
    bool,
);
/// ranks, suit indices, deal sizes, discard rounds, betting rounds, cards counted, bet sizes,
/// most raises, table sizes.
type VariantArgs = (
    Vec<u8>,
    Vec<u8>,
    (u8, u8),
    u8,
    Vec<u8>,
    u8,
    Option<Vec<i64>>,
    Option<i64>,
    Vec<u8>,
);
pub(crate) type RulesArgs = (StakesArgs, VariantArgs);

fn variant_of(v: VariantArgs) -> PyResult<&'static Variant> {
    let sizes = match v.6 {
        None => None,
        Some(s) if s.len() == 4 => Some([s[0], s[1], s[2], s[3]]),
        Some(_) => return Err(PyValueError::new_err("bet_sizes: four numbers")),
    };
    Variant::new(
        &v.0,
        &v.1,
        [v.2 .0, v.2 .1],
        v.3,
        &v.4,
        v.5,
        sizes,
        v.7,
        &v.8,
    )
    .map_err(|e| PyValueError::new_err(format!("not a variant golfo plays: {}", e.0)))
}

/// A game's rules, made once from a `golfo.Rules` (the Python side keeps one per rule set) and
/// given to every new game: nothing is read from Python objects when a game starts.
#[pyclass(module = "golfo_native._core", name = "Rules")]
pub struct PyRules {
    rules: Rules,
}

#[pymethods]
impl PyRules {
    /// The rules of (stakes and length, variant); ValueError for settings golfo refuses.
    #[new]
    fn new(args: RulesArgs) -> PyResult<Self> {
        Ok(PyRules {
            rules: rules_of(args)?,
        })
    }
}

pub(crate) fn rules_of(args: RulesArgs) -> PyResult<Rules> {
    let (r, v) = args;
    let caps = match r.3 {
        None => None,
        Some(c) if c.len() == 4 => Some([c[0], c[1], c[2], c[3]]),
        Some(_) => return Err(PyValueError::new_err("round_caps: four numbers")),
    };
    Ok(Rules {
        ante: r.0,
        min_open: r.1,
        min_raise: r.2,
        round_caps: caps,
        discards_face_up: r.4,
        deal_in_pairs: r.5,
        starting_stack: r.6,
        hands: r.7,
        rebuy: r.8,
        extra_hands_on_tie: r.9,
        variant: variant_of(v)?,
    })
}

fn actor_code(a: Actor) -> i64 {
    match a {
        Actor::Seat(s) => s as i64,
        Actor::Chance => -1,
        Actor::Nobody => -2,
    }
}

fn mask_of(seats: &[u8]) -> u8 {
    seats.iter().fold(0, |m, &s| m | 1 << s)
}

fn seats_of(mask: u8, players: u8) -> Vec<u8> {
    (0..players).filter(|&s| mask >> s & 1 == 1).collect()
}

fn fixed<T: Copy + Default>(values: &[T]) -> PyResult<[T; 4]> {
    if values.len() > 4 {
        return Err(PyValueError::new_err("at most four seats"));
    }
    let mut out = [T::default(); 4];
    out[..values.len()].copy_from_slice(values);
    Ok(out)
}

type PotArgs = (i64, Vec<u8>, u8);
type SeatArgs = (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>);
type Refusal = (&'static str, &'static str, Vec<(&'static str, i64)>);
type ResultArgs = (
    i64,
    u8,
    Vec<u8>,
    Vec<i64>,
    Vec<PotArgs>,
    Vec<i64>,
    Vec<Option<u32>>,
    bool,
    bool,
    u8,
);

fn result_tuple(py: Python<'_>, r: &HandResult, players: u8) -> PyObject {
    let n = players as usize;
    let pots: Vec<PyObject> = r
        .pots()
        .iter()
        .map(|p| (p.amount, p.eligible().to_vec(), p.winner).into_py(py))
        .collect();
    (
        r.hand_number,
        r.dealer,
        r.dealt_in().to_vec(),
        r.payoffs[..n].to_vec(),
        pots,
        r.returned[..n].to_vec(),
        r.shown[..n]
            .iter()
            .map(|&m| (m != 0).then_some(m))
            .collect::<Vec<_>>(),
        r.showdown,
        r.trabuco,
        r.ended_in as u8,
    )
        .into_py(py)
}

fn result_of(r: ResultArgs) -> PyResult<HandResult> {
    let mut pots = [Pot::default(); 4];
    if r.4.len() > 4 {
        return Err(PyValueError::new_err("at most four pots"));
    }
    for (i, (amount, eligible, winner)) in r.4.iter().enumerate() {
        pots[i] = Pot {
            amount: *amount,
            eligible: fixed(eligible)?,
            n_eligible: eligible.len() as u8,
            winner: *winner,
        };
    }
    Ok(HandResult {
        hand_number: r.0,
        dealer: r.1,
        dealt_in: fixed(&r.2)?,
        n_dealt: r.2.len() as u8,
        payoffs: fixed(&r.3)?,
        pots,
        n_pots: r.4.len() as u8,
        returned: fixed(&r.5)?,
        shown: fixed(&r.6.iter().map(|m| m.unwrap_or(0)).collect::<Vec<_>>())?,
        showdown: r.7,
        trabuco: r.8,
        ended_in: phase_of(r.9)?,
    })
}

fn phase_of(i: u8) -> PyResult<Phase> {
    Phase::ALL
        .get(i as usize)
        .copied()
        .ok_or_else(|| PyValueError::new_err("bad phase"))
}

/// One game of El Golfo with its history, in Rust.
#[pyclass(module = "golfo_native._core")]
#[derive(Clone)]
pub struct Game {
    pub(crate) g: RustGame,
    /// The ids' buffer, reused by `legal_ids` (no allocation once grown).
    ids: Vec<i64>,
}

impl Game {
    /// A Python game of a Rust one.
    pub(crate) fn wrap(g: RustGame) -> Self {
        Game { g, ids: Vec::new() }
    }
}

#[pymethods]
impl Game {
    /// A new game; ValueError("fewer") or ValueError("dealer") for R17's refusals.
    #[staticmethod]
    fn new_game(
        rules: &PyRules,
        players: u8,
        dealer: u8,
        stacks: Option<Vec<i64>>,
    ) -> PyResult<Self> {
        let rules = rules.rules;
        if !rules.variant.seats_allowed(players)
            || dealer >= players
            || stacks.as_ref().is_some_and(|s| s.len() != players as usize)
        {
            return Err(PyValueError::new_err(
                "not a table these rules are played at",
            ));
        }
        match Core::new_game(rules, players, dealer, stacks.as_deref()) {
            Ok(core) => Ok(Game {
                g: RustGame::new(core),
                ids: Vec::new(),
            }),
            Err(crate::state::NewGameError::TooFewSeats) => Err(PyValueError::new_err("fewer")),
            Err(crate::state::NewGameError::DealerOut(_)) => Err(PyValueError::new_err("dealer")),
        }
    }

    /// A game from every field of a `golfo.State` (see `golfo_native._convert`).
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn from_fields(
        rules: &PyRules,
        ints: (u8, u8, i64, u8, i64, u64, u8, u8, u8),
        seats: SeatArgs,
        dealt_in: Vec<u8>,
        cards: (Vec<u32>, u32, u32, u32),
        pending: Vec<u8>,
        folded: Vec<u8>,
        out: Vec<u8>,
        log: Vec<(u8, i64, i64, i8)>,
        results: Vec<ResultArgs>,
    ) -> PyResult<Self> {
        let (players, dealer, hand_number, phase, to_act, version, needs, first_dealer, _) = ints;
        if pending.len() > MAX_PENDING || dealt_in.is_empty() && !results.is_empty() {
            return Err(PyValueError::new_err("not a state golfo can reach"));
        }
        let mut core = Core::new_game(Rules::TRADICIONAL, 3, 0, None).expect("a new game");
        core.rules = rules.rules;
        core.players = players;
        core.dealer = dealer;
        core.first_dealer = first_dealer;
        core.hand_number = hand_number;
        core.phase = phase_of(phase)?;
        core.to_act = match to_act {
            -1 => Actor::Chance,
            -2 => Actor::Nobody,
            s => Actor::Seat(s as u8),
        };
        core.stacks = fixed(&seats.0)?;
        core.bets = fixed(&seats.1)?;
        core.committed = fixed(&seats.2)?;
        core.rebuys = fixed(&seats.3)?;
        core.initial_stacks = fixed(&seats.4)?;
        core.folded = mask_of(&folded);
        core.out = mask_of(&out);
        core.needs = needs;
        core.dealt_in = fixed(&dealt_in)?;
        core.n_dealt = dealt_in.len() as u8;
        core.hands = fixed(&cards.0)?;
        core.stock = cards.1;
        core.discards = cards.2;
        core.dead = cards.3;
        core.set_pending(pending.iter().copied());
        core.version = version;
        let mut entries = Vec::with_capacity(log.len());
        for (kind, seat, value, actor) in log {
            let action = Action::from_flat(kind, seat, value)
                .ok_or_else(|| PyValueError::new_err("bad action kind"))?;
            entries.push(Entry { action, actor });
        }
        // the raises of the betting round in play: back to the last action that is not a
        // betting action (a deal or a discard: every betting round follows one)
        core.raises = 0;
        for e in entries.iter().rev() {
            match e.action {
                Action::Raise(..) => core.raises += 1,
                Action::Pass(_) | Action::Bet(..) | Action::Call(_) | Action::Fold(_) => {}
                _ => break,
            }
        }
        // each seat's discards of the hand in play, from the history back to its NextHand
        for e in entries.iter().rev() {
            match e.action {
                Action::NextHand => break,
                Action::Discard(_, Some(mask)) if (0..4).contains(&e.actor) => {
                    core.seat_discards[e.actor as usize] |= mask;
                    core.discard_rounds[e.actor as usize] += 1;
                }
                _ => {}
            }
        }
        let results = results
            .into_iter()
            .map(result_of)
            .collect::<PyResult<Vec<_>>>()?;
        core.results = results.len() as u32;
        if let Some(last) = results.last() {
            core.last_mano = last.dealt_in[0];
            core.last = *last;
        }
        Ok(Game {
            g: RustGame {
                core,
                log: entries,
                results,
            },
            ids: Vec::new(),
        })
    }

    /// A copy (the history is copied too).
    fn copy(&self) -> Self {
        self.clone()
    }

    /// Apply (kind, seat, value) in place: None, or the refusal (rule, code, facts) with
    /// the state unchanged.
    fn play(&mut self, kind: u8, seat: i64, value: i64) -> PyResult<Option<Refusal>> {
        let action = Action::from_flat(kind, seat, value)
            .ok_or_else(|| PyValueError::new_err("bad action kind"))?;
        Ok(self
            .g
            .play(action)
            .err()
            .map(|e| (e.rule, e.code.name(), e.facts())))
    }

    /// Every field but the history and results, in `golfo.State`'s order.
    fn fields(&self, py: Python<'_>) -> PyObject {
        let c = &self.g.core;
        let n = c.players as usize;
        let items: Vec<PyObject> = vec![
            c.players.into_py(py),
            c.dealer.into_py(py),
            c.hand_number.into_py(py),
            (c.phase as u8).into_py(py),
            actor_code(c.to_act).into_py(py),
            c.stacks[..n].to_vec().into_py(py),
            c.bets[..n].to_vec().into_py(py),
            c.committed[..n].to_vec().into_py(py),
            seats_of(c.folded, c.players).into_py(py),
            c.dealt().to_vec().into_py(py),
            c.hands[..n].to_vec().into_py(py),
            c.stock.into_py(py),
            c.discards.into_py(py),
            c.dead.into_py(py),
            c.pending().to_vec().into_py(py),
            c.needs.into_py(py),
            c.rebuys[..n].to_vec().into_py(py),
            seats_of(c.out, c.players).into_py(py),
            c.initial_stacks[..n].to_vec().into_py(py),
            c.first_dealer.into_py(py),
            c.version.into_py(py),
        ];
        PyTuple::new(py, items).into_py(py)
    }

    /// The history: (kind, seat, value, actor) per action, oldest first.
    fn log(&self) -> Vec<(u8, i64, i64, i8)> {
        self.g
            .log
            .iter()
            .map(|e| {
                let (k, s, v) = e.action.flat();
                (k, s, v, e.actor)
            })
            .collect()
    }

    /// The number of entries in the history.
    fn log_len(&self) -> usize {
        self.g.log.len()
    }

    /// The results of hands `start..`, as tuples.
    fn results(&self, py: Python<'_>, start: usize) -> Vec<PyObject> {
        let players = self.g.core.players;
        self.g
            .results
            .iter()
            .skip(start)
            .map(|r| result_tuple(py, r, players))
            .collect()
    }

    fn results_len(&self) -> usize {
        self.g.results.len()
    }

    /// The legal moves: (actor, can_pass, can_fold, call, bets, raises, discard_max,
    /// discard_from, deals, next_hand, end_game); ranges as (low, stop).
    #[allow(clippy::type_complexity)]
    fn moves(
        &self,
    ) -> (
        i64,
        bool,
        bool,
        Option<i64>,
        (i64, i64),
        (i64, i64),
        Option<u8>,
        u32,
        u32,
        bool,
        bool,
    ) {
        let m = legal_moves(&self.g.core);
        (
            actor_code(m.actor),
            m.can_pass,
            m.can_fold,
            m.call,
            m.bets,
            m.raises,
            m.discard_max,
            m.discard_from,
            m.deals,
            m.next_hand,
            m.end_game,
        )
    }

    /// The legal ids of `ActionCodec.for_rules(rules, players)` built with `max_amount` (the
    /// discard ids of the game's variant); chance: the card indices of the stock.
    /// OverflowError(amount) when an amount has no id.
    fn legal_ids(&mut self, max_amount: i64) -> PyResult<Vec<i64>> {
        let ids = Ids::new(max_amount, self.g.core.rules.variant);
        match ids.legal(&self.g.core, &mut self.ids) {
            Ok(()) => Ok(self.ids.clone()),
            Err(amount) => Err(PyOverflowError::new_err(amount)),
        }
    }

    /// Apply the action of a legal id in place; False (nothing changed) if it is not legal.
    fn apply_id(&mut self, max_amount: i64, id: i64) -> bool {
        match Ids::new(max_amount, self.g.core.rules.variant).decode(&self.g.core, id) {
            Some(action) => self.g.play(action).is_ok(),
            None => false,
        }
    }

    /// The flat action of a legal id, or None.
    fn decode_id(&self, max_amount: i64, id: i64) -> Option<(u8, i64, i64)> {
        Ids::new(max_amount, self.g.core.rules.variant)
            .decode(&self.g.core, id)
            .map(Action::flat)
    }

    /// Perft from here (chance deals the first card of `deck`, as indices, in the stock).
    fn perft(&self, py: Python<'_>, depth: u32, deck: Vec<u8>) -> u64 {
        let core = self.g.core;
        py.allow_threads(move || perft(&core, depth, &deck))
    }

    /// The hand's events as `seat` may know them: (0, seat, card|None) for a deal,
    /// (1, seat, count, mask|None) for a discard, (2, kind, seat, value) for the rest.
    fn view_events(&self, py: Python<'_>, seat: Option<u8>) -> Vec<PyObject> {
        view_events(&self.g, seat)
            .into_iter()
            .map(|e| match e {
                Event::Dealt { seat, card } => (0u8, seat, card).into_py(py),
                Event::Discarded { seat, count, cards } => (1u8, seat, count, cards).into_py(py),
                Event::Other(a) => {
                    let (k, s, v) = a.flat();
                    (2u8, k, s, v).into_py(py)
                }
            })
            .collect()
    }

    /// golfo's `HeuristicBot` choice for the seat to act, flat, or None.
    fn heuristic_action(&self) -> Option<(u8, i64, i64)> {
        crate::policy::heuristic_action(&self.g.core).map(Action::flat)
    }

    /// golfo's `RangeBot` (so `StrongBot`) choice for the seat to act (its Monte Carlo play-outs drawn with a
    /// generator seeded with `seed`; `samples` of them), flat, or None.
    #[args(samples = "120")]
    fn range_action(&self, seed: u64, samples: u32) -> Option<(u8, i64, i64)> {
        let ev = crate::range::Evidence::of_log(&self.g.log);
        let params = crate::range::Params {
            samples: samples.max(1),
            ..Default::default()
        };
        let mut rng = crate::play::SplitMix64(seed);
        crate::range::range_action(&self.g.core, &ev, &mut rng, &params).map(Action::flat)
    }

    /// `golfo.RangeBot`'s weighted equity for the seat to act (see `range_action`).
    #[args(samples = "120")]
    fn range_equity(&self, seed: u64, samples: u32) -> Option<f64> {
        let Actor::Seat(s) = self.g.core.to_act else {
            return None;
        };
        let ev = crate::range::Evidence::of_log(&self.g.log);
        let params = crate::range::Params {
            samples: samples.max(1),
            ..Default::default()
        };
        let mut rng = crate::play::SplitMix64(seed);
        Some(crate::range::equity(
            &self.g.core,
            s as usize,
            &ev,
            &mut rng,
            &params,
        ))
    }

    /// `golfo.standings(state).winner`.
    fn winner(&self) -> Option<u8> {
        winner(&self.g.core)
    }

    #[getter]
    fn phase(&self) -> u8 {
        self.g.core.phase as u8
    }

    #[getter]
    fn to_act(&self) -> i64 {
        actor_code(self.g.core.to_act)
    }

    #[getter]
    fn version(&self) -> u64 {
        self.g.core.version
    }

    /// Whether both games are the same (state, history and results).
    fn equals(&self, other: &Game) -> bool {
        self.g == other.g
    }
}

/// Switch on a deliberate bug by name ("" or "none": off); False for an unknown name.
#[pyfunction]
fn set_bug(name: &str) -> bool {
    crate::bugs::set(name)
}

/// The bug switched on, or None.
#[pyfunction]
fn active_bug() -> Option<&'static str> {
    crate::bugs::active()
}

/// The names of the deliberate bugs.
#[pyfunction]
fn bug_names() -> Vec<&'static str> {
    crate::bugs::NAMES.iter().map(|(n, _)| *n).collect()
}

/// The policies of names (`"random"`, `"heuristic"`, `"range"`, `"net:K"`), one or one per
/// seat.
pub(crate) fn policies_of(names: &[String]) -> PyResult<Vec<Policy>> {
    if names.is_empty() {
        return Err(PyValueError::new_err("no policy given"));
    }
    names
        .iter()
        .map(|n| {
            Policy::of_name(n).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "a built-in policy is 'random', 'heuristic', 'range' or 'net:K' (a \
                     registered network), got {n:?}"
                ))
            })
        })
        .collect()
}

/// `n` games from one start (seats with built-in policies, chance at random), game k seeded
/// with `seed + k`, as one buffer of little-endian i64: per game, in this order, hands,
/// actions, winner (or -1), then per seat stacks, nets and rebuys (`3 + 3 * players`
/// numbers).  One buffer, not a list of tuples: NumPy reads it as it is, and building a
/// Python object per number would cost as much as playing the games.
#[pyfunction]
fn play_random_games(
    py: Python<'_>,
    start: &Game,
    n: u64,
    seed: u64,
    policies: Vec<String>,
    max_hands: i64,
    max_actions: u64,
) -> PyResult<PyObject> {
    let policies = policies_of(&policies)?;
    let core = start.g.core;
    let players = core.players as usize;
    let bytes = py.allow_threads(move || {
        let mut out: Vec<u8> = Vec::with_capacity(n as usize * (3 + 3 * players) * 8);
        for k in 0..n {
            let o = play_game(
                &core,
                seed.wrapping_add(k),
                &policies,
                max_hands,
                max_actions,
            );
            let head = [o.hands, o.actions as i64, o.winner.map_or(-1, i64::from)];
            let seats = o.stacks[..players]
                .iter()
                .chain(&o.nets[..players])
                .chain(&o.rebuys[..players]);
            for x in head.iter().chain(seats) {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    });
    Ok(pyo3::types::PyBytes::new(py, &bytes).into())
}

/// Game k of `play_random_games` (seeded with `seed`, the same policy), played on a copy
/// of `start` with its history kept: the game itself, for a record.
#[pyfunction]
fn play_random_game(
    py: Python<'_>,
    start: &Game,
    seed: u64,
    policies: Vec<String>,
    max_hands: i64,
    max_actions: u64,
) -> PyResult<Game> {
    let policies = policies_of(&policies)?;
    let mut g = start.g.clone();
    py.allow_threads(|| play_out(&mut g, seed, &policies, max_hands, max_actions));
    Ok(Game { g, ids: Vec::new() })
}

#[pymodule]
fn _core(_py: Python<'_>, m: &PyModule) -> PyResult<()> {
    m.add_class::<Game>()?;
    m.add_class::<PyRules>()?;
    m.add_function(wrap_pyfunction!(set_bug, m)?)?;
    m.add_function(wrap_pyfunction!(active_bug, m)?)?;
    m.add_function(wrap_pyfunction!(bug_names, m)?)?;
    m.add_function(wrap_pyfunction!(play_random_games, m)?)?;
    m.add_function(wrap_pyfunction!(play_random_game, m)?)?;
    crate::solve::python::register(m)?;
    crate::vecenv_py::register(m)?;
    crate::net_py::register(m)?;
    Ok(())
}
