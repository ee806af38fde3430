// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.
// After changing them: TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types

import type { JsonValue } from "./core.js";

/**
 * Which die chose the depot a tile was taken from: its own (step 1) or the white
 * die (a castle's bonus action, an extra turn).
 */
export type AutoDukeAction = "turn" | "castle" | "extra-turn" | "city-hall";

/**
 * A castle's bonus action that finds no tile (digest A36). Seed 000 line 1137:
 * "Caso não consiga posicionar em nenhum local" (anywhere: its card, then its other
 * card); seed 002 line 1186: "Si no puede colocarla allí" (there: only the card it
 * tries, the castle's own, or the other one when the castle completed it).
 */
export type AutoDukeCastleBonus = "anywhere" | "there";

/**
 * The scoring level (seed 000 line 1054: "fácil, médio, difícil"; 002 novato /
 * experimentado / experto): which of a card's three values it scores (line 1160).
 * Default medium, the recommended first game.
 */
export type AutoDukeLevel = "medium" | "easy" | "hard";

/**
 * Modifier B's tiles (digest A38). Seed 000 line 1209: "uma peça aleatória não
 * utilizada do depósito paralelo, virada para cima" on a building, a mine and a
 * castle space: a random black-backed tile of the space's colour; seed 002 line
 * 1258: "una loseta sin usar cogida al azar boca arriba que coincida con el color
 * de la zona": one from the coloured bags.
 */
export type AutoDukeModifierB = "black-depot" | "area-colour";

/**
 * The difficulty modifiers A-D (seed 000 lines 1198-1213), any of them; written as
 * their letters ("ad"), "none" for none (the default: the recommended first game).
 */
export type AutoDukeModifiers = string;

/**
 * The AutoDuke's place in the turn order (digest A37). Seed 000 line 1064 "O
 * AutoDuque é sempre o último jogador"; seed 002 line 1113 "El Châteautoma es
 * siempre el último jugador al comenzar la partida"; both then (000 line 1099)
 * "Jogue os turnos de acordo com o indicador de ordem de turno", and its ship moves
 * its marker (000 line 1150).
 */
export type AutoDukeOrder = "track" | "last";

/**
 * Step 6, which type it buys from the black depot (digest A34). Seed 000 line
 * 1172: "do tipo que menos tenha em sua reserva"; seed 002 line 1223: "de un tipo
 * que no tenga ya en su depósito" ("intentará": with none such, it buys nothing).
 */
export type AutoDukePurchase = "fewest" | "not-held";

/**
 * The AutoDuke's board as everyone sees it: its duchy without the tiles laid face
 * down (`View::auto_duke_face_down` names their spaces). Its reserve's wildcards
 * and the wildcards on its cards lie face down too, but each came face up from the
 * black depot, so everyone knows them.
 */
export type AutoDukeSeen = { board: number, dealt?: boolean, cards: Array<VillageCard>,
  /**
   * The face-down deck's cards, in number order: which comes next is chance.
   */
  deck: Array<number>, completed?: Array<number>,
  /**
   * Its duchy's spaces in reading order; a face-down tile's space is empty.
   */
  duchy: Array<Held | null>, stacked?: Array<Tile>, reserve: Array<Tile>, wild?: Array<Tile>, goods: [number, number, number, number, number, number], sold: [number, number, number, number, number, number], silver: number, vp: number, bonus_tiles?: Array<BonusTile>, trading_post_tile?: number | null, shields?: Array<number>, hexaminoes?: Array<Hexamino>, marker: number, under: number, slot: number, played: boolean, die?: number | null, };

/**
 * A white castle placed on a card (module `white-castles`, digest A35): which tile
 * of a depot it takes into its reserve, of a type (colour) its reserve does not
 * hold. Seed 000 line 1223: "de um tipo que não possua na reserva, priorizando a
 * mais à esquerda. Caso mais de uma ... ele pega a mais acima": the tile first in
 * the depot (`leftmost`: the engine keeps a depot's tiles in one order, its top
 * space first). Seed 002 line 1271: "dando prioridad al tipo que esté más arriba y
 * a la izquierda (si hay empate)": the type first in the reserve's layout, then
 * the topmost tile of that type (`top-left-type`).
 */
export type AutoDukeWhiteCastle = "leftmost" | "top-left-type";

/**
 * What a route space gives (the kinds the known tiles show; SOURCES.md section 4).
 */
export type BonusKind = "silver" | "workers" | "vp" | "take-building" | "take-church" | "take-any" | "sell";

/**
 * A colour bonus tile a player holds.
 */
export type BonusTile = { colour: Colour, vp: number, };

/**
 * The eight buildings (seed 000, "Construções"), and the crane of the extra hexes
 * (seed 000 line 718, "Grua (construção/preta)").
 */
export type Building = "warehouse" | "carpenters-workshop" | "church" | "market" | "boarding-house" | "bank" | "city-hall" | "watchtower" | "crane" | "white-castle" | "inn" | "face-down";

/**
 * Who chooses the duchy sides and starting castles, and when.
 */
export type CastleOrder = "simultaneous" | "turn-order";

/**
 * Duchies 11-18's optional castle recovery (seed 000 line 702): "ao custo de ambas
 * as ações de dados e 5 pontos de vitória, um jogador pode recuperar um castelo
 * (vermelho ou preto) que foi descartado previamente (que não foi comprado do
 * tabuleiro central em fases anteriores) e trazê-lo para um de seus espaços chave".
 * Which castles count as discarded is the contested part (digest A28).
 */
export type CastleRecovery = "off" | "from-board" | "any-discarded";

