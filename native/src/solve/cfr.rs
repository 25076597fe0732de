//! Counterfactual regret minimization on a [`Tree`], as `golfo.solve.Solver` runs it: the
//! same methods, the same alternating updates, the same arithmetic in the same order.
//!
//! - [`Method::CfrPlus`]: regret matching+ (regrets floored at 0 after every update) and
//!   linear averaging (iteration `t` weighs `t`);
//! - [`Method::Dcfr`]: discounted CFR: after iteration `t` positive regrets are multiplied by
//!   `t^alpha / (t^alpha + 1)`, negative ones by `t^beta / (t^beta + 1)`; iteration `t`
//!   weighs `t^gamma` in the average;
//! - [`Method::Cfr`]: vanilla CFR.
//!
//! Each iteration, seat after seat: the seat's current strategy is added to its average
//! (weighted by its own reach), its counterfactual regrets are added walking the tree (a
//! subtree that chance and the others reach with probability 0 exactly is skipped), then
//! its regrets are floored or discounted and its strategy regret-matched.

use std::sync::Arc;

use super::tree::{Tree, CHANCE, TERMINAL};

/// A CFR method (see the module).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    CfrPlus,
    Dcfr,
    Cfr,
}

impl Method {
    /// The method of a `golfo.solve.Method` name: `"cfr+"`, `"dcfr"` or `"cfr"`.
    pub fn named(name: &str) -> Option<Method> {
        match name {
            "cfr+" => Some(Method::CfrPlus),
            "dcfr" => Some(Method::Dcfr),
            "cfr" => Some(Method::Cfr),
            _ => None,
        }
    }
}

/// A CFR solver on a tree: [`Solver::run`] iterations, then read
/// [`Solver::average_strategy`]. Strategies are flat: information set `i`'s actions at
/// `tree.offset[i]..tree.offset[i + 1]`.
#[derive(Clone, Debug)]
pub struct Solver {
    pub tree: Arc<Tree>,
    pub method: Method,
    pub alpha: f64,
    pub beta: f64,
    pub gamma: f64,
    /// Iterations run so far.
    pub iterations: u64,
    current: Vec<f64>,
    regret: Vec<f64>,
    average: Vec<f64>,
    /// Per seat: its information sets, ascending.
    mine: Vec<Vec<u32>>,
    /// Per seat, per node: its payoff at a terminal (0 elsewhere).
    pay: Vec<Vec<f64>>,
    /// Per information set: the seat's own reach (scratch for the average).
    reach: Vec<f64>,
}

impl Solver {
    /// A solver on `tree`; `alpha`, `beta` and `gamma` are discounted CFR's.
    pub fn new(tree: Arc<Tree>, method: Method, alpha: f64, beta: f64, gamma: f64) -> Solver {
        let total = *tree.offset.last().unwrap_or(&0) as usize;
        let mut current = vec![0.0; total];
        for i in 0..tree.keys.len() {
            let (lo, hi) = (tree.offset[i] as usize, tree.offset[i + 1] as usize);
            current[lo..hi].fill(1.0 / (hi - lo) as f64);
        }
        let mine = (0..tree.players).map(|s| tree.sets_of(s)).collect();
        let pay = (0..tree.players)
            .map(|s| {
                (0..tree.player.len())
                    .map(|n| {
                        if tree.player[n] == TERMINAL {
                            tree.payoff(n, s) as f64
                        } else {
                            0.0
                        }
                    })
                    .collect()
            })
            .collect();
        Solver {
            method,
            alpha,
            beta,
            gamma,
            iterations: 0,
            current,
            regret: vec![0.0; total],
            average: vec![0.0; total],
            mine,
            pay,
            reach: vec![0.0; tree.keys.len()],
            tree,
        }
    }

    /// Run `iterations` more iterations (each walks the tree once per seat).
    pub fn run(&mut self, iterations: u64) {
        for _ in 0..iterations {
            self.iterations += 1;
            let t = self.iterations;
            let weight = match self.method {
                Method::CfrPlus => t as f64,
                Method::Dcfr => (t as f64).powf(self.gamma),
                Method::Cfr => 1.0,
            };
            for seat in 0..self.tree.players {
                self.accumulate(seat, weight);
                if self.tree.player[0] != TERMINAL {
                    let mut walk = Walk {
                        tree: &self.tree,
                        pay: &self.pay[seat],
                        current: &self.current,
                        regret: &mut self.regret,
                        seat: seat as i8,
                    };
                    walk.walk(0, 1.0);
                }
                self.update(seat, t);
            }
        }
    }

