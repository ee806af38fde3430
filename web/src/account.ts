// Accounts (issue 42), optional: the header's link, the account page (sign up, sign
// in, the account's games, a new password, signing out here or everywhere), a
// player's profile with ratings, and a scale's leaderboard. The session is an
// HTTP-only cookie the page never reads; a seat still acts by its token, which a
// signed-in page binds to the account or asks the account for on a new device.

import { getJson, keepToken, postJson, Refused } from "./api.js";
import { lang, refusal, t } from "./i18n.js";
import { esc } from "./markup.js";

export interface Me { name: string; email: string; notify: boolean }

let me: Me | null = null;

/** Asks the server who is signed in here (none: null). */
export async function loadMe(): Promise<Me | null> {
  me = (await getJson("/api/session").catch(() => ({ account: null }))).account;
  return me;
}

export function signedIn(): Me | null {
  return me;
}

/** The header's link: the player's name (their account page) or "Sign in". */
export function accountLink(): HTMLElement {
  const a = document.createElement("a");
  a.href = "/account";
  a.className = "account-link";
  a.textContent = me ? me.name : t("web.account.sign_in");
  return a;
}

function words(err: any): string {
  return err instanceof Refused ? refusal(err.message, err.reason, err.code) : String(err?.message ?? err);
}

/** The account page: the forms to sign up or in, or the signed-in player's own. */
export async function accountPage(root: HTMLElement, chrome: () => HTMLElement): Promise<void> {
  root.replaceChildren(chrome());
  const page = document.createElement("section");
  page.className = "account";
  root.append(page);
  if (!me) return signInForms(page);
  const games = (await getJson("/api/account/games")).games as any[];
  const rows = games.map((g) => {
    const who = g.seat === null ? t("web.account.creator") : t("ui.player", { n: g.seat + 1 });
    return `<li><a href="/games/${esc(g.id)}">${esc(g.game)} · ${esc(who)}</a> <b>${esc(t(`web.status.${g.status}`))}</b></li>`;
  });
  page.innerHTML = `<h2>${esc(me.name)}</h2>` +
    `<p><a class="profile" href="/players/${encodeURIComponent(me.name)}">${esc(t("web.account.profile"))}</a></p>` +
    `<h3>${esc(t("web.account.my_games"))}</h3>` +
    (rows.length ? `<ul class="my-games">${rows.join("")}</ul>` : `<p>${esc(t("web.no_games"))}</p>`) +
    `<h3>${esc(t("web.account.notices"))}</h3><form id="notices">` +
    `<label>${esc(t("web.account.email"))} <input name="email" type="email" autocomplete="email" maxlength="254" value="${esc(me.email)}"></label> ` +
    `<label><input type="checkbox" name="notify"${me.notify ? " checked" : ""}> ${esc(t("web.account.notify"))}</label> ` +
    `<button type="submit">${esc(t("web.account.save"))}</button></form>` +
    `<h3>${esc(t("web.account.new_password"))}</h3><form id="password">` +
    `<label>${esc(t("web.account.current_password"))} <input name="current" type="password" autocomplete="current-password" required></label> ` +
    `<label>${esc(t("web.account.new_password"))} <input name="new" type="password" autocomplete="new-password" minlength="8" maxlength="128" required></label> ` +
    `<button type="submit">${esc(t("web.account.change"))}</button></form>` +
    `<p><button id="sign-out">${esc(t("web.account.sign_out"))}</button> ` +
    `<button id="sign-out-everywhere">${esc(t("web.account.sign_out_everywhere"))}</button></p>` +
    `<p class="message" role="status"></p>`;
  const say = (s: string) => (page.querySelector(".message")!.textContent = s);
  const notices = page.querySelector<HTMLFormElement>("#notices")!;
  notices.onsubmit = async (e) => {
    e.preventDefault();
    const data = new FormData(notices);
    try {
      me = { ...me!, ...(await postJson("/api/account/notices", { email: String(data.get("email") ?? "").trim(), notify: data.get("notify") === "on", lang: lang() })) };
      say(t("web.account.saved"));
    } catch (err) {
      say(words(err));
    }
  };
  const form = page.querySelector<HTMLFormElement>("#password")!;
  form.onsubmit = async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    try {
      await postJson("/api/account/password", { current: data.get("current"), new: data.get("new") });
      form.reset();
      say(t("web.account.password_changed"));
    } catch (err) {
      say(words(err));
    }
  };
  for (const [button, path] of [["#sign-out", "signout"], ["#sign-out-everywhere", "signout-everywhere"]]) {
    page.querySelector<HTMLButtonElement>(button)!.onclick = async () => {
      await fetch(`/api/account/${path}`, { method: "POST" });
      location.href = "/";
    };
  }
}

