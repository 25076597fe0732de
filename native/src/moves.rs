//! Legal moves as data (ranges of amounts, a discard size, the stock), the bounds of a bet
//! (R5's minimums, fixed limits and most raises, R8's table stakes, R9's caps), the concrete
//! legal actions, and integer ids.

use crate::bugs::{self, Bug};
use crate::state::{Action, Actor, Core, Phase};
use crate::variant::Variant;

/// What the one to act may do, as `golfo.LegalMoves`: amounts as half-open ranges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moves {
    pub actor: Actor,
    pub can_pass: bool,
    pub can_fold: bool,
    pub call: Option<i64>,
    /// `(low, stop)`: empty when `low >= stop`.
    pub bets: (i64, i64),
    pub raises: (i64, i64),
    pub discard_max: Option<u8>,
    pub discard_from: u32,
    pub deals: u32,
    pub next_hand: bool,
    pub end_game: bool,
}

const EMPTY: (i64, i64) = (0, 0);

impl Moves {
    const NOTHING: Moves = Moves {
        actor: Actor::Nobody,
        can_pass: false,
        can_fold: false,
        call: None,
        bets: EMPTY,
        raises: EMPTY,
        discard_max: None,
        discard_from: 0,
        deals: 0,
        next_hand: false,
        end_game: false,
    };

    /// The number of concrete actions (`len(golfo.legal_moves(state))`).
    pub fn count(&self) -> u64 {
        let span = |r: (i64, i64)| (r.1 - r.0).max(0) as u64;
        let mut n = self.can_pass as u64
            + self.can_fold as u64
            + self.call.is_some() as u64
            + span(self.bets)
            + span(self.raises)
            + self.deals.count_ones() as u64
            + self.next_hand as u64
            + self.end_game as u64;
        if let Some(room) = self.discard_max {
            n += SUBSETS[self.discard_from.count_ones() as usize][room.min(5) as usize];
        }
        n
    }
}

/// Subsets of at most r of n cards, by [n][r]: sums of binomials.
const SUBSETS: [[u64; 6]; 6] = {
    let mut out = [[0u64; 6]; 6];
    let mut n = 0;
    while n < 6 {
        let mut r = 0;
        while r < 6 {
            let mut total = 0;
            let mut k = 0;
            while k <= r && k <= n {
                total += binomial(n as u64, k as u64);
                k += 1;
            }
            out[n][r] = total;
            r += 1;
        }
        n += 1;
    }
    out
};

const fn binomial(n: u64, k: u64) -> u64 {
    let mut out = 1;
    let mut i = 0;
    while i < k {
        out = out * (n - i) / (i + 1);
        i += 1;
    }
    out
}

/// `(low, stop)`: the legal Bet or Raise amounts of `seat` (none when `low >= stop`), as
/// `golfo.wagers.wager_range`.
#[inline]
pub fn wager_range(core: &Core, seat: usize, current: i64) -> (i64, i64) {
    let mut top = core.bets[seat] + core.stacks[seat]; // the seat's all-in total
    let mut reach = 0; // the most another seat still in can put in this round
    let in_hand = core.in_hand_mask();
    for &s in core.dealt() {
        let s = s as usize;
        if s != seat && in_hand >> s & 1 == 1 {
            reach = reach.max(core.bets[s] + core.stacks[s]);
        }
    }
    let capped = if bugs::on(Bug::NoTableStakes) {
        false
    } else if bugs::on(Bug::RaiseNobodyCanAnswer) {
        current < reach && reach < top
    } else {
        reach < top
    };
    if capped {
        top = reach;
    }
    if top <= current {
        return (1, 1);
    }
    let rules = &core.rules;
    let mut low = if current == 0 {
        rules.min_open
    } else {
        current + rules.min_raise
    };
    let variant = rules.variant;
    if variant.limited() {
        // R5 in a variant: the most raises of a round, and fixed-limit betting
        if let Some(most) = variant.max_raises() {
            if current > 0 && core.raises as i64 >= most && !bugs::on(Bug::RaisesNeverLimited) {
                return (1, 1); // the round has had its raises
            }
        }
        if let Some(size) = variant.bet_size(core.phase.betting_round().max(1)) {
            low = current + size; // fixed limit: one amount, or less where R8 allows no more
            if top < low {
                low = top;
            }
            top = low;
        }
    }
    if top < low {
        low = top; // R8: the largest allowed amount is the only one
    }
    if let Some(caps) = rules.round_caps.filter(|_| !bugs::on(Bug::CapsIgnored)) {
        let round = core.phase.betting_round();
        if round > 0 {
            let room = caps[round - 1] - core.committed[seat] + core.bets[seat];
            if room < top {
                top = room;
                if room < low && bugs::on(Bug::CapBelowTheMinimumBetsTheRoom) {
                    low = room;
                }
            }
        }
    }
    (low, top + 1)
}

