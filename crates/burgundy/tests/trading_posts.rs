//! The trading posts (4th expansion, module `trading-posts`): seed 000 lines 742-750,
//! seed 002 lines 766-774, seed 001 lines 918-932; digest 13.4, 14.4 item 21,
//! ambiguities A13. One test per reading of each option.
//!
//! Duchy 1 with the starting castle on 18; the posts of the player board (reading
//! `classic-picture`): A touching spaces 4 and 9, B touching 8 and 14, C touching 34
//! and 35. Paths from the castle: 17, 16, 9 to A; 19, 20, 14 to B; 25, 31, 35 to C.

mod common;

use common::{act, game_at_turn_with, no_depots, put, store};
use serde_json::{Map, Value};
use tabuleiro_burgundy::action::Outcome;
use tabuleiro_burgundy::config::{ThirdTradingPost, TradingPostSites, TradingPostTile26};
use tabuleiro_burgundy::content::Content;
use tabuleiro_burgundy::error::Error;
use tabuleiro_burgundy::modules::{trading_post_links, Module, ModuleRefusal, ModuleSet};
use tabuleiro_burgundy::sets::SpaceSet;
use tabuleiro_burgundy::{Animal, Building, Burgundy, Config, Event, ScoreReason, Tile};
use tabuleiro_core::{Game, Rng};

const BANK: Tile = Tile::Building(Building::Bank);
const MARKET: Tile = Tile::Building(Building::Market);
const SHEEP: Tile = Tile::Livestock {
    animal: Animal::Sheep,
    count: 2,
};

fn config(players: u8) -> Config {
    Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::TradingPosts]),
        ..Config::default()
    }
}

/// Seat 0's turn with two dice of `value`, the tiles `before` already in its duchy.
fn game(config: Config, value: u8, before: &[(u8, Tile)]) -> Burgundy {
    let mut g = game_at_turn_with(config, no_depots(), Vec::new(), [value, value]);
    put(&mut g, 0, before);
    g
}

/// The path from the castle to post A (17, 16 water; 9 pasture) and the tiles to B
/// but the last (19, 20 water): placing a bank on 14 (a 3) joins A and B.
const A_AND_TOWARDS_B: [(u8, Tile); 5] = [
    (17, Tile::Ship),
    (16, Tile::Ship),
    (9, SHEEP),
    (19, Tile::Ship),
    (20, Tile::Ship),
];

/// Puts a path joining all three posts into `seat`'s duchy, with tiles of its own
/// (the supply holds few of each kind): buildings on 14, 25, 31, a farm on 9, a
/// knowledge tile on 35.
fn join_all_posts(g: &mut Burgundy, seat: u8) {
    let building = |i: usize| Tile::Building(Building::BEIGE[(i + 3 * seat as usize) % 8]);
    let farm = Tile::Livestock {
        animal: Animal::ALL[seat as usize],
        count: 3,
    };
    let path: Vec<(u8, Tile)> = A_AND_TOWARDS_B
        .iter()
        .map(|&(space, t)| (space, if space == 9 { farm } else { t }))
        .chain([
            (14, building(0)),
            (25, building(1)),
            (31, building(2)),
            (35, Tile::Knowledge(20 + seat)),
        ])
        .collect();
    put(g, seat, &path);
}

/// The trading-post lines scored in these events.
fn post_scores(events: &[Event]) -> Vec<(ScoreReason, i32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored { vp, why, .. }
                if matches!(
                    why,
                    ScoreReason::TradingPostLink { .. } | ScoreReason::TradingPostBonus { .. }
                ) =>
            {
                Some((why, vp))
            }
            _ => None,
        })
        .collect()
}

fn link(link: u8, vp: i32) -> (ScoreReason, i32) {
    (ScoreReason::TradingPostLink { link }, vp)
}

fn bonus(first: bool, vp: i32) -> (ScoreReason, i32) {
    (ScoreReason::TradingPostBonus { first }, vp)
}