/** A mailed reset link (`/account#reset=TOKEN`): the form for the new password. */
function resetForm(page: HTMLElement, token: string): void {
  page.innerHTML = `<form id="reset"><h2>${esc(t("web.account.choose_password"))}</h2>` +
    `<label>${esc(t("web.account.new_password"))} <input name="password" type="password" autocomplete="new-password" minlength="8" maxlength="128" required></label> ` +
    `<button type="submit">${esc(t("web.account.change"))}</button><p class="message" role="status"></p></form>`;
  const f = page.querySelector<HTMLFormElement>("#reset")!;
  f.onsubmit = async (e) => {
    e.preventDefault();
    try {
      await postJson("/api/account/reset/confirm", { token, password: new FormData(f).get("password") });
      history.replaceState(null, "", "/account");
      signInForms(page);
      page.querySelector("#sign-in .message")!.textContent = t("web.account.password_changed");
    } catch (err) {
      f.querySelector(".message")!.textContent = words(err);
    }
  };
}

function signInForms(page: HTMLElement): void {
  const reset = new URLSearchParams(location.hash.slice(1)).get("reset");
  if (reset) return resetForm(page, reset);
  const form = (id: string, title: string, autocomplete: string) =>
    `<form id="${id}"><h2>${esc(title)}</h2>` +
    `<label>${esc(t("web.name"))} <input name="name" autocomplete="username" minlength="3" maxlength="24" required></label> ` +
    `<label>${esc(t("web.account.password"))} <input name="password" type="password" autocomplete="${autocomplete}" minlength="8" maxlength="128" required></label> ` +
    `<button type="submit">${esc(title)}</button><p class="message" role="status"></p></form>`;
  page.innerHTML = form("sign-in", t("web.account.sign_in"), "current-password") +
    form("sign-up", t("web.account.sign_up"), "new-password") +
    `<form id="forgot"><h3>${esc(t("web.account.forgot"))}</h3>` +
    `<label>${esc(t("web.name"))} <input name="name" autocomplete="username" maxlength="24" required></label> ` +
    `<button type="submit">${esc(t("web.account.send_link"))}</button><p class="message" role="status"></p></form>`;
  const forgot = page.querySelector<HTMLFormElement>("#forgot")!;
  forgot.onsubmit = async (e) => {
    e.preventDefault();
    const say = (s: string) => (forgot.querySelector(".message")!.textContent = s);
    await postJson("/api/account/reset", { name: String(new FormData(forgot).get("name")).trim() })
      .then(() => say(t("web.account.link_sent")), (err) => say(words(err)));
  };
  for (const [id, path] of [["sign-in", "signin"], ["sign-up", "signup"]]) {
    const f = page.querySelector<HTMLFormElement>(`#${id}`)!;
    f.onsubmit = async (e) => {
      e.preventDefault();
      const data = new FormData(f);
      try {
        await postJson(`/api/account/${path}`, { name: String(data.get("name")).trim(), password: data.get("password") });
        location.href = new URLSearchParams(location.search).get("back") ?? "/account";
      } catch (err) {
        f.querySelector(".message")!.textContent = words(err);
      }
    };
  }
}

/** A rating as shown: the conservative estimate, one decimal. */
export function shownRating(r: { rating: number }): string {
  return r.rating.toFixed(1);
}

