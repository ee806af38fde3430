//! The AutoDuke's setup (seed 000 lines 1044-1064), its place in the turn order, its
//! chance steps (its die, its cards), the checks of its state in a position, its
//! final scoring (lines 1184-1196) and its place in the standings.

use super::{AutoDuke, AutoDukeModifierB, AutoDukeOrder, Held, VillageCard, AUTO_DUKE};
use crate::action::{Event, Outcome};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::modules::Module;
use crate::state::*;
use crate::tile::{Colour, Tile, KINDS};
use tabuleiro_core::{Participant, Rng, Standing};

/// Modifier A's tiles (seed 000 line 1208: 2 building, 1 pasture, 1 ship, 1
/// monastery) and B's (line 1209: 1 building, 1 mine, 1 castle).
const MODIFIER_A_TILES: usize = 5;

impl AutoDuke {
    /// Before the setup: one good of each type set aside for it (seed 000 line 1047,
    /// step F line 1058) and 1 silver (step G); no workers (step H); its marker last
    /// on the track's first space (line 1064).
    pub(crate) fn new(config: &Config) -> Option<AutoDuke> {
        if !config.modules.contains(Module::AutoDuke) {
            return None;
        }
        let board = config.rules.auto_duke_modifiers.board();
        let spaces = config.content.get().auto_duke.board(board)?.spaces.len();
        Some(AutoDuke {
            board,
            dealt: false,
            cards: Vec::new(),
            deck: Vec::new(),
            completed: Vec::new(),
            duchy: vec![None; spaces],
            stacked: Vec::new(),
            reserve: Vec::new(),
            wild: Vec::new(),
            goods: [1; 6],
            sold: [0; 6],
            silver: 1,
            vp: 0,
            bonus_tiles: Vec::new(),
            trading_post_tile: None,
            shields: Vec::new(),
            hexaminoes: Vec::new(),
            marker: 0,
            under: 0,
            slot: 0,
            played: false,
            die: None,
        })
    }
}

impl Burgundy {
    /// Is the AutoDuke in this game?
    #[inline]
    pub fn auto_duke(&self) -> bool {
        self.modules.auto_duke.is_some()
    }

    /// Seats and the AutoDuke: it counts as a player for the setup (seed 000 line
    /// 1036), the VP per good sold and the bonus tiles (digest A48).
    pub fn total_players(&self) -> u8 {
        self.config.total_players()
    }

    /// At the first phase start: its cards are still to deal.
    pub(crate) fn auto_duke_to_deal(&self) -> bool {
        self.stage == Stage::PhaseStart
            && self.modules.auto_duke.as_ref().is_some_and(|ad| !ad.dealt)
    }

    /// Modifier C (line 1210): it starts, its marker on top of the first space.
    pub(crate) fn auto_duke_start(&mut self) {
        let n = self.players.len() as u8;
        let first = self.config.rules.auto_duke_modifiers.has('c');
        if let Some(ad) = self.modules.auto_duke.as_mut() {
            ad.under = if first { n } else { 0 };
        }
    }

    /// Steps C-D (lines 1056-1057): the first card revealed showing a castle is the
    /// left one (uniform among the castle cards), the top of the other eight the
    /// right one; modifiers A and B's tiles (lines 1208-1209).
    pub(crate) fn sample_auto_duke_setup(&self, rng: &mut Rng) -> Outcome {
        let data = &self.content().auto_duke;
        let deck = self.auto_duke_deck();
        let castles: Vec<u8> = deck
            .iter()
            .copied()
            .filter(|&n| data.card(n).is_some_and(|c| c.has_castle()))
            .collect();
        let left = castles[rng.below(castles.len())];
        let others: Vec<u8> = deck.iter().copied().filter(|&n| n != left).collect();
        let right = others[rng.below(others.len())];
        let modifiers = self.config.rules.auto_duke_modifiers;
        let mut black = self.supply(true);
        let face_down = match modifiers.has('a') {
            true => draw_any(rng, &mut black, MODIFIER_A_TILES),
            false => Vec::new(),
        };
        let mut face_up = Vec::new();
        if modifiers.has('b') {
            let from_black =
                self.config.rules.auto_duke_modifier_b == AutoDukeModifierB::BlackDepot;
            let mut coloured = self.supply(false);
            for colour in self.modifier_b_colours() {
                let bag = if from_black {
                    &mut black
                } else {
                    &mut coloured
                };
                if let Some(k) = pick(rng, bag, |t| t.colour() == colour) {
                    bag[k] -= 1;
                    face_up.push(Tile::from_kind(k));
                }
            }
        }
        Outcome::AutoDukeCards {
            left,
            right,
            face_down,
            face_up,
            provisional: !data.verified,
        }
    }

