//! The reducer: one action applied in place, every check made first, so that a refused
//! action leaves the state as it was.  Rule numbers are those of golfo's `docs/rules.md`.

use crate::bugs::{self, Bug};
use crate::moves::{wager_limits, wager_range};
use crate::settle::settle;
use crate::state::{Action, Actor, Core, Phase, NOT_WHOLE};

/// The machine-readable reason of a refusal (`err.code` in golfo).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    GameOver,
    NoSeat,
    Dealing,
    NoHand,
    NotYourTurn,
    Folded,
    NoDeal,
    NotACard,
    NotInStock,
    NoBetting,
    PassAfterOpen,
    FoldNotFacing,
    CallUnopened,
    NotFacing,
    BetAfterOpen,
    RaiseUnopened,
    NotWhole,
    Unanswerable,
    AboveStack,
    AboveReach,
    AboveCap,
    BelowMinimum,
    RaiseLimit,
    LimitAmount,
    NoDiscard,
    NotHeld,
    StockShort,
    HandInPlay,
    FixedLength,
}

impl Code {
    /// golfo's name of the code.
    pub fn name(self) -> &'static str {
        use Code::*;
        match self {
            GameOver => "game_over",
            NoSeat => "no_seat",
            Dealing => "dealing",
            NoHand => "no_hand",
            NotYourTurn => "not_your_turn",
            Folded => "folded",
            NoDeal => "no_deal",
            NotACard => "not_a_card",
            NotInStock => "not_in_stock",
            NoBetting => "no_betting",
            PassAfterOpen => "pass_after_open",
            FoldNotFacing => "fold_not_facing",
            CallUnopened => "call_unopened",
            NotFacing => "not_facing",
            BetAfterOpen => "bet_after_open",
            RaiseUnopened => "raise_unopened",
            NotWhole => "not_whole",
            Unanswerable => "unanswerable",
            AboveStack => "above_stack",
            AboveReach => "above_reach",
            AboveCap => "above_cap",
            BelowMinimum => "below_minimum",
            RaiseLimit => "raise_limit",
            LimitAmount => "limit_amount",
            NoDiscard => "no_discard",
            NotHeld => "not_held",
            StockShort => "stock_short",
            HandInPlay => "hand_in_play",
            FixedLength => "fixed_length",
        }
    }
}

/// A refused action: the rule, the code and the numbers behind it (`facts`, whose meaning
/// depends on the code: see [`Illegal::facts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Illegal {
    pub rule: &'static str,
    pub code: Code,
    /// Up to five numbers; -1 stands for `None` where a fact may be absent.
    pub facts: [i64; 5],
}

impl Illegal {
    fn new(rule: &'static str, code: Code) -> Illegal {
        Illegal {
            rule,
            code,
            facts: [0; 5],
        }
    }

    fn with(rule: &'static str, code: Code, f: [i64; 3]) -> Illegal {
        Illegal {
            rule,
            code,
            facts: [f[0], f[1], f[2], 0, 0],
        }
    }

    /// The named facts, as golfo's `err.facts` (`-1` for `None`): `to_act`; `card` (an
    /// index); `phase` (a `Phase` index); `current`, `reach`, `reach_seat`; `own`; `room`;
    /// `minimum`, `only`; `most`; `amount`; `cards` (a mask); `stock`; `hands`.
    pub fn facts(&self) -> Vec<(&'static str, i64)> {
        let f = self.facts;
        use Code::*;
        match self.code {
            NotYourTurn | Folded => vec![("to_act", f[0])],
            NotInStock => vec![("card", f[0])],
            NoBetting | NoDiscard => vec![("phase", f[0])],
            PassAfterOpen => vec![("current", f[0])],
            Unanswerable => vec![("current", f[0]), ("reach", f[1]), ("reach_seat", f[2])],
            AboveStack => vec![("own", f[0])],
            AboveReach => vec![("reach", f[0]), ("reach_seat", f[1])],
            AboveCap => vec![("room", f[0])],
            // and, for the reason's words only (names with "_"): own, reach_seat, current
            BelowMinimum => vec![
                ("minimum", f[0]),
                ("only", f[1]),
                ("_own", f[2]),
                ("_reach_seat", f[3]),
                ("_current", f[4]),
            ],
            RaiseLimit => vec![("most", f[0])],
            // and the current bet, for the reason's words only
            LimitAmount => vec![("amount", f[0]), ("_current", f[1])],
            NotHeld => vec![("cards", f[0])],
            StockShort => vec![("stock", f[0])],
            FixedLength => vec![("hands", f[0])],
            _ => vec![],
        }
    }
}

