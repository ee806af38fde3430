// Chat at the table (issue 42) in two browsers at one table: both ways, names shown,
// Enter sends, a line scrolled past does not pull the reader down, one player mutes
// the other, the panel in Portuguese, a spectator without a panel at a players'
// table; no console errors, no serious accessibility finding.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { accessibility, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(50, ["--chat-rate", "0"])));
after(() => stop({ server, browser }));

async function api(path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(base + path, { method: body ? "POST" : "GET", headers, body: body && JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** A page at the table as the seat `token` holds (a spectator without one), in `locale`. */
async function seated(id, token, locale, watch) {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(`${base}/games/${id}${token ? `#token=${token}` : ""}`);
  await page.waitForSelector("#phase");
  return { context, page };
}

const lines = (page) => page.$$eval("#chat-log .chat-line", (els) => els.map((el) => el.textContent));

async function say(page, text) {
  await page.fill("#chat-input", text);
  await page.press("#chat-input", "Enter");
}

async function heard(page, text) {
  await page.waitForFunction((t) => [...document.querySelectorAll("#chat-log .chat-text")].some((el) => el.textContent === t), text, { timeout: 10000 });
}

test("two players chat both ways, and one mutes the other", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const created = await api("/api/games", {
    game: "burgundy", seed: 5, options: { duchies: [1, 1] },
    seats: [{ kind: "human", name: "Ana" }, { kind: "human", name: "Bia" }],
  });
  assert.equal(created.status, 201);
  const { id } = created.body;
  const [ana, bia] = created.body.seats.map((s) => s.token);
  const a = await seated(id, ana, "en-US", watch);
  const b = await seated(id, bia, "pt-BR", watch);
  await a.page.waitForSelector("#chat:not([hidden])");
  await b.page.waitForSelector("#chat:not([hidden])");
  assert.equal(await b.page.textContent("#chat-title"), "Conversa");
  assert.equal(await a.page.getAttribute("#chat-log", "aria-live"), "polite");
  assert.equal(await a.page.getAttribute("#chat-input", "maxlength"), "500");

  await say(a.page, "  Hello, Bia!  ");
  await heard(b.page, "Hello, Bia!");
  assert.deepEqual(await lines(b.page), ["Ana: Hello, Bia!"]);
  assert.equal(await a.page.inputValue("#chat-input"), "", "Enter sent the line and emptied the input");
  await say(b.page, "Olá, Ana");
  await heard(a.page, "Olá, Ana");
  assert.deepEqual(await lines(a.page), ["Ana: Hello, Bia!", "Bia: Olá, Ana"]);

  // A refusal comes back in the reader's words.
  await say(a.page, "x".repeat(10) + "\u202E");
  await a.page.waitForFunction(() => document.querySelector("#chat-error")?.textContent);
  assert.match(await a.page.textContent("#chat-error"), /one line/);

  // Enough lines to scroll; Ana scrolls up, and a new line does not pull her down.
  for (let n = 0; n < 20; n++) assert.equal((await api(`/api/games/${id}/chat`, { text: `line ${n}` }, bia)).status, 201);
  await heard(a.page, "line 19");
  await a.page.$eval("#chat-log", (el) => { el.scrollTop = 0; });
  await api(`/api/games/${id}/chat`, { text: "while scrolled up" }, bia);
  await heard(a.page, "while scrolled up");
  assert.equal(await a.page.$eval("#chat-log", (el) => el.scrollTop), 0, "the reader stays where she was");
  assert.equal(await a.page.isVisible("#chat-new"), true, "told that new lines wait below");
  await a.page.click("#chat-new");
  assert.ok(await a.page.$eval("#chat-log", (el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 4));

  // Ana mutes Bia: Bia's next line reaches Bia's page, not Ana's.
  const toggle = a.page.getByRole("button", { name: "Mute Bia" });
  await toggle.click();
  await a.page.waitForSelector('[data-mute="1"][aria-pressed="true"]');
  assert.equal((await lines(a.page)).some((l) => l.startsWith("Bia:")), false, "her lines leave the panel");
  await say(b.page, "can you hear me?");
  await heard(b.page, "can you hear me?");
  await say(b.page, "last one");
  await heard(b.page, "last one");
  await api(`/api/games/${id}/chat`, { text: "Ana again" }, ana);
  await heard(a.page, "Ana again");
  const shown = await lines(a.page);
  assert.equal(shown.some((l) => l.includes("can you hear me?") || l.includes("last one")), false, shown.join("\n"));
  // Unmuted, her lines come back.
  await a.page.click('[data-mute="1"]');
  await heard(a.page, "last one");

  const findings = await accessibility(a.page);
  assert.deepEqual(findings.filter((f) => f.includes("chat")), []);
  assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
  await a.context.close();
  await b.context.close();
});

test("a spectator has no panel at a players' table, and one at everyone's", { timeout: 60000 }, async () => {
  const { errors, watch } = watched();
  const seats = [{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy" }];
  const closed = await api("/api/games", { game: "viscounts", seats });
  const open = await api("/api/games", { game: "viscounts", seats, chat: "everyone" });
  const watching = await seated(closed.body.id, null, "en-US", watch);
  await watching.page.waitForTimeout(500);
  assert.equal(await watching.page.isVisible("#chat"), false);
  await watching.page.goto(`${base}/games/${open.body.id}`);
  await watching.page.waitForSelector("#chat:not([hidden])");
  await watching.page.fill("#chat-name", "Rui");
  await say(watching.page, "boa sorte");
  await heard(watching.page, "boa sorte");
  assert.deepEqual(await lines(watching.page), ["Rui (watching): boa sorte"]);
  await watching.context.close();
  assert.deepEqual(errors, []);
});
