//! The interface driven by keys and drawn into ratatui's test backend: whole games
//! against a bot and at one keyboard, undo, save and resume, and the first screen in
//! each language.

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;
use tabuleiro_core::{Explain, Game, ToAct};
use tabuleiro_games::burgundy::Burgundy;
use tabuleiro_i18n::Lang;
use tabuleiro_tui::{draw, save, Progress, Screen, Setup, TuiGame, Words};

type App = tabuleiro_tui::App<Burgundy>;

fn setup(seats: &str, lang: Lang, seed: u64) -> Setup {
    Setup {
        seats: seats.split(',').map(String::from).collect(),
        lang,
        seed,
        config: None,
        save: None,
    }
}

/// Lets chance and bots move until a person must decide (or the game ends).
fn settle(app: &mut App) {
    for _ in 0..100_000 {
        if app.advance() == Progress::Waiting {
            return;
        }
    }
    panic!("bots and chance never stopped");
}

/// The screen as text, one line per row, trailing blanks trimmed.
fn screen(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let row: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(row.trim_end());
        text.push('\n');
    }
    text
}

/// A person who reads the menu and picks an entry: some Down presses, then Enter
/// (taking the keyboard first at a hot-seat handover).
/// Returns false once the game is over.
fn press_a_choice(app: &mut App, turn: &mut usize) -> bool {
    settle(app);
    if let Screen::Handover(_) = app.screen {
        app.key(KeyCode::Enter);
    }
    if app.screen == Screen::Over {
        return false;
    }
    let n = app.entries().len();
    assert!(n > 0, "a person must decide but the menu is empty");
    *turn += 1;
    for _ in 0..(*turn * 7) % n {
        app.key(KeyCode::Down);
    }
    app.key(KeyCode::Enter);
    true
}

fn play_to_the_end(app: &mut App) -> usize {
    let mut presses = 0;
    while press_a_choice(app, &mut presses) {
        assert!(presses < 20_000, "the game does not end");
    }
    presses
}

#[test]
fn a_whole_game_against_greedy_ends_with_the_final_scoring() {
    let mut app = App::new(setup("me,greedy", Lang::En, 7)).unwrap();
    play_to_the_end(&mut app);
    assert_eq!(app.game().to_act(), ToAct::Over);
    let text = screen(&app, 80, 24);
    assert!(text.contains("Final scoring"), "{text}");
    assert!(text.contains("Ranking"), "{text}");
    let winner = app.game().ranking()[0];
    let vp = app.game().scores()[winner as usize];
    let first = format!("#1 {} · {vp} VP", app.words.seat(winner));
    assert!(text.contains(&first), "{first:?} not in\n{text}");
    assert!(
        app.log.iter().any(|l| l.contains("places a")),
        "the log tells the moves"
    );
    assert!(
        app.log
            .iter()
            .any(|l| l.starts_with("Player 2") && l.contains("uses die")),
        "the bot's moves are in the log"
    );
    app.key(KeyCode::Char('q'));
    assert!(app.quit);
}

#[test]
fn at_one_keyboard_each_seat_sees_its_own_view_after_a_handover() {
    let mut app = App::new(setup("me,me", Lang::En, 11)).unwrap();
    let (mut handovers, mut presses) = (0, 0);
    loop {
        settle(&mut app);
        if let Screen::Handover(seat) = app.screen {
            handovers += 1;
            let text = screen(&app, 80, 24);
            assert!(text.contains("Pass the keyboard to"), "{text}");
            assert!(
                !text.contains("Depot"),
                "the table is hidden at a handover:\n{text}"
            );
            app.key(KeyCode::Enter);
            assert_eq!(app.viewer, seat);
            let title = format!("{} · Duchy", app.words.seat(seat));
            assert!(screen(&app, 80, 24).contains(&title));
            continue;
        }
        if let Some(seat) = app.human_to_act() {
            assert_eq!(
                app.viewer, seat,
                "the screen shows the deciding seat's view"
            );
        }
        if !press_a_choice(&mut app, &mut presses) {
            break;
        }
    }
    assert!(
        handovers > 20,
        "only {handovers} handovers in a two-person game"
    );
    assert!(screen(&app, 80, 24).contains("Final scoring"));
}

/// Settles and takes the starting castle, so that a turn with dice is on screen.
fn first_turn(seats: &str, seed: u64) -> App {
    let mut app = App::new(setup(seats, Lang::En, seed)).unwrap();
    let mut presses = 0;
    while app.game().turn().is_none_or(|t| !app.is_human(t.seat)) {
        assert!(press_a_choice(&mut app, &mut presses));
        settle(&mut app);
    }
    if let Screen::Handover(_) = app.screen {
        app.key(KeyCode::Enter);
    }
    app
}

