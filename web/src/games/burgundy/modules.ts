// What the modules put on Burgundy's table besides the base game, drawn from the
// position's `modules` (the engine's `ModuleState`): the shields on the depots and
// on each seat's castles, the inns' stack, the trading-post bonus tiles, each
// seat's trade route and the solo game's goal. Nothing here works out a rule: what
// may be clicked still comes from the server's offers (a shield's key `shield:N`).

import { t } from "../../i18n.js";
import { cls, emptyMarks, esc, Marks } from "../../markup.js";
import { seatName } from "../../seats.js";
import type * as Burgundy from "../../types/burgundy.js";
import { goodsSvg, Slot, slotsSvg, tileSvg } from "./draw.js";
import type { State } from "./table.js";
import { teamVineyard, VineyardData } from "./vineyards.js";
import { COLOURS } from "./words.js";

/** A trade-route tile as the engine's data file gives it (`data/trade_routes.json`). */
export interface RouteTile {
  number: number;
  verified: boolean;
  spaces: { goods: number; bonus: string; amount?: number }[];
}

function modulesOf(s: State): Burgundy.ModulesSeen {
  return s.view.position.modules ?? {};
}

/**
 * A shield with its ability on hover and tap; one lying on a depot is a click target
 * (`shield:N`, lit where an offer names it), one held on a castle is not.
 */
function shieldMark(n: number, marks: Marks | null, where = ""): string {
  const key = `shield:${n}`;
  const about = `${t("web.shield_n", { n })}${where}: ${t(`web.shield_about.${n}`)}`;
  const target = marks ? `class="${cls(key, marks, "shield")}" data-key="${esc(key)}"` : `class="shield on-castle"`;
  return `<span ${target} tabindex="0" title="${esc(about)}" aria-label="${esc(about)}">` +
    `<svg aria-hidden="true" viewBox="0 0 12 14" width="10" height="12"><path d="M1 1h10v5c0 4-3 6-5 7C4 12 1 10 1 6z"/></svg>${n}</span>`;
}

/** The shields lying on depot `d`'s goods spaces (seed 000 line 865). */
export function depotShields(s: State, d: number, marks: Marks): string {
  const lying = modulesOf(s).shield_depots?.[d - 1] ?? [];
  return lying.map((n) => shieldMark(n, marks)).join("");
}

/** The trading-post bonus tiles, the first taken first (seed 000 line 748). */
const POST_TILES = ["5/6/7", "2/3/4"];

/** Beside the black depot: the inns' stack, the trading-post bonus tiles, the teams, the AutoDuke, the solo goal. */
export function boardModules(s: State, autoDukeData?: AutoDukeData, vineyards?: VineyardData): string {
  const m = modulesOf(s);
  const pos = s.view.position;
  const parts: string[] = [];
  if (m.inns) parts.push(`<div class="inns"><b>${esc(t("web.inns_stack"))}</b> ${m.inns}</div>`);
  if ((pos.config.modules ?? []).includes("trading-posts")) {
    // The first seat to join two posts takes the 5/6/7 tile, the second the 2/3/4 (seed 000 line 748);
    // the AutoDuke takes one at its third trading-post card (seed 000 line 1228), the seats the others in turn.
    const auto = m.auto_duke?.trading_post_tile ?? undefined;
    const tiles = POST_TILES.map((tile, i) => {
      const seat = m.trading_post_tiles?.[i - (auto !== undefined && auto < i + 1 ? 1 : 0)];
      const holder = auto === i + 1 ? t("web.auto_duke") : seat === undefined ? t("web.still_there") : seatName(s.seats, seat);
      return `<span class="post-tile">${tile}: ${esc(holder)}</span>`;
    });
    parts.push(`<div class="posts"><b>${esc(t("web.trading_post_tiles"))}</b> ${tiles.join(" · ")}</div>`);
  }
  if (m.team) parts.push(teams(s, m.team, vineyards));
  if (m.auto_duke) parts.push(autoDuke(m.auto_duke, s.view.auto_duke_face_down ?? [], pos.config.edition ?? "special", autoDukeData));
  if (m.solo) {
    const out = m.solo.goods_out.map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `out:${g + 1}`, emptyMarks()) : "")).join("");
    parts.push(`<div class="solo"><b>${esc(t("web.solo_goal"))}</b> ${m.solo.goal} ${esc(t("ui.vp"))}` +
      (out ? ` · <b>${esc(t("web.goods_out"))}</b> ${out}` : "") + `</div>`);
  }
  return parts.join("");
}

