// Catan's table: the board, a panel per player (points, hand, improvements, knights,
// progress cards with what they do, or development cards, awards, the Merchant and
// metropolises), the last roll's dice, the barbarians' ship and strength against the
// knights', and an open trade offer. Pieces carry the offers' keys; what is lit comes from the server.
import { isGameEvent } from "../../api.js";
import { t } from "../../i18n.js";
import { cls, emptyMarks, esc } from "../../markup.js";
import { seatName } from "../../seats.js";
import { bar, boardMarks } from "./bar.js";
import { boardSvg } from "./board.js";
import { hexName, rememberBoard } from "./places.js";
import { pointsTable, pointsTitle } from "./points.js";
import { tradePanel } from "./trade.js";
import { faceText, kindsInPlay } from "./words.js";
/** The development cards in the order of their counts (`Devs`). */
const DEVS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];
/** The tracks in the order of the improvements and metropolises. */
const TRACKS = ["trade", "politics", "science"];
/** Spaces the barbarian ship sails before it lands (crates/catan/data/cities_and_knights.json). */
const BARBARIAN_TRACK = 7;
export function headline(s) {
    const pos = s.view.position;
    const phase = pos.phase.phase;
    const name = t(`web.catan.phase.${phase}`);
    if (phase === "setup" || phase === "place" || phase === "over")
        return name;
    return `${t("web.catan.turn", { n: pos.turn })} · ${name}`;
}
/** The board's pieces from the position. */
function pieces(pos) {
    const p = {
        terrain: pos.board.terrain,
        numbers: pos.board.numbers,
        harbours: pos.board.harbours,
        robber: pos.robber,
        roads: new Map(),
        settlements: new Map(),
        cities: new Map(),
        walls: new Set(),
        metropolises: new Map(),
        knights: new Map(),
        merchant: null,
    };
    pos.players.forEach((pl, seat) => {
        for (const e of pl.roads)
            p.roads.set(e, seat);
        for (const v of pl.settlements)
            p.settlements.set(v, seat);
        for (const v of pl.cities)
            p.cities.set(v, seat);
    });
    const ck = pos.ck;
    if (ck) {
        ck.players.forEach((pl, seat) => {
            for (const v of pl.walls)
                p.walls.add(v);
            for (const k of pl.knights)
                p.knights.set(k.vertex, { seat, level: k.level, active: k.active });
        });
        ck.metropolis.forEach((m, i) => { if (m)
            p.metropolises.set(m.vertex, TRACKS[i]); });
        if (ck.merchant)
            p.merchant = { seat: ck.merchant[0], hex: ck.merchant[1] };
    }
    return p;
}
export function table(v, geometry) {
    const s = v.state;
    const pos = s.view.position;
    rememberBoard(geometry, pos.board);
    return `<section class="catan-main">${ask(s, v.marks)}${boardSvg(geometry, pieces(pos), boardMarks(s, v.marks))}` +
        `<div class="catan-extra">${dice(pos, v.events)}${barbarians(pos)}</div></section>` +
        // The trade panel follows the players' panels, beside the board on a wide screen:
        // under the board it fell below the fold at 1440x900 (issue 43).
        `<section class="catan-players">${pos.players.map((_, seat) => playerPanel(s, seat, v.marks)).join("")}` +
        `${tradePanel(s, v.marks, v.events)}</section>` +
        bar(v, geometry.costs);
}
/** The dice of the last roll: yellow and red, and the event die in Cities & Knights. */
function dice(pos, events) {
    const ck = pos.ck;
    let faces = ck?.roll?.dice ?? null;
    let event = ck?.roll?.event ?? null;
    for (let i = events.length - 1; i >= 0 && (!faces || (ck && !event)); i--) {
        const e = events[i].event;
        if (!isGameEvent(e))
            continue;
        if (!faces && e.event === "rolled")
            faces = e.dice;
        if (ck && !event && e.event === "event_rolled")
            event = e.face;
    }
    if (!faces)
        return `<div class="dice" id="dice"><b>${esc(t("ui.dice"))}</b> –</div>`;
    const [a, b] = faces;
    const die = (n, colour) => `<span class="die-face ${colour}" title="${esc(t(`web.catan.die.${colour}`))}">${n}</span>`;
    const ev = ck && event ? ` <span class="die-face event" title="${esc(t("web.catan.die.event"))}">${esc(faceText(event))}</span>` : "";
    return `<div class="dice" id="dice"><b>${esc(t("ui.dice"))}</b> ${die(a, ck ? "yellow" : "white")}${die(b, ck ? "red" : "white")} = ${a + b}${ev}</div>`;
}
function barbarians(pos) {
    const ck = pos.ck;
    if (!ck)
        return "";
    const spaces = Array.from({ length: BARBARIAN_TRACK + 1 }, (_, i) => `<span class="sea-space${i === ck.barbarians ? " ship" : ""}${i === BARBARIAN_TRACK ? " land" : ""}"></span>`).join("");
    return `<div class="barbarians" id="barbarians" title="${esc(t("web.catan.barbarians_at", { n: ck.barbarians, of: BARBARIAN_TRACK }))}">` +
        `<b>${esc(t("ui.barbarians"))}</b> ${spaces} ${ck.barbarians}/${BARBARIAN_TRACK}</div>` + strength(ck);
}
/**
 * The figures an attack compares, as the engine counts them (the view's): the cities
 * on the board against the active knights; the knights hold on a tie (seed 004 section 7).
 */