/**
 * The six colours of duchy spaces and hex tiles.
 */
export type Colour = "castle" | "building" | "pasture" | "water" | "knowledge" | "mine";

/**
 * A set of tile colours; written as its bitmask (a bit per colour index), as
 * position files always had it.
 */
export type ColourSet = number;

export type Config = {
  /**
   * 2, 3 or 4; 1 for the solo game (module `solo`).
   */
  players: number, edition: Edition,
  /**
   * Duchy number (1-10) per seat; empty: each seat draws a random double-sided
   * board from the edition's box and chooses its side. Default: empty for the
   * Special Edition (seed 000 line 236); for the classic edition everyone on duchy
   * 1 (seed 001 lines 121-122, its standard setup).
   */
  duchies: Array<number>,
  /**
   * The starting castle goes on the central castle space instead of one of the
   * player's choice: seed 000 line 249 (step 10) recommends it for a first game;
   * seed 001 lines 124-125 make it the classic standard setup. Default: false for
   * the Special Edition, true for the classic edition.
   */
  castle_on_centre: boolean,
  /**
   * Duchy sides and starting castles chosen at once or in turn order.
   */
  castle_order: CastleOrder,
  /**
   * Every reading played. Written, the options at the edition's default are
   * left out ([`Config::written_rules`]); read, those left out take it.
   */
  rules: Partial<RuleOptions>,
  /**
   * The expansions and modes played (`modules/`), written as a list of names;
   * none: the base game.
   */
  modules?: Array<Module>,
  /**
   * The content played: the embedded data, or a content file's (issue 15),
   * written as the content file itself so a record rebuilds it.
   */
  content?: JsonValue,
  /**
   * Vineyards, `rules.vineyard_colours: removed`: the vine colours the table
   * removes (seed 002 lines 972-974 "elige 1 color de uva" with 3 players, "elige
   * y retira 2 colores" with 2); empty: drawn at random in the setup.
   */
  vines_removed?: Array<Vine>, };

/**
 * Duchies 11-18's optional connectivity rule (seed 000 line 700, seed 002 line 720;
 * played only on duchies 11-18, line 704).
 */
export type Connectivity = "adjacent" | "same-colour-to-castle";

export type Edition = "special" | "classic";

/**
 * Tie-break 1 (digest A1): seeds 000 and 001 say the player with **more** empty duchy
 * spaces wins ("mais espaços vazios"); seed 002 says **fewer** ("menos casillas libres").
 */
export type EmptySpacesTiebreak = "more" | "fewer";

/**
 * What happened. The variant name is the message key; the fields are its arguments.
 */
