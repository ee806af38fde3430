// What the modules put on Burgundy's table besides the base game, drawn from the
// position's `modules` (the engine's `ModuleState`): the shields on the depots and
// on each seat's castles, the inns' stack, the trading-post bonus tiles, each
// seat's trade route and the solo game's goal. Nothing here works out a rule: what
// may be clicked still comes from the server's offers (a shield's key `shield:N`).
import { t } from "../../i18n.js";
import { cls, emptyMarks, esc } from "../../markup.js";
import { seatName } from "../../seats.js";
import { goodsSvg, tileSvg } from "./draw.js";
function modulesOf(s) {
    return s.view.position.modules ?? {};
}
/**
 * A shield with its ability on hover and tap; one lying on a depot is a click target
 * (`shield:N`, lit where an offer names it), one held on a castle is not.
 */
function shieldMark(n, marks, where = "") {
    const key = `shield:${n}`;
    const about = `${t("web.shield_n", { n })}${where}: ${t(`web.shield_about.${n}`)}`;
    const target = marks ? `class="${cls(key, marks, "shield")}" data-key="${esc(key)}"` : `class="shield on-castle"`;
    return `<span ${target} tabindex="0" title="${esc(about)}" aria-label="${esc(about)}">` +
        `<svg aria-hidden="true" viewBox="0 0 12 14" width="10" height="12"><path d="M1 1h10v5c0 4-3 6-5 7C4 12 1 10 1 6z"/></svg>${n}</span>`;
}
/** The shields lying on depot `d`'s goods spaces (seed 000 line 865). */
export function depotShields(s, d, marks) {
    const lying = modulesOf(s).shield_depots?.[d - 1] ?? [];
    return lying.map((n) => shieldMark(n, marks)).join("");
}
/** Beside the black depot: the inns' stack and the trading-post bonus tiles. */
export function boardModules(s) {
    const m = modulesOf(s);
    const pos = s.view.position;
    const parts = [];
    if (m.inns)
        parts.push(`<div class="inns"><b>${esc(t("web.inns_stack"))}</b> ${m.inns}</div>`);
    if ((pos.config.modules ?? []).includes("trading-posts")) {
        // The first seat to join two posts takes the 5/6/7 tile, the second the 2/3/4 (seed 000 line 748).
        const tiles = ["5/6/7", "2/3/4"].map((tile, i) => {
            const seat = m.trading_post_tiles?.[i];
            const holder = seat === undefined ? t("web.still_there") : seatName(s.seats, seat);
            return `<span class="post-tile">${tile}: ${esc(holder)}</span>`;
        });
        parts.push(`<div class="posts"><b>${esc(t("web.trading_post_tiles"))}</b> ${tiles.join(" · ")}</div>`);
    }
    if (m.auto_duke)
        parts.push(autoDuke(m.auto_duke, pos.config.edition ?? "special"));
    if (m.solo) {
        const out = (m.solo.goods_out ?? []).map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `out:${g + 1}`, emptyMarks()) : "")).join("");
        parts.push(`<div class="solo"><b>${esc(t("web.solo_goal"))}</b> ${m.solo.goal} ${esc(t("ui.vp"))}` +
            (out ? ` · <b>${esc(t("web.goods_out"))}</b> ${out}` : "") + `</div>`);
    }
    return parts.join("");
}
/**
 * The AutoDuke (module `auto-duke`, an automaton of the rules): its VP, silver and
 * goods, its village cards space by space (a wildcard face down shows "?", an empty
 * space "·"), its reserve, its die. Its cards and boards are reconstructed content:
 * the heading says so.
 */
function autoDuke(a, edition) {
    const small = (tile, key) => tileSvg(tile, key, emptyMarks(), edition, 26);
    const held = (h, key) => !h ? `<span class="empty">·</span>` : h.face_down ? `<span class="face-down">?</span>` : small(h.tile, key);
    const cards = (a.cards ?? [])
        .map((c) => {
        const spaces = c.spaces.map((h, sp) => held(h, `auto-duke:${c.number}:${sp}`)).join("");
        return `<span class="auto-duke-card">${esc(t("web.auto_duke_card", { card: c.number }))} ${spaces}</span>`;
    })
        .join(" ");
    const reserve = (a.reserve ?? []).map((tile, i) => small(tile, `auto-duke-reserve:${i}`)).join("") +
        `<span class="face-down">?</span>`.repeat((a.wild ?? []).length);
    const goods = (a.goods ?? [])
        .map((n, g) => (n > 0 ? goodsSvg(g + 1, n, `auto-duke-goods:${g + 1}`, emptyMarks()) : ""))
        .join("");
    const die = a.die ? ` · ${esc(t("web.auto_duke_die", { die: a.die }))}` : "";
    return `<div class="auto-duke"><b>${esc(t("web.auto_duke"))}</b> ${a.vp} ${esc(t("ui.vp"))} · ${a.silver} ${esc(t("ui.silver"))}${die}` +
        (goods ? ` · ${goods}` : "") + `<div>${cards}</div>` +
        (reserve ? `<div><b>${esc(t("web.auto_duke_reserve"))}</b> ${reserve}</div>` : "") + `</div>`;
}
/** A seat's shields on its castles and its trade route, under its supply. */
export function seatModules(s, seat, routeTiles) {
    const m = modulesOf(s);
    const held = m.shields?.[seat] ?? {};
    const shields = Object.entries(held)
        .map(([space, n]) => shieldMark(n, null, ` (${t("web.space", { space })})`))
        .join("");
    const route = m.trade_routes?.[seat];
    return (shields ? `<div class="hand-part"><b>${esc(t("web.shields"))}</b> ${shields}</div>` : "") +
        (route?.tiles?.length ? tradeRoute(route, routeTiles) : "");
}
/**
 * A trade route: its tiles left to right, each space with the goods number it asks
 * for and its bonus, the goods laid so far on the first spaces (seed 000 lines
 * 770-776). Reconstructed tiles say so.
 */
function tradeRoute(route, data) {
    const laid = route.goods ?? [];
    let i = 0;
    const tiles = route.tiles.map((n) => {
        const tile = data.find((x) => x.number === n);
        const spaces = (tile?.spaces ?? []).map((sp) => {
            const good = laid[i++];
            const bonus = t(`web.route_bonus.${sp.bonus}`, { n: sp.amount ?? 0 });
            const title = `${t("web.route_space", { n: sp.goods })}: ${bonus}`;
            const filled = good === undefined ? "" : goodsSvg(good, 1, `route:${i}`, emptyMarks());
            return `<span class="route-space${good === undefined ? "" : " laid"}" title="${esc(title)}">` +
                `<span class="route-n g${sp.goods}">${sp.goods}</span><span class="route-bonus">${esc(bonus)}</span>${filled}</span>`;
        }).join("");
        const provisional = tile && !tile.verified
            ? ` <span class="unverified" tabindex="0" title="${esc(t("web.unverified_why"))}">${esc(t("web.provisional"))}</span>` : "";
        return `<span class="route-tile"><small>${n}${provisional}</small>${spaces}</span>`;
    }).join("");
    return `<div class="hand-part route"><b>${esc(t("web.trade_route"))}</b> <span class="route-tiles">${tiles}</span></div>`;
}
