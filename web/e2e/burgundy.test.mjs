// The Burgundy table end to end in headless Chromium: a whole 2-player game played
// by clicking against the lobby's default bot, watched by a spectator, to the end
// screen and its record (downloaded, then replayed by the binary); and a phone: the
// sticky bar with the own dice and storage, a tile's words on a tap, a die's values
// previewed with their cost before anything is committed, the accessibility check.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { accessibility, artifacts, bin, box, clickFirst, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

/** The lobby's default opponent (web/src/seats.ts, Burgundy's expert). */
const DEFAULT_BOT = "mcts:iters=16000,cap=0,c=0.1,reuse=1,prior=10,widen=1,value=even";

/** A game of Ana against `bot`, or of the `seats` given. */
async function create(seed, bot, seats = [{ kind: "human", name: "Ana" }, { kind: "bot", bot }]) {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "burgundy", seed, seats }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

/** Clicks the most useful lit piece; answers what it clicked, or null when nothing is lit. */
function clickSomething(page) {
  return clickFirst(page, [".choose button[data-action]", ".values button.legal", "svg.die.legal", "g.space.legal",
    "svg.tile.legal", "svg.goods.legal", "button[data-key].legal"]);
}

/** Waits until this page may decide, or the game is over; answers whether it is over. */
async function waitTurnOrEnd(page) {
  await page.waitForFunction(() => document.querySelector(".winner") || document.querySelectorAll(".legal").length > 0, null, { timeout: 60000 });
  return (await page.locator(".winner").count()) > 0;
}

test("a whole game against the default bot by clicking, watched by a spectator, to the end screen and its record", { timeout: 900000 }, async () => {
  const { errors, watch } = watched();
  const made = await create(3, DEFAULT_BOT);
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1500, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);

  // A spectator: a second browser with no seat of this game.
  const watching = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  const spectator = await watching.newPage();
  watch(spectator);
  await spectator.goto(`${base}/games/${made.id}`);
  await spectator.waitForSelector(".me");
  assert.match(await spectator.textContent(".me"), /watching/);

  let previewed = false;
  let shot = false;
  const clicks = [];
  for (let step = 0; step < 3000; step++) {
    if (await waitTurnOrEnd(page)) break;
    // A die chosen shows each value it may be used as, its cost and its reach, before anything is sent.
    if (!previewed && (await page.locator(".values.preview .value-choice").count())) {
      const text = await page.textContent(".values.preview");
      assert.match(text, /no worker|\d+ workers?/);
      assert.match(text, /Depot \d/);
      previewed = true;
    }
    if (!shot && /Phase B/.test(await page.textContent("#phase"))) {
      await page.screenshot({ path: join(artifacts, "burgundy-desktop.png") });
      // Every duchy at once: the own one large, the bot's small with its supply.
      assert.equal(await page.locator("svg.duchy").count(), 2);
      assert.match(await page.textContent("#player-1"), /VP: \d+ Silver: \d+ Workers: \d+/);
      assert.match(await page.textContent(".phase-track .on"), /B/);
      // The spectator sees the table and nothing to click.
      assert.equal(await spectator.locator(".legal").count(), 0);
      assert.equal(await spectator.locator("#hand").count(), 0);
      shot = true;
    }
    clicks.push(await clickSomething(page));
    await page.waitForTimeout(60);
  }
  const story = clicks.slice(-30).join(" ");
  await page.waitForSelector(".winner", { timeout: 60000 });
  assert.ok(previewed, `a die's values were previewed: ${story}`);
  assert.ok(shot, "phase B was reached");
  assert.match(await page.textContent(".winner"), /You win!|Winner: /);
  assert.match(await page.textContent(".scoring"), /Final scoring/);
  // Places in English words (ui.place_n): "#1 Player 1 (Ana)".
  assert.match(await page.textContent(".score-seat h3"), /^#1 Player/);
  await page.screenshot({ path: join(artifacts, "burgundy-over.png"), fullPage: true });
  await spectator.waitForSelector(".winner", { timeout: 60000 });
  assert.match(await spectator.textContent(".winner"), /Winner: /);

  // The record, downloaded, replays to the same final scores with the binary.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#record")]);
  const file = join(artifacts, "burgundy-record.json");
  await download.saveAs(file);
  const record = JSON.parse(readFileSync(file, "utf8"));
  assert.ok(record.steps?.length > 100, "the record holds the whole game");
  const replayed = execFileSync(bin, ["replay", file, "--json"], { encoding: "utf8" });
  const scores = await page.$$eval(".score-seat tr.total td:last-child", (tds) => tds.map((td) => Number(td.textContent)));
  for (const score of scores) assert.match(replayed, new RegExp(`\\b${score}\\b`), `replayed: ${replayed}`);
  await Promise.all([context.close(), watching.close()]);
  assert.deepEqual(errors, [], "console errors");
});

