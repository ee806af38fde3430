// The trade panel: an offer to the players built with steppers (give / get), each
// player's answer to an open offer as it comes (accepted, declined, a counter-offer
// with its terms) and the choice of a partner. The bank trade is the bar's (bar.ts),
// two clicks on the hand; the panel shows the seat's rates beside each kind.
//
// Offers between players are built from any mix of cards, so the server lists only a
// few of them (crates/catan/src/legal.rs); the panel writes the decision's text
// (`offer BB O`, `counter W B`) and the server checks it like any other, answering a
// bad one with its refusal. Everything else here is an offer the server made.
import { isGameEvent } from "../../api.js";
import { t } from "../../i18n.js";
import { cls, esc } from "../../markup.js";
import { seatName } from "../../seats.js";
import { cardsText, describe, kindsInPlay, say } from "./words.js";
/** The cards' letters in the decisions' text (crates/catan/src/cards.rs, `Card::letter`). */
const LETTERS = {
    brick: "B", lumber: "L", wool: "W", grain: "G", ore: "O", paper: "P", cloth: "C", coin: "M",
};
/** The offer being built on this page, and the moment it was begun for. */
let draft = { give: {}, get: {} };
let draftFor = "";
/** The state last drawn, to redraw the panel alone when a stepper moves. */
let last = null;
function letters(cards) {
    const text = Object.entries(cards).map(([k, n]) => LETTERS[k].repeat(n)).join("");
    return text || "-";
}
function count(cards) {
    return Object.values(cards).reduce((a, b) => a + b, 0);
}
/** Whether a trade is well formed: at least one card each way, no kind on both sides. */
function wellFormed(give, get) {
    return count(give) > 0 && count(get) > 0 && !Object.keys(give).some((k) => give[k] > 0 && (get[k] ?? 0) > 0);
}
function clean(cards) {
    return Object.fromEntries(Object.entries(cards ?? {}).filter(([, n]) => n > 0));
}
/** The best rate this seat has for each kind it can trade with the bank now (from the server's offers). */
function rates(offers) {
    const out = new Map();
    for (const o of offers) {
        if (o.path[0] !== "maritime")
            continue;
        const give = o.path[1].slice("card:".length);
        const rate = Number(o.label.args?.rate ?? 4);
        const entry = out.get(give) ?? { rate, offers: [] };
        entry.offers.push(o);
        out.set(give, entry);
    }
    return out;
}
function offerUnderWay(phase) {
    return phase.phase === "offer" || phase.phase === "choose" ? phase : null;
}
/** What the panel is for now: building an offer, answering one, or watching one. */
function moment(s) {
    const pos = s.view.position;
    const open = offerUnderWay(pos.phase);
    const me = s.seat;
    if (open)
        return me !== null && open.phase === "offer" && open.waiting.includes(me) ? "answer" : "open";
    if (pos.phase.phase === "main" && me !== null && me === pos.current && s.to_act.includes(me))
        return "offer";
    return null;
}
/** The trade panel, or "" when there is nothing to trade or watch. */
export function tradePanel(s, marks, events) {
    last = { s, marks, events };
    const now = moment(s);
    if (!now)
        return "";
    const pos = s.view.position;
    const open = offerUnderWay(pos.phase);
    const key = `${s.id}:${pos.turn}:${pos.phase.phase}:${letters(clean(open?.give ?? {}))}`;
    if (key !== draftFor) {
        draftFor = key;
        // An answer starts from the offer turned round: what it asks, for what it gives.
        draft = now === "answer" && open ? { give: clean(open.get), get: clean(open.give) } : { give: {}, get: {} };
    }
    const parts = [`<h3>${esc(t("web.catan.trade"))}</h3>`];
    if (now === "offer")
        parts.push(lapsed(events));
    if (now !== "offer")
        parts.push(openOffer(s, marks));
    if (now === "offer" || now === "answer")
        parts.push(builder(s, now));
    return `<div class="trade" id="trade">${parts.join("")}</div>`;
}
/**
 * How this turn's last offer ended when everyone declined it: said where the offer was
 * made, rather than the panel silently starting over.
 */
