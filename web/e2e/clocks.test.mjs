// Clocks per table (issue 42) in headless Chromium: a table created in the lobby with
// a short real-time clock against a bot shows every seat's clock, the one of the seat
// to act ticking down; when it runs out the stand-in decides for the person (who
// gains the increment and keeps the seat).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { artifacts, burgundyLobby, serveAndBrowse, stop } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(0)));
after(() => stop({ server, browser }));

/** Seat 0's clock as shown, in seconds. */
async function seconds(page) {
  const text = await page.textContent('.seat-clock[data-seat="0"] time');
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

test("a real-time clock is shown, ticks, runs out, and the stand-in decides", { timeout: 120000 }, async () => {
  const { errors, page, created } = await burgundyLobby(browser, base);
  await page.fill("[name=name0]", "Ana");
  await page.selectOption("[name=kind1]", "bot");
  // Without a clock the fields stay hidden.
  assert.equal(await page.isVisible("[name=clock_bank_min]"), false);
  await page.selectOption("#clock-kind", "realtime");
  assert.equal(await page.isVisible("[name=clock_per_move_h]"), false);
  // Four seconds, and ten minutes for each decision taken.
  await page.fill("[name=clock_bank_min]", String(4 / 60));
  await page.fill("[name=clock_increment_s]", "600");
  await page.click("#create");
  await page.click("a.play");
  assert.deepEqual(created.body.clock, { kind: "realtime", bank_s: 4, increment_s: 600, on_timeout: "stand_in" });

  await page.waitForSelector('.seat-clock.running[data-seat="0"]');
  assert.equal(await page.locator(".seat-clock").count(), 2, "every seat's clock");
  const first = await seconds(page);
  assert.ok(first <= 4, `at most the bank: ${first}`);
  await page.waitForTimeout(1500);
  const later = await seconds(page);
  assert.ok(later < first, `it ticks down: ${first} then ${later}`);
  await page.screenshot({ path: join(artifacts, "clock-running.png") });

  // Nobody clicks: the stand-in takes Ana's decision, which earns the increment.
  await page.waitForFunction(() => {
    const time = document.querySelector('.seat-clock[data-seat="0"] time')?.textContent ?? "";
    return time.split(":").reduce((total, part) => total * 60 + Number(part), 0) > 500;
  }, null, { timeout: 30000 });
  const seat = await page.textContent('.seat-clock[data-seat="0"]');
  assert.match(seat, /Ana/, "Ana keeps her seat");
  assert.ok((await page.locator("#log li, .log li").count()) > 0, "the decision is in the log");
  await page.screenshot({ path: join(artifacts, "clock-stand-in.png") });
  assert.deepEqual(errors, []);
});