#[test]
fn undo_takes_back_a_decision_of_the_turn_and_its_screen() {
    let mut app = first_turn("me,greedy", 3);
    let before = app.game().clone();
    let log = app.log.clone();
    let picture = screen(&app, 80, 24);
    app.key(KeyCode::Enter); // use die 1 ...
    app.key(KeyCode::Enter); // ... as its own face
    assert_ne!(app.game(), &before, "the die was used");
    assert!(app.log.len() > log.len());
    app.key(KeyCode::Char('u'));
    assert_eq!(app.game(), &before);
    assert_eq!(app.log, log);
    let after = screen(&app, 80, 24);
    let body = |s: &str| s.lines().take(23).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&after), body(&picture));
    assert!(after.contains("Decision taken back"), "{after}");
    app.key(KeyCode::Char('u'));
    assert_eq!(app.notice.as_deref(), Some("Nothing to undo in this turn"));
}

/// `?` shows the engine's refusals, never reasons of its own: each line's reason is
/// what the engine answers for a decision it refuses.
#[test]
fn why_not_shows_the_engines_refusals() {
    let mut app = first_turn("me,greedy", 5);
    app.key(KeyCode::Enter);
    app.key(KeyCode::Enter); // a die is in hand: depots and spaces are now checked
    app.key(KeyCode::Char('?'));
    assert_eq!(app.screen, Screen::WhyNot);
    let text = screen(&app, 80, 24);
    assert!(text.contains("Why not?"), "{text}");
    assert!(text.contains("needs a die showing"), "{text}");
    let seat = app.human_to_act().unwrap();
    // The engine's refusal, in the catalogue's words (its English text where the
    // catalogue has no key for it).
    let engine: Vec<String> = app
        .game()
        .candidates(seat)
        .iter()
        .filter_map(|a| app.game().check(seat, a).err())
        .map(|e| {
            app.words
                .message::<Burgundy>(&e.message())
                .unwrap_or_else(|| e.to_string())
        })
        .collect();
    let refusals = app.refusals();
    assert!(!refusals.is_empty());
    for (what, why) in &refusals {
        assert!(engine.contains(why), "{what}: {why} is not the engine's");
    }
    app.key(KeyCode::Char('x'));
    assert_eq!(app.screen, Screen::Play);
}

#[test]
fn a_saved_game_resumes_in_the_same_state_and_goes_on_alike() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    let mut s = setup("me,me", Lang::PtBr, 21);
    s.save = Some(path.clone());
    let mut app = App::new(s).unwrap();
    let mut presses = 0;
    for _ in 0..60 {
        assert!(press_a_choice(&mut app, &mut presses));
    }
    settle(&mut app);
    // Back to the top of the menu: a half-made choice is not part of the game.
    for _ in 0..5 {
        app.key(KeyCode::Esc);
    }
    let file = save::read::<Burgundy>(&path).unwrap();
    assert_eq!(file.record.steps.len(), app.session.record().steps.len());
    let mut resumed = App::resume(file, None).unwrap();
    assert_eq!(resumed.game(), app.game());
    assert_eq!(resumed.log, app.log);
    // The same keys from here give the same game, chance draws included.
    let (mut a, mut b) = (presses, presses);
    for _ in 0..80 {
        press_a_choice(&mut app, &mut a);
        press_a_choice(&mut resumed, &mut b);
        settle(&mut app);
        settle(&mut resumed);
        assert_eq!(
            resumed.session.record().steps,
            app.session.record().steps,
            "after {a} presses"
        );
    }
    assert_eq!(resumed.game(), app.game());
    assert!(screen(&app, 80, 24) == screen(&resumed, 80, 24));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_corrupted_save_is_refused_with_a_reason() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-tui-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    let mut s = setup("me,greedy", Lang::En, 4);
    s.save = Some(path.clone());
    let mut app = App::new(s).unwrap();
    settle(&mut app);
    let mut file = save::read::<Burgundy>(&path).unwrap();
    file.record.steps.push(file.record.steps[0].clone());
    let err = App::resume(file, None)
        .err()
        .expect("a repeated setup is refused");
    assert!(err.starts_with("step "), "{err}");
    std::fs::write(&path, "{not json").unwrap();
    assert!(save::read::<Burgundy>(&path)
        .unwrap_err()
        .contains("not a tabuleiro save file"));
    std::fs::remove_dir_all(&dir).ok();
}

