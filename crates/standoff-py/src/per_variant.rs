//! Tables made once per variant and shared by all its games (the Python strings of its
//! order texts, its `Power.orders` entries, its package-order tables): one registry per
//! kind of table, keyed by the variant's address, dropping the tables of variants no
//! longer in use.

use standoff::Variant;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// A registry of one kind of per-variant table.
pub type Registry<T> = Mutex<Vec<(Weak<Variant>, Arc<T>)>>;

/// `variant`'s table in `registry`, made by `make` the first time.
pub fn shared<T>(
    registry: &Registry<T>,
    variant: &Arc<Variant>,
    make: impl FnOnce() -> T,
) -> Arc<T> {
    let mut tables = registry.lock().unwrap_or_else(PoisonError::into_inner);
    tables.retain(|(v, _)| v.strong_count() > 0);
    if let Some((_, table)) = tables
        .iter()
        .find(|(v, _)| std::ptr::eq(v.as_ptr(), Arc::as_ptr(variant)))
    {
        return table.clone();
    }
    let table = Arc::new(make());
    tables.push((Arc::downgrade(variant), table.clone()));
    table
}
