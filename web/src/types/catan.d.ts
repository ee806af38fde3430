// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.
// After changing them: TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types

import type { SeatSet } from "./core.js";

/**
 * When the level-3 science ability (Aqueduct) gives a resource (digest C10).
 */
export type AqueductRule = "nothing_received" | "also_when_blocked";

/**
 * Why points changed hands: the special cards.
 */
export type Award = "longest_road" | "largest_army";

/**
 * Which board is played.
 */
export type BoardKind = "beginner" | "random";

/**
 * A kind of card a hand holds. Commodities (paper, cloth, coin) exist only in Cities
 * & Knights; the base game never holds one.
 */
export type Card = "brick" | "lumber" | "wool" | "grain" | "ore" | "paper" | "cloth" | "coin";

/**
 * Cards counted by kind: a hand, the bank, a cost, one side of a trade.
 * Serialized as a map from kind to count, zeros omitted.
 */
export type Cards = { [card in Card]?: number };

/**
 * The Cities & Knights readings (ignored by the base game).
 */
export type CkOptions = { defender: DefenderRule, fresh_knights: FreshKnights, aqueduct: AqueductRule, own_turn_hand: OwnTurnHand, deserter: DeserterLevel, defender_supply: DefenderSupply, };

/**
 * A player's Cities & Knights pieces and cards as the viewer sees them.
 */
export type CkSeen = {
  /**
   * Levels 0..5 per track.
   */
  improvements: [number, number, number], walls: VertexSet, knights: Array<Knight>,
  /**
   * The seat's share of the knights' strength: its active knights' levels (seed
   * 004 section 7), the figure the barbarians' attack compares and rewards.
   */
  strength: number,
  /**
   * The viewer's own progress cards, or those the Spy opens to it; `None`
   * otherwise (`View::progress_sizes`, `View::progress_colours`).
   */
  progress: Array<Progress> | null,
  /**
   * Point cards shown (Printer, Constitution).
   */
  revealed: Array<Progress>, defender: number, };

/**
 * The Cities & Knights part of the table.
 */
export type CkTable = { players: Array<CkSeen>,
  /**
   * Spaces the barbarian ship has advanced (0: at the start).
   */
  barbarians: number, attacked: boolean, metropolis: [Metropolis | null, Metropolis | null, Metropolis | null], merchant: [number, number] | null, roll: RollState | null, alchemist: [number, number] | null, fleet: Card | null, steal_queue: Array<number>,
  /**
   * The barbarians' strength (the cities on the board) and the knights' (the
   * active knights), compared when the ship lands (seed 004 section 7).
   */
  barbarian_strength: number, knight_strength: number, };

export type Config = {
  /**
   * 3 or 4.
   */
  players: number, expansion: Expansion, board: BoardKind, numbers: Numbers,
  /**
   * With shuffled numbers, 6s and 8s never on neighbouring hexes (default true).
   */
  separate_red_numbers: boolean,
  /**
   * Trades between players offered (default true). Maritime trade is always on.
   */
  player_trades: boolean, victory: VictoryTiming, discard_rounding: DiscardRounding,
  /**
   * Turns after which the game stops without a winner (0: no limit, the rules'
   * game). For simulations; the rulebook has no such limit.
   */
  turn_limit: number,
  /**
   * The Cities & Knights readings (digest section C), written only when not the defaults.
   */
  ck?: CkOptions, };

/**
 * A counter-offer: the answering seat would give `give` to the player on turn for
 * `get` (digest section B, "Trading": trades only ever involve the player on turn).
 */
export type Counter = { give: Cards, get: Cards, };

/**
 * Who gets the Defender of Catan when the knights win (digest C1).
 */
export type DefenderRule = "strength" | "most_knights";

/**
 * What the sole best defender gets when the six Defender of Catan cards are all
 * taken (the box holds six: data file `defender_cards`; seed 004 and the digest are
 * silent on running out).
 */
export type DefenderSupply = "limited" | "progress_card" | "unlimited";

/**
 * The knight a Deserter gives (digest C14).
 */
export type DeserterLevel = "same" | "basic";

/**
 * A development card (base game only; Cities & Knights replaces them with progress cards).
 */