export type Event = { "event": "game-set-up", start_player: number, duchies?: Array<number>, boards?: Array<[number, number]>,
  /**
   * The expansion boards played whose content is provisional or unverified.
   */
  provisional?: Array<number>, } | { "event": "team-seated", seat: number, team: Team, board: number, verified: boolean, } | { "event": "duchy-side-chosen", seat: number, duchy: number, } | { "event": "crane-triggered", seat: number, building: Building, } | { "event": "crane-counted", seat: number, knowledge: number, } | { "event": "white-die-used", seat: number, value: number, workers: number, } | { "event": "hired-workers", seat: number, workers: number, silver: number, } | { "event": "inn-arrived", inns: number, } | { "event": "shield-laid", depot: number, shield: number, } | { "event": "shield-taken", seat: number, shield: number, depot: number, space: number, workers: number, } | { "event": "shield-removed", seat: number, shield: number, } | { "event": "die-set", seat: number, die: number, value: number, } | { "event": "shield-goods-taken", seat: number, goods: number, count: number, } | { "event": "monasteries-shared", seat: number, owner: number, } | { "event": "shield-tile-taken", seat: number, shield: number, depot: number, tile: Tile, } | { "event": "tribute-paid", seat: number, silver: number, workers: number, } | { "event": "castle-recovered", seat: number, vp: number, } | { "event": "starting-castle", seat: number, space: number, } | { "event": "phase-started", phase: string, } | { "event": "round-started", round: number, white: number, } | { "event": "goods-arrived", depot: number, goods: number, } | { "event": "die-used", seat: number, die: number, value: number, workers: number, } | { "event": "took-tile", seat: number, depot: number, tile: Tile, } | { "event": "bought", seat: number, depot: number, tile: Tile, silver: number, workers: number, } | { "event": "discarded", seat: number, tile: Tile, } | { "event": "placed", seat: number, tile: Tile, space: number, } | { "event": "effect-lost", seat: number, tile: Tile, } | { "event": "sold", seat: number, goods: number, count: number, } | { "event": "took-goods", seat: number, depot: number, goods: [number, number, number, number, number, number], } | { "event": "moved-on-track", seat: number, space: number, } | { "event": "gained", seat: number, silver: number, workers: number, } | { "event": "scored", seat: number, vp: number, why: ScoreReason, } | { "event": "passed", seat: number, } | { "event": "turn-ended", seat: number, } | { "event": "phase-ended", phase: string, } | { "event": "game-over", scores: Array<number>, ranking: Array<number>, } | { "event": "vines-dealt", removed: Array<Vine>, dealt: Array<Vine>, provisional: boolean, } | { "event": "vines-refilled", depot: Array<Hexamino | null>, shop: Array<Hexamino>, } | { "event": "vine-taken", seat: number, slot: number, vine: Hexamino, } | { "event": "vine-placed", seat: number, vine: Hexamino, space: number, turned: boolean, } | { "event": "vine-bought", seat: number, vine: Hexamino, } | { "event": "vine-from-shop", seat: number, vine: Hexamino, } | { "event": "vine-free-tile", seat: number, tile: Tile, } | { "event": "key-space-chosen", seat: number, tile: Tile, shared: boolean, } | { "event": "vine-discarded", seat: number, vine: Hexamino, } | { "event": "vine-key-space-chosen", seat: number, vine: Hexamino, keys: VineKeys, } | { "event": "vine-bonus-used", seat: number, space: number, which: number, } | { "event": "vine-tile-taken", seat: number, vine: Vine, } | { "event": "trade-route-dealt", seat: number, tiles: Array<number>, provisional: Array<number>, } | { "event": "route-arranged", seat: number, tiles: Array<number>, } | { "event": "goods-on-route", seat: number, goods: number, count: number, space: number, } | { "event": "route-bonus", seat: number, space: number, kind: BonusKind, amount: number, } | { "event": "route-bonus-lost", seat: number, space: number, } | { "event": "tile-removed", depot: number, tile: Tile, } | { "event": "goods-removed", goods: [number, number, number, number, number, number], } | { "event": "traded", seat: number, tile: Tile, goods: [number, number, number, number, number, number], } | { "event": "vp-bought", seat: number, vp: number, } | { "event": "goal-reached", seat: number, goal: number, } | { "event": "solo-ended", won: boolean, spaces: number, } | { "event": "auto-duke-set-up", left: number, right: number, provisional: boolean, } | { "event": "auto-duke-laid", tile?: Tile | null, space: number, face_down: boolean, } | { "event": "auto-duke-rolled", die: number, } | { "event": "auto-duke-took", action: AutoDukeAction, depot: number, tile: Tile, card: number, } | { "event": "auto-duke-from-reserve", action: AutoDukeAction, tile: Tile, card: number, } | { "event": "auto-duke-wildcard", card: number, } | { "event": "auto-duke-took-black", tile: Tile, } | { "event": "auto-duke-no-tile", silver: number, } | { "event": "auto-duke-benefit", tile: Tile, silver: number, vp: number, } | { "event": "auto-duke-to-reserve", via: Tile, depot: number, tile: Tile, } | { "event": "auto-duke-benefit-lost", tile: Tile, } | { "event": "auto-duke-ship", depot: number, goods: [number, number, number, number, number, number], } | { "event": "auto-duke-moved", space: number, } | { "event": "auto-duke-sold", cause: SaleCause, goods: number, count: number, vp: number, } | { "event": "auto-duke-sale-bonus", vp: number, } | { "event": "auto-duke-trading-post-bonus", vp: number, } | { "event": "auto-duke-trading-post-tile", vp: number, } | { "event": "auto-duke-trading-post-tile-gone", } | { "event": "auto-duke-shield", depot: number, shield: number, } | { "event": "auto-duke-no-shield", } | { "event": "auto-duke-shields-final", shields: number, vp: number, } | { "event": "auto-duke-hexamino", position: number, vine: Hexamino, } | { "event": "auto-duke-no-hexamino", } | { "event": "auto-duke-bought-hexamino", vine: Hexamino, } | { "event": "auto-duke-hexaminoes-final", hexaminoes: number, vp: number, } | { "event": "auto-duke-crane", } | { "event": "auto-duke-nothing-to-sell", cause: SaleCause, } | { "event": "auto-duke-completed", card: number, vp: number, tiles: Array<Tile>, } | { "event": "auto-duke-extra-turn", space: number, } | { "event": "auto-duke-nothing-found", } | { "event": "auto-duke-bonus-tile", colour: Colour, vp: number, } | { "event": "auto-duke-bought", tile: Tile, } | { "event": "auto-duke-turn-ended", } | { "event": "auto-duke-drew", card: number, provisional: boolean, } | { "event": "auto-duke-mines", silver: number, } | { "event": "auto-duke-final", monasteries: number, goods: number, silver: number, reserve: number, cards: number, vp: number, };

/**
 * The geese and knowledge tile 7 (extra hexes, digest A27). Seeds 000 line 728 and
 * 002: the geese "contam como um tipo de animal adicional para as peças de monastério
 * 7 e 24"; how many VP tile 7 then adds is not said. Seed 001 line 902 names only
 * #24, so the classic edition never counts them for tile 7.
 */
export type GeeseKnowledge7 = "counted" | "not-counted";

/**
 * A tile on a village card, in the duchy or face down in the reserve: the tile
 * itself (every tile was seen face up when taken) and whether it lies face down as
 * a wildcard (seed 000 line 1128: "virada para baixo (como um tipo curinga)").
 */
export type Held = { tile: Tile, face_down?: boolean, };

/**
 * A hexamino: two vines, written `green-blue` (the colours in [`Vine::ALL`]'s
 * order; a hexamino is turned when placed, [`VineMove::Place`]).
 */
export type Hexamino = `${Vine}-${Vine}`;

/**
 * Inns (digest A14): does a space covered by an inn count for its colour's bonus
 * tile (all spaces of a colour covered, seed 000 "Pontuação")? Not stated.
 */
export type InnColourBonus = "counted" | "not-counted";

/**
 * Inns (digest A14): does an inn's space need the die's number? Seed 000 line 764
 * "qualquer espaço vazio de seu ducado (seguindo as regras normais)"; the tile's
 * text (line 786) "Posicione em qualquer área".
 */
export type InnNumber = "die" | "any";

/**
 * Inns (digest A14): is buying an inn the turn's one black-depot purchase? Seed 000
 * line 762: "Assim como qualquer outra peça do depósito paralelo, uma estalagem
 * pode ser comprada pagando 2 peças de prata"; 002 line 786 "como cualquier otra
 * loseta del almacén negro".
 */
