//! Message catalogues for the interfaces (terminal and browser): plain JSON files,
//! one flat object of key to text with `{name}` placeholders, in two layers: the
//! shells' own words shared by every game (`locales/shared/<lang>.json`: lobby, seats,
//! undo, log, errors) and each game's words (`locales/<game>/<lang>.json`: its pieces,
//! events, decisions and refusals). A game's catalogue is the two merged; a key is
//! in one layer only. The Portuguese and Spanish texts use the rulebooks' own
//! terms (seed 000 for pt-BR, seed 002 for es: "ducado", "depósito paralelo" /
//! "almacén negro", "espaços chave" / "casillas de llave", "rodada" / "ronda").
//!
//! The files are embedded at build time, so nothing is read at run time.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    #[default]
    En,
    PtBr,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::PtBr, Lang::Es];

    /// The tag as written on the command line and in file names.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::PtBr => "pt-BR",
            Lang::Es => "es",
        }
    }

    /// Parses a tag as `--lang` takes it ("en", "pt-BR", "es"; case and `_` are forgiven).
    pub fn parse(tag: &str) -> Option<Lang> {
        match tag.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "en" => Some(Lang::En),
            "pt-br" | "pt" => Some(Lang::PtBr),
            "es" => Some(Lang::Es),
            _ => None,
        }
    }

    /// The language a POSIX locale names ("pt_BR.UTF-8" -> pt-BR, "es_AR" -> es);
    /// English for anything else.
    pub fn from_locale(locale: &str) -> Lang {
        let l = locale.to_ascii_lowercase();
        if l.starts_with("pt") {
            Lang::PtBr
        } else if l.starts_with("es") {
            Lang::Es
        } else {
            Lang::En
        }
    }

    /// The language of the environment: the first set of LC_ALL, LC_MESSAGES, LANG.
    pub fn from_env() -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty())
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// The games that have a catalogue of their own, besides the shared one.
pub const GAMES: &[&str] = &["burgundy", "catan", "viscounts"];

/// The raw file of a catalogue (`"shared"` or a game of [`GAMES`]) in `lang`.
pub fn source(catalogue: &str, lang: Lang) -> Option<&'static str> {
    match catalogue {
        "shared" => Some(shared_source(lang)),
        "burgundy" => Some(burgundy_source(lang)),
        "catan" => Some(catan_source(lang)),
        "viscounts" => Some(viscounts_source(lang)),
        _ => None,
    }
}

/// The shells' words, the same for every game.
pub fn shared_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/shared/en.json"),
        Lang::PtBr => include_str!("../locales/shared/pt-BR.json"),
        Lang::Es => include_str!("../locales/shared/es.json"),
    }
}

/// The raw catalogue files of The Castles of Burgundy, by language.
pub fn burgundy_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/burgundy/en.json"),
        Lang::PtBr => include_str!("../locales/burgundy/pt-BR.json"),
        Lang::Es => include_str!("../locales/burgundy/es.json"),
    }
}

/// The raw catalogue files of Catan, by language (pt-BR with seed 004's words).
pub fn catan_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/catan/en.json"),
        Lang::PtBr => include_str!("../locales/catan/pt-BR.json"),
        Lang::Es => include_str!("../locales/catan/es.json"),
    }
}

/// The raw catalogue files of Viscounts of the West Kingdom, by language (pt-BR with
/// seed 003's words; the Spanish words are our own, not checked against that edition).
pub fn viscounts_source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/viscounts/en.json"),
        Lang::PtBr => include_str!("../locales/viscounts/pt-BR.json"),
        Lang::Es => include_str!("../locales/viscounts/es.json"),
    }
}

/// The messages of one language: the shared words and one game's.
#[derive(Debug)]
pub struct Catalog {
    lang: Lang,
    messages: HashMap<String, String>,
}

impl Catalog {
    /// The Burgundy catalogue of `lang` (shared words included).
    pub fn get(lang: Lang) -> &'static Catalog {
        Catalog::for_game("burgundy", lang).unwrap_or_else(|| Catalog::shared(lang))
    }

    /// The catalogue of `game` in `lang`, shared words included; `None` for a game
    /// without a catalogue.
    pub fn for_game(game: &str, lang: Lang) -> Option<&'static Catalog> {
        static CATALOGS: OnceLock<Vec<[Catalog; 3]>> = OnceLock::new();
        let all = CATALOGS.get_or_init(|| {
            GAMES
                .iter()
                .map(|g| Lang::ALL.map(|l| Catalog::load(&["shared", g], l)))
                .collect()
        });
        let g = GAMES.iter().position(|&g| g == game)?;
        Some(&all[g][lang_index(lang)])
    }

    /// The shared words alone (for a shell page that shows no game).
    pub fn shared(lang: Lang) -> &'static Catalog {
        static CATALOGS: OnceLock<[Catalog; 3]> = OnceLock::new();
        let all = CATALOGS.get_or_init(|| Lang::ALL.map(|l| Catalog::load(&["shared"], l)));
        &all[lang_index(lang)]
    }

    /// The embedded files are checked by the tests, so a parse failure here is a
    /// build defect; it yields missing keys (every text then shows its key) rather
    /// than a panic.
    fn load(layers: &[&str], lang: Lang) -> Catalog {
        let mut messages = HashMap::new();
        for layer in layers {
            let text = source(layer, lang).unwrap_or("{}");
            let part: HashMap<String, String> = serde_json::from_str(text).unwrap_or_default();
            messages.extend(part);
        }
        Catalog { lang, messages }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn has(&self, key: &str) -> bool {
        self.messages.contains_key(key)
    }

    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.messages.keys().map(String::as_str)
    }

    /// The text of `key` with its `{name}` placeholders filled from `args`. A missing
    /// key shows as the key itself, so a gap is visible and never fatal.
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        let Some(template) = self.messages.get(key) else {
            return key.to_string();
        };
        fill(template, args)
    }
}

