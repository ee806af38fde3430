// Talking to the server: the REST API for reading, the WebSocket for deciding
// (a refusal then comes back as a message, not as a failed request).

import type { Message, Offer, Standing } from "./types/core.js";
import type { ServerEvent } from "./types/server.js";

// Words (a catalogue key and its arguments), legal decisions and results are the
// Rust types, generated into types/ (crates/web/tests/ts_types.rs).
export type { Message, Offer, Standing, ServerEvent };

export interface SeatInfo { kind: string; name: string; bot?: string }
/**
 * A game as one seat (or a spectator) sees it; `V` is its game's view (types/<game>.d.ts),
 * unknown to the shell, which hands it to the game's module that `game` names.
 */
export interface GameState<V = unknown> {
  id: string; game: string; version: number; status: string;
  seat: number | null; seats: SeatInfo[]; to_act: number[]; over: boolean;
  legal: string[]; offers?: Offer[]; can_undo: boolean; view: V;
  scores: number[] | null; standings: Standing[] | null;
  /** Who chats at the table: the seated players, or everyone (spectators too). */
  chat?: "players" | "everyone";
}
/**
 * An event of the log, already cut to what this seat may see, with its words: the
 * game's (`E`, tagged by its `event` field) or one the server logs itself.
 */
export interface LogEvent<E = unknown> { idx: number; event: E | ServerEvent; message?: Message }
/** A push: the new state, the events since the last one, and those taken back. */
export type Pushed = GameState & { events?: LogEvent[]; undone?: number[] };

/** Whether a logged event is the game's own (the server's carry no `event` tag). */
export function isGameEvent<E>(event: E | ServerEvent): event is E {
  return typeof event === "object" && event !== null && "event" in event;
}

/**
 * A refusal: the server's text (English, for logs and scripts), its short code, and
 * the engine's reason when it gave one.
 */
export class Refused extends Error {
  constructor(message: string, public reason: Message | null, public code: string | null = null) {
    super(message);
  }
}

const TOKEN_KEY = (id: string) => `tabuleiro.token.${id}`;

/** Keeps the seat token of a game, so that a reload finds it. */
export function keepToken(id: string, token: string) {
  localStorage.setItem(TOKEN_KEY(id), token);
}

/**
 * The seat token of a game: from an invite link (`#token=...`, a fragment, which the
 * browser never sends to a server; `?token=` in older links) or as kept before.
 */
export function tokenFor(id: string): string | null {
  const url = new URL(location.href);
  const given = new URLSearchParams(url.hash.slice(1)).get("token") ?? url.searchParams.get("token");
  if (given) {
    keepToken(id, given);
    // The token stays out of the address bar (and of screenshots).
    url.searchParams.delete("token");
    history.replaceState(null, "", url.pathname + url.search);
    return given;
  }
  return localStorage.getItem(TOKEN_KEY(id));
}

export function forgetToken(id: string) {
  localStorage.removeItem(TOKEN_KEY(id));
}

async function answer(res: Response): Promise<any> {
  const body = await res.json();
  if (!res.ok) throw new Refused(body.error ?? res.statusText, body.reason ?? null, body.code ?? null);
  return body;
}

export async function getJson(path: string, token?: string | null): Promise<any> {
  const headers: Record<string, string> = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  return answer(await fetch(path, { headers }));
}

export async function postJson(path: string, body: unknown, token?: string | null): Promise<any> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["Authorization"] = `Bearer ${token}`;
  return answer(await fetch(path, { method: "POST", headers, body: JSON.stringify(body) }));
}

/** The chat's part of a live connection: where it stands, and its new lines. */
export interface LiveChat {
  after(): number;
  hear(lines: any[]): void;
}

export interface Live {
  send(message: unknown): boolean;
  close(): void;
}

/**
 * A WebSocket that comes back after a drop, asking for the events from `since()` on
 * so that nothing is missed or read twice; `onState` gets every pushed state.
 */
export function connect(
  id: string,
  token: string | null,
  since: () => number,
  onState: (state: Pushed) => void,
  onError: (message: string, reason: Message | null, code: string | null) => void,
  chat?: LiveChat,
): Live {
  let ws: WebSocket | null = null;
  let closed = false;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ since: String(since()) });
    if (chat) query.set("chat_after", String(chat.after()));
    // A browser cannot set headers on a WebSocket: the token rides as a subprotocol,
    // never in the URL (which proxies and logs keep).
    const protocols = token ? ["tabuleiro", `tabuleiro.token.${token}`] : ["tabuleiro"];
    ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?${query}`, protocols);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") onError(msg.error, msg.reason ?? null, msg.code ?? null);
      else if (msg.type === "chat") chat?.hear(msg.lines);
    };
    ws.onclose = () => {
      if (!closed) setTimeout(open, 1000);
    };
  };
  open();
  return {
    send(message) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      ws?.close();
    },
  };
}