export type Dev = "knight" | "victory_point" | "road_building" | "year_of_plenty" | "monopoly";

/**
 * Development cards counted by kind.
 */
export type Devs = [number, number, number, number, number];

/**
 * How many cards a player over the limit discards on a 7 (digest C11).
 */
export type DiscardRounding = "down" | "up";

/**
 *A set of paths.
 * Serialized as the list of its members (readable in position files, and
 * exact in JavaScript, which a 72-bit word would not be).
 */
export type EdgeSet = Array<number>;

/**
 * What happened. The tag is the catalogue key (`event.rolled`).
 */
export type Event = { "event": "board_set" } | { "event": "settled", seat: number, vertex: number, } | { "event": "built", seat: number, edge: number, } | { "event": "city_built", seat: number, vertex: number, } | { "event": "received", seat: number, cards: Cards, } | { "event": "rolled", seat: number, dice: [number, number], } | { "event": "must_discard", seat: number, count: number, } | { "event": "discarded", seat: number, card: Card, } | { "event": "robber_moved", seat: number, hex: number, } | { "event": "stole", thief: number, victim: number, card: Card | null, } | { "event": "bought_development", seat: number, card: Dev | null, } | { "event": "played_development", seat: number, card: Dev, } | { "event": "monopolised", seat: number, card: Card, count: number,
  /**
   * How many each seat handed over, by seat (in the open).
   */
  from?: Array<number>, } | { "event": "maritime", seat: number, give: Cards, get: Card, } | { "event": "offered", seat: number, give: Cards, get: Cards, } | { "event": "accepted", seat: number, } | { "event": "declined", seat: number, } | { "event": "countered", seat: number, give: Cards, get: Cards, } | { "event": "traded", seat: number, with: number, give: Cards, get: Cards, } | { "event": "withdrawn", seat: number, } | { "event": "all_declined", seat: number, } | { "event": "award_moved", award: Award, from: number | null, to: number | null, } | { "event": "turn_started", seat: number, turn: number, } | { "event": "won", seat: number, points: number, } | { "event": "stopped", turn: number, } | { "event": "event_rolled", seat: number, face: EventFace, } | { "event": "wall_built", seat: number, vertex: number, } | { "event": "improved", seat: number, track: Track, level: number, } | { "event": "metropolis_moved", track: Track, from: number | null, seat: number, vertex: number, } | { "event": "knight_recruited", seat: number, vertex: number, } | { "event": "knight_activated", seat: number, vertex: number, } | { "event": "knight_promoted", seat: number, vertex: number, level: number, } | { "event": "knight_moved", seat: number, from: number, to: number, } | { "event": "knight_removed", seat: number, vertex: number, } | { "event": "barbarians_advanced", position: number, } | { "event": "barbarians_attacked", barbarians: number, knights: number, defended: boolean, } | { "event": "defender_of_catan", seat: number, } | { "event": "no_defender_left", seat: number, } | { "event": "city_pillaged", seat: number, vertex: number, } | { "event": "progress_drawn", seat: number, track: Track, card: Progress | null, } | { "event": "point_card_shown", seat: number, card: Progress, } | { "event": "progress_discarded", seat: number, card: Progress | null, } | { "event": "progress_played", seat: number, play: Play, } | { "event": "progress_stolen", thief: number, victim: number, card: Progress | null, } | { "event": "hand_looked", seat: number, victim: number, hand: Cards | null, } | { "event": "progress_looked", seat: number, victim: number, cards: Array<Progress> | null, } | { "event": "harbor_ended", seat: number, } | { "event": "gave", seat: number, to: number, card: Card | null, } | { "event": "merchant_placed", seat: number, hex: number, } | { "event": "numbers_swapped", a: number, b: number, } | { "event": "road_removed", seat: number, edge: number, } | { "event": "aqueduct_used", seat: number, card: Card, };

/**
 * What the event die shows: a barbarian ship or one colour's castle (seed 004 section 3).
 */
export type EventFace = "ship" | { "castle": Track };

export type Expansion = "base" | "cities_and_knights";

/**
 * Which knights activated this turn may act (digest C6).
 */
