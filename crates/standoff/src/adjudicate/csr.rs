//! Compressed lists: for each key, a contiguous slice of values, built in one pass.
//! Used for "supports of unit u", "moves into province p", "convoys of army a" so the
//! judge allocates a few vectors per phase, never one per order.

/// `key → [values]` stored as offsets into one vector.
#[derive(Clone, Debug, Default)]
pub struct Csr {
    start: Vec<u32>,
    values: Vec<u16>,
}

impl Csr {
    /// Builds the lists for keys `0..keys` from `(key, value)` pairs, each list in the
    /// pairs' order, in this one's storage (no allocation once it is large enough).
    pub fn rebuild(&mut self, keys: usize, pairs: &[(u16, u16)]) {
        // Counts per key, then each key's end offset; placing the pairs from the last
        // moves each offset back to its key's start and keeps every list in order.
        let start = &mut self.start;
        start.clear();
        start.resize(keys + 1, 0);
        for &(k, _) in pairs {
            start[k as usize] += 1;
        }
        for i in 1..keys {
            start[i] += start[i - 1];
        }
        start[keys] = pairs.len() as u32;
        self.values.clear();
        self.values.resize(pairs.len(), 0);
        for &(k, v) in pairs.iter().rev() {
            let at = &mut start[k as usize];
            *at -= 1;
            self.values[*at as usize] = v;
        }
    }

    /// The values of `key`.
    #[inline]
    pub fn get(&self, key: usize) -> &[u16] {
        match (self.start.get(key), self.start.get(key + 1)) {
            (Some(&a), Some(&b)) => &self.values[a as usize..b as usize],
            _ => &[],
        }
    }
}
