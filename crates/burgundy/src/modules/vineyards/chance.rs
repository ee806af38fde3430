//! The vineyards' chance steps: the setup (colours removed, a vine bonus tile dealt
//! to each seat) and, before each phase, the vine depot and shop refilled from the
//! bag (seed 000 lines 924-943).

use super::{Hexamino, Vine, VineBag, VineSeat, Vineyards};
use crate::action::{Event, Outcome};
use crate::error::{Error, Result};
use crate::state::{Burgundy, Stage};
use tabuleiro_core::Rng;

/// Bonus tiles per colour in the box (seed 000 line 148: 24, 6 types).
const TILES_PER_COLOUR: u8 = 4;

impl Burgundy {
    /// Is the vine depot and shop's refill for this phase still to come?
    #[inline]
    pub fn vines_due(&self) -> bool {
        self.config
            .modules
            .contains(crate::modules::Module::Vineyards)
            && matches!(self.stage, Stage::PhaseStart)
            && self.vineyards().map_or(0, |v| v.refills) <= self.phase
    }

    /// The depot positions filled (1-6): all with 4 players, 1, 3 and 5 with 2-3
    /// (seed 000 line 941; the positions from the TTS mod, data/vineyards.json).
    /// The AutoDuke counts as a player for the setup (seed 000 lines 1036, 1250; line
    /// 1270 "nas preparações para 3+ jogadores" counts it).
    pub fn vine_depot_slots(&self) -> &'static [u8] {
        match self.total_players() {
            4 => &[1, 2, 3, 4, 5, 6],
            _ => &[1, 3, 5],
        }
    }

    /// Hexaminoes in the vine shop: 3, or 1 with 2 players (seed 000 lines 941-943:
    /// the spaces marked "3" are filled only with 3 players). The solo game, of
    /// which the vineyard chapter says nothing, fills it as 2 players do (our
    /// reading: the shop's 2-3-player side, its "3" spaces left empty).
    pub fn vine_shop_size(&self) -> usize {
        match self.total_players() {
            0..=2 => 1,
            _ => 3,
        }
    }

    pub(crate) fn sample_vines(&self, rng: &mut Rng) -> Outcome {
        let setup = self.vineyards().is_none_or(|v| v.refills == 0);
        let (mut removed, mut dealt) = (Vec::new(), Vec::new());
        let mut colours: Vec<Vine> = Vine::ALL.to_vec();
        if setup {
            // The table's choice (`vines_removed`, seed 002 line 972 "elige"), else
            // drawn.
            for &chosen in &self.config.vines_removed {
                colours.retain(|&c| c != chosen);
                removed.push(chosen);
            }
            while removed.len() < self.config.vine_colours_to_remove() {
                removed.push(colours.remove(rng.below(colours.len())));
            }
            // "Pegue um conjunto de 6 peças bônus de vinhas diferentes ... entregue 1
            // a cada jogador" (seed 000 line 924); the AutoDuke takes none (line 1254);
            // with one vineyard a team, one a team (`rules.team_vineyard`).
            let mut set = colours.clone();
            for _ in 0..self.vineyard_count() {
                dealt.push(set.remove(rng.below(set.len())));
            }
        }
        let mut bag = self.refill_bag(setup, &removed);
        let mut depot = [None; 6];
        for &slot in self.vine_depot_slots() {
            depot[slot as usize - 1] = bag.draw(rng);
        }
        let shop = (0..self.vine_shop_size())
            .filter_map(|_| bag.draw(rng))
            .collect();
        Outcome::Vines {
            removed,
            dealt,
            depot,
            shop,
            provisional: !self.content().vineyard.verified,
        }
    }

    /// The bag a refill draws from: at the setup the box less the colours
    /// `removed` now, later the box less those removed and the hexaminoes drawn.
    fn refill_bag(&self, setup: bool, removed: &[Vine]) -> VineBag {
        match self.vineyards() {
            Some(v) if !setup => VineBag::of(&v.removed, &v.drawn),
            _ => VineBag::of(removed, &Default::default()),
        }
    }

    pub(crate) fn check_vines(
        &self,
        removed: &[Vine],
        dealt: &[Vine],
        depot: &[Option<Hexamino>; 6],
        shop: &[Hexamino],
    ) -> Result<()> {
        let bad = |m: String| Err(Error::Outcome(m));
        let setup = self.vineyards().is_none_or(|v| v.refills == 0);
        let distinct = |l: &[Vine]| (0..l.len()).all(|i| !l[..i].contains(&l[i]));
        if setup {
            if removed.len() != self.config.vine_colours_to_remove() || !distinct(removed) {
                return bad(format!(
                    "the setup removes {} distinct vine colours",
                    self.config.vine_colours_to_remove()
                ));
            }
            let chosen = &self.config.vines_removed;
            if !chosen.is_empty() && removed.iter().any(|c| !chosen.contains(c)) {
                return bad(format!(
                    "the table chose the vine colours removed: {}",
                    chosen
                        .iter()
                        .map(|c| c.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            if dealt.len() != self.vineyard_count()
                || !distinct(dealt)
                || dealt.iter().any(|v| removed.contains(v))
            {
                return bad(format!(
                    "the setup deals each of the {} vineyards a different vine bonus tile of a colour in play",
                    self.vineyard_count()
                ));
            }
        } else if !removed.is_empty() || !dealt.is_empty() {
            return bad("vine colours are removed and bonus tiles dealt at the setup only".into());
        }
        let slots = self.vine_depot_slots();
        if (1..=6u8).any(|s| depot[s as usize - 1].is_some() && !slots.contains(&s)) {
            return bad(format!("the vine depot's positions in play are {slots:?}"));
        }
        if shop.len() > self.vine_shop_size() {
            return bad(format!("the vine shop holds {}", self.vine_shop_size()));
        }
        let mut bag = self.refill_bag(setup, removed);
        let drawn: Vec<Hexamino> = depot.iter().flatten().chain(shop).copied().collect();
        for h in &drawn {
            match &mut bag.counts[h.kind_index()] {
                0 => return bad(format!("no hexamino {h} is left in the bag")),
                left => *left -= 1,
            }
        }
        // The bag is emptied before a position is left empty.
        let left = bag.left();
        if left > 0 && drawn.len() < slots.len() + self.vine_shop_size() {
            return bad(
                "every position of the vine depot and shop is filled while the bag has hexaminoes"
                    .into(),
            );
        }
        Ok(())
    }

    /// Seed 000 lines 940-941: the hexaminoes left go back to the box, the depot
    /// and shop are refilled one by one from the bag.
    pub(crate) fn refill_vines(
        &mut self,
        removed: &[Vine],
        dealt: &[Vine],
        depot: &[Option<Hexamino>; 6],
        shop: &[Hexamino],
        events: &mut Vec<Event>,
    ) {
        let seats = self.players.len();
        let owners: Vec<Vec<tabuleiro_core::Seat>> =
            (0..dealt.len()).map(|i| self.vineyard_owners(i)).collect();
        let v = self
            .modules
            .vineyards
            .get_or_insert_with(Vineyards::default);
        if v.refills == 0 {
            v.removed = removed.to_vec();
            v.seats = vec![VineSeat::default(); seats];
            v.supply = std::array::from_fn(|i| match removed.contains(&Vine::ALL[i]) {
                true => 0,
                false => TILES_PER_COLOUR,
            });
            for (owners, &vine) in owners.iter().zip(dealt) {
                owners
                    .iter()
                    .for_each(|&s| v.seats[s as usize].tiles.push(vine));
                v.supply[vine.index()] -= 1;
            }
            events.push(Event::VinesDealt {
                removed: removed.to_vec(),
                dealt: dealt.to_vec(),
                provisional: !self.config.content.get().vineyard.verified,
            });
        }
        v.depot = *depot;
        v.shop = shop.to_vec();
        v.shop_at.clear();
        for h in depot.iter().flatten().chain(shop) {
            *v.drawn.entry(*h).or_insert(0) += 1;
        }
        v.refills += 1;
        events.push(Event::VinesRefilled {
            depot: depot.to_vec(),
            shop: shop.to_vec(),
        });
    }
}

impl Burgundy {
    /// A position's vineyards: only with the module; one record per seat; spaces
    /// of the board; no more hexaminoes drawn than the box holds of a kind, none of
    /// a removed colour; bonus tiles within the box's 4 a colour.
    pub(crate) fn validate_vineyards(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(format!("vineyards: {m}")));
        let Some(v) = self.vineyards() else {
            return Ok(());
        };
        if !self
            .config
            .modules
            .contains(crate::modules::Module::Vineyards)
        {
            return bad("kept in a game without the module vineyards");
        }
        if v.refills == 0 {
            return match *v == Vineyards::default() {
                true => Ok(()),
                false => bad("nothing is on the table before the setup"),
            };
        }
        if v.seats.len() != self.players.len() {
            return bad("one vineyard per seat");
        }
        let board = &self.content().vineyard;
        for (h, &n) in &v.drawn {
            if n > h.copies() || v.removed.iter().any(|&c| h.has(c)) {
                return bad(&format!("{n} hexaminoes {h} drawn: more than the bag held"));
            }
        }
        let mut tiles = v.supply;
        for (seat, s) in (0..).zip(&v.seats) {
            if s.board.keys().any(|&n| board.space(n).is_none()) {
                return bad("a hexamino lies off the vineyard board");
            }
            // One vineyard a team: its tiles are counted once, on the first member.
            if !(self.teams_vineyard() && self.team_second(seat)) {
                s.tiles.iter().for_each(|t| tiles[t.index()] += 1);
            }
        }
        if let Err(m) = self.validate_team_vines(v) {
            return bad(&m);
        }
        if tiles.iter().any(|&n| n > TILES_PER_COLOUR) {
            return bad("more than 4 vine bonus tiles of a colour");
        }
        let slots = self.vine_depot_slots();
        if (1..=6u8).any(|s| v.depot[s as usize - 1].is_some() && !slots.contains(&s))
            || v.shop.len() > self.vine_shop_size()
        {
            return bad("a hexamino lies on a vine depot or shop position not in play");
        }
        let size = self.vine_shop_size() as u8;
        let rising = v.shop_at.windows(2).all(|w| w[0] < w[1]);
        if !v.shop_at.is_empty()
            && (v.shop_at.len() != v.shop.len()
                || !rising
                || v.shop_at.iter().any(|&p| !(1..=size).contains(&p)))
        {
            return bad("shop_at gives each shop hexamino its position, rising, in play");
        }
        let auto_duke = self.modules.auto_duke.as_ref();
        if auto_duke.is_some_and(|ad| {
            ad.hexaminoes
                .iter()
                .any(|h| v.removed.iter().any(|&c| h.has(c)))
        }) {
            return bad("the AutoDuke holds a hexamino of a removed colour");
        }
        Ok(())
    }
}
