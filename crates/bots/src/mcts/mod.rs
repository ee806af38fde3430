//! Information-set Monte Carlo tree search (single-observer ISMCTS, open loop).
//!
//! Each iteration draws a full state consistent with the bot's view
//! ([`Game::determinize`]), walks the tree of decision sequences with UCT, samples
//! every chance step on the way instead of branching on it, expands one node, plays a
//! random rollout (to the end, or `cap` decisions then [`Game::evaluate`]), and adds
//! each seat's reward along the path. Because the tree is keyed by actions only, the
//! statistics pool over all determinizations and chance outcomes.
//!
//! A secret decision ([`Game::is_secret`]: a simultaneous bid, a starting castle)
//! keeps its own statistics for the seat that takes it, but the tree goes on below
//! it through one *hidden* edge shared by all of that seat's secret choices: the
//! seats deciding next choose in the same node whatever was chosen, as they would
//! at the table, and never learn the secret from the tree.

use crate::Bot;
use serde::{Deserialize, Serialize};
use std::time::Instant;
use tabuleiro_core::{standing, Game, Judgement, Rng, Seat, ToAct, MAX_SEATS};
use tree::{Edge, Tree};

mod tree;

/// The search tree of a game: keyed by its actions and, with `outcomes`, its chance
/// outcomes.
type GameTree<G> = Tree<<G as Game>::Action, <G as Game>::Outcome>;

/// How long to search for each decision.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// A fixed number of iterations: the same seed gives the same decision.
    Iterations(u32),
    /// Wall-clock time per decision: stronger on faster machines, not reproducible.
    Millis(u64),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsConfig {
    pub budget: Budget,
    /// Rollout decisions before the rollout stops and the position is evaluated.
    pub cap: u32,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Evaluation difference that makes a truncated rollout worth about 0.73 of a win.
    pub scale: f64,
    /// Take the scale from the game where it has one ([`Game::lead_scale`]: in
    /// Burgundy fit on game results by rounds left), so a leaf's reward is its
    /// chance of winning; `scale` where it has none (issue 18, sixth round).
    #[serde(default)]
    pub game_scale: bool,
    /// Keep the tree between a seat's consecutive decisions: when the view the seat
    /// now has is the one its chosen action was expected to lead to (no chance step,
    /// no other seat in between), the search goes on from that action's node with
    /// the statistics gathered under it.
    #[serde(default)]
    pub reuse: bool,
    /// Progressive bias (issue 18): when a node is first met, each legal action is
    /// applied once and judged by the evaluation (as a rollout capped at 0 would judge
    /// it); the judgement counts as this many visits of the action's child, so the
    /// search tries the evaluation's best choices first and lets rollouts overrule it.
    /// 0: off, every action expanded once in random order.
    #[serde(default)]
    pub prior: u32,
    /// Progressive widening, with `prior`: a node visited `n` times considers only its
    /// `ceil(widen * sqrt(n + 1))` legal actions the evaluation judged best, so wide
    /// choices (a Burgundy tile's placements) are searched where it matters. 0: off.
    #[serde(default)]
    pub widen: f64,
    /// Where a rollout ends before `cap` does: at the game's next chance step (a
    /// Burgundy round's roll), so the evaluation judges every rollout at the same kind
    /// of moment (both seats' turns of the round taken) instead of in the middle of a
    /// turn. `false`: only `cap` (and the game's end) stops it.
    #[serde(default)]
    pub to_chance: bool,
    /// Where the tree's descent stops (issue 18, fourth round): at the game's next
    /// chance step (a Burgundy round's roll), so no decision after a roll shares
    /// statistics with the same decision after another roll; the rollout goes on
    /// from there. `false`: the open-loop tree pools every outcome under one node.
    #[serde(default)]
    pub tree_to_chance: bool,
    /// The rollout's policy: each decision draws this many legal actions and takes
    /// the one the evaluation judges best for the seat taking it (0 or 1: uniform).
    #[serde(default)]
    pub rollout_best_of: u32,
    /// The final choice: the root action with the best mean reward (its prior
    /// counted as with `prior`) instead of the most visited one.
    #[serde(default)]
    pub pick_mean: bool,
    /// Where a rollout ends once `cap` is reached (issue 18, fifth round): at the
    /// next turn boundary, the first decision of another seat (or a chance step),
    /// so no leaf is judged halfway through a seat's turn. `false`: at the cap.
    #[serde(default)]
    pub to_turn: bool,
    /// How the seats of a leaf (and of a prior's position) are judged: the game's
    /// [`Game::judge`]; [`Judgement::Lookahead`] is [`Game::evaluate`], as before.
    #[serde(default)]
    pub judgement: Judgement,
    /// With `prior`: a child's exploration counts the visits of its parent in which
    /// its action was legal (its *availability*, as in Cowling, Powley and
    /// Whitehouse's ISMCTS), not all of them. Below a pooled roll an action legal
    /// with few of the dice would otherwise be explored as if it had been passed
    /// over every time (issue 18, eighth round). `false`: the parent's visits.
    #[serde(default)]
    pub availability: bool,
    /// Chance in the tree (issue 18, eighth round): 0 pools every outcome of a chance
    /// step under one node (open loop). Above 0, the tree branches on the outcomes it
    /// draws, at most `ceil(outcomes * sqrt(n + 1))` of them at a node visited `n`
    /// times (progressive widening of chance nodes); past that, an iteration draws
    /// again one of the outcomes met, each as often as it was met, so a round's
    /// decisions below a roll are searched for that roll.
    #[serde(default)]
    pub outcomes: f64,
    /// The root's choice by sequential halving (issue 18, tenth round), with
    /// `prior`: the root's `halving` best actions (by their mean, the judgement
    /// counted as `prior` visits) share the budget in rounds, each round's share
    /// split evenly among them and the worse half dropped after it, until one is
    /// left; below the root the search is as before. The budget goes to telling the
    /// root's candidates apart instead of deepening the favourite's line. 0: off.
    #[serde(default)]
    pub halving: u32,
    /// Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, 2014), with
    /// `prior`: each node keeps, beside its mean reward, the judgement its best
    /// judged line leads to (the judgements of a node's actions, backed up by each
    /// node's seat to act taking its best), and the search weighs a child by
    /// `(1 - minimax) * mean + minimax * that value`. 0: off, the mean alone.
    #[serde(default)]
    pub minimax: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            cap: 100,
            exploration: 0.7,
            scale: 10.0,
            game_scale: false,
            reuse: false,
            prior: 0,
            widen: 0.0,
            to_chance: false,
            tree_to_chance: false,
            rollout_best_of: 0,
            pick_mean: false,
            to_turn: false,
            judgement: Judgement::Lookahead,
            availability: false,
            outcomes: 0.0,
            halving: 0,
            minimax: 0.0,
        }
    }
}

