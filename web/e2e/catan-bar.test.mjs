// Catan's bar at the bottom of the table (issue 43), in Chromium: in view on a desktop
// and on a phone, the builds with the engine's costs, greyed with the engine's reason
// when they cannot be made, a bot's offer answered from it at 1440x900, a build made
// through it, the bank trade in two clicks, and the clicks of an own turn with a bank
// trade and a build counted over seeded games.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base, costs;

before(async () => {
  ({ server, base, browser } = await serveAndBrowse(30));
  costs = (await (await fetch(`${base}/api/boards/catan`)).json()).costs;
});
after(() => stop({ server, browser }));

async function createGame(seed, expansion = "base") {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "catan", seed, options: { expansion, board: "beginner" },
      seats: [{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy" }, { kind: "bot", bot: "greedy" }],
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

async function openSeat(made, viewport) {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await page.waitForSelector("svg.catan-board");
  return { errors, context, page };
}

/** Whether `selector`'s element lies wholly inside the viewport now. */
function inView(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `${sel}: none`;
    const r = el.getBoundingClientRect();
    const ok = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
    return ok ? true : `${sel}: ${JSON.stringify(r)} in ${innerWidth}x${innerHeight}`;
  }, selector);
}

/** Clicks `selector` if it is there; answers whether it clicked. */
async function tap(page, selector) {
  const el = page.locator(selector).first();
  if (!(await el.count())) return false;
  return el.click({ timeout: 5000 }).then(() => true, () => false);
}

/**
 * The two founding rounds: a lit intersection, then a lit path, twice. The intersection
 * is the one with the most pips on its hexes' numbers (read from its name), so that the
 * hand grows fast enough for a bank trade within a few turns.
 */
async function found(page) {
  for (let placed = 0; placed < 2;) {
    await page.waitForFunction(() => document.querySelector("svg.catan-board g.vertex.legal, svg.catan-board g.edge.legal"), null, { timeout: 30000 });
    const best = await page.evaluate(() => {
      const pips = (text) => [...text.matchAll(/\b(\d+)\b/g)].map((m) => Number(m[1])).filter((n) => n >= 2 && n <= 12).reduce((a, n) => a + 6 - Math.abs(7 - n), 0);
      const lit = [...document.querySelectorAll("svg.catan-board g.vertex.legal")];
      lit.sort((a, b) => pips(b.querySelector("title")?.textContent ?? "") - pips(a.querySelector("title")?.textContent ?? ""));
      return lit[0]?.getAttribute("data-key") ?? null;
    });
    if (best && (await tap(page, `svg.catan-board g.vertex.legal[data-key="${best}"]`))) {
      await page.waitForSelector("svg.catan-board g.edge.legal", { state: "attached", timeout: 10000 });
      // A road is placed now, free: the bar's road button is open, not greyed "not now"
      // (as it was in the founding rounds and Road Building).
      assert.equal(await page.getAttribute("#build-road", "aria-disabled"), null, "the road button while a road is placed");
      if (await tapLit(page, "svg.catan-board g.edge.legal")) placed++;
      await page.waitForTimeout(200);
    }
  }
}

/**
 * Clicks a lit piece of the board matching `selector` that has an area to click (a path
 * drawn straight up and down has a box of no width, which Playwright will not click).
 */
async function tapLit(page, selector) {
  const key = await page.evaluate((sel) => {
    const el = [...document.querySelectorAll(sel)].find((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 2 && r.height > 2;
    });
    return el?.getAttribute("data-key") ?? null;
  }, selector);
  return key !== null && tap(page, `svg.catan-board g.legal[data-key="${key}"]`);
}

/** The hand in the bar by kind, and the bank's rate for each kind it takes now. */
function hand(page) {
  return page.evaluate(() => {
    const cards = {};
    const rates = {};
    for (const el of document.querySelectorAll("#bar-hand .card[class*=k-]")) {
      const kind = /k-(\w+)/.exec(el.className)[1];
      cards[kind] = Number(el.querySelector("b").textContent);
      const rate = el.querySelector("small");
      if (el.matches("button.bank") && rate) rates[kind] = Number(rate.textContent.split(":")[0]);
    }
    return { cards, rates };
  });
}

const affords = (cards, cost) => Object.entries(cost).every(([k, n]) => (cards[k] ?? 0) >= n);

/** A bank trade that makes a build affordable: what to give and what to get, or null. */
function usefulTrade({ cards, rates }) {
  for (const build of ["city", "settlement", "development", "road"]) {
    for (const [give, rate] of Object.entries(rates)) {
      for (const get of ["brick", "lumber", "wool", "grain", "ore"]) {
        if (get === give) continue;
        const after = { ...cards, [give]: cards[give] - rate, [get]: (cards[get] ?? 0) + 1 };
        if (affords(after, costs[build]) && !affords(cards, costs[build])) return { give, get, build };
      }
    }
  }
  return null;
}

/** A moment for the push that answers a click to redraw the table. */
async function settle(page) {
  await page.waitForTimeout(120);
}

test("the bar: in view on a desktop and a phone, costs from the engine, a greyed build says why, axe-core clean", { timeout: 120000 }, async () => {
  const made = await createGame(4);
  const { errors, context, page } = await openSeat(made, { width: 1440, height: 900 });
  await page.waitForSelector("#catan-bar");
  assert.equal(await inView(page, "#catan-bar"), true, "the bar at 1440x900");
  // The costs are the engine's: each build's cost cards, kind by kind.
  for (const [id, cost] of [["road", costs.road], ["settlement", costs.settlement], ["city", costs.city], ["development", costs.development]]) {
    const shown = await page.$$eval(`#build-${id} .cost-card`, (cs) => Object.fromEntries(cs.map((c) => [/k-(\w+)/.exec(c.className)[1], Number(c.firstChild.textContent)])));
    assert.deepEqual(shown, cost, `the cost of ${id}`);
  }
  assert.deepEqual(costs.city, { grain: 2, ore: 3 }, "a city: 2 grain and 3 ore (the rulebook's building costs)");
  await found(page);
  // Its own turn, before the roll: the builds wait, saying why; the roll is lit.
  await page.waitForSelector("#act-roll.legal", { timeout: 30000 });
  assert.equal(await page.getAttribute("#build-city", "aria-disabled"), "true");
  assert.match(await page.getAttribute("#build-city", "title"), /cannot be done at this moment of the turn/);
  await page.click("#act-roll");
  await page.waitForFunction(() => document.querySelector("#act-end.legal") || !document.querySelector("#act-roll.legal"), null, { timeout: 10000 });
  await page.waitForSelector("#act-end.legal", { timeout: 30000 });
  const { cards } = await hand(page);
  assert.ok(!affords(cards, costs.city), `the founding gives too few cards for a city: ${JSON.stringify(cards)}`);
  assert.equal(await page.getAttribute("#build-city", "aria-disabled"), "true", "a city unaffordable is greyed");
  assert.match(await page.getAttribute("#build-city", "title"), /You do not have the cards to pay for it\./);
  assert.equal(await inView(page, "#act-end"), true, "End turn in view");
  // One way to each thing: no second roll, end or bank button in the status line.
  assert.equal(await page.locator("section.status button[data-key=end], section.status button[data-key=maritime]").count(), 0);
  assert.deepEqual(await accessibility(page), [], "the table with its bar");
  await page.screenshot({ path: join(artifacts, "catan-bar.png") });

  // A phone: the bar stays at the bottom while the page scrolls.
  const phone = await openSeat(made, { width: 390, height: 844 });
  await phone.page.waitForSelector("#catan-bar");
  for (const y of [0, 600, 3000]) {
    await phone.page.evaluate((to) => scrollTo(0, to), y);
    await phone.page.waitForTimeout(100);
    assert.equal(await inView(phone.page, "#catan-bar"), true, `the bar on a phone, scrolled to ${y}`);
    assert.equal(await inView(phone.page, "#act-end"), true, `End turn on a phone, scrolled to ${y}`);
  }
  assert.deepEqual(await accessibility(phone.page), [], "the phone's table");
  await phone.page.screenshot({ path: join(artifacts, "catan-bar-phone.png") });
  await phone.context.close();
  await context.close();
  assert.deepEqual(errors, [], "console errors");
  assert.deepEqual(phone.errors, [], "console errors on the phone");
});

/**
 * Plays Ana's turns in a seeded game: roll, and when a bank trade makes a build
 * affordable, the trade (two clicks in the bar), the build, the end; counts the clicks
 * of those turns. Bots' offers are declined from the bar (the first one measured in view).
 * The first build on the board is made through the bar's button (its places alone lit).
 */
async function playTurns(page, id, { turns, steps, seen }) {
  for (let step = 0; step < steps && turns.length < 3; step++) {
    if (await page.locator("#act-decline.legal").count()) {
      seen.offer ??= { accept: await inView(page, "#act-accept"), decline: await inView(page, "#act-decline"), text: await page.textContent("#bar-offer") };
      await tap(page, "#act-decline");
      await settle(page);
      continue;
    }
    if (await page.locator("#catan-bar .card.legal").count()) {
      await tap(page, "#catan-bar .card.legal"); // a discard on a 7
      await settle(page);
      continue;
    }
    if (await tap(page, "svg.catan-board g.hex.legal, h3.seat.legal, .choose button[data-action]")) {
      await settle(page); // the robber, after a 7
      continue;
    }
    if (!(await page.locator("#act-roll.legal").count())) {
      // After a 7 and the robber: the turn ends without a trade.
      if (!(await tap(page, "#act-end.legal"))) await page.waitForTimeout(150);
      continue;
    }
    let clicks = 0;
    await page.click("#act-roll");
    clicks++;
    await page.waitForFunction(() => !document.querySelector("#act-roll.legal"), null, { timeout: 10000 });
    await page.waitForTimeout(150);
    if (!(await page.locator("#act-end.legal").count())) continue; // a 7: the robber first
    const trade = usefulTrade(await hand(page));
    if (trade) {
      const before = JSON.stringify(await hand(page));
      await page.click(`#bar-hand button.bank.k-${trade.give}`);
      clicks++;
      await page.click(`#bar-bank button.k-${trade.get}[data-action]`);
      clicks++;
      await page.waitForFunction((b) => {
        const cards = {};
        for (const el of document.querySelectorAll("#bar-hand .card[class*=k-]")) cards[/k-(\w+)/.exec(el.className)[1]] = Number(el.querySelector("b").textContent);
        return JSON.stringify(cards) !== JSON.stringify(JSON.parse(b).cards);
      }, before, { timeout: 10000 });
      let built = false;
      if (trade.build === "development") {
        built = await tap(page, "#build-development.legal");
        clicks++;
      } else if (!seen.viaBar) {
        // Through the bar: its button lights that build's places alone, then one is chosen.
        await page.click(`#build-${trade.build}`);
        const lit = await page.$$eval("svg.catan-board .legal", (els) => els.map((e) => e.getAttribute("data-key")));
        const kind = trade.build === "road" ? /^edge:/ : /^vertex:/;
        const field = { road: "roads", settlement: "settlements", city: "cities" }[trade.build];
        const pieces = async () => (await (await fetch(`${base}/api/games/${id}`)).json()).view.position.players[0][field].length;
        const had = await pieces();
        if (lit.length && (await tapLit(page, "svg.catan-board g.legal"))) {
          await page.waitForFunction(() => !document.querySelector("svg.catan-board g.legal.selected"), null, { timeout: 5000 }).catch(() => {});
          await settle(page);
          seen.viaBar = { build: trade.build, lit, allOfKind: lit.every((k) => kind.test(k)), had, now: await pieces() };
        }
        await tap(page, "#act-end.legal");
        continue; // a turn with the bar's narrowing click is not counted
      } else {
        built = await tapLit(page, "svg.catan-board g.vertex.legal, svg.catan-board g.edge.legal");
        clicks++;
      }
      await settle(page);
      if (await tap(page, "#act-end.legal")) clicks++;
      if (built) turns.push({ clicks, ...trade });
      continue;
    }
    await tap(page, "#act-end.legal");
    await settle(page);
  }
}

test("an own turn with a bank trade and a build takes at most 5 clicks (median over seeded games); a build through the bar; a bot's offer answered in view", { timeout: 600000 }, async (t) => {
  const turns = [];
  const seen = {};
  const problems = [];
  for (const seed of [21, 22, 23, 24]) {
    if (turns.length >= 3 && seen.viaBar && seen.offer) break;
    const made = await createGame(seed);
    const { errors, context, page } = await openSeat(made, { width: 1440, height: 900 });
    await found(page);
    await playTurns(page, made.id, { turns, steps: 400, seen });
    await context.close();
    problems.push(...errors);
  }
  const counts = turns.map((t) => t.clicks).sort((a, b) => a - b);
  assert.ok(counts.length >= 1, `turns with a bank trade and a build: ${JSON.stringify(turns)}`);
  const median = counts[Math.floor((counts.length - 1) / 2)];
  t.diagnostic(`clicks of own turns with a bank trade and a build: ${JSON.stringify(turns)}; median ${median}`);
  assert.ok(median <= 5, `the median of ${JSON.stringify(turns)} is ${median}`);
  assert.ok(seen.viaBar, "a build through the bar");
  assert.ok(seen.viaBar.allOfKind, `the bar's ${seen.viaBar.build} lights its places alone: ${seen.viaBar.lit}`);
  assert.equal(seen.viaBar.now, seen.viaBar.had + 1, `the ${seen.viaBar.build} stands`);
  assert.ok(seen.offer, "a bot made Ana an offer");
  assert.equal(seen.offer.accept, true, "Accept in view at 1440x900");
  assert.equal(seen.offer.decline, true, "Decline in view at 1440x900");
  assert.match(seen.offer.text, /^Player [23] \(medium bot\): You get \d+ \w+.* · You give \d+ \w+/);
  assert.deepEqual(problems, [], "console errors");
});

test("one way to trade: the bank in the bar, offers in the panel beside the board and in view at 1440x900; an offer everyone declines is said as such", { timeout: 240000 }, async () => {
  const made = await createGame(8);
  const { errors, context, page } = await openSeat(made, { width: 1440, height: 900 });
  await found(page);
  let result = null;
  let panelInView = null;
  for (let step = 0; step < 300 && !result; step++) {
    if (await tap(page, "#act-decline.legal, #catan-bar .card.legal, svg.catan-board g.hex.legal, h3.seat.legal, .choose button[data-action]")) {
      await settle(page);
      continue;
    }
    if (await tap(page, "#act-roll.legal")) {
      await page.waitForFunction(() => !document.querySelector("#act-roll.legal"), null, { timeout: 10000 });
      continue;
    }
    if (!(await page.locator("#act-end.legal").count()) || !(await page.locator("#trade-propose").count())) {
      await page.waitForTimeout(150);
      continue;
    }
    // The status line offers no second way: no "Trade with the bank" or "Offer a trade" button.
    assert.equal(await page.locator("section.status [data-key=maritime], section.status [data-key=offer], #trade-bank").count(), 0, "one way to trade");
    // The panel follows the players' panels, beside the board: no scrolling to compose.
    panelInView ??= await inView(page, "#trade");
    // One card for four of a kind it does not give: an offer nobody takes.
    const give = page.locator('.trade [data-trade^="give:"][data-trade$=":1"]:not([disabled])');
    if (!(await give.count())) {
      await tap(page, "#act-end.legal");
      continue;
    }
    const kind = (await give.first().getAttribute("data-trade")).split(":")[1];
    await give.first().click();
    const other = kind === "ore" ? "grain" : "ore";
    for (let i = 0; i < 4; i++) await page.click(`[data-trade="get:${other}:1"]`);
    await page.click("#trade-propose");
    await page.waitForFunction(() => document.querySelector("#trade-result") || document.querySelector("#act-withdraw"), null, { timeout: 30000 });
    if (await page.locator("#trade-result").count()) {
      result = { panel: await page.textContent("#trade-result"), inView: await inView(page, "#trade-result"), log: await page.textContent("#log") };
    } else {
      await tap(page, "#act-withdraw"); // a counter-offer came: not this test's case
      await settle(page);
      await tap(page, "#act-end.legal");
    }
  }
  assert.ok(result, "an offer everyone declined");
  assert.equal(panelInView, true, "the trade panel at 1440x900, the page not scrolled");
  assert.equal(result.inView, true, "the answer where the offer was made, in view");
  assert.equal(result.panel, "Everyone declines Ana's offer.");
  assert.match(result.log, /Everyone declines Ana's offer\./);
  assert.doesNotMatch(result.log, /Ana withdraws the offer/, "she did not withdraw it");
  assert.deepEqual(await accessibility(page), [], "the trade panel with its result");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
