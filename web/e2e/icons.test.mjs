// Every Burgundy tile kind is drawn as an icon (web/src/games/burgundy/icons.ts, as
// compiled), never as letters: the kinds restated from crates/burgundy/src/tile.rs
// (Tile's Display: castle, mine, ship, the buildings' names, each animal with its
// counts 2-4, the geese's 2, knowledge1-29). No browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { tileIcon } from "../../crates/web/assets/games/burgundy/icons.js";

const BUILDINGS = ["warehouse", "carpenters-workshop", "church", "market", "boarding-house", "bank", "city-hall",
  "watchtower", "crane", "white-castle", "inn", "face-down"];
const ANIMALS = ["cow", "pig", "sheep", "chicken", "goose"].flatMap((a) => [2, 3, 4].map((n) => `${a}${n}`));
const KNOWLEDGE = Array.from({ length: 29 }, (_, i) => `knowledge${i + 1}`);

test("every tile kind has an icon, the counted and numbered ones with their number", () => {
  for (const tile of ["castle", "mine", "ship", ...BUILDINGS, ...ANIMALS, ...KNOWLEDGE]) {
    const icon = tileIcon(tile, 20, 20, 18);
    assert.ok(icon && icon.includes("<"), `${tile} has no icon`);
    const n = /(\d+)$/.exec(tile)?.[1];
    if (n) assert.match(icon, new RegExp(`>${n}</text>`), `${tile} shows its number`);
  }
});
