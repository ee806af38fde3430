// Talking to the server: the REST API for reading, the WebSocket for deciding
// (a refusal then comes back as a message, not as a failed request).

export interface SeatInfo { kind: string; name: string; bot?: string }
export interface GameState {
  id: string; game: string; version: number; status: string;
  seat: number | null; seats: SeatInfo[]; to_act: number[]; over: boolean;
  legal: string[]; can_undo: boolean; view: any;
  scores: number[] | null; ranking: number[] | null;
}
export interface LogEvent { idx: number; event: any }

const TOKEN_KEY = (id: string) => `tabuleiro.token.${id}`;

/** The seat token of a game, kept per game so that a reload finds it. */
export function tokenFor(id: string): string | null {
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

export function forgetToken(id: string) {
  localStorage.removeItem(TOKEN_KEY(id));
}

export async function getJson(path: string, token?: string | null): Promise<any> {
  const headers: Record<string, string> = {};
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { headers });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error ?? res.statusText);
  return body;
}

export async function postJson(path: string, body: unknown, token?: string | null): Promise<any> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const res = await fetch(path, { method: "POST", headers, body: JSON.stringify(body) });
  const answer = await res.json();
  if (!res.ok) throw new Error(answer.error ?? res.statusText);
  return answer;
}

export interface Live {
  send(message: unknown): boolean;
  close(): void;
}

/** A WebSocket that comes back after a drop; `onState` gets every pushed state. */
export function connect(
  id: string,
  token: string | null,
  onState: (state: GameState & { events: LogEvent[] }) => void,
  onError: (message: string) => void,
): Live {
  let ws: WebSocket | null = null;
  let closed = false;
  const open = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    ws = new WebSocket(`${proto}://${location.host}/api/games/${id}/ws${query}`);
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "state") onState(msg);
      else if (msg.type === "error") onError(msg.error);
    };
    ws.onclose = () => {
      if (!closed) setTimeout(open, 1000);
    };
  };
  open();
  return {
    send(message) {
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(message));
      return true;
    },
    close() {
      closed = true;
      ws?.close();
    },
  };
}
