// The table's shell: the connection, the log, undo, the status line, the menus of
// choices in words, and the click machinery over the server's offers (offers.ts).
// What the table looks like is the game module's (games/<game>/); the shell knows
// no rule of any game and reads no action's text.
import { Chat } from "./chat.js";
import { connect, getJson, isGameEvent } from "./api.js";
import { refusal, say, t } from "./i18n.js";
import { esc, options } from "./markup.js";
import { click, matching, nextKeys } from "./offers.js";
import { botName, playerName, rememberSeats, seatName } from "./seats.js";
import { clocksLine } from "./clock.js";
export class Table {
    root;
    id;
    token;
    game;
    chrome;
    state = null;
    /** The log as this seat may see it, oldest first; pushes add to it, undos cut it. */
    events = [];
    /** The log position the events are complete up to (a reconnection asks from here). */
    known = 0;
    prefix = [];
    fresh = new Set();
    shown = 0; // whose own area is drawn large
    /** The line under the status, redone in the language of the moment. */
    message = null;
    /** The full name and effect of the piece last tapped or focused (its `data-info`). */
    info = "";
    live = null;
    /** The table's chat, after the table (see chat.ts). */
    chat = null;
    /**
     * A decision that would end the turn, held on the page until "End turn" (or the
     * grace period) sends it: nothing is sent before, so taking it back costs nothing
     * and a reload simply forgets it.
     */
    pending = null;
    graceTimer;
    constructor(root, id, token, game, chrome) {
        this.root = root;
        this.id = id;
        this.token = token;
        this.game = game;
        this.chrome = chrome;
        root.addEventListener("click", (e) => this.onClick(e));
        // A game's table asks to be drawn again after a choice of its own (Catan's bar).
        root.addEventListener("tabuleiro:redraw", () => this.draw());
        // A piece's words on a tap (a phone has no hover) or when the keyboard reaches it.
        root.addEventListener("focusin", (e) => this.showInfo(e.target));
        root.addEventListener("change", (e) => {
            const select = e.target;
            if (select.id !== "end-mode")
                return;
            localStorage.setItem("tabuleiro.end_turn", select.value);
            if (this.pending)
                this.startGrace();
            this.draw();
        });
        document.addEventListener("keydown", (e) => this.onKey(e));
    }
    /**
     * Shortcuts: u undoes, Escape cancels a choice begun, ? says why nothing happens,
     * and the game's own keys (Burgundy: 1 and 2 pick a die).
     */
    onKey(e) {
        if (e.ctrlKey || e.metaKey || e.altKey || !this.state || !this.root.isConnected)
            return;
        const target = e.target;
        if (target?.closest?.("input, select, textarea"))
            return;
        if (this.pending)
            return this.onPendingKey(e, target);
        if (this.rove(e, target))
            return;
        const piece = target?.closest?.("[data-key][role=button]");
        if (piece && (e.key === "Enter" || e.key === " ")) {
            e.preventDefault();
            return this.choose(piece.getAttribute("data-key"));
        }
        if (e.key === "u" && this.state.can_undo) {
            this.prefix = [];
            this.live?.send({ type: "undo" });
        }
        else if (e.key === "Escape" && this.prefix.length) {
            this.choose("cancel");
        }
        else if (e.key === "?") {
            this.message = () => `${t("ui.why_not")} ${this.whyNot()}`;
            this.draw();
        }
        else {
            const key = this.game.shortcut?.(e.key);
            if (!key || !nextKeys(this.offers(), this.prefix).has(key))
                return;
            this.choose(key);
        }
        e.preventDefault();
    }
    /** While a decision waits: Enter ends the turn, u or Escape takes it back. */
    onPendingKey(e, target) {
        // A focused button answers Enter itself (End turn, or the take-back).
        if (e.key === "Enter" && !target?.closest?.("button"))
            this.confirm();
        else if (e.key === "u" || e.key === "Escape")
            this.takeBack();
        else
            return;
        e.preventDefault();
    }
    /**
     * The arrow keys move the focus among the pieces with words of one group (a duchy,
     * the depots): only one of each group is a Tab stop, so every tile can be read from
     * the keyboard without a Tab stop per tile. Answers whether the key was such a move.
     */
    rove(e, target) {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
        const group = target?.closest?.("[data-tiles]");
        if (!step || !group || !target.hasAttribute("data-info"))
            return false;
        const pieces = [...group.querySelectorAll("[data-info]")];
        const next = pieces[(pieces.indexOf(target) + step + pieces.length) % pieces.length];
        for (const p of pieces)
            if (!p.classList.contains("legal"))
                p.setAttribute("tabindex", "-1");
        next.setAttribute("tabindex", "0");
        next.focus();
        e.preventDefault();
        return true;
    }
    /** Whether this page's seat is to decide now. */
    myTurn(s) {
        return !!s && !s.over && s.seat !== null && s.to_act.includes(s.seat);
    }
    /** Reads the log once; from then on the pushes bring what changed. */
    async start(state) {
        this.shown = state.seat ?? 0;
        const log = await getJson(`/api/games/${this.id}/log`, this.token);
        this.events = log.events;
        this.known = log.version;
        this.state = state;
        this.draw();
        const chat = (this.chat = new Chat(this.id, this.token, () => this.state));
        await chat.start(this.root);
        const heard = { after: () => chat.last, hear: (lines) => chat.hear(lines) };
        this.live = connect(this.id, this.token, () => this.known, (s) => this.pushed(s), (m, r, c) => this.refused(m, r, c), heard);
    }
    offers() {
        return this.state?.offers ?? [];
    }
    /** A push: the events taken back leave the log, the new ones join it. */
    pushed(p) {
        if (p.undone?.length) {
            const gone = new Set(p.undone);
            this.events = this.events.filter((e) => !gone.has(e.idx));
        }
        const newer = (p.events ?? []).filter((e) => e.idx >= this.known);
        this.events.push(...newer);
        this.known = Math.max(this.known, p.version);
        if (!this.state || p.version !== this.state.version) {
            this.prefix = [];
            this.message = null;
            // The game moved on (a timeout's answer, a seat deciding at the same time):
            // what was held may no longer be legal, so it is dropped, never sent.
            this.dropPending();
        }
        if (!this.myTurn(this.state) && this.myTurn(p)) {
            // Your turn: your own area comes to the front, and a chime if asked for.
            this.shown = p.seat;
            if (localStorage.getItem("tabuleiro.sound") === "on")
                chime();
            // A page in the background says so through the browser's notices, if allowed.
            if (document.hidden && "Notification" in window && Notification.permission === "granted") {
                new Notification(t("web.your_turn"), { body: t("app.title"), tag: `tabuleiro-${this.id}` });
            }
        }
        this.fresh = this.game.fresh(newer.map((e) => e.event), p.seat);
        for (const e of newer)
            this.fresh.add(`log:${e.idx}`);
        this.state = p;
        this.draw();
        if (this.fresh.size)
            setTimeout(() => { this.fresh.clear(); this.draw(); }, 1500);
    }
    /** The server refused a decision: its reason, in words when the engine gave one. */
    refused(message, reason, code = null) {
        this.message = () => refusal(message, reason, code, (m) => this.game.say(m));
        this.draw();
    }
    /** Sends a decision; one that would end the turn waits for "End turn" unless `confirmed`. */
    send(action, confirmed = false) {
        this.prefix = [];
        this.message = null;
        const offer = this.offers().find((o) => o.action === action);
        if (!confirmed && offer?.ends_turn && this.game.confirmEnd?.(offer) && endMode() !== "off") {
            this.pending = offer;
            this.startGrace();
            return this.draw();
        }
        this.dropPending();
        if (!this.live?.send({ type: "action", action }))
            this.refused(t("web.offline"), null);
    }
    /** "End turn": the decision held is sent. */
    confirm() {
        if (this.pending)
            this.send(this.pending.action, true);
    }
    /** The decision held is taken back: nothing was sent, the table is as before it. */
    takeBack() {
        this.dropPending();
        this.draw();
    }
    dropPending() {
        this.pending = null;
        clearInterval(this.graceTimer);
        this.graceTimer = undefined;
    }
    /** With a grace period set, the held decision is sent when it runs out, counting down. */
    startGrace() {
        clearInterval(this.graceTimer);
        const seconds = Number(endMode());
        if (!(seconds > 0))
            return;
        const held = this.pending;
        const due = Date.now() + seconds * 1000;
        this.graceTimer = setInterval(() => {
            if (this.pending !== held)
                return clearInterval(this.graceTimer);
            const left = Math.ceil((due - Date.now()) / 1000);
            if (left <= 0)
                return this.confirm();
            const count = this.root.querySelector("#pending-in");
            if (count)
                count.textContent = t("web.pending_in", { n: left });
        }, 200);
    }
    /** Shows the `data-info` of `el` (or of what holds it) in the info line, without a redraw. */
    showInfo(el) {
        const text = el?.closest?.("[data-info]")?.getAttribute("data-info");
        if (!text)
            return;
        this.info = text;
        const line = this.root.querySelector("#info");
        if (line)
            line.textContent = text;
    }
    onClick(e) {
        const target = e.target;
        this.showInfo(target);
        if (target.closest("#end-turn"))
            return this.confirm();
        if (target.closest("#take-back"))
            return this.takeBack();
        // While a decision waits, the table's pieces wait too.
        if (this.pending)
            return;
        const choice = target.closest("[data-action]");
        if (choice)
            return this.send(choice.getAttribute("data-action"));
        if (target.closest("#undo")) {
            this.prefix = [];
            this.live?.send({ type: "undo" });
            return;
        }
        const other = target.closest("[data-show]");
        if (other) {
            this.shown = Number(other.getAttribute("data-show"));
            return this.draw();
        }
        if (target.closest("#sound")) {
            const on = localStorage.getItem("tabuleiro.sound") === "on";
            localStorage.setItem("tabuleiro.sound", on ? "off" : "on");
            if (!on)
                chime();
            // Turning the chime on also asks for the browser's notices (a turn while the
            // page is in the background).
            if (!on && "Notification" in window && Notification.permission === "default")
                void Notification.requestPermission();
            return this.draw();
        }
        const el = clicked(target);
        const key = el?.getAttribute("data-key");
        // A tap on an unlit piece with words of its own (a tile) is answered by its words.
        if (el && !el.classList.contains("legal") && !this.prefix.length && el.closest("[data-info]"))
            return;
        if (key)
            this.choose(key);
    }
    /** A piece or a button with `key` chosen, by a click or a shortcut. */
    choose(key) {
        if (!this.state)
            return;
        if (key === "cancel") {
            this.prefix = [];
            this.message = null;
            return this.draw();
        }
        const offers = this.offers();
        const step = click(offers, this.prefix, key, this.game.atOnce(key));
        switch (step.kind) {
            case "send":
                return this.send(step.offer.action);
            case "select":
                this.prefix = step.prefix;
                this.message = null;
                return this.draw();
            case "choose":
                this.prefix = [...this.prefix, key];
                this.message = null;
                return this.draw();
            case "refused":
                // A click elsewhere starts over from that piece, if it starts anything.
                if (this.prefix.length && click(offers, [], key, false).kind !== "refused") {
                    this.prefix = [];
                    return this.choose(key);
                }
                this.message = () => `${t("ui.why_not")} ${this.whyNot()}`;
                return this.draw();
        }
    }
    /**
     * Why an unlit piece does nothing: the seat is not deciding, or nothing it may do
     * now starts there. Why a decision is refused is the engine's to say, when one is sent.
     */
    whyNot() {
        const s = this.state;
        if (s.seat === null)
            return t("web.why.spectator");
        if (!s.to_act.includes(s.seat))
            return t("web.why.not_your_turn");
        return t("web.why.nothing");
    }
    draw() {
        const s = this.state;
        if (!s)
            return;
        const offers = this.offers();
        // A decision held: nothing else is lit, and the pieces it chose are drawn as held.
        const marks = this.pending
            ? { legal: new Set(), selected: new Set(), held: new Set(this.pending.path), fresh: this.fresh }
            : { legal: nextKeys(offers, this.prefix), selected: new Set(this.prefix), fresh: this.fresh };
        const view = { id: this.id, state: s, marks, events: this.events, shown: this.shown };
        const table = this.game.table(view);
        const bar = this.game.bar?.(view) ?? "";
        // Keyboard play keeps its place across the redraw: the same piece, else the first lit one.
        const inside = this.root.contains(document.activeElement);
        const focused = inside ? document.activeElement?.getAttribute("data-key") : undefined;
        // A tile being read (an unlit one has no key of its own on others' duchies): by its place.
        const reading = inside ? [...this.root.querySelectorAll("[data-info]")].indexOf(document.activeElement) : -1;
        // A list opened to read (a progress card's text, tapped on a phone) stays open when a bot plays.
        const opened = [...this.root.querySelectorAll("details[open][id]")].map((d) => d.id);
        this.root.replaceChildren(this.chrome());
        document.title = (this.myTurn(s) ? `● ${t("web.your_turn")} · ` : "") + t("app.title");
        const main = document.createElement("div");
        main.className = "table";
        main.innerHTML =
            `<section class="status${this.myTurn(s) ? " my-turn" : ""}">${this.statusLine(s)}${bar}${this.controls(s, offers, marks, table + bar)}</section>` +
                table +
                (s.over ? `<section class="scoring">${winnerBanner(s)}${this.game.result(view)}</section>` : "") +
                `<section class="log"><h2>${esc(t("ui.log"))}</h2>${this.pendingLine()}<ul id="log" tabindex="0" aria-label="${esc(t("ui.log"))}">${this.logLines()}</ul></section>`;
        // Lit pieces are reached with Tab and chosen with Enter or Space, as buttons are.
        main.querySelectorAll("[data-key].legal:not(button)").forEach((el) => {
            el.setAttribute("tabindex", "0");
            el.setAttribute("role", "button");
        });
        wordsByKeyboard(main);
        for (const id of opened)
            main.querySelector(`#${CSS.escape(id)}`)?.setAttribute("open", "");
        this.root.append(main);
        if (this.pending && inside) {
            main.querySelector("#end-turn")?.focus();
        }
        else if (focused !== undefined) {
            const again = focused
                ? [...main.querySelectorAll("[data-key]")].find((el) => el.getAttribute("data-key") === focused)
                : reading >= 0 ? main.querySelectorAll("[data-info]")[reading] : undefined;
            // The tile being read keeps the focus, and its group's Tab stop, across the redraw.
            if (again)
                readAgain(again);
            (again ?? main.querySelector("[data-key].legal"))?.focus();
        }
        this.chat?.draw();
    }
    statusLine(s) {
        rememberSeats(s.seats);
        const acting = s.to_act.map((seat) => seatName(s.seats, seat)).join(", ");
        const whose = s.over ? "" : s.seat !== null && s.to_act.includes(s.seat) ? t("web.your_turn") : t("ui.to_play", { name: acting });
        const who = s.seat === null ? t("web.spectator") : seatName(s.seats, s.seat);
        const parts = [`<b id="phase">${esc(this.game.headline(s))}</b>`];
        if (whose)
            parts.push(`<span id="whose"${this.myTurn(s) ? ` class="your-turn" role="status"` : ""}>${esc(whose)}</span>`);
        parts.push(`<span class="me">${esc(who)}</span>`);
        const clocks = clocksLine(s);
        if (clocks)
            parts.push(clocks);
        if (s.seat !== null) {
            const on = localStorage.getItem("tabuleiro.sound") === "on";
            parts.push(`<button id="sound" aria-pressed="${on}" title="${esc(t("web.sound"))}">♪</button>`);
        }
        if (s.seat !== null && this.game.confirmEnd) {
            const modes = ["ask", "3", "off"];
            const words = ["web.end_mode.ask", "web.end_mode.grace", "web.end_mode.off"].map((k) => t(k));
            parts.push(`<label class="end-mode">${esc(t("web.end_mode"))} <select id="end-mode">${options(modes, words, Math.max(0, modes.indexOf(endMode())))}</select></label>`);
        }
        return `<div class="headline">${parts.join(" · ")}</div>` +
            `<div class="info" id="info" aria-live="polite">${esc(this.info)}</div>` +
            (this.message ? `<div class="message" id="message">${esc(this.message())}</div>` : "");
    }
    /** The words of a choice the table does not draw. */
    keyWords(key) {
        const own = this.game.keyText(key);
        if (own !== null)
            return own;
        const ends = matching(this.offers(), [...this.prefix, key]);
        return ends.length === 1 ? this.game.say(ends[0].label) : key;
    }
    controls(s, offers, marks, table) {
        if (this.pending)
            return this.held(this.pending);
        const parts = [];
        const last = this.prefix[this.prefix.length - 1];
        if (last !== undefined) {
            const step = click(offers, this.prefix.slice(0, -1), last, false);
            if (step.kind === "choose") {
                parts.push(`<div class="choose"><b>${esc(t("ui.choose"))}:</b> ` +
                    step.offers.map((o) => `<button data-action="${esc(o.action)}">${esc(this.game.say(o.label))}</button>`).join(" ") + `</div>`);
            }
        }
        // The next steps the table has no piece for are offered as buttons.
        const undrawn = [...marks.legal].filter((k) => !table.includes(`data-key="${esc(k)}"`) && !this.game.ownKeys?.(k));
        const button = (k) => {
            const id = /^[\w-]+$/.test(k) ? ` id="act-${k}"` : "";
            return `<button data-key="${esc(k)}" class="legal"${id}>${esc(this.keyWords(k))}</button>`;
        };
        const buttons = [];
        if (this.prefix.length && undrawn.length) {
            const title = this.game.menuTitle(undrawn) ?? `${t("ui.choose")}:`;
            parts.push(`<div class="choose values"><b>${esc(title)}</b> ${undrawn.map(button).join(" ")}</div>`);
        }
        else {
            buttons.push(...undrawn.map(button));
        }
        if (s.can_undo)
            buttons.push(`<button id="undo">${esc(t("web.undo"))}</button>`);
        if (this.prefix.length)
            buttons.push(`<button data-key="cancel" id="cancel">${esc(t("web.cancel"))}</button>`);
        parts.push(`<div class="buttons">${buttons.join(" ")}</div>`);
        if (offers.length) {
            parts.push(`<details class="all-actions"><summary>${esc(t("web.all_actions", { n: offers.length }))}</summary>` +
                offers.map((o) => `<button data-action="${esc(o.action)}">${esc(this.game.say(o.label))}</button>`).join("") + `</details>`);
        }
        return parts.join("");
    }
    /** The decision held, at the head of the log, marked as not sent (it is no entry of it). */
    pendingLine() {
        if (!this.pending)
            return "";
        return `<p class="log-pending" id="log-pending">${esc(t("web.pending", { action: this.game.say(this.pending.label) }))}</p>`;
    }
    /** The decision held, and the two ways out of it: End turn, or take it back. */
    held(offer) {
        const seconds = Number(endMode());
        const count = seconds > 0 ? ` <span id="pending-in">${esc(t("web.pending_in", { n: seconds }))}</span>` : "";
        return `<div class="pending" id="pending" role="status">${esc(t("web.pending", { action: this.game.say(offer.label) }))}${count}</div>` +
            `<div class="buttons"><button id="end-turn" data-key="end-turn" class="legal">${esc(t("web.end_turn"))}</button> ` +
            `<button id="take-back">${esc(t("web.undo"))}</button></div>`;
    }
    /**
     * Newest first. An undo's own mark is skipped: what it took back has left the log.
     * The server's marks (a seat joined, a bot took a seat) are the shell's words.
     */
    logLines() {
        const lines = [];
        for (let i = this.events.length - 1; i >= 0 && lines.length < 60; i--) {
            const e = this.events[i];
            const m = e.message ?? (isGameEvent(e.event) ? this.game.describe(e.event) : null);
            if (!m || m.key === "server.undo")
                continue;
            const text = m.key.startsWith("server.") ? say(m, serverWord) : this.game.say(m);
            lines.push(`<li class="${this.fresh.has(`log:${e.idx}`) ? "fresh" : ""}">${esc(text)}</li>`);
        }
        return lines.join("");
    }
}
/** How a decision that ends the turn is sent: "ask" (End turn), "3" (after 3 s), "off" (at once). */
function endMode() {
    return localStorage.getItem("tabuleiro.end_turn") ?? "ask";
}
/**
 * Every piece with words (`data-info`, a tile) can be read from the keyboard: in each
 * group (`data-tiles`: a duchy, the depots) the unlit ones share one Tab stop and the
 * arrow keys move among them (see `Table.rove`); focus shows their words in the info line.
 */
