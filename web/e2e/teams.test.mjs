// Burgundy's team game and the AutoDuke in headless Chromium, both created from the
// lobby. The team game: four players, the team board 31 drawn with its two halves
// (73 spaces, the centre shared; seed 002 line 830 "2 mitades de tablero"), each
// team's members, shared workers, silver, goods and key spaces and its VP (seed 000
// lines 799-815), the seat's private and shared key spaces, and turns played by
// clicking; with the vineyards, each team's vineyard board under both members
// (rules.team_vineyard: team) and in the teams panel with the hexaminoes on the
// team's shared key spaces and its vine bonus tiles (with one vineyard a member,
// the shared hexaminoes alone), the log's key-space sentences. The AutoDuke: one person against it (seed 000 line 1036), its board,
// village cards and reserve drawn as tiles and marked provisional, turns played.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { accessibility, artifacts, burgundyLobby, clickFirst, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

/** Burgundy's lobby in English (harness.mjs `burgundyLobby`). */
function lobby() {
  return burgundyLobby(browser, base);
}

/** Closes the page's context; no console error may have been logged. */
async function closeClean(context, errors) {
  await context.close();
  assert.deepEqual(errors, [], "console errors");
}

// A key space lit (a tile taken with room on both the private and the shared ones
// waits for the player's choice: seed 000 line 803) is answered by clicking it.
const KEY_SPACE = ".hand-part.legal[data-key^='keyspace:']";
const CLICKS = ["g.space.legal", "svg.tile.legal", ".depot .legal", "svg.die.legal", "button[data-key].legal", KEY_SPACE, ".choose button[data-action]", "svg.hexamino.legal", "g.vine-space.legal"];

/** A seat's page (its invitation) in `locale`, once `selector` is drawn; its console errors watched. */
async function seatPage(invite, locale, selector) {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale, viewport: { width: 1400, height: 1100 }, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  await page.goto(invite);
  await page.waitForSelector(selector);
  return { errors, context, page };
}

/**
 * Clicks through the page's turns until `done` answers true (at most `steps`
 * clicks), waiting each time for something to click or the game's end.
 */
async function playUntil(page, done, steps = 60) {
  for (let step = 0; step < steps && !(await done()); step++) {
    // The lobby's bots search about a second a move: a round of three waits a while on a loaded machine.
    await page.waitForFunction(() => document.querySelectorAll(".legal").length > 0 || document.querySelector(".result"), null, { timeout: 150000 });
    if (await done()) break;
    await clickFirst(page, CLICKS);
    await page.waitForTimeout(100);
  }
  return done();
}

/**
 * While the key-space question is asked, a click on a tile already lying on a lit key
 * space answers it as a click on that key space does (the tile is not lit: it is not
 * placed or discarded now): the taken tile joins that key space. Ana's turn ended by
 * it is sent with End turn. True once the key space holds one tile more.
 */
async function answerByTile(page) {
  const area = page.locator(`#hand ${KEY_SPACE}:has(svg.tile)`).first();
  const key = await area.getAttribute("data-key");
  const tiles = `#hand .hand-part[data-key='${key}'] svg.tile`;
  const before = await page.locator(tiles).count();
  const tile = area.locator("svg.tile").first();
  assert.equal(await tile.evaluate((el) => el.classList.contains("legal")), false, "the tile itself is not lit");
  await tile.click({ timeout: 5000 });
  if (await page.locator("#end-turn").count()) await page.click("#end-turn");
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(sel).length > n, [tiles, before], { timeout: 10000, polling: "raf" });
  return true;
}

