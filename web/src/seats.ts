// Seats in words, the same for every game.

import type { SeatInfo } from "./api.js";
import { t } from "./i18n.js";

/**
 * The bot levels the lobby offers, strongest first: expert, hard, medium, easy, at
 * measured points of the ladders (docs/<game>/bots.md). The first is the default
 * opponent: the strongest that answers in about a second a decision. This one (5000
 * search iterations, 20-decision rollouts, the tree kept between a seat's decisions,
 * the evaluation's judgement as a prior with progressive widening) is Catan's; hard
 * is the default search (1000 iterations), medium greedy, easy greedy with three
 * decisions in ten taken among its best three (`greedy:slip=0.3`: it plays sensibly,
 * below greedy; random choices are not a level to offer a person:
 * crates/bots/tests/burgundy_levels.rs).
 */
export const BOT_LEVELS = ["mcts:iters=5000,cap=20,reuse=1,prior=10,widen=1", "mcts", "greedy", "greedy:slip=0.3"];

/**
 * The expert level of a game where it is not the first of `BOT_LEVELS`. Burgundy's
 * searches best-first with no rollout, every position judged on one scale (16000
 * iterations, about 0.2 s of CPU a decision; each doubling of its budget up to
 * this one won 60-68%: docs/burgundy/bots.md, "Sixth round"). In Viscounts
 * Burgundy's old options lost 13 of 20 to hard, and 3000 iterations of the default
 * search won 62 of 100 (docs/viscounts/bots.md). Catan keeps `BOT_LEVELS[0]`: it
 * won 33 of 40 four-player games against three hard bots, more than Burgundy's
 * expert options did (docs/catan/bots.md).
 */
const EXPERT: Record<string, string> = {
  burgundy: "mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even",
  viscounts: "mcts:iters=3000",
};

/** The levels the lobby offers for `game`, strongest first. */
export function botLevels(game: string): string[] {
  return [EXPERT[game] ?? BOT_LEVELS[0], ...BOT_LEVELS.slice(1)];
}

/** A bot spec in words: a level the lobby offers by its own name, another by its kind. */
export function botName(spec: string): string {
  if (spec === BOT_LEVELS[0] || Object.values(EXPERT).includes(spec)) return t("bot.mcts_strong");
  if (spec === BOT_LEVELS[3]) return t("bot.greedy_easy");
  return t(`bot.${spec.split(":")[0]}`);
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
