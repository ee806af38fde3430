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
  for (let step = 0; step < 400 && (await round(page)) < 3; step++) {
    await myTurn(page, 60000);
    const before = await page.evaluate(() => document.querySelectorAll("#log li").length);
    const clicked = await clickSomething(page);
    clicks.push(clicked);
    await page.waitForTimeout(120);
    if ((await page.evaluate(() => document.querySelectorAll("#log li").length)) > before) decided++;
    if (step === 3) await page.screenshot({ path: join(artifacts, "viscounts-solo-start.png"), fullPage: true });
  }
  const reached = await round(page);
  assert.ok(reached >= 3, `reached round ${reached}: ${clicks.slice(-30).join(" ")} ${errors}`);
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
  // Viscounts' own expert, the default opponent (docs/viscounts/bots.md: the default
  // search at 2600 iterations keeping its tree, rollouts to the game's end, not
  // Burgundy's tuned options).
  assert.equal(await page.inputValue("[name=bot2]"), "mcts:iters=2600,cap=300,reuse=1");
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
  for (; step < 600 && (await round(page)) < 2; step++) {
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
  assert.ok((await round(page)) >= 2, `reached round ${await round(page)} ${errors}`);
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

/** The log's lines, newest first. */
const logLines = (page) => page.evaluate(() => [...document.querySelectorAll("#log li")].map((li) => li.textContent));
/** The names of the cards on a seat's player board, left to right. */
const slotNames = (page, seat) => page.evaluate((s) => [...document.querySelectorAll(`#player-${s} .vc-slots .vc-card b`)].map((b) => b.textContent), seat);
/** What a seat's decision logs as: the seat by name, in the third person ("Ana moves ..."), never "Ana: Move your ...". */
const SECOND_PERSON = /your Viscount|your player board|^Take one|^Player \d/;
/** A catalogue key shown as is (`web.viscounts.q.main`, `ui.phase.move`...). */
const RAW_KEY = /\b(web|event|action|ui|item|res|icon|building|main|card|timing|ribbon|deck|viscounts)\.[a-z_]+/;

test("the log says what happened when it happened (a main action's payers as they were, the AI's every step in the third person); a question names what asks it", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ game: "viscounts", seed: 5, seats: [{ kind: "human", name: "Ana" }], options: { ai: "cleric", difficulty: 1 } });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  // Ana's main actions in the log, and the cards on her board when she took each.
  const isMain = (line) => /^Ana(:| takes the main action)/.test(line) && /icons on (your|the player) board/.test(line);
  const paidWith = [];
  // The questions that a card or an effect asks, as the table heads them.
  const asks = new Set();
  for (let step = 0; step < 400 && (await round(page)) < 3; step++) {
    await myTurn(page, 60000);
    const ask = await page.evaluate(() => document.querySelector("#question .vc-by")?.parentElement?.textContent ?? null);
    if (ask) asks.add(ask);
    const before = (await logLines(page)).filter(isMain).length;
    const board = await slotNames(page, 0);
    await clickSomething(page);
    await page.waitForTimeout(120);
    if ((await logLines(page)).filter(isMain).length > before) paidWith.unshift(board);
  }
  const lines = await logLines(page);
  const mains = lines.filter(isMain);
  assert.ok(mains.length >= 2 && paidWith.length >= 2, `${mains.length} main actions logged: ${errors}`);
  // Each line names the cards on the board when it was taken, none played since.
  const now = await slotNames(page, 0);
  let moved = 0;
  for (let j = 0; j < Math.min(mains.length, paidWith.length); j++) {
    for (const card of paidWith[j]) assert.ok(mains[j].includes(card), `"${mains[j]}" names ${card}, on the board then`);
    for (const card of now.filter((c) => !paidWith[j].includes(c))) {
      assert.ok(!mains[j].includes(card), `"${mains[j]}" names ${card}, played later`);
      moved++;
    }
  }
  assert.ok(moved > 0, "a card was played after a logged main action");
  // Each question a card or an effect asks names it first ("Scoundrel: Discard a card?").
  assert.ok(asks.size > 0, "no question named what asked it");
  for (const ask of asks) assert.match(ask, /^[A-Z][^:]+: [A-Z]/, ask);
  // The AI's turns: each step by its board's name, in the third person.
  const ai = lines.filter((l) => l.startsWith("Cleric AI"));
  assert.ok(ai.filter((l) => /^Cleric AI moves its Viscount to Segment/.test(l)).length >= 2, `the AI's moves: ${ai.join(" | ")}`);
  assert.ok(ai.length >= 4, `the AI's steps: ${ai.join(" | ")}`);
  for (const line of lines) {
    assert.doesNotMatch(line, SECOND_PERSON, "a log line in the third person");
    assert.doesNotMatch(line, /^(Ana|Cleric AI):/, "a decision said by who took it");
  }
  // The other languages: the same lines, no raw key.
  for (const [lang, ai] of [["pt-BR", /IA/], ["es", /IA/]]) {
    await page.selectOption("#lang", lang);
    await page.waitForFunction(() => !/Round|Phase/.test(document.querySelector("#phase").textContent));
    const log = await page.textContent("#log");
    assert.match(log, ai, `${lang}: the AI named in the log`);
    assert.doesNotMatch(log, RAW_KEY, `${lang}: the log`);
    assert.doesNotMatch(await page.textContent(".vc-main"), RAW_KEY, `${lang}: the board`);
  }
  await page.screenshot({ path: join(artifacts, "viscounts-log.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a bot's decisions are logged in the third person by its name", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ game: "viscounts", seed: 4, seats: [{ kind: "human", name: "Bia" }, { kind: "bot", name: "Rui", bot: "greedy" }] });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  for (let step = 0; step < 300 && (await round(page)) < 2; step++) {
    await myTurn(page);
    await clickSomething(page);
    await page.waitForTimeout(100);
  }
  const lines = await logLines(page);
  const rui = lines.filter((l) => l.startsWith("Rui"));
  assert.ok(rui.some((l) => /^Rui moves the Viscount to Segment/.test(l)), rui.join(" | "));
  assert.ok(rui.some((l) => /^Rui plays .+ to the player board/.test(l)), rui.join(" | "));
  for (const line of lines) {
    assert.doesNotMatch(line, SECOND_PERSON, "a log line in the third person");
    assert.doesNotMatch(line, /^(Bia|Rui):/, "a decision said by who took it");
  }
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("each lit space shows what the move costs and any collision; the board has a legend", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const made = await create({ game: "viscounts", seed: 3, seats: [{ kind: "human", name: "Bia" }, { kind: "bot", name: "Rui", bot: "greedy" }] });
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  assert.match(await page.textContent("#vc-legend"), /outer path space[\s\S]*building spot[\s\S]*castle[\s\S]*Silver/);
  let seen = 0;
  for (let step = 0; step < 300 && seen < 3; step++) {
    await myTurn(page);
    if (await page.locator("g.vc-space.legal").count()) {
      seen++;
      const game = await (await fetch(`${base}/api/games/${made.id}`)).json();
      const spaces = game.view.position.players.map((p) => p.space);
      const lit = await page.evaluate(() => [...document.querySelectorAll("g.vc-space.legal")].map((g) => ({
        space: Number(g.getAttribute("data-key").split(":")[1]),
        cost: g.querySelector(".vc-cost")?.textContent ?? "",
        clash: g.querySelector(".vc-clash")?.textContent ?? "",
      })));
      for (const l of lit) {
        assert.match(l.cost, /^\d+ Silver( ★)?$/, `space ${l.space} shows its cost`);
        assert.equal(l.clash !== "", spaces[1] === l.space, `space ${l.space}: a collision with Rui, where Rui stands (${spaces})`);
      }
      // The cheapest of the lit moves costs nothing: the card played pays the steps.
      assert.ok(lit.some((l) => l.cost.startsWith("0 ")), JSON.stringify(lit));
    }
    await clickSomething(page);
    await page.waitForTimeout(120);
  }
  assert.equal(seen, 3, `${errors}`);
  for (const lang of ["pt-BR", "es"]) {
    await page.selectOption("#lang", lang);
    await page.waitForFunction(() => !/Round|Phase|Setup/.test(document.querySelector("#phase").textContent));
    assert.doesNotMatch(await page.textContent("#vc-legend"), RAW_KEY, `${lang}: the legend`);
  }
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

/** The header and the question as the page shows them at one moment. */
const headAndQuestion = (page) => page.evaluate(() => ({
  head: document.querySelector("#phase")?.textContent ?? "",
  ask: document.querySelector("#question b")?.textContent ?? "",
}));

/** Each phase's own question ("Player 2 (Rui): " before it when another seat is asked) and the header it must show. */
const PHASE_OF = [
  [/^(.+?: )?Take a player card and its hero/, /^Setup$/],
  [/^(.+?: )?Play a card from your hand/, /· Phase 1: /],
  [/^(.+?: )?Move your Viscount/, /· Phase 2: /],
  [/^(.+?: )?Choose your main action/, /· Phase 3: /],
  [/^(.+?: )?Hire the villager/, /· Phase 4: /],
  [/During Cleric AI's turn/, /· Cleric AI's turn$/],
];

/** Asserts that the header agrees with the question; returns the question's pattern, if one of PHASE_OF. */
function agrees({ head, ask }) {
  for (const [q, h] of PHASE_OF) {
    if (q.test(ask)) {
      assert.match(head, h, `"${ask}" under the header "${head}"`);
      return String(q);
    }
  }
  return null;
}

test("the phase header agrees with the question: setup until the first turn, each phase's question, the solo AI's turn, a bot's turn, the engine's round", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  // Solo against the AI: the header at each of Ana's decisions, against the engine's own state.
  const solo = await create({ game: "viscounts", seed: 5, seats: [{ kind: "human", name: "Ana" }], options: { ai: "cleric", difficulty: 1 } });
  await page.goto(solo.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  const seen = new Set();
  let starting = 0;
  for (let step = 0; step < 300 && (await round(page)) < 3; step++) {
    await myTurn(page, 60000);
    const shown = await headAndQuestion(page);
    const pos = (await (await fetch(`${base}/api/games/${solo.id}`)).json()).view.position;
    if (pos.phase === "setup" || pos.tasks.some((task) => task.task === "start_game")) {
      // Before the first turn starts (a player card's castle worker too), the game is set up.
      assert.equal(shown.head, "Setup", `"${shown.ask}" before the first turn`);
      assert.doesNotMatch(shown.ask, /During/, "no turn before the first");
      starting++;
    } else {
      assert.match(shown.head, new RegExp(`^Round ${pos.round} · `), `the engine's round ${pos.round}`);
    }
    seen.add(agrees(shown));
    await clickSomething(page);
    await page.waitForTimeout(120);
  }
  assert.ok(starting > 0, "the setup was seen");
  assert.ok(seen.size >= 5, [...seen].join(" "));

  // Against a bot: every header and question the page draws, recorded as drawn (the
  // bot answers faster than a look from here), the bot's questions among them.
  const duel = await create({ game: "viscounts", seed: 3, seats: [{ kind: "human", name: "Bia" }, { kind: "bot", name: "Rui", bot: "greedy" }] });
  await page.goto(duel.seats[0].invite);
  await page.waitForSelector("svg.vc-board");
  await page.evaluate(() => {
    window.drawn = [];
    const look = () => window.drawn.push({ head: document.querySelector("#phase")?.textContent ?? "", ask: document.querySelector("#question b")?.textContent ?? "" });
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  for (let step = 0; step < 200 && (await round(page)) < 2; step++) {
    await myTurn(page);
    await clickSomething(page);
    await page.waitForTimeout(100);
  }
  let bots = 0;
  for (const shown of await page.evaluate(() => window.drawn)) {
    if (agrees(shown) && shown.ask.startsWith("Player 2 (Rui): ")) bots++;
    if (shown.head === "Setup") assert.doesNotMatch(shown.ask, /During/, "no turn before the first");
  }
  assert.ok(bots > 0, "a bot's question was seen");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
