// Burgundy's table: the central board with its depots, the duchy of the seat shown
// large with tabs for the others, that seat's supply, and the final scoring.

import { GameState, isGameEvent, LogEvent, ServerEvent } from "../../api.js";
import type { View } from "../../game.js";
import { t } from "../../i18n.js";
import { cls, emptyMarks, esc, Marks } from "../../markup.js";
import { seatName } from "../../seats.js";
import type * as Burgundy from "../../types/burgundy.js";
import { Board, boardCells, dieSvg, duchySvg, goodsSvg, tileSvg } from "./draw.js";
import type { Menu } from "./lobby.js";
import { AutoDukeData, boardModules, depotShields, RouteTile, seatModules, teamRole } from "./modules.js";
import { vineSeat, vineTable, VineyardData } from "./vineyards.js";
import { COLOURS, colourName, reason } from "./words.js";

export interface Boards {
  duchies: { boards: Board[] };
  solo_duchies: { boards: Board[] };
  /** The team board (module `team`: 31, or 32 on its advanced side): its two halves' rows. */
  team_duchies?: { boards: Board[] };
  /** The central board's sides, by edition and player count (`sideId`). */
  central_board: { sides: { id: string; verified: boolean }[] };
  menu: Menu;
  trade_routes: { tiles: RouteTile[] };
  /** The AutoDuke's board 35/36 and village cards (module `auto-duke`; provisional). */
  auto_duke?: AutoDukeData;
  /** The vineyards' depot positions and vineyard board (module `vineyards`; provisional board). */
  vineyards?: VineyardData;
}

const PHASES = "ABCDE";

/** What one seat sees: the `View` of crates/burgundy/src/view.rs, as generated. */
export type BurgundyView = Burgundy.View;

/** A game of Burgundy as this page has it, and what its table shows. */
export type State = GameState<BurgundyView>;
export type Shown = View<BurgundyView, Burgundy.Event>;

export function headline(s: State): string {
  const pos = s.view.position;
  // A content file's data (issue 15) are never mistaken for the printed content.
  return s.view.custom_content ? `${stageLine(pos)} · ${t("ui.custom_content")}` : stageLine(pos);
}

function stageLine(pos: Burgundy.Table): string {
  const stage = pos.stage.stage;
  if (stage === "over") return t("header.over");
  if (stage === "setup") return t("header.setup");
  if (stage === "starting-castles") return `${t("header.setup")}: ${t("web.hint.castle")}`;
  return t("header.phase_round", { phase: PHASES[pos.phase], round: pos.round + 1 });
}

/**
 * The board data a game's table draws: the engine's, with the data files of the
 * game's content file in their place (fetched once, docs/burgundy/content.md).
 */
export function ofGame(boards: Boards, content: Record<string, any> | null): Boards {
  if (!content) return boards;
  return {
    ...boards,
    duchies: content["duchies.json"] ?? boards.duchies,
    central_board: content["central_board.json"] ?? boards.central_board,
    solo_duchies: content["solo_duchies.json"] ?? boards.solo_duchies,
    team_duchies: content["team_duchies.json"] ?? boards.team_duchies,
    trade_routes: content["trade_routes.json"] ?? boards.trade_routes,
    auto_duke: content["auto_duke.json"] ?? boards.auto_duke,
    vineyards: content["vineyards.json"] ?? boards.vineyards,
  };
}

/** The mark of a game played with a content file, beside its duchies. */
function customContent(custom: boolean): string {
  return custom
    ? ` <span class="unverified custom-content" tabindex="0" title="${esc(t("web.custom_content_why"))}">${esc(t("ui.custom_content"))}</span>`
    : "";
}

export function table(v: Shown, boards: Boards): string {
  return `<section class="central">${centralBoard(v.state, v.marks, boards)}</section>` +
    `<section class="duchies">${duchies(v, boards)}</section>` +
    `<section class="others" aria-label="${esc(t("web.other_duchies"))}">${others(v, boards)}</section>`;
}

