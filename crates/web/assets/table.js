// The table's shell: the connection, the log, undo, the status line, the menus of
// choices in words, and the click machinery over the server's offers (offers.ts).
// What the table looks like is the game module's (games/<game>/); the shell knows
// no rule of any game and reads no action's text.
import { connect, getJson } from "./api.js";
import { refusal, say, t } from "./i18n.js";
import { esc } from "./markup.js";
import { click, matching, nextKeys } from "./offers.js";
import { botName, playerName, rememberSeats, seatName } from "./seats.js";
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
    constructor(root, id, token, game, chrome) {
        this.root = root;
        this.id = id;
        this.token = token;
        this.game = game;
        this.chrome = chrome;
        root.addEventListener("click", (e) => this.onClick(e));
        // A piece's words on a tap (a phone has no hover) or when the keyboard reaches it.
        root.addEventListener("focusin", (e) => this.showInfo(e.target));
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
        this.live = connect(this.id, this.token, () => this.known, (s) => this.pushed(s), (m, r, c) => this.refused(m, r, c));
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
        }
        if (!this.myTurn(this.state) && this.myTurn(p)) {
            // Your turn: your own area comes to the front, and a chime if asked for.
            this.shown = p.seat;
            if (localStorage.getItem("tabuleiro.sound") === "on")
                chime();
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
    send(action) {
        this.prefix = [];
        this.message = null;
        if (!this.live?.send({ type: "action", action }))
            this.refused(t("web.offline"), null);
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
            return this.draw();
        }
        const el = target.closest("[data-key]");
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
        const marks = { legal: nextKeys(offers, this.prefix), selected: new Set(this.prefix), fresh: this.fresh };
        const view = { id: this.id, state: s, marks, events: this.events, shown: this.shown };
        const table = this.game.table(view);
        const bar = this.game.bar?.(view) ?? "";
        // Keyboard play keeps its place across the redraw: the same piece, else the first lit one.
        const focused = this.root.contains(document.activeElement) ? document.activeElement?.getAttribute("data-key") : undefined;
        this.root.replaceChildren(this.chrome());
        document.title = (this.myTurn(s) ? `● ${t("web.your_turn")} · ` : "") + t("app.title");
        const main = document.createElement("div");
        main.className = "table";
        main.innerHTML =
            `<section class="status${this.myTurn(s) ? " my-turn" : ""}">${this.statusLine(s)}${bar}${this.controls(s, offers, marks, table + bar)}</section>` +
                table +
                (s.over ? `<section class="scoring">${winnerBanner(s)}${this.game.result(view)}</section>` : "") +
                `<section class="log"><h2>${esc(t("ui.log"))}</h2><ul id="log" tabindex="0" aria-label="${esc(t("ui.log"))}">${this.logLines()}</ul></section>`;
        // Lit pieces are reached with Tab and chosen with Enter or Space, as buttons are.
        main.querySelectorAll("[data-key].legal:not(button)").forEach((el) => {
            el.setAttribute("tabindex", "0");
            el.setAttribute("role", "button");
        });
        this.root.append(main);
        if (focused !== undefined) {
            const again = [...main.querySelectorAll("[data-key]")].find((el) => el.getAttribute("data-key") === focused);
            (again ?? main.querySelector("[data-key].legal"))?.focus();
        }
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
        if (s.seat !== null) {
            const on = localStorage.getItem("tabuleiro.sound") === "on";
            parts.push(`<button id="sound" aria-pressed="${on}" title="${esc(t("web.sound"))}">♪</button>`);
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
        const undrawn = [...marks.legal].filter((k) => !table.includes(`data-key="${esc(k)}"`));
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
    /**
     * Newest first. An undo's own mark is skipped: what it took back has left the log.
     * The server's marks (a seat joined, a bot took a seat) are the shell's words.
     */
    logLines() {
        const lines = [];
        for (let i = this.events.length - 1; i >= 0 && lines.length < 60; i--) {
            const e = this.events[i];
            const m = e.message ?? (e.event?.event ? this.game.describe(e.event) : null);
            if (!m || m.key === "server.undo")
                continue;
            const text = m.key.startsWith("server.") ? say(m, serverWord) : this.game.say(m);
            lines.push(`<li class="${this.fresh.has(`log:${e.idx}`) ? "fresh" : ""}">${esc(text)}</li>`);
        }
        return lines.join("");
    }
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
