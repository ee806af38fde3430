//! Game configuration: player count and an option for each contested reading of the
//! rulebook (digest section 13, "A1".."A25"). Each option documents its default.

use crate::error::{ConfigError, Error};
use serde::{Deserialize, Serialize};

/// Which flipped cards the Poverty and Prosperity cards rank (A1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
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
pub enum Rounding {
    #[default]
    Down,
    Up,
}

/// Whose boards take part in collision steps 1 and 2 (A8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
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

/// A game played with provisional content says so, whatever its config file said.
fn this_builds_note<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d)?;
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
            ai: "cleric".into(),
            difficulty: 0,
            ai_collisions: true,
            provisional_content: provisional_note(),
        }
    }
}

/// The note on provisional content that a game's record carries.
pub fn provisional_note() -> String {
    let n = crate::content::Content::get().provisional.len();
    format!("{n} provisional content items: see docs/viscounts/content.md")
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
        if self.provisional_content != provisional_note() {
            return Err(Error::Config(ConfigError::ProvisionalNote));
        }
        if !(1..=4).contains(&self.players) {
            return Err(Error::Config(ConfigError::Players {
                players: self.players,
            }));
        }
        Ok(())
    }
}
