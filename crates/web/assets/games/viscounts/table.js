// Viscounts' table: the main board with the castle, the cards on offer on the five
// stacks, what is asked now, the player boards (the one shown large, tabs for the
// others; the solo AI's board with its Plot cards), and the final scoring by source.
import { isGameEvent } from "../../api.js";
import { has, t } from "../../i18n.js";
import { cls, emptyMarks, esc } from "../../markup.js";
import { playerName, seatName } from "../../seats.js";
import { boardSvg, legend } from "./board.js";
import { badge, BUILDINGS, cardData, cardName, causeName, cardProvisional, data, effectsText, iconsText, isPlot, itemsText, keyText, msData, msName, placeName, provisional, RES, segmentName, setShown, spaceName, } from "./words.js";
/** The phase steps of a turn, in the order the engine stacks them (rules.rs, `push_turn`). */
const STEPS = ["place_step", "move_step", "main_step", "hire_step", "collision", "draw_step", "end_turn"];
const PHASES = ["cards", "cards", "move", "main", "hire", "collision", "draw"];
/** The question on top of the engine's pending work, if any. */
function asked(pos) {
    const top = pos.tasks[pos.tasks.length - 1];
    return top?.task === "ask" ? { seat: top.seat, q: top.q, by: top.by ?? null } : null;
}
/** The turn's phase: the one before the next phase step still pending. */
function phase(pos) {
    if (pos.phase === "setup")
        return "setup";
    if (pos.phase === "over")
        return "over";
    // Setup goes on until its last task starts the first turn: a player card's castle
    // worker is placed before it (as the terminal heads it, tui viscounts `phase_key`).
    if (pos.tasks.some((task) => task.task === "start_game"))
        return "setup";
    for (let i = pos.tasks.length - 1; i >= 0; i--) {
        const k = STEPS.indexOf(pos.tasks[i].task);
        if (k >= 0)
            return PHASES[k];
    }
    return asked(pos)?.q.q === "choose_pair" ? "setup" : "draw";
}
function solo(s) {
    return s.view.position.config.players === 1;
}
/** A seat's name; the solo AI (board index 1) by its board's name. */
function who(s, seat) {
    if (solo(s) && seat === 1)
        return t("ui.ai_board", { ai: t(`viscounts.ai.${s.view.position.config.ai}`) });
    return seatName(s.seats, seat);
}
export function headline(s) {
    const pos = s.view.position;
    const ph = phase(pos);
    if (ph === "setup" || ph === "over")
        return t(`ui.phase.${ph}`);
    // The engine counts rounds from 1 once the first turn starts (rules.rs `StartGame`).
    const round = t("web.viscounts.round", { n: pos.round });
    // The solo AI's turn has no phases of a player's (L736-740): whatever is asked then
    // (a Rearrange on its landing, a castle choice) is asked during its turn.
    if (solo(s) && pos.current === 1)
        return `${round} · ${t("web.viscounts.turn_of", { name: who(s, 1) })}`;
    const end = pos.last_round != null ? ` · ${t("ui.end_triggered")}` : "";
    return `${round} · ${t(`ui.phase.${ph}`)}${end}`;
}
export function table(v) {
    const s = v.state;
    setShown(s);
    const pos = s.view.position;
    const n = pos.players.length;
    const around = { moves: moveCosts(s), name: (seat) => who(s, seat) };
    return `<section class="vc-main"><h2>${esc(t("ui.main_board"))}</h2>${boardSvg(pos, v.marks, n, around)}${legend()}${stacksRow(pos, v.marks)}</section>` +
        `<section class="vc-side">${question(s, v.marks)}${asked(pos)?.q.q === "choose_pair" ? pairs(pos, v.marks) : ""}${supplies(s)}` +
        `<div class="vc-players">${players(v)}</div></section>`;
}
/**
 * Each space this seat may move to, with what the move costs: the engine offers one
 * move a space, its cheapest (legal.rs `cheapest_moves`, which the terminal shows too).
 */
