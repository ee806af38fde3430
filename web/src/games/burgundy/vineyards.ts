// The vineyards (module `vineyards`, seed 000 lines 916-1019) on Burgundy's table:
// the vine depot with each position's die values, the vine shop and the vine bonus
// tiles left, and each seat's vineyard board (terraces of spaces, each with its die
// number and two bonus actions, the hexaminoes placed, turned or not, in their vine
// colours), its hexaminoes held (2 key spaces each) and its vine bonus tiles. The
// board's layout is a reconstruction (data/vineyards.json): it is marked provisional
// wherever it is drawn. What may be clicked comes from the server's offers: keys
// `vine-depot:N`, `vine-shop:H`, `vine-tile:C`, `vine-held:H`, `vine-space:N`,
// `vine-bonus:1|2` (crates/burgundy/src/present.rs `vine_path`). In the team game a
// hexamino lies on two private key spaces (`vine-held:H`), on one private and one
// shared (`vine-held-split:H`) or on the team's two shared ones
// (`vine-held-shared:H`), where a taken one goes being the player's click
// (`vine-keyspace:private|split|shared`); with one vineyard a team
// (`rules.team_vineyard: team`) both members show the team's board.

import { t } from "../../i18n.js";
import { cls, emptyMarks, esc, hexPoints, Marks } from "../../markup.js";
import type * as Burgundy from "../../types/burgundy.js";
import { dieSvg } from "./draw.js";
import type { State } from "./table.js";
import { colourName, vineName } from "./words.js";

/** A vine bonus action as the data file writes it: a word, or `{kind: amount}`. */
type VineBonus = string | Record<string, number | string[]>;

/** The vineyards' data file as the engine serves it (`data/vineyards.json`). */
export interface VineyardData {
  verified: boolean;
  refill: { depot_dice_2_3_players: Record<string, number[]> };
  board: { spaces: { space: number; level: number; die: number; cells: [number, number][]; bonuses: VineBonus[] }[] };
}

const VINES = ["orange", "yellow", "green", "red", "black", "blue"];
const R = 15;
const SQRT3 = Math.sqrt(3);

/** The mark of reconstructed content, with why on hover and focus. */
function provisional(data: VineyardData | undefined): string {
  return data && !data.verified
    ? ` <span class="unverified vine-provisional" tabindex="0" title="${esc(t("web.unverified_why"))}">${esc(t("web.provisional"))}</span>`
    : "";
}

/** A hexamino: its two hexes side by side, `left` then `right`, in their vine colours. */
export function hexaminoSvg(left: string, right: string, key: string, marks: Marks): string {
  const name = t("web.hexamino", { vine: vineName(left === right ? left : `${left}-${right}`) });
  const hex = (v: string, cx: number) => `<polygon class="vine v-${v}" points="${hexPoints(cx, 12, 11)}"/>`;
  return `<svg class="${cls(key, marks, "hexamino")}" data-key="${esc(key)}" data-info="${esc(name)}" viewBox="0 0 40 24" width="40" height="24">` +
    hex(left, 10.5) + hex(right, 29.5) + `<title>${esc(name)}</title></svg>`;
}

/** A hexamino as the engine writes it (`green-blue`, the colours in their order). */
function vines(h: string): [string, string] {
  const [a, b] = h.split("-");
  return [a, b ?? a];
}

/** A bonus action in words (seed 000 lines 977-983). */
export function bonusWords(b: VineBonus): string {
  if (typeof b === "string") return t(`web.vine_bonus.${b}`);
  const [kind, v] = Object.entries(b)[0];
  if (kind === "take") return t("web.vine_bonus.take", { colours: (v as string[]).map(colourName).join(", ") });
  return t(`web.vine_bonus.${kind}`, { n: v as number });
}

function modulesVines(s: State): Burgundy.Vineyards | null | undefined {
  return s.view.position.modules?.vineyards;
}

