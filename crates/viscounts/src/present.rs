//! The game offered to people: the clicks and words of each decision and event, as
//! catalogue keys with arguments (the tables come with the tables issue).

use crate::action::{Action, Event};
use crate::state::{Question, Viscounts};
use tabuleiro_core::{Message, Present, Seat};

impl Present for Viscounts {
    /// The clicks on the browser table (src/clicks.rs).
    fn path(&self, seat: Seat, action: &Action) -> Vec<String> {
        crate::clicks::path(self, seat, action)
    }

    fn label(&self, seat: Seat, action: &Action) -> Message {
        words(self.question(seat), action)
    }

    /// A decision's event carries its words as `label`, so that the log says what was
    /// chosen (an option's effects) even once the question is gone; a main action's
    /// label names the cards that could pay it then (`payers`), not those there now.
    fn describe(event: &Event) -> Message {
        match event {
            Event::Decided {
                seat,
                action,
                asked,
                payers,
            } => {
                let mut label = words(asked.as_ref(), action);
                if let Some(payers) = payers {
                    label = label.arg("payers", payers);
                }
                Message::new("event.viscounts.decided")
                    .arg("seat", seat)
                    .arg("action", action)
                    .arg("label", label)
            }
            _ => Message::tagged(event, "event", "event.viscounts."),
        }
    }

    /// The content the browser table draws from (src/clicks.rs).
    fn board() -> serde_json::Value {
        crate::clicks::board()
    }

    /// A position the rules can reach, waiting for a seat or chance (src/position.rs).
    fn check_position(&self) -> Result<(), String> {
        self.validate_settled().map_err(|e| e.to_string())
    }

    /// A position file is completed from the box where it says so, validated, and its
    /// pending automatic work run (src/position.rs, src/fill.rs).
    fn read_position(file: serde_json::Value) -> Result<Viscounts, String> {
        Viscounts::from_file(file).map_err(|e| e.to_string())
    }
}

/// A decision in words, given the question it answers: an option by its effects, an
/// accepted exchange by its cost and reward, a pass by what it declines; the rest by
/// the action's own fields.
pub fn words(asked: Option<&Question>, action: &Action) -> Message {
    match (asked, action) {
        (Some(Question::Choose { options }), Action::Choose { index }) => {
            match options.get(*index as usize) {
                Some(effects) => {
                    Message::new("action.viscounts.choose_effects").arg("effects", effects)
                }
                None => Message::tagged(action, "do", "action.viscounts."),
            }
        }
        (Some(Question::PayThen { cost, reward }), Action::Choose { .. }) => {
            Message::new("action.viscounts.accept_exchange")
                .arg("cost", cost)
                .arg("reward", reward)
        }
        (Some(q), Action::Pass) => match declined(q) {
            Some(what) => Message::new(format!("action.viscounts.pass_{what}")),
            None => Message::tagged(action, "do", "action.viscounts."),
        },
        _ => Message::tagged(action, "do", "action.viscounts."),
    }
}

