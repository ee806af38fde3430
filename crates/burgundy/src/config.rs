//! Game configuration: player count, edition, duchies and the options for every
//! contested reading of the rulebooks (digest section 15). Defaults are documented
//! on each option.

use crate::custom::GameContent;
use crate::modules::ModuleSet;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Edition {
    /// Special Edition (2019), seeds 000 and 002.
    #[default]
    Special,
    /// Classic deluxe edition, seed 001: knowledge tile 6 buys from any depot paying
    /// silver or workers; 3 players use the 2-3 side of the board. (A "classic2011"
    /// edition with other tiles 6, 15 and 26 was removed in issue 15: no seed gives
    /// it, and seed 001 says otherwise for all three tiles, lines 791-795 and 836-838.)
    Classic,
}

/// Tie-break 1 (digest A1): seeds 000 and 001 say the player with **more** empty duchy
/// spaces wins ("mais espaços vazios"); seed 002 says **fewer** ("menos casillas libres").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum EmptySpacesTiebreak {
    #[default]
    More,
    Fewer,
}

/// Knowledge tile 8 (digest A5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Knowledge8 {
    /// Each worker changes the die by 1 or by 2 (seeds 002 and 001 "podes somar ou
    /// subtrair 2"; the worked example 6 -> 3 with two workers needs a 1-step change).
    #[default]
    OneOrTwo,
    /// Each worker changes the die by exactly 2 (seed 000 read literally).
    TwoOnly,
}

/// Knowledge tile 5 (issue 15): is the adjacent depot's goods a choice?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Knowledge5 {
    /// The player may take them or not: seed 002 line 673 "puedes coger ... y todas
    /// las de un almacén adyacente", seed 001 line 788 "podes também recolher".
    #[default]
    Optional,
    /// The player takes them: seed 000 line 647 "você pega todas as mercadorias de um
    /// depósito escolhido e de um depósito adjacente".
    Compulsory,
}

/// Which depot a ship may choose (issue 15). The seeds say "any depot" (000 line
/// 356 "qualquer depósito", 002 line 376 "cualquier almacén", 001 line 409 "um qualquer
/// depósito") and never whether one without goods counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ShipDepot {
    /// Any depot, even one without goods while others hold some (the words read
    /// literally: the choice is not limited).
    #[default]
    Any,
    /// While some depot holds goods, the ship chooses one that does (the step is
    /// "collect all the goods in it", 000 line 354).
    WithGoods,
}

/// Duchies 11-18's optional connectivity rule (seed 000 line 700, seed 002 line 720;
/// played only on duchies 11-18, line 704).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Connectivity {
    /// The base rule: next to a tile already placed.
    #[default]
    Adjacent,
    /// Besides, a new tile other than a castle must lie next to a castle, or be
    /// joined to one through placed tiles of its own colour ("conectada a um castelo
    /// através de peças da mesma cor (cores diferentes conectando a um castelo não são
    /// permitidas). Esta regra não se aplica a novos castelos").
    SameColourToCastle,
}

/// Duchies 11-18's optional castle recovery (seed 000 line 702): "ao custo de ambas
/// as ações de dados e 5 pontos de vitória, um jogador pode recuperar um castelo
/// (vermelho ou preto) que foi descartado previamente (que não foi comprado do
/// tabuleiro central em fases anteriores) e trazê-lo para um de seus espaços chave".
/// Which castles count as discarded is the contested part (digest A28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CastleRecovery {
    #[default]
    Off,
    /// The castles left unbought on the central board and boxed when a phase
    /// starts (the parenthesis read as the definition: "not bought from the central
    /// board in earlier phases").
    FromBoard,
    /// Those, and the castles players discarded from full storage.
    AnyDiscarded,
}

/// The geese and knowledge tile 7 (extra hexes, digest A27). Seeds 000 line 728 and
/// 002: the geese "contam como um tipo de animal adicional para as peças de monastério
/// 7 e 24"; how many VP tile 7 then adds is not said. Seed 001 line 902 names only
/// #24, so the classic edition never counts them for tile 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum GeeseKnowledge7 {
    /// The geese tile is one more farm that scores: +1 when the geese are placed,
    /// and +1 each time a later farm in the pasture scores the geese' 2 VP.
    #[default]
    Counted,
    /// Tile 7 adds nothing for the geese tile (only the other farms that score).
    NotCounted,
}

