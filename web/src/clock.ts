// Clocks per table (issue 42): the lobby's clock choice, and each seat's clock at
// the table, ticking down for the seats the game waits for. The server sends every
// seat's time left as of its last log entry (`as_of_ms`) and its own time
// (`now_ms`); the page counts down from the moment the state arrived, so a browser
// whose clock differs from the server's still shows the right time.

import type { GameState } from "./api.js";
import { t } from "./i18n.js";
import { esc, options } from "./markup.js";
import { seatName } from "./seats.js";

/** A table's clock as the API takes and shows it. */
export interface ClockSpec {
  kind: "realtime" | "turn_based";
  bank_s?: number;
  increment_s?: number;
  per_move_s?: number;
  on_timeout?: "stand_in" | "drop";
}

/** Every seat's clock in a game state (`clocks`; null at a table without one). */
export interface Clocks {
  spec: ClockSpec;
  as_of_ms: number;
  now_ms: number;
  seats: { left_ms: number; running: boolean }[];
}

// ---- The lobby -----------------------------------------------------------------

/** The clock fields of the new-game form: none by default. */
export function clockFields(): string {
  const kinds = ["none", "realtime", "turn_based"];
  const endings = ["stand_in", "drop"];
  return `<fieldset class="clock"><legend>${esc(t("web.clock"))}</legend>` +
    `<select name="clock_kind" id="clock-kind" aria-label="${esc(t("web.clock"))}">${options(kinds, kinds.map((k) => t(`web.clock.${k}`)))}</select>` +
    `<label class="clock-realtime">${esc(t("web.clock.bank_min"))} <input name="clock_bank_min" type="number" min="0.02" step="any" value="10"></label>` +
    `<label class="clock-realtime">${esc(t("web.clock.increment_s"))} <input name="clock_increment_s" type="number" min="0" max="3600" step="1" value="10"></label>` +
    `<label class="clock-turn_based">${esc(t("web.clock.per_move_h"))} <input name="clock_per_move_h" type="number" min="0.02" step="any" value="24"></label>` +
    `<label class="clock-any">${esc(t("web.clock.on_timeout"))} <select name="clock_on_timeout">${options(endings, endings.map((e) => t(`web.clock.${e}`)))}</select></label>` +
    `</fieldset>`;
}

/** Shows the fields of the clock kind chosen. */
export function wireClockFields(form: HTMLFormElement): void {
  const kind = form.querySelector<HTMLSelectElement>("#clock-kind");
  if (!kind) return;
  const show = () => {
    form.querySelectorAll<HTMLElement>(".clock label").forEach((el) => {
      const shown = el.classList.contains(`clock-${kind.value}`) || (el.classList.contains("clock-any") && kind.value !== "none");
      // Not `hidden`: the stylesheet lays labels out, which overrides it.
      el.style.display = shown ? "" : "none";
    });
  };
  kind.addEventListener("change", show);
  show();
}

/** The clock the form asks for, or none. The server checks its bounds. */
export function clockSpec(data: FormData): ClockSpec | null {
  const kind = String(data.get("clock_kind") ?? "none");
  const number = (name: string) => Number(String(data.get(name) ?? "0").replace(",", "."));
  const on_timeout = String(data.get("clock_on_timeout") ?? "stand_in") === "drop" ? "drop" : "stand_in";
  if (kind === "realtime") {
    return { kind, bank_s: Math.round(number("clock_bank_min") * 60), increment_s: Math.round(number("clock_increment_s")), on_timeout };
  }
  if (kind === "turn_based") return { kind, per_move_s: Math.round(number("clock_per_move_h") * 3600), on_timeout };
  return null;
}

// ---- The table -----------------------------------------------------------------

/** When each state arrived (by this page's clock): redraws of one state keep it. */
const arrived = new WeakMap<object, number>();

/** A time left in words: `1:05`, `1:02:03`, `2 d 03:04`. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const [d, h, m, s] = [Math.floor(total / 86400), Math.floor(total / 3600) % 24, Math.floor(total / 60) % 60, total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  if (d > 0) return `${t("web.clock.days", { n: d })} ${two(h)}:${two(m)}`;
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** Every seat's clock for the status line ("" at a table without one). */
export function clocksLine(s: GameState): string {
  const clocks = (s as GameState & { clocks?: Clocks | null }).clocks;
  if (!clocks) return "";
  if (!arrived.has(s)) arrived.set(s, Date.now());
  const at = arrived.get(s)!;
  const seats = clocks.seats.map((c, seat) => {
    const name = seatName(s.seats, seat);
    // A running clock ends at this page's time `until`; a stopped one shows its time.
    const until = at + c.left_ms - (clocks.now_ms - clocks.as_of_ms);
    const left = c.running ? until - Date.now() : c.left_ms;
    const tick = c.running ? ` data-until="${until}"` : "";
    const mine = s.seat === seat ? " mine" : "";
    return `<span class="seat-clock${c.running ? " running" : ""}${mine}" data-seat="${seat}"${tick} ` +
      `aria-label="${esc(t("web.clock.of", { name }))}">${esc(name)} <time>${esc(clockText(left))}</time></span>`;
  });
  startTicking();
  return `<span class="clocks" id="clocks">${seats.join(" ")}</span>`;
}

let ticking = 0;

/** Counts the running clocks down, four times a second, while any is shown. */
function startTicking(): void {
  if (ticking) return;
  ticking = window.setInterval(() => {
    const running = document.querySelectorAll<HTMLElement>(".seat-clock[data-until]");
    if (!document.querySelector(".clocks")) {
      window.clearInterval(ticking);
      ticking = 0;
      return;
    }
    running.forEach((el) => {
      const time = el.querySelector("time");
      const left = Number(el.dataset.until) - Date.now();
      if (time) time.textContent = clockText(left);
      el.classList.toggle("low", left < 10000);
    });
  }, 250);
}