test("a team game from the lobby: the team board's two halves, the teams' shared things, turns played by clicking", { timeout: 420000 }, async () => {
  const { errors, context, page, created } = await lobby();
  const team = page.locator(".module", { has: page.locator("input[value=team]") });
  assert.match(await team.textContent(), /Four players in two teams of two/);
  await page.selectOption("#players", "4");
  await team.locator("input[type=checkbox]").check();
  await page.fill("[name=name0]", "Ana");
  await page.fill("[name=seed]", "7");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.duchy.team-board");
  assert.deepEqual(created.body.options.modules, ["team"]);
  assert.equal(created.body.seats.length, 4);

  // The team board: 73 spaces, 36 in each half besides the centre they share, two halves outlined.
  const duchy = page.locator(".duchy-wrap svg.duchy.team-board");
  assert.equal(await duchy.locator("g.space").count(), 73);
  assert.equal(await duchy.locator('g.space[data-half="0"]').count(), 36);
  assert.equal(await duchy.locator('g.space[data-half="1"]').count(), 36);
  assert.equal(await duchy.locator('g.space[data-half="2"]').count(), 1);
  assert.equal(await duchy.locator("g.team-half").count(), 2);
  assert.match(await page.textContent(".duchy-wrap h2"), /31/);
  // The right half lies to the right of the left one.
  const x = async (s) => (await duchy.locator(`g.space[data-space="${s}"]`).boundingBox()).x;
  assert.ok((await x(40)) > (await x(21)) && (await x(21)) > (await x(15)), "the right half is drawn right of the left");

  // The teams: A and B, two members each (A1, A2 / B1, B2), their shared stock and key spaces.
  assert.equal(await page.locator(".teams .team").count(), 2);
  assert.equal(await page.locator(".teams .team-member").count(), 4);
  const teamsText = await page.textContent(".teams");
  assert.match(teamsText, /Team A/);
  assert.match(teamsText, /Team B/);
  for (const role of ["A1", "A2", "B1", "B2"]) assert.match(teamsText, new RegExp(role));
  assert.match(teamsText, /Workers: \d+ · Silver: \d+/);
  assert.match(teamsText, /Shared key spaces/);
  assert.match(await page.textContent("#hand"), /Private key spaces.*Shared key spaces/s);

  // Turns played by clicking until a tile of Ana's lies on the team board.
  const before = await duchy.locator("g.space .tile-hex").count();
  let placed = false;
  let keySpaceChosen = false;
  let tileAnswered = false;
  const done = async () => {
    if (placed && tileAnswered) return true;
    if (await page.locator(KEY_SPACE).count()) {
      if (keySpaceChosen && !tileAnswered && (await page.locator(`#hand ${KEY_SPACE} svg.tile`).count())) {
        tileAnswered = await answerByTile(page);
        return false;
      }
      // The first tile taken finds both key spaces empty: the player chooses.
      keySpaceChosen = (await clickFirst(page, [KEY_SPACE.replace("keyspace:'", "keyspace:shared'")])) !== null;
      await page.waitForTimeout(300);
      return false;
    }
    const sel = await clickFirst(page, ["g.space.legal"]);
    if (sel) {
      await page.waitForTimeout(300);
      placed = (await page.locator(".duchy-wrap svg.duchy.team-board g.space .tile-hex").count()) > before;
    }
    return placed && tileAnswered;
  };
  assert.ok(await playUntil(page, done, 150), "a tile placed on the team board and a key space answered by a tile on it");
  assert.ok(keySpaceChosen, "a taken tile's key space chosen by clicking the shared key spaces");
  await page.screenshot({ path: join(artifacts, "burgundy-team.png") });
  assert.deepEqual(await accessibility(page), [], "the team table");
  await closeClean(context, errors);
});

test("a team game with the vineyards from the lobby: each team's vineyard board shown under both members, turns played", { timeout: 240000 }, async () => {
  const { errors, context, page, created } = await lobby();
  await page.selectOption("#players", "4");
  for (const m of ["team", "vineyards"]) {
    await page.locator(".module", { has: page.locator(`input[value=${m}]`) }).locator("input[type=checkbox]").check();
  }
  await page.fill("[name=name0]", "Ana");
  await page.fill("[name=seed]", "9");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.duchy.team-board");
  assert.deepEqual([...created.body.options.modules].sort(), ["team", "vineyards"]);
  // One vineyard a team (rules.team_vineyard: team, the default): every seat shows its
  // team's, titled by the team, two seats a team; each board with its 9 spaces.
  await page.waitForSelector(".vineyard g.vine-space");
  const titles = await page.$$eval(".vineyard > b:first-child", (bs) => bs.map((b) => b.textContent));
  assert.equal(titles.length, 4, JSON.stringify(titles));
  assert.equal(titles.filter((x) => x === "Team A's vineyard").length, 2, JSON.stringify(titles));
  assert.equal(titles.filter((x) => x === "Team B's vineyard").length, 2, JSON.stringify(titles));
  assert.equal(await page.locator('.vineyard[data-seat="0"] g.vine-space').count(), 9);
  // Turns played by clicking (a hexamino's key spaces answered by their buttons).
  let turns = 0;
  assert.ok(await playUntil(page, async () => (turns += 1) > 12), "turns played");
  await page.screenshot({ path: join(artifacts, "burgundy-team-vineyards.png") });
  assert.deepEqual(await accessibility(page), [], "the team table with the vineyards");
  await closeClean(context, errors);
});

