//! Every bot level plays Catan sensibly (issue 44, "Evaluations that know the game"):
//! it spends or trades down before a seven can take half its hand, never moves the
//! robber onto a hex of its own while another is open, and in Cities & Knights keeps
//! knights against the barbarians. Each level plays itself (four seats of one level);
//! the counts are per seat and game. Run it in release mode:
//! `cargo test --release -p tabuleiro-bots --test catan_levels`.

use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_catan::config::Expansion;
use tabuleiro_catan::geometry::Geometry;
use tabuleiro_catan::{Action, Catan, Config, Event};
use tabuleiro_core::{play, Chooser, Rng, Seat};

/// What the seats of a level did, summed over a match.
#[derive(Debug, Default)]
struct Tally {
    games: u32,
    /// Seats of the level, summed over the games.
    seats: u32,
    /// Turns started (all seats).
    turns: u32,
    /// Cards the level's seats discarded on a seven.
    lost_to_sevens: u32,
    /// Turns the level's seats ended holding more cards than a seven leaves whole.
    ended_over_limit: u32,
    /// The level's robber moves onto a hex where it has a building, another hex open.
    robber_on_own: u32,
    robber_moves: u32,
    /// Cities & Knights: attacks, attacks lost, cities pillaged (all seats).
    attacks: u32,
    attacks_lost: u32,
    pillaged: u32,
    /// Offers to the other players the level's seats made, and in how many turns.
    offers: u32,
    turns_offering: u32,
    /// The most offers one seat made in one turn.
    most_offers_in_a_turn: u32,
    /// Offers identical to one the seat made earlier in the same turn.
    repeated_offers: u32,
    /// Offers asking for cards no other seat can hold (by the hand sizes and the
    /// cards outside the bank), and offers or acceptances that leave the seat's hand
    /// worse by its own judgement.
    offers_unholdable: u32,
    trades_at_a_loss: u32,
    /// Trades the level's seats made with another player as the player on turn.
    trades: u32,
}

impl Tally {
    /// Per seat of the level and game.
    fn per_seat(&self, n: u32) -> f64 {
        n as f64 / self.seats as f64
    }
    fn per_game(&self, n: u32) -> f64 {
        n as f64 / self.games as f64
    }
}

/// Four bots, `level` the seats the tally counts; notes each decision it counts.
struct Table<'a> {
    bots: Vec<Box<dyn Bot<Catan>>>,
    level: [bool; 4],
    tally: &'a mut Tally,
    /// The offers made in the turn under way, and that turn.
    offered: Vec<Action>,
    turn: u32,
}

impl Table<'_> {
    /// Counts an offer, an acceptance or a choice of partner the level's `seat` makes.
    fn note_trade(&mut self, game: &Catan, seat: Seat, action: &Action) {
        if game.turn != self.turn {
            self.turn = game.turn;
            self.offered.clear();
        }
        let t = &mut *self.tally;
        if let Action::Offer { give, get } = action {
            t.offers += 1;
            t.repeated_offers += self.offered.contains(action) as u32;
            t.turns_offering += self.offered.is_empty() as u32;
            self.offered.push(*action);
            t.most_offers_in_a_turn = t.most_offers_in_a_turn.max(self.offered.len() as u32);
            t.offers_unholdable += !game.others_may_hold(seat, get) as u32;
            t.trades_at_a_loss += (game.trade_gain(seat, give, get) <= 0.0) as u32;
        }
        if let Some((give, get)) = game.trade_terms(seat, action) {
            t.trades_at_a_loss += (game.trade_gain(seat, &give, &get) <= 0.0) as u32;
            t.trades += matches!(action, Action::TradeWith { .. }) as u32;
        }
    }
}

fn own_hex(game: &Catan, seat: Seat, action: &Action) -> Option<bool> {
    let Action::Robber { hex, .. } = action else {
        return None;
    };
    let corners = Geometry::get().hex_vertex_set[*hex as usize];
    Some(game.players[seat as usize].buildings().intersects(corners))
}