/// Is a white castle a building or a castle (digest A26)? The seeds do not settle it:
/// seed 001 line 935 counts the white castles among the "edifícios" of the piles and
/// they lie on building spaces, but they are called castles. One reading for the
/// three rules it decides: one building of each type per city (seed 000,
/// "Construções"), the crane's "qualquer construção bege" (000 line 720), and the
/// connectivity rule's "Esta regra não se aplica a novos castelos" (000 line 700).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum WhiteCastleIs {
    /// A building (beige): one per city, the crane may trigger it, and with the
    /// connectivity rule it must be joined to a castle like any beige tile.
    #[default]
    Building,
    /// A castle: a city may hold several, the crane does not trigger it, and with
    /// the connectivity rule it is exempt as a new castle and anchors other tiles.
    Castle,
}

/// Inns (digest A14): is buying an inn the turn's one black-depot purchase? Seed 000
/// line 762: "Assim como qualquer outra peça do depósito paralelo, uma estalagem
/// pode ser comprada pagando 2 peças de prata"; 002 line 786 "como cualquier otra
/// loseta del almacén negro".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum InnPurchase {
    /// Like any other black-depot tile: it is the turn's one purchase.
    #[default]
    TurnPurchase,
    /// "Like a black-depot tile" gives the price and the key space only: inns are
    /// bought besides the turn's purchase, as silver allows.
    Besides,
}

/// Inns (digest A14): does an inn's space need the die's number? Seed 000 line 764
/// "qualquer espaço vazio de seu ducado (seguindo as regras normais)"; the tile's
/// text (line 786) "Posicione em qualquer área".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum InnNumber {
    /// The normal rules: the space shows the die's number.
    #[default]
    Die,
    /// Any space: the colour and the number are both free (adjacency still holds).
    Any,
}

/// Inns (digest A14): does a space covered by an inn count for its colour's bonus
/// tile (all spaces of a colour covered, seed 000 "Pontuação")? Not stated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum InnColourBonus {
    /// The inn covers the space: the colour is complete once every space is covered.
    #[default]
    Counted,
    /// Only tiles of the colour complete it: a colour with an inn on one of its
    /// spaces never earns its bonus tile.
    NotCounted,
}

/// Trading posts (4th expansion, digest A13): does joining the third post score the
/// phase bonus again? The Special Edition only says "Quando um jogador consegue
/// conectar dois entrepostos (...) ele recebe pontos de vitória de acordo com a fase"
/// (seed 000 line 746; 002 line 770); seed 001 line 927: "Se o jogador liga também
/// o terceiro posto, obtém novamente pontos de vitória de acordo com a fase atual".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ThirdTradingPost {
    /// Each post joined to the others scores the phase bonus: joining the third
    /// also connects two posts (the SE sentence read again), as 001 says outright.
    #[default]
    PhaseBonusAgain,
    /// Only the first connection scores the phase bonus; the third post earns only
    /// the bonus tile.
    Once,
}

/// Trading posts: where the three posts of the player board sit (the duchy spaces
/// touching each; `data/duchies.json` "trading_posts"). The SE prints them on the
/// player board (seed 000 line 750), of which no official picture was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TradingPostSites {
    /// As on the classic outpost duchy's official picture (medium-high): left notch
    /// (spaces 4, 9), right notch (8, 14), bottom notch (34, 35).
    #[default]
    ClassicPicture,
    /// As one transcription of the SE rulebook's picture reads them (low): spaces
    /// 3, 15, and 34-35.
    SeTranscription,
}

/// Trading posts: does the trading-post bonus tile count for knowledge tile 26 ("3
/// pontos de vitória para cada peça bônus que você tiver", seed 000 line 688)? The
/// seeds call it a "peça bônus de entreposto" (000 lines 124, 744) but say nothing
/// of tile 26.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TradingPostTile26 {
    /// It is a bonus tile ("peça bônus"): tile 26 counts it.
    #[default]
    Counted,
    /// Tile 26 counts only the colour bonus tiles.
    NotCounted,
}

