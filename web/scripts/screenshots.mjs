// The screenshots of the Burgundy table in the README and docs/browser.md (docs/burgundy/table-*.png), taken
// anew: a 4-player game (Ana against three bots) played by clicking up to phase B,
// then a die chosen (its values previewed with their cost) on a wide screen, a
// decision held before End turn, and the same seat on a phone.
//
//   TABULEIRO_BIN=target/release/tabuleiro node web/scripts/screenshots.mjs [out-dir]
//
// out-dir defaults to docs/burgundy; the held decision goes to table-held.png there.

import { join } from "node:path";
import { clickFirst, launchBrowser, root, startServer } from "../e2e/harness.mjs";

const out = process.argv[2] ?? join(root, "docs", "burgundy");
const { server, base } = await startServer(20);
const browser = await launchBrowser();
try {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "burgundy", seed: 11,
      seats: [{ kind: "human", name: "Ana" }, { kind: "bot", name: "Bia", bot: "greedy" },
        { kind: "bot", name: "Caio", bot: "greedy" }, { kind: "bot", name: "Duda", bot: "greedy" }],
    }),
  });
  const made = await res.json();
  const wide = await (await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 960 } })).newPage();
  await wide.goto(made.seats[0].invite);
  // Played by clicking (End turn included) until this seat's dice are lit in phase B.
  for (let step = 0; step < 2000; step++) {
    await wide.waitForFunction(() => document.querySelectorAll(".legal").length > 0, null, { timeout: 60000 })
      .catch(async (e) => { await wide.screenshot({ path: join(out, "stuck.png") }); throw e; });
    const phase = await wide.textContent("#phase");
    if (/Phase B/.test(phase) && (await wide.locator("#hand svg.die.legal").count()) === 2) break;
    await clickFirst(wide, ["#end-turn", ".choose button[data-action]", ".values button.legal", "svg.die.legal", "g.space.legal",
      "svg.tile.legal", "svg.goods.legal", "button[data-key].legal:not(#act-pass)", "#act-pass"]);
    await wide.waitForTimeout(60);
  }
  await wide.locator(".depot svg.tile").first().hover();
  await wide.locator(".depot svg.tile").first().click();
  await wide.locator("#hand svg.die.legal").first().click();
  await wide.waitForSelector(".values.preview .value-choice");
  await wide.screenshot({ path: join(out, "table-desktop.png") });

  // A decision that ends the turn, held and drawn on the board until End turn.
  for (let step = 0; step < 60 && !(await wide.locator("#end-turn").count()); step++) {
    await clickFirst(wide, [".choose button[data-action]", ".values button.legal", "svg.die.legal", "svg.tile.legal",
      "g.space.legal", "svg.goods.legal", "button[data-key].legal:not(#act-pass)"]);
    await wide.waitForTimeout(100);
  }
  await wide.screenshot({ path: join(out, "table-held.png") });
  await wide.click("#take-back");

  const phone = await (await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })).newPage();
  await phone.goto(made.seats[0].invite);
  await phone.waitForSelector(".legal");
  await phone.locator(".depot svg.tile").first().tap();
  await phone.evaluate(() => window.scrollTo(0, 700));
  await phone.waitForTimeout(300);
  await phone.screenshot({ path: join(out, "table-phone.png") });
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
