// The games the browser can show, by the name the server gives them.
import { burgundy } from "./burgundy/index.js";
export const GAMES = { burgundy };
export function gameModule(name) {
    const g = GAMES[name];
    if (!g)
        throw new Error(`no table for the game ${name}`);
    return g;
}
