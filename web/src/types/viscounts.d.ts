// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.
// After changing them: TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types

export type Action = { "do": "choose_pair", pair: number, } | { "do": "place", card: Card, } | { "do": "move", to: number, paid: number, free: boolean, } | { "do": "main", main: Main, funding: Funding, } | { "do": "no_action" } | { "do": "hire" } | { "do": "pass" } | { "do": "choose", index: number, } | { "do": "rearrange", order: [number, number, number], } | { "do": "discard_from_hand", card: Card, } | { "do": "discard_top" } | { "do": "destroy_from_hand", card: Card, } | { "do": "destroy_top" } | { "do": "destroy_from_pile", card: Card, } | { "do": "flip_debt" } | { "do": "flip_deed" } | { "do": "take_resource", res: Res, } | { "do": "hire_free", pos: number, } | { "do": "castle_move", section: number, clockwise: boolean, } | { "do": "place_in", section: number, } | { "do": "build_free", pos: number, spot: number, } | { "do": "take_manuscript", pos: number, } | { "do": "advance", section: number, } | { "do": "expel", owner: number, };

/**
 * A seat's points by source; `total` is their sum.
 */
export type Breakdown = { buildings: number, workers: number, manuscript_sets: number, manuscript_own: number, leader: number, clergy_bonus: number, debts: number, deeds: number, poverty: number, prosperity: number,
  /**
   * Solo: the AI's 1 VP per leftover resource (L754).
   */
  leftover_resources: number, };

/**
 * The three building kinds, in the order printed on the player board (left to right).
 */
export type Building = "trading_post" | "guildhall" | "workshop";

/**
 * A villager card kind (index into the content's villagers).
 */
export type Card = number;

/**
 * In a position file a level may be left out (no workers), and a section's list of
 * workers by seat may stop after the last seat that has some there.
 */
export type Castle = {
  /**
   * `level1[section][seat]`, `level2[section][seat]`.
   */
  level1: [[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]], level2: [[number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number]], level3: [number, number, number, number, number, number, number, number, number, number, number, number, number, number, number, number], leader: number | null, };

/**
 * What gives a seat effects or asks it a question, so that a table names it
 * ("Scoundrel: discard a card?"); the phase's own questions have none.
 */
export type Cause = { "by": "card", card: Card, } | { "by": "manuscript", ms: Ms | null, } | { "by": "spot" } | { "by": "building", building: Building, } | { "by": "castle", level: number, } | { "by": "trade" } | { "by": "collision" };

/**
 * Whose boards take part in collision steps 1 and 2 (A8).
 */
export type CollisionScope = "all_players" | "active_only";

/**
 * Options that are not settings of this game (`cheat`, Burgundy's `edition`) are
 * refused, as Catan's and Burgundy's are: a game's options are stored with it.
 */
export type Config = { players: number, see_saw: SeeSaw, level1_expel: Level1Expel, final_round: FinalRound, small_game: SmallGame, rounding: Rounding,
  /**
   * A8, step 1 (2nd Workshop Virtue).
   */
  collision_workshop: CollisionScope,
  /**
   * A8, step 2 (collision abilities of villager cards).
   */
  collision_cards: CollisionScope, level2_count: Level2Count, reshuffle_check: ReshuffleCheck, tie_break: TieBreak, manuscript_limit: ManuscriptLimit,
  /**
   * Solo (players 1): the AI board, `cleric`, `noble`, `builder` or `merchant` (L760:
   * four AI opponents; only the Cleric board was recovered, the other three are
   * provisional reconstructions, see docs/viscounts/content.md).
   */
  ai: string,
  /**
   * Solo: Future Plots shuffled into the Plot draw pile at setup (0-3; L762).
   */
  difficulty: number,
  /**
   * A21: the AI resolves collisions and the reshuffle check like a player (default true,
   * "mostly plays exactly like a standard game", L670).
   */
  ai_collisions: boolean,
  /**
   * A15: a dismissed printed villager's icons fund the action (default true).
   */
  printed_dismiss_icons: boolean,
  /**
   * Written into every record's header (the config): how many content items of this
   * build are reconstructions, listed in docs/viscounts/content.md and the view. Not
   * a choice: whatever a config file says here is read as this build's note.
   */
  provisional_content: string, };