function wordsByKeyboard(main) {
    main.querySelectorAll("[data-tiles]").forEach((group) => {
        let stop = false;
        group.querySelectorAll("[data-info]").forEach((el) => {
            el.setAttribute("aria-label", el.getAttribute("data-info"));
            if (el.classList.contains("legal"))
                return;
            el.setAttribute("role", "img");
            el.setAttribute("tabindex", stop ? "-1" : "0");
            stop = true;
        });
    });
}
/**
 * The piece a click names: the innermost lit one holding the target, else the
 * innermost. A tile inside a lit area answers the area's question (Burgundy's team
 * game: a tile already on a key space, clicked while the engine asks which key
 * space a taken tile goes to); a lit tile is its own click.
 */
function clicked(target) {
    const first = target.closest("[data-key]");
    let el = first;
    while (el && !el.classList.contains("legal"))
        el = el.parentElement?.closest("[data-key]") ?? null;
    return el ?? first;
}
/** An unlit tile focused again becomes its group's Tab stop. */
function readAgain(el) {
    const group = el.closest("[data-tiles]");
    if (!group || !el.hasAttribute("data-info") || el.classList.contains("legal"))
        return;
    group.querySelectorAll("[data-info]:not(.legal)").forEach((p) => p.setAttribute("tabindex", "-1"));
    el.setAttribute("tabindex", "0");
}
/** A short two-note chime (Web Audio; no file to fetch). */
function chime() {
    try {
        const audio = new AudioContext();
        [660, 880].forEach((hz, i) => {
            const osc = audio.createOscillator();
            const gain = audio.createGain();
            osc.frequency.value = hz;
            gain.gain.setValueAtTime(0.15, audio.currentTime + i * 0.15);
            gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.15 + 0.3);
            osc.connect(gain).connect(audio.destination);
            osc.start(audio.currentTime + i * 0.15);
            osc.stop(audio.currentTime + i * 0.15 + 0.3);
        });
    }
    catch {
        // No sound where the browser has no audio: the title still says it.
    }
}
/** Who won, as a banner above the final scoring ("You win!" for the winner's own page). */
function winnerBanner(s) {
    const first = (s.standings ?? []).filter((st) => st.place === 1);
    if (first.length === 0)
        return "";
    const seats = first.flatMap((st) => st.members.flatMap((m) => ("seat" in m ? [m.seat] : [])));
    const names = first.flatMap((st) => st.members.map((m) => ("seat" in m ? playerName(m.seat) : t(m.automaton))));
    const text = s.seat !== null && seats.includes(s.seat) ? t("web.you_win") : t("web.winner", { names: names.join(", ") });
    return `<p class="winner" role="status">${esc(text)}</p>`;
}
/** An argument of the server's own marks in words. */
function serverWord(name, value) {
    if (name === "seat" && typeof value === "number")
        return t("ui.player", { n: value + 1 });
    if (name === "bot" && typeof value === "string")
        return botName(value);
    return typeof value === "number" || typeof value === "string" ? value : JSON.stringify(value);
}
