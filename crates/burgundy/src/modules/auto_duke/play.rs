//! The AutoDuke's turn (seed 000 lines 1103-1176): one action, "escolher e colocar
//! uma peça hexagonal", then its benefits, the sell symbols, the completed cards,
//! the bonus tiles and the black-depot purchase, each step resolved in full, in
//! order. Everything is decided by the procedure: no one chooses for it.

use super::{
    AutoDuke, AutoDukeAction, AutoDukeCastleBonus, AutoDukePurchase, AutoDukeWhiteCastle, Held,
    SaleCause,
};
use crate::action::Event;
use crate::modules::{Hooks, Module, SoloClockwise};
use crate::state::*;
use crate::tile::{Animal, Building, Colour, Tile};

/// What the turn noted for the later steps.
#[derive(Default)]
pub(super) struct Notes {
    /// Sell symbols covered and not yet sold for (step 3).
    sell: u32,
    /// Hexamino symbols covered and not yet resolved (step 3, module `vineyards`).
    pub(super) hexaminoes: u32,
    /// The selected card this turn (index among the face-up cards).
    selected: Option<usize>,
}

/// The AutoDuke's moments outside its turn: its mines' silver at a phase's end.
pub(crate) struct AutoDukeHooks;

impl Hooks for AutoDukeHooks {
    /// Seed 000 line 1112: "recebe peças de prata para cada mina virada para cima
    /// em seu ducado e em cartas de vila (não na reserva)".
    fn phase_ended(&self, game: &mut Burgundy, events: &mut Vec<Event>) {
        let Some(ad) = game.modules.auto_duke.as_mut() else {
            return;
        };
        let silver = ad.face_up().filter(|&t| t == Tile::Mine).count() as u32;
        if silver > 0 {
            ad.silver += silver;
            events.push(Event::AutoDukeMines { silver });
        }
    }
}

impl AutoDuke {
    /// Its face-up tiles on its duchy (stacks included) and its cards.
    pub(crate) fn face_up(&self) -> impl Iterator<Item = Tile> + '_ {
        let cards = self.cards.iter().flat_map(|c| c.spaces.iter().flatten());
        self.duchy
            .iter()
            .flatten()
            .chain(cards)
            .filter(|h| !h.face_down)
            .map(|h| h.tile)
            .chain(self.stacked.iter().copied())
    }

    /// A farm placed on a card (seed 000 line 1148): the animals of its kind on its
    /// cards and duchy, this tile's included (the example's three sheep tiles). The
    /// geese (extra hexes, line 1222): placed, they score as the animal it has most
    /// of ("como se eles correspondessem a qualquer animal que ele tiver em maior
    /// quantidade": a tie scores the same); later, as the animal placed ("trata os
    /// gansos como se eles correspondessem ao animal colocado").
    fn farm_vp(&self, placed: Animal) -> i32 {
        let mut animals = [0i32; Animal::ALL.len()];
        for t in self.face_up() {
            if let Tile::Livestock { animal, count } = t {
                animals[animal as usize] += count as i32;
            }
        }
        let geese = animals[Animal::Goose as usize];
        let most = |a: &[i32]| a.iter().copied().max().unwrap_or(0);
        match placed {
            Animal::Goose => geese + most(&animals[..Animal::Goose as usize]),
            _ => animals[placed as usize] + geese,
        }
    }

    /// The reserve's face-up tiles of a colour.
    fn in_reserve(&self, colour: Colour) -> usize {
        self.reserve.iter().filter(|t| t.colour() == colour).count()
    }

    /// Takes the top tile of the reserve's stack of a colour (the last that came).
    fn take_from_reserve(&mut self, colour: Colour) -> Option<Tile> {
        let i = self.reserve.iter().rposition(|t| t.colour() == colour)?;
        Some(self.reserve.remove(i))
    }
}

/// The depots from `start` (1-6) clockwise, each once, as indexes: the ring
/// 1-2-3-4-5-6-1 up or down (`rules.auto_duke_clockwise`, digest A7: the board's
/// picture, which shows the order, is lost; the same two readings as the solo
/// game's `rules.solo_clockwise`).
fn clockwise(start: u8, way: SoloClockwise) -> impl Iterator<Item = usize> {
    let start = start as usize + 5;
    (0..6).map(move |i| match way {
        SoloClockwise::Ascending => (start + i) % 6,
        SoloClockwise::Descending => (start + 6 - i) % 6,
    })
}

