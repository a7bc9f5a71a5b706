//! The exception hierarchy and the `OrderWarning` category.
//!
//! ```text
//! ValueError
//! └── StandoffError
//!     ├── InvalidOrderError        an order that cannot be read
//!     │   └── AmbiguousOrderError  a misspelled name that could be several spaces
//!     ├── IllegalOrderError        a readable order the rules do not allow here
//!     └── InvalidStateError        a position, state dict or saved game that is wrong
//! UserWarning
//! └── OrderWarning                 orders left out by Game.set_orders / process
//! ```

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use std::ffi::CString;

pyo3::create_exception!(
    standoff,
    StandoffError,
    PyValueError,
    "Base class of every error standoff raises (a ValueError)."
);
pyo3::create_exception!(
    standoff,
    InvalidOrderError,
    StandoffError,
    "An order that cannot be read: bad syntax, or a name that is no space or power."
);
pyo3::create_exception!(
    standoff,
    AmbiguousOrderError,
    InvalidOrderError,
    "An order with a misspelled name that is close to several spaces."
);
pyo3::create_exception!(
    standoff,
    IllegalOrderError,
    StandoffError,
    "A readable order that the rules do not allow in this position and phase."
);
pyo3::create_exception!(
    standoff,
    InvalidStateError,
    StandoffError,
    "A position, state dict or saved game that cannot be read."
);
pyo3::create_exception!(
    standoff,
    OrderWarning,
    PyUserWarning,
    "Issued when orders given to a Game are left out (unreadable or illegal)."
);

/// A `StandoffError` with `msg`.
pub fn standoff_err(msg: impl Into<String>) -> PyErr {
    StandoffError::new_err(msg.into())
}

/// An `InvalidStateError` with `msg`.
pub fn state_err(msg: impl Into<String>) -> PyErr {
    InvalidStateError::new_err(msg.into())
}

/// Issues an `OrderWarning`.
pub fn warn_orders(py: Python<'_>, msg: &str) -> PyResult<()> {
    let text = CString::new(msg.replace('\0', " ")).unwrap_or_default();
    let category = py.get_type::<OrderWarning>();
    PyErr::warn(py, category.as_any(), &text, 2)
}

/// Sets attributes on an exception instance (best effort: the error is still raised if
/// an attribute cannot be set).
pub fn with_attrs(py: Python<'_>, err: PyErr, attrs: &[(&str, Option<&str>)]) -> PyErr {
    let value = err.value(py);
    for (name, v) in attrs {
        let _ = value.setattr(*name, *v);
    }
    err
}
