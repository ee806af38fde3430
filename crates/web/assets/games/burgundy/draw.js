// SVG drawing of Burgundy's pieces, as markup strings. Anything clickable carries
// the key of the offers' paths (`data-key`, see ../../offers.ts).
import { t } from "../../i18n.js";
import { cls, esc, hexPoints } from "../../markup.js";
import { tileIcon } from "./icons.js";
import { COLOURS, colourName, tileColour, tileLabel, tileTitle } from "./words.js";
export const ROWS = [4, 5, 6, 7, 6, 5, 4];
const SQRT3 = Math.sqrt(3);
/** The centre of each of the 37 spaces, rows of 4-5-6-7-6-5-4 pointy-top hexes. */
export function spaceCentres(r) {
    const w = SQRT3 * r;
    const out = [];
    ROWS.forEach((n, row) => {
        for (let i = 0; i < n; i++)
            out.push([((7 - n) * w) / 2 + i * w + w / 2, r + row * 1.5 * r]);
    });
    return out;
}
/** A tile drawn on a hex centred at (cx, cy). */
function tileGlyph(tile, cx, cy, r, edition) {
    const colour = tileColour(tile);
    const face = tileIcon(tile, cx, cy, r) ??
        `<text x="${cx.toFixed(1)}" y="${(cy + r * 0.18).toFixed(1)}" class="tile-text" font-size="${(r * 0.5).toFixed(1)}">${esc(tileLabel(tile))}</text>`;
    return `<polygon class="tile-hex c-${colour}" points="${hexPoints(cx, cy, r)}"/>` + face +
        `<title>${esc(tileTitle(tile, edition))}</title>`;
}
/** A lone tile (in a depot, in storage) as a small SVG. */
export function tileSvg(tile, key, marks, edition, size = 44) {
    const r = size / 2;
    return `<svg class="${cls(key, marks, "tile")}" data-key="${esc(key)}" data-tile="${esc(tile)}" data-info="${esc(tileTitle(tile, edition))}" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
        tileGlyph(tile, r, r, r - 1, edition) + `</svg>`;
}
/**
 * A team board's spaces (crates/burgundy content.rs `board_axial`): 0-36 the left
 * half in its rows, 37-72 the right half's others, six columns to the right; the
 * right half's middle row starts on the left's last space, which both share.
 */
const RIGHT_HALF_OFFSET = 6;
const SHARED_IN_RIGHT_HALF = 15;
/** The right half's own index (0-36) of team-board space `s` (37-72). */
function rightIndex(s) {
    const i = s - 37;
    return i + (i >= SHARED_IN_RIGHT_HALF ? 1 : 0);
}
/** The half of a team board's space: 0 the left, 1 the right, 2 the centre both share. */
export function halfOf(s) {
    return s === 21 ? 2 : s < 37 ? 0 : 1;
}
export function boardCells(board) {
    const text = board.cells ?? (board.halves ? teamCells(board.halves) : (board.rows ?? []).join(" "));
    return text.trim().split(/\s+/).map((cell) => ({ colour: COLOURS["CBPWKM".indexOf(cell[0])], number: Number(cell.slice(1)) }));
}
/** A team board's 73 cells in space order: the left half, then the right half's others. */
function teamCells(halves) {
    const [left, right] = halves.map((rows) => rows.join(" ").trim().split(/\s+/));
    return [...left, ...right.filter((_, i) => i !== SHARED_IN_RIGHT_HALF)].join(" ");
}
/** Spaces 108 pixels apart on the solo boards' pictures, drawn as hexes of radius `r`. */
const PX_STEP = 108;
function layout(board) {
    const r = 30;
    if (board.halves) {
        const w = SQRT3 * r;
        const left = spaceCentres(r);
        const right = Array.from({ length: 36 }, (_, i) => {
            const [x, y] = left[rightIndex(37 + i)];
            return [x + RIGHT_HALF_OFFSET * w, y];
        });
        return { centres: [...left, ...right], r, w: w * (7 + RIGHT_HALF_OFFSET), h: r * 2 + 6 * 1.5 * r };
    }
    if (!board.px)
        return { centres: spaceCentres(r), r, w: SQRT3 * r * 7, h: r * 2 + 6 * 1.5 * r };
    const k = (SQRT3 * r) / PX_STEP;
    const xs = board.px.map(([x]) => x);
    const ys = board.px.map(([, y]) => y);
    const [x0, y0] = [Math.min(...xs) - PX_STEP / 2, Math.min(...ys) - PX_STEP / 2];
    const centres = board.px.map(([x, y]) => [(x - x0) * k, (y - y0) * k]);
    return { centres, r, w: (Math.max(...xs) - x0 + PX_STEP / 2) * k, h: (Math.max(...ys) - y0 + PX_STEP / 2) * k };
}
/** The solo boards' rivers, drawn under the spaces they join. */
function riversSvg(board, centres) {
    return (board.rivers ?? [])
        .map(([a, b]) => `<line class="river" data-river="${a}-${b}" x1="${centres[a][0].toFixed(1)}" y1="${centres[a][1].toFixed(1)}" x2="${centres[b][0].toFixed(1)}" y2="${centres[b][1].toFixed(1)}"/>`)
        .join("");
}
/** A duchy as a hex map: colours and die numbers, the tiles placed on it. */
export function duchySvg(board, spaces, marks, edition, clickable) {
    const cells = boardCells(board);
    const { centres, r, w, h } = layout(board);
    // On a solo board the rivers run under the spaces: each space hides what it covers.
    const bedAt = (cx, cy) => (board.rivers ? `<polygon class="bed" points="${hexPoints(cx, cy, r - 1)}"/>` : "");
    const body = centres
        .map(([cx, cy], s) => {
        const cell = cells[s];
        const key = `space:${s}`;
        const tile = spaces[s];
        const bed = bedAt(cx, cy);
        const c = cls(key, clickable ? marks : { ...marks, legal: new Set(), selected: new Set(), held: undefined }, "space");
        const ghost = clickable && !tile && marks.held?.has(key) ? heldTile(marks.held) : null;
        const inner = tile
            ? tileGlyph(tile, cx, cy, r * 0.8, edition)
            : ghost
                ? `<g class="ghost">${tileGlyph(ghost, cx, cy, r * 0.8, edition)}</g>`
                : `<text x="${cx.toFixed(1)}" y="${(cy + 6).toFixed(1)}" class="die-number">${cell.number}</text>` +
                    `<title>${esc(colourName(cell.colour))} ${cell.number} · ${esc(t("web.space", { space: s }))}</title>`;
        const info = tile ? ` data-info="${esc(tileTitle(tile, edition))}"` : "";
        const half = board.halves ? ` data-half="${halfOf(s)}"` : "";
        return `<g class="${c}" data-key="${clickable ? key : ""}" data-space="${s}"${half}${info}>` +
            `${bed}<polygon class="ground c-${cell.colour}" points="${hexPoints(cx, cy, r - 1)}"/>${inner}</g>`;
    })
        .join("");
    const team = board.halves ? " team-board" : "";
    return `<svg class="duchy${team}" data-tiles viewBox="0 0 ${w.toFixed(0)} ${h.toFixed(0)}" role="group" aria-label="${esc(t("ui.duchy", { n: board.number }))}">${riversSvg(board, centres)}${halvesSvg(board, centres, r)}${body}</svg>`;
}
/** A half's corner spaces in its own ids: rows 0, 3 and 6's ends (a hexagon's six corners). */
const HALF_CORNERS = [0, 3, 21, 36, 33, 15];
/** Team-board space of right-half index `i` (the inverse of `rightIndex`; 15 is the shared centre). */
function rightSpace(i) {
    return i === SHARED_IN_RIGHT_HALF ? 21 : i < SHARED_IN_RIGHT_HALF ? 37 + i : 36 + i;
}
/**
 * A team board's two halves, each outlined as the hexagon it is under its spaces,
 * the two touching at the centre castle space they share (seed 002 line 830 "2
 * mitades de tablero", line 831 "la casilla hexagonal borgoña central").
 */
function halvesSvg(board, centres, r) {
    if (!board.halves)
        return "";
    const w = SQRT3 * r;
    // Outward from each corner space: up-left, up-right, right, down-right, down-left, left.
    const out = [[-w / 2, -r], [w / 2, -r], [w / 2, 0], [w / 2, r], [-w / 2, r], [-w / 2, 0]];
    return [0, 1].map((h) => {
        const points = HALF_CORNERS.map((c, k) => {
            const [x, y] = centres[h === 0 ? c : rightSpace(c)];
            return `${(x + out[k][0]).toFixed(1)},${(y + out[k][1]).toFixed(1)}`;
        }).join(" ");
        const label = t(h === 0 ? "web.team_half_left" : "web.team_half_right");
        return `<g class="team-half h${h}" data-half-outline="${h}"><polygon points="${points}"/><title>${esc(label)}</title></g>`;
    }).join("");
}
/**
 * The tile a held decision puts on an empty space, drawn there as a ghost until it is
 * sent: the stored tile placed, the black depot's tile, else the starting castle (a
 * held decision on an empty space with no tile in its path).
 */
function heldTile(held) {
    for (const key of held) {
        const m = /^(?:storage|depot:0):(.+)$/.exec(key);
        if (m)
            return m[1];
    }
    return "castle";
}
/**
 * A row of spaces as hexes (the AutoDuke's board 35/36, a village card): each in
 * its colour, with the tile on it, "?" for a tile face down, or its marks.
 */
export function slotsSvg(slots, perRow, label, edition, r = 14) {
    const w = SQRT3 * r;
    const rows = Math.ceil(slots.length / perRow);
    const body = slots.map((slot, i) => {
        const [cx, cy] = [w / 2 + (i % perRow) * w + ((Math.floor(i / perRow) % 2) * w) / 2, r + Math.floor(i / perRow) * 1.5 * r];
        const ground = `<polygon class="ground c-${slot.colour}" points="${hexPoints(cx, cy, r - 1)}"/>`;
        const inner = slot.faceDown
            ? `<polygon class="tile-hex face-down" points="${hexPoints(cx, cy, r * 0.8)}"/><text x="${cx.toFixed(1)}" y="${(cy + r * 0.3).toFixed(1)}" class="tile-text" font-size="${r.toFixed(0)}">?</text>`
            : slot.tile
                ? tileGlyph(slot.tile, cx, cy, r * 0.8, edition)
                : `<title>${esc(colourName(slot.colour))}${slot.mark ? ` (${esc(slot.mark)})` : ""}</title>` +
                    (slot.mark ? `<text x="${cx.toFixed(1)}" y="${(cy + r * 0.3).toFixed(1)}" class="die-number" font-size="${(r * 0.8).toFixed(0)}">${esc(slot.mark)}</text>` : "");
        const state = slot.tile || slot.faceDown ? "filled" : "open";
        return `<g class="slot ${state}" data-slot="${i}">${ground}${inner}</g>`;
    }).join("");
    const width = w * (Math.min(perRow, slots.length) + (rows > 1 ? 0.5 : 0));
    const height = r * 2 + (rows - 1) * 1.5 * r;
    return `<svg class="slots" viewBox="0 0 ${width.toFixed(0)} ${height.toFixed(0)}" width="${width.toFixed(0)}" height="${height.toFixed(0)}" role="img" aria-label="${esc(label)}">${body}</svg>`;
}
/** A die face with its pips. */
export function dieSvg(face, key, marks, white = false) {
    const pips = {
        1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
        4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
        6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
    };
    const dots = face
        ? pips[face].map(([x, y]) => `<circle cx="${x * 10}" cy="${y * 10}" r="3.6"/>`).join("")
        : `<line x1="8" y1="8" x2="32" y2="32"/><line x1="32" y1="8" x2="8" y2="32"/>`;
    const c = cls(key, marks, `die${white ? " white" : ""}${face ? "" : " used"}`);
    return `<svg class="${c}" data-key="${esc(key)}" viewBox="0 0 40 40" width="40" height="40">` +
        `<rect x="1" y="1" width="38" height="38" rx="7"/>${dots}<title>${face ?? t("ui.used")}</title></svg>`;
}
/** A goods token of type 1-6 with a count. */
export function goodsSvg(type, count, key, marks) {
    const label = count > 1 ? `${type}×${count}` : `${type}`;
    return `<svg class="${cls(key, marks, `goods g${type}`)}" data-key="${esc(key)}" viewBox="0 0 34 24" width="34" height="24">` +
        `<rect x="1" y="1" width="32" height="22" rx="4"/><text x="17" y="17">${esc(label)}</text>` +
        `<title>${esc(t("web.goods_type", { n: type, count }))}</title></svg>`;
}
