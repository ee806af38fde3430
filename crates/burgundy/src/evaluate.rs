//! A judgement of a position for one seat, for bots, in VP: VP now, the final scoring
//! the position already holds (knowledge tiles 15-26), and what the rest promises
//! (areas close to completion, colour races, tiles in storage, goods, workers, silver,
//! mines, turn order; with the vineyards the hexaminoes held, the terraces under way
//! and the vine bonus tiles still without an area).
//!
//! Workers, silver, goods and stored tiles are valued by what they can still do, with
//! diminishing returns, and fall to exactly what the final scoring gives for them as
//! the game runs out (seed 000, "Fim do jogo": 1 VP per good and per silver, 1 VP per
//! 2 workers; a tile left in storage gives nothing). Valuing a worker above that made
//! the greedy bot take workers with almost every die (issue 16).
//!
//! While the seat itself still has a decision pending in its turn (a die to use, a
//! tile to discard, a building's effect), the position is worth the best of what that
//! decision leads to, one step deep: choosing a die is judged by its best use.

use crate::action::{Action, ScoreReason};
use crate::state::{area_vp, Burgundy, Pending, Stage, Turn, PHASE_BONUS};
use crate::tile::{Colour, Tile};
use tabuleiro_core::{Game, Judgement, Seat};

/// Rounds in a game: five phases of five rounds.
const ROUNDS: f64 = 25.0;

pub fn evaluate(game: &Burgundy, seat: Seat) -> f64 {
    match game.turn() {
        Some(turn) if turn.seat == seat && !turn.pending.is_empty() => {
            best_continuation(game, seat).unwrap_or_else(|| judge(game, seat))
        }
        _ => judge(game, seat),
    }
}

/// The judgement a search compares seats by (issue 18, fifth round; the game
/// contract's `judge`): [`evaluate`], [`judge`] alone, or [`evaluate_even`].
pub fn judge_as(game: &Burgundy, seat: Seat, how: Judgement) -> f64 {
    match how {
        Judgement::Lookahead => evaluate(game, seat),
        Judgement::Static => judge(game, seat),
        Judgement::Even => evaluate_even(game, seat),
        Judgement::Fitted => evaluate_fitted(game, seat),
    }
}

/// A judgement on one scale for every seat at any point of a round: where the seat
/// stands plus [`ACTION_VP`] for each die action it still has in the round (seed
/// 000: each player uses both dice in a turn, each seat a turn a round), so the
/// seat on turn is not credited a decision its rival is denied. A seat in the
/// middle of an action (a ship's goods, a discard, a building's effect: anything
/// but a die or the white die to use) is judged where that action leads, one step
/// deep, as [`evaluate`] does; the die actions themselves are credited, not looked
/// through.
pub fn evaluate_even(game: &Burgundy, seat: Seat) -> f64 {
    looking_through_an_action(game, seat, even_here)
}

/// `here` of the position, or, for the seat on turn in the middle of an action, of
/// the best position that action leads to (one step deep).
fn looking_through_an_action(game: &Burgundy, seat: Seat, here: fn(&Burgundy, Seat) -> f64) -> f64 {
    match game.turn() {
        Some(turn) if turn.seat == seat && completes_an_action(turn) => {
            best_continuation_by(game, seat, here).unwrap_or_else(|| here(game, seat))
        }
        _ => here(game, seat),
    }
}

/// [`evaluate_even`] with its parts weighed as they predicted the results of
/// 2-player games (`data/judgement.json`, [`FittedWeights`]); other player counts
/// (the fit knows nothing of them) and a finished game are judged as by
/// [`evaluate_even`].
pub fn evaluate_fitted(game: &Burgundy, seat: Seat) -> f64 {
    looking_through_an_action(game, seat, fitted_here)
}

/// Where the seat stands, its parts and die actions to come weighed by the fit.
fn fitted_here(game: &Burgundy, seat: Seat) -> f64 {
    weighed_here(game, seat, FittedWeights::embedded())
}