/// Shield 2 (digest A19): how many workers its holder gains when another player
/// gains workers. Seed 000 line 897 "sempre que outro jogador receber trabalhadores,
/// você também ganha 1 trabalhador"; seed 001 line 1155 "sempre que outro jogador
/// obtiver um trabalhador, recebes também um trabalhador".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Shield2 {
    /// One worker each time another player gains workers (the SE's words).
    #[default]
    PerGain,
    /// One worker for each worker another player gains (001 read per worker).
    PerWorker,
}

/// Shield 6: does monastery 27 of the chosen player count too? Seed 000 line 901
/// "(excetuando o mosteiro 27)", 002 line 940 "(con la excepción de la loseta de
/// monasterio 27)"; seed 001 lines 1177-1178 "Quaisquer peças de mosteiro no seu
/// ducado contam" names no exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Shield6 {
    /// All but monastery 27 (the Special Edition's words).
    #[default]
    Except27,
    /// All of them, 27 too (001's words).
    All,
}

/// Shield 7 (digest A17): which bonus tiles score double. Seed 000 line 902 "suas
/// novas peças bônus pontuam o dobro" (002 "nuevas"); seed 001 line 1175 "as tuas
/// peças de bónus contam a dobrar", no "new".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Shield7 {
    /// The bonus tiles taken while it is held score double (the Special Edition).
    #[default]
    New,
    /// Those, and the bonus tiles already held when it comes score once more then
    /// (001: all the holder's bonus tiles count double). Nothing is taken back when
    /// it leaves, as for the new tiles' double score.
    All,
}

/// Shield 9 with knowledge tile 3 (2 silver a sale), digest A23: seed 001 line
/// 1145 "Se um mosteiro e um escudo têm o mesmo efeito ou efeitos opostos, usa o
/// efeito do escudo"; the Special Edition says nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Shield9 {
    /// Both: 1 silver a good sold, and the tile's extra silver a sale.
    #[default]
    AddsToKnowledge,
    /// The shield's effect only (001's rule): 1 silver a good sold.
    ShieldOnly,
}
/// Shields, digest A25: taking a shield with a pair replaces both die actions (seed
/// 000 line 886 "em vez de realizar suas 2 ações de dados", 002 line 921 "en lugar
/// de realizar 2 acciones de dado", 001 line 1137 "em vez de efetuar as 2 ações de
/// jogo"); whether the turn's black-depot purchase, no die action, is still made is
/// not said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum ShieldPurchase {
    /// The purchase stays: the shield replaces the die actions only.
    #[default]
    Allowed,
    /// A turn takes a shield or buys from the black depot, not both.
    Instead,
}

/// Trade routes: do goods laid on a route count as sold for knowledge tiles 15
/// and 25 (digest A29)? The seeds say only that the route takes them "em vez de
/// posicioná-las no lugar usual" (seed 000 line 774): they are still sold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TradeRouteSold {
    /// They count: a sale is a sale, wherever its goods lie.
    #[default]
    Counted,
    /// Only the goods on the sold pile count.
    NotCounted,
}

/// Trade routes: the order of a seat's route tiles. Seed 000 line 770 "em uma ordem
/// aleatória" (002 line 796, 001 line 967 "ao acaso"); line 772 "Regra opcional:
/// caso queira um jogo mais estratégico, você pode posicionar suas peças na ordem
/// que quiser" (002 line 798; not in 001).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TradeRouteOrder {
    /// The order dealt (the rule).
    #[default]
    Random,
    /// The optional rule: each seat lays its tiles in the order it chooses.
    Chosen,
}

/// Trade routes: when a bonus that needs a choice (a take, a sale) is resolved. Seed
/// 000 line 774 "posicione-as, mercadoria por mercadoria, (...) você recebe o bônus
/// indicado imediatamente" (002 line 800 "gana inmediatamente"; 001 lines 970-974):
/// does "immediately" stop the laying of the stack, or may the stack be laid first?
/// It matters only for a sale bonus, whose goods then go on before the rest of the
/// stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum TradeRouteBonus {
    /// The whole stack is laid, then its bonuses are decided, the leftmost first
    /// (the sale is one action).
    #[default]
    AfterStack,
    /// Each bonus is decided as its good is laid, everything it brings included;
    /// the rest of the stack waits, then goes on.
    AtOnce,
}

