//! Knights (seed 004 section 6): recruiting, activating, promoting, and the knight
//! actions (move, displace, chase the robber), plus the displaced knight's fate.

use super::rules::{need, Check};
use super::{CkContent, Knight, Track, ABILITY_LEVEL};
use crate::action::{Action, Event};
use crate::config::FreshKnights;
use crate::error::Refusal;
use crate::geometry::{Geometry, Vertex, VertexSet, VERTICES};
use crate::state::{Catan, Phase};
use tabuleiro_core::Seat;

const MIGHTY: u8 = 3;

impl Catan {
    /// Free intersections at `seat`'s roads: where its knights may be placed (digest C5).
    pub fn knight_spots(&self, seat: Seat) -> VertexSet {
        self.road_ends(seat) & !self.pieces()
    }

    /// Intersections reachable from `from` over `seat`'s roads, passing no other
    /// seat's piece (one may end on it): the knight's road network.
    pub fn network(&self, seat: Seat, from: Vertex) -> VertexSet {
        let g = Geometry::get();
        let roads = self.players[seat as usize].roads;
        let blocked = self.others_buildings(seat);
        g.reach(roads, VertexSet::one(from), blocked).without(from)
    }

    fn own_knight(&self, seat: Seat, vertex: Vertex) -> std::result::Result<Knight, Refusal> {
        need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
        self.ckr().players[seat as usize]
            .knight_at(vertex)
            .copied()
            .ok_or(Refusal::NotYourKnight)
    }

    /// Whether the knight may take an action now (section 6; digest C6).
    fn why_not_act(&self, k: &Knight) -> Check {
        need(k.active, Refusal::KnightInactive)?;
        let fresh = match self.config.ck.fresh_knights {
            FreshKnights::NoAction => k.activated_now,
            FreshKnights::ChaseOnly => k.activated_now && k.placed_now,
        };
        need(!fresh, Refusal::KnightTooFresh)
    }

    /// Whether `seat` may promote its knight at `vertex` (cost aside).
    pub(crate) fn why_not_promote(&self, seat: Seat, vertex: Vertex) -> Check {
        let k = self.own_knight(seat, vertex)?;
        self.why_not_promote_knight(seat, &k)
    }

    /// Whether `seat` may promote its own knight `k` (cost aside); the listing asks
    /// this of the knights it holds, without finding each again.
    pub(crate) fn why_not_promote_knight(&self, seat: Seat, k: &Knight) -> Check {
        let cp = &self.ckr().players[seat as usize];
        need(k.level < MIGHTY, Refusal::NotAllowed)?;
        need(!k.promoted_now, Refusal::PromotedThisTurn)?;
        need(
            k.level + 1 < MIGHTY || cp.improvements[Track::Politics as usize] >= ABILITY_LEVEL,
            Refusal::NeedFortress,
        )?;
        let per = CkContent::get().knights_per_level;
        need(
            cp.knights_of(k.level + 1) < per,
            Refusal::NoKnightPiece { level: k.level + 1 },
        )
    }

    pub(crate) fn why_not_knight(&self, seat: Seat, action: &Action) -> Check {
        let c = CkContent::get();
        let hand = &self.players[seat as usize].hand;
        match (&self.phase, *action) {
            (Phase::Main, Action::Recruit { vertex }) => {
                need((vertex as usize) < VERTICES, Refusal::NoSuchVertex)?;
                need(!self.pieces().contains(vertex), Refusal::Occupied)?;
                need(self.road_ends(seat).contains(vertex), Refusal::NotConnected)?;
                self.why_not_recruit(seat)
            }
            (Phase::Main, Action::Activate { vertex }) => {
                need(
                    !self.own_knight(seat, vertex)?.active,
                    Refusal::KnightActive,
                )?;
                need(hand.contains(&c.knight_activate), Refusal::CannotAfford)
            }
            (Phase::Main, Action::Promote { vertex }) => {
                self.why_not_promote(seat, vertex)?;
                need(hand.contains(&c.knight_promote), Refusal::CannotAfford)
            }
            (Phase::Main, Action::MoveKnight { .. } | Action::Displace { .. }) => {
                self.why_not_move(seat, action)
            }
            (Phase::Main, Action::Chase { vertex }) => {
                let k = self.own_knight(seat, vertex)?;
                need(k.active, Refusal::KnightInactive)?;
                // Active since before the turn (seed 004 L57).
                need(!k.activated_now, Refusal::KnightTooFresh)?;
                need(self.ckr().attacked, Refusal::RobberAsleep)?;
                need(self.beside_robber(vertex), Refusal::RobberNotBeside)
            }
            (Phase::Displaced { .. }, Action::Relocate { to }) => match to {
                Some(v) => need(
                    self.relocation_spots(seat).contains(v),
                    Refusal::NotConnected,
                ),
                None => Ok(()),
            },
            (Phase::Desert { .. }, Action::Desert { vertex }) => {
                self.own_knight(seat, vertex).map(|_| ())
            }
            (Phase::FreeKnight { .. }, Action::FreeKnight { vertex }) => match vertex {
                Some(v) => need(self.knight_spots(seat).contains(v), Refusal::NotConnected),
                None => Ok(()),
            },
            _ => self.why_not_progress_step(seat, action),
        }
    }