    /// Modifier A's tiles lie face down (seed 000 line 1128, "virada para baixo"):
    /// no one sees which black-depot tiles they are. Another draw of them, with the
    /// same cards and face-up tiles, is an outcome no viewer can tell from `outcome`.
    pub(crate) fn hidden_auto_duke_setup(
        &self,
        outcome: &Outcome,
        rng: &mut Rng,
    ) -> Option<Outcome> {
        let Outcome::AutoDukeCards {
            left,
            right,
            face_down,
            face_up,
            provisional,
        } = outcome
        else {
            return None;
        };
        (0..8).find_map(|_| {
            let other = draw_any(rng, &mut self.supply(true), face_down.len());
            let fits = self
                .check_auto_duke_setup(*left, *right, &other, face_up)
                .is_ok();
            (fits && other != *face_down).then(|| Outcome::AutoDukeCards {
                left: *left,
                right: *right,
                face_down: other,
                face_up: face_up.clone(),
                provisional: *provisional,
            })
        })
    }

    /// For a guess: empties the AutoDuke's duchy spaces whose tile lies face down
    /// (modifier A: black-depot tiles no one has seen) and uncounts those tiles from
    /// the black bag's draws; the spaces emptied.
    pub(crate) fn turn_auto_dukes_tiles_down(&mut self) -> Vec<u8> {
        let Some(ad) = self.modules.auto_duke.as_mut() else {
            return Vec::new();
        };
        let down: Vec<(u8, Tile)> = ad.face_down().collect();
        for &(space, tile) in &down {
            ad.duchy[space as usize] = None;
            self.drawn_black.0[tile.kind()] -= 1;
        }
        down.into_iter().map(|(space, _)| space).collect()
    }

    /// The inverse for a guessed state: a face-down tile on each of `spaces`, drawn
    /// from the black tiles no one has seen.
    pub(crate) fn guess_auto_dukes_tiles_down(&mut self, spaces: &[u8], rng: &mut Rng) {
        let tiles = draw_any(rng, &mut self.supply(true), spaces.len());
        for (&space, tile) in spaces.iter().zip(tiles) {
            self.drawn_black.add(tile);
            if let Some(ad) = self.modules.auto_duke.as_mut() {
                ad.duchy[space as usize] = Some(Held {
                    tile,
                    face_down: true,
                });
            }
        }
    }

    /// The AutoDuke's deck: cards 1-9, or with the vineyards card 1 and 10-17 (seed
    /// 000 line 1253). Setup steps C-D apply to it as to cards 1-9 ("A preparação
    /// geral é a mesma", line 1250; digest A43): card 1 shows a castle.
    pub fn auto_duke_deck(&self) -> Vec<u8> {
        let vineyards = self.config.modules.contains(Module::Vineyards);
        self.content().auto_duke.deck(vineyards).to_vec()
    }

    /// The colours of board 36's B spaces, in the order they are filled.
    fn modifier_b_colours(&self) -> Vec<Colour> {
        let data = &self.content().auto_duke;
        let board = data.board(36).map(|b| (b.b.clone(), b.spaces.clone()));
        board.map_or_else(Vec::new, |(b, spaces)| {
            b.iter().map(|&s| spaces[s]).collect()
        })
    }

