//! golfo's `HeuristicBot`, move for move: bets by its hand value and by memory (the best
//! hand another seat could still end with, given every card the seat has seen).  In a
//! variant it counts the variant's deck and cards counted, and its thresholds are scaled to
//! the variant's best value, as golfo's.

use crate::moves::legal_moves;
use crate::state::{Action, Actor, Core, Phase};
use crate::variant::value_counting;

const SUIT_BITS: u32 = 0x7F;

/// The cards `seat` has seen this hand while it is in play (`golfo.analysis.seen_cards` of
/// its view): its own cards, the ones it discarded, and every discard shown to it.
pub(crate) fn seen_cards(core: &Core, seat: usize) -> u32 {
    let shown = if core.rules.discards_face_up {
        core.discards
    } else {
        0
    };
    core.hands[seat] | core.seat_discards[seat] | shown
}

/// Sum of the `count` highest ranks of a 7-bit suit mask.
pub(crate) fn top_of_suit(bits: u32, mut count: u32) -> u32 {
    let mut total = 0;
    let mut i = 7;
    while count > 0 && i > 0 {
        i -= 1;
        if bits >> i & 1 == 1 {
            total += i + 3;
            count -= 1;
        }
    }
    total
}

/// The best value of at most `counted` cards of one suit (7-bit rank masks): any of
/// `known`, at most `draws` of `unseen` (greedy by rank, as golfo's `best_with_draws` of one
/// suit's cards: the other suits, empty, are worth 0).
pub(crate) fn best_with_draws(known: u32, unseen: u32, draws: u32, counted: u32) -> u32 {
    let (mut total, mut taken, mut used) = (0, 0, 0);
    for r in (0..7).rev() {
        if taken == counted {
            break;
        }
        if known >> r & 1 == 1 {
            total += r + 3;
            taken += 1;
        } else if unseen >> r & 1 == 1 && used < draws {
            total += r + 3;
            taken += 1;
            used += 1;
        }
    }
    total
}

/// Per betting round: the hand values at which it bets or raises, and calls; on the scale of
/// a variant whose best value is `best` (30 in El Golfo), `round(t * best / 30)` as Python
/// rounds (half to even).
fn thresholds(phase: Phase, best: u32) -> (u32, u32) {
    let (raise_at, call_at) = match phase {
        Phase::Bet1 => (15, 9),
        Phase::Bet2 => (21, 15),
        Phase::Bet3 => (23, 18),
        Phase::Bet4 => (24, 20),
        _ => (31, 31),
    };
    let scaled = |t: u32| {
        let (q, r) = (t * best / 30, t * best % 30);
        q + u32::from(2 * r > 30 || (2 * r == 30 && q % 2 == 1))
    };
    (scaled(raise_at), scaled(call_at))
}

/// Whether no other seat still in can beat `me`'s hand, as far as it knows.
fn locked(core: &Core, me: usize) -> bool {
    let variant = core.rules.variant;
    let mine = variant.value(core.hands[me]) as u32;
    // another seat's cards are all unseen: at best the best unseen cards of one suit, as
    // many as count in a hand
    let [n1, n2] = variant.deal_sizes();
    let counted = variant.cards_counted().min(n1 + n2);
    let best = value_counting(variant.deck() & !seen_cards(core, me), counted) as u32;
    let order = core.dealt();
    let at = |s: u8| order.iter().position(|&x| x == s).unwrap_or(usize::MAX);
    let in_hand = core.in_hand_mask();
    for &other in order {
        if other as usize == me || in_hand >> other & 1 == 0 {
            continue;
        }
        if best > mine || (best == mine && at(other) < at(me as u8)) {
            return false;
        }
    }
    true
}

/// `golfo.HeuristicBot().choose(golfo.view(state, seat))` for the seat to act (`None` when
/// no seat is to act).
pub fn heuristic_action(core: &Core) -> Option<Action> {
    let Actor::Seat(s) = core.to_act else {
        return None;
    };
    let me = s as usize;
    let seat = s as i64;
    let moves = legal_moves(core);
    if let Some(most) = moves.discard_max {
        return Some(discard(core, me, most));
    }
    let variant = core.rules.variant;
    let value = variant.value(core.hands[me]) as u32;
    let (raise_at, call_at) = thresholds(core.phase, variant.best_value() as u32);
    let (low, stop) = if moves.can_pass {
        moves.bets
    } else {
        moves.raises
    };
    let has_amounts = stop > low;
    let facing = !moves.can_pass;
    let stay = if facing {
        Action::Call(seat)
    } else {
        Action::Pass(seat)
    };
    let current = core.current_bet();
    let pot = core.pot();
    let to_call = current - core.bets[me];
    let wager = |a: i64| {
        if facing {
            Action::Raise(seat, a)
        } else {
            Action::Bet(seat, a)
        }
    };
    if locked(core, me) {
        return Some(if has_amounts { wager(stop - 1) } else { stay });
    }
    if value >= raise_at && has_amounts {
        let target = current + pot.max(1); // about the pot
        return Some(wager(target.max(low).min(stop - 1)));
    }
    if !facing {
        return Some(stay);
    }
    let price_ok = to_call * 3 <= pot + to_call || value >= (raise_at + call_at).div_ceil(2); // (a + b + 1) // 2
    if value >= call_at && price_ok {
        return Some(stay);
    }
    Some(if moves.can_fold {
        Action::Fold(seat)
    } else {
        stay
    })
}

/// Keep the suit worth most (ties: the best unseen cards left), throw the rest, the
/// lowest ranks first when the stock is short.
fn discard(core: &Core, me: usize, most: u8) -> Action {
    let variant = core.rules.variant;
    let hand = core.hands[me];
    let unseen = variant.deck() & !seen_cards(core, me);
    let counted = variant.cards_counted() as u32;
    let [n1, n2] = variant.deal_sizes();
    let counting = counted.min((n1 + n2) as u32); // the most cards of a suit that can count
    let key = |i: u32| {
        let held = hand >> (7 * i) & SUIT_BITS;
        let free = unseen >> (7 * i) & SUIT_BITS;
        (
            top_of_suit(held, counted),
            best_with_draws(held, free, counting, counting),
        )
    };
    let keys = [key(0), key(1), key(2), key(3)];
    let mut target = 0;
    for i in 1..4 {
        if keys[i as usize] > keys[target as usize] {
            target = i; // the first of the best, as Python's max
        }
    }
    let keep_bits = hand >> (7 * target) & SUIT_BITS;
    let mut keep = 0u32;
    let mut kept = 0;
    for r in (0..7).rev() {
        if kept == counted {
            break;
        }
        if keep_bits >> r & 1 == 1 {
            keep |= 1 << (7 * target + r);
            kept += 1;
        }
    }
    // the others, by rank then suit (a stable sort by rank of the canonical order)
    let rest = hand & !keep;
    let mut throw = 0u32;
    let mut taken = 0;
    'ranks: for rank in 0..7 {
        for suit in 0..4 {
            if taken == most {
                break 'ranks;
            }
            let bit = 1 << (7 * suit + rank);
            if rest & bit != 0 {
                throw |= bit;
                taken += 1;
            }
        }
    }
    Action::Discard(me as i64, Some(throw))
}
