//! The legal decisions as a menu tree, built from the game's click paths
//! ([`Present::path`]): each key of a path is a level, keys are grouped under the
//! groups the game names ([`TuiGame::group`]), a level holding one group only is
//! skipped (its words head the level below), and decisions that share a path are told apart by their labels
//! ([`Present::label`]). The menu never parses an action or knows a rule.

use crate::game::TuiGame;
use crate::words::Words;
use std::collections::{HashMap, HashSet};
use tabuleiro_core::{Explain, Seat};

/// One level of a decision's path in the menu: a key of the game's path, or a group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub key: String,
    pub label: String,
    /// A group of keys rather than a key of the game's path.
    pub group: bool,
    /// A group alone at its level: not offered, only shown above the level below.
    pub lone: bool,
}

/// What one entry of the menu at some level leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub label: String,
    /// The decision (an index into [`Menu::actions`]) when choosing this entry decides.
    pub action: Option<usize>,
}

/// The legal decisions of a seat with their menu paths.
#[derive(Clone, Debug)]
pub struct Menu<A> {
    pub actions: Vec<A>,
    paths: Vec<Vec<Node>>,
}

impl<A> Default for Menu<A> {
    fn default() -> Self {
        Menu {
            actions: Vec::new(),
            paths: Vec::new(),
        }
    }
}

impl<A: Clone> Menu<A> {
    pub fn new<G: TuiGame<Action = A>>(game: &G, seat: Seat, words: &Words) -> Menu<A> {
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        game.menu_actions(seat, &mut actions);
        actions.sort_by_key(|a| game.order(seat, a));
        let mut paths: Vec<Vec<Node>> = actions
            .iter()
            .map(|a| nodes(game, seat, a, words))
            .collect();
        // Decisions that share a path: one more level, their labels.
        let mut sharing: HashMap<Vec<&str>, usize> = HashMap::new();
        for path in &paths {
            *sharing.entry(keys_of(path)).or_default() += 1;
        }
        let shared: Vec<bool> = paths.iter().map(|p| sharing[&keys_of(p)] > 1).collect();
        for i in 0..paths.len() {
            if shared[i] {
                let action = &actions[i];
                let label = words
                    .message::<G>(&game.label(seat, action))
                    .unwrap_or_else(|| game.action_words(seat, action, words));
                paths[i].push(Node {
                    key: format!("#{i}"),
                    label,
                    group: false,
                    lone: false,
                });
            }
        }
        collapse(&mut paths);
        Menu { actions, paths }
    }

    /// The entries under `prefix` (the keys chosen so far), in the menu's order.
    pub fn entries(&self, prefix: &[String]) -> Vec<Entry> {
        let mut out: Vec<Entry> = Vec::new();
        for (i, path) in self.paths.iter().enumerate() {
            let path = shown(path);
            if path.len() <= prefix.len() || !starts_with(&path, prefix) {
                continue;
            }
            let next = path[prefix.len()];
            if out.iter().any(|e| e.key == next.key) {
                continue;
            }
            out.push(Entry {
                key: next.key.clone(),
                label: next.label.clone(),
                action: (path.len() == prefix.len() + 1).then_some(i),
            });
        }
        out
    }

    /// The words above the level under `prefix`: the labels of the keys chosen and
    /// of the lone groups skipped on the way.
    pub fn labels(&self, prefix: &[String]) -> Vec<String> {
        let Some(path) = self.paths.iter().find(|p| starts_with(&shown(p), prefix)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut chosen = 0;
        for node in path {
            if !node.lone {
                if chosen == prefix.len() {
                    break;
                }
                chosen += 1;
            }
            out.push(node.label.clone());
        }
        out
    }

    /// The keys some decision under `prefix` still goes through (to light them up).
    pub fn lit(&self, prefix: &[String]) -> Vec<String> {
        let mut lit: Vec<String> = self
            .paths
            .iter()
            .map(|p| shown(p))
            .filter(|p| starts_with(p, prefix))
            .flat_map(|p| {
                p[prefix.len()..]
                    .iter()
                    .map(|n| n.key.clone())
                    .collect::<Vec<_>>()
            })
            .collect();
        lit.sort();
        lit.dedup();
        lit
    }
}

/// The path of `action` with its groups, in words.
fn nodes<G: TuiGame>(game: &G, seat: Seat, action: &G::Action, words: &Words) -> Vec<Node> {
    let mut out: Vec<Node> = Vec::new();
    for key in game.menu_path(seat, action) {
        let before: Vec<String> = out
            .iter()
            .filter(|n| !n.group)
            .map(|n| n.key.clone())
            .collect();
        let mut groups = Vec::new();
        let mut group = game.group_at(seat, &before, &key);
        while let Some(g) = group {
            group = game.group_at(seat, &before, &g);
            groups.push(g);
        }
        for (k, group) in groups
            .into_iter()
            .rev()
            .map(|g| (g, true))
            .chain([(key, false)])
        {
            let label = game.word(seat, &before, &k, words);
            out.push(Node {
                key: k,
                label,
                group,
                lone: false,
            });
        }
    }
    out
}

fn keys<'a>(path: &[&'a Node]) -> Vec<&'a str> {
    path.iter().map(|n| n.key.as_str()).collect()
}

