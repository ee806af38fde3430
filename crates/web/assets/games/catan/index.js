// Catan (base and Cities & Knights) in the browser: its board, its words and its
// lobby options. It knows how to draw the game; what may be clicked comes from the server.
import { getJson } from "../../api.js";
import * as lobby from "./lobby.js";
import { OWN_KEYS } from "./bar.js";
import { freshKeys, headline, result, table } from "./table.js";
import { describe, keyText, say } from "./words.js";
let geometry = null;
export const catan = {
    title: "Catan",
    async setup() {
        geometry ??= await getJson("/api/boards/catan");
    },
    headline,
    table: (view) => table(view, geometry),
    result,
    say,
    describe,
    fresh: freshKeys,
    // A piece on the board that leads to one decision makes it at once.
    atOnce: (key) => /^(vertex|edge|hex):/.test(key),
    keyText,
    ownKeys: (key) => OWN_KEYS.has(key),
    menuTitle: () => null,
    lobby: {
        setup: async () => { },
        seat: () => "",
        rules: lobby.rules,
        options: (data) => lobby.read(data),
    },
};