impl Chooser<Catan> for Table<'_> {
    fn choose(&mut self, game: &Catan, seat: Seat, legal: &[Action], rng: &mut Rng) -> usize {
        let i = self.bots[seat as usize].decide(game, seat, legal, rng);
        if !self.level[seat as usize] {
            return i;
        }
        if let Some(own) = own_hex(game, seat, &legal[i]) {
            self.tally.robber_moves += 1;
            let open = legal.iter().any(|a| own_hex(game, seat, a) == Some(false));
            self.tally.robber_on_own += (own && open) as u32;
        }
        self.note_trade(game, seat, &legal[i]);
        if legal[i] == Action::EndTurn {
            let held = game.players[seat as usize].hand.total();
            self.tally.ended_over_limit += (held > game.hand_limit(seat) as u32) as u32;
        }
        i
    }
}

fn count(tally: &mut Tally, level: [bool; 4], events: &[Event]) {
    for e in events {
        match e {
            Event::TurnStarted { .. } => tally.turns += 1,
            Event::Discarded { seat, .. } => tally.lost_to_sevens += level[*seat as usize] as u32,
            Event::BarbariansAttacked { defended, .. } => {
                tally.attacks += 1;
                tally.attacks_lost += !defended as u32;
            }
            Event::CityPillaged { .. } => tally.pillaged += 1,
            _ => {}
        }
    }
}

/// `games` 4-player games of one `level` seat (rotated) against three `others`;
/// every seat is counted when `others` is the level itself.
fn face(config: &Config, level: &str, others: &str, games: u64) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        let ours: [bool; 4] = std::array::from_fn(|s| s as u64 == seed % 4 || others == level);
        let bots = (0..4)
            .map(|s| parse_bot(if ours[s] { level } else { others }).unwrap())
            .collect();
        let mut events = Vec::new();
        let mut table = Table {
            bots,
            level: ours,
            tally: &mut tally,
            offered: Vec::new(),
            turn: u32::MAX,
        };
        play::<Catan>(config, 7000 + seed, &mut table, false, |_, e| {
            events.extend_from_slice(e)
        })
        .expect("bots play legal decisions");
        count(&mut tally, ours, &events);
        tally.games += 1;
        tally.seats += ours.iter().filter(|&&o| o).count() as u32;
    }
    eprintln!(
        "{level} against {others} ({:?}, {} games): {:.1} turns a game, {:.2} cards lost to \
         sevens and {:.2} turns ended over the limit per seat and game, robber on own hex {} \
         of {}, attacks lost {:.2} of {:.2} and {:.2} cities pillaged a game; {:.2} offers \
         a turn offering ({} in {} turns, at most {} in one), {} repeated, {} asking for \
         cards no one else can hold, {} trades at a loss, {:.2} trades made per seat and game",
        config.expansion,
        tally.games,
        tally.per_game(tally.turns),
        tally.per_seat(tally.lost_to_sevens),
        tally.per_seat(tally.ended_over_limit),
        tally.robber_on_own,
        tally.robber_moves,
        tally.per_game(tally.attacks_lost),
        tally.per_game(tally.attacks),
        tally.per_game(tally.pillaged),
        tally.offers as f64 / tally.turns_offering.max(1) as f64,
        tally.offers,
        tally.turns_offering,
        tally.most_offers_in_a_turn,
        tally.repeated_offers,
        tally.offers_unholdable,
        tally.trades_at_a_loss,
        tally.per_seat(tally.trades),
    );
    tally
}

fn base() -> Config {
    Config::players(4)
}

fn ck() -> Config {
    Config {
        expansion: Expansion::CitiesAndKnights,
        ..Config::players(4)
    }
}

/// The cheap levels, easy (`greedy:slip=0.85`) and medium (`greedy`), each against
/// itself (the lobby's names are the registry's, `crates/games/src/levels.rs`).
const CHEAP: [&str; 2] = ["greedy:slip=0.85", "greedy"];

/// Measured 29 Nov 2026 over these 200 games (easy, medium): 6.4 and 6.7 cards lost to
/// sevens per seat and game, 0.80 and 0.87 turns ended over the hand limit, the robber
/// never on its own hex in 4,670 and 4,760 moves. Before the evaluation weighed the
/// seven (issue 44) medium lost 20.1 cards a game and ended 3.6 turns over the limit;
/// random play loses 17.1. The bounds sit about a third above the measurement. (Easy
/// was `greedy:slip=0.3` then; Catan's own easy, `greedy:slip=0.7` from 30 Nov 2026 and
/// `greedy:slip=0.85` since 1 Dec 2026, passes the same bounds here and below: on
/// 1 Dec 2026 7.6 cards lost to sevens and 1.06 turns over the limit here, 12.8 and
/// 1.26 in Cities & Knights, with 1.12 of 8.4 attacks lost and 2.8 cities pillaged in
/// games of 122 turns, closer to the bounds than medium: about a quarter below the
/// limits on turns over the hand limit and cities pillaged.)
#[test]
fn the_cheap_levels_keep_their_hands_from_the_seven_and_the_robber_off_their_hexes() {
    for spec in CHEAP {
        let t = face(&base(), spec, spec, 200);
        assert!(t.per_seat(t.lost_to_sevens) <= 9.0, "{spec}: {t:?}");
        assert!(t.per_seat(t.ended_over_limit) <= 1.3, "{spec}: {t:?}");
        assert!(t.robber_moves >= 1000, "{spec}: {t:?}");
        assert_eq!(t.robber_on_own, 0, "{spec}: {t:?}");
    }
}

