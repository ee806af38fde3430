// The table: the central board, every duchy, the players' supplies, the dice, the
// log; clicking plays the server's legal actions (moves.ts). Live over the WebSocket.

import { connect, getJson, GameState, Live, LogEvent, tokenFor } from "./api.js";
import { t } from "./i18n.js";
import { click, nextKeys } from "./moves.js";
import { Board, boardCells, dieSvg, duchySvg, esc, goodsSvg, Marks, tileSvg } from "./draw.js";
import { actionText, COLOURS, colourName, depotName, eventText, reason, seatName, tileColour } from "./words.js";

interface Boards { duchies: { boards: Board[] }; central_board: { sides: any[] } }

const PHASES = "ABCDE";

export class Table {
  state: GameState | null = null;
  events: LogEvent[] = [];
  prefix: string[] = [];
  fresh = new Set<string>();
  shown = 0; // whose duchy is drawn large
  message = "";
  live: Live | null = null;
  token: string | null;

  constructor(private root: HTMLElement, private id: string, private boards: Boards, private chrome: () => HTMLElement) {
    this.token = tokenFor(id);
    root.addEventListener("click", (e) => this.onClick(e));
  }

  async start() {
    const state: GameState = await getJson(`/api/games/${this.id}`, this.token);
    this.shown = state.seat ?? 0;
    await this.setState(state, []);
    // Every push reads the log again (see setState), so the pushed events only say "moved".
    this.live = connect(this.id, this.token, (s) => void this.setState(s, [{ idx: s.version, event: null }]), (m) => this.refused(m));
  }

  /** A new state: the log is read again whole, since an undo rewinds it. */
  private async setState(state: GameState, pushed: LogEvent[]) {
    const events: LogEvent[] = pushed.length || !this.state
      ? (await getJson(`/api/games/${this.id}/log`, this.token)).events
      : this.events;
    // A later push that was answered first wins.
    if (state.version < (this.state?.version ?? -1)) return;
    const last = this.events.length ? this.events[this.events.length - 1].idx : -1;
    const newer = this.state ? events.filter((e) => e.idx > last) : [];
    this.events = events;
    if (this.state && state.version !== this.state.version) {
      this.prefix = [];
      this.message = "";
    }
    this.fresh = freshKeys(newer.map((e) => e.event), state.seat);
    for (const e of newer) this.fresh.add(`log:${e.idx}`);
    this.state = state;
    this.draw();
    if (this.fresh.size) setTimeout(() => { this.fresh.clear(); this.draw(); }, 1500);
  }

  private refused(message: string) {
    this.message = message;
    this.draw();
  }

  private send(action: string) {
    this.prefix = [];
    this.message = "";
    if (!this.live?.send({ type: "action", action })) this.refused(t("web.offline"));
  }

  private onClick(e: Event): void {
    const target = e.target as Element;
    const choice = target.closest("[data-action]");
    if (choice) return this.send(choice.getAttribute("data-action")!);
    if (target.closest("#undo")) {
      this.prefix = [];
      this.live?.send({ type: "undo" });
      return;
    }
    const other = target.closest("[data-show]");
    if (other) {
      this.shown = Number(other.getAttribute("data-show"));
      return this.draw();
    }
    const el = target.closest("[data-key]");
    const key = el?.getAttribute("data-key");
    if (!key || !this.state) return;
    if (key === "cancel") {
      this.prefix = [];
      this.message = "";
      return this.draw();
    }
    const step = click(this.state.legal, this.prefix, key);
    switch (step.kind) {
      case "send":
        return this.send(step.action);
      case "select":
        this.prefix = step.prefix;
        this.message = "";
        return this.draw();
      case "choose":
        this.prefix = [...this.prefix, key];
        this.message = "";
        return this.draw();
      case "refused":
        // A click elsewhere starts over from that piece, if it starts anything.
        if (this.prefix.length && click(this.state.legal, [], key).kind !== "refused") {
          this.prefix = [];
          return this.onClick(e);
        }
        this.message = `${t("ui.why_not")} ${whyNot(this.state, this.prefix, key, this.boards)}`;
        return this.draw();
    }
  }

  draw() {
    const s = this.state;
    if (!s) return;
    const legalNow = nextKeys(s.legal, this.prefix);
    const marks: Marks = { legal: legalNow, selected: new Set(this.prefix), fresh: this.fresh };
    const pos = s.view.position;
    this.root.replaceChildren(this.chrome());
    const main = document.createElement("div");
    main.className = "table";
    main.innerHTML =
      `<section class="status">${statusLine(s, this.message)}${this.controls(s, marks)}</section>` +
      `<section class="central">${centralBoard(s, marks, this.boards)}</section>` +
      `<section class="duchies">${this.duchies(s, marks)}</section>` +
      (s.over ? `<section class="scoring">${finalScoring(s, this.events, this.id)}</section>` : "") +
      `<section class="log"><h2>${esc(t("ui.log"))}</h2><ul id="log">${this.logLines(s)}</ul></section>`;
    this.root.append(main);
    void pos;
  }

