//! golfo-native: El Golfo's rules engine in Rust, agreeing exactly with golfo's Python
//! reducer (the reference and the spec), with Python bindings (feature `python`).

pub mod arena;
pub mod bugs;
pub mod cards;
pub mod game;
pub mod mlp;
pub mod moves;
pub mod netbot;
pub mod observe;
pub mod play;
pub mod policy;
pub mod range;
pub mod reducer;
pub mod rules;
pub mod settle;
pub mod solve;
pub mod state;
pub mod variant;
pub mod vecenv;

#[cfg(feature = "python")]
mod net_py;
#[cfg(feature = "python")]
mod python;
#[cfg(feature = "python")]
mod vecenv_py;

#[cfg(test)]
mod tests;

pub use game::{perft, Game};
pub use moves::{legal_moves, Moves};
pub use reducer::{Code, Illegal};
pub use rules::Rules;
pub use state::{Action, Actor, Core, HandResult, Phase, Pot};
pub use variant::Variant;