/** The team (0 for A, 1 for B) of `seat`, and its place in the team (0 first, 1 second). */
export function teamOf(team: Burgundy.TeamState, seat: number): [number, number] {
  const t = team.members.findIndex((m) => m.includes(seat));
  return [Math.max(0, t), Math.max(0, team.members[Math.max(0, t)].indexOf(seat))];
}

/** "A1", "B2": a seat's name in its team (seed 000 line 799 "A1, B1, A2, B2"). */
export function teamRole(team: Burgundy.TeamState, seat: number): string {
  const [t, i] = teamOf(team, seat);
  return `${"AB"[t]}${i + 1}`;
}

/**
 * The two teams (seed 000 lines 794-815): each with its members, the partner whose
 * turn it is, its shared workers, silver and goods (written in both members'
 * records; seed 000 line 805 "Todos os recursos, exceto os espaços chave privados,
 * são compartilhados"), its shared key spaces and its VP, the members' added (line
 * 815), the leading team first; with the vineyards, the team's vineyard pieces.
 */
function teams(s: State, team: Burgundy.TeamState, vineyards?: VineyardData): string {
  const pos = s.view.position;
  const edition = pos.config.edition ?? "special";
  const total = (t: number) => team.members[t].reduce((a, seat) => a + (pos.players[seat]?.vp ?? 0), 0);
  // Once over, the engine's standings decide the order (a tie broken by rules.team_tiebreak).
  const place = (tm: number) => s.standings?.find((st) => st.members.some((m) => "seat" in m && team.members[tm].includes(m.seat)))?.place;
  const order = [0, 1].sort((a, b) => (place(a) ?? 0) - (place(b) ?? 0) || total(b) - total(a));
  const rows = order.map((tm) => {
    const first = pos.players[team.members[tm][0]];
    const members = team.members[tm].map((seat) => {
      const acting = s.to_act.includes(seat) ? ` acting` : "";
      const turn = acting ? ` <small class="team-turn">${esc(t("web.team_acting"))}</small>` : "";
      return `<span class="team-member${acting}" data-seat="${seat}"><span class="pawn-dot p${seat}" aria-hidden="true"></span>` +
        `${esc(teamRole(team, seat))} ${esc(seatName(s.seats, seat))} (${pos.players[seat].vp} ${esc(t("ui.vp"))})${turn}</span>`;
    }).join(" ");
    const goods = first.goods.map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `team-goods:${tm}:${g + 1}`, emptyMarks()) : "")).join("");
    const shared = (team.shared[tm] ?? []).map((tile, i) => tileSvg(tile, `team-shared:${tm}:${i}`, emptyMarks(), edition, 26)).join("") ||
      `<small>${esc(t("ui.empty"))}</small>`;
    const won = s.over && place(tm) === 1 ? ` <span class="team-won">${esc(t("web.team_won"))}</span>` : "";
    return `<div class="team" data-team="${"AB"[tm]}"><b>${esc(t("web.team_name", { team: "AB"[tm] }))}</b>${won}: ` +
      `<b class="team-vp">${total(tm)} ${esc(t("ui.vp"))}</b> · ${members}<div>` +
      `${esc(t("ui.workers"))}: <b>${first.workers}</b> · ${esc(t("ui.silver"))}: <b>${first.silver}</b>` +
      (goods ? ` · ${goods}` : "") + `</div><div><b>${esc(t("web.team_shared_storage"))}</b> <span class="team-shared" data-tiles>${shared}</span></div>` +
      `${teamVineyard(s, tm, vineyards)}</div>`;
  }).join("");
  return `<div class="teams" role="group" aria-label="${esc(t("web.team_standings"))}"><b>${esc(t("web.team_standings"))}</b>${rows}</div>`;
}