    /// Whether `vertex` is a corner of the robber's hex: where a knight may chase it
    /// (seed 004 section 6).
    pub(crate) fn beside_robber(&self, vertex: Vertex) -> bool {
        Geometry::get().hex_vertex_set[self.robber as usize].contains(vertex)
    }

    /// Whether the knight `k`, its owner's to move, may chase the robber: the check
    /// of `Action::Chase` once the knight is found.
    pub(crate) fn may_chase(&self, k: &Knight) -> bool {
        // Active since before the turn (seed 004 L57).
        k.active && !k.activated_now && self.ckr().attacked && self.beside_robber(k.vertex)
    }

    /// Whether `seat` may recruit a basic knight, wherever it goes: a piece left and
    /// its cost in hand (section 6).
    pub(crate) fn why_not_recruit(&self, seat: Seat) -> Check {
        let c = CkContent::get();
        need(
            self.ckr().players[seat as usize].knights_of(1) < c.knights_per_level,
            Refusal::NoKnightPiece { level: 1 },
        )?;
        need(
            self.players[seat as usize].hand.contains(&c.knight_build),
            Refusal::CannotAfford,
        )
    }

    /// Moving the knight on `from` to `to`, or displacing a weaker knight there
    /// (section 6; digest C6); the listing has its own path (`knight_moves`).
    pub(crate) fn why_not_move(&self, seat: Seat, action: &Action) -> Check {
        let (Action::MoveKnight { from, to } | Action::Displace { from, to }) = *action else {
            return Err(Refusal::NotAllowed);
        };
        let k = self.own_knight(seat, from)?;
        self.why_not_act(&k)?;
        need((to as usize) < VERTICES, Refusal::NoSuchVertex)?;
        if let Action::Displace { .. } = action {
            let enemy = self.knight_owner(to).filter(|&(s, _)| s != seat);
            let (_, other) = enemy.ok_or(Refusal::NoKnightThere)?;
            need(other.level < k.level, Refusal::NotWeaker)?;
        } else {
            need(!self.pieces().contains(to), Refusal::Occupied)?;
        }
        need(self.network(seat, from).contains(to), Refusal::NotOnNetwork)
    }

    /// Lists the moves of `seat`'s knight `k` in the turn: to each free intersection
    /// of its network, or displacing a weaker knight of another seat there (section 6;
    /// digest C6), in the network's order. The knight's own checks are made once, not
    /// once per intersection, and `nets` keeps what the seat's other knights found.
    pub(crate) fn knight_moves(
        &self,
        seat: Seat,
        k: &Knight,
        nets: &mut Networks,
        out: &mut Vec<Action>,
    ) {
        if self.why_not_act(k).is_err() {
            return;
        }
        let from = k.vertex;
        let weaker = self.weaker_knights(seat, k.level);
        let pieces = nets.pieces();
        for to in nets.network(from).iter() {
            if !pieces.contains(to) {
                out.push(Action::MoveKnight { from, to });
            } else if weaker.contains(to) {
                out.push(Action::Displace { from, to });
            }
        }
    }

    /// The intersections of the other seats' knights below `level`: those a knight
    /// of that level may displace.
    fn weaker_knights(&self, seat: Seat, level: u8) -> VertexSet {
        let ck = self.ckr();
        (0..self.n())
            .filter(|&s| s != seat as usize)
            .flat_map(|s| ck.players[s].knights.iter())
            .filter(|other| other.level < level)
            .fold(VertexSet::EMPTY, |set, other| set.with(other.vertex))
    }

