// Corrected content from a file (issue 15) in headless Chromium: the lobby's
// create-game form uploads a content file for Burgundy; the game's table then marks
// it "custom content" (the headline and beside the duchy) and draws duchy 1 as the
// file corrects it, fetched once (never part of a view or push). A bad file is
// refused with the engine's reason in the page's language, and nothing is created.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { root, serveAndBrowse, stop, watched } from "./harness.mjs";

let server, browser, base;

before(async () => ({ server, base, browser } = await serveAndBrowse(20)));
after(() => stop({ server, browser }));

const EXAMPLE = readFileSync(join(root, "docs", "burgundy", "content-example.json"), "utf8");

/** The lobby's form for Ana against the greedy bot, both on duchy 1, with `file` uploaded. */
async function fill(page, file) {
  await page.goto(`${base}/?game=burgundy`);
  await page.waitForSelector("#content-file");
  await page.fill('input[name="name0"]', "Ana");
  await page.selectOption("select[name=bot1]", "greedy");
  await page.selectOption("select[name=duchy0]", "1");
  await page.selectOption("select[name=duchy1]", "1");
  await page.setInputFiles("#content-file", { name: "corrected.json", mimeType: "application/json", buffer: Buffer.from(file) });
}

test("an uploaded content file plays and every seat sees the custom-content mark", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  let sent = null;
  let fetched = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/games")) sent = r.postDataJSON();
    if (r.url().endsWith("/content")) fetched += 1;
  });
  await fill(page, EXAMPLE);
  await page.click("#create");
  await page.waitForSelector("a.play");
  assert.equal(sent.options.content, EXAMPLE, "the file's text is sent as it is");
  await page.click("a.play");
  await page.waitForSelector(".duchy-wrap .custom-content", { timeout: 30000 });
  assert.equal((await page.textContent(".duchy-wrap .custom-content")).trim(), "custom content");
  assert.match(await page.getAttribute(".duchy-wrap .custom-content", "title"), /not the printed content/);
  assert.match(await page.textContent("body"), /custom content/);
  // The game carries duchy 1 as the file gives it (space 0: pasture 5): fetched
  // once by the page, never in a view (issue 40).
  assert.equal(fetched, 1, "the page fetched the content file once");
  const [state, content] = await page.evaluate(async () => {
    // What a watcher is sent: the content is public, as the printed content is.
    const id = location.pathname.split("/").pop();
    const [view, file] = await Promise.all([fetch(`/api/games/${id}`), fetch(`/api/games/${id}/content`)]);
    return [await view.json(), await file.json()];
  });
  assert.equal(state.view.custom_content, true);
  assert.ok(!JSON.stringify(state).includes("duchies.json"), "no view carries the file");
  assert.equal(content["duchies.json"].boards[0].rows[0], "P5 C6 C4 K3");
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});

test("a bad content file is refused with its reason in the player's language", { timeout: 120000 }, async () => {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale: "pt-BR", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page);
  await fill(page, EXAMPLE.replace("P5 C6 C4 K3", "P5 C6 C4 X3"));
  const before = errors.length;
  await page.click("#create");
  await page.waitForSelector("#created .message");
  assert.match(
    await page.textContent("#created .message"),
    /^Recusado: o arquivo de conteúdo foi recusado: duchies\.json: duchy 1: space 3 "X3" has no colour letter/,
  );
  assert.equal(await page.locator("a.play").count(), 0);
  const refused = errors.splice(before);
  assert.ok(refused.every((e) => /status of 400/.test(e)), `only the refused request: ${refused}`);
  await context.close();
  assert.deepEqual(errors, [], "console errors");
});
