//! Counterfactual regret minimization on one hand's tree ([`crate::tree`]), in Rust:
//! `golfo.solve.Solver`'s three methods, step for step and in the same order of
//! arithmetic, with alternating updates (each seat's regrets are updated against the
//! others' current strategies, then its own strategy changes):
//!
//! - CFR+: regret matching+ (cumulative regrets floored at 0 after each update), iteration
//!   `t`'s strategy weighing `t` in the average;
//! - discounted CFR (`alpha`, `beta`, `gamma`): after iteration `t` positive regrets are
//!   multiplied by `t^alpha / (t^alpha + 1)`, negative ones by `t^beta / (t^beta + 1)`, and
//!   iteration `t`'s strategy weighs `t^gamma`;
//! - vanilla CFR.
//!
//! Strategies are flat: information set `i`'s actions are `offset[i]..offset[i + 1]`.

use crate::tree::{Tree, CHANCE_NODE, TERMINAL};

/// A CFR method.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    CfrPlus,
    Discounted { alpha: f64, beta: f64, gamma: f64 },
    Vanilla,
}

/// A solver on a tree it owns.
pub struct Solver {
    pub tree: Tree,
    pub method: Method,
    pub iterations: u64,
    offset: Vec<usize>,
    current: Vec<f64>,
    regret: Vec<f64>,
    average: Vec<f64>,
    /// Per seat, its information sets, ascending.
    mine: Vec<Vec<usize>>,
    /// Per seat and node, the seat's payoff at a terminal.
    pay: Vec<Vec<f64>>,
    /// Per information set, the acting seat's own reach (for the average).
    reach: Vec<f64>,
    /// The values of the children of the decisions being walked (a stack).
    scratch: Vec<f64>,
}

impl Solver {
    /// A solver on `tree`, every strategy uniform.
    pub fn new(tree: Tree, method: Method) -> Solver {
        let mut offset = Vec::with_capacity(tree.actions.len() + 1);
        let mut current = Vec::new();
        offset.push(0);
        for actions in &tree.actions {
            let k = actions.len();
            current.extend(std::iter::repeat_n(1.0 / k as f64, k));
            offset.push(current.len());
        }
        let mut mine = vec![Vec::new(); tree.players as usize];
        for (i, &seat) in tree.seats.iter().enumerate() {
            mine[seat as usize].push(i);
        }
        let pay = (0..tree.players as usize)
            .map(|s| tree.payoffs.iter().map(|p| p[s] as f64).collect())
            .collect();
        let n = current.len();
        Solver {
            reach: vec![0.0; tree.keys.len()],
            tree,
            method,
            iterations: 0,
            offset,
            current,
            regret: vec![0.0; n],
            average: vec![0.0; n],
            mine,
            pay,
            scratch: Vec::new(),
        }
    }

    /// Run `iterations` more iterations (each walks the tree once per seat).
    pub fn run(&mut self, iterations: u64) {
        for _ in 0..iterations {
            self.iterations += 1;
            let t = self.iterations as f64;
            let weight = match self.method {
                Method::CfrPlus => t,
                Method::Discounted { gamma, .. } => t.powf(gamma),
                Method::Vanilla => 1.0,
            };
            for seat in 0..self.tree.players as usize {
                self.accumulate(seat, weight);
                if self.tree.player[0] != TERMINAL {
                    self.walk(seat, 0, 1.0);
                }
                self.update(seat, t);
            }
        }
    }

    /// Add `seat`'s current strategy, weighted by its own reach, to its average.
    fn accumulate(&mut self, seat: usize, weight: f64) {
        for &i in &self.mine[seat] {
            let (j, a) = self.tree.before[i];
            let r = if j < 0 {
                1.0
            } else {
                self.reach[j as usize] * self.current[self.offset[j as usize] + a as usize]
            };
            self.reach[i] = r;
            if r != 0.0 {
                let w = weight * r;
                for x in self.offset[i]..self.offset[i + 1] {
                    self.average[x] += w * self.current[x];
                }
            }
        }
    }

    /// `seat`'s expected payoff from node `n`, its regrets there added; `reach` is chance's
    /// and the other seats' probability of arriving at `n` (> 0).
    fn walk(&mut self, seat: usize, n: usize, mut reach: f64) -> f64 {
        let t = &self.tree;
        let who = t.player[n];
        let f = t.first[n] as usize;
        let k = t.count[n] as usize;
        if who == CHANCE_NODE {
            reach /= k as f64;
            let mut v = 0.0;
            for c in f..f + k {
                v += self.value(seat, c, reach);
            }
            return v / k as f64;
        }
        let i = t.infoset[n] as usize;
        let o = self.offset[i];
        if who as usize != seat {
            let mut v = 0.0;
            for a in 0..k {
                let p = self.current[o + a];
                if p != 0.0 {
                    v += p * self.value(seat, f + a, reach * p);
                }
            }
            return v;
        }
        let base = self.scratch.len();
        for c in f..f + k {
            let x = self.value(seat, c, reach);
            self.scratch.push(x);
        }
        let mut v = 0.0;
        for a in 0..k {
            v += self.current[o + a] * self.scratch[base + a];
        }
        for a in 0..k {
            self.regret[o + a] += reach * (self.scratch[base + a] - v);
        }
        self.scratch.truncate(base);
        v
    }

    #[inline]
    fn value(&mut self, seat: usize, c: usize, reach: f64) -> f64 {
        if self.tree.player[c] == TERMINAL {
            self.pay[seat][c]
        } else {
            self.walk(seat, c, reach)
        }
    }

    /// Discount or floor `seat`'s regrets as the method says, then regret-match.
    fn update(&mut self, seat: usize, t: f64) {
        let factors = match self.method {
            Method::Discounted { alpha, beta, .. } => {
                let (up, down) = (t.powf(alpha), t.powf(beta));
                Some((up / (up + 1.0), down / (down + 1.0)))
            }
            _ => None,
        };
        for &i in &self.mine[seat] {
            let span = self.offset[i]..self.offset[i + 1];
            let regret = &mut self.regret[span.clone()];
            for r in regret.iter_mut() {
                match (self.method, factors) {
                    (Method::CfrPlus, _) if *r <= 0.0 => *r = 0.0,
                    (_, Some((up, down))) => *r *= if *r > 0.0 { up } else { down },
                    _ => {}
                }
            }
            let mut total = 0.0;
            for &r in regret.iter() {
                if r > 0.0 {
                    total += r;
                }
            }
            let current = &mut self.current[span];
            let k = current.len() as f64;
            for (p, &r) in current.iter_mut().zip(regret.iter()) {
                *p = if total > 0.0 {
                    if r > 0.0 {
                        r / total
                    } else {
                        0.0
                    }
                } else {
                    1.0 / k
                };
            }
        }
    }

    /// Information set `i`'s current strategy.
    pub fn current(&self, i: usize) -> &[f64] {
        &self.current[self.offset[i]..self.offset[i + 1]]
    }

    /// Information set `i`'s average strategy (uniform where its seat's own play never
    /// arrives).
    pub fn average(&self, i: usize) -> Vec<f64> {
        let acc = &self.average[self.offset[i]..self.offset[i + 1]];
        let total: f64 = acc.iter().fold(0.0, |s, &x| s + x);
        if total > 0.0 {
            acc.iter().map(|&a| a / total).collect()
        } else {
            vec![1.0 / acc.len() as f64; acc.len()]
        }
    }
}
