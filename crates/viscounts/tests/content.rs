//! The embedded content loads, validates and reports its provisional items.

use tabuleiro_viscounts::content::{Content, Deck};

#[test]
fn content_loads_and_counts_match_the_component_list() {
    let c = Content::load().expect("valid");
    let n = |d: Deck| {
        c.villagers
            .iter()
            .filter(|v| v.deck == d)
            .map(|v| v.copies as usize)
            .sum::<usize>()
    };
    // seed 003 L27-180
    assert_eq!(
        (n(Deck::Neutral), n(Deck::Hero), n(Deck::Starting)),
        (68, 10, 32)
    );
    assert_eq!(c.manuscripts.len(), 35);
    assert_eq!(c.player_cards.len(), 10);
}

#[test]
fn provisional_items_are_listed() {
    let c = Content::get();
    // 22 reconstructed manuscripts + 2 with guessed fields (m11, m12), 7 player
    // cards, 5 segments, ...
    assert!(
        c.provisional
            .iter()
            .filter(|p| p.starts_with("manuscripts.json"))
            .count()
            >= 24
    );
    assert!(c
        .provisional
        .iter()
        .any(|p| p == "board.json:player_card_3"));
    assert!(c
        .provisional
        .iter()
        .any(|p| p == "villagers.json:neutral_strongman_1"));
    assert!(!c
        .provisional
        .iter()
        .any(|p| p == "board.json:player_card_1"));
}

#[test]
fn a_game_says_it_uses_provisional_content() {
    use tabuleiro_core::Game;
    let g = tabuleiro_viscounts::Viscounts::new(&tabuleiro_viscounts::Config::default()).unwrap();
    assert!(g.config().provisional_content.contains("provisional"));
    assert_eq!(
        g.view(Some(0)).provisional_content,
        Content::get().provisional
    );
}

/// A record's header is its config: a config file cannot take the note out of it
/// (whatever it says is read as this build's note), and a config built in code
/// without it is refused.
#[test]
fn a_record_says_it_was_played_with_provisional_content() {
    use tabuleiro_core::{Game, Session};
    use tabuleiro_viscounts::config::provisional_note;
    use tabuleiro_viscounts::error::{ConfigError, Error};
    use tabuleiro_viscounts::{Config, Viscounts};
    for players in 1..=4 {
        let file = format!(r#"{{"players": {players}, "provisional_content": ""}}"#);
        let config: Config = serde_json::from_str(&file).unwrap();
        let session = Session::<Viscounts>::new(config, 1).unwrap();
        let header = serde_json::to_value(session.record()).unwrap();
        assert_eq!(
            header["config"]["provisional_content"],
            provisional_note(),
            "{header}"
        );
        assert!(provisional_note().starts_with(&Content::get().provisional.len().to_string()));
    }
    let silent = Config {
        provisional_content: String::new(),
        ..Config::default()
    };
    assert_eq!(
        Viscounts::new(&silent).unwrap_err(),
        Error::Config(ConfigError::ProvisionalNote)
    );
}

/// Every item the game reports as provisional has its row (with its reason) in
/// docs/viscounts/content.md.
#[test]
fn every_provisional_item_is_listed_in_the_content_doc() {
    let doc = include_str!("../../../docs/viscounts/content.md");
    for p in &Content::get().provisional {
        let (file, item) = p.split_once(':').unwrap();
        let row = match (file, item) {
            ("board.json", "start_spaces") => "start spaces".to_string(),
            ("solo.json", "removed_plots") => "Plot cards removed at setup".to_string(),
            (_, i) if i.starts_with("player_card_") => i.replace('_', " "),
            (_, i) if i.starts_with("segment_") => format!("segment {}", &i[8..]),
            (_, i) if i.starts_with("castle_level_2_") => {
                format!("castle level-2 section {}", &i[15..])
            }
            (_, i) if i.starts_with("plot_") => format!("Plot card {}", &i[5..]),
            (_, i) if i.starts_with("ai_board_") => format!("AI board `{}`", &i[9..]),
            (_, i) => i.to_string(),
        };
        assert!(
            doc.lines()
                .any(|l| l.starts_with(&format!("| {file} | {row}"))
                    || (file == "solo.json" && l.starts_with("| ") && l.contains(&row))),
            "{p}: no row \"{row}\" in docs/viscounts/content.md"
        );
    }
}

/// The manuscripts found on 2026-11-28 (docs/viscounts/content.md, "Found since"): m30
/// is the Gates of Gold rulebook's base tile, 1 VP per 2 Stone at the end of the game,
/// and with m10, whose ribbon was read blue, no longer provisional.
#[test]
fn m30_scores_one_point_per_two_stone_and_m10_and_m30_are_read() {
    use tabuleiro_core::Game;
    use tabuleiro_viscounts::content::Scoring;
    use tabuleiro_viscounts::effect::{Ms, Res};
    let c = Content::get();
    let at = |id: &str| c.manuscripts.iter().position(|m| m.id == id).unwrap();
    let m30 = &c.manuscripts[at("m30")];
    assert_eq!((m30.cost, m30.immediate.len()), (6, 0));
    assert_eq!(
        m30.scoring,
        Some(Scoring::ResourceKind {
            resource: Res::Stone,
            every: 2
        })
    );
    for id in ["m10", "m30"] {
        assert!(!c.manuscripts[at(id)].provisional, "{id}");
        assert!(!c
            .provisional
            .iter()
            .any(|p| p == &format!("manuscripts.json:{id}")));
    }
    let mut g =
        tabuleiro_viscounts::Viscounts::new(&tabuleiro_viscounts::Config::default()).unwrap();
    g.players[0].manuscripts = vec![Ms(at("m30") as u8)];
    // Ink, Gold, Stone: only the Stone counts, in whole pairs.
    for (res, vp) in [
        ([4, 4, 0], 0),
        ([0, 0, 1], 0),
        ([0, 0, 5], 2),
        ([3, 0, 6], 3),
    ] {
        g.players[0].res = res;
        assert_eq!(g.breakdown(0).manuscript_own, vp, "{res:?}");
    }
}
