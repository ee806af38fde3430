// Viscounts' options in the lobby: 1 seat plays the solo AI (its board and difficulty,
// seed 003 L760-762), 2-4 seats play each other. The contested readings keep their
// documented defaults (crates/viscounts/src/config.rs).
import { t } from "../../i18n.js";
import { esc, options } from "../../markup.js";
import { data } from "./words.js";
/** Solo against the AI, or 2 to 4 players (refusal.viscounts.config.players). */
export const PLAYERS = [1, 2, 3, 4];
export function rules() {
    const boards = data().solo.ai_boards;
    const names = boards.map((b) => t(`viscounts.ai.${b.id}`) + (b.provisional ? ` (${t("web.viscounts.provisional")})` : ""));
    return `<fieldset class="vc-solo"><legend>${esc(t("web.viscounts.solo"))}</legend>` +
        `<label>${esc(t("web.viscounts.ai_board"))} <select name="ai">${options(boards.map((b) => b.id), names)}</select></label>` +
        `<label>${esc(t("web.viscounts.difficulty"))} <select name="difficulty">${options(["0", "1", "2", "3"], ["0", "1", "2", "3"])}</select></label></fieldset>`;
}
/** The config's fields: the AI's only for a solo game. */
export function read(data, players) {
    if (players !== 1)
        return {};
    return { ai: String(data.get("ai")), difficulty: Number(data.get("difficulty")) };
}