    pub(crate) fn check_auto_duke_setup(
        &self,
        left: u8,
        right: u8,
        face_down: &[Tile],
        face_up: &[Tile],
    ) -> Result<()> {
        let bad = |m: String| Err(Error::Outcome(m));
        let data = &self.content().auto_duke;
        let deck = self.auto_duke_deck();
        if !data.card(left).is_some_and(|c| c.has_castle())
            || !deck.contains(&left)
            || !deck.contains(&right)
            || left == right
        {
            return bad(format!(
                "the AutoDuke's left card is one of its deck {deck:?} showing a castle and the right another ({left}, {right} given)"
            ));
        }
        let modifiers = self.config.rules.auto_duke_modifiers;
        let mut black = self.supply(true);
        let a = if modifiers.has('a') {
            MODIFIER_A_TILES
        } else {
            0
        };
        if face_down.len() != a.min(black.iter().map(|&n| n as usize).sum()) {
            return bad(format!("modifier A lays {a} face-down black-depot tiles"));
        }
        for t in face_down {
            match black.get_mut(t.kind()) {
                Some(n) if *n > 0 => *n -= 1,
                _ => return bad(format!("no black-backed {t} is left to draw")),
            }
        }
        let colours = match modifiers.has('b') {
            true => self.modifier_b_colours(),
            false => Vec::new(),
        };
        let from_black = self.config.rules.auto_duke_modifier_b == AutoDukeModifierB::BlackDepot;
        let mut coloured = self.supply(false);
        // A B space whose colour its bag no longer holds (modifier A may have drawn
        // the black mines) stays empty: its tile is skipped, in order.
        let mut tiles = face_up.iter().peekable();
        for c in colours {
            let bag = if from_black {
                &mut black
            } else {
                &mut coloured
            };
            let next = tiles.next_if(|t| t.colour() == c);
            let none_left = Tile::kinds_of(c).all(|k| bag[k] == 0);
            match next.map(|t| &mut bag[t.kind()]) {
                Some(n) if *n > 0 => *n -= 1,
                None if none_left => {}
                _ => {
                    return bad(format!(
                        "modifier B lays on its {} space a tile of that colour left in its bag",
                        c.name()
                    ))
                }
            }
        }
        if let Some(t) = tiles.next() {
            return bad(format!("modifier B has no space for {t}"));
        }
        Ok(())
    }

    /// Deals the cards: the castle on the left card's castle space (step E, line
    /// 1058), the others face down; modifiers A and B's tiles on board 36.
    pub(crate) fn deal_auto_duke(
        &mut self,
        left: u8,
        right: u8,
        face_down: &[Tile],
        face_up: &[Tile],
        events: &mut Vec<Event>,
    ) {
        let content = self.config.content.clone();
        let data = &content.get().auto_duke;
        let deck = self.auto_duke_deck();
        let provisional = !data.verified;
        let card = |n: u8| VillageCard {
            number: n,
            spaces: vec![None; data.card(n).map_or(0, |c| c.spaces.len())],
        };
        let (mut l, r) = (card(left), card(right));
        let castle_space = data
            .card(left)
            .and_then(|c| c.spaces.iter().position(|&s| s == Colour::Castle));
        if let Some(s) = castle_space {
            l.spaces[s] = Some(Held::up(Tile::Castle));
            self.drawn.add(Tile::Castle);
        }
        face_down.iter().for_each(|&t| self.drawn_black.add(t));
        let from_black = self.config.rules.auto_duke_modifier_b == AutoDukeModifierB::BlackDepot;
        for &t in face_up {
            match from_black {
                true => self.drawn_black.add(t),
                false => self.drawn.add(t),
            }
        }
        let board = data.board(36);
        let ad = self
            .modules
            .auto_duke
            .as_mut()
            .expect("dealt with its module");
        ad.cards = vec![l, r];
        ad.deck = deck
            .iter()
            .copied()
            .filter(|&n| n != left && n != right)
            .collect();
        ad.dealt = true;
        events.push(Event::AutoDukeSetUp {
            left,
            right,
            provisional,
        });
        let spaces = board
            .map(|b| (b.a.clone(), b.b.clone()))
            .unwrap_or_default();
        let laid = face_down.iter().map(|&t| (t, true)).zip(spaces.0);
        // Each B tile on the next B space of its colour (a space whose colour was
        // gone from its bag stays empty).
        let mut up = face_up.iter().peekable();
        let b_spaces: Vec<(Tile, usize)> = spaces
            .1
            .into_iter()
            .filter_map(|s| {
                let colour = board?.spaces[s];
                Some((*up.next_if(|t| t.colour() == colour)?, s))
            })
            .collect();
        let laid = laid.chain(b_spaces.into_iter().map(|(t, s)| ((t, false), s)));
        for ((tile, face_down), space) in laid {
            ad.duchy[space] = Some(Held { tile, face_down });
            events.push(Event::AutoDukeLaid {
                tile: (!face_down).then_some(tile),
                space: space as u8,
                face_down,
            });
        }
    }

