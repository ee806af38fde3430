//! Viscounts' terminal table drawn into ratatui's test backend (80x24 and larger)
//! and played through the menu: the ring, the offers, the boards and the solo AI on
//! the screen; decisions chosen by their menu keys change the game; undo, saving and
//! resuming, hot-seat hands, whole bot games and the three languages.

use super::*;
use crate::{draw, App, Progress, Screen, Setup};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;
use tabuleiro_core::ToAct;

fn app(seats: &[&str], lang: Lang, seed: u64) -> App<Viscounts> {
    App::new(Setup {
        seats: seats.iter().map(|s| s.to_string()).collect(),
        lang,
        seed,
        config: None,
        save: None,
    })
    .unwrap()
}

/// What the screen shows, row by row.
fn screen(app: &App<Viscounts>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// How many cells of the ring (rows 1-6 at 80x24) are lit for the menu.
fn lit_cells(app: &App<Viscounts>) -> usize {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut n = 0;
    for y in 1..=6 {
        for x in 0..80 {
            if buffer[(x, y)].bg == ratatui::style::Color::Yellow {
                n += 1;
            }
        }
    }
    n
}

/// Lets chance and bots move until a person must decide.
fn settle(app: &mut App<Viscounts>) {
    for _ in 0..100_000 {
        if app.advance() == Progress::Waiting {
            return;
        }
    }
    panic!("the bots never stopped");
}

fn keys(app: &App<Viscounts>) -> Vec<String> {
    app.entries().into_iter().map(|e| e.key).collect()
}

/// Chooses the entry with menu key `key` at the current level.
fn choose(app: &mut App<Viscounts>, key: &str) {
    let i = keys(app)
        .iter()
        .position(|k| k == key)
        .unwrap_or_else(|| panic!("no {key:?} among {:?}", keys(app)));
    app.choose(i);
}

/// Chooses first entries down the menu until a decision is made.
fn decide_first(app: &mut App<Viscounts>) {
    let before = app.session.record().steps.len();
    for _ in 0..10 {
        app.choose(0);
        if app.session.record().steps.len() != before {
            return;
        }
    }
    panic!("no decision under {:?}", keys(app));
}

/// The solo game after the pair is chosen, at the first card to play.
fn solo_at_first_card(lang: Lang) -> App<Viscounts> {
    let mut app = app(&["me"], lang, 5);
    settle(&mut app);
    assert!(keys(&app)[0].starts_with("pair:"), "{:?}", keys(&app));
    choose(&mut app, "pair:0");
    // The player card's own setup effects (workers, a building) come before the turn.
    for _ in 0..20 {
        settle(&mut app);
        if question(&app) == Some(Question::Place) {
            return app;
        }
        decide_first(&mut app);
    }
    panic!(
        "the first turn never asked for a card: {:?}",
        question(&app)
    );
}

fn question(app: &App<Viscounts>) -> Option<Question> {
    app.game().question(0).cloned()
}

#[test]
fn the_solo_table_at_80x24_shows_the_ring_the_offers_the_boards_and_the_ai() {
    let app = solo_at_first_card(Lang::En);
    assert_eq!(question(&app), Some(Question::Place));
    let s = screen(&app, 80, 24);
    let g = app.game();
    // The ring: the five segments' columns with their letters, in clockwise order.
    let ring = s.lines().nth(1).unwrap();
    for pos in 0..5u8 {
        let id = format!("{}{}", pos + 1, g.segment(pos).id);
        assert!(ring.contains(&id), "{id} in {ring}\n{s}");
    }
    assert!(ring.contains("→1"), "the ring closes:\n{s}");
    // Both Viscounts on the ring: the player's `1` and the AI's `A`.
    let spaces = s.lines().nth(2).unwrap();
    assert!(
        spaces.contains('1') && spaces.contains('A'),
        "{spaces}\n{s}"
    );
    // The villager offers (a name with the hidden count) and the manuscripts.
    let top = g.villagers[0].top.unwrap();
    let name = words::card(&app.words, top);
    let short: String = name.chars().take(8).collect();
    assert!(s.lines().nth(3).unwrap().contains(&short), "{short}\n{s}");
    let ms = g.manuscripts[0].top.unwrap();
    let id = &Content::get().manuscript(ms).id;
    assert!(s.lines().nth(4).unwrap().contains(id.as_str()), "{s}");
    // The castle facing each segment and its top.
    assert!(s.contains('♜') && s.contains("Castle level 3"), "{s}");
    // The player's board and hand face up; the AI's board with its Plot pile.
    assert!(s.contains("[1] Player 1 (you)"), "{s}");
    let hand = &g.players[0].hand;
    assert!(!hand.is_empty());
    let first = words::card(&app.words, hand[0]);
    let hand_line = s.lines().find(|l| l.starts_with("Hand:")).expect("hand");
    assert!(hand_line.contains(&first), "{hand_line}");
    assert!(s.contains("[A] Cleric AI"), "{s}");
    assert!(s.contains("AI board: Cleric AI"), "{s}");
    assert!(s.contains("Plot pile:"), "{s}");
    // Provisional content is marked, and the mark explained.
    assert!(s.contains("* provisional"), "{s}");
    // The header and the menu: the card to play, named with its icons.
    assert!(s.lines().next().unwrap().contains("Phase 1"), "{s}");
    assert!(s.contains("Choose") && s.contains("Log"), "{s}");
    assert!(s.contains(&words::card_icons(&app.words, hand[0])), "{s}");
}

#[test]
fn a_larger_screen_shows_every_board_line_and_the_legend() {
    let app = solo_at_first_card(Lang::En);
    let small = screen(&app, 80, 24);
    let large = screen(&app, 150, 44);
    assert!(!small.contains("Legend"), "{small}");
    assert!(
        large.contains("Legend") && large.contains("T Trading Post"),
        "{large}"
    );
    assert!(
        large.contains("Board slots") && large.contains("Debts"),
        "{large}"
    );
    // Wider columns: the villager names whole.
    let g = app.game();
    for pos in 0..5 {
        if let Some(c) = g.villagers[pos].top {
            assert!(large.contains(&words::card(&app.words, c)), "{large}");
        }
    }
}

#[test]
fn a_card_is_played_and_the_viscount_moved_through_the_menu() {
    let mut app = solo_at_first_card(Lang::En);
    let card = app.game().players[0].hand[0];
    choose(&mut app, &format!("place:{}", card.0));
    settle(&mut app);
    assert_eq!(app.game().players[0].slots[0], Some(card));
    // The log says what was decided, the card by name.
    let played = format!(
        "Player 1 (you): Play card {} to your player board",
        words::card(&app.words, card)
    );
    assert!(app.log.contains(&played), "{:?}", app.log);
    assert_eq!(question(&app), Some(Question::Move));
    // Every reachable space is offered, named by segment and path.
    let entries = app.entries();
    assert!(entries.iter().all(|e| e.key.starts_with("move:")));
    assert!(
        entries.iter().any(|e| e.label.contains("Segment")),
        "{entries:?}"
    );
    // The spaces offered are lit on the ring; the last one offered is chosen.
    assert!(lit_cells(&app) >= entries.len(), "{}", lit_cells(&app));
    let last = entries.last().unwrap().key.clone();
    let to: u8 = last["move:".len()..].parse().unwrap();
    choose(&mut app, &last);
    settle(&mut app);
    assert_eq!(app.game().players[0].space, to);
}

#[test]
fn a_main_action_is_chosen_by_kind_target_and_funding() {
    let mut app = solo_at_first_card(Lang::En);
    for _ in 0..200 {
        settle(&mut app);
        if app.game().to_act() == ToAct::Over {
            break;
        }
        let top = keys(&app);
        if let Some(main) = top.iter().find(|k| k.starts_with("main:")) {
            let labels: Vec<String> = app.entries().into_iter().map(|e| e.label).collect();
            let kinds = ["Trade", "Build", "Place Workers", "Transcribe Manuscript"];
            assert!(
                labels
                    .iter()
                    .all(|l| kinds.contains(&l.as_str()) || l == "Take no main action"),
                "{labels:?}"
            );
            let kind = main["main:".len()..].to_string();
            let position = app.game().clone();
            choose(&mut app, &main.clone());
            let before = app.session.record().steps.len();
            // Target, then funding: the last level names how it is paid.
            while app.session.record().steps.len() == before {
                let entries = app.entries();
                assert!(!entries.is_empty());
                if entries[0].key.starts_with("fund:") {
                    let paid = &entries[0].label;
                    assert!(
                        paid.contains("icons")
                            || paid.contains("paying")
                            || paid.contains("Dismiss"),
                        "{paid}"
                    );
                }
                app.choose(0);
            }
            // The engine took the main action of that kind, and the position changed.
            let decided = app.session.record().steps[before].clone();
            match decided {
                tabuleiro_core::Step::Decision {
                    seat: 0,
                    action: Action::Main { main, .. },
                } => assert_eq!(main.kind().name(), kind),
                other => panic!("{other:?}"),
            }
            assert_ne!(app.game(), &position);
            return;
        }
        decide_first(&mut app);
    }
    panic!("no main action was offered");
}

#[test]
fn undo_takes_back_the_card_played() {
    let mut app = solo_at_first_card(Lang::En);
    let hand = app.game().players[0].hand.clone();
    decide_first(&mut app);
    assert_ne!(app.game().players[0].hand, hand);
    app.key(KeyCode::Char('u'));
    assert_eq!(app.game().players[0].hand, hand);
    assert_eq!(question(&app), Some(Question::Place));
    assert_eq!(app.notice.as_deref(), Some("Decision taken back"));
}

#[test]
fn a_saved_game_resumes_where_it_stood() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-viscounts-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    let mut app = App::<Viscounts>::new(Setup {
        seats: vec!["me".into(), "greedy".into()],
        lang: Lang::PtBr,
        seed: 11,
        config: None,
        save: Some(path.clone()),
    })
    .unwrap();
    for _ in 0..6 {
        settle(&mut app);
        decide_first(&mut app);
    }
    settle(&mut app);
    let resumed = App::<Viscounts>::resume(crate::save::read(&path).unwrap(), None).unwrap();
    assert_eq!(resumed.game(), app.game());
    assert_eq!(resumed.log, app.log);
    assert_eq!(screen(&resumed, 80, 24), screen(&app, 80, 24));
    std::fs::remove_dir_all(&dir).ok();
}