    /// The seat and knight on an intersection.
    pub fn knight_owner(&self, v: Vertex) -> Option<(Seat, Knight)> {
        self.ck
            .as_ref()?
            .players
            .iter()
            .enumerate()
            .find_map(|(s, p)| p.knight_at(v).map(|k| (s as Seat, *k)))
    }

    /// Where a displaced knight may go: free intersections at its owner's roads
    /// (digest C7).
    pub fn relocation_spots(&self, seat: Seat) -> VertexSet {
        self.knight_spots(seat)
    }

    pub(crate) fn perform_knight(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let c = CkContent::get();
        match (&self.phase, *action) {
            (_, Action::Recruit { vertex }) => {
                self.pay(seat, &c.knight_build);
                self.put_knight(seat, vertex, 1, events);
            }
            (_, Action::Activate { vertex }) => {
                self.pay(seat, &c.knight_activate);
                self.knight_mut(seat, vertex, |k| {
                    k.active = true;
                    k.activated_now = true;
                });
                events.push(Event::KnightActivated { seat, vertex });
            }
            (_, Action::Promote { vertex }) => {
                self.pay(seat, &c.knight_promote);
                self.promote(seat, vertex, events);
            }
            (_, Action::MoveKnight { from, to }) => {
                self.knight_mut(seat, from, |k| {
                    k.vertex = to;
                    k.active = false;
                });
                events.push(Event::KnightMoved { seat, from, to });
                self.roads_changed_at(seat, VertexSet::one(from).with(to), events);
            }
            (_, Action::Displace { from, to }) => {
                let Some((owner, knight)) = self.knight_owner(to) else {
                    return;
                };
                self.take_knight(owner, to);
                self.knight_mut(seat, from, |k| {
                    k.vertex = to;
                    k.active = false;
                });
                events.push(Event::KnightMoved { seat, from, to });
                // Roads through `from` lose a blocker; at `to` the owner's roads gain one
                // and the displacer's lose one (issue 46: no recount of every seat).
                let seats = (self.roads_at(VertexSet::one(from)).without(seat).iter())
                    .chain(self.roads_at(VertexSet::one(to)).iter())
                    .collect();
                self.roads_changed_for(seats, events);
                self.displaced(owner, knight, events);
            }
            (_, Action::Chase { vertex }) => {
                self.knight_mut(seat, vertex, |k| k.active = false);
                self.phase = Phase::Robber;
            }
            (Phase::Displaced { knight, .. }, Action::Relocate { to }) => {
                let knight = *knight;
                match to {
                    Some(v) => {
                        self.ckm().players[seat as usize].knights.push(Knight {
                            vertex: v,
                            ..knight
                        });
                        events.push(Event::KnightMoved {
                            seat,
                            from: knight.vertex,
                            to: v,
                        });
                    }
                    None => events.push(Event::KnightRemoved {
                        seat,
                        vertex: knight.vertex,
                    }),
                }
                // The knight left the board when it was displaced: only where it comes
                // back can a road change.
                if let Some(v) = to {
                    self.roads_changed_at(seat, VertexSet::one(v), events);
                }
                self.phase = Phase::Main;
            }
            (_, Action::Desert { vertex }) => {
                let Some((_, knight)) = self.knight_owner(vertex) else {
                    return;
                };
                self.take_knight(seat, vertex);
                events.push(Event::KnightRemoved { seat, vertex });
                self.roads_changed_at(seat, VertexSet::one(vertex), events);
                let level = match self.config.ck.deserter {
                    crate::config::DeserterLevel::Same => knight.level,
                    crate::config::DeserterLevel::Basic => 1,
                };
                let me = self.current;
                let cp = &self.ckr().players[me as usize];
                let room =
                    cp.knights_of(level) < c.knights_per_level && !self.knight_spots(me).is_empty();
                self.phase = if room {
                    Phase::FreeKnight { level }
                } else {
                    Phase::Main
                };
            }
            (Phase::FreeKnight { level }, Action::FreeKnight { vertex }) => {
                let level = *level;
                if let Some(v) = vertex {
                    self.put_knight(seat, v, level, events);
                }
                self.phase = Phase::Main;
            }
            _ => self.perform_progress_step(seat, action, events),
        }
    }

