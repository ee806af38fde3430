// Seats in words, the same for every game.

import type { SeatInfo } from "./api.js";
import { getJson } from "./api.js";
import { t } from "./i18n.js";

/** A bot level as the registry names it, with the bot spec it stands for in one game. */
/** A bot level: its name, its spec and, where measured, its place on the game's bot ladder. */
export interface Level { name: string; spec: string; ladder?: { elo: number; rating: number; players: number; date: string } }

/** What a lobby shows of one game (`GET /api/lobby`, crates/games/src/lobby.rs). */
export interface Listed {
  name: string;
  players: number[];
  options: { name: string; values: (string | number | boolean)[]; players?: number[] }[];
  variant?: string;
  levels: Level[];
}

/** The games as the registry lists them, fetched once a page. */
let listed: Listed[] = [];

export async function loadListed(): Promise<void> {
  listed = (await getJson("/api/lobby").catch(() => ({ games: [] }))).games;
}

/** The registry's entry of `game` (no players, options nor levels when unknown). */
export function listing(game: string): Listed {
  return listed.find((g) => g.name === game) ?? { name: game, players: [], options: [], levels: [] };
}

/** The levels the lobby offers for `game`, strongest first. */
export function botLevels(game: string): Level[] {
  return listing(game).levels;
}

/**
 * A bot spec in words: a level by its name ("expert bot"; a server keeps the spec the
 * level stood for, so it is looked up), another bot by its kind ("MCTS bot").
 */
export function botName(spec: string): string {
  const level = listed.flatMap((g) => g.levels).find((l) => l.spec === spec || l.name === spec);
  return t(level ? `bot.${level.name}` : `bot.${spec.split(":")[0]}`);
}

export function seatName(seats: SeatInfo[], seat: number): string {
  const s = seats[seat];
  const player = t("ui.player", { n: seat + 1 });
  if (!s) return player;
  if (s.kind === "bot") return `${player} (${s.name || botName(s.bot ?? "")})`;
  if (s.kind === "open") return `${player} (${t("web.open_seat")})`;
  return s.name ? `${player} (${s.name})` : player;
}

/** The seats of the game on screen, for the words of its log and messages. */
let onScreen: SeatInfo[] = [];

export function rememberSeats(seats: SeatInfo[]): void {
  onScreen = seats;
}

/**
 * A seat as the log names it: anyone by the name given, else "Player N"; a bot's level
 * is said once, in its panel's heading (`seatName`), not in every line it plays.
 */
export function playerName(seat: number): string {
  return onScreen[seat]?.name || t("ui.player", { n: seat + 1 });
}
