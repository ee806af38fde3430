// Talking to the server: the REST API for reading, the WebSocket for deciding
// (a refusal then comes back as a message, not as a failed request).
const TOKEN_KEY = (id) => `tabuleiro.token.${id}`;
/** The seat token of a game, kept per game so that a reload finds it. */
export function tokenFor(id) {
    const url = new URL(location.href);
    const given = url.searchParams.get("token");
    if (given) {
        localStorage.setItem(TOKEN_KEY(id), given);
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
export async function getJson(path, token) {
    const headers = {};
    if (token)
        headers["Authorization"] = `Bearer ${token}`;
    const res = await fetch(path, { headers });
    const body = await res.json();
    if (!res.ok)
        throw new Error(body.error ?? res.statusText);
    return body;
}
export async function postJson(path, body, token) {
    const headers = { "Content-Type": "application/json" };
    if (token)
        headers["Authorization"] = `Bearer ${token}`;
    const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
    const answer = await res.json();
    if (!res.ok)
        throw new Error(answer.error ?? res.statusText);
    return answer;
}
/** A WebSocket that comes back after a drop; `onState` gets every pushed state. */
export function connect(id, token, onState, onError) {
    let ws = null;
    let closed = false;
    const open = () => {
        const proto = location.protocol === "https:" ? "wss" : "ws";
        const query = token ? `?token=${encodeURIComponent(token)}` : "";
        ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${query}`);
        ws.onmessage = (m) => {
            const msg = JSON.parse(m.data);
            if (msg.type === "state")
                onState(msg);
            else if (msg.type === "error")
                onError(msg.error);
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
