//! What a die action is worth to the evaluation, and where a search's leaves stand
//! (issue 18, fifth round; docs/burgundy/bots.md): greedy 2-player games, seeds
//! 1..=GAMES. For each turn that the round goes on after, the gain of the static
//! judgement of the seat on turn from its turn's first decision to the turn's end,
//! per die, by phase and round; and from
//! every 5th decision a 20-decision random rollout (`mcts:cap=20`'s), its leaf
//! counted as mid-action (the seat on turn has a decision of its turn pending, which
//! `evaluate` looks through for that seat only) or not, with the mean lead that
//! look-through adds and the die actions each seat still has there.
//! `GAMES=100 cargo run --release -p tabuleiro-bots --example action_value`
use tabuleiro_bots::{EverySeat, GreedyBot};
use tabuleiro_burgundy::evaluate::{actions_to_come, judge_as};
use tabuleiro_burgundy::state::Stage;
use tabuleiro_burgundy::{Burgundy, Config};
use tabuleiro_core::{play, Game, Judgement, Rng, Seat, ToAct};

/// A uniform random rollout of `cap` decisions (chance sampled on the way).
fn rollout(g: &mut Burgundy, cap: u32, rng: &mut Rng) {
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    let mut n = 0;
    loop {
        ev.clear();
        match g.to_act() {
            ToAct::Over => return,
            ToAct::Chance => {
                let o = g.sample_chance(rng);
                g.apply_chance_unchecked(&o, &mut ev);
            }
            ToAct::Seats(_) if n >= cap => return,
            ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len())];
                g.apply_unchecked(seat, &a, &mut ev);
                n += 1;
            }
        }
    }
}

fn main() {
    let games: u64 = std::env::var("GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(50);
    let c = Config::players(2);
    let (mut gain, mut turns) = ([0.0f64; 25], [0u32; 25]);
    let (mut leaves, mut mid, mut lift, mut uneven, mut at_chance) =
        (0u32, 0u32, 0.0f64, 0u32, 0u32);
    let mut rng = Rng::seed(77);
    // (rounds left, seat 0's static lead) at each round's roll, and seat 0's result.
    let mut leads: Vec<(usize, f64, f64)> = Vec::new();
    for seed in 1..=games {
        let mut start: Option<(Seat, f64, u8)> = None;
        let mut step = 0u64;
        let mut game_leads = Vec::new();
        let played = play::<Burgundy>(
            &c,
            seed,
            &mut EverySeat(Box::new(GreedyBot::default())),
            false,
            |g, _| {
                step += 1;
                if g.stage == Stage::RoundStart {
                    let lead =
                        judge_as(g, 0, Judgement::Static) - judge_as(g, 1, Judgement::Static);
                    game_leads.push((tabuleiro_burgundy::evaluate::rounds_left(g) as usize, lead));
                }
                let turn = g.turn().filter(|t| !t.phase_end);
                if let Some((s, v, phase)) = start {
                    if turn.is_none_or(|t| t.seat != s) {
                        // Only turns after which the round goes on: the round's end
                        // shortens every holding's future (`soon`) for both seats alike.
                        if turn.is_some() {
                            gain[phase as usize] += (judge_as(g, s, Judgement::Static) - v) / 2.0;
                            turns[phase as usize] += 1;
                        }
                        start = None;
                    }
                }
                if let Some(t) = turn {
                    if start.is_none() && t.dice.iter().all(Option::is_some) && t.pending.is_empty()
                    {
                        start = Some((
                            t.seat,
                            judge_as(g, t.seat, Judgement::Static),
                            g.phase * 5 + g.round,
                        ));
                    }
                }
                if step.is_multiple_of(5) && g.stage != Stage::Over {
                    let mut leaf = g.clone();
                    rollout(&mut leaf, 20, &mut rng);
                    leaves += 1;
                    match leaf.turn() {
                        Some(t) if !t.pending.is_empty() => {
                            mid += 1;
                            lift += judge_as(&leaf, t.seat, Judgement::Lookahead)
                                - judge_as(&leaf, t.seat, Judgement::Static);
                        }
                        Some(_) => {}
                        None => at_chance += 1,
                    }
                    if actions_to_come(&leaf, 0) != actions_to_come(&leaf, 1) {
                        uneven += 1;
                    }
                }
            },
        )
        .unwrap();
        let st = played.game.standings();
        let result = match (st[0].score == st[1].score, &st[0].members[..]) {
            (true, _) => 0.5,
            (false, [tabuleiro_core::Participant::Seat(0)]) => 1.0,
            _ => 0.0,
        };
        leads.extend(game_leads.into_iter().map(|(l, d)| (l, d, result)));
    }
    for p in 0..5 {
        let (g, t): (f64, u32) = (
            gain[p * 5..p * 5 + 5].iter().sum(),
            turns[p * 5..p * 5 + 5].iter().sum(),
        );
        let rounds: Vec<String> = (0..5)
            .map(|r| format!("{:.2}", gain[p * 5 + r] / turns[p * 5 + r].max(1) as f64))
            .collect();
        println!(
            "phase {}: {} turns, static judgement gained {:.2} VP per die (rounds 1-5: {})",
            p + 1,
            t,
            g / t.max(1) as f64,
            rounds.join(", ")
        );
    }
    // The scale s that makes 1 / (1 + exp(-lead / s)) the likeliest chance of
    // winning, by rounds left (in bands of 5), searched on a grid.
    for band in 0..5 {
        let pts: Vec<&(usize, f64, f64)> = leads
            .iter()
            .filter(|p| (p.0.max(1) - 1) / 5 == band)
            .collect();
        let loglik = |sc: f64| -> f64 {
            pts.iter()
                .map(|&&(_, d, r)| {
                    let p = (1.0 / (1.0 + (-d / sc).exp())).clamp(1e-9, 1.0 - 1e-9);
                    r * p.ln() + (1.0 - r) * (1.0 - p).ln()
                })
                .sum()
        };
        let best = (1..=400)
            .map(|i| i as f64 * 0.25)
            .max_by(|a, b| loglik(*a).total_cmp(&loglik(*b)))
            .unwrap();
        println!("rounds left {}-{}: {} rolls, chance of winning fits scale {best:.2} (log-likelihood {:.1}; at scale 10: {:.1})", band * 5 + 1, band * 5 + 5, pts.len(), loglik(best), loglik(10.0));
    }
    let all: f64 = gain.iter().sum::<f64>() / turns.iter().sum::<u32>() as f64;
    println!("all phases: {all:.2} VP per die");
    println!(
        "leaves of 20-decision rollouts: {leaves}; mid-action (seat on turn with a decision pending) {mid} ({:.1}%), the look-through adding {:.2} VP on average to that seat; between rounds {at_chance}; seats with unequal die actions left {uneven} ({:.1}%)",
        100.0 * mid as f64 / leaves as f64,
        lift / mid.max(1) as f64,
        100.0 * uneven as f64 / leaves as f64
    );
}