/// What a valid action did: who took it (the receiver of a deal; -1 for the table) and
/// whether a hand ended (its result is then `core.last`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applied {
    pub actor: i8,
    pub ended: bool,
}

/// The first seat of `mask` going round the table from seat `start` (-1: none), for every
/// start and mask: a table lookup instead of a loop on the hot path.
static FIRST_FROM: [[i8; 16]; 4] = {
    let mut out = [[-1i8; 16]; 4];
    let mut t = 0;
    while t < 4 {
        let mut m = 0;
        while m < 16 {
            let mut k = 0;
            while k < 4 {
                let s = (t + k) & 3;
                if m >> s & 1 == 1 {
                    out[t][m] = s as i8;
                    break;
                }
                k += 1;
            }
            m += 1;
        }
        t += 1;
    }
    out
};

#[inline]
fn first_from(start: usize, mask: u8) -> u8 {
    FIRST_FROM[start & 3][mask as usize] as u8
}

impl Core {
    /// Apply `action` in place; on a refusal nothing has changed.
    pub fn apply(&mut self, action: Action) -> Result<Applied, Illegal> {
        if let Action::Deal(Some(card)) = action {
            // the most frequent action: every check at once, then the deal
            if self.to_act == Actor::Chance && self.stock >> card & 1 == 1 {
                return Ok(self.deal_card(card));
            }
        }
        if self.phase == Phase::End {
            return Err(Illegal::new("R15", Code::GameOver));
        }
        match action {
            Action::Deal(card) => {
                if self.to_act != Actor::Chance {
                    return Err(Illegal::new("R4", Code::NoDeal));
                }
                match card {
                    None => Err(Illegal::new("R4", Code::NotACard)),
                    Some(c) if bugs::on(Bug::DealFromOutsideTheStock) => Ok(self.deal_card(c)),
                    Some(c) => Err(Illegal::with("R4", Code::NotInStock, [c as i64, 0, 0])),
                }
            }
            Action::Pass(seat) => {
                let s = self.betting_seat(seat)?;
                let current = self.current_bet();
                if current > 0 && !bugs::on(Bug::PassAfterAnOpening) {
                    return Err(Illegal::with("R5", Code::PassAfterOpen, [current, 0, 0]));
                }
                let needs = self.needs & !(1 << s);
                Ok(self.after_bet(s, 0, needs))
            }
            Action::Fold(seat) => {
                let s = self.betting_seat(seat)?;
                if self.bets[s] >= self.current_bet() {
                    return Err(Illegal::new("R5", Code::FoldNotFacing));
                }
                self.version += 1;
                self.folded |= 1 << s;
                self.dead |= self.hands[s];
                if !bugs::on(Bug::FoldedHandKept) {
                    self.hands[s] = 0;
                }
                let needs = self.needs & !(1 << s);
                self.needs = needs;
                if self.in_hand_mask().count_ones() == 1 && !bugs::on(Bug::LastSeatInPlaysOn) {
                    settle(self, false); // R6c
                    return Ok(Applied {
                        actor: s as i8,
                        ended: true,
                    });
                }
                let ended = if needs != 0 {
                    self.to_act = Actor::Seat(first_from(s + 1, needs));
                    false
                } else {
                    self.end_round()
                };
                Ok(Applied {
                    actor: s as i8,
                    ended,
                })
            }
            Action::Call(seat) => {
                let s = self.betting_seat(seat)?;
                let current = self.current_bet();
                if current == 0 {
                    return Err(Illegal::new("R5", Code::CallUnopened));
                }
                let chips = current - self.bets[s];
                if chips <= 0 {
                    return Err(Illegal::new("R5", Code::NotFacing));
                }
                let needs = self.needs & !(1 << s);
                Ok(self.after_bet(s, chips.min(self.stacks[s]), needs))
            }
            Action::Bet(seat, amount) | Action::Raise(seat, amount) => {
                let is_bet = matches!(action, Action::Bet(..));
                let s = self.betting_seat(seat)?;
                let current = self.current_bet();
                let (low, stop) = wager_range(self, s, current);
                if amount == NOT_WHOLE
                    || !(low <= amount && amount < stop)
                    || is_bet != (current == 0)
                {
                    return Err(self.refuse_wager(is_bet, s, amount, current));
                }
                if !is_bet {
                    self.raises += 1; // R5: the raises of the round, for max_raises
                }
                // R5: a bet or raise reopens the action to every other seat still in and
                // not all-in
                let in_hand = self.in_hand_mask();
                let mut needs = 0u8;
                for &o in self.dealt() {
                    let o = o as usize;
                    if o != s && in_hand >> o & 1 == 1 && self.stacks[o] > 0 {
                        needs |= 1 << o;
                    }
                }
                Ok(self.after_bet(s, amount - self.bets[s], needs))
            }
            Action::Discard(seat, mask) => self.discard(seat, mask),
            Action::NextHand => {
                if self.phase != Phase::BetweenHands && !bugs::on(Bug::NextHandDuringAHand) {
                    return Err(Illegal::new("R15", Code::HandInPlay));
                }
                self.version += 1;
                self.pay_or_leave();
                let n = self.players;
                let (from, to) = if bugs::on(Bug::RotationSkipsASeat) {
                    (2, n + 2)
                } else {
                    (1, n + 1)
                };
                let dealer = (from..to)
                    .map(|k| (self.dealer + k) % n)
                    .find(|&s| self.out >> s & 1 == 0)
                    .unwrap_or(self.dealer);
                self.start_hand(dealer);
                Ok(Applied {
                    actor: -1,
                    ended: false,
                })
            }
            Action::EndGame => {
                if self.phase != Phase::BetweenHands {
                    return Err(Illegal::new("R15", Code::HandInPlay));
                }
                if let Some(hands) = self.rules.hands {
                    return Err(Illegal::with("R16", Code::FixedLength, [hands, 0, 0]));
                }
                self.version += 1;
                self.phase = Phase::End;
                self.to_act = Actor::Nobody;
                Ok(Applied {
                    actor: -1,
                    ended: false,
                })
            }
        }
    }

