//! Catan's terminal table drawn into ratatui's test backend (80x24 and larger) and
//! played through the menu: the screen shows the board's numbers, pieces, the robber
//! and the viewer's hand; decisions chosen by their menu keys change the game.

use super::*;
use crate::{draw, App, Screen, Setup};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::KeyCode;
use ratatui::Terminal;
use tabuleiro_core::{Rng, ToAct};
use tabuleiro_games::catan::ck::Knight;
use tabuleiro_games::catan::config::{BoardKind, Expansion};
use tabuleiro_games::catan::{Config, Event};

fn config(expansion: Expansion) -> Value {
    serde_json::to_value(Config {
        players: 3,
        expansion,
        board: BoardKind::Beginner,
        ..Config::default()
    })
    .unwrap()
}

fn app(seats: &[&str], expansion: Expansion, lang: Lang) -> App<Catan> {
    App::new(Setup {
        seats: seats.iter().map(|s| s.to_string()).collect(),
        lang,
        seed: 7,
        config: Some(config(expansion)),
        save: None,
    })
    .unwrap()
}

/// What the screen shows, row by row.
fn screen(app: &App<Catan>, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| draw(f, app)).unwrap();
    text(terminal.backend())
}

fn text(backend: &TestBackend) -> String {
    let buffer = backend.buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            out.push_str(buffer[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Lets chance and bots move until a person must decide.
fn settle(app: &mut App<Catan>) {
    for _ in 0..10_000 {
        if app.advance() == crate::Progress::Waiting {
            return;
        }
    }
    panic!("the bots never stopped");
}

/// Chooses the entry with menu key `key` at the current level.
fn choose(app: &mut App<Catan>, key: &str) {
    let entries = app.entries();
    let i = entries
        .iter()
        .position(|e| e.key == key)
        .unwrap_or_else(|| panic!("no {key:?} among {:?}", keys(app)));
    app.choose(i);
}

fn keys(app: &App<Catan>) -> Vec<String> {
    app.entries().into_iter().map(|e| e.key).collect()
}

/// The human's setup: the first settlement and road the menu offers, twice.
fn place_setup(app: &mut App<Catan>) {
    while matches!(app.game().phase, Phase::Place { .. } | Phase::Setup) {
        settle(app);
        if app.game().to_act() == ToAct::Over || app.human_to_act().is_none() {
            return;
        }
        if !matches!(app.game().phase, Phase::Place { .. }) {
            return;
        }
        app.choose(0);
    }
}

/// The game played to the human's first turn after setup, as the engine leaves it.
fn to_first_turn(app: &mut App<Catan>) {
    place_setup(app);
    settle(app);
    assert_eq!(
        app.game().phase,
        Phase::BeforeRoll,
        "{:?}",
        app.game().phase
    );
}

#[test]
fn the_board_at_80x24_shows_numbers_pieces_the_robber_and_the_hand() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    to_first_turn(&mut app);
    let s = screen(&app, 80, 24);
    // The beginner board's tokens (seed 004's first game): a 10 and an 8 among them.
    assert!(s.contains("10") && s.contains(" 8"), "{s}");
    // The robber starts on the desert: an `R` on the board (rows 1-17, 36 columns).
    let board: String = s
        .lines()
        .skip(1)
        .take(17)
        .map(|l| l.chars().take(36).collect::<String>())
        .collect();
    assert!(board.contains('R'), "{s}");
    // Settlements of every seat after setup, and the viewer's hand.
    assert!(s.matches("S ").count() >= 6, "{s}");
    assert!(s.contains("Hand"), "{s}");
    assert!(s.contains("Choose") && s.contains("Log"), "{s}");
    let b = &app.game().board;
    let desert = b.desert() as usize;
    assert_eq!(b.numbers[desert], 0);
    // The header: whose turn and the moment.
    assert!(s.lines().next().unwrap().contains("Turn"), "{s}");
}

#[test]
fn a_larger_screen_draws_wider_hexes_and_more_facts() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    to_first_turn(&mut app);
    let small = screen(&app, 80, 24);
    let large = screen(&app, 140, 44);
    // Terrain codes appear on both; the bank's rates and the deck only with room.
    assert!(small.contains("Fo") && large.contains("Fo"));
    assert!(!small.contains("Bank trades"), "{small}");
    assert!(
        large.contains("Bank trades") && large.contains("Deck"),
        "{large}"
    );
    assert!(large.contains("Development cards"), "{large}");
}

#[test]
fn setup_is_played_through_the_menu_and_changes_the_board() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    settle(&mut app);
    assert_eq!(app.human_to_act(), Some(0));
    let first = keys(&app);
    assert!(first.iter().all(|k| k.starts_with("vertex:")), "{first:?}");
    let v: u8 = first[0]["vertex:".len()..].parse().unwrap();
    app.choose(0);
    assert!(app.game().players[0].settlements.contains(v));
    // The road must touch it: every offered path ends there.
    let roads = keys(&app);
    assert!(roads.iter().all(|k| k.starts_with("edge:")), "{roads:?}");
    app.choose(0);
    assert_eq!(app.game().players[0].roads.len(), 1);
    // The screen shows the settlement where the number was.
    let s = screen(&app, 80, 24);
    assert!(s.contains("S "), "{s}");
}

