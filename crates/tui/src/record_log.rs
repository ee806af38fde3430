//! A game's record in words, step by step, for reading a game played without a
//! table (`simulate --record`, `tournament --record`; `tabuleiro replay --log`).
//! Each decision is named by its seat and its label, then what it did; each line is
//! written from the game as it stood at that step, not from its end. A record holds
//! every step, so the lines hide nothing: it is read by whoever owns it.

use crate::game::TuiGame;
use crate::words::Words;
use tabuleiro_core::{apply_step, Record, Step};
use tabuleiro_i18n::Lang;

/// The lines of the record `text` in `lang`.
pub fn record_log(text: &str, lang: Lang) -> Result<Vec<String>, String> {
    struct Log<'a>(&'a str, Lang);
    impl crate::games::Visitor for Log<'_> {
        type Output = Result<Vec<String>, String>;
        fn visit<G: TuiGame>(self) -> Self::Output {
            let record: Record<G> = serde_json::from_str(self.0).map_err(|e| e.to_string())?;
            lines_of(&record, self.1)
        }
    }
    let game = serde_json::from_str::<serde_json::Value>(text)
        .map_err(|e| e.to_string())?
        .get("game")
        .and_then(|g| g.as_str().map(str::to_string))
        .ok_or("the record names no game")?;
    crate::games::visit(&game, Log(text, lang))?
}

fn lines_of<G: TuiGame>(record: &Record<G>, lang: Lang) -> Result<Vec<String>, String> {
    let mut game = G::new(&record.config).map_err(|e| e.to_string())?;
    let words = Words::of::<G>(lang, record.bots.clone());
    let (mut lines, mut events) = (Vec::new(), Vec::new());
    for (index, step) in record.steps.iter().enumerate() {
        let decided = match step {
            Step::Decision { seat, action } => {
                let label = game.label(*seat, action);
                let label = words
                    .message::<G>(&label)
                    .unwrap_or_else(|| label.to_string());
                Some(format!("{}: {label}", words.seat(*seat)))
            }
            Step::Chance { .. } => None,
        };
        if let Some(decided) = &decided {
            lines.push(format!("{}. {decided}", index + 1));
        }
        events.clear();
        apply_step(&mut game, step, &mut events).map_err(|e| format!("step {index}: {e}"))?;
        // An event that only says the decision again (Viscounts logs each one so) is
        // not written twice.
        let said = events.iter().map(|e| event_line(&game, e, &words));
        lines.extend(
            said.filter(|line| decided.as_ref() != Some(line))
                .map(|line| format!("   {line}")),
        );
    }
    Ok(lines)
}

/// An event in words, as the table's log writes it.
pub(crate) fn event_line<G: TuiGame>(game: &G, event: &G::Event, words: &Words) -> String {
    if let Some(line) = game.event_words(event, words) {
        return line;
    }
    let message = G::describe(event);
    words
        .message::<G>(&message)
        .unwrap_or_else(|| message.to_string())
}
