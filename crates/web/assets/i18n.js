// The message catalogues shared with the terminal UI (crates/i18n): the shell's own
// words (`/locales/shared/`) and the game's (`/locales/{game}/`), fetched once per
// language; the language comes from the browser and can be switched.
export const LANGS = ["en", "pt-BR", "es"];
let catalogue = {};
let current = "en";
let game = null;
export function browserLang() {
    const saved = localStorage.getItem("tabuleiro.lang");
    if (saved && LANGS.includes(saved))
        return saved;
    const nav = (navigator.language || "en").toLowerCase();
    if (nav.startsWith("pt"))
        return "pt-BR";
    if (nav.startsWith("es"))
        return "es";
    return "en";
}
async function fetchCatalogue(name, lang) {
    const res = await fetch(`/locales/${name}/${lang}.json`);
    return res.ok ? res.json() : {};
}
/** Loads the shared words and, once a game is named, that game's words too. */
export async function load(lang, forGame = game) {
    const layers = await Promise.all(["shared", ...(forGame ? [forGame] : [])].map((n) => fetchCatalogue(n, lang)));
    catalogue = Object.assign({}, ...layers);
    current = lang;
    game = forGame;
    localStorage.setItem("tabuleiro.lang", lang);
    document.documentElement.lang = lang;
}
export function lang() {
    return current;
}
export function has(key) {
    return key in catalogue;
}
/**
 * A text with its `{placeholders}` filled; a missing key shows the key. A placeholder
 * with forms, `{workers|worker|workers}`, writes the number and the word that agrees
 * with it (crates/i18n's `fill` does the same for the terminal).
 */
export function t(key, args = {}) {
    const template = catalogue[key] ?? key;
    return template.replace(/\{(\w+)(?:\|([^|}]*)\|([^|}]*))?\}/g, (whole, name, one, other) => {
        if (!(name in args))
            return whole;
        const value = String(args[name]);
        if (one === undefined)
            return value;
        return `${value} ${value.trim() === "1" ? one : other}`;
    });
}
/**
 * A server's message in words, each argument first put in words by `word` (a game
 * knows that a `tile` argument is the name of one of its tiles).
 */
export function say(m, word = plain) {
    const args = {};
    for (const [name, value] of Object.entries(m.args ?? {}))
        args[name] = word(name, value);
    return t(m.key, args);
}
/**
 * A server's refusal in the reader's words: the engine's reason when it gave one, else
 * the words for its code, else the server's own (English) text. Never a seat number:
 * the catalogue's words name no seat, and `sayIt` names seats as the log does.
 */
export function refusal(message, reason, code, sayIt = (m) => say(m)) {
    if (reason)
        return t("web.refused", { reason: sayIt(reason) });
    if (code && has(`web.error.${code}`))
        return t(`web.error.${code}`);
    return message;
}
function plain(_name, value) {
    return typeof value === "number" || typeof value === "string" ? value : JSON.stringify(value);
}
/** A language switch: a select that reloads the texts and redraws. */
export function languageSwitch(redraw) {
    const select = document.createElement("select");
    select.id = "lang";
    select.setAttribute("aria-label", "language");
    for (const l of LANGS) {
        const o = document.createElement("option");
        o.value = l;
        o.textContent = { en: "English", "pt-BR": "Português (BR)", es: "Español" }[l];
        o.selected = l === current;
        select.append(o);
    }
    select.onchange = async () => {
        await load(select.value);
        redraw();
    };
    return select;
}
