//! The vineyards in the team game (module `team`; seed 000 lines 792-817 and 916-1019).
//!
//! A hexamino "ocupa 2 espaços chave" (seed 000 line 918), and in the team game
//! "cada time tem 2 espaços chave compartilhados (...) e cada jogador tem 2 espaços
//! chave exclusivos" (line 803): a hexamino held may lie on two of the player's
//! private key spaces, on one private and one shared, or on both of the team's
//! shared ones ([`VineKeys`]). No rulebook says which; the player chooses where more
//! than one has room (`vine keyspace private|split|shared`), as it chooses a tile's,
//! and chooses which one leaves where the same hexamino lies on more than one
//! (`vine place VINE SPACE [turned] split|shared`, `vine discard VINE split|shared`).
//! A hexamino on both shared key spaces is the team's (either member places it); one
//! on a private key space is its holder's (line 807: the partner's private key
//! spaces are not its own).
//!
//! The vineyard board (`rules.team_vineyard`): one a team by default, written in
//! both members' records and always equal (as the team board is), its vine bonus
//! tiles the team's, scored once on the first member; or one a member.

use super::{Hexamino, VineMove, Vineyards};
use crate::action::{Action, Event};
use crate::modules::{TeamState, TeamVineyard, PRIVATE_STORAGE, SHARED_STORAGE};
use crate::state::{Burgundy, Pending};
use crate::turn::Sink;
use serde::{Deserialize, Serialize};
use std::fmt;
use tabuleiro_core::Seat;

/// The key spaces a held hexamino lies on (the team game; outside it always
/// `Private`, the player's key spaces).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum VineKeys {
    /// Two of the player's private key spaces (outside the team game: its key
    /// spaces). Leaving: the first holding of the hexamino, private, split, shared.
    #[default]
    Private,
    /// One of the player's private key spaces and one of the team's shared ones.
    Split,
    /// Both of the team's shared key spaces: the team's, either member's to use.
    Shared,
}

impl VineKeys {
    pub const ALL: [VineKeys; 3] = [VineKeys::Private, VineKeys::Split, VineKeys::Shared];

    pub fn name(self) -> &'static str {
        match self {
            VineKeys::Private => "private",
            VineKeys::Split => "split",
            VineKeys::Shared => "shared",
        }
    }

    pub fn parse(word: &str) -> Option<VineKeys> {
        VineKeys::ALL.into_iter().find(|k| k.name() == word)
    }

    pub fn is_private(&self) -> bool {
        *self == VineKeys::Private
    }

    /// The private and the shared key spaces it takes.
    fn spaces(self) -> (usize, usize) {
        match self {
            VineKeys::Private => (2, 0),
            VineKeys::Split => (1, 1),
            VineKeys::Shared => (0, 2),
        }
    }
}

