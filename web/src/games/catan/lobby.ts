// Catan's options in the lobby, as the registry lists them (crates/games/data/lobby.json,
// named as the engine's Config names them: crates/catan/src/config.rs); the number of
// players is the number of seats.

import { t } from "../../i18n.js";
import { esc, options } from "../../markup.js";
import { listing } from "../../seats.js";

/**
 * The registry's option menus (`GET /api/lobby`): a select per option, a checkbox
 * for a yes-or-no one, the default first.
 */
export function rules(): string {
  return listing("catan").options.map((o) => {
    const label = esc(t(`web.catan.option.${o.name}`));
    if (typeof o.values[0] === "boolean") {
      return `<label><input type="checkbox" name="${esc(o.name)}"${o.values[0] ? " checked" : ""}> ${label}</label>`;
    }
    const values = o.values.map(String);
    return `<label>${label} <select name="${esc(o.name)}">${options(values, values.map((v) => t(`web.catan.option.${o.name}.${v}`)))}</select></label>`;
  }).join("");
}

/** The game's options from the filled form: the registry's options, nothing else. */
export function read(data: FormData): unknown {
  const out: Record<string, unknown> = {};
  for (const o of listing("catan").options) {
    out[o.name] = typeof o.values[0] === "boolean" ? data.get(o.name) === "on" : String(data.get(o.name));
  }
  return out;
}
