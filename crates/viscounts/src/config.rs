//! Game configuration: player count and an option for each contested reading of the
//! rulebook (digest section 13, "A1".."A25"). Each option documents its default.

use crate::error::{ConfigError, Error};
use serde::{Deserialize, Serialize};

/// Which flipped cards the Poverty and Prosperity cards rank (A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SeeSaw {
    /// Poverty ranks flipped Deeds, Prosperity flipped Debts: the scoring section
    /// (seed 003 L618, L624) and its example (L650).
    #[default]
    PovertyDeeds,
    /// Poverty ranks flipped Debts, Prosperity flipped Deeds (seed 003 L248).
    PovertyDebts,
}

/// What an expelled level-1 worker gives its owner (A2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Level1Expel {
    /// 2 Silver per worker (seed 003 L485 and the player card's back).
    #[default]
    TwoSilverEach,
    /// 1 Silver per worker (the worked example, seed 003 L503: "one for each worker").
    OneSilverEach,
}

/// How many turns follow the reveal of Poverty or Prosperity (A4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FinalRound {
    /// The current round ends, then one final round is played (seed 003 L562).
    #[default]
    ExtraRound,
    /// Only the current round is completed.
    CompleteRound,
}

/// Poverty/Prosperity rewards with fewer than 3 players (A5; seed 003 L626).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum SmallGame {
    /// The 8 is removed: places are worth 12 and 4.
    #[default]
    Shift,
    /// The 8 is removed and 2nd place gets 0 (places 12, 0, 4).
    Zero,
}

/// Rounding of a shared reward (A6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Rounding {
    #[default]
    Down,
    Up,
}

/// Whose boards take part in collision steps 1 and 2 (A8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CollisionScope {
    /// All players (seed 003 L536 "todos os jogadores"; the Peddler's card text fires on
    /// any player's collision).
    #[default]
    AllPlayers,
    /// Only the active player.
    ActiveOnly,
}

/// Whose workers count for the level-2 advancement (A10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Level2Count {
    /// The player's own workers (the example, seed 003 L499-501).
    #[default]
    Own,
    /// Workers of any colour.
    Any,
}

/// Which reshuffles make the Criminal/Virtue check (A12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ReshuffleCheck {
    /// Every reshuffle of the discard pile into the draw pile (the board's reminder).
    #[default]
    Every,
    /// Only reshuffles needed to draw a card (seed 003 L556 read literally).
    DrawOnly,
}

/// The tie-break (A17; seed 003 L628).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TieBreak {
    /// Silver + Ink + Gold + Stone together.
    #[default]
    Combined,
    /// Silver first, then resources.
    SilverFirst,
}

/// What "Só é permitido transcrever 1 Manuscrito por turno" (seed 003 L511) limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ManuscriptLimit {
    /// The Transcribe action (the sentence's place, L509-511): one main action a turn
    /// already makes it one. A free manuscript from an effect ("Receba 1 Manuscrito ...
    /// gratuitamente", L812) is not limited: L740 has a manuscript's own effect give a
    /// free transcription, which a wider limit would always void.
    #[default]
    TranscribeAction,
    /// Every manuscript: after one this turn (action or effect), a free-manuscript effect
    /// gives nothing and the Transcribe action is refused.
    Every,
}

/// Options that are not settings of this game (`cheat`, Burgundy's `edition`) are
/// refused, as Catan's and Burgundy's are: a game's options are stored with it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Config {
    pub players: u8,
    pub see_saw: SeeSaw,
    pub level1_expel: Level1Expel,
    pub final_round: FinalRound,
    pub small_game: SmallGame,
    pub rounding: Rounding,
    /// A8, step 1 (2nd Workshop Virtue).
    pub collision_workshop: CollisionScope,
    /// A8, step 2 (collision abilities of villager cards).
    pub collision_cards: CollisionScope,
    pub level2_count: Level2Count,
    pub reshuffle_check: ReshuffleCheck,
    pub tie_break: TieBreak,
    pub manuscript_limit: ManuscriptLimit,
    /// Solo (players 1): the AI board, `cleric`, `noble`, `builder` or `merchant` (L760:
    /// four AI opponents; only the Cleric board was recovered, the other three are
    /// provisional reconstructions, see docs/viscounts/content.md).
    pub ai: String,
    /// Solo: Future Plots shuffled into the Plot draw pile at setup (0-3; L762).
    pub difficulty: u8,
    /// A21: the AI resolves collisions and the reshuffle check like a player (default true,
    /// "mostly plays exactly like a standard game", L670).
    pub ai_collisions: bool,
    /// A15: a dismissed printed villager's icons fund the action (default true).
    pub printed_dismiss_icons: bool,
    /// Written into every record's header (the config): how many content items of this
    /// build are reconstructions, listed in docs/viscounts/content.md and the view. Not
    /// a choice: whatever a config file says here is read as this build's note.
    #[serde(deserialize_with = "this_builds_note")]
    pub provisional_content: String,
}

/// A game played with provisional content says so, whatever its config file said
/// (an earlier build's note, with another count). A note is one short line: a longer
/// text is refused rather than stored with the game's options.
fn this_builds_note<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    const LONGEST: usize = 200;
    if String::deserialize(d)?.len() > LONGEST {
        return Err(serde::de::Error::custom(format!(
            "provisional_content is a note of at most {LONGEST} bytes"
        )));
    }
    Ok(provisional_note())
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            see_saw: SeeSaw::default(),
            level1_expel: Level1Expel::default(),
            final_round: FinalRound::default(),
            small_game: SmallGame::default(),
            rounding: Rounding::default(),
            collision_workshop: CollisionScope::default(),
            collision_cards: CollisionScope::default(),
            level2_count: Level2Count::default(),
            reshuffle_check: ReshuffleCheck::default(),
            tie_break: TieBreak::default(),
            manuscript_limit: ManuscriptLimit::default(),
            printed_dismiss_icons: true,
            ai: DEFAULT_AI.into(),
            difficulty: DEFAULT_DIFFICULTY,
            ai_collisions: DEFAULT_AI_COLLISIONS,
            provisional_content: provisional_note(),
        }
    }
}