function moveCosts(s) {
    const out = new Map();
    for (const o of s.offers ?? []) {
        const a = JSON.parse(o.action);
        if (a.do === "move")
            out.set(a.to, { paid: a.paid, free: a.free });
    }
    return out;
}
/** The cards on offer on each stack, and the manuscripts: what the board's markers stand for. */
function stacksRow(pos, marks) {
    const cols = [0, 1, 2, 3, 4].map((p) => {
        const vill = pos.villagers[p];
        const ms = pos.manuscripts[p];
        const seg = data().board.segments[pos.order[p]];
        const vkey = `villager:${p}`;
        const mkey = `ms:${p}`;
        const villager = vill.top == null
            ? `<div class="${cls(vkey, marks, "vc-card printed")}" data-key="${vkey}"><b>${esc(t("web.viscounts.printed_villager"))}</b>` +
                `<small>${esc(iconsText(seg.printed_villager.icons))} · ${esc(effectsText(seg.printed_villager.hire_dismiss))}</small>${badge(provisional("", seg.printed_villager))}</div>`
            : cardHtml(vill.top, vkey, marks);
        const msd = ms.top == null ? null : msData(ms.top);
        const manuscript = ms.top == null
            ? `<div class="${cls(mkey, marks, "vc-ms printed")}" data-key="${mkey}"><b>${esc(t("web.viscounts.printed_manuscript"))}</b>` +
                `<small>${esc(t("ui.silver_cost", { n: seg.printed_manuscript.cost }))} · ${esc(effectsText(seg.printed_manuscript.effects))}</small>${badge(provisional("", seg.printed_manuscript))}</div>`
            : `<div class="${cls(mkey, marks, `vc-ms r-${msd.ribbon}`)}" data-key="${mkey}"><b>${esc(msName(ms.top))}</b>` +
                `<small>${esc(msText(msd))}</small>${badge(provisional(`manuscripts.json:${msd.id}`, msd))}</div>`;
        return `<div class="vc-stackcol" id="stack-${p}"><h3>${esc(segmentName(p))}${badge(provisional(`board.json:segment_${seg.id}`, seg))}</h3>` +
            `${villager}<small>${esc(t("web.viscounts.below", { n: vill.hidden }))}</small>${manuscript}<small>${esc(t("web.viscounts.below", { n: ms.hidden }))}</small></div>`;
    });
    return `<h3>${esc(t("ui.villager_stacks"))} · ${esc(t("ui.manuscript_stacks"))}</h3><div class="vc-stacks">${cols.join("")}</div>`;
}
function msText(msd) {
    const parts = [t("ui.silver_cost", { n: msd.cost })];
    if (msd.immediate?.length)
        parts.push(effectsText(msd.immediate));
    const sc = msd.scoring;
    if (sc) {
        parts.push(t(`web.viscounts.scoring.${sc.per ?? "other"}`, {
            vp: sc.vp ?? 1, every: sc.every ?? 1,
            icon: sc.icon ? t(`icon.${sc.icon}`) : "", kind: sc.kind ? t(`building.${sc.kind}`) : "",
            resource: sc.resource ? t(`res.${sc.resource}`) : "",
        }));
    }
    return parts.join(" · ");
}
/** A villager or Plot card, face up: name, cost, icons, ability, hire/dismiss effect. */
function cardHtml(card, key, marks, extra = "") {
    const d = cardData(card);
    const lines = [];
    if (isPlot(card)) {
        lines.push(iconsText(d.icons));
        for (const row of d.rows ?? [])
            lines.push(row.map((step) => plotStep(step)).join(` ${t("web.viscounts.or")} `));
    }
    else {
        lines.push([d.silver ? t("ui.silver_cost", { n: d.silver }) : "", iconsText(d.icons)].filter(Boolean).join(" · "));
        if (d.ability)
            lines.push(`${t(`timing.${d.ability.timing}`)}: ${effectsText(d.ability.effects)}`);
        if (d.hire_dismiss)
            lines.push(`${t("ui.free_hire")}/${t("ui.dismiss")}: ${effectsText(d.hire_dismiss.effects)}`);
    }
    const attr = key ? ` data-key="${esc(key)}"` : "";
    const deck = isPlot(card) ? "plot" : d.deck;
    return `<div class="${key ? cls(key, marks, `vc-card ${deck}`) : `vc-card ${deck}`}${extra}"${attr}><b>${esc(cardName(card))}</b>` +
        lines.filter(Boolean).map((l) => `<small>${esc(l)}</small>`).join("") + badge(cardProvisional(card)) + `</div>`;
}
function plotStep(step) {
    switch (step.op) {
        case "move": return t("web.viscounts.plot.move", { n: step.n });
        case "effects": return effectsText(step.effects);
        default: return t(`web.viscounts.plot.${step.op}`);
    }
}
/** What is asked now, and of whom; an effect's options as buttons in place. */
function question(s, marks) {
    const pos = s.view.position;
    const a = asked(pos);
    if (!a || pos.phase === "over")
        return "";
    const mine = s.seat === a.seat;
    const what = a.by ? `<span class="vc-by">${esc(causeName(a.by))}</span>: ${esc(t(`web.viscounts.q.${a.q.q}`))}` : esc(t(`web.viscounts.q.${a.q.q}`));
    // A decision asked during another's turn (a castle group, a collision's effect) says whose turn it is.
    // Setup has no turns yet (the headline says so): a pair or a castle worker is asked plainly then.
    const during = a.seat !== pos.current && phase(pos) !== "setup" && pos.phase === "playing" ? t("web.viscounts.during", { name: esc(who(s, pos.current)), what }) : what;
    const head = mine ? during : t("web.viscounts.waiting", { name: esc(who(s, a.seat)), what: during });
    let body = "";
    if (a.q.q === "choose") {
        body = a.q.options.map((opt, i) => {
            const key = `option:${i}`;
            return mine ? `<button data-key="${key}" class="${cls(key, marks, "vc-option")}">${esc(effectsText(opt))}</button>` : `<span class="vc-option">${esc(effectsText(opt))}</span>`;
        }).join(" ");
    }
    else if (a.q.q === "main" && mine) {
        // The four main actions as buttons; the target and the payment follow.
        body = ["trade", "build", "place_workers", "transcribe"]
            .filter((k) => marks.legal.has(`main:${k}`) || marks.selected.has(`main:${k}`))
            .map((k) => `<button data-key="main:${k}" class="${cls(`main:${k}`, marks, "vc-main-btn")}">${esc(t(`main.${k}`))}</button>`)
            .join(" ");
    }
    else if (a.q.q === "pay_then") {
        body = `<span>${esc(t("web.viscounts.fx.pay_then", { cost: effectsText(a.q.cost), reward: effectsText(a.q.reward) }))}</span>`;
    }
    else if (a.q.q === "place_workers") {
        body = `<span>${esc(t("web.viscounts.fx.place_workers", { n: a.q.n }))}</span>`;
    }
    else if (a.q.q === "build_free") {
        body = `<span>${esc(t(`building.${a.q.building}`))}</span>`;
    }
    else if (a.q.q === "free_manuscript") {
        body = `<span>${esc(t("web.viscounts.fx.free_manuscript", { cost: a.q.max_cost }))}</span>`;
    }
    else if (a.q.q === "expel") {
        body = `<span>${esc(t("ui.castle_level", { n: a.q.level }))}, ${esc(t("ui.castle_section", { n: a.q.section + 1 }))}</span>`;
    }
    const answers = mine ? inPlace(s, a.q, marks) : "";
    return `<div class="vc-question${mine ? " mine" : ""}" id="question"><b>${head}</b> ${body}${answers}</div>`;
}
/** The answers the board has no piece for, as buttons in the question with their words. */
const IN_PLACE = /^(pass|accept|no_action|cw|ccw|expel:\d+|order:\d+|pile:\d+)$/;
function inPlace(s, q, marks) {
    const keys = [...marks.legal].filter((k) => IN_PLACE.test(k));
    if (!keys.length)
        return "";
    const buttons = keys.map((k) => `<button data-key="${esc(k)}" class="${cls(k, marks, `vc-answer ${k === "pass" ? "vc-pass" : ""}`)}">${esc(answerText(s, q, k))}</button>`);
    return `<div class="vc-answers">${buttons.join(" ")}</div>`;
}
function answerText(s, q, key) {
    const [head, arg] = key.split(":");
    if (head === "pass" && has(`action.viscounts.pass_${q.q}`))
        return t(`action.viscounts.pass_${q.q}`);
    if (head === "accept" && q.q === "pay_then") {
        return t("action.viscounts.accept_exchange", { cost: effectsText(q.cost), reward: effectsText(q.reward) });
    }
    if (head === "expel" && q.q === "expel") {
        const pos = s.view.position;
        const section = q.level === 1 ? pos.castle.level1[q.section] : pos.castle.level2[q.section];
        return t("web.viscounts.expel_worker", { name: who(s, Number(arg)), n: section[Number(arg)] ?? 0 });
    }
    return keyText(key) ?? key;
}
/** Setup: the row of player cards, each with the hero under it. */
function pairs(pos, marks) {
    const row = pos.pairs.map(([number, hero], i) => {
        const key = `pair:${i}`;
        const pc = data().board.player_cards[number - 1];
        const start = data().board.start_spaces.by_card[number - 1];
        const what = [itemsText(pc.resources), t("ui.silver", { n: pc.silver }), `${pc.deeds} ${t("item.deed")}`, `${pc.debts} ${t("item.debt")}`,
            effectsText(pc.extra)].filter(Boolean).join(", ");
        return `<div class="${cls(key, marks, "vc-pair")}" data-key="${key}"><b>${esc(t("card.player"))} ${number}</b>${badge(provisional(`board.json:player_card_${number}`, pc))}` +
            `<small>${esc(what)}</small><small>${esc(t("web.viscounts.start", { segment: start ? placeName(start[0], start[1]) : "?" }))}${badge(provisional("board.json:start_spaces", null))}</small>${cardHtml(hero, null, marks)}</div>`;
    }).join("");
    return `<div class="vc-pairs"><h3>${esc(t("web.viscounts.pairs"))}</h3>${row}</div>`;
}
/** The Poverty and Prosperity piles, the Clergy bonus cards, the castle leader. */
function supplies(s) {
    const pos = s.view.position;
    const leader = pos.castle.leader == null ? "–" : who(s, pos.castle.leader);
    const pile = (revealed, n, key) => esc(revealed ? t("web.viscounts.revealed") : t(key, { n }));
    return `<div class="vc-supplies"><span>${esc(t("card.poverty"))}: ${pile(pos.poverty_revealed, pos.debts_on_poverty, "web.viscounts.debts_n")}</span> · ` +
        `<span>${esc(t("card.prosperity"))}: ${pile(pos.prosperity_revealed, pos.deeds_on_prosperity, "web.viscounts.deeds_n")}</span> · ` +
        `<span>${esc(t("card.castle_leader"))}: ${esc(leader)}</span> · ` +
        `<span>${esc(t("card.clergy_bonus"))}: ${pos.clergy_bonus_left.map((r) => esc(t(`ribbon.${r}`))).join(", ") || "–"}</span></div>`;
}
function players(v) {
    const { state: s, shown } = v;
    const pos = s.view.position;
    const points = s.view.points;
    const tabs = pos.players.map((_, i) => `<button data-show="${i}" class="${i === shown ? "on" : ""}${s.to_act.includes(i) ? " acting" : ""}">` +
        `<span class="pawn p${i}">${i + 1}</span> ${esc(who(s, i))} · ${esc(t("ui.points", { n: total(points[i]) }))}</button>`).join("");
    const seat = Math.min(shown, pos.players.length - 1);
    const mine = seat === s.seat;
    return `<div class="tabs">${tabs}</div>${playerBoard(s, seat, mine ? v.marks : { ...emptyMarks(), fresh: v.marks.fresh })}`;
}
function total(b) {
    return Object.values(b).reduce((a, n) => a + n, 0);
}
function playerBoard(s, seat, marks) {
    const pos = s.view.position;
    const p = pos.players[seat];
    const mine = seat === s.seat;
    const ai = solo(s) && seat === 1;
    const slots = p.slots.map((c, i) => `<div class="vc-slot"><small>${i + 1}</small>${c == null ? `<div class="vc-card empty">–</div>` : cardHtml(c, null, marks)}</div>`).join("");
    const handCards = mine
        ? handHtml(p.hand ?? [], marks)
        : `<span class="vc-count">${esc(t("ui.hand_size", { n: s.view.hand_sizes[seat] }))}</span>`;
    const res = RES.map((r, i) => {
        const key = `res:${r}`;
        return `<span class="${cls(key, marks, `vc-res r-${r}`)}" data-key="${key}">${esc(t(`res.${r}`))}: <b>${p.res[i]}</b></span>`;
    }).join(" ");
    const buildings = BUILDINGS.map((b, i) => {
        const key = `building:${b}`;
        const row = data().board.buildings[b];
        return `<span class="${cls(key, marks, "vc-building")}" data-key="${key}" title="${esc(t("ui.buildings_left", { n: 3 - p.built[i] }))}">` +
            `${esc(t(`building.${b}`))} ${p.built[i]}/3 <small>(${row.builder_cost} ${esc(t("icon.builder"))})</small></span>`;
    }).join(" ");
    const ms = p.manuscripts.map((m) => `<span class="vc-mini r-${msData(m).ribbon}" title="${esc(msText(msData(m)))}">${esc(msName(m))}</span>`).join(" ") || "–";
    const discard = p.discard.map((c) => `<span class="vc-mini">${esc(cardName(c))}</span>`).join(" ") || "–";
    const aiLine = ai ? aiInfo(s) : "";
    return `<div class="vc-player" id="player-${seat}">` +
        `<h2><span class="pawn p${seat}">${seat + 1}</span> ${esc(who(s, seat))} · ${esc(t("card.player"))} ${p.player_card} · ${esc(spaceName(p.space))}</h2>${aiLine}` +
        `<div class="vc-stats"><span id="vc-silver">${esc(t("item.silver"))}: <b>${p.silver}</b></span> ${res}</div>` +
        `<div class="vc-stats"><span class="${cls("debts", marks, "vc-flip")}" data-key="debts">${esc(t("ui.debts", { unpaid: p.debts, paid: p.paid_debts }))}</span> ` +
        `<span class="${cls("deeds", marks, "vc-flip")}" data-key="deeds">${esc(t("ui.deeds", { acquired: p.deeds, approved: p.approved_deeds }))}</span></div>` +
        track(p) +
        `<div class="vc-stats">${buildings}</div>` +
        `<div class="vc-stats"><span>${esc(t("ui.workers_supply", { n: p.reserve }))}</span> · <span>${esc(t("card.clergy_bonus"))}: ${p.clergy_bonus.map((r) => esc(t(`ribbon.${r}`))).join(", ") || "–"}</span></div>` +
        `<h3>${esc(t("ui.slots"))}</h3><div class="vc-slots">${slots}</div>` +
        `<h3>${esc(t("ui.hand"))}</h3><div class="vc-hand">${handCards}</div>` +
        `<div class="vc-stats"><span class="${cls("draw_pile", marks, "vc-pile")}" data-key="draw_pile">${esc(t("ui.draw_pile", { n: s.view.draw_sizes[seat] }))}</span> · ` +
        `<span>${esc(t("ui.discard_pile", { n: p.discard.length }))}</span> ${discard}</div>` +
        `<div class="vc-stats"><b>${esc(t("item.manuscript"))}</b> ${ms}</div></div>`;
}
function handHtml(hand, marks) {
    if (!hand.length)
        return `<small>${esc(t("web.viscounts.empty"))}</small>`;
    const seen = new Set();
    return hand.map((c) => {
        // Identical cards are one choice: only the first carries the key.
        const key = seen.has(c) ? null : `hand:${c}`;
        seen.add(c);
        return cardHtml(c, key, marks);
    }).join("");
}
/** The Virtue and Corruption track: seven spaces, corruption from the left, virtue from the right. */
function track(p) {
    const cells = [1, 2, 3, 4, 5, 6, 7].map((i) => {
        const marks = [i === p.corruption ? `<span class="vc-c" title="${esc(t("item.corruption"))}">C</span>` : "",
            i === p.virtue ? `<span class="vc-v" title="${esc(t("item.virtue"))}">V</span>` : ""].join("");
        return `<span class="vc-track-cell">${marks || i}</span>`;
    }).join("");
    return `<div class="vc-stats vc-track" title="${esc(t("ui.see_saw"))}"><b>${esc(t("ui.see_saw"))}</b> ${cells}</div>`;
}
function aiInfo(s) {
    const pos = s.view.position;
    const board = data().solo.ai_boards.find((b) => b.id === pos.config.ai);
    return `<div class="vc-ai">${esc(t("ui.difficulty", { n: pos.config.difficulty }))} · ${esc(t("ui.plot_deck", { n: s.view.draw_sizes[1] }))} · ` +
        `${esc(t("card.future_plot"))}: ${s.view.future_pile}${badge(provisional(`solo.json:ai_board_${pos.config.ai}`, board))}</div>`;
}
/** What the newest events touched, to highlight for a moment. */
export function freshKeys(events) {
    const keys = new Set();
    for (const e of events) {
        if (!isGameEvent(e))
            continue;
        if (e.event === "revealed")
            keys.add(`villager:${e.pos}`);
        if (e.event === "revealed_manuscript")
            keys.add(`ms:${e.pos}`);
        if (e.event === "decided" && e.action.do === "move")
            keys.add(`space:${e.action.to}`);
    }
    return keys;
}
const SOURCES = ["buildings", "workers", "manuscript_sets", "manuscript_own", "leader", "clergy_bonus", "debts", "deeds", "poverty", "prosperity", "leftover_resources"];
/** The final scoring: each seat's points by source (the engine's breakdown), and the record. */
export function result(v) {
    const s = v.state;
    const points = s.view.points;
    const head = points.map((_, i) => `<th>${esc(i === 0 || !solo(s) ? playerName(i) : who(s, i))}</th>`).join("");
    const rows = SOURCES.map((src) => `<tr><td>${esc(t(`web.viscounts.score.${src}`))}</td>${points.map((b) => `<td>${b[src] ?? 0}</td>`).join("")}</tr>`).join("");
    const totals = `<tr class="total"><td>${esc(t("ui.total"))}</td>${points.map((b) => `<td>${total(b)}</td>`).join("")}</tr>`;
    return `<h2>${esc(t("ui.final_scoring"))}</h2><table class="vc-score" id="vc-score"><tr><th></th>${head}</tr>${rows}${totals}</table>` +
        `<a id="record" href="/api/games/${esc(v.id)}/record" download="viscounts-${esc(v.id)}.json">${esc(t("web.download_record"))}</a>`;
}
