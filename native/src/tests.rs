//! A few rules checked on the Rust engine alone (the Python tests compare everything with
//! golfo's reducer).

use crate::game::perft;
use crate::reducer::Code;
use crate::rules::Rules;
use crate::state::{Action, Actor, Core, Phase};

const START_DECK: [u8; 28] = [
    8, 2, 23, 5, 13, 12, 26, 16, 17, 4, 1, 22, 21, 24, 7, 19, 6, 18, 15, 0, 3, 11, 20, 27, 10, 14,
    25, 9,
];
const FOUR_DECK: [u8; 28] = [
    4, 6, 14, 22, 12, 21, 5, 8, 1, 16, 17, 18, 26, 23, 2, 11, 27, 24, 20, 0, 15, 19, 3, 13, 9, 25,
    7, 10,
];

fn deal_from(core: &mut Core, deck: &[u8]) {
    for &c in deck {
        if core.to_act != Actor::Chance {
            return;
        }
        if core.stock >> c & 1 == 1 {
            core.apply(Action::Deal(Some(c))).unwrap();
        }
    }
}

fn game(rules: Rules, stacks: &[i64]) -> Core {
    Core::new_game(rules, stacks.len() as u8, 0, Some(stacks)).unwrap()
}

#[test]
fn perft_agrees_with_the_published_table() {
    // golfo's positions "start" and "four-seats" (docs/conformance.md)
    let mut start = game(Rules::TRADICIONAL, &[8, 8, 8]);
    deal_from(&mut start, &START_DECK);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d, &START_DECK)).collect();
    assert_eq!(counts, [8, 43, 190, 631]);
    let mut four = game(Rules::TRADICIONAL, &[6, 6, 6, 6]);
    deal_from(&mut four, &FOUR_DECK);
    let counts: Vec<u64> = (1..=4).map(|d| perft(&four, d, &FOUR_DECK)).collect();
    assert_eq!(counts, [6, 26, 96, 261]);
}

#[test]
fn r1_four_seats_the_dealer_sits_out() {
    let core = game(Rules::TRADICIONAL, &[100, 100, 100, 100]);
    assert_eq!(core.dealt(), &[1, 2, 3]);
    assert_eq!(core.committed, [0, 1, 1, 1]);
    assert_eq!(core.pending(), &[1, 2, 3, 1, 2, 3]);
}

#[test]
fn r5_no_pass_after_an_opening_and_the_state_is_unchanged() {
    let mut core = game(Rules::TRADICIONAL, &[100, 100, 100]);
    deal_from(&mut core, &START_DECK);
    assert_eq!(core.to_act, Actor::Seat(1));
    core.apply(Action::Bet(1, 5)).unwrap();
    let before = core;
    let err = core.apply(Action::Pass(2)).unwrap_err();
    assert_eq!(
        (err.rule, err.code, err.facts[0]),
        ("R5", Code::PassAfterOpen, 5)
    );
    assert_eq!(core, before);
    let err = core.apply(Action::Raise(2, 100)).unwrap_err();
    assert_eq!(
        (err.rule, err.code, err.facts[0]),
        ("R8", Code::AboveStack, 99)
    );
    assert_eq!(core, before);
}

#[test]
fn r6c_a_win_by_folds_returns_the_uncalled_bet() {
    let mut core = game(Rules::TRADICIONAL, &[100, 100, 100]);
    deal_from(&mut core, &START_DECK);
    core.apply(Action::Bet(1, 10)).unwrap();
    core.apply(Action::Fold(2)).unwrap();
    let ended = core.apply(Action::Fold(0)).unwrap();
    assert!(ended.ended);
    assert_eq!(core.phase, Phase::BetweenHands);
    assert_eq!(core.last.returned, [0, 10, 0, 0]);
    assert_eq!(core.last.pots()[0].amount, 3);
    assert_eq!(core.stacks, [99, 102, 99, 0]);
    assert!(!core.last.showdown);
    assert_eq!(core.last.ended_in, Phase::Bet1);
}

#[test]
fn r8_bets_stop_at_the_richest_opponent() {
    let mut core = Core::new_game(Rules::TRADICIONAL, 3, 0, Some(&[1000, 50, 80])).unwrap();
    deal_from(&mut core, &START_DECK);
    core.apply(Action::Pass(1)).unwrap();
    core.apply(Action::Pass(2)).unwrap();
    let m = crate::moves::legal_moves(&core);
    assert_eq!(m.bets, (1, 80)); // seat 2 can put in 79 at most
}

#[test]
fn r11_r12_nobody_opens_and_the_tie_goes_nearest_mano() {
    let mut core = game(Rules::TRADICIONAL, &[100, 100, 100]);
    let mut deck = START_DECK;
    while core.phase != Phase::BetweenHands {
        match core.to_act {
            Actor::Chance => deal_from(&mut core, &deck),
            Actor::Seat(s) if core.phase.is_discarding() => {
                core.apply(Action::Discard(s as i64, Some(0))).unwrap();
            }
            Actor::Seat(s) => {
                core.apply(Action::Pass(s as i64)).unwrap();
            }
            Actor::Nobody => unreachable!(),
        }
        deck.rotate_left(1);
    }
    let r = core.last;
    assert!(r.showdown);
    let values: Vec<u8> = r
        .dealt_in()
        .iter()
        .map(|&s| crate::cards::value_of_mask(r.shown[s as usize]))
        .collect();
    let best = *values.iter().max().unwrap();
    let first_best = r.dealt_in()[values.iter().position(|&v| v == best).unwrap()];
    assert_eq!(r.pots()[0].winner, first_best);
    assert_eq!(r.payoffs.iter().sum::<i64>(), 0);
}