impl Burgundy {
    /// The AutoDuke's search of the depots from `start` (1-6), each once, in the
    /// game's reading of clockwise ([`clockwise`]).
    pub(super) fn ad_depots_from(&self, start: u8) -> impl Iterator<Item = usize> {
        clockwise(start, self.config.rules.auto_duke_clockwise)
    }
}

impl Burgundy {
    pub(super) fn ad(&self) -> &AutoDuke {
        self.modules
            .auto_duke
            .as_ref()
            .expect("the AutoDuke's state is validated with its module")
    }

    pub(super) fn ad_mut(&mut self) -> &mut AutoDuke {
        self.modules
            .auto_duke
            .as_mut()
            .expect("the AutoDuke's state is validated with its module")
    }

    /// The card the white die selects (seed 000 line 1096: 1-4 the left card, 5-6
    /// the right); with one card left (the deck ran out, digest A43) that one.
    pub fn auto_duke_selected(&self) -> Option<usize> {
        let cards = self.modules.auto_duke.as_ref()?.cards.len();
        let wanted = (self.white >= 5) as usize;
        (cards > 0).then(|| wanted.min(cards - 1))
    }

    /// The AutoDuke's turn with its die rolled: steps 1-6 (seed 000 lines 1105-1110).
    pub(crate) fn auto_duke_turn(&mut self, die: u8, events: &mut Vec<Event>) {
        self.ad_mut().die = Some(die);
        events.push(Event::AutoDukeRolled { die });
        let mut notes = Notes {
            selected: self.auto_duke_selected(),
            ..Notes::default()
        };
        // Step 1 (and step 2, the benefit of each tile as it is placed).
        self.choose_and_place(die, &mut notes, events);
        // Steps 3 and 4: the sell symbols, then the completed cards; an extra turn
        // (modifier D) may cover more symbols and complete more cards.
        loop {
            if notes.sell > 0 {
                // Digest A40: one sale for the symbols of a turn ("cobriu um ou mais
                // símbolos ... tentará realizar a ação extra", seed 000 line 1156).
                notes.sell = 0;
                self.auto_duke_sell(SaleCause::Symbol, events);
            }
            // Each hexamino symbol covered: a hexamino (seed 000 line 1260: "Sempre
            // que ... posicionar uma peça hexagonal sobre um espaço").
            for _ in 0..std::mem::take(&mut notes.hexaminoes) {
                self.auto_duke_take_hexamino(events);
            }
            let pending = notes.sell + notes.hexaminoes;
            if !self.complete_cards(&mut notes, events) && pending == 0 {
                break;
            }
        }
        self.auto_duke_bonus_tiles(events);
        self.auto_duke_purchase(events);
        events.push(Event::AutoDukeTurnEnded {});
        self.ad_mut().played = true;
        if !self.ad().needs_card() {
            self.next_turn(events);
        }
    }

    /// Step 1 (seed 000 lines 1118-1129): from its die's depot clockwise, the first
    /// empty space of the selected card (reading order) a depot's tile matches; else
    /// the first of the fallbacks.
    fn choose_and_place(&mut self, die: u8, notes: &mut Notes, events: &mut Vec<Event>) {
        if let Some(card) = notes.selected {
            if self.take_for(&[card], die, AutoDukeAction::Turn, notes, events) {
                return;
            }
            if self.place_from_reserve(card, AutoDukeAction::Turn, notes, events) {
                return;
            }
            // Line 1126: a wildcard from the reserve, on the top-left free space; no
            // placement benefit, but a sell symbol counts.
            if let Some(tile) = self.ad_mut().wild.pop() {
                let space = self.ad().cards[card]
                    .spaces
                    .iter()
                    .position(Option::is_none);
                if let Some(space) = space {
                    let held = Held {
                        tile,
                        face_down: true,
                    };
                    let number = self.ad().cards[card].number;
                    events.push(Event::AutoDukeWildcard { card: number });
                    self.put_on_card(card, space, held, notes);
                    return;
                }
                self.ad_mut().wild.push(tile);
            }
        }
        // Line 1128: the black depot's first tile, face down into the reserve.
        if !self.black_depot.is_empty() {
            let tile = self.black_depot.remove(0);
            self.ad_mut().wild.push(tile);
            events.push(Event::AutoDukeTookBlack { tile });
            return;
        }
        // Line 1129: 2 silver.
        self.ad_mut().silver += 2;
        events.push(Event::AutoDukeNoTile { silver: 2 });
    }

