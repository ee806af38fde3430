//! Corrected content from a file (issue 15): the example content file of
//! docs/burgundy/content.md plays everywhere, and records and position files rebuild
//! it; a view only names it.

use tabuleiro_burgundy::content::Content;
use tabuleiro_burgundy::{Burgundy, Config, GameContent, View};
use tabuleiro_core::{play, replay, Game, Record, UniformChooser};

/// The example shipped beside the docs: duchy 1 with spaces 0 and 1 trading their
/// die numbers (pasture 5, castle 6; the printed board has pasture 6, castle 5).
const EXAMPLE: &str = include_str!("../../../docs/burgundy/content-example.json");

fn example() -> GameContent {
    GameContent::from_text(EXAMPLE).expect("the example content file is valid")
}

fn on_duchy_1(content: GameContent) -> Config {
    Config {
        duchies: vec![1, 1],
        content,
        ..Config::players(2)
    }
}

#[test]
fn the_example_replaces_duchy_1_and_nothing_else() {
    let content = example();
    assert_eq!(content.replaced(), vec!["duchies.json"]);
    let (custom, printed) = (content.get(), Content::embedded());
    let (d, p) = (custom.duchy(1).unwrap(), printed.duchy(1).unwrap());
    assert_eq!((d.dice[0], d.dice[1]), (5, 6));
    assert_eq!((p.dice[0], p.dice[1]), (6, 5));
    assert_eq!(d.colours, p.colours);
    assert_eq!(custom.coloured, printed.coloured);
    assert_eq!(custom.sides.len(), printed.sides.len());
}

#[test]
fn a_game_plays_with_its_content_and_says_so() {
    let game = Burgundy::new(&on_duchy_1(example())).unwrap();
    assert_eq!(game.duchy(0).dice[0], 5);
    assert!(game
        .describe()
        .contains("Custom content: a content file replaces duchies.json"));
    let printed = Burgundy::new(&on_duchy_1(GameContent::default())).unwrap();
    assert_eq!(printed.duchy(0).dice[0], 6);
    assert!(!printed.describe().contains("Custom content"));
}

/// A record carries the content file in its config: replaying it rebuilds the same
/// game, and the base game's record has no `content` at all.
#[test]
fn a_record_and_a_position_file_rebuild_the_content() {
    let config = on_duchy_1(example());
    let played = play::<Burgundy>(&config, 3, &mut UniformChooser, true, |_, _| {}).unwrap();
    let record = played.record.unwrap();
    let text = serde_json::to_string(&record).unwrap();
    let back: Record<Burgundy> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.config, config);
    assert_eq!(back.config.content.get().duchy(1).unwrap().dice[0], 5);
    let replayed = replay(&back).unwrap();
    assert_eq!(replayed.scores(), played.game.scores());
    // A position file (the serialized game) keeps it too.
    let position: Burgundy =
        serde_json::from_str(&serde_json::to_string(&played.game).unwrap()).unwrap();
    assert_eq!(position.duchy(0).dice[0], 5);
}

/// A view says that the game plays with a content file but does not carry it: a
/// client gets it once (`Game::custom_content`), not in every view (issue 40). A guess
/// from the view plays with it.
#[test]
fn a_view_names_the_content_file_without_carrying_it() {
    let config = on_duchy_1(example());
    let game = play::<Burgundy>(&config, 3, &mut UniformChooser, false, |_, _| {})
        .unwrap()
        .game;
    let text = serde_json::to_string(&game.view(Some(0))).unwrap();
    assert!(!text.contains("duchies.json"), "{} bytes", text.len());
    let view: View = serde_json::from_str(&text).unwrap();
    assert!(view.custom_content);
    assert!(view.position.config.content.is_embedded());
    let file = game.custom_content().expect("the content file");
    assert_eq!(GameContent::from_value(file).unwrap(), config.content);
    let guessed = game.determinize(Some(0), &mut tabuleiro_core::Rng::seed(1));
    assert_eq!(guessed.duchy(0).dice[0], 5);
    let printed = Burgundy::new(&on_duchy_1(GameContent::default())).unwrap();
    assert!(!printed.view(None).custom_content);
    assert_eq!(printed.custom_content(), None);
}

/// The base game's config names no content.
#[test]
fn the_base_config_has_no_content() {
    let base = serde_json::to_value(on_duchy_1(GameContent::default())).unwrap();
    assert!(base.get("content").is_none(), "{base}");
}

/// The same seed on the corrected duchy plays differently from the printed one:
/// placement and scoring read the game's content, not the embedded one.
#[test]
fn the_content_changes_the_play() {
    let custom = play::<Burgundy>(
        &on_duchy_1(example()),
        5,
        &mut UniformChooser,
        false,
        |_, _| {},
    );
    let printed = play::<Burgundy>(
        &on_duchy_1(GameContent::default()),
        5,
        &mut UniformChooser,
        false,
        |_, _| {},
    );
    let (custom, printed) = (custom.unwrap(), printed.unwrap());
    assert_ne!(
        (custom.game.scores(), custom.decisions),
        (printed.game.scores(), printed.decisions)
    );
}

/// A config that names a bad content file is refused when read, with the file and
/// the item.
#[test]
fn a_bad_content_file_in_a_config_is_refused() {
    let bad = EXAMPLE.replacen("P5 C6 C4 K3", "P5 C6 C4 X3", 1);
    let config = format!(r#"{{"players": 2, "content": {bad}}}"#);
    let e = serde_json::from_str::<Config>(&config)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("duchies.json: duchy 1: space 3 \"X3\" has no colour letter"),
        "{e}"
    );
}

/// A reading's trading posts are counted as bits of a word (`trading_post_links`): a
/// content file that gives one more than 16 posts is refused when read, naming the
/// reading; 16 are accepted.
#[test]
fn a_reading_with_more_than_16_trading_posts_is_refused() {
    let with_posts = |n: usize| {
        let mut file: serde_json::Value = serde_json::from_str(EXAMPLE).unwrap();
        let reading = &mut file["duchies.json"]["trading_posts"]["sites"]["classic-picture"];
        reading["posts"] = (0..n).map(|i| vec![i]).collect();
        GameContent::from_text(&file.to_string())
    };
    let e = with_posts(17).unwrap_err().to_string();
    assert!(
        e.contains("trading posts ClassicPicture: two to 16 posts"),
        "{e}"
    );
    assert!(with_posts(16).is_ok());
}
