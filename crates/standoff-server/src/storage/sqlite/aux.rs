//! Press, results and DAIDE seat storage on SQLite (the SQL is in `storage/press.rs`,
//! `storage/results.rs` and `storage/daide.rs`).

crate::storage::press::impl_press_storage!(super::SqliteStorage, sqlx::Sqlite);
crate::storage::results::impl_result_storage!(
    super::SqliteStorage,
    sqlx::Sqlite,
    begin = "BEGIN IMMEDIATE"
);
crate::storage::daide::impl_daide_storage!(
    super::SqliteStorage,
    sqlx::Sqlite,
    begin = "BEGIN IMMEDIATE"
);
