// Burgundy in words: tiles, score lines, and the server's messages (events,
// decisions, refusals) with their arguments named as the table names them; the same
// catalogue keys as the terminal UI (crates/tui/src/words.rs).

import type { Message } from "../../api.js";
import { has, t } from "../../i18n.js";
import { playerName } from "../../seats.js";
import type * as Burgundy from "../../types/burgundy.js";

export const COLOURS = ["castle", "building", "pasture", "water", "knowledge", "mine"] as const;
export type Colour = (typeof COLOURS)[number];
const BUILDINGS = [
  "warehouse", "carpenters-workshop", "church", "market",
  "boarding-house", "bank", "city-hall", "watchtower",
  // The modules' buildings: the crane (extra hexes) and the white castle (white
  // castles), both on building spaces.
  "crane", "white-castle",
];
/** Animal tiles, the geese of the extra hexes included (`goose2`). */
const ANIMAL = /^(cow|pig|sheep|chicken|goose)(\d)$/;
/** The building each of knowledge tiles 16-23 counts (engine: KNOWLEDGE_BUILDINGS). */
const KNOWLEDGE_BUILDINGS = [
  "warehouse", "watchtower", "carpenters-workshop", "church",
  "market", "boarding-house", "bank", "city-hall",
];

export function tileColour(tile: string): Colour {
  if (tile === "castle" || tile === "mine") return tile;
  if (tile === "ship") return "water";
  if (tile.startsWith("knowledge")) return "knowledge";
  if (BUILDINGS.includes(tile)) return "building";
  return "pasture";
}

export function colourName(c: string): string {
  return t(`colour.${c}`);
}

/** A vine colour's name; a hexamino (`green-blue`) as its two colours' names. */
export function vineName(vine: string): string {
  return vine.split("-").map((v) => t(`web.vine_colour.${v}`)).join("-");
}

export function tileName(tile: string): string {
  const animal = ANIMAL.exec(tile);
  if (animal) return t("tile.livestock", { count: animal[2], animal: t(`animal.${animal[1]}`) });
  const k = /^knowledge(\d+)$/.exec(tile);
  if (k) return t("tile.knowledge", { n: k[1] });
  return t(`tile.${tile}`);
}

/** What is printed on a small hex: a few letters, the number of animals or the tile's number. */
export function tileLabel(tile: string): string {
  const animal = ANIMAL.exec(tile);
  if (animal) return `${animal[2]}×${t(`animal.${animal[1]}`).slice(0, 3)}`;
  const k = /^knowledge(\d+)$/.exec(tile);
  if (k) return k[1];
  return tileName(tile).slice(0, 4);
}

/** A knowledge tile's effect, for the tile's tooltip. */
export function knowledgeEffect(n: number, edition: string): string {
  if (n >= 16 && n <= 23) return t("web.k.building", { building: t(`tile.${KNOWLEDGE_BUILDINGS[n - 16]}`) });
  if (n === 6 && edition !== "special") return t("web.k.6classic");
  if (n === 15 || n === 26) return t(`web.k.${n}`, { vp: n === 15 ? 2 : 3 });
  return t(`web.k.${n}`);
}

/** The tile's full description: name, and for a knowledge tile its effect. */
export function tileTitle(tile: string, edition: string): string {
  const k = /^knowledge(\d+)$/.exec(tile);
  const name = tileName(tile);
  if (k) return `${name}: ${knowledgeEffect(Number(k[1]), edition)}`;
  if (tile === "goose2") return `${name}: ${t("web.e.geese")}`;
  if (ANIMAL.test(tile)) return `${name}: ${t("web.e.livestock")}`;
  // Whether a white castle is one of a kind in a city is an option (rules.white_castle).
  if (tile === "white-castle") return `${name}: ${t("web.e.white-castle")}`;
  // A building's effect, and the rule every building shares (seed 000, "As construções").
  if (BUILDINGS.includes(tile)) return `${name}: ${t(`web.e.${tile}`)}. ${t("web.e.one_of_a_kind")}`;
  return has(`web.e.${tile}`) ? `${name}: ${t(`web.e.${tile}`)}` : name;
}

export function depotName(depot: number): string {
  return depot === 0 ? t("ui.black_depot") : t("ui.depot", { n: depot });
}

