//! `standoff serve`: runs the judge (the `standoff-server` library) until stopped.

use anyhow::Result;
use standoff_server::clock::SystemClock;
use standoff_server::config::Config;
use standoff_server::service::demo;
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
    /// E-mail notices (results, deadline reminders) through this SMTP relay; without
    /// it notices are off.
    #[arg(long)]
    smtp_host: Option<String>,
    /// The relay's port.
    #[arg(long, default_value_t = 587)]
    smtp_port: u16,
    /// `starttls` (required), `tls` (from the first byte, port 465) or `none`.
    #[arg(long, default_value = "starttls")]
    smtp_security: String,
    /// The relay's user name (the password is read from the environment variable
    /// `STANDOFF_SMTP_PASSWORD`, never from the command line).
    #[arg(long)]
    smtp_user: Option<String>,
    /// The From address of notices.
    #[arg(long, default_value = "judge@localhost")]
    mail_from: String,
    /// Hours before a deadline to remind players whose orders are not ready.
    #[arg(long, default_value_t = 6)]
    reminder_hours: u64,
    /// The judge's public address, for links in notices (`https://judge.example.org`).
    #[arg(long)]
    public_url: Option<String>,
    /// Set up a demo game on first start: a gamemaster and seven players (one per
    /// power) with a known password, for trying the judge on this machine (loopback
    /// addresses only).
    #[arg(long)]
    demo: bool,
    /// Also listen for DAIDE bots (the AI protocol) on this TCP port, on the same
    /// host as `--addr` (off by default; see docs/daide.md).
    #[arg(long)]
    daide_port: Option<u16>,
}

/// The e-mail settings, when a relay is given.
fn mail_config(args: &Args) -> Result<Option<standoff_server::service::notify::MailConfig>> {
    let Some(host) = &args.smtp_host else {
        return Ok(None);
    };
    let credentials = match &args.smtp_user {
        Some(user) => {
            let password = std::env::var("STANDOFF_SMTP_PASSWORD").map_err(|_| {
                anyhow::anyhow!("--smtp-user needs the password in STANDOFF_SMTP_PASSWORD")
            })?;
            Some((user.clone(), password))
        }
        None => None,
    };
    let config = standoff_server::service::notify::MailConfig::from_text(
        host,
        args.smtp_port,
        &args.smtp_security,
        credentials,
        &args.mail_from,
        Duration::from_secs(args.reminder_hours.saturating_mul(3600)),
        args.public_url.clone(),
    )
    .map_err(|e| anyhow::anyhow!(e))?;
    Ok(Some(config))
}

/// The DAIDE address: the host of `--addr` with the DAIDE port.
fn daide_addr(addr: &str, port: u16) -> String {
    let host = addr.rsplit_once(':').map_or(addr, |(host, _)| host);
    format!("{host}:{port}")
}

/// Runs the server.
pub fn run(args: &Args) -> Result<()> {
    let config = Config {
        database_url: args.db.clone(),
        addr: args.addr.clone(),
        admin: args.admin.clone(),
        tick_interval: Some(Duration::from_millis(args.tick_ms.max(10))),
        secure_cookies: args.secure_cookies,
        mail: mail_config(args)?,
        daide_addr: args.daide_port.map(|port| daide_addr(&args.addr, port)),
        ..Config::default()
    };
    // Warnings and errors (a failed processing, a database fault) go to stderr.
    tracing_subscriber::fmt()
        .with_max_level(tracing_subscriber::filter::LevelFilter::WARN)
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let app = Application::build(config, Arc::new(SystemClock)).await?;
        let addr = app.local_addr()?;
        if args.demo && !addr.ip().is_loopback() {
            anyhow::bail!("--demo uses a known password: serve it on a loopback address only");
        }
        println!("standoff judge listening on http://{addr}");
        println!("  web page: http://{addr}/");
        println!("  database: {}", args.db);
        println!("  sign up:  curl -X POST http://{addr}/api/accounts -H 'content-type: application/json' -d '{{\"username\":\"alice\",\"password\":\"a long password\"}}'");
        println!("  API:      http://{addr}/api/openapi.json");
        if let Some(port) = args.daide_port {
            println!("  DAIDE:    {} (bots)", daide_addr(&args.addr, port));
        }
        if args.demo {
            let demo = demo::set_up(app.state())
                .await
                .map_err(|e| anyhow::anyhow!("setting up the demo game: {e}"))?;
            let made = if demo.created { "set up" } else { "kept from an earlier start" };
            println!("  demo:     game {} {made}; sign in as any of", demo.game_id);
            println!("            {}", demo.usernames.join(", "));
            println!("            with the password `{}`", demo::DEMO_PASSWORD);
            println!("            (sign in: curl -c jar -X POST http://{addr}/api/session -H 'content-type: application/json' -d '{{\"username\":\"{}\",\"password\":\"{}\"}}')", demo::DEMO_GM, demo::DEMO_PASSWORD);
        }
        app.run().await?;
        Ok(())
    })
}
