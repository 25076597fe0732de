//! What golfo's `NetBot` network reads and the moves it chooses among, value for value
//! `golfo.bots.net.features` (the spec: its docstrings say what each number is):
//! [`features`] is `features(view)` and [`menu`] is `menu(view)` for the seat to act.
//! A seat's history of the hand in play comes from a [`Tracker`], fed every action (or
//! read back from a game's log), since a bare [`Core`] keeps no history.

use crate::game::Entry;
use crate::moves::legal_moves;
use crate::policy::{best_with_draws, seen_cards, top_of_suit};
use crate::state::{Action, Actor, Core, Phase};

const SUIT_BITS: u32 = 0x7F;
const GLOBAL: usize = 28;
const OWN: usize = 20;
const PER_OPPONENT: usize = 22;
const OPPONENTS: usize = 3;
/// The length of the feature vector (`golfo.bots.net.features.SIZE`).
pub const SIZE: usize = GLOBAL + OWN + OPPONENTS * PER_OPPONENT;
/// The entries of the menu (`golfo.bots.net.features.MENU`).
pub const MENU: usize = 11;

/// The public history of the hand in play that the features read: per seat, its betting
/// in the rounds before this one and in this one, and its discards (count and cards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tracker {
    /// Whether the last event was a betting action (the run of a betting round is open).
    open: bool,
    /// Bets and raises made in this run, by anyone.
    wagers_now: u8,
    prev_wagers: [u8; 4],
    prev_calls: [u8; 4],
    cur_wagers: [u8; 4],
    cur_calls: [u8; 4],
    /// The seat's last action in this run: 0 none (or a fold), 1 pass, 2 call, 3 bet/raise.
    cur_last: [u8; 4],
    /// The seat's discards of this hand: how many (at most two kept), their cards.
    discards: [u8; 4],
    thrown_count: [[u8; 2]; 4],
    thrown: [[u32; 2]; 4],
}

impl Tracker {
    /// No history: a hand's start.
    pub fn new() -> Tracker {
        Tracker::default()
    }

    /// Take `action` into account (just applied, or about to be); `NextHand` starts afresh.
    pub fn observe(&mut self, action: Action) {
        let seat = |s: i64| (0..4).contains(&s).then_some(s as usize);
        match action {
            Action::NextHand => *self = Tracker::new(),
            Action::Deal(_) | Action::EndGame => self.open = false,
            Action::Discard(s, cards) => {
                self.open = false;
                if let Some(s) = seat(s) {
                    let k = self.discards[s] as usize;
                    if k < 2 {
                        let mask = cards.unwrap_or(0);
                        self.thrown[s][k] = mask;
                        self.thrown_count[s][k] = mask.count_ones() as u8;
                    }
                    self.discards[s] = self.discards[s].saturating_add(1);
                }
            }
            Action::Pass(s)
            | Action::Call(s)
            | Action::Fold(s)
            | Action::Bet(s, _)
            | Action::Raise(s, _) => {
                if !self.open {
                    // a new betting round: this round's counts become the earlier ones'
                    for t in 0..4 {
                        self.prev_wagers[t] += self.cur_wagers[t];
                        self.prev_calls[t] += self.cur_calls[t];
                    }
                    self.cur_wagers = [0; 4];
                    self.cur_calls = [0; 4];
                    self.cur_last = [0; 4];
                    self.wagers_now = 0;
                    self.open = true;
                }
                let Some(s) = seat(s) else { return };
                match action {
                    Action::Pass(_) => self.cur_last[s] = 1,
                    Action::Call(_) => {
                        self.cur_last[s] = 2;
                        self.cur_calls[s] += 1;
                    }
                    Action::Fold(_) => self.cur_last[s] = 0,
                    _ => {
                        self.cur_last[s] = 3;
                        self.cur_wagers[s] += 1;
                        self.wagers_now += 1;
                    }
                }
            }
        }
    }

    /// The history of the hand in play from a game's log (back to its `NextHand`).
    pub fn of_log(log: &[Entry]) -> Tracker {
        let start = log
            .iter()
            .rposition(|e| e.action == Action::NextHand)
            .map_or(0, |i| i + 1);
        let mut tracker = Tracker::new();
        for e in &log[start..] {
            tracker.observe(e.action);
        }
        tracker
    }
}