/** The AutoDuke's data file as the engine serves it (`data/auto_duke.json`; provisional). */
export interface AutoDukeData {
  verified: boolean;
  cards: { number: number; spaces: string[]; vp: number[]; verified: boolean; hexamino?: number[] }[];
  boards: { number: number; spaces: string; a?: number[]; b?: number[]; d?: number[]; verified: boolean }[];
}

/** A space's held tile: face up, face down (a wildcard, or with `unseen` a tile no one has seen), or none. */
function heldSlot(colour: string, h: Burgundy.Held | null, mark?: string, unseen = false): Slot {
  if (unseen) return { colour, faceDown: true, mark };
  return h ? { colour, tile: h.face_down ? undefined : h.tile, faceDown: !!h.face_down, mark } : { colour, mark };
}

/** Board 36's marks on space `i` (modifiers A, B and D; seed 000 lines 1208-1211). */
function boardMark(board: AutoDukeData["boards"][number] | undefined, i: number): string | undefined {
  const marks = (["a", "b", "d"] as const).filter((m) => board?.[m]?.includes(i)).map((m) => m.toUpperCase());
  return marks.length ? marks.join("") : undefined;
}

/**
 * The AutoDuke (module `auto-duke`, an automaton of the rules): its VP, silver and
 * goods, its duchy board space by space (board 36's A/B/D marks on its open
 * spaces), its two village cards with their spaces filled or not (a wildcard face
 * down shows "?", as does a duchy space in `faceDown`; a hexamino symbol "H"), its reserve, its hexaminoes, its die. Its cards and boards are reconstructed
 * content: the heading says so.
 */
function autoDuke(a: Burgundy.AutoDukeSeen, faceDown: number[], edition: string, data: AutoDukeData | undefined): string {
  const small = (tile: string, key: string) => tileSvg(tile, key, emptyMarks(), edition, 26);
  const board = data?.boards.find((b) => b.number === a.board);
  const letters = board?.spaces ?? "";
  // A face-down tile's space is empty in the view (no one knows the tile): the view lists it apart.
  const duchy = a.duchy.map((h, i) =>
    heldSlot(COLOURS["CBPWKM".indexOf(letters[i] ?? "B")] ?? "building", h, boardMark(board, i), !h && faceDown.includes(i)));
  const boardSvg = slotsSvg(duchy, 12, t("web.auto_duke_board", { board: a.board }), edition);
  const cards = a.cards
    .map((c) => {
      const card = data?.cards.find((x) => x.number === c.number);
      // A hexamino symbol (vineyard cards 10-17, seed 000 line 1253) marks its space "H".
      const slots = c.spaces.map((h, sp) => heldSlot(card?.spaces[sp] ?? "building", h, card?.hexamino?.includes(sp) ? "H" : undefined));
      const name = t("web.auto_duke_card", { card: c.number });
      const vp = card ? ` <small>${card.vp.join("/")} ${esc(t("ui.vp"))}</small>` : "";
      return `<span class="auto-duke-card" data-card="${c.number}">${esc(name)}${vp} ${slotsSvg(slots, 2, name, edition)}</span>`;
    })
    .join(" ");
  const reserve = a.reserve.map((tile, i) => small(tile, `auto-duke-reserve:${i}`)).join("") +
    `<span class="face-down">?</span>`.repeat((a.wild ?? []).length);
  const stacked = (a.stacked ?? []).map((tile, i) => small(tile, `auto-duke-stacked:${i}`)).join("");
  const goods = a.goods
    .map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `auto-duke-goods:${g + 1}`, emptyMarks()) : ""))
    .join("");
  const shields = (a.bonus_tiles ?? []).map((b) => `<span class="bonus c-${b.colour}">${b.vp}</span>`).join("");
  const die = a.die ? ` · ${esc(t("web.auto_duke_die", { die: a.die }))}` : "";
  // Its shields lie face down beside its board, their abilities unused (seed 000 lines 1235-1237);
  // its trading-post tile, taken at its third trading-post card (line 1228).
  const held = (a.shields ?? []).map((n) => shieldMark(n, null)).join("");
  const expansions = (held ? `<span class="auto-duke-shields"><b>${esc(t("web.auto_duke_shields"))}</b> ${held}</span>` : "") +
    (a.trading_post_tile ? `<span class="auto-duke-post">${esc(t("web.auto_duke_post_tile", { tile: POST_TILES[a.trading_post_tile - 1] }))}</span>` : "");
  // Its hexaminoes, piled beside its duchy (module `vineyards`, seed 000 line 1252).
  const pile = a.hexaminoes ?? [];
  const provisional = data && !data.verified
    ? ` <span class="unverified" tabindex="0" title="${esc(t("web.unverified_why"))}">${esc(t("web.provisional"))}</span>` : "";
  return `<div class="auto-duke"><b>${esc(t("web.auto_duke"))}</b>${provisional} ${a.vp} ${esc(t("ui.vp"))} · ${a.silver} ${esc(t("ui.silver"))}${die}` +
    (goods ? ` · ${goods}` : "") + (shields ? ` · <b>${esc(t("ui.bonus_tiles"))}</b> ${shields}` : "") +
    `<div class="auto-duke-board"><b>${esc(t("web.auto_duke_board", { board: a.board }))}</b> ${boardSvg}${stacked}</div>` +
    `<div class="auto-duke-cards">${cards}</div>` +
    (reserve ? `<div><b>${esc(t("web.auto_duke_reserve"))}</b> ${reserve}</div>` : "") +
    (expansions ? `<div class="auto-duke-expansions">${expansions}</div>` : "") +
    (pile.length ? `<div><b>${esc(t("web.vine_held"))}</b> ${esc(pile.join(", "))}</div>` : "") + `</div>`;
}

