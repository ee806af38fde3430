//! Memory per state (issue 46: "memory per state stays at or below today's"): the
//! bytes one position takes, its inline size plus what a copy of it allocates,
//! which is what a search pays for each position it copies. Measured at every
//! step of random games of each game and mode, the largest seen held to a bound.
//!
//! The bounds are the largest figures measured on 30 November 2026 (random games,
//! seeds 0-19), rounded up to the next 64 bytes: a change that grows a state past
//! one fails here, and the bound moves only with a reason in docs/speed.md.
//! `cargo test --release -p tabuleiro-bots --test memory_per_state -- --nocapture`
//! prints the figures (scripts/speed-table.sh puts them in docs/speed.md).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use tabuleiro_core::{play, Game, UniformChooser};

/// Counts the bytes this thread allocates, for the copy measured below.
struct Counting;

thread_local! {
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + layout.size()));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.with(|a| a.set(a.get() + new_size.saturating_sub(layout.size())));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The bytes of `game`: its inline size and what cloning it allocates.
fn state_bytes<G: Game>(game: &G) -> usize {
    let before = ALLOCATED.with(Cell::get);
    let copy = game.clone();
    let heap = ALLOCATED.with(Cell::get) - before;
    drop(copy);
    std::mem::size_of::<G>() + heap
}

/// The mean and the largest bytes per state over every step of 20 random games.
fn measure<G: Game>(config: &G::Config) -> (usize, usize) {
    let (mut total, mut steps, mut largest) = (0, 0, 0);
    for seed in 0..20 {
        play::<G>(config, seed, &mut UniformChooser, false, |game, _| {
            let bytes = state_bytes(game);
            total += bytes;
            steps += 1;
            largest = largest.max(bytes);
        })
        .expect("a random game plays");
    }
    (total / steps.max(1), largest)
}

/// Measures `label`'s states, prints them, and holds the largest to `bound` bytes.
fn check<G: Game>(label: &str, config: &G::Config, bound: usize) {
    let (mean, largest) = measure::<G>(config);
    println!("memory: {label}: mean {mean} bytes, largest {largest} bytes (bound {bound})");
    assert!(
        largest <= bound,
        "{label}: a state took {largest} bytes, past the bound of {bound}"
    );
}

fn burgundy(json: &str) -> tabuleiro_burgundy::Config {
    serde_json::from_str(json).expect("a Burgundy config")
}

#[test]
fn every_game_keeps_its_states_within_their_bytes() {
    use tabuleiro_burgundy::Burgundy;
    use tabuleiro_catan::Catan;
    use tabuleiro_viscounts::Viscounts;
    check::<Catan>(
        "catan, base, 4 players",
        &tabuleiro_catan::Config::players(4),
        576,
    );
    check::<Catan>(
        "catan, cities & knights, 4 players",
        &tabuleiro_catan::Config::cities_and_knights(4),
        1216,
    );
    check::<Burgundy>("burgundy, 4 players", &burgundy(r#"{"players": 4}"#), 3904);
    check::<Burgundy>("burgundy, 2 players", &burgundy(r#"{"players": 2}"#), 2944);
    check::<Burgundy>(
        "burgundy, 4 players, every module but the team",
        &burgundy(
            r#"{"players": 4, "modules": ["duchies-11-18", "duchies-19-22", "extra-hexes",
                "trading-posts", "white-castles", "inns", "trade-routes", "shields", "vineyards"]}"#,
        ),
        5248,
    );
    for (players, label, bound) in [
        (1, "viscounts, solo", 2048),
        (4, "viscounts, 4 players", 2304),
    ] {
        let config = tabuleiro_viscounts::Config {
            players,
            ..Default::default()
        };
        check::<Viscounts>(label, &config, bound);
    }
}