pub use crate::modules::{
    AutoDukeCastleBonus, AutoDukeLevel, AutoDukeModifierB, AutoDukeModifiers, AutoDukeOrder,
    AutoDukePurchase, AutoDukeWhiteCastle, SoloClockwise, SoloGoal, SoloRoundGood, TeamBoardSide,
    TeamShields, TeamTiebreak, TeamTradeRoute, TeamVineyard,
};

// A field left out when written says `default` itself, as the struct already does
// for all: ts-rs reads only the field's to mark it optional in the browser's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RuleOptions {
    pub tiebreak: EmptySpacesTiebreak,
    pub knowledge8: Knowledge8,
    pub knowledge5: Knowledge5,
    pub ship_depot: ShipDepot,
    #[serde(default, skip_serializing_if = "is_default")]
    pub connectivity: Connectivity,
    #[serde(default, skip_serializing_if = "is_default")]
    pub castle_recovery: CastleRecovery,
    #[serde(default, skip_serializing_if = "is_default")]
    pub geese_knowledge7: GeeseKnowledge7,
    #[serde(default, skip_serializing_if = "is_default")]
    pub white_castle: WhiteCastleIs,
    #[serde(default, skip_serializing_if = "is_default")]
    pub inn_purchase: InnPurchase,
    #[serde(default, skip_serializing_if = "is_default")]
    pub inn_number: InnNumber,
    #[serde(default, skip_serializing_if = "is_default")]
    pub inn_colour_bonus: InnColourBonus,
    #[serde(default, skip_serializing_if = "is_default")]
    pub third_trading_post: ThirdTradingPost,
    #[serde(default, skip_serializing_if = "is_default")]
    pub trading_post_sites: TradingPostSites,
    #[serde(default, skip_serializing_if = "is_default")]
    pub trading_post_tile26: TradingPostTile26,
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield2: Shield2,
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield6: Shield6,
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield7: Shield7,
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield9: Shield9,
    /// The purchase in a turn that takes a shield (digest A25).
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield_purchase: ShieldPurchase,
    #[serde(default, skip_serializing_if = "is_default")]
    pub trade_route_sold: TradeRouteSold,
    #[serde(default, skip_serializing_if = "is_default")]
    pub trade_route_order: TradeRouteOrder,
    #[serde(default, skip_serializing_if = "is_default")]
    pub trade_route_bonus: TradeRouteBonus,
    /// The solo game's difficulty: the VP goal it starts at (module `solo`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub solo_goal: SoloGoal,
    /// The solo game: which round good moves (digest A10).
    #[serde(default, skip_serializing_if = "is_default")]
    pub solo_round_good: SoloRoundGood,
    /// The solo game: which way the tile removal moves on from an empty depot
    /// (digest A7).
    #[serde(default, skip_serializing_if = "is_default")]
    pub solo_clockwise: SoloClockwise,
    /// The team game's tie-break (digest A2): fewer or more empty spaces.
    #[serde(default, skip_serializing_if = "is_default")]
    pub team_tiebreak: TeamTiebreak,
    /// The team game with the trade routes: one route a team or a player.
    #[serde(default, skip_serializing_if = "is_default")]
    pub team_trade_route: TeamTradeRoute,
    /// The team game with the shields: the team's shields or each member's.
    #[serde(default, skip_serializing_if = "is_default")]
    pub team_shields: TeamShields,
    /// The team game with the vineyards: one vineyard board a team or a member.
    #[serde(default, skip_serializing_if = "is_default")]
    pub team_vineyard: TeamVineyard,
    /// The team game's board side: standard (31a+32a) or advanced (31b+32b, from a
    /// content file only).
    #[serde(default, skip_serializing_if = "is_default")]
    pub team_board: TeamBoardSide,
    /// The AutoDuke's scoring level (module `auto-duke`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_level: AutoDukeLevel,
    /// The AutoDuke's difficulty modifiers A-D.
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_modifiers: AutoDukeModifiers,
    /// The AutoDuke's black-depot purchase (digest A34).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_purchase: AutoDukePurchase,
    /// The AutoDuke's castle bonus action without a tile (digest A36).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_castle_bonus: AutoDukeCastleBonus,
    /// Modifier B's tiles (digest A38).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_modifier_b: AutoDukeModifierB,
    /// The tile a white castle takes into its reserve (digest A35).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_white_castle: AutoDukeWhiteCastle,
    /// Which way the AutoDuke's depot searches go round the board (digest A7): the
    /// solo game's two readings.
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_clockwise: SoloClockwise,
    /// The AutoDuke's place in the turn order (digest A37).
    #[serde(default, skip_serializing_if = "is_default")]
    pub auto_duke_order: AutoDukeOrder,
    /// Vineyards: the optional removal of vine colours with 2-3 players.
    #[serde(default, skip_serializing_if = "is_default")]
    pub vineyard_colours: VineyardColours,
    /// Vineyards: where the first hexamino may go (digest A32).
    #[serde(default, skip_serializing_if = "is_default")]
    pub vineyard_first: VineyardFirst,
}

