//! golfo's `RangeBot` (`golfo.bots.range`, today golfo's `StrongBot`) as a built-in policy: its betting rests on an
//! equity by Monte Carlo play-outs (with this module's own seeded generator, so not the
//! Python bot's random draws) whose opponents' hands are drawn from a range built from their
//! discards and weighted by their aggression; its discards are the Python bot's exactly
//! (the option with the highest exact expected value after the draw, computed with the same
//! floating-point operations, ties to fewer cards, then to the lower card mask).

use crate::game::Entry;
use crate::moves::legal_moves;
use crate::play::SplitMix64;
use crate::policy::seen_cards;
use crate::state::{Action, Actor, Core, Phase};
use crate::variant::value_counting;

const SUIT_BITS: u32 = 0x7F;
/// The most (in absolute value) an opponent's aggression counts.
const AGGRESSION_CAP: f64 = 3.0;
/// `golfo.analysis.world.HAND_SIZE`: the room of a policy discard is at most five cards.
const POLICY_ROOM: u32 = 5;

/// `golfo.RangeBot`'s settings (its defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Monte Carlo play-outs per betting decision.
    pub samples: u32,
    /// How strongly an opponent's aggression shifts its range (0: not at all).
    pub range_weight: f64,
    /// Whether an opponent's discards shape its range.
    pub use_discards: bool,
    pub bet_edge: f64,
    pub raise_edge: f64,
    pub call_margin: f64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            samples: 120,
            range_weight: 1.0,
            use_discards: true,
            bet_edge: 0.15,
            raise_edge: 0.3,
            call_margin: 0.0,
        }
    }
}

/// What every seat showed in the hand in play: its aggression (+1 a bet or raise, +0.3 a
/// call, -0.5 a pass; those before its last discard count half) and its last discard.
/// Public information: one tracker serves every seat of a table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evidence {
    recent: [f64; 4],
    older: [f64; 4],
    /// Cards thrown at the seat's last discard, and how many (-1: none yet).
    last_cards: [u32; 4],
    last_count: [i8; 4],
}

impl Evidence {
    /// No evidence: the start of a hand.
    pub fn new() -> Evidence {
        Evidence {
            last_count: [-1; 4],
            ..Evidence::default()
        }
    }

    /// Take `action` (about to be, or just, applied) into account; `NextHand` starts afresh.
    pub fn observe(&mut self, action: Action) {
        let seat = |s: i64| (0..4).contains(&s).then_some(s as usize);
        match action {
            Action::NextHand => *self = Evidence::new(),
            Action::Discard(s, Some(cards)) => {
                if let Some(s) = seat(s) {
                    self.older[s] += self.recent[s];
                    self.recent[s] = 0.0;
                    self.last_cards[s] = cards;
                    self.last_count[s] = cards.count_ones() as i8;
                }
            }
            Action::Bet(s, _) | Action::Raise(s, _) => {
                if let Some(s) = seat(s) {
                    self.recent[s] += 1.0;
                }
            }
            Action::Call(s) => {
                if let Some(s) = seat(s) {
                    self.recent[s] += 0.3;
                }
            }
            Action::Pass(s) => {
                if let Some(s) = seat(s) {
                    self.recent[s] -= 0.5;
                }
            }
            _ => {}
        }
    }

    /// The evidence of the hand in play from a game's history (back to its `NextHand`).
    pub fn of_log(log: &[Entry]) -> Evidence {
        let start = log
            .iter()
            .rposition(|e| e.action == Action::NextHand)
            .map_or(0, |i| i + 1);
        let mut ev = Evidence::new();
        for e in &log[start..] {
            ev.observe(e.action);
        }
        ev
    }

    fn aggression(&self, seat: usize) -> f64 {
        (self.recent[seat] + 0.5 * self.older[seat]).clamp(-AGGRESSION_CAP, AGGRESSION_CAP)
    }
}