test("a phone: the own dice and storage stay on screen, a tile's words on a tap, a die previewed, no serious axe-core violation", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const made = await create(5, "random");
  // axe-core is injected as a script, which the page's content security policy refuses.
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  // The starting castle step says what to do.
  await page.waitForSelector(".legal");
  assert.match(await page.textContent("#phase"), /starting castle/);
  for (let i = 0; i < 20 && !(await page.locator("svg.die.legal").count()); i++) {
    await clickSomething(page);
    await page.waitForTimeout(400);
  }
  await page.waitForSelector("#hand svg.die.legal");

  // A tap on a depot's tile names it and says what it does.
  await page.locator(".depot svg.tile").first().tap();
  await page.waitForFunction(() => (document.querySelector("#info")?.textContent ?? "").length > 5);
  assert.match(await page.textContent("#info"), /\w+/);

  // A die chosen: its values with their cost and reach; Cancel puts it back, nothing sent.
  const log = await page.textContent("#log");
  await page.locator("#hand svg.die.legal").first().tap();
  await page.waitForSelector(".values.preview .value-choice");
  assert.match(await page.textContent(".values.preview"), /no worker|\d+ workers?/);
  assert.deepEqual(await accessibility(page), [], "the phone table with a die previewed");
  await page.click("#cancel");
  await page.waitForFunction(() => !document.querySelector(".values.preview"));
  assert.equal(await page.textContent("#log"), log, "nothing was decided");

  // Scrolled to the end of the page, the bar with the dice and storage is still in sight.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(200);
  const hand = await box(page, "#hand");
  assert.ok(hand && hand.y >= 0 && hand.y + hand.height <= 844, `the bar is on screen: ${JSON.stringify(hand)}`);
  assert.ok(await page.locator("#hand svg.die.legal").first().isVisible());
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 400, `page is ${width}px wide on a phone`);
  await page.screenshot({ path: join(artifacts, "burgundy-phone.png") });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("the lobby offers the modules the engine plays, each with what it is and its own options; a forbidden edition is refused with the reason", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  let created = null;
  page.on("request", (r) => { if (r.method() === "POST" && r.url().endsWith("/api/games")) created = r.postDataJSON(); });
  await page.goto(`${base}/?game=burgundy`);
  await page.waitForSelector("fieldset.modules");
  const offered = await page.$$eval("fieldset.modules input[name=module]", (els) => els.map((e) => e.value));
  for (const m of ["duchies-11-18", "extra-hexes", "white-castles", "inns"]) assert.ok(offered.includes(m), `${m} offered: ${offered}`);
  const inns = page.locator(".module", { has: page.locator("input[value=inns]") });
  assert.match(await inns.textContent(), /Inns \(6th expansion\).*inn arrives beside the black depot/s);
  // An inn's options are hidden until the module is ticked.
  assert.equal(await inns.locator("select[name='rule.inn_number']").isVisible(), false);
  await inns.locator("input[type=checkbox]").check();
  assert.ok(await inns.locator("select[name='rule.inn_number']").isVisible());
  await page.selectOption("select[name='rule.inn_number']", "any");
  // The readings where the rulebooks differ, folded away, each by its words.
  await page.click("details.readings summary");
  await page.selectOption("select[name='rule.knowledge5']", "compulsory");
  assert.match(await page.textContent("details.readings"), /Monastery 5: the adjacent depot's goods/);
  await page.fill('input[name="name0"]', "Ana");
  await page.fill('input[name="seed"]', "5");
  await page.click("#create");
  await page.waitForSelector("a.play");
  assert.deepEqual(created.options.modules, ["inns"]);
  assert.equal(created.options.rules.inn_number, "any");
  assert.equal(created.options.rules.knowledge5, "compulsory");
  assert.equal(created.options.rules.inn_purchase, "turn-purchase");
  assert.equal(created.options.rules.white_castle, undefined, "an unticked module's options are not sent");
  // The game plays with inns: one arrives when the first phase starts, once the
  // sides and starting castles are chosen.
  await page.click("a.play");
  const innArrived = () => page.evaluate(() => /An inn is put beside the black depot/.test(document.querySelector("#log")?.textContent ?? ""));
  for (let step = 0; step < 20 && !(await innArrived()); step++) {
    await waitTurnOrEnd(page);
    if (await innArrived()) break;
    await clickSomething(page);
    await page.waitForTimeout(300);
  }
  assert.ok(await innArrived(), "an inn arrived at the first phase's start");

  // The classic edition has no duchies 11-18: refused, saying why, and nothing is created.
  await page.goto(`${base}/?game=burgundy`);
  await page.waitForSelector("fieldset.modules");
  await page.selectOption("select[name=edition]", "classic");
  await page.locator("input[name=module][value='duchies-11-18']").check();
  await page.fill('input[name="name0"]', "Ana");
  const before = errors.length;
  await page.click("#create");
  await page.waitForSelector("#created .message");
  // The engine's reason, in the page's words (not the server's English sentence).
  assert.match(await page.textContent("#created .message"), /^Refused: the classic edition has no module/);
  // The module by its catalogue name, not the engine's "duchies-11-18".
  assert.match(await page.textContent("#created .message"), /Duchies 11-18 \(1st expansion\)/);
  assert.equal(await page.locator("a.play").count(), 0);
  // The browser logs the refused request itself; nothing else may be logged.
  const refused = errors.splice(before);
  assert.ok(refused.every((e) => /status of 400/.test(e)), `only the refused request: ${refused}`);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

/** The game as a spectator sees it on the server: what was really sent. */
async function served(id) {
  const res = await fetch(`${base}/api/games/${id}`);
  const g = await res.json();
  return { version: g.version, to_act: g.to_act };
}

/**
 * Plays this page's turns by clicking (never the explicit pass, which ends a turn with
 * no question) until a decision that ends the turn is held on the page.
 */
async function playUntilHeld(page) {
  for (let step = 0; step < 300; step++) {
    if (await page.locator("#end-turn").count()) return;
    await waitTurnOrEnd(page);
    if (await page.locator("#end-turn").count()) return;
    await clickFirst(page, [".choose button[data-action]", ".values button.legal", "svg.die.legal", "g.space.legal",
      "svg.tile.legal", "svg.goods.legal", "button[data-key].legal:not(#act-pass)", "#act-pass"]);
    await page.waitForTimeout(80);
  }
  assert.fail("no decision that ends the turn was held");
}

test("the end of a turn waits for End turn: taken back nothing is sent, a reload forgets it, Enter or the grace period sends it", { timeout: 240000 }, async () => {
  const { errors, watch } = watched();
  const made = await create(9, "random");
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  const logLines = () => page.$$eval("#log li", (lis) => lis.map((li) => li.textContent));

  // Past the starting castle, a turn of the dice up to its last decision.
  await toTheDice(page);
  await playUntilHeld(page);
  assert.match(await page.textContent("#phase"), /Phase [A-E]/);
  const held = await served(made.id);
  assert.deepEqual(held.to_act, [0], "still this seat's turn: nothing was sent");
  assert.match(await page.textContent("#pending"), /^Not sent yet: /);
  assert.doesNotMatch(await page.textContent("#pending"), /\bdepot depot\b/i, "a depot named once");
  assert.match(await page.textContent("#log-pending"), /^Not sent yet: /, "the log shows it as pending");
  assert.equal(await page.locator(".legal:not(#end-turn)").count(), 0, "nothing else is lit while it waits");
  // Drawn on the board too: the die, tile, space or goods it chose, marked as held.
  const drawn = await page.$$eval(".table .held", (els) => els.map((e) => e.getAttribute("data-key") ?? e.className.baseVal ?? e.className));
  assert.ok(drawn.length > 0, `the held decision is drawn on the board: ${await page.textContent("#pending")} ${drawn}`);
  await page.screenshot({ path: join(artifacts, "burgundy-end-turn.png") });
  const before = await logLines();

  // Taken back: nothing sent, the table as it was, the opponent did not move.
  // A redraw (a push) can replace the button under a click under load: click again
  // while it is still there, 5 s apart (once seen failing under two parallel runs).
  for (let tries = 0; tries < 4 && (await page.locator("#pending").count()); tries++) {
    await page.locator("#take-back").click({ timeout: 5000 }).catch(() => {});
    await page.waitForFunction(() => !document.querySelector("#pending"), null, { timeout: 5000 }).catch(() => {});
  }
  assert.equal(await page.locator("#pending").count(), 0, "the held decision is taken back");
  await page.waitForTimeout(800);
  assert.deepEqual(await served(made.id), held, "nothing was sent, the bot did not move");
  assert.deepEqual(await logLines(), before);
  assert.equal(await page.locator("#log-pending").count(), 0);
  assert.equal(await page.locator(".table .held").count(), 0, "nothing is drawn as held any more");
  assert.ok(await page.locator(".legal").count() > 0, "the choices are back");

  // Held again and the page reloaded: the decision was never sent, so it is simply gone.
  await playUntilHeld(page);
  await page.reload();
  await page.waitForSelector(".legal");
  assert.equal(await page.locator("#pending").count(), 0);
  assert.deepEqual(await served(made.id), held, "a reload sends nothing");

  // The keyboard: Escape takes it back, Enter ends the turn.
  await playUntilHeld(page);
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => !document.querySelector("#pending"));
  assert.deepEqual(await served(made.id), held);
  await playUntilHeld(page);
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !document.querySelector("#pending"));
  await waitFor(async () => (await served(made.id)).version > held.version);
  // The turn passed: the decision is in the log and can no longer be taken back.
  await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before.length);

  // With the grace period, a held decision goes by itself after 3 s unless taken back.
  await page.selectOption("#end-mode", "3");
  await playUntilHeld(page);
  assert.match(await page.textContent("#pending-in"), /ends by itself in [1-3] s/);
  const waiting = await served(made.id);
  await page.waitForFunction(() => !document.querySelector("#pending"), null, { timeout: 15000 });
  await waitFor(async () => (await served(made.id)).version > waiting.version);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

/** Chooses the duchy's side and the starting castle (ending the turn when asked) until the dice are lit. */
async function toTheDice(page) {
  for (let step = 0; step < 40; step++) {
    await waitTurnOrEnd(page);
    if (await page.locator("svg.die.legal").count()) return;
    await clickFirst(page, ["#end-turn", ".choose button[data-action]", "g.space.legal", "button[data-key].legal"]);
    await page.waitForTimeout(200);
  }
  assert.fail("the dice never came");
}

/** Polls `check` until it answers true (10 s at most). */
async function waitFor(check) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`never true: ${check}`);
}

