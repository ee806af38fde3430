// Burgundy's vineyards (module `vineyards`, seed 000 lines 916-1019) in headless
// Chromium, in Brazilian Portuguese: a 2-player game created from the lobby, the vine
// depot (positions 1, 3 and 5, each with its two die values with 2 players, seed 000
// line 969), the vine shop and the vine bonus tiles drawn beside the central board,
// the seat's vineyard board (9 spaces, each with its die number and two bonus
// actions), all marked provisional; then, by clicking, a hexamino taken from the vine
// depot with a die and placed on the lowest terrace with the other (seed 000 line
// 975), its two bonus actions resolved or passed; the accessibility check on that table.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, burgundyLobby, clickFirst, serveAndBrowse, stop } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

/** The faces of the page's own dice still to use, in the status bar. */
async function dice(page) {
  return page.$$eval("#hand svg.die.legal", (ds) => ds.map((d) => ({ key: d.dataset.key, face: Number(d.querySelector("title").textContent) })));
}

/** Ana's turn: her dice lit (after the starting castle and the bot's turns). */
async function myTurn(page) {
  for (let step = 0; step < 40; step++) {
    await page.waitForFunction(() => document.querySelectorAll(".legal").length > 0, null, { timeout: 60000 });
    if ((await dice(page)).length) return;
    await clickFirst(page, ["g.space.legal", "button[data-key].legal", ".choose button[data-action]"]);
    await page.waitForTimeout(150);
  }
  throw new Error("Ana's turn never came");
}

/**
 * Uses die `die` as `value` (a click on the die, then on the value if the die can be
 * used as more than one), then waits for the pieces the value lights (`then`).
 */
async function useDie(page, die, value, then) {
  await page.click(`#hand svg.die.legal[data-key="${die}"]`);
  const choice = page.locator(`.value-choice[data-key="value:${value}"]`);
  if (await choice.count()) await choice.click();
  await page.waitForSelector(then, { timeout: 30000 });
}

/** The values die `die` (`die:N`) can be used as: the offers' actions `die N VALUE`, listed under "all actions". */
async function values(page, die) {
  const n = die.slice(4);
  const actions = await page.$$eval(".all-actions button[data-action]", (bs) => bs.map((b) => b.dataset.action));
  return actions.filter((a) => a.startsWith(`die ${n} `)).map((a) => Number(a.split(" ")[2]));
}