export type InnPurchase = "turn-purchase" | "besides";

/**
 * Knowledge tile 5 (issue 15): is the adjacent depot's goods a choice?
 */
export type Knowledge5 = "optional" | "compulsory";

/**
 * Knowledge tile 8 (digest A5).
 */
export type Knowledge8 = "one-or-two" | "two-only";

/**
 * One expansion or mode of the game.
 */
export type Module = "duchies-11-18" | "duchies-19-22" | "extra-hexes" | "trading-posts" | "white-castles" | "inns" | "trade-routes" | "shields" | "vineyards" | "team" | "solo" | "auto-duke";

/**
 * What the modules lay on the table. Their pieces are public but the AutoDuke's.
 */
export type ModulesSeen = { discarded_castles?: number, inns?: number, trading_post_tiles?: Array<number>, shield_depots?: [Array<number>, Array<number>, Array<number>, Array<number>, Array<number>, Array<number>], shields?: Array<{ [key in number]: number }>, shield6?: number | null, crane_monastery?: number | null, phase_end?: Array<[number, Pending]>, trade_routes?: Array<TradeRoute>, solo?: SoloState | null, auto_duke?: AutoDukeSeen | null, team?: TeamState | null, vineyards?: Vineyards | null, };

/**
 * A decision that must be made before the turn goes on. The turn keeps a stack of
 * them: placing a castle pushes a die action, a city hall pushes a placement, ...
 *
 * `repr(u8)`: the kind of decision is a byte of its own (issue 18: the turn asks
 * it every decision; folded into the payloads' spare values it took several
 * comparisons to read).
 */
export type Pending = { "pending": "use-die", value: number | null, } | { "pending": "discard", incoming: Tile, } | { "pending": "key-space", incoming: Tile, } | { "pending": "ship-goods" } | { "pending": "ship-adjacent", chosen: number, } | { "pending": "take-from", colours: ColourSet, } | { "pending": "warehouse-sell" } | { "pending": "city-hall" } | { "pending": "crane" } | { "pending": "geese", space: number, } | { "pending": "white-die" } | { "pending": "solo-trade" } | { "pending": "solo-buy-vp" } | { "pending": "solo-black", further?: boolean, } | { "pending": "shield-goods" } | { "pending": "shield-tile", black: boolean, } | { "pending": "tribute" } | { "pending": "vine-bonuses", space: number, left: number, } | { "pending": "vine-depot" } | { "pending": "black-or-shop" } | { "pending": "vine-room", incoming: Hexamino, } | { "pending": "vine-key-space", incoming: Hexamino, } | { "pending": "vine-tile" } | { "pending": "crane-monastery" };

/**
 * A hexamino on a vineyard space: the vine on the space's first cell and on its
 * second (as turned when placed).
 */
export type Planted = [Vine, Vine];

/**
 * Goods of a sold stack that wait to go onto the route while a bonus their stack
 * gained is decided (`rules.trade_route_bonus: at-once`).
 */
export type RouteRest = {
  /**
   * The goods type, 1-6.
   */
  goods: number, count: number,
  /**
   * They go on once the turn's stack of decisions is back to this height.
   */
  depth: number, };

export type RuleOptions = { tiebreak: EmptySpacesTiebreak, knowledge8: Knowledge8, knowledge5: Knowledge5, ship_depot: ShipDepot, connectivity?: Connectivity, castle_recovery?: CastleRecovery, geese_knowledge7?: GeeseKnowledge7, white_castle?: WhiteCastleIs, inn_purchase?: InnPurchase, inn_number?: InnNumber, inn_colour_bonus?: InnColourBonus, third_trading_post?: ThirdTradingPost, trading_post_sites?: TradingPostSites, trading_post_tile26?: TradingPostTile26, shield2?: Shield2, shield6?: Shield6, shield7?: Shield7, shield9?: Shield9,
  /**
   * The purchase in a turn that takes a shield (digest A25).
   */
  shield_purchase?: ShieldPurchase, trade_route_sold?: TradeRouteSold, trade_route_order?: TradeRouteOrder, trade_route_bonus?: TradeRouteBonus,
  /**
   * The solo game's difficulty: the VP goal it starts at (module `solo`).
   */
  solo_goal?: SoloGoal,
  /**
   * The solo game: which round good moves (digest A10).
   */
  solo_round_good?: SoloRoundGood,
  /**
   * The solo game: which way the tile removal moves on from an empty depot
   * (digest A7).
   */
  solo_clockwise?: SoloClockwise,
  /**
   * The team game's tie-break (digest A2): fewer or more empty spaces.
   */
  team_tiebreak?: TeamTiebreak,
  /**
   * The team game with the trade routes: one route a team or a player.
   */
  team_trade_route?: TeamTradeRoute,
  /**
   * The team game with the shields: the team's shields or each member's.
   */
  team_shields?: TeamShields,
  /**
   * The team game with the vineyards: one vineyard board a team or a member.
   */
  team_vineyard?: TeamVineyard,
  /**
   * The team game's board side: standard (31a+32a) or advanced (31b+32b, from a
   * content file only).
   */
  team_board?: TeamBoardSide,
  /**
   * The AutoDuke's scoring level (module `auto-duke`).
   */
  auto_duke_level?: AutoDukeLevel,
  /**
   * The AutoDuke's difficulty modifiers A-D.
   */
  auto_duke_modifiers?: AutoDukeModifiers,
  /**
   * The AutoDuke's black-depot purchase (digest A34).
   */
  auto_duke_purchase?: AutoDukePurchase,
  /**
   * The AutoDuke's castle bonus action without a tile (digest A36).
   */
  auto_duke_castle_bonus?: AutoDukeCastleBonus,
  /**
   * Modifier B's tiles (digest A38).
   */
  auto_duke_modifier_b?: AutoDukeModifierB,
  /**
   * The tile a white castle takes into its reserve (digest A35).
   */
  auto_duke_white_castle?: AutoDukeWhiteCastle,
  /**
   * Which way the AutoDuke's depot searches go round the board (digest A7): the
   * solo game's two readings.
   */
  auto_duke_clockwise?: SoloClockwise,
  /**
   * The AutoDuke's place in the turn order (digest A37).
   */
  auto_duke_order?: AutoDukeOrder,
  /**
   * Vineyards: the optional removal of vine colours with 2-3 players.
   */
  vineyard_colours?: VineyardColours,
  /**
   * Vineyards: where the first hexamino may go (digest A32).
   */
  vineyard_first?: VineyardFirst, };

