//! Sending notices through an SMTP relay with `lettre`.

use crate::mailer::{MailError, Mailer};
use crate::notice::{Address, Notice};
use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::fmt;
use std::time::Duration;

/// How the connection to the relay is protected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SmtpSecurity {
    /// Plain SMTP (a relay on the same host or a trusted network, e.g. port 25).
    None,
    /// Plain connection upgraded with STARTTLS, which is required (usually port 587).
    StartTls,
    /// TLS from the first byte (usually port 465).
    Tls,
}

/// Where and how to reach the relay.
#[derive(Clone)]
pub struct SmtpSettings {
    /// The relay's host name (also the name its TLS certificate must carry).
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    /// User name and password, when the relay wants them.
    pub credentials: Option<(String, String)>,
    /// The From address of every notice.
    pub from: Address,
    /// How long one delivery may take in all (connect, greet, send).
    pub timeout: Duration,
}

impl fmt::Debug for SmtpSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpSettings")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("security", &self.security)
            .field(
                "credentials",
                &self
                    .credentials
                    .as_ref()
                    .map(|(user, _)| (user, "<hidden>")),
            )
            .field("from", &self.from)
            .field("timeout", &self.timeout)
            .finish()
    }
}

/// A mailer that hands every notice to an SMTP relay.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Address,
    timeout: Duration,
}

impl fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpMailer")
            .field("from", &self.from)
            .field("timeout", &self.timeout)
            .finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// A mailer for the relay; nothing is connected until the first notice.
    pub fn new(settings: SmtpSettings) -> Result<Self, MailError> {
        let host = settings.host.trim();
        if host.is_empty() {
            return Err(MailError::Relay("the relay host is empty".into()));
        }
        let builder = match settings.security {
            SmtpSecurity::None => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host),
            SmtpSecurity::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(host)
                .map_err(|e| MailError::Relay(e.to_string()))?,
            SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(host)
                .map_err(|e| MailError::Relay(e.to_string()))?,
        };
        let mut builder = builder.port(settings.port).timeout(Some(settings.timeout));
        if let Some((user, password)) = settings.credentials {
            builder = builder.credentials(Credentials::new(user, password));
        }
        Ok(SmtpMailer {
            transport: builder.build(),
            from: settings.from,
            timeout: settings.timeout,
        })
    }

    fn message(&self, notice: &Notice) -> Result<Message, MailError> {
        let subject: String = notice
            .subject
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        Message::builder()
            .from(self.from.to_mailbox()?)
            .to(notice.to.to_mailbox()?)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(notice.body.clone())
            .map_err(|e| MailError::Message(e.to_string()))
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, notice: &Notice) -> Result<(), MailError> {
        let message = self.message(notice)?;
        match tokio::time::timeout(self.timeout, self.transport.send(message)).await {
            Ok(Ok(_response)) => Ok(()),
            Ok(Err(e)) => Err(MailError::Relay(e.to_string())),
            Err(_) => Err(MailError::Timeout(self.timeout)),
        }
    }

    fn is_enabled(&self) -> bool {
        true
    }
}
