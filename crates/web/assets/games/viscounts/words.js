// Viscounts in words: cards, manuscripts, effects and the server's messages, from the
// viscounts catalogue (crates/i18n/locales/viscounts/), and the words of the choices
// the table does not draw (a main action's target and how it is paid).
import { has, say as sayWith, t } from "../../i18n.js";
import { playerName } from "../../seats.js";
let content = null;
/** The state on screen: names of the cards in slots and beside the Viscount. */
let shown = null;
export function setContent(c) {
    content = c;
}
export function setShown(s) {
    shown = s;
}
export function data() {
    return content;
}
export const ICONS = ["merchant", "builder", "noble", "cleric", "criminal"];
export const RES = ["ink", "gold", "stone"];
export const BUILDINGS = ["trading_post", "guildhall", "workshop"];
/** A villager's or Plot card's content entry. */
export function cardData(card) {
    const c = data();
    return card >= c.plot_base ? c.solo.plots[card - c.plot_base] : c.villagers.cards[card];
}
export function isPlot(card) {
    return card >= data().plot_base;
}
export function cardName(card) {
    if (typeof card !== "number")
        return t("web.viscounts.hidden_card");
    const d = cardData(card);
    if (!d)
        return String(card);
    if (isPlot(card))
        return `${t(d.kind === "future" ? "card.future_plot" : "card.starting_plot")} ${d.id.toUpperCase()}`;
    const key = `villager.${String(d.name).toLowerCase().replace(/[^a-z]+/g, "_")}`;
    return has(key) ? t(key) : d.name;
}
export function msData(ms) {
    return data().manuscripts.tiles[ms];
}
export function msName(ms, key = "web.viscounts.ms") {
    if (typeof ms !== "number")
        return t("item.manuscript");
    const d = msData(ms);
    return d ? t(key, { id: d.id.toUpperCase(), cost: d.cost, ribbon: t(`ribbon.${d.ribbon}`) }) : String(ms);
}
/** Icons by name (`{"cleric": 1}`) in words. */
export function iconsText(icons) {
    if (!icons)
        return "";
    const pairs = Array.isArray(icons) ? icons.map((n, i) => [ICONS[i], n]) : Object.entries(icons);
    return pairs.filter(([, n]) => n > 0).map(([k, n]) => `${n} ${t(`icon.${k}`)}`).join(", ");
}
const ITEM_KEYS = {
    silver: "item.silver", ink: "res.ink", gold: "res.gold", stone: "res.stone", any_resource: "item.any_resource",
    debt: "item.debt", deed: "item.deed", virtue: "item.virtue", corruption: "item.corruption", rearrange: "ui.rearrange",
};
export function itemsText(items) {
    return Object.entries(items ?? {}).filter(([, n]) => n > 0).map(([k, n]) => `${n} ${t(ITEM_KEYS[k] ?? (has(`icon.${k}`) ? `icon.${k}` : k))}`).join(", ");
}
/** A printed effect in words (crates/viscounts/src/effect.rs, `Effect`). */
export function effectText(e) {
    switch (e.op) {
        case "gain": return t("web.viscounts.fx.gain", { items: itemsText(e.items) });
        case "flip": return t(`web.viscounts.fx.flip.${e.target}`, { n: e.n ?? 1 });
        case "rearrange": return t("ui.rearrange");
        case "discard": return t("web.viscounts.fx.discard", { n: e.n ?? 1 });
        case "destroy": return t("web.viscounts.fx.destroy", { n: e.n ?? 1 });
        case "shuffle": return t("web.viscounts.fx.shuffle");
        case "hire_free": return t("ui.free_hire");
        case "castle_move": return t("web.viscounts.fx.castle_move");
        case "choice": return (e.options ?? []).map(effectsText).join(` ${t("web.viscounts.or")} `);
        case "pay_then": return t("web.viscounts.fx.pay_then", { cost: effectsText(e.cost), reward: effectsText(e.reward) });
        case "trigger": return t("web.viscounts.fx.trigger", { on: t(`web.viscounts.on.${e.on}`), effects: effectsText(e.effects) });
        case "icon_substitute":
            return t("web.viscounts.fx.substitute", { pay: itemsText(e.pay), icons: iconsText(e.gives), action: t(`main.${e.action}`) });
        case "place_workers": return t("web.viscounts.fx.place_workers", { n: e.n });
        case "build_free": return t("web.viscounts.fx.build_free", { building: e.building === "any" ? t("web.viscounts.any_building") : t(`building.${e.building}`) });
        case "free_manuscript": return t("web.viscounts.fx.free_manuscript", { cost: e.max_cost });
    }
}
export function effectsText(effects) {
    return (effects ?? []).map(effectText).join("; ");
}
/** Whether a content item is a reconstruction, and why (its data file's words). */
export function provisional(item, entry) {
    if (!data().provisional.includes(item) && !entry?.provisional)
        return null;
    return [entry?.provisional_reason, entry?.notes, entry?.confidence ? `${t("web.viscounts.confidence")}: ${entry.confidence}` : null]
        .filter(Boolean).join(" · ") || t("ui.provisional");
}
/** The small badge beside provisional content, its reason in the tooltip. */
export function badge(reason) {
    if (reason === null)
        return "";
    const title = `${t("ui.provisional")}: ${reason}`;
    return ` <span class="unverified provisional" tabindex="0" title="${escAttr(title)}">${escAttr(t("web.viscounts.provisional"))}</span>`;
}
function escAttr(s) {
    return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
export function cardProvisional(card) {
    const d = cardData(card);
    if (!d)
        return null;
    return isPlot(card) ? provisional(`solo.json:plot_${d.id}`, d) : provisional(`villagers.json:${d.id}`, d);
}
/** What asks a question or gives an effect (`Cause`): a card by its name, else its kind. */
export function causeName(by) {
    switch (by.by) {
        case "card": return cardName(by.card);
        case "manuscript": return by.ms == null ? t("web.viscounts.printed_manuscript") : msName(by.ms);
        case "spot": return t("web.viscounts.by.spot");
        case "building": return t(`building.${by.building}`);
        case "castle": return t("ui.castle_level", { n: by.level });
        case "trade": return t("main.trade");
        case "collision": return t("ui.collision");
    }
}
/** A main action and its target (`{"kind": "build", "building": ..., "spot": 2}`). */
export function mainText(main) {
    const name = t(`main.${main.kind}`);
    if (main.kind === "trade")
        return `${name} ×${main.times}`;
    if (main.kind === "build")
        return `${name}: ${t(`building.${main.building}`)}, ${t("web.viscounts.spot", { n: main.spot + 1 })}`;
    if (main.kind === "place_workers")
        return `${name}: ${main.workers}`;
    return name;
}
/** The cards that may pay this seat's main action now: its slots, the villager beside. */
function payersNow() {
    const pos = shown?.view.position;
    const me = pos?.players[shown?.seat ?? 0];
    const here = Math.floor((me?.space ?? 0) / 3);
    return { slots: me?.slots ?? [null, null, null], beside: pos?.villagers[here]?.top ?? null };
}
/**
 * How a main action is paid, from the funding's fields: an offer by the cards there now,
 * a logged decision by those its event names (`payers`, as they were when it was taken).
 */
export function payText(dismiss, paid, subs, logged) {
    const { slots, beside } = logged ?? payersNow();
    const cards = slots.filter((c) => c != null).map(cardName).join(", ");
    const board = logged ? "web.viscounts.pay.logged_board" : "web.viscounts.pay.board";
    const parts = [cards ? t(`${board}_cards`, { cards }) : t(board)];
    if (dismiss) {
        parts.push(t("web.viscounts.pay.dismiss", { card: beside == null ? t("web.viscounts.printed_villager") : cardName(beside) }));
    }
    subs.forEach((n, i) => {
        if (n > 0) {
            const card = slots[i];
            parts.push(t("web.viscounts.pay.ability", { card: cardName(card), n }));
        }
    });
    if (paid > 0)
        parts.push(t("web.viscounts.pay.paid", { n: paid }));
    return parts.join(" + ");
}
/** The words of a key the table draws no piece for. */
export function keyText(key) {
    const [head, ...rest] = key.split(":");
    switch (head) {
        case "main": return t(`main.${rest[0]}`);
        case "times": return `×${rest[0]}`;
        case "workers": return t("web.viscounts.workers_n", { n: Number(rest[0]) });
        case "pay": return payText(rest[0] === "1", Number(rest[1]), [...rest[2]].map(Number));
        case "order": {
            const slots = shown?.view.position.players[shown.seat ?? 0]?.slots ?? [];
            return [...rest[0]].map((i) => (slots[Number(i)] == null ? "–" : cardName(slots[Number(i)]))).join(" | ");
        }
        case "pile": return cardName(Number(rest[0]));
        case "expel": return t("web.viscounts.expel", { name: playerName(Number(rest[0])) });
        case "accept": return t("web.viscounts.accept");
        case "pass": return t("action.viscounts.pass");
        case "no_action": return t("action.viscounts.no_action");
        case "cw": return t("ui.clockwise");
        case "ccw": return t("ui.counterclockwise");
        case "debts": return t("action.viscounts.flip_debt");
        case "deeds": return t("action.viscounts.flip_deed");
        case "draw_pile": return t("web.viscounts.draw_pile_top");
        default: return null;
    }
}
/**
 * A message's argument in words. The arguments are the fields of the event or
 * decision the message tells (`Message::tagged`), so each name has its field's type.
 */
function word(key, name, value) {
    switch (name) {
        case "name":
            return String(value);
        case "seat":
        case "owner":
            return typeof value === "number" ? logName(value) : String(value);
        case "card":
            // The solo AI dismisses the printed villager when its stack is empty.
            return value == null && key.endsWith("ai_dismissed") ? t("web.viscounts.printed_villager") : cardName(value);
        case "ms":
            if (value == null && key.endsWith("ai_transcribed"))
                return t("web.viscounts.printed_manuscript");
            // The catalogue writes "Manuscript {ms}": the tile by its id, cost and ribbon.
            return msName(value, key.startsWith("web.") ? "web.viscounts.ms" : "web.viscounts.ms_id");
        case "building":
            return t(`building.${value}`);
        case "res":
            return t(`res.${value}`);
        case "pos":
            return segmentName(Number(value));
        case "space":
        case "to":
            return spaceName(Number(value));
        case "section":
        case "pair":
        case "index":
        case "spot":
            return Number(value) + 1;
        case "main":
            return mainText(value);
        case "effects":
        case "cost":
        case "reward":
            return effectsText(value);
        case "funding": {
            const f = value;
            return payText(f.dismiss, f.paid, f.subs);
        }
        default:
            return typeof value === "number" || typeof value === "string" ? value : JSON.stringify(value);
    }
}
/** The segment at a board position, by its letter. */
export function segmentName(pos) {
    const order = shown?.view.position.order;
    const seg = order ? data().board.segments[order[pos]] : null;
    return t("web.viscounts.segment", { id: seg?.id ?? pos + 1 });
}
/** The three spaces of a segment, in the engine's order (space = 3 × position + kind). */
const SPACE_KINDS = ["outer_left", "outer_right", "inner"];
export function spaceName(space) {
    return placeName(Math.floor(space / 3), SPACE_KINDS[space % 3]);
}
/** A space by its board position and kind (`outer_left`...), as the board data names start spaces. */
export function placeName(pos, kind) {
    return `${segmentName(pos)}, ${t(`web.viscounts.space.${kind}`)}`;
}
/** An action (its JSON) in words, as its offer's label says it. */
export function actionText(action) {
    const { do: tag, ...args } = action;
    return say({ key: `action.viscounts.${tag}`, args });
}
/**
 * A seat as the log names it: the solo AI by its board (it has no seat of the server's),
 * anyone else by name.
 */
export function logName(seat) {
    const pos = shown?.view.position;
    if (pos?.config.players === 1 && seat === 1)
        return t(`viscounts.ai.${pos.config.ai}`);
    return playerName(seat);
}
/**
 * A decision in the log, in the third person: the engine's words for it (`label`: an
 * option by its effects, a main action with the cards that could pay it then) said of
 * the seat that took it ("Ana moves the Viscount to ...").
 */
function decided(seat, label) {
    const tag = label.key.replace("action.viscounts.", "");
    const key = `web.viscounts.did.${tag}`;
    const name = logName(seat);
    if (!has(key))
        return `${name}: ${say(label)}`;
    if (tag === "main") {
        const { main, funding, payers } = label.args;
        return t(key, { name, main: `${mainText(main)} (${payText(funding.dismiss, funding.paid, funding.subs, payers)})` });
    }
    return sayWith({ key, args: { ...label.args, name } }, (n, value) => (n === "name" ? name : word(key, n, value)));
}
export function say(m) {
    if (m.key === "event.viscounts.decided" && m.args?.action) {
        // Its arguments are the event's fields (`Event::Decided`) and the engine's words.
        const { do: tag, ...args } = m.args.action;
        const label = m.args.label ?? { key: `action.viscounts.${tag}`, args };
        return decided(Number(m.args.seat), label);
    }
    // The log names a player by name (the catalogue's "Player {seat}" is the terminal's).
    const tag = m.key.replace("event.viscounts.", "");
    if (m.key.startsWith("event.viscounts.") && typeof m.args?.seat === "number" && has(`web.viscounts.ev.${tag}`)) {
        const own = tag === "drew" && typeof m.args.card === "number" ? "drew_card" : tag;
        const key = `web.viscounts.ev.${own}`;
        const name = logName(m.args.seat);
        return sayWith({ key, args: { ...m.args, name } }, (n, value) => (n === "name" ? name : word(key, n, value)));
    }
    if (m.key === "action.viscounts.main") {
        // Its arguments are the decision's fields (`Action::Main`).
        const { main, funding } = m.args;
        return `${mainText(main)} (${payText(funding.dismiss, funding.paid, funding.subs)})`;
    }
    return sayWith(m, (name, value) => word(m.key, name, value));
}
/** An event's words, for a server that sends events without them. */
export function describe(event) {
    const { event: tag, ...args } = event;
    return { key: `event.viscounts.${tag}`, args };
}
