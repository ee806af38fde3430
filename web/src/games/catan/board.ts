// Catan's board as SVG: the geometry the engine serves (/api/boards/catan: hexes in
// axial coordinates, intersections in half-units, paths as two intersections, the
// harbour slots), the layout of the game (terrain, numbers, harbours) and the pieces.
// Every intersection, path and hex carries the key the offers name it by
// (`vertex:N`, `edge:N`, `hex:N`, see crates/catan/src/present.rs), lit or not, and
// its name as an SVG title (the accessible name of a lit piece).

import type { Costs } from "./bar.js";
import { t } from "../../i18n.js";
import { cls, esc, hexPoints, Marks } from "../../markup.js";
import { edgeName, hexName, vertexName } from "./places.js";

export interface Geometry {
  hexes: [number, number][];
  vertices: [number, number][];
  edges: [number, number][];
  harbours: [number, number][];
  /** The hexes meeting at each intersection (the engine's `Geometry::vertex_hexes`). */
  vertex_hexes: number[][];
  /** What each build costs, from the engine's data files (the bar shows them). */
  costs?: Costs;
}

/** A hex's radius in pixels; the engine's half-units are √3·R/2 across and R/2 down. */
const R = 44;
const XU = (Math.sqrt(3) * R) / 2;
const YU = R / 2;

type Point = [number, number];

export function vertexAt(g: Geometry, v: number): Point {
  const [x, y] = g.vertices[v];
  return [x * XU, y * YU];
}

export function hexAt(g: Geometry, h: number): Point {
  const [q, r] = g.hexes[h];
  return [(2 * q + r) * XU, 3 * r * YU];
}

/** How many of the 36 rolls of two dice give `n`: the dots under a number token. */
export function dots(n: number): number {
  return n >= 2 && n <= 12 ? 6 - Math.abs(7 - n) : 0;
}

/** What the board shows: the layout and who holds which piece where. */
export interface Pieces {
  terrain: string[];
  numbers: number[];
  harbours: (string | { special: string })[];
  robber: number;
  roads: Map<number, number>; // edge → seat
  settlements: Map<number, number>; // vertex → seat
  cities: Map<number, number>;
  walls: Set<number>;
  metropolises: Map<number, string>; // vertex → track
  knights: Map<number, { seat: number; level: number; active: boolean }>;
  merchant: { seat: number; hex: number } | null;
}

/** The board with its pieces, lit as `marks` says. */
export function boardSvg(g: Geometry, p: Pieces, marks: Marks): string {
  const w = 7.4 * 2 * XU;
  const h = 11.4 * 2 * YU;
  const hexes = g.hexes.map((_, i) => hexSvg(g, p, i, marks)).join("");
  const harbours = g.harbours.map((vs, i) => harbourSvg(g, vs, p.harbours[i])).join("");
  const edges = g.edges.map((_, e) => edgeSvg(g, e, p.roads.get(e), marks)).join("");
  const vertices = g.vertices.map((_, v) => vertexSvg(g, v, p, marks)).join("");
  return `<svg class="catan-board" viewBox="${(-w / 2).toFixed(0)} ${(-h / 2).toFixed(0)} ${w.toFixed(0)} ${h.toFixed(0)}" role="group" aria-label="${esc(t("web.catan.board"))}">` +
    `<polygon class="sea" points="${hexPoints(0, 0, 6.2 * R)}" transform="rotate(30)"/>` +
    hexes + harbours + edges + vertices + `</svg>`;
}

function hexSvg(g: Geometry, p: Pieces, h: number, marks: Marks): string {
  const [cx, cy] = hexAt(g, h);
  const terrain = p.terrain[h];
  const n = p.numbers[h];
  const key = `hex:${h}`;
  const label = hexName(h);
  let token = "";
  if (n) {
    const d = dots(n);
    const pips = Array.from({ length: d }, (_, i) =>
      `<circle cx="${(cx + (i - (d - 1) / 2) * 3.4).toFixed(1)}" cy="${(cy + 8).toFixed(1)}" r="1.3"/>`).join("");
    token = `<g class="token${n === 6 || n === 8 ? " red" : ""}"><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="14"/>` +
      `<text x="${cx.toFixed(1)}" y="${(cy + 4).toFixed(1)}">${n}</text>${pips}</g>`;
  }
  const robber = p.robber === h
    ? `<g class="robber"><title>${esc(t("ui.robber"))}</title><circle cx="${(cx - 17).toFixed(1)}" cy="${(cy - 14).toFixed(1)}" r="5"/>` +
      `<rect x="${(cx - 22).toFixed(1)}" y="${(cy - 10).toFixed(1)}" width="10" height="14" rx="4"/></g>`
    : "";
  const merchant = p.merchant?.hex === h
    ? `<g class="merchant cp${p.merchant.seat}"><title>${esc(t("web.catan.merchant"))}</title>` +
      `<polygon points="${(cx + 17).toFixed(1)},${(cy - 24).toFixed(1)} ${(cx + 23).toFixed(1)},${(cy - 10).toFixed(1)} ${(cx + 11).toFixed(1)},${(cy - 10).toFixed(1)}"/></g>`
    : "";
  return `<g class="${cls(key, marks, "hex")}" data-key="${key}">` +
    `<polygon class="terrain t-${esc(terrain)}" points="${hexPoints(cx, cy, R - 1)}"/><title>${esc(label)}</title>${token}${robber}${merchant}</g>`;
}