/**
 * The vine depot (each position with the die values that take it: its own number
 * with 4 players, two with 2-3, seed 000 line 969), the vine shop and the vine bonus
 * tiles left in the supply, beside the central board.
 */
export function vineTable(s: State, data: VineyardData | undefined, marks: Marks): string {
  const v = modulesVines(s);
  if (!v) return "";
  const four = s.view.position.players.length === 4;
  const slots = (four ? [1, 2, 3, 4, 5, 6] : [1, 3, 5]).map((slot) => {
    const dice = four ? [slot] : data?.refill.depot_dice_2_3_players[String(slot)] ?? [slot];
    const h = v.depot[slot - 1];
    const piece = h ? hexaminoSvg(...vines(h), `vine-depot:${slot}`, marks) : `<small>${esc(t("ui.empty"))}</small>`;
    const faces = dice.map((d: number) => dieSvg(d, `vine-die:${slot}:${d}`, emptyMarks())).join("");
    return `<span class="vine-slot" data-slot="${slot}"><span class="vine-dice">${faces}</span>${piece}</span>`;
  }).join("");
  const seen = new Set<string>();
  const shop = v.shop.map((h) => {
    // Identical hexaminoes are one choice: only the first carries the key.
    const key = seen.has(h) ? `dup-vine-shop:${h}` : `vine-shop:${h}`;
    seen.add(h);
    return hexaminoSvg(...vines(h), key, marks);
  }).join("") || `<small>${esc(t("ui.empty"))}</small>`;
  const supply = VINES.map((c, i) => (v.supply[i] > 0 ? vineTile(c, `vine-tile:${c}`, marks, v.supply[i]) : "")).join("");
  const removed = v.removed.length
    ? ` · <b>${esc(t("web.vine_removed"))}</b> ${v.removed.map((c) => esc(t(`web.vine_colour.${c}`))).join(", ")}` : "";
  return `<div class="vineyards" id="vine-table"><div class="vine-depot"><b>${esc(t("web.vine_depot"))}</b>${provisional(data)} ${slots}</div>` +
    `<div class="vine-shop"><b>${esc(t("web.vine_shop"))}</b> ${shop}</div>` +
    `<div class="vine-supply"><b>${esc(t("web.vine_tiles"))}</b> ${supply}${removed}</div></div>`;
}

/** A vine bonus tile of colour `c` (with `count`: how many are left). */
function vineTile(c: string, key: string, marks: Marks, count?: number): string {
  const name = t(`web.vine_colour.${c}`);
  const n = count === undefined ? "" : ` ×${count}`;
  return `<span class="${cls(key, marks, `vine-tile v-${c}`)}" data-key="${esc(key)}">${esc(name)}${n}</span>`;
}

/** A space's two cells' centres on the board's drawing (axial coordinates, pointy-top hexes). */
function centre([q, r]: [number, number]): [number, number] {
  return [R * SQRT3 * (q + r / 2), R * 1.5 * r];
}

/**
 * A seat's vineyard board: its terraces bottom to top, each space two hexes with its
 * die number, a placed hexamino in its vines (the vine on the left hex first); below
 * it, each space's two bonus actions. `key` names a piece: the seat's own pieces carry
 * the offers' keys, another seat's keys of their own (never lit).
 */