/**
 * Why the AutoDuke sells goods: a covered sell symbol (step 3), its warehouse
 * (step 2), a castle's or an extra turn's action that found no tile.
 */
export type SaleCause = "symbol" | "warehouse" | "castle" | "extra-turn";

/**
 * Why VP were scored.
 */
export type ScoreReason = { "reason": "livestock" } | { "reason": "area", colour: Colour, size: number, phase_bonus: number, } | { "reason": "colour-bonus", colour: Colour, first: boolean, } | { "reason": "sale", count: number, } | { "reason": "watchtower" } | { "reason": "unsold-goods" } | { "reason": "silver" } | { "reason": "workers" } | { "reason": "knowledge", number: number, } | { "reason": "trading-post-link", link: number, } | { "reason": "trading-post-bonus", first: boolean, } | { "reason": "shield", shield: number, } | { "reason": "monasteries-doubled" } | { "reason": "bonus-doubled", colour: Colour, } | { "reason": "shared-knowledge", number: number, } | { "reason": "trade-route", space: number, } | { "reason": "vines", vine: Vine, size: number, } | { "reason": "vineyard-bonus" };

/**
 * A player's duchy, storage and purse; its starting choices only where the viewer
 * may know them.
 */
export type Seen = {
  /**
   * Duchy board number.
   */
  duchy: number, spaces: Spaces, storage: Array<Tile>, goods: [number, number, number, number, number, number], sold: [number, number, number, number, number, number], silver: number, workers: number, vp: number, bonus_tiles: Array<BonusTile>,
  /**
   * The starting castle space chosen while others still choose: the viewer's own
   * (or its team's) only.
   */
  castle_choice?: number | null,
  /**
   * Random duchies: the board drawn while its side is not yet revealed.
   */
  board?: [number, number] | null,
  /**
   * The side chosen while others still choose: the viewer's own (or, with the
   * castle on the centre, a stand-in saying that it was chosen).
   */
  side_choice?: number | null, };

/**
 * Shield 2 (digest A19): how many workers its holder gains when another player
 * gains workers. Seed 000 line 897 "sempre que outro jogador receber trabalhadores,
 * você também ganha 1 trabalhador"; seed 001 line 1155 "sempre que outro jogador
 * obtiver um trabalhador, recebes também um trabalhador".
 */
export type Shield2 = "per-gain" | "per-worker";

/**
 * Shield 6: does monastery 27 of the chosen player count too? Seed 000 line 901
 * "(excetuando o mosteiro 27)", 002 line 940 "(con la excepción de la loseta de
 * monasterio 27)"; seed 001 lines 1177-1178 "Quaisquer peças de mosteiro no seu
 * ducado contam" names no exception.
 */
export type Shield6 = "except27" | "all";

/**
 * Shield 7 (digest A17): which bonus tiles score double. Seed 000 line 902 "suas
 * novas peças bônus pontuam o dobro" (002 "nuevas"); seed 001 line 1175 "as tuas
 * peças de bónus contam a dobrar", no "new".
 */
export type Shield7 = "new" | "all";

/**
 * Shield 9 with knowledge tile 3 (2 silver a sale), digest A23: seed 001 line
 * 1145 "Se um mosteiro e um escudo têm o mesmo efeito ou efeitos opostos, usa o
 * efeito do escudo"; the Special Edition says nothing.
 */
export type Shield9 = "adds-to-knowledge" | "shield-only";

/**
 * Shields, digest A25: taking a shield with a pair replaces both die actions (seed
 * 000 line 886 "em vez de realizar suas 2 ações de dados", 002 line 921 "en lugar
 * de realizar 2 acciones de dado", 001 line 1137 "em vez de efetuar as 2 ações de
 * jogo"); whether the turn's black-depot purchase, no die action, is still made is
 * not said.
 */
export type ShieldPurchase = "allowed" | "instead";

/**
 * Which depot a ship may choose (issue 15). The seeds say "any depot" (000 line
 * 356 "qualquer depósito", 002 line 376 "cualquier almacén", 001 line 409 "um qualquer
 * depósito") and never whether one without goods counts.
 */
export type ShipDepot = "any" | "with-goods";

/**
 * Digest A7: which way "the next depot clockwise" goes when the white die's depot is
 * empty (seed 000 line 839 "do próximo depósito em sentido horário"). The board's
 * picture is lost; seed 001 line 1067 (rows in depots 1 and 4, columns in 2, 3, 5
 * and 6) suggests the ring 1-2-3-4-5-6-1 with clockwise ascending.
 */
export type SoloClockwise = "ascending" | "descending";

