// Viscounts of the West Kingdom in the browser: its table, its words and its lobby
// options. It knows how to draw the game; what may be clicked comes from the server.
import { getJson } from "../../api.js";
import { t } from "../../i18n.js";
import * as lobby from "./lobby.js";
import { freshKeys, headline, result, table } from "./table.js";
import { describe, keyText, say, setContent } from "./words.js";
let content = null;
async function load() {
    content ??= await getJson("/api/boards/viscounts");
    setContent(content);
}
export const viscounts = {
    title: "Viscounts of the West Kingdom",
    setup: load,
    headline,
    table,
    result,
    say,
    describe,
    fresh: (events) => freshKeys(events),
    // A piece that leads to one decision makes it at once; a main action first shows
    // how it would be paid.
    atOnce: (key) => !key.startsWith("main:"),
    keyText,
    menuTitle: (keys) => (keys.every((k) => k.startsWith("pay:")) ? t("web.viscounts.pay_with") : null),
    lobby: {
        setup: load,
        seat: () => "",
        rules: lobby.rules,
        options: (data, players) => lobby.read(data, players),
    },
};
