// The games the browser can show, by the name the server gives them.
import { burgundy } from "./burgundy/index.js";
import { catan } from "./catan/index.js";
import { viscounts } from "./viscounts/index.js";
/** The lobby offers them in this order; the first is its default. */
export const GAMES = { burgundy, catan, viscounts };
export function gameModule(name) {
    const g = GAMES[name];
    if (!g)
        throw new Error(`no table for the game ${name}`);
    return g;
}