test("keyboard: every tile's words are reachable, one Tab stop per group and the arrows within it", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const made = await create(4, "random");
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  // The depots fill when the first phase starts, once the starting castles are chosen.
  await toTheDice(page);
  await page.waitForSelector(".depots svg.tile");
  // The turn order track in the players' colours; the bonus tiles with their values (2 players: 5 and 2).
  assert.equal(await page.locator(".track .pawn.p0").count(), 1);
  assert.equal(await page.locator(".track .pawn.p1").count(), 1);
  assert.equal(await page.textContent(".central .bonus"), "5 · 2");
  // Tab until an unlit tile has the focus; its name and effect are in the info line.
  let reached = null;
  for (let tab = 0; tab < 80 && !reached; tab++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.matches("[data-info]:not(.legal)") ? el.getAttribute("data-info") : null;
    });
  }
  assert.ok(reached, "Tab reaches an unlit tile");
  await page.waitForFunction((w) => document.querySelector("#info")?.textContent === w, reached);
  assert.match(reached, /\w+.*: /, `a name and an effect: ${reached}`);
  // The others of the group are no Tab stops of their own: the arrows reach them.
  const stops = await page.$$eval(".depots [data-info]:not(.legal)[tabindex='0']", (els) => els.length);
  assert.ok(stops <= 1, `${stops} Tab stops among the depots' unlit tiles`);
  await page.keyboard.press("ArrowRight");
  const next = await page.evaluate(() => document.activeElement?.getAttribute("data-info"));
  assert.ok(next, "an arrow moves to the next tile");
  await page.waitForFunction((w) => document.querySelector("#info")?.textContent === w, next);
  assert.deepEqual(await accessibility(page), [], "the table with a tile focused");
  // A board not yet checked against the printed one says so in a tooltip, not a badge's alarm.
  assert.match(await page.getAttribute(".unverified", "title"), /not yet checked against the printed component/);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

