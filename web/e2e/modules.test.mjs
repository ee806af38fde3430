// Burgundy's modules on the table in headless Chromium: a 2-player game with the
// shields, trade routes, inns and trading posts, played by clicking until the first
// phase has started, then what each module put on the table is checked on the page:
// the shields on the depots (each with its ability on hover), the seat's trade route
// with its reconstructed tiles marked provisional, the inns' stack and the
// trading-post bonus tiles; and the accessibility check on that table.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, clickFirst, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

async function create(options) {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seed: 5, options, seats: [{ kind: "human", name: "Ana" }, { kind: "bot", bot: "random" }] }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

test("the modules' pieces are drawn: shields on the depots, the trade route, the inns and the trading-post tiles", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ modules: ["shields", "trade-routes", "inns", "trading-posts"] });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1500, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  // The starting castle first: the modules' pieces come out at the first phase's start.
  for (let step = 0; step < 20 && (await page.locator("#depot-1 .shield").count()) === 0; step++) {
    await page.waitForFunction(() => document.querySelectorAll(".legal").length > 0 || document.querySelector("#depot-1 .shield"), null, { timeout: 30000 });
    if (await page.locator("#depot-1 .shield").count()) break;
    await clickFirst(page, ["g.space.legal", "button[data-key].legal", ".choose button[data-action]"]);
    await page.waitForTimeout(100);
  }
  await page.waitForSelector("#depot-1 .shield", { timeout: 30000 });

  // Shields: one per depot with 2 players (seed 000 line 870), each naming its ability;
  // one the bot took already shows on its castle instead.
  const perDepot = await page.$$eval(".depots .depot", (ds) => ds.map((d) => d.querySelectorAll(".shield").length));
  assert.ok(perDepot.slice(0, 6).every((n) => n <= 1) && perDepot[6] === 0, `${perDepot}`);
  const held = await page.locator(".shield.on-castle").count();
  assert.equal(perDepot.reduce((a, n) => a + n, 0) + held, 6, `${perDepot} and ${held} held`);
  const title = await page.getAttribute("#depot-1 .shield", "title");
  assert.match(title, /^Shield \d+: (While|After|If) .+ End of game: \+\d+ VP\.$/);

  // The trade route: 5 tiles for 2 players (seed 000 line 770), 3 spaces each, every
  // space with its goods number and bonus; a reconstructed tile says it is provisional.
  const route = page.locator(".player-area .route");
  assert.equal(await route.locator(".route-tile").count(), 5);
  assert.equal(await route.locator(".route-space").count(), 15);
  const tiles = await route.locator(".route-tile small").allTextContents();
  for (const text of tiles) {
    const n = Number.parseInt(text, 10);
    assert.ok(n >= 1 && n <= 12, text);
    assert.equal(/provisional/.test(text), n >= 4, `tile ${n}: ${text}`);
  }
  assert.match(await route.locator(".route-space").first().getAttribute("title"), /^goods [1-6]: .+/);
  // The bot's route is drawn under its small duchy too.
  assert.equal(await page.locator("#player-1 .route-tile").count(), 5);

  // The inns' stack (one added at each phase start, seed 000 line 760) and the
  // trading-post tiles, none taken yet.
  assert.match(await page.textContent(".board-extra .inns"), /Inns on the inn space 1/);
  assert.match(await page.textContent(".board-extra .posts"), /5\/6\/7: not taken yet · 2\/3\/4: not taken yet/);
  await page.screenshot({ path: join(artifacts, "burgundy-modules.png") });

  const violations = await accessibility(page);
  assert.deepEqual(violations, [], JSON.stringify(violations, null, 1));
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
