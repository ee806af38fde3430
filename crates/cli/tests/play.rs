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