/// Two people at one keyboard: the hand-over screen hides the table, and each sees
/// only their own hand face up (the other's as a count).
#[test]
fn hot_seat_hides_each_hand_from_the_other() {
    let mut app = app(&["me", "me"], Lang::En, 3);
    let mut handovers = 0;
    for _ in 0..60 {
        settle(&mut app);
        if let Screen::Handover(seat) = app.screen {
            handovers += 1;
            let s = screen(&app, 80, 24);
            assert!(
                s.contains(&format!("Pass the keyboard to Player {}", seat + 1)),
                "{s}"
            );
            assert!(!s.contains("Hand"), "the table is hidden:\n{s}");
            app.key(KeyCode::Enter);
            assert_eq!(app.viewer, seat);
        }
        let viewer = app.viewer as usize;
        let other = 1 - viewer;
        let s = screen(&app, 120, 40);
        let g = app.game();
        let line = s
            .lines()
            .find(|l| l.starts_with("Hand:"))
            .expect("hand line");
        for &c in &g.players[viewer].hand {
            assert!(line.contains(&words::card(&app.words, c)), "{line}");
        }
        let count = format!("Hand {}", g.players[other].hand.len());
        assert!(s.contains(&count), "{count}:\n{s}");
        decide_first(&mut app);
    }
    assert!(handovers >= 2, "{handovers}");
}