/// Where the seat stands, its parts and die actions to come weighed by `fit`.
fn weighed_here(game: &Burgundy, seat: Seat, fit: &FittedWeights) -> f64 {
    if game.players() != 2 || game.stage == Stage::Over {
        return even_here(game, seat);
    }
    let w = fit.at(rounds_left(game));
    let parts = even_parts(game, seat);
    parts.iter().zip(&w).map(|(p, w)| p * w).sum()
}

/// The even judgement's parts for `seat`: [`judge_terms`], then its die actions to
/// come at [`ACTION_VP`] (what [`FittedWeights`] weighs, in that order).
pub fn even_parts(game: &Burgundy, seat: Seat) -> [f64; PARTS + 1] {
    let mut parts = [0.0; PARTS + 1];
    parts[..PARTS].copy_from_slice(&judge_terms(game, seat));
    parts[PARTS] = ACTION_VP * actions_to_come(game, seat) as f64;
    parts
}

/// The parts of the static judgement ([`TERMS`]); the fit weighs one more, the die
/// actions to come.
const PARTS: usize = 14;

/// The weights of the fitted judgement by rounds left, read from
/// `data/judgement.json`: least squares of a 2-player game's final lead on the two
/// seats' parts (issue 18, ninth round; its source and command are in the file).
#[derive(Debug, serde::Deserialize)]
pub struct FittedWeights {
    parts: Vec<String>,
    bands: Vec<Band>,
}

/// The weights fit at one point of the game.
#[derive(Debug, serde::Deserialize)]
struct Band {
    rounds_left: f64,
    weights: [f64; PARTS + 1],
}

/// The fitted weights as shipped.
pub const JUDGEMENT_JSON: &str = include_str!("../data/judgement.json");

impl FittedWeights {
    /// Parses the weights; the parts must be [`TERMS`] and the die actions, and the
    /// bands ordered by rounds left.
    pub fn parse(json: &str) -> Result<Self, String> {
        let fit: Self = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let names: Vec<&str> = TERMS
            .iter()
            .copied()
            .chain(["die actions to come"])
            .collect();
        if fit.parts != names {
            return Err(format!("the parts must be {names:?}"));
        }
        let ordered = fit
            .bands
            .windows(2)
            .all(|w| w[0].rounds_left < w[1].rounds_left);
        if fit.bands.is_empty() || !ordered {
            return Err("the bands must be ordered by rounds left".into());
        }
        Ok(fit)
    }

    /// The weights embedded in the crate (checked by a test).
    pub fn embedded() -> &'static Self {
        static W: std::sync::OnceLock<FittedWeights> = std::sync::OnceLock::new();
        W.get_or_init(|| Self::parse(JUDGEMENT_JSON).expect("data/judgement.json"))
    }

    /// The weights with `left` rounds to come: linear between the bands, the
    /// nearest band's outside them.
    pub fn at(&self, left: f64) -> [f64; PARTS + 1] {
        let (first, last) = (&self.bands[0], &self.bands[self.bands.len() - 1]);
        if left <= first.rounds_left {
            return first.weights;
        }
        match self.bands.windows(2).find(|w| left <= w[1].rounds_left) {
            Some([a, b]) => {
                let f = (left - a.rounds_left) / (b.rounds_left - a.rounds_left);
                std::array::from_fn(|i| a.weights[i] + (b.weights[i] - a.weights[i]) * f)
            }
            _ => last.weights,
        }
    }
}

/// Is an action under way (the seat on turn judged one step deeper by
/// [`evaluate_even`])?
pub fn action_under_way(game: &Burgundy) -> bool {
    game.turn().is_some_and(completes_an_action)
}

/// Is the decision on top of the turn's stack part of an action under way (not a
/// die action to come)?
fn completes_an_action(turn: &Turn) -> bool {
    turn.pending
        .last()
        .is_some_and(|p| !matches!(p, Pending::UseDie { .. } | Pending::WhiteDie))
}

/// Where the seat stands, its die actions still to come credited.
fn even_here(game: &Burgundy, seat: Seat) -> f64 {
    judge(game, seat) + ACTION_VP * actions_to_come(game, seat) as f64
}