/// Every number that bounds a bet or raise (for the reasons of a refusal), as
/// `golfo.wagers.wager_limits`.
#[derive(Clone, Copy, Debug)]
pub struct WagerLimits {
    pub current: i64,
    /// The smallest full opening or raise; with fixed limits, the one full amount.
    pub minimum: i64,
    pub own: i64,
    pub reach: i64,
    pub reach_seat: Option<u8>,
    pub room: Option<i64>,
    pub amounts: (i64, i64),
    /// The raises so far in this round (counted when `most_raises` is set).
    pub raises: i64,
    pub most_raises: Option<i64>,
    pub fixed: bool,
}

pub fn wager_limits(core: &Core, seat: usize) -> WagerLimits {
    let current = core.current_bet();
    let mut reach = 0;
    let mut reach_seat = None;
    let in_hand = core.in_hand_mask();
    for &s in core.dealt() {
        let u = s as usize;
        if u != seat && in_hand >> u & 1 == 1 && core.bets[u] + core.stacks[u] > reach {
            reach = core.bets[u] + core.stacks[u];
            reach_seat = Some(s);
        }
    }
    let round = core.phase.betting_round();
    let room = match core.rules.round_caps {
        Some(caps) if round > 0 => Some(caps[round - 1] - core.committed[seat] + core.bets[seat]),
        _ => None,
    };
    let (low, stop) = if round > 0 {
        wager_range(core, seat, current)
    } else {
        (1, 1)
    };
    let variant = core.rules.variant;
    let minimum = match variant.bet_size(round.max(1)) {
        Some(size) if round > 0 => current + size,
        _ if current == 0 => core.rules.min_open,
        _ => current + core.rules.min_raise,
    };
    let most_raises = variant.max_raises();
    WagerLimits {
        current,
        minimum,
        own: core.bets[seat] + core.stacks[seat],
        reach,
        reach_seat,
        room,
        amounts: if low < stop { (low, stop) } else { EMPTY },
        raises: if most_raises.is_some() {
            core.raises as i64
        } else {
            0
        },
        most_raises,
        fixed: variant.fixed_limit(),
    }
}

/// The legal moves of `core` (O(1) in the stacks), as `golfo.legal_moves`.
pub fn legal_moves(core: &Core) -> Moves {
    match core.to_act {
        Actor::Chance => Moves {
            actor: Actor::Chance,
            deals: core.stock,
            ..Moves::NOTHING
        },
        Actor::Seat(seat) => {
            let s = seat as usize;
            if core.phase.betting_round() > 0 {
                let current = core.current_bet();
                let (low, stop) = wager_range(core, s, current);
                let amounts = if low < stop { (low, stop) } else { EMPTY };
                if current == 0 {
                    Moves {
                        actor: core.to_act,
                        can_pass: true,
                        bets: amounts,
                        ..Moves::NOTHING
                    }
                } else {
                    let owe = current - core.bets[s];
                    Moves {
                        actor: core.to_act,
                        can_fold: true,
                        call: Some(owe.min(core.stacks[s])),
                        raises: amounts,
                        ..Moves::NOTHING
                    }
                }
            } else if core.phase.is_discarding() {
                let hand = core.hands[s];
                let room = hand.count_ones().min(core.stock.count_ones()) as u8;
                Moves {
                    actor: core.to_act,
                    discard_max: Some(room),
                    discard_from: hand,
                    ..Moves::NOTHING
                }
            } else {
                Moves::NOTHING
            }
        }
        Actor::Nobody => {
            if core.phase == Phase::BetweenHands {
                Moves {
                    next_hand: true,
                    end_game: core.rules.hands.is_none(),
                    ..Moves::NOTHING
                }
            } else {
                Moves::NOTHING
            }
        }
    }
}

