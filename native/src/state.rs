//! The compact game state: fixed-size arrays and bit masks, `Copy`, no heap.

use crate::cards::ALL_CARDS;
use crate::rules::Rules;

/// The phases of a hand and of a game, in `golfo.Phase` order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Phase {
    Deal1 = 0,
    Bet1,
    Deal2,
    Bet2,
    Discard1,
    Bet3,
    Discard2,
    Bet4,
    Showdown,
    BetweenHands,
    End,
}

impl Phase {
    pub const ALL: [Phase; 11] = [
        Phase::Deal1,
        Phase::Bet1,
        Phase::Deal2,
        Phase::Bet2,
        Phase::Discard1,
        Phase::Bet3,
        Phase::Discard2,
        Phase::Bet4,
        Phase::Showdown,
        Phase::BetweenHands,
        Phase::End,
    ];

    /// 1..4 for a betting phase, else 0.
    #[inline]
    pub fn betting_round(self) -> usize {
        match self {
            Phase::Bet1 => 1,
            Phase::Bet2 => 2,
            Phase::Bet3 => 3,
            Phase::Bet4 => 4,
            _ => 0,
        }
    }

    #[inline]
    pub fn is_discarding(self) -> bool {
        matches!(self, Phase::Discard1 | Phase::Discard2)
    }

    /// `golfo.Phase(...).name`.
    pub fn name(self) -> &'static str {
        [
            "DEAL_1",
            "BET_1",
            "DEAL_2",
            "BET_2",
            "DISCARD_1",
            "BET_3",
            "DISCARD_2",
            "BET_4",
            "SHOWDOWN",
            "BETWEEN_HANDS",
            "END",
        ][self as usize]
    }

    /// `golfo.Phase(...).value`.
    pub fn value(self) -> &'static str {
        [
            "deal_1",
            "bet_1",
            "deal_2",
            "bet_2",
            "discard_1",
            "bet_3",
            "discard_2",
            "bet_4",
            "showdown",
            "between_hands",
            "end",
        ][self as usize]
    }
}

/// Who acts: a seat, chance (a card is due), or nobody (between hands, the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    Seat(u8),
    Chance,
    Nobody,
}

/// An action, with the raw values a caller gave: seats and amounts are checked by the
/// reducer, as golfo does. A seat that is not a whole number comes as -1, an amount that is
/// not a whole number as [`NOT_WHOLE`], a deal or discard of something not a card as `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Deal(Option<u8>),
    Pass(i64),
    Bet(i64, i64),
    Call(i64),
    Raise(i64, i64),
    Fold(i64),
    Discard(i64, Option<u32>),
    NextHand,
    EndGame,
}

/// The amount of a Bet or Raise that is not a whole number (`2.0`, `True`, `"5"`).
pub const NOT_WHOLE: i64 = i64::MIN;

impl Action {
    /// The kind as a small number (0 Deal .. 8 EndGame), as the log and the bindings keep it.
    pub fn kind(self) -> u8 {
        match self {
            Action::Deal(_) => 0,
            Action::Pass(_) => 1,
            Action::Bet(..) => 2,
            Action::Call(_) => 3,
            Action::Raise(..) => 4,
            Action::Fold(_) => 5,
            Action::Discard(..) => 6,
            Action::NextHand => 7,
            Action::EndGame => 8,
        }
    }

    /// (kind, seat, value): the flat form the log and the bindings use.
    pub fn flat(self) -> (u8, i64, i64) {
        match self {
            Action::Deal(c) => (0, -1, c.map_or(-1, i64::from)),
            Action::Pass(s) => (1, s, 0),
            Action::Bet(s, a) => (2, s, a),
            Action::Call(s) => (3, s, 0),
            Action::Raise(s, a) => (4, s, a),
            Action::Fold(s) => (5, s, 0),
            Action::Discard(s, m) => (6, s, m.map_or(-1, i64::from)),
            Action::NextHand => (7, -1, 0),
            Action::EndGame => (8, -1, 0),
        }
    }

    /// The action of a flat form; `None` for an unknown kind.
    pub fn from_flat(kind: u8, seat: i64, value: i64) -> Option<Action> {
        let card = || u8::try_from(value).ok().filter(|&c| c < 28);
        let mask = || u32::try_from(value).ok().filter(|&m| m & !ALL_CARDS == 0);
        Some(match kind {
            0 => Action::Deal(card()),
            1 => Action::Pass(seat),
            2 => Action::Bet(seat, value),
            3 => Action::Call(seat),
            4 => Action::Raise(seat, value),
            5 => Action::Fold(seat),
            6 => Action::Discard(seat, mask()),
            7 => Action::NextHand,
            8 => Action::EndGame,
            _ => return None,
        })
    }
}

/// One pot of a finished hand; `eligible` in play order from mano.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pot {
    pub amount: i64,
    pub eligible: [u8; 4],
    pub n_eligible: u8,
    pub winner: u8,
}

