// End to end in a real headless Chromium (Debian's `chromium`, driven by
// playwright-core): create a game against a bot in the lobby, play turns by
// clicking the server's offers, undo (the log rewinds), reload, switch language,
// phone width; the log is read once per page load, then grows by pushes; no console
// errors.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, box, clickFirst, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(50)));
after(() => stop({ server, browser }));

/** Clicks the most useful lit piece; answers what it clicked, or null when nothing is lit. */
function clickSomething(page) {
  return clickFirst(page, [".choose button[data-action]", ".values button.legal", "svg.die.legal", "g.space.legal",
    "svg.tile.legal", "svg.goods.legal", "button[data-key].legal", "#act-workers", "#act-pass"]);
}

async function myTurn(page) {
  await page.waitForFunction(() => {
    const w = document.querySelector("#whose");
    return w && document.querySelectorAll(".legal").length > 0;
  }, null, { timeout: 20000 });
}

const state = (page) => page.evaluate(() => ({
  supply: document.querySelector("#hand")?.textContent,
  dice: [...document.querySelectorAll("#hand svg.die")].map((d) => d.getAttribute("class")),
  duchy: document.querySelector("svg.duchy")?.outerHTML.length,
  log: document.querySelector("#log")?.textContent,
}));

test("a game against a bot, played by clicking", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  watch(page);
  // The log is read once when the table opens; the pushes bring the rest.
  let logReads = 0;
  page.on("request", (r) => { if (/\/api\/games\/[^/]+\/log/.test(r.url())) logReads++; });
  await page.goto(base + "/");
  await page.fill('input[name="name0"]', "Ana");
  await page.fill('input[name="seed"]', "7");
  // The default opponent is the strongest level that answers in about a second.
  assert.equal(await page.inputValue('select[name="bot1"]'), "mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("#phase");

  // The starting castle, then three of our turns (two dice each; a turn ends by
  // itself once both dice are used and nothing else is possible, or by passing).
  let dice = 0;
  const turns = () => Math.floor(dice / 2);
  const clicks = [];
  for (let step = 0; step < 160 && turns() < 3; step++) {
    await myTurn(page);
    const clicked = await clickSomething(page);
    clicks.push(clicked);
    if (clicked === "svg.die.legal") dice++;
    await page.waitForTimeout(150);
  }
  await page.screenshot({ path: join(artifacts, "turns.png"), fullPage: true });
  const message = await page.locator("#message").textContent().catch(() => "");
  assert.ok(turns() >= 3, `played ${turns()} turns: ${clicks.join(" ")} ${message} ${errors}`);
  assert.equal(logReads, 1, "the log is read once, whatever the number of pushes");

  // Undo: a die used and taken back. First finish the turn under way.
  for (let step = 0; step < 60; step++) {
    await myTurn(page);
    await page.waitForTimeout(200);
    // A fresh turn: both dice lit and nothing yet to take back (undo would
    // otherwise reach an earlier die of the same turn).
    if ((await page.locator("svg.die.legal").count()) === 2 && !(await page.locator("#undo").count())) break;
    await clickSomething(page);
  }
  const before = await state(page);
  await page.locator("svg.die.legal").first().click();
  const values = page.locator(".values button.legal");
  if (await values.count()) await values.first().click();
  await page.waitForSelector("#undo");
  await page.click("#undo");
  await page.waitForFunction(() => !document.querySelector("#undo"));
  const undone = await state(page);
  assert.deepEqual(undone.dice, before.dice);
  // The undo is pushed as a rewind: the die's line leaves the log.
  assert.equal(undone.log, before.log);

  // Reload: the same table.
  await page.locator("svg.die.legal").first().click();
  if (await values.count()) await values.first().click();
  await page.waitForSelector("#undo");
  const kept = await state(page);
  await page.reload();
  await page.waitForSelector("#undo");
  assert.deepEqual(await state(page), kept);
  assert.equal(logReads, 2, "one more read for the reload");

  // Languages.
  await page.selectOption("#lang", "pt-BR");
  await page.waitForFunction(() => /Fase .* Rodada/.test(document.querySelector("#phase").textContent));
  await page.selectOption("#lang", "es");
  await page.waitForFunction(() => /Fase .* Ronda/.test(document.querySelector("#phase").textContent));
  await page.selectOption("#lang", "en");
  await page.waitForFunction(() => /Phase .* Round/.test(document.querySelector("#phase").textContent));

  // A click on a piece that is not lit says why.
  await page.locator("svg.duchy g.space:not(.legal):not([data-info])").first().click();
  await page.waitForSelector("#message");
  assert.match(await page.textContent("#message"), /Why not\? nothing to do with this now/);

  await page.screenshot({ path: join(artifacts, "table.png"), fullPage: true });

  // A phone screen: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 400, `page is ${width}px wide on a phone`);
  // The status bar with its buttons stays in sight at the bottom of the page.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(100);
  const bar = await page.evaluate(() => document.querySelector(".status").getBoundingClientRect().top);
  assert.ok(bar >= 0 && bar < 100, `the status bar is at ${bar}px after scrolling down`);
  await page.screenshot({ path: join(artifacts, "table-phone.png"), fullPage: true });

  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a finished game names its winner above the scoring, and the log names the players", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "burgundy",
      seats: [{ kind: "bot", name: "Ana", bot: "random" }, { kind: "bot", name: "Bia", bot: "random" }],
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  await page.goto(`${base}/games/${made.id}`);
  await page.waitForSelector(".winner", { timeout: 150000 });
  assert.match(await page.textContent(".winner"), /^Winner: (Ana|Bia)/);
  const log = await page.textContent("#log");
  assert.match(log, /Ana/);
  assert.doesNotMatch(log, /random bot/, "a bot's level is said in its panel, not in each line");
  assert.doesNotMatch(log, /\b1 workers\b|\b0 workers\b|1 pratas/);
  await page.screenshot({ path: join(artifacts, "table-over.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("the lobby: bot levels only for bot seats, finished games with their scores and record, joining an open seat by a name typed in the page", { timeout: 60000 }, async () => {
  const { errors, watch } = watched();
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seats: [{ kind: "open" }, { kind: "bot", bot: "random" }] }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  page.on("dialog", (d) => { errors.push(`a browser dialog: ${d.message()}`); d.dismiss(); });
  await page.goto(`${base}/`);
  await page.waitForSelector("#new-game");
  assert.equal(await page.isHidden("[name=bot0]"), true, "a person's seat has no bot level");
  assert.equal(await page.isVisible("[name=bot1]"), true, "a bot seat shows its level");
  await page.selectOption("[name=kind0]", "bot");
  assert.equal(await page.isVisible("[name=bot0]"), true);

  // The game watched to its end in the test before is listed with its scores and record.
  await page.waitForSelector("#games a.record");
  assert.match(await page.textContent("#games"), /\d+ VP/);
  // A game created while the lobby is open joins the list by itself (refreshed every 10 s).
  const later = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seats: [{ kind: "open" }, { kind: "bot", bot: "random" }] }),
  });
  assert.equal(later.status, 201, await later.clone().text());
  const { id: laterId } = await later.json();
  await page.waitForSelector(`#games button.join[data-game="${laterId}"]`, { timeout: 15000 });

  const join = page.locator(`#games button.join[data-game="${made.id}"]`);
  await join.click();
  await page.fill(".join-name input", "Carla");
  await page.click(".join-name button");
  await page.waitForURL(new RegExp(`/games/${made.id}$`));
  await page.waitForSelector(".me");
  assert.match(await page.textContent(".me"), /Carla/);
  await context.close();
  assert.deepEqual(errors, [], "console errors or dialogs");
});