  private controls(s: GameState, marks: Marks): string {
    const parts: string[] = [];
    const choosing = s.legal.filter((a) => {
      const step = click(s.legal, this.prefix.slice(0, -1), this.prefix[this.prefix.length - 1] ?? "");
      return step.kind === "choose" && step.actions.includes(a);
    });
    if (choosing.length) {
      parts.push(`<div class="choose"><b>${esc(t("ui.choose"))}:</b> ` +
        choosing.map((a) => `<button data-action="${esc(a)}">${esc(actionText(a))}</button>`).join(" ") + `</div>`);
    }
    const values = [...marks.legal].filter((k) => k.startsWith("value:"));
    if (values.length) {
      parts.push(`<div class="choose values"><b>${esc(t("web.as_value"))}</b> ` +
        values.map((k) => `<button data-key="${k}" class="legal">${k.slice(6)}${workerCost(s, this.prefix, Number(k.slice(6)))}</button>`).join(" ") + `</div>`);
    }
    const buttons: string[] = [];
    for (const k of ["workers", "pass"]) {
      if (marks.legal.has(k)) buttons.push(`<button data-key="${k}" class="legal" id="act-${k}">${esc(t(k === "pass" ? "menu.pass" : "menu.workers"))}</button>`);
    }
    if (s.can_undo) buttons.push(`<button id="undo">${esc(t("web.undo"))}</button>`);
    if (this.prefix.length) buttons.push(`<button data-key="cancel" id="cancel">${esc(t("web.cancel"))}</button>`);
    parts.push(`<div class="buttons">${buttons.join(" ")}</div>`);
    if (s.legal.length) {
      parts.push(`<details class="all-actions"><summary>${esc(t("web.all_actions", { n: s.legal.length }))}</summary>` +
        s.legal.map((a) => `<button data-action="${esc(a)}">${esc(actionText(a))}</button>`).join("") + `</details>`);
    }
    return parts.join("");
  }

  private duchies(s: GameState, marks: Marks): string {
    const pos = s.view.position;
    const tabs = pos.players
      .map((p: any, i: number) =>
        `<button data-show="${i}" class="${i === this.shown ? "on" : ""}${s.to_act.includes(i) ? " acting" : ""}">${esc(seatName(s.seats, i))} · ${p.vp} ${esc(t("ui.vp"))}</button>`)
      .join("");
    const p = pos.players[this.shown];
    const board = this.boards.duchies.boards.find((b) => b.number === p.duchy)!;
    const mine = this.shown === s.seat;
    const spaceMarks: Marks = { ...marks, fresh: prefixed(this.fresh, `${this.shown}:`) };
    const unverified = board.verified ? "" : ` <span class="unverified">${esc(t("web.unverified"))}</span>`;
    return `<div class="tabs">${tabs}</div><div class="player-area">` +
      `<div class="duchy-wrap"><h2>${esc(t("ui.duchy", { n: board.number }))}${unverified}</h2>${duchySvg(board, p.spaces, spaceMarks, pos.config.edition, mine)}</div>` +
      `<div class="supply">${supply(s, this.shown, mine ? marks : emptyMarks())}</div></div>`;
  }

  private logLines(s: GameState): string {
    // Newest first; entries that are not game events (an undo's mark) are skipped.
    return this.events
      .filter((e) => e.event?.event)
      .slice(-60)
      .reverse()
      .map((e) => `<li class="${this.freshIdx(e.idx) ? "fresh" : ""}">${esc(eventText(e.event, s.seats))}</li>`)
      .join("");
  }

  private freshIdx(idx: number): boolean {
    return this.fresh.has(`log:${idx}`);
  }
}

function emptyMarks(): Marks {
  return { legal: new Set(), selected: new Set(), fresh: new Set() };
}

function prefixed(keys: Set<string>, prefix: string): Set<string> {
  return new Set([...keys].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)));
}

/** What the newest events touched, to highlight for a moment. */
function freshKeys(events: any[], me: number | null): Set<string> {
  const keys = new Set<string>();
  for (const e of events) {
    if (e.event === "placed" || e.event === "starting-castle") keys.add(`${e.seat}:space:${e.space}`);
    if (e.event === "took-tile" || e.event === "bought") keys.add(`depotbox:${e.depot}`);
    if (typeof e.seat === "number" && e.seat !== me) keys.add(`player:${e.seat}`);
  }
  return keys;
}

