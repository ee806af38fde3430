//! The search tree: nodes in one vector, each seat's total reward in another, and,
//! per node, where its children's actions stood in the legal list it last met, so a
//! node met again with the same list is searched without matching the two again
//! (issue 18: the matching was a quarter of an iteration's time).

use tabuleiro_core::{Seat, MAX_SEATS};

/// How a node is reached from its parent.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Edge<A, O = ()> {
    /// A decision, seen by every seat (or, for a secret one, the statistics of that
    /// choice for the seat that made it, with no children).
    Action(A),
    /// Whatever secret decision the parent's seat made: where the others go on.
    Hidden,
    /// A chance outcome (with `outcomes`: the tree branches on the outcomes it met),
    /// boxed: outcomes can be large (a Burgundy phase's tiles), and every edge is as
    /// large as the largest, so an unboxed one slowed the whole tree.
    Outcome(Box<O>),
}

/// A child's place in a legal list that does not hold its action (or a hidden edge).
const NOT_LEGAL: u32 = u32::MAX;

/// A tree node: the edges that lead to it from its parent are the keys of
/// `children`; its seats' total rewards are in [`Tree::rewards`].
pub(super) struct Node<A, O = ()> {
    pub(super) children: Vec<(Edge<A, O>, usize)>,
    pub(super) visits: u32,
    /// With `prior`: the evaluation's judgement of the action leading here, for the
    /// seat that took it (0..1, a reward).
    pub(super) prior: f64,
    /// With `availability`: the visits of the parent in which this child's action
    /// was legal, this one included.
    pub(super) available: u32,
    /// The legal list the children were last matched with: its length, and each
    /// child's index in it. Stale once a child is added or the children reordered.
    matched: Option<Matched>,
}

struct Matched {
    /// The seat that decides at the node (whose best child its implicit value backs up).
    actor: Seat,
    len: usize,
    /// Per child, in the children's order: its action's index, or [`NOT_LEGAL`].
    at: Vec<u32>,
    /// Every index of the list has a child (the list held no action twice).
    complete: bool,
}

pub(super) struct Tree<A, O = ()> {
    pub(super) nodes: Vec<Node<A, O>>,
    /// Each node's total reward per seat: `players` values per node, in node order.
    rewards: Vec<f64>,
    /// Each node's implicit minimax value per seat, `players` values per node, kept
    /// only when the search weighs them in (`minimax`; [`Tree::keep_implicit`]): the
    /// judgement of the position its action led to, then that of its seat to act's
    /// best child in the list the node was last matched with (the last chance draw's
    /// or determinization's: not an expectation over them; nothing backs up through
    /// a chance or hidden edge). NaN: not judged (a hidden or chance edge, a root
    /// action the determinization refused).
    implicit: Option<Vec<f64>>,
    pub(super) players: usize,
    /// The node of the decision searched now (0, or deeper in a kept tree).
    pub(super) root: usize,
}