    /// A valid deal of card `card` to the first seat waiting.
    #[inline]
    fn deal_card(&mut self, card: u8) -> Applied {
        let seat = self.pending[self.pending_at as usize];
        self.hands[seat as usize] |= 1 << card;
        self.stock ^= 1 << card;
        self.pending_at += 1;
        self.version += 1;
        let mut ended = false;
        if self.pending_at == self.pending_len {
            self.pending_at = 0;
            self.pending_len = 0;
            ended = self.drawn();
        }
        Applied {
            actor: seat as i8,
            ended,
        }
    }

    /// Every pending card is dealt: the next discarder, or the next phase.
    fn drawn(&mut self) -> bool {
        match self.phase {
            Phase::Discard1 | Phase::Discard2 => self.next_discarder(),
            phase => self.enter(self.rules.variant.after(phase)),
        }
    }

    /// The hand moves on to `phase`, the next one the rules play (R3, R10, R11).  True if
    /// the hand ended.
    #[inline]
    fn enter(&mut self, phase: Phase) -> bool {
        if phase.betting_round() > 0 {
            self.start_betting(phase) // the usual step: kept apart, small
        } else {
            self.enter_other(phase)
        }
    }

    /// The hand moves on to `phase`, a deal, a discard round or the showdown.
    fn enter_other(&mut self, phase: Phase) -> bool {
        match phase {
            Phase::Deal2 => {
                self.phase = phase;
                self.to_act = Actor::Chance;
                let in_hand = self.in_hand_mask();
                let mut seats = [0u8; 4];
                let mut k = 0;
                for &s in self.dealt() {
                    if in_hand >> s & 1 == 1 {
                        seats[k] = s;
                        k += 1;
                    }
                }
                let n = self.rules.variant.deal_sizes()[1];
                self.set_pending_deal(&seats[..k], n, false);
                false
            }
            Phase::Showdown => {
                settle(self, true);
                true
            }
            _ => {
                self.phase = phase;
                self.needs = self.in_hand_mask();
                self.next_discarder()
            }
        }
    }