test("an open seat's own invite link: no token in it, the name asked in the page of a second browser", { timeout: 90000 }, async () => {
  const { errors, watch } = watched();
  // The creator makes the game in the lobby: their seat, and an open one.
  const context = await browser.newContext();
  const page = await context.newPage();
  watch(page);
  page.on("dialog", (d) => { errors.push(`a browser dialog: ${d.message()}`); d.dismiss(); });
  await page.goto(`${base}/`);
  await page.waitForSelector("#new-game");
  await page.fill("[name=name0]", "Dora");
  await page.selectOption("[name=kind1]", "open");
  assert.equal(await page.isHidden("[name=bot1]"), true, "an open seat has no bot level");
  await page.click("#create");
  await page.waitForSelector(".invites a.invite");
  const invite = await page.getAttribute(".invites a.invite", "href");
  const own = await page.getAttribute(".invites a.play", "href");
  assert.match(invite, /\/games\/[^/#?]+#join=1$/);
  assert.doesNotMatch(invite, /token/, "an open seat's link carries no token");
  const creator = await page.evaluate(() => Object.entries(localStorage).filter(([k]) => k.startsWith("tabuleiro.creator.")).map(([, v]) => v));
  for (const secret of [...creator, new URL(own).hash.replace("#token=", "")]) {
    assert.equal(invite.includes(secret), false, "the invite holds none of the inviter's tokens");
  }
  await page.click(".invites a.play");
  await page.waitForSelector(".me");

  // A second browser (its own storage: no token of this game) follows the link.
  const other = await browser.newContext();
  const guest = await other.newPage();
  watch(guest);
  guest.on("dialog", (d) => { errors.push(`a browser dialog: ${d.message()}`); d.dismiss(); });
  await guest.goto(invite);
  await guest.waitForSelector(".join-page form.join-name input[name=name]");
  await guest.fill(".join-page input[name=name]", "Eva");
  await guest.click(".join-page button[type=submit]");
  await guest.waitForSelector(".me");
  assert.match(await guest.textContent(".me"), /Eva/);
  assert.doesNotMatch(guest.url(), /#join|token/, "the address keeps no join request nor token");
  // The creator's table names the new player.
  await page.waitForFunction(() => /Eva/.test(document.body.textContent));
  // The same link again, in a third browser: the seat is taken; the page says so in words.
  const third = await browser.newContext();
  const late = await third.newPage();
  watch(late);
  await late.goto(invite);
  await late.waitForSelector(".me");
  assert.equal(await late.locator(".join-page").count(), 0, "a taken seat asks no name");
  await Promise.all([context.close(), other.close(), third.close()]);
  assert.deepEqual(errors, [], "console errors or dialogs");
});

test("keyboard only: the title says it is your turn, Tab and Enter play lit pieces, u undoes, ? says why", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seed: 11, seats: [{ kind: "human", name: "Dora" }, { kind: "bot", bot: "random" }] }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  await myTurn(page);
  assert.match(await page.title(), /^● Your turn/);
  const logLines = () => page.evaluate(() => document.querySelectorAll("#log li").length);

  // Tab to the first lit piece and choose it with Enter until a decision is logged.
  const decide = async () => {
    const before = await logLines();
    for (let i = 0; i < 40 && (await logLines()) === before; i++) {
      for (let tab = 0; tab < 120; tab++) {
        await page.keyboard.press("Tab");
        const lit = await page.evaluate(() => document.activeElement?.matches("[data-key].legal, .choose button, .values button") ?? false);
        if (lit) break;
      }
      await page.keyboard.press("Enter");
      await page.waitForTimeout(150);
    }
    assert.ok((await logLines()) > before, "a decision made with the keyboard alone");
  };
  await decide(); // the starting castle
  await page.waitForFunction(() => document.querySelectorAll("svg.die.legal").length > 0, null, { timeout: 20000 });
  const before = await logLines();
  await page.keyboard.press("1"); // the first die, then its use by Tab and Enter
  await decide();

  // u takes it back.
  await page.waitForSelector("#undo");
  await page.keyboard.press("u");
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length === n, before);

  await page.keyboard.press("?");
  await page.waitForSelector("#message");
  assert.match(await page.textContent("#message"), /Why not\?/);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("accessibility: the lobby and a table in play have no serious axe-core violation", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  // axe-core is injected as a script, which the page's content security policy refuses.
  const context = await browser.newContext({ locale: "en-US", bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(base + "/");
  await page.waitForSelector("#new-game");
  await page.waitForSelector("#games ul, #games p");
  assert.deepEqual(await accessibility(page), [], "the lobby");

  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seed: 5, seats: [{ kind: "human", name: "Eva" }, { kind: "bot", bot: "random" }] }),
  });
  const made = await res.json();
  await page.goto(made.seats[0].invite);
  await myTurn(page);
  assert.deepEqual(await accessibility(page), [], "the table");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

/** Whether a roll of 7 is in the log's text. */
function sevenRolled(log) {
  return [...log.matchAll(/rolls (\d) \+ (\d)\./g)].some((m) => Number(m[1]) + Number(m[2]) === 7);
}

/**
 * Offers a trade with the panel: one card of a kind held for one of a kind not held,
 * then, when the bots have answered, trades with one who accepted or withdraws.
 * Answers whether an offer was made.
 */
async function proposeTrade(page) {
  const give = page.locator('.trade [data-trade^="give:"][data-trade$=":1"]:not([disabled])');
  if (!(await give.count())) return false;
  const kind = (await give.first().getAttribute("data-trade")).split(":")[1];
  await give.first().click();
  const get = page.locator(`.trade [data-trade^="get:"][data-trade$=":1"]:not([data-trade="get:${kind}:1"])`);
  await get.first().click();
  assert.equal(await page.textContent(`#give-${kind}`), "1");
  await page.click("#trade-propose");
  // Every bot answers, each on its own screen; the panel shows the answers as they come.
  await page.waitForFunction(() => {
    const answers = [...document.querySelectorAll("#trade-offer .answer")];
    return (answers.length && answers.every((a) => !a.classList.contains("waiting"))) || !document.querySelector("#trade-offer");
  }, null, { timeout: 20000 });
  await page.screenshot({ path: join(artifacts, "catan-trade.png"), fullPage: true });
  const pick = await clickFirst(page, [".trade button.pick", "#act-withdraw"]);
  if (pick) await page.waitForFunction(() => !document.querySelector("#trade-offer"), null, { timeout: 20000 });
  return true;
}

/**
 * Answers an offer with a counter-offer built on the panel (it starts as the offer
 * turned round): one card more asked, of a kind not given, when the hand can pay.
 */
async function counterOffer(page) {
  const kind = await page.evaluate(() => {
    const rows = [...document.querySelectorAll(".trade .steppers tr[class^=k-]")];
    const payable = rows.every((r) => {
      const kind = r.className.slice(2);
      const held = Number(/\((\d+)\)/.exec(r.querySelector("th").textContent)[1]);
      return Number(document.querySelector(`#give-${kind}`).textContent) <= held;
    });
    const free = rows.map((r) => r.className.slice(2)).find((k) => document.querySelector(`#give-${k}`).textContent === "0");
    return payable ? free : null;
  });
  if (!kind) return false;
  // The offer may be gone by now (its bot played on, the panel redrawn): then there
  // is nothing to answer, and the game goes on; the test still asks for one counter.
  const clicked = async (sel) => page.click(sel, { timeout: 3000 }).then(() => true, () => false);
  return (await clicked(`[data-trade="get:${kind}:1"]`)) && (await clicked("#trade-counter"));
}

/** Clicks the most useful lit piece of a Catan table; answers what it clicked, or null. */
function clickCatan(page) {
  return clickFirst(page, [".choose button[data-action]", "#act-roll.legal", "svg.catan-board g.vertex.legal", "svg.catan-board g.edge.legal",
    "svg.catan-board g.hex.legal", "h3.seat.legal", ".catan-player .legal", "#catan-bar .card.legal", "#act-decline.legal", "#act-end.legal",
    ".values button.legal", "#act-pass", ".buttons button.legal", "#catan-bar button[data-key].legal"]);
}

test("Cities & Knights against bots: chosen in the lobby, founded, a trade offered, a 7 handled, until the first barbarian attack", { timeout: 420000 }, async () => {
  const { errors, watch } = watched();
  // axe-core is injected as a script, which the page's content security policy refuses.
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  let created = null;
  page.on("request", (r) => { if (r.method() === "POST" && r.url().endsWith("/api/games")) created = r.postDataJSON(); });
  await page.goto(base + "/");
  await page.waitForSelector("#new-game");
  // The picker offers every listed game; Catan's own options replace Burgundy's.
  await page.selectOption("#game", "catan");
  await page.waitForSelector("select[name=expansion]");
  assert.deepEqual(await page.$$eval("#players option", (os) => os.map((o) => o.value)), ["3", "4"]);
  await page.selectOption("select[name=expansion]", "cities_and_knights");
  await page.selectOption("select[name=board]", "beginner");
  await page.fill('input[name="name0"]', "Ana");
  // The easy level, the last of the levels (strongest first), whatever its spec in Catan.
  const easy = await page.$eval("[name=bot1]", (s) => s.options[s.options.length - 1].value);
  assert.match(easy, /^greedy:slip=/);
  for (const i of [1, 2]) await page.selectOption(`[name=bot${i}]`, easy);
  await page.fill('input[name="seed"]', "4");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.catan-board");
  assert.equal(created.game, "catan");
  assert.deepEqual(created.options, { expansion: "cities_and_knights", board: "beginner", numbers: "spiral", separate_red_numbers: true });

  // The first settlement and its road: the lit intersections, then the lit paths beside it.
  await myTurn(page);
  assert.ok((await page.locator("svg.catan-board g.vertex.legal").count()) > 20, "the free intersections are lit");
  assert.deepEqual(await accessibility(page), [], "the Catan table");
  await page.locator("svg.catan-board g.vertex.legal").first().click();
  await page.waitForFunction(() => document.querySelectorAll("svg.catan-board g.edge.legal").length > 0);
  assert.equal(await page.locator("svg.catan-board g.vertex.built").count(), 1, "the settlement stands");
  await page.locator("svg.catan-board g.edge.legal").first().click();
  await page.waitForFunction(() => document.querySelectorAll("svg.catan-board g.edge.road").length > 0);

  // Then on, turn after turn (roll, whatever is lit, end): a trade offered to the bots
  // with the panel's steppers once, a 7 handled (discarding what is owed), until the
  // barbarians' first attack.
  const logText = () => page.textContent("#log");
  // The log names places and players: terrain and numbers, never a bare index.
  const founding = await logText();
  assert.match(founding, /Ana builds a settlement at the [a-z]+( \d+)?( \/ [a-z]+( \d+)?)* corner\./);
  assert.match(founding, /Ana builds a road on the [a-z]+( \d+)?( \/ [a-z]+( \d+)?)* side\./);
  // The log shows its newest lines: what happened is noted as it scrolls by.
  let traded = "";
  let seven = false;
  let attacked = false;
  let discards = 0;
  let countered = 0;
  const clicks = [];
  for (let step = 0; step < 900; step++) {
    const log = await logText();
    seven ||= sevenRolled(log);
    attacked ||= /The barbarians attack with strength \d+/.test(log);
    assert.doesNotMatch(log, /intersection \d|path \d|seat \d|web\.catan|event\.catan/, "places and players by name, every line in words");
    if (attacked && traded && seven) break;
    await myTurn(page);
    if (!traded && await page.locator("#trade-propose").count()) {
      if (await proposeTrade(page)) {
        traded = await logText();
        clicks.push("trade");
        continue;
      }
    }
    if (await page.locator("#trade-counter").count()) {
      // A bot's offer, answered on this screen with the panel: ask one card more.
      if (await counterOffer(page)) {
        countered++;
        await page.waitForFunction(() => /Ana makes a counter-offer/.test(document.querySelector("#log").textContent), null, { timeout: 10000 });
        continue;
      }
    }
    const asked = await page.evaluate(() => document.querySelector("#ask")?.textContent ?? "");
    if (/discard \d+ cards?\b/.test(asked)) {
      await page.locator("#catan-bar .card.legal").first().click();
      discards++;
      if (discards === 1) await page.screenshot({ path: join(artifacts, "catan-discard.png"), fullPage: true });
      await page.waitForTimeout(100);
      continue;
    }
    clicks.push(await clickCatan(page));
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path: join(artifacts, "catan.png"), fullPage: true });
  const log = await logText();
  const message = await page.evaluate(() => document.querySelector("#message")?.textContent ?? "");
  const story = `${clicks.slice(-40).join(" ")} ${message}`;
  assert.ok(traded, `a trade was offered: ${story}`);
  assert.match(traded, /Ana offers \d+ \w+.* for \d+ \w+/, "the offer is in the log");
  assert.match(traded, /Player [23] (accepts|declines|makes a counter-offer)/, "a bot answered, named by its seat (its level is in its panel)");
  assert.ok(seven, `a 7 was rolled: ${story}`);
  assert.ok(countered > 0, `a bot's offer answered with a counter-offer: ${story}`);
  assert.ok(attacked, `the first barbarian attack: ${story}`);
  assert.match(await page.textContent("#dice"), /= \d+/);
  assert.match(await page.textContent("#barbarians"), /Barbarians/);
  assert.match(await page.textContent("#player-0"), /VP/);
  assert.match(log, /rolls \d \+ \d\./);
  assert.ok((await page.locator("svg.catan-board g.vertex.built").count()) >= 6, "three players' two buildings each");

  // Then Ana keeps her cards (rolls, answers, ends) until a 7 finds her with too many:
  // she is asked on her screen to discard, while the bots discard on theirs.
  for (let step = 0; step < 600 && discards === 0; step++) {
    await myTurn(page);
    const asked = await page.evaluate(() => document.querySelector("#ask")?.textContent ?? "");
    if (/discard \d+ cards?\b/.test(asked)) {
      await page.screenshot({ path: join(artifacts, "catan-discard.png"), fullPage: true });
      while (/discard \d+ cards?\b/.test(await page.evaluate(() => document.querySelector("#ask")?.textContent ?? ""))) {
        const before = await page.evaluate(() => document.querySelector("#ask").textContent);
        await page.locator("#catan-bar .card.legal").first().click();
        discards++;
        await page.waitForFunction((b) => document.querySelector("#ask")?.textContent !== b, before, { timeout: 10000 });
      }
      break;
    }
    const hoard = await clickFirst(page, ["#act-roll.legal", "svg.catan-board g.hex.legal", "h3.seat.legal", "#act-decline.legal", "#act-withdraw", "#act-end.legal"]);
    if (!hoard) await clickCatan(page);
    await page.waitForTimeout(100);
  }
  assert.ok(discards >= 4, `Ana discarded half her cards on a 7: ${discards}`);
  assert.match(await logText(), /Ana discards one \w+\./);

  // A phone: the board fills the width and the status with its buttons stays on screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.waitForTimeout(300);
  const board = await box(page, "svg.catan-board");
  assert.ok(board.width > 330 && board.width <= 390, `the board spans the phone: ${board.width}`);
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(200);
  const status = await box(page, "section.status");
  assert.ok(status.y >= -1 && status.y < 50, `the status stays on top: ${status.y}`);
  await page.screenshot({ path: join(artifacts, "catan-phone.png") });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a finished Catan game: the winner's banner, the points by source, the record", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "catan", seed: 11, options: { expansion: "base", board: "beginner" },
      seats: ["Ana", "Bia", "Caio"].map((name) => ({ kind: "bot", name, bot: "greedy" })),
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const context = await browser.newContext({ locale: "pt-BR" });
  const page = await context.newPage();
  watch(page);
  await page.goto(`${base}/games/${made.id}`);
  await page.waitForSelector(".winner", { timeout: 200000 });
  assert.match(await page.textContent(".winner"), /(Ana|Bia|Caio)/);
  // Every seat's points by source add up to its total, the hidden cards included.
  const table = await page.$$eval("#points tr", (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
  const sources = table.slice(1, -1);
  const totals = table[table.length - 1].slice(1).map(Number);
  assert.deepEqual(sources.map((r) => r[0]).slice(0, 2), ["Assentamentos", "Cidades"]);
  totals.forEach((total, i) => assert.equal(sources.reduce((sum, r) => sum + Number(r[i + 1]), 0), total, table.join("\n")));
  assert.ok(Math.max(...totals) >= 10, `a winner has 10 points: ${totals}`);
  assert.match(await page.getAttribute("#record", "href"), /\/record$/);
  await page.screenshot({ path: join(artifacts, "catan-over.png"), fullPage: true });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
