//! Whole games at full speed: a seeded random policy, no history kept (or, for records, the
//! same games with their history).

use crate::game::Game;
use crate::moves::{legal_moves, spread};
use crate::settle::{nets, winner};
use crate::state::{Action, Actor, Core, Phase};
use crate::strong::{strong_action, Evidence, Params};

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
    /// golfo's `StrongBot` ([`crate::strong::strong_action`], its own generator).
    Strong,
}

impl Policy {
    /// The policy of a name: `"random"`, `"heuristic"` or `"strong"`.
    pub fn of_name(name: &str) -> Option<Policy> {
        match name {
            "random" => Some(Policy::Random),
            "heuristic" => Some(Policy::Heuristic),
            "strong" => Some(Policy::Strong),
            _ => None,
        }
    }
}

/// What a game is played on: the bare [`Core`] (full speed) or a [`Game`] that keeps the
/// history (for records); the policy sees only the core (and the public evidence of the hand
/// in play), so both play the same game.
pub trait Table {
    fn core(&self) -> &Core;
    fn act(&mut self, action: Action);
    /// The strong policy's evidence of the hand in play so far.
    fn evidence(&self) -> Evidence;
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
}

/// The seed of the strong policy's generator in a game seeded with `seed` (apart from the
/// game's own, so that chance deals alike whatever the seats play).
pub fn strong_seed(seed: u64) -> u64 {
    SplitMix64(seed ^ 0x5354_524F_4E47_0000).next_u64()
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
    let strong = policies.contains(&Policy::Strong);
    let mut strong_rng = SplitMix64(strong_seed(seed));
    let mut evidence = if strong {
        table.evidence()
    } else {
        Evidence::new()
    };
    let params = Params::default();
    let mut actions = 0;
    while table.core().phase != Phase::End && actions < max_actions {
        let core = table.core();
        let choice = match core.to_act {
            Actor::Seat(s) => match policies[(s as usize).min(policies.len() - 1)] {
                Policy::Random => random_action(core, &mut rng, max_hands),
                Policy::Heuristic => crate::policy::heuristic_action(core),
                Policy::Strong => strong_action(core, &evidence, &mut strong_rng, &params),
            },
            _ => random_action(core, &mut rng, max_hands),
        };
        let Some(a) = choice else { break };
        if strong {
            evidence.observe(a);
        }
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
