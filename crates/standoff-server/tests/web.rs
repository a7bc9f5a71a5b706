//! The web page and the map picture it shows: the page and its assets are served by the
//! server itself with a strict content policy; `GET /api/games/{id}/map.svg` draws the
//! current position without anyone's orders (even the caller's submitted ones are not
//! drawn before processing), a processed phase with every order and its outcome, and is
//! refused to whoever may not see the game.

mod common;

use common::{spawn_app, Backend, TestUser};
use serde_json::json;

async fn text(user: &TestUser, path: &str) -> (u16, String, String) {
    let r = user
        .client
        .get(format!("{}{}", user.base, path))
        .send()
        .await
        .expect("send");
    let status = r.status().as_u16();
    let kind = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    (status, kind, r.text().await.unwrap_or_default())
}

#[tokio::test]
async fn the_page_and_its_assets_are_served_with_a_content_policy() {
    let app = spawn_app(Backend::Sqlite).await;
    let anyone = app.anonymous();
    let (status, kind, body) = text(&anyone, "/").await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(body.contains("/assets/app.js"), "{body}");
    for (path, want) in [
        ("/assets/app.js", "text/javascript"),
        ("/assets/app.css", "text/css"),
    ] {
        let r = anyone
            .client
            .get(format!("{}{path}", anyone.base))
            .send()
            .await
            .expect("send");
        assert_eq!(r.status().as_u16(), 200, "{path}");
        let csp = r
            .headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        let kind = r
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        assert!(kind.starts_with(want), "{path}: {kind}");
    }
}

#[tokio::test]
async fn the_map_shows_no_orders_before_processing_and_all_after() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("mapgm").await;
    let france = app.user("mapfrance").await;
    let germany = app.user("mapgermany").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France"), (&germany, "Germany")],
            json!({"private": true}),
        )
        .await;
    france.orders(id, &["A par - bur"]).await;

    // Before processing: the picture has units but no drawn orders, for everyone.
    for who in [&france, &germany, &gm] {
        let (status, kind, svg) = text(who, &format!("/api/games/{id}/map.svg")).await;
        assert_eq!(status, 200, "{svg}");
        assert!(kind.starts_with("image/svg+xml"), "{kind}");
        assert!(svg.contains(r#"id="unit-par""#), "no unit in Paris");
        assert!(
            svg.contains(r#"id="province-bur""#),
            "province ids for clicking"
        );
        assert!(
            !svg.contains("class=\"order"),
            "orders drawn before processing for {}",
            who.name
        );
    }

    // A stranger and a signed-out visitor may not see a private game's map.
    let stranger = app.user("mapstranger").await;
    let (status, _, body) = text(&stranger, &format!("/api/games/{id}/map.svg")).await;
    assert_eq!(status, 404, "{body}");
    let (status, _, _) = text(&app.anonymous(), &format!("/api/games/{id}/map.svg")).await;
    assert_eq!(status, 404);
    let (status, _, _) = text(&stranger, &format!("/api/games/{id}/map.svg?phase=0")).await;
    assert_eq!(status, 404);

    // After processing: phase 0's picture carries France's order.
    gm.post(&format!("/api/games/{id}/gm/process"), json!({}))
        .await
        .expect(200);
    let (status, _, svg) = text(&germany, &format!("/api/games/{id}/map.svg?phase=0")).await;
    assert_eq!(status, 200, "{svg}");
    assert!(
        svg.contains("class=\"order"),
        "no orders drawn after processing"
    );
    let (status, _, svg) = text(&germany, &format!("/api/games/{id}/map.svg")).await;
    assert_eq!(status, 200);
    assert!(
        svg.contains(r#"id="unit-bur""#),
        "the army reached Burgundy"
    );

    // A phase not yet played and bad parameters are 4xx JSON errors.
    let (status, _, body) = text(&germany, &format!("/api/games/{id}/map.svg?phase=7")).await;
    assert_eq!(status, 404, "{body}");
    let (status, _, body) = text(&germany, &format!("/api/games/{id}/map.svg?phase=x")).await;
    assert_eq!(status, 400, "{body}");
}
