// Seats in words, the same for every game.

import type { SeatInfo } from "./api.js";
import { t } from "./i18n.js";

export function seatName(seats: SeatInfo[], seat: number): string {
  const s = seats[seat];
  const player = t("ui.player", { n: seat + 1 });
  if (!s) return player;
  if (s.kind === "bot") {
    const level = (s.bot ?? "").split(":")[0];
    return `${player} (${s.name || t(`bot.${level}`)})`;
  }
  if (s.kind === "open") return `${player} (${t("web.open_seat")})`;
  return s.name ? `${player} (${s.name})` : player;
}

/** The seats of the game on screen, for the words of its log and messages. */
let onScreen: SeatInfo[] = [];

export function rememberSeats(seats: SeatInfo[]): void {
  onScreen = seats;
}

/**
 * A seat as the log names it: a person by their name, a bot or an open seat as
 * `seatName` says; "Player N" only while the seats are not known.
 */
export function playerName(seat: number): string {
  const s = onScreen[seat];
  return s && s.kind === "human" && s.name ? s.name : seatName(onScreen, seat);
}