fn lang_index(lang: Lang) -> usize {
    Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)
}

/// Replaces each `{name}` in `template` with its value from `args`; unknown
/// placeholders stay as written. A placeholder with forms, `{name|one|other}`, writes
/// the value and the word that agrees with it: `{workers|worker|workers}` gives
/// "1 worker", "3 workers" (the `one` form for exactly 1, as English, Portuguese and
/// Spanish count).
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let inner = &after[..close];
                let mut parts = inner.split('|');
                let name = parts.next().unwrap_or("");
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => {
                        out.push_str(v);
                        if let (Some(one), Some(other)) = (parts.next(), parts.next()) {
                            out.push(' ');
                            out.push_str(if v.trim() == "1" { one } else { other });
                        }
                    }
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholder names of a template (forms left out), sorted.
pub fn placeholders(template: &str) -> Vec<String> {
    let mut names: Vec<String> = template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}'))
        .map(|(inner, _)| inner.split('|').next().unwrap_or("").to_string())
        .collect();
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(catalogue: &str, lang: Lang) -> HashMap<String, String> {
        serde_json::from_str(source(catalogue, lang).unwrap()).unwrap_or_else(|e| {
            panic!("{catalogue}/{lang}.json is not a flat JSON object of strings: {e}")
        })
    }

    #[test]
    fn every_key_is_in_every_language_with_the_same_placeholders() {
        for catalogue in std::iter::once("shared").chain(GAMES.iter().copied()) {
            complete(catalogue);
        }
    }

    /// A key lives in one layer: a game's word never hides a shared one.
    #[test]
    fn no_key_is_both_shared_and_a_games() {
        let shared = parsed("shared", Lang::En);
        assert!(shared.len() > 40, "shared has {} keys", shared.len());
        for game in GAMES {
            let words = parsed(game, Lang::En);
            assert!(words.len() > 100, "{game} has {} keys", words.len());
            for key in words.keys() {
                assert!(
                    !shared.contains_key(key),
                    "{game} and shared both have {key:?}"
                );
            }
            let merged = Catalog::for_game(game, Lang::En).unwrap();
            assert_eq!(merged.keys().count(), shared.len() + words.len());
        }
        assert!(Catalog::for_game("no-such-game", Lang::En).is_none());
        assert!(source("no-such-game", Lang::En).is_none());
    }

    fn complete(catalogue: &str) {
        let en = parsed(catalogue, Lang::En);
        for lang in [Lang::PtBr, Lang::Es] {
            let other = parsed(catalogue, lang);
            for (key, text) in &en {
                let t = other
                    .get(key)
                    .unwrap_or_else(|| panic!("{catalogue}/{lang} lacks {key:?}"));
                assert_eq!(
                    placeholders(t),
                    placeholders(text),
                    "{catalogue}/{lang} {key:?}: placeholders differ"
                );
                assert!(!t.trim().is_empty(), "{catalogue}/{lang} {key:?} is empty");
            }
            for key in other.keys() {
                assert!(
                    en.contains_key(key),
                    "{catalogue}/{lang} has {key:?}, English lacks it"
                );
            }
        }
    }

    #[test]
    fn texts_are_filled_and_gaps_show_the_key() {
        let pt = Catalog::get(Lang::PtBr);
        assert_eq!(
            pt.text("header.phase_round", &[("phase", "A"), ("round", "1")]),
            "Fase A · Rodada 1"
        );
        let es = Catalog::get(Lang::Es);
        assert_eq!(
            es.text("header.phase_round", &[("phase", "B"), ("round", "3")]),
            "Fase B · Ronda 3"
        );
        assert_eq!(es.text("no.such.key", &[]), "no.such.key");
        // Shared words come with the game's.
        assert_eq!(pt.text("ui.player", &[("n", "2")]), "Jogador 2");
        assert_eq!(
            Catalog::shared(Lang::Es).text("web.undo", &[]),
            es.text("web.undo", &[])
        );
        assert_eq!(fill("{a} and {b}", &[("a", "1")]), "1 and {b}");
        assert_eq!(fill("open { brace", &[]), "open { brace");
    }

    #[test]
    fn counted_words_agree_with_their_number() {
        let t = "gains {silver|silver|silver} and {workers|worker|workers}";
        assert_eq!(
            fill(t, &[("silver", "1"), ("workers", "1")]),
            "gains 1 silver and 1 worker"
        );
        assert_eq!(
            fill(t, &[("silver", "2"), ("workers", "0")]),
            "gains 2 silver and 0 workers"
        );
        assert_eq!(
            fill("ganha {silver|prata|pratas}", &[("silver", "1")]),
            "ganha 1 prata"
        );
        assert_eq!(placeholders(t), ["silver", "workers"]);
    }

    /// With every placeholder at 1, no line says "1 workers", "1 pratas" (issue 16) or
    /// "Hand: 1 cards" (issue 43):
    /// a counted word agrees with its number through a form, `{silver|prata|pratas}`.
    #[test]
    fn no_line_says_one_with_a_plural() {
        let plurals: [(Lang, &[&str]); 3] = [
            (Lang::En, &["workers", "goods tiles", "cards"]),
            (
                Lang::PtBr,
                &["pratas", "trabalhadores", "mercadorias", "cartas"],
            ),
            (
                Lang::Es,
                &["platas", "trabajadores", "mercancías", "cartas"],
            ),
        ];
        for catalogue in std::iter::once("shared").chain(GAMES.iter().copied()) {
            for (lang, words) in plurals {
                for (key, text) in parsed(catalogue, lang) {
                    let names = placeholders(&text);
                    let ones: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "1")).collect();
                    let filled = fill(&text, &ones);
                    for word in words {
                        assert!(
                            !filled.contains(&format!("1 {word}")),
                            "{catalogue}/{lang} {key}: {filled:?}"
                        );
                    }
                }
            }
        }
    }

    /// A key written twice in one file silently loses its first text: refuse it.
    #[test]
    fn no_catalogue_file_names_a_key_twice() {
        struct Keys(Vec<String>);
        impl<'de> serde::Deserialize<'de> for Keys {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                struct V;
                impl<'de> serde::de::Visitor<'de> for V {
                    type Value = Keys;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a flat object of strings")
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(
                        self,
                        mut map: A,
                    ) -> Result<Keys, A::Error> {
                        let mut keys = Vec::new();
                        while let Some((k, _)) = map.next_entry::<String, String>()? {
                            keys.push(k);
                        }
                        Ok(Keys(keys))
                    }
                }
                d.deserialize_map(V)
            }
        }
        for catalogue in std::iter::once("shared").chain(GAMES.iter().copied()) {
            for lang in Lang::ALL {
                let Keys(mut keys) =
                    serde_json::from_str(source(catalogue, lang).unwrap()).unwrap();
                let n = keys.len();
                keys.sort();
                keys.dedup();
                assert_eq!(keys.len(), n, "{catalogue}/{lang} names a key twice");
            }
        }
    }

    #[test]
    fn languages_come_from_tags_and_locales() {
        assert_eq!(Lang::parse("pt-BR"), Some(Lang::PtBr));
        assert_eq!(Lang::parse("pt_br"), Some(Lang::PtBr));
        assert_eq!(Lang::parse("es"), Some(Lang::Es));
        assert_eq!(Lang::parse("fr"), None);
        assert_eq!(Lang::from_locale("pt_BR.UTF-8"), Lang::PtBr);
        assert_eq!(Lang::from_locale("es_AR.UTF-8"), Lang::Es);
        assert_eq!(Lang::from_locale("C.UTF-8"), Lang::En);
        for l in Lang::ALL {
            assert_eq!(Lang::parse(l.code()), Some(l));
        }
    }

    #[test]
    fn the_rulebooks_terms_are_used() {
        let pt = Catalog::get(Lang::PtBr);
        assert_eq!(pt.text("ui.black_depot", &[]), "Depósito paralelo");
        assert_eq!(pt.text("tile.warehouse", &[]), "loja");
        let es = Catalog::get(Lang::Es);
        assert_eq!(es.text("ui.black_depot", &[]), "Almacén negro");
        assert_eq!(es.text("tile.boarding-house", &[]), "pensión");
        let pt = Catalog::for_game("viscounts", Lang::PtBr).unwrap();
        assert_eq!(pt.text("building.trading_post", &[]), "Feitoria");
        assert_eq!(pt.text("main.place_workers", &[]), "Alocar Trabalhadores");
        let es = Catalog::for_game("viscounts", Lang::Es).unwrap();
        assert_eq!(es.text("item.deed", &[]), "Escritura");
    }
}
