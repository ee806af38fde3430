// Bytes a browser following a game receives per decision: a bots-only game on a
// local server, watched by one real Chromium page from its first move to its end.
// Counts the API's HTTP answers (bodies) and the WebSocket frames both ways.
//
//   TABULEIRO_BIN=target/release/tabuleiro node web/scripts/bytes.mjs [seed] [players]

import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = process.env.TABULEIRO_BIN ?? join(root, "target", "release", "tabuleiro");
const seed = Number(process.argv[2] ?? 7);
const players = Number(process.argv[3] ?? 2);

const server = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--data", mkdtempSync(join(tmpdir(), "tabuleiro-bytes-")), "--bot-delay-ms", "120", "--create-rate", "0", "--action-rate", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (c) => { out += c; const m = /serving on (http:\/\/\S+)/.exec(out); if (m) resolve(m[1]); });
  setTimeout(() => reject(new Error("no server")), 20000);
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const page = await browser.newPage();
const bytes = { http: 0, httpCalls: 0, wsIn: 0, wsOut: 0, frames: 0 };
page.on("response", async (r) => {
  if (!new URL(r.url()).pathname.startsWith("/api/")) return;
  try { bytes.http += (await r.body()).length; bytes.httpCalls++; } catch {}
});
page.on("websocket", (ws) => {
  ws.on("framereceived", (f) => { bytes.wsIn += Buffer.byteLength(f.payload); bytes.frames++; });
  ws.on("framesent", (f) => { bytes.wsOut += Buffer.byteLength(f.payload); });
});
const seats = Array.from({ length: players }, () => ({ kind: "bot", bot: "greedy" }));
const made = await (await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ game: "burgundy", seats, seed }) })).json();
await page.goto(`${base}/games/${made.id}`);
let version = 0;
for (;;) {
  const g = await (await fetch(`${base}/api/games/${made.id}`)).json();
  version = g.version;
  if (g.over) break;
  await new Promise((r) => setTimeout(r, 500));
}
await page.waitForTimeout(1500); // the last pushes arrive
const total = bytes.http + bytes.wsIn + bytes.wsOut;
console.log(JSON.stringify({ seed, players, decisions: version, ...bytes, total, per_decision: Math.round(total / version) }));
await browser.close();
server.kill("SIGTERM");
