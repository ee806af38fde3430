// Markup helpers shared by the shell and the games' tables: anything clickable
// carries `data-key` (see offers.ts); what may be clicked next has the class `legal`.
export function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
export function emptyMarks() {
    return { legal: new Set(), selected: new Set(), fresh: new Set() };
}
export function cls(key, marks, base) {
    const c = [base];
    if (marks.legal.has(key))
        c.push("legal");
    if (marks.selected.has(key))
        c.push("selected");
    if (marks.fresh.has(key))
        c.push("fresh");
    if (marks.held?.has(key))
        c.push("held");
    return c.join(" ");
}
/** The corners of a pointy-top hex centred at (cx, cy), as an SVG polygon's points. */
export function hexPoints(cx, cy, r) {
    const pts = [];
    for (let k = 0; k < 6; k++) {
        const a = (Math.PI / 180) * (60 * k - 90);
        pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
    }
    return pts.join(" ");
}
/** The options of a select, the `selected`-th chosen. */
export function options(values, labels, selected = 0) {
    return values.map((v, i) => `<option value="${esc(v)}"${i === selected ? " selected" : ""}>${esc(labels[i])}</option>`).join("");
}