export type FreshKnights = "no_action" | "chase_only";

/**
 * A harbour: 3:1 for any resource, or 2:1 for one.
 */
export type Harbour = "generic" | { "special": Card };

/**
 * A knight on the board (seed 004 section 6).
 */
export type Knight = { vertex: number,
  /**
   * 1 basic, 2 strong, 3 mighty.
   */
  level: number, active: boolean,
  /**
   * Activated during this turn (digest C6: it may not chase the robber this turn).
   */
  activated_now: boolean,
  /**
   * Placed during this turn (seed 004 L39: not placed, activated and acting in one turn).
   */
  placed_now: boolean,
  /**
   * Promoted during this turn (seed 004 L52: not twice in one turn).
   */
  promoted_now: boolean, };

export type Layout = { terrain: [Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain, Terrain],
  /**
   * The number token of each hex (0 on the desert).
   */
  numbers: [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], harbours: [Harbour, Harbour, Harbour, Harbour, Harbour, Harbour, Harbour, Harbour, Harbour], };

/**
 * A track's metropolis and the city carrying it.
 */
export type Metropolis = { seat: number, vertex: number, };

/**
 * How number tokens go on a random board.
 */
export type Numbers = "spiral" | "shuffled";

/**
 * How many progress cards a seat may hold during its own turn (digest C13).
 */
export type OwnTurnHand = "five" | "unlimited";

/**
 * Where the game stands: whose decision, and of what kind.
 */
export type Phase = { "phase": "setup" } | { "phase": "place", step: number, settled: number | null, } | { "phase": "before_roll" } | { "phase": "rolling" } | { "phase": "discard" } | { "phase": "robber" } | { "phase": "steal", victim: number, } | { "phase": "main" } | { "phase": "road_building", left: number, } | { "phase": "offer", give: Cards, get: Cards, waiting: SeatSet, accepted: SeatSet,
  /**
   * The counter-offers made so far, by seat.
   */
  counters?: [Counter | null, Counter | null, Counter | null, Counter | null], } | { "phase": "choose", give: Cards, get: Cards, accepted: SeatSet, counters?: [Counter | null, Counter | null, Counter | null, Counter | null], } | { "phase": "over" } | { "phase": "pillage", waiting: SeatSet, } | { "phase": "pick_deck", waiting: SeatSet, } | { "phase": "progress_discard", waiting: SeatSet, ending: boolean, } | { "phase": "aqueduct", waiting: SeatSet, } | { "phase": "metropolis", track: Track, } | { "phase": "displaced", seat: number, knight: Knight, } | { "phase": "desert", seat: number, } | { "phase": "free_knight", level: number, } | { "phase": "diplomat_road", removed: number, } | { "phase": "harbor", done: SeatSet, } | { "phase": "harbor_answer", seat: number, card: Card, done: SeatSet, } | { "phase": "master_merchant", victim: number, left: number, } | { "phase": "spy", victim: number, } | { "phase": "wedding" };

/**
 * A progress card played, with what its player chooses (seed 004 sections 13-15).
 */
export type Play = { "card": "commercial_harbor" } | { "card": "master_merchant", seat: number, } | { "card": "merchant_fleet", kind: Card, } | { "card": "merchant", hex: number, } | { "card": "resource_monopoly", kind: Card, } | { "card": "trade_monopoly", kind: Card, } | { "card": "bishop", hex: number, } | { "card": "deserter", seat: number, } | { "card": "diplomat", edge: number, } | { "card": "intrigue", vertex: number, } | { "card": "saboteur" } | { "card": "spy", seat: number, } | { "card": "warlord" } | { "card": "wedding" } | { "card": "alchemist", yellow: number, red: number, } | { "card": "crane", track: Track, } | { "card": "engineer", vertex: number, } | { "card": "inventor", a: number, b: number, } | { "card": "irrigation" } | { "card": "medicine", vertex: number, } | { "card": "mining" } | { "card": "road_building" } | { "card": "smith", first: number, second: number | null, };

/**
 * A source of victory points everyone sees.
 */
export type PointSource = "settlements" | "cities" | "longest_road" | "largest_army" | "metropolises" | "defender" | "merchant" | "point_cards";

