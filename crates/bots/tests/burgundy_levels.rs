//! Every bot level the lobby offers plays The Castles of Burgundy sensibly: no level
//! hoards workers, silver or goods it can never use, and a level that looks ahead
//! scores far more from play than random choices do (issue 16, "The opponent": the
//! greedy bot once ended a game with 84 workers and 23 points from play).
//! Run it in release mode: `cargo test --release -p tabuleiro-bots --test burgundy_levels`.

use tabuleiro_bots::{parse_bot, Bot};
use tabuleiro_burgundy::{Burgundy, Config, Event, ScoreReason};
use tabuleiro_core::{play, Chooser, Rng, Seat};

/// What one bot did over a match, summed over its games.
#[derive(Debug, Default)]
struct Tally {
    games: u32,
    wins: u32,
    /// VP scored during play: livestock, areas, colour bonuses, sales, watchtowers
    /// (not the final scoring of leftovers and knowledge tiles 15-26).
    from_play: i64,
    /// The most workers, silver and goods this bot held at any game's end.
    max_workers: u32,
    max_silver: u32,
    max_goods: u32,
    /// Workers held at the ends of all games, summed.
    workers: u32,
    /// Games ended holding more than 24 workers (12 VP).
    many_workers: u32,
}

struct Table {
    bots: Vec<Box<dyn Bot<Burgundy>>>,
}

impl Chooser<Burgundy> for Table {
    fn choose(
        &mut self,
        game: &Burgundy,
        seat: Seat,
        legal: &[tabuleiro_burgundy::Action],
        rng: &mut Rng,
    ) -> usize {
        self.bots[seat as usize].decide(game, seat, legal, rng)
    }
}

fn during_play(why: &ScoreReason) -> bool {
    matches!(
        why,
        ScoreReason::Livestock
            | ScoreReason::Area { .. }
            | ScoreReason::ColourBonus { .. }
            | ScoreReason::Sale { .. }
            | ScoreReason::Watchtower
    )
}

/// 2-player games of `specs[0]` against `specs[1]`, seats swapped every game.
fn face_off(specs: [&str; 2], games: u64) -> [Tally; 2] {
    let config = Config::players(2);
    let mut tallies = [Tally::default(), Tally::default()];
    for seed in 0..games {
        // Seat s plays bot (seed + s) % 2.
        let bot_of = |seat: usize| (seed as usize + seat) % 2;
        let mut table = Table {
            bots: (0..2)
                .map(|s| parse_bot(specs[bot_of(s)]).unwrap())
                .collect(),
        };
        let mut from_play = [0i64; 2];
        let played = play::<Burgundy>(&config, seed, &mut table, false, |_, events| {
            for e in events {
                if let Event::Scored { seat, vp, why } = e {
                    if during_play(why) {
                        from_play[*seat as usize] += *vp as i64;
                    }
                }
            }
        })
        .unwrap();
        let winner = played.game.ranking()[0] as usize;
        for seat in 0..2 {
            let t = &mut tallies[bot_of(seat)];
            let p = &played.game.players[seat];
            t.games += 1;
            t.wins += (seat == winner) as u32;
            t.from_play += from_play[seat];
            t.max_workers = t.max_workers.max(p.workers);
            t.many_workers += (p.workers > 24) as u32;
            t.workers += p.workers;
            t.max_silver = t.max_silver.max(p.silver);
            t.max_goods = t.max_goods.max(p.goods.iter().map(|&g| g as u32).sum());
        }
    }
    tallies
}

/// Greedy, the level that answers at once, against random over 200 games: it ends
/// no game holding a hoard, and its points from play are far above random's.
#[test]
fn greedy_plays_for_points_and_hoards_nothing() {
    let [greedy, random] = face_off(["greedy", "random"], 200);
    eprintln!("greedy {greedy:?}\nrandom {random:?}");
    // Knowledge tiles 13 and 14 together make taking workers pay 3 VP a die at the
    // final scoring (4 workers and a silver), so a few games may end with more; on
    // average a handful are left (measured: 5.6 a game, 3 games of 200 above 24 with
    // the old setup; 7.2 and 6 since seats choose their duchy's side, which moves every
    // game: the bounds catch the hoarding the issue saw, 40+ workers a game, not these).
    assert!(
        greedy.workers <= 8 * 200,
        "greedy hoards workers: {greedy:?}"
    );
    assert!(
        greedy.many_workers <= 10,
        "greedy hoards workers: {greedy:?}"
    );
    assert!(greedy.max_silver <= 20, "greedy hoards silver: {greedy:?}");
    assert!(greedy.max_goods <= 12, "greedy hoards goods: {greedy:?}");
    assert!(
        greedy.from_play >= 4 * random.from_play,
        "greedy {} points from play, random {}",
        greedy.from_play,
        random.from_play
    );
    assert!(greedy.wins >= 190, "greedy won {} of 200", greedy.wins);
}

/// The search level (a small budget, to keep the test short; its truncated playouts
/// end on the same evaluation) hoards nothing either and scores from play.
#[test]
fn mcts_plays_for_points_and_hoards_nothing() {
    let [mcts, greedy] = face_off(["mcts:iters=100", "greedy"], 6);
    eprintln!("mcts {mcts:?}\ngreedy {greedy:?}");
    assert!(mcts.many_workers == 0, "mcts hoards workers: {mcts:?}");
    assert!(mcts.max_silver <= 16, "mcts hoards silver: {mcts:?}");
    assert!(
        mcts.from_play >= 6 * 60,
        "mcts scores little from play: {mcts:?}"
    );
}

/// The easy level (`greedy:slip=0.3`, web/src/seats.ts): the greedy judgement with
/// three decisions in ten taken among the best three. It hoards nothing, scores far
/// more from play than random choices, and loses to greedy more often than not.
#[test]
fn the_easy_level_plays_sensibly_and_below_greedy() {
    let [easy, random] = face_off(["greedy:slip=0.3", "random"], 60);
    eprintln!("easy {easy:?}\nrandom {random:?}");
    assert!(easy.many_workers <= 3, "easy hoards workers: {easy:?}");
    assert!(easy.max_silver <= 20, "easy hoards silver: {easy:?}");
    assert!(easy.max_goods <= 12, "easy hoards goods: {easy:?}");
    assert!(
        easy.from_play >= 3 * random.from_play,
        "easy {} points from play, random {}",
        easy.from_play,
        random.from_play
    );
    assert!(
        easy.wins >= 55,
        "easy won {} of 60 against random",
        easy.wins
    );
    let [easy, greedy] = face_off(["greedy:slip=0.3", "greedy"], 40);
    eprintln!("easy {easy:?}\ngreedy {greedy:?}");
    assert!(
        easy.wins < greedy.wins,
        "easy won {} of 40 against greedy",
        easy.wins
    );
}