#[test]
fn r17_without_rebuys_a_broke_seat_is_out() {
    let rules = Rules {
        rebuy: false,
        ..Rules::TRADICIONAL
    };
    let mut core = Core::new_game(rules, 4, 0, Some(&[100, 0, 100, 100])).unwrap();
    assert_eq!(core.out, 0b0010);
    assert_eq!(core.dealt(), &[2, 3, 0]); // three in play: the dealer plays, seat 1 skipped
    core.apply(Action::NextHand).unwrap_err();
    assert!(Core::new_game(rules, 3, 0, Some(&[100, 0, 100])).is_err());
}

/// `golfo.MINI`: the eight and nine of oros and copas, one card, rounds 1 and 3 around one
/// discard, bets of 1 then 2, no raises; 10 chips, one hand.
fn mini() -> Rules {
    let variant = crate::variant::Variant::new(
        &[8, 9],
        &[0, 1],
        [1, 0],
        1,
        &[1, 3],
        4,
        Some([1, 1, 2, 2]),
        Some(0),
        &[2, 3],
    )
    .unwrap();
    Rules {
        starting_stack: 10,
        hands: Some(1),
        rebuy: false,
        variant,
        ..Rules::TRADICIONAL
    }
}

#[test]
fn mini_perft_is_golfos() {
    // golfo's perft from a new game of MINI, the deck in canonical order
    let deck: Vec<u8> = (0..28).collect();
    let two = Core::new_game(mini(), 2, 0, None).unwrap();
    let counts: Vec<u64> = (1..=13).map(|d| perft(&two, d, &deck)).collect();
    assert_eq!(counts, [1, 1, 2, 4, 6, 8, 13, 23, 33, 28, 12, 2, 0]);
    let three = Core::new_game(mini(), 3, 0, None).unwrap();
    let counts: Vec<u64> = (1..=13).map(|d| perft(&three, d, &deck)).collect();
    assert_eq!(counts, [1, 1, 1, 2, 4, 8, 14, 22, 31, 47, 73, 99, 118]);
    assert_eq!(two.stock.count_ones(), 4);
}

#[test]
fn r5_fixed_limit_and_the_most_raises() {
    let variant = crate::variant::Variant::new(
        &[3, 4, 5, 6, 7, 8, 9],
        &[0, 1, 2, 3],
        [2, 3],
        2,
        &[1, 2, 3, 4],
        4,
        Some([2, 2, 4, 4]),
        Some(1),
        &[2, 3],
    )
    .unwrap();
    let rules = Rules {
        hands: Some(1),
        variant,
        ..Rules::TRADICIONAL
    };
    let mut core = game(rules, &[100, 100]);
    deal_from(&mut core, &START_DECK);
    let seat = match core.to_act {
        Actor::Seat(s) => s as i64,
        other => panic!("{other:?}"),
    };
    assert_eq!(crate::moves::legal_moves(&core).bets, (2, 3));
    let refused = core.apply(Action::Bet(seat, 3)).unwrap_err();
    assert_eq!((refused.code, refused.facts[0]), (Code::LimitAmount, 2));
    core.apply(Action::Bet(seat, 2)).unwrap();
    assert_eq!(crate::moves::legal_moves(&core).raises, (4, 5));
    core.apply(Action::Raise(1 - seat, 4)).unwrap();
    let moves = crate::moves::legal_moves(&core);
    assert_eq!(
        (moves.call, moves.raises.0 < moves.raises.1),
        (Some(2), false)
    );
    let refused = core.apply(Action::Raise(seat, 6)).unwrap_err();
    assert_eq!((refused.code, refused.facts[0]), (Code::RaiseLimit, 1));
}

#[test]
fn the_small_presets_trees_have_their_published_sizes() {
    // docs/rules.md, "Variants": MINI and MEDIANO for two (dealer 0)
    use crate::solve::{Method, Solver, Tree};
    let tree = Tree::build(mini(), 2, 0, 2_000_000).unwrap();
    let s = tree.size();
    let counts = (
        s.histories,
        s.chance,
        s.decisions,
        s.terminals,
        s.infosets,
        s.actions,
    );
    assert_eq!(counts, (2633, 149, 1200, 1284, 700, 1400));
    assert_eq!(tree.keys[0], "p1 d1:8O d0");
    assert!(Tree::build(mini(), 2, 0, 2000).is_err());
    let mut solver = Solver::new(std::sync::Arc::new(tree), Method::CfrPlus, 1.5, 0.0, 2.0);
    solver.run(20);
    let average = solver.average_strategy();
    let offset = &solver.tree.offset;
    for i in 0..700 {
        let total: f64 = average[offset[i] as usize..offset[i + 1] as usize]
            .iter()
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}
