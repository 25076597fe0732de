//! The bindings of golfo's `NetBot` network ([`crate::netbot`], [`crate::mlp`]) and of the
//! duplicate arena ([`crate::arena`]): plain ints, floats and lists, as the rest of `_core`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::mlp::{get, policy, register as register_mlp, Mlp};
use crate::netbot::{features, menu, Tracker, SIZE};
use crate::python::{policies_of, rules_of, Game, RulesArgs};
use crate::state::Action;

/// Register a network (`(inputs, outputs)` per layer, the weights layer by layer: matrix by
/// input row, then biases), drawing from its policy or (`greedy`) playing its likeliest
/// entry: its number, for the policy name `"net:K"`.
#[pyfunction]
fn register_net(shapes: Vec<(usize, usize)>, weights: Vec<f32>, greedy: bool) -> PyResult<usize> {
    let net = Mlp::new(&shapes, &weights, greedy).map_err(PyValueError::new_err)?;
    Ok(register_mlp(net))
}

/// The network's features of `seat` (dealt in) in the game's current state.
#[pyfunction]
fn net_features(game: &Game, seat: usize) -> PyResult<Vec<f32>> {
    let core = &game.g.core;
    if !core.dealt().contains(&(seat as u8)) {
        return Err(PyValueError::new_err("features are of a seat dealt in"));
    }
    let mut out = vec![0f32; SIZE];
    features(core, &Tracker::of_log(&game.g.log), seat, &mut out);
    Ok(out)
}

/// The menu of the seat to act: per entry its action `(kind, seat, value)` or None.
#[pyfunction]
fn net_menu(game: &Game) -> Vec<Option<(u8, i64, i64)>> {
    menu(&game.g.core)
        .iter()
        .map(|a| a.map(Action::flat))
        .collect()
}

/// The probability of each menu entry under network `k` for the seat to act.
#[pyfunction]
fn net_policy(game: &Game, k: usize) -> PyResult<Vec<f64>> {
    let net = get(k).ok_or_else(|| PyValueError::new_err(format!("no network {k}")))?;
    let tracker = Tracker::of_log(&game.g.log);
    Ok(policy(&game.g.core, &tracker, &net).0.to_vec())
}

/// Deals `start..stop` of a duplicate tournament of built-in policies (one name a bot, as
/// many as seats): hands played, each bot's sum of nets, and the sums of products of two
/// bots' nets per deal.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn duplicate(
    py: Python<'_>,
    rules: RulesArgs,
    bots: Vec<String>,
    seed: u64,
    start: u64,
    stop: u64,
) -> PyResult<(u64, Vec<i64>, Vec<Vec<i64>>)> {
    let rules = rules_of(rules)?;
    let policies = policies_of(&bots)?;
    if !rules.variant.seats_allowed(policies.len() as u8) {
        return Err(PyValueError::new_err(
            "one bot a seat, at a table size the rules allow",
        ));
    }
    let t = py.allow_threads(|| crate::arena::duplicate(rules, &policies, seed, start, stop));
    Ok((t.hands, t.sums, t.cross))
}

/// Add this part to the module.
pub fn register(m: &PyModule) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(register_net, m)?)?;
    m.add_function(wrap_pyfunction!(net_features, m)?)?;
    m.add_function(wrap_pyfunction!(net_menu, m)?)?;
    m.add_function(wrap_pyfunction!(net_policy, m)?)?;
    m.add_function(wrap_pyfunction!(duplicate, m)?)?;
    Ok(())
}