function workerCost(s: GameState, prefix: string[], value: number): string {
  const die = Number(prefix[0]?.slice(4)) - 1;
  const face = s.view.position.stage.dice?.[die];
  if (!face || face === value) return "";
  const d = Math.abs(face - value) % 6;
  return ` <small>(−${Math.min(d, 6 - d)} ${esc(t("ui.workers"))})</small>`;
}

function statusLine(s: GameState, message: string): string {
  const pos = s.view.position;
  const stage = pos.stage.stage;
  let head: string;
  if (stage === "over") head = t("header.over");
  else if (stage === "setup") head = t("header.setup");
  else head = t("header.phase_round", { phase: PHASES[pos.phase], round: pos.round + 1 });
  const acting = s.to_act.map((seat) => seatName(s.seats, seat)).join(", ");
  const whose = s.over ? "" : s.seat !== null && s.to_act.includes(s.seat) ? t("web.your_turn") : t("ui.to_play", { name: acting });
  const who = s.seat === null ? t("web.spectator") : seatName(s.seats, s.seat);
  return `<div class="headline"><b id="phase">${esc(head)}</b> · <span id="whose">${esc(whose)}</span> · <span class="me">${esc(who)}</span></div>` +
    (message ? `<div class="message" id="message">${esc(message)}</div>` : "");
}

function centralBoard(s: GameState, marks: Marks, boards: Boards): string {
  const pos = s.view.position;
  const edition = pos.config.edition;
  const depots = pos.depots
    .map((tiles: string[], i: number) => {
      const d = i + 1;
      const goods = pos.depot_goods[i]
        .map((n: number, g: number) => (n > 0 ? goodsSvg(g + 1, n, `depotgoods:${d}`, marks) : ""))
        .join("");
      return depotBox(d, tiles, goods, marks, edition);
    })
    .join("");
  const side = boards.central_board.sides.find((x: any) => x.id === sideId(pos.config));
  const unverified = side && !side.verified ? ` <span class="unverified">${esc(t("web.unverified"))}</span>` : "";
  const toCome = pos.round_goods.map((g: number) => goodsSvg(g, 1, `tocome:${g}`, emptyMarks())).join("");
  const bonus = COLOURS.map((c, i) => {
    const taken = pos.bonus_taken[i];
    return `<span class="bonus c-${c}" title="${esc(colourName(c))}">${taken === 0 ? "★★" : taken === 1 ? "★" : "–"}</span>`;
  }).join("");
  return `<h2>${esc(t("web.central_board"))}${unverified}</h2><div class="depots">${depots}` +
    depotBox(0, pos.black_depot, "", marks, edition) + `</div>` +
    `<div class="board-extra"><div><b>${esc(t("ui.goods_to_come"))}</b> ${toCome} <small>${esc(t("ui.face_down", { n: s.view.goods_face_down }))}</small></div>` +
    `<div><b>${esc(t("ui.bonus_tiles"))}</b> ${bonus}</div>` +
    `<div><b>${esc(t("ui.turn_order"))}</b> ${track(s)}</div>` +
    `<div><b>${esc(t("ui.white_die"))}</b> ${pos.white ?? "–"}</div></div>`;
}

