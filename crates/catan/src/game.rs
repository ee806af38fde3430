//! The [`Game`] interface for Catan: who acts, chance, the per-seat view (`view.rs`),
//! determinization from what a seat knows,
//! the audience of events, standings, and the validation of position files.

use crate::action::{Action, Event, Outcome};
use crate::board::Layout;
use crate::cards::{Card, Cards, Dev, Devs, CARD_KINDS, DEV_KINDS, RESOURCES};
use crate::config::Config;
use crate::content::Content;
use crate::error::{Error, Result};
use crate::geometry::{EdgeSet, Geometry, HEXES};
use crate::state::{Catan, Phase};
use crate::view::View;
use tabuleiro_core::{standing, Game, Participant, Rng, Seat, Standing, ToAct};

/// What a seat knows, as a guess needs it: the position with what it may not see
/// emptied (other hands, development cards and progress cards, the decks), and the
/// sizes of what was emptied.
struct Known {
    seat: Option<Seat>,
    position: Catan,
    hand_sizes: Vec<u32>,
    development_sizes: Vec<(u32, u32)>,
    /// Cities & Knights: each seat's progress cards by colour (public).
    progress_colours: Vec<[u32; 3]>,
}

impl Game for Catan {
    type Config = Config;
    type Action = Action;
    type Outcome = Outcome;
    type Event = Event;
    type Error = Error;
    type View = View;
    const NAME: &'static str = "catan";
    /// Raise when a change makes old records replay differently.
    /// 0.2.0: six Defender of Catan cards at most (`ck.defender_supply`), so a Cities
    /// & Knights record that gave a seventh replays differently.
    const VERSION: &'static str = "0.2.0";

    fn new(config: &Config) -> Result<Self> {
        Catan::create(config)
    }

