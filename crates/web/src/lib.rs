//! The browser client, served by the same binary as the API: one HTML page for the
//! lobby and the table, the compiled TypeScript (native ES modules, no bundler; see
//! web/ and the README), the CSS, the message catalogues and the board geometry.
//! Everything is embedded at build time, so a fresh clone needs no Node to run.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tabuleiro_burgundy::content::{neighbours, BOARD_JSON, DUCHIES_JSON};
use tabuleiro_i18n::{burgundy_source, Lang};

/// The page (lobby and table both: the script looks at the address).
const INDEX: &str = include_str!("../assets/index.html");

/// The compiled scripts and the stylesheet, by file name.
const ASSETS: &[(&str, &str, &str)] = &[
    ("style.css", "text/css", include_str!("../assets/style.css")),
    ("main.js", JS, include_str!("../assets/main.js")),
    ("api.js", JS, include_str!("../assets/api.js")),
    ("i18n.js", JS, include_str!("../assets/i18n.js")),
    ("lobby.js", JS, include_str!("../assets/lobby.js")),
    ("table.js", JS, include_str!("../assets/table.js")),
    ("draw.js", JS, include_str!("../assets/draw.js")),
    ("moves.js", JS, include_str!("../assets/moves.js")),
    ("words.js", JS, include_str!("../assets/words.js")),
];

const JS: &str = "text/javascript; charset=utf-8";

/// The routes of the browser client, merged in front of the API's.
pub fn pages() -> Router {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(index))
        .route("/assets/{file}", get(asset))
        .route("/locales/burgundy/{lang}", get(locale))
        .route("/api/boards/burgundy", get(boards))
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

/// The terminal UI's catalogues, served as they are (`{lang}.json`).
async fn locale(Path(file): Path<String>) -> Response {
    let tag = file.strip_suffix(".json").unwrap_or(&file);
    match Lang::parse(tag) {
        Some(lang) => (
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            burgundy_source(lang),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such language").into_response(),
    }
}

/// The engine's own board data (duchies with their `verified` flags, the central
/// board, the neighbours of each space), so the page draws what the rules use.
async fn boards() -> Response {
    let body = format!(
        r#"{{"duchies":{DUCHIES_JSON},"central_board":{BOARD_JSON},"neighbours":{}}}"#,
        serde_json::to_string(neighbours().as_slice()).unwrap_or_else(|_| "[]".into())
    );
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
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
            let v: serde_json::Value =
                serde_json::from_str(&get_ok(&format!("/locales/burgundy/{lang}.json")).await)
                    .unwrap();
            assert!(v["web.create"].is_string(), "{lang}");
        }
        let boards: serde_json::Value =
            serde_json::from_str(&get_ok("/api/boards/burgundy").await).unwrap();
        assert_eq!(boards["neighbours"].as_array().unwrap().len(), 37);
        assert!(boards["duchies"]["boards"].is_array());
    }

    /// Every script the page imports is one the server serves.
    #[test]
    fn imports_are_served() {
        for (_, _, body) in ASSETS {
            for line in body.lines().filter(|l| l.starts_with("import ")) {
                let file = line
                    .rsplit("./")
                    .next()
                    .unwrap()
                    .trim_end_matches(['"', '\'', ';']);
                assert!(ASSETS.iter().any(|(n, _, _)| *n == file), "{file}");
            }
        }
    }
}