/**
 * A team game with the vineyards, its four seats played through the server's API
 * with their tokens: a hexamino's or a tile's key spaces answered with the team's
 * shared ones, a hexamino placed, taken or bought before any other decision, else a
 * seeded choice; until a tile's key space has been chosen and a team holds a
 * hexamino on its shared key spaces and has one planted on its vineyard board.
 * Answers the game made and its state then.
 */
async function teamVinesPlayed(rules = {}) {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "burgundy", seed: 5, options: { modules: ["team", "vineyards"], rules },
      seats: ["Ana", "Bia", "Caio", "Davi"].map((name) => ({ kind: "human", name })),
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const prefer = [/^vine keyspace shared$/, /^keyspace shared$/, /^vine place /, /^vine (take|buy|shop) /, /^vine tile /];
  let keySpace = false;
  let pick = 5;
  for (let step = 0; step < 3000; step++) {
    // The seat to act, as anyone sees it; then its own view, with its offers.
    const seat = (await (await fetch(`${base}/api/games/${made.id}`)).json()).to_act[0] ?? 0;
    const auth = { Authorization: `Bearer ${made.seats[seat].token}` };
    const g = await (await fetch(`${base}/api/games/${made.id}`, { headers: auth })).json();
    const team = g.view.position.modules?.team;
    const seats = g.view.position.modules?.vineyards?.seats;
    const planted = (tm) => team.members[tm].some((m) => Object.keys(seats[m].board ?? {}).length);
    const held = team && seats ? [0, 1].find((tm) => team.vines?.[tm]?.length && planted(tm)) : undefined;
    if (held !== undefined && keySpace) return { made, game: g, tm: held };
    if (g.over) break;
    if (!g.to_act.includes(seat) || !g.offers?.length) continue;
    pick = (pick * 1103515245 + 12345) % 2147483648;
    const offer = prefer.map((re) => g.offers.find((o) => re.test(o.action))).find(Boolean) ?? g.offers[pick % g.offers.length];
    const sent = await fetch(`${base}/api/games/${made.id}/actions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...auth },
      body: JSON.stringify({ action: offer.action, version: g.version }),
    });
    assert.ok(sent.status < 500, await sent.text());
    keySpace ||= sent.ok && offer.action === "keyspace shared";
  }
  throw new Error("no tile's key space chosen, or no team held a hexamino on its shared key spaces beside a planted vineyard");
}

test("a team game with the vineyards: the teams panel shows each team's vineyard board, the hexaminoes on its shared key spaces and its vine bonus tiles", { timeout: 240000 }, async () => {
  const { made, game, tm } = await teamVinesPlayed();
  const team = game.view.position.modules.team;
  const vines = game.view.position.modules.vineyards;
  const { errors, context, page } = await seatPage(made.seats[0].invite, "pt-BR", ".teams .team-vineyard");
  for (const t of [0, 1]) {
    const panel = page.locator(`.teams .team[data-team="${"AB"[t]}"] .team-vineyard`);
    const first = vines.seats[team.members[t][0]];
    // One vineyard a team (rules.team_vineyard: team, the default), named as in the seat's vineyard.
    assert.match(await panel.textContent(), new RegExp(`Vinhedo do time ${"AB"[t]}`));
    assert.equal(await panel.locator("svg.vineyard-board g.vine-space").count(), 9);
    // Its planted spaces: the board both members' records hold, each hex in its vine.
    const planted = await panel.locator("svg.vineyard-board g.vine-space").evaluateAll((gs) => Object.fromEntries(
      gs.filter((g) => g.querySelector(".vine")).map((g) => [g.dataset.space, [...g.querySelectorAll("polygon")].map((p) => p.getAttribute("class").replace("vine v-", ""))]),
    ));
    assert.deepEqual(planted, first.board ?? {}, `team ${"AB"[t]}'s vineyard`);
    // The hexaminoes on the team's two shared key spaces (modules.team.vines), labelled as under the seats.
    assert.match(await panel.textContent(), /Hexaminós do time \(espaços chave compartilhados\)/);
    assert.equal(await panel.locator(".team-vines svg.hexamino").count(), (team.vines?.[t] ?? []).length);
    // Its vine bonus tiles, the team's.
    assert.match(await panel.textContent(), /Peças bônus de vinhas/);
    assert.equal(await panel.locator(".team-vine-tiles .vine-tile").count(), first.tiles.length);
    assert.equal(await panel.locator(".legal").count(), 0, "the panel's pieces are not click targets");
  }
  // Team `tm` holds a hexamino on its shared key spaces: drawn in its panel.
  assert.ok(await page.locator(`.teams .team[data-team="${"AB"[tm]}"] .team-vines svg.hexamino`).count() > 0);
  // The log puts every event in words: a tile's key space chosen is a sentence, no
  // catalogue key is shown raw (a past session saw `event.key-space-chosen`).
  const log = await page.textContent("#log");
  assert.match(log, /põe .+ nos espaços chave compartilhados do time/);
  assert.doesNotMatch(log, /\bevent\.[a-z]/);
  await page.screenshot({ path: join(artifacts, "burgundy-team-vineyard-panel.png") });
  assert.deepEqual(await accessibility(page), [], "the teams panel with the vineyards");
  await closeClean(context, errors);
});

