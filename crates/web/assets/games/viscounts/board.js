// The main board as an SVG: the ring of five segments (seed 003 L336-350), each with
// its outer-left, outer-right and inner space, its building spots and its villager and
// manuscript stacks, the Viscounts on their spaces, and the castle in the middle with
// its five level-1 and level-2 sections (each facing a board position) and its top.
import { t } from "../../i18n.js";
import { cls, esc } from "../../markup.js";
import { cardName, data, effectsText, msData, msName, provisional, segmentName, spaceName } from "./words.js";
const C = 320;
function at(r, deg) {
    const a = (deg * Math.PI) / 180;
    return [C + r * Math.cos(a), C + r * Math.sin(a)];
}
/** The angle of board position p's middle (position 0 at the top, clockwise). */
function mid(p) {
    return -90 + p * 72;
}
function wedge(r0, r1, a0, a1) {
    const [x0, y0] = at(r1, a0);
    const [x1, y1] = at(r1, a1);
    const [x2, y2] = at(r0, a1);
    const [x3, y3] = at(r0, a0);
    const f = (n) => n.toFixed(1);
    return `M${f(x0)},${f(y0)} A${r1},${r1} 0 0 1 ${f(x1)},${f(y1)} L${f(x2)},${f(y2)} A${r0},${r0} 0 0 0 ${f(x3)},${f(y3)} Z`;
}
/** Where each space is drawn: outer spaces on the outer ring, the inner on the inner. */
function spaceAt(space) {
    const p = Math.floor(space / 3);
    const k = space % 3;
    return k === 2 ? at(150, mid(p)) : at(232, mid(p) + (k === 0 ? -17 : 17));
}
export function boardSvg(pos, marks, seats, around) {
    const parts = [];
    for (let p = 0; p < 5; p++)
        parts.push(segment(pos, p, marks, around));
    parts.push(castle(pos, marks, seats));
    // The Viscounts, side by side where they share a space.
    const on = {};
    pos.players.forEach((pl, s) => (on[pl.space] ??= []).push(s));
    for (const [space, who] of Object.entries(on)) {
        const [x, y] = spaceAt(Number(space));
        who.forEach((s, i) => {
            const dx = (i - (who.length - 1) / 2) * 13;
            parts.push(`<g class="viscount p${s}c"><circle cx="${(x + dx).toFixed(1)}" cy="${(y + 9).toFixed(1)}" r="8"/><text x="${(x + dx).toFixed(1)}" y="${(y + 13).toFixed(1)}">${s + 1}</text></g>`);
        });
    }
    return `<svg class="vc-board" viewBox="0 0 640 640" role="img" aria-label="${esc(t("ui.main_board"))}">${parts.join("")}</svg>`;
}
function segment(pos, p, marks, around) {
    const seg = data().board.segments[pos.order[p]];
    const m = mid(p);
    const out = [];
    const why = provisional(`board.json:segment_${seg.id}`, seg);
    out.push(`<path class="vc-seg s${p % 2}" d="${wedge(112, 305, m - 36, m + 36)}"><title>${esc(segmentName(p))}${why ? ` · ${esc(t("ui.provisional"))}: ${esc(why)}` : ""}</title></path>`);
    const [lx, ly] = at(292, m);
    out.push(`<text class="vc-seg-name" x="${lx.toFixed(1)}" y="${(ly + 4).toFixed(1)}">${esc(seg.id)}${why ? "*" : ""}</text>`);
    // Building spots along the rim, left bank then right bank.
    const n = seg.spots.length;
    seg.spots.forEach((sp, i) => {
        const a = m - 30 + (60 * (i + 0.5)) / n;
        const [x, y] = at(268, a);
        const key = `spot:${p}:${i}`;
        const built = pos.spots[p][i];
        const fill = built ? ` p${built[0]}c` : "";
        const label = built ? t(`building.${built[1]}`) : effectsText(sp.reward);
        out.push(`<g class="${cls(key, marks, `vc-spot${fill}`)}" data-key="${key}"><rect x="${(x - 9).toFixed(1)}" y="${(y - 9).toFixed(1)}" width="18" height="18" rx="3"/>` +
            `<text x="${x.toFixed(1)}" y="${(y + 4).toFixed(1)}">${built ? esc(buildingLetter(built[1])) : i + 1}</text><title>${esc(t("web.viscounts.spot", { n: i + 1 }))}: ${esc(label)}</title></g>`);
    });
    for (let k = 0; k < 3; k++) {
        const space = p * 3 + k;
        const [x, y] = spaceAt(space);
        const key = `space:${space}`;
        const trade = k === 0 ? seg.trades.outer_left : k === 1 ? seg.trades.outer_right : null;
        const move = marks.legal.has(key) ? around.moves.get(space) : undefined;
        const cost = move ? moveWords(pos, space, move, around) : null;
        const said = cost ? [cost.silver, cost.free ? t("ui.free_step") : "", cost.clash ?? ""].filter(Boolean) : [];
        const tip = [trade ? `${spaceName(space)}: ${t("main.trade")} ${trade.merchant} → ${effectsText(trade.reward)}` : spaceName(space), ...said].join(" · ");
        out.push(`<g class="${cls(key, marks, `vc-space ${k === 2 ? "inner" : "outer"}`)}" data-key="${key}"><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="21"/>` +
            `<text x="${x.toFixed(1)}" y="${(y - 5).toFixed(1)}">${trade ? `${trade.merchant}` : "✎"}</text>${cost ? costLabel(x, y, cost) : ""}<title>${esc(tip)}</title></g>`);
    }
    // The stacks: the villager on offer beside the outer path, the manuscript beside the inner.
    const vill = pos.villagers[p];
    const [vx, vy] = at(190, m - 22);
    const vkey = `villager:${p}`;
    out.push(`<g class="${cls(vkey, marks, "vc-stack villager")}" data-key="${vkey}"><rect x="${(vx - 15).toFixed(1)}" y="${(vy - 20).toFixed(1)}" width="30" height="40" rx="3"/>` +
        `<text x="${vx.toFixed(1)}" y="${(vy + 4).toFixed(1)}">${vill.hidden}</text><title>${esc(vill.top == null ? t("web.viscounts.printed_villager") : cardName(vill.top))}</title></g>`);
    const ms = pos.manuscripts[p];
    const [mx, my] = at(190, m + 22);
    const mkey = `ms:${p}`;
    const msd = ms.top == null ? null : msData(ms.top);
    out.push(`<g class="${cls(mkey, marks, `vc-stack ms r-${msd?.ribbon ?? "none"}`)}" data-key="${mkey}"><rect x="${(mx - 15).toFixed(1)}" y="${(my - 15).toFixed(1)}" width="30" height="30" rx="3"/>` +
        `<text x="${mx.toFixed(1)}" y="${(my + 4).toFixed(1)}">${msd ? msd.cost : "–"}</text><title>${esc(ms.top == null ? t("web.viscounts.printed_manuscript") : msName(ms.top))}</title></g>`);
    return out.join("");
}
/**
 * A lit move as the terminal's table says it (tui `move_words`): the Silver it costs,
 * a Trading Post's free step, and the Viscounts already on the space it collides with.
 */