function vineyardSvg(data: VineyardData, planted: Record<string, [string, string]>, key: (k: string) => string, marks: Marks): string {
  const spaces = data.board.spaces;
  const points = spaces.flatMap((sp) => sp.cells.map(centre));
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs) - R, Math.min(...ys) - R];
  const [w, h] = [Math.max(...xs) + R - x0, Math.max(...ys) + R - y0];
  const drawn = spaces.map((sp) => {
    const on = planted[String(sp.space)];
    const k = key(`vine-space:${sp.space}`);
    const title = `${t("web.vine_space", { space: sp.space, die: sp.die })}: ${sp.bonuses.map(bonusWords).join(" · ")}` +
      (on ? ` (${vineName(on[0])} | ${vineName(on[1])})` : "");
    const cells = sp.cells.map((c, i) => {
      const [cx, cy] = centre(c);
      const fill = on ? `vine v-${on[i]}` : "ground";
      return `<polygon class="${fill}" points="${hexPoints(cx - x0, cy - y0, R - 1)}"/>`;
    }).join("");
    const [ax, ay] = centre(sp.cells[0]);
    const [bx] = centre(sp.cells[1]);
    const label = `<text x="${((ax + bx) / 2 - x0).toFixed(1)}" y="${(ay - y0 + 4).toFixed(1)}" class="vine-die">${sp.die}</text>`;
    return `<g class="${cls(k, marks, "vine-space")}" data-key="${esc(k)}" data-space="${sp.space}">${cells}${label}<title>${esc(title)}</title></g>`;
  }).join("");
  return `<svg class="vineyard-board" viewBox="0 0 ${w.toFixed(0)} ${h.toFixed(0)}" width="${w.toFixed(0)}" height="${h.toFixed(0)}" role="img" aria-label="${esc(t("web.vineyard"))}">${drawn}</svg>`;
}

/** The bonus actions of each space, the space just covered's two as click targets (`vine-bonus:N`). */
function bonusList(data: VineyardData, pendingSpace: number | undefined, key: (k: string) => string, marks: Marks): string {
  return data.board.spaces.map((sp) => {
    const actions = sp.bonuses.map((b, i) => {
      const k = sp.space === pendingSpace ? key(`vine-bonus:${i + 1}`) : `vine-bonus-of:${sp.space}:${i + 1}`;
      return `<span class="${cls(k, marks, "vine-bonus")}" data-key="${esc(k)}">${esc(bonusWords(b))}</span>`;
    }).join(" · ");
    return `<li data-space="${sp.space}"><b>${sp.space}</b> (${esc(t("web.vine_die", { die: sp.die }))}): ${actions}</li>`;
  }).join("");
}

/** The space whose bonus actions wait to be resolved, if the turn's pending step says so. */
function pendingBonusSpace(s: State, seat: number): number | undefined {
  const stage = s.view.position.stage;
  if (stage.stage !== "turn" || stage.seat !== seat) return undefined;
  const top = (stage.pending ?? [])[stage.pending?.length - 1];
  return top?.pending === "vine-bonuses" ? top.space : undefined;
}

/**
 * A seat's vineyard (seed 000 lines 918-1019): its board, its hexaminoes held in the
 * key spaces and its vine bonus tiles; `live`: the page's own seat, its pieces lit
 * where an offer names them.
 */
export function vineSeat(s: State, seat: number, data: VineyardData | undefined, marks: Marks): string {
  const me = modulesVines(s)?.seats?.[seat];
  if (!me || !data) return "";
  const live = s.seat === seat;
  const m = live ? marks : emptyMarks();
  const key = (k: string) => (live ? k : `seat${seat}-${k}`);
  const seen = new Set<string>();
  const heldOf = (list: string[], prefix: string) => list.map((h) => {
    const k = seen.has(`${prefix}:${h}`) ? `dup-${key(`${prefix}:${h}`)}` : key(`${prefix}:${h}`);
    seen.add(`${prefix}:${h}`);
    return hexaminoSvg(...vines(h), k, m);
  }).join("");
  const team = s.view.position.modules?.team;
  const t0 = team ? Math.max(0, team.members.findIndex((mm) => mm.includes(seat))) : 0;
  const held = (heldOf(me.held ?? [], "vine-held") || `<small>${esc(t("ui.empty"))}</small>`) +
    teamHeld(heldOf(me.split ?? [], "vine-held-split"), "web.vine_held_split", "vine-held-split") +
    teamHeld(heldOf(team?.vines?.[t0] ?? [], "vine-held-shared"), "web.vine_held_shared", "vine-held-shared") +
    keySpaceChoice(s, seat, m);
  const tiles = me.tiles.map((c) => vineTile(c, key(`vine-own-tile:${c}`), emptyMarks())).join("") ||
    `<small>${esc(t("ui.empty"))}</small>`;
  const title = team && s.view.position.config?.rules?.team_vineyard !== "member"
    ? t("web.team_vineyard", { team: ["A", "B"][t0] })
    : t("web.vineyard");
  return `<div class="hand-part vineyard" data-seat="${seat}"><b>${esc(title)}</b>${provisional(data)}` +
    `<div class="vineyard-wrap">${vineyardSvg(data, me.board ?? {}, key, m)}` +
    `<details class="vine-bonuses"${pendingBonusSpace(s, seat) ? " open" : ""}><summary>${esc(t("web.vine_bonuses"))}</summary>` +
    `<ul>${bonusList(data, pendingBonusSpace(s, seat), key, m)}</ul></details></div>` +
    `<div><b>${esc(t("web.vine_held"))}</b> <span class="vine-held">${held}</span> · ` +
    `<b>${esc(t("web.vine_tiles"))}</b> <span class="vine-tiles">${tiles}</span></div></div>`;
}