/// Calls `f` with every legal action of a decision (not chance), in `golfo.legal_actions`'
/// set (the order of discards may differ; the set is the same).  No allocation.
pub fn for_each_action(moves: &Moves, mut f: impl FnMut(Action)) {
    let seat = match moves.actor {
        Actor::Seat(s) => s as i64,
        Actor::Chance => {
            for c in crate::cards::indices(moves.deals) {
                f(Action::Deal(Some(c)));
            }
            return;
        }
        Actor::Nobody => {
            if moves.next_hand {
                f(Action::NextHand);
            }
            if moves.end_game {
                f(Action::EndGame);
            }
            return;
        }
    };
    if let Some(room) = moves.discard_max {
        let hand = moves.discard_from;
        let n = hand.count_ones();
        for bits in 0u32..(1 << n) {
            if bits.count_ones() <= room as u32 {
                f(Action::Discard(seat, Some(spread(hand, bits))));
            }
        }
        return;
    }
    if moves.can_pass {
        f(Action::Pass(seat));
        for a in moves.bets.0..moves.bets.1 {
            f(Action::Bet(seat, a));
        }
    } else if moves.call.is_some() {
        f(Action::Call(seat));
        for a in moves.raises.0..moves.raises.1 {
            f(Action::Raise(seat, a));
        }
        if moves.can_fold {
            f(Action::Fold(seat));
        }
    }
}

/// The cards of `hand` picked by `bits` (bit i = the i-th card in canonical order).
#[inline]
pub fn spread(hand: u32, bits: u32) -> u32 {
    let mut out = 0;
    let mut rest = hand;
    let mut i = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if bits >> i & 1 == 1 {
            out |= low;
        }
        rest ^= low;
        i += 1;
    }
    out
}

/// The inverse of [`spread`]: the positions in `hand` of the cards of `mask`.
#[inline]
pub fn gather(hand: u32, mask: u32) -> u32 {
    let mut out = 0;
    let mut rest = hand;
    let mut i = 0;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        if mask & low != 0 {
            out |= 1 << i;
        }
        rest ^= low;
        i += 1;
    }
    out
}

/// The ids of `golfo.ext.codec.ActionCodec.for_rules(rules, players)` (exact mode) with
/// `max_amount = m`: amounts `1..=m`, Pass, Call, Fold, the variant's discard ids (one per
/// subset of the hand: 32 in El Golfo, none without discard rounds), NextHand, EndGame.
#[derive(Clone, Copy, Debug)]
pub struct Ids {
    pub max_amount: i64,
    /// The discard ids: `golfo.ext.codec.discard_ids(rules)`.
    pub discards: i64,
}

impl Ids {
    /// The ids of a game of `variant` whose amounts go up to `max_amount`.
    #[inline]
    pub fn new(max_amount: i64, variant: &Variant) -> Ids {
        Ids {
            max_amount,
            discards: variant.discard_ids(),
        }
    }
    #[inline]
    pub fn pass_id(self) -> i64 {
        self.max_amount + 1
    }
    #[inline]
    pub fn discard_base(self) -> i64 {
        self.max_amount + 4
    }
    #[inline]
    pub fn next_hand_id(self) -> i64 {
        self.discard_base() + self.discards
    }
    pub fn count(self) -> i64 {
        self.next_hand_id() + 2
    }

