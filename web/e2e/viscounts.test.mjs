// Viscounts of the West Kingdom end to end in a real headless Chromium: a solo game
// against the AI created in the lobby and played for several rounds by clicking the
// server's offers, a 2-player game against a bot with reload, language switch and a
// phone width, and a finished game's scoring by source with its record; no console
// errors. Screenshots go to web/e2e/artifacts/.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

/** Waits until this page's seat has something lit to click. */
async function myTurn(page, timeout = 30000) {
  await page.waitForFunction(() => document.querySelector("#whose.your-turn") && document.querySelectorAll(".legal").length > 0, null, { timeout });
}

/**
 * Clicks a lit piece: a menu's choice first, then the pieces of the table in the
 * order a player meets them (setup pair, a card of the hand, a space of the ring,
 * a main action and its target, a spot, a castle section, a stack), else a button.
 */
async function clickSomething(page) {
  const order = [".choose button[data-action]", ".values button.legal", ".vc-option.legal", ".vc-pair.legal",
    ".vc-hand .vc-card.legal", "g.vc-space.legal", "button.vc-main-btn.legal", ".vc-building.legal", "g.vc-spot.legal", "g.vc-section.legal",
    ".vc-stackcol .legal", "g.vc-stack.legal", ".vc-res.legal", ".vc-flip.legal", ".vc-pile.legal",
    "button[data-key].legal:not(#act-pass):not(.vc-pass)", "#act-pass, button.vc-pass.legal"];
  for (const sel of order) {
    const el = page.locator(sel).first();
    if (await el.count()) {
      await el.click();
      return sel;
    }
  }
  return null;
}

const round = (page) => page.evaluate(() => Number(/(\d+)/.exec(document.querySelector("#phase")?.textContent ?? "")?.[1] ?? 0));