/** A seat's colour (the turn order's pawns) and name; in the team game its team and place in it (A1). */
function who(s: State, seat: number): string {
  const team = s.view.position.modules?.team;
  const role = team ? `${esc(teamRole(team, seat))} ` : "";
  return `<span class="pawn-dot p${seat}" aria-hidden="true"></span>${role}${esc(seatName(s.seats, seat))}`;
}

/** The board of `seat`: the side a player chose while others still choose is in its own view only. */
function boardOf(boards: Boards, p: Burgundy.Seen): Board {
  const n = p.side_choice ?? p.duchy;
  return [...boards.duchies.boards, ...boards.solo_duchies.boards, ...(boards.team_duchies?.boards ?? [])].find((b) => b.number === n)!;
}

/** The duchy drawn large: the page's own seat's, or the one a spectator picked. */
function duchies(v: Shown, boards: Boards): string {
  const { state: s, marks, shown } = v;
  const pos = s.view.position;
  const p = pos.players[shown];
  const board = boardOf(boards, p);
  const mine = shown === s.seat;
  const spaceMarks: Marks = { ...marks, fresh: prefixed(marks.fresh, `${shown}:`) };
  const acting = s.to_act.includes(shown) ? " acting" : "";
  return `<div class="player-area${acting}">` +
    `<div class="duchy-wrap"><h2>${who(s, shown)} · ${esc(t("ui.duchy", { n: board.number }))}${unverified(board.verified)}${customContent(!!s.view.custom_content)}</h2>` +
    `${duchySvg(board, p.spaces, spaceMarks, pos.config.edition, mine)}</div>` +
    `<div class="supply">${supply(s, shown, mine ? marks : { ...emptyMarks(), fresh: marks.fresh }, !mine, boards)}</div></div>`;
}

/** Every other duchy, small, with its supply; a click draws it large. */
function others(v: Shown, boards: Boards): string {
  const { state: s, marks } = v;
  const pos = s.view.position;
  return pos.players
    .map((p, i) => {
      if (i === v.shown) return "";
      const board = boardOf(boards, p);
      const acting = s.to_act.includes(i) ? " acting" : "";
      const fresh = { ...emptyMarks(), fresh: prefixed(marks.fresh, `${i}:`) };
      return `<div class="other${acting}" id="player-${i}"><button data-show="${i}" class="show">${who(s, i)}</button>` +
        `${duchySvg(board, p.spaces, fresh, pos.config.edition, false)}` +
        `<div class="supply small">${supply(s, i, { ...emptyMarks(), fresh: marks.fresh }, true, boards)}</div></div>`;
    })
    .join("");
}

function unverified(verified: boolean): string {
  return verified ? "" : ` <span class="unverified" tabindex="0" title="${esc(t("web.unverified_why"))}">${esc(t("web.unverified"))}</span>`;
}