pub struct MctsBot<G: Game> {
    config: MctsConfig,
    iterations: u64,
    /// With `reuse`: the last search's tree, the node its chosen action leads to, and
    /// the seat's view expected there (its JSON).
    kept: Option<Kept<G::Action, G::Outcome>>,
    /// A game of one seat (a solo game, a seat against the rules' automaton): the
    /// seat's evaluation at the root of the search, what its playouts are measured
    /// against (there is no other seat to lead).
    alone: f64,
    /// What an iteration needs, kept between iterations so it allocates them once.
    scratch: Scratch<G>,
}

struct Scratch<G: Game> {
    path: Vec<usize>,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            path: Vec::new(),
            legal: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// The decision searched: the game (seen only through the deciding seat's
/// guesses), the deciding seat, and its legal actions.
struct Root<'a, G: Game> {
    game: &'a G,
    seat: Seat,
    legal: &'a [G::Action],
}

struct Kept<A, O> {
    tree: Tree<A, O>,
    node: usize,
    view: String,
}

impl<G: Game> MctsBot<G> {
    pub fn new(config: MctsConfig) -> Self {
        MctsBot {
            config,
            iterations: 0,
            kept: None,
            alone: 0.0,
            scratch: Scratch::default(),
        }
    }

    /// UCT among the children for `legal` actions, from `actor`'s point of view; `None`
    /// when some legal action has no child yet (then it is expanded first).
    fn select<A: PartialEq + Clone, O: PartialEq>(
        &self,
        tree: &Tree<A, O>,
        node: usize,
        actor: Seat,
        legal: &[A],
    ) -> Result<usize, Vec<usize>> {
        let parent = tree.nodes[node].visits.max(1) as f64;
        let mut best = (f64::NEG_INFINITY, 0);
        let mut unexpanded = Vec::new();
        for (i, action) in legal.iter().enumerate() {
            match tree.child(node, action) {
                None => unexpanded.push(i),
                Some(c) => {
                    let child = &tree.nodes[c];
                    let n = child.visits.max(1) as f64;
                    let mean = tree.reward(c, actor) / n;
                    let ucb = mean + self.config.exploration * (parent.ln() / n).sqrt();
                    if ucb > best.0 {
                        best = (ucb, i);
                    }
                }
            }
        }
        if unexpanded.is_empty() {
            Ok(best.1)
        } else {
            Err(unexpanded)
        }
    }

    /// Progressive bias and widening: judges the legal actions the node has not met,
    /// then picks by UCB with each child's judgement counted as `prior` visits, among
    /// the best-judged `widen` allows. Returns the action's index in `legal`, its
    /// child, and whether the child is new (the descent stops there).
    fn select_with_prior(
        &self,
        tree: &mut GameTree<G>,
        node: usize,
        actor: Seat,
        legal: &[G::Action],
        state: &G,
    ) -> (usize, usize, bool) {
        if !tree.matched_with(node, actor, legal) {
            let (enumerated, mut events) = (node != tree.root, Vec::new());
            tree.match_with(node, actor, legal, |a, seats| {
                self.judge_action(state, actor, a, enumerated, &mut events, seats)
            });
        }
        let parent = tree.nodes[node].visits as f64 + 1.0;
        let allowed = match self.config.widen {
            w if w > 0.0 => (w * parent.sqrt()).ceil().max(1.0) as usize,
            _ => usize::MAX,
        };
        let k = self.config.prior as f64;
        let minimax = self.config.minimax;
        if self.config.availability {
            tree.count_available(node);
        }
        let mut best = (f64::NEG_INFINITY, 0, 0);
        // The children are kept best judged first.
        for (i, c) in tree.legal_children(node).take(allowed) {
            let n = tree.nodes[c].visits as f64 + k;
            let mut mean = (tree.reward(c, actor) + k * tree.nodes[c].prior) / n;
            if minimax > 0.0 {
                mean += minimax * (tree.implicit(c, actor).unwrap_or(mean) - mean);
            }
            let seen = match self.config.availability {
                true => tree.nodes[c].available as f64,
                false => parent,
            };
            let ucb = mean + self.config.exploration * (seen.ln() / n).sqrt();
            if ucb > best.0 {
                best = (ucb, i, c);
            }
        }
        (best.1, best.2, tree.nodes[best.2].visits == 0)
    }

    /// The evaluation's judgement of `action` taken in `state`, for `actor` (a
    /// reward, 0..1), and every seat's in `seats` (the child's implicit minimax value
    /// to start with). Below the root the actions are this state's own
    /// (`enumerated`); the root's come from the real position and are checked
    /// against the determinization (refused: 0, and no seat's value).
    /// `events` is a buffer, reused across a node's actions.
    fn judge_action(
        &self,
        state: &G,
        actor: Seat,
        action: &G::Action,
        enumerated: bool,
        events: &mut Vec<G::Event>,
        seats: &mut [f64],
    ) -> f64 {
        let mut next = state.clone();
        events.clear();
        match enumerated {
            true => next.apply_unchecked(actor, action, events),
            false if next.apply(actor, action, events).is_err() => return 0.0,
            false => {}
        }
        let reward = self.leaf_reward(&next);
        seats.copy_from_slice(&reward);
        reward[actor as usize]
    }

