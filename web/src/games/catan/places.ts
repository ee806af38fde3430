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

/** A hex by its terrain and number: "forest 6", "desert". */
function hexLabel(h: number): string {
  const terrain = layout?.terrain[h];
  if (terrain === undefined) return t("web.catan.hex", { n: h });
  const n = layout!.numbers[h];
  return n ? `${t(`terrain.${terrain}`)} ${n}` : t(`terrain.${terrain}`);
}

/**
 * The side of the board a hex lies on, as a clock's hour seen from the middle (12 at
 * the top): each hex of a ring at its own hour; "centre" for the middle hex.
 */
function side(h: number): string {
  const [q, r] = geometry!.hexes[h];
  if (q === 0 && r === 0) return t("web.catan.where.centre");
  // The drawn centre (board.ts `hexAt`), y down.
  const [x, y] = [(2 * q + r) * Math.sqrt(3) / 2, 1.5 * r];
  const hour = (Math.round(Math.atan2(x, -y) / (Math.PI / 6)) + 12) % 12;
  return t("web.catan.where.clock", { h: hour || 12 });
}

/** How far a hex lies from the middle, in rings (the outer ring on the coast). */
function ring(h: number): number {
  const [q, r] = geometry!.hexes[h];
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
}

/**
 * A hex in words: "forest 6"; where another hex has the same terrain and number, also
 * the side of the board it lies on ("pasture 8 (at 2 o'clock)"), and its ring where
 * both lie at the same hour.
 */
export function hexName(h: number): string {
  const label = hexLabel(h);
  if (!geometry || !layout) return label;
  const alike = layout.terrain.map((_, o) => o).filter((o) => o !== h && hexLabel(o) === label);
  if (!alike.length) return label;
  const where = side(h);
  const sameSide = alike.some((o) => side(o) === where);
  const ringWord = ring(h) === Math.max(...layout.terrain.map((_, o) => ring(o))) ? "coast" : "inland";
  return t("web.catan.place.hex_where", { hex: label, where: sameSide ? t(`web.catan.where.${ringWord}`, { where }) : where });
}

function hexesText(hexes: number[]): string {
  return hexes.map(hexLabel).join(" / ");
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