/// Bots alone play whole games (solo against the AI, two and four seats); every
/// moment is drawn at 80x24 (every fifth larger too), and the end shows the final
/// scoring by source.
#[test]
fn whole_bot_games_are_drawn_at_every_step_to_the_final_scoring() {
    for (seats, lang) in [
        (&["greedy"][..], Lang::En),
        (&["greedy", "random"][..], Lang::PtBr),
        (&["random", "greedy", "random", "greedy"][..], Lang::Es),
    ] {
        let mut app = app(seats, lang, 21);
        let mut steps = 0;
        while app.screen != Screen::Over {
            assert_ne!(app.advance(), Progress::Waiting, "bots always move");
            steps += 1;
            assert!(steps < 50_000, "the game ends");
            screen(&app, 80, 24);
            if steps % 5 == 0 {
                screen(&app, 150, 50);
            }
        }
        let s = screen(&app, 80, 24);
        let standings = app.game().standings();
        let winner = &standings[0];
        let name = app.words.participant(&winner.members[0]);
        assert!(s.contains(&name), "{name}\n{s}");
        assert!(s.contains(&format!("= {}", winner.score)), "{s}");
    }
}

/// A solo game played by a person through the menu, a varied entry each time, to its
/// end: every menu entry decides or leads on, and every screen draws.
#[test]
fn a_solo_game_is_played_through_the_menu_to_its_end() {
    let mut app = app(&["me"], Lang::En, 9);
    let mut n = 0usize;
    while app.screen != Screen::Over {
        settle(&mut app);
        if app.screen == Screen::Over {
            break;
        }
        let entries = app.entries();
        assert!(!entries.is_empty(), "a person always has a choice");
        n += 1;
        assert!(n < 20_000, "the game ends");
        app.choose((n * 7) % entries.len());
        screen(&app, 80, 24);
    }
    let s = screen(&app, 80, 24);
    assert!(
        s.contains("Final scoring") && s.contains("Cleric AI"),
        "{s}"
    );
}

