// Cities & Knights' deciding figures on the table (issue 43), in Chromium: the
// barbarians' strength against the active knights', each player's knights, who holds
// the Merchant and the metropolises, as the engine counts them in a seeded game of
// bots; what each progress card does, in hand and shown, in the three languages; a
// played progress card named in the log, a bot's too.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, openWatched, serveAndBrowse, stop } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(0)));
after(() => stop({ server, browser }));

const TRACKS = ["trade", "politics", "science"];

/** A seeded Cities & Knights game of three bots; answers its id. */
async function botGame(seed) {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "catan", seed, options: { expansion: "cities_and_knights", board: "beginner" },
      seats: [0, 1, 2].map(() => ({ kind: "bot", bot: "greedy" })),
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).id;
}

/** The game's state once the bots have played it to its end. */
async function finished(id) {
  for (let i = 0; i < 1200; i++) {
    const game = await (await fetch(`${base}/api/games/${id}`)).json();
    if (game.over) return game;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the bots did not finish in 5 minutes");
}

/**
 * The first of some seeded games of bots to end with every figure worth showing: active
 * knights at each seat, the Merchant held, a metropolis. Several seeds, so that a change
 * in the bots' play moves the test to another game rather than to an empty table (seed 11
 * ends so today: barbarians 7, knights 3+3, 2 and 2+2, the Merchant with seat 1, the
 * science metropolis with seat 0).
 */
async function fullTable() {
  const games = await Promise.all([11, 1, 4, 8, 2, 7, 12].map(async (seed) => finished(await botGame(seed))));
  const full = games.find((g) => {
    const ck = g.view.position.ck;
    return ck.merchant && ck.metropolis.some(Boolean) && ck.players.every((p) => p.knights.some((k) => k.active));
  });
  assert.ok(full, "a seeded game ends with active knights at every seat, the Merchant and a metropolis");
  return full;
}

/** The figures the rules compare, counted here from the pieces in the view. */
function expected(view) {
  const pos = view.position;
  const active = (seen) => seen.knights.filter((k) => k.active).reduce((s, k) => s + k.level, 0);
  return {
    // Barbarian strength: the cities on the board, metropolises among them (seed 004 section 7).
    barbarians: pos.players.reduce((s, p) => s + p.cities.length, 0),
    strengths: pos.ck.players.map(active),
    knights: pos.ck.players.map((p) => p.knights.length),
    merchant: pos.ck.merchant?.[0] ?? null,
    metropolises: TRACKS.map((_, i) => pos.ck.metropolis[i]?.seat ?? null),
  };
}

/** A page of the server, watched for console errors. */
const openPage = (path = "/", locale = "en-US") => openWatched(browser, base + path, locale);

test("the barbarians against the knights, each seat's knights, the Merchant and the metropolises, as the engine counts them; bots' progress cards named in the log", { timeout: 420000 }, async () => {
  const game = await fullTable();
  const want = expected(game.view);
  const ck = game.view.position.ck;
  // The engine's own figures agree with the pieces, and the position is one worth showing.
  assert.equal(ck.barbarian_strength, want.barbarians);
  assert.equal(ck.knight_strength, want.strengths.reduce((a, b) => a + b, 0));
  assert.ok(want.barbarians > 3, `cities built: ${want.barbarians}`);

  const { errors, context, page } = await openPage(`/games/${game.id}`);
  await page.waitForSelector("#ck-strength");
  const shown = await page.evaluate(() => ({
    strength: document.querySelector("#ck-strength").firstChild.textContent,
    title: document.querySelector("#ck-strength").getAttribute("title"),
    knights: [...document.querySelectorAll(".catan-player .knights")].map((e) => e.textContent),
    merchant: [...document.querySelectorAll(".catan-player")].map((p) => p.querySelector(".award.merchant")?.textContent ?? null),
    metropolises: [...document.querySelectorAll(".catan-player")].map((p) => [...p.querySelectorAll(".award.metropolis")].map((m) => m.textContent)),
  }));
  assert.equal(shown.strength, `Barbarians ${want.barbarians} ⚔ vs knights ${ck.knight_strength}`);
  assert.match(shown.title, new RegExp(`cities on the board \\(${want.barbarians}\\)`));
  assert.match(shown.title, ck.knight_strength >= want.barbarians ? /the knights would hold/ : /the barbarians would win/);
  assert.deepEqual(shown.knights, want.strengths.map((s, i) =>
    `Active knights' strength ${s} · ${want.knights[i]} ${want.knights[i] === 1 ? "knight" : "knights"} on the board`));
  assert.deepEqual(shown.merchant, [0, 1, 2].map((s) => (want.merchant === s ? "The Merchant" : null)));
  const names = { trade: "Trade", politics: "Politics", science: "Science" };
  assert.deepEqual(shown.metropolises, [0, 1, 2].map((s) => TRACKS.filter((_, i) => want.metropolises[i] === s).map((tr) => `${names[tr]} metropolis`)));

  // Every progress card a bot played is named in the log as the table words it.
  const played = await page.evaluate(async (id) => {
    const catan = await import("/assets/games/catan/words.js");
    const log = await (await fetch(`/api/games/${id}/log`)).json();
    return log.events.filter((e) => e.event?.event === "progress_played").map((e) => [e.event.play.card, catan.say(e.message ?? catan.describe(e.event))]);
  }, game.id);
  assert.ok(played.length > 0, "the bots played progress cards");
  const cardNames = await page.evaluate(async () => {
    const i18n = await import("/assets/i18n.js");
    return Object.fromEntries(["bishop", "spy", "merchant", "smith", "warlord", "alchemist", "crane", "inventor", "irrigation", "mining", "medicine", "road_building", "engineer", "resource_monopoly", "trade_monopoly", "merchant_fleet", "master_merchant", "commercial_harbor", "deserter", "diplomat", "intrigue", "saboteur", "wedding"].map((c) => [c, i18n.t(`progress.${c}`)]));
  });
  for (const [card, line] of played) {
    assert.match(line, /^Player [123] plays /, line);
    assert.ok(line.endsWith(`plays ${cardNames[card]}.`), `${card}: ${line}`);
  }
  assert.deepEqual(await accessibility(page), [], "the finished Cities & Knights table");
  await page.screenshot({ path: join(artifacts, "catan-ck-figures.png") });
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a progress card in hand and a point card shown say what they do, on hover and in a list to tap, in the three languages", { timeout: 120000 }, async () => {
  const games = await Promise.all([5, 1, 4, 8].map(async (seed) => finished(await botGame(seed))));
  const game = games.find((g) => g.view.position.ck.players.some((p) => p.revealed.length));
  assert.ok(game, "a seeded game ends with a point card shown (seed 5: the Printer and the Constitution)");
  const { errors, context, page } = await openPage(`/games/${game.id}`);
  await page.waitForSelector("#ck-strength");

  // On the table itself: a shown point card's text on hover, its list opened with a tap
  // staying open while the table is drawn again (here in another language), axe-core clean.
  const seat = game.view.position.ck.players.findIndex((p) => p.revealed.length);
  const card = game.view.position.ck.players[seat].revealed[0];
  const panel = `#player-${seat} .progress-cards`;
  const title = await page.getAttribute(`${panel} .progress.shown`, "title");
  assert.match(title, /^1 point, shown at once/, `${card}: ${title}`);
  await page.click(`${panel} details.progress-texts summary`);
  await page.selectOption("#lang", "pt-BR");
  await page.waitForFunction((sel) => document.querySelector(`${sel} summary`)?.textContent === "O que as cartas fazem", `${panel} details.progress-texts`);
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).open, `${panel} details.progress-texts`), true, "the list stays open across a redraw");
  assert.match(await page.textContent(`${panel} details.progress-texts dd`), /^1 ponto, revelado na hora/);
  assert.deepEqual(await accessibility(page), [], "the table with a progress card's text open");
  await page.selectOption("#lang", "en");
  const texts = {
    en: ["Move the robber and take 1 card from each player", "1 point, shown at once"],
    "pt-BR": ["Mova o Ladrão e roube 1 carta de cada jogador", "1 ponto, revelado na hora"],
    es: ["Mueve el ladrón y roba 1 carta a cada jugador", "1 punto, mostrado en el acto"],
  };
  for (const lang of Object.keys(texts)) {
    // The table drawn for seat 0 holding a Bishop, with the Printer shown: the view of a
    // real finished game, its hand given by hand (no seeded game deals one in a test's time).
    const seen = await page.evaluate(async ({ state, lang }) => {
      const i18n = await import("/assets/i18n.js");
      const table = await import("/assets/games/catan/table.js");
      const markup = await import("/assets/markup.js");
      await i18n.load(lang, "catan");
      const geometry = await (await fetch("/api/boards/catan")).json();
      state.seat = 0;
      state.view.position.ck.players[0].progress = ["bishop", "bishop"];
      state.view.position.ck.players[0].revealed = ["printer"];
      const host = document.createElement("div");
      host.innerHTML = table.table({ id: state.id, state, marks: markup.emptyMarks(), events: [], shown: 0 }, geometry);
      const panel = host.querySelector("#player-0 .progress-cards");
      // Tapped, the list opens (a phone has no hover for the titles).
      document.body.append(host);
      panel.querySelector("details.progress-texts summary").click();
      const opened = panel.querySelector("details.progress-texts").open && panel.querySelector("dd").getBoundingClientRect().height > 0;
      host.remove();
      return {
        opened,
        titles: [...panel.querySelectorAll(".progress")].map((c) => [c.textContent, c.getAttribute("title")]),
        rows: [...panel.querySelectorAll("details.progress-texts dt")].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]),
        summary: panel.querySelector("details.progress-texts summary")?.textContent ?? null,
      };
    }, { state: structuredClone(game), lang });
    const [bishop, printer] = texts[lang];
    assert.equal(seen.titles.length, 3, `${lang}: two Bishops and the Printer`);
    assert.ok(seen.titles[0][1].startsWith(bishop), `${lang}: ${seen.titles[0][1]}`);
    assert.ok(seen.titles[2][1].startsWith(printer), `${lang}: ${seen.titles[2][1]}`);
    assert.equal(seen.rows.length, 2, `${lang}: each kind once in the list`);
    assert.ok(seen.rows[0][1].startsWith(bishop), `${lang}: ${seen.rows[0][1]}`);
    assert.ok(seen.summary, `${lang}: the list's summary`);
    assert.ok(seen.opened, `${lang}: the list opens with a tap`);
  }
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