    /// One iteration: determinize, descend, expand, roll out, backpropagate. `forced`:
    /// the index in `root_legal` of the root action it goes through (sequential
    /// halving); `None`: the root's selection picks it.
    fn iterate(
        &mut self,
        tree: &mut GameTree<G>,
        decision: &Root<G>,
        forced: Option<usize>,
        rng: &mut Rng,
    ) {
        let Root {
            game,
            seat,
            legal: root_legal,
        } = *decision;
        let mut state = game.determinize(Some(seat), rng);
        let root = tree.root;
        let Scratch {
            mut path,
            mut legal,
            mut events,
        } = std::mem::take(&mut self.scratch);
        path.clear();
        path.push(root);
        let mut node = root;
        let mut last = None;
        loop {
            events.clear();
            let actor = match state.to_act() {
                ToAct::Over => break,
                ToAct::Chance if self.config.tree_to_chance => break,
                ToAct::Chance if self.config.outcomes > 0.0 => {
                    let child = self.chance_branch(tree, node, &mut state, &mut events, rng);
                    path.push(child);
                    node = child;
                    continue;
                }
                // The determinization's own draw: applied as the driver applies one.
                ToAct::Chance => {
                    let outcome = state.sample_chance(rng);
                    state.apply_chance_unchecked(&outcome, &mut events);
                    continue;
                }
                // At the root the bot decides for its own seat, even when others
                // choose at the same time; below, the first listed seat acts, as in play.
                ToAct::Seats(_) if node == root => seat,
                ToAct::Seats(seats) => seats.lowest().expect("a seat acts"),
            };
            if node == root {
                legal.clear();
                legal.extend_from_slice(root_legal);
            } else {
                state.legal_actions(actor, &mut legal);
            }
            let (index, child, expand) = match self.config.prior {
                _ if node == root && forced.is_some() => {
                    let i = forced.unwrap_or_default();
                    let c = tree.child_or_add(node, Edge::Action(legal[i].clone()));
                    (i, Some(c), tree.nodes[c].visits == 0)
                }
                0 => match self.select(tree, node, actor, &legal) {
                    Ok(i) => (i, None, false),
                    Err(unexpanded) => (unexpanded[rng.below(unexpanded.len())], None, true),
                },
                _ => {
                    let (i, c, new) = self.select_with_prior(tree, node, actor, &legal, &state);
                    (i, Some(c), new)
                }
            };
            let secret = state.is_secret(actor, &legal[index]);
            // Below the root the actions are the state's own enumeration; the root's
            // come from the real position and are checked against the determinization.
            if node == root {
                if state.apply(actor, &legal[index], &mut events).is_err() {
                    break;
                }
            } else {
                state.apply_unchecked(actor, &legal[index], &mut events);
            }
            last = Some(actor);
            let chosen = child
                .unwrap_or_else(|| tree.child_or_add(node, Edge::Action(legal[index].clone())));
            path.push(chosen);
            node = match secret {
                true => {
                    let hidden = tree.child_or_add(node, Edge::Hidden);
                    path.push(hidden);
                    hidden
                }
                false => chosen,
            };
            if expand {
                break;
            }
        }
        // The lists go back before the playout, which uses them in turn.
        self.scratch.legal = legal;
        self.scratch.events = events;
        let reward = self.rollout(&mut state, last, rng);
        tree.backpropagate(&path, &reward);
        if self.config.minimax > 0.0 {
            tree.back_up_implicit(&path);
        }
        self.iterations += 1;
        self.scratch.path = path;
    }

    /// With `outcomes`: draws the chance step's outcome at `node`, applies it to
    /// `state`, and returns the node it leads to. A node may branch on more outcomes
    /// as it is visited more; when it may not, one it met is drawn again (by its
    /// visits), unless this determinization refuses it; then one is drawn anew.
    fn chance_branch(
        &self,
        tree: &mut GameTree<G>,
        node: usize,
        state: &mut G,
        events: &mut Vec<G::Event>,
        rng: &mut Rng,
    ) -> usize {
        let (met, total) = tree.outcomes_met(node);
        let visits = tree.nodes[node].visits as f64 + 1.0;
        let allowed = (self.config.outcomes * visits.sqrt()).ceil() as usize;
        if met >= allowed.max(1) {
            if let Some((outcome, child)) = tree.outcome_by_visits(node, rng.below(total)) {
                if state.apply_chance(outcome, events).is_ok() {
                    return child;
                }
                events.clear();
            }
        }
        let outcome = state.sample_chance(rng);
        state.apply_chance_unchecked(&outcome, events);
        tree.child_or_add(node, Edge::Outcome(Box::new(outcome)))
    }

    /// Random play to the end or for `cap` decisions, then the reward per seat;
    /// `last` is the seat that took the decision before (in the tree).
    fn rollout(&mut self, state: &mut G, mut last: Option<Seat>, rng: &mut Rng) -> Reward {
        // The iteration's lists, reused (each is cleared before it is filled): a
        // playout of a hundred decisions allocates none of its own.
        let mut legal = std::mem::take(&mut self.scratch.legal);
        let mut events = std::mem::take(&mut self.scratch.events);
        let mut decisions = 0;
        let ended = loop {
            events.clear();
            match state.to_act() {
                ToAct::Over => break true,
                ToAct::Chance if self.config.to_chance => break false,
                ToAct::Chance if self.config.to_turn && decisions >= self.config.cap => {
                    break false
                }
                ToAct::Chance => {
                    let outcome = state.sample_chance(rng);
                    state.apply_chance_unchecked(&outcome, &mut events);
                }
                ToAct::Seats(seats)
                    if decisions >= self.config.cap && self.turn_over(&last, seats.lowest()) =>
                {
                    break false
                }
                ToAct::Seats(seats) => {
                    let actor = seats.lowest().expect("a seat acts");
                    last = Some(actor);
                    state.legal_actions(actor, &mut legal);
                    if legal.is_empty() {
                        break false;
                    }
                    let action = &legal[self.rollout_choice(state, actor, &legal, rng)];
                    state.apply_unchecked(actor, action, &mut events);
                    decisions += 1;
                }
            }
        };
        self.scratch.legal = legal;
        self.scratch.events = events;
        match ended {
            true => self.final_reward(state),
            false => self.leaf_reward(state),
        }
    }

    /// May a rollout past its cap stop before `next` acts? Always, unless it ends
    /// at turn boundaries (`to_turn`) and `next` goes on the turn of the seat that
    /// acted `last`.
    fn turn_over(&self, last: &Option<Seat>, next: Option<Seat>) -> bool {
        !self.config.to_turn || *last != next
    }

