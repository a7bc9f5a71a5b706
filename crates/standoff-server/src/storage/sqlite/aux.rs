//! Press and results storage on SQLite (the SQL is in `storage/press.rs` and
//! `storage/results.rs`).

crate::storage::press::impl_press_storage!(super::SqliteStorage, sqlx::Sqlite);
crate::storage::results::impl_result_storage!(
    super::SqliteStorage,
    sqlx::Sqlite,
    begin = "BEGIN IMMEDIATE"
);