/// Measured 29 Nov 2026 over these 100 games (easy, medium): 13.4 and 13.2 cards lost
/// to sevens per seat and game, 1.5 and 1.3 turns ended over the limit, 0.86 of 7.5
/// and 0.83 of 6.9 attacks lost and 2.2 and 2.1 cities pillaged a game, games of 110
/// and 101 turns. Before the expansion's terms (issue 44) medium lost 57 cards to
/// sevens, 11.7 of 13.6 attacks and 26.7 cities a game in games of 196 turns. The
/// bounds sit about a third to a half above the measurement.
#[test]
fn the_cheap_levels_defend_against_the_barbarians_in_cities_and_knights() {
    for spec in CHEAP {
        let t = face(&ck(), spec, spec, 100);
        assert!(t.per_seat(t.lost_to_sevens) <= 18.0, "{spec}: {t:?}");
        assert!(t.per_seat(t.ended_over_limit) <= 2.2, "{spec}: {t:?}");
        assert!(t.attacks >= 5 * t.games, "{spec}: {t:?}");
        assert!(t.per_game(t.attacks_lost) <= 1.5, "{spec}: {t:?}");
        assert!(t.per_game(t.pillaged) <= 3.5, "{spec}: {t:?}");
        assert_eq!(t.robber_on_own, 0, "{spec}: {t:?}");
    }
}

/// Every offer a cheap level makes is one it would take itself, never the same twice in
/// a turn, two a turn at most, and never for cards no other seat can hold; it accepts
/// and picks partners only for trades that help it, and it does trade (issue 43, bots'
/// table manners; issue 44, trades as people make them). Measured 29 Nov 2026 over
/// these 100 games each (base easy, medium; Cities & Knights easy, medium): 1.28-1.30
/// offers in each turn with an offer, in 77% of the turns, 6.2-6.9 trades made per
/// seat and game, none repeated, unholdable or at a loss.
#[test]
fn the_cheap_levels_trade_with_table_manners() {
    for (config, spec) in [base(), ck()].iter().flat_map(|c| CHEAP.map(|s| (c, s))) {
        let t = face(config, spec, spec, 100);
        assert_good_manners(&t, spec);
        assert!(t.per_seat(t.trades) >= 0.5, "{spec}: {t:?}");
    }
}

fn assert_good_manners(t: &Tally, spec: &str) {
    assert!(t.offers > 0, "{spec}: {t:?}");
    assert_eq!(t.repeated_offers, 0, "{spec}: {t:?}");
    assert!(t.most_offers_in_a_turn <= 2, "{spec}: {t:?}");
    assert_eq!(t.offers_unholdable, 0, "{spec}: {t:?}");
    assert_eq!(t.trades_at_a_loss, 0, "{spec}: {t:?}");
}

/// The hard level (`mcts:scale=1`, 1000 iterations, crates/games/src/levels.rs; the
/// default `mcts` before it) moved the robber onto its own hex in 4 of 39 moves over
/// these games before the bots passed over what the game dismisses
/// (`Game::dismissed`; 11 of 58 in the games). Four games, one hard seat
/// rotated among three medium ones: the search costs about 4 s of CPU a game.
#[test]
fn the_hard_level_never_moves_the_robber_onto_its_own_hex() {
    const HARD: &str = "mcts:scale=1";
    let t = face(&base(), HARD, "greedy", 4);
    assert!(t.robber_moves >= 20, "{t:?}");
    assert_eq!(t.robber_on_own, 0, "{t:?}");
    assert!(t.per_seat(t.lost_to_sevens) <= 9.0, "{t:?}");
    assert_good_manners(&t, HARD);
}