/// What a die action still to come is worth, in VP: the mean gain of [`judge`]
/// over a turn, per die, in 200 greedy 2-player games (4.74 with the greedy bot,
/// 4.5-4.9 by phase, about flat over the game; 4.63 with ties broken to the first
/// choice: `GAMES=200 cargo run --release -p tabuleiro-bots --example
/// action_value`, docs/burgundy/bots.md "Fifth round"). Confidence: measured on
/// the greedy bot's play, which uses its dice less well than a search.
pub const ACTION_VP: f64 = 4.6;

/// The die actions `seat` still has this round: the unused dice and the die
/// actions pending on the stack (a chosen die, a castle's extra action, the white
/// die) while on turn; both dice when its turn of the round is still to come.
pub fn actions_to_come(game: &Burgundy, seat: Seat) -> u32 {
    match &game.stage {
        Stage::Turn(t) if t.seat == seat && !t.phase_end => {
            let dice = t.dice.iter().flatten().count();
            let uses = t
                .pending
                .iter()
                .filter(|p| matches!(p, Pending::UseDie { .. } | Pending::WhiteDie));
            (dice + uses.count()) as u32
        }
        Stage::Turn(t) if !t.phase_end && !game.played[seat as usize] => 2,
        Stage::AutoDuke if !game.played[seat as usize] => 2,
        _ => 0,
    }
}

/// The best static judgement among the seat's pending decisions.
fn best_continuation(game: &Burgundy, seat: Seat) -> Option<f64> {
    best_continuation_by(game, seat, judge)
}

/// The best judgement by `judge` among the seat's pending decisions.
fn best_continuation_by(
    game: &Burgundy,
    seat: Seat,
    judge: fn(&Burgundy, Seat) -> f64,
) -> Option<f64> {
    let mut legal = Vec::new();
    tabuleiro_core::Game::legal_actions(game, seat, &mut legal);
    let mut events = Vec::new();
    legal
        .iter()
        .filter(|a| {
            !matches!(
                a,
                Action::Buy { .. } | Action::Knowledge6 { .. } | Action::HireWorkers
            )
        })
        .map(|a| {
            let mut next = game.clone();
            events.clear();
            tabuleiro_core::Game::apply_unchecked(&mut next, seat, a, &mut events);
            judge(&next, seat)
        })
        .max_by(f64::total_cmp)
}

/// How much of a holding's use is still ahead with `left` rounds to come: 1 with
/// four rounds or more to go, down to 0 in the last round, where only the final
/// scoring's value is left.
pub(crate) fn soon(left: f64) -> f64 {
    ((left - 1.0) / 3.0).clamp(0.0, 1.0)
}

/// Rounds still to come, this one included while it is being played: 25 at the
/// start, 0 once the game is over.
pub fn rounds_left(game: &Burgundy) -> f64 {
    if game.stage == Stage::Over {
        return 0.0;
    }
    (ROUNDS - (game.phase as f64 * 5.0 + game.round as f64)).max(0.0)
}

/// The chance of winning from a static lead, `1 / (1 + exp(-lead / s))`: `s` by
/// rounds left, fit by maximum likelihood on the results of 200 2-player games of
/// the greedy bot against itself, at each round's roll (issue 18, fifth round:
/// `GAMES=200 cargo run --release -p tabuleiro-bots --example action_value`, bands
/// of five rounds, each at its middle). A lead early in the game is worth far less
/// than the same lead in phase E.
const LEAD_SCALE: [(f64, f64); 5] = [
    (3.0, 9.0),
    (8.0, 15.75),
    (13.0, 18.75),
    (18.0, 25.5),
    (23.0, 44.0),
];