/// Seed 000 line 746 (002 line 770, 001 lines 923-925): "Quando um jogador consegue
/// conectar dois entrepostos de seu ducado através de peças hexagonais, ele recebe
/// pontos de vitória de acordo com a fase do jogo (10, 8, 6, 4 ou 2)." The bank on 14
/// joins posts A and B in phase A (10 VP); in phase C it is 6.
#[test]
fn joining_two_posts_scores_the_phase_bonus() {
    for (phase, vp) in [(0, 10), (2, 6), (4, 2)] {
        let mut g = game(config(2), 3, &A_AND_TOWARDS_B);
        g.phase = phase;
        assert_eq!(g.trading_post_links(0), 0);
        store(&mut g, 0, &[BANK]);
        act(&mut g, 0, "die 1 3");
        let ev = act(&mut g, 0, "place bank 14");
        assert_eq!(post_scores(&ev), vec![link(1, vp)], "phase {phase}");
        assert_eq!(g.trading_post_links(0), 1);
        assert!(g.modules.trading_post_tiles.is_empty());
    }
}

/// Reaching a single post scores nothing: the sheep on 9 (a 5) reach post A, joined
/// to no other. Every tile lies next to one placed before (seed 000, "Posicionar uma
/// peça"), so a duchy's tiles are one group and a tile adds at most the post it
/// touches: one link at a time.
#[test]
fn reaching_one_post_scores_nothing() {
    let mut g = game(config(2), 5, &A_AND_TOWARDS_B[..2]);
    store(&mut g, 0, &[SHEEP]);
    act(&mut g, 0, "die 1 5");
    let ev = act(&mut g, 0, "place sheep2 9");
    assert_eq!(post_scores(&ev), vec![]);
    assert_eq!(g.trading_post_links(0), 0);
}

/// The links counted by groups of tiles: posts reached by one group are joined,
/// posts reached by two groups apart are not.
#[test]
fn links_count_the_posts_joined_by_one_group() {
    let posts = &Content::embedded().trading_posts[&TradingPostSites::ClassicPicture];
    let set = |s: &[usize]| s.iter().copied().collect::<SpaceSet>();
    assert_eq!(trading_post_links(set(&[18]), posts), 0);
    assert_eq!(trading_post_links(set(&[9, 16, 17, 18]), posts), 0);
    assert_eq!(
        trading_post_links(set(&[9, 16, 17, 18, 19, 20, 14]), posts),
        1
    );
    // 9 (post A) and 14 (post B) reached by two groups apart.
    assert_eq!(trading_post_links(set(&[9, 16, 17, 18, 20, 14]), posts), 0);
    let all = set(&[9, 16, 17, 18, 19, 20, 14, 25, 31, 35]);
    assert_eq!(trading_post_links(all, posts), 2);
}

/// A post joins the groups of tiles that reach it: two posts each joined to a
/// third are joined, in whatever order the posts are listed (here posts that
/// touch 9 alone, 14 alone, and both).
#[test]
fn posts_joined_through_a_third_post_are_joined() {
    let set = |s: &[usize]| s.iter().copied().collect::<SpaceSet>();
    // 9 and 14 in two groups apart, as above.
    let apart = set(&[9, 16, 17, 18, 20, 14]);
    let (a, b, both) = (set(&[9]), set(&[14]), set(&[9, 14]));
    assert_eq!(trading_post_links(apart, &[a, b]), 0);
    for posts in [[a, b, both], [both, a, b], [a, both, b], [b, a, both]] {
        assert_eq!(trading_post_links(apart, &posts), 2, "{posts:?}");
    }
    assert_eq!(trading_post_links(set(&[9]), &[a, b, both]), 1);
    assert_eq!(trading_post_links(SpaceSet::EMPTY, &[a, b, both]), 0);
}

/// Posts A and B joined; the bank on 31 (a 5) joins the castle to 35 beside post C.
fn third_post_game(config: Config) -> Burgundy {
    let mut g = game(config, 5, &A_AND_TOWARDS_B);
    put(
        &mut g,
        0,
        &[(14, BANK), (25, MARKET), (35, Tile::Knowledge(16))],
    );
    store(&mut g, 0, &[Tile::Building(Building::Bank)]);
    assert_eq!(g.trading_post_links(0), 1);
    act(&mut g, 0, "die 1 5");
    g
}

/// Digest A13, `rules.third_trading_post = phase-bonus-again` (the default): seed
/// 001 line 927 "Se o jogador liga também o terceiro posto, obtém novamente pontos
/// de vitória de acordo com a fase atual e recebe ainda o bónus grande (5, 6 ou 7
/// pontos de vitória para 2-4 jogadores)"; seed 000 line 748: the first to join all
/// takes the 5/6/7 tile. Two players: 10 for the phase and 5 for the tile.
#[test]
fn the_third_post_scores_the_phase_bonus_again_by_default() {
    let mut g = third_post_game(config(2));
    let ev = act(&mut g, 0, "place bank 31");
    assert_eq!(post_scores(&ev), vec![link(2, 10), bonus(true, 5)]);
    assert_eq!(g.modules.trading_post_tiles, vec![0]);
    assert_eq!(g.trading_post_links(0), 2);
}