function prefixed(keys: Set<string>, prefix: string): Set<string> {
  return new Set([...keys].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
}

/** What the newest events touched, to highlight for a moment. */
export function freshKeys(events: (Burgundy.Event | ServerEvent)[], me: number | null): Set<string> {
  const keys = new Set<string>();
  for (const e of events) {
    if (!isGameEvent(e)) continue;
    if (e.event === "placed" || e.event === "starting-castle") keys.add(`${e.seat}:space:${e.space}`);
    if (e.event === "took-tile" || e.event === "bought") keys.add(`depotbox:${e.depot}`);
    if ("seat" in e && typeof e.seat === "number" && e.seat !== me) keys.add(`player:${e.seat}`);
  }
  return keys;
}

function centralBoard(s: State, marks: Marks, boards: Boards): string {
  const pos = s.view.position;
  const edition = pos.config.edition;
  const depots = pos.depots
    .map((tiles, i) => {
      const d = i + 1;
      const key = `depotgoods:${d}`;
      const goods = pos.depot_goods[i]
        .map((n, g) => (n > 0 ? goodsSvg(g + 1, n, key, marks) : ""))
        .join("") ||
        // A ship may go to a depot with no goods (it still moves the turn order): a target there too.
        (marks.legal.has(key) || marks.held?.has(key) ? `<span class="${cls(key, marks, "ship-target")}" data-key="${key}">${esc(t("web.ship_here"))}</span>` : "");
      return depotBox(d, tiles, goods + depotShields(s, d, marks), marks, edition);
    })
    .join("");
  const side = boards.central_board.sides.find((x) => x.id === sideId(pos.config));
  const unv = side ? unverified(side.verified) : "";
  const toCome = pos.round_goods.map((g) => goodsSvg(g, 1, `tocome:${g}`, emptyMarks())).join("");
  // The large and the small bonus tile of each colour, while left (config.rs,
  // bonus_vp: players + 3 and players; seed 000, "Regras para 2 e 3 jogadores"),
  // the AutoDuke counted as a player (seed 000 line 1036).
  const modules = pos.config.modules ?? [];
  const players = pos.config.players + (modules.includes("auto-duke") ? 1 : 0);
  const values = [players + 3, players];
  const bonus = COLOURS.map((c, i) => {
    const left = values.slice(pos.bonus_taken[i]);
    const text = left.length ? left.join(" · ") : "–";
    return `<span class="bonus c-${c}" title="${esc(colourName(c))}: ${esc(text)} ${esc(t("ui.vp"))}">${text}</span>`;
  }).join("");
  return `<h2>${esc(t("web.central_board"))}${unv}</h2><div class="depots" data-tiles>${depots}` +
    depotBox(0, pos.black_depot, "", marks, edition) + `</div>` +
    `<div class="board-extra">${phaseTrack(s)}<div><b>${esc(t("ui.goods_to_come"))}</b> ${toCome} <small>${esc(t("ui.face_down", { n: s.view.goods_face_down }))}</small></div>` +
    // The solo game has no bonus tiles (seed 000 line 848 "Você não ganha pontos de
    // vitória bônus ao completar uma cor"): what a module removes is not drawn.
    (modules.includes("solo") ? "" : `<div class="bonus-tiles"><b>${esc(t("ui.bonus_tiles"))}</b> ${bonus}</div>`) +
    // Nor a turn order: its marker is the VP goal (seed 000 line 829), shown as such.
    (modules.includes("solo") ? "" : `<div class="turn-order"><b>${esc(t("ui.turn_order"))}</b> ${track(s)}</div>`) +
    `<div><b>${esc(t("ui.white_die"))}</b> ${pos.white ?? "–"}</div>${boardModules(s, boards.auto_duke, boards.vineyards)}</div>` +
    vineTable(s, boards.vineyards, marks);
}

function sideId(config: Burgundy.Config): string {
  if (config.edition === "special") return config.players === 2 ? "special-2" : "special-3-4";
  return config.players === 4 ? "classic-4" : "classic-2-3";
}

function depotBox(d: number, tiles: string[], goods: string, marks: Marks, edition: string): string {
  const seen = new Set<string>();
  const drawn = tiles
    .map((tile) => {
      const key = `depot:${d}:${tile}`;
      // Identical tiles are one choice: only the first carries the key.
      const k = seen.has(tile) ? `dup:${d}:${tile}` : key;
      seen.add(tile);
      return tileSvg(tile, k, marks, edition, 40);
    })
    .join("");
  const c = marks.fresh.has(`depotbox:${d}`) ? "depot fresh" : "depot";
  const empty = tiles.length ? "" : `<small>${esc(t("ui.empty"))}</small>`;
  return `<div class="${c}${d === 0 ? " black" : ""}" id="depot-${d}"><div class="depot-name">${d === 0 ? esc(t("ui.black_depot")) : dieSvg(d, `depotdie:${d}`, emptyMarks())}</div>` +
    `<div class="depot-tiles">${drawn}${empty}</div><div class="depot-goods">${goods}</div></div>`;
}

/**
 * The turn order track: each seat's pawn in its colour, the first to play at the
 * left; the AutoDuke's marker in its stack, `under` seats' markers beneath it.
 */
function track(s: State): string {
  const pos = s.view.position;
  const auto = pos.modules?.auto_duke;
  const pawn = (seat: number) => `<span class="pawn p${seat}" title="${esc(seatName(s.seats, seat))}">${seat + 1}</span>`;
  const autoPawn = `<span class="pawn auto-duke-pawn" title="${esc(t("web.auto_duke"))}">A</span>`;
  return `<span class="track">` + pos.track
    .map((stack, i) => {
      const pawns = stack.map(pawn);
      if (auto && auto.marker === i) pawns.splice(Math.min(auto.under, pawns.length), 0, autoPawn);
      return `<span class="track-space">${pawns.length ? pawns.join("") : "·"}</span>`;
    })
    .join("") + `</span>`;
}

/** The five phases A-E and the five rounds of each, the present one marked. */
function phaseTrack(s: State): string {
  const pos = s.view.position;
  const playing = !["setup", "starting-castles"].includes(pos.stage.stage);
  const over = pos.stage.stage === "over";
  const mark = (i: number, now: number) => (!playing ? "" : over || i < now ? " past" : i === now ? " on" : "");
  const phases = [...PHASES].map((p, i) => `<span class="phase${mark(i, pos.phase)}">${p}</span>`).join("");
  const rounds = [1, 2, 3, 4, 5].map((r, i) => `<span class="round${mark(i, pos.round)}">${r}</span>`).join("");
  return `<div class="phase-track" aria-label="${esc(playing ? t("header.phase_round", { phase: PHASES[pos.phase], round: pos.round + 1 }) : t("header.setup"))}" role="img">` +
    `<b>${esc(t("web.phase"))}</b> ${phases} <b>${esc(t("web.round"))}</b> ${rounds}</div>`;
}

/** A seat's points, silver and workers, bonus tiles, and with `hand` its dice, storage and goods. */
function supply(s: State, seat: number, marks: Marks, hand: boolean, boards: Boards): string {
  const p = s.view.position.players[seat];
  const fresh = s.seat !== seat && marks.fresh.has(`player:${seat}`) ? " fresh" : "";
  const bonus = p.bonus_tiles.map((b) =>
    `<span class="bonus c-${b.colour}" title="${esc(colourName(b.colour))}">${b.vp}</span>`).join("");
  return `<div class="stats${fresh}">${stats(p)}</div>` +
    (hand ? handOf(s, seat, marks) : "") +
    (bonus ? `<div><b>${esc(t("ui.bonus_tiles"))}</b> ${bonus}</div>` : "") +
    seatModules(s, seat, boards.trade_routes?.tiles ?? []) + vineSeat(s, seat, boards.vineyards, marks);
}

/** A seat's points, silver and workers; the workers marked while a die taken for workers is held. */
function stats(p: Burgundy.Seen, marks?: Marks): string {
  const held = marks?.held?.has("workers") ? " held" : "";
  return `<span class="vp">${esc(t("ui.vp"))}: <b>${p.vp}</b></span> <span class="silver">${esc(t("ui.silver"))}: <b>${p.silver}</b></span> ` +
    `<span class="workers${held}">${esc(t("ui.workers"))}: <b>${p.workers}</b></span>`;
}

/** A seat's dice, storage and goods: what a turn is played with. */
function handOf(s: State, seat: number, marks: Marks): string {
  const pos = s.view.position;
  const p = pos.players[seat];
  const edition = pos.config.edition;
  const tiles = (list: string[], where = "storage") => list.length
    ? list.map((tile) => tileSvg(tile, `${where}:${tile}`, marks, edition, 40)).join("")
    : `<small>${esc(t("ui.empty"))}</small>`;
  const goods = p.goods.map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `goods:${g + 1}`, marks) : "")).join("") ||
    `<small>${esc(t("ui.empty"))}</small>`;
  const stage = pos.stage;
  const myTurn = stage.stage === "turn" && stage.seat === seat;
  const dice = (myTurn ? stage.dice : pos.dice?.[seat] ?? [])
    .map((f, i) => dieSvg(f, `die:${i + 1}`, marks))
    .join("");
  return `<div class="hand-part"><b>${esc(t("ui.dice"))}</b> <span class="dice">${dice}</span></div>` +
    storageOf(s, seat, tiles, marks) +
    `<div class="hand-part"><b>${esc(t("ui.goods"))}</b> <span class="goods-row">${goods}</span></div>`;
}

