//! The browser's types (web/src/types/*.d.ts) are the Rust types the server sends,
//! as ts-rs declares them: each game's view and events, the server's own events,
//! and the core's messages, offers and standings, with every type they hold. This
//! test renders them and fails when the committed files differ, so that a Rust type
//! cannot change without the browser's code being checked against its new shape;
//! run with `TABULEIRO_BLESS=1` it writes them instead.
//!
//! They are declaration files (`.d.ts`): tsc checks the code that uses them and
//! emits nothing for them, so the page has no empty module to serve.

use std::any::{type_name, TypeId};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use tabuleiro_burgundy::config::RuleOptions;
use tabuleiro_burgundy::Burgundy;
use tabuleiro_catan::Catan;
use tabuleiro_core::{Game, Message, Offer, Standing};
use tabuleiro_server::live::ServerEvent;
use tabuleiro_viscounts::Viscounts;
use ts_rs::{Config, TypeVisitor, TS};

const REGENERATE: &str = "TABULEIRO_BLESS=1 cargo test --release -p tabuleiro-web --test ts_types";

/// Every type the browser reads, each with all it holds (found by ts-rs).
fn roots(found: &mut Found) {
    found.visit::<Message>();
    found.visit::<Offer>();
    found.visit::<Standing>();
    found.visit::<ServerEvent>();
    game::<Catan>(found);
    game::<Viscounts>(found);
    game::<Burgundy>(found);
    // Its config writes the readings as `Partial<RuleOptions>` (those at the
    // edition's defaults left out), which ts-rs cannot follow to declare the parts.
    found.visit::<RuleOptions>();
}

fn game<G: Game>(found: &mut Found)
where
    G::View: TS,
    G::Event: TS,
{
    found.visit::<G::View>();
    found.visit::<G::Event>();
}

/// One declared type: the file it goes to, its name, its text (doc comment and
/// `export type`), and the declared types it names.
struct Declared {
    file: String,
    name: String,
    text: String,
    names: Vec<TypeId>,
}

/// The declared types met so far. The order ts-rs meets them in differs from one
/// build of the derives to the next: the files list them by name.
struct Found {
    cfg: Config,
    types: Vec<(TypeId, Declared)>,
}

impl TypeVisitor for Found {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Numbers, strings, arrays, tuples and maps are written in place.
        if T::output_path().is_none() || self.types.iter().any(|(id, _)| *id == TypeId::of::<T>()) {
            return;
        }
        let declared = Declared {
            file: file_of(type_name::<T>()),
            name: T::ident(&self.cfg),
            text: indented(&format!(
                "{}export {}",
                T::docs().unwrap_or_default(),
                T::decl(&self.cfg)
            )),
            names: (T::dependencies(&self.cfg).iter())
                .map(|d| d.type_id)
                .collect(),
        };
        self.types.push((TypeId::of::<T>(), declared));
        T::visit_dependencies(self);
    }
}

/// A declaration with each line that ts-rs starts (the doc comment of a field)
/// indented by the depth of braces it lies in, so that a field's doc reads as its.
fn indented(declaration: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let mut comment = false;
    let mut quote = None;
    let mut last = ' ';
    for c in declaration.chars() {
        match (comment, quote, c) {
            (true, _, '/') if last == '*' => comment = false,
            (true, _, _) => {}
            (false, Some(q), _) if c == q && last != '\\' => quote = None,
            (false, Some(_), _) => {}
            (false, None, '*') if last == '/' => comment = true,
            (false, None, '"' | '`') => quote = Some(c),
            (false, None, '{') => depth += 1,
            (false, None, '}') => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c == '\n' {
            out.truncate(out.trim_end_matches(' ').len());
            out.push('\n');
            out.extend(std::iter::repeat_n("  ", depth));
        } else {
            out.push(c);
        }
        last = c;
    }
    out
}

/// The file of a Rust type: its crate's (`tabuleiro_catan::view::View`: catan.d.ts);
/// a JSON value (the arguments of a message, which ts-rs declares as its own
/// `JsonValue`) goes with the core's.
fn file_of(rust: &str) -> String {
    let krate = rust.split("::").next().unwrap_or_default();
    match krate.strip_prefix("tabuleiro_") {
        Some(name) => name.to_string(),
        None if ["serde_json", "ts_rs"].contains(&krate) => "core".to_string(),
        None => panic!("{rust}: no file for the types of {krate}"),
    }
}

const HEADER: &str =
    "// Generated from the Rust types by crates/web/tests/ts_types.rs: do not edit.\n";

/// One file: the types it imports, by the file they come from, and those it declares.
#[derive(Default)]
struct File<'a> {
    imports: BTreeMap<String, BTreeSet<String>>,
    declared: Vec<&'a Declared>,
}