/**
 * Where a drawn card goes.
 */
export type DrawTo = "hand" | "slot" | "discard_pile" | "destroy";

/**
 * An effect as printed.
 */
export type Effect = { "op": "gain", items: Items, } | { "op": "flip", target: FlipTarget, n: number, } | { "op": "rearrange" } | { "op": "discard", n: number, } | { "op": "destroy", n: number, } | { "op": "shuffle" } | { "op": "hire_free" } | { "op": "castle_move" } | { "op": "choice", options: Array<Array<Effect>>, } | { "op": "pay_then", cost: Array<Effect>, reward: Array<Effect>, } | { "op": "trigger", on: Trigger, effects: Array<Effect>, } | { "op": "icon_substitute", action: MainKind, pay: { [key in SubstitutePay]?: number }, gives: { [key in Icon]?: number }, max_uses: number | null, } | { "op": "place_workers", n: number, } | { "op": "build_free", building: string, } | { "op": "free_manuscript", max_cost: number, };

export type Event = { "event": "decided", seat: number, action: Action,
  /**
   * The question answered, where the action alone does not say what was
   * decided (a choice's option by its index, a declined offer): the log's words.
   */
  asked?: Question | null,
  /**
   * A main action's payers as they stood when it was taken: the log names them
   * after they have moved on (a card played later is not among them).
   */
  payers?: Payers | null, } | { "event": "drew", seat: number, card: Card | null, } | { "event": "revealed", pos: number, card: Card, } | { "event": "revealed_manuscript", pos: number, ms: Ms, } | { "event": "reshuffled", seat: number, } | { "event": "collision", seat: number, space: number, } | { "event": "end_triggered" } | { "event": "game_over" } | { "event": "ai_moved", seat: number, to: number, } | { "event": "ai_dismissed", seat: number, card: Card | null, } | { "event": "ai_placed_workers", seat: number, workers: number, section: number, } | { "event": "ai_built", seat: number, building: Building, pos: number, spot: number, } | { "event": "ai_transcribed", seat: number, ms: Ms | null, pos: number, } | { "event": "ai_corruption", seat: number, n: number, } | { "event": "ai_future_plot", seat: number, } | { "event": "ai_effects", seat: number, effects: Array<Effect>, };

/**
 * How many turns follow the reveal of Poverty or Prosperity (A4).
 */
export type FinalRound = "extra_round" | "complete_round";

/**
 * What may be flipped (seed 003 L240-246).
 */
export type FlipTarget = "debt" | "deed" | "debt_or_deed";

/**
 * How a main action is paid for (seed 003 L372-381): the board's icons always count;
 * `dismiss` adds one villager's icons; `paid` resources of the action's kind (Silver
 * for Trade) add one icon each; `subs[i]` uses the substitute ability of the card in
 * slot i that many times.
 */
export type Funding = { dismiss: boolean, paid: number, subs: [number, number, number], };

/**
 * The five icons on the left of villager cards (seed 003 L276); Criminal is wild for
 * main actions (L266-270).
 */
export type Icon = "merchant" | "builder" | "noble" | "cleric" | "criminal";

/**
 * Things gained at once (missing keys are 0).
 */
export type Items = { silver: number, ink: number, gold: number, stone: number, any_resource: number, debt: number, deed: number, virtue: number, corruption: number, rearrange: number, };

/**
 * What an expelled level-1 worker gives its owner (A2).
 */
export type Level1Expel = "two_silver_each" | "one_silver_each";

/**
 * Whose workers count for the level-2 advancement (A10).
 */
export type Level2Count = "own" | "any";

/**
 * The main action and its target.
 */
export type Main = { "kind": "trade", times: number, } | { "kind": "build", building: Building, spot: number, } | { "kind": "place_workers", workers: number, } | { "kind": "transcribe" };

/**
 * The four main actions (seed 003 L354-522).
 */
export type MainKind = "trade" | "build" | "place_workers" | "transcribe";