/**
 * A seat's storage; in the team game its two private key spaces, then its team's
 * two shared ones, which end its storage (seed 000 line 803 "cada time tem 2
 * espaços chave compartilhados (...) e cada jogador tem 2 espaços chave exclusivos").
 * The player chooses the key space: a shared tile is `shared:TILE` (placed or
 * discarded from there), and a tile taken with room on both goes where the key
 * spaces clicked say (`keyspace:private`, `keyspace:shared`).
 */
function storageOf(s: State, seat: number, tiles: (list: string[], where?: string) => string, marks: Marks): string {
  const storage = s.view.position.players[seat].storage;
  const team = s.view.position.modules?.team;
  const part = (label: string, list: string[], c = "", key = "", where = "storage") => {
    const target = key ? ` data-key="${esc(key)}"` : "";
    const classes = key ? cls(key, marks, `hand-part${c}`) : `hand-part${c}`;
    return `<div class="${classes}"${target}><b>${esc(label)}</b> <span class="storage" data-tiles>${tiles(list, where)}</span></div>`;
  };
  if (!team) return part(t("ui.storage"), storage);
  const shared = team.shared[team.members.findIndex((m) => m.includes(seat))]?.length ?? 0;
  const own = storage.length - shared;
  return part(t("web.team_private_storage"), storage.slice(0, own), " private-storage", "keyspace:private") +
    part(t("web.team_shared_storage"), storage.slice(own), " shared-storage", "keyspace:shared", "shared");
}