/// Digest A13, `rules.third_trading_post = once`: the Special Edition's text read as
/// one phase bonus; the third post earns the tile only.
#[test]
fn the_third_post_earns_only_the_tile_in_the_once_reading() {
    let mut c = config(2);
    c.rules.third_trading_post = ThirdTradingPost::Once;
    let mut g = third_post_game(c);
    let ev = act(&mut g, 0, "place bank 31");
    assert_eq!(post_scores(&ev), vec![bonus(true, 5)]);
    assert_eq!(g.modules.trading_post_tiles, vec![0]);
}
/// Seed 000 line 748 (002 line 772): "O primeiro e o segundo jogadores a conectarem
/// todos os seus entrepostos pegam e pontuam imediatamente a peça bônus (...) o
/// primeiro recebe 5/6/7 pontos de vitória em partidas para 2/3/4 jogadores e o
/// segundo, 2/3/4". Three players: the first 6, the second 3, the third none.
#[test]
fn the_first_and_second_to_join_all_posts_take_the_bonus_tiles() {
    for (taken, expected) in [
        (vec![], vec![link(2, 10), bonus(true, 6)]),
        (vec![1], vec![link(2, 10), bonus(false, 3)]),
        (vec![1, 2], vec![link(2, 10)]),
    ] {
        let mut g = third_post_game(config(3));
        for &s in &taken {
            // Seats 1 and 2 joined all their posts earlier.
            join_all_posts(&mut g, s);
        }
        g.modules.trading_post_tiles = taken.clone();
        g.validate().unwrap();
        let ev = act(&mut g, 0, "place bank 31");
        assert_eq!(post_scores(&ev), expected, "taken before: {taken:?}");
        let mut after = taken.clone();
        if after.len() < 2 {
            after.push(0);
        }
        assert_eq!(g.modules.trading_post_tiles, after);
        g.validate().unwrap();
    }
}

/// Seed 000 line 750 (002 line 774): "Como entrepostos estão no tabuleiro de jogador e
/// não no ducado, você também pode jogar essa expansão com qualquer outro de seus
/// tabuleiros de ducado": the posts sit at the same spaces on every duchy, and a
/// config may fix any duchy. Without fixed duchies each seat draws one of 23-30
/// (line 744: "cada jogador recebe um tabuleiro de ducado aleatório entre os
/// numerados de 23 a 30").
#[test]
fn the_module_plays_any_duchy_and_draws_from_23_to_30() {
    for duchy in [1, 6, 10, 23, 30] {
        let mut c = config(2);
        c.duchies = vec![duchy, duchy];
        Burgundy::new(&c).unwrap();
    }
    let content = Content::embedded();
    let d23 = content.duchy(23).unwrap();
    assert!(
        d23.verified,
        "duchy 23 is the classic outpost duchy's official picture"
    );
    for n in 24..=30 {
        let d = content.duchy(n).unwrap();
        assert_eq!(d.module, Some(Module::TradingPosts));
        assert_eq!(d.confidence, "medium-high");
        assert!(!d.verified);
    }
    let random = Config {
        modules: ModuleSet::of(&[Module::TradingPosts]),
        ..Config::players(4)
    };
    let g = Burgundy::new(&random).unwrap();
    let mut rng = Rng::seed(5);
    for _ in 0..50 {
        match g.sample_chance(&mut rng) {
            Outcome::Setup { boards, .. } => {
                assert_eq!(boards.len(), 4);
                assert!(boards.iter().flatten().all(|d| (23..=30).contains(d)));
            }
            other => panic!("{other:?}"),
        }
    }
}