    fn config(&self) -> &Config {
        &self.config
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn to_act(&self) -> ToAct {
        match self.phase {
            Phase::Setup | Phase::Rolling | Phase::Steal { .. } => ToAct::Chance,
            Phase::Over => ToAct::Over,
            _ => ToAct::Seats(self.deciding()),
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        self.legal(seat, out)
    }

    fn check(&self, seat: Seat, action: &Action) -> Result<()> {
        self.check_action(seat, action)
    }

    fn apply(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) -> Result<()> {
        self.check_action(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    fn apply_unchecked(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        debug_assert!(self.check_action(seat, action).is_ok(), "{action}");
        self.perform(seat, action, events);
    }

    /// Buying a development card shows the buyer a card no one knew.
    /// Cities & Knights: a deck chosen, a hand seen with the Master Merchant or the Spy.
    fn reveals(&self, _seat: Seat, action: &Action) -> bool {
        use crate::action::Play;
        matches!(
            action,
            Action::BuyDevelopment
                | Action::PickDeck { .. }
                | Action::Play {
                    play: Play::MasterMerchant { .. } | Play::Spy { .. }
                }
        )
    }

    /// A trade offer nobody answers in time is declined.
    fn default_action(&self, seat: Seat) -> Option<Action> {
        match self.phase {
            Phase::Offer { waiting, .. } if waiting.contains(seat) => Some(Action::Decline),
            _ => None,
        }
    }

    fn sample_chance(&self, rng: &mut Rng) -> Outcome {
        match self.phase {
            Phase::Setup if self.ck.is_some() => self.sample_setup_ck(rng),
            Phase::Rolling if self.ck.is_some() => self.sample_roll_ck(rng),
            Phase::Setup => {
                let board = Layout::random(&self.config, rng);
                let counts = Content::get().development_deck;
                let mut deck: Vec<Dev> = Dev::ALL
                    .into_iter()
                    .flat_map(|d| std::iter::repeat_n(d, counts.get(d) as usize))
                    .collect();
                rng.shuffle(&mut deck);
                Outcome::Setup { board, deck }
            }
            Phase::Steal { victim } => {
                let hand = self.players[victim as usize].hand;
                let card = hand
                    .nth(rng.below(hand.total().max(1) as usize) as u32)
                    .unwrap_or(Card::Brick);
                Outcome::Steal { card }
            }
            _ => Outcome::Roll {
                dice: [rng.die(), rng.die()],
            },
        }
    }

    /// The roll and the robber's steal are listed; the setup (a board and shuffled
    /// decks) is only sampled.
    fn chance_outcomes(&self) -> Option<Vec<(Outcome, f64)>> {
        use tabuleiro_core::chance::{two_dice, uniform_draw};
        match self.phase {
            Phase::Setup => None,
            Phase::Rolling if self.ck.is_some() => Some(self.roll_outcomes_ck()),
            Phase::Steal { victim } => {
                let hand = self.players[victim as usize].hand;
                Some(uniform_draw(
                    hand.kinds()
                        .flat_map(|card| std::iter::repeat_n(card, hand.get(card) as usize))
                        .map(|card| Outcome::Steal { card }),
                ))
            }
            _ => Some(
                two_dice()
                    .map(|(dice, p)| (Outcome::Roll { dice }, p))
                    .collect(),
            ),
        }
    }

    /// What a chance step hides: the order of the development deck and of the
    /// progress decks, from everyone; the card the robber takes, from all but the
    /// thief and the victim. The board and the dice are face up.
    fn hidden_alternative(
        &self,
        outcome: &Outcome,
        viewer: Option<Seat>,
        rng: &mut Rng,
    ) -> Option<Outcome> {
        match (&self.phase, outcome) {
            (_, Outcome::Setup { board, deck }) => {
                let mut deck = deck.clone();
                rng.shuffle(&mut deck);
                Some(Outcome::Setup {
                    board: board.clone(),
                    deck,
                })
            }
            (_, Outcome::SetupCitiesAndKnights { board, decks }) => {
                let mut decks = decks.clone();
                decks.iter_mut().for_each(|d| rng.shuffle(d));
                Some(Outcome::SetupCitiesAndKnights {
                    board: board.clone(),
                    decks,
                })
            }
            (&Phase::Steal { victim }, Outcome::Steal { card })
                if viewer != Some(self.current) && viewer != Some(victim) =>
            {
                let hand = self.players[victim as usize].hand;
                let others: Vec<Card> = hand.kinds().filter(|k| k != card).collect();
                (!others.is_empty()).then(|| Outcome::Steal {
                    card: others[rng.below(others.len())],
                })
            }
            _ => None,
        }
    }

    fn apply_chance(&mut self, outcome: &Outcome, events: &mut Vec<Event>) -> Result<()> {
        self.apply_outcome(outcome, events)
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.n() as Seat)
            .map(|s| self.points(s) as i32)
            .collect()
    }

    /// The one who reaches the target on their turn wins (digest section B, victory);
    /// the rulebook ranks no one else, so the others share places by points.
    fn standings(&self) -> Vec<Standing> {
        let scores = self.scores();
        let Some(w) = self.winner else {
            return standing::by_score(&scores);
        };
        let mut rest: Vec<i32> = scores.clone();
        rest[w as usize] = i32::MAX;
        let mut out = standing::by_score(&rest);
        out[0].score = scores[w as usize];
        // A loser with as many points (hidden cards) does not share first place.
        for s in out.iter_mut().skip(1) {
            s.place = s.place.max(2);
        }
        debug_assert_eq!(out[0].members, vec![Participant::Seat(w)]);
        out
    }

    fn view(&self, viewer: Option<Seat>) -> View {
        View::of(self, viewer)
    }

    fn determinize(&self, viewer: Option<Seat>, rng: &mut Rng) -> Self {
        Self::guess(self.known(viewer), rng)
    }

    /// A stolen card is seen by the thief and the victim; a bought development card
    /// by its buyer.
    fn redact(event: &Event, viewer: Option<Seat>) -> Option<Event> {
        let mut e = event.clone();
        match &mut e {
            Event::Stole {
                thief,
                victim,
                card,
            } if viewer != Some(*thief) && viewer != Some(*victim) => *card = None,
            Event::BoughtDevelopment { seat, card } if viewer != Some(*seat) => *card = None,
            Event::ProgressDrawn { seat, card, .. } if viewer != Some(*seat) => *card = None,
            Event::ProgressDiscarded { seat, card } if viewer != Some(*seat) => *card = None,
            Event::ProgressStolen {
                thief,
                victim,
                card,
            } if viewer != Some(*thief) && viewer != Some(*victim) => *card = None,
            Event::Gave { seat, to, card } if viewer != Some(*seat) && viewer != Some(*to) => {
                *card = None
            }
            Event::HandLooked { seat, victim, hand }
                if viewer != Some(*seat) && viewer != Some(*victim) =>
            {
                *hand = None
            }
            Event::ProgressLooked {
                seat,
                victim,
                cards,
            } if viewer != Some(*seat) && viewer != Some(*victim) => *cards = None,
            _ => {}
        }
        Some(e)
    }

    /// The robber moved onto a hex where the seat has a building (by a seven, a knight
    /// or the Bishop) while another hex is open: no player chooses it (issue 44). Nor
    /// a trade the seat would lose by, nor an offer asking for cards no other seat can
    /// hold (issue 43, bots' table manners).
    fn dismissed(&self, seat: Seat, action: &Action) -> bool {
        match action {
            Action::Robber { hex, .. }
            | Action::Play {
                play: crate::action::Play::Bishop { hex },
            } => self.builds_beside(seat, *hex),
            Action::Offer { give, get } => {
                self.trade_gain(seat, give, get) <= 0.0 || !self.others_may_hold(seat, get)
            }
            Action::Counter { give, get } => self.trade_gain(seat, give, get) <= 0.0,
            Action::Accept | Action::TradeWith { .. } => match self.trade_terms(seat, action) {
                Some((give, get)) => self.trade_gain(seat, &give, &get) <= 0.0,
                None => false,
            },
            _ => false,
        }
    }

    /// Points, production, places to settle, the hand, progress toward the awards:
    /// in victory points (src/evaluate.rs).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.value(seat)
    }
}

impl Catan {
    /// What `viewer` knows, the view less the points shown: what a guess is drawn
    /// from.
    fn known(&self, viewer: Option<Seat>) -> Known {
        let mut position = self.clone();
        position.deck.clear();
        let (hand_open, progress_open) = self.opened(viewer);
        for (s, p) in position.players.iter_mut().enumerate() {
            if Some(s as Seat) != viewer && Some(s as Seat) != hand_open {
                p.hand = Cards::NONE;
            }
            if Some(s as Seat) != viewer {
                p.devs = Devs::default();
                p.fresh = Devs::default();
            }
        }
        if let Some(ck) = position.ck.as_deref_mut() {
            ck.decks = Default::default();
            for (s, p) in ck.players.iter_mut().enumerate() {
                if Some(s as Seat) != viewer && Some(s as Seat) != progress_open {
                    p.progress.clear();
                }
            }
        }
        Known {
            seat: viewer,
            position,
            hand_sizes: self.players.iter().map(|p| p.hand.total()).collect(),
            development_sizes: (self.players.iter())
                .map(|p| (p.devs.total(), p.fresh.total()))
                .collect(),
            progress_colours: self.progress_colours(),
        }
    }

    /// Deals the unseen resource cards (all cards less the bank and the viewer's hand)
    /// to the other hands by their sizes, and the unseen development cards (all less
    /// those played and the viewer's) to the other seats and the deck.
    fn guess(view: Known, rng: &mut Rng) -> Catan {
        let mut g = view.position;
        let c = Content::get();
        let (hand_open, progress_open) = g.opened(view.seat);
        let hidden = |s: usize| Some(s as Seat) != view.seat && Some(s as Seat) != hand_open;
        let progress_hidden =
            |s: usize| Some(s as Seat) != view.seat && Some(s as Seat) != progress_open;
        let mut cards: Vec<Card> = Vec::new();
        let kinds: &[Card] = if g.ck.is_some() {
            &Card::ALL
        } else {
            &RESOURCES
        };
        for &r in kinds {
            let per_kind = g.cards_in_game(r);
            let seen: u32 = g.bank.get(r) as u32
                + (0..g.n())
                    .filter(|&s| !hidden(s))
                    .map(|s| g.players[s].hand.get(r) as u32)
                    .sum::<u32>();
            cards.extend(std::iter::repeat_n(
                r,
                (per_kind as u32).saturating_sub(seen) as usize,
            ));
        }
        rng.shuffle(&mut cards);
        let mut devs: Vec<Dev> = Vec::new();
        // Cities & Knights has no development cards.
        let dev_kinds: &[Dev] = if g.ck.is_some() { &[] } else { &Dev::ALL };
        for &d in dev_kinds {
            let seen: u32 = (0..g.n())
                .map(|s| {
                    let p = &g.players[s];
                    p.played.get(d) as u32 + p.devs.get(d) as u32 + p.fresh.get(d) as u32
                })
                .sum();
            devs.extend(std::iter::repeat_n(
                d,
                (c.development_deck.get(d) as u32).saturating_sub(seen) as usize,
            ));
        }
        rng.shuffle(&mut devs);
        // Cards the table has seen a seat hold: an offer's cards (or the resource a
        // Commercial Harbor offers, seed 004, "Porto Comercial") in the hand of the
        // player on turn, the asked-for cards in the hands of those who accepted, a
        // counter-offer's cards in the hand of the seat that made it.
        let none = (
            Cards::NONE,
            Cards::NONE,
            tabuleiro_core::SeatSet::EMPTY,
            Default::default(),
        );
        let (known_give, known_get, accepted, counters) = match g.phase {
            Phase::HarborAnswer { card, .. } => (Cards::of(card, 1), none.1, none.2, none.3),
            ref phase => phase.open_trade().unwrap_or(none),
        };
        for s in (0..g.n()).filter(|&s| hidden(s)) {
            let mut known = if s == g.current as usize {
                known_give
            } else if accepted.contains(s as Seat) {
                known_get
            } else {
                counters[s].map_or(Cards::NONE, |c| c.give)
            };
            // A seat answering the Commercial Harbor is known to hold a commodity.
            if matches!(g.phase, Phase::HarborAnswer { seat, .. } if seat as usize == s) {
                if let Some(&k) = cards.iter().find(|k| !k.is_resource()) {
                    known.add(&Cards::of(k, 1));
                }
            }
            for k in known.kinds() {
                for _ in 0..known.get(k) {
                    if let Some(i) = cards.iter().position(|&c| c == k) {
                        cards.swap_remove(i);
                    }
                }
            }
            g.players[s].hand = known;
        }
        rng.shuffle(&mut cards);
        for s in (0..g.n()).filter(|&s| hidden(s)) {
            let p = &mut g.players[s];
            for _ in p.hand.total()..view.hand_sizes[s] {
                if let Some(k) = cards.pop() {
                    p.hand.add(&Cards::of(k, 1));
                }
            }
            let (held, fresh) = view.development_sizes[s];
            for _ in 0..held {
                devs.pop().into_iter().for_each(|d| p.devs.add(d, 1));
            }
            for _ in 0..fresh {
                devs.pop().into_iter().for_each(|d| p.fresh.add(d, 1));
            }
        }
        g.deck = devs;
        g.deal_progress(&view.progress_colours, &progress_hidden, rng);
        g
    }

    /// The seats whose hand (resources and commodities) and whose progress cards
    /// `viewer` sees besides its own: the Master Merchant's player looks at a hand,
    /// the Spy's at progress cards (seed 004; digest section 11), nothing more.
    /// Cities & Knights: each seat's progress cards by colour (public: the decks'
    /// backs differ); empty in the base game.
    pub(crate) fn progress_colours(&self) -> Vec<[u32; 3]> {
        self.ck.as_ref().map_or(Vec::new(), |ck| {
            ck.players.iter().map(|p| p.colours()).collect()
        })
    }

    pub(crate) fn opened(&self, viewer: Option<Seat>) -> (Option<Seat>, Option<Seat>) {
        match self.phase {
            Phase::MasterMerchant { victim, .. } if viewer == Some(self.current) => {
                (Some(victim), None)
            }
            Phase::Spy { victim } if viewer == Some(self.current) => (None, Some(victim)),
            _ => (None, None),
        }
    }

    /// Checks that a position (from a file) is one the rules can reach: cards conserved
    /// per kind, pieces within their limits, buildings apart, roads connected, the
    /// derived facts (road lengths, awards) what they must be, a phase that fits.
    pub fn validate(&self) -> Result<()> {
        let bad = |m: String| Err(Error::Position(m));
        let c = Content::get();
        let g = Geometry::get();
        let n = self.n();
        if self.config.players as usize != n || self.config.validate().is_err() {
            return bad(format!("{n} seats, config {:?}", self.config));
        }
        // The Inventor moves number tokens: a Cities & Knights board keeps only its
        // tokens, wherever they lie.
        let board_rules = match self.ck {
            Some(_) => Config {
                board: crate::config::BoardKind::Random,
                numbers: crate::config::Numbers::Shuffled,
                separate_red_numbers: false,
                ..self.config.clone()
            },
            None => self.config.clone(),
        };
        if let Err(why) = self.board.check(&board_rules) {
            return bad(why);
        }
        if self.robber as usize >= HEXES || self.owed.len() != n || self.current as usize >= n {
            return bad("robber, owed or current out of range".into());
        }
        if self.config.is_ck() != self.ck.is_some() {
            return bad("the expansion's state and the config disagree".into());
        }
        if let Some(ck) = &self.ck {
            self.validate_ck_ranges(ck).map_err(Error::Position)?;
        }
        for k in 0..CARD_KINDS {
            let total: u32 = self.bank.0[k] as u32
                + self.players.iter().map(|p| p.hand.0[k] as u32).sum::<u32>();
            let expected = self.cards_in_game(Card::ALL[k]) as u32;
            if total != expected {
                return bad(format!(
                    "{total} {} cards, expected {expected}",
                    Card::ALL[k].name()
                ));
            }
        }
        for d in 0..DEV_KINDS {
            let total: u32 = self.deck.iter().filter(|&&x| x as usize == d).count() as u32
                + self
                    .players
                    .iter()
                    .map(|p| p.devs.0[d] as u32 + p.fresh.0[d] as u32 + p.played.0[d] as u32)
                    .sum::<u32>();
            let expected = match self.ck {
                Some(_) => 0,
                None => c.development_deck.0[d] as u32,
            };
            if total != expected && self.phase != Phase::Setup {
                return bad(format!("{total} {} cards", Dev::ALL[d].name()));
            }
        }
        let mut seen_v = crate::geometry::VertexSet::EMPTY;
        let mut seen_e = EdgeSet::EMPTY;
        for (s, p) in self.players.iter().enumerate() {
            // A city the barbarians pillaged with no settlement piece left lies on its
            // side and counts as one (data file, open items).
            let spare = if self.ck.is_some() {
                c.cities as u32
            } else {
                0
            };
            if p.settlements.len() > c.settlements as u32 + spare
                || p.cities.len() > c.cities as u32
                || p.roads.len() > c.roads as u32
                || p.settlements.0 >> 54 != 0
                || p.cities.0 >> 54 != 0
                || p.roads.0 >> 72 != 0
            {
                return bad(format!("seat {s}: pieces beyond the limits or the board"));
            }
            if seen_v.intersects(p.buildings())
                || p.settlements.intersects(p.cities)
                || seen_e.intersects(p.roads)
            {
                return bad(format!("seat {s}: two pieces on one spot"));
            }
            seen_v |= p.buildings();
            seen_e |= p.roads;
            if p.road_length != self.longest_road_from_every_end(s as Seat) {
                return bad(format!(
                    "seat {s}: road length {} is not its longest road",
                    p.road_length
                ));
            }
            // Every road joins the seat's buildings through its own roads (another
            // seat's later settlement may sit between them: the roads stay).
            let mut reach = p.buildings();
            let mut joined = EdgeSet::EMPTY;
            loop {
                let more = p.roads.iter().filter(|&e| {
                    !joined.contains(e)
                        && g.edge_vertices[e as usize]
                            .iter()
                            .any(|&v| reach.contains(v))
                });
                let more: Vec<u8> = more.collect();
                if more.is_empty() {
                    break;
                }
                for e in more {
                    joined = joined.with(e);
                    g.edge_vertices[e as usize]
                        .iter()
                        .for_each(|&v| reach = reach.with(v));
                }
            }
            if joined != p.roads {
                return bad(format!("seat {s}: a road joins none of its pieces"));
            }
        }
        for v in seen_v.iter() {
            if g.vertex_neighbours[v as usize].intersects(seen_v) {
                return bad(format!("intersection {v}: a building beside another"));
            }
        }
        let holders_ok = self.longest_road.is_none_or(|h| {
            (h as usize) < n && self.players[h as usize].road_length >= c.longest_road_min
        }) && self.largest_army.is_none_or(|h| {
            (h as usize) < n
                && self.players[h as usize].played.get(Dev::Knight) >= c.largest_army_min
        });
        if !holders_ok {
            return bad("an award's holder does not qualify".into());
        }
        // The victory check's sum and the panels' sources must agree.
        for s in 0..n as Seat {
            let listed = self.public_points(s) as u32 + self.players[s as usize].vp_cards() as u32;
            if self.points(s) as u32 != listed.min(u8::MAX as u32) {
                return bad(format!("seat {s}: points disagree with their sources"));
            }
        }
        if let Some(ck) = &self.ck {
            self.validate_ck(ck).map_err(Error::Position)?;
        }
        self.validate_phase()
    }

    fn validate_phase(&self) -> Result<()> {
        let bad = |m: &str| Err(Error::Position(m.into()));
        let n = self.n();
        match &self.phase {
            Phase::Discard if self.owed.iter().all(|&o| o == 0) => {
                bad("a discard with nothing owed")
            }
            Phase::Discard => {
                if !self.rolled {
                    return bad("a discard before the roll");
                }
                for s in 0..n {
                    if self.owed[s] as u32 > self.players[s].hand.total() {
                        return bad("a seat owes more cards than it holds");
                    }
                }
                Ok(())
            }
            Phase::Wedding if self.owed.iter().all(|&o| o == 0) => {
                bad("a wedding with nothing owed")
            }
            Phase::Wedding => Ok(()),
            _ if self.owed.iter().any(|&o| o > 0) => bad("cards owed outside a discard"),
            Phase::Steal { victim }
                if *victim as usize >= n || self.players[*victim as usize].hand.total() == 0 =>
            {
                bad("the victim holds no card")
            }
            Phase::Place { step, settled } => {
                let placing = (*step as usize) < 2 * n && self.current == self.snake_seat(*step);
                let own = settled
                    .is_none_or(|v| self.players[self.current as usize].buildings().contains(v));
                if placing && own {
                    Ok(())
                } else {
                    bad("a setup step out of order, or a road beside no settlement of the seat placing")
                }
            }
            Phase::BeforeRoll | Phase::Rolling if self.rolled => bad("rolled before the roll"),
            Phase::Main | Phase::Offer { .. } | Phase::Choose { .. } if !self.rolled => {
                bad("a phase after the roll, but no roll")
            }
            Phase::Offer {
                give,
                get,
                waiting,
                accepted,
                counters,
            } => {
                let everyone = tabuleiro_core::SeatSet::first(n);
                let fair = !give.is_empty() && !get.is_empty() && !give.overlaps(get);
                let can_pay = accepted.is_subset(everyone)
                    && accepted
                        .iter()
                        .all(|s| self.players[s as usize].hand.contains(get));
                let countered = self.countered(counters);
                if !fair
                    || !can_pay
                    || !(waiting.iter().all(|s| !accepted.contains(s)))
                    || !self.players[self.current as usize].hand.contains(give)
                    || waiting.contains(self.current)
                    || accepted.contains(self.current)
                    || !waiting.is_subset(tabuleiro_core::SeatSet::first(n))
                {
                    return bad("an offer the player on turn cannot make");
                }
                match countered {
                    Some(c)
                        if c.iter()
                            .all(|s| !waiting.contains(s) && !accepted.contains(s)) =>
                    {
                        Ok(())
                    }
                    _ => bad("a counter-offer its seat cannot make, or a second answer"),
                }
            }
            Phase::Choose {
                give,
                get,
                accepted,
                counters,
            } => {
                let countered = self.countered(counters);
                let ok = countered.is_some_and(|c| {
                    !(accepted.is_empty() && c.is_empty())
                        && c.iter().all(|s| !accepted.contains(s))
                }) && self.players[self.current as usize].hand.contains(give)
                    && accepted.iter().all(|s| {
                        (s as usize) < n
                            && s != self.current
                            && self.players[s as usize].hand.contains(get)
                    });
                if ok {
                    Ok(())
                } else {
                    bad("an acceptor who cannot pay, or no answer to choose")
                }
            }
            Phase::Over if self.winner.is_none() && self.config.turn_limit == 0 => {
                bad("over without a winner")
            }
            _ => Ok(()),
        }
    }

    /// The seats with a counter-offer, when every one of them is a fair trade
    /// by a seat other than the player on turn that holds what it gives.
    fn countered(&self, counters: &crate::state::Counters) -> Option<tabuleiro_core::SeatSet> {
        let mut seats = tabuleiro_core::SeatSet::EMPTY;
        for (s, c) in counters.iter().enumerate() {
            let Some(c) = c else { continue };
            let fair = !c.give.is_empty() && !c.get.is_empty() && !c.give.overlaps(&c.get);
            let ok = s < self.n()
                && s != self.current as usize
                && fair
                && self.players[s].hand.contains(&c.give);
            if !ok {
                return None;
            }
            seats = seats.with(s as Seat);
        }
        Some(seats)
    }

    /// Reads a position file (JSON) and validates it.
    pub fn from_json(text: &str) -> Result<Catan> {
        let g: Catan = serde_json::from_str(text).map_err(|e| Error::Position(e.to_string()))?;
        g.validate()?;
        Ok(g)
    }
}
