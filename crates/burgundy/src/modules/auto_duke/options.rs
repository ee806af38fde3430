//! The AutoDuke's options (config `rules.auto_duke_*`): its scoring level, its
//! difficulty modifiers, and a reading for each point seeds 000 and 002 contest.

use serde::{Deserialize, Serialize};

/// The scoring level (seed 000 line 1054: "fácil, médio, difícil"; 002 novato /
/// experimentado / experto): which of a card's three values it scores (line 1160).
/// Default medium, the recommended first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeLevel {
    #[default]
    Medium,
    Easy,
    Hard,
}

impl AutoDukeLevel {
    /// The card value's index: left easy, centre medium, right hard.
    pub fn index(self) -> usize {
        match self {
            AutoDukeLevel::Easy => 0,
            AutoDukeLevel::Medium => 1,
            AutoDukeLevel::Hard => 2,
        }
    }
}

/// The difficulty modifiers A-D (seed 000 lines 1198-1213), any of them; written as
/// their letters ("ad"), "none" for none (the default: the recommended first game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub struct AutoDukeModifiers(pub u8);

impl AutoDukeModifiers {
    pub const LETTERS: [char; 4] = ['a', 'b', 'c', 'd'];

    pub fn has(self, letter: char) -> bool {
        Self::LETTERS
            .iter()
            .position(|&l| l == letter)
            .is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// Board 36 is played with modifier A, B or D (seed 000 lines 1208, 1209, 1211).
    pub fn board(self) -> u8 {
        match self.has('a') || self.has('b') || self.has('d') {
            true => 36,
            false => 35,
        }
    }
}

impl std::fmt::Display for AutoDukeModifiers {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        if self.0 == 0 {
            return f.write_str("none");
        }
        let mut letters = Self::LETTERS.iter().filter(|&&l| self.has(l));
        letters.try_for_each(|l| write!(f, "{l}"))
    }
}

impl std::str::FromStr for AutoDukeModifiers {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "none" {
            return Ok(AutoDukeModifiers(0));
        }
        let bit = |c: char| Self::LETTERS.iter().position(|&l| l == c);
        s.chars()
            .try_fold(AutoDukeModifiers(0), |m, c| match bit(c) {
                Some(i) => Ok(AutoDukeModifiers(m.0 | 1 << i)),
                None => Err(format!(
                    "{s:?}: the AutoDuke's modifiers are letters a-d, or none"
                )),
            })
    }
}

serde_as_text!(AutoDukeModifiers);

/// Step 6, which type it buys from the black depot (digest A34). Seed 000 line
/// 1172: "do tipo que menos tenha em sua reserva"; seed 002 line 1223: "de un tipo
/// que no tenga ya en su depósito" ("intentará": with none such, it buys nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukePurchase {
    #[default]
    Fewest,
    NotHeld,
}

/// A castle's bonus action that finds no tile (digest A36). Seed 000 line 1137:
/// "Caso não consiga posicionar em nenhum local" (anywhere: its card, then its other
/// card); seed 002 line 1186: "Si no puede colocarla allí" (there: only the card it
/// tries, the castle's own, or the other one when the castle completed it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeCastleBonus {
    #[default]
    Anywhere,
    There,
}

/// Modifier B's tiles (digest A38). Seed 000 line 1209: "uma peça aleatória não
/// utilizada do depósito paralelo, virada para cima" on a building, a mine and a
/// castle space: a random black-backed tile of the space's colour; seed 002 line
/// 1258: "una loseta sin usar cogida al azar boca arriba que coincida con el color
/// de la zona": one from the coloured bags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeModifierB {
    #[default]
    BlackDepot,
    AreaColour,
}

/// A white castle placed on a card (module `white-castles`, digest A35): which tile
/// of a depot it takes into its reserve, of a type (colour) its reserve does not
/// hold. Seed 000 line 1223: "de um tipo que não possua na reserva, priorizando a
/// mais à esquerda. Caso mais de uma ... ele pega a mais acima": the tile first in
/// the depot (`leftmost`: the engine keeps a depot's tiles in one order, its top
/// space first). Seed 002 line 1271: "dando prioridad al tipo que esté más arriba y
/// a la izquierda (si hay empate)": the type first in the reserve's layout, then
/// the topmost tile of that type (`top-left-type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeWhiteCastle {
    #[default]
    Leftmost,
    TopLeftType,
}

/// The AutoDuke's place in the turn order (digest A37). Seed 000 line 1064 "O
/// AutoDuque é sempre o último jogador"; seed 002 line 1113 "El Châteautoma es
/// siempre el último jugador al comenzar la partida"; both then (000 line 1099)
/// "Jogue os turnos de acordo com o indicador de ordem de turno", and its ship moves
/// its marker (000 line 1150).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AutoDukeOrder {
    /// Last at the start (002), then where its marker stands on the track, read at
    /// each round's start like the seats'.
    #[default]
    Track,
    /// Last in every round (000 read literally), whatever its marker; modifier C
    /// (line 1210 "O AutoDuque é o jogador inicial") still makes it start the first
    /// round.
    Last,
}
