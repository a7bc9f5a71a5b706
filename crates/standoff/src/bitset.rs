//! Fixed-size bit sets and bit matrices used for adjacency and occupancy.
//!
//! Sized once when a map is built; lookups are a shift and a mask.

/// A matrix of bits: `get(a, b)` answers "is `a` related to `b`".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitMatrix {
    words_per_row: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    /// An all-zero `n × n` matrix.
    pub fn new(n: usize) -> Self {
        Self::with_size(n, n)
    }

    /// An all-zero `rows × cols` matrix.
    pub fn with_size(rows: usize, cols: usize) -> Self {
        let words_per_row = cols.div_ceil(64).max(1);
        BitMatrix {
            words_per_row,
            bits: vec![0; words_per_row * rows],
        }
    }

    /// The words of row `a` (bit `b` of the row is word `b / 64`, bit `b % 64`).
    #[inline]
    pub fn row_words(&self, a: usize) -> &[u64] {
        let start = a * self.words_per_row;
        self.bits
            .get(start..start + self.words_per_row)
            .unwrap_or(&[])
    }

    /// Ors `words` into row `a`.
    pub fn or_row(&mut self, a: usize, words: &[u64]) {
        let start = a * self.words_per_row;
        if let Some(row) = self.bits.get_mut(start..start + self.words_per_row) {
            for (r, w) in row.iter_mut().zip(words) {
                *r |= w;
            }
        }
    }

    /// Sets bit `(a, b)`.
    pub fn set(&mut self, a: usize, b: usize) {
        self.bits[a * self.words_per_row + b / 64] |= 1u64 << (b % 64);
    }

    /// Reads bit `(a, b)`; out-of-range indices read as `false`.
    #[inline]
    pub fn get(&self, a: usize, b: usize) -> bool {
        self.bits
            .get(a * self.words_per_row + b / 64)
            .is_some_and(|w| w & (1u64 << (b % 64)) != 0)
    }

    /// The indices set in row `a`, ascending.
    pub fn row(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        let start = a * self.words_per_row;
        let row = self
            .bits
            .get(start..start + self.words_per_row)
            .unwrap_or(&[]);
        row.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    None
                } else {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    Some(w * 64 + bit)
                }
            })
        })
    }
}