#[test]
fn a_turn_rolls_builds_and_offers_a_trade_through_the_menu() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    to_first_turn(&mut app);
    choose(&mut app, "roll");
    settle(&mut app);
    // A 7 may have asked for discards or the robber: answer them with the first choice.
    while app.human_to_act() == Some(0) && app.game().phase != Phase::Main {
        app.choose(0);
        while app.entries().iter().all(|e| e.action.is_none()) && !app.entries().is_empty() {
            app.choose(0);
        }
        settle(&mut app);
    }
    assert_eq!(app.game().phase, Phase::Main);
    let top = keys(&app);
    assert!(top.contains(&"trade".to_string()), "{top:?}");
    assert_eq!(top.last().map(String::as_str), Some("end"), "{top:?}");
    // Compose an offer: one card held for one not held.
    let hand = app.game().players[0].hand;
    let give = hand.kinds().next().expect("a hand after setup");
    let get = RESOURCES.into_iter().find(|&k| k != give).unwrap();
    choose(&mut app, "trade");
    choose(&mut app, "offer");
    choose(&mut app, &format!("give:{}", give.name()));
    choose(&mut app, &format!("get:{}", get.name()));
    let send = app.entries().into_iter().find(|e| e.key == "send").unwrap();
    assert!(send.label.starts_with("Offer 1 "), "{}", send.label);
    choose(&mut app, "send");
    match app.game().phase {
        Phase::Offer {
            give: g, get: w, ..
        } => {
            assert_eq!((g, w), (Cards::of(give, 1), Cards::of(get, 1)));
        }
        ref other => panic!("the offer is on the table: {other:?}"),
    }
    let s = screen(&app, 80, 24);
    assert!(s.contains("Offer by Player 1"), "{s}");
    // The bots answer; the offerer then trades or the offer goes.
    settle(&mut app);
    if matches!(app.game().phase, Phase::Choose { .. }) {
        choose(&mut app, "withdraw");
    }
    assert_eq!(app.game().phase, Phase::Main);
    choose(&mut app, "end");
    assert_ne!(app.game().current, 0);
}

