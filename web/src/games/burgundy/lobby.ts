// Burgundy's options in the lobby: duchies, edition, the modules the engine plays
// (each with a short description and its own rule options) and the readings where
// the rulebooks differ. One player plays the solo game: its module is then ticked
// for it, unless the AutoDuke is ticked (the automaton is the engine's own
// participant, not a seat). The team game is asked with 4 players. The modules and
// options come from the engine's menu (`/api/boards/burgundy`, `menu`), so a module
// the engine learns appears here.

import { t } from "../../i18n.js";
import { esc, options } from "../../markup.js";
import type { Boards } from "./table.js";

/**
 * One option of `rules`, its module (null: the base game), its readings, the default first (digits: a number),
 * and where seed 001 reads otherwise the classic edition's default.
 */
interface RuleChoice { name: string; module: string | null; readings: string[]; classic?: string }
interface ModuleEntry { name: string; played: boolean; lobby: boolean; editions: string[] }
export interface Menu { modules: ModuleEntry[]; rules: RuleChoice[] }

/**
 * An option's readings; one whose default follows the edition first offers the
 * edition's reading (sent as nothing, so the engine plays the chosen edition's).
 */
function ruleSelect(c: RuleChoice): string {
  const label = (r: string) => t(`web.rule.${c.name}.${r}`);
  const values = c.classic ? ["", ...c.readings] : c.readings;
  const labels = values.map((r) => r === "" ? t("web.rule.by_edition", { special: label(c.readings[0]), classic: label(c.classic!) }) : label(r));
  return `<label>${esc(t(`web.rule.${c.name}`))} <select name="rule.${esc(c.name)}">${options(values, labels)}</select></label>`;
}

/** A played module: its checkbox, what it is, and its options (shown once it is ticked). */
function moduleBox(m: ModuleEntry, rules: RuleChoice[]): string {
  const only = m.editions.includes("classic") ? "" : ` <small>(${esc(t("web.only_special"))})</small>`;
  const own = rules.filter((c) => c.module === m.name).map(ruleSelect).join("");
  return `<div class="module"><label><input type="checkbox" name="module" value="${esc(m.name)}"> ` +
    `<b>${esc(t(`module.${m.name}`))}</b>${only}<br><small>${esc(t(`web.module_about.${m.name}`))}</small></label>` +
    (own ? `<div class="module-rules">${own}</div>` : "") + `</div>`;
}

/** A duchy choice per seat, then the game's rules and modules. */
export function form(boards: Boards): { seat: (i: number) => string; rules: string } {
  const duchyOpts = `<option value="">${esc(t("web.random"))}</option>` + [...boards.duchies.boards, ...boards.solo_duchies.boards]
    .map((b) => `<option value="${b.number}">${esc(t("ui.duchy", { n: b.number }))}${b.verified ? "" : ` (${esc(t("web.unverified"))})`}</option>`)
    .join("");
  const menu = boards.menu;
  const base = menu.rules.filter((c) => c.module === null).map(ruleSelect).join("");
  const modules = menu.modules.filter((m) => m.lobby).map((m) => moduleBox(m, menu.rules)).join("");
  return {
    seat: (i) => `<select name="duchy${i}" aria-label="duchy">${duchyOpts}</select>`,
    rules:
      `<label>${esc(t("web.edition"))} <select name="edition">${options(["special", "classic"], [t("web.ed.special"), t("web.ed.classic")])}</select></label>` +
      `<label><input type="checkbox" name="castle_on_centre"> ${esc(t("web.castle_on_centre"))}</label>` +
      `<fieldset class="modules"><legend>${esc(t("web.modules"))}</legend>${modules}</fieldset>` +
      `<label>${esc(t("web.content_file"))} <input type="file" name="content" id="content-file" accept=".json,application/json"></label>` +
      `<details class="readings"><summary>${esc(t("web.rules_readings"))}</summary>${base}</details>`,
  };
}

/** The largest content file the server takes (`CONTENT_LIMIT`, 256 KiB). */
const CONTENT_KIB = 256;

/**
 * The game's options from the filled form: a module's own options only with it,
 * and a content file's text (docs/burgundy/content.md), which the server reads and
 * validates like the embedded data.
 */
export async function read(menu: Menu, data: FormData, players: number): Promise<unknown> {
  const options: any = readForm(menu, data, players);
  const file = data.get("content");
  if (file instanceof File && file.size > 0) {
    if (file.size > CONTENT_KIB * 1024) throw new Error(t("refusal.content_too_large", { kib: CONTENT_KIB }));
    options.content = await file.text();
  }
  return options;
}

function readForm(menu: Menu, data: FormData, players: number): unknown {
  const duchies: number[] = [];
  for (let i = 0; i < players; i++) {
    const d = String(data.get(`duchy${i}`) ?? "");
    if (d) duchies.push(Number(d));
  }
  if (duchies.length && duchies.length !== players) throw new Error(t("web.duchies_all_or_none"));
  // One player plays the solo game (seed 000 line 819), and the solo game is played alone,
  // unless that player plays against the AutoDuke (1-3 people; seed 000 line 1036).
  // With more players a ticked solo module is sent, and refused with its reason.
  const modules = data.getAll("module").map(String);
  if (players === 1 && !modules.includes("solo") && !modules.includes("auto-duke")) modules.push("solo");
  const rules: Record<string, string | number> = {};
  for (const c of menu.rules) {
    const value = data.get(`rule.${c.name}`);
    if (value !== null && value !== "" && (c.module === null || modules.includes(c.module))) rules[c.name] = /^\d+$/.test(String(value)) ? Number(value) : String(value);
  }
  return {
    edition: data.get("edition"),
    rules,
    modules,
    castle_on_centre: data.get("castle_on_centre") === "on",
    // Sent even when empty: "random" means random boards in both editions, where a
    // config without duchies would take the classic edition's standard setup (duchy 1).
    duchies,
  };
}