/**
 * What "Só é permitido transcrever 1 Manuscrito por turno" (seed 003 L511) limits.
 */
export type ManuscriptLimit = "transcribe_action" | "every";

/**
 * A manuscript tile (index into the content's manuscripts).
 */
export type Ms = number;

/**
 * The cards that could pay a main action when it was taken: the player board's
 * slots and the villager beside the Viscount (`None`: the printed one).
 */
export type Payers = { slots: [Card | null, Card | null, Card | null], beside: Card | null, };

export type Phase = "setup" | "playing" | "over";

/**
 * One step a Plot card row may try (seed 003 L668-748).
 */
export type PlotStep = { "op": "dismiss" } | { "op": "move", n: number, } | { "op": "place_workers" } | { "op": "build" } | { "op": "transcribe" } | { "op": "focus" } | { "op": "corruption_per_criminal" } | { "op": "future_plot" } | { "op": "effects", effects: Array<Effect>, };

/**
 * A question put to a seat.
 */
export type Question = { "q": "choose_pair" } | { "q": "place" } | { "q": "move" } | { "q": "main" } | { "q": "hire" } | { "q": "choose", options: Array<Array<Effect>>, } | { "q": "pay_then", cost: Array<Effect>, reward: Array<Effect>, } | { "q": "rearrange" } | { "q": "discard" } | { "q": "must_discard" } | { "q": "destroy", from_pile: boolean, } | { "q": "flip" } | { "q": "resource" } | { "q": "hire_free" } | { "q": "castle_move" } | { "q": "place_workers", n: number, anywhere: boolean, } | { "q": "build_free", building: Building, anywhere: boolean, } | { "q": "free_manuscript", max_cost: number, } | { "q": "advance" } | { "q": "expel", level: number, section: number, };

/**
 * The three resources (Silver is never a resource, seed 003 L788).
 */
export type Res = "ink" | "gold" | "stone";

/**
 * Which reshuffles make the Criminal/Virtue check (A12).
 */
export type ReshuffleCheck = "every" | "draw_only";

/**
 * A ribbon colour of manuscripts and clergy bonus cards.
 */
export type Ribbon = "grey" | "black" | "yellow" | "blue";

/**
 * Rounding of a shared reward (A6).
 */
export type Rounding = "down" | "up";

/**
 * Which flipped cards the Poverty and Prosperity cards rank (A1).
 */
export type SeeSaw = "poverty_deeds" | "poverty_debts";

/**
 * A player's board as the viewer sees it: its cards only where they are its own.
 */
export type Seen = {
  /**
   * The viewer's own hand; `None` for another seat's (`View::hand_sizes`).
   */
  hand: Array<Card> | null,
  /**
   * The viewer's own draw pile, sorted (its order is never known); `None` for
   * another seat's (`View::draw_sizes`).
   */
  draw: Array<Card> | null, discard: Array<Card>, slots: [Card | null, Card | null, Card | null], silver: number,
  /**
   * Ink, Gold, Stone.
   */
  res: [number, number, number], debts: number, paid_debts: number, deeds: number, approved_deeds: number, corruption: number, virtue: number, built: [number, number, number], reserve: number, manuscripts: Array<Ms>, clergy_bonus: Array<Ribbon>, space: number, player_card: number, };

/**
 * Poverty/Prosperity rewards with fewer than 3 players (A5; seed 003 L626).
 */
export type SmallGame = "shift" | "zero";

/**
 * A villager stack: its face-up top and how many unseen cards lie below (the unseen
 * cards of all stacks form the shared pool, from which a reveal draws).
 */
export type Stack<T> = { top: T | null, hidden: number, };

/**
 * What a use of a substitute ability costs ("pay X ➔ an icon", seed 003 L290): a name
 * the data file may not misspell (an unknown one fails the content's loading).
 */
export type SubstitutePay = "silver" | "ink" | "gold" | "stone" | "gold_or_stone" | "merchant";

/**
 * The table as everyone sees it, with the viewer's own cards.
 */
