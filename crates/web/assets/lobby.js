// The lobby: create a game (seats, bots, the game's own options, seed), hand out an
// invite link per seat, list open and running games to join or watch.
import { signedIn, shownRating } from "./account.js";
import { getJson, keepToken, postJson, Refused } from "./api.js";
import { clockFields, clockSpec, wireClockFields } from "./clock.js";
import { GAMES } from "./games/index.js";
import { refusal, t } from "./i18n.js";
import { esc, options } from "./markup.js";
import { botLevels, listing, seatName } from "./seats.js";
export async function lobby(root, chrome, name, game) {
    await game.lobby.setup();
    const levelRatings = await botRatings(name);
    const draw = async () => {
        root.replaceChildren(chrome());
        const page = document.createElement("div");
        page.className = "lobby";
        page.innerHTML = `<section class="create"><h2>${esc(t("web.new_game"))}</h2>${form(name, game, levelRatings)}</section>` +
            `<section id="created"></section><section class="games"><h2>${esc(t("web.games"))}</h2>` +
            `<p class="filters"><label><input type="checkbox" name="only-open"> ${esc(t("web.filter.open_seats"))}</label> ` +
            `<label><input type="checkbox" name="only-rated"> ${esc(t("web.filter.rated"))}</label> ` +
            `<label><input type="checkbox" name="only-this-game"> ${esc(t("web.filter.this_game"))}</label> ` +
            `<label>${esc(t("web.filter.clock"))} <select name="clock-kind">${options(["", "none", "realtime", "turn_based"], [t("web.filter.any"), t("web.filter.clock.none"), t("web.filter.clock.realtime"), t("web.filter.clock.turn_based")])}</select></label></p>` +
            `<div id="games"></div></section>`;
        root.append(page);
        const f = page.querySelector("form");
        const players = f.querySelector("#players");
        const showSeats = () => {
            f.querySelectorAll(".seat").forEach((el, i) => (el.hidden = i >= Number(players.value)));
        };
        players.onchange = showSeats;
        showSeats();
        wireClockFields(f);
        // Another game: the page again with that game's options and words.
        const picker = f.querySelector("#game");
        picker.onchange = () => {
            location.search = `?game=${encodeURIComponent(picker.value)}`;
        };
        // The bot level matters only for a bot seat.
        f.querySelectorAll(".seat").forEach((el, i) => {
            const kind = el.querySelector(`[name=kind${i}]`);
            const level = el.querySelector(`[name=bot${i}]`);
            const showLevel = () => (level.hidden = kind.value !== "bot");
            kind.addEventListener("change", showLevel);
            showLevel();
        });
        f.onsubmit = (e) => {
            e.preventDefault();
            create(f, page.querySelector("#created"), name, game).catch((err) => show(page, err instanceof Refused ? refusal(err.message, err.reason, err.code, (m) => game.say(m)) : String(err?.message ?? err)));
        };
        const games = page.querySelector("#games");
        const filters = page.querySelector(".filters");
        const filter = () => {
            const on = (n) => filters.querySelector(`[name=${n}]`).checked;
            const q = new URLSearchParams();
            if (on("only-open"))
                q.set("open_seats", "true");
            if (on("only-rated"))
                q.set("rated", "true");
            if (on("only-this-game"))
                q.set("game", name);
            const clock = filters.querySelector("[name=clock-kind]").value;
            if (clock)
                q.set("clock", clock);
            return q.toString();
        };
        filters.onchange = () => void listGames(games, filter());
        await listGames(games, filter());
        // The list follows new, started and finished games while the lobby is open.
        const refresh = window.setInterval(() => {
            if (!games.isConnected)
                return window.clearInterval(refresh);
            if (!games.querySelector(".join-name"))
                listGames(games, filter()).catch(() => { });
        }, 10000);
    };
    await draw();
    return draw;
}
function show(page, message) {
    page.querySelector("#created").innerHTML = `<p class="message">${esc(message)}</p>`;
}
/**
 * The levels' ratings on the game's scale (issue 42), by level name: bots are
 * rated with people, so a person can compare.
 */