#[inline]
fn share(x: i64, y: i64) -> f64 {
    let total = x + y;
    if total > 0 {
        x as f64 / total as f64
    } else {
        0.0
    }
}

/// The draws `seat` may still make (`golfo.analysis.new_draws`).
fn new_draws(core: &Core, seat: usize) -> u32 {
    let variant = core.rules.variant;
    let hand_size = variant.deal_sizes()[0] as u32 + variant.deal_sizes()[1] as u32;
    let done = core.discard_rounds[seat] as u32;
    let mut rounds_left = (variant.discard_rounds() as u32).saturating_sub(done);
    if core.phase == Phase::Bet4 {
        rounds_left = 0;
    }
    let in_hand = core.in_hand_mask();
    let owed = |s: usize| hand_size.saturating_sub(core.hands[s].count_ones());
    let others: u32 = core
        .dealt()
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| s != seat && in_hand >> s & 1 == 1)
        .map(owed)
        .sum();
    let stock = core.stock.count_ones().saturating_sub(others);
    stock.min(owed(seat) + hand_size * rounds_left)
}

/// The suits best first for `me` (`golfo.bots.net.features.suit_order`).
pub fn suit_order(core: &Core, me: usize) -> [usize; 4] {
    let variant = core.rules.variant;
    let hand = core.hands[me];
    let unseen = variant.deck() & !seen_cards(core, me);
    let counted = variant.cards_counted() as u32;
    let hand_size = variant.deal_sizes()[0] as u32 + variant.deal_sizes()[1] as u32;
    let reach = counted.min(hand_size);
    let draws = new_draws(core, me);
    let key = |i: usize| {
        let held = hand >> (7 * i) & SUIT_BITS;
        let free = unseen >> (7 * i) & SUIT_BITS;
        (
            std::cmp::Reverse(top_of_suit(held, counted)),
            std::cmp::Reverse(best_with_draws(held, free, draws, reach)),
            i,
        )
    };
    let mut order = [0, 1, 2, 3];
    order.sort_by_key(|&i| key(i));
    order
}

