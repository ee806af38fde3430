//! SQLite's writes run on a thread of their own (a one-thread runtime that runs
//! nothing else). The writers take their turn in order (`Store::turn`), and a turn
//! handed to the next writer is dead time until that task runs: on the server's
//! runtime, busy with a thousand connections, that wait was most of a write's
//! latency under load (issue 17's tail: the queue p50 was 262 ms while a write
//! held its turn for under a millisecond). Here the next writer runs at once.

use std::future::Future;
use tokio::runtime::{Builder, Handle};
use tokio::sync::oneshot;

/// The writers' runtime; it stops when the last store holding it is dropped.
#[derive(Debug)]
pub(crate) struct Writer {
    handle: Handle,
    _stop: oneshot::Sender<()>,
}

impl Writer {
    pub(crate) fn start() -> std::io::Result<Writer> {
        let runtime = Builder::new_current_thread().enable_all().build()?;
        let handle = runtime.handle().clone();
        let (stop, stopped) = oneshot::channel::<()>();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                let _ = runtime.block_on(stopped);
            })?;
        Ok(Writer {
            handle,
            _stop: stop,
        })
    }

    /// Runs `write` on the writers' thread and waits for its answer.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        write: impl Future<Output = T> + Send + 'static,
    ) -> Option<T> {
        self.handle.spawn(write).await.ok()
    }
}