export function reason(why: Burgundy.ScoreReason): string {
  switch (why.reason) {
    case "area":
      return t("reason.area", { colour: colourName(why.colour), size: why.size, bonus: why.phase_bonus });
    case "colour-bonus":
    case "bonus-doubled":
      return t(`reason.${why.reason}`, { colour: colourName(why.colour) });
    case "sale":
      return t("reason.sale", { count: why.count });
    case "knowledge":
      return t("reason.knowledge", { number: why.number });
    case "vines":
      return t("reason.vines", { vine: vineName(why.vine), size: why.size });
    default: {
      // A reason's other fields are its arguments (a trading-post link's number); a
      // flag (the first trading-post bonus tile or the second) is no word.
      const args = Object.entries(why).filter((f): f is [string, string | number] => typeof f[1] !== "boolean");
      return t(`reason.${why.reason}`, Object.fromEntries(args));
    }
  }
}

function player(seat: number): string {
  return playerName(seat);
}

/** A message from the server in words. */
export function say(m: Message): string {
  let key = m.key;
  // The catalogue keeps the engine's event tags as they are written (event.took-tile),
  // as the terminal reads them; the server's message key writes underscores.
  if (!has(key) && key.startsWith("event.")) key = key.replace(/_/g, "-");
  // The arguments of an event's message are its fields (`Message::tagged`): those
  // named below have their field's type.
  const a = m.args ?? {};
  const args: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(a)) {
    if (typeof v === "number" || typeof v === "string") args[k] = v;
  }
  if (typeof a.seat === "number") args.seat = player(a.seat);
  // A refusal names the seat on turn as `turn`: by name too, never "seat 0".
  if (typeof a.turn === "number") args.turn = player(a.turn);
  // Shield 6 names the player whose monasteries it shares as `owner`.
  if (typeof a.owner === "number") args.owner = player(a.owner);
  if (typeof a.tile === "string") args.tile = tileName(a.tile);
  if (typeof a.colour === "string") args.colour = colourName(a.colour);
  if (typeof a.animal === "string") args.animal = t(`animal.${a.animal}`);
  // The solo game's `first N` names the decision it brings: a message of its own
  // whose arguments are the label's.
  if (typeof a.what === "string" && has(a.what)) {
    const rest = { ...a };
    delete rest.what;
    args.what = say({ key: a.what, args: rest });
  }
  // A vine colour or a hexamino (`green-blue`), by its colours' names.
  if (typeof a.vine === "string") args.vine = vineName(a.vine);
  // A refused config names its modules and options by their catalogue names.
  for (const k of ["module", "other"]) {
    if (typeof a[k] === "string" && has(`module.${a[k]}`)) args[k] = t(`module.${a[k]}`);
  }
  if (typeof a.option === "string" && has(`web.rule.${a.option}`)) args.option = t(`web.rule.${a.option}`);
  if (typeof a.edition === "string" && has(`web.edition.${a.edition}`)) args.edition = t(`web.edition.${a.edition}`);
  switch (key) {
    case "event.game-set-up":
      args.seat = player(a.start_player as number);
      break;
    case "event.bought":
    case "event.bought-silver":
    case "event.bought-workers":
      args.depot = depotName(a.depot as number);
      break;
    case "event.took-goods":
      args.goods = (a.goods as number[])
        .map((n, i) => (n > 0 ? `${n}×${i + 1}` : ""))
        .filter(Boolean)
        .join(" ");
      break;
    case "event.scored":
      args.why = reason(a.why as Burgundy.ScoreReason);
      break;
    case "event.game-over":
      const ranking = (a.ranking ?? []) as number[];
      args.seat = ranking.length ? player(ranking[0]) : "";
      break;
    // The actions' words say "depot {depot}" (the black depot has keys of its own):
    // the number stays a number, not "depot Depot 5".
    case "action.ship": {
      const goods = (a.goods ?? []) as number[];
      args.goods = goods.length ? t("menu.goods_set", { list: goods.join(",") }) : t("menu.no_goods");
      break;
    }
  }
  return t(key, args);
}

/** An event's message, for a server that sends the event alone. */
export function describe(event: Burgundy.Event): Message {
  const { event: tag, ...args } = event;
  return { key: `event.${tag}`, args };
}