    /// The depot search of "escolher e colocar" for these cards (in order), from
    /// depot `start` clockwise: the first card's empty spaces in reading order
    /// against each depot, then the next card's. The tile found is placed with its
    /// benefit; false when none matches.
    fn take_for(
        &mut self,
        cards: &[usize],
        start: u8,
        action: AutoDukeAction,
        notes: &mut Notes,
        events: &mut Vec<Event>,
    ) -> bool {
        let data = &self.content().auto_duke;
        for &card in cards {
            let c = &self.ad().cards[card];
            let Some(card_data) = data.card(c.number) else {
                continue;
            };
            let empty: Vec<(usize, Colour)> = (0..c.spaces.len())
                .filter(|&s| c.spaces[s].is_none())
                .filter_map(|s| Some((s, *card_data.spaces.get(s)?)))
                .collect();
            for depot in self.ad_depots_from(start) {
                for &(space, colour) in &empty {
                    // "Caso exista mais de uma correspondência ... a superior" (line
                    // 1124): a depot's tiles are kept top first.
                    let Some(i) = self.depots[depot].iter().position(|t| t.colour() == colour)
                    else {
                        continue;
                    };
                    let tile = self.depots[depot].remove(i);
                    events.push(Event::AutoDukeTook {
                        action,
                        depot: depot as u8 + 1,
                        tile,
                        card: self.ad().cards[card].number,
                    });
                    self.place_with_benefit(card, space, tile, notes, events);
                    return true;
                }
            }
        }
        false
    }

    /// Line 1125: a reserve tile matching an empty space of the card, the spaces
    /// from the top left, with its benefit.
    fn place_from_reserve(
        &mut self,
        card: usize,
        action: AutoDukeAction,
        notes: &mut Notes,
        events: &mut Vec<Event>,
    ) -> bool {
        let Some((space, colour)) = self
            .empty_card_spaces(card)
            .find(|&(_, c)| self.ad().in_reserve(c) > 0)
        else {
            return false;
        };
        let tile = self.ad_mut().take_from_reserve(colour).expect("counted");
        let number = self.ad().cards[card].number;
        events.push(Event::AutoDukeFromReserve {
            action,
            tile,
            card: number,
        });
        self.place_with_benefit(card, space, tile, notes, events);
        true
    }

