// Putting the game in words: tiles, events, score lines and actions, with the
// same catalogue keys as the terminal UI (crates/tui/src/words.rs).
import { t } from "./i18n.js";
export const COLOURS = ["castle", "building", "pasture", "water", "knowledge", "mine"];
const BUILDINGS = [
    "warehouse", "carpenters-workshop", "church", "market",
    "boarding-house", "bank", "city-hall", "watchtower",
];
/** The building each of knowledge tiles 16-23 counts (engine: KNOWLEDGE_BUILDINGS). */
const KNOWLEDGE_BUILDINGS = [
    "warehouse", "watchtower", "carpenters-workshop", "church",
    "market", "boarding-house", "bank", "city-hall",
];
export function tileColour(tile) {
    if (tile === "castle" || tile === "mine")
        return tile;
    if (tile === "ship")
        return "water";
    if (tile.startsWith("knowledge"))
        return "knowledge";
    if (BUILDINGS.includes(tile))
        return "building";
    return "pasture";
}
export function colourName(c) {
    return t(`colour.${c}`);
}
export function tileName(tile) {
    const animal = /^(cow|pig|sheep|chicken)(\d)$/.exec(tile);
    if (animal)
        return t("tile.livestock", { count: animal[2], animal: t(`animal.${animal[1]}`) });
    const k = /^knowledge(\d+)$/.exec(tile);
    if (k)
        return t("tile.knowledge", { n: k[1] });
    return t(`tile.${tile}`);
}
/** What is printed on a small hex: a few letters, the number of animals or the tile's number. */
export function tileLabel(tile) {
    const animal = /^(cow|pig|sheep|chicken)(\d)$/.exec(tile);
    if (animal)
        return `${animal[2]}×${t(`animal.${animal[1]}`).slice(0, 3)}`;
    const k = /^knowledge(\d+)$/.exec(tile);
    if (k)
        return k[1];
    return tileName(tile).slice(0, 4);
}
/** A knowledge tile's effect, for the tile's tooltip. */
export function knowledgeEffect(n, edition) {
    if (n >= 16 && n <= 23)
        return t("web.k.building", { building: t(`tile.${KNOWLEDGE_BUILDINGS[n - 16]}`) });
    if (n === 6 && edition !== "special")
        return t("web.k.6classic");
    if (n === 15 || n === 26)
        return t(`web.k.${n}`, { vp: (edition === "classic2011") === (n === 15) ? 3 : 2 });
    return t(`web.k.${n}`);
}
/** The tile's full description: name, and for a knowledge tile its effect. */
export function tileTitle(tile, edition) {
    const k = /^knowledge(\d+)$/.exec(tile);
    const name = tileName(tile);
    return k ? `${name}: ${knowledgeEffect(Number(k[1]), edition)}` : name;
}
export function seatName(seats, seat) {
    const s = seats[seat];
    const player = t("ui.player", { n: seat + 1 });
    if (!s)
        return player;
    if (s.kind === "bot") {
        const level = (s.bot ?? "").split(":")[0];
        return `${player} (${s.name || t(`bot.${level}`)})`;
    }
    if (s.kind === "open")
        return `${player} (${t("web.open_seat")})`;
    return s.name ? `${player} (${s.name})` : player;
}
export function depotName(depot) {
    return depot === 0 ? t("ui.black_depot") : t("ui.depot", { n: depot });
}
export function reason(why) {
    switch (why.reason) {
        case "area":
            return t("reason.area", { colour: colourName(why.colour), size: why.size, bonus: why.phase_bonus });
        case "colour-bonus":
            return t("reason.colour-bonus", { colour: colourName(why.colour) });
        case "sale":
            return t("reason.sale", { count: why.count });
        case "knowledge":
            return t("reason.knowledge", { number: why.number });
        default:
            return t(`reason.${why.reason}`);
    }
}
/** An event in words (the same sentences as the terminal's log). */
export function eventText(e, seats) {
    const s = (seat) => t("ui.player", { n: seat + 1 });
    const args = {};
    for (const [k, v] of Object.entries(e)) {
        if (typeof v === "number" || typeof v === "string")
            args[k] = v;
    }
    if ("seat" in e)
        args.seat = s(e.seat);
    if ("tile" in e)
        args.tile = tileName(e.tile);
    switch (e.event) {
        case "game-set-up":
            args.seat = s(e.start_player);
            break;
        case "round-started":
            args.round = e.round; // already counted from 1 by the engine
            break;
        case "bought":
            args.depot = depotName(e.depot);
            break;
        case "took-goods":
            args.goods = e.goods
                .map((n, i) => (n > 0 ? `${n}×${i + 1}` : ""))
                .filter(Boolean)
                .join(" ");
            break;
        case "scored":
            args.why = reason(e.why);
            break;
        case "game-over":
            args.seat = e.ranking?.length ? s(e.ranking[0]) : "";
            break;
    }
    void seats;
    return t(`event.${e.event}`, args);
}
/** A legal action in words, for the list of every choice and for menus. */
export function actionText(action) {
    const w = action.split(/\s+/);
    switch (w[0]) {
        case "castle":
            return `${t("menu.castle")}: ${t("web.space", { space: w[1] })}`;
        case "die": {
            return t("web.act.die", { die: w[1], value: w[2] });
        }
        case "take":
            return `${t("menu.take")}: ${tileName(w[2])}, ${depotName(Number(w[1]))}`;
        case "place":
            return `${t("menu.place")}: ${tileName(w[1])} → ${t("web.space", { space: w[2] })}`;
        case "sell":
            return `${t("menu.sell")}: ${w[1]}`;
        case "workers":
            return t("menu.workers");
        case "buy": {
            const depot = w[1] === "black" ? 0 : Number(w[1]);
            const workers = w[3]?.startsWith("workers=") ? Number(w[3].slice(8)) : 0;
            const pay = workers > 0 ? ` (${t("menu.buy_workers", { workers })})` : "";
            return `${t("web.act.buy", { tile: tileName(w[2]), depot: depotName(depot) })}${pay}`;
        }
        case "knowledge6":
            return `${t("menu.knowledge6")}: ${tileName(w[2])}, ${depotName(Number(w[1]))}`;
        case "discard":
            return `${t("menu.discard")}: ${tileName(w[1])}`;
        case "ship": {
            const goods = w[2] ? t("menu.goods_set", { list: w[2] }) : t("menu.no_goods");
            return `${t("menu.ship")}: ${depotName(Number(w[1]))}, ${goods}`;
        }
        case "pass":
            return t("menu.pass");
        default:
            return action;
    }
}