test("a vineyards game from the lobby in Portuguese: the vine depot, shop and vineyard drawn and marked provisional, a hexamino taken and placed by clicking", { timeout: 240000 }, async () => {
  const { errors, context, page, created } = await burgundyLobby(browser, base, "pt-BR", { width: 1500, height: 1100 });
  // The lobby offers the module, with its short description in the page's language.
  const vineyards = page.locator(".module", { has: page.locator("input[value=vineyards]") });
  assert.match(await vineyards.textContent(), /Hexaminós do depósito e da loja de vinhas/);
  await page.selectOption("#players", "2");
  await vineyards.locator("input[type=checkbox]").check();
  await page.fill("[name=name0]", "Ana");
  await page.fill("[name=seed]", "4");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.duchy");
  assert.deepEqual(created.body.options.modules, ["vineyards"]);

  await myTurn(page);
  // The vine depot: positions 1, 3 and 5 with 2 players, two die values each, a hexamino on each.
  const depot = page.locator("#vine-table .vine-depot");
  assert.match(await depot.textContent(), /Depósito de vinhas/);
  assert.match(await depot.textContent(), /provisório/, "the vine depot marked provisional");
  assert.deepEqual(await depot.locator(".vine-slot").evaluateAll((s) => s.map((x) => x.dataset.slot)), ["1", "3", "5"]);
  assert.equal(await depot.locator(".vine-slot svg.die").count(), 6);
  assert.equal(await depot.locator(".vine-slot svg.hexamino").count(), 3);
  // The vine shop: one hexamino with 2 players (seed 000 line 941); the vine bonus tiles left.
  assert.match(await page.textContent("#vine-table .vine-shop"), /Loja de vinhas/);
  assert.equal(await page.locator("#vine-table .vine-shop svg.hexamino").count(), 1);
  assert.ok(await page.locator("#vine-table .vine-supply .vine-tile").count() >= 4);
  // Ana's vineyard: 9 spaces with their die numbers, none planted, marked provisional;
  // each space's two bonus actions listed.
  const vineyard = page.locator('.vineyard[data-seat="0"]');
  assert.match(await vineyard.textContent(), /Vinhedo/);
  assert.match(await vineyard.textContent(), /provisório/, "the vineyard board marked provisional");
  assert.equal(await vineyard.locator("g.vine-space").count(), 9);
  assert.equal(await vineyard.locator("g.vine-space polygon.vine").count(), 0);
  assert.deepEqual(await vineyard.locator("g.vine-space .vine-die").allTextContents(), ["1", "2", "3", "4", "5", "6", "3", "2", "5"]);
  assert.equal(await vineyard.locator(".vine-bonuses li").count(), 9);
  assert.match(await vineyard.locator(".vine-bonuses li").first().textContent(), /2 pratas · 4 PV/);
  // The bot's vineyard too, under its small duchy.
  assert.equal(await page.locator('#player-1 .vineyard g.vine-space').count(), 9);

  // The die to place with: one that can show 1-4 (the lowest terrace's spaces, seed 000 line 975).
  const [a, b] = await dice(page);
  const place = (await values(page, b.key)).some((v) => v <= 4) ? b : a;
  const take = place === a ? b : a;
  const placeValue = (await values(page, place.key)).find((v) => v <= 4);
  assert.ok(placeValue, `a die that shows 1-4: ${JSON.stringify([a, b])}`);

  // Take: the die at its face, then the hexamino of the position its value reaches.
  await useDie(page, take.key, take.face, 'svg.hexamino.legal[data-key^="vine-depot:"]');
  const slot = Math.ceil(take.face / 2) * 2 - 1;
  const lit = await page.$$eval('svg.hexamino.legal[data-key^="vine-depot:"]', (hs) => hs.map((h) => h.dataset.key));
  assert.deepEqual(lit, [`vine-depot:${slot}`], "only the position the die's value reaches is lit");
  await page.click(`svg.hexamino.legal[data-key="vine-depot:${slot}"]`);
  await page.waitForSelector('.vineyard[data-seat="0"] .vine-held svg.hexamino');
  const held = await page.getAttribute('.vineyard[data-seat="0"] .vine-held svg.hexamino', "data-key");
  assert.match(held, /^vine-held:[a-z]+-[a-z]+$/);
  assert.equal(await depot.locator(`.vine-slot[data-slot="${slot}"] svg.hexamino`).count(), 0, "taken from the depot");

  // Place: the other die as 1-4, the held hexamino, its space, and which way round.
  await useDie(page, place.key, placeValue, 'svg.hexamino.legal[data-key^="vine-held:"]');
  await page.click(`svg.hexamino.legal[data-key="${held}"]`);
  const space = page.locator(`.vineyard[data-seat="0"] g.vine-space.legal[data-key="vine-space:${placeValue}"]`);
  assert.equal(await page.locator('.vineyard[data-seat="0"] g.vine-space.legal').count(), 1, "only the space showing the die's value");
  await space.click();
  const [left, right] = held.slice("vine-held:".length).split("-");
  if (left !== right) {
    // Two colours: the hexamino turned or not, named by the vine on each hex.
    const ways = page.locator('.choose button[data-key^="vine-as:"]');
    await ways.first().waitFor();
    assert.equal(await ways.count(), 2);
    assert.match(await page.textContent(".choose"), /Em que sentido/);
    assert.match(await ways.first().textContent(), /no hexágono da esquerda/);
    await page.click(`.choose button[data-key="vine-as:${right}-${left}"]`);
  }
  const planted = page.locator(`.vineyard[data-seat="0"] g.vine-space[data-space="${placeValue}"] polygon.vine`);
  await planted.first().waitFor();
  const colours = await planted.evaluateAll((ps) => ps.map((p) => p.getAttribute("class")));
  assert.deepEqual(colours, [`vine v-${right}`, `vine v-${left}`], "placed turned: its second vine on the left hex");
  assert.equal(await page.locator('.vineyard[data-seat="0"] .vine-held svg.hexamino').count(), 0);

  // The space's two bonus actions wait, lit in the list of the vineyard's spaces.
  const bonuses = page.locator('.vineyard[data-seat="0"] .vine-bonus.legal');
  await bonuses.first().waitFor();
  assert.equal(await bonuses.count(), 2);
  await page.screenshot({ path: join(artifacts, "burgundy-vineyards.png") });
  assert.deepEqual(await accessibility(page), [], "the vineyards' table");
  await bonuses.first().click();
  await page.waitForFunction(() => /ação bônus/.test(document.querySelector("#log")?.textContent ?? ""), null, { timeout: 30000 });
  assert.match(await page.textContent("#log"), /Ana coloca o hexaminó/);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
