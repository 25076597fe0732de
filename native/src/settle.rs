//! The end of a hand (pots, side pots, payoffs, the result: R6c, R8, R11) and of a game
//! (R16, R17), and the standings' winner (R16, R18).

use crate::bugs::{self, Bug};
use crate::state::{Actor, Core, HandResult, Phase, Pot};

/// R8, R11, R6c: split the pot into side pots, award them, record the result in `core.last`.
pub fn settle(core: &mut Core, showdown: bool) {
    let n = core.players as usize;
    let committed = core.committed;
    let in_mask = core.in_hand_mask();
    let mut in_hand = [0u8; 4];
    let mut k = 0;
    for &s in core.dealt() {
        if in_mask >> s & 1 == 1 {
            in_hand[k] = s;
            k += 1;
        }
    }
    let in_hand = &in_hand[..k];
    let mut values = [0u8; 4];
    let variant = core.rules.variant;
    if showdown {
        // R11: at most rules.cards_counted cards of a suit count
        let lone_not_counted = bugs::on(Bug::LoneCardNotCounted);
        for &s in in_hand {
            let hand = core.hands[s as usize];
            values[s as usize] = if lone_not_counted {
                value_without_lone_cards(*variant, hand)
            } else {
                variant.value(hand)
            };
        }
    }
    let top = committed.iter().copied().max().unwrap_or(0);
    let mut returned = [0i64; 4];
    let mut pots = [Pot::default(); 4];
    let mut n_pots = 0usize;
    if in_hand.iter().any(|&s| committed[s as usize] != top) {
        n_pots = side_pots(&committed, n, in_hand, &values, &mut returned, &mut pots);
    } else {
        // the usual ending, one pot: every seat in put in the most
        let mut total: i64 = committed.iter().sum();
        let mut winner = in_hand[0]; // R11: ties go to the seat nearest mano (play order)
        if in_hand.len() == 1 {
            // R6c, R8: the bet nobody called goes back
            let others = (0..n)
                .filter(|&s| s != winner as usize)
                .map(|s| committed[s])
                .max();
            let excess = top - others.unwrap_or(0);
            returned[winner as usize] = excess;
            total -= excess;
        } else {
            let mut best = values[winner as usize];
            let ties_lose = bugs::on(Bug::TiesFarthestFromMano);
            for &s in in_hand {
                let v = values[s as usize];
                if v > best || (ties_lose && v == best) {
                    winner = s;
                    best = v;
                }
            }
        }
        if total != 0 {
            let mut eligible = [0u8; 4];
            eligible[..k].copy_from_slice(in_hand);
            pots[0] = Pot {
                amount: total,
                eligible,
                n_eligible: k as u8,
                winner,
            };
            n_pots = 1;
        }
    }
    let mut won = [0i64; 4];
    for pot in &pots[..n_pots] {
        won[pot.winner as usize] += pot.amount;
    }
    let mano = core.mano();
    let mut result = HandResult {
        hand_number: core.hand_number,
        dealer: core.dealer,
        dealt_in: core.dealt_in,
        n_dealt: core.n_dealt,
        payoffs: [0; 4],
        pots,
        n_pots: n_pots as u8,
        returned,
        shown: [0; 4],
        showdown,
        // R11: mano shows 30 (the variant's best value) and takes the main pot (no pot at
        // all counts too)
        trabuco: showdown
            && in_mask >> mano & 1 == 1
            && values[mano as usize] == variant.best_value()
            && if bugs::on(Bug::TrabucoNeedsAPot) {
                n_pots > 0 && pots[0].winner == mano
            } else {
                n_pots == 0 || pots[0].winner == mano
            },
        ended_in: if showdown {
            Phase::Showdown
        } else {
            core.phase
        },
    };
    for s in 0..n {
        result.payoffs[s] = won[s] + returned[s] - committed[s];
        if showdown && in_mask >> s & 1 == 1 {
            result.shown[s] = core.hands[s];
        }
        core.stacks[s] += won[s] + returned[s];
    }
    core.bets = [0; 4];
    core.committed = [0; 4];
    core.needs = 0;
    core.pending_at = 0;
    core.pending_len = 0;
    core.results += 1;
    core.last_mano = mano;
    core.last = result;
    core.to_act = Actor::Nobody;
    core.phase = if game_over(core) {
        Phase::End
    } else {
        Phase::BetweenHands
    };
}

/// The bug `lone-card-not-counted` (R11 broken): a suit counts only with two cards or more.
fn value_without_lone_cards(variant: crate::variant::Variant, mask: u32) -> u8 {
    (0..4)
        .map(|suit| mask & (0x7F << (7 * suit)))
        .filter(|bits| bits.count_ones() >= 2)
        .map(|bits| variant.value(bits))
        .max()
        .unwrap_or(0)
}

