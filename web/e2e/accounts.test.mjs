// Accounts in a real headless Chromium (issue 42), in the three languages: sign up on
// one browser, sign in on a second, create a rated game with a real-time clock against
// a bot level in the lobby, see the clock run out and the stand-in decide, chat with
// the second browser at the table, play the game to the end, find it among the
// account's games on the second browser and read the new rating and finish rate on the
// profile page and the leaderboard; no console errors.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(0)));
after(() => stop({ server, browser }));

/** Fills and sends one of the account page's forms (`#sign-up`, `#sign-in`). */
async function account(page, form, name, password) {
  await page.goto(`${base}/account`);
  await page.waitForSelector(`${form} input[name=name]`);
  await page.fill(`${form} input[name=name]`, name);
  await page.fill(`${form} input[name=password]`, password);
  await page.click(`${form} button[type=submit]`);
  await page.waitForSelector(".account a.profile");
  assert.equal(await page.textContent(".account h2"), name);
  assert.equal(await page.textContent(".account-link"), name);
}

/** Plays this page's seat with random legal decisions through the API until the end. */
async function playOut(page, id) {
  await page.evaluate(async (id) => {
    const token = localStorage.getItem(`tabuleiro.token.${id}`);
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    for (let i = 0; i < 5000; i++) {
      const game = await (await fetch(`/api/games/${id}`, { headers })).json();
      if (game.over) return;
      if (!game.legal.length) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const action = game.legal[Math.floor(Math.random() * game.legal.length)];
      const res = await fetch(`/api/games/${id}/actions`, { method: "POST", headers, body: JSON.stringify({ action }) });
      if (!res.ok && res.status !== 409) throw new Error(`refused: ${await res.text()}`);
    }
    throw new Error("the game did not end");
  }, id);
}

const LANGS = [
  { locale: "en-US", finished: "Games finished", rated: "Rated game", medium: "medium bot" },
  { locale: "pt-BR", finished: "Partidas terminadas", rated: "Partida valendo", medium: "robô médio" },
  { locale: "es-ES", finished: "Partidas terminadas", rated: "Partida puntuada", medium: "bot medio" },
];

for (const { locale, finished, rated, medium } of LANGS) {
  test(`${locale}: sign up, sign in elsewhere, a rated game with a clock that runs out, chat, the rating on the profile`, { timeout: 180000 }, async () => {
    const { errors, watch } = watched();
    const name = `ana_${locale.slice(0, 2)}`;
    const phone = await browser.newContext({ locale, viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    const laptop = await browser.newContext({ locale, viewport: { width: 1280, height: 1000 } });
    const page = await phone.newPage();
    const other = await laptop.newPage();
    watch(page);
    watch(other);
    await account(page, "#sign-up", name, "correct horse");
    assert.deepEqual(await accessibility(page), []);
    await account(other, "#sign-in", name, "correct horse");
    // The session cookie is HTTP-only: the page's scripts never see it.
    assert.equal(await page.evaluate(() => document.cookie), "");

    // A rated game against the medium bot, created in the lobby.
    await page.goto(`${base}/?game=viscounts`);
    await page.waitForSelector("#new-game [name=rated]");
    assert.match(await page.textContent("#new-game"), new RegExp(rated));
    await page.selectOption("#players", "2");
    await page.selectOption("[name=kind1]", "bot");
    await page.selectOption("[name=bot1]", { index: 2 });
    await page.check("[name=rated]");
    // A real-time clock of four seconds, and ten minutes more for each decision.
    await page.selectOption("#clock-kind", "realtime");
    await page.fill("[name=clock_bank_min]", String(4 / 60));
    await page.fill("[name=clock_increment_s]", "600");
    await page.click("#create");
    await page.waitForSelector("a.play");
    await page.click("a.play");
    await page.waitForSelector("#whose");
    const id = new URL(page.url()).pathname.split("/").pop();

    // The clock runs; nobody clicks; it runs out and the stand-in decides, which
    // earns the increment.
    await page.waitForSelector('.seat-clock.running[data-seat="0"]');
    const clock = () => page.evaluate(() => (document.querySelector('.seat-clock[data-seat="0"] time')?.textContent ?? "")
      .split(":").reduce((total, part) => total * 60 + Number(part), 0));
    const first = await clock();
    await page.waitForTimeout(1200);
    assert.ok((await clock()) < first, "the clock ticks down");
    await page.waitForFunction(() => {
      const time = document.querySelector('.seat-clock[data-seat="0"] time')?.textContent ?? "";
      return time.split(":").reduce((total, part) => total * 60 + Number(part), 0) > 500;
    }, null, { timeout: 30000 });

    // The second browser opens the table (the account hands it a token of its
    // own) and the two talk over the table's chat.
    await other.goto(`${base}/games/${id}`);
    await other.waitForSelector("#chat:not([hidden])");
    await page.waitForSelector("#chat:not([hidden])");
    await page.fill("#chat-input", `hello from ${locale}`);
    await page.press("#chat-input", "Enter");
    await other.waitForFunction((t) => [...document.querySelectorAll("#chat-log .chat-text")].some((el) => el.textContent === t),
      `hello from ${locale}`, { timeout: 10000 });
    await playOut(page, id);

    // The second browser lists the game and shows the new rating.
    await other.goto(`${base}/account`);
    await other.waitForSelector(`.my-games a[href="/games/${id}"]`);
    await other.click("a.profile");
    await other.waitForSelector(".ratings td.rating");
    assert.match(await other.textContent(".profile"), new RegExp(finished));
    assert.equal(await other.textContent(".finish-rate"), "100%");
    const rating = Number(await other.textContent(".ratings td.rating"));
    assert.ok(Number.isFinite(rating), `a rating: ${rating}`);
    await other.click(".ratings a");
    await other.waitForSelector(".leaderboard td.rating");
    const board = await other.textContent(".leaderboard");
    assert.ok(board.includes(name) && board.includes(medium), board);
    await other.screenshot({ path: join(artifacts, `leaderboard-${locale}.png`) });
    assert.deepEqual(errors, []);
    await phone.close();
    await laptop.close();
  });
}
