// The bar at the bottom of the Catan table, always in view (a phone too): the hand as
// cards with counts, each build with its cost (from the engine's data, served with the
// board: `costs`), the dice and the end of the turn, the bank trade in two clicks, and
// the answer to an offer made to this seat.
//
// What can be done comes from the server's offers, as everywhere on the table: a build
// is open when an offer of its kind is listed; when none is, the bar says why in the
// engine's own refusal words (not your decision, not now, cannot afford), and only
// names the place or piece missing when the cards are there.

import type { Offer } from "../../api.js";
import type { View } from "../../game.js";
import { t } from "../../i18n.js";
import { cls, esc, Marks } from "../../markup.js";
import { seatName } from "../../seats.js";
import type * as Catan from "../../types/catan.js";
import type { State } from "./table.js";
import { cardsText, kindsInPlay, say } from "./words.js";

type Cards = Record<string, number>;
type Shown = View<Catan.View, Catan.Event>;

/** What each build costs (crates/catan/src/present.rs, `costs`, from the data files). */
export interface Costs {
  road: Cards;
  settlement: Cards;
  city: Cards;
  development: Cards;
  knight: Cards;
  activate: Cards;
  promote: Cards;
  wall: Cards;
  /** By track, the cost of each level 1..5. */
  improve: Record<string, Cards[]>;
}

/** A build of the bar: its words, its cost, the offers that make it, and how its button works. */
interface Build {
  id: string;
  name: string;
  cost: Cards;
  offers: Offer[];
  /** A verb the server lights pieces after (`recruit`), the offer itself (one track), or the board's pieces of its kind. */
  how: { key: string } | { action: string } | { focus: string };
}

/** The builds whose pieces are lit on the board at once: the bar's button narrows the lit ones to its kind. */
const FOCUSED: Record<string, string> = { road: "action.catan.road", settlement: "action.catan.settle", city: "action.catan.city" };
const TRACKS = ["trade", "politics", "science"];

/** Keys the bar and the trade panel answer themselves: the shell offers no button of its own for them. */
export const OWN_KEYS = new Set(["maritime", "improve", "offer", "counter"]);

/** The moment the page's choices below were made for (the game's version): a push forgets them. */
let chosenFor = "";
/** The kind of build whose places are shown alone, and the kind offered to the bank. */
let focus = "";
let bankGive = "";

function labelled(offers: Offer[], key: string): Offer[] {
  return offers.filter((o) => o.label.key === key);
}

function contains(hand: Cards, cost: Cards): boolean {
  return Object.entries(cost).every(([k, n]) => (hand[k] ?? 0) >= n);
}

/** The builds of this game: the base game's, or Cities & Knights' (no development cards). */
function builds(s: State, costs: Costs): Build[] {
  const offers = s.offers ?? [];
  const pos = s.view.position;
  const list: Build[] = Object.entries(FOCUSED).map(([id, key]) => ({
    id, name: t(`piece.${id}`), cost: costs[id as "road"], offers: labelled(offers, key), how: { focus: id },
  }));
  if (!pos.ck) {
    list.push({ id: "development", name: t("web.catan.build.development"), cost: costs.development, offers: labelled(offers, "action.catan.buy_development"), how: { key: "buy" } });
    return list;
  }
  const verbs: [string, string, Cards][] = [["wall", "wall", costs.wall], ["knight", "recruit", costs.knight], ["activate", "activate", costs.activate], ["promote", "promote", costs.promote]];
  for (const [id, verb, cost] of verbs) {
    list.push({ id, name: t(`web.catan.build.${id}`), cost, offers: labelled(offers, `action.catan.${verb}`), how: { key: verb } });
  }
  const me = s.seat ?? 0;
  TRACKS.forEach((track, i) => {
    const level = pos.ck!.players[me]?.improvements[i] ?? 0;
    const found = labelled(offers, "action.catan.improve").filter((o) => o.path[1] === `track:${track}`);
    list.push({
      id: `improve-${track}`, name: t("web.catan.build.improve", { track: t(`track.${track}`), level: level + 1 }),
      cost: costs.improve[track]?.[level] ?? {}, offers: found, how: found.length ? { action: found[0].action } : { key: "improve" },
    });
  });
  return list;
}

