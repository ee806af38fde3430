//! The browser client, served by the same binary as the API: one HTML page for the
//! lobby and the table, the compiled TypeScript (native ES modules, no bundler; see
//! web/ and docs/browser.md), the CSS, the message catalogues and the board geometry.
//! Everything is embedded at build time, so a fresh clone needs no Node to run.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tabuleiro_i18n::{source, Lang};

/// The page (lobby and table both: the script looks at the address).
const INDEX: &str = include_str!("../assets/index.html");

/// The compiled scripts and the stylesheet, by path under `/assets/`: the shell at
/// the top, each game's module under `games/<game>/`.
const ASSETS: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../assets/style.css")),
    ("main.js", JS, include_str!("../assets/main.js")),
    ("api.js", JS, include_str!("../assets/api.js")),
    ("i18n.js", JS, include_str!("../assets/i18n.js")),
    ("lobby.js", JS, include_str!("../assets/lobby.js")),
    ("join.js", JS, include_str!("../assets/join.js")),
    ("account.js", JS, include_str!("../assets/account.js")),
    ("table.js", JS, include_str!("../assets/table.js")),
    ("chat.js", JS, include_str!("../assets/chat.js")),
    ("offers.js", JS, include_str!("../assets/offers.js")),
    ("markup.js", JS, include_str!("../assets/markup.js")),
    ("seats.js", JS, include_str!("../assets/seats.js")),
    ("game.js", JS, include_str!("../assets/game.js")),
    ("clock.js", JS, include_str!("../assets/clock.js")),
    (
        "games/index.js",
        JS,
        include_str!("../assets/games/index.js"),
    ),
    (
        "games/burgundy/index.js",
        JS,
        include_str!("../assets/games/burgundy/index.js"),
    ),
    (
        "games/burgundy/table.js",
        JS,
        include_str!("../assets/games/burgundy/table.js"),
    ),
    (
        "games/burgundy/draw.js",
        JS,
        include_str!("../assets/games/burgundy/draw.js"),
    ),
    (
        "games/burgundy/words.js",
        JS,
        include_str!("../assets/games/burgundy/words.js"),
    ),
    (
        "games/burgundy/lobby.js",
        JS,
        include_str!("../assets/games/burgundy/lobby.js"),
    ),
    (
        "games/burgundy/modules.js",
        JS,
        include_str!("../assets/games/burgundy/modules.js"),
    ),
    (
        "games/burgundy/icons.js",
        JS,
        include_str!("../assets/games/burgundy/icons.js"),
    ),
    (
        "games/burgundy/vineyards.js",
        JS,
        include_str!("../assets/games/burgundy/vineyards.js"),
    ),
    (
        "games/catan/index.js",
        JS,
        include_str!("../assets/games/catan/index.js"),
    ),
    (
        "games/catan/board.js",
        JS,
        include_str!("../assets/games/catan/board.js"),
    ),
    (
        "games/catan/table.js",
        JS,
        include_str!("../assets/games/catan/table.js"),
    ),
    (
        "games/catan/words.js",
        JS,
        include_str!("../assets/games/catan/words.js"),
    ),
    (
        "games/catan/lobby.js",
        JS,
        include_str!("../assets/games/catan/lobby.js"),
    ),
    (
        "games/catan/places.js",
        JS,
        include_str!("../assets/games/catan/places.js"),
    ),
    (
        "games/catan/points.js",
        JS,
        include_str!("../assets/games/catan/points.js"),
    ),
    (
        "games/catan/trade.js",
        JS,
        include_str!("../assets/games/catan/trade.js"),
    ),
    (
        "games/catan/bar.js",
        JS,
        include_str!("../assets/games/catan/bar.js"),
    ),
    (
        "games/viscounts/board.js",
        JS,
        include_str!("../assets/games/viscounts/board.js"),
    ),
    (
        "games/viscounts/index.js",
        JS,
        include_str!("../assets/games/viscounts/index.js"),
    ),
    (
        "games/viscounts/lobby.js",
        JS,
        include_str!("../assets/games/viscounts/lobby.js"),
    ),
    (
        "games/viscounts/table.js",
        JS,
        include_str!("../assets/games/viscounts/table.js"),
    ),
    (
        "games/viscounts/words.js",
        JS,
        include_str!("../assets/games/viscounts/words.js"),
    ),
];

const JS: &str = "text/javascript; charset=utf-8";

/// The routes of the browser client, merged in front of the API's.
pub fn pages() -> Router {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(index))
        .route("/account", get(index))
        .route("/players/{name}", get(index))
        .route("/ratings/{scale}", get(index))
        .route("/assets/{*file}", get(asset))
        .route("/locales/{catalogue}/{lang}", get(locale))
        .route("/api/boards/{game}", get(board))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
}

async fn index() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
        .into_response()
}