async function botRatings(game) {
    const board = await getJson(`/api/ratings/${encodeURIComponent(game)}?limit=500`).catch(() => ({ ratings: [] }));
    const out = {};
    for (const r of board.ratings) {
        if (r.name.startsWith("bot "))
            out[r.name.slice(4)] = shownRating(r);
    }
    return out;
}
function form(name, game, ratings) {
    const levels = botLevels(name);
    // A level in a player's words: its name, what it means, and its rating: from rated
    // games once it has played some, before that where the bots' ladder puts it.
    const levelLabel = (l) => {
        const words = `${t(`bot.${l.name}`)} — ${t(`bot.about.${l.name}`)}`;
        if (ratings[l.name])
            return `${words} · ${t("web.account.rating")} ${ratings[l.name]}`;
        if (l.ladder)
            return `${words} · ${t("web.account.ladder_rating", { rating: shownRating(l.ladder) })}`;
        return words;
    };
    const seats = [0, 1, 2, 3]
        .map((i) => `<fieldset class="seat" data-seat="${i}"><legend>${esc(t("ui.player", { n: i + 1 }))}</legend>` +
        `<select name="kind${i}" aria-label="kind">${options(["human", "bot", "open"], [t("web.person"), t("web.bot"), t("web.open_seat")], i === 0 ? 0 : 1)}</select>` +
        `<input name="name${i}" placeholder="${esc(t("web.name"))}" maxlength="40" value="${i === 0 ? esc(signedIn()?.name ?? "") : ""}">` +
        `<select name="bot${i}" aria-label="bot">${options(levels.map((l) => l.spec), levels.map(levelLabel))}</select>` +
        `${game.lobby.seat(i)}</fieldset>`)
        .join("");
    const names = Object.keys(GAMES);
    const counts = listing(name).players.map(String);
    return `<form id="new-game">` +
        `<label>${esc(t("web.game"))} <select id="game" name="game">${options(names, names.map((n) => GAMES[n].title), names.indexOf(name))}</select></label>` +
        // Two players by default where the game is played by two (a solo game is asked for).
        `<label>${esc(t("web.players"))} <select id="players" name="players">${options(counts, counts, Math.max(0, counts.indexOf("2")))}</select></label>` +
        seats + game.lobby.rules() + clockFields() +
        // A rated table needs an account (the server refuses it otherwise).
        (signedIn() ? `<label><input type="checkbox" name="rated"> ${esc(t("web.account.rated_table"))}</label>` +
            `<label>${esc(t("web.account.min_finish_rate"))} <select name="min_finish_rate">${options(["", "0.5", "0.8", "0.9"], [t("web.filter.any"), "50%", "80%", "90%"])}</select></label>` +
            `<label>${esc(t("web.account.min_rating"))} <input name="min_rating" type="number" step="1" min="-50" max="100" inputmode="numeric"></label>` : "") +
        `<label>${esc(t("web.seed"))} <input name="seed" inputmode="numeric" pattern="[0-9]*" placeholder="${esc(t("web.random"))}"></label>` +
        `<button type="submit" id="create">${esc(t("web.create"))}</button></form>`;
}
async function create(f, out, name, game) {
    const data = new FormData(f);
    const n = Number(data.get("players"));
    const seats = [];
    for (let i = 0; i < n; i++) {
        const kind = String(data.get(`kind${i}`));
        const seat = { kind, name: String(data.get(`name${i}`) ?? "").trim() };
        if (kind === "bot")
            seat.bot = String(data.get(`bot${i}`));
        seats.push(seat);
    }
    const body = { game: name, seats, options: await game.lobby.options(data, n) };
    if (data.get("rated") === "on")
        body.rated = true;
    // What a player taking a seat must have (a rating needs a rated table).
    const requires = {};
    const finish = String(data.get("min_finish_rate") ?? "");
    const rating = String(data.get("min_rating") ?? "").trim();
    if (finish)
        requires.min_finish_rate = Number(finish);
    if (rating)
        requires.min_rating = Number(rating);
    if (Object.keys(requires).length)
        body.requires = requires;
    const seed = String(data.get("seed") ?? "").trim();
    if (seed)
        body.seed = Number(seed);
    const clock = clockSpec(data);
    if (clock)
        body.clock = clock;
    const made = await postJson("/api/games", body);
    localStorage.setItem(`tabuleiro.creator.${made.id}`, made.creator_token);
    out.innerHTML = `<h2>${esc(made.seed_chosen ? t("web.created", { seed: made.seed }) : t("web.created_secret"))}</h2><ul class="invites">` +
        made.seats.map((s) => {
            const link = new URL(s.invite);
            const here = `${location.origin}${link.pathname}${link.search}${link.hash}`;
            return `<li>${esc(seatName(seats, s.seat))}: <a class="play" href="${esc(here)}">${esc(t("web.play_here"))}</a> ` +
                `<button type="button" class="copy" data-link="${esc(here)}">${esc(t("web.copy_invite"))}</button></li>`;
        }).join("") +
        // An open seat's own link: it names the seat, never a token (not the creator's,
        // not another seat's); whoever follows it is asked a name and joins.
        (made.open_seats ?? []).map((s) => {
            const link = new URL(s.invite);
            const here = `${location.origin}${link.pathname}${link.search}${link.hash}`;
            return `<li>${esc(seatName(seats, s.seat))}: <a class="invite" href="${esc(here)}">${esc(t("web.invite_link"))}</a> ` +
                `<button type="button" class="copy" data-link="${esc(here)}">${esc(t("web.copy_invite"))}</button></li>`;
        }).join("") +
        `<li><a class="watch" href="/games/${esc(made.id)}">${esc(t("web.watch"))}</a></li></ul>`;
    out.querySelectorAll(".copy").forEach((b) => {
        b.onclick = () => {
            navigator.clipboard?.writeText(b.dataset.link).then(() => (b.textContent = t("web.copied")), () => { });
        };
    });
}
/** The variant a game was created with, in words (" (Cities & Knights)"), where its game has one. */
function variant(game, options) {
    const option = listing(game).variant;
    const value = option ? options?.[option] ?? listing(game).options.find((o) => o.name === option)?.values[0] : undefined;
    // In the shared words: the list shows every game, whatever game the lobby offers.
    return value === undefined ? "" : ` (${t(`web.variant.${game}.${value}`)})`;
}
async function listGames(out, filter = "") {
    const [open, running, over] = await Promise.all(["open", "running", "over"].map(async (status) => (await getJson(`/api/games?status=${status}&limit=20&${filter}`)).games));
    const rows = [...open, ...running, ...over].map((g) => {
        const seats = g.summary?.seats ?? [];
        const joins = seats
            .map((s, i) => (s.kind === "open" ? `<button class="join" data-game="${esc(g.id)}" data-seat="${i}">${esc(t("web.join", { n: i + 1 }))}</button>` : ""))
            .join(" ");
        const scores = g.summary?.scores ?? null;
        const names = seats
            .map((_, i) => esc(seatName(seats, i)) + (scores ? ` <b>${esc(t("web.points", { n: scores[i] ?? 0 }))}</b>` : ""))
            .join(", ");
        const record = g.status === "over" ? ` <a class="record" href="/api/games/${esc(g.id)}/record" download="${esc(g.id)}.json">${esc(t("web.download_record"))}</a>` : "";
        const title = (GAMES[g.game]?.title ?? g.game) + variant(g.game, g.options);
        const rated = (g.rated ? ` <small class="rated">${esc(t("web.filter.rated"))}</small>` : "") +
            (g.clock ? ` <small class="clock-kind">${esc(t(`web.filter.clock.${g.clock.kind}`))}</small>` : "");
        return `<li><b>${esc(t(`web.status.${g.status}`))}</b> ${esc(title)}${rated}: ${names} <a href="/games/${esc(g.id)}">${esc(t("web.watch"))}</a>${record} ${joins}</li>`;
    });
    out.innerHTML = rows.length ? `<ul>${rows.join("")}</ul>` : `<p>${esc(t("web.no_games"))}</p>`;
    out.querySelectorAll(".join").forEach((b) => {
        // The name is asked in the page, beside the seat, not in a browser prompt.
        b.onclick = () => {
            const form = document.createElement("form");
            form.className = "join-name";
            form.innerHTML = `<input name="name" maxlength="40" required placeholder="${esc(t("web.name"))}" aria-label="${esc(t("web.name"))}">` +
                `<button type="submit">${esc(t("web.join", { n: Number(b.dataset.seat) + 1 }))}</button>`;
            b.replaceWith(form);
            form.querySelector("input").focus();
            form.onsubmit = async (e) => {
                e.preventDefault();
                const name = String(new FormData(form).get("name") ?? "").trim();
                try {
                    const joined = await postJson(`/api/games/${b.dataset.game}/seats/${b.dataset.seat}/join`, { name });
                    keepToken(b.dataset.game ?? "", joined.token);
                    location.href = `/games/${b.dataset.game}`;
                }
                catch (err) {
                    const words = err instanceof Refused ? refusal(err.message, err.reason, err.code) : String(err?.message ?? err);
                    form.insertAdjacentHTML("beforeend", ` <span class="message">${esc(words)}</span>`);
                }
            };
        };
    });
}