#[test]
fn counter_offers_are_composed_by_the_answering_seat() {
    let mut app = app(&["me", "me", "greedy"], Expansion::Base, Lang::En);
    // Both people set up through the handover screens.
    for _ in 0..200 {
        settle(&mut app);
        if let Screen::Handover(_) = app.screen {
            app.key(KeyCode::Enter);
            continue;
        }
        if !matches!(app.game().phase, Phase::Place { .. }) {
            break;
        }
        app.choose(0);
    }
    assert_eq!(app.game().phase, Phase::BeforeRoll);
    assert_eq!(app.viewer, 0);
    choose(&mut app, "roll");
    settle(&mut app);
    while app.game().phase != Phase::Main {
        if let Screen::Handover(_) = app.screen {
            app.key(KeyCode::Enter);
        }
        app.choose(0);
        while app.entries().iter().all(|e| e.action.is_none()) && !app.entries().is_empty() {
            app.choose(0);
        }
        settle(&mut app);
    }
    if let Screen::Handover(_) = app.screen {
        app.key(KeyCode::Enter);
    }
    let hand = app.game().players[0].hand;
    let give = hand.kinds().next().unwrap();
    let get = RESOURCES.into_iter().find(|&k| k != give).unwrap();
    for key in [
        "trade",
        "offer",
        &format!("give:{}", give.name()),
        &format!("get:{}", get.name()),
        "send",
    ] {
        choose(&mut app, key);
    }
    settle(&mut app);
    // The other person answers: the screen is handed over first, and hides seat 0's hand.
    assert_eq!(app.screen, Screen::Handover(1));
    let s = screen(&app, 80, 24);
    assert!(
        s.contains("Pass the keyboard to Player 2") && !s.contains("Hand"),
        "{s}"
    );
    app.key(KeyCode::Enter);
    assert_eq!(app.viewer, 1);
    let answers = keys(&app);
    assert!(answers.contains(&"decline".into()), "{answers:?}");
    let mine = app.game().players[1].hand;
    if let Some(offered) = mine.kinds().find(|&k| k != get && k != give) {
        choose(&mut app, "counter");
        choose(&mut app, &format!("give:{}", offered.name()));
        choose(&mut app, &format!("get:{}", give.name()));
        choose(&mut app, "send");
        let countered = app
            .seen
            .iter()
            .any(|e| matches!(e, Event::Countered { seat: 1, .. }));
        assert!(countered, "{:?}", app.seen.last());
    } else {
        choose(&mut app, "decline");
    }
    settle(&mut app);
    if let Screen::Handover(_) = app.screen {
        app.key(KeyCode::Enter);
    }
    assert!(
        matches!(app.game().phase, Phase::Choose { .. } | Phase::Main),
        "{:?}",
        app.game().phase
    );
}

#[test]
fn undo_takes_back_a_setup_settlement() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    settle(&mut app);
    app.choose(0);
    assert_eq!(app.game().players[0].settlements.len(), 1);
    app.key(KeyCode::Char('u'));
    assert_eq!(app.game().players[0].settlements.len(), 0);
    assert!(keys(&app)[0].starts_with("vertex:"));
}

#[test]
fn a_saved_game_resumes_where_it_stood() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-catan-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    let mut app = App::<Catan>::new(Setup {
        seats: vec!["me".into(), "greedy".into(), "random".into()],
        lang: Lang::PtBr,
        seed: 11,
        config: Some(config(Expansion::CitiesAndKnights)),
        save: Some(path.clone()),
    })
    .unwrap();
    to_first_turn(&mut app);
    choose(&mut app, "roll");
    settle(&mut app);
    let resumed = App::<Catan>::resume(crate::save::read(&path).unwrap(), None).unwrap();
    assert_eq!(resumed.game(), app.game());
    assert_eq!(resumed.log, app.log);
    std::fs::remove_dir_all(&dir).ok();
}

/// A position after setup, with chance and the first legal choices.
fn after_setup(expansion: Expansion) -> Catan {
    let c: Config = serde_json::from_value(config(expansion)).unwrap();
    let mut game = Catan::new(&c).unwrap();
    let mut rng = Rng::seed(5);
    let mut events = Vec::new();
    let mut legal = Vec::new();
    while !matches!(game.phase, Phase::BeforeRoll) {
        match game.to_act() {
            ToAct::Chance => {
                let o = game.sample_chance(&mut rng);
                game.apply_chance(&o, &mut events).unwrap();
            }
            ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                game.legal_actions(seat, &mut legal);
                game.apply(seat, &legal[0], &mut events).unwrap();
            }
            ToAct::Over => unreachable!(),
        }
    }
    game
}

