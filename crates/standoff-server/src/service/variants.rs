//! Uploaded variant files: checked as `standoff check-variant` checks a file (the core's
//! loader and self-checks; `extends` may name a built-in variant only, since the judge
//! reads no file), kept per uploader, and turned into a variant when a game is created
//! from one. A game stores its variant's text in its saved state (`SavedVariant`), so
//! it reloads after a restart and its exports carry the variant.

use crate::http::ApiError;
use crate::storage::AccountRow;
use crate::AppState;
use standoff::variant::builtin_arc;
use standoff::Variant;
use standoff_api::{UploadVariant, UploadedVariant, VariantInfo};
use std::sync::Arc;

/// The largest variant file accepted, in bytes (the built-in files are under 25 KiB).
pub const MAX_UPLOAD_BYTES: usize = 256 * 1024;
/// The request body limit of the upload endpoint (the file JSON-escaped, with room).
pub const UPLOAD_BODY_LIMIT: usize = 2 * MAX_UPLOAD_BYTES + 4096;
/// The longest file name shown in messages.
const MAX_FILE_NAME_CHARS: usize = 100;

/// Loads a variant file's text as an upload: no file is read (an `extends` naming a
/// path is refused), every problem is an error naming the file and line.
pub fn load_upload(source: &str, file_name: &str) -> Result<Variant, ApiError> {
    if source.len() > MAX_UPLOAD_BYTES {
        return Err(ApiError::PayloadTooLarge(format!(
            "{file_name}: the variant file has {} bytes; at most {MAX_UPLOAD_BYTES} are accepted",
            source.len()
        )));
    }
    let variant = Variant::from_toml(source, file_name)
        .map_err(|e| ApiError::BadRequest(format!("{e:#}")))?;
    if builtin_arc(&variant.name).is_ok() {
        return Err(ApiError::BadRequest(format!(
            "{file_name}: the variant is named `{}`, a built-in variant's name: give it its own \
             `name`",
            variant.name
        )));
    }
    Ok(variant)
}

fn file_name_of(request: &UploadVariant) -> Result<String, ApiError> {
    let name = request
        .file_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("variant.toml");
    if name.chars().count() > MAX_FILE_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(format!(
            "a file name has at most {MAX_FILE_NAME_CHARS} characters and no control characters"
        )));
    }
    Ok(name.to_string())
}

/// What the API says of each built-in variant.
pub fn builtins() -> Result<Vec<VariantInfo>, ApiError> {
    standoff::variant::builtin_names()
        .map(|name| {
            let variant = builtin_arc(name).map_err(|e| ApiError::Internal(e.to_string()))?;
            Ok(VariantInfo {
                name: name.to_string(),
                powers: power_names(&variant),
                dummy_powers: dummy_powers(&variant),
                victory_centers: variant.victory_centers,
            })
        })
        .collect()
}

/// The names of `variant`'s powers, in its order.
fn power_names(variant: &Variant) -> Vec<String> {
    variant.powers.iter().map(|p| p.name.clone()).collect()
}

/// The names of `variant`'s dummy powers (no player's), in its order.
fn dummy_powers(variant: &Variant) -> Vec<String> {
    variant
        .powers
        .iter()
        .filter(|p| p.dummy)
        .map(|p| p.name.clone())
        .collect()
}

/// The API's view of an uploaded variant.
pub fn view(id: i64, variant: &Variant) -> UploadedVariant {
    UploadedVariant {
        id,
        name: variant.name.clone(),
        title: variant.title.clone(),
        powers: power_names(variant),
        dummy_powers: dummy_powers(variant),
        spaces: variant.map.province_count(),
        centers: variant
            .map
            .provinces()
            .iter()
            .filter(|p| p.is_center)
            .count(),
        victory_centers: variant.victory_centers,
    }
}

/// Checks and keeps a variant file uploaded by `account`.
pub async fn upload(
    state: &AppState,
    account: &AccountRow,
    request: UploadVariant,
) -> Result<UploadedVariant, ApiError> {
    let file_name = file_name_of(&request)?;
    let source = request.source;
    // Loading is CPU work (parsing, map checks): off the async workers.
    let (variant, source) =
        super::off_the_workers(move || load_upload(&source, &file_name).map(|v| (v, source)))
            .await?;
    let id = state
        .storage
        .create_variant_upload(
            account.id,
            &variant.name,
            &variant.title,
            &source,
            state.clock.now_ms(),
        )
        .await?;
    Ok(view(id, &variant))
}

/// The variant uploaded as `id`, for a game `account` creates: only the uploader's own
/// uploads (another account's is "not found").
pub async fn for_new_game(
    state: &AppState,
    account: &AccountRow,
    id: i64,
) -> Result<Arc<Variant>, ApiError> {
    let row = state
        .storage
        .variant_upload(id)
        .await?
        .filter(|row| row.account_id == account.id)
        .ok_or_else(|| ApiError::NotFound(format!("you have no uploaded variant {id}")))?;
    let variant = super::off_the_workers(move || load_upload(&row.source, &row.name)).await?;
    Ok(Arc::new(variant))
}