/// Vineyards, seed 000 lines 930-934 ("Observação: Se quiser limitar a
/// aleatoriedade em partidas com 2 ou 3 jogadores ..."; 002 lines 970-974): an
/// optional rule removes 1 vine colour with 3 players, 2 with 2 players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum VineyardColours {
    /// Every colour is played (the rule; the removal is optional).
    #[default]
    All,
    /// The optional rule: random colours leave the game with 2-3 players.
    Removed,
}

/// Vineyards, digest A32: the first hexamino goes on the lowest terrace, "espaços
/// numerados de 1 a 4" (seed 000 line 975) or "casillas numeradas 1 o 4" (seed 002
/// line 1019).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum VineyardFirst {
    /// Seed 000: any space of the lowest terrace (numbered 1 to 4).
    #[default]
    OneToFour,
    /// Seed 002: only the lowest terrace's spaces numbered 1 or 4.
    OneOrFour,
}

/// A module's option at its default is left out of a written config, so base games
/// are written as before.
fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// Who chooses the duchy sides and starting castles, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum CastleOrder {
    /// All at once, each choice hidden until all have chosen (seed 000 line 249
    /// "todos os jogadores fazem isso simultaneamente"; 002 line 265).
    #[default]
    Simultaneous,
    /// One seat after another in turn order, each seeing the earlier choices (seed 001
    /// lines 1184-1187, variant for experienced players: "Os jogadores devem acordar se
    /// esta decisão é efetuada em simultâneo ou por ordem de turno").
    TurnOrder,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "ConfigFile")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Config {
    /// 2, 3 or 4; 1 for the solo game (module `solo`).
    pub players: u8,
    pub edition: Edition,
    /// Duchy number (1-10) per seat; empty: each seat draws a random double-sided
    /// board from the edition's box and chooses its side. Default: empty for the
    /// Special Edition (seed 000 line 236); for the classic edition everyone on duchy
    /// 1 (seed 001 lines 121-122, its standard setup).
    pub duchies: Vec<u8>,
    /// The starting castle goes on the central castle space instead of one of the
    /// player's choice: seed 000 line 249 (step 10) recommends it for a first game;
    /// seed 001 lines 124-125 make it the classic standard setup. Default: false for
    /// the Special Edition, true for the classic edition.
    pub castle_on_centre: bool,
    /// Duchy sides and starting castles chosen at once or in turn order.
    pub castle_order: CastleOrder,
    /// Every reading played. Written, the options at the edition's default are
    /// left out ([`Config::written_rules`]); read, those left out take it.
    #[cfg_attr(feature = "ts", ts(type = "Partial<RuleOptions>"))]
    pub rules: RuleOptions,
    /// The expansions and modes played (`modules/`), written as a list of names;
    /// none: the base game.
    #[cfg_attr(
        feature = "ts",
        ts(as = "Option<Vec<crate::modules::Module>>", optional)
    )]
    pub modules: ModuleSet,
    /// The content played: the embedded data, or a content file's (issue 15),
    /// written as the content file itself so a record rebuilds it.
    #[cfg_attr(feature = "ts", ts(as = "Option<serde_json::Value>", optional))]
    pub content: GameContent,
    /// Vineyards, `rules.vineyard_colours: removed`: the vine colours the table
    /// removes (seed 002 lines 972-974 "elige 1 color de uva" with 3 players, "elige
    /// y retira 2 colores" with 2); empty: drawn at random in the setup.
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<crate::modules::Vine>>", optional))]
    pub vines_removed: Vec<crate::modules::Vine>,
}

