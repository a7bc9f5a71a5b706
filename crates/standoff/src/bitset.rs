//! Fixed-size bit sets and bit matrices used for adjacency and occupancy.
//!
//! Sized once when a map is built; lookups are a shift and a mask.

/// A square matrix of bits: `get(a, b)` answers "is `a` related to `b`".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BitMatrix {
    words_per_row: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    /// An all-zero `n × n` matrix.
    pub fn new(n: usize) -> Self {
        let words_per_row = n.div_ceil(64).max(1);
        BitMatrix {
            words_per_row,
            bits: vec![0; words_per_row * n],
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