/** A seat's shields on its castles and its trade route, under its supply. */
export function seatModules(s: State, seat: number, routeTiles: RouteTile[]): string {
  const m = modulesOf(s);
  const held = m.shields?.[seat] ?? {};
  const shields = Object.entries(held)
    .map(([space, n]) => shieldMark(n, null, ` (${t("web.space", { space })})`))
    .join("");
  const route = m.trade_routes?.[seat];
  // The team game: the team's shields (both members list them) or, with
  // `rules.team_shields: member`, the member's own.
  const role = m.team ? teamRole(m.team, seat) : "";
  const title = !role ? t("web.shields")
    : s.view.position.config.rules?.team_shields === "member" ? t("web.shields_of", { seat: role })
    : t("web.shields_of_team", { team: role[0] });
  return (shields ? `<div class="hand-part"><b>${esc(title)}</b> ${shields}</div>` : "") +
    (route?.tiles?.length ? tradeRoute(route, routeTiles) : "");
}

/**
 * A trade route: its tiles left to right, each space with the goods number it asks
 * for and its bonus, the goods laid so far on the first spaces (seed 000 lines
 * 770-776). Reconstructed tiles say so.
 */
function tradeRoute(route: Burgundy.TradeRoute, data: RouteTile[]): string {
  const laid = route.goods ?? [];
  let i = 0;
  const tiles = route.tiles.map((n) => {
    const tile = data.find((x) => x.number === n);
    const spaces = (tile?.spaces ?? []).map((sp) => {
      const good = laid[i++];
      const bonus = t(`web.route_bonus.${sp.bonus}`, { n: sp.amount ?? 0 });
      const title = `${t("web.route_space", { n: sp.goods })}: ${bonus}`;
      const filled = good === undefined ? "" : goodsSvg(good, 1, `route:${i}`, emptyMarks());
      return `<span class="route-space${good === undefined ? "" : " laid"}" title="${esc(title)}">` +
        `<span class="route-n g${sp.goods}">${sp.goods}</span><span class="route-bonus">${esc(bonus)}</span>${filled}</span>`;
    }).join("");
    const provisional = tile && !tile.verified
      ? ` <span class="unverified" tabindex="0" title="${esc(t("web.unverified_why"))}">${esc(t("web.provisional"))}</span>` : "";
    return `<span class="route-tile"><small>${n}${provisional}</small>${spaces}</span>`;
  }).join("");
  return `<div class="hand-part route"><b>${esc(t("web.trade_route"))}</b> <span class="route-tiles">${tiles}</span></div>`;
}
