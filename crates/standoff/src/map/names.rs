//! Name normalisation shared by the map's name table and the parser.

/// Lower-cases `s` and drops everything but letters and digits, so that
/// `"Mid-Atlantic Ocean"`, `"mid atlantic ocean"` and `"MidAtlanticOcean"` are one key.
pub fn normalize_name(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}
