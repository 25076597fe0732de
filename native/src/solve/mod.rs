//! Solving one hand of a small variant exactly (issue 34), as `golfo.solve` does in Python:
//! the game tree with its chance nodes and information sets ([`tree`]), counterfactual
//! regret minimization ([`cfr`]: CFR+, discounted CFR, vanilla CFR), exact values, best
//! responses and NashConv ([`measure`]), and the tree as a Gambit EFG file ([`efg`]).
//!
//! Everything agrees with `golfo.solve` exactly: the same nodes in the same order, the same
//! information-state keys byte for byte, the same arithmetic in the same order (so the same
//! floating-point results).

pub mod cfr;
pub mod efg;
pub mod measure;
pub mod tree;

#[cfg(feature = "python")]
pub(crate) mod python;

#[cfg(test)]
mod tests;

pub use cfr::{Method, Solver};
pub use measure::{response, strategy_values};
pub use tree::{Tree, TreeError, CHANCE, TERMINAL};
