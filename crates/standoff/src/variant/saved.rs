//! How a saved game names its variant, so that it loads anywhere and reads no file the
//! caller did not allow.
//!
//! A built-in is saved by its name. A variant loaded from files is saved with the text
//! of those files embedded (the file itself, then each file it extends that is not a
//! built-in), so the save does not depend on the folder it is loaded from:
//!
//! ```json
//! "variant": "standard"
//! "variant": { "name": "my-map", "source": "extends = \"base.toml\"\n…", "bases": ["…"] }
//! ```
//!
//! Loading never reads a file by itself: built-ins and the embedded texts are found
//! here; any other name (a save from before embedding, which named a variant file by
//! its path, or an `extends` line the embedded texts do not answer) goes to the
//! caller's reader, which decides what it allows ([`ReadBase`]).

use super::extends::{BaseFile, ReadBase};
use super::{Variant, VariantError};
use serde::{Deserialize, Serialize};

/// How a saved game names its variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "a built-in variant's name, or {\"name\", \"source\", \"bases\"}"
)]
#[non_exhaustive]
pub enum SavedVariant {
    /// A built-in variant's name or alias (in saves written before variants were
    /// embedded: also the path of a variant file).
    Name(String),
    /// A variant loaded from files, their text embedded.
    Embedded(EmbeddedVariant),
}

/// A variant file's text and the texts of the files it extends (not built-ins).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmbeddedVariant {
    /// The variant's name (as its file says).
    pub name: String,
    /// The variant file's text.
    pub source: String,
    /// The file `source` extends by path, then the file that one extends, and so on,
    /// down to the first built-in (empty when it extends a built-in or nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bases: Vec<String>,
}

impl SavedVariant {
    /// How a game on `variant` is saved: a built-in by name, any other variant with
    /// its files embedded.
    pub fn of(variant: &Variant) -> SavedVariant {
        match variant.files.split_first() {
            None => SavedVariant::Name(variant.name.clone()),
            Some((source, bases)) => SavedVariant::Embedded(EmbeddedVariant {
                name: variant.name.clone(),
                source: source.clone(),
                bases: bases.to_vec(),
            }),
        }
    }

    /// The variant's name as saved.
    pub fn name(&self) -> &str {
        match self {
            SavedVariant::Name(name) => name,
            SavedVariant::Embedded(e) => &e.name,
        }
    }

    /// Loads the variant. Built-ins and the embedded texts are found without `read`;
    /// any other name goes to `read` (the caller's choice of the files it allows;
    /// `None`: built-ins and embedded texts only, nothing is read).
    pub fn load(&self, read: Option<ReadBase>) -> Result<Variant, VariantError> {
        match self {
            SavedVariant::Name(name) => {
                if super::builtin::builtin_source(name).is_some() {
                    return Variant::builtin(name);
                }
                let Some(read) = read else {
                    return Err(VariantError::UnknownVariant(name.clone()));
                };
                let file = read(name, "").map_err(|reason| VariantError::Unavailable {
                    name: name.clone(),
                    reason,
                })?;
                Variant::from_toml_with_bases(&file.text, &file.name, read)
            }
            SavedVariant::Embedded(embedded) => embedded.load(read),
        }
    }
}

impl EmbeddedVariant {
    /// How errors name the embedded file `index` (0: the variant's own file).
    fn file_name(&self, index: usize) -> String {
        match index {
            0 => format!("<saved {}>", self.name),
            i => format!("<saved {} base {i}>", self.name),
        }
    }

    fn load(&self, read: Option<ReadBase>) -> Result<Variant, VariantError> {
        // The chain is linear: the file at `index` extends the base at `index`.
        let embedded = |spec: &str, from: &str| -> Result<BaseFile, String> {
            let index = (0..=self.bases.len()).find(|&i| self.file_name(i) == from);
            match (index.and_then(|i| self.bases.get(i).map(|b| (i, b))), read) {
                (Some((i, text)), _) => Ok(BaseFile {
                    name: self.file_name(i + 1),
                    text: text.clone(),
                }),
                (None, Some(read)) => read(spec, from),
                (None, None) => Err("not in the saved game".to_string()),
            }
        };
        let top = self.file_name(0);
        let variant = Variant::from_toml_with_bases(&self.source, &top, &embedded)?;
        if variant.name != self.name {
            return Err(VariantError::Content {
                file: top,
                line: 0,
                message: format!(
                    "the save names the variant `{}`, its file `{}`",
                    self.name, variant.name
                ),
            });
        }
        Ok(variant)
    }
}
