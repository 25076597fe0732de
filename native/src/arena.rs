//! Duplicate tournaments of built-in policies at full speed: `golfo.tournament.tournament`'s
//! deals (deal `d` is `golfo.shuffled_deck(golfo.parallel.derive_seed(seed, d))`, one hand
//! from fresh stacks, dealer seat 0, chance dealing the first card of the deck still in the
//! stock) played in every order of the bots over the seats (`golfo.tournament.seatings`), each
//! seat drawing its random numbers from `derive_seed(seed, d, seat)` alone.  Deterministic
//! policies (the heuristic) play exactly the hands golfo's tournament plays; the others
//! draw from their own generators, not the Python bots'.

use crate::play::{Memory, Policy, SplitMix64};
use crate::rules::Rules;
use crate::state::{Actor, Core, Phase};

const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The first output of SplitMix64 seeded with `x` (`next(golfo.shuffle.splitmix64(x))`).
#[inline]
fn mix(x: u64) -> u64 {
    SplitMix64(x).next_u64()
}

/// `golfo.parallel.derive_seed(seed, *parts)`.
pub fn derive_seed(seed: u64, parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(seed, |value, &part| mix(value ^ part.wrapping_mul(GAMMA)))
}

/// `golfo.shuffled_deck(seed)`: the 28 card indices, top card first.
pub fn shuffled_deck(seed: u64) -> [u8; 28] {
    let mut cards: [u8; 28] = std::array::from_fn(|i| i as u8);
    let mut stream = SplitMix64(seed);
    for i in (1..28).rev() {
        let j = stream.below(i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

/// Every order of `0..n` (`itertools.permutations(range(n))`'s order).
pub fn seatings(n: usize) -> Vec<Vec<usize>> {
    fn go(rest: &mut Vec<usize>, head: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            out.push(head.clone());
            return;
        }
        for k in 0..rest.len() {
            let x = rest.remove(k);
            head.push(x);
            go(rest, head, out);
            head.pop();
            rest.insert(k, x);
        }
    }
    let mut out = Vec::new();
    go(&mut (0..n).collect(), &mut Vec::new(), &mut out);
    out
}

/// What the deals of a tournament came to, per bot: hands played, the sum of its nets and
/// of the products of two bots' nets per deal (the tournament's `_Totals`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Totals {
    pub hands: u64,
    pub sums: Vec<i64>,
    pub cross: Vec<Vec<i64>>,
}

/// One hand of `rules` for `bots` (a policy per bot) seated by `seat_of` (`seat_of[e]`: bot
/// `e`'s seat), cards from `deck`; the payoffs per seat.
fn play_hand(
    rules: Rules,
    players: u8,
    bots: &[Policy],
    seat_of: &[usize],
    deck: &[u8; 28],
    seed: u64,
    deal: u64,
) -> [i64; 4] {
    let mut by_seat = [Policy::Random; 4];
    for (e, &s) in seat_of.iter().enumerate() {
        by_seat[s] = bots[e];
    }
    let by_seat = &by_seat[..players as usize];
    let mut core = Core::new_game(rules, players, 0, None).expect("the rules start a game");
    let mut rngs: [SplitMix64; 4] =
        std::array::from_fn(|s| SplitMix64(derive_seed(seed, &[deal, s as u64])));
    let mut memory = Memory::new(&core, by_seat);
    let mut top = 0;
    while !matches!(core.phase, Phase::BetweenHands | Phase::End) {
        let action = match core.to_act {
            Actor::Chance => {
                while core.stock >> deck[top] & 1 == 0 {
                    top += 1;
                }
                crate::state::Action::Deal(Some(deck[top]))
            }
            Actor::Seat(s) => {
                let s = s as usize;
                memory
                    .choose(&core, s, by_seat[s], &mut rngs[s], 1)
                    .expect("a seat to act has a move")
            }
            Actor::Nobody => unreachable!("a hand in play has someone to act"),
        };
        memory.observe(action);
        core.apply(action).expect("a legal action");
    }
    core.last.payoffs
}

/// Deals `start..stop` of a duplicate tournament of `bots` (one policy per bot; as many bots
/// as seats) under `rules`, seeded with `seed`.
pub fn duplicate(rules: Rules, bots: &[Policy], seed: u64, start: u64, stop: u64) -> Totals {
    let n = bots.len();
    let orders = seatings(n);
    let mut totals = Totals {
        hands: 0,
        sums: vec![0; n],
        cross: vec![vec![0; n]; n],
    };
    for deal in start..stop {
        let deck = shuffled_deck(derive_seed(seed, &[deal]));
        let mut nets = vec![0i64; n];
        for seat_of in &orders {
            let payoffs = play_hand(rules, n as u8, bots, seat_of, &deck, seed, deal);
            for e in 0..n {
                nets[e] += payoffs[seat_of[e]];
            }
            totals.hands += 1;
        }
        for e in 0..n {
            totals.sums[e] += nets[e];
            for f in 0..n {
                totals.cross[e][f] += nets[e] * nets[f];
            }
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_and_seeds_are_golfos() {
        // golfo.shuffled_deck(0)[:3] == (3E, 7O, 4E): indices 14, 4, 15
        assert_eq!(shuffled_deck(0)[..3], [14, 4, 15]);
        assert_eq!(mix(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(seatings(3).len(), 6);
        assert_eq!(seatings(3)[1], vec![0, 2, 1]);
        assert_eq!(seatings(4).len(), 24);
    }

    #[test]
    fn every_chip_is_accounted_for() {
        let t = duplicate(
            Rules::TRADICIONAL,
            &[Policy::Heuristic, Policy::Random, Policy::Random],
            3,
            0,
            20,
        );
        assert_eq!(t.hands, 120);
        assert_eq!(t.sums.iter().sum::<i64>(), 0);
    }
}
