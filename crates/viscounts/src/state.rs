//! The position: players' boards, piles and supplies, the main board (stacks, buildings),
//! the castle, the Poverty/Prosperity piles and the stack of pending work (`tasks`).

use crate::action::Main;
use crate::config::Config;
use crate::content::{Building, Ribbon};
use crate::effect::{Card, Effect, MainKind, Ms, Trigger};
use serde::{Deserialize, Deserializer, Serialize};
use tabuleiro_core::{Seat, MAX_SEATS};

pub const SEGMENTS: usize = 5;

/// What gives a seat effects or asks it a question, so that a table names it
/// ("Scoundrel: discard a card?"); the phase's own questions have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Cause {
    /// A villager's ability or hire/dismiss effect.
    Card { card: Card },
    /// A manuscript's immediate effect (`None`: the one printed on the board).
    Manuscript { ms: Option<Ms> },
    /// A building spot's reward, or a connection's.
    Spot,
    /// A building's own effect (the 1st Workshop's discard on hiring).
    Building { building: Building },
    /// A castle level's reward, or a worker removed from a full section.
    Castle { level: u8 },
    /// A Trade's transaction.
    Trade,
    /// A collision: its rewards, or a Viscount landing on another's space.
    Collision,
}
/// Spaces are numbered `pos * 3 + kind` (kind 0 outer-left, 1 outer-right, 2 inner).
pub const SPACES: u8 = 15;

/// In a position file every field may be left out (an empty pile, nothing held).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Player {
    /// Hidden from others.
    pub hand: Vec<Card>,
    /// The draw pile: its order is never known, so it is kept sorted (a multiset) and
    /// every draw is a chance step.
    pub draw: Vec<Card>,
    /// Face up.
    pub discard: Vec<Card>,
    /// The three card slots, left to right (seed 003 L312-330).
    pub slots: [Option<Card>; 3],
    pub silver: u16,
    /// Ink, Gold, Stone.
    pub res: [u16; 3],
    pub debts: u8,
    pub paid_debts: u8,
    pub deeds: u8,
    pub approved_deeds: u8,
    /// Track positions 1..=7 (corruption from the left, virtue from the right).
    pub corruption: u8,
    pub virtue: u8,
    /// How many of each building kind were built (Trading Post, Guildhall, Workshop).
    pub built: [u8; 3],
    pub reserve: u8,
    pub manuscripts: Vec<Ms>,
    pub clergy_bonus: Vec<Ribbon>,
    pub space: u8,
    pub player_card: u8,
}

impl Player {
    pub fn resources(&self) -> u16 {
        self.res.iter().sum()
    }
    pub fn has_built(&self, b: Building, n: u8) -> bool {
        self.built[b as usize] >= n
    }
    pub fn joined(&self) -> bool {
        self.corruption == self.virtue
    }
}

/// A villager stack: its face-up top and how many unseen cards lie below (the unseen
/// cards of all stacks form the shared pool, from which a reveal draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stack<T> {
    pub top: Option<T>,
    pub hidden: u8,
}

/// In a position file a level may be left out (no workers), and a section's list of
/// workers by seat may stop after the last seat that has some there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Castle {
    /// `level1[section][seat]`, `level2[section][seat]`.
    #[serde(deserialize_with = "sections")]
    pub level1: [[u8; MAX_SEATS]; SEGMENTS],
    #[serde(deserialize_with = "sections")]
    pub level2: [[u8; MAX_SEATS]; SEGMENTS],
    #[serde(deserialize_with = "by_seat")]
    pub level3: [u8; MAX_SEATS],
    pub leader: Option<Seat>,
}

/// Workers by seat: at most [`MAX_SEATS`] counts, the seats left out holding none.
fn by_seat<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; MAX_SEATS], D::Error> {
    padded(Vec::deserialize(d)?)
}

/// The five sections of a castle level, each as [`by_seat`] reads it.
fn sections<'de, D: Deserializer<'de>>(d: D) -> Result<[[u8; MAX_SEATS]; SEGMENTS], D::Error> {
    let written: Vec<Vec<u8>> = Vec::deserialize(d)?;
    if written.len() != SEGMENTS {
        let why = format!("{} castle sections, expected {SEGMENTS}", written.len());
        return Err(serde::de::Error::custom(why));
    }
    let mut out = [[0; MAX_SEATS]; SEGMENTS];
    for (section, counts) in out.iter_mut().zip(written) {
        *section = padded(counts)?;
    }
    Ok(out)
}