/// [`LEAD_SCALE`] at this position, between its bands linearly; `None` for a seat
/// alone (the solo game is not won on a lead over another seat).
pub fn lead_scale(game: &Burgundy) -> Option<f64> {
    if game.players() < 2 {
        return None;
    }
    let left = rounds_left(game);
    let (first, last) = (LEAD_SCALE[0], LEAD_SCALE[LEAD_SCALE.len() - 1]);
    if left <= first.0 {
        return Some(first.1);
    }
    let scale = LEAD_SCALE
        .windows(2)
        .find(|w| left <= w[1].0)
        .map(|w| w[0].1 + (w[1].1 - w[0].1) * (left - w[0].0) / (w[1].0 - w[0].0));
    Some(scale.unwrap_or(last.1))
}

/// The static judgement.
/// The solo game is won on the spaces filled (seed 000 line 861), not on VP (which
/// go back to 0 at each goal): each space filled weighs more than any VP swing, and
/// the VP judgement orders positions with as many.
fn judge(game: &Burgundy, seat: Seat) -> f64 {
    let vp = judge_vp(game, seat);
    match game.solo() {
        true => SOLO_SPACE * game.players[seat as usize].covered().len() as f64 + vp,
        false => vp,
    }
}

/// What a filled space is worth in the solo game, in VP.
const SOLO_SPACE: f64 = 25.0;

fn judge_vp(game: &Burgundy, seat: Seat) -> f64 {
    // Summed left to right from the VP, as the terms were always added.
    judge_terms(game, seat).iter().sum()
}

/// The parts of the static judgement, named in the order of [`judge_terms`].
pub const TERMS: [&str; PARTS] = [
    "vp",
    "final scoring lines",
    "workers",
    "silver",
    "goods",
    "stored tiles",
    "covered spaces",
    "areas under way",
    "colour races",
    "trading posts",
    "trade route",
    "vineyards",
    "mines",
    "turn order",
];

/// The static judgement's parts for `seat` (their sum, without the solo game's
/// spaces), in VP: each part is what the position holds of one kind.
pub fn judge_terms(game: &Burgundy, seat: Seat) -> [f64; PARTS] {
    let p = &game.players[seat as usize];
    let mut t = [0.0; PARTS];
    t[0] = p.vp as f64;
    if game.stage == Stage::Over {
        // The final scoring is in the VP.
        return t;
    }
    let left = rounds_left(game);
    let soon = soon(left);
    // Final scoring lines other than leftovers (knowledge tiles 15-26): counted now.
    t[1] = game
        .final_points(seat)
        .iter()
        .filter(|(why, _)| {
            !matches!(
                why,
                ScoreReason::UnsoldGoods | ScoreReason::Silver | ScoreReason::Workers
            )
        })
        .map(|&(_, vp)| vp as f64)
        .sum::<f64>();
    t[2] = workers_value(p.workers, soon);
    t[3] = silver_value(p.silver, soon);
    t[4] = goods_value(game, &p.goods, soon);
    // A stored tile is worth part of what placing it brings, if there is time and a
    // space it may go on.
    let placeable = p
        .storage
        .iter()
        .filter(|&&t| has_room(game, seat, t))
        .count();
    t[5] = placeable as f64 * 2.8 * soon;
    // A covered space also brings what the areas do not count: its tile's effect and
    // the colour race; placing must be worth more than holding.
    t[6] = p.covered().len() as f64 * 2.0 * soon;
    t[7] = areas_value(game, seat, left);
    t[8] = colours_value(game, seat, left);
    t[9] = crate::modules::trading_posts_value(game, seat, left);
    t[10] = crate::modules::trade_route_value(game, seat, soon);
    // The vineyard's promise (module `vineyards`; its scored areas are in the final
    // scoring's lines above).
    t[11] = crate::modules::vineyard_value(game, seat, left, soon);
    // Mines pay 1 silver at every phase end still to come; being ahead on the
    // turn-order track.
    let phase_ends = (5 - game.phase.min(5)) as f64;
    t[12] = p.count(Tile::Mine) as f64 * phase_ends;
    t[13] = game.track_position(seat).0 as f64 * 0.5 * (left / ROUNDS);
    t
}

