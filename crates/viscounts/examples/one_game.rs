use tabuleiro_core::{Game, Rng, ToAct};
use tabuleiro_viscounts::{Config, Viscounts};
fn main() {
    let players: u8 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut game = Viscounts::new(&Config::with_players(players)).unwrap();
    let mut chance = Rng::seed(7);
    let mut rng = Rng::seed(8);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    let mut n = 0;
    while game.to_act() != ToAct::Over {
        match game.to_act() {
            ToAct::Chance => {
                let o = game.sample_chance(&mut chance);
                game.apply_chance(&o, &mut ev).unwrap();
            }
            ToAct::Seats(s) => {
                let seat = s.lowest().unwrap();
                game.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len())];
                if n < 60 {
                    println!("{seat} {a}");
                }
                game.apply(seat, &a, &mut ev).unwrap();
                n += 1;
            }
            ToAct::Over => {}
        }
    }
    println!(
        "decisions {n} round {} scores {:?}",
        game.round,
        game.scores()
    );
    for s in 0..players {
        println!("{:?}", game.breakdown(s));
    }
}