/**
 * The difficulty: the VP goal the game starts at. Seed 000 line 863: "comece o jogo
 * com o objetivo de pontos de vitória em uma posição menor que 50 (quanto menor,
 * mais fácil) (...) aumente o objetivo (quanto maior, mais difícil)"; seed 001 line
 * 1097 names 45-55 ("49, 48 ... 45 (muito mais fácil) (...) 51, 52 ... 55"), the
 * range the classic edition accepts. Default 50 (all three seeds).
 */
export type SoloGoal = number;

/**
 * Digest A10: which of the round spaces' goods moves at a round's start. Seed 000
 * line 837 "pegue a mercadoria mais abaixo" (the bottom one); seed 002 line 871
 * "coge la loseta de mercancía superior" and seed 001 line 1065 "pega na peça de
 * mercadorias mais acima" (the top one).
 */
export type SoloRoundGood = "top" | "bottom";

/**
 * What the solo game keeps on the table: part of the position (`modules.solo`).
 */
export type SoloState = {
  /**
   * The VP goal: the turn-order marker on the VP track (seed 000 line 829).
   */
  goal: number,
  /**
   * Goods removed from the game (a ship's other depots, trades), by type.
   */
  goods_out: [number, number, number, number, number, number],
  /**
   * Face-down black tiles traded for goods so far (in storage, in the duchy, or
   * discarded).
   */
  face_down: number, };

/**
 * The spaces of a player's duchy (37, or a team board's 73), written as a map from
 * space id to tile. Beside
 * the tiles it keeps what the rules ask of them many times a decision (issue 18): the
 * covered spaces, the spaces next to them and the knowledge tiles on the duchy, all
 * derived from the tiles and kept in step by [`Spaces::place`], the only way a tile is
 * put on a space.
 */
export type Spaces = { [space in number]?: Tile };

/**
 * `repr(u8)`: the stage is a byte of its own, not folded into the turn's list
 * (issue 18: asked several times a decision).
 */
export type Stage = { "stage": "setup" } | { "stage": "starting-castles" } | { "stage": "phase-start" } | { "stage": "round-start" } | { "stage": "turn" } & Turn | { "stage": "auto-duke" } | { "stage": "over" };

/**
 * The table as everyone sees it, with the viewer's own starting choices.
 */
export type Table = {
  /**
   * The game's settings; a content file's place holds the embedded content.
   */
  config: Config,
  /**
   * 0-4 for phases A-E.
   */
  phase: number,
  /**
   * 0-4 within the phase.
   */
  round: number,
  /**
   * What the game waits for (a turn's pending decisions are on the table).
   */
  stage: Stage, players: Array<Seen>,
  /**
   * Hex tiles in the numbered depots 1-6.
   */
  depots: [Array<Tile>, Array<Tile>, Array<Tile>, Array<Tile>, Array<Tile>, Array<Tile>], black_depot: Array<Tile>,
  /**
   * Goods lying in each depot, by type.
   */
  depot_goods: [[number, number, number, number, number, number], [number, number, number, number, number, number], [number, number, number, number, number, number], [number, number, number, number, number, number], [number, number, number, number, number, number], [number, number, number, number, number, number]],
  /**
   * Goods on the round spaces, the next first.
   */
  round_goods: Array<number>,
  /**
   * Tiles seen drawn from the coloured bags and piles, and from the black bag.
   */
  drawn: TileCounts, drawn_black: TileCounts,
  /**
   * Tiles out of the game.
   */
  boxed: TileCounts,
  /**
   * Bonus tiles already taken per colour: 0 none, 1 the large one, 2 both.
   */
  bonus_taken: [number, number, number, number, number, number],
  /**
   * The turn-order track: each space a stack of seats, bottom first.
   */
  track: [Array<number>, Array<number>, Array<number>, Array<number>, Array<number>, Array<number>, Array<number>],
  /**
   * Seats that have played this round.
   */
  played: Array<boolean>,
  /**
   * The turn order fixed at the start of the round.
   */
  round_order: Array<number>,
  /**
   * The round's dice per seat and the white die.
   */
  dice: Array<[number, number]>, white: number,
  /**
   * What the config's modules lay on the table (omitted when nothing).
   */
  modules?: ModulesSeen, };

/**
 * One of the two teams. Team A is the first in turn order: round 1 is played A1,
 * B1, A2, B2 (seed 000 line 799, 002 line 833, 001 line 1014), so the start player
 * is A1 and the seats alternate between the teams from there.
 */
export type Team = "A" | "B";

/**
 * The side of the team board played (`rules.team_board`): seed 002 line 830 "Un
 * tablero de equipo consiste en 2 mitades de tablero (31a y 32a). Cuando tengas más
 * experiencia, atrévete a probar el tablero de equipo avanzado del reverso (31b y
 * 32b)"; 001 lines 993-999 "12a1 + 12a2 (...) tabuleiros avançados 12b, no verso";
 * 000 line 100 names "#31a, 31b, 32a, 32b" only. Not a contested reading: a choice
 * the rules offer. The advanced side's layout was not found, so it is played only
 * from a content file that holds it (`team_duchies.json`, `"side": "advanced"`).
 */
export type TeamBoardSide = "standard" | "advanced";

/**
 * The shields in the team game (`rules.team_shields`). The shields' chapter speaks
 * of a player and its duchy: a shield goes "em um castelo do seu ducado" (seed 000
 * line 886) and "você deve pagar tributo por seus escudos" (line 890); the team game
 * gives each team one board and shares every resource but the private key spaces
 * (line 805): which no rulebook joins.
 */