/** The words that must read in each language, from crates/i18n/locales/burgundy/<lang>.json. */
const LANGUAGES = {
  "pt-BR": { phase: /Fase [A-E] · Rodada \d/, log: /Ana usa o dado \d como \d/, refused: /^Recusado: escolha um dado, compre, ou passe/,
    end: "Encerrar a vez", pending: /^Ainda não enviado: / },
  es: { phase: /Fase [A-E] · Ronda \d/, log: /Ana usa el dado \d como \d/, refused: /^Rechazado: elige un dado, compra, o pasa/,
    end: "Terminar el turno", pending: /^Aún no enviado: / },
};

/** English words that must not be left in a translated status or banner. */
const ENGLISH = /\b(Your turn|Undo|Cancel|End turn|Not sent yet|Phase|Round|Refused|Why not|to play|workers?|silver|depot|Pass)\b/;
/** A catalogue key shown raw instead of its words. */
const RAW = /\b(web|refusal|event|ui|menu|action|header)\.[a-z_]+/;

for (const [lang, words] of Object.entries(LANGUAGES)) {
  test(`a turn played by clicking in ${lang}: the log, the End turn and a refusal in the rulebook's words`, { timeout: 180000 }, async () => {
    const { errors, watch } = watched();
    const made = await create(6, "random");
    const context = await browser.newContext({ locale: lang, viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    watch(page);
    await page.goto(made.seats[0].invite);
    // The starting castle, then this seat's turn: the dice lit, nothing moves until it decides.
    await toTheDice(page);
    assert.match(await page.textContent("#phase"), words.phase);
    const banner = await page.textContent("#whose");
    assert.doesNotMatch(banner, ENGLISH, `the banner: ${banner}`);

    // A decision the server refuses (a choice made stale: take 2 workers before any die
    // is chosen), said in the language with the engine's reason from the catalogue.
    await page.evaluate(() => document.querySelector(".all-actions button[data-action]").setAttribute("data-action", "workers"));
    await page.click(".all-actions summary");
    await page.locator(".all-actions button[data-action]").first().click();
    await page.waitForSelector("#message");
    const refusal = await page.textContent("#message");
    assert.match(refusal, words.refused);
    assert.doesNotMatch(refusal, RAW, `no raw key: ${refusal}`);
    assert.doesNotMatch(refusal, ENGLISH, `no English: ${refusal}`);
    await page.screenshot({ path: join(artifacts, `burgundy-${lang}.png`) });

    // The turn played by clicking up to its End turn, in the language.
    await playUntilHeld(page);
    assert.equal((await page.textContent("#end-turn")).trim(), words.end);
    assert.match(await page.textContent("#pending"), words.pending);
    const status = await page.textContent("section.status");
    assert.doesNotMatch(status, ENGLISH, `no English left in the status: ${status}`);
    assert.doesNotMatch(status, RAW);
    assert.doesNotMatch(status, /\b(depósito|almacén) \1\b/i, "a depot named once");
    await page.click("#end-turn");
    await page.waitForFunction(() => !document.querySelector("#pending"));
    // The log reads in the language, with the rulebook's terms.
    const log = await page.textContent("#log");
    assert.match(log, words.log);
    assert.doesNotMatch(log, RAW, `no raw key in the log: ${log}`);
    assert.doesNotMatch(log, /\b(takes|uses die|places|workers|silver)\b/, `no English in the log: ${log}`);
    await context.close();
    assert.deepEqual(errors, [], "console errors");
  });
}

test("a refusal names the player whose turn it is, never a seat number", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const made = await create(7, null, [{ kind: "human", name: "Ana" }, { kind: "human", name: "Bia" }]);
  const bia = made.seats[1].token;
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await page.goto(made.seats[0].invite);
  // Ana clicks, Bia decides through the API, until it is Bia's turn alone.
  for (let step = 0; step < 60; step++) {
    const g = await (await fetch(`${base}/api/games/${made.id}`, { headers: { Authorization: `Bearer ${bia}` } })).json();
    if (g.to_act.length === 1 && g.to_act[0] === 1 && !g.to_act.includes(0)) break;
    if (g.to_act.includes(1)) {
      await fetch(`${base}/api/games/${made.id}/actions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${bia}` },
        body: JSON.stringify({ action: g.offers.find((o) => o.action !== "pass")?.action ?? g.offers[0].action }),
      });
    } else {
      await clickFirst(page, ["#end-turn", ".choose button[data-action]", "g.space.legal", ".values button.legal", "svg.die.legal",
        "svg.tile.legal", "svg.goods.legal", "button[data-key].legal:not(#act-pass)", "#act-pass"]);
    }
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => !document.querySelector("#whose.your-turn") && document.querySelector("#whose"));
  // A click made stale (the page had not seen the turn pass): the server's refusal in
  // words. Made and clicked in one step, before a bot's move can redraw the page.
  await page.evaluate(() => {
    const b = document.createElement("button");
    b.id = "stale";
    b.setAttribute("data-action", "pass");
    document.querySelector("section.status").append(b);
    b.click();
  });
  await page.waitForSelector("#message");
  const message = await page.textContent("#message");
  assert.match(message, /^Refused: .*Bia/, message);
  assert.doesNotMatch(message, /seat \d|\{|\}/, message);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
