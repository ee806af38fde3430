//! The game's content (villager cards, manuscripts, boards, castle, player cards), read
//! from `data/*.json`, embedded at build time and validated when loaded. Every item keeps
//! its source and confidence in the file; items marked `provisional` are reconstructions
//! (docs/viscounts/content.md lists them), and a game reports them in its view.

use crate::effect::{Card, Effect, Icons, Items, MainKind, Ms, Res, SubstitutePay};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::OnceLock;

const VILLAGERS: &str = include_str!("../data/villagers.json");
const BOARD: &str = include_str!("../data/board.json");
const MANUSCRIPTS: &str = include_str!("../data/manuscripts.json");
const SOLO: &str = include_str!("../data/solo.json");

/// Plot cards (solo) share the card numbering above the villagers: plot i is card
/// `PLOT_BASE + i`.
pub const PLOT_BASE: u8 = 128;

/// Which deck a villager card belongs to (its name's colour on the card, seed 003 L282).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    Starting,
    Neutral,
    Hero,
}

/// When a card's ability applies (seed 003 L284-288).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    Immediate,
    Ongoing,
    DropOff,
    Collision,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Ability {
    pub timing: Timing,
    #[serde(default)]
    pub effects: Vec<Effect>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct HireDismiss {
    #[serde(default)]
    pub effects: Vec<Effect>,
}

/// One kind of villager card; starting kinds have one copy per colour.
#[derive(Clone, Debug, Deserialize)]
pub struct Villager {
    pub id: String,
    pub name: String,
    pub deck: Deck,
    #[serde(default = "one")]
    pub copies: u8,
    pub silver: u8,
    pub icons: Icons,
    pub ability: Option<Ability>,
    pub hire_dismiss: Option<HireDismiss>,
    pub confidence: String,
    #[serde(default)]
    pub provisional: bool,
}

fn one() -> u8 {
    1
}

/// A ribbon colour of manuscripts and clergy bonus cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Ribbon {
    Grey,
    Black,
    Yellow,
    Blue,
}

impl Ribbon {
    pub const ALL: [Ribbon; 4] = [Ribbon::Grey, Ribbon::Black, Ribbon::Yellow, Ribbon::Blue];
}

/// The three building kinds, in the order printed on the player board (left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Building {
    TradingPost,
    Guildhall,
    Workshop,
}

impl Building {
    pub const ALL: [Building; 3] = [
        Building::TradingPost,
        Building::Guildhall,
        Building::Workshop,
    ];
    pub fn name(self) -> &'static str {
        ["trading_post", "guildhall", "workshop"][self as usize]
    }
    pub fn from_name(s: &str) -> Option<Building> {
        Building::ALL.into_iter().find(|b| b.name() == s)
    }
}

