// Catan in words: the server's messages (events, decisions, refusals) with their
// arguments named as the table names them, from the catan catalogue
// (crates/i18n/locales/catan/), and the words of the choices the table does not draw.

import type { Message } from "../../api.js";
import { has, t } from "../../i18n.js";
import { playerName } from "../../seats.js";
import type * as Catan from "../../types/catan.js";
import { edgeName, hexName, vertexName } from "./places.js";

/** The card kinds in the order the table shows them (crates/catan/src/cards.rs, `Card`). */
const RESOURCES: Catan.Card[] = ["brick", "lumber", "wool", "grain", "ore"];
const COMMODITIES: Catan.Card[] = ["paper", "cloth", "coin"];

/** The kinds in play: commodities only with Cities & Knights. */
export function kindsInPlay(ck: Catan.CkTable | null | undefined): Catan.Card[] {
  return ck ? [...RESOURCES, ...COMMODITIES] : RESOURCES;
}

/** Cards by kind (`{"brick": 2, "ore": 1}`) in words: "2 brick, 1 ore". */
export function cardsText(cards: Record<string, number> | null | undefined): string {
  const parts = Object.entries(cards ?? {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${t(`card.${k}`)}`);
  return parts.join(", ") || "–";
}

/** The event die's face: the barbarian ship, or a city gate of a track's colour. */
export function faceText(face: unknown): string {
  if (face === "ship") return t("face.ship");
  const castle = (face as { castle?: string } | null)?.castle;
  return castle ? t("web.catan.gate", { track: t(`track.${castle}`) }) : String(face);
}

/** A card, progress card or development card by its engine name; a hidden one as "a card". */
function cardName(name: unknown): string {
  if (typeof name !== "string") return t("web.catan.hidden_card");
  for (const prefix of ["card", "progress", "dev"]) {
    if (has(`${prefix}.${name}`)) return t(`${prefix}.${name}`);
  }
  return name;
}

function seatWord(seat: unknown): string {
  return typeof seat === "number" ? playerName(seat) : t("web.catan.nobody");
}

/** Arguments that always name a player; `from` and `to` do where no piece moves. */
const SEATS = new Set(["seat", "thief", "victim", "with"]);
const VERTEX_MOVES = new Set(["event.catan.knight_moved", "action.catan.move_knight", "action.catan.displace", "action.catan.relocate"]);
/** Messages whose `a` and `b` are hexes (the Inventor's), and whose `first` and `second` are intersections (the Smith's). */
const HEX_PAIRS = new Set(["action.catan.play.inventor", "event.catan.numbers_swapped"]);
const SMITH = "action.catan.play.smith";

/** An intersection, or "none" where a choice may name no intersection. */
function maybeVertex(value: unknown): string {
  return typeof value === "number" ? vertexName(value) : t("web.catan.off_board");
}

function word(key: string, name: string, value: unknown): string | number {
  if (SEATS.has(name)) return seatWord(value);
  if ((name === "from" || name === "to") && !VERTEX_MOVES.has(key)) return seatWord(value);
  // Only the Smith's `first` and `second` are knights' intersections; Year of Plenty's are cards.
  if (name === "to" || name === "from" || name === "vertex" || ((name === "first" || name === "second") && key === SMITH)) {
    return maybeVertex(value);
  }
  if (name === "hex" || ((name === "a" || name === "b") && HEX_PAIRS.has(key))) return hexName(Number(value));
  if (name === "edge") return edgeName(Number(value));
  switch (name) {
    case "card":
    case "kind":
    case "first":
    case "second":
      return cardName(value);
    case "cards":
    case "give":
    case "get":
      // One card (a maritime trade's) or cards by kind (an offer's).
      return typeof value === "string" ? cardName(value) : cardsText(value as Record<string, number>);
    case "dice":
      return (value as number[]).join(" + ");
    case "face":
      return faceText(value);
    case "track":
      return t(`track.${value}`);
    case "piece":
      return t(`piece.${value}`);
    case "award":
      return t(`award.${value}`);
    case "play":
      return cardName((value as { card?: string })?.card);
  }
  return typeof value === "number" || typeof value === "string" ? value : JSON.stringify(value);
}

/** A message from the server in words. */
export function say(m: Message): string {
  const args: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.args ?? {})) args[name] = word(m.key, name, value);
  return t(m.key, args);
}

/** An event's message, for a server that sends the event alone. */
export function describe(event: Catan.Event): Message {
  const { event: tag, ...args } = event;
  return { key: `event.catan.${tag}`, args };
}

/** Verbs that lead to several choices: a button of their own before the pieces light. */
const VERBS = ["recruit", "activate", "promote", "move_knight", "displace", "chase", "wall", "improve", "maritime", "offer"];

/** The words of a key the table does not draw, or null to use the decision's own words. */
export function keyText(key: string): string | null {
  if (VERBS.includes(key)) return t(`web.catan.key.${key}`);
  if (key === "none") return t("web.catan.off_board");
  const [kind, value] = key.split(":");
  switch (kind) {
    case "card":
      return cardName(value);
    case "give":
      return t("web.catan.give_card", { card: cardName(value) });
    case "get":
      return t("web.catan.get_card", { card: cardName(value) });
    case "seat":
      return playerName(Number(value));
    case "yellow":
    case "red":
      return t(`web.catan.die.${kind}`) + ` ${value}`;
    case "dev":
    case "progress":
      return cardName(value);
    case "track":
      return t(`track.${value}`);
  }
  return null;
}
