//! Actions per second of the Rust engine alone: `cargo run --release --example speed [REPEATS]`.
//!
//! Random and heuristic whole games of both presets (TRADICIONAL one hand a game, LUDOTEKA
//! three), and perft from golfo's position "start"; each timing repeated (5 times unless
//! told) and the median printed, so that a busy machine disturbs it less.

use std::time::Instant;

use golfo_native::play::{play_game, Policy};
use golfo_native::{perft, Action, Actor, Core, Rules};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(5);
    let presets = [
        (
            "TRADICIONAL",
            Rules {
                hands: Some(1),
                ..Rules::TRADICIONAL
            },
        ),
        (
            "LUDOTEKA",
            Rules {
                hands: Some(3),
                ..Rules::LUDOTEKA
            },
        ),
    ];
    for (name, rules) in presets {
        let start = Core::new_game(rules, 3, 0, None).expect("a new game");
        for (policy, heuristic) in [(Policy::Random, false), (Policy::Heuristic, true)] {
            let games = 20_000;
            let mut actions = 0;
            let times: Vec<f64> = (0..repeats)
                .map(|_| {
                    let began = Instant::now();
                    actions = 0;
                    for k in 0..games {
                        actions += play_game(&start, k, &[policy], 10, 1_000_000).actions;
                    }
                    began.elapsed().as_secs_f64() / actions as f64 * 1e9
                })
                .collect();
            println!(
                "{name}, {} seats: {games} games, {actions} actions, {:.1} ns per action",
                if heuristic { "heuristic" } else { "random" },
                median(times)
            );
        }
    }
    // golfo's position "start": 8 chips a seat, the first betting round
    let deck: [u8; 28] = [
        8, 2, 23, 5, 13, 12, 26, 16, 17, 4, 1, 22, 21, 24, 7, 19, 6, 18, 15, 0, 3, 11, 20, 27, 10,
        14, 25, 9,
    ];
    let mut core = Core::new_game(Rules::TRADICIONAL, 3, 0, Some(&[8, 8, 8])).unwrap();
    while core.to_act == Actor::Chance {
        let card = *deck.iter().find(|&&c| core.stock >> c & 1 == 1).unwrap();
        core.apply(Action::Deal(Some(card))).unwrap();
    }
    let mut count = 0;
    let times: Vec<f64> = (0..repeats)
        .map(|_| {
            let began = Instant::now();
            count = perft(&core, 17, &deck);
            began.elapsed().as_secs_f64()
        })
        .collect();
    println!(
        "perft 17 of the position start: {count} in {:.3} s",
        median(times)
    );
}
