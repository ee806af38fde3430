// The message catalogues shared with the terminal UI (crates/i18n), fetched once per
// language; the language comes from the browser and can be switched.
export const LANGS = ["en", "pt-BR", "es"];
let catalogue = {};
let current = "en";
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
export async function load(lang) {
    const res = await fetch(`/locales/burgundy/${lang}.json`);
    catalogue = await res.json();
    current = lang;
    localStorage.setItem("tabuleiro.lang", lang);
    document.documentElement.lang = lang;
}
export function lang() {
    return current;
}
/** A text with its `{placeholders}` filled; a missing key shows the key. */
export function t(key, args = {}) {
    const template = catalogue[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name) => name in args ? String(args[name]) : whole);
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
