// Joining an open seat from its own invite link (`/games/{id}#join=N`): the link names
// the seat and carries no token; the name is asked in the page (never a browser
// prompt), and the server hands the new player a token of their own.

import { postJson, keepToken, Refused } from "./api.js";
import type { SeatInfo } from "./api.js";
import { refusal, t } from "./i18n.js";
import { esc } from "./markup.js";
import { seatName } from "./seats.js";

/** The seat an invite link asks to join, if it asks. */
export function seatAsked(): number | null {
  const asked = new URLSearchParams(location.hash.slice(1)).get("join");
  return asked !== null && /^\d+$/.test(asked) ? Number(asked) : null;
}

/**
 * Asks the name for `seat` of game `id` and joins it: answers the new seat's token,
 * or null when the visitor chose to watch instead.
 */
export function askToJoin(
  root: HTMLElement,
  chrome: () => HTMLElement,
  id: string,
  seat: number,
  seats: SeatInfo[],
  title: string,
  onRedraw: (draw: () => void) => void,
): Promise<string | null> {
  return new Promise((resolve) => {
    const draw = () => {
      root.replaceChildren(chrome());
      const page = document.createElement("section");
      page.className = "join-page";
      const players = seats.map((_, i) => `<li>${esc(seatName(seats, i))}</li>`).join("");
      page.innerHTML = `<h2>${esc(title)}</h2><ul>${players}</ul>` +
        `<form class="join-name"><label>${esc(t("web.name"))} <input name="name" maxlength="40" required autocomplete="nickname"></label> ` +
        `<button type="submit">${esc(t("web.join", { n: seat + 1 }))}</button> ` +
        `<a class="watch" href="${esc(location.pathname)}">${esc(t("web.watch"))}</a><p class="message" role="status"></p></form>`;
      root.append(page);
      const form = page.querySelector<HTMLFormElement>("form")!;
      form.querySelector("input")!.focus();
      page.querySelector<HTMLAnchorElement>("a.watch")!.onclick = (e) => {
        e.preventDefault();
        resolve(null);
      };
      form.onsubmit = async (e) => {
        e.preventDefault();
        const name = String(new FormData(form).get("name") ?? "").trim();
        try {
          const joined = await postJson(`/api/games/${id}/seats/${seat}/join`, { name });
          keepToken(id, joined.token);
          resolve(joined.token);
        } catch (err: any) {
          const words = err instanceof Refused ? refusal(err.message, err.reason, err.code) : String(err?.message ?? err);
          form.querySelector(".message")!.textContent = words;
        }
      };
    };
    // A language switched while the form is open redraws it in the new words.
    onRedraw(draw);
    draw();
  });
}