/// `RangeBot().choose(view)` for the seat to act, up to the Monte Carlo draws (`None` when no
/// seat is to act).
pub fn range_action(
    core: &Core,
    ev: &Evidence,
    rng: &mut SplitMix64,
    params: &Params,
) -> Option<Action> {
    let Actor::Seat(s) = core.to_act else {
        return None;
    };
    let me = s as usize;
    let seat = s as i64;
    let moves = legal_moves(core);
    let variant = core.rules.variant;
    if let Some(most) = moves.discard_max {
        let unseen = variant.deck() & !seen_cards(core, me);
        let thrown = best_discard(core.hands[me], unseen, most, variant.cards_counted());
        return Some(Action::Discard(seat, Some(thrown)));
    }
    let win = equity(core, me, ev, rng, params);
    let fair = 1.0 / core.in_hand_mask().count_ones() as f64;
    let pot = core.pot();
    let current = core.current_bet();
    let facing = !moves.can_pass;
    let (low, stop) = if facing { moves.raises } else { moves.bets };
    let has_amounts = stop > low;
    let wager = |share: f64| {
        let r = round_half_even(pot as f64 * share).max(1.0);
        let target = current as f64 + r;
        let amount = target.max(low as f64).min((stop - 1) as f64) as i64;
        if facing {
            Action::Raise(seat, amount)
        } else {
            Action::Bet(seat, amount)
        }
    };
    if win >= 1.0 - 1e-12 && has_amounts {
        return Some(wager((1u64 << 62) as f64)); // locked: as high as the rules allow
    }
    if !facing {
        if has_amounts && win >= fair + params.bet_edge {
            return Some(wager(((win - fair) / (1.0 - fair) * 1.5).min(1.0)));
        }
        return Some(Action::Pass(seat));
    }
    let to_call = current - core.bets[me];
    if has_amounts && win >= fair + params.raise_edge {
        return Some(wager(1.0));
    }
    if win >= to_call as f64 / (pot + to_call) as f64 + params.call_margin {
        return Some(Action::Call(seat));
    }
    Some(if moves.can_fold {
        Action::Fold(seat)
    } else {
        Action::Call(seat)
    })
}

/// Python's `round` of a float (half to even).
fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (r - x).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// Sum of the `counted` highest ranks (rank `i + 3` for bit `i`) of a 7-bit suit mask.
fn suit_value(bits: u32, counted: u8) -> u32 {
    value_counting(bits & SUIT_BITS, counted) as u32
}

/// One suit's draws: `cum[k][t]`, the ways to draw `k` of its free cards leaving it worth at
/// most `t` with its kept cards; `steps[k]`, the values `t` at which rows `0..=k` grow.
#[derive(Clone, Copy)]
struct SuitDraws {
    cum: [[u64; 36]; 6],
    steps: [u64; 6],
}

