//! Exact values and best responses of a strategy on a [`Tree`], as
//! `golfo.solve.strategy_values` and `golfo.solve.response` compute them (the same
//! arithmetic in the same order). A strategy is flat: information set `i`'s probabilities at
//! `tree.offset[i]..tree.offset[i + 1]`.

use super::tree::{Tree, CHANCE, TERMINAL};

/// Each seat's expected payoff when every seat plays `strategy`.
pub fn strategy_values(tree: &Tree, strategy: &[f64]) -> Vec<f64> {
    let p = tree.players;
    let mut values = vec![0.0f64; tree.player.len() * p];
    let mut total = vec![0.0f64; p];
    for n in (0..tree.player.len()).rev() {
        // a child's number is above its parent's
        let who = tree.player[n];
        if who == TERMINAL {
            for s in 0..p {
                values[n * p + s] = tree.payoff(n, s) as f64;
            }
            continue;
        }
        let f = tree.first[n] as usize;
        let k = tree.count[n] as usize;
        total.fill(0.0);
        for a in 0..k {
            let prob = if who == CHANCE {
                1.0 / k as f64
            } else {
                strategy[tree.offset[tree.infoset[n] as usize] as usize + a]
            };
            if prob != 0.0 {
                let c = f + a;
                for s in 0..p {
                    total[s] += prob * values[c * p + s];
                }
            }
        }
        values[n * p..n * p + p].copy_from_slice(&total);
    }
    values[..p].to_vec()
}

/// `seat`'s best response to the others' `strategy`: its value and, per information set
/// (-1 for the others' sets), the action it takes (the first best when several are; the
/// first action where the others never let it arrive).
pub fn response(tree: &Tree, strategy: &[f64], seat: usize) -> (f64, Vec<i32>) {
    let size = tree.player.len();
    let mut reach = vec![0.0f64; size]; // chance's and the others' probability of each node
    reach[0] = 1.0;
    for n in 0..size {
        let who = tree.player[n];
        let r = reach[n];
        if who == TERMINAL || r == 0.0 {
            continue;
        }
        let f = tree.first[n] as usize;
        let k = tree.count[n] as usize;
        if who as usize == seat && who >= 0 {
            reach[f..f + k].fill(r);
        } else if who == CHANCE {
            reach[f..f + k].fill(r / k as f64);
        } else {
            let off = tree.offset[tree.infoset[n] as usize] as usize;
            for a in 0..k {
                reach[f + a] = r * strategy[off + a];
            }
        }
    }
    let mut best = Best {
        tree,
        strategy,
        seat: seat as i8,
        reach,
        choice: vec![-1; tree.keys.len()],
        memo: vec![f64::NAN; size],
        known: vec![false; size],
    };
    let value = best.value(0);
    let mut choice = best.choice;
    for (i, c) in choice.iter_mut().enumerate() {
        // sets the best response itself never reaches
        if tree.seats[i] as usize == seat && *c < 0 {
            *c = 0;
        }
    }
    (value, choice)
}

struct Best<'a> {
    tree: &'a Tree,
    strategy: &'a [f64],
    seat: i8,
    reach: Vec<f64>,
    choice: Vec<i32>,
    memo: Vec<f64>,
    known: Vec<bool>,
}

impl Best<'_> {
    /// The action of the seat's information set `i` with the highest counterfactual value.
    fn choose(&mut self, i: usize) -> i32 {
        let tree = self.tree;
        let k = tree.actions[i].len();
        let mut q = vec![0.0f64; k];
        for &h in &tree.nodes[i] {
            let r = self.reach[h as usize];
            if r != 0.0 {
                let f = tree.first[h as usize] as usize;
                for (a, qa) in q.iter_mut().enumerate() {
                    *qa += r * self.value(f + a);
                }
            }
        }
        let mut best = 0;
        for a in 1..k {
            if q[a] > q[best] {
                best = a;
            }
        }
        self.choice[i] = best as i32;
        best as i32
    }

    fn value(&mut self, n: usize) -> f64 {
        if self.known[n] {
            return self.memo[n];
        }
        let tree = self.tree;
        let who = tree.player[n];
        let v = if who == TERMINAL {
            tree.payoff(n, self.seat as usize) as f64
        } else if who == self.seat {
            let i = tree.infoset[n] as usize;
            let mut a = self.choice[i];
            if a < 0 {
                a = self.choose(i);
            }
            self.value(tree.first[n] as usize + a as usize)
        } else {
            let f = tree.first[n] as usize;
            let k = tree.count[n] as usize;
            let mut v = 0.0;
            if who == CHANCE {
                for c in f..f + k {
                    v += self.value(c);
                }
                v /= k as f64;
            } else {
                let off = tree.offset[tree.infoset[n] as usize] as usize;
                for a in 0..k {
                    let p = self.strategy[off + a];
                    if p != 0.0 {
                        v += p * self.value(f + a);
                    }
                }
            }
            v
        };
        self.memo[n] = v;
        self.known[n] = true;
        v
    }
}
