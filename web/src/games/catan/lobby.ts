// Catan's options in the lobby: the expansion and the board, as the engine's Config
// names them (crates/catan/src/config.rs: `expansion`, `board`, `numbers`,
// `separate_red_numbers`); the number of players is the number of seats.

import { t } from "../../i18n.js";
import { esc, options } from "../../markup.js";

/** Catan is played by 3 or 4 (refusal.catan.config.players). */
export const PLAYERS = [3, 4];

export function rules(): string {
  const select = (name: string, values: string[]) =>
    `<label>${esc(t(`web.catan.option.${name}`))} <select name="${name}">` +
    options(values, values.map((v) => t(`web.catan.option.${name}.${v}`))) + `</select></label>`;
  return select("expansion", ["base", "cities_and_knights"]) +
    select("board", ["random", "beginner"]) +
    select("numbers", ["spiral", "shuffled"]) +
    `<label><input type="checkbox" name="separate_red_numbers" checked> ${esc(t("web.catan.option.separate_red_numbers"))}</label>`;
}

/** The game's options from the filled form: the Config's fields, nothing else. */
export function read(data: FormData): unknown {
  return {
    expansion: String(data.get("expansion")),
    board: String(data.get("board")),
    numbers: String(data.get("numbers")),
    separate_red_numbers: data.get("separate_red_numbers") === "on",
  };
}