impl SuitDraws {
    fn new(kept7: u32, free7: u32, counted: u8, top: usize) -> SuitDraws {
        let mut cum = [[0u64; 36]; 6];
        let mut sub = free7;
        loop {
            let n = sub.count_ones() as usize;
            if n <= 5 {
                cum[n][suit_value(kept7 | sub, counted) as usize] += 1;
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & free7;
        }
        let mut steps = [0u64; 6];
        let mut grow = 0u64;
        for (k, row) in cum.iter_mut().enumerate() {
            for t in 0..top {
                if row[t] != 0 {
                    grow |= 1 << t;
                }
                if t > 0 {
                    row[t] += row[t - 1];
                }
            }
            steps[k] = grow;
        }
        SuitDraws { cum, steps }
    }
}

/// `golfo.analysis.draws.expected_value(kept, unseen, draws, counted)` with the same
/// floating-point operations (Python 3.11's `sum`, left to right).
pub fn expected_value(kept: u32, unseen: u32, draws: u32, counted: u8) -> f64 {
    let top = if counted == 5 { 36 } else { 31 };
    let suits: [SuitDraws; 4] = std::array::from_fn(|i| {
        SuitDraws::new(
            kept >> (7 * i) & SUIT_BITS,
            unseen >> (7 * i) & SUIT_BITS,
            counted,
            top,
        )
    });
    expected_of(
        &[&suits[0], &suits[1], &suits[2], &suits[3]],
        unseen,
        draws,
        top,
    )
}

fn expected_of(suits: &[&SuitDraws; 4], unseen: u32, draws: u32, top: usize) -> f64 {
    let d = draws as usize;
    let n = unseen.count_ones() as u64;
    if draws as u64 > n || d > 5 {
        return f64::NEG_INFINITY; // cannot be drawn, or more than five cards (golfo raises)
    }
    let mut total: u64 = 1; // comb(unseen, draws)
    for j in 0..draws as u64 {
        total = total * (n - j) / (j + 1);
    }
    // the count of draws worth at most t only changes where some suit's does: the other
    // values add nothing to the sum (Python's adds nothing for them either)
    let mut steps = suits.iter().fold(0u64, |m, s| m | s.steps[d]) & ((1u64 << top) - 1);
    let mut acc = 0.0f64;
    let mut below = 0u64;
    // [x^d] of the product of the four suits' polynomials: two pairs, then their product
    let pair = |a: &SuitDraws, b: &SuitDraws, t: usize| {
        let mut out = [0u64; 6];
        for i in 0..=d {
            let x = a.cum[i][t];
            if x != 0 {
                for j in 0..=d - i {
                    out[i + j] += x * b.cum[j][t];
                }
            }
        }
        out
    };
    while steps != 0 {
        let t = steps.trailing_zeros() as usize;
        steps &= steps - 1;
        let p = pair(suits[0], suits[1], t);
        let q = pair(suits[2], suits[3], t);
        let ways: u64 = (0..=d).map(|i| p[i] * q[d - i]).sum();
        if ways > below {
            acc += t as f64 * ((ways - below) as f64 / total as f64);
        }
        below = ways;
    }
    acc
}

/// Whether, in every suit, the cards `thrown` are below every card of `hand` kept: an
/// option that throws a card and keeps a lower one of its suit never wins (the higher card
/// is worth at least as much after any draw, and its option's mask is the lower on a tie).
fn throws_the_lowest(hand: u32, thrown: u32) -> bool {
    (0..4).all(|i| {
        let th = thrown >> (7 * i) & SUIT_BITS;
        let kept = (hand & !thrown) >> (7 * i) & SUIT_BITS;
        th == 0 || kept == 0 || 31 - th.leading_zeros() < kept.trailing_zeros()
    })
}

/// The cards to throw from `hand` (at most `most`): the option with the highest exact
/// expected value after the draw; ties to fewer cards, then to the lower mask.
pub fn best_discard(hand: u32, unseen: u32, most: u8, counted: u8) -> u32 {
    let top = if counted == 5 { 36 } else { 31 };
    // per suit, the tables of the hand's cards of that suit less its j lowest, made once
    let mut tables: [Vec<(u32, SuitDraws)>; 4] = Default::default();
    for (i, list) in tables.iter_mut().enumerate() {
        let free = unseen >> (7 * i) & SUIT_BITS;
        let mut kept = hand >> (7 * i) & SUIT_BITS;
        loop {
            list.push((kept, SuitDraws::new(kept, free, counted, top)));
            if kept == 0 {
                break;
            }
            kept &= kept - 1;
        }
    }
    let table = |i: usize, kept7: u32| -> &SuitDraws {
        &tables[i]
            .iter()
            .find(|(k, _)| *k == kept7)
            .expect("the hand's cards of a suit less its lowest")
            .1
    };
    let mut best: Option<(f64, u32, u32)> = None;
    let mut t = hand;
    loop {
        let k = t.count_ones();
        if k <= most as u32 && throws_the_lowest(hand, t) {
            let kept = hand & !t;
            let suits = [0, 1, 2, 3].map(|i| table(i, kept >> (7 * i) & SUIT_BITS));
            let v = expected_of(&suits, unseen, k, top);
            let better = match best {
                None => true,
                Some((bv, bk, bt)) => v > bv || (v == bv && (k < bk || (k == bk && t < bt))),
            };
            if better {
                best = Some((v, k, t));
            }
        }
        if t == 0 {
            break;
        }
        t = (t - 1) & hand;
    }
    best.map_or(0, |(_, _, t)| t)
}

/// Per number of cards counted (1..5, at `[counted - 1]`) and 7-bit suit mask: the suit's
/// value (`.0`, the sum of its `counted` highest ranks) and those cards (`.1`): built at
/// compile time.
static SUITS: [[(u8, u8); 128]; 5] = {
    let mut out = [[(0u8, 0u8); 128]; 5];
    let mut c = 0;
    while c < 5 {
        let mut b = 0;
        while b < 128 {
            let (mut sum, mut top, mut taken) = (0u8, 0u8, 0);
            let mut i = 7;
            while i > 0 {
                i -= 1;
                if b >> i & 1 == 1 && taken <= c {
                    sum += (i + 3) as u8;
                    top |= 1 << i;
                    taken += 1;
                }
            }
            out[c][b] = (sum, top);
            b += 1;
        }
        c += 1;
    }
    out
};

/// `golfo.analysis.world.policy_discard(hand, room, counted)`: keep the counting cards of the
/// suit worth most (the first of the best), throw the rest, the lowest ranks first when the
/// room is short.
pub fn policy_discard(hand: u32, room: u32, counted: u8) -> u32 {
    let suits = &SUITS[(counted as usize).clamp(1, 5) - 1];
    let (mut best, mut best_value) = (0usize, 0u8);
    for i in 0..4 {
        let v = suits[(hand >> (7 * i) & SUIT_BITS) as usize].0;
        if v > best_value || i == 0 {
            best = i;
            best_value = v;
        }
    }
    let keep = suits[(hand >> (7 * best) & SUIT_BITS) as usize].1 as u32;
    let rest = hand & !(keep << (7 * best));
    let room = room.min(POLICY_ROOM);
    if rest.count_ones() <= room {
        return rest;
    }
    let mut short = 0u32;
    'ranks: for rank in 0..7 {
        for suit in 0..4 {
            if short.count_ones() == room {
                break 'ranks;
            }
            let bit = 1 << (7 * suit + rank);
            if rest & bit != 0 {
                short |= bit;
            }
        }
    }
    short
}