    /// Its turn, or a card for its empty slot: a chance step either way.
    pub(crate) fn sample_auto_duke(&self, rng: &mut Rng) -> Outcome {
        match self.modules.auto_duke.as_ref() {
            Some(ad) if ad.needs_card() => Outcome::AutoDukeCard {
                card: ad.deck[rng.below(ad.deck.len())],
            },
            _ => Outcome::AutoDukeDie { die: rng.die() },
        }
    }

    /// The outcomes of [`Burgundy::sample_auto_duke`], each with its chance.
    pub(crate) fn auto_duke_outcomes(&self) -> Vec<(Outcome, f64)> {
        use tabuleiro_core::chance::uniform_draw;
        match self.modules.auto_duke.as_ref() {
            Some(ad) if ad.needs_card() => {
                uniform_draw(ad.deck.iter().map(|&card| Outcome::AutoDukeCard { card }))
            }
            _ => uniform_draw((1..=6).map(|die| Outcome::AutoDukeDie { die })),
        }
    }

    /// The AutoDuke's chance steps: its die roll starts its turn; a card drawn
    /// fills the slot a completed card left (line 1164).
    pub(crate) fn apply_auto_duke_outcome(
        &mut self,
        outcome: &Outcome,
        events: &mut Vec<Event>,
    ) -> Result<()> {
        let Some(ad) = self.modules.auto_duke.as_mut() else {
            return Err(Error::Outcome("there is no AutoDuke in this game".into()));
        };
        match *outcome {
            Outcome::AutoDukeDie { die } if !ad.needs_card() && !ad.played => {
                if !(1..=6).contains(&die) {
                    return Err(Error::Outcome("the AutoDuke's die shows 1-6".into()));
                }
                self.auto_duke_turn(die, events);
            }
            Outcome::AutoDukeCard { card } if ad.needs_card() => {
                let Some(i) = ad.deck.iter().position(|&c| c == card) else {
                    return Err(Error::Outcome(format!(
                        "card {card} is not in the AutoDuke's deck {:?}",
                        ad.deck
                    )));
                };
                ad.deck.remove(i);
                let spaces = (self.config.content.get().auto_duke)
                    .card(card)
                    .map_or(0, |c| c.spaces.len());
                ad.cards.push(VillageCard {
                    number: card,
                    spaces: vec![None; spaces],
                });
                let provisional = !self.config.content.get().auto_duke.verified;
                events.push(Event::AutoDukeDrew { card, provisional });
                if !ad.needs_card() {
                    self.next_turn(events);
                }
            }
            _ => return Err(Error::Outcome(
                "the AutoDuke's turn waits for its die roll, or for a card when a slot is empty"
                    .into(),
            )),
        }
        Ok(())
    }

    /// The round starts: how many seats play before it (its marker's place on the
    /// track read like the seats', seed 000 line 1101).
    pub(crate) fn auto_duke_round(&mut self) {
        let ahead = {
            let Some(ad) = self.modules.auto_duke.as_ref() else {
                return;
            };
            let marker = ad.marker as usize;
            let further: usize = self.track[marker + 1..].iter().map(Vec::len).sum();
            further + self.track[marker].len().saturating_sub(ad.under as usize)
        };
        // `rules.auto_duke_order: last` (digest A37): after every seat, but where
        // modifier C starts it in the game's first round.
        let rules = &self.config.rules;
        let starts = rules.auto_duke_modifiers.has('c') && self.phase == 0 && self.round == 0;
        let ahead = match rules.auto_duke_order {
            AutoDukeOrder::Last if !starts => self.players.len(),
            _ => ahead,
        };
        let ad = self.modules.auto_duke.as_mut().expect("checked");
        ad.slot = ahead as u8;
        ad.played = false;
        ad.die = None;
    }