function sideId(config: any): string {
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

function track(s: GameState): string {
  const pos = s.view.position;
  return pos.track
    .map((stack: number[], i: number) =>
      `<span class="track-space" title="${i}">${stack.length ? stack.map((seat) => `<span class="pawn p${seat}">${seat + 1}</span>`).join("") : "·"}</span>`)
    .join("");
}

function supply(s: GameState, seat: number, marks: Marks): string {
  const pos = s.view.position;
  const p = pos.players[seat];
  const edition = pos.config.edition;
  const storage = p.storage.length
    ? p.storage.map((tile: string) => tileSvg(tile, `storage:${tile}`, marks, edition)).join("")
    : `<small>${esc(t("ui.empty"))}</small>`;
  const goods = p.goods.map((n: number, g: number) => (n > 0 ? goodsSvg(g + 1, n, `goods:${g + 1}`, marks) : "")).join("") ||
    `<small>${esc(t("ui.empty"))}</small>`;
  const bonus = p.bonus_tiles.map((b: any) => `<span class="bonus c-${b.colour}">${b.vp}</span>`).join("");
  const stage = pos.stage;
  const myTurn = stage.stage === "turn" && stage.seat === seat;
  const dice = (myTurn ? stage.dice : pos.dice?.[seat] ?? [])
    .map((f: number | null, i: number) => dieSvg(f, `die:${i + 1}`, marks))
    .join("");
  const fresh = s.seat !== seat && marks.fresh.has(`player:${seat}`) ? " fresh" : "";
  return `<div class="stats${fresh}"><span id="vp">${esc(t("ui.vp"))}: <b>${p.vp}</b></span> <span id="silver">${esc(t("ui.silver"))}: <b>${p.silver}</b></span> ` +
    `<span id="workers">${esc(t("ui.workers"))}: <b>${p.workers}</b></span></div>` +
    `<div><b>${esc(t("ui.dice"))}</b> <span class="dice">${dice}</span></div>` +
    `<div><b>${esc(t("ui.storage"))}</b> <span class="storage">${storage}</span></div>` +
    `<div><b>${esc(t("ui.goods"))}</b> <span class="goods-row">${goods}</span></div>` +
    (bonus ? `<div><b>${esc(t("ui.bonus_tiles"))}</b> ${bonus}</div>` : "");
}

/** The final scoring: what each seat scored after the last phase, line by line. */
function finalScoring(s: GameState, events: LogEvent[], id: string): string {
  let start = 0;
  events.forEach((e, i) => { if (e.event.event === "phase-ended") start = i + 1; });
  const lines = events.slice(start).filter((e) => e.event.event === "scored").map((e) => e.event);
  const ranking = s.ranking ?? [];
  const rows = ranking
    .map((seat, place) => {
      const mine = lines.filter((l) => l.seat === seat);
      const total = s.scores?.[seat] ?? 0;
      const during = total - mine.reduce((a, l) => a + l.vp, 0);
      const detail = [`<tr><td>${esc(t("ui.during_game"))}</td><td>${during}</td></tr>`]
        .concat(mine.map((l) => `<tr><td>${esc(reason(l.why))}</td><td>${l.vp}</td></tr>`))
        .concat(`<tr class="total"><td>${esc(t("ui.total"))}</td><td>${total}</td></tr>`);
      return `<div class="score-seat"><h3>${esc(t("ui.place_n", { n: place + 1 }))} ${esc(seatName(s.seats, seat))}</h3><table>${detail.join("")}</table></div>`;
    })
    .join("");
  return `<h2>${esc(t("ui.final_scoring"))}</h2><div class="score-grid">${rows}</div>` +
    `<a id="record" href="/api/games/${esc(id)}/record" download="burgundy-${esc(id)}.json">${esc(t("web.download_record"))}</a>`;
}

/** Why a click is not offered, told from the position and the legal actions. */
function whyNot(s: GameState, prefix: string[], key: string, boards: Boards): string {
  if (s.seat === null) return t("web.why.spectator");
  if (!s.to_act.includes(s.seat)) return t("web.why.not_your_turn");
  const pos = s.view.position;
  const stage = pos.stage;
  const pending = stage.pending?.[stage.pending.length - 1];
  const value: number | undefined = pending?.pending === "use-die" ? pending.value ?? undefined : undefined;
  const [kind, a, b] = key.split(":");
  if (kind === "die") return stage.dice?.[Number(a) - 1] == null ? t("why.die_used", { die: a }) : t("why.not_now");
  if (kind === "depot" && value !== undefined && Number(a) !== value && Number(a) !== 0) return t("why.depot_number", { depot: a });
  if (kind === "depot" && a === "0") return pos.players[s.seat].silver < 2 ? t("why.silver", { silver: pos.players[s.seat].silver }) : stage.bought ? t("why.bought") : t("why.not_now");
  if ((kind === "depot" || kind === "goods") && s.legal.some((x) => x.startsWith("die "))) return t("web.why.choose_die");
  if (kind === "goods" && value !== undefined && Number(a) !== value) return t("why.goods_number", { n: a });
  if (kind === "space") return whyNotSpace(s, prefix, Number(a), value, boards);
  void b;
  return t("why.not_now");
}

function whyNotSpace(s: GameState, prefix: string[], space: number, value: number | undefined, boards: Boards): string {
  const p = s.view.position.players[s.seat!];
  if (p.spaces[String(space)]) return t("why.covered", { space });
  const tile = prefix[0]?.startsWith("storage:") ? prefix[0].slice(8) : null;
  if (!tile) return s.legal.some((x) => x.startsWith("place ")) ? t("web.why.choose_tile") : t("why.not_now");
  const board = boards.duchies.boards.find((x) => x.number === p.duchy)!;
  const cell = boardCells(board)[space];
  if (cell.colour !== tileColour(tile)) {
    return t("why.colour", { space, colour: colourName(cell.colour), needs: colourName(tileColour(tile)) });
  }
  if (value !== undefined && cell.number !== value) return t("why.number", { space, number: cell.number, value });
  return `${t("why.isolated", { space })} / ${t("why.same_building")}`;
}

export function depotLabel(d: number) {
  return depotName(d);
}