/// Uniform in `0..n` (`n >= 1`) by a multiply and a shift: its bias, below `n / 2**64`, is
/// far below the Monte Carlo error (golfo's `int(rand() * n)` has one too).
#[inline]
fn fast_below(rng: &mut SplitMix64, n: u32) -> u32 {
    ((rng.next_u64() as u128 * n as u128) >> 64) as u32
}

/// The cards not yet placed in a play-out: a list (to draw one at random in O(1)), each
/// card's place in it, and the same cards as a mask.
#[derive(Clone, Copy)]
struct Pool {
    cards: [u8; 32],
    at: [u8; 32],
    len: u32,
    mask: u32,
}

impl Pool {
    fn new(mask: u32) -> Pool {
        let mut pool = Pool {
            cards: [0; 32],
            at: [0; 32],
            len: 0,
            mask,
        };
        for c in crate::cards::indices(mask) {
            pool.cards[pool.len as usize] = c;
            pool.at[c as usize] = pool.len as u8;
            pool.len += 1;
        }
        pool
    }

    #[inline]
    fn remove_at(&mut self, i: u32) -> u32 {
        let c = self.cards[i as usize];
        self.len -= 1;
        let last = self.cards[self.len as usize];
        self.cards[i as usize] = last;
        self.at[last as usize] = i as u8;
        self.mask &= !(1 << c);
        1 << c
    }

    /// A card at random, taken out (a one-bit mask; 0 when empty: the deal model never
    /// asks for more cards than are unseen).
    #[inline]
    fn draw(&mut self, rng: &mut SplitMix64) -> u32 {
        if self.len == 0 {
            return 0;
        }
        let i = fast_below(rng, self.len);
        self.remove_at(i)
    }

    /// One of the cards of `among` (in the pool, not empty) at random, taken out.
    #[inline]
    fn draw_among(&mut self, among: u32, rng: &mut SplitMix64) -> u32 {
        let c = crate::cards::nth_bit(among, fast_below(rng, among.count_ones()));
        self.remove_at(self.at[c.trailing_zeros() as usize] as u32)
    }
}

/// A float in [0, 1).
#[inline]
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

fn binomial(n: u32, k: u32) -> f64 {
    let mut c = 1.0;
    for j in 0..k {
        c = c * (n - j) as f64 / (j + 1) as f64;
    }
    c
}