    /// The reward of a position the search stops in, by the configured judgement.
    fn leaf_reward(&self, state: &G) -> Reward {
        let scale = match self.config.game_scale {
            true => state.lead_scale().unwrap_or(self.config.scale),
            false => self.config.scale,
        };
        evaluate_reward(state, scale, self.alone, self.config.judgement)
    }

    /// The rollout's choice among `legal` (not empty): uniform, or the best judged of
    /// `rollout_best_of` drawn at random.
    fn rollout_choice(&self, state: &G, actor: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        let first = rng.below(legal.len());
        if self.config.rollout_best_of < 2 || legal.len() < 2 {
            return first;
        }
        let mut events = Vec::new();
        let mut judge = |i: usize| {
            let mut next = state.clone();
            events.clear();
            next.apply_unchecked(actor, &legal[i], &mut events);
            next.evaluate(actor)
        };
        let mut best = (judge(first), first);
        for _ in 1..self.config.rollout_best_of {
            let i = rng.below(legal.len());
            let value = judge(i);
            if value > best.0 {
                best = (value, i);
            }
        }
        best.1
    }

    /// A finished game's reward: the win's; a seat alone that did not win is told
    /// apart by its evaluation, as at a cut-off (filling 30 spaces of a solo duchy is
    /// better than filling 20, though both lose).
    fn final_reward(&self, state: &G) -> Reward {
        let reward = win_reward(state);
        match &reward[..] {
            [lost] if *lost == 0.0 => self.leaf_reward(state),
            _ => reward,
        }
    }

    /// Has the search used `part` of its budget, `done` iterations since `start`?
    fn out_of_budget(&self, start: Instant, done: u32, part: f64) -> bool {
        match self.config.budget {
            Budget::Iterations(n) => done as f64 >= n as f64 * part,
            // At least one iteration, so a tiny budget still searches.
            Budget::Millis(ms) => {
                done > 0 && start.elapsed().as_secs_f64() * 1000.0 >= ms as f64 * part
            }
        }
    }

    /// The budget spent by the root's selection; the most visited root action (or
    /// the best on average, with `pick_mean`).
    fn search(&mut self, tree: &mut GameTree<G>, root: &Root<G>, rng: &mut Rng) -> usize {
        let (start, legal, seat) = (Instant::now(), root.legal, root.seat);
        let mut done = 0;
        while legal.len() > 1 && !self.out_of_budget(start, done, 1.0) {
            self.iterate(tree, root, None, rng);
            done += 1;
        }
        match self.config.pick_mean {
            true => best_mean(tree, legal, seat, self.config.prior),
            false => most_visited(tree, legal),
        }
    }

    /// Sequential halving at the root (`halving`, Karnin, Koren and Somekh's
    /// allocation, as Gumbel MuZero uses at its root): the best `halving` root
    /// actions share each of `ceil(log2 halving)` equal parts of the budget in turn,
    /// and the worse half of them is dropped after each part. Returns the survivor.
    fn halve(&mut self, tree: &mut GameTree<G>, root: &Root<G>, rng: &mut Rng) -> usize {
        if root.legal.len() < 2 {
            return 0;
        }
        let start = Instant::now();
        // A first iteration judges the root's actions (the prior).
        self.iterate(tree, root, None, rng);
        let mut done = 1;
        let mut alive = ranked(tree, root.seat, self.config.prior);
        alive.truncate(self.config.halving as usize);
        let rounds = alive.len().next_power_of_two().trailing_zeros().max(1);
        for round in 1..=rounds {
            let part = round as f64 / rounds as f64;
            let mut turn = 0;
            while alive.len() > 1 && !self.out_of_budget(start, done, part) {
                let (i, _) = alive[turn % alive.len()];
                self.iterate(tree, root, Some(i), rng);
                (turn, done) = (turn + 1, done + 1);
            }
            let order = ranked(tree, root.seat, self.config.prior);
            alive = order.into_iter().filter(|a| alive.contains(a)).collect();
            alive.truncate(alive.len().div_ceil(2));
        }
        alive.first().map_or(0, |&(i, _)| i)
    }
}

/// A finished game: 1 for a sole winner (tie-breaks included), shared among the seats
/// of a shared first place (a team, a tie), 0 for the rest and for all when an
/// automaton wins alone.
fn win_reward<G: Game>(state: &G) -> Reward {
    let mut reward = Reward::zero(state.players());
    let standings = state.standings();
    let winners: Vec<Seat> = (0..state.players() as Seat)
        .filter(|&s| standing::is_winner(&standings, s))
        .collect();
    for &w in &winners {
        reward[w as usize] = 1.0 / winners.len() as f64;
    }
    reward
}

/// An unfinished game: how far each seat's evaluation leads the best other seat's (a
/// seat alone: its own at the search's root, `alone`), squashed into 0..1 so it is on
/// the same scale as a win.
fn evaluate_reward<G: Game>(state: &G, scale: f64, alone: f64, how: Judgement) -> Reward {
    let mut values = Reward::zero(state.players());
    for (s, v) in values.iter_mut().enumerate() {
        *v = state.judge(s as Seat, how);
    }
    let mut reward = Reward::zero(state.players());
    for (s, r) in reward.iter_mut().enumerate() {
        let best_other = values
            .iter()
            .enumerate()
            .filter(|&(o, _)| o != s)
            .map(|(_, &v)| v)
            .reduce(f64::max)
            .unwrap_or(alone);
        *r = 1.0 / (1.0 + (-(values[s] - best_other) / scale).exp());
    }
    reward
}

/// One value per seat (a reward, a judgement), kept on the stack: an iteration
/// judges every leaf and prior, and a vector each time was an allocation each time.
#[derive(Clone, Copy, Debug)]
struct Reward {
    seats: [f64; MAX_SEATS],
    players: usize,
}

impl Reward {
    fn zero(players: usize) -> Self {
        Reward {
            seats: [0.0; MAX_SEATS],
            players,
        }
    }
}

impl std::ops::Deref for Reward {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.seats[..self.players]
    }
}

