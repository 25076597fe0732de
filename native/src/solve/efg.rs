//! A [`Tree`] as a Gambit extensive-form game file (`.efg`, the version 2 text format), the
//! form OpenSpiel's `load_efg_game` reads: the same game for OpenSpiel's C++ solvers.
//!
//! Nodes are written depth first, each node's children in action order. A decision node is
//! `p "" <seat + 1> <its seat's information set, numbered from 1> "<golfo's key>" { "0" "1" ...
//! } 0`; its actions are named by their position (OpenSpiel numbers action names in the
//! order it first reads them, then sorts each node's numbers: positions keep both orders
//! the same). A chance node is `c "" <number> "" { "0" 1/k ... } 0` (each card `1/k`), a
//! terminal `t "" <number> "" { payoffs }`.

use std::fmt::Write;

use super::tree::{Tree, CHANCE, TERMINAL};

/// The tree as EFG text; `name` is the game's name (no `"`).
pub fn efg(tree: &Tree, name: &str) -> String {
    let mut out = String::with_capacity(tree.player.len() * 48);
    let _ = write!(out, "EFG 2 R \"{}\" {{", name.replace('"', "'"));
    for s in 0..tree.players {
        let _ = write!(out, " \"seat {s}\"");
    }
    out.push_str(" }\n");
    // per information set: its number among its seat's sets, from 1
    let mut numbers = vec![0u32; tree.keys.len()];
    let mut next = vec![0u32; tree.players];
    for (i, &s) in tree.seats.iter().enumerate() {
        next[s as usize] += 1;
        numbers[i] = next[s as usize];
    }
    let mut w = Writer {
        tree,
        numbers,
        out,
        chance: 0,
        outcomes: 0,
    };
    w.node(0);
    w.out
}

struct Writer<'a> {
    tree: &'a Tree,
    numbers: Vec<u32>,
    out: String,
    chance: u32,
    outcomes: u32,
}

impl Writer<'_> {
    fn node(&mut self, n: usize) {
        let tree = self.tree;
        let who = tree.player[n];
        let out = &mut self.out;
        if who == TERMINAL {
            self.outcomes += 1;
            let _ = write!(out, "t \"\" {} \"\" {{", self.outcomes);
            for s in 0..tree.players {
                let _ = write!(out, " {}", tree.payoff(n, s));
            }
            out.push_str(" }\n");
            return;
        }
        let f = tree.first[n] as usize;
        let k = tree.count[n] as usize;
        if who == CHANCE {
            self.chance += 1;
            let _ = write!(out, "c \"\" {} \"\" {{", self.chance);
            for a in 0..k {
                let _ = write!(out, " \"{a}\" 1/{k}");
            }
        } else {
            let i = tree.infoset[n] as usize;
            let _ = write!(
                out,
                "p \"\" {} {} \"{}\" {{",
                who + 1,
                self.numbers[i],
                tree.keys[i]
            );
            for a in 0..k {
                let _ = write!(out, " \"{a}\"");
            }
        }
        out.push_str(" } 0\n");
        for c in f..f + k {
            self.node(c);
        }
    }
}