impl fmt::Display for VineKeys {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// [`Burgundy::vines_held`] from the vineyards' and the teams' pieces (a view's too).
pub fn vines_held<'a>(
    vineyards: Option<&'a Vineyards>,
    team: Option<&'a TeamState>,
    seat: Seat,
) -> [(VineKeys, &'a [Hexamino]); 3] {
    let me = vineyards.and_then(|v| v.seats.get(seat as usize));
    let shared = team.map_or(&[][..], |t| &t.vines[t.team_of(seat).0][..]);
    [
        (VineKeys::Private, me.map_or(&[][..], |m| &m.held[..])),
        (VineKeys::Split, me.map_or(&[][..], |m| &m.split[..])),
        (VineKeys::Shared, shared),
    ]
}

impl Burgundy {
    /// The team game with one vineyard board a team (`rules.team_vineyard: team`)?
    pub fn teams_vineyard(&self) -> bool {
        self.modules.team.is_some() && self.config.rules.team_vineyard == TeamVineyard::Team
    }

    /// The seats whose vineyard board `seat`'s hexamino goes on: its team's members
    /// with one vineyard a team, else `seat` alone.
    pub(crate) fn vineyard_sharers(&self, seat: Seat) -> Vec<Seat> {
        match (&self.modules.team, self.teams_vineyard()) {
            (Some(team), true) => team.members[team.team_of(seat).0].to_vec(),
            _ => vec![seat],
        }
    }

    /// The hexaminoes `seat` holds, by the key spaces they lie on: its own on its
    /// private key spaces, its own on one private and one shared, its team's on both
    /// shared ones.
    pub fn vines_held(&self, seat: Seat) -> [(VineKeys, &[Hexamino]); 3] {
        vines_held(self.vineyards(), self.modules.team.as_ref(), seat)
    }

    /// The holding a hexamino leaving with `keys` leaves: `Private` (the decision
    /// without a word) the first that holds it, else the one named.
    pub(crate) fn vine_leaves_from(
        &self,
        seat: Seat,
        vine: Hexamino,
        keys: VineKeys,
    ) -> Option<VineKeys> {
        let held = self.vines_held(seat);
        let holds = |k: VineKeys| held.iter().any(|(h, l)| *h == k && l.contains(&vine));
        match keys {
            VineKeys::Private => VineKeys::ALL.into_iter().find(|&k| holds(k)),
            k => holds(k).then_some(k),
        }
    }

    /// Each hexamino `seat` may place or discard, with the key spaces to name: the
    /// first holding of a kind unnamed, the others named.
    /// Read off the holdings as they are, without a list built per die (issue 46):
    /// a kind is named where an earlier holding has it.
    pub(crate) fn vine_leavings(
        &self,
        seat: Seat,
    ) -> impl Iterator<Item = (Hexamino, VineKeys)> + '_ {
        let held = self.vines_held(seat);
        (0..held.len()).flat_map(move |k| {
            let (keys, list) = held[k];
            let firsts = list.iter().enumerate();
            let firsts = firsts.filter(move |&(i, vine)| !list[..i].contains(vine));
            firsts.map(move |(_, &vine)| {
                let earlier = held[..k].iter().any(|(_, l)| l.contains(&vine));
                (vine, if earlier { keys } else { VineKeys::Private })
            })
        })
    }

    /// The key spaces `seat`'s hexaminoes take: (its private ones, its team's shared
    /// ones, the partner's split hexaminoes counted there).
    pub(crate) fn vine_spaces(&self, seat: Seat) -> (usize, usize) {
        let Some(v) = self.vineyards() else {
            return (0, 0);
        };
        let me = v.seats.get(seat as usize);
        let (held, split) = me.map_or((0, 0), |m| (m.held.len(), m.split.len()));
        let Some(team) = &self.modules.team else {
            return (2 * held, 0);
        };
        let (t, partner) = team.team_of(seat);
        let partners = v.seats.get(partner as usize).map_or(0, |p| p.split.len());
        (2 * held + split, 2 * team.vines[t].len() + split + partners)
    }

    /// Free key spaces for a hexamino in the team game: (private, shared). Shield 4
    /// lifts the limit of the shared ones (the team's) or of the holder's private
    /// ones (a member's own, `rules.team_shields: member`), as for tiles.
    fn vine_room(&self, seat: Seat) -> (usize, usize) {
        let (tiles_private, tiles_shared) = self
            .key_spaces(seat)
            .map_or((0, 0), |(p, s)| (p.len(), s.len()));
        let (vines_private, vines_shared) = self.vine_spaces(seat);
        let members = self.members_shields();
        let free = |limit: usize, used: usize, unlimited: bool| match unlimited {
            true => 2,
            false => limit.saturating_sub(used),
        };
        (
            free(
                PRIVATE_STORAGE,
                tiles_private + vines_private,
                members && self.unlimited_storage(seat),
            ),
            free(
                SHARED_STORAGE,
                tiles_shared + vines_shared,
                !members && self.either_member(seat, |s| self.unlimited_storage(s)),
            ),
        )
    }

    /// The key spaces with room for a hexamino entering `seat`'s storage.
    pub(crate) fn vine_arrangements(&self, seat: Seat) -> Vec<VineKeys> {
        let (private, shared) = self.vine_room(seat);
        VineKeys::ALL
            .into_iter()
            .filter(|k| {
                let (p, s) = k.spaces();
                p <= private && s <= shared
            })
            .collect()
    }

    /// A hexamino enters a team member's key spaces: where one arrangement has room
    /// it goes there, where several the player chooses, where none it waits for a
    /// discard.
    pub(crate) fn store_team_vine(&mut self, seat: Seat, vine: Hexamino) {
        let pending = match self.vine_arrangements(seat).as_slice() {
            [] => Pending::VineRoom { incoming: vine },
            [keys] => return self.keep_vine(seat, vine, *keys),
            _ => Pending::VineKeySpace { incoming: vine },
        };
        if let crate::state::Stage::Turn(t) = &mut self.stage {
            t.pending.push(pending);
        }
    }

    /// The hexamino goes on the key spaces `keys`.
    pub(crate) fn keep_vine(&mut self, seat: Seat, vine: Hexamino, keys: VineKeys) {
        match keys {
            VineKeys::Private => self.vineyards_mut().seats[seat as usize].held.push(vine),
            VineKeys::Split => self.vineyards_mut().seats[seat as usize].split.push(vine),
            VineKeys::Shared => {
                if let Some(team) = self.modules.team.as_mut() {
                    let t = team.team_of(seat).0;
                    team.vines[t].push(vine);
                }
            }
        }
    }

    /// The hexamino leaves the key spaces `keys` (resolved as
    /// [`Burgundy::vine_leaves_from`]).
    pub(crate) fn vine_leaves(&mut self, seat: Seat, vine: Hexamino, keys: VineKeys) {
        let keys = self.vine_leaves_from(seat, vine, keys).expect("legal");
        let list = match keys {
            VineKeys::Private => &mut self.vineyards_mut().seats[seat as usize].held,
            VineKeys::Split => &mut self.vineyards_mut().seats[seat as usize].split,
            VineKeys::Shared => {
                let team = self.modules.team.as_mut().expect("team game");
                let t = team.team_of(seat).0;
                &mut team.vines[t]
            }
        };
        let i = list.iter().position(|&h| h == vine).expect("legal");
        list.remove(i);
    }

    /// The key space choices for the hexamino waiting to enter storage.
    pub(crate) fn vine_key_space_choices(&self, seat: Seat, out: &mut impl Sink) {
        for keys in self.vine_arrangements(seat) {
            out.push(Action::Vine(VineMove::KeySpace { keys }));
        }
    }

    /// The hexamino waiting goes on the key spaces chosen.
    pub(crate) fn keep_vine_chosen(
        &mut self,
        seat: Seat,
        pending: Option<Pending>,
        keys: VineKeys,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::VineKeySpace { incoming }) = pending else {
            unreachable!("legal")
        };
        self.keep_vine(seat, incoming, keys);
        events.push(Event::VineKeySpaceChosen {
            seat,
            vine: incoming,
            keys,
        });
    }

    /// A hexamino placed on the vineyard board of `seat` (and its partner's, the
    /// same board, with one a team).
    pub(crate) fn plant(&mut self, seat: Seat, space: u8, planted: super::Planted) {
        for s in self.vineyard_sharers(seat) {
            self.vineyards_mut().seats[s as usize]
                .board
                .insert(space, planted);
        }
    }

    /// A vine bonus tile for `seat`'s vineyard (its team's, with one a team).
    pub(crate) fn vine_tile_to(&mut self, seat: Seat, vine: super::Vine) {
        for s in self.vineyard_sharers(seat) {
            self.vineyards_mut().seats[s as usize].tiles.push(vine);
        }
    }

    /// Vineyard boards at the table: one a seat, or one a team (in team order).
    pub(crate) fn vineyard_count(&self) -> usize {
        match self.teams_vineyard() {
            true => 2,
            false => self.players.len(),
        }
    }

    /// The seats the setup's `i`-th vine bonus tile goes to: team `i`'s members
    /// with one vineyard a team, else seat `i`.
    pub(crate) fn vineyard_owners(&self, i: usize) -> Vec<Seat> {
        match (&self.modules.team, self.vineyard_count() == 2) {
            (Some(team), true) => team.members[i].to_vec(),
            _ => vec![i as Seat],
        }
    }

    /// A team position's vineyards: with one a team, both members' boards and vine
    /// bonus tiles equal; the key spaces of each member and of each team within
    /// their limits; no split hexamino outside the team game.
    pub(crate) fn validate_team_vines(&self, v: &Vineyards) -> Result<(), String> {
        let Some(team) = &self.modules.team else {
            return match v.seats.iter().all(|s| s.split.is_empty()) {
                true => Ok(()),
                false => Err(
                    "a hexamino lies on one private and one shared key space only in the team game"
                        .into(),
                ),
            };
        };
        for (t, [a, b]) in team.members.iter().enumerate() {
            let (x, y) = (&v.seats[*a as usize], &v.seats[*b as usize]);
            if self.teams_vineyard() && (x.board != y.board || x.tiles != y.tiles) {
                return Err(format!("team {}: both members hold the team's vineyard board and vine bonus tiles (rules.team_vineyard team)", ["A", "B"][t]));
            }
            let (limits_shared, limits_private) = (
                !self
                    .config
                    .modules
                    .contains(crate::modules::Module::Shields)
                    || self.members_shields(),
                !self
                    .config
                    .modules
                    .contains(crate::modules::Module::Shields)
                    || !self.members_shields(),
            );
            for seat in [*a, *b] {
                let (private, shared) = self.vine_spaces(seat);
                let (tp, ts) = self
                    .key_spaces(seat)
                    .map_or((0, 0), |(p, s)| (p.len(), s.len()));
                if (limits_private && tp + private > PRIVATE_STORAGE)
                    || (limits_shared && ts + shared > SHARED_STORAGE)
                {
                    return Err(format!("team {}: more tiles and hexaminoes than key spaces ({PRIVATE_STORAGE} private a member, {SHARED_STORAGE} shared a team)", ["A", "B"][t]));
                }
            }
        }
        Ok(())
    }
}
