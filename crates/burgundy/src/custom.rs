//! Corrected content from a file (issue 15): a person who owns the game gives the
//! data files that replace the embedded ones, as one JSON document naming them
//! (`{"duchies.json": {...}, "tiles.json": {...}}`, any subset; the rest stay
//! embedded). Each is read by the very parser that reads the embedded file, so it is
//! validated exactly like it. The engine does no I/O: the CLI and the server read the
//! file and hand its text in. A game carries its content in its config, so records,
//! position files and views rebuild it; every table marks it "custom content".

use crate::content::{Content, ContentError, DataFiles};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::sync::Arc;

/// The name the errors give a content file as a whole.
pub const CONTENT_FILE: &str = "content file";

/// The data files a content file may replace: every one whose content was read from
/// a picture or reconstructed. The shields and the knowledge tiles, whose every
/// effect the seeds' text gives, keep their embedded data.
pub const REPLACEABLE: [&str; 8] = DataFiles::NAMES;

/// The content a game plays with: the embedded data, or a content file's. The
/// embedded case is a `&'static` (the common path stays as cheap as before); a
/// custom one is shared by the game's clones.
#[derive(Clone, Debug, Default)]
pub struct GameContent(Option<Arc<Custom>>);

#[derive(Debug)]
struct Custom {
    /// The content file as given (its data files by name), kept for the record.
    file: Map<String, Value>,
    content: Content,
}

fn bad(message: String) -> ContentError {
    ContentError {
        file: CONTENT_FILE,
        message,
    }
}

impl GameContent {
    /// The content of a content file's text, validated.
    pub fn from_text(text: &str) -> Result<GameContent, ContentError> {
        let value: Value = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
        GameContent::from_value(value)
    }

    /// The content of a content file already read as JSON, validated.
    pub fn from_value(value: Value) -> Result<GameContent, ContentError> {
        let Value::Object(file) = value else {
            return Err(bad(
                "a JSON object naming the data files it replaces, e.g. {\"duchies.json\": {...}}"
                    .into(),
            ));
        };
        if file.is_empty() {
            return Err(bad(format!(
                "it names no data file (it may replace {})",
                REPLACEABLE.join(", ")
            )));
        }
        if let Some(other) = file.keys().find(|k| !REPLACEABLE.contains(&k.as_str())) {
            return Err(bad(format!(
                "{other:?} is not a data file it may replace ({})",
                REPLACEABLE.join(", ")
            )));
        }
        let texts: Vec<(&str, String)> = file
            .iter()
            .map(|(k, v)| (k.as_str(), v.to_string()))
            .collect();
        let mut files = DataFiles::EMBEDDED;
        for (name, slot) in files.by_name() {
            if let Some((_, text)) = texts.iter().find(|(k, _)| *k == name) {
                *slot = text;
            }
        }
        let content = Content::from_files(&files)?;
        Ok(GameContent(Some(Arc::new(Custom { file, content }))))
    }

    /// The content the rules read.
    #[inline]
    pub fn get(&self) -> &Content {
        match &self.0 {
            None => Content::embedded(),
            Some(c) => &c.content,
        }
    }

    /// Is this the embedded content (no content file)?
    #[inline]
    pub fn is_embedded(&self) -> bool {
        self.0.is_none()
    }

    /// The data files the content file replaces, in name order (none: embedded).
    pub fn replaced(&self) -> Vec<&str> {
        self.0
            .as_ref()
            .map_or_else(Vec::new, |c| c.file.keys().map(String::as_str).collect())
    }
}

impl PartialEq for GameContent {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b) || a.file == b.file,
            _ => false,
        }
    }
}

impl Eq for GameContent {}

/// Written as the content file itself (null: the embedded content).
impl Serialize for GameContent {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            None => s.serialize_none(),
            Some(c) => c.file.serialize(s),
        }
    }
}

