//! # standoff-mail
//!
//! E-mail notices for the standoff judge: deadline reminders, phase results and press
//! digests. This crate owns
//! - [`Notice`]: one message to one recipient (address, subject, plain-text body);
//! - the [`Mailer`] trait the server sends notices through, with two implementations:
//!   [`SmtpMailer`] (a relay through `lettre`: host, port, optional STARTTLS or implicit
//!   TLS, optional credentials, the From address) and [`DisabledMailer`] (no relay
//!   configured: notices are off and only logged at debug level);
//! - the message texts ([`texts`]), each built for one recipient from what that recipient
//!   may see;
//! - with the `loopback` feature, a minimal SMTP listener on 127.0.0.1 for tests
//!   ([`loopback`]).
//!
//! The server decides who gets which notice and when; this crate only words and sends.

mod mailer;
mod notice;
mod smtp;
pub mod texts;

#[cfg(feature = "loopback")]
pub mod loopback;

pub use mailer::{DisabledMailer, MailError, Mailer};
pub use notice::{Address, AddressError, Notice};
pub use smtp::{SmtpMailer, SmtpSecurity, SmtpSettings};