/** A player's profile: games per game, finish rate, ratings. */
export async function profilePage(root: HTMLElement, chrome: () => HTMLElement, name: string): Promise<void> {
  root.replaceChildren(chrome());
  const page = document.createElement("section");
  page.className = "profile";
  root.append(page);
  let p: any;
  try {
    p = await getJson(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    page.innerHTML = `<p class="message">${esc(words(err))}</p>`;
    return;
  }
  const rate = p.finish_rate === null ? "—" : `${Math.round(p.finish_rate * 100)}%`;
  const games = (p.games as any[]).map((g) =>
    `<tr><td>${esc(g.game)}</td><td>${g.ended}</td><td>${g.won}</td><td>${g.left}</td><td>${g.playing}</td></tr>`).join("");
  const ratings = (p.ratings as any[]).map((r) =>
    `<tr><td><a href="/ratings/${esc(r.scale)}">${esc(scaleName(r.scale))}</a></td><td class="rating">${esc(shownRating(r))}</td><td>${r.games}</td></tr>`).join("");
  page.innerHTML = `<h2>${esc(p.name)}</h2>` +
    `<p>${esc(t("web.account.finish_rate"))}: <b class="finish-rate">${esc(rate)}</b></p>` +
    `<table class="records"><caption>${esc(t("web.games"))}</caption><tr><th>${esc(t("web.game"))}</th><th>${esc(t("web.account.ended"))}</th>` +
    `<th>${esc(t("web.account.won"))}</th><th>${esc(t("web.account.left"))}</th><th>${esc(t("web.account.playing"))}</th></tr>${games}</table>` +
    `<table class="ratings"><caption>${esc(t("web.account.ratings"))}</caption><tr><th>${esc(t("web.game"))}</th>` +
    `<th>${esc(t("web.account.rating"))}</th><th>${esc(t("web.account.rated_games"))}</th></tr>${ratings}</table>`;
}

/** A scale's name in words: the game's, with its expansion or team game. */
export function scaleName(scale: string): string {
  const [game, ...more] = scale.split(".");
  return [t(`web.account.scale.${game}`), ...more.map((m) => t(`web.account.scale.${m}`))].join(" · ");
}

/** A scale's leaderboard. */
export async function ratingsPage(root: HTMLElement, chrome: () => HTMLElement, scale: string): Promise<void> {
  root.replaceChildren(chrome());
  const page = document.createElement("section");
  page.className = "leaderboard";
  root.append(page);
  const board = await getJson(`/api/ratings/${encodeURIComponent(scale)}`).catch(() => ({ ratings: [] }));
  const rows = (board.ratings as any[]).map((r, i) => {
    const who = r.name.startsWith("bot ") ? esc(t(`bot.${r.name.slice(4)}`))
      : `<a href="/players/${encodeURIComponent(r.name)}">${esc(r.name)}</a>`;
    return `<tr><td>${i + 1}</td><td>${who}</td><td class="rating">${esc(shownRating(r))}</td><td>${r.games}</td></tr>`;
  }).join("");
  page.innerHTML = `<h2>${esc(t("web.account.leaderboard"))}: ${esc(scaleName(scale))}</h2>` +
    `<table><tr><th>#</th><th>${esc(t("web.name"))}</th><th>${esc(t("web.account.rating"))}</th><th>${esc(t("web.account.rated_games"))}</th></tr>${rows}</table>`;
}

/**
 * The seat token this page plays game `id` with, for a signed-in player: a token
 * already here is bound to the account (so the game follows them); with none, the
 * account is asked for one when it holds a seat of the game (another device).
 */
export async function seatForAccount(id: string, token: string | null): Promise<string | null> {
  if (!me) return token;
  if (token && !token.startsWith("a") && !token.startsWith("c.")) {
    const seat = Number(token.slice(1, token.indexOf(".")));
    await postJson(`/api/games/${id}/seats/${seat}/bind`, {}, token).catch(() => {});
    return token;
  }
  if (token) return token;
  const games = (await getJson("/api/account/games").catch(() => ({ games: [] }))).games as any[];
  const held = games.find((g) => g.id === id && g.seat !== null);
  if (!held) return null;
  const minted = await postJson(`/api/account/games/${id}/seats/${held.seat}/token`, {}).catch(() => null);
  if (minted?.token) keepToken(id, minted.token);
  return minted?.token ?? null;
}