/// May the tile go on some space of the duchy (with any die number: workers turn
/// dice)?
fn has_room(game: &Burgundy, seat: Seat, tile: Tile) -> bool {
    (0..game.duchy(seat).spaces as u8)
        .any(|s| game.placement_problem(seat, tile, s, None).is_none())
}

/// Geometric sum of `first`, `first * ratio`, ... over `n` terms: the use value of a
/// stock whose every further unit helps less.
fn diminishing(n: u32, first: f64, ratio: f64) -> f64 {
    first * (1.0 - ratio.powi(n.min(64) as i32)) / (1.0 - ratio)
}

/// Half a VP each at the end; while the game goes on, the first few also turn dice.
fn workers_value(workers: u32, soon: f64) -> f64 {
    workers as f64 * 0.5 + diminishing(workers, 0.6 * soon, 0.7)
}

/// 1 VP each at the end; the first ones also buy from the black depot (2 silver a tile).
fn silver_value(silver: u32, soon: f64) -> f64 {
    silver as f64 + diminishing(silver, 0.4 * soon, 0.6)
}

/// 1 VP each at the end; while there is time to sell them, their sale value (VP per
/// good plus a silver per sale), a type at a time.
fn goods_value(game: &Burgundy, goods: &[u8; 6], soon: f64) -> f64 {
    let sale = game.config.sale_vp() as f64;
    let sell = 0.8 * soon;
    goods
        .iter()
        .filter(|&&g| g > 0)
        .map(|&g| g as f64 * (1.0 + (sale - 1.0) * sell) + sell)
        .sum()
}

/// Areas begun and not finished: a share of their completion VP, by how much is
/// covered and how likely the rest is to be covered in the rounds left.
fn areas_value(game: &Burgundy, seat: Seat, left: f64) -> f64 {
    let p = &game.players[seat as usize];
    let duchy = game.duchy(seat);
    let phase_bonus = PHASE_BONUS[game.phase.min(4) as usize] as f64;
    let mut v = 0.0;
    for (area, &size) in duchy.area_size.iter().enumerate() {
        let filled = duchy
            .spaces_of_area(area as u8)
            .filter(|&s| p.spaces[s].is_some())
            .count() as f64;
        let missing = size as f64 - filled;
        if filled > 0.0 && missing > 0.0 {
            let likely = ((left - missing) / (left + 1.0)).max(0.0);
            v += filled / size as f64 * (area_vp(size) as f64 + phase_bonus) * likely;
        }
    }
    v
}

