//! The process's CPU time, read at the command's edge: on a shared machine the wall
//! clock counts the time other processes had the core, so speed is also reported per
//! CPU-second (issue 18).

/// User and system CPU seconds this process has used so far; `None` where the
/// platform does not say.
#[cfg(unix)]
pub fn process_seconds() -> Option<f64> {
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: getrusage only writes the struct passed.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

#[cfg(not(unix))]
pub fn process_seconds() -> Option<f64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work() {
        let before = process_seconds().expect("unix reports CPU time");
        let mut x = 1u64;
        let mut spent = 0.0;
        while spent < 0.02 {
            for i in 0..1_000_000u64 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
            }
            spent = process_seconds().unwrap() - before;
        }
        assert!(spent >= 0.02 && x != 0);
    }
}
