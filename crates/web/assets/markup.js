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
    return c.join(" ");
}
/** The options of a select, the `selected`-th chosen. */
export function options(values, labels, selected = 0) {
    return values.map((v, i) => `<option value="${esc(v)}"${i === selected ? " selected" : ""}>${esc(labels[i])}</option>`).join("");
}
