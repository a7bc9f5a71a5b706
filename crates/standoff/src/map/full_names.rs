//! The index the parser reads a space's name through, one word at a time: each word
//! that is a whole name (`lon`, `northsea`) with its province, and each word that starts
//! a name of several words (`North Sea`, `Shrine to Hestia`, `Washington D+C`,
//! `Latvia/Estonia`) with those names, longest first. A name of several words is matched
//! as the variant spells it (its words case-insensitively, the punctuation between them
//! as written) before any of its words is read as an order word, a power or a coast.
//! The index is built once with the map, so a one-word name costs one lookup.

use super::names::{is_word_char, push_normalized_char};
use crate::ids::ProvinceId;
use std::collections::HashMap;

/// A name of more than one word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiWordName {
    /// Its words, normalised (lower case, letters and digits only).
    pub words: Box<[String]>,
    /// What stands between word `i` and word `i + 1`, canonical (see [`gap_matches`]):
    /// `" "`, `"/"`, `"+"`, `"-"`, `" - "`...
    pub gaps: Box<[String]>,
    /// The province it names.
    pub province: ProvinceId,
}

/// What one normalised word is in a map's names.
#[derive(Clone, Debug, Default)]
pub struct WordEntry {
    /// The province the word names on its own.
    pub province: Option<ProvinceId>,
    /// The names of several words it starts, the longest (most words) first.
    pub multi_word: Vec<MultiWordName>,
}

/// Normalised word → what it names or starts.
pub(crate) type WordIndex = HashMap<String, WordEntry, super::NameHasher>;

/// Adds `name` (any of a province's names, as written) to `index`. A name that is one
/// word once normalised goes in under that word; a name of several words under its first
/// word, and under its whole normalised text (so `NorthSea` reads too).
pub(crate) fn add_name(index: &mut WordIndex, name: &str, province: ProvinceId) {
    let (words, gaps) = split_words(name);
    let whole: String = words.concat();
    if whole.is_empty() {
        return;
    }
    index
        .entry(whole)
        .or_default()
        .province
        .get_or_insert(province);
    if words.len() < 2 {
        return;
    }
    let name = MultiWordName {
        words: words.into(),
        gaps: gaps.into(),
        province,
    };
    let Some(first) = name.words.first() else {
        return;
    };
    let entry = index.entry(first.clone()).or_default();
    if !entry.multi_word.contains(&name) {
        entry.multi_word.push(name);
        entry
            .multi_word
            .sort_by_key(|n| std::cmp::Reverse(n.words.len()));
    }
}

/// The words of `name` as the parser's lexer reads them (letters, digits, apostrophes
/// and dots; a word is normalised, and one with nothing left is dropped) and the
/// canonical text between each two of them. Text before the first word and after the
/// last is no part of the name.
fn split_words(name: &str) -> (Vec<String>, Vec<String>) {
    let mut words: Vec<String> = Vec::new();
    let mut gaps = Vec::new();
    let mut gap = String::new();
    let mut word = String::new();
    let mut raw = String::new();
    let mut in_word = false;
    for c in name.chars().chain([' ']) {
        if is_word_char(c) {
            in_word = true;
            raw.push(c);
            push_normalized_char(&mut word, c);
            continue;
        }
        if in_word {
            in_word = false;
            if word.is_empty() {
                // Only dots or apostrophes: the lexer drops it, so it is gap text.
                gap.push_str(&raw);
            } else {
                if !words.is_empty() {
                    gaps.push(canonical_gap(&gap));
                }
                words.push(std::mem::take(&mut word));
                gap.clear();
            }
            raw.clear();
        }
        gap.push(c);
    }
    (words, gaps)
}

/// `gap` with every run of white space one space and every dash `-`.
fn canonical_gap(gap: &str) -> String {
    canonical_chars(gap).collect()
}

fn canonical_chars(gap: &str) -> impl Iterator<Item = char> + '_ {
    let mut chars = gap.chars().peekable();
    std::iter::from_fn(move || {
        let c = chars.next()?;
        if c.is_whitespace() {
            while chars.next_if(|d| d.is_whitespace()).is_some() {}
            return Some(' ');
        }
        Some(match c {
            '–' | '—' => '-',
            c => c,
        })
    })
}

/// Whether the text between two words of an order (`input_gap`) is what stands between
/// them in a name (`name_gap`, canonical): the same punctuation, white space where the
/// name has it (of any kind and length).
pub fn gap_matches(input_gap: &str, name_gap: &str) -> bool {
    canonical_chars(input_gap).eq(name_gap.chars())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(name: &str) -> (Vec<String>, Vec<String>) {
        split_words(name)
    }

    fn strings(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn names_split_into_the_lexers_words_and_the_punctuation_between() {
        assert_eq!(
            split("Washington D+C"),
            (strings(&["washington", "d", "c"]), strings(&[" ", "+"]))
        );
        assert_eq!(
            split("Latvia/Estonia"),
            (strings(&["latvia", "estonia"]), strings(&["/"]))
        );
        assert_eq!(
            split("Joxter's Retreat"),
            (strings(&["joxters", "retreat"]), strings(&[" "]))
        );
        assert_eq!(
            split("St. Petersburg"),
            (strings(&["st", "petersburg"]), strings(&[" "]))
        );
        assert_eq!(
            split("Mid-Atlantic  Ocean"),
            (strings(&["mid", "atlantic", "ocean"]), strings(&["-", " "]))
        );
        assert_eq!(split("Lon"), (strings(&["lon"]), strings(&[])));
        assert_eq!(
            split(" A ... B "),
            (strings(&["a", "b"]), strings(&[" ... "]))
        );
    }

    #[test]
    fn gaps_match_with_any_white_space_but_the_same_punctuation() {
        assert!(gap_matches(" ", " "));
        assert!(gap_matches("\t  ", " "));
        assert!(gap_matches("+", "+"));
        assert!(gap_matches("–", "-"));
        assert!(!gap_matches(" + ", "+"));
        assert!(!gap_matches("", " "));
        assert!(!gap_matches(" ", "/"));
    }

    #[test]
    fn a_first_word_lists_its_names_longest_first() {
        let mut index = WordIndex::default();
        add_name(&mut index, "North", ProvinceId(0));
        add_name(&mut index, "North Sea", ProvinceId(1));
        add_name(&mut index, "North Sea Coast", ProvinceId(2));
        let north = &index["north"];
        assert_eq!(north.province, Some(ProvinceId(0)));
        let provinces: Vec<ProvinceId> = north.multi_word.iter().map(|n| n.province).collect();
        assert_eq!(provinces, vec![ProvinceId(2), ProvinceId(1)]);
        assert_eq!(index["northsea"].province, Some(ProvinceId(1)));
    }
}
