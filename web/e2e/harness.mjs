// What the end-to-end tests share: a server of the built binary on a free port with
// a fresh data folder, a headless Chromium (Debian's `chromium`, driven by
// playwright-core), and a page watched for console errors.

import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
/** The checkout. */
export const root = join(here, "..", "..");
/** Screenshots kept as CI artifacts. */
export const artifacts = join(here, "artifacts");
/** The built `tabuleiro` binary the server runs (a test may run its other commands). */
export const bin = process.env.TABULEIRO_BIN ?? join(root, "target", "release", "tabuleiro");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

/** Starts `tabuleiro serve` (with `extra` options); answers the server process and its address. */
export function startServer(botDelayMs, extra = []) {
  mkdirSync(artifacts, { recursive: true });
  return new Promise((resolve, reject) => {
    const data = mkdtempSync(join(tmpdir(), "tabuleiro-e2e-"));
    const server = spawn(bin, ["serve", "--addr", "127.0.0.1:0", "--data", data, "--bot-delay-ms", String(botDelayMs), "--create-rate", "0", "--join-rate", "0", "--action-rate", "0", "--signin-rate", "0", ...extra], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    server.on("error", reject);
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const m = /serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ server, base: m[1] });
    });
    setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 20000);
  });
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      "--disable-dev-shm-usage"],
  });
}

/** A test file's server (bots waiting `botDelayMs`) and browser, started together. */
export async function serveAndBrowse(botDelayMs, extra = []) {
  const { server, base } = await startServer(botDelayMs, extra);
  return { server, base, browser: await launchBrowser() };
}

/** Stops what [`serveAndBrowse`] started (either may be missing when it failed). */
export async function stop({ server, browser }) {
  await browser?.close();
  server?.kill("SIGTERM");
}

/** Collects a page's console errors and uncaught exceptions into `errors`. */
export function watch(page, errors) {
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
}

/**
 * A test's own list of console errors and the `watch` that fills it: each test starts
 * from an empty list, so an error one test expects (and a page a failed test left open)
 * never fails the next.
 */
export function watched() {
  const errors = [];
  return { errors, watch: (page) => watch(page, errors) };
}

/** A page at `url` in a fresh context (its style sheet and modules loaded), watched for console errors. */
export async function openWatched(browser, url, locale = "en-US", viewport = { width: 1280, height: 900 }) {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale, bypassCSP: true, viewport });
  const page = await context.newPage();
  watch(page);
  await page.goto(url);
  return { errors, context, page };
}

/**
 * Burgundy's lobby in a fresh page (in `locale`) watched for console errors, with what
 * it posts to create a game caught on its way (`created.body`).
 */
export async function burgundyLobby(browser, base, locale = "en-US", viewport = { width: 1400, height: 1100 }) {
  const { errors, watch } = watched();
  const context = await browser.newContext({ locale, viewport, bypassCSP: true });
  const page = await context.newPage();
  watch(page);
  const created = { body: null };
  page.on("request", (r) => { if (r.method() === "POST" && r.url().endsWith("/api/games")) created.body = r.postDataJSON(); });
  await page.goto(`${base}/?game=burgundy`);
  await page.waitForSelector("fieldset.modules");
  return { errors, context, page, created };
}

/** The serious and critical findings of axe-core on the page as it is now (its context needs `bypassCSP`). */
export async function accessibility(page) {
  await page.addScriptTag({ path: join(root, "web", "node_modules", "axe-core", "axe.min.js") });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  });
}

/**
 * Clicks the first of `order`'s selectors that finds something; answers it, or null.
 * A live table redraws on every push: a piece found may be replaced before the click
 * lands (once seen stalling a click for 30 s on a loaded machine), so a click that does
 * not land in 5 s answers null and the caller's loop looks again.
 */
export async function clickFirst(page, order) {
  for (const sel of order) {
    const el = page.locator(sel).first();
    if (await el.count()) {
      return (await el.click({ timeout: 5000 }).then(() => true, () => false)) ? sel : null;
    }
  }
  return null;
}

/**
 * Where `selector`'s element is drawn, measured in one step inside the page. A live table
 * re-renders whenever a bot plays, so a locator's `boundingBox()` can find the element
 * replaced between finding and measuring it and answer null; this waits until one is drawn.
 */
export async function box(page, selector) {
  const handle = await page.waitForFunction((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return r.width > 0 || r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector, { timeout: 10000 });
  return handle.jsonValue();
}