/// R8, R11: the main pot and the side pots; uncalled chips are added to `returned`.
fn side_pots(
    committed: &[i64; 4],
    n: usize,
    in_hand: &[u8],
    values: &[u8; 4],
    returned: &mut [i64; 4],
    pots: &mut [Pot; 4],
) -> usize {
    let mut levels = [0i64; 4];
    let mut n_levels = 0;
    for &c in &committed[..n] {
        if c > 0 && !levels[..n_levels].contains(&c) {
            levels[n_levels] = c;
            n_levels += 1;
        }
    }
    levels[..n_levels].sort_unstable();
    let mut count_pots = 0usize;
    let mut prev = 0;
    for &level in &levels[..n_levels] {
        let mut count = 0;
        let mut top = 0usize;
        for (s, &c) in committed[..n].iter().enumerate() {
            if c >= level {
                count += 1;
                top = s;
            }
        }
        let amount = (level - prev) * count;
        let mut eligible = [0u8; 4];
        let mut k = 0;
        for &s in in_hand {
            if committed[s as usize] >= level {
                eligible[k] = s;
                k += 1;
            }
        }
        prev = level;
        let same = |p: &Pot| p.eligible() == &eligible[..k];
        if count == 1 && k == 1 && eligible[0] as usize == top {
            returned[top] += amount; // R8: uncalled excess goes back
        } else if k == 0 && count_pots > 0 {
            pots[count_pots - 1].amount += amount; // only folded seats reached it
        } else if count_pots > 0 && same(&pots[count_pots - 1]) {
            pots[count_pots - 1].amount += amount; // same seats can win it: one pot
        } else {
            let mut winner = if k > 0 { eligible[0] } else { 0 };
            for &s in &eligible[..k] {
                if values[s as usize] > values[winner as usize] {
                    winner = s;
                }
            }
            pots[count_pots] = Pot {
                amount,
                eligible,
                n_eligible: k as u8,
                winner,
            };
            count_pots += 1;
        }
    }
    count_pots
}

/// R17: how many seats still in the game hold at least the ante (a hand needs
/// `rules.variant.min_players()`: 3 in El Golfo).
pub fn can_pay_count(core: &Core) -> u32 {
    core.seats()
        .filter(|&s| core.out >> s & 1 == 0 && core.stacks[s] >= core.rules.ante)
        .count() as u32
}

/// R18: each seat's stack minus everything it was given.
pub fn nets(core: &Core) -> [i64; 4] {
    let mut out = [0; 4];
    let charged = if bugs::on(Bug::RebuysNotCharged) {
        0
    } else {
        1
    };
    for s in core.seats() {
        out[s] = core.stacks[s] - core.initial_stacks[s] * (1 + charged * core.rebuys[s]);
    }
    out
}

/// R16, R17: is the game over once the current hand has ended?
pub fn game_over(core: &Core) -> bool {
    let rules = &core.rules;
    let fewest = rules.variant.min_players() as u32;
    if !rules.rebuy && can_pay_count(core) < fewest {
        return true;
    }
    match rules.hands {
        None => return false,
        Some(h) if core.hand_number < h => return false,
        _ => {}
    }
    if !rules.extra_hands_on_tie || bugs::on(Bug::NoExtraHandsOnTie) {
        return true;
    }
    let nets = nets(core);
    let best = core
        .seats()
        .filter(|&s| core.out >> s & 1 == 0)
        .map(|s| nets[s]);
    let top = best.clone().max().unwrap_or(0);
    best.filter(|&x| x == top).count() == 1
}

/// `golfo.standings(state).winner`: at the end, the seat leading alone, or the R16
/// tie-break's seat; otherwise `None`.
pub fn winner(core: &Core) -> Option<u8> {
    if core.phase != Phase::End {
        return None;
    }
    let nets = nets(core);
    let mut order: [u8; 4] = [0, 1, 2, 3];
    let n = core.players as usize;
    order[..n].sort_by_key(|&s| (-nets[s as usize], s));
    if n < 2 || nets[order[0] as usize] > nets[order[1] as usize] {
        return Some(order[0]);
    }
    let rules = &core.rules;
    let fewest = rules.variant.min_players() as u32;
    if rules.extra_hands_on_tie && !rules.rebuy && core.results > 0 && can_pay_count(core) < fewest
    {
        let best = nets[order[0] as usize];
        let mano = core.last_mano;
        return (0..core.players)
            .map(|k| (mano + k) % core.players)
            .find(|&s| nets[s as usize] == best);
    }
    None
}