/// The Portuguese and Spanish tables use their catalogues' words (seed 003's terms
/// in Portuguese): none of the English screen's words show.
#[test]
fn the_portuguese_and_spanish_tables_have_no_english_words() {
    for (lang, hand, ai) in [
        (Lang::PtBr, "Mão", "IA do Clérigo"),
        (Lang::Es, "Mano", "IA"),
    ] {
        let mut app = solo_at_first_card(lang);
        for step in 0..12 {
            for size in [(80, 24), (150, 44)] {
                let s = screen(&app, size.0, size.1);
                assert!(s.contains(hand) && s.contains(ai), "{s}");
                for english in [
                    "Hand", "Player", "Round", "Silver", "Debts", "Deeds", "Workers", "Castle",
                    "Plot", "Choose", "Phase", " left", "outer", "inner", "Trade", "Build", "Ink",
                    "Gold", "Stone", "Virtue",
                ] {
                    assert!(
                        !s.contains(english),
                        "{english:?} in {lang:?} at {step}:\n{s}"
                    );
                }
            }
            decide_first(&mut app);
            settle(&mut app);
        }
    }
}

#[test]
fn question_mark_gives_the_engines_reason_for_a_space_out_of_reach() {
    let mut app = solo_at_first_card(Lang::En);
    let card = app.game().players[0].hand[0];
    choose(&mut app, &format!("place:{}", card.0));
    settle(&mut app);
    assert_eq!(question(&app), Some(Question::Move));
    let why = app.refusals();
    let unreachable = app.words.t("refusal.viscounts.unreachable");
    assert!(
        why.iter()
            .any(|(what, reason)| what.contains("Segment") && reason == &unreachable),
        "{why:?}"
    );
    // Every reason is the engine's, in words (no bare key).
    assert!(
        why.iter().all(|(_, r)| !r.starts_with("refusal.")),
        "{why:?}"
    );
    app.key(KeyCode::Char('?'));
    assert!(matches!(app.screen, Screen::WhyNot));
    let s = screen(&app, 80, 24);
    assert!(s.contains("Why not?"), "{s}");
    assert!(s.contains(&unreachable[..30]), "{s}");
}

#[test]
fn the_log_names_a_chosen_option_by_its_effects_and_the_viewers_own_draw() {
    use tabuleiro_games::viscounts::effect::{Effect, Items};
    let app = solo_at_first_card(Lang::En);
    let g = app.game();
    let gain = |silver| Effect::Gain {
        items: Items {
            silver,
            ..Items::default()
        },
    };
    let options = vec![vec![gain(2)], vec![gain(3)]];
    let chose = Event::Decided {
        seat: 0,
        action: Action::Choose { index: 1 },
        asked: Some(Question::Choose {
            options: options.clone(),
        }),
        payers: None,
    };
    let line = g.event_words(&chose, &app.words).unwrap();
    assert_eq!(
        line,
        format!(
            "Player 1 (you): Choose: {}",
            words::effects(&app.words, &options[1])
        )
    );
    assert!(!line.contains("option"), "{line}");
    let passed = Event::Decided {
        seat: 0,
        action: Action::Pass,
        asked: Some(Question::Hire),
        payers: None,
    };
    assert_eq!(
        g.event_words(&passed, &app.words).unwrap(),
        "Player 1 (you): Hire no one"
    );
    // A draw the viewer sees names the card; the others' draws (redacted) do not.
    let card = g.players[0].hand[0];
    let drew = Event::Drew {
        seat: 0,
        card: Some(card),
    };
    let line = g.event_words(&drew, &app.words).unwrap();
    assert!(line.contains(&words::card(&app.words, card)), "{line}");
    assert_eq!(
        g.event_words(
            &Event::Drew {
                seat: 1,
                card: None
            },
            &app.words
        ),
        None
    );
}
