//! Where an action's time goes in the server (issue 17's tail): the wait for the
//! game (its lock, held by another command or push), the rules (`apply`), the
//! store's write, and for each push to a follower the wait for the game, the view
//! rendered as JSON text, and the socket's send. Logged when the server stops
//! (`server stages: ...`, at info), next to the store's own timings.

use std::fmt;
use std::time::Instant;
use tabuleiro_store::Histogram;

#[derive(Debug, Default)]
pub struct Stages {
    pub command_wait: Histogram,
    pub apply: Histogram,
    pub store: Histogram,
    pub push_wait: Histogram,
    pub render: Histogram,
    pub send: Histogram,
}

impl Stages {
    /// Records the time since `*mark` in `into`, and moves the mark to now.
    pub fn lap(into: &Histogram, mark: &mut Instant) {
        let now = Instant::now();
        into.record(now - *mark);
        *mark = now;
    }
}

impl fmt::Display for Stages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "server stages: command wait {}; apply {}; store {}; push wait {}; render {}; send {}",
            self.command_wait.summary(),
            self.apply.summary(),
            self.store.summary(),
            self.push_wait.summary(),
            self.render.summary(),
            self.send.summary()
        )
    }
}
