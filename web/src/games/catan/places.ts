// Places on the board in words, as players name them: a hex by its terrain and number
// ("forest 6"), an intersection by the hexes that meet there ("the forest 6 / hills 8
// corner"), a path by the hexes on either side. The geometry, the hexes at each
// intersection included, comes from the server (/api/boards/catan), the terrain and
// numbers from the game on screen.

import { t } from "../../i18n.js";
import type { Geometry } from "./board.js";

interface Layout {
  terrain: string[];
  numbers: number[];
}

let geometry: Geometry | null = null;
let layout: Layout | null = null;

/** The board the names are taken from: its geometry and the layout of the game on screen. */
export function rememberBoard(g: Geometry, l: Layout): void {
  geometry = g;
  layout = l;
}

/** The hexes meeting at intersection `v`, as the engine's geometry has them. */
function hexesAt(v: number): number[] {
  return geometry?.vertex_hexes?.[v] ?? [];
}

/** A hex in words: "forest 6", "desert". */
export function hexName(h: number): string {
  const terrain = layout?.terrain[h];
  if (terrain === undefined) return t("web.catan.hex", { n: h });
  const n = layout!.numbers[h];
  return n ? `${t(`terrain.${terrain}`)} ${n}` : t(`terrain.${terrain}`);
}

function hexesText(hexes: number[]): string {
  return hexes.map(hexName).join(" / ");
}

/** An intersection in words, by the hexes that meet there. */
export function vertexName(v: number): string {
  const hexes = hexesAt(v);
  if (!layout || !hexes?.length) return t("web.catan.vertex", { n: v });
  return t("web.catan.place.corner", { hexes: hexesText(hexes) });
}

/** A path in words, by the hexes on either side (one on the coast). */
export function edgeName(e: number): string {
  const ends = geometry?.edges[e];
  if (!layout || !ends) return t("web.catan.edge", { n: e });
  const [a, b] = ends;
  const hexes = hexesAt(a).filter((h) => hexesAt(b).includes(h));
  return hexes.length ? t("web.catan.place.side", { hexes: hexesText(hexes) }) : t("web.catan.edge", { n: e });
}
