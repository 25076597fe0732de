//! The solver's part of the extension module: `golfo_native._core.Solver`, CFR on one
//! hand's tree in Rust ([`crate::tree`], [`crate::cfr`]), spoken to in plain values;
//! `golfo_native.cfr` builds golfo's objects from them.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::cfr::{Method, Solver};
use crate::python::Game;
use crate::tree::build;

/// CFR on the tree of the hand in play in a new game.
#[pyclass(module = "golfo_native._core", name = "Solver")]
pub struct PySolver {
    s: Solver,
}

type Size = (usize, usize, usize, usize, usize, usize);
type Arrays = (
    Vec<i8>,
    Vec<u32>,
    Vec<u32>,
    Vec<i32>,
    Vec<Option<Vec<i64>>>,
    Vec<(i32, i32)>,
    Vec<Vec<u32>>,
);

#[pymethods]
impl PySolver {
    /// The tree of `start`'s hand (at most `limit` histories: ValueError("limit") beyond)
    /// and a solver of `method` ("cfr+", "dcfr" with `alpha`, `beta`, `gamma`, or "cfr").
    #[new]
    fn new(
        py: Python<'_>,
        start: &Game,
        method: &str,
        alpha: f64,
        beta: f64,
        gamma: f64,
        limit: usize,
    ) -> PyResult<Self> {
        let method = match method {
            "cfr+" => Method::CfrPlus,
            "dcfr" => Method::Discounted { alpha, beta, gamma },
            "cfr" => Method::Vanilla,
            _ => return Err(PyValueError::new_err("method")),
        };
        let core = start.g.core;
        let tree = py
            .allow_threads(move || build(&core, limit))
            .map_err(|_| PyValueError::new_err("limit"))?;
        Ok(PySolver {
            s: Solver::new(tree, method),
        })
    }

    /// Run `iterations` more iterations.
    fn run(&mut self, py: Python<'_>, iterations: u64) {
        let s = &mut self.s;
        py.allow_threads(move || s.run(iterations));
    }

    /// Iterations run so far.
    #[getter]
    fn iterations(&self) -> u64 {
        self.s.iterations
    }

    /// (histories, chance nodes, decision nodes, terminals, information sets, actions).
    fn size(&self) -> Size {
        self.s.tree.size()
    }

    /// Per information set: its key.
    fn keys(&self) -> Vec<String> {
        self.s.tree.keys.clone()
    }

    /// Per information set: its seat.
    fn seats(&self) -> Vec<u8> {
        self.s.tree.seats.clone()
    }

    /// Per information set: its actions, flat (kind, seat, value), in golfo's order.
    fn actions(&self) -> Vec<Vec<(u8, i64, i64)>> {
        let flat = |a: &Vec<crate::state::Action>| a.iter().map(|x| x.flat()).collect();
        self.s.tree.actions.iter().map(flat).collect()
    }

    /// Per information set: its actions' tokens (`golfo.solve.action_token`).
    fn tokens(&self) -> Vec<Vec<String>> {
        self.s.tree.tokens.clone()
    }

    /// Per information set: the last iteration's strategy.
    fn current_strategy(&self) -> Vec<Vec<f64>> {
        (0..self.s.tree.keys.len())
            .map(|i| self.s.current(i).to_vec())
            .collect()
    }

    /// Per information set: the average strategy.
    fn average_strategy(&self) -> Vec<Vec<f64>> {
        (0..self.s.tree.keys.len())
            .map(|i| self.s.average(i))
            .collect()
    }

    /// The tree: per node player, first, count, infoset and payoffs (None but at a
    /// terminal); per information set before and nodes.
    fn tree(&self) -> Arrays {
        let t = &self.s.tree;
        let n = t.players as usize;
        let payoffs = t
            .player
            .iter()
            .zip(&t.payoffs)
            .map(|(&p, pay)| (p == crate::tree::TERMINAL).then(|| pay[..n].to_vec()))
            .collect();
        (
            t.player.clone(),
            t.first.clone(),
            t.count.clone(),
            t.infoset.clone(),
            payoffs,
            t.before.clone(),
            t.nodes.clone(),
        )
    }
}