fn padded<E: serde::de::Error>(counts: Vec<u8>) -> Result<[u8; MAX_SEATS], E> {
    if counts.len() > MAX_SEATS {
        let why = format!("{} seats' workers, at most {MAX_SEATS}", counts.len());
        return Err(E::custom(why));
    }
    let mut out = [0; MAX_SEATS];
    out[..counts.len()].copy_from_slice(&counts);
    Ok(out)
}

/// A question put to a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "q", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Question {
    ChoosePair,
    Place,
    Move,
    Main,
    Hire,
    Choose {
        options: Vec<Vec<Effect>>,
    },
    PayThen {
        cost: Vec<Effect>,
        reward: Vec<Effect>,
    },
    Rearrange,
    Discard,
    /// The cost of an accepted exchange: a discard that cannot be passed.
    MustDiscard,
    Destroy {
        from_pile: bool,
    },
    Flip,
    Resource,
    HireFree,
    CastleMove,
    PlaceWorkers {
        n: u8,
        anywhere: bool,
    },
    BuildFree {
        building: Building,
        anywhere: bool,
    },
    FreeManuscript {
        max_cost: u8,
    },
    Advance,
    Expel {
        level: u8,
        section: u8,
    },
}

/// Pending work, kept as a stack (the last is done first).
// A variant that owns heap data (a list) must be named among the arms of
// `Viscounts::run` that keep or hand on their task: `run` forgets every other task
// after running it (dropping one cost 3% of a random game), so an owning variant
// left to the catch-all arm would leak.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Task {
    // The turn's phases (seed 003 L296-310), automatic.
    Shift,
    PlaceStep,
    MoveStep,
    MainStep,
    HireStep,
    Collision,
    DrawStep,
    EndTurn,
    /// Resolve printed effects for a seat; `by` what gives them.
    Run {
        seat: Seat,
        #[cfg_attr(feature = "ts", ts(as = "Vec<Effect>"))]
        effects: Effects,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Cause>,
    },
    /// Finish a main action once the dismissed card's effects are resolved.
    Finish {
        seat: Seat,
        main: Main,
        space: u8,
    },
    /// Fire a seat's ongoing abilities of this kind.
    Fire {
        seat: Seat,
        on: Trigger,
    },
    /// After collision steps 1-2: rewards by the track position, then reset (L538-542).
    CollisionRewards {
        seat: Seat,
    },
    /// The castle cascade of a seat (L465-493), then the reduction of full sections.
    Castle {
        seat: Seat,
    },
    /// Reduce overfull sections, the active player choosing (L485).
    Reduce,
    /// Draw one card from a seat's draw pile (reshuffling first if needed; L556).
    Draw {
        seat: Seat,
        to: DrawTo,
    },
    /// Reveal the next villager of the stack at a board position.
    RevealVillager {
        pos: u8,
    },
    RevealManuscript {
        pos: u8,
    },
    /// Setup: after the last pair is chosen, start the first turn.
    StartGame,
    /// A question; `by` the card or effect that asks it, where one does.
    Ask {
        seat: Seat,
        q: Question,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Cause>,
    },
    /// Solo: the rows of the Plot card just revealed.
    AiRows,
    AiRow {
        steps: Vec<crate::content::PlotStep>,
    },
    /// Solo: the top Future Plot, face up, to the AI's discard pile (a chance step).
    FuturePlot,
    /// Gain debts/deeds (from the piles, with triggers) for a seat.
    GainDebts {
        seat: Seat,
        n: u8,
    },
}

