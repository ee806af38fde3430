// The Castles of Burgundy in the browser: its table, its words and its lobby
// options. It knows how to draw the game; what may be clicked comes from the server.

import { getJson } from "../../api.js";
import type { GameModule } from "../../game.js";
import { t } from "../../i18n.js";
import type * as Burgundy from "../../types/burgundy.js";
import * as lobby from "./lobby.js";
import { bar, Boards, BurgundyView, finalScoring, freshKeys, headline, ofGame, table } from "./table.js";
import { describe, say, vineName } from "./words.js";

let boards: Boards | null = null;
/** The content file of the game on the page, fetched once (GET /api/games/{id}/content). */
let content: Record<string, any> | null = null;

async function loadBoards(): Promise<Boards> {
  boards ??= await getJson("/api/boards/burgundy");
  return boards!;
}

export const burgundy: GameModule<BurgundyView, Burgundy.Event> = {
  title: "The Castles of Burgundy",
  async setup(state) {
    await loadBoards();
    if (state.view?.custom_content) content ??= await getJson(`/api/games/${state.id}/content`);
  },
  headline,
  table: (view) => table(view, ofGame(boards!, content)),
  bar: (view) => bar(view, ofGame(boards!, content)),
  result: (view) => finalScoring(view.state, view.events, view.id),
  say,
  describe,
  fresh: freshKeys,
  // A die that can only be used one way is used at once.
  atOnce: (key) => key.startsWith("die:"),
  keyText: (key) => {
    const [kind, n] = key.split(":");
    if (kind === "value" || kind === "set") return n;
    // A shield offered for several castles: the shield first, then its castle's space.
    if (kind === "shield") return t("web.shield_n", { n });
    // A hexamino's way round on its vineyard space: the vine on the left hex, then the right.
    if (kind === "vine-as") {
      const [left, right] = n.split("-");
      return t("web.vine_as", { left: vineName(left), right: vineName(right) });
    }
    return null;
  },
  // The last use of the dice waits for "End turn"; a pass is already an explicit end.
  confirmEnd: (offer) => offer.path[0] !== "pass",
  // A number picks that die (1 and 2, and the third where a knowledge tile adds one).
  shortcut: (key) => (/^[1-9]$/.test(key) ? `die:${key}` : null),
  menuTitle: (keys) => {
    if (keys.every((k) => k.startsWith("value:"))) return t("web.as_value");
    return keys.every((k) => k.startsWith("vine-as:")) ? t("web.vine_turn") : null;
  },
  lobby: {
    // 1: the solo game (seed 000 line 819), its module ticked by the form.
    setup: async () => void (await loadBoards()),
    seat: (i) => lobby.form(boards!).seat(i),
    rules: () => lobby.form(boards!).rules,
    options: (data, players) => lobby.read(boards!.menu, data, players),
  },
};