    pub(crate) fn put_knight(
        &mut self,
        seat: Seat,
        vertex: Vertex,
        level: u8,
        events: &mut Vec<Event>,
    ) {
        let cp = &mut self.ckm().players[seat as usize];
        cp.knights.push(Knight {
            vertex,
            level,
            active: false,
            activated_now: false,
            placed_now: true,
            promoted_now: false,
        });
        cp.knights.sort_by_key(|k| k.vertex);
        events.push(Event::KnightRecruited { seat, vertex });
        // A knight breaks another seat's road (seed 004 L35).
        self.roads_changed_at(seat, VertexSet::one(vertex), events);
    }

    pub(crate) fn promote(&mut self, seat: Seat, vertex: Vertex, events: &mut Vec<Event>) {
        let mut level = 0;
        self.knight_mut(seat, vertex, |k| {
            k.level += 1;
            k.promoted_now = true;
            level = k.level;
        });
        events.push(Event::KnightPromoted {
            seat,
            vertex,
            level,
        });
    }

    fn knight_mut(&mut self, seat: Seat, vertex: Vertex, f: impl FnOnce(&mut Knight)) {
        let cp = &mut self.ckm().players[seat as usize];
        if let Some(k) = cp.knights.iter_mut().find(|k| k.vertex == vertex) {
            f(k);
        }
        cp.knights.sort_by_key(|k| k.vertex);
    }

    pub(crate) fn take_knight(&mut self, seat: Seat, vertex: Vertex) {
        self.ckm().players[seat as usize]
            .knights
            .retain(|k| k.vertex != vertex);
    }

    /// A displaced knight: its owner relocates it, or it leaves the board when there is
    /// no room (seed 004 L56, section 14 Intriga).
    /// The callers have counted the roads again where the knight was.
    pub(crate) fn displaced(&mut self, owner: Seat, knight: Knight, events: &mut Vec<Event>) {
        if self.relocation_spots(owner).is_empty() {
            events.push(Event::KnightRemoved {
                seat: owner,
                vertex: knight.vertex,
            });
            self.phase = Phase::Main;
        } else {
            self.phase = Phase::Displaced {
                seat: owner,
                knight,
            };
        }
    }
}

/// The knights' road networks of one seat in one listing. A knight's intersection
/// is never another seat's piece, so a knight found in the reach of another knight
/// of its seat reaches the same intersections: that reach is searched once. The
/// board's pieces are gathered only once a knight may move.
pub(crate) struct Networks<'a> {
    game: &'a Catan,
    seat: Seat,
    /// Every piece on the board, the seat's roads, the other seats' pieces.
    board: Option<(VertexSet, crate::geometry::EdgeSet, VertexSet)>,
    /// Reaches found so far, each holding the knight it started from; room for six,
    /// a seat's knights (more would only be searched again).
    found: [VertexSet; 6],
    len: usize,
}

impl<'a> Networks<'a> {
    pub(crate) fn new(game: &'a Catan, seat: Seat) -> Self {
        Networks {
            game,
            seat,
            board: None,
            found: [VertexSet::EMPTY; 6],
            len: 0,
        }
    }

    fn board(&mut self) -> (VertexSet, crate::geometry::EdgeSet, VertexSet) {
        let (game, seat) = (self.game, self.seat);
        *self.board.get_or_insert_with(|| {
            let roads = game.players[seat as usize].roads;
            (game.pieces(), roads, game.others_buildings(seat))
        })
    }

    /// Every piece on the board.
    fn pieces(&mut self) -> VertexSet {
        self.board().0
    }

    /// What `Catan::network` gives for a knight of the seat on `from`.
    fn network(&mut self, from: Vertex) -> VertexSet {
        let known = self.found[..self.len].iter().find(|r| r.contains(from));
        let reach = match known {
            Some(&reach) => reach,
            None => {
                let (_, roads, blocked) = self.board();
                let reach = Geometry::get().reach(roads, VertexSet::one(from), blocked);
                if self.len < self.found.len() {
                    self.found[self.len] = reach;
                    self.len += 1;
                }
                reach
            }
        };
        reach.without(from)
    }
}
