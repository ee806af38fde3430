//! Every cheap bot level pays its Debts in Viscounts of the West Kingdom (issue 44): an
//! unpaid Debt costs 2 VP at the end (seed 003 L224-248; digest section 3.1), and
//! flipping one gives a resource besides. Each level plays itself, 2 players. Run it
//! in release mode: `cargo test --release -p tabuleiro-bots --test viscounts_levels`.

use tabuleiro_bots::{parse_bot, EverySeat};
use tabuleiro_core::{play, Game, Participant};
use tabuleiro_viscounts::{Config, Viscounts};

/// Unpaid and paid Debts per seat at the games' ends.
#[derive(Debug, Default)]
struct Debts {
    seats: u32,
    unpaid: u32,
    paid: u32,
}

fn self_play(spec: &str, players: u8, games: u64) -> Debts {
    let config = Config {
        players,
        ..Config::default()
    };
    let mut debts = Debts::default();
    for seed in 0..games {
        let mut every = EverySeat(parse_bot::<Viscounts>(spec).unwrap());
        let played = play::<Viscounts>(&config, 500 + seed, &mut every, false, |_, _| {})
            .expect("bots play legal decisions");
        for s in 0..players {
            let p = played.game.p(s);
            debts.unpaid += p.debts as u32;
            debts.paid += p.paid_debts as u32;
            debts.seats += 1;
        }
    }
    eprintln!(
        "{spec}, {players} players, {games} games: {:.2} Debts unpaid and {:.2} paid per seat",
        debts.unpaid as f64 / debts.seats as f64,
        debts.paid as f64 / debts.seats as f64
    );
    debts
}

/// Measured 29 Nov 2026 over these games: easy (`greedy:slip=0.3`) left 0.86 Debts
/// unpaid per seat with 2 players and 1.52 with 4, medium (`greedy`) 0.51 and 0.86;
/// before the judgement looked through the flip (issue 44) medium left 2.08 and 2.51,
/// and random play leaves 3.06 and 3.02. The bounds sit about a third above the
/// measurement and well below what came before.
#[test]
fn the_cheap_levels_pay_their_debts() {
    for (spec, two, four) in [("greedy:slip=0.3", 1.2, 2.0), ("greedy", 0.8, 1.2)] {
        for (players, games, bound) in [(2, 100, two), (4, 40, four)] {
            let d = self_play(spec, players, games);
            let unpaid = d.unpaid as f64 / d.seats as f64;
            assert!(unpaid <= bound, "{spec}, {players} players: {d:?}");
            assert!(d.paid >= 2 * d.seats, "{spec}, {players} players: {d:?}");
        }
    }
}

/// Games of `games` the seat wins playing `spec` alone against the solo AI at
/// `difficulty` (the player must score more than the AI: seed 003 L756, a tie is the
/// AI's).
fn solo_wins(spec: &str, difficulty: u8, games: u64) -> u64 {
    let config = Config {
        players: 1,
        difficulty,
        ..Config::default()
    };
    let won = (0..games).filter(|seed| {
        let mut every = EverySeat(parse_bot::<Viscounts>(spec).unwrap());
        let played = play::<Viscounts>(&config, 900 + seed, &mut every, false, |_, _| {})
            .expect("bots play legal decisions");
        played.game.standings()[0].members == vec![Participant::Seat(0)]
    });
    let won = won.count() as u64;
    eprintln!("{spec} against the AI at difficulty {difficulty}: {won} of {games}");
    won
}

/// The levels climb against the solo AI too, and its difficulty bites (issue 44:
/// "solo against the AI at each difficulty"). Measured 30 Nov 2026 with
/// `tabuleiro simulate --game viscounts --players 1 --bot LEVEL --games 200 --seed 1
/// --config {"difficulty":D}` (docs/viscounts/bots.md, "Against the solo AI"):
/// random won none of 200 at any difficulty, easy 24, 22, 14 and 1 at difficulties
/// 0-3, medium 57, 57, 46 and 29. The test's own games (other seeds) must keep that
/// order: random below easy below medium, and medium winning fewer at the hardest
/// difficulty than at the easiest.
#[test]
fn the_cheap_levels_climb_against_the_solo_ai() {
    let games = 200;
    let random = solo_wins("random", 1, games);
    let easy = solo_wins("greedy:slip=0.3", 1, games);
    let medium = solo_wins("greedy", 1, games);
    assert!(
        random < easy && easy < medium,
        "{random} < {easy} < {medium}"
    );
    let easiest = solo_wins("greedy", 0, games);
    let hardest = solo_wins("greedy", 3, games);
    assert!(hardest < easiest, "difficulty 3: {hardest}, 0: {easiest}");
}
