//! `tabuleiro play` tested as a process: refusals, and a whole bot game in a
//! pseudo-terminal (through util-linux `script`, when it is installed).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn tabuleiro() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabuleiro-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_bad_save_file_is_refused_with_exit_code_2() {
    let dir = tmp("bad");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"format\": 3").unwrap();
    let out = tabuleiro()
        .args(["play", "--resume", bad.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a tabuleiro save file"), "{err}");
    let missing = dir.join("missing.json");
    let out = tabuleiro()
        .args(["play", "--resume", missing.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read the save file"));
}

#[test]
fn bad_seats_and_languages_are_refused() {
    for args in [
        vec!["play", "burgundy", "--seats", "me,dragon"],
        vec!["play", "burgundy", "--seats", "me"],
        vec!["play", "burgundy", "--lang", "fr"],
        vec!["play"],
    ] {
        let out = tabuleiro().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?} says why");
    }
    // In words, not as a data structure (issue 43: "Players { players: 2 }").
    let out = tabuleiro()
        .args(["play", "catan", "--seats", "me,greedy"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Catan is played by 3 or 4 players, not 2"),
        "{err}"
    );
}

/// Bots only, in a pseudo-terminal: the game runs to its end, is saved as it goes,
/// and `q` on the final scoring leaves with success.
#[test]
fn a_bot_game_runs_to_the_end_in_a_pseudo_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: util-linux script is not installed");
        return;
    }
    let dir = tmp("pty");
    let save = dir.join("game.json");
    let cmd = format!(
        "stty rows 24 cols 80; exec {} play burgundy --seats greedy,random --pace 0 --seed 3 --lang es --save {}",
        env!("CARGO_BIN_EXE_tabuleiro"),
        save.display()
    );
    let mut child = Command::new("script")
        .args(["-qfec", &cmd, "/dev/null"])
        .env("TERM", "xterm")
        .env("COLUMNS", "80")
        .env("LINES", "24")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain the screen as it comes, or the pipe fills and the game stalls.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut bytes);
        bytes
    });
    let start = Instant::now();
    let finished = loop {
        let text = std::fs::read_to_string(&save).unwrap_or_default();
        if text.contains("\"scores\"") {
            break true;
        }
        if start.elapsed() > Duration::from_secs(120) {
            break false;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"q");
    drop(stdin);
    let status = child.wait().unwrap();
    let bytes = reader.join().unwrap();
    assert!(finished, "the game did not end in time");
    assert!(status.success(), "{status:?}");
    let screen = String::from_utf8_lossy(&bytes);
    assert!(
        screen.contains("Puntuación") && screen.contains("Clasificación"),
        "the final scoring is shown"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A terminal game of `tabuleiro` in a pseudo-terminal (util-linux `script`): keys go
/// to its standard input, and the save file says what happened.
struct Pty {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    reader: std::thread::JoinHandle<Vec<u8>>,
}

impl Pty {
    fn start(args: &str) -> Option<Pty> {
        if Command::new("script").arg("--version").output().is_err() {
            eprintln!("skipped: util-linux script is not installed");
            return None;
        }
        let cmd = format!(
            "stty rows 24 cols 80; exec {} {args}",
            env!("CARGO_BIN_EXE_tabuleiro")
        );
        let mut child = Command::new("script")
            .args(["-qfec", &cmd, "/dev/null"])
            .env("TERM", "xterm")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = std::io::Read::read_to_end(&mut stdout, &mut bytes);
            bytes
        });
        let stdin = child.stdin.take().unwrap();
        Some(Pty {
            child,
            stdin,
            reader,
        })
    }

    fn keys(&mut self, keys: &[u8]) {
        self.stdin.write_all(keys).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Quits with `q` and returns the exit status and what the screen showed.
    fn quit(mut self) -> (std::process::ExitStatus, String) {
        self.keys(b"q");
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        let bytes = self.reader.join().unwrap();
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The steps of a save file.
fn steps(save: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(save).unwrap_or_default();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    json.pointer("/record/steps")
        .and_then(|s| s.as_array())
        .cloned()
        .unwrap_or_default()
}

/// Seat 0's decisions in a save file.
fn mine(save: &std::path::Path) -> Vec<serde_json::Value> {
    steps(save)
        .into_iter()
        .filter(|s| s.pointer("/decision/seat") == Some(&serde_json::json!(0)))
        .map(|s| s["decision"]["action"].clone())
        .collect()
}

/// Waits until seat 0 has made `n` decisions and the bots wait on it (the save stops
/// growing), or gives up after a minute.
fn wait_for(save: &std::path::Path, n: usize) -> bool {
    let start = Instant::now();
    let mut last = (0, Instant::now());
    while start.elapsed() < Duration::from_secs(60) {
        let len = steps(save).len();
        if len != last.0 {
            last = (len, Instant::now());
        }
        let settled = len > 0 && last.1.elapsed() > Duration::from_millis(500);
        if settled && mine(save).len() >= n {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// Catan against two bots: the person places a settlement and a road with Enter,
/// quits, resumes the saved game, and places the second settlement and road.
#[test]
fn a_catan_game_is_played_saved_and_resumed_in_a_pseudo_terminal() {
    let dir = tmp("catan");
    let save = dir.join("catan.json");
    let start = format!(
        "play catan --seats me,greedy,random --pace 0 --seed 9 --lang pt-BR --options '{{\"board\":\"beginner\"}}' --save {}",
        save.display()
    );
    let Some(mut pty) = Pty::start(&start) else {
        return;
    };
    assert!(wait_for(&save, 0), "the board is laid out");
    pty.keys(b"\r");
    assert!(wait_for(&save, 1), "the settlement is placed");
    pty.keys(b"\r");
    assert!(
        wait_for(&save, 2),
        "the road is placed and the bots place theirs"
    );
    let (status, screen) = pty.quit();
    assert!(status.success(), "{status:?}");
    assert!(
        screen.contains("Mão") && screen.contains("Escolha"),
        "the table in Portuguese"
    );
    let first = mine(&save);
    assert_eq!(first[0]["action"], "settle", "{first:?}");
    assert_eq!(first[1]["action"], "road", "{first:?}");
    let before = steps(&save);
    // Seat 0 places last in the snake: the bots have placed both their settlements.
    let bots = before
        .iter()
        .filter(|s| s.pointer("/decision/action/action") == Some(&serde_json::json!("settle")))
        .count();
    assert_eq!(
        bots, 5,
        "three seats' first settlements and the bots' second ones"
    );

    let Some(mut pty) = Pty::start(&format!("play --resume {}", save.display())) else {
        return;
    };
    assert!(wait_for(&save, 2));
    pty.keys(b"\r");
    assert!(wait_for(&save, 3));
    pty.keys(b"\r");
    assert!(wait_for(&save, 4), "the second road is placed");
    let (status, _) = pty.quit();
    assert!(status.success(), "{status:?}");
    let after = steps(&save);
    assert_eq!(
        after[..before.len()],
        before[..],
        "the resumed game goes on from the save"
    );
    let actions: Vec<_> = mine(&save).iter().map(|a| a["action"].clone()).collect();
    assert_eq!(actions, ["settle", "road", "settle", "road"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Viscounts solo (one seat, against the AI): the person takes a pair of player card
/// and hero with Enter and places the player card's castle worker (seed 5 deals card
/// with one), quits, resumes the saved game, and plays the first card of the hand.
#[test]
fn a_viscounts_solo_game_is_played_saved_and_resumed_in_a_pseudo_terminal() {
    let dir = tmp("viscounts");
    let save = dir.join("viscounts.json");
    let start = format!(
        "play viscounts --seats me --pace 0 --seed 5 --lang pt-BR --save {}",
        save.display()
    );
    let Some(mut pty) = Pty::start(&start) else {
        return;
    };
    assert!(wait_for(&save, 0), "the board is laid out");
    pty.keys(b"\r");
    assert!(wait_for(&save, 1), "the pair is taken");
    pty.keys(b"\r");
    assert!(wait_for(&save, 2), "the worker is placed");
    let (status, screen) = pty.quit();
    assert!(status.success(), "{status:?}");
    assert!(
        screen.contains("Mão") && screen.contains("IA do Clérigo") && screen.contains("Escolha"),
        "the table in Portuguese, against the AI"
    );
    let first = mine(&save);
    assert_eq!(first[0]["do"], "choose_pair", "{first:?}");
    assert_eq!(first[1]["do"], "place_in", "{first:?}");
    let before = steps(&save);

    let Some(mut pty) = Pty::start(&format!("play --resume {}", save.display())) else {
        return;
    };
    assert!(wait_for(&save, 2));
    pty.keys(b"\r");
    assert!(wait_for(&save, 3), "a card is played");
    let (status, _) = pty.quit();
    assert!(status.success(), "{status:?}");
    let after = steps(&save);
    assert_eq!(
        after[..before.len()],
        before[..],
        "the resumed game goes on from the save"
    );
    let actions: Vec<_> = mine(&save).iter().map(|a| a["do"].clone()).collect();
    assert_eq!(actions, ["choose_pair", "place_in", "place"]);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 43, as a person meets it: `tabuleiro play catan` with no `--seats` starts a
/// game (the person against medium bots, three seats) instead of refusing the
/// config, and an intersection is placed by typing its two-digit number from the board.
#[test]
fn catan_without_seats_is_played_against_bots_and_takes_a_typed_intersection() {
    use tabuleiro_core::Game;
    use tabuleiro_games::catan::{Action, Catan};
    let dir = tmp("typed");
    let save = dir.join("catan.json");
    let start = format!(
        "play catan --pace 0 --seed 9 --lang en --options '{{\"board\":\"beginner\"}}' --save {}",
        save.display()
    );
    let Some(mut pty) = Pty::start(&start) else {
        return;
    };
    assert!(
        wait_for(&save, 0),
        "the game starts and waits on the person"
    );
    let file = tabuleiro_tui::save::read::<Catan>(&save).unwrap();
    assert_eq!(file.seats, ["me", "medium", "medium"]);
    let game = tabuleiro_core::replay(&file.record).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(0, &mut legal);
    // The highest free intersection: far past the menu's first nine entries.
    let vertex = legal
        .iter()
        .filter_map(|a| match a {
            Action::Settle { vertex } => Some(*vertex),
            _ => None,
        })
        .max()
        .unwrap();
    assert!(vertex >= 10, "{vertex}");
    pty.keys(format!("{vertex:02}").as_bytes());
    assert!(wait_for(&save, 1), "the settlement is placed");
    let (status, _) = pty.quit();
    assert!(status.success(), "{status:?}");
    let first = &mine(&save)[0];
    assert_eq!(first["action"], "settle", "{first}");
    assert_eq!(first["vertex"], vertex, "{first}");
    std::fs::remove_dir_all(&dir).ok();
}
