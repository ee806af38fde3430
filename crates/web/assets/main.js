// The page's entry: the lobby at `/`, the table at `/games/{id}`.
import { getJson } from "./api.js";
import { browserLang, languageSwitch, load, t } from "./i18n.js";
import { lobby } from "./lobby.js";
import { Table } from "./table.js";
async function main() {
    await load(browserLang());
    const root = document.getElementById("app");
    let redraw = () => { };
    const chrome = () => {
        const header = document.createElement("header");
        header.innerHTML = `<a href="/" class="home">${t("app.title")}</a>`;
        header.append(languageSwitch(() => redraw()));
        document.title = t("app.title");
        return header;
    };
    const game = /^\/games\/([^/]+)$/.exec(location.pathname);
    if (game) {
        const boards = await getJson("/api/boards/burgundy");
        const table = new Table(root, game[1], boards, chrome);
        redraw = () => table.draw();
        await table.start();
    }
    else {
        const draw = await lobby(root, chrome);
        redraw = () => void draw();
    }
}
main().catch((e) => {
    const root = document.getElementById("app");
    root.textContent = String(e?.message ?? e);
});
