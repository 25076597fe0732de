//! The solver's part of `golfo_native._core`: `SolveTree` and `CfrSolver`, in plain ints,
//! strings and flat lists of floats (`golfo_native.SolveTree` and `golfo.solve` build
//! golfo's objects from them). The long work runs without the GIL.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::cfr::{Method, Solver};
use super::tree::{action_token, Tree, TreeError};
use crate::python::{rules_of, RulesArgs};

/// The tree of one hand (`golfo.solve.GameTree`'s nodes, information sets and keys).
#[pyclass(module = "golfo_native._core")]
pub struct SolveTree {
    tree: Arc<Tree>,
}

impl SolveTree {
    fn check(&self, strategy: &[f64]) -> PyResult<()> {
        let want = *self.tree.offset.last().unwrap_or(&0) as usize;
        if strategy.len() != want {
            return Err(PyValueError::new_err(format!(
                "a strategy of this tree has {want} probabilities, got {}",
                strategy.len()
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl SolveTree {
    /// Build the tree; ValueError("limit") beyond `limit` histories, ValueError for a table
    /// the rules are not played at.
    #[new]
    fn new(
        py: Python<'_>,
        rules: RulesArgs,
        players: u8,
        dealer: u8,
        limit: usize,
    ) -> PyResult<Self> {
        let rules = rules_of(rules)?;
        match py.allow_threads(|| Tree::build(rules, players, dealer, limit)) {
            Ok(tree) => Ok(SolveTree {
                tree: Arc::new(tree),
            }),
            Err(TreeError::TooBig(_)) => Err(PyValueError::new_err("limit")),
            Err(TreeError::NoGame) => Err(PyValueError::new_err(
                "not a table these rules are played at",
            )),
            Err(TreeError::NotPerfectRecall(key)) => Err(PyRuntimeError::new_err(format!(
                "the states of information set {key:?} differ"
            ))),
        }
    }

    #[getter]
    fn players(&self) -> usize {
        self.tree.players
    }

    #[getter]
    fn dealer(&self) -> u8 {
        self.tree.dealer
    }

    /// (histories, chance, decisions, terminals, infosets, actions).
    fn size(&self) -> (usize, usize, usize, usize, usize, usize) {
        let s = self.tree.size();
        (
            s.histories,
            s.chance,
            s.decisions,
            s.terminals,
            s.infosets,
            s.actions,
        )
    }

    /// Per information set, its key.
    fn keys(&self) -> Vec<String> {
        self.tree.keys.clone()
    }

    /// Per information set, the seat to act.
    fn seats(&self) -> Vec<u8> {
        self.tree.seats.clone()
    }

    /// Per information set, its actions' tokens (`golfo.solve.action_token`).
    fn tokens(&self) -> Vec<Vec<String>> {
        self.tree
            .actions
            .iter()
            .map(|a| a.iter().map(|&x| action_token(x)).collect())
            .collect()
    }

    /// Per information set, its actions in their flat form (kind, seat, value).
    fn actions(&self) -> Vec<Vec<(u8, i64, i64)>> {
        self.tree
            .actions
            .iter()
            .map(|a| a.iter().map(|&x| x.flat()).collect())
            .collect()
    }

    /// Per information set, where its seat acted last and the action it took.
    fn before(&self) -> Vec<(i32, i32)> {
        self.tree.before.clone()
    }

    /// Per information set, where its probabilities start in a flat strategy, and one more.
    fn offsets(&self) -> Vec<u32> {
        self.tree.offset.clone()
    }

    /// Per node: (player, first, count, infoset).
    fn nodes(&self) -> (Vec<i8>, Vec<u32>, Vec<u32>, Vec<i32>) {
        let t = &self.tree;
        (
            t.player.clone(),
            t.first.clone(),
            t.count.clone(),
            t.infoset.clone(),
        )
    }

    /// Per node, a terminal's payoffs (an empty list elsewhere).
    fn payoffs(&self) -> Vec<Vec<i64>> {
        let t = &self.tree;
        (0..t.player.len())
            .map(|n| {
                if t.player[n] == super::TERMINAL {
                    (0..t.players).map(|s| t.payoff(n, s)).collect()
                } else {
                    Vec::new()
                }
            })
            .collect()
    }

    /// Per information set, its decision nodes.
    fn set_nodes(&self) -> Vec<Vec<u32>> {
        self.tree.nodes.clone()
    }

    /// Each seat's expected payoff under a flat strategy.
    fn strategy_values(&self, py: Python<'_>, strategy: Vec<f64>) -> PyResult<Vec<f64>> {
        self.check(&strategy)?;
        let tree = &self.tree;
        Ok(py.allow_threads(|| super::strategy_values(tree, &strategy)))
    }

    /// `seat`'s best response to a flat strategy: its value and per set the action taken.
    fn response(
        &self,
        py: Python<'_>,
        strategy: Vec<f64>,
        seat: usize,
    ) -> PyResult<(f64, Vec<i32>)> {
        self.check(&strategy)?;
        if seat >= self.tree.players {
            return Err(PyValueError::new_err("no such seat"));
        }
        let tree = &self.tree;
        Ok(py.allow_threads(|| super::response(tree, &strategy, seat)))
    }

    /// The tree as a Gambit EFG file's text.
    fn efg(&self, py: Python<'_>, name: &str) -> String {
        let tree = &self.tree;
        py.allow_threads(|| super::efg::efg(tree, name))
    }
}

/// A CFR solver on a `SolveTree` (`golfo.solve.Solver`'s methods and arithmetic).
#[pyclass(module = "golfo_native._core")]
pub struct CfrSolver {
    solver: Solver,
}

#[pymethods]
impl CfrSolver {
    /// ValueError for a method that is not "cfr+", "dcfr" or "cfr".
    #[new]
    fn new(tree: &SolveTree, method: &str, alpha: f64, beta: f64, gamma: f64) -> PyResult<Self> {
        let Some(method) = Method::named(method) else {
            return Err(PyValueError::new_err(format!("no CFR method {method:?}")));
        };
        Ok(CfrSolver {
            solver: Solver::new(Arc::clone(&tree.tree), method, alpha, beta, gamma),
        })
    }

    /// Run `iterations` more iterations.
    fn run(&mut self, py: Python<'_>, iterations: u64) {
        let solver = &mut self.solver;
        py.allow_threads(|| solver.run(iterations));
    }

    #[getter]
    fn iterations(&self) -> u64 {
        self.solver.iterations
    }

    /// The average strategy, flat.
    fn average_strategy(&self) -> Vec<f64> {
        self.solver.average_strategy()
    }

    /// The last iteration's strategy, flat.
    fn current_strategy(&self) -> Vec<f64> {
        self.solver.current_strategy().to_vec()
    }
}

/// Add the classes to `_core`.
pub(crate) fn register(m: &PyModule) -> PyResult<()> {
    m.add_class::<SolveTree>()?;
    m.add_class::<CfrSolver>()?;
    Ok(())
}
