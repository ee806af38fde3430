// Points by source, as the engine counts them (View::point_sources): the tooltip of
// each player's points and the end screen's table. Victory point cards stay hidden
// until the end, where they are the final score less the public points.
import { t } from "../../i18n.js";
import { esc } from "../../markup.js";
import { seatName } from "../../seats.js";
/** Every source a game of Catan can score from, in the order the table shows them. */
const SOURCES = ["settlements", "cities", "metropolises", "longest_road", "largest_army", "defender", "merchant", "point_cards"];
function sourcesOf(s, seat) {
    return new Map(s.view.point_sources[seat] ?? []);
}
/** One seat's public points in words, for its panel: "settlements 2 · cities 4". */
export function pointsTitle(s, seat) {
    return [...sourcesOf(s, seat)].map(([k, n]) => `${t(`web.catan.points.${k}`)} ${n}`).join(" · ");
}
/** The hidden points of a finished game: the final score less what everyone saw. */
function hiddenPoints(s, seat) {
    const score = s.scores?.[seat];
    return typeof score === "number" ? Math.max(0, score - (s.view.public_points[seat] ?? 0)) : 0;
}
/** The table of points by source, a row per source used in this game, a column per player. */
export function pointsTable(s) {
    const seats = s.view.position.players.map((_, i) => i);
    const by = seats.map((seat) => sourcesOf(s, seat));
    const hidden = seats.map((seat) => hiddenPoints(s, seat));
    const used = SOURCES.filter((k) => by.some((m) => m.has(k)));
    const row = (label, cells, cls = "") => `<tr${cls ? ` class="${cls}"` : ""}><th scope="row">${esc(label)}</th>${cells.map((n) => `<td>${n}</td>`).join("")}</tr>`;
    const rows = used.map((k) => row(t(`web.catan.points.${k}`), by.map((m) => m.get(k) ?? 0)));
    if (!s.view.position.ck)
        rows.push(row(t("web.catan.points.vp_cards"), hidden));
    const totals = seats.map((seat) => (s.view.public_points[seat] ?? 0) + hidden[seat]);
    rows.push(row(t("web.catan.points.total"), totals, "total"));
    const head = seats.map((seat) => `<th scope="col" class="cp-border${seat}">${esc(seatName(s.seats, seat))}</th>`).join("");
    return `<table class="catan-points score-grid" id="points"><tr><td></td>${head}</tr>${rows.join("")}</table>`;
}