function strength(ck) {
    const args = { barbarians: ck.barbarian_strength, knights: ck.knight_strength };
    const holds = ck.knight_strength >= ck.barbarian_strength;
    const why = t(holds ? "web.catan.strength_holds" : "web.catan.strength_falls", args);
    return `<div class="strength ${holds ? "holds" : "falls"}" id="ck-strength" title="${esc(why)}">${esc(t("web.catan.strength", args))}` +
        `<span class="sr-only">. ${esc(why)}</span></div>`;
}
/** The kinds of places a choice is made among, in the order they are asked about. */
const ASKED = ["vertex", "edge", "hex", "seat", "card", "progress", "track", "yellow", "red"];
/**
 * What this seat is asked now, in place: the cards it owes (a 7, the Wedding), or the
 * kinds of pieces lit for the choice under way (a progress card's hex, player, card...).
 */
function ask(s, marks) {
    const me = s.seat;
    if (me === null || s.over || !s.to_act.includes(me))
        return "";
    const pos = s.view.position;
    const phase = pos.phase.phase;
    const owed = pos.owed?.[me] ?? 0;
    let text = "";
    if ((phase === "discard" || phase === "wedding") && owed > 0) {
        text = t(`web.catan.ask.${phase}`, { n: owed });
    }
    else if (marks.selected.size > 0 || !["main", "before_roll", "offer", "choose"].includes(phase)) {
        const kinds = ASKED.filter((k) => [...marks.legal].some((key) => key.startsWith(`${k}:`)));
        text = kinds.map((k) => t(`web.catan.ask.${k}`)).join(" · ");
    }
    return text ? `<p class="ask" id="ask" role="status">${esc(text)}</p>` : "";
}
function playerPanel(s, seat, marks) {
    const view = s.view;
    const pos = view.position;
    const pl = pos.players[seat];
    const ck = pos.ck?.players[seat];
    const mine = s.seat === seat;
    // Only this page's seat, or a hand opened to it (Spy, Master Merchant), is clickable:
    // the view carries a hand or progress cards (null otherwise) exactly then.
    const open = mine || pl.hand != null || ck?.progress != null;
    const m = open ? marks : { ...emptyMarks(), fresh: marks.fresh };
    const acting = s.to_act.includes(seat) ? " acting" : "";
    const seatKey = `seat:${seat}`;
    const awards = [
        pos.longest_road === seat ? t("award.longest_road") : "",
        pos.largest_army === seat ? t("award.largest_army") : "",
        ck?.defender ? `${t("ui.defender_of_catan")} ×${ck.defender}` : "",
    ].filter(Boolean).map((a) => `<span class="award">${esc(a)}</span>`).join(" ") + ckAwards(pos, seat);
    const rows = [
        `<div class="stats"><span class="vp" title="${esc(pointsTitle(s, seat))}">${esc(t("web.points", { n: view.public_points[seat] }))}</span> · ${esc(t("ui.road_length", { n: pl.road_length }))}${pos.ck ? "" : ` · ${esc(t("ui.knights_played", { n: pl.played[0] }))}`} ${awards}</div>`,
        hand(s, seat, m, open),
        knights(ck),
        pos.ck ? improvements(ck, mine ? marks : emptyMarks()) + progress(view, seat, m) : developments(view, seat, m, mine),
    ];
    return `<div class="catan-player cp-border${seat}${acting}" id="player-${seat}">` +
        `<h3 class="${cls(seatKey, marks, "seat")}" data-key="${seatKey}"><span class="swatch cp${seat}"></span>${esc(seatName(s.seats, seat))}</h3>` +
        rows.join("") + `</div>`;
}
/** Cities & Knights' holdings beside the awards: the Merchant (with its hex) and each metropolis. */
function ckAwards(pos, seat) {
    const ck = pos.ck;
    if (!ck)
        return "";
    const merchant = ck.merchant?.[0] === seat
        ? ` <span class="award merchant" title="${esc(t("web.catan.merchant_on", { hex: hexName(ck.merchant[1]) }))}">${esc(t("web.catan.merchant"))}</span>`
        : "";
    const metropolises = TRACKS.filter((_, i) => ck.metropolis[i]?.seat === seat)
        .map((tr) => ` <span class="award metropolis m-${tr}">${esc(t("web.catan.metropolis_of", { track: t(`track.${tr}`) }))}</span>`).join("");
    return merchant + metropolises;
}
/** A seat's knights: the strength of its active ones (what counts against the barbarians) and how many stand. */
function knights(ck) {
    if (!ck)
        return "";
    return `<div class="knights">${esc(t("web.catan.knight_strength", { strength: ck.strength, knights: ck.knights.length }))}</div>`;
}
/**
 * The hand: an opened one (Spy, Master Merchant) by kind, each kind a key (`card:ore`);
 * others, and one's own (its cards are in the bar, bar.ts), as a count.
 */
