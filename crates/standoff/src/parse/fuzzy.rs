//! Best-effort matching of misspelled names (DATC 4.E.2/4.E.5: "A Burgundy - Pariz").

/// Edit distance with adjacent transpositions counted as one edit.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[n][m]
}

/// How many edits a word of this length may contain and still be read.
pub fn tolerance(len: usize) -> usize {
    match len {
        0..=2 => 0,
        3..=6 => 1,
        _ => 2,
    }
}

/// The candidates closest to `word` within tolerance: `(distance, value)` of all
/// candidates at the minimal distance, values deduplicated.
pub fn closest<T: PartialEq + Copy>(
    word: &str,
    candidates: impl Iterator<Item = (impl AsRef<str>, T)>,
) -> Vec<T> {
    let len = word.chars().count();
    let limit = tolerance(len);
    // Names are short: a long word cannot be a misspelling of one (and comparing it
    // with every name would cost time in proportion to its length times theirs).
    if limit == 0 || len > 64 {
        return Vec::new();
    }
    let mut best = usize::MAX;
    let mut found: Vec<T> = Vec::new();
    for (name, value) in candidates {
        let name = name.as_ref();
        if name.len() < 3 || name.chars().count().abs_diff(len) > limit {
            continue;
        }
        let d = edit_distance(word, name);
        if d > limit || d > best {
            continue;
        }
        if d < best {
            best = d;
            found.clear();
        }
        if !found.contains(&value) {
            found.push(value);
        }
    }
    found
}