    /// The seat of a betting action, after the checks that it is that seat's turn to bet.
    fn betting_seat(&self, seat: i64) -> Result<usize, Illegal> {
        let phase = self.phase;
        if phase.betting_round() == 0 {
            return Err(Illegal::with("R5", Code::NoBetting, [phase as i64, 0, 0]));
        }
        self.check_seat_turn(seat)
    }

    fn check_seat_turn(&self, seat: i64) -> Result<usize, Illegal> {
        if let Actor::Seat(t) = self.to_act {
            if seat == t as i64 {
                return Ok(seat as usize); // the usual case, all checks passed at once
            }
        }
        if !(0..self.players as i64).contains(&seat) {
            return Err(Illegal::new("R1", Code::NoSeat));
        }
        match self.to_act {
            Actor::Chance => Err(Illegal::new("R4", Code::Dealing)),
            Actor::Nobody => Err(Illegal::new("R15", Code::NoHand)),
            Actor::Seat(t) => {
                let code = if self.folded >> seat & 1 == 1 {
                    Code::Folded
                } else {
                    Code::NotYourTurn
                };
                Err(Illegal::with("R5", code, [t as i64, 0, 0]))
            }
        }
    }

    /// Why a Bet or Raise is refused: the first limit it breaks, in golfo's order.
    fn refuse_wager(&self, is_bet: bool, seat: usize, amount: i64, current: i64) -> Illegal {
        if is_bet && current > 0 {
            return Illegal::new("R5", Code::BetAfterOpen);
        }
        if !is_bet && current == 0 {
            return Illegal::new("R5", Code::RaiseUnopened);
        }
        if amount == NOT_WHOLE {
            return Illegal::new("R5", Code::NotWhole);
        }
        let lim = wager_limits(self, seat);
        if let Some(most) = lim.most_raises {
            if !is_bet && lim.raises >= most {
                return Illegal::with("R5", Code::RaiseLimit, [most, 0, 0]);
            }
        }
        let reach_seat = lim.reach_seat.map_or(-1, i64::from);
        if !is_bet && lim.reach <= current {
            return Illegal::with("R8", Code::Unanswerable, [current, lim.reach, reach_seat]);
        }
        if amount > lim.own {
            return Illegal::with("R8", Code::AboveStack, [lim.own, 0, 0]);
        }
        if amount > lim.reach {
            return Illegal::with("R8", Code::AboveReach, [lim.reach, reach_seat, 0]);
        }
        if let Some(room) = lim.room {
            if amount > room {
                return Illegal::with("R9", Code::AboveCap, [room, 0, 0]);
            }
        }
        let (low, stop) = lim.amounts;
        if lim.fixed {
            // R5, fixed limit: one amount (or none, when the limits leave none)
            let only = if stop > low { low } else { lim.minimum };
            return Illegal::with("R5", Code::LimitAmount, [only, current, 0]);
        }
        let only = if stop > low && low < lim.minimum {
            low
        } else {
            -1
        };
        Illegal {
            rule: "R5",
            code: Code::BelowMinimum,
            facts: [lim.minimum, only, lim.own, reach_seat, current],
        }
    }