fn draw_table(game: &Catan, viewer: Seat, lang: Lang, lit: &[String], size: (u16, u16)) -> String {
    let words = Words::of::<Catan>(lang, vec!["me".into(), "greedy".into(), "mcts".into()]);
    let view = game.view(Some(viewer));
    let table = Table {
        view: &view,
        words: &words,
        viewer,
        actor: Some(game.current),
        lit,
        seen: &[Event::Rolled {
            seat: 0,
            dice: [2, 5],
        }],
    };
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal.draw(|f| Catan::draw(f, f.area(), &table)).unwrap();
    text(terminal.backend())
}

#[test]
fn discards_on_a_seven_are_offered_card_by_card_with_the_hand() {
    let mut game = after_setup(Expansion::Base);
    game.players[0].hand = "BBBLLWWGGO".parse().unwrap();
    game.owed = vec![5, 0, 0];
    game.phase = Phase::Discard;
    let words = Words::of::<Catan>(
        Lang::En,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let menu = crate::Menu::new(&game, 0, &words);
    let entries = menu.entries(&[]);
    let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(labels[0], "brick (you hold 3)", "{labels:?}");
    assert_eq!(entries.len(), 5);
    let s = draw_table(&game, 0, Lang::En, &[], (80, 22));
    assert!(s.contains("Discard 5 cards"), "{s}");
    assert!(s.contains("brick 3"), "{s}");
}

#[test]
fn the_robber_menu_names_hexes_and_victims_and_lights_them() {
    let mut game = after_setup(Expansion::Base);
    game.phase = Phase::Robber;
    let words = Words::of::<Catan>(
        Lang::En,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let menu = crate::Menu::new(&game, 0, &words);
    let top = menu.entries(&[]);
    assert_eq!(top.len(), 18, "every hex but the robber's");
    assert!(top[0].label.starts_with("hex 0: "), "{}", top[0].label);
    let lit = menu.lit(&[]);
    let s = draw_table(&game, 0, Lang::En, &lit, (80, 22));
    // The dice of the last roll the viewer saw.
    assert!(s.contains("2") && s.contains("=7"), "{s}");
    let robber = game.robber;
    assert!(!lit.contains(&format!("hex:{robber}")));
}

#[test]
fn cities_and_knights_shows_knights_walls_the_barbarians_and_progress_cards() {
    let mut game = after_setup(Expansion::CitiesAndKnights);
    let city = game.players[0].settlements.iter().next().unwrap();
    game.players[0].settlements = game.players[0].settlements.without(city);
    game.players[0].cities = game.players[0].cities.with(city);
    let ck = game.ck.as_deref_mut().unwrap();
    ck.players[0].walls = ck.players[0].walls.with(city);
    ck.players[0].improvements = [2, 1, 0];
    ck.players[0].progress = vec![Progress::Spy];
    ck.barbarians = 3;
    let spot = game.knight_spots(0).iter().next().unwrap();
    game.ck.as_deref_mut().unwrap().players[0]
        .knights
        .push(Knight {
            vertex: spot,
            level: 2,
            active: true,
            activated_now: false,
            placed_now: false,
            promoted_now: false,
        });
    for (size, lang, words) in [
        ((80, 22), Lang::En, ["C#", "K2", "Barbarians", "⛵"]),
        ((140, 30), Lang::PtBr, ["C#", "K2", "Bárbaros", "Espião"]),
    ] {
        let s = draw_table(&game, 0, lang, &[], size);
        for w in words {
            assert!(s.contains(w), "{w:?} missing at {size:?}:\n{s}");
        }
    }
    // Another seat does not see the viewer's progress card.
    let s = draw_table(&game, 1, Lang::PtBr, &[], (140, 30));
    assert!(!s.contains("Espião"), "{s}");
}

#[test]
fn the_turn_groups_build_trade_and_the_end() {
    let mut game = after_setup(Expansion::Base);
    game.phase = Phase::Main;
    game.rolled = true;
    game.players[0].hand = "BLWGGOOOO".parse().unwrap();
    let words = Words::of::<Catan>(
        Lang::Es,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let menu = crate::Menu::new(&game, 0, &words);
    let top: Vec<String> = menu.entries(&[]).into_iter().map(|e| e.key).collect();
    assert_eq!(top, ["build", "trade", "end"], "{top:?}");
    let build: Vec<String> = menu
        .entries(&["build".into()])
        .into_iter()
        .map(|e| e.label)
        .collect();
    assert!(build.contains(&"Ciudad".to_string()), "{build:?}");
    // Maritime trade: the rate in the words.
    let give = menu.entries(&["trade".into(), "maritime".into()]);
    let rate = game.rate(0, Card::Ore);
    let ore = give.iter().find(|e| e.key == "card:ore").unwrap();
    assert_eq!(ore.label, format!("dar {rate} mineral"));
}

/// Bots alone play a whole game of each kind; every moment is drawn at 80x24 (every
/// seventh larger too), in the spectator's view, and the end shows the final scoring.
#[test]
fn whole_bot_games_are_drawn_at_every_step_to_the_final_scoring() {
    for (expansion, lang) in [
        (Expansion::Base, Lang::Es),
        (Expansion::CitiesAndKnights, Lang::PtBr),
    ] {
        let mut app = app(&["greedy", "greedy", "random"], expansion, lang);
        let mut steps = 0;
        while app.screen != Screen::Over {
            assert_ne!(app.advance(), crate::Progress::Waiting, "bots always move");
            steps += 1;
            assert!(steps < 20_000, "the game ends");
            screen(&app, 80, 24);
            if steps % 7 == 0 {
                screen(&app, 150, 50);
            }
        }
        let s = screen(&app, 80, 24);
        let winner = app.game().winner.expect("a winner");
        let target = if expansion == Expansion::Base { 10 } else { 13 };
        assert!(app.game().points(winner) >= target);
        let first = w_seat(&app, winner);
        assert!(s.contains(&first), "{s}");
        assert!(
            s.contains(&format!("= {}", app.game().points(winner))),
            "{s}"
        );
    }
}

fn w_seat(app: &App<Catan>, seat: Seat) -> String {
    app.words.seat(seat)
}

/// Seed 004 section 7: a seat that lost to the barbarians chooses the city reduced;
/// the menu lists its cities by place, and the header names the moment.
#[test]
fn the_barbarians_pillage_menu_lists_the_seats_cities() {
    let mut game = after_setup(Expansion::CitiesAndKnights);
    let cities = game.players[0].cities;
    assert!(!cities.is_empty(), "Cities & Knights' setup places a city");
    game.phase = Phase::Pillage {
        waiting: tabuleiro_core::SeatSet::one(0),
    };
    let words = Words::of::<Catan>(
        Lang::En,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let menu = crate::Menu::new(&game, 0, &words);
    let keys: Vec<String> = menu.entries(&[]).into_iter().map(|e| e.key).collect();
    let want: Vec<String> = cities.iter().map(|v| format!("vertex:{v}")).collect();
    assert_eq!(keys, want);
    let status = Catan::status(&game.view(Some(0)), &words);
    assert!(status.contains("barbarians pillage"), "{status}");
}

/// `?` shows the engine's reasons for what a person might try: no cards for a city.
#[test]
fn why_not_gives_the_engines_reasons() {
    let mut game = after_setup(Expansion::Base);
    game.phase = Phase::Main;
    game.rolled = true;
    game.players[0].hand = Cards::NONE;
    let words = Words::of::<Catan>(
        Lang::En,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let why = crate::refusals(&game, 0, &[], &words);
    let own = game.players[0].settlements.iter().next().unwrap();
    let place = format!("{own:02} · ");
    assert!(
        why.iter()
            .any(|(what, why)| what.starts_with(&place) && why.contains("do not have the cards")),
        "{why:?}"
    );
    // The card a refusal names is in words too.
    assert!(why.contains(&(
        "Knight".into(),
        "You do not hold that card (Knight).".into()
    )));
}

/// A large hand composes many offers: each is a legal one, and the shortest is sent
/// with four choices.
#[test]
fn offers_from_a_large_hand_are_all_legal() {
    let mut game = after_setup(Expansion::CitiesAndKnights);
    game.phase = Phase::Main;
    game.rolled = true;
    game.players[0].hand = "BBBLLLWWWGGGOOOPPPCCCMMM".parse().unwrap();
    let words = Words::of::<Catan>(
        Lang::En,
        vec!["me".into(), "greedy".into(), "greedy".into()],
    );
    let menu = crate::Menu::new(&game, 0, &words);
    let offers: Vec<&Action> = menu
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Offer { .. }))
        .collect();
    // 164 bundles of 1-3 cards of 8 kinds given, each for 1-2 of the other kinds.
    assert!(offers.len() > 3000, "{}", offers.len());
    assert!(offers.iter().all(|a| game.check(0, a).is_ok()));
    let path = ["trade", "offer", "give:paper", "get:coin"].map(String::from);
    let next: Vec<String> = menu.entries(&path).into_iter().map(|e| e.label).collect();
    assert_eq!(next, ["Offer 1 paper for 1 coin", "get 2 coin"]);
}

/// The Portuguese and Spanish tables use their catalogues' words (seed 004's terms
/// in Portuguese): none of the English screen's words show.
#[test]
fn the_portuguese_and_spanish_tables_have_no_english_words() {
    for (lang, hand) in [(Lang::PtBr, "Mão"), (Lang::Es, "Mano")] {
        let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, lang);
        to_first_turn(&mut app);
        for size in [(80, 24), (140, 44)] {
            let s = screen(&app, size.0, size.1);
            assert!(s.contains(hand), "{s}");
            for english in [
                "Hand", "Turn ", "Player", "Choose", " cards", "road ", "Dice",
            ] {
                assert!(!s.contains(english), "{english:?} in {lang}:\n{s}");
            }
        }
    }
}

/// A played progress card is named in the log, a bot's as a person's (issue 43:
/// "plays a progress card" told nothing), in the three languages.
#[test]
fn a_played_progress_card_is_named_in_the_log() {
    use tabuleiro_games::catan::ck::Progress;
    let event = Event::ProgressPlayed {
        seat: 1,
        play: tabuleiro_games::catan::action::Play::Bishop { hex: 4 },
    };
    let message = <Catan as tabuleiro_core::Present>::describe(&event);
    for lang in Lang::ALL {
        let words = Words::of::<Catan>(lang, vec!["me".into(), "greedy".into()]);
        let line = words.message::<Catan>(&message).unwrap_or_default();
        let card = super::words::progress(&words, Progress::Bishop);
        assert!(line.contains(&card), "{lang}: {line}");
        assert!(!line.contains('{'), "{lang}: {line}");
    }
}

/// An intersection is picked by typing its two-digit label from the board (issue 43),
/// not only by scrolling a menu of 54; a number with no choice there is said so.
#[test]
fn an_intersection_is_picked_by_typing_its_number() {
    let mut app = app(&["me", "greedy", "greedy"], Expansion::Base, Lang::En);
    settle(&mut app);
    let free = keys(&app);
    // One offered beyond the first nine menu entries, so no menu shortcut reaches it.
    let v: u8 = free[20]["vertex:".len()..].parse().unwrap();
    let label = format!("{v:02}");
    let mut chars = label.chars();
    app.key(KeyCode::Char(chars.next().unwrap()));
    assert!(
        app.game().players[0].settlements.is_empty(),
        "one digit waits for the next"
    );
    assert!(
        app.notice.as_deref().unwrap_or("").contains("Typed"),
        "{:?}",
        app.notice
    );
    app.key(KeyCode::Char(chars.next().unwrap()));
    assert!(app.game().players[0].settlements.contains(v), "{label}");
    // Paths are not typed: a digit keeps choosing the menu's entries there.
    assert!(keys(&app).iter().all(|k| k.starts_with("edge:")));
    app.key(KeyCode::Char('1'));
    assert_eq!(app.game().players[0].roads.len(), 1);
    // A number not offered: nothing happens but the notice.
    settle(&mut app);
    if keys(&app).iter().any(|k| k.starts_with("vertex:")) {
        let taken = format!("{v:02}");
        for c in taken.chars() {
            app.key(KeyCode::Char(c));
        }
        assert_eq!(app.game().players[0].settlements.len(), 1);
        assert!(
            app.notice.as_deref().unwrap_or("").contains(&taken),
            "{:?}",
            app.notice
        );
    }
}
