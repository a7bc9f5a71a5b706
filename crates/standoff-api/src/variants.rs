//! Uploaded variant files: `POST /api/variants` checks a variant file as
//! `standoff check-variant` does and keeps it for the uploader's games.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/variants`: a variant file to check and keep.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadVariant {
    /// The variant file's text (TOML, the format of `standoff check-variant`; its
    /// `extends` line may name a built-in variant only).
    pub source: String,
    /// The file's name, used only in error messages (default `variant.toml`).
    #[serde(default)]
    pub file_name: Option<String>,
}

/// An uploaded variant, checked and kept: create a game with
/// `CreateGame.variant_upload` set to its id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct UploadedVariant {
    /// Id (for `CreateGame.variant_upload`).
    pub id: i64,
    /// The variant's name (as its file says).
    pub name: String,
    /// Its title.
    pub title: String,
    /// Its powers.
    pub powers: Vec<String>,
    /// Those of its powers that no player takes (the file's `dummy = true`).
    #[serde(default)]
    pub dummy_powers: Vec<String>,
    /// Spaces on its map.
    pub spaces: usize,
    /// Supply centers on its map.
    pub centers: usize,
    /// Centers needed to win.
    pub victory_centers: usize,
}