    /// A valid Pass, Call, Bet or Raise: `seat` puts `chips` in, `needs` are still to act.
    #[inline]
    fn after_bet(&mut self, seat: usize, chips: i64, needs: u8) -> Applied {
        self.version += 1;
        if chips != 0 {
            self.bets[seat] += chips;
            self.stacks[seat] -= chips;
            self.committed[seat] += chips;
        }
        self.needs = needs;
        let ended = if needs != 0 {
            self.to_act = Actor::Seat(first_from(seat + 1, needs));
            false
        } else {
            self.end_round()
        };
        Applied {
            actor: seat as i8,
            ended,
        }
    }

    /// R7: the first seat from mano still in and not all-in speaks; fewer than two: skip.
    #[inline(never)]
    fn start_betting(&mut self, phase: Phase) -> bool {
        let in_hand = self.in_hand_mask();
        let mut needs = 0u8;
        for &s in self.dealt() {
            if in_hand >> s & 1 == 1 && self.stacks[s as usize] > 0 {
                needs |= 1 << s;
            }
        }
        self.phase = phase;
        self.bets = [0; 4];
        self.raises = 0;
        if needs.count_ones() < 2 {
            self.needs = 0;
            self.end_round()
        } else {
            self.needs = needs;
            let first = if bugs::on(Bug::SecondFromManoSpeaksFirst) {
                self.mano() as usize + 1
            } else {
                self.mano() as usize
            };
            self.to_act = Actor::Seat(first_from(first, needs));
            false
        }
    }

    /// R6a/b: the betting round is over; on to the next phase.  True if the hand ended.
    #[inline(never)]
    fn end_round(&mut self) -> bool {
        self.bets = [0; 4];
        self.needs = 0;
        let top = self.committed.iter().copied().max().unwrap_or(0);
        if bugs::on(Bug::NobodyOpensGoesToShowdown) && top == self.rules.ante {
            return self.enter(Phase::Showdown);
        }
        self.enter(self.rules.variant.after(self.phase))
    }

    fn next_discarder(&mut self) -> bool {
        if self.needs != 0 {
            self.to_act = Actor::Seat(first_from(self.mano() as usize, self.needs));
            false
        } else {
            self.enter(self.rules.variant.after(self.phase))
        }
    }

    fn discard(&mut self, seat: i64, mask: Option<u32>) -> Result<Applied, Illegal> {
        let phase = self.phase;
        if !phase.is_discarding() {
            return Err(Illegal::with("R10", Code::NoDiscard, [phase as i64, 0, 0]));
        }
        let s = self.check_seat_turn(seat)?;
        let mask = mask.ok_or(Illegal::new("R10", Code::NotACard))?;
        let own = self.hands[s];
        if mask & !own != 0 {
            return Err(Illegal::with(
                "R10",
                Code::NotHeld,
                [(mask & !own) as i64, 0, 0],
            ));
        }
        let k = mask.count_ones();
        let room = self.stock.count_ones();
        if k > room {
            return Err(Illegal::with("R10", Code::StockShort, [room as i64, 0, 0]));
        }
        self.version += 1;
        self.hands[s] = own & !mask;
        self.discards |= mask;
        self.seat_discards[s] |= mask;
        self.discard_rounds[s] += 1;
        if bugs::on(Bug::StockReshuffledWhenShort) {
            self.stock |= mask;
        }
        self.needs &= !(1 << s);
        let ended = if k > 0 {
            self.to_act = Actor::Chance;
            self.set_pending((0..k).map(|_| s as u8));
            false
        } else {
            self.next_discarder()
        };
        Ok(Applied {
            actor: s as i8,
            ended,
        })
    }
}
