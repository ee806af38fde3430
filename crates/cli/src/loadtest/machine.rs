//! The machine's load while a benchmark runs (Linux `/proc`): the 1-minute load
//! average before and after, how much of the CPU stayed idle, and how much of it
//! the benchmark's own processes took, so that a figure taken while others were
//! compiling is visible as such.

use serde_json::{json, Value};

/// CPU time counters, in the kernel's clock ticks.
#[derive(Clone, Debug, Default)]
struct CpuTimes {
    /// All CPUs: every state, and idle + iowait.
    total: u64,
    idle: u64,
    /// The benchmark's processes: user + system, each (in the order of `pids`).
    ours: Vec<u64>,
}

/// The kernel's clock ticks per second in `/proc` (`USER_HZ`, 100 on Linux).
const TICKS_PER_SECOND: f64 = 100.0;

/// A reading taken at the start of a run, compared with one at its end.
pub struct Probe {
    load_before: Option<f64>,
    times: CpuTimes,
    pids: Vec<u32>,
}

impl Probe {
    /// Starts watching; `pids` are the benchmark's processes (this one, the server:
    /// the report names them in that order).
    pub fn start(pids: Vec<u32>) -> Probe {
        Probe {
            load_before: load_average(),
            times: cpu_times(&pids),
            pids,
        }
    }

    /// The load over the run, as the report's `machine` object.
    pub fn finish(&self) -> Value {
        let now = cpu_times(&self.pids);
        let total = now.total.saturating_sub(self.times.total).max(1) as f64;
        let share = |ticks: u64| (100.0 * ticks as f64 / total * 10.0).round() / 10.0;
        let used: Vec<u64> = now
            .ours
            .iter()
            .zip(&self.times.ours)
            .map(|(now, then)| now.saturating_sub(*then))
            .collect();
        let seconds = |i: usize| used.get(i).map_or(0.0, |t| *t as f64 / TICKS_PER_SECOND);
        json!({
            "cores": std::thread::available_parallelism().map_or(0, |n| n.get()),
            "load_1min_before": self.load_before,
            "load_1min_after": load_average(),
            "cpu_idle_percent": share(now.idle.saturating_sub(self.times.idle)),
            "cpu_loadtest_percent": share(used.iter().sum()),
            // CPU time (user + system) of each process over the run: the cost of
            // the work, which a busy machine delays but does not inflate much.
            "cpu_seconds": {"clients": seconds(0), "server": seconds(1)},
        })
    }
}

/// The report's line for the machine.
pub fn describe(m: &Value) -> String {
    let load = |v: &Value| v.as_f64().map_or("?".to_string(), |l| format!("{l:.2}"));
    format!(
        "machine: {} cores, load (1 min) {} before, {} after; CPU {}% idle during the run, {}% used by this loadtest (clients and server)",
        m["cores"],
        load(&m["load_1min_before"]),
        load(&m["load_1min_after"]),
        m["cpu_idle_percent"],
        m["cpu_loadtest_percent"]
    )
}

fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn cpu_times(pids: &[u32]) -> CpuTimes {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let (total, idle) = stat.lines().next().map_or((0, 0), all_cpus);
    let ours = pids
        .iter()
        .filter_map(|pid| std::fs::read_to_string(format!("/proc/{pid}/stat")).ok())
        .map(|s| process_ticks(&s))
        .collect();
    CpuTimes { total, idle, ours }
}

/// `cpu  user nice system idle iowait irq softirq steal ...`: (all, idle + iowait).
fn all_cpus(line: &str) -> (u64, u64) {
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|f| f.parse().ok())
        .collect();
    // guest and guest_nice (fields 9 and 10) are already counted in user and nice.
    let total = fields.iter().take(8).sum();
    let idle = fields.get(3).unwrap_or(&0) + fields.get(4).unwrap_or(&0);
    (total, idle)
}

/// A process's user + system ticks from `/proc/PID/stat` (fields 14 and 15; the
/// command name in parentheses may hold spaces, so count from its closing one).
fn process_ticks(stat: &str) -> u64 {
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let tick = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    tick(11) + tick(12)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_cpu_line_of_proc_stat() {
        let line = "cpu  100 5 50 800 40 3 2 0 7 0";
        assert_eq!(all_cpus(line), (1000, 840));
    }

    #[test]
    fn reads_a_process_ticks_past_a_name_with_spaces() {
        let stat = "42 (tokio runtime) S 1 42 42 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 9";
        assert_eq!(process_ticks(stat), 325);
    }
}
