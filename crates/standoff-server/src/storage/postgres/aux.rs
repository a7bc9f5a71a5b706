//! Press, results and DAIDE seat storage on PostgreSQL (the SQL is in `storage/press.rs`,
//! `storage/results.rs` and `storage/daide.rs`).

crate::storage::press::impl_press_storage!(super::PgStorage, sqlx::Postgres);
crate::storage::results::impl_result_storage!(super::PgStorage, sqlx::Postgres, begin = "BEGIN");
crate::storage::daide::impl_daide_storage!(super::PgStorage, sqlx::Postgres, begin = "BEGIN");