export type Table = { config: Config, phase: Phase, players: Array<Seen>,
  /**
   * Segment id (index into the content) at each board position, clockwise.
   */
  order: [number, number, number, number, number],
  /**
   * Castle section facing board position p is `(p + rotation) % 5`.
   */
  rotation: number, first: number, current: number, round: number,
  /**
   * Each position's villager stack: its face-up top and how many lie below.
   */
  villagers: [Stack<Card>, Stack<Card>, Stack<Card>, Stack<Card>, Stack<Card>], manuscripts: [Stack<Ms>, Stack<Ms>, Stack<Ms>, Stack<Ms>, Stack<Ms>],
  /**
   * `spots[pos][i]`: the owner and kind of the building on spot i of position pos.
   */
  spots: [[[number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null], [[number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null], [[number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null], [[number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null], [[number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null, [number, Building] | null]], castle: Castle, clergy_bonus_left: Array<Ribbon>, debts_on_poverty: number, deeds_on_prosperity: number, poverty_revealed: boolean, prosperity_revealed: boolean, last_round: number | null,
  /**
   * Setup: the row of (player card, hero) pairs still to choose.
   */
  pairs: Array<[number, Card]>,
  /**
   * Setup: seats still to choose a pair, next last.
   */
  choosing: Array<number>, dismissed: boolean, main_done: MainKind | null, transcribed: [boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean, boolean],
  /**
   * What the rules resolve next, the last first.
   */
  tasks: Array<Task>,
  /**
   * Villagers removed from the game (destroyed or dismissed), face up.
   */
  removed: Array<Card>, };

/**
 * Pending work, kept as a stack (the last is done first).
 */
export type Task = { "task": "shift" } | { "task": "place_step" } | { "task": "move_step" } | { "task": "main_step" } | { "task": "hire_step" } | { "task": "collision" } | { "task": "draw_step" } | { "task": "end_turn" } | { "task": "run", seat: number, effects: Array<Effect>, by?: Cause | null, } | { "task": "finish", seat: number, main: Main, space: number, } | { "task": "fire", seat: number, on: Trigger, } | { "task": "collision_rewards", seat: number, } | { "task": "castle", seat: number, } | { "task": "reduce" } | { "task": "draw", seat: number, to: DrawTo, } | { "task": "reveal_villager", pos: number, } | { "task": "reveal_manuscript", pos: number, } | { "task": "start_game" } | { "task": "ask", seat: number, q: Question, by?: Cause | null, } | { "task": "ai_rows" } | { "task": "ai_row", steps: Array<PlotStep>, } | { "task": "future_plot" } | { "task": "gain_debts", seat: number, n: number, };

/**
 * The tie-break (A17; seed 003 L628).
 */
export type TieBreak = "combined" | "silver_first";

/**
 * When an ongoing ability fires.
 */
export type Trigger = "after_trade_action" | "after_build_action" | "after_place_workers_action" | "after_transcribe_action" | "on_flip_debt" | "on_gain_debt" | "any_player_collision";

/**
 * What one seat (or a spectator) sees.
 */
export type View = { seat: number | null,
  /**
   * The table: boards, castle, offers, each player's face-up pieces.
   */
  position: Table, hand_sizes: Array<number>, draw_sizes: Array<number>,
  /**
   * For each seat whose cards are hidden from the viewer: its hand and draw pile
   * together (public knowledge: every card it gained or lost was seen).
   */
  unseen: Array<Array<Card>>,
  /**
   * Points by source as they would be scored now.
   */
  points: Array<Breakdown>,
  /**
   * Every content item that is a reconstruction (docs/viscounts/content.md).
   */
  provisional_content: Array<string>,
  /**
   * Solo: the Future Plots no one has seen, sorted: the Future Plot pile and those
   * face down in the AI's Plot draw pile (L762); before the AI's setup, all those
   * in play. No one sees which lie where.
   */
  futures_unseen?: Array<Card>,
  /**
   * Solo: how many of them lie in the Future Plot pile.
   */
  future_pile: number,
  /**
   * Solo: how many of them are still to be shuffled into the AI's Plot draw pile
   * (before the AI is set up).
   */
  futures_to_shuffle_in: number,
  /**
   * Solo: how many of them lie face down in the AI's Plot draw pile.
   */
  futures_face_down: number, };
