// Burgundy's options in the lobby: duchies, edition and rule variants.
import { t } from "../../i18n.js";
import { esc, options } from "../../markup.js";
/** A duchy choice per seat, then the game's rules. */
export function form(boards) {
    const duchyOpts = `<option value="">${esc(t("web.random"))}</option>` + boards.duchies.boards
        .map((b) => `<option value="${b.number}">${esc(t("ui.duchy", { n: b.number }))}${b.verified ? "" : ` (${esc(t("web.unverified"))})`}</option>`)
        .join("");
    return {
        seat: (i) => `<select name="duchy${i}" aria-label="duchy">${duchyOpts}</select>`,
        rules: `<label>${esc(t("web.edition"))} <select name="edition">${options(["special", "classic"], [t("web.ed.special"), t("web.ed.classic")])}</select></label>` +
            `<label>${esc(t("web.tiebreak"))} <select name="tiebreak">${options(["more", "fewer"], [t("web.tiebreak.more"), t("web.tiebreak.fewer")])}</select></label>` +
            `<label>${esc(t("web.knowledge8"))} <select name="knowledge8">${options(["one-or-two", "two-only"], [t("web.k8.one-or-two"), t("web.k8.two-only")])}</select></label>` +
            `<label><input type="checkbox" name="castle_on_centre"> ${esc(t("web.castle_on_centre"))}</label>`,
    };
}
/** The game's options from the filled form. */
export function read(data, players) {
    const duchies = [];
    for (let i = 0; i < players; i++) {
        const d = String(data.get(`duchy${i}`) ?? "");
        if (d)
            duchies.push(Number(d));
    }
    if (duchies.length && duchies.length !== players)
        throw new Error(t("web.duchies_all_or_none"));
    const options = {
        edition: data.get("edition"),
        rules: { tiebreak: data.get("tiebreak"), knowledge8: data.get("knowledge8") },
        castle_on_centre: data.get("castle_on_centre") === "on",
        // Sent even when empty: "random" means random boards in both editions, where a
        // config without duchies would take the classic edition's standard setup (duchy 1).
        duchies,
    };
    return options;
}
