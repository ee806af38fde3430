// Burgundy's solo game in headless Chromium: created in the lobby with one player
// (the form ticks the solo module for it), on solo board 33, whose clusters are drawn
// where the printed board has them, with its rivers between them (seed 000 line 839:
// "Você só pode expandir para outras regiões através dos rios"); the goal track is on
// the table, and the game is played by clicking through its first turns.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, clickFirst, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

test("a solo game from the lobby: board 33 drawn with its rivers, the goal shown, turns played", { timeout: 180000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1400, height: 1000 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  let created = null;
  page.on("request", (r) => { if (r.method() === "POST" && r.url().endsWith("/api/games")) created = r.postDataJSON(); });
  await page.goto(`${base}/`);
  await page.waitForSelector("#new-game");
  assert.deepEqual(await page.$$eval("#players option", (os) => os.map((o) => o.value)), ["1", "2", "3", "4"]);
  assert.equal(await page.inputValue("#players"), "2", "two players unless one is asked for");
  await page.selectOption("#players", "1");
  await page.fill("[name=name0]", "Ana");
  await page.selectOption("[name=duchy0]", "33");
  await page.fill("[name=seed]", "4");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.duchy");
  assert.deepEqual(created.options.modules, ["solo"], "one player plays the solo game");
  assert.deepEqual(created.options.duchies, [33]);

  // Board 33: 37 spaces, none on the hexagon's grid, and its 5 rivers.
  const duchy = page.locator(".duchy-wrap svg.duchy");
  assert.equal(await duchy.locator("g.space").count(), 37);
  assert.equal(await duchy.locator("line.river").count(), 5);
  assert.match(await page.textContent(".duchy-wrap h2"), /33/);
  const rivers = await duchy.locator("line.river").evaluateAll((ls) => ls.map((l) => l.dataset.river));
  assert.deepEqual(rivers.sort(), ["0-30", "15-32", "30-32", "9-15", "9-19"].sort());
  // The river 0-30 joins two spaces of different clusters: far apart on the board.
  const centre = async (s) => {
    const b = await duchy.locator(`g.space[data-space="${s}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [a, b, c] = [await centre(0), await centre(1), await centre(30)];
  const far = Math.hypot(a[0] - c[0], a[1] - c[1]);
  const near = Math.hypot(a[0] - b[0], a[1] - b[1]);
  assert.ok(far > 2 * near, `space 30 lies across a river from 0 (${far} against ${near})`);

  // The starting castle, then turns until the goal shows and a tile lies in the duchy.
  for (let step = 0; step < 40; step++) {
    await page.waitForFunction(() => document.querySelectorAll(".legal").length > 0 || document.querySelector(".result"), null, { timeout: 30000 });
    if ((await duchy.locator("g.space .tile-hex").count()) >= 2) break;
    await clickFirst(page, ["g.space.legal", "svg.tile.legal", ".depot .legal", "svg.die.legal", "button[data-key].legal", ".choose button[data-action]"]);
    await page.waitForTimeout(100);
  }
  assert.ok((await duchy.locator("g.space .tile-hex").count()) >= 2, "the castle and a tile placed");
  assert.match(await page.textContent(".solo"), /goal\s*\d+ VP/i);
  // The solo game has no bonus tiles (seed 000 line 848): the table does not show them.
  assert.equal(await page.locator(".central .bonus-tiles").count(), 0, "no bonus tiles in the solo game");
  // Nor a turn order: its marker is the VP goal (seed 000 line 829).
  assert.equal(await page.locator(".central .turn-order").count(), 0, "no turn order track in the solo game");
  await page.screenshot({ path: join(artifacts, "burgundy-solo.png") });
  assert.deepEqual(await accessibility(page), [], "the solo table");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
