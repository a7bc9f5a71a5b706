//! The `Mailer` trait and the disabled mailer (no relay configured).

use crate::notice::{AddressError, Notice};
use async_trait::async_trait;
use thiserror::Error;

/// Why a notice was not sent.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum MailError {
    #[error("bad address: {0}")]
    Address(#[from] AddressError),
    #[error("could not build the message: {0}")]
    Message(String),
    #[error("the SMTP relay refused or failed: {0}")]
    Relay(String),
    #[error("the SMTP relay did not answer within {0:?}")]
    Timeout(std::time::Duration),
}

/// Something that delivers notices. The server holds one as `Arc<dyn Mailer>`.
#[async_trait]
pub trait Mailer: Send + Sync {
    /// Delivers one notice (or, when notices are off, drops it).
    async fn send(&self, notice: &Notice) -> Result<(), MailError>;

    /// Whether notices really go out (false for [`DisabledMailer`]); callers may skip
    /// building texts when this is false.
    fn is_enabled(&self) -> bool;
}

/// The mailer used when no relay is configured: every notice is dropped and logged at
/// debug level.
#[derive(Clone, Copy, Debug, Default)]
pub struct DisabledMailer;

#[async_trait]
impl Mailer for DisabledMailer {
    async fn send(&self, notice: &Notice) -> Result<(), MailError> {
        tracing::debug!(
            to = notice.to.email(),
            subject = notice.subject.as_str(),
            "e-mail notices are off (no SMTP relay configured); notice dropped"
        );
        Ok(())
    }

    fn is_enabled(&self) -> bool {
        false
    }
}
