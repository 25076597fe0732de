//! Deliberate bugs for the conformance kit: each breaks one rule, named as in
//! `tests/kit/broken_engine.py`'s BUGS.  One global, read where the rule is applied;
//! off unless `set` is called (the engine's `--bug NAME` or `GOLFO_NATIVE_BUG`).

use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bug {
    None = 0,
    TiesFarthestFromMano,
    NoTableStakes,
    RaiseNobodyCanAnswer,
    StockReshuffledWhenShort,
    FourSeatDealerDealtIn,
    RotationSkipsASeat,
    FaceDownDiscardShown,
    RaisesNeverLimited,
    ManoPaysNoAnte,
    DealInPairsInverted,
    DealFromOutsideTheStock,
    PassAfterAnOpening,
    LastSeatInPlaysOn,
    SecondFromManoSpeaksFirst,
    CapsIgnored,
    CapBelowTheMinimumBetsTheRoom,
    LoneCardNotCounted,
    TrabucoNeedsAPot,
    NobodyOpensGoesToShowdown,
    FoldedHandKept,
    NextHandDuringAHand,
    NoExtraHandsOnTie,
    NoRebuys,
    RebuysNotCharged,
}

/// Every bug by its name.
pub const NAMES: [(&str, Bug); 24] = [
    ("ties-farthest-from-mano", Bug::TiesFarthestFromMano),
    ("no-table-stakes", Bug::NoTableStakes),
    ("raise-nobody-can-answer", Bug::RaiseNobodyCanAnswer),
    ("stock-reshuffled-when-short", Bug::StockReshuffledWhenShort),
    ("four-seat-dealer-dealt-in", Bug::FourSeatDealerDealtIn),
    ("rotation-skips-a-seat", Bug::RotationSkipsASeat),
    ("face-down-discard-shown", Bug::FaceDownDiscardShown),
    ("raises-never-limited", Bug::RaisesNeverLimited),
    ("mano-pays-no-ante", Bug::ManoPaysNoAnte),
    ("deal-in-pairs-inverted", Bug::DealInPairsInverted),
    ("deal-from-outside-the-stock", Bug::DealFromOutsideTheStock),
    ("pass-after-an-opening", Bug::PassAfterAnOpening),
    ("last-seat-in-plays-on", Bug::LastSeatInPlaysOn),
    (
        "second-from-mano-speaks-first",
        Bug::SecondFromManoSpeaksFirst,
    ),
    ("caps-ignored", Bug::CapsIgnored),
    (
        "cap-below-the-minimum-bets-the-room",
        Bug::CapBelowTheMinimumBetsTheRoom,
    ),
    ("lone-card-not-counted", Bug::LoneCardNotCounted),
    ("trabuco-needs-a-pot", Bug::TrabucoNeedsAPot),
    (
        "nobody-opens-goes-to-showdown",
        Bug::NobodyOpensGoesToShowdown,
    ),
    ("folded-hand-kept", Bug::FoldedHandKept),
    ("next-hand-during-a-hand", Bug::NextHandDuringAHand),
    ("no-extra-hands-on-tie", Bug::NoExtraHandsOnTie),
    ("no-rebuys", Bug::NoRebuys),
    ("rebuys-not-charged", Bug::RebuysNotCharged),
];

static ACTIVE: AtomicU8 = AtomicU8::new(0);

/// Whether `bug` is the one switched on (a relaxed load: one byte, read per rule applied).
#[inline]
pub fn on(bug: Bug) -> bool {
    ACTIVE.load(Ordering::Relaxed) == bug as u8
}

/// Switch on the bug called `name` ("" or "none": no bug); false for an unknown name.
pub fn set(name: &str) -> bool {
    if name.is_empty() || name == "none" {
        ACTIVE.store(0, Ordering::Relaxed);
        return true;
    }
    match NAMES.iter().find(|(n, _)| *n == name) {
        Some((_, bug)) => {
            ACTIVE.store(*bug as u8, Ordering::Relaxed);
            true
        }
        None => false,
    }
}

/// The name of the bug switched on, if any.
pub fn active() -> Option<&'static str> {
    let v = ACTIVE.load(Ordering::Relaxed);
    NAMES.iter().find(|(_, b)| *b as u8 == v).map(|(n, _)| *n)
}
