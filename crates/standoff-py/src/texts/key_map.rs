//! Small hash maps from nonzero `u64` keys for the order-text table: one flat array of
//! entries, linear probing, at most half full, so a table of one unit's orders fits in
//! a few cache lines and a lookup mostly reads one line. [`KeyMap`] holds `u64` values
//! (16-byte entries); [`IdMap`] packs a key and a small value into one `u64`.

/// An entry of a [`Table`]: its key (0 for a free entry).
trait Entry: Copy + Default {
    fn key(self) -> u64;
}

/// The probing table both maps are: entries a power of two long (or empty), at least
/// `MIN` once used.
#[derive(Default)]
struct Table<E> {
    entries: Vec<E>,
    /// Entries in use.
    len: usize,
}

impl<E: Entry> Table<E> {
    /// The entry index `key` starts its probe at (Fibonacci hashing: the high bits of the
    /// product depend on every bit of the key).
    fn home(&self, key: u64) -> usize {
        let bits = self.entries.len().trailing_zeros();
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The entry of `key` (0 is never a key: None).
    fn find(&self, key: u64) -> Option<E> {
        if self.entries.is_empty() || key == 0 {
            return None;
        }
        let mask = self.entries.len() - 1;
        let mut i = self.home(key);
        loop {
            let entry = self.entries[i];
            if entry.key() == key {
                return Some(entry);
            }
            if entry.key() == 0 {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Puts `entry` in (its nonzero key's earlier entry replaced), first doubling the
    /// table (to `min` entries at first) if it would be more than half full.
    fn put(&mut self, entry: E, min: usize) {
        if (self.len + 1) * 2 > self.entries.len() {
            let size = (self.entries.len() * 2).max(min);
            let old = std::mem::replace(&mut self.entries, vec![E::default(); size]);
            self.len = 0;
            for e in old.into_iter().filter(|e| e.key() != 0) {
                self.place(e);
            }
        }
        self.place(entry);
    }

    /// [`Table::put`] in a table with room.
    fn place(&mut self, entry: E) {
        let mask = self.entries.len() - 1;
        let mut i = self.home(entry.key());
        loop {
            let slot = &mut self.entries[i];
            if slot.key() == entry.key() {
                *slot = entry;
                return;
            }
            if slot.key() == 0 {
                *slot = entry;
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

impl Entry for (u64, u64) {
    fn key(self) -> u64 {
        self.0
    }
}

/// Nonzero `u64` key -> `u64` value; inserted keys stay until the map is dropped.
#[derive(Default)]
pub struct KeyMap(Table<(u64, u64)>);

impl KeyMap {
    /// The value of `key` (0 is never a key: None).
    pub fn get(&self, key: u64) -> Option<u64> {
        self.0.find(key).map(|(_, v)| v)
    }

    /// Sets `key`'s value (a key of 0 is not kept).
    pub fn insert(&mut self, key: u64, value: u64) {
        if key != 0 {
            self.0.put((key, value), 16);
        }
    }
}

/// Bits of a value in an [`IdMap`] entry.
pub const ID_BITS: u32 = 26;

/// An [`IdMap`] entry: key << [`ID_BITS`] | value.
#[derive(Clone, Copy, Default)]
struct Packed(u64);

impl Entry for Packed {
    fn key(self) -> u64 {
        self.0 >> ID_BITS
    }
}

/// Nonzero keys below `2^(64 - ID_BITS)` -> values below `2^ID_BITS`, packed into one
/// `u64` per entry: half the size of a [`KeyMap`], for the many small tables of the
/// order texts (8 entries, one cache line, at first).
#[derive(Default)]
pub struct IdMap(Table<Packed>);

impl IdMap {
    /// The value of `key`.
    pub fn get(&self, key: u64) -> Option<u32> {
        self.0
            .find(key)
            .map(|Packed(e)| (e & ((1 << ID_BITS) - 1)) as u32)
    }

    /// Sets `key`'s value (a key of 0 or too wide, or a value too wide, is not kept).
    pub fn insert(&mut self, key: u64, value: u32) {
        if key == 0 || key >> (64 - ID_BITS) != 0 || u64::from(value) >> ID_BITS != 0 {
            return;
        }
        self.0.put(Packed((key << ID_BITS) | u64::from(value)), 8);
    }
}