fn snapshot_path(lang: Lang) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("first_screen_{}.txt", lang.code()))
}

fn first_screen(lang: Lang) -> String {
    let mut app = App::new(setup("me,greedy", lang, 1)).unwrap();
    settle(&mut app);
    screen(&app, 80, 24)
}

/// The first screen at 80x24 in each language, compared with the stored text
/// (`UPDATE_SNAPSHOTS=1 cargo test -p tabuleiro-tui` rewrites them).
#[test]
fn the_first_screen_matches_its_snapshot_in_each_language() {
    for lang in Lang::ALL {
        let text = first_screen(lang);
        let path = snapshot_path(lang);
        if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
            std::fs::write(&path, &text).unwrap();
        }
        let stored = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_SNAPSHOTS=1)", path.display()));
        assert_eq!(
            text,
            stored,
            "{lang} first screen differs from {}",
            path.display()
        );
    }
}

#[test]
fn the_portuguese_and_spanish_screens_have_no_english_words() {
    let english = [
        "Phase",
        "Round",
        "Depot",
        "Storage",
        "Goods",
        "Silver",
        "Workers",
        "Turn order",
        "Log",
        "Choose",
        "Player",
        "Dice",
        "White die",
        "Bonus",
        "castle",
        "you",
        "move",
        "undo",
        "quit",
        "Place",
        "starting",
        "to play",
        "space",
    ];
    for lang in [Lang::PtBr, Lang::Es] {
        let text = first_screen(lang);
        for word in english {
            let found = if word.contains(' ') {
                text.contains(word)
            } else {
                text.split(|c: char| !c.is_alphabetic()).any(|w| w == word)
            };
            assert!(!found, "{lang} screen shows the English {word:?}:\n{text}");
        }
    }
    let pt = first_screen(Lang::PtBr);
    assert!(
        pt.contains("Preparação do jogo") && pt.contains("Depósito paralelo"),
        "{pt}"
    );
    let es = first_screen(Lang::Es);
    assert!(
        es.contains("Almacén negro") && es.contains("Casillas de llave"),
        "{es}"
    );
}

#[test]
fn the_header_reads_phase_and_round_in_each_language() {
    for (lang, words) in [
        (Lang::En, "Phase A · Round 1"),
        (Lang::PtBr, "Fase A · Rodada 1"),
        (Lang::Es, "Fase A · Ronda 1"),
    ] {
        let mut app = first_turn("me,greedy", 9);
        app.words = Words::of::<Burgundy>(lang, app.words.seats.clone());
        let text = screen(&app, 80, 24);
        assert!(text.lines().next().unwrap().starts_with(words), "{text}");
    }
}

#[test]
fn a_larger_terminal_shows_the_other_duchies_as_maps() {
    let app = first_turn("me,greedy,greedy", 2);
    let small = screen(&app, 80, 24);
    let large = screen(&app, 140, 50);
    // The opponents' duchies appear as small hex maps only with room to spare.
    let hexes = |s: &str| s.matches('%').count();
    assert!(hexes(&large) > hexes(&small), "{large}");
}

/// A game of `config` (seed 4) played by pressing choices until a person's first turn.
fn at_first_own_turn(seats: &str, config: serde_json::Value) -> App {
    let mut s = setup(seats, Lang::En, 4);
    s.config = Some(config);
    let mut app = App::new(s).unwrap();
    let mut presses = 0;
    while app.game().turn().is_none_or(|t| !app.is_human(t.seat)) {
        assert!(press_a_choice(&mut app, &mut presses));
        settle(&mut app);
    }
    app
}

#[test]
fn the_modules_pieces_are_on_the_terminal_table() {
    // Shields on the depots (module `shields`), the own trade route and the inns'
    // stack, in a game with those modules once the first phase has begun.
    let config = serde_json::json!({"players": 2, "modules": ["shields", "trade-routes", "inns"]});
    let app = at_first_own_turn("me,greedy", config);
    let text = screen(&app, 160, 60);
    assert!(text.contains("Shield "), "{text}");
    assert!(text.contains("Trade route"), "{text}");
    assert!(text.contains("Inns on the inn space 1"), "{text}");
}

