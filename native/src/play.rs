//! Whole games at full speed: a seeded random policy, no history kept (or, for records, the
//! same games with their history).

use crate::game::Game;
use crate::mlp::{net_action, Mlp};
use crate::moves::{legal_moves, spread};
use crate::netbot::Tracker;
use crate::range::{range_action, Evidence, Params};
use crate::settle::{nets, winner};
use crate::state::{Action, Actor, Core, Phase};
use std::sync::Arc;

/// SplitMix64: a small, fast, seedable generator (the one golfo's shuffle is built on).
#[derive(Clone, Copy, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n >= 1`), by rejection: no modulo bias.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// A random legal action: a card from the stock; for a seat, a kind of action at random,
/// then an amount (the smallest or largest often) or a discard subset at random; between
/// hands of an open-ended game, `EndGame` after `max_hands` hands.
pub fn random_action(core: &Core, rng: &mut SplitMix64, max_hands: i64) -> Option<Action> {
    let m = legal_moves(core);
    match m.actor {
        Actor::Chance => {
            let k = rng.below(m.deals.count_ones() as u64) as u32;
            Some(Action::Deal(Some(
                crate::cards::nth_bit(m.deals, k).trailing_zeros() as u8,
            )))
        }
        Actor::Nobody => {
            if m.end_game && core.hand_number >= max_hands {
                Some(Action::EndGame)
            } else if m.next_hand {
                Some(Action::NextHand)
            } else {
                None
            }
        }
        Actor::Seat(s) => {
            let seat = s as i64;
            if let Some(room) = m.discard_max {
                let n = m.discard_from.count_ones();
                loop {
                    let bits = rng.below(1 << n) as u32;
                    if bits.count_ones() <= room as u32 {
                        return Some(Action::Discard(seat, Some(spread(m.discard_from, bits))));
                    }
                }
            }
            let (low, stop) = if m.can_pass { m.bets } else { m.raises };
            let has_amounts = stop > low;
            let kinds = 1 + has_amounts as u64 + m.can_fold as u64;
            let pick = rng.below(kinds);
            if pick == 0 {
                return Some(if m.can_pass {
                    Action::Pass(seat)
                } else {
                    Action::Call(seat)
                });
            }
            if pick == 1 && has_amounts {
                let span = (stop - low) as u64;
                let amount = if span > 2 && rng.below(10) < 4 {
                    if rng.below(2) == 0 {
                        low
                    } else {
                        stop - 1
                    }
                } else {
                    low + rng.below(span) as i64
                };
                return Some(if m.can_pass {
                    Action::Bet(seat, amount)
                } else {
                    Action::Raise(seat, amount)
                });
            }
            Some(Action::Fold(seat))
        }
    }
}

/// What one game came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub hands: i64,
    pub actions: u64,
    pub stacks: [i64; 4],
    pub nets: [i64; 4],
    pub rebuys: [i64; 4],
    pub winner: Option<u8>,
}

/// A built-in policy of a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// [`random_action`].
    Random,
    /// golfo's `HeuristicBot` ([`crate::policy::heuristic_action`]).
    Heuristic,
    /// golfo's `RangeBot` ([`crate::range::range_action`], its own generator).
    Range,
    /// golfo's `EquityBot`'s twin: the range policy with the uniform deal model (no range:
    /// bets and discards are not evidence) and `EquityBot`'s 200 play-outs a decision.  Its
    /// betting rule and edges are `EquityBot`'s; its equity is sampled where `EquityBot`
    /// counts exactly, and its first discard is ranked by the value right after the draw.
    Equity,
    /// A registered network ([`crate::mlp::get`]), drawing from its policy with its own
    /// generator: golfo's `NetBot` with golfo's weights.
    Net(usize),
}

impl Policy {
    /// The policy of a name: `"random"`, `"heuristic"`, `"range"`, or `"net:K"` for the
    /// network registered as `K`.
    pub fn of_name(name: &str) -> Option<Policy> {
        match name {
            "random" => Some(Policy::Random),
            "heuristic" => Some(Policy::Heuristic),
            "range" => Some(Policy::Range),
            "equity" => Some(Policy::Equity),
            _ => {
                let k: usize = name.strip_prefix("net:")?.parse().ok()?;
                crate::mlp::get(k).map(|_| Policy::Net(k))
            }
        }
    }

    /// Whether the policy draws random numbers of its own (apart from chance's).
    pub fn draws(self) -> bool {
        matches!(self, Policy::Range | Policy::Equity | Policy::Net(_))
    }
}

/// What a game is played on: the bare [`Core`] (full speed) or a [`Game`] that keeps the
/// history (for records); the policies see only the core and the public history of the
/// hand in play (the range policy's evidence, the network's tracker), so both play the
/// same game.
pub trait Table {
    fn core(&self) -> &Core;
    fn act(&mut self, action: Action);
    /// The range policy's evidence of the hand in play so far.
    fn evidence(&self) -> Evidence;
    /// The network's history of the hand in play so far.
    fn tracker(&self) -> Tracker;
}

impl Table for Core {
    #[inline]
    fn core(&self) -> &Core {
        self
    }
    #[inline]
    fn act(&mut self, action: Action) {
        self.apply(action).expect("the policy picks legal actions");
    }
    fn evidence(&self) -> Evidence {
        Evidence::new() // a bare core starts at a hand's start (no history to read)
    }
    fn tracker(&self) -> Tracker {
        Tracker::new()
    }
}