function lapsed(events) {
    for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i].event;
        if (!isGameEvent(e))
            continue;
        if (e.event === "all_declined")
            return `<p class="trade-result" id="trade-result" role="status">${esc(say(describe(e)))}</p>`;
        if (["offered", "traded", "withdrawn", "turn_started", "maritime"].includes(e.event))
            return "";
    }
    return "";
}
/** The open offer and each player's answer so far. */
function openOffer(s, marks) {
    const pos = s.view.position;
    const phase = offerUnderWay(pos.phase);
    if (!phase)
        return "";
    const from = pos.current;
    const waiting = phase.phase === "offer" ? phase.waiting : [];
    const accepted = phase.accepted;
    const counters = phase.counters ?? [];
    const rows = pos.players.map((_, seat) => {
        if (seat === from)
            return "";
        const counter = counters[seat];
        let answer;
        let state;
        if (waiting.includes(seat))
            [answer, state] = [t("web.catan.answer.waiting"), "waiting"];
        else if (accepted.includes(seat))
            [answer, state] = [t("web.catan.answer.accepted"), "accepted"];
        else if (counter) {
            answer = t("web.catan.answer.counter", { give: cardsText(counter.give), get: cardsText(counter.get) });
            state = "counter";
        }
        else
            [answer, state] = [t("web.catan.answer.declined"), "declined"];
        const pick = marks.legal.has(`seat:${seat}`)
            ? ` <button data-key="seat:${seat}" class="${cls(`seat:${seat}`, marks, "pick")}">${esc(t("web.catan.trade_with", { name: seatName(s.seats, seat) }))}</button>`
            : "";
        return `<li class="answer ${state}" id="answer-${seat}"><b>${esc(seatName(s.seats, seat))}</b>: ${esc(answer)}${pick}</li>`;
    }).join("");
    // Accept and Decline are in the bar (bar.ts), always in view; the offer's maker withdraws here.
    const own = ["withdraw"].filter((k) => marks.legal.has(k))
        .map((k) => `<button data-key="${k}" class="legal" id="act-${k}">${esc(t(`web.catan.key.${k}`))}</button>`).join(" ");
    return `<div class="trade-offer" id="trade-offer"><b>${esc(seatName(s.seats, from))}</b>: ` +
        `${esc(t("ui.give"))} ${esc(cardsText(phase.give))} · ${esc(t("ui.get"))} ${esc(cardsText(phase.get))}` +
        `<ul class="answers">${rows}</ul>${own}</div>`;
}
/** The steppers: what to give and what to get, kind by kind, with the bank's rates. */
function builder(s, now) {
    const pos = s.view.position;
    const hand = pos.players[s.seat].hand ?? {};
    const offers = s.offers ?? [];
    const bank = rates(offers);
    const kinds = kindsInPlay(pos.ck);
    const step = (side, k, max) => {
        const n = draft[side][k] ?? 0;
        const name = t(`card.${k}`);
        return `<span class="stepper"><button data-trade="${side}:${k}:-1" aria-label="${esc(t(`web.catan.less_${side}`, { card: name }))}"${n > 0 ? "" : " disabled"}>−</button>` +
            `<output id="${side}-${k}">${n}</output>` +
            `<button data-trade="${side}:${k}:1" aria-label="${esc(t(`web.catan.more_${side}`, { card: name }))}"${n < max ? "" : " disabled"}>+</button></span>`;
    };
    const rows = kinds.map((k) => {
        const rate = bank.get(k);
        const rateText = rate ? ` <small class="rate" title="${esc(t("web.catan.rate_title"))}">${rate.rate}:1</small>` : "";
        return `<tr class="k-${k}"><th scope="row">${esc(t(`card.${k}`))} <small>(${hand[k] ?? 0})</small>${rateText}</th>` +
            `<td>${step("give", k, hand[k] ?? 0)}</td><td>${step("get", k, 19)}</td></tr>`;
    }).join("");
    const ok = wellFormed(draft.give, draft.get);
    const text = `${letters(clean(draft.give))} ${letters(clean(draft.get))}`;
    const send = (verb, label) => `<button id="trade-${verb === "offer" ? "propose" : verb}"${ok ? ` data-action="${verb} ${text}"` : " disabled"}>${esc(label)}</button>`;
    const buttons = [now === "offer" ? send("offer", t("web.catan.propose")) : send("counter", t("web.catan.key.counter"))];
    buttons.push(`<button data-trade="clear">${esc(t("web.catan.clear"))}</button>`);
    return `<table class="steppers"><tr><td></td><th scope="col">${esc(t(now === "offer" ? "ui.give" : "web.catan.you_give"))}</th>` +
        `<th scope="col">${esc(t(now === "offer" ? "ui.get" : "web.catan.you_get"))}</th></tr>${rows}</table>` +
        `<div class="trade-buttons">${buttons.join(" ")}</div>`;
}
/** A stepper moved: the draft changes and the panel alone is drawn again. */
function onStep(e) {
    const button = e.target.closest?.("[data-trade]");
    if (!button || !last)
        return;
    const [side, kind, delta] = button.getAttribute("data-trade").split(":");
    if (side === "clear")
        draft = { give: {}, get: {} };
    else {
        const cards = draft[side];
        cards[kind] = Math.max(0, (cards[kind] ?? 0) + Number(delta));
    }
    const panel = document.getElementById("trade");
    if (panel)
        panel.outerHTML = tradePanel(last.s, last.marks, last.events);
    document.querySelector(`[data-trade="${button.getAttribute("data-trade")}"]:not([disabled])`)?.focus();
}
document.addEventListener("click", onStep);