/** Why a build cannot be made now, in the engine's refusal words; "" when it can. */
function whyNot(s: State, b: Build, hand: Cards): string {
  const pos = s.view.position;
  // Listed now (the turn, a free road of Road Building, a founding placement): open.
  if (b.offers.length) return "";
  if (s.seat === null || !s.to_act.includes(s.seat) || pos.current !== s.seat) return t("refusal.catan.not_your_decision");
  if (pos.phase.phase !== "main") return t("refusal.catan.not_now");
  if (!contains(hand, b.cost)) return t("refusal.catan.cannot_afford");
  return t("web.catan.why.nowhere");
}

/** A cost as small cards: the kind's colour, its count, its name for the reader. */
function costCards(cost: Cards): string {
  return Object.entries(cost).filter(([, n]) => n > 0)
    .map(([k, n]) => `<span class="cost-card k-${k}" title="${esc(t(`card.${k}`))}">${n}<span class="sr-only"> ${esc(t(`card.${k}`))}</span></span>`).join("");
}

function buildButton(s: State, b: Build, hand: Cards, marks: Marks): string {
  const why = whyNot(s, b, hand);
  const title = `${b.name}: ${cardsText(b.cost)}${why ? ` — ${why}` : ""}`;
  const inner = `<span class="build-name">${esc(b.name)}</span> <span class="cost">${costCards(b.cost)}</span>`;
  if (why) return `<button class="build off" id="build-${b.id}" aria-disabled="true" title="${esc(title)}">${inner}</button>`;
  const how = b.how;
  const attr = "key" in how ? `data-key="${esc(how.key)}"` : "action" in how ? `data-action="${esc(how.action)}"` : `data-focus="${how.focus}" aria-pressed="${focus === how.focus}"`;
  const lit = "key" in how ? cls(how.key, marks, "build") : `build legal${"focus" in how && focus === how.focus ? " selected" : ""}`;
  return `<button class="${lit}" id="build-${b.id}" ${attr} title="${esc(title)}">${inner}</button>`;
}

/** The hand: a card per kind in play with its count; one the bank takes is its first click. */
function handCards(s: State, marks: Marks, rates: Map<string, number>): string {
  const pos = s.view.position;
  const hand: Cards = pos.players[s.seat!].hand ?? {};
  const cards = kindsInPlay(pos.ck).map((k) => {
    const n = hand[k] ?? 0;
    const key = `card:${k}`;
    const name = t(`card.${k}`);
    const face = `<span class="card-name">${esc(name)}</span><b>${n}</b>`;
    const rate = rates.get(k);
    if (marks.legal.has(key) || !rate) {
      const tag = marks.legal.has(key) ? "button" : "span";
      return `<${tag} class="${cls(key, marks, `card k-${k}${n ? "" : " none"}`)}" data-key="${key}" title="${esc(name)}">${face}</${tag}>`;
    }
    const chosen = bankGive === k ? " selected" : "";
    return `<button class="card k-${k} bank${chosen}" data-bank="${k}" aria-pressed="${bankGive === k}" title="${esc(t("web.catan.bank_give", { rate, card: name }))}">${face}<small>${rate}:1</small></button>`;
  }).join("");
  const ck = pos.ck;
  const progress = ck ? `<span class="card progress-count" title="${esc(t("ui.progress_cards"))}"><span class="card-name">${esc(t("ui.progress_cards"))}</span><b>${s.view.progress_sizes?.[s.seat!] ?? 0}</b></span>` : "";
  return `<div class="bar-hand" id="bar-hand" role="group" aria-label="${esc(t("ui.hand"))}">${cards}${progress}</div>`;
}

/** The bank's rate for each kind this seat can give it now (the server's maritime offers). */
function bankRates(offers: Offer[], marks: Marks): Map<string, number> {
  const out = new Map<string, number>();
  if (!marks.legal.has("maritime")) return out;
  for (const o of offers) {
    if (o.path[0] === "maritime") out.set(o.path[1].slice("card:".length), Number(o.label.args?.rate ?? 4));
  }
  return out;
}

/** The second click of a bank trade: the card to get for the kind chosen. */
function bankRow(offers: Offer[], rates: Map<string, number>): string {
  if (!bankGive || !rates.has(bankGive)) return "";
  const gets = offers.filter((o) => o.path[0] === "maritime" && o.path[1] === `card:${bankGive}`).map((o) => {
    const k = o.path[2].slice("card:".length);
    return `<button class="card k-${k} get" data-action="${esc(o.action)}" title="${esc(say(o.label))}"><span class="card-name">${esc(t(`card.${k}`))}</span><b>+1</b></button>`;
  }).join("");
  const give = t("web.catan.bank_for", { rate: rates.get(bankGive)!, card: t(`card.${bankGive}`) });
  return `<div class="bar-bank" id="bar-bank" role="group" aria-label="${esc(give)}"><b>${esc(give)}</b> ${gets} <button data-bank="" id="bank-cancel">${esc(t("web.cancel"))}</button></div>`;
}

