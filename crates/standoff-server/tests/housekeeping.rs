//! Account housekeeping on both databases: expired sessions are deleted (at sign-in),
//! and of several first sign-ups at once exactly one becomes the site admin.

mod common;

use common::{backends, spawn_app, Backend};
use serde_json::json;

/// One number from the test database (`SELECT COUNT(*) ...`).
async fn count(url: &str, backend: Backend, sql: &str) -> i64 {
    match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(url).await.expect("open SQLite");
            let n: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.expect(sql);
            pool.close().await;
            n
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(url).await.expect("open PostgreSQL");
            let n: i64 = sqlx::query_scalar(sql).fetch_one(&pool).await.expect(sql);
            pool.close().await;
            n
        }
    }
}

#[tokio::test]
async fn expired_sessions_are_deleted_at_sign_in() {
    for backend in backends() {
        let app = spawn_app(backend).await;
        let ann = app.user("ann").await;
        assert_eq!(
            count(&app.database_url, backend, "SELECT COUNT(*) FROM sessions").await,
            1
        );
        // Past the session length (30 days by default) the session is refused...
        app.clock.advance(chrono::Duration::days(31));
        ann.get("/api/me").await.error(401);
        // ...and the next sign-in (anyone's) deletes it.
        let bob = app.user("bob").await;
        bob.get("/api/me").await.expect(200);
        assert_eq!(
            count(&app.database_url, backend, "SELECT COUNT(*) FROM sessions").await,
            1,
            "{backend:?}: only Bob's new session is left"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_first_sign_ups_make_one_admin() {
    for backend in backends() {
        let app = spawn_app(backend).await;
        let mut tasks = Vec::new();
        for i in 0..16 {
            let storage = app.state.storage.clone();
            tasks.push(tokio::spawn(async move {
                storage
                    .create_account(&format!("first{i}"), "not-a-hash", None, None, 0)
                    .await
                    .map(|a| a.is_admin)
            }));
        }
        let mut admins = 0;
        for t in tasks {
            if t.await.expect("task").expect("sign-up") {
                admins += 1;
            }
        }
        assert_eq!(admins, 1, "{backend:?}: admins among the answers");
        assert_eq!(
            count(
                &app.database_url,
                backend,
                "SELECT COUNT(*) FROM accounts WHERE is_admin"
            )
            .await,
            1,
            "{backend:?}: admins stored"
        );
        // A later sign-up through the API is not the admin.
        let late = app.user("latecomer").await;
        let me = late.get("/api/me").await.expect(200);
        assert_eq!(me["account"]["is_admin"], json!(false), "{me}");
    }
}