/// `golfo.bots.net.weighted_equity`: `me`'s weighted chance of winning the main pot.
pub fn equity(core: &Core, me: usize, ev: &Evidence, rng: &mut SplitMix64, p: &Params) -> f64 {
    let variant = core.rules.variant;
    let in_hand = core.in_hand_mask();
    let mut order = [0usize; 4];
    let mut n = 0;
    for &s in core.dealt() {
        if in_hand >> s & 1 == 1 {
            order[n] = s as usize;
            n += 1;
        }
    }
    let order = &order[..n];
    let Some(mine) = order.iter().position(|&s| s == me) else {
        return 0.0;
    };
    if n == 1 {
        return 1.0;
    }
    let counted = variant.cards_counted();
    let [n1, n2] = variant.deal_sizes();
    let hand_size = (n1 + n2) as u32;
    let unseen = variant.deck() & !seen_cards(core, me);
    let face_up = core.rules.discards_face_up;
    let mut sizes = [0u32; 4];
    let mut base = [0u32; 4];
    for (q, &s) in order.iter().enumerate() {
        sizes[q] = core.hands[s].count_ones();
    }
    base[mine] = core.hands[me];
    let stock = core.stock.count_ones();
    let mut turns = [0usize; 8];
    let mut n_turns = 0;
    if core.phase != Phase::Bet4 {
        for k in 0..variant.discard_rounds() {
            for (q, &s) in order.iter().enumerate() {
                if core.discard_rounds[s] <= k {
                    turns[n_turns] = q;
                    n_turns += 1;
                }
            }
        }
    }
    let turns = &turns[..n_turns];
    let suit_mask = |i: usize| SUIT_BITS << (7 * i);
    // per unknown position: its aggression, scale, cards kept from one suit and the suits
    // with their weights
    struct Plan {
        q: usize,
        aggression: f64,
        scale: f64,
        kept: u32,
        choices: [(usize, f64); 4],
        n_choices: usize,
        total: f64,
    }
    let mut plans: [Option<Plan>; 4] = [None, None, None, None];
    for (q, &s) in order.iter().enumerate() {
        if q == mine {
            continue;
        }
        let mut kept = 0u32;
        let mut suits = 0b1111u32;
        if ev.last_count[s] >= 0 {
            let count = ev.last_count[s] as u32;
            kept = hand_size.saturating_sub(count).min(counted as u32);
            if face_up && count < hand_size {
                let mut thrown = 0u32;
                for i in 0..4 {
                    if ev.last_cards[s] & suit_mask(i) != 0 {
                        thrown |= 1 << i;
                    }
                }
                if thrown != 0b1111 {
                    suits = 0b1111 & !thrown;
                }
            }
        }
        kept = if p.use_discards {
            kept.min(sizes[q])
        } else {
            0
        };
        let mut choices = [(0usize, 0.0f64); 4];
        let mut n_choices = 0;
        if kept > 0 {
            for i in 0..4 {
                let avail = (unseen & suit_mask(i)).count_ones();
                if suits >> i & 1 == 1 && avail >= kept {
                    choices[n_choices] = (i, binomial(avail, kept));
                    n_choices += 1;
                }
            }
            if n_choices == 0 {
                kept = 0;
            }
        }
        let best = (0..sizes[q].min(counted as u32))
            .map(|r| 9 - r)
            .sum::<u32>();
        let scale = if sizes[q] > 0 {
            1.0 / best.max(1) as f64
        } else {
            0.0
        };
        plans[q] = Some(Plan {
            q,
            aggression: ev.aggression(s),
            scale,
            kept,
            choices,
            n_choices,
            total: choices[..n_choices].iter().map(|c| c.1).sum(),
        });
    }
    let value = |h: u32| value_counting(h, counted) as u32;
    let start = Pool::new(unseen);
    let (mut weighted_win, mut total) = (0.0f64, 0.0f64);
    for _ in 0..p.samples {
        let mut pool = start;
        let mut hands = base;
        for plan in plans.iter().flatten() {
            let mut hand = 0u32;
            if plan.kept > 0 {
                let mut pick = unit(rng) * plan.total;
                let mut suit = plan.choices[plan.n_choices - 1].0;
                for &(s, w) in &plan.choices[..plan.n_choices] {
                    if pick < w {
                        suit = s;
                        break;
                    }
                    pick -= w;
                }
                let mut candidates = pool.mask & suit_mask(suit);
                if candidates.count_ones() < plan.kept {
                    candidates = pool.mask;
                }
                for _ in 0..plan.kept {
                    let c = pool.draw_among(candidates, rng);
                    candidates &= !c;
                    hand |= c;
                }
            }
            for _ in plan.kept..sizes[plan.q] {
                hand |= pool.draw(rng);
            }
            hands[plan.q] = hand;
        }
        let mut exponent = 0.0;
        if p.range_weight != 0.0 {
            for plan in plans.iter().flatten() {
                if plan.aggression != 0.0 {
                    let s = 2.0 * value(hands[plan.q]) as f64 * plan.scale - 1.0;
                    exponent += p.range_weight * plan.aggression * s;
                }
            }
        }
        let mut left = stock;
        for q in 0..n {
            if sizes[q] < hand_size {
                for _ in sizes[q]..hand_size {
                    hands[q] |= pool.draw(rng);
                }
                left = left.saturating_sub(hand_size - sizes[q]);
            }
        }
        for &q in turns {
            if left == 0 {
                break;
            }
            let thrown = policy_discard(hands[q], left, counted);
            if thrown != 0 {
                let k = thrown.count_ones();
                let mut h = hands[q] ^ thrown;
                for _ in 0..k {
                    h |= pool.draw(rng);
                }
                hands[q] = h;
                left -= k;
            }
        }
        let (mut best, mut winner) = (-1i64, 0usize);
        for (q, &h) in hands[..n].iter().enumerate() {
            let v = value(h) as i64;
            if v > best {
                best = v;
                winner = q;
            }
        }
        let w = exponent.exp();
        total += w;
        if winner == mine {
            weighted_win += w;
        }
    }
    weighted_win / total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mask of cards written as golfo writes them (`"9O 8O 3C"`).
    fn cards(text: &str) -> u32 {
        text.split_whitespace()
            .map(|c| {
                let (rank, suit) = c.split_at(c.len() - 1);
                let suit = "OCEB".find(suit).expect("a suit letter") as u32;
                1u32 << (7 * suit + rank.parse::<u32>().expect("a rank") - 3)
            })
            .fold(0, |m, b| m | b)
    }

    #[test]
    fn expected_value_is_golfos() {
        // golfo.analysis.draws' doctest: 6O or 3C to 9O 8O 7O
        assert_eq!(
            expected_value(cards("9O 8O 7O"), cards("6O 3C"), 1, 4),
            27.0
        );
        assert_eq!(
            expected_value(cards("9O 8O 7O 6O"), cards("3C 5E"), 0, 4),
            30.0
        );
    }

    #[test]
    fn policy_discard_is_golfos() {
        // golfo.analysis.world.policy_discard's doctests
        assert_eq!(
            policy_discard(cards("9O 8O 3C 4C 5E"), 5, 4),
            cards("3C 4C 5E")
        );
        assert_eq!(policy_discard(cards("9O 8O 7O 6O 5O"), 5, 4), cards("5O"));
        assert_eq!(
            policy_discard(cards("9O 3C 4C 5E 6B"), 2, 4),
            cards("3C 4C")
        );
    }

    #[test]
    fn a_full_counting_hand_stands_pat() {
        let hand = cards("9O 8O 7O 6O 3C");
        let unseen = !hand & ((1 << 28) - 1);
        // throwing the 3C is worth as much (30) as keeping it: fewer cards win the tie
        assert_eq!(best_discard(hand, unseen, 5, 4), 0);
        assert_eq!(
            best_discard(cards("9O 8O 3C 4E 5B"), unseen, 3, 4),
            cards("3C 4E 5B")
        );
    }

    #[test]
    fn evidence_counts_bets_and_the_last_discard() {
        let mut ev = Evidence::new();
        ev.observe(Action::Bet(1, 2));
        ev.observe(Action::Discard(1, Some(cards("3C 4C"))));
        ev.observe(Action::Call(1));
        ev.observe(Action::Pass(2));
        assert!((ev.aggression(1) - 0.8).abs() < 1e-12); // a bet before the discard counts half
        assert!((ev.aggression(2) + 0.5).abs() < 1e-12);
        assert_eq!(ev.last_count[1], 2);
        ev.observe(Action::NextHand);
        assert_eq!(ev, Evidence::new());
    }
}