/// The effects a [`Task::Run`] has left to resolve. Most are printed in the content,
/// which lives for the whole program: such a list is referred to, not copied, and each
/// resolved effect only narrows the slice, so running a card's effects allocates
/// nothing. A position file holds the list itself (the same JSON as a `Vec<Effect>`);
/// a loaded one is `Made`, and compares equal to the printed one it spells.
#[derive(Clone, Debug)]
pub enum Effects {
    Printed(&'static [Effect]),
    Made(Vec<Effect>),
}

impl Effects {
    pub fn as_slice(&self) -> &[Effect] {
        match self {
            Effects::Printed(list) => list,
            Effects::Made(list) => list,
        }
    }
}

impl From<Vec<Effect>> for Effects {
    fn from(list: Vec<Effect>) -> Effects {
        Effects::Made(list)
    }
}

impl From<&'static [Effect]> for Effects {
    fn from(list: &'static [Effect]) -> Effects {
        Effects::Printed(list)
    }
}

impl PartialEq for Effects {
    fn eq(&self, other: &Effects) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Effects {}

impl Serialize for Effects {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Effects {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Effects, D::Error> {
        Vec::<Effect>::deserialize(d).map(Effects::Made)
    }
}

/// Where a drawn card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum DrawTo {
    Hand,
    /// Phase 1 with an empty hand: placed blind on the leftmost slot (L326).
    Slot,
    DiscardPile,
    Destroy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Phase {
    Setup,
    Playing,
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Viscounts {
    pub config: Config,
    pub phase: Phase,
    pub players: Vec<Player>,
    /// Segment id (index into the content) at each board position, clockwise.
    pub order: [u8; 5],
    /// Castle section facing board position p is `(p + rotation) % 5`.
    pub rotation: u8,
    pub first: Seat,
    pub current: Seat,
    pub round: u16,
    pub villagers: [Stack<Card>; 5],
    /// Unseen neutral villagers (public knowledge: all less those seen).
    #[serde(default)]
    pub villager_pool: Vec<Card>,
    pub manuscripts: [Stack<Ms>; 5],
    #[serde(default)]
    pub manuscript_pool: Vec<Ms>,
    /// `spots[pos][i]`: the owner and kind of the building on spot i of board position pos.
    #[serde(default)]
    pub spots: [[Option<(Seat, Building)>; 8]; 5],
    #[serde(default)]
    pub castle: Castle,
    #[serde(default)]
    pub clergy_bonus_left: Vec<Ribbon>,
    pub debts_on_poverty: u8,
    pub deeds_on_prosperity: u8,
    #[serde(default)]
    pub poverty_revealed: bool,
    #[serde(default)]
    pub prosperity_revealed: bool,
    /// The round after which the game ends, once Poverty or Prosperity is revealed.
    #[serde(default)]
    pub last_round: Option<u16>,
    /// Setup: the row of (player card, hero) pairs still to choose.
    #[serde(default)]
    pub pairs: Vec<(u8, Card)>,
    /// Setup: seats still to choose a pair, next last.
    #[serde(default)]
    pub choosing: Vec<Seat>,
    /// Whether the active player dismissed a villager this turn (at most one, L385).
    #[serde(default)]
    pub dismissed: bool,
    #[serde(default)]
    pub main_done: Option<MainKind>,
    /// The seats that transcribed (took or used) a manuscript this turn (L511), by seat.
    #[serde(default)]
    pub transcribed: [bool; MAX_SEATS],
    pub tasks: Vec<Task>,
    /// Villagers removed from the game (destroyed or dismissed), face up.
    #[serde(default)]
    pub removed: Vec<Card>,
    /// Solo: the Future Plot pile (unordered).
    #[serde(default)]
    pub future_plots: Vec<Card>,
    /// Solo, setup: the Future Plots that go into the Plot draw pile.
    #[serde(default)]
    pub future_in: Vec<Card>,
    /// Solo: the Future Plots shuffled face down into the AI's Plot draw pile at
    /// setup (L762) and not drawn since: no one has seen them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub future_face_down: Vec<Card>,
}

impl Viscounts {
    pub fn n(&self) -> usize {
        self.players.len()
    }
    pub fn p(&self, s: Seat) -> &Player {
        &self.players[s as usize]
    }
    pub fn pm(&mut self, s: Seat) -> &mut Player {
        &mut self.players[s as usize]
    }
    /// The castle section facing board position `pos`.
    pub fn section_at(&self, pos: u8) -> u8 {
        crate::board::section_facing(self.rotation, pos)
    }
}