/// A manuscript's end-game condition (VP per item counted).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "per", rename_all = "snake_case")]
pub enum Scoring {
    Building,
    BuildingKind {
        kind: Building,
        vp: u8,
    },
    Icon {
        icon: crate::effect::Icon,
    },
    FlippedDebt,
    FlippedDeed,
    ApprovedDeed,
    Resources {
        every: u8,
    },
    /// 1 VP per `every` of one resource (a tile read from the Gates of Gold
    /// rulebook's picture: 1 VP per 2 Stone, data/manuscripts.json m30).
    ResourceKind {
        resource: crate::effect::Res,
        every: u8,
    },
    CastleWorker,
    Level3Worker {
        vp: u8,
    },
    Manuscript,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Manuscript {
    pub id: String,
    pub cost: u8,
    pub ribbon: Ribbon,
    /// The tile's back: five grey-backed tiles start on top of the stacks (seed 003 L190).
    pub back: String,
    #[serde(default)]
    pub immediate: Vec<Effect>,
    pub scoring: Option<Scoring>,
    pub confidence: String,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Trade {
    pub merchant: u8,
    pub reward: Vec<Effect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bank {
    Left,
    Right,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Spot {
    pub reward: Vec<Effect>,
    /// Which side of the river (seed 003 L425): reachable from the outer-left or outer-right space.
    pub side: Bank,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Link {
    pub reward: Vec<Effect>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PrintedVillager {
    pub silver: u8,
    pub icons: Icons,
    pub hire_dismiss: Vec<Effect>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PrintedManuscript {
    pub cost: u8,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Trades {
    pub outer_left: Trade,
    pub outer_right: Trade,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Segment {
    pub id: String,
    pub trades: Trades,
    pub spots: Vec<Spot>,
    /// `links[i]` joins spot i and spot i+1; the last joins the next segment's first spot.
    pub links: Vec<Option<Link>>,
    pub printed_villager: PrintedVillager,
    pub printed_manuscript: PrintedManuscript,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct BuildingRow {
    pub builder_cost: u8,
    pub vp_by_count: [u8; 4],
}

#[derive(Clone, Debug, Deserialize)]
pub struct Buildings {
    pub trading_post: BuildingRow,
    pub guildhall: BuildingRow,
    pub workshop: BuildingRow,
    pub guildhall_icons: [Icons; 3],
    pub trading_post_3_icons: Icons,
}

impl Buildings {
    pub fn row(&self, b: Building) -> &BuildingRow {
        match b {
            Building::TradingPost => &self.trading_post,
            Building::Guildhall => &self.guildhall,
            Building::Workshop => &self.workshop,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct WorkerTable {
    pub noble_icons: Vec<u8>,
    pub workers: Vec<u8>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct StartingIcons {
    pub slot_2: Icons,
    pub slot_3: Icons,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TrackPosition {
    pub space: u8,
    pub active: Items,
    /// `">=1"`: opponents with a Criminal icon; `"0"`: opponents without; `"any"`: all.
    pub others_if_criminals: String,
    pub others: Items,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Track {
    pub spaces: u8,
    pub corruption_start: u8,
    pub virtue_start: u8,
    pub positions: Vec<TrackPosition>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Level2Reward {
    pub effects: Vec<Effect>,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Castle {
    pub sections: u8,
    pub vp_by_level: [u8; 3],
    pub expel_reward_level_1: Items,
    pub expel_reward_level_2: Items,
    pub level_3_reward: Items,
    pub max_per_section: u8,
    pub leader_vp: u8,
    pub leader_hand_bonus: u8,
    pub level_2_rewards: Vec<Level2Reward>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DebtCard {
    pub unpaid_vp: i8,
    pub paid_vp: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DeedCard {
    pub acquired_vp: i8,
    pub approved_vp: i8,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Poverty {
    pub debts_on_top_by_players: [u8; 5],
    pub rewards: [u8; 3],
}

#[derive(Clone, Debug, Deserialize)]
pub struct Prosperity {
    pub deeds_on_top_by_players: [u8; 5],
    pub rewards: [u8; 3],
}

#[derive(Clone, Debug, Deserialize)]
pub struct ClergyBonus {
    pub ribbon: Ribbon,
    pub vp: u8,
    pub icons: Icons,
}

/// Where a player card's extra effects may act (seed 003 L214).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Where {
    Anywhere,
    OwnSpace,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PlayerCard {
    pub number: u8,
    pub resources: Items,
    pub silver: u8,
    pub deeds: u8,
    pub debts: u8,
    pub extra: Vec<Effect>,
    pub extra_where: Where,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct StartSpaces {
    /// Player card k starts on `by_card[k-1]`: (board position 0-4, space name).
    pub by_card: Vec<(u8, String)>,
}

#[derive(Clone, Debug, Deserialize)]
struct BoardFile {
    buildings: Buildings,
    worker_table: WorkerTable,
    worker_supply: u8,
    card_slots: u8,
    starting_icons: StartingIcons,
    track: Track,
    castle: Castle,
    debt: DebtCard,
    deed: DeedCard,
    poverty: Poverty,
    prosperity: Prosperity,
    clergy_bonus: Vec<ClergyBonus>,
    player_cards: Vec<PlayerCard>,
    segments: Vec<Segment>,
    start_spaces: StartSpaces,
}

#[derive(Clone, Debug, Deserialize)]
struct VillagerFile {
    cards: Vec<Villager>,
}

#[derive(Clone, Debug, Deserialize)]
struct ManuscriptFile {
    set_vp_by_distinct: [u8; 5],
    black_per_stack: u8,
    free_manuscript_max_cost: u8,
    tiles: Vec<Manuscript>,
}

/// One step a Plot card row may try (seed 003 L668-748).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum PlotStep {
    Dismiss,
    Move {
        n: u8,
    },
    PlaceWorkers,
    Build,
    Transcribe,
    /// The AI board's main focus (L714-716; the Cleric: transcribe).
    Focus,
    CorruptionPerCriminal,
    FuturePlot,
    Effects {
        effects: Vec<Effect>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlotKind {
    Starting,
    Future,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Plot {
    pub id: String,
    pub kind: PlotKind,
    /// Header icons: they fund the AI's actions, they are not effects (L738).
    pub icons: Icons,
    /// Rows resolved top to bottom; in each row the first step that can be done is.
    pub rows: Vec<Vec<PlotStep>>,
    #[serde(default)]
    pub provisional: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Preference {
    pub res: crate::effect::Res,
    pub until: u16,
}

/// An AI board's "Foco Principal" (seed 003 L658, L714): the action its focus icon
/// performs. `Cards` is the "foco estratégico em Cartas" of L684: it gains Plot cards,
/// which is what every card-gaining icon means for the AI (L706).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AiFocus {
    Transcribe,
    Build,
    PlaceWorkers,
    Cards,
}

#[derive(Clone, Debug, Deserialize)]
pub struct AiBoard {
    pub id: String,
    pub focus: AiFocus,
    /// The chart of L684-686: the resource it takes while it holds fewer than `until`.
    /// Empty for the board that treats all resources as one (`pooled_resources`).
    pub preference: Vec<Preference>,
    /// L684: "Somente a IA com foco estratégico em Cartas trata todos os recursos como um
    /// só": any of its resources pays for any resource cost.
    #[serde(default)]
    pub pooled_resources: bool,
    #[serde(default)]
    pub provisional: bool,
    pub start: Items,
    pub start_building: Building,
    pub building_order: [Building; 3],
    pub guildhall_icons: [Icons; 3],
    pub starting_icons: StartingIcons,
    pub worker_table: WorkerTable,
    pub track_active: Vec<Items>,
    pub removed_plots: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
struct SoloFile {
    ai_boards: Vec<AiBoard>,
    plots: Vec<Plot>,
}

/// All content, validated.
#[derive(Clone, Debug)]
pub struct Content {
    pub villagers: Vec<Villager>,
    pub manuscripts: Vec<Manuscript>,
    pub set_vp_by_distinct: [u8; 5],
    pub black_per_stack: u8,
    pub free_manuscript_max_cost: u8,
    pub buildings: Buildings,
    pub worker_table: WorkerTable,
    pub worker_supply: u8,
    pub card_slots: u8,
    pub starting_icons: StartingIcons,
    pub track: Track,
    pub castle: Castle,
    pub debt: DebtCard,
    pub deed: DeedCard,
    pub poverty: Poverty,
    pub prosperity: Prosperity,
    pub clergy_bonus: Vec<ClergyBonus>,
    pub player_cards: Vec<PlayerCard>,
    pub segments: Vec<Segment>,
    pub start_spaces: StartSpaces,
    pub ai_boards: Vec<AiBoard>,
    pub plots: Vec<Plot>,
    /// Every provisional item, as `file:item` (shown to players in the view and record).
    pub provisional: Vec<String>,
    /// The villager kinds of each deck (by [`Deck`]), in card order.
    decks: [Vec<Card>; 3],
    /// The first 35 manuscripts, grey-backed and not, in order.
    backs: [Vec<Ms>; 2],
    /// By villager and kind of main action, its ongoing ability's substitute
    /// (Traveller, Mason, ...) read for that kind: every listing of the main actions
    /// looks for one on each slot, and every funding tallies its costs.
    substitutes: Vec<[Option<Substitute>; 4]>,
}

impl Content {
    /// The content, loaded once (immutable after loading).
    pub fn get() -> &'static Content {
        static CONTENT: OnceLock<Content> = OnceLock::new();
        CONTENT.get_or_init(|| match Content::load() {
            Ok(c) => c,
            Err(e) => panic!("embedded viscounts data is invalid: {e}"),
        })
    }

    /// Parses and validates the embedded files.
    pub fn load() -> Result<Content, String> {
        let v: VillagerFile =
            serde_json::from_str(VILLAGERS).map_err(|e| format!("villagers.json: {e}"))?;
        let b: BoardFile = serde_json::from_str(BOARD).map_err(|e| format!("board.json: {e}"))?;
        let m: ManuscriptFile =
            serde_json::from_str(MANUSCRIPTS).map_err(|e| format!("manuscripts.json: {e}"))?;
        let solo: SoloFile = serde_json::from_str(SOLO).map_err(|e| format!("solo.json: {e}"))?;
        let mut provisional = Vec::new();
        for p in solo.plots.iter().filter(|p| p.provisional) {
            provisional.push(format!("solo.json:plot_{}", p.id));
        }
        provisional.push("solo.json:removed_plots".into());
        for b in solo.ai_boards.iter().filter(|b| b.provisional) {
            provisional.push(format!("solo.json:ai_board_{}", b.id));
        }
        for c in v.cards.iter().filter(|c| c.provisional) {
            provisional.push(format!("villagers.json:{}", c.id));
        }
        for t in m.tiles.iter().filter(|t| t.provisional) {
            provisional.push(format!("manuscripts.json:{}", t.id));
        }
        for p in b.player_cards.iter().filter(|p| p.provisional) {
            provisional.push(format!("board.json:player_card_{}", p.number));
        }
        for s in b.segments.iter().filter(|s| s.provisional) {
            provisional.push(format!("board.json:segment_{}", s.id));
        }
        for (i, r) in b.castle.level_2_rewards.iter().enumerate() {
            if r.provisional {
                provisional.push(format!("board.json:castle_level_2_{}", i + 1));
            }
        }
        provisional.push("board.json:start_spaces".into());
        let decks = [Deck::Starting, Deck::Neutral, Deck::Hero].map(|d| {
            (0..v.cards.len() as u8)
                .filter(|&k| v.cards[k as usize].deck == d)
                .map(Card)
                .collect()
        });
        let backs = [true, false].map(|grey| {
            (0..m.tiles.len().min(35) as u8)
                .filter(|&i| (m.tiles[i as usize].back == "grey") == grey)
                .map(Ms)
                .collect()
        });
        let substitutes = v.cards.iter().map(substitutes_of).collect();
        let c = Content {
            villagers: v.cards,
            manuscripts: m.tiles,
            set_vp_by_distinct: m.set_vp_by_distinct,
            black_per_stack: m.black_per_stack,
            free_manuscript_max_cost: m.free_manuscript_max_cost,
            buildings: b.buildings,
            worker_table: b.worker_table,
            worker_supply: b.worker_supply,
            card_slots: b.card_slots,
            starting_icons: b.starting_icons,
            track: b.track,
            castle: b.castle,
            debt: b.debt,
            deed: b.deed,
            poverty: b.poverty,
            prosperity: b.prosperity,
            clergy_bonus: b.clergy_bonus,
            player_cards: b.player_cards,
            segments: b.segments,
            start_spaces: b.start_spaces,
            ai_boards: solo.ai_boards,
            plots: solo.plots,
            provisional,
            decks,
            backs,
            substitutes,
        };
        c.validate()?;
        Ok(c)
    }

    fn validate(&self) -> Result<(), String> {
        let count = |d: Deck| -> usize {
            self.villagers
                .iter()
                .filter(|c| c.deck == d)
                .map(|c| c.copies as usize)
                .sum()
        };
        // Seed 003 L27-180: 68 neutral, 10 heroes, 32 starting (8 per colour, L216).
        check(count(Deck::Neutral) == 68, "68 neutral villagers")?;
        check(count(Deck::Hero) == 10, "10 hero villagers")?;
        check(count(Deck::Starting) == 32, "32 starting villagers")?;
        check(
            self.villagers
                .iter()
                .filter(|c| c.deck == Deck::Starting)
                .all(|c| c.copies == 4),
            "one starting card of each kind per colour",
        )?;
        check(self.villagers.len() < 255, "villager kinds fit a byte")?;
        // Seed 003 L190-194: 35 manuscripts, 5 grey-backed, stacks of 1 + 6.
        check(self.manuscripts.len() == 35, "35 manuscripts")?;
        check(
            self.manuscripts.iter().filter(|t| t.back == "grey").count() == 5,
            "5 grey-backed",
        )?;
        check(
            self.black_per_stack as usize * 5 == 30,
            "6 black-backed per stack",
        )?;
        check(self.player_cards.len() == 10, "10 player cards")?;
        check(self.plots.len() == 16, "16 plot cards")?;
        check(
            self.plots
                .iter()
                .filter(|p| p.kind == PlotKind::Starting)
                .count()
                == 8,
            "8 starting plots",
        )?;
        // L760: four AI opponents; each has a chart unless it pools its resources (L684).
        check(self.ai_boards.len() == 4, "four AI boards")?;
        for b in &self.ai_boards {
            check(
                b.pooled_resources == b.preference.is_empty(),
                "a resource chart exactly when resources are not pooled",
            )?;
            check(
                b.removed_plots
                    .iter()
                    .all(|id| self.plots.iter().any(|p| &p.id == id)),
                "removed plots exist",
            )?;
        }
        check(
            self.player_cards
                .iter()
                .enumerate()
                .all(|(i, p)| p.number as usize == i + 1),
            "player cards numbered 1-10 in order",
        )?;
        check(self.segments.len() == 5, "5 board segments")?;
        for s in &self.segments {
            check(
                s.spots.len() == s.links.len() && !s.spots.is_empty(),
                "one link after each spot",
            )?;
            check(s.spots.len() <= 8, "at most 8 spots a segment")?;
        }
        check(
            self.castle.sections == 5 && self.castle.level_2_rewards.len() == 5,
            "5 castle sections",
        )?;
        check(
            self.track.positions.len() == self.track.spaces as usize,
            "a reward for every track space",
        )?;
        check(self.card_slots == 3, "3 card slots")?;
        check(self.clergy_bonus.len() == 4, "4 clergy bonus cards")?;
        check(self.start_spaces.by_card.len() == 10, "10 start spaces")?;
        check(
            self.worker_table.noble_icons.len() == self.worker_table.workers.len(),
            "worker table rows",
        )?;
        Ok(())
    }

    /// The ongoing substitute ability of `card` for main actions of kind `k` (Traveller,
    /// Mason, ...: "pay X ➔ an icon", seed 003 L290), if it has one.
    pub fn substitute(&self, card: Card, k: MainKind) -> Option<Substitute> {
        self.substitutes.get(card.0 as usize)?[k as usize]
    }

    /// The villager kinds of deck `d`, in card order.
    pub fn deck(&self, d: Deck) -> &[Card] {
        &self.decks[d as usize]
    }

    /// The manuscripts of the game (the first 35) with a grey back, or the others,
    /// in order.
    pub fn manuscripts_backed(&self, grey: bool) -> &[Ms] {
        &self.backs[!grey as usize]
    }

    pub fn villager(&self, card: Card) -> &Villager {
        &self.villagers[card.0 as usize]
    }

    pub fn is_plot(card: Card) -> bool {
        card.0 >= PLOT_BASE
    }

    pub fn plot(&self, card: Card) -> &Plot {
        &self.plots[(card.0 - PLOT_BASE) as usize]
    }

    /// The icons of a villager or of a Plot card's header.
    pub fn card_icons(&self, card: Card) -> &Icons {
        if Content::is_plot(card) {
            &self.plot(card).icons
        } else {
            &self.villager(card).icons
        }
    }

    /// A villager's ability (Plot cards have none).
    pub fn ability_of(&self, card: Card) -> Option<&Ability> {
        if Content::is_plot(card) {
            None
        } else {
            self.villager(card).ability.as_ref()
        }
    }

    pub fn manuscript(&self, m: crate::effect::Ms) -> &Manuscript {
        &self.manuscripts[m.0 as usize]
    }
}

fn check(ok: bool, what: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("content check failed: {what}"))
    }
}

/// A substitute ability ("pay X ➔ an icon", seed 003 L290) read for one kind of main
/// action, out of its printed [`Effect::IconSubstitute`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Substitute {
    /// The icons of the action's kind one use gives.
    pub per_use: u8,
    /// The most uses in one action, where the card limits them.
    pub max_uses: Option<u8>,
    /// What one use costs.
    pub cost: SubstituteCost,
}

/// What one use of a substitute ability costs, by what pays it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SubstituteCost {
    pub silver: u8,
    /// By [`Res`].
    pub res: [u8; 3],
    /// Paid with Gold while there is some, then Stone.
    pub gold_or_stone: u8,
    /// Merchant icons of the turn.
    pub merchants: u8,
}

/// Each kind of main action's substitute among a villager's ongoing ability's effects
/// (seed 003 L290).
fn substitutes_of(v: &Villager) -> [Option<Substitute>; 4] {
    let ongoing = v.ability.as_ref().filter(|a| a.timing == Timing::Ongoing);
    MainKind::ALL.map(|k| {
        ongoing?.effects.iter().find_map(|e| match e {
            Effect::IconSubstitute {
                action,
                pay,
                gives,
                max_uses,
            } if *action == k => Some(Substitute {
                per_use: gives.get(&k.icon()).copied().unwrap_or(0),
                max_uses: *max_uses,
                cost: substitute_cost(pay),
            }),
            _ => None,
        })
    })
}

fn substitute_cost(pay: &BTreeMap<SubstitutePay, u8>) -> SubstituteCost {
    let mut cost = SubstituteCost::default();
    for (&what, &n) in pay {
        let field = match what {
            SubstitutePay::Silver => &mut cost.silver,
            SubstitutePay::Ink => &mut cost.res[Res::Ink as usize],
            SubstitutePay::Gold => &mut cost.res[Res::Gold as usize],
            SubstitutePay::Stone => &mut cost.res[Res::Stone as usize],
            SubstitutePay::GoldOrStone => &mut cost.gold_or_stone,
            SubstitutePay::Merchant => &mut cost.merchants,
        };
        *field = n;
    }
    cost
}