export type TeamShields = "team" | "member";

/**
 * What the team game keeps on the table (`modules.team` in a position file).
 */
export type TeamState = {
  /**
   * Each team's members in round 1's turn order: team A (A1, A2), then team B
   * (B1, B2); round 1 is A1, B1, A2, B2 (seed 000 line 799).
   */
  members: [[number, number], [number, number]],
  /**
   * Each team's shared key spaces (A, then B), at most 2 tiles each (000 line
   * 803 "cada time tem 2 espaços chave compartilhados"). They are also the end of
   * both members' `storage`.
   */
  shared: [Array<Tile>, Array<Tile>],
  /**
   * Each team's hexaminoes on both its shared key spaces (module `vineyards`;
   * [`crate::modules::VineKeys::Shared`]), either member's to place.
   */
  vines?: [Array<Hexamino>, Array<Hexamino>], };

/**
 * The team game's tie-break (digest A2): seed 000 line 815 "o time com menos
 * espaços vazios em seu ducado ganha a partida" and 002 line 849 "el equipo con
 * menos casillas vacías en su ducado" (fewer); seed 001 line 1040 "vence a equipa
 * com mais espaços vazios no seu ducado" (more). Not `rules.tiebreak`: 000 says
 * "more" for the base game (line 601) and "fewer" here.
 */
export type TeamTiebreak = "fewer" | "more";

/**
 * The trade routes in the team game (`rules.team_trade_route`). The trade routes'
 * chapter deals each player a route "abaixo de seu tabuleiro de jogador" (seed 000
 * line 770); the team game gives each team one team board in place of its
 * members' boards and shares every resource but the private key spaces (000 line
 * 805), goods sold included: which no rulebook says.
 */
export type TeamTradeRoute = "team" | "player";

/**
 * The vineyards in the team game (`rules.team_vineyard`). The vineyards' chapter
 * gives "cada jogador" a vineyard board and a vine bonus tile (seed 000 lines
 * 924-925, 947-950); the team game gives each team one board and shares every resource but
 * the private key spaces (000 line 805 "Todos os recursos, exceto os espaços chave
 * privados, são compartilhados"): which no rulebook joins.
 */
export type TeamVineyard = "team" | "member";

/**
 * Trading posts (4th expansion, digest A13): does joining the third post score the
 * phase bonus again? The Special Edition only says "Quando um jogador consegue
 * conectar dois entrepostos (...) ele recebe pontos de vitória de acordo com a fase"
 * (seed 000 line 746; 002 line 770); seed 001 line 927: "Se o jogador liga também
 * o terceiro posto, obtém novamente pontos de vitória de acordo com a fase atual".
 */
export type ThirdTradingPost = "phase-bonus-again" | "once";

/**
 * A hex tile. Tiles of one kind are identical, so a tile is its kind.
 * Written as its name (`Display`): `castle`, `market`, `cow3`, `knowledge12`.
 */
export type Tile = "castle" | "mine" | "ship" | Building | `${"cow" | "pig" | "sheep" | "chicken" | "goose"}${2 | 3 | 4}` | `knowledge${number}`;

/**
 * Counts per tile kind, written as a map from tile name to count (zeros omitted).
 */
export type TileCounts = { [tile in Tile]?: number };

/**
 * A seat's trade route: its tiles left to right, and the goods laid on it so far,
 * left to right (by type 1-6).
 */
export type TradeRoute = { tiles: Array<number>, goods?: Array<number>,
  /**
   * `rules.trade_route_order: chosen`: the seat has still to lay its tiles in
   * the order it chooses (seed 000 line 772).
   */
  to_arrange?: boolean, };

/**
 * Trade routes: when a bonus that needs a choice (a take, a sale) is resolved. Seed
 * 000 line 774 "posicione-as, mercadoria por mercadoria, (...) você recebe o bônus
 * indicado imediatamente" (002 line 800 "gana inmediatamente"; 001 lines 970-974):
 * does "immediately" stop the laying of the stack, or may the stack be laid first?
 * It matters only for a sale bonus, whose goods then go on before the rest of the
 * stack.
 */
export type TradeRouteBonus = "after-stack" | "at-once";

/**
 * Trade routes: the order of a seat's route tiles. Seed 000 line 770 "em uma ordem
 * aleatória" (002 line 796, 001 line 967 "ao acaso"); line 772 "Regra opcional:
 * caso queira um jogo mais estratégico, você pode posicionar suas peças na ordem
 * que quiser" (002 line 798; not in 001).
 */
export type TradeRouteOrder = "random" | "chosen";

/**
 * Trade routes: do goods laid on a route count as sold for knowledge tiles 15
 * and 25 (digest A29)? The seeds say only that the route takes them "em vez de
 * posicioná-las no lugar usual" (seed 000 line 774): they are still sold.
 */
export type TradeRouteSold = "counted" | "not-counted";

/**
 * Trading posts: where the three posts of the player board sit (the duchy spaces
 * touching each; `data/duchies.json` "trading_posts"). The SE prints them on the
 * player board (seed 000 line 750), of which no official picture was read.
 */
export type TradingPostSites = "classic-picture" | "se-transcription";

/**
 * Trading posts: does the trading-post bonus tile count for knowledge tile 26 ("3
 * pontos de vitória para cada peça bônus que você tiver", seed 000 line 688)? The
 * seeds call it a "peça bônus de entreposto" (000 lines 124, 744) but say nothing
 * of tile 26.
 */
export type TradingPostTile26 = "counted" | "not-counted";