/// Compatibility: a duchy 23-30 needs the module; the classic edition plays it only
/// on its outpost duchies (seed 001 line 920); the module's options need the module.
#[test]
fn compatibility_rules_are_refused_with_their_reason() {
    let refusal_of = |c: &Config| match Burgundy::new(c) {
        Err(Error::Module(r)) => r,
        other => panic!("expected a module refusal, got {other:?}"),
    };
    let base = Config {
        duchies: vec![1, 25],
        ..Config::players(2)
    };
    assert_eq!(
        refusal_of(&base),
        ModuleRefusal::DuchyNeedsModule {
            duchy: 25,
            module: Module::TradingPosts
        }
    );
    let mut classic = Config::classic(2);
    classic.modules = ModuleSet::of(&[Module::TradingPosts]);
    assert_eq!(
        refusal_of(&classic),
        ModuleRefusal::ClassicOutpostDuchy { duchy: 1 }
    );
    for (option, set) in [
        (
            "third_trading_post",
            (|c: &mut Config| c.rules.third_trading_post = ThirdTradingPost::Once)
                as fn(&mut Config),
        ),
        ("trading_post_sites", |c| {
            c.rules.trading_post_sites = TradingPostSites::SeTranscription
        }),
        ("trading_post_tile26", |c| {
            c.rules.trading_post_tile26 = TradingPostTile26::NotCounted
        }),
    ] {
        let mut c = Config::players(2);
        set(&mut c);
        assert_eq!(
            refusal_of(&c),
            ModuleRefusal::OptionNeedsModule {
                option,
                module: Module::TradingPosts
            }
        );
        let mut c = config(2);
        set(&mut c);
        Burgundy::new(&c).unwrap();
    }
    // With the other modules played: accepted.
    let mut all = config(4);
    all.modules = ModuleSet::of(&[
        Module::TradingPosts,
        Module::Inns,
        Module::WhiteCastles,
        Module::ExtraHexes,
        Module::Duchies11To18,
    ]);
    all.duchies.clear();
    Burgundy::new(&all).unwrap();
}

/// `rules.trading_post_sites` (SOURCES.md 5.3): the SE transcription puts posts at
/// spaces 3 and 15. Knowledge tiles 12, 7, 3 from the castle reach space 3; the ship
/// on 15 (a 6) then joins the two posts in that reading, and none in the classic
/// picture's (where 15 and 3 touch no post).
#[test]
fn the_sites_of_the_posts_in_each_reading() {
    for (sites, expected) in [
        (TradingPostSites::SeTranscription, vec![link(1, 10)]),
        (TradingPostSites::ClassicPicture, vec![]),
    ] {
        let mut c = config(2);
        c.rules.trading_post_sites = sites;
        let mut g = game(
            c,
            6,
            &[
                (12, Tile::Knowledge(16)),
                (7, Tile::Knowledge(17)),
                (3, Tile::Knowledge(18)),
                (17, Tile::Ship),
                (16, Tile::Ship),
            ],
        );
        store(&mut g, 0, &[Tile::Ship]);
        act(&mut g, 0, "die 1 6");
        let ev = act(&mut g, 0, "place ship 15");
        assert_eq!(post_scores(&ev), expected, "{sites:?}");
    }
}

/// `rules.trading_post_tile26` (seed 000 line 688: knowledge tile 26 "3 pontos de
/// vitória para cada peça bônus que você tiver"): the trading-post tile counts by
/// default, not in the other reading.
#[test]
fn knowledge_26_and_the_trading_post_tile_each_reading() {
    for (reading, expected) in [
        (TradingPostTile26::Counted, vec![0, 3]),
        (TradingPostTile26::NotCounted, vec![0]),
    ] {
        let mut c = config(2);
        c.rules.trading_post_tile26 = reading;
        let mut g = game(c, 1, &[(12, Tile::Knowledge(26))]);
        // Seat 0 joined all its posts and took the first tile.
        join_all_posts(&mut g, 0);
        g.modules.trading_post_tiles = vec![0];
        g.validate().unwrap();
        let k26: Vec<i32> = g
            .final_points(0)
            .into_iter()
            .filter(|(why, _)| *why == ScoreReason::Knowledge { number: 26 })
            .map(|(_, vp)| vp)
            .collect();
        assert_eq!(k26, expected, "{reading:?}");
    }
}

