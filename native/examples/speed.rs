//! Actions per second of the Rust engine alone: `cargo run --release --example speed`.

use std::time::Instant;

use golfo_native::play::play_game;
use golfo_native::{perft, Core, Rules};

fn main() {
    let rules = Rules {
        hands: Some(3),
        ..Rules::LUDOTEKA
    };
    let start = Core::new_game(rules, 3, 0, None).expect("a new game");
    for heuristic in [false, true] {
        let began = Instant::now();
        let mut actions = 0;
        let games = 20_000;
        for k in 0..games {
            actions += play_game(&start, k, heuristic, 10, 1_000_000).actions;
        }
        let took = began.elapsed().as_secs_f64();
        println!(
            "{} seats: {games} games, {actions} actions, {:.1} ns per action",
            if heuristic { "heuristic" } else { "random" },
            took / actions as f64 * 1e9
        );
    }
    let deck: Vec<u8> = (0..28).collect();
    let mut core = Core::new_game(
        Rules {
            ..Rules::TRADICIONAL
        },
        3,
        0,
        Some(&[8, 8, 8]),
    )
    .unwrap();
    while core.to_act == golfo_native::Actor::Chance {
        let card = (0..28).find(|c| core.stock >> c & 1 == 1).unwrap();
        core.apply(golfo_native::Action::Deal(Some(card))).unwrap();
    }
    let began = Instant::now();
    let count = perft(&core, 9, &deck);
    println!(
        "perft 9 of a start with 8 chips a seat: {count} in {:.2} s",
        began.elapsed().as_secs_f64()
    );
}
