//! Invariants checked after every decision of random games.
#![allow(dead_code)]

use tabuleiro_core::{Game, Rng, Seat};
use tabuleiro_viscounts::content::{Content, Deck};
use tabuleiro_viscounts::effect::Card;
use tabuleiro_viscounts::Viscounts;

/// Cards are conserved across draw piles, hands, boards, discards, the villager stacks,
/// the unseen pool and the removed cards; resources and markers stay in range; workers
/// stay within the supply; points equal the sum of their sources.
pub fn check_invariants(g: &Viscounts, seed: u64) {
    // The position validator (src/position.rs) accepts every position of play.
    if let Err(e) = g.validate() {
        panic!("seed {seed}: a position of play is refused: {e}");
    }
    let c = Content::get();
    let mut count = vec![0u32; c.villagers.len()];
    let mut plots = 0usize;
    let mut add = |k: &Card| {
        if Content::is_plot(*k) {
            plots += 1;
        } else {
            count[k.0 as usize] += 1;
        }
    };
    for p in &g.players {
        p.hand
            .iter()
            .chain(&p.draw)
            .chain(&p.discard)
            .chain(p.slots.iter().flatten())
            .for_each(&mut add);
    }
    g.villager_pool
        .iter()
        .chain(&g.removed)
        .chain(g.villagers.iter().filter_map(|s| s.top.as_ref()))
        .for_each(&mut add);
    g.future_plots.iter().for_each(&mut add);
    if g.solo() && g.players[1].corruption > 0 {
        assert_eq!(
            plots, 13,
            "seed {seed}: the 13 Plot cards in play are conserved"
        );
    }
    let seated = g.players.iter().filter(|p| p.player_card > 0).count() as u32;
    for (k, v) in c.villagers.iter().enumerate() {
        let n = count[k];
        match v.deck {
            Deck::Neutral => assert_eq!(n, 1, "seed {seed}: neutral {} counted {n}", v.id),
            Deck::Starting => assert_eq!(n, seated, "seed {seed}: starting {} counted {n}", v.id),
            Deck::Hero => assert!(n <= 1, "seed {seed}: hero {} counted {n}", v.id),
        }
    }
    let heroes: u32 = c
        .villagers
        .iter()
        .enumerate()
        .filter(|(_, v)| v.deck == Deck::Hero)
        .map(|(k, _)| count[k])
        .sum();
    assert_eq!(heroes, seated, "seed {seed}: one hero per seated player");
    let hidden: u32 = g.villagers.iter().map(|s| s.hidden as u32).sum();
    assert_eq!(
        hidden as usize,
        g.villager_pool.len(),
        "seed {seed}: stack sizes agree with the pool"
    );
    let mhidden: u32 = g.manuscripts.iter().map(|s| s.hidden as u32).sum();
    assert_eq!(
        mhidden as usize,
        g.manuscript_pool.len(),
        "seed {seed}: manuscript stacks agree with the pool"
    );
    let held: usize = g.players.iter().map(|p| p.manuscripts.len()).sum::<usize>()
        + g.manuscripts.iter().filter(|s| s.top.is_some()).count()
        + g.manuscript_pool.len();
    assert!(held <= 35, "seed {seed}: manuscripts conserved");
    for (s, p) in g.players.iter().enumerate() {
        if p.corruption == 0 {
            continue; // not set up yet
        }
        let castle: u32 = (0..5)
            .map(|x| g.castle.level1[x][s] as u32 + g.castle.level2[x][s] as u32)
            .sum::<u32>()
            + g.castle.level3[s] as u32;
        assert_eq!(
            castle + p.reserve as u32,
            c.worker_supply as u32,
            "seed {seed}: workers of {s}"
        );
        assert!(
            (1..=7).contains(&p.corruption) && (1..=7).contains(&p.virtue),
            "seed {seed}: track"
        );
        assert!(p.corruption <= p.virtue, "seed {seed}: markers never cross");
        assert!(p.built.iter().all(|&b| b <= 3));
        let on_board = g
            .spots
            .iter()
            .flatten()
            .filter(|x| x.is_some_and(|(o, _)| o as usize == s))
            .count();
        assert_eq!(
            on_board,
            p.built.iter().map(|&b| b as usize).sum::<usize>(),
            "seed {seed}: buildings"
        );
        let b = g.breakdown(s as Seat);
        if s < g.players() {
            assert_eq!(
                g.scores()[s],
                b.total(),
                "seed {seed}: points = sum of sources"
            );
        }
    }
    for sec in g.castle.level1.iter().chain(g.castle.level2.iter()) {
        let _ = sec;
    }
}

/// Views hide other seats' hands and draw piles; determinize agrees with the view.
pub fn check_views(g: &Viscounts, rng: &mut Rng, seed: u64) {
    for viewer in (0..g.players() as Seat).map(Some).chain([None]) {
        let view = g.view(viewer);
        assert!(
            !view.provisional_content.is_empty(),
            "the view says which content is provisional"
        );
        for (s, p) in view.position.players.iter().enumerate() {
            let real = &g.players[s];
            if Some(s as Seat) != viewer {
                assert!(
                    p.hand.is_none() && p.draw.is_none(),
                    "seed {seed}: a hidden hand shows"
                );
            } else {
                assert_eq!(p.hand.as_ref(), Some(&real.hand));
                assert_eq!(p.draw.as_ref(), Some(&real.draw));
            }
            assert_eq!(
                (&p.discard, p.slots, p.space),
                (&real.discard, real.slots, real.space)
            );
        }
        let d = g.determinize(viewer, rng);
        assert_eq!(
            d.view(viewer),
            view,
            "seed {seed}: determinize disagrees with the view"
        );
        check_invariants(&d, seed);
    }
}