/// The feature vector of the seat to act (`golfo.bots.net.features.features`); `out`
/// holds [`SIZE`] cells.  The seat must be dealt in.
pub fn features(core: &Core, tracker: &Tracker, me: usize, out: &mut [f32]) {
    let mut f = [0f64; SIZE];
    let variant = core.rules.variant;
    let dealt = core.dealt();
    let k = dealt.len();
    let pos = dealt.iter().position(|&s| s as usize == me).unwrap_or(0);
    let in_mask = core.in_hand_mask();
    let is_in = |s: usize| in_mask >> s & 1 == 1;
    let n_in = in_mask.count_ones() as i64;
    let pot = core.pot();
    let current = core.current_bet();
    let to_call = current - core.bets[me];
    let stacks = core.stacks;
    let bets = core.bets;
    let phase = core.phase;
    // -- the table
    let betting = phase.betting_round();
    if betting > 0 {
        f[betting - 1] = 1.0;
    } else if phase == Phase::Discard1 {
        f[4] = 1.0;
    } else if phase == Phase::Discard2 {
        f[5] = 1.0;
    }
    f[6 + pos.min(3)] = 1.0;
    f[10] = (n_in - 2) as f64 / 2.0;
    f[11] = if to_call > 0 { 1.0 } else { 0.0 };
    f[12] = share(to_call, pot);
    f[13] = share(pot, stacks[me]);
    let unit = (core.rules.ante * k as i64).max(1);
    let x = pot as f64 / unit as f64 / 8.0;
    f[14] = x / (1.0 + x);
    f[15] = share(core.committed[me], stacks[me]);
    f[16] = share(current, pot);
    let in_play = tracker.open && betting > 0;
    let wagers_now = if in_play { tracker.wagers_now } else { 0 };
    f[17] = (wagers_now as f64 / 4.0).min(1.0);
    let behind = (pos + 1..k)
        .filter(|&j| {
            let s = dealt[j] as usize;
            is_in(s) && stacks[s] > 0
        })
        .count();
    f[18] = behind as f64 / 3.0;
    let moves = legal_moves(core);
    let (mut low, mut high) = (0, 0);
    if core.to_act == Actor::Seat(me as u8) {
        let amounts = if moves.can_pass {
            moves.bets
        } else {
            moves.raises
        };
        if amounts.1 > amounts.0 {
            low = amounts.0;
            high = amounts.1 - 1;
            f[19] = 1.0;
        }
    }
    f[20] = share(low, pot);
    f[21] = share(high, pot);
    let deck = variant.deck();
    f[22] = core.stock.count_ones() as f64 / deck.count_ones() as f64;
    let discard_rounds = variant.discard_rounds() as i64;
    f[23] = (discard_rounds - core.discard_rounds[me] as i64).max(0) as f64 / 2.0;
    let hand_size = variant.deal_sizes()[0] as u32 + variant.deal_sizes()[1] as u32;
    f[24] = core.hands[me].count_ones() as f64 / hand_size as f64;
    f[25] = if core.rules.round_caps.is_some() {
        1.0
    } else {
        0.0
    };
    f[26] = if core.rules.discards_face_up {
        1.0
    } else {
        0.0
    };
    let reach = dealt
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| s != me && is_in(s))
        .map(|s| stacks[s] + bets[s])
        .max()
        .unwrap_or(0);
    let effective = (stacks[me] + bets[me]).min(reach);
    f[27] = share(effective, pot);
    // -- the seat's own hand, its suits best first
    let best = variant.best_value() as f64;
    let hand = core.hands[me];
    let unseen = deck & !seen_cards(core, me);
    let counted = variant.cards_counted() as u32;
    let reach_cards = counted.min(hand_size);
    let draws = new_draws(core, me);
    let order = suit_order(core, me);
    let base = GLOBAL;
    for (j, &i) in order.iter().enumerate() {
        let held = hand >> (7 * i) & SUIT_BITS;
        let free = unseen >> (7 * i) & SUIT_BITS;
        f[base + j] = top_of_suit(held, counted) as f64 / best;
        f[base + 4 + j] = (held.count_ones() as f64 / counted as f64).min(1.0);
        f[base + 8 + j] = free.count_ones() as f64 / 7.0;
        f[base + 12 + j] = best_with_draws(held, free, draws, reach_cards) as f64 / best;
    }
    let most_cards = dealt
        .iter()
        .map(|&s| s as usize)
        .filter(|&s| s != me && is_in(s))
        .map(|s| core.hands[s].count_ones())
        .max()
        .unwrap_or(0);
    let now = most_cards.min(counted);
    let best_of = |count: u32| {
        (0..4)
            .map(|i| top_of_suit(unseen >> (7 * i) & SUIT_BITS, count))
            .max()
            .unwrap_or(0)
    };
    let best_end = best_of(reach_cards);
    f[base + 16] = best_of(now) as f64 / best;
    f[base + 17] = best_end as f64 / best;
    let mine = variant.value(hand) as u32;
    let locked = dealt.iter().enumerate().all(|(q, &s)| {
        let s = s as usize;
        s == me || !is_in(s) || mine > best_end || (mine == best_end && pos < q)
    });
    f[base + 18] = if locked { 1.0 } else { 0.0 };
    f[base + 19] = mine as f64 / best;
    // -- the opponents, the next to act first
    for j in 0..(k - 1).min(OPPONENTS) {
        let q = (pos + 1 + j) % k;
        let o = dealt[q] as usize;
        let base = GLOBAL + OWN + j * PER_OPPONENT;
        f[base] = 1.0;
        if is_in(o) {
            f[base + 1] = 1.0;
            f[base + 2] = if stacks[o] == 0 { 1.0 } else { 0.0 };
        }
        f[base + 3] = if q < pos { 1.0 } else { 0.0 };
        f[base + 4] = share(stacks[o], pot);
        f[base + 5] = if pot > 0 {
            core.committed[o] as f64 / pot as f64
        } else {
            0.0
        };
        f[base + 6] = if current > 0 {
            bets[o] as f64 / current as f64
        } else {
            0.0
        };
        let last = if in_play { tracker.cur_last[o] } else { 0 };
        f[base + 7 + last as usize] = 1.0;
        let (wagers, calls) = if in_play {
            (tracker.prev_wagers[o], tracker.prev_calls[o])
        } else {
            (
                tracker.prev_wagers[o] + tracker.cur_wagers[o],
                tracker.prev_calls[o] + tracker.cur_calls[o],
            )
        };
        f[base + 11] = (wagers as f64 / 4.0).min(1.0);
        f[base + 12] = (calls as f64 / 4.0).min(1.0);
        let now_wagers = if in_play { tracker.cur_wagers[o] } else { 0 };
        f[base + 13] = (now_wagers as f64 / 3.0).min(1.0);
        let mut shown = 0u32;
        for r in 0..(tracker.discards[o] as usize).min(2) {
            f[base + 14 + 2 * r] = 1.0;
            f[base + 15 + 2 * r] = tracker.thrown_count[o][r] as f64 / hand_size as f64;
            if core.rules.discards_face_up {
                shown |= tracker.thrown[o][r];
            }
        }
        for (m, &i) in order.iter().enumerate() {
            let n = (shown >> (7 * i) & SUIT_BITS).count_ones();
            f[base + 18 + m] = (n as f64 / hand_size as f64).min(1.0);
        }
    }
    for (cell, &value) in out.iter_mut().zip(f.iter()) {
        *cell = value as f32;
    }
}

