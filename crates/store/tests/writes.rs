//! The write path under concurrency: many tasks appending at once (the server's
//! shape: one writer per game, many games) all get their entries stored, in order,
//! durable across a reopen; and of several appends computed from one version
//! exactly one is stored. SQLite always; PostgreSQL when `TABULEIRO_TEST_POSTGRES`
//! names one (always in CI).

use std::path::PathBuf;
use tabuleiro_store::{Append, Entry, GameRow, Store, StoreError};

const GAMES: usize = 40;
const APPENDS: usize = 10;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabuleiro-store-{name}-{}-{}",
        std::process::id(),
        unique()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Game ids no earlier run left in a shared PostgreSQL.
fn unique() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

fn postgres() -> Option<String> {
    match std::env::var("TABULEIRO_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|v| v == "true") => {
            panic!("CI=true but TABULEIRO_TEST_POSTGRES is not set")
        }
        _ => None,
    }
}

fn entry(game: &str, n: usize) -> Entry {
    Entry {
        entry: format!("{{\"game\":\"{game}\",\"n\":{n}}}"),
        events: "[]".into(),
    }
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        game: "test".into(),
        meta: "{}".into(),
        version: 1,
        status: "playing".into(),
        summary: "{}".into(),
        created_ms: 0,
        updated_ms: 0,
    }
}

async fn append(store: &Store, id: &str, from: i64, entries: &[Entry]) -> Result<(), StoreError> {
    store
        .append(Append {
            id: id.to_string(),
            from_version: from,
            entries: entries.to_vec(),
            status: "playing".into(),
            summary: "{}".into(),
            now_ms: from,
            snapshot: None,
            claim: None,
            clock: None,
        })
        .await
}

/// Opens the store again after `close`, as a restarted process would.
async fn reopen(url: &str, dir: &Option<PathBuf>) -> Store {
    match dir {
        Some(dir) => Store::open_dir(dir).await.unwrap(),
        None => Store::connect(url).await.unwrap(),
    }
}

async fn many_games_at_once(url: String, dir: Option<PathBuf>) {
    let store = reopen(&url, &dir).await;
    let prefix = format!("many-{}", unique());
    let ids: Vec<String> = (0..GAMES).map(|g| format!("{prefix}-{g}")).collect();
    for id in &ids {
        store
            .create(&row(id), &[entry(id, 0)], &[(0, "hash".into())])
            .await
            .unwrap();
    }
    let tasks: Vec<_> = ids
        .iter()
        .map(|id| {
            let (store, id) = (store.clone(), id.clone());
            tokio::spawn(async move {
                for n in 1..=APPENDS {
                    append(&store, &id, n as i64, &[entry(&id, n)]).await?;
                }
                Ok::<_, StoreError>(())
            })
        })
        .collect();
    for t in tasks {
        t.await
            .unwrap()
            .expect("every append of its own game is stored");
    }
    let stats = store.write_stats();
    assert_eq!(stats.total.count, (GAMES * (APPENDS + 1)) as u64);
    store.close().await;

    let store = reopen(&url, &dir).await;
    for id in &ids {
        let loaded = store.load(id).await.unwrap();
        assert_eq!(loaded.row.version, APPENDS as i64 + 1);
        let expected: Vec<Entry> = (0..=APPENDS).map(|n| entry(id, n)).collect();
        assert_eq!(loaded.entries, expected, "game {id}'s log, in order");
    }
    store.close().await;
}

async fn one_version_one_winner(url: String, dir: Option<PathBuf>) {
    let store = reopen(&url, &dir).await;
    let id = format!("race-{}", unique());
    store
        .create(&row(&id), &[entry(&id, 0)], &[])
        .await
        .unwrap();
    let tasks: Vec<_> = (0..8)
        .map(|n| {
            let (store, id) = (store.clone(), id.clone());
            tokio::spawn(async move {
                let e = entry(&id, 100 + n);
                append(&store, &id, 1, std::slice::from_ref(&e))
                    .await
                    .map(|()| e)
            })
        })
        .collect();
    let mut stored = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            Ok(e) => stored.push(e),
            Err(StoreError::Conflict { expected: 1 }) => {}
            Err(e) => panic!("a racing append failed otherwise: {e}"),
        }
    }
    assert_eq!(
        stored.len(),
        1,
        "exactly one append from version 1 is stored"
    );
    store.close().await;
    let store = reopen(&url, &dir).await;
    let loaded = store.load(&id).await.unwrap();
    assert_eq!(loaded.row.version, 2);
    assert_eq!(loaded.entries[1], stored[0]);
    store.close().await;
}

/// A schema of its own in the test PostgreSQL, so that the rows written here
/// (not games any server could load) never meet the server tests sharing it.
struct Schema {
    url: String,
    name: String,
}

impl Schema {
    async fn create(url: &str, name: &str) -> Schema {
        sqlx::any::install_default_drivers();
        let name = format!("store_{name}_{}", unique());
        let pool = sqlx::AnyPool::connect(url).await.unwrap();
        sqlx::query(&format!("CREATE SCHEMA {name}"))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        Schema {
            url: url.to_string(),
            name,
        }
    }

    /// The URL whose connections work in this schema.
    fn url(&self) -> String {
        let join = if self.url.contains('?') { '&' } else { '?' };
        format!("{}{join}options[search_path]={}", self.url, self.name)
    }

    async fn drop(self) {
        let pool = sqlx::AnyPool::connect(&self.url).await.unwrap();
        sqlx::query(&format!("DROP SCHEMA {} CASCADE", self.name))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
}

/// Runs `test` on SQLite in a fresh folder, then on PostgreSQL when there is one.
async fn on_each_database<F, Fut>(name: &str, test: F)
where
    F: Fn(String, Option<PathBuf>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let dir = temp_dir(name);
    let sqlite = format!(
        "sqlite://{}?mode=rwc",
        dir.join("tabuleiro.sqlite3").display()
    );
    test(sqlite, Some(dir.clone())).await;
    let _ = std::fs::remove_dir_all(dir);
    if let Some(url) = postgres() {
        let schema = Schema::create(&url, name).await;
        test(schema.url(), None).await;
        schema.drop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_appending_at_once_are_all_stored_in_order() {
    on_each_database("many", many_games_at_once).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_appends_from_one_version_exactly_one_is_stored() {
    on_each_database("race", one_version_one_winner).await;
}