function moveWords(pos, space, move, around) {
    const met = pos.players.map((pl, s) => (pl.space === space && s !== pos.current ? around.name(s) : null)).filter((n) => n !== null);
    return {
        silver: t("web.viscounts.move_cost", { n: move.paid }),
        free: move.free,
        clash: met.length ? t("web.viscounts.collides", { names: met.join(", ") }) : null,
    };
}
/** The cost under a lit space (★: with a Trading Post's free step), a collision below it. */
function costLabel(x, y, m) {
    return `<text class="vc-cost" x="${x.toFixed(1)}" y="${(y + 34).toFixed(1)}">${esc(m.silver + (m.free ? " ★" : ""))}</text>` +
        (m.clash ? `<text class="vc-cost vc-clash" x="${x.toFixed(1)}" y="${(y + 46).toFixed(1)}">${esc(m.clash)}</text>` : "");
}
function buildingLetter(b) {
    return t(`building.${b}`).slice(0, 1);
}
/** The castle: level-1 section s faces board position p where (p + rotation) % 5 = s. */
function castle(pos, marks, seats) {
    const out = [`<circle class="vc-castle" cx="${C}" cy="${C}" r="108"/>`];
    for (let s = 0; s < 5; s++) {
        const p = (s - pos.rotation + 5) % 5;
        const m = mid(p);
        const key = `castle:1:${s}`;
        out.push(`<g class="${cls(key, marks, "vc-section l1")}" data-key="${key}"><path d="${wedge(68, 106, m - 35, m + 35)}"/>` +
            `${workers(pos.castle.level1[s], 87, m, seats)}<title>${esc(t("ui.castle_level", { n: 1 }))}, ${esc(t("ui.castle_section", { n: s + 1 }))}</title></g>`);
        const l2 = data().board.castle.level_2_rewards[s];
        const why = provisional(`board.json:castle_level_2_${s + 1}`, l2);
        out.push(`<g class="vc-section l2"><path d="${wedge(36, 66, m - 35, m + 35)}"/>${workers(pos.castle.level2[s], 51, m, seats)}` +
            `<title>${esc(t("ui.castle_level", { n: 2 }))}, ${esc(t("ui.castle_section", { n: s + 1 }))}: ${esc(effectsText(l2.effects))}${why ? ` · ${esc(t("ui.provisional"))}: ${esc(why)}` : ""}</title></g>`);
    }
    out.push(`<g class="vc-section l3"><circle cx="${C}" cy="${C}" r="33"/>${workers(pos.castle.level3, 0, 0, seats)}<title>${esc(t("ui.castle_level", { n: 3 }))}</title></g>`);
    return out.join("");
}
/** Workers of each seat in a section, as coloured dots with their number. */
function workers(counts, r, deg, seats) {
    const [x, y] = r === 0 ? [C, C] : at(r, deg);
    const present = counts.slice(0, seats).map((n, s) => [s, n]).filter(([, n]) => n > 0);
    return present.map(([s, n], i) => {
        const dx = (i - (present.length - 1) / 2) * 15;
        return `<g class="worker p${s}c"><circle cx="${(x + dx).toFixed(1)}" cy="${y.toFixed(1)}" r="7"/><text x="${(x + dx).toFixed(1)}" y="${(y + 3.5).toFixed(1)}">${n}</text></g>`;
    }).join("");
}
/** What the board's shapes stand for: spaces, spots, stacks, the castle and the costs. */
export function legend() {
    const items = ["outer", "inner", "spot", "villager", "manuscript", "castle", "viscount", "cost"];
    return `<details class="vc-legend" id="vc-legend" open><summary>${esc(t("web.viscounts.legend.title"))}</summary><ul>` +
        items.map((k) => `<li class="vc-legend-${k}"><span class="vc-key ${k}" aria-hidden="true"></span>${esc(t(`web.viscounts.legend.${k}`))}</li>`).join("") + `</ul></details>`;
}
