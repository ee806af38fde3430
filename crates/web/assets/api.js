// Talking to the server: the REST API for reading, the WebSocket for deciding
// (a refusal then comes back as a message, not as a failed request).
/** Whether a logged event is the game's own (the server's carry no `event` tag). */
export function isGameEvent(event) {
    return typeof event === "object" && event !== null && "event" in event;
}
/**
 * A refusal: the server's text (English, for logs and scripts), its short code, and
 * the engine's reason when it gave one.
 */
export class Refused extends Error {
    reason;
    code;
    constructor(message, reason, code = null) {
        super(message);
        this.reason = reason;
        this.code = code;
    }
}
const TOKEN_KEY = (id) => `tabuleiro.token.${id}`;
/** Keeps the seat token of a game, so that a reload finds it. */
export function keepToken(id, token) {
    localStorage.setItem(TOKEN_KEY(id), token);
}
/**
 * The seat token of a game: from an invite link (`#token=...`, a fragment, which the
 * browser never sends to a server; `?token=` in older links) or as kept before.
 */
export function tokenFor(id) {
    const url = new URL(location.href);
    const given = new URLSearchParams(url.hash.slice(1)).get("token") ?? url.searchParams.get("token");
    if (given) {
        keepToken(id, given);
        // The token stays out of the address bar (and of screenshots).
        url.searchParams.delete("token");
        history.replaceState(null, "", url.pathname + url.search);
        return given;
    }
    return localStorage.getItem(TOKEN_KEY(id));
}
export function forgetToken(id) {
    localStorage.removeItem(TOKEN_KEY(id));
}
async function answer(res) {
    const body = await res.json();
    if (!res.ok)
        throw new Refused(body.error ?? res.statusText, body.reason ?? null, body.code ?? null);
    return body;
}
export async function getJson(path, token) {
    const headers = {};
    if (token)
        headers["Authorization"] = `Bearer ${token}`;
    return answer(await fetch(path, { headers }));
}
export async function postJson(path, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token)
        headers["Authorization"] = `Bearer ${token}`;
    return answer(await fetch(path, { method: "POST", headers, body: JSON.stringify(body) }));
}
/**
 * A WebSocket that comes back after a drop, asking for the events from `since()` on
 * so that nothing is missed or read twice; `onState` gets every pushed state.
 */
export function connect(id, token, since, onState, onError, chat) {
    let ws = null;
    let closed = false;
    const open = () => {
        const proto = location.protocol === "https:" ? "wss" : "ws";
        const query = new URLSearchParams({ since: String(since()) });
        if (chat)
            query.set("chat_after", String(chat.after()));
        // A browser cannot set headers on a WebSocket: the token rides as a subprotocol,
        // never in the URL (which proxies and logs keep).
        const protocols = token ? ["tabuleiro", `tabuleiro.token.${token}`] : ["tabuleiro"];
        ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws?${query}`, protocols);
        ws.onmessage = (m) => {
            const msg = JSON.parse(m.data);
            if (msg.type === "state")
                onState(msg);
            else if (msg.type === "error")
                onError(msg.error, msg.reason ?? null, msg.code ?? null);
            else if (msg.type === "chat")
                chat?.hear(msg.lines);
        };
        ws.onclose = () => {
            if (!closed)
                setTimeout(open, 1000);
        };
    };
    open();
    return {
        send(message) {
            if (!ws || ws.readyState !== WebSocket.OPEN)
                return false;
            ws.send(JSON.stringify(message));
            return true;
        },
        close() {
            closed = true;
            ws?.close();
        },
    };
}