test("a team game with one vineyard a member: the teams panel shows the hexaminoes on each team's shared key spaces, no team vineyard board", { timeout: 240000 }, async () => {
  const { made, game, tm } = await teamVinesPlayed({ team_vineyard: "member" });
  const team = game.view.position.modules.team;
  const { errors, context, page } = await seatPage(made.seats[0].invite, "es-ES", ".teams .team-vineyard");
  for (const t of [0, 1]) {
    const panel = page.locator(`.teams .team[data-team="${"AB"[t]}"] .team-vineyard`);
    // The shared key spaces are the team's in either reading; the boards and tiles each member's own.
    assert.match(await panel.textContent(), /Losetas hexagonales dobles del equipo \(casillas compartidas\)/);
    assert.equal(await panel.locator(".team-vines svg.hexamino").count(), (team.vines?.[t] ?? []).length);
    assert.equal(await panel.locator("svg.vineyard-board").count(), 0, "no team vineyard board");
    assert.doesNotMatch(await panel.textContent(), /Viñedo del equipo/);
  }
  assert.ok(await page.locator(`.teams .team[data-team="${"AB"[tm]}"] .team-vines svg.hexamino`).count() > 0);
  // Each member's own vineyard stays under its seat.
  assert.equal(await page.locator(".vineyard > b:first-child", { hasText: "Viñedo del equipo" }).count(), 0);
  await closeClean(context, errors);
});

test("a game against the AutoDuke from the lobby: its board, village cards and reserve drawn as tiles, marked provisional, turns played", { timeout: 240000 }, async () => {
  const { errors, context, page, created } = await lobby();
  const autoDuke = page.locator(".module", { has: page.locator("input[value='auto-duke']") });
  await page.selectOption("#players", "1");
  await autoDuke.locator("input[type=checkbox]").check();
  // Its own options, shown once ticked: the level and the modifiers.
  assert.ok(await autoDuke.locator("select[name='rule.auto_duke_level']").isVisible());
  await page.selectOption("select[name='rule.auto_duke_level']", "hard");
  await page.selectOption("select[name='rule.auto_duke_modifiers']", "c");
  await page.fill("[name=name0]", "Ana");
  await page.fill("[name=seed]", "3");
  await page.click("#create");
  await page.click("a.play");
  await page.waitForSelector("svg.duchy");
  assert.deepEqual(created.body.options.modules, ["auto-duke"], "one person against the AutoDuke: no solo module added");
  assert.equal(created.body.options.rules.auto_duke_level, "hard");
  assert.equal(created.body.options.rules.auto_duke_modifiers, "c");

  // Turns played by clicking until a tile of Ana's lies beside her castle and the
  // AutoDuke has taken a tile onto its cards (its setup puts a castle on one).
  const duchy = page.locator(".duchy-wrap svg.duchy");
  const played = async () => (await duchy.locator("g.space .tile-hex").count()) >= 2 &&
    (await page.locator(".auto-duke-cards g.slot.filled").count()) >= 2;
  assert.ok(await playUntil(page, played, 80), "Ana placed a tile and the AutoDuke's village cards took tiles");
  const panel = page.locator(".auto-duke");
  assert.match(await panel.textContent(), /provisional/);
  assert.equal(await panel.locator(".auto-duke-card").count(), 2, "its two village cards");
  assert.equal(await panel.locator(".auto-duke-card").first().locator("g.slot").count(), 4, "a card's four spaces");
  // Board 35: 23 spaces, drawn as hexes.
  assert.equal(await panel.locator(".auto-duke-board g.slot").count(), 23);
  // It counts as a player for the bonus tiles (seed 000 line 1036: 2 players, 5 and 2)
  // and its marker is on the turn order track.
  assert.equal(await page.textContent(".central .bonus"), "5 · 2");
  assert.equal(await page.locator(".track .auto-duke-pawn").count(), 1);
  // Its turns in the log name the procedure's step.
  assert.match(await page.textContent("#log"), /AutoDuke \(1\. choose and place a hex tile\)/);
  await page.screenshot({ path: join(artifacts, "burgundy-auto-duke.png") });
  assert.deepEqual(await accessibility(page), [], "the AutoDuke's table");
  await closeClean(context, errors);
});

