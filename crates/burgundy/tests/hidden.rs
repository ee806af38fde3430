//! What a seat cannot see stays unseen (issue 40): random games with the check that
//! swaps what is hidden (crates/testkit, `hidden`). The AutoDuke's modifier A lays
//! black-depot tiles face down on its duchy (seed 000 line 1128, "virada para baixo"):
//! another draw of them must show no viewer anything else; starting castles chosen at
//! the same time (seed 000 line 249) are swapped for another choice seen by a
//! spectator. Run in release: `cargo test --release -p tabuleiro-burgundy --test hidden`.

use tabuleiro_burgundy::config::CastleOrder;
use tabuleiro_burgundy::modules::{AutoDukeModifierB, Module, ModuleSet};
use tabuleiro_burgundy::{Action, Burgundy, Config};
use tabuleiro_core::{Game, Rng, Session, ToAct};
use tabuleiro_testkit::conformance::{check_random_games, Checks};

/// Each position checked as a file would be; on doubles `die 2 V` stands for the
/// listed `die 1 V`.
struct Validated;

impl Checks<Burgundy> for Validated {
    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }
    fn step(&mut self, game: &Burgundy, _: &[tabuleiro_burgundy::Event]) -> Result<(), String> {
        game.validate().map_err(|e| e.to_string())
    }
}

fn auto_duke(players: u8, modifiers: &str, b: AutoDukeModifierB) -> Config {
    let mut c = Config {
        players,
        duchies: vec![1; players as usize],
        castle_on_centre: true,
        modules: ModuleSet::of(&[Module::AutoDuke]),
        ..Config::default()
    };
    c.rules.auto_duke_modifiers = modifiers.parse().unwrap();
    c.rules.auto_duke_modifier_b = b;
    c
}

/// Modifier A's face-down tiles, alone and with B's face-up ones from either bag.
#[test]
fn the_auto_dukes_face_down_tiles_stay_face_down() {
    for (i, (players, modifiers, b)) in [
        (1, "a", AutoDukeModifierB::BlackDepot),
        (2, "ab", AutoDukeModifierB::BlackDepot),
        (3, "abcd", AutoDukeModifierB::AreaColour),
    ]
    .into_iter()
    .enumerate()
    {
        let s = check_random_games::<Burgundy>(
            &auto_duke(players, modifiers, b),
            30,
            4_000 + i as u64 * 1_000,
            &mut Validated,
        );
        // One swap a game, where another draw of the five fits beside B's tiles.
        assert!(s.swaps.outcomes >= 27, "{modifiers}: {s:?}");
        assert!(s.swaps.followed > 30 * 4, "{modifiers}: {s:?}");
    }
}

/// Starting castles chosen at the same time stay secret until all have chosen.
#[test]
fn simultaneous_castle_choices_stay_secret() {
    let c = Config {
        castle_order: CastleOrder::Simultaneous,
        castle_on_centre: false,
        ..Config::default()
    };
    let s = check_random_games::<Burgundy>(&c, 30, 9_000, &mut Validated);
    assert!(s.swaps.choices > 0, "{s:?}");
}

/// The view says where modifier A's tiles lie, not which they are: the spaces are
/// listed apart and empty in the position, the tiles not counted among the black
/// bag's draws; a guessed state puts black tiles there and shows the same view.
#[test]
fn a_view_shows_where_the_face_down_tiles_lie_but_not_which() {
    let config = auto_duke(1, "a", AutoDukeModifierB::BlackDepot);
    let mut session = Session::<Burgundy>::new(config, 7).unwrap();
    let dealt = |g: &Burgundy| g.modules.auto_duke.as_ref().is_some_and(|a| a.dealt);
    let mut legal = Vec::new();
    while !dealt(session.game()) {
        match session.game().to_act() {
            ToAct::Chance => drop(session.draw_chance().unwrap().unwrap()),
            ToAct::Seats(seats) => {
                let seat = seats.lowest().unwrap();
                session.game().legal_actions(seat, &mut legal);
                session.apply(seat, legal[0]).unwrap();
            }
            ToAct::Over => unreachable!("the AutoDuke is dealt before the game ends"),
        }
    }
    let g = session.game();
    let duchy = &g.modules.auto_duke.as_ref().unwrap().duchy;
    let down: Vec<u8> = (0..duchy.len() as u8)
        .filter(|&s| duchy[s as usize].is_some_and(|h| h.face_down))
        .collect();
    assert_eq!(down.len(), 5, "modifier A lays five tiles face down");
    for viewer in [None, Some(0)] {
        let view = g.view(viewer);
        assert_eq!(view.auto_duke_face_down, down);
        let seen = &view.position.modules.auto_duke.as_ref().unwrap().duchy;
        assert!(down.iter().all(|&s| seen[s as usize].is_none()));
        assert_eq!(
            view.position.drawn_black.total() + 5,
            g.drawn_black.total(),
            "the face-down tiles are not among the black bag's draws seen"
        );
        let guessed = g.determinize(viewer, &mut Rng::seed(3));
        assert_eq!(guessed.view(viewer), view);
        guessed.validate().unwrap();
    }
}