/// Colour races still open: a share of the bonus tile by how much is covered.
fn colours_value(game: &Burgundy, seat: Seat, left: f64) -> f64 {
    let p = &game.players[seat as usize];
    let duchy = game.duchy(seat);
    let mut v = 0.0;
    for c in Colour::ALL {
        let total = duchy.colour_count[c.index()] as f64;
        let filled = duchy.colour_spaces[c.index()]
            .intersection(p.covered())
            .len() as f64;
        let taken = game.bonus_taken[c.index()];
        if taken < 2 && filled < total {
            let likely = ((left - (total - filled)) / (left + 1.0)).max(0.0);
            v += (filled / total).powi(2) * game.config.bonus_vp(taken == 0) as f64 * likely;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use tabuleiro_core::{play, UniformChooser};

    /// Uniform random games of `players` seats, one a seed of `seeds`, `each_step`
    /// called after every step with the game's seed; each game's end with its seed.
    fn random_games(
        players: u8,
        seeds: std::ops::Range<u64>,
        mut each_step: impl FnMut(u64, &Burgundy),
    ) -> Vec<(u64, Burgundy)> {
        let config = Config::players(players);
        seeds
            .map(|seed| {
                let step = |game: &Burgundy, _: &[_]| each_step(seed, game);
                let played = play(&config, seed, &mut UniformChooser, false, step);
                (seed, played.unwrap().game)
            })
            .collect()
    }

    /// At the end the judgement is the VP; in the last round leftovers are worth what
    /// the final scoring gives for them, however many there are.
    #[test]
    fn leftovers_are_worth_the_final_scoring_at_the_end() {
        let mut last_round = 0;
        let ends = random_games(2, 0..10, |seed, game| {
            if game.phase == 4 && game.round == 4 && game.stage != Stage::Over {
                last_round += 1;
                let mut richer = game.clone();
                let p = &mut richer.players[0];
                p.workers += 40;
                p.silver += 30;
                p.goods[2] += 3;
                let gain = judge(&richer, 0) - judge(game, 0);
                assert!(
                    (gain - (20.0 + 30.0 + 3.0)).abs() < 1e-9,
                    "seed {seed}: {gain}"
                );
            }
        });
        for (seed, end) in ends {
            for seat in 0..2 {
                let vp = end.players[seat as usize].vp as f64;
                assert_eq!(evaluate(&end, seat), vp, "seed {seed}");
            }
        }
        assert!(last_round > 0);
    }

    /// The chance-of-winning scale follows the fit: 44 VP at the start, 9 in the
    /// last rounds, never rising as the game goes on; none for a seat alone.
    #[test]
    fn a_lead_counts_for_more_as_the_game_runs_out() {
        let mut game = Burgundy::new(&Config::players(2)).unwrap();
        let mut seen = Vec::new();
        for (phase, round) in [(0, 0), (0, 2), (1, 4), (2, 2), (3, 1), (4, 2), (4, 4)] {
            (game.phase, game.round) = (phase, round);
            seen.push(lead_scale(&game).unwrap());
        }
        assert_eq!((seen[0], seen[6]), (44.0, 9.0));
        assert_eq!(seen[1], 44.0, "rounds left 23, a band's middle");
        assert!(seen.windows(2).all(|w| w[0] >= w[1]), "{seen:?}");
        let solo = Config {
            players: 1,
            modules: crate::modules::ModuleSet::of(&[crate::modules::Module::Solo]),
            ..Config::default()
        };
        assert_eq!(lead_scale(&Burgundy::new(&solo).unwrap()), None);
    }

    /// The even judgement credits every seat its die actions still to come: both
    /// seats none at a round's roll (where it is the static judgement), a chosen die
    /// still credited until its use, and the seat on turn never looked through a
    /// die's use.
    #[test]
    fn the_even_judgement_credits_each_seats_die_actions_alike() {
        let (mut rolls, mut turns) = (0, 0);
        random_games(2, 0..6, |_, game| {
            if game.stage == Stage::RoundStart {
                rolls += 1;
                for seat in 0..2 {
                    assert_eq!(actions_to_come(game, seat), 0);
                    assert_eq!(evaluate_even(game, seat), judge(game, seat));
                }
            }
            let Some(turn) = game.turn().filter(|t| !t.phase_end) else {
                return;
            };
            if turn.pending.is_empty() && turn.dice.iter().all(Option::is_some) {
                turns += 1;
                a_die_is_credited_until_used(game, turn.seat);
            }
        });
        assert!(rolls > 100 && turns > 200, "{rolls} rolls, {turns} turns");
    }

    /// From a turn's first decision: both dice credited, the other seat's 2 or 0 by
    /// whether its turn of the round is still to come; choosing a die keeps the
    /// credit (no look-through), taking workers with it spends one.
    fn a_die_is_credited_until_used(game: &Burgundy, seat: Seat) {
        let other = 1 - seat;
        let rival = match game.played[other as usize] {
            true => 0,
            false => 2,
        };
        assert_eq!(
            (actions_to_come(game, seat), actions_to_come(game, other)),
            (2, rival)
        );
        let mut next = game.clone();
        let mut events = Vec::new();
        let mut legal = Vec::new();
        tabuleiro_core::Game::legal_actions(&next, seat, &mut legal);
        let die = legal
            .iter()
            .find(|a| matches!(a, Action::Die { .. }))
            .unwrap();
        tabuleiro_core::Game::apply(&mut next, seat, die, &mut events).unwrap();
        assert_eq!(actions_to_come(&next, seat), 2);
        let here = judge(&next, seat) + 2.0 * ACTION_VP;
        assert_eq!(evaluate_even(&next, seat), here);
        assert_eq!(
            evaluate_even(&next, other),
            judge(&next, other) + rival as f64 * ACTION_VP
        );
        tabuleiro_core::Game::apply(&mut next, seat, &Action::Workers, &mut events).unwrap();
        assert_eq!(actions_to_come(&next, seat), 1);
    }

    /// Early on a few workers are worth more than their half VP each, and each further
    /// one less, down to that half VP.
    #[test]
    fn workers_have_diminishing_value() {
        let marginal = |w: u32| workers_value(w + 1, 1.0) - workers_value(w, 1.0);
        assert!(marginal(0) > 1.0);
        assert!((1..30).all(|w| marginal(w) < marginal(w - 1)));
        assert!((marginal(30) - 0.5).abs() < 1e-3);
        assert_eq!(workers_value(7, 0.0), 3.5);
    }

    /// `data/judgement.json` with every weight `w` at the bands 3 and 23 rounds left.
    fn weights_json(first: f64, last: f64) -> String {
        let names: Vec<&str> = TERMS
            .iter()
            .copied()
            .chain(["die actions to come"])
            .collect();
        format!(
            r#"{{"parts": {}, "bands": [{{"rounds_left": 3, "weights": {:?}}}, {{"rounds_left": 23, "weights": {:?}}}]}}"#,
            serde_json::to_string(&names).unwrap(),
            [first; PARTS + 1],
            [last; PARTS + 1]
        )
    }

    /// The shipped weights parse; a file naming other parts, or with its bands out of
    /// order, is refused; between bands the weights are linear, outside them the
    /// nearest band's.
    #[test]
    fn the_fitted_weights_are_read_and_interpolated() {
        let shipped = FittedWeights::parse(JUDGEMENT_JSON).unwrap();
        assert_eq!(shipped.parts.len(), PARTS + 1);
        let fit = FittedWeights::parse(&weights_json(1.0, 2.0)).unwrap();
        assert_eq!(fit.at(0.0), [1.0; PARTS + 1]);
        assert_eq!(fit.at(13.0), [1.5; PARTS + 1]);
        assert_eq!(fit.at(25.0), [2.0; PARTS + 1]);
        let renamed = weights_json(1.0, 1.0).replace("silver", "gold");
        assert!(FittedWeights::parse(&renamed)
            .unwrap_err()
            .contains("parts"));
        let unordered = weights_json(1.0, 1.0).replace("23", "2");
        assert!(FittedWeights::parse(&unordered)
            .unwrap_err()
            .contains("ordered"));
    }

    /// With every weight 1 the fitted judgement is the even one, and with every weight
    /// 2 twice it, at every decision of random 2-player games; it judges a finished
    /// game by its VP, and a 3-player game as the even judgement does.
    #[test]
    fn the_fitted_judgement_with_weights_of_one_is_the_even_one() {
        let (flat, double) = (weights_json(1.0, 1.0), weights_json(2.0, 2.0));
        let flat = FittedWeights::parse(&flat).unwrap();
        let double = FittedWeights::parse(&double).unwrap();
        let mut judged = 0;
        let ends = random_games(2, 0..3, |_, game| {
            for seat in 0..2 {
                assert_eq!(weighed_here(game, seat, &flat), even_here(game, seat));
                if game.stage != Stage::Over {
                    let (even, twice) = (even_here(game, seat), weighed_here(game, seat, &double));
                    assert!((twice - 2.0 * even).abs() < 1e-9, "{twice} {even}");
                }
                judged += 1;
            }
        });
        for (seed, end) in ends {
            for seat in 0..2 {
                let vp = end.players[seat as usize].vp as f64;
                assert_eq!(evaluate_fitted(&end, seat), vp, "seed {seed}");
            }
        }
        assert!(judged > 1000, "{judged}");
        // Three seats: the 2-player fit does not apply.
        random_games(3, 1..2, |_, game| {
            for seat in 0..3 {
                assert_eq!(weighed_here(game, seat, &double), even_here(game, seat));
            }
        });
    }
}