/**
 * A progress card (seed 004 sections 13-15).
 */
export type Progress = "commercial_harbor" | "master_merchant" | "merchant_fleet" | "merchant" | "resource_monopoly" | "trade_monopoly" | "bishop" | "constitution" | "deserter" | "diplomat" | "intrigue" | "saboteur" | "spy" | "warlord" | "wedding" | "alchemist" | "crane" | "engineer" | "inventor" | "irrigation" | "medicine" | "mining" | "printer" | "road_building" | "smith";

export type RollState = {
  /**
   * Yellow and red.
   */
  dice: [number, number], event: EventFace, stage: Stage, };

/**
 * A player as the viewer sees it: its cards only where the rules show them.
 */
export type Seen = {
  /**
   * The viewer's own hand, or one the Master Merchant opens to it; `None`
   * otherwise (`View::hand_sizes`).
   */
  hand: Cards | null,
  /**
   * The viewer's own development cards held since before this turn, and bought
   * this turn; `None` for another seat's (`View::development_sizes`).
   */
  devs: Devs | null, fresh: Devs | null,
  /**
   * Development cards played (face up).
   */
  played: Devs, settlements: VertexSet, cities: VertexSet, roads: EdgeSet, road_length: number, };

/**
 * Where a roll stands: the event die resolves first, then production (data file
 * `turn_order`; seed 004 sections 3-5).
 */
export type Stage = "draws" | "produce" | "robber";

/**
 * The table as everyone sees it, with the viewer's own cards.
 */
export type Table = { config: Config, board: Layout, robber: number, players: Array<Seen>, bank: Cards, phase: Phase,
  /**
   * The seat on turn (during setup, the seat placing).
   */
  current: number,
  /**
   * Turns started so far (setup is turn 0).
   */
  turn: number, rolled: boolean, dev_played: boolean, offers: number,
  /**
   * Cards each seat still owes on a 7.
   */
  owed: Array<number>, longest_road: number | null, largest_army: number | null, winner: number | null,
  /**
   * The Cities & Knights part (`None` in the base game).
   */
  ck?: CkTable | null, };

export type Terrain = "hills" | "forest" | "pasture" | "fields" | "mountains" | "desert";

/**
 * An improvement track and the colour of its progress cards (seed 004 section 10).
 */
export type Track = "trade" | "politics" | "science";

/**
 *A set of intersections.
 * Serialized as the list of its members (readable in position files, and
 * exact in JavaScript, which a 72-bit word would not be).
 */
export type VertexSet = Array<number>;

/**
 * When a player who has the points to win wins (digest C16).
 */
export type VictoryTiming = "own_turn" | "turn_start";

/**
 * What one seat (or a spectator) sees.
 */
export type View = { seat: number | null,
  /**
   * The table: the board, its pieces, each player's face-up cards.
   */
  position: Table,
  /**
   * Cards in each seat's hand.
   */
  hand_sizes: Array<number>,
  /**
   * Unplayed development cards of each seat: held since before this turn, and bought this turn.
   */
  development_sizes: Array<[number, number]>, deck_size: number,
  /**
   * Points everyone sees (hidden victory point cards left out).
   */
  public_points: Array<number>,
  /**
   * Where each seat's public points come from (they sum to `public_points`).
   */
  point_sources: Array<Array<[PointSource, number]>>,
  /**
   * Cities & Knights: progress cards in each seat's hand.
   */
  progress_sizes?: Array<number>,
  /**
   * Cities & Knights: cards left in the trade, politics and science decks.
   */
  progress_decks?: Array<number>,
  /**
   * Cities & Knights: each seat's progress cards by colour (trade, politics,
   * science). A card's colour is public: a castle names the deck drawn from (seed
   * 004 section 3), and the decks' backs differ, so a card discarded or stolen
   * shows its colour too.
   */
  progress_colours?: Array<[number, number, number]>,
  /**
   * The viewer's rate with the bank for each card kind in play (empty for a
   * spectator): harbours, and with Cities & Knights the Trading House and the
   * Merchant.
   */
  rates?: Array<[Card, number]>, };