    /// Add `seat`'s current strategy, weighted by its own reach, to its average.
    fn accumulate(&mut self, seat: usize, weight: f64) {
        let tree = &self.tree;
        for &i in &self.mine[seat] {
            let i = i as usize;
            let (j, a) = tree.before[i];
            let r = if j < 0 {
                1.0
            } else {
                self.reach[j as usize] * self.current[tree.offset[j as usize] as usize + a as usize]
            };
            self.reach[i] = r;
            if r != 0.0 {
                let w = weight * r;
                let (lo, hi) = (tree.offset[i] as usize, tree.offset[i + 1] as usize);
                for (acc, &p) in self.average[lo..hi].iter_mut().zip(&self.current[lo..hi]) {
                    *acc += w * p;
                }
            }
        }
    }

    /// Discount or floor `seat`'s regrets as the method says, then regret-match.
    fn update(&mut self, seat: usize, t: u64) {
        let (mut up, mut down) = (1.0, 1.0);
        if self.method == Method::Dcfr {
            let ta = (t as f64).powf(self.alpha);
            let tb = (t as f64).powf(self.beta);
            up = ta / (ta + 1.0);
            down = tb / (tb + 1.0);
        }
        let tree = &self.tree;
        for &i in &self.mine[seat] {
            let (lo, hi) = (
                tree.offset[i as usize] as usize,
                tree.offset[i as usize + 1] as usize,
            );
            let acc = &mut self.regret[lo..hi];
            match self.method {
                Method::CfrPlus => {
                    for r in acc.iter_mut() {
                        if *r <= 0.0 {
                            *r = 0.0;
                        }
                    }
                }
                Method::Dcfr => {
                    for r in acc.iter_mut() {
                        *r = if *r > 0.0 { *r * up } else { *r * down };
                    }
                }
                Method::Cfr => {}
            }
            let mut total = 0.0;
            for &r in acc.iter() {
                if r > 0.0 {
                    total += r;
                }
            }
            let current = &mut self.current[lo..hi];
            if total > 0.0 {
                for (p, &r) in current.iter_mut().zip(acc.iter()) {
                    *p = if r > 0.0 { r / total } else { 0.0 };
                }
            } else {
                current.fill(1.0 / (hi - lo) as f64);
            }
        }
    }

    /// The strategy of the last iteration.
    pub fn current_strategy(&self) -> &[f64] {
        &self.current
    }

    /// The average strategy: what converges to an equilibrium (uniform where a seat's own
    /// play never arrives).
    pub fn average_strategy(&self) -> Vec<f64> {
        let tree = &self.tree;
        let mut out = vec![0.0; self.average.len()];
        for i in 0..tree.keys.len() {
            let (lo, hi) = (tree.offset[i] as usize, tree.offset[i + 1] as usize);
            let acc = &self.average[lo..hi];
            let mut total = 0.0;
            for &a in acc {
                total += a;
            }
            for (o, &a) in out[lo..hi].iter_mut().zip(acc) {
                *o = if total > 0.0 {
                    a / total
                } else {
                    1.0 / (hi - lo) as f64
                };
            }
        }
        out
    }
}

/// One seat's walk of the tree: its counterfactual regrets of one iteration.
struct Walk<'a> {
    tree: &'a Tree,
    pay: &'a [f64],
    current: &'a [f64],
    regret: &'a mut [f64],
    seat: i8,
}

impl Walk<'_> {
    /// `n`'s value to the seat; `reach`: chance's and the other seats' probability of
    /// arriving at `n` (above 0).
    fn walk(&mut self, n: usize, mut reach: f64) -> f64 {
        let tree = self.tree;
        let who = tree.player[n];
        let f = tree.first[n] as usize;
        let k = tree.count[n] as usize;
        if who == CHANCE {
            // each card 1/k, weighed one by one (golfo.solve's and OpenSpiel's arithmetic)
            let q = 1.0 / k as f64;
            reach *= q;
            let mut v = 0.0;
            for c in f..f + k {
                v += q * self.child(c, reach);
            }
            return v;
        }
        let i = tree.infoset[n] as usize;
        let off = tree.offset[i] as usize;
        if who != self.seat {
            let mut v = 0.0;
            for a in 0..k {
                let p = self.current[off + a];
                if p != 0.0 {
                    v += p * self.child(f + a, reach * p);
                }
            }
            return v;
        }
        let mut small = [0.0f64; 32];
        let mut large = Vec::new();
        let values: &mut [f64] = if k <= small.len() {
            &mut small[..k]
        } else {
            large.resize(k, 0.0);
            &mut large
        };
        for (a, value) in values.iter_mut().enumerate() {
            *value = self.child(f + a, reach);
        }
        let mut v = 0.0;
        for (a, &value) in values.iter().enumerate() {
            v += self.current[off + a] * value;
        }
        for (a, &value) in values.iter().enumerate() {
            self.regret[off + a] += reach * (value - v);
        }
        v
    }

    #[inline]
    fn child(&mut self, c: usize, reach: f64) -> f64 {
        if self.tree.player[c] == TERMINAL {
            self.pay[c]
        } else {
            self.walk(c, reach)
        }
    }
}