    /// The legal ids of a decision or between hands as a 0/1 mask of `count()` bytes
    /// (amounts over `max_amount` left out: `golfo_native.VecEnv`'s masks).
    pub fn mask(self, core: &Core, out: &mut [u8]) {
        out.fill(0);
        let m = legal_moves(core);
        let mut set = |id: i64| {
            if let Some(x) = out.get_mut(id as usize) {
                *x = 1;
            }
        };
        match m.actor {
            Actor::Chance => {}
            Actor::Nobody => {
                if m.next_hand {
                    set(self.next_hand_id());
                }
                if m.end_game {
                    set(self.next_hand_id() + 1);
                }
            }
            Actor::Seat(_) => {
                if let Some(room) = m.discard_max {
                    let n = m.discard_from.count_ones();
                    for bits in 0u32..(1 << n) {
                        if bits.count_ones() <= room as u32 {
                            set(self.discard_base() + bits as i64);
                        }
                    }
                    return;
                }
                let (low, stop) = if m.can_pass { m.bets } else { m.raises };
                for a in low..stop.min(self.max_amount + 1) {
                    set(a);
                }
                if m.can_pass {
                    set(self.pass_id());
                }
                if m.call.is_some() {
                    set(self.pass_id() + 1);
                }
                if m.can_fold {
                    set(self.pass_id() + 2);
                }
            }
        }
    }

    /// The legal ids, sorted (chance: the card indices of the stock); `Err(amount)` when a
    /// legal amount is over `max_amount` (the codec's `CodecError`).
    pub fn legal(self, core: &Core, out: &mut Vec<i64>) -> Result<(), i64> {
        out.clear();
        let m = legal_moves(core);
        match m.actor {
            Actor::Chance => out.extend(crate::cards::indices(m.deals).map(i64::from)),
            Actor::Nobody => {
                if m.next_hand {
                    out.push(self.next_hand_id());
                }
                if m.end_game {
                    out.push(self.next_hand_id() + 1);
                }
            }
            Actor::Seat(_) => {
                if let Some(room) = m.discard_max {
                    let n = m.discard_from.count_ones();
                    for bits in 0u32..(1 << n) {
                        if bits.count_ones() <= room as u32 {
                            out.push(self.discard_base() + bits as i64);
                        }
                    }
                } else {
                    let (low, stop) = if m.can_pass { m.bets } else { m.raises };
                    if stop > low && stop - 1 > self.max_amount {
                        return Err(stop - 1);
                    }
                    out.extend(low..stop);
                    if m.can_pass {
                        out.push(self.pass_id());
                    }
                    if m.call.is_some() {
                        out.push(self.pass_id() + 1);
                    }
                    if m.can_fold {
                        out.push(self.pass_id() + 2);
                    }
                }
            }
        }
        Ok(())
    }

    /// The action of a legal id (`None` when the id is not legal now).
    pub fn decode(self, core: &Core, id: i64) -> Option<Action> {
        let m = legal_moves(core);
        let seat = match m.actor {
            Actor::Chance => {
                return (0..28).contains(&id).then_some(()).and_then(|_| {
                    (m.deals >> id & 1 == 1).then_some(Action::Deal(Some(id as u8)))
                });
            }
            Actor::Nobody => {
                return if m.next_hand && id == self.next_hand_id() {
                    Some(Action::NextHand)
                } else if m.end_game && id == self.next_hand_id() + 1 {
                    Some(Action::EndGame)
                } else {
                    None
                };
            }
            Actor::Seat(s) => s as i64,
        };
        if let Some(room) = m.discard_max {
            let bits = id - self.discard_base();
            let n = m.discard_from.count_ones();
            if (0..1 << n).contains(&bits) && (bits as u32).count_ones() <= room as u32 {
                return Some(Action::Discard(
                    seat,
                    Some(spread(m.discard_from, bits as u32)),
                ));
            }
            return None;
        }
        if (1..=self.max_amount).contains(&id) {
            if m.can_pass && (m.bets.0..m.bets.1).contains(&id) {
                return Some(Action::Bet(seat, id));
            }
            if !m.can_pass && (m.raises.0..m.raises.1).contains(&id) {
                return Some(Action::Raise(seat, id));
            }
            return None;
        }
        match id - self.pass_id() {
            0 if m.can_pass => Some(Action::Pass(seat)),
            1 if m.call.is_some() => Some(Action::Call(seat)),
            2 if m.can_fold => Some(Action::Fold(seat)),
            _ => None,
        }
    }
}
