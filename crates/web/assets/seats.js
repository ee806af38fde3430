// Seats in words, the same for every game.
import { t } from "./i18n.js";
export function seatName(seats, seat) {
    const s = seats[seat];
    const player = t("ui.player", { n: seat + 1 });
    if (!s)
        return player;
    if (s.kind === "bot") {
        const level = (s.bot ?? "").split(":")[0];
        return `${player} (${s.name || t(`bot.${level}`)})`;
    }
    if (s.kind === "open")
        return `${player} (${t("web.open_seat")})`;
    return s.name ? `${player} (${s.name})` : player;
}
