//! The server's one typed configuration.

use std::time::Duration;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// `sqlite://PATH` (default `sqlite://standoff.db`) or `postgres://...`.
    pub database_url: String,
    /// Where to listen (`127.0.0.1:8080`; port 0 picks a free port).
    pub addr: String,
    /// The account with this name is the site admin (besides the first account).
    pub admin: Option<String>,
    /// How often the scheduler looks for due phases; `None`: no scheduler (tests
    /// call [`crate::scheduler::tick`] themselves).
    pub tick_interval: Option<Duration>,
    /// Largest request body accepted, in bytes.
    pub body_limit: usize,
    /// How long a sign-in session lasts.
    pub session_length: Duration,
    /// Mark cookies `Secure` (when served over HTTPS).
    pub secure_cookies: bool,
    /// Sign-in failures allowed per username and address within `sign_in_window`.
    pub sign_in_attempts: usize,
    /// The window of the sign-in rate limit.
    pub sign_in_window: Duration,
    /// E-mail notices through an SMTP relay; `None`: notices are off.
    pub mail: Option<crate::service::notify::MailConfig>,
    /// Where the DAIDE listener listens (`None`: no DAIDE, the default).
    pub daide_addr: Option<String>,
    /// The seed of random power assignment (`None`: a fresh random seed per start, the
    /// default); a fixed seed makes tests repeatable (mixed with the game's id, so
    /// games still differ).
    pub assignment_seed: Option<u64>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database_url: "sqlite://standoff.db".to_string(),
            addr: "127.0.0.1:8080".to_string(),
            admin: None,
            tick_interval: Some(Duration::from_secs(1)),
            body_limit: 64 * 1024,
            session_length: Duration::from_secs(30 * 24 * 3600),
            secure_cookies: false,
            sign_in_attempts: 5,
            sign_in_window: Duration::from_secs(15 * 60),
            mail: None,
            daide_addr: None,
            assignment_seed: None,
        }
    }
}