export type Turn = { seat: number,
  /**
   * The seat's two dice, `None` once used.
   */
  dice: [number | null, number | null],
  /**
   * The once-per-turn black-depot purchase was made.
   */
  bought: boolean,
  /**
   * Knowledge tile 6 (Special Edition) was used this turn.
   */
  knowledge6: boolean,
  /**
   * Shield 16 was used this turn: a die set to any value.
   */
  die_set?: boolean,
  /**
   * A shield was taken with a pair this turn (`rules.shield_purchase: instead`
   * then refuses the purchase).
   */
  shield_taken?: boolean,
  /**
   * The shields: this is no round's turn but a decision of a phase's end (shield
   * 14's or 15's tile, the tribute), the pending stack's first: no dice, no
   * purchase.
   */
  phase_end?: boolean,
  /**
   * The solo game: the decision on top was brought before the others (`first N`,
   * seed 000 line 851); no other is brought until a decision is made.
   */
  reordered?: boolean, pending: Array<Pending>,
  /**
   * Trade routes, `rules.trade_route_bonus: at-once`: goods of a sold stack still
   * to lay on the route, the last to lay first, each waiting for the bonus
   * decisions above it on the stack.
   */
  route_rest?: Array<RouteRest>, };

/**
 * What one seat sees.
 */
export type View = { seat: number | null,
  /**
   * The table: the central board, each duchy, the modules' pieces.
   */
  position: Table,
  /**
   * Goods still face down (phase stacks and the box): a count, not their order.
   */
  goods_face_down: number,
  /**
   * The AutoDuke's duchy spaces that hold a tile face down (modifier A, seed 000
   * line 1128): no one has seen it, so `position` shows the space empty and does
   * not count the tile among those drawn from the black bag.
   */
  auto_duke_face_down?: Array<number>,
  /**
   * The game plays with a content file (issue 15). The file itself is not in
   * the view (`position.config` shows the embedded content): a client gets it
   * once ([`tabuleiro_core::Game::custom_content`]), not in every view.
   */
  custom_content?: boolean, };

/**
 * A face-up village card: its number and what lies on each of its spaces, in
 * reading order (left to right, top row first).
 */
export type VillageCard = { number: number, spaces: Array<Held | null>, };

/**
 * The six vine colours (the names the TTS mod gives the vine bonus tiles; the
 * printed grape colours are not verified, data/vineyards.json).
 */
export type Vine = "orange" | "yellow" | "green" | "red" | "black" | "blue";

/**
 * The key spaces a held hexamino lies on (the team game; outside it always
 * `Private`, the player's key spaces).
 */
export type VineKeys = "private" | "split" | "shared";

/**
 * One seat's vineyard: the hexaminoes in its key spaces, its vineyard board and
 * its vine bonus tiles.
 */
export type VineSeat = {
  /**
   * Hexaminoes in the key spaces, each taking 2 (seed 000 line 918).
   */
  held: Array<Hexamino>,
  /**
   * The vineyard board: space number to the vines on it.
   */
  board: { [key in number]: Planted },
  /**
   * Vine bonus tiles, one colour each.
   */
  tiles: Array<Vine>,
  /**
   * The team game: hexaminoes on one of the seat's private key spaces and one of
   * its team's shared ones ([`VineKeys::Split`]); `held` are on two private ones.
   */
  split?: Array<Hexamino>, };

/**
 * Vineyards, seed 000 lines 930-934 ("Observação: Se quiser limitar a
 * aleatoriedade em partidas com 2 ou 3 jogadores ..."; 002 lines 970-974): an
 * optional rule removes 1 vine colour with 3 players, 2 with 2 players.
 */
export type VineyardColours = "all" | "removed";

/**
 * Vineyards, digest A32: the first hexamino goes on the lowest terrace, "espaços
 * numerados de 1 a 4" (seed 000 line 975) or "casillas numeradas 1 o 4" (seed 002
 * line 1019).
 */
export type VineyardFirst = "one-to-four" | "one-or-four";

/**
 * What the vineyards keep on the table.
 */
export type Vineyards = {
  /**
   * Colours out of the game (`rules.vineyard_colours: removed`).
   */
  removed: Array<Vine>,
  /**
   * The phases whose vine depot and shop were refilled (0 before the setup).
   */
  refills: number,
  /**
   * The vine depot's six positions (with 2-3 players 1, 3 and 5 are used).
   */
  depot: [Hexamino | null, Hexamino | null, Hexamino | null, Hexamino | null, Hexamino | null, Hexamino | null],
  /**
   * The vine shop, left to right.
   */
  shop: Array<Hexamino>,
  /**
   * The shop's positions (1-3) of those hexaminoes once one was taken (the
   * AutoDuke buys by position, seed 000 line 1270); empty: 1, 2, 3 in order.
   */
  shop_at?: Array<number>,
  /**
   * Hexaminoes drawn from the bag so far, by kind (the bag is the box less the
   * removed colours less these).
   */
  drawn: { [hexamino in Hexamino]?: number },
  /**
   * Vine bonus tiles left in the supply, by colour.
   */
  supply: [number, number, number, number, number, number], seats: Array<VineSeat>, };

/**
 * Is a white castle a building or a castle (digest A26)? The seeds do not settle it:
 * seed 001 line 935 counts the white castles among the "edifícios" of the piles and
 * they lie on building spaces, but they are called castles. One reading for the
 * three rules it decides: one building of each type per city (seed 000,
 * "Construções"), the crane's "qualquer construção bege" (000 line 720), and the
 * connectivity rule's "Esta regra não se aplica a novos castelos" (000 line 700).
 */
export type WhiteCastleIs = "building" | "castle";
