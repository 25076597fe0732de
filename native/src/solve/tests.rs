//! The solver on `golfo.MINI` alone (tests/native/test_native_solve.py compares everything
//! with golfo.solve).

use std::sync::Arc;

use super::cfr::{Method, Solver};
use super::efg::efg;
use super::measure::{response, strategy_values};
use super::tree::{action_token, Tree, TreeError};
use crate::rules::Rules;
use crate::variant::Variant;

fn mini() -> Rules {
    let variant = Variant::new(
        &[8, 9],
        &[0, 1],
        [1, 0],
        1,
        &[1, 3],
        4,
        Some([1, 1, 2, 2]),
        Some(0),
        &[2, 3],
    )
    .unwrap();
    Rules {
        starting_stack: 10,
        hands: Some(1),
        rebuy: false,
        variant,
        ..Rules::TRADICIONAL
    }
}

fn nash_conv(tree: &Tree, strategy: &[f64]) -> f64 {
    let values = strategy_values(tree, strategy);
    (0..tree.players)
        .map(|s| response(tree, strategy, s).0 - values[s])
        .sum()
}

fn uniform(tree: &Tree) -> Vec<f64> {
    let mut out = Vec::new();
    for a in &tree.actions {
        out.extend(std::iter::repeat_n(1.0 / a.len() as f64, a.len()));
    }
    out
}

#[test]
fn mini_has_golfo_solves_tree() {
    let tree = Tree::build(mini(), 2, 0, 2_000_000).unwrap();
    let s = tree.size();
    let counts = (s.histories, s.chance, s.decisions, s.terminals);
    assert_eq!(counts, (2633, 149, 1200, 1284));
    assert_eq!((s.infosets, s.actions), (700, 1400));
    assert_eq!(tree.keys[0], "p1 d1:8O d0");
    assert_eq!(tree.keys[1], "p0 d1 d0:9O p1");
    let tokens: Vec<String> = tree.actions[0].iter().map(|&a| action_token(a)).collect();
    assert_eq!(tokens, ["p1", "b1:1"]);
    assert!(tree.keys.iter().any(|k| k.contains(" x1:8O ")));
    let three = Tree::build(mini(), 3, 0, 2_000_000).unwrap().size();
    assert_eq!((three.histories, three.infosets), (15449, 2952));
    assert_eq!(
        Tree::build(mini(), 2, 0, 2000).unwrap_err(),
        TreeError::TooBig(2000)
    );
    assert_eq!(
        Tree::build(mini(), 4, 0, 100).unwrap_err(),
        TreeError::NoGame
    );
}

#[test]
fn uniform_and_cfr_measure_as_golfo_solve_does() {
    let tree = Arc::new(Tree::build(mini(), 2, 0, 2_000_000).unwrap());
    let u = uniform(&tree);
    assert!((nash_conv(&tree, &u) - 67.0 / 24.0).abs() < 1e-12);
    let values = strategy_values(&tree, &u);
    assert!((values[0] + values[1]).abs() < 1e-12);
    for method in [Method::CfrPlus, Method::Dcfr, Method::Cfr] {
        let mut solver = Solver::new(Arc::clone(&tree), method, 1.5, 0.0, 2.0);
        solver.run(100);
        let conv = nash_conv(&tree, &solver.average_strategy());
        let most = if method == Method::Cfr { 0.2 } else { 0.01 };
        assert!(conv < most, "{method:?}: {conv}");
    }
}

#[test]
fn the_efg_file_has_every_node() {
    let tree = Tree::build(mini(), 2, 0, 2_000_000).unwrap();
    let text = efg(&tree, "mini");
    assert!(text.starts_with("EFG 2 R \"mini\" { \"seat 0\" \"seat 1\" }\nc \"\" 1 \"\" {"));
    let lines = text.lines().count();
    assert_eq!(lines, 1 + 2633);
    assert_eq!(text.lines().filter(|l| l.starts_with("t ")).count(), 1284);
    assert!(text.contains("p \"\" 2 1 \"p1 d1:8O d0\" { \"0\" \"1\" } 0\n"));
}

#[test]
fn discards_come_by_size_then_as_itertools_combinations() {
    use crate::moves::legal_moves;
    use crate::state::{Action, Actor, Phase};
    let mut core = crate::state::Core::new_game(Rules::TRADICIONAL, 3, 0, None).unwrap();
    core.phase = Phase::Discard1;
    core.to_act = Actor::Seat(1);
    core.hands[1] = 1 << 2 | 1 << 9 | 1 << 20; // 5O 5C 9E
    core.stock = 0b11; // two cards to draw: at most two discarded
    let masks: Vec<u32> = super::tree::ordered_actions(&legal_moves(&core))
        .into_iter()
        .map(|a| match a {
            Action::Discard(1, Some(m)) => m,
            other => panic!("{other:?}"),
        })
        .collect();
    let (a, b, c) = (1 << 2, 1 << 9, 1 << 20);
    assert_eq!(masks, [0, a, b, c, a | b, a | c, b | c]);
}
