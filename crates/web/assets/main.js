// The page's entry: the lobby at `/`, the table at `/games/{id}`, each with the
// module of its game (web/src/games/).
import { accountLink, accountPage, loadMe, profilePage, ratingsPage, seatForAccount } from "./account.js";
import { getJson, tokenFor } from "./api.js";
import { GAMES, gameModule } from "./games/index.js";
import { browserLang, languageSwitch, load, t } from "./i18n.js";
import { askToJoin, seatAsked } from "./join.js";
import { lobby } from "./lobby.js";
import { loadListed } from "./seats.js";
import { Table } from "./table.js";
/** The game the lobby offers to create: the one its picker named (`/?game=catan`), else the first. */
function lobbyGame() {
    const asked = new URLSearchParams(location.search).get("game");
    return asked && asked in GAMES ? asked : Object.keys(GAMES)[0];
}
async function main() {
    const root = document.getElementById("app");
    let redraw = () => { };
    const chrome = () => {
        const header = document.createElement("header");
        header.innerHTML = `<a href="/" class="home">${t("app.title")}</a>`;
        header.append(accountLink(), languageSwitch(() => redraw()));
        document.title = t("app.title");
        return header;
    };
    // Who is signed in, and what the registry says of each game (its players, options, bot levels).
    await Promise.all([loadMe(), loadListed()]);
    const page = /^\/(account|players|ratings)(?:\/([^/]+))?$/.exec(location.pathname);
    if (page) {
        const [, kind, arg] = page;
        // The words of the scale's game, else of the lobby's first.
        const game = kind === "ratings" ? decodeURIComponent(arg ?? "").split(".")[0] : "";
        await load(browserLang(), game in GAMES ? game : lobbyGame());
        const draw = () => kind === "account" ? accountPage(root, chrome)
            : kind === "players" ? profilePage(root, chrome, decodeURIComponent(arg ?? ""))
                : ratingsPage(root, chrome, decodeURIComponent(arg ?? ""));
        redraw = () => void draw();
        return draw();
    }
    const at = /^\/games\/([^/]+)$/.exec(location.pathname);
    if (at) {
        const id = at[1];
        let token = await seatForAccount(id, tokenFor(id));
        let state = await getJson(`/api/games/${id}`, token);
        const game = gameModule(state.game);
        await Promise.all([load(browserLang(), state.game), game.setup(state)]);
        // An open seat's invite link: the name is asked here, then the table opens as
        // that seat. A visitor who already holds a seat of this game just sits down.
        const seat = seatAsked();
        if (seat !== null && !token && state.seats[seat]?.kind === "open") {
            token = await askToJoin(root, chrome, id, seat, state.seats, GAMES[state.game]?.title ?? state.game, (draw) => (redraw = draw));
            if (token)
                state = await getJson(`/api/games/${id}`, token);
            token = await seatForAccount(id, token);
        }
        // The address keeps no join request: a reload opens the table, not the form.
        if (seat !== null)
            history.replaceState(null, "", location.pathname + location.search);
        const table = new Table(root, id, token, game, chrome);
        redraw = () => table.draw();
        await table.start(state);
    }
    else {
        const name = lobbyGame();
        await load(browserLang(), name);
        const draw = await lobby(root, chrome, name, gameModule(name));
        redraw = () => void draw();
    }
}
main().catch((e) => {
    const root = document.getElementById("app");
    root.textContent = String(e?.message ?? e);
});