#[test]
fn a_solo_board_is_drawn_as_printed_with_its_rivers_and_goal() {
    // The solo game (module `solo`, one seat) on board 33: its clusters stand apart as
    // on the printed board, not on a hexagon (seed 000 line 839: "Você só pode
    // expandir para outras regiões através dos rios"); the rivers' ends are marked and
    // listed, and the VP goal is shown.
    let config = serde_json::json!({"players": 1, "modules": ["solo"], "duchies": [33]});
    let app = at_first_own_turn("me", config);
    let text = screen(&app, 160, 60);
    assert!(
        text.contains("Rivers: 0-30 30-32 15-32 9-15 9-19"),
        "{text}"
    );
    assert!(text.contains("VP goal: 50 VP"), "{text}");
    // Space 0 (a water 6, a river's end) and space 1 (a mine 5) lie side by side on
    // the first printed row; the other cluster's spaces 24 (a pasture 6) and 25 (a
    // building 4) lie on the same row to their left, apart from them.
    let row = text
        .lines()
        .find(|l| l.contains("~6≈ %5"))
        .unwrap_or_else(|| panic!("spaces 0 and 1 not drawn side by side:\n{text}"));
    let left = row.find("\"6  ^4").expect(row);
    let gap = row[left..].find("~6≈").unwrap();
    assert!(gap > 10, "{row}");
}

#[test]
fn provisional_boards_and_route_tiles_are_marked_on_the_terminal_table() {
    // Issue 15: solo board 34 is a transcription (data/solo_duchies.json "verified":
    // false), so its title says provisional; board 33 is verified and says nothing.
    for (duchy, marked) in [(34, true), (33, false)] {
        let config = serde_json::json!({"players": 1, "modules": ["solo"], "duchies": [duchy]});
        let app = at_first_own_turn("me", config);
        let text = screen(&app, 160, 60);
        let title = format!("Duchy {duchy} (provisional)");
        assert_eq!(text.contains(&title), marked, "{text}");
    }
    // The trade routes: tiles 4-12 are reconstructions; a route holding one says so
    // (the own panel wraps the line, so only its start is read here).
    let config = serde_json::json!({"players": 2, "modules": ["trade-routes"], "duchies": [1, 1]});
    let app = at_first_own_turn("me,greedy", config);
    let text = screen(&app, 200, 60);
    let tiles = &app.game().modules.trade_routes[0].tiles;
    let provisional = tiles.iter().any(|&n| n >= 4);
    assert!(
        provisional,
        "five tiles of twelve hold one of 4-12: {tiles:?}"
    );
    assert!(text.contains("Trade route (provisional:"), "{text}");
}