    /// Is it the AutoDuke's turn, with `done` seats of the round's order played?
    #[inline]
    pub(crate) fn auto_duke_due(&self, done: usize) -> bool {
        self.modules
            .auto_duke
            .as_ref()
            .is_some_and(|ad| !ad.played && ad.slot as usize <= done)
    }

    /// A seat's marker left `space` from height `h`: a marker under the AutoDuke's
    /// leaves it one lower.
    #[inline]
    pub(crate) fn seat_left_track_space(&mut self, space: usize, h: usize) {
        if let Some(ad) = self.modules.auto_duke.as_mut() {
            if ad.marker as usize == space && h < ad.under as usize {
                ad.under -= 1;
            }
        }
    }

    /// The AutoDuke's final scoring (lines 1186-1194): 4 VP per face-up monastery
    /// on its duchy and incomplete cards, 1 per good, 1 per silver, 1 per reserve
    /// tile, 2 per tile on an incomplete card.
    pub(crate) fn auto_duke_final(&mut self, events: &mut Vec<Event>) {
        let Some(ad) = self.modules.auto_duke.as_mut() else {
            return;
        };
        let monasteries = 4 * ad
            .face_up()
            .filter(|t| matches!(t, Tile::Knowledge(_)))
            .count() as i32;
        let goods = ad.goods.iter().map(|&g| g as i32).sum();
        let silver = ad.silver as i32;
        let reserve = (ad.reserve.len() + ad.wild.len()) as i32;
        let cards = 2 * ad
            .cards
            .iter()
            .flat_map(|c| c.spaces.iter().flatten())
            .count() as i32;
        let vp = monasteries + goods + silver + reserve + cards;
        ad.vp += vp;
        let shields = ad.shields.len();
        events.push(Event::AutoDukeFinal {
            monasteries,
            goods,
            silver,
            reserve,
            cards,
            vp,
        });
        if self.config.modules.contains(Module::Shields) {
            self.auto_duke_shields_final(shields, events);
        }
        if self.config.modules.contains(Module::Vineyards) {
            self.auto_duke_hexaminoes_final(events);
        }
    }

    /// The standings with the AutoDuke: the seats in their order, the AutoDuke
    /// above every seat it ties ("Em caso de empate, o AutoDuque ganha", line 1196).
    pub(crate) fn auto_duke_standings(&self, seats: Vec<Standing>) -> Vec<Standing> {
        let Some(ad) = self.modules.auto_duke.as_ref() else {
            return seats;
        };
        let at = seats
            .iter()
            .position(|s| s.score <= ad.vp)
            .unwrap_or(seats.len());
        let mut all = seats;
        all.insert(
            at,
            Standing {
                place: 0,
                members: vec![Participant::Automaton(AUTO_DUKE.into())],
                score: ad.vp,
            },
        );
        for (i, s) in all.iter_mut().enumerate() {
            s.place = i as u8 + 1;
        }
        all
    }