impl File<'_> {
    fn text(&self, name: &str) -> String {
        let mut names = BTreeSet::new();
        let imported = self.imports.values().flatten();
        for n in imported.chain(self.declared.iter().map(|d| &d.name)) {
            assert!(names.insert(n), "{name}.d.ts: two types named {n}");
        }
        let mut text = format!("{HEADER}// After changing them: {REGENERATE}\n\n");
        for (from, names) in &self.imports {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            text += &format!(
                "import type {{ {} }} from \"./{from}.js\";\n",
                names.join(", ")
            );
        }
        if !self.imports.is_empty() {
            text += "\n";
        }
        for declared in &self.declared {
            text += &declared.text;
            text += "\n\n";
        }
        text.trim_end().to_string() + "\n"
    }
}

/// Each file's text, by file name.
fn render() -> BTreeMap<String, String> {
    let mut found = Found {
        // JSON numbers reach the browser as numbers, whatever their width in Rust.
        cfg: Config::new().with_large_int("number"),
        types: Vec::new(),
    };
    roots(&mut found);
    let by_id: HashMap<TypeId, &Declared> = found.types.iter().map(|(id, d)| (*id, d)).collect();
    let mut files: BTreeMap<String, File> = BTreeMap::new();
    for (_, declared) in &found.types {
        let file = files.entry(declared.file.clone()).or_default();
        // Two Rust types that ts-rs declares alike (a JSON value and ts-rs's own
        // stand-in for it) are one declaration.
        if let Some(twin) = file.declared.iter().find(|d| d.name == declared.name) {
            assert_eq!(
                twin.text, declared.text,
                "{}.d.ts: two types named {}",
                declared.file, declared.name
            );
            continue;
        }
        for used in declared.names.iter().map(|id| by_id[id]) {
            if used.file != declared.file {
                (file.imports.entry(used.file.clone()).or_default()).insert(used.name.clone());
            }
        }
        file.declared.push(declared);
    }
    for file in files.values_mut() {
        file.declared.sort_by(|a, b| a.name.cmp(&b.name));
    }
    files
        .iter()
        .map(|(name, file)| (format!("{name}.d.ts"), file.text(name)))
        .collect()
}

fn types_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/src/types")
}

#[test]
fn browser_types_are_the_rust_types() {
    let dir = types_dir();
    let files = render();
    let bless = std::env::var_os("TABULEIRO_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, text) in &files {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(name.clone());
            if bless {
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(&path, text).unwrap();
            }
        }
    }
    // A file this test no longer writes (a type moved to another crate) is stale too.
    for entry in std::fs::read_dir(&dir).into_iter().flatten() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if !files.contains_key(&name)
            && std::fs::read_to_string(entry.path()).is_ok_and(|t| t.starts_with(HEADER))
        {
            stale.push(name);
            if bless {
                std::fs::remove_file(entry.path()).unwrap();
            }
        }
    }
    assert!(
        bless || stale.is_empty(),
        "web/src/types/ is stale ({}): the Rust types changed. Regenerate with\n  {REGENERATE}\nthen recompile the browser's code (cd web && npx tsc -p .) and fix what it finds.",
        stale.join(", ")
    );
}