/// What a pass declines, as the last part of its catalogue key.
fn declined(q: &Question) -> Option<&'static str> {
    Some(match q {
        Question::Hire => "hire",
        Question::Rearrange => "rearrange",
        Question::Discard => "discard",
        Question::Destroy { .. } => "destroy",
        Question::PayThen { .. } => "pay_then",
        Question::CastleMove => "castle_move",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::{Game, Rng, ToAct};

    /// Over random games, an option is offered and logged by its effects, an exchange
    /// by its cost and reward, and a pass by what it declines, never as "option N".
    #[test]
    fn choices_are_offered_and_logged_by_what_they_are() {
        let mut met = std::collections::BTreeSet::new();
        for seed in 0..6u64 {
            let mut g = Viscounts::new(&crate::Config::with_players(1 + (seed % 4) as u8)).unwrap();
            let mut rng = Rng::seed(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            for _ in 0..4000 {
                events.clear();
                let seat = match g.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        let o = g.sample_chance(&mut rng);
                        g.apply_chance(&o, &mut events).unwrap();
                        continue;
                    }
                    ToAct::Seats(s) => s.iter().next().unwrap(),
                };
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len())];
                let q = g.question(seat).cloned();
                let label = g.label(seat, &a);
                match (&q, &a) {
                    (Some(Question::Choose { options }), Action::Choose { index }) => {
                        assert_eq!(label.key, "action.viscounts.choose_effects");
                        let effects = serde_json::to_value(&options[*index as usize]).unwrap();
                        assert_eq!(label.args["effects"], effects);
                    }
                    (Some(Question::PayThen { cost, .. }), Action::Choose { .. }) => {
                        assert_eq!(label.key, "action.viscounts.accept_exchange");
                        assert_eq!(label.args["cost"], serde_json::to_value(cost).unwrap());
                    }
                    (_, Action::Pass) => {
                        assert!(label.key.starts_with("action.viscounts.pass_"), "{label}")
                    }
                    (_, Action::Choose { .. }) => {
                        panic!("{q:?} {a:?} has no words of its own: {label}")
                    }
                    _ => {
                        g.apply(seat, &a, &mut events).unwrap();
                        continue;
                    }
                }
                met.insert(label.key.clone());
                g.apply(seat, &a, &mut events).unwrap();
                // The log's line says the same as the offer did.
                let logged = events
                    .iter()
                    .map(<Viscounts as Present>::describe)
                    .find(|m| m.key == "event.viscounts.decided")
                    .unwrap();
                assert_eq!(logged.args["label"], serde_json::to_value(&label).unwrap());
            }
        }
        for key in ["choose_effects", "accept_exchange", "pass_hire"] {
            assert!(
                met.contains(&format!("action.viscounts.{key}")),
                "never met {key}"
            );
        }
    }

    /// Over random games: a main action's event names the cards that could pay it as
    /// they were when it was taken; the solo AI's steps are events; a question that an
    /// effect asks names what gave the effect.
    #[test]
    fn events_and_questions_say_what_was_then() {
        let (mut mains, mut ai_steps, mut caused) = (0, 0, 0);
        for seed in 0..6u64 {
            let mut g = Viscounts::new(&crate::Config::with_players(1 + (seed % 2) as u8)).unwrap();
            let mut rng = Rng::seed(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            for _ in 0..3000 {
                events.clear();
                if let Some(crate::state::Task::Ask { by: Some(_), .. }) = g.tasks.last() {
                    caused += 1;
                }
                let seat = match g.to_act() {
                    ToAct::Over => break,
                    ToAct::Chance => {
                        let o = g.sample_chance(&mut rng);
                        g.apply_chance(&o, &mut events).unwrap();
                        ai_steps += events.iter().filter(|e| is_ai_step(e)).count();
                        continue;
                    }
                    ToAct::Seats(s) => s.iter().next().unwrap(),
                };
                g.legal_actions(seat, &mut legal);
                let a = legal[rng.below(legal.len())];
                let slots = g.p(seat).slots;
                g.apply(seat, &a, &mut events).unwrap();
                ai_steps += events.iter().filter(|e| is_ai_step(e)).count();
                if let Some(Event::Decided {
                    payers: Some(p), ..
                }) = events.first()
                {
                    assert!(matches!(a, Action::Main { .. }), "{a:?}");
                    assert_eq!(p.slots, slots);
                    mains += 1;
                }
            }
        }
        assert!(mains > 10, "{mains} main actions");
        assert!(ai_steps > 10, "{ai_steps} steps of the AI logged");
        assert!(caused > 5, "{caused} questions named what asked them");
    }

    fn is_ai_step(e: &Event) -> bool {
        matches!(
            e,
            Event::AiMoved { .. } | Event::AiBuilt { .. } | Event::AiEffects { .. }
        )
    }
}