/**
 * The page's own seat's dice, storage and goods, in the status bar: on a phone
 * they stay on screen while the board scrolls.
 */
export function bar(v: Shown, boards: Boards): string {
  const s = v.state;
  if (s.seat === null || s.over) return "";
  const p = s.view.position.players[s.seat];
  return `<div class="hand" id="hand">${handOf(s, s.seat, v.marks)}<div class="hand-part stats">${stats(p, v.marks)}</div></div>` +
    preview(v, boards);
}

/**
 * A die chosen, not yet committed: each value it may be used as, with the workers
 * that costs (the offer's label says) and what that number reaches on the table:
 * the depot of that number, the duchy's empty spaces showing it, goods of that type
 * to sell. A click on one commits it; Cancel puts the die back.
 */
function preview(v: Shown, boards: Boards): string {
  const die = [...v.marks.selected].find((k) => k.startsWith("die:"));
  const values = [...v.marks.legal].filter((k) => k.startsWith("value:"));
  if (!die || values.length === 0) return "";
  const s = v.state;
  const pos = s.view.position;
  const p = pos.players[s.seat!];
  const cells = boardCells(boardOf(boards, p));
  const edition = pos.config.edition;
  const choices = values
    .map((key) => {
      const n = Number(key.slice(6));
      const offer = (s.offers ?? []).find((o) => o.path[0] === die && o.path[1] === key);
      const workers = Number(offer?.label.args?.workers ?? 0);
      const cost = workers ? t("web.cost_workers", { n: workers }) : t("web.cost_free");
      const depot = pos.depots[n - 1] ?? [];
      const tiles = depot.map((tile) => tileSvg(tile, `preview:${n}:${tile}`, emptyMarks(), edition, 26)).join("");
      const spaces = cells.filter((c, i) => c.number === n && !p.spaces[i]).length;
      const reach = [
        `${esc(t("ui.depot", { n }))}: ${tiles || esc(t("ui.empty"))}`,
        esc(t("web.spaces_showing", { n: spaces })),
        p.goods[n - 1] > 0 ? esc(t("web.sell_goods", { n })) : "",
      ].filter(Boolean).join(" · ");
      return `<button data-key="${esc(key)}" class="legal value-choice"><span class="value-n">${n}</span> ` +
        `<span class="cost${workers ? " paid" : ""}">${esc(cost)}</span> <span class="reach">${reach}</span></button>`;
    })
    .join("");
  return `<div class="values preview"><b>${esc(t("web.as_value"))}</b> ${choices}</div>`;
}

