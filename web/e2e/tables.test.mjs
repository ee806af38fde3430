// What a player of the tables they know would trip over (issue 43), each in Chromium:
// the lobby's words for a game created, plurals, the log's names of players, hexes
// and progress cards, the robber's chosen hex, Viscounts' start spaces, Manuscripts
// and exchanges, and a click on a space where a Viscount stands.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { accessibility, openWatched, serveAndBrowse, stop } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(50)));
after(() => stop({ server, browser }));

/** A page of the server, watched for console errors. */
const openPage = (path = "/", locale = "en-US") => openWatched(browser, base + path, locale);

async function createGame(body) {
  const res = await fetch(`${base}/api/games`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

test("the lobby says a game is created without naming a seed it keeps secret", { timeout: 60000 }, async () => {
  const { errors, context, page } = await openPage("/?game=catan");
  await page.waitForSelector("#new-game select[name=expansion]");
  await page.click("#create");
  const heading = await (await page.waitForSelector(".invites")).evaluate((ul) => ul.previousElementSibling.textContent);
  assert.equal(heading, "Game created (its seed is shown when it ends)");
  // A seed the creator chose is said back.
  await page.goto(`${base}/?game=catan`);
  await page.waitForSelector("#new-game select[name=expansion]");
  await page.fill('input[name="seed"]', "42");
  await page.click("#create");
  const chosen = await (await page.waitForSelector(".invites")).evaluate((ul) => ul.previousElementSibling.textContent);
  assert.equal(chosen, "Game created (seed 42)");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("one card is a card, in the three languages", { timeout: 60000 }, async () => {
  const { errors, context, page } = await openPage();
  // The lobby loads its own catalogue as it starts: wait for it, so that the catalogue
  // this test loads in the page is not replaced by the lobby's arriving later.
  await page.waitForSelector("#new-game");
  const said = await page.evaluate(async () => {
    const i18n = await import("/assets/i18n.js");
    const out = {};
    for (const lang of ["en", "pt-BR", "es"]) {
      for (const game of ["catan", "viscounts"]) {
        await i18n.load(lang, game);
        out[`${lang} ${game}`] = [1, 2].map((n) => i18n.t("ui.hand_size", { n }));
      }
      await i18n.load(lang, "catan");
      out[`${lang} rob`] = i18n.t("ui.menu.rob", { name: "Ana", n: 1 });
    }
    return out;
  });
  for (const game of ["catan", "viscounts"]) {
    assert.deepEqual(said[`en ${game}`], ["1 card", "2 cards"]);
    assert.deepEqual(said[`pt-BR ${game}`], ["1 carta", "2 cartas"]);
    assert.deepEqual(said[`es ${game}`], ["1 carta", "2 cartas"]);
  }
  assert.equal(said["en rob"], "rob Ana (1 card)");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("the Catan log: a bot by its seat, not its level; a played progress card by name; hexes alike told apart", { timeout: 60000 }, async () => {
  const made = await createGame({ game: "catan", seed: 5, options: { expansion: "base", board: "beginner" }, seats: [{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy" }, { kind: "bot", bot: "mcts" }] });
  const game = await (await fetch(`${base}/api/games/${made.id}`)).json();
  const { errors, context, page } = await openPage();
  // The lobby loads its own catalogue as it starts: wait for it, so that the catalogue
  // this test loads in the page is not replaced by the lobby's arriving later.
  await page.waitForSelector("#new-game");
  const said = await page.evaluate(async (board) => {
    const i18n = await import("/assets/i18n.js");
    const seats = await import("/assets/seats.js");
    const words = await import("/assets/games/catan/words.js");
    const places = await import("/assets/games/catan/places.js");
    await i18n.load("en", "catan");
    seats.rememberSeats([{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy", name: "" }, { kind: "bot", bot: "mcts", name: "" }]);
    const geometry = await (await fetch("/api/boards/catan")).json();
    // Every pair of hexes made alike in turn (the others each of its own number).
    const names = [];
    const n = board.terrain.length;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const numbers = board.numbers.map((_, h) => 100 + h);
        numbers[b] = numbers[a];
        const terrain = board.terrain.map((x, h) => (h === b ? board.terrain[a] : x));
        places.rememberBoard(geometry, { terrain, numbers });
        names.push([places.hexName(a), places.hexName(b)]);
      }
    }
    places.rememberBoard(geometry, board);
    return {
      bot: words.say({ key: "event.catan.rolled", args: { seat: 1, dice: [3, 4] } }),
      person: words.say({ key: "event.catan.rolled", args: { seat: 0, dice: [3, 4] } }),
      heading: seats.seatName([{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy", name: "" }], 1),
      played: words.say({ key: "event.catan.progress_played", args: { seat: 2, play: { card: "bishop", hex: 4 } } }),
      names,
      plain: places.hexName(0),
    };
  }, game.view.position.board);
  assert.match(said.bot, /^Player 2 /);
  assert.doesNotMatch(said.bot, /bot/, "the level is said in the panel's heading, not in each line");
  assert.match(said.person, /^Ana /);
  assert.equal(said.heading, "Player 2 (medium bot)", "the heading names the level");
  assert.equal(said.played, "Player 3 plays Bishop.");
  for (const [a, b] of said.names) {
    assert.notEqual(a, b, "two hexes alike are told apart");
    assert.match(a, /\(.+\)$/, `${a}: where it lies`);
  }
  assert.doesNotMatch(said.plain, /\(/, "a hex of its own kind needs no place");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("the robber's chosen hex is marked while its victim is asked", { timeout: 60000 }, async () => {
  const { errors, context, page } = await openPage();
  // The lobby loads its own catalogue as it starts: wait for it, so that the catalogue
  // this test loads in the page is not replaced by the lobby's arriving later.
  await page.waitForSelector("#new-game");
  const widths = await page.evaluate(async () => {
    const i18n = await import("/assets/i18n.js");
    const board = await import("/assets/games/catan/board.js");
    await i18n.load("en", "catan");
    const geometry = await (await fetch("/api/boards/catan")).json();
    const n = geometry.hexes.length;
    const pieces = {
      terrain: Array(n).fill("forest"), numbers: Array(n).fill(6), harbours: [], robber: 0,
      roads: new Map(), settlements: new Map(), cities: new Map(), walls: new Set(), metropolises: new Map(), knights: new Map(), merchant: null,
    };
    const marks = { legal: new Set(["seat:1"]), selected: new Set(["hex:3"]), fresh: new Set() };
    document.body.insertAdjacentHTML("beforeend", board.boardSvg(geometry, pieces, marks));
    const stroke = (h) => parseFloat(getComputedStyle(document.querySelector(`svg.catan-board g[data-key="hex:${h}"] .terrain`)).strokeWidth);
    return { chosen: stroke(3), other: stroke(4) };
  });
  assert.ok(widths.chosen >= 4 && widths.chosen > widths.other, `the chosen hex stands out: ${JSON.stringify(widths)}`);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("Viscounts: start spaces and Manuscripts in words, an exchange without 'pay discard', a click through a Viscount", { timeout: 90000 }, async () => {
  const made = await createGame({ game: "viscounts", seed: 7, seats: [{ kind: "human", name: "Ana" }, { kind: "bot", bot: "greedy" }] });
  const { errors, context, page } = await openPage(new URL(made.seats[0].invite).pathname + new URL(made.seats[0].invite).hash);
  await page.waitForSelector(".vc-pair");
  const pairs = await page.$$eval(".vc-pair small", (s) => s.map((x) => x.textContent).join(" | "));
  assert.doesNotMatch(pairs, /outer_left|outer_right|inner\b/, "a start space in words");
  assert.match(pairs, /starts on .*outer path, (left|right)/);
  const said = await page.evaluate(async () => {
    const words = await import("/assets/games/viscounts/words.js");
    return {
      revealed: words.say({ key: "event.viscounts.revealed_manuscript", args: { ms: 8, pos: 0 } }),
      exchange: words.effectText({ op: "pay_then", cost: [{ op: "discard", n: 1 }], reward: [{ op: "gain", items: { silver: 2 } }] }),
    };
  });
  assert.match(said.revealed, /^Manuscript M\d+ \(cost/);
  assert.doesNotMatch(said.revealed, /Manuscript Manuscript/);
  assert.equal(said.exchange, "discard 1 card to gain 2 Silver");
  // Past the setup: each seat's pair chosen, then the Viscounts stand on the board.
  for (let i = 0; i < 20 && !(await page.locator("svg.vc-board .viscount").count()); i++) {
    const pick = page.locator(".vc-pair.legal, .choose button[data-action], button[data-key].legal").first();
    if (await pick.count()) await pick.click({ timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(300);
  }
  await page.waitForSelector("svg.vc-board .viscount");
  const under = await page.evaluate(() => [...document.querySelectorAll("svg.vc-board .viscount circle")].map((c) => {
    const r = c.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit?.closest("[data-key]")?.getAttribute("data-key") ?? null;
  }));
  assert.ok(under.length >= 2, "both Viscounts drawn");
  for (const key of under) assert.match(String(key), /^space:\d+$/, "a click on a Viscount reaches its space");
  assert.deepEqual(await accessibility(page), [], "the Viscounts table");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("the lobby reads each game's players, options and bot levels from the registry, in a player's words", { timeout: 90000 }, async () => {
  const registry = (await (await fetch(`${base}/api/lobby`)).json()).games;
  const catan = registry.find((g) => g.name === "catan");
  assert.deepEqual(catan.players, [3, 4]);
  assert.deepEqual(catan.levels.map((l) => l.name), ["expert", "hard", "medium", "easy"]);
  const { errors, context, page } = await openPage("/?game=catan");
  await page.waitForSelector("#new-game select[name=expansion]");
  assert.deepEqual(await page.$$eval("#players option", (os) => os.map((o) => o.value)), catan.players.map(String));
  assert.deepEqual(await page.$$eval("select[name=expansion] option", (os) => os.map((o) => o.value)), catan.options.find((o) => o.name === "expansion").values);
  const levels = await page.$$eval("select[name=bot1] option", (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(levels.map(([v]) => v), catan.levels.map((l) => l.spec), "each level sends the bot it stands for");
  assert.match(levels[0][1], /^expert bot — plays strongly/);
  assert.match(levels[3][1], /^easy bot — for learning/);
  for (const [, words] of levels) assert.doesNotMatch(words, /MCTS|greedy|mcts/, "a level in a player's words");
  // Before any rated game, each level shows the rating its measured ladder gives it.
  assert.ok(catan.levels.every((l) => l.ladder), "every Catan level is on the ladder");
  catan.levels.forEach((l, i) =>
    assert.ok(levels[i][1].endsWith(`· Rating ${l.ladder.rating.toFixed(1)} (measured against the other bots)`), levels[i][1]));
  assert.ok(catan.levels[0].ladder.rating > catan.levels[3].ladder.rating, "the expert rated above easy");
  // The game list says base or Cities & Knights.
  await page.selectOption("select[name=expansion]", "cities_and_knights");
  await page.click("#create");
  await page.waitForSelector(".invites");
  // From another game's lobby too (its words hold every game's variants).
  await page.goto(`${base}/?game=viscounts`);
  await page.waitForFunction(() => /Catan \(Cities & Knights\)/.test(document.querySelector("#games")?.textContent ?? ""));
  assert.deepEqual(await accessibility(page), [], "the lobby");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
