// Chat at the table (issue 42): the lines with their writers' names, a one-line
// input (Enter sends), and a mute toggle per other player (and for the spectators,
// where they may chat). The panel sits after the table, outside what the table
// redraws, so that a push never takes the focus, the text being typed or the
// scroll position. New lines arrive over the table's live connection.
import { getJson, postJson, Refused } from "./api.js";
import { refusal, t } from "./i18n.js";
import { esc } from "./markup.js";
import { playerName } from "./seats.js";
const SPECTATORS = -2;
/** The most lines the page keeps (the server keeps at most 2000 per game). */
const KEPT = 2000;
export class Chat {
    id;
    token;
    state;
    /** The panel; hidden where this reader may not read the chat. */
    el = document.createElement("section");
    lines = [];
    /** The last line read (a reconnection asks from here). */
    last = 0;
    muted = new Set();
    allowed = false;
    everyone = false;
    maxText = 500;
    /** The mute bar as last drawn, so that it is redrawn only when the seats change. */
    drawnBar = "";
    drawnLang = "";
    constructor(id, token, state) {
        this.id = id;
        this.token = token;
        this.state = state;
        this.el.className = "chat";
        this.el.id = "chat";
        this.el.hidden = true;
        this.el.setAttribute("aria-labelledby", "chat-title");
    }
    get seat() {
        return this.state()?.seat ?? null;
    }
    /** Reads what was said so far and shows the panel, if this reader may read it. */
    async start(after) {
        after.after(this.el);
        const state = this.state();
        if (state?.seat === null && state.chat !== "everyone")
            return;
        try {
            await this.reload();
        }
        catch {
            // A token no longer held, or the server unreachable: the table plays on
            // without a panel.
            return;
        }
        this.allowed = true;
        this.el.hidden = false;
        this.build();
    }
    /** Every line again (after a mute changed what this seat reads). */
    async reload() {
        const lines = [];
        let after = 0;
        for (;;) {
            const page = await getJson(`/api/games/${this.id}/chat?after=${after}`, this.token);
            this.everyone = page.chat === "everyone";
            this.maxText = page.max_text ?? this.maxText;
            this.muted = new Set(page.muted ?? []);
            lines.push(...page.lines);
            if (page.next === after)
                break;
            after = page.next;
        }
        // Lines pushed while the pages were read are kept.
        const newer = this.lines.filter((l) => l.n > after);
        this.lines = [...lines, ...newer].slice(-KEPT);
        this.last = Math.max(after, this.last);
    }
    /** Lines pushed over the live connection. */
    hear(lines) {
        const fresh = lines.filter((l) => l.n > this.last && !this.muted.has(l.seat));
        this.last = Math.max(this.last, ...lines.map((l) => l.n));
        if (!fresh.length || !this.allowed)
            return;
        this.lines.push(...fresh);
        this.lines = this.lines.slice(-KEPT);
        const log = this.el.querySelector("#chat-log");
        if (!log)
            return;
        // A reader scrolled up to read older lines stays where they are.
        const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
        log.querySelector(".chat-none")?.remove();
        log.insertAdjacentHTML("beforeend", fresh.map((l) => this.lineHtml(l)).join(""));
        if (atEnd)
            log.scrollTop = log.scrollHeight;
        else
            this.el.querySelector("#chat-new").hidden = false;
    }
    /** The words of the moment (a language switch) and the mute bar (a seat joined). */
    draw() {
        if (!this.allowed)
            return;
        const bar = this.muteBar();
        if (this.drawnLang !== document.documentElement.lang)
            this.build();
        else if (bar !== this.drawnBar)
            this.el.querySelector("#chat-mutes").innerHTML = (this.drawnBar = bar);
    }
    /** The whole panel, once and again when the language changes. */
    build() {
        this.drawnLang = document.documentElement.lang;
        this.drawnBar = this.muteBar();
        const spectator = this.seat === null;
        const name = spectator
            ? `<label class="chat-name">${esc(t("web.chat.name"))} <input id="chat-name" maxlength="40" autocomplete="nickname" value="${esc(localStorage.getItem("tabuleiro.chat_name") ?? "")}"></label>`
            : "";
        const typed = this.el.querySelector("#chat-input")?.value ?? "";
        this.el.innerHTML =
            `<h2 id="chat-title">${esc(t("web.chat"))}</h2>` +
                `<div id="chat-mutes" class="chat-mutes">${this.drawnBar}</div>` +
                `<ol id="chat-log" class="chat-log" tabindex="0" aria-live="polite" aria-relevant="additions" aria-label="${esc(t("web.chat.log"))}">${this.linesHtml()}</ol>` +
                `<button type="button" id="chat-new" class="chat-new" hidden>${esc(t("web.chat.new"))}</button>` +
                `<form id="chat-form" class="chat-form">${name}` +
                `<label for="chat-input" class="chat-label">${esc(t("web.chat.input"))}</label> ` +
                `<input id="chat-input" maxlength="${this.maxText}" autocomplete="off" value="${esc(typed)}">` +
                ` <button type="submit" id="chat-send">${esc(t("web.chat.send"))}</button></form>` +
                `<p id="chat-error" class="chat-error" role="status"></p>`;
        const log = this.el.querySelector("#chat-log");
        log.scrollTop = log.scrollHeight;
        log.addEventListener("scroll", () => {
            if (log.scrollTop + log.clientHeight >= log.scrollHeight - 4)
                this.el.querySelector("#chat-new").hidden = true;
        });
        this.el.querySelector("#chat-new").addEventListener("click", () => {
            log.scrollTop = log.scrollHeight;
            this.el.querySelector("#chat-new").hidden = true;
        });
        this.el.querySelector("#chat-form").addEventListener("submit", (e) => {
            e.preventDefault();
            void this.send();
        });
        this.el.querySelector("#chat-mutes").addEventListener("click", (e) => {
            const button = e.target.closest("[data-mute]");
            if (button)
                void this.toggle(Number(button.getAttribute("data-mute")));
        });
    }
    linesHtml() {
        if (!this.lines.length)
            return `<li class="chat-none">${esc(t("web.chat.none"))}</li>`;
        return this.lines.map((l) => this.lineHtml(l)).join("");
    }
    lineHtml(l) {
        const who = l.seat === SPECTATORS ? t("web.chat.spectator", { name: l.name }) : l.name || playerName(l.seat);
        const mine = l.seat === this.seat && l.seat !== SPECTATORS ? " mine" : "";
        return `<li class="chat-line${mine}" data-n="${l.n}"><b class="chat-who">${esc(who)}</b>: <span class="chat-text">${esc(l.text)}</span></li>`;
    }
    /** A toggle per other person seated (and for the spectators where they chat). */
    muteBar() {
        const me = this.seat;
        if (me === null)
            return "";
        const seats = this.state()?.seats ?? [];
        const others = seats.flatMap((s, i) => (i !== me && s.kind === "human" ? [i] : []));
        if (this.everyone)
            others.push(SPECTATORS);
        return others.map((seat) => {
            const name = seat === SPECTATORS ? t("web.chat.spectators") : playerName(seat);
            const muted = this.muted.has(seat);
            // A toggle keeps its name; aria-pressed says whether it is on.
            const words = t("web.chat.mute", { name });
            const title = t(muted ? "web.chat.unmute" : "web.chat.mute", { name });
            return `<button type="button" class="chat-mute" data-mute="${seat}" aria-pressed="${muted}" aria-label="${esc(words)}" title="${esc(title)}">${muted ? "🔇" : "🔈"} ${esc(name)}</button>`;
        }).join("");
    }
    async send() {
        const input = this.el.querySelector("#chat-input");
        const text = input.value.trim();
        if (!text)
            return;
        const body = { text };
        const name = this.el.querySelector("#chat-name");
        if (name) {
            body.name = name.value.trim();
            localStorage.setItem("tabuleiro.chat_name", body.name);
        }
        try {
            const { line } = await postJson(`/api/games/${this.id}/chat`, body, this.token);
            input.value = "";
            this.say("");
            this.hear([line]);
            const log = this.el.querySelector("#chat-log");
            log.scrollTop = log.scrollHeight;
        }
        catch (e) {
            this.refused(e);
        }
    }
    async toggle(seat) {
        try {
            const answer = await postJson(`/api/games/${this.id}/chat/mute`, { seat, muted: !this.muted.has(seat) }, this.token);
            this.muted = new Set(answer.muted);
            await this.reload();
            this.build();
            this.el.querySelector(`[data-mute="${seat}"]`)?.focus();
        }
        catch (e) {
            this.refused(e);
        }
    }
    refused(e) {
        if (!(e instanceof Refused))
            throw e;
        this.say(refusal(e.message, e.reason, e.code));
    }
    say(text) {
        this.el.querySelector("#chat-error").textContent = text;
    }
}