/// Read back and validated again: a record or position file rebuilds its content.
/// A string is a content file's text (as an upload sends it), read the same way.
impl<'de> Deserialize<'de> for GameContent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let content = match Option::<Value>::deserialize(d)? {
            None => return Ok(GameContent::default()),
            Some(Value::String(text)) => GameContent::from_text(&text),
            Some(v) => GameContent::from_value(v),
        };
        content.map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_content_file_replaces_only_the_files_it_names() {
        let duchies: Value = serde_json::from_str(crate::content::DUCHIES_JSON).unwrap();
        let mut file = Map::new();
        file.insert("duchies.json".into(), duchies);
        let c = GameContent::from_value(Value::Object(file)).unwrap();
        assert!(!c.is_embedded());
        assert_eq!(c.replaced(), vec!["duchies.json"]);
        assert_eq!(c.get().duchies.len(), Content::embedded().duchies.len());
        assert_eq!(c.get().coloured, Content::embedded().coloured);
    }

    #[test]
    fn bad_content_files_are_refused_with_their_reason() {
        let e = GameContent::from_text("[1]").unwrap_err();
        assert_eq!(e.file, CONTENT_FILE);
        let e = GameContent::from_text("{}").unwrap_err();
        assert!(e.message.contains("names no data file"), "{e}");
        let e = GameContent::from_text(r#"{"shields.json": {}}"#).unwrap_err();
        assert!(
            e.message.contains("\"shields.json\" is not a data file"),
            "{e}"
        );
        let e = GameContent::from_text(r#"{"knowledge.json": {}}"#).unwrap_err();
        assert!(
            e.message.contains("\"knowledge.json\" is not a data file"),
            "{e}"
        );
        let e = GameContent::from_text("{").unwrap_err();
        assert_eq!(e.file, CONTENT_FILE);
        // A data file's own error names the file and the item, as the embedded would.
        let e = GameContent::from_text(r#"{"central_board.json": {"sides": [{"id": "a", "verified": true, "confidence": "x", "depots": []}]}}"#).unwrap_err();
        assert_eq!(
            e.to_string(),
            "central_board.json: side a: 0 depots, expected 6"
        );
    }

    /// A content file replacing one data file with the embedded text edited.
    fn edited(name: &str, edit: impl Fn(&mut Value)) -> Result<GameContent, ContentError> {
        let mut files = DataFiles::EMBEDDED;
        let text = files
            .by_name()
            .into_iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1;
        let mut data: Value = serde_json::from_str(text).unwrap();
        edit(&mut data);
        let mut file = Map::new();
        file.insert(name.into(), data);
        GameContent::from_value(Value::Object(file))
    }

    #[test]
    fn every_data_file_read_from_a_picture_or_reconstructed_may_be_replaced() {
        for name in REPLACEABLE {
            let c = edited(name, |_| {}).unwrap();
            assert_eq!(c.replaced(), vec![name]);
        }
        // The modules' files: the game reads the file's, not the embedded.
        let c = edited("auto_duke.json", |d| d["cards"][0]["vp"][0] = 99.into()).unwrap();
        assert_eq!(c.get().auto_duke.card(1).unwrap().vp[0], 99);
        let c = edited("trade_routes.json", |d| {
            d["tiles"][3]["verified"] = true.into()
        })
        .unwrap();
        assert!(c.get().trade_routes.tile(4).unwrap().verified);
        let c = edited("vineyards.json", |d| {
            d["board"]["spaces"][1]["die"] = 5.into()
        })
        .unwrap();
        assert_eq!(c.get().vineyard.space(2).unwrap().die, 5);
        let c = edited("team_duchies.json", |d| d["boards"][0]["name"] = "X".into()).unwrap();
        assert_eq!(c.get().team_boards[0].name, "X");
        assert!(Content::embedded().auto_duke.card(1).unwrap().vp[0] < 99);
    }

    #[test]
    fn a_bad_module_data_file_is_refused_naming_the_file_and_the_item() {
        let e = |name: &str, edit: fn(&mut Value)| edited(name, edit).unwrap_err().to_string();
        assert_eq!(
            e("auto_duke.json", |d| d["cards"][1]["number"] = 7.into()),
            "auto_duke.json: card 7 is listed in place 2"
        );
        assert_eq!(
            e("trade_routes.json", |d| d["tiles"][0]["spaces"]
                .as_array_mut()
                .unwrap()
                .truncate(1)),
            "trade_routes.json: tile 1 has 1 spaces"
        );
        assert_eq!(
            e("vineyards.json", |d| d["board"]["spaces"][0]["die"] =
                7.into()),
            "vineyards.json: space 1: a die number 1-6 and a terrace from 1"
        );
        assert_eq!(
            e("vineyards.json", |d| d["board"]["spaces"][0]["cells"][1] =
                serde_json::json!([5, 5])),
            "vineyards.json: space 1: its two hexes do not share a side"
        );
        assert_eq!(
            e("vineyards.json", |d| d["board"]["spaces"][1]["cells"] =
                serde_json::json!([[0, 0], [1, 0]])),
            "vineyards.json: space 2: a hex another space covers"
        );
        assert_eq!(
            e("vineyards.json", |d| d["board"]["spaces"][8]["cells"] =
                serde_json::json!([[20, 20], [21, 20]])),
            "vineyards.json: space 9 cannot be reached from terrace 1 through spaces sharing a side"
        );
        assert!(e("vineyards.json", |d| d["board"] = Value::Null).starts_with("vineyards.json: "));
        assert!(e("team_duchies.json", |d| d["boards"][0]["halves"][0][0] =
            "X6 B5 B4 B3".into())
        .starts_with("team_duchies.json: "));
    }

    #[test]
    fn the_content_goes_through_serde_unchanged() {
        let c = GameContent::from_text(r#"{"tiles.json": {"tiles": []}}"#);
        assert_eq!(
            c.unwrap_err().to_string(),
            "tiles.json: 0 hex tiles, expected 164"
        );
        let text = format!(r#"{{"tiles.json": {}}}"#, crate::content::TILES_JSON);
        let c = GameContent::from_text(&text).unwrap();
        let back: GameContent = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
        assert_eq!(back.replaced(), vec!["tiles.json"]);
        let none: GameContent = serde_json::from_str("null").unwrap();
        assert!(none.is_embedded());
        // A content file's text as a string reads as the file itself.
        let as_text: GameContent = serde_json::from_value(Value::String(text)).unwrap();
        assert_eq!(as_text, c);
    }
}