impl Pot {
    pub fn eligible(&self) -> &[u8] {
        &self.eligible[..self.n_eligible as usize]
    }
}

/// What happened in one finished hand, as `golfo.HandResult`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandResult {
    pub hand_number: i64,
    pub dealer: u8,
    pub dealt_in: [u8; 4],
    pub n_dealt: u8,
    pub payoffs: [i64; 4],
    pub pots: [Pot; 4],
    pub n_pots: u8,
    pub returned: [i64; 4],
    /// Per seat the hand shown (a mask), or 0 for none (a hand shown is never empty: R10
    /// replaces every card discarded); 16 bytes, not 32, in a state copied at every node
    /// of a perft.
    pub shown: [u32; 4],
    pub showdown: bool,
    pub trabuco: bool,
    pub ended_in: Phase,
}

impl HandResult {
    pub const EMPTY: HandResult = HandResult {
        hand_number: 0,
        dealer: 0,
        dealt_in: [0; 4],
        n_dealt: 0,
        payoffs: [0; 4],
        pots: [Pot {
            amount: 0,
            eligible: [0; 4],
            n_eligible: 0,
            winner: 0,
        }; 4],
        n_pots: 0,
        returned: [0; 4],
        shown: [0; 4],
        showdown: false,
        trabuco: false,
        ended_in: Phase::Showdown,
    };

    pub fn pots(&self) -> &[Pot] {
        &self.pots[..self.n_pots as usize]
    }

    pub fn dealt_in(&self) -> &[u8] {
        &self.dealt_in[..self.n_dealt as usize]
    }
}

/// The most cards waiting to be dealt at once: a deal of five cards to each of three seats
/// (four seats only under the deliberate bug `four-seat-dealer-dealt-in`).
pub const MAX_PENDING: usize = 20;

/// A whole game, compact: everything `golfo.State` holds except its history and results,
/// which [`crate::game::Game`] keeps (a perft or a batch of games needs neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Core {
    pub rules: Rules,
    pub players: u8,
    pub dealer: u8,
    pub first_dealer: u8,
    pub hand_number: i64,
    pub phase: Phase,
    pub to_act: Actor,
    pub stacks: [i64; 4],
    pub bets: [i64; 4],
    pub committed: [i64; 4],
    pub rebuys: [i64; 4],
    pub initial_stacks: [i64; 4],
    /// Seats as bit masks (bit = seat): folded this hand, out of the game, still to act.
    pub folded: u8,
    pub out: u8,
    pub needs: u8,
    /// Seats dealt in, from mano; `n_dealt` of them.
    pub dealt_in: [u8; 4],
    pub n_dealt: u8,
    /// Cards as bit masks of card indices.
    pub hands: [u32; 4],
    pub stock: u32,
    pub discards: u32,
    pub dead: u32,
    /// Per seat, the cards it discarded this hand and its discards made (0..2): what a
    /// seat's view remembers (the heuristic policy reads them).
    pub seat_discards: [u32; 4],
    pub discard_rounds: [u8; 4],
    /// Seats waiting for a card, `pending[pending_at..pending_len]`: a fixed queue.
    pub pending: [u8; MAX_PENDING],
    pub pending_at: u8,
    pub pending_len: u8,
    /// Raises made in the betting round in play (R5, `rules.max_raises`).
    pub raises: u32,
    pub version: u64,
    /// Hands finished (`len(state.results)`) and the last one's mano (the R16 tie-break).
    pub results: u32,
    pub last_mano: u8,
    /// The result of the hand that just ended (valid when `apply` says a hand ended).
    pub last: HandResult,
}

/// Why a new game cannot start (the `golfo.RulesError` of R17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewGameError {
    /// Fewer seats than the smallest table size can pay the ante.
    TooFewSeats,
    /// The first dealer cannot pay the ante.
    DealerOut(u8),
}

impl Core {
    /// A new game: R17 at the start, the first hand's antes, its first deal pending.
    /// The arguments are those `golfo.new_game` has already checked (one of the rules' table
    /// sizes, a dealer among them, stacks >= 0, >= ante with rebuys).
    pub fn new_game(
        rules: Rules,
        players: u8,
        dealer: u8,
        stacks: Option<&[i64]>,
    ) -> Result<Core, NewGameError> {
        let mut start = [0i64; 4];
        for s in 0..players as usize {
            start[s] = stacks.map_or(rules.starting_stack, |x| x[s]);
        }
        let mut core = Core {
            rules,
            players,
            dealer,
            first_dealer: dealer,
            hand_number: 0,
            phase: Phase::BetweenHands,
            to_act: Actor::Nobody,
            stacks: start,
            bets: [0; 4],
            committed: [0; 4],
            rebuys: [0; 4],
            initial_stacks: start,
            folded: 0,
            out: 0,
            needs: 0,
            dealt_in: [0; 4],
            n_dealt: 0,
            hands: [0; 4],
            stock: rules.variant.deck(),
            discards: 0,
            dead: 0,
            seat_discards: [0; 4],
            discard_rounds: [0; 4],
            pending: [0; MAX_PENDING],
            pending_at: 0,
            pending_len: 0,
            raises: 0,
            version: 0,
            results: 0,
            last_mano: 0,
            last: HandResult::EMPTY,
        };
        core.pay_or_leave();
        if players as u32 - core.out.count_ones() < rules.variant.min_players() as u32 {
            return Err(NewGameError::TooFewSeats);
        }
        if core.out >> dealer & 1 == 1 {
            return Err(NewGameError::DealerOut(dealer));
        }
        core.start_hand(dealer);
        Ok(core)
    }

