//! Press and results storage on PostgreSQL (the SQL is in `storage/press.rs` and
//! `storage/results.rs`).

crate::storage::press::impl_press_storage!(super::PgStorage, sqlx::Postgres);
crate::storage::results::impl_result_storage!(super::PgStorage, sqlx::Postgres, begin = "BEGIN");