impl Table for Game {
    fn core(&self) -> &Core {
        &self.core
    }
    fn act(&mut self, action: Action) {
        self.play(action).expect("the policy picks legal actions");
    }
    fn evidence(&self) -> Evidence {
        Evidence::of_log(&self.log)
    }
    fn tracker(&self) -> Tracker {
        Tracker::of_log(&self.log)
    }
}

/// The seed of the drawing policies' generator in a game seeded with `seed` (apart from the
/// game's own, so that chance deals alike whatever the seats play).
pub fn strong_seed(seed: u64) -> u64 {
    SplitMix64(seed ^ 0x5354_524F_4E47_0000).next_u64()
}

/// The settings of [`Policy::Equity`]: no range, `EquityBot`'s play-outs.
pub const EQUITY: Params = Params {
    samples: 200,
    range_weight: 0.0,
    use_discards: false,
    bet_edge: 0.15,
    raise_edge: 0.3,
    call_margin: 0.0,
};

/// The public history the policies of a table read, kept up to date action by action.
pub struct Memory {
    evidence: Option<Evidence>,
    tracker: Option<Tracker>,
    nets: [Option<Arc<Mlp>>; 4],
}

impl Memory {
    /// What `policies` need, read from `table`'s history so far.
    pub fn new<T: Table>(table: &T, policies: &[Policy]) -> Memory {
        let mut nets: [Option<Arc<Mlp>>; 4] = Default::default();
        for (s, p) in policies.iter().enumerate().take(4) {
            if let Policy::Net(k) = *p {
                nets[s] = crate::mlp::get(k);
            }
        }
        let last = policies.last().copied();
        if let Some(Policy::Net(k)) = last {
            for slot in nets.iter_mut().skip(policies.len()) {
                *slot = crate::mlp::get(k);
            }
        }
        Memory {
            evidence: policies
                .iter()
                .any(|p| matches!(p, Policy::Range | Policy::Equity))
                .then(|| table.evidence()),
            tracker: policies
                .iter()
                .any(|p| matches!(p, Policy::Net(_)))
                .then(|| table.tracker()),
            nets,
        }
    }

    /// The action of `policy` for the seat to act (`None`: nobody is), its random numbers
    /// (the random policy's choices, the range policy's play-outs, the network's draws)
    /// from `rng`.
    pub fn choose(
        &self,
        core: &Core,
        seat: usize,
        policy: Policy,
        rng: &mut SplitMix64,
        max_hands: i64,
    ) -> Option<Action> {
        match policy {
            Policy::Random => random_action(core, rng, max_hands),
            Policy::Heuristic => crate::policy::heuristic_action(core),
            Policy::Range => {
                let ev = self.evidence.as_ref().expect("kept for a range seat");
                range_action(core, ev, rng, &Params::default())
            }
            Policy::Equity => {
                let ev = self.evidence.as_ref().expect("kept for an equity seat");
                range_action(core, ev, rng, &EQUITY)
            }
            Policy::Net(_) => {
                let net = self.nets[seat].as_ref().expect("a registered network");
                let tracker = self.tracker.as_ref().expect("kept for a network seat");
                net_action(core, tracker, net, rng)
            }
        }
    }

    /// Take an action about to be applied into account.
    #[inline]
    pub fn observe(&mut self, action: Action) {
        if let Some(ev) = self.evidence.as_mut() {
            ev.observe(action);
        }
        if let Some(tr) = self.tracker.as_mut() {
            tr.observe(action);
        }
    }
}

/// Play `table` to the game's end, seat `s` with `policies[s]` (the last policy for seats
/// beyond the list), chance dealing at random; open-ended games stop after `max_hands`; at
/// most `max_actions` actions.  The number of actions played.
pub fn play_out<T: Table>(
    table: &mut T,
    seed: u64,
    policies: &[Policy],
    max_hands: i64,
    max_actions: u64,
) -> u64 {
    let mut rng = SplitMix64(seed);
    let mut draws = SplitMix64(strong_seed(seed));
    let mut memory = Memory::new(table, policies);
    let mut actions = 0;
    while table.core().phase != Phase::End && actions < max_actions {
        let core = table.core();
        let choice = match core.to_act {
            Actor::Seat(s) => {
                let policy = policies[(s as usize).min(policies.len() - 1)];
                // the drawing policies have a generator apart from chance's
                let g = if policy.draws() { &mut draws } else { &mut rng };
                memory.choose(core, s as usize, policy, g, max_hands)
            }
            _ => random_action(core, &mut rng, max_hands),
        };
        let Some(a) = choice else { break };
        memory.observe(a);
        table.act(a);
        actions += 1;
    }
    actions
}

/// One game from `start` played out ([`play_out`]) on a copy of its core: what it came to.
pub fn play_game(
    start: &Core,
    seed: u64,
    policies: &[Policy],
    max_hands: i64,
    max_actions: u64,
) -> Outcome {
    let mut core = *start;
    let actions = play_out(&mut core, seed, policies, max_hands, max_actions);
    Outcome {
        hands: core.results as i64,
        actions,
        stacks: core.stacks,
        nets: nets(&core),
        rebuys: core.rebuys,
        winner: winner(&core),
    }
}
