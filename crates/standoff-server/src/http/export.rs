//! Handler: a game's download (`GET /api/games/{id}/export?format=mila|case|save`).

use super::auth::MaybeUser;
use super::{ApiError, Path, Query};
use crate::service::export::{self, ExportFormat};
use crate::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;

/// Which format.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct ExportQuery {
    /// `mila` (the `diplomacy` package's saved-game JSON, default), `case` (DATC case
    /// file) or `save` (standoff's saved game, the variant embedded when uploaded).
    #[serde(default)]
    pub format: Option<String>,
}

/// Download the game's processed phases.
#[utoipa::path(get, path = "/api/games/{id}/export", params(("id" = i64, Path), ExportQuery),
    responses((status = 200, description = "the file"), (status = 400, body = standoff_api::ErrorBody),
              (status = 404, body = standoff_api::ErrorBody)))]
pub async fn export(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
    Query(query): Query<ExportQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let format = ExportFormat::parse(query.format.as_deref().unwrap_or("mila"))?;
    let download = export::export(&state, user.as_ref().map(|u| &u.account), id, format).await?;
    let disposition = format!("attachment; filename=\"{}\"", download.file_name);
    Ok((
        [
            (header::CONTENT_TYPE, download.content_type.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        download.body,
    ))
}