/**
 * A team game played to its end: Ana's decisions sent through the server's API with
 * her seat's token (a seeded choice among the offers), the other three seats random
 * bots; then the page of her seat shows the final scoring.
 */
async function teamGameToTheEnd() {
  const res = await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      game: "burgundy", seed: 11, options: { modules: ["team"] },
      seats: [{ kind: "human", name: "Ana" }, ...[1, 2, 3].map(() => ({ kind: "bot", bot: "random" }))],
    }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const made = await res.json();
  const auth = { Authorization: `Bearer ${made.seats[0].token}` };
  let pick = 11;
  for (let step = 0; step < 8000; step++) {
    const g = await (await fetch(`${base}/api/games/${made.id}`, { headers: auth })).json();
    if (g.over) return { made, game: g };
    if (!g.to_act.includes(0) || !g.offers?.length) {
      await new Promise((r) => setTimeout(r, 30));
      continue;
    }
    pick = (pick * 1103515245 + 12345) % 2147483648;
    const offer = g.offers[pick % g.offers.length];
    const sent = await fetch(`${base}/api/games/${made.id}/actions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...auth },
      body: JSON.stringify({ action: offer.action, version: g.version }),
    });
    // A bot's move between the read and the send makes the version stale: read again.
    assert.ok(sent.status < 500, await sent.text());
  }
  throw new Error("the team game did not end");
}

test("a team game played to its end: the teams panel and the final scoring show each team's total and the winner, as the engine's standings", { timeout: 240000 }, async () => {
  const { made, game } = await teamGameToTheEnd();
  const team = game.view.position.modules.team;
  const letter = (st) => "AB"[team.members.findIndex((m) => m.includes(st.members[0].seat))];
  const standings = game.standings;
  assert.equal(standings.length, 2, JSON.stringify(standings));
  // The engine's team totals are its members' VP added (seed 000 line 815).
  for (const st of standings) {
    const vp = st.members.reduce((a, m) => a + game.view.position.players[m.seat].vp, 0);
    assert.equal(st.score, vp, JSON.stringify(st));
  }
  const { errors, context, page } = await seatPage(made.seats[0].invite, "es-ES", ".scoring .team-totals");

  // The final scoring: each team's place and total, in the engine's order, the winner named.
  const totals = await page.$$eval(".team-totals .team-total", (ls) => ls.map((l) => ({
    team: l.dataset.team, place: Number(l.dataset.place), score: Number(l.querySelector(".team-score").textContent),
  })));
  assert.deepEqual(totals, standings.map((st) => ({ team: letter(st), place: st.place, score: st.score })));
  const winner = standings[0];
  assert.equal(await page.textContent(".team-winner"), `Gana el equipo ${letter(winner)} con ${winner.score} PV`);
  // Each seat's own table ends on its own VP, its team's total beside its name.
  const heads = await page.$$eval(".score-seat h3", (hs) => hs.map((h) => h.textContent));
  assert.equal(heads.length, 4);
  for (const st of standings) {
    const named = heads.filter((h) => h.includes(`Equipo ${letter(st)} ${st.score} PV`));
    assert.equal(named.length, 2, `${letter(st)}: ${heads.join(" | ")}`);
  }
  // The teams panel: the same totals, the winning team first and marked.
  const panel = await page.$$eval(".teams .team", (ts) => ts.map((t) => ({
    team: t.dataset.team, vp: Number.parseInt(t.querySelector(".team-vp").textContent, 10), won: !!t.querySelector(".team-won"),
  })));
  assert.deepEqual(panel, standings.map((st) => ({ team: letter(st), vp: st.score, won: st.place === 1 })));
  await page.screenshot({ path: join(artifacts, "burgundy-team-end.png") });
  assert.deepEqual(await accessibility(page), [], "the team game's final screen");
  await closeClean(context, errors);
});