use tabuleiro_core::ToAct;
use tabuleiro_viscounts::action::{Action, Outcome};
use tabuleiro_viscounts::effect::Ms;
use tabuleiro_viscounts::state::{Phase, Question, Task};
use tabuleiro_viscounts::Config;

pub fn card(id: &str) -> Card {
    let c = Content::get();
    Card(
        c.villagers
            .iter()
            .position(|v| v.id == id)
            .unwrap_or_else(|| panic!("no card {id}")) as u8,
    )
}

pub fn ms(id: &str) -> Ms {
    let c = Content::get();
    Ms(c.manuscripts
        .iter()
        .position(|m| m.id == id)
        .unwrap_or_else(|| panic!("no manuscript {id}")) as u8)
}

/// The index of a segment by its id in the data file.
pub fn segment(id: &str) -> u8 {
    Content::get()
        .segments
        .iter()
        .position(|s| s.id == id)
        .unwrap() as u8
}

/// A hand-built position: segments A-E in order round the ring, castle section p facing
/// board position p, seat 0 first and to act, every player with its markers at the ends,
/// 20 workers, no cards in hand, slots or discard piles; a parked question at the bottom
/// of the task stack keeps the game from ending when the work under test is done. It is
/// read as a position file that says `"fill": "box"` (docs/viscounts/position.md): the
/// villagers and manuscripts it does not place are filled from the box (each seat's
/// starting cards and a hero into its draw pile, the rest under the stacks), and it
/// validates as a file does.
pub fn bare(config: &Config) -> Viscounts {
    let mut g = Viscounts::new(config).unwrap();
    let c = Content::get();
    let neutral: Vec<Card> = (0..c.villagers.len() as u8)
        .map(Card)
        .filter(|&k| c.villager(k).deck == Deck::Neutral)
        .collect();
    let heroes: Vec<Card> = (0..c.villagers.len() as u8)
        .map(Card)
        .filter(|&k| c.villager(k).deck == Deck::Hero)
        .collect();
    let grey: Vec<Ms> = (0..35)
        .map(Ms)
        .filter(|&m| c.manuscript(m).back == "grey")
        .collect();
    let n = config.players as usize;
    let o = Outcome::Setup {
        order: [0, 1, 2, 3, 4],
        rotation: 0,
        first: 0,
        tops: [neutral[0], neutral[1], neutral[2], neutral[3], neutral[4]],
        grey: [grey[0], grey[1], grey[2], grey[3], grey[4]],
        player_cards: (1..=n as u8 + 1).collect(),
        heroes: heroes[..n + 1].to_vec(),
        ai_future: Vec::new(),
    };
    g.apply_chance(&o, &mut Vec::new()).unwrap();
    g.tasks.clear();
    g.pairs.clear();
    g.choosing.clear();
    for (s, p) in g.players.iter_mut().enumerate() {
        p.player_card = s as u8 + 1;
        p.corruption = 1;
        p.virtue = 7;
        p.reserve = 20;
        p.space = 0;
    }
    if g.solo() {
        // The solo AI chose no player card (L662).
        g.players[1].player_card = 0;
    }
    g.round = 1;
    g.current = 0;
    g.phase = Phase::Playing;
    park(&mut g);
    let mut file = serde_json::to_value(&g).unwrap();
    let fields = file.as_object_mut().unwrap();
    fields.remove("villager_pool");
    fields.remove("manuscript_pool");
    fields.insert("fill".into(), "box".into());
    Viscounts::from_json(&file.to_string())
        .unwrap_or_else(|e| panic!("the bare position is refused: {e}"))
}

/// The parked question (seat 0 may hire, a question always answerable) that ends a
/// test's work.
pub fn park(g: &mut Viscounts) {
    g.tasks.push(Task::Ask {
        seat: 0,
        q: Question::Hire,
        by: None,
    });
}

pub fn parked(g: &Viscounts) -> bool {
    g.tasks.len() == 1
        && matches!(
            g.tasks[0],
            Task::Ask {
                seat: 0,
                q: Question::Hire,
                ..
            }
        )
}

/// Puts a question to a seat on top of the parked one.
pub fn ask(g: &mut Viscounts, seat: Seat, q: Question) {
    g.tasks.push(Task::Ask { seat, q, by: None });
}

/// Applies a decision that must be legal and listed-or-checked.
pub fn answer(g: &mut Viscounts, seat: Seat, a: Action) {
    g.apply(seat, &a, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{a} refused: {e}"));
    settle(g);
}

/// Runs queued automatic work and any chance steps (with a fixed generator).
pub fn settle(g: &mut Viscounts) {
    let mut rng = Rng::seed(1);
    g.advance(&mut Vec::new());
    while g.to_act() == ToAct::Chance {
        let o = g.sample_chance(&mut rng);
        g.apply_chance(&o, &mut Vec::new()).unwrap();
    }
}

/// Whose question is on top, and which.
pub fn asked(g: &Viscounts) -> Option<(Seat, Question)> {
    match g.tasks.last() {
        Some(Task::Ask { seat, q, .. }) => Some((*seat, q.clone())),
        _ => None,
    }
}

/// The four AI characters (seed 003 L760; all but the Cleric provisional).
pub const AI_CHARACTERS: [&str; 4] = ["cleric", "noble", "builder", "merchant"];

/// A solo game's config against the AI board `ai`.
pub fn solo_config(ai: &str) -> Config {
    Config {
        ai: ai.into(),
        ..Config::with_players(1)
    }
}
