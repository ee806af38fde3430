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
    // 23 reconstructed manuscripts + 3 with guessed fields, 7 player cards, 5 segments, ...
    assert!(
        c.provisional
            .iter()
            .filter(|p| p.starts_with("manuscripts.json"))
            .count()
            >= 23
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