function hand(s, seat, marks, open) {
    const view = s.view;
    const pos = view.position;
    if (!open || seat === s.seat)
        return `<div class="hand">${esc(t("ui.hand"))}: ${esc(t("ui.hand_size", { n: view.hand_sizes[seat] }))}</div>`;
    const kinds = kindsInPlay(pos.ck);
    const cards = kinds.map((k) => {
        const key = `card:${k}`;
        const n = pos.players[seat].hand?.[k] ?? 0;
        return `<span class="${cls(key, marks, `card k-${k}${n ? "" : " none"}`)}" data-key="${key}" title="${esc(t(`card.${k}`))}">` +
            `${esc(t(`card.${k}`))} <b>${n}</b></span>`;
    }).join("");
    return `<div class="hand"><b>${esc(t("ui.hand"))}</b> (${view.hand_sizes[seat]}) <div class="cards">${cards}</div></div>`;
}
/** The three city improvements, each a key of one's own (`track:science`). */
function improvements(ck, marks) {
    if (!ck)
        return "";
    const rows = TRACKS.map((tr, i) => {
        const key = `track:${tr}`;
        const level = ck.improvements[i];
        const steps = Array.from({ length: 5 }, (_, l) => `<span class="step${l < level ? " on" : ""}"></span>`).join("");
        return `<span class="${cls(key, marks, `track m-${tr}`)}" data-key="${key}" title="${esc(t(`track.${tr}`))} ${level}">` +
            `${esc(t(`track.${tr}`))} ${steps}</span>`;
    }).join("");
    return `<div class="improvements"><b>${esc(t("ui.improvements"))}</b> ${rows}</div>`;
}
/**
 * Progress cards: one's own by name (each a key, `progress:bishop`), others' as a count,
 * and the point cards shown. Each named card says what it does on hover (`title`), and
 * in a list that opens with a tap (a phone has no hover) and that a screen reader reads.
 */
