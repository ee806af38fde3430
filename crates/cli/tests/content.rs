//! Issue 15, corrected content from a file: `--content FILE` where a Burgundy game
//! is created (simulate, tournament, position new, play), validated by the engine's
//! own parser, with clear errors; records and position files carry it.

mod support;

use support::{stdout, tabuleiro, temp_dir};

const EXAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../docs/burgundy/content-example.json"
);

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// The example file plays: a simulated game's record carries the content file and
/// replays to the same scores; `position new` prints it and `position show` marks it.
#[test]
fn content_file_plays_and_its_records_replay() {
    let dir = temp_dir("content");
    let config = write(&dir, "config.json", r#"{"duchies": [1, 1]}"#);
    let records = dir.join("records");
    let out = tabuleiro(&[
        "simulate",
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "4",
        "--config",
        &config,
        "--content",
        EXAMPLE,
        "--record",
        records.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", err(&out));
    let file = records.join("game-0.json");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let rows = &record["config"]["content"]["duchies.json"]["boards"][0]["rows"];
    assert_eq!(rows[0], "P5 C6 C4 K3", "{rows}");
    let replayed = tabuleiro(&["replay", file.to_str().unwrap(), "--json"]);
    assert!(replayed.status.success(), "{}", err(&replayed));
    let r: serde_json::Value = serde_json::from_str(&stdout(&replayed)).unwrap();
    assert_eq!(r["scores"], record["scores"]);

    let out = tabuleiro(&["position", "new", "--config", &config, "--content", EXAMPLE]);
    assert!(out.status.success(), "{}", err(&out));
    let position = write(&dir, "position.json", &stdout(&out));
    let shown = tabuleiro(&["position", "show", &position]);
    assert!(shown.status.success(), "{}", err(&shown));
    assert!(
        stdout(&shown).contains("Custom content: a content file replaces duchies.json"),
        "{}",
        stdout(&shown)
    );
    let out = tabuleiro(&[
        "tournament",
        "--bots",
        "random,random",
        "--games",
        "1",
        "--config",
        &config,
        "--content",
        EXAMPLE,
    ]);
    assert!(out.status.success(), "{}", err(&out));
}

/// A bad content file is refused before any game, naming the file, the data file
/// and the item; a missing one and another game's are refused too.
#[test]
fn bad_content_files_are_refused_with_the_reason() {
    let dir = temp_dir("bad-content");
    let example = std::fs::read_to_string(EXAMPLE).unwrap();
    let cases = [
        (
            "bad-space.json",
            example.replacen("P5 C6 C4 K3", "P5 C6 C4 X3", 1),
            "duchies.json: duchy 1: space 3 \"X3\" has no colour letter",
        ),
        (
            "unknown.json",
            r#"{"shields.json": {}}"#.to_string(),
            "content file: \"shields.json\" is not a data file it may replace",
        ),
        ("not-json.json", "{".to_string(), "content file: EOF"),
    ];
    for (name, text, reason) in cases {
        let path = write(&dir, name, &text);
        for args in [
            vec!["simulate", "--games", "1", "--content", &path],
            vec!["position", "new", "--content", &path],
            vec![
                "play",
                "burgundy",
                "--seats",
                "greedy,greedy",
                "--content",
                &path,
            ],
        ] {
            let out = tabuleiro(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", err(&out));
            let e = err(&out);
            assert!(e.contains(reason) && e.contains(name), "{args:?}: {e}");
        }
    }
    let out = tabuleiro(&[
        "simulate",
        "--games",
        "1",
        "--content",
        "/nonexistent/content.json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err(&out).contains("cannot read /nonexistent/content.json"),
        "{}",
        err(&out)
    );
    let out = tabuleiro(&[
        "simulate",
        "--game",
        "catan",
        "--games",
        "1",
        "--content",
        EXAMPLE,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err(&out).contains("catan takes no content file"),
        "{}",
        err(&out)
    );
}