impl std::ops::DerefMut for Reward {
    fn deref_mut(&mut self) -> &mut [f64] {
        &mut self.seats[..self.players]
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn name(&self) -> String {
        let c = &self.config;
        let budget = match c.budget {
            Budget::Iterations(n) => format!("iters={n}"),
            Budget::Millis(ms) => format!("ms={ms}"),
        };
        let defaults = MctsConfig::default();
        let mut name = format!("mcts:{budget}");
        if c.cap != defaults.cap {
            name += &format!(",cap={}", c.cap);
        }
        if c.exploration != defaults.exploration {
            name += &format!(",c={}", c.exploration);
        }
        if c.game_scale {
            name += ",scale=game";
        } else if c.scale != defaults.scale {
            name += &format!(",scale={}", c.scale);
        }
        if c.reuse {
            name += ",reuse=1";
        }
        if c.prior != defaults.prior {
            name += &format!(",prior={}", c.prior);
        }
        if c.widen != defaults.widen {
            name += &format!(",widen={}", c.widen);
        }
        if c.to_chance {
            name += ",end=chance";
        }
        if c.tree_to_chance {
            name += ",tree=chance";
        }
        if c.rollout_best_of > 1 {
            name += &format!(",roll={}", c.rollout_best_of);
        }
        if c.pick_mean {
            name += ",pick=mean";
        }
        if c.to_turn {
            name += ",end=turn";
        }
        match c.judgement {
            Judgement::Lookahead => {}
            Judgement::Static => name += ",value=static",
            Judgement::Even => name += ",value=even",
            Judgement::Fitted => name += ",value=fit",
        }
        if c.availability {
            name += ",explore=avail";
        }
        if c.outcomes > 0.0 {
            name += &format!(",outcomes={}", c.outcomes);
        }
        if c.halving > 0 {
            name += &format!(",halve={}", c.halving);
        }
        if c.minimax > 0.0 {
            name += &format!(",minimax={}", c.minimax);
        }
        name
    }

    fn decide(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        crate::decide_weighed(game, seat, legal, |legal| {
            self.decide_among(game, seat, legal, rng)
        })
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}

impl<G: Game> MctsBot<G> {
    /// The search's choice among `legal` (the choices the game does not dismiss).
    fn decide_among(&mut self, game: &G, seat: Seat, legal: &[G::Action], rng: &mut Rng) -> usize {
        if legal.len() == 1 && !self.config.reuse {
            return 0;
        }
        // A fresh tree measures a lone seat against its evaluation here; a kept one
        // goes on with the measure its statistics were gathered by.
        let mut tree = self.kept_tree(game, seat).unwrap_or_else(|| {
            let root = game.determinize(Some(seat), &mut rng.clone());
            self.alone = root.judge(seat, self.config.judgement);
            let mut tree = Tree::new(root.players());
            if self.config.minimax > 0.0 {
                tree.keep_implicit();
            }
            tree
        });
        let root = Root { game, seat, legal };
        let choice = match self.config.halving > 0 && self.config.prior > 0 {
            true => self.halve(&mut tree, &root, rng),
            false => self.search(&mut tree, &root, rng),
        };
        if self.config.reuse {
            self.keep(tree, game, seat, &legal[choice], &mut rng.clone());
        }
        choice
    }
    /// The kept tree, rooted at the node of this decision, when the seat's view is
    /// the one expected there.
    fn kept_tree(&mut self, game: &G, seat: Seat) -> Option<GameTree<G>> {
        let kept = self.kept.take()?;
        let now = serde_json::to_string(&game.view(Some(seat))).ok()?;
        (now == kept.view).then(|| {
            let mut tree = kept.tree;
            tree.root = kept.node;
            tree
        })
    }

    /// Keeps the tree for the seat's next decision when it comes right after this one:
    /// the action applied to the view's position leaves the same seat to decide, with
    /// no chance step between (the view is exact there only if nothing was hidden, so
    /// the next view is compared whole before the tree is used).
    fn keep(&mut self, tree: GameTree<G>, game: &G, seat: Seat, action: &G::Action, rng: &mut Rng) {
        let mut state = game.determinize(Some(seat), rng);
        if state.is_secret(seat, action) || state.apply(seat, action, &mut Vec::new()).is_err() {
            return;
        }
        let ToAct::Seats(seats) = state.to_act() else {
            return;
        };
        if seats.lowest() != Some(seat) {
            return;
        }
        let (Some(node), Ok(next)) = (
            tree.child(tree.root, action),
            serde_json::to_string(&state.view(Some(seat))),
        ) else {
            return;
        };
        self.kept = Some(Kept {
            tree,
            node,
            view: next,
        });
    }
}

/// The root action searched most (ties: the first in `legal`), the robust choice.
fn most_visited<A: PartialEq + Clone, O: PartialEq>(tree: &Tree<A, O>, legal: &[A]) -> usize {
    let visits = |a: &A| tree.child(tree.root, a).map_or(0, |c| tree.nodes[c].visits);
    let mut best = 0;
    for (i, action) in legal.iter().enumerate() {
        if visits(action) > visits(&legal[best]) {
            best = i;
        }
    }
    best
}

/// A node's mean reward for `seat`, its prior counted as `prior` visits; `None`
/// when it has neither.
fn mean_reward<A: PartialEq + Clone, O: PartialEq>(
    tree: &Tree<A, O>,
    node: usize,
    seat: Seat,
    prior: u32,
) -> Option<f64> {
    let k = prior as f64;
    let n = tree.nodes[node].visits as f64 + k;
    (n > 0.0).then(|| (tree.reward(node, seat) + k * tree.nodes[node].prior) / n)
}

/// The root action with the best mean reward for `seat`, its prior counted as `prior`
/// visits (ties and unsearched actions: the first in `legal`).
fn best_mean<A: PartialEq + Clone, O: PartialEq>(
    tree: &Tree<A, O>,
    legal: &[A],
    seat: Seat,
    prior: u32,
) -> usize {
    let mean = |a: &A| mean_reward(tree, tree.child(tree.root, a)?, seat, prior);
    let mut best = (f64::NEG_INFINITY, 0);
    for (i, action) in legal.iter().enumerate() {
        match mean(action) {
            Some(m) if m > best.0 => best = (m, i),
            _ => {}
        }
    }
    best.1
}

/// The root's children for the legal list it was last matched with, as (index in
/// the list, node), best mean reward for `seat` first (ties: best judged first).
fn ranked<A: PartialEq + Clone, O: PartialEq>(
    tree: &Tree<A, O>,
    seat: Seat,
    prior: u32,
) -> Vec<(usize, usize)> {
    let mut children: Vec<_> = tree.legal_children(tree.root).collect();
    let mean = |c: usize| mean_reward(tree, c, seat, prior).unwrap_or(0.0);
    children.sort_by(|a, b| mean(b.1).total_cmp(&mean(a.1)));
    children
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_testkit::goofspiel::{Bid, GoofConfig, Goofspiel};
    use tabuleiro_testkit::nim::Nim;

    fn search<G: Game>(game: &G, seat: Seat, iterations: u32) -> (GameTree<G>, Vec<G::Action>) {
        let mut bot = MctsBot::<G>::new(MctsConfig {
            budget: Budget::Iterations(iterations),
            ..MctsConfig::default()
        });
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let mut tree = Tree::new(game.players());
        let mut rng = Rng::seed(5);
        for _ in 0..iterations {
            let root = Root {
                game,
                seat,
                legal: &legal,
            };
            bot.iterate(&mut tree, &root, None, &mut rng);
        }
        (tree, legal)
    }

    /// Seat 1 chooses its bid in one node whatever seat 0 bid in secret: the same
    /// statistics, so the same choice.
    #[test]
    fn a_secret_bid_is_not_seen_by_the_seat_deciding_after_it() {
        let mut game = Goofspiel::new(&GoofConfig::players(2)).unwrap();
        game.apply_chance(&5, &mut Vec::new()).unwrap();
        let (tree, legal) = search(&game, 0, 2000);
        assert!(legal.iter().all(|b| game.is_secret(0, b)));
        let below: Vec<Option<usize>> = legal.iter().map(|b| tree.next(0, b, true)).collect();
        assert!(below[0].is_some());
        assert!(below.iter().all(|n| *n == below[0]), "{below:?}");
        // The bidder keeps its own statistics per bid, and they lead nowhere.
        for b in &legal {
            let own = tree.child(0, b).expect("every bid searched");
            assert!(tree.nodes[own].visits > 0);
            assert!(tree.nodes[own].children.is_empty());
        }
        // Seat 1's choices below are those of its hand, whatever seat 0 bid.
        let hidden = &tree.nodes[below[0].unwrap()];
        let bids: Vec<&Edge<Bid, u8>> = hidden.children.iter().map(|(e, _)| e).collect();
        let hidden_edges = bids.iter().filter(|e| ***e == Edge::Hidden).count();
        assert_eq!(
            (bids.len(), hidden_edges),
            (6, 1),
            "seat 1's 5 bids, secret too: one hidden edge on"
        );
    }

    /// A 2-player Burgundy game played with first choices up to a turn's first
    /// decision, and the seat to take it.
    fn burgundy_turn(seed: u64) -> (tabuleiro_burgundy::Burgundy, Seat) {
        use tabuleiro_burgundy::{Burgundy, Config};
        let mut game = Burgundy::new(&Config::players(2)).unwrap();
        let mut rng = Rng::seed(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        // Chance and the starting choices until a turn's first decision.
        while game.turn().is_none() {
            match game.to_act() {
                ToAct::Chance => {
                    let outcome = game.sample_chance(&mut rng);
                    game.apply_chance(&outcome, &mut events).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    game.legal_actions(seat, &mut legal);
                    game.apply(seat, &legal[0], &mut events).unwrap();
                }
                ToAct::Over => unreachable!(),
            }
        }
        let seat = game.turn().unwrap().seat;
        (game, seat)
    }

    /// `scale=game` turns a leaf's lead into a reward with the game's own scale
    /// (Burgundy's chance of winning, by rounds left: 44 VP at the start), and
    /// without it with the fixed `scale`.
    #[test]
    fn the_game_scale_judges_a_lead_by_the_rounds_left() {
        let (mut game, _) = burgundy_turn(3);
        game.players[0].vp += 20;
        let lead = game.judge(0, Judgement::Static) - game.judge(1, Judgement::Static);
        assert!(lead > 10.0, "{lead}");
        let reward = |game_scale| {
            MctsBot::new(MctsConfig {
                game_scale,
                judgement: Judgement::Static,
                ..MctsConfig::default()
            })
            .leaf_reward(&game)
        };
        let chance = |scale: f64| 1.0 / (1.0 + (-lead / scale).exp());
        assert_eq!(game.lead_scale(), Some(44.0));
        let (by_game, fixed) = (reward(true), reward(false));
        assert!((by_game[0] - chance(44.0)).abs() < 1e-12, "{by_game:?}");
        assert!((by_game[1] - chance(-44.0)).abs() < 1e-12, "{by_game:?}");
        assert!((fixed[0] - chance(10.0)).abs() < 1e-12, "{fixed:?}");
    }

    /// A Burgundy position, played on with first choices and seeded chance, where the
    /// seat to decide has at least `wide` choices.
    fn wide_burgundy_choice(seed: u64, wide: usize) -> (tabuleiro_burgundy::Burgundy, Seat) {
        let (mut game, _) = burgundy_turn(seed);
        let mut rng = Rng::seed(seed);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        loop {
            match game.to_act() {
                ToAct::Chance => {
                    let outcome = game.sample_chance(&mut rng);
                    game.apply_chance(&outcome, &mut events).unwrap();
                }
                ToAct::Seats(seats) => {
                    let seat = seats.lowest().unwrap();
                    game.legal_actions(seat, &mut legal);
                    if legal.len() >= wide {
                        return (game, seat);
                    }
                    game.apply(seat, &legal[0], &mut events).unwrap();
                }
                ToAct::Over => panic!("no choice of {wide} in the game"),
            }
        }
    }

    /// With `reuse`, a Burgundy seat that chose a die decides its use from the kept
    /// node, with the visits it had; another view starts afresh.
    #[test]
    fn a_seats_next_decision_goes_on_from_the_kept_node() {
        use tabuleiro_burgundy::Burgundy;
        let (mut game, seat) = burgundy_turn(3);
        let mut rng = Rng::seed(3);
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        game.legal_actions(seat, &mut legal);
        let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
            budget: Budget::Iterations(300),
            reuse: true,
            ..MctsConfig::default()
        });
        let before = game.clone();
        let choice = bot.decide(&before, seat, &legal, &mut rng);
        let kept = bot
            .kept
            .as_ref()
            .expect("a die choice leaves the seat to decide");
        let (node, visits) = (kept.node, kept.tree.nodes[kept.node].visits);
        assert!(visits > 0);
        game.apply(seat, &legal[choice], &mut events).unwrap();
        let tree = bot.kept_tree(&game, seat).expect("the expected view");
        assert_eq!((tree.root, tree.nodes[tree.root].visits), (node, visits));
        // A view other than the expected one: no tree is kept.
        bot.decide(&before, seat, &legal, &mut rng);
        assert!(bot.kept_tree(&before, seat).is_none());
    }

    /// With `prior` and `widen`, a Burgundy seat's root choices are judged once, kept
    /// best judged first, and a search of n iterations tries only the best
    /// `ceil(widen * sqrt(n))` of them.
    #[test]
    fn progressive_widening_searches_the_best_judged_choices_first() {
        use tabuleiro_burgundy::Burgundy;
        let (game, seat) = wide_burgundy_choice(3, 8);
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
            budget: Budget::Iterations(15),
            cap: 0,
            prior: 5,
            widen: 1.0,
            ..MctsConfig::default()
        });
        let mut tree = Tree::new(game.players());
        let mut rng = Rng::seed(5);
        for _ in 0..15 {
            let root = Root {
                game: &game,
                seat,
                legal: &legal,
            };
            bot.iterate(&mut tree, &root, None, &mut rng);
        }
        let root = &tree.nodes[0];
        assert_eq!(root.children.len(), legal.len(), "every choice judged");
        let priors: Vec<f64> = root
            .children
            .iter()
            .map(|c| tree.nodes[c.1].prior)
            .collect();
        assert!(priors.windows(2).all(|w| w[0] >= w[1]), "{priors:?}");
        assert!(priors[0] > *priors.last().unwrap(), "{priors:?}");
        // 15 visits: at most ceil(sqrt(15)) = 4 choices searched, the best judged.
        let visited: Vec<bool> = root
            .children
            .iter()
            .map(|c| tree.nodes[c.1].visits > 0)
            .collect();
        assert!(visited[0]);
        assert!(visited[4..].iter().all(|v| !v), "{visited:?}");
    }

    /// With `end=chance` a rollout ends where the next chance step is due (a Burgundy
    /// round's roll or a phase's draws), whatever its cap; without it, it plays on.
    #[test]
    fn a_rollout_to_chance_ends_at_the_rounds_roll() {
        use tabuleiro_burgundy::Burgundy;
        for seed in 1..6 {
            let (game, _) = burgundy_turn(seed);
            let round = |g: &Burgundy| g.phase as u32 * 5 + g.round as u32;
            let now = round(&game);
            let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
                cap: 1000,
                to_chance: true,
                ..MctsConfig::default()
            });
            let mut state = game.clone();
            let reward = bot.rollout(&mut state, None, &mut Rng::seed(seed));
            assert_eq!(state.to_act(), ToAct::Chance, "seed {seed}");
            // The round is counted done when its last turn ends, before the next roll.
            assert_eq!(round(&state), now + 1, "seed {seed}: the next round's roll");
            assert!(reward.iter().all(|r| (0.0..=1.0).contains(r)), "{reward:?}");
            bot.config.to_chance = false;
            let mut state = game.clone();
            bot.rollout(&mut state, None, &mut Rng::seed(seed));
            assert!(
                round(&state) > now + 1,
                "seed {seed}: 1000 decisions go past the round"
            );
        }
    }

    /// With `end=turn` a rollout past its cap stops only where a turn begins (or at
    /// a chance step), never halfway through a seat's turn; from a turn's first
    /// decision with the seat's last decision behind it and cap 0 it plays that
    /// seat's whole turn.
    #[test]
    fn a_rollout_to_the_turn_ends_between_turns() {
        use tabuleiro_burgundy::Burgundy;
        let between_turns = |g: &Burgundy| match g.turn() {
            Some(t) => t.pending.is_empty() && t.dice.iter().all(Option::is_some),
            None => g.to_act() == ToAct::Chance,
        };
        for seed in 1..8 {
            let (game, seat) = burgundy_turn(seed);
            for cap in [1, 3, 7, 20] {
                let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
                    cap,
                    to_turn: true,
                    ..MctsConfig::default()
                });
                let mut state = game.clone();
                bot.rollout(&mut state, None, &mut Rng::seed(seed));
                assert!(between_turns(&state), "seed {seed} cap {cap}");
            }
            let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
                cap: 0,
                to_turn: true,
                ..MctsConfig::default()
            });
            let mut state = game.clone();
            bot.rollout(&mut state, Some(seat), &mut Rng::seed(seed));
            assert!(between_turns(&state), "seed {seed}");
            assert!(
                state.played[seat as usize],
                "seed {seed}: the turn played out"
            );
            // Without a seat behind it, cap 0 stops at once.
            let mut state = game.clone();
            bot.rollout(&mut state, None, &mut Rng::seed(seed));
            assert_eq!(state, game);
        }
    }

    /// The deepest node under `node`, counted in edges.
    fn depth<A, O>(tree: &Tree<A, O>, node: usize) -> usize {
        let children = &tree.nodes[node].children;
        children
            .iter()
            .map(|&(_, c)| 1 + depth(tree, c))
            .max()
            .unwrap_or(0)
    }

    /// Seat 0's first bid of a 2-player Goofspiel whose first prize is 5, searched
    /// 2000 iterations with `config`.
    fn goofspiel_search(config: MctsConfig) -> GameTree<Goofspiel> {
        let mut game = Goofspiel::new(&GoofConfig::players(2)).unwrap();
        game.apply_chance(&5, &mut Vec::new()).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(0, &mut legal);
        let mut bot = MctsBot::<Goofspiel>::new(config);
        let mut tree = Tree::new(game.players());
        let mut rng = Rng::seed(5);
        for _ in 0..2000 {
            let root = Root {
                game: &game,
                seat: 0,
                legal: &legal,
            };
            bot.iterate(&mut tree, &root, None, &mut rng);
        }
        tree
    }

    /// With `outcomes`, the tree branches on the prizes turned: a node visited `n`
    /// times holds at most `ceil(sqrt(n + 1))` of them, and every turned prize leads to
    /// its own node; without it no node branches on an outcome.
    #[test]
    fn chance_nodes_branch_on_their_outcomes_and_widen_with_visits() {
        for outcomes in [1.0, 0.0] {
            let tree = goofspiel_search(MctsConfig {
                outcomes,
                ..MctsConfig::default()
            });
            let mut widest = 0;
            for (node, n) in tree.nodes.iter().enumerate() {
                let (met, _) = tree.outcomes_met(node);
                let allowed = (n.visits as f64 + 1.0).sqrt().ceil() as usize;
                assert!(
                    met <= allowed,
                    "node {node}: {met} outcomes, {n:?} visits",
                    n = n.visits
                );
                widest = widest.max(met);
                let prizes: Vec<u8> = (n.children.iter())
                    .filter_map(|(e, _)| match e {
                        Edge::Outcome(o) => Some(**o),
                        _ => None,
                    })
                    .collect();
                assert!(!prizes.contains(&5), "prize 5 was turned before the search");
                let mut distinct = prizes.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), prizes.len(), "one node per prize");
            }
            match outcomes {
                0.0 => assert_eq!(widest, 0),
                _ => assert!(widest >= 3, "the busiest chance node met {widest} prizes"),
            }
        }
    }

    /// With `tree=chance` the descent stops at the next chance step: in Goofspiel the
    /// tree holds seat 0's bid and seat 1's below the hidden edge, and nothing after
    /// the next prize is turned; without it the tree goes on into the next rounds.
    #[test]
    fn the_tree_stops_at_the_next_chance_step() {
        for (stop, deepest) in [(true, 2..=2), (false, 3..=usize::MAX)] {
            let tree = goofspiel_search(MctsConfig {
                tree_to_chance: stop,
                ..MctsConfig::default()
            });
            let d = depth(&tree, 0);
            assert!(deepest.contains(&d), "tree=chance {stop}: depth {d}");
        }
    }

    /// `roll=64` in a Burgundy position with few choices takes the evaluation's best
    /// (64 draws miss none of them here); `roll=1` draws uniformly, as before.
    #[test]
    fn a_rollout_best_of_n_takes_the_best_judged_of_its_draws() {
        use tabuleiro_burgundy::Burgundy;
        let (game, seat) = burgundy_turn(2);
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        assert!((2..=12).contains(&legal.len()), "{}", legal.len());
        let judged: Vec<f64> = legal
            .iter()
            .map(|a| {
                let mut next = game.clone();
                next.apply_unchecked(seat, a, &mut Vec::new());
                next.evaluate(seat)
            })
            .collect();
        let best = judged.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(judged.iter().any(|&j| j < best), "{judged:?}");
        let mut bot = MctsBot::<Burgundy>::new(MctsConfig {
            rollout_best_of: 64,
            ..MctsConfig::default()
        });
        for seed in 0..5 {
            let i = bot.rollout_choice(&game, seat, &legal, &mut Rng::seed(seed));
            assert_eq!(judged[i], best, "seed {seed}");
        }
        bot.config.rollout_best_of = 1;
        let uniform = bot.rollout_choice(&game, seat, &legal, &mut Rng::seed(9));
        assert_eq!(uniform, Rng::seed(9).below(legal.len()));
    }

    /// `pick=mean` takes the root action with the best mean (prior counted), where
    /// the robust choice takes the most visited.
    #[test]
    fn the_final_choice_by_mean_or_by_visits() {
        let mut tree: Tree<u8> = Tree::new(2);
        for (action, visits, reward, prior) in [(0u8, 30, 12.0, 0.5), (1, 10, 7.0, 0.5)] {
            let c = tree.child_or_add(0, Edge::Action(action));
            (tree.nodes[c].visits, tree.nodes[c].prior) = (visits, prior);
            tree.set_reward(c, 1, reward);
        }
        let legal = [0u8, 1, 2];
        assert_eq!(most_visited(&tree, &legal), 0);
        // Means with 10 prior visits: 17/40 against 12/20.
        assert_eq!(best_mean(&tree, &legal, 1, 10), 1);
        assert_eq!(best_mean(&tree, &legal, 1, 0), 1);
        // Seat 0 gained nothing in either: the first.
        assert_eq!(best_mean(&tree, &legal, 0, 0), 0);
    }

    /// Sequential halving on Nim's 7 stones (take 1, 2 or 3; taking 3 wins): three
    /// candidates, so two parts of the budget: the first split among all three, the
    /// second between the better two; the survivor is the winning move.
    #[test]
    fn sequential_halving_splits_the_budget_and_keeps_the_best() {
        let game = Nim {
            pile: 7,
            to_move: 0,
            winner: None,
        };
        let mut bot = MctsBot::<Nim>::new(MctsConfig {
            budget: Budget::Iterations(1201),
            prior: 1,
            halving: 4,
            ..MctsConfig::default()
        });
        let mut legal = Vec::new();
        game.legal_actions(0, &mut legal);
        let mut rng = Rng::seed(5);
        let mut tree = Tree::new(2);
        let root = Root {
            game: &game,
            seat: 0,
            legal: &legal,
        };
        let choice = bot.halve(&mut tree, &root, &mut rng);
        assert_eq!(legal[choice].0, 3);
        let visits: Vec<u32> = legal
            .iter()
            .map(|a| tree.nodes[tree.child(0, a).unwrap()].visits)
            .collect();
        assert_eq!(visits.iter().sum::<u32>(), 1201);
        // The first part: 1 judging iteration and 600 more, 200 each; the second: 600
        // between the two kept, 300 each. The dropped one has about 200.
        let mut sorted = visits.clone();
        sorted.sort();
        assert!((199..=202).contains(&sorted[0]), "{visits:?}");
        assert!((499..=502).contains(&sorted[1]), "{visits:?}");
        assert_eq!(visits[choice], sorted[2]);
        assert_eq!(bot.iterations, 1201);
    }

    /// Open decisions still branch per action.
    #[test]
    fn open_decisions_branch_per_action() {
        let game = Nim {
            pile: 7,
            to_move: 0,
            winner: None,
        };
        let (tree, legal) = search(&game, 0, 500);
        let below: Vec<Option<usize>> = legal.iter().map(|a| tree.next(0, a, false)).collect();
        assert!(below.iter().all(Option::is_some));
        assert!(below[0] != below[1] && below[1] != below[2]);
        assert_eq!(tree.hidden(0), None);
    }
}
