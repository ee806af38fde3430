//! Spectators for `tabuleiro loadtest --spectators N`: WebSocket followers without
//! a seat, connected to a game before its player starts, that read every pushed
//! state and count its bytes, so that the server's cost of a game followed by many
//! is measured with the same clients and report as its players'.

use super::{connect, SendError, Socket};
use futures_util::StreamExt;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

/// What the spectators of a run received.
#[derive(Default)]
pub struct Watched {
    /// The size in bytes of every state pushed to a spectator.
    pub sizes: Vec<usize>,
    pub failed: usize,
}

/// `per_game` spectators on each game, connected now (each has had its first
/// state pushed) and reading until `done` turns true.
pub async fn open(
    addr: &str,
    games: &[String],
    per_game: usize,
    done: &watch::Receiver<bool>,
) -> Result<Vec<JoinHandle<Result<Vec<usize>, SendError>>>, SendError> {
    let mut watching = Vec::with_capacity(games.len() * per_game);
    for id in games {
        for _ in 0..per_game {
            let socket = connect(addr, id, None).await?;
            watching.push(tokio::spawn(watch(socket, done.clone())));
        }
    }
    Ok(watching)
}

/// Waits for the spectators (told to stop) and gathers what they received.
pub async fn gather(watching: Vec<JoinHandle<Result<Vec<usize>, SendError>>>) -> Watched {
    let mut watched = Watched::default();
    for w in watching {
        match w.await {
            Ok(Ok(sizes)) => watched.sizes.extend(sizes),
            _ => watched.failed += 1,
        }
    }
    watched
}

/// Reads the game's pushes until `done`: the size of each state.
async fn watch(
    mut socket: Socket,
    mut done: watch::Receiver<bool>,
) -> Result<Vec<usize>, SendError> {
    let mut sizes = Vec::new();
    loop {
        tokio::select! {
            _ = done.changed() => return Ok(sizes),
            message = socket.next() => match message {
                Some(Ok(Message::Text(text))) => sizes.push(text.len()),
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(e.into()),
                None => return Ok(sizes),
            },
        }
    }
}