    /// Its state in a position: with its module only, its cards, deck and
    /// discards the nine cards once dealt, tiles of the right colours on its cards
    /// and duchy, its marker on the track.
    pub(crate) fn validate_auto_duke(&self) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        let module = self.config.modules.contains(Module::AutoDuke);
        let Some(ad) = self.modules.auto_duke.as_ref() else {
            return match module || self.stage == Stage::AutoDuke {
                true => {
                    bad("modules.auto_duke is the AutoDuke's state: its module needs it".into())
                }
                false => Ok(()),
            };
        };
        if !module {
            return bad("modules.auto_duke needs the module auto-duke".into());
        }
        let data = &self.content().auto_duke;
        let Some(board) = data.board(ad.board) else {
            return bad(format!(
                "the AutoDuke's board is 35 or 36, not {}",
                ad.board
            ));
        };
        if ad.board != self.config.rules.auto_duke_modifiers.board()
            || ad.duchy.len() != board.spaces.len()
        {
            return bad(format!(
                "the AutoDuke plays board {} of {} spaces",
                self.config.rules.auto_duke_modifiers.board(),
                board.spaces.len()
            ));
        }
        for (s, h) in ad.duchy.iter().enumerate() {
            if let Some(h) = h {
                if !h.face_down && h.tile.colour() != board.spaces[s] {
                    return bad(format!(
                        "a face-up {} on the AutoDuke's {} space {s}",
                        h.tile,
                        board.spaces[s].name()
                    ));
                }
            }
        }
        let mut numbers: Vec<u8> = ad
            .cards
            .iter()
            .map(|c| c.number)
            .chain(ad.deck.iter().copied())
            .chain(ad.completed.iter().copied())
            .collect();
        numbers.sort();
        let all = self.auto_duke_deck();
        let dealt_ok = match ad.dealt {
            true => numbers == all && ad.cards.len() <= 2,
            false => numbers.is_empty(),
        };
        if !dealt_ok {
            return bad(format!(
                "the AutoDuke's cards, deck and discards hold cards {all:?} once each once dealt"
            ));
        }
        for c in &ad.cards {
            let d = data.card(c.number).expect("numbers checked");
            if c.spaces.len() != d.spaces.len() {
                return bad(format!("card {} has {} spaces", c.number, d.spaces.len()));
            }
            for (s, h) in c.spaces.iter().enumerate() {
                if h.is_some_and(|h| !h.face_down && h.tile.colour() != d.spaces[s]) {
                    return bad(format!(
                        "card {} space {s} is a {} space",
                        c.number,
                        d.spaces[s].name()
                    ));
                }
            }
            if c.full() {
                return bad(format!(
                    "card {} is complete: it is discarded in the turn",
                    c.number
                ));
            }
        }
        const LIMIT: u32 = 100_000;
        if ad.silver > LIMIT || !(0..=LIMIT as i32).contains(&ad.vp) || ad.marker as usize >= TRACK
        {
            return bad(
                "the AutoDuke's silver and VP are 0 to 100000, its marker on the track".into(),
            );
        }
        if ad.under as usize > self.track[ad.marker as usize].len()
            || ad.slot as usize > self.players.len()
        {
            return bad("the AutoDuke's marker lies in its space's stack".into());
        }
        if ad.bonus_tiles.len() > 6 || ad.bonus_tiles.iter().any(|b| !(0..=7).contains(&b.vp)) {
            return bad("the AutoDuke holds at most 6 bonus tiles of 2-7 VP".into());
        }
        self.validate_auto_duke_trading_post(ad)?;
        if !ad.hexaminoes.is_empty() && !self.config.modules.contains(Module::Vineyards) {
            return bad("the AutoDuke's hexaminoes need the module vineyards".into());
        }
        if ad.die.is_some_and(|d| !(1..=6).contains(&d)) {
            return bad("the AutoDuke's die shows 1-6".into());
        }
        if self.stage == Stage::AutoDuke && (!ad.dealt || (ad.played && !ad.needs_card())) {
            return bad("the AutoDuke's turn waits for its die or a card".into());
        }
        Ok(())
    }

    /// The AutoDuke's tiles, for the count of every tile in play.
    pub(crate) fn auto_duke_tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.modules.auto_duke.iter().flat_map(AutoDuke::tiles)
    }
}

/// A random kind among `counts` that passes `keep`, weighted by the counts.
/// Up to `n` tiles of any kind drawn one by one from the bag's `counts`, taken out
/// of them (fewer when the bag runs out).
fn draw_any(rng: &mut Rng, counts: &mut [u8; KINDS], n: usize) -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(n);
    for _ in 0..n {
        if let Some(k) = pick(rng, counts, |_| true) {
            counts[k] -= 1;
            tiles.push(Tile::from_kind(k));
        }
    }
    tiles
}

fn pick(rng: &mut Rng, counts: &[u8; KINDS], keep: impl Fn(Tile) -> bool) -> Option<usize> {
    let weights: Vec<u32> = (0..KINDS)
        .map(|k| {
            if keep(Tile::from_kind(k)) {
                counts[k] as u32
            } else {
                0
            }
        })
        .collect();
    rng.weighted(&weights)
}