/// The position keeps the tiles taken under `modules.trading_post_tiles` (left out
/// while none is taken) and refuses a record the rules cannot reach.
#[test]
fn the_position_keeps_the_trading_post_tiles() {
    let mut g = third_post_game(config(2));
    let text = serde_json::to_string(&g).unwrap();
    assert!(!text.contains("trading_post_tiles"), "none taken: left out");
    act(&mut g, 0, "place bank 31");
    let text = serde_json::to_string(&g).unwrap();
    assert!(text.contains("\"trading_post_tiles\":[0]"), "{text}");
    let back = Burgundy::from_json(&text).unwrap();
    assert_eq!(back, g);
    let refused = |g: &Burgundy, needle: &str| match g.validate() {
        Err(Error::Position(m)) => assert!(m.contains(needle), "{m}"),
        other => panic!("expected a refusal containing {needle:?}, got {other:?}"),
    };
    // Seat 1 has joined no posts.
    let mut bad = g.clone();
    bad.modules.trading_post_tiles = vec![0, 1];
    refused(&bad, "joined all its posts");
    // Seat 0 joined all its posts but holds no tile while both are left.
    let mut bad = g.clone();
    bad.modules.trading_post_tiles.clear();
    refused(&bad, "while one is left");
    let mut bad = g.clone();
    bad.modules.trading_post_tiles = vec![0, 0];
    refused(&bad, "one seat takes one");
    let mut bad = g.clone();
    bad.modules.trading_post_tiles = vec![5];
    refused(&bad, "at most two seats");
    // Without the module: no trading-post tiles.
    let mut base = common::game_at_turn(2, no_depots(), Vec::new(), [1, 1]);
    base.modules.trading_post_tiles = vec![0];
    refused(&base, "played with the module trading-posts");
}