async function create(body) {
  const res = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

test("solo against the AI, created in the lobby and played for several rounds by clicking", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(base + "/?game=viscounts");
  await page.waitForSelector("#new-game");
  await page.selectOption("#players", "1");
  await page.selectOption("[name=ai]", "cleric");
  await page.selectOption("[name=difficulty]", "1");
  await page.fill('input[name="name0"]', "Ana");
  await page.fill('input[name="seed"]', "5");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.vc-board");
  // Provisional content is marked where it is shown, with its reason in the tooltip.
  assert.ok(await page.locator(".provisional[title]").count() > 0, "provisional content is marked");

  const clicks = [];
  let decided = 0;
  for (let step = 0; step < 400 && (await round(page)) < 4; step++) {
    await myTurn(page, 60000);
    const before = await page.evaluate(() => document.querySelectorAll("#log li").length);
    const clicked = await clickSomething(page);
    clicks.push(clicked);
    await page.waitForTimeout(120);
    if ((await page.evaluate(() => document.querySelectorAll("#log li").length)) > before) decided++;
    if (step === 3) await page.screenshot({ path: join(artifacts, "viscounts-solo-start.png"), fullPage: true });
  }
  const reached = await round(page);
  assert.ok(reached >= 4, `reached round ${reached}: ${clicks.slice(-30).join(" ")} ${errors}`);
  assert.ok(decided > 10, `${decided} decisions logged`);
  // The AI's board shows its Plot cards.
  await page.click('.tabs button[data-show="1"]');
  await page.waitForSelector("#player-1 .vc-ai");
  assert.ok(await page.locator("#player-1 .vc-slots .vc-card.plot").count() > 0, "the AI's Plot cards are shown");
  await page.screenshot({ path: join(artifacts, "viscounts-solo.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("two players against a bot: a move lit on the board, reload, languages, a phone", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ game: "viscounts", seed: 3, seats: [{ kind: "human", name: "Bia" }, { kind: "bot", bot: "greedy" }] });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  // Play until the Viscount's moves are lit on the ring, twice over.
  let moves = 0;
  for (let step = 0; step < 200 && moves < 2; step++) {
    await myTurn(page);
    if (await page.locator("g.vc-space.legal").count()) moves++;
    await clickSomething(page);
    await page.waitForTimeout(120);
  }
  assert.equal(moves, 2, `${errors}`);

  // Undo: a card played from the hand to the board is taken back.
  for (let step = 0; step < 200; step++) {
    await myTurn(page);
    await page.waitForTimeout(150);
    if ((await page.locator(".vc-hand .vc-card.legal").count()) && !(await page.locator("#undo").count()) && /Phase 1/.test(await page.textContent("#phase"))) break;
    await clickSomething(page);
  }
  const hand = () => page.evaluate(() => [...document.querySelectorAll("#player-0 .vc-hand .vc-card b, #player-0 .vc-slots b")].map((b) => b.textContent).join("|"));
  const held = await hand();
  await page.locator(".vc-hand .vc-card.legal").first().click();
  await page.waitForSelector("#undo");
  assert.notEqual(await hand(), held, "the card left the hand");
  await page.click("#undo");
  await page.waitForFunction(() => !document.querySelector("#undo"));
  assert.equal(await hand(), held, "undo gives the card back");

  await myTurn(page);
  const text = () => page.evaluate(() => ({ board: document.querySelector("svg.vc-board")?.outerHTML.replace(/ (legal|fresh)/g, ""), me: document.querySelector("#player-0")?.textContent }));
  await page.waitForTimeout(1700); // the highlights of the last move fade
  const kept = await text();
  await page.reload();
  await page.waitForSelector("svg.vc-board");
  await page.waitForTimeout(300);
  assert.deepEqual(await text(), kept, "the same table after a reload");

  await page.selectOption("#lang", "pt-BR");
  await page.waitForFunction(() => /Rodada|Preparação/.test(document.querySelector("#phase").textContent));
  assert.match(await page.textContent(".vc-main"), /Tabuleiro Principal/);
  assert.match(await page.textContent("#player-0"), /Prata/);
  await page.screenshot({ path: join(artifacts, "viscounts-pt-BR.png"), fullPage: true });
  await page.selectOption("#lang", "es");
  await page.waitForFunction(() => /Ronda|Preparación/.test(document.querySelector("#phase").textContent));
  await page.selectOption("#lang", "en");
  await page.waitForFunction(() => /Round|Setup/.test(document.querySelector("#phase").textContent));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 400, `page is ${width}px wide on a phone`);
  await page.screenshot({ path: join(artifacts, "viscounts-phone.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a finished game: the winner, the points by source, the record; a spectator sees no hand", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ game: "viscounts", seed: 9, seats: [{ kind: "bot", name: "Ana", bot: "greedy" }, { kind: "bot", name: "Bia", bot: "greedy" }] });
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  watch(page);
  await page.goto(`${base}/games/${made.id}`);
  await page.waitForSelector("svg.vc-board");
  assert.equal(await page.locator("#player-0 .vc-hand .vc-card").count(), 0, "a spectator sees no card of a hand");
  await page.waitForSelector(".winner", { timeout: 220000 });
  await page.waitForSelector("#vc-score");
  assert.match(await page.textContent("#vc-score"), /Buildings[\s\S]*Total/);
  const href = await page.getAttribute("#record", "href");
  const record = await (await fetch(base + href)).json();
  assert.ok(record.steps?.length > 50, "the record holds the game");
  await page.screenshot({ path: join(artifacts, "viscounts-over.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("three people, one through an open seat's invite in a second browser; options in words; no serious axe-core violation", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  // axe-core is injected as a script, which the page's content security policy refuses.
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(base + "/?game=viscounts");
  await page.waitForSelector("#new-game");
  await page.selectOption("#players", "3");
  await page.fill('input[name="name0"]', "Ana");
  await page.selectOption("[name=kind1]", "open");
  await page.selectOption("[name=kind2]", "bot");
  // Viscounts' own expert, the default opponent (docs/viscounts/bots.md: 3000 iterations
  // of the default search, not Burgundy's tuned options).
  assert.equal(await page.inputValue("[name=bot2]"), "mcts:iters=3000");
  assert.match(await page.textContent("[name=bot2] option:checked"), /strong/);
  await page.fill('input[name="seed"]', "7");
  await page.click("#create");
  await page.waitForSelector(".invites a.invite");
  const invite = await page.getAttribute(".invites a.invite", "href");
  assert.match(invite, /#join=1$/);
  await page.click(".invites a.play");
  await page.waitForSelector("svg.vc-board");

  // The second person follows the open seat's link in a browser of their own.
  const other = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const guest = await other.newPage();
  watch(guest);
  await guest.goto(invite);
  await guest.waitForSelector(".join-page input[name=name]");
  await guest.fill(".join-page input[name=name]", "Bia");
  await guest.click(".join-page button[type=submit]");
  await guest.waitForSelector("svg.vc-board");
  assert.match(await guest.textContent(".me"), /Bia/);
  await page.waitForFunction(() => /Bia/.test(document.querySelector(".vc-players")?.textContent ?? ""));
  assert.equal(await page.locator(".vc-players .tabs button").count(), 3, "three boards");

  // Both play by clicking, whoever is asked, until a few rounds have gone by.
  const pages = [page, guest];
  let step = 0;
  for (; step < 600 && (await round(page)) < 3; step++) {
    let clicked = false;
    for (const p of pages) {
      const mine = await p.evaluate(() => !!document.querySelector("#whose.your-turn") && document.querySelectorAll(".legal").length > 0);
      if (mine) {
        await clickSomething(p);
        clicked = true;
        await p.waitForTimeout(100);
      }
    }
    if (!clicked) await page.waitForTimeout(150);
  }
  assert.ok((await round(page)) >= 3, `reached round ${await round(page)} ${errors}`);
  // No decision of the log is an option by its number.
  const log = await page.textContent("#log");
  assert.doesNotMatch(log, /option \d/i, "options are logged in words");
  await page.screenshot({ path: join(artifacts, "viscounts-three.png"), fullPage: true });
  await guest.screenshot({ path: join(artifacts, "viscounts-three-guest.png"), fullPage: true });

  // The table in play, and the same table asking its question, pass axe-core.
  assert.deepEqual(await accessibility(page), [], "the Viscounts table");
  await Promise.all([context.close(), other.close()]);
  assert.deepEqual(errors, [], "console errors");
});
