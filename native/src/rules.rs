//! The rule settings of a game, as `golfo.Rules` has them (already validated there).

use crate::variant::Variant;

/// A game's settings; `starting_stack` is the derived value, `variant` the deck, deals,
/// rounds and limits played (El Golfo's own in both presets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub ante: i64,
    pub min_open: i64,
    pub min_raise: i64,
    pub round_caps: Option<[i64; 4]>,
    pub discards_face_up: bool,
    pub deal_in_pairs: bool,
    pub starting_stack: i64,
    pub hands: Option<i64>,
    pub rebuy: bool,
    pub extra_hands_on_tie: bool,
    pub variant: &'static Variant,
}

impl Rules {
    /// `golfo.TRADICIONAL`.
    pub const TRADICIONAL: Rules = Rules {
        ante: 1,
        min_open: 1,
        min_raise: 1,
        round_caps: None,
        discards_face_up: true,
        deal_in_pairs: false,
        starting_stack: 100,
        hands: None,
        rebuy: true,
        extra_hands_on_tie: false,
        variant: &Variant::EL_GOLFO,
    };

    /// `golfo.LUDOTEKA`.
    pub const LUDOTEKA: Rules = Rules {
        ante: 5,
        min_open: 1,
        min_raise: 1,
        round_caps: Some([25, 50, 75, 100]),
        discards_face_up: true,
        deal_in_pairs: false,
        starting_stack: 1000,
        hands: Some(10),
        rebuy: false,
        extra_hands_on_tie: true,
        variant: &Variant::EL_GOLFO,
    };
}