impl<A: PartialEq + Clone, O: PartialEq> Tree<A, O> {
    pub(super) fn new(players: usize) -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            implicit: None,
            players,
            root: 0,
        };
        tree.add();
        tree
    }

    pub(super) fn add(&mut self) -> usize {
        self.nodes.push(Node {
            children: Vec::new(),
            visits: 0,
            prior: 0.0,
            available: 0,
            matched: None,
        });
        self.rewards.resize(self.rewards.len() + self.players, 0.0);
        if let Some(implicit) = &mut self.implicit {
            implicit.resize(implicit.len() + self.players, f64::NAN);
        }
        self.nodes.len() - 1
    }

    /// The total reward of `seat` over the iterations through `node`.
    pub(super) fn reward(&self, node: usize, seat: Seat) -> f64 {
        self.rewards[node * self.players + seat as usize]
    }

    /// Keeps each node's implicit minimax value from now on (a new tree's).
    pub(super) fn keep_implicit(&mut self) {
        self.implicit = Some(vec![f64::NAN; self.nodes.len() * self.players]);
    }

    /// `seat`'s implicit minimax value at `node`, if it is kept and was judged.
    pub(super) fn implicit(&self, node: usize, seat: Seat) -> Option<f64> {
        let value = self.implicit.as_ref()?[node * self.players + seat as usize];
        Some(value).filter(|v| !v.is_nan())
    }

    #[cfg(test)]
    pub(super) fn set_reward(&mut self, node: usize, seat: Seat, total: f64) {
        self.rewards[node * self.players + seat as usize] = total;
    }

    pub(super) fn child(&self, node: usize, action: &A) -> Option<usize> {
        self.find_child(node, |e| matches!(e, Edge::Action(a) if a == action))
    }

    pub(super) fn hidden(&self, node: usize) -> Option<usize> {
        self.find_child(node, |e| matches!(e, Edge::Hidden))
    }

    /// The child of `node` along chance `outcome`.
    pub(super) fn outcome_child(&self, node: usize, outcome: &O) -> Option<usize> {
        self.find_child(node, |e| matches!(e, Edge::Outcome(o) if **o == *outcome))
    }

    /// The first child of `node` whose edge is `wanted`.
    fn find_child(&self, node: usize, wanted: impl Fn(&Edge<A, O>) -> bool) -> Option<usize> {
        let children = &self.nodes[node].children;
        children.iter().find(|(e, _)| wanted(e)).map(|&(_, c)| c)
    }

    /// `node`'s outcome children: how many, and their visits in all.
    pub(super) fn outcomes_met(&self, node: usize) -> (usize, usize) {
        let outcomes = self.nodes[node].children.iter();
        let outcomes = outcomes.filter(|(e, _)| matches!(e, Edge::Outcome(_)));
        outcomes.fold((0, 0), |(k, n), &(_, c)| {
            (k + 1, n + self.nodes[c].visits.max(1) as usize)
        })
    }

    /// The outcome child that holds visit `draw` (below [`Tree::outcomes_met`]'s
    /// total), counting each child's visits in the children's order: a draw uniform
    /// over the total picks each outcome as often as it was met.
    pub(super) fn outcome_by_visits(&self, node: usize, mut draw: usize) -> Option<(&O, usize)> {
        for (e, c) in &self.nodes[node].children {
            if let Edge::Outcome(o) = e {
                let n = self.nodes[*c].visits.max(1) as usize;
                if draw < n {
                    return Some((o, *c));
                }
                draw -= n;
            }
        }
        None
    }

    /// Where the next seat decides after `action` at `node`: the action's node, or
    /// the shared hidden node when the action was secret.
    #[cfg(test)]
    pub(super) fn next(&self, node: usize, action: &A, secret: bool) -> Option<usize> {
        match secret {
            true => self.hidden(node),
            false => self.child(node, action),
        }
    }

    /// The child along `edge`, added when missing.
    pub(super) fn child_or_add(&mut self, node: usize, edge: Edge<A, O>) -> usize {
        let found = match &edge {
            Edge::Action(a) => self.child(node, a),
            Edge::Hidden => self.hidden(node),
            Edge::Outcome(o) => self.outcome_child(node, o),
        };
        found.unwrap_or_else(|| {
            let c = self.add();
            self.push_child(node, edge, c);
            c
        })
    }

    /// Adds `child` under `node` along `edge`.
    pub(super) fn push_child(&mut self, node: usize, edge: Edge<A, O>, child: usize) {
        let node = &mut self.nodes[node];
        node.children.push((edge, child));
        node.matched = None;
    }

    /// Whether `node` was last matched with a list equal to `legal`, for `actor`: the
    /// same seat (two determinizations may give two seats one list), the same
    /// length, every action of it with a child, and each child's action where it
    /// was. Distinct children then cover exactly `legal`'s actions.
    pub(super) fn matched_with(&self, node: usize, actor: Seat, legal: &[A]) -> bool {
        let node = &self.nodes[node];
        let Some(m) = &node.matched else {
            return false;
        };
        m.complete
            && m.actor == actor
            && m.len == legal.len()
            && node.children.iter().zip(&m.at).all(|((e, _), &i)| {
                i == NOT_LEGAL || matches!(e, Edge::Action(a) if *a == legal[i as usize])
            })
    }

    /// Matches `node`, where `actor` decides, with `legal`: adds a child for each
    /// action it lacks, with `judge`'s judgement as its prior (`judge` also writes
    /// every seat's judgement, the child's first implicit value, into the slice it
    /// is given), keeps the children best judged first (a stable order: ties as they
    /// came), and records where each stands in `legal`.
    pub(super) fn match_with(
        &mut self,
        node: usize,
        actor: Seat,
        legal: &[A],
        mut judge: impl FnMut(&A, &mut [f64]) -> f64,
    ) {
        let mut at: Vec<u32> = self.nodes[node]
            .children
            .iter()
            .map(|(e, _)| match e {
                Edge::Action(a) => legal
                    .iter()
                    .position(|b| b == a)
                    .map_or(NOT_LEGAL, |i| i as u32),
                Edge::Hidden | Edge::Outcome(_) => NOT_LEGAL,
            })
            .collect();
        let mut covered = vec![false; legal.len()];
        at.iter()
            .filter(|&&i| i != NOT_LEGAL)
            .for_each(|&i| covered[i as usize] = true);
        let before = at.len();
        for (i, action) in legal.iter().enumerate() {
            // An action listed twice has its child at its first place.
            if covered[i] || legal[..i].contains(action) {
                continue;
            }
            let c = self.add();
            let mut unkept = [0.0; MAX_SEATS];
            let seats = match &mut self.implicit {
                Some(implicit) => &mut implicit[c * self.players..(c + 1) * self.players],
                None => &mut unkept[..self.players],
            };
            self.nodes[c].prior = judge(action, seats);
            self.nodes[node]
                .children
                .push((Edge::Action(action.clone()), c));
            at.push(i as u32);
            covered[i] = true;
        }
        if at.len() > before {
            self.sort_by_prior(node, &mut at);
        }
        self.nodes[node].matched = Some(Matched {
            actor,
            len: legal.len(),
            at,
            complete: covered.iter().all(|&c| c),
        });
    }

    /// Orders `node`'s children (and `at`, their places) by prior, best first.
    fn sort_by_prior(&mut self, node: usize, at: &mut Vec<u32>) {
        let children = std::mem::take(&mut self.nodes[node].children);
        let mut paired: Vec<_> = children.into_iter().zip(at.drain(..)).collect();
        let nodes = &self.nodes;
        paired.sort_by(|a, b| nodes[b.0 .1].prior.total_cmp(&nodes[a.0 .1].prior));
        let (children, places): (Vec<_>, Vec<_>) = paired.into_iter().unzip();
        self.nodes[node].children = children;
        *at = places;
    }

    /// The children of `node` whose actions are in the list it was last matched
    /// with, in the children's order: (index in that list, child).
    pub(super) fn legal_children(&self, node: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let node = &self.nodes[node];
        let at = node.matched.as_ref().map_or(&[][..], |m| &m.at[..]);
        node.children
            .iter()
            .zip(at)
            .filter(|&(_, &i)| i != NOT_LEGAL)
            .map(|(&(_, c), &i)| (i as usize, c))
    }

    /// One more visit of `node` in which the children of the legal list it was last
    /// matched with were available.
    pub(super) fn count_available(&mut self, node: usize) {
        // Taken and put back: the children's nodes are counted in the same vector.
        let Some(m) = self.nodes[node].matched.take() else {
            return;
        };
        for (j, _) in m.at.iter().enumerate().filter(|&(_, &i)| i != NOT_LEGAL) {
            let c = self.nodes[node].children[j].1;
            self.nodes[c].available += 1;
        }
        self.nodes[node].matched = Some(m);
    }

    /// Implicit minimax backups along an iteration's `path`, deepest first: each
    /// node matched with a legal list takes the implicit value of the child best for
    /// its seat to act (max^n: every seat's value from that child).
    pub(super) fn back_up_implicit(&mut self, path: &[usize]) {
        let n = self.players;
        for &node in path.iter().rev() {
            let Some(actor) = self.nodes[node].matched.as_ref().map(|m| m.actor) else {
                continue;
            };
            let best = self
                .legal_children(node)
                .filter_map(|(_, c)| Some((self.implicit(c, actor)?, c)))
                .reduce(|a, b| if b.0 > a.0 { b } else { a });
            if let (Some((_, c)), Some(implicit)) = (best, &mut self.implicit) {
                implicit.copy_within(c * n..(c + 1) * n, node * n);
            }
        }
    }

    pub(super) fn backpropagate(&mut self, path: &[usize], reward: &[f64]) {
        for &n in path {
            self.nodes[n].visits += 1;
            let start = n * self.players;
            self.rewards[start..start + self.players]
                .iter_mut()
                .zip(reward)
                .for_each(|(t, r)| *t += r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A node with children for actions 3, 1 and 4, matched with `[1, 3, 4]`.
    fn matched() -> Tree<u8> {
        let mut tree = Tree::new(2);
        for a in [3, 1, 4] {
            tree.child_or_add(0, Edge::Action(a));
        }
        tree.match_with(0, 0, &[1, 3, 4], |_, _| {
            unreachable!("every action has its child")
        });
        tree
    }

    #[test]
    fn a_node_knows_the_legal_list_it_was_matched_with() {
        let tree = matched();
        assert!(tree.matched_with(0, 0, &[1, 3, 4]));
        let children: Vec<(usize, usize)> = tree.legal_children(0).collect();
        assert_eq!(
            children,
            [(1, 1), (0, 2), (2, 3)],
            "children's order, list's index"
        );
        // Another order, a missing action, a new one: matched again.
        for other in [&[3, 1, 4][..], &[1, 3], &[1, 3, 4, 5], &[1, 3, 5]] {
            assert!(!tree.matched_with(0, 0, other), "{other:?}");
        }
    }

    #[test]
    fn a_child_not_in_the_list_is_left_out_and_the_list_still_matches() {
        let mut tree = matched();
        tree.match_with(0, 0, &[4, 1], |_, _| unreachable!());
        assert!(tree.matched_with(0, 0, &[4, 1]));
        let children: Vec<(usize, usize)> = tree.legal_children(0).collect();
        assert_eq!(children, [(1, 2), (0, 3)]);
        assert!(
            !tree.matched_with(0, 0, &[4, 3]),
            "3 has a child, but not matched here"
        );
    }

    /// Seat 0 chooses between a and b at the root; below a, seat 1 chooses between c
    /// and d. Backed up, a is worth what seat 1's best reply leaves seat 0 (c: 0.2),
    /// less than b's 0.3, so the root is worth b's judgement.
    #[test]
    fn implicit_values_back_up_each_seats_best_child() {
        let mut tree: Tree<char> = Tree::new(2);
        tree.keep_implicit();
        let judged = |values: &[(char, [f64; 2])]| {
            let values = values.to_vec();
            move |a: &char, seats: &mut [f64]| {
                let v = values.iter().find(|(b, _)| b == a).expect("judged").1;
                seats.copy_from_slice(&v);
                v[0]
            }
        };
        tree.match_with(
            0,
            0,
            &['a', 'b'],
            judged(&[('a', [0.6, 0.4]), ('b', [0.3, 0.7])]),
        );
        let a = tree.child(0, &'a').expect("a");
        assert_eq!(tree.implicit(a, 0), Some(0.6), "a's own judgement first");
        tree.match_with(a, 1, &['c', 'd'], |&x, seats: &mut [f64]| {
            let v = if x == 'c' { [0.2, 0.8] } else { [0.5, 0.5] };
            seats.copy_from_slice(&v);
            v[1]
        });
        let c = tree.child(a, &'c').expect("c");
        tree.back_up_implicit(&[0, a, c]);
        assert_eq!(
            (tree.implicit(a, 0), tree.implicit(a, 1)),
            (Some(0.2), Some(0.8))
        );
        assert_eq!(
            (tree.implicit(0, 0), tree.implicit(0, 1)),
            (Some(0.3), Some(0.7))
        );
        let hidden = tree.child_or_add(0, Edge::Hidden);
        assert_eq!(
            tree.implicit(hidden, 0),
            None,
            "a hidden edge is not judged"
        );
    }

    #[test]
    fn a_new_child_makes_the_match_stale() {
        let mut tree = matched();
        tree.child_or_add(0, Edge::Hidden);
        assert!(!tree.matched_with(0, 0, &[1, 3, 4]));
    }

    /// New actions are judged once each and take their place by their judgement,
    /// ties in the order they came.
    #[test]
    fn new_actions_are_judged_and_ranked_among_the_children() {
        let mut tree = matched();
        let mut judged = Vec::new();
        tree.match_with(0, 0, &[5, 4, 6, 1], |&a, _| {
            judged.push(a);
            [0.0, 0.0, 0.0, 0.0, 0.0, 0.5, -0.5][a as usize]
        });
        assert_eq!(judged, [5, 6]);
        assert!(tree.matched_with(0, 0, &[5, 4, 6, 1]));
        let actions: Vec<u8> = (tree.nodes[0].children.iter())
            .map(|(e, _)| match e {
                Edge::Action(a) => *a,
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(actions, [5, 3, 1, 4, 6]);
        let children: Vec<(usize, usize)> = tree.legal_children(0).collect();
        assert_eq!(
            children,
            [(0, 4), (3, 2), (1, 3), (2, 5)],
            "3 is not legal here"
        );
    }

    /// A list holding an action twice leaves an index without a child of its own:
    /// never taken as matched, so a list differing there is judged again.
    #[test]
    fn a_list_with_an_action_twice_is_never_taken_as_matched() {
        let mut tree: Tree<u8> = Tree::new(2);
        for a in [1, 3] {
            tree.child_or_add(0, Edge::Action(a));
        }
        tree.match_with(0, 0, &[1, 3, 1], |_, _| unreachable!("1 has its child"));
        assert!(!tree.matched_with(0, 0, &[1, 3, 1]));
        assert!(!tree.matched_with(0, 0, &[1, 3, 5]));
    }

    /// A child is available in the visits whose legal list held its action.
    #[test]
    fn availability_counts_the_visits_an_action_was_legal() {
        let mut tree = matched();
        tree.count_available(0);
        tree.match_with(0, 0, &[4, 1], |_, _| unreachable!());
        tree.count_available(0);
        tree.count_available(0);
        let available = |a: u8| tree.nodes[tree.child(0, &a).unwrap()].available;
        assert_eq!((available(1), available(3), available(4)), (3, 1, 3));
    }

    /// An outcome met twice as often is drawn again twice as often.
    #[test]
    fn outcomes_are_drawn_again_by_their_visits() {
        let mut tree: Tree<u8, u8> = Tree::new(2);
        let six = tree.child_or_add(0, Edge::Outcome(Box::new(6)));
        let two = tree.child_or_add(0, Edge::Outcome(Box::new(2)));
        tree.child_or_add(0, Edge::Action(1));
        tree.backpropagate(&[0, six], &[0.0, 0.0]);
        tree.backpropagate(&[0, six], &[0.0, 0.0]);
        tree.backpropagate(&[0, two], &[0.0, 0.0]);
        assert_eq!(tree.outcomes_met(0), (2, 3));
        let drawn: Vec<Option<(u8, usize)>> = (0..4)
            .map(|d| tree.outcome_by_visits(0, d).map(|(o, c)| (*o, c)))
            .collect();
        assert_eq!(
            drawn,
            [Some((6, six)), Some((6, six)), Some((2, two)), None]
        );
        assert_eq!(tree.outcome_child(0, &2), Some(two));
        assert_eq!(tree.outcome_child(0, &1), None);
    }

    #[test]
    fn rewards_add_up_per_seat_along_the_path() {
        let mut tree = matched();
        tree.backpropagate(&[0, 2], &[1.0, 0.25]);
        tree.backpropagate(&[0], &[0.0, 0.5]);
        assert_eq!((tree.reward(0, 0), tree.reward(0, 1)), (1.0, 0.75));
        assert_eq!((tree.reward(2, 1), tree.nodes[2].visits), (0.25, 1));
        assert_eq!((tree.reward(1, 0), tree.nodes[1].visits), (0.0, 0));
    }
}