/**
 * A team game's result: each team's place and total, its members' VP added (seed 000
 * line 815), the engine's standings in their order, the winning team named.
 */
function teamTotals(s: State, team: Parameters<typeof teamRole>[0]): string {
  const standings = s.standings ?? [];
  const rows = standings.map((st) => {
    const seats = st.members.flatMap((m) => ("seat" in m ? [m.seat] : []));
    const letter = seats.length ? teamRole(team, seats[0])[0] : "?";
    const names = seats.map((seat) => seatName(s.seats, seat)).join(", ");
    return `<li class="team-total${st.place === 1 ? " won" : ""}" data-team="${letter}" data-place="${st.place}">` +
      `${esc(t("ui.place_n", { n: st.place }))} <b>${esc(t("web.team_name", { team: letter }))}</b>: ` +
      `<b class="team-score">${st.score}</b> ${esc(t("ui.vp"))} (${esc(names)})</li>`;
  }).join("");
  const winners = standings.filter((st) => st.place === 1)
    .map((st) => st.members.flatMap((m) => ("seat" in m ? [teamRole(team, m.seat)[0]] : []))[0]);
  const won = winners.length ? `<p class="team-winner">${esc(t("web.team_wins", { team: winners.join(", "), vp: standings[0].score }))}</p>` : "";
  return `<div class="team-totals">${won}<ol>${rows}</ol></div>`;
}

/** The final scoring: what each seat scored after the last phase, line by line. */
export function finalScoring(s: State, events: LogEvent<Burgundy.Event>[], id: string): string {
  let start = 0;
  events.forEach((e, i) => { if (isGameEvent(e.event) && e.event.event === "phase-ended") start = i + 1; });
  type Scored = Extract<Burgundy.Event, { event: "scored" }>;
  const lines = events.slice(start).map((e) => e.event)
    .filter((e): e is Scored => isGameEvent(e) && e.event === "scored");
  const team = s.view.position.modules?.team;
  const rows = (s.standings ?? [])
    .flatMap((st) => st.members.map((m) => ({ place: st.place, seat: "seat" in m ? m.seat : -1, total: st.score })))
    .filter((r) => r.seat >= 0)
    .map(({ place, seat, total }) => {
      // A team's standing is its members' VP added (seed 000 line 815): each member's
      // own table ends on its own VP, the team's total beside its name.
      const own = team ? s.view.position.players[seat].vp : total;
      const teamTotal = team ? ` · ${esc(t("web.team_name", { team: teamRole(team, seat)[0] }))} ${total} ${esc(t("ui.vp"))}` : "";
      const mine = lines.filter((l) => l.seat === seat);
      const during = own - mine.reduce((a, l) => a + l.vp, 0);
      const detail = [`<tr><td>${esc(t("ui.during_game"))}</td><td>${during}</td></tr>`]
        .concat(mine.map((l) => `<tr><td>${esc(reason(l.why))}</td><td>${l.vp}</td></tr>`))
        .concat(`<tr class="total"><td>${esc(t("ui.total"))}</td><td>${own}</td></tr>`);
      return `<div class="score-seat"><h3>${esc(t("ui.place_n", { n: place }))} ${esc(seatName(s.seats, seat))}${teamTotal}</h3><table>${detail.join("")}</table></div>`;
    })
    .join("");
  return `<h2>${esc(t("ui.final_scoring"))}</h2>${team ? teamTotals(s, team) : ""}<div class="score-grid">${rows}</div>` +
    `<a id="record" href="/api/games/${esc(id)}/record" download="burgundy-${esc(id)}.json">${esc(t("web.download_record"))}</a>`;
}