#[test]
fn the_auto_duke_is_on_the_terminal_table_with_its_board_cards_reserve_and_last_turn() {
    // One person against the AutoDuke (module `auto-duke`, seed 000 line 1036), played
    // until the automaton has taken its first turn: its board 35 space by space, its
    // two village cards with a tile on one, its reserve, and its last turn's log lines
    // naming the procedure's step; its content marked provisional.
    let config = serde_json::json!({"players": 1, "modules": ["auto-duke"]});
    let mut app = at_first_own_turn("me", config);
    let mut presses = 0;
    let played = |app: &App| {
        let a = app.game().modules.auto_duke.as_ref().unwrap();
        a.cards.iter().flat_map(|c| &c.spaces).flatten().count() >= 2
    };
    while !played(&app) {
        assert!(
            press_a_choice(&mut app, &mut presses),
            "the game ended first"
        );
        assert!(presses < 200, "the AutoDuke never took a tile");
    }
    let text = screen(&app, 200, 70);
    assert!(
        text.contains("AutoDuke (provisional cards and board) [provisional]: "),
        "{text}"
    );
    let a = app.game().modules.auto_duke.as_ref().unwrap();
    // Board 35's 23 spaces, each in brackets, on its line.
    let board = text
        .lines()
        .find(|l| l.contains("Board 35: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(board.matches('[').count(), 23, "{board}");
    for card in &a.cards {
        let line = text
            .lines()
            .find(|l| l.contains(&format!("card {}: ", card.number)))
            .unwrap_or_else(|| panic!("card {} not drawn:\n{text}", card.number));
        assert_eq!(line.matches('[').count(), card.spaces.len(), "{line}");
    }
    assert!(text.contains("Reserve: "), "{text}");
    assert!(text.contains("Last turn"), "{text}");
    assert!(
        text.contains("· AutoDuke (1. choose and place a hex tile)"),
        "{text}"
    );
}

#[test]
fn the_team_game_names_each_seats_team_on_the_terminal_table() {
    // Four players in two teams (module `team`, seed 000 line 799: round 1 is played
    // A1, B1, A2, B2): each seat is named with its team and place in it, and the team
    // board's two halves are drawn (73 spaces).
    let config = serde_json::json!({"players": 4, "modules": ["team"]});
    let app = at_first_own_turn("me,greedy,greedy,greedy", config);
    // Narrower than 100 columns: the others are listed without their maps, all fit.
    let text = screen(&app, 99, 70);
    let team = app.game().modules.team.as_ref().unwrap();
    for (t, name) in [(0, "A"), (1, "B")] {
        for (i, &seat) in team.members[t].iter().enumerate() {
            let role = format!("{name}{} Player {}", i + 1, seat + 1);
            assert!(text.contains(&role), "{role} not named:\n{text}");
        }
    }
    assert!(text.contains("Duchy 31"), "{text}");
}

/// Issue 43: `tabuleiro play catan` without `--seats` starts a game: the person at the
/// keyboard against medium bots, as few as the game is played by (three seats in
/// Catan, two in Burgundy and Viscounts), instead of a refused config.
#[test]
fn no_seats_named_is_a_game_against_the_fewest_bots() {
    use tabuleiro_games::catan::Catan;
    use tabuleiro_games::viscounts::Viscounts;
    let none = |game_config: Option<serde_json::Value>| Setup {
        seats: Vec::new(),
        lang: Lang::En,
        seed: 3,
        config: game_config,
        save: None,
    };
    let catan = tabuleiro_tui::App::<Catan>::new(none(None)).unwrap();
    assert_eq!(catan.game().players(), 3);
    assert_eq!(catan.words.seats, ["me", "medium", "medium"]);
    assert!(catan.is_human(0) && !catan.is_human(1) && !catan.is_human(2));
    let knights = serde_json::json!({"expansion": "cities_and_knights"});
    let catan = tabuleiro_tui::App::<Catan>::new(none(Some(knights))).unwrap();
    assert_eq!(catan.game().players(), 3);
    assert_eq!(App::new(none(None)).unwrap().game().players(), 2);
    let viscounts = tabuleiro_tui::App::<Viscounts>::new(none(None)).unwrap();
    assert_eq!(viscounts.words.seats, ["me", "medium"]);
    // Seats that the game refuses say why in words, not as a data structure.
    let two = Setup {
        seats: vec!["me".into(), "greedy".into()],
        ..none(None)
    };
    let refused = tabuleiro_tui::App::<Catan>::new(two).err().unwrap();
    assert!(refused.contains("3 or 4 players, not 2"), "{refused}");
}

/// Issue 43: the terminal sees the game's bot levels where the server's lobby gets
/// them, the registry: a bot is named by its level, given by name or by the spec a
/// record keeps ("expert bot", not "MCTS bot"), and the log opens with what each
/// bot's level means, in the player's language.
#[test]
fn bot_levels_are_named_and_described_from_the_registry() {
    use tabuleiro_games::catan::Catan;
    use tabuleiro_games::levels::levels;
    let expert = levels("catan")[0].spec;
    let seats = vec!["me".into(), expert.into(), "easy".into()];
    let words = Words::of::<Catan>(Lang::En, seats);
    assert_eq!(words.seat(1), "Player 2 (expert bot)");
    assert_eq!(words.seat(2), "Player 3 (easy bot)");
    assert_eq!(words.about(0), None, "a person has no level");
    let opening = [
        (
            Lang::En,
            "Player 2 (medium bot): takes the best move it sees at once",
        ),
        (Lang::PtBr, "Jogador 2 (robô médio): "),
        (
            Lang::Es,
            "Jugador 2 (bot medio): hace la mejor jugada que ve en el momento",
        ),
    ];
    for (lang, first) in opening {
        let app = tabuleiro_tui::App::<Catan>::new(Setup {
            seats: Vec::new(),
            lang,
            seed: 3,
            config: None,
            save: None,
        })
        .unwrap();
        assert!(app.log[0].starts_with(first), "{lang}: {:?}", app.log);
        // The rating the level's measured ladder gives it, as the lobby shows it.
        let ladder = tabuleiro_games::ladders::prior("catan", "medium").unwrap();
        let rating = format!("{:.1}", ladder.shown());
        let shown = format!(
            " · {} {rating} (",
            ["Rating", "Classificação", "Puntuación"][lang as usize]
        );
        assert!(app.log[0].contains(&shown), "{lang}: {:?}", app.log);
        assert!(app.log[1].contains('3'), "{lang}: {:?}", app.log);
        assert!(
            !app.log[..2].concat().contains("bot."),
            "{lang}: {:?}",
            app.log
        );
    }
}
