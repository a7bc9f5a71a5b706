//! Where the variant loader reports a problem: the file and line that mention it (the
//! extending file before its bases; a built-in base's mention is reported against the
//! file that extends it), and the reading of names into ids that reports as it goes.

use super::extends::Source;
use super::VariantError;
use crate::ids::ProvinceId;
use crate::map::LocationSpec;
use std::collections::HashMap;

/// The line (from 1) of the first occurrence of `needle` in `text`, 0 if none.
pub(super) fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle)
        .map(|at| text[..at].matches('\n').count() + 1)
        .unwrap_or(0)
}

/// Every line (from 1) of `text` that mentions `needle`, in order.
pub(super) fn lines_of(text: &str, needle: &str) -> Vec<usize> {
    if needle.is_empty() {
        return Vec::new();
    }
    text.match_indices(needle)
        .map(|(at, _)| text[..at].matches('\n').count() + 1)
        .collect()
}

/// The line (from 1) of the `extends` key of `text`, 0 if none.
pub(super) fn extends_line(text: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with("extends"))
        .map_or(0, |i| i + 1)
}

/// Where to report a problem that mentions `needles` (the most precise first): the file,
/// the line and the message (see [`Loader::error_at`]).
pub(super) fn locate(
    sources: &[Source],
    needles: &[&str],
    message: String,
) -> (String, usize, String) {
    // The top file is the caller's even when it is a built-in (loading a built-in).
    let own = |i: usize, s: &Source| i == 0 || !s.builtin;
    for needle in needles.iter().filter(|n| !n.is_empty()) {
        for (_, s) in sources.iter().enumerate().filter(|(i, s)| own(*i, s)) {
            let line = line_of(&s.text, needle);
            if line > 0 {
                return (s.file.clone(), line, message);
            }
        }
    }
    let top = sources.first();
    let file = top.map(|s| s.file.clone()).unwrap_or_default();
    let at_extends = top.map_or(0, |s| extends_line(&s.text));
    for needle in needles.iter().filter(|n| !n.is_empty()) {
        for s in sources.iter().skip(1).filter(|s| s.builtin) {
            let line = line_of(&s.text, needle);
            if line > 0 {
                let message = format!("{message} (the base says it at {}:{line})", s.file);
                return (file, at_extends, message);
            }
        }
    }
    (file, at_extends, message)
}

/// The loader's working state: the files read, the names defined so far and the
/// problems found.
pub(super) struct Loader<'a> {
    /// The files the variant was read from, the extending file first.
    pub(super) sources: &'a [Source],
    /// Province ids by id text.
    pub(super) ids: HashMap<String, ProvinceId>,
    /// Each province's named coasts.
    pub(super) coasts: HashMap<String, Vec<String>>,
    /// The problems found so far.
    pub(super) errors: Vec<VariantError>,
}

impl Loader<'_> {
    /// Records a problem at the first mention of `needle` (see [`Loader::error_at`]).
    pub(super) fn error(&mut self, needle: &str, message: String) {
        self.error_at(&[needle], message);
    }

    /// Records a problem at the first mention of one of `needles` (the most precise
    /// first). The files a caller gave are searched first, the extending file first.
    /// A built-in base is valid on its own, so a problem only a built-in mentions was
    /// caused by the file that extends it: it is reported against the extending file
    /// (at its `extends` line), naming where the built-in says it.
    pub(super) fn error_at(&mut self, needles: &[&str], message: String) {
        let (file, line, message) = locate(self.sources, needles, message);
        self.errors.push(VariantError::Content {
            file,
            line,
            message,
        });
    }

    /// Records a problem of the `index`th power (from 0): at the first mention of one
    /// of `needles` in that power's `[[power]]` table (its first line when `needles` is
    /// empty), else as [`Loader::error_at`] would.
    pub(super) fn power_error(&mut self, index: usize, needles: &[&str], message: String) {
        // Powers are defined by the file at the root of an `extends` chain.
        let root = self.sources.len().saturating_sub(1);
        let found = self.sources.get(root).and_then(|s| {
            if root > 0 && s.builtin {
                return None;
            }
            let (start, _) = s.text.match_indices("[[power]]").nth(index)?;
            let table_end = s.text[start + 1..]
                .find("[[")
                .map_or(s.text.len(), |at| start + 1 + at);
            let table = &s.text[start..table_end];
            let at = if needles.is_empty() {
                table.find("name").unwrap_or(0)
            } else {
                needles
                    .iter()
                    .filter(|n| !n.is_empty())
                    .find_map(|n| table.find(n))?
            };
            let line = s.text[..start + at].matches('\n').count() + 1;
            Some((s.file.clone(), line))
        });
        match found {
            Some((file, line)) => self.errors.push(VariantError::Content {
                file,
                line,
                message,
            }),
            None => self.error_at(needles, message),
        }
    }

    /// Records a problem at the last mention of `needle` in the first file that
    /// mentions it (a repeated entry is reported at its repetition).
    pub(super) fn error_at_last(&mut self, needle: &str, message: String) {
        let found = self.sources.iter().find_map(|s| {
            let last = lines_of(&s.text, needle).last().copied()?;
            Some((s.file.clone(), last))
        });
        match found {
            Some((file, line)) => self.errors.push(VariantError::Content {
                file,
                line,
                message,
            }),
            None => self.error_at(&[needle], message),
        }
    }

    /// ` (FILE lines 3 and 9)`: where the first file that mentions `needle` does.
    pub(super) fn lines_in_sources(&self, needle: &str) -> String {
        self.sources
            .iter()
            .map(|s| (s, lines_of(&s.text, needle)))
            .find(|(_, lines)| !lines.is_empty())
            .map(|(s, lines)| super::check::describe_lines(&s.file, &lines))
            .unwrap_or_default()
    }

    pub(super) fn province(&mut self, name: &str, context: &str) -> Option<ProvinceId> {
        let found = self.ids.get(name).copied();
        if found.is_none() {
            self.error(name, format!("{context}: unknown space `{name}`"));
        }
        found
    }

    pub(super) fn location(&mut self, text: &str, context: &str) -> Option<LocationSpec> {
        let (prov, coast) = match text.split_once('/') {
            Some((p, c)) => (p, Some(c.to_string())),
            None => (text, None),
        };
        let province = self.province(prov, context)?;
        if let Some(c) = &coast {
            let known = self.coasts.get(prov).is_some_and(|cs| cs.contains(c));
            if !known {
                self.error(text, format!("{context}: `{prov}` has no coast `{c}`"));
                return None;
            }
        }
        Some(LocationSpec { province, coast })
    }

    pub(super) fn edge(
        &mut self,
        text: &str,
        context: &str,
    ) -> Option<(LocationSpec, LocationSpec)> {
        let Some((a, b)) = text.split_once('-') else {
            self.error(text, format!("{context}: edge `{text}` is not `a-b`"));
            return None;
        };
        let a = self.location(a.trim(), context);
        let b = self.location(b.trim(), context);
        Some((a?, b?))
    }
}