/// The solo options' defaults, which a game of several players keeps (L760).
const DEFAULT_AI: &str = "cleric";
const DEFAULT_DIFFICULTY: u8 = 0;
const DEFAULT_AI_COLLISIONS: bool = true;

/// The note on provisional content that a game's record carries.
pub fn provisional_note() -> String {
    the_provisional_note().to_owned()
}

/// [`provisional_note`], written once: every new game checks its config against it.
fn the_provisional_note() -> &'static str {
    static NOTE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    NOTE.get_or_init(|| {
        let n = crate::content::Content::get().provisional.len();
        format!("{n} provisional content items: see docs/viscounts/content.md")
    })
}

impl Config {
    pub fn with_players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    pub fn validate(&self) -> Result<(), Error> {
        let ai_known = crate::content::Content::get()
            .ai_boards
            .iter()
            .any(|b| b.id == self.ai);
        if self.players == 1 && (!ai_known || self.difficulty > 3) {
            return Err(Error::Config(ConfigError::Solo {
                ai: self.ai.clone(),
                difficulty: self.difficulty,
            }));
        }
        if self.provisional_content != the_provisional_note() {
            return Err(Error::Config(ConfigError::ProvisionalNote));
        }
        if !(1..=4).contains(&self.players) {
            return Err(Error::Config(ConfigError::Players {
                players: self.players,
            }));
        }
        if let Some(option) = self.solo_option_set() {
            return Err(Error::Config(ConfigError::SoloOnly {
                option: option.into(),
            }));
        }
        Ok(())
    }

    /// An option of the solo game set away from its default in a game of several
    /// players, where no AI plays (L760). A record of such a game carries the
    /// defaults, so it still reads.
    fn solo_option_set(&self) -> Option<&'static str> {
        match self.players {
            1 => None,
            _ if self.ai != DEFAULT_AI => Some("ai"),
            _ if self.difficulty != DEFAULT_DIFFICULTY => Some("difficulty"),
            _ if self.ai_collisions != DEFAULT_AI_COLLISIONS => Some("ai_collisions"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Config, String> {
        serde_json::from_str::<Config>(json).map_err(|e| e.to_string())
    }

    fn refusal(config: &Config) -> Option<ConfigError> {
        match config.validate() {
            Err(Error::Config(e)) => Some(e),
            _ => None,
        }
    }

    /// Options that are not this game's settings are refused, with the key named; a
    /// record's config, every key written, still reads (issue 40).
    #[test]
    fn unknown_options_are_refused_and_records_still_read() {
        for (json, key) in [
            (r#"{"cheat": 1}"#, "cheat"),
            (r#"{"edition": "x"}"#, "edition"),
            (r#"{"players": 2, "solo_goal": 50}"#, "solo_goal"),
        ] {
            let e = read(json).unwrap_err();
            assert!(e.contains(&format!("unknown field `{key}`")), "{e}");
        }
        let junk = format!(r#"{{"junk": "{}"}}"#, "x".repeat(300 * 1024));
        assert!(read(&junk).is_err());
        let note = format!(r#"{{"provisional_content": "{}"}}"#, "x".repeat(300 * 1024));
        assert!(read(&note).unwrap_err().contains("at most 200 bytes"));

        // A record's header as this build writes it, and one from an earlier build
        // with its own note: every existing key reads, and validates.
        for players in 1..=4 {
            let written = serde_json::to_string(&Config::with_players(players)).unwrap();
            let config = read(&written).unwrap();
            assert_eq!(config, Config::with_players(players));
            assert_eq!(config.validate(), Ok(()));
        }
        let earlier = r#"{"players": 2, "see_saw": "poverty_debts",
            "level1_expel": "one_silver_each", "final_round": "complete_round",
            "small_game": "zero", "rounding": "up", "collision_workshop": "active_only",
            "collision_cards": "active_only", "level2_count": "any",
            "reshuffle_check": "draw_only", "tie_break": "silver_first",
            "manuscript_limit": "every", "ai": "cleric", "difficulty": 0,
            "ai_collisions": true, "printed_dismiss_icons": false,
            "provisional_content": "9 provisional content items: see docs/viscounts/content.md"}"#;
        let config = read(earlier).unwrap();
        assert_eq!(config.validate(), Ok(()));
        assert_eq!(config.provisional_content, provisional_note());
    }

    /// The solo game's options (the AI's) set in a game of several players are
    /// refused with the option named; in a solo game they are its settings.
    #[test]
    fn solo_options_are_refused_in_a_game_of_several_players() {
        for (json, option) in [
            (r#"{"players": 2, "difficulty": 3}"#, "difficulty"),
            (r#"{"players": 3, "ai": "noble"}"#, "ai"),
            (r#"{"players": 4, "ai_collisions": false}"#, "ai_collisions"),
        ] {
            let config = read(json).unwrap();
            let option = option.to_string();
            assert_eq!(refusal(&config), Some(ConfigError::SoloOnly { option }));
        }
        // At their defaults they change nothing, as every record writes them.
        let config = read(r#"{"players": 2, "ai": "cleric", "difficulty": 0}"#).unwrap();
        assert_eq!(config.validate(), Ok(()));
        let solo = read(r#"{"players": 1, "difficulty": 3, "ai_collisions": false}"#).unwrap();
        assert_eq!(solo.validate(), Ok(()));
    }
}