/** A harbour: its rate on the sea beside its two intersections, a pier to each. */
function harbourSvg(g: Geometry, [a, b]: [number, number], kind: string | { special: string } | undefined): string {
  const [ax, ay] = vertexAt(g, a);
  const [bx, by] = vertexAt(g, b);
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(mx, my) || 1;
  const [hx, hy] = [mx + (mx / len) * 26, my + (my / len) * 26];
  const special = typeof kind === "object" && kind ? kind.special : null;
  const title = special ? t("ui.harbour_special", { card: t(`card.${special}`) }) : t("ui.harbour_generic");
  return `<g class="harbour"><title>${esc(title)}</title>` +
    `<line x1="${ax.toFixed(1)}" y1="${ay.toFixed(1)}" x2="${hx.toFixed(1)}" y2="${hy.toFixed(1)}"/>` +
    `<line x1="${bx.toFixed(1)}" y1="${by.toFixed(1)}" x2="${hx.toFixed(1)}" y2="${hy.toFixed(1)}"/>` +
    `<circle class="${special ? `k-${esc(special)}` : "generic"}" cx="${hx.toFixed(1)}" cy="${hy.toFixed(1)}" r="12"/>` +
    `<text x="${hx.toFixed(1)}" y="${(hy + 4).toFixed(1)}">${special ? "2:1" : "3:1"}</text></g>`;
}

function edgeSvg(g: Geometry, e: number, seat: number | undefined, marks: Marks): string {
  const [a, b] = g.edges[e];
  const [ax, ay] = vertexAt(g, a);
  const [bx, by] = vertexAt(g, b);
  // A road stops short of the intersections, where the buildings stand.
  const f = (k: number) => [(ax + (bx - ax) * k).toFixed(1), (ay + (by - ay) * k).toFixed(1)];
  const [x1, y1] = f(0.2);
  const [x2, y2] = f(0.8);
  const key = `edge:${e}`;
  const road = seat === undefined ? "" : ` road cp${seat}`;
  return `<g class="${cls(key, marks, `edge${road}`)}" data-key="${key}"><title>${esc(edgeName(e))}</title>` +
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/></g>`;
}

function vertexSvg(g: Geometry, v: number, p: Pieces, marks: Marks): string {
  const [x, y] = vertexAt(g, v);
  const key = `vertex:${v}`;
  const X = x.toFixed(1);
  const Y = y.toFixed(1);
  let piece = "";
  let label = vertexName(v);
  let base = "vertex";
  const settlement = p.settlements.get(v);
  const city = p.cities.get(v);
  const knight = p.knights.get(v);
  if (city !== undefined) {
    const metro = p.metropolises.get(v);
    const wall = p.walls.has(v) ? `<rect class="wall" x="${x - 15}" y="${y - 11}" width="30" height="24" rx="3"/>` : "";
    piece = wall + `<path class="cp${city}" d="M${x - 11},${y + 9} v-12 h8 v-7 l5,-5 l5,5 v7 h4 v12 z"/>` +
      (metro ? `<circle class="metro m-${esc(metro)}" cx="${X}" cy="${(y - 1).toFixed(1)}" r="3.5"/>` : "");
    label = `${t("piece.city")} ${label}`;
    base += " built";
  } else if (settlement !== undefined) {
    piece = `<path class="cp${settlement}" d="M${x - 7},${y + 7} v-8 l7,-7 l7,7 v8 z"/>`;
    label = `${t("piece.settlement")} ${label}`;
    base += " built";
  } else if (knight) {
    piece = `<g class="knight cp${knight.seat}${knight.active ? " active" : ""}"><circle cx="${X}" cy="${Y}" r="10"/>` +
      `<text x="${X}" y="${(y + 4).toFixed(1)}">${"I".repeat(knight.level)}</text></g>`;
    label = t(knight.active ? "web.catan.knight_active" : "web.catan.knight", { level: knight.level }) + ` ${label}`;
    base += " built";
  }
  return `<g class="${cls(key, marks, base)}" data-key="${key}"><title>${esc(label)}</title>` +
    `<circle class="spot" cx="${X}" cy="${Y}" r="9"/>${piece}</g>`;
}