async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, _, _)| *name == file) {
        Some((_, mime, body)) => (
            [
                (header::CONTENT_TYPE, *mime),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such asset").into_response(),
    }
}

/// The terminal UI's catalogues, served as they are: `/locales/shared/{lang}.json`
/// (the shell's words) and `/locales/{game}/{lang}.json`; the page merges the two.
async fn locale(Path((catalogue, file)): Path<(String, String)>) -> Response {
    let tag = file.strip_suffix(".json").unwrap_or(&file);
    let Some(lang) = Lang::parse(tag) else {
        return (StatusCode::NOT_FOUND, "no such language").into_response();
    };
    match source(&catalogue, lang) {
        Some(text) => (
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            text,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such catalogue").into_response(),
    }
}

/// A game's static data for its table (`Present::board`, through the registry):
/// Burgundy's duchies with their `verified` marks, central board, neighbours and
/// menu of modules; Catan's geometry, whose ids the offers' keys name; Viscounts'
/// content with its confidence and provisional marks.
async fn board(Path(game): Path<String>) -> Response {
    match tabuleiro_games::board(&game) {
        Ok(board) => axum::Json(board).into_response(),
        Err(e) => (StatusCode::NOT_FOUND, e).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    async fn get_ok(path: &str) -> String {
        let res = pages()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 22)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn every_page_asset_and_catalogue_is_served() {
        assert!(get_ok("/").await.contains("main.js"));
        assert!(get_ok("/games/abc").await.contains("main.js"));
        for (name, _, _) in ASSETS {
            get_ok(&format!("/assets/{name}")).await;
        }
        for lang in ["en", "pt-BR", "es"] {
            let shared: serde_json::Value =
                serde_json::from_str(&get_ok(&format!("/locales/shared/{lang}.json")).await)
                    .unwrap();
            assert!(shared["web.create"].is_string(), "{lang}");
            let game: serde_json::Value =
                serde_json::from_str(&get_ok(&format!("/locales/burgundy/{lang}.json")).await)
                    .unwrap();
            assert!(game["tile.warehouse"].is_string(), "{lang}");
            let catan: serde_json::Value =
                serde_json::from_str(&get_ok(&format!("/locales/catan/{lang}.json")).await)
                    .unwrap();
            assert!(catan["web.catan.board"].is_string(), "{lang}");
        }
        for missing in [
            "/locales/chess/en.json",
            "/locales/shared/fr.json",
            "/assets/games/x.js",
            "/api/boards/chess",
        ] {
            let res = pages()
                .oneshot(Request::get(missing).body(Body::empty()).unwrap())
                .await
                .unwrap();
            assert_eq!(res.status(), StatusCode::NOT_FOUND, "{missing}");
        }
        let boards: serde_json::Value =
            serde_json::from_str(&get_ok("/api/boards/burgundy").await).unwrap();
        assert_eq!(boards["neighbours"].as_array().unwrap().len(), 37);
        assert!(boards["duchies"]["boards"].is_array());
        assert!(boards["menu"]["modules"].is_array());
        let catan: serde_json::Value =
            serde_json::from_str(&get_ok("/api/boards/catan").await).unwrap();
        assert_eq!(catan["hexes"].as_array().unwrap().len(), 19);
        // The costs the tables show are the engine's (data/base.json, cities_and_knights.json).
        assert_eq!(
            catan["costs"]["road"],
            serde_json::json!({"brick": 1, "lumber": 1})
        );
        assert_eq!(
            catan["costs"]["improve"]["science"][2],
            serde_json::json!({"paper": 3})
        );
        let viscounts: serde_json::Value =
            serde_json::from_str(&get_ok("/api/boards/viscounts").await).unwrap();
        assert_eq!(viscounts["board"]["segments"].as_array().unwrap().len(), 5);
        assert!(!viscounts["provisional"].as_array().unwrap().is_empty());
        assert_eq!(catan["vertices"].as_array().unwrap().len(), 54);
        let corners = catan["vertex_hexes"].as_array().unwrap();
        assert_eq!(corners.len(), 54);
        // Every intersection touches one to three land hexes.
        assert!(corners
            .iter()
            .all(|c| (1..=3).contains(&c.as_array().unwrap().len())));
    }

    /// Every script the page imports is one the server serves, and every script
    /// tsc made is served (a new module must be listed in `ASSETS`).
    #[test]
    fn imports_are_served() {
        for (name, _, body) in ASSETS {
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let Some(spec) = line.split(['"', '\'']).nth(1) else {
                    panic!("{name}: {line}")
                };
                let file = resolve(name, spec);
                assert!(ASSETS.iter().any(|(n, _, _)| *n == file), "{name}: {file}");
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        for file in files(&dir) {
            let name = file
                .strip_prefix(&dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if name.ends_with(".js") {
                assert!(
                    ASSETS.iter().any(|(n, _, _)| *n == name),
                    "{name} is not served"
                );
            }
        }
    }

    /// `spec` (`./x.js`, `../../x.js`) as seen from the asset `from`.
    fn resolve(from: &str, spec: &str) -> String {
        let mut parts: Vec<&str> = from.split('/').collect();
        parts.pop();
        for part in spec.split('/') {
            match part {
                "." => {}
                ".." => {
                    parts.pop();
                }
                p => parts.push(p),
            }
        }
        parts.join("/")
    }

    fn files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                out.extend(files(&path));
            } else {
                out.push(path);
            }
        }
        out
    }
}