    #[inline]
    pub fn seats(&self) -> std::ops::Range<usize> {
        0..self.players as usize
    }

    #[inline]
    pub fn dealt(&self) -> &[u8] {
        &self.dealt_in[..self.n_dealt as usize]
    }

    /// The seats dealt in and not folded, as a bit mask.
    #[inline]
    pub fn in_hand_mask(&self) -> u8 {
        let mut m = 0;
        for &s in self.dealt() {
            m |= 1 << s;
        }
        m & !self.folded
    }

    #[inline]
    pub fn pending(&self) -> &[u8] {
        &self.pending[self.pending_at as usize..self.pending_len as usize]
    }

    pub fn set_pending(&mut self, seats: impl Iterator<Item = u8>) {
        let mut n = 0;
        for s in seats {
            self.pending[n] = s;
            n += 1;
        }
        self.pending_at = 0;
        self.pending_len = n as u8;
    }

    /// A deal of `cards` cards to each of `seats` pending: one at a time round the table, or
    /// (`at_once`) a seat's cards one after the other (R3).
    #[inline]
    pub fn set_pending_deal(&mut self, seats: &[u8], cards: u8, at_once: bool) {
        let mut n = 0;
        if at_once {
            for &s in seats {
                for _ in 0..cards {
                    self.pending[n] = s;
                    n += 1;
                }
            }
        } else {
            for _ in 0..cards {
                for &s in seats {
                    self.pending[n] = s;
                    n += 1;
                }
            }
        }
        self.pending_at = 0;
        self.pending_len = n as u8;
    }

    #[inline]
    pub fn current_bet(&self) -> i64 {
        self.bets.iter().copied().max().unwrap_or(0)
    }

    #[inline]
    pub fn mano(&self) -> u8 {
        self.dealt_in[0]
    }

    pub fn pot(&self) -> i64 {
        self.committed.iter().sum()
    }

    /// R17: a seat that cannot pay the ante rebuys its own starting stack, or is out.
    pub fn pay_or_leave(&mut self) {
        let ante = self.rules.ante;
        if self.stacks[..self.players as usize]
            .iter()
            .all(|&x| x >= ante)
        {
            return; // the usual case: everyone can pay
        }
        for s in self.seats() {
            if self.out >> s & 1 == 0 && self.stacks[s] < ante {
                if self.rules.rebuy && !crate::bugs::on(crate::bugs::Bug::NoRebuys) {
                    self.stacks[s] += self.initial_stacks[s];
                    self.rebuys[s] += 1;
                } else {
                    self.out |= 1 << s;
                }
            }
        }
    }

    /// R1-R3: seats dealt in from mano, antes posted, first deal pending.
    pub fn start_hand(&mut self, dealer: u8) {
        let n = self.players;
        let mut order = [0u8; 4];
        let mut k = 0usize;
        for step in 1..=n {
            let s = (dealer + step) % n;
            if self.out >> s & 1 == 0 {
                order[k] = s;
                k += 1;
            }
        }
        if k == 4 && !crate::bugs::on(crate::bugs::Bug::FourSeatDealerDealtIn) {
            k = 3; // R1: with four in play the dealer (the last of them) sits out
        }
        let ante = self.rules.ante;
        self.committed = [0; 4];
        let payers = if crate::bugs::on(crate::bugs::Bug::ManoPaysNoAnte) {
            1
        } else {
            0
        };
        for &s in &order[payers.min(k)..k] {
            self.stacks[s as usize] -= ante;
            self.committed[s as usize] = ante;
        }
        self.dealer = dealer;
        self.hand_number += 1;
        self.phase = Phase::Deal1;
        self.to_act = Actor::Chance;
        self.bets = [0; 4];
        self.folded = 0;
        self.dealt_in = order;
        self.n_dealt = k as u8;
        self.hands = [0; 4];
        self.stock = self.rules.variant.deck();
        self.discards = 0;
        self.dead = 0;
        self.seat_discards = [0; 4];
        self.discard_rounds = [0; 4];
        // R3: one card at a time round the table, or a seat's whole first deal at once
        let n = self.rules.variant.deal_sizes()[0];
        let at_once =
            self.rules.deal_in_pairs != crate::bugs::on(crate::bugs::Bug::DealInPairsInverted);
        self.set_pending_deal(&order[..k], n, at_once);
        self.needs = 0;
    }
}
