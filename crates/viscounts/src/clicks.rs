//! The browser table's half of the presentation: each decision as the clicks on the
//! table that make it, and the static content the table draws from.
//!
//! Keys name things drawn on the table: `hand:CARD` (a card in hand), `space:N` (a space
//! of the ring), `villager:POS` and `ms:POS` (the stacks beside board position POS),
//! `spot:POS:I` (a building spot), `castle:1:SECTION` (a level-1 castle section),
//! `building:KIND`, `res:NAME`, `debts`, `deeds`, `draw_pile`, `pair:I` (setup's row);
//! the rest are buttons: `main:KIND` then its target (`times:N`, `workers:N`) and how it
//! is paid (`pay:DISMISS:PAID:SUBS`), `option:I`, `accept`, `order:ABC`, `pile:CARD`,
//! `cw`/`ccw`, `expel:SEAT`, `pass`, `no_action`.

use crate::action::{Action, Funding, Main};
use crate::board;
use crate::content::Content;
use crate::state::{Question, Viscounts};
use tabuleiro_core::Seat;

/// The clicks that make `action` for `seat`.
pub(crate) fn path(g: &Viscounts, seat: Seat, action: &Action) -> Vec<String> {
    let here = board::pos_of(g.p(seat).space);
    let one = |k: String| vec![k];
    match *action {
        Action::ChoosePair { pair } => one(format!("pair:{pair}")),
        Action::Place { card }
        | Action::DiscardFromHand { card }
        | Action::DestroyFromHand { card } => one(format!("hand:{}", card.0)),
        Action::Move { to, .. } => one(format!("space:{to}")),
        Action::Main { main, funding } => main_path(here, main, funding),
        Action::NoAction => one("no_action".into()),
        Action::Hire => one(format!("villager:{here}")),
        Action::HireFree { pos } => one(format!("villager:{pos}")),
        Action::Pass => one("pass".into()),
        // An optional exchange is accepted (its one option) rather than picked.
        Action::Choose { index } => match g.question(seat) {
            Some(Question::PayThen { .. }) => one("accept".into()),
            _ => one(format!("option:{index}")),
        },
        Action::Rearrange { order } => one(format!("order:{}{}{}", order[0], order[1], order[2])),
        Action::DiscardTop | Action::DestroyTop => one("draw_pile".into()),
        Action::DestroyFromPile { card } => one(format!("pile:{}", card.0)),
        Action::FlipDebt => one("debts".into()),
        Action::FlipDeed => one("deeds".into()),
        Action::TakeResource { res } => one(format!("res:{}", res.name())),
        Action::CastleMove { section, clockwise } => vec![
            format!("castle:1:{section}"),
            if clockwise { "cw" } else { "ccw" }.into(),
        ],
        Action::PlaceIn { section } | Action::Advance { section } => {
            one(format!("castle:1:{section}"))
        }
        Action::BuildFree { pos, spot } => one(format!("spot:{pos}:{spot}")),
        Action::TakeManuscript { pos } => one(format!("ms:{pos}")),
        Action::Expel { owner } => one(format!("expel:{owner}")),
    }
}

/// A main action: its kind, its target, then how it is paid (seed 003 L372-381).
fn main_path(here: u8, main: Main, funding: Funding) -> Vec<String> {
    let pay = pay_key(funding);
    match main {
        Main::Trade { times } => vec!["main:trade".into(), format!("times:{times}"), pay],
        Main::Build { building, spot } => vec![
            "main:build".into(),
            format!("building:{}", building.name()),
            format!("spot:{here}:{spot}"),
            pay,
        ],
        Main::PlaceWorkers { workers } => vec![
            "main:place_workers".into(),
            format!("workers:{workers}"),
            pay,
        ],
        Main::Transcribe => vec!["main:transcribe".into(), pay],
    }
}

/// `pay:D:P:ABC`: D 1 when the villager beside the Viscount is dismissed, P the Silver or
/// resources paid for missing icons, A-C the uses of each slot's substitute ability.
fn pay_key(f: Funding) -> String {
    format!(
        "pay:{}:{}:{}{}{}",
        u8::from(f.dismiss),
        f.paid,
        f.subs[0],
        f.subs[1],
        f.subs[2]
    )
}

/// The content the table draws from, as the data files state it (with their
/// confidence and provisional marks and reasons), and the list of provisional items.
pub(crate) fn board() -> serde_json::Value {
    let file = |text: &str| serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
    serde_json::json!({
        "board": file(include_str!("../data/board.json")),
        "villagers": file(include_str!("../data/villagers.json")),
        "manuscripts": file(include_str!("../data/manuscripts.json")),
        "solo": file(include_str!("../data/solo.json")),
        "plot_base": crate::content::PLOT_BASE,
        "provisional": Content::get().provisional,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::{Game, Present, Rng, ToAct};

    /// Each seat's offers have distinct click paths and none is a prefix of another's
    /// (a click sequence names one decision), over games played at random.
    #[test]
    fn paths_name_one_decision_each() {
        for (players, seed) in [(1u8, 1u64), (2, 2), (3, 3), (4, 4)] {
            let mut g = Viscounts::new(&crate::Config::with_players(players)).unwrap();
            let mut rng = Rng::seed(seed);
            let mut ev = Vec::new();
            for _ in 0..3000 {
                match g.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        let o = g.sample_chance(&mut rng);
                        g.apply_chance(&o, &mut ev).unwrap();
                    }
                    ToAct::Seats(s) => {
                        let seat = s.iter().next().unwrap();
                        let mut legal = Vec::new();
                        g.legal_actions(seat, &mut legal);
                        let paths: Vec<Vec<String>> =
                            legal.iter().map(|a| g.path(seat, a)).collect();
                        for (i, p) in paths.iter().enumerate() {
                            for (j, q) in paths.iter().enumerate() {
                                if i != j {
                                    assert!(
                                        !q.starts_with(p),
                                        "{:?} and {:?} clash",
                                        legal[i],
                                        legal[j]
                                    );
                                }
                            }
                        }
                        let a = legal[rng.below(legal.len())];
                        g.apply(seat, &a, &mut ev).unwrap();
                    }
                }
            }
        }
    }

    #[test]
    fn the_board_data_names_every_provisional_item() {
        let b = <Viscounts as Present>::board();
        assert_eq!(b["board"]["segments"].as_array().unwrap().len(), 5);
        assert_eq!(b["manuscripts"]["tiles"].as_array().unwrap().len(), 35);
        assert_eq!(b["solo"]["plots"].as_array().unwrap().len(), 16);
        assert_eq!(
            b["provisional"].as_array().unwrap().len(),
            Content::get().provisional.len()
        );
        assert!(b["plot_base"].as_u64() == Some(128));
    }
}
