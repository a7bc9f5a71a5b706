//! A notice: one plain-text e-mail to one recipient.

use thiserror::Error;

/// An e-mail address, checked when made, with an optional display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    email: String,
    name: Option<String>,
}

/// Why a text is not a usable e-mail address.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AddressError {
    #[error("{0:?} is not an e-mail address (expected user@domain)")]
    Malformed(String),
    #[error("a display name may not contain line breaks or angle brackets: {0:?}")]
    BadName(String),
}

impl Address {
    /// An address, checked with lettre's parser; `name` is shown before it.
    pub fn new(email: &str, name: Option<&str>) -> Result<Self, AddressError> {
        let email = email.trim();
        if email.parse::<lettre::Address>().is_err() {
            return Err(AddressError::Malformed(email.to_string()));
        }
        if let Some(name) = name {
            if name.contains(['\r', '\n', '<', '>']) {
                return Err(AddressError::BadName(name.to_string()));
            }
        }
        Ok(Address {
            email: email.to_string(),
            name: name.map(str::to_string),
        })
    }

    /// The bare address (`user@domain`).
    pub fn email(&self) -> &str {
        &self.email
    }

    /// The display name, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    pub(crate) fn to_mailbox(&self) -> Result<lettre::message::Mailbox, AddressError> {
        let email = self
            .email
            .parse::<lettre::Address>()
            .map_err(|_| AddressError::Malformed(self.email.clone()))?;
        Ok(lettre::message::Mailbox::new(self.name.clone(), email))
    }
}

/// One message to one recipient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// Who receives it.
    pub to: Address,
    /// The subject line (one line; line breaks are replaced by spaces when sent).
    pub subject: String,
    /// The plain-text body.
    pub body: String,
}
