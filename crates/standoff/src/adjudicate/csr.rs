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
    /// Builds the lists for keys `0..keys` from `(key, value)` pairs; each list keeps the
    /// pairs' order.
    pub fn build(keys: usize, pairs: &[(u16, u16)]) -> Csr {
        let mut start = vec![0u32; keys + 1];
        for &(k, _) in pairs {
            start[k as usize + 1] += 1;
        }
        for i in 0..keys {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut values = vec![0u16; pairs.len()];
        for &(k, v) in pairs {
            let at = &mut fill[k as usize];
            values[*at as usize] = v;
            *at += 1;
        }
        Csr { start, values }
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