    /// A card's empty spaces in reading order, with their colours.
    fn empty_card_spaces(&self, card: usize) -> impl Iterator<Item = (usize, Colour)> + '_ {
        let c = &self.ad().cards[card];
        let data = self.content().auto_duke.card(c.number);
        (0..c.spaces.len())
            .filter(move |&s| c.spaces[s].is_none())
            .filter_map(move |s| Some((s, *data?.spaces.get(s)?)))
    }

    fn put_on_card(&mut self, card: usize, space: usize, held: Held, notes: &mut Notes) {
        let c = &mut self.ad_mut().cards[card];
        c.spaces[space] = Some(held);
        let number = c.number;
        let data = self.content().auto_duke.card(number);
        if data.is_some_and(|d| d.sell.contains(&space)) {
            notes.sell += 1;
        }
        if data.is_some_and(|d| d.hexamino.contains(&space)) {
            notes.hexaminoes += 1;
        }
    }

    fn place_with_benefit(
        &mut self,
        card: usize,
        space: usize,
        tile: Tile,
        notes: &mut Notes,
        events: &mut Vec<Event>,
    ) {
        self.put_on_card(card, space, Held::up(tile), notes);
        self.benefit(card, tile, notes, events);
    }

    /// Step 2 (seed 000 lines 1135-1150): the benefit of a tile placed on a card.
    fn benefit(&mut self, card: usize, tile: Tile, notes: &mut Notes, events: &mut Vec<Event>) {
        let gain = |game: &mut Burgundy, silver: u32, vp: i32, events: &mut Vec<Event>| {
            let ad = game.ad_mut();
            ad.silver += silver;
            ad.vp += vp;
            events.push(Event::AutoDukeBenefit { tile, silver, vp });
        };
        match tile {
            Tile::Castle => self.castle_bonus(card, notes, events),
            Tile::Building(Building::Bank) => gain(self, 2, 0, events),
            // Line 1140: "Alojamento: Ele recebe 2 pontos de vitória".
            Tile::Building(Building::BoardingHouse) => gain(self, 0, 2, events),
            Tile::Building(Building::Watchtower) => gain(self, 0, 4, events),
            Tile::Building(Building::CarpentersWorkshop) => {
                self.take_to_reserve(tile, &[Colour::Building], events)
            }
            Tile::Building(Building::Church) => self.take_to_reserve(
                tile,
                &[Colour::Castle, Colour::Mine, Colour::Knowledge],
                events,
            ),
            Tile::Building(Building::Market) => {
                self.take_to_reserve(tile, &[Colour::Water, Colour::Pasture], events)
            }
            Tile::Building(Building::CityHall) => self.city_hall(notes, events),
            Tile::Building(Building::Warehouse) => {
                self.auto_duke_sell(SaleCause::Warehouse, events)
            }
            Tile::Livestock { animal, .. } => {
                let vp = self.ad().farm_vp(animal);
                gain(self, 0, vp, events)
            }
            Tile::Ship => self.auto_duke_ship(events),
            // Extra hexes, seed 000 line 1221: "Quando colocar uma grua, o AutoDuque
            // recebe uma ação bônus de castelo" (002 line 1269).
            Tile::Building(Building::Crane) => {
                events.push(Event::AutoDukeCrane {});
                self.castle_bonus(card, notes, events)
            }
            Tile::Building(Building::WhiteCastle) => self.white_castle(events),
            // Line 1070: it ignores the monasteries' effects; line 1220: monasteries
            // 27-29 too ("o AutoDuque ignora seus efeitos").
            _ => {}
        }
    }

    /// White castles, seed 000 line 1223 (002 line 1271): a tile of a type its
    /// reserve lacks, from the white die's depot clockwise, into the reserve; the
    /// tile within a depot by `rules.auto_duke_white_castle` (digest A35); none on
    /// the board: 1 silver.
    fn white_castle(&mut self, events: &mut Vec<Event>) {
        let via = Tile::Building(Building::WhiteCastle);
        let lacks = |game: &Burgundy, t: &Tile| game.ad().in_reserve(t.colour()) == 0;
        let pick = |game: &Burgundy, d: usize| -> Option<usize> {
            let depot = &game.depots[d];
            match game.config.rules.auto_duke_white_castle {
                AutoDukeWhiteCastle::Leftmost => depot.iter().position(|t| lacks(game, t)),
                AutoDukeWhiteCastle::TopLeftType => {
                    let order = self.content().auto_duke.reserve_order;
                    order
                        .iter()
                        .find_map(|&c| depot.iter().position(|t| t.colour() == c && lacks(game, t)))
                }
            }
        };
        let found = self
            .ad_depots_from(self.white)
            .find_map(|d| Some((d, pick(self, d)?)));
        let Some((d, i)) = found else {
            self.ad_mut().silver += 1;
            return events.push(Event::AutoDukeBenefit {
                tile: via,
                silver: 1,
                vp: 0,
            });
        };
        self.depot_to_reserve(via, d, i, events);
    }

    /// The tile `i` of depot `d` (0-5) into its reserve, by `via`'s benefit.
    fn depot_to_reserve(&mut self, via: Tile, d: usize, i: usize, events: &mut Vec<Event>) {
        let tile = self.depots[d].remove(i);
        self.ad_mut().reserve.push(tile);
        events.push(Event::AutoDukeToReserve {
            via,
            depot: d as u8 + 1,
            tile,
        });
    }

    /// The castle's bonus action (line 1137): the depot search from the white die;
    /// on the castle's card, or (that card completed by the castle) on the other.
    /// No tile found: sell goods. `rules.auto_duke_castle_bonus` (digest A36): may
    /// it try the other card too ("em nenhum local") or only that one ("allí")?
    /// The step 1 fallbacks (reserve, wildcard, black depot, silver) are step 1's:
    /// the bonus action sells instead ("em vez de pegar uma peça hexagonal").
    fn castle_bonus(&mut self, card: usize, notes: &mut Notes, events: &mut Vec<Event>) {
        let open: Vec<usize> = (0..self.ad().cards.len())
            .filter(|&c| !self.ad().cards[c].full())
            .collect();
        let mut targets: Vec<usize> = match open.contains(&card) {
            true => vec![card],
            false => open
                .iter()
                .copied()
                .filter(|&c| c != card)
                .take(1)
                .collect(),
        };
        if self.config.rules.auto_duke_castle_bonus == AutoDukeCastleBonus::Anywhere {
            let rest: Vec<usize> = open.into_iter().filter(|c| !targets.contains(c)).collect();
            targets.extend(rest);
        }
        let white = self.white;
        if !self.take_for(&targets, white, AutoDukeAction::Castle, notes, events) {
            self.auto_duke_sell(SaleCause::Castle, events);
        }
    }

    /// Carpenter's workshop, church, market (lines 1141-1143): a tile of the first
    /// colour found on the board, from the white die's depot clockwise (the topmost
    /// in a depot), into the reserve; none: the benefit is lost.
    fn take_to_reserve(&mut self, via: Tile, colours: &[Colour], events: &mut Vec<Event>) {
        for &colour in colours {
            let found = self.ad_depots_from(self.white).find_map(|d| {
                let i = self.depots[d].iter().position(|t| t.colour() == colour)?;
                Some((d, i))
            });
            if let Some((d, i)) = found {
                return self.depot_to_reserve(via, d, i, events);
            }
        }
        events.push(Event::AutoDukeBenefitLost { tile: via });
    }

    /// City hall (line 1144): a reserve tile onto an empty space of either card,
    /// the selected card first; the type it holds most of (ties: the reserve's
    /// top-left), with its benefit.
    fn city_hall(&mut self, notes: &mut Notes, events: &mut Vec<Event>) {
        let cards = self.ad().cards.len();
        let order: Vec<usize> = notes
            .selected
            .into_iter()
            .filter(|&c| c < cards)
            .chain((0..cards).filter(|&c| Some(c) != notes.selected))
            .collect();
        let fits = |game: &Burgundy, colour: Colour| {
            order.iter().find_map(|&c| {
                game.empty_card_spaces(c)
                    .find(|s| s.1 == colour)
                    .map(|s| (c, s.0))
            })
        };
        let data = &self.content().auto_duke;
        let mut best: Option<(usize, Colour, usize, usize)> = None;
        for &colour in &data.reserve_order {
            let held = self.ad().in_reserve(colour);
            if held == 0 || best.is_some_and(|b| b.0 >= held) {
                continue;
            }
            if let Some((card, space)) = fits(self, colour) {
                best = Some((held, colour, card, space));
            }
        }
        let Some((_, colour, card, space)) = best else {
            return events.push(Event::AutoDukeBenefitLost {
                tile: Tile::Building(Building::CityHall),
            });
        };
        let tile = self.ad_mut().take_from_reserve(colour).expect("counted");
        let number = self.ad().cards[card].number;
        events.push(Event::AutoDukeFromReserve {
            action: AutoDukeAction::CityHall,
            tile,
            card: number,
        });
        self.place_with_benefit(card, space, tile, notes, events);
    }

    /// Ship (line 1150): all the goods of the depot with most goods (a tie: the
    /// first clockwise from the white die's depot, itself included, digest A46);
    /// then its marker moves one space on, goods or not.
    fn auto_duke_ship(&mut self, events: &mut Vec<Event>) {
        let total = |d: usize| self.depot_goods[d].iter().map(|&g| g as u32).sum::<u32>();
        let most = (0..6).map(total).max().unwrap_or(0);
        if most > 0 {
            let d = self
                .ad_depots_from(self.white)
                .find(|&d| total(d) == most)
                .expect("a depot holds the most");
            let goods = std::mem::take(&mut self.depot_goods[d]);
            let ad = self.ad_mut();
            (0..6).for_each(|t| ad.goods[t] += goods[t]);
            events.push(Event::AutoDukeShip {
                depot: d as u8 + 1,
                goods,
            });
        }
        self.move_auto_duke_marker(events);
    }

    /// Its marker one space on, on top of the stack there.
    fn move_auto_duke_marker(&mut self, events: &mut Vec<Event>) {
        let space = (self.ad().marker as usize + 1).min(TRACK - 1);
        let under = self.track[space].len() as u8;
        let ad = self.ad_mut();
        ad.marker = space as u8;
        ad.under = under;
        events.push(Event::AutoDukeMoved { space: space as u8 });
    }

    /// Selling (seed 000 lines 1178-1182): the type it has most of (a tie: the
    /// lowest number), 1 silver in all and the multi-player VP per good; no goods,
    /// the sale is lost.
    pub(crate) fn auto_duke_sell(&mut self, cause: SaleCause, events: &mut Vec<Event>) {
        let vp_each = self.config.sale_vp();
        let ad = self.ad_mut();
        let most = ad.goods.iter().copied().max().unwrap_or(0);
        let Some(t) = ad.goods.iter().position(|&g| g == most && g > 0) else {
            return events.push(Event::AutoDukeNothingToSell { cause });
        };
        let count = std::mem::take(&mut ad.goods[t]);
        ad.sold[t] += count;
        ad.silver += 1;
        let vp = vp_each * count as i32;
        ad.vp += vp;
        events.push(Event::AutoDukeSold {
            cause,
            goods: t as u8 + 1,
            count,
            vp,
        });
        // Trade routes, seed 000 line 1229: "o AutoDuque não as utiliza. Em vez
        // disto, ele recebe um ponto de vitória adicional cada vez que vender
        // mercadorias. Este bônus é por ação" (002 line 1277).
        if self.config.modules.contains(Module::TradeRoutes) {
            self.ad_mut().vp += 1;
            events.push(Event::AutoDukeSaleBonus { vp: 1 });
        }
    }

    /// Step 4 (seed 000 lines 1158-1164): each full card scores its value at the
    /// scoring level, its tiles move to the duchy (no benefits), the card is
    /// discarded and the other moves left; the empty slot is filled by a chance
    /// step once the turn is over (nothing in steps 5-6 reads the cards). Modifier D
    /// (line 1211): each extra-turn space covered gives a bonus action before the
    /// refill. True when a card was completed.
    fn complete_cards(&mut self, notes: &mut Notes, events: &mut Vec<Event>) -> bool {
        let content = self.config.content.clone();
        let data = &content.get().auto_duke;
        let level = self.config.rules.auto_duke_level.index();
        let Some(card) = self.ad().cards.iter().position(|c| c.full()) else {
            return false;
        };
        let c = self.ad_mut().cards.remove(card);
        let vp = data.card(c.number).map_or(0, |d| d.vp[level]);
        let mut extra_turns = Vec::new();
        let tiles: Vec<Tile> = c.spaces.iter().flatten().map(|h| h.tile).collect();
        for &tile in &tiles {
            if let Some(space) = self.move_to_duchy(tile) {
                extra_turns.push(space);
            }
        }
        let ad = self.ad_mut();
        ad.vp += vp;
        ad.completed.push(c.number);
        events.push(Event::AutoDukeCompleted {
            card: c.number,
            vp,
            tiles,
        });
        self.auto_duke_symbols(c.number, events);
        // The selected card moves left with the other card.
        notes.selected = match notes.selected {
            Some(s) if s > card => Some(s - 1),
            Some(s) if s == card => None,
            s => s,
        };
        for space in extra_turns {
            self.extra_turn(space as u8, notes, events);
        }
        true
    }

    /// A completed card's tile to the top-left empty space of its colour (a wildcard
    /// turned face up goes by its own colour, digest A41), or stacked on that colour
    /// when full. The space when it shows an extra-turn symbol (modifier D).
    fn move_to_duchy(&mut self, tile: Tile) -> Option<usize> {
        let content = self.config.content.clone();
        let board = content.get().auto_duke.board(self.ad().board)?;
        let colour = tile.colour();
        let ad = self.ad_mut();
        let space =
            (0..ad.duchy.len()).find(|&s| ad.duchy[s].is_none() && board.spaces[s] == colour);
        let Some(space) = space else {
            ad.stacked.push(tile);
            return None;
        };
        ad.duchy[space] = Some(Held::up(tile));
        let extra = self.config.rules.auto_duke_modifiers.has('d') && board.d.contains(&space);
        extra.then_some(space)
    }

    /// Modifier D's extra turn: the depot search from the white die for a card still
    /// open; both cards complete: sell goods instead.
    fn extra_turn(&mut self, space: u8, notes: &mut Notes, events: &mut Vec<Event>) {
        events.push(Event::AutoDukeExtraTurn { space });
        let open: Vec<usize> = (0..self.ad().cards.len())
            .filter(|&c| !self.ad().cards[c].full())
            .collect();
        if open.is_empty() {
            return self.auto_duke_sell(SaleCause::ExtraTurn, events);
        }
        let white = self.white;
        if !self.take_for(&open, white, AutoDukeAction::ExtraTurn, notes, events) {
            events.push(Event::AutoDukeNothingFound {});
        }
    }

    /// Step 5 (line 1168): every colour whose spaces it all covers earns that
    /// colour's bonus tile while one is left (the large first; digest A42: the small
    /// one when the large is gone), scored at the total player count.
    fn auto_duke_bonus_tiles(&mut self, events: &mut Vec<Event>) {
        let content = self.config.content.clone();
        let Some(board) = content.get().auto_duke.board(self.ad().board) else {
            return;
        };
        for colour in Colour::ALL {
            let ad = self.ad();
            let covered = (0..ad.duchy.len())
                .filter(|&s| board.spaces[s] == colour)
                .all(|s| ad.duchy[s].is_some());
            let held = ad.bonus_tiles.iter().any(|b| b.colour == colour);
            let taken = self.bonus_taken[colour.index()];
            if !covered || held || taken >= 2 {
                continue;
            }
            let vp = self.config.bonus_vp(taken == 0);
            self.bonus_taken[colour.index()] += 1;
            let ad = self.ad_mut();
            ad.bonus_tiles.push(BonusTile { colour, vp });
            ad.vp += vp;
            events.push(Event::AutoDukeBonusTile { colour, vp });
        }
    }

    /// Step 6 (seed 000 line 1172, seed 002 line 1223): with 2 silver or more, one
    /// black-depot tile into the reserve, of the type `rules.auto_duke_purchase`
    /// names; several of that type: the first (left, top row first).
    fn auto_duke_purchase(&mut self, events: &mut Vec<Event>) {
        if self.ad().silver < 2 || self.auto_duke_buy_hexamino(events) {
            return;
        }
        let data = &self.content().auto_duke;
        let offered = |c: Colour| self.black_depot.iter().any(|t| t.colour() == c);
        let held = |c: Colour| self.ad().in_reserve(c);
        let order = data.reserve_order.iter().copied().filter(|&c| offered(c));
        let colour = match self.config.rules.auto_duke_purchase {
            // `min_by_key` keeps the first of equals: the reserve's top-left.
            AutoDukePurchase::Fewest => order.min_by_key(|&c| held(c)),
            AutoDukePurchase::NotHeld => order.into_iter().find(|&c| held(c) == 0),
        };
        let Some(colour) = colour else {
            return;
        };
        let i = self
            .black_depot
            .iter()
            .position(|t| t.colour() == colour)
            .expect("offered");
        let tile = self.black_depot.remove(i);
        let ad = self.ad_mut();
        ad.silver -= 2;
        ad.reserve.push(tile);
        events.push(Event::AutoDukeBought { tile });
    }
}