function progress(view, seat, marks) {
    const ck = view.position.ck?.players[seat];
    if (!ck)
        return "";
    const held = ck.progress ?? [];
    const card = (c, classes, key) => `<span class="${classes}"${key} title="${esc(t(`progress_text.${c}`))}">${esc(t(`progress.${c}`))}</span>`;
    const cards = held.length
        ? held.map((c) => card(c, cls(`progress:${c}`, marks, "progress"), ` data-key="progress:${esc(c)}"`)).join("")
        : `${view.progress_sizes?.[seat] ?? 0}`;
    const shown = ck.revealed.map((c) => card(c, "progress shown", "")).join("");
    return `<div class="progress-cards"><b>${esc(t("ui.progress_cards"))}</b> ${cards}${shown}${progressTexts(seat, [...held, ...ck.revealed])}</div>`;
}
/** What each of `cards` does, once each, behind a summary to tap (its id keeps it open across redraws). */
function progressTexts(seat, cards) {
    const kinds = [...new Set(cards)];
    if (!kinds.length)
        return "";
    const rows = kinds.map((c) => `<dt>${esc(t(`progress.${c}`))}</dt><dd>${esc(t(`progress_text.${c}`))}</dd>`).join("");
    return `<details class="progress-texts" id="progress-texts-${seat}"><summary>${esc(t("web.catan.progress_texts"))}</summary><dl>${rows}</dl></details>`;
}
/** Development cards (base game): one's own by kind, each playable one a key (`dev:knight`). */
function developments(view, seat, marks, mine) {
    const [old, fresh] = view.development_sizes[seat];
    if (!mine)
        return `<div class="devs"><b>${esc(t("ui.development_cards"))}</b> ${old + fresh}</div>`;
    const pl = view.position.players[seat];
    const cards = DEVS.map((d, i) => {
        const n = (pl.devs?.[i] ?? 0) + (pl.fresh?.[i] ?? 0);
        return n ? `<span class="${cls(`dev:${d}`, marks, "dev")}" data-key="dev:${d}">${esc(t(`dev.${d}`))} ×${n}</span>` : "";
    }).join("");
    return `<div class="devs"><b>${esc(t("ui.development_cards"))}</b> ${cards || "–"} <small>${esc(t("ui.deck", { n: view.deck_size }))}</small></div>`;
}
/** What the newest events touched, to highlight for a moment. */
export function freshKeys(events, me) {
    const keys = new Set();
    for (const e of events) {
        if (!isGameEvent(e))
            continue;
        if ("vertex" in e && typeof e.vertex === "number")
            keys.add(`vertex:${e.vertex}`);
        if (e.event === "knight_moved")
            keys.add(`vertex:${e.to}`);
        if ("edge" in e && typeof e.edge === "number")
            keys.add(`edge:${e.edge}`);
        if ("hex" in e && typeof e.hex === "number")
            keys.add(`hex:${e.hex}`);
        if ("seat" in e && e.seat !== me)
            keys.add(`seat:${e.seat}`);
    }
    return keys;
}
/** The final points of each seat, best first, and the record. */
export function result(v) {
    const s = v.state;
    const rows = (s.standings ?? [])
        .flatMap((st) => st.members.map((m) => ("seat" in m ? `<tr><td>${esc(t("ui.place_n", { n: st.place }))}</td><td>${esc(seatName(s.seats, m.seat))}</td><td>${esc(t("web.points", { n: st.score }))}</td></tr>` : "")))
        .join("");
    return `<h2>${esc(t("ui.final_scoring"))}</h2><table class="catan-result">${rows}</table>` +
        `<h3>${esc(t("web.catan.points_by_source"))}</h3>${pointsTable(s)}` +
        `<a id="record" href="/api/games/${esc(v.id)}/record" download="catan-${esc(v.id)}.json">${esc(t("web.download_record"))}</a>`;
}