impl Serialize for Config {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Config", 9)?;
        st.serialize_field("players", &self.players)?;
        st.serialize_field("edition", &self.edition)?;
        st.serialize_field("duchies", &self.duchies)?;
        st.serialize_field("castle_on_centre", &self.castle_on_centre)?;
        st.serialize_field("castle_order", &self.castle_order)?;
        st.serialize_field("rules", &self.written_rules())?;
        match self.modules.is_empty() {
            true => st.skip_field("modules")?,
            false => st.serialize_field("modules", &self.modules)?,
        }
        match self.content.is_embedded() {
            true => st.skip_field("content")?,
            false => st.serialize_field("content", &self.content)?,
        }
        match self.vines_removed.is_empty() {
            true => st.skip_field("vines_removed")?,
            false => st.serialize_field("vines_removed", &self.vines_removed)?,
        }
        st.end()
    }
}

/// A config as written: the setup fields left out take the edition's defaults.
#[derive(Deserialize)]
#[serde(default, deny_unknown_fields)]
struct ConfigFile {
    players: u8,
    edition: Edition,
    duchies: Option<Vec<u8>>,
    castle_on_centre: Option<bool>,
    castle_order: CastleOrder,
    /// The options as written: those left out take the edition's defaults.
    rules: serde_json::Map<String, serde_json::Value>,
    modules: ModuleSet,
    content: GameContent,
    vines_removed: Vec<crate::modules::Vine>,
}

impl Default for ConfigFile {
    fn default() -> Self {
        let c = Config::default();
        ConfigFile {
            players: c.players,
            edition: c.edition,
            duchies: None,
            castle_on_centre: None,
            castle_order: c.castle_order,
            rules: serde_json::Map::new(),
            modules: c.modules,
            content: c.content,
            vines_removed: c.vines_removed,
        }
    }
}

impl TryFrom<ConfigFile> for Config {
    type Error = serde_json::Error;
    fn try_from(f: ConfigFile) -> Result<Config, serde_json::Error> {
        let classic = f.edition == Edition::Classic;
        Ok(Config {
            players: f.players,
            edition: f.edition,
            // With the classic outposts each seat receives an outpost duchy (seed 001
            // line 920): drawn from their box.
            duchies: f.duchies.unwrap_or_else(|| {
                match classic && !f.modules.contains(crate::modules::Module::TradingPosts) {
                    true => vec![1; f.players as usize],
                    false => Vec::new(),
                }
            }),
            castle_on_centre: f.castle_on_centre.unwrap_or(classic),
            castle_order: f.castle_order,
            rules: RuleOptions::read(f.edition, f.rules)?,
            modules: f.modules,
            content: f.content,
            vines_removed: f.vines_removed,
        })
    }
}

impl RuleOptions {
    /// The edition's defaults: the Special Edition's are each option's first
    /// reading; the classic edition's follow seed 001 where it says otherwise
    /// (`RuleChoice::classic`: shields 2, 6 and 9, the team tie-break).
    pub fn for_edition(edition: Edition) -> RuleOptions {
        Self::read(edition, serde_json::Map::new()).unwrap_or_default()
    }