/** An offer made to this seat, with its answers; the roll and the end of the turn. */
function turnButtons(s: State, marks: Marks): string {
  const pos = s.view.position;
  const phase = pos.phase;
  const parts: string[] = [];
  if (phase.phase === "offer" && s.seat !== null && phase.waiting.includes(s.seat)) {
    const from = seatName(s.seats, pos.current);
    // Said from this seat's side: it gets what the offer gives.
    parts.push(`<span class="bar-offer" id="bar-offer"><b>${esc(from)}</b>: ${esc(t("web.catan.you_get"))} ${esc(cardsText(phase.give))} · ${esc(t("web.catan.you_give"))} ${esc(cardsText(phase.get))}</span>`);
    const accept = marks.legal.has("accept");
    parts.push(accept
      ? `<button data-key="accept" class="legal answer" id="act-accept">${esc(t("web.catan.key.accept"))}</button>`
      : `<button class="answer off" id="act-accept" aria-disabled="true" title="${esc(t("refusal.catan.cannot_afford"))}">${esc(t("web.catan.key.accept"))}</button>`);
    parts.push(turnKey("decline", t("web.catan.key.decline"), marks, t("refusal.catan.not_now")));
  }
  const mine = s.seat !== null && s.to_act.includes(s.seat);
  const why = mine ? t("refusal.catan.not_now") : t("refusal.catan.not_your_decision");
  parts.push(turnKey("roll", t("action.catan.roll"), marks, why));
  parts.push(turnKey("end", t("web.end_turn"), marks, why));
  return `<div class="bar-turn">${parts.join(" ")}</div>`;
}

function turnKey(key: string, words: string, marks: Marks, why: string): string {
  return marks.legal.has(key)
    ? `<button data-key="${key}" class="legal" id="act-${key}">${esc(words)}</button>`
    : `<button class="off" id="act-${key}" aria-disabled="true" title="${esc(why)}">${esc(words)}</button>`;
}

/** The bar of the page's own seat, or "" for a spectator or a game over. */
export function bar(v: Shown, costs: Costs | undefined): string {
  const s = v.state;
  if (s.seat === null || s.over || !costs) return "";
  const moment = `${s.id}:${s.version}`;
  if (moment !== chosenFor) [chosenFor, focus, bankGive] = [moment, "", ""];
  const offers = s.offers ?? [];
  const hand: Cards = s.view.position.players[s.seat].hand ?? {};
  const rates = bankRates(offers, v.marks);
  const list = builds(s, costs).map((b) => buildButton(s, b, hand, v.marks)).join("");
  return `<section class="catan-bar" id="catan-bar" aria-label="${esc(t("web.catan.bar"))}">` +
    `${handCards(s, v.marks, rates)}${bankRow(offers, rates)}` +
    `<div class="bar-builds" id="bar-builds" role="group" aria-label="${esc(t("web.catan.builds"))}">${list}</div>` +
    `${turnButtons(s, v.marks)}</section>`;
}

/** The board's lit pieces, narrowed to one build's places while its button is pressed. */
export function boardMarks(s: State, marks: Marks): Marks {
  if (!focus || !FOCUSED[focus]) return marks;
  const keys = new Set(labelled(s.offers ?? [], FOCUSED[focus]).map((o) => o.path[0]));
  return { ...marks, legal: new Set([...marks.legal].filter((k) => keys.has(k))) };
}

/** A click on the bar's own buttons: a build's places shown alone, or the bank's first click. */
function onClick(e: Event): void {
  const el = (e.target as Element).closest?.("[data-focus], [data-bank]");
  if (!el) return;
  if (el.hasAttribute("data-focus")) {
    const f = el.getAttribute("data-focus")!;
    focus = focus === f ? "" : f;
  } else {
    bankGive = el.getAttribute("data-bank")!;
  }
  // The table draws itself again with the choice (Table listens for this).
  el.dispatchEvent(new CustomEvent("tabuleiro:redraw", { bubbles: true }));
}

document.addEventListener("click", onClick);