/// The view is built field by field (`crates/burgundy/src/view.rs`), so a piece of
/// the table it forgot would vanish from every table. Against an oracle, the whole
/// state with its two secrets blanked (other seats' simultaneous starting choices,
/// the AutoDuke's face-down tiles) and the content file left out, every seat's and
/// the spectator's view must read the same, at every decision of random games with
/// every module. A field added to the state fails this test until the view names
/// it or the oracle says why it is hidden.
#[test]
fn a_view_names_every_piece_on_the_table() {
    let with = |players: u8, modules: &[Module]| Config {
        modules: ModuleSet::of(modules),
        ..Config::players(players)
    };
    let mut simultaneous = with(3, &[Module::Duchies11To18]);
    simultaneous.duchies = Vec::new();
    simultaneous.castle_order = CastleOrder::Simultaneous;
    let mut auto_duke_all = auto_duke(2, "abcd", AutoDukeModifierB::AreaColour);
    auto_duke_all.modules = ModuleSet::of(&[Module::AutoDuke, Module::Vineyards, Module::Shields]);
    let configs = [
        with(4, &[Module::Team, Module::Vineyards, Module::Shields]),
        with(
            3,
            &[
                Module::TradeRoutes,
                Module::TradingPosts,
                Module::Inns,
                Module::ExtraHexes,
            ],
        ),
        with(2, &[Module::WhiteCastles, Module::Duchies19To22]),
        with(1, &[Module::Solo]),
        simultaneous,
        auto_duke_all,
    ];
    for (i, config) in configs.iter().enumerate() {
        let s = check_random_games::<Burgundy>(config, 4, 12_000 + i as u64, &mut ViewOracle);
        assert!(s.decisions > 4 * 100, "{config:?}: {s:?}");
    }
}

struct ViewOracle;

impl Checks<Burgundy> for ViewOracle {
    fn listed_form(&self, game: &Burgundy, action: &Action) -> Action {
        game.listed_form(action)
    }
    fn step(&mut self, game: &Burgundy, _: &[tabuleiro_burgundy::Event]) -> Result<(), String> {
        let viewers = (0..game.players() as u8).map(Some).chain([None]);
        for viewer in viewers {
            let view = serde_json::to_value(game.view(viewer).position).unwrap();
            let oracle = blanked(game, viewer);
            if view != oracle {
                return Err(format!(
                    "the view of {viewer:?} differs from the oracle:\n{view}\n{oracle}"
                ));
            }
        }
        Ok(())
    }
}

/// The state as `viewer` may see it, blanked in place.
fn blanked(game: &Burgundy, viewer: Option<u8>) -> serde_json::Value {
    let mut g = game.clone();
    g.config.content = Default::default();
    if g.config.castle_order == CastleOrder::Simultaneous {
        for (s, p) in g.players.iter_mut().enumerate() {
            let partner = viewer.is_some_and(|v| game.partners(v, s as u8));
            if viewer != Some(s as u8) && !partner {
                p.hide_starting_choices(game.config.castle_on_centre);
            }
        }
    }
    if let Some(ad) = g.modules.auto_duke.as_mut() {
        for held in ad.duchy.iter_mut() {
            if let Some(h) = held.filter(|h| h.face_down) {
                g.drawn_black.0[h.tile.kind()] -= 1;
                *held = None;
            }
        }
    }
    serde_json::to_value(g).unwrap()
}
