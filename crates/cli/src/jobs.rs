//! Games played at once on several threads, their results kept in game order so that
//! they do not depend on how many threads played them (`simulate` and `tournament`).

use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The threads to use when none is given: every core this process may run on.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `play(i)` for every game `i` of `0..games`, on `jobs` threads (each takes the next
/// game when it is done), with a progress bar; the results in game order.
pub fn in_game_order<T: Send>(games: u64, jobs: usize, play: impl Fn(u64) -> T + Sync) -> Vec<T> {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .expect("template"),
    );
    let next = AtomicU64::new(0);
    let slots: Mutex<Vec<Option<T>>> = Mutex::new((0..games).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, games.max(1) as usize) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let result = play(i);
                slots.lock().expect("no thread panics holding it")[i as usize] = Some(result);
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let slots = slots.into_inner().expect("threads done");
    slots
        .into_iter()
        .map(|r| r.expect("every game was played"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::in_game_order;

    #[test]
    fn results_come_in_game_order_whatever_the_threads() {
        let one = in_game_order(200, 1, |i| i * i);
        for jobs in [2, 3, 16] {
            assert_eq!(in_game_order(200, jobs, |i| i * i), one);
        }
        assert!(in_game_order(0, 4, |i| i).is_empty());
    }
}
