//! A small hash map from nonzero `u64` keys to `u64` values for the order-text table:
//! one flat array of (key, value) pairs, linear probing, at most half full. An entry is
//! 16 bytes, so a table of one unit's orders fits in a few cache lines and a lookup
//! mostly reads one line.

/// Nonzero `u64` key -> `u64` value; inserted keys stay until the map is dropped.
#[derive(Default)]
pub struct KeyMap {
    /// (key, value) pairs; key 0 marks a free entry. Empty, or a power of two long.
    entries: Vec<(u64, u64)>,
    /// Entries in use.
    len: usize,
}

impl KeyMap {
    /// The entry index `key` starts its probe at in a table of `2^bits` entries
    /// (Fibonacci hashing: the high bits of the product depend on every bit of the key).
    fn home(key: u64, bits: u32) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The value of `key` (0 is never a key: None).
    pub fn get(&self, key: u64) -> Option<u64> {
        let n = self.entries.len();
        if n == 0 || key == 0 {
            return None;
        }
        let mask = n - 1;
        let mut i = Self::home(key, n.trailing_zeros());
        loop {
            let (k, v) = self.entries[i];
            if k == key {
                return Some(v);
            }
            if k == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets `key`'s value (a key of 0 is not kept).
    pub fn insert(&mut self, key: u64, value: u64) {
        if key == 0 {
            return;
        }
        if (self.len + 1) * 2 > self.entries.len() {
            self.grow();
        }
        let mask = self.entries.len() - 1;
        let mut i = Self::home(key, self.entries.len().trailing_zeros());
        loop {
            let entry = &mut self.entries[i];
            if entry.0 == key {
                entry.1 = value;
                return;
            }
            if entry.0 == 0 {
                *entry = (key, value);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (16 entries at first) and puts every entry back.
    fn grow(&mut self) {
        let size = (self.entries.len() * 2).max(16);
        let old = std::mem::replace(&mut self.entries, vec![(0, 0); size]);
        self.len = 0;
        for (k, v) in old {
            if k != 0 {
                self.insert(k, v);
            }
        }
    }
}

/// Bits of a value in an [`IdMap`] entry.
pub const ID_BITS: u32 = 26;

/// Nonzero keys below `2^(64 - ID_BITS)` -> values below `2^ID_BITS`, packed into one
/// `u64` per entry (key << [`ID_BITS`] | value): half the size of a [`KeyMap`], for the
/// many small tables of the order texts.
#[derive(Default)]
pub struct IdMap {
    /// Packed entries; 0 marks a free one. Empty, or a power of two long.
    entries: Vec<u64>,
    /// Entries in use.
    len: usize,
}

impl IdMap {
    /// The value of `key`.
    pub fn get(&self, key: u64) -> Option<u32> {
        let n = self.entries.len();
        if n == 0 || key == 0 {
            return None;
        }
        let mask = n - 1;
        let mut i = KeyMap::home(key, n.trailing_zeros());
        loop {
            let entry = self.entries[i];
            if entry >> ID_BITS == key {
                return Some((entry & ((1 << ID_BITS) - 1)) as u32);
            }
            if entry == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Sets `key`'s value (a key of 0 or too wide, or a value too wide, is not kept).
    pub fn insert(&mut self, key: u64, value: u32) {
        if key == 0 || key >> (64 - ID_BITS) != 0 || u64::from(value) >> ID_BITS != 0 {
            return;
        }
        if (self.len + 1) * 2 > self.entries.len() {
            let size = (self.entries.len() * 2).max(8);
            let old = std::mem::replace(&mut self.entries, vec![0; size]);
            self.len = 0;
            for entry in old.into_iter().filter(|&e| e != 0) {
                self.put(entry);
            }
        }
        self.put((key << ID_BITS) | u64::from(value));
    }

    /// Puts a packed entry in (its key not yet in).
    fn put(&mut self, entry: u64) {
        let mask = self.entries.len() - 1;
        let mut i = KeyMap::home(entry >> ID_BITS, self.entries.len().trailing_zeros());
        loop {
            let slot = &mut self.entries[i];
            if *slot >> ID_BITS == entry >> ID_BITS {
                *slot = entry;
                return;
            }
            if *slot == 0 {
                *slot = entry;
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}