/// The scoring reasons of the module are in the three catalogues.
#[test]
fn the_reasons_are_catalogued() {
    let catalogues = [
        include_str!("../../i18n/locales/burgundy/en.json"),
        include_str!("../../i18n/locales/burgundy/pt-BR.json"),
        include_str!("../../i18n/locales/burgundy/es.json"),
    ];
    for text in catalogues {
        let catalogue: Map<String, Value> = serde_json::from_str(text).unwrap();
        for why in [
            ScoreReason::TradingPostLink { link: 1 },
            ScoreReason::TradingPostBonus { first: true },
        ] {
            let tag = serde_json::to_value(why).unwrap()["reason"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(catalogue.contains_key(&format!("reason.{tag}")), "{tag}");
        }
        assert!(catalogue.contains_key("module.trading-posts"));
    }
}

/// Random games with the module (alone, with the other played modules, and in the
/// other readings) reach its scoring: links and both tiles, and every game's VP
/// equal its scoring events (the full conformance checks run on these configs in
/// `random_play.rs`).
#[test]
fn random_games_reach_the_trading_posts_scoring() {
    use tabuleiro_testkit::conformance::{check_random_games, Checks};
    #[derive(Default)]
    struct Seen {
        links: u32,
        tiles: [u32; 2],
        vp: Vec<i32>,
    }
    impl Checks<Burgundy> for Seen {
        fn listed_form(
            &self,
            game: &Burgundy,
            action: &tabuleiro_burgundy::Action,
        ) -> tabuleiro_burgundy::Action {
            game.listed_form(action)
        }
        fn start(&mut self, g: &Burgundy) {
            self.vp = vec![0; g.players.len()];
        }
        fn step(&mut self, g: &Burgundy, events: &[Event]) -> Result<(), String> {
            for e in events {
                if let Event::Scored { seat, vp, why } = e {
                    self.vp[*seat as usize] += vp;
                    match why {
                        ScoreReason::TradingPostLink { .. } => self.links += 1,
                        ScoreReason::TradingPostBonus { first } => self.tiles[!first as usize] += 1,
                        _ => {}
                    }
                }
            }
            let vp: Vec<i32> = g.players.iter().map(|p| p.vp).collect();
            match vp == self.vp {
                true => Ok(()),
                false => Err(format!("VP {vp:?} but scored {:?}", self.vp)),
            }
        }
    }
    // Random duchies (23-30) with the castle of the player's choice: the default
    // setup (castle_on_centre with random boards whose centre is no castle hides a
    // seat's wait behind the others' hidden sides; see docs/burgundy/rules.md).
    let random = |players: u8| Config {
        modules: ModuleSet::of(&[Module::TradingPosts]),
        ..Config::players(players)
    };
    let mut all = random(4);
    all.modules = ModuleSet::of(&[
        Module::TradingPosts,
        Module::Inns,
        Module::WhiteCastles,
        Module::ExtraHexes,
    ]);
    let mut once = random(3);
    once.rules.third_trading_post = ThirdTradingPost::Once;
    let mut tiles = [0; 2];
    for (i, c) in [config(2), all, once].iter().enumerate() {
        let mut seen = Seen::default();
        let s = check_random_games(c, 30, 9_100 + i as u64 * 100, &mut seen);
        assert!(s.decisions > 30 * 200, "{s:?}");
        assert!(seen.links > 0, "config {i}: no posts joined");
        (0..2).for_each(|k| tiles[k] += seen.tiles[k]);
    }
    // Joining all three posts is rare at random (about one game in a hundred):
    // over all the games, a first tile; the second is tested above
    // (the_first_and_second_to_join_all_posts_take_the_bonus_tiles).
    assert!(tiles[0] > 0, "{tiles:?}");
}

/// The static judgement values a post about to be joined: seat 0 one tile from post B
/// (the bank on 14 would join A and B) gains more from the module (its judgement with
/// the module less the same position's without) than with the path two tiles short.
#[test]
fn the_judgement_values_a_post_about_to_be_joined() {
    let judge = |tiles: &[(u8, Tile)], modules: &[Module]| {
        let mut c = config(2);
        c.modules = ModuleSet::of(modules);
        tabuleiro_burgundy::evaluate::evaluate(&game(c, 3, tiles), 0)
    };
    let gain = |tiles: &[(u8, Tile)]| judge(tiles, &[Module::TradingPosts]) - judge(tiles, &[]);
    let (near, far) = (gain(&A_AND_TOWARDS_B), gain(&A_AND_TOWARDS_B[..4]));
    assert!(near > far && far > 0.0, "{near} {far}");
}

/// The classic edition's outposts (seed 001 lines 918-932): "cada jogador recebe um
/// com o n.º 11" — each seat on one of the outpost duchies 11a-f, drawn from their
/// box (duchy 23 is 11a's official picture; 24-28 stand in, provisional) without
/// replacement; fixed duchies only among them. The rules then are the trading
/// posts' (the third post scores the phase bonus again, line 927).
#[test]
fn the_classic_outposts_are_played_on_the_outpost_duchies() {
    let file: Config = serde_json::from_str(
        r#"{"edition": "classic", "players": 3, "modules": ["trading-posts"]}"#,
    )
    .unwrap();
    assert!(file.duchies.is_empty(), "drawn, not everyone on duchy 1");
    let g = Burgundy::new(&file).unwrap();
    let mut rng = Rng::seed(3);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        match g.sample_chance(&mut rng) {
            Outcome::Setup { boards, .. } => {
                assert_eq!(boards.len(), 3);
                assert!(boards.iter().flatten().all(|d| (23..=28).contains(d)));
                // One-sided boards, one of each: no two seats draw the same one.
                assert!(boards.iter().all(|b| b[0] == b[1]), "{boards:?}");
                let mut drawn: Vec<u8> = boards.iter().map(|b| b[0]).collect();
                drawn.sort();
                drawn.dedup();
                assert_eq!(drawn.len(), 3, "{boards:?}");
                seen.extend(boards.iter().flatten().copied());
            }
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(seen.len(), 6, "every outpost duchy drawn: {seen:?}");
    let mut fixed = Config::classic(2);
    fixed.modules = ModuleSet::of(&[Module::TradingPosts]);
    fixed.duchies = vec![23, 26];
    Burgundy::new(&fixed).unwrap();
    fixed.duchies = vec![23, 29];
    assert_eq!(
        common::refusal_of(&fixed),
        ModuleRefusal::ClassicOutpostDuchy { duchy: 29 }
    );
    // Whole classic games with the outposts: posts are joined and score.
    let mut links = 0;
    for seed in 0..20 {
        let played = tabuleiro_core::play::<Burgundy>(
            &file,
            seed,
            &mut tabuleiro_core::UniformChooser,
            false,
            |_, events: &[Event]| {
                links += events
                    .iter()
                    .filter(|e| {
                        matches!(
                            e,
                            Event::Scored {
                                why: ScoreReason::TradingPostLink { .. },
                                ..
                            }
                        )
                    })
                    .count();
            },
        )
        .unwrap();
        let duchies = played.game.players.iter().map(|p| p.duchy);
        assert!(
            duchies.clone().all(|d| (23..=28).contains(&d)),
            "{:?}",
            duchies.collect::<Vec<_>>()
        );
    }
    assert!(links > 0, "random play joins posts ({links})");
}