fn keys_of(path: &[Node]) -> Vec<&str> {
    path.iter().map(|n| n.key.as_str()).collect()
}

fn starts_with(path: &[&Node], prefix: &[String]) -> bool {
    path.len() >= prefix.len() && path.iter().zip(prefix).all(|(n, k)| &n.key == k)
}

/// The nodes a menu offers (lone groups skipped).
fn shown(path: &[Node]) -> Vec<&Node> {
    path.iter().filter(|n| !n.lone).collect()
}

/// Marks every group that would be alone at its level.
fn collapse(paths: &mut [Vec<Node>]) {
    while let Some((prefix, key)) = lone_group(paths) {
        for path in paths.iter_mut() {
            if let Some(at) = next_shown(path, &prefix).filter(|&at| path[at].key == key) {
                path[at].lone = true;
            }
        }
    }
}

/// Where the first node offered after `prefix` is in `path`, if `path` goes through it.
fn next_shown(path: &[Node], prefix: &[String]) -> Option<usize> {
    let offered = path.iter().enumerate().filter(|(_, n)| !n.lone);
    for (chosen, (at, node)) in offered.enumerate() {
        match prefix.get(chosen) {
            None => return Some(at),
            Some(key) if &node.key != key => return None,
            Some(_) => {}
        }
    }
    None
}

/// A group that every path through its level shares: the keys before it and its key.
fn lone_group(paths: &[Vec<Node>]) -> Option<(Vec<String>, String)> {
    let offered: Vec<Vec<&Node>> = paths.iter().map(|p| shown(p)).collect();
    // The keys offered after each prefix, so that each group is judged once.
    let mut after: HashMap<Vec<&str>, HashSet<&str>> = HashMap::new();
    for path in &offered {
        for d in 0..path.len() {
            after
                .entry(keys(&path[..d]))
                .or_default()
                .insert(path[d].key.as_str());
        }
    }
    for path in &offered {
        for (d, node) in path.iter().enumerate().filter(|(_, n)| n.group) {
            let prefix = keys(&path[..d]);
            let alone = after.get(&prefix).is_some_and(|next| next.len() == 1);
            if alone {
                let prefix = prefix.into_iter().map(String::from).collect();
                return Some((prefix, node.key.clone()));
            }
        }
    }
    None
}

/// The decisions a person might try under `prefix` that the engine refuses: what
/// they are (the rest of their path, in words) and the engine's reason in words.
pub fn refusals<G: TuiGame>(
    game: &G,
    seat: Seat,
    prefix: &[String],
    words: &Words,
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for action in game.candidates(seat) {
        let Err(refusal) = game.check(seat, &action) else {
            continue;
        };
        let path = nodes(game, seat, &action, words);
        let Some(rest) = after(&path, prefix) else {
            continue;
        };
        let what: Vec<String> = rest
            .iter()
            .filter(|n| !n.group)
            .map(|n| n.label.clone())
            .collect();
        let why = words
            .message::<G>(&refusal.message())
            .unwrap_or_else(|| refusal.to_string());
        let line = (what.join(" › "), why);
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// The part of `path` after the keys of `prefix`, when they all occur in it in order
/// (a menu path may have skipped some of its groups).
fn after<'a>(path: &'a [Node], prefix: &[String]) -> Option<&'a [Node]> {
    let mut at = 0;
    for key in prefix {
        at += path[at..].iter().position(|n| &n.key == key)? + 1;
    }
    Some(&path[at..])
}