/// The cards thrown to keep `suit` (`golfo.bots.net.features._throw`).
fn throw(hand: u32, suit: usize, counted: u32, most: u32) -> u32 {
    let keep_bits = hand >> (7 * suit) & SUIT_BITS;
    let mut keep = 0u32;
    let mut kept = 0;
    for r in (0..7).rev() {
        if kept == counted {
            break;
        }
        if keep_bits >> r & 1 == 1 {
            keep |= 1 << (7 * suit + r);
            kept += 1;
        }
    }
    let rest = hand & !keep;
    let mut out = 0u32;
    let mut taken = 0;
    for rank in 0..7 {
        for s in 0..4 {
            let bit = 1u32 << (7 * s + rank);
            if taken < most && rest & bit != 0 {
                out |= bit;
                taken += 1;
            }
        }
    }
    out
}

/// The action of each menu entry for the seat to act (`golfo.bots.net.features.menu`).
pub fn menu(core: &Core) -> [Option<Action>; MENU] {
    let mut out = [None; MENU];
    let Actor::Seat(s) = core.to_act else {
        return out;
    };
    let me = s as usize;
    let seat = me as i64;
    let moves = legal_moves(core);
    if let Some(most) = moves.discard_max {
        let order = suit_order(core, me);
        let counted = core.rules.variant.cards_counted() as u32;
        let hand = core.hands[me];
        for (entry, suit) in [(8, order[0]), (9, order[1])] {
            out[entry] = Some(Action::Discard(
                seat,
                Some(throw(hand, suit, counted, most as u32)),
            ));
        }
        out[10] = Some(Action::Discard(seat, Some(0)));
        return out;
    }
    if core.phase.betting_round() == 0 {
        return out;
    }
    if moves.can_pass {
        out[0] = Some(Action::Pass(seat));
    }
    if moves.call.is_some() {
        out[1] = Some(Action::Call(seat));
    }
    if moves.can_fold {
        out[2] = Some(Action::Fold(seat));
    }
    let amounts = if moves.can_pass {
        moves.bets
    } else {
        moves.raises
    };
    if amounts.1 > amounts.0 {
        let (low, high) = (amounts.0, amounts.1 - 1);
        let current = core.current_bet();
        let base = core.pot() + (current - core.bets[me]);
        let targets = [
            low,
            current + base / 2,
            current + base,
            current + base * 2,
            high,
        ];
        for (entry, target) in targets.into_iter().enumerate() {
            let amount = target.clamp(low, high);
            out[3 + entry] = Some(if moves.can_pass {
                Action::Bet(seat, amount)
            } else {
                Action::Raise(seat, amount)
            });
        }
    }
    out
}
