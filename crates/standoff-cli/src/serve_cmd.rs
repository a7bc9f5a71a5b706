//! `standoff serve`: runs the judge (the `standoff-server` library) until stopped.

use anyhow::Result;
use standoff_server::clock::SystemClock;
use standoff_server::config::Config;
use standoff_server::Application;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `standoff serve`.
#[derive(clap::Args)]
pub struct Args {
    /// Database: `sqlite://PATH` or `postgres://USER:PASS@HOST/DB` (default: the file
    /// `standoff.db` in the working directory, created on first start).
    #[arg(long, default_value = "sqlite://standoff.db")]
    db: String,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The account with this username is the site admin (the first account always is).
    #[arg(long)]
    admin: Option<String>,
    /// How often to look for phases whose deadline has passed, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    tick_ms: u64,
    /// Mark session cookies `Secure` (serve behind HTTPS).
    #[arg(long)]
    secure_cookies: bool,
}

/// Runs the server.
pub fn run(args: &Args) -> Result<()> {
    let config = Config {
        database_url: args.db.clone(),
        addr: args.addr.clone(),
        admin: args.admin.clone(),
        tick_interval: Some(Duration::from_millis(args.tick_ms.max(10))),
        secure_cookies: args.secure_cookies,
        ..Config::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let app = Application::build(config, Arc::new(SystemClock)).await?;
        let addr = app.local_addr()?;
        println!("standoff judge listening on http://{addr}");
        println!("  web page: http://{addr}/");
        println!("  database: {}", args.db);
        println!("  sign up:  curl -X POST http://{addr}/api/accounts -H 'content-type: application/json' -d '{{\"username\":\"me\",\"password\":\"a long password\"}}'");
        println!("  API:      http://{addr}/api/openapi.json");
        app.run().await?;
        Ok(())
    })
}