    /// The options as written, those left out at the edition's default.
    fn read(
        edition: Edition,
        written: serde_json::Map<String, serde_json::Value>,
    ) -> Result<RuleOptions, serde_json::Error> {
        let mut all: serde_json::Map<String, serde_json::Value> =
            crate::modules::edition_defaults(edition)
                .map(|(c, r)| (c.name.to_string(), crate::modules::reading(r)))
                .collect();
        all.extend(written);
        serde_json::from_value(all.into())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 2,
            edition: Edition::Special,
            duchies: Vec::new(),
            castle_on_centre: false,
            castle_order: CastleOrder::Simultaneous,
            rules: RuleOptions::default(),
            modules: ModuleSet::EMPTY,
            content: GameContent::default(),
            vines_removed: Vec::new(),
        }
    }
}

impl Config {
    pub fn players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// The classic edition's standard setup (seed 001 lines 121-125): everyone on
    /// duchy 1, the starting castle on the central space, the edition's readings.
    pub fn classic(players: u8) -> Config {
        Config {
            players,
            edition: Edition::Classic,
            duchies: vec![1; players as usize],
            castle_on_centre: true,
            rules: RuleOptions::for_edition(Edition::Classic),
            ..Config::default()
        }
    }

    /// The options as a config writes them: each away from the edition's default,
    /// so a record read back plays the same readings.
    pub fn written_rules(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut written = match serde_json::to_value(self.rules) {
            Ok(serde_json::Value::Object(m)) => m,
            _ => serde_json::Map::new(),
        };
        for (c, default) in crate::modules::edition_defaults(self.edition) {
            let first = crate::modules::reading(c.readings[0]);
            let played = written.remove(c.name).unwrap_or(first);
            if played != crate::modules::reading(default) {
                written.insert(c.name.to_string(), played);
            }
        }
        written
    }

    /// The central board side for this edition and player count (seed 000: 2-player
    /// side, 3-4 side; seed 001: 4-player side, 2-3 side).
    pub fn board_side(&self) -> &'static str {
        match (self.edition, self.board_players()) {
            (Edition::Special, 2) => "special-2",
            (Edition::Special, _) => "special-3-4",
            (_, 4) => "classic-4",
            _ => "classic-2-3",
        }
    }

    /// VP per good sold, and the large and small colour bonus (seed 000, "Regras
    /// para 2 e 3 jogadores").
    pub fn sale_vp(&self) -> i32 {
        self.board_players() as i32
    }
    /// The player count the central board is set up and scored for: the solo game
    /// follows the 2-player setup (seed 000 line 831 "Siga as demais instruções de
    /// preparação para uma partida de 2 jogadores"; seed 001 lines 1058-1060).
    pub fn board_players(&self) -> u8 {
        self.total_players().max(2)
    }
    /// Vine colours removed in the setup by `rules.vineyard_colours: removed`: 1
    /// with 3 players, 2 with 2 (seed 000 lines 932-934), the AutoDuke counted.
    pub fn vine_colours_to_remove(&self) -> usize {
        match (self.rules.vineyard_colours, self.total_players()) {
            (VineyardColours::Removed, 3) => 1,
            (VineyardColours::Removed, 2) => 2,
            _ => 0,
        }
    }

    /// The seats and the AutoDuke, who counts as a player for the setup (seed 000
    /// line 1036) and for the VP per good and the bonus tiles (digest A48).
    pub fn total_players(&self) -> u8 {
        self.players + self.modules.contains(crate::modules::Module::AutoDuke) as u8
    }
    pub fn bonus_vp(&self, first: bool) -> i32 {
        let players = self.total_players() as i32;
        if first {
            players + 3
        } else {
            players
        }
    }
    /// The largest size an area scores as once an inn adds 1 to it: seed 001 line
    /// 957 "até um máximo de 8"; the Special Edition none (000 line 766: "Uma área de
    /// 9 espaços pontua 45 pontos de vitória").
    pub fn inn_area_cap(&self) -> u8 {
        match self.edition {
            Edition::Classic => 8,
            Edition::Special => u8::MAX,
        }
    }
    /// Knowledge tile 15: VP per goods type sold (all three seeds; 001 line 836: 2).
    pub fn knowledge15_vp(&self) -> i32 {
        2
    }
    /// Knowledge tile 26: VP per bonus tile (all three seeds; 001 line 863: 3).
    pub fn knowledge26_vp(&self) -> i32 {
        3
    }
}
