//! The standoff judge: hosts Diplomacy games over an HTTP JSON API. Thin like the CLI —
//! the rules live in the `standoff` core (its `session` module collects and checks
//! orders and plays phases); this crate parses and authorizes requests (`http/`),
//! decides what a request does to a game (`service/`), persists it (`storage/`) and
//! processes phases at their deadlines (`scheduler`).
//!
//! [`Application::build`] opens the database (running its migrations), binds the
//! address (port 0 in tests) and returns the app ready to serve.

pub mod clock;
pub mod config;
pub mod daide;
pub mod http;
pub mod ratelimit;
pub mod scheduler;
pub mod service;
pub mod storage;
pub mod web;

use clock::Clock;
use config::Config;
use std::net::SocketAddr;
use std::sync::Arc;
use storage::Storage;

/// What every handler and service shares.
#[derive(Clone)]
pub struct AppState {
    /// Persistence.
    pub storage: Arc<dyn Storage>,
    /// Time.
    pub clock: Arc<dyn Clock>,
    /// Configuration.
    pub config: Arc<Config>,
    /// The sign-in rate limit.
    pub sign_in_limit: Arc<ratelimit::SignInLimiter>,
    /// E-mail notices (disabled without a relay).
    pub mailer: Arc<dyn standoff_mail::Mailer>,
    /// Game sessions kept between requests (checked against the stored state).
    pub sessions: Arc<service::sessions::SessionCache>,
    /// Bearer tokens recently looked up.
    pub tokens: Arc<http::token_cache::TokenCache>,
    /// The id of every game whose phase was just processed (the DAIDE listener sends
    /// results from it); nobody listening is fine.
    pub processed: tokio::sync::broadcast::Sender<i64>,
    /// Every message a power sent (the DAIDE listener forwards it to bots); nobody
    /// listening is fine.
    pub press_sent: tokio::sync::broadcast::Sender<service::press::PressSent>,
}

/// A built server: listening, not yet serving.
pub struct Application {
    listener: tokio::net::TcpListener,
    state: AppState,
}

impl Application {
    /// Opens the storage and binds the address.
    pub async fn build(config: Config, clock: Arc<dyn Clock>) -> anyhow::Result<Application> {
        let storage = storage::connect(&config.database_url).await?;
        Application::with_storage(config, clock, storage).await
    }

    /// Binds the address, with storage already opened.
    pub async fn with_storage(
        config: Config,
        clock: Arc<dyn Clock>,
        storage: Arc<dyn Storage>,
    ) -> anyhow::Result<Application> {
        let listener = tokio::net::TcpListener::bind(&config.addr).await?;
        let limiter = ratelimit::SignInLimiter::new(config.sign_in_attempts, config.sign_in_window);
        let mailer = service::notify::mailer(config.mail.as_ref())?;
        let state = AppState {
            storage,
            clock,
            config: Arc::new(config),
            sign_in_limit: Arc::new(limiter),
            mailer,
            sessions: Default::default(),
            tokens: Default::default(),
            processed: tokio::sync::broadcast::channel(1024).0,
            press_sent: tokio::sync::broadcast::channel(1024).0,
        };
        Ok(Application { listener, state })
    }

    /// The address it listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The shared state (tests drive the scheduler through it).
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until the process ends; runs the scheduler if configured.
    pub async fn run(self) -> std::io::Result<()> {
        if let Some(every) = self.state.config.tick_interval {
            tokio::spawn(scheduler::run(self.state.clone(), every));
        }
        if let Some(addr) = &self.state.config.daide_addr {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            tokio::spawn(daide::serve(self.state.clone(), listener));
        }
        let app = http::router(self.state.clone());
        axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    }
}