/**
 * The team game's vineyard in the teams panel (module `team`, seed 000 line 803 "cada
 * time tem 2 espaços chave compartilhados"): the hexaminoes on team `tm`'s two shared
 * key spaces (`modules.team.vines`) and, with one vineyard a team
 * (`rules.team_vineyard: team`, the default), its vineyard board and vine bonus tiles
 * (written in both members' records, always equal: the first member's drawn). Never
 * lit: the pieces are clicked in the seat's own vineyard.
 */
export function teamVineyard(s: State, tm: number, data: VineyardData | undefined): string {
  const team = s.view.position.modules?.team;
  const first = team && modulesVines(s)?.seats[team.members[tm][0]];
  if (!team || !first || !data) return "";
  const none = `<small>${esc(t("ui.empty"))}</small>`;
  const key = (k: string) => `team${"AB"[tm]}-${k}`;
  const shared = (team.vines?.[tm] ?? []).map((h, i) => hexaminoSvg(...vines(h), key(`vine-shared:${i}`), emptyMarks())).join("") || none;
  const held = `<div><b>${esc(t("web.vine_held_shared"))}</b> <span class="team-vines">${shared}</span></div>`;
  if (s.view.position.config?.rules?.team_vineyard === "member") return `<div class="team-vineyard">${held}</div>`;
  const tiles = first.tiles.map((c) => vineTile(c, key(`vine-own-tile:${c}`), emptyMarks())).join("") || none;
  return `<div class="team-vineyard"><b>${esc(t("web.team_vineyard", { team: "AB"[tm] }))}</b>${provisional(data)}` +
    `<div class="vineyard-wrap">${vineyardSvg(data, first.board ?? {}, key, emptyMarks())}</div>${held}` +
    `<div><b>${esc(t("web.vine_tiles"))}</b> <span class="team-vine-tiles">${tiles}</span></div></div>`;
}

/** The team game's other hexaminoes held: a labelled group, or nothing when empty. */
function teamHeld(drawn: string, label: string, c: string): string {
  return drawn ? ` <span class="${c}"><b>${esc(t(label))}</b> ${drawn}</span>` : "";
}

/**
 * The team game: where a hexamino taken goes, when more than one arrangement of key
 * spaces has room (`vine-keyspace:private|split|shared`, lit where offered).
 */
function keySpaceChoice(s: State, seat: number, marks: Marks): string {
  const stage = s.view.position.stage;
  if (stage.stage !== "turn" || stage.seat !== seat || s.seat !== seat) return "";
  const top = (stage.pending ?? [])[stage.pending?.length - 1];
  if (top?.pending !== "vine-key-space") return "";
  return ` <span class="vine-keyspaces">` + ["private", "split", "shared"].map((k) => {
    const key = `vine-keyspace:${k}`;
    return `<button type="button" class="${cls(key, marks, "vine-keyspace")}" data-key="${esc(key)}">${esc(t(`web.vine_keys.${k}`))}</button>`;
  }).join(" ") + `</span>`;
}
